/*
 * handrank solver blocks: range-against-range showdown values and all-in
 * equity matrices of hold'em, over the fixed enumeration of the 1,326 hands.
 *
 * Hands.  Hand h is the pair of card codes (lo, hi), lo < hi, at colex index
 * h = hi * (hi - 1) / 2 + lo (handrank.HANDS lists them in this order).
 *
 * River (5 board cards).  Without a flush a hand's strength depends on its
 * two ranks only, so hr_sv_prepare cuts the 1,326 hands into 91 blocks, one
 * per rank pair (16 hands, 6 for a pair), values each block that holds live
 * hands once (one hash lookup), values the hands that make a flush one by
 * one, and sorts these items by strength (radix).  hr_sv_sweep then gives,
 * for one reach vector r, every hand's net showdown value
 *     v[i] = sum over hands j compatible with i and the board of
 *            r[j] * (+1 if i beats j, 0 on a tie, -1 if j beats i)
 * in one pass up the sorted items, keeping the total reach of the weaker
 * hands and, per card, of those holding it (the blockers), so that the
 * hands sharing a card with i = (a, b) are removed exactly (no hand holds
 * both a and b but i itself).  A block's hands are 4 rows of 4 neighbours
 * in HANDS order, its blocker sums two runs of 4 cards: it is read, summed
 * and written a row at a time, two doubles per instruction.
 *
 * Turn and flop (4 or 3 cards).  The all-in value averages the river value
 * over every runout: two compatible hands off the board see the same number
 * of runouts (44 on a turn, 990 on a flop), so the average over pairs is the
 * sum of the runouts' river values divided by that number.
 *
 * Matrices.  The river matrix holds sign(s_i - s_j) for every pair, a clash
 * marker where the hands share a card or meet the board.  The turn and flop
 * matrices add those signs over the runouts in int16 tiles of rows (each
 * tile stays in cache while every runout passes over it); a hand that meets
 * the runout counts as beaten by every live hand, which adds the same
 * constant (2 on a turn, 91 on a flop) to every compatible pair, taken off
 * at the end.
 *
 * Nothing here allocates in a loop or touches Python; the callers check
 * boards with hr_sv_check_boards first and pass the high rule set.
 */
#ifndef HANDRANK_HR_SOLVER_H
#define HANDRANK_HR_SOLVER_H

#include <stdlib.h>
#include <string.h>
#include "hr_core.h"
#include "hr_rows.h"     /* hr_team */
#include "hr_value.h"    /* hr_value, hr_vctx_t, hr_standard */

/* OpenMP directives only where the build has OpenMP (a serial build must
 * not see unknown pragmas). */
#ifdef _OPENMP
#define HR_SV_OMP(x) HR_OMP(x)
#else
#define HR_SV_OMP(x)
#endif

#define HR_SV_HANDS 1326
#define HR_SV_BLOCKS 91            /* rank pairs */
#define HR_SV_ITEMS (HR_SV_BLOCKS + HR_SV_HANDS)
#define HR_SV_MAX_RUNOUTS 1176     /* C(49, 2): the runouts of a flop */
#define HR_SV_TILE 32              /* matrix rows per tile */

/* Pairs of doubles: SSE2 (or its like) where the compiler has vector
 * extensions, two scalars elsewhere. */
#if defined(__GNUC__) || defined(__clang__)
typedef double hr_d2 __attribute__((vector_size(16)));
typedef uint64_t hr_u2 __attribute__((vector_size(16)));
HR_INLINE hr_d2 hr_d2_ld(const double *p) { hr_d2 v; memcpy(&v, p, sizeof v); return v; }
HR_INLINE void hr_d2_st(double *p, hr_d2 v) { memcpy(p, &v, sizeof v); }
HR_INLINE hr_d2 hr_d2_add(hr_d2 a, hr_d2 b) { return a + b; }
HR_INLINE hr_d2 hr_d2_sub(hr_d2 a, hr_d2 b) { return a - b; }
HR_INLINE hr_d2 hr_d2_and(hr_d2 a, hr_u2 m) { return (hr_d2)((hr_u2)a & m); }
HR_INLINE hr_d2 hr_d2_set(double x, double y) { hr_d2 v = {x, y}; return v; }
HR_INLINE double hr_d2_0(hr_d2 v) { return v[0]; }
HR_INLINE double hr_d2_1(hr_d2 v) { return v[1]; }
#else
typedef struct { double x, y; } hr_d2;
typedef struct { uint64_t x, y; } hr_u2;
HR_INLINE hr_d2 hr_d2_set(double x, double y) { hr_d2 v; v.x = x; v.y = y; return v; }
HR_INLINE hr_d2 hr_d2_ld(const double *p) { return hr_d2_set(p[0], p[1]); }
HR_INLINE void hr_d2_st(double *p, hr_d2 v) { p[0] = v.x; p[1] = v.y; }
HR_INLINE hr_d2 hr_d2_add(hr_d2 a, hr_d2 b) { return hr_d2_set(a.x + b.x, a.y + b.y); }
HR_INLINE hr_d2 hr_d2_sub(hr_d2 a, hr_d2 b) { return hr_d2_set(a.x - b.x, a.y - b.y); }
HR_INLINE hr_d2 hr_d2_and(hr_d2 a, hr_u2 m)
{
    uint64_t u[2];
    memcpy(u, &a, sizeof u);
    u[0] &= m.x;
    u[1] &= m.y;
    memcpy(&a, u, sizeof u);
    return a;
}
HR_INLINE double hr_d2_0(hr_d2 v) { return v.x; }
HR_INLINE double hr_d2_1(hr_d2 v) { return v.y; }
#endif

/* nibble n -> lanes (suits 0, 1) and (2, 3): all ones where n has the bit */
static hr_u2 hr_sv_keep[16][2];

HR_INLINE void hr_sv_init_keep(void)
{
    for (int n = 0; n < 16; n++)
        for (int h = 0; h < 2; h++) {
            uint64_t u[2] = {(n >> (2 * h) & 1) ? ~0ULL : 0, (n >> (2 * h + 1) & 1) ? ~0ULL : 0};
            memcpy(&hr_sv_keep[n][h], u, sizeof u);
        }
}

static uint8_t hr_sv_card[HR_SV_HANDS][2];   /* hand -> (lo, hi) codes */
static uint64_t hr_sv_mask[HR_SV_HANDS];     /* hand -> bit c for each card code c */
/* Blocks.  Block id = r1 * (r1 + 1) / 2 + r2 (ranks r1 >= r2) holds the
 * hands (4 r1 + s1, 4 r2 + s2) of that rank pair: all 16 suit pairs when
 * r1 > r2, the 6 with s2 < s1 for a pair.  Bit 4 s1 + s2 of a block mask
 * stands for the hand of suits (s1, s2).  In HANDS order the four hands of
 * a block with r1 > r2 and one s1 are neighbours, from
 * hr_sv_row[4 r1 + s1] + 4 r2 on. */
static uint8_t hr_sv_b1[HR_SV_BLOCKS], hr_sv_b2[HR_SV_BLOCKS];   /* block -> r1, r2 */
static uint16_t hr_sv_row[HR_NCARDS];        /* hi -> hi * (hi - 1) / 2 */
static uint16_t hr_sv_rows16[16];            /* suits n -> 0xf in row s of each s in n */
#define HR_SV_PAIR_MASK 0x7310               /* the bits s2 < s1 */

HR_INLINE int hr_sv_hand(int a, int b)
{
    return a < b ? b * (b - 1) / 2 + a : a * (a - 1) / 2 + b;
}

HR_INLINE int hr_sv_rp(int r1, int r2)
{
    return r1 >= r2 ? r1 * (r1 + 1) / 2 + r2 : r2 * (r2 + 1) / 2 + r1;
}

static void hr_sv_init(void)
{
    int h = 0;
    for (int hi = 1; hi < HR_NCARDS; hi++)
        for (int lo = 0; lo < hi; lo++, h++) {
            hr_sv_card[h][0] = (uint8_t)lo;
            hr_sv_card[h][1] = (uint8_t)hi;
            hr_sv_mask[h] = (1ULL << lo) | (1ULL << hi);
        }
    for (int c = 0; c < HR_NCARDS; c++) hr_sv_row[c] = (uint16_t)(c * (c - 1) / 2);
    for (int r1 = 0; r1 < HR_NRANKS; r1++)
        for (int r2 = 0; r2 <= r1; r2++) {
            hr_sv_b1[hr_sv_rp(r1, r2)] = (uint8_t)r1;
            hr_sv_b2[hr_sv_rp(r1, r2)] = (uint8_t)r2;
        }
    for (int n = 0; n < 16; n++) {
        hr_sv_rows16[n] = 0;
        for (int s = 0; s < 4; s++) {
            if (n >> s & 1) hr_sv_rows16[n] |= (uint16_t)(0xf << (4 * s));
        }
    }
    hr_sv_init_keep();
}

/* The first bad board among rows [lo, hi) of n x nb codes (a code that is no
 * card of the 52-card deck, a repeated card), or -1. */
static int64_t hr_sv_check_boards(const uint8_t *boards, int nb, int64_t lo, int64_t hi)
{
    for (int64_t b = lo; b < hi; b++) {
        uint64_t seen = 0;
        for (int k = 0; k < nb; k++) {
            const int c = boards[b * nb + k];
            if (c >= HR_NCARDS || (seen >> c & 1)) return b;
            seen |= 1ULL << c;
        }
    }
    return -1;
}

/* One river board: its items (the blocks that hold live hands making no
 * flush, all of one strength, and each live hand that makes a flush, a
 * "single") sorted by strength, in groups of equal strength. */
typedef struct {
    int n;                          /* items */
    int ng;                         /* groups of equal strength */
    int ns;                         /* singles */
    uint16_t it[HR_SV_ITEMS];       /* the items, weakest first: block id, or
                                       HR_SV_BLOCKS + single */
    int16_t str[HR_SV_ITEMS];       /* their strengths */
    uint16_t gs[HR_SV_ITEMS + 1];   /* group g is items [gs[g], gs[g + 1]) */
    uint16_t m[HR_SV_BLOCKS];       /* each block's live hands without a flush */
    uint8_t sa[HR_SV_HANDS];        /* each single's cards, sa < sb */
    uint8_t sb[HR_SV_HANDS];
    uint16_t sh[HR_SV_HANDS];       /* and its hand */
} hr_sv_board_t;

/* The summed card entries of some cards, suit counters pre-set. */
HR_INLINE hr_v2 hr_sv_sum(const uint8_t *cards, int n)
{
    const hr_v2 *E = hr_standard.next;
    hr_v2 acc = {0, HR_SUIT_INIT};
    for (int k = 0; k < n; k++) acc = HR_V2_ADD(acc, E[cards[k]]);
    return acc;
}

/* Sort n items (key 0..8191, payload) by key: stable LSD radix, 7 then 6
 * bits, into out. */
static void hr_sv_radix(const int16_t *key, const uint16_t *pay, int n, uint16_t *opay,
                        int16_t *okey)
{
    uint16_t tp[HR_SV_ITEMS];
    int16_t tk[HR_SV_ITEMS];
    int cnt[128];
    memset(cnt, 0, sizeof(cnt));
    for (int i = 0; i < n; i++) cnt[key[i] & 127]++;
    for (int i = 0, t = 0; i < 128; i++) {
        const int x = cnt[i];
        cnt[i] = t;
        t += x;
    }
    for (int i = 0; i < n; i++) {
        const int p = cnt[key[i] & 127]++;
        tp[p] = pay[i];
        tk[p] = key[i];
    }
    memset(cnt, 0, 64 * sizeof(int));
    for (int i = 0; i < n; i++) cnt[(tk[i] >> 7) & 63]++;
    for (int i = 0, t = 0; i < 64; i++) {
        const int x = cnt[i];
        cnt[i] = t;
        t += x;
    }
    for (int i = 0; i < n; i++) {
        const int p = cnt[(tk[i] >> 7) & 63]++;
        opay[p] = tp[i];
        okey[p] = tk[i];
    }
}

/* Value and sort the live hands of a river board (given by its summed
 * entries) into P.  Without a flush a hand's strength depends on its two
 * ranks only, so each block with live hands is valued once (one hash
 * lookup); a board with three or more cards of a suit takes the hands that
 * make a flush out of the blocks and values them one by one (how many
 * cards of that suit a hand needs follows from the board's count), exactly
 * as hr_value would.  c values high hands without wild cards. */
static void hr_sv_prepare(const hr_vctx_t *c, hr_v2 board, hr_sv_board_t *P)
{
    const hr_v2 *E = hr_standard.next;
    const uint64_t bm = HR_V2_LO(board), bkey = HR_V2_HI(board);
    int16_t key[HR_SV_ITEMS], okey[HR_SV_ITEMS];
    uint16_t pay[HR_SV_ITEMS];
    int dead[HR_NRANKS], m = 0, ns = 0;
    memset(dead, 0, sizeof(dead));
    for (int s = 0; s < 4; s++)
        for (uint64_t x = (bm >> (16 * s)) & HR_LANE; x; x &= x - 1) dead[hr_ctz64(x)] |= 1 << s;
    /* the hands that make a flush need 5 - k cards of a suit the board has k >= 3 of */
    unsigned nofl = 0xffff;
    const uint64_t suits = (bkey - HR_SUIT_INIT) >> 32;   /* 4-bit counts per suit */
    for (int st = 0; st < 4; st++) {
        const int k = (int)(suits >> (4 * st)) & 15;
        if (k == 3) nofl = 0xffffu & ~(1u << (5 * st));
        else if (k == 4) nofl = 0xffffu & ~(hr_sv_rows16[1 << st] | (0x1111u << st));
        else if (k >= 5) nofl = 0;
    }
    for (int id = 0; id < HR_SV_BLOCKS; id++) {
        const int r1 = hr_sv_b1[id], r2 = hr_sv_b2[id];
        unsigned live = hr_sv_rows16[~dead[r1] & 15] & ((~dead[r2] & 15) * 0x1111u);
        if (r1 == r2) live &= HR_SV_PAIR_MASK;
        const unsigned mb = live & nofl;
        P->m[id] = (uint16_t)mb;
        if (mb) {
            const uint64_t k = (uint32_t)(bkey + hr_rank_mult[r1] + hr_rank_mult[r2]) |
                               HR_SUIT_INIT;
            key[m] = (int16_t)hr_value(c, 0, k, 7, HR_MODE_BEST, 0, 0);
            pay[m++] = (uint16_t)id;
        }
        for (unsigned f = live & ~nofl; f; f &= f - 1) {
            const int bit = hr_ctz64(f), a = 4 * r2 + (bit & 3), b = 4 * r1 + (bit >> 2);
            const hr_v2 x = HR_V2_ADD(board, HR_V2_ADD(E[a], E[b]));
            P->sa[ns] = (uint8_t)a;
            P->sb[ns] = (uint8_t)b;
            P->sh[ns] = (uint16_t)(hr_sv_row[b] + a);
            key[m] = (int16_t)hr_value(c, HR_V2_LO(x), HR_V2_HI(x), 7, HR_MODE_BEST, 0, 0);
            pay[m++] = (uint16_t)(HR_SV_BLOCKS + ns++);
        }
    }
    hr_sv_radix(key, pay, m, P->it, okey);
    int g = 0;
    for (int i = 0; i < m; i++) {
        P->str[i] = okey[i];
        if (!i || okey[i] != okey[i - 1]) P->gs[g++] = (uint16_t)i;
    }
    P->gs[g] = (uint16_t)m;
    P->n = m;
    P->ng = g;
    P->ns = ns;
}

/* Strengths of the 1,326 hands (-1 for a hand that meets the board), from
 * a prepared board. */
static void hr_sv_strengths_of(const hr_sv_board_t *P, int16_t *s)
{
    for (int h = 0; h < HR_SV_HANDS; h++) s[h] = -1;
    for (int i = 0; i < P->n; i++) {
        const int it = P->it[i];
        if (it >= HR_SV_BLOCKS) {
            s[P->sh[it - HR_SV_BLOCKS]] = P->str[i];
            continue;
        }
        const int r1 = hr_sv_b1[it], r2 = hr_sv_b2[it];
        for (unsigned f = P->m[it]; f; f &= f - 1) {
            const int bit = hr_ctz64(f);
            s[hr_sv_row[4 * r1 + (bit >> 2)] + 4 * r2 + (bit & 3)] = P->str[i];
        }
    }
}

/* Strengths of the 1,326 hands (-1 for a hand that meets the board). */
static void hr_sv_strengths(const hr_vctx_t *c, hr_v2 board, int16_t *s)
{
    hr_sv_board_t P;
    hr_sv_prepare(c, board, &P);
    hr_sv_strengths_of(&P, s);
}

/* Add the live weights of block x (mask mb) of reach r to the per-card
 * sums cs; returns their total. */
HR_INLINE double hr_sv_block_add(const double *r, int x, unsigned mb, double *cs)
{
    const int r1 = hr_sv_b1[x], r2 = hr_sv_b2[x];
    double *A = cs + 4 * r1, *B = cs + 4 * r2;
    if (r1 != r2) {
        const double *p = r + 4 * r2;
        hr_d2 q[4], c0, c1;
        for (int s1 = 0; s1 < 4; s1++) {
            const double *row = p + hr_sv_row[4 * r1 + s1];
            const hr_u2 *k = hr_sv_keep[(mb >> (4 * s1)) & 15];
            const hr_d2 w0 = hr_d2_and(hr_d2_ld(row), k[0]);
            const hr_d2 w1 = hr_d2_and(hr_d2_ld(row + 2), k[1]);
            c0 = s1 ? hr_d2_add(c0, w0) : w0;
            c1 = s1 ? hr_d2_add(c1, w1) : w1;
            q[s1] = hr_d2_add(w0, w1);
        }
        const hr_d2 r01 = hr_d2_add(hr_d2_set(hr_d2_0(q[0]), hr_d2_0(q[1])),
                                    hr_d2_set(hr_d2_1(q[0]), hr_d2_1(q[1])));
        const hr_d2 r23 = hr_d2_add(hr_d2_set(hr_d2_0(q[2]), hr_d2_0(q[3])),
                                    hr_d2_set(hr_d2_1(q[2]), hr_d2_1(q[3])));
        hr_d2_st(A, hr_d2_add(hr_d2_ld(A), r01));
        hr_d2_st(A + 2, hr_d2_add(hr_d2_ld(A + 2), r23));
        hr_d2_st(B, hr_d2_add(hr_d2_ld(B), c0));
        hr_d2_st(B + 2, hr_d2_add(hr_d2_ld(B + 2), c1));
        const hr_d2 t = hr_d2_add(r01, r23);
        return hr_d2_0(t) + hr_d2_1(t);
    }
    /* a pair: the hands (4 r1 + s1, 4 r1 + s2), s2 < s1 */
    double sum[4] = {0, 0, 0, 0}, t = 0;
    for (int s1 = 1; s1 < 4; s1++) {
        const double *row = r + hr_sv_row[4 * r1 + s1] + 4 * r1;
        for (int s2 = 0; s2 < s1; s2++) {
            const double w = (mb >> (4 * s1 + s2) & 1) ? row[s2] : 0.0;
            sum[s1] += w;
            sum[s2] += w;
            t += w;
        }
    }
    for (int s = 0; s < 4; s++) A[s] += sum[s];
    return t;
}

/* Ask for reach vector r and output vector o ahead of their sweep: the
 * sweep reads and writes them in block order, which the hardware
 * prefetchers do not foresee. */
HR_INLINE void hr_sv_prefetch(const double *r, double *o)
{
#if defined(__GNUC__) || defined(__clang__)
    for (int k = 0; k < HR_SV_HANDS; k += 8) {
        __builtin_prefetch(r + k, 0, 3);
        __builtin_prefetch(o + k, 1, 3);
    }
#else
    (void)r;
    (void)o;
#endif
}

/* The net showdown values of every hand against reach r on the board of P:
 * out[h] = v (ADD = 0; dead hands get 0) or out[h] += v (ADD = 1).
 *
 * One pass up the groups keeps T, the total live reach below, and cs[c],
 * the part of it held by card c.  For hand i = (a, b) let
 *     before = T - cs[a] - cs[b]  as its group starts (the reach it beats),
 *     after  = the same once its group is added (beaten + tied - r[i]),
 * and, at the end, compat = Tf - csf[a] - csf[b] + r[i] (all it can meet).
 * Then loss = compat - beaten - tied and
 *     v = beaten - loss = before + after - (Tf - csf[a] - csf[b]),
 * so the pass stores, per item, before's and after's T and card sums added
 * (for a block: one T and 4 + 4 card sums serve its 16 hands), and the
 * values come out at the end, a block row (4 neighbouring hands) at a
 * time. */
HR_INLINE void hr_sv_sweep(const hr_sv_board_t *P, const double *r, double *out, const int ADD)
{
    double cs[HR_NCARDS], bt[HR_SV_BLOCKS], ba[HR_SV_BLOCKS][4], bb[HR_SV_BLOCKS][4];
    double st[HR_SV_HANDS], sa[HR_SV_HANDS], sb[HR_SV_HANDS];
    const int ng = P->ng;
    const uint16_t *gs = P->gs, *it = P->it;
    double T = 0;
    memset(cs, 0, sizeof(cs));
    for (int g = 0; g < ng; g++) {
        const int s0 = gs[g], e = gs[g + 1];
        if (e == s0 + 1) {
            const int x = it[s0];
            if (x < HR_SV_BLOCKS) {
                double *A = cs + 4 * hr_sv_b1[x], *B = cs + 4 * hr_sv_b2[x];
                const hr_d2 a0 = hr_d2_ld(A), a1 = hr_d2_ld(A + 2);
                const hr_d2 b0 = hr_d2_ld(B), b1 = hr_d2_ld(B + 2);
                const double T0 = T;
                T += hr_sv_block_add(r, x, P->m[x], cs);
                bt[x] = T0 + T;
                hr_d2_st(ba[x], hr_d2_add(a0, hr_d2_ld(A)));
                hr_d2_st(ba[x] + 2, hr_d2_add(a1, hr_d2_ld(A + 2)));
                hr_d2_st(bb[x], hr_d2_add(b0, hr_d2_ld(B)));
                hr_d2_st(bb[x] + 2, hr_d2_add(b1, hr_d2_ld(B + 2)));
            } else {
                const int j = x - HR_SV_BLOCKS, a = P->sa[j], b = P->sb[j];
                const double w = r[P->sh[j]];
                st[j] = 2 * T + w;
                sa[j] = 2 * cs[a] + w;
                sb[j] = 2 * cs[b] + w;
                T += w;
                cs[a] += w;
                cs[b] += w;
            }
            continue;
        }
        for (int k = s0; k < e; k++) {
            const int x = it[k];
            if (x < HR_SV_BLOCKS) {
                memcpy(ba[x], cs + 4 * hr_sv_b1[x], sizeof(ba[x]));
                memcpy(bb[x], cs + 4 * hr_sv_b2[x], sizeof(bb[x]));
                bt[x] = T;
            } else {
                const int j = x - HR_SV_BLOCKS;
                st[j] = T;
                sa[j] = cs[P->sa[j]];
                sb[j] = cs[P->sb[j]];
            }
        }
        for (int k = s0; k < e; k++) {
            const int x = it[k];
            if (x < HR_SV_BLOCKS) {
                T += hr_sv_block_add(r, x, P->m[x], cs);
            } else {
                const int j = x - HR_SV_BLOCKS;
                const double w = r[P->sh[j]];
                T += w;
                cs[P->sa[j]] += w;
                cs[P->sb[j]] += w;
            }
        }
        for (int k = s0; k < e; k++) {
            const int x = it[k];
            if (x < HR_SV_BLOCKS) {
                const double *A = cs + 4 * hr_sv_b1[x], *B = cs + 4 * hr_sv_b2[x];
                bt[x] += T;
                for (int s = 0; s < 4; s++) {
                    ba[x][s] += A[s];
                    bb[x][s] += B[s];
                }
            } else {
                const int j = x - HR_SV_BLOCKS;
                st[j] += T;
                sa[j] += cs[P->sa[j]];
                sb[j] += cs[P->sb[j]];
            }
        }
    }
    for (int x = 0; x < HR_SV_BLOCKS; x++) {
        const unsigned mb = P->m[x];
        const int r1 = hr_sv_b1[x], r2 = hr_sv_b2[x];
        if (r1 == r2) {
            /* a pair: 6 hands, one by one */
            for (int s1 = 1; s1 < 4; s1++) {
                double *o = out + hr_sv_row[4 * r1 + s1] + 4 * r1;
                for (int s2 = 0; s2 < s1; s2++) {
                    const double v = (mb >> (4 * s1 + s2) & 1)
                        ? (bt[x] - T) - (ba[x][s1] - cs[4 * r1 + s1]) - (bb[x][s2] - cs[4 * r2 + s2])
                        : 0.0;
                    o[s2] = ADD ? o[s2] + v : v;
                }
            }
            continue;
        }
        double *o = out + 4 * r2;
        if (!mb) {
            if (!ADD)
                for (int s1 = 0; s1 < 4; s1++) memset(o + hr_sv_row[4 * r1 + s1], 0, 4 * sizeof(double));
            continue;
        }
        const hr_d2 d0 = hr_d2_sub(hr_d2_ld(bb[x]), hr_d2_ld(cs + 4 * r2));
        const hr_d2 d1 = hr_d2_sub(hr_d2_ld(bb[x] + 2), hr_d2_ld(cs + 4 * r2 + 2));
        const hr_d2 e0 = hr_d2_sub(hr_d2_ld(ba[x]), hr_d2_ld(cs + 4 * r1));
        const hr_d2 e1 = hr_d2_sub(hr_d2_ld(ba[x] + 2), hr_d2_ld(cs + 4 * r1 + 2));
        const double dt = bt[x] - T;
        const double al[4] = {dt - hr_d2_0(e0), dt - hr_d2_1(e0), dt - hr_d2_0(e1),
                              dt - hr_d2_1(e1)};
        for (int s1 = 0; s1 < 4; s1++) {
            double *row = o + hr_sv_row[4 * r1 + s1];
            const hr_u2 *k = hr_sv_keep[(mb >> (4 * s1)) & 15];
            const hr_d2 A = hr_d2_set(al[s1], al[s1]);
            hr_d2 v0 = hr_d2_and(hr_d2_sub(A, d0), k[0]);
            hr_d2 v1 = hr_d2_and(hr_d2_sub(A, d1), k[1]);
            if (ADD) {
                v0 = hr_d2_add(v0, hr_d2_ld(row));
                v1 = hr_d2_add(v1, hr_d2_ld(row + 2));
            }
            hr_d2_st(row, v0);
            hr_d2_st(row + 2, v1);
        }
    }
    for (int j = 0; j < P->ns; j++) {
        const double v = (st[j] - T) - (sa[j] - cs[P->sa[j]]) - (sb[j] - cs[P->sb[j]]);
        if (ADD) out[P->sh[j]] += v;
        else out[P->sh[j]] = v;
    }
}

/* The runouts of a board of nb cards (3, 4 or 5) given as codes: each row of
 * `run` the 2 - (nb - 3) further cards (none for a river: one empty runout).
 * Returns how many. */
static int hr_sv_runouts(const uint8_t *board, int nb, uint8_t (*run)[2])
{
    uint64_t used = 0;
    int n = 0;
    for (int k = 0; k < nb; k++) used |= 1ULL << board[k];
    if (nb == 5) return 1;
    for (int t = 0; t < HR_NCARDS; t++) {
        if (used >> t & 1) continue;
        if (nb == 4) {
            run[n][0] = (uint8_t)t;
            run[n++][1] = 0;
            continue;
        }
        for (int u = t + 1; u < HR_NCARDS; u++)
            if (!(used >> u & 1)) {
                run[n][0] = (uint8_t)t;
                run[n++][1] = (uint8_t)u;
            }
    }
    return n;
}

/* Runouts two compatible live hands share: 1, 44 or 990. */
HR_INLINE double hr_sv_shared(int nb) { return nb == 5 ? 1.0 : nb == 4 ? 44.0 : 990.0; }

/* The summed entries of board + runout q. */
HR_INLINE hr_v2 hr_sv_river(hr_v2 base, int nb, const uint8_t (*run)[2], int q)
{
    const hr_v2 *E = hr_standard.next;
    if (nb == 5) return base;
    hr_v2 x = HR_V2_ADD(base, E[run[q][0]]);
    return nb == 3 ? HR_V2_ADD(x, E[run[q][1]]) : x;
}

/* Values of one board (nb cards) against NR reach vectors (NR x 1326) into
 * out (NR x 1326), on `team` threads.  Returns 0, or -1 if memory ran out. */
static int hr_sv_board_values(const hr_vctx_t *c, const uint8_t *board, int nb,
                              const double *reach, int64_t NR, double *out, int team)
{
    uint8_t run[HR_SV_MAX_RUNOUTS][2];
    const int nr = hr_sv_runouts(board, nb, run);
    const hr_v2 base = hr_sv_sum(board, nb);
    const double scale = 1.0 / hr_sv_shared(nb);
    int failed = 0;
    if (nb == 5) {
        hr_sv_board_t P;
        hr_sv_prefetch(reach, out);   /* arrives while the board is prepared */
        hr_sv_prepare(c, base, &P);
        int64_t r;
        (void)team;
#ifdef _OPENMP
        if (team > 1 && NR > 1) {
            HR_SV_OMP(parallel for schedule(dynamic, 16) num_threads(team))
            for (r = 0; r < NR; r++) {
                if (r + 1 < NR) hr_sv_prefetch(reach + (r + 1) * HR_SV_HANDS, out + (r + 1) * HR_SV_HANDS);
                hr_sv_sweep(&P, reach + r * HR_SV_HANDS, out + r * HR_SV_HANDS, 0);
            }
            return 0;
        }
#endif
        for (r = 0; r < NR; r++) {
            if (r + 1 < NR) hr_sv_prefetch(reach + (r + 1) * HR_SV_HANDS, out + (r + 1) * HR_SV_HANDS);
            hr_sv_sweep(&P, reach + r * HR_SV_HANDS, out + r * HR_SV_HANDS, 0);
        }
        return 0;
    }
    const size_t size = (size_t)NR * HR_SV_HANDS;
    memset(out, 0, size * sizeof(double));
#ifdef _OPENMP
    if (team > 1 && nr > 1) {
        HR_SV_OMP(parallel num_threads(team))
        {
            double *acc = (double *)calloc(size, sizeof(double));
            hr_sv_board_t *P = (hr_sv_board_t *)malloc(sizeof(hr_sv_board_t));
            int q;
            if (!acc || !P) failed = 1;   /* every writer writes 1 */
            /* every thread meets the work-sharing loop, even without buffers */
            HR_OMP(for schedule(dynamic, 4))
            for (q = 0; q < nr; q++) {
                if (!acc || !P) continue;
                hr_sv_prepare(c, hr_sv_river(base, nb, (const uint8_t(*)[2])run, q), P);
                for (int64_t r = 0; r < NR; r++)
                    hr_sv_sweep(P, reach + r * HR_SV_HANDS, acc + r * HR_SV_HANDS, 1);
            }
            if (acc && P) {
                HR_OMP(critical(hr_sv_reduce))
                for (size_t i = 0; i < size; i++) out[i] += acc[i];
            }
            free(acc);
            free(P);
        }
    } else
#endif
    {
        hr_sv_board_t *P = (hr_sv_board_t *)malloc(sizeof(hr_sv_board_t));
        if (!P) return -1;
        for (int q = 0; q < nr; q++) {
            hr_sv_prepare(c, hr_sv_river(base, nb, (const uint8_t(*)[2])run, q), P);
            for (int64_t r = 0; r < NR; r++)
                hr_sv_sweep(P, reach + r * HR_SV_HANDS, out + r * HR_SV_HANDS, 1);
        }
        free(P);
    }
    (void)team;
    if (failed) return -1;
    for (size_t i = 0; i < size; i++) out[i] *= scale;
    return 0;
}

/* Boards [lo, hi) of B boards of nb cards, each with its own NR reach
 * vectors: reach and out are B x NR x 1326.  Returns 0 or -1 (memory). */
static int hr_sv_values(const hr_rule_t *R, const uint8_t *boards, int nb, int64_t lo,
                        int64_t hi, const double *reach, int64_t NR, double *out, int team)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    const int64_t per = NR * HR_SV_HANDS;
    int failed = 0;
    int64_t b;
    hr_vctx_init(&c, wc, R, &hr_standard);
#ifdef _OPENMP
    if (team > 1 && hi - lo >= 2 * team) {
        HR_SV_OMP(parallel for schedule(dynamic, 1) num_threads(team))
        for (b = lo; b < hi; b++)
            if (hr_sv_board_values(&c, boards + b * nb, nb, reach + b * per, NR, out + b * per, 1))
                failed = 1;
        return failed ? -1 : 0;
    }
#endif
    for (b = lo; b < hi; b++)
        if (hr_sv_board_values(&c, boards + b * nb, nb, reach + b * per, NR, out + b * per, team))
            failed = 1;
    return failed ? -1 : 0;
}

/* Strengths (nr x 1326, -1 for dead hands) of the runouts of a board of nb
 * cards, the runouts listed in `run` (nr x 2).  Returns nr. */
static int hr_sv_runout_strengths(const hr_rule_t *R, const uint8_t *board, int nb,
                                  int16_t *s, uint8_t *run, int team)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    uint8_t (*ro)[2] = (uint8_t(*)[2])run;
    const int nr = hr_sv_runouts(board, nb, ro);
    const hr_v2 base = hr_sv_sum(board, nb);
    int q;
    hr_vctx_init(&c, wc, R, &hr_standard);
    (void)team;
    HR_SV_OMP(parallel for schedule(dynamic, 8) num_threads(team) if(team > 1))
    for (q = 0; q < nr; q++)
        hr_sv_strengths(&c, hr_sv_river(base, nb, (const uint8_t(*)[2])ro, q),
                        s + (size_t)q * HR_SV_HANDS);
    return nr;
}

/* Rows [r0, r1) of the river matrix of strengths s (one runout, nr = 1) into
 * out8 (int8), or of the turn/flop matrix from the strengths of its nr
 * runouts into outf (double): expected sign, `clash` where a hand meets the
 * board or the other hand.  board_mask has bit c for each board code c.
 * Returns 0 or -1 (memory). */
static int hr_sv_matrix_rows(const int16_t *s, int nr, int nb, uint64_t board_mask, int r0,
                             int r1, int8_t *out8, int8_t clash8, double *outf, double clashf,
                             int team)
{
    const int N = HR_SV_HANDS;
    if (nb == 5) {
        int i;
        (void)team;
        HR_SV_OMP(parallel for schedule(dynamic, 16) num_threads(team) if(team > 1))
        for (i = r0; i < r1; i++) {
            int8_t *row = out8 + (size_t)(i - r0) * N;
            const int16_t si = s[i];
            if (si < 0) {
                memset(row, (uint8_t)clash8, N);
                continue;
            }
            for (int j = 0; j < N; j++) {
                const int16_t sj = s[j];
                const int8_t v = (int8_t)((si > sj) - (si < sj));
                row[j] = sj < 0 ? clash8 : v;
            }
            const int a = hr_sv_card[i][0], b = hr_sv_card[i][1];
            for (int x = 0; x < HR_NCARDS; x++) {
                if (x != a) row[hr_sv_hand(a, x)] = clash8;
                if (x != b) row[hr_sv_hand(b, x)] = clash8;
            }
            row[i] = clash8;
        }
        return 0;
    }
    const int K = nb == 4 ? 2 : 91;
    const double scale = 1.0 / hr_sv_shared(nb);
    const int ntiles = (r1 - r0 + HR_SV_TILE - 1) / HR_SV_TILE;
    int failed = 0, t;
    (void)team;
    HR_SV_OMP(parallel for schedule(dynamic, 1) num_threads(team) if(team > 1))
    for (t = 0; t < ntiles; t++) {
        const int i0 = r0 + t * HR_SV_TILE, i1 = i0 + HR_SV_TILE < r1 ? i0 + HR_SV_TILE : r1;
        int16_t *acc = (int16_t *)calloc((size_t)HR_SV_TILE * N, sizeof(int16_t));
        if (!acc) {
            failed = 1;
            continue;
        }
        for (int q = 0; q < nr; q++) {
            const int16_t *sq = s + (size_t)q * N;
            for (int i = i0; i < i1; i++) {
                const int16_t si = sq[i];
                if (si < 0) continue;
                int16_t *ai = acc + (size_t)(i - i0) * N;
                for (int j = 0; j < N; j++) ai[j] += (int16_t)((si > sq[j]) - (si < sq[j]));
            }
        }
        for (int i = i0; i < i1; i++) {
            double *row = outf + (size_t)(i - r0) * N;
            const int16_t *ai = acc + (size_t)(i - i0) * N;
            const uint64_t mi = hr_sv_mask[i];
            if (mi & board_mask) {
                for (int j = 0; j < N; j++) row[j] = clashf;
                continue;
            }
            for (int j = 0; j < N; j++)
                row[j] = (hr_sv_mask[j] & (board_mask | mi)) ? clashf : (ai[j] - K) * scale;
        }
        free(acc);
    }
    return failed ? -1 : 0;
}

#endif /* HANDRANK_HR_SOLVER_H */
