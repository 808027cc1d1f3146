/*
 * handrank showdown batches: the pot shares (and every half's strengths) of
 * many deals of one game, and the Omaha strengths of many hands, on threads
 * through hr_rows.  One deal is valued and split as hr_games.h says.
 */
#ifndef HANDRANK_HR_SHOWDOWN_H
#define HANDRANK_HR_SHOWDOWN_H

#include "hr_batch.h"
#include "hr_core.h"
#include "hr_games.h"
#include "hr_rows.h"
#include "hr_value.h"

/* Deals [lo, hi) of a showdown batch (see hr_showdown).  A double-board
 * deal is each board's deal, each for half the pot.  NH: the game's halves
 * (a constant in the usual cases, see hr_showdown_rows). */
HR_INLINE int64_t hr_showdown_rows_n(const hr_game_t *G, const uint8_t *holes,
                                     const uint8_t *boards, int64_t lo, int64_t hi, int players,
                                     double *shares, int16_t *str_out, int64_t half_stride,
                                     const int NH)
{
    int16_t s[HR_MAX_HALVES][HR_MAX_PLAYERS];
    hr_award_t a;
    int64_t bad = -1;
    const int NB = G->boards;
    const double part = 1.0 / NB;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *h = holes + (size_t)i * players * G->hole;
        const uint8_t *b = boards + (size_t)i * G->board * NB;
        double *share = shares + (size_t)i * players;
        for (int p = 0; p < players; p++) share[p] = 0.0;
        if (HR_UNLIKELY(!hr_deal_valid(G, h, b, players))) {
            if (bad < 0) bad = i;
            continue;
        }
        for (int k = 0; k < NB; k++) {
            for (int x = 0; x < NH; x++)
                hr_deal_strengths(G, &G->half[x], h, b + (size_t)k * G->board, players, s[x]);
            hr_split_n(s, NH, players, &a);
            for (int p = 0; p < players; p++) share[p] += part * hr_award_share(&a, NH, p);
            if (str_out)
                for (int x = 0; x < NH; x++) {
                    int16_t *o = str_out + (size_t)x * (size_t)half_stride +
                                 (size_t)i * players * NB + k;
                    for (int p = 0; p < players; p++) o[(size_t)p * NB] = s[x][p];
                }
        }
    }
    return bad;
}

static int64_t hr_showdown_rows(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                                int64_t lo, int64_t hi, int players, double *shares,
                                int16_t *str_out, int64_t half_stride)
{
    switch (G->nhalves) {
    case 1:
        return hr_showdown_rows_n(G, holes, boards, lo, hi, players, shares, str_out,
                                  half_stride, 1);
    case 2:
        return hr_showdown_rows_n(G, holes, boards, lo, hi, players, shares, str_out,
                                  half_stride, 2);
    default:
        return hr_showdown_rows_n(G, holes, boards, lo, hi, players, shares, str_out,
                                  half_stride, G->nhalves);
    }
}

/* Omaha strengths of n hands: holes (n, h), boards (n, b), the first half's
 * rule set (a game of one half). */
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
        hr_deal_strengths(G, &G->half[0], h, b, 1, out + i);
    }
    return bad;
}

/* The same on the rank tables, H hole cards and five board cards per row:
 * precondition hr_omaha_tabled(G, &G->half[0]), checked by the caller.  The
 * row's entry sums give its validity check and the board's rank key. */
HR_INLINE int64_t hr_omaha_rows_tabled(const hr_game_t *G, const uint8_t *holes,
                                       const uint8_t *boards, int64_t lo, int64_t hi,
                                       const int H, int16_t *out)
{
    const hr_vctx_t *c = &G->half[0].v;
    const hr_v2 *next = G->wild->next;
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *h = holes + (size_t)i * H, *b = boards + (size_t)i * 5;
        const hr_v2 acc = HR_V2_ADD(HR_V2_ADD(HR_V2_ADD(next[b[0]], next[b[1]]),
                                              HR_V2_ADD(next[b[2]], next[b[3]])), next[b[4]]);
        uint64_t hm = 0;
        for (int j = 0; j < H; j++) hm += HR_V2_LO(next[h[j]]);
        if (HR_UNLIKELY(hr_popcount64(hm + HR_V2_LO(acc)) != H + 5)) {
            if (bad < 0) bad = i;
            out[i] = -1;
            continue;
        }
        hr_omaha_board_t B;
        hr_omaha_board(c, HR_V2_LO(acc), HR_V2_HI(acc), &B);
        int v = hr_omaha_player(c, &B, h, hm, H);
        if (HR_UNLIKELY(v == -2)) hr_deal_strengths(G, &G->half[0], h, b, 1, out + i);
        else out[i] = (int16_t)v;
    }
    return bad;
}

#define HR_DEFINE_OMAHA_ROWS(NAME, ATTR)                                              \
    ATTR static int64_t NAME(const hr_game_t *G, const uint8_t *holes,                \
                             const uint8_t *boards, int64_t lo, int64_t hi,           \
                             int16_t *out)                                            \
    {                                                                                 \
        if (!hr_omaha_tabled(G, &G->half[0]))                                         \
            return hr_omaha_rows(G, holes, boards, lo, hi, out);                      \
        if (G->hole == 4) return hr_omaha_rows_tabled(G, holes, boards, lo, hi, 4, out); \
        return hr_omaha_rows_tabled(G, holes, boards, lo, hi, G->hole, out);          \
    }
#ifdef HR_MULTIVERSION
HR_DEFINE_OMAHA_ROWS(hr_omaha_popcnt, __attribute__((target("popcnt,sse4.1"))))
#endif
HR_DEFINE_OMAHA_ROWS(hr_omaha_portable, )

typedef int64_t (*hr_omaha_fn)(const hr_game_t *, const uint8_t *, const uint8_t *, int64_t,
                               int64_t, int16_t *);

/* A batch's arguments, for its parts (hr_rows). */
typedef struct {
    hr_omaha_fn fn;
    const hr_game_t *G;
    const uint8_t *holes, *boards;
    int16_t *out;
} hr_omaha_args_t;

static int64_t hr_omaha_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_omaha_args_t *a = (const hr_omaha_args_t *)arg;
    return a->fn(a->G, a->holes, a->boards, lo, hi, a->out);
}

static int64_t hr_eval_omaha(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                             int64_t n, int16_t *out, int nthreads)
{
    hr_omaha_fn fn = hr_omaha_portable;
#ifdef HR_MULTIVERSION
    if (hr_use_popcnt) fn = hr_omaha_popcnt;
#endif
    const hr_omaha_args_t a = {fn, G, holes, boards, out};
    return hr_rows(hr_omaha_part, &a, 0, n, HR_ROW_BLOCK, hr_team(nthreads));
}

typedef struct {
    const hr_game_t *G;
    const uint8_t *holes, *boards;
    int players;
    double *shares;
    int16_t *str_out;
    int64_t stride;
} hr_showdown_args_t;

static int64_t hr_showdown_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_showdown_args_t *a = (const hr_showdown_args_t *)arg;
    return hr_showdown_rows(a->G, a->holes, a->boards, lo, hi, a->players, a->shares,
                            a->str_out, a->stride);
}

/* Showdown of n deals: holes (n, players, hole), boards (n, boards x board)
 * uint8.  Writes shares (n, players) and, when str_out is not NULL, the
 * strengths of every half: half h of deal i, player p, board k at
 * str_out[h * stride + (i * players + p) * boards + k] (the deals may be a
 * slice of a larger (halves, N, players, boards) array: stride is its
 * N * players * boards).  Returns the first bad deal or -1. */
static int64_t hr_showdown(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                           int64_t n, int players, double *shares, int16_t *str_out,
                           int64_t stride, int nthreads)
{
    const hr_showdown_args_t a = {G, holes, boards, players, shares, str_out, stride};
    return hr_rows(hr_showdown_part, &a, 0, n, HR_ROW_BLOCK, hr_team(nthreads));
}

#endif /* HANDRANK_HR_SHOWDOWN_H */
