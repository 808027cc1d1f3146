/*
 * handrank solver blocks, Omaha rivers: the sweep of hr_sv_omaha.h for one
 * lane count.  hr_sv_omaha.h includes this file once per count, with
 *     HR_PL_T       the lane type: double, or a vector of 2 or 4 doubles;
 *     HR_PL_U       the same, read and written at any 8-byte place;
 *     HR_PL_Z       its zero;
 *     HR_PL_VC      the lanes (reach vectors swept side by side);
 *     HR_PL_FN(f)   f with the count appended (f_1, f_2, f_4, f_4v, f_8z);
 *     HR_PL_ATTR    the instruction set of the clone (a target attribute)
 *                   or nothing;
 * and undefines them at its end.
 * Every sum is VC doubles side by side: one index computation and one
 * cache line serve every lane.
 *
 * Hands come in P's order: by strength, and within a group of equal
 * strength in colex order, so that runs of hands share their top cards.
 * The subsets of a hand x_0 < ... < x_{K-1} fall into levels: level j holds
 * those whose lowest card is x_j.  A hand differs from the one before it
 * from some position p down; the levels above p are the same sums as for
 * the hand before (a read keeps their signed sum, an add keeps their
 * weight and adds it when the run ends), and level 0 is x_0 plus a base
 * the run shares (a colex offset is linear in the lowest card).  Most hands
 * share x_1..x_{K-1} with the hand before: they read, or add to, only
 * their 2^(K-1) - 1 level-0 sums, at consecutive places for consecutive
 * hands.
 */
#include "hr_sv_omaha_board.h"

#ifdef HR_PL_FN

#define HR_PL_A(o) (acc + (size_t)(o) * HR_PL_VC)
#define HR_PL_LD(p) (*(const HR_PL_U *)(const void *)(p))
#define HR_PL_ST(p) (*(HR_PL_U *)(void *)(p))

/* A run starts at hand x (local cards), which differs from the hand
 * before from position p (>= 1) down: the signed sums of its levels p..1
 * into R (R[j + 1] kept from the hand before; R[K] the total), and its
 * level-0 sums, at x_0 = 0, into z. */
HR_INLINE void HR_PL_FN(hr_pl_run)(const double *acc, const uint8_t *x, const int K, const int p,
                                   HR_PL_T *R, const double **z)
{
    hr_pl_level_t L;
    for (int j = p; j >= 1; j--) {
        hr_pl_level(x, K, j, &L);
        HR_PL_T r = R[j + 1];
        for (int k = 0; k < L.np[j]; k++) r += HR_PL_LD(HR_PL_A(L.off[j][k]));
        for (int k = L.np[j]; k < L.n[j]; k++) r -= HR_PL_LD(HR_PL_A(L.off[j][k]));
        R[j] = r;
    }
    hr_pl_level(x, K, 0, &L);
    for (int k = 0; k < HR_PL_NP0(K) + HR_PL_NN0(K); k++) z[k] = HR_PL_A(L.off[0][k]);
}

/* The signed subset sums of the run's hand (R, z: hr_pl_run) whose lowest
 * card is a, into *o. */
HR_INLINE void HR_PL_FN(hr_pl_read)(const HR_PL_T *R, const double *const *z, const uint32_t a,
                                    const int K, HR_PL_T *o)
{
    const int NP = HR_PL_NP0(K), NN = HR_PL_NN0(K);
    const size_t at = (size_t)a * HR_PL_VC;
    HR_PL_T sp = R[1], sn = HR_PL_LD(z[NP] + at);
    for (int k = 0; k < NP; k++) sp += HR_PL_LD(z[k] + at);
    for (int k = NP + 1; k < NP + NN; k++) sn += HR_PL_LD(z[k] + at);
    *o = sp - sn;
}

/* Read the signed subset sums of the hands of group [s0, e) (acc and T
 * fixed): mode 0 stores them into tmp (from the group's start), 1 puts
 * tmp + them into val (which may be rs: the group's weights are added). */
HR_INLINE void HR_PL_FN(hr_pl_reads)(const double *acc, const double *T, const hr_pl_board_t *P,
                                     int64_t s0, int64_t e, const int K, const int mode,
                                     double *val, double *tmp)
{
    const uint8_t *card = P->card, *up = P->up;
    HR_PL_T R[HR_PL_KMAX + 1], o;
    const double *z[16] = {0};         /* the level-0 sums of the run, at x_0 = 0 */
    R[K] = HR_PL_LD(T);
    for (int64_t i = s0; i < e; i++) {             /* s0 starts a group: up[s0] = K - 1 */
        const uint8_t *x = card + i * K;
        if (HR_UNLIKELY(up[i] >= 1)) HR_PL_FN(hr_pl_run)(acc, x, K, up[i], R, z);
        HR_PL_FN(hr_pl_read)(R, z, x[0], K, &o);
        double *t = tmp + (i - s0) * HR_PL_VC;
        if (mode == 0) HR_PL_ST(t) = o;
        else HR_PL_ST(val + i * HR_PL_VC) = HR_PL_LD(t) + o;
    }
}

/* Add the weight of the level-j run that ends (W[j]) to its sums, and to
 * the run of level j + 1 (to T above the top level). */
HR_INLINE void HR_PL_FN(hr_pl_flush)(double *acc, HR_PL_T *W, HR_PL_T *T, const hr_pl_level_t *L,
                                     const int j, const int K)
{
    const HR_PL_T w = W[j];
    for (int k = 0; k < L->n[j]; k++) {
        double *q = HR_PL_A(L->off[j][k]);
        HR_PL_ST(q) = HR_PL_LD(q) + w;
    }
    if (j + 1 < K) W[j + 1] += w;
    else *T += w;
    W[j] = HR_PL_Z;
}

/* Add the weights of the hands of group [s0, e) to their subsets' sums and
 * to T.  Hands without weight are skipped: the highest position where an
 * added hand differs from the one added before is the most of up[] since
 * (the hands of a group ascend in colex order). */
HR_INLINE void HR_PL_FN(hr_pl_adds)(double *acc, double *T, const hr_pl_board_t *P,
                                    const double *rs, int64_t s0, int64_t e, const int K)
{
    const int N0 = HR_PL_NP0(K) + HR_PL_NN0(K);
    const uint8_t *card = P->card, *up = P->up;
    hr_pl_level_t L;
    HR_PL_T W[HR_PL_KMAX + 1], t = HR_PL_LD(T);
    double *z[16] = {0};               /* the level-0 sums of the run, at x_0 = 0 */
    int started = 0, pm = 0;
    for (int j = 0; j <= K; j++) W[j] = HR_PL_Z;
    for (int64_t i = s0; i < e; i++) {
        const double *wp = rs + i * HR_PL_VC;
        pm = up[i] > pm ? up[i] : pm;
        if (!hr_pl_any(wp, HR_PL_VC)) continue;
        const uint8_t *x = card + i * K;
        const int p = pm;
        pm = 0;
        if (HR_UNLIKELY(p >= 1)) {
            for (int j = 1; started && j <= p; j++) HR_PL_FN(hr_pl_flush)(acc, W, &t, &L, j, K);
            for (int j = p; j >= 0; j--) hr_pl_level(x, K, j, &L);
            for (int k = 0; k < N0; k++) z[k] = HR_PL_A(L.off[0][k]);
            started = 1;
        }
        const uint32_t a = x[0];
        const HR_PL_T w = HR_PL_LD(wp);
        for (int k = 0; k < N0; k++) {
            double *q = z[k] + (size_t)a * HR_PL_VC;
            HR_PL_ST(q) = HR_PL_LD(q) + w;
        }
        W[1] += w;
    }
    for (int j = 1; started && j < K; j++) HR_PL_FN(hr_pl_flush)(acc, W, &t, &L, j, K);
    HR_PL_ST(T) = t;
}

/* The sweep of one board's hands (P, K cards) against HR_PL_VC reach
 * vectors in P's order, lanes side by side (rs): before + after into val
 * (which may be rs: each group's weights are read before its values are
 * written).  acc: the zeroed sums; T: the total; tmp: room for the
 * largest group.  For hero H in a group, with before(H) and after(H) the
 * signed subset sums read as the group starts and once it is added, and
 * fin(H) those of the finished sums (hr_pl_finish), v(H) = before + after
 * - fin; a group without weight has after = before. */
HR_INLINE void HR_PL_FN(hr_pl_sweep)(const hr_pl_board_t *P, const int K, const double *rs,
                                     double *acc, double *T, double *val, double *tmp)
{
    for (int v = 0; v < HR_PL_VC; v++) T[v] = 0.0;
    for (int64_t g = 0; g < P->ng; g++) {
        const int64_t s0 = P->gs[g], e = P->gs[g + 1];
        HR_PL_FN(hr_pl_reads)(acc, T, P, s0, e, K, 0, val, tmp);
        if (!hr_pl_any(rs + s0 * HR_PL_VC, (e - s0) * HR_PL_VC)) {
            for (int64_t i = 0; i < (e - s0) * HR_PL_VC; i++) val[s0 * HR_PL_VC + i] = 2 * tmp[i];
            continue;
        }
        HR_PL_FN(hr_pl_adds)(acc, T, P, rs, s0, e, K);
        HR_PL_FN(hr_pl_reads)(acc, T, P, s0, e, K, 1, val, tmp);
    }
}

/* The last read, of the finished sums (acc, T), fused with the write-back:
 * the live hands in colex order of their local cards, which is the order
 * of their indices, so that runs are long (a hand changes more than its
 * lowest card from the one before at 1 in 12 for PLO4, 1 in 9 for PLO5,
 * against about 1 in 4.5 in strength order), the vectors are
 * written in order and P's side is the only jump.  For the hand of index
 * h, fin = its signed subset sums; out[h] = val - fin (val in P's order:
 * before + after) and compat[h] = fin + (-1)^K r[h] (the full
 * inclusion-exclusion: the only hand holding all of H is H); dead hands
 * get 0.  r, out and compat: the chunk's first vector (N apart). */
HR_INLINE void HR_PL_FN(hr_pl_finish)(const hr_pl_board_t *P, const int K, const double *acc,
                                      const double *T, const double *val, const double *r,
                                      double *out, double *compat)
{
    const uint32_t(*B)[6] = (const uint32_t(*)[6])hr_pl_binom;
    const int64_t N = hr_pl_nhands(K);
    const uint8_t *live = P->live;
    const int32_t *pos = P->pos;
    HR_PL_T R[HR_PL_KMAX + 1], o;
    const double *z[16] = {0};
    uint8_t x[HR_PL_KMAX] = {0, 1, 2, 3, 4};
    int64_t next = 0, base = 0;         /* the first index not written; h - live[x_0] */
    int p = K - 1;                      /* the highest position changed */
    R[K] = HR_PL_LD(T);
    for (;;) {
        if (HR_UNLIKELY(p >= 1)) {
            base = 0;
            for (int j = 1; j < K; j++) base += B[live[x[j]]][j + 1];
            HR_PL_FN(hr_pl_run)(acc, x, K, p, R, z);
        }
        HR_PL_FN(hr_pl_read)(R, z, x[0], K, &o);
        double f[HR_PL_VC];
        HR_PL_ST(f) = o;
        const int64_t h = base + live[x[0]];
        hr_pl_zeros(out, compat, N, HR_PL_VC, next, h);
        const double *vs = val + (size_t)pos[h] * HR_PL_VC;
        for (int v = 0; v < HR_PL_VC; v++) out[v * N + h] = vs[v] - f[v];
        if (compat)
            for (int v = 0; v < HR_PL_VC; v++)
                compat[v * N + h] = (K & 1) ? f[v] - r[v * N + h] : f[v] + r[v * N + h];
        next = h + 1;
        /* the next hand in colex order */
        p = 0;
        while (p < K - 1 && x[p] + 1 == x[p + 1]) p++;
        if (p == K - 1 && x[p] + 1 == HR_PL_LIVE) break;
        x[p]++;
        for (int j = 0; j < p; j++) x[j] = (uint8_t)j;
    }
    hr_pl_zeros(out, compat, N, HR_PL_VC, next, N);
}

/* Vectors [v0, v0 + HR_PL_VC) of one prepared board: gather their live
 * weights into P's order, sweep, and write values (and compat) back in
 * index order.  The gather walks the hands in index order, so that the
 * vectors are read in order and P's side, one place for every lane, is
 * the only jump; it checks every weight, dead hands' too (the one read of
 * the vectors before the sweep): returns 1, sweeping nothing, if one is
 * not a finite number >= 0, else 0. */
HR_PL_ATTR static int HR_PL_FN(hr_pl_chunk)(const hr_pl_board_t *P, const double *reach, int64_t v0,
                                 double *out, double *compat, hr_pl_work_t *W)
{
    const int K = P->K;
    const int64_t N = hr_pl_nhands(K);
    const int32_t *pos = P->pos;
    const double *r = reach + v0 * N;
    double T[HR_PL_VC];
    int bad = 0;
    for (int64_t h = 0; h < N; h++) {
        double w[HR_PL_VC];
        for (int v = 0; v < HR_PL_VC; v++) {
            w[v] = r[v * N + h];
            bad |= !(w[v] >= 0.0 && w[v] <= DBL_MAX);
        }
        if (pos[h] < 0) continue;
        double *q = W->rs + (size_t)pos[h] * HR_PL_VC;
        for (int v = 0; v < HR_PL_VC; v++) q[v] = w[v];
    }
    if (bad) return 1;
    memset(W->acc, 0, (K == 4 ? HR_PL_NSUMS4 : HR_PL_NSUMS5) * (size_t)HR_PL_VC * sizeof(double));
    if (K == 4) HR_PL_FN(hr_pl_sweep)(P, 4, W->rs, W->acc, T, W->rs, W->tmp);
    else HR_PL_FN(hr_pl_sweep)(P, 5, W->rs, W->acc, T, W->rs, W->tmp);
    double *c = compat ? compat + v0 * N : NULL;
    if (K == 4) HR_PL_FN(hr_pl_finish)(P, 4, W->acc, T, W->rs, r, out + v0 * N, c);
    else HR_PL_FN(hr_pl_finish)(P, 5, W->acc, T, W->rs, r, out + v0 * N, c);
    return 0;
}

#undef HR_PL_A
#undef HR_PL_LD
#undef HR_PL_ST
/* the parameters, so that the next instantiation defines its own */
#undef HR_PL_ATTR
#undef HR_PL_FN
#undef HR_PL_T
#undef HR_PL_U
#undef HR_PL_Z
#undef HR_PL_VC

#endif /* HR_PL_FN */
