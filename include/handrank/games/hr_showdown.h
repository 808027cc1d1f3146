/*
 * handrank showdown batches: the pot shares (and every half's strengths) of
 * many deals of one game, and the Omaha strengths of many hands, on threads
 * through hr_rows.  One deal is valued and split as hr_games.h says.
 */
#ifndef HANDRANK_HR_SHOWDOWN_H
#define HANDRANK_HR_SHOWDOWN_H

#include "../evaluation/hr_batch.h"
#include "../base/hr_core.h"
#include "hr_games.h"
#include "../base/hr_rows.h"
#include "hr_sd_holdem.h"
#include "../evaluation/hr_value.h"

/* Deals [lo, hi) of a showdown batch (see hr_showdown).  A double-board
 * deal is each board's deal, each for half the pot.  NH: the game's halves
 * (a constant in the usual cases, see HR_DEFINE_SHOWDOWN_ROWS).  shares or
 * str_out may be NULL (not wanted). */
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
        double *share = shares ? shares + (size_t)i * players : NULL;
        if (share)
            for (int p = 0; p < players; p++) share[p] = 0.0;
        if (HR_UNLIKELY(!hr_deal_valid(G, h, b, players))) {
            if (bad < 0) bad = i;
            continue;
        }
        for (int k = 0; k < NB; k++) {
            for (int x = 0; x < NH; x++)
                hr_deal_strengths(G, &G->half[x], h, b + (size_t)k * G->board, players, s[x]);
            if (share) {
                hr_split_n(G, s, NH, players, &a);
                for (int p = 0; p < players; p++) share[p] += part * hr_award_share(&a, NH, p);
            }
            if (str_out)
                for (int x = 0; x < NH; x++) {
                    int16_t *o = str_out + (size_t)x * (size_t)half_stride +
                                 (size_t)i * players * NB + k;
                    const int thr = G->half[x].thr;       /* below it: -1 */
                    for (int p = 0; p < players; p++)
                        o[(size_t)p * NB] = s[x][p] >= thr ? s[x][p] : (int16_t)-1;
                }
        }
    }
    return bad;
}

/* Whether a game's showdowns take the one-half loop below: one half that
 * picks any five of hole + board (G->any), one board, K = hole + board of
 * 5..7 cards, no wild card, a poker rule set, and not the plain reference
 * build, no threshold (its strengths would read -1 below it).  Then a
 * player's strength is hr_value of the board's entry sum
 * plus the player's (no general path needed), and the pot goes to the best
 * strength, shared by its ties (nobody, if no hand qualifies).  The
 * precondition of hr_showdown_any, checked once per call (hr_showdown). */
HR_INLINE int hr_showdown_any_ok(const hr_game_t *G)
{
    const hr_vctx_t *c = &G->half[0].v;
    const int k = G->hole + G->board;
    return G->nhalves == 1 && G->boards == 1 && G->any && !c->wild && !G->plain &&
           G->half[0].qual == HR_NO_QUAL && k >= HR_MIN_CARDS && k <= HR_MAX_HASHED &&
           c->mode != HR_MODE_BADUGI;
}

/* One pot won by the best of s[0..P) (below 0: nobody qualifies), shared
 * by its ties: writes each player's share, w = hr_inverse[ties] or +0.0, as
 * bit patterns with no branch (the winners of random deals are
 * unpredictable).  The same doubles as hr_split_n + hr_award_share give a
 * game of one half. */
HR_INLINE void hr_pot_shares(const int16_t *s, const int P, double *share)
{
    int best = -1, ties = 0;
    for (int p = 0; p < P; p++) best = s[p] > best ? s[p] : best;
    for (int p = 0; p < P; p++) ties += s[p] == best;
    uint64_t w;
    memcpy(&w, &hr_inverse[best >= 0 ? ties : 0], sizeof w);
    for (int p = 0; p < P; p++) {
        const uint64_t x = w & (0 - (uint64_t)(s[p] == best));
        memcpy(share + p, &x, sizeof x);
    }
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))   /* GNU vector intrinsics */
#include <emmintrin.h>
/* Shares per part from which hr_showdown_simd stores them non-temporally
 * (a quarter MB: half this CPU's L2 and more; the part ends with a fence):
 * a large batch's shares would only evict the tables.  (The scalar loop
 * measured no gain from it.) */
#define HR_SD_STREAM (1 << 15)

/* hr_pot_shares for P <= 8 players whose strengths are the first P lanes of
 * v (the others INT16_MIN, which never win), in SSE2 (every x86-64 CPU).
 * NT: non-temporal stores (a batch's shares larger than the cache; the
 * caller fences). */
HR_INLINE void hr_pot_shares8(__m128i v, const int P, double *share, const int NT)
{
    __m128i m = _mm_max_epi16(v, _mm_shuffle_epi32(v, 0x4e));
    m = _mm_max_epi16(m, _mm_shuffle_epi32(m, 0xb1));
    m = _mm_max_epi16(m, _mm_shufflehi_epi16(_mm_shufflelo_epi16(m, 0xb1), 0xb1));
    const __m128i eq = _mm_cmpeq_epi16(v, m);
    const int best = (int16_t)_mm_cvtsi128_si32(m);
    const int ties = hr_popcount64((unsigned)_mm_movemask_epi8(eq)) >> 1;  /* 2 bits each */
    const double *wp = &hr_inverse[best >= 0 ? ties : 0];
    const __m128i w = _mm_castpd_si128(_mm_load1_pd(wp));
    const __m128i lo = _mm_unpacklo_epi16(eq, eq), hi = _mm_unpackhi_epi16(eq, eq);
    __m128i x[4];
    x[0] = _mm_and_si128(w, _mm_unpacklo_epi32(lo, lo));
    x[1] = _mm_and_si128(w, _mm_unpackhi_epi32(lo, lo));
    x[2] = _mm_and_si128(w, _mm_unpacklo_epi32(hi, hi));
    x[3] = _mm_and_si128(w, _mm_unpackhi_epi32(hi, hi));
    if (NT) {
        for (int j = 0; 2 * j < P; j++) {
            _mm_stream_si64((long long *)(share + 2 * j), _mm_cvtsi128_si64(x[j]));
            if (2 * j + 1 < P)
                _mm_stream_si64((long long *)(share + 2 * j + 1),
                                _mm_cvtsi128_si64(_mm_unpackhi_epi64(x[j], x[j])));
        }
        return;
    }
    for (int j = 0; 2 * j + 1 < P; j++) _mm_storeu_si128((__m128i *)(share + 2 * j), x[j]);
    if (P & 1) _mm_storel_epi64((__m128i *)(share + P - 1), x[P >> 1]);
}
#endif

#if defined(__GNUC__) || defined(__clang__)
#define HR_COLD __attribute__((noinline, cold))
#elif defined(_MSC_VER)
#define HR_COLD __declspec(noinline)
#else
#define HR_COLD
#endif

/* hr_value of one valid hand of hole + board codes (no wild card), out of
 * line: the hands of hr_showdown_any that hold a suit of five where flushes
 * count against the player (rare, and each a subset search). */
static HR_COLD int hr_showdown_hand(const hr_vctx_t *c, const hr_deck_t *D, const uint8_t *h,
                                    int hole, const uint8_t *b, int board)
{
    hr_v2 acc = {0, HR_SUIT_INIT};
    for (int j = 0; j < hole; j++) acc = HR_V2_ADD(acc, D->next[h[j]]);
    for (int j = 0; j < board; j++) acc = HR_V2_ADD(acc, D->next[b[j]]);
    return hr_value_rt(c, HR_V2_LO(acc), HR_V2_HI(acc), hole + board);
}

/* Deals [lo, hi) of a showdown batch under hr_showdown_any_ok(G): hold'em,
 * stud, razz, draw.  HOLE and BOARD are G's (constants where the shape is
 * specialised), K = HOLE + BOARD; P the players (a constant for hold'em of
 * 2..10 players); MODE and QUAL the half's mode and qualifier flag.  The
 * same results as hr_showdown_rows_n: the validity check is hr_deal_valid's
 * (the popcount of the sum of every card's mask bit), a player's strength
 * is hr_value of the board's entry sum plus its own cards, and the pot is
 * split as hr_pot_shares says.
 *
 * A deal is summed once, mask bits and keys in scalar registers (the deck's
 * split entries, bit[] and key[]), and no key is looked up before its deal
 * is found valid (a bad deal's keys may lie outside the hash).  A hand
 * without a suit of five (or where flushes do not count) is one hash
 * lookup, as in hr_value.  The hands with one, where flushes count for the
 * player, are their suit's flush (hr_value's second case), chosen without
 * a branch per hand: the deal's branch is taken at random (about one deal
 * in eight, six-handed), the hands' would be too.  Where flushes count
 * against the player those hands go to hr_value (hr_showdown_hand).
 * shares or str_out may be NULL (not wanted). */
HR_INLINE int64_t hr_showdown_any(const hr_game_t *G, const uint8_t *holes,
                                  const uint8_t *boards, int64_t lo, int64_t hi, const int P,
                                  double *shares, int16_t *str_out, const int HOLE,
                                  const int BOARD, const int MODE, const int QUAL)
{
    const hr_vctx_t ctx = G->half[0].v;
    const uint64_t *EB = G->wild->bit, *EK = G->wild->key;
    const int K = HOLE + BOARD, ncards = P * HOLE + BOARD;
    const int32_t *off = ctx.off[K];
    const int16_t *V = ctx.V[K];
    const uint64_t fadj = ctx.fadj;
    const int flushes = MODE == HR_MODE_BEST || MODE == HR_MODE_AVOID;
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++) {
        const uint8_t *h = holes + (size_t)i * P * HOLE;
        const uint8_t *b = boards + (size_t)i * BOARD;
        uint64_t sum = 0, bkey = HR_SUIT_INIT, fl = 0;
        for (int j = 0; j < BOARD; j++) sum += EB[b[j]];
        for (int j = 0; j < P * HOLE; j++) sum += EB[h[j]];
        for (int j = 0; j < BOARD; j++) bkey += EK[b[j]];
        uint64_t key[HR_MAX_PLAYERS];
        for (int p = 0; p < P; p++) {
            uint64_t k = bkey;
            for (int j = 0; j < HOLE; j++) k += EK[h[p * HOLE + j]];
            key[p] = k;
            fl |= k + fadj;
        }
        double *share = shares ? shares + (size_t)i * P : NULL;
        if (HR_UNLIKELY(hr_popcount64(sum) != ncards || ncards > 54)) {
            if (bad < 0) bad = i;
            if (share)
                for (int p = 0; p < P; p++) share[p] = 0.0;
            continue;
        }
        int16_t s[HR_MAX_PLAYERS];
        for (int p = 0; p < P; p++) {
            const uint32_t rk = (uint32_t)key[p];
            int v = V[rk + off[rk >> HR_HASH_SHIFT(K)]];
            if (QUAL) v = v >= ctx.qual ? v : -1;
            s[p] = (int16_t)v;
        }
        if (flushes && HR_UNLIKELY(fl & HR_FLUSH_BITS)) {
            if (MODE == HR_MODE_BEST) {
                /* each hand with a suit of five is that suit's flush, as
                 * in hr_value, chosen without a branch (which hands do is
                 * unpredictable); the sentinel bit keeps the shift defined
                 * for the others */
                uint64_t bbits = 0;
                for (int j = 0; j < BOARD; j++) bbits += EB[b[j]];
                for (int p = 0; p < P; p++) {
                    uint64_t m = bbits;
                    for (int j = 0; j < HOLE; j++) m += EB[h[p * HOLE + j]];
                    const uint64_t f = (key[p] + fadj) & HR_FLUSH_BITS;
                    const int sh = (4 * hr_ctz64(f | 1ULL << 63) - 140) & 63;
                    int v = ctx.F[(m >> sh) & HR_LANE];
                    if (QUAL) v = v >= ctx.qual ? v : -1;
                    s[p] = f ? (int16_t)v : s[p];
                }
            } else {
                for (int p = 0; p < P; p++)
                    if ((key[p] + fadj) & HR_FLUSH_BITS)     /* a suit of five */
                        s[p] = (int16_t)hr_showdown_hand(&ctx, G->wild, h + p * HOLE, HOLE, b,
                                                         BOARD);
            }
        }
        if (str_out) memcpy(str_out + (size_t)i * P, s, (size_t)P * sizeof(int16_t));
        if (share) {
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))   /* GNU vector intrinsics */
            if (P != 2 && P <= 8) {   /* heads-up: the scalar shares are faster */
#define HR_LANE_OF(p) ((p) < P ? s[p] : INT16_MIN)
                hr_pot_shares8(_mm_set_epi16(HR_LANE_OF(7), HR_LANE_OF(6), HR_LANE_OF(5),
                                             HR_LANE_OF(4), HR_LANE_OF(3), HR_LANE_OF(2),
                                             HR_LANE_OF(1), HR_LANE_OF(0)),
                               P, share, 0);
#undef HR_LANE_OF
                continue;
            }
#endif
            hr_pot_shares(s, P, share);
        }
    }
    return bad;
}

/* A showdown batch's arguments (hr_showdown): each build of the showdown
 * loop -- portable, POPCNT, AVX2, AVX-512 -- is a part of hr_rows (hr_rows.h)
 * on them, so hr_showdown hands the chosen build to hr_rows. */
typedef struct {
    const hr_game_t *G;
    const uint8_t *holes, *boards;
    int players;
    double *shares;
    int16_t *str_out;
    int64_t stride;
} hr_showdown_args_t;

/* The instances of hr_showdown_any: hold'em high with 2..10 players
 * constant; the hold'em (2 + 5), stud (7 + 0) and draw (5 + 0) shapes, any
 * number of players, for the (mode, qualifier) pairs the batch loops of
 * hr_batch.h specialise.  Every other game of one half and one board takes
 * hr_showdown_rows_n, which gives the same results (the precondition is
 * checked here, once per call: hr_showdown_any_ok). */
#define HR_SD_HOLDEM(P)                                                               \
    case P:                                                                           \
        return hr_showdown_any(G, holes, boards, lo, hi, P, shares, str_out, 2, 5,    \
                               HR_MODE_BEST, 0);
#define HR_SD_CASE(MODE, QUAL)                                                        \
    case (MODE) * 2 + (QUAL):                                                         \
        if (G->hole == 2 && G->board == 5) {                                          \
            if ((MODE) == HR_MODE_BEST && !(QUAL))                                    \
                switch (players) {                                                    \
                    HR_SD_HOLDEM(2) HR_SD_HOLDEM(3) HR_SD_HOLDEM(4) HR_SD_HOLDEM(5)   \
                    HR_SD_HOLDEM(6) HR_SD_HOLDEM(7) HR_SD_HOLDEM(8) HR_SD_HOLDEM(9)   \
                    HR_SD_HOLDEM(10)                                                  \
                }                                                                     \
            return hr_showdown_any(G, holes, boards, lo, hi, players, shares, str_out, 2, 5, \
                                   MODE, QUAL);                                       \
        }                                                                             \
        if (G->hole == 7 && G->board == 0)                                            \
            return hr_showdown_any(G, holes, boards, lo, hi, players, shares, str_out, 7, 0, \
                                   MODE, QUAL);                                       \
        if (G->hole == 5 && G->board == 0)                                            \
            return hr_showdown_any(G, holes, boards, lo, hi, players, shares, str_out, 5, 0, \
                                   MODE, QUAL);                                       \
        break;
#define HR_DEFINE_SHOWDOWN_ROWS(NAME, ATTR)                                           \
    ATTR static int64_t NAME(const void *arg, int64_t lo, int64_t hi)                 \
    {                                                                                 \
        const hr_showdown_args_t *a = (const hr_showdown_args_t *)arg;                \
        const hr_game_t *G = a->G;                                                    \
        const uint8_t *holes = a->holes, *boards = a->boards;                         \
        const int players = a->players;                                               \
        double *shares = a->shares;                                                   \
        int16_t *str_out = a->str_out;                                                \
        const int64_t half_stride = a->stride;                                        \
        if (hr_showdown_any_ok(G)) {                                                  \
            switch (G->half[0].v.mode * 2 + G->half[0].v.qualifies) {                 \
                HR_SD_CASE(HR_MODE_BEST, 0) HR_SD_CASE(HR_MODE_IGNORE, 0)             \
                HR_SD_CASE(HR_MODE_IGNORE, 1) HR_SD_CASE(HR_MODE_AVOID, 0)            \
            }                                                                         \
        }                                                                             \
        switch (G->nhalves) {                                                         \
        case 1:                                                                       \
            return hr_showdown_rows_n(G, holes, boards, lo, hi, players, shares,      \
                                      str_out, half_stride, 1);                       \
        case 2:                                                                       \
            return hr_showdown_rows_n(G, holes, boards, lo, hi, players, shares,      \
                                      str_out, half_stride, 2);                       \
        default:                                                                      \
            return hr_showdown_rows_n(G, holes, boards, lo, hi, players, shares,      \
                                      str_out, half_stride, G->nhalves);              \
        }                                                                             \
    }
#ifdef HR_MULTIVERSION
HR_DEFINE_SHOWDOWN_ROWS(hr_showdown_popcnt, __attribute__((target("popcnt,sse4.1"))))
#endif
HR_DEFINE_SHOWDOWN_ROWS(hr_showdown_portable, )

#ifdef HR_MULTIVERSION
/* Player-hands per block of hr_showdown_simd (its buffers live on the stack). */
#define HR_SD_BLOCK 1024

/* The shares of one valid deal from its strengths s[0..P), in a block
 * written before (so the vector load does not wait on the stores); NT as
 * for hr_pot_shares8. */
HR_AVX2_TARGET HR_INLINE void hr_sd_shares(const int16_t *s, const int P, double *share,
                                           const int NT)
{
    if (P > 8) {
        hr_pot_shares(s, P, share);
        return;
    }
    const __m128i live = _mm_cmpgt_epi16(_mm_set1_epi16((short)P),
                                         _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7));
    const __m128i v = _mm_loadu_si128((const __m128i *)s);
    hr_pot_shares8(_mm_blendv_epi8(_mm_set1_epi16(INT16_MIN), v, live), P, share, NT);
}

/* hr_deal_valid for the n codes at h, in code bits: the deal is valid when
 * every code is a card of the deck and no two are equal, that is when the
 * sum of the codes' one-hot bits (hr_code_bit) holds n bits of `cards`
 * (bit c for each code c that is a card of the deck): a repeated code
 * carries, a code of 64 or more adds nothing.  Sixteen, then four codes at
 * a time in AVX2, the rest in scalar code. */
HR_AVX2_TARGET HR_INLINE int hr_sd_deal_ok(const uint8_t *h, const int n, uint64_t cards)
{
    const __m256i one = _mm256_set1_epi64x(1);
    __m256i acc = _mm256_setzero_si256(), acc2 = _mm256_setzero_si256();
    int j = 0;
    for (; j + 16 <= n; j += 16) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(h + j));
#define HR_ONE_HOT4(v) _mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(v))
        acc = _mm256_add_epi64(acc, _mm256_add_epi64(HR_ONE_HOT4(x),
                                                     HR_ONE_HOT4(_mm_srli_si128(x, 4))));
        acc2 = _mm256_add_epi64(acc2, _mm256_add_epi64(HR_ONE_HOT4(_mm_srli_si128(x, 8)),
                                                       HR_ONE_HOT4(_mm_srli_si128(x, 12))));
    }
    acc = _mm256_add_epi64(acc, acc2);
    for (; j + 4 <= n; j += 4) {
        int32_t w;
        memcpy(&w, h + j, 4);
        acc = _mm256_add_epi64(acc, HR_ONE_HOT4(_mm_cvtsi32_si128(w)));
#undef HR_ONE_HOT4
    }
    uint64_t sum = 0;
    for (; j < n; j++) sum += hr_code_bit[h[j]];
    const __m128i a2 = _mm_add_epi64(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    sum += (uint64_t)_mm_cvtsi128_si64(a2) + (uint64_t)_mm_extract_epi64(a2, 1);
    return n <= 54 && hr_popcount64(sum & cards) == n;
}

/* Deals [lo, hi) of a showdown batch of a game without a board (stud,
 * razz, draw) under hr_showdown_any_ok(G), with AVX2: the same results as
 * hr_showdown_any (the arguments are its, K = HOLE).  Each player's hole
 * cards are a hand of K codes, and the hands of consecutive deals are
 * consecutive rows: blocks of whole deals, at most HR_SD_BLOCK hands, are
 * valued by hr_simd8, 8 at a time (a row that fails its own check, or
 * holds a flush, goes to its scalar row check and hr_value, so nothing is
 * looked up for a hand that is not valid).  Each deal is checked as
 * hr_deal_valid does (hr_sd_deal_ok, which finds a card two players hold),
 * and a valid deal's shares are computed from its strengths; a bad deal's
 * strengths (each its own hand's, or -1) are not used.  shares or str_out
 * may be NULL. */
HR_AVX2_TARGET HR_INLINE int64_t hr_showdown_simd(const hr_game_t *G, const uint8_t *holes,
                                                  int64_t lo, int64_t hi, const int P,
                                                  double *shares, int16_t *str_out,
                                                  const int K, const int MODE, const int QUAL)
{
    const hr_deck_t *D = G->wild;
    uint64_t cards = 0;                                   /* the codes that are cards */
    for (int x = 0; x < HR_NCARDS; x++) cards |= (uint64_t)(D->bit[x] != 0) << x;
    const int per = HR_SD_BLOCK / P;                      /* deals per block, P <= 23 */
    int16_t buf[HR_SD_BLOCK + 8];
    uint8_t ok[HR_SD_BLOCK];
    int64_t bad = -1;
    const int nt = shares && (hi - lo) * P >= HR_SD_STREAM;
    for (int64_t i0 = lo; i0 < hi; i0 += per) {
        const int nd = hi - i0 < per ? (int)(hi - i0) : per, m = nd * P;
        const uint8_t *h = holes + (size_t)i0 * P * K;
        int16_t *s = str_out ? str_out + (size_t)i0 * P : buf;
        for (int d = 0; d < nd; d++) ok[d] = (uint8_t)hr_sd_deal_ok(h + (size_t)d * P * K, P * K, cards);
        hr_simd8(&G->half[0].v, D, h, 0, m, K, MODE, QUAL, s);
        for (int d = 0; d < nd; d++) {
            double *share = shares ? shares + (size_t)(i0 + d) * P : NULL;
            if (HR_UNLIKELY(!ok[d])) {
                if (bad < 0) bad = i0 + d;
                if (share)
                    for (int p = 0; p < P; p++) share[p] = 0.0;
                continue;
            }
            if (share) {
                if (s != buf && P <= 8) hr_pot_shares(s + d * P, P, share);  /* not past the end */
                else if (nt) hr_sd_shares(s + d * P, P, share, 1);
                else hr_sd_shares(s + d * P, P, share, 0);
            }
        }
    }
    if (nt) _mm_sfence();
    return bad;
}

/* The precondition of the hold'em loops hr_sd_holdem and hr_sd_holdem16,
 * checked where they are chosen (with 2..HR_SDH_MAXP players): hold'em
 * high -- hr_showdown_any_ok, two hole cards, a board of five, mode BEST
 * without a qualifier. */
HR_INLINE int hr_sd_holdem_ok(const hr_game_t *G)
{
    return hr_showdown_any_ok(G) && G->hole == 2 && G->board == 5 &&
           G->half[0].v.mode == HR_MODE_BEST && !G->half[0].v.qualifies;
}
/* FN(...) for 2..HR_SDH_MAXP players; other counts fall through. */
#define HR_SDH_SWITCH(FN)                                                             \
    switch (a->players) {                                                             \
    case 2: return FN(a->G, a->holes, a->boards, lo, hi, 2, a->shares, a->str_out);   \
    case 3: return FN(a->G, a->holes, a->boards, lo, hi, 3, a->shares, a->str_out);   \
    case 4: return FN(a->G, a->holes, a->boards, lo, hi, 4, a->shares, a->str_out);   \
    case 5: return FN(a->G, a->holes, a->boards, lo, hi, 5, a->shares, a->str_out);   \
    case 6: return FN(a->G, a->holes, a->boards, lo, hi, 6, a->shares, a->str_out);   \
    case 7: return FN(a->G, a->holes, a->boards, lo, hi, 7, a->shares, a->str_out);   \
    case 8: return FN(a->G, a->holes, a->boards, lo, hi, 8, a->shares, a->str_out);   \
    case 9: return FN(a->G, a->holes, a->boards, lo, hi, 9, a->shares, a->str_out);   \
    case 10: return FN(a->G, a->holes, a->boards, lo, hi, 10, a->shares, a->str_out); \
    default: break;                                                                   \
    }

/* The AVX2 showdown (hr_isa >= HR_ISA_AVX2): hr_showdown_simd for games
 * without a board whose hands are 5..7 hole cards (stud, razz, draw), in
 * the (mode, qualifier) pairs of hr_simd8, under hr_showdown_any_ok(G) --
 * which gives hr_simd8's precondition: no wild card, K = 5..7, a poker
 * rule set; and hr_sd_holdem for hold'em high under hr_sd_holdem_ok(G),
 * whose hr_showdown_any_ok(G) gives its precondition (no wild card, one
 * board, one half, any five of seven, not the plain build).  Everything
 * else takes the POPCNT build of the scalar loops. */

#define HR_SDS_K(MODE, QUAL, K)                                                       \
    case K:                                                                           \
        return hr_showdown_simd(a->G, a->holes, lo, hi, a->players, a->shares, a->str_out, \
                                K, MODE, QUAL);
#define HR_SDS_CASE(MODE, QUAL)                                                       \
    case (MODE) * 2 + (QUAL):                                                         \
        switch (a->G->hole) { HR_SDS_K(MODE, QUAL, 5) HR_SDS_K(MODE, QUAL, 6)        \
                              HR_SDS_K(MODE, QUAL, 7) }                               \
        break;
/* Fewer deals than one vector step (8 lanes with AVX2, 16 with AVX-512):
 * the scalar loop.  A step's set-up and masked loads cost more than a few
 * deals save -- one deal of nine-handed hold'em (a per-hand showdown call)
 * took 1.06 us through hr_sd_holdem16, 0.44 us through hr_sd_holdem and
 * 0.31 us through the POPCNT loop (Sapphire Rapids). */
#define HR_SD_FEW(lo, hi, lanes) ((hi) - (lo) < (lanes))

HR_AVX2_TARGET static int64_t hr_showdown_avx2(const void *arg, int64_t lo, int64_t hi)
{
    const hr_showdown_args_t *a = (const hr_showdown_args_t *)arg;
    const hr_game_t *G = a->G;
    if (HR_SD_FEW(lo, hi, 8)) return hr_showdown_popcnt(arg, lo, hi);
    if (hr_sd_holdem_ok(G)) HR_SDH_SWITCH(hr_sd_holdem);
    if (hr_showdown_any_ok(G) && G->board == 0) {
        switch (G->half[0].v.mode * 2 + G->half[0].v.qualifies) {
            HR_SDS_CASE(HR_MODE_BEST, 0) HR_SDS_CASE(HR_MODE_IGNORE, 0)
            HR_SDS_CASE(HR_MODE_IGNORE, 1) HR_SDS_CASE(HR_MODE_AVOID, 0)
        }
    }
    return hr_showdown_popcnt(arg, lo, hi);
}
#undef HR_SDS_K
#undef HR_SDS_CASE

/* The AVX-512 showdown (hr_isa == HR_ISA_AVX512): hr_sd_holdem16 for
 * hold'em high, under hr_sd_holdem_ok(G) as hr_sd_holdem; everything else as
 * hr_showdown_avx2. */
HR_AVX512_TARGET static int64_t hr_showdown_avx512(const void *arg, int64_t lo, int64_t hi)
{
    const hr_showdown_args_t *a = (const hr_showdown_args_t *)arg;
    if (!HR_SD_FEW(lo, hi, 16) && hr_sd_holdem_ok(a->G)) HR_SDH_SWITCH(hr_sd_holdem16);
    return hr_showdown_avx2(arg, lo, hi);
}
#undef HR_SDH_SWITCH
#undef HR_SD_FEW
#endif

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

/* An Omaha batch's arguments (hr_eval_omaha): each build of the loop below
 * is a part of hr_rows (hr_rows.h) on them. */
typedef struct {
    const hr_game_t *G;
    const uint8_t *holes, *boards;
    int16_t *out;
} hr_omaha_args_t;

#define HR_DEFINE_OMAHA_ROWS(NAME, ATTR)                                              \
    ATTR static int64_t NAME(const void *arg, int64_t lo, int64_t hi)                 \
    {                                                                                 \
        const hr_omaha_args_t *a = (const hr_omaha_args_t *)arg;                      \
        const hr_game_t *G = a->G;                                                    \
        if (!hr_omaha_tabled(G, &G->half[0]))                                         \
            return hr_omaha_rows(G, a->holes, a->boards, lo, hi, a->out);             \
        if (G->hole == 4)                                                             \
            return hr_omaha_rows_tabled(G, a->holes, a->boards, lo, hi, 4, a->out);   \
        return hr_omaha_rows_tabled(G, a->holes, a->boards, lo, hi, G->hole, a->out); \
    }
#ifdef HR_MULTIVERSION
HR_DEFINE_OMAHA_ROWS(hr_omaha_popcnt, __attribute__((target("popcnt,sse4.1"))))
#endif
HR_DEFINE_OMAHA_ROWS(hr_omaha_portable, )

static int64_t hr_eval_omaha(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                             int64_t n, int16_t *out, int nthreads)
{
    hr_rows_fn fn = hr_omaha_portable;
#ifdef HR_MULTIVERSION
    if (hr_use_popcnt) fn = hr_omaha_popcnt;
#endif
    const hr_omaha_args_t a = {G, holes, boards, out};
    return hr_rows(fn, &a, 0, n, HR_ROW_BLOCK, hr_team(nthreads));
}

/* Showdown of n deals: holes (n, players, hole), boards (n, boards x board)
 * uint8.  Writes, when not NULL, shares (n, players) and str_out, the
 * strengths of every half: half h of deal i, player p, board k at
 * str_out[h * stride + (i * players + p) * boards + k] (the deals may be a
 * slice of a larger (halves, N, players, boards) array: stride is its
 * N * players * boards).  Returns the first bad deal or -1. */
static int64_t hr_showdown(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                           int64_t n, int players, double *shares, int16_t *str_out,
                           int64_t stride, int nthreads)
{
    hr_rows_fn fn = hr_showdown_portable;
#ifdef HR_MULTIVERSION
    if (hr_isa == HR_ISA_AVX512) fn = hr_showdown_avx512;   /* each checks its shapes' */
    else if (hr_isa == HR_ISA_AVX2) fn = hr_showdown_avx2;  /* precondition */
    else if (hr_use_popcnt) fn = hr_showdown_popcnt;
#endif
    const hr_showdown_args_t a = {G, holes, boards, players, shares, str_out, stride};
    return hr_rows(fn, &a, 0, n, HR_ROW_BLOCK, hr_team(nthreads));
}

#endif /* HANDRANK_HR_SHOWDOWN_H */
