# _core_deal.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).

# ======================================================================
# Dealing, draws and canonical hand indexes (include/handrank/cards/hr_deal.h,
# hr_index.h), for handrank.cards._deal and handrank.solver._index, which checks every argument first.
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
    by handrank.solver._index (see hr_index.h for what they hold)."""
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
