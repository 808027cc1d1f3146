/*
 * handrank games: Omaha (exactly two hole cards and three board cards), any-
 * five games (hold'em, stud, draw), and the showdown of one deal: each
 * player's high and low strength and their share of the pot.
 *
 * A deal is the players' hole cards (players x hole codes) and the board
 * (board codes).  Everything works on summed card entries (hr_v2) so the
 * board is added up once per deal and shared by every player.
 */
#ifndef HANDRANK_HR_GAMES_H
#define HANDRANK_HR_GAMES_H

#include "hr_eval.h"

enum { HR_SELECT_ANY = 0, HR_SELECT_OMAHA = 1 };

#define HR_MAX_PLAYERS 23
#define HR_MAX_HOLE 7
#define HR_MAX_BOARD 5

typedef struct {
    int hole, board;            /* cards per player, shared cards */
    int select;                 /* HR_SELECT_ANY: best five of hole + board;
                                   HR_SELECT_OMAHA: exactly two hole + three board */
    const hr_rule_t *hi, *lo;   /* rule sets of the two halves (either may be NULL) */
    const hr_wild_t *wild;      /* wild setting (never NULL; &hr_plain for none) */
} hr_game_t;

/* Strength of an accumulated hand of k = 5..9 cards (sum of card entries). */
static int hr_value_acc(const hr_rule_t *R, const hr_wild_t *W, uint64_t mask, uint64_t key,
                        int k)
{
    const uint32_t rk = (uint32_t)key;
    int v;
    if (key & (15ULL << 48)) {
        v = hr_value_any(R, mask & ~W->wild_bits, rk, HR_WILD_COUNT(key), k, W->bug);
    } else {
        const uint64_t fl = key & HR_FLUSH_BITS;
        if (HR_LIKELY(k <= HR_MAX_HASHED && !fl))
            v = R->value[k][hr_slot(&hr_hashes[k], rk)];
        else
            v = hr_value_slow(R, mask, rk, k, fl ? (hr_ctz64(fl) - 35) >> 2 : -1);
    }
    return v >= R->qual ? v : -1;
}

/* Best Omaha five: one of the hole pairs' sums plus one of the board
 * triples' sums (the triples carry the suit-counter start, so pair + triple
 * is a five-card entry sum).  `board_flush`: some suit has three or more
 * board cards.  Under rules where a flush counts for the player, a flush
 * five's off-suit value never beats its flush value, so every five is first
 * valued by ranks alone, and only suited pair + suited triple fives are then
 * looked up as flushes.  Wild cards, and flushes that count against the
 * player, value each five exactly. */
HR_INLINE int hr_value_omaha(const hr_rule_t *R, const hr_wild_t *W, const hr_v2 *pairs,
                             const int np, const hr_v2 *triples, const int nt, int board_flush)
{
    const int32_t *off = hr_hashes[5].off;
    const int shift = hr_hashes[5].shift;
    const int16_t *V = R->value[5];
    int best = -1;
    if (W->active || (board_flush && R->flush_mode == HR_FLUSH_AVOID)) {
        for (int t = 0; t < nt; t++)
            for (int p = 0; p < np; p++) {
                const hr_v2 acc = HR_V2_ADD(triples[t], pairs[p]);
                const uint64_t mask = HR_V2_LO(acc), key = HR_V2_HI(acc);
                int v;
                if (key & ((15ULL << 48) | HR_FLUSH_BITS))
                    v = hr_value_any(R, mask & ~W->wild_bits, (uint32_t)key, HR_WILD_COUNT(key), 5,
                                     W->bug);
                else
                    v = V[(uint32_t)key + off[(uint32_t)key >> shift]];
                best = v > best ? v : best;
            }
        return best >= R->qual ? best : -1;
    }
    for (int t = 0; t < nt; t++) {
        const uint32_t kt = (uint32_t)HR_V2_HI(triples[t]);
        for (int p = 0; p < np; p++) {
            const uint32_t rk = kt + (uint32_t)HR_V2_HI(pairs[p]);
            const int v = V[rk + off[rk >> shift]];
            best = v > best ? v : best;
        }
    }
    if (board_flush && R->flush_mode == HR_FLUSH_BEST) {
        for (int t = 0; t < nt; t++) {
            const uint64_t tm = HR_V2_LO(triples[t]);
            const int s = hr_ctz64(tm) >> 4;
            if ((tm >> (16 * s)) << (16 * s) != tm || (tm >> (16 * s)) > HR_LANE) continue;
            for (int p = 0; p < np; p++) {
                const uint64_t m = tm | HR_V2_LO(pairs[p]);
                const uint64_t lane = (m >> (16 * s)) & HR_LANE;
                if ((lane << (16 * s)) != m) continue;            /* not all one suit */
                const int v = R->flush[lane];
                best = v > best ? v : best;
            }
        }
    }
    return best >= R->qual ? best : -1;
}

/* Sums of every two of n entries (pairs) or every three (triples). */
static int hr_pairs(const hr_v2 *e, int n, hr_v2 *out)
{
    int m = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) out[m++] = HR_V2_ADD(e[a], e[b]);
    return m;
}

static int hr_triples(const hr_v2 *e, int n, hr_v2 *out)
{
    int m = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++) out[m++] = HR_V2_ADD(HR_V2_ADD(e[a], e[b]), e[c]);
    return m;
}

/* Strengths of every player of one deal under one rule set R. `first`
 * holds entries with the suit-counter start, `next` without; the start is
 * taken exactly once per five (or k) cards.  Returns 0, or -1 when the
 * deal's cards are invalid or repeat. */
static int hr_deal_strengths(const hr_game_t *G, const hr_rule_t *R, const uint8_t *holes,
                             const uint8_t *board, int players, int16_t *out)
{
    const hr_wild_t *W = G->wild;
    hr_v2 be[HR_MAX_BOARD], he[HR_MAX_HOLE], acc_b = {0, HR_SUIT_INIT};
    for (int j = 0; j < G->board; j++) {
        be[j] = W->next[board[j]];
        acc_b = HR_V2_ADD(acc_b, be[j]);
    }
    if (G->select == HR_SELECT_OMAHA) {
        hr_v2 triples[10], pairs[21];
        int nt = hr_triples(be, G->board, triples);
        for (int t = 0; t < nt; t++) HR_V2_HI(triples[t]) += HR_SUIT_INIT;
        uint64_t bkey = HR_V2_HI(acc_b) - HR_SUIT_INIT;
        int board_flush = 0;   /* a suit with three or more board cards */
        for (int s = 0; s < HR_NSUITS; s++)
            if (((bkey >> (32 + 4 * s)) & 15) >= 3) board_flush = 1;
        for (int p = 0; p < players; p++) {
            const uint8_t *h = holes + (size_t)p * G->hole;
            for (int j = 0; j < G->hole; j++) he[j] = W->next[h[j]];
            int np = hr_pairs(he, G->hole, pairs);
            /* the common shape (4 hole, 5 board) with constant loop bounds */
            out[p] = (int16_t)(np == 6 && nt == 10
                                   ? hr_value_omaha(R, W, pairs, 6, triples, 10, board_flush)
                                   : hr_value_omaha(R, W, pairs, np, triples, nt, board_flush));
        }
        return 0;
    }
    const int k = G->hole + G->board;
    for (int p = 0; p < players; p++) {
        const uint8_t *h = holes + (size_t)p * G->hole;
        hr_v2 acc = acc_b;
        for (int j = 0; j < G->hole; j++) acc = HR_V2_ADD(acc, W->next[h[j]]);
        out[p] = (int16_t)hr_value_acc(R, W, HR_V2_LO(acc), HR_V2_HI(acc), k);
    }
    return 0;
}

/* 1 when every card of the deal is valid for the setting and none repeats. */
static int hr_deal_valid(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                         int players)
{
    const hr_wild_t *W = G->wild;
    uint64_t sum = 0;
    int n = 0;
    for (int j = 0; j < G->board; j++, n++) sum += HR_V2_LO(W->next[board[j]]);
    for (int j = 0; j < players * G->hole; j++, n++) sum += HR_V2_LO(W->next[holes[j]]);
    return hr_popcount64(sum) == n && n <= 54;
}

/* Pot shares of one deal from the players' strengths: each half to the best
 * (ties share), the low half only to a qualifying low (-1 does not), and the
 * whole pot to the high when nobody qualifies.  hi or lo may be NULL. */
static void hr_split(const int16_t *hi, const int16_t *lo, int players, double *share)
{
    int best_hi = -2, best_lo = -1, n_hi = 0, n_lo = 0;   /* lows below 0 never win */
    for (int p = 0; p < players; p++) {
        share[p] = 0.0;
        if (hi) {
            if (hi[p] > best_hi) { best_hi = hi[p]; n_hi = 1; }
            else if (hi[p] == best_hi) n_hi++;
        }
        if (lo && lo[p] >= 0) {
            if (lo[p] > best_lo) { best_lo = lo[p]; n_lo = 1; }
            else if (lo[p] == best_lo) n_lo++;
        }
    }
    double pot_lo = n_lo ? (hi ? 0.5 : 1.0) : 0.0, pot_hi = hi ? 1.0 - pot_lo : 0.0;
    for (int p = 0; p < players; p++) {
        if (hi && hi[p] == best_hi) share[p] += pot_hi / n_hi;
        if (n_lo && lo[p] == best_lo) share[p] += pot_lo / n_lo;
    }
}

/* Deals [lo, hi) of a showdown batch (see hr_showdown). */
static int64_t hr_showdown_rows(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                                int64_t lo, int64_t hi, int players, double *shares,
                                int16_t *hi_out, int16_t *lo_out)
{
    int16_t sh[HR_MAX_PLAYERS], sl[HR_MAX_PLAYERS];
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *h = holes + (size_t)i * players * G->hole;
        const uint8_t *b = boards + (size_t)i * G->board;
        double *share = shares + (size_t)i * players;
        if (HR_UNLIKELY(!hr_deal_valid(G, h, b, players))) {
            if (bad < 0) bad = i;
            for (int p = 0; p < players; p++) share[p] = 0.0;
            continue;
        }
        if (G->hi) hr_deal_strengths(G, G->hi, h, b, players, sh);
        if (G->lo) hr_deal_strengths(G, G->lo, h, b, players, sl);
        hr_split(G->hi ? sh : NULL, G->lo ? sl : NULL, players, share);
        for (int p = 0; p < players; p++) {
            if (hi_out) hi_out[(size_t)i * players + p] = G->hi ? sh[p] : -1;
            if (lo_out) lo_out[(size_t)i * players + p] = G->lo ? sl[p] : -1;
        }
    }
    return bad;
}

/* Omaha strengths of n hands: holes (n, h), boards (n, b), one rule set. */
static int64_t hr_omaha_rows(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                             int64_t lo, int64_t hi, int16_t *out)
{
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *h = holes + (size_t)i * G->hole, *b = boards + (size_t)i * G->board;
        if (HR_UNLIKELY(!hr_deal_valid(G, h, b, 1))) {
            if (bad < 0) bad = i;
            out[i] = -1;
            continue;
        }
        hr_deal_strengths(G, G->hi, h, b, 1, out + i);
    }
    return bad;
}

static int64_t hr_eval_omaha(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                             int64_t n, int16_t *out, int nthreads)
{
    int64_t bad;
    HR_PARALLEL_ROWS(n, nthreads, bad, hr_omaha_rows(G, holes, boards, lo, hi, out));
    return bad;
}

/* Showdown of n deals: holes (n, players, hole), boards (n, board) uint8.
 * Writes shares (n, players) and, when not NULL, the strengths (n, players)
 * of each half.  Returns the first bad deal or -1. */
static int64_t hr_showdown(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                           int64_t n, int players, double *shares, int16_t *hi_out,
                           int16_t *lo_out, int nthreads)
{
    int64_t bad;
    HR_PARALLEL_ROWS(n, nthreads, bad, hr_showdown_rows(G, holes, boards, lo, hi, players,
                                                          shares, hi_out, lo_out));
    return bad;
}

#endif /* HANDRANK_HR_GAMES_H */
