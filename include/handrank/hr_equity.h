/*
 * handrank equity: each player's expected share of the pot over every
 * completion of the board and the unknown hole cards (exact), or over random
 * completions (Monte Carlo).
 *
 * A deal is completed by filling the missing board cards, then each player's
 * missing hole cards, from the cards left in the deck.
 *
 * Exact: the first group of missing cards (usually the board) is enumerated
 * by combination index; each index is a unit of work for threads (or for
 * separate machines, as a range), and everything after it is enumerated
 * recursively.  Monte Carlo: trials come in chunks of HR_EQ_CHUNK deals whose
 * random stream is seeded from (seed, chunk index) only, so a result depends
 * on the seed and the trial count, not on how chunks are spread over threads.
 *
 * Results are integer counts, so they merge exactly in any order: for each
 * player, the deals where they took the whole pot or half of it, for the high
 * or the low, shared n ways; plus scoops ("wins"), partial shares ("ties")
 * and a floating sum of squared shares for the standard error.
 */
#ifndef HANDRANK_HR_EQUITY_H
#define HANDRANK_HR_EQUITY_H

#include "hr_games.h"

#define HR_EQ_CHUNK 16384

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
    int known[HR_MAX_PLAYERS];                     /* known cards per player */
    uint8_t board[HR_MAX_BOARD];
    int board_known;
    uint8_t deck[54];                              /* the cards left to deal */
    int ndeck;
    int deck_index[54];                            /* position of a code in deck, or -1 */
} hr_equity_t;

/* Counts: part[p][w][n] deals where player p won part w (0: whole pot as the
 * high, 1: half as the high, 2: whole pot as the low, 3: half as the low)
 * shared n ways (n = 1..players). */
typedef struct {
    int64_t part[HR_MAX_PLAYERS][4][HR_MAX_PLAYERS + 1];
    int64_t wins[HR_MAX_PLAYERS], ties[HR_MAX_PLAYERS];
    double share_sq[HR_MAX_PLAYERS];
    int64_t deals;
    /* weighted by the range weights of the deal (1 without ranges) */
    double wshare[HR_MAX_PLAYERS], wwins[HR_MAX_PLAYERS], wties[HR_MAX_PLAYERS], wdeals;
} hr_eqcount_t;

static void hr_eqcount_add(hr_eqcount_t *a, const hr_eqcount_t *b, int players)
{
    for (int p = 0; p < players; p++) {
        for (int w = 0; w < 4; w++)
            for (int n = 0; n <= players; n++) a->part[p][w][n] += b->part[p][w][n];
        a->wins[p] += b->wins[p];
        a->ties[p] += b->ties[p];
        a->share_sq[p] += b->share_sq[p];
        a->wshare[p] += b->wshare[p];
        a->wwins[p] += b->wwins[p];
        a->wties[p] += b->wties[p];
    }
    a->deals += b->deals;
    a->wdeals += b->wdeals;
}

/* Evaluate one complete deal and count it. */
static void hr_eq_count_deal(const hr_equity_t *E, const uint8_t *holes, const uint8_t *board,
                             double weight, hr_eqcount_t *C)
{
    const hr_game_t *G = &E->game;
    const int P = E->players;
    int16_t hi[HR_MAX_PLAYERS], lo[HR_MAX_PLAYERS];
    int best_hi = -2, best_lo = -1, n_hi = 0, n_lo = 0;
    if (G->hi) {
        hr_deal_strengths(G, G->hi, holes, board, P, hi);
        for (int p = 0; p < P; p++) {
            if (hi[p] > best_hi) { best_hi = hi[p]; n_hi = 1; }
            else if (hi[p] == best_hi) n_hi++;
        }
    }
    if (G->lo) {
        hr_deal_strengths(G, G->lo, holes, board, P, lo);
        for (int p = 0; p < P; p++) {
            if (lo[p] < 0) continue;
            if (lo[p] > best_lo) { best_lo = lo[p]; n_lo = 1; }
            else if (lo[p] == best_lo) n_lo++;
        }
    }
    const int split = G->hi && n_lo;
    for (int p = 0; p < P; p++) {
        double share = 0.0;
        if (G->hi && hi[p] == best_hi) {
            C->part[p][split ? 1 : 0][n_hi]++;
            share += (split ? 0.5 : 1.0) / n_hi;
        }
        if (n_lo && lo[p] == best_lo) {
            C->part[p][split ? 3 : 2][n_lo]++;
            share += (split ? 0.5 : 1.0) / n_lo;
        }
        if (share >= 1.0) {
            C->wins[p]++;
            C->wwins[p] += weight;
        } else if (share > 0.0) {
            C->ties[p]++;
            C->wties[p] += weight;
        }
        C->share_sq[p] += share * share;
        C->wshare[p] += share * weight;
    }
    C->deals++;
    C->wdeals += weight;
}

/* ------------------------------------------------------------------ */
/* The hold'em fast path: any five of seven, high rules only, no wild cards */

/* Whether deals of this question can be valued as 7-card high hands directly. */
static int hr_eq_fast(const hr_equity_t *E)
{
    const hr_game_t *G = &E->game;
    return G->select == HR_SELECT_ANY && G->hi && !G->lo && !G->wild->active &&
           G->hole + G->board == 7 && G->hi->flush_mode == HR_FLUSH_BEST &&
           G->hi->qual == INT16_MIN;
}

/* Tallies of a stretch of deals: won[p][n] = deals player p won with n - 1
 * others (n = 1: alone).  Folded into the counts with the stretch's weight. */
typedef struct {
    int64_t won[HR_MAX_PLAYERS][HR_MAX_PLAYERS + 1];
    int64_t deals;
} hr_tally_t;

static void hr_tally_fold(const hr_equity_t *E, hr_tally_t *T, double weight, hr_eqcount_t *C)
{
    for (int p = 0; p < E->players; p++) {
        double share = 0.0, sq = 0.0;
        int64_t ties = 0;
        for (int n = 1; n <= E->players; n++) {
            const int64_t w = T->won[p][n];
            if (!w) continue;
            C->part[p][0][n] += w;
            share += (double)w / n;
            sq += (double)w / ((double)n * n);
            if (n > 1) ties += w;
        }
        C->wins[p] += T->won[p][1];
        C->ties[p] += ties;
        C->share_sq[p] += sq;
        C->wshare[p] += weight * share;
        C->wwins[p] += weight * (double)T->won[p][1];
        C->wties[p] += weight * (double)ties;
    }
    C->deals += T->deals;
    C->wdeals += weight * (double)T->deals;
    memset(T, 0, sizeof(*T));
}

/* Value of a 7-card entry sum under high rules (no wild cards). */
HR_INLINE int hr_value7(const int16_t *V, const int16_t *F, const int32_t *off, int shift,
                        hr_v2 acc)
{
    const uint64_t key = HR_V2_HI(acc), fl = key & HR_FLUSH_BITS;
    if (HR_UNLIKELY(fl)) {
        const int s = (hr_ctz64(fl) - 35) >> 2;
        return F[(HR_V2_LO(acc) >> (16 * s)) & HR_LANE];
    }
    const uint32_t rk = (uint32_t)key;
    return V[rk + off[rk >> shift]];
}

/* Count one deal given each player's 7-card entry sum. */
HR_INLINE void hr_tally_deal(const hr_rule_t *R, const hr_v2 *acc, int players, hr_tally_t *T)
{
    const int16_t *V = R->value[7], *F = R->flush;
    const int32_t *off = hr_hashes[7].off;
    const int shift = hr_hashes[7].shift;
    int v[HR_MAX_PLAYERS], best = -1, n = 0;
    for (int p = 0; p < players; p++) {
        v[p] = hr_value7(V, F, off, shift, acc[p]);
        if (v[p] > best) { best = v[p]; n = 1; }
        else if (v[p] == best) n++;
    }
    for (int p = 0; p < players; p++) T->won[p][n] += v[p] == best;
    T->deals++;
}

/* Every completion of the board slots i.. (cards above deck index `start`,
 * not used), with the players' sums so far in acc. */
static void hr_eq_board_enum(const hr_equity_t *E, int i, int start, const uint8_t *used,
                             const hr_v2 *acc, hr_tally_t *T)
{
    const int P = E->players, last = i + 1 == E->game.board;
    hr_v2 next[HR_MAX_PLAYERS];
    for (int d = start; d < E->ndeck; d++) {
        if (used[d]) continue;
        const hr_v2 e = hr_plain.next[E->deck[d]];
        for (int p = 0; p < P; p++) next[p] = HR_V2_ADD(acc[p], e);
        if (last) hr_tally_deal(E->game.hi, next, P, T);
        else hr_eq_board_enum(E, i + 1, d + 1, used, next, T);
    }
}

/* Fast exact enumeration: every player's hole is known (holes), the board
 * has `filled` cards set, the rest come from unused deck cards above `start`. */
static void hr_eq_fast_exact(const hr_equity_t *E, const uint8_t *holes, const uint8_t *board,
                             int filled, int start, const uint8_t *used, double weight,
                             hr_eqcount_t *C)
{
    hr_tally_t *T = calloc(1, sizeof(hr_tally_t));
    hr_v2 acc[HR_MAX_PLAYERS];
    const hr_v2 *E2 = hr_plain.next;
    if (!T) return;
    for (int p = 0; p < E->players; p++) {
        hr_v2 a = {0, HR_SUIT_INIT};
        for (int j = 0; j < E->game.hole; j++) a = HR_V2_ADD(a, E2[holes[p * E->game.hole + j]]);
        for (int j = 0; j < filled; j++) a = HR_V2_ADD(a, E2[board[j]]);
        acc[p] = a;
    }
    if (filled == E->game.board) hr_tally_deal(E->game.hi, acc, E->players, T);
    else hr_eq_board_enum(E, filled, start, used, acc, T);
    hr_tally_fold(E, T, weight, C);
    free(T);
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
HR_INLINE uint64_t hr_pick_ranges(const hr_equity_t *E, uint64_t *state, uint8_t *holes)
{
    const int H = E->game.hole;
    for (int attempt = 0; attempt < 100000; attempt++) {
        uint64_t used = 0;
        int ok = 1;
        for (int i = 0; i < E->nranged && ok; i++) {
            const int p = E->ranged[i];
            const hr_range_t *R = &E->range[p];
            const uint8_t *combo = R->combos + (size_t)hr_pick(R, state) * H;
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

/* Deal `trials` random completions with the stream `state`, counting each.
 * Returns -1 when the ranges kept clashing, else 0. */
static int hr_eq_mc_deals(const hr_equity_t *E, uint64_t state, int64_t trials, hr_eqcount_t *C)
{
    const hr_game_t *G = &E->game;
    uint8_t deck[54], holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARD];
    const int nd = E->ndeck, H = G->hole, fast = hr_eq_fast(E);
    hr_tally_t *T = fast ? calloc(1, sizeof(hr_tally_t)) : NULL;
    hr_v2 acc[HR_MAX_PLAYERS];
    if (fast && !T) return -1;
    memcpy(deck, E->deck, (size_t)nd);
    memcpy(holes, E->hole, (size_t)E->players * H);
    memcpy(board, E->board, (size_t)G->board);
    for (int64_t t = 0; t < trials; t++) {
        uint64_t used = 0;
        if (E->nranged && (used = hr_pick_ranges(E, &state, holes)) == ~0ULL) {
            free(T);
            return -1;
        }
        int pos = 0;
        for (int j = E->board_known; j < G->board; j++)
            board[j] = hr_draw(deck, nd, pos++, used, &state);
        for (int p = 0; p < E->players; p++)
            for (int j = E->known[p]; j < H; j++)
                holes[p * H + j] = hr_draw(deck, nd, pos++, used, &state);
        if (fast) {
            hr_v2 b = {0, HR_SUIT_INIT};
            for (int j = 0; j < G->board; j++) b = HR_V2_ADD(b, hr_plain.next[board[j]]);
            for (int p = 0; p < E->players; p++)
                acc[p] = HR_V2_ADD(HR_V2_ADD(b, hr_plain.next[holes[p * H]]),
                                   hr_plain.next[holes[p * H + 1]]);
            hr_tally_deal(G->hi, acc, E->players, T);
        } else {
            hr_eq_count_deal(E, holes, board, 1.0, C);
        }
    }
    if (fast) {
        hr_tally_fold(E, T, 1.0, C);
        free(T);
    }
    return 0;
}

/* Chunks [c0, c1) of a Monte Carlo run of `trials` deals (the last chunk may
 * be short), accumulated into C. */
static int hr_equity_mc(const hr_equity_t *E, uint64_t seed, int64_t trials, int64_t c0,
                        int64_t c1, hr_eqcount_t *C, int nthreads)
{
#ifdef _OPENMP
    if (nthreads > 1 && c1 - c0 > 1) {
        int T = nthreads < 64 ? nthreads : 64;
        hr_eqcount_t *part = calloc((size_t)T, sizeof(hr_eqcount_t));
        if (!part) return -1;
        int failed = 0;
#pragma omp parallel for schedule(static, 1) num_threads(T) reduction(| : failed)
        for (int64_t c = c0; c < c1; c++) {
            int64_t n = trials - c * HR_EQ_CHUNK;
            if (hr_eq_mc_deals(E, hr_chunk_state(seed, c), n < HR_EQ_CHUNK ? n : HR_EQ_CHUNK,
                               &part[omp_get_thread_num()]))
                failed = 1;
        }
        for (int t = 0; t < T; t++) hr_eqcount_add(C, &part[t], E->players);
        free(part);
        return failed ? -2 : 0;
    }
#endif
    (void)nthreads;
    for (int64_t c = c0; c < c1; c++) {
        int64_t n = trials - c * HR_EQ_CHUNK;
        if (hr_eq_mc_deals(E, hr_chunk_state(seed, c), n < HR_EQ_CHUNK ? n : HR_EQ_CHUNK, C))
            return -2;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Exact enumeration                                                    */

/* The missing slots in dealing order: the board's, then each player's;
 * group[i] is the first slot of slot i's group. */
typedef struct {
    uint8_t *slot[HR_MAX_BOARD + HR_MAX_PLAYERS * HR_MAX_HOLE];
    int group[HR_MAX_BOARD + HR_MAX_PLAYERS * HR_MAX_HOLE];
    int nslots;
} hr_slots_t;

static void hr_eq_slots(const hr_equity_t *E, uint8_t *holes, uint8_t *board, hr_slots_t *S)
{
    const int H = E->game.hole;
    S->nslots = 0;
    for (int j = E->board_known; j < E->game.board; j++) {
        S->group[S->nslots] = 0;
        S->slot[S->nslots++] = &board[j];
    }
    for (int p = 0; p < E->players; p++) {
        int first = S->nslots;
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

HR_INLINE double hr_binom(int n, int k)
{
    if (k < 0 || k > n) return 0.0;
    double r = 1.0;
    for (int i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

/* How many cards of the first missing group a unit of work fixes (0..2). */
static int hr_unit_cards(const hr_equity_t *E)
{
    int k = E->game.board - E->board_known;
    for (int p = 0; k == 0 && p < E->players; p++) k = E->game.hole - E->known[p];
    return k < 2 ? k : 2;
}

/* Units of work of an exact enumeration: every choice of the first one or two
 * cards of the first missing group (1 when nothing is missing). */
static int64_t hr_equity_units(const hr_equity_t *E)
{
    if (E->nranged) return E->range[E->ranged[0]].m;
    return (int64_t)(hr_binom(E->ndeck, hr_unit_cards(E)) + 0.5);
}

/* Total deals of an exact enumeration (a double: it may be astronomical). */
static double hr_equity_total(const hr_equity_t *E)
{
    double total = 1.0;
    int left = E->ndeck, k = E->game.board - E->board_known;
    for (int i = 0; i < E->nranged; i++) {       /* an upper bound: clashes are skipped */
        total *= E->range[E->ranged[i]].m;
        left -= E->game.hole;
    }
    total *= hr_binom(left, k);
    left -= k;
    for (int p = 0; p < E->players; p++) {
        k = E->game.hole - E->known[p];
        total *= hr_binom(left, k);
        left -= k;
    }
    return total;
}

static void hr_eq_exact_unit(const hr_equity_t *E, int64_t u, int uc, hr_eqcount_t *C)
{
    uint8_t holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARD], used[54] = {0};
    hr_slots_t S;
    memcpy(holes, E->hole, (size_t)E->players * E->game.hole);
    memcpy(board, E->board, (size_t)E->game.board);
    hr_eq_slots(E, holes, board, &S);
    if (uc == 0) {
        hr_eq_fill(E, &S, 0, 0, used, holes, board, 1.0, C);
        return;
    }
    int i = (int)u, j = 0;
    if (uc == 2) {          /* u-th pair i < j in colex order: u = j(j-1)/2 + i */
        j = 1;
        while ((int64_t)(j + 1) * j / 2 <= u) j++;
        i = (int)(u - (int64_t)j * (j - 1) / 2);
    }
    used[i] = 1;
    *S.slot[0] = E->deck[i];
    if (uc == 2) {
        used[j] = 1;
        *S.slot[1] = E->deck[j];
    }
    if (hr_eq_fast(E) && S.nslots == E->game.board - E->board_known) {
        /* only board cards are missing: the first uc of them are set */
        hr_eq_fast_exact(E, holes, board, E->board_known + uc, (uc == 2 ? j : i) + 1, used,
                         1.0, C);
        return;
    }
    hr_eq_fill(E, &S, uc, uc == 2 ? (S.nslots > 2 && S.group[2] == S.group[1] ? j + 1 : 0)
                                  : (S.nslots > 1 && S.group[1] == S.group[0] ? i + 1 : 0),
               used, holes, board, 1.0, C);
}

/* Exact enumeration with ranges: ranged player i takes each hand of its
 * range that shares no card with the hands already chosen; then every
 * completion of the rest is dealt, weighted by the product of the weights. */
static void hr_eq_exact_ranges(const hr_equity_t *E, int i, uint8_t *used, uint8_t *holes,
                               uint8_t *board, double weight, const hr_slots_t *S,
                               hr_eqcount_t *C)
{
    const int H = E->game.hole;
    if (i == E->nranged) {
        if (hr_eq_fast(E) && S->nslots == E->game.board - E->board_known)
            hr_eq_fast_exact(E, holes, board, E->board_known, 0, used, weight, C);
        else
            hr_eq_fill(E, S, 0, 0, used, holes, board, weight, C);
        return;
    }
    const int p = E->ranged[i];
    const hr_range_t *R = &E->range[p];
    for (int h = 0; h < R->m; h++) {
        const uint8_t *combo = R->combos + (size_t)h * H;
        int j = 0;
        while (j < H && !used[E->deck_index[combo[j]]]) j++;
        if (j < H) continue;
        for (j = 0; j < H; j++) {
            used[E->deck_index[combo[j]]] = 1;
            holes[p * H + j] = combo[j];
        }
        hr_eq_exact_ranges(E, i + 1, used, holes, board, weight * R->weight[h], S, C);
        for (j = 0; j < H; j++) used[E->deck_index[combo[j]]] = 0;
    }
}

/* Unit u of an exact enumeration with ranges: hand u of the first ranged player. */
static void hr_eq_range_unit(const hr_equity_t *E, int64_t u, hr_eqcount_t *C)
{
    uint8_t holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARD], used[54] = {0};
    hr_slots_t S;
    const int H = E->game.hole, p = E->ranged[0];
    const hr_range_t *R = &E->range[p];
    memcpy(holes, E->hole, (size_t)E->players * H);
    memcpy(board, E->board, (size_t)E->game.board);
    hr_eq_slots(E, holes, board, &S);
    const uint8_t *combo = R->combos + (size_t)u * H;
    for (int j = 0; j < H; j++) {
        used[E->deck_index[combo[j]]] = 1;
        holes[p * H + j] = combo[j];
    }
    hr_eq_exact_ranges(E, 1, used, holes, board, R->weight[u], &S, C);
}

/* Units [u0, u1) of an exact enumeration, accumulated into C.  Returns 0, or
 * -1 when out of memory. */
static int hr_equity_exact(const hr_equity_t *E, int64_t u0, int64_t u1, hr_eqcount_t *C,
                           int nthreads)
{
    const int uc = hr_unit_cards(E);
#ifdef _OPENMP
    if (nthreads > 1 && u1 - u0 > 1) {
        int T = nthreads < 64 ? nthreads : 64;
        hr_eqcount_t *part = calloc((size_t)T, sizeof(hr_eqcount_t));
        if (!part) return -1;
#pragma omp parallel for schedule(dynamic, 1) num_threads(T)
        for (int64_t u = u0; u < u1; u++) {
            if (E->nranged) hr_eq_range_unit(E, u, &part[omp_get_thread_num()]);
            else hr_eq_exact_unit(E, u, uc, &part[omp_get_thread_num()]);
        }
        for (int t = 0; t < T; t++) hr_eqcount_add(C, &part[t], E->players);
        free(part);
        return 0;
    }
#endif
    (void)nthreads;
    for (int64_t u = u0; u < u1; u++) {
        if (E->nranged) hr_eq_range_unit(E, u, C);
        else hr_eq_exact_unit(E, u, uc, C);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Heads-up hold'em, every board                                        */

/* Hand a (two codes) against hand b over all 1,712,304 boards of the other 48
 * cards: out = {boards a wins, boards b wins, ties}.  The board is summed
 * incrementally, one card per loop level. */
static void hr_holdem_hu(const hr_rule_t *R, const uint8_t *a, const uint8_t *b, int64_t *out)
{
    const hr_v2 *E = hr_plain.next;
    const int16_t *V = R->value[7], *F = R->flush;
    const int32_t *off = hr_hashes[7].off;
    const int shift = hr_hashes[7].shift;
    uint8_t deck[52];
    int n = 0;
    for (int c = 0; c < HR_NCARDS; c++)
        if (c != a[0] && c != a[1] && c != b[0] && c != b[1]) deck[n++] = (uint8_t)c;
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
                        const int va = hr_value7(V, F, off, shift, HR_V2_ADD(pa, e));
                        const int vb = hr_value7(V, F, off, shift, HR_V2_ADD(pb, e));
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

/* m heads-up matchups (m x 4 codes: a0 a1 b0 b1) into out (m x 3). */
static void hr_holdem_hu_batch(const hr_rule_t *R, const uint8_t *matchups, int64_t m,
                               int64_t *out, int nthreads)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(nthreads > 0 ? nthreads : 1)
#endif
    for (int64_t i = 0; i < m; i++)
        hr_holdem_hu(R, matchups + 4 * i, matchups + 4 * i + 2, out + 3 * i);
    (void)nthreads;
}

#endif /* HANDRANK_HR_EQUITY_H */
