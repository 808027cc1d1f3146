# cython: language_level=3
"""The C side of handrank._core: every declaration of include/handrank/ the
module uses, one ``cdef extern`` block per header, so _core.pyx is code only.
Each header has one job (docs/design.rst, "Layout"); the blocks follow their
include order, foundations first."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t

cdef extern from "handrank/base/hr_core.h" nogil:
    int HR_SANITIZED
    const unsigned int hr_rank_mult[13]

cdef extern from "handrank/rules/hr_rule.h" nogil:
    int HR_NCATS
    ctypedef struct hr_ruledef_t:
        int kind
        int ranks
        int n
        int ace
        int straights
        int flushes
        int low
        int qualifier
        int five_kind
        int bug
        int order[11]
        int partial
    ctypedef struct hr_rule_t:
        hr_ruledef_t deff "def"
        int wild_built
        int flush_mode
        int nclasses
        int kmin
        int kmax
        int16_t qual
        int8_t *cat
        uint8_t *ranks
    void hr_free_rule(hr_rule_t *R)

cdef extern from "handrank/rules/hr_tables.h" nogil:
    int hr_build_rule(hr_rule_t *R, const hr_ruledef_t *d)
    void hr_hand_sizes(const hr_ruledef_t *d, int *kmin, int *kmax)
    int hr_build_wild(hr_rule_t *R)
    int hr_qualifier_strength(const hr_rule_t *R, int rank)

cdef extern from "handrank/evaluation/hr_value.h" nogil:
    ctypedef struct hr_deck_t:
        uint64_t wild_bits
        uint64_t valid_bits
        int ranks
        int active
        int bug
    hr_deck_t hr_standard
    void hr_init_deck(hr_deck_t *D, int ranks, uint64_t wild_cards, int jokers, int bug)

cdef extern from "handrank/base/hr_rows.h" nogil:
    int HR_MAX_TEAM
    int hr_forked_after_team
    int hr_max_threads()
    int hr_has_openmp()
    int hr_team(int nthreads)

cdef extern from "handrank/evaluation/hr_batch.h" nogil:
    int hr_init()
    void hr_init_light()
    int hr_init_hashes()
    int hr_use_popcnt
    int hr_isa_best
    int hr_isa
    int hr_set_isa(int isa)
    int64_t hr_eval_codes(const hr_rule_t *R, const hr_deck_t *W, const uint8_t *cards,
                          int64_t n, int k, int16_t *out, int nthreads)
    int64_t hr_eval_masks(const hr_rule_t *R, const hr_deck_t *W, const uint64_t *masks,
                          int64_t n, int16_t *out, int nthreads)

cdef extern from "handrank/games/hr_games.h" nogil:
    int HR_MAX_HALVES
    int HR_MAX_PLAYERS
    int HR_MAX_HOLE
    int HR_MAX_BOARD
    int HR_NO_QUAL
    int HR_UNQ_OTHERS
    int HR_UNQ_IGNORE
    ctypedef struct hr_half_t:
        const hr_rule_t *R
        int select
        int qual
        int unq
    ctypedef struct hr_game_t:
        int hole
        int board
        int boards
        int nhalves
        hr_half_t half[4]
        const hr_deck_t *wild
        int plain
    int hr_game_init(hr_game_t *G)
    ctypedef struct hr_award_t:
        uint8_t n[4][23]
        int live
    int hr_deal_valid(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                      int players)
    void hr_deal_winners(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                         int players, hr_award_t *a)
    int hr_build_omaha(hr_rule_t *R)

cdef extern from "handrank/games/hr_showdown.h" nogil:
    int64_t hr_showdown(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                        int64_t n, int players, double *shares, int16_t *str_out,
                        int64_t stride, int nthreads)
    int64_t hr_eval_omaha(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                          int64_t n, int16_t *out, int nthreads)

cdef extern from "handrank/games/hr_settle.h" nogil:
    enum:
        HR_ODD_BUTTON
        HR_ODD_HIGH_CARD
        HR_SETTLE_OK
    int hr_settle_deal(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                       int players, const int64_t *contrib, const int64_t *dead,
                       const uint8_t *folded, int button, int odd, int64_t *won)
    int64_t hr_settle(const hr_game_t *G, const uint8_t *holes, const uint8_t *boards,
                      int64_t n, int players, const int64_t *contrib, const int64_t *dead,
                      const uint8_t *folded, const int32_t *button, int odd, int64_t *won,
                      int *why)

cdef extern from "handrank/equities/hr_eqcount.h" nogil:
    ctypedef struct hr_range_t:
        const uint8_t *combos
        const double *weight
        const double *cum
        int m
        int uniform
    ctypedef struct hr_sym_t:
        int n
    ctypedef struct hr_equity_t:
        const hr_game_t *game
        int players
        hr_range_t range[23]
        int ranged[23]
        int nranged
        int deck_index[54]
        uint8_t hole[161]
        int known[23]
        uint8_t board[10]
        int board_known[2]
        uint8_t deck[54]
        int ndeck
        int range_off[23]
        int ncombos
        int64_t min_units
        int prefix
        int64_t units
        int holdem
        hr_sym_t sym
    ctypedef struct hr_eqcount_t:
        int players
        int nhalves
        int64_t *cnt
        double *wcnt
        int64_t *cats
        double *wcats
        int64_t *dd
        double *dx
        double *pshare
        double *hand_share
        double *hand_weight
        int ncombos
        int64_t deals
        double wdeals
        int32_t *scratch
    int hr_eqcount_init(hr_eqcount_t *C, int players, int nhalves, int weighted, int ncombos)
    size_t hr_cnt_size(int P, int H)
    void hr_eqcount_free(hr_eqcount_t *C)
    size_t hr_eqcount_words(int players, int nhalves)
    void hr_eqcount_init_in(hr_eqcount_t *C, int players, int nhalves, int64_t *block)
    void hr_eq_count_known(const hr_game_t *G, const uint8_t *holes, const uint8_t *board,
                           int P, hr_eqcount_t *C)

cdef extern from "handrank/equities/hr_exact.h" nogil:
    void hr_init_binom()
    int64_t hr_equity_plan(hr_equity_t *E)
    int hr_equity_exact(const hr_equity_t *E, int64_t u0, int64_t u1, hr_eqcount_t *C,
                        int nthreads)
    double hr_equity_total(const hr_equity_t *E)

cdef extern from "handrank/equities/hr_mc.h" nogil:
    int HR_EQ_CHUNK
    int hr_equity_mc(const hr_equity_t *E, uint64_t seed, int64_t trials, int64_t c0,
                     int64_t c1, hr_eqcount_t *C, int nthreads)

cdef extern from "handrank/equities/hr_holdem.h" nogil:
    size_t hr_multiset_scratch_size()
    void hr_holdem_hu_batch(const hr_rule_t *R, const uint8_t *matchups, int64_t m,
                            int64_t *out, int nthreads)

cdef extern from "handrank/tables/hr_threeway.h" nogil:
    int64_t hr_threeway_batch(const hr_rule_t *R, const int32_t *cls, int64_t t, int64_t *out,
                              int nthreads)

cdef extern from "handrank/analysis/hr_strength.h" nogil:
    void hr_hand_potential(const hr_rule_t *R, const uint8_t *hole, const uint8_t *board,
                           int nb, int64_t *now, int64_t *hp, int32_t *run2, int32_t *runn)

cdef extern from "handrank/cards/hr_deal.h" nogil:
    int HR_DEAL_BLOCK
    int HR_DEAL_MAX_GROUPS
    void hr_deal_init()
    void hr_deal_blocks(const uint8_t *deck, int nd, uint64_t seed, int64_t b0, int64_t b1,
                        int64_t n, void *const *outs, const int *widths, int ngroups,
                        int masks, int team)
    int64_t hr_redraw_check(const uint8_t *hands, int k, const uint8_t *discard, int per_row,
                            uint64_t deck, const uint64_t *dead_rows, int64_t lo, int64_t hi)
    void hr_redraw_blocks(const uint8_t *hands, int k, const uint8_t *discard, int per_row,
                          uint64_t deck, const uint64_t *dead_rows, uint64_t seed,
                          int64_t b0, int64_t b1, int64_t n, uint8_t *out, int team)

cdef extern from "handrank/solver/hr_index.h" nogil:
    int HR_IX_MAX_ROUNDS
    ctypedef struct hr_index_t:
        int nrounds
        int cards[8]
        int radix[8]
        int total
        int64_t nconfigs
        const uint64_t *ntab
        const uint64_t *keys
        const int64_t *offsets
        const int32_t *hash
        int hash_bits
    void hr_ix_init()
    void hr_ix_build_hash(const hr_index_t *I, int32_t *table, int bits)
    int64_t hr_index_rows(const hr_index_t *I, const uint8_t *cards, int64_t lo, int64_t hi,
                          int64_t *out, int team)
    int64_t hr_index_hands(const hr_index_t *I, const int64_t *idx, int64_t lo, int64_t hi,
                           uint8_t *out, int team)

# numpy's array constructor without numpy's headers (numpy is a run-time
# dependency only): _core reads numpy's C API table (the capsule
# ``_ARRAY_API`` that numpy's own import_array reads) once at import and
# calls two of its slots, which are numpy's ABI and the same in numpy 1.x
# and 2.x: 2, the ndarray type, and 94, PyArray_NewFromDescr.  An array's
# data pointer is the first field after its object header
# (PyArrayObject_fields.data, ABI as well).  hr_npy_new stays NULL when the
# table is not the one expected: _copied then calls numpy.empty.
cdef extern from *:
    """
    #include <string.h>
    typedef PyObject *(*hr_npy_new_fn)(PyTypeObject *, PyObject *, int, const Py_intptr_t *,
                                       const Py_intptr_t *, void *, int, PyObject *);
    static hr_npy_new_fn hr_npy_new = NULL;
    static PyTypeObject *hr_npy_type = NULL;
    typedef unsigned int (*hr_npy_version_fn)(void);
    /* numpy's ABI version from table `api` (slot 0), then the two slots taken */
    static unsigned int hr_npy_abi(void *const *api)
    {
        hr_npy_version_fn v;
        memcpy(&v, &api[0], sizeof v);      /* (an object pointer to a function pointer) */
        return v();
    }
    static void hr_npy_take(void *const *api)
    {
        hr_npy_type = (PyTypeObject *)api[2];
        memcpy(&hr_npy_new, &api[94], sizeof hr_npy_new);
    }
    /* A new C-contiguous array of nd dimensions `dims` and dtype `descr` (a
     * borrowed reference; the constructor steals one), uninitialised. */
    static PyObject *hr_npy_empty(PyObject *descr, int nd, const Py_ssize_t *dims)
    {
        Py_INCREF(descr);
        return hr_npy_new(hr_npy_type, descr, nd, (const Py_intptr_t *)dims, NULL, NULL, 0,
                          NULL);
    }
    #define hr_npy_data(a) (*(char **)((char *)(a) + sizeof(PyObject)))
    """
    ctypedef void *hr_npy_new_fn
    hr_npy_new_fn hr_npy_new
    unsigned int hr_npy_abi(void **api)
    void hr_npy_take(void **api)
    object hr_npy_empty(object descr, int nd, const Py_ssize_t *dims)
    char *hr_npy_data(object a)

# an instance's dict, read and set directly (an EquityResult's, made by
# tp_new: what ``r.__dict__`` reads and sets, without the attribute lookup)
cdef extern from "Python.h":
    object PyObject_GenericGetDict(object o, void *context)
    int PyObject_GenericSetDict(object o, object value, void *context) except -1

# How this module was built (handrank.build_info()).
cdef extern from *:
    """
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

# solver blocks: showdown values over the 1,326 hold'em hands, all-in matrices
cdef extern from "handrank/solver/hr_solver.h" nogil:
    int HR_SV_HANDS
    int HR_SV_MAX_RUNOUTS
    void hr_sv_init()
    int64_t hr_sv_check_boards(const uint8_t *boards, int nb, int64_t lo, int64_t hi)
    int hr_sv_values(const hr_rule_t *R, const uint8_t *boards, int nb, int64_t lo, int64_t hi,
                     const double *reach, int64_t NR, double *out, int team, int symmetry)
    int hr_sv_runout_strengths(const hr_rule_t *R, const uint8_t *board, int nb, int16_t *s,
                               uint8_t *run, int team)
    int HR_SV_MAX_DEALS
    int hr_sv_runout_classes(const uint8_t *board, int nb, int cards, int ordered,
                             const double *reach, int64_t NR, uint8_t (*run)[2],
                             int16_t *rep, uint8_t *perm, uint8_t *group, int *ng)
    int hr_sv_matrix_reps(const uint8_t *board, int nb, int symmetry, int32_t *rows)
    int hr_sv_matrix_fill(const uint8_t *board, int nb, int symmetry, double *out, int team)
    int hr_sv_matrix_rows(const int16_t *s, int nr, int nb, uint64_t board_mask,
                          const int32_t *rows, int nrows, int8_t *out8, int8_t clash8,
                          double *outf, double clashf, int team)

# solver blocks: Omaha river showdown values over the hands of 4 or 5 cards
cdef extern from "handrank/solver/hr_sv_omaha.h" nogil:
    void hr_pl_init()
    int64_t hr_pl_nhands(int K)
    int hr_pl_lanes(int K)
    ctypedef struct hr_pl_block_t:
        void *p
        size_t n
    void hr_pl_rest(hr_pl_block_t *b)
    int hr_pl_values(const hr_rule_t *R, const uint8_t *board, int K, const double *reach,
                     int64_t NR, double *out, double *compat, int team, hr_pl_block_t *mem)
    int hr_pl_strengths(const hr_rule_t *R, const uint8_t *board, int K, int16_t *s,
                        hr_pl_block_t *mem)

# the cards that play (best_five): the first best choice, in reading order
cdef extern from "handrank/evaluation/hr_best.h" nogil:
    int64_t hr_best_five(const hr_rule_t *R, const hr_deck_t *W, const uint8_t *cards,
                         int64_t n, int k, uint8_t *best, int16_t *strengths, int nthreads)

# made hands, draws, nut rank and blockers of hold'em hands (handrank.classify)
cdef extern from "handrank/analysis/hr_classify.h" nogil:
    int HR_CL_NCLASSES
    void hr_cl_init()
    int hr_cl_prepare(int nb)
    int64_t hr_classify(const uint8_t *holes, int64_t hs, const uint8_t *boards, int64_t bs,
                        int nb, int shared, int64_t n, uint8_t *made, uint16_t *draws,
                        int16_t *nut, uint8_t *blk, int team, int brute)

# After the last of our headers: from here on two of gcc's -Wpedantic
# warnings are off, for what Cython generates: function pointers cast to
# void * in its type-slot tables ("ISO C forbids conversion of function
# pointer to object pointer type", which gcc has no separate flag for) and
# its table of the module's strings, one literal longer than the 4095
# characters C99 requires compilers to accept (-Woverlength-strings; every
# compiler in use takes far more).  Our headers, all included above, are
# compiled with both.  Keep this block the last of this file, and every
# `cdef extern from "handrank/..."` here (Cython emits the .pxd's blocks
# first, in order, then the .pyx's, which has none).
cdef extern from *:
    """
    #if defined(__GNUC__)
    #pragma GCC diagnostic ignored "-Wpedantic"
    #pragma GCC diagnostic ignored "-Woverlength-strings"
    #endif
    """
