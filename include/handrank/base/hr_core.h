/*
 * handrank core definitions: card codes, bitmasks, rank keys, bit helpers.
 *
 * A card is code = 4*rank + suit (rank 0..12 = 2..A, suit 0..3 = c,d,h,s);
 * 52 and 53 are jokers.  In a hand mask card (rank, suit) is bit 16*suit + rank,
 * joker 52 is bit 13 and joker 53 is bit 29, so each suit owns a 16-bit lane
 * whose low 13 bits are its ranks.
 *
 * Everything here is header-only and free of Python.
 */
#ifndef HANDRANK_HR_CORE_H
#define HANDRANK_HR_CORE_H

#include <stdint.h>
#include <stddef.h>

#define HR_NRANKS 13
#define HR_NSUITS 4
#define HR_NCARDS 52
#define HR_JOKER1 52
#define HR_JOKER2 53
#define HR_MIN_CARDS 5
#define HR_MAX_CARDS 9
#define HR_LANE 0x1fffULL                     /* the 13 rank bits of one suit */
#define HR_JOKER_BITS ((1ULL << 13) | (1ULL << 29))
#define HR_CARD_BITS (HR_LANE | (HR_LANE << 16) | (HR_LANE << 32) | (HR_LANE << 48))

#define HR_RANK(c) ((int)(c) >> 2)
#define HR_SUIT(c) ((int)(c) & 3)
#define HR_BIT(c) (1ULL << (16 * HR_SUIT(c) + HR_RANK(c)))

/* AddressSanitizer: gcc defines __SANITIZE_ADDRESS__, clang answers
 * __has_feature(address_sanitizer). */
#if defined(__SANITIZE_ADDRESS__)
#define HR_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HR_SANITIZED 1
#endif
#endif
#ifndef HR_SANITIZED
#define HR_SANITIZED 0
#endif

/* Status codes returned by the batch loops.  A loop never formats messages:
 * Python re-examines the first bad row and says what is wrong with it. */
#define HR_OK 0
#define HR_BAD_ROW 1

/* An OpenMP directive inside a macro: HR_OMP(parallel for ...).  Only
 * OpenMP 2.0 constructs are used (what MSVC implements). */
#if defined(_MSC_VER)
#define HR_OMP(x) __pragma(omp x)
#else
#define HR_PRAGMA_(x) _Pragma(#x)
#define HR_OMP(x) HR_PRAGMA_(omp x)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define HR_INLINE static inline __attribute__((always_inline))
#define HR_LIKELY(x) __builtin_expect(!!(x), 1)
#define HR_UNLIKELY(x) __builtin_expect(!!(x), 0)
HR_INLINE int hr_popcount64(uint64_t x) { return __builtin_popcountll(x); }
HR_INLINE int hr_ctz64(uint64_t x) { return __builtin_ctzll(x); }
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
#include <intrin.h>
#define HR_INLINE static __forceinline
#define HR_LIKELY(x) (x)
#define HR_UNLIKELY(x) (x)
#if defined(_M_X64)   /* the POPCNT instruction: every x86-64 CPU since 2008-2009 */
HR_INLINE int hr_popcount64(uint64_t x) { return (int)__popcnt64(x); }
#else
HR_INLINE int hr_popcount64(uint64_t x) { return (int)_CountOneBits64(x); }
#endif
HR_INLINE int hr_ctz64(uint64_t x)   /* x != 0, as for __builtin_ctzll */
{
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
#define HR_INLINE static __inline
#define HR_LIKELY(x) (x)
#define HR_UNLIKELY(x) (x)
HR_INLINE int hr_popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
HR_INLINE int hr_ctz64(uint64_t x)
{
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
}
#endif

/* Two builds of each batch loop: one for CPUs with POPCNT and SSE4.1
 * (x86-64-v2, chosen at run time), and a portable one; the build flags stay
 * baseline.  Where this is defined, the SIMD loops (hr_simd.h) exist too. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define HR_MULTIVERSION 1
#endif

/*
 * Rank keys.  Each rank has a multiplier; the rank key of a hand is the sum of
 * its cards' multipliers.  These multipliers give every multiset of at most
 * seven ranks (each rank at most four times) a distinct sum, so the sum
 * identifies the rank multiset of a hand of 5..7 cards.  They are the smallest
 * such increasing integers, found by the greedy search in
 * tools/find_rank_keys.c; tests/test_tables.py re-checks the uniqueness
 * property on every multiset.  Largest 7-card sum: 18,393,157 (< 2^25).
 */
static const uint32_t hr_rank_mult[HR_NRANKS] = {
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
};
#define HR_RANK_KEY_BITS 25
#define HR_MAX_HASHED 7   /* hands with more cards are reduced by dropping cards */

#endif /* HANDRANK_HR_CORE_H */
