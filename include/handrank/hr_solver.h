/*
 * handrank solver blocks: range-against-range showdown values and all-in
 * equity matrices of hold'em, over the fixed enumeration of the 1,326 hands.
 *
 * Hands.  Hand h is the pair of card codes (lo, hi), lo < hi, at colex index
 * h = hi * (hi - 1) / 2 + lo (handrank.HANDS lists them in this order).
 *
 * River (5 board cards).  hr_sv_prepare values every hand that misses the
 * board (one hash lookup each, from the board's summed card entries) and
 * sorts them by strength (two radix passes).  hr_sv_sweep then gives, for
 * one reach vector r, every hand's net showdown value
 *     v[i] = sum over hands j compatible with i and the board of
 *            r[j] * (+1 if i beats j, 0 on a tie, -1 if j beats i)
 * in one pass up the sorted hands and one down: a running total of the
 * reach of the weaker (stronger) hands and, per card, of those holding it
 * (the blockers), so that the hands sharing a card with i = (a, b) are
 * removed exactly: win = T - C[a] - C[b] (no hand holds both a and b but
 * i itself), loss likewise, v = win - loss.
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
#define HR_SV_MAX_RUNOUTS 1176     /* C(49, 2): the runouts of a flop */
#define HR_SV_TILE 32              /* matrix rows per tile */

static uint8_t hr_sv_card[HR_SV_HANDS][2];   /* hand -> (lo, hi) codes */
static uint64_t hr_sv_mask[HR_SV_HANDS];     /* hand -> bit c for each card code c */
/* The hands of each rank pair (r1 >= r2, id r1 * (r1 + 1) / 2 + r2), in an
 * order where neighbours seldom share a card (suit offset, then suit): the
 * sweep's per-card sums then seldom wait on the previous hand's store. */
static uint16_t hr_sv_rp_hands[91][16];
static uint8_t hr_sv_rp_n[91];

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
    memset(hr_sv_rp_n, 0, sizeof(hr_sv_rp_n));
    for (int r1 = 0; r1 < HR_NRANKS; r1++)
        for (int r2 = 0; r2 <= r1; r2++) {
            const int id = hr_sv_rp(r1, r2);
            for (int d = r1 == r2 ? 1 : 0; d < 4; d++)
                for (int s1 = 0; s1 < 4; s1++) {
                    const int s2 = (s1 + d) & 3;
                    if (r1 == r2 && s2 < s1) continue;   /* a pair's suits once */
                    hr_sv_rp_hands[id][hr_sv_rp_n[id]++] =
                        (uint16_t)hr_sv_hand(4 * r1 + s1, 4 * r2 + s2);
                }
        }
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

/* One river board, its live hands sorted by strength, in groups of equal
 * strength. */
typedef struct {
    int n;                          /* hands that miss the board */
    int ng;                         /* groups of equal strength */
    uint16_t idx[HR_SV_HANDS];      /* those hands, weakest first */
    int16_t str[HR_SV_HANDS];       /* their strengths */
    uint8_t ca[HR_SV_HANDS];        /* their cards */
    uint8_t cb[HR_SV_HANDS];
    uint16_t gs[HR_SV_HANDS + 1];   /* group g is [gs[g], gs[g + 1]) */
} hr_sv_board_t;

/* The summed card entries of some cards, suit counters pre-set. */
HR_INLINE hr_v2 hr_sv_sum(const uint8_t *cards, int n)
{
    const hr_v2 *E = hr_standard.next;
    hr_v2 acc = {0, HR_SUIT_INIT};
    for (int k = 0; k < n; k++) acc = HR_V2_ADD(acc, E[cards[k]]);
    return acc;
}

/* The strengths of the hands on a 5-card board given by its sum.  Without
 * a flush a hand's strength depends on its two ranks only: the 91 rank
 * pairs are valued once, nf[id] (the rank key, suit counters that flag no
 * flush; -1 where the board leaves no such hand), and only hands whose suit
 * counters flag a flush are valued whole, exactly as hr_value would:
 * fs[h] = that strength, or -1 for a hand valued by its rank pair; -2 for a
 * hand that meets the board.  c values high hands without wild cards.
 * Returns how many flush hands there are. */
static int hr_sv_values7(const hr_vctx_t *c, hr_v2 board, int16_t *nf, int16_t *fs)
{
    const hr_v2 *E = hr_standard.next;
    const uint64_t bm = HR_V2_LO(board), bkey = HR_V2_HI(board);
    int cnt[HR_NRANKS], nfl = 0;
    for (int r = 0; r < HR_NRANKS; r++)
        cnt[r] = hr_popcount64(bm & (0x0001000100010001ULL << r));
    for (int r1 = 0; r1 < HR_NRANKS; r1++)
        for (int r2 = 0; r2 <= r1; r2++) {
            int16_t v = -1;
            if (cnt[r1] + 1 + (r1 == r2) <= 4 && cnt[r2] + 1 + (r1 == r2) <= 4) {
                const uint64_t key = (uint32_t)(bkey + hr_rank_mult[r1] + hr_rank_mult[r2]) |
                                     HR_SUIT_INIT;
                v = (int16_t)hr_value(c, 0, key, 7, HR_MODE_BEST, 0, 0);
            }
            nf[hr_sv_rp(r1, r2)] = v;
        }
    /* a flush needs three cards of a suit on the board */
    const uint64_t suits3 = (bkey - HR_SUIT_INIT) >> 32;   /* 4-bit counts per suit */
    int flushy = 0;
    for (int st = 0; st < 4; st++) flushy |= ((suits3 >> (4 * st)) & 15) >= 3;
    int h = 0;
    for (int hi = 1; hi < HR_NCARDS; hi++) {
        const hr_v2 bh = HR_V2_ADD(board, E[hi]);
        const int hit = (bm & HR_BIT(hi)) != 0;
        for (int lo = 0; lo < hi; lo++, h++) {
            if (hit || (bm & HR_BIT(lo))) {
                fs[h] = -2;
                continue;
            }
            fs[h] = -1;
            if (!flushy) continue;
            const hr_v2 x = HR_V2_ADD(bh, E[lo]);
            const uint64_t key = HR_V2_HI(x);
            if ((key + c->fadj) & HR_FLUSH_BITS) {
                fs[h] = (int16_t)hr_value(c, HR_V2_LO(x), key, 7, HR_MODE_BEST, 0, 0);
                nfl++;
            }
        }
    }
    return nfl;
}

/* Strengths of the 1,326 hands (-1 for a hand that meets the board). */
static void hr_sv_strengths(const hr_vctx_t *c, hr_v2 board, int16_t *s)
{
    int16_t nf[91], fs[HR_SV_HANDS];
    hr_sv_values7(c, board, nf, fs);
    for (int h = 0; h < HR_SV_HANDS; h++)
        s[h] = fs[h] == -1 ? nf[hr_sv_rp(HR_RANK(hr_sv_card[h][1]), HR_RANK(hr_sv_card[h][0]))]
                           : fs[h] < 0 ? (int16_t)-1 : fs[h];
}

/* Sort n items (key 0..8191, payload) by key: stable LSD radix, 7 then 6
 * bits, into out. */
static void hr_sv_radix(const int16_t *key, const uint16_t *pay, int n, uint16_t *opay,
                        int16_t *okey)
{
    uint16_t tp[HR_SV_HANDS + 91];
    int16_t tk[HR_SV_HANDS + 91];
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

/* Value and sort the live hands of a river board into P: the rank pairs and
 * the flush hands are sorted as items, then each rank pair expands to its
 * live hands that make no flush. */
static void hr_sv_prepare(const hr_vctx_t *c, hr_v2 board, hr_sv_board_t *P)
{
    int16_t nf[91], fs[HR_SV_HANDS], key[HR_SV_HANDS + 91], okey[HR_SV_HANDS + 91];
    uint16_t pay[HR_SV_HANDS + 91], opay[HR_SV_HANDS + 91];
    const int nfl = hr_sv_values7(c, board, nf, fs);
    int m = 0;
    for (int id = 0; id < 91; id++)
        if (nf[id] >= 0) {
            key[m] = nf[id];
            pay[m++] = (uint16_t)(0x8000 | id);
        }
    if (nfl)
        for (int h = 0; h < HR_SV_HANDS; h++)
            if (fs[h] >= 0) {
                key[m] = fs[h];
                pay[m++] = (uint16_t)h;
            }
    hr_sv_radix(key, pay, m, opay, okey);
    int n = 0, g = 0;
    int16_t last = -1;
    for (int i = 0; i < m; i++) {
        const int16_t v = okey[i];
        const int start = n;
        if (opay[i] & 0x8000) {
            const int id = opay[i] & 0x7fff, cntid = hr_sv_rp_n[id];
            const uint16_t *hs = hr_sv_rp_hands[id];
            for (int q = 0; q < cntid; q++) {
                const int h = hs[q];
                P->idx[n] = (uint16_t)h;
                P->ca[n] = hr_sv_card[h][0];
                P->cb[n] = hr_sv_card[h][1];
                P->str[n] = v;
                n += fs[h] == -1;
            }
        } else {
            const int h = opay[i];
            P->idx[n] = (uint16_t)h;
            P->ca[n] = hr_sv_card[h][0];
            P->cb[n] = hr_sv_card[h][1];
            P->str[n++] = v;
        }
        if (n > start && v != last) {
            P->gs[g++] = (uint16_t)start;
            last = v;
        }
    }
    P->gs[g] = (uint16_t)n;
    P->n = n;
    P->ng = g;
}

/* The net showdown values of every hand against reach r on the board of P:
 * out[h] = v (ADD = 0; dead hands get 0) or out[h] += v (ADD = 1).  One
 * pass up the groups adds the weaker hands' reach (win), one pass down the
 * stronger hands' (loss); a group's own hands are added only after all of
 * them are valued, so ties count neither way. */
HR_INLINE void hr_sv_sweep(const hr_sv_board_t *P, const double *r, double *out, const int ADD)
{
    double cs[HR_NCARDS], w[HR_SV_HANDS], v[HR_SV_HANDS];
    const int n = P->n, ng = P->ng;
    const uint8_t *ca = P->ca, *cb = P->cb;
    const uint16_t *gs = P->gs;
    double T = 0;
    memset(cs, 0, sizeof(cs));
    for (int k = 0; k < n; k++) w[k] = r[P->idx[k]];
    for (int g = 0; g < ng; g++) {
        const int s0 = gs[g], e = gs[g + 1];
        if (e == s0 + 1) {
            const int a = ca[s0], b = cb[s0];
            v[s0] = T - cs[a] - cs[b];
            T += w[s0];
            cs[a] += w[s0];
            cs[b] += w[s0];
            continue;
        }
        for (int k = s0; k < e; k++) v[k] = T - cs[ca[k]] - cs[cb[k]];
        for (int k = s0; k < e; k++) {
            T += w[k];
            cs[ca[k]] += w[k];
            cs[cb[k]] += w[k];
        }
    }
    T = 0;
    memset(cs, 0, sizeof(cs));
    for (int g = ng - 1; g >= 0; g--) {
        const int s0 = gs[g], e = gs[g + 1];
        if (e == s0 + 1) {
            const int a = ca[s0], b = cb[s0];
            v[s0] -= T - cs[a] - cs[b];
            T += w[s0];
            cs[a] += w[s0];
            cs[b] += w[s0];
            continue;
        }
        for (int k = s0; k < e; k++) v[k] -= T - cs[ca[k]] - cs[cb[k]];
        for (int k = s0; k < e; k++) {
            T += w[k];
            cs[ca[k]] += w[k];
            cs[cb[k]] += w[k];
        }
    }
    if (ADD) {
        for (int k = 0; k < n; k++) out[P->idx[k]] += v[k];
    } else {
        memset(out, 0, HR_SV_HANDS * sizeof(double));
        for (int k = 0; k < n; k++) out[P->idx[k]] = v[k];
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
        hr_sv_prepare(c, base, &P);
        int64_t r;
        (void)team;
#ifdef _OPENMP
        if (team > 1 && NR > 1) {
            HR_SV_OMP(parallel for schedule(dynamic, 16) num_threads(team))
            for (r = 0; r < NR; r++) hr_sv_sweep(&P, reach + r * HR_SV_HANDS, out + r * HR_SV_HANDS, 0);
            return 0;
        }
#endif
        for (r = 0; r < NR; r++) hr_sv_sweep(&P, reach + r * HR_SV_HANDS, out + r * HR_SV_HANDS, 0);
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
