"""Range text: the parser that reads ``"QQ+, AKs, 0.5(JJ), !AhKh"`` into the
hands and weights a :class:`~handrank.Range` holds, and the writer that
turns them back into compact text (``Range.to_text``).

Neither needs a Range: the reader fills a :class:`RangeReader`; the writer
takes hands and weights.  The model itself is :mod:`handrank.ranges._ranges`.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from ..cards import RANK_CHARS, card_name, parse_codes, card_list
from ._classes import (CLASS_INDEX, CLASS_OF, _CLASS_SIZE, _RANK, HAND_CLASSES, _class_combos,
                       _combos_of, top_classes)
from ._omaha_syntax import AllHands, OmahaSyntaxError, masks_to_hands, pattern_masks
from ..base import HandError, upcalls

__all__ = ["RangeReader", "live_cards"]

_CLASS_TOKEN = re.compile(r"[2-9TJQKA]{2}[so]?\+?(-[2-9TJQKA]{2}[so]?)?", re.IGNORECASE)
_PERCENT = re.compile(r"(\d+(\.\d*)?|\.\d+)%")
_TOKEN = re.compile(r"""
    [\s,;]*(?P<weight>\d*\.?\d+)\s*\((?P<inner>[^()]*)\)   # 0.5(JJ, AKs)
  | (?P<item>[^,;()]+)                                       # anything up to a comma
  | (?P<junk>[()])                                           # a stray parenthesis
""", re.VERBOSE)
_WEIGHT_TAIL = re.compile(r":\s*(\d*\.?\d+)$")

#: A random Omaha range is listed to remove a pattern from it up to this many hands.
_OMAHA_LIST_RANDOM = 300_000


def _exact_codes(token: str, cards: int) -> list[int] | None:
    """The codes of a token that is exactly ``cards`` cards (``AhKhQdJd``), else None."""
    try:
        codes = parse_codes(token)
    except HandError:
        return None
    return codes if len(codes) == cards else None


def live_cards(dead: frozenset[int]) -> list[int]:
    """Cards a hand may use when ``dead`` are out, highest first."""
    return [c for c in range(51, -1, -1) if c not in dead]


class RangeReader:
    """Reads range text, or a list of exact hands, into what a Range holds.

    ``weights``: each listed hand (card codes, highest first) and its weight;
    ``random_weight``: the weight of every other hand (``random``), or None;
    ``dead``: cards removed with ``!Ah`` (no hand holds them).
    ``list_limit``: an Omaha pattern matching more hands than this is
    refused (Range passes its ``LIST_LIMIT``).
    """

    def __init__(self, cards: int, list_limit: int = 3_000_000) -> None:
        self.cards = cards
        self.list_limit = list_limit
        self.weights: dict[tuple[int, ...], float] = {}
        self.random_weight: float | None = None
        self.dead: frozenset[int] = frozenset()

    def read_hands(self, items: list[Any]) -> str:
        """Add exact hands (texts or card codes) at weight 1; the range's text."""
        labels = []
        for i, item in enumerate(items):
            if isinstance(item, str):
                try:
                    codes = parse_codes(item)
                except HandError as e:
                    raise HandError(f"range item {i}: {e}") from None
                labels.append(item)
            else:
                try:
                    arr = np.array(card_list(item, f"range item {i}"))
                except (HandError, TypeError, ValueError):
                    raise HandError(f"range item {i} is {item!r}; an item is a hand's text "
                                    f"('AhKh') or its {self.cards} card codes") from None
                codes = arr.tolist()
                labels.append(" ".join(card_name(c) for c in codes))
            self._add_exact(codes, 1.0, f"item {i}")
        return ", ".join(labels)

    def _add(self, combo: Iterable[int], weight: float) -> None:
        if self.random_weight is not None and weight <= self.random_weight:
            return                                   # absorbed by random
        key = tuple(sorted(combo, reverse=True))
        self.weights[key] = max(weight, self.weights.get(key, 0.0))

    def _add_sorted(self, keys: list[tuple[int, ...]], weight: float) -> None:
        """_add of many combos already highest card first (a pattern's)."""
        if self.random_weight is not None and weight <= self.random_weight:
            return
        w = self.weights
        if not w:
            w.update(dict.fromkeys(keys, weight))
            return
        get = w.get
        for key in keys:
            old = get(key)
            if old is None or old < weight:
                w[key] = weight

    def _add_exact(self, codes: list[int], weight: float, where: str) -> None:
        if len(codes) != self.cards or len(set(codes)) != len(codes) or max(codes) >= 52 \
                or min(codes) < 0:
            raise HandError(f"range {where}: {len(codes)} cards; a hand here is "
                            f"{self.cards} different cards of the 52-card deck")
        self._add(codes, weight)

    def _error(self, text: str, token: str, pos: int, why: str) -> HandError:
        return HandError(f"cannot read range token {token.strip()!r} at position {pos} of "
                         f"{text!r}: {why}")

    def read(self, text: str) -> None:
        """Add what range text says (see :class:`~handrank.Range`)."""
        self._exclusions: list[tuple[str, int]] = []
        for m in _TOKEN.finditer(text):
            if m.group("junk") is not None:
                raise self._error(text, m.group("junk"), m.start(), "unbalanced parenthesis; "
                                  "weights are written 0.5(JJ, AKs)")
            if m.group("weight") is not None:
                weight = float(m.group("weight"))
                if not 0 < weight <= 1:
                    raise self._error(text, m.group(0), m.start(), "weights are in (0, 1]")
                base = m.start("inner")
                for sub in re.finditer(r"[^,;\s]+", m.group("inner")):
                    self._item(text, sub.group(0), base + sub.start(), weight, True)
            else:
                base = m.start("item")
                for sub in re.finditer(r"[^,;\s]+", m.group("item")):
                    self._item(text, sub.group(0), base + sub.start(), 1.0, False)
        for token, pos in self._exclusions:
            self._exclude(text, token, pos)
        del self._exclusions

    def _item(self, text: str, token: str, pos: int, weight: float, weighted: bool) -> None:
        if token.startswith("!"):
            if weighted or ":" in token:
                raise self._error(text, token, pos, "an exclusion takes no weight: it removes "
                                  "hands whatever their weight (QQ+, AKs, !AhKh)")
            if len(token) == 1:
                raise self._error(text, token, pos, "'!' is followed by what to remove: "
                                  "!AhKh, !AKo, !Ah")
            self._exclusions.append((token[1:], pos + 1))
            return
        if ":" in token and self.cards != 2 and not _WEIGHT_TAIL.search(token):
            pass                                     # Omaha: ":" intersects (AA:$ds)
        elif ":" in token:
            token, _, w = token.rpartition(":") if self.cards != 2 else token.partition(":")
            try:
                weight = float(w)
            except ValueError:
                raise self._error(text, token + ":" + w, pos, "a weight is a number") from None
            if not 0 < weight <= 1:
                raise self._error(text, token, pos, "weights are in (0, 1]")
        low = token.lower()
        if low in ("random", "100%", "any", "xx"):
            self._add_all(weight)
            return
        if _PERCENT.fullmatch(token) and float(token[:-1]) == 100:
            self._add_all(weight)                   # "100.0%" is random, as "100%" is
            return
        if _PERCENT.fullmatch(token):
            combos = self._percent(text, token, pos)
            if len(combos) == comb(52, self.cards):   # every hand: random, as "100%" is
                self._add_all(weight)
                return
            if self.cards != 2:                      # listed highest card first
                self._add_sorted(combos, weight)
                return
            for combo in combos:
                self._add(combo, weight)
            return
        if self.cards != 2:
            codes = _exact_codes(token, self.cards)
            if codes is not None:
                self._add_exact(codes, weight, f"token {token!r} at position {pos}")
                return
            combos = self._omaha_pattern(text, token, pos)        # AA:$ds, RRON, ...
            if combos is None:                                     # "****" is random
                self._add_all(weight)
                return
            self._add_sorted(combos, weight)
            return
        if _CLASS_TOKEN.fullmatch(token):
            for combo in self._expand(text, token, pos):
                self._add(combo, weight)
            return
        try:
            codes = parse_codes(token)
        except HandError:
            raise self._error(text, token, pos, "expected a pair (77), two ranks with s/o "
                              "(AKs, KQo, AK), a + or - range (QQ+, A5s-A2s), cards (AhKh), "
                              "or 'random'") from None
        self._add_exact(codes, weight, f"token {token!r} at position {pos}")

    def _percent(self, text: str, token: str, pos: int) -> list[tuple[int, int]]:
        """The combos of a percentage token ("15%"): whole classes, best first
        (Omaha: suit-isomorphic classes in order of equity, through
        the upcall ``omaha_percent`` of handrank.tables, which sits in a higher
        layer: it plays hands to rank them)."""
        p = float(token[:-1])
        if not 0 <= p <= 100:
            raise self._error(text, token, pos, "a percentage is 0% to 100%")
        if self.cards != 2 and 0 < p < 100:           # Omaha, by equity order
            try:
                hands = upcalls.omaha_percent(self.cards, p, self.list_limit)
            except HandError as e:
                raise self._error(text, token, pos, str(e)) from None
            return list(map(tuple, hands.tolist()))   # highest card first
        if self.cards != 2:                           # 0%: nothing (100% is random)
            return []
        out: list[tuple[int, int]] = []
        for name in top_classes(p):
            out += _class_combos(name)
        return out

    def _exclude(self, text: str, token: str, pos: int) -> None:
        """Apply one exclusion ("!AhKh", "!AKo", "!Ah", "!15%"): hands removed
        from the range whatever their weight."""
        low = token.lower()
        if low in ("random", "100%", "any", "xx") or (_PERCENT.fullmatch(token) and
                                                        float(token[:-1]) == 100):
            self.random_weight = None
            self.weights = {}
            return
        if _PERCENT.fullmatch(token) or (self.cards == 2 and _CLASS_TOKEN.fullmatch(token)):
            combos = (self._percent(text, token, pos) if _PERCENT.fullmatch(token)
                      else self._expand(text, token, pos))
            self._drop(set(combos))
            return
        if self.cards != 2 and _exact_codes(token, self.cards) is None and \
                _exact_codes(token, 1) is None:
            self._drop_omaha(text, token, pos)
            return
        try:
            codes = parse_codes(token)
        except HandError:
            raise self._error(text, "!" + token, pos - 1, "an exclusion is '!' and a card "
                              "(!Ah), a hand (!AhKh), a class or run (!AKo, !A5s-A2s) or a "
                              "percentage (!5%)") from None
        if len(codes) == 1 and codes[0] < 52:
            self.dead = self.dead | {codes[0]}
            self.weights = {k: w for k, w in self.weights.items() if codes[0] not in k}
            return
        if len(codes) != self.cards or len(set(codes)) != len(codes) or max(codes) >= 52:
            raise self._error(text, "!" + token, pos - 1, f"an exclusion is one card (!Ah) "
                              f"or one hand of {self.cards} different cards")
        if self.random_weight is not None and self.cards != 2:
            raise self._error(text, "!" + token, pos - 1, "a random Omaha range is not "
                              "listed, so single hands cannot be removed from it; remove "
                              "cards (!Ah) or list the hands")
        self._drop({tuple(sorted(codes, reverse=True))})

    # ---- Omaha patterns (ProPokerTools' generic syntax; _omaha_syntax) ----
    def _omaha_pattern(self, text: str, token: str, pos: int) -> list[tuple[int, ...]] | None:
        """The hands of an Omaha pattern token, highest card first (None: every hand)."""
        try:
            if set(token) == {"*"} and len(token) <= self.cards:
                return None                              # "*", "****": every hand
            try:
                masks = pattern_masks(token, self.cards, self.list_limit)
            except AllHands:                             # counted: every hand
                return None
            if len(masks) > self.list_limit and len(masks) != comb(52, self.cards):
                raise OmahaSyntaxError(f"it matches {len(masks):,} hands, more than a range "
                                       f"lists ({self.list_limit:,})")
            hands = masks_to_hands(masks, self.cards)
        except OmahaSyntaxError as e:
            raise self._error(text, token, pos + e.pos, f"{e}; Omaha ranges take exact hands "
                              f"(AhKhQdJd), 'random', percentages (10%) and patterns such "
                              f"as AA, AxAyxy, RRON, [A-T][A-T]**, AA:$ds") from None
        if len(masks) == comb(52, self.cards):
            return None                                  # every hand: random, unlisted
        return list(map(tuple, hands.tolist()))

    def _drop_omaha(self, text: str, token: str, pos: int) -> None:
        """Remove an Omaha pattern's hands; a random range is listed first
        (four-card hands only)."""
        if self.random_weight is not None:
            if comb(52 - len(self.dead), self.cards) > _OMAHA_LIST_RANDOM:
                raise self._error(text, "!" + token, pos - 1, f"a random {self.cards}-card "
                                  f"range is not listed, so a pattern cannot be removed from "
                                  f"it; remove cards (!Ah) or name the hands to keep")
        combos = self._omaha_pattern(text, token, pos)
        if combos is None:                                   # "!****": nothing is left
            self.random_weight, self.weights = None, {}
            return
        self._drop(set(combos))

    def _drop(self, keys: set[tuple[int, ...]]) -> None:
        """Remove hold'em combos (high code first), listing a random range first."""
        if self.random_weight is not None:          # hold'em: 1,326 hands at most
            rw = self.random_weight
            live = live_cards(self.dead)
            for key in combinations(live, self.cards):
                self.weights.setdefault(key, rw)
            self.random_weight = None
        for key in keys:
            self.weights.pop(key, None)

    def _add_all(self, weight: float) -> None:
        """Every hand at ``weight``: kept as one number, never listed."""
        rw = max(weight, self.random_weight or 0.0)
        self.random_weight = rw
        self.weights = {k: w for k, w in self.weights.items() if w > rw}

    def _hand(self, text: str, token: str, pos: int) -> tuple[int, int, str]:
        m = re.fullmatch(r"([2-9TJQKA])([2-9TJQKA])([so]?)", token, re.IGNORECASE)
        if not m:
            raise self._error(text, token, pos, "expected a pair (77), two ranks with s/o "
                              "(AKs, KQo, AK), a + or - range (QQ+, A5s-A2s), cards (AhKh), "
                              "or 'random'")
        a, b = _RANK[m.group(1).upper()], _RANK[m.group(2).upper()]
        kind = m.group(3).lower()
        if a == b and kind:
            raise self._error(text, token, pos, "a pair is neither suited nor offsuit")
        return max(a, b), min(a, b), kind

    def _expand(self, text: str, token: str, pos: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        if token.endswith("+"):
            hi, lo, kind = self._hand(text, token[:-1], pos)
            if hi == lo:                                # 77+ : pairs up to AA
                for r in range(lo, 13):
                    out += _combos_of(r, r, "")
            else:                                       # A9s+ : kicker up to hi - 1
                for r in range(lo, hi):
                    out += _combos_of(hi, r, kind)
            return out
        if "-" in token:
            left, _, right = token.partition("-")
            h1, l1, k1 = self._hand(text, left, pos)
            h2, l2, k2 = self._hand(text, right, pos + len(left) + 1)
            if h1 == l1 and h2 == l2:                   # 99-66
                for r in range(min(h1, h2), max(h1, h2) + 1):
                    out += _combos_of(r, r, "")
                return out
            if h1 == l1 or h2 == l2 or k1 != k2:
                raise self._error(text, token, pos, "both ends of a dash range are pairs "
                                  "(99-66) or non-pairs of one kind (A5s-A2s, T9s-65s, "
                                  "KQo-87o)")
            if h1 == h2:                                # A5s-A2s: the second rank runs
                for r in range(min(l1, l2), max(l1, l2) + 1):
                    out += _combos_of(h1, r, k1)
                return out
            if h1 - l1 != h2 - l2:
                raise self._error(text, token, pos, f"the gaps differ: {left} has ranks "
                                  f"{h1 - l1} apart, {right} {h2 - l2}; a dash range keeps "
                                  f"the first rank (A5s-A2s) or the gap (T9s-65s, J9s-64s)")
            gap = h1 - l1                               # T9s-65s: both ranks run
            for top in range(min(h1, h2), max(h1, h2) + 1):
                out += _combos_of(top, top - gap, k1)
            return out
        hi, lo, kind = self._hand(text, token, pos)
        return _combos_of(hi, lo, kind)


# ------------------------------------------------------------------ writing

def _combo_text(key: Iterable[int]) -> str:
    return "".join(card_name(c) for c in key)


def _weight_text(w: float) -> str:
    """A weight as the parser reads it back exactly (no exponent)."""
    text = np.format_float_positional(w, trim="-")
    assert float(text) == w
    return text


def _weighted(w: float, tokens: list[str]) -> str:
    return ", ".join(tokens) if w == 1.0 else f"{_weight_text(w)}({', '.join(tokens)})"


def _split_classes(rest: dict[tuple[int, ...], float], present: set | None
                   ) -> tuple[dict[float, set[str]], set[tuple[int, ...]]]:
    """Classes all of whose hands are in ``rest`` at one weight, by weight; and
    the hands of ``rest`` in no such class (classes written with exclusions by
    :func:`_mostly_full` excepted)."""
    by_class: dict[str, list[tuple[int, ...]]] = {}
    for k in rest:
        by_class.setdefault(HAND_CLASSES[CLASS_OF[k[0], k[1]]], []).append(k)
    full: dict[float, set[str]] = {}
    part: set[tuple[int, ...]] = set()
    mostly = _mostly_full(present, rest) if present is not None else {}
    for name, keys in by_class.items():
        ws = {rest[k] for k in keys}
        if len(keys) == _CLASS_SIZE[CLASS_INDEX[name]] and len(ws) == 1:
            full.setdefault(ws.pop(), set()).add(name)
        elif name not in mostly:
            part.update(keys)
    return full, part


def _mostly_full(present: set | dict, rest: dict[tuple[int, ...], float]
                 ) -> dict[str, tuple[float, list[tuple[int, ...]]]]:
    """Classes whose hands in ``rest`` share one weight, that lack fewer hands
    than they hold, and whose missing hands are not in the range at all:
    written as the class and exclusions.  ``{name: (weight, missing)}``."""
    by_class: dict[str, list[tuple[int, ...]]] = {}
    for k in rest:
        by_class.setdefault(HAND_CLASSES[CLASS_OF[k[0], k[1]]], []).append(k)
    out = {}
    for name, keys in by_class.items():
        size = int(_CLASS_SIZE[CLASS_INDEX[name]])
        ws = {rest[k] for k in keys}
        if len(keys) == size or len(ws) != 1 or 2 * len(keys) <= size:
            continue
        missing = [k for k in _class_combos(name) if k not in rest]
        if any(k in present for k in missing):
            continue
        out[name] = (ws.pop(), missing)
    return out


def _compress(classes: set[str]) -> list[str]:
    """Tokens for a set of whole classes: pair runs (77+, 99-66), runs of the
    second rank (A9s+, A5s-A2s, KTo+), then runs of fixed gap (T9s-65s), then
    single classes; ``AK`` where suited and offsuit are both in."""
    tokens: list[tuple[tuple, str]] = []
    pairs = sorted((_RANK[c[0]] for c in classes if len(c) == 2), reverse=True)
    for run in _runs(pairs):
        top, bot = RANK_CHARS[run[0]], RANK_CHARS[run[-1]]
        if run[0] == 12 and len(run) > 1:
            tokens.append(((0, -run[0]), f"{bot}{bot}+"))
        elif len(run) > 1:
            tokens.append(((0, -run[0]), f"{top}{top}-{bot}{bot}"))
        else:
            tokens.append(((0, -run[0]), f"{top}{top}"))
    suited = {(_RANK[c[0]], _RANK[c[1]]) for c in classes if c[2:] == "s"}
    offsuit = {(_RANK[c[0]], _RANK[c[1]]) for c in classes if c[2:] == "o"}
    sets = {"": suited & offsuit, "s": suited - offsuit, "o": offsuit - suited}
    order = {"": 0, "s": 1, "o": 2}
    for kind, cells in sets.items():
        single = set()
        for hi in range(12, 0, -1):
            los = sorted((lo for h, lo in cells if h == hi), reverse=True)
            for run in _runs(los):
                a = RANK_CHARS[hi]
                key = (1, -hi, order[kind], -run[0])
                if len(run) == 1:
                    single.add((hi, run[0]))
                elif run[0] == hi - 1:
                    tokens.append((key, f"{a}{RANK_CHARS[run[-1]]}{kind}+"))
                else:
                    tokens.append((key, f"{a}{RANK_CHARS[run[0]]}{kind}-"
                                        f"{a}{RANK_CHARS[run[-1]]}{kind}"))
        for gap in range(1, 13):
            tops = sorted((hi for hi, lo in single if hi - lo == gap), reverse=True)
            for run in _runs(tops):
                a, b = RANK_CHARS[run[0]], RANK_CHARS[run[0] - gap]
                key = (1, -run[0], order[kind], -(run[0] - gap))
                if len(run) == 1:
                    tokens.append((key, f"{a}{b}{kind}"))
                else:
                    c, d = RANK_CHARS[run[-1]], RANK_CHARS[run[-1] - gap]
                    tokens.append((key, f"{a}{b}{kind}-{c}{d}{kind}"))
    return [t for _, t in sorted(tokens)]


def _runs(values: list[int]) -> list[list[int]]:
    """Runs of consecutive integers in a descending list."""
    runs: list[list[int]] = []
    for v in values:
        if runs and runs[-1][-1] == v + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs
