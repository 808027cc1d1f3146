/*
 * handrank classify: made hands, draws, nut rank and blockers of hold'em
 * hands on a flop, turn or river (handrank.classify; docs/classify.rst
 * defines every class and flag).
 *
 * Everything is rank and suit bit arithmetic on the SPEC's masks (card
 * (rank, suit) is bit 16*suit + rank).  Hands are compared here by a key of
 * their own (hr_cl_key: category, then the ranks that play, as bit sets),
 * which orders hold'em hands exactly as the evaluator's strengths do; it is
 * used for the category and for the nut rank, so this header needs no
 * evaluator tables: only hr_core.h and the row loop of hr_rows.h.
 *
 * A board's work (its ranks and suits, the cards that block the nut flush
 * and straight, its record) is done once per run of rows of that board
 * (hr_cl_board); with one board for many rows, every two-card holding is
 * classified once into a 52 x 52 table and rows are looked up.
 *
 * The nut rank comes from a record of the board's ranks (hr_cl_rec_t,
 * built once a process for each board size): the distinct keys of every
 * rank pair the deck has, so a hand's rank is a lookup less the keys its
 * own cards use up (hr_cl_nut_rec), and on boards with a flush suit of 3
 * or 4 cards the same record plus the holdings of that suit
 * (hr_cl_nut_flush).  Only five-flush boards still sort every holding's
 * key (hr_cl_nut, or hr_cl_nut_kinds for a lone row); that brute force
 * stays callable for every board (brute = 1) so tests can compare.
 * Results never depend on the number of threads.
 */
#ifndef HANDRANK_HR_CLASSIFY_H
#define HANDRANK_HR_CLASSIFY_H

#include <stdlib.h>
#include <string.h>

#include "hr_core.h"
#include "hr_cl_keys.h"  /* classes, flags, hr_cl_key, the rank records */
#include "hr_rows.h"     /* hr_rows, hr_team */

/* What one board gives every hand on it. */
typedef struct {
    int nb;
    uint64_t bmask;
    uint32_t branks;          /* ranks on the board */
    uint32_t blane[4];        /* the board's ranks of each suit */
    int bcount[4];
    int btop1, btop2;         /* highest and second-highest board ranks (-1: none) */
    uint64_t nut_flush;       /* cards that block a nut flush */
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

/* The nut rank of hole cards a, b (key: theirs) on a board with a flush
 * suit s, by kinds of cards: a card's rank, and whether it is of suit s,
 * is all a holding's key depends on.  One holding of each pair of kinds the
 * deck still has is valued; distinct keys above theirs are counted in a
 * small hash set. */
static int hr_cl_nut_kinds(const hr_cl_board_t *B, int a, int b, uint32_t key)
{
    const int s = B->flush_suit, need = 5 - B->bcount[s];
    uint64_t avail = ~(B->bmask | HR_BIT(a) | HR_BIT(b)) & 0x1fff1fff1fff1fffULL;
    uint32_t set[1024];
    int other[13][3], no[13], hs[13], x, y, i, distinct = 0;
    memset(set, 0, sizeof set);
    for (x = 0; x < 13; x++) {
        no[x] = 0;
        hs[x] = (int)(avail >> (16 * s + x)) & 1;
        for (i = 0; i < 4; i++)
            if (i != s && (avail >> (16 * i + x) & 1)) other[x][no[x]++] = i;
    }
#define HR_CL_ADD(m) do { \
        uint32_t k_ = hr_cl_key(B->bmask | (m)); \
        if (k_ > key) { \
            uint32_t h_ = (k_ * 2654435761u) >> 22; \
            while (set[h_] && set[h_] != k_) h_ = (h_ + 1) & 1023; \
            if (!set[h_]) { set[h_] = k_; distinct++; } \
        } \
    } while (0)
#define HR_CL_CARD(r, su) (1ULL << (16 * (su) + (r)))
    for (x = 0; x < 13; x++)
        for (y = x; y < 13; y++) {
            /* neither card of suit s */
            if (x == y ? no[x] >= 2 : (no[x] && no[y]))
                HR_CL_ADD(HR_CL_CARD(x, other[x][0]) | HR_CL_CARD(y, other[y][x == y]));
            /* both of suit s */
            if (x != y && hs[x] && hs[y]) HR_CL_ADD(HR_CL_CARD(x, s) | HR_CL_CARD(y, s));
        }
    for (x = 0; x < 13; x++) {                  /* one card of suit s */
        if (!hs[x]) continue;
        for (y = 0; y < 13; y++) {
            if (!no[y]) continue;
            /* with two of s needed, (x of s, y) plays as (x, y) of other suits when
             * x has another card: that holding was valued above */
            if (need == 2 && no[x] && (x != y || no[x] >= 2)) continue;
            HR_CL_ADD(HR_CL_CARD(x, s) | HR_CL_CARD(y, other[y][0]));
        }
    }
#undef HR_CL_ADD
#undef HR_CL_CARD
    return 1 + distinct;
}

/* The nut rank of hole cards a, b (key: theirs) on a board with a flush
 * suit s of 3 or 4 cards (one or two hole cards of s make a flush), from
 * the record of the board's ranks (B->rec, built for flush boards too):
 *
 * - a holding that makes no flush has the key of its rank pair in the
 *   record: each rank pair that still has such a holding marks its key's
 *   index in a bit set (ranks' cards counted outside suit s and in it);
 * - a holding that makes a flush has a straight-flush key, a full house or
 *   quads (the key of its rank pair, marked as above), or a flush key
 *   (top five of suit s); flush and straight-flush keys are counted apart
 *   in a small hash set.
 *
 * With one card of s needed, a flush key depends on that card only, and a
 * rank pair's full house on the pair: 13 x 13 table reads, no key built. */
static int hr_cl_nut_flush(const hr_cl_board_t *B, int a, int b, uint32_t key)
{
    const hr_cl_rec_t *R = B->rec;
    const int s = B->flush_suit, need = 5 - B->bcount[s];
    const uint64_t avail = ~(B->bmask | HR_BIT(a) | HR_BIT(b)) & 0x1fff1fff1fff1fffULL;
    const uint32_t lane = B->blane[s];
    uint64_t bits[2] = {0, 0};
    uint32_t set[64];
    int ns[13], hs[13], x, y, lo = 0, hi = R->m, distinct = 0;
    while (lo < hi) {                           /* record keys from index lo are above key */
        int mid = (lo + hi) >> 1;
        if (R->keys[mid] <= key) lo = mid + 1; else hi = mid;
    }
    memset(set, 0, sizeof set);
    for (x = 0; x < 13; x++) {
        hs[x] = (int)(avail >> (16 * s + x)) & 1;
        ns[x] = HR_CL_RANK_COUNT(avail, x) - hs[x];
    }
#define HR_CL_MARK(k) do { \
        uint64_t b_ = 1ULL << ((k) & 63); \
        if (bits[(k) >> 6] & b_) { bits[(k) >> 6] &= ~b_; distinct++; } \
    } while (0)
#define HR_CL_FLUSH_KEY(k) do { \
        uint32_t k_ = (k), h_ = (k_ * 2654435761u) >> 26; \
        if (k_ > key) { \
            while (set[h_] && set[h_] != k_) h_ = (h_ + 1) & 63; \
            if (!set[h_]) { set[h_] = k_; distinct++; } \
        } \
    } while (0)
    {   /* holdings that make no flush: every record key from lo, less the keys
         * whose every rank pair has none; a pair that has none has its ranks
         * among the few short of cards (ranks in `few`) */
        uint32_t few = 0;
        uint8_t seen[91];
        uint64_t lost[2] = {0, 0};
        int nlost = 0;
        for (x = 0; x < 13; x++)
            if (need == 2 ? ns[x] + hs[x] < 2 || !ns[x] : ns[x] < 2) few |= 1u << x;
        if (few) {
            memset(seen, 0, sizeof seen);
            for (x = 0; x < 13; x++) {
                if (!(few >> x & 1)) continue;
                for (y = 0; y < 13; y++) {
                    int k = R->kid[x][y], ok;
                    if (k == 255 || k < lo || (y < x && (few >> y & 1))) continue;
                    if (need == 2)                  /* at most one card of s */
                        ok = x == y ? ns[x] + hs[x] >= 2
                                    : ns[x] + hs[x] >= 1 && ns[y] + hs[y] >= 1 && (ns[x] || ns[y]);
                    else                            /* no card of s */
                        ok = x == y ? ns[x] >= 2 : ns[x] >= 1 && ns[y] >= 1;
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
    for (x = 0; x < 13; x++) {                  /* two cards of s */
        if (!hs[x]) continue;
        for (y = x + 1; y < 13; y++) {
            uint32_t l, st;
            int k;
            if (!hs[y]) continue;
            l = lane | (1u << x) | (1u << y);
            st = hr_cl_straights(l);
            k = R->kid[x][y];
            if (st) HR_CL_FLUSH_KEY((8u << 26) | (uint32_t)(hr_cl_top[st] + 1));
            else if (R->keys[k] >> 26 >= 6) { if (k >= lo) HR_CL_MARK(k); }
            else HR_CL_FLUSH_KEY((5u << 26) | hr_cl_keep(l, 5));
        }
    }
    if (need == 1)                              /* one card of s, one of another suit */
        for (x = 0; x < 13; x++) {
            uint32_t l, st, fk;
            int flush_too = 0;
            if (!hs[x]) continue;
            l = lane | (1u << x);
            st = hr_cl_straights(l);
            fk = st ? (8u << 26) | (uint32_t)(hr_cl_top[st] + 1) : (5u << 26) | hr_cl_keep(l, 5);
            for (y = 0; y < 13; y++) {
                int k = R->kid[x][y];
                if (!ns[y] || k == 255) continue;
                if (!st && R->keys[k] >> 26 >= 6) { if (k >= lo) HR_CL_MARK(k); }
                else flush_too = 1;
            }
            if (flush_too) HR_CL_FLUSH_KEY(fk);
        }
#undef HR_CL_MARK
#undef HR_CL_FLUSH_KEY
    return 1 + distinct;
}

/* Fill B for a board mask of 3..5 distinct cards; with_keys: also the
 * keys of every holding, for hr_cl_nut (worth it when several rows share
 * the board; without them hr_cl_nut_direct counts for one hand). */
static void hr_cl_board(hr_cl_board_t *B, uint64_t bmask, int with_keys)
{
    int s, j, i, n = 0, nc = 0;
    uint32_t raw[HR_CL_MAX_HOLDINGS];
    uint32_t top;
    B->bmask = bmask;
    B->nb = 0;
    B->branks = 0;
    B->nut_flush = 0;
    B->nut_straight = 0;
    B->nkeys = B->nrest = 0;
    B->flush_suit = -1;
    for (s = 0; s < 4; s++) {
        B->blane[s] = (uint32_t)(bmask >> (16 * s)) & 0x1fff;
        B->bcount[s] = hr_cl_pop[B->blane[s]];
        B->nb += B->bcount[s];
        B->branks |= B->blane[s];
        if (B->bcount[s] >= 3) B->flush_suit = s;
    }
    for (s = 0; s < 4; s++)
        if (B->bcount[s] >= 3 || (B->nb < 5 && B->bcount[s] >= 2)) {
            top = (uint32_t)hr_cl_top[~B->blane[s] & 0x1fff];
            B->nut_flush |= 1ULL << (16 * s + top);
        }
    B->rec = NULL;
    if (hr_cl_recs[B->nb]) {                           /* the board's ranks, ascending */
        int q[5], k = 0, r, c;
        uint32_t m = B->branks;
        while (m) {
            r = hr_cl_ctz32(m);
            m &= m - 1;
            for (c = HR_CL_RANK_COUNT(bmask, r); c > 0; c--) q[k++] = r;
        }
        B->rec = &hr_cl_recs[B->nb][hr_cl_rec_index(q, B->nb)];
    }
    B->btop1 = hr_cl_top[B->branks];
    B->btop2 = hr_cl_top[B->branks & ~(1u << B->btop1)];
    B->nut_straight = hr_cl_nutst[B->branks];
    B->has_keys = 0;
    if (B->rec && !B->brute && (B->flush_suit < 0 || B->bcount[B->flush_suit] < 5))
        return;                                 /* the nut rank comes from the record */
    for (i = 0; i < 52; i++)
        if (!(bmask >> (16 * (i & 3) + (i >> 2)) & 1)) B->rest[nc++] = (uint8_t)i;
    B->nrest = nc;
    B->has_keys = with_keys;
    if (!with_keys) return;
    for (i = 0; i < nc; i++)
        for (j = i + 1; j < nc; j++)
            raw[n++] = hr_cl_key(bmask | HR_BIT(B->rest[i]) | HR_BIT(B->rest[j]));
    memcpy(B->keys, raw, (size_t)n * sizeof(uint32_t));
    hr_cl_sort(B->keys, n);
    for (i = 0, j = 0; i < n; i++)
        if (j == 0 || B->keys[i] != B->keys[j - 1]) B->keys[j++] = B->keys[i];
    B->nkeys = j;
    memset(B->mult, 0, (size_t)j * sizeof(uint16_t));
    memset(B->seen, 0, (size_t)j * sizeof(uint16_t));
    for (i = 0, n = 0; i < nc; i++)
        for (j = i + 1; j < nc; j++) {
            int a = B->rest[i], b = B->rest[j];
            int k = hr_cl_find(B, raw[n++]);
            B->id[a * 52 + b] = B->id[b * 52 + a] = (uint16_t)k;
            B->mult[k]++;
        }
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

/* The packed result of hole cards a, b (not on the board). */
static uint32_t hr_cl_one(hr_cl_board_t *B, int a, int b)
{
    uint64_t hmask = HR_BIT(a) | HR_BIT(b), all = B->bmask | hmask;
    uint32_t key = hr_cl_key(all), cat = key >> 26, draws = 0, blk = 0;
    int r1 = HR_RANK(a), r2 = HR_RANK(b), made, s;
    uint32_t hranks = (1u << r1) | (1u << r2), ranks = B->branks | hranks;
    switch (cat) {
    case 8: made = HR_CL_STRAIGHT_FLUSH; break;
    case 7: made = HR_CL_QUADS; break;
    case 6: made = HR_CL_FULL_HOUSE; break;
    case 5: made = HR_CL_FLUSH; break;
    case 4: made = HR_CL_STRAIGHT; break;
    case 3: {
        int t = hr_cl_top[(key >> 13) & 0x1fff];
        made = r1 == t && r2 == t ? HR_CL_SET : (r1 == t || r2 == t) ? HR_CL_TRIPS
                                                                    : HR_CL_BOARD_TRIPS;
        break;
    }
    case 2:
        made = ((key >> 13) & hranks) ? HR_CL_TWO_PAIR : HR_CL_BOARD_TWO_PAIR;
        break;
    case 1: {
        int p = hr_cl_top[(key >> 13) & 0x1fff];
        if (r1 == r2) made = p > B->btop1 ? HR_CL_OVERPAIR : HR_CL_UNDERPAIR;
        else if (r1 == p || r2 == p) {
            if (p == B->btop1) {
                int k = r1 == p ? r2 : r1;
                int above = hr_cl_pop[~B->branks & 0x1fff & ~((2u << k) - 1)];
                made = above == 0 ? HR_CL_TOP_PAIR_TOP_KICKER
                     : above <= 2 ? HR_CL_TOP_PAIR_GOOD_KICKER : HR_CL_TOP_PAIR_WEAK_KICKER;
            } else made = p == B->btop2 ? HR_CL_MIDDLE_PAIR : HR_CL_WEAK_PAIR;
        } else made = HR_CL_BOARD_PAIR;
        break;
    }
    default: made = (r1 == 12 || r2 == 12) ? HR_CL_ACE_HIGH : HR_CL_NO_MADE_HAND;
    }
    if (B->nb < 5) {
        if (cat < 5) {                                          /* flush draws */
            for (s = 0; s < 4; s++) {
                uint32_t hl = (uint32_t)(hmask >> (16 * s)) & 0x1fff;
                int cnt = B->bcount[s] + hr_cl_pop[hl];
                if (!hl) continue;
                if (cnt == 4) {
                    draws |= HR_CL_FLUSH_DRAW;
                    if (hl >> hr_cl_top[~B->blane[s] & 0x1fff] & 1) draws |= HR_CL_NUT_FLUSH_DRAW;
                } else if (cnt == 3 && B->nb == 3)
                    draws |= HR_CL_BACKDOOR_FLUSH_DRAW;
            }
        }
        if (cat < 4) {                                          /* straight draws */
            uint64_t d = hr_cl_next[ranks] ^ hr_cl_next[B->branks];
            int nouts;
            d |= d >> 2;
            d |= d >> 1;
            d &= HR_CL_NIBBLES;
            nouts = (int)((d * HR_CL_NIBBLES) >> 48) & 15;   /* adds the nibbles */
            if (nouts == 1) draws |= HR_CL_GUTSHOT;
            else if (nouts >= 2)
                draws |= (nouts == 2 && d == hr_cl_ends[ranks]) ? HR_CL_OPEN_ENDED
                                                                : HR_CL_DOUBLE_GUTSHOT;
            else if (B->nb == 3) {                              /* runner-runner */
                uint32_t er = hr_cl_ext(ranks);
                int j;
                for (j = 0; j < 10; j++) {
                    uint32_t miss = (0x1fu << j) & ~er, m13, sr, sb;
                    if (hr_cl_pop[miss] != 2) continue;
                    m13 = ((miss >> 1) | ((miss & 1) << 12)) & 0x1fff;
                    sr = hr_cl_straights(ranks | m13);
                    sb = hr_cl_straights(B->branks | m13);
                    if ((sr ^ sb) > sb) { draws |= HR_CL_BACKDOOR_STRAIGHT_DRAW; break; }
                }
            }
        }
        if (r1 != r2 && (r1 < r2 ? r1 : r2) > B->btop1 &&
            (made <= HR_CL_BOARD_PAIR || made == HR_CL_BOARD_TWO_PAIR ||
             made == HR_CL_BOARD_TRIPS))
            draws |= HR_CL_OVERCARDS;
    }
    if (hmask & B->nut_flush) blk |= HR_CL_BLOCKS_NUT_FLUSH;
    if (hranks & B->nut_straight) blk |= HR_CL_BLOCKS_NUT_STRAIGHT;
    return HR_CL_PACK(made, draws, blk,
                      B->brute ? (B->has_keys ? hr_cl_nut(B, a, b) : hr_cl_nut_direct(B, a, b, key))
                      : B->rec && B->flush_suit < 0 ? hr_cl_nut_rec(B, a, b)
                      : B->rec && B->bcount[B->flush_suit] < 5 ? hr_cl_nut_flush(B, a, b, key)
                      : B->has_keys ? hr_cl_nut(B, a, b) : hr_cl_nut_kinds(B, a, b, key));
}

HR_INLINE void hr_cl_store(uint32_t v, int64_t i, uint8_t *made, uint16_t *draws,
                           int16_t *nut, uint8_t *blk)
{
    made[i] = (uint8_t)(v & 31);
    draws[i] = (uint16_t)((v >> 5) & 0xff);
    blk[i] = (uint8_t)((v >> 13) & 3);
    nut[i] = (int16_t)(v >> 16);
}

/* The mask of nb board cards, or 0 when one is out of range or repeated. */
HR_INLINE uint64_t hr_cl_board_mask(const uint8_t *board, int nb)
{
    uint64_t m = 0;
    int i;
    for (i = 0; i < nb; i++) {
        if (board[i] >= 52 || (m & HR_BIT(board[i]))) return 0;
        m |= HR_BIT(board[i]);
    }
    return m;
}

#define HR_CL_BLOCK 4096          /* rows a thread takes at a time (hr_rows) */
#define HR_CL_KEYS_RUN 8          /* rows of one board from which its keys are built */

/* Rows [lo, hi) of one block.  shared: one board for all (B set, table
 * optional); else each row's board is boards + nb * row, and B is the
 * block's own, rebuilt when the board changes.  The first bad row or -1. */
static int64_t hr_cl_rows(hr_cl_board_t *B, const uint32_t *table, int shared,
                          const uint8_t *holes, const uint8_t *boards, int nb,
                          int64_t lo, int64_t hi, uint8_t *made, uint16_t *draws,
                          int16_t *nut, uint8_t *blk)
{
    int64_t i;
    uint64_t have = shared ? B->bmask : 0;
    for (i = lo; i < hi; i++) {
        int a = holes[2 * i], b = holes[2 * i + 1];
        if (!shared) {
            uint64_t bm = hr_cl_board_mask(boards + (int64_t)nb * i, nb);
            if (!bm) return i;
            if (bm != have) {
                hr_cl_board(B, bm, 0);
                if (!B->rec || B->brute ||
                    (B->flush_suit >= 0 && B->bcount[B->flush_suit] == 5)) {
                    int64_t run = 1;           /* keys pay off for a run of rows */
                    while (run < HR_CL_KEYS_RUN && i + run < hi &&
                           hr_cl_board_mask(boards + (int64_t)nb * (i + run), nb) == bm)
                        run++;
                    if (run >= HR_CL_KEYS_RUN) hr_cl_board(B, bm, 1);
                }
                have = bm;
            }
        }
        if (a >= 52 || b >= 52 || a == b || ((HR_BIT(a) | HR_BIT(b)) & have)) return i;
        hr_cl_store(table ? table[a * 52 + b] : hr_cl_one(B, a, b), i, made, draws, nut, blk);
    }
    return -1;
}

/* One classify batch, for hr_rows: B and table for one board shared by all
 * rows (B NULL: each row's own board, a record per part).  oom is set when
 * a part cannot allocate its record (every writer writes 1). */
typedef struct {
    hr_cl_board_t *B;
    const uint32_t *table;
    const uint8_t *holes, *boards;
    int nb;
    uint8_t *made;
    uint16_t *draws;
    int16_t *nut;
    uint8_t *blk;
    int brute;                 /* the nut rank by the old brute force (tests) */
    volatile int oom;
} hr_cl_job_t;

/* hr_rows's part: rows [lo, hi) of the batch; the first bad row or -1. */
static int64_t hr_cl_part(const void *arg, int64_t lo, int64_t hi)
{
    hr_cl_job_t *J = (hr_cl_job_t *)arg;
    hr_cl_board_t *B;
    int64_t bad;
    if (J->B)
        return hr_cl_rows(J->B, J->table, 1, J->holes, J->boards, J->nb, lo, hi, J->made,
                          J->draws, J->nut, J->blk);
    B = (hr_cl_board_t *)malloc(sizeof(hr_cl_board_t));
    if (!B) {
        J->oom = 1;
        return -1;
    }
    B->brute = J->brute;
    bad = hr_cl_rows(B, NULL, 0, J->holes, J->boards, J->nb, lo, hi, J->made, J->draws,
                     J->nut, J->blk);
    free(B);
    return bad;
}

/* Rows [0, n) through THE row loop (hr_rows.h) in blocks of HR_CL_BLOCK;
 * the first bad row, -1, or -3 when memory runs out. */
static int64_t hr_cl_team(hr_cl_board_t *shared, const uint32_t *table,
                          const uint8_t *holes, const uint8_t *boards, int nb, int64_t n,
                          uint8_t *made, uint16_t *draws, int16_t *nut, uint8_t *blk, int team,
                          int brute)
{
    hr_cl_job_t J;
    int64_t bad;
    J.B = shared;
    J.table = table;
    J.holes = holes;
    J.boards = boards;
    J.nb = nb;
    J.made = made;
    J.draws = draws;
    J.nut = nut;
    J.blk = blk;
    J.oom = 0;
    J.brute = brute;
    bad = hr_rows(hr_cl_part, &J, 0, n, HR_CL_BLOCK, team);
    return J.oom ? -3 : bad;
}

/* Classify n rows: holes (n, 2) codes; boards (nb,) for all rows when
 * shared, else (n, nb); nb in 3..5.  Writes made, draws, nut (nut rank) and
 * blk per row.  brute: the nut rank by the brute force the records replaced
 * (every holding's key, for the tests' comparison).  Returns the first bad row, -1, or -2 for a bad shared board
 * or nb, or -3 when memory runs out.  team: threads (from hr_team). */
static int64_t hr_classify(const uint8_t *holes, const uint8_t *boards, int nb, int shared,
                           int64_t n, uint8_t *made, uint16_t *draws, int16_t *nut,
                           uint8_t *blk, int team, int brute)
{
    hr_cl_board_t *B;
    uint32_t *table = NULL;
    uint64_t bm;
    int64_t bad;
    int a, b;
    if (nb < 3 || nb > 5) return -2;
    if (n <= 0) return -1;
    if (hr_cl_prepare(nb)) return -3;      /* done already when called from Python */
    if (!shared)
        return hr_cl_team(NULL, NULL, holes, boards, nb, n, made, draws, nut, blk, team, brute);
    bm = hr_cl_board_mask(boards, nb);
    if (!bm) return -2;
    B = (hr_cl_board_t *)malloc(sizeof(hr_cl_board_t));
    if (!B) return -3;
    B->brute = brute;
    hr_cl_board(B, bm, 1);
    if (n >= 600) {                          /* worth classifying every holding once */
        table = (uint32_t *)calloc(52 * 52, sizeof(uint32_t));
        if (!table) { free(B); return -3; }
        for (a = 0; a < 52; a++)
            for (b = a + 1; b < 52; b++)
                if (!((HR_BIT(a) | HR_BIT(b)) & bm))
                    table[a * 52 + b] = table[b * 52 + a] = hr_cl_one(B, a, b);
    }
    /* without the table rows share B's scratch: one thread (few rows) */
    bad = hr_cl_team(B, table, holes, boards, nb, n, made, draws, nut, blk, table ? team : 1,
                     brute);
    free(table);
    free(B);
    return bad;
}

#endif /* HANDRANK_HR_CLASSIFY_H */
