/*
 * handrank games: settling a pot -- the chips each player wins, from each
 * player's total contribution, who folded, and the showdown of the players
 * still in (their strengths for each half of the game on each board).
 *
 * The rules (docs/games.rst, "Settling a pot"):
 *
 * - Dead chips (antes, a big-blind ante, dead blinds: dead[], part of each
 *   player's contribution, or NULL for none) are never uncalled and never
 *   set a level: they all go into the first pot, which every live player
 *   contests.  The rest of each contribution is its live part, and the
 *   rules below read only the live parts.
 * - Uncalled chips: what the largest contributor put in above the second
 *   largest contribution goes back to them.
 * - Side pots: one pot per distinct contribution of a live (not folded)
 *   player, from the smallest: pot k holds every player's chips between the
 *   previous level and level k (folded players' chips included), and the
 *   live players who put in at least level k contest it.  Chips above the
 *   highest live level (only after folds no betting round allows) go into
 *   the last pot.  With one live player, everything is theirs and no card
 *   is looked at.
 * - Each pot is cut between the boards (a double-board game), then between
 *   the halves won among the pot's contenders (hr_split_n, THE pot split:
 *   qualifiers and "nobody qualifies" rules as for showdown()), then between
 *   each half's tied winners.
 * - Odd chips, one at a time: the first board, then the first half won
 *   (the high of a high-low split), then the tied winners in the odd-chip
 *   order: seats clockwise from the one left of the button
 *   (HR_ODD_BUTTON), or the winner holding the highest card, by rank then
 *   suit, spades > hearts > diamonds > clubs (HR_ODD_HIGH_CARD, the stud
 *   rule).
 *
 * Folded players' cards are never read: a deal's holes for a folded player
 * may be anything.
 */
#ifndef HANDRANK_HR_SETTLE_H
#define HANDRANK_HR_SETTLE_H

#include "hr_games.h"

enum { HR_ODD_BUTTON = 0, HR_ODD_HIGH_CARD = 1 };

/* What is wrong with a deal (hr_settle_deal's result). */
enum {
    HR_SETTLE_OK = 0,
    HR_SETTLE_CARDS = 1,        /* a live player's or a board card repeats or is off the deck */
    HR_SETTLE_ALL_FOLDED = 2,   /* nobody is live */
    HR_SETTLE_CHIPS = 3,        /* a contribution below 0 or above HR_SETTLE_MAX_CHIPS */
    HR_SETTLE_BUTTON = 4,       /* the button is not a seat */
    HR_SETTLE_DEAD = 5          /* a dead part below 0 or above the contribution */
};

/* The largest contribution: 23 of them add up without overflow. */
#define HR_SETTLE_MAX_CHIPS ((int64_t)1 << 56)

/* Give `amount` to the k winners listed in win[] (in odd-chip order): the
 * same to each, and the r = amount mod k odd chips one each to the first r. */
HR_INLINE void hr_settle_share(int64_t amount, const int *win, int k, int64_t *won)
{
    const int64_t each = amount / k;
    const int64_t r = amount - each * k;
    for (int i = 0; i < k; i++) won[win[i]] += each + (i < r);
}

/* Settle one deal.  holes: players x G->hole codes (a folded player's are
 * not read), boards: G->boards x G->board codes, contrib and folded
 * (0 / 1) per player, dead (the dead part of each contribution) or NULL,
 * button the dealer's seat (-1: seat 0 is the first left of it), odd an
 * HR_ODD_* rule.  Writes won[players] (the chips each
 * player gets back, uncalled chips included; they sum to the contributions)
 * and returns HR_SETTLE_OK, or an HR_SETTLE_* problem (won then undefined). */
static int hr_settle_deal(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                          int players, const int64_t *contrib, const int64_t *dead,
                          const uint8_t *folded, int button, int odd, int64_t *won)
{
    int64_t c[HR_MAX_PLAYERS], pot0 = 0;
    int lp[HR_MAX_PLAYERS];                   /* live index -> seat */
    int live = 0, top = 0;
    if (players < 1 || players > HR_MAX_PLAYERS) return HR_SETTLE_CHIPS;
    if (button < -1 || button >= players) return HR_SETTLE_BUTTON;
    for (int p = 0; p < players; p++) {
        if (contrib[p] < 0 || contrib[p] > HR_SETTLE_MAX_CHIPS) return HR_SETTLE_CHIPS;
        c[p] = contrib[p];
        if (dead) {
            if (dead[p] < 0 || dead[p] > c[p]) return HR_SETTLE_DEAD;
            c[p] -= dead[p];
            pot0 += dead[p];
        }
        won[p] = 0;
        if (c[p] > c[top]) top = p;
    }
    /* the odd-chip order of the live players: seats from the one left of
       the button (lp[] is filled in that order) */
    for (int j = 0; j < players; j++) {
        const int p = (button + 1 + j) % players;
        if (!folded[p]) lp[live++] = p;
    }
    if (!live) return HR_SETTLE_ALL_FOLDED;
    /* uncalled chips */
    int64_t second = 0;
    for (int p = 0; p < players; p++)
        if (p != top && c[p] > second) second = c[p];
    won[top] += c[top] - second;
    c[top] = second;
    if (live == 1) {
        int64_t all = pot0;
        for (int p = 0; p < players; p++) all += c[p];
        won[lp[0]] += all;
        return HR_SETTLE_OK;
    }
    /* the live hands, compacted, checked and valued */
    uint8_t lh[HR_MAX_PLAYERS * HR_MAX_HOLE];
    for (int i = 0; i < live; i++)
        for (int j = 0; j < G->hole; j++)
            lh[i * G->hole + j] = holes[lp[i] * G->hole + j];
    if (!hr_deal_valid(G, lh, boards, live)) return HR_SETTLE_CARDS;
    if (odd == HR_ODD_HIGH_CARD) {            /* by each live hand's highest card */
        int hc[HR_MAX_PLAYERS];
        for (int i = 0; i < live; i++) {
            int m = -1;
            for (int j = 0; j < G->hole; j++) m = lh[i * G->hole + j] > m ? lh[i * G->hole + j] : m;
            hc[i] = m;
        }
        for (int i = 1; i < live; i++) {      /* insertion sort, highest first */
            const int v = hc[i], s = lp[i];
            uint8_t save[HR_MAX_HOLE];
            for (int j = 0; j < G->hole; j++) save[j] = lh[i * G->hole + j];
            int k = i;
            for (; k > 0 && hc[k - 1] < v; k--) {
                hc[k] = hc[k - 1];
                lp[k] = lp[k - 1];
                for (int j = 0; j < G->hole; j++) lh[k * G->hole + j] = lh[(k - 1) * G->hole + j];
            }
            hc[k] = v;
            lp[k] = s;
            for (int j = 0; j < G->hole; j++) lh[k * G->hole + j] = save[j];
        }
    }
    int16_t s[HR_MAX_BOARDS][HR_MAX_HALVES][HR_MAX_PLAYERS];
    for (int b = 0; b < G->boards; b++)
        for (int h = 0; h < G->nhalves; h++)
            hr_deal_strengths(G, &G->half[h], lh, boards + b * G->board, live, s[b][h]);
    /* the levels: the live contributions, distinct, in order */
    int64_t lev[HR_MAX_PLAYERS];
    int nl = 0;
    for (int i = 0; i < live; i++) {
        const int64_t v = c[lp[i]];
        int k = 0;
        while (k < nl && lev[k] < v) k++;
        if (k < nl && lev[k] == v) continue;
        for (int j = nl; j > k; j--) lev[j] = lev[j - 1];
        lev[k] = v;
        nl++;
    }
    int64_t prev = 0;
    for (int k = 0; k < nl; k++) {
        const int64_t L = lev[k];
        int64_t amount = k ? 0 : pot0;      /* the dead chips: the first pot's */
        for (int p = 0; p < players; p++) {
            const int64_t x = c[p] < L ? c[p] : L;
            amount += x > prev ? x - prev : 0;
            if (k == nl - 1 && c[p] > L) amount += c[p] - L;
        }
        prev = L;
        if (!amount) continue;
        for (int b = 0; b < G->boards; b++) {
            const int64_t part = amount / G->boards + (b < amount % G->boards);
            int16_t es[HR_MAX_HALVES][HR_MAX_PLAYERS];
            hr_award_t a;
            int win[HR_MAX_PLAYERS], nw = 0;
            for (int h = 0; h < G->nhalves; h++)
                for (int i = 0; i < live; i++)
                    es[h][i] = c[lp[i]] >= L ? s[b][h][i] : -1;
            hr_split_n(G, es, G->nhalves, live, &a);
            int won_halves = 0;
            for (int h = 0; h < G->nhalves; h++)
                for (int i = 0; i < live; i++)
                    if (a.n[h][i]) { won_halves++; break; }
            if (!won_halves) {                /* nobody wins any half: the contenders share */
                for (int i = 0; i < live; i++)
                    if (c[lp[i]] >= L) win[nw++] = lp[i];
                hr_settle_share(part, win, nw, won);
                continue;
            }
            int hw = 0;
            const int64_t hpart = part / won_halves, hodd = part - hpart * won_halves;
            for (int h = 0; h < G->nhalves; h++) {
                nw = 0;
                for (int i = 0; i < live; i++)
                    if (a.n[h][i]) win[nw++] = lp[i];
                if (!nw) continue;
                hr_settle_share(hpart + (hw < hodd), win, nw, won);
                hw++;
            }
        }
    }
    return HR_SETTLE_OK;
}

/* Settle n deals (holes n x players x G->hole, boards n x boards x board,
 * contrib, dead (or NULL) and folded n x players, button n) into won
 * (n x players).
 * Returns the first deal that is not HR_SETTLE_OK, its problem in *why, or
 * -1. */
static int64_t hr_settle(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                         int64_t n, int players, const int64_t *contrib, const int64_t *dead,
                         const uint8_t *folded, const int32_t *button, int odd, int64_t *won,
                         int *why)
{
    const size_t hs = (size_t)players * G->hole, bs = (size_t)G->boards * G->board;
    for (int64_t r = 0; r < n; r++) {
        const int w = hr_settle_deal(G, holes + r * hs, boards + r * bs, players,
                                     contrib + r * players, dead ? dead + r * players : NULL,
                                     folded + r * players, button[r],
                                     odd, won + r * players);
        if (w != HR_SETTLE_OK) {
            *why = w;
            return r;
        }
    }
    *why = HR_SETTLE_OK;
    return -1;
}

#endif /* HANDRANK_HR_SETTLE_H */
