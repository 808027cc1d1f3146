"""handrank swapped into two real third-party engines, whole hands, same run.

For each engine (``texasholdem`` 0.11 and ``pypokerengine`` 1.0, both
pure Python, installed from the registry) the script plays ``--hands``
complete hands of ``--players`` players, with a fixed seed per hand:
random stacks (odd amounts too, some shorter than the big blind), and
players who fold (sometimes), go all in or call down, so most hands reach
a showdown with side pots.  Each hand is played three ways:

- ``shipped``: the engine as installed;
- ``naive``: handrank behind the engine's evaluator, one ``hr.evaluate``
  call per player, the way a user first swaps it in; the engine's own pot
  code is untouched;
- ``settle``: the per-hand path of docs/swap-in.rst: the engine's
  pot-award function replaced by one ``hr.settle`` call for the whole
  pot (side pots, uncalled chips, odd chips).

The adapters (monkeypatches, written against the engines' installed
source) are in this file, not in handrank.  Every hand's chips won or lost
by each player are compared between the variants; each disagreement is
classified and the first of each kind shown.  Whole-hand times are the
median over all hands of all ``--rounds`` rounds (variants interleaved
hand by hand); a separate instrumented round measures the share of the
hand spent valuing hands and awarding the pot.

    python bench/bench_engines.py                 # several minutes (pypokerengine
                                                  # takes ~10 ms a hand)
    python bench/bench_engines.py --engines texasholdem --hands 5000
"""
from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import statistics
import time

import handrank as hr

NAMES = hr.format(list(range(52))).split()
TABLE = hr.get_rules("high").table()


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class Timer:
    """Adds up the time spent in wrapped functions (the instrumented pass)."""

    def __init__(self):
        self.total = 0.0

    def wrap(self, fn):
        def timed(*a, **k):
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                self.total += time.perf_counter() - t
        return timed


# --------------------------------------------------------------------------
# texasholdem 0.11: Card is an int subclass with treys's bits; the pot is
# awarded by TexasHoldEm._settle, which calls evaluator.evaluate per player
# per pot (lower is better).

class TexasHoldem:
    name = "texasholdem"

    def __init__(self, players: int):
        import texasholdem
        from texasholdem.card.card import Card
        from texasholdem.evaluator import evaluator
        from texasholdem.game import game as game_mod
        from texasholdem.game.action_type import ActionType
        from texasholdem.game.hand_phase import HandPhase
        from texasholdem.game.history import SettleHistory
        self.version = texasholdem.__version__ if hasattr(texasholdem, "__version__") \
            else "0.11"
        self.Card, self.evaluator, self.game_mod = Card, evaluator, game_mod
        self.A, self.HandPhase, self.SettleHistory = ActionType, HandPhase, SettleHistory
        self.players = players
        self.code = {int(Card(n)): c for c, n in enumerate(NAMES)}   # the engine's card -> code
        self.orig_evaluate = evaluator.evaluate
        self.orig_settle = game_mod.TexasHoldEm._settle
        random.seed(0)
        self.game = game_mod.TexasHoldEm(buyin=100, big_blind=10, small_blind=5,
                                         max_players=players)

    # -- the adapters ------------------------------------------------------
    @staticmethod
    def naive_evaluate(cards, board):
        """evaluator.evaluate over handrank: engine's cards are treys ints."""
        return -hr.evaluate(hr.from_treys(cards + board))

    def make_settle(self):
        code, HandPhase, SettleHistory = self.code, self.HandPhase, self.SettleHistory

        def settle(game):
            """TexasHoldEm._settle over one hr.settle call."""
            if game.hand_phase != HandPhase.SETTLE:
                raise ValueError("Not time for Settle!")
            history = SettleHistory(new_cards=[], pot_winners={})
            game.hand_history[HandPhase.SETTLE] = history
            game.current_player = next(game.in_pot_iter(loc=game.btn_loc + 1))
            live = set()
            for pot in game.pots:
                live.update(pot.players_in_pot())
            if len(live) > 1 and len(game.board) < 5:
                new = game._deck.draw(num=5 - len(game.board))
                history.new_cards.extend(new)
                game.board.extend(new)
            start = game.hand_history.prehand.player_chips
            players = game.players
            n = len(players)
            won = hr.settle(
                "holdem",
                [[code[c] for c in game.hands[i]] if i in live else None for i in range(n)],
                [code[c] for c in game.board],
                contributions=[start[i] - players[i].chips for i in range(n)],
                folded=[i not in live for i in range(n)], button=game.btn_loc)
            for i in range(n):
                players[i].chips += won[i]
        return settle

    @contextlib.contextmanager
    def variant(self, which: str, timers=None):
        ev, gm = self.evaluator, self.game_mod.TexasHoldEm
        evaluate = {"shipped": self.orig_evaluate, "naive": self.naive_evaluate,
                    "settle": self.orig_evaluate}[which]
        settle = self.make_settle() if which == "settle" else self.orig_settle
        if timers is not None:                   # (evaluator calls, pot award)
            evaluate, settle = timers[0].wrap(evaluate), timers[1].wrap(settle)
        # the game keeps its settle method bound in a dict made by __init__
        handlers, phase = self.game._handstate_handler, self.HandPhase.SETTLE
        ev.evaluate, gm._settle = evaluate, settle
        handlers[phase] = settle.__get__(self.game)
        try:
            yield
        finally:
            ev.evaluate, gm._settle = self.orig_evaluate, self.orig_settle
            handlers[phase] = self.orig_settle.__get__(self.game)

    # -- one hand ----------------------------------------------------------
    def play(self, seed: int, stacks, record: bool = False):
        g, A = self.game, self.A
        rng = random.Random(seed)
        for p, s in zip(g.players, stacks):
            p.chips = s
        g.btn_loc = seed % len(stacks)          # the same seats every pass
        random.seed(seed)                                   # the engine's deck
        g.start_hand()
        while g.is_hand_running():
            pid = g.current_player
            to_call, chips = g.chips_to_call(pid), g.players[pid].chips
            r = rng.random()
            if r < 0.15 and to_call > 0:
                g.take_action(A.FOLD)
            elif r < 0.5 or to_call >= chips:
                g.take_action(A.ALL_IN)
            elif to_call == 0:
                g.take_action(A.CHECK)
            else:
                g.take_action(A.CALL)
        net = [p.chips - s for p, s in zip(g.players, stacks)]
        if not record:
            return net
        live = set()
        for pot in g.pots:
            live.update(pot.players_in_pot())
        holes = [[self.code[c] for c in g.hands[i]] if i in live else None
                 for i in range(len(stacks))]
        return net, holes, [self.code[c] for c in g.board], len(g.pots)

    def engine_values(self, holes, board):
        """The shipped evaluator's values (higher is better here)."""
        card = {c: self.Card(NAMES[c]) for c in range(52)}
        return [None if h is None else -self.orig_evaluate([card[c] for c in h],
                                                           [card[c] for c in board])
                for h in holes]


# --------------------------------------------------------------------------
# pypokerengine 1.0.1: Card(suit 2/4/8/16, rank 2..14); the pot is awarded
# by GameEvaluator.judge (winners, hand info for the result message, prize
# map), which calls HandEvaluator.eval_hand per player per pot.

_PPE_NAMES = {"STRAIGHT_FLUSH": "STRAIGHTFLASH", "ROYAL_FLUSH": "STRAIGHTFLASH",
              "FOUR_OF_A_KIND": "FOURCARD", "FULL_HOUSE": "FULLHOUSE", "FLUSH": "FLASH",
              "STRAIGHT": "STRAIGHT", "THREE_OF_A_KIND": "THREECARD", "TWO_PAIR": "TWOPAIR",
              "ONE_PAIR": "ONEPAIR", "HIGH_CARD": "HIGHCARD"}
_CAT_NAME = [_PPE_NAMES[hr.Category(i).name] for i in range(10)]


def ppe_hand_info(strength: int, hole_ranks):
    """pypokerengine's hand-info dict from a handrank strength: the category
    under the engine's name, the two leading ranks (2..14) of the best five,
    the hole's high and low rank."""
    ranks = TABLE.ranks[strength]
    lo, hi = sorted(hole_ranks)
    return {"hand": {"strength": _CAT_NAME[int(TABLE.category[strength])],
                     "high": int(ranks[0]) + 2, "low": int(ranks[-1]) + 2},
            "hole": {"high": hi, "low": lo}}


class PyPokerEngine:
    name = "pypokerengine"

    def __init__(self, players: int):
        from pypokerengine.engine.action_checker import ActionChecker
        from pypokerengine.engine.card import Card
        from pypokerengine.engine.game_evaluator import GameEvaluator
        from pypokerengine.engine.hand_evaluator import HandEvaluator
        from pypokerengine.engine.player import Player
        from pypokerengine.engine.poker_constants import PokerConstants
        from pypokerengine.engine.round_manager import RoundManager
        from pypokerengine.engine.table import Table
        self.version = "1.0.1"
        self.Card, self.GE, self.HE = Card, GameEvaluator, HandEvaluator
        self.AC, self.RM, self.Table, self.Player = ActionChecker, RoundManager, Table, Player
        self.FINISHED = PokerConstants.Street.FINISHED
        self.players = players
        self.suit = {2: 0, 4: 1, 8: 2, 16: 3}
        self.orig = {"eval_hand": HandEvaluator.__dict__["eval_hand"],
                     "gen_hand_rank_info": HandEvaluator.__dict__["gen_hand_rank_info"],
                     "judge": GameEvaluator.__dict__["judge"]}
        self.orig_eval = HandEvaluator.eval_hand

    # -- the adapters ------------------------------------------------------
    @staticmethod
    def naive_eval_hand(cls, hole, community):
        """HandEvaluator.eval_hand over handrank: str(card) is suit-first
        text ("SA"), which hr.evaluate reads as it is."""
        return hr.evaluate(" ".join([str(c) for c in hole + community]))

    @staticmethod
    def naive_hand_info(cls, hole, community):
        s = hr.evaluate(" ".join([str(c) for c in hole + community]))
        return ppe_hand_info(s, [c.rank for c in hole])

    def make_judge(self):
        suit = self.suit

        def judge(cls, table):
            """GameEvaluator.judge over one hr.settle call (the prize map) and
            one hr.game_strengths call (winners and the result's hand info)."""
            players = table.seats.players
            board = [4 * c.rank - 8 + suit[c.suit] for c in table.get_community_card()]
            active = [p.is_active() for p in players]
            holes = [[4 * c.rank - 8 + suit[c.suit] for c in p.hole_card] if a else None
                     for p, a in zip(players, active)]
            won = hr.settle("holdem", holes, board,
                            contributions=[p.pay_info.amount for p in players],
                            folded=[not a for a in active], button=table.dealer_btn)
            live = [i for i, a in enumerate(active) if a]
            strengths = hr.game_strengths("holdem", [holes[i] for i in live], board)[0].tolist()
            best = max(strengths)
            winners = [players[i] for i, s in zip(live, strengths) if s == best]
            info = [] if len(live) == 1 else [
                {"uuid": players[i].uuid,
                 "hand": ppe_hand_info(s, [c.rank for c in players[i].hole_card])}
                for i, s in zip(live, strengths)]
            return winners, info, dict(enumerate(won))
        return judge

    @contextlib.contextmanager
    def variant(self, which: str, timers=None):
        HE, GE = self.HE, self.GE
        eval_hand, info, judge = (self.orig["eval_hand"], self.orig["gen_hand_rank_info"],
                                  self.orig["judge"])
        if which == "naive":
            eval_hand = classmethod(self.naive_eval_hand)
            info = classmethod(self.naive_hand_info)
        elif which == "settle":
            judge = classmethod(self.make_judge())
        if timers is not None:                   # (evaluator calls, pot award)
            eval_hand = classmethod(timers[0].wrap(eval_hand.__func__))
            judge = classmethod(timers[1].wrap(judge.__func__))
        HE.eval_hand, HE.gen_hand_rank_info, GE.judge = eval_hand, info, judge
        try:
            yield
        finally:
            HE.eval_hand = self.orig["eval_hand"]
            HE.gen_hand_rank_info = self.orig["gen_hand_rank_info"]
            GE.judge = self.orig["judge"]

    # -- one hand ----------------------------------------------------------
    def play(self, seed: int, stacks, record: bool = False):
        rng = random.Random(seed)
        n = len(stacks)
        table = self.Table()
        for i, s in enumerate(stacks):
            table.seats.sitdown(self.Player(f"p{i}", s))
        table.dealer_btn = seed % n
        table.set_blind_pos((seed + 1) % n, (seed + 2) % n)
        seen = {}
        if record:                       # catch the cards before the table is reset
            raw, judge = self.GE.__dict__["judge"], self.GE.judge

            def catch(tbl):
                seen["holes"] = [[4 * c.rank - 8 + self.suit[c.suit] for c in p.hole_card]
                                 if p.is_active() else None for p in tbl.seats.players]
                seen["board"] = [4 * c.rank - 8 + self.suit[c.suit]
                                 for c in tbl.get_community_card()]
                seen["pots"] = len(self.GE.create_pot(tbl.seats.players))
                return judge(tbl)
            self.GE.judge = catch
        try:
            random.seed(seed)                               # the engine's deck
            state, _ = self.RM.start_new_round(1, 5, 0, table)
            AC, RM = self.AC, self.RM
            while state["street"] != self.FINISHED:
                players = state["table"].seats.players
                p = players[state["next_player"]]
                agree, paid = AC.agree_amount(players), p.paid_sum()
                allin = p.stack + paid
                r = rng.random()
                if r < 0.15 and agree > paid:
                    state, _ = RM.apply_action(state, "fold", 0)
                elif r < 0.5 or agree >= allin:
                    state, _ = RM.apply_action(state, *(("raise", allin) if allin > agree
                                                        else ("call", agree)))
                else:
                    state, _ = RM.apply_action(state, "call", agree)
        finally:
            if record:
                self.GE.judge = raw
        net = [p.stack - s for p, s in zip(state["table"].seats.players, stacks)]
        if not record:
            return net
        return net, seen.get("holes"), seen.get("board"), seen.get("pots", 0)

    def engine_values(self, holes, board):
        card = {c: self.Card({0: 2, 1: 4, 2: 8, 3: 16}[c & 3], (c >> 2) + 2) for c in range(52)}
        return [None if h is None else self.orig_eval([card[c] for c in h],
                                                      [card[c] for c in board])
                for h in holes]


# --------------------------------------------------------------------------

def stacks_of(seed: int, players: int, engine: str):
    rng = random.Random(10_000_019 * seed + 7)
    low = 1 if engine == "texasholdem" else 11            # pypokerengine: blinds need chips
    return [rng.randint(low, 400) for _ in range(players)]


def evaluator_disagrees(engine, holes, board) -> bool:
    """Whether the engine's shipped evaluator orders two live hands of this
    deal otherwise than handrank does."""
    live = [i for i, h in enumerate(holes or []) if h is not None]
    if len(live) < 2 or len(board) != 5:
        return False
    ours = [None if h is None else hr.evaluate(h + board) for h in holes]
    theirs = engine.engine_values(holes, board)
    return any((ours[a] > ours[b]) - (ours[a] < ours[b])
               != (theirs[a] > theirs[b]) - (theirs[a] < theirs[b])
               for a in live for b in live)


def pot_code_cause(net_engine, net_settle) -> str:
    if sum(net_engine) != 0:
        return "the engine's pot code loses odd chips (floor division, remainder dropped)"
    if max(abs(x - y) for x, y in zip(net_engine, net_settle)) < len(net_engine):
        return "odd chips given out by another rule"
    return "other: the pot code"


def check(engine, hands: int, players: int):
    """Plays every hand three ways; returns the disagreement counts, their
    causes with examples, and how many hands reached a showdown."""
    ref = []
    with engine.variant("shipped"):
        for h in range(hands):
            ref.append(engine.play(h, stacks_of(h, players, engine.name), record=True))
    out = {}
    for which in ("naive", "settle"):
        with engine.variant(which):
            out[which] = [engine.play(h, stacks_of(h, players, engine.name))
                          for h in range(hands)]
    bad = {"naive vs shipped": 0, "settle vs naive": 0, "settle vs shipped": 0}
    kinds = {}
    for h in range(hands):
        shipped, holes, board, _ = ref[h]
        naive, settle = out["naive"][h], out["settle"][h]
        ex = (h, holes, board)
        if naive != shipped:              # only the evaluator differs between these two
            bad["naive vs shipped"] += 1
            why = ("the engine's evaluator orders two live hands wrongly"
                   if evaluator_disagrees(engine, holes, board) else "other")
            kinds.setdefault(("naive vs shipped", why), []).append(ex + (shipped, naive))
        if settle != naive:               # only the pot code differs between these two
            bad["settle vs naive"] += 1
            kinds.setdefault(("settle vs naive", pot_code_cause(naive, settle)),
                             []).append(ex + (naive, settle))
        if settle != shipped:
            bad["settle vs shipped"] += 1
            why = "the evaluator (as naive vs shipped)" if naive != shipped else \
                "the pot code only (as settle vs naive)"
            kinds.setdefault(("settle vs shipped", why), []).append(ex + (shipped, settle))
    showdowns = sum(1 for r in ref if r[1] is not None and
                    sum(x is not None for x in r[1]) > 1)
    side = sum(1 for r in ref if r[3] > 1)
    return bad, kinds, (showdowns, side)


def timings(engine, hands: int, players: int, rounds: int):
    """Whole-hand times, the three variants interleaved hand by hand (so a
    change of the machine's load hits them alike; switching the patches is
    outside the timed part); then an instrumented round for the shares."""
    names = ("shipped", "naive", "settle")
    per = {w: [] for w in names}
    stacks = [stacks_of(h, players, engine.name) for h in range(hands)]
    for _ in range(rounds):
        for h in range(hands):
            for which in names:
                with engine.variant(which):
                    t = time.perf_counter()
                    engine.play(h, stacks[h])
                    per[which].append(time.perf_counter() - t)
    timers = {w: (Timer(), Timer()) for w in names}
    whole = dict.fromkeys(names, 0.0)
    for h in range(hands):                                 # the instrumented round
        for which in names:
            with engine.variant(which, timers[which]):
                t = time.perf_counter()
                engine.play(h, stacks[h])
                whole[which] += time.perf_counter() - t
    share = {w: (timers[w][0].total / whole[w], timers[w][1].total / whole[w]) for w in names}
    return {w: (statistics.median(v), statistics.fmean(v)) for w, v in per.items()}, share


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--engines", default="texasholdem,pypokerengine")
    ap.add_argument("--show", type=int, default=1, help="examples shown per kind")
    a = ap.parse_args(argv)
    engines = []
    for name in a.engines.split(","):
        cls = {"texasholdem": TexasHoldem, "pypokerengine": PyPokerEngine}[name]
        try:
            engines.append(cls(a.players))
        except ImportError as e:
            print(f"{name}: not installed ({e}); skipped")
    load = os.getloadavg()
    print(f"handrank {hr.__version__}; CPU {cpu_model()}, {os.cpu_count()} cores, load "
          f"{load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}; {a.players} players, {a.hands} hands, "
          f"whole-hand median of {a.rounds} rounds, variants interleaved hand by hand, "
          f"one thread\n")
    rows = []
    for e in engines:
        bad, kinds, showdowns = check(e, a.hands, a.players)
        med, share = timings(e, a.hands, a.players, a.rounds)
        print(f"## {e.name} {e.version}: {showdowns[0]} of {a.hands} hands reach a showdown "
              f"of 2+ players; {showdowns[1]} have side pots (the engine's count of pots)")
        for k, v in bad.items():
            print(f"- hands whose chips differ, {k}: {v}")
        for (which, why), ex in sorted(kinds.items()):
            print(f"  - {which}: {len(ex)} x {why}")
            for h, holes, board, r, n in ex[:a.show]:
                hs = " | ".join("--" if x is None else hr.format(x) for x in holes or [])
                print(f"    hand {h}: holes {hs}; board {hr.format(board or [])}; "
                      f"chips {r} vs {n}")
        print()
        for w in ("shipped", "naive", "settle"):
            rows.append((e.name, w, med[w], med["shipped"][0] / med[w][0],
                         med["shipped"][1] / med[w][1], share[w]))
    print("| engine | variant | whole hand, us: median (mean) | shipped / this: medians "
          "(means) | time in evaluator calls | time in the pot award (evaluation "
          "included) |")
    print("|---|---|---|---|---|---|")
    for name, w, (m, mean), ratio, ratio_mean, (ev, pot) in rows:
        print(f"| {name} | {w} | {m * 1e6:.0f} ({mean * 1e6:.0f}) | {ratio:.2f}x "
              f"({ratio_mean:.2f}x) | {ev * 100:.0f}% | {pot * 100:.0f}% |")


if __name__ == "__main__":
    main()
