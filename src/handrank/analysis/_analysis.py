"""Hold'em hand analysis for bots and solvers: hand strength, potential,
EHS, EHS², and outs -- exact, from the same C batch evaluator.

Definitions (Billings, Papp, Schaeffer and Szafron, "Opponent modeling in
poker", 1998, and Billings et al. 2002):

- **HS** (hand strength): against every opponent hand the remaining cards
  allow, the share the hand beats now, ties counting half:
  ``(ahead + tied / 2) / (ahead + tied + behind)``.  Against ``opponents``
  random hands it is ``HS ** opponents`` (the paper's approximation: each
  opponent must be beaten).
- **PPot / NPot** (positive and negative potential): over every opponent hand
  and every completion of the board, the chance of going from behind to
  ahead (PPot) or from ahead to behind (NPot), ties counting half.
- **EHS** (effective hand strength): ``HS * (1 - NPot) + (1 - HS) * PPot``.
- **EHS²**: the mean over board completions of the squared hand strength on
  the completed board (the bucketing feature of imperfect-recall
  abstractions).
- **Outs**: the next cards that turn a hand that is behind (or tied) against
  given opponent hands into one that is ahead of all of them.

Each is exact: every opponent hand and every completion is counted in C
(include/handrank/analysis/hr_strength.h), board by board -- on each board the
opponent hands that cannot make a flush are valued once per rank pair, the
few that can one by one (a flop's million (opponent, completion) pairs take
about 100,000 valuations, under a millisecond).  Functions take one hand and
board (text or codes) or batches: ``(N, 2)`` holes with ``(N, b)`` boards.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..evaluation import evaluate
from ..cards import card_name, card_array, card_list, codes_array
from ..rules import get_rules
from ..base import resolve_threads, HandError

__all__ = ["hand_strength", "hand_potential", "ehs", "ehs2", "outs", "Potential"]

_HIGH_TABLES: Any = None             # the compiled high rule set, on first use


def _high() -> Any:
    """The compiled high rule set (built at the first call, not at import)."""
    global _HIGH_TABLES
    t = _HIGH_TABLES
    if t is None:
        t = _HIGH_TABLES = get_rules("high").tables
    return t


@dataclass(frozen=True)
class Potential:
    """Hand strength and potential of one hand (see the module docstring)."""

    hs: float
    ppot: float
    npot: float

    @property
    def ehs(self) -> float:
        """Effective hand strength: ``hs * (1 - npot) + (1 - hs) * ppot``."""
        return self.hs * (1.0 - self.npot) + (1.0 - self.hs) * self.ppot


def _rows(hole: Any, board: Any) -> tuple[list[bytes], list[bytes], bool]:
    """(holes, boards, single): each row's 2 hole and 3..5 board codes as bytes."""
    single = isinstance(hole, str) or np.asarray(hole, dtype=object).ndim <= 1
    if single:
        h = [card_list(hole, "hole")]
        b = [card_list(board, "board")]
        nh, nb = len(h[0]), len(b[0])
    else:
        ha = card_array(codes_array(hole, "hole"), "hole")
        ba = card_array(codes_array(board, "board"), "board")
        if ba.ndim != 2 or ha.ndim != 2 or len(ba) != len(ha):
            raise HandError(f"a batch is (N, 2) hole cards and (N, b) boards; got shapes "
                            f"{ha.shape} and {ba.shape}")
        h, b = ha.tolist(), ba.tolist()
        nh, nb = ha.shape[1], ba.shape[1]
    if nh != 2:
        raise HandError(f"a hold'em hand is 2 hole cards; got {nh}")
    if not 3 <= nb <= 5:
        raise HandError(f"the board has 3, 4 or 5 cards; got {nb}")
    for i, (x, y) in enumerate(zip(h, b)):
        cards = x + y
        if max(cards) >= 52 or len(set(cards)) != len(cards):
            where = "" if single else f"row {i}: "
            bad = next((c for c in cards if c >= 52 or cards.count(c) > 1))
            raise HandError(f"{where}hole and board must be distinct cards of the 52-card "
                            f"deck; {card_name(int(bad))} is not")
    return [bytes(x) for x in h], [bytes(y) for y in b], single


def _counts(hole: bytes, board: bytes, runs: bool):
    """now (3,): opponent hands behind, tied, ahead of us; with runs, hp (3, 3)
    by standing now and on the completed board, and per completion 2 ahead +
    tied and opponent hands (include/handrank/analysis/hr_strength.h)."""
    return _high().potential(hole, board, runs)


def _hs_one(hole: bytes, board: bytes) -> float:
    behind, tied, ahead = _counts(hole, board, False)[0]
    return (ahead + 0.5 * tied) / (behind + tied + ahead)


def hand_strength(hole: Any, board: Any, opponents: int = 1, *,
                  threads: int | None = None, exact: bool = False) -> Any:
    """Hand strength: the share of opponent hands beaten now (ties half),
    raised to the power ``opponents``.

    With ``exact=True``, against ``opponents`` random hands the exact
    expected share of the pot if the hands were shown down now: every set
    of that many opponent hands of different cards is counted (ties share;
    see ``handrank.analysis._multiway``), where ``HS ** n`` treats the opponents as
    independent.  For one opponent both are HS.

    >>> import handrank as hr
    >>> round(hr.hand_strength("Ad Qc", "3h 4c Jh"), 4)      # Billings et al.'s example
    0.5851
    >>> round(hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=2), 4)     # HS ** 2
    0.3423
    >>> round(hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=2, exact=True), 4)
    0.335
    """
    # Fast path: one hand as plain text or codes, opponents an int, exact
    # False (strength_fast checks all of it and returns None otherwise, so
    # every error and every batch takes the general path below).
    if threads is None or type(threads) is int and threads >= 1:
        v = _high().strength_fast(hole, board, opponents, exact)
        if v is not None:
            return v
    h, b, single = _rows(hole, board)
    _check_opponents(opponents)
    if not isinstance(exact, (bool, np.bool_)):
        raise HandError(f"exact is True or False; got {exact!r}")
    if exact:                                        # issue 25: every set of opponent hands
        from ._multiway import exact_strength
        out = np.array([exact_strength(list(x), list(y), int(opponents))
                        for x, y in zip(h, b)])
        return float(out[0]) if single else out
    resolve_threads(threads, 1)                   # checked; one core is plenty
    if single:
        return _hs_one(h[0], b[0]) ** opponents
    return np.array([_hs_one(x, y) for x, y in zip(h, b)]) ** opponents


def _check_opponents(opponents: Any) -> None:
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)) or \
            not 1 <= opponents <= 22:
        raise HandError(f"opponents must be an integer 1..22; got {opponents!r}")


def _potential_one(hole: bytes, board: bytes) -> Potential:
    """Billings' HandPotential: every opponent hand, every completion."""
    if len(board) == 5:
        return Potential(_hs_one(hole, board), 0.0, 0.0)
    now, hp, _, _ = _counts(hole, board, True)
    hp = hp.astype(np.float64)
    behind, tied, ahead = 0, 1, 2
    tot = hp.sum(axis=1)
    hs = (now[ahead] + 0.5 * now[tied]) / sum(now)
    ppot_den = tot[behind] + tot[tied] / 2
    npot_den = tot[ahead] + tot[tied] / 2
    ppot = (hp[behind, ahead] + hp[behind, tied] / 2 + hp[tied, ahead] / 2) / ppot_den \
        if ppot_den else 0.0
    npot = (hp[ahead, behind] + hp[tied, behind] / 2 + hp[ahead, tied] / 2) / npot_den \
        if npot_den else 0.0
    return Potential(hs, float(ppot), float(npot))


def hand_potential(hole: Any, board: Any, *, threads: int | None = None) -> Any:
    """HS, PPot and NPot of a hold'em hand on a flop or turn (exact, against
    one random opponent): a :class:`Potential`, or a list for a batch.

    >>> import handrank as hr
    >>> p = hr.hand_potential("Ad Qc", "3h 4c Jh")
    >>> round(p.hs, 3), round(p.ppot, 3), round(p.npot, 3)
    (0.585, 0.208, 0.274)
    """
    h, b, single = _rows(hole, board)
    resolve_threads(threads, 1)
    out = [_potential_one(x, y) for x, y in zip(h, b)]
    return out[0] if single else out


def ehs(hole: Any, board: Any, *, threads: int | None = None) -> Any:
    """Effective hand strength ``HS (1 - NPot) + (1 - HS) PPot``: a float, or
    (N,) float64 for a batch.

    >>> import handrank as hr
    >>> round(hr.ehs("Ad Qc", "3h 4c Jh"), 3)
    0.511
    """
    p = hand_potential(hole, board, threads=threads)
    return p.ehs if isinstance(p, Potential) else np.array([x.ehs for x in p])


def _ehs2_one(hole: bytes, board: bytes) -> float:
    if len(board) == 5:
        return _hs_one(hole, board) ** 2
    _, _, run2, runn = _counts(hole, board, True)
    # hand strength on each completed board, over the opponents it leaves
    hs = (run2 / 2) / runn
    return float(np.mean(hs ** 2))


def ehs2(hole: Any, board: Any, *, threads: int | None = None) -> Any:
    """EHS²: the mean, over every completion of the board, of the squared
    hand strength on the completed board (against one random opponent).

    >>> import handrank as hr
    >>> round(hr.ehs2("Ad Qc", "3h 4c Jh 9d 2s"), 4) == round(hr.hand_strength("Ad Qc", "3h 4c Jh 9d 2s") ** 2, 4)
    True
    """
    h, b, single = _rows(hole, board)
    resolve_threads(threads, 1)
    out = np.array([_ehs2_one(x, y) for x, y in zip(h, b)])
    return float(out[0]) if single else out


def outs(hole: Any, board: Any, opponents: Any) -> tuple[int, int]:
    """The next cards that turn a hand behind (or tied) against the given
    opponent hands into one ahead of all of them: ``(mask, count)``, the mask
    in the SPEC's bitmask form.  A hand already ahead has no outs.

    >>> import handrank as hr
    >>> mask, n = hr.outs("Ah Kh", "Qh 7h 2c", ["Qs Qd"])
    >>> n, hr.format(hr.from_mask(mask))        # the 2h fills up the queens
    (8, '3h 4h 5h 6h 8h 9h Th Jh')
    """
    h = card_list(hole, "hole")
    b = card_list(board, "board")
    if isinstance(opponents, str):
        raise HandError("opponents is a list of hands, one per opponent")
    opps = [card_list(o, f"opponent {i}") for i, o in enumerate(opponents)]
    if len(h) != 2 or any(len(o) != 2 for o in opps) or not opps:
        raise HandError("outs takes two hole cards and at least one opponent hand of two cards")
    if not 3 <= len(b) <= 4:
        raise HandError(f"outs needs a flop or a turn (3 or 4 board cards); got {len(b)}")
    used = h + b + [c for o in opps for c in o]
    if max(used) >= 52 or len(set(used)) != len(used):
        raise HandError("hole, board and opponent cards must be distinct cards of the "
                        "52-card deck")
    rest = [c for c in range(52) if c not in used]

    def ahead(cards_board: list[int]) -> int:
        ours = evaluate(h + cards_board)
        theirs = max(evaluate(o + cards_board) for o in opps)
        return (ours > theirs) - (ours < theirs)

    mask = 0
    if ahead(b) <= 0 or len(b) < 5:
        for c in rest:
            if ahead(b) < 1 and ahead(b + [c]) == 1:
                mask |= 1 << (16 * (c & 3) + (c >> 2))
    return mask, bin(mask).count("1")
