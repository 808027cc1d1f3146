# _core_equity.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).
#
# equity: EquityState (an equity question compiled: exact walks and
# Monte Carlo over hr_equity.h) and the summary of its counts

cdef class EquityState:
    """One equity question, compiled: the game, each player's known hole cards
    (the rest are dealt) or range, the known board cards, and the deck left to
    deal from.  ``run_exact`` and ``run_mc`` accumulate integer counts over a
    range of work units or Monte Carlo chunks, so ranges can run anywhere and
    merge.  ``ranges[p]`` is None or ``(combos (m, hole) uint8, weights (m,)
    float64)`` with positive weights."""
    cdef hr_equity_t e
    cdef readonly GameTables game
    cdef EquityCounts cn          # None until planned
    cdef list keep

    def __cinit__(self, GameTables game=None, list holes=None, board=b"", deck=b"",
                  list ranges=None, board2=b""):
        # converts the arguments, then _load, the ranges and _plan
        cdef int p, j, P, H
        cdef uint8_t holes_c[161]     # HR_MAX_PLAYERS x HR_MAX_HOLE
        cdef int known_c[23]          # HR_MAX_PLAYERS
        cdef const uint8_t[:, ::1] combos
        cdef const double[::1] weights, cum
        cdef list known
        cdef object x
        if game is None:
            raise ValueError("EquityState needs a game")
        P, H = len(holes), game.g.hole
        cdef bytes bb = _as_code_bytes(board), db = _as_code_bytes(deck)
        cdef bytes bb2 = _as_code_bytes(board2)
        if not 1 <= P <= 23:
            raise ValueError("1..23 players")
        if len(bb) > game.g.board or len(db) > 54 or \
                (len(bb2) > game.g.board if game.g.boards == 2 else len(bb2)):
            raise ValueError("too many board or deck cards")
        for p in range(P):
            known = list(holes[p])
            if len(known) > H:
                raise ValueError(f"player {p} holds more than {H} cards")
            known_c[p] = <int>len(known)
            j = 0
            for x in known:
                holes_c[p * H + j] = x
                j += 1
        self._load(game, P, holes_c, known_c, bb, <int>len(bb), bb2, <int>len(bb2), db,
                   <int>len(db))
        cdef const double[::1] given
        cdef double[::1] scaled
        cdef double[::1] running
        cdef const uint8_t[::1] flat
        cdef Py_ssize_t m, i
        cdef double most
        cdef int bad
        cdef bint uniform
        self.keep = []
        self.e.nranged = 0
        for p in range(P):
            r = ranges[p] if ranges is not None else None
            if r is None:
                continue
            c = np.ascontiguousarray(r[0], dtype=np.uint8).reshape(-1, game.g.hole)
            given = np.ascontiguousarray(r[1], dtype=np.float64)
            m = len(c)
            most = 0.0
            for i in range(given.shape[0]):
                if not given[i] > 0:             # NaN too
                    most = -1.0
                    break
                if given[i] > most:
                    most = given[i]
            if m == 0 or given.shape[0] != m or most <= 0.0 or m >= 2**31:
                raise ValueError("a range needs at least one hand and positive weights")
            w = np.empty(m, dtype=np.float64)
            cw = np.empty(m, dtype=np.float64)
            scaled, running = w, cw
            uniform = _scale_weights(&given[0], m, most, &scaled[0], &running[0])
            flat = c.reshape(-1)
            bad = 256
            for i in range(flat.shape[0]):
                if (flat[i] >= 54 or self.e.deck_index[flat[i]] < 0) and flat[i] < bad:
                    bad = flat[i]
            if bad < 256:
                raise ValueError(f"range card {bad} is not in the deck")
            self.keep += [c, w, cw]
            combos, weights, cum = c, w, cw
            self.e.range[p].combos = &combos[0, 0]
            self.e.range[p].weight = &weights[0]
            self.e.range[p].cum = &cum[0]
            self.e.range[p].m = <int>m
            self.e.range[p].uniform = uniform
            self.e.known[p] = game.g.hole
            self.e.ranged[self.e.nranged] = p
            self.e.nranged += 1
        self._plan()

    cdef int _load(self, GameTables game, int P, const uint8_t *holes, const int *known,
                   const uint8_t *board, int nb, const uint8_t *board2, int nb2,
                   const uint8_t *deck, int nd) except -1:
        """Fill a fresh state (_eq_load; the object's memory comes zeroed, by
        tp_alloc, so self.e starts all 0)."""
        self.game = game               # outlives self.e.game's use
        return _eq_load(&self.e, game, P, holes, known, board, nb, board2, nb2, deck, nd)

    cdef int _plan(self) except -1:
        """Plan the exact enumeration and allocate the counts (after _load
        and the ranges)."""
        hr_equity_plan(&self.e)
        self.cn = _new_counts(&self.e)
        return 0

    @property
    def units(self):
        """Units of work of the exact enumeration."""
        return self.e.units

    def replan(self, int64_t min_units):
        """Plan the exact enumeration again with at least ``min_units``
        units where the missing cards allow (for progress reports between
        units); only before any work is counted."""
        if self.cn.c.deals or min_units < 0:
            raise ValueError("replan before any work, with min_units >= 0")
        self.e.min_units = min_units
        hr_equity_plan(&self.e)
        return self.e.units

    @property
    def prefix(self):
        """Missing cards each exact unit fixes (after the range hands)."""
        return self.e.prefix

    @property
    def by_ranks(self):
        """Whether the exact enumeration counts hold'em boards by rank
        multiset (include/handrank/equities/hr_holdem.h): two hole cards, a five-card
        board, one high half, no wild card, at most 8 players; every unit
        then fixes the missing hole cards and counts all its boards at once."""
        return bool(self.e.holdem)

    @property
    def symmetries(self):
        """Suit permutations besides the identity that map every hand, the
        known board and the deck onto themselves, which the board walk uses
        (0 with ranges, unknown hole cards or wild cards, when counted by
        rank multiset (by_ranks), or for a single deal; a ranged question
        finds its own per range hand)."""
        return self.e.sym.n

    @property
    def total(self):
        """Deals of the exact enumeration (float: may be astronomical; with
        ranges an upper bound)."""
        return hr_equity_total(&self.e)

    def reset(self):
        cdef int P = self.e.players, nc = self.cn.c.ncombos
        cdef size_t n = hr_cnt_size(P, self.cn.c.nhalves)
        memset(self.cn.c.cnt, 0, sizeof(int64_t) * n)
        memset(self.cn.c.cats, 0, sizeof(int64_t) * P * 2 * 11)
        memset(self.cn.c.dd, 0, sizeof(int64_t) * P * 2)
        memset(self.cn.c.dx, 0, sizeof(double) * P * 3)
        if self.cn.c.wcnt != NULL:
            memset(self.cn.c.wcnt, 0, sizeof(double) * n)
            memset(self.cn.c.wcats, 0, sizeof(double) * P * 2 * 11)
            memset(self.cn.c.pshare, 0, sizeof(double) * P)
            memset(self.cn.c.hand_share, 0, sizeof(double) * nc)
            memset(self.cn.c.hand_weight, 0, sizeof(double) * nc)
        self.cn.c.deals = 0
        self.cn.c.wdeals = 0

    def run_exact(self, int64_t u0, int64_t u1, int threads):
        """Count exact units [u0, u1) (at most 2**31 - 1 of them)."""
        cdef int rc
        if not (0 <= u0 <= u1 <= self.e.units) or u1 - u0 >= 2**31:
            raise ValueError(f"units {u0}..{u1} outside 0..{self.e.units}")
        with nogil:
            rc = hr_equity_exact(&self.e, u0, u1, &self.cn.c, threads)
        if rc:
            raise MemoryError()

    def run_mc(self, uint64_t seed, int64_t trials, int64_t c0, int64_t c1, int threads):
        """Count Monte Carlo chunks [c0, c1) of a run of `trials` deals."""
        cdef int rc
        if trials < 0 or not (0 <= c0 <= c1) or c1 - c0 >= 2**31 or \
                c1 > (trials + HR_EQ_CHUNK - 1) // HR_EQ_CHUNK:
            raise ValueError(f"chunks {c0}..{c1} outside the run of {trials} trials")
        with nogil:
            rc = hr_equity_mc(&self.e, seed, trials, c0, c1, &self.cn.c, threads)
        if rc == -2:
            return False
        if rc:
            raise MemoryError()
        return True

    def result(self):
        """The counts so far: ``cnt`` (P, H, P+1, ..., P+1) int64 with H
        halves and H axes of P+1 (deals by award: the parts the pot was cut
        into, less one, and the sharers of each half won; 0 lost), ``wcnt`` (the same weighted by the
        range weights, or None), ``cats`` (P, 2, 11) int64 (deals by each
        player's deciding category, lost or won), ``wcats`` (the same
        weighted by the range weights, or None), ``hand_share`` and
        ``hand_weight`` (weighted pot shares and deals of each range hand,
        ranged players one after another; None without ranges), ``deals``
        and ``wdeals``; ``dd`` (P, 2) int64 and ``dx`` (P, 3) float64, used by
        double-board games (deals won whole and won in part; the same
        weighted, and the sum of the product of the two boards' shares)."""
        cdef int P = self.e.players, nc = self.cn.c.ncombos, H = self.cn.c.nhalves
        cdef Py_ssize_t n = hr_cnt_size(P, H)
        shape = (P, H) + (P + 1,) * H
        cnt = _copied(self.cn.c.cnt, shape, _I64)
        cats = _copied(self.cn.c.cats, (P, 2, 11), _I64)
        dd = _copied(self.cn.c.dd, (P, 2), _I64)
        dx = _copied(self.cn.c.dx, (P, 3), _F64)
        wcnt = wcats = hand_share = hand_weight = None
        if self.cn.c.wcnt != NULL:
            wcnt = _copied(self.cn.c.wcnt, shape, _F64)
            wcats = _copied(self.cn.c.wcats, (P, 2, 11), _F64)
            if nc:
                hand_share = _copied(self.cn.c.hand_share, (nc,), _F64)
                hand_weight = _copied(self.cn.c.hand_weight, (nc,), _F64)
        return {"cnt": cnt, "wcnt": wcnt, "cats": cats, "wcats": wcats,
                "hand_share": hand_share, "hand_weight": hand_weight,
                "deals": int(self.cn.c.deals), "wdeals": float(self.cn.c.wdeals),
                "dd": dd, "dx": dx}

    @property
    def deals(self):
        """Deals counted so far."""
        return self.cn.c.deals

    def summary(self, bint exact, bint weighted):
        """equity_summary of the counts so far, without copying them."""
        return _summary(self.e.players, self.cn.c.nhalves, self.cn.c.cnt, self.cn.c.wcnt,
                        self.cn.c.cats, self.cn.c.deals, self.cn.c.wdeals, exact, weighted,
                        self.e.game.boards, self.cn.c.dd, self.cn.c.dx, self.cn.c.wcats)


    def summary_part(self, bint exact, int part):
        """EquityCounts.summary_part of the counts so far."""
        return self.cn.summary_part(exact, part)


cdef bint _scale_weights(const double *given, Py_ssize_t m, double most, double *scaled,
                         double *running) noexcept nogil:
    """A range's m positive weights scaled to a maximum of 1 (``most``, their
    largest), and their running sums (as w / w.max() and np.cumsum would
    give them); whether the scaled weights are all equal."""
    cdef double total = 0.0
    cdef bint uniform = True
    cdef Py_ssize_t i
    for i in range(m):
        scaled[i] = given[i] / most
        total = total + scaled[i]
        running[i] = total
        uniform = uniform and scaled[i] == scaled[0]
    return uniform


cdef int _eq_load(hr_equity_t *e, GameTables game, int P, const uint8_t *holes,
                  const int *known, const uint8_t *board, int nb, const uint8_t *board2,
                  int nb2, const uint8_t *deck, int nd) except -1:
    """Fill an all-zero question: the game (which the caller keeps alive
    while ``e`` is used), P players' known cards (``known[p]`` of them at
    ``holes + p * hole``), the boards and the deck (sizes checked by the
    caller); ValueError for a bad or repeated deck card."""
    cdef int p, j, H = game.g.hole, B = game.g.board
    # the caller checked the sizes; stated again, on locals, so that the
    # compiler sees every write below inside e's arrays (aarch64 gcc 12's
    # -Wstringop-overflow otherwise finds a path past e.board)
    if P > HR_MAX_PLAYERS or H > HR_MAX_HOLE or B > HR_MAX_BOARD or nb > B or nb2 > B:
        raise ValueError("_eq_load: more players or cards than the tables hold")
    e.game = &game.g
    e.players = P
    for p in range(P):
        e.known[p] = known[p]
        for j in range(known[p]):
            e.hole[p * H + j] = holes[p * H + j]
    e.board_known[0] = nb
    for j in range(nb):
        e.board[j] = board[j]
    e.board_known[1] = nb2
    for j in range(nb2):
        e.board[B + j] = board2[j]
    e.ndeck = nd
    for j in range(54):
        e.deck_index[j] = -1
    for j in range(nd):
        if deck[j] >= 54 or e.deck_index[deck[j]] >= 0:
            raise ValueError("the deck holds a bad or repeated card")
        e.deck[j] = deck[j]
        e.deck_index[deck[j]] = j
    return 0


cdef class EquityCounts:
    """The counts of one equity question (hr_eqcount_t), zeroed when made
    (by _new_counts, from a planned question): what EquityState counts
    into, and what an EquityResult makes its arrays from (summary_part)."""
    cdef hr_eqcount_t c
    cdef bint ready
    cdef int boards
    # the counts of a small known deal (hr_eqcount_words <= 64: heads-up in a
    # game of one half), zeroed with the object: no block of their own
    cdef int64_t small[64]

    def __dealloc__(self):
        if self.ready:
            if self.c.cnt == &self.small[0]:
                self.c.cnt = NULL                # (hr_eqcount_free frees the scratch)
            hr_eqcount_free(&self.c)

    def summary_part(self, bint exact, int part):
        """One array of ``summary(exact, False)`` (a question without
        ranges), by its place there (0 equity, 1 wins, 2 ties, 3 stderr, 4
        halves, 5 categories, 6 winning categories), made alone by the same
        arithmetic: what reading one field of an EquityResult builds."""
        return self.part(exact, part)

    cdef object part(self, bint exact, int part):
        cdef int P = self.c.players, H = self.c.nhalves
        cdef double fz[138]                     # eq, se, halves (P x HR_MAX_HALVES)
        cdef int64_t iz[552]                    # cv, wv (P x HR_NCATS each), wins, ties
        cdef double *eq = fz
        cdef double *se = fz + P
        cdef double *halves = fz + 2 * P
        cdef int64_t *cv = iz
        cdef int64_t *wv = iz + P * HR_NCATS
        cdef int64_t *wins = iz + 2 * P * HR_NCATS
        cdef int64_t *ties = wins + P
        if self.c.wcnt != NULL or not 0 <= part <= 6 or not self.ready:
            raise ValueError("summary_part: parts 0..6 of a question without ranges")
        # only the P players' entries are filled and copied: zero those alone
        memset(fz, 0, (2 + H) * P * sizeof(double))
        memset(iz, 0, (2 * HR_NCATS + 2) * P * sizeof(int64_t))
        _summary_fill(P, H, self.c.cnt, NULL, self.c.cats, self.c.deals,
                      <double>self.c.deals, exact, False, self.boards,
                      self.c.dd, self.c.dx, eq, se, halves, cv, wv, wins, ties)
        if part == 0:
            return _copied(eq, (P,), _F64)
        if part == 1:
            return _copied(wins, (P,), _I64)
        if part == 2:
            return _copied(ties, (P,), _I64)
        if part == 3:
            return _copied(se, (P,), _F64)
        if part == 4:
            return _copied(halves, (P, H), _F64)
        if part == 5:
            return _copied(cv, (P, HR_NCATS), _I64)
        return _copied(wv, (P, HR_NCATS), _I64)


cdef EquityCounts _new_counts(const hr_equity_t *e):
    """Zeroed counts for the planned question ``e``."""
    cdef EquityCounts cn = EquityCounts.__new__(EquityCounts)
    if hr_eqcount_init(&cn.c, e.players, e.game.nhalves, e.nranged > 0, e.ncombos):
        raise MemoryError()
    cn.ready = True
    cn.boards = e.game.boards
    return cn


cdef object _summary(int P, int H, const int64_t *cnt, const double *wcnt, const int64_t *cats,
                     int64_t deals, double wdeals, bint exact, bint weighted, int boards,
                     const int64_t *dd, const double *dx, const double *wcats):
    """equity, wins, ties, stderr, halves, categories, winning categories
    from counts (see EquityState.result and handrank.equities._equity.finish): each
    award (the pot cut into L parts, n_h players sharing each half h won)
    is worth a share of the pot, the sum of 1 / (L n_h); a whole pot is a
    win, any other share a tie; ``halves`` (P, H) is the part of the equity
    won through each half.  A double-board game (boards 2) counts each
    board's award for half the pot, and its wins and ties per deal (dd, dx).
    Weighted (ranges of unequal weights), wins, ties and the categories are
    weighted sums (float64; the categories from wcats)."""
    cdef double tot = wdeals if wcnt != NULL else <double>deals
    cdef double eq[23]
    cdef double se[23]
    cdef double halves[92]                  # players x HR_MAX_HALVES
    cdef int64_t cv[253]                    # players x HR_NCATS
    cdef int64_t wv[253]
    cdef int64_t wins[23]                   # or double, weighted (8 bytes either way)
    cdef int64_t ties[23]
    # filled in C arrays, then copied into new arrays (cheaper than numpy's
    # zeros for arrays this small)
    memset(eq, 0, sizeof(eq))
    memset(se, 0, sizeof(se))
    memset(halves, 0, sizeof(halves))
    memset(cv, 0, sizeof(cv))
    memset(wv, 0, sizeof(wv))
    memset(wins, 0, sizeof(wins))           # 0 and 0.0 alike
    memset(ties, 0, sizeof(ties))
    _summary_fill(P, H, cnt, wcnt, cats, deals, tot, exact, weighted, boards, dd, dx,
                  eq, se, halves, cv, wv, wins, ties)
    eq_a, se_a, halves_a = _copied(eq, (P,), _F64), _copied(se, (P,), _F64), \
        _copied(halves, (P, H), _F64)
    cat_a, win_a = _copied(cv, (P, HR_NCATS), _I64), _copied(wv, (P, HR_NCATS), _I64)
    wins_a = _copied(wins, (P,), _F64 if weighted else _I64)
    ties_a = _copied(ties, (P,), _F64 if weighted else _I64)
    if weighted and wcats != NULL:
        w3 = np.asarray(<double[:P * 2 * HR_NCATS]> <double *> wcats).reshape(P, 2, HR_NCATS)
        cat_a, win_a = w3.sum(axis=1), w3[:, 1].copy()
    return eq_a, wins_a, ties_a, se_a, halves_a, cat_a, win_a


cdef void _summary_fill(int P, int H, const int64_t *cnt, const double *wcnt,
                        const int64_t *cats, int64_t deals, double tot, bint exact,
                        bint weighted, int boards, const int64_t *dd, const double *dx,
                        double *eq, double *se, double *halves, int64_t *cv, int64_t *wv,
                        void *wins, void *ties) noexcept nogil:
    cdef Py_ssize_t i = 0, t, ntuples = 1
    cdef int p, live, h, c, n
    cdef int digits[4]
    cdef double share, pot, w, sq, part
    cdef int64_t k
    cdef double *fwins = <double *>wins
    cdef double *fties = <double *>ties
    cdef int64_t *iwins = <int64_t *>wins
    cdef int64_t *ities = <int64_t *>ties
    for h in range(H):
        ntuples *= P + 1
    for p in range(P):
        sq = 0.0
        for live in range(1, H + 1):
            pot = 1.0 / live if live > 1 else 1.0
            for t in range(ntuples):
                k = cnt[i]
                w = wcnt[i] if wcnt != NULL else <double>k
                i += 1
                if k == 0 and w == 0.0:
                    continue
                n = <int>t                # the tuple's digits, the last half fastest
                for h in range(H - 1, -1, -1):
                    digits[h] = n % (P + 1)
                    n = n // (P + 1)
                share = 0.0
                for h in range(H):
                    if digits[h]:
                        part = pot / digits[h]
                        share += part
                        halves[p * H + h] += w * part
                eq[p] += w * share
                sq += <double>k * share * share
                if boards == 2:
                    continue          # a board's award is no deal's outcome (dd, dx)
                if share >= 1.0 - 1e-12:
                    if weighted:
                        fwins[p] += w
                    else:
                        iwins[p] += k
                elif share > 0.0:
                    if weighted:
                        fties[p] += w
                    else:
                        ities[p] += k
        eq[p] /= tot * boards
        for h in range(H):
            halves[p * H + h] /= tot * boards
        if boards == 2:
            # the deal's share is the mean of its boards' (s1 + s2) / 2: its
            # square's sum is (sum s1^2 + sum s2^2 + 2 sum s1 s2) / 4
            sq = (sq + 2.0 * dx[3 * p + 2]) / 4.0
            if weighted:
                fwins[p], fties[p] = dx[3 * p], dx[3 * p + 1]
            else:
                iwins[p], ities[p] = dd[2 * p], dd[2 * p + 1]
        if not exact and deals >= 2:
            w = sq / deals - eq[p] * eq[p]
            se[p] = sqrt((w if w > 0.0 else 0.0) / (deals - 1))
        for c in range(HR_NCATS):
            cv[p * HR_NCATS + c] = cats[(p * 2) * HR_NCATS + c] + \
                cats[(p * 2 + 1) * HR_NCATS + c]
            wv[p * HR_NCATS + c] = cats[(p * 2 + 1) * HR_NCATS + c]


def equity_summary(cnt, wcnt, const int64_t[:, :, ::1] cats, int64_t deals, double wdeals,
                   bint exact, bint weighted, int boards=1, const int64_t[:, ::1] dd=None,
                   const double[:, ::1] dx=None, const double[:, :, ::1] wcats=None):
    """equity, wins, ties, stderr, halves, categories and winning categories
    of counts as EquityState.result gives them (``cnt`` (P, H, P+1, ...,
    P+1); ``wcnt`` None without ranges; ``dd`` and ``dx`` needed when
    ``boards`` is 2; ``wcats`` the weighted categories, needed when
    ``weighted``)."""
    cdef const int64_t[::1] cv
    cdef const double[::1] wv
    cdef const double *wp = NULL
    cdef const int64_t *ddp = NULL
    cdef const double *dxp = NULL
    cdef const double *wcp = NULL
    cnt = np.asarray(cnt)
    cdef int P = cnt.shape[0] if cnt.ndim >= 3 else 0
    cdef int H = cnt.ndim - 2
    if not 1 <= P <= 23 or not 1 <= H <= HR_MAX_HALVES or cnt.shape != (P, H) + (P + 1,) * H or \
            cnt.dtype != np.int64 or cats.shape[0] != P or cats.shape[1] != 2 or \
            cats.shape[2] != CATEGORIES:
        raise ValueError("counts of the wrong shape")
    cv = np.ascontiguousarray(cnt).reshape(-1)
    if boards == 2:
        if dd is None or dx is None or dd.shape[0] != P or dd.shape[1] != 2 or \
                dx.shape[0] != P or dx.shape[1] != 3:
            raise ValueError("counts of the wrong shape")
        ddp, dxp = &dd[0, 0], &dx[0, 0]
    elif boards != 1:
        raise ValueError("boards must be 1 or 2")
    if wcnt is not None:
        wcnt = np.asarray(wcnt, dtype=np.float64)
        if wcnt.shape != cnt.shape:
            raise ValueError("counts of the wrong shape")
        wv = np.ascontiguousarray(wcnt).reshape(-1)
        wp = &wv[0]
    if wcats is not None:
        if wcats.shape[0] != P or wcats.shape[1] != 2 or wcats.shape[2] != CATEGORIES:
            raise ValueError("counts of the wrong shape")
        wcp = &wcats[0, 0, 0]
    elif weighted:
        raise ValueError("weighted counts need wcats")
    return _summary(P, H, &cv[0], wp, &cats[0, 0, 0], deals, wdeals, exact, weighted,
                    boards, ddp, dxp, wcp)
