/*
 * handrank table generation.
 *
 * Everything the evaluator looks up is computed here from first principles at
 * import time (a few milliseconds), nothing is checked in:
 *
 *  1. hr_hash_t, one per hand size k = 5..7 (hr_hash.h): every multiset of k
 *     ranks (each at most four times) has a distinct rank key (hr_rank_mult);
 *     a row-displaced perfect hash maps the key to a small slot number:
 *         slot = key + off[key >> shift]
 *  2. hr_rule_t (hr_rule.h), one per rule set, from an hr_ruledef_t (the
 *     deck's ranks, the hand size, the ace, which patterns exist and their
 *     order, low or high, the qualifier, how a bug plays):
 *       - the classes: every n-card equivalence class, sorted worst to best, so a
 *         class's strength is its position (dense by construction);
 *       - value[k][slot]: strength of the best n of a rank multiset, all cards
 *         taken as off-suit; k = n from the classes, more by dropping one card;
 *       - flush[lane]: strength of the best n of one suit's 13-bit rank set,
 *         taken as all one suit (rule sets where flushes are patterns);
 *       - badugi[key]: for badugi, the strength of each unpaired rainbow set
 *         (hr_badugi.h);
 *       - the wild-card tables (hr_build_wild), on first use.
 */
#ifndef HANDRANK_HR_TABLES_H
#define HANDRANK_HR_TABLES_H

#include <stdlib.h>
#include <string.h>

#include "hr_badugi.h"
#include "hr_hash.h"
#include "hr_rule.h"

/* ------------------------------------------------------------------ */
/* Hand classes                                                        */

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

/* Build every table of one rule set.  Returns 1 on success, 0 on failure
 * (out of memory or an inconsistent definition). */
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
    hr_hand_sizes(def, &R->kmin, &R->kmax);
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
