"""Exhaustive check over all 133,784,560 seven-card hands.

Prints, and checks against published counts, the category of the best high
hand, the number of distinct strengths, the best razz (ace-to-five) low, the
eight-or-better lows, and (with a 53rd card, the joker as a bug) the
154,143,080 hands of Alspach's joker table.

    python bench/exhaustive7.py            # about 10 s on 2 cores

The same checks run in the test suite (tests/test_exhaustive7.py).
"""
from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations

import numpy as np

import handrank as hr

TOTAL = 133_784_560
HIGH_COUNTS = {  # category -> hands, royal flushes counted apart from straight flushes
    "HIGH_CARD": 23_294_460, "ONE_PAIR": 58_627_800, "TWO_PAIR": 31_433_400,
    "THREE_OF_A_KIND": 6_461_620, "STRAIGHT": 6_180_020, "FLUSH": 4_047_644,
    "FULL_HOUSE": 3_473_184, "FOUR_OF_A_KIND": 224_848, "STRAIGHT_FLUSH": 41_584 - 4_324,
    "ROYAL_FLUSH": 4_324,
}
HIGH_DISTINCT = 4_824
RAZZ_TOP_CARD = {"Five": 781_824, "Six": 3_151_360, "Seven": 7_426_560, "Eight": 13_171_200,
                 "King": 13_939_200}
EIGHT_OR_BETTER = 24_530_944
BUG_COUNTS = {  # 53-card deck, the joker a bug, 7 cards (Alspach); royals within straight flushes
    "FIVE_OF_A_KIND": 1_128, "STRAIGHT_FLUSH": 210_964, "FOUR_OF_A_KIND": 307_472,
    "FULL_HOUSE": 4_188_528, "FLUSH": 6_172_088, "STRAIGHT": 11_236_028,
    "THREE_OF_A_KIND": 7_470_676, "TWO_PAIR": 35_553_816, "ONE_PAIR": 64_221_960,
    "HIGH_CARD": 24_780_420,
}
BUG_TOTAL = 154_143_080


def seven_card_chunks():
    """Every 7-card hand, in chunks: the two lowest cards (a, b), then every five
    of the cards above b."""
    fives = {n: np.array(list(combinations(range(n), 5)), dtype=np.uint8) for n in range(5, 51)}
    for b in range(1, 47):
        rest = fives[51 - b] + np.uint8(b + 1)
        for a in range(b):
            chunk = np.empty((len(rest), 7), dtype=np.uint8)
            chunk[:, 0] = a
            chunk[:, 1] = b
            chunk[:, 2:] = rest
            yield chunk


def joker_chunks():
    """Every 7-card hand of the 53-card deck that holds the joker: six natural
    cards (the lowest, then five above it) and the joker."""
    fives = {n: np.array(list(combinations(range(n), 5)), dtype=np.uint8) for n in range(5, 52)}
    for a in range(47):
        rest = fives[51 - a] + np.uint8(a + 1)
        chunk = np.empty((len(rest), 7), dtype=np.uint8)
        chunk[:, 0] = a
        chunk[:, 1:6] = rest
        chunk[:, 6] = 52
        yield chunk


def run(threads: int | None = None, verbose: bool = True) -> dict:
    high_hist = np.zeros(7475, dtype=np.int64)
    razz_hist = np.zeros(6175, dtype=np.int64)
    eight = 0
    n = 0
    start = time.perf_counter()
    for chunk in seven_card_chunks():
        s = hr.evaluate(chunk, "high", threads=threads)
        high_hist += np.bincount(s, minlength=7475)
        r = hr.evaluate(chunk, "razz", threads=threads)
        razz_hist += np.bincount(r, minlength=6175)
        eight += int(np.count_nonzero(hr.evaluate(chunk, "a5-8", threads=threads) >= 0))
        n += len(chunk)
    bug_hist = high_hist.copy()          # hands without the joker are unchanged by wild="bug"
    for chunk in joker_chunks():
        bug_hist += np.bincount(hr.evaluate(chunk, "high", "bug", threads=threads), minlength=7475)
    elapsed = time.perf_counter() - start
    cats = hr.category(np.arange(7475))
    high = {c.name: int(high_hist[cats == c].sum()) for c in hr.Category if c.name != "FIVE_OF_A_KIND"}
    tops = [hr.get_rules("razz").ranks(s)[0] for s in range(6175)]
    paired = hr.category(np.arange(6175), "razz") != hr.Category.HIGH_CARD
    words = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
             "Queen", "King", "Ace"]
    razz = {}
    for s in range(6175):
        if not paired[s]:
            razz[words[tops[s]]] = razz.get(words[tops[s]], 0) + int(razz_hist[s])
    bug = {c.name: int(bug_hist[cats == c].sum()) for c in hr.Category}
    bug["STRAIGHT_FLUSH"] += bug.pop("ROYAL_FLUSH")
    result = {"hands": n, "high": high, "high_distinct": int(np.count_nonzero(high_hist)),
              "bug": bug, "bug_hands": int(bug_hist.sum()),
              "razz_top_card": razz, "razz_paired": int(razz_hist[paired].sum()),
              "eight_or_better": eight, "seconds": elapsed}
    if verbose:
        print(f"{n:,} seven-card hands, three rule sets, plus the joker hands, in {elapsed:.1f} s")
        for name, count in high.items():
            print(f"  high {name:<16} {count:>12,}  (published {HIGH_COUNTS[name]:,})")
        print(f"  high distinct strengths {result['high_distinct']:,} (published {HIGH_DISTINCT:,})")
        for word in ("Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King"):
            pub = f"  (published {RAZZ_TOP_CARD[word]:,})" if word in RAZZ_TOP_CARD else ""
            print(f"  razz {word + '-high low':<16} {razz.get(word, 0):>12,}{pub}")
        print(f"  razz paired (no unpaired five) {result['razz_paired']:,}")
        print(f"  eight-or-better qualifying {eight:,} (published {EIGHT_OR_BETTER:,})")
        print(f"{result['bug_hands']:,} seven-card hands of a 53-card deck, the joker a bug:")
        for name, count in bug.items():
            print(f"  bug {name:<16} {count:>12,}  (published {BUG_COUNTS[name]:,})")
    return result


def check(result: dict) -> list[str]:
    problems = []
    if result["hands"] != TOTAL:
        problems.append(f"hands {result['hands']} != {TOTAL}")
    for name, count in HIGH_COUNTS.items():
        if result["high"][name] != count:
            problems.append(f"high {name}: {result['high'][name]} != {count}")
    if result["high_distinct"] != HIGH_DISTINCT:
        problems.append(f"distinct {result['high_distinct']} != {HIGH_DISTINCT}")
    for word, count in RAZZ_TOP_CARD.items():
        if result["razz_top_card"].get(word) != count:
            problems.append(f"razz {word}-high {result['razz_top_card'].get(word)} != {count}")
    if result["bug_hands"] != BUG_TOTAL:
        problems.append(f"bug hands {result['bug_hands']} != {BUG_TOTAL}")
    for name, count in BUG_COUNTS.items():
        if result["bug"][name] != count:
            problems.append(f"bug {name}: {result['bug'][name]} != {count}")
    if result["eight_or_better"] != EIGHT_OR_BETTER:
        problems.append(f"eight-or-better {result['eight_or_better']} != {EIGHT_OR_BETTER}")
    return problems


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--threads", type=int, default=None, help="threads per batch (default: all)")
    args = p.parse_args()
    problems = check(run(args.threads))
    print("OK: every count matches" if not problems else "MISMATCH:\n  " + "\n  ".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
