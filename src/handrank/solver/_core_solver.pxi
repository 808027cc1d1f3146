# _core_solver.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).

# ======================================================================
# Solver blocks (include/handrank/solver/hr_solver.h), for handrank.solver._solver,
# which checks every argument first: showdown values over the 1,326
# hold'em hands, and all-in equity matrices.
# ======================================================================

hr_sv_init()

#: Hold'em hands (two cards of 52).
SV_HANDS = HR_SV_HANDS


def sv_check_boards(const uint8_t[:, ::1] boards, int64_t lo, int64_t hi):
    """The first bad board among rows [lo, hi) (a code >= 52, a repeat), or -1."""
    cdef int64_t bad
    if not 0 <= lo <= hi <= boards.shape[0] or not 3 <= boards.shape[1] <= 5:
        raise ValueError("sv_check_boards: wrong shapes or rows")
    if lo == hi:
        return -1
    with nogil:
        bad = hr_sv_check_boards(&boards[0, 0], <int>boards.shape[1], lo, hi)
    return bad


def sv_values(RuleTables tables, const uint8_t[:, ::1] boards, int64_t lo, int64_t hi,
              const double[:, :, ::1] reach, double[:, :, ::1] out, int threads,
              bint symmetry=True):
    """Net showdown values of boards [lo, hi) (checked) against their reach
    vectors: reach and out are (B, NR, 1326); tables the high rule set.
    symmetry=False turns suit symmetry off (for tests).  Returns True if a
    weight of those boards is not a finite number >= 0 (out is then
    unfinished; the caller says which), else False."""
    cdef int nb = <int>boards.shape[1], team, rc
    cdef int64_t NR = reach.shape[1]
    if not 3 <= nb <= 5 or reach.shape[0] != boards.shape[0] or reach.shape[2] != HR_SV_HANDS \
            or out.shape[0] != reach.shape[0] or out.shape[1] != NR or \
            out.shape[2] != HR_SV_HANDS or not 0 <= lo <= hi <= boards.shape[0]:
        raise ValueError("sv_values: wrong shapes or rows")
    if lo == hi or NR == 0:
        return False
    with nogil:
        team = hr_team(threads)
        rc = hr_sv_values(&tables.rule, &boards[0, 0], nb, lo, hi, &reach[0, 0, 0], NR,
                          &out[0, 0, 0], team, symmetry)
    if rc == -2:
        return True
    if rc:
        raise MemoryError("showdown values: out of memory")
    return False


def sv_runout_strengths(RuleTables tables, const uint8_t[::1] board, int threads):
    """(strengths (nr, 1326) int16, runouts (nr, 2) uint8) of a checked board."""
    cdef int nb = <int>board.shape[0], team, nr
    if not 3 <= nb <= 5:
        raise ValueError("sv_runout_strengths: 3..5 board cards")
    cdef int16_t[:, ::1] s = np.empty((HR_SV_MAX_RUNOUTS, HR_SV_HANDS), dtype=np.int16)
    cdef uint8_t[:, ::1] run = np.zeros((HR_SV_MAX_RUNOUTS, 2), dtype=np.uint8)
    with nogil:
        team = hr_team(threads)
        nr = hr_sv_runout_strengths(&tables.rule, &board[0], nb, &s[0, 0], &run[0, 0], team)
    return np.asarray(s)[:nr], np.asarray(run)[:nr]


def sv_runout_classes(const uint8_t[::1] board, int cards, bint ordered,
                      const double[:, ::1] reach):
    """The deals of `cards` further cards (1 or 2; `ordered` pairs or sets)
    off a checked board of 3 or 4 cards, in their orbits under the suit
    permutations that fix the board and keep every reach vector (reach:
    (NR, 1326), checked; NR may be 0): (deals (n, cards) uint8, each deal's
    representative (n,) intp, the suit map taking it there (n, 4) uint8,
    the group's suit maps (g, 4) uint8, the identity first)."""
    cdef int nb = <int>board.shape[0], ng = 0, n
    cdef int64_t NR = reach.shape[0]
    if not 3 <= nb <= 4 or not 1 <= cards <= 5 - nb or reach.shape[1] != HR_SV_HANDS:
        raise ValueError("sv_runout_classes: wrong shapes")
    cdef uint8_t[:, ::1] run = np.zeros((HR_SV_MAX_DEALS, 2), dtype=np.uint8)
    cdef int16_t[::1] rep = np.empty(HR_SV_MAX_DEALS, dtype=np.int16)
    cdef uint8_t[:, ::1] perm = np.empty((HR_SV_MAX_DEALS, 4), dtype=np.uint8)
    cdef uint8_t[:, ::1] group = np.empty((24, 4), dtype=np.uint8)
    cdef const double *r = &reach[0, 0] if NR else NULL
    with nogil:
        n = hr_sv_runout_classes(&board[0], nb, cards, ordered, r, NR,
                                 <uint8_t (*)[2]>&run[0, 0], &rep[0], &perm[0, 0], &group[0, 0],
                                 &ng)
    return (np.asarray(run)[:n, :cards].copy(), np.asarray(rep)[:n].astype(np.intp),
            np.asarray(perm)[:n], np.asarray(group)[:ng])


def sv_matrix_reps(const uint8_t[::1] board, bint symmetry=True):
    """The rows of a checked board's matrix that hr_sv_matrix_fill does not
    fill (one per orbit of hands under the board's suit symmetry; all rows
    when symmetry is off), int32."""
    cdef int nb = <int>board.shape[0], n
    if not 3 <= nb <= 5:
        raise ValueError("sv_matrix_reps: 3..5 board cards")
    cdef int32_t[::1] rows = np.empty(HR_SV_HANDS, dtype=np.int32)
    with nogil:
        n = hr_sv_matrix_reps(&board[0], nb, symmetry, &rows[0])
    if n < 0:
        raise MemoryError("showdown matrix: out of memory")
    return np.asarray(rows)[:n]


def sv_matrix_fill(const uint8_t[::1] board, double[:, ::1] out, bint symmetry, int threads):
    """Fill the rows of a turn or flop matrix (1326, 1326) that
    sv_matrix_reps left out, from those it listed."""
    cdef int nb = <int>board.shape[0], team, rc
    if not 3 <= nb <= 5 or out.shape[0] != HR_SV_HANDS or out.shape[1] != HR_SV_HANDS:
        raise ValueError("sv_matrix_fill: wrong shapes")
    with nogil:
        team = hr_team(threads)
        rc = hr_sv_matrix_fill(&board[0], nb, symmetry, &out[0, 0], team)
    if rc:
        raise MemoryError("showdown matrix: out of memory")


def sv_matrix_rows(const int16_t[:, ::1] s, int nb, uint64_t board_mask,
                   const int32_t[::1] rows, object out, double clash, int threads):
    """The given rows of the matrix from runout strengths s into out, a
    C-contiguous (1326, 1326) array: int8 for a river (nb = 5), else float64."""
    cdef int team, rc, nr = <int>s.shape[0], k
    cdef int nrows = <int>rows.shape[0]
    cdef int8_t[:, ::1] o8
    cdef double[:, ::1] of
    cdef int8_t *p8 = NULL
    cdef double *pf = NULL
    cdef int8_t c8 = 0
    if s.shape[1] != HR_SV_HANDS or not 3 <= nb <= 5 or (nb == 5) != (nr == 1):
        raise ValueError("sv_matrix_rows: wrong shapes")
    for k in range(nrows):
        if not 0 <= rows[k] < HR_SV_HANDS:
            raise ValueError("sv_matrix_rows: a row outside 0..1325")
    if nrows == 0:
        return
    if nb == 5:
        o8 = out
        if o8.shape[0] != HR_SV_HANDS or o8.shape[1] != HR_SV_HANDS:
            raise ValueError("sv_matrix_rows: out is not (1326, 1326)")
        p8 = &o8[0, 0]
        c8 = <int8_t>clash
    else:
        of = out
        if of.shape[0] != HR_SV_HANDS or of.shape[1] != HR_SV_HANDS:
            raise ValueError("sv_matrix_rows: out is not (1326, 1326)")
        pf = &of[0, 0]
    with nogil:
        team = hr_team(threads)
        rc = hr_sv_matrix_rows(&s[0, 0], nr, nb, board_mask, &rows[0], nrows, p8, c8, pf,
                               clash, team)
    if rc:
        raise MemoryError("showdown matrix: out of memory")


# ======================================================================
# Omaha rivers (include/handrank/solver/hr_sv_omaha.h), for
# handrank.solver._omaha, which checks every argument first: showdown
# values over the hands of 4 or 5 hole cards (handrank.hole_hands order).
# ======================================================================

hr_pl_init()


cdef class _PlBlock:
    """A block of memory of the Omaha sweep (hr_pl_block_t), freed with the
    object; pl_values keeps its last call's blocks for the next."""
    cdef hr_pl_block_t b

    def __cinit__(self):
        self.b.p = NULL
        self.b.n = 0

    def __dealloc__(self):
        free(self.b.p)


#: The blocks of the last pl_values call (the board's, then one per
#: thread), kept for the next while they total at most _PL_KEEP bytes; on
#: Linux their pages are the kernel's to take back if memory runs short.
#: Taken and put back under _pl_lock (with or without a GIL): a call owns
#: its blocks until it ends, calls at once from several threads get new
#: blocks, and the last to end is kept.
_pl_kept = []
_PL_KEEP = 1 << 30
cdef cython.pymutex _pl_lock


cdef list _pl_take(int n):
    """The kept blocks, and new empty ones up to n."""
    global _pl_kept
    with _pl_lock:
        blocks = _pl_kept
        _pl_kept = []
    while len(blocks) < n:
        blocks.append(_PlBlock())
    return blocks


cdef void _pl_keep(list blocks):
    """Keep blocks for the next call if they total at most _PL_KEEP bytes
    (the blocks kept before are freed)."""
    global _pl_kept
    cdef size_t n = 0
    for blk in blocks:
        n += (<_PlBlock>blk).b.n
    if n <= _PL_KEEP:
        with _pl_lock:
            old = _pl_kept
            _pl_kept = blocks
        del old


def pl_release():
    """Free the blocks kept between pl_values calls; returns their bytes."""
    global _pl_kept
    cdef size_t n = 0
    with _pl_lock:
        old = _pl_kept
        _pl_kept = []
    for blk in old:
        n += (<_PlBlock>blk).b.n
    return n


def pl_values(RuleTables tables, const uint8_t[::1] board, int K, const double[:, ::1] reach,
              double[:, ::1] out, object compat, int threads):
    """Net showdown values of the K-card Omaha hands (K = 4 or 5) on one
    checked river board against reach vectors (NR, C(52, K)) into out (same
    shape) and, unless compat is None, the compatible reach into compat
    (same shape).  Returns True if a weight is not a finite number >= 0
    (out is then unfinished; the caller says which), else False."""
    cdef int team, rc, i
    cdef int64_t NR = reach.shape[0], N
    cdef double[:, ::1] cm
    cdef double *pc = NULL
    cdef hr_pl_block_t *mem
    if K != 4 and K != 5 or board.shape[0] != 5:
        raise ValueError("pl_values: K is 4 or 5, the board 5 cards")
    N = hr_pl_nhands(K)
    if reach.shape[1] != N or out.shape[0] != NR or out.shape[1] != N:
        raise ValueError("pl_values: wrong shapes")
    if compat is not None:
        cm = compat
        if cm.shape[0] != NR or cm.shape[1] != N:
            raise ValueError("pl_values: wrong shapes")
        if NR:
            pc = &cm[0, 0]
    if NR == 0:
        return False
    team = hr_team(threads)
    blocks = _pl_take(team + 1)
    mem = <hr_pl_block_t *>calloc(len(blocks), sizeof(hr_pl_block_t))
    if mem == NULL:
        raise MemoryError("Omaha showdown values: out of memory")
    for i in range(len(blocks)):
        mem[i] = (<_PlBlock>blocks[i]).b
    with nogil:
        rc = hr_pl_values(&tables.rule, &board[0], K, &reach[0, 0], NR, &out[0, 0], pc, team,
                          mem)
        for i in range(team + 1):
            hr_pl_rest(&mem[i])
    for i in range(len(blocks)):
        (<_PlBlock>blocks[i]).b = mem[i]
    free(mem)
    _pl_keep(blocks)
    if rc == -2:
        return True
    if rc:
        raise MemoryError("Omaha showdown values: out of memory")
    return False


def pl_lanes(int K):
    """Reach vectors the Omaha sweep takes at once (its lanes) under the
    loop in use (set_isa): 8 with AVX-512, else 4 (1 without vector
    extensions)."""
    return hr_pl_lanes(K)


def pl_strengths(RuleTables tables, const uint8_t[::1] board, int K):
    """Every K-card Omaha hand's strength on one checked river board, in
    hole_hands order: int16, -1 for hands that meet the board."""
    cdef int rc
    if K != 4 and K != 5 or board.shape[0] != 5:
        raise ValueError("pl_strengths: K is 4 or 5, the board 5 cards")
    cdef int16_t[::1] s = np.empty(hr_pl_nhands(K), dtype=np.int16)
    blocks = _pl_take(1)
    cdef hr_pl_block_t *mem = &(<_PlBlock>blocks[0]).b
    with nogil:
        rc = hr_pl_strengths(&tables.rule, &board[0], K, &s[0], mem)
        hr_pl_rest(mem)
    _pl_keep(blocks)
    if rc:
        raise MemoryError("Omaha strengths: out of memory")
    return np.asarray(s)
