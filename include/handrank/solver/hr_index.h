/*
 * handrank canonical hand indexes: a dense index of the suit-isomorphism
 * classes of hands dealt in rounds (hold'em: 2 hole cards, then 3, 1 and 1
 * board cards), after K. Waugh, "A Fast and Optimal Hand Isomorphism
 * Algorithm" (2013).  Cards within a round are a set; suits are
 * interchangeable.
 *
 * How a hand is indexed.
 *  - Each suit s holds one rank set S[s][r] per round r.  Its *tuple* is the
 *    sizes (|S[s][0]|, ..., |S[s][R-1]|), packed in mixed radix into a
 *    *tuple code* (round 0 most significant).  Its *suit index* x is the
 *    mixed-radix number whose digit for round r is the colex rank of S[s][r]
 *    among the rank sets of that size drawn from the ranks the suit has not
 *    used in earlier rounds (ranks renumbered 0.. after removing those).
 *    ntab[code] is how many suit indexes a tuple has.
 *  - The suits are sorted by (tuple code, x), descending.  The four sorted
 *    codes are the hand's *configuration*, packed into a 64-bit key; the
 *    configurations of all hands, ascending by key, own consecutive index
 *    ranges starting at offsets[c].
 *  - Suits with the same tuple form a group whose order does not matter: a
 *    group of m suits with suit indexes x0 >= x1 >= ... is ranked as a
 *    multiset, rank = sum_l C(x_l + m-1-l, m-l), among C(ntab + m-1, m).
 *  - The index is offsets[c] plus the group ranks in mixed radix, first
 *    group most significant.
 *
 * The configuration table (keys, offsets, ntab) is built by the caller
 * (handrank.solver._index), which also refuses rounds whose index would not fit
 * in 63 bits.  The loops run on a resolved thread count (team, from hr_team)
 * through hr_rows (hr_rows.h).
 */
#ifndef HANDRANK_HR_INDEX_H
#define HANDRANK_HR_INDEX_H

#include "../base/hr_core.h"
#include "../base/hr_rows.h"

#define HR_IX_MAX_ROUNDS 8
#define HR_IX_BLOCK 4096          /* rows per parallel block */

typedef struct {
    int nrounds;
    int cards[HR_IX_MAX_ROUNDS];   /* cards dealt in each round */
    int radix[HR_IX_MAX_ROUNDS];   /* tuple code radix of each round: min(cards, 13) + 1 */
    int total;                     /* cards in all rounds */
    int64_t nconfigs;
    const uint64_t *ntab;          /* suit indexes per tuple code (0: impossible) */
    const uint64_t *keys;          /* configuration keys, ascending */
    const int64_t *offsets;        /* first index of each configuration; [nconfigs] = size */
    const int32_t *hash;           /* 2^hash_bits slots: a configuration number or -1 */
    int hash_bits;                 /* 2^hash_bits >= 2 * nconfigs */
} hr_index_t;

/* C(n, k) for n, k <= 13 (rank sets of one suit). */
static uint64_t hr_ix_c13[14][14];

/* Tables for the hot loop (no branches on the cards, no POPCNT needed):
 * hr_ix_bits[v]   bits set in a 13-bit rank set v;
 * hr_ix_colex[v]  the colex rank of v among the sets of its size;
 * hr_ix_lo/hi     a rank set with the ranks of u removed and the rest
 *                 renumbered from 0 (the low 7 and the high 6 ranks). */
static uint8_t hr_ix_bits[1 << 13];
static uint16_t hr_ix_colex[1 << 13];
static uint8_t hr_ix_lo[1 << 14];
static uint8_t hr_ix_hi[1 << 12];

/* The ranks of v not in u, renumbered from 0 (v and u below 2^w). */
static uint32_t hr_ix_squeeze(uint32_t v, uint32_t u, int w)
{
    uint32_t out = 0;
    int at = 0;
    for (int q = 0; q < w; q++) {
        if (u >> q & 1) continue;
        out |= (v >> q & 1) << at++;
    }
    return out;
}

static void hr_ix_init(void)
{
    for (int v = 1; v < (1 << 13); v++) hr_ix_bits[v] = (uint8_t)(hr_ix_bits[v >> 1] + (v & 1));
    for (int n = 0; n < 14; n++) {
        hr_ix_c13[n][0] = 1;
        for (int k = 1; k < 14; k++)
            hr_ix_c13[n][k] = n == 0 ? 0 : hr_ix_c13[n - 1][k - 1] + hr_ix_c13[n - 1][k];
    }
    for (uint32_t v = 0; v < (1u << 13); v++) {
        uint32_t rest = v, rank = 0;
        for (int i = 1; rest; i++) {
            rank += (uint32_t)hr_ix_c13[hr_ctz64(rest)][i];
            rest &= rest - 1;
        }
        hr_ix_colex[v] = (uint16_t)rank;
    }
    for (uint32_t v = 0; v < (1u << 7); v++)
        for (uint32_t u = 0; u < (1u << 7); u++)
            hr_ix_lo[v << 7 | u] = (uint8_t)hr_ix_squeeze(v, u, 7);
    for (uint32_t v = 0; v < (1u << 6); v++)
        for (uint32_t u = 0; u < (1u << 6); u++)
            hr_ix_hi[v << 6 | u] = (uint8_t)hr_ix_squeeze(v, u, 6);
}

HR_INLINE uint64_t hr_ix_gcd(uint64_t a, uint64_t b)
{
    while (b) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* C(y, j) for 0 <= j <= 4, exact whenever the result fits in 64 bits: each
 * step C(y, i) = C(y, i-1) * (y-i+1) / i divides before it multiplies. */
HR_INLINE uint64_t hr_ix_binom(uint64_t y, int j)
{
    if (y < (uint64_t)j) return 0;
    switch (j) {                      /* the products fit in 64 bits: no division */
    case 0: return 1;
    case 1: return y;
    case 2: if (y < (1ULL << 32)) return y * (y - 1) / 2; break;
    case 3: if (y < (1ULL << 21)) return y * (y - 1) * (y - 2) / 6; break;
    case 4: if (y < (1ULL << 16)) return y * (y - 1) * (y - 2) * (y - 3) / 24; break;
    default: break;
    }
    uint64_t c = 1;
    for (int i = 1; i <= j; i++) {
        const uint64_t g = hr_ix_gcd(c, (uint64_t)i);
        c = (c / g) * ((y - (uint64_t)(i - 1)) / ((uint64_t)i / g));
    }
    return c;
}

/* The tuple code and suit index of each suit of one hand (I->total codes,
 * round by round).  Returns 0, or -1 for a code above 51 or a card twice. */
HR_INLINE int hr_ix_suits(const hr_index_t *I, const uint8_t *cards, uint32_t code[4],
                          uint64_t x[4])
{
    uint16_t sets[4][HR_IX_MAX_ROUNDS];
    uint64_t used = 0;
    int at = 0;
    for (int r = 0; r < I->nrounds; r++) {
        sets[0][r] = sets[1][r] = sets[2][r] = sets[3][r] = 0;
        for (int i = 0; i < I->cards[r]; i++) {
            const int c = cards[at++];
            if (c > 51) return -1;
            const uint64_t bit = HR_BIT(c);
            if (used & bit) return -1;
            used |= bit;
            sets[HR_SUIT(c)][r] |= (uint16_t)(1u << HR_RANK(c));
        }
    }
    for (int s = 0; s < 4; s++) {
        uint32_t cd = 0;
        uint64_t xs = 0;
        uint32_t u = 0;   /* ranks of this suit in earlier rounds */
        for (int r = 0; r < I->nrounds; r++) {
            const uint32_t set = sets[s][r];
            const int t = hr_ix_bits[set];
            const int avail = 13 - hr_ix_bits[u];
            /* the set's ranks among those the suit has left, then its colex rank */
            const uint32_t rel = hr_ix_lo[(set & 127) << 7 | (u & 127)] |
                                 (uint32_t)hr_ix_hi[(set >> 7) << 6 | u >> 7]
                                     << (7 - hr_ix_bits[u & 127]);
            cd = cd * (uint32_t)I->radix[r] + (uint32_t)t;
            xs = xs * hr_ix_c13[avail][t] + hr_ix_colex[rel];
            u |= sets[s][r];
        }
        code[s] = cd;
        x[s] = xs;
    }
    return 0;
}

HR_INLINE uint32_t hr_ix_slot(uint64_t key, int bits)
{
    return (uint32_t)((key * 0x9E3779B97F4A7C15ULL) >> (64 - bits));
}

/* Fill the hash of configuration keys (open addressing, linear probing):
 * table has 2^bits slots, 2^bits >= 2 * nconfigs, 4 <= bits <= 30. */
static void hr_ix_build_hash(const hr_index_t *I, int32_t *table, int bits)
{
    const uint32_t mask = (1u << bits) - 1;
    for (uint32_t h = 0; h <= mask; h++) table[h] = -1;
    for (int64_t c = 0; c < I->nconfigs; c++) {
        uint32_t h = hr_ix_slot(I->keys[c], bits);
        while (table[h] >= 0) h = (h + 1) & mask;
        table[h] = (int32_t)c;
    }
}

/* The configuration number of a key, or -1. */
HR_INLINE int64_t hr_ix_config(const hr_index_t *I, uint64_t key)
{
    const uint32_t mask = (1u << I->hash_bits) - 1;
    uint32_t h = hr_ix_slot(key, I->hash_bits);
    for (;;) {
        const int32_t c = I->hash[h];
        if (c < 0 || I->keys[c] == key) return c;
        h = (h + 1) & mask;
    }
}

/* The index of one hand, or -1 for a bad hand. */
HR_INLINE int64_t hr_ix_one(const hr_index_t *I, const uint8_t *cards)
{
    uint32_t code[4];
    uint64_t x[4], k[4];
    if (hr_ix_suits(I, cards, code, x)) return -1;
    for (int s = 0; s < 4; s++) k[s] = (uint64_t)code[s] << 40 | x[s];   /* x < 2^34 */
    /* sort descending (a sorting network of five exchanges) */
#define HR_IX_SWAP_(a, b) { const uint64_t p_ = k[a], q_ = k[b];     \
                           k[a] = p_ > q_ ? p_ : q_; k[b] = p_ > q_ ? q_ : p_; }
    HR_IX_SWAP_(0, 1) HR_IX_SWAP_(2, 3) HR_IX_SWAP_(0, 2) HR_IX_SWAP_(1, 3) HR_IX_SWAP_(1, 2)
#undef HR_IX_SWAP_
    const uint64_t key =
        (k[0] >> 40) << 48 | (k[1] >> 40) << 32 | (k[2] >> 40) << 16 | (k[3] >> 40);
    const int64_t c = hr_ix_config(I, key);
    if (c < 0) return -1;
    uint64_t within = 0;
    const uint64_t xmask = (1ULL << 40) - 1;
    for (int i = 0; i < 4;) {
        const uint64_t cd = k[i] >> 40;
        int j = i + 1;
        while (j < 4 && (k[j] >> 40) == cd) j++;
        const int m = j - i;
        const uint64_t nt = I->ntab[cd];
        uint64_t count, rank;
        if (nt == 1) {                     /* e.g. suits with no cards: one way */
            i = j;
            continue;
        }
        if (m == 1) {
            count = nt;
            rank = k[i] & xmask;
        } else {
            count = hr_ix_binom(nt + (uint64_t)m - 1, m);
            rank = 0;
            for (int l = 0; l < m; l++)
                rank += hr_ix_binom((k[i + l] & xmask) + (uint64_t)(m - 1 - l), m - l);
        }
        within = within * count + rank;
        i = j;
    }
    return I->offsets[c] + (int64_t)within;
}

static int64_t hr_ix_rows_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_rows_io_t *a = (const hr_rows_io_t *)arg;
    const hr_index_t *I = (const hr_index_t *)a->ctx;
    const uint8_t *cards = (const uint8_t *)a->in;
    int64_t *out = (int64_t *)a->out;
    const int64_t total = I->total;
    for (int64_t row = lo; row < hi; row++) {
        const int64_t v = hr_ix_one(I, cards + row * total);
        out[row] = v;
        if (HR_UNLIKELY(v < 0)) return row;
    }
    return -1;
}

/* Indexes of rows [lo, hi) of an (n, I->total) C-contiguous uint8 array
 * into out[lo..hi).  Returns the first bad row (a code above 51, a card
 * twice) or -1. */
static int64_t hr_index_rows(const hr_index_t *I, const uint8_t *cards, int64_t lo, int64_t hi,
                             int64_t *out, int team)
{
    const hr_rows_io_t a = {I, cards, out};
    return hr_rows(hr_ix_rows_part, &a, lo, hi, HR_IX_BLOCK, team);
}

/* ------------------------------------------------------------------ */
/* The inverse                                                          */

/* The largest y in [ylo, yhi) with C(y, j) <= r (C(ylo, j) <= r holds). */
HR_INLINE uint64_t hr_ix_largest(uint64_t r, int j, uint64_t ylo, uint64_t yhi)
{
    while (yhi - ylo > 1) {
        const uint64_t mid = ylo + (yhi - ylo) / 2;
        if (hr_ix_binom(mid, j) <= r) ylo = mid;
        else yhi = mid;
    }
    return ylo;
}

/* A representative hand of index v: each round's cards in descending code
 * order, the suits of the sorted configuration spades, hearts, diamonds,
 * clubs.  Returns 0, or -1 for an index outside 0..size-1. */
HR_INLINE int hr_ix_hand(const hr_index_t *I, int64_t v, uint8_t *out)
{
    if (v < 0 || v >= I->offsets[I->nconfigs]) return -1;
    int64_t lo = 0, hi = I->nconfigs;          /* the last c with offsets[c] <= v */
    while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (I->offsets[mid] <= v) lo = mid;
        else hi = mid;
    }
    const uint64_t key = I->keys[lo];
    uint64_t within = (uint64_t)(v - I->offsets[lo]);
    uint32_t code[4];
    uint64_t x[4];
    for (int p = 0; p < 4; p++) code[p] = (uint32_t)(key >> (48 - 16 * p)) & 0xFFFF;
    /* group ranks, last group least significant */
    int starts[4], sizes[4], ng = 0;
    for (int i = 0; i < 4;) {
        int j = i + 1;
        while (j < 4 && code[j] == code[i]) j++;
        starts[ng] = i;
        sizes[ng++] = j - i;
        i = j;
    }
    for (int g = ng - 1; g >= 0; g--) {
        const int i = starts[g], m = sizes[g];
        const uint64_t nt = I->ntab[code[i]];
        if (m == 1) {
            x[i] = within % nt;
            within /= nt;
            continue;
        }
        const uint64_t count = hr_ix_binom(nt + (uint64_t)m - 1, m);
        uint64_t r = within % count;
        within /= count;
        uint64_t top = nt + (uint64_t)m - 1;    /* y_l < top */
        for (int l = 0; l < m; l++) {
            const int jj = m - l;
            const uint64_t y = hr_ix_largest(r, jj, (uint64_t)(jj - 1), top);
            r -= hr_ix_binom(y, jj);
            x[i + l] = y - (uint64_t)(m - 1 - l);
            top = y;
        }
    }
    /* each suit's rank sets, round by round */
    int at[HR_IX_MAX_ROUNDS], fill[HR_IX_MAX_ROUNDS];
    at[0] = 0;
    for (int r = 1; r < I->nrounds; r++) at[r] = at[r - 1] + I->cards[r - 1];
    for (int r = 0; r < I->nrounds; r++) fill[r] = 0;
    for (int p = 0; p < 4; p++) {
        const int suit = 3 - p;
        int t[HR_IX_MAX_ROUNDS];
        uint64_t digit[HR_IX_MAX_ROUNDS];
        uint32_t cd = code[p];
        for (int r = I->nrounds - 1; r >= 0; r--) {
            t[r] = (int)(cd % (uint32_t)I->radix[r]);
            cd /= (uint32_t)I->radix[r];
        }
        int avail[HR_IX_MAX_ROUNDS], a = 13;
        for (int r = 0; r < I->nrounds; r++) {
            avail[r] = a;
            a -= t[r];
        }
        uint64_t xs = x[p];
        for (int r = I->nrounds - 1; r >= 0; r--) {
            const uint64_t rad = hr_ix_c13[avail[r]][t[r]];
            digit[r] = xs % rad;
            xs /= rad;
        }
        uint32_t u = 0;
        for (int r = 0; r < I->nrounds; r++) {
            uint64_t d = digit[r];
            uint32_t set = 0;
            int v_hi = avail[r];                 /* relative ranks below v_hi */
            for (int i = t[r]; i >= 1; i--) {
                int rel = v_hi - 1;
                while (hr_ix_c13[rel][i] > d) rel--;
                d -= hr_ix_c13[rel][i];
                v_hi = rel;
                /* the rel-th rank (from 0) not in u */
                uint32_t free_ranks = ~u & 0x1FFFu;
                for (int q = 0; q < rel; q++) free_ranks &= free_ranks - 1;
                set |= 1u << hr_ctz64(free_ranks);
            }
            u |= set;
            while (set) {
                const int rank = hr_ctz64(set);
                set &= set - 1;
                if (fill[r] < I->cards[r]) out[at[r] + fill[r]++] = (uint8_t)(4 * rank + suit);
            }
        }
    }
    /* each round in descending code order */
    for (int r = 0; r < I->nrounds; r++) {
        uint8_t *o = out + at[r];
        for (int i = 1; i < I->cards[r]; i++) {
            const uint8_t c = o[i];
            int j = i;
            while (j > 0 && o[j - 1] < c) {
                o[j] = o[j - 1];
                j--;
            }
            o[j] = c;
        }
    }
    return 0;
}

static int64_t hr_ix_hands_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_rows_io_t *a = (const hr_rows_io_t *)arg;
    const hr_index_t *I = (const hr_index_t *)a->ctx;
    const int64_t *idx = (const int64_t *)a->in;
    uint8_t *out = (uint8_t *)a->out;
    const int64_t total = I->total;
    for (int64_t row = lo; row < hi; row++)
        if (HR_UNLIKELY(hr_ix_hand(I, idx[row], out + row * total))) return row;
    return -1;
}

/* Representative hands (n, I->total) of indexes [lo, hi).  Returns the
 * first index outside 0..size-1 (its row) or -1. */
static int64_t hr_index_hands(const hr_index_t *I, const int64_t *idx, int64_t lo, int64_t hi,
                              uint8_t *out, int team)
{
    const hr_rows_io_t a = {I, idx, out};
    return hr_rows(hr_ix_hands_part, &a, lo, hi, HR_IX_BLOCK, team);
}

#endif /* HANDRANK_HR_INDEX_H */
