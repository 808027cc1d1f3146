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


# ----------------------------------------------------------------------
# classify's per-hand path (issue 37): one hole and one board read straight
# into C buffers, classified by the same C code as the batch path.
# ----------------------------------------------------------------------

cdef extern from "Python.h":
    int PyObject_GenericSetAttr(object o, object name, object value) except -1

cdef object _CL_GENERAL = None       # handrank.analysis._classify's general classify
cdef object _HAND_CLASS = None       # HandClass (a frozen dataclass)
cdef object _MADE_T = None, _DRAW_T = None, _BLOCKER_T = None
cdef dict _CL_ENUMS = {}             # (type, value) -> member: the enum calls made once


def classify_setup(object general, object hand_class, object made, object draw,
                   object blocker):
    """What classify's per-hand path makes its result of (handrank.analysis._classify
    sets these once): the general function, HandClass and its three enum types."""
    global _CL_GENERAL, _HAND_CLASS, _MADE_T, _DRAW_T, _BLOCKER_T
    _CL_GENERAL, _HAND_CLASS = general, hand_class
    _MADE_T, _DRAW_T, _BLOCKER_T = made, draw, blocker
    _CL_ENUMS.clear()


cdef inline object _member(object t, int v):
    key = (t, v)
    m = _CL_ENUMS.get(key)
    if m is None:
        m = t(v)
        _CL_ENUMS[key] = m
    return m


def classify(hole, board, *, threads=None):
    if threads is None or (type(threads) is int and threads >= 1):
        r = _classify_fast(hole, board)
        if r is not None:
            return r
    return _CL_GENERAL(hole, board, threads=threads)


def classify_fast(hole, board):
    """_classify_fast from Python (for the tests): a HandClass, or None."""
    return _classify_fast(hole, board)


cdef object _classify_fast(object hole, object board):
    """classify's per-hand path.  Precondition, checked here: ``hole`` two
    cards and ``board`` 3..5 cards, each plain text or a list or tuple of
    int codes, every card one of the 52, none twice (the caller has checked
    ``threads`` None or an int >= 1: one row runs on this thread).
    hr_classify of that one row on its shared board, as the general path
    calls it; the HandClass made as Classes[0] makes it."""
    cdef uint8_t h[4]
    cdef uint8_t b[8]
    cdef int nh, nb, i, c
    cdef uint64_t seen = 0, bit
    cdef uint8_t made, blk
    cdef uint16_t draws
    cdef int16_t nut
    if _HAND_CLASS is None:
        return None
    if type(hole) is not str and type(hole) is not list and type(hole) is not tuple:
        return None
    if type(board) is not str and type(board) is not list and type(board) is not tuple:
        return None
    nh = _cards_of(hole, h, 2)
    nb = _cards_of(board, b, 5)
    if nh != 2 or nb < 3:
        return None
    for i in range(nh + nb):
        c = h[i] if i < nh else b[i - nh]
        if c >= 52:
            return None
        bit = (<uint64_t>1) << c
        if seen & bit:
            return None
        seen |= bit
    if hr_cl_prepare(nb):
        raise MemoryError("classify: out of memory")
    if hr_classify(h, 2, b, nb, nb, 1, 1, &made, &draws, &nut, &blk, 1, 0) != -1:
        return None
    r = (<PyTypeObject *>_HAND_CLASS).tp_new(_HAND_CLASS, <PyObject *>_NO_ARGS, NULL)
    PyObject_GenericSetAttr(r, "made", _member(_MADE_T, made))     # frozen: set as its
    PyObject_GenericSetAttr(r, "draws", _member(_DRAW_T, draws))   # __init__ sets them
    PyObject_GenericSetAttr(r, "nut_rank", <int>nut)
    PyObject_GenericSetAttr(r, "blockers", _member(_BLOCKER_T, blk))
    return r
