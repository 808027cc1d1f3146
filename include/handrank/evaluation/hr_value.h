/*
 * handrank valuation: the per-hand hot path, THE function that values a
 * hand (hr_value), and the row check before it (hr_row_codes).
 *
 * Codes path (the fast one).  Each card code indexes a 16-byte entry
 * {mask bit, key}; the key holds the card's rank multiplier in bits 0..31 and
 * a 4-bit counter per suit in bits 32..47.  Summing the entries of a hand gives
 *   - its mask: popcount(mask) == k exactly when every code is a valid card and
 *     no card repeats (invalid codes contribute 0, a repeat carries into a
 *     neighbouring bit), so validation costs one popcount and one compare;
 *   - its rank key, which the perfect hash turns into a table slot;
 *   - its suit counters, started at 3, so bit 3 of a counter is set when that
 *     suit holds five or more cards.
 * A k <= 7 card hand without a five-card suit is then one hash lookup; a flush
 * under high rules is one lookup in the 8192-entry flush table.  Rare cases
 * (8 or 9 cards, flushes that count against the player) take hr_value_slow.
 * Wild cards and jokers are valued here too (hr_value_any, hr_value_wild7)
 * from the rule set's wild tables (hr_build_wild).
 */
#ifndef HANDRANK_HR_VALUE_H
#define HANDRANK_HR_VALUE_H

#include <string.h>

#include "../rules/hr_badugi.h"
#include "../base/hr_core.h"
#include "../rules/hr_hash.h"
#include "../rules/hr_rule.h"

#define HR_SUIT_INIT (0x3333ULL << 32)
#define HR_FLUSH_BITS (0x8888ULL << 32)

/* How the valuation treats a hand, from the rule set: the flush handling
 * (HR_FLUSH_BEST, _IGNORE, _AVOID) or badugi.  The loops are specialised on
 * it, and separately on whether a low qualifier applies. */
enum { HR_MODE_BEST = HR_FLUSH_BEST, HR_MODE_IGNORE = HR_FLUSH_IGNORE,
       HR_MODE_AVOID = HR_FLUSH_AVOID, HR_MODE_BADUGI = 3 };

HR_INLINE int hr_mode_of(const hr_rule_t *R)
{
    return R->def.kind == HR_KIND_BADUGI ? HR_MODE_BADUGI : R->flush_mode;
}

#if defined(__GNUC__) || defined(__clang__)
typedef uint64_t hr_v2 __attribute__((vector_size(16)));
#define HR_V2_ADD(a, b) ((a) + (b))
#define HR_V2_LO(v) ((v)[0])
#define HR_V2_HI(v) ((v)[1])
#else
typedef struct { uint64_t lo, hi; } hr_v2;
HR_INLINE hr_v2 hr_v2_add(hr_v2 a, hr_v2 b) { hr_v2 r = {a.lo + b.lo, a.hi + b.hi}; return r; }
#define HR_V2_ADD(a, b) hr_v2_add((a), (b))
#define HR_V2_LO(v) ((v).lo)
#define HR_V2_HI(v) ((v).hi)
#endif

#define HR_WILD_ONE (1ULL << 48)      /* a wild card counts here instead */
#define HR_WILD_COUNT(key) ((int)((key) >> 48) & 15)

/* A compiled deck: which cards exist (the deck's ranks in four suits, and
 * jokers where a wild setting makes them legal), which of them are wild and
 * whether jokers are bugs, and every code's card entry (for the first card
 * of a hand with the suit counters pre-set to 3, and for the others).  A
 * code that is no card of the deck has an all-zero entry, so a hand holding
 * one fails the popcount check.  One is compiled per (deck, wild setting);
 * hr_standard is the 52-card deck without wild cards. */
typedef struct {
    hr_v2 first[256];
    hr_v2 next[256];
    uint64_t bit[256], key[256];   /* next[c] split in two: loops that sum a code's mask
                                      bit and key in scalar registers index these */
    uint64_t wild_bits;   /* mask bits of the wild cards (jokers included) */
    uint64_t valid_bits;  /* mask bits a hand may hold */
    int ranks;            /* the deck's ranks, bit r for rank r */
    int active;           /* any wild cards at all */
    int bug;              /* jokers are bugs (they play as the rule set's bug field says) */
} hr_deck_t;

static hr_deck_t hr_standard;

/* Fill a compiled deck: `ranks` has bit r for each rank of the deck,
 * `wild_cards` bit c for each designated wild code c < 52 (cards off the deck
 * are ignored); jokers are legal (and wild) when `jokers` is set, bugs if
 * `bug`. */
static void hr_init_deck(hr_deck_t *D, int ranks, uint64_t wild_cards, int jokers, int bug)
{
    memset(D, 0, sizeof(*D));
    D->ranks = ranks & 0x1fff;
    D->valid_bits = jokers ? HR_JOKER_BITS : 0;
    D->wild_bits = jokers ? HR_JOKER_BITS : 0;
    D->bug = bug;
    for (int c = 0; c < HR_NCARDS + 2; c++) {
        uint64_t bit = c < HR_NCARDS ? HR_BIT(c) : c == HR_JOKER1 ? 1ULL << 13 : 1ULL << 29;
        uint64_t key;
        if (c >= HR_NCARDS) {
            if (!jokers) continue;                  /* invalid: contributes nothing */
            key = HR_WILD_ONE;
        } else if (!(D->ranks >> HR_RANK(c) & 1)) {
            continue;                               /* off the deck: invalid */
        } else if (wild_cards >> c & 1) {
            D->wild_bits |= bit;
            key = HR_WILD_ONE;
        } else {
            key = hr_rank_mult[HR_RANK(c)] | (1ULL << (32 + 4 * HR_SUIT(c)));
        }
        D->valid_bits |= bit;
        hr_v2 e = {bit, key}, f = {bit, key + HR_SUIT_INIT};
        D->next[c] = e;
        D->first[c] = f;
        D->bit[c] = bit;
        D->key[c] = key;
    }
    D->active = D->wild_bits != 0;
}

/* ------------------------------------------------------------------ */
/* Slow paths: flushes that count against the player, 8 and 9 cards.  */

/* Best five of the cards in `mask` when a suit holds five or more of them and
 * flushes count against the player: the best of that suit's cards as a flush
 * (one lookup), or of any five that are not all one suit (their rank multiset;
 * the subsets are walked with running sums, 21 of them for seven cards). */
static int hr_best_by_subsets(const hr_rule_t *R, uint64_t mask, uint32_t flush_lane)
{
    const int32_t *off = hr_hashes[5].off;
    const int shift = hr_hashes[5].shift;
    const int16_t *V5 = R->value[5];
    uint32_t m[HR_MAX_CARDS], su[HR_MAX_CARDS];
    int n = 0, best = R->flush[flush_lane];
    for (uint64_t x = mask; x && n < HR_MAX_CARDS; x &= x - 1, n++) {
        int p = hr_ctz64(x);
        m[n] = hr_rank_mult[p & 15];
        su[n] = 1u << (p >> 4);
    }
    for (int a = 0; a < n - 4; a++)
        for (int b = a + 1; b < n - 3; b++)
            for (int c = b + 1; c < n - 2; c++) {
                uint32_t kc = m[a] + m[b] + m[c], sc = su[a] | su[b] | su[c];
                for (int d = c + 1; d < n - 1; d++)
                    for (int e = d + 1; e < n; e++) {
                        uint32_t suits = sc | su[d] | su[e];
                        if (!(suits & (suits - 1))) continue;    /* all one suit */
                        uint32_t key = kc + m[d] + m[e];
                        int v = V5[key + off[key >> shift]];
                        if (v > best) best = v;
                    }
            }
    return best;
}

/* Best five of 8 or 9 cards without a forced flush: the best over the 7-card
 * multisets left after dropping one (8) or two (9) cards, and under high
 * rules the best flush of `flush_lane` if it holds five or more cards. */
static int hr_best_by_dropping(const hr_rule_t *R, uint64_t mask, uint32_t rk, int k,
                               uint32_t flush_lane)
{
    const hr_hash_t *h = &hr_hashes[HR_MAX_HASHED];
    const int16_t *V = R->value[HR_MAX_HASHED];
    uint32_t l0 = mask & HR_LANE, l1 = (mask >> 16) & HR_LANE;
    uint32_t l2 = (mask >> 32) & HR_LANE, l3 = (mask >> 48) & HR_LANE;
    uint32_t ranks = l0 | l1 | l2 | l3;
    int best = -1;
    for (uint32_t a = ranks; a; a &= a - 1) {
        int r1 = hr_ctz64(a);
        uint32_t k1 = rk - hr_rank_mult[r1];
        if (k == 8) {
            int v = V[hr_slot(h, k1)];
            if (v > best) best = v;
            continue;
        }
        int c1 = (l0 >> r1 & 1) + (l1 >> r1 & 1) + (l2 >> r1 & 1) + (l3 >> r1 & 1);
        for (uint32_t b = c1 >= 2 ? a : a & (a - 1); b; b &= b - 1) {
            int v = V[hr_slot(h, k1 - hr_rank_mult[hr_ctz64(b)])];
            if (v > best) best = v;
        }
    }
    if (R->flush && hr_popcount64(flush_lane) >= 5 && R->flush[flush_lane] > best)
        best = R->flush[flush_lane];
    return best;
}

/* Best five of a hand with a five-card suit (its ranks: `lane`) under a rule
 * set where flushes count against the player.  The best rank pattern `best`
 * stands unless it can only be made from that suit: five different ranks, all
 * held in the suit and in no other.  Only then are the subsets searched. */
static int hr_avoid_flush(const hr_rule_t *R, uint64_t mask, int best, uint32_t lane, int fs)
{
    uint32_t set = R->rankset[best];
    uint32_t others = 0;
    for (int s = 0; s < HR_NSUITS; s++)
        if (s != fs) others |= (uint32_t)(mask >> (16 * s)) & HR_LANE;
    if ((set & HR_PAIRED) || (set & ~lane) || (set & others)) return best;
    return hr_best_by_subsets(R, mask, lane);
}

/* Strength of a valid hand of k = 5..9 cards given by its mask and rank key;
 * fs is the suit holding five or more cards, or -1. */
static int hr_value_slow(const hr_rule_t *R, uint64_t mask, uint32_t rk, int k, int fs)
{
    uint32_t lane = fs >= 0 ? (uint32_t)(mask >> (16 * fs)) & HR_LANE : 0;
    int v;
    if (k > HR_MAX_HASHED)
        v = hr_best_by_dropping(R, mask, rk, k, R->flush_mode == HR_FLUSH_BEST ? lane : 0);
    else if (fs >= 0 && R->flush_mode == HR_FLUSH_BEST)
        return R->flush[lane];
    else
        v = R->value[k][hr_slot(&hr_hashes[k], rk)];
    if (fs >= 0 && R->flush_mode == HR_FLUSH_AVOID) v = hr_avoid_flush(R, mask, v, lane, fs);
    return v >= R->qual ? v : -1;
}

/* The suit holding five or more of the cards in `mask`, or -1. */
HR_INLINE int hr_flush_suit(uint64_t mask)
{
    for (int s = 0; s < HR_NSUITS; s++)
        if (hr_popcount64((mask >> (16 * s)) & HR_LANE) >= 5) return s;
    return -1;
}

/* Best five of k = 5..9 cards: the natural cards `nat` (rank key rk) and w
 * wild cards.  With no wild card this is the natural evaluation.  Otherwise,
 * for k <= 7:
 *   - a bug (high rules) is an ace, or completes a straight or flush: the best
 *     of "every bug an ace", the best straight and the best flush they make;
 *   - fully wild cards: the best rank pattern (nw) and, where flushes count
 *     for the player, the best flush of a suit they can fill (fw).  Where
 *     flushes count against the player a wild can always break a flush.
 * 8 or 9 cards: the best after dropping one card (a wild or a natural).
 * Only the natural evaluation applies the qualifier; a later max keeps
 * non-qualifying lows at -1 either way. */
static int hr_value_any(const hr_rule_t *R, uint64_t nat, uint32_t rk, int w, int k, int bug)
{
    if (w == 0) return hr_value_slow(R, nat, rk, k, hr_flush_suit(nat));
    if (k > HR_MAX_HASHED) {
        int best = hr_value_any(R, nat, rk, w - 1, k - 1, bug);
        for (uint64_t x = nat; x; x &= x - 1) {
            int p = hr_ctz64(x);
            int v = hr_value_any(R, nat & ~(1ULL << p), rk - hr_rank_mult[p & 15], w, k - 1, bug);
            if (v > best) best = v;
        }
        return best;
    }
    int best, fw = w < HR_MAX_FLUSH_WILD ? w : HR_MAX_FLUSH_WILD;
    if (bug && R->def.bug == HR_BUG_ACE)
        best = R->bw[w][k - w][hr_slot(&hr_hashes[k - w], rk)];
    else
        best = R->nw[w][k - w][hr_slot(&hr_hashes[k - w], rk)];
    if (R->flush_mode == HR_FLUSH_BEST && w <= HR_MAX_FLUSH_WILD)
        for (int s = 0; s < HR_NSUITS; s++) {
            uint32_t lane = (uint32_t)(nat >> (16 * s)) & HR_LANE;
            if (hr_popcount64(lane) + w >= 5 && R->fw[fw][lane] > best) best = R->fw[fw][lane];
        }
    return best;
}

/* Per-call constants of the wild-card fast path for one hand size k, indexed
 * by the number of wild cards w: loaded once per batch, not per hand. */
typedef struct {
    const int16_t *nw[HR_MAX_HASHED + 1];     /* nw[w][k - w] */
    const int32_t *nw_off[HR_MAX_HASHED + 1]; /* the hash of k - w naturals */
    int nw_shift[HR_MAX_HASHED + 1];
    const int16_t *fw[HR_MAX_HASHED + 1];     /* fw[w], NULL where no flush helps */
} hr_wctx_t;

static void hr_wctx_init(hr_wctx_t *c, const hr_rule_t *R, const hr_deck_t *W, int k)
{
    memset(c, 0, sizeof(*c));
    int bugs = W->bug && R->def.bug == HR_BUG_ACE;   /* bugs play as aces or complete */
    for (int w = 1; w <= k && w <= HR_MAX_HASHED; w++) {
        c->nw[w] = bugs ? (w <= 2 ? R->bw[w][k - w] : NULL) : R->nw[w][k - w];
        c->nw_off[w] = hr_hashes[k - w].off;
        c->nw_shift[w] = hr_hashes[k - w].shift;
        if (R->flush_mode == HR_FLUSH_BEST && w <= HR_MAX_FLUSH_WILD) c->fw[w] = R->fw[w];
    }
}

/* The fast form of hr_value_any for 5..7 cards with w >= 1 wild cards, from
 * the summed key: its suit counters (each started at 3) plus w flag, in bit
 * 3 + 4s, every suit whose naturals and the wild cards can make a flush. */
HR_INLINE int hr_value_wild7(const hr_wctx_t *c, uint64_t nat, uint64_t key)
{
    const int w = HR_WILD_COUNT(key);
    const uint32_t rk = (uint32_t)key;
    int best = c->nw[w][rk + c->nw_off[w][rk >> c->nw_shift[w]]];
    const int16_t *fw = c->fw[w];
    if (fw) {
        uint32_t flags = (uint32_t)((key >> 32) + (uint64_t)w * 0x1111u) & 0x8888u;
        for (; flags; flags &= flags - 1) {
            int v = fw[(nat >> (4 * hr_ctz64(flags) - 12)) & HR_LANE];
            if (v > best) best = v;
        }
    }
    return best;
}

/* ------------------------------------------------------------------ */
/* The valuation: one function values every summed hand                */

/* What valuing hands of one rule set under one compiled deck needs, loaded
 * once per call (a batch, a showdown, an equity run) so the per-hand path
 * reads only these locals.  Built by hr_vctx_init; the wild tables must
 * exist when the deck has wild cards. */
typedef struct {
    const hr_rule_t *R;
    const int16_t *V[HR_MAX_HASHED + 1];     /* R->value[k] */
    const int32_t *off[HR_MAX_HASHED + 1];   /* hr_hashes[k].off */
    int shift[HR_MAX_HASHED + 1];
    const int16_t *F;                        /* R->flush */
    const int16_t *B;                        /* R->badugi4 */
    uint64_t fadj;                           /* R->fadj */
    int16_t qual;
    int mode;                                /* HR_MODE_* */
    int qualifies;                           /* a low qualifier applies */
    int wild;                                /* the deck has wild cards */
    int bug;
    int kmin, kmax;                          /* cards a hand may hold */
    uint64_t natural;                        /* mask bits that are not wild */
    const hr_wctx_t *wc;                     /* wc[k], k = 5..7, when wild */
} hr_vctx_t;

/* Fill c for rule set R under compiled deck D; `wc` is storage for
 * HR_MAX_HASHED + 1 wild contexts that must outlive c. */
static void hr_vctx_init(hr_vctx_t *c, hr_wctx_t *wc, const hr_rule_t *R, const hr_deck_t *D)
{
    memset(c, 0, sizeof(*c));
    c->R = R;
    for (int k = 0; k <= HR_MAX_HASHED; k++) {
        c->V[k] = R->value[k];
        c->off[k] = hr_hashes[k].off;
        c->shift[k] = hr_hashes[k].shift;
    }
    c->F = R->flush;
    c->B = R->badugi4;
    c->fadj = R->fadj;
    c->qual = R->qual;
    c->mode = hr_mode_of(R);
    c->qualifies = R->qual != INT16_MIN;
    c->wild = D->active;
    c->bug = D->bug;
    c->kmin = R->kmin;
    c->kmax = R->kmax;
    c->natural = ~D->wild_bits;
    if (D->active) {
        for (int k = HR_MIN_CARDS; k <= HR_MAX_HASHED; k++) hr_wctx_init(&wc[k], R, D, k);
        c->wc = wc;
    }
}

/* The suit of the flush flag set in `fl` (key & HR_FLUSH_BITS, not 0). */
#define HR_FLUSH_SUIT(fl) ((hr_ctz64(fl) - 35) >> 2)

/*
 * THE valuation: the strength of one valid hand of K cards given as the sum
 * of its card entries -- `mask` (the card bits) and `key` (rank key, suit
 * counters started at 3, wild count).  The caller has checked the hand:
 * popcount(mask) == K, K in the rule set's kmin..kmax.  MODE, QUAL and WILD
 * are the context's mode, qualifier flag and wild flag; where they (and K)
 * are compile-time constants the branches that cannot happen vanish from
 * the loop, and where they are not (hr_value_rt) this is the general case.
 *
 * Fast path: at most 7 cards, no n-card suit, no wild card -> one hash
 * lookup.  An n-card suit where flushes count for the player -> one flush
 * lookup (valid because a flush beats everything that can share a 7-card
 * hand with it: hr_flush_rules_hold).  The rest (wild cards, 8 or 9 cards,
 * flushes that count against the player) take the general functions above.
 * A low that does not qualify is -1.
 */
HR_INLINE int hr_value(const hr_vctx_t *c, uint64_t mask, uint64_t key, const int K,
                       const int MODE, const int QUAL, const int WILD)
{
    if (MODE == HR_MODE_BADUGI)
        return K == 4 ? c->B[hr_badugi_index(mask)] : hr_value_badugi_any(c->B, mask);
    const int flushes = MODE == HR_MODE_BEST || MODE == HR_MODE_AVOID;
    const uint64_t fl = flushes ? (key + c->fadj) & HR_FLUSH_BITS : 0;
    const uint64_t wild = WILD ? key & (15ULL << 48) : 0;
    const uint32_t rk = (uint32_t)key;
    int v;
    if (HR_LIKELY(!(fl | wild) && K <= HR_MAX_HASHED)) {
        v = c->V[K][rk + c->off[K][rk >> HR_HASH_SHIFT(K)]];
        if (QUAL) v = v >= c->qual ? v : -1;
        return v;
    }
    if (WILD && wild)
        v = K <= HR_MAX_HASHED
                ? hr_value_wild7(&c->wc[K], mask & c->natural, key)
                : hr_value_any(c->R, mask & c->natural, rk, HR_WILD_COUNT(key), K, c->bug);
    else if (MODE == HR_MODE_BEST && K <= HR_MAX_HASHED)
        v = c->F[(mask >> (16 * HR_FLUSH_SUIT(fl))) & HR_LANE];
    else
        v = hr_value_slow(c->R, mask, rk, K, fl ? HR_FLUSH_SUIT(fl) : -1);
    return v >= c->qual ? v : -1;
}

/* hr_value with everything known only at run time: the common shapes get
 * the constant-folded body, the rest the general one. */
HR_INLINE int hr_value_rt(const hr_vctx_t *c, uint64_t mask, uint64_t key, int k)
{
    if (!c->wild && k == 7 && !c->qualifies) {
        switch (c->mode) {
        case HR_MODE_BEST: return hr_value(c, mask, key, 7, HR_MODE_BEST, 0, 0);
        case HR_MODE_IGNORE: return hr_value(c, mask, key, 7, HR_MODE_IGNORE, 0, 0);
        case HR_MODE_AVOID: return hr_value(c, mask, key, 7, HR_MODE_AVOID, 0, 0);
        default: break;
        }
    }
    if (!c->wild && k == 7 && c->qualifies && c->mode == HR_MODE_IGNORE)
        return hr_value(c, mask, key, 7, HR_MODE_IGNORE, 1, 0);
    return hr_value(c, mask, key, k, c->mode, c->qualifies, c->wild);
}

/* The summed key of a hand mask, as the card entries would give it. */
HR_INLINE uint64_t hr_key_of_mask(uint64_t mask, uint64_t natural)
{
    const uint64_t nat = mask & natural;
    const uint32_t l0 = nat & HR_LANE, l1 = (nat >> 16) & HR_LANE;
    const uint32_t l2 = (nat >> 32) & HR_LANE, l3 = (nat >> 48) & HR_LANE;
    uint64_t key = hr_lane_rank_key[l0] + hr_lane_rank_key[l1] + hr_lane_rank_key[l2] +
                   hr_lane_rank_key[l3];
    key |= (uint64_t)(hr_popcount64(l0) | hr_popcount64(l1) << 4 | hr_popcount64(l2) << 8 |
                      hr_popcount64(l3) << 12) << 32;
    key += HR_SUIT_INIT;
    key |= (uint64_t)hr_popcount64(mask & ~natural) << 48;
    return key;
}

/* ------------------------------------------------------------------ */
/* The row check                                                        */

/* THE row check, then the valuation: the K codes at `row` (summed from the
 * deck's card entries) are a valid hand exactly when popcount(mask) == K
 * (see the top of this file); then *o is its strength and the result 0,
 * else *o is -1 and the result 1.  K, MODE, QUAL and WILD as in hr_value. */
HR_INLINE int hr_row_codes(const hr_vctx_t *ctx, const hr_v2 *first, const hr_v2 *next,
                           const uint8_t *row, const int K, const int MODE, const int QUAL,
                           const int WILD, int16_t *o)
{
    hr_v2 acc = first[row[0]];
    for (int j = 1; j < K; j++) acc = HR_V2_ADD(acc, next[row[j]]);
    const uint64_t mask = HR_V2_LO(acc);
    if (HR_UNLIKELY(hr_popcount64(mask) != K)) {
        *o = -1;
        return 1;
    }
    *o = (int16_t)hr_value(ctx, mask, HR_V2_HI(acc), K, MODE, QUAL, WILD);
    return 0;
}

/* THE mask row check, then the valuation: mask m is a valid hand when it
 * holds no bit of `invalid` (bits that are no card of the deck) and
 * kmin..kmax cards; then *o is its strength and the result 0, else *o is -1
 * and the result 1.  MODE, QUAL and WILD as in hr_value. */
HR_INLINE int hr_row_mask(const hr_vctx_t *ctx, uint64_t invalid, uint64_t m, const int MODE,
                          const int QUAL, const int WILD, int16_t *o)
{
    const int k = hr_popcount64(m);
    if (HR_UNLIKELY((m & invalid) || k < ctx->kmin || k > ctx->kmax)) {
        *o = -1;
        return 1;
    }
    *o = (int16_t)hr_value(ctx, m, hr_key_of_mask(m, ctx->natural), k, MODE, QUAL, WILD);
    return 0;
}

#endif /* HANDRANK_HR_VALUE_H */
