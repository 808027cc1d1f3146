/*
 * handrank dealing and draws: seeded random hands, written straight into
 * uint8 codes or uint64 masks, and the draw step of draw games.
 *
 * Random streams.  Rows are cut into blocks of HR_DEAL_BLOCK; the stream of
 * block b is seeded from (seed, kind of call, b) alone, so a result depends
 * on the seed and the inputs, never on how blocks are spread over threads or
 * over calls (the caller always passes whole blocks).  Inside a block the
 * rows take their draws one after another from the block's stream.
 *
 * The generator is splitmix64 (Steele, Lea and Flood 2014); each 64-bit
 * output gives four 16-bit draws, and a draw in [0, n) is Lemire's
 * multiply-shift with rejection, so it is exactly uniform.
 *
 * The callers pass a thread count already resolved (hr_team); the blocks
 * run on it through hr_rows (hr_rows.h), serially without OpenMP.
 */
#ifndef HANDRANK_HR_DEAL_H
#define HANDRANK_HR_DEAL_H

#include <string.h>

#include "../base/hr_core.h"
#include "../base/hr_rows.h"

#define HR_DEAL_BLOCK 2048        /* rows per random stream; part of the stream definition */
#define HR_DEAL_MAX_GROUPS 64     /* most groups of cards in one deal */
#define HR_DEAL_TAG 0x6C8E9CF570932BD5ULL     /* kinds of call: their streams differ */
#define HR_REDRAW_TAG 0x3C6EF372FE94F82BULL

/* The mask bit of each code 0..53 (jokers: bits 13 and 29). */
static const uint64_t hr_deal_bit[54] = {
#define HR_DB_(r) 1ULL << (r), 1ULL << (16 + (r)), 1ULL << (32 + (r)), 1ULL << (48 + (r))
    HR_DB_(0), HR_DB_(1), HR_DB_(2), HR_DB_(3), HR_DB_(4), HR_DB_(5), HR_DB_(6),
    HR_DB_(7), HR_DB_(8), HR_DB_(9), HR_DB_(10), HR_DB_(11), HR_DB_(12),
#undef HR_DB_
    1ULL << 13, 1ULL << 29,
};

/* The code of a mask bit 0..63 (no card: 255). */
HR_INLINE uint8_t hr_deal_code_of_bit(int b)
{
    const int suit = b >> 4, rank = b & 15;
    if (rank < 13) return (uint8_t)(4 * rank + suit);
    if (b == 13) return 52;
    if (b == 29) return 53;
    return 255;
}

/* ------------------------------------------------------------------ */
/* The generator                                                        */

typedef struct {
    uint64_t state;   /* splitmix64 counter */
    uint64_t word;    /* unused 16-bit pieces of the last output */
    int left;         /* how many */
} hr_rng_t;

HR_INLINE uint64_t hr_rng_mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The generator of block `block` of a call of kind `tag` with this seed. */
HR_INLINE void hr_rng_block(hr_rng_t *g, uint64_t seed, uint64_t tag, int64_t block)
{
    uint64_t s = seed ^ tag;
    const uint64_t a = hr_rng_mix(&s);
    s = a ^ ((uint64_t)block * 0xD1B54A32D192ED03ULL);
    g->state = hr_rng_mix(&s);
    g->word = 0;
    g->left = 0;
}

HR_INLINE uint32_t hr_rng_16(hr_rng_t *g)
{
    if (HR_UNLIKELY(g->left == 0)) {
        g->word = hr_rng_mix(&g->state);
        g->left = 4;
    }
    const uint32_t v = (uint32_t)(g->word & 0xFFFF);
    g->word >>= 16;
    g->left--;
    return v;
}

/* A uniform integer in [0, n), 1 <= n <= 64, exactly (Lemire 2019: a 16-bit
 * draw times n; the low 16 bits decide rare rejections). */
HR_INLINE int hr_rng_below(hr_rng_t *g, uint32_t n)
{
    uint32_t m = hr_rng_16(g) * n;
    if (HR_UNLIKELY((m & 0xFFFF) < n)) {
        const uint32_t t = (65536u - n) % n;       /* 2^16 mod n */
        while ((m & 0xFFFF) < t) m = hr_rng_16(g) * n;
    }
    return (int)(m >> 16);
}

/* ------------------------------------------------------------------ */
/* Dealing                                                              */

/* Deal block b (rows [b*B, min((b+1)*B, n)), B = HR_DEAL_BLOCK) of a deal
 * of n rows: each row is kt distinct cards drawn from deck[0..nd) (distinct
 * codes 0..53, kt <= nd <= 54) by a partial Fisher-Yates shuffle, in the
 * order drawn; the first widths[0] go to group 0, the next widths[1] to
 * group 1, and so on (sum of widths = kt).  With masks = 0, outs[g] is an
 * (n, widths[g]) C-contiguous uint8 array; with masks = 1 an (n,) uint64
 * array of the group's cards as masks.  (Arguments by value: the loop keeps
 * them in registers, which stores through uint8_t pointers would otherwise
 * force it to reload.) */
static void hr_deal_block(const uint8_t *deck, int nd, int kt, uint64_t seed, int64_t b,
                          int64_t n, void *const *outs, const int *widths, int ngroups,
                          int masks)
{
    const int64_t lo = b * HR_DEAL_BLOCK;
    const int64_t hi = n - lo < HR_DEAL_BLOCK ? n : lo + HR_DEAL_BLOCK;
    uint8_t d[54];
    hr_rng_t rng;
    memcpy(d, deck, (size_t)nd);
    hr_rng_block(&rng, seed, HR_DEAL_TAG, b);
    uint8_t *const out0 = (uint8_t *)outs[0];
    for (int64_t row = lo; row < hi; row++) {
        /* Every row starts from the deck the previous row left: a partial
         * Fisher-Yates shuffle of any order of the deck gives a uniform
         * ordered draw, so the rows are independent and uniform. */
        for (int i = 0; i < kt; i++) {
            const int r = i + hr_rng_below(&rng, (uint32_t)(nd - i));
            const uint8_t c = d[r];
            d[r] = d[i];
            d[i] = c;
        }
        if (!masks && ngroups == 1) {
            memcpy(out0 + row * kt, d, (size_t)kt);
        } else {
            int at = 0;
            for (int g = 0; g < ngroups; g++) {
                const int w = widths[g];
                if (masks) {
                    uint64_t m = 0;
                    for (int i = 0; i < w; i++) m |= hr_deal_bit[d[at + i]];
                    ((uint64_t *)outs[g])[row] = m;
                } else {
                    uint8_t *o = (uint8_t *)outs[g] + row * w;
                    for (int i = 0; i < w; i++) o[i] = d[at + i];
                }
                at += w;
            }
        }
    }
}

/* A deal's arguments, for its parts (hr_rows): the rows of whole blocks. */
typedef struct {
    const uint8_t *deck;
    int nd, kt;
    uint64_t seed;
    int64_t n;
    void *const *outs;
    const int *widths;
    int ngroups, masks;
} hr_deal_args_t;

static int64_t hr_deal_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_deal_args_t *a = (const hr_deal_args_t *)arg;
    for (int64_t b = lo / HR_DEAL_BLOCK; b * HR_DEAL_BLOCK < hi; b++)
        hr_deal_block(a->deck, a->nd, a->kt, a->seed, b, a->n, a->outs, a->widths, a->ngroups,
                      a->masks);
    return -1;
}

/* Deal blocks [b0, b1) (see hr_deal_block; ngroups <= HR_DEAL_MAX_GROUPS)
 * on `team` threads, as returned by hr_team (1 = this thread only). */
static void hr_deal_blocks(const uint8_t *deck, int nd, uint64_t seed, int64_t b0, int64_t b1,
                           int64_t n, void *const *outs, const int *widths, int ngroups,
                           int masks, int team)
{
    int kt = 0;
    for (int g = 0; g < ngroups; g++) kt += widths[g];
    const hr_deal_args_t a = {deck, nd, kt, seed, n, outs, widths, ngroups, masks};
    const int64_t hi = b1 * HR_DEAL_BLOCK < n ? b1 * HR_DEAL_BLOCK : n;
    hr_rows(hr_deal_part, &a, b0 * HR_DEAL_BLOCK, hi, HR_DEAL_BLOCK, team);
}

/* ------------------------------------------------------------------ */
/* Draws                                                                */

/* The number of set bits in each byte of x, in that byte (SWAR: the build
 * assumes no POPCNT instruction). */
HR_INLINE uint64_t hr_byte_counts(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
}

HR_INLINE int hr_deal_popcount(uint64_t x)
{
    return (int)((hr_byte_counts(x) * 0x0101010101010101ULL) >> 56);
}

/* hr_select8[b][j]: the position of the j-th (from 0) set bit of byte b. */
static uint8_t hr_select8[256][8];

static void hr_deal_init(void)
{
    for (int b = 0; b < 256; b++) {
        int j = 0;
        for (int q = 0; q < 8; q++)
            if (b >> q & 1) hr_select8[b][j++] = (uint8_t)q;
    }
}

/* The bit of the j-th (from 0) set bit of x; 0 <= j < popcount(x). */
HR_INLINE int hr_select_bit(uint64_t x, int j)
{
    const uint64_t c = hr_byte_counts(x);
    /* prefix[i] = set bits in bytes 0..i (each at most 64: no carries) */
    const uint64_t prefix = c * 0x0101010101010101ULL;
    int byte = 0;
    while (byte < 7 && (int)(prefix >> (8 * byte) & 0xFF) <= j) byte++;
    const int before = byte ? (int)(prefix >> (8 * (byte - 1)) & 0xFF) : 0;
    return 8 * byte + hr_select8[x >> (8 * byte) & 0xFF][j - before];
}

/* Check the rows [lo, hi) of a draw: n hands of k codes (C-contiguous),
 * each code in `deck` (a mask of the cards in play: the deck minus dead
 * cards), no card twice in a row, and enough cards left for the row's
 * discards.  dead_rows, when not NULL, holds one more mask of dead cards per
 * row.  discard is (n, k) when per_row, else (k,) for every row (nonzero =
 * replace).  Returns the first bad row or -1. */
HR_INLINE int64_t hr_redraw_check(const uint8_t *hands, int k, const uint8_t *discard,
                                  int per_row, uint64_t deck, const uint64_t *dead_rows,
                                  int64_t lo, int64_t hi)
{
    for (int64_t row = lo; row < hi; row++) {
        const uint8_t *h = hands + row * k;
        const uint8_t *dis = per_row ? discard + row * k : discard;
        const uint64_t live = dead_rows ? deck & ~dead_rows[row] : deck;
        uint64_t used = 0;
        int m = 0;
        for (int i = 0; i < k; i++) {
            if (h[i] > 53) return row;
            const uint64_t bit = hr_deal_bit[h[i]];
            if ((used & bit) || !(live & bit)) return row;
            used |= bit;
            m += dis[i] != 0;
        }
        if (m > hr_deal_popcount(live & ~used)) return row;
    }
    return -1;
}

/* Draw block b (rows [b*B, min((b+1)*B, n)), B = HR_DEAL_BLOCK) of a draw
 * of n rows (see hr_redraw_blocks).  (Arguments by value, as for
 * hr_deal_block.) */
static void hr_redraw_block(const uint8_t *hands, int k, const uint8_t *discard, int per_row,
                            uint64_t deck, const uint64_t *dead_rows, uint64_t seed, int64_t b,
                            int64_t n, uint8_t *out)
{
    const int64_t lo = b * HR_DEAL_BLOCK;
    const int64_t hi = n - lo < HR_DEAL_BLOCK ? n : lo + HR_DEAL_BLOCK;
    hr_rng_t rng;
    hr_rng_block(&rng, seed, HR_REDRAW_TAG, b);
    for (int64_t row = lo; row < hi; row++) {
        const uint8_t *h = hands + row * k;
        const uint8_t *dis = per_row ? discard + row * k : discard;
        uint8_t *o = out + row * k;
        uint64_t used = 0;
        int bad = 0;
        for (int i = 0; i < k; i++) {
            if (h[i] > 53) { bad = 1; break; }
            used |= hr_deal_bit[h[i]];
        }
        uint64_t left = (dead_rows ? deck & ~dead_rows[row] : deck) & ~used;
        int nleft = hr_deal_popcount(left);
        memcpy(o, h, (size_t)k);
        if (bad) continue;
        for (int i = 0; i < k; i++) {
            if (!dis[i] || nleft == 0) continue;
            const int bit = hr_select_bit(left, hr_rng_below(&rng, (uint32_t)nleft));
            left &= ~(1ULL << bit);
            nleft--;
            o[i] = hr_deal_code_of_bit(bit);
        }
    }
}

/* A draw's arguments, for its parts (hr_rows): the rows of whole blocks. */
typedef struct {
    const uint8_t *hands, *discard;
    int k, per_row;
    uint64_t deck;
    const uint64_t *dead_rows;
    uint64_t seed;
    int64_t n;
    uint8_t *out;
} hr_redraw_args_t;

static int64_t hr_redraw_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_redraw_args_t *a = (const hr_redraw_args_t *)arg;
    for (int64_t b = lo / HR_DEAL_BLOCK; b * HR_DEAL_BLOCK < hi; b++)
        hr_redraw_block(a->hands, a->k, a->discard, a->per_row, a->deck, a->dead_rows, a->seed, b,
                        a->n, a->out);
    return -1;
}

/* The draw over blocks [b0, b1) of n rows, after hr_redraw_check (the
 * caller checks every row first; a bad row here is skipped).  out (n, k)
 * gets each hand with its discarded cards replaced, in order of position,
 * by cards drawn uniformly without replacement from the row's live cards
 * minus all the row's own cards (discards are not dealt back).  out may not
 * overlap hands.  `team` as for hr_deal_blocks. */
static void hr_redraw_blocks(const uint8_t *hands, int k, const uint8_t *discard, int per_row,
                             uint64_t deck, const uint64_t *dead_rows, uint64_t seed,
                             int64_t b0, int64_t b1, int64_t n, uint8_t *out, int team)
{
    const hr_redraw_args_t a = {hands, discard, k, per_row, deck, dead_rows, seed, n, out};
    const int64_t hi = b1 * HR_DEAL_BLOCK < n ? b1 * HR_DEAL_BLOCK : n;
    hr_rows(hr_redraw_part, &a, b0 * HR_DEAL_BLOCK, hi, HR_DEAL_BLOCK, team);
}

#endif /* HANDRANK_HR_DEAL_H */
