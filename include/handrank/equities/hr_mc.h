/*
 * handrank equity, Monte Carlo: trials come in chunks of HR_EQ_CHUNK deals
 * whose random stream is seeded from (seed, chunk index) only, so a result
 * depends on the seed and the trial count, not on how chunks are spread
 * over threads.  Each chunk counts into a table of its thread's; the tables
 * merge at the end (hr_eqcount.h).
 */
#ifndef HANDRANK_HR_MC_H
#define HANDRANK_HR_MC_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "hr_eqcount.h"
#include "../games/hr_games.h"
#include "../base/hr_rows.h"
#include "../evaluation/hr_value.h"

#define HR_EQ_CHUNK 16384
#define HR_MC_BATCH 32      /* hold'em deals drawn before their lookups (hr_eq_mc_holdem) */

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

/* A chunk's random stream: splitmix64 words.  Each deal's card draws take
 * fresh words, HR_RNG_DRAWS draws a word in dealing order (hr_eq_deal marks
 * a deal's start).  A draw below n multiplies the word f, read as a fraction
 * of 2^64, by n: the integer part of f n is the draw, the fraction left is
 * the next f (batched ranged integers, as in Brackett-Rozinsky and Lemire
 * 2024).  Five draws below 54 use under 29 of the 64 bits, so each is
 * uniform to within 54 / 2^35 (a draw from a word of its own, as hr_below
 * gives, is within 54 / 2^32).  Range picks (hr_pick) take words of their
 * own. */
#define HR_RNG_DRAWS 5

typedef struct {
    uint64_t s;          /* the splitmix64 state */
    uint64_t f;          /* the fraction left of the current word */
    int left;            /* draws the current word still serves */
} hr_eq_rng_t;

HR_INLINE hr_eq_rng_t hr_eq_rng(uint64_t state)
{
    hr_eq_rng_t g = {state, 0, 0};
    return g;
}

/* f n (n < 2^32) as 128 bits: the low 64 returned, the high in *hi. */
#if defined(__SIZEOF_INT128__) && (defined(__GNUC__) || defined(__clang__))
__extension__ typedef unsigned __int128 hr_u128;
HR_INLINE uint64_t hr_mul_n(uint64_t f, uint32_t n, uint64_t *hi)
{
    const hr_u128 p = (hr_u128)f * n;
    *hi = (uint64_t)(p >> 64);
    return (uint64_t)p;
}
#else
HR_INLINE uint64_t hr_mul_n(uint64_t f, uint32_t n, uint64_t *hi)
{
    const uint64_t lo = (f & 0xffffffffULL) * n, up = (f >> 32) * n;
    *hi = (up + (lo >> 32)) >> 32;
    return (up << 32) + lo;
}
#endif

/* A deal starts: its first draw takes a fresh word. */
HR_INLINE void hr_eq_deal(hr_eq_rng_t *g) { g->left = 0; }

/* A draw in [0, n), n < 2^32, from the stream. */
HR_INLINE uint32_t hr_eq_below(hr_eq_rng_t *g, uint32_t n)
{
    if (HR_UNLIKELY(!g->left)) {
        g->f = hr_splitmix(&g->s);
        g->left = HR_RNG_DRAWS;
    }
    g->left--;
    uint64_t hi;
    g->f = hr_mul_n(g->f, n, &hi);
    return (uint32_t)hi;
}

/* Draw a card uniformly from deck[pos..nd) that is not in `used` and move it
 * to deck[pos] (one step of a partial Fisher-Yates shuffle). */
HR_INLINE uint8_t hr_draw(uint8_t *deck, int nd, int pos, uint64_t used, hr_eq_rng_t *g)
{
    int r;
    do r = pos + (int)hr_eq_below(g, (uint32_t)(nd - pos));
    while (used >> deck[r] & 1);
    const uint8_t c = deck[r];
    deck[r] = deck[pos];
    deck[pos] = c;
    return c;
}

/* The hand of a range chosen by a uniform draw in [0, total weight). */
HR_INLINE int hr_pick(const hr_range_t *R, hr_eq_rng_t *g)
{
    if (R->uniform) return (int)hr_below(&g->s, (uint32_t)R->m);
    const double x = (double)(hr_splitmix(&g->s) >> 11) * 0x1p-53 * R->cum[R->m - 1];
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
HR_INLINE uint64_t hr_pick_ranges(const hr_equity_t *E, hr_eq_rng_t *g, uint8_t *holes,
                                  int *picks)
{
    const int H = E->game->hole;
    for (int attempt = 0; attempt < 100000; attempt++) {
        uint64_t used = 0;
        int ok = 1;
        for (int i = 0; i < E->nranged && ok; i++) {
            const int p = E->ranged[i];
            const hr_range_t *R = &E->range[p];
            picks[i] = hr_pick(R, g);
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
 * seven per board, one half, no wild card, flushes of five counting for the
 * player, no qualifier (the caller, hr_eq_mc_deals, checks it). */
HR_INLINE void hr_eq_mc_plain(const hr_equity_t *E, uint64_t state, int64_t trials,
                              hr_eqcount_t *C, const int P, const int HOLDEM, const int NB)
{
    const hr_game_t *G = E->game;
    const hr_vctx_t c = G->half[0].v;             /* a local copy: counting stores cannot alias it */
    const hr_v2 *next = G->wild->next;
    const hr_rule_t *R0 = G->half[0].R;
    const int8_t *cat = R0->cat;
    const int16_t *V7 = c.V[7], *F = c.F;
    const int32_t *off7 = c.off[7];
    uint8_t deck[54], holes[HR_MAX_PLAYERS * HR_MAX_HOLE], board[HR_MAX_BOARDS * HR_MAX_BOARD];
    const int nd = E->ndeck, H = G->hole, sums = G->any;
    const int nb = G->board;
    const int k = H + G->board, local = P <= HR_LOCAL_PLAYERS && G->nhalves == 1;
    int first[HR_MAX_BOARDS];                     /* each board's first missing card */
    for (int b = 0; b < NB; b++) first[b] = E->board_known[b];
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
    hr_eq_rng_t g = hr_eq_rng(state);
    for (int64_t t = 0; t < trials; t++) {
        int pos = 0;
        hr_v2 acc[HR_MAX_BOARDS][HR_MAX_PLAYERS];   /* each player's cards, per board */
        hr_eq_deal(&g);
        for (int b = 0; b < NB; b++) {
            hr_v2 bsum = {0, 0};
            for (int j = first[b]; j < nb; j++) {
                const uint8_t card = hr_draw(deck, nd, pos++, 0, &g);
                if (!HOLDEM) board[b * nb + j] = card;
                bsum = HR_V2_ADD(bsum, next[card]);
            }
            for (int p = 0; p < P; p++) acc[b][p] = HR_V2_ADD(base[b][p], bsum);
        }
        for (int q = 0; q < nh; q++) {
            const uint8_t card = hr_draw(deck, nd, pos++, 0, &g);
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
                /* hr_value's fast path and flush path for seven cards,
                 * flushes of five counting for the player */
                for (int p = 0; p < P; p++) {
                    const uint64_t key = HR_V2_HI(ab[p]), fl = key & HR_FLUSH_BITS;
                    const uint32_t rk = (uint32_t)key;
                    s[b][0][p] = HR_LIKELY(!fl)
                                     ? V7[rk + off7[rk >> HR_HASH_SHIFT(7)]]
                                     : F[(HR_V2_LO(ab[p]) >> (16 * HR_FLUSH_SUIT(fl))) & HR_LANE];
                }
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

/* Hold'em-shaped Monte Carlo on one board (HOLDEM of hr_eq_mc_plain, NB 1)
 * for two or three players (P): the same draws and counts, with the draws of
 * a deal taken straight from the stream's words and the deck's first cards
 * read back as the deal.
 * PRE: every hole card known and no board card (five draws a deal), when
 * compiling; else both as the question says. */
HR_INLINE void hr_eq_mc_holdem(const hr_equity_t *E, uint64_t state, int64_t trials,
                               hr_eqcount_t *C, const int P, const int PRE)
{
    const hr_game_t *G = E->game;
    const hr_v2 *next = G->wild->next;
    const int8_t *cat = G->half[0].R->cat;
    const int16_t *V7 = G->half[0].v.V[7], *F = G->half[0].v.F;
    const int32_t *off7 = G->half[0].v.off[7];
    const int nd = E->ndeck, H = G->hole, nbm = PRE ? 5 : G->board - E->board_known[0];
    uint8_t deck[54];
    memcpy(deck, E->deck, (size_t)nd);
    hr_v2 base[HR_MAX_PLAYERS];
    uint8_t who[HR_MAX_PLAYERS * HR_MAX_HOLE];    /* the player of each hole card drawn */
    int nh = 0;
    for (int p = 0; p < P; p++) {
        hr_v2 a = {0, HR_SUIT_INIT};
        for (int j = 0; j < E->known[p]; j++) a = HR_V2_ADD(a, next[E->hole[p * H + j]]);
        for (int j = 0; j < E->board_known[0]; j++) a = HR_V2_ADD(a, next[E->board[j]]);
        base[p] = a;
        for (int j = E->known[p]; j < H; j++) who[nh++] = (uint8_t)p;
    }
    if (PRE) nh = 0;
    const int ndraw = nbm + nh;
    /* the counts of a chunk by (winners, each player's category): one
     * increment a deal, spread into the local table tab[p][sharers][category]
     * at the end */
    int32_t J[(1 << 3) * HR_NCATS * HR_NCATS * HR_NCATS];
    const int nj = (1 << P) * (P == 3 ? HR_NCATS * HR_NCATS * HR_NCATS : HR_NCATS * HR_NCATS);
    memset(J, 0, sizeof(int32_t) * (size_t)nj);
    uint64_t st = state;
    /* deals in batches: first every deal's draws and hands (a rank key, or
     * a flush's value, kept apart), then the batch's lookups, independent of
     * one another, then the counts */
    uint32_t rk[HR_MC_BATCH * HR_MAX_PLAYERS];
    int16_t sh[HR_MC_BATCH * HR_MAX_PLAYERS], fv[HR_MC_BATCH * HR_MAX_PLAYERS];
    int fat[HR_MC_BATCH * HR_MAX_PLAYERS];
    for (int64_t t0 = 0; t0 < trials; t0 += HR_MC_BATCH) {
        const int nbatch = trials - t0 < HR_MC_BATCH ? (int)(trials - t0) : HR_MC_BATCH;
        int nf = 0;                                   /* hands with a flush */
        for (int i = 0; i < nbatch; i++) {
            /* the draws: a fresh word a deal, HR_RNG_DRAWS draws a word (hr_eq_below) */
            for (int pos = 0; pos < ndraw;) {
                uint64_t f = hr_splitmix(&st);
                const int end = pos + HR_RNG_DRAWS < ndraw ? pos + HR_RNG_DRAWS : ndraw;
                for (; pos < end; pos++) {
                    uint64_t hi;
                    f = hr_mul_n(f, (uint32_t)(nd - pos), &hi);
                    const int r = pos + (int)hi;
                    const uint8_t c = deck[r];
                    deck[r] = deck[pos];
                    deck[pos] = c;
                }
            }
            hr_v2 bsum = {0, 0}, acc[HR_MAX_PLAYERS];
            for (int j = 0; j < nbm; j++) bsum = HR_V2_ADD(bsum, next[deck[j]]);
            for (int p = 0; p < P; p++) acc[p] = HR_V2_ADD(base[p], bsum);
            for (int q = 0; q < nh; q++) acc[who[q]] = HR_V2_ADD(acc[who[q]], next[deck[nbm + q]]);
            for (int p = 0; p < P; p++) {
                const uint64_t key = HR_V2_HI(acc[p]), fl = key & HR_FLUSH_BITS;
                rk[i * P + p] = (uint32_t)key;
                if (HR_UNLIKELY(fl)) {      /* hr_value's flush path: one lookup now */
                    fv[nf] = F[(HR_V2_LO(acc[p]) >> (16 * HR_FLUSH_SUIT(fl))) & HR_LANE];
                    fat[nf++] = i * P + p;
                    rk[i * P + p] = 0;
                }
            }
        }
        for (int h = 0; h < nbatch * P; h++) {          /* hr_value's fast path */
            const uint32_t k = rk[h];
            sh[h] = V7[k + off7[k >> HR_HASH_SHIFT(7)]];
        }
        for (int j = 0; j < nf; j++) sh[fat[j]] = fv[j];
        for (int i = 0; i < nbatch; i++) {
            const int16_t *v = sh + i * P;
            int best = v[0], mask = 0, idx = 0;
            for (int p = 1; p < P; p++) best = v[p] > best ? v[p] : best;
            for (int p = 0; p < P; p++) {
                mask |= (v[p] == best) << p;
                idx = idx * HR_NCATS + cat[v[p]];
            }
            J[mask * (P == 3 ? HR_NCATS * HR_NCATS * HR_NCATS : HR_NCATS * HR_NCATS) + idx]++;
        }
    }
    /* J into the local table: mask the winners, k of them sharing */
    int64_t tab[HR_LOCAL_PLAYERS * (HR_LOCAL_PLAYERS + 1) * HR_LCATS];
    memset(tab, 0, sizeof(int64_t) * (size_t)P * (P + 1) * HR_LCATS);
    const int per = nj >> P;
    for (int j = 0; j < nj; j++) {
        if (!J[j]) continue;
        const int mask = j / per;
        const int k = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1);
        for (int p = P - 1, rest = j % per; p >= 0; p--, rest /= HR_NCATS) {
            const int n = mask >> p & 1 ? k : 0;
            tab[((size_t)p * (P + 1) + (size_t)n) * HR_LCATS + (size_t)(rest % HR_NCATS)] += J[j];
        }
    }
    hr_eq_add_local(E, C, tab, trials, 1.0);
}

#define HR_EQ_MC_HOLDEM(NAME, P, PRE)                                                 \
    static void NAME(const hr_equity_t *E, uint64_t state, int64_t trials,            \
                     hr_eqcount_t *C)                                                 \
    {                                                                                 \
        hr_eq_mc_holdem(E, state, trials, C, P, PRE);                                 \
    }
HR_EQ_MC_HOLDEM(hr_eq_mc_h2, 2, 0)
HR_EQ_MC_HOLDEM(hr_eq_mc_h2_pre, 2, 1)
HR_EQ_MC_HOLDEM(hr_eq_mc_h3, 3, 0)
HR_EQ_MC_HOLDEM(hr_eq_mc_h3_pre, 3, 1)

/* The instances: hold'em heads-up and three-way, and any other game, each
 * with one board or two (NB a constant, so one board keeps its own loop). */
#define HR_EQ_MC(NAME, P, HOLDEM, NB)                                                 \
    static void NAME(const hr_equity_t *E, uint64_t state, int64_t trials,            \
                     hr_eqcount_t *C)                                                 \
    {                                                                                 \
        hr_eq_mc_plain(E, state, trials, C, P, HOLDEM, NB);                           \
    }
HR_EQ_MC(hr_eq_mc_any, E->players, 0, 1)
HR_EQ_MC(hr_eq_mc_h2_double, 2, 1, 2)
HR_EQ_MC(hr_eq_mc_h3_double, 3, 1, 2)
HR_EQ_MC(hr_eq_mc_any_double, E->players, 0, 2)

/* Deal `trials` random completions with the stream `state`, counting each.
 * Returns -1 when the ranges kept clashing, else 0. */
static int hr_eq_mc_deals(const hr_equity_t *E, uint64_t state, int64_t trials, hr_eqcount_t *C)
{
    const hr_game_t *G = E->game;
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
                           G->half[0].v.mode == HR_MODE_BEST && !G->half[0].v.qualifies &&
                           G->half[0].v.fadj == 0 && G->half[0].v.F;
        const int two = G->boards == 2;
        int pre = G->board == 5 && !E->board_known[0];     /* preflop, every hand known */
        for (int p = 0; p < E->players; p++) pre &= E->known[p] == H;
        if (holdem && E->players == 2)
            (two ? hr_eq_mc_h2_double : pre ? hr_eq_mc_h2_pre : hr_eq_mc_h2)(E, state, trials, C);
        else if (holdem && E->players == 3)
            (two ? hr_eq_mc_h3_double : pre ? hr_eq_mc_h3_pre : hr_eq_mc_h3)(E, state, trials, C);
        else
            (two ? hr_eq_mc_any_double : hr_eq_mc_any)(E, state, trials, C);
        return 0;
    }
    int picks[HR_MAX_PLAYERS];
    hr_eq_rng_t g = hr_eq_rng(state);
    for (int64_t t = 0; t < trials; t++) {
        uint64_t used = 0;
        if (E->nranged && (used = hr_pick_ranges(E, &g, holes, picks)) == ~0ULL) return -1;
        int pos = 0;
        hr_eq_deal(&g);
        for (int b = 0; b < G->boards; b++)
            for (int j = E->board_known[b]; j < G->board; j++)
                board[b * G->board + j] = hr_draw(deck, nd, pos++, used, &g);
        for (int p = 0; p < E->players; p++)
            for (int j = E->known[p]; j < H; j++)
                holes[p * H + j] = hr_draw(deck, nd, pos++, used, &g);
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
            failed = hr_eqcount_init(&part[t], E->players, E->game->nhalves, C->wcnt != NULL,
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

#endif /* HANDRANK_HR_MC_H */
