/*
 * handrank batch loops: n hands of card codes or masks, valued by hr_value
 * (hr_value.h) in loops specialised on (mode, qualifier, wild, k), each
 * built twice -- with POPCNT and portable -- plus the SIMD loops of
 * hr_simd.h; the instruction set in use (hr_isa, hr_set_isa); the entries
 * hr_eval_codes and hr_eval_masks, which run the loops on threads through
 * hr_rows (hr_rows.h); and hr_init, the core's one-time initialisation.
 *
 * The batch loops never allocate, never touch Python, and report the first bad
 * row (or -1); they run on [lo, hi) so OpenMP threads can split a batch.
 */
#ifndef HANDRANK_HR_BATCH_H
#define HANDRANK_HR_BATCH_H

#include "../base/hr_core.h"
#include "../rules/hr_hash.h"
#include "../base/hr_rows.h"
#include "hr_simd.h"
#include "hr_value.h"

/* ------------------------------------------------------------------ */
/* Batch loops                                                          */

/* Rows [lo, hi) of a C-contiguous (n, K) uint8 array.  K, MODE, QUAL and
 * WILD are compile-time constants after inlining (or, in the generic
 * instance, the context's own values).  Returns the first bad row or -1;
 * bad rows get -1 in out. */
HR_INLINE int64_t hr_loop_codes(const hr_vctx_t *c, const hr_deck_t *D, const uint8_t *cards,
                                int64_t lo, int64_t hi, const int K, const int MODE,
                                const int QUAL, const int WILD, int16_t *out)
{
    const hr_vctx_t ctx = *c;          /* a local copy, so writes to out cannot alias it */
    const hr_v2 *first = D->first, *next = D->next;
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++)
        if (HR_UNLIKELY(hr_row_codes(&ctx, first, next, cards + i * K, K, MODE, QUAL, WILD,
                                     out + i)) && bad < 0)
            bad = i;
    return bad;
}

/* A batch's arguments: of codes (hr_eval_codes) and of masks
 * (hr_eval_masks).  Every build of a loop below is a part of hr_rows
 * (hr_rows.h) on them, so the entries hand the chosen build to hr_rows. */
typedef struct {
    const hr_vctx_t *c;
    const hr_deck_t *D;
    const uint8_t *cards;
    int k;
    int16_t *out;
} hr_codes_args_t;
typedef struct {
    const hr_vctx_t *c;
    const hr_deck_t *D;
    const uint64_t *masks;
    int16_t *out;
} hr_masks_args_t;

/* The specialised instances: (mode, qualifier, wild, k) -> a loop with those
 * constants.  Anything else runs the generic instance. */
#define HR_SPEC(MODE, QUAL, WILD, K) ((((MODE) * 2 + (QUAL)) * 2 + (WILD)) * 16 + (K))
#define HR_CODES_CASE(MODE, QUAL, WILD, K)                                            \
    case HR_SPEC(MODE, QUAL, WILD, K):                                                \
        return hr_loop_codes(a->c, a->D, a->cards, lo, hi, K, MODE, QUAL, WILD, a->out);
#define HR_CODES_CASES_K(MODE, QUAL, WILD)                                            \
    HR_CODES_CASE(MODE, QUAL, WILD, 5) HR_CODES_CASE(MODE, QUAL, WILD, 6)             \
    HR_CODES_CASE(MODE, QUAL, WILD, 7) HR_CODES_CASE(MODE, QUAL, WILD, 8)             \
    HR_CODES_CASE(MODE, QUAL, WILD, 9)
#define HR_CODES_CASES(WILD)                                                          \
    HR_CODES_CASES_K(HR_MODE_BEST, 0, WILD) HR_CODES_CASES_K(HR_MODE_IGNORE, 0, WILD) \
    HR_CODES_CASES_K(HR_MODE_AVOID, 0, WILD) HR_CODES_CASES_K(HR_MODE_IGNORE, 1, WILD)
#define HR_DEFINE_CODES_DISPATCH(NAME, ATTR)                                          \
    ATTR static int64_t NAME(const void *arg, int64_t lo, int64_t hi)                 \
    {                                                                                 \
        const hr_codes_args_t *a = (const hr_codes_args_t *)arg;                      \
        switch (HR_SPEC(a->c->mode, a->c->qualifies, a->c->wild, a->k)) {             \
            HR_CODES_CASES(0) HR_CODES_CASES(1)                                       \
            HR_CODES_CASE(HR_MODE_BEST, 0, 0, 3)                                      \
            HR_CODES_CASE(HR_MODE_BADUGI, 0, 0, 4)                                    \
        }                                                                             \
        return hr_loop_codes(a->c, a->D, a->cards, lo, hi, a->k, a->c->mode,          \
                             a->c->qualifies, a->c->wild, a->out);                    \
    }

/* Rows [lo, hi) of n uint64 masks; each row may hold kmin..kmax cards.  A
 * row is valid when it holds only legal bits, and a legal number of them. */
HR_INLINE int64_t hr_loop_masks(const hr_vctx_t *c, const hr_deck_t *D, const uint64_t *masks,
                                int64_t lo, int64_t hi, const int MODE, const int QUAL,
                                const int WILD, int16_t *out)
{
    const hr_vctx_t ctx = *c;
    const uint64_t invalid = ~D->valid_bits;
    int64_t bad = -1;
    for (int64_t i = lo; i < hi; i++)
        if (HR_UNLIKELY(hr_row_mask(&ctx, invalid, masks[i], MODE, QUAL, WILD, out + i)) &&
            bad < 0)
            bad = i;
    return bad;
}

#define HR_MASKS_CASE(MODE, QUAL, WILD)                                               \
    case HR_SPEC(MODE, QUAL, WILD, 0):                                                \
        return hr_loop_masks(a->c, a->D, a->masks, lo, hi, MODE, QUAL, WILD, a->out);
#define HR_DEFINE_MASKS_DISPATCH(NAME, ATTR)                                          \
    ATTR static int64_t NAME(const void *arg, int64_t lo, int64_t hi)                 \
    {                                                                                 \
        const hr_masks_args_t *a = (const hr_masks_args_t *)arg;                      \
        switch (HR_SPEC(a->c->mode, a->c->qualifies, a->c->wild, 0)) {                \
            HR_MASKS_CASE(HR_MODE_BEST, 0, 0) HR_MASKS_CASE(HR_MODE_IGNORE, 0, 0)     \
            HR_MASKS_CASE(HR_MODE_AVOID, 0, 0) HR_MASKS_CASE(HR_MODE_IGNORE, 1, 0)    \
            HR_MASKS_CASE(HR_MODE_BEST, 0, 1) HR_MASKS_CASE(HR_MODE_IGNORE, 0, 1)     \
            HR_MASKS_CASE(HR_MODE_AVOID, 0, 1) HR_MASKS_CASE(HR_MODE_IGNORE, 1, 1)    \
        }                                                                             \
        return hr_loop_masks(a->c, a->D, a->masks, lo, hi, a->c->mode, a->c->qualifies, \
                             a->c->wild, a->out);                                     \
    }

/* Two builds of each loop (HR_MULTIVERSION, hr_core.h): POPCNT and SSE4.1,
 * and portable. */
#ifdef HR_MULTIVERSION
HR_DEFINE_CODES_DISPATCH(hr_codes_popcnt, __attribute__((target("popcnt,sse4.1"))))
HR_DEFINE_MASKS_DISPATCH(hr_masks_popcnt, __attribute__((target("popcnt,sse4.1"))))
#endif
HR_DEFINE_CODES_DISPATCH(hr_codes_portable, )
HR_DEFINE_MASKS_DISPATCH(hr_masks_portable, )

static int hr_use_popcnt = 0;

/* SIMD across hands (hr_simd.h), x86 with GCC or clang only: the loop for
 * the shapes it takes -- no wild cards, k = 5..7, modes BEST, IGNORE (with
 * or without a qualifier) and AVOID -- and the scalar POPCNT dispatch for
 * everything else. */
#ifdef HR_MULTIVERSION
/* The SIMD loop FN on the rows IN (cards or masks) of the batch's
 * arguments `a`, for each shape it takes: a case of k = 5..7 for each
 * (mode, qualifier) pair. */
#define HR_SIMD_CASE(FN, IN, MODE, QUAL, K)                                           \
    case HR_SPEC(MODE, QUAL, 0, K):                                                   \
        return FN(a->c, a->D, a->IN, lo, hi, K, MODE, QUAL, a->out);
#define HR_SIMD_CASES_K(FN, IN, MODE, QUAL)                                           \
    HR_SIMD_CASE(FN, IN, MODE, QUAL, 5) HR_SIMD_CASE(FN, IN, MODE, QUAL, 6)           \
    HR_SIMD_CASE(FN, IN, MODE, QUAL, 7)
#define HR_SIMD_CASES(FN, IN)                                                         \
    HR_SIMD_CASES_K(FN, IN, HR_MODE_BEST, 0) HR_SIMD_CASES_K(FN, IN, HR_MODE_IGNORE, 0) \
    HR_SIMD_CASES_K(FN, IN, HR_MODE_AVOID, 0) HR_SIMD_CASES_K(FN, IN, HR_MODE_IGNORE, 1)
#define HR_DEFINE_SIMD_DISPATCH(NAME, FN, ATTR)                                       \
    ATTR static int64_t NAME(const void *arg, int64_t lo, int64_t hi)                 \
    {                                                                                 \
        const hr_codes_args_t *a = (const hr_codes_args_t *)arg;                      \
        switch (HR_SPEC(a->c->mode, a->c->qualifies, a->c->wild, a->k)) {             \
            HR_SIMD_CASES(FN, cards)                                                  \
        }                                                                             \
        return hr_codes_popcnt(arg, lo, hi);                                          \
    }
HR_DEFINE_SIMD_DISPATCH(hr_codes_avx2, hr_simd8, HR_AVX2_TARGET)
HR_DEFINE_SIMD_DISPATCH(hr_codes_avx512, hr_simd16, HR_AVX512_TARGET)

/* Masks with AVX2 (hr_simd_masks8) or AVX-512 (hr_simd_masks16): the same
 * shapes, with K the size of the part's first row -- rows of other sizes
 * are the loop's special rows -- and the scalar POPCNT dispatch when that
 * size is not 5..7 or not one the rule set takes. */
#define HR_DEFINE_SIMD_MASKS_DISPATCH(NAME, FN, ATTR)                                 \
    ATTR static int64_t NAME(const void *arg, int64_t lo, int64_t hi)                 \
    {                                                                                 \
        const hr_masks_args_t *a = (const hr_masks_args_t *)arg;                      \
        const int k = lo < hi ? hr_popcount64(a->masks[lo]) : 0;                     \
        if (k >= a->c->kmin && k <= a->c->kmax) {                                     \
            switch (HR_SPEC(a->c->mode, a->c->qualifies, a->c->wild, k)) {            \
                HR_SIMD_CASES(FN, masks)                                              \
            }                                                                         \
        }                                                                             \
        return hr_masks_popcnt(arg, lo, hi);                                          \
    }
HR_DEFINE_SIMD_MASKS_DISPATCH(hr_masks_avx2, hr_simd_masks8, HR_AVX2_TARGET)
HR_DEFINE_SIMD_MASKS_DISPATCH(hr_masks_avx512, hr_simd_masks16, HR_AVX512_TARGET)
#endif

/* The code loop in use: 0 portable, 1 POPCNT, 2 AVX2, 3 AVX-512 (the best
 * this CPU has, from hr_init; hr_set_isa lowers it, for tests and
 * benchmarks). */
enum { HR_ISA_PORTABLE = 0, HR_ISA_POPCNT = 1, HR_ISA_AVX2 = 2, HR_ISA_AVX512 = 3 };
static int hr_isa_best = HR_ISA_PORTABLE, hr_isa = HR_ISA_PORTABLE;

/* Use loop `isa` (capped at what the CPU has); returns the one now in use. */
static int hr_set_isa(int isa)
{
    hr_isa = isa < HR_ISA_PORTABLE ? HR_ISA_PORTABLE : isa > hr_isa_best ? hr_isa_best : isa;
    hr_use_popcnt = hr_isa >= HR_ISA_POPCNT;
    return hr_isa;
}

/* ------------------------------------------------------------------ */
/* The entries                                                          */

/* Evaluate n hands of k cards (C-contiguous uint8 codes) under a wild
 * setting (NULL: none).  Returns the first bad row (a code out of range, a
 * joker where jokers are not wild, a repeated card) or -1.  With wild cards
 * the rule set's wild tables must have been built (hr_build_wild). */
static int64_t hr_eval_codes(const hr_rule_t *R, const hr_deck_t *W, const uint8_t *cards,
                             int64_t n, int k, int16_t *out, int nthreads)
{
    hr_rows_fn fn = hr_codes_portable;
#ifdef HR_MULTIVERSION
    if (hr_isa == HR_ISA_AVX512) fn = hr_codes_avx512;
    else if (hr_isa == HR_ISA_AVX2) fn = hr_codes_avx2;
    else if (hr_isa >= HR_ISA_POPCNT) fn = hr_codes_popcnt;
#endif
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    if (!W) W = &hr_standard;
    if (k < R->kmin || k > R->kmax || W->ranks != R->def.ranks) return n > 0 ? 0 : -1;
    hr_vctx_init(&c, wc, R, W);
    const hr_codes_args_t a = {&c, W, cards, k, out};
    return hr_rows(fn, &a, 0, n, HR_ROW_BLOCK, hr_team(nthreads));
}

/* Evaluate n hand masks under a wild setting (NULL: none).  Returns the
 * first bad row (bits that are no card, jokers where they are not wild, fewer
 * than 5 or more than 9 cards) or -1. */
static int64_t hr_eval_masks(const hr_rule_t *R, const hr_deck_t *W, const uint64_t *masks,
                             int64_t n, int16_t *out, int nthreads)
{
    hr_rows_fn fn = hr_masks_portable;
#ifdef HR_MULTIVERSION
    if (hr_isa == HR_ISA_AVX512) fn = hr_masks_avx512;
    else if (hr_isa >= HR_ISA_AVX2) fn = hr_masks_avx2;
    else if (hr_use_popcnt) fn = hr_masks_popcnt;
#endif
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    if (!W) W = &hr_standard;
    if (W->ranks != R->def.ranks) return n > 0 ? 0 : -1;
    hr_vctx_init(&c, wc, R, W);
    const hr_masks_args_t a = {&c, W, masks, out};
    return hr_rows(fn, &a, 0, n, HR_ROW_BLOCK, hr_team(nthreads));
}

/* The one-time initialisation of the core but the rank hashes: CPU
 * features, card entries, the standard deck, the fork handler (a few
 * microseconds).  The Python module calls this at import and builds the
 * hashes (hr_init_hashes, tens of milliseconds) before its first rule table;
 * C programs call hr_init, which does both. */
static void hr_init_light(void)
{
#ifdef HR_MULTIVERSION
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("sse4.1")) {
        hr_isa_best = HR_ISA_POPCNT;
        if (__builtin_cpu_supports("avx2")) hr_isa_best = HR_ISA_AVX2;
        if (hr_isa_best == HR_ISA_AVX2 && __builtin_cpu_supports("avx512f") &&
            __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi") &&
            __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bitalg"))
            hr_isa_best = HR_ISA_AVX512;
    }
    hr_simd_init();
#endif
    hr_set_isa(hr_isa_best);
    hr_init_deck(&hr_standard, 0x1fff, 0, 0, 0);
    hr_rows_init();
}

/* One-time initialisation of the core: hashes, card entries, CPU features,
 * the fork handler.  1 on success. */
static inline int hr_init(void)
{
    hr_init_light();
    return hr_init_hashes();
}

#endif /* HANDRANK_HR_BATCH_H */
