/*
 * handrank solver blocks, the river: the 1,326 hold'em hands, a river
 * board's hands sorted by strength, and the sweep that values them against
 * one reach vector (hr_solver.h builds the turn, the flop and the matrices
 * on it).
 *
 * Hands.  Hand h is the pair of card codes (lo, hi), lo < hi, at colex index
 * h = hi * (hi - 1) / 2 + lo (handrank.HANDS lists them in this order).
 *
 * River (5 board cards).  Without a flush a hand's strength depends on its
 * two ranks only, so hr_sv_prepare cuts the 1,326 hands into 91 blocks, one
 * per rank pair (16 hands, 6 for a pair), values each block that holds live
 * hands once (one hash lookup), values the hands that make a flush one by
 * one, and sorts these items by strength.  hr_sv_sweep then gives,
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
 * Nothing here allocates or touches Python; the callers check boards with
 * hr_sv_check_boards first and pass the high rule set.
 */
#ifndef HANDRANK_HR_SV_RIVER_H
#define HANDRANK_HR_SV_RIVER_H

#include <string.h>
#include "../base/hr_core.h"
#include "../evaluation/hr_value.h"    /* hr_value, hr_vctx_t */

#define HR_SV_HANDS 1326
#define HR_SV_BLOCKS 91            /* rank pairs */
#define HR_SV_ITEMS (HR_SV_BLOCKS + HR_SV_HANDS)

/* Pairs of doubles: SSE2 (or its like) where the compiler has vector
 * extensions, two scalars elsewhere (or with HR_SV_SCALAR defined, which
 * tests the fallback). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(HR_SV_SCALAR)
typedef double hr_d2 __attribute__((vector_size(16)));
typedef uint64_t hr_u2 __attribute__((vector_size(16)));
HR_INLINE hr_d2 hr_d2_ld(const double *p) { hr_d2 v; memcpy(&v, p, sizeof v); return v; }
HR_INLINE void hr_d2_st(double *p, hr_d2 v) { memcpy(p, &v, sizeof v); }
HR_INLINE hr_d2 hr_d2_add(hr_d2 a, hr_d2 b) { return a + b; }
HR_INLINE hr_d2 hr_d2_sub(hr_d2 a, hr_d2 b) { return a - b; }
HR_INLINE hr_d2 hr_d2_mul(hr_d2 a, hr_d2 b) { return a * b; }
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
HR_INLINE hr_d2 hr_d2_mul(hr_d2 a, hr_d2 b) { return hr_d2_set(a.x * b.x, a.y * b.y); }
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

/* Sort n items (key 0..8191, payload) by key into opay, okey: each key
 * seen gets a bit in a two-level bitmap and a list of its items (a list
 * head is read only after its key's bit is set, so the heads need no
 * clearing); the bits are then read in order. */
static void hr_sv_sort(const int16_t *key, const uint16_t *pay, int n, uint16_t *opay,
                       int16_t *okey)
{
    uint64_t bits[128], top[2] = {0, 0};
    int16_t head[8192], next[HR_SV_ITEMS];
    for (int i = 0; i < n; i++) {
        const int k = key[i], w = k >> 6;
        const uint64_t bit = 1ULL << (k & 63);
        if (!(top[w >> 6] >> (w & 63) & 1)) {
            top[w >> 6] |= 1ULL << (w & 63);
            bits[w] = 0;
        }
        next[i] = (bits[w] & bit) ? head[k] : (int16_t)-1;
        bits[w] |= bit;
        head[k] = (int16_t)i;
    }
    int o = 0;
    for (int t = 0; t < 2; t++)
        for (uint64_t tw = top[t]; tw; tw &= tw - 1) {
            const int w = 64 * t + hr_ctz64(tw);
            for (uint64_t x = bits[w]; x; x &= x - 1) {
                const int k = 64 * w + hr_ctz64(x);
                for (int i = head[k]; i >= 0; i = next[i]) {
                    opay[o] = pay[i];
                    okey[o++] = (int16_t)k;
                }
            }
        }
}

/* The blocks that a board of given rank counts leaves hands in, sorted by
 * the strength of those hands without a flush, which depends on the ranks
 * alone: rk is the rank part of the board's key. */
typedef struct {
    int n;
    uint16_t id[HR_SV_BLOCKS];
    int16_t key[HR_SV_BLOCKS];
} hr_sv_order_t;

static void hr_sv_order(const hr_vctx_t *c, uint32_t rk, const int *cnt, hr_sv_order_t *O)
{
    int16_t key[HR_SV_BLOCKS];
    uint16_t pay[HR_SV_BLOCKS];
    int n = 0;
    for (int id = 0; id < HR_SV_BLOCKS; id++) {
        const int r1 = hr_sv_b1[id], r2 = hr_sv_b2[id], p = r1 == r2;
        if (cnt[r1] + 1 + p > 4 || cnt[r2] + 1 + p > 4) continue;
        const uint64_t k = (uint32_t)(rk + hr_rank_mult[r1] + hr_rank_mult[r2]) | HR_SUIT_INIT;
        key[n] = (int16_t)hr_value(c, 0, k, 7, HR_MODE_BEST, 0, 0);
        pay[n++] = (uint16_t)id;
    }
    hr_sv_sort(key, pay, n, O->id, O->key);
    O->n = n;
}

/* The live hands of a river board (bm, bkey: its summed entries) in each
 * block: m[id] those that make no flush, fl[id] those that make one (they
 * need 5 - k cards of a suit the board has k >= 3 of); cnt: the board's
 * cards of each rank. */
static void hr_sv_masks(uint64_t bm, uint64_t bkey, uint16_t *m, uint16_t *fl, int *cnt)
{
    int dead[HR_NRANKS];
    memset(dead, 0, sizeof(dead));
    for (int s = 0; s < 4; s++)
        for (uint64_t x = (bm >> (16 * s)) & HR_LANE; x; x &= x - 1) dead[hr_ctz64(x)] |= 1 << s;
    for (int r = 0; r < HR_NRANKS; r++) cnt[r] = (dead[r] & 1) + (dead[r] >> 1 & 1) +
                                                 (dead[r] >> 2 & 1) + (dead[r] >> 3);
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
        m[id] = (uint16_t)(live & nofl);
        fl[id] = (uint16_t)(live & ~nofl);
    }
}

/* The hands that make a flush on a river board (its summed entries; fl
 * from hr_sv_masks), valued one by one exactly as hr_value would, sorted by
 * strength: cards sa < sb, hand sh, strength sk.  Returns how many. */
static int hr_sv_singles(const hr_vctx_t *c, hr_v2 board, const uint16_t *fl, uint8_t *sa,
                         uint8_t *sb, uint16_t *sh, int16_t *sk)
{
    const hr_v2 *E = hr_standard.next;
    int16_t key[HR_SV_HANDS];
    uint16_t pay[HR_SV_HANDS], ord[HR_SV_HANDS];
    uint8_t ta[HR_SV_HANDS], tb[HR_SV_HANDS];
    int n = 0;
    for (int id = 0; id < HR_SV_BLOCKS; id++)
        for (unsigned f = fl[id]; f; f &= f - 1) {
            const int bit = hr_ctz64(f);
            const int a = 4 * hr_sv_b2[id] + (bit & 3), b = 4 * hr_sv_b1[id] + (bit >> 2);
            const hr_v2 x = HR_V2_ADD(board, HR_V2_ADD(E[a], E[b]));
            ta[n] = (uint8_t)a;
            tb[n] = (uint8_t)b;
            key[n] = (int16_t)hr_value(c, HR_V2_LO(x), HR_V2_HI(x), 7, HR_MODE_BEST, 0, 0);
            pay[n] = (uint16_t)n;
            n++;
        }
    if (!n) return 0;
    hr_sv_sort(key, pay, n, ord, sk);
    for (int j = 0; j < n; j++) {
        sa[j] = ta[ord[j]];
        sb[j] = tb[ord[j]];
        sh[j] = (uint16_t)(hr_sv_row[sb[j]] + sa[j]);
    }
    return n;
}

/* Merge the blocks of O that hold hands (P->m) and the ns singles (P->sa,
 * sb, sh, strengths sk, sorted) into P's items and groups. */
static void hr_sv_assemble(const hr_sv_order_t *O, const int16_t *sk, int ns, hr_sv_board_t *P)
{
    int n = 0, g = 0, i = 0, j = 0;
    int16_t last = -1;
    for (;;) {
        while (i < O->n && !P->m[O->id[i]]) i++;
        int16_t k;
        if (i < O->n && (j == ns || O->key[i] <= sk[j])) {
            k = O->key[i];
            P->it[n] = O->id[i++];
        } else if (j < ns) {
            k = sk[j];
            P->it[n] = (uint16_t)(HR_SV_BLOCKS + j++);
        } else {
            break;
        }
        P->str[n] = k;
        if (k != last) {
            P->gs[g++] = (uint16_t)n;
            last = k;
        }
        n++;
    }
    P->gs[g] = (uint16_t)n;
    P->n = n;
    P->ng = g;
    P->ns = ns;
}

/* Value and sort the live hands of a river board (given by its summed
 * entries) into P.  Without a flush a hand's strength depends on its two
 * ranks only, so each block with live hands is valued once (one hash
 * lookup); a board with three or more cards of a suit takes the hands that
 * make a flush out of the blocks and values them one by one.  c values
 * high hands without wild cards. */
static void hr_sv_prepare(const hr_vctx_t *c, hr_v2 board, hr_sv_board_t *P)
{
    uint16_t fl[HR_SV_BLOCKS];
    int16_t sk[HR_SV_HANDS];
    int cnt[HR_NRANKS];
    hr_sv_order_t O;
    hr_sv_masks(HR_V2_LO(board), HR_V2_HI(board), P->m, fl, cnt);
    hr_sv_order(c, (uint32_t)HR_V2_HI(board), cnt, &O);
    const int ns = hr_sv_singles(c, board, fl, P->sa, P->sb, P->sh, sk);
    hr_sv_assemble(&O, sk, ns, P);
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
 * out[h] = v (ADD = 0; dead hands get 0) or out[h] += wt * v (ADD = 1).
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
HR_INLINE void hr_sv_sweep(const hr_sv_board_t *P, const double *r, double *out, const int ADD,
                           const double wt)
{
    double cs[HR_NCARDS], bt[HR_SV_BLOCKS], ba[HR_SV_BLOCKS][4], bb[HR_SV_BLOCKS][4];
    double st[HR_SV_HANDS], sa[HR_SV_HANDS], sb[HR_SV_HANDS];
    const int ng = P->ng;
    const uint16_t *gs = P->gs, *it = P->it;
    const hr_d2 W = hr_d2_set(wt, wt);
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
                    o[s2] = ADD ? o[s2] + wt * v : v;
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
                v0 = hr_d2_add(hr_d2_mul(v0, W), hr_d2_ld(row));
                v1 = hr_d2_add(hr_d2_mul(v1, W), hr_d2_ld(row + 2));
            }
            hr_d2_st(row, v0);
            hr_d2_st(row + 2, v1);
        }
    }
    for (int j = 0; j < P->ns; j++) {
        const double v = (st[j] - T) - (sa[j] - cs[P->sa[j]]) - (sb[j] - cs[P->sb[j]]);
        if (ADD) out[P->sh[j]] += wt * v;
        else out[P->sh[j]] = v;
    }
}

#endif /* HANDRANK_HR_SV_RIVER_H */
