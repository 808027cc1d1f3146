/*
 * handrank hold'em showdown batches with AVX2: the board's part once per
 * deal, each player's two hole cards added 8 player-hands at a time.
 * Included by hr_showdown.h (HR_MULTIVERSION only), after hr_pot_shares8
 * and hr_showdown_hand.
 */
#ifndef HANDRANK_HR_SD_HOLDEM_H
#define HANDRANK_HR_SD_HOLDEM_H

#ifdef HR_MULTIVERSION

/* Deals [lo, hi) of a hold'em showdown (2 hole cards, a board of 5) under
 * hr_showdown_any_ok(G), with AVX2: the same results as hr_showdown_any
 * (its arguments; K = 7), for P = 2..10 players.  Blocks of whole deals,
 * at most HR_SD_BLOCK player-hands (lanes), in passes:
 *
 *   1. per deal, in scalar registers: the validity check of hr_showdown_any
 *      (the popcount of the sum of every card's mask bit, hr_deal_valid's
 *      answer), and the board's rank key and suit counters (the deck's
 *      entries summed: for a deck without wild cards, the rank key in the
 *      low 32 bits of the key and a nibble per suit above) and validity,
 *      once per deal;
 *   2. per 8 lanes, in AVX2: the two hole codes of each lane (16 contiguous
 *      bytes, whatever the deals' boundaries) give their rank multipliers
 *      (hr_mult_byte, byte shuffles) and suit nibbles, added to their
 *      deals' boards' (8 deals' entries loaded, each lane's picked by a
 *      lane permutation, one per phase of the first lane in its deal): the lane's rank key (the scalar key's low 32 bits; 0 in a
 *      bad deal's lanes, whose keys may lie outside the hash), its hash
 *      row, and whether a suit holds five where flushes count (the scalar
 *      key + fadj against HR_FLUSH_BITS), a bit per lane;
 *   3. per lane, the lookups (slot = key + off[row], value V[slot], as
 *      hr_value's fast path; key 0 is a valid slot), a step's during the
 *      next step of pass 2 (a pass of lookups alone measured slower: their
 *      latency no longer overlaps vector work);
 *   4. the lanes of valid deals with a suit of five, redone by
 *      hr_showdown_any's scalar flush code (the F table, or
 *      hr_showdown_hand where flushes count against the player);
 *   5. per deal: a bad deal is reported and its shares zeroed; a valid
 *      deal's pot is split as hr_pot_shares says (hr_sd_shares).
 *
 * A bad code (off the deck, 64 or more) gives lanes garbage that nothing
 * uses: its deal fails pass 1.  shares or str_out may be NULL; a bad deal's
 * strengths in str_out are not its players' (the call reports the deal). */
#define HR_SDH_CAP (HR_SD_BLOCK + 16)
HR_AVX2_TARGET HR_INLINE int64_t hr_sd_holdem(const hr_game_t *G, const uint8_t *holes,
                                              const uint8_t *boards, int64_t lo, int64_t hi,
                                              const int P, double *shares, int16_t *str_out,
                                              const int MODE, const int QUAL)
{
    const hr_vctx_t ctx = G->half[0].v;
    const uint64_t *EB = G->wild->bit;
    const hr_v2 *NX = G->wild->next;
    const int32_t *off = ctx.off[7];
    const int16_t *V = ctx.V[7];
    const uint64_t fadj = ctx.fadj;
    const int flushes = MODE == HR_MODE_BEST || MODE == HR_MODE_AVOID;
    const int ncards = 2 * P + 5, per = HR_SD_BLOCK / P;
    const uint32_t suit0 = (uint32_t)(HR_SUIT_INIT >> 32) + (uint32_t)(fadj >> 32);
    /* per deal of a block: the board's rank key, suit counters (+ 3 and
     * fadj per suit) and validity (all ones or 0); per lane: key, row */
    uint32_t bk[HR_SD_BLOCK / 2 + 8], bs[HR_SD_BLOCK / 2 + 8], vb[HR_SD_BLOCK / 2 + 8];
    uint32_t key[HR_SDH_CAP], row[HR_SDH_CAP];
    /* the deal of each of 8 lanes from a lane that is phase ph of its deal,
     * relative to that deal: (ph + l) / P, l = 0..7 */
    __m256i dsel[10];
    for (int ph = 0; ph < P; ph++) {
        int32_t t[8];
        for (int l = 0; l < 8; l++) t[l] = (ph + l) / P;
        dsel[ph] = _mm256_loadu_si256((const __m256i *)t);
    }
    uint8_t fm[HR_SDH_CAP / 8], ok[HR_SD_BLOCK];
    int16_t s[HR_SDH_CAP];
#define HR_LD16(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p)))
    const __m256i ml = HR_LD16(hr_mult_byte[0]), mm = HR_LD16(hr_mult_byte[1]);
    const __m256i mh = HR_LD16(hr_mult_byte[2]);
#undef HR_LD16
    const __m256i suit01 = _mm256_setr_epi8(1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                            1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i suit23 = _mm256_setr_epi8(0, 0, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                            0, 0, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i rmask = _mm256_set1_epi32(0x0f0f), smask = _mm256_set1_epi32(0x0303);
    const __m256i hi80 = _mm256_set1_epi32((int)0x80800000u);  /* no card: shuffles give 0 */
    const __m256i ones8 = _mm256_set1_epi8(1), f8 = _mm256_set1_epi32(0x8888);
    const __m256i zero = _mm256_setzero_si256();
    int64_t bad = -1;
    const int nt = shares && (hi - lo) * P >= HR_SD_STREAM;
    for (int64_t i0 = lo; i0 < hi; i0 += per) {
        const int nd = hi - i0 < per ? (int)(hi - i0) : per, m = nd * P;
        const uint8_t *H = holes + (size_t)i0 * 2 * P, *B = boards + (size_t)i0 * 5;
        /* 1: each deal's check and board */
        for (int d = 0; d < nd; d++) {
            const uint8_t *b = B + (size_t)d * 5, *h = H + (size_t)d * 2 * P;
            const hr_v2 e = HR_V2_ADD(HR_V2_ADD(HR_V2_ADD(NX[b[0]], NX[b[1]]),
                                                HR_V2_ADD(NX[b[2]], NX[b[3]])), NX[b[4]]);
            uint64_t sum = HR_V2_LO(e);
            for (int j = 0; j < 2 * P; j++) sum += EB[h[j]];
            const int good = hr_popcount64(sum) == ncards;
            ok[d] = (uint8_t)good;
            vb[d] = 0 - (uint32_t)good;
            bk[d] = (uint32_t)HR_V2_HI(e);
            bs[d] = (uint32_t)(HR_V2_HI(e) >> 32) + suit0;
        }
        for (int d = nd; d < nd + 8; d++) vb[d] = 0;   /* lanes past m: no deal */
        /* 2, 3: 8 lanes per step, each step's lookups during the next one
         * (their loads overlap its vector work); the last step's codes are
         * copied (not read past the batch), its lanes past m are bad
         * deals' */
#define HR_SDH_LOOK(J, N)                                                             \
    for (int l_ = (J); l_ < (J) + (N); l_++) {                                        \
        int v_ = V[key[l_] + off[row[l_]]];                                           \
        if (QUAL) v_ = v_ >= ctx.qual ? v_ : -1;                                      \
        s[l_] = (int16_t)v_;                                                          \
    }
        for (int j = 0, d0 = 0, ph = 0; j < m; j += 8) {   /* lane j: phase ph of deal d0 */
            const __m256i sel = dsel[ph];
#define HR_SDH_DEALS(A) _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)((A) + d0)), sel)
            const __m256i valid = HR_SDH_DEALS(vb);
            __m128i c;
            if (HR_LIKELY(j + 8 <= m)) {
                c = _mm_loadu_si128((const __m128i *)(H + 2 * j));
            } else {
                uint8_t t[16] = {0};
                memcpy(t, H + 2 * j, (size_t)(2 * (m - j)));
                c = _mm_loadu_si128((const __m128i *)t);
            }
            const __m256i X = _mm256_cvtepu16_epi32(c);   /* lane: code 0, code 1, 0, 0 */
            const __m256i R = _mm256_or_si256(
                _mm256_and_si256(_mm256_srli_epi32(X, 2), rmask), hi80);
            const __m256i wl = _mm256_maddubs_epi16(_mm256_shuffle_epi8(ml, R), ones8);
            const __m256i wm = _mm256_maddubs_epi16(_mm256_shuffle_epi8(mm, R), ones8);
            const __m256i wh = _mm256_maddubs_epi16(_mm256_shuffle_epi8(mh, R), ones8);
            const __m256i rk = _mm256_and_si256(
                _mm256_add_epi32(
                    _mm256_add_epi32(HR_SDH_DEALS(bk), wl),
                    _mm256_add_epi32(_mm256_slli_epi32(wm, 8), _mm256_slli_epi32(wh, 16))),
                valid);
            _mm256_storeu_si256((__m256i *)(key + j), rk);
            _mm256_storeu_si256((__m256i *)(row + j), _mm256_srli_epi32(rk, HR_HASH_SHIFT(7)));
            if (flushes) {
                const __m256i S = _mm256_or_si256(_mm256_and_si256(X, smask), hi80);
                const __m256i qa = _mm256_maddubs_epi16(_mm256_shuffle_epi8(suit01, S), ones8);
                const __m256i qb = _mm256_maddubs_epi16(_mm256_shuffle_epi8(suit23, S), ones8);
                const __m256i q = _mm256_add_epi32(
                    HR_SDH_DEALS(bs), _mm256_or_si256(qa, _mm256_slli_epi32(qb, 8)));
                const __m256i five = _mm256_andnot_si256(
                    _mm256_cmpeq_epi32(_mm256_and_si256(q, f8), zero), valid);
                fm[j >> 3] = (uint8_t)_mm256_movemask_ps(_mm256_castsi256_ps(five));
            }
            if (j) HR_SDH_LOOK(j - 8, 8)
            ph += 8;
            while (ph >= P) ph -= P, d0++;
        }
#undef HR_SDH_DEALS
        const int last = (m - 1) & ~7;
        HR_SDH_LOOK(last, m - last)
#undef HR_SDH_LOOK
        /* 4: the flushes of valid deals (fm holds no other lane) */
        if (flushes)
            for (int g = 0; g < (m + 7) >> 3; g++)
                for (uint32_t f5 = fm[g]; HR_UNLIKELY(f5); f5 &= f5 - 1) {
                    const int j = 8 * g + hr_ctz64(f5), d = j / P;
                    const uint8_t *b = B + (size_t)d * 5, *h = H + (size_t)j * 2;
                    if (MODE == HR_MODE_BEST) {   /* as hr_showdown_any */
                        const hr_v2 e = HR_V2_ADD(
                            HR_V2_ADD(HR_V2_ADD(HR_V2_ADD(NX[b[0]], NX[b[1]]),
                                                HR_V2_ADD(NX[b[2]], NX[b[3]])),
                                      HR_V2_ADD(NX[b[4]], NX[h[0]])),
                            NX[h[1]]);
                        const uint64_t f = (HR_V2_HI(e) + HR_SUIT_INIT + fadj) & HR_FLUSH_BITS;
                        const int sh = (4 * hr_ctz64(f) - 140) & 63;
                        int v = ctx.F[(HR_V2_LO(e) >> sh) & HR_LANE];
                        if (QUAL) v = v >= ctx.qual ? v : -1;
                        s[j] = (int16_t)v;
                    } else {
                        s[j] = (int16_t)hr_showdown_hand(&ctx, G->wild, h, 2, b, 5);
                    }
                }
        /* 5: each deal's shares */
        for (int d = 0; d < nd; d++) {
            if (HR_LIKELY(ok[d])) {
                if (shares) {
                    if (nt) hr_sd_shares(s + d * P, P, shares + (size_t)(i0 + d) * P, 1);
                    else hr_sd_shares(s + d * P, P, shares + (size_t)(i0 + d) * P, 0);
                }
                continue;
            }
            if (bad < 0) bad = i0 + d;
            if (shares)
                for (int p = 0; p < P; p++) shares[(size_t)(i0 + d) * P + p] = 0.0;
        }
        if (str_out) memcpy(str_out + (size_t)i0 * P, s, (size_t)m * sizeof(int16_t));
    }
    if (nt) _mm_sfence();
    return bad;
}
#undef HR_SDH_CAP

#endif /* HR_MULTIVERSION */
#endif /* HANDRANK_HR_SD_HOLDEM_H */
