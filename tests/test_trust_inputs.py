"""Issue 35, the inputs a new user meets: game aliases everywhere, bools
refused as cards, a treys-style list of single cards, unreadable data files
that are never to be loaded "unsafely", int64 masks read in place,
``like=`` that never narrows a result, and EquityResult equality."""
from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

import handrank as hr
from handrank.base import _arrays
from handrank.cards import _convert
from handrank.tables import _omaha_preflop

# ------------------------------------------------------------------ item 14


@pytest.mark.parametrize("alias", ["plo", "PLO", "omaha4", " Omaha "])
def test_preflop_percentile_takes_every_alias_of_omaha(alias):
    hand = "As Ah Ks Kh"
    assert hr.get_game(alias).name == "omaha"
    assert hr.preflop_percentile(hand, alias) == hr.preflop_percentile(hand, "omaha")
    batch = np.array([[51, 50, 47, 46], [0, 5, 10, 15]])
    assert np.array_equal(hr.preflop_percentile(batch, alias),
                          hr.preflop_percentile(batch, "omaha"))


@pytest.mark.parametrize("alias, name, hand", [("plo5", "omaha5", "As Ah Ks Kh 2c"),
                                               ("PLO6", "omaha6", "As Ah Ks Kh 2c 3d")])
def test_preflop_percentile_and_omaha_order_take_aliases_of_omaha5_and_6(alias, name, hand):
    assert hr.preflop_percentile(hand, alias) == hr.preflop_percentile(hand, name)
    assert hr.omaha_order(alias) is hr.omaha_order(name)
    assert hr.preflop_percentile(hand, hr.get_game(alias)) == hr.preflop_percentile(hand, name)


def test_a_game_that_is_no_omaha_is_refused_naming_the_aliases():
    with pytest.raises(hr.HandError, match=r"'omaha' \(also 'plo', 'omaha4'\).*got 'stud'"):
        hr.preflop_percentile("As Ah Ks Kh", "stud")
    # an alias of another game says which game it is
    with pytest.raises(hr.HandError, match=r"got 'o8' \(the game 'omaha8'\)"):
        hr.preflop_percentile("As Ah Ks Kh", "o8")
    with pytest.raises(hr.HandError, match="Omaha percentages are for"):
        hr.preflop_percentile("As Ah Ks Kh", 4)


# ------------------------------------------------------------------ item 15

#: The one message (handrank.base._arrays.NOT_A_CARD_BOOL) every entry point gives.
BOOL = r"a bool is not a card \(give card codes 0\.\.53 or text such as 'As Kd'\)"

BOOL_CALLS = {
    "evaluate list": lambda: hr.evaluate([True, 47, 43, 39, 35]),
    "evaluate nested": lambda: hr.evaluate([[51, 47, 43, 39, True]]),
    "evaluate numpy bool": lambda: hr.evaluate([np.True_, 47, 43, 39, 35]),
    "evaluate bool array": lambda: hr.evaluate(np.ones((2, 5), dtype=bool)),
    "evaluate scalar": lambda: hr.evaluate(True),
    "best_five": lambda: hr.best_five([True, 47, 43, 39, 35]),
    "evaluate_omaha board": lambda: hr.evaluate_omaha([[0, 1, 2, 3]], [[4, 5, True]]),
    "showdown player": lambda: hr.showdown("holdem", [[True, 5], "As Ks"], "2c 7d 9h Tc Jd"),
    "showdown deals": lambda: hr.showdown("holdem", [[[True, 5], [8, 9]]],
                                          [[10, 11, 12, 13, 14]]),
    "showdown board": lambda: hr.showdown("holdem", [[[1, 5], [8, 9]]],
                                          [[10, 11, 12, 13, True]]),
    "equity player": lambda: hr.equity("holdem", [[True, 5], "As Ks"]),
    "equity board": lambda: hr.equity("holdem", ["As Ks", "Qd Qc"], board=[True, 8, 9]),
    "hand_strength": lambda: hr.hand_strength([True, 5], "2c 7d 9h"),
    "hand_strength batch": lambda: hr.hand_strength([[True, 5]], [[10, 11, 12]]),
    "classify": lambda: hr.classify([True, 3], "2c 7d 9h"),
    "preflop_percentile": lambda: hr.preflop_percentile([[True, 5, 6, 7]]),
    "canonical_index": lambda: hr.canonical_index([True, 4, 8, 12, 16, 20, 24]),
    "to_mask": lambda: hr.to_mask([True, 3]),
    "Range.without": lambda: hr.Range("AA").without([True]),
    "Range.without scalar": lambda: hr.Range("AA").without(True),
}


@pytest.mark.parametrize("name", BOOL_CALLS)
def test_a_bool_is_never_a_card(name):
    # numpy reads [True, 47, ...] as [1, 47, ...]: True would be the 2d
    with pytest.raises(hr.HandError, match=BOOL):
        BOOL_CALLS[name]()


def test_the_bool_message_says_where_it_is():
    with pytest.raises(hr.HandError, match=r"^hands: .*got True at position 0$"):
        hr.evaluate([True, 47, 43, 39, 35])
    with pytest.raises(hr.HandError, match=r"got row 1: False at position 2$"):
        hr.evaluate([[51, 47, 43, 39, 35], [50, 46, False, 38, 34]])
    with pytest.raises(hr.HandError, match=r"got an array of dtype bool$"):
        hr.evaluate(np.zeros((3, 7), dtype=bool))


def test_integers_still_pass_where_bools_are_refused():
    assert hr.evaluate([51, 47, 43, 39, 35]) == 7461
    assert hr.evaluate([np.int64(51), 47, 43, 39, 35]) == 7461
    assert hr.evaluate([[51, 47, 43, 39, 35], [1, 6, 11, 16, 21]]).tolist()[0] == 7461


# ------------------------------------------------------------------ item 16

SINGLE_CARDS = ["As", "Ks", "Qs", "Js", "Ts"]


@pytest.mark.parametrize("call", [
    lambda h: hr.evaluate(h),
    lambda h: hr.evaluate(h, "razz"),
    lambda h: hr.best_five(h + ["2c", "3d"]),
    lambda h: hr.evaluate(np.array(h)),
    lambda h: hr.evaluate(tuple(h)),
    lambda h: hr.evaluate_omaha(h[:4], "2c 3c 4c"),
    lambda h: hr.highest_card(h),
])
def test_a_list_of_single_cards_says_how_to_pass_one_hand(call):
    with pytest.raises(hr.HandError) as info:
        call(list(SINGLE_CARDS))
    text = str(info.value)
    assert "single cards" in text and "one hand" in text
    assert "'As Ks Qs" in text                   # the one text to pass instead
    assert "high-partial" not in text           # not the hint that scores 1-card hands


def test_the_one_hand_the_message_names_is_that_hand():
    with pytest.raises(hr.HandError) as info:
        hr.evaluate(SINGLE_CARDS)
    shown = str(info.value).split("one text (")[1].split(")")[0]
    assert hr.evaluate(eval(shown)) == 7461       # the text it quotes is the hand


def test_single_cards_stay_a_batch_where_one_card_hands_are_ranked():
    # under the partial rule sets a hand of one card is a hand: a batch
    got = hr.evaluate(SINGLE_CARDS, "high-partial")
    assert len(got) == 5
    assert got.tolist() == [hr.evaluate(c, "high-partial") for c in SINGLE_CARDS]


def test_one_list_of_cards_takes_single_card_texts():
    # where the argument is always one list of cards (a hand of hand_strength,
    # a player of equity, a board, dead cards), ["As", "Ks"] is that list
    assert hr.hand_strength(["As", "Ks"], ["2c", "7d", "Jh"]) == \
        hr.hand_strength("As Ks", "2c 7d Jh")
    r1 = hr.equity("holdem", [["As", "Ks"], "Qd Qc"], board=["2h", "7d", "Jc"])
    r2 = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc")
    assert np.array_equal(r1.equity, r2.equity)


# ------------------------------------------------------------------ item 17

def test_omaha_order_file_of_pickled_objects_is_unreadable_without_pickle_advice(tmp_path):
    path = tmp_path / "order.npz"
    np.savez(path, equity=np.array([object()], dtype=object))
    with pytest.raises(RuntimeError) as info:
        _omaha_preflop._load(path, "omaha")
    text = str(info.value)
    assert "cannot be read" in text
    assert "pickle" not in text.lower() and "unsafe" not in text.lower()


# ------------------------------------------------------------------ item 20

def test_equity_results_compare_equal_field_by_field():
    a = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc")
    b = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc")
    c = hr.equity("holdem", ["As Ks", "Qd Qh"], board="2h 7d Jc")
    assert (a == b) is True and (a != b) is False
    assert (a == c) is False and (a != c) is True
    assert a != "not a result"
    m1 = hr.equity("holdem", ["As Ks", "??"], trials=2000, seed=3)
    m2 = hr.equity("holdem", ["As Ks", "??"], trials=2000, seed=3)
    m3 = hr.equity("holdem", ["As Ks", "??"], trials=2000, seed=4)
    assert m1 == m2 and m1 != m3
    with pytest.raises(TypeError):
        hash(a)                                   # mutable: unhashable


def test_int64_masks_are_read_in_place():
    masks = hr.to_mask(hr.deal(1000, 7, seed=2)).astype(np.int64)
    checked = _convert.mask_array(masks, "row {row}: negative")
    assert checked.dtype == np.uint64 and np.shares_memory(checked, masks)
    assert np.array_equal(hr.evaluate_masks(masks), hr.evaluate_masks(masks.view(np.uint64)))
    with pytest.raises(hr.HandError, match="row 3: mask is negative"):
        hr.evaluate_masks(np.array([1, 2, 3, -1], dtype=np.int64))


def test_int64_masks_cost_no_copy():
    n = 400_000
    masks = hr.to_mask(hr.deal(n, 7, seed=3)).astype(np.int64)
    hr.evaluate_masks(masks[:10])
    tracemalloc.start()
    try:
        hr.evaluate_masks(masks)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # the int16 result is 2 bytes a row; a uint64 copy would add 8 more
    assert peak < 5 * n, peak


def test_like_true_with_a_memoryview_gives_numpy():
    hands = hr.deal(50, 7, seed=4)
    view = memoryview(hands)
    got = hr.evaluate(view, like=True)
    assert type(got) is np.ndarray and np.array_equal(got, hr.evaluate(hands))
    got = hr.evaluate_masks(memoryview(hr.to_mask(hands)), like=True)
    assert type(got) is np.ndarray and np.array_equal(got, hr.evaluate(hands))
    got = hr.canonical_index(memoryview(hands), like=True)
    assert type(got) is np.ndarray and np.array_equal(got, hr.canonical_index(hands))
    assert type(hr.evaluate(hands, like=memoryview(hands))) is np.ndarray


# ------------------------------------------------------------------ item 4

def _jax():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    return jax, jnp


@pytest.fixture
def jax_x64_off():
    jax, jnp = _jax()
    was = bool(jax.config.read("jax_enable_x64"))
    jax.config.update("jax_enable_x64", False)
    yield jax, jnp
    jax.config.update("jax_enable_x64", was)


def test_like_jax_never_narrows_an_int64_index(jax_x64_off):
    jax, jnp = jax_x64_off
    cards = hr.deal(2000, 7, seed=5)
    with pytest.raises(hr.HandError, match=r"int64.*int32.*jax_enable_x64.*JAX_ENABLE_X64"):
        hr.canonical_index(cards, like=jnp.zeros(1))


def test_like_jax_never_narrows_float64_shares(jax_x64_off):
    jax, jnp = jax_x64_off
    a, b, board = hr.deal(100, [2, 2, 5], seed=6)
    with pytest.raises(hr.HandError, match=r"float64.*float32.*jax_enable_x64"):
        hr.showdown("holdem", np.stack([a, b], 1), board, like=jnp.zeros(1))


def test_like_jax_gives_what_fits_unchanged(jax_x64_off):
    jax, jnp = jax_x64_off
    hands = hr.deal(100, 7, seed=7)
    s = hr.evaluate(hands, like=jnp.zeros(1))                # int16 fits JAX's defaults
    assert s.dtype == jnp.int16 and np.array_equal(np.asarray(s), hr.evaluate(hands))


def test_like_jax_with_64_bit_types_on_keeps_the_dtypes():
    jax, jnp = _jax()
    was = bool(jax.config.read("jax_enable_x64"))
    jax.config.update("jax_enable_x64", True)
    try:
        cards = hr.deal(2000, 7, seed=5)
        i = hr.canonical_index(cards, like=jnp.zeros(1))
        assert i.dtype == jnp.int64 and np.array_equal(np.asarray(i), hr.canonical_index(cards))
    finally:
        jax.config.update("jax_enable_x64", was)


class _Narrowing:
    """A stand-in array library whose from_dlpack keeps 32 bits (as JAX's
    defaults do): the rule does not depend on JAX being installed."""

    class _Array:
        def __init__(self, arr):
            self.arr = arr
            self.dtype = arr.dtype

    @classmethod
    def from_dlpack(cls, x):
        a = np.from_dlpack(x)
        narrow = {"i": np.int32, "u": np.uint32, "f": np.float32}
        if a.dtype.itemsize == 8:
            a = a.astype(narrow[a.dtype.kind])
        return cls._Array(a)


class _Like:
    def __array_namespace__(self):
        return _Narrowing


def test_like_refuses_any_library_that_would_narrow():
    hands = hr.deal(100, 7, seed=8)
    with pytest.raises(hr.HandError, match=r"int64 result as int32"):
        hr.canonical_index(hands, like=_Like())
    assert hr.evaluate(hands, like=_Like()).dtype == np.int16      # int16: kept as is
    assert _arrays.to_like(np.arange(3, dtype=np.int8), _Like()).dtype == np.int8
