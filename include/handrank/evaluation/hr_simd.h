/*
 * handrank SIMD batch loops: hands of k = 5..7 card codes, 8 at a time with
 * AVX2 or 16 at a time with AVX-512, chosen at run time (hr_init, hr_set_isa)
 * like the POPCNT loop; the scalar loop stays the portable path.  Included by
 * hr_batch.h; empty unless HR_MULTIVERSION (x86 with GCC or clang, hr_core.h).
 *
 * Precondition, checked where the loop is chosen (HR_DEFINE_SIMD_DISPATCH):
 * no wild cards, k = 5..7, a poker rule set (mode BEST, IGNORE or AVOID).
 * Then hr_value of a valid hand is one perfect-hash lookup of its rank key
 * unless a suit holds five or more cards and flushes count.  A step takes
 * the codes of a group of hands into 32-bit lanes, four cards per lane at a
 * time (byte shuffles), and computes for each hand, without memory lookups:
 *
 *   - validity, exactly the scalar check (popcount(mask) == k): every code
 *     is a card of the deck (not a joker, not >= 52, not off the deck) and no
 *     two codes are equal (byte compares of each pair of positions);
 *   - the rank key, the sum of the cards' rank multipliers (hr_rank_mult),
 *     from byte tables of the multipliers' three bytes, summed per lane;
 *   - the suit counts (nibble counters), hence whether a suit holds five.
 *
 * The rank keys of the hands that are valid and have no such suit (where
 * flushes count) are looked up as hr_value's fast path does, slot = key +
 * off[key >> shift] and value = V[slot], the qualifier applied; the lookups
 * are scalar loads, which beat gathers on the CPUs measured (docs/benchmarks.rst, "The core's own speed").
 * Every other hand -- a bad row, a flush, a hand whose flush counts against
 * the player -- goes to hr_row_codes, the scalar check and hr_value, for
 * that row alone: it reports a bad row (-1 in out) or values the hand.
 * Nothing is looked up for a hand that failed validation.
 *
 * AVX2 reads 4k + 32 bytes from a step's first row, so the rows whose loads
 * would pass the end of the batch go to the scalar loop; AVX-512 uses masked
 * loads and takes the last partial group too.
 */
#ifndef HANDRANK_HR_SIMD_H
#define HANDRANK_HR_SIMD_H

#include "../base/hr_core.h"
#include "../rules/hr_hash.h"
#include "hr_value.h"

#ifdef HR_MULTIVERSION
#include <immintrin.h>

#define HR_AVX2_TARGET __attribute__((target("avx2,popcnt")))
#define HR_AVX512_TARGET \
    __attribute__((target("avx2,popcnt,avx512f,avx512bw,avx512vbmi,avx512vnni,avx512bitalg")))

/* Tables filled once by hr_simd_init (k = 5..7, block b = cards 4b..4b+3):
 *   hr_shuf_a/b[k - 5][b]: AVX2 byte shuffles taking, in each 128-bit half,
 *     the 4 rows starting at its load address (row h at byte h*k) to lanes
 *     0..3, cards 4b..4b+3, from the first 16 bytes (a) or the next 16 (b);
 *     0x80 (zero) where row h has no such card;
 *   hr_perm_64[k - 5][b]: the same for AVX-512, 16 rows from 128 bytes;
 *   hr_pad[k - 5][b]: 0x80 | t in byte t of each lane where card 4b + t does
 *     not exist, else 0 (so a pad byte equals no card byte, nor another pad,
 *     and table shuffles give 0 for it);
 *   hr_mult_byte[i][r]: byte i of hr_rank_mult[r] (0 for r >= 13), and
 *   hr_code_mult[i][c]: the same by code c < 64 (0 for c >= 52);
 *   hr_code_pos[c]: 16 * suit + rank of code c < 64 (rank 14 from 56 on:
 *     no card), its bit in a hand mask;
 *   hr_code_suit[i][c]: 1 << 4 * suit of code c < 52 for suits 2i, 2i + 1. */
static uint8_t hr_shuf_a[3][2][32], hr_shuf_b[3][2][32];
static uint8_t hr_perm_64[3][2][64], hr_pad[3][2][64];
static uint8_t hr_mult_byte[3][16], hr_code_mult[3][64], hr_code_pos[64], hr_code_suit[2][64];
/* The one-hot bit of each code below 64, 0 for the others (the deal check
 * of showdowns, hr_sd_deal_ok). */
static uint64_t hr_code_bit[256];
/* The lanes of each 8-bit mask's set bits, in order (HR_SIMD_SPECIALS). */
/* Byte shuffles of both AVX2 loops (hr_simd8, hr_sd_holdem), loaded into
 * both 128-bit halves: SUIT01 / SUIT23 turn suit s of a byte into the
 * weight (1 or 16) of suits 0, 1 / 2, 3 for a per-lane suit count; ROT8,
 * ROT16, ROT24 rotate each 4-byte lane by one, two and three bytes. */
enum { HR_BS_SUIT01, HR_BS_SUIT23, HR_BS_ROT8, HR_BS_ROT16, HR_BS_ROT24, HR_BS_COUNT };
static const uint8_t hr_byte_shuffle[HR_BS_COUNT][16] = {
    {1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12},
    {2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13},
    {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14}};
static uint8_t hr_lanes_of[256][8];
/* Masks (hr_simd_masks8): byte 2s of a hand mask holds ranks 0..7 of suit s
 * (even bytes), byte 2s + 1 ranks 8..12 in bits 0..4 (odd bytes).  The sum
 * of the rank multipliers of the ranks in nibble value v (0..15) is
 *   E_lo(v): ranks 0..3 (low nibble of an even byte), at most 142;
 *   E_hi(v): ranks 4..7 (high nibble of an even byte), below 2^16;
 *   O_lo(v): ranks 8..11 (low nibble of an odd byte), below 2^22;
 *   O_hi(v): rank 12 (bit 0 of the high nibble of an odd byte; its other
 *            bits are no card, and such a row never reaches the tables);
 * hr_mnib[t][v] is byte HR_MNIB_BYTE[t] of the table HR_MNIB_TABLE[t]:
 * the bytes that can be nonzero, each of every table once. */
enum { HR_MN_EL0, HR_MN_EH0, HR_MN_OL0, HR_MN_OH0, HR_MN_EH1, HR_MN_OL1, HR_MN_OH1,
       HR_MN_OL2, HR_MN_OH2, HR_MN_COUNT };
static uint8_t hr_mnib[HR_MN_COUNT][16];
/* Masks (hr_simd_masks16): byte i of the sum of the rank multipliers of
 * ranks 0..6 (hr_mlow: bit r of the index is rank r) and of ranks 7..12
 * (hr_mhigh: bit r is rank 7 + r), i = 0..2 (the sums are below 2^23). */
static uint8_t hr_mlow[3][128], hr_mhigh[3][64];

static void hr_simd_init(void)
{
    for (int k = 5; k <= 7; k++)
        for (int b = 0; b < 2; b++) {
            for (int i = 0; i < 32; i++) {
                const int h = (i & 15) >> 2, j = 4 * b + (i & 3), o = h * k + j;
                hr_shuf_a[k - 5][b][i] = j < k && o < 16 ? (uint8_t)o : 0x80;
                hr_shuf_b[k - 5][b][i] = j < k && o >= 16 ? (uint8_t)(o - 16) : 0x80;
            }
            for (int i = 0; i < 64; i++) {
                const int h = i >> 2, j = 4 * b + (i & 3);
                hr_perm_64[k - 5][b][i] = j < k ? (uint8_t)(h * k + j) : 0;
                hr_pad[k - 5][b][i] = j < k ? 0 : (uint8_t)(0x80 | (i & 3));
            }
        }
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < HR_NRANKS; r++) hr_mult_byte[i][r] = (uint8_t)(hr_rank_mult[r] >> (8 * i));
    for (int m = 0; m < 256; m++)
        for (int l = 0, n = 0; l < 8; l++)
            if (m >> l & 1) hr_lanes_of[m][n++] = (uint8_t)l;
    for (int v = 0; v < 16; v++) {
        uint32_t t[4] = {0, 0, 0, 0};   /* E_lo, E_hi, O_lo, O_hi of v */
        for (int b = 0; b < 4; b++)
            if (v >> b & 1) {
                t[0] += hr_rank_mult[b];
                t[1] += hr_rank_mult[4 + b];
                t[2] += hr_rank_mult[8 + b];
                if (b == 0) t[3] += hr_rank_mult[12];
            }
        static const uint8_t table[HR_MN_COUNT] = {0, 1, 2, 3, 1, 2, 3, 2, 3};
        static const uint8_t byte[HR_MN_COUNT] = {0, 0, 0, 0, 1, 1, 1, 2, 2};
        for (int i = 0; i < HR_MN_COUNT; i++)
            hr_mnib[i][v] = (uint8_t)(t[table[i]] >> (8 * byte[i]));
    }
    for (int x = 0; x < 128; x++) {
        uint32_t lo7 = 0, hi6 = 0;
        for (int r = 0; r < 7; r++)
            if (x >> r & 1) {
                lo7 += hr_rank_mult[r];
                if (r < 6) hi6 += hr_rank_mult[7 + r];
            }
        for (int i = 0; i < 3; i++) {
            hr_mlow[i][x] = (uint8_t)(lo7 >> (8 * i));
            if (x < 64) hr_mhigh[i][x] = (uint8_t)(hi6 >> (8 * i));
        }
    }
    for (int c = 0; c < 64; c++) {
        const int r = c >> 2 < 14 ? c >> 2 : 14, s = c & 3;
        hr_code_bit[c] = 1ULL << c;
        hr_code_pos[c] = (uint8_t)(16 * s + r);
        for (int i = 0; i < 3; i++) hr_code_mult[i][c] = c < HR_NCARDS ? hr_mult_byte[i][r] : 0;
        hr_code_suit[s >> 1][c] = c < HR_NCARDS ? (uint8_t)(1u << (4 * (s & 1))) : 0;
    }
}

/* A step's rows wait one step for their lookups, so that the loads of one
 * step overlap the vector work of the next; its special rows (bad rows,
 * flushes) then join a list, done by the scalar check and hr_value when the
 * list fills and at the end -- in row order, so the first bad row found is
 * the first of the batch.  The lists are row offsets from lo, made without
 * branches (hr_lanes_of below, or AVX-512's compress). */
#define HR_SPECIAL_CAP 256
/* How far ahead of a step's first row (bytes) the code loops prefetch their
 * input: a batch read from memory rather than cache (10^7 7-card rows, 70
 * MB) then costs about what one in cache does (docs/benchmarks.rst). */
#ifndef HR_PF_AHEAD
#define HR_PF_AHEAD 2048
#endif

#define HR_SIMD_LOOKUPS(key, row, base, n)                                            \
    do {                                                                              \
        for (int l_ = 0; l_ < (n); l_++) {                                            \
            int v_ = V[(key)[l_] + off[(row)[l_]]];                                   \
            if (QUAL) v_ = v_ >= ctx.qual ? v_ : -1;                                  \
            out[(base) + l_] = (int16_t)v_;                                           \
        }                                                                             \
    } while (0)
#define HR_SIMD_SPECIALS()                                                            \
    do {                                                                              \
        for (int j_ = 0; j_ < nspec; j_++) {                                          \
            const int64_t r_ = lo + spec[j_];                                         \
            if (hr_row_codes(&ctx, first, next, cards + r_ * K, K, MODE, QUAL, 0,     \
                             out + r_) && bad < 0)                                    \
                bad = r_;                                                             \
        }                                                                             \
        nspec = 0;                                                                    \
    } while (0)

/* The same for masks (hr_simd_masks8, hr_simd_masks16). */
#define HR_SIMD_SPECIALS_M()                                                          \
    do {                                                                              \
        for (int j_ = 0; j_ < nspec; j_++) {                                          \
            const int64_t r_ = lo + spec[j_];                                         \
            if (hr_row_mask(&ctx, invalid, masks[r_], MODE, QUAL, 0, out + r_) &&     \
                bad < 0)                                                              \
                bad = r_;                                                             \
        }                                                                             \
        nspec = 0;                                                                    \
    } while (0)

/* The frame of the four SIMD loops below (codes and masks, AVX2 and
 * AVX-512), each over rows [lo, hi) of K cards under the value context *c,
 * N rows a step.  HR_SIMD_FRAME(N) declares ctx (a local copy, so writes to
 * out cannot alias it), the hash tables of K cards (off, V), the first bad
 * row, the row and step counters, two steps of keys and hash rows, the
 * special rows' list (spec, nspec) and the step's special rows (pending, a
 * bit per row).  The AVX-512 frame adds the rows of the step (pending_n,
 * its last step may be short) and the lane numbers its lists are made of. */
#define HR_SIMD_FRAME(N)                                                              \
    const hr_vctx_t ctx = *c;                                                         \
    const int32_t *off = ctx.off[K];                                                  \
    const int16_t *V = ctx.V[K];                                                      \
    int64_t bad = -1, i = lo, step = 0;                                               \
    uint32_t keys[2][N], rows[2][N], spec[HR_SPECIAL_CAP + (N)], pending = 0;         \
    int nspec = 0
#define HR_AVX512_FRAME()                                                             \
    HR_SIMD_FRAME(16);                                                                \
    int pending_n = 16;                                                               \
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/* The lookups of the step before (its rows i - N ..), then its special rows
 * into the list: with AVX2 by hr_lanes_of, with AVX-512 by a compress. */
#define HR_AVX2_PENDING()                                                             \
    do {                                                                              \
        HR_SIMD_LOOKUPS(keys[(step - 1) & 1], rows[(step - 1) & 1], i - 8, 8);        \
        _mm256_storeu_si256(                                                          \
            (__m256i *)(spec + nspec),                                                \
            _mm256_add_epi32(_mm256_set1_epi32((int)(i - 8 - lo)),                    \
                             _mm256_cvtepu8_epi32(_mm_loadl_epi64(                    \
                                 (const __m128i *)hr_lanes_of[pending]))));           \
        nspec += hr_popcount64(pending);                                              \
    } while (0)
#define HR_AVX512_PENDING()                                                           \
    do {                                                                              \
        const int64_t base_ = i - 16;                                                 \
        if (HR_LIKELY(pending_n == 16))                                               \
            HR_SIMD_LOOKUPS(keys[(step - 1) & 1], rows[(step - 1) & 1], base_, 16);   \
        else                                                                          \
            HR_SIMD_LOOKUPS(keys[(step - 1) & 1], rows[(step - 1) & 1], base_, pending_n); \
        _mm512_storeu_si512((void *)(spec + nspec),                                   \
                            _mm512_maskz_compress_epi32(                              \
                                (__mmask16)pending,                                   \
                                _mm512_add_epi32(iota, _mm512_set1_epi32((int)(base_ - lo))))); \
        nspec += hr_popcount64(pending);                                              \
    } while (0)

/* The end of a step: its keys KEY (0 in its special rows) and their hash
 * rows kept for the next step, the step before looked up, this step's
 * special rows (the lanes not OK; with AVX-512 of its NR rows) noted, and
 * the list done by SPECIALS (HR_SIMD_SPECIALS or _M) when nearly full. */
#define HR_AVX2_STEP_END(KEY, OK, SPECIALS)                                           \
    do {                                                                              \
        _mm256_storeu_si256((__m256i *)keys[step & 1], (KEY));                        \
        _mm256_storeu_si256((__m256i *)rows[step & 1],                                \
                            _mm256_srli_epi32((KEY), HR_HASH_SHIFT(K)));              \
        if (step) HR_AVX2_PENDING();                                                  \
        pending = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(OK)) ^ 0xffu;      \
        if (nspec > HR_SPECIAL_CAP - 8) SPECIALS();                                   \
    } while (0)
#define HR_AVX512_STEP_END(KEY, OK, NR, SPECIALS)                                     \
    do {                                                                              \
        _mm512_storeu_si512((void *)keys[step & 1], (KEY));                           \
        _mm512_storeu_si512((void *)rows[step & 1],                                   \
                            _mm512_srli_epi32((KEY), HR_HASH_SHIFT(K)));              \
        if (step) HR_AVX512_PENDING();                                                \
        pending = (uint32_t)(~(OK) & ((1u << (NR)) - 1));                             \
        pending_n = (NR);                                                             \
        if (nspec > HR_SPECIAL_CAP - 16) SPECIALS();                                  \
    } while (0)
/* After the last step: its lookups, then the special rows left. */
#define HR_SIMD_DRAIN(PENDING, SPECIALS)                                              \
    do {                                                                              \
        if (step) PENDING();                                                          \
        SPECIALS();                                                                   \
    } while (0)

/* ------------------------------------------------------------------ */
/* AVX2: 8 hands per step                                               */

HR_AVX2_TARGET HR_INLINE int64_t hr_simd8(const hr_vctx_t *c, const hr_deck_t *D,
                                          const uint8_t *cards, int64_t lo, int64_t hi,
                                          const int K, const int MODE, const int QUAL,
                                          int16_t *out)
{
    HR_SIMD_FRAME(8);
    const hr_v2 *first = D->first, *next = D->next;
#define HR_LD16(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p)))
#define HR_LD32(p) _mm256_loadu_si256((const __m256i *)(p))
    const __m256i sa0 = HR_LD32(hr_shuf_a[K - 5][0]), sb0 = HR_LD32(hr_shuf_b[K - 5][0]);
    const __m256i sa1 = HR_LD32(hr_shuf_a[K - 5][1]), sb1 = HR_LD32(hr_shuf_b[K - 5][1]);
    const __m256i pad1 = HR_LD32(hr_pad[K - 5][1]);
    const __m256i ml = HR_LD16(hr_mult_byte[0]), mm = HR_LD16(hr_mult_byte[1]);
    const __m256i mh = HR_LD16(hr_mult_byte[2]);
    uint8_t nod[16];                   /* 0xff for a rank that is no card of the deck */
    for (int r = 0; r < 16; r++) nod[r] = r < HR_NRANKS && (D->ranks >> r & 1) ? 0 : 0xff;
    const __m256i offdeck = HR_LD16(nod);
    const __m256i suit01 = HR_LD16(hr_byte_shuffle[HR_BS_SUIT01]);
    const __m256i suit23 = HR_LD16(hr_byte_shuffle[HR_BS_SUIT23]);
    const __m256i rot8 = HR_LD16(hr_byte_shuffle[HR_BS_ROT8]);
    const __m256i r16 = HR_LD16(hr_byte_shuffle[HR_BS_ROT16]);
    const __m256i r24 = HR_LD16(hr_byte_shuffle[HR_BS_ROT24]);
    const __m256i bc0 = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                         0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    const __m256i b3f = _mm256_set1_epi8(0x3f), b3 = _mm256_set1_epi8(3);
    const __m256i b14 = _mm256_set1_epi8(14);
    const __m256i ones8 = _mm256_set1_epi8(1), ones16 = _mm256_set1_epi16(1);
    const __m256i w256 = _mm256_set1_epi16(256);
    const __m256i f3 = _mm256_set1_epi32(0x3333), f8 = _mm256_set1_epi32(0x8888);
    const __m256i zero = _mm256_setzero_si256();
#undef HR_LD16
#undef HR_LD32
    /* a step reads 4K + 32 >= 8K bytes from its first row: steps start
     * before `end` */
    const int64_t end = hi - (4 * K + 32 + K - 1) / K + 1;
    for (; i < end; i += 8, step++) {
        const uint8_t *p = cards + i * K;
        _mm_prefetch((const char *)(p + HR_PF_AHEAD), _MM_HINT_T0);
        const __m256i A = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p)),
            _mm_loadu_si128((const __m128i *)(p + 4 * K)), 1);
        const __m256i B = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p + 16))),
            _mm_loadu_si128((const __m128i *)(p + 4 * K + 16)), 1);
        /* per block: X the codes (one byte per card, four per lane), R the
         * ranks (14 for codes >= 56), S the suits, P = 16 S + R; in block 1
         * the bytes of missing cards are pads: 0x80 | t in R and P (so table
         * shuffles give 0), 0x80 in S */
        const __m256i X0 = _mm256_or_si256(_mm256_shuffle_epi8(A, sa0), _mm256_shuffle_epi8(B, sb0));
        const __m256i X1 = _mm256_or_si256(_mm256_shuffle_epi8(A, sa1), _mm256_shuffle_epi8(B, sb1));
        const __m256i R0 = _mm256_min_epu8(_mm256_and_si256(_mm256_srli_epi32(X0, 2), b3f), b14);
        const __m256i R1 = _mm256_or_si256(
            _mm256_min_epu8(_mm256_and_si256(_mm256_srli_epi32(X1, 2), b3f), b14), pad1);
        const __m256i S0 = _mm256_and_si256(X0, b3), S1 = _mm256_and_si256(X1, b3);
        const __m256i P0 = _mm256_or_si256(R0, _mm256_slli_epi32(S0, 4));
        const __m256i P1 = _mm256_or_si256(R1, _mm256_slli_epi32(S1, 4));
        /* bad bytes: a card off the deck, or equal to another card of its hand */
        __m256i badb = _mm256_or_si256(_mm256_shuffle_epi8(offdeck, R0),
                                       _mm256_shuffle_epi8(offdeck, R1));
        badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P0, _mm256_shuffle_epi8(P0, rot8)));
        badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P0, _mm256_shuffle_epi8(P0, r16)));
        if (K == 5) {
            badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P0, _mm256_shuffle_epi8(P1, bc0)));
        } else {
            const __m256i P1a = _mm256_shuffle_epi8(P1, rot8), P1b = _mm256_shuffle_epi8(P1, r16);
            badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P1, P1a));
            badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P1, P1b));
            badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P0, P1));
            badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P0, P1a));
            badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P0, P1b));
            badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(P0, _mm256_shuffle_epi8(P1, r24)));
        }
        /* rank key: each multiplier byte summed over the lane's cards */
        const __m256i wl = _mm256_add_epi16(
            _mm256_maddubs_epi16(_mm256_shuffle_epi8(ml, R0), ones8),
            _mm256_maddubs_epi16(_mm256_shuffle_epi8(ml, R1), ones8));
        const __m256i wm = _mm256_add_epi16(
            _mm256_maddubs_epi16(_mm256_shuffle_epi8(mm, R0), ones8),
            _mm256_maddubs_epi16(_mm256_shuffle_epi8(mm, R1), ones8));
        const __m256i wh = _mm256_add_epi16(
            _mm256_maddubs_epi16(_mm256_shuffle_epi8(mh, R0), ones8),
            _mm256_maddubs_epi16(_mm256_shuffle_epi8(mh, R1), ones8));
        const __m256i rk = _mm256_add_epi32(
            _mm256_add_epi32(_mm256_madd_epi16(wl, ones16), _mm256_madd_epi16(wm, w256)),
            _mm256_slli_epi32(_mm256_madd_epi16(wh, ones16), 16));
        __m256i ok = _mm256_cmpeq_epi32(badb, zero);
        if (MODE != HR_MODE_IGNORE) {
            /* suit counters, a nibble per suit; a suit with five or more
             * cards sets bit 3 of its nibble once 3 is added */
            const __m256i S1p = _mm256_or_si256(S1, pad1);
            const __m256i qa = _mm256_add_epi8(_mm256_shuffle_epi8(suit01, S0),
                                               _mm256_shuffle_epi8(suit01, S1p));
            const __m256i qb = _mm256_add_epi8(_mm256_shuffle_epi8(suit23, S0),
                                               _mm256_shuffle_epi8(suit23, S1p));
            const __m256i q = _mm256_madd_epi16(
                _mm256_or_si256(_mm256_maddubs_epi16(qa, ones8),
                                _mm256_slli_epi16(_mm256_maddubs_epi16(qb, ones8), 8)),
                ones16);
            const __m256i fl = _mm256_and_si256(_mm256_add_epi32(q, f3), f8);
            ok = _mm256_andnot_si256(_mm256_cmpgt_epi32(fl, zero), ok);
        }
        const __m256i key = _mm256_and_si256(rk, ok);
        HR_AVX2_STEP_END(key, ok, HR_SIMD_SPECIALS);
    }
    HR_SIMD_DRAIN(HR_AVX2_PENDING, HR_SIMD_SPECIALS);
    for (; i < hi; i++)
        if (hr_row_codes(&ctx, first, next, cards + i * K, K, MODE, QUAL, 0, out + i) && bad < 0)
            bad = i;
    return bad;
}

/* ------------------------------------------------------------------ */
/* Masks, AVX2: 8 hands per step                                        */

/* Rows [lo, hi) of hand masks, 8 per step in two vectors of four 64-bit
 * masks, under the same precondition as the code loops plus k = K for the
 * rows the step values (K = 5..7 within the rule set's kmin..kmax).  For
 * each mask, without memory lookups:
 *   - validity: no bit of ~valid_bits (jokers, bits above the deck's cards)
 *     and popcount == K (nibble popcounts, summed by vpsadbw);
 *   - the suit counts (the nibble popcounts summed per 16-bit suit lane),
 *     hence whether a suit holds five (where flushes count);
 *   - the rank key, the sum of hr_rank_mult over the mask's ranks: the
 *     multiplier sums of each nibble (hr_mnib, byte shuffles on the mask's
 *     nibbles) summed per mask by vpsadbw, one byte of the sums at a time.
 * Rows that fail any of these -- a bad row, a flush, a row of another size
 * -- are special rows, done by hr_row_mask (the scalar check and hr_value,
 * any size) in row order, as in the code loops. */
HR_AVX2_TARGET HR_INLINE int64_t hr_simd_masks8(const hr_vctx_t *c, const hr_deck_t *D,
                                                const uint64_t *masks, int64_t lo,
                                                int64_t hi, const int K, const int MODE,
                                                const int QUAL, int16_t *out)
{
    HR_SIMD_FRAME(8);
    const uint64_t invalid = ~D->valid_bits;
#define HR_LD16(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p)))
    const __m256i el0 = HR_LD16(hr_mnib[HR_MN_EL0]), eh0 = HR_LD16(hr_mnib[HR_MN_EH0]);
    const __m256i ol0 = HR_LD16(hr_mnib[HR_MN_OL0]), oh0 = HR_LD16(hr_mnib[HR_MN_OH0]);
    const __m256i eh1 = HR_LD16(hr_mnib[HR_MN_EH1]), ol1 = HR_LD16(hr_mnib[HR_MN_OL1]);
    const __m256i oh1 = HR_LD16(hr_mnib[HR_MN_OH1]), ol2 = HR_LD16(hr_mnib[HR_MN_OL2]);
    const __m256i oh2 = HR_LD16(hr_mnib[HR_MN_OH2]);
#undef HR_LD16
    const __m256i pc = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i odd = _mm256_set1_epi16((short)0x8000);   /* 0x80 in odd bytes */
    const __m256i even = _mm256_set1_epi16(0x0080);         /* 0x80 in even bytes */
    const __m256i nib = _mm256_set1_epi8(0x0f), ones8 = _mm256_set1_epi8(1);
    const __m256i w3 = _mm256_set1_epi16(3), w8 = _mm256_set1_epi16(8);
    const __m256i inv = _mm256_set1_epi64x((long long)invalid);
    const __m256i kk = _mm256_set1_epi64x(K), zero = _mm256_setzero_si256();
    /* four masks: ok (all ones in a valid plain lane) and the rank key, in
     * the low 32 bits of each 64-bit lane */
#define HR_MASKS4(M, OK, KEY)                                                         \
    do {                                                                              \
        const __m256i l_ = _mm256_and_si256((M), nib);                                \
        const __m256i h_ = _mm256_and_si256(_mm256_srli_epi16((M), 4), nib);          \
        const __m256i le_ = _mm256_or_si256(l_, odd), lo_ = _mm256_or_si256(l_, even); \
        const __m256i he_ = _mm256_or_si256(h_, odd), ho_ = _mm256_or_si256(h_, even); \
        const __m256i n_ = _mm256_add_epi8(_mm256_shuffle_epi8(pc, l_),               \
                                           _mm256_shuffle_epi8(pc, h_));              \
        __m256i ok_ = _mm256_and_si256(                                               \
            _mm256_cmpeq_epi64(_mm256_sad_epu8(n_, zero), kk),                        \
            _mm256_cmpeq_epi64(_mm256_and_si256((M), inv), zero));                    \
        if (MODE != HR_MODE_IGNORE) {                                                 \
            const __m256i s_ = _mm256_maddubs_epi16(n_, ones8); /* suit counts */     \
            ok_ = _mm256_and_si256(ok_, _mm256_cmpeq_epi64(                           \
                _mm256_and_si256(_mm256_add_epi16(s_, w3), w8), zero));               \
        }                                                                             \
        const __m256i d0_ = _mm256_add_epi64(                                         \
            _mm256_sad_epu8(_mm256_or_si256(_mm256_shuffle_epi8(el0, le_),            \
                                            _mm256_shuffle_epi8(ol0, lo_)), zero),    \
            _mm256_sad_epu8(_mm256_or_si256(_mm256_shuffle_epi8(eh0, he_),            \
                                            _mm256_shuffle_epi8(oh0, ho_)), zero));   \
        const __m256i d1_ = _mm256_add_epi64(                                         \
            _mm256_sad_epu8(_mm256_shuffle_epi8(ol1, lo_), zero),                     \
            _mm256_sad_epu8(_mm256_or_si256(_mm256_shuffle_epi8(eh1, he_),            \
                                            _mm256_shuffle_epi8(oh1, ho_)), zero));   \
        /* byte 2: O_lo's at most 38, O_hi's 52: their sum fits a byte */             \
        const __m256i d2_ = _mm256_sad_epu8(                                          \
            _mm256_add_epi8(_mm256_shuffle_epi8(ol2, lo_), _mm256_shuffle_epi8(oh2, ho_)), \
            zero);                                                                    \
        (KEY) = _mm256_and_si256(                                                     \
            _mm256_add_epi64(_mm256_add_epi64(d0_, _mm256_slli_epi64(d1_, 8)),        \
                             _mm256_slli_epi64(d2_, 16)),                             \
            ok_);                                                                     \
        (OK) = ok_;                                                                   \
    } while (0)
    for (; i + 8 <= hi; i += 8, step++) {
        const __m256i M0 = _mm256_loadu_si256((const __m256i *)(masks + i));
        const __m256i M1 = _mm256_loadu_si256((const __m256i *)(masks + i + 4));
        __m256i ok0, ok1, k0, k1;
        HR_MASKS4(M0, ok0, k0);
        HR_MASKS4(M1, ok1, k1);
        /* the low 32 bits of the 64-bit lanes, back in row order */
#define HR_LOW32(a, b)                                                                \
    _mm256_permute4x64_epi64(                                                         \
        _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a),                 \
                                              _mm256_castsi256_ps(b), 0x88)), 0xd8)
        const __m256i key = HR_LOW32(k0, k1), ok = HR_LOW32(ok0, ok1);
#undef HR_LOW32
        HR_AVX2_STEP_END(key, ok, HR_SIMD_SPECIALS_M);
    }
#undef HR_MASKS4
    HR_SIMD_DRAIN(HR_AVX2_PENDING, HR_SIMD_SPECIALS_M);
    for (; i < hi; i++)
        if (hr_row_mask(&ctx, invalid, masks[i], MODE, QUAL, 0, out + i) && bad < 0) bad = i;
    return bad;
}

/* ------------------------------------------------------------------ */
/* AVX-512 (with VBMI, VNNI and BITALG): 16 hands per step              */

HR_AVX512_TARGET HR_INLINE int64_t hr_simd16(const hr_vctx_t *c, const hr_deck_t *D,
                                             const uint8_t *cards, int64_t lo, int64_t hi,
                                             const int K, const int MODE, const int QUAL,
                                             int16_t *out)
{
    HR_AVX512_FRAME();
    const hr_v2 *first = D->first, *next = D->next;
#define HR_LD64(p) _mm512_loadu_si512((const void *)(p))
    const __m512i perm0 = HR_LD64(hr_perm_64[K - 5][0]), perm1 = HR_LD64(hr_perm_64[K - 5][1]);
    const __m512i pad1 = HR_LD64(hr_pad[K - 5][1]);
    const __m512i cpos = HR_LD64(hr_code_pos);
    const __m512i cml = HR_LD64(hr_code_mult[0]), cmm = HR_LD64(hr_code_mult[1]);
    const __m512i cmh = HR_LD64(hr_code_mult[2]);
    const __m512i cs01 = HR_LD64(hr_code_suit[0]), cs23 = HR_LD64(hr_code_suit[1]);
#undef HR_LD64
    const __m512i zero = _mm512_setzero_si512();
    const __mmask64 real1 = _mm512_cmpeq_epi8_mask(pad1, zero);  /* block 1 bytes that are cards */
    const __m512i valid = _mm512_set1_epi64((long long)D->valid_bits);
    const __m512i b63 = _mm512_set1_epi8(63), ones8 = _mm512_set1_epi8(1);
    const __m512i bc0 = _mm512_broadcast_i32x4(
        _mm_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12));
    const __m512i f3 = _mm512_set1_epi32(0x3333);
    const __m512i f8 = _mm512_set1_epi32(0x8888);
    for (; i < hi; i += 16, step++) {
        const int n = hi - i < 16 ? (int)(hi - i) : 16, nb = n * K;
        const uint8_t *p = cards + i * K;
        _mm_prefetch((const char *)(p + HR_PF_AHEAD), _MM_HINT_T0);
        _mm_prefetch((const char *)(p + HR_PF_AHEAD + 64), _MM_HINT_T0);
        const __mmask64 m0 = nb >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << nb) - 1;
        const __mmask64 m1 = nb <= 64 ? 0 : ((__mmask64)1 << (nb - 64)) - 1;   /* nb <= 112 */
        const __m512i Z0 = _mm512_maskz_loadu_epi8(m0, p);
        const __m512i Z1 = _mm512_maskz_loadu_epi8(m1, p + 64);
        /* per block: C the codes (one byte per card, four per lane, >= 63
         * as 63), P their mask bit positions; in block 1 the bytes of missing
         * cards are pads (hr_pad) in P and give 0 from the tables */
        const __m512i C0 = _mm512_min_epu8(_mm512_permutex2var_epi8(Z0, perm0, Z1), b63);
        const __m512i C1 = _mm512_min_epu8(_mm512_permutex2var_epi8(Z0, perm1, Z1), b63);
        const __m512i P0 = _mm512_permutexvar_epi8(C0, cpos);
        const __m512i P1 = _mm512_mask_permutexvar_epi8(pad1, real1, C1, cpos);
        /* bad bytes: a card whose bit is no valid bit, or equal to another
         * card of its hand */
        __mmask64 kb = ~(_mm512_bitshuffle_epi64_mask(valid, P0) &
                         (_mm512_bitshuffle_epi64_mask(valid, P1) | ~real1));
        kb |= _mm512_cmpeq_epi8_mask(P0, _mm512_rol_epi32(P0, 8));
        kb |= _mm512_cmpeq_epi8_mask(P0, _mm512_rol_epi32(P0, 16));
        if (K == 5) {
            kb |= _mm512_cmpeq_epi8_mask(P0, _mm512_shuffle_epi8(P1, bc0));
        } else {
            const __m512i P1a = _mm512_rol_epi32(P1, 8), P1b = _mm512_rol_epi32(P1, 16);
            kb |= _mm512_cmpeq_epi8_mask(P1, P1a) | _mm512_cmpeq_epi8_mask(P1, P1b);
            kb |= _mm512_cmpeq_epi8_mask(P0, P1) | _mm512_cmpeq_epi8_mask(P0, P1a);
            kb |= _mm512_cmpeq_epi8_mask(P0, P1b) |
                  _mm512_cmpeq_epi8_mask(P0, _mm512_rol_epi32(P1, 24));
        }
        const __m512i badb = _mm512_movm_epi8(kb);
        __mmask16 ok = _mm512_testn_epi32_mask(badb, badb);
        /* rank key: each multiplier byte summed over the lane's cards */
#define HR_SUM_BYTES(T)                                                               \
    _mm512_dpbusd_epi32(_mm512_dpbusd_epi32(zero, _mm512_permutexvar_epi8(C0, T), ones8), \
                        _mm512_maskz_permutexvar_epi8(real1, C1, T), ones8)
        const __m512i rk = _mm512_add_epi32(
            _mm512_add_epi32(HR_SUM_BYTES(cml), _mm512_slli_epi32(HR_SUM_BYTES(cmm), 8)),
            _mm512_slli_epi32(HR_SUM_BYTES(cmh), 16));
        if (MODE != HR_MODE_IGNORE) {
            /* suit counters, a nibble per suit; a suit with five or more
             * cards sets bit 3 of its nibble once 3 is added */
            const __m512i q = _mm512_or_si512(HR_SUM_BYTES(cs01),
                                              _mm512_slli_epi32(HR_SUM_BYTES(cs23), 8));
            ok &= _mm512_testn_epi32_mask(_mm512_add_epi32(q, f3), f8);
        }
#undef HR_SUM_BYTES
        const __m512i key = _mm512_maskz_mov_epi32(ok, rk);
        HR_AVX512_STEP_END(key, ok, n, HR_SIMD_SPECIALS);
    }
    HR_SIMD_DRAIN(HR_AVX512_PENDING, HR_SIMD_SPECIALS);
    return bad;
}

/* ------------------------------------------------------------------ */
/* Masks, AVX-512 (with BITALG): 16 hands per step                      */

/* hr_simd_masks8's loop (its precondition, checks and special rows) with
 * two vectors of eight masks a step: the popcounts per byte and per suit
 * lane come from BITALG's vpopcntb / vpopcntw, the checks are mask
 * registers, and the rank key is made with VBMI: vpmultishiftqb takes each
 * suit's ranks 0..6 (7 bits) to an even byte and its ranks 7..12 to the
 * next odd byte; table permutes (hr_mlow, 128 entries, for even bytes;
 * hr_mhigh, 64, for odd ones) give each byte of those ranks' multiplier
 * sums, and vpsadbw adds each byte plane over the mask. */
HR_AVX512_TARGET HR_INLINE int64_t hr_simd_masks16(const hr_vctx_t *c, const hr_deck_t *D,
                                                   const uint64_t *masks, int64_t lo,
                                                   int64_t hi, const int K, const int MODE,
                                                   const int QUAL, int16_t *out)
{
    HR_AVX512_FRAME();
    const uint64_t invalid = ~D->valid_bits;
#define HR_LD64(p) _mm512_loadu_si512((const void *)(p))
    const __m512i l0a = HR_LD64(hr_mlow[0]), l0b = HR_LD64(hr_mlow[0] + 64);
    const __m512i l1a = HR_LD64(hr_mlow[1]), l1b = HR_LD64(hr_mlow[1] + 64);
    const __m512i l2a = HR_LD64(hr_mlow[2]), l2b = HR_LD64(hr_mlow[2] + 64);
    const __m512i h0 = HR_LD64(hr_mhigh[0]), h1 = HR_LD64(hr_mhigh[1]);
    const __m512i h2 = HR_LD64(hr_mhigh[2]);
#undef HR_LD64
    /* byte 2s of each lane: bits 16s.. (ranks 0..6 of suit s); 2s + 1: 16s + 7.. */
    const __m512i fields = _mm512_set1_epi64(0x3730272017100700LL);
    const __mmask64 evens = 0x5555555555555555ULL, odds = ~evens;
    const __m512i w3 = _mm512_set1_epi16(3), w8 = _mm512_set1_epi16(8);
    const __m512i inv = _mm512_set1_epi64((long long)invalid);
    const __m512i kk = _mm512_set1_epi64(K), zero = _mm512_setzero_si512();
    /* eight masks: OK, the lanes valid and plain, and KEY, their rank keys
     * (32 bits each, in row order) */
#define HR_PLANE(LA, LB, H, X)                                                        \
    _mm512_sad_epu8(_mm512_mask_permutexvar_epi8(                                     \
                        _mm512_maskz_permutex2var_epi8(evens, (LA), (X), (LB)),       \
                        odds, (X), (H)), zero)
#define HR_MASKS8(M, OK, KEY)                                                         \
    do {                                                                              \
        __mmask8 ok_ = _mm512_cmpeq_epi64_mask(                                       \
                           _mm512_sad_epu8(_mm512_popcnt_epi8(M), zero), kk) &        \
                       _mm512_testn_epi64_mask((M), inv);                             \
        if (MODE != HR_MODE_IGNORE)   /* a suit of five: bit 3 of its count + 3 */    \
            ok_ &= _mm512_testn_epi64_mask(_mm512_add_epi16(_mm512_popcnt_epi16(M), w3), w8); \
        const __m512i x_ = _mm512_multishift_epi64_epi8(fields, (M));                 \
        (KEY) = _mm512_cvtepi64_epi32(_mm512_add_epi64(                               \
            _mm512_add_epi64(HR_PLANE(l0a, l0b, h0, x_),                              \
                             _mm512_slli_epi64(HR_PLANE(l1a, l1b, h1, x_), 8)),       \
            _mm512_slli_epi64(HR_PLANE(l2a, l2b, h2, x_), 16)));                      \
        (OK) = ok_;                                                                   \
    } while (0)
    for (; i + 16 <= hi; i += 16, step++) {
        const __m512i M0 = _mm512_loadu_si512((const void *)(masks + i));
        const __m512i M1 = _mm512_loadu_si512((const void *)(masks + i + 8));
        __mmask8 ok0, ok1;
        __m256i k0, k1;
        HR_MASKS8(M0, ok0, k0);
        HR_MASKS8(M1, ok1, k1);
        const __mmask16 ok = (__mmask16)(ok0 | (unsigned)ok1 << 8);
        const __m512i key = _mm512_maskz_mov_epi32(
            ok, _mm512_inserti64x4(_mm512_castsi256_si512(k0), k1, 1));
        HR_AVX512_STEP_END(key, ok, 16, HR_SIMD_SPECIALS_M);
    }
#undef HR_MASKS8
#undef HR_PLANE
    HR_SIMD_DRAIN(HR_AVX512_PENDING, HR_SIMD_SPECIALS_M);
    for (; i < hi; i++)
        if (hr_row_mask(&ctx, invalid, masks[i], MODE, QUAL, 0, out + i) && bad < 0) bad = i;
    return bad;
}

#endif /* HR_MULTIVERSION */
#endif /* HANDRANK_HR_SIMD_H */
