/*
 * handrank solver blocks: range-against-range showdown values and all-in
 * equity matrices of hold'em, over the fixed enumeration of the 1,326 hands
 * (hands, the river's sort and sweep: hr_sv_river.h).
 *
 * Turn and flop (4 or 3 cards).  The all-in value averages the river value
 * over every runout: two compatible hands off the board see the same number
 * of runouts (44 on a turn, 990 on a flop), so the average over pairs is the
 * sum of the runouts' river values divided by that number.  The blocks'
 * order depends on a runout's ranks alone and is sorted once per rank
 * pattern; flush hands are valued once per orbit of runouts under the
 * board's suit symmetry; and runouts are swept once per orbit under the
 * part of that symmetry that keeps every reach vector (see hr_sv_sym_t;
 * handrank.runouts lists the same orbits).
 *
 * Matrices.  The river matrix holds sign(s_i - s_j) for every pair, a clash
 * marker where the hands share a card or meet the board.  The turn and flop
 * matrices add those signs over the runouts in int16 tiles of rows (each
 * tile stays in cache while every runout passes over it); a hand that meets
 * the runout counts as beaten by every live hand, which adds the same
 * constant (2 on a turn, 91 on a flop) to every compatible pair, taken off
 * at the end.  They compute one row per orbit of hands under the board's
 * suit symmetry and relabel it into the orbit's other rows.
 *
 * Nothing here allocates in a loop or touches Python; the callers check
 * boards with hr_sv_check_boards first and pass the high rule set.
 */
#ifndef HANDRANK_HR_SOLVER_H
#define HANDRANK_HR_SOLVER_H

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "../base/hr_core.h"
#include "../base/hr_rows.h"     /* hr_team */
#include "../evaluation/hr_value.h"    /* hr_value, hr_vctx_t, hr_standard */
#include "hr_sv_river.h"

/* OpenMP directives only where the build has OpenMP (a serial build must
 * not see unknown pragmas). */
#ifdef _OPENMP
#define HR_SV_OMP(x) HR_OMP(x)
#else
#define HR_SV_OMP(x)
#endif

#define HR_SV_MAX_RUNOUTS 1176     /* C(49, 2): the runouts of a flop */
#define HR_SV_TILE 32              /* matrix rows per tile */

#define HR_SV_MAX_DEALS 2352      /* 49 x 48: the ordered turn-river pairs of a flop */

/* The deals of `cards` further cards (1 or 2) off a board of nb cards,
 * lexicographically (by the first card's code, then the second's): for two
 * cards the unordered pairs t < u, or with `ordered` every (turn, river)
 * pair.  Each row of `run` holds a deal (second card 0 for one card).
 * Returns how many. */
static int hr_sv_deals(const uint8_t *board, int nb, int cards, int ordered, uint8_t (*run)[2])
{
    uint64_t used = 0;
    int n = 0;
    for (int k = 0; k < nb; k++) used |= 1ULL << board[k];
    for (int t = 0; t < HR_NCARDS; t++) {
        if (used >> t & 1) continue;
        if (cards == 1) {
            run[n][0] = (uint8_t)t;
            run[n++][1] = 0;
            continue;
        }
        for (int u = ordered ? 0 : t + 1; u < HR_NCARDS; u++)
            if (!(used >> u & 1) && u != t) {
                run[n][0] = (uint8_t)t;
                run[n++][1] = (uint8_t)u;
            }
    }
    return n;
}

/* The runouts of a board of nb cards (3, 4 or 5) given as codes: each row of
 * `run` the 2 - (nb - 3) further cards as a set (none for a river: one empty
 * runout).  Returns how many. */
static int hr_sv_runouts(const uint8_t *board, int nb, uint8_t (*run)[2])
{
    return nb == 5 ? 1 : hr_sv_deals(board, nb, 5 - nb, 0, run);
}

/* Runouts two compatible live hands share: 1, 44 or 990. */
HR_INLINE double hr_sv_shared(int nb) { return nb == 5 ? 1.0 : nb == 4 ? 44.0 : 990.0; }

/* The summed entries of board + runout q. */
HR_INLINE hr_v2 hr_sv_river(hr_v2 base, int nb, const uint8_t (*run)[2], int q)
{
    const hr_v2 *E = hr_standard.next;
    if (nb == 5) return base;
    hr_v2 x = HR_V2_ADD(base, E[run[q][0]]);
    return nb == 3 ? HR_V2_ADD(x, E[run[q][1]]) : x;
}

/* Suit symmetry.  The suit permutations that map the board onto itself
 * form a group G (the identity alone for most boards; up to 6 on a flop,
 * 24 on four of a kind).  A permutation sigma in G maps runout x to runout
 * sigma x and hand h to sigma h with the same strengths, so
 *     river values of sigma x against r, at sigma h
 *         = river values of x against (r relabelled by sigma), at h.
 * The runouts fall into orbits under G; each orbit's flush hands are valued
 * once (its other runouts relabel them).  H, the elements of G that keep
 * every reach vector (all of G for ranges that treat suits alike, as
 * preflop ranges do; the identity alone for most others), splits the
 * orbits finer: each orbit under H is swept once and its value relabelled
 * onto its other runouts.  handrank.runouts lists these orbits with the
 * same functions (hr_sv_runout_classes). */
typedef struct {
    int n;                              /* |G|, the identity first */
    uint8_t card[24][HR_NCARDS];        /* each sigma as a map of card codes */
} hr_sv_sym_t;

/* G of a set of nb cards. */
static void hr_sv_stabilizer(const uint8_t *board, int nb, hr_sv_sym_t *G)
{
    uint64_t bmask = 0;
    for (int k = 0; k < nb; k++) bmask |= 1ULL << board[k];
    G->n = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++) {
                const int d = 6 - a - b - c;
                if (a == b || a == c || b == c || d == a || d == b || d == c) continue;
                const int p[4] = {a, b, c, d};
                uint64_t img = 0;
                for (int k = 0; k < nb; k++) img |= 1ULL << (board[k] - (board[k] & 3) + p[board[k] & 3]);
                if (img != bmask) continue;
                for (int x = 0; x < HR_NCARDS; x++)
                    G->card[G->n][x] = (uint8_t)(x - (x & 3) + p[x & 3]);
                G->n++;
            }
}

/* The hand G->card[k] maps each hand to, into p (1,326). */
static void hr_sv_hand_perm(const hr_sv_sym_t *G, int k, uint16_t *p)
{
    const uint8_t *g = G->card[k];
    for (int h = 0; h < HR_SV_HANDS; h++)
        p[h] = (uint16_t)hr_sv_hand(g[hr_sv_card[h][0]], g[hr_sv_card[h][1]]);
}

/* H: the elements of G under which every one of NR reach vectors (NR x
 * 1326) keeps its weights on the hands that miss the board (board_mask),
 * x[sigma h] == x[h] exactly; they form a subgroup, the identity first.
 * With hp, each element's hand map (hr_sv_hand_perm) goes to
 * hp[i * 1326] for the i-th element of H. */
static void hr_sv_fixing(const double *reach, int64_t NR, const hr_sv_sym_t *G,
                         uint64_t board_mask, hr_sv_sym_t *H, uint16_t *hp)
{
    uint16_t p[HR_SV_HANDS];
    H->n = 0;
    for (int k = 0; k < G->n; k++) {
        int keep = 1;
        if (k)
            hr_sv_hand_perm(G, k, p);
        else   /* the identity */
            for (int h = 0; h < HR_SV_HANDS; h++) p[h] = (uint16_t)h;
        for (int64_t r = 0; r < NR && keep && k; r++) {
            const double *x = reach + r * HR_SV_HANDS;
            for (int h = 0; h < HR_SV_HANDS; h++)
                if (!(hr_sv_mask[h] & board_mask) && x[p[h]] != x[h]) {
                    keep = 0;
                    break;
                }
        }
        if (!keep) continue;
        memcpy(H->card[H->n], G->card[k], HR_NCARDS);
        if (hp) memcpy(hp + (size_t)H->n * HR_SV_HANDS, p, sizeof(p));
        H->n++;
    }
}

/* Orbits of nr deals of `cards` cards (hr_sv_deals, the same `ordered`)
 * under G: rep[q] is the index of the least deal of q's orbit (its
 * representative: lexicographically least), and G->card[via[q]] maps deal q
 * to it (the identity, via 0, for a representative). */
static void hr_sv_orbits(const hr_sv_sym_t *G, const uint8_t (*run)[2], int nr, int cards,
                         int ordered, int16_t *rep, uint8_t *via)
{
    int16_t idx[HR_NCARDS * HR_NCARDS];
    for (int q = 0; q < nr; q++)
        idx[cards == 1 ? run[q][0] : run[q][0] * HR_NCARDS + run[q][1]] = (int16_t)q;
    for (int q = 0; q < nr; q++) {
        int best = q, bk = 0;
        for (int k = 1; k < G->n; k++) {
            const uint8_t *g = G->card[k];
            int t = g[run[q][0]], u = g[run[q][1]];
            if (cards == 2 && !ordered && t > u) {
                const int z = t;
                t = u;
                u = z;
            }
            const int i = idx[cards == 1 ? t : t * HR_NCARDS + u];
            if (i < best) {
                best = i;
                bk = k;
            }
        }
        rep[q] = (int16_t)best;
        via[q] = (uint8_t)bk;
    }
}

/* The classes of deals behind handrank.runouts: the deals of `cards` cards
 * (hr_sv_deals) off a checked board of nb cards into run, each one's
 * representative (hr_sv_orbits) into rep and the suit map of a permutation
 * taking it there into perm (4 per deal: suit s goes to perm[4 q + s]),
 * under the group of suit permutations that map the board onto itself and
 * keep every one of NR reach vectors (hr_sv_fixing; NR = 0: the board
 * alone), whose suit maps go to group (4 each, the identity first) and its
 * size to *ng.  The turn and flop values plan their runouts with the same
 * functions (hr_sv_plan).  Returns the number of deals. */
static int hr_sv_runout_classes(const uint8_t *board, int nb, int cards, int ordered,
                                const double *reach, int64_t NR, uint8_t (*run)[2],
                                int16_t *rep, uint8_t *perm, uint8_t *group, int *ng)
{
    hr_sv_sym_t G, H;
    uint8_t via[HR_SV_MAX_DEALS];
    uint64_t bm = 0;
    for (int k = 0; k < nb; k++) bm |= 1ULL << board[k];
    hr_sv_stabilizer(board, nb, &G);
    hr_sv_fixing(reach, NR, &G, bm, &H, NULL);
    const int nr = hr_sv_deals(board, nb, cards, ordered, run);
    hr_sv_orbits(&H, (const uint8_t(*)[2])run, nr, cards, ordered, rep, via);
    for (int q = 0; q < nr; q++)
        for (int s = 0; s < 4; s++) perm[4 * q + s] = H.card[via[q]][s];
    for (int k = 0; k < H.n; k++)
        for (int s = 0; s < 4; s++) group[4 * k + s] = H.card[k][s];
    *ng = H.n;
    return nr;
}

/* The runouts of a turn or a flop by rank pattern (the rank of the river,
 * or the rank pair of turn and river: the blocks' order depends on it
 * alone) and by orbit under G: pattern p holds the orbit representatives
 * reps[ps[p] .. ps[p + 1]), representative i the runouts
 * mems[ms[i] .. ms[i + 1]), runout q being G[sig[q]] of its
 * representative.  Runout q is swept with weight wt[q]: the size of its
 * orbit under H over |H| if it is the least of that orbit, else 0 (not
 * swept); hp[i] is the hand map of H's i-th element. */
typedef struct {
    int nr, npat;
    hr_sv_sym_t G, H;
    uint8_t run[HR_SV_MAX_RUNOUTS][2];
    uint8_t sig[HR_SV_MAX_RUNOUTS];
    double wt[HR_SV_MAX_RUNOUTS];
    uint16_t ps[HR_SV_BLOCKS + 1];
    uint16_t reps[HR_SV_MAX_RUNOUTS];
    uint16_t ms[HR_SV_MAX_RUNOUTS + 1];
    uint16_t mems[HR_SV_MAX_RUNOUTS];
    uint16_t hp[24][HR_SV_HANDS];
} hr_sv_plan_t;

/* The plan of a board of nb cards (3 or 4) against NR reach vectors;
 * symmetry = 0 turns suit symmetry off (G and H the identity alone). */
static void hr_sv_plan(const uint8_t *board, int nb, int symmetry, const double *reach,
                       int64_t NR, hr_sv_plan_t *L)
{
    int16_t rep[HR_SV_MAX_RUNOUTS], pos[HR_SV_MAX_RUNOUTS];
    uint8_t pat[HR_SV_MAX_RUNOUTS], via[HR_SV_MAX_RUNOUTS];
    uint16_t cnt[HR_SV_BLOCKS + 1];
    uint8_t inv[24];
    uint64_t bm = 0;
    const int nr = hr_sv_runouts(board, nb, L->run);
    const uint8_t (*run)[2] = (const uint8_t(*)[2])L->run;
    for (int k = 0; k < nb; k++) bm |= 1ULL << board[k];
    hr_sv_stabilizer(board, nb, &L->G);
    if (!symmetry) L->G.n = 1;
    hr_sv_fixing(reach, NR, &L->G, bm, &L->H, &L->hp[0][0]);
    for (int k = 0; k < L->G.n; k++)
        for (int j = 0; j < L->G.n; j++)
            if (L->G.card[j][L->G.card[k][0]] == 0 && L->G.card[j][L->G.card[k][1]] == 1 &&
                L->G.card[j][L->G.card[k][2]] == 2)
                inv[k] = (uint8_t)j;   /* three suits fix the fourth */
    L->nr = nr;
    L->npat = nb == 4 ? HR_NRANKS : HR_SV_BLOCKS;
    for (int q = 0; q < nr; q++) {
        const int t = L->run[q][0], u = L->run[q][1];
        pat[q] = (uint8_t)(nb == 4 ? HR_RANK(t) : hr_sv_rp(HR_RANK(t), HR_RANK(u)));
    }
    /* sweeps: one per orbit under H, weighted by its size */
    for (int q = 0; q < nr; q++) L->wt[q] = 1.0;
    if (L->H.n > 1) {
        hr_sv_orbits(&L->H, run, nr, 5 - nb, 0, rep, via);
        for (int q = 0; q < nr; q++) L->wt[q] = 0.0;
        for (int q = 0; q < nr; q++) L->wt[rep[q]] += 1.0;
        for (int q = 0; q < nr; q++) L->wt[q] /= L->H.n;
    }
    /* each runout's representative under G; sig: the inverse of the map
     * taking it there */
    hr_sv_orbits(&L->G, run, nr, 5 - nb, 0, rep, via);
    for (int q = 0; q < nr; q++) L->sig[q] = inv[via[q]];
    memset(cnt, 0, sizeof(cnt));
    for (int q = 0; q < nr; q++)
        if (rep[q] == q) cnt[pat[q] + 1]++;
    for (int p = 0; p < L->npat; p++) cnt[p + 1] = (uint16_t)(cnt[p + 1] + cnt[p]);
    memcpy(L->ps, cnt, (size_t)(L->npat + 1) * sizeof(uint16_t));
    int nreps = 0;
    for (int q = 0; q < nr; q++)
        if (rep[q] == q) {
            pos[q] = (int16_t)cnt[pat[q]];
            L->reps[cnt[pat[q]]++] = (uint16_t)q;
            nreps++;
        }
    /* members of each representative, in the order of the representatives */
    memset(L->ms, 0, (size_t)(nreps + 1) * sizeof(uint16_t));
    for (int q = 0; q < nr; q++) L->ms[pos[rep[q]] + 1]++;
    for (int i = 0; i < nreps; i++) L->ms[i + 1] = (uint16_t)(L->ms[i + 1] + L->ms[i]);
    {
        uint16_t fill[HR_SV_MAX_RUNOUTS];
        memcpy(fill, L->ms, (size_t)nreps * sizeof(uint16_t));
        for (int q = 0; q < nr; q++) L->mems[fill[pos[rep[q]]]++] = (uint16_t)q;
    }
}

/* Scratch of one thread for hr_sv_pattern. */
typedef struct {
    hr_sv_board_t P;
    uint8_t xa[HR_SV_HANDS], xb[HR_SV_HANDS];   /* a representative's flush hands */
    uint16_t xh[HR_SV_HANDS];
    int16_t sk[HR_SV_HANDS];
    double *acc;                                /* NR x 1326 */
} hr_sv_work_t;

/* Add the weighted river values of the runouts of rank pattern p that the
 * plan sweeps (wt > 0) to W->acc. */
static void hr_sv_pattern(const hr_vctx_t *c, const hr_sv_plan_t *L, hr_v2 base, int nb, int p,
                          const double *reach, int64_t NR, hr_sv_work_t *W)
{
    const int i0 = L->ps[p], i1 = L->ps[p + 1];
    const uint8_t (*run)[2] = (const uint8_t(*)[2])L->run;
    hr_sv_board_t *P = &W->P;
    uint16_t fl[HR_SV_BLOCKS];
    int cnt[HR_NRANKS];
    hr_sv_order_t O;
    if (i0 == i1) return;
    for (int i = i0; i < i1; i++) {
        const int x = L->reps[i];
        const hr_v2 sx = hr_sv_river(base, nb, run, x);
        int cur = x;                    /* the runout whose masks P->m holds */
        hr_sv_masks(HR_V2_LO(sx), HR_V2_HI(sx), P->m, fl, cnt);
        if (i == i0) hr_sv_order(c, (uint32_t)HR_V2_HI(sx), cnt, &O);
        const int ns = hr_sv_singles(c, sx, fl, W->xa, W->xb, W->xh, W->sk);
        for (int m = L->ms[i]; m < L->ms[i + 1]; m++) {
            const int y = L->mems[m];
            if (L->wt[y] == 0.0) continue;
            if (y == x) {
                memcpy(P->sa, W->xa, (size_t)ns);
                memcpy(P->sb, W->xb, (size_t)ns);
                memcpy(P->sh, W->xh, (size_t)ns * sizeof(uint16_t));
            } else {
                /* y = sigma x: x's flush hands relabelled by sigma */
                const uint8_t *g = L->G.card[L->sig[y]];
                if (y != cur) {
                    const hr_v2 sy = hr_sv_river(base, nb, run, y);
                    hr_sv_masks(HR_V2_LO(sy), HR_V2_HI(sy), P->m, fl, cnt);
                    cur = y;
                }
                for (int j = 0; j < ns; j++) {
                    int a = g[W->xa[j]], b = g[W->xb[j]];
                    if (a > b) {
                        const int z = a;
                        a = b;
                        b = z;
                    }
                    P->sa[j] = (uint8_t)a;
                    P->sb[j] = (uint8_t)b;
                    P->sh[j] = (uint16_t)(hr_sv_row[b] + a);
                }
            }
            hr_sv_assemble(&O, W->sk, ns, P);
            /* weight 1 (every runout swept): the sweep inlined without the
             * multiply */
            const double w = L->wt[y];
            if (w == 1.0)
                for (int64_t r = 0; r < NR; r++)
                    hr_sv_sweep(P, reach + r * HR_SV_HANDS, W->acc + r * HR_SV_HANDS, 1, 1.0);
            else
                for (int64_t r = 0; r < NR; r++)
                    hr_sv_sweep(P, reach + r * HR_SV_HANDS, W->acc + r * HR_SV_HANDS, 1, w);
        }
    }
}

/* Whether n weights hold a NaN, an infinity or a negative number. */
HR_INLINE int hr_sv_bad_weights(const double *r, int64_t n)
{
    int ok = 1;
    for (int64_t i = 0; i < n; i++) ok &= (r[i] >= 0) & (r[i] <= DBL_MAX);
    return !ok;
}

/* Values of one board (nb cards) against NR reach vectors (NR x 1326) into
 * out (NR x 1326), on `team` threads; symmetry = 0 turns suit symmetry off
 * (for tests).  Returns 0, -1 if memory ran out, or -2 if a weight is not a
 * finite number >= 0 (checked as each vector is read: no pass of its own). */
static int hr_sv_board_values(const hr_vctx_t *c, const uint8_t *board, int nb,
                              const double *reach, int64_t NR, double *out, int team,
                              int symmetry)
{
    const hr_v2 base = hr_sv_sum(board, nb);
    int failed = 0;
    if (nb == 5) {
        hr_sv_board_t P;
        hr_sv_prefetch(reach, out);   /* arrives while the board is prepared */
        hr_sv_prepare(c, base, &P);
        int64_t r;
        (void)team;
#ifdef _OPENMP
        if (team > 1 && NR > 1) {
            int bad = 0;
            HR_SV_OMP(parallel for schedule(dynamic, 16) num_threads(team))
            for (r = 0; r < NR; r++) {
                const double *x = reach + r * HR_SV_HANDS;
                if (r + 1 < NR) hr_sv_prefetch(x + HR_SV_HANDS, out + (r + 1) * HR_SV_HANDS);
                if (hr_sv_bad_weights(x, HR_SV_HANDS)) bad = 1;   /* every writer writes 1 */
                else hr_sv_sweep(&P, x, out + r * HR_SV_HANDS, 0, 1.0);
            }
            return bad ? -2 : 0;
        }
#endif
        for (r = 0; r < NR; r++) {
            const double *x = reach + r * HR_SV_HANDS;
            if (r + 1 < NR) hr_sv_prefetch(x + HR_SV_HANDS, out + (r + 1) * HR_SV_HANDS);
            if (hr_sv_bad_weights(x, HR_SV_HANDS)) return -2;
            hr_sv_sweep(&P, x, out + r * HR_SV_HANDS, 0, 1.0);
        }
        return 0;
    }
    if (hr_sv_bad_weights(reach, NR * HR_SV_HANDS)) return -2;
    const size_t size = (size_t)NR * HR_SV_HANDS;
    hr_sv_plan_t *L = (hr_sv_plan_t *)malloc(sizeof(hr_sv_plan_t));
    if (!L) return -1;
    /* The fast path is chosen here: the plan sweeps one runout per orbit
     * under H, the suit permutations that fix the board and keep every
     * reach vector exactly (its precondition: a sweep of sigma x equals the
     * sweep of x relabelled only when r is invariant under sigma); with H
     * the identity alone it sweeps every runout. */
    hr_sv_plan(board, nb, symmetry, reach, NR, L);
    memset(out, 0, size * sizeof(double));
    const int npat = L->npat;
#ifdef _OPENMP
    if (team > 1 && npat > 1) {
        HR_SV_OMP(parallel num_threads(team))
        {
            hr_sv_work_t *W = (hr_sv_work_t *)malloc(sizeof(hr_sv_work_t));
            double *acc = (double *)calloc(size, sizeof(double));
            const int ok = W && acc;
            int p;
            if (!ok) failed = 1;   /* every writer writes 1 */
            if (W) W->acc = acc;
            /* every thread meets the work-sharing loop, even without buffers */
            HR_OMP(for schedule(dynamic, 1))
            for (p = 0; p < npat; p++)
                if (ok) hr_sv_pattern(c, L, base, nb, p, reach, NR, W);
            if (ok) {
                HR_OMP(critical(hr_sv_reduce))
                for (size_t i = 0; i < size; i++) out[i] += acc[i];
            }
            free(W);
            free(acc);
        }
    } else
#endif
    {
        hr_sv_work_t *W = (hr_sv_work_t *)malloc(sizeof(hr_sv_work_t));
        if (W) {
            W->acc = out;
            for (int p = 0; p < npat; p++) hr_sv_pattern(c, L, base, nb, p, reach, NR, W);
        } else {
            failed = 1;
        }
        free(W);
    }
    (void)team;
    const double scale = 1.0 / hr_sv_shared(nb);
    if (L->H.n > 1 && !failed) {
        /* each orbit under H of size n was swept once with weight n / |H|:
         * out = the sum over H of P_sigma U, U that weighted sum */
        double *u = (double *)malloc(size * sizeof(double));
        if (u) {
            memcpy(u, out, size * sizeof(double));
            memset(out, 0, size * sizeof(double));
            for (int k = 0; k < L->H.n; k++) {
                const uint16_t *g = L->hp[k];
                for (int64_t r = 0; r < NR; r++) {
                    double *o = out + r * HR_SV_HANDS;
                    const double *v = u + r * HR_SV_HANDS;
                    for (int h = 0; h < HR_SV_HANDS; h++) o[g[h]] += v[h];
                }
            }
            free(u);
        } else {
            failed = 1;
        }
    }
    free(L);
    if (failed) return -1;
    for (size_t i = 0; i < size; i++) out[i] *= scale;
    return 0;
}

/* Boards [lo, hi) of B boards of nb cards, each with its own NR reach
 * vectors: reach and out are B x NR x 1326; symmetry = 0 turns suit
 * symmetry off (for tests).  Returns 0, -1 (memory) or -2 (a weight that
 * is not a finite number >= 0; the caller finds it). */
static int hr_sv_values(const hr_rule_t *R, const uint8_t *boards, int nb, int64_t lo,
                        int64_t hi, const double *reach, int64_t NR, double *out, int team,
                        int symmetry)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    const int64_t per = NR * HR_SV_HANDS;
    int failed = 0;
    int64_t b;
    hr_vctx_init(&c, wc, R, &hr_standard);
#ifdef _OPENMP
    if (team > 1 && hi - lo >= 2 * team) {
        int bad = 0;
        HR_SV_OMP(parallel for schedule(dynamic, 1) num_threads(team))
        for (b = lo; b < hi; b++) {
            const int rc = hr_sv_board_values(&c, boards + b * nb, nb, reach + b * per, NR,
                                              out + b * per, 1, symmetry);
            if (rc == -2) bad = 1;   /* every writer writes 1 */
            else if (rc) failed = 1;
        }
        return bad ? -2 : failed ? -1 : 0;
    }
#endif
    for (b = lo; b < hi; b++) {
        const int rc = hr_sv_board_values(&c, boards + b * nb, nb, reach + b * per, NR,
                                          out + b * per, team, symmetry);
        if (rc == -2) return -2;
        if (rc) failed = 1;
    }
    return failed ? -1 : 0;
}

/* Strengths (nr x 1326, -1 for dead hands) of the runouts of a board of nb
 * cards, the runouts listed in `run` (nr x 2).  Returns nr. */
static int hr_sv_runout_strengths(const hr_rule_t *R, const uint8_t *board, int nb,
                                  int16_t *s, uint8_t *run, int team)
{
    hr_vctx_t c;
    hr_wctx_t wc[HR_MAX_HASHED + 1];
    uint8_t (*ro)[2] = (uint8_t(*)[2])run;
    const int nr = hr_sv_runouts(board, nb, ro);
    const hr_v2 base = hr_sv_sum(board, nb);
    int q;
    hr_vctx_init(&c, wc, R, &hr_standard);
    (void)team;
    HR_SV_OMP(parallel for schedule(dynamic, 8) num_threads(team) if(team > 1))
    for (q = 0; q < nr; q++)
        hr_sv_strengths(&c, hr_sv_river(base, nb, (const uint8_t(*)[2])ro, q),
                        s + (size_t)q * HR_SV_HANDS);
    return nr;
}

/* Hand orbits under G (the board's suit symmetry): M[sigma i, sigma j] =
 * M[i, j], so the matrix needs one row per orbit, its least hand; the
 * others are that row relabelled.  hr_sv_matrix_reps lists those rows
 * (every row when symmetry = 0) and returns how many; hr_sv_matrix_fill
 * fills the other rows of a full 1,326 x 1,326 matrix from them.  Returns
 * the count, or -1 if memory ran out. */
static int hr_sv_hand_orbits(const uint8_t *board, int nb, int symmetry, uint16_t *rep,
                             uint8_t *via, uint16_t **hp_out)
{
    hr_sv_sym_t G;
    hr_sv_stabilizer(board, nb, &G);
    if (!symmetry) G.n = 1;
    uint16_t *hp = (uint16_t *)malloc((size_t)G.n * HR_SV_HANDS * sizeof(uint16_t));
    if (!hp) return -1;
    for (int k = 0; k < G.n; k++) hr_sv_hand_perm(&G, k, hp + (size_t)k * HR_SV_HANDS);
    for (int h = 0; h < HR_SV_HANDS; h++) {
        int best = h, bk = 0;
        for (int k = 1; k < G.n; k++)
            if (hp[(size_t)k * HR_SV_HANDS + h] < best) {
                best = hp[(size_t)k * HR_SV_HANDS + h];
                bk = k;
            }
        rep[h] = (uint16_t)best;   /* G[bk] maps h to it */
        via[h] = (uint8_t)bk;
    }
    *hp_out = hp;
    return G.n;
}

static int hr_sv_matrix_reps(const uint8_t *board, int nb, int symmetry, int32_t *rows)
{
    uint16_t rep[HR_SV_HANDS], *hp;
    uint8_t via[HR_SV_HANDS];
    int n = 0;
    if (hr_sv_hand_orbits(board, nb, symmetry, rep, via, &hp) < 0) return -1;
    free(hp);
    for (int h = 0; h < HR_SV_HANDS; h++)
        if (rep[h] == h) rows[n++] = h;
    return n;
}

static int hr_sv_matrix_fill(const uint8_t *board, int nb, int symmetry, double *out, int team)
{
    uint16_t rep[HR_SV_HANDS], *hp;
    uint8_t via[HR_SV_HANDS];
    int h;
    if (hr_sv_hand_orbits(board, nb, symmetry, rep, via, &hp) < 0) return -1;
    (void)team;
    HR_SV_OMP(parallel for schedule(dynamic, 32) num_threads(team) if(team > 1))
    for (h = 0; h < HR_SV_HANDS; h++) {
        if (rep[h] == h) continue;
        /* M[h, j] = M[sigma h, sigma j], sigma = G[via[h]] */
        const double *src = out + (size_t)rep[h] * HR_SV_HANDS;
        const uint16_t *g = hp + (size_t)via[h] * HR_SV_HANDS;
        double *row = out + (size_t)h * HR_SV_HANDS;
        for (int j = 0; j < HR_SV_HANDS; j++) row[j] = src[g[j]];
    }
    free(hp);
    return 0;
}

/* Rows rows[0 .. nrows) of the river matrix of strengths s (one runout,
 * nr = 1) into out8 (int8), or of the turn/flop matrix from the strengths
 * of its nr runouts into outf (double); both are whole 1,326 x 1,326
 * matrices, row i at i * 1326: expected sign, `clash` where a hand meets
 * the board or the other hand.  board_mask has bit c for each board code
 * c.  Returns 0 or -1 (memory). */
static int hr_sv_matrix_rows(const int16_t *s, int nr, int nb, uint64_t board_mask,
                             const int32_t *rows, int nrows, int8_t *out8, int8_t clash8,
                             double *outf, double clashf, int team)
{
    const int N = HR_SV_HANDS;
    if (nb == 5) {
        int k;
        (void)team;
        HR_SV_OMP(parallel for schedule(dynamic, 16) num_threads(team) if(team > 1))
        for (k = 0; k < nrows; k++) {
            const int i = rows[k];
            int8_t *row = out8 + (size_t)i * N;
            const int16_t si = s[i];
            if (si < 0) {
                memset(row, (uint8_t)clash8, N);
                continue;
            }
            for (int j = 0; j < N; j++) {
                const int16_t sj = s[j];
                const int8_t v = (int8_t)((si > sj) - (si < sj));
                row[j] = sj < 0 ? clash8 : v;
            }
            const int a = hr_sv_card[i][0], b = hr_sv_card[i][1];
            for (int x = 0; x < HR_NCARDS; x++) {
                if (x != a) row[hr_sv_hand(a, x)] = clash8;
                if (x != b) row[hr_sv_hand(b, x)] = clash8;
            }
            row[i] = clash8;
        }
        return 0;
    }
    const int K = nb == 4 ? 2 : 91;
    const double scale = 1.0 / hr_sv_shared(nb);
    const int ntiles = (nrows + HR_SV_TILE - 1) / HR_SV_TILE;
    int failed = 0, t;
    (void)team;
    HR_SV_OMP(parallel for schedule(dynamic, 1) num_threads(team) if(team > 1))
    for (t = 0; t < ntiles; t++) {
        const int k0 = t * HR_SV_TILE, k1 = k0 + HR_SV_TILE < nrows ? k0 + HR_SV_TILE : nrows;
        int16_t *acc = (int16_t *)calloc((size_t)HR_SV_TILE * N, sizeof(int16_t));
        if (!acc) {
            failed = 1;
            continue;
        }
        for (int q = 0; q < nr; q++) {
            const int16_t *sq = s + (size_t)q * N;
            for (int k = k0; k < k1; k++) {
                const int16_t si = sq[rows[k]];
                if (si < 0) continue;
                int16_t *ai = acc + (size_t)(k - k0) * N;
                for (int j = 0; j < N; j++) ai[j] += (int16_t)((si > sq[j]) - (si < sq[j]));
            }
        }
        for (int k = k0; k < k1; k++) {
            const int i = rows[k];
            double *row = outf + (size_t)i * N;
            const int16_t *ai = acc + (size_t)(k - k0) * N;
            const uint64_t mi = hr_sv_mask[i];
            if (mi & board_mask) {
                for (int j = 0; j < N; j++) row[j] = clashf;
                continue;
            }
            for (int j = 0; j < N; j++)
                row[j] = (hr_sv_mask[j] & (board_mask | mi)) ? clashf : (ai[j] - K) * scale;
        }
        free(acc);
    }
    return failed ? -1 : 0;
}

#endif /* HANDRANK_HR_SOLVER_H */
