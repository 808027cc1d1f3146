/*
 * handrank equity counts: an equity question (hr_equity_t: the game, the
 * players' known cards or ranges, the board, the deck left) and the counts
 * of its deals (hr_eqcount_t), with everything that adds a deal to them --
 * the tallies of an award, double-board deals, the local tables of games
 * with one half.  The exact walks (hr_exact.h) and Monte Carlo (hr_mc.h)
 * both count here; hr_equity.h says how the counts are read.
 */
#ifndef HANDRANK_HR_EQCOUNT_H
#define HANDRANK_HR_EQCOUNT_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "../games/hr_games.h"
#include "../rules/hr_rule.h"

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
    const hr_game_t *game;                         /* the compiled game (not owned) */
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
    int holdem;                                    /* counted by rank multiset (hr_holdem.h):
                                                      the missing hole cards are dealt
                                                      first, every unit fixes them */
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
    int32_t *scratch;      /* the hold'em multiset counts (hr_holdem_boards), made on
                              first use; zero between uses */
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
    free(C->cnt);          /* the one block of every count (hr_eqcount_init) */
    free(C->scratch);
    memset(C, 0, sizeof(*C));
}

/* The 8-byte words of the counts of a question without ranges (the block
 * hr_eqcount_init allocates, and hr_eqcount_init_in takes). */
static size_t hr_eqcount_words(int players, int nhalves)
{
    return hr_cnt_size(players, nhalves) + HR_CATS_SIZE(players) + 5 * (size_t)players;
}

/* Counts without ranges in `block`, hr_eqcount_words zeroed words the
 * caller owns and frees (set C->cnt to NULL before hr_eqcount_free). */
static void hr_eqcount_init_in(hr_eqcount_t *C, int players, int nhalves, int64_t *block)
{
    memset(C, 0, sizeof(*C));
    C->players = players;
    C->nhalves = nhalves;
    C->cnt = block;
    C->cats = C->cnt + hr_cnt_size(players, nhalves);
    C->dd = C->cats + HR_CATS_SIZE(players);
    C->dx = (double *)(C->dd + 2 * (size_t)players);
}

/* Zeroed counts for `players` and `nhalves` halves (weighted: with
 * ranges, `ncombos` range hands), all in one block that cnt starts; 0 on
 * success, -1 when out of memory. */
static int hr_eqcount_init(hr_eqcount_t *C, int players, int nhalves, int weighted, int ncombos)
{
    const size_t n = hr_cnt_size(players, nhalves), nc = HR_CATS_SIZE(players);
    const size_t P = (size_t)players, K = weighted ? (size_t)ncombos + 1 : 0;
    size_t words = n + nc + 2 * P + 3 * P;                      /* cnt cats dd dx */
    if (weighted) words += n + nc + P + 2 * K;      /* wcnt wcats pshare hand_share/weight */
    memset(C, 0, sizeof(*C));
    C->players = players;
    C->nhalves = nhalves;
    C->ncombos = weighted ? ncombos : 0;
    int64_t *block = calloc(words, 8);     /* int64_t and double: 8 bytes each, all-zero 0 */
    if (!block) return -1;
    C->cnt = block;
    C->cats = C->cnt + n;
    C->dd = C->cats + nc;
    C->dx = (double *)(C->dd + 2 * P);
    if (weighted) {
        C->wcnt = C->dx + 3 * P;
        C->wcats = C->wcnt + n;
        C->pshare = C->wcats + nc;
        C->hand_share = C->pshare + P;
        C->hand_weight = C->hand_share + K;
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
    for (int h = 0; h < E->game->nhalves; h++) share += E->part[a->live][a->n[h][p]];
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
    const int8_t *cat = E->game->half[0].R->cat;
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
    const int NH = E->game->nhalves;
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
    if (E->game->boards == 2) {
        int16_t s[2][HR_MAX_HALVES][HR_MAX_PLAYERS];
        hr_award_t a[2];
        for (int k = 0; k < 2; k++)
            hr_deal_award(E->game, holes, board + k * E->game->board, E->players, s[k], &a[k]);
        hr_eq_count_double(E, C, a, s, weight);
        return;
    }
    int16_t s[HR_MAX_HALVES][HR_MAX_PLAYERS];
    hr_award_t a;
    hr_deal_award(E->game, holes, board, E->players, s, &a);
    hr_eq_count(E, C, &a, s, weight, 1);
}

/* Count the one deal of a question whose cards are all known (every hole
 * card and the whole board, one board, no ranges): what the exact walk
 * counts at its one leaf -- the award into cnt at hr_eq_cnt_index (the
 * strides hr_equity_plan tabulates: (P + 1)^(H - 1 - h) for half h, (P + 1)^H
 * for each part count), each player's deciding category into cats, one
 * deal -- with no plan, walk or local table.  C: zeroed counts for P
 * players and the game's halves, without ranges (hr_eqcount_init). */
static void hr_eq_count_known(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                              int P, hr_eqcount_t *C)
{
    int16_t s[HR_MAX_HALVES][HR_MAX_PLAYERS];
    hr_award_t a;
    const int NH = G->nhalves;
    const int8_t *cat = G->half[0].R->cat;
    hr_deal_award(G, holes, board, P, s, &a);
    size_t stride[HR_MAX_HALVES], live = 1;
    for (int h = NH - 1; h >= 0; h--) {
        stride[h] = live;
        live *= (size_t)P + 1;
    }
    for (int p = 0; p < P; p++) {
        size_t i = ((size_t)p * (size_t)NH + (size_t)(a.live - 1)) * live;
        for (int h = 0; h < NH; h++) i += a.n[h][p] * stride[h];
        C->cnt[i] += 1;
        if (s[0][p] >= 0)
            C->cats[((size_t)p * 2 + (size_t)(a.n[0][p] > 0)) * HR_NCATS +
                    (size_t)cat[s[0][p]]] += 1;
    }
    C->deals += 1;
    C->wdeals += 1.0;
}

/* ------------------------------------------------------------------ */
/* Local tables                                                         */

/* Games with one half count each player's (sharers of the half, category)
 * in a small local table, added to the counts once per exact unit or Monte
 * Carlo chunk. */
#define HR_LOCAL_PLAYERS 8          /* the local table is used up to this many players */
#define HR_LCATS (HR_NCATS + 1)     /* categories, and "none" (a low that does not qualify) */

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

#endif /* HANDRANK_HR_EQCOUNT_H */
