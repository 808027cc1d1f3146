/*
 * handrank hold'em kernels: the hot loops of hold'em-shaped equity (two
 * hole cards, a five-card board, any five of the seven, one high half, no
 * wild card, no qualifier).  Every completion of a board counted by rank
 * multiset (hr_holdem_boards: the exact enumeration's units, hr_exact.h),
 * and one hand against another over every board (the preflop table's
 * matchups, on threads through hr_rows).  Monte Carlo's hold'em instances
 * are hr_eq_mc_plain's (hr_mc.h).
 */
#ifndef HANDRANK_HR_HOLDEM_H
#define HANDRANK_HR_HOLDEM_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "hr_eqcount.h"
#include "../games/hr_games.h"
#include "../rules/hr_hash.h"
#include "../base/hr_rows.h"
#include "../rules/hr_rule.h"
#include "../evaluation/hr_value.h"

/* ------------------------------------------------------------------ */
/* The board by rank multisets                                          */

/*
 * The completions of a hold'em-shaped board (two hole cards per player, a
 * five-card board, any five of the seven, flushes counting for the player,
 * no wild card, no qualifier: hr_holdem_fits) counted by rank multiset
 * rather than board by board.
 *
 * On a board where no player holds five cards of one suit every hand is
 * valued by its ranks alone, so every board with the same multiset M of new
 * ranks gives every player the same strength: one valuation per multiset,
 * counted prod_r C(avail_r, m_r) times (avail_r: the cards of rank r left
 * to deal).  A flush needs three board cards of its suit (a player has two
 * hole cards), so on any board at most one suit s can make one; it does
 * for some player exactly when the new cards of s number need_s = 5 - (known
 * board cards of s) - (the most hole cards of s a player holds) or more.
 * Those boards are counted apart, by the set T of new ranks of s and the
 * multiset M' of the other new ranks (prod_r C(avail_r - [r of s left],
 * m'_r) boards each): a player with five cards of s values the flush (T
 * decides it), the others their ranks; and each is taken off the count of
 * its multiset T + M' before the multisets are counted.
 *
 * So a preflop heads-up enumeration (1,712,304 boards) values about 6,000
 * multisets and some 40,000 flush classes, a flop (990 boards) about 90
 * and a few dozen.  The counts are exactly the board-by-board counts
 * (tests/test_fastpaths.py compares them with the plain enumeration).
 */

/* The multiset slots' scratch table: one count per slot of the hash of k
 * new ranks (hr_hashes[k], k <= 5); zero between calls. */
HR_INLINE size_t hr_multiset_scratch_size(void) { return (size_t)hr_hashes[5].size; }

/* Whether the rank-multiset count applies to a game: hold'em-shaped, one
 * board, one high half, seven cards, flushes of five counting for the
 * player, no wild card, no qualifier, and at most HR_LOCAL_PLAYERS players
 * (the local table). */
HR_INLINE int hr_holdem_fits(const hr_game_t *G, int players)
{
    const hr_vctx_t *v = &G->half[0].v;
    return !G->plain && G->boards == 1 && G->nhalves == 1 && G->any && G->hole == 2 &&
           G->board == 5 && !G->wild->active && v->mode == HR_MODE_BEST && !v->qualifies &&
           v->fadj == 0 && v->F && players >= 1 && players <= HR_LOCAL_PLAYERS &&
           hr_hashes[5].size > 0;
}

static const uint8_t hr_choose4[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1},
};

typedef struct {
    const int16_t *V;               /* seven-card rank values and their hash */
    const int32_t *off;
    const int16_t *F;               /* flush values by rank lane */
    const int8_t *cat;
    const int32_t *moff;            /* the hash of k new ranks: a multiset's slot */
    int32_t *dec;                   /* flush boards of each multiset slot */
    int64_t *tab;                   /* tab[p][sharers][category], as the walk's */
    int64_t deals;
    int cnt[HR_NRANKS];             /* cards of each rank left (without suit s: flushes) */
    uint32_t base[HR_LOCAL_PLAYERS]; /* rank key of each player's hole + known board */
    int16_t fv[HR_LOCAL_PLAYERS];   /* a flush's value, or -1 (flush boards) */
} hr_hk_t;

/* One valuation counted w times: the winners and each player's category. */
HR_INLINE void hr_hk_count(hr_hk_t *K, const int16_t *sh, int64_t w, const int P)
{
    /* P <= HR_LOCAL_PLAYERS (hr_hk_run's caller checks it); n has room
     * for HR_MAX_PLAYERS so that no compiler sees a write past its end on
     * a path it cannot rule out (aarch64 gcc 12's -Wstringop-overflow) */
    uint8_t n[HR_MAX_PLAYERS];
    hr_half_winners(sh, P, n);
    for (int p = 0; p < P; p++)
        K->tab[((size_t)p * (P + 1) + n[p]) * HR_LCATS + (size_t)K->cat[sh[p]]] += w;
    K->deals += w;
}

/* A multiset of new ranks (rank key rk) reached with w boards.  FL: a flush
 * class (players with fv >= 0 hold the flush; the boards are taken off the
 * multiset's count), else a multiset counted less its flush boards. */
HR_INLINE void hr_hk_leaf(hr_hk_t *K, uint32_t rk, int64_t w, const int P, const int FL)
{
    const uint32_t slot = (uint32_t)((int64_t)rk + K->moff[rk >> HR_HASH_SHIFT(5)]);
    if (FL) {
        K->dec[slot] += (int32_t)w;
    } else {
        w -= K->dec[slot];
        K->dec[slot] = 0;
        if (!w) return;
    }
    int16_t sh[HR_LOCAL_PLAYERS];
    for (int p = 0; p < P; p++) {
        const uint32_t key = K->base[p] + rk;
        sh[p] = FL && K->fv[p] >= 0 ? K->fv[p]
                                    : K->V[key + K->off[key >> HR_HASH_SHIFT(7)]];
    }
    hr_hk_count(K, sh, w, P);
}

/* The one walk over rank multisets (hold'em equity here, the three-way
 * table of tables/hr_threeway.h): NAME visits every multiset of `left` more
 * ranks from rank r up, each at most K->cnt[r] times, reached with rank key
 * rk and w boards, and calls LEAF(K, key, boards, P, FL) on each.  KT is the
 * walk's context (it has cnt[]); P is PX, a constant where the caller knows
 * it (else the argument P_); FL is passed through to LEAF. */
#define HR_RANK_WALK(NAME, KT, LEAF, PX, FL)                                          \
    static void NAME(KT *K, int r, int left, uint32_t rk, int64_t w, int P_)          \
    {                                                                                 \
        const int P = PX;                                                             \
        (void)P_;                                                                     \
        (void)P;                                                                      \
        if (left == 1) {                                                              \
            for (; r < HR_NRANKS; r++)                                                \
                if (K->cnt[r]) LEAF(K, rk + hr_rank_mult[r], w * K->cnt[r], P, FL);  \
            return;                                                                   \
        }                                                                             \
        if (left == 0) {                                                              \
            LEAF(K, rk, w, P, FL);                                                    \
            return;                                                                   \
        }                                                                             \
        for (; r < HR_NRANKS; r++) {                                                  \
            const int c = K->cnt[r];                                                  \
            uint32_t key = rk;                                                        \
            for (int m = 1; m <= c && m <= left; m++) {                               \
                key += hr_rank_mult[r];                                               \
                NAME(K, r + 1, left - m, key, w * hr_choose4[c][m], P_);              \
            }                                                                         \
        }                                                                             \
    }
#define HR_HK_WALK(NAME, PX, FL) HR_RANK_WALK(NAME, hr_hk_t, hr_hk_leaf, PX, FL)
HR_HK_WALK(hr_hk_walk2, 2, 0)
HR_HK_WALK(hr_hk_walk3, 3, 0)
HR_HK_WALK(hr_hk_walkn, P_, 0)
HR_HK_WALK(hr_hk_flush2, 2, 1)
HR_HK_WALK(hr_hk_flush3, 3, 1)
HR_HK_WALK(hr_hk_flushn, P_, 1)

typedef void (*hr_hk_walk_fn)(hr_hk_t *K, int r, int left, uint32_t rk, int64_t w, int P);

/* The flush classes of suit s: every set T of j new s ranks (from `lane`,
 * which holds nl of the s ranks left), then the multisets of the other
 * k - j new ranks. */
typedef struct {
    int k, j, P, s;
    uint32_t hl[HR_LOCAL_PLAYERS];   /* each player's s ranks: hole + known board */
    int hn[HR_LOCAL_PLAYERS];        /* how many */
    hr_hk_walk_fn walk;
} hr_hk_suit_t;

static void hr_hk_sets(hr_hk_t *K, const hr_hk_suit_t *S, uint32_t lane, int nl, int left,
                       uint32_t T)
{
    if (left == 0) {
        for (int p = 0; p < S->P; p++)
            K->fv[p] = S->hn[p] + S->j >= 5 ? K->F[S->hl[p] | T] : (int16_t)-1;
        S->walk(K, 0, S->k - S->j, hr_lane_rank_key[T], 1, S->P);
        return;
    }
    for (uint32_t x = lane; nl >= left; nl--, x &= x - 1) {   /* nl: the bits of x */
        const uint32_t b = x & (0u - x);
        hr_hk_sets(K, S, x & ~b, nl - 1, left - 1, T | b);
    }
}

/* Count every completion of a hold'em-shaped board into tab (the walk's
 * local table, tab[p][sharers][category]) and *deals: P players' hole cards
 * (P x 2 codes), `filled` board cards, and 5 - filled more from the `n`
 * cards of `cards`.  `scratch`: hr_multiset_scratch_size() counts, zero on
 * entry (and left zero).  Precondition: hr_holdem_fits, 1 <= 5 - filled <= n. */
static void hr_holdem_boards(const hr_vctx_t *c, const uint8_t *holes, int P, const uint8_t *board,
                             int filled, const uint8_t *cards, int n, int32_t *scratch,
                             int64_t *tab, int64_t *deals)
{
    const int k = 5 - filled;
    hr_hk_t K;
    K.V = c->V[7];
    K.off = c->off[7];
    K.F = c->F;
    K.cat = c->R->cat;
    K.moff = hr_hashes[k].off;
    K.dec = scratch;
    K.tab = tab;
    K.deals = 0;
    uint32_t bl[HR_NSUITS] = {0, 0, 0, 0}, av[HR_NSUITS] = {0, 0, 0, 0}, brk = 0;
    int nb[HR_NSUITS] = {0, 0, 0, 0}, na[HR_NSUITS] = {0, 0, 0, 0};   /* their cards */
    for (int j = 0; j < filled; j++) {
        bl[HR_SUIT(board[j])] |= 1u << HR_RANK(board[j]);
        nb[HR_SUIT(board[j])]++;
        brk += hr_rank_mult[HR_RANK(board[j])];
    }
    for (int r = 0; r < HR_NRANKS; r++) K.cnt[r] = 0;
    for (int j = 0; j < n; j++) {
        av[HR_SUIT(cards[j])] |= 1u << HR_RANK(cards[j]);
        na[HR_SUIT(cards[j])]++;
        K.cnt[HR_RANK(cards[j])]++;
    }
    for (int p = 0; p < P; p++)
        K.base[p] = brk + hr_rank_mult[HR_RANK(holes[2 * p])] +
                    hr_rank_mult[HR_RANK(holes[2 * p + 1])];
    const int two = P == 2, three = P == 3;
    /* the flush boards of each suit that can make one */
    for (int s = 0; s < HR_NSUITS; s++) {
        hr_hk_suit_t S;
        int most = 0;
        S.k = k;
        S.P = P;
        S.s = s;
        S.walk = two ? hr_hk_flush2 : three ? hr_hk_flush3 : hr_hk_flushn;
        for (int p = 0; p < P; p++) {
            uint32_t h = 0;
            int m = nb[s];
            for (int j = 0; j < 2; j++)
                if (HR_SUIT(holes[2 * p + j]) == s) {
                    h |= 1u << HR_RANK(holes[2 * p + j]);
                    m++;
                }
            S.hl[p] = h | bl[s];
            S.hn[p] = m;
            if (m > most) most = m;
        }
        const int need = 5 - most, left = na[s];
        if (need > k || need > left) continue;
        for (int r = 0; r < HR_NRANKS; r++) K.cnt[r] -= (int)(av[s] >> r & 1);
        for (S.j = need > 0 ? need : 0; S.j <= k && S.j <= left; S.j++)
            hr_hk_sets(&K, &S, av[s], left, S.j, 0);
        for (int r = 0; r < HR_NRANKS; r++) K.cnt[r] += (int)(av[s] >> r & 1);
    }
    /* every multiset, less its flush boards */
    (two ? hr_hk_walk2 : three ? hr_hk_walk3 : hr_hk_walkn)(&K, 0, k, 0, 1, P);
    *deals += K.deals;
}

/* ------------------------------------------------------------------ */
/* Heads-up hold'em, every board                                        */

/* Hand a (two codes) against hand b over all 1,712,304 boards of the other 48
 * cards, board by board: out = {boards a wins, boards b wins, ties}.  The
 * board is summed incrementally, one card per loop level.  Precondition: c
 * values high hands without wild cards (the preflop table's only use).
 * (hr_holdem_hu counts the same by rank multiset; this is its fallback when
 * the scratch table cannot be had.) */
static void hr_holdem_hu_boards(const hr_vctx_t *c, const uint8_t *a, const uint8_t *b,
                                int64_t *out)
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

/* The same by rank multiset (hr_holdem_boards); scratch as there. */
static void hr_holdem_hu(const hr_vctx_t *c, const uint8_t *a, const uint8_t *b, int32_t *scratch,
                         int64_t *out)
{
    uint8_t holes[4] = {a[0], a[1], b[0], b[1]}, cards[52];
    int n = 0;
    for (int x = 0; x < HR_NCARDS; x++)
        if (x != a[0] && x != a[1] && x != b[0] && x != b[1]) cards[n++] = (uint8_t)x;
    int64_t tab[2 * 3 * HR_LCATS], deals = 0;
    memset(tab, 0, sizeof(tab));
    hr_holdem_boards(c, holes, 2, NULL, 0, cards, n, scratch, tab, &deals);
    out[0] = out[1] = out[2] = 0;
    for (int cat = 0; cat < HR_LCATS; cat++) {
        out[0] += tab[(0 * 3 + 1) * HR_LCATS + cat];   /* player 0, sole winner */
        out[1] += tab[(1 * 3 + 1) * HR_LCATS + cat];
        out[2] += tab[(0 * 3 + 2) * HR_LCATS + cat];   /* player 0, two sharing */
    }
}

/* m heads-up matchups (m x 4 codes: a0 a1 b0 b1, m < 2^31) into out (m x 3);
 * R must be the high rule set. */
static int64_t hr_holdem_hu_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_rows_io_t *a = (const hr_rows_io_t *)arg;
    const hr_vctx_t *c = (const hr_vctx_t *)a->ctx;
    const uint8_t *matchups = (const uint8_t *)a->in;
    int64_t *out = (int64_t *)a->out;
    int32_t *scratch = calloc(hr_multiset_scratch_size(), sizeof(int32_t));
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *m = matchups + 4 * i;
        if (scratch) hr_holdem_hu(c, m, m + 2, scratch, out + 3 * i);
        else hr_holdem_hu_boards(c, m, m + 2, out + 3 * i);
    }
    free(scratch);
    return -1;
}

static void hr_holdem_hu_batch(const hr_rule_t *R, const uint8_t *matchups, int64_t m,
                               int64_t *out, int nthreads)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_vctx_init(&c, wc, R, &hr_standard);
    const hr_rows_io_t a = {&c, matchups, out};
    hr_rows(hr_holdem_hu_part, &a, 0, m, 1, hr_team(nthreads));   /* a matchup a block */
}

#endif /* HANDRANK_HR_HOLDEM_H */
