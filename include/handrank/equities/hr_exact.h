/*
 * handrank equity, exact: the enumeration is cut into units of work.  A
 * unit fixes every ranged player's hand and the first `prefix` missing
 * cards (a mixed-radix number: range hands, then a combination index per
 * group of cards); the prefix is the shortest that makes the average unit
 * at most HR_UNIT_DEALS deals.  So every unit is short (Python regains
 * control between slices of units, for Ctrl-C and progress reports), units
 * spread over threads dynamically, and ranges of units run anywhere and
 * merge.  A unit whose hole cards are all set walks the boards (hr_walk.h,
 * hr_holdem.h); any other fills every missing card (hr_eq_fill).
 */
#ifndef HANDRANK_HR_EXACT_H
#define HANDRANK_HR_EXACT_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "hr_eqcount.h"
#include "../games/hr_games.h"
#include "hr_holdem.h"
#include "../base/hr_rows.h"
#include "hr_walk.h"

#define HR_UNIT_DEALS 16384     /* the average exact unit is at most this many deals */
#define HR_MAX_SLOTS (HR_MAX_BOARDS * HR_MAX_BOARD + HR_MAX_PLAYERS * HR_MAX_HOLE)

/* ------------------------------------------------------------------ */
/* A unit's boards                                                      */

/* Every completion of a unit whose hole cards are all set: the board has
 * `filled` cards set (known and prefix cards), the rest come from deck
 * indices `start` on that are not `used`; S: the unit's suit symmetries. */
static void hr_eq_boards(const hr_equity_t *E, const uint8_t *holes, const uint8_t *board,
                         int filled, int start, const uint8_t *used, double weight,
                         const hr_sym_t *S, hr_eqcount_t *C)
{
    const hr_game_t *G = E->game;
    const hr_v2 *next = G->wild->next;
    const int P = E->players, H = G->hole;
    if (E->holdem && filled < G->board) {
        /* hold'em: every completion by rank multiset (hr_holdem_boards) */
        if (!C->scratch) C->scratch = calloc(hr_multiset_scratch_size(), sizeof(int32_t));
        if (C->scratch) {
            uint8_t cards[54];
            int n = 0;
            int64_t tab[HR_LOCAL_PLAYERS * (HR_LOCAL_PLAYERS + 1) * HR_LCATS], deals = 0;
            memset(tab, 0, sizeof(int64_t) * (size_t)P * (P + 1) * HR_LCATS);
            for (int d = start; d < E->ndeck; d++)
                if (!used[d]) cards[n++] = E->deck[d];
            hr_holdem_boards(&G->half[0].v, holes, P, board, filled, cards, n, C->scratch, tab,
                             &deals);
            hr_eq_add_local(E, C, tab, deals, weight);
            return;
        }
    }
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
    const int k = G->board - filled;
    W.na = 0;
    for (int d = start; d < E->ndeck && k > 0; d++) {     /* the cards left (none to deal: none) */
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
    W.last = hr_walk_last_any;
    if (k == 0) hr_walk_leaf(&W, acc, W.order / stab);
    else hr_walk(&W, k, 0, acc, B, Y, filled);
    hr_walk_flush(&W);
}

/* ------------------------------------------------------------------ */
/* Exact enumeration                                                    */

/* The missing slots in dealing order: the board's (each board's), then each
 * player's -- or, counting hold'em by rank multiset (E->holdem), each
 * player's first, so that a unit fixes them and counts its boards at once;
 * group[i] is the first slot of slot i's group.  (The order changes
 * nothing but the units: every deal is counted once either way.) */
typedef struct {
    uint8_t *slot[HR_MAX_SLOTS];
    int group[HR_MAX_SLOTS];
    int nslots;
} hr_slots_t;

static void hr_eq_slots(const hr_equity_t *E, uint8_t *holes, uint8_t *board, hr_slots_t *S)
{
    const int H = E->game->hole;
    S->nslots = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == (E->holdem != 0))     /* the board: first, or after the holes */
            for (int b = 0; b < E->game->boards; b++) {
                const int first = S->nslots;
                for (int j = E->board_known[b]; j < E->game->board; j++) {
                    S->group[S->nslots] = first;
                    S->slot[S->nslots++] = &board[b * E->game->board + j];
                }
            }
        else
            for (int p = 0; p < E->players; p++) {
                const int first = S->nslots;
                for (int j = E->known[p]; j < H; j++) {
                    S->group[S->nslots] = first;
                    S->slot[S->nslots++] = &holes[p * H + j];
                }
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

/* hr_part(live, n) for every award, tabulated once (hr_init_binom): each
 * question's plan copies it instead of dividing again. */
static double hr_part_table[HR_MAX_HALVES + 1][HR_MAX_PLAYERS + 1];

static void hr_init_binom(void)
{
    for (int live = 0; live <= HR_MAX_HALVES; live++)
        for (int n = 0; n <= HR_MAX_PLAYERS; n++) hr_part_table[live][n] = hr_part(live, n);
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
 * each board's, then each player's (none for a range), or the players'
 * first (E->holdem); returns the number of groups. */
#define HR_MAX_GROUPS (HR_MAX_BOARDS + HR_MAX_PLAYERS)
static int hr_eq_missing(const hr_equity_t *E, int *sizes)
{
    int ng = 0;
    if (!E->holdem)
        for (int b = 0; b < E->game->boards; b++) sizes[ng++] = E->game->board - E->board_known[b];
    for (int p = 0; p < E->players; p++) sizes[ng++] = E->game->hole - E->known[p];
    if (E->holdem)
        for (int b = 0; b < E->game->boards; b++) sizes[ng++] = E->game->board - E->board_known[b];
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
        left -= E->game->hole;
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
    int left = prefix, avail = E->ndeck - E->nranged * E->game->hole, sizes[HR_MAX_GROUPS];
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
    memcpy(E->part, hr_part_table, sizeof E->part);        /* filled by hr_init_binom */
    E->cnt_live = 1;
    for (int h = E->game->nhalves - 1; h >= 0; h--) {
        E->cnt_half[h] = E->cnt_live;
        E->cnt_live *= (size_t)E->players + 1;
    }
    E->ncombos = 0;
    for (int i = 0; i < E->nranged; i++) {
        E->range_off[i] = E->ncombos;
        E->ncombos += E->range[E->ranged[i]].m;
    }
    E->sym.n = 0;
    E->holdem = hr_holdem_fits(E->game, E->players);
    int all_known = !E->nranged;
    for (int p = 0; p < E->players; p++) all_known &= E->known[p] == E->game->hole;
    double ranged = 1.0;
    for (int i = 0; i < E->nranged; i++) ranged *= E->range[E->ranged[i]].m;
    const double total = hr_equity_total(E);
    /* the suit symmetries serve the board walk of a question with every hole
     * card known and more than one deal; a hold'em count by rank multiset
     * never reads them */
    if (all_known && !E->holdem && total > 1.0) hr_eq_symmetries(E, E->hole, &E->sym);
    int sizes[HR_MAX_GROUPS], nslots = 0, hole_slots = 0;
    const int ng = hr_eq_missing(E, sizes);
    for (int g = 0; g < ng; g++) nslots += sizes[g];
    for (int p = 0; p < E->players; p++) hole_slots += E->game->hole - E->known[p];
    /* counting hold'em by rank multiset, a unit's cost hardly depends on its
     * boards (a preflop heads-up unit takes well under a millisecond): a
     * unit fixes the missing hole cards and no more, unless asked for more
     * units */
    for (int prefix = E->holdem ? hole_slots : 0;; prefix++) {
        hr_prefix_t P;
        hr_prefix_groups(E, prefix, &P);
        double su = 1.0;
        for (int g = 0; g < P.n; g++) su *= (double)hr_binom(P.avail[g], P.count[g]);
        if (prefix == nslots || ranged * su > 1e15 ||
            ((E->holdem || total / (ranged * su) <= HR_UNIT_DEALS) &&
             ranged * su >= (double)E->min_units)) {
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
    const int H = E->game->hole;
    uint8_t holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARDS * HR_MAX_BOARD];
    uint8_t used[54] = {0};
    hr_slots_t S;
    hr_prefix_t P;
    double weight = 1.0;
    memcpy(holes, E->hole, (size_t)E->players * H);
    memcpy(board, E->board, (size_t)E->game->board * E->game->boards);
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
    const int board_missing = E->game->board - E->board_known[0];
    const int hole_slots = S.nslots - board_missing;
    double before[HR_MAX_PLAYERS], wbefore = C->wdeals;
    for (int i = 0; i < E->nranged; i++) before[i] = C->pshare[E->ranged[i]];
    if (E->holdem && s >= hole_slots) {
        /* hold'em counted by rank multiset (precondition checked by the
         * plan: hr_holdem_fits): the prefix has set every hole card and
         * s - hole_slots board cards */
        static const hr_sym_t none = {0, {{0}}};
        hr_eq_boards(E, holes, board, E->board_known[0] + s - hole_slots, start, used, weight,
                     &none, C);
    } else if (!hole_slots && !E->game->plain && E->game->boards == 1) {
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
            failed = hr_eqcount_init(&part[t], E->players, E->game->nhalves, C->wcnt != NULL,
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

#endif /* HANDRANK_HR_EXACT_H */
