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
 *  2. hr_rule_t, one per rule set, from an hr_ruledef_t (the deck's ranks,
 *     the hand size, the ace, which patterns exist and their order, low or
 *     high, the qualifier, how a bug plays):
 *       - the classes: every n-card equivalence class, sorted worst to best, so a
 *         class's strength is its position (dense by construction);
 *       - value[k][slot]: strength of the best n of a rank multiset, all cards
 *         taken as off-suit; k = n from the classes, more by dropping one card;
 *       - flush[lane]: strength of the best n of one suit's 13-bit rank set,
 *         taken as all one suit (rule sets where flushes are patterns);
 *       - badugi[key]: for badugi, the strength of each unpaired rainbow set.
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
enum { HR_BUG_ACE = 0, HR_BUG_WILD = 1 };
enum { HR_KIND_POKER = 0, HR_KIND_BADUGI = 1 };

/* Category numbers, as handrank.Category. */
enum {
    HR_HIGH_CARD = 0, HR_ONE_PAIR, HR_TWO_PAIR, HR_THREE_OF_A_KIND, HR_STRAIGHT,
    HR_FLUSH, HR_FULL_HOUSE, HR_FOUR_OF_A_KIND, HR_STRAIGHT_FLUSH, HR_ROYAL_FLUSH,
    HR_FIVE_OF_A_KIND, HR_NCATS
};

/*
 * A rule set, as data (filled from handrank._rules.RuleSet, its one source):
 *   kind       HR_KIND_POKER: the best n-card poker hand; HR_KIND_BADUGI: the
 *              best set of cards of different ranks and different suits;
 *   ranks      the deck's ranks, bit r for rank r (0 = deuce .. 12 = ace);
 *   n          cards in a hand that plays (5; 3 for three-card poker);
 *   ace        HR_ACE_HIGH (high, and low in the lowest straight: A-2-3-4-5,
 *              or A-6-7-8-9 in a deck from six up), HR_ACE_HIGH_ONLY,
 *              HR_ACE_LOW (the lowest card; A-2-3-4-5 is then a plain sequence);
 *   straights, flushes   whether they are hand patterns (straights are n
 *              consecutive deck ranks in the rule's order of ranks);
 *   low        lower hands win: strengths number the classes from the worst
 *              low up, so higher is still better;
 *   qualifier  rank of the highest card a qualifying low may hold, or -1;
 *   five_kind  five of a kind is a pattern (wild cards make it);
 *   bug        how a joker that is a bug plays: HR_BUG_ACE (an ace, or any
 *              card that completes a straight or flush) or HR_BUG_WILD;
 *   order      each category's place among the patterns, the worst first, as
 *              a high hand would read them (a low rule set inverts the
 *              whole order afterwards); -1 for a category that cannot occur;
 *   partial    hands of 1..n-1 cards are ranked too, on one dense scale with
 *              the full ones: a missing card is the worst kicker (below the
 *              deuce for a high hand, above the king for a low one).
 */
typedef struct {
    int kind;
    int ranks;
    int n;
    int ace;
    int straights, flushes;
    int low;
    int qualifier;
    int five_kind;
    int bug;
    int order[HR_NCATS];
    int partial;
} hr_ruledef_t;

#define HR_MAX_CLASSES 10000
#define HR_MAX_FLUSH_WILD 4   /* with five wild cards a flush is never the best hand */
#define HR_MAX_STRAIGHTS 14
#define HR_BADUGI_KEYS (4 << 13)
#define HR_BADUGI_HANDS 521855     /* C(61, 4): masks of four cards, bits 0..60 */

typedef struct {
    int k, shift;
    uint32_t nrows, size, n;
    int32_t *off;        /* [nrows] displacement of each row */
    uint32_t *keys;      /* [n] rank key of each multiset */
    uint64_t *counts;    /* [n] counts, 3 bits per rank */
} hr_hash_t;

typedef struct {
    hr_ruledef_t def;
    int flush_mode;              /* HR_FLUSH_*: how the evaluator treats a flush */
    int nclasses;                /* distinct n-card values, five of a kind included */
    int kmin, kmax;              /* cards an evaluated hand may hold */
    uint64_t fadj;               /* added to a key's suit counters: bit 3 of a
                                    counter is then set by n cards of one suit */
    int16_t qual;                /* lows below this strength do not qualify (INT16_MIN: none) */
    int16_t *value[HR_MAX_HASHED + 1];  /* value[k][slot], k = n..7 */
    int16_t *flush;              /* [8192] or NULL */
    int16_t *badugi;             /* [HR_BADUGI_KEYS] badugi strength by (size - 1) << 13 | ranks */
    int16_t *badugi4;            /* [HR_BADUGI_HANDS] strength of every four-card hand, by the
                                    colex rank of its mask bits (hr_badugi_index) */
    int8_t *cat;                 /* [nclasses] category of each strength */
    uint8_t *ranks;              /* [5*nclasses] real ranks in order of significance */
    uint16_t *rankset;           /* [nclasses] bit r per rank r; HR_PAIRED if ranks repeat */
    int nstraights;              /* the straights' rank sets, as masks */
    uint32_t straight[HR_MAX_STRAIGHTS];
    int pos[HR_NRANKS];          /* each deck rank's place in the rule's order, -1 off the deck */
    /* wild-card tables, built on first use by hr_build_wild() */
    int wild_built;
    int16_t *nw[HR_MAX_HASHED + 1][HR_MAX_HASHED + 1];  /* nw[w][n][slot of n naturals] */
    int16_t *fw[HR_MAX_FLUSH_WILD + 1];                 /* fw[w][lane], w = 1..4 */
    int16_t *bw[3][HR_MAX_HASHED + 1];                  /* bw[b][n]: as nw, for bugs */
    int16_t five_kind[HR_NRANKS];                       /* five of a kind by rank, or -1 */
    /* Omaha rank tables, built on first use by hr_build_omaha() (hr_games.h) */
    int32_t *omaha_row;          /* [hr_hashes[5].size] board rank multiset -> row of omaha_best */
    int16_t *omaha_best;         /* [rows * HR_HOLE_PAIRS] best of a hole pair rank class + 3 board */
} hr_rule_t;

#define HR_PAIRED 0x8000

/* ------------------------------------------------------------------ */
/* Rank multiset hashes                                                */

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

/* ------------------------------------------------------------------ */
/* Hand classes                                                        */

/* Rank as the rule orders it: ace-low rules put the ace below the deuce.
 * This and hr_rank_of are the only place the ace-low order is written. */
HR_INLINE int hr_order_of(const hr_ruledef_t *d, int rank)
{
    return d->ace == HR_ACE_LOW ? (rank == 12 ? 0 : rank + 1) : rank;
}

HR_INLINE int hr_rank_of(const hr_ruledef_t *d, int order)
{
    return d->ace == HR_ACE_LOW ? (order == 0 ? 12 : order - 1) : order;
}

/* The straights of a rule set, as rank masks, from its deck: n deck ranks
 * in a row of the rule's order, and under HR_ACE_HIGH also the ace with the
 * n - 1 lowest deck ranks (the wheel).  Fills R->pos, R->straight. */
static void hr_find_straights(hr_rule_t *R)
{
    const hr_ruledef_t *d = &R->def;
    int seq[HR_NRANKS], m = 0;
    for (int r = 0; r < HR_NRANKS; r++) R->pos[r] = -1;
    for (int o = 0; o < HR_NRANKS; o++) {
        const int r = hr_rank_of(d, o);
        if (d->ranks >> r & 1) {
            R->pos[r] = m;
            seq[m++] = r;
        }
    }
    R->nstraights = 0;
    if (!d->straights || d->kind != HR_KIND_POKER) return;
    for (int lo = 0; lo + d->n <= m; lo++) {
        uint32_t set = 0;
        for (int i = 0; i < d->n; i++) set |= 1u << seq[lo + i];
        R->straight[R->nstraights++] = set;
    }
    if (d->ace == HR_ACE_HIGH && (d->ranks >> 12 & 1) && m > d->n) {
        uint32_t set = 1u << 12;
        for (int i = 0; i < d->n - 1; i++) set |= 1u << seq[i];
        R->straight[R->nstraights++] = set;
    }
}

/*
 * The sort key of n cards with rank counts cnt[] (all one suit if `flush`):
 * place << 24 | tie-break, where the place is the category's place in the
 * rule's order and the tie-break lists the order-ranks, most significant
 * first, 4 bits each (just the top card for straights).  Keys compare like
 * the hands, read as high hands (a low rule set inverts the order after).
 * sig[] receives the real ranks in order of significance.  Returns 0 for an
 * impossible combination (a flush with a pair, a rank off the deck) and
 * UINT64_MAX for a category the rule set does not order (a bad definition).
 */
static uint64_t hr_class_key(const hr_rule_t *R, const int cnt[HR_NRANKS], int flush,
                             uint8_t sig[5], int *category)
{
    const hr_ruledef_t *d = &R->def;
    int t[5], n = 0, groups[5], ng = 0;
    for (int c = 5; c >= 1; c--)
        for (int o = HR_NRANKS - 1; o >= 0; o--) {
            int r = hr_rank_of(d, o);
            if (cnt[r] == c) {
                if (R->pos[r] < 0) return 0;
                groups[ng++] = c;
                for (int i = 0; i < c && n < 5; i++) t[n++] = o;
            }
        }
    if (n != d->n && !(d->partial && n >= 1 && n < d->n)) return 0;
    const int distinct = ng == n;
    if (flush && (!distinct || n != d->n)) return 0;

    int straight = 0, top = t[0];
    if (distinct && d->straights && n == d->n) {
        uint32_t set = 0;
        for (int i = 0; i < n; i++) set |= 1u << hr_rank_of(d, t[i]);
        for (int i = 0; i < R->nstraights; i++)
            if (set == R->straight[i]) straight = 1;
        if (straight && d->ace == HR_ACE_HIGH && t[0] == 12 && R->pos[hr_rank_of(d, t[1])] == n - 2) {
            top = t[1];                 /* the wheel: the ace plays low */
            for (int i = 0; i < n - 1; i++) t[i] = t[i + 1];
            t[n - 1] = 12;
        }
    }
    int cat;
    if (groups[0] == 5) cat = HR_FIVE_OF_A_KIND;
    else if (groups[0] == 4) cat = HR_FOUR_OF_A_KIND;
    else if (groups[0] == 3) cat = ng > 1 && groups[1] == 2 ? HR_FULL_HOUSE : HR_THREE_OF_A_KIND;
    else if (groups[0] == 2) cat = ng > 1 && groups[1] == 2 ? HR_TWO_PAIR : HR_ONE_PAIR;
    else if (straight && flush)
        cat = (n == 5 && d->ace != HR_ACE_LOW && top == 12) ? HR_ROYAL_FLUSH : HR_STRAIGHT_FLUSH;
    else if (flush) cat = HR_FLUSH;
    else if (straight) cat = HR_STRAIGHT;
    else cat = HR_HIGH_CARD;
    if (d->order[cat] < 0) return UINT64_MAX;

    /* the tie-break: order-ranks + 1, most significant first; a missing card
     * (partial hands) is the worst kicker: 0 under a high reading (the last
     * kicker), 14 under a low one (whose order is inverted afterwards: the
     * first kicker, as the highest card) */
    uint64_t tb = 0;
    if (straight) {
        tb = (uint64_t)(top + 1) << 16;
    } else {
        int paired = 0;                          /* cards in groups of two or more */
        while (paired < n && cnt[hr_rank_of(d, t[paired])] >= 2) paired++;
        const int miss = d->n - n;
        for (int i = 0; i < paired; i++) tb = tb << 4 | ((uint64_t)t[i] + 1);
        if (d->low)
            for (int i = 0; i < miss; i++) tb = tb << 4 | 14;
        for (int i = paired; i < n; i++) tb = tb << 4 | ((uint64_t)t[i] + 1);
        if (!d->low)
            for (int i = 0; i < miss; i++) tb = tb << 4;
    }
    for (int i = 0; i < 5; i++) sig[i] = (uint8_t)(i < n ? hr_rank_of(d, t[i]) : 255);
    *category = cat;
    return ((uint64_t)d->order[cat] << 24) | tb;
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

/* 1 when every rank of a packed multiset is in the deck. */
static int hr_on_deck(const hr_rule_t *R, uint64_t packed)
{
    for (int r = 0; r < HR_NRANKS; r++)
        if (hr_count_of(packed, r) && R->pos[r] < 0) return 0;
    return 1;
}

static void hr_free_rule(hr_rule_t *R)
{
    for (int k = 0; k <= HR_MAX_HASHED; k++) free(R->value[k]);
    free(R->flush);
    free(R->badugi);
    free(R->badugi4);
    free(R->cat);
    free(R->ranks);
    free(R->rankset);
    for (int w = 0; w <= HR_MAX_HASHED; w++)
        for (int n = 0; n <= HR_MAX_HASHED; n++) free(R->nw[w][n]);
    for (int w = 0; w <= HR_MAX_FLUSH_WILD; w++) free(R->fw[w]);
    for (int b = 0; b < 3; b++)
        for (int n = 0; n <= HR_MAX_HASHED; n++) free(R->bw[b][n]);
    free(R->omaha_row);
    free(R->omaha_best);
    memset(R, 0, sizeof(*R));
}

/* Add the classes of every multiset of `left` more deck ranks from rank r up.
 * Sets *bad when a class falls in a category the definition does not order. */
static void hr_enum_class_rec(const hr_rule_t *R, hr_class_t *cls, int *n, int cnt[HR_NRANKS],
                              int r, int left, int *bad)
{
    const hr_ruledef_t *d = &R->def;
    if (r == HR_NRANKS) {
        if (left) return;
        for (int flush = 0; flush <= d->flushes; flush++) {
            int cat;
            int size = 0;
            for (int r2 = 0; r2 < HR_NRANKS; r2++) size += cnt[r2];
            if (flush && size != d->n) continue;
            uint8_t sig[5];
            uint64_t key = hr_class_key(R, cnt, flush, sig, &cat);
            if (key == UINT64_MAX) *bad = 1;
            else if (key && *n < 2 * HR_MAX_CLASSES) {
                cls[*n].key = key;
                cls[*n].cat = cat;
                memcpy(cls[*n].sig, sig, 5);
                (*n)++;
            }
        }
        return;
    }
    int maxc = R->pos[r] < 0 ? 0 : d->five_kind ? 5 : 4;
    for (int c = 0; c <= maxc && c <= left; c++) {
        cnt[r] = c;
        hr_enum_class_rec(R, cls, n, cnt, r + 1, left - c, bad);
    }
    cnt[r] = 0;
}

/* Enumerate the classes of a rule set into cls (sorted, distinct); returns
 * the count, or -1 for a definition that does not order a category it has. */
static int hr_enum_classes(const hr_rule_t *R, hr_class_t *cls)
{
    int n = 0, bad = 0, cnt[HR_NRANKS] = {0};
    for (int size = R->def.partial ? 1 : R->def.n; size <= R->def.n; size++)
        hr_enum_class_rec(R, cls, &n, cnt, 0, size, &bad);
    if (bad) return -1;
    qsort(cls, n, sizeof(hr_class_t), hr_cmp_class);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || cls[i].key != cls[m - 1].key) cls[m++] = cls[i];
    return m;
}

/* Whether the evaluator's flush shortcuts hold for this definition (see
 * hr_value and hr_value_omaha): where flushes count for the player, a flush
 * (or straight flush) must beat every pattern that can share a 7-card hand
 * with one -- a straight, trips, two pair, a pair, a high card -- and a
 * straight flush a flush; where they count against, the suited version of
 * five ranks must be worse than the same ranks off-suit. */
static int hr_flush_rules_hold(const hr_ruledef_t *d)
{
    if (!d->flushes) return 1;
    const int f = d->order[HR_FLUSH], sf = d->order[HR_STRAIGHT_FLUSH];
    if (f < 0 || f <= d->order[HR_HIGH_CARD]) return 0;
    if (d->straights && (sf < 0 || sf <= d->order[HR_STRAIGHT])) return 0;
    if (d->low) return 1;
    if (d->n < 5) return 1;   /* a three-card hand is only ever its own three cards */
    static const int beaten[] = {HR_STRAIGHT, HR_THREE_OF_A_KIND, HR_TWO_PAIR, HR_ONE_PAIR};
    for (int i = 0; i < 4; i++)
        if (d->order[beaten[i]] >= f) return 0;
    return !d->straights || sf > f;
}

static int hr_build_badugi(hr_rule_t *R);
static int hr_build_badugi4(hr_rule_t *R);

/* Build every table of one rule set.  Returns 1 on success, 0 on failure
 * (out of memory or an inconsistent definition). */
/* The qualifier of a low whose highest card may be `rank` (0..12 = 2..A):
 * the lowest qualifying strength, given that the qualifying hands (no
 * pattern, no card above the rank, as the rule set orders ranks) are
 * exactly the strongest classes; -1 when they are not, or none qualifies.
 * Needs R's classes (cat, ranks). */
static int hr_qualifier_strength(const hr_rule_t *R, int rank)
{
    const hr_ruledef_t *def = &R->def;
    int qmin = R->nclasses, nq = 0;
    const int limit = hr_order_of(def, rank);
    for (int s = 0; s < R->nclasses; s++) {
        const int top = hr_order_of(def, R->ranks[5 * s]);
        if (R->cat[s] == HR_HIGH_CARD && top <= limit) {
            nq++;
            if (s < qmin) qmin = s;
        }
    }
    return nq == 0 || qmin != R->nclasses - nq ? -1 : qmin;
}

static int hr_build_rule(hr_rule_t *R, const hr_ruledef_t *def)
{
    hr_class_t *cls = NULL;
    int cnt[HR_NRANKS], cat, ok = 0;
    uint8_t sig[5];

    memset(R, 0, sizeof(*R));
    R->def = *def;
    if ((def->ranks & 0x1fff) != def->ranks || hr_popcount64((uint64_t)def->ranks) < 5)
        return 0;
    hr_find_straights(R);
    R->qual = INT16_MIN;
    for (int r = 0; r < HR_NRANKS; r++) R->five_kind[r] = -1;
    if (def->kind == HR_KIND_BADUGI) {
        if (hr_build_badugi(R) && hr_build_badugi4(R)) return 1;
        hr_free_rule(R);
        return 0;
    }
    if (def->kind != HR_KIND_POKER || (def->n != 3 && def->n != 5)) return 0;
    if (!hr_flush_rules_hold(def)) return 0;
    if (def->bug == HR_BUG_ACE && !(def->ranks >> 12 & 1)) return 0;
    R->flush_mode = !def->flushes ? HR_FLUSH_IGNORE : def->low ? HR_FLUSH_AVOID : HR_FLUSH_BEST;
    R->kmin = def->partial ? 1 : def->n;
    R->kmax = def->n == 5 ? HR_MAX_CARDS : def->n;
    R->fadj = (uint64_t)(5 - def->n) * 0x1111u << 32;
    cls = malloc(HR_MAX_CLASSES * 2 * sizeof(hr_class_t));
    if (!cls) return 0;
    R->nclasses = hr_enum_classes(R, cls);
    if (R->nclasses <= 0 || R->nclasses > HR_MAX_CLASSES) goto done;

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
        for (int j = 0; j < def->n && cls[i].sig[j] != 255; j++) {
            if (set >> cls[i].sig[j] & 1) set |= HR_PAIRED;
            set |= (uint16_t)(1u << cls[i].sig[j]);
        }
        R->rankset[s] = set;
    }

    for (int st = 0; st < R->nclasses; st++)
        if (R->cat[st] == HR_FIVE_OF_A_KIND) R->five_kind[R->ranks[5 * st]] = (int16_t)st;

    if (def->qualifier >= 0) {
        const int q = hr_qualifier_strength(R, def->qualifier);
        if (q < 0) goto done;
        R->qual = (int16_t)q;
    }

    /* n cards (and fewer, for partial hands): straight from the classes */
    for (int k = R->kmin; k <= def->n; k++) {
        const hr_hash_t *h = &hr_hashes[k];
        R->value[k] = malloc(HR_VALUE_ALLOC(h->size));
        if (!R->value[k]) goto done;
        for (uint32_t i = 0; i <= h->size; i++) R->value[k][i] = -1;
        for (uint32_t i = 0; i < h->n; i++) {
            hr_counts_array(h->counts[i], cnt);
            uint64_t key = hr_class_key(R, cnt, 0, sig, &cat);
            if (key && key != UINT64_MAX)
                R->value[k][hr_slot(h, h->keys[i])] = (int16_t)hr_strength_of_key(R, cls, key);
        }
    }
    /* more cards (up to 7; 8 and 9 drop cards at run time): the best of
     * dropping any one card */
    for (int k = def->n + 1; k <= (def->n == 5 ? HR_MAX_HASHED : def->n); k++) {
        const hr_hash_t *h = &hr_hashes[k], *g = &hr_hashes[k - 1];
        R->value[k] = malloc(HR_VALUE_ALLOC(h->size));
        if (!R->value[k]) goto done;
        for (uint32_t i = 0; i <= h->size; i++) R->value[k][i] = -1;
        for (uint32_t i = 0; i < h->n; i++) {
            if (!hr_on_deck(R, h->counts[i])) continue;
            int best = -1;
            for (int r = 0; r < HR_NRANKS; r++)
                if (hr_count_of(h->counts[i], r)) {
                    int v = R->value[k - 1][hr_slot(g, h->keys[i] - hr_rank_mult[r])];
                    if (v > best) best = v;
                }
            R->value[k][hr_slot(h, h->keys[i])] = (int16_t)best;
        }
    }
    /* flushes: n suited deck ranks from the classes, more by dropping one */
    if (def->flushes) {
        R->flush = malloc((1 << 13) * sizeof(int16_t));
        if (!R->flush) goto done;
        for (int pc = 0; pc <= HR_NRANKS; pc++)
            for (uint32_t lane = 0; lane < (1u << 13); lane++) {
                if (hr_popcount64(lane) != pc) continue;
                int best = -1;
                if ((lane & (uint32_t)def->ranks) != lane) {
                    best = -1;                      /* a rank off the deck */
                } else if (pc == def->n) {
                    for (int r = 0; r < HR_NRANKS; r++) cnt[r] = lane >> r & 1;
                    best = hr_strength_of_key(R, cls, hr_class_key(R, cnt, 1, sig, &cat));
                } else if (pc > def->n) {
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
/* Badugi                                                               */

/*
 * Badugi: of four cards, the largest set with no two of a rank and no two
 * of a suit plays; more cards beat fewer, and among sets of one size the
 * lower wins (compared from the highest card down, the ace low).  A set is
 * keyed by (size - 1) << 13 | its ranks as a 13-bit mask in ace-low order
 * (ace = bit 0): for one size, the lower hand has the smaller mask.  The
 * table maps keys to dense strengths, the best 4-3-2-A the highest.
 */
HR_INLINE uint32_t hr_low_bits(uint32_t lane)
{
    return ((lane << 1) | (lane >> 12)) & 0x1fffu;    /* ace to bit 0, deuce to bit 1 ... */
}

static int hr_build_badugi(hr_rule_t *R)
{
    const hr_ruledef_t *d = &R->def;
    if (d->n != 4 || d->ace != HR_ACE_LOW || !d->low) return 0;
    R->kmin = 4;                  /* more cards: the best badugi of any four of them */
    R->kmax = HR_MAX_CARDS;
    R->flush_mode = HR_FLUSH_IGNORE;
    R->badugi = malloc(HR_BADUGI_KEYS * sizeof(int16_t));
    R->cat = malloc(HR_BADUGI_KEYS);
    R->ranks = malloc(5 * (size_t)HR_BADUGI_KEYS);
    R->rankset = malloc(sizeof(uint16_t) * HR_BADUGI_KEYS);
    if (!R->badugi || !R->cat || !R->ranks || !R->rankset) {
        hr_free_rule(R);
        return 0;
    }
    const uint32_t deck = hr_low_bits((uint32_t)d->ranks);
    int s = 0;
    /* worst first: one card, highest mask first ... four cards, lowest mask last */
    for (int size = 1; size <= 4; size++)
        for (int m = 0x1fff; m >= 0; m--) {
            const int key = (size - 1) << 13 | m;
            R->badugi[key] = -1;
            if (hr_popcount64((uint64_t)m) != size || ((uint32_t)m & ~deck)) continue;
            R->badugi[key] = (int16_t)s;
            R->cat[s] = HR_HIGH_CARD;
            int j = 0;
            uint16_t set = 0;
            for (int b = 12; b >= 0; b--)
                if (m >> b & 1) {
                    const int rank = b == 0 ? 12 : b - 1;
                    R->ranks[5 * s + j++] = (uint8_t)rank;
                    set |= (uint16_t)(1u << rank);
                }
            while (j < 5) R->ranks[5 * s + j++] = 0xff;    /* no card */
            R->rankset[s] = set;
            s++;
        }
    R->nclasses = s;
    return 1;
}

/* Badugi strength of a hand of four distinct cards given by its mask: the
 * four cards if they make a badugi, else the best three that do, else the
 * best two, else the lowest card.  Within a size the table's value is
 * higher for the lower set, so the best is the maximum. */
HR_INLINE int hr_value_badugi(const int16_t *T, uint64_t mask)
{
    uint32_t r[4], s[4];
    uint64_t x = mask;
    for (int i = 0; i < 4; i++) {
        const int p = hr_ctz64(x);
        x &= x - 1;
        r[i] = hr_low_bits(1u << (p & 15));
        s[i] = 1u << (p >> 4);
    }
    const uint32_t R = r[0] | r[1] | r[2] | r[3], S = s[0] | s[1] | s[2] | s[3];
    if (hr_popcount64(R) == 4 && hr_popcount64(S) == 4) return T[3 << 13 | R];
    /* three cards: drop one (unrolled, from the pairs' unions) */
    const uint32_t r01 = r[0] | r[1], r23 = r[2] | r[3], s01 = s[0] | s[1], s23 = s[2] | s[3];
    const uint32_t r3[4] = {r[1] | r23, r[0] | r23, r01 | r[3], r01 | r[2]};
    const uint32_t s3[4] = {s[1] | s23, s[0] | s23, s01 | s[3], s01 | s[2]};
    int best = -1;
    for (int i = 0; i < 4; i++) {
        const int ok = (int)(hr_popcount64(r3[i]) == 3) & (int)(hr_popcount64(s3[i]) == 3);
        const int v = ok ? T[2 << 13 | r3[i]] : -1;
        best = v > best ? v : best;
    }
    if (best >= 0) return best;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 4; j++)
            if (r[i] != r[j] && s[i] != s[j]) {
                const int v = T[1 << 13 | r[i] | r[j]];
                best = v > best ? v : best;
            }
    if (best >= 0) return best;
    return T[R & (0u - R)];                          /* the lowest card alone */
}


/* C(p, 1..4) for bit positions p < 64, for hr_badugi_index. */
static uint32_t hr_badugi_binom[64][5];

/* The colex rank of a four-card mask's bit positions p0 < p1 < p2 < p3 (all
 * below 61): C(p0,1) + C(p1,2) + C(p2,3) + C(p3,4), in 0..HR_BADUGI_HANDS. */
HR_INLINE uint32_t hr_badugi_index(uint64_t mask)
{
    uint32_t idx = 0;
    for (int i = 1; i <= 4; i++) {
        idx += hr_badugi_binom[hr_ctz64(mask)][i];
        mask &= mask - 1;
    }
    return idx;
}

/* The badugi strength of 4..9 distinct cards (mask; B: R->badugi4): the
 * best of every four of them (a badugi of any size lies within some four
 * cards, and four cards are worth their best badugi).  The cards' bit
 * positions ascend, so each four's colex rank is a sum of binomials. */
static int hr_value_badugi_any(const int16_t *B, uint64_t mask)
{
    int pos[HR_MAX_CARDS], n = 0;
    for (uint64_t x = mask; x && n < HR_MAX_CARDS; x &= x - 1) pos[n++] = hr_ctz64(x);
    int best = -1;
    for (int a = 0; a < n; a++) {
        const uint32_t ia = hr_badugi_binom[pos[a]][1];
        for (int b = a + 1; b < n; b++) {
            const uint32_t ib = ia + hr_badugi_binom[pos[b]][2];
            for (int c = b + 1; c < n; c++) {
                const uint32_t ic = ib + hr_badugi_binom[pos[c]][3];
                for (int d = c + 1; d < n; d++) {
                    const int v = B[ic + hr_badugi_binom[pos[d]][4]];
                    best = v > best ? v : best;
                }
            }
        }
    }
    return best;
}

/* Fill R->badugi4: every four-card hand's strength, once, so evaluating a
 * badugi is one index and one lookup. */
static int hr_build_badugi4(hr_rule_t *R)
{
    for (int p = 0; p < 64; p++) {
        hr_badugi_binom[p][0] = 1;
        for (int k = 1; k <= 4; k++) {
            uint64_t c = 1;
            for (int i = 0; i < k; i++) c = c * (uint64_t)(p - i) / (uint64_t)(i + 1);
            hr_badugi_binom[p][k] = p >= k ? (uint32_t)c : 0;
        }
    }
    R->badugi4 = malloc(HR_BADUGI_HANDS * sizeof(int16_t));
    if (!R->badugi4) return 0;
    for (uint32_t i = 0; i < HR_BADUGI_HANDS; i++) R->badugi4[i] = -1;
    for (int a = 0; a < HR_NCARDS; a++)
        for (int b = a + 1; b < HR_NCARDS; b++)
            for (int c = b + 1; c < HR_NCARDS; c++)
                for (int d = c + 1; d < HR_NCARDS; d++) {
                    const uint64_t m = HR_BIT(a) | HR_BIT(b) | HR_BIT(c) | HR_BIT(d);
                    R->badugi4[hr_badugi_index(m)] = (int16_t)hr_value_badugi(R->badugi, m);
                }
    return 1;
}


/* ------------------------------------------------------------------ */
/* Wild cards                                                          */

/*
 * nw[w][n]: for every multiset of n natural ranks (n + w = 5..7), the best
 * five when w fully wild cards join it, all taken as off-suit: a wild becomes
 * any deck rank; a fifth card of a rank makes five of a kind where the rule
 * set has it and is not allowed where it does not.  Built by adding one wild
 * at a time:
 *     nw[w][n][m] = max over deck ranks r of nw[w-1][n+1][m + r]   (nw[0] = value)
 * fw[w][lane]: the best flush of one suit's ranks plus w wild cards, which
 * take deck ranks the suit lacks.  bw[b][n]: as nw for b bugs where a bug is
 * an ace or completes a straight (HR_BUG_ACE): the better of "every bug an
 * ace" and the best straight the bugs complete.  Only five-card poker rule
 * sets take wild cards.  Returns 1 on success.
 */
static int hr_build_wild(hr_rule_t *R)
{
    if (R->wild_built) return 1;
    if (R->def.kind != HR_KIND_POKER || R->def.n != 5) return 0;
    for (int w = 1; w <= HR_MAX_HASHED; w++)
        for (int n = (w >= 5 ? 0 : 5 - w); n + w <= HR_MAX_HASHED; n++) {
            const hr_hash_t *h = &hr_hashes[n], *up = &hr_hashes[n + 1];
            const int16_t *prev = w == 1 ? R->value[n + 1] : R->nw[w - 1][n + 1];
            int16_t *t = malloc(h->size * sizeof(int16_t));
            if (!t) return 0;
            R->nw[w][n] = t;
            for (uint32_t i = 0; i < h->size; i++) t[i] = -1;
            for (uint32_t i = 0; i < h->n; i++) {
                if (!hr_on_deck(R, h->counts[i])) continue;
                int best = -1;
                for (int r = 0; r < HR_NRANKS; r++) {
                    if (R->pos[r] < 0) continue;
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
                    if (R->pos[r] >= 0 && !(lane >> r & 1) && prev[lane | (1u << r)] > best)
                        best = prev[lane | (1u << r)];
                t[lane] = (int16_t)best;
            }
        }
    }
    if (R->def.bug == HR_BUG_ACE)
        for (int b = 1; b <= 2; b++)
            for (int n = 5 - b; n + b <= HR_MAX_HASHED; n++) {
                const hr_hash_t *h = &hr_hashes[n];
                int16_t *t = malloc(h->size * sizeof(int16_t));
                if (!t) return 0;
                R->bw[b][n] = t;
                for (uint32_t i = 0; i < h->size; i++) t[i] = -1;
                for (uint32_t i = 0; i < h->n; i++) {
                    uint64_t counts = h->counts[i];
                    if (!hr_on_deck(R, counts)) continue;
                    uint32_t ranks = 0;
                    for (int r = 0; r < HR_NRANKS; r++)
                        if (hr_count_of(counts, r)) ranks |= 1u << r;
                    int best = hr_count_of(counts, 12) + b >= 5
                        ? R->five_kind[12]
                        : R->value[n + b][hr_slot(&hr_hashes[n + b],
                                                  h->keys[i] + (uint32_t)b * hr_rank_mult[12])];
                    for (int j = 0; j < R->nstraights; j++) {
                        const uint32_t window = R->straight[j];
                        uint32_t key = 0;
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
