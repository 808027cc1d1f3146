# _core_games.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).
#
# games: GameTables (a game's halves compiled) and showdown batches

cdef class GameTables:
    """A compiled game: cards per player and on the board, its halves -- a
    list of ``(rule tables, select, qualifier[, unqualified])``, ``select`` 0
    for the best hand of hole + board and 1 for two hole + three board
    cards, the qualifier the lowest strength that wins the half (or None),
    ``unqualified`` what happens when nobody reaches it (HR_UNQ_OTHERS, 0,
    the default: the other halves take it; HR_UNQ_IGNORE, 1: when no half
    is won, the half is played without its qualifier) -- and the
    compiled deck (which cards exist and which are wild); ``boards`` is 2
    for a double-board game (a deal's boards one after the other, each for
    half the pot).  ``plain=True`` builds the reference form: the general
    valuation and enumeration only, none of the fast paths (Omaha rank
    tables, equity symmetry and kernels), for tests that compare the two."""
    cdef hr_game_t g
    cdef readonly tuple half_tables
    cdef readonly object deck
    cdef tuple _definition

    def __cinit__(self, int hole, int board, list halves, CompiledDeck deck, bint plain=False,
                  int boards=1):
        cdef RuleTables t
        cdef int h
        self._definition = (hole, board, [tuple(x) for x in halves], deck, bool(plain), boards)
        if not 1 <= len(halves) <= HR_MAX_HALVES:
            raise ValueError(f"a game has 1..{HR_MAX_HALVES} halves; got {len(halves)}")
        self.half_tables = tuple(x[0] for x in halves)
        self.deck = deck
        self.g.hole = hole
        self.g.board = board
        self.g.boards = boards
        self.g.plain = plain
        self.g.nhalves = len(halves)
        for h, x in enumerate(halves):
            t, select, qual = x[:3]
            self.g.half[h].R = &(<RuleTables?>t).rule
            self.g.half[h].select = select
            self.g.half[h].qual = HR_NO_QUAL if qual is None else qual
            self.g.half[h].unq = x[3] if len(x) > 3 else HR_UNQ_OTHERS
            self.g.wild = _deck_ptr(t, deck)
        if not hr_game_init(&self.g):
            raise ValueError(f"game sizes out of range: hole {hole}, board {board}, "
                             f"boards {boards}, halves {halves}")
        if not plain and not deck.d.active:
            # the Omaha rank tables of each Omaha half, built once per rule
            # set (hr_game_init has checked they are five-card poker rule sets)
            for h, x in enumerate(halves):
                t, select = x[0], x[1]
                if select == 1 and not _build_omaha(&t.rule):
                    raise MemoryError("handrank: could not build the Omaha rank tables")

    def __reduce__(self):
        # compiled again (its rule tables, deck and fast paths) where unpickled
        return GameTables, self._definition

    @property
    def plain(self):
        """Whether this is the reference build without fast paths."""
        return bool(self.g.plain)

    @property
    def boards(self):
        """Boards per deal: 1, or 2 for a double-board game."""
        return self.g.boards

    @property
    def nhalves(self):
        """Halves the pot is split between."""
        return self.g.nhalves

    def showdown(self, const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
                 double[:, ::1] shares, int16_t[:, :, ::1] str_out, Py_ssize_t row0,
                 int threads):
        """Pot shares (and strengths) of n deals; return the first bad deal or -1.
        holes (n, players, hole), boards (n, boards x board), shares (n,
        players) or None; str_out (halves, N, players x boards) or None gets
        the strengths of these deals in its rows row0 .. row0 + n."""
        cdef int64_t n = holes.shape[0], bad
        cdef int players = holes.shape[1]
        cdef uint8_t dummy = 0
        cdef const uint8_t *b = &boards[0, 0] if boards.shape[1] else &dummy
        cdef double *sh = NULL
        cdef int16_t *so = NULL
        cdef int64_t stride = 0
        if holes.shape[2] != self.g.hole or boards.shape[0] != n or \
                boards.shape[1] != self.g.board * self.g.boards or not 1 <= players <= 23 or \
                (shares is not None and (shares.shape[0] != n or shares.shape[1] != players)) or \
                (str_out is not None and (str_out.shape[0] != self.g.nhalves or
                                          not 0 <= row0 <= str_out.shape[1] - n or
                                          str_out.shape[2] != players * self.g.boards)):
            raise ValueError("showdown arrays of the wrong shape")
        if n == 0:
            return -1
        if shares is not None:
            sh = &shares[0, 0]
        if str_out is not None:
            so = &str_out[0, row0, 0]
            stride = str_out.shape[1] * str_out.shape[2]
        with nogil:
            bad = hr_showdown(&self.g, &holes[0, 0, 0], b, n, players, sh, so, stride, threads)
        return bad

    def award(self, const uint8_t[:, ::1] holes, const uint8_t[::1] boards, int k=0):
        """The pot split of one deal on its board k (holes (players, hole),
        boards every board's codes, one after the other): ``(n, live)``,
        ``n[h][p]`` the players sharing half h if player p won it (0: p did
        not), ``live`` the parts the pot is cut into -- hr_split's award,
        which winners() reads."""
        cdef hr_award_t a
        cdef int players = holes.shape[0], h, p
        cdef uint8_t dummy = 0
        if holes.shape[1] != self.g.hole or boards.shape[0] != self.g.board * self.g.boards \
                or not 1 <= players <= 23 or not 0 <= k < self.g.boards:
            raise ValueError("award arrays of the wrong shape")
        cdef const uint8_t *b = &boards[0] if boards.shape[0] else &dummy
        if not hr_deal_valid(&self.g, &holes[0, 0], b, players):
            raise ValueError("award: a card repeats or is off the deck")
        hr_deal_winners(&self.g, &holes[0, 0], b + k * self.g.board, players, &a)
        return [[a.n[h][p] for p in range(players)] for h in range(self.g.nhalves)], a.live

    def omaha(self, const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
              int16_t[::1] out, int threads):
        """Omaha strengths (the first half's rule tables) of n hands; first bad row or -1."""
        cdef int64_t n = holes.shape[0], bad
        if n == 0:
            return -1
        with nogil:
            bad = hr_eval_omaha(&self.g, &holes[0, 0], &boards[0, 0], n, &out[0], threads)
        return bad


    def settle(self, const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
               const int64_t[:, ::1] contrib, const uint8_t[:, ::1] folded,
               const int32_t[::1] button, int odd, int64_t[:, ::1] won,
               const int64_t[:, ::1] dead=None):
        """Settle n deals (hr_settle): holes (n, players, hole), boards (n,
        boards x board), contrib, dead (or None) and folded (n, players),
        button (n,), won (n, players) written.  Returns (first bad deal or
        -1, its HR_SETTLE_* problem)."""
        cdef int64_t n = holes.shape[0], bad
        cdef int players = holes.shape[1], why = 0
        cdef uint8_t dummy = 0
        cdef const int64_t *dp = NULL
        if dead is not None:
            if dead.shape[0] != n or dead.shape[1] != players:
                raise ValueError("settle arrays of the wrong shape")
            if n:
                dp = &dead[0, 0]
        if holes.shape[2] != self.g.hole or boards.shape[0] != n or \
                boards.shape[1] != self.g.board * self.g.boards or \
                not 1 <= players <= HR_MAX_PLAYERS or contrib.shape[0] != n or \
                contrib.shape[1] != players or folded.shape[0] != n or \
                folded.shape[1] != players or button.shape[0] != n or won.shape[0] != n or \
                won.shape[1] != players:
            raise ValueError("settle arrays of the wrong shape")
        if n == 0:
            return -1, 0
        cdef const uint8_t *b = &boards[0, 0] if boards.shape[1] else &dummy
        with nogil:
            bad = hr_settle(&self.g, &holes[0, 0, 0], b, n, players, &contrib[0, 0], dp,
                            &folded[0, 0], &button[0], odd, &won[0, 0], &why)
        return bad, why


#: hr_settle.h's HR_SETTLE_MAX_CHIPS, the largest contribution.
SETTLE_MAX_CHIPS = 1 << 56
cdef object HR_SETTLE_MAX_CHIPS_PY = SETTLE_MAX_CHIPS


def settle_one(GameTables t, object hands, object board, object contrib, object folded,
               int button, int odd, object dead=None):
    """handrank.settle's common case in one call: the chips each player
    wins as a list of ints, or None for the general path.  Precondition,
    checked here: a one-board game; ``hands`` a list or tuple of plain card
    text or int codes per player (a folded player's: anything, not read);
    ``board`` plain text, a list or tuple of codes, or None; ``contrib`` a
    list or tuple of ints, one per player; ``folded`` None or a list or
    tuple of bools, one per player; ``dead`` None or a list or tuple of
    ints, one per player.  The same C function as the general
    path settles the deal; when it finds a problem this returns None and
    the general path raises its error."""
    cdef uint8_t holes[23 * 7]          # HR_MAX_PLAYERS x HR_MAX_HOLE
    cdef uint8_t bd[MAX_FAST]
    cdef int64_t c[23]                   # HR_MAX_PLAYERS
    cdef int64_t won[23]
    cdef int64_t dd[23]
    cdef int64_t *dp = NULL
    cdef uint8_t fo[23]
    cdef int players, p, live = 0, H = t.g.hole
    cdef object x
    if t.g.boards != 1 or (type(hands) is not list and type(hands) is not tuple) or \
            (type(contrib) is not list and type(contrib) is not tuple):
        return None
    players = len(hands)
    if not 1 <= players <= HR_MAX_PLAYERS or len(contrib) != players:
        return None
    if folded is None:
        memset(fo, 0, players)
    elif (type(folded) is list or type(folded) is tuple) and len(folded) == players:
        for p in range(players):
            x = folded[p]
            if x is True or x is False or type(x) is int and (x == 0 or x == 1):
                fo[p] = 1 if x else 0
            else:
                return None
    else:
        return None
    for p in range(players):
        x = contrib[p]
        if type(x) is not int or not 0 <= x <= HR_SETTLE_MAX_CHIPS_PY:
            return None
        c[p] = x
        live += not fo[p]
    if dead is not None:
        if (type(dead) is not list and type(dead) is not tuple) or len(dead) != players:
            return None
        for p in range(players):
            x = dead[p]
            if type(x) is not int or not 0 <= x <= c[p]:
                return None
            dd[p] = x
        dp = dd
    if live > 1:
        for p in range(players):
            if fo[p]:
                memset(holes + p * H, 0, H)
                continue
            if _cards_of(hands[p], holes + p * H, H) != H:
                return None
        if _cards_of(board, bd, MAX_FAST) != t.g.board:
            return None
    if hr_settle_deal(&t.g, holes, bd, players, c, dp, fo, button, odd, won) != HR_SETTLE_OK:
        return None
    return [won[p] for p in range(players)]


#: Deals per Monte Carlo chunk: the unit a run's random streams are seeded by.
EQUITY_CHUNK = HR_EQ_CHUNK


cdef bytes _as_code_bytes(object codes):
    """Card codes (bytes, or anything numpy reads as integers 0..255) as bytes."""
    if type(codes) is bytes:
        return <bytes>codes
    return np.ascontiguousarray(codes, dtype=np.uint8).tobytes()


cdef object _I64 = np.dtype(np.int64)
cdef object _F64 = np.dtype(np.float64)


cdef void _npy_setup():
    """Take numpy's array constructor from its C API table (hr_npy_new, see
    _core.pxd) when numpy's ABI is one of those whose slots 2 and 94 are the
    ndarray type and PyArray_NewFromDescr (numpy 1.x: 0x01000009, 2.x:
    0x02000000) and an array it makes is what numpy.empty makes; otherwise
    hr_npy_new stays NULL and _copied calls numpy.empty."""
    cdef void **api
    cdef Py_ssize_t dims[2]
    try:
        try:
            from numpy._core import _multiarray_umath as m
        except ImportError:
            from numpy.core import _multiarray_umath as m
        api = <void **>PyCapsule_GetPointer(m._ARRAY_API, NULL)
        if hr_npy_abi(api) not in (0x01000009, 0x02000000):
            return
        hr_npy_take(api)
        dims[0], dims[1] = 3, 2
        a = hr_npy_empty(_I64, 2, dims)
        if not (type(a) is np.ndarray and a.dtype == _I64 and a.shape == (3, 2)
                and a.flags.c_contiguous and a.flags.writeable and a.flags.owndata
                and a.__array_interface__["data"][0] == <size_t>hr_npy_data(a)):
            raise ValueError("not numpy's array constructor")
    except Exception:
        global hr_npy_new
        hr_npy_new = NULL


_npy_setup()


def npy_direct():
    """Whether _core makes its arrays with numpy's constructor straight from
    C (_npy_setup found numpy's C API table as expected), for the tests."""
    return hr_npy_new != NULL


cdef object _copied(const void *src, tuple shape, object dtype):
    """A new array of `shape` and `dtype` holding a copy of src: made by
    numpy's constructor straight from C (hr_npy_new, taken by _npy_setup)
    or, without it, by numpy.empty."""
    cdef Py_ssize_t dims[4]
    cdef Py_ssize_t nbytes
    cdef int nd = <int>len(shape), i
    if hr_npy_new != NULL and nd <= 4:
        nbytes = 8 if dtype is _F64 or dtype is _I64 else dtype.itemsize
        for i in range(nd):
            dims[i] = <Py_ssize_t>shape[i]
            nbytes *= dims[i]
        out = hr_npy_empty(dtype, nd, dims)
        memcpy(hr_npy_data(out), src, <size_t>nbytes)
        return out
    out = _EMPTY(shape, dtype)
    cdef Py_buffer view
    PyObject_GetBuffer(out, &view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
    try:
        memcpy(view.buf, src, <size_t>view.len)
    finally:
        PyBuffer_Release(&view)
    return out
