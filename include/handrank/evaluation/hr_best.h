/*
 * handrank best five: the cards of a hand that play, in reading order.
 *
 * hr_best_five values each hand of a batch (THE valuation, hr_value.h), then
 * finds the first choice of n of its cards (5; 3 for three-card poker), in
 * the order of itertools.combinations, whose own value is the hand's, and
 * writes those cards as a player reads them: the class's ranks in order of
 * significance (groups before kickers, high to low under the rule set, the
 * wheel as 5-4-3-2-A), higher suits first within a rank, wild cards last.
 * A hand of n cards or fewer (partial hands) plays every card.  A low with
 * no qualifying five (-1) plays the first choice, read groups first, then
 * high to low in the rule's order of ranks.
 *
 * Without wild cards, where flushes count for the player or not at all, the
 * cards are read off the class's ranks (hr_direct_pick).  Elsewhere the
 * choices are summed from the cards' entries (one SSE add per card), so the
 * 21 fives of 7 cards cost about as much as valuing 21 hands; a choice equal
 * to the hand's value stops the search.
 */
#ifndef HANDRANK_HR_BEST_H
#define HANDRANK_HR_BEST_H

#include <string.h>

#include "../base/hr_core.h"
#include "../base/hr_rows.h"
#include "../rules/hr_rule.h"
#include "hr_value.h"

#define HR_BEST_CHOICES 126            /* C(9, 5), the most choices of one hand */

/* Five keys in increasing order: a sorting network of min/max pairs, which
 * compilers make branch-free (the order of a hand's cards is data the
 * branch predictor cannot learn). */
#define HR_CSWAP(x, i, j)                                                     \
    do {                                                                      \
        const uint32_t lo_ = x[i] < x[j] ? x[i] : x[j];                       \
        const uint32_t hi_ = x[i] < x[j] ? x[j] : x[i];                       \
        x[i] = lo_;                                                           \
        x[j] = hi_;                                                           \
    } while (0)

HR_INLINE void hr_sort5(uint32_t x[5])
{
    HR_CSWAP(x, 0, 1); HR_CSWAP(x, 3, 4); HR_CSWAP(x, 2, 4);
    HR_CSWAP(x, 2, 3); HR_CSWAP(x, 0, 3); HR_CSWAP(x, 0, 2);
    HR_CSWAP(x, 1, 4); HR_CSWAP(x, 1, 3); HR_CSWAP(x, 1, 2);
}

/* The cards m = 1..5 of a hand of strength v, in reading order (in place):
 * each card's key -- its rank's place among the class ranks, then the suit
 * from spades down; wild cards last, by code -- packed above the card and
 * sorted.  A low with no qualifying five (v < 0) has no class ranks: its
 * cards go groups first, then high to low in the rule's order of ranks. */
HR_INLINE void hr_reading_order(const hr_rule_t *R, uint64_t wild_bits, int v, uint8_t *cards,
                                int m)
{
    uint32_t x[5] = {UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX};
    uint64_t place = 0x5555555555555555ULL;          /* 4 bits a rank: 5, no place */
    if (v >= 0) {                                    /* the class's ranks, in order */
        const uint8_t *sig = R->ranks + 5 * (size_t)v;
        for (int j = 4; j >= 0; j--) {               /* 255 (no card) is rank 15: unused */
            const int sh = 4 * (sig[j] & 15);
            place = (place & ~(15ULL << sh)) | (uint64_t)j << sh;
        }
    }
    for (int i = 0; i < m; i++) {
        const uint32_t c = cards[i];
        const uint64_t bit = c < HR_NCARDS ? HR_BIT(c) : c == HR_JOKER1 ? 1ULL << 13 : 1ULL << 29;
        const int r = HR_RANK(c) & 15;
        uint32_t p = (uint32_t)(place >> (4 * r)) & 15;
        if (HR_UNLIKELY(v < 0)) {                    /* no low: groups, then high to low */
            int same = 0;
            for (int j = 0; j < m; j++)
                same += cards[j] < HR_NCARDS && HR_RANK(cards[j]) == r;
            p = (uint32_t)((5 - same) * 16 + (15 - (R->pos[r] < 0 ? 0 : R->pos[r])));
        }
        const uint32_t key = c >= HR_NCARDS || (bit & wild_bits) ? 4096 + c
                                                                 : p * 4 + (3 - HR_SUIT(c));
        x[i] = key << 8 | c;
    }
    hr_sort5(x);
    for (int i = 0; i < m; i++) cards[i] = (uint8_t)(x[i] & 255);
}

/* The positions of the cards that play of a hand of k cards (`row`, its
 * mask `mask`) whose strength v >= 0 has the class ranks sig, read off the
 * class without a search: for each rank of the class the first card of the
 * row with that rank not taken yet (in the flush suit, for a flush class).
 * Taking the first card of each rank gives the first best choice in the
 * order of itertools.combinations.  Only where a five cannot turn into a
 * better or worse one by its suits: no wild cards, and flushes count for
 * the player or not at all.  Returns the positions as bits, or 0 when a
 * rank is missing (never, for a valid hand). */
HR_INLINE uint32_t hr_direct_pick(const hr_rule_t *R, const uint8_t *row, int k, uint64_t mask,
                                  int v, int n)
{
    const uint8_t *sig = R->ranks + 5 * (size_t)v;
    const int cat = R->cat[v];
    uint32_t at[16] = {0};                           /* positions of each rank, as bits */
    int fs = -1;
    if (cat == HR_FLUSH || cat == HR_STRAIGHT_FLUSH || cat == HR_ROYAL_FLUSH)
        fs = hr_flush_suit(mask);
    for (int p = 0; p < k; p++)
        at[HR_RANK(row[p]) & 15] |= (uint32_t)(fs < 0 || HR_SUIT(row[p]) == fs) << p;
    uint32_t used = 0;
    for (int j = 0; j < n; j++) {
        const uint32_t free = at[sig[j] & 15] & ~used;
        if (HR_UNLIKELY(!free)) return 0;
        used |= free & (0u - free);                  /* the first such card */
    }
    return used;
}

/* Every choice of n of k positions, in the order of itertools.combinations
 * (lexicographic); returns how many (at most HR_BEST_CHOICES). */
static int hr_choices(int k, int n, uint8_t out[][5])
{
    int idx[5], count = 0;
    if (n < 1 || n > 5 || k < n || k > HR_MAX_CARDS) return 0;
    for (int i = 0; i < n; i++) idx[i] = i;
    for (;;) {
        for (int i = 0; i < n; i++) out[count][i] = (uint8_t)idx[i];
        count++;
        int i = n - 1;
        while (i >= 0 && idx[i] == k - n + i) i--;
        if (i < 0) return count;
        idx[i]++;
        for (int j = i + 1; j < n; j++) idx[j] = idx[j - 1] + 1;
    }
}

typedef struct {
    const hr_vctx_t *c;
    const hr_deck_t *D;
    const uint8_t *cards;
    int k, n, nchoices;
    int direct;                      /* hr_direct_pick applies (no wild cards; BEST or IGNORE) */
    const uint8_t (*choice)[5];
    uint8_t *best;                   /* (rows, min(k, n)) */
    int16_t *strength;               /* (rows,) */
} hr_best_args_t;

/* Rows [lo, hi): the first bad row (its strength -1, its cards 255) or -1. */
static int64_t hr_best_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_best_args_t *a = (const hr_best_args_t *)arg;
    const hr_vctx_t ctx = *a->c;
    const hr_v2 *first = a->D->first, *next = a->D->next;
    const int k = a->k, n = a->n, play = k < n ? k : n;
    const hr_v2 init = {0, HR_SUIT_INIT};
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *row = a->cards + i * k;
        uint8_t *out = a->best + i * play;
        hr_v2 e[HR_MAX_CARDS];
        hr_v2 acc = first[row[0]];
        e[0] = next[row[0]];
        for (int j = 1; j < k; j++) {
            e[j] = next[row[j]];
            acc = HR_V2_ADD(acc, e[j]);
        }
        if (HR_UNLIKELY(hr_popcount64(HR_V2_LO(acc)) != k)) {
            a->strength[i] = -1;
            memset(out, 255, (size_t)play);
            if (bad < 0) bad = i;
            continue;
        }
        const int v = hr_value_rt(&ctx, HR_V2_LO(acc), HR_V2_HI(acc), k);
        int pick = 0;
        uint32_t direct = k > play && a->direct && v >= 0 ?
                          hr_direct_pick(ctx.R, row, k, HR_V2_LO(acc), v, play) : 0;
        if (direct) {
            for (int j = 0, p = 0; p < k; p++)
                if (direct >> p & 1) out[j++] = row[p];
        } else if (k > play) {
            int top = -2;
            for (int s = 0; s < a->nchoices; s++) {
                const uint8_t *ch = a->choice[s];
                hr_v2 sum = init;
                for (int j = 0; j < play; j++) sum = HR_V2_ADD(sum, e[ch[j]]);
                const int w = hr_value_rt(&ctx, HR_V2_LO(sum), HR_V2_HI(sum), play);
                if (w > top) {
                    top = w;
                    pick = s;
                    if (w >= v) break;
                }
            }
            for (int j = 0; j < play; j++) out[j] = row[a->choice[pick][j]];
        } else {
            memcpy(out, row, (size_t)play);
        }
        hr_reading_order(ctx.R, a->D->wild_bits, v, out, play);
        a->strength[i] = (int16_t)v;
    }
    return bad;
}

/* The cards that play of n hands of k cards (C-contiguous uint8 codes) under
 * rule set R (a poker rule set) and compiled deck W (NULL: the standard deck,
 * no wild cards; its wild tables built when it has wild cards): best gets
 * (n, min(k, R->def.n)) codes in reading order, strengths (n,) the hands'
 * strengths.  Returns the first bad row (a code off the deck, a repeat, a
 * joker that is not wild) or -1; a k the rule set does not take, or another
 * deck, is row 0. */
static int64_t hr_best_five(const hr_rule_t *R, const hr_deck_t *W, const uint8_t *cards,
                            int64_t n, int k, uint8_t *best, int16_t *strengths, int nthreads)
{
    uint8_t choice[HR_BEST_CHOICES][5];
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    if (n <= 0) return -1;
    if (!W) W = &hr_standard;
    if (k < R->kmin || k > R->kmax || W->ranks != R->def.ranks ||
        R->def.kind != HR_KIND_POKER || (W->active && !R->wild_built))
        return 0;
    const int play = k < R->def.n ? k : R->def.n;
    const int nchoices = k > play ? hr_choices(k, play, choice) : 0;
    hr_vctx_init(&c, wc, R, W);
    const int direct = !c.wild && (c.mode == HR_MODE_BEST || c.mode == HR_MODE_IGNORE);
    const hr_best_args_t a = {&c, W, cards, k, R->def.n, nchoices, direct,
                              (const uint8_t (*)[5])choice, best, strengths};
    return hr_rows(hr_best_part, &a, 0, n, HR_ROW_BLOCK / 8, hr_team(nthreads));
}

#endif /* HANDRANK_HR_BEST_H */
