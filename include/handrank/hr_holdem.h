/*
 * handrank hold'em kernels: the hot loops of hold'em-shaped equity (any five
 * of seven cards, one high half, no wild card, no qualifier).  The last two
 * board cards of the exact walk for two and three players (hr_exact.h picks
 * them), and one hand against another over every board (the preflop
 * table's matchups, on threads through hr_rows).  Monte Carlo's hold'em
 * instances are hr_eq_mc_plain's (hr_mc.h).
 */
#ifndef HANDRANK_HR_HOLDEM_H
#define HANDRANK_HR_HOLDEM_H

#include "hr_core.h"
#include "hr_rows.h"
#include "hr_rule.h"
#include "hr_value.h"
#include "hr_walk.h"

/* ------------------------------------------------------------------ */
/* The board walk's last two cards                                      */

/* The last two board cards of a hold'em-shaped walk (the hot loop).
 * Precondition (hr_eq_boards): any five of seven cards play, only a high
 * half, no wild card, flushes count for the player, no qualifier; NS is the
 * walk's symmetry count (0, 1 or, with NS < 0, W->nsym).  The valuation
 * context and the tables are copied to locals once, so the counting stores
 * cannot make the compiler reload them per board. */
HR_INLINE void hr_walk_last2_h(hr_walk_t *W, int k, int i0, const hr_v2 *acc, uint64_t B,
                               const uint64_t *Y, const int P, const int NS_)
{
    const hr_vctx_t c = W->E->game.half[0].v;
    const int8_t *cat = c.R->cat;
    const int na = W->na, ns = NS_ >= 0 ? NS_ : W->nsym;
    const hr_v2 *entry = W->entry;
    const uint64_t *bit = W->bit;
    int64_t *tab = W->tab, deals = 0, mult[HR_MAX_SYM + 2];
    for (int st = 1; st <= ns + 1; st++) mult[st] = W->order / st;
    hr_v2 a1[HR_MAX_PLAYERS];
    uint64_t Z1[HR_MAX_SYM + 1], Z2[HR_MAX_SYM + 1];
    for (int i = i0; i <= na - k; i++) {
        uint64_t b1 = B;
        if (k == 2) {                                 /* the next-to-last card */
            b1 = B | bit[i];
            for (int j = 0; j < ns; j++) Z1[j] = Y[j] | W->img[i][j];
            int stab;
            if (ns && !hr_walk_canonical(b1, Z1, ns, &stab)) continue;
            for (int p = 0; p < P; p++) a1[p] = HR_V2_ADD(acc[p], entry[i]);
        } else {
            for (int j = 0; j < ns; j++) Z1[j] = Y[j];
            for (int p = 0; p < P; p++) a1[p] = acc[p];
        }
        for (int i2 = k == 2 ? i + 1 : i; i2 < na; i2++) {
            int64_t m = 1;
            if (ns) {
                const uint64_t b2 = b1 | bit[i2];
                int stab;
                for (int j = 0; j < ns; j++) Z2[j] = Z1[j] | W->img[i2][j];
                if (!hr_walk_canonical(b2, Z2, ns, &stab)) continue;
                m = mult[stab];
            }
            const hr_v2 e = entry[i2];
            int16_t sh[HR_MAX_PLAYERS];
            uint8_t n[HR_MAX_PLAYERS];
            for (int p = 0; p < P; p++) {
                const hr_v2 x = HR_V2_ADD(a1[p], e);
                sh[p] = (int16_t)hr_value(&c, HR_V2_LO(x), HR_V2_HI(x), 7, HR_MODE_BEST, 0, 0);
            }
            hr_half_winners(sh, P, n);
            for (int p = 0; p < P; p++)
                tab[((size_t)p * (P + 1) + n[p]) * HR_LCATS + (size_t)cat[sh[p]]] += m;
            deals += m;
        }
        if (k == 1) break;
    }
    W->deals += deals;
}

#define HR_WALK_LAST(NAME, P, NS)                                                     \
    static void NAME(hr_walk_t *W, int k, int i0, const hr_v2 *acc, uint64_t B,       \
                     const uint64_t *Y, int nb)                                       \
    {                                                                                 \
        (void)nb;                                                                     \
        hr_walk_last2_h(W, k, i0, acc, B, Y, P, NS);                                  \
    }
/* hold'em heads-up and three-way high: no symmetry, one, or several */
HR_WALK_LAST(hr_walk_h2, 2, 0)
HR_WALK_LAST(hr_walk_h2s1, 2, 1)
HR_WALK_LAST(hr_walk_h2sn, 2, -1)
HR_WALK_LAST(hr_walk_h3, 3, 0)
HR_WALK_LAST(hr_walk_h3s1, 3, 1)
HR_WALK_LAST(hr_walk_h3sn, 3, -1)

/* ------------------------------------------------------------------ */
/* Heads-up hold'em, every board                                        */

/* Hand a (two codes) against hand b over all 1,712,304 boards of the other 48
 * cards: out = {boards a wins, boards b wins, ties}.  The board is summed
 * incrementally, one card per loop level.  Precondition: c values high
 * hands without wild cards (the preflop table's only use). */
static void hr_holdem_hu(const hr_vctx_t *c, const uint8_t *a, const uint8_t *b, int64_t *out)
{
    const hr_v2 *E = hr_standard.next;
    uint8_t deck[52];
    int n = 0;
    for (int x = 0; x < HR_NCARDS; x++)
        if (x != a[0] && x != a[1] && x != b[0] && x != b[1]) deck[n++] = (uint8_t)x;
    const hr_v2 init = {0, HR_SUIT_INIT};
    const hr_v2 ha = HR_V2_ADD(HR_V2_ADD(init, E[a[0]]), E[a[1]]);
    const hr_v2 hb = HR_V2_ADD(HR_V2_ADD(init, E[b[0]]), E[b[1]]);
    int64_t wa = 0, wb = 0, tie = 0;
    for (int i0 = 0; i0 < n; i0++) {
        const hr_v2 s0 = E[deck[i0]];
        for (int i1 = i0 + 1; i1 < n; i1++) {
            const hr_v2 s1 = HR_V2_ADD(s0, E[deck[i1]]);
            for (int i2 = i1 + 1; i2 < n; i2++) {
                const hr_v2 s2 = HR_V2_ADD(s1, E[deck[i2]]);
                for (int i3 = i2 + 1; i3 < n; i3++) {
                    const hr_v2 s3 = HR_V2_ADD(s2, E[deck[i3]]);
                    const hr_v2 pa = HR_V2_ADD(s3, ha), pb = HR_V2_ADD(s3, hb);
                    for (int i4 = i3 + 1; i4 < n; i4++) {
                        const hr_v2 e = E[deck[i4]];
                        const hr_v2 xa = HR_V2_ADD(pa, e), xb = HR_V2_ADD(pb, e);
                        const int va = hr_value(c, HR_V2_LO(xa), HR_V2_HI(xa), 7, HR_MODE_BEST, 0, 0);
                        const int vb = hr_value(c, HR_V2_LO(xb), HR_V2_HI(xb), 7, HR_MODE_BEST, 0, 0);
                        wa += va > vb;
                        wb += vb > va;
                        tie += va == vb;
                    }
                }
            }
        }
    }
    out[0] = wa;
    out[1] = wb;
    out[2] = tie;
}

/* m heads-up matchups (m x 4 codes: a0 a1 b0 b1, m < 2^31) into out (m x 3);
 * R must be the high rule set. */
typedef struct {
    const hr_vctx_t *c;
    const uint8_t *matchups;
    int64_t *out;
} hr_hu_args_t;

static int64_t hr_holdem_hu_part(const void *arg, int64_t lo, int64_t hi)
{
    const hr_hu_args_t *a = (const hr_hu_args_t *)arg;
    for (int64_t i = lo; i < hi; i++)
        hr_holdem_hu(a->c, a->matchups + 4 * i, a->matchups + 4 * i + 2, a->out + 3 * i);
    return -1;
}

static void hr_holdem_hu_batch(const hr_rule_t *R, const uint8_t *matchups, int64_t m,
                               int64_t *out, int nthreads)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    hr_vctx_init(&c, wc, R, &hr_standard);
    const hr_hu_args_t a = {&c, matchups, out};
    hr_rows(hr_holdem_hu_part, &a, 0, m, 1, hr_team(nthreads));   /* a matchup a block */
}

#endif /* HANDRANK_HR_HOLDEM_H */
