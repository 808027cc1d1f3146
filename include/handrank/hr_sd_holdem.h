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
 * (its arguments; K = 7), for P = 2..10 players.  Blocks of whole deals, at most HR_SD_BLOCK
 * player-hands (lanes), in three passes:
 *
 *   1. per deal, in scalar registers: the validity check of hr_showdown_any
 *      (the popcount of the sum of every card's mask bit, hr_deal_valid's
 *      answer), and the board's rank key and suit counters (the deck's key
 *      entries summed: for a deck without wild cards, the rank key in the
 *      low 32 bits and a nibble per suit above), stored once for each of
 *      the deal's lanes;
 *   2. per 8 lanes, in AVX2: the two hole codes of each lane (16 contiguous
 *      bytes, whatever the deals' boundaries) give their rank multipliers
 *      (hr_mult_byte, byte shuffles) and suit nibbles, added to the
 *      board's: the lane's rank key (the scalar key's low 32 bits), its
 *      hash row, and whether a suit holds five where flushes count (the
 *      scalar key + fadj against HR_FLUSH_BITS), as a bit per lane;
 *   3. per deal: a bad deal is reported and its shares zeroed, nothing
 *      looked up; a valid deal's lanes are looked up (slot = key +
 *      off[row], value V[slot], as hr_value's fast path), the lanes with
 *      a suit of five redone by hr_showdown_any's scalar flush code, and
 *      the pot split by hr_pot_shares8 / hr_pot_shares.
 *
 * A bad code (off the deck, 64 or more) gives lanes garbage that pass 3
 * never uses: its deal fails pass 1.  shares or str_out may be NULL. */
#define HR_SDH_CAP (HR_SD_BLOCK + 16)
HR_AVX2_TARGET HR_INLINE int64_t hr_sd_holdem(const hr_game_t *G, const uint8_t *holes,
                                              const uint8_t *boards, int64_t lo, int64_t hi,
                                              const int P, double *shares, int16_t *str_out,
                                              const int MODE, const int QUAL)
{
    const hr_vctx_t ctx = G->half[0].v;
    const uint64_t *EB = G->wild->bit, *EK = G->wild->key;
    const int32_t *off = ctx.off[7];
    const int16_t *V = ctx.V[7];
    const uint64_t fadj = ctx.fadj;
    const int flushes = MODE == HR_MODE_BEST || MODE == HR_MODE_AVOID;
    const int ncards = 2 * P + 5, per = HR_SD_BLOCK / P;
    const uint32_t suit0 = (uint32_t)(HR_SUIT_INIT >> 32) + (uint32_t)(fadj >> 32);
    uint32_t bk[HR_SDH_CAP], bs[HR_SDH_CAP], key[HR_SDH_CAP], row[HR_SDH_CAP];
    uint8_t fm[HR_SDH_CAP / 8 + 8], ok[HR_SD_BLOCK];
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
    for (int64_t i0 = lo; i0 < hi; i0 += per) {
        const int nd = hi - i0 < per ? (int)(hi - i0) : per, m = nd * P;
        const uint8_t *H = holes + (size_t)i0 * 2 * P, *B = boards + (size_t)i0 * 5;
        /* 1: each deal's check and board */
        for (int d = 0; d < nd; d++) {
            const uint8_t *b = B + (size_t)d * 5, *h = H + (size_t)d * 2 * P;
            uint64_t sum = EB[b[0]] + EB[b[1]] + EB[b[2]] + EB[b[3]] + EB[b[4]];
            for (int j = 0; j < 2 * P; j++) sum += EB[h[j]];
            ok[d] = (uint8_t)(hr_popcount64(sum) == ncards);
            const uint64_t k = EK[b[0]] + EK[b[1]] + EK[b[2]] + EK[b[3]] + EK[b[4]];
            const __m256i kv = _mm256_set1_epi32((int)(uint32_t)k);
            _mm256_storeu_si256((__m256i *)(bk + d * P), kv);
            if (P > 8) _mm256_storeu_si256((__m256i *)(bk + d * P + 8), kv);
            if (flushes) {
                const __m256i sv = _mm256_set1_epi32((int)((uint32_t)(k >> 32) + suit0));
                _mm256_storeu_si256((__m256i *)(bs + d * P), sv);
                if (P > 8) _mm256_storeu_si256((__m256i *)(bs + d * P + 8), sv);
            }
        }
        /* 2: 8 lanes per step; the last step's codes are copied (not read
         * past the batch) */
        for (int j = 0; j < m; j += 8) {
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
            const __m256i rk = _mm256_add_epi32(
                _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(bk + j)), wl),
                _mm256_add_epi32(_mm256_slli_epi32(wm, 8), _mm256_slli_epi32(wh, 16)));
            _mm256_storeu_si256((__m256i *)(key + j), rk);
            _mm256_storeu_si256((__m256i *)(row + j), _mm256_srli_epi32(rk, HR_HASH_SHIFT(7)));
            if (flushes) {
                const __m256i S = _mm256_or_si256(_mm256_and_si256(X, smask), hi80);
                const __m256i qa = _mm256_maddubs_epi16(_mm256_shuffle_epi8(suit01, S), ones8);
                const __m256i qb = _mm256_maddubs_epi16(_mm256_shuffle_epi8(suit23, S), ones8);
                const __m256i q = _mm256_add_epi32(
                    _mm256_loadu_si256((const __m256i *)(bs + j)),
                    _mm256_or_si256(qa, _mm256_slli_epi32(qb, 8)));
                const __m256i none = _mm256_cmpeq_epi32(_mm256_and_si256(q, f8), zero);
                fm[j >> 3] = (uint8_t)(_mm256_movemask_ps(_mm256_castsi256_ps(none)) ^ 0xff);
            }
        }
        /* 3: each deal's lookups and shares */
        for (int d = 0; d < nd; d++) {
            const int64_t i = i0 + d;
            double *share = shares ? shares + (size_t)i * P : NULL;
            if (HR_UNLIKELY(!ok[d])) {
                if (bad < 0) bad = i;
                if (share)
                    for (int p = 0; p < P; p++) share[p] = 0.0;
                continue;
            }
            const int j0 = d * P;
            int16_t s[HR_MAX_PLAYERS];
            for (int p = 0; p < P; p++) {
                int v = V[key[j0 + p] + off[row[j0 + p]]];
                if (QUAL) v = v >= ctx.qual ? v : -1;
                s[p] = (int16_t)v;
            }
            if (flushes) {
                uint32_t w;
                memcpy(&w, fm + (j0 >> 3), sizeof w);
                uint32_t f5 = (w >> (j0 & 7)) & ((1u << P) - 1);
                if (HR_UNLIKELY(f5)) {
                    const uint8_t *b = B + (size_t)d * 5, *h = H + (size_t)d * 2 * P;
                    for (; f5; f5 &= f5 - 1) {   /* the players with a suit of five */
                        const int p = hr_ctz64(f5);
                        if (MODE == HR_MODE_BEST) {   /* as hr_showdown_any */
                            uint64_t k = HR_SUIT_INIT + EK[h[2 * p]] + EK[h[2 * p + 1]];
                            uint64_t mk = EB[h[2 * p]] + EB[h[2 * p + 1]];
                            for (int t = 0; t < 5; t++) k += EK[b[t]], mk += EB[b[t]];
                            const uint64_t f = (k + fadj) & HR_FLUSH_BITS;
                            const int sh = (4 * hr_ctz64(f) - 140) & 63;
                            int v = ctx.F[(mk >> sh) & HR_LANE];
                            if (QUAL) v = v >= ctx.qual ? v : -1;
                            s[p] = (int16_t)v;
                        } else {
                            s[p] = (int16_t)hr_showdown_hand(&ctx, G->wild, h + 2 * p, 2, b, 5);
                        }
                    }
                }
            }
            if (str_out) memcpy(str_out + (size_t)i * P, s, (size_t)P * sizeof(int16_t));
            if (share) {
                if (P > 2 && P <= 8) {   /* heads-up: the scalar shares are faster */
#define HR_LANE_OF(p) ((p) < P ? s[p] : INT16_MIN)
                    hr_pot_shares8(_mm_set_epi16(HR_LANE_OF(7), HR_LANE_OF(6), HR_LANE_OF(5),
                                                 HR_LANE_OF(4), HR_LANE_OF(3), HR_LANE_OF(2),
                                                 HR_LANE_OF(1), HR_LANE_OF(0)),
                                   P, share, 0);
#undef HR_LANE_OF
                } else {
                    hr_pot_shares(s, P, share);
                }
            }
        }
    }
    return bad;
}
#undef HR_SDH_CAP

#endif /* HR_MULTIVERSION */
#endif /* HANDRANK_HR_SD_HOLDEM_H */
