# _core_cards.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).
#
# card text and decks: parsing (the fast path of handrank.cards._input) and
# CompiledDeck, a deck with its wild cards compiled

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


cdef signed char _RANK_CH[256]     # a rank character's rank (_rank_of), or -1
cdef signed char _SUIT_CH[256]     # a suit character's suit (_suit_of), or -1


cdef void _fill_card_chars() noexcept:
    cdef int ch
    for ch in range(256):
        _RANK_CH[ch] = <signed char>_rank_of(<Py_UCS4>ch)
        _SUIT_CH[ch] = <signed char>_suit_of(<Py_UCS4>ch)


_fill_card_chars()


cdef int _parse_plain(str text, uint8_t *buf, int cap) except -2:
    """Codes of plain card text ("As Kd 10h", "AsKd") into buf; the count, or -1
    when the text needs the full parser (jokers, suit symbols, mistakes)."""
    cdef Py_ssize_t i = 0, n = len(text)
    cdef int k = 0, r, s, jokers = 0
    cdef Py_UCS4 ch, nx
    cdef const unsigned char *d
    # the characters read straight from the string's storage (text[i] costs
    # several times more per character)
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    if kind != 1 and kind != 2 and kind != 4:       # a legacy string not made ready
        return -1
    if kind == 1 and n % 3 == 2:
        # the usual form, "As Kd 7h" (one character each for rank and suit, one
        # space between cards), read by table; any other text (or a card past
        # cap) goes to the loop below from its start, which reads this form
        # the same way
        d = <const unsigned char *>data
        while k < cap and _RANK_CH[d[i]] >= 0 and _SUIT_CH[d[i + 1]] >= 0:
            buf[k] = <uint8_t>(4 * _RANK_CH[d[i]] + _SUIT_CH[d[i + 1]])
            k += 1
            i += 2
            if i == n:
                return k
            if d[i] != 32:
                break
            i += 1
        i = 0
        k = 0
    while i < n:
        ch = PyUnicode_READ(kind, data, i)
        if ch == u' ' or ch == u',' or ch == u'\t':
            i += 1
            continue
        nx = PyUnicode_READ(kind, data, i + 1) if i + 1 < n else u' '
        if ((ch == u'J' or ch == u'j') and (nx == u'k' or nx == u'K')) or \
                ((ch == u'X' or ch == u'x') and (nx == u'x' or nx == u'X')):
            if jokers == 2 or k >= cap:
                return -1
            buf[k] = <uint8_t>(52 + jokers)
            jokers += 1
            k += 1
            i += 2
            if (ch == u'J' or ch == u'j') and i < n and (PyUnicode_READ(kind, data, i) == u'r'
                                                         or PyUnicode_READ(kind, data, i) == u'R'):
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
        s = _suit_of(PyUnicode_READ(kind, data, i))
        if s < 0:
            return -1
        buf[k] = <uint8_t>(4 * r + s)
        k += 1
        i += 1
    return k


cdef int _parse_plain_suit_first(str text, uint8_t *buf, int cap) except -2:
    """Codes of plain card text written suit first ("SA HK", "sahk", "H10")
    into buf; the count, or -1 when the text needs the full parser.  The
    same reading as handrank.cards._cards._read_cards(suit_first=True) for
    the texts it takes (the full parser is asked for everything else)."""
    cdef Py_ssize_t i = 0, n = len(text)
    cdef int k = 0, r, s, jokers = 0
    cdef Py_UCS4 ch, nx
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    if kind != 1 and kind != 2 and kind != 4:
        return -1
    while i < n:
        ch = PyUnicode_READ(kind, data, i)
        if ch == u' ' or ch == u',' or ch == u'\t':
            i += 1
            continue
        nx = PyUnicode_READ(kind, data, i + 1) if i + 1 < n else u' '
        if ((ch == u'J' or ch == u'j') and (nx == u'k' or nx == u'K')) or \
                ((ch == u'X' or ch == u'x') and (nx == u'x' or nx == u'X')):
            if jokers == 2 or k >= cap:
                return -1
            buf[k] = <uint8_t>(52 + jokers)
            jokers += 1
            k += 1
            i += 2
            if (ch == u'J' or ch == u'j') and i < n and (PyUnicode_READ(kind, data, i) == u'r'
                                                         or PyUnicode_READ(kind, data, i) == u'R'):
                i += 1
            continue
        s = _suit_of(ch)
        if s < 0 or i + 1 >= n or k >= cap:
            return -1
        i += 1
        ch = PyUnicode_READ(kind, data, i)
        if ch == u'1' and i + 1 < n and PyUnicode_READ(kind, data, i + 1) == u'0':
            r = 8
            i += 2
        else:
            r = _rank_of(ch)
            i += 1
        if r < 0:
            return -1
        buf[k] = <uint8_t>(4 * r + s)
        k += 1
    return k


cdef int _parse_either(str text, uint8_t *buf, int cap) except -2:
    """Plain card text read rank first, else suit first (the rule of
    handrank.cards._cards.parse_codes); the count, or -1 for the full parser."""
    cdef int k = _parse_plain(text, buf, cap)
    if k < 0:
        k = _parse_plain_suit_first(text, buf, cap)
    return k


def parse_array(str text):
    """The uint8 array of the codes of one plain card text, rank first or
    suit first (hr.parse's one-hand path), or None when the text needs the
    full parser (mistakes, suit symbols, other separators, more than 64
    cards): the full parser then reads it or says what is wrong."""
    cdef uint8_t buf[64]
    cdef int k = _parse_either(text, buf, 64)
    cdef Py_buffer view
    if k < 0:
        return None
    out = _EMPTY(k, _UINT8)
    if k:
        PyObject_GetBuffer(out, &view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
        memcpy(view.buf, buf, k)
        PyBuffer_Release(&view)
    return out


cdef int _codes_plain(object hand, uint8_t *buf, int cap) except -2:
    """Codes of a list or tuple of ints 0..53 into buf; the count, or -1."""
    cdef int k = 0, overflow = 0
    cdef long v
    cdef object x
    for x in hand:
        if type(x) is not int or k >= cap:
            return -1
        v = PyLong_AsLongAndOverflow(x, &overflow)     # C compares, not Python ones
        if overflow or not (0 <= v < 54):
            return -1
        buf[k] = <uint8_t>v
        k += 1
    return k


def parse_list(str text):
    """Codes of one plain card text as a list of ints, or None when the text
    needs the full parser (jokers are read; mistakes, suit symbols and other
    separators go to handrank.cards._cards.parse_codes, which explains them)."""
    cdef uint8_t buf[64]
    cdef int k = _parse_either(text, buf, 64), i
    if k < 0:
        return None
    return [buf[i] for i in range(k)]


cdef int64_t _omaha_key(object hand, int k):
    """The class key of one hand of ``k`` cards (plain text, or a list or
    tuple of int codes): its four suits' 13-bit rank sets sorted, packed 13
    bits apart (handrank.tables._omaha_preflop._keys), so that hands equal up to a
    renaming of suits share it; -1 when ``hand`` is not ``k`` different
    cards of the 52."""
    cdef uint8_t buf[8]
    cdef int n, i, j, c
    cdef uint64_t seen = 0
    cdef uint64_t t
    cdef uint64_t lane[4]
    if type(hand) is str:
        n = _parse_either(<str>hand, buf, 8)
    elif type(hand) is list or type(hand) is tuple:
        n = _codes_plain(hand, buf, 8)
    else:
        return -1
    if n != k:
        return -1
    lane[0] = lane[1] = lane[2] = lane[3] = 0
    for i in range(n):
        c = buf[i]
        if c >= 52 or (seen >> c) & 1:
            return -1
        seen |= (<uint64_t>1) << c
        lane[c & 3] |= (<uint64_t>1) << (c >> 2)
    for i in range(1, 4):                       # insertion sort of four lanes
        t = lane[i]
        j = i - 1
        while j >= 0 and lane[j] > t:
            lane[j + 1] = lane[j]
            j -= 1
        lane[j + 1] = t
    return <int64_t>(lane[0] | (lane[1] << 13) | (lane[2] << 26) | (lane[3] << 39))


def omaha_class_key(object hand, int k):
    """:func:`_omaha_key` from Python (-1: not ``k`` different cards)."""
    return _omaha_key(hand, k)


cdef class OmahaClassValue:
    """One figure per Omaha class, looked up from one hand: ``lookup(hand)``
    is ``values[i]`` where ``keys[i]`` is the hand's class key (a binary
    search of the sorted keys), or None when ``hand`` is not ``cards``
    different cards as plain text or a list/tuple of codes (the caller's
    full path then says what is wrong).  Holds its own copies."""
    cdef object _keys, _values
    cdef const int64_t *k
    cdef const double *v
    cdef Py_ssize_t n
    cdef readonly int cards

    def __init__(self, keys, values, int cards):
        import numpy
        self._keys = numpy.array(keys, dtype=numpy.int64, copy=True)
        self._values = numpy.array(values, dtype=numpy.float64, copy=True)
        if self._keys.ndim != 1 or self._keys.shape != self._values.shape:
            raise ValueError("keys and values: two 1-d arrays of one length")
        if self._keys.size > 1 and not (numpy.diff(self._keys) > 0).all():
            raise ValueError("keys must be strictly increasing")
        self.cards = cards
        self.n = self._keys.size
        self.k = <const int64_t *><size_t>self._keys.ctypes.data
        self.v = <const double *><size_t>self._values.ctypes.data

    def lookup(self, object hand):
        cdef int64_t key = _omaha_key(hand, self.cards)
        cdef Py_ssize_t lo = 0, hi = self.n, mid
        if key < 0:
            return None
        while lo < hi:
            mid = (lo + hi) >> 1
            if self.k[mid] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo == self.n or self.k[lo] != key:
            return None
        return self.v[lo]


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
    k = _parse_either(texts[0], buf, MAX_FAST)
    if k < 0:
        return None
    out = np.empty((n, k), dtype=np.uint8)
    view = out
    for i in range(n):
        t = texts[i]
        if type(t) is not str:
            return None
        m = _parse_either(t, buf, MAX_FAST)
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
