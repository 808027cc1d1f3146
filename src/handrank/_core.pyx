# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
# cython: cdivision=True, embedsignature=True
"""The compiled core: table building and the batch loops.

Everything here trusts its caller (``handrank._api``) for argument checking,
except that the C loops themselves validate every card: an out-of-range code,
a joker or a repeated card makes a loop report the row instead of reading a
table with it.
"""
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

import numpy as np

cdef extern from "handrank/hr_equity.h" nogil:
    ctypedef struct hr_ruledef_t:
        int ace
        int patterns
        int low
        int qualifier
        int five_kind
    ctypedef struct hr_rule_t:
        int wild_built
        int flush_mode
        int nclasses
        int16_t qual
        int8_t *cat
        uint8_t *ranks
    ctypedef struct hr_wild_t:
        uint64_t wild_bits
        int active
        int bug
    int hr_init()
    void hr_init_wild(hr_wild_t *W, uint64_t wild_cards, int jokers, int bug)
    int hr_build_wild(hr_rule_t *R)
    int hr_build_rule(hr_rule_t *R, const hr_ruledef_t *d)
    void hr_free_rule(hr_rule_t *R)
    int64_t hr_eval_codes(const hr_rule_t *R, const hr_wild_t *W, const uint8_t *cards,
                          int64_t n, int k, int16_t *out, int nthreads)
    int64_t hr_eval_masks(const hr_rule_t *R, const hr_wild_t *W, const uint64_t *masks,
                          int64_t n, int16_t *out, int nthreads)
    ctypedef struct hr_game_t:
        int hole
        int board
        int select
        const hr_rule_t *hi
        const hr_rule_t *lo
        const hr_wild_t *wild
    int hr_game_init(hr_game_t *G)
    hr_wild_t hr_plain
    int64_t hr_showdown(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                        int64_t n, int players, double *shares, int16_t *hi_out,
                        int16_t *lo_out, int nthreads)
    int64_t hr_eval_omaha(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                          int64_t n, int16_t *out, int nthreads)
    ctypedef struct hr_range_t:
        const uint8_t *combos
        const double *weight
        const double *cum
        int m
        int uniform
    ctypedef struct hr_equity_t:
        hr_game_t game
        int players
        hr_range_t range[23]
        int ranged[23]
        int nranged
        int deck_index[54]
        uint8_t hole[161]
        int known[23]
        uint8_t board[5]
        int board_known
        uint8_t deck[54]
        int ndeck
        int prefix
        int64_t units
    ctypedef struct hr_eqcount_t:
        int players
        int64_t *cnt
        double *wcnt
        int64_t deals
        double wdeals
    int hr_eqcount_init(hr_eqcount_t *C, int players, int weighted)
    void hr_eqcount_free(hr_eqcount_t *C)
    void hr_init_binom()
    int64_t hr_equity_plan(hr_equity_t *E)
    int hr_equity_mc(const hr_equity_t *E, uint64_t seed, int64_t trials, int64_t c0,
                     int64_t c1, hr_eqcount_t *C, int nthreads)
    int hr_equity_exact(const hr_equity_t *E, int64_t u0, int64_t u1, hr_eqcount_t *C,
                        int nthreads)
    double hr_equity_total(const hr_equity_t *E)
    int HR_EQ_CHUNK
    int HR_MAX_TEAM
    int hr_forked_after_team
    void hr_holdem_hu_batch(const hr_rule_t *R, const uint8_t *matchups, int64_t m,
                            int64_t *out, int nthreads)
    int hr_max_threads()
    int hr_has_openmp()
    int HR_SANITIZED
    int hr_use_popcnt
    const unsigned int hr_rank_mult[13]

# How this module was built (handrank.build_info()).  Placed after the
# headers: from here on, gcc's -Wpedantic is off, because Cython's generated
# code casts functions to void * in its type-slot tables ("ISO C forbids
# conversion of function pointer to object pointer type"); the headers above
# are compiled with it.
cdef extern from *:
    """
    #if defined(__GNUC__)
    #pragma GCC diagnostic ignored "-Wpedantic"
    #endif
    #if defined(__clang__)
    #define HR_BUILD_COMPILER "clang " __clang_version__
    #elif defined(__MINGW64__) || defined(__MINGW32__)
    #define HR_BUILD_COMPILER "gcc (MinGW) " __VERSION__
    #elif defined(__GNUC__)
    #define HR_BUILD_COMPILER "gcc " __VERSION__
    #elif defined(_MSC_VER)
    #define HR_STR2_(x) #x
    #define HR_STR_(x) HR_STR2_(x)
    #define HR_BUILD_COMPILER "MSVC " HR_STR_(_MSC_FULL_VER)
    #else
    #define HR_BUILD_COMPILER "unknown"
    #endif
    #ifndef HR_BUILD_OPENMP   /* set by setup.py: 0 used, 1 disabled, 2 unavailable */
    #define HR_BUILD_OPENMP 3
    #endif
    #ifdef _OPENMP
    #define HR_OPENMP_VERSION _OPENMP
    #else
    #define HR_OPENMP_VERSION 0
    #endif
    #ifdef HR_MULTIVERSION
    #define HR_POPCNT_DISPATCH 1
    #elif defined(_MSC_VER) && defined(_M_X64)
    #define HR_POPCNT_DISPATCH 2   /* __popcnt64: the POPCNT instruction, always */
    #else
    #define HR_POPCNT_DISPATCH 0
    #endif
    """
    const char *HR_BUILD_COMPILER
    int HR_BUILD_OPENMP
    long HR_OPENMP_VERSION
    int HR_POPCNT_DISPATCH

if not hr_init():
    raise MemoryError("handrank: could not build the rank hash tables")
hr_init_binom()

#: Number of threads OpenMP would use by default (1 without OpenMP).
MAX_THREADS = hr_max_threads()
#: Whether the extension was compiled with OpenMP.
HAS_OPENMP = bool(hr_has_openmp())
#: Whether the loops use the CPU's POPCNT instruction.
USES_POPCNT = bool(hr_use_popcnt)
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

DEF MAX_FAST = 16


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


cdef class Wild:
    """A compiled wild-card setting: which cards are wild and whether jokers are
    bugs.  ``wild_cards`` has bit c set for each wild code c < 52; jokers are
    legal and wild whenever ``jokers`` is true."""
    cdef hr_wild_t w

    def __cinit__(self, uint64_t wild_cards, bint jokers, bint bug):
        hr_init_wild(&self.w, wild_cards, jokers, bug)

    @property
    def wild_bits(self):
        """Mask bits of every wild card, jokers included."""
        return int(self.w.wild_bits)


cdef inline const hr_wild_t *_wild_ptr(RuleTables tables, Wild wild) except? NULL:
    if wild is None:
        return NULL
    if not tables.rule.wild_built and not hr_build_wild(&tables.rule):
        raise MemoryError("handrank: could not build the wild-card tables")
    return &wild.w


cdef class RuleTables:
    """The lookup tables of one rule set, built once from its definition.

    Parameters mirror :class:`handrank._rules.RuleSet`: ``ace`` is one of
    ``"high"``, ``"high-only"``, ``"low"``; ``patterns`` says whether straights
    and flushes are hand patterns; ``low`` inverts the order; ``qualifier`` is
    the highest card of a qualifying low (0 for none); ``five_kind`` adds the
    five-of-a-kind classes.
    """
    cdef hr_rule_t rule
    cdef bint built

    def __cinit__(self, str ace, bint patterns, bint low, int qualifier, bint five_kind):
        cdef hr_ruledef_t d
        d.ace = ACE_MODES[ace]
        d.patterns = patterns
        d.low = low
        d.qualifier = qualifier
        d.five_kind = five_kind
        self.built = hr_build_rule(&self.rule, &d)
        if not self.built:
            raise MemoryError("handrank: could not build the rule tables")

    def __dealloc__(self):
        if self.built:
            hr_free_rule(&self.rule)

    @property
    def nclasses(self):
        """Number of distinct five-card strengths (five of a kind included)."""
        return self.rule.nclasses

    @property
    def qualifier_strength(self):
        """Lowest qualifying strength, or None when every hand qualifies."""
        return None if self.rule.qual == -32768 else int(self.rule.qual)

    def class_info(self):
        """(categories, ranks): int8 (n,) and uint8 (n, 5) arrays by strength.

        ``ranks[s]`` lists the real ranks (0..12 = 2..A) of class ``s`` in
        order of significance (pairs before kickers, the wheel as 5-4-3-2-A).
        """
        n = self.rule.nclasses
        cats = np.asarray(<int8_t[:n]> self.rule.cat).copy()
        ranks = np.asarray(<uint8_t[:n * 5]> self.rule.ranks).reshape(n, 5).copy()
        return cats, ranks

    def eval_one(self, object hand, Wild wild=None):
        """Strength of one hand given as plain text or a list/tuple of codes, or
        None when the general path must handle it (and explain any error)."""
        cdef const hr_wild_t *w = _wild_ptr(self, wild)
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
        if k < 5 or k > 9:
            return None
        if hr_eval_codes(&self.rule, w, buf, 1, k, &out, 1) >= 0:
            return None
        return out

    def eval_mask_one(self, object mask):
        """Strength of one int mask, or None when the general path must explain."""
        cdef uint64_t m
        cdef int16_t out
        if type(mask) is not int or mask < 0 or mask >= 2 ** 64:
            return None
        m = mask
        if hr_eval_masks(&self.rule, NULL, &m, 1, &out, 1) >= 0:
            return None
        return out

    def eval_codes(self, const uint8_t[:, ::1] cards, int16_t[::1] out, int threads,
                   Wild wild=None):
        """Evaluate C-contiguous uint8 rows into ``out``; return the first bad row or -1."""
        cdef int64_t n = cards.shape[0], bad
        cdef int k = cards.shape[1]
        cdef const hr_wild_t *w = _wild_ptr(self, wild)
        if n == 0:
            return -1
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
                or self.rule.flush_mode != 0 or self.rule.qual != -32768):
            raise ValueError("holdem_headsup takes (m, 4) distinct card codes, (m, 3) counts "
                             "and the high rule set")
        with nogil:
            hr_holdem_hu_batch(&self.rule, &matchups[0, 0], m, &out[0, 0], threads)

    def eval_masks(self, const uint64_t[::1] masks, int16_t[::1] out, int threads,
                   Wild wild=None):
        """Evaluate uint64 hand masks into ``out``; return the first bad row or -1."""
        cdef int64_t n = masks.shape[0], bad
        cdef const hr_wild_t *w = _wild_ptr(self, wild)
        if n == 0:
            return -1
        with nogil:
            bad = hr_eval_masks(&self.rule, w, &masks[0], n, &out[0], threads)
        return bad


cdef class GameTables:
    """A compiled game: cards per player and on the board, how the five that
    play are chosen (``select``: 0 any five, 1 two hole + three board), the
    rule tables of the high and low halves (either may be None) and the wild
    setting (None: no wild cards)."""
    cdef hr_game_t g
    cdef readonly object hi_tables, lo_tables, wild

    def __cinit__(self, int hole, int board, int select, RuleTables hi, RuleTables lo,
                  Wild wild):
        self.hi_tables, self.lo_tables, self.wild = hi, lo, wild
        self.g.hole = hole
        self.g.board = board
        self.g.select = select
        self.g.hi = &hi.rule if hi is not None else NULL
        self.g.lo = &lo.rule if lo is not None else NULL
        if wild is None:
            self.g.wild = &hr_plain
        else:
            self.g.wild = &wild.w
            for t in (hi, lo):
                if t is not None:
                    _wild_ptr(t, wild)
        if not hr_game_init(&self.g):
            raise ValueError(f"game sizes out of range: hole {hole}, board {board}, "
                             f"select {select}, halves {hi is not None}/{lo is not None}")

    def showdown(self, const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
                 double[:, ::1] shares, int16_t[:, ::1] hi_out, int16_t[:, ::1] lo_out,
                 int threads):
        """Pot shares (and strengths) of n deals; return the first bad deal or -1."""
        cdef int64_t n = holes.shape[0], bad
        cdef int players = holes.shape[1]
        cdef uint8_t dummy = 0
        cdef const uint8_t *b = &boards[0, 0] if boards.shape[1] else &dummy
        if n == 0:
            return -1
        with nogil:
            bad = hr_showdown(&self.g, &holes[0, 0, 0], b, n, players, &shares[0, 0],
                              &hi_out[0, 0], &lo_out[0, 0], threads)
        return bad

    def omaha(self, const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
              int16_t[::1] out, int threads):
        """Omaha strengths (the high rule tables) of n hands; first bad row or -1."""
        cdef int64_t n = holes.shape[0], bad
        if n == 0:
            return -1
        with nogil:
            bad = hr_eval_omaha(&self.g, &holes[0, 0], &boards[0, 0], n, &out[0], threads)
        return bad


#: Deals per Monte Carlo chunk: the unit a run's random streams are seeded by.
EQUITY_CHUNK = HR_EQ_CHUNK


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

    def __cinit__(self, GameTables game, list holes, const uint8_t[::1] board,
                  const uint8_t[::1] deck, list ranges=None):
        cdef int p, j, P = len(holes)
        cdef const uint8_t[:, ::1] combos
        cdef const double[::1] weights, cum
        if not 1 <= P <= 23:
            raise ValueError("1..23 players")
        cdef Py_ssize_t nb = board.shape[0]
        if nb > game.g.board or nb > 5 or deck.shape[0] > 54:
            raise ValueError("too many board or deck cards")
        memset(&self.e, 0, sizeof(hr_equity_t))
        self.game = game
        self.e.game = game.g
        self.e.players = P
        for p in range(P):
            known = holes[p]
            if len(known) > game.g.hole:
                raise ValueError(f"player {p} holds more than {game.g.hole} cards")
            self.e.known[p] = len(known)
            for j in range(len(known)):
                self.e.hole[p * game.g.hole + j] = known[j]
        self.e.board_known = <int>nb
        for j in range(min(nb, 5)):
            self.e.board[j] = board[j]
        self.e.ndeck = deck.shape[0]
        for j in range(54):
            self.e.deck_index[j] = -1
        for j in range(deck.shape[0]):
            if deck[j] >= 54 or self.e.deck_index[deck[j]] >= 0:
                raise ValueError("the deck holds a bad or repeated card")
            self.e.deck[j] = deck[j]
            self.e.deck_index[deck[j]] = j
        self.keep = []
        self.e.nranged = 0
        for p in range(P):
            r = ranges[p] if ranges is not None else None
            if r is None:
                continue
            c = np.ascontiguousarray(r[0], dtype=np.uint8).reshape(-1, game.g.hole)
            w = np.ascontiguousarray(r[1], dtype=np.float64)
            if len(c) == 0 or len(w) != len(c) or not (w > 0).all() or len(c) >= 2**31:
                raise ValueError("a range needs at least one hand and positive weights")
            w = w / w.max()          # each range's weights scaled to a maximum of 1
            cw = np.cumsum(w)
            for code in np.unique(c).tolist():
                if self.e.deck_index[code] < 0:
                    raise ValueError(f"range card {code} is not in the deck")
            self.keep += [c, w, cw]
            combos, weights, cum = c, w, cw
            self.e.range[p].combos = &combos[0, 0]
            self.e.range[p].weight = &weights[0]
            self.e.range[p].cum = &cum[0]
            self.e.range[p].m = len(c)
            self.e.range[p].uniform = bool((w == w[0]).all())
            self.e.known[p] = game.g.hole
            self.e.ranged[self.e.nranged] = p
            self.e.nranged += 1
        hr_equity_plan(&self.e)
        if hr_eqcount_init(&self.counts, P, self.e.nranged > 0):
            raise MemoryError()
        self.counts_ready = True

    def __dealloc__(self):
        if self.counts_ready:
            hr_eqcount_free(&self.counts)

    @property
    def units(self):
        """Units of work of the exact enumeration."""
        return self.e.units

    @property
    def prefix(self):
        """Missing cards each exact unit fixes (after the range hands)."""
        return self.e.prefix

    @property
    def total(self):
        """Deals of the exact enumeration (float: may be astronomical; with
        ranges an upper bound)."""
        return hr_equity_total(&self.e)

    def reset(self):
        memset(self.counts.cnt, 0, sizeof(int64_t) * _cnt_size(self.e.players))
        if self.counts.wcnt != NULL:
            memset(self.counts.wcnt, 0, sizeof(double) * _cnt_size(self.e.players))
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
        """The counts so far: ``cnt`` (P, 2, P+1, P+1) int64 (deals by award:
        split, high sharers, low sharers), ``wcnt`` (the same weighted by the
        range weights, or None), ``deals`` and ``wdeals``."""
        cdef int P = self.e.players
        cdef Py_ssize_t n = _cnt_size(P)
        cnt = np.asarray(<int64_t[:n]> self.counts.cnt).copy().reshape(P, 2, P + 1, P + 1)
        wcnt = None
        if self.counts.wcnt != NULL:
            wcnt = np.asarray(<double[:n]> self.counts.wcnt).copy().reshape(P, 2, P + 1, P + 1)
        return {"cnt": cnt, "wcnt": wcnt, "deals": int(self.counts.deals),
                "wdeals": float(self.counts.wdeals)}


cdef inline Py_ssize_t _cnt_size(int P) noexcept:
    return <Py_ssize_t>P * 2 * (P + 1) * (P + 1)


def team_size(threads):
    """How many threads a loop asked for `threads` really starts here: 1 in a
    child process forked after its parent ran several threads (GNU OpenMP's
    threads do not survive fork), at most MAX_TEAM, and 1 without OpenMP."""
    if not HAS_OPENMP or threads <= 1 or hr_forked_after_team:
        return 1
    return min(int(threads), HR_MAX_TEAM)
