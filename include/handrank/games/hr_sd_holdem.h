/*
 * handrank hold'em showdown batches with AVX2 or AVX-512, one deal per
 * 32-bit lane: 8 (hr_sd_holdem) or 16 (hr_sd_holdem16) deals per step,
 * their checks, boards and players' rank keys in vector registers, only
 * the lookups in scalar code.  Used by hr_showdown.h
 * (HR_MULTIVERSION only).
 */
#ifndef HANDRANK_HR_SD_HOLDEM_H
#define HANDRANK_HR_SD_HOLDEM_H

#include "../base/hr_core.h"
#include "hr_games.h"
#include "../rules/hr_hash.h"
#include "../evaluation/hr_simd.h"
#include "../evaluation/hr_value.h"

#ifdef HR_MULTIVERSION

/* Most players hr_sd_holdem takes (the hold'em shapes of hr_showdown_any). */
#define HR_SDH_MAXP 10

/* Each 4-bit set of players as four 64-bit masks (all ones for a player in
 * the set): a deal's shares are its winners' masks and the pot's share. */
#define HR_SDH_M(m) {0 - (uint64_t)((m) & 1), 0 - (uint64_t)((m) >> 1 & 1),          \
                     0 - (uint64_t)((m) >> 2 & 1), 0 - (uint64_t)((m) >> 3 & 1)}
static const uint64_t hr_sdh_mask4[16][4] = {
    HR_SDH_M(0), HR_SDH_M(1), HR_SDH_M(2), HR_SDH_M(3), HR_SDH_M(4), HR_SDH_M(5),
    HR_SDH_M(6), HR_SDH_M(7), HR_SDH_M(8), HR_SDH_M(9), HR_SDH_M(10), HR_SDH_M(11),
    HR_SDH_M(12), HR_SDH_M(13), HR_SDH_M(14), HR_SDH_M(15)};
#undef HR_SDH_M

HR_INLINE int32_t hr_sdh_ld32(const uint8_t *p)
{
    int32_t x;
    memcpy(&x, p, 4);
    return x;
}

HR_INLINE int32_t hr_sdh_ld16(const uint8_t *p)
{
    uint16_t x;
    memcpy(&x, p, 2);
    return x;
}

/* Hole block j of 8 deals of P players at H (2P codes a deal): lane d holds
 * the codes of players 2j and 2j + 1 of deal d (4 bytes; 2 and two zero
 * bytes for the last block of an odd P). */
HR_AVX2_TARGET HR_INLINE __m256i hr_sdh_holes(const uint8_t *H, const int P, const int j)
{
    if (P == 2) return _mm256_loadu_si256((const __m256i *)H);
    const uint8_t *h = H + 4 * j;
    if (4 * j + 4 <= 2 * P)
        return _mm256_setr_epi32(hr_sdh_ld32(h), hr_sdh_ld32(h + 2 * P),
                                 hr_sdh_ld32(h + 4 * P), hr_sdh_ld32(h + 6 * P),
                                 hr_sdh_ld32(h + 8 * P), hr_sdh_ld32(h + 10 * P),
                                 hr_sdh_ld32(h + 12 * P), hr_sdh_ld32(h + 14 * P));
    return _mm256_setr_epi32(hr_sdh_ld16(h), hr_sdh_ld16(h + 2 * P), hr_sdh_ld16(h + 4 * P),
                             hr_sdh_ld16(h + 6 * P), hr_sdh_ld16(h + 8 * P),
                             hr_sdh_ld16(h + 10 * P), hr_sdh_ld16(h + 12 * P),
                             hr_sdh_ld16(h + 14 * P));
}

/* The hold'em value of a valid deal's player whose cards hold a suit of
 * five: that suit's flush, as hr_showdown_any's flush case (mode BEST). */
HR_INLINE int hr_sdh_flush(const hr_vctx_t *c, const hr_v2 *NX, const uint8_t *h,
                           const uint8_t *b)
{
    const hr_v2 e = HR_V2_ADD(HR_V2_ADD(HR_V2_ADD(HR_V2_ADD(NX[b[0]], NX[b[1]]),
                                                  HR_V2_ADD(NX[b[2]], NX[b[3]])),
                                        HR_V2_ADD(NX[b[4]], NX[h[0]])),
                              NX[h[1]]);
    const uint64_t f = (HR_V2_HI(e) + HR_SUIT_INIT + c->fadj) & HR_FLUSH_BITS;
    const int sh = (4 * hr_ctz64(f | 1ULL << 63) - 140) & 63;
    return c->F[(HR_V2_LO(e) >> sh) & HR_LANE];
}

/* The lookups of a step of L deals (8 or 16) of both hold'em loops below:
 * player p of deal d gets s[p * L + d], the value of its rank key
 * key[p * L + d] (slot row[p * L + d], hr_value's fast path), or, where bit
 * d of fm[p] says its cards hold a suit of five, its flush.  H and B are
 * the step's hole cards and boards; a bad deal's lanes are not used. */
HR_INLINE void hr_sdh_lookups(const hr_vctx_t *c, const hr_v2 *NX, const uint32_t *key,
                              const uint32_t *row, const uint32_t *fm, const int P, const int L,
                              const uint8_t *H, const uint8_t *B, int16_t *s)
{
    const int32_t *off = c->off[7];
    const int16_t *V = c->V[7];
    for (int p = 0; p < P; p++)
        for (int l = 0; l < L; l++) s[p * L + l] = V[key[p * L + l] + off[row[p * L + l]]];
    for (int p = 0; p < P; p++)
        for (uint32_t f = fm[p]; HR_UNLIKELY(f); f &= f - 1) {
            const int d = hr_ctz64(f);
            s[p * L + d] = (int16_t)hr_sdh_flush(c, NX, H + (size_t)d * 2 * P + 2 * p,
                                                 B + (size_t)d * 5);
        }
}

/* Deals [lo, hi) of a hold'em showdown under hr_showdown_any_ok(G) with
 * two hole cards, a board of five, mode BEST without a qualifier and
 * P = 2..HR_SDH_MAXP players: the same results as hr_showdown_any (its
 * arguments), 8 deals per step, deal d of a step in 32-bit lane d.
 *
 * A deal's cards are blocks of four codes a lane: the board's first four
 * (byte shuffles of its 40 bytes), its fifth in every byte, and the hole
 * cards of players 2j and 2j + 1 (the last block of an odd P padded).  For
 * each code its rank R (14 for codes of 56 and more), suit S and P = 16 S +
 * R, as in hr_simd8; then, without memory lookups:
 *   - validity, hr_deal_valid's answer: every code is a card of the deck
 *     and no two are equal (byte compares of every pair of the deal's
 *     codes: within a block by rotations, across blocks by the four
 *     rotations of one; pads are 0x80 | t in R and P, equal to nothing);
 *   - the board's rank key (the sum of its multipliers) and suit counters,
 *     once per deal;
 *   - each player's rank key, the board's plus the sum of its hole cards'
 *     multipliers (a 16-bit half of the block's pair sums), and whether a
 *     suit holds five (the scalar key + fadj against HR_FLUSH_BITS, done on
 *     the counters' 16 bits, which is the same test).
 * Keys of bad deals are 0 (a valid slot) and their lanes unused: nothing
 * is looked up for a card that is not checked.  The lookups (hr_value's
 * fast path) are scalar; a valid deal's players with a suit of five get
 * its flush (hr_sdh_flush).  Shares: the best value of each deal and its
 * winners as a bit per player (compares across the players' vectors), the
 * pot 1 / ties (hr_inverse; 0 for a bad deal) stored through the
 * winners' masks (heads-up: all 8 deals' 16 shares from the players'
 * interleaved winner and tie masks, and the strengths interleaved).  The
 * steps are pipelined as in hr_sd_holdem16 below: step t's vector work,
 * then step t - 1's lookups, then step t - 2's strengths and shares
 * (measured on Zen 4 under HANDRANK_ISA=avx2: heads-up 1.83 -> 1.53 times
 * evaluate's time a player-hand, six-handed 1.27 -> 1.16, though a few
 * more instructions).  A batch's last deals (fewer than 8) are copied into
 * a zeroed buffer first (its padding deals are bad and unused; only the
 * last step writes it, so it still holds them for their lookups).  shares
 * or str_out may be NULL; a bad deal's strengths in str_out are not used. */
HR_AVX2_TARGET HR_INLINE int64_t hr_sd_holdem(const hr_game_t *G, const uint8_t *holes,
                                              const uint8_t *boards, int64_t lo, int64_t hi,
                                              const int P, double *shares, int16_t *str_out)
{
    const hr_vctx_t *c = &G->half[0].v;
    const hr_v2 *NX = G->wild->next;
    const int NHB = (P + 1) / 2;                          /* hole blocks */
    uint8_t tb[4][32], nod[16];
    for (int x = 0; x < 32; x++) {   /* [L|M], [M|N]: the board bytes from 16h, 16h + 16 */
        const int h = x >> 4, d = 4 * h + ((x & 15) >> 2);
        const int i0 = 5 * d + (x & 3) - 16 * h, i4 = 5 * d + 4 - 16 * h;
        tb[0][x] = (uint8_t)(i0 < 16 ? i0 : 0x80);
        tb[1][x] = (uint8_t)(i0 < 16 ? 0x80 : i0 - 16);
        tb[2][x] = (uint8_t)(i4 < 16 ? i4 : 0x80);
        tb[3][x] = (uint8_t)(i4 < 16 ? 0x80 : i4 - 16);
    }
    for (int r = 0; r < 16; r++)
        nod[r] = r < HR_NRANKS && (G->wild->ranks >> r & 1) ? 0 : 0xff;
#define HR_LD16(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p)))
#define HR_LD32(p) _mm256_loadu_si256((const __m256i *)(p))
    const __m256i ba = HR_LD32(tb[0]), bb = HR_LD32(tb[1]);
    const __m256i b4a = HR_LD32(tb[2]), b4b = HR_LD32(tb[3]);
    const __m256i ml = HR_LD16(hr_mult_byte[0]), mm = HR_LD16(hr_mult_byte[1]);
    const __m256i mh = HR_LD16(hr_mult_byte[2]), offdeck = HR_LD16(nod);
    const __m256i suit01 = HR_LD16(hr_byte_shuffle[HR_BS_SUIT01]);
    const __m256i suit23 = HR_LD16(hr_byte_shuffle[HR_BS_SUIT23]);
    const __m256i rot8 = HR_LD16(hr_byte_shuffle[HR_BS_ROT8]);
    const __m256i r16 = HR_LD16(hr_byte_shuffle[HR_BS_ROT16]);
    const __m256i r24 = HR_LD16(hr_byte_shuffle[HR_BS_ROT24]);
#undef HR_LD16
#undef HR_LD32
    const __m256i b3f = _mm256_set1_epi8(0x3f), b3 = _mm256_set1_epi8(3);
    const __m256i b14 = _mm256_set1_epi8(14), ones8 = _mm256_set1_epi8(1);
    const __m256i first8 = _mm256_set1_epi32(1);          /* bytes 1, 0, 0, 0: byte 0 alone */
    const __m256i ones16 = _mm256_set1_epi16(1), w256 = _mm256_set1_epi16(256);
    const __m256i lo256 = _mm256_set1_epi32(256), hi256 = _mm256_set1_epi32(256 << 16);
    const __m256i lo16 = _mm256_set1_epi32(0xffff), hi16 = _mm256_set1_epi32((int)0xffff0000u);
    const __m256i pad = _mm256_set1_epi32((int)0x83820000u);   /* bytes 2, 3 of a lane */
    const __m256i f8 = _mm256_set1_epi16((short)0x8888), zero = _mm256_setzero_si256();
    const __m256i suit0 = _mm256_set1_epi32((int)(((HR_SUIT_INIT + c->fadj) >> 32) & 0xffff));
    const __m128i lanebit = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
    uint32_t key[2][HR_SDH_MAXP][8], row[2][HR_SDH_MAXP][8], fm[2][HR_SDH_MAXP], okm[4];
    int16_t s[2][HR_SDH_MAXP][8];
    uint16_t wb[8];
    uint8_t hbuf[16 * HR_SDH_MAXP], bbuf[40];
    int64_t bad = -1;
    const int64_t nsteps = (hi - lo + 7) / 8;
    for (int64_t t = 0; t < nsteps + 2; t++) {
        if (t < nsteps) {                                   /* step t: vectors */
            const int64_t i0 = lo + 8 * t;
            const uint8_t *H = holes + (size_t)i0 * 2 * P, *B = boards + (size_t)i0 * 5;
            int nd = 8;
            if (HR_UNLIKELY(hi - i0 < 8)) {                   /* the last deals, padded */
                nd = (int)(hi - i0);
                memset(hbuf, 0, sizeof hbuf);
                memset(bbuf, 0, sizeof bbuf);
                memcpy(hbuf, H, (size_t)nd * 2 * P);
                memcpy(bbuf, B, (size_t)nd * 5);
                H = hbuf;
                B = bbuf;
            }
            /* the board: cards 0..3 (XB) and card 4 in every byte (X4) */
            const __m128i L = _mm_loadu_si128((const __m128i *)B);
            const __m128i M = _mm_loadu_si128((const __m128i *)(B + 16));
            const __m256i YA = _mm256_inserti128_si256(_mm256_castsi128_si256(L), M, 1);
            const __m256i YB = _mm256_inserti128_si256(
                _mm256_castsi128_si256(M), _mm_loadl_epi64((const __m128i *)(B + 32)), 1);
            const __m256i XB = _mm256_or_si256(_mm256_shuffle_epi8(YA, ba),
                                               _mm256_shuffle_epi8(YB, bb));
            const __m256i X4 = _mm256_or_si256(_mm256_shuffle_epi8(YA, b4a),
                                               _mm256_shuffle_epi8(YB, b4b));
#define HR_RANKS(X) _mm256_min_epu8(_mm256_and_si256(_mm256_srli_epi32((X), 2), b3f), b14)
#define HR_POS(R, S) _mm256_or_si256((R), _mm256_slli_epi32((S), 4))
#define HR_TAB(T, R, W) _mm256_maddubs_epi16(_mm256_shuffle_epi8((T), (R)), (W))
            const __m256i RB = HR_RANKS(XB), R4 = HR_RANKS(X4);
            const __m256i SB = _mm256_and_si256(XB, b3), S4 = _mm256_and_si256(X4, b3);
            const __m256i PB = HR_POS(RB, SB), P4 = HR_POS(R4, S4);
            const __m256i bk = _mm256_add_epi32(
                _mm256_add_epi32(
                    _mm256_madd_epi16(
                        _mm256_add_epi16(HR_TAB(ml, RB, ones8), HR_TAB(ml, R4, first8)),
                        ones16),
                    _mm256_madd_epi16(
                        _mm256_add_epi16(HR_TAB(mm, RB, ones8), HR_TAB(mm, R4, first8)),
                        w256)),
                _mm256_slli_epi32(
                    _mm256_madd_epi16(
                        _mm256_add_epi16(HR_TAB(mh, RB, ones8), HR_TAB(mh, R4, first8)),
                        ones16),
                    16));
            const __m256i bq = _mm256_add_epi32(
                _mm256_madd_epi16(
                    _mm256_or_si256(
                        _mm256_add_epi16(HR_TAB(suit01, SB, ones8), HR_TAB(suit01, S4, first8)),
                        _mm256_slli_epi16(_mm256_add_epi16(HR_TAB(suit23, SB, ones8),
                                                           HR_TAB(suit23, S4, first8)),
                                          8)),
                    ones16),
                suit0);
            const __m256i bq2 = _mm256_or_si256(bq, _mm256_slli_epi32(bq, 16));
            /* bad bytes: a card off the deck, or equal to another of its deal */
            __m256i badb = _mm256_or_si256(_mm256_shuffle_epi8(offdeck, RB),
                                           _mm256_shuffle_epi8(offdeck, R4));
            __m256i PK[HR_SDH_MAXP / 2 + 1];                  /* the blocks but X4 */
            PK[0] = PB;
            __m256i RH[HR_SDH_MAXP / 2], SH[HR_SDH_MAXP / 2];
            for (int j = 0; j < NHB; j++) {
                const __m256i X = hr_sdh_holes(H, P, j);
                const int padded = 4 * j + 4 > 2 * P;
                RH[j] = padded ? _mm256_or_si256(HR_RANKS(X), pad) : HR_RANKS(X);
                const __m256i S = _mm256_and_si256(X, b3);
                PK[j + 1] = HR_POS(RH[j], S);
                SH[j] = padded ? _mm256_or_si256(S, pad) : S;
                badb = _mm256_or_si256(badb, _mm256_shuffle_epi8(offdeck, RH[j]));
            }
            for (int k = 0; k <= NHB; k++) {
                const __m256i Y = PK[k], Y1 = _mm256_shuffle_epi8(Y, rot8);
                const __m256i Y2 = _mm256_shuffle_epi8(Y, r16), Y3 = _mm256_shuffle_epi8(Y, r24);
                badb = _mm256_or_si256(badb, _mm256_or_si256(_mm256_cmpeq_epi8(Y, Y1),
                                                             _mm256_cmpeq_epi8(Y, Y2)));
                badb = _mm256_or_si256(badb, _mm256_cmpeq_epi8(Y, P4));
                for (int m = 0; m < k; m++) {
                    const __m256i Z = PK[m];
                    badb = _mm256_or_si256(badb, _mm256_or_si256(
                        _mm256_or_si256(_mm256_cmpeq_epi8(Z, Y), _mm256_cmpeq_epi8(Z, Y1)),
                        _mm256_or_si256(_mm256_cmpeq_epi8(Z, Y2), _mm256_cmpeq_epi8(Z, Y3))));
                }
            }
            const __m256i okv = _mm256_cmpeq_epi32(badb, zero);
            /* each player's key (0 in a bad deal) and suit of five */
            for (int j = 0; j < NHB; j++) {
                const __m256i hl = HR_TAB(ml, RH[j], ones8), hm = HR_TAB(mm, RH[j], ones8);
                const __m256i hh = HR_TAB(mh, RH[j], ones8);
                const __m256i h23 = _mm256_slli_epi16(HR_TAB(suit23, SH[j], ones8), 8);
                const __m256i fz = _mm256_and_si256(
                    _mm256_add_epi16(_mm256_or_si256(HR_TAB(suit01, SH[j], ones8), h23), bq2),
                    f8);
                const __m256i ke = _mm256_and_si256(
                    _mm256_add_epi32(_mm256_add_epi32(bk, _mm256_madd_epi16(hl, first8)),
                                     _mm256_add_epi32(_mm256_madd_epi16(hm, lo256),
                                                      _mm256_slli_epi32(hh, 16))),
                    okv);
                _mm256_storeu_si256((__m256i *)key[t & 1][2 * j], ke);
                _mm256_storeu_si256((__m256i *)row[t & 1][2 * j],
                                    _mm256_srli_epi32(ke, HR_HASH_SHIFT(7)));
                fm[t & 1][2 * j] = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
                    _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_and_si256(fz, lo16), zero),
                                        okv)));
                if (2 * j + 1 < P) {
                    const __m256i ko = _mm256_and_si256(
                        _mm256_add_epi32(_mm256_add_epi32(bk, _mm256_srli_epi32(hl, 16)),
                                         _mm256_add_epi32(_mm256_madd_epi16(hm, hi256),
                                                          _mm256_and_si256(hh, hi16))),
                        okv);
                    _mm256_storeu_si256((__m256i *)key[t & 1][2 * j + 1], ko);
                    _mm256_storeu_si256((__m256i *)row[t & 1][2 * j + 1],
                                        _mm256_srli_epi32(ko, HR_HASH_SHIFT(7)));
                    fm[t & 1][2 * j + 1] = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
                        _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_and_si256(fz, hi16), zero),
                                            okv)));
                }
            }
#undef HR_RANKS
#undef HR_POS
#undef HR_TAB
            okm[t & 3] = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(okv));
            const uint32_t badm = ~okm[t & 3] & ((1u << nd) - 1);
            if (HR_UNLIKELY(badm) && bad < 0) bad = i0 + hr_ctz64(badm);
        }
        if (t >= 1 && t <= nsteps) {                        /* step t - 1: lookups */
            const int64_t i0 = lo + 8 * (t - 1);
            const int u = (int)((t - 1) & 1), last = hi - i0 < 8;
            hr_sdh_lookups(c, NX, key[u][0], row[u][0], fm[u], P, 8,
                           last ? hbuf : holes + (size_t)i0 * 2 * P,
                           last ? bbuf : boards + (size_t)i0 * 5, s[u][0]);
        }
        if (t >= 2) {                                       /* step t - 2: results */
            const int64_t i0 = lo + 8 * (t - 2);
            const int nd = hi - i0 < 8 ? (int)(hi - i0) : 8;
            int16_t(*S)[8] = s[t & 1];
            const __m128i okw = _mm_cmpeq_epi16(
                _mm_and_si128(_mm_set1_epi16((short)okm[(t - 2) & 3]), lanebit), lanebit);
            if (str_out && P == 2 && nd == 8) {   /* heads-up: the players interleaved */
                const __m128i s0 = _mm_loadu_si128((const __m128i *)S[0]);
                const __m128i s1 = _mm_loadu_si128((const __m128i *)S[1]);
                _mm_storeu_si128((__m128i *)(str_out + (size_t)i0 * 2), _mm_unpacklo_epi16(s0, s1));
                _mm_storeu_si128((__m128i *)(str_out + (size_t)i0 * 2 + 8),
                                 _mm_unpackhi_epi16(s0, s1));
            } else if (str_out) {
                for (int d = 0; d < nd; d++)
                    for (int p = 0; p < P; p++) str_out[(size_t)(i0 + d) * P + p] = S[p][d];
            }
            if (!shares) continue;
            /* each deal's winners, a bit per player (none in a bad deal) */
            __m128i best = _mm_loadu_si128((const __m128i *)S[0]);
            for (int p = 1; p < P; p++)
                best = _mm_max_epi16(best, _mm_loadu_si128((const __m128i *)S[p]));
            __m128i w = _mm_and_si128(okw, _mm_cmpgt_epi16(best, _mm_set1_epi16(-1)));
            __m128i won = _mm_setzero_si128();
            for (int p = 0; p < P; p++)
                won = _mm_or_si128(won, _mm_and_si128(
                    _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)S[p]), best),
                    _mm_set1_epi16((short)(1 << p))));
            won = _mm_and_si128(won, w);
            if (P == 2 && nd == 8) {
                /* heads-up: per (deal, player), interleaved as the shares, the
                 * mask of a winner and of a tie: 1.0, 0.5 or 0.0 (the doubles
                 * of hr_inverse) in four stores */
                const __m128i e0 = _mm_cmpeq_epi16(_mm_and_si128(won, _mm_set1_epi16(1)),
                                                   _mm_set1_epi16(1));
                const __m128i e1 = _mm_cmpeq_epi16(_mm_and_si128(won, _mm_set1_epi16(2)),
                                                   _mm_set1_epi16(2));
                const __m128i tie = _mm_and_si128(e0, e1);
                const __m128i ew[2] = {_mm_unpacklo_epi16(e0, e1), _mm_unpackhi_epi16(e0, e1)};
                const __m128i tw[2] = {_mm_unpacklo_epi16(tie, tie), _mm_unpackhi_epi16(tie, tie)};
                const __m256d one = _mm256_set1_pd(hr_inverse[1]);
                const __m256d half = _mm256_set1_pd(hr_inverse[2]);
                double *o = shares + (size_t)i0 * 2;
                for (int g = 0; g < 4; g++) {
                    const __m128i eg = g & 1 ? _mm_srli_si128(ew[g >> 1], 8) : ew[g >> 1];
                    const __m128i tg = g & 1 ? _mm_srli_si128(tw[g >> 1], 8) : tw[g >> 1];
                    const __m256d pot = _mm256_blendv_pd(
                        one, half, _mm256_castsi256_pd(_mm256_cvtepi16_epi64(tg)));
                    _mm256_storeu_pd(o + 4 * g, _mm256_and_pd(
                        pot, _mm256_castsi256_pd(_mm256_cvtepi16_epi64(eg))));
                }
                continue;
            }
            _mm_storeu_si128((__m128i *)wb, won);
            for (int d = 0; d < nd; d++) {
                const uint32_t x = wb[d];
                double *o = shares + (size_t)(i0 + d) * P;
                const __m256d pot = _mm256_broadcast_sd(&hr_inverse[hr_popcount64(x)]);
                for (int g = 0; g < P; g += 4) {
                    const __m256d v = _mm256_and_pd(
                        pot, _mm256_loadu_pd((const double *)hr_sdh_mask4[(x >> g) & 15]));
                    if (P - g >= 4) {
                        _mm256_storeu_pd(o + g, v);
                    } else {
                        const __m128d v0 = _mm256_castpd256_pd128(v);
                        if (P - g >= 2) _mm_storeu_pd(o + g, v0);
                        if (P - g == 3) _mm_storel_pd(o + g + 2, _mm256_extractf128_pd(v, 1));
                        if (P - g == 1) _mm_storel_pd(o + g, v0);
                    }
                }
            }
        }
    }
    return bad;
}

/* ------------------------------------------------------------------ */
/* AVX-512: 16 deals per step                                           */

#define HR_SDH_A64 __attribute__((aligned(64)))

/* Byte mask of the first n (may be <= 0 or >= 64) bytes of a vector. */
HR_INLINE uint64_t hr_sdh_first(int64_t n)
{
    return n >= 64 ? ~0ULL : n <= 0 ? 0 : (1ULL << n) - 1;
}

/* hr_sd_holdem's job (the same arguments, preconditions and results)
 * with AVX-512 (HR_AVX512_TARGET: VBMI, VNNI, BITALG), 16 deals per step,
 * deal d of a step in 32-bit lane d, as hr_simd16 takes hands:
 *   - the loads are masked (nothing read past a batch's last deal; its
 *     missing deals are codes 0, bad deals, unused);
 *   - a lane's blocks of four codes come from byte permutes (VBMI): the
 *     board's first four and its fifth in every byte from the step's 80
 *     board bytes; hole block j (players 2j, 2j + 1) from the step's 32P
 *     hole bytes, loaded as ceil(P / 2) vectors, each lane from the pair of
 *     vectors its four bytes start in (the last pair for the last vector);
 *   - each code (as min(code, 63)) gives its mask bit position, rank
 *     multiplier bytes and suit counters by table permutes (hr_code_pos,
 *     hr_code_mult, hr_code_suit); validity is every position a valid bit
 *     of the deck (a bit shuffle, BITALG) and no two positions equal (byte
 *     compares, as in hr_sd_holdem, pads 0x80 | t); the board's key and
 *     each player's (the sums of its cards' multiplier bytes by VNNI dot
 *     products, a player's two bytes by its weights 1, 1 in its half of the
 *     lane) and its suit counters (suits 0, 1 and 2, 3 in two bytes, each
 *     nibble from the initial count of the scalar key + fadj: a suit of
 *     five sets bit 3 of its nibble, hr_value's test).
 * The steps are pipelined: step t's vector work, then step t - 1's
 * lookups (scalar, as hr_sd_holdem; flushes by hr_sdh_flush), then step
 * t - 2's strengths and shares from the lookups' results -- so that the
 * loads of a step overlap the next step's vector work and the vector
 * loads of the results come well after their scalar stores.  Heads-up, a
 * step's 32 strengths are interleaved by one permute (str_out's order) and
 * its 32 shares are four masked blends of 1.0 and 0.5 (winners: a player
 * not below the other and not below 0; ties: equal); with more players
 * each deal's winners are a bit per player and its shares, pot / ties in
 * the winners' places, one or two masked stores. */
HR_AVX512_TARGET HR_INLINE int64_t hr_sd_holdem16(const hr_game_t *G, const uint8_t *holes,
                                                  const uint8_t *boards, int64_t lo, int64_t hi,
                                                  const int P, double *shares, int16_t *str_out)
{
    const hr_vctx_t *c = &G->half[0].v;
    const hr_deck_t *W = G->wild;
    const hr_v2 *NX = W->next;
    const int NHB = (P + 1) / 2, NR = (P + 1) / 2;        /* hole blocks, hole vectors */
    /* hole block j: lane d's bytes from vector pair (r, r + 1), selected
     * lanes sel[j][r]; idx[j] the bytes' offsets in their pair */
    uint8_t idx[HR_SDH_MAXP / 2][64];
    uint64_t sel[HR_SDH_MAXP / 2][HR_SDH_MAXP / 2];
    uint64_t real[HR_SDH_MAXP / 2];
    uint8_t bidx[2][64];
    memset(sel, 0, sizeof sel);
    for (int x = 0; x < 64; x++) {
        const int d = x >> 2, t = x & 3;
        bidx[0][x] = (uint8_t)(5 * d + t);
        bidx[1][x] = (uint8_t)(5 * d + 4);
    }
    for (int j = 0; j < NHB; j++) {
        real[j] = 0;
        for (int x = 0; x < 64; x++) {
            const int d = x >> 2, t = x & 3, st = 2 * P * d + 4 * j;
            const int r = NR < 2 ? 0 : (st >> 6 < NR - 2 ? st >> 6 : NR - 2);
            idx[j][x] = (uint8_t)(4 * j + t < 2 * P ? st + t - 64 * r : 0);
            if (4 * j + t < 2 * P) real[j] |= 1ULL << x;
            sel[j][r] |= 1ULL << x;
        }
    }
#define HR_LD64(p) _mm512_loadu_si512((const void *)(p))
    const __m512i cpos = HR_LD64(hr_code_pos);
    const __m512i cml = HR_LD64(hr_code_mult[0]), cmm = HR_LD64(hr_code_mult[1]);
    const __m512i cmh = HR_LD64(hr_code_mult[2]);
    const __m512i cs01 = HR_LD64(hr_code_suit[0]), cs23 = HR_LD64(hr_code_suit[1]);
    const __m512i bx0 = HR_LD64(bidx[0]), bx4 = HR_LD64(bidx[1]);
#undef HR_LD64
    const __m512i zero = _mm512_setzero_si512(), b63 = _mm512_set1_epi8(63);
    const __m512i valid = _mm512_set1_epi64((long long)W->valid_bits);
    const __m512i ones8 = _mm512_set1_epi8(1), w1000 = _mm512_set1_epi32(1);
    const __m512i we = _mm512_set1_epi32(0x0101), wo = _mm512_set1_epi32(0x01010000);
    const __m512i pad = _mm512_set1_epi32((int)0x83820000u), c88 = _mm512_set1_epi32(0x88);
    const uint32_t init16 = (uint32_t)((HR_SUIT_INIT + c->fadj) >> 32) & 0xffff;
    const __m512i init01 = _mm512_set1_epi32((int)(init16 & 0xff));
    const __m512i init23 = _mm512_set1_epi32((int)(init16 >> 8));
    const __m512i neg1 = _mm512_set1_epi32(-1);
    const __m512i inter = _mm512_setr_epi32(0x200000, 0x210001, 0x220002, 0x230003, 0x240004,
                                            0x250005, 0x260006, 0x270007, 0x280008, 0x290009,
                                            0x2a000a, 0x2b000b, 0x2c000c, 0x2d000d, 0x2e000e,
                                            0x2f000f);   /* words d, 32 + d: s0[d], s1[d] */
    const __m512d one = _mm512_set1_pd(hr_inverse[1]), half = _mm512_set1_pd(hr_inverse[2]);
    HR_SDH_A64 uint32_t key[2][HR_SDH_MAXP][16], row[2][HR_SDH_MAXP][16];
    HR_SDH_A64 int16_t s[2][HR_SDH_MAXP][16];
    uint32_t fm[2][HR_SDH_MAXP], okr[4];
    int64_t bad = -1;
    const int64_t nsteps = (hi - lo + 15) / 16;
    for (int64_t t = 0; t < nsteps + 2; t++) {
        if (t < nsteps) {                                 /* step t: vectors */
            const int64_t i0 = lo + 16 * t, nd = hi - i0 < 16 ? hi - i0 : 16;
            const uint8_t *H = holes + (size_t)i0 * 2 * P, *B = boards + (size_t)i0 * 5;
            const __m512i ZB0 = _mm512_maskz_loadu_epi8(hr_sdh_first(5 * nd), B);
            const __m512i ZB1 = _mm512_maskz_loadu_epi8(hr_sdh_first(5 * nd - 64), B + 64);
            const __m512i CB = _mm512_min_epu8(_mm512_permutex2var_epi8(ZB0, bx0, ZB1), b63);
            const __m512i C4 = _mm512_min_epu8(_mm512_permutex2var_epi8(ZB0, bx4, ZB1), b63);
            __m512i Z[HR_SDH_MAXP / 2], CH[HR_SDH_MAXP / 2], PH[HR_SDH_MAXP / 2 + 1];
            for (int r = 0; r < NR; r++)
                Z[r] = _mm512_maskz_loadu_epi8(hr_sdh_first(2 * P * nd - 64 * r), H + 64 * r);
            PH[0] = _mm512_permutexvar_epi8(CB, cpos);
            const __m512i P4 = _mm512_permutexvar_epi8(C4, cpos);
            __mmask64 kb = ~(_mm512_bitshuffle_epi64_mask(valid, PH[0]) &
                             _mm512_bitshuffle_epi64_mask(valid, P4));
            for (int j = 0; j < NHB; j++) {
                __m512i X;
                if (NR == 1) {
                    X = Z[0];
                } else {
                    const __m512i ix = _mm512_loadu_si512((const void *)idx[j]);
                    X = _mm512_maskz_permutex2var_epi8(sel[j][0], Z[0], ix, Z[1]);
                    for (int r = 1; r < NR - 1; r++)
                        X = _mm512_or_si512(
                            X, _mm512_maskz_permutex2var_epi8(sel[j][r], Z[r], ix, Z[r + 1]));
                }
                CH[j] = _mm512_min_epu8(X, b63);
                if (4 * j + 4 > 2 * P) {                  /* the last block of an odd P */
                    PH[j + 1] = _mm512_mask_permutexvar_epi8(pad, real[j], CH[j], cpos);
                    kb |= ~(_mm512_bitshuffle_epi64_mask(valid, PH[j + 1]) | ~real[j]);
                } else {
                    PH[j + 1] = _mm512_permutexvar_epi8(CH[j], cpos);
                    kb |= ~_mm512_bitshuffle_epi64_mask(valid, PH[j + 1]);
                }
            }
            __mmask64 k2 = 0;
            for (int k = 0; k <= NHB; k++) {
                const __m512i Y = PH[k], Y1 = _mm512_rol_epi32(Y, 8);
                const __m512i Y2 = _mm512_rol_epi32(Y, 16), Y3 = _mm512_rol_epi32(Y, 24);
                kb |= _mm512_cmpeq_epi8_mask(Y, Y1) | _mm512_cmpeq_epi8_mask(Y, Y2) |
                      _mm512_cmpeq_epi8_mask(Y, P4);
                for (int m = 0; m < k; m++) {
                    const __m512i Q = PH[m];
                    k2 |= (_mm512_cmpeq_epi8_mask(Q, Y) | _mm512_cmpeq_epi8_mask(Q, Y1)) |
                          (_mm512_cmpeq_epi8_mask(Q, Y2) | _mm512_cmpeq_epi8_mask(Q, Y3));
                }
            }
            const __m512i badb = _mm512_movm_epi8(kb | k2);
            const __mmask16 ok = _mm512_testn_epi32_mask(badb, badb);
            const uint32_t badm = ~(uint32_t)ok & (uint32_t)((1u << nd) - 1);
            if (HR_UNLIKELY(badm) && bad < 0) bad = i0 + hr_ctz64(badm);
            okr[t & 3] = ok;
            /* the board's key and suit counters */
#define HR_PV(C, T) _mm512_permutexvar_epi8((C), (T))
#define HR_B5(T, acc) _mm512_dpbusd_epi32(_mm512_dpbusd_epi32((acc), HR_PV(CB, T), ones8), \
                                          HR_PV(C4, T), w1000)
            const __m512i bk = _mm512_add_epi32(
                _mm512_add_epi32(HR_B5(cml, zero), _mm512_slli_epi32(HR_B5(cmm, zero), 8)),
                _mm512_slli_epi32(HR_B5(cmh, zero), 16));
            const __m512i q01 = HR_B5(cs01, init01), q23 = HR_B5(cs23, init23);
#undef HR_B5
            /* each player's key (0 in a bad deal) and suit of five */
            for (int j = 0; j < NHB; j++) {
                const int padded = 4 * j + 4 > 2 * P;
#define HR_HT(T) (padded ? _mm512_maskz_permutexvar_epi8(real[j], CH[j], (T)) : HR_PV(CH[j], (T)))
                const __m512i hl = HR_HT(cml), hm = HR_HT(cmm), hh = HR_HT(cmh);
                const __m512i h01 = HR_HT(cs01), h23 = HR_HT(cs23);
#undef HR_HT
                for (int e = 0; e < 2 && 2 * j + e < P; e++) {
                    const __m512i w = e ? wo : we;
                    const __m512i tm = _mm512_dpbusd_epi32(
                        _mm512_slli_epi32(_mm512_dpbusd_epi32(zero, hh, w), 8), hm, w);
                    const __m512i k = _mm512_maskz_mov_epi32(
                        ok, _mm512_dpbusd_epi32(_mm512_add_epi32(bk, _mm512_slli_epi32(tm, 8)),
                                                hl, w));
                    _mm512_store_si512((void *)key[t & 1][2 * j + e], k);
                    _mm512_store_si512((void *)row[t & 1][2 * j + e],
                                       _mm512_srli_epi32(k, HR_HASH_SHIFT(7)));
                    fm[t & 1][2 * j + e] = _mm512_mask_test_epi32_mask(
                        ok, _mm512_or_si512(_mm512_dpbusd_epi32(q01, h01, w),
                                            _mm512_dpbusd_epi32(q23, h23, w)),
                        c88);
                }
            }
#undef HR_PV
        }
        if (t >= 1 && t <= nsteps) {                      /* step t - 1: lookups */
            const int64_t i0 = lo + 16 * (t - 1);
            const int u = (int)((t - 1) & 1);
            hr_sdh_lookups(c, NX, key[u][0], row[u][0], fm[u], P, 16,
                           holes + (size_t)i0 * 2 * P, boards + (size_t)i0 * 5, s[u][0]);
        }
        if (t >= 2) {                                     /* step t - 2: results */
            const int64_t i0 = lo + 16 * (t - 2), nd = hi - i0 < 16 ? hi - i0 : 16;
            const int u = (int)(t & 1);
            const __mmask16 ok = (__mmask16)okr[(t - 2) & 3];
            if (P == 2) {
                const __m512i S = _mm512_permutex2var_epi16(
                    _mm512_castsi256_si512(_mm256_load_si256((const __m256i *)s[u][0])), inter,
                    _mm512_castsi256_si512(_mm256_load_si256((const __m256i *)s[u][1])));
                if (str_out)
                    _mm512_mask_storeu_epi16(str_out + (size_t)i0 * 2,
                                             (__mmask32)hr_sdh_first(2 * nd), S);
                if (shares) {
                    const __m512i Sv = _mm512_mask_mov_epi32(neg1, ok, S);
                    const __m512i O = _mm512_rol_epi32(Sv, 16);
                    const uint32_t win = _mm512_mask_cmpge_epi16_mask(
                        _mm512_cmpge_epi16_mask(Sv, zero), Sv, O);
                    const uint32_t tie = _mm512_cmpeq_epi16_mask(Sv, O);
                    double *o = shares + (size_t)i0 * 2;
                    for (int g = 0; g < 4; g++) {
                        const __m512d v = _mm512_maskz_mov_pd(
                            (__mmask8)(win >> 8 * g),
                            _mm512_mask_blend_pd((__mmask8)(tie >> 8 * g), one, half));
                        if (nd == 16)
                            _mm512_storeu_pd(o + 8 * g, v);
                        else
                            _mm512_mask_storeu_pd(o + 8 * g,
                                                  (__mmask8)hr_sdh_first(2 * nd - 8 * g), v);
                    }
                }
                continue;
            }
            if (str_out)
                for (int d = 0; d < nd; d++)
                    for (int p = 0; p < P; p++) str_out[(size_t)(i0 + d) * P + p] = s[u][p][d];
            if (!shares) continue;
            /* each deal's winners, a bit per player (none in a bad deal) */
            __m256i best = _mm256_load_si256((const __m256i *)s[u][0]);
            for (int p = 1; p < P; p++)
                best = _mm256_max_epi16(best, _mm256_load_si256((const __m256i *)s[u][p]));
            __m256i won = _mm256_setzero_si256();
            for (int p = 0; p < P; p++)
                won = _mm256_or_si256(won, _mm256_and_si256(
                    _mm256_cmpeq_epi16(_mm256_load_si256((const __m256i *)s[u][p]), best),
                    _mm256_set1_epi16((short)(1 << p))));
            won = _mm256_and_si256(won, _mm256_cmpgt_epi16(best, _mm256_set1_epi16(-1)));
            HR_SDH_A64 uint16_t wb[16];
            _mm256_store_si256((__m256i *)wb, won);
            const uint32_t pm = (1u << P) - 1;
            for (int d = 0; d < nd; d++) {
                const uint32_t x = wb[d] & (0u - (ok >> d & 1u));
                double *o = shares + (size_t)(i0 + d) * P;
                const __m512d pot = _mm512_set1_pd(hr_inverse[hr_popcount64(x)]);
                _mm512_mask_storeu_pd(o, (__mmask8)pm, _mm512_maskz_mov_pd((__mmask8)x, pot));
                if (P > 8)
                    _mm512_mask_storeu_pd(o + 8, (__mmask8)(pm >> 8),
                                          _mm512_maskz_mov_pd((__mmask8)(x >> 8), pot));
            }
        }
    }
    return bad;
}
#undef HR_SDH_A64

#endif /* HR_MULTIVERSION */
#endif /* HANDRANK_HR_SD_HOLDEM_H */
