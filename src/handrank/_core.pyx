# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
# cython: cdivision=True, embedsignature=True
# cython: freethreading_compatible=True
"""The compiled core: table building and the batch loops.

The C declarations are in _core.pxd (one block per header of
include/handrank); this file (build facts, the loop in use) and the
_core_*.pxi files it includes, one job each, are the code.  Everything here
trusts its callers (``handrank.evaluation._evaluate`` and the other Python modules) for
argument checking, except that the C loops
themselves validate every card: an out-of-range code, a joker or a repeated
card makes a loop report the row instead of reading a table with it.
"""
cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset
from libc.math cimport sqrt
from cpython.object cimport PyObject, PyTypeObject
from cpython.pycapsule cimport PyCapsule_New, PyCapsule_GetPointer
from cpython.pystate cimport PyThreadState_GetDict
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ
from cpython.buffer cimport (PyObject_GetBuffer, PyBuffer_Release, PyBUF_C_CONTIGUOUS,
                             PyBUF_FORMAT, PyBUF_STRIDES, PyBUF_WRITABLE)

import numpy as np

# The rank hashes (tens of milliseconds) are built on first use, by the
# first RuleTables (every evaluation reads them through one): _need_hashes.
hr_init_light()
hr_init_binom()

cdef bint _hashes_built = False
cdef Py_ssize_t _table_builds = 0    # hash builds + rule table builds, for tests
import threading as _threading
cdef object _HASHES_LOCK = _threading.Lock()


cdef int _need_hashes() except -1:
    """Build the rank hashes once, whichever thread asks first (the others
    wait on the lock); a forked child inherits them built or not, and builds
    them itself if not (the lock is free at import in any process)."""
    global _hashes_built, _table_builds
    if _hashes_built:
        return 0
    with _HASHES_LOCK:
        if not _hashes_built:
            if not hr_init_hashes():
                raise MemoryError("handrank: could not build the rank hash tables")
            _table_builds += 1
            _hashes_built = True
    return 0


def hashes_built():
    """Whether the rank hashes are built yet (they are at the first rule
    table; for tests of the import's laziness)."""
    return bool(_hashes_built)


def table_builds():
    """How many tables this process has built: the rank hashes (once) and
    every rule table (RuleTables).  0 right after ``import handrank``: every
    table is built on first use (tests/test_import_lazy.py)."""
    return _table_builds


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
cdef object _NDARRAY = np.ndarray
cdef object _INT16 = np.dtype(np.int16)
cdef object _UINT8 = np.dtype(np.uint8)


cdef int _not_installed(str name) except -1:
    """Raise for an upcall read before handrank's __init__ installs it."""
    raise RuntimeError(f"handrank: the upcall {name!r} is used before handrank's __init__ "
                       f"installs it (base._interface; inside the package, call the "
                       f"general path directly while it is imported)")


# The code, one job per file (each is compiled into this one module, in this
# order, as if written here):
include "cards/_core_cards.pxi"
include "rules/_core_rules.pxi"
include "games/_core_games.pxi"
include "equities/_core_equity.pxi"
include "equities/_core_eqfast.pxi"
include "evaluation/_core_batch.pxi"
include "games/_core_perhand.pxi"
include "cards/_core_deal.pxi"
include "solver/_core_solver.pxi"
include "analysis/_core_classify.pxi"


# ---- the one way up: what this module calls or reads of the Python above it ----

#: Every upcall this module takes, by name: what ``install_upcalls`` sets.
#: handrank.base._interface declares each one (signature, owner, reader) and
#: checks at import that its list of compiled upcalls is this one.
UPCALLS = ("evaluate_general", "equity_general", "fast_range", "halves_of", "game_by_name",
           "equity_result_type", "card_names", "small_exact")


def install_upcalls(dict given):
    """Set every upcall of ``UPCALLS`` at once (handrank.base._interface's
    install_upcalls calls this once, from handrank's __init__): a name
    missing or not in ``UPCALLS`` raises ValueError and sets nothing."""
    global _EVALUATE_GENERAL, _EQUITY_GENERAL, _RANGE_OF, _HALVES_OF, _GAME_NAMES
    global _RESULT_TYPE, _CARD_NAMES, _CARD_NAMES_SP, _SMALL_EXACT
    if set(given) != set(UPCALLS):
        missing = sorted(set(UPCALLS) - set(given))
        extra = sorted(set(given) - set(UPCALLS))
        raise ValueError(f"install_upcalls: missing {missing}, not upcalls {extra}")
    card_names = tuple(given["card_names"])
    small_exact = <double><int64_t>given["small_exact"]
    _EVALUATE_GENERAL = given["evaluate_general"]
    _EQUITY_GENERAL = given["equity_general"]
    _RANGE_OF = given["fast_range"]
    _FAST_RANGES.clear()
    _HALVES_OF = given["halves_of"]
    _GAME_NAMES = given["game_by_name"]
    _RESULT_TYPE = given["equity_result_type"]
    _CARD_NAMES = card_names
    _CARD_NAMES_SP = tuple([n + " " for n in card_names])
    _set_name_chars(card_names)
    _SMALL_EXACT = small_exact
