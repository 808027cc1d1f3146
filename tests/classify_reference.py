"""A slow, plain-Python reading of docs/classify.rst's definitions, written
apart from the C code (include/handrank/analysis/hr_classify.h) to check it on
samples: ranks and suits as Python sets, every candidate card or pair of
cards tried one by one, hand values from handrank.evaluate.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np

import handrank as hr

MH = hr.MadeHand
ACE = 12


def rank_at(position: int) -> int:
    """Positions -1..12: the ace as a one, then 2..A."""
    return ACE if position < 0 else position


def straight_high(ranks: set[int]) -> int:
    """The position of the high card of the best straight of a set of ranks
    (3, the five, for the wheel), or -1."""
    for high in range(12, 2, -1):
        if {rank_at(p) for p in range(high - 4, high + 1)} <= ranks:
            return high
    return -1


def window(high: int) -> set[int]:
    return {rank_at(p) for p in range(high - 4, high + 1)}


def category(cards: list[int]) -> int:
    c = int(hr.category(hr.evaluate(cards)))
    return 8 if c == 9 else c


def made_class(hole: list[int], board: list[int]) -> MH:
    cat = category(hole + board)
    r1, r2 = hole[0] >> 2, hole[1] >> 2
    branks = {c >> 2 for c in board}
    allranks = [c >> 2 for c in hole + board]
    count = {r: allranks.count(r) for r in set(allranks)}
    top = sorted(branks, reverse=True)
    simple = {8: MH.STRAIGHT_FLUSH, 7: MH.QUADS, 6: MH.FULL_HOUSE, 5: MH.FLUSH, 4: MH.STRAIGHT}
    if cat in simple:
        return simple[cat]
    if cat == 3:
        t = next(r for r, k in count.items() if k == 3)
        if r1 == r2 == t:
            return MH.SET
        return MH.TRIPS if t in (r1, r2) else MH.BOARD_TRIPS
    if cat == 2:
        pairs = sorted((r for r, k in count.items() if k == 2), reverse=True)[:2]
        return MH.TWO_PAIR if {r1, r2} & set(pairs) else MH.BOARD_TWO_PAIR
    if cat == 1:
        p = next(r for r, k in count.items() if k == 2)
        if r1 == r2:
            return MH.OVERPAIR if p > top[0] else MH.UNDERPAIR
        if p not in (r1, r2):
            return MH.BOARD_PAIR
        if p == top[0]:
            kicker = r2 if r1 == p else r1
            better = [r for r in range(kicker + 1, 13) if r not in branks]
            if not better:
                return MH.TOP_PAIR_TOP_KICKER
            return MH.TOP_PAIR_GOOD_KICKER if len(better) <= 2 else MH.TOP_PAIR_WEAK_KICKER
        return MH.MIDDLE_PAIR if len(top) > 1 and p == top[1] else MH.WEAK_PAIR
    return MH.ACE_HIGH if ACE in (r1, r2) else MH.NO_MADE_HAND


def draws(hole: list[int], board: list[int], made: MH) -> hr.Draw:
    D = hr.Draw
    out = D(0)
    if len(board) == 5:
        return out
    cat = category(hole + board)
    cards = hole + board
    if cat < 5:
        for s in range(4):
            n_all = sum(1 for c in cards if c & 3 == s)
            n_hole = sum(1 for c in hole if c & 3 == s)
            if n_hole and n_all == 4:
                out |= D.FLUSH_DRAW
                highest = max(r for r in range(13) if 4 * r + s not in board)
                if 4 * highest + s in hole:
                    out |= D.NUT_FLUSH_DRAW
            if n_hole and n_all == 3 and len(board) == 3:
                out |= D.BACKDOOR_FLUSH_DRAW
    if cat < 4:
        R = {c >> 2 for c in cards}
        B = {c >> 2 for c in board}
        outs = [x for x in range(13) if straight_high(R | {x}) > straight_high(B | {x})]
        if len(outs) == 1:
            out |= D.GUTSHOT
        elif len(outs) >= 2:
            open_ended = False
            # four consecutive ranks held (positions lo..lo+3), the two outs at their ends
            for lo in range(0, 9):
                run = {rank_at(p) for p in range(lo, lo + 4)}
                if len(outs) == 2 and run <= R and {rank_at(lo - 1), lo + 4} == set(outs):
                    open_ended = True
            out |= D.OPEN_ENDED if open_ended else D.DOUBLE_GUTSHOT
        elif len(board) == 3:
            for x, y in combinations(range(13), 2):
                if straight_high(R | {x, y}) > straight_high(B | {x, y}):
                    out |= D.BACKDOOR_STRAIGHT_DRAW
                    break
    r1, r2 = hole[0] >> 2, hole[1] >> 2
    if r1 != r2 and min(r1, r2) > max(c >> 2 for c in board) and made in (
            MH.NO_MADE_HAND, MH.ACE_HIGH, MH.BOARD_PAIR, MH.BOARD_TWO_PAIR, MH.BOARD_TRIPS):
        out |= D.OVERCARDS
    return out


def nut_rank(hole: list[int], board: list[int]) -> int:
    rest = [c for c in range(52) if c not in board and c not in hole]
    pairs = np.array(list(combinations(rest, 2)), dtype=np.uint8)
    cards = np.concatenate([pairs, np.broadcast_to(np.array(board, dtype=np.uint8),
                                                   (len(pairs), len(board)))], axis=1)
    values = set(hr.evaluate(cards).tolist())
    own = int(hr.evaluate(hole + board))
    return 1 + sum(1 for v in values if v > own)


def blockers(hole: list[int], board: list[int]) -> hr.Blocker:
    out = hr.Blocker(0)
    for s in range(4):
        on_board = sum(1 for c in board if c & 3 == s)
        if on_board >= 3 or (len(board) < 5 and on_board >= 2):
            highest = max(r for r in range(13) if 4 * r + s not in board)
            if 4 * highest + s in hole:
                out |= hr.Blocker.NUT_FLUSH
    B = {c >> 2 for c in board}
    best = max(straight_high(B | {x, y}) for x in range(13) for y in range(13))
    if best >= 0:
        need = window(best) - B
        if need & {hole[0] >> 2, hole[1] >> 2}:
            out |= hr.Blocker.NUT_STRAIGHT
    return out


def classify(hole: list[int], board: list[int]) -> tuple[int, int, int, int]:
    made = made_class(hole, board)
    return int(made), int(draws(hole, board, made)), nut_rank(hole, board), \
        int(blockers(hole, board))
