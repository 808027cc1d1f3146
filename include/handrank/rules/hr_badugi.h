/*
 * handrank badugi: its strength table (hr_build_badugi), every four-card
 * hand's strength (hr_build_badugi4), and the valuation of four to nine
 * cards from them (hr_value_badugi_any; hr_value calls it).
 */
#ifndef HANDRANK_HR_BADUGI_H
#define HANDRANK_HR_BADUGI_H

#include "hr_rule.h"

/*
 * Badugi: of four cards, the largest set with no two of a rank and no two
 * of a suit plays; more cards beat fewer, and among sets of one size the
 * lower wins (compared from the highest card down, the ace low -- or, under
 * an ace-high definition (badeucy's badugi), the ace high).  A set is keyed
 * by (size - 1) << 13 | its ranks as a 13-bit mask in ace-low order (ace =
 * bit 0), whatever the ace: the evaluator reads keys one way only.  The
 * table maps keys to dense strengths, built by walking the sets in the
 * rule's order of ranks, so the best (4-3-2-A, or 5-4-3-2 with the ace
 * high) is the highest.
 */
HR_INLINE uint32_t hr_low_bits(uint32_t lane)
{
    return ((lane << 1) | (lane >> 12)) & 0x1fffu;    /* ace to bit 0, deuce to bit 1 ... */
}

static int hr_build_badugi(hr_rule_t *R)
{
    const hr_ruledef_t *d = &R->def;
    if (d->n != 4 || !d->low) return 0;
    hr_hand_sizes(d, &R->kmin, &R->kmax);   /* more cards: the best badugi of any four */
    R->flush_mode = HR_FLUSH_IGNORE;
    R->badugi = malloc(HR_BADUGI_KEYS * sizeof(int16_t));
    R->cat = malloc(HR_BADUGI_KEYS);
    R->ranks = malloc(5 * (size_t)HR_BADUGI_KEYS);
    R->rankset = malloc(sizeof(uint16_t) * HR_BADUGI_KEYS);
    if (!R->badugi || !R->cat || !R->ranks || !R->rankset) {
        hr_free_rule(R);
        return 0;
    }
    for (int key = 0; key < HR_BADUGI_KEYS; key++) R->badugi[key] = -1;
    int s = 0;
    /* worst first: one card, highest set first ... four cards, lowest set
     * last; m is a set of ranks in the rule's order (bit o: the rank of
     * order o, hr_rank_of), so for one size the lower hand has the smaller m */
    for (int size = 1; size <= 4; size++)
        for (int m = 0x1fff; m >= 0; m--) {
            if (hr_popcount64((uint64_t)m) != size) continue;
            int j = 0;
            uint16_t set = 0;
            for (int o = 12; o >= 0; o--)
                if (m >> o & 1) {
                    const int rank = hr_rank_of(d, o);
                    R->ranks[5 * s + j++] = (uint8_t)rank;
                    set |= (uint16_t)(1u << rank);
                }
            if ((uint32_t)set & ~(uint32_t)d->ranks) continue;     /* a rank off the deck */
            while (j < 5) R->ranks[5 * s + j++] = 0xff;    /* no card */
            R->badugi[(size - 1) << 13 | hr_low_bits(set)] = (int16_t)s;
            R->cat[s] = HR_HIGH_CARD;
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
    for (int i = 0; i < 4; i++) {                    /* the lowest card alone (by the */
        const int v = T[r[i]];                       /* rule's ace: the table knows) */
        best = v > best ? v : best;
    }
    return best;
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


#endif /* HANDRANK_HR_BADUGI_H */
