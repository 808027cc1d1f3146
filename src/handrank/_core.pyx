# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
# cython: cdivision=True, embedsignature=True
# cython: freethreading_compatible=True
"""The compiled core: table building and the batch loops.

The C declarations are in _core.pxd (one block per header of
include/handrank); this file is the code.  Everything here trusts its
caller (``handrank._api``) for argument checking, except that the C loops
themselves validate every card: an out-of-range code, a joker or a repeated
card makes a loop report the row instead of reading a table with it.
"""
cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset
from libc.math cimport sqrt
from cpython.buffer cimport (PyObject_GetBuffer, PyBuffer_Release, PyBUF_C_CONTIGUOUS,
                             PyBUF_FORMAT, PyBUF_STRIDES, PyBUF_WRITABLE)

import numpy as np

if not hr_init():
    raise MemoryError("handrank: could not build the rank hash tables")
hr_init_binom()

#: Number of threads OpenMP would use by default (1 without OpenMP).
MAX_THREADS = hr_max_threads()
#: Whether the extension was compiled with OpenMP.
HAS_OPENMP = bool(hr_has_openmp())
#: The batch loops, slowest first: the portable scalar loop, scalar with
#: POPCNT, and SIMD across hands with AVX2 or AVX-512 (hand codes, k = 5..7,
#: no wild cards; every other shape runs the POPCNT loop).
ISA_NAMES = ("portable", "popcnt", "avx2", "avx512")
#: The best of them this CPU runs (picked at import, like POPCNT).
BEST_ISA = ISA_NAMES[hr_isa_best]


def isa():
    """The batch loop in use: one of ISA_NAMES (the one state every report
    reads: build_info() and ``handrank --version`` too)."""
    return ISA_NAMES[hr_isa]


def uses_popcnt():
    """Whether the scalar loops count bits with the POPCNT instruction now
    (false under isa() == "portable")."""
    return bool(hr_use_popcnt)


def _isa_from_environment():
    """HANDRANK_ISA=portable|popcnt|avx2|avx512 caps the loops at import (to
    compare them, or to rule one out); unknown names are ignored."""
    import os
    name = os.environ.get("HANDRANK_ISA", "").strip().lower()
    if name in ISA_NAMES:
        hr_set_isa(ISA_NAMES.index(name))


def set_isa(name):
    """Use the batch loop ``name`` (one of ISA_NAMES; capped at BEST_ISA) for
    every later call in this process; returns the name of the one used before.
    For tests and benchmarks: results never depend on it."""
    if name not in ISA_NAMES:
        raise ValueError(f"isa must be one of {ISA_NAMES}; got {name!r}")
    before = ISA_NAMES[hr_isa]
    hr_set_isa(ISA_NAMES.index(name))
    return before


_isa_from_environment()
#: Whether this build has AddressSanitizer and UBSan compiled in (HANDRANK_SANITIZE=1).
SANITIZED = bool(HR_SANITIZED)
#: The compiler that built this module, as it names itself ("gcc 12.2.0").
BUILD_COMPILER = HR_BUILD_COMPILER.decode("ascii", "replace").strip()
#: Why OpenMP is or is not used: 0 used, 1 disabled by HANDRANK_NO_OPENMP,
#: 2 the compiler could not build OpenMP programs, 3 not built by setup.py.
OPENMP_STATUS = HR_BUILD_OPENMP
#: The _OPENMP date macro of the OpenMP version compiled against (0: none).
OPENMP_VERSION = HR_OPENMP_VERSION
#: How the loops count bits: 1 runtime choice of a POPCNT loop (gcc/clang on
#: x86), 2 always the POPCNT instruction (MSVC x64), 0 the portable loop.
POPCNT_DISPATCH = HR_POPCNT_DISPATCH
#: The most threads any loop starts.
MAX_TEAM = HR_MAX_TEAM
#: The rank multipliers of the rank keys (for tests).
RANK_MULTIPLIERS = tuple(int(hr_rank_mult[i]) for i in range(13))

ACE_MODES = {"high": 0, "high-only": 1, "low": 2}
CATEGORIES = 11

DEF MAX_FAST = 16

#: Batches of fewer rows than this (about a microsecond of work) keep the GIL:
#: releasing it and taking it back would cost more than the loop.
GIL_ROWS = 512
cdef object _EMPTY = np.empty
cdef object _INT16 = np.dtype(np.int16)


cdef inline int _rank_of(Py_UCS4 ch) noexcept:
    if ch >= u'2' and ch <= u'9':
        return <int>ch - 50    # ord('2')
    if ch == u'T' or ch == u't':
        return 8
    if ch == u'J' or ch == u'j':
        return 9
    if ch == u'Q' or ch == u'q':
        return 10
    if ch == u'K' or ch == u'k':
        return 11
    if ch == u'A' or ch == u'a':
        return 12
    return -1


cdef inline int _suit_of(Py_UCS4 ch) noexcept:
    if ch == u'c' or ch == u'C':
        return 0
    if ch == u'd' or ch == u'D':
        return 1
    if ch == u'h' or ch == u'H':
        return 2
    if ch == u's' or ch == u'S':
        return 3
    return -1


cdef int _parse_plain(str text, uint8_t *buf, int cap) except -2:
    """Codes of plain card text ("As Kd 10h", "AsKd") into buf; the count, or -1
    when the text needs the full parser (jokers, suit symbols, mistakes)."""
    cdef Py_ssize_t i = 0, n = len(text)
    cdef int k = 0, r, s, jokers = 0
    cdef Py_UCS4 ch, nx
    while i < n:
        ch = text[i]
        if ch == u' ' or ch == u',' or ch == u'\t':
            i += 1
            continue
        nx = text[i + 1] if i + 1 < n else u' '
        if ((ch == u'J' or ch == u'j') and (nx == u'k' or nx == u'K')) or \
                ((ch == u'X' or ch == u'x') and (nx == u'x' or nx == u'X')):
            if jokers == 2 or k >= cap:
                return -1
            buf[k] = <uint8_t>(52 + jokers)
            jokers += 1
            k += 1
            i += 2
            if (ch == u'J' or ch == u'j') and i < n and (text[i] == u'r' or text[i] == u'R'):
                i += 1
            continue
        if ch == u'1' and nx == u'0':
            r = 8
            i += 2
        else:
            r = _rank_of(ch)
            i += 1
        if r < 0 or i >= n or k >= cap:
            return -1
        s = _suit_of(text[i])
        if s < 0:
            return -1
        buf[k] = <uint8_t>(4 * r + s)
        k += 1
        i += 1
    return k


cdef int _codes_plain(object hand, uint8_t *buf, int cap) except -2:
    """Codes of a list or tuple of ints 0..53 into buf; the count, or -1."""
    cdef int k = 0
    cdef object x
    for x in hand:
        if type(x) is not int or k >= cap or not (0 <= x < 54):
            return -1
        buf[k] = <uint8_t>(<long>x)
        k += 1
    return k


def parse_list(str text):
    """Codes of one plain card text as a list of ints, or None when the text
    needs the full parser (jokers are read; mistakes, suit symbols and other
    separators go to handrank._cards.parse_codes, which explains them)."""
    cdef uint8_t buf[64]
    cdef int k = _parse_plain(text, buf, 64), i
    if k < 0:
        return None
    return [buf[i] for i in range(k)]


def deck_without(bytes codes, list groups):
    """The codes of ``codes`` (a deck, each code < 64) not in any list of
    ``groups`` (lists of ints), in order; None when a card of the groups is
    not in the deck or appears twice (the caller names it)."""
    cdef const unsigned char *c = codes
    cdef uint64_t deck = 0, seen = 0, bit
    cdef Py_ssize_t i
    cdef object g, x
    for i in range(len(codes)):
        deck |= (<uint64_t>1) << c[i]
    for g in groups:
        for x in <list>g:
            if not 0 <= x < 64:
                return None
            bit = (<uint64_t>1) << <int>x
            if seen & bit or not deck & bit:
                return None
            seen |= bit
    return [c[i] for i in range(len(codes)) if not (seen >> c[i]) & 1]


def parse_plain(list texts):
    """(N, k) uint8 codes of a list of plain card texts of equal length, or None
    when any needs the full parser (which then explains the problem)."""
    cdef Py_ssize_t n = len(texts), i
    cdef uint8_t buf[MAX_FAST]
    cdef int k, m, j
    cdef uint8_t[:, ::1] view
    if n == 0 or type(texts[0]) is not str:
        return None
    k = _parse_plain(texts[0], buf, MAX_FAST)
    if k < 0:
        return None
    out = np.empty((n, k), dtype=np.uint8)
    view = out
    for i in range(n):
        t = texts[i]
        if type(t) is not str:
            return None
        m = _parse_plain(t, buf, MAX_FAST)
        if m != k:
            return None
        for j in range(k):
            view[i, j] = buf[j]
    return out


cdef class CompiledDeck:
    """A deck compiled for the loops, once per (deck, wild setting): which
    cards exist (``ranks``: bit r for each rank of the deck, in four suits),
    which are wild (``wild_cards``: bit c for each designated wild code c <
    52), whether jokers are legal (and wild) and whether they are bugs."""
    cdef hr_deck_t d
    cdef readonly tuple definition

    def __cinit__(self, int ranks, uint64_t wild_cards, bint jokers, bint bug):
        if not 0 < ranks < 8192:
            raise ValueError(f"deck ranks must be a nonzero 13-bit mask; got {ranks}")
        hr_init_deck(&self.d, ranks, wild_cards, jokers, bug)
        self.definition = (ranks, int(wild_cards), bool(jokers), bool(bug))

    def __reduce__(self):
        # compiled again from its definition where it is unpickled (another
        # process: a Dask worker, a multiprocessing child)
        return CompiledDeck, self.definition

    @property
    def wild_bits(self):
        """Mask bits of every wild card, jokers included."""
        return int(self.d.wild_bits)

    @property
    def valid_bits(self):
        """Mask bits of every card a hand may hold."""
        return int(self.d.valid_bits)

    @property
    def has_wild(self):
        """Whether any card is wild."""
        return bool(self.d.active)


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

    ``spec`` is a :class:`handrank._rules.RuleSet` (any object with its
    fields): ``kind``, ``deck.rank_bits``, ``cards``, ``ace``, ``straights``,
    ``flushes``, ``low``, ``qualifier``, ``five_kind``, ``bug``, ``order``
    (the categories that exist, worst first) and ``partial``.  Every field is read here and
    nowhere else.
    """
    cdef hr_rule_t rule
    cdef bint built
    cdef readonly str name
    cdef readonly object spec

    def __cinit__(self, spec):
        cdef hr_ruledef_t d
        self.name = str(spec.name)
        self.spec = spec
        _rule_definition(spec, &d)
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
        cdef uint8_t buf[MAX_FAST]
        cdef int16_t out
        cdef int k
        if type(hand) is str:
            k = _parse_plain(hand, buf, MAX_FAST)
        elif type(hand) is list or type(hand) is tuple:
            k = _codes_plain(hand, buf, MAX_FAST)
        elif type(hand) is np.ndarray and hand.ndim == 1 and hand.dtype.kind in "iu":
            k = _codes_plain(hand.tolist(), buf, MAX_FAST)
        else:
            return None
        if k < self.rule.kmin or k > self.rule.kmax:
            return None
        if hr_eval_codes(&self.rule, w, buf, 1, k, &out, 1) >= 0:
            return None
        return out

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
                return None if bad >= 0 else strength(one)
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

    def potential(self, bytes hole, bytes board, bint runs):
        """Hand strength and potential counts of one hold'em hand (2 codes)
        on a board of 3..5 codes, all distinct cards of the 52, against every
        opponent hand of the cards left (include/handrank/hr_strength.h,
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
        k = _parse_plain(hand, buf, MAX_FAST)
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

cdef class GameTables:
    """A compiled game: cards per player and on the board, its halves -- a
    list of ``(rule tables, select, qualifier)``, ``select`` 0 for the best
    hand of hole + board and 1 for two hole + three board cards, the
    qualifier the lowest strength that wins the half (or None) -- and the
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
        for h, (t, select, qual) in enumerate(halves):
            self.g.half[h].R = &t.rule
            self.g.half[h].select = select
            self.g.half[h].qual = HR_NO_QUAL if qual is None else qual
            self.g.wild = _deck_ptr(t, deck)
        if not hr_game_init(&self.g):
            raise ValueError(f"game sizes out of range: hole {hole}, board {board}, "
                             f"boards {boards}, halves {halves}")
        if not plain and not deck.d.active:
            # the Omaha rank tables of each Omaha half, built once per rule
            # set (hr_game_init has checked they are five-card poker rule sets)
            for h, (t, select, qual) in enumerate(halves):
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

    def omaha(self, const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
              int16_t[::1] out, int threads):
        """Omaha strengths (the first half's rule tables) of n hands; first bad row or -1."""
        cdef int64_t n = holes.shape[0], bad
        if n == 0:
            return -1
        with nogil:
            bad = hr_eval_omaha(&self.g, &holes[0, 0], &boards[0, 0], n, &out[0], threads)
        return bad


#: Deals per Monte Carlo chunk: the unit a run's random streams are seeded by.
EQUITY_CHUNK = HR_EQ_CHUNK


cdef bytes _as_code_bytes(object codes):
    """Card codes (bytes, or anything numpy reads as integers 0..255) as bytes."""
    if type(codes) is bytes:
        return <bytes>codes
    return np.ascontiguousarray(codes, dtype=np.uint8).tobytes()


cdef object _I64 = np.dtype(np.int64)
cdef object _F64 = np.dtype(np.float64)


cdef object _copied(const void *src, tuple shape, object dtype):
    """A new array of `shape` and `dtype` (8-byte items) holding a copy of src."""
    out = _EMPTY(shape, dtype)
    cdef Py_buffer view
    PyObject_GetBuffer(out, &view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
    try:
        memcpy(view.buf, src, <size_t>view.len)
    finally:
        PyBuffer_Release(&view)
    return out


cdef class EquityState:
    """One equity question, compiled: the game, each player's known hole cards
    (the rest are dealt) or range, the known board cards, and the deck left to
    deal from.  ``run_exact`` and ``run_mc`` accumulate integer counts over a
    range of work units or Monte Carlo chunks, so ranges can run anywhere and
    merge.  ``ranges[p]`` is None or ``(combos (m, hole) uint8, weights (m,)
    float64)`` with positive weights."""
    cdef hr_equity_t e
    cdef readonly GameTables game
    cdef hr_eqcount_t counts
    cdef bint counts_ready
    cdef list keep

    def __cinit__(self, GameTables game, list holes, board, deck, list ranges=None,
                  board2=b""):
        cdef int p, j, P = len(holes), H = game.g.hole
        cdef const uint8_t[:, ::1] combos
        cdef const double[::1] weights, cum
        cdef bytes bb = _as_code_bytes(board), db = _as_code_bytes(deck)
        cdef bytes bb2 = _as_code_bytes(board2)
        cdef const unsigned char *bp = bb
        cdef const unsigned char *bp2 = bb2
        cdef const unsigned char *dp = db
        cdef Py_ssize_t nb = len(bb), nd = len(db), nb2 = len(bb2)
        cdef list known
        cdef object x
        if not 1 <= P <= 23:
            raise ValueError("1..23 players")
        if nb > game.g.board or nd > 54 or (nb2 > game.g.board if game.g.boards == 2 else nb2):
            raise ValueError("too many board or deck cards")
        # the object's memory comes zeroed (tp_alloc), so self.e starts all 0
        self.game = game
        self.e.game = game.g
        self.e.players = P
        for p in range(P):
            known = list(holes[p])
            if len(known) > H:
                raise ValueError(f"player {p} holds more than {H} cards")
            self.e.known[p] = <int>len(known)
            j = 0
            for x in known:
                self.e.hole[p * H + j] = x
                j += 1
        self.e.board_known[0] = <int>nb
        for j in range(nb):
            self.e.board[j] = bp[j]
        self.e.board_known[1] = <int>nb2
        for j in range(nb2):
            self.e.board[game.g.board + j] = bp2[j]
        self.e.ndeck = <int>nd
        for j in range(54):
            self.e.deck_index[j] = -1
        for j in range(nd):
            if dp[j] >= 54 or self.e.deck_index[dp[j]] >= 0:
                raise ValueError("the deck holds a bad or repeated card")
            self.e.deck[j] = dp[j]
            self.e.deck_index[dp[j]] = j
        cdef const double[::1] given
        cdef double[::1] scaled
        cdef double[::1] running
        cdef const uint8_t[::1] flat
        cdef Py_ssize_t m, i
        cdef double most, total
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
            # each range's weights scaled to a maximum of 1, and their running
            # sums (as w / w.max() and np.cumsum would give them)
            w = np.empty(m, dtype=np.float64)
            cw = np.empty(m, dtype=np.float64)
            scaled, running = w, cw
            total = 0.0
            uniform = True
            for i in range(m):
                scaled[i] = given[i] / most
                total = total + scaled[i]
                running[i] = total
                uniform = uniform and scaled[i] == scaled[0]
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
        hr_equity_plan(&self.e)
        if hr_eqcount_init(&self.counts, P, game.g.nhalves, self.e.nranged > 0, self.e.ncombos):
            raise MemoryError()
        self.counts_ready = True

    def __dealloc__(self):
        if self.counts_ready:
            hr_eqcount_free(&self.counts)

    @property
    def units(self):
        """Units of work of the exact enumeration."""
        return self.e.units

    def replan(self, int64_t min_units):
        """Plan the exact enumeration again with at least ``min_units``
        units where the missing cards allow (for progress reports between
        units); only before any work is counted."""
        if self.counts.deals or min_units < 0:
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
        multiset (include/handrank/hr_holdem.h): two hole cards, a five-card
        board, one high half, no wild card, at most 8 players; every unit
        then fixes the missing hole cards and counts all its boards at once."""
        return bool(self.e.holdem)

    @property
    def symmetries(self):
        """Suit permutations besides the identity that map every hand, the
        known board and the deck onto themselves (0 with ranges, unknown
        hole cards or wild cards; a ranged question finds its own per range
        hand)."""
        return self.e.sym.n

    @property
    def total(self):
        """Deals of the exact enumeration (float: may be astronomical; with
        ranges an upper bound)."""
        return hr_equity_total(&self.e)

    def reset(self):
        cdef int P = self.e.players, nc = self.counts.ncombos
        cdef size_t n = hr_cnt_size(P, self.counts.nhalves)
        memset(self.counts.cnt, 0, sizeof(int64_t) * n)
        memset(self.counts.cats, 0, sizeof(int64_t) * P * 2 * 11)
        memset(self.counts.dd, 0, sizeof(int64_t) * P * 2)
        memset(self.counts.dx, 0, sizeof(double) * P * 3)
        if self.counts.wcnt != NULL:
            memset(self.counts.wcnt, 0, sizeof(double) * n)
            memset(self.counts.wcats, 0, sizeof(double) * P * 2 * 11)
            memset(self.counts.pshare, 0, sizeof(double) * P)
            memset(self.counts.hand_share, 0, sizeof(double) * nc)
            memset(self.counts.hand_weight, 0, sizeof(double) * nc)
        self.counts.deals = 0
        self.counts.wdeals = 0

    def run_exact(self, int64_t u0, int64_t u1, int threads):
        """Count exact units [u0, u1) (at most 2**31 - 1 of them)."""
        cdef int rc
        if not (0 <= u0 <= u1 <= self.e.units) or u1 - u0 >= 2**31:
            raise ValueError(f"units {u0}..{u1} outside 0..{self.e.units}")
        with nogil:
            rc = hr_equity_exact(&self.e, u0, u1, &self.counts, threads)
        if rc:
            raise MemoryError()

    def run_mc(self, uint64_t seed, int64_t trials, int64_t c0, int64_t c1, int threads):
        """Count Monte Carlo chunks [c0, c1) of a run of `trials` deals."""
        cdef int rc
        if trials < 0 or not (0 <= c0 <= c1) or c1 - c0 >= 2**31 or \
                c1 > (trials + HR_EQ_CHUNK - 1) // HR_EQ_CHUNK:
            raise ValueError(f"chunks {c0}..{c1} outside the run of {trials} trials")
        with nogil:
            rc = hr_equity_mc(&self.e, seed, trials, c0, c1, &self.counts, threads)
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
        cdef int P = self.e.players, nc = self.counts.ncombos, H = self.counts.nhalves
        cdef Py_ssize_t n = hr_cnt_size(P, H)
        shape = (P, H) + (P + 1,) * H
        cnt = _copied(self.counts.cnt, shape, _I64)
        cats = _copied(self.counts.cats, (P, 2, 11), _I64)
        dd = _copied(self.counts.dd, (P, 2), _I64)
        dx = _copied(self.counts.dx, (P, 3), _F64)
        wcnt = wcats = hand_share = hand_weight = None
        if self.counts.wcnt != NULL:
            wcnt = _copied(self.counts.wcnt, shape, _F64)
            wcats = _copied(self.counts.wcats, (P, 2, 11), _F64)
            if nc:
                hand_share = _copied(self.counts.hand_share, (nc,), _F64)
                hand_weight = _copied(self.counts.hand_weight, (nc,), _F64)
        return {"cnt": cnt, "wcnt": wcnt, "cats": cats, "wcats": wcats,
                "hand_share": hand_share, "hand_weight": hand_weight,
                "deals": int(self.counts.deals), "wdeals": float(self.counts.wdeals),
                "dd": dd, "dx": dx}

    @property
    def deals(self):
        """Deals counted so far."""
        return self.counts.deals

    def summary(self, bint exact, bint weighted):
        """equity_summary of the counts so far, without copying them."""
        return _summary(self.e.players, self.counts.nhalves, self.counts.cnt, self.counts.wcnt,
                        self.counts.cats, self.counts.deals, self.counts.wdeals, exact, weighted,
                        self.e.game.boards, self.counts.dd, self.counts.dx, self.counts.wcats)


cdef object _summary(int P, int H, const int64_t *cnt, const double *wcnt, const int64_t *cats,
                     int64_t deals, double wdeals, bint exact, bint weighted, int boards,
                     const int64_t *dd, const double *dx, const double *wcats):
    """equity, wins, ties, stderr, halves, categories, winning categories
    from counts (see EquityState.result and handrank._equity.finish): each
    award (the pot cut into L parts, n_h players sharing each half h won)
    is worth a share of the pot, the sum of 1 / (L n_h); a whole pot is a
    win, any other share a tie; ``halves`` (P, H) is the part of the equity
    won through each half.  A double-board game (boards 2) counts each
    board's award for half the pot, and its wins and ties per deal (dd, dx).
    Weighted (ranges of unequal weights), wins, ties and the categories are
    weighted sums (float64; the categories from wcats)."""
    cdef double tot = wdeals if wcnt != NULL else <double>deals
    cdef int j
    eq_a, se_a, halves_a = np.zeros(P), np.zeros(P), np.zeros((P, H))
    cat_a, win_a = np.zeros((P, HR_NCATS), np.int64), np.zeros((P, HR_NCATS), np.int64)
    wins_a = np.zeros(P, np.float64 if weighted else np.int64)
    ties_a = np.zeros(P, np.float64 if weighted else np.int64)
    # the arrays' memory through the buffer protocol (cheaper than typed
    # memoryviews for tiny arrays; fresh C-contiguous arrays of the right type)
    cdef Py_buffer bufs[7]
    cdef int nbuf = 0
    try:
        for x in (eq_a, se_a, halves_a, cat_a, win_a, wins_a, ties_a):
            PyObject_GetBuffer(x, &bufs[nbuf], PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
            nbuf += 1
        _summary_fill(P, H, cnt, wcnt, cats, deals, tot, exact, weighted, boards, dd, dx,
                      <double *>bufs[0].buf, <double *>bufs[1].buf, <double *>bufs[2].buf,
                      <int64_t *>bufs[3].buf, <int64_t *>bufs[4].buf, bufs[5].buf, bufs[6].buf)
    finally:
        for j in range(nbuf):
            PyBuffer_Release(&bufs[j])
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
    if P < 1 or not 1 <= H <= HR_MAX_HALVES or cnt.shape != (P, H) + (P + 1,) * H or \
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


def qualifier_strength(RuleTables tables, int rank):
    """The lowest strength of a low that qualifies with a highest card of
    ``rank`` (0..12 = 2..A) under ``tables``' rule set, or -1 when the
    qualifying hands are not exactly its strongest classes."""
    if not 0 <= rank <= 12:
        raise ValueError("rank must be 0..12")
    return hr_qualifier_strength(&tables.rule, rank)


cdef dict _FAST_RULES = {}
cdef Py_ssize_t _FAST_ROWS = 0


def fast_rules(str name, RuleTables tables, CompiledDeck deck, object strength,
               Py_ssize_t rows):
    """Let evaluate_fast take rule-set name ``name``: its tables, its deck
    without wild cards, the Strength type that tags one hand's value, and
    batches of up to ``rows`` rows (one thread; handrank._api sets these)."""
    global _FAST_ROWS
    if deck.d.active or deck.d.ranks != tables.rule.deff.ranks:
        raise ValueError("fast_rules takes a rule set's deck without wild cards")
    _FAST_RULES[name] = (tables, deck, strength)
    _FAST_ROWS = rows


def evaluate_fast(object hands, object rules, object wild, object out, object threads):
    """handrank.evaluate's common case in one call, or None for the general
    path.  Precondition, checked here: ``rules`` a rule-set name given to
    fast_rules, ``wild`` and ``out`` None, and either one hand (plain text, a
    list or tuple of ints, a 1-D integer array; ``threads`` None or an int >=
    1) or a C-contiguous (n, k) uint8 array of at most fast_rules' rows
    (``threads`` None or 1, which the general path runs on one thread too).
    The same C loop as the general path checks and values every row; when a
    row is bad this returns None and the general path raises its error."""
    cdef RuleTables tables
    cdef CompiledDeck deck
    if out is not None or wild is not None or type(rules) is not str:
        return None
    entry = _FAST_RULES.get(rules)
    if entry is None:
        return None
    tables = <RuleTables>(<tuple>entry)[0]
    deck = <CompiledDeck>(<tuple>entry)[1]
    strength = (<tuple>entry)[2]
    if threads is not None and not (type(threads) is int and threads >= 1):
        return None
    if type(hands) is np.ndarray:
        if (<object>hands).ndim != 1:
            if threads is not None and threads != 1:
                return None
            return tables._array(hands, &deck.d, _FAST_ROWS, strength)
        v = tables._array(hands, &deck.d, _FAST_ROWS, strength)
        if v is not None or (<object>hands).size > MAX_FAST:
            return v
    v = tables._one(hands, &deck.d)
    return None if v is None else strength(v)


def team_size(threads):
    """How many threads a loop asked for `threads` really starts here: 1 in a
    child process forked after its parent ran several threads (GNU OpenMP's
    threads do not survive fork), at most MAX_TEAM, and 1 without OpenMP."""
    if not HAS_OPENMP or threads <= 1 or hr_forked_after_team:
        return 1
    return min(int(threads), HR_MAX_TEAM)


# ======================================================================
# Dealing, draws and canonical hand indexes (include/handrank/hr_deal.h,
# hr_index.h), for handrank._toolkit, which checks every argument first.
# Each entry takes a requested thread count and passes it through hr_team
# (which also records, for fork safety, that a team ran).
# ======================================================================

hr_deal_init()
hr_ix_init()

#: Rows per random stream of deal and redraw (results are computed in whole blocks).
DEAL_BLOCK = HR_DEAL_BLOCK
#: Most groups of cards one deal hands out.
DEAL_MAX_GROUPS = HR_DEAL_MAX_GROUPS
#: Most rounds of a canonical index.
INDEX_MAX_ROUNDS = HR_IX_MAX_ROUNDS


def deal_blocks(const uint8_t[::1] deck, uint64_t seed, int64_t b0, int64_t b1, int64_t n,
                list outs, list widths, bint masks, int threads):
    """Deal blocks [b0, b1) of a deal of n rows of sum(widths) cards from
    `deck` (distinct codes 0..53): outs holds one array per group, (n,
    width) uint8 or, with masks, (n,) uint64.  Returns None."""
    cdef void *ptrs[64]
    cdef int w[64]
    cdef int ngroups = len(outs), kt = 0, g, team, nd = <int>deck.shape[0]
    cdef uint8_t[:, ::1] codes
    cdef uint64_t[::1] bits
    cdef list held = []
    if not 1 <= ngroups <= HR_DEAL_MAX_GROUPS or len(widths) != ngroups:
        raise ValueError("deal_blocks: 1..64 groups, one width each")
    if not (0 <= b0 < b1 and (b1 - 1) * <int64_t>HR_DEAL_BLOCK < n):
        raise ValueError(f"deal_blocks: blocks {b0}..{b1} outside a deal of {n} rows")
    for g in range(ngroups):
        w[g] = widths[g]
        if w[g] < 1:
            raise ValueError("deal_blocks: a width below 1")
        kt += w[g]
        if masks:
            bits = outs[g]
            if bits.shape[0] != n:
                raise ValueError("deal_blocks: a mask output is not (n,)")
            ptrs[g] = &bits[0]
            held.append(bits)
        else:
            codes = outs[g]
            if codes.shape[0] != n or codes.shape[1] != w[g]:
                raise ValueError("deal_blocks: an output is not (n, width)")
            ptrs[g] = &codes[0, 0]
            held.append(codes)
    if kt > nd or nd > 54:
        raise ValueError(f"deal_blocks: {kt} cards a row from a deck of {nd}")
    cdef uint64_t seen = 0
    for g in range(nd):
        if deck[g] > 53 or seen >> deck[g] & 1:
            raise ValueError("deal_blocks: the deck must be distinct codes 0..53")
        seen |= (<uint64_t>1) << deck[g]
    with nogil:
        team = hr_team(threads)
        hr_deal_blocks(&deck[0], nd, seed, b0, b1, n, ptrs, w, ngroups, masks, team)


def redraw_check(const uint8_t[:, ::1] hands, const uint8_t[::1] discard, bint per_row,
                 uint64_t deck, dead_rows, int64_t lo, int64_t hi):
    """The first bad row in rows [lo, hi) of a draw, or -1 (see hr_redraw_check)."""
    cdef int64_t n = hands.shape[0], bad
    cdef int k = <int>hands.shape[1]
    cdef const uint64_t[::1] dr
    cdef const uint64_t *drp = NULL
    _check_draw(n, k, discard.shape[0], per_row, lo, hi)
    if dead_rows is not None:
        dr = dead_rows
        if dr.shape[0] != n:
            raise ValueError("redraw_check: dead_rows is not (n,)")
        drp = &dr[0]
    with nogil:
        bad = hr_redraw_check(&hands[0, 0], k, &discard[0], per_row, deck, drp, lo, hi)
    return bad


def redraw_blocks(const uint8_t[:, ::1] hands, const uint8_t[::1] discard, bint per_row,
                  uint64_t deck, dead_rows, uint64_t seed, int64_t b0, int64_t b1,
                  uint8_t[:, ::1] out, int threads):
    """The draw over blocks [b0, b1) into out (n, k), a separate array;
    every row checked first by redraw_check."""
    cdef int64_t n = hands.shape[0]
    cdef int k = <int>hands.shape[1], team
    cdef const uint64_t[::1] dr
    cdef const uint64_t *drp = NULL
    if not (0 <= b0 < b1 and (b1 - 1) * <int64_t>HR_DEAL_BLOCK < n):
        raise ValueError(f"redraw_blocks: blocks {b0}..{b1} outside a draw of {n} rows")
    _check_draw(n, k, discard.shape[0], per_row, 0, n)
    if out.shape[0] != n or out.shape[1] != k:
        raise ValueError("redraw_blocks: out is not (n, k)")
    if dead_rows is not None:
        dr = dead_rows
        if dr.shape[0] != n:
            raise ValueError("redraw_blocks: dead_rows is not (n,)")
        drp = &dr[0]
    with nogil:
        team = hr_team(threads)
        hr_redraw_blocks(&hands[0, 0], k, &discard[0], per_row, deck, drp, seed, b0, b1, n,
                         &out[0, 0], team)


cdef _check_draw(int64_t n, int k, Py_ssize_t ndiscard, bint per_row, int64_t lo, int64_t hi):
    if k < 1 or n < 1 or ndiscard != (n * k if per_row else k) or not 0 <= lo <= hi <= n:
        raise ValueError("a draw needs (n, k) hands, n, k >= 1, and a discard of n*k or k flags")


cdef class Indexer:
    """The canonical hand index of one sequence of rounds, over tables built
    by handrank._toolkit (see hr_index.h for what they hold)."""
    cdef hr_index_t ix
    cdef object _tables    # the arrays ix points into, kept alive
    cdef tuple _definition

    def __reduce__(self):
        # indexed again from its rounds and tables (the hash is rebuilt)
        return Indexer, self._definition

    def __init__(self, rounds, const uint64_t[::1] ntab, const uint64_t[::1] keys,
                 const int64_t[::1] offsets):
        cdef int r, R = len(rounds), total = 0, nt = 1
        if not 1 <= R <= HR_IX_MAX_ROUNDS:
            raise ValueError(f"1..{HR_IX_MAX_ROUNDS} rounds")
        self.ix.nrounds = R
        for r in range(R):
            if not 1 <= rounds[r] <= 52:
                raise ValueError("1..52 cards a round")
            self.ix.cards[r] = rounds[r]
            self.ix.radix[r] = min(rounds[r], 13) + 1
            total += rounds[r]
            nt *= self.ix.radix[r]
        if total > 52 or ntab.shape[0] != nt or nt > 65536 or keys.shape[0] < 1 or \
                offsets.shape[0] != keys.shape[0] + 1:
            raise ValueError("Indexer: tables of the wrong size")
        self.ix.total = total
        self.ix.nconfigs = keys.shape[0]
        self.ix.ntab = &ntab[0]
        self.ix.keys = &keys[0]
        self.ix.offsets = &offsets[0]
        cdef int bits = 4
        while (1 << bits) < 2 * keys.shape[0]:
            bits += 1
        if bits > 30:
            raise ValueError("Indexer: too many configurations")
        cdef int32_t[::1] table = np.empty(1 << bits, dtype=np.int32)
        hr_ix_build_hash(&self.ix, &table[0], bits)
        self.ix.hash = &table[0]
        self.ix.hash_bits = bits
        self._tables = (ntab, keys, offsets, table)
        self._definition = (tuple(rounds), np.asarray(ntab), np.asarray(keys),
                            np.asarray(offsets))

    @property
    def nconfigs(self):
        return int(self.ix.nconfigs)

    @property
    def size(self):
        return int(self.ix.offsets[self.ix.nconfigs])

    def index(self, const uint8_t[:, ::1] cards, int64_t[::1] out, int64_t lo, int64_t hi,
              int threads):
        """Indexes of rows [lo, hi) of cards into out; the first bad row or -1."""
        cdef int64_t bad
        cdef int team
        if cards.shape[1] != self.ix.total or out.shape[0] != cards.shape[0] or \
                not 0 <= lo <= hi <= cards.shape[0]:
            raise ValueError("Indexer.index: wrong shapes or rows")
        if lo == hi:
            return -1
        with nogil:
            team = hr_team(threads)
            bad = hr_index_rows(&self.ix, &cards[0, 0], lo, hi, &out[0], team)
        return bad

    def hands(self, const int64_t[::1] idx, uint8_t[:, ::1] out, int64_t lo, int64_t hi,
              int threads):
        """Representative hands of indexes [lo, hi) into out; the first bad row or -1."""
        cdef int64_t bad
        cdef int team
        if out.shape[1] != self.ix.total or out.shape[0] != idx.shape[0] or \
                not 0 <= lo <= hi <= idx.shape[0]:
            raise ValueError("Indexer.hands: wrong shapes or rows")
        if lo == hi:
            return -1
        with nogil:
            team = hr_team(threads)
            bad = hr_index_hands(&self.ix, &idx[0], lo, hi, &out[0, 0], team)
        return bad


# ======================================================================
# Solver blocks (include/handrank/hr_solver.h), for handrank._solver,
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
# classify: made hands, draws, nut rank, blockers (hr_classify.h), for
# handrank._classify, which checks every argument first.
# ======================================================================

hr_cl_init()

#: Number of made-hand classes (handrank.MadeHand).
CLASSIFY_CLASSES = HR_CL_NCLASSES


def classify_rows(const uint8_t[:, ::1] holes, const uint8_t[::1] boards, int nb, bint shared,
                  int64_t lo, int64_t hi, uint8_t[::1] made, uint16_t[::1] draws,
                  int16_t[::1] nut, uint8_t[::1] blk, int threads):
    """Classify rows [lo, hi) of holes (n, 2) on boards: (nb,) codes for
    every row when shared, else (n * nb,) row after row.  Writes the four
    outputs (n,).  Returns the first bad row, -1, -2 (a bad shared board)."""
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
    with nogil:
        team = hr_team(threads)
        bad = hr_classify(&holes[0, 0] + 2 * lo, bp, nb, shared, hi - lo, &made[0] + lo,
                          &draws[0] + lo, &nut[0] + lo, &blk[0] + lo, team)
    if bad == -3:
        raise MemoryError("classify: out of memory")
    return bad + lo if bad >= 0 else bad
