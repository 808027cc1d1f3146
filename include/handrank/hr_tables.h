/*
 * handrank table generation.
 *
 * Everything the evaluator looks up is computed here from first principles at
 * import time (a few milliseconds), nothing is checked in:
 *
 *  1. hr_hash_t, one per hand size k = 5..7: every multiset of k ranks (each at
 *     most four times) has a distinct rank key (hr_rank_mult); a row-displaced
 *     perfect hash maps the key to a small slot number:
 *         slot = key + off[key >> shift]
 *  2. hr_rule_t, one per rule set, from an hr_ruledef_t (ace handling, whether
 *     straights and flushes are patterns, lower-is-better, qualifier):
 *       - the classes: every 5-card equivalence class, sorted worst to best, so a
 *         class's strength is its position (dense by construction);
 *       - value[k][slot]: strength of the best five of a rank multiset, all cards
 *         taken as off-suit; k = 5 from the classes, k = 6, 7 by dropping one card;
 *       - flush[lane]: strength of the best five of one suit's 13-bit rank set,
 *         taken as all one suit (rule sets where flushes are patterns).
 */
#ifndef HANDRANK_HR_TABLES_H
#define HANDRANK_HR_TABLES_H

#include <stdlib.h>
#include <string.h>
#include "hr_core.h"

/* ------------------------------------------------------------------ */
/* Rule definitions                                                    */

enum { HR_ACE_HIGH = 0, HR_ACE_HIGH_ONLY = 1, HR_ACE_LOW = 2 };
enum { HR_FLUSH_BEST = 0, HR_FLUSH_IGNORE = 1, HR_FLUSH_AVOID = 2 };

/* Category numbers, as handrank.Category. */
enum {
    HR_HIGH_CARD = 0, HR_ONE_PAIR, HR_TWO_PAIR, HR_THREE_OF_A_KIND, HR_STRAIGHT,
    HR_FLUSH, HR_FULL_HOUSE, HR_FOUR_OF_A_KIND, HR_STRAIGHT_FLUSH, HR_ROYAL_FLUSH,
    HR_FIVE_OF_A_KIND
};

typedef struct {
    int ace;        /* HR_ACE_HIGH (also low in 5-4-3-2-A), HR_ACE_HIGH_ONLY, HR_ACE_LOW */
    int patterns;   /* 1: straights and flushes are hand patterns; 0: ignored */
    int low;        /* 1: lower hands are better, strengths are inverted */
    int qualifier;  /* 0, or the highest rank (2..14 style: 8 means eight) of a qualifying low */
    int five_kind;  /* 1: five of a kind exists (high rules, reachable with wild cards) */
} hr_ruledef_t;

#define HR_MAX_CLASSES 7475
#define HR_MAX_FLUSH_WILD 4   /* with five wild cards a flush is never the best hand */

typedef struct {
    int k, shift;
    uint32_t nrows, size, n;
    int32_t *off;        /* [nrows] displacement of each row */
    uint32_t *keys;      /* [n] rank key of each multiset */
    uint64_t *counts;    /* [n] counts, 3 bits per rank */
} hr_hash_t;

typedef struct {
    hr_ruledef_t def;
    int flush_mode;              /* HR_FLUSH_* */
    int nclasses;                /* distinct 5-card values, five of a kind included */
    int16_t qual;                /* lows below this strength do not qualify (INT16_MIN: none) */
    int16_t *value[HR_MAX_HASHED + 1];  /* value[k][slot], k = 5..7 */
    int16_t *flush;              /* [8192] or NULL */
    int8_t *cat;                 /* [nclasses] category of each strength */
    uint8_t *ranks;              /* [5*nclasses] real ranks in order of significance */
    uint16_t *rankset;           /* [nclasses] bit r per rank r; HR_PAIRED if ranks repeat */
    /* wild-card tables, built on first use by hr_build_wild() */
    int wild_built;
    int16_t *nw[HR_MAX_HASHED + 1][HR_MAX_HASHED + 1];  /* nw[w][n][slot of n naturals] */
    int16_t *fw[HR_MAX_FLUSH_WILD + 1];                 /* fw[w][lane], w = 1..4 */
    int16_t *bw[3][HR_MAX_HASHED + 1];                  /* bw[b][n]: as nw, for bugs */
    int16_t five_kind[HR_NRANKS];                       /* five of a kind by rank, or -1 */
} hr_rule_t;

#define HR_PAIRED 0x8000

/* ------------------------------------------------------------------ */
/* Rank multiset hashes                                                */

static hr_hash_t hr_hashes[HR_MAX_HASHED + 1];
static uint32_t hr_lane_rank_key[1 << 13];   /* sum of multipliers of a lane's ranks */

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
    static const int shifts[HR_MAX_HASHED + 1] = {12, 12, 12, 12, 12, 12, 10, 10};
    for (int k = 0; k <= HR_MAX_HASHED; k++)
        if (!hr_build_hash(&hr_hashes[k], k, shifts[k])) return 0;
    for (uint32_t lane = 0; lane < (1u << 13); lane++) {
        uint32_t s = 0;
        for (int r = 0; r < HR_NRANKS; r++)
            if (lane >> r & 1) s += hr_rank_mult[r];
        hr_lane_rank_key[lane] = s;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Five-card classes                                                   */

/* Rank as the rule orders it: ace-low rules put the ace below the deuce. */
HR_INLINE int hr_order_of(const hr_ruledef_t *d, int rank)
{
    return d->ace == HR_ACE_LOW ? (rank == 12 ? 0 : rank + 1) : rank;
}

HR_INLINE int hr_rank_of(const hr_ruledef_t *d, int order)
{
    return d->ace == HR_ACE_LOW ? (order == 0 ? 12 : order - 1) : order;
}

/*
 * The sort key of five cards with rank counts cnt[] (all one suit if `flush`):
 * category << 20 | tie-break, where the tie-break lists the order-ranks, most
 * significant first, 4 bits each (just the top card for straights).  Keys
 * compare like the hands under the rule's high-style ordering (before a low
 * rule inverts it).  sig[] receives the real ranks in order of significance.
 * Returns 0 for an impossible combination (a flush with a pair).
 */
static uint64_t hr_class_key(const hr_ruledef_t *d, const int cnt[HR_NRANKS], int flush,
                             uint8_t sig[5], int *category)
{
    int t[5], n = 0, groups[5], ng = 0;
    for (int c = 5; c >= 1; c--)
        for (int o = HR_NRANKS - 1; o >= 0; o--) {
            int r = hr_rank_of(d, o);
            if (cnt[r] == c) {
                groups[ng++] = c;
                for (int i = 0; i < c; i++) t[n++] = o;
            }
        }
    if (n != 5) return 0;
    int distinct = ng == 5;
    if (flush && !distinct) return 0;

    int straight = 0, top = t[0];
    if (d->patterns && distinct) {
        if (t[0] - t[4] == 4) straight = 1;
        else if (d->ace == HR_ACE_HIGH && t[0] == 12 && t[1] == 3 && t[4] == 0) {
            straight = 1;   /* 5-4-3-2-A: the ace plays low */
            top = 3;
            t[0] = 3; t[1] = 2; t[2] = 1; t[3] = 0; t[4] = 12;
        }
    }
    int cat;
    if (groups[0] == 5) cat = HR_FIVE_OF_A_KIND;
    else if (groups[0] == 4) cat = HR_FOUR_OF_A_KIND;
    else if (groups[0] == 3) cat = groups[1] == 2 ? HR_FULL_HOUSE : HR_THREE_OF_A_KIND;
    else if (groups[0] == 2) cat = groups[1] == 2 ? HR_TWO_PAIR : HR_ONE_PAIR;
    else if (straight && flush)
        cat = (d->ace != HR_ACE_LOW && top == 12) ? HR_ROYAL_FLUSH : HR_STRAIGHT_FLUSH;
    else if (flush) cat = HR_FLUSH;
    else if (straight) cat = HR_STRAIGHT;
    else cat = HR_HIGH_CARD;

    uint64_t tb = 0;
    if (straight) tb = (uint64_t)top << 16;
    else
        for (int i = 0; i < 5; i++) tb = tb << 4 | (uint64_t)t[i];
    for (int i = 0; i < 5; i++) sig[i] = (uint8_t)hr_rank_of(d, t[i]);
    *category = cat;
    return ((uint64_t)cat << 20) | tb;
}

typedef struct { uint64_t key; int cat; uint8_t sig[5]; } hr_class_t;

static int hr_cmp_class(const void *a, const void *b)
{
    uint64_t x = ((const hr_class_t *)a)->key, y = ((const hr_class_t *)b)->key;
    return (x > y) - (x < y);
}

/* Strength of a class key: its position among the sorted classes. */
static int hr_strength_of_key(const hr_rule_t *R, const hr_class_t *cls, uint64_t key)
{
    int lo = 0, hi = R->nclasses - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cls[mid].key < key) lo = mid + 1;
        else hi = mid;
    }
    return R->def.low ? R->nclasses - 1 - lo : lo;
}

static void hr_counts_array(uint64_t packed, int cnt[HR_NRANKS])
{
    for (int r = 0; r < HR_NRANKS; r++) cnt[r] = hr_count_of(packed, r);
}

static void hr_free_rule(hr_rule_t *R)
{
    for (int k = 0; k <= HR_MAX_HASHED; k++) free(R->value[k]);
    free(R->flush);
    free(R->cat);
    free(R->ranks);
    free(R->rankset);
    for (int w = 0; w <= HR_MAX_HASHED; w++)
        for (int n = 0; n <= HR_MAX_HASHED; n++) free(R->nw[w][n]);
    for (int w = 0; w <= HR_MAX_FLUSH_WILD; w++) free(R->fw[w]);
    for (int b = 0; b < 3; b++)
        for (int n = 0; n <= HR_MAX_HASHED; n++) free(R->bw[b][n]);
    memset(R, 0, sizeof(*R));
}

/* Add the classes of every multiset of `left` more ranks from rank r up. */
static void hr_enum_class_rec(const hr_ruledef_t *d, hr_class_t *cls, int *n, int cnt[HR_NRANKS],
                              int r, int left)
{
    if (r == HR_NRANKS) {
        if (left) return;
        for (int flush = 0; flush <= d->patterns; flush++) {
            int cat;
            uint8_t sig[5];
            uint64_t key = hr_class_key(d, cnt, flush, sig, &cat);
            if (key) {
                cls[*n].key = key;
                cls[*n].cat = cat;
                memcpy(cls[*n].sig, sig, 5);
                (*n)++;
            }
        }
        return;
    }
    int maxc = d->five_kind ? 5 : 4;
    for (int c = 0; c <= maxc && c <= left; c++) {
        cnt[r] = c;
        hr_enum_class_rec(d, cls, n, cnt, r + 1, left - c);
    }
    cnt[r] = 0;
}

/* Enumerate the classes of a rule set into cls (sorted, distinct); returns count. */
static int hr_enum_classes(const hr_ruledef_t *d, hr_class_t *cls)
{
    int n = 0, cnt[HR_NRANKS] = {0};
    hr_enum_class_rec(d, cls, &n, cnt, 0, 5);
    qsort(cls, n, sizeof(hr_class_t), hr_cmp_class);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || cls[i].key != cls[m - 1].key) cls[m++] = cls[i];
    return m;
}

/* Build every table of one rule set.  Returns 1 on success, 0 on failure
 * (out of memory or an inconsistent definition). */
static int hr_build_rule(hr_rule_t *R, const hr_ruledef_t *def)
{
    hr_class_t *cls = malloc(HR_MAX_CLASSES * 2 * sizeof(hr_class_t));
    int cnt[HR_NRANKS], cat, ok = 0;
    uint8_t sig[5];

    memset(R, 0, sizeof(*R));
    R->def = *def;
    R->flush_mode = !def->patterns ? HR_FLUSH_IGNORE : def->low ? HR_FLUSH_AVOID : HR_FLUSH_BEST;
    if (!cls) return 0;
    R->nclasses = hr_enum_classes(def, cls);
    if (R->nclasses > HR_MAX_CLASSES) goto done;

    /* describe info, indexed by strength */
    R->cat = malloc(R->nclasses);
    R->ranks = malloc(5 * (size_t)R->nclasses);
    R->rankset = malloc(sizeof(uint16_t) * (size_t)R->nclasses);
    if (!R->cat || !R->ranks || !R->rankset) goto done;
    for (int i = 0; i < R->nclasses; i++) {
        int s = def->low ? R->nclasses - 1 - i : i;
        uint16_t set = 0;
        R->cat[s] = (int8_t)cls[i].cat;
        memcpy(R->ranks + 5 * s, cls[i].sig, 5);
        for (int j = 0; j < 5; j++) {
            if (set >> cls[i].sig[j] & 1) set |= HR_PAIRED;
            set |= (uint16_t)(1u << cls[i].sig[j]);
        }
        R->rankset[s] = set;
    }

    for (int r = 0; r < HR_NRANKS; r++) R->five_kind[r] = -1;
    for (int st = 0; st < R->nclasses; st++)
        if (R->cat[st] == HR_FIVE_OF_A_KIND) R->five_kind[R->ranks[5 * st]] = (int16_t)st;

    /* qualifier: the qualifying lows must be exactly the strongest classes */
    R->qual = INT16_MIN;
    if (def->qualifier) {
        int qmin = R->nclasses, nq = 0, limit = hr_order_of(def, def->qualifier - 2);
        for (int s = 0; s < R->nclasses; s++) {
            int top = hr_order_of(def, R->ranks[5 * s]);
            if (R->cat[s] == HR_HIGH_CARD && top <= limit) {
                nq++;
                if (s < qmin) qmin = s;
            }
        }
        if (nq == 0 || qmin != R->nclasses - nq) goto done;
        R->qual = (int16_t)qmin;
    }

    /* five cards: straight from the classes */
    {
        const hr_hash_t *h = &hr_hashes[5];
        R->value[5] = malloc(h->size * sizeof(int16_t));
        if (!R->value[5]) goto done;
        for (uint32_t i = 0; i < h->size; i++) R->value[5][i] = -1;
        for (uint32_t i = 0; i < h->n; i++) {
            hr_counts_array(h->counts[i], cnt);
            uint64_t key = hr_class_key(def, cnt, 0, sig, &cat);
            R->value[5][hr_slot(h, h->keys[i])] = (int16_t)hr_strength_of_key(R, cls, key);
        }
    }
    /* six and seven: the best of dropping any one card */
    for (int k = 6; k <= HR_MAX_HASHED; k++) {
        const hr_hash_t *h = &hr_hashes[k], *g = &hr_hashes[k - 1];
        R->value[k] = malloc(h->size * sizeof(int16_t));
        if (!R->value[k]) goto done;
        for (uint32_t i = 0; i < h->size; i++) R->value[k][i] = -1;
        for (uint32_t i = 0; i < h->n; i++) {
            int best = -1;
            for (int r = 0; r < HR_NRANKS; r++)
                if (hr_count_of(h->counts[i], r)) {
                    int v = R->value[k - 1][hr_slot(g, h->keys[i] - hr_rank_mult[r])];
                    if (v > best) best = v;
                }
            R->value[k][hr_slot(h, h->keys[i])] = (int16_t)best;
        }
    }
    /* flushes: five suited ranks from the classes, more by dropping one */
    if (def->patterns) {
        R->flush = malloc((1 << 13) * sizeof(int16_t));
        if (!R->flush) goto done;
        for (int pc = 0; pc <= HR_NRANKS; pc++)
            for (uint32_t lane = 0; lane < (1u << 13); lane++) {
                if (hr_popcount64(lane) != pc) continue;
                int best = -1;
                if (pc == 5) {
                    for (int r = 0; r < HR_NRANKS; r++) cnt[r] = lane >> r & 1;
                    best = hr_strength_of_key(R, cls, hr_class_key(def, cnt, 1, sig, &cat));
                } else if (pc > 5) {
                    for (uint32_t rest = lane; rest; rest &= rest - 1) {
                        int v = R->flush[lane & ~(rest & (0u - rest))];
                        if (v > best) best = v;
                    }
                }
                R->flush[lane] = (int16_t)best;
            }
    }
    ok = 1;
done:
    free(cls);
    if (!ok) hr_free_rule(R);
    return ok;
}


/* ------------------------------------------------------------------ */
/* Wild cards                                                          */

/*
 * nw[w][n]: for every multiset of n natural ranks (n + w = 5..7), the best
 * five when w fully wild cards join it, all taken as off-suit: a wild becomes
 * any rank; a fifth card of a rank makes five of a kind where the rule set has
 * it and is not allowed where it does not.  Built by adding one wild at a time:
 *     nw[w][n][m] = max over ranks r of nw[w-1][n+1][m + r]   (nw[0] = value)
 * fw[w][lane]: the best flush of one suit's ranks plus w wild cards, which
 * take ranks the suit lacks.  bw[b][n]: as nw for b bugs under high rules,
 * the better of "every bug an ace" and the best straight the bugs complete.
 * Returns 1 on success.
 */
static int hr_build_wild(hr_rule_t *R)
{
    if (R->wild_built) return 1;
    for (int w = 1; w <= HR_MAX_HASHED; w++)
        for (int n = (w >= 5 ? 0 : 5 - w); n + w <= HR_MAX_HASHED; n++) {
            const hr_hash_t *h = &hr_hashes[n], *up = &hr_hashes[n + 1];
            const int16_t *prev = w == 1 ? R->value[n + 1] : R->nw[w - 1][n + 1];
            int16_t *t = malloc(h->size * sizeof(int16_t));
            if (!t) return 0;
            R->nw[w][n] = t;
            for (uint32_t i = 0; i < h->size; i++) t[i] = -1;
            for (uint32_t i = 0; i < h->n; i++) {
                int best = -1;
                for (int r = 0; r < HR_NRANKS; r++) {
                    int v = hr_count_of(h->counts[i], r) == 4
                                ? R->five_kind[r]
                                : prev[hr_slot(up, h->keys[i] + hr_rank_mult[r])];
                    if (v > best) best = v;
                }
                t[hr_slot(h, h->keys[i])] = (int16_t)best;
            }
        }
    if (R->flush) {
        for (int w = 1; w <= HR_MAX_FLUSH_WILD; w++) {
            const int16_t *prev = w == 1 ? R->flush : R->fw[w - 1];
            int16_t *t = malloc((1 << 13) * sizeof(int16_t));
            if (!t) return 0;
            R->fw[w] = t;
            for (uint32_t lane = 0; lane < (1u << 13); lane++) {
                int best = prev[lane];
                for (int r = 0; r < HR_NRANKS; r++)
                    if (!(lane >> r & 1) && prev[lane | (1u << r)] > best)
                        best = prev[lane | (1u << r)];
                t[lane] = (int16_t)best;
            }
        }
    }
    /* bugs (only where five of a kind exists, i.e. high rules): every bug an
     * ace, or the bugs complete a straight (flushes come from fw) */
    if (R->five_kind[12] >= 0)
        for (int b = 1; b <= 2; b++)
            for (int n = 5 - b; n + b <= HR_MAX_HASHED; n++) {
                const hr_hash_t *h = &hr_hashes[n];
                int16_t *t = malloc(h->size * sizeof(int16_t));
                if (!t) return 0;
                R->bw[b][n] = t;
                for (uint32_t i = 0; i < h->size; i++) t[i] = -1;
                for (uint32_t i = 0; i < h->n; i++) {
                    uint64_t counts = h->counts[i];
                    uint32_t ranks = 0;
                    for (int r = 0; r < HR_NRANKS; r++)
                        if (hr_count_of(counts, r)) ranks |= 1u << r;
                    int best = hr_count_of(counts, 12) + b >= 5
                        ? R->five_kind[12]
                        : R->value[n + b][hr_slot(&hr_hashes[n + b],
                                                  h->keys[i] + (uint32_t)b * hr_rank_mult[12])];
                    for (int top = 3; top < HR_NRANKS; top++) {
                        uint32_t window = top == 3 ? 0x100fu : 0x1fu << (top - 4), key = 0;
                        if (hr_popcount64(window & ~ranks) > b) continue;
                        for (int r = 0; r < HR_NRANKS; r++)
                            if (window >> r & 1) key += hr_rank_mult[r];
                        int v = R->value[5][hr_slot(&hr_hashes[5], key)];
                        if (v > best) best = v;
                    }
                    t[hr_slot(h, h->keys[i])] = (int16_t)best;
                }
            }
    R->wild_built = 1;
    return 1;
}

#endif /* HANDRANK_HR_TABLES_H */
