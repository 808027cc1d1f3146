# _core_classify.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).

# ======================================================================
# classify: made hands, draws, nut rank, blockers (hr_classify.h), for
# handrank.analysis._classify, which checks every argument first.
# ======================================================================

hr_cl_init()

#: Number of made-hand classes (handrank.MadeHand).
CLASSIFY_CLASSES = HR_CL_NCLASSES


def classify_rows(const uint8_t[:, :] holes, boards, int nb, bint shared,
                  int64_t lo, int64_t hi, uint8_t[::1] made, uint16_t[::1] draws,
                  int16_t[::1] nut, uint8_t[::1] blk, int threads, bint brute=False):
    """Classify rows [lo, hi) of holes (n, 2) on boards: (nb,) codes for
    every row when shared, else (n * nb,) row after row or (n, nb).  holes
    and (n, nb) boards may be views with any row stride (their cards of a
    row adjacent): nothing is copied.  Writes the four outputs (n,).
    Returns the first bad row, -1, -2 (a bad shared board).  brute: the nut
    rank by brute force over every holding (for the tests)."""
    cdef int64_t n = holes.shape[0], bad, hs, bs = nb
    cdef int team
    cdef const uint8_t *bp
    cdef const uint8_t *hp
    cdef const uint8_t[::1] flat
    cdef const uint8_t[:, :] rows
    if holes.shape[1] != 2 or not 3 <= nb <= 5 or not 0 <= lo <= hi <= n:
        raise ValueError("classify_rows: holes (n, 2), a board of 3..5 cards, rows in 0..n")
    if n and holes.strides[1] != 1:
        raise ValueError("classify_rows: a row's two hole cards must be adjacent")
    if made.shape[0] != n or draws.shape[0] != n or nut.shape[0] != n or blk.shape[0] != n:
        raise ValueError("classify_rows: outputs are not (n,)")
    if getattr(boards, "ndim", 1) == 2 and not shared:
        rows = boards
        if rows.shape[0] != n or rows.shape[1] != nb or (n and rows.strides[1] != 1):
            raise ValueError("classify_rows: boards of the wrong size")
        if lo == hi:
            return -1
        bs = rows.strides[0]
        bp = &rows[0, 0] + bs * lo
    else:
        flat = boards
        if flat.shape[0] != (nb if shared else n * nb):
            raise ValueError("classify_rows: boards of the wrong size")
        if lo == hi:
            return -1
        bp = &flat[0] if shared else &flat[0] + nb * lo
    hs = holes.strides[0]
    hp = &holes[0, 0] + hs * lo
    if hr_cl_prepare(nb):                     # the rank records, built with the GIL held
        raise MemoryError("classify: out of memory")
    with nogil:
        team = hr_team(threads)
        bad = hr_classify(hp, hs, bp, bs, nb, shared, hi - lo, &made[0] + lo,
                          &draws[0] + lo, &nut[0] + lo, &blk[0] + lo, team, brute)
    if bad == -3:
        raise MemoryError("classify: out of memory")
    return bad + lo if bad >= 0 else bad
