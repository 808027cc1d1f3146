"""Type stubs for the compiled core (handrank._core)."""
from typing import Literal

import numpy as np
import numpy.typing as npt

MAX_THREADS: int
HAS_OPENMP: bool
USES_POPCNT: bool
SANITIZED: bool
MAX_TEAM: int
BUILD_COMPILER: str
OPENMP_STATUS: int
OPENMP_VERSION: int
POPCNT_DISPATCH: int
RANK_MULTIPLIERS: tuple[int, ...]
ACE_MODES: dict[str, int]

def parse_plain(texts: list[str]) -> npt.NDArray[np.uint8] | None: ...

class RuleTables:
    def __init__(self, ace: Literal["high", "high-only", "low"], patterns: bool, low: bool,
                 qualifier: int, five_kind: bool) -> None: ...
    @property
    def nclasses(self) -> int: ...
    @property
    def qualifier_strength(self) -> int | None: ...
    def class_info(self) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]: ...
    def eval_one(self, hand: object) -> int | None: ...
    def eval_mask_one(self, mask: object) -> int | None: ...
    def eval_codes(self, cards: npt.NDArray[np.uint8], out: npt.NDArray[np.int16],
                   threads: int) -> int: ...
    def eval_masks(self, masks: npt.NDArray[np.uint64], out: npt.NDArray[np.int16],
                   threads: int) -> int: ...
