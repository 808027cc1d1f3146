/*
 * handrank hand strength and potential of hold'em hands (Billings, Papp,
 * Schaeffer and Szafron 1998): against every opponent hand of the cards
 * left, now and on every completion of the board, exactly.
 *
 * Board-major.  For one board (the known one, or a completion of it) the
 * opponent hands that cannot make a flush are valued by their rank pair
 * alone: every hand of one rank pair has the same strength, so the 990 or
 * so opponent hands of a completed board take at most 91 valuations (the
 * hands of a rank pair number C(a, 2) or a_1 a_2, a_r the cards of rank r
 * left).  A flush needs three board cards of its suit s and so many of s in
 * the hand that the board's and the hand's add up to five: those hands are
 * valued one by one and taken off their rank pair's count.  An opponent
 * that holds a flush now holds one on every completion, so the opponents
 * valued by rank pair hold none now either: their strength now is their
 * rank pair's, tabulated once.
 *
 * What is counted (hr_potential): how many opponent hands we are behind,
 * tied with and ahead of now; over every (opponent hand, completion) pair,
 * how the standing now (behind, tied, ahead) turns out on the completed
 * board; and for each completion, in the order of
 * itertools.combinations(cards left, 5 - board), 2 x ahead + tied and the
 * opponent hands it leaves.  The Python layer (handrank.analysis._analysis) turns the
 * integer counts into HS, PPot, NPot and EHS^2 with the formulas it always
 * used, so the floating results are the same to the last bit.
 *
 * Precondition: c values high hands of 5..7 cards without wild cards, with
 * flushes counting for the player (the standard "high" rule set).
 */
#ifndef HANDRANK_HR_STRENGTH_H
#define HANDRANK_HR_STRENGTH_H

#include <string.h>

#include "../base/hr_core.h"
#include "../rules/hr_hash.h"
#include "../rules/hr_rule.h"
#include "../evaluation/hr_value.h"

/* The strength of k = 5..7 cards (codes), as hr_value gives it. */
HR_INLINE int hr_st_value(const hr_vctx_t *c, const uint8_t *cards, int k)
{
    const hr_v2 *next = hr_standard.next;
    hr_v2 acc = {0, HR_SUIT_INIT};
    for (int j = 0; j < k; j++) acc = HR_V2_ADD(acc, next[cards[j]]);
    return hr_value(c, HR_V2_LO(acc), HR_V2_HI(acc), k, HR_MODE_BEST, 0, 0);
}

/* Our standing against an opponent's strength o: 0 behind, 1 tied, 2 ahead. */
#define HR_ST_CMP(v, o) (((v) > (o)) - ((v) < (o)) + 1)

typedef struct {
    const hr_vctx_t *c;
    const uint8_t *now;          /* the known board (nnow cards), for the class now */
    int nnow;
    const int8_t *nowc;          /* [13 * 13] our standing now against a rank pair
                                    that holds no flush; NULL: one class */
    int vnow;                    /* our strength now */
} hr_st_t;

/* Count the opponent hands of the n cards `a` (ascending codes) against
 * our strength v on board b (nb = 3..5 cards): cnt[standing now][standing
 * on b] += hands. */
static void hr_st_board(const hr_st_t *S, const uint8_t *b, int nb, int v, const uint8_t *a,
                        int n, int64_t cnt[3][3])
{
    const hr_vctx_t *c = S->c;
    const int K = nb + 2;
    int acnt[HR_NRANKS], nsuit[HR_NSUITS] = {0, 0, 0, 0};
    uint32_t brk = 0;
    for (int r = 0; r < HR_NRANKS; r++) acnt[r] = 0;
    for (int j = 0; j < n; j++) acnt[HR_RANK(a[j])]++;
    for (int j = 0; j < nb; j++) {
        nsuit[HR_SUIT(b[j])]++;
        brk += hr_rank_mult[HR_RANK(b[j])];
    }
    int fs = -1;                                       /* the suit with 3+ board cards */
    for (int s = 0; s < HR_NSUITS; s++)
        if (nsuit[s] >= 3) fs = s;
    int16_t sub[HR_NRANKS][HR_NRANKS];                 /* hands valued one by one */
    if (fs >= 0) {
        memset(sub, 0, sizeof(sub));
        /* the hands holding `need` or more cards of fs: pairs of fs cards,
         * with need 1 also an fs card and another, with need 0 every pair */
        const int need = 5 - nsuit[fs];
        uint8_t f[HR_NRANKS], o[52], cards[7], cn[7];
        int nf = 0, no = 0;
        for (int j = 0; j < n; j++) {
            if (HR_SUIT(a[j]) == fs) f[nf++] = a[j];
            else o[no++] = a[j];
        }
        memcpy(cards + 2, b, (size_t)nb);
        if (S->nowc) memcpy(cn + 2, S->now, (size_t)S->nnow);
        for (int x = 0; x < nf + (need <= 0 ? no : 0); x++) {
            const uint8_t cx = x < nf ? f[x] : o[x - nf];
            const int y0 = x < nf && need == 1 ? 0 : x + 1;   /* need 1: f[x] with every o */
            for (int y = y0; y < nf + (need <= 1 ? no : 0); y++) {
                if (need == 1 && x < nf && y < nf && y <= x) continue;
                const uint8_t cy = y < nf ? f[y] : o[y - nf];
                cards[0] = cn[0] = cx;
                cards[1] = cn[1] = cy;
                int i = 0;
                if (S->nowc) i = HR_ST_CMP(S->vnow, hr_st_value(c, cn, S->nnow + 2));
                cnt[i][HR_ST_CMP(v, hr_st_value(c, cards, K))]++;
                const int r1 = HR_RANK(cx), r2 = HR_RANK(cy);
                sub[r1 < r2 ? r1 : r2][r1 < r2 ? r2 : r1]++;
            }
        }
    }
    const int16_t *V = c->V[K];
    const int32_t *off = c->off[K];
    const int shift = HR_HASH_SHIFT(K);
    static const uint8_t pairs[5] = {0, 0, 1, 3, 6};     /* C(a, 2) */
    int64_t *flat = &cnt[0][0];
    for (int r1 = 0; r1 < HR_NRANKS; r1++) {
        const int a1 = acnt[r1];
        if (!a1) continue;
        const uint32_t k1 = brk + hr_rank_mult[r1];
        for (int r2 = r1; r2 < HR_NRANKS; r2++) {
            int m = r2 == r1 ? pairs[a1] : a1 * acnt[r2];
            if (fs >= 0) m -= sub[r1][r2];
            if (!m) continue;
            const uint32_t key = k1 + hr_rank_mult[r2];
            const int o = V[key + off[key >> shift]];
            const int i = S->nowc ? S->nowc[r1 * HR_NRANKS + r2] : 0;
            flat[3 * i + HR_ST_CMP(v, o)] += m;
        }
    }
}

/* Hand strength and potential of hole (2 codes) on board (nb = 3..5
 * codes), all distinct cards of the 52.  now[3]: opponent hands we are
 * behind, tied with, ahead of.  With runs (nb < 5): hp[now][later] over
 * every (opponent hand, completion) pair, and per completion (in the order
 * of combinations of the cards left, ascending) run2 = 2 ahead + tied and
 * runn = opponent hands; runs must hold C(52 - 2 - nb, 5 - nb) entries. */
static void hr_potential(const hr_vctx_t *c, const uint8_t *hole, const uint8_t *board, int nb,
                         int64_t *now, int64_t *hp, int32_t *run2, int32_t *runn)
{
    uint64_t used = 0;
    for (int j = 0; j < 2; j++) used |= 1ULL << hole[j];
    for (int j = 0; j < nb; j++) used |= 1ULL << board[j];
    uint8_t rest[52];
    int n = 0;
    for (int x = 0; x < HR_NCARDS; x++)
        if (!(used >> x & 1)) rest[n++] = (uint8_t)x;
    uint8_t mine[7];
    mine[0] = hole[0];
    mine[1] = hole[1];
    memcpy(mine + 2, board, (size_t)nb);
    const int vnow = hr_st_value(c, mine, nb + 2);
    hr_st_t S = {c, board, nb, NULL, vnow};
    int64_t cnt[3][3];
    memset(cnt, 0, sizeof(cnt));
    hr_st_board(&S, board, nb, vnow, rest, n, cnt);
    for (int j = 0; j < 3; j++) now[j] = cnt[0][j];
    if (!hp || nb >= 5) return;

    /* our standing now against each rank pair that holds no flush (of the
     * pairs the cards left can make) */
    int8_t nowc[HR_NRANKS * HR_NRANKS];
    uint32_t brk = 0;
    int left_r[HR_NRANKS];
    for (int r = 0; r < HR_NRANKS; r++) left_r[r] = 0;
    for (int j = 0; j < n; j++) left_r[HR_RANK(rest[j])]++;
    for (int j = 0; j < nb; j++) brk += hr_rank_mult[HR_RANK(board[j])];
    for (int r1 = 0; r1 < HR_NRANKS; r1++)
        for (int r2 = r1; r2 < HR_NRANKS; r2++) {
            if (left_r[r1] < 1 + (r1 == r2) || !left_r[r2]) continue;
            const uint32_t key = brk + hr_rank_mult[r1] + hr_rank_mult[r2];
            const int k = nb + 2;
            const int o = c->V[k][key + c->off[k][key >> HR_HASH_SHIFT(k)]];
            nowc[r1 * HR_NRANKS + r2] = (int8_t)HR_ST_CMP(vnow, o);
        }
    S.nowc = nowc;
    memset(cnt, 0, sizeof(cnt));
    uint8_t fin[5], left[52];
    memcpy(fin, board, (size_t)nb);
    const int need = 5 - nb;
    int64_t run = 0;
    for (int x = 0; x < n; x++)
        for (int y = need == 2 ? x + 1 : n - 1; y < n; y++) {   /* need 1: y only once */
            /* the completion: rest[x] (and rest[y]) */
            int m = n - need;                          /* the cards left: rest less x, y */
            fin[nb] = rest[x];
            memcpy(left, rest, (size_t)x);
            if (need == 2) {
                fin[nb + 1] = rest[y];
                memcpy(left + x, rest + x + 1, (size_t)(y - x - 1));
                memcpy(left + y - 1, rest + y + 1, (size_t)(n - y - 1));
            } else {
                memcpy(left + x, rest + x + 1, (size_t)(n - x - 1));
            }
            memcpy(mine + 2, fin, 5);
            const int v = hr_st_value(c, mine, 7);
            int64_t rc[3][3];
            memset(rc, 0, sizeof(rc));
            hr_st_board(&S, fin, 5, v, left, m, rc);
            int64_t ahead = 0, tied = 0, all = 0;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) {
                    cnt[i][j] += rc[i][j];
                    all += rc[i][j];
                }
            for (int i = 0; i < 3; i++) {
                ahead += rc[i][2];
                tied += rc[i][1];
            }
            run2[run] = (int32_t)(2 * ahead + tied);
            runn[run] = (int32_t)all;
            run++;
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) hp[3 * i + j] = cnt[i][j];
}

/* hr_potential under rule set R (the standard high rules: see the top). */
static void hr_hand_potential(const hr_rule_t *R, const uint8_t *hole, const uint8_t *board,
                              int nb, int64_t *now, int64_t *hp, int32_t *run2, int32_t *runn)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_vctx_init(&c, wc, R, &hr_standard);
    hr_potential(&c, hole, board, nb, now, hp, run2, runn);
}

#endif /* HANDRANK_HR_STRENGTH_H */
