"""The ``handrank`` command.

    handrank "As Ks Qs Js Ts"            strength, category and name of a hand
    handrank -r razz "5h 4d 3c 2s Ad"    the same under other rules (eval is implied)
    handrank eval --json "..."           one JSON document on stdout (also showdown, equity)
    handrank demo                        named examples, then a timed batch
    handrank range "QQ+, AKs"            the 13 x 13 grid of a hold'em range
    handrank equity AhKh "QQ+" --grid    a hand's equity against each class of a range

``--json`` output (one document, written once the command has succeeded; an
error writes nothing to stdout, one line to stderr, and exits with status 2):

- ``eval``: ``{"rules", "wild", "hands": [{"hand", "strength", "category",
  "label", "name"}]}``; ``category`` is the :class:`Category` name, or null
  for no qualifying low; ``label`` is what a player calls it ("one pair";
  "no pair" for an unpaired hand under low rules; "no low").
- ``showdown``: ``{"game", "board", "players": [{"hand", "halves",
  "share"}]}``; ``halves`` maps each half's name to ``{"rules", "strength",
  "category", "label", "name"}``: ``high`` and ``low`` (null when the game
  has no such half), or a game's own halves (badeucy: ``"deuce-to-seven"``,
  ``"badugi"``).  In a double-board game ``board`` is a list of the two
  boards, and each half's entry is a list with one entry per board.
- ``equity``: ``{"game", "board", "dead", "exact", "seed", "trials", "deals",
  "seconds", "players": [{"hand", "equity", "stderr", "wins", "ties"}]}``.

Hands are written as ``handrank.format`` writes them (``"As Ks Qs Js Ts"``);
equity's hands as the result labels them (``"?? ??"``, a range's text).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Sequence

import numpy as np

from .base import __version__, version_text, default_threads, Category, HandError
from .cards import format as format_cards, parse, MAX_DEAL_ROWS, deal
from .display import boards_text, grid_text, use_color, equity_grid
from .equities import equity
from .evaluation import category as category_of, describe, evaluate
from .games import GAMES, get_game, board_lists, game_strengths, showdown
from .ranges import Range
from .rules import RULE_SETS, RuleSet, get_rules

COMMANDS = ("eval", "demo", "showdown", "equity", "range")
#: Options of the top-level parser itself; any other first option belongs to
#: the implied ``eval`` (``handrank -r razz "..."``, ``handrank -- "..."``).
TOP_LEVEL_OPTIONS = ("-h", "--help", "--version")

DEMO_HANDS = (
    ("high", "As Ks Qs Js Ts"),
    ("high", "9c 9d 9h 9s 2c"),
    ("high", "3h 3d 3c 6s 6d"),
    ("high", "Kh Jh 8h 4h 2h"),
    ("high", "7c 6d 5h 4s 3c"),
    ("high", "Jc Jd 4h 4s Ac"),
    ("high", "Ah Kd 7c 7d 2s 9h 3c"),
    ("ace-to-five", "5h 4d 3c 2s Ad"),
    ("ace-to-five-8", "8h 7d 6c 5s 3d"),
    ("ace-to-five-8", "9h 7d 6c 5s 3d"),
    ("deuce-to-seven", "7s 5c 4d 3d 2c"),
    ("deuce-to-seven", "As 5c 4d 3d 2c"),
    ("ace-to-six", "6s 4c 3d 2d Ac"),
    ("high", "As Ad Ac Ah Jk", "bug"),
    ("high", "Kc Kd Jk Xx 7h", "bug"),
    ("high", "As 2s 3s 4s 5s", "2"),
    ("deuce-to-seven", "6h 5d 4c 3s Jk", "bug"),
    ("short-deck", "As 6d 7h 8c 9s"),
    ("short-deck", "Kh Jh 9h 7h 6h"),
    ("short-deck-trips", "9c 9d 9h Ks 6c"),
    ("three-card", "As Ks Qs"),
    ("badugi", "Ah 2d 3s 4c"),
    ("badugi-ace-high", "Ah 2d 3s 4c"),
    ("high-partial", "Ks Kd"),
    ("ace-to-five-partial", "5d 3c"),
    ("deuce-to-seven-partial", "7s 5c 2d"),
)


def _demo_examples() -> list[tuple]:
    """DEMO_HANDS, plus a dealt hand for any rule set of RULE_SETS it lacks
    (so the demo shows every registered rule set)."""
    shown = {get_rules(h[0]).name for h in DEMO_HANDS}
    extra = [(rs.name, format_cards(deal(1, rs.cards, seed=1, deck=rs.deck)[0]))
             for rs in RULE_SETS if rs.name not in shown]
    return [*DEMO_HANDS, *extra]


def _rules_help() -> str:
    return "; ".join(f"{rs.name}" + (f" ({', '.join(rs.aliases)})" if rs.aliases else "")
                     for rs in RULE_SETS)


#: Python's names for arguments, as the command's flags: messages of the
#: library say ``trials=1_000_000`` or ``rules='high-partial'``; the command
#: says ``-n 1000000`` and ``-r high-partial`` (``cli_message``, applied where
#: a HandError is caught).  One table for every command.
FLAGS = {"trials": "-n", "rules": "-r", "wild": "-w", "board": "-b", "dead": "-d",
         "seed": "--seed", "threads": "-t", "game": "-g"}
#: Other Python phrases of messages, as the command says them.
PHRASES = ((" (or None)", ""), ("(or None) ", ""))
_ARGUMENT = re.compile(r"\b(" + "|".join(FLAGS) + r")=('[^']*'|\"[^\"]*\"|[0-9][0-9_]*)?")


def _flag(m: re.Match) -> str:
    value = m.group(2)
    if value is None:
        return FLAGS[m.group(1)]
    if value[0] in "'\"":
        inner = value[1:-1]
        value = inner if inner and not any(c.isspace() or c in "'\"|" for c in inner) \
            else value
    else:
        value = value.replace("_", "")
    return f"{FLAGS[m.group(1)]} {value}"


def cli_message(text: str) -> str:
    """A library message in the command's words: argument names as flags
    (``trials=1_000_000`` -> ``-n 1000000``), no Python-only advice."""
    for old, new in PHRASES:
        text = text.replace(old, new)
    return _ARGUMENT.sub(_flag, text)


#: What a player calls each category, by rule set: a low rule set's
#: unpaired hand is "no pair", not a high card (JSON keeps the Category
#: name as ``category`` and adds this as ``label``).
_LABELS = {c: c.name.lower().replace("_", " ") for c in Category}


def category_label(s: int, rs: RuleSet) -> str:
    """Strength ``s``'s category as a player says it: "one pair", "straight
    flush"; under low rules an unpaired hand is "no pair"; "no low" when a
    hand does not qualify; a badugi by its size ("3-card badugi", where
    every hand's Category is HIGH_CARD)."""
    cat = category_of(s, rs)
    if cat is None:
        return "no low"
    if rs.kind == "badugi":
        return describe(s, rs).split(",")[0]
    if cat == Category.HIGH_CARD and rs.low:
        return "no pair"
    return _LABELS[cat]


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer; got {text[:40]!r}") from None


def _positive(text: str) -> int:
    """argparse type: an integer >= 1 (threads; more than the cores is capped)."""
    n = _integer(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer; got {n}")
    return n


def _count(text: str) -> int:
    """argparse type: an integer >= 0."""
    n = _integer(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more; got {n}")
    return n


def _demo_hands(text: str) -> int:
    """argparse type: 0 up to the most rows one deal hands out."""
    n = _count(text)
    if n > MAX_DEAL_ROWS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_DEAL_ROWS:,} (2**40); got {n:,}")
    return n


def _trials(text: str) -> int:
    """argparse type: a positive integer below 2**63 (Monte Carlo deals)."""
    n = _positive(text)
    if n >= 2**63:
        raise argparse.ArgumentTypeError(f"must be less than 2**63; got {n}")
    return n


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr, as every other
    error of the command: ``handrank: error: ...`` and where to find the
    usage (the command's own, for a command's options); exit status 2."""

    def error(self, message: str) -> None:          # type: ignore[override]
        self.exit(2, f"handrank: error: {message} (see '{self.prog} --help')\n")


def _add_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", "-r", default="high", metavar="RULES",
                   help=f"rule set (default: high). One of: {_rules_help()}")


class _VersionAction(argparse.Action):
    """--version: the version and the build (compiler, OpenMP, POPCNT), unwrapped."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(version_text())
        parser.exit()


def _add_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true",
                   help="print one JSON document on stdout instead of text (its shape is "
                        "in the documentation's command-line page)")


def _print_json(doc: dict) -> None:
    print(json.dumps(doc, indent=2, ensure_ascii=False))


def _hand_text(text: str) -> str:
    """A hand as handrank.format writes it (the text itself if it is no card list)."""
    try:
        return format_cards(parse(text))
    except HandError:
        return text


def _strength_doc(s: int, rules: object) -> dict:
    cat = category_of(s, rules)
    return {"strength": int(s), "category": None if cat is None else cat.name,
            "label": category_label(s, get_rules(rules)), "name": describe(s, rules)}


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="handrank",
        description="Rank poker hands under every rule set of handrank.RULE_SETS: "
                    f"{', '.join(rs.name for rs in RULE_SETS)} (aliases under "
                    f"'handrank eval --help').",
        epilog='Example: handrank "As Ks Qs Js Ts"   (same as: handrank eval ...)')
    parser.add_argument("--version", action=_VersionAction,
                        help="show the version and how this installation was built, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("eval", help="rank hands given as text",
                       description="Print the strength, category and name of each hand.")
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help='a hand, e.g. "As Ks Qs Js Ts" or AsKsQsJsTs: 5 to 9 cards, or 3 under '
                        'three-card, 4 to 9 under badugi, 1 to 9 under the *-partial rules')
    _add_rules(p)
    _add_json(p)
    p.add_argument("--wild", "-w", default=None, metavar="WILD",
                   help="wild cards: 'bug' (a joker is an ace or completes a straight or "
                        "flush), 'jokers' (fully wild), or cards/ranks such as '2' or "
                        "'Js Jh' (jokers are then wild too). Jokers are written Jk.")

    p = sub.add_parser("showdown", help="split a pot between players' hands",
                       description="Print each player's best high and low hand, by name, "
                                   "and their share of the pot.",
                       epilog='Example: handrank showdown --game omaha8 "Ah2h3s4d" '
                              '"KsKd9c9h" --board "5h6h7c Jd Qs"')
    p.add_argument("hands", nargs="+", metavar="HAND", help="one hand per player")
    p.add_argument("--game", "-g", default="holdem",
                   help=_GAME_HELP)
    p.add_argument("--board", "-b", default=None,
                   help="the board's cards, e.g. '5h6h7c Jd Qs'; a double-board game's two "
                        "boards with '|' between them")
    _add_json(p)

    p = sub.add_parser("equity", help="each player's share of the pot, exact or Monte Carlo",
                       description="Each player's expected share of the pot over every "
                                   "completion of the board and unknown cards (exact), or over "
                                   "--trials random deals. A progress bar shows on long runs "
                                   "when tqdm is installed (pip install tqdm).",
                       epilog="Example: handrank equity AsKs QdQc --board 2h7dJc")
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help="one hand per player; '??' for a random hand, fewer cards for a "
                        "partly known one")
    p.add_argument("--game", "-g", default="holdem",
                   help=_GAME_HELP)
    p.add_argument("--board", "-b", default="",
                   help="known board cards ('|' between a double-board game's two boards)")
    p.add_argument("--dead", "-d", default="", help="cards out of play")
    p.add_argument("--trials", "-n", type=_trials, default=None,
                   help="Monte Carlo deals (default: exact enumeration)")
    p.add_argument("--seed", type=_integer, default=None, help="Monte Carlo seed")
    p.add_argument("--threads", "-t", type=_positive, default=None,
                   help="threads (default: all; more than the cores is capped)")
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.add_argument("--grid", action="store_true",
                   help="with two entries, HAND and RANGE: the hand's equity against each "
                        "class of the range as a 13 x 13 grid (exact when at most two board "
                        "cards are to come, or hold'em preflop without dead cards (the hands "
                        "table), else Monte Carlo: --trials deals a class, default "
                        "20,000, --seed default 1)")
    _add_json(p)

    p = sub.add_parser("range", help="the 13 x 13 grid of a hold'em range",
                       description="Print a hold'em range as the 13 x 13 grid (suited above "
                                   "the diagonal, offsuit below, pairs on it), its number of "
                                   "hands and its canonical text. Colours when stdout is a "
                                   "terminal or FORCE_COLOR is set (NO_COLOR turns them off).",
                       epilog='Example: handrank range "QQ+, AKs, T9s-65s, 0.5(JJ), !AhKh"')
    p.add_argument("range", metavar="RANGE",
                   help="a range: QQ+, AKs, A5s-A2s, T9s-65s, 15%%, 0.5(JJ), !AhKh, ...")
    p.add_argument("--dead", "-d", default="", help="cards out of play (card removal)")

    p = sub.add_parser("demo", help="rank named example hands, then time a random batch",
                       description="Rank a handful of named example hands under every rule "
                                   "set, then score a batch of random 7-card hands and print "
                                   "the rate.")
    p.add_argument("--hands", "-n", type=_demo_hands, default=1_000_000,
                   help="random hands in the timed batch (default: 1,000,000; 0 skips it)")
    p.add_argument("--cards", "-k", type=int, default=7, choices=range(5, 10),
                   help="cards per random hand (default: 7)")
    p.add_argument("--threads", "-t", type=_positive, default=None,
                   help=f"threads for the batch (default: all, {default_threads()} here; "
                        f"more is capped)")
    p.add_argument("--seed", type=_count, default=2026, help="random seed (default: 2026)")
    _add_rules(p)
    parser.set_defaults(_commands=sub.choices)       # each command's own parser, by name
    return parser


def cmd_eval(args: argparse.Namespace) -> int:
    rs = get_rules(args.rules)
    if args.json:
        hands = [{"hand": _hand_text(text), **_strength_doc(evaluate(text, rs, args.wild), rs)}
                 for text in args.hands]
        _print_json({"rules": rs.name, "wild": args.wild, "hands": hands})
        return 0
    for text in args.hands:
        s = evaluate(text, rs, args.wild)
        print(f"{text}: strength {s}, {category_label(s, rs)}, "
              f"{describe(s, rs)}")
    return 0


_GAME_HELP = ("game (default: holdem). One of: " + ", ".join(g.name for g in GAMES) +
              "; or a game with a board followed by -double-board (two boards, each for "
              "half the pot)")


def cmd_showdown(args: argparse.Namespace) -> int:
    g = get_game(args.game)
    shares = showdown(g, args.hands, args.board)
    strengths = game_strengths(g, args.hands, args.board)
    # each name results give a half, and its rule set (None: a classic game's missing half)
    halves = [(name, next((h.rules for h in g.halves if h.name == name), None), st)
              for name, st in zip(g.half_names, strengths)]
    double = g.boards > 1
    if args.json:
        def half(s, rules):
            if not rules:
                return None
            docs = [{"rules": get_rules(rules).name, **_strength_doc(int(v), rules)}
                    for v in np.atleast_1d(s)]
            return docs if double else docs[0]

        # the halves under a key of their own: a half may be called anything,
        # "hand" or "share" too, and loses nothing
        players = [{"hand": _hand_text(hand),
                    "halves": {name: half(st[i], rules) for name, rules, st in halves},
                    "share": float(shares[i])}
                   for i, hand in enumerate(args.hands)]
        board: object = _hand_text(args.board) if args.board else ""
        if double:
            board = [format_cards(b) for b in board_lists(g, args.board)]
        _print_json({"game": g.name, "board": board, "players": players})
        return 0
    width = max(len(h) for h in args.hands)
    played = [(name, rules, st) for name, rules, st in halves if rules]
    if len(played) == 1 and g.classic and not g.high:
        played = [("hand", *played[0][1:])]          # a low-only game: its one hand
    print(f"{g.name}" + (f", board {args.board}" if args.board else ""))
    lines = []
    for i, hand in enumerate(args.hands):
        texts = []
        for k in range(g.boards):
            parts = [f"{name}: {describe(int(np.atleast_1d(st[i])[k]), rules)}"
                     for name, rules, st in played]
            texts.append((f"board {k + 1}: " if double else "") + "; ".join(parts))
        lines.append(" | ".join(texts))
    column = max([60, *map(len, lines)])         # every share in one column
    for i, hand in enumerate(args.hands):
        print(f"  player {i}  {hand:<{width}}  {lines[i]:<{column}} share {shares[i]:.4g}")
    return 0


def _progress_bar(disable: bool):
    """A tqdm progress callback (None when tqdm is missing or not wanted)."""
    if disable or not sys.stderr.isatty():
        return None, None
    try:
        from tqdm import tqdm
    except ImportError:
        return None, None
    bar = tqdm(total=0, unit="deal", unit_scale=True, leave=False, file=sys.stderr)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    return update, bar


def cmd_range(args: argparse.Namespace) -> int:
    r = Range(args.range)
    if args.dead:
        r = r.without(args.dead)
    n = len(r)
    dead = f" without {args.dead}" if args.dead else ""
    print(f"{args.range}{dead}: {n:,} hands, {100 * n / 1326:.2f}% of 1,326")
    print(grid_text(r, color=use_color(sys.stdout), ranks=True))
    print(f"as text: {r.to_text() or '(empty)'}")
    return 0


def cmd_equity_grid(args: argparse.Namespace) -> int:
    if len(args.hands) != 2:
        raise HandError(f"--grid takes two entries, a hand and a range (AhKh 'QQ+, AKs'); "
                        f"got {len(args.hands)}")
    start = time.perf_counter()
    g = equity_grid(args.hands[0], args.hands[1], board=args.board, dead=args.dead,
                    game=args.game, trials=args.trials, seed=args.seed, threads=args.threads)
    print(g.to_text(color=use_color(sys.stdout)))
    print(f"({time.perf_counter() - start:.2f} s)")
    return 0


def cmd_equity(args: argparse.Namespace) -> int:
    if args.grid:
        if args.json:
            raise HandError("--json is not available with --grid; leave out one of them")
        return cmd_equity_grid(args)
    hands = [None if h.strip() in ("??", "?? ??") else h for h in args.hands]
    update, bar = _progress_bar(args.no_progress)
    start = time.perf_counter()
    try:
        r = equity(args.game, hands, board=args.board, dead=args.dead, trials=args.trials,
                   seed=args.seed, threads=args.threads, progress=update)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start
    g = get_game(args.game)
    boards = board_lists(g, args.board)
    if args.json:
        players = [{"hand": h, "equity": float(r.equity[i]), "stderr": float(r.stderr[i]),
                    "wins": r.wins[i].item(), "ties": r.ties[i].item()}
                   for i, h in enumerate(r.hands)]
        board: object = [format_cards(b) for b in boards] if g.boards == 2 else \
            format_cards(boards[0])
        _print_json({"game": r.game, "board": board,
                     "dead": _hand_text(args.dead) if args.dead else "", "exact": bool(r.exact),
                     "seed": None if r.seed is None else int(r.seed), "trials": args.trials,
                     "deals": int(r.deals), "seconds": round(elapsed, 6), "players": players})
        return 0
    kind = "exact" if r.exact else f"Monte Carlo, seed {r.seed}"
    extra = "".join(f", {k} {v}" for k, v in (("board", boards_text(boards)),
                                              ("dead", args.dead)) if v)
    print(f"{r.game}{extra}: {r.deals:,} deals ({kind}) in {elapsed:.2f} s")
    width = max(len(h) for h in r.hands)
    who = len(f"player {len(r.hands) - 1}")        # players count from 0, as everywhere
    print(f"  {'':<{who}}  {'hand':<{width}}  {'equity':>9}  {'± stderr':>9}  {'wins':>14}  "
          f"{'ties':>12}")
    for i, h in enumerate(r.hands):
        err = "" if r.exact else f"{r.stderr[i]:.3%}"
        print(f"  {f'player {i}':<{who}}  {h:<{width}}  {r.equity[i]:9.3%}  {err:>9}  "
              f"{r.wins[i]:>14,}  {r.ties[i]:>12,}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    print(f"handrank {__version__}: named examples under every rule set")
    examples = _demo_examples()
    width = max(len(h[1]) for h in examples)
    labels = [h[0] + (f", wild={h[2]}" if len(h) > 2 else "") for h in examples]
    for (rules, text, *wild), label in zip(examples, labels):
        s = evaluate(text, rules, wild[0] if wild else None)
        print(f"  {text:<{width}}  {label:<{max(map(len, labels))}} {s:>5}  "
              f"{describe(s, rules)}")
    if args.hands == 0:
        return 0
    rs = get_rules(args.rules)
    print(f"\nDealing {args.hands:,} random {args.cards}-card hands ...", flush=True)
    try:
        hands = deal(args.hands, args.cards, seed=args.seed)
        out = np.empty(len(hands), dtype=np.int16)
    except MemoryError:
        raise HandError(f"not enough memory for {args.hands:,} hands of {args.cards} cards; "
                        f"pass a smaller --hands") from None
    # One call for up to 10 M hands; above that, ten with a progress line.
    # Only the evaluate calls are timed (not the dealing or the printing).
    big = len(hands) > 10_000_000
    step = max(1, len(hands) // 10) if big else max(1, len(hands))
    elapsed = 0.0
    for lo in range(0, len(hands), step):
        start = time.perf_counter()
        evaluate(hands[lo:lo + step], rs.name, out=out[lo:lo + step], threads=args.threads)
        elapsed += time.perf_counter() - start
        if big:
            done = min(lo + step, len(hands))
            print(f"\r  scored {done:>12,} / {len(hands):,} ({100 * done // len(hands)}%)",
                  end="", flush=True)
    if big:
        print()
    best = int(out.max())
    print(f"Scored {len(hands):,} hands under {rs.name} rules in {elapsed * 1e3:.1f} ms: "
          f"{len(hands) / elapsed / 1e6:,.1f} million hands/s")
    print(f"Best hand dealt: {describe(best, rs)} (strength {best})")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns its exit status (0, 2 for bad input, 130 on
    Ctrl-C, 141 when stdout is a pipe closed early, as by ``| head``)."""
    try:
        try:
            return _main(argv)
        finally:
            if sys.stdout is not None:  # (None when started with stdout closed)
                sys.stdout.flush()      # a closed pipe shows here, not at exit
    except BrokenPipeError:
        _silence_stdout()
        return 141                      # 128 + SIGPIPE, as a shell reports `yes | head`


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of
    what is still buffered does not fail on the closed pipe again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):
        return                          # not a file (a StringIO under test)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in COMMANDS and argv[0] not in TOP_LEVEL_OPTIONS:
        argv.insert(0, "eval")       # handrank [options] "As Ks ..." is handrank eval ...
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:                        # the command's parser says so (its usage, not the top's)
        owner = args._commands.get(args.command, parser) if args.command else parser
        owner.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command is None:
        parser.print_help()
        return 0
    try:
        commands = {"eval": cmd_eval, "demo": cmd_demo, "showdown": cmd_showdown,
                    "equity": cmd_equity, "range": cmd_range}
        return commands[args.command](args)
    except (HandError, ValueError, OverflowError) as e:     # a bad argument value
        print(f"handrank: error: {cli_message(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("handrank: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":   # pragma: no cover
    sys.exit(main())
