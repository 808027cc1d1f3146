/*
 * handrank rank multiset hashes: one per hand size k = 0..7 (hands of 5..7
 * cards, and the natural cards of hands with wild cards).  Every multiset of
 * k ranks (each at most four times) has a distinct rank key (the sum of its
 * hr_rank_mult), and a row-displaced perfect hash maps the key to a small
 * slot number:
 *     slot = key + off[key >> shift]
 * Built once at import by hr_init_hashes, from first principles.
 */
#ifndef HANDRANK_HR_HASH_H
#define HANDRANK_HR_HASH_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"

typedef struct {
    int k, shift;
    uint32_t nrows, size, n;
    int32_t *off;        /* [nrows] displacement of each row */
    uint32_t *keys;      /* [n] rank key of each multiset */
    uint64_t *counts;    /* [n] counts, 3 bits per rank */
} hr_hash_t;


static hr_hash_t hr_hashes[HR_MAX_HASHED + 1];
/* Bytes of a value table of `size` slots: one spare slot, because the SIMD
 * loops gather values as 32-bit words (the last slot's word ends in it). */
#define HR_VALUE_ALLOC(size) (((size_t)(size) + 1) * sizeof(int16_t))
static uint32_t hr_lane_rank_key[1 << 13];   /* sum of multipliers of a lane's ranks */

/* The row shift of the hash of k ranks (a constant, so loops specialised on
 * k fold it). */
#define HR_HASH_SHIFT(k) ((k) >= 6 ? 10 : 12)

HR_INLINE uint32_t hr_slot(const hr_hash_t *h, uint32_t key)
{
    return (uint32_t)((int64_t)key + h->off[key >> h->shift]);
}

HR_INLINE int hr_count_of(uint64_t counts, int r) { return (int)((counts >> (3 * r)) & 7); }

static void hr_enum_multisets(hr_hash_t *h, int r, int left, uint32_t key, uint64_t counts)
{
    if (r == HR_NRANKS) {
        if (left == 0) {
            h->keys[h->n] = key;
            h->counts[h->n] = counts;
            h->n++;
        }
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++)
        hr_enum_multisets(h, r + 1, left - c, key + (uint32_t)c * hr_rank_mult[r],
                          counts | ((uint64_t)c << (3 * r)));
}

static int hr_cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Rows are packed biggest first, each at the lowest displacement where all of
 * its keys land on free slots (first-fit decreasing). */
typedef struct { uint32_t row, count, start; } hr_rowinfo_t;

static int hr_cmp_rows(const void *a, const void *b)
{
    const hr_rowinfo_t *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    return (x->row > y->row) - (x->row < y->row);
}

static int hr_build_hash(hr_hash_t *h, int k, int shift)
{
    static const uint32_t n_of_k[8] = {1, 13, 91, 455, 1820, 6175, 18395, 49205};
    uint32_t *sorted = NULL;
    hr_rowinfo_t *rows = NULL;
    uint64_t *freebits = NULL;
    int ok = 0;

    memset(h, 0, sizeof(*h));
    h->k = k;
    h->shift = shift;
    h->keys = malloc(n_of_k[k] * sizeof(uint32_t));
    h->counts = malloc(n_of_k[k] * sizeof(uint64_t));
    sorted = malloc(n_of_k[k] * sizeof(uint32_t));
    if (!h->keys || !h->counts || !sorted) goto done;
    hr_enum_multisets(h, 0, k, 0, 0);
    if (h->n != n_of_k[k]) goto done;

    memcpy(sorted, h->keys, h->n * sizeof(uint32_t));
    qsort(sorted, h->n, sizeof(uint32_t), hr_cmp_u32);
    h->nrows = (sorted[h->n - 1] >> shift) + 1;
    h->off = calloc(h->nrows, sizeof(int32_t));
    rows = calloc(h->nrows, sizeof(hr_rowinfo_t));
    if (!h->off || !rows) goto done;
    for (uint32_t r = 0; r < h->nrows; r++) rows[r].row = r;
    for (uint32_t i = 0; i < h->n; i++) {
        hr_rowinfo_t *ri = &rows[sorted[i] >> shift];
        if (ri->count++ == 0) ri->start = i;
    }
    qsort(rows, h->nrows, sizeof(hr_rowinfo_t), hr_cmp_rows);

    /* freebits has a 1 for every free slot; a row is tried at 64 displacements
     * at once by AND-ing the 64-bit windows that start at each of its keys. */
    size_t cap = (size_t)h->n * 4 + ((size_t)2 << shift), nwords = cap / 64 + 2;
    freebits = malloc(nwords * sizeof(uint64_t));
    if (!freebits) goto done;
    for (size_t w = 0; w < nwords; w++) freebits[w] = ~0ULL;
    size_t first_free = 0;
    for (uint32_t ri = 0; ri < h->nrows && rows[ri].count; ri++) {
        const uint32_t *rk = sorted + rows[ri].start;
        uint32_t cnt = rows[ri].count, base = rows[ri].row << shift, r0 = rk[0] - base;
        size_t o = first_free > r0 ? first_free - r0 : 0;
        for (;; o += 64) {
            if (o + ((size_t)1 << shift) + 64 >= cap) goto done;   /* cannot happen: cap is generous */
            uint64_t fit = ~0ULL;
            for (uint32_t j = 0; j < cnt && fit; j++) {
                size_t p = rk[j] - base + o, w = p >> 6, b = p & 63;
                fit &= b ? (freebits[w] >> b) | (freebits[w + 1] << (64 - b)) : freebits[w];
            }
            if (fit) {
                o += (size_t)hr_ctz64(fit);
                break;
            }
        }
        for (uint32_t j = 0; j < cnt; j++) {
            size_t p = rk[j] - base + o;
            freebits[p >> 6] &= ~(1ULL << (p & 63));
            if (p + 1 > h->size) h->size = (uint32_t)(p + 1);
        }
        while (!(freebits[first_free >> 6] >> (first_free & 63) & 1)) first_free++;
        h->off[rows[ri].row] = (int32_t)((int64_t)o - (int64_t)base);
    }
    ok = 1;
done:
    free(sorted);
    free(rows);
    free(freebits);
    return ok;
}

/* Build the hashes for k = 0..7 (hands of 5..7 cards, and the natural cards
 * of hands with wild cards) and the lane table.  Returns 1 on success. */
static int hr_init_hashes(void)
{
    for (int k = 0; k <= HR_MAX_HASHED; k++)
        if (!hr_build_hash(&hr_hashes[k], k, HR_HASH_SHIFT(k))) return 0;
    for (uint32_t lane = 0; lane < (1u << 13); lane++) {
        uint32_t s = 0;
        for (int r = 0; r < HR_NRANKS; r++)
            if (lane >> r & 1) s += hr_rank_mult[r];
        hr_lane_rank_key[lane] = s;
    }
    return 1;
}

#endif /* HANDRANK_HR_HASH_H */
