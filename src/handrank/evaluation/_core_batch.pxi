# _core_batch.pxi: part of handrank._core (included by _core.pyx, which holds the
# cimports; the C declarations are in _core.pxd).
#
# batch evaluation: the one-call fast path of handrank.evaluate, and
# qualifier strengths

def qualifier_strength(RuleTables tables, int rank):
    """The lowest strength of a low that qualifies with a highest card of
    ``rank`` (0..12 = 2..A) under ``tables``' rule set, or -1 when the
    qualifying hands are not exactly its strongest classes."""
    if not 0 <= rank <= 12:
        raise ValueError("rank must be 0..12")
    return hr_qualifier_strength(&tables.rule, rank)


cdef dict _FAST_RULES = {}
cdef Py_ssize_t _FAST_ROWS = 0
#: Strength type -> a list of its values made so far (index v + 1: -1 first),
#: each made the first time evaluate_fast returns it; at most one entry per
#: strength of each rule set given to fast_rules (ints never change, so
#: every call may return the same object).
cdef dict _STRENGTHS = {}


cdef object _tagged(object strength, int v):
    """strength(v), made once per value and rule set."""
    made = _STRENGTHS.get(strength)
    if made is None or not 0 <= v + 1 < len(<list>made):
        return strength(v)
    s = (<list>made)[v + 1]
    if s is None:
        s = strength(v)
        (<list>made)[v + 1] = s
    return s


def fast_rules(str name, RuleTables tables, CompiledDeck deck, object strength,
               Py_ssize_t rows):
    """Let evaluate_fast take rule-set name ``name``: its tables, its deck
    without wild cards, the Strength type that tags one hand's value, and
    batches of up to ``rows`` rows (one thread; handrank.evaluation._evaluate sets these)."""
    global _FAST_ROWS
    if deck.d.active or deck.d.ranks != tables.rule.deff.ranks:
        raise ValueError("fast_rules takes a rule set's deck without wild cards")
    _FAST_RULES[name] = (tables, deck, strength)
    if strength not in _STRENGTHS:
        _STRENGTHS[strength] = [None] * (tables.rule.nclasses + 1)
    _FAST_ROWS = rows


cdef object _EVALUATE_GENERAL = None  # upcall evaluate_general: handrank.evaluate's general path


def evaluate(hands, rules="high", wild=None, *, out=None, threads=None, like=None):
    """handrank.evaluate, the public function: its common case (evaluate_fast's
    precondition, and ``like`` None) in one call with no Python frame, the
    rest by the general path (upcall evaluate_general, which takes the same
    arguments); it is given the general function's name, docstring and
    signature."""
    if like is None:
        v = evaluate_fast(hands, rules, wild, out, threads)
        if v is not None:
            return v
    if _EVALUATE_GENERAL is None:
        _not_installed("evaluate_general")
    return _EVALUATE_GENERAL(hands, rules, wild, out=out, threads=threads, like=like)


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
    cdef int16_t one
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
    if type(hands) is _NDARRAY:
        if (<object>hands).ndim != 1:
            if threads is not None and threads != 1:
                return None
            return tables._array(hands, &deck.d, _FAST_ROWS, strength)
        v = tables._array(hands, &deck.d, _FAST_ROWS, strength)
        if v is not None or (<object>hands).size > MAX_FAST:
            return v
    if not tables._one_c(hands, &deck.d, &one):
        return None
    return _tagged(strength, one)


def team_size(threads):
    """How many threads a loop asked for `threads` really starts here: 1 in a
    child process forked after its parent ran several threads (GNU OpenMP's
    threads do not survive fork), at most MAX_TEAM, and 1 without OpenMP."""
    if not HAS_OPENMP or threads <= 1 or hr_forked_after_team:
        return 1
    return min(int(threads), HR_MAX_TEAM)
