/*
 * handrank classify, its first part: the made-hand classes and draw flags,
 * the rank tables, a key ordering hold'em hands as their strengths do
 * (hr_cl_key), and the records of board ranks the nut rank is read from
 * (hr_cl_rec_t, hr_cl_prepare).  hr_classify.h builds on it; the whole
 * design is described there.
 */
#ifndef HANDRANK_HR_CL_KEYS_H
#define HANDRANK_HR_CL_KEYS_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"


/* Made-hand classes (handrank.MadeHand): one per hand, a refinement of the
 * category of the best five of hole + board. */
enum {
    HR_CL_NO_MADE_HAND = 0, HR_CL_ACE_HIGH, HR_CL_BOARD_PAIR, HR_CL_WEAK_PAIR,
    HR_CL_UNDERPAIR, HR_CL_MIDDLE_PAIR, HR_CL_TOP_PAIR_WEAK_KICKER,
    HR_CL_TOP_PAIR_GOOD_KICKER, HR_CL_TOP_PAIR_TOP_KICKER, HR_CL_OVERPAIR,
    HR_CL_BOARD_TWO_PAIR, HR_CL_TWO_PAIR, HR_CL_BOARD_TRIPS, HR_CL_TRIPS, HR_CL_SET,
    HR_CL_STRAIGHT, HR_CL_FLUSH, HR_CL_FULL_HOUSE, HR_CL_QUADS, HR_CL_STRAIGHT_FLUSH,
    HR_CL_NCLASSES
};

/* Draw flags (handrank.Draw): none on the river. */
#define HR_CL_FLUSH_DRAW 1
#define HR_CL_NUT_FLUSH_DRAW 2
#define HR_CL_BACKDOOR_FLUSH_DRAW 4
#define HR_CL_OPEN_ENDED 8
#define HR_CL_GUTSHOT 16
#define HR_CL_DOUBLE_GUTSHOT 32
#define HR_CL_BACKDOOR_STRAIGHT_DRAW 64
#define HR_CL_OVERCARDS 128

/* Blocker flags (handrank.Blocker). */
#define HR_CL_BLOCKS_NUT_FLUSH 1
#define HR_CL_BLOCKS_NUT_STRAIGHT 2

/* A packed result: made (bits 0-4), draws (5-12), blockers (13-14), nut rank (16-31). */
#define HR_CL_PACK(made, draws, blk, nut) \
    ((uint32_t)(made) | ((uint32_t)(draws) << 5) | ((uint32_t)(blk) << 13) | ((uint32_t)(nut) << 16))

#define HR_CL_NIBBLES 0x1111111111111ULL     /* bit 4x for each rank x */
#define HR_CL_MAX_HOLDINGS 1176               /* C(49, 2): two cards off a flop */

/* hr_cl_next[m], nibble x: the high card of the best straight of ranks
 * m | {x} (1 = five-high .. 10 = ace-high, 0 = none).
 * hr_cl_ends[m]: bit 4x for each end x of a run of four consecutive ranks
 * of m that both ends would complete (an open-ended straight draw). */
static uint64_t hr_cl_next[1 << 13];
static uint64_t hr_cl_ends[1 << 13];
static int8_t hr_cl_top[1 << 13];             /* highest set bit of 13, -1 for 0 */
static uint8_t hr_cl_pop[1 << 14];            /* bits set in 14 (no POPCNT needed) */
/* hr_cl_nutst[m]: the ranks the highest straight two hole cards can make
 * on board ranks m needs from the hole (0: none). */
static uint16_t hr_cl_nutst[1 << 13];
/* hr_cl_stm[m]: the ranks y for which m | {y} holds a straight. */
static uint16_t hr_cl_stm[1 << 13];
/* hr_cl_win3[m]: bit j for each straight window j (the ranks of straight
 * j + 1, hr_cl_window) holding 3+ ranks of m. */
static uint16_t hr_cl_win3[1 << 13];

/* The ranks of straight j + 1 (j = 0: the wheel). */
#define hr_cl_window(j) ((j) ? 0x1fu << ((j) - 1) : 0x100fu)
static volatile int hr_cl_ready = 0;

/* Board cards of rank r in a mask: bit r of each suit's lane, added up by
 * one multiplication. */
#define HR_CL_RANK_COUNT(mask, r) \
    ((int)(((((mask) >> (r)) & 0x0001000100010001ULL) * 0x0001000100010001ULL) >> 48))

HR_INLINE int hr_cl_ctz32(uint32_t m)
{
#if defined(__GNUC__)
    return __builtin_ctz(m);
#else
    int i = 0;
    while (!(m >> i & 1)) i++;
    return i;
#endif
}

/* Ranks (13 bits, 2..A) to 14 positions: position 0 is the ace as a one. */
HR_INLINE uint32_t hr_cl_ext(uint32_t r) { return (r << 1) | ((r >> 12) & 1); }

/* Bit j set: the straight of positions j..j+4 (high card j + 1 in 1..10). */
HR_INLINE uint32_t hr_cl_straights(uint32_t r)
{
    uint32_t e = hr_cl_ext(r);
    return e & (e >> 1) & (e >> 2) & (e >> 3) & (e >> 4);
}

HR_INLINE int hr_cl_high(uint32_t r)
{
    uint32_t s = hr_cl_straights(r);
    return s ? hr_cl_top[s] + 1 : 0;
}

/* The n highest ranks of m. */
HR_INLINE uint32_t hr_cl_keep(uint32_t m, int n)
{
    while (hr_cl_pop[m] > n) m &= m - 1;
    return m;
}

static void hr_cl_init(void)
{
    uint32_t m;
    int x, j;
    if (hr_cl_ready) return;
    hr_cl_top[0] = -1;
    for (m = 0; m < (1u << 14); m++) hr_cl_pop[m] = (uint8_t)(m ? hr_cl_pop[m & (m - 1)] + 1 : 0);
    for (m = 1; m < (1u << 13); m++) {
        int t = 0;
        while (m >> (t + 1)) t++;
        hr_cl_top[m] = (int8_t)t;
    }
    for (m = 0; m < (1u << 13); m++) {
        uint64_t nx = 0, ends = 0;
        uint32_t e = hr_cl_ext(m);
        for (x = 0; x < 13; x++)
            nx |= (uint64_t)hr_cl_high(m | (1u << x)) << (4 * x);
        for (j = 1; j + 4 <= 13; j++) {        /* run at positions j..j+3, ends j-1, j+4 */
            uint32_t run = 0xfu << j;
            if ((e & run) == run && !(e >> (j - 1) & 1) && !(e >> (j + 4) & 1)) {
                int lo = j - 1 == 0 ? 12 : j - 2, hi = j + 3;   /* positions to ranks */
                ends |= (1ULL << (4 * lo)) | (1ULL << (4 * hi));
            }
        }
        hr_cl_next[m] = nx;
        hr_cl_win3[m] = 0;
        for (j = 0; j < 10; j++)
            if (hr_cl_pop[hr_cl_window(j) & m] >= 3) hr_cl_win3[m] |= (uint16_t)(1u << j);
        hr_cl_stm[m] = 0;
        for (x = 0; x < 13; x++)
            if (nx >> (4 * x) & 15) hr_cl_stm[m] |= (uint16_t)(1u << x);
        hr_cl_ends[m] = ends;
    }
    for (m = 0; m < (1u << 13); m++) {
        uint32_t e = hr_cl_ext(m);
        hr_cl_nutst[m] = 0;
        for (j = 9; j >= 0; j--) {             /* the highest straight two cards can make */
            uint32_t w = 0x1fu << j;
            if (hr_cl_pop[e & w] >= 3) {
                uint32_t need = w & ~e;
                hr_cl_nutst[m] = (uint16_t)((need >> 1) | ((need & 1) << 12));
                break;
            }
        }
    }
    hr_cl_ready = 1;
}

/* A key ordering hold'em hands of 5..7 cards as their strengths do:
 * category << 26, then the ranks that decide within it as bit sets. */
HR_INLINE uint32_t hr_cl_key(uint64_t mask)
{
    uint32_t l0 = (uint32_t)mask & 0x1fff, l1 = (uint32_t)(mask >> 16) & 0x1fff;
    uint32_t l2 = (uint32_t)(mask >> 32) & 0x1fff, l3 = (uint32_t)(mask >> 48) & 0x1fff;
    uint32_t any = l0 | l1 | l2 | l3, fl = 0, s, c2, c3, c4, t, p;
    if (hr_cl_pop[l0] >= 5) fl = l0;
    else if (hr_cl_pop[l1] >= 5) fl = l1;
    else if (hr_cl_pop[l2] >= 5) fl = l2;
    else if (hr_cl_pop[l3] >= 5) fl = l3;
    if (fl && (s = hr_cl_straights(fl)) != 0)
        return (8u << 26) | (uint32_t)(hr_cl_top[s] + 1);
    c4 = l0 & l1 & l2 & l3;
    if (c4) {
        t = 1u << hr_cl_top[c4];
        return (7u << 26) | (t << 13) | (1u << hr_cl_top[any & ~t]);
    }
    c2 = (l0 & l1) | (l0 & l2) | (l0 & l3) | (l1 & l2) | (l1 & l3) | (l2 & l3);
    c3 = (l0 & l1 & l2) | (l0 & l1 & l3) | (l0 & l2 & l3) | (l1 & l2 & l3);
    if (c3) {
        t = 1u << hr_cl_top[c3];
        if (c2 & ~t) return (6u << 26) | (t << 13) | (1u << hr_cl_top[c2 & ~t]);
    }
    if (fl) return (5u << 26) | hr_cl_keep(fl, 5);
    if ((s = hr_cl_straights(any)) != 0) return (4u << 26) | (uint32_t)(hr_cl_top[s] + 1);
    if (c3) return (3u << 26) | (c3 << 13) | hr_cl_keep(any & ~c3, 2);
    if (c2) {
        if (c2 & (c2 - 1)) {
            p = hr_cl_keep(c2, 2);
            return (2u << 26) | (p << 13) | (1u << hr_cl_top[any & ~p]);
        }
        return (1u << 26) | (c2 << 13) | hr_cl_keep(any & ~c2, 3);
    }
    return hr_cl_keep(any, 5);
}

/* ---- The nut rank from the board's ranks (boards with no flush suit) ----
 *
 * On a board with no suit of three or more cards no hand makes a flush, so
 * a holding's key depends on its two ranks only.  For each multiset of
 * board ranks a record holds the distinct keys of every rank pair (x, y)
 * that the deck still has (sorted), how many rank pairs give each, and the
 * key's index of each pair.  A hand's nut rank is then 1 + the keys above
 * its own, less those whose every rank pair the hole cards use up (a rank
 * the hole leaves with no card, or a pair it leaves with one): a lookup and
 * usually nothing more.  Records are built once a process for each board
 * size (C(12 + nb, nb) multisets: 455, 1,820, 6,188), indexed by the
 * combinatorial number system of the sorted ranks. */
typedef struct hr_cl_rec {
    uint8_t m;                 /* distinct keys */
    uint8_t kid[13][13];       /* key index of rank pair (x, y); 255: no such pair */
    uint8_t mult[91];          /* rank pairs of each key */
    uint16_t fh[13];           /* fh[x]: ranks y whose pair with x fills up (category 6+) */
    uint32_t keys[91];         /* ascending (last: a hole that makes no flush skips them) */
} hr_cl_rec_t;

/* The bytes of a record before its keys: all that the nut rank of a hole
 * making no flush reads (hr_classify.h asks for them ahead). */
#define HR_CL_REC_READ ((int)offsetof(hr_cl_rec_t, keys))

static hr_cl_rec_t *hr_cl_recs[6];          /* by board size 3..5 */
static int hr_cl_binom[20][6];

/* The record index of nb sorted ranks. */
HR_INLINE int hr_cl_rec_index(const int *q, int nb)
{
    int i, ix = 0;
    for (i = 0; i < nb; i++) ix += hr_cl_binom[q[i] + i][i + 1];
    return ix;
}

/* The key of a multiset of ranks (counts c, 5..7 cards) with no flush:
 * cards dealt suits 0, 1, 2, 3, 0, ... in rank order (two at most a suit). */
static uint32_t hr_cl_rank_key(const int *c)
{
    uint64_t mask = 0;
    int r, j, t = 0;
    for (r = 0; r < 13; r++)
        for (j = 0; j < c[r]; j++, t++) mask |= 1ULL << (16 * (t & 3) + r);
    return hr_cl_key(mask);
}

static void hr_cl_rec_fill(hr_cl_rec_t *R, const int *c)
{
    uint32_t raw[91];
    int x, y, i, j, n = 0, cc[13];
    memcpy(cc, c, sizeof cc);
    for (x = 0; x < 13; x++)
        for (y = x; y < 13; y++) {
            if (x == y ? c[x] > 2 : (c[x] > 3 || c[y] > 3)) continue;
            cc[x]++; cc[y]++;
            raw[n++] = hr_cl_rank_key(cc);
            cc[x]--; cc[y]--;
        }
    for (i = 1; i < n; i++) {                  /* insertion sort: n <= 91 */
        uint32_t v = raw[i];
        for (j = i; j > 0 && raw[j - 1] > v; j--) raw[j] = raw[j - 1];
        raw[j] = v;
    }
    R->m = 0;
    for (i = 0; i < n; i++)
        if (i == 0 || raw[i] != raw[i - 1]) R->keys[R->m++] = raw[i];
    memset(R->kid, 255, sizeof R->kid);
    memset(R->mult, 0, sizeof R->mult);
    memset(R->fh, 0, sizeof R->fh);
    for (x = 0; x < 13; x++)
        for (y = x; y < 13; y++) {
            uint32_t k;
            int lo = 0, hi = R->m - 1;
            if (x == y ? c[x] > 2 : (c[x] > 3 || c[y] > 3)) continue;
            cc[x]++; cc[y]++;
            k = hr_cl_rank_key(cc);
            cc[x]--; cc[y]--;
            while (lo < hi) {
                int mid = (lo + hi) >> 1;
                if (R->keys[mid] < k) lo = mid + 1; else hi = mid;
            }
            R->kid[x][y] = R->kid[y][x] = (uint8_t)lo;
            R->mult[lo]++;
            if (k >> 26 >= 6) {
                R->fh[x] |= (uint16_t)(1u << y);
                R->fh[y] |= (uint16_t)(1u << x);
            }
        }
}

/* Build the records of boards of nb cards (once, from hr_cl_prepare).
 * 0, or -3 when memory runs out. */
static int hr_cl_prepare_recs(int nb)
{
    int q[5], c[13], i, size;
    hr_cl_rec_t *recs;
    if (nb < 3 || nb > 5) return 0;
    hr_cl_init();
    if (hr_cl_recs[nb]) return 0;
    for (i = 0; i < 20; i++) {
        int k;
        hr_cl_binom[i][0] = 1;
        for (k = 1; k < 6; k++)
            hr_cl_binom[i][k] = i == 0 ? 0 : hr_cl_binom[i - 1][k - 1] + hr_cl_binom[i - 1][k];
    }
    size = hr_cl_binom[12 + nb][nb];
    recs = (hr_cl_rec_t *)calloc((size_t)size, sizeof(hr_cl_rec_t));
    if (!recs) return -3;
    for (i = 0; i < nb; i++) q[i] = 0;
    for (;;) {                                  /* every non-decreasing q */
        int ok = 1, k;
        memset(c, 0, sizeof c);
        for (i = 0; i < nb; i++) ok &= ++c[q[i]] <= 4;
        if (ok) hr_cl_rec_fill(&recs[hr_cl_rec_index(q, nb)], c);
        for (k = nb - 1; k >= 0 && q[k] == 12; k--) {}
        if (k < 0) break;
        q[k]++;
        for (i = k + 1; i < nb; i++) q[i] = q[k];
    }
    hr_cl_recs[nb] = recs;
    return 0;
}


#endif /* HANDRANK_HR_CL_KEYS_H */
