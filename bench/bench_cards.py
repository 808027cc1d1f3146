"""One card, one hand, one strength at a time (issue 37): parse in both
orders, the conversions from and to other libraries' cards, and
category / describe of one strength, beside treys's equivalents in the same
run.  Prints a markdown table of the minimum per-call time (microseconds) of
interleaved rounds (a loaded machine inflates medians, not minima).

    python bench/bench_cards.py            # handrank from the current env
    python bench/bench_cards.py --rounds 9

Rows a handrank version lacks (main before issue 37 has no from_treys) print
"n/a"; a peer that is not installed skips its rows.
"""
from __future__ import annotations

import argparse
import timeit

import numpy as np

import handrank as hr


def rows():
    out = []
    s, s16 = 5000, np.int16(5000)
    out += [
        ("parse, rank first", "hr.parse('As Ks Qd Jd')", lambda: hr.parse("As Ks Qd Jd")),
        ("parse, suit first", "hr.parse('SA SK DQ DJ')", lambda: hr.parse("SA SK DQ DJ")),
        ("parse, list of cards", "hr.parse(['As','Ks','Qd','Jd'])",
         lambda: hr.parse(["As", "Ks", "Qd", "Jd"])),
        ("category, int", "hr.category(5000)", lambda: hr.category(s)),
        ("category, np.int16", "hr.category(np.int16(5000))", lambda: hr.category(s16)),
        ("describe, int", "hr.describe(5000)", lambda: hr.describe(s)),
        ("describe, np.int16", "hr.describe(np.int16(5000))", lambda: hr.describe(s16)),
        ("breakdown, int", "hr.breakdown(5000)", lambda: hr.breakdown(s)),
        ("breakdown, np.int16", "hr.breakdown(np.int16(5000))", lambda: hr.breakdown(s16)),
    ]
    try:
        import treys
    except ImportError:
        treys = None
    if treys is not None:
        ints = [treys.Card.new(c) for c in ("As", "Ks", "Qd", "Jd", "2c")]
        ev = treys.Evaluator()
        r = 7462 - 5000
        out += [
            ("treys: Card.new x4", "[Card.new(c) for c in hand]",
             lambda: [treys.Card.new(c) for c in ("As", "Ks", "Qd", "Jd")]),
            ("treys: get_rank_class", "ev.get_rank_class(r)", lambda: ev.get_rank_class(r)),
            ("treys: class_to_string", "ev.class_to_string(ev.get_rank_class(r))",
             lambda: ev.class_to_string(ev.get_rank_class(r))),
        ]
        if hasattr(hr, "from_treys"):
            out += [("from_treys, 5 ints", "hr.from_treys(ints)", lambda: hr.from_treys(ints)),
                    ("to_treys, text", "hr.to_treys('As Ks Qd Jd 2c')",
                     lambda: hr.to_treys("As Ks Qd Jd 2c"))]
        else:
            out += [("from_treys, 5 ints", "n/a", None), ("to_treys, text", "n/a", None)]
    for peer, make, fr, to in (("eval7", lambda m: [m.Card(c) for c in ("As", "Ks", "Qd")],
                                "from_eval7", "to_eval7"),
                               ("pokerkit", lambda m: list(m.Card.parse("AsKsQd")),
                                "from_pokerkit", "to_pokerkit")):
        try:
            mod = __import__(peer)
        except ImportError:
            continue
        if not hasattr(hr, fr):
            out += [(f"{fr}, 3 cards", "n/a", None), (f"{to}, text", "n/a", None)]
            continue
        cards = make(mod)
        out += [(f"{peer}: its own cards from text, 3", "Card(s) x3" if peer == "eval7" else
                 "list(Card.parse('AsKsQd'))", lambda m=mod, mk=make: mk(m))]
        out += [(f"{fr}, 3 cards", f"hr.{fr}(cards)", lambda f=getattr(hr, fr), c=cards: f(c)),
                (f"{to}, text", f"hr.{to}('As Ks Qd')",
                 lambda f=getattr(hr, to): f("As Ks Qd")),
                (f"{to}, codes", f"hr.{to}([51, 47, 41])",
                 lambda f=getattr(hr, to): f([51, 47, 41]))]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--number", type=int, default=20000)
    args = ap.parse_args(argv)
    table = []
    for name, code, fn in rows():                    # a call this version lacks: n/a
        try:
            fn is not None and fn()
        except (TypeError, AttributeError, ValueError):
            fn = None
        table.append((name, code, fn))
    best = {name: float("inf") for name, _, fn in table if fn is not None}
    for _ in range(args.rounds):                       # interleaved: each round times all
        for name, _, fn in table:
            if fn is not None:
                fn()
                t = timeit.timeit(fn, number=args.number) / args.number * 1e6
                best[name] = min(best[name], t)
    print(f"handrank {hr.__version__}, numpy {np.__version__}; minimum of {args.rounds} rounds "
          f"of {args.number} calls (a lambda's call, ~0.03-0.05 us, included)\n")
    print("| call | code | us |\n|---|---|---|")
    for name, code, fn in table:
        print(f"| {name} | `{code}` | {'n/a' if fn is None else f'{best[name]:.3f}'} |")


if __name__ == "__main__":
    main()
