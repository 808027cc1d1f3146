/*
 * handrank solver blocks, Omaha rivers: the showdown values of every hand of
 * 4 (PLO4, 270,725 hands) or 5 (PLO5, 2,598,960 hands) hole cards against
 * reach vectors over the same hands, with exact card removal.
 *
 * Hands.  A hand of K cards x_1 < ... < x_K has the colex index
 * C(x_1, 1) + ... + C(x_K, K) (the order of handrank.hole_hands(K)).
 *
 * Strengths.  A hand's strength is the best of its hole pairs' with three
 * board cards; the hands are sorted by it (hr_sv_omaha_board.h).
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
 * - tot_S.  One pass up the strength groups keeps running sums of reach
 * per subset of the 47 live cards: one total, per card, pair, triple (and
 * for K = 5 quadruple).  A group's hands read their proper subsets' sums as
 * the group starts and once the group is added (a group without weight
 * needs one read), and a last read of the finished sums, in index order
 * with the write-back, gives tot and the compatible reach
 *     compat(H) = sum over S subset of H of (-1)^|S| tot_S.
 * No loop runs over pairs of hands, and hands that share their top cards
 * with the hand before share those reads and adds too
 * (hr_sv_omaha_lanes.h).
 *
 * Several reach vectors are swept at once (lanes side by side in every
 * sum).  Nothing here touches Python; callers check boards
 * (hr_sv_check_boards) first.
 */
#ifndef HANDRANK_HR_SV_OMAHA_H
#define HANDRANK_HR_SV_OMAHA_H

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "../evaluation/hr_batch.h"   /* hr_isa */
#include "../evaluation/hr_simd.h"    /* HR_AVX2_TARGET, HR_AVX512_TARGET */
#include "hr_sv_omaha_board.h"

/* The sweep, once per lane count and instruction set (a template: the same
 * code for each lane type, so one code path): 1 lane everywhere, 2 and 4
 * where the compiler has vector extensions (SSE2: two operations for 4
 * lanes), and where the build makes x86-64 clones, 4 lanes for AVX2 and 8
 * for AVX-512, chosen at run time by hr_isa as the batch loops are. */
#define HR_PL_ATTR
#define HR_PL_FN(f) f##_1
#define HR_PL_T double
#define HR_PL_U double
#define HR_PL_Z 0.0
#define HR_PL_VC 1
#include "hr_sv_omaha_lanes.h"
#if HR_PL_WIDE > 1
#define HR_PL_ATTR
#define HR_PL_FN(f) f##_2
#define HR_PL_T hr_pl_d2
#define HR_PL_U hr_pl_u2
#define HR_PL_Z ((hr_pl_d2){0.0, 0.0})
#define HR_PL_VC 2
#include "hr_sv_omaha_lanes.h"
#define HR_PL_ATTR
#define HR_PL_FN(f) f##_4
#define HR_PL_T hr_pl_d4
#define HR_PL_U hr_pl_u4
#define HR_PL_Z ((hr_pl_d4){0.0, 0.0, 0.0, 0.0})
#define HR_PL_VC 4
#include "hr_sv_omaha_lanes.h"
#endif
#if HR_PL_CLONES
#define HR_PL_ATTR HR_AVX2_TARGET
#define HR_PL_FN(f) f##_4v
#define HR_PL_T hr_pl_d4
#define HR_PL_U hr_pl_u4
#define HR_PL_Z ((hr_pl_d4){0.0, 0.0, 0.0, 0.0})
#define HR_PL_VC 4
#include "hr_sv_omaha_lanes.h"
#define HR_PL_ATTR HR_AVX512_TARGET
#define HR_PL_FN(f) f##_8z
#define HR_PL_T hr_pl_d8
#define HR_PL_U hr_pl_u8
#define HR_PL_Z ((hr_pl_d8){0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0})
#define HR_PL_VC 8
#include "hr_sv_omaha_lanes.h"
#endif

/* The bytes of one thread's work space for vc lanes on prepared board P
 * (hr_pl_work_carve). */
static size_t hr_pl_work_bytes(const hr_pl_board_t *P, int vc)
{
    const size_t nsums = P->K == 4 ? HR_PL_NSUMS4 : HR_PL_NSUMS5;
    return HR_PL_LINE(nsums * (size_t)vc * sizeof(double)) +
           HR_PL_LINE((size_t)P->n * (size_t)vc * sizeof(double)) +
           HR_PL_LINE(((size_t)P->maxg + 1) * (size_t)vc * sizeof(double));
}

/* One thread's work space for vc lanes, carved from mem (at least
 * hr_pl_work_bytes): the sums, the sorted weights (then values), and room
 * for the largest group's first reads. */
static void hr_pl_work_carve(hr_pl_work_t *W, const hr_pl_board_t *P, int vc, void *mem)
{
    const size_t nsums = P->K == 4 ? HR_PL_NSUMS4 : HR_PL_NSUMS5;
    char *at = (char *)mem;
    W->acc = (double *)(void *)at;
    at += HR_PL_LINE(nsums * (size_t)vc * sizeof(double));
    W->rs = (double *)(void *)at;
    at += HR_PL_LINE((size_t)P->n * (size_t)vc * sizeof(double));
    W->tmp = (double *)(void *)at;
}

/* Lanes of the AVX-512 clone: 8 (one 64-byte line a sum). */
#define HR_PL_LANES512 8

/* Lanes per sweep: with AVX-512 8, else 4 (1 without vector extensions).
 * Lanes cost memory: a thread's work space is about 8 bytes a lane per
 * live hand (PLO5: 62 MB at 4 lanes, with the sums), beside the caller's
 * reach and values (21 MB a vector). */
HR_INLINE int hr_pl_lanes(int K)
{
#if HR_PL_CLONES
    if (hr_isa >= HR_ISA_AVX512) return HR_PL_LANES512;
    if (hr_isa >= HR_ISA_AVX2) return 4;
#endif
    (void)K;
    return HR_PL_WIDE;
}

/* Vectors [v0, v0 + vc) of one prepared board (vc a lane count).  Returns
 * 1 if one of their weights is not a finite number >= 0 (nothing swept),
 * else 0. */
static int hr_pl_chunk(const hr_pl_board_t *P, const double *reach, int64_t v0, int vc,
                       double *out, double *compat, hr_pl_work_t *W)
{
    (void)vc;                       /* 1 without vector extensions */
#if HR_PL_CLONES
    if (vc == 8) return hr_pl_chunk_8z(P, reach, v0, out, compat, W);
    if (vc == 4 && hr_isa >= HR_ISA_AVX2) return hr_pl_chunk_4v(P, reach, v0, out, compat, W);
#endif
#if HR_PL_WIDE > 1
    if (vc == 4) return hr_pl_chunk_4(P, reach, v0, out, compat, W);
    if (vc == 2) return hr_pl_chunk_2(P, reach, v0, out, compat, W);
#endif
    return hr_pl_chunk_1(P, reach, v0, out, compat, W);
}

/* The showdown values of the hands of K (4 or 5) cards on one checked
 * river board against NR reach vectors (NR x C(52, K), read only): out
 * (NR x C(52, K)) and, with compat != NULL, the compatible reach.  team
 * threads share the vectors.  mem: team + 1 blocks the caller owns and
 * may keep for the next call (grown here as needed): the board's, then
 * each thread's work space.  Returns 0, -1 (memory) or -2 (a weight that
 * is not a finite number >= 0; the caller finds it). */
static int hr_pl_values(const hr_rule_t *R, const uint8_t *board, int K, const double *reach,
                        int64_t NR, double *out, double *compat, int team, hr_pl_block_t *mem)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_pl_board_t P;
    hr_vctx_init(&c, wc, R, &hr_standard);
    if (hr_pl_prepare(&c, board, K, &P, NULL, &mem[0])) return -1;
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
        const int w = NR - v >= L ? L : NR - v >= 4 && L > 4 ? 4 : NR - v >= 2 && L > 1 ? 2 : 1;
        c0[nch] = v;
        cw[nch++] = w;
        v += w;
    }
    if (team > nch) team = (int)nch;
    /* each thread's work space, before the threads start */
    const int vw = nch == 1 ? cw[0] : L;
    int failed = 0, bad = 0, next = 0;
    for (int t = 0; t < team && !failed; t++)
        failed = hr_pl_grow(&mem[1 + t], hr_pl_work_bytes(&P, vw));
    int64_t k;
    if (!failed) {
        HR_PL_OMP(parallel num_threads(team) if(team > 1) reduction(|:bad))
        {
            int me;
            hr_pl_work_t W;
            HR_PL_OMP(critical(hr_pl_slot))
            me = next++;
            hr_pl_work_carve(&W, &P, vw, mem[1 + me].p);
            HR_PL_OMP(for schedule(dynamic, 1))
            for (k = 0; k < nch; k++) bad |= hr_pl_chunk(&P, reach, c0[k], cw[k], out, compat, &W);
        }
    }
    free(c0);
    free(cw);
    hr_pl_free(&P);
    return failed ? -1 : bad ? -2 : 0;
}

/* Every hand's strength on one checked river board (C(52, K) int16, -1 for
 * a hand that meets the board), with the board's block mem (as
 * hr_pl_values).  Returns 0, or -1 if memory ran out. */
static int hr_pl_strengths(const hr_rule_t *R, const uint8_t *board, int K, int16_t *s,
                           hr_pl_block_t *mem)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_pl_board_t P;
    hr_vctx_init(&c, wc, R, &hr_standard);
    const int rc = hr_pl_prepare(&c, board, K, &P, s, mem);
    if (!rc) hr_pl_free(&P);
    return rc;
}

#endif /* HANDRANK_HR_SV_OMAHA_H */
