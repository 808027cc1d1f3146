/*
 * handrank games: Omaha (exactly two hole cards and three board cards), any-
 * five games (hold'em, stud, draw), and the showdown of one deal: each
 * player's high and low strength and their share of the pot.
 *
 * A deal is the players' hole cards (players x hole codes) and the board
 * (board codes).  Everything works on summed card entries (hr_v2) so the
 * board is added up once per deal and shared by every player; every hand is
 * valued by hr_value, and every pot is split by hr_split.
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
    const hr_deck_t *wild;      /* the compiled deck: which cards exist, which are wild */
    hr_vctx_t vhi, vlo;         /* how each half values a hand (hr_game_init) */
    hr_wctx_t whi[HR_MAX_HASHED + 1], wlo[HR_MAX_HASHED + 1];
} hr_game_t;

/* Check a game's sizes and build its valuation contexts (the wild tables of
 * both rule sets must exist when the setting has wild cards).  Returns 1, or
 * 0 for sizes the fixed buffers below cannot hold -- the Python layer refuses
 * those first; this is the C core's own guard. */
static int hr_game_init(hr_game_t *G)
{
    if (!G->wild || (!G->hi && !G->lo)) return 0;
    if (G->hole < 1 || G->hole > HR_MAX_HOLE || G->board < 0 || G->board > HR_MAX_BOARD)
        return 0;
    const hr_rule_t *halves[2] = {G->hi, G->lo};
    for (int h = 0; h < 2; h++) {
        const hr_rule_t *R = halves[h];
        if (!R) continue;
        if (G->select == HR_SELECT_OMAHA) {
            /* two hole cards and three board cards: a five-card poker hand */
            if (G->hole < 2 || G->board < 3 || R->def.kind != HR_KIND_POKER || R->def.n != 5)
                return 0;
        } else if (G->select != HR_SELECT_ANY || G->hole + G->board < R->kmin ||
                   G->hole + G->board > R->kmax) {
            return 0;
        }
        if (G->wild->active && !R->wild_built) return 0;
    }
    if (G->hi) hr_vctx_init(&G->vhi, G->whi, G->hi, G->wild);
    if (G->lo) hr_vctx_init(&G->vlo, G->wlo, G->lo, G->wild);
    return 1;
}

/* Best Omaha five: one of the hole pairs' sums plus one of the board
 * triples' sums (the triples carry the suit-counter start, so pair + triple
 * is a five-card entry sum).  `board_flush`: some suit has three or more
 * board cards.
 * Fast path, when there is no wild card and no five can be a flush that
 * counts against the player: every five is valued by its ranks alone, and
 * where flushes count for the player only suited pair + suited triple fives
 * are then looked up as flushes (a flush five's off-suit value never beats
 * its flush value).  Otherwise every five is valued by hr_value. */
HR_INLINE int hr_value_omaha(const hr_vctx_t *c, const hr_v2 *pairs, const int np,
                             const hr_v2 *triples, const int nt, int board_flush)
{
    int best = -1;
    if (c->wild || (board_flush && c->mode == HR_MODE_AVOID)) {
        for (int t = 0; t < nt; t++)
            for (int p = 0; p < np; p++) {
                const hr_v2 acc = HR_V2_ADD(triples[t], pairs[p]);
                const int v = hr_value(c, HR_V2_LO(acc), HR_V2_HI(acc), 5, c->mode, c->qualifies, c->wild);
                best = v > best ? v : best;
            }
        return best;
    }
    const int32_t *off = c->off[5];
    const int shift = c->shift[5];
    const int16_t *V = c->V[5];
    for (int t = 0; t < nt; t++) {
        const uint32_t kt = (uint32_t)HR_V2_HI(triples[t]);
        for (int p = 0; p < np; p++) {
            const uint32_t rk = kt + (uint32_t)HR_V2_HI(pairs[p]);
            const int v = V[rk + off[rk >> shift]];
            best = v > best ? v : best;
        }
    }
    if (board_flush && c->mode == HR_MODE_BEST) {
        for (int t = 0; t < nt; t++) {
            const uint64_t tm = HR_V2_LO(triples[t]);
            const int s = hr_ctz64(tm) >> 4;
            if ((tm >> (16 * s)) << (16 * s) != tm || (tm >> (16 * s)) > HR_LANE) continue;
            for (int p = 0; p < np; p++) {
                const uint64_t m = tm | HR_V2_LO(pairs[p]);
                const uint64_t lane = (m >> (16 * s)) & HR_LANE;
                if ((lane << (16 * s)) != m) continue;            /* not all one suit */
                const int v = c->F[lane];
                best = v > best ? v : best;
            }
        }
    }
    return best >= c->qual ? best : -1;
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

/* Strengths of every player of one valid deal under one half (c). */
static void hr_deal_strengths(const hr_game_t *G, const hr_vctx_t *c, const uint8_t *holes,
                              const uint8_t *board, int players, int16_t *out)
{
    const hr_v2 *next = G->wild->next;
    hr_v2 be[HR_MAX_BOARD], he[HR_MAX_HOLE], acc_b = {0, HR_SUIT_INIT};
    for (int j = 0; j < G->board; j++) {
        be[j] = next[board[j]];
        acc_b = HR_V2_ADD(acc_b, be[j]);
    }
    if (G->select == HR_SELECT_OMAHA) {
        hr_v2 triples[10], pairs[21];                 /* C(5, 3), C(7, 2) */
        const int nt = hr_triples(be, G->board, triples);
        for (int t = 0; t < nt; t++) HR_V2_HI(triples[t]) += HR_SUIT_INIT;
        const uint64_t bkey = HR_V2_HI(acc_b) - HR_SUIT_INIT;
        int board_flush = 0;   /* a suit with three or more board cards */
        for (int s = 0; s < HR_NSUITS; s++)
            if (((bkey >> (32 + 4 * s)) & 15) >= 3) board_flush = 1;
        for (int p = 0; p < players; p++) {
            const uint8_t *h = holes + (size_t)p * G->hole;
            for (int j = 0; j < G->hole; j++) he[j] = next[h[j]];
            const int np = hr_pairs(he, G->hole, pairs);
            /* the common shape (4 hole, 5 board) with constant loop bounds */
            out[p] = (int16_t)(np == 6 && nt == 10
                                   ? hr_value_omaha(c, pairs, 6, triples, 10, board_flush)
                                   : hr_value_omaha(c, pairs, np, triples, nt, board_flush));
        }
        return;
    }
    const int k = G->hole + G->board;
    for (int p = 0; p < players; p++) {
        const uint8_t *h = holes + (size_t)p * G->hole;
        hr_v2 acc = acc_b;
        for (int j = 0; j < G->hole; j++) acc = HR_V2_ADD(acc, next[h[j]]);
        out[p] = (int16_t)hr_value_rt(c, HR_V2_LO(acc), HR_V2_HI(acc), k);
    }
}

/* 1 when every card of the deal is valid for the setting and none repeats. */
static int hr_deal_valid(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                         int players)
{
    const hr_deck_t *W = G->wild;
    uint64_t sum = 0;
    int n = 0;
    for (int j = 0; j < G->board; j++, n++) sum += HR_V2_LO(W->next[board[j]]);
    for (int j = 0; j < players * G->hole; j++, n++) sum += HR_V2_LO(W->next[holes[j]]);
    return hr_popcount64(sum) == n && n <= 54;
}

/* ------------------------------------------------------------------ */
/* The pot split                                                        */

/* How the pot of one deal is split: for each player, how many players share
 * the high half they won (0: they did not win it) and likewise the low half;
 * `split` is 1 when the pot is cut in two (the game has a high half and
 * somebody's low qualifies).  Otherwise the whole pot goes to the one half
 * there is: the high, or the low of a game without a high. */
typedef struct {
    uint8_t nhi[HR_MAX_PLAYERS], nlo[HR_MAX_PLAYERS];
    int split;
} hr_award_t;

/* THE pot split: from each player's high strength (hi, NULL when the game
 * has no high half) and low strength (lo, NULL when it has no low half; -1
 * is a low that does not qualify and never wins).  Showdowns and equity
 * both count pots with this function. */
HR_INLINE void hr_split(const int16_t *hi, const int16_t *lo, int players, hr_award_t *a)
{
    int best_hi = INT16_MIN, best_lo = -1, n_hi = 0, n_lo = 0;
    for (int p = 0; p < players; p++) {
        if (hi) {
            if (hi[p] > best_hi) { best_hi = hi[p]; n_hi = 1; }
            else if (hi[p] == best_hi) n_hi++;
        }
        if (lo && lo[p] >= 0) {
            if (lo[p] > best_lo) { best_lo = lo[p]; n_lo = 1; }
            else if (lo[p] == best_lo) n_lo++;
        }
    }
    a->split = hi != NULL && n_lo > 0;
    for (int p = 0; p < players; p++) {
        a->nhi[p] = (uint8_t)(hi && hi[p] == best_hi ? n_hi : 0);
        a->nlo[p] = (uint8_t)(n_lo && lo[p] == best_lo ? n_lo : 0);
    }
}

/* A player's share of the pot from their part of an award. */
HR_INLINE double hr_share(int split, int nhi, int nlo)
{
    const double pot = split ? 0.5 : 1.0;
    return (nhi ? pot / nhi : 0.0) + (nlo ? pot / nlo : 0.0);
}

/* Strengths and award of one valid deal. */
HR_INLINE void hr_deal_award(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                             int players, int16_t *sh, int16_t *sl, hr_award_t *a)
{
    if (G->hi) hr_deal_strengths(G, &G->vhi, holes, board, players, sh);
    if (G->lo) hr_deal_strengths(G, &G->vlo, holes, board, players, sl);
    hr_split(G->hi ? sh : NULL, G->lo ? sl : NULL, players, a);
}

/* Deals [lo, hi) of a showdown batch (see hr_showdown). */
static int64_t hr_showdown_rows(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                                int64_t lo, int64_t hi, int players, double *shares,
                                int16_t *hi_out, int16_t *lo_out)
{
    int16_t sh[HR_MAX_PLAYERS], sl[HR_MAX_PLAYERS];
    hr_award_t a;
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
        hr_deal_award(G, h, b, players, sh, sl, &a);
        for (int p = 0; p < players; p++) {
            share[p] = hr_share(a.split, a.nhi[p], a.nlo[p]);
            if (hi_out) hi_out[(size_t)i * players + p] = G->hi ? sh[p] : -1;
            if (lo_out) lo_out[(size_t)i * players + p] = G->lo ? sl[p] : -1;
        }
    }
    return bad;
}

/* Omaha strengths of n hands: holes (n, h), boards (n, b), the high half's
 * rule set. */
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
        hr_deal_strengths(G, &G->vhi, h, b, 1, out + i);
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
