# _core_rules.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).
#
# rule sets: RuleTables (a rule set's lookup tables, built from its
# definition), the lazily built wild and Omaha tables, the cards that play

# The tables a rule set builds on first use (wild cards, Omaha) are built
# under this lock and looked at under it: with several threads (or no GIL,
# on a free-threaded CPython) each is built once and seen whole.  Everything
# else the loops read is built at import or when its object is made.
cdef cython.pymutex _build_lock


cdef int _build_wild(hr_rule_t *R) noexcept:
    cdef int ok
    with _build_lock:
        ok = hr_build_wild(R)
    return ok


cdef int _build_omaha(hr_rule_t *R) noexcept:
    cdef int ok
    with _build_lock:
        ok = hr_build_omaha(R)
    return ok


cdef inline const hr_deck_t *_deck_ptr(RuleTables tables, CompiledDeck deck) except NULL:
    if deck is None:
        raise ValueError("a compiled deck is required")
    if deck.d.ranks != tables.rule.deff.ranks:
        raise ValueError("the deck was compiled for another rule set's deck")
    if deck.d.active and not _build_wild(&tables.rule):
        raise ValueError("wild cards are not supported under this rule set")
    return &deck.d


KINDS = {"poker": 0, "badugi": 1}
BUGS = {"ace": 0, "wild": 1}


cdef int _rule_definition(spec, hr_ruledef_t *d) except -1:
    """Fill ``d`` from a rule set's fields (see RuleTables): they are read
    here and nowhere else."""
    cdef int c
    memset(d, 0, sizeof(d[0]))
    d.kind = KINDS[spec.kind]
    d.ranks = int(spec.deck.rank_bits)
    d.n = int(spec.cards)
    d.ace = ACE_MODES[spec.ace]
    d.straights = bool(spec.straights)
    d.flushes = bool(spec.flushes)
    d.low = bool(spec.low)
    d.qualifier = int(spec.qualifier) - 2 if spec.qualifier else -1
    d.five_kind = bool(spec.five_kind)
    d.bug = BUGS[spec.bug]
    d.partial = bool(getattr(spec, "partial", False))
    for c in range(11):
        d.order[c] = -1
    for c, cat in enumerate(spec.order):
        d.order[int(cat)] = c
    return 0


def hand_sizes(spec):
    """(kmin, kmax): how many cards a hand may hold under the rule set
    ``spec``, read off its definition without building its tables."""
    cdef hr_ruledef_t d
    cdef int kmin, kmax
    _rule_definition(spec, &d)
    hr_hand_sizes(&d, &kmin, &kmax)
    return kmin, kmax


cdef class RuleTables:
    """The lookup tables of one rule set, built once from its definition.

    ``spec`` is a :class:`handrank.rules._rules.RuleSet` (any object with its
    fields): ``kind``, ``deck.rank_bits``, ``cards``, ``ace``, ``straights``,
    ``flushes``, ``low``, ``qualifier``, ``five_kind``, ``bug``, ``order``
    (the categories that exist, worst first) and ``partial``.  Every field is read here and
    nowhere else.
    """
    cdef hr_rule_t rule
    cdef bint built
    cdef readonly str name
    cdef readonly object spec
    cdef object __weakref__      # handrank.rules._rules interns compiled sets weakly

    def __cinit__(self, spec):
        cdef hr_ruledef_t d
        self.name = str(spec.name)
        self.spec = spec
        _rule_definition(spec, &d)
        _need_hashes()
        global _table_builds
        _table_builds += 1
        self.built = hr_build_rule(&self.rule, &d)
        if not self.built:
            raise ValueError(f"rule set {self.name!r}: its definition is inconsistent "
                             f"(see hr_build_rule) or memory ran out")

    def __dealloc__(self):
        if self.built:
            hr_free_rule(&self.rule)

    def __reduce__(self):
        # built again from the rule set where it is unpickled (a registered
        # rule set pickles by name, a custom one by its fields)
        return RuleTables, (self.spec,)

    @property
    def nclasses(self):
        """Number of distinct strengths (five of a kind included)."""
        return self.rule.nclasses

    @property
    def kmin(self):
        """Fewest cards an evaluated hand may hold."""
        return self.rule.kmin

    @property
    def kmax(self):
        """Most cards an evaluated hand may hold."""
        return self.rule.kmax

    @property
    def qualifier_strength(self):
        """Lowest qualifying strength, or None when every hand qualifies."""
        return None if self.rule.qual == -32768 else int(self.rule.qual)

    def class_info(self):
        """(categories, ranks): int8 (n,) and uint8 (n, 5) arrays by strength.

        ``ranks[s]`` lists the real ranks (0..12 = 2..A) of class ``s`` in
        order of significance (pairs before kickers, the wheel as 5-4-3-2-A);
        255 where the hand has fewer cards (three-card and badugi hands).
        """
        n = self.rule.nclasses
        cats = np.asarray(<int8_t[:n]> self.rule.cat).copy()
        ranks = np.asarray(<uint8_t[:n * 5]> self.rule.ranks).reshape(n, 5).copy()
        if self.rule.deff.n < 5:
            ranks[:, self.rule.deff.n:] = 255
        return cats, ranks

    def eval_one(self, object hand, CompiledDeck deck):
        """Strength of one hand given as plain text or a list/tuple of codes, or
        None when the general path must handle it (and explain any error)."""
        return self._one(hand, _deck_ptr(self, deck))

    cdef object _one(self, object hand, const hr_deck_t *w):
        cdef int16_t out
        if not self._one_c(hand, w, &out):
            return None
        return out

    cdef bint _one_c(self, object hand, const hr_deck_t *w, int16_t *out) except -1:
        """_one's work: whether the hand was valued (its strength in *out)."""
        cdef uint8_t buf[MAX_FAST]
        cdef int k
        if type(hand) is str:
            k = _parse_either(hand, buf, MAX_FAST)
        elif type(hand) is list or type(hand) is tuple:
            k = _codes_plain(hand, buf, MAX_FAST)
        elif type(hand) is _NDARRAY and hand.ndim == 1 and hand.dtype.kind in "iu":
            k = _codes_plain(hand.tolist(), buf, MAX_FAST)
        else:
            return False
        if k < self.rule.kmin or k > self.rule.kmax:
            return False
        return hr_eval_codes(&self.rule, w, buf, 1, k, out, 1) < 0

    cdef object _array(self, object hands, const hr_deck_t *w, Py_ssize_t max_rows,
                       object strength):
        """evaluate_fast's arrays: a C-contiguous uint8 array of codes, (k,) for
        one hand (its value as ``strength(v)``) or (n, k) with 1 <= n <=
        max_rows (an int16 array), on the calling thread; None for any other
        array, or when a row is bad (the general path explains)."""
        cdef Py_buffer view
        cdef Py_buffer res_view
        cdef Py_ssize_t n, k
        cdef int64_t bad
        cdef int16_t one
        try:
            PyObject_GetBuffer(hands, &view, PyBUF_FORMAT | PyBUF_STRIDES)
        except (BufferError, ValueError, TypeError):
            return None
        try:
            if view.format == NULL or view.format[0] != b'B' or view.format[1] != 0:
                return None
            if view.ndim == 2:
                n = view.shape[0]
                k = view.shape[1]
                if view.strides[1] != 1 or (view.strides[0] != k and n > 1):
                    return None
            elif view.ndim == 1:
                n = 1
                k = view.shape[0]
                if view.strides[0] != 1 and k > 1:
                    return None
            else:
                return None
            if n < 1 or n > max_rows or k < self.rule.kmin or k > self.rule.kmax:
                return None
            if view.ndim == 1:
                bad = hr_eval_codes(&self.rule, w, <const uint8_t *>view.buf, 1, <int>k, &one, 1)
                return None if bad >= 0 else _tagged(strength, one)
            res = _EMPTY(n, _INT16)
            PyObject_GetBuffer(res, &res_view, PyBUF_WRITABLE)
            try:
                if n < GIL_ROWS:      # shorter than releasing and taking the GIL back
                    bad = hr_eval_codes(&self.rule, w, <const uint8_t *>view.buf, n, <int>k,
                                        <int16_t *>res_view.buf, 1)
                else:
                    with nogil:
                        bad = hr_eval_codes(&self.rule, w, <const uint8_t *>view.buf, n,
                                            <int>k, <int16_t *>res_view.buf, 1)
            finally:
                PyBuffer_Release(&res_view)
            return None if bad >= 0 else res
        finally:
            PyBuffer_Release(&view)

    def eval_mask_one(self, object mask, CompiledDeck deck):
        """Strength of one int mask, or None when the general path must explain."""
        cdef const hr_deck_t *w = _deck_ptr(self, deck)
        cdef uint64_t m
        cdef int16_t out
        if type(mask) is not int or mask < 0 or mask >= 2 ** 64:
            return None
        m = mask
        if hr_eval_masks(&self.rule, w, &m, 1, &out, 1) >= 0:
            return None
        return out

    def eval_codes(self, const uint8_t[:, ::1] cards, int16_t[::1] out, int threads,
                   CompiledDeck deck):
        """Evaluate C-contiguous uint8 rows into ``out``; return the first bad row or -1."""
        cdef int64_t n = cards.shape[0], bad
        cdef int k = cards.shape[1]
        cdef const hr_deck_t *w = _deck_ptr(self, deck)
        if n == 0:
            return -1
        if out.shape[0] < n or k < self.rule.kmin or k > self.rule.kmax:
            raise ValueError(f"{n} rows of {k} cards: out too short, or k outside "
                             f"{self.rule.kmin}..{self.rule.kmax}")
        with nogil:
            bad = hr_eval_codes(&self.rule, w, &cards[0, 0], n, k, &out[0], threads)
        return bad

    def holdem_headsup(self, const uint8_t[:, ::1] matchups, int64_t[:, ::1] out, int threads):
        """Boards won by a, won by b and tied, for each (a0, a1, b0, b1) row, over
        all 1,712,304 boards (high rules, valid distinct cards assumed)."""
        cdef int64_t m = matchups.shape[0]
        if m == 0:
            return
        arr = np.asarray(matchups)
        if (matchups.shape[1] != 4 or out.shape[0] != m or out.shape[1] != 3 or m >= 2**31
                or arr.max() >= 52 or (np.sort(arr, axis=1)[:, 1:] == np.sort(arr, axis=1)[:, :-1]).any()
                or self.rule.flush_mode != 0 or self.rule.qual != -32768
                or self.rule.deff.ranks != 8191 or self.rule.deff.n != 5 or self.rule.deff.kind != 0):
            raise ValueError("holdem_headsup takes (m, 4) distinct card codes, (m, 3) counts "
                             "and the high rule set")
        with nogil:
            hr_holdem_hu_batch(&self.rule, &matchups[0, 0], m, &out[0, 0], threads)

    def threeway(self, const int32_t[:, ::1] cls, int64_t[:, ::1] out, int threads):
        """Three-way preflop class triples (include/handrank/tables/hr_threeway.h):
        each row of ``cls`` is (hi, lo, kind) for three seats (ranks 0..12,
        hi >= lo, kind 0 a pair, 1 suited, 2 offsuit); seat 0 holds the class's
        representative hand, seats 1 and 2 every hand of theirs that shares no
        card.  ``out`` (t, 8): the matchups, then the boards (over all of them)
        split by each set of seats (bit p: seat p).  High rule set only."""
        cdef int64_t t = cls.shape[0], bad
        if t == 0:
            return
        arr = np.asarray(cls)
        if (cls.shape[1] != 9 or out.shape[0] != t or out.shape[1] != 8
                or arr.min() < 0 or arr[:, 0::3].max() > 12 or arr[:, 2::3].max() > 2
                or (arr[:, 0::3] < arr[:, 1::3]).any()
                or ((arr[:, 0::3] == arr[:, 1::3]) != (arr[:, 2::3] == 0)).any()
                or self.rule.flush_mode != 0 or self.rule.qual != -32768
                or self.rule.deff.ranks != 8191 or self.rule.deff.n != 5 or self.rule.deff.kind != 0):
            raise ValueError("threeway takes (t, 9) class rows (hi >= lo, kind 0 for pairs "
                             "only), (t, 8) counts and the high rule set")
        with nogil:
            bad = hr_threeway_batch(&self.rule, &cls[0, 0], t, &out[0, 0], threads)
        if bad >= 0:
            raise MemoryError("threeway: no memory for the scratch tables")

    def potential(self, bytes hole, bytes board, bint runs):
        """Hand strength and potential counts of one hold'em hand (2 codes)
        on a board of 3..5 codes, all distinct cards of the 52, against every
        opponent hand of the cards left (include/handrank/analysis/hr_strength.h,
        high rules): ``(now, hp, run2, runn)`` -- ``now`` a tuple of 3 ints:
        opponent hands we are behind, tied with and ahead of; with ``runs``
        (a board of 3 or 4), ``hp`` (3, 3) int64 over every (opponent hand,
        completion of the board) pair by standing now and on the completed
        board, and per completion (in the order of
        itertools.combinations(cards left, 5 - board)) ``run2`` = 2 ahead +
        tied and ``runn`` = opponent hands, int32; else None for the
        three."""
        cdef const unsigned char *h = hole
        cdef const unsigned char *b = board
        cdef int nb = len(board), n, i
        cdef uint64_t seen = 0
        cdef int64_t[::1] hp_v
        cdef int32_t[::1] r2_v
        cdef int32_t[::1] rn_v
        cdef int64_t *hp_p = NULL
        cdef int32_t *r2_p = NULL
        cdef int32_t *rn_p = NULL
        if len(hole) != 2 or not 3 <= nb <= 5:
            raise ValueError("potential takes 2 hole codes and a board of 3..5 codes")
        for i in range(2 + nb):
            n = h[i] if i < 2 else b[i - 2]
            if n >= 52 or seen >> n & 1:
                raise ValueError("potential takes distinct card codes of the 52-card deck")
            seen |= (<uint64_t>1) << n
        if (self.rule.flush_mode != 0 or self.rule.qual != -32768 or self.rule.deff.ranks != 8191
                or self.rule.deff.n != 5 or self.rule.deff.kind != 0 or self.rule.kmax < 7):
            raise ValueError("potential takes the high rule set")
        cdef int64_t now[3]
        hp = run2 = runn = None
        runs = runs and nb < 5
        if runs:
            n = 50 - nb                    # the cards left
            n = n * (n - 1) // 2 if nb == 3 else n
            hp = np.zeros((3, 3), dtype=np.int64)
            run2 = np.empty(n, dtype=np.int32)
            runn = np.empty(n, dtype=np.int32)
            hp_v = hp.reshape(-1)
            r2_v = run2
            rn_v = runn
            hp_p = &hp_v[0]
            r2_p = &r2_v[0]
            rn_p = &rn_v[0]
        with nogil:
            hr_hand_potential(&self.rule, h, b, nb, now, hp_p, r2_p, rn_p)
        return (now[0], now[1], now[2]), hp, run2, runn

    def strength_fast(self, object hole, object board, object opponents, object exact):
        """handrank.hand_strength's common case in one call, or None for the
        general path.  Precondition, checked here: ``hole`` and ``board``
        plain card text or lists/tuples of int codes, 2 hole cards and 3..5
        board cards, all distinct cards of the 52; ``opponents`` an int
        1..22; ``exact`` False; the high rule set (the caller's tables).
        Anything else -- every error included -- returns None, and the
        general path checks and explains it."""
        cdef uint8_t h[8]
        cdef uint8_t b[8]
        cdef int nh, nb, i, n
        cdef uint64_t seen = 0
        cdef int64_t now[3]
        if exact is not False or type(opponents) is not int or not 1 <= opponents <= 22:
            return None
        nh = _parse_either(hole, h, 8) if type(hole) is str else \
            _codes_plain(hole, h, 8) if type(hole) is list or type(hole) is tuple else -1
        nb = _parse_either(board, b, 8) if type(board) is str else \
            _codes_plain(board, b, 8) if type(board) is list or type(board) is tuple else -1
        if nh != 2 or not 3 <= nb <= 5:
            return None
        for i in range(2 + nb):
            n = h[i] if i < 2 else b[i - 2]
            if n >= 52 or seen >> n & 1:
                return None
            seen |= (<uint64_t>1) << n
        if (self.rule.flush_mode != 0 or self.rule.qual != -32768 or self.rule.deff.ranks != 8191
                or self.rule.deff.n != 5 or self.rule.deff.kind != 0 or self.rule.kmax < 7):
            return None
        with nogil:
            hr_hand_potential(&self.rule, h, b, nb, now, NULL, NULL, NULL)
        return ((now[2] + 0.5 * now[1]) / (now[0] + now[1] + now[2])) ** (<long>opponents)

    def eval_masks(self, const uint64_t[::1] masks, int16_t[::1] out, int threads,
                   CompiledDeck deck):
        """Evaluate uint64 hand masks into ``out``; return the first bad row or -1."""
        cdef int64_t n = masks.shape[0], bad
        cdef const hr_deck_t *w = _deck_ptr(self, deck)
        if n == 0:
            return -1
        if out.shape[0] < n:
            raise ValueError("out is too short")
        with nogil:
            bad = hr_eval_masks(&self.rule, w, &masks[0], n, &out[0], threads)
        return bad


def best_five_codes(RuleTables tables, const uint8_t[:, ::1] cards, uint8_t[:, ::1] best,
                    int16_t[::1] strengths, int threads, CompiledDeck deck):
    """The cards that play of each row of ``cards`` (n, k) into ``best`` (n,
    min(k, cards of the rule set)), in reading order, and the rows'
    strengths into ``strengths``; return the first bad row or -1
    (hr_best.h).  A poker rule set only."""
    cdef int64_t n = cards.shape[0], bad
    cdef int k = cards.shape[1]
    cdef int play = k if k < tables.rule.deff.n else tables.rule.deff.n
    cdef const hr_deck_t *w = _deck_ptr(tables, deck)
    if n == 0:
        return -1
    if tables.rule.deff.kind != 0 or k < tables.rule.kmin or k > tables.rule.kmax or \
            best.shape[0] < n or best.shape[1] != play or strengths.shape[0] < n:
        raise ValueError(f"{n} rows of {k} cards: not a poker rule set, k outside "
                         f"{tables.rule.kmin}..{tables.rule.kmax}, or outputs of the wrong "
                         f"shape")
    if n < GIL_ROWS // 8:
        return hr_best_five(&tables.rule, w, &cards[0, 0], n, k, &best[0, 0], &strengths[0],
                            threads)
    with nogil:
        bad = hr_best_five(&tables.rule, w, &cards[0, 0], n, k, &best[0, 0], &strengths[0],
                           threads)
    return bad



def best_five_one(RuleTables tables, object hand, CompiledDeck deck):
    """The cards that play of one hand of plain text or a list or tuple of
    codes, as a tuple of ints in reading order (hr_best.h); None when the
    general path must handle it (and explain any error)."""
    cdef uint8_t buf[MAX_FAST]
    cdef uint8_t best[5]
    cdef int16_t strength
    cdef int k, i, play
    cdef const hr_deck_t *w = _deck_ptr(tables, deck)
    if type(hand) is str:
        k = _parse_either(hand, buf, MAX_FAST)
    elif type(hand) is list or type(hand) is tuple:
        k = _codes_plain(hand, buf, MAX_FAST)
    else:
        return None
    if tables.rule.deff.kind != 0 or k < tables.rule.kmin or k > tables.rule.kmax:
        return None
    if hr_best_five(&tables.rule, w, buf, 1, k, best, &strength, 1) >= 0:
        return None
    play = k if k < tables.rule.deff.n else tables.rule.deff.n
    return tuple([best[i] for i in range(play)])
