/*
 * handrank classify, its second part: a board's state (hr_cl_board_t) and
 * the nut rank of a hand on it: from the record of the board's ranks
 * (hr_cl_nut_rec; hr_cl_nut_flush on boards with a flush suit, in closed
 * form by hr_cl_flush_above when it has 4 or 5 cards), or by the brute
 * force over every holding's key that the tests compare with
 * (hr_cl_nut, hr_cl_nut_direct).  hr_classify.h fills the state and
 * describes the whole design.
 */
#ifndef HANDRANK_HR_CL_NUT_H
#define HANDRANK_HR_CL_NUT_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "hr_cl_keys.h"
/* What one board gives every hand on it. */
typedef struct {
    int nb;
    uint64_t bmask;
    uint32_t branks;          /* ranks on the board */
    uint32_t blane[4];        /* the board's ranks of each suit */
    int bcount[4];
    int btop1, btop2;         /* highest and second-highest board ranks (-1: none) */
    uint32_t nut_straight;    /* ranks the highest possible straight needs from the hole */
    int nkeys, nrest;
    int has_keys;                        /* keys, mult and id below are filled */
    int flush_suit;                      /* the suit with 3+ board cards, or -1 */
    int brute;                           /* nut rank by the old brute force (tests) */
    const struct hr_cl_rec *rec;         /* the board's ranks' record (no flush suit) */
    uint8_t rest[52];                    /* the cards off the board */
    uint32_t keys[HR_CL_MAX_HOLDINGS];   /* distinct keys of every holding, ascending */
    uint16_t mult[HR_CL_MAX_HOLDINGS];   /* holdings of each key */
    uint16_t seen[HR_CL_MAX_HOLDINGS];   /* scratch of hr_cl_nut, all 0 between calls */
    uint16_t id[52 * 52];                /* the key's index of each holding */
} hr_cl_board_t;

/* Sort n keys (below 2^30) ascending: three passes of ten bits. */
static void hr_cl_sort(uint32_t *keys, int n)
{
    uint32_t tmp[HR_CL_MAX_HOLDINGS], *src = keys, *dst = tmp, *sw;
    int count[1024], pass, i;
    for (pass = 0; pass < 3; pass++) {
        int shift = 10 * pass, sum = 0;
        memset(count, 0, sizeof count);
        for (i = 0; i < n; i++) count[(src[i] >> shift) & 1023]++;
        for (i = 0; i < 1024; i++) { int c = count[i]; count[i] = sum; sum += c; }
        for (i = 0; i < n; i++) dst[count[(src[i] >> shift) & 1023]++] = src[i];
        sw = src; src = dst; dst = sw;
    }
    if (src != keys) memcpy(keys, src, (size_t)n * sizeof(uint32_t));
}

/* The index of key among the board's distinct keys (it is one of them). */
HR_INLINE int hr_cl_find(const hr_cl_board_t *B, uint32_t key)
{
    int lo = 0, hi = B->nkeys - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (B->keys[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* The nut rank of hole cards a, b on a board with no flush suit. */
static int hr_cl_nut_rec(const hr_cl_board_t *B, int a, int b)
{
    const hr_cl_rec_t *R = B->rec;
    int r1 = HR_RANK(a), r2 = HR_RANK(b), own = R->kid[r1][r2], nut = R->m - own;
    int hr_[2], nr = r1 == r2 ? 1 : 2, i, y, t, ngone = 0;
    uint8_t gone[32];                           /* rank pairs the hole uses up */
    hr_[0] = r1; hr_[1] = r2;
    for (i = 0; i < nr; i++) {
        int r = hr_[i], d = (r == r1) + (r == r2), a0 = 4 - HR_CL_RANK_COUNT(B->bmask, r);
        int a1 = a0 - d;
        if (a1 < 2 && a0 >= 2 && R->kid[r][r] > own) gone[ngone++] = (uint8_t)(13 * r + r);
        if (a1 == 0)
            for (y = 0; y < 13; y++)
                if (y != r && R->kid[r][y] != 255 && R->kid[r][y] > own &&
                    !(i == 1 && y == hr_[0] && HR_CL_RANK_COUNT(B->bmask, y) == 3))
                    gone[ngone++] = (uint8_t)(r < y ? 13 * r + y : 13 * y + r);
    }
    if (ngone) {
        uint8_t seen[91];
        memset(seen, 0, sizeof seen);
        for (t = 0; t < ngone; t++) {
            int k = R->kid[gone[t] / 13][gone[t] % 13];
            nut -= ++seen[k] == R->mult[k];
        }
    }
    return nut;
}

/* The flush and straight-flush keys above key (a hand's own) that holdings
 * of the cards left make on a board whose flush suit has 4 or 5 cards (its
 * ranks L; need = 5 - |L|: 1 or 0 hole cards of the suit make a flush; H:
 * the suit's ranks left).  Such a board has at most one pair and no trips,
 * and a holding with a card of the suit has at most one more card of a
 * board rank, so no holding that flushes fills up: its key is a straight
 * flush or the flush of its top five cards of the suit.  Counted in closed
 * form, each distinct key once:
 *
 * - straight flush of window w: its missing ranks S = w less L (at most
 *   two, all in H) are the only cards that make it, so it is made exactly
 *   when the best straight flush of L + S is w;
 * - flush keys: with m1 < m2 the lowest ranks of L, a holding's top five
 *   are L (need 0: no card of the suit above m1), L less m1 plus z (need 0:
 *   one card z above m1 that counts; need 1: L plus its card z), or L less
 *   d plus x and y (x < y, both above d's ranks; d = m1, or m1 and m2 for
 *   need 0).  These families share no key (they differ in m1, m2), and a
 *   holding whose cards of the suit are lower plays as a smaller family
 *   member that one card (with one of another suit: always left) makes.
 *   A key is made when its cards hold no straight flush (else that holding
 *   plays the straight flush; adding cards keeps it). */
static int hr_cl_flush_above(uint32_t L, uint32_t H, int need, uint32_t key)
{
    const int cat = (int)(key >> 26);
    const uint32_t m1 = L & (0u - L), m2 = (L & ~m1) & (0u - (L & ~m1));
    const uint32_t d1 = need ? 0 : m1, d2 = need ? m1 : m1 | m2;
    /* flush keys above key: every one below a flush, those above key's ranks
     * for a flush, none above a flush */
    const uint32_t thr = cat < 5 ? 0 : cat == 5 ? key & 0x1fff : 0x2000;
    uint32_t xs, ws;
    int n = 0;
    for (ws = hr_cl_win3[L]; ws; ws &= ws - 1) {   /* straight flush j + 1, 3+ ranks of L */
        const int j = hr_cl_ctz32(ws);
        const uint32_t S = hr_cl_window(j) & ~L;
        if (S & ~H) continue;
        if (hr_cl_top[hr_cl_straights(L | S)] == j) n += cat < 8 || j + 1 > (int)(key & 0x1fff);
    }
    if (thr >= 0x2000) return n;
    if (!need && !hr_cl_straights(L) && L > thr) n++;
    /* the cards z of a family member base | z above thr: all when thr is
     * at most base, else those with 2^z > thr - base (z is not in base) */
#define HR_CL_ABOVE(base) ((base) >= thr ? 0x1fffu : ~((2u << hr_cl_top[thr - (base)]) - 1))
    xs = d1 ? H & ~((d1 << 1) - 1) : H;                       /* z above d1 */
    n += hr_cl_pop[xs & ~hr_cl_stm[L] & HR_CL_ABOVE(L & ~d1) & 0x1fff];
    for (xs = H & ~((1u << (hr_cl_top[d2] + 1)) - 1) & 0x1fff; xs; xs &= xs - 1) {
        const uint32_t x = xs & (0u - xs), ys = xs & (xs - 1);   /* y above x */
        n += hr_cl_pop[ys & ~hr_cl_stm[L | x] & HR_CL_ABOVE((L & ~d2) | x) & 0x1fff];
    }
#undef HR_CL_ABOVE
    return n;
}

/* hr_cl_flush_above for a hand with no card of the flush suit on a board
 * whose suit has 4 cards (ranks L; every other rank of the suit left): it
 * depends on L and on whether the hand is below a straight (then every
 * flush and straight flush is above it) or a full house or quads (only
 * straight flushes are; no flush without a card of the suit), so it is
 * read from a table: hr_cl_f4[L] = lo | hi << 8 | the lane's index << 16
 * (0..714, for hr_cl_f41).
 *
 * A hole with exactly one card of the suit (rank h) on such a board makes
 * the flush or straight flush of L + h, whatever its other card (no
 * holding with a card of the suit fills up: hr_cl_flush_above), so its
 * made class, its nut-flush blocker (h is the suit's highest rank off the
 * board) and 1 + the flushes and straight flushes above it (the cards of
 * the suit left: all but L and h) depend on L and h only:
 * hr_cl_f41[13 * index + h], packed (HR_CL_PACK).  What the table leaves
 * out (hr_classify.h adds it): the nut-straight blocker, and the full
 * houses and quads above a flush on a river whose fifth card pairs a rank
 * x of L (only holdings with no card of the suit make them: x with
 * another rank y of L, y's pair, or x's pair, 7 keys; the hole's other
 * card of rank x leaves one card of x, so no quads).  Both tables are
 * filled for every L of 4 ranks by hr_cl_f4_init (once, from
 * hr_cl_prepare). */
static uint32_t hr_cl_f4[1 << 13];
static uint32_t hr_cl_f41[715 * 13];

static void hr_cl_f4_init(void)
{
    uint32_t L, ix = 0;
    int h;
    for (L = 0; L < (1u << 13); L++) {
        if (hr_cl_pop[L] != 4) continue;
        hr_cl_f4[L] = (uint32_t)hr_cl_flush_above(L, ~L & 0x1fff, 1, 4u << 26) |
                      (uint32_t)hr_cl_flush_above(L, ~L & 0x1fff, 1, 6u << 26) << 8 | ix << 16;
        for (h = 0; h < 13; h++) {
            const uint32_t F = L | 1u << h, st = hr_cl_straights(F);
            const uint32_t key = st ? 8u << 26 | (uint32_t)(hr_cl_top[st] + 1) : 5u << 26 | F;
            hr_cl_f41[13 * ix + (uint32_t)h] =
                L >> h & 1 ? 0
                : HR_CL_PACK(st ? HR_CL_STRAIGHT_FLUSH : HR_CL_FLUSH, 0,
                             h == hr_cl_top[~L & 0x1fff] ? HR_CL_BLOCKS_NUT_FLUSH : 0,
                             1 + hr_cl_flush_above(L, ~F & 0x1fff, 1, key));
        }
        ix++;
    }
}

/* The nut rank of hole cards a, b (key: theirs) on a board with a flush
 * suit s (need = 5 - its cards: the cards of s a hole needs for a flush),
 * from the record of the board's ranks (B->rec, built for flush boards too):
 *
 * - a holding that makes no flush has the key of its rank pair in the
 *   record: each rank pair that still has such a holding marks its key's
 *   index in a bit set (ranks' cards counted outside suit s and in it);
 * - a holding that makes a flush has a straight-flush key, a full house or
 *   quads (the key of its rank pair, marked as above), or a flush key
 *   (top five of suit s).  With two cards of s needed, every pair of s has
 *   a flush key of its own, so they are counted (by straight window, and
 *   the few pairs that can fill up: the record's fh masks), none valued;
 *   with one or none needed no flushing holding fills up, and its keys are
 *   counted in closed form (hr_cl_flush_above; with none needed every
 *   holding flushes, so that is all).
 *
 * own: the record's index of key when the hand makes no flush (its rank
 * pair's key), else -1 (the keys above key are then searched for).  With
 * own >= 0 only key's category is read (key may be just category << 26:
 * the record's keys are then not read at all). */
static int hr_cl_nut_flush(const hr_cl_board_t *B, int a, int b, uint32_t key, int own)
{
    const hr_cl_rec_t *R = B->rec;
    const int s = B->flush_suit, need = 5 - B->bcount[s];
    const uint64_t avail = ~(B->bmask | HR_BIT(a) | HR_BIT(b)) & 0x1fff1fff1fff1fffULL;
    const uint32_t lane = B->blane[s];
    uint64_t bits[2] = {0, 0};
    /* ranks with a card of s left (hsm), with 1+ and 2+ cards of other suits */
    const uint32_t hsm = (uint32_t)(avail >> (16 * s)) & 0x1fff;
    const uint32_t o0 = (uint32_t)(avail >> (16 * ((s + 1) & 3))) & 0x1fff;
    const uint32_t o1 = (uint32_t)(avail >> (16 * ((s + 2) & 3))) & 0x1fff;
    const uint32_t o2 = (uint32_t)(avail >> (16 * ((s + 3) & 3))) & 0x1fff;
    const uint32_t n1 = o0 | o1 | o2, n2 = (o0 & o1) | (o0 & o2) | (o1 & o2);
    int x, y, lo = 0, hi = R->m, distinct = 0;
    if (need == 0) return 1 + hr_cl_flush_above(lane, hsm, 0, key);  /* every holding flushes */
    if (own >= 0) lo = own + 1;                 /* key is the record's key own */
    else while (lo < hi) {                      /* record keys from index lo are above key */
        int mid = (lo + hi) >> 1;
        if (R->keys[mid] <= key) lo = mid + 1; else hi = mid;
    }
#define HR_CL_MARK(k) do { \
        uint64_t b_ = 1ULL << ((k) & 63); \
        if (bits[(k) >> 6] & b_) { bits[(k) >> 6] &= ~b_; distinct++; } \
    } while (0)
    {   /* holdings that make no flush: every record key from lo, less the keys
         * whose every rank pair has none; a pair that has none has its ranks
         * among the few short of cards (ranks in `few`) */
        const uint32_t t1 = n1 | hsm, t2 = n2 | (n1 & hsm);    /* 1+, 2+ cards, s or not */
        const uint32_t few = ~(need == 2 ? t2 & n1 : n2) & 0x1fff;
        uint8_t seen[91];
        uint64_t lost[2] = {0, 0};
        int nlost = 0;
        if (few) {
            memset(seen, 0, sizeof seen);
            for (x = 0; x < 13; x++) {
                if (!(few >> x & 1)) continue;
                for (y = 0; y < 13; y++) {
                    int k = R->kid[x][y], ok;
                    if (k == 255 || k < lo || (y < x && (few >> y & 1))) continue;
                    if (need == 2)                  /* at most one card of s */
                        ok = x == y ? t2 >> x & 1
                                    : (t1 >> x & t1 >> y & 1) && ((n1 >> x | n1 >> y) & 1);
                    else                            /* no card of s */
                        ok = x == y ? n2 >> x & 1 : n1 >> x & n1 >> y & 1;
                    if (!ok && ++seen[k] == R->mult[k]) {
                        lost[k >> 6] |= 1ULL << (k & 63);
                        nlost++;
                    }
                }
            }
        }
        /* marked below: keys of flushing holdings; a lost key marked there is back */
        bits[0] = lost[0];
        bits[1] = lost[1];
        distinct = R->m - lo - nlost;
    }
    if (need == 2) {
        /* Two cards of s: a pair of s makes a straight flush (a straight
         * window holding the board's three ranks of s: counted by window),
         * a full house or quads (only when a rank gets three cards: one of
         * the pair's ranks has two on the board, else the board has trips
         * and every pair is looked at), or else a flush key of its own, one
         * per pair: above the hand's key when the hand is below a flush, or
         * when it is a flush (its two hole cards of s) and the pair's higher
         * rank is above the hand's higher hole rank (thr; the pairs counted
         * in nfl are those whose higher rank is above thr). */
        const int cat = (int)(key >> 26);
        const int thr = cat == 5 ? hr_cl_top[key & 0x1fff & ~lane] : -1;
        if (cat <= 4)
            /* below a straight every pair of s has a key above of its own
             * (a straight flush: one pair a window; or a flush), as none
             * fills up with exactly three cards of s on the board: a full
             * house needs trips and a pair in the 7 cards, but the s cards
             * of the board are singletons, the pair's ranks have their s
             * card off the board, and the board's other one or two cards
             * give a pair at most (so a straight's window and a full
             * house's pair below count nothing off; checked against the
             * brute force) */
            return 1 + distinct + hr_cl_pop[hsm] * (hr_cl_pop[hsm] - 1) / 2;
        const uint32_t A = hsm, *bl = B->blane;
        const uint32_t two = (bl[0] & bl[1]) | (bl[0] & bl[2]) | (bl[0] & bl[3]) |
                             (bl[1] & bl[2]) | (bl[1] & bl[3]) | (bl[2] & bl[3]);
        const uint32_t three = (bl[0] & bl[1] & (bl[2] | bl[3])) |
                               (bl[2] & bl[3] & (bl[0] | bl[1]));
        const uint32_t P = three ? A : A & two;  /* a pair has a rank of P, looked at as x */
        const int nlow = thr < 0 ? 0 : hr_cl_pop[A & ((2u << thr) - 1)];  /* A up to thr */
        uint32_t sfb = 0, bx = P, ws;
        int nfl = hr_cl_pop[A] * (hr_cl_pop[A] - 1) / 2 - nlow * (nlow - 1) / 2;
        for (ws = hr_cl_win3[lane]; ws; ws &= ws - 1) {   /* windows holding the lane */
            const int j = hr_cl_ctz32(ws);
            const uint32_t w = hr_cl_window(j);           /* ranks of straight j + 1 */
            if (!(w & ~lane & ~A)) {
                sfb |= 1u << j;
                nfl -= hr_cl_top[w & ~lane] > thr;
            }
        }
        while (bx) {
            uint32_t ym;
            x = hr_cl_ctz32(bx);
            bx &= bx - 1;
            for (ym = A & ~(1u << x) & R->fh[x]; ym; ym &= ym - 1) {   /* pairs that fill up */
                int k;
                y = hr_cl_ctz32(ym);
                if (y < x && (P >> y & 1)) continue;                 /* counted as x */
                if (hr_cl_straights(lane | (1u << x) | (1u << y))) continue;  /* counted */
                k = R->kid[x][y];
                if (k >= lo) HR_CL_MARK(k);
                nfl -= (x > y ? x : y) > thr;
            }
        }
        /* straight flushes above the hand's (one per high card j + 1) */
        distinct += hr_cl_pop[cat == 8 ? sfb >> (key & 0x1fff) : sfb] + (cat <= 5 ? nfl : 0);
    } else if (hsm == (~lane & 0x1fff) && hr_cl_f4[lane])   /* no card of s: a table */
        distinct += (int)((key >> 26) < 5 ? hr_cl_f4[lane] & 255 : hr_cl_f4[lane] >> 8 & 255);
    else
        distinct += hr_cl_flush_above(lane, hsm, 1, key);
#undef HR_CL_MARK
    return 1 + distinct;
}

/* The nut rank of hole cards a, b (key: theirs) without the board's keys:
 * the keys above theirs of the holdings that use neither a nor b, counted
 * once each. */
static int hr_cl_nut_direct(const hr_cl_board_t *B, int a, int b, uint32_t key)
{
    uint32_t above[HR_CL_MAX_HOLDINGS];
    int i, j, n = 0, distinct = 0;
    for (i = 0; i < B->nrest; i++) {
        int x = B->rest[i];
        if (x == a || x == b) continue;
        for (j = i + 1; j < B->nrest; j++) {
            int y = B->rest[j];
            uint32_t k;
            if (y == a || y == b) continue;
            k = hr_cl_key(B->bmask | HR_BIT(x) | HR_BIT(y));
            if (k > key) above[n++] = k;
        }
    }
    hr_cl_sort(above, n);
    for (i = 0; i < n; i++) distinct += i == 0 || above[i] != above[i - 1];
    return 1 + distinct;
}

/* The nut rank of hole cards a, b: 1 + the number of distinct keys above
 * theirs among the holdings that use neither a nor b.  A key is lost when
 * every holding of it uses a or b (counted in `seen`, reset after). */
static int hr_cl_nut(hr_cl_board_t *B, int a, int b)
{
    const int own = B->id[a * 52 + b];
    int touched[2 * 52], nt = 0, lost = 0, i, c;
    for (i = 0; i < B->nrest; i++) {
        c = B->rest[i];
        if (c == a || c == b) continue;
        {
            int ka = B->id[a * 52 + c], kb = B->id[b * 52 + c];
            if (ka > own && B->seen[ka]++ == 0) touched[nt++] = ka;
            if (kb > own && B->seen[kb]++ == 0) touched[nt++] = kb;
        }
    }
    for (i = 0; i < nt; i++) {
        lost += B->seen[touched[i]] == B->mult[touched[i]];
        B->seen[touched[i]] = 0;
    }
    return B->nkeys - own - lost;
}

#endif /* HANDRANK_HR_CL_NUT_H */
