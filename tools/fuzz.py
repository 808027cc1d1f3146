"""Coverage-guided fuzzing of handrank's public entry points (atheris).

Every input is turned into a call of parse, evaluate, evaluate_masks,
best_five, evaluate_omaha, showdown or equity with arbitrary text, bytes,
dtypes, shapes and strides.  Anything but a result, HandError or TypeError
is a finding (and so is a crash: run it on the sanitizer build to catch
memory errors in the C core).

    pip install atheris
    python tools/fuzz.py -max_total_time=60 /tmp/corpus tools/fuzz_corpus   # CI
    python tools/fuzz.py -max_total_time=3600 /tmp/corpus tools/fuzz_corpus # longer

The first directory receives new inputs; tools/fuzz_corpus holds the seeds.
"""
from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import numpy as np

    import handrank as hr

RULES = ["high", "ace-to-five", "ace-to-five-8", "deuce-to-seven", "ace-to-six", "razz", "x"]
WILDS = [None, "bug", "jokers", "2", "Js Jh", "zz", [0, 60]]
DTYPES = [np.uint8, np.int8, np.uint16, np.int32, np.int64, np.uint64, np.float32, np.bool_]
GAMES = [g.name for g in hr.GAMES] + ["nope"]


def _array(fdp: atheris.FuzzedDataProvider) -> np.ndarray:
    dtype = np.dtype(DTYPES[fdp.ConsumeIntInRange(0, len(DTYPES) - 1)])
    ndim = fdp.ConsumeIntInRange(0, 3)
    shape = tuple(fdp.ConsumeIntInRange(0, 12) for _ in range(ndim))
    size = int(np.prod(shape)) if shape else 1
    raw = fdp.ConsumeBytes(size * dtype.itemsize)
    raw = raw + b"\0" * (size * dtype.itemsize - len(raw))
    arr = np.frombuffer(raw, dtype=dtype).reshape(shape).copy()
    if arr.ndim == 2 and fdp.ConsumeBool():
        arr = arr[::-1, ::2] if fdp.ConsumeBool() else np.asfortranarray(arr)
    return arr


def _hand(fdp: atheris.FuzzedDataProvider):
    kind = fdp.ConsumeIntInRange(0, 3)
    if kind == 0:
        return fdp.ConsumeUnicodeNoSurrogates(40)
    if kind == 1:
        return [fdp.ConsumeIntInRange(-5, 300) for _ in range(fdp.ConsumeIntInRange(0, 10))]
    if kind == 2:
        return _array(fdp)
    return [fdp.ConsumeUnicodeNoSurrogates(20) for _ in range(fdp.ConsumeIntInRange(0, 4))]


NUMBERS = [None, 0, 1, 2, 3, -1, 2**31, 2**63, 2**64, 10**20, 1.5, True, "2", np.int64(2),
           np.uint64(2**63)]


def _number(fdp: atheris.FuzzedDataProvider):
    """A numeric argument as a careless user writes it: small, huge, negative,
    a float, a bool, a str or a numpy scalar."""
    if fdp.ConsumeBool():
        return NUMBERS[fdp.ConsumeIntInRange(0, len(NUMBERS) - 1)]
    return fdp.ConsumeIntInRange(-3, 2**40)


def _game(fdp: atheris.FuzzedDataProvider):
    """A custom Game with arbitrary fields (most are refused)."""
    pick = lambda xs: xs[fdp.ConsumeIntInRange(0, len(xs) - 1)]  # noqa: E731
    return hr.Game(pick(["g", "", None]), hole=pick([0, 1, 2, 4, 5, 6, 7, 8, 2.0, True, -1]),
                   board=pick([0, 3, 4, 5, 6, -1]), select=pick(["any", "omaha", "all", "x"]),
                   high=pick(["high", None, "razz", "x"]), low=pick([None, "a5-8", "2-7", "a5"]),
                   deck=pick([52, 53, 54, 0]), wild=pick([None, "bug", "2", "zz"]),
                   boards=pick([1, 1, 2, 2, 0, 3, True]))


def _out(fdp: atheris.FuzzedDataProvider, n: int):
    kind = fdp.ConsumeIntInRange(0, 4)
    if kind == 0:
        return None
    if kind == 1:
        return np.empty(fdp.ConsumeIntInRange(0, 12), dtype=np.int16)
    if kind == 2:
        return np.zeros(2 * max(n, 1), dtype=np.int16)[::2]
    if kind == 3:
        out = np.empty(max(n, 1), dtype=np.int16)
        out.flags.writeable = False
        return out
    return [0] * n


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    rules = RULES[fdp.ConsumeIntInRange(0, len(RULES) - 1)]
    wild = WILDS[fdp.ConsumeIntInRange(0, len(WILDS) - 1)]
    what = fdp.ConsumeIntInRange(0, 10)
    try:
        if what == 0:
            hr.parse(fdp.ConsumeUnicodeNoSurrogates(60))
        elif what == 1:
            hand = _hand(fdp)
            hr.evaluate(hand, rules, wild, out=_out(fdp, len(hand)), threads=_number(fdp))
        elif what == 2:
            masks = [fdp.ConsumeIntInRange(0, 2**64 - 1) for _ in range(fdp.ConsumeIntInRange(0, 8))]
            hr.evaluate_masks(np.array(masks, dtype=np.uint64), rules, wild)
        elif what == 3:
            hr.best_five(_hand(fdp), rules, wild)
        elif what == 4:
            hr.evaluate_omaha(_hand(fdp), _hand(fdp), rules, wild)
        elif what == 5:
            game = GAMES[fdp.ConsumeIntInRange(0, len(GAMES) - 1)]
            hands = [_hand(fdp) for _ in range(fdp.ConsumeIntInRange(0, 4))]
            hr.showdown(game, hands, _hand(fdp) if fdp.ConsumeBool() else None)
        elif what == 6:
            game = GAMES[fdp.ConsumeIntInRange(0, len(GAMES) - 1)]
            hands = [_hand(fdp) if fdp.ConsumeBool() else "??"
                     for _ in range(fdp.ConsumeIntInRange(0, 4))]
            hr.equity(game, hands, board=fdp.ConsumeUnicodeNoSurrogates(16),
                      trials=fdp.ConsumeIntInRange(1, 300), seed=fdp.ConsumeIntInRange(0, 9))
        elif what == 7:
            s = fdp.ConsumeIntInRange(-3, 8000)
            hr.describe(s, rules)
            hr.category(s, rules)
        elif what == 8:                                    # a custom game, used
            g = _game(fdp)
            hands = [_hand(fdp) for _ in range(fdp.ConsumeIntInRange(0, 3))]
            board = _hand(fdp) if g.board else None
            if g.boards == 2 and fdp.ConsumeBool():
                board = [_hand(fdp), _hand(fdp)] if fdp.ConsumeBool() else \
                    f"{_hand(fdp)} | {_hand(fdp)}"
            hr.showdown(g, hands, board, threads=_number(fdp))
            hr.equity(g, ["??", "??"], board=board if fdp.ConsumeBool() else "",
                      trials=fdp.ConsumeIntInRange(1, 200), seed=1)
        elif what == 9:                                    # numeric arguments
            trials = _number(fdp)
            if isinstance(trials, (int, np.integer)) and 1000 < trials <= 2**62:
                trials = 1000                              # valid, and quick
            hr.equity("holdem", ["As Ks", "??"], board="2c 3d 4h 5s", trials=trials,
                      seed=_number(fdp), threads=_number(fdp))
        else:
            hr.evaluate_omaha(_hand(fdp), _hand(fdp), rules, wild, out=_out(fdp, 1),
                              threads=_number(fdp))
    except (hr.HandError, TypeError):
        pass


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
