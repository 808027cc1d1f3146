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
 * board's suit symmetry; and when the reach vectors treat suits alike,
 * each orbit is swept once (see hr_sv_sym_t).
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

/* The runouts of a board of nb cards (3, 4 or 5) given as codes: each row of
 * `run` the 2 - (nb - 3) further cards (none for a river: one empty runout).
 * Returns how many. */
static int hr_sv_runouts(const uint8_t *board, int nb, uint8_t (*run)[2])
{
    uint64_t used = 0;
    int n = 0;
    for (int k = 0; k < nb; k++) used |= 1ULL << board[k];
    if (nb == 5) return 1;
    for (int t = 0; t < HR_NCARDS; t++) {
        if (used >> t & 1) continue;
        if (nb == 4) {
            run[n][0] = (uint8_t)t;
            run[n++][1] = 0;
            continue;
        }
        for (int u = t + 1; u < HR_NCARDS; u++)
            if (!(used >> u & 1)) {
                run[n][0] = (uint8_t)t;
                run[n++][1] = (uint8_t)u;
            }
    }
    return n;
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
 * once (its other runouts relabel them), and when every reach vector is
 * invariant under G (a range that treats suits alike, as preflop ranges
 * do) each orbit is swept once and its value relabelled onto its other
 * runouts. */
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

/* The runouts of a turn or a flop by rank pattern (the rank of the river,
 * or the rank pair of turn and river: the blocks' order depends on it
 * alone) and by orbit: pattern p holds the orbit representatives
 * reps[ps[p] .. ps[p + 1]), representative i the runouts
 * mems[ms[i] .. ms[i + 1]), runout q being G[sig[q]] of its
 * representative. */
typedef struct {
    int nr, npat;
    hr_sv_sym_t G;
    uint8_t run[HR_SV_MAX_RUNOUTS][2];
    uint8_t sig[HR_SV_MAX_RUNOUTS];
    uint16_t ps[HR_SV_BLOCKS + 1];
    uint16_t reps[HR_SV_MAX_RUNOUTS];
    uint16_t ms[HR_SV_MAX_RUNOUTS + 1];
    uint16_t mems[HR_SV_MAX_RUNOUTS];
} hr_sv_plan_t;

static void hr_sv_plan(const uint8_t *board, int nb, int symmetry, hr_sv_plan_t *L)
{
    int16_t idx[HR_NCARDS * HR_NCARDS], rep[HR_SV_MAX_RUNOUTS], pos[HR_SV_MAX_RUNOUTS];
    uint8_t pat[HR_SV_MAX_RUNOUTS];
    uint16_t cnt[HR_SV_BLOCKS + 1];
    uint8_t inv[24];
    const int nr = hr_sv_runouts(board, nb, L->run);
    hr_sv_stabilizer(board, nb, &L->G);
    if (!symmetry) L->G.n = 1;
    for (int k = 0; k < L->G.n; k++)
        for (int j = 0; j < L->G.n; j++)
            if (L->G.card[j][L->G.card[k][0]] == 0 && L->G.card[j][L->G.card[k][1]] == 1 &&
                L->G.card[j][L->G.card[k][2]] == 2)
                inv[k] = (uint8_t)j;   /* three suits fix the fourth */
    L->nr = nr;
    L->npat = nb == 4 ? HR_NRANKS : HR_SV_BLOCKS;
    for (int q = 0; q < nr; q++) {
        const int t = L->run[q][0], u = L->run[q][1];
        idx[nb == 4 ? t : t * HR_NCARDS + u] = (int16_t)q;
        pat[q] = (uint8_t)(nb == 4 ? HR_RANK(t) : hr_sv_rp(HR_RANK(t), HR_RANK(u)));
    }
    /* each runout's representative: its least image; sig: the inverse image */
    for (int q = 0; q < nr; q++) {
        int best = q, bk = 0;
        for (int k = 1; k < L->G.n; k++) {
            const uint8_t *g = L->G.card[k];
            int t = g[L->run[q][0]], u = g[L->run[q][1]];
            if (t > u && nb == 3) {
                const int z = t;
                t = u;
                u = z;
            }
            const int i = idx[nb == 4 ? t : t * HR_NCARDS + u];
            if (i < best) {
                best = i;
                bk = k;
            }
        }
        rep[q] = (int16_t)best;
        L->sig[q] = inv[bk];   /* G[bk] maps q to best, its inverse best to q */
    }
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

/* hp[k * 1326 + h] for k in [k0, k1): the hand G[k] maps hand h to. */
static void hr_sv_hand_perms(const hr_sv_sym_t *G, int k0, int k1, uint16_t *hp)
{
    for (int k = k0; k < k1; k++)
        for (int h = 0; h < HR_SV_HANDS; h++)
            hp[(size_t)k * HR_SV_HANDS + h] =
                (uint16_t)hr_sv_hand(G->card[k][hr_sv_card[h][0]], G->card[k][hr_sv_card[h][1]]);
}

/* Whether every reach vector gives each hand that misses the board the
 * weight of its images under G, filling hp (see hr_sv_hand_perms) as far
 * as it checks. */
static int hr_sv_invariant(const double *reach, int64_t NR, const hr_sv_sym_t *G, uint16_t *hp,
                           uint64_t board_mask)
{
    hr_sv_hand_perms(G, 0, 1, hp);
    for (int k = 1; k < G->n; k++) {
        const uint16_t *p = hp + (size_t)k * HR_SV_HANDS;
        hr_sv_hand_perms(G, k, k + 1, hp);
        for (int64_t r = 0; r < NR; r++) {
            const double *x = reach + r * HR_SV_HANDS;
            for (int h = 0; h < HR_SV_HANDS; h++)
                if (!(hr_sv_mask[h] & board_mask) && x[p[h]] != x[h]) return 0;
        }
    }
    return 1;
}

/* Scratch of one thread for hr_sv_pattern. */
typedef struct {
    hr_sv_board_t P;
    uint8_t xa[HR_SV_HANDS], xb[HR_SV_HANDS];   /* a representative's flush hands */
    uint16_t xh[HR_SV_HANDS];
    int16_t sk[HR_SV_HANDS];
    double *acc;                                /* NR x 1326 */
} hr_sv_work_t;

/* Add the river values of the runouts of rank pattern p to W->acc (with
 * sym: the weighted values of their orbits' representatives). */
static void hr_sv_pattern(const hr_vctx_t *c, const hr_sv_plan_t *L, hr_v2 base, int nb, int p,
                          const double *reach, int64_t NR, int sym, hr_sv_work_t *W)
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
        hr_sv_masks(HR_V2_LO(sx), HR_V2_HI(sx), P->m, fl, cnt);
        if (i == i0) hr_sv_order(c, (uint32_t)HR_V2_HI(sx), cnt, &O);
        const int ns = hr_sv_singles(c, sx, fl, W->xa, W->xb, W->xh, W->sk);
        if (sym) {
            /* the orbit's runouts y = sigma x add P_sigma v_x each: as every
             * sigma in G maps x to one of them |G| / |orbit| times, that is
             * the sum over all of G of P_sigma (v_x |orbit| / |G|), which
             * hr_sv_board_values applies once to the sum over orbits */
            const double wt = (double)(L->ms[i + 1] - L->ms[i]) / L->G.n;
            memcpy(P->sa, W->xa, (size_t)ns);
            memcpy(P->sb, W->xb, (size_t)ns);
            memcpy(P->sh, W->xh, (size_t)ns * sizeof(uint16_t));
            hr_sv_assemble(&O, W->sk, ns, P);
            for (int64_t r = 0; r < NR; r++)
                hr_sv_sweep(P, reach + r * HR_SV_HANDS, W->acc + r * HR_SV_HANDS, 1, wt);
            continue;
        }
        for (int m = L->ms[i]; m < L->ms[i + 1]; m++) {
            const int y = L->mems[m];
            const uint8_t *g = L->G.card[L->sig[y]];
            if (y != x || m != L->ms[i]) {
                const hr_v2 sy = hr_sv_river(base, nb, run, y);
                hr_sv_masks(HR_V2_LO(sy), HR_V2_HI(sy), P->m, fl, cnt);
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
            hr_sv_assemble(&O, W->sk, ns, P);
            for (int64_t r = 0; r < NR; r++)
                hr_sv_sweep(P, reach + r * HR_SV_HANDS, W->acc + r * HR_SV_HANDS, 1, 1.0);
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
    uint16_t *hp = NULL;
    if (!L) return -1;
    hr_sv_plan(board, nb, symmetry, L);
    int sym = 0;
    if (L->G.n > 1) {
        uint64_t bm = 0;
        for (int k = 0; k < nb; k++) bm |= 1ULL << board[k];
        hp = (uint16_t *)malloc((size_t)L->G.n * HR_SV_HANDS * sizeof(uint16_t));
        if (!hp) {
            free(L);
            return -1;
        }
        sym = hr_sv_invariant(reach, NR, &L->G, hp, bm);
    }
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
                if (ok) hr_sv_pattern(c, L, base, nb, p, reach, NR, sym, W);
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
            for (int p = 0; p < npat; p++) hr_sv_pattern(c, L, base, nb, p, reach, NR, sym, W);
        } else {
            failed = 1;
        }
        free(W);
    }
    (void)team;
    const double scale = 1.0 / hr_sv_shared(nb);
    if (sym && !failed) {
        /* out = the sum over G of P_sigma U, U the weighted orbit sum */
        double *u = (double *)malloc(size * sizeof(double));
        if (u) {
            memcpy(u, out, size * sizeof(double));
            memset(out, 0, size * sizeof(double));
            for (int k = 0; k < L->G.n; k++) {
                const uint16_t *g = hp + (size_t)k * HR_SV_HANDS;
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
    free(hp);
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
    hr_sv_hand_perms(&G, 0, G.n, hp);
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
