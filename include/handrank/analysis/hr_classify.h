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
 * On a board with no suit of 3+ cards no hand makes a flush, so all but
 * the suit flags (flush draws, the nut-flush blocker: hr_cl_suited) depend
 * on the ranks only: for each multiset of board ranks and each rank pair of
 * the hole, hr_cl_one's answer is kept in a rank table (hr_cl_rt, built
 * once a process for each board size), and such a row is two lookups and
 * its suit flags, with no board set-up (hr_cl_rows_own).  On other boards
 * a board's work (its ranks and suits, the cards that block the nut flush
 * and straight, its record) is done once per run of rows of that board
 * (hr_cl_board); with one board for many rows, every two-card holding is
 * classified once into a 52 x 52 table and rows are looked up.
 *
 * The nut rank comes from a record of the board's ranks (hr_cl_rec_t,
 * built once a process for each board size): the distinct keys of every
 * rank pair the deck has, so a hand's rank is a lookup less the keys its
 * own cards use up (hr_cl_nut_rec), and on boards with a flush suit the
 * same record plus the holdings of that suit (hr_cl_nut_flush; with 4 or 5
 * cards of it, its flushes in closed form).  The brute force it replaced
 * (every holding's key sorted: hr_cl_nut, hr_cl_nut_direct) stays callable
 * for every board (brute = 1) so tests can compare.
 * Results never depend on the number of threads.
 */
#ifndef HANDRANK_HR_CLASSIFY_H
#define HANDRANK_HR_CLASSIFY_H

#include <stdlib.h>
#include <string.h>

#include "../base/hr_core.h"
#include "hr_cl_keys.h"  /* classes, flags, hr_cl_key, the rank records */
#include "hr_cl_nut.h"   /* hr_cl_board_t, the nut rank */
#include "hr_cl_board.h" /* rank-table indexes, board state, suit flags */
#include "../base/hr_rows.h"     /* hr_rows, hr_team */


/* The packed result of hole cards a, b (not on the board). */
static uint32_t hr_cl_one(hr_cl_board_t *B, int a, int b)
{
    uint64_t hmask = HR_BIT(a) | HR_BIT(b), all = B->bmask | hmask;
    uint32_t key = hr_cl_key(all), cat = key >> 26, draws = 0, blk = 0;
    int r1 = HR_RANK(a), r2 = HR_RANK(b), made;
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
    if (hranks & B->nut_straight) blk |= HR_CL_BLOCKS_NUT_STRAIGHT;
    return hr_cl_suited(B->bmask, B->nb, a, b, cat < 5) | HR_CL_PACK(made, draws, blk,
                      B->brute ? (B->has_keys ? hr_cl_nut(B, a, b) : hr_cl_nut_direct(B, a, b, key))
                      : B->flush_suit < 0 ? hr_cl_nut_rec(B, a, b) : hr_cl_nut_flush(B, a, b, key, -1));
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

/* The records and the rank table of boards of nb cards (once; call with the
 * GIL held, before any thread reads them).  0, or -3 when memory runs out. */
static int hr_cl_prepare(int nb)
{
    int q[5], c[13], i, k, x, y, size;
    uint32_t *T;
    hr_cl_board_t *B;
    if (nb < 3 || nb > 5) return 0;
    if (hr_cl_prepare_recs(nb)) return -3;
    if (hr_cl_rt[nb]) return 0;
    if (!hr_cl_rt[3] && !hr_cl_rt[4] && !hr_cl_rt[5]) hr_cl_index_init();
    size = hr_cl_binom[12 + nb][nb];
    T = (uint32_t *)calloc((size_t)size * 91, sizeof(uint32_t));
    B = (hr_cl_board_t *)malloc(sizeof(hr_cl_board_t));
    if (!T || !B) {
        free(T);
        free(B);
        return -3;
    }
    B->brute = 0;
    for (i = 0; i < nb; i++) q[i] = 0;
    for (;;) {                                  /* every non-decreasing q */
        int ok = 1;
        memset(c, 0, sizeof c);
        for (i = 0; i < nb; i++) ok &= ++c[q[i]] <= 4;
        if (ok) {
            const int ix = hr_cl_rec_index(q, nb);
            uint32_t *row = T + 91 * ix;
            uint64_t bm = 0;
            for (i = 0; i < nb; i++) bm |= 1ULL << (16 * (i & 3) + q[i]);
            hr_cl_board(B, bm, ix, 0);
            for (x = 0; x < 13; x++)
                for (y = x; y < 13; y++) {
                    int a = -1, b = -1, s;
                    for (s = 0; s < 4; s++) {           /* cards the board leaves */
                        int card = 4 * x + s;
                        if (!(bm & HR_BIT(card))) { a = card; break; }
                    }
                    for (s = 0; s < 4; s++) {
                        int card = 4 * y + s;
                        if (card != a && !(bm & HR_BIT(card))) { b = card; break; }
                    }
                    if (a >= 0 && b >= 0)
                        row[hr_cl_tri[13 * x + y]] = hr_cl_one(B, a, b) & ~HR_CL_SUIT_BITS;
                }
        }
        for (k = nb - 1; k >= 0 && q[k] == 12; k--) {}
        if (k < 0) break;
        q[k]++;
        for (i = k + 1; i < nb; i++) q[i] = q[k];
    }
    free(B);
    hr_cl_rt[nb] = T;
    return 0;
}

#define HR_CL_BLOCK 4096          /* rows a thread takes at a time (hr_rows) */
#define HR_CL_KEYS_RUN 8          /* rows of one board from which its keys are built */

/* Rows [lo, hi) of one block, all of one board (B, table optional: every
 * holding's answer); row i's hole cards at holes + hs * i.  The first bad
 * row or -1. */
static int64_t hr_cl_rows(hr_cl_board_t *B, const uint32_t *table, const uint8_t *holes,
                          int64_t hs, int64_t lo, int64_t hi, uint8_t *made, uint16_t *draws,
                          int16_t *nut, uint8_t *blk)
{
    const uint64_t have = B->bmask;
    int64_t i;
    for (i = lo; i < hi; i++) {
        int a = holes[hs * i], b = holes[hs * i + 1];
        if (a >= 52 || b >= 52 || a == b || ((HR_BIT(a) | HR_BIT(b)) & have)) return i;
        hr_cl_store(table ? table[a * 52 + b] : hr_cl_one(B, a, b), i, made, draws, nut, blk);
    }
    return -1;
}

#define HR_CL_AHEAD 8             /* rows whose rank-table entry is asked for ahead */

/* The rank-table entry of hole cards h on board cards bp (nb of them, any
 * codes: those of 52 and up read rank 0, so every read is in bounds), as an
 * offset into hr_cl_rt[nb]. */
HR_INLINE uint32_t hr_cl_entry(const uint8_t *h, const uint8_t *bp, const int nb)
{
    const uint8_t *r = hr_cl_crank;
    int ix = hr_cl_ix3[r[bp[0]] * 169 + r[bp[1]] * 13 + r[bp[2]]];
    if (nb == 4) ix = hr_cl_ix4[ix * 13 + r[bp[3]]];
    else if (nb == 5) ix = hr_cl_ix5[ix * 91 + hr_cl_tri[r[bp[3]] * 13 + r[bp[4]]]];
    return (uint32_t)(91 * ix + hr_cl_tri[r[h[0]] * 13 + r[h[1]]]);
}

/* Ask for row i's rank-table entry (random reads of a table of up to 2.3 MB:
 * a row's work would otherwise wait on memory) and keep its offset; for a
 * row that will likely count its nut rank from the record of its board's
 * ranks (hr_cl_nut_flush reads it all), also for that record. */
HR_INLINE void hr_cl_ask(const uint32_t *rt, uint32_t *ring, uint32_t *suits,
                         const uint8_t *holes, int64_t hs, const uint8_t *boards, int64_t bs,
                         const int nb, int64_t i)
{
    const uint8_t *bp = boards + bs * i, *hp = holes + hs * i;
    const uint32_t off = hr_cl_entry(hp, bp, nb);
    uint32_t sc = 0;
    int j;
    for (j = 0; j < nb; j++) sc += hr_cl_csuit[bp[j]];
    ring[i & 15] = off;
    suits[i & 15] = sc;
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(rt + off, 0, 0);
    if (((sc + 0x4444u) & 0x8888u) ||           /* the lines of the record read: */
        ((sc + 0x5555u) & 0x8888u & (hr_cl_csuit[hp[0]] + hr_cl_csuit[hp[1]] + 0x6666u))) {
        /* 4+ of a suit, or 3 and a hole with two of them (other holes on
         * three read the rank table, but a full house or quads: rare) */
        const char *rec = (const char *)&hr_cl_recs[nb][off / 91];
        for (j = 0; j < HR_CL_REC_READ; j += 64) __builtin_prefetch(rec + j, 0, 0);
        __builtin_prefetch(rec + HR_CL_REC_READ - 1, 0, 0);
    }
#else
    (void)rt;
#endif
}

/* Rows [lo, hi) of one block, each row's board its own (boards + nb * row;
 * nb a constant where this is inlined).  A row's cards are checked at once:
 * with each card's bit (hr_cl_cbit), they are all cards and all different
 * exactly when the bits' sum equals their union and has no HR_CL_BAD_BIT
 * (x + y == (x | y) when x & y == 0, and only then).
 *
 * The rank table's precondition: the hand makes no flush.  That holds on a
 * board with no suit of 3+ cards (checked from the board's suit counts,
 * a nibble each): such a row is the rank table's entry and its suit
 * flags, with no board set-up.  With exactly three cards of suit fs, a
 * hole with at most one of them below a flush is the rank table's entry
 * plus the pairs of fs left; with exactly four, a hole with one of them is
 * a read of hr_cl_f41 (plus a paired river's full houses), a hole with
 * none whose ranks the river's fifth card does not pair the rank table's
 * entry plus hr_cl_f4's flushes: no board set-up either.  Other holes on
 * 3 or 4 cards of fs with fewer cards of fs than a flush needs take mode
 * 2 (the nut rank from hr_cl_nut_flush, so B is filled).  Other rows
 * (holes that flush, the tests' brute force) go through hr_cl_one; for the
 * brute force B holds the keys of every holding for a run of rows of one
 * board.  B is filled when a flush-suit board differs from the last one
 * filled.  Each turn or river row's rank-table entry is asked for
 * HR_CL_AHEAD rows ahead.  The first bad row or -1. */
HR_INLINE int64_t hr_cl_rows_own(hr_cl_board_t *B, const uint8_t *holes, int64_t hs,
                                 const uint8_t *boards, int64_t bs, const int nb,
                                 int64_t lo, int64_t hi,
                                 uint8_t *made, uint16_t *draws, int16_t *nut, uint8_t *blk)
{
    const uint32_t *rt = hr_cl_rt[nb];
    const int brute = B->brute;
    uint64_t have = 0;
    int64_t i;
    int mode = 0, fs = 0, need = 0, ix = 0, rest = 0;
    uint32_t ring[16], suits[16];
    if (nb > 3)                                 /* a flop's table (166 KB) stays in cache */
        for (i = lo; i < hi && i < lo + HR_CL_AHEAD; i++)
            hr_cl_ask(rt, ring, suits, holes, hs, boards, bs, nb, i);
    for (i = lo; i < hi; i++) {
        const uint8_t *bp = boards + bs * i;
        const int a = holes[hs * i], b = holes[hs * i + 1];
        const uint64_t ha = hr_cl_cbit[a], hb = hr_cl_cbit[b];
        uint64_t bm = 0, sum = 0;
        uint32_t sc = 0, v;                     /* board cards of each suit, a nibble each */
        int j;
        for (j = 0; j < nb; j++) {
            const uint64_t c = hr_cl_cbit[bp[j]];
            bm |= c;
            sum += c;
            if (nb == 3) sc += hr_cl_csuit[bp[j]];
        }
        if (nb > 3) {                           /* counted when asked for */
            sc = suits[i & 15];
            if (i + HR_CL_AHEAD < hi)
                hr_cl_ask(rt, ring, suits, holes, hs, boards, bs, nb, i + HR_CL_AHEAD);
        }
        if (sum + ha + hb != (bm | ha | hb) || ((bm | ha | hb) & HR_CL_BAD_BIT)) return i;
        if (!((sc + 0x5555u) & 0x8888u) && !brute) {           /* no flush possible */
            v = rt[nb > 3 ? ring[i & 15] : hr_cl_entry(holes + hs * i, bp, nb)];
            if (nb < 5) v |= hr_cl_suited(bm, nb, a, b, 1);     /* a river's are 0 */
            made[i] = (uint8_t)(v & 31);
            draws[i] = (uint16_t)((v >> 5) & 0xff);
            blk[i] = (uint8_t)((v >> 13) & 3);
            nut[i] = (int16_t)(v >> 16);
            continue;
        }
        if (!brute && !((sc + 0x4444u) & 0x8888u)) {       /* exactly three of suit fs */
            const int fs3 = hr_cl_ctz32((sc + 0x5555u) & 0x8888u) >> 2;
            const int nhs = (HR_SUIT(a) == fs3) + (HR_SUIT(b) == fs3);
            const uint32_t u = nhs < 2 ? rt[nb > 3 ? ring[i & 15] : hr_cl_entry(holes + hs * i,
                                                                                 bp, nb)] : 0;
            if (nhs < 2 && (u & 31) <= HR_CL_STRAIGHT) {
                /* no flush, below one: the rank table's nut rank counts the
                 * keys of holdings that make no flush (a rank pair with a
                 * holding of its ranks has one with at most one card of fs:
                 * two ranks with only their card of fs left would take six
                 * known cards off fs, and there are four at most), and every
                 * pair of fs's 10 - nhs cards left has a key above of its
                 * own (hr_cl_nut_flush's count for three cards of s) */
                v = (u + (uint32_t)(45 - 9 * nhs) * 65536u) |
                    (nb < 5 ? hr_cl_suited(bm, nb, a, b, 1) : hr_cl_river_suited(bm, fs3, a, b));
                hr_cl_store(v, i, made, draws, nut, blk);
                continue;
            }
        } else if (!brute && !((sc + 0x3333u) & 0x8888u)) {        /* exactly four of fs */
            const int fs4 = hr_cl_ctz32((sc + 0x4444u) & 0x8888u) >> 2;
            const int nhs = (HR_SUIT(a) == fs4) + (HR_SUIT(b) == fs4);
            const uint32_t L = (uint32_t)(bm >> (16 * fs4)) & 0x1fff;
            const uint64_t om = bm & ~(0x1fffULL << (16 * fs4));   /* the river's fifth */
            const uint32_t orank = (uint32_t)(om | om >> 16 | om >> 32 | om >> 48) & 0x1fff;
            const int ra = HR_RANK(a), rb = HR_RANK(b);
            if (nhs == 1) {                     /* the flush of L and h: hr_cl_f41 */
                const int h = HR_SUIT(a) == fs4 ? ra : rb, ro = ra + rb - h;
                v = hr_cl_f41[13 * (hr_cl_f4[L] >> 16) + (uint32_t)h];
                if ((orank & L) && (v & 31) == HR_CL_FLUSH)     /* full houses, quads */
                    v += (uint32_t)(7 - ((orank >> ro) & 1)) << 16;
                if ((hr_cl_nutst[L | orank] >> ra | hr_cl_nutst[L | orank] >> rb) & 1)
                    v |= HR_CL_PACK(0, 0, HR_CL_BLOCKS_NUT_STRAIGHT, 0);
                hr_cl_store(v, i, made, draws, nut, blk);
                continue;
            }
            if (nhs == 0 && !((orank >> ra | orank >> rb) & 1)) {
                /* no flush, and the river's fifth is of neither hole rank:
                 * every rank but a hole pair's keeps two cards off fs, so
                 * every rank pair has a holding with no card of fs, but the
                 * hole pair's own (its key is the hand's, not above it), and
                 * the same holds counting by ranks only: the rank table's
                 * nut rank counts the keys of holdings that make no flush;
                 * hr_cl_f4 adds the flushes above */
                const uint32_t u = rt[nb > 3 ? ring[i & 15] : 0], f4 = hr_cl_f4[L];
                v = u + ((u & 31) >= HR_CL_FULL_HOUSE ? f4 >> 8 & 255 : f4 & 255) * 65536u;
                if (nb < 5) v |= hr_cl_suited(bm, nb, a, b, 1);
                hr_cl_store(v, i, made, draws, nut, blk);
                continue;
            }
        }
        if (bm != have) {
            ix = nb > 3 ? (int)(ring[i & 15] / 91) : hr_cl_board_index(bp, nb);
            if (brute) hr_cl_board(B, bm, ix, 0);
            else hr_cl_board_flush(B, bm, nb, sc, ix);
            rest = brute;                       /* hr_cl_board fills it all */
            fs = B->flush_suit;
            mode = 1;
            if (!brute) {
                mode = 2;
                need = 5 - B->bcount[fs];
            } else {
                int64_t run = 1;               /* keys pay off for a run of rows */
                while (run < HR_CL_KEYS_RUN && i + run < hi &&
                       hr_cl_board_mask(boards + bs * (i + run), nb) == bm)
                    run++;
                if (run >= HR_CL_KEYS_RUN) hr_cl_board(B, bm, ix, 1);
            }
            have = bm;
        }
        if (mode == 2 && (HR_SUIT(a) == fs) + (HR_SUIT(b) == fs) < need) {
            /* a hole that makes no flush (and no other suit can reach five)
             * has the key of its rank pair: the record's key own */
            const int own = B->rec->kid[HR_RANK(a)][HR_RANK(b)];
            const uint32_t u = rt[91 * ix + hr_cl_tri[HR_RANK(a) * 13 + HR_RANK(b)]];
            /* its key's category from its class (straight and up: one
             * class a category; below, 0 does: hr_cl_nut_flush) */
            const uint32_t cat = (u & 31) >= HR_CL_STRAIGHT ? (u & 31) - HR_CL_STRAIGHT + 4 : 0;
            v = (u & 0xffff) | hr_cl_suited(bm, nb, a, b, 1) |
                HR_CL_PACK(0, 0, 0, hr_cl_nut_flush(B, a, b, cat << 26, own));
        } else {
            if (!rest) {
                hr_cl_board_rest(B);
                rest = 1;
            }
            v = hr_cl_one(B, a, b);
        }
        hr_cl_store(v, i, made, draws, nut, blk);
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
    int64_t hs, bs;            /* bytes from a row's hole cards (board) to the next's */
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
        return hr_cl_rows(J->B, J->table, J->holes, J->hs, lo, hi, J->made, J->draws, J->nut,
                          J->blk);
    B = (hr_cl_board_t *)malloc(sizeof(hr_cl_board_t));
    if (!B) {
        J->oom = 1;
        return -1;
    }
    B->brute = J->brute;
#define HR_CL_OWN(n) hr_cl_rows_own(B, J->holes, J->hs, J->boards, J->bs, n, lo, hi, J->made, \
                                    J->draws, J->nut, J->blk)
    bad = J->nb == 3 ? HR_CL_OWN(3) : J->nb == 4 ? HR_CL_OWN(4) : HR_CL_OWN(5);
#undef HR_CL_OWN
    free(B);
    return bad;
}

/* Rows [0, n) through THE row loop (hr_rows.h) in blocks of HR_CL_BLOCK;
 * the first bad row, -1, or -3 when memory runs out. */
static int64_t hr_cl_team(hr_cl_board_t *shared, const uint32_t *table,
                          const uint8_t *holes, int64_t hs, const uint8_t *boards, int64_t bs,
                          int nb, int64_t n,
                          uint8_t *made, uint16_t *draws, int16_t *nut, uint8_t *blk, int team,
                          int brute)
{
    hr_cl_job_t J;
    int64_t bad;
    J.B = shared;
    J.table = table;
    J.holes = holes;
    J.hs = hs;
    J.boards = boards;
    J.bs = bs;
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

/* Classify n rows: holes (n, 2) codes, row i's at holes + hs * i (hs: 2 when
 * contiguous; any stride, negative too, as numpy views have); boards (nb,)
 * for all rows when shared (bs unused), else row i's at boards + bs * i;
 * nb in 3..5.  Writes made, draws, nut (nut rank) and
 * blk per row.  brute: the nut rank by the brute force the records replaced
 * (every holding's key, for the tests' comparison).  Returns the first bad row, -1, or -2 for a bad shared board
 * or nb, or -3 when memory runs out.  team: threads (from hr_team). */
static int64_t hr_classify(const uint8_t *holes, int64_t hs, const uint8_t *boards, int64_t bs,
                           int nb, int shared, int64_t n, uint8_t *made, uint16_t *draws,
                           int16_t *nut, uint8_t *blk, int team, int brute)
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
        return hr_cl_team(NULL, NULL, holes, hs, boards, bs, nb, n, made, draws, nut, blk, team,
                          brute);
    bm = hr_cl_board_mask(boards, nb);
    if (!bm) return -2;
    B = (hr_cl_board_t *)malloc(sizeof(hr_cl_board_t));
    if (!B) return -3;
    B->brute = brute;
    hr_cl_board(B, bm, hr_cl_board_index(boards, nb), 1);
    if (n >= 600) {                          /* worth classifying every holding once */
        table = (uint32_t *)calloc(52 * 52, sizeof(uint32_t));
        if (!table) { free(B); return -3; }
        for (a = 0; a < 52; a++)
            for (b = a + 1; b < 52; b++)
                if (!((HR_BIT(a) | HR_BIT(b)) & bm))
                    table[a * 52 + b] = table[b * 52 + a] = hr_cl_one(B, a, b);
    }
    /* without the table rows share B's scratch: one thread (few rows) */
    bad = hr_cl_team(B, table, holes, hs, boards, 0, nb, n, made, draws, nut, blk,
                     table ? team : 1, brute);
    free(table);
    free(B);
    return bad;
}

#endif /* HANDRANK_HR_CLASSIFY_H */
