/*
 * handrank games: Omaha (exactly two hole cards and three board cards), any-
 * five games (hold'em, stud, draw), and the showdown of one deal: each
 * player's strength for each half of the pot (1 to HR_MAX_HALVES halves,
 * each a rule set, a choice of cards and a qualifier) and their share.
 *
 * A deal is the players' hole cards (players x hole codes) and the board
 * (board codes; a double-board game's deal has two boards, one after the
 * other, and each board's pot is half the pot).  Everything works on summed
 * card entries (hr_v2) so the board is added up once per deal and shared by
 * every player; every hand is valued by hr_value, and every pot is split by
 * hr_split.  The batch loops over many deals are in hr_showdown.h.
 */
#ifndef HANDRANK_HR_GAMES_H
#define HANDRANK_HR_GAMES_H

#include "../base/hr_core.h"
#include "../rules/hr_hash.h"
#include "../rules/hr_rule.h"
#include "../rules/hr_tables.h"
#include "../evaluation/hr_value.h"

enum { HR_SELECT_ANY = 0, HR_SELECT_OMAHA = 1 };

#define HR_MAX_PLAYERS 23
#define HR_MAX_HOLE 7
#define HR_MAX_BOARD 5
#define HR_MAX_BOARDS 2
#define HR_MAX_HALVES 4
#define HR_NO_QUAL INT16_MIN

/* What happens to a half nobody qualifies for (its threshold, hr_half_t):
 * HR_UNQ_OTHERS, the halves that are won share the pot (none won: nobody
 * wins); HR_UNQ_IGNORE, the same while another half is won, but when no
 * half is won the half is played without its threshold.  (Played without
 * it unconditionally, a threshold would change nothing: the best hand of a
 * half qualifies whenever any hand does.) */
enum { HR_UNQ_OTHERS = 0, HR_UNQ_IGNORE = 1 };

/* 1.0 / n for n = 1..HR_MAX_PLAYERS, and hr_inverse[0] = 0.0: the share of
 * each of n players tying for a pot (the same double as the division), or
 * of nobody. */
static const double hr_inverse[HR_MAX_PLAYERS + 1] = {
    0.0, 1.0 / 1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5, 1.0 / 6, 1.0 / 7, 1.0 / 8,
    1.0 / 9, 1.0 / 10, 1.0 / 11, 1.0 / 12, 1.0 / 13, 1.0 / 14, 1.0 / 15, 1.0 / 16,
    1.0 / 17, 1.0 / 18, 1.0 / 19, 1.0 / 20, 1.0 / 21, 1.0 / 22, 1.0 / 23};

/* One part of the pot, as data: the rule set that ranks the hands competing
 * for it, how each player's five (or four, for badugi) are chosen, an
 * optional qualifier of its own -- a strength threshold, the lowest strength
 * that can win it -- and what happens when nobody reaches it (HR_UNQ_*).
 * The threshold is not folded into the hands' strengths: hr_split applies
 * it (a rule set's own qualifier is part of its ranking: such a hand's
 * strength is -1, and it never wins). */
typedef struct {
    const hr_rule_t *R;
    int select;                 /* HR_SELECT_ANY: best hand of hole + board;
                                   HR_SELECT_OMAHA: exactly two hole + three board */
    int qual;                   /* the half's own qualifier, or HR_NO_QUAL (the rule
                                   set's own qualifier applies either way) */
    int unq;                    /* HR_UNQ_OTHERS or HR_UNQ_IGNORE */
    int thr;                    /* the lowest strength that wins the half: qual, or 0
                                   (hr_game_init) */
    hr_vctx_t v;                /* how the half values a hand (hr_game_init) */
    hr_wctx_t w[HR_MAX_HASHED + 1];
} hr_half_t;

typedef struct {
    int hole, board;            /* cards per player, shared cards (per board) */
    int boards;                 /* 1, or 2: a double-board game, whose pot is split
                                   between the two boards, each played as a deal */
    int nhalves;                /* the pot is split between these halves */
    hr_half_t half[HR_MAX_HALVES];
    int any;                    /* every half picks from hole + board (HR_SELECT_ANY):
                                   a hand's summed entries serve every half */
    const hr_deck_t *wild;      /* the compiled deck: which cards exist, which are wild */
    int plain;                  /* the reference build: no Omaha rank tables, no
                                   equity symmetry or fast kernels (tests) */
    int thr[HR_MAX_HALVES];     /* each half's thr, side by side for hr_split */
    int waive;                  /* some half is HR_UNQ_IGNORE (hr_game_init) */
} hr_game_t;

/* Check a game's sizes and build its valuation contexts (the wild tables of
 * every half's rule set must exist when the setting has wild cards).
 * Returns 1, or 0 for sizes the fixed buffers below cannot hold -- the
 * Python layer refuses those first; this is the C core's own guard. */
static int hr_game_init(hr_game_t *G)
{
    if (!G->wild || G->nhalves < 1 || G->nhalves > HR_MAX_HALVES) return 0;
    if (G->hole < 1 || G->hole > HR_MAX_HOLE || G->board < 0 || G->board > HR_MAX_BOARD ||
        G->boards < 1 || G->boards > HR_MAX_BOARDS || (G->boards > 1 && G->board < 1))
        return 0;
    G->any = 1;
    G->waive = 0;
    for (int h = 0; h < G->nhalves; h++) {
        hr_half_t *H = &G->half[h];
        const hr_rule_t *R = H->R;
        if (!R) return 0;
        if (H->select == HR_SELECT_OMAHA) {
            /* two hole cards and three board cards: a five-card poker hand */
            if (G->hole < 2 || G->board < 3 || R->def.kind != HR_KIND_POKER || R->def.n != 5)
                return 0;
            G->any = 0;
        } else if (H->select != HR_SELECT_ANY || G->hole + G->board < R->kmin ||
                   G->hole + G->board > R->kmax) {
            return 0;
        }
        if (G->wild->active && !R->wild_built) return 0;
        if (H->qual != HR_NO_QUAL && (H->qual < 0 || H->qual >= R->nclasses)) return 0;
        if (H->unq != HR_UNQ_OTHERS && H->unq != HR_UNQ_IGNORE) return 0;
        /* a game of one half whose threshold nobody may reach, with no other
         * half to take the pot: the one-half fast paths (which give the pot
         * to the best hand) would not be this split's -- the Python layer
         * refuses such a game first */
        if (G->nhalves == 1 && H->qual != HR_NO_QUAL && H->unq != HR_UNQ_IGNORE) return 0;
        H->thr = G->thr[h] = H->qual != HR_NO_QUAL ? H->qual : 0;
        G->waive |= H->unq == HR_UNQ_IGNORE;
        hr_vctx_init(&H->v, H->w, R, G->wild);
    }
    return 1;
}

/* Best Omaha five: one of the hole pairs' sums plus one of the board
 * triples' sums (the triples carry the suit-counter start, so pair + triple
 * is a five-card entry sum).  `board_flush`: some suit has three or more
 * board cards.  This is the general path: every board size, every rule set
 * and wild setting (hr_deal_strengths takes the rank tables below where
 * their precondition holds).
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

/* ------------------------------------------------------------------ */
/* Omaha rank tables                                                    */

/*
 * For a five-card board, the best Omaha five a player makes from its rank
 * multiset depends only on the ranks of each hole pair -- as long as no five
 * is a flush.  So, per rule set (hr_build_omaha, on first Omaha use):
 *   omaha_best[row + pc]: the best rank-only value of hole pair rank class pc
 *       (91 classes: r1 <= r2) with any three cards of the board whose rank
 *       multiset has that row;
 *   omaha_row[slot]: the row of each five-card board rank multiset (its slot
 *       in the five-card rank hash), one row of 91 values per multiset.
 * A deal then costs one hash of the board's rank key (shared by every
 * player) and one lookup per hole pair.  Flushes: at most one suit has three
 * or more board cards; a player with two or more hole cards of that suit has
 * suited fives, valued by the flush table (rule sets where flushes count for
 * the player: the max of both is exact, as for hr_value_omaha) -- where
 * flushes count against the player that player takes the general path.
 * 1.1 MB per rule set (6,175 multisets x 91 x 2 bytes), built in ~10 ms.
 */
#define HR_HOLE_PAIRS 91
static uint8_t hr_omaha_pc[64 * 64];    /* (code a) << 6 | code b -> pair rank class */

HR_INLINE int hr_pair_class(int r1, int r2)
{
    return r1 <= r2 ? r2 * (r2 + 1) / 2 + r1 : r1 * (r1 + 1) / 2 + r2;
}

/* Build R's Omaha rank tables (a five-card poker rule set).  Returns 1 on
 * success or when built already, 0 when out of memory or not applicable.
 * Call with the GIL held, before any loop can use them. */
static int hr_build_omaha(hr_rule_t *R)
{
    if (R->omaha_best) return 1;
    if (R->def.kind != HR_KIND_POKER || R->def.n != 5 || !R->value[5]) return 0;
    if (!hr_omaha_pc[1 << 6 | 4])       /* 2d 3c: the first build fills the class table */
        for (int a = 0; a < HR_NCARDS; a++)
            for (int b = 0; b < HR_NCARDS; b++)
                hr_omaha_pc[a << 6 | b] = (uint8_t)hr_pair_class(HR_RANK(a), HR_RANK(b));
    const hr_hash_t *h = &hr_hashes[5];
    const int16_t *V = R->value[5];
    int32_t *row = calloc(h->size, sizeof(int32_t));
    uint32_t rows = 0;
    for (uint32_t i = 0; i < h->n; i++) rows += (uint32_t)hr_on_deck(R, h->counts[i]);
    int16_t *best = malloc((size_t)rows * HR_HOLE_PAIRS * sizeof(int16_t));
    if (!row || !best) {
        free(row);
        free(best);
        return 0;
    }
    uint32_t id = 0;
    for (uint32_t i = 0; i < h->n; i++) {
        const uint64_t counts = h->counts[i];
        if (!hr_on_deck(R, counts)) continue;
        int16_t *out = best + (size_t)id * HR_HOLE_PAIRS;
        row[hr_slot(h, h->keys[i])] = (int32_t)(id * HR_HOLE_PAIRS);
        id++;
        int b[5], n = 0;
        for (int r = 0; r < HR_NRANKS; r++)
            for (int k = 0; k < hr_count_of(counts, r); k++) b[n++] = r;
        uint32_t tk[10];
        int nt = 0;
        for (int x = 0; x < 5; x++)
            for (int y = x + 1; y < 5; y++)
                for (int z = y + 1; z < 5; z++)
                    tk[nt++] = hr_rank_mult[b[x]] + hr_rank_mult[b[y]] + hr_rank_mult[b[z]];
        for (int pc = 0; pc < HR_HOLE_PAIRS; pc++) out[pc] = -1;
        for (int r2 = 0; r2 < HR_NRANKS; r2++)
            for (int r1 = 0; r1 <= r2; r1++) {
                /* pairs off the deck, or with the board more than four of a rank, never occur */
                if (R->pos[r1] < 0 || R->pos[r2] < 0) continue;
                if (hr_count_of(counts, r1) + 1 + (r1 == r2) > 4 || hr_count_of(counts, r2) + 1 > 4)
                    continue;
                const uint32_t pk = hr_rank_mult[r1] + hr_rank_mult[r2];
                int v = -1;
                for (int t = 0; t < 10; t++) {
                    const int w = V[hr_slot(h, tk[t] + pk)];
                    v = w > v ? w : v;
                }
                out[hr_pair_class(r1, r2)] = (int16_t)v;
            }
    }
    R->omaha_row = row;
    R->omaha_best = best;
    return 1;
}

/* The best flush of exactly two of the hole ranks `hl` and three of the
 * board ranks `bl`, one suit (F: the rule set's flush table). */
static int hr_omaha_flush(const int16_t *F, uint32_t hl, uint32_t bl)
{
    int best = -1;
    for (uint32_t x = hl; x; x &= x - 1)
        for (uint32_t y = x & (x - 1); y; y &= y - 1) {
            const uint32_t two = (x & (0u - x)) | (y & (0u - y));
            for (uint32_t a = bl; a; a &= a - 1)
                for (uint32_t b = a & (a - 1); b; b &= b - 1)
                    for (uint32_t d = b & (b - 1); d; d &= d - 1) {
                        const int v = F[two | (a & (0u - a)) | (b & (0u - b)) | (d & (0u - d))];
                        best = v > best ? v : best;
                    }
        }
    return best;
}

/* The general Omaha valuation of one player (hr_value_omaha on the entry
 * sums of the hole pairs; `triples` as hr_deal_strengths builds them). */
static int hr_omaha_general(const hr_game_t *G, const hr_vctx_t *c, const uint8_t *h,
                            const hr_v2 *triples, int nt, int board_flush)
{
    hr_v2 he[HR_MAX_HOLE], pairs[21];                 /* C(7, 2) */
    for (int j = 0; j < G->hole; j++) he[j] = G->wild->next[h[j]];
    const int np = hr_pairs(he, G->hole, pairs);
    /* the common shape (4 hole, 5 board) with constant loop bounds */
    return np == 6 && nt == 10 ? hr_value_omaha(c, pairs, 6, triples, 10, board_flush)
                               : hr_value_omaha(c, pairs, np, triples, nt, board_flush);
}

/* Whether a half of a game values Omaha deals on the rank tables: the
 * precondition of the fast path, checked once per call.  The half plays
 * Omaha, its rule set's tables are built (hr_build_omaha), no card is wild,
 * the board is complete (five cards), and the game is not the plain
 * reference build. */
HR_INLINE int hr_omaha_tabled(const hr_game_t *G, const hr_half_t *h)
{
    return h->select == HR_SELECT_OMAHA && h->R->omaha_best && !h->v.wild && G->board == 5 &&
           !G->plain;
}

/* The board side of the rank-table path, shared by every player of a deal:
 * the board's row of omaha_best, and the suit holding three or more board
 * cards (fs, -1 if none or if flushes are no pattern) with its ranks (bl). */
typedef struct {
    const int16_t *row;
    int fs;
    uint32_t bl;
} hr_omaha_board_t;

HR_INLINE void hr_omaha_board(const hr_vctx_t *c, uint64_t bmask, uint64_t bkey,
                              hr_omaha_board_t *B)
{
    /* bkey: the board's summed key with its suit counters started at 0 */
    const hr_rule_t *R = c->R;
    B->row = R->omaha_best + R->omaha_row[hr_slot(&hr_hashes[5], (uint32_t)bkey)];
    const uint64_t three = (((bkey >> 32) & 0xffff) + 0x5555) & 0x8888;  /* counters >= 3 */
    B->fs = -1;
    B->bl = 0;
    if (three && c->mode != HR_MODE_IGNORE) {
        B->fs = (hr_ctz64(three) - 3) >> 2;
        B->bl = (uint32_t)(bmask >> (16 * B->fs)) & HR_LANE;
    }
}

/* One player's strength on the rank tables (H hole cards h, their mask
 * bits hmask), or -2 when a five of one suit counts against the player:
 * then the general path. */
HR_INLINE int hr_omaha_player(const hr_vctx_t *c, const hr_omaha_board_t *B, const uint8_t *h,
                              uint64_t hmask, const int H)
{
    const int16_t *row = B->row;
    int v = -1;
    for (int a = 0; a < H; a++) {
        const uint8_t *pc = hr_omaha_pc + ((int)h[a] << 6);
        for (int b = a + 1; b < H; b++) {
            const int w = row[pc[h[b]]];
            v = w > v ? w : v;
        }
    }
    if (B->fs >= 0) {
        const uint32_t hl = (uint32_t)(hmask >> (16 * B->fs)) & HR_LANE;
        if (hl & (hl - 1)) {                      /* two or more hole cards of the suit */
            if (c->mode == HR_MODE_AVOID) return -2;
            const int f = hr_popcount64(hl) == 2 && hr_popcount64(B->bl) == 3
                              ? c->F[hl | B->bl] : hr_omaha_flush(c->F, hl, B->bl);
            v = f > v ? f : v;
        }
    }
    return v >= c->qual ? v : -1;
}

/* Strengths of every player of one valid deal under one half. */
static void hr_deal_strengths(const hr_game_t *G, const hr_half_t *half, const uint8_t *holes,
                              const uint8_t *board, int players, int16_t *out)
{
    const hr_vctx_t *c = &half->v;
    const hr_v2 *next = G->wild->next;
    hr_v2 be[HR_MAX_BOARD], acc_b = {0, HR_SUIT_INIT};
    for (int j = 0; j < G->board; j++) {
        be[j] = next[board[j]];
        acc_b = HR_V2_ADD(acc_b, be[j]);
    }
    if (half->select == HR_SELECT_OMAHA) {
        const int H = G->hole;
        hr_v2 triples[10];                            /* C(5, 3) */
        int nt = -1;                                  /* not built yet */
        const uint64_t bkey = HR_V2_HI(acc_b) - HR_SUIT_INIT;
        /* a suit with three or more board cards (counters of at most 5, + 5 < 16) */
        const int board_flush = ((((bkey >> 32) & 0xffff) + 0x5555) & 0x8888) != 0;
        if (hr_omaha_tabled(G, half)) {               /* the fast path's precondition */
            hr_omaha_board_t B;
            hr_omaha_board(c, HR_V2_LO(acc_b), bkey, &B);
            for (int p = 0; p < players; p++) {
                const uint8_t *h = holes + (size_t)p * H;
                uint64_t hmask = 0;
                for (int j = 0; j < H; j++) hmask |= HR_V2_LO(next[h[j]]);
                int v = H == 4 ? hr_omaha_player(c, &B, h, hmask, 4)
                               : hr_omaha_player(c, &B, h, hmask, H);
                if (v == -2) {                        /* general path for this player */
                    if (nt < 0) {
                        nt = hr_triples(be, 5, triples);
                        for (int t = 0; t < nt; t++) HR_V2_HI(triples[t]) += HR_SUIT_INIT;
                    }
                    v = hr_omaha_general(G, c, h, triples, nt, board_flush);
                }
                out[p] = (int16_t)v;
            }
            return;
        }
        nt = hr_triples(be, G->board, triples);
        for (int t = 0; t < nt; t++) HR_V2_HI(triples[t]) += HR_SUIT_INIT;
        for (int p = 0; p < players; p++)
            out[p] = (int16_t)hr_omaha_general(G, c, holes + (size_t)p * H, triples, nt,
                                               board_flush);
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

/* 1 when every card of the deal (every board's) is valid for the setting
 * and none repeats. */
static int hr_deal_valid(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                         int players)
{
    const hr_deck_t *W = G->wild;
    uint64_t sum = 0;
    int n = 0;
    for (int j = 0; j < G->board * G->boards; j++, n++) sum += HR_V2_LO(W->next[board[j]]);
    for (int j = 0; j < players * G->hole; j++, n++) sum += HR_V2_LO(W->next[holes[j]]);
    return hr_popcount64(sum) == n && n <= 54;
}

/* ------------------------------------------------------------------ */
/* The pot split                                                        */

/* How the pot of one deal is split: for each half and player, how many
 * players share that half when the player won it (0: they did not), and
 * how many halves were won (`live`): the pot is cut into that many equal
 * parts, so a half nobody qualifies for goes to the others (HR_UNQ_*).
 * `live` is at least 1: a pot that nobody wins (every half has a qualifier,
 * none is waived, and no hand qualifies -- games the Python layer refuses)
 * counts as one part that no player shares. */
typedef struct {
    uint8_t n[HR_MAX_HALVES][HR_MAX_PLAYERS];
    int live;
} hr_award_t;

/* The winners of one half from the players' strengths, the hands of
 * strength `thr` or more (thr >= 0; below 0: a hand that does not qualify
 * under its rule set, which never wins): n[p] is the number of players
 * sharing the best such strength if p holds it, else 0.  Returns 1 when the
 * half has a winner. */
HR_INLINE int hr_half_winners_q(const int16_t *s, int players, uint8_t *n, const int thr)
{
    int best = thr - 1, k = 0;
    for (int p = 0; p < players; p++) {
        if (s[p] > best) { best = s[p]; k = 1; }
        else if (s[p] == best) k++;
    }
    if (best < thr) {                                 /* nobody qualifies */
        for (int p = 0; p < players; p++) n[p] = 0;
        return 0;
    }
    for (int p = 0; p < players; p++) n[p] = s[p] == best ? (uint8_t)k : 0;
    return 1;
}

/* The same for a half without a threshold of its own (the one-half fast
 * paths, whose games have none that matters: hr_game_init). */
HR_INLINE int hr_half_winners(const int16_t *s, int players, uint8_t *n)
{
    return hr_half_winners_q(s, players, n, 0);
}

/* THE pot split, from each half's strengths (s[h][p]) and the game's pot
 * rules (each half's threshold and HR_UNQ_* rule).  Showdowns, winners()
 * and equity all count pots with this function.  (The usual counts of
 * halves get constant-bound instances of it: hr_split.) */
HR_INLINE void hr_split_n(const hr_game_t *G, int16_t (*s)[HR_MAX_PLAYERS], const int nhalves,
                          int players, hr_award_t *a)
{
    int live = 0;
    for (int h = 0; h < nhalves; h++)
        live += hr_half_winners_q(s[h], players, a->n[h], G->thr[h]);
    if (HR_UNLIKELY(!live) && G->waive)    /* no half won: waive the thresholds that may be */
        for (int h = 0; h < nhalves; h++)
            if (G->half[h].unq == HR_UNQ_IGNORE)
                live += hr_half_winners_q(s[h], players, a->n[h], 0);
    a->live = live ? live : 1;
}

HR_INLINE void hr_split(const hr_game_t *G, int16_t (*s)[HR_MAX_PLAYERS], int players,
                        hr_award_t *a)
{
    if (G->nhalves == 1) hr_split_n(G, s, 1, players, a);
    else if (G->nhalves == 2) hr_split_n(G, s, 2, players, a);
    else hr_split_n(G, s, G->nhalves, players, a);
}

/* A player's share of a half won with n - 1 others when the pot is cut into
 * `live` parts; and of the whole award. */
HR_INLINE double hr_part(int live, int n)
{
    return n ? (live > 1 ? 1.0 / live : 1.0) / n : 0.0;
}

HR_INLINE double hr_award_share(const hr_award_t *a, int nhalves, int p)
{
    double share = 0.0;
    for (int h = 0; h < nhalves; h++) share += hr_part(a->live, a->n[h][p]);
    return share;
}

/* Strengths and award of one valid deal. */
HR_INLINE void hr_deal_award(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                             int players, int16_t (*s)[HR_MAX_PLAYERS], hr_award_t *a)
{
    for (int h = 0; h < G->nhalves; h++)
        hr_deal_strengths(G, &G->half[h], holes, board, players, s[h]);
    hr_split(G, s, players, a);
}

/* The award of one valid deal (one board), for winners(): hr_deal_award
 * with its own strengths. */
static void hr_deal_winners(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                            int players, hr_award_t *a)
{
    int16_t s[HR_MAX_HALVES][HR_MAX_PLAYERS];
    hr_deal_award(G, holes, board, players, s, a);
}

/* Strengths and award of one valid deal whose hands are given as summed card
 * entries (acc[p]: player p's k cards, hole and board, summed), as the
 * equity walks that add board cards incrementally keep them.  Precondition:
 * G->any (every half picks from all k cards). */
HR_INLINE void hr_sums_award(const hr_game_t *G, const hr_v2 *acc, int players, int k,
                             int16_t (*s)[HR_MAX_PLAYERS], hr_award_t *a)
{
    for (int h = 0; h < G->nhalves; h++)
        for (int p = 0; p < players; p++)
            s[h][p] = (int16_t)hr_value_rt(&G->half[h].v, HR_V2_LO(acc[p]), HR_V2_HI(acc[p]), k);
    hr_split(G, s, players, a);
}


#endif /* HANDRANK_HR_GAMES_H */
