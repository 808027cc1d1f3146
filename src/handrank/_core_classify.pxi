# _core_classify.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).

# ======================================================================
# classify: made hands, draws, nut rank, blockers (hr_classify.h), for
# handrank._classify, which checks every argument first.
# ======================================================================

hr_cl_init()

#: Number of made-hand classes (handrank.MadeHand).
CLASSIFY_CLASSES = HR_CL_NCLASSES


def classify_rows(const uint8_t[:, ::1] holes, const uint8_t[::1] boards, int nb, bint shared,
                  int64_t lo, int64_t hi, uint8_t[::1] made, uint16_t[::1] draws,
                  int16_t[::1] nut, uint8_t[::1] blk, int threads, bint brute=False):
    """Classify rows [lo, hi) of holes (n, 2) on boards: (nb,) codes for
    every row when shared, else (n * nb,) row after row.  Writes the four
    outputs (n,).  Returns the first bad row, -1, -2 (a bad shared board).
    brute: the nut rank by brute force over every holding (for the tests)."""
    cdef int64_t n = holes.shape[0], bad
    cdef int team
    cdef const uint8_t *bp
    if holes.shape[1] != 2 or not 3 <= nb <= 5 or not 0 <= lo <= hi <= n:
        raise ValueError("classify_rows: holes (n, 2), a board of 3..5 cards, rows in 0..n")
    if boards.shape[0] != (nb if shared else n * nb):
        raise ValueError("classify_rows: boards of the wrong size")
    if made.shape[0] != n or draws.shape[0] != n or nut.shape[0] != n or blk.shape[0] != n:
        raise ValueError("classify_rows: outputs are not (n,)")
    if lo == hi:
        return -1
    bp = &boards[0] if shared else &boards[0] + nb * lo
    if hr_cl_prepare(nb):                     # the rank records, built with the GIL held
        raise MemoryError("classify: out of memory")
    with nogil:
        team = hr_team(threads)
        bad = hr_classify(&holes[0, 0] + 2 * lo, bp, nb, shared, hi - lo, &made[0] + lo,
                          &draws[0] + lo, &nut[0] + lo, &blk[0] + lo, team, brute)
    if bad == -3:
        raise MemoryError("classify: out of memory")
    return bad + lo if bad >= 0 else bad
