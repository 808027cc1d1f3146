/*
 * handrank solver blocks, Omaha rivers, part one: a river board's hands
 * valued and sorted by strength, and the subsets of a hand by level, which
 * the sweep (hr_sv_omaha_lanes.h) reads and adds to.  hr_sv_omaha.h has the
 * method and the entry points.
 *
 * Strengths.  An Omaha hand plays exactly two hole cards and three board
 * cards, so on a river its strength is the best, over its C(K, 2) hole
 * pairs, of the pair's strength: the best 5-card hand of that pair and a
 * board triple.  hr_pl_prepare values the 1,081 pairs of the 47 cards off
 * the board once (10 five-card valuations each, hr_value), then every live
 * hand as the maximum of its pairs', and sorts the live hands by strength
 * (a counting sort: strengths are below 8,192).
 */
#ifndef HANDRANK_HR_SV_OMAHA_BOARD_H
#define HANDRANK_HR_SV_OMAHA_BOARD_H

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "../base/hr_core.h"
#if defined(__linux__) && defined(_GNU_SOURCE)
#include <sys/mman.h>                  /* madvise: see hr_pl_alloc */
#endif
#include "../base/hr_rows.h"           /* hr_team */
#include "../evaluation/hr_value.h"    /* hr_value, hr_vctx_t, hr_standard */

#ifdef _OPENMP
#define HR_PL_OMP(x) HR_OMP(x)
#else
#define HR_PL_OMP(x)
#endif

/* Sums per subset of the 47 live cards (local indices, colex), by size:
 * cards, pairs, triples, quadruples. */
#define HR_PL_LIVE 47                           /* cards off a river */
#define HR_PL_OFF2 HR_PL_LIVE
#define HR_PL_OFF3 (HR_PL_OFF2 + 1081)
#define HR_PL_OFF4 (HR_PL_OFF3 + 16215)
#define HR_PL_NSUMS4 HR_PL_OFF4                 /* K = 4 reads no quads */
#define HR_PL_NSUMS5 (HR_PL_OFF4 + 178365)
#define HR_PL_NSTR 8192                         /* strengths are below this */
#define HR_PL_KMAX 5

static uint32_t hr_pl_binom[HR_NCARDS + 1][6];  /* C(n, k) */

static void hr_pl_init(void)
{
    for (int n = 0; n <= HR_NCARDS; n++) {
        hr_pl_binom[n][0] = 1;
        for (int k = 1; k < 6; k++)
            hr_pl_binom[n][k] = n ? hr_pl_binom[n - 1][k - 1] + hr_pl_binom[n - 1][k] : 0;
    }
}

/* n bytes for one of the large arrays of a sweep (MBs, touched once a
 * call).  On Linux, where the build has the GNU interfaces (Python's own
 * headers come first and define _GNU_SOURCE), they are asked for as huge
 * pages, as numpy asks for its large arrays: the kernel then maps and
 * zeroes 2 MB at a fault instead of 4 kB, which took more time than the
 * sweep of a PLO4 river.  free() releases either. */
static void *hr_pl_alloc(size_t n)
{
#if defined(__linux__) && defined(_GNU_SOURCE) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)1 << 21;
    void *p = NULL;
    if (n >= huge && posix_memalign(&p, huge, (n + huge - 1) / huge * huge) == 0) {
        (void)madvise(p, (n + huge - 1) / huge * huge, MADV_HUGEPAGE);
        return p;
    }
#endif
    return malloc(n);
}

/* A block of memory that a caller may keep from one call to the next (it
 * owns it): p (NULL, or from hr_pl_alloc) of n bytes.  Between calls a
 * caller may hand its pages back to the kernel under memory pressure
 * (hr_pl_rest); nothing reads a block before writing it. */
typedef struct {
    void *p;
    size_t n;
} hr_pl_block_t;

/* Bytes rounded up to a cache line: the parts carved from a block. */
#define HR_PL_LINE(n) (((size_t)(n) + 63) & ~(size_t)63)

/* Make b at least n bytes (its contents are not kept).  Returns 0 or -1. */
static int hr_pl_grow(hr_pl_block_t *b, size_t n)
{
    if (b->p && b->n >= n) return 0;
    free(b->p);
    b->p = hr_pl_alloc(n);
    b->n = b->p ? n : 0;
    return b->p ? 0 : -1;
}

/* Let the kernel take b's pages back if memory runs short, without
 * unmapping them (Linux MADV_FREE; elsewhere nothing): a block kept
 * between calls then costs memory only while none is wanted elsewhere. */
static void hr_pl_rest(hr_pl_block_t *b)
{
#if defined(__linux__) && defined(_GNU_SOURCE) && defined(MADV_FREE)
    const size_t huge = (size_t)1 << 21;
    if (b->p && b->n >= huge && ((uintptr_t)b->p & (huge - 1)) == 0)
        (void)madvise(b->p, (b->n + huge - 1) / huge * huge, MADV_FREE);
#else
    (void)b;
#endif
}

/* Hands of K cards: C(52, K). */
HR_INLINE int64_t hr_pl_nhands(int K) { return (int64_t)hr_pl_binom[HR_NCARDS][K]; }

/* A river's live hands sorted by strength: local card x is code live[x];
 * hand i (weakest first) has the
 * local cards card[K i ..] (ascending, 0..46), and up[i] is the highest
 * position where they differ from hand i - 1's (K - 1 at a group's
 * start); the hand of index h (in hole_hands order) is at place pos[h]
 * (-1 if it meets the board); group g (equal strength) is hands [gs[g],
 * gs[g + 1]). */
typedef struct {
    int K;
    int64_t n, ng, maxg;             /* hands, groups, hands of the largest group */
    uint8_t live[HR_PL_LIVE];        /* the live cards' codes, ascending */
    uint8_t *card, *up;
    int32_t *pos;
    int64_t *gs;
} hr_pl_board_t;

/* The bytes of P's large arrays for hands of K cards (one block). */
static size_t hr_pl_board_bytes(int K)
{
    const size_t n = hr_pl_binom[HR_PL_LIVE][K];
    return HR_PL_LINE((size_t)hr_pl_nhands(K) * sizeof(int32_t)) +
           HR_PL_LINE(n * sizeof(int16_t)) + HR_PL_LINE(n * (size_t)K) + HR_PL_LINE(n);
}

/* Free what P holds beside its block. */
static void hr_pl_free(hr_pl_board_t *P)
{
    free(P->gs);
    P->gs = NULL;
}

/* One hand of the walk below: pass 0 notes its strength v (str, in walk
 * order) and counts it; pass 1 puts the hand (local cards x, index ix) at
 * its place of the counting sort. */
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
    P->pos[ix] = (int32_t)at;
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
    uint8_t x[5] = {0, 0, 0, (uint8_t)d, (uint8_t)e};
    const uint32_t top = B[live[d]][4] + (K == 5 ? B[live[e]][5] : 0);
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
                    x[0] = (uint8_t)a;
                    x[1] = (uint8_t)b;
                    x[2] = (uint8_t)c;
                    ix = B[live[a]][1] + B[live[b]][2] + B[live[c]][3] + top;
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
 * sorted by strength, its large arrays in block mem (grown as needed; P
 * holds it until hr_pl_free); with s != NULL also every hand's strength in
 * index order (C(52, K) int16, -1 for a hand that meets the board).  c
 * values high hands without wild cards.  Returns 0, or -1 if memory ran
 * out. */
static int hr_pl_prepare(const hr_vctx_t *c, const uint8_t *board, int K, hr_pl_board_t *P,
                         int16_t *s, hr_pl_block_t *mem)
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
    P->gs = NULL;
    if (hr_pl_grow(mem, hr_pl_board_bytes(K))) return -1;
    int64_t *cnt = (int64_t *)calloc(HR_PL_NSTR + 1, sizeof(int64_t));
    P->gs = (int64_t *)malloc((HR_PL_NSTR + 1) * sizeof(int64_t));
    if (!cnt || !P->gs) {
        free(cnt);
        hr_pl_free(P);
        return -1;
    }
    char *at = (char *)mem->p;
    P->K = K;
    P->n = n;
    P->pos = (int32_t *)(void *)at;
    at += HR_PL_LINE((size_t)hr_pl_nhands(K) * sizeof(int32_t));
    int16_t *str = (int16_t *)(void *)at;
    at += HR_PL_LINE((size_t)n * sizeof(int16_t));
    P->card = (uint8_t *)at;
    at += HR_PL_LINE((size_t)n * (size_t)K);
    P->up = (uint8_t *)at;
    memcpy(P->live, live, HR_PL_LIVE);
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
    for (int64_t h = 0; h < hr_pl_nhands(K); h++) P->pos[h] = -1;
    if (s) for (int64_t h = 0; h < hr_pl_nhands(K); h++) s[h] = -1;
    hr_pl_walk(ps, live, K, 1, str, cnt, P, s);
    for (int64_t g = 0; g < ng; g++) {
        P->up[P->gs[g]] = (uint8_t)(K - 1);
        for (int64_t i = P->gs[g] + 1; i < P->gs[g + 1]; i++) {
            const uint8_t *x = P->card + i * K, *y = x - K;
            int p = K - 1;
            while (x[p] == y[p]) p--;
            P->up[i] = (uint8_t)p;
        }
    }
    free(cnt);
    return 0;
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

/* Zeros for the dead hands [from, to) of vc vectors N apart in out (and
 * compat unless NULL). */
HR_INLINE void hr_pl_zeros(double *out, double *compat, int64_t N, int vc, int64_t from,
                           int64_t to)
{
    for (int64_t h = from; h < to; h++)
        for (int v = 0; v < vc; v++) {
            out[v * N + h] = 0.0;
            if (compat) compat[v * N + h] = 0.0;
        }
}

/* Level-0 subsets of a hand of K cards (those holding its lowest card,
 * the hand itself left out) of even size (added) and odd size (taken). */
#define HR_PL_NP0(K) ((1 << ((K) - 2)) - !((K) & 1))
#define HR_PL_NN0(K) ((1 << ((K) - 2)) - ((K) & 1))

/* The sums of a hand's proper subsets by level: level j holds the subsets
 * whose lowest card is x_j, np[j] of even size first, then the others
 * (n[j] in all); level 0's offsets leave out the lowest card's term x_0. */
typedef struct {
    int n[HR_PL_KMAX], np[HR_PL_KMAX];
    uint32_t off[HR_PL_KMAX][16];
} hr_pl_level_t;

/* The subsets U of r cards (bit masks below 2^r, r <= 4) with |U| odd
 * first, then even; 2^(r-1) odd ones (none for r = 0). */
static const uint8_t hr_pl_uorder[HR_PL_KMAX][16] = {
    {0},
    {1, 0},
    {1, 2, 0, 3},
    {1, 2, 4, 7, 0, 3, 5, 6},
    {1, 2, 4, 7, 8, 11, 13, 14, 0, 3, 5, 6, 9, 10, 12, 15},
};

/* Level j of the K ascending local cards x into L: the subsets {x_j} + U,
 * U of the cards above x_j.  The colex offset of a subset y_1 < ... < y_m
 * is the sum of C(y_i, i).  Levels 0 and 1, which change with most hands
 * that start a run, are written out; the others build the sums up over U
 * in increasing order, each U from U without its top card (rank |U| + 1). */
HR_INLINE void hr_pl_level(const uint8_t *x, const int K, const int j, hr_pl_level_t *L)
{
    static const uint32_t off[HR_PL_KMAX + 1] = {0, 0, HR_PL_OFF2, HR_PL_OFF3, HR_PL_OFF4, 0};
    const uint32_t(*B)[6] = (const uint32_t(*)[6])hr_pl_binom;
    uint32_t *o = L->off[j];
    const int rest = K - 1 - j, nu = 1 << rest;
    if (j <= 1 && rest >= 2) {
        /* y: the cards above x_j; z: x_j's own term (0 on level 0) */
        const uint32_t z = j ? x[j] : 0, b = x[j + 1], c = x[j + 2];
        const uint32_t b2 = B[b][2], c2 = B[c][2], c3 = B[c][3];
        if (rest == 2) {                /* K = 4, level 1: bc bd | b bcd */
            o[0] = HR_PL_OFF2 + z + b2, o[1] = HR_PL_OFF2 + z + c2;
            o[2] = z, o[3] = HR_PL_OFF3 + z + b2 + c3;
            L->np[j] = 2, L->n[j] = 4;
            return;
        }
        const uint32_t d = x[j + 3], d2 = B[d][2], d3 = B[d][3], d4 = B[d][4];
        if (rest == 3) {
            /* even: ab ac ad (+ abcd off level 0) | odd: a abc abd acd */
            o[0] = HR_PL_OFF2 + z + b2, o[1] = HR_PL_OFF2 + z + c2, o[2] = HR_PL_OFF2 + z + d2;
            int n = 3;
            if (j) o[n++] = HR_PL_OFF4 + z + b2 + c3 + d4;
            L->np[j] = n;
            o[n++] = z;
            o[n++] = HR_PL_OFF3 + z + b2 + c3, o[n++] = HR_PL_OFF3 + z + b2 + d3;
            o[n++] = HR_PL_OFF3 + z + c2 + d3;
            L->n[j] = n;
            return;
        }
        /* K = 5, level 0: pairs and quads | the card and triples */
        const uint32_t e = x[4], e2 = B[e][2], e3 = B[e][3], e4 = B[e][4];
        o[0] = HR_PL_OFF2 + b2, o[1] = HR_PL_OFF2 + c2, o[2] = HR_PL_OFF2 + d2;
        o[3] = HR_PL_OFF2 + e2;
        o[4] = HR_PL_OFF4 + b2 + c3 + d4, o[5] = HR_PL_OFF4 + b2 + c3 + e4;
        o[6] = HR_PL_OFF4 + b2 + d3 + e4, o[7] = HR_PL_OFF4 + c2 + d3 + e4;
        o[8] = 0;
        o[9] = HR_PL_OFF3 + b2 + c3, o[10] = HR_PL_OFF3 + b2 + d3, o[11] = HR_PL_OFF3 + b2 + e3;
        o[12] = HR_PL_OFF3 + c2 + d3, o[13] = HR_PL_OFF3 + c2 + e3, o[14] = HR_PL_OFF3 + d2 + e3;
        L->np[j] = 8, L->n[j] = 15;
        return;
    }
    uint32_t S[16];
    int m[16], n = 0;
    S[0] = j ? x[j] : 0;
    m[0] = 1;
    for (int U = 1; U < nu; U++) {
        int t = rest - 1;
        while (!(U >> t & 1)) t--;
        const int V = U ^ (1 << t);
        m[U] = m[V] + 1;
        S[U] = S[V] + B[x[j + 1 + t]][m[U]];
    }
    for (int k = 0; k < nu; k++) {
        const int U = hr_pl_uorder[rest][k];
        if (j == 0 && U == nu - 1) continue;            /* the hand itself */
        o[n++] = S[U] + off[m[U]];
    }
    L->np[j] = rest ? nu / 2 : 0;
    L->n[j] = n;
}

/* Work space of one thread: the sums, the sorted lanes (weights, then
 * values in their room) and one group's first reads. */
typedef struct {
    double *acc, *rs, *tmp;
} hr_pl_work_t;

/* Lane types for 2 and 4 reach vectors side by side where the compiler
 * has vector extensions (two SSE2 operations for 4 lanes, one with AVX),
 * and the same read and written at any 8-byte place. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(HR_SV_SCALAR)
#define HR_PL_WIDE 4
typedef double hr_pl_d2 __attribute__((vector_size(16)));
typedef double hr_pl_d4 __attribute__((vector_size(32)));
typedef double hr_pl_u2 __attribute__((vector_size(16), aligned(8), may_alias));
typedef double hr_pl_u4 __attribute__((vector_size(32), aligned(8), may_alias));
typedef double hr_pl_d8 __attribute__((vector_size(64)));
typedef double hr_pl_u8 __attribute__((vector_size(64), aligned(8), may_alias));
#else
#define HR_PL_WIDE 1
#endif
/* Clones for AVX2 and AVX-512 where the build makes x86-64 clones. */
#if defined(HR_MULTIVERSION) && HR_PL_WIDE > 1
#define HR_PL_CLONES 1
#else
#define HR_PL_CLONES 0
#endif

#endif /* HANDRANK_HR_SV_OMAHA_BOARD_H */
