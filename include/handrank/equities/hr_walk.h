/*
 * handrank equity, exact: the board walk.
 *
 * When every hole card of a unit is set (known, or a range hand), only
 * board cards remain: the walk chooses them in ascending deck order, one
 * level per card.  Any-five games carry each player's running entry sum, so
 * a board costs one addition per player; other games fill the board codes
 * and value the deal with hr_deal_award.
 *
 * Suit symmetry.  Let S be the suit permutations that map every player's
 * hole cards onto themselves (as a set), the known board onto itself and
 * the deck left onto itself.  For s in S a board B and s(B) give every
 * player the same strengths (every rule set is blind to suit names), so
 * the same award and categories.  The walk counts only the canonical board
 * of each orbit -- the one whose ascending deck indices are lexicographically
 * smallest -- as |S| / |stabiliser| deals: exactly the counts of the plain
 * enumeration.  The k lowest cards of a canonical board are themselves
 * canonical (if some s made them smaller, s would make the board smaller),
 * so the walk prunes a partial board -- and a unit its prefix -- that is not.
 * On sets of deck-index bits, X comes before Y exactly when the lowest bit
 * of X ^ Y is in X.  Precondition (hr_eq_symmetries): no wild card, so the
 * deck is the same in every suit.
 *
 * Counting.  In a game with one half, the walk counts each player's
 * (sharers of the half, category) in a small local table and adds it to the
 * counts once per unit; in split games every deal goes through hr_eq_count.
 *
 * This header has the walk in general; hr_holdem.h its hold'em kernels for
 * the last two cards, hr_exact.h the unit that starts it (hr_eq_boards).
 */
#ifndef HANDRANK_HR_WALK_H
#define HANDRANK_HR_WALK_H

#include "../base/hr_core.h"
#include "hr_eqcount.h"
#include "../games/hr_games.h"
#include "../evaluation/hr_value.h"

static const uint8_t hr_suit_perms[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

/* A set of codes (bit c for code c < 52) with its suits renamed by perm. */
HR_INLINE uint64_t hr_perm_codes(uint64_t x, const uint8_t *perm)
{
    const uint64_t r = 0x1111111111111ULL;          /* bit 4r: rank r of suit 0 */
    return ((x & r) << perm[0]) | (((x >> 1) & r) << perm[1]) | (((x >> 2) & r) << perm[2]) |
           (((x >> 3) & r) << perm[3]);
}

/* The suit symmetries of a deal whose hole cards are all set (holes).
 * Precondition: no wild card (otherwise, or when plain, S is the identity). */
static void hr_eq_symmetries(const hr_equity_t *E, const uint8_t *holes, hr_sym_t *S)
{
    const hr_game_t *G = E->game;
    S->n = 0;
    if (G->plain || G->wild->active || G->boards != 1) return;
    const int H = G->hole;
    uint64_t hm[HR_MAX_PLAYERS], bm = 0, dm = 0;
    for (int p = 0; p < E->players; p++) {
        hm[p] = 0;
        for (int j = 0; j < H; j++) hm[p] |= 1ULL << holes[p * H + j];
    }
    for (int j = 0; j < E->board_known[0]; j++) bm |= 1ULL << E->board[j];
    for (int d = 0; d < E->ndeck; d++) dm |= 1ULL << E->deck[d];
    if ((dm | bm) >> 52) return;                     /* jokers: no symmetry */
    for (int k = 1; k < 24; k++) {
        const uint8_t *perm = hr_suit_perms[k];
        int ok = hr_perm_codes(bm, perm) == bm && hr_perm_codes(dm, perm) == dm;
        for (int p = 0; p < E->players && ok; p++) ok = hr_perm_codes(hm[p], perm) == hm[p];
        if (!ok) continue;
        for (int d = 0; d < E->ndeck; d++) {
            const int c = E->deck[d];
            S->map[S->n][d] = (uint8_t)E->deck_index[4 * HR_RANK(c) + perm[HR_SUIT(c)]];
        }
        S->n++;
    }
}

typedef struct hr_walk hr_walk_t;
typedef void (*hr_walk_last_fn)(hr_walk_t *W, int k, int i0, const hr_v2 *acc, uint64_t B,
                                const uint64_t *Y, int nb);

struct hr_walk {
    const hr_equity_t *E;
    hr_eqcount_t *C;
    double weight;
    int P, sums;                             /* sums: any-five game, running entry sums */
    int na;                                  /* cards left for the board (deck order) */
    uint8_t code[54];
    hr_v2 entry[54];
    uint64_t bit[54];                        /* their deck-index bits */
    int nsym, order;                         /* symmetries besides the identity; |S| */
    uint64_t img[54][HR_MAX_SYM];            /* each card's image bit under each one */
    uint8_t holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARD];
    int local;                               /* counting in the local table */
    int64_t deals;
    int64_t tab[HR_LOCAL_PLAYERS * (HR_LOCAL_PLAYERS + 1) * HR_LCATS];
    hr_walk_last_fn last;
};

/* Whether board B (deck-index bits) with images Y under NS symmetries is
 * canonical; its stabiliser size in *stab. */
HR_INLINE int hr_walk_canonical(uint64_t B, const uint64_t *Y, const int NS, int *stab)
{
    int st = 1;
    for (int j = 0; j < NS; j++) {
        const uint64_t d = B ^ Y[j];
        if ((d & (0 - d)) & ~B) return 0;
        st += d == 0;
    }
    *stab = st;
    return 1;
}

/* Count m deals of one award (s: the halves' strengths). */
HR_INLINE void hr_walk_count(hr_walk_t *W, const hr_award_t *a,
                             int16_t (*s)[HR_MAX_PLAYERS], int64_t m, const int P)
{
    if (W->local) {
        const hr_rule_t *R = W->E->game->half[0].R;
        for (int p = 0; p < P; p++) {
            const int n = a->n[0][p];
            const int c = s[0][p] >= 0 ? R->cat[s[0][p]] : HR_NCATS;
            W->tab[((size_t)p * (P + 1) + (size_t)n) * HR_LCATS + (size_t)c] += m;
        }
        W->deals += m;
        return;
    }
    hr_eq_count(W->E, W->C, a, s, W->weight, m);
}

static void hr_walk_flush(hr_walk_t *W)
{
    if (W->local) hr_eq_add_local(W->E, W->C, W->tab, W->deals, W->weight);
}

/* Value and count one board (m deals), from the running sums (any five)
 * or the board codes. */
static void hr_walk_leaf(hr_walk_t *W, const hr_v2 *acc, int64_t m)
{
    const hr_game_t *G = W->E->game;
    const int P = W->P;
    int16_t s[HR_MAX_HALVES][HR_MAX_PLAYERS];
    hr_award_t a;
    if (W->sums) {
        hr_sums_award(G, acc, P, G->hole + G->board, s, &a);
    } else {
        hr_deal_award(G, W->holes, W->board, P, s, &a);
    }
    hr_walk_count(W, &a, s, m, P);
}

/* The last k = 1 or 2 board cards, from position i0 on, in general. */
static void hr_walk_last_any(hr_walk_t *W, int k, int i0, const hr_v2 *acc, uint64_t B,
                             const uint64_t *Y, int nb)
{
    const int P = W->P, ns = W->nsym;
    hr_v2 sum[HR_MAX_PLAYERS];
    uint64_t Z[HR_MAX_SYM];
    for (int i = i0; i <= W->na - k; i++) {
        const uint64_t b2 = B | W->bit[i];
        int stab = 1;
        for (int j = 0; j < ns; j++) Z[j] = Y[j] | W->img[i][j];
        if (ns && !hr_walk_canonical(b2, Z, ns, &stab)) continue;
        if (W->sums)
            for (int p = 0; p < P; p++) sum[p] = HR_V2_ADD(acc[p], W->entry[i]);
        W->board[nb] = W->code[i];
        if (k == 2) hr_walk_last_any(W, 1, i + 1, sum, b2, Z, nb + 1);
        else hr_walk_leaf(W, sum, W->order / stab);
    }
}

/* k more board cards from position i0 on; acc: the players' running sums,
 * B / Y: the board so far and its images, nb: board cards set. */
static void hr_walk(hr_walk_t *W, int k, int i0, const hr_v2 *acc, uint64_t B,
                    const uint64_t *Y, int nb)
{
    if (k <= 2) {
        W->last(W, k, i0, acc, B, Y, nb);
        return;
    }
    const int P = W->P;
    hr_v2 sum[HR_MAX_PLAYERS];
    uint64_t Z[HR_MAX_SYM];
    for (int i = i0; i <= W->na - k; i++) {
        const uint64_t b2 = B | W->bit[i];
        if (W->nsym) {
            int stab;
            for (int j = 0; j < W->nsym; j++) Z[j] = Y[j] | W->img[i][j];
            if (!hr_walk_canonical(b2, Z, W->nsym, &stab)) continue;
        }
        if (W->sums)
            for (int p = 0; p < P; p++) sum[p] = HR_V2_ADD(acc[p], W->entry[i]);
        W->board[nb] = W->code[i];
        hr_walk(W, k - 1, i + 1, sum, b2, Z, nb + 1);
    }
}

#endif /* HANDRANK_HR_WALK_H */
