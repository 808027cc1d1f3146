"""Everything a Game, RuleSet, Deck, wild setting or equity result carries
pickles -- the compiled extension objects included, rebuilt from their
definitions -- so any game goes to another process (a Dask worker, a
multiprocessing child) and gives the same answers there."""
from __future__ import annotations

import multiprocessing
import pickle

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank.solver import _index
from handrank.cards import _wild

HANDS = np.array([[48, 44, 40, 36, 32, 20, 16], [51, 47, 30, 26, 22, 18, 17],
                  [50, 46, 42, 38, 34, 21, 25]], dtype=np.uint8)   # cards of the short deck


def _round_trip(x):
    return pickle.loads(pickle.dumps(x, protocol=pickle.HIGHEST_PROTOCOL))


def test_compiled_deck_round_trip():
    for deck in (hr.SHORT_DECK.compiled(None), _wild.resolve_wild("2").compiled_for(hr.STANDARD_DECK),
                 _wild.resolve_wild("bug").compiled_for(hr.SHORT_DECK)):
        back = _round_trip(deck)
        assert type(back) is _core.CompiledDeck and back is not deck
        assert back.definition == deck.definition
        assert (back.wild_bits, back.valid_bits, back.has_wild) == \
            (deck.wild_bits, deck.valid_bits, deck.has_wild)


@pytest.mark.parametrize("rules, wild", [("short-deck", None), ("high", "2"), ("razz", None),
                                         ("high", "bug")])
def test_rule_tables_round_trip_evaluate_the_same(rules, wild):
    rs = hr.get_rules(rules)
    deck = rs.deck.compiled(_wild.resolve_wild(wild))
    tables, deck2 = _round_trip((rs.tables, deck))
    assert tables is not rs.tables and tables.spec is rs        # a registered rule set by name
    want = np.empty(len(HANDS), dtype=np.int16)
    got = np.empty(len(HANDS), dtype=np.int16)
    assert rs.tables.eval_codes(HANDS, want, 1, deck) == -1
    assert tables.eval_codes(HANDS, got, 1, deck2) == -1
    assert np.array_equal(got, want)
    assert np.array_equal(got, hr.evaluate(HANDS, rules, wild=wild))


def test_custom_rule_set_tables_round_trip():
    rs = hr.get_rules("short-deck")
    from dataclasses import replace
    custom = replace(rs, name="short-deck-copy", aliases=())
    back = _round_trip(custom.tables)
    assert back.spec is not custom and back.name == "short-deck-copy"
    assert all(np.array_equal(a, b) for a, b in zip(back.class_info(), rs.tables.class_info()))
    got = np.empty(len(HANDS), dtype=np.int16)
    assert back.eval_codes(HANDS, got, 1, rs.deck.compiled(None)) == -1
    assert np.array_equal(got, hr.evaluate(HANDS, "short-deck"))


@pytest.mark.parametrize("game", ["short-deck", "omaha8", "holdem", "badeucy", "omaha8-double-board"])
def test_game_tables_round_trip_show_down_the_same(game):
    g = hr.get_game(game)
    copy = object.__new__(hr.Game)                      # (a registered game unpickles as
    vars(copy).update(vars(g))                           # itself: a twin by hand)
    vars(copy)["tables"] = _round_trip(g.tables)          # the unpickled tables do the work
    assert copy.tables is not g.tables and copy.tables.nhalves == g.tables.nhalves
    groups = [g.hole, g.hole] + ([g.board * g.boards] if g.board else [])
    dealt = hr.deal(300, groups, seed=5, deck=g.cards)
    hands = np.stack(dealt[:2], axis=1)
    board = dealt[2].reshape(300, g.boards, g.board).squeeze(1 if g.boards == 1 else ()) \
        if g.board else None
    assert np.array_equal(hr.showdown(copy, hands, board), hr.showdown(g, hands, board))


def test_indexer_round_trip():
    ix = _index._indexer((2, 3))
    back = _round_trip(ix)
    assert (back.nconfigs, back.size) == (ix.nconfigs, ix.size)
    cards = np.array([[0, 5, 9, 13, 17], [51, 50, 49, 48, 47]], dtype=np.uint8)
    a, b = np.empty(2, dtype=np.int64), np.empty(2, dtype=np.int64)
    assert ix.index(cards, a, 0, 2, 1) == back.index(cards, b, 0, 2, 1) == -1
    assert np.array_equal(a, b)


def test_wild_setting_round_trip_after_use():
    ws = _wild.resolve_wild("Js Jh")
    hr.evaluate("Js Ad Kd Qd Td", wild=ws)                  # compiles and keeps a deck
    back = _round_trip(ws)
    assert (back.cards, back.bug, back.text) == (ws.cards, ws.bug, ws.text)
    assert hr.evaluate(HANDS, wild=back).tolist() == hr.evaluate(HANDS, wild=ws).tolist()


def _in_child(payload):
    """Run in a spawned process: everything arrives pickled."""
    game, ws, tables, deck, result = payload
    out = np.empty(len(HANDS), dtype=np.int16)
    tables.eval_codes(HANDS, out, 1, deck)
    return (hr.equity(game, ["As Ks", "Qd Qc"], board="7c 8d 9h").equity.tolist(),
            hr.evaluate(HANDS, wild=ws).tolist(), out.tolist(), result.equity.tolist())


def test_spawned_process_gets_the_same_answers():
    short = hr.get_game("short-deck")
    custom = hr.Game("short-pineapple", hole=3, board=5, select="any", high="short-deck",
                     low=None, deck=hr.SHORT_DECK)
    ws = _wild.resolve_wild("2")
    hr.evaluate(HANDS, wild=ws)
    rs = hr.get_rules("short-deck")
    result = hr.equity(custom, ["As Ks Qh", "Qd Qc 6s"], board="7c 8d 9h")
    for game in (short, custom):
        _ = game.tables                                    # compiled here first
        payload = (game, ws, rs.tables, rs.deck.compiled(None), result)
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            got = pool.apply(_in_child, (payload,))
        want = _in_child(payload)
        assert got == want


def test_registered_games_unpickle_as_themselves():
    """A preset (and a preset's double-board form) pickles by name: a worker
    gets its own registered game, compiled once, not a copy per task.  A
    custom game pickles by its state and plays the same."""
    for name in ("holdem", "short-deck", "omaha8", "badeucy", "holdem-double-board"):
        g = hr.get_game(name)
        assert _round_trip(g) is g, name
    custom = hr.Game("my-short", hole=2, board=5, deck=hr.SHORT_DECK,
                     halves=[hr.Half("short-deck")])
    back = _round_trip(custom)
    assert back is not custom and back.name == custom.name and back.halves == custom.halves
    holes, board = [[48, 44], [51, 47]], [40, 36, 32, 20, 16]
    assert hr.winners(back, holes, board) == hr.winners(custom, holes, board)


# Pickles name stable public paths (issue 36): a class or function that moves
# between the packages keeps the name pickles give it, ``handrank.<name>``.

class _Recorder(pickle.Unpickler):
    """Unpickles, noting each global a pickle names."""

    def __init__(self, data: bytes) -> None:
        import io
        super().__init__(io.BytesIO(data))
        self.names: list[tuple[str, str]] = []

    def find_class(self, module: str, name: str):
        self.names.append((module, name))
        return super().find_class(module, name)


def _public_objects():
    g = hr.get_game("omaha8")
    return {
        "Category": hr.Category(1), "Deck": hr.SHORT_DECK, "custom Deck": hr.Deck("x", "6789TJQKA"),
        "EquityResult": hr.equity("holdem", ["As Ks", "Qd Qc"], board="2c 3d 4h"),
        "EquityResult (general path)": hr.equity("holdem", ["As Ks", "QQ+"], board="2c 3d 4h",
                                                 trials=2000, seed=1),
        "Range": hr.Range("QQ+, AKs"), "Game": g, "Half": g.halves[1],
        "custom Game": hr.Game("pineapple-x", hole=3, board=5, select="any",
                               halves=(hr.Half("high"),)),
        "HandError": hr.HandError("bad"), "RuleSet": hr.get_rules("razz"),
        "Strength": hr.evaluate("As Ks Qs Js Ts"), "Breakdown": hr.breakdown(7000),
        "MadeHand": list(hr.MadeHand)[1], "Draw": list(hr.Draw)[1], "Blocker": list(hr.Blocker)[0],
        "HandClass": hr.classify("As Ks", "Ah 7d 2c"),
        "RangeBreakdown": hr.Range("QQ+, AK").breakdown("Ah 7d 2c"),
        "evaluate": hr.evaluate, "equity": hr.equity, "Range class": hr.Range,
    }


@pytest.mark.parametrize("protocol", [2, 4, pickle.HIGHEST_PROTOCOL])
@pytest.mark.parametrize("what", list(_public_objects()))
def test_pickles_name_handrank_not_private_modules(what, protocol):
    x = _public_objects()[what]
    data = pickle.dumps(x, protocol=protocol)
    rec = _Recorder(data)
    back = rec.load()
    ours = [(m, n) for m, n in rec.names if m.split(".")[0] == "handrank"]
    assert ours, f"{what}: names nothing of handrank"
    assert all(m == "handrank" for m, _ in ours), f"{what}: {ours}"
    assert not any(n.startswith("_") and n not in ("_unpickle_deck", "_unpickle_strength")
                   for _, n in ours), ours
    assert b"handrank." not in data              # no dotted private path, in any protocol
    assert type(back) is type(x)
    if isinstance(x, hr.EquityResult):
        assert back == x
    elif isinstance(x, hr.HandError):
        assert back.args == x.args
    elif isinstance(x, hr.Game):                  # a custom game: equal by identity
        assert repr(back) == repr(x)
    else:                            # the same state: it pickles to the same bytes again
        assert pickle.dumps(back, protocol=protocol) == data


def test_every_public_class_and_function_is_named_in_handrank():
    import inspect
    for name in hr.__all__:
        obj = getattr(hr, name)
        if inspect.isclass(obj) or callable(obj):
            assert (obj.__module__, obj.__qualname__) == ("handrank", name), name
    for name in ("_unpickle_deck", "_unpickle_strength"):
        assert getattr(hr, name).__module__ == "handrank"


def test_pickles_naming_the_old_private_paths_still_load():
    # protocol 0 by hand: what a pickle made before the names moved says
    strength = pickle.loads(b"chandrank.rules._strength\n_restore\n(I7453\nVhigh\ntR.")
    assert strength == 7453 and isinstance(strength, hr.Strength)
    assert strength.category == hr.evaluate("9s 8s 7s 6s 5s").category
    assert pickle.loads(b"chandrank.cards._deck\n_named_deck\n(Vshort\ntR.") is hr.SHORT_DECK
    assert pickle.loads(b"chandrank.ranges._ranges\nRange\n.") is hr.Range
