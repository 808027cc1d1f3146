/*
 * handrank classify, its third part: the rank table's indexes (a board's
 * ranks to its record and rank-table row), the card tables the row loop
 * reads, a board's state for the nut rank (hr_cl_board_state,
 * hr_cl_board_flush, hr_cl_board with the brute force's keys) and the suit
 * flags (flush draws, the nut-flush blocker).  hr_classify.h builds on it;
 * the whole design is described there.
 */
#ifndef HANDRANK_HR_CL_BOARD_H
#define HANDRANK_HR_CL_BOARD_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "hr_cl_keys.h"
#include "hr_cl_nut.h"


/* ---- The rank table: boards with no suit of 3+ cards ----
 *
 * hr_cl_one's answer, less its suit flags, for each multiset of board ranks
 * (its record index) and each rank pair of the hole (hr_cl_tri), built once
 * a process for each board size from a board of those ranks dealt suits
 * 0, 1, 2, 3, 0 in rank order (two cards a suit at most) and hole cards of
 * suits the board leaves.  No flush is possible on such boards, so the
 * made hand, the straight draws, overcards, the nut rank (hr_cl_nut_rec)
 * and the nut-straight blocker depend on the ranks alone.  Entries of rank
 * pairs the deck does not have are 0 and never read.  A board's record
 * index comes from its cards' ranks in any order: a flop's from hr_cl_ix3,
 * then a turn's from the flop's and the fourth rank, a river's from the
 * flop's and the last two ranks. */
static uint32_t *hr_cl_rt[6];               /* by board size: 91 entries a record */
static uint8_t hr_cl_tri[13 * 13];          /* rank pair (either order) to 0..90 */
static uint16_t hr_cl_ix3[13 * 13 * 13];
static uint16_t hr_cl_ix4[455 * 13];
static uint16_t hr_cl_ix5[455 * 91];
/* A card code's bit; a code of 52 and up has HR_CL_BAD_BIT, which no card
 * has (filled by hr_cl_index_init). */
#define HR_CL_BAD_BIT (1ULL << 15)
static uint64_t hr_cl_cbit[256];
static uint32_t hr_cl_csuit[256];             /* a card's suit count: 1 << 4 * suit */
static uint8_t hr_cl_crank[256];              /* a card's rank; 0 for codes of 52 and up */

#define HR_CL_SUIT_BITS \
    HR_CL_PACK(0, HR_CL_FLUSH_DRAW | HR_CL_NUT_FLUSH_DRAW | HR_CL_BACKDOOR_FLUSH_DRAW, \
               HR_CL_BLOCKS_NUT_FLUSH, 0)

/* The record index of board cards bp (nb of them, any order). */
HR_INLINE int hr_cl_board_index(const uint8_t *bp, int nb)
{
    int i3 = hr_cl_ix3[HR_RANK(bp[0]) * 169 + HR_RANK(bp[1]) * 13 + HR_RANK(bp[2])];
    if (nb == 3) return i3;
    if (nb == 4) return hr_cl_ix4[i3 * 13 + HR_RANK(bp[3])];
    return hr_cl_ix5[i3 * 91 + hr_cl_tri[HR_RANK(bp[3]) * 13 + HR_RANK(bp[4])]];
}

/* The record index of n ranks (any order; n <= 5). */
static int hr_cl_sorted_index(const int *r, int n)
{
    int q[5], i, j;
    for (i = 0; i < n; i++) {
        int v = r[i];
        for (j = i; j > 0 && q[j - 1] > v; j--) q[j] = q[j - 1];
        q[j] = v;
    }
    return hr_cl_rec_index(q, n);
}

static void hr_cl_suit_init(void);

static void hr_cl_index_init(void)
{
    int r[5], x, y, k = 0;
    hr_cl_suit_init();
    hr_cl_f4_init();
    for (x = 0; x < 256; x++) {
        hr_cl_cbit[x] = x < 52 ? HR_BIT(x) : HR_CL_BAD_BIT;
        hr_cl_csuit[x] = 1u << (4 * HR_SUIT(x));
        hr_cl_crank[x] = (uint8_t)(x < 52 ? HR_RANK(x) : 0);
    }
    for (x = 0; x < 13; x++)
        for (y = x; y < 13; y++) hr_cl_tri[13 * x + y] = hr_cl_tri[13 * y + x] = (uint8_t)k++;
    for (r[0] = 0; r[0] < 13; r[0]++)
        for (r[1] = 0; r[1] < 13; r[1]++)
            for (r[2] = 0; r[2] < 13; r[2]++) {
                int i3 = hr_cl_sorted_index(r, 3);
                hr_cl_ix3[169 * r[0] + 13 * r[1] + r[2]] = (uint16_t)i3;
                if (r[0] > r[1] || r[1] > r[2]) continue;       /* each flop's index once */
                for (r[3] = 0; r[3] < 13; r[3]++) {
                    hr_cl_ix4[13 * i3 + r[3]] = (uint16_t)hr_cl_sorted_index(r, 4);
                    for (r[4] = r[3]; r[4] < 13; r[4]++)
                        hr_cl_ix5[91 * i3 + hr_cl_tri[13 * r[3] + r[4]]] =
                            (uint16_t)hr_cl_sorted_index(r, 5);
                }
            }
}

/* Fill B's board state (no keys) for a board mask of 3..5 distinct cards,
 * rec_ix the record index of its ranks (hr_cl_board_index). */
HR_INLINE void hr_cl_board_state(hr_cl_board_t *B, uint64_t bmask, int rec_ix)
{
    int s;
    B->bmask = bmask;
    B->nb = 0;
    B->branks = 0;
    B->nkeys = B->nrest = 0;
    B->flush_suit = -1;
    for (s = 0; s < 4; s++) {
        B->blane[s] = (uint32_t)(bmask >> (16 * s)) & 0x1fff;
        B->bcount[s] = hr_cl_pop[B->blane[s]];
        B->nb += B->bcount[s];
        B->branks |= B->blane[s];
        if (B->bcount[s] >= 3) B->flush_suit = s;
    }
    B->rec = &hr_cl_recs[B->nb][rec_ix];
    B->btop1 = hr_cl_top[B->branks];
    B->btop2 = hr_cl_top[B->branks & ~(1u << B->btop1)];
    B->nut_straight = hr_cl_nutst[B->branks];
    B->has_keys = 0;
}

/* What hr_cl_nut_flush reads of a board of nb cards with a flush suit (sc:
 * its cards of each suit, a nibble each, one of them 3+): the rest of B
 * (hr_cl_board_rest) only hr_cl_one needs. */
HR_INLINE void hr_cl_board_flush(hr_cl_board_t *B, uint64_t bmask, int nb, uint32_t sc,
                                 int rec_ix)
{
    int s;
    B->bmask = bmask;
    B->nb = nb;
    B->nkeys = B->nrest = 0;
    B->has_keys = 0;
    B->flush_suit = hr_cl_ctz32((sc + 0x5555u) & 0x8888u) >> 2;
    for (s = 0; s < 4; s++) {
        B->blane[s] = (uint32_t)(bmask >> (16 * s)) & 0x1fff;
        B->bcount[s] = (int)(sc >> (4 * s) & 15);
    }
    B->rec = &hr_cl_recs[nb][rec_ix];
}

/* The rest of hr_cl_board_state after hr_cl_board_flush. */
HR_INLINE void hr_cl_board_rest(hr_cl_board_t *B)
{
    B->branks = B->blane[0] | B->blane[1] | B->blane[2] | B->blane[3];
    B->btop1 = hr_cl_top[B->branks];
    B->btop2 = hr_cl_top[B->branks & ~(1u << B->btop1)];
    B->nut_straight = hr_cl_nutst[B->branks];
}

/* Fill B as hr_cl_board_state does; for the brute force (B->brute), also
 * the cards off the board and, with_keys, the keys of every holding, for
 * hr_cl_nut (worth it when several rows share the board; without them
 * hr_cl_nut_direct counts for one hand). */
static void hr_cl_board(hr_cl_board_t *B, uint64_t bmask, int rec_ix, int with_keys)
{
    int j, i, n = 0, nc = 0;
    uint32_t raw[HR_CL_MAX_HOLDINGS];
    hr_cl_board_state(B, bmask, rec_ix);
    if (!B->brute) return;                      /* the nut rank comes from the record */
    for (i = 0; i < 52; i++)
        if (!(bmask >> (16 * (i & 3) + (i >> 2)) & 1)) B->rest[nc++] = (uint8_t)i;
    B->nrest = nc;
    B->has_keys = with_keys;
    if (!with_keys) return;
    for (i = 0; i < nc; i++)
        for (j = i + 1; j < nc; j++)
            raw[n++] = hr_cl_key(bmask | HR_BIT(B->rest[i]) | HR_BIT(B->rest[j]));
    memcpy(B->keys, raw, (size_t)n * sizeof(uint32_t));
    hr_cl_sort(B->keys, n);
    for (i = 0, j = 0; i < n; i++)
        if (j == 0 || B->keys[i] != B->keys[j - 1]) B->keys[j++] = B->keys[i];
    B->nkeys = j;
    memset(B->mult, 0, (size_t)j * sizeof(uint16_t));
    memset(B->seen, 0, (size_t)j * sizeof(uint16_t));
    for (i = 0, n = 0; i < nc; i++)
        for (j = i + 1; j < nc; j++) {
            int a = B->rest[i], b = B->rest[j];
            int k = hr_cl_find(B, raw[n++]);
            B->id[a * 52 + b] = B->id[b * 52 + a] = (uint16_t)k;
            B->mult[k]++;
        }
}


/* The suit flags of hole cards a, b on board mask bm of nb cards, packed
 * (HR_CL_PACK): flush draws (before the river, for a hand below a flush:
 * drawable), and whether a hole card is the highest card missing from a
 * suit with 3+ board cards (2+ before the river): the nut flush's.  Each
 * hole card adds the flags of its suit: with n board cards of that suit
 * and the other hole card of it or not (same), the suit has n + 1 + same
 * cards: 4 is a flush draw (the nut one when the card is the suit's
 * highest off the board: nut), 3 on the flop a backdoor one.  One read of
 * hr_cl_sfl gives both cards' flags (index: hr_cl_suited). */
static uint8_t hr_cl_lane[1 << 13];   /* a suit's board ranks: count | highest missing << 4 */
static uint32_t hr_cl_sfl[6][1024];   /* [nb][na nut_a nb nut_b same drawable] */

HR_INLINE uint32_t hr_cl_suited(uint64_t bm, int nb, int a, int b, int drawable)
{
    const int fa = hr_cl_lane[(uint32_t)(bm >> (16 * HR_SUIT(a))) & 0x1fff];
    const int fb = hr_cl_lane[(uint32_t)(bm >> (16 * HR_SUIT(b))) & 0x1fff];
    return hr_cl_sfl[nb][(fa & 7) << 7 | ((fa >> 4) == HR_RANK(a)) << 6 | (fb & 7) << 3 |
                         ((fb >> 4) == HR_RANK(b)) << 2 | (HR_SUIT(a) == HR_SUIT(b)) << 1 |
                         drawable];
}

/* hr_cl_suited on a river whose suit fs has 3+ cards (no other suit has
 * three): only the nut-flush blocker, a hole card that is fs's highest card
 * off the board. */
HR_INLINE uint32_t hr_cl_river_suited(uint64_t bm, int fs, int a, int b)
{
    const int nut = 4 * (hr_cl_lane[(uint32_t)(bm >> (16 * fs)) & 0x1fff] >> 4) + fs;
    return (a == nut || b == nut) ? HR_CL_PACK(0, 0, HR_CL_BLOCKS_NUT_FLUSH, 0) : 0;
}

/* The flags one hole card adds (see hr_cl_suited). */
static uint32_t hr_cl_suit_card(int nb, int n, int same, int nut, int drawable)
{
    const int tot = n + 1 + same;
    uint32_t draws = 0, blk = n >= (nb < 5 ? 2 : 3) && nut ? HR_CL_BLOCKS_NUT_FLUSH : 0;
    if (nb < 5 && drawable) {
        if (tot == 4) draws = HR_CL_FLUSH_DRAW | (nut ? HR_CL_NUT_FLUSH_DRAW : 0);
        else if (tot == 3 && nb == 3) draws = HR_CL_BACKDOOR_FLUSH_DRAW;
    }
    return HR_CL_PACK(0, draws, blk, 0);
}

static void hr_cl_suit_init(void)
{
    int l, nb, i;
    for (l = 0; l < (1 << 13); l++) {         /* counts up to 5 (a board's): 3 bits */
        int t = hr_cl_top[~l & 0x1fff];
        hr_cl_lane[l] = (uint8_t)((hr_cl_pop[l] > 7 ? 7 : hr_cl_pop[l]) | (t < 0 ? 15 : t) << 4);
    }
    for (nb = 3; nb <= 5; nb++)
        for (i = 0; i < 1024; i++) {
            const int same = i >> 1 & 1, drawable = i & 1;
            hr_cl_sfl[nb][i] = hr_cl_suit_card(nb, i >> 7, same, i >> 6 & 1, drawable) |
                               hr_cl_suit_card(nb, i >> 3 & 7, same, i >> 2 & 1, drawable);
        }
}

#endif /* HANDRANK_HR_CL_BOARD_H */
