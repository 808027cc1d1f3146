/*
 * handrank equity: each player's expected share of the pot over every
 * completion of the board and the unknown hole cards (exact), or over random
 * completions (Monte Carlo).
 *
 * A deal is completed by giving each ranged player a hand of their range,
 * then filling the missing board cards, then each player's missing hole
 * cards, from the cards left in the deck.  Every deal is valued by hr_value
 * and its pot split by hr_split (hr_games.h), exactly as a showdown is.
 *
 * Exact: the enumeration is cut into units of work.  A unit fixes every
 * ranged player's hand and the first `prefix` missing cards (a mixed-radix
 * number: range hands, then a combination index per group of cards); the
 * prefix is the shortest that makes the average unit at most
 * HR_UNIT_DEALS deals.  So every unit is short (Python regains control
 * between slices of units, for Ctrl-C and progress reports), units spread
 * over threads dynamically, and ranges of units run anywhere and merge.
 *
 * Monte Carlo: trials come in chunks of HR_EQ_CHUNK deals whose random
 * stream is seeded from (seed, chunk index) only, so a result depends on the
 * seed and the trial count, not on how chunks are spread over threads.
 *
 * Results are integer counts, so they merge exactly in any order: for each
 * player, how many deals ended with each award (into how many parts the pot
 * was cut, and how many players shared each half the player won);
 * everything the
 * Python layer reports (equity, scoops, ties, the standard error) follows
 * from them.  With ranges a second, floating table weighs each deal by the
 * product of its range weights.
 *
 * Double-board games (game.boards == 2): a deal fills both boards (the first
 * board's missing cards, then the second's, then the hole cards), and each
 * board's award is counted, for half the pot; the deal's own outcome (the
 * whole pot, a part of it) and the cross term of its standard error are
 * counted per deal (hr_eq_count_double).  The exact board walk and the
 * hold'em kernels need one board (their preconditions say so); Monte
 * Carlo's loop without ranges keeps a second sum per player for the second
 * board.
 */
#ifndef HANDRANK_HR_EQUITY_H
#define HANDRANK_HR_EQUITY_H

#include "hr_games.h"

#define HR_EQ_CHUNK 16384
#define HR_UNIT_DEALS 16384     /* the average exact unit is at most this many deals */
#define HR_MAX_SLOTS (HR_MAX_BOARDS * HR_MAX_BOARD + HR_MAX_PLAYERS * HR_MAX_HOLE)

#define HR_MAX_SYM 23                      /* suit permutations besides the identity */

/* Suit symmetries of a deal (hr_eq_symmetries): permutations of the suits
 * besides the identity, each as a map of deck indices. */
typedef struct {
    int n;
    uint8_t map[HR_MAX_SYM][54];
} hr_sym_t;

/* A player's range: m hands of `hole` cards with weights (cum: running sums). */
typedef struct {
    const uint8_t *combos;
    const double *weight, *cum;
    int m;
    int uniform;        /* every weight equal: draw an index directly */
} hr_range_t;

typedef struct {
    hr_game_t game;
    int players;
    hr_range_t range[HR_MAX_PLAYERS];              /* m > 0: the player holds a range */
    int ranged[HR_MAX_PLAYERS], nranged;           /* the players with ranges, in order */
    uint8_t hole[HR_MAX_PLAYERS * HR_MAX_HOLE];   /* players x hole; known cards first */
    int known[HR_MAX_PLAYERS];                     /* known cards per player (a range: all) */
    uint8_t board[HR_MAX_BOARDS * HR_MAX_BOARD];   /* the boards, one after the other;
                                                      known cards first in each */
    int board_known[HR_MAX_BOARDS];                /* known cards of each board */
    uint8_t deck[54];                              /* the cards left to deal */
    int ndeck;
    int deck_index[54];                            /* position of a code in deck, or -1 */
    int range_off[HR_MAX_PLAYERS];                 /* ranged player i's hands start here
                                                      in the per-hand counts */
    int ncombos;                                   /* range hands of all ranged players */
    double part[HR_MAX_HALVES + 1][HR_MAX_PLAYERS + 1];       /* hr_part, tabulated */
    size_t cnt_live, cnt_half[HR_MAX_HALVES];      /* strides of cnt (hr_eq_cnt_index) */
    /* the exact plan (hr_equity_plan) */
    int64_t min_units;                             /* asked for: at least this many units
                                                      where the missing cards allow (0: any) */
    int prefix;                                    /* missing cards a unit fixes */
    int64_t slot_units;                            /* combinations of those cards */
    int64_t units;                                 /* range hands x slot_units */
    hr_sym_t sym;                                  /* the suit symmetries, without ranges */
} hr_equity_t;

/* ------------------------------------------------------------------ */
/* Counts                                                               */

/* cnt[p][live - 1][n_0]..[n_{H-1}] (H halves): deals in which player p's
 * award was the pot cut into `live` parts, with n_h players sharing each
 * half h that p won (0: lost) -- see hr_award_t; wcnt the same weighted by
 * range weights.  cats[p][won][c]: deals in which player p's deciding
 * hand (the first half's) was of category c, and whether p won a share of
 * that half; with ranges wcats the same weighted by range weights (as wcnt
 * weighs cnt).  With ranges, pshare[p] is p's weighted share so
 * far, and hand_share / hand_weight the weighted shares and deals of each
 * range hand (the ranged players' hands one after another).  Double-board
 * games count each board's award (two per deal) in cnt, wcnt and cats, and
 * per deal dd[p] = {deals p won the whole pot, deals p won a part of it}, dx[p]
 * = {the same weighted, sum of the product of p's two boards' shares}. */
typedef struct {
    int players, nhalves;
    int64_t *cnt;
    double *wcnt;          /* NULL without ranges */
    int64_t *cats;
    double *wcats;         /* NULL without ranges */
    int64_t *dd;           /* players x 2 */
    double *dx;            /* players x 3 */
    double *pshare;        /* NULL without ranges */
    double *hand_share, *hand_weight;
    int ncombos;
    int64_t deals;
    double wdeals;
} hr_eqcount_t;

/* Entries of cnt: P * H * (P + 1)^H. */
static size_t hr_cnt_size(int P, int H)
{
    size_t n = (size_t)P * (size_t)H;
    for (int h = 0; h < H; h++) n *= (size_t)P + 1;
    return n;
}

#define HR_CATS_SIZE(P) ((size_t)(P) * 2 * HR_NCATS)

static void hr_eqcount_free(hr_eqcount_t *C)
{
    free(C->cnt);
    free(C->wcnt);
    free(C->cats);
    free(C->wcats);
    free(C->dd);
    free(C->dx);
    free(C->pshare);
    free(C->hand_share);
    free(C->hand_weight);
    memset(C, 0, sizeof(*C));
}

/* Zeroed counts for `players` and `nhalves` halves (weighted: with
 * ranges, `ncombos` range hands); 0 on success, -1 when out of memory. */
static int hr_eqcount_init(hr_eqcount_t *C, int players, int nhalves, int weighted, int ncombos)
{
    memset(C, 0, sizeof(*C));
    C->players = players;
    C->nhalves = nhalves;
    C->ncombos = weighted ? ncombos : 0;
    C->cnt = calloc(hr_cnt_size(players, nhalves), sizeof(int64_t));
    C->cats = calloc(HR_CATS_SIZE(players), sizeof(int64_t));
    C->dd = calloc((size_t)players * 2, sizeof(int64_t));
    C->dx = calloc((size_t)players * 3, sizeof(double));
    if (weighted) {
        C->wcnt = calloc(hr_cnt_size(players, nhalves), sizeof(double));
        C->wcats = calloc(HR_CATS_SIZE(players), sizeof(double));
        C->pshare = calloc((size_t)players, sizeof(double));
        C->hand_share = calloc((size_t)ncombos + 1, sizeof(double));
        C->hand_weight = calloc((size_t)ncombos + 1, sizeof(double));
    }
    if (!C->cnt || !C->cats || !C->dd || !C->dx ||
        (weighted && (!C->wcnt || !C->wcats || !C->pshare || !C->hand_share || !C->hand_weight))) {
        hr_eqcount_free(C);
        return -1;
    }
    return 0;
}

#ifdef _OPENMP   /* only the threaded loops merge counts */
static void hr_eqcount_add(hr_eqcount_t *a, const hr_eqcount_t *b)
{
    const size_t n = hr_cnt_size(a->players, a->nhalves), nc = HR_CATS_SIZE(a->players);
    for (size_t i = 0; i < n; i++) a->cnt[i] += b->cnt[i];
    for (size_t i = 0; i < nc; i++) a->cats[i] += b->cats[i];
    for (int i = 0; i < 2 * a->players; i++) a->dd[i] += b->dd[i];
    for (int i = 0; i < 3 * a->players; i++) a->dx[i] += b->dx[i];
    if (a->wcnt && b->wcnt) {
        for (size_t i = 0; i < n; i++) a->wcnt[i] += b->wcnt[i];
        for (size_t i = 0; i < nc; i++) a->wcats[i] += b->wcats[i];
        for (int p = 0; p < a->players; p++) a->pshare[p] += b->pshare[p];
        for (int i = 0; i < a->ncombos; i++) {
            a->hand_share[i] += b->hand_share[i];
            a->hand_weight[i] += b->hand_weight[i];
        }
    }
    a->deals += b->deals;
    a->wdeals += b->wdeals;
}
#endif

/* Player p's entry of award a in cnt: ((p H + live - 1) (P + 1) + n_0)
 * (P + 1) + n_1 ..., from the strides hr_equity_plan tabulates. */
HR_INLINE size_t hr_eq_cnt_index(const hr_equity_t *E, int p, const hr_award_t *a, const int NH)
{
    size_t i = ((size_t)p * (size_t)NH + (size_t)(a->live - 1)) * E->cnt_live;
    for (int h = 0; h < NH; h++) i += a->n[h][p] * E->cnt_half[h];
    return i;
}

/* A player's share of an award, from the tabulated parts. */
HR_INLINE double hr_eq_share(const hr_equity_t *E, const hr_award_t *a, int p)
{
    double share = 0.0;
    for (int h = 0; h < E->game.nhalves; h++) share += E->part[a->live][a->n[h][p]];
    return share;
}

/* Tally m awards: their split, and each player's deciding category (from
 * the strengths of the first half, s[0]); `pot` is the part of the pot
 * they decide (1, or 1/2 for one board of two).  The deals are counted by
 * the callers.  NH: the game's halves (a constant in the usual cases). */
HR_INLINE void hr_eq_tally_n(const hr_equity_t *E, hr_eqcount_t *C, const hr_award_t *a,
                             int16_t (*s)[HR_MAX_PLAYERS], double weight, int64_t m,
                             double pot, const int NH)
{
    const int P = E->players;
    const int8_t *cat = E->game.half[0].R->cat;
    const double wm = weight * (double)m;
    for (int p = 0; p < P; p++) {
        const size_t i = hr_eq_cnt_index(E, p, a, NH);
        C->cnt[i] += m;
        const int won = a->n[0][p] > 0;
        const int has = s[0][p] >= 0;              /* a category (a low may not qualify) */
        const size_t ci = ((size_t)p * 2 + (size_t)won) * HR_NCATS +
                          (size_t)(has ? cat[s[0][p]] : 0);
        if (has) C->cats[ci] += m;
        if (C->wcnt) {
            if (has) C->wcats[ci] += wm;
            C->wcnt[i] += wm;
            C->pshare[p] += pot * wm * hr_eq_share(E, a, p);
        }
    }
}

HR_INLINE void hr_eq_tally(const hr_equity_t *E, hr_eqcount_t *C, const hr_award_t *a,
                           int16_t (*s)[HR_MAX_PLAYERS], double weight, int64_t m, double pot)
{
    const int NH = E->game.nhalves;
    if (NH == 1) hr_eq_tally_n(E, C, a, s, weight, m, pot, 1);
    else if (NH == 2) hr_eq_tally_n(E, C, a, s, weight, m, pot, 2);
    else hr_eq_tally_n(E, C, a, s, weight, m, pot, NH);
}

/* Count m deals with one award.  m > 1 counts a deal for every board of its
 * suit orbit. */
HR_INLINE void hr_eq_count(const hr_equity_t *E, hr_eqcount_t *C, const hr_award_t *a,
                           int16_t (*s)[HR_MAX_PLAYERS], double weight, int64_t m)
{
    hr_eq_tally(E, C, a, s, weight, m, 1.0);
    C->deals += m;
    C->wdeals += weight * (double)m;
}

/* Count m double-board deals in which player p's boards' shares were s1
 * and s2: the whole pot, a part of it, and the cross term. */
HR_INLINE void hr_eq_deal_outcome(hr_eqcount_t *C, int p, double s1, double s2, double weight,
                                  int64_t m)
{
    const double both = s1 + s2;                          /* twice the deal's share */
    if (both >= 2.0 - 1e-12) {
        C->dd[2 * p] += m;
        C->dx[3 * p] += weight * (double)m;
    } else if (both > 0.0) {
        C->dd[2 * p + 1] += m;
        C->dx[3 * p + 1] += weight * (double)m;
    }
    C->dx[3 * p + 2] += (double)m * s1 * s2;
}

/* Count one double-board deal from its two boards' awards (a[k], with the
 * halves' strengths s[k]): each award for half the pot, then the deal's
 * own outcome for each player. */
static void hr_eq_count_double(const hr_equity_t *E, hr_eqcount_t *C, const hr_award_t *a,
                               int16_t (*s)[HR_MAX_HALVES][HR_MAX_PLAYERS], double weight)
{
    for (int k = 0; k < 2; k++)
        hr_eq_tally(E, C, &a[k], s[k], weight, 1, 0.5);
    for (int p = 0; p < E->players; p++)
        hr_eq_deal_outcome(C, p, hr_eq_share(E, &a[0], p), hr_eq_share(E, &a[1], p), weight, 1);
    C->deals++;
    C->wdeals += weight;
}

/* Value and count one complete deal (each board of a double-board deal). */
static void hr_eq_count_deal(const hr_equity_t *E, const uint8_t *holes, const uint8_t *board,
                             double weight, hr_eqcount_t *C)
{
    if (E->game.boards == 2) {
        int16_t s[2][HR_MAX_HALVES][HR_MAX_PLAYERS];
        hr_award_t a[2];
        for (int k = 0; k < 2; k++)
            hr_deal_award(&E->game, holes, board + k * E->game.board, E->players, s[k], &a[k]);
        hr_eq_count_double(E, C, a, s, weight);
        return;
    }
    int16_t s[HR_MAX_HALVES][HR_MAX_PLAYERS];
    hr_award_t a;
    hr_deal_award(&E->game, holes, board, E->players, s, &a);
    hr_eq_count(E, C, &a, s, weight, 1);
}

/* ------------------------------------------------------------------ */
/* Boards with every hole card known: the board walk                    */

/*
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
 */
#define HR_LOCAL_PLAYERS 8          /* the local table is used up to this many players */
#define HR_LCATS (HR_NCATS + 1)     /* categories, and "none" (a low that does not qualify) */

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
    const hr_game_t *G = &E->game;
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
        const hr_rule_t *R = W->E->game.half[0].R;
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

/* A local count table (see the board walk: tab[p][sharers][category]) and
 * its deals into the counts, every deal weighted `weight`. */
static void hr_eq_add_local(const hr_equity_t *E, hr_eqcount_t *C, const int64_t *tab,
                            int64_t deals, double weight)
{
    const int P = E->players;
    for (int p = 0; p < P; p++)
        for (int n = 0; n <= P; n++)
            for (int c = 0; c < HR_LCATS; c++) {
                const int64_t v = tab[((size_t)p * (P + 1) + (size_t)n) * HR_LCATS + (size_t)c];
                if (!v) continue;
                const size_t i = (size_t)p * (P + 1) + (size_t)n;   /* one half, live 1 */
                C->cnt[i] += v;
                const size_t ci = ((size_t)p * 2 + (n > 0)) * HR_NCATS + (size_t)c;
                if (c < HR_NCATS) C->cats[ci] += v;
                if (C->wcnt) {
                    if (c < HR_NCATS) C->wcats[ci] += weight * (double)v;
                    C->wcnt[i] += weight * (double)v;
                    C->pshare[p] += weight * (double)v * E->part[1][n];
                }
            }
    C->deals += deals;
    C->wdeals += weight * (double)deals;
}

/* A local joint table of double-board deals of a game with one half
 * (jt[p][n1][n2]: deals in which p shared that half with n1 players on the
 * first board and n2 on the second, 0 when lost) and its deals into the
 * counts, every deal weighted 1; the boards' awards are in the local table
 * (hr_eq_add_local, with no deals of its own). */
static void hr_eq_add_joint(const hr_equity_t *E, hr_eqcount_t *C, const int64_t *jt,
                            int64_t deals)
{
    const int P = E->players;
    for (int p = 0; p < P; p++)
        for (int n1 = 0; n1 <= P; n1++)
            for (int n2 = 0; n2 <= P; n2++) {
                const int64_t v = jt[((size_t)p * (P + 1) + (size_t)n1) * (P + 1) + (size_t)n2];
                if (v) hr_eq_deal_outcome(C, p, E->part[1][n1], E->part[1][n2], 1.0, v);
            }
    C->deals += deals;
    C->wdeals += (double)deals;
}

static void hr_walk_flush(hr_walk_t *W)
{
    if (W->local) hr_eq_add_local(W->E, W->C, W->tab, W->deals, W->weight);
}

/* Value and count one board (m deals), from the running sums (any five)
 * or the board codes. */
static void hr_walk_leaf(hr_walk_t *W, const hr_v2 *acc, int64_t m)
{
    const hr_game_t *G = &W->E->game;
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

/* The last two board cards of a hold'em-shaped walk (the hot loop).
 * Precondition (hr_eq_boards): any five of seven cards play, only a high
 * half, no wild card, flushes count for the player, no qualifier; NS is the
 * walk's symmetry count (0, 1 or, with NS < 0, W->nsym).  The valuation
 * context and the tables are copied to locals once, so the counting stores
 * cannot make the compiler reload them per board. */
HR_INLINE void hr_walk_last2_h(hr_walk_t *W, int k, int i0, const hr_v2 *acc, uint64_t B,
                               const uint64_t *Y, const int P, const int NS_)
{
    const hr_vctx_t c = W->E->game.half[0].v;
    const int8_t *cat = c.R->cat;
    const int na = W->na, ns = NS_ >= 0 ? NS_ : W->nsym;
    const hr_v2 *entry = W->entry;
    const uint64_t *bit = W->bit;
    int64_t *tab = W->tab, deals = 0, mult[HR_MAX_SYM + 2];
    for (int st = 1; st <= ns + 1; st++) mult[st] = W->order / st;
    hr_v2 a1[HR_MAX_PLAYERS];
    uint64_t Z1[HR_MAX_SYM + 1], Z2[HR_MAX_SYM + 1];
    for (int i = i0; i <= na - k; i++) {
        uint64_t b1 = B;
        if (k == 2) {                                 /* the next-to-last card */
            b1 = B | bit[i];
            for (int j = 0; j < ns; j++) Z1[j] = Y[j] | W->img[i][j];
            int stab;
            if (ns && !hr_walk_canonical(b1, Z1, ns, &stab)) continue;
            for (int p = 0; p < P; p++) a1[p] = HR_V2_ADD(acc[p], entry[i]);
        } else {
            for (int j = 0; j < ns; j++) Z1[j] = Y[j];
            for (int p = 0; p < P; p++) a1[p] = acc[p];
        }
        for (int i2 = k == 2 ? i + 1 : i; i2 < na; i2++) {
            int64_t m = 1;
            if (ns) {
                const uint64_t b2 = b1 | bit[i2];
                int stab;
                for (int j = 0; j < ns; j++) Z2[j] = Z1[j] | W->img[i2][j];
                if (!hr_walk_canonical(b2, Z2, ns, &stab)) continue;
                m = mult[stab];
            }
            const hr_v2 e = entry[i2];
            int16_t sh[HR_MAX_PLAYERS];
            uint8_t n[HR_MAX_PLAYERS];
            for (int p = 0; p < P; p++) {
                const hr_v2 x = HR_V2_ADD(a1[p], e);
                sh[p] = (int16_t)hr_value(&c, HR_V2_LO(x), HR_V2_HI(x), 7, HR_MODE_BEST, 0, 0);
            }
            hr_half_winners(sh, P, n);
            for (int p = 0; p < P; p++)
                tab[((size_t)p * (P + 1) + n[p]) * HR_LCATS + (size_t)cat[sh[p]]] += m;
            deals += m;
        }
        if (k == 1) break;
    }
    W->deals += deals;
}

#define HR_WALK_LAST(NAME, P, NS)                                                     \
    static void NAME(hr_walk_t *W, int k, int i0, const hr_v2 *acc, uint64_t B,       \
                     const uint64_t *Y, int nb)                                       \
    {                                                                                 \
        (void)nb;                                                                     \
        hr_walk_last2_h(W, k, i0, acc, B, Y, P, NS);                                  \
    }
/* hold'em heads-up and three-way high: no symmetry, one, or several */
HR_WALK_LAST(hr_walk_h2, 2, 0)
HR_WALK_LAST(hr_walk_h2s1, 2, 1)
HR_WALK_LAST(hr_walk_h2sn, 2, -1)
HR_WALK_LAST(hr_walk_h3, 3, 0)
HR_WALK_LAST(hr_walk_h3s1, 3, 1)
HR_WALK_LAST(hr_walk_h3sn, 3, -1)

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

/* Every completion of a unit whose hole cards are all set: the board has
 * `filled` cards set (known and prefix cards), the rest come from deck
 * indices `start` on that are not `used`; S: the unit's suit symmetries. */
static void hr_eq_boards(const hr_equity_t *E, const uint8_t *holes, const uint8_t *board,
                         int filled, int start, const uint8_t *used, double weight,
                         const hr_sym_t *S, hr_eqcount_t *C)
{
    const hr_game_t *G = &E->game;
    const hr_v2 *next = G->wild->next;
    const int P = E->players, H = G->hole;
    hr_walk_t W;
    W.E = E;
    W.C = C;
    W.weight = weight;
    W.P = P;
    W.sums = G->any;
    W.nsym = S->n;
    W.order = S->n + 1;
    memcpy(W.holes, holes, (size_t)P * H);
    memcpy(W.board, board, (size_t)G->board);
    /* the prefix board cards (every board card past the known ones) and their images */
    uint64_t B = 0, Y[HR_MAX_SYM];
    for (int j = 0; j < W.nsym; j++) Y[j] = 0;
    for (int b = E->board_known[0]; b < filled; b++) {
        const int d = E->deck_index[board[b]];
        B |= 1ULL << d;
        for (int j = 0; j < W.nsym; j++) Y[j] |= 1ULL << S->map[j][d];
    }
    int stab = 1;
    if (W.nsym && !hr_walk_canonical(B, Y, W.nsym, &stab)) return;   /* not the orbit's board */
    W.na = 0;
    for (int d = start; d < E->ndeck; d++) {
        if (used[d]) continue;
        W.code[W.na] = E->deck[d];
        W.entry[W.na] = next[E->deck[d]];
        W.bit[W.na] = 1ULL << d;
        for (int j = 0; j < W.nsym; j++) W.img[W.na][j] = 1ULL << S->map[j][d];
        W.na++;
    }
    hr_v2 acc[HR_MAX_PLAYERS];
    if (W.sums)
        for (int p = 0; p < P; p++) {
            hr_v2 a = {0, HR_SUIT_INIT};
            for (int j = 0; j < H; j++) a = HR_V2_ADD(a, next[holes[p * H + j]]);
            for (int j = 0; j < filled; j++) a = HR_V2_ADD(a, next[board[j]]);
            acc[p] = a;
        }
    W.local = P <= HR_LOCAL_PLAYERS && G->nhalves == 1;
    if (W.local) memset(W.tab, 0, sizeof(int64_t) * (size_t)P * (P + 1) * HR_LCATS);
    W.deals = 0;
    /* the hold'em loops: precondition -- any five of hole + board play
     * (running sums), one half, seven cards valued without wild cards under
     * rules where flushes count for the player and no qualifier applies
     * (hr_walk_last2_h) */
    const int holdem = W.sums && H + G->board == 7 && !G->wild->active &&
                       G->half[0].v.mode == HR_MODE_BEST && !G->half[0].v.qualifies && W.local;
    W.last = hr_walk_last_any;
    if (holdem && P == 2) W.last = W.nsym == 0 ? hr_walk_h2 : W.nsym == 1 ? hr_walk_h2s1 : hr_walk_h2sn;
    if (holdem && P == 3) W.last = W.nsym == 0 ? hr_walk_h3 : W.nsym == 1 ? hr_walk_h3s1 : hr_walk_h3sn;
    const int k = G->board - filled;
    if (k == 0) hr_walk_leaf(&W, acc, W.order / stab);
    else hr_walk(&W, k, 0, acc, B, Y, filled);
    hr_walk_flush(&W);
}

/* ------------------------------------------------------------------ */
/* Exact enumeration                                                    */

/* The missing slots in dealing order: the board's (each board's), then each
 * player's; group[i] is the first slot of slot i's group. */
typedef struct {
    uint8_t *slot[HR_MAX_SLOTS];
    int group[HR_MAX_SLOTS];
    int nslots;
} hr_slots_t;

static void hr_eq_slots(const hr_equity_t *E, uint8_t *holes, uint8_t *board, hr_slots_t *S)
{
    const int H = E->game.hole;
    S->nslots = 0;
    for (int b = 0; b < E->game.boards; b++) {
        const int first = S->nslots;
        for (int j = E->board_known[b]; j < E->game.board; j++) {
            S->group[S->nslots] = first;
            S->slot[S->nslots++] = &board[b * E->game.board + j];
        }
    }
    for (int p = 0; p < E->players; p++) {
        const int first = S->nslots;
        for (int j = E->known[p]; j < H; j++) {
            S->group[S->nslots] = first;
            S->slot[S->nslots++] = &holes[p * H + j];
        }
    }
}

/* Fill slots i.. from the deck; within a group the deck indices ascend, so
 * every set of cards is dealt to a group once. */
static void hr_eq_fill(const hr_equity_t *E, const hr_slots_t *S, int i, int start,
                       uint8_t *used, uint8_t *holes, uint8_t *board, double weight,
                       hr_eqcount_t *C)
{
    if (i == S->nslots) {
        hr_eq_count_deal(E, holes, board, weight, C);
        return;
    }
    const int last_in_group = i + 1 == S->nslots || S->group[i + 1] != S->group[i];
    for (int d = start; d < E->ndeck; d++) {
        if (used[d]) continue;
        used[d] = 1;
        *S->slot[i] = E->deck[d];
        hr_eq_fill(E, S, i + 1, last_in_group ? 0 : d + 1, used, holes, board, weight, C);
        used[d] = 0;
    }
}

/* Binomial coefficients C(n, k) for n, k <= 54 (all fit in 64 bits). */
static int64_t hr_binom_table[55][55];

static void hr_init_binom(void)
{
    for (int n = 0; n <= 54; n++) {
        hr_binom_table[n][0] = 1;
        for (int k = 1; k <= n; k++)
            hr_binom_table[n][k] = hr_binom_table[n - 1][k - 1] +
                                   (k < n ? hr_binom_table[n - 1][k] : 0);
    }
}

HR_INLINE int64_t hr_binom(int n, int k)
{
    return (k < 0 || n < 0 || k > n || n > 54) ? 0 : hr_binom_table[n][k];
}

HR_INLINE double hr_binom_f(int n, int k)
{
    if (k < 0 || k > n) return 0.0;
    double r = 1.0;
    for (int i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

/* The missing cards of a question by group, in dealing order (hr_eq_slots):
 * each board's, then each player's (none for a range); returns the number
 * of groups. */
#define HR_MAX_GROUPS (HR_MAX_BOARDS + HR_MAX_PLAYERS)
static int hr_eq_missing(const hr_equity_t *E, int *sizes)
{
    int ng = 0;
    for (int b = 0; b < E->game.boards; b++) sizes[ng++] = E->game.board - E->board_known[b];
    for (int p = 0; p < E->players; p++) sizes[ng++] = E->game.hole - E->known[p];
    return ng;
}

/* Total deals of an exact enumeration (a double: it may be astronomical;
 * with ranges an upper bound, as hands that clash are skipped). */
static double hr_equity_total(const hr_equity_t *E)
{
    double total = 1.0;
    int left = E->ndeck, sizes[HR_MAX_GROUPS];
    for (int i = 0; i < E->nranged; i++) {
        total *= E->range[E->ranged[i]].m;
        left -= E->game.hole;
    }
    const int ng = hr_eq_missing(E, sizes);
    for (int g = 0; g < ng; g++) {
        total *= hr_binom_f(left, sizes[g]);
        left -= sizes[g];
    }
    return total;
}

/* The missing-card groups a prefix of `prefix` slots covers: the count of
 * prefix cards in each, and how many deck cards each chooses from. */
typedef struct {
    int n;
    int count[HR_MAX_SLOTS], avail[HR_MAX_SLOTS];
} hr_prefix_t;

static void hr_prefix_groups(const hr_equity_t *E, int prefix, hr_prefix_t *P)
{
    int left = prefix, avail = E->ndeck - E->nranged * E->game.hole, sizes[HR_MAX_GROUPS];
    const int ng = hr_eq_missing(E, sizes);
    P->n = 0;
    for (int g = 0; g < ng && left > 0; g++) {
        if (!sizes[g]) continue;
        const int c = sizes[g] < left ? sizes[g] : left;
        P->count[P->n] = c;
        P->avail[P->n] = avail;
        P->n++;
        left -= c;
        avail -= sizes[g];
    }
}

/* Choose the exact plan: the shortest prefix whose units average at most
 * HR_UNIT_DEALS deals and number at least E->min_units (or every missing
 * card: a finer plan gives a caller that reports progress between units
 * enough of them; the counts are the same for every plan).  Returns the
 * unit count. */
static int64_t hr_equity_plan(hr_equity_t *E)
{
    for (int live = 0; live <= HR_MAX_HALVES; live++)
        for (int n = 0; n <= HR_MAX_PLAYERS; n++) E->part[live][n] = hr_part(live, n);
    E->cnt_live = 1;
    for (int h = E->game.nhalves - 1; h >= 0; h--) {
        E->cnt_half[h] = E->cnt_live;
        E->cnt_live *= (size_t)E->players + 1;
    }
    E->ncombos = 0;
    for (int i = 0; i < E->nranged; i++) {
        E->range_off[i] = E->ncombos;
        E->ncombos += E->range[E->ranged[i]].m;
    }
    E->sym.n = 0;
    int all_known = !E->nranged;
    for (int p = 0; p < E->players; p++) all_known &= E->known[p] == E->game.hole;
    if (all_known) hr_eq_symmetries(E, E->hole, &E->sym);
    double ranged = 1.0;
    for (int i = 0; i < E->nranged; i++) ranged *= E->range[E->ranged[i]].m;
    const double total = hr_equity_total(E);
    int sizes[HR_MAX_GROUPS], nslots = 0;
    const int ng = hr_eq_missing(E, sizes);
    for (int g = 0; g < ng; g++) nslots += sizes[g];
    for (int prefix = 0;; prefix++) {
        hr_prefix_t P;
        hr_prefix_groups(E, prefix, &P);
        double su = 1.0;
        for (int g = 0; g < P.n; g++) su *= (double)hr_binom(P.avail[g], P.count[g]);
        if (prefix == nslots || ranged * su > 1e15 ||
            (total / (ranged * su) <= HR_UNIT_DEALS && ranged * su >= (double)E->min_units)) {
            int64_t s = 1;
            for (int g = 0; g < P.n; g++) s *= hr_binom(P.avail[g], P.count[g]);
            E->prefix = prefix;
            E->slot_units = s;
            E->units = (int64_t)ranged * s;
            return E->units;
        }
    }
}

/* The c positions (ascending) of the colex-rank-th c-combination of n. */
static void hr_unrank(int64_t rank, int c, int n, int *pos)
{
    for (int i = c; i >= 1; i--) {
        int q = n - 1;
        while (hr_binom(q, i) > rank) q--;
        pos[i - 1] = q;
        rank -= hr_binom(q, i);
    }
}

/* Unit u of the exact enumeration, counted into C. */
static void hr_eq_unit(const hr_equity_t *E, int64_t u, hr_eqcount_t *C)
{
    const int H = E->game.hole;
    uint8_t holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARDS * HR_MAX_BOARD];
    uint8_t used[54] = {0};
    hr_slots_t S;
    hr_prefix_t P;
    double weight = 1.0;
    memcpy(holes, E->hole, (size_t)E->players * H);
    memcpy(board, E->board, (size_t)E->game.board * E->game.boards);
    hr_eq_slots(E, holes, board, &S);

    /* u = (range hand indices, most significant first) * slot_units + slot index */
    int64_t rest = u / E->slot_units, si = u % E->slot_units;
    int pick[HR_MAX_PLAYERS];
    for (int i = E->nranged - 1; i >= 0; i--) {
        const int m = E->range[E->ranged[i]].m;
        pick[i] = (int)(rest % m);
        rest /= m;
    }
    for (int i = 0; i < E->nranged; i++) {
        const int p = E->ranged[i];
        const hr_range_t *R = &E->range[p];
        const uint8_t *combo = R->combos + (size_t)pick[i] * H;
        for (int j = 0; j < H; j++) {
            const int d = E->deck_index[combo[j]];
            if (used[d]) return;                   /* the hands clash: no deal */
            used[d] = 1;
            holes[p * H + j] = combo[j];
        }
        weight *= R->weight[pick[i]];
    }

    /* the prefix cards: a combination index per group, first group most significant */
    hr_prefix_groups(E, E->prefix, &P);
    int64_t idx[HR_MAX_SLOTS];
    for (int g = P.n - 1; g >= 0; g--) {
        const int64_t r = hr_binom(P.avail[g], P.count[g]);
        idx[g] = si % r;
        si /= r;
    }
    int s = 0, last_d = -1;
    for (int g = 0; g < P.n; g++) {
        int pos[HR_MAX_SLOTS];
        hr_unrank(idx[g], P.count[g], P.avail[g], pos);
        int j = 0, seen = 0;
        for (int d = 0; d < E->ndeck && j < P.count[g]; d++) {
            if (used[d]) continue;
            if (seen++ == pos[j]) {
                used[d] = 1;
                *S.slot[s++] = E->deck[d];
                last_d = d;
                j++;
            }
        }
    }
    /* continue where the prefix stopped: inside a group the deck indices ascend */
    const int start = s > 0 && s < S.nslots && S.group[s] == S.group[s - 1] ? last_d + 1 : 0;
    const int board_missing = E->game.board - E->board_known[0];
    double before[HR_MAX_PLAYERS], wbefore = C->wdeals;
    for (int i = 0; i < E->nranged; i++) before[i] = C->pshare[E->ranged[i]];
    if (S.nslots == board_missing && !E->game.plain && E->game.boards == 1) {
        /* fast path, precondition checked here: one board, and every hole
         * card is set, so only board cards remain -- the board walk (with
         * the suit symmetries of the question, or of this unit's range
         * hands) */
        hr_sym_t us;
        const hr_sym_t *sym = &E->sym;
        if (E->nranged) {
            hr_eq_symmetries(E, holes, &us);
            sym = &us;
        }
        hr_eq_boards(E, holes, board, E->board_known[0] + s, start, used, weight, sym, C);
    } else {
        hr_eq_fill(E, &S, s, start, used, holes, board, weight, C);
    }
    /* every deal of the unit had these range hands */
    for (int i = 0; i < E->nranged; i++) {
        const int h = E->range_off[i] + pick[i];
        C->hand_share[h] += C->pshare[E->ranged[i]] - before[i];
        C->hand_weight[h] += C->wdeals - wbefore;
    }
}

/* Units [u0, u1) of the exact enumeration (u1 - u0 < 2^31), accumulated
 * into C.  Returns 0, or -1 when out of memory. */
static int hr_equity_exact(const hr_equity_t *E, int64_t u0, int64_t u1, hr_eqcount_t *C,
                           int nthreads)
{
    const int T = hr_team(nthreads);
    const int n = (int)(u1 - u0);
#ifdef _OPENMP
    if (T > 1 && n > 1) {
        hr_eqcount_t *part = calloc((size_t)T, sizeof(hr_eqcount_t));
        int failed = !part, t, j;
        for (t = 0; t < T && !failed; t++)
            failed = hr_eqcount_init(&part[t], E->players, E->game.nhalves, C->wcnt != NULL,
                                     E->ncombos) != 0;
        if (!failed) {
            HR_OMP(parallel for schedule(dynamic, 1) num_threads(T))
            for (j = 0; j < n; j++) hr_eq_unit(E, u0 + j, &part[omp_get_thread_num()]);
            for (t = 0; t < T; t++) hr_eqcount_add(C, &part[t]);
        }
        for (t = 0; part && t < T; t++) hr_eqcount_free(&part[t]);
        free(part);
        return failed ? -1 : 0;
    }
#endif
    (void)T;
    for (int j = 0; j < n; j++) hr_eq_unit(E, u0 + j, C);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Monte Carlo                                                          */

HR_INLINE uint64_t hr_splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, n) for n < 2^32 (bias below 2^-32 n). */
HR_INLINE uint32_t hr_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((hr_splitmix(s) >> 32) * (uint64_t)n) >> 32);
}

/* The random stream of chunk c of a run with this seed. */
HR_INLINE uint64_t hr_chunk_state(uint64_t seed, int64_t c)
{
    uint64_t s = seed ^ 0x6A09E667F3BCC909ULL;
    uint64_t a = hr_splitmix(&s);
    s = (uint64_t)c * 0xD1B54A32D192ED03ULL + a;
    return hr_splitmix(&s);
}

/* Draw a card uniformly from deck[pos..nd) that is not in `used` and move it
 * to deck[pos] (one step of a partial Fisher-Yates shuffle). */
HR_INLINE uint8_t hr_draw(uint8_t *deck, int nd, int pos, uint64_t used, uint64_t *state)
{
    int r;
    do r = pos + (int)hr_below(state, (uint32_t)(nd - pos));
    while (used >> deck[r] & 1);
    const uint8_t c = deck[r];
    deck[r] = deck[pos];
    deck[pos] = c;
    return c;
}

/* The hand of a range chosen by a uniform draw in [0, total weight). */
HR_INLINE int hr_pick(const hr_range_t *R, uint64_t *state)
{
    if (R->uniform) return (int)hr_below(state, (uint32_t)R->m);
    const double x = (double)(hr_splitmix(state) >> 11) * 0x1p-53 * R->cum[R->m - 1];
    int lo = 0, hi = R->m - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (R->cum[mid] > x) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* Choose a hand for every ranged player in proportion to the weights,
 * redrawing them all while two of them share a card.  Returns the mask of
 * the chosen cards, or ~0 when no draw without a clash was found. */
HR_INLINE uint64_t hr_pick_ranges(const hr_equity_t *E, uint64_t *state, uint8_t *holes,
                                  int *picks)
{
    const int H = E->game.hole;
    for (int attempt = 0; attempt < 100000; attempt++) {
        uint64_t used = 0;
        int ok = 1;
        for (int i = 0; i < E->nranged && ok; i++) {
            const int p = E->ranged[i];
            const hr_range_t *R = &E->range[p];
            picks[i] = hr_pick(R, state);
            const uint8_t *combo = R->combos + (size_t)picks[i] * H;
            for (int j = 0; j < H; j++) {
                if (used >> combo[j] & 1) ok = 0;
                used |= 1ULL << combo[j];
                holes[p * H + j] = combo[j];
            }
        }
        if (ok) return used;
    }
    return ~0ULL;
}

/* Monte Carlo without ranges: the draws of hr_eq_mc_deals, one for one,
 * so the same (seed, trials) gives the same counts.  Any-five games add
 * each player's known cards once (base) and the drawn board once per deal
 * (bsum), shared by every player; games with one half count in a local
 * table added once per chunk (double boards: each board's award, and a
 * joint table of the two for the deal's outcome).  A double-board deal
 * keeps a second sum per player for its second board.  HOLDEM: any five of
 * seven per board, one half, no wild card, flushes count for the player,
 * no qualifier (the caller, hr_eq_mc_deals, checks it). */
HR_INLINE void hr_eq_mc_plain(const hr_equity_t *E, uint64_t state, int64_t trials,
                              hr_eqcount_t *C, const int P, const int HOLDEM, const int NB)
{
    const hr_game_t *G = &E->game;
    const hr_vctx_t c = G->half[0].v;             /* a local copy: counting stores cannot alias it */
    const hr_v2 *next = G->wild->next;
    const hr_rule_t *R0 = G->half[0].R;
    const int8_t *cat = R0->cat;
    uint8_t deck[54], holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARDS * HR_MAX_BOARD];
    const int nd = E->ndeck, H = G->hole, sums = G->any;
    const int nb = G->board;
    const int k = H + G->board, local = P <= HR_LOCAL_PLAYERS && G->nhalves == 1;
    memcpy(deck, E->deck, (size_t)nd);
    memcpy(holes, E->hole, (size_t)P * H);
    memcpy(board, E->board, (size_t)nb * NB);
    hr_v2 base[HR_MAX_BOARDS][HR_MAX_PLAYERS];    /* known hole + board cards, per board */
    for (int p = 0; p < P; p++) {
        hr_v2 a = {0, HR_SUIT_INIT};
        for (int j = 0; j < E->known[p]; j++) a = HR_V2_ADD(a, next[holes[p * H + j]]);
        for (int b = 0; b < NB; b++) {
            base[b][p] = a;
            for (int j = 0; j < E->board_known[b]; j++)
                base[b][p] = HR_V2_ADD(base[b][p], next[board[b * nb + j]]);
        }
    }
    /* the missing hole cards in dealing order: each player's, in turn */
    int nh = 0;
    uint8_t slot_player[HR_MAX_PLAYERS * HR_MAX_HOLE], slot_pos[HR_MAX_PLAYERS * HR_MAX_HOLE];
    for (int p = 0; p < P; p++)
        for (int j = E->known[p]; j < H; j++) {
            slot_player[nh] = (uint8_t)p;
            slot_pos[nh++] = (uint8_t)(p * H + j);
        }
    int64_t tab[HR_LOCAL_PLAYERS * (HR_LOCAL_PLAYERS + 1) * HR_LCATS], deals = 0;
    int64_t jt[HR_LOCAL_PLAYERS * (HR_LOCAL_PLAYERS + 1) * (HR_LOCAL_PLAYERS + 1)];
    if (local) memset(tab, 0, sizeof(int64_t) * (size_t)P * (P + 1) * HR_LCATS);
    if (local && NB == 2) memset(jt, 0, sizeof(int64_t) * (size_t)P * (P + 1) * (P + 1));
    for (int64_t t = 0; t < trials; t++) {
        int pos = 0;
        hr_v2 acc[HR_MAX_BOARDS][HR_MAX_PLAYERS];   /* each player's cards, per board */
        for (int b = 0; b < NB; b++) {
            hr_v2 bsum = {0, 0};
            for (int j = E->board_known[b]; j < nb; j++) {
                const uint8_t card = hr_draw(deck, nd, pos++, 0, &state);
                if (!HOLDEM) board[b * nb + j] = card;
                bsum = HR_V2_ADD(bsum, next[card]);
            }
            for (int p = 0; p < P; p++) acc[b][p] = HR_V2_ADD(base[b][p], bsum);
        }
        for (int q = 0; q < nh; q++) {
            const uint8_t card = hr_draw(deck, nd, pos++, 0, &state);
            if (!HOLDEM) holes[slot_pos[q]] = card;
            for (int b = 0; b < NB; b++)
                acc[b][slot_player[q]] = HR_V2_ADD(acc[b][slot_player[q]], next[card]);
        }
        /* each board: its strengths and award, counted in the local table
         * (games with one half) or by hr_eq_count / hr_eq_count_double */
        int16_t s[2][HR_MAX_HALVES][HR_MAX_PLAYERS];
        hr_award_t a[2];
        for (int b = 0; b < NB; b++) {
            const hr_v2 *ab = acc[b];
            if (HOLDEM) {
                for (int p = 0; p < P; p++)
                    s[b][0][p] = (int16_t)hr_value(&c, HR_V2_LO(ab[p]), HR_V2_HI(ab[p]), 7,
                                                   HR_MODE_BEST, 0, 0);
                a[b].live = hr_half_winners(s[b][0], P, a[b].n[0]);
                for (int p = 0; p < P; p++)
                    tab[((size_t)p * (P + 1) + a[b].n[0][p]) * HR_LCATS + (size_t)cat[s[b][0][p]]]++;
                continue;
            }
            if (sums) hr_sums_award(G, ab, P, k, s[b], &a[b]);
            else hr_deal_award(G, holes, board + b * nb, P, s[b], &a[b]);
            if (local)
                for (int p = 0; p < P; p++) {
                    const int n = a[b].n[0][p];
                    const int cc = s[b][0][p] >= 0 ? cat[s[b][0][p]] : HR_NCATS;
                    tab[((size_t)p * (P + 1) + (size_t)n) * HR_LCATS + (size_t)cc]++;
                }
        }
        if (local) {                                  /* HOLDEM is local too */
            if (NB == 2)
                for (int p = 0; p < P; p++) {
                    const int n1 = a[0].n[0][p], n2 = a[1].n[0][p];
                    jt[((size_t)p * (P + 1) + (size_t)n1) * (P + 1) + (size_t)n2]++;
                }
            deals++;
        } else if (NB == 2) {
            hr_eq_count_double(E, C, a, s, 1.0);
        } else {
            hr_eq_count(E, C, &a[0], s[0], 1.0, 1);
        }
    }
    if (local) {
        hr_eq_add_local(E, C, tab, NB == 1 ? deals : 0, 1.0);
        if (NB == 2) hr_eq_add_joint(E, C, jt, deals);
    }
}

/* The instances: hold'em heads-up and three-way, and any other game, each
 * with one board or two (NB a constant, so one board keeps its own loop). */
#define HR_EQ_MC(NAME, P, HOLDEM, NB)                                                 \
    static void NAME(const hr_equity_t *E, uint64_t state, int64_t trials,            \
                     hr_eqcount_t *C)                                                 \
    {                                                                                 \
        hr_eq_mc_plain(E, state, trials, C, P, HOLDEM, NB);                           \
    }
HR_EQ_MC(hr_eq_mc_h2, 2, 1, 1)
HR_EQ_MC(hr_eq_mc_h3, 3, 1, 1)
HR_EQ_MC(hr_eq_mc_any, E->players, 0, 1)
HR_EQ_MC(hr_eq_mc_h2_double, 2, 1, 2)
HR_EQ_MC(hr_eq_mc_h3_double, 3, 1, 2)
HR_EQ_MC(hr_eq_mc_any_double, E->players, 0, 2)

/* Deal `trials` random completions with the stream `state`, counting each.
 * Returns -1 when the ranges kept clashing, else 0. */
static int hr_eq_mc_deals(const hr_equity_t *E, uint64_t state, int64_t trials, hr_eqcount_t *C)
{
    const hr_game_t *G = &E->game;
    uint8_t deck[54], holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARDS * HR_MAX_BOARD];
    const int nd = E->ndeck, H = G->hole;
    memcpy(deck, E->deck, (size_t)nd);
    memcpy(holes, E->hole, (size_t)E->players * H);
    memcpy(board, E->board, (size_t)G->board * G->boards);
    if (!E->nranged && !G->plain) {
        /* fast path, precondition checked here: no ranges, so nothing but
         * the draws varies per deal; the hold'em loops also need seven
         * cards (per board), any five of them, one half without wild cards
         * or qualifier, flushes counting for the player */
        const int holdem = G->any && H + G->board == 7 && G->nhalves == 1 && !G->wild->active &&
                           G->half[0].v.mode == HR_MODE_BEST && !G->half[0].v.qualifies;
        const int two = G->boards == 2;
        if (holdem && E->players == 2)
            (two ? hr_eq_mc_h2_double : hr_eq_mc_h2)(E, state, trials, C);
        else if (holdem && E->players == 3)
            (two ? hr_eq_mc_h3_double : hr_eq_mc_h3)(E, state, trials, C);
        else
            (two ? hr_eq_mc_any_double : hr_eq_mc_any)(E, state, trials, C);
        return 0;
    }
    int picks[HR_MAX_PLAYERS];
    for (int64_t t = 0; t < trials; t++) {
        uint64_t used = 0;
        if (E->nranged && (used = hr_pick_ranges(E, &state, holes, picks)) == ~0ULL) return -1;
        int pos = 0;
        for (int b = 0; b < G->boards; b++)
            for (int j = E->board_known[b]; j < G->board; j++)
                board[b * G->board + j] = hr_draw(deck, nd, pos++, used, &state);
        for (int p = 0; p < E->players; p++)
            for (int j = E->known[p]; j < H; j++)
                holes[p * H + j] = hr_draw(deck, nd, pos++, used, &state);
        if (!E->nranged) {
            hr_eq_count_deal(E, holes, board, 1.0, C);
            continue;
        }
        double before[HR_MAX_PLAYERS];
        for (int i = 0; i < E->nranged; i++) before[i] = C->pshare[E->ranged[i]];
        hr_eq_count_deal(E, holes, board, 1.0, C);
        for (int i = 0; i < E->nranged; i++) {
            const int h = E->range_off[i] + picks[i];
            C->hand_share[h] += C->pshare[E->ranged[i]] - before[i];
            C->hand_weight[h] += 1.0;
        }
    }
    return 0;
}

/* Chunks [c0, c1) (c1 - c0 < 2^31) of a Monte Carlo run of `trials` deals
 * (the last chunk may be short), accumulated into C.  Returns 0, -1 when out
 * of memory, -2 when the ranges kept clashing. */
static int hr_equity_mc(const hr_equity_t *E, uint64_t seed, int64_t trials, int64_t c0,
                        int64_t c1, hr_eqcount_t *C, int nthreads)
{
    const int T = hr_team(nthreads);
    const int n = (int)(c1 - c0);
#ifdef _OPENMP
    if (T > 1 && n > 1) {
        hr_eqcount_t *part = calloc((size_t)T, sizeof(hr_eqcount_t));
        int failed = !part, clashed = 0, t, j;
        for (t = 0; t < T && !failed; t++)
            failed = hr_eqcount_init(&part[t], E->players, E->game.nhalves, C->wcnt != NULL,
                                     E->ncombos) != 0;
        if (!failed) {
            HR_OMP(parallel for schedule(dynamic, 1) num_threads(T) reduction(| : clashed))
            for (j = 0; j < n; j++) {
                const int64_t c = c0 + j, left = trials - c * HR_EQ_CHUNK;
                if (hr_eq_mc_deals(E, hr_chunk_state(seed, c),
                                   left < HR_EQ_CHUNK ? left : HR_EQ_CHUNK,
                                   &part[omp_get_thread_num()]))
                    clashed = 1;
            }
            for (t = 0; t < T; t++) hr_eqcount_add(C, &part[t]);
        }
        for (t = 0; part && t < T; t++) hr_eqcount_free(&part[t]);
        free(part);
        return failed ? -1 : clashed ? -2 : 0;
    }
#endif
    (void)T;
    for (int j = 0; j < n; j++) {
        const int64_t c = c0 + j, left = trials - c * HR_EQ_CHUNK;
        if (hr_eq_mc_deals(E, hr_chunk_state(seed, c), left < HR_EQ_CHUNK ? left : HR_EQ_CHUNK,
                           C))
            return -2;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Heads-up hold'em, every board                                        */

/* Hand a (two codes) against hand b over all 1,712,304 boards of the other 48
 * cards: out = {boards a wins, boards b wins, ties}.  The board is summed
 * incrementally, one card per loop level.  Precondition: c values high
 * hands without wild cards (the preflop table's only use). */
static void hr_holdem_hu(const hr_vctx_t *c, const uint8_t *a, const uint8_t *b, int64_t *out)
{
    const hr_v2 *E = hr_standard.next;
    uint8_t deck[52];
    int n = 0;
    for (int x = 0; x < HR_NCARDS; x++)
        if (x != a[0] && x != a[1] && x != b[0] && x != b[1]) deck[n++] = (uint8_t)x;
    const hr_v2 init = {0, HR_SUIT_INIT};
    const hr_v2 ha = HR_V2_ADD(HR_V2_ADD(init, E[a[0]]), E[a[1]]);
    const hr_v2 hb = HR_V2_ADD(HR_V2_ADD(init, E[b[0]]), E[b[1]]);
    int64_t wa = 0, wb = 0, tie = 0;
    for (int i0 = 0; i0 < n; i0++) {
        const hr_v2 s0 = E[deck[i0]];
        for (int i1 = i0 + 1; i1 < n; i1++) {
            const hr_v2 s1 = HR_V2_ADD(s0, E[deck[i1]]);
            for (int i2 = i1 + 1; i2 < n; i2++) {
                const hr_v2 s2 = HR_V2_ADD(s1, E[deck[i2]]);
                for (int i3 = i2 + 1; i3 < n; i3++) {
                    const hr_v2 s3 = HR_V2_ADD(s2, E[deck[i3]]);
                    const hr_v2 pa = HR_V2_ADD(s3, ha), pb = HR_V2_ADD(s3, hb);
                    for (int i4 = i3 + 1; i4 < n; i4++) {
                        const hr_v2 e = E[deck[i4]];
                        const hr_v2 xa = HR_V2_ADD(pa, e), xb = HR_V2_ADD(pb, e);
                        const int va = hr_value(c, HR_V2_LO(xa), HR_V2_HI(xa), 7, HR_MODE_BEST, 0, 0);
                        const int vb = hr_value(c, HR_V2_LO(xb), HR_V2_HI(xb), 7, HR_MODE_BEST, 0, 0);
                        wa += va > vb;
                        wb += vb > va;
                        tie += va == vb;
                    }
                }
            }
        }
    }
    out[0] = wa;
    out[1] = wb;
    out[2] = tie;
}

/* m heads-up matchups (m x 4 codes: a0 a1 b0 b1, m < 2^31) into out (m x 3);
 * R must be the high rule set. */
static void hr_holdem_hu_batch(const hr_rule_t *R, const uint8_t *matchups, int64_t m,
                               int64_t *out, int nthreads)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    const int T = hr_team(nthreads), n = (int)m;
    int i;
    hr_vctx_init(&c, wc, R, &hr_standard);
#ifdef _OPENMP
    if (T > 1 && n > 1) {
        HR_OMP(parallel for schedule(dynamic, 1) num_threads(T))
        for (i = 0; i < n; i++) hr_holdem_hu(&c, matchups + 4 * i, matchups + 4 * i + 2, out + 3 * i);
        return;
    }
#endif
    (void)T;
    for (i = 0; i < n; i++) hr_holdem_hu(&c, matchups + 4 * i, matchups + 4 * i + 2, out + 3 * i);
}

#endif /* HANDRANK_HR_EQUITY_H */
