/*
 * handrank solver blocks, Omaha rivers: the showdown values of every hand of
 * 4 (PLO4, 270,725 hands) or 5 (PLO5, 2,598,960 hands) hole cards against
 * reach vectors over the same hands, with exact card removal.
 *
 * Hands.  A hand of K cards x_1 < ... < x_K has the colex index
 * C(x_1, 1) + ... + C(x_K, K) (the order of handrank.hole_hands(K)).
 *
 * Strengths.  An Omaha hand plays exactly two hole cards and three board
 * cards, so on a river its strength is the best, over its C(K, 2) hole
 * pairs, of the pair's strength: the best 5-card hand of that pair and a
 * board triple.  hr_pl_prepare values the 1,081 pairs of the 47 cards off
 * the board once (10 five-card valuations each, hr_value), then every live
 * hand as the maximum of its pairs', and sorts the live hands by strength
 * (a counting sort: strengths are below 8,192).
 *
 * Values.  For hero hand H, the value is
 *     v(H) = sum over live J with J & H empty of r[J] * sign(s_H - s_J).
 * By inclusion-exclusion over the cards the two hands share,
 *     [J & H empty] = sum over S subset of (J & H) of (-1)^|S|,
 * so v(H) = sum over S subset of H of (-1)^|S| g_S(s_H), where g_S(t) is
 * the signed reach of the hands holding every card of S, sign(t - s_J).
 * S = H adds nothing (the only hand holding all of H is H, a tie).  With
 * before_S and after_S the reach of the hands holding S that are weaker,
 * resp. weaker or tied, and tot_S all of it, g_S(s_H) = before_S + after_S
 * - tot_S.  One pass up the strength groups keeps, per subset size, the
 * running sums of reach: one total, per card (52), per card pair (1,326),
 * per triple (22,100) and for K = 5 per quadruple (270,725), started at
 * -tot_S / 2 (the largest subsets summed hand by hand, the others from
 * them: hr_pl_fold); a hand reads its 2^K - 2 proper subsets' sums as its group
 * starts and once the group is added, and adds its own reach to them in
 * between (a hand alone in its group, or in a group without weight, needs
 * no second read).  A last read of the finished sums (tot_S / 2) gives
 * the compatible reach
 *     compat(H) = sum over S subset of H of (-1)^|S| tot_S.
 * No loop runs over pairs of hands.
 *
 * Several reach vectors are swept at once (VC lanes side by side in every
 * sum: one index computation and one cache line serve them all).  Nothing
 * here touches Python; callers check boards (hr_sv_check_boards) first.
 */
#ifndef HANDRANK_HR_SV_OMAHA_H
#define HANDRANK_HR_SV_OMAHA_H

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "../base/hr_core.h"
#include "../base/hr_rows.h"           /* hr_team */
#include "../evaluation/hr_value.h"    /* hr_value, hr_vctx_t, hr_standard */

#ifdef _OPENMP
#define HR_PL_OMP(x) HR_OMP(x)
#else
#define HR_PL_OMP(x)
#endif

/* Sums per subset size, one after the other: cards, pairs, triples, quads. */
#define HR_PL_OFF2 52
#define HR_PL_OFF3 (52 + 1326)
#define HR_PL_OFF4 (52 + 1326 + 22100)
#define HR_PL_NSUMS4 HR_PL_OFF4                 /* K = 4 reads no quads */
#define HR_PL_NSUMS5 (HR_PL_OFF4 + 270725)
#define HR_PL_LIVE 47                           /* cards off a river */
#define HR_PL_NSTR 8192                         /* strengths are below this */

static uint32_t hr_pl_binom[HR_NCARDS + 1][6];  /* C(n, k); below, C(c, 2..4) of code c */
static uint32_t hr_pl_c2[HR_NCARDS], hr_pl_c3[HR_NCARDS], hr_pl_c4[HR_NCARDS];

static void hr_pl_init(void)
{
    for (int n = 0; n <= HR_NCARDS; n++) {
        hr_pl_binom[n][0] = 1;
        for (int k = 1; k < 6; k++)
            hr_pl_binom[n][k] = n ? hr_pl_binom[n - 1][k - 1] + hr_pl_binom[n - 1][k] : 0;
    }
    for (int c = 0; c < HR_NCARDS; c++) {
        hr_pl_c2[c] = hr_pl_binom[c][2];
        hr_pl_c3[c] = hr_pl_binom[c][3];
        hr_pl_c4[c] = hr_pl_binom[c][4];
    }
}

/* Hands of K cards: C(52, K). */
HR_INLINE int64_t hr_pl_nhands(int K) { return (int64_t)hr_pl_binom[HR_NCARDS][K]; }

/* A river's live hands sorted by strength: hand i (weakest first) has
 * cards card[K i ..] (ascending codes) and index idx[i]; group g (equal
 * strength) is hands [gs[g], gs[g + 1]). */
typedef struct {
    int K;
    int64_t n, ng, maxg;             /* hands, groups, hands of the largest group */
    uint8_t *card;
    uint32_t *idx;
    int64_t *gs;
} hr_pl_board_t;

static void hr_pl_free(hr_pl_board_t *P)
{
    free(P->card), free(P->idx), free(P->gs);
    P->card = NULL, P->idx = NULL, P->gs = NULL;
}

/* One hand of the walk below: pass 0 notes its strength v (str, in walk
 * order) and counts it; pass 1 puts the hand (cards x, index ix) at its
 * place of the counting sort. */
HR_INLINE void hr_pl_visit(int pass, int v, int64_t *i, int16_t *str, int64_t *cnt,
                           hr_pl_board_t *P, int16_t *s, const uint8_t *x, uint32_t ix, int K)
{
    if (pass == 0) {
        str[(*i)++] = (int16_t)v;
        cnt[v + 1]++;                     /* strengths are 0..7461 */
        return;
    }
    v = str[(*i)++];
    const int64_t at = cnt[v]++;
    memcpy(P->card + at * K, x, (size_t)K);
    P->idx[at] = ix;
    if (s) s[ix] = (int16_t)v;
}

/* The c, b, a loops of the walk below under the top card d (K = 4) or
 * the top two d < e (K = 5): pd, pe the rows of ps of d and e, m0 the
 * strength of the pair (d, e) (-1 for K = 4). */
HR_INLINE void hr_pl_walk3(const int16_t *ps, const int *row, const uint8_t *live, const int K,
                           int pass, int d, int e, const int16_t *pd, const int16_t *pe,
                           int m0, int64_t *i, int16_t *str, int64_t *cnt, hr_pl_board_t *P,
                           int16_t *s)
{
    const uint32_t(*B)[6] = (const uint32_t(*)[6])hr_pl_binom;
    uint8_t x[5] = {0, 0, 0, (uint8_t)live[d], (uint8_t)(K == 5 ? live[e] : 0)};
    const uint32_t top = B[x[3]][4] + (K == 5 ? B[x[4]][5] : 0);
    for (int c = 2; c < d; c++) {
        const int16_t *pc = ps + row[c];
        int mc = pd[c] > m0 ? pd[c] : m0;
        if (K == 5) mc = mc > pe[c] ? mc : pe[c];
        for (int b = 1; b < c; b++) {
            const int16_t *pb = ps + row[b];
            int mb = mc > pd[b] ? mc : pd[b];
            mb = mb > pc[b] ? mb : pc[b];
            if (K == 5) mb = mb > pe[b] ? mb : pe[b];
            for (int a = 0; a < b; a++) {
                int m = mb > pd[a] ? mb : pd[a];
                m = m > pc[a] ? m : pc[a];
                m = m > pb[a] ? m : pb[a];
                if (K == 5) m = m > pe[a] ? m : pe[a];
                uint32_t ix = 0;
                if (pass) {
                    x[0] = live[a];
                    x[1] = live[b];
                    x[2] = live[c];
                    ix = B[x[0]][1] + B[x[1]][2] + B[x[2]][3] + top;
                }
                hr_pl_visit(pass, m, i, str, cnt, P, s, x, ix, K);
            }
        }
    }
}

/* Walk the live hands of K cards (4 or 5) in colex order (over the 47 live
 * cards, so over the codes too), each hand's strength the best of its
 * pairs' (ps: local colex pair index), built up loop by loop. */
static void hr_pl_walk(const int16_t *ps, const uint8_t *live, int K, int pass, int16_t *str,
                       int64_t *cnt, hr_pl_board_t *P, int16_t *s)
{
    int row[HR_PL_LIVE];
    int64_t i = 0;
    for (int y = 0; y < HR_PL_LIVE; y++) row[y] = y * (y - 1) / 2;
    if (K == 4) {
        for (int d = 3; d < HR_PL_LIVE; d++)
            hr_pl_walk3(ps, row, live, 4, pass, d, 0, ps + row[d], NULL, -1, &i, str, cnt, P, s);
        return;
    }
    for (int e = 4; e < HR_PL_LIVE; e++)
        for (int d = 3; d < e; d++)
            hr_pl_walk3(ps, row, live, 5, pass, d, e, ps + row[d], ps + row[e], ps[row[e] + d],
                        &i, str, cnt, P, s);
}

/* Prepare a checked river board for hands of K (4 or 5) cards: P's hands
 * sorted by strength; with s != NULL also every hand's strength in index
 * order (C(52, K) int16, -1 for a hand that meets the board).  c values
 * high hands without wild cards.  Returns 0, or -1 if memory ran out. */
static int hr_pl_prepare(const hr_vctx_t *c, const uint8_t *board, int K, hr_pl_board_t *P,
                         int16_t *s)
{
    const hr_v2 *E = hr_standard.next;
    uint8_t live[HR_PL_LIVE];
    uint64_t bm = 0;
    int nl = 0;
    for (int k = 0; k < 5; k++) bm |= 1ULL << board[k];
    for (int x = 0; x < HR_NCARDS; x++)
        if (!(bm >> x & 1)) live[nl++] = (uint8_t)x;
    /* the board's 10 triples, then each live pair's best five */
    hr_v2 tri[10];
    int nt = 0;
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++)
            for (int d = b + 1; d < 5; d++) {
                const hr_v2 t0 = {0, HR_SUIT_INIT};
                const hr_v2 t1 = HR_V2_ADD(t0, E[board[a]]);
                tri[nt++] = HR_V2_ADD(t1, HR_V2_ADD(E[board[b]], E[board[d]]));
            }
    int16_t ps[HR_PL_LIVE * (HR_PL_LIVE - 1) / 2];
    for (int y = 1; y < HR_PL_LIVE; y++)
        for (int x = 0; x < y; x++) {
            const hr_v2 p = HR_V2_ADD(E[live[x]], E[live[y]]);
            int best = -1;
            for (int t = 0; t < 10; t++) {
                const hr_v2 h = HR_V2_ADD(tri[t], p);
                const int v = hr_value(c, HR_V2_LO(h), HR_V2_HI(h), 5, HR_MODE_BEST, 0, 0);
                best = v > best ? v : best;
            }
            ps[y * (y - 1) / 2 + x] = (int16_t)best;
        }
    const int64_t n = hr_pl_binom[HR_PL_LIVE][K];
    int64_t *cnt = (int64_t *)calloc(HR_PL_NSTR + 1, sizeof(int64_t));
    int16_t *str = (int16_t *)malloc((size_t)n * sizeof(int16_t));
    P->K = K;
    P->n = n;
    P->card = (uint8_t *)malloc((size_t)n * (size_t)K);
    P->idx = (uint32_t *)malloc((size_t)n * sizeof(uint32_t));
    P->gs = (int64_t *)malloc((HR_PL_NSTR + 1) * sizeof(int64_t));
    if (!cnt || !str || !P->card || !P->idx || !P->gs) {
        free(cnt);
        free(str);
        hr_pl_free(P);
        return -1;
    }
    hr_pl_walk(ps, live, K, 0, str, cnt, P, NULL);
    /* group starts, then the counting sort's places */
    int64_t ng = 0;
    for (int v = 0; v < HR_PL_NSTR; v++) {
        if (cnt[v + 1]) P->gs[ng++] = cnt[v];
        cnt[v + 1] += cnt[v];
    }
    P->gs[ng] = n;
    P->ng = ng;
    P->maxg = 0;
    for (int64_t g = 0; g < ng; g++)
        if (P->gs[g + 1] - P->gs[g] > P->maxg) P->maxg = P->gs[g + 1] - P->gs[g];
    if (s) for (int64_t h = 0; h < hr_pl_nhands(K); h++) s[h] = -1;
    hr_pl_walk(ps, live, K, 1, str, cnt, P, s);
    free(cnt);
    free(str);
    return 0;
}

/* The offsets of the 2^K - 2 proper non-empty subsets of the K ascending
 * cards x among the sums: K cards, C(K, 2) pairs, C(K, 3) triples (and for
 * K = 5 the 5 quadruples), in that order. */
HR_INLINE void hr_pl_subsets(const uint8_t *x, const int K, uint32_t *ix)
{
    const uint32_t a = x[0], b = x[1], c = x[2], d = x[3];
    const uint32_t pb = HR_PL_OFF2 + hr_pl_c2[b], pc = HR_PL_OFF2 + hr_pl_c2[c];
    const uint32_t pd = HR_PL_OFF2 + hr_pl_c2[d];
    const uint32_t tc = HR_PL_OFF3 - HR_PL_OFF2 + hr_pl_c3[c];
    const uint32_t td = HR_PL_OFF3 - HR_PL_OFF2 + hr_pl_c3[d];
    ix[0] = a; ix[1] = b; ix[2] = c; ix[3] = d;
    if (K == 4) {
        ix[4] = pb + a; ix[5] = pc + a; ix[6] = pc + b;
        ix[7] = pd + a; ix[8] = pd + b; ix[9] = pd + c;
        ix[10] = tc + pb + a; ix[11] = td + pb + a; ix[12] = td + pc + a; ix[13] = td + pc + b;
        return;
    }
    const uint32_t e = x[4];
    const uint32_t pe = HR_PL_OFF2 + hr_pl_c2[e];
    const uint32_t te = HR_PL_OFF3 - HR_PL_OFF2 + hr_pl_c3[e];
    const uint32_t qd = HR_PL_OFF4 - HR_PL_OFF3 + hr_pl_c4[d];
    const uint32_t qe = HR_PL_OFF4 - HR_PL_OFF3 + hr_pl_c4[e];
    ix[4] = e;
    ix[5] = pb + a; ix[6] = pc + a; ix[7] = pc + b; ix[8] = pd + a; ix[9] = pd + b;
    ix[10] = pd + c; ix[11] = pe + a; ix[12] = pe + b; ix[13] = pe + c; ix[14] = pe + d;
    const uint32_t abc = tc + pb + a, abd = td + pb + a, acd = td + pc + a, bcd = td + pc + b;
    const uint32_t abe = te + pb + a, ace = te + pc + a, bce = te + pc + b;
    const uint32_t ade = te + pd + a, bde = te + pd + b;
    ix[15] = abc; ix[16] = abd; ix[17] = acd; ix[18] = bcd; ix[19] = abe;
    ix[20] = ace; ix[21] = bce; ix[22] = ade; ix[23] = bde; ix[24] = te + pd + c;
    ix[25] = qd + abc; ix[26] = qe + abc; ix[27] = qe + abd; ix[28] = qe + acd;
    ix[29] = qe + bcd;
}

/* Four lanes as one value where the compiler has vector extensions (two
 * SSE2 operations, one with AVX), plain loops elsewhere. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(HR_SV_SCALAR)
#define HR_PL_V4 1
typedef double hr_pl_d4 __attribute__((vector_size(32)));
#else
#define HR_PL_V4 0
#endif

/* The signed subset sums of one hand, lane by lane: T - cards + pairs -
 * triples (+ quads), added to o (VC lanes).  Two sums of each sign keep
 * the chains of dependent additions short. */
HR_INLINE void hr_pl_read(const double *acc, const double *T, const uint32_t *ix, const int K,
                          const int VC, double *o)
{
    const int n1 = K, n2 = K + K * (K - 1) / 2, n3 = n2 + K * (K - 1) * (K - 2) / 6;
    const int n4 = (1 << K) - 2;
#if HR_PL_V4
    if (VC == 4) {
        hr_pl_d4 p0 = {0, 0, 0, 0}, p1 = p0, m0 = p0, m1 = p0, x, t, u;
        for (int k = 0; k < n4; k++) {
            memcpy(&x, acc + (size_t)ix[k] * 4, sizeof x);
            const int neg = k < n1 || (k >= n2 && k < n3);
            if (neg) {
                if (k & 1) m1 += x;
                else m0 += x;
            } else {
                if (k & 1) p1 += x;
                else p0 += x;
            }
        }
        memcpy(&t, T, sizeof t);
        memcpy(&u, o, sizeof u);
        u += (t + (p0 + p1)) - (m0 + m1);
        memcpy(o, &u, sizeof u);
        return;
    }
#endif
    double p0[8], p1[8], m0[8], m1[8];
    for (int v = 0; v < VC; v++) p0[v] = p1[v] = m0[v] = m1[v] = 0.0;
    for (int k = 0; k < n1; k++)
        for (int v = 0; v < VC; v++) {
            if (k & 1) m1[v] += acc[(size_t)ix[k] * VC + v];
            else m0[v] += acc[(size_t)ix[k] * VC + v];
        }
    for (int k = n1; k < n2; k++)
        for (int v = 0; v < VC; v++) {
            if (k & 1) p1[v] += acc[(size_t)ix[k] * VC + v];
            else p0[v] += acc[(size_t)ix[k] * VC + v];
        }
    for (int k = n2; k < n3; k++)
        for (int v = 0; v < VC; v++) {
            if (k & 1) m1[v] += acc[(size_t)ix[k] * VC + v];
            else m0[v] += acc[(size_t)ix[k] * VC + v];
        }
    for (int k = n3; k < n4; k++)
        for (int v = 0; v < VC; v++) {
            if (k & 1) p1[v] += acc[(size_t)ix[k] * VC + v];
            else p0[v] += acc[(size_t)ix[k] * VC + v];
        }
    for (int v = 0; v < VC; v++) o[v] += (T[v] + (p0[v] + p1[v])) - (m0[v] + m1[v]);
}

/* Whether any of n weights (>= 0) is not 0: their bits ORed (no chain of
 * dependent additions; a -0.0 counts as a weight, which costs time only). */
HR_INLINE int hr_pl_any(const double *w, int64_t n)
{
    uint64_t bits = 0;
    for (int64_t i = 0; i < n; i++) {
        uint64_t u;
        memcpy(&u, w + i, sizeof u);
        bits |= u;
    }
    return bits != 0;
}

/* Add w (VC lanes) to the sums of one hand's proper subsets. */
HR_INLINE void hr_pl_add(double *acc, const uint32_t *ix, const int K, const int VC,
                         const double *w)
{
#if HR_PL_V4
    if (VC == 4) {
        hr_pl_d4 x, y;
        memcpy(&y, w, sizeof y);
        for (int k = 0; k < (1 << K) - 2; k++) {
            double *a = acc + (size_t)ix[k] * 4;
            memcpy(&x, a, sizeof x);
            x += y;
            memcpy(a, &x, sizeof x);
        }
        return;
    }
#endif
    for (int k = 0; k < (1 << K) - 2; k++)
        for (int v = 0; v < VC; v++) acc[(size_t)ix[k] * VC + v] += w[v];
}

/* The offsets of the K subsets of K - 1 of the K ascending cards x (the
 * triples for K = 4, the quadruples for K = 5). */
HR_INLINE void hr_pl_tops(const uint8_t *x, const int K, uint32_t *ix)
{
    const uint32_t(*B)[6] = (const uint32_t(*)[6])hr_pl_binom;
    const uint32_t off = K == 4 ? HR_PL_OFF3 : HR_PL_OFF4;
    for (int q = 0; q < K; q++) {
        uint32_t o = off;
        for (int j = 0, p = 1; j < K; j++)
            if (j != q) o += B[x[j]][p++];
        ix[q] = o;
    }
}

/* Add lane block src (VC doubles) into dst. */
HR_INLINE void hr_pl_lanes_add(double *dst, const double *src, const int VC)
{
    for (int v = 0; v < VC; v++) dst[v] += src[v];
}

HR_INLINE int hr_pl_lanes_zero(const double *src, const int VC)
{
    int z = 1;
    for (int v = 0; v < VC; v++) z &= src[v] == 0.0;
    return z;
}

/* The sums of every subset size from those of the largest (K - 1 cards):
 * a set S of j cards lies in K - j of the (j + 1)-sets of each hand that
 * holds it, so sum_S = (sum over (j + 1)-sets S' holding S of sum_S') /
 * (K - j).  Walks every set of 52 codes in colex order (its offset then
 * counts up). */
HR_INLINE void hr_pl_fold(double *acc, double *T, const int K, const int VC)
{
    const uint32_t(*B)[6] = (const uint32_t(*)[6])hr_pl_binom;
    if (K == 5) {
        const double *q = acc + (size_t)HR_PL_OFF4 * VC;
        for (int d = 3; d < HR_NCARDS; d++)
            for (int c = 2; c < d; c++)
                for (int b = 1; b < c; b++)
                    for (int a = 0; a < b; a++, q += VC) {
                        if (hr_pl_lanes_zero(q, VC)) continue;
                        const size_t abc = HR_PL_OFF3 + B[c][3] + B[b][2] + a;
                        const size_t abd = HR_PL_OFF3 + B[d][3] + B[b][2] + a;
                        const size_t acd = HR_PL_OFF3 + B[d][3] + B[c][2] + a;
                        const size_t bcd = HR_PL_OFF3 + B[d][3] + B[c][2] + b;
                        hr_pl_lanes_add(acc + abc * VC, q, VC);
                        hr_pl_lanes_add(acc + abd * VC, q, VC);
                        hr_pl_lanes_add(acc + acd * VC, q, VC);
                        hr_pl_lanes_add(acc + bcd * VC, q, VC);
                    }
        for (size_t k = (size_t)HR_PL_OFF3 * VC; k < (size_t)HR_PL_OFF4 * VC; k++) acc[k] *= 0.5;
    }
    const double *t = acc + (size_t)HR_PL_OFF3 * VC;
    for (int c = 2; c < HR_NCARDS; c++)
        for (int b = 1; b < c; b++)
            for (int a = 0; a < b; a++, t += VC) {
                if (hr_pl_lanes_zero(t, VC)) continue;
                hr_pl_lanes_add(acc + (size_t)(HR_PL_OFF2 + B[b][2] + a) * VC, t, VC);
                hr_pl_lanes_add(acc + (size_t)(HR_PL_OFF2 + B[c][2] + a) * VC, t, VC);
                hr_pl_lanes_add(acc + (size_t)(HR_PL_OFF2 + B[c][2] + b) * VC, t, VC);
            }
    const double s2 = 1.0 / (K - 2), s1 = 1.0 / (K - 1), s0 = 1.0 / K;
    for (size_t k = (size_t)HR_PL_OFF2 * VC; k < (size_t)HR_PL_OFF3 * VC; k++) acc[k] *= s2;
    const double *p = acc + (size_t)HR_PL_OFF2 * VC;
    for (int b = 1; b < HR_NCARDS; b++)
        for (int a = 0; a < b; a++, p += VC) {
            hr_pl_lanes_add(acc + (size_t)a * VC, p, VC);
            hr_pl_lanes_add(acc + (size_t)b * VC, p, VC);
        }
    for (size_t k = 0; k < (size_t)HR_PL_OFF2 * VC; k++) acc[k] *= s1;
    for (int v = 0; v < VC; v++) T[v] = 0.0;
    for (int a = 0; a < HR_NCARDS; a++) hr_pl_lanes_add(T, acc + (size_t)a * VC, VC);
    for (int v = 0; v < VC; v++) T[v] *= s0;
}

/* The most hands of a group whose subset offsets the sweep keeps between
 * its three passes (a larger group computes them in each pass): 31 MB of
 * offsets for PLO5. */
#define HR_PL_KEEP (1 << 18)

/* Hands whose offsets a sweep of P keeps (see HR_PL_KEEP). */
HR_INLINE int64_t hr_pl_keep(const hr_pl_board_t *P)
{
    return P->maxg < HR_PL_KEEP ? P->maxg : HR_PL_KEEP;
}

/* The sweep of one board's hands (P, K cards) against VC reach vectors
 * given in P's order, lanes side by side (rs: n x VC).  acc: the zeroed
 * sums (HR_PL_NSUMS4 or 5, x VC); keep: room for the offsets of
 * hr_pl_keep(P) hands.  Writes val (n x VC, P's order) and, with cmp !=
 * NULL, the compatible reach.
 *
 * The sums start at -tot / 2 (a first pass adds the weighted hands to the
 * largest subsets, hr_pl_fold the rest), so that before + after - tot is
 * read as before' + after'; a group without weight has after' = before',
 * and a hand alone in its group after' = before' - (-1)^K w: either needs
 * one read per hand. */
HR_INLINE void hr_pl_sweep(const hr_pl_board_t *P, const int K, const int VC, const double *rs,
                           double *acc, uint32_t *keep, double *val, double *cmp)
{
    const double self = (K & 1) ? -1.0 : 1.0;       /* (-1)^K */
    const int NS = (1 << K) - 2;
    double T[8], zero[8], half[8];
    uint32_t ix[32];
    const int64_t *gs = P->gs;
    const uint8_t *card = P->card;
    for (int v = 0; v < VC; v++) zero[v] = 0.0;
    for (int64_t i = 0; i < P->n; i++) {
        const double *w = rs + i * VC;
        if (!hr_pl_any(w, VC)) continue;
        for (int v = 0; v < VC; v++) half[v] = -0.5 * w[v];
        hr_pl_tops(card + i * K, K, ix);
        for (int q = 0; q < K; q++) hr_pl_lanes_add(acc + (size_t)ix[q] * VC, half, VC);
    }
    hr_pl_fold(acc, T, K, VC);
    for (int64_t g = 0; g < P->ng; g++) {
        const int64_t s0 = gs[g], e = gs[g + 1];
        if (!hr_pl_any(rs + s0 * VC, (e - s0) * VC)) {
            /* no weight: after' = before' */
            for (int64_t i = s0; i < e; i++) {
                double *o = val + i * VC;
                hr_pl_subsets(card + i * K, K, ix);
                memcpy(o, zero, sizeof(double) * VC);
                hr_pl_read(acc, T, ix, K, VC, o);
                for (int v = 0; v < VC; v++) o[v] *= 2;
            }
            continue;
        }
        if (e == s0 + 1) {
            /* alone: after' = before' - (-1)^K w */
            double *o = val + s0 * VC;
            const double *w = rs + s0 * VC;
            hr_pl_subsets(card + s0 * K, K, ix);
            memcpy(o, zero, sizeof(double) * VC);
            hr_pl_read(acc, T, ix, K, VC, o);
            for (int v = 0; v < VC; v++) o[v] = 2 * o[v] - self * w[v];
            hr_pl_add(acc, ix, K, VC, w);
            for (int v = 0; v < VC; v++) T[v] += w[v];
            continue;
        }
        const int kept = e - s0 <= hr_pl_keep(P);
        for (int64_t i = s0; i < e; i++) {
            uint32_t *x = kept ? keep + (i - s0) * NS : ix;
            hr_pl_subsets(card + i * K, K, x);
            memcpy(val + i * VC, zero, sizeof(double) * VC);
            hr_pl_read(acc, T, x, K, VC, val + i * VC);
        }
        for (int64_t i = s0; i < e; i++) {
            const double *w = rs + i * VC;
            if (!hr_pl_any(w, VC)) continue;
            uint32_t *x = kept ? keep + (i - s0) * NS : ix;
            if (!kept) hr_pl_subsets(card + i * K, K, x);
            hr_pl_add(acc, x, K, VC, w);
            for (int v = 0; v < VC; v++) T[v] += w[v];
        }
        for (int64_t i = s0; i < e; i++) {
            uint32_t *x = kept ? keep + (i - s0) * NS : ix;
            if (!kept) hr_pl_subsets(card + i * K, K, x);
            hr_pl_read(acc, T, x, K, VC, val + i * VC);
        }
    }
    if (!cmp) return;
    /* the sums now hold tot / 2: compat = 2 x their signed sum + (-1)^K r[H] */
    for (int64_t i = 0; i < P->n; i++) {
        double f[8];
        memcpy(f, zero, sizeof(double) * VC);
        hr_pl_subsets(card + i * K, K, ix);
        hr_pl_read(acc, T, ix, K, VC, f);
        for (int v = 0; v < VC; v++) cmp[i * VC + v] = 2 * f[v] + self * rs[i * VC + v];
    }
}

/* Whether reach vector r (n weights) holds a weight that is not a finite
 * number >= 0. */
HR_INLINE int hr_pl_bad(const double *r, int64_t n)
{
    int bad = 0;
    for (int64_t i = 0; i < n; i++) bad |= !(r[i] >= 0.0 && r[i] <= DBL_MAX);
    return bad;
}

/* Work space of one thread: the sums and the sorted lanes. */
typedef struct {
    double *acc, *rs, *val, *cmp;
    uint32_t *keep;
} hr_pl_work_t;

/* Vectors [v0, v0 + vc) of one prepared board: gather their live weights
 * in P's order, sweep, and scatter values (and compat) into out (dead hands
 * 0).  vc is 1, 2 or 4. */
static void hr_pl_chunk(const hr_pl_board_t *P, const double *reach, int64_t v0, int vc,
                        double *out, double *compat, hr_pl_work_t *W)
{
    const int K = P->K;
    const int64_t N = hr_pl_nhands(K), n = P->n;
    const uint32_t *idx = P->idx;
    const size_t nsums = K == 4 ? HR_PL_NSUMS4 : HR_PL_NSUMS5;
    for (int v = 0; v < vc; v++) {
        const double *r = reach + (v0 + v) * N;
        for (int64_t i = 0; i < n; i++) W->rs[i * vc + v] = r[idx[i]];
    }
    memset(W->acc, 0, nsums * (size_t)vc * sizeof(double));
    double *cmp = compat ? W->cmp : NULL;
#define HR_PL_CASE(KK, VV) \
    if (K == KK && vc == VV) hr_pl_sweep(P, KK, VV, W->rs, W->acc, W->keep, W->val, cmp);
    HR_PL_CASE(4, 1) HR_PL_CASE(4, 2) HR_PL_CASE(4, 4)
    HR_PL_CASE(5, 1) HR_PL_CASE(5, 2) HR_PL_CASE(5, 4)
#undef HR_PL_CASE
    for (int v = 0; v < vc; v++) {
        double *o = out + (v0 + v) * N;
        memset(o, 0, (size_t)N * sizeof(double));
        for (int64_t i = 0; i < n; i++) o[idx[i]] = W->val[i * vc + v];
        if (compat) {
            double *q = compat + (v0 + v) * N;
            memset(q, 0, (size_t)N * sizeof(double));
            for (int64_t i = 0; i < n; i++) q[idx[i]] = W->cmp[i * vc + v];
        }
    }
}

static void hr_pl_work_free(hr_pl_work_t *W)
{
    free(W->acc);
    free(W->rs);
    free(W->val);
    free(W->cmp);
    free(W->keep);
}

static int hr_pl_work_alloc(hr_pl_work_t *W, const hr_pl_board_t *P, int vc, int want_cmp)
{
    const int K = P->K;
    const int64_t n = P->n;
    const size_t nsums = K == 4 ? HR_PL_NSUMS4 : HR_PL_NSUMS5;
    W->acc = (double *)malloc(nsums * (size_t)vc * sizeof(double));
    W->rs = (double *)malloc((size_t)n * (size_t)vc * sizeof(double));
    W->val = (double *)malloc((size_t)n * (size_t)vc * sizeof(double));
    W->cmp = want_cmp ? (double *)malloc((size_t)n * (size_t)vc * sizeof(double)) : NULL;
    W->keep = (uint32_t *)malloc(((size_t)hr_pl_keep(P) + 1) * ((1u << K) - 2) * sizeof(uint32_t));
    if (!W->acc || !W->rs || !W->val || (want_cmp && !W->cmp) || !W->keep) {
        hr_pl_work_free(W);
        return -1;
    }
    return 0;
}

/* Lanes per sweep: 4 for PLO4, 2 for PLO5 (its sorted lanes are 12 MB a
 * vector). */
HR_INLINE int hr_pl_lanes(int K) { return K == 4 ? 4 : 2; }

/* The showdown values of the hands of K (4 or 5) cards on one checked
 * river board against NR reach vectors (NR x C(52, K), read only): out
 * (NR x C(52, K)) and, with compat != NULL, the compatible reach.  team
 * threads share the vectors.  Returns 0, -1 (memory) or -2 (a weight that
 * is not a finite number >= 0; the caller finds it). */
static int hr_pl_values(const hr_rule_t *R, const uint8_t *board, int K, const double *reach,
                        int64_t NR, double *out, double *compat, int team)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_pl_board_t P;
    const int64_t N = hr_pl_nhands(K);
    for (int64_t v = 0; v < NR; v++)
        if (hr_pl_bad(reach + v * N, N)) return -2;
    hr_vctx_init(&c, wc, R, &hr_standard);
    if (hr_pl_prepare(&c, board, K, &P, NULL)) return -1;
    /* chunks of lanes: as many full ones as fit, then 2 and 1 */
    const int L = hr_pl_lanes(K);
    int64_t nch = 0;
    int64_t *c0 = (int64_t *)malloc((size_t)(NR + 1) * sizeof(int64_t));
    int *cw = (int *)malloc((size_t)(NR + 1) * sizeof(int));
    if (!c0 || !cw) {
        free(c0);
        free(cw);
        hr_pl_free(&P);
        return -1;
    }
    for (int64_t v = 0; v < NR;) {
        const int w = NR - v >= L ? L : NR - v >= 2 ? 2 : 1;
        c0[nch] = v;
        cw[nch++] = w;
        v += w;
    }
    int failed = 0;
    int64_t k;
    if (team > nch) team = (int)nch;
    (void)team;
    HR_PL_OMP(parallel num_threads(team) if(team > 1) reduction(|:failed))
    {
        hr_pl_work_t W;
        const int have = hr_pl_work_alloc(&W, &P, nch == 1 ? cw[0] : L, compat != NULL) == 0;
        if (!have) failed = 1;
        HR_PL_OMP(for schedule(dynamic, 1))
        for (k = 0; k < nch; k++)
            if (have) hr_pl_chunk(&P, reach, c0[k], cw[k], out, compat, &W);
        if (have) hr_pl_work_free(&W);
    }
    free(c0);
    free(cw);
    hr_pl_free(&P);
    return failed ? -1 : 0;
}

/* Every hand's strength on one checked river board (C(52, K) int16, -1 for
 * a hand that meets the board).  Returns 0, or -1 if memory ran out. */
static int hr_pl_strengths(const hr_rule_t *R, const uint8_t *board, int K, int16_t *s)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_pl_board_t P;
    hr_vctx_init(&c, wc, R, &hr_standard);
    if (hr_pl_prepare(&c, board, K, &P, s)) return -1;
    hr_pl_free(&P);
    return 0;
}

#endif /* HANDRANK_HR_SV_OMAHA_H */
