"""Type stubs for the compiled core (handrank._core)."""
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt

MAX_THREADS: int
HAS_OPENMP: bool
USES_POPCNT: bool
ISA_NAMES: tuple[str, ...]
GIL_ROWS: int
BEST_ISA: str
SANITIZED: bool
MAX_TEAM: int
BUILD_COMPILER: str
OPENMP_STATUS: int
OPENMP_VERSION: int
POPCNT_DISPATCH: int
RANK_MULTIPLIERS: tuple[int, ...]
ACE_MODES: dict[str, int]
KINDS: dict[str, int]
BUGS: dict[str, int]
CATEGORIES: int
EQUITY_CHUNK: int

def parse_plain(texts: list[str]) -> npt.NDArray[np.uint8] | None: ...
def team_size(threads: int) -> int: ...
def isa() -> str: ...
def fast_rules(name: str, tables: RuleTables, deck: CompiledDeck, strength: type[int],
               rows: int) -> None: ...
def evaluate_fast(hands: object, rules: object, wild: object, out: object,
                  threads: object) -> int | npt.NDArray[np.int16] | None: ...
def set_isa(name: str) -> str: ...

class _DeckSpec(Protocol):
    @property
    def rank_bits(self) -> int: ...

class _RuleSpec(Protocol):
    """What RuleTables reads: the fields of handrank._rules.RuleSet."""
    name: str
    kind: Literal["poker", "badugi"]
    deck: _DeckSpec
    cards: int
    ace: Literal["high", "high-only", "low"]
    straights: bool
    flushes: bool
    low: bool
    qualifier: int | None
    five_kind: bool
    bug: Literal["ace", "wild"]
    order: tuple[int, ...]

class CompiledDeck:
    def __init__(self, ranks: int, wild_cards: int, jokers: bool, bug: bool) -> None: ...
    @property
    def wild_bits(self) -> int: ...
    @property
    def valid_bits(self) -> int: ...
    @property
    def has_wild(self) -> bool: ...

class RuleTables:
    name: str
    def __init__(self, spec: _RuleSpec) -> None: ...
    @property
    def nclasses(self) -> int: ...
    @property
    def kmin(self) -> int: ...
    @property
    def kmax(self) -> int: ...
    @property
    def qualifier_strength(self) -> int | None: ...
    def class_info(self) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]: ...
    def eval_one(self, hand: object, deck: CompiledDeck) -> int | None: ...
    def eval_mask_one(self, mask: object, deck: CompiledDeck) -> int | None: ...
    def eval_codes(self, cards: npt.NDArray[np.uint8], out: npt.NDArray[np.int16],
                   threads: int, deck: CompiledDeck) -> int: ...
    def eval_masks(self, masks: npt.NDArray[np.uint64], out: npt.NDArray[np.int16],
                   threads: int, deck: CompiledDeck) -> int: ...
    def holdem_headsup(self, matchups: npt.NDArray[np.uint8], out: npt.NDArray[np.int64],
                       threads: int) -> None: ...

class GameTables:
    hi_tables: RuleTables | None
    lo_tables: RuleTables | None
    deck: CompiledDeck
    def __init__(self, hole: int, board: int, select: int, hi: RuleTables | None,
                 lo: RuleTables | None, deck: CompiledDeck) -> None: ...
    def showdown(self, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8],
                 shares: npt.NDArray[np.float64], hi_out: npt.NDArray[np.int16],
                 lo_out: npt.NDArray[np.int16], threads: int) -> int: ...
    def omaha(self, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8],
              out: npt.NDArray[np.int16], threads: int) -> int: ...

class EquityState:
    game: GameTables
    def __init__(self, game: GameTables, holes: list[list[int]], board: npt.NDArray[np.uint8],
                 deck: npt.NDArray[np.uint8],
                 ranges: list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]] | None]
                 | None = None) -> None: ...
    @property
    def units(self) -> int: ...
    @property
    def prefix(self) -> int: ...
    @property
    def total(self) -> float: ...
    def reset(self) -> None: ...
    def run_exact(self, u0: int, u1: int, threads: int) -> None: ...
    def run_mc(self, seed: int, trials: int, c0: int, c1: int, threads: int) -> bool: ...
    def result(self) -> dict[str, Any]: ...

# ---- dealing, draws and canonical hand indexes (hr_deal.h, hr_index.h) ----

DEAL_BLOCK: int
DEAL_MAX_GROUPS: int
INDEX_MAX_ROUNDS: int

def deal_blocks(deck: npt.NDArray[np.uint8], seed: int, b0: int, b1: int, n: int,
                outs: list[npt.NDArray[np.uint8]] | list[npt.NDArray[np.uint64]],
                widths: list[int], masks: bool, threads: int) -> None: ...
def redraw_check(hands: npt.NDArray[np.uint8], discard: npt.NDArray[np.uint8], per_row: bool,
                 deck: int, dead_rows: npt.NDArray[np.uint64] | None, lo: int, hi: int) -> int: ...
def redraw_blocks(hands: npt.NDArray[np.uint8], discard: npt.NDArray[np.uint8], per_row: bool,
                  deck: int, dead_rows: npt.NDArray[np.uint64] | None, seed: int, b0: int,
                  b1: int, out: npt.NDArray[np.uint8], threads: int) -> None: ...

class Indexer:
    def __init__(self, rounds: tuple[int, ...], ntab: npt.NDArray[np.uint64],
                 keys: npt.NDArray[np.uint64], offsets: npt.NDArray[np.int64]) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def nconfigs(self) -> int: ...
    def index(self, cards: npt.NDArray[np.uint8], out: npt.NDArray[np.int64], lo: int, hi: int,
              threads: int) -> int: ...
    def hands(self, idx: npt.NDArray[np.int64], out: npt.NDArray[np.uint8], lo: int, hi: int,
              threads: int) -> int: ...
