/*
 * handrank threads and THE block-parallel row loop.
 *
 * hr_team turns a requested thread count into the team a loop starts (1
 * without OpenMP, or in a child forked after a team ran).  hr_rows runs a
 * loop's rows [lo, hi) in blocks over that team and reports the first bad
 * row: every batch loop of the core goes through it -- evaluation
 * (hr_batch.h), showdowns and Omaha (hr_showdown.h), canonical indexes
 * (hr_index.h), deals and draws (hr_deal.h), the heads-up hold'em table
 * (hr_holdem.h) and made hands and draws (hr_classify.h).  (Equity's exact
 * units and Monte Carlo chunks count into a table per thread and merge:
 * hr_exact.h, hr_mc.h.)
 *
 * Ctrl-C.  The loops run without the GIL and never look at signals; the
 * Python layer (handrank.base._slices) calls them on consecutive slices [lo, hi)
 * of about a tenth of a second each, and handles KeyboardInterrupt between
 * them.  So a part's result depends only on its own rows (and, for deals and
 * draws, on its block numbers, which are aligned to the batch, not to the
 * slice), and the first bad row of a batch is the least over its slices.
 */
#ifndef HANDRANK_HR_ROWS_H
#define HANDRANK_HR_ROWS_H

#include "hr_core.h"
#ifdef _OPENMP
#include <omp.h>
#ifndef _WIN32
#include <pthread.h>
#endif
#endif

/* ------------------------------------------------------------------ */
/* Threads                                                              */

static int hr_max_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

static int hr_has_openmp(void)
{
#ifdef _OPENMP
    return 1;
#else
    return 0;
#endif
}

#define HR_MAX_TEAM 256        /* no loop starts more threads than this */

/* Set once a team of several threads has run in this process, and in a
 * child forked after that.  GNU OpenMP's thread pool does not survive fork():
 * the child's first parallel region would wait forever for threads that do
 * not exist there.  So a child forked after a team ran keeps every loop on
 * its calling thread (hr_team), which is always correct.  Both are written
 * with the same value by every writer (a benign race). */
static volatile int hr_team_ran = 0;
static volatile int hr_forked_after_team = 0;

#if defined(_OPENMP) && !defined(_WIN32)   /* registered by hr_rows_init */
static void hr_after_fork_in_child(void) { hr_forked_after_team = hr_team_ran; }
#endif

/* The number of threads a parallel loop starts for a request of nthreads:
 * 1 without OpenMP or in a child forked after a team ran, at most
 * HR_MAX_TEAM.  Every parallel loop asks here first. */
HR_INLINE int hr_team(int nthreads)
{
#ifdef _OPENMP
    if (nthreads <= 1 || hr_forked_after_team) return 1;
    if (!hr_team_ran) hr_team_ran = 1;
    return nthreads < HR_MAX_TEAM ? nthreads : HR_MAX_TEAM;
#else
    (void)nthreads;
    return 1;
#endif
}

/* Register the fork handler behind hr_team (once, from hr_init). */
static void hr_rows_init(void)
{
#if defined(_OPENMP) && !defined(_WIN32)
    pthread_atfork(NULL, NULL, hr_after_fork_in_child);
#endif
}

/* ------------------------------------------------------------------ */
/* The row loop                                                         */

/* Rows per block of a parallel batch: threads take blocks dynamically, so a
 * thread that the OS deschedules (another process busy on its core) delays
 * only its current block, never a fixed share of the batch. */
#define HR_ROW_BLOCK 8192

/* A loop's work on rows [lo, hi) of its batch; `arg` holds the loop's own
 * arguments.  Returns the first bad row of the part (an index into the
 * batch) or -1.  A loop built for several instruction sets passes the build
 * it chose (each build is a part on the same arguments). */
typedef int64_t (*hr_rows_fn)(const void *arg, int64_t lo, int64_t hi);

/* The arguments of a loop that reads its rows with one context (a value
 * context, an index) from one input array into one output array: such
 * loops share this struct rather than each declaring its own. */
typedef struct {
    const void *ctx;
    const void *in;
    void *out;
} hr_rows_io_t;

/* THE block-parallel row loop: fn over rows [lo, hi) on `team` threads (a
 * count from hr_team).  With one thread, or at most one block of rows, one
 * call fn(arg, lo, hi); else blocks of `block` rows aligned at lo (the last
 * may be short), which the threads take one at a time as they finish the
 * one before (a thread the OS deschedules delays only its block).  Returns
 * the least of the first bad rows the parts report, or -1. */
static int64_t hr_rows(hr_rows_fn fn, const void *arg, int64_t lo, int64_t hi, int64_t block,
                       int team)
{
#ifdef _OPENMP
    if (team > 1 && hi - lo > block) {
        const int nb = (int)((hi - lo + block - 1) / block);
        int64_t bad = INT64_MAX;
        int b;
        HR_OMP(parallel for schedule(dynamic, 1) num_threads(team))
        for (b = 0; b < nb; b++) {
            const int64_t a = lo + (int64_t)b * block;
            const int64_t e = hi - a > block ? a + block : hi;
            const int64_t r = fn(arg, a, e);
            if (r >= 0) {
                HR_OMP(critical(hr_first_bad))
                if (r < bad) bad = r;
            }
        }
        return bad == INT64_MAX ? -1 : bad;
    }
#endif
    (void)block;
    (void)team;
    return fn(arg, lo, hi);
}

#endif /* HANDRANK_HR_ROWS_H */
