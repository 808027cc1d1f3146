/*
 * handrank three-way preflop class triples: the exact hold'em showdown of
 * three starting-hand classes (A, B, C) over every board, summed over every
 * deal of them (a representative hand of A, every hand of B and of C that
 * shares no card with it or each other), counted by rank multiset.
 *
 * Every hand of a class triple has the same six hole ranks, so the board
 * ranks left to deal (cnt[r] = 4 - hole cards of rank r) are the same in
 * every matchup of the triple, and so is every valuation by ranks alone.
 * As in hr_holdem_boards (hr_holdem.h), a board's outcome is its rank
 * multiset's unless some suit s gives a player a flush, and the boards on
 * which suit s does are counted apart by (T, M'): the set T of new s ranks
 * and the multiset M' of the other new ranks.  Those boards depend only on
 * which of the six hole cards are of suit s (a 6-bit "suit mask": the s
 * ranks each player holds, and so the s cards left), never on the other
 * suits.  Flush boards of two suits never meet (each needs three of the
 * five board cards).  So, over the triple's matchups,
 *
 *     outcome counts = matchups x (every multiset M: C(cnt, M) x outcome(M))
 *                    + sum over suit masks m: n_m x delta(m),
 *
 * n_m the number of (matchup, suit) pairs whose suit has mask m, and
 * delta(m) the flush boards of such a suit, each counted with its flush
 * outcome and taken off its multiset's.  One rank walk (about 6,000
 * multisets) per triple and one flush walk per distinct mask (at most 27
 * for offsuit hands), instead of both per matchup and suit.
 *
 * Outcomes are the winners' set (3 bits: seat 0, 1, 2); out[w] counts the
 * boards (over all matchups) that the seats of w split, out[0] the
 * matchups.  tests/test_threeway.py checks the counts against hr.equity
 * matchup by matchup and against a board-by-board brute force.
 */
#ifndef HANDRANK_HR_THREEWAY_H
#define HANDRANK_HR_THREEWAY_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "../rules/hr_hash.h"
#include "../equities/hr_holdem.h"
#include "../base/hr_rows.h"
#include "../rules/hr_rule.h"
#include "../evaluation/hr_value.h"

/* The boards of one triple: the valuation context and scratch. */
typedef struct {
    const int16_t *V;               /* seven-card rank values and their hash */
    const int32_t *off;
    const int16_t *F;               /* flush values by rank lane */
    const int32_t *moff;            /* the hash of 5 new ranks */
    uint8_t *code;                  /* [slot] winners of the multiset by ranks */
    int16_t *val;                   /* [slot][3] each seat's value by ranks */
    int cnt[HR_NRANKS];             /* cards of each rank left (less suit s: flush walk) */
    uint32_t base[3];               /* each seat's hole rank key */
    int16_t fv[3];                  /* a flush's value, or -1 */
    int64_t d[8];                   /* counts by winners' set */
} hr_tw_t;

HR_INLINE int hr_tw_winners(int16_t a, int16_t b, int16_t c)
{
    const int16_t m = a > b ? (a > c ? a : c) : (b > c ? b : c);
    return (a == m) | (b == m) << 1 | (c == m) << 2;
}

HR_INLINE uint32_t hr_tw_slot(const hr_tw_t *K, uint32_t rk)
{
    return (uint32_t)((int64_t)rk + K->moff[rk >> HR_HASH_SHIFT(5)]);
}

/* A multiset of 5 new ranks (rank key rk) reached with w boards.  FL = 0:
 * the rank walk (stores the multiset's values and winners, counts it);
 * FL = 1: a flush walk (fv set: counts the flush outcome, takes off the
 * multiset's). */
HR_INLINE void hr_tw_leaf(hr_tw_t *K, uint32_t rk, int64_t w, const int FL)
{
    const uint32_t s = hr_tw_slot(K, rk);
    int16_t *v = K->val + 3 * (size_t)s;
    if (FL) {
        const int wf = hr_tw_winners(K->fv[0] >= 0 ? K->fv[0] : v[0],
                                     K->fv[1] >= 0 ? K->fv[1] : v[1],
                                     K->fv[2] >= 0 ? K->fv[2] : v[2]);
        K->d[wf] += w;
        K->d[K->code[s]] -= w;
        return;
    }
    for (int p = 0; p < 3; p++) {
        const uint32_t key = K->base[p] + rk;
        v[p] = K->V[key + K->off[key >> HR_HASH_SHIFT(7)]];
    }
    const int wr = hr_tw_winners(v[0], v[1], v[2]);
    K->code[s] = (uint8_t)wr;
    K->d[wr] += w;
}

/* Every multiset of `left` more ranks from rank r up (rank key rk, w boards),
 * each at most cnt[r] times, to hr_tw_leaf: hr_holdem.h's walk (the seats
 * are always 3; its P argument is unused). */
#define HR_TW_LEAF(K, rk, w, P, FL) hr_tw_leaf(K, rk, w, FL)
#define HR_TW_WALK(NAME, FL) HR_RANK_WALK(NAME, hr_tw_t, HR_TW_LEAF, 3, FL)
HR_TW_WALK(hr_tw_ranks, 0)
HR_TW_WALK(hr_tw_flush, 1)

/* The flush boards of a suit whose hole cards are `mask` (bit i: hole card
 * i, seat i / 2, of rank rank[i]): every set T of j >= need new ranks of
 * the suit, then the multisets of the other 5 - j.  K->d: the change. */
typedef struct {
    uint32_t hl[3];                 /* each seat's ranks of the suit */
    int hn[3];
    int j;
} hr_tw_suit_t;

static void hr_tw_sets(hr_tw_t *K, const hr_tw_suit_t *S, uint32_t lane, int nl, int left,
                       uint32_t T)
{
    if (left == 0) {
        for (int p = 0; p < 3; p++)
            K->fv[p] = S->hn[p] + S->j >= 5 ? K->F[S->hl[p] | T] : (int16_t)-1;
        hr_tw_flush(K, 0, 5 - S->j, hr_lane_rank_key[T], 1, 3);
        return;
    }
    for (uint32_t x = lane; nl >= left; nl--, x &= x - 1) {   /* nl: the bits of x */
        const uint32_t b = x & (0u - x);
        hr_tw_sets(K, S, x & ~b, nl - 1, left - 1, T | b);
    }
}

static void hr_tw_suit(hr_tw_t *K, const int *rank, int mask)
{
    hr_tw_suit_t S;
    uint32_t held = 0;
    int most = 0;
    for (int p = 0; p < 3; p++) {
        S.hl[p] = 0;
        S.hn[p] = 0;
        for (int i = 2 * p; i < 2 * p + 2; i++)
            if (mask >> i & 1) {
                S.hl[p] |= 1u << rank[i];
                S.hn[p]++;
            }
        held |= S.hl[p];
        if (S.hn[p] > most) most = S.hn[p];
    }
    const uint32_t av = 0x1FFFu & ~held;
    const int na = HR_NRANKS - hr_popcount64(held);
    for (int r = 0; r < HR_NRANKS; r++) K->cnt[r] -= (int)(av >> r & 1);
    for (S.j = 5 - most; S.j <= 5 && S.j <= na; S.j++)
        hr_tw_sets(K, &S, av, na, S.j, 0);
    for (int r = 0; r < HR_NRANKS; r++) K->cnt[r] += (int)(av >> r & 1);
}

/* A class (hi >= lo ranks; kind 0 a pair, 1 suited, 2 offsuit): its hands
 * (codes, higher rank first) into h, their number returned. */
static int hr_tw_hands(int hi, int lo, int kind, uint8_t (*h)[2])
{
    int n = 0;
    for (int s = 0; s < HR_NSUITS; s++)
        for (int t = 0; t < HR_NSUITS; t++)
            if (kind == 0 ? s < t : kind == 1 ? s == t : s != t) {
                h[n][0] = (uint8_t)(4 * hi + s);
                h[n][1] = (uint8_t)(4 * lo + t);
                n++;
            }
    return n;
}

/* One triple: cls = 3 x (hi, lo, kind); seat 0 holds the representative hand
 * (suits 0 and 1, or 0 and 0 if suited: handrank.tables._preflop._representative).
 * out[0]: matchups, out[w]: boards split by the seats of w. */
static void hr_threeway_triple(const hr_vctx_t *c, const int32_t *cls, uint8_t *code,
                               int16_t *val, int64_t *out)
{
    uint8_t hb[16][2], hc[16][2];
    const uint8_t a0 = (uint8_t)(4 * cls[0]), a1 = (uint8_t)(4 * cls[1] + (cls[2] != 1));
    const int nb = hr_tw_hands(cls[3], cls[4], cls[5], hb);
    const int nc = hr_tw_hands(cls[6], cls[7], cls[8], hc);
    int64_t nmask[64], matchups = 0;
    memset(nmask, 0, sizeof(nmask));
    for (int i = 0; i < nb; i++) {
        const uint64_t ma = (1ull << a0) | (1ull << a1);
        const uint64_t mb = (1ull << hb[i][0]) | (1ull << hb[i][1]);
        if (ma & mb) continue;
        for (int k = 0; k < nc; k++) {
            const uint64_t mc = (1ull << hc[k][0]) | (1ull << hc[k][1]);
            if ((ma | mb) & mc) continue;
            const uint8_t h[6] = {a0, a1, hb[i][0], hb[i][1], hc[k][0], hc[k][1]};
            int m[HR_NSUITS] = {0, 0, 0, 0};
            for (int x = 0; x < 6; x++) m[HR_SUIT(h[x])] |= 1 << x;
            for (int s = 0; s < HR_NSUITS; s++) nmask[m[s]]++;
            matchups++;
        }
    }
    for (int w = 0; w < 8; w++) out[w] = 0;
    out[0] = matchups;
    if (!matchups) return;
    const int rank[6] = {cls[0], cls[1], cls[3], cls[4], cls[6], cls[7]};
    hr_tw_t K;
    K.V = c->V[7];
    K.off = c->off[7];
    K.F = c->F;
    K.moff = hr_hashes[5].off;
    K.code = code;
    K.val = val;
    for (int r = 0; r < HR_NRANKS; r++) K.cnt[r] = 4;
    for (int x = 0; x < 6; x++) K.cnt[rank[x]]--;
    for (int p = 0; p < 3; p++) K.base[p] = hr_rank_mult[rank[2 * p]] + hr_rank_mult[rank[2 * p + 1]];
    memset(K.d, 0, sizeof(K.d));
    hr_tw_ranks(&K, 0, 5, 0, 1, 3);
    for (int w = 1; w < 8; w++) out[w] = matchups * K.d[w];
    for (int m = 0; m < 64; m++) {
        if (!nmask[m]) continue;
        memset(K.d, 0, sizeof(K.d));
        hr_tw_suit(&K, rank, m);
        for (int w = 1; w < 8; w++) out[w] += nmask[m] * K.d[w];
    }
}

/* t triples (t x 9 int32: hi, lo, kind per seat) into out (t x 8). */
static int64_t hr_threeway_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_rows_io_t *a = (const hr_rows_io_t *)arg;
    const hr_vctx_t *c = (const hr_vctx_t *)a->ctx;
    const int32_t *cls = (const int32_t *)a->in;
    int64_t *out = (int64_t *)a->out;
    const size_t size = hr_hashes[5].size;
    uint8_t *code = malloc(size + 1);
    int16_t *val = malloc((3 * size + 3) * sizeof(int16_t));
    for (int64_t i = lo; i < hi && code && val; i++)
        hr_threeway_triple(c, cls + 9 * i, code, val, out + 8 * i);
    const int64_t bad = code && val ? -1 : lo;       /* out of memory: the first row */
    free(code);
    free(val);
    return bad;
}

/* Returns -1, or the first triple left uncounted (out of memory).
 * Precondition: the rank hashes are built (hr_init; the module builds them
 * before its first rule table) and R is the high rule set (RuleTables.threeway checks);
 * every class row valid (hi >= lo, kind 0 exactly for pairs). */
static int64_t hr_threeway_batch(const hr_rule_t *R, const int32_t *cls, int64_t t, int64_t *out,
                                 int nthreads)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_vctx_init(&c, wc, R, &hr_standard);
    const hr_rows_io_t a = {&c, cls, out};
    return hr_rows(hr_threeway_part, &a, 0, t, 1, hr_team(nthreads));
}

#endif /* HANDRANK_HR_THREEWAY_H */
