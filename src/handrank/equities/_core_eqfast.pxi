# _core_eqfast.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).
#
# equity's fast path (handrank.equities._equity.equity) and the result both paths make

cdef class _FastGame:
    """What equity_fast needs of one game name given to fast_game."""
    cdef object game          # the Game the name stood for then
    cdef GameTables tables
    cdef bytes deck           # the codes of its deck, ascending (jokers too)
    cdef uint64_t deck_mask   # bit c for each code c of the deck
    cdef int most             # the most players equity_fast takes (0: none)
    cdef str name             # the game's own name
    cdef bint ranges          # whether a player's text may be a range (a board; not "all")
    cdef tuple halves         # the names of its halves
    cdef bint classic         # whether its halves are a high and a low (Game.classic)
    cdef dict result          # _RESULT_DICT with this game's name, exact, one deal


cdef dict _FAST_GAMES = {}
# What handrank gives this file through its one declared interface
# (handrank.base._interface, installed by install_upcalls in _core.pyx):
cdef object _GAME_NAMES = {}         # game_by_name: name -> Game
cdef object _RESULT_TYPE = None      # equity_result_type: EquityResult
cdef tuple _CARD_NAMES = ()
cdef tuple _CARD_NAMES_SP = ()      # each name and a space
cdef tuple _NO_ARGS = ()
cdef double _SMALL_EXACT = 0
#: The most names fast_game keeps; one more empties the table (it refills on use).
FAST_GAMES_MAX = 256


cdef object _RANGE_OF = None         # fast_range (text, hole) -> the range's arrays or None
cdef object _HALVES_OF = None        # halves_of (game, per_half) -> the halves' fields
cdef dict _FAST_RANGES = {}          # (text, hole) -> _RANGE_OF's answer


cdef object _range_entry(str text, int hole):
    """_RANGE_OF's answer for ``text``, kept (at most FAST_GAMES_MAX texts)."""
    key = (text, hole)
    entry = _FAST_RANGES.get(key, False)
    if entry is False:
        entry = _RANGE_OF(text, hole)
        if len(_FAST_RANGES) >= FAST_GAMES_MAX:
            _FAST_RANGES.clear()
        _FAST_RANGES[key] = entry
    return entry


def fast_game(str key, object game, GameTables tables, bytes deck, int most):
    """Let equity_fast take game name ``key`` while the registry maps it to
    ``game``: its compiled tables, the codes of its deck and the most players
    (0: equity_fast never takes this game)."""
    cdef _FastGame fg = _FastGame.__new__(_FastGame)
    cdef const unsigned char *c = deck
    cdef Py_ssize_t i
    if not 0 <= most <= 23 or len(deck) > 54:
        raise ValueError("fast_game takes at most 23 players and 54 cards")
    fg.game, fg.tables, fg.deck, fg.most, fg.deck_mask = game, tables, deck, most, 0
    fg.name = game.name
    fg.ranges = game.board > 0 and game.select != "all"
    fg.halves, fg.classic = tuple([h.name for h in game.halves]), bool(game.classic)
    fg.result = _RESULT_DICT.copy()
    fg.result["deals"], fg.result["exact"], fg.result["game"] = 1, True, fg.name
    for i in range(len(deck)):
        fg.deck_mask |= (<uint64_t>1) << c[i]
    if len(_FAST_GAMES) >= FAST_GAMES_MAX:
        _FAST_GAMES.clear()
    _FAST_GAMES[key] = fg


cdef inline int _cards_of(object x, uint8_t *buf, int cap) except -2:
    """Codes of plain card text or a list or tuple of ints (None: no card)
    into buf; the count, or -1 for anything else or more than ``cap``."""
    if x is None:
        return 0
    if type(x) is str:
        return _parse_either(<str>x, buf, cap)
    if type(x) is list or type(x) is tuple:
        return _codes_plain(x, buf, cap)
    return -1


cdef inline bint _take(uint8_t c, uint64_t *used) noexcept:
    """Mark card c used; false for a joker or a card already used."""
    cdef uint64_t bit = (<uint64_t>1) << c
    if c >= 52 or used[0] & bit:
        return False
    used[0] |= bit
    return True


cdef object _EQUITY_GENERAL = None    # equity_general: handrank.equity's general path


def equity(game, hands, board="", dead="", trials=None, seed=None, threads=None,
           progress=None, folded=None):
    """handrank.equity, the public function: its common case (equity_fast's
    precondition) in one call with no Python frame, the rest by the general
    path (upcall equity_general, which takes the same arguments); it is
    given the general function's name, docstring and signature."""
    r = _equity_fast(game, hands, board, dead, trials, seed, threads, progress, folded)
    if r is not None:
        return r
    if _EQUITY_GENERAL is None:
        _not_installed("equity_general")
    return _EQUITY_GENERAL(game, hands, board, dead, trials, seed, threads, progress, folded)


def equity_fast(object game, object hands, object board, object dead, object trials,
                object seed, object threads, object progress, object folded):
    """_equity_fast (handrank.equity's common case in one call, or None)."""
    return _equity_fast(game, hands, board, dead, trials, seed, threads, progress, folded)


cdef object _equity_fast(object game, object hands, object board, object dead, object trials,
                         object seed, object threads, object progress, object folded):
    """handrank.equity's common case in one call, or None for the general
    path.  Precondition, checked here: ``trials``, ``seed``, ``progress``
    and ``folded`` None, ``threads`` None or 1 (the general path runs such a
    question on one thread too); ``game`` a name given to fast_game that
    the registry still maps to the same game; ``hands`` a list or tuple of
    2..most entries, each all of a player's hole cards as plain text (no
    joker, no "??") or a list or tuple of int codes; ``board`` the same, or
    None, with at most the game's board cards; no dead cards (None, blank
    text, an empty list or tuple); every card in the game's deck, none
    twice; enough cards left to deal; and an exact enumeration of at most
    SMALL_EXACT hands to value (which the general path makes in one call
    into C, without progress).  It builds the same EquityState, runs the
    same enumeration and returns the same result (equity_result) as the
    general path; everything else, every error included, is left to it.
    A question with every card known (whole hands, the whole board, no
    ranges) has one deal and nothing to plan: _known_deal counts it."""
    cdef _FastGame fg
    cdef uint8_t holes[161]              # HR_MAX_PLAYERS x HR_MAX_HOLE
    cdef int known[23]
    cdef uint8_t bd[MAX_FAST]
    cdef uint8_t deck[54]
    cdef const unsigned char *dk
    cdef int P, H, p, nb, nd, j, rc
    cdef uint64_t used = 0
    cdef double total
    cdef hr_equity_t e                   # the question, on the stack: only its counts outlive it
    cdef EquityCounts cn
    if trials is not None or seed is not None or progress is not None or folded is not None:
        return None
    if threads is not None and not (type(threads) is int and threads == 1):
        return None
    if type(game) is not str:
        return None
    entry = _FAST_GAMES.get(game)
    if entry is None:
        return None
    fg = <_FastGame>entry
    if fg.most == 0 or _GAME_NAMES.get(game) is not fg.game:
        return None
    if type(hands) is not list and type(hands) is not tuple:
        return None
    P = <int>len(hands)
    if P < 2 or P > fg.most:
        return None
    H = fg.tables.g.hole
    ranged = None                        # (player, combos, weights) of each range
    for p in range(P):
        h = hands[p]
        nb = _cards_of(h, bd, H)
        if nb == -1 and fg.ranges and type(h) is str:
            entry = _range_entry(<str>h, H)
            if entry is None:
                return None
            if ranged is None:
                ranged = []
            ranged.append((p, (<tuple>entry)[0], (<tuple>entry)[1]))
            known[p] = 0
            continue
        if nb != H:
            return None
        for j in range(H):
            if not _take(bd[j], &used):
                return None
            holes[p * H + j] = bd[j]
        known[p] = H
    if _cards_of(dead, bd, 0) != 0:
        return None
    nb = _cards_of(board, bd, fg.tables.g.board)
    if nb < 0:
        return None
    for j in range(nb):
        if not _take(bd[j], &used):
            return None
    if used & ~fg.deck_mask:
        return None
    if nb == fg.tables.g.board and ranged is None:
        return _known_deal(fg, hands, holes, bd, P)      # every card known: nothing to deal
    dk = fg.deck
    nd = 0
    for j in range(len(fg.deck)):
        if not (used >> dk[j]) & 1:
            deck[nd] = dk[j]
            nd += 1
    if fg.tables.g.board - nb + (len(ranged) if ranged is not None else 0) * H > nd:
        return None
    memset(&e, 0, sizeof(hr_equity_t))
    _eq_load(&e, fg.tables, P, holes, known, bd, nb, NULL, 0, deck, nd)   # fg keeps the tables
    if ranged is not None:
        return _ranged(&e, fg, hands, ranged, used)
    hr_equity_plan(&e)
    total = hr_equity_total(&e)
    if total * P > _SMALL_EXACT:
        return None
    cn = _new_counts(&e)
    rc = _run_small(&e, cn, total * P)
    if rc:
        raise MemoryError()
    if cn.c.deals == 0:
        return None
    return _fast_result(fg, cn, _labels(hands, holes, P, H))


cdef object _known_deal(_FastGame fg, object hands, const uint8_t *holes, const uint8_t *bd,
                        int P):
    """equity_fast of a question with every card known: each player's whole
    hand, the whole board (one board, no ranges; checked by the caller, with
    the rest of equity_fast's precondition).  Its one deal is valued once and
    counted as the exact walk counts its one leaf (hr_eq_count_known), with
    no plan, walk or question struct; the result is the general path's."""
    cdef EquityCounts cn = EquityCounts.__new__(EquityCounts)
    if hr_eqcount_words(P, fg.tables.g.nhalves) <= 64:
        hr_eqcount_init_in(&cn.c, P, fg.tables.g.nhalves, cn.small)   # zeroed with cn
    elif hr_eqcount_init(&cn.c, P, fg.tables.g.nhalves, 0, 0):
        raise MemoryError()
    cn.ready = True
    cn.boards = 1
    hr_eq_count_known(&fg.tables.g, holes, bd, P, &cn.c)
    return _fast_result(fg, cn, _labels(hands, holes, P, fg.tables.g.hole))


cdef list _labels(object hands, const uint8_t *holes, int P, int H):
    """The players' labels (holes: their codes, P x H, read from ``hands``)."""
    cdef list labels = [None] * P
    cdef int p
    for p in range(P):
        h = hands[p]
        labels[p] = h if _is_label(h, &holes[p * H], H) else _hand_label(&holes[p * H], H)
    return labels


cdef bint _is_label(object h, const uint8_t *c, int H):
    """Whether ``h`` is already the label of the hand ``c`` (a str holding
    exactly its card names one space apart): then it is the label itself."""
    cdef const char *d
    cdef int j
    if type(h) is not str or PyUnicode_KIND(h) != 1 or len(<str>h) != 3 * H - 1:
        return False
    d = <const char *>PyUnicode_DATA(h)
    for j in range(H):
        if d[3 * j] != _NAME_CHARS[c[j]][0] or d[3 * j + 1] != _NAME_CHARS[c[j]][1] or \
                (j + 1 < H and d[3 * j + 2] != 32):
            return False
    return True


cdef char _NAME_CHARS[54][2]       # each card name's two characters (install_upcalls)


cdef void _set_name_chars(tuple names):
    cdef int c
    memset(_NAME_CHARS, 0, sizeof(_NAME_CHARS))
    for c in range(min(54, len(names))):
        n = names[c]
        if type(n) is str and len(<str>n) == 2 and (<str>n).isascii():
            _NAME_CHARS[c][0] = ord((<str>n)[0])
            _NAME_CHARS[c][1] = ord((<str>n)[1])


cdef str _hand_label(const uint8_t *c, int H):
    """A hand's cards as text, one space apart (as the general path writes it)."""
    if H == 2:
        return <str>_CARD_NAMES_SP[c[0]] + <str>_CARD_NAMES[c[1]]
    return " ".join([_CARD_NAMES[c[j]] for j in range(H)])


#: Field order of an EquityResult's dict as its generated __init__ fills it.
cdef dict _RANGED_DICT = dict.fromkeys(
    ["equity", "wins", "ties", "deals", "stderr", "exact", "seed", "game", "hands", "high",
     "low", "categories", "winning_categories", "by_hand", "halves", "total_weight"])


cdef object _ranged(hr_equity_t *e, _FastGame fg, object hands, list ranged, uint64_t used):
    """equity_fast with ranges: ``e`` loaded with the exact hands (none for
    a ranged player), ``ranged`` each ranged player's (player, combos,
    weights) as _RANGE_OF gives them, ``used`` the known cards.  Each range
    loses the hands the deck lacks (a short deck) or that hold a known card,
    in order (the general path's in_deck and _without_codes), then its
    weights are scaled as EquityState scales them; the same plan, run and
    result as the general path, or None where it would raise."""
    cdef int H = fg.tables.g.hole, P = e.players, nr = len(ranged), i, j, p, k
    cdef Py_ssize_t m, c, live, total_m = 0, off
    cdef const uint8_t *src
    cdef const double *gw
    cdef uint8_t *combos
    cdef double *given
    cdef double *scaled
    cdef double *running
    cdef double most, tot
    cdef bint weighted = False, bad
    cdef EquityCounts cn
    for i in range(nr):
        total_m += len(<bytes>(<tuple>ranged[i])[2]) // 8
    buf = bytearray(total_m * (H + 24))        # the three weight arrays, then the combos
    cdef char *b = buf
    given = <double *>b
    scaled, running = given + total_m, given + 2 * total_m
    combos = <uint8_t *>(given + 3 * total_m)
    off = 0
    for i in range(nr):
        p = (<tuple>ranged[i])[0]
        src = <const uint8_t *><const char *><bytes>(<tuple>ranged[i])[1]
        gw = <const double *><const char *><bytes>(<tuple>ranged[i])[2]
        m = len(<bytes>(<tuple>ranged[i])[2]) // 8
        live = 0
        most = 0.0
        for c in range(m):
            bad = False
            for j in range(H):
                k = src[c * H + j]
                bad = bad or not (fg.deck_mask >> k) & 1 or (used >> k) & 1
            if bad:
                continue
            memcpy(&combos[(off + live) * H], &src[c * H], H)
            given[off + live] = gw[c]
            if gw[c] > most:
                most = gw[c]
            weighted = weighted or gw[c] != given[off]
            live += 1
        if live == 0:
            return None                  # no hand left: the general path raises
        e.range[p].combos = &combos[off * H]
        e.range[p].weight = &scaled[off]
        e.range[p].cum = &running[off]
        e.range[p].m = <int>live
        e.range[p].uniform = _scale_weights(&given[off], live, most, &scaled[off], &running[off])
        e.known[p] = H
        e.ranged[e.nranged] = p
        e.nranged += 1
        off += live
    hr_equity_plan(e)
    tot = hr_equity_total(e)
    if tot * P > _SMALL_EXACT:
        return None
    cn = _new_counts(e)
    if _run_small(e, cn, tot * P):
        raise MemoryError()
    if cn.c.deals == 0 or not cn.c.wdeals > 0.0:
        return None                      # the general path raises
    eq, wins, ties, se, per_half, cats, winning = _summary(
        P, cn.c.nhalves, cn.c.cnt, cn.c.wcnt, cn.c.cats, cn.c.deals, cn.c.wdeals, True,
        weighted, 1, NULL, NULL, cn.c.wcats)
    labels = []
    by_hand = [None] * P
    for p in range(P):
        labels.append(hands[p] if e.range[p].m else _hand_label(&e.hole[p * H], H))
    for i in range(e.nranged):
        p = e.ranged[i]
        share = {}
        for c in range(e.range[p].m):
            k = e.range_off[i] + <int>c
            if cn.c.hand_weight[k] > 0:
                share[_hand_label(&e.range[p].combos[c * H], H)] = \
                    cn.c.hand_share[k] / cn.c.hand_weight[k]
        by_hand[p] = share
    # the halves, high and low fields, as handrank.equities._equity._halves makes them
    cdef const double[:, ::1] ph = per_half
    cdef double col[23]
    halves = {}
    for j in range(len(fg.halves)):
        for p in range(P):
            col[p] = ph[p, j]
        halves[fg.halves[j]] = _copied(col, (P,), _F64)
    high = low = None
    if fg.classic:
        memset(col, 0, sizeof(col))
        zero = _copied(col, (P,), _F64)
        high, low = halves.get("high", zero), halves.get("low", zero)
    r = (<PyTypeObject *>_RESULT_TYPE).tp_new(_RESULT_TYPE, <PyObject *>_NO_ARGS, NULL)
    cdef dict d = _RANGED_DICT.copy()
    d["equity"], d["wins"], d["ties"], d["deals"], d["stderr"] = eq, wins, ties, \
        cn.c.deals, se
    d["exact"], d["game"], d["hands"] = True, fg.name, labels
    d["high"], d["low"], d["categories"] = high, low, cats
    d["winning_categories"], d["by_hand"], d["halves"] = winning, by_hand, halves
    d["total_weight"] = float(cn.c.wdeals) if weighted else None
    r.__dict__ = d         # not PyObject_GenericSetDict: CPython 3.13 keeps inline values
    return r


cdef int _run_small(const hr_equity_t *e, EquityCounts cn, double hands) except? -1:
    """Run every unit of a small planned question (at most SMALL_EXACT
    hands to value) on this thread, into ``cn``; a hold'em count by rank
    multiset borrows this thread's scratch table (_thread_scratch).  The
    hr_equity_exact code."""
    cdef int32_t *lent = NULL
    cdef int rc
    if e.holdem and e.board_known[0] < e.game.board:
        lent = _thread_scratch()
        cn.c.scratch = lent
    if hands < GIL_ROWS:              # a few microseconds: keep the GIL
        rc = hr_equity_exact(e, 0, e.units, &cn.c, 1)
    else:
        with nogil:
            rc = hr_equity_exact(e, 0, e.units, &cn.c, 1)
    if lent != NULL and cn.c.scratch == lent:
        cn.c.scratch = NULL           # given back: the counts free only their own
    return rc


cdef str _SCRATCH_KEY = "handrank._core.multiset_scratch"


cdef void _free_scratch(object capsule) noexcept:
    free(PyCapsule_GetPointer(capsule, NULL))


cdef int32_t *_thread_scratch() except? NULL:
    """This thread's table of hr_multiset_scratch_size() counts for
    hr_holdem_boards, which leaves it zero: made (zeroed) on the thread's
    first use and kept in its thread-state dict, so freed with the thread
    (one table per live thread; no other thread reads it, with or without
    a GIL); NULL when there is none (no thread dict, or no memory: the C
    code then makes its own)."""
    cdef PyObject *d = PyThreadState_GetDict()
    cdef void *buf
    if d == NULL:
        return NULL
    cap = (<dict><object>d).get(_SCRATCH_KEY)
    if cap is None:
        buf = calloc(hr_multiset_scratch_size(), sizeof(int32_t))
        if buf == NULL:
            return NULL
        cap = PyCapsule_New(buf, NULL, _free_scratch)
        (<dict><object>d)[_SCRATCH_KEY] = cap
    return <int32_t *>PyCapsule_GetPointer(cap, NULL)


def equity_result(EquityState st, object game, list labels, bint exact, object seed):
    """The EquityResult of the counts of ``st`` (a question without ranges),
    as both paths of handrank.equity return it: ``deals``, ``exact``,
    ``seed``, ``game`` (its name), ``hands`` (``labels``), ``by_hand`` and
    ``total_weight`` now; the arrays (``equity``, ``wins`` ..., read
    through handrank._core.PendingField) from ``st``'s counts when one is first read."""
    return _equity_result(st.cn, game, game.name, labels, exact, seed)


cdef object _equity_result(EquityCounts cn, object game, str name, list labels, bint exact,
                           object seed):
    r = (<PyTypeObject *>_RESULT_TYPE).tp_new(_RESULT_TYPE, <PyObject *>_NO_ARGS, NULL)
    cdef dict d = _RESULT_DICT.copy()          # its keys in order, without growing a new dict
    d["deals"] = cn.c.deals
    d["exact"] = exact
    d["seed"] = seed
    d["game"] = name
    d["hands"] = labels
    d["by_hand"] = [None] * cn.c.players
    d["_pending"] = (game, cn, exact)
    r.__dict__ = d         # not PyObject_GenericSetDict: CPython 3.13 keeps inline values
    return r


cdef object _fast_result(_FastGame fg, EquityCounts cn, list labels):
    """_equity_result of equity_fast's counts (exact, no seed), from the
    game's own copy of _RESULT_DICT (its name, exact, one deal in place:
    fewer items to set)."""
    r = (<PyTypeObject *>_RESULT_TYPE).tp_new(_RESULT_TYPE, <PyObject *>_NO_ARGS, NULL)
    cdef dict d = fg.result.copy()
    if cn.c.deals != 1:
        d["deals"] = cn.c.deals
    d["hands"] = labels
    d["by_hand"] = [None] * cn.c.players
    d["_pending"] = (fg.game, cn, True)
    r.__dict__ = d         # not PyObject_GenericSetDict: CPython 3.13 keeps inline values
    return r


cdef dict _RESULT_DICT = {"deals": 0, "exact": True, "seed": None, "game": "", "hands": None,
                          "by_hand": None, "total_weight": None, "_pending": None}


cdef class PendingField:
    """A field of an EquityResult made from the counts (kept in the result's
    ``_pending``) when first read (handrank.equities._equity sets one per field of
    ``_PART``): a non-data descriptor, so a value in the instance's dict
    (made, assigned, or given to ``__init__``) is read directly, with no
    call.  Compiled, so that reading ``r.equity`` costs one array, not a
    Python frame besides.  The upcall ``halves_of(game, per_half)`` makes
    the dict of the halves, high and low fields (part 4); ``names`` are
    every pending field: once all are in the dict, ``_pending`` is dropped."""
    cdef readonly str name
    cdef readonly int part
    cdef tuple names

    def __init__(self, str name, int part, tuple names):
        self.name, self.part, self.names = name, part, names

    def __get__(self, r, owner):
        if r is None:
            raise AttributeError(f"type object 'EquityResult' has no attribute {self.name!r}")
        cdef dict d = r.__dict__
        pending = d.get("_pending")
        if pending is None:
            raise AttributeError(f"'EquityResult' object has no attribute {self.name!r}")
        game, cn, exact = <tuple>pending
        if self.part == 4:
            for k, v in _HALVES_OF(game, (<EquityCounts?>cn).part(exact, 4)).items():
                d.setdefault(k, v)             # a value already set (assigned) stays
            value = d[self.name]
        else:
            value = d.setdefault(self.name, (<EquityCounts?>cn).part(exact, self.part))
        # every pending field made: drop the counts (the dict then holds the
        # names and "_pending" at least, more items than there are names)
        if len(d) > len(self.names):
            for k in self.names:
                if k not in d:
                    break
            else:
                d.pop("_pending", None)
        return value
