"""Preflop range against range from the hand-against-hand table: canonical
matchups against the preflop table's own canonical form, parts of the table
against the exact enumeration of hr.equity and against preflop_row, the
weights' checks, the cache file's checks, and hr.equity's use of it.  The
whole table (about 30 s) is built only by the tests marked slow."""
from __future__ import annotations

import os

import numpy as np
import pytest

import handrank as hr
from handrank.tables import _preflop, _preflop_hands as ph

RANKS, SUITS = "23456789TJQKA", "cdhs"


def name(code: int) -> str:
    return RANKS[code >> 2] + SUITS[code & 3]


def assert_same(table_result, enumerated, rel=1e-12):
    """Field by field, as the exact enumeration gives it (categories aside)."""
    t, e = table_result, enumerated
    assert t.exact and e.exact and t.deals == e.deals
    assert t.wins.dtype == e.wins.dtype and t.ties.dtype == e.ties.dtype
    if t.wins.dtype == np.int64:                      # counts: equal, not close
        assert t.wins.tolist() == e.wins.tolist() and t.ties.tolist() == e.ties.tolist()
    assert t.hands == e.hands
    np.testing.assert_allclose(t.equity, e.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(t.wins, e.wins, rtol=rel)
    np.testing.assert_allclose(t.ties, e.ties, rtol=rel)
    np.testing.assert_allclose(t.high, e.high, rtol=0, atol=1e-12)
    assert (t.total_weight is None) == (e.total_weight is None)
    if t.total_weight is not None:
        assert t.total_weight == pytest.approx(e.total_weight, rel=rel)
    for p in range(2):
        if e.by_hand[p] is None:
            assert t.by_hand[p] is None
            continue
        assert t.by_hand[p].keys() == e.by_hand[p].keys()
        for h, x in e.by_hand[p].items():
            assert t.by_hand[p][h] == pytest.approx(x, abs=1e-12)


# ----------------------------------------------------------------------------
# Canonical matchups
# ----------------------------------------------------------------------------

def test_matchup_keys_are_the_preflop_tables_canonical_form():
    rng = np.random.default_rng(7)
    meet = ph._pairs()[0]
    checked = 0
    while checked < 1500:
        i, j = (int(x) for x in rng.integers(0, 1326, 2))
        if not meet[i, j]:
            continue
        c = _preflop._canonical(tuple(map(int, hr.HANDS[i])), tuple(map(int, hr.HANDS[j])))
        assert int(ph.matchup_keys(i, j)) == ((c[0] * 52 + c[1]) * 52 + c[2]) * 52 + c[3]
        checked += 1


def test_every_matchup_of_the_class_table_is_played():
    keys = set(ph.all_matchups().tolist())
    assert len(keys) == ph.MATCHUPS
    classes = ["AA", "AKs", "T9o", "72o", "22"]
    plan, needed = _preflop._plan([(a, b) for a in classes for b in hr.HAND_CLASSES])
    for k in needed:
        swapped = _preflop._canonical(k[2:], k[:2])
        packed = [((x[0] * 52 + x[1]) * 52 + x[2]) * 52 + x[3] for x in (k, swapped)]
        assert min(packed) in keys


# ----------------------------------------------------------------------------
# Parts of the table against the exact enumeration
# ----------------------------------------------------------------------------

@pytest.mark.parametrize("a, b", [
    ("AA", "KK, AKs"),
    ("QQ+:0.5, AKs", "AKo"),
    ("AKs:0.3, 76s", "JJ, T9s:0.7"),
    ("AA", "AKs, AA"),                       # card removal against itself
])
def test_part_equals_the_exact_enumeration(a, b):
    part = hr.preflop_hands_part(a, b)
    assert not part.complete
    assert_same(hr.preflop_range_equity(a, b, table=part), hr.equity("holdem", [a, b]))


def test_random_small_weighted_ranges_equal_the_enumeration():
    rng = np.random.default_rng(38)
    for _ in range(3):
        texts = []
        for _ in range(2):
            hands = rng.choice(1326, size=int(rng.integers(2, 7)), replace=False)
            texts.append(", ".join(
                name(int(hr.HANDS[h][0])) + name(int(hr.HANDS[h][1]))
                + f":{float(rng.integers(1, 10)) / 10:g}" for h in hands))
        part = hr.preflop_hands_part(*texts)
        assert_same(hr.preflop_range_equity(*texts, table=part), hr.equity("holdem", texts))


def test_weight_vectors_and_ranges_agree():
    part = hr.preflop_hands_part("KK+", "AQs")
    v = hr.reach_vector("KK+") * 0.25
    w = np.zeros(1326)
    w[[hr.hand_index(h) for h in ("As Qs", "Ah Qh")]] = [1.0, 0.5]
    a = hr.preflop_range_equity(v, w, table=part)
    b = hr.preflop_range_equity("KK+", "AsQs, AhQh:0.5", table=part)
    np.testing.assert_allclose(a.equity, b.equity, rtol=0, atol=1e-15)
    assert a.hands == ["12 hands", "2 hands"]
    assert v.tolist() == (hr.reach_vector("KK+") * 0.25).tolist()      # not modified


def test_symmetry():
    part = hr.preflop_hands_part("TT+, AQs:0.4", "AK, 98s:0.6")
    r = hr.preflop_range_equity("TT+, AQs:0.4", "AK, 98s:0.6", table=part)
    s = hr.preflop_range_equity("AK, 98s:0.6", "TT+, AQs:0.4", table=part)
    assert r.equity.sum() == pytest.approx(1.0, abs=1e-15)
    np.testing.assert_allclose(r.equity, s.equity[::-1], rtol=0, atol=1e-15)
    np.testing.assert_allclose(r.wins, s.wins[::-1], rtol=1e-15)


def test_class_against_class_equals_the_preflop_row():
    row, vs_random = hr.preflop_row("T9s")
    part = hr.preflop_hands_part("T9s", "random")
    for j, c in enumerate(hr.HAND_CLASSES):
        got = hr.preflop_range_equity("T9s", c, table=part).equity[0]
        assert got == pytest.approx(row[j], abs=1e-12), c
    assert hr.preflop_range_equity("T9s", "random", table=part).equity[0] == \
        pytest.approx(vs_random, abs=1e-12)


# ----------------------------------------------------------------------------
# Errors
# ----------------------------------------------------------------------------

def test_weights_are_checked():
    part = hr.preflop_hands_part("AA", "KK")
    good = hr.reach_vector("KK")
    with pytest.raises(hr.HandError, match="1326 weights in HANDS order; got shape \\(5,\\)"):
        hr.preflop_range_equity(np.ones(5), good, table=part)
    bad = good.copy()
    bad[3] = -1
    with pytest.raises(hr.HandError, match="player 0: weights must not be negative; hand 3"):
        hr.preflop_range_equity(bad, good, table=part)
    bad[3] = np.nan
    with pytest.raises(hr.HandError, match="player 1: weights must be finite"):
        hr.preflop_range_equity(good, bad, table=part)
    with pytest.raises(hr.HandError, match="every weight is zero"):
        hr.preflop_range_equity(np.zeros(1326), good, table=part)
    with pytest.raises(hr.HandError, match="range text, a Range or 1326 weights"):
        hr.preflop_range_equity(object(), good, table=part)
    with pytest.raises(hr.HandError, match="4-card hands"):
        hr.preflop_range_equity(hr.Range("AAKK", cards=4), good, table=part)
    with pytest.raises(hr.HandError, match="ranges share cards in every combination"):
        hr.preflop_range_equity("AsAh", "AsAh, AhAs", table=part)
    with pytest.raises(hr.HandError, match="lacks matchups the ranges need"):
        hr.preflop_range_equity("AA", "QQ", table=part)
    with pytest.raises(hr.HandError, match="table: a PreflopHands"):
        hr.preflop_range_equity("AA", "KK", table="x")
    assert good.tolist() == hr.reach_vector("KK").tolist()


# ----------------------------------------------------------------------------
# The cache file
# ----------------------------------------------------------------------------

def fake_table(path, counts=None):
    keys = ph.all_matchups()
    if counts is None:
        counts = np.zeros((len(keys), 3), dtype=np.int64)
        counts[:, 2] = ph.BOARDS
    ph._save(path, keys, counts)
    return keys, counts


def test_a_valid_file_loads_without_a_build(tmp_path, monkeypatch):
    file = tmp_path / "hands.npz"
    fake_table(file)
    monkeypatch.setattr(ph, "_last", None)
    monkeypatch.setattr(ph, "play", lambda *a, **k: pytest.fail("built"))
    t = hr.preflop_hands_table(file)
    assert t.complete and hr.preflop_hands_table(file) is t
    r = hr.preflop_range_equity("AA", "random", table=t)       # every board a tie
    assert r.equity.tolist() == [0.5, 0.5] and r.wins.tolist() == [0, 0]


@pytest.mark.parametrize("damage, problem", [
    (lambda a: a.update(counts=a["counts"][:-1]), "expected"),
    (lambda a: a["counts"].__setitem__((0, 0), 7), "checksum"),
    (lambda a: a.update(version=np.int64(9)), "version"),
    (lambda a: a.pop("keys"), "lacks keys"),
])
def test_a_damaged_file_is_refused(tmp_path, damage, problem):
    file = tmp_path / "hands.npz"
    fake_table(file)
    with np.load(file) as z:
        arrays = {k: z[k].copy() for k in z.files}
    damage(arrays)
    np.savez(file, **arrays)
    table, why = ph._load(file)
    assert table is None and problem in why


def test_counts_and_keys_are_checked_beyond_the_checksum(tmp_path):
    file = tmp_path / "hands.npz"
    keys, counts = fake_table(file)
    counts = counts.copy()
    counts[0] = [1, 1, 1]
    ph._save(file, keys, counts)                    # a fresh checksum over bad counts
    assert "do not add up" in ph._load(file)[1]
    keys = keys.copy()
    keys[0] += 1
    counts[0] = [0, 0, ph.BOARDS]
    ph._save(file, keys, counts)
    assert "not the canonical matchups" in ph._load(file)[1]


@pytest.fixture
def quick_build(monkeypatch):
    """Builds that play nothing: every matchup a tie on every board."""
    played = []

    def play(keys, threads=1, progress=None):
        played.append(len(keys))
        if progress:
            progress(len(keys), len(keys))
        out = np.zeros((len(keys), 3), dtype=np.int64)
        out[:, 2] = ph.BOARDS
        return out

    monkeypatch.setattr(ph, "play", play)
    monkeypatch.setattr(ph, "_last", None)
    return played


def test_build_save_load_and_rebuild(tmp_path, quick_build, monkeypatch):
    file = tmp_path / "sub" / "hands.npz"
    seen = []
    t = hr.preflop_hands_table(file, progress=lambda d, n: seen.append((d, n)))
    assert quick_build == [ph.MATCHUPS] and seen[-1] == (ph.MATCHUPS, ph.MATCHUPS)
    assert file.is_file() and not list(file.parent.glob("*.tmp"))
    assert not (file.parent / "hands.npz.lock").exists()
    monkeypatch.setattr(ph, "_last", None)
    assert hr.preflop_hands_table(file).complete and quick_build == [ph.MATCHUPS]   # loaded
    file.write_bytes(b"not an npz")
    monkeypatch.setattr(ph, "_last", None)
    with pytest.warns(UserWarning, match="unusable: it cannot be read.*rebuilding"):
        hr.preflop_hands_table(file)
    assert quick_build == [ph.MATCHUPS] * 2 and ph._load(file)[0] is not None
    hr.preflop_hands_table(file, rebuild=True)
    assert quick_build == [ph.MATCHUPS] * 3
    assert t.counts.shape == (ph.MATCHUPS, 3)


def test_unwritable_cache_keeps_the_table_in_memory(tmp_path, quick_build, monkeypatch):
    def refuse(*args):
        raise PermissionError("read-only")

    monkeypatch.setattr(ph, "_save", refuse)
    file = tmp_path / "hands.npz"
    with pytest.warns(UserWarning, match="cannot write the preflop hands table cache"):
        t = hr.preflop_hands_table(file)
    assert hr.preflop_hands_table(file) is t and quick_build == [ph.MATCHUPS]   # no rebuild


def test_threads_are_checked(tmp_path):
    with pytest.raises(hr.HandError, match="threads"):
        hr.preflop_hands_table(tmp_path / "x.npz", threads=0)
    with pytest.raises(hr.HandError, match="threads"):
        hr.preflop_hands_part("AA", "KK", threads=-1)


# ----------------------------------------------------------------------------
# hr.equity
# ----------------------------------------------------------------------------

@pytest.fixture
def aces_part(monkeypatch, tmp_path):
    """hr.equity's table, for this test: the part AA against anything needs."""
    monkeypatch.setenv("HANDRANK_CACHE", str(tmp_path))
    part = hr.preflop_hands_part("AA", "random")
    monkeypatch.setattr(ph, "_last", (os.path.abspath(ph.hands_cache_path()), part))
    return part


def test_equity_over_the_limit_reads_the_table(aces_part):
    r = hr.equity("holdem", ["AA:0.5, AsAh", "random"])       # 12.6 billion deals
    assert r.exact and r.deals == 6 * 1225 * ph.BOARDS
    assert r.categories is None and r.hands == ["AA:0.5, AsAh", "random"]
    one = hr.equity("holdem", ["Ac Ad", "??"])                 # every pair of aces alike
    assert r.equity[0] == pytest.approx(one.equity[0], abs=1e-12)
    assert r.total_weight == pytest.approx(3.5 * one.deals, rel=1e-15)
    assert r.wins[0] == pytest.approx(3.5 * one.wins[0], rel=1e-15)
    assert r.by_hand[1] is None and len(r.by_hand[0]) == 6
    plain = hr.equity("holdem", ["AA", None])
    assert plain.equity[0] == pytest.approx(one.equity[0], abs=1e-12)
    assert plain.wins.tolist() == (6 * one.wins).tolist() and plain.total_weight is None
    assert plain.ties.tolist() == (6 * one.ties).tolist() and plain.hands == ["AA", "?? ??"]


def test_equity_under_the_limit_or_with_dead_cards_is_unchanged(aces_part, monkeypatch):
    monkeypatch.setattr(ph, "_range_equity", lambda *a: pytest.fail("read the table"))
    assert hr.equity("holdem", ["AA", "KK"]).categories is not None   # enumerated
    with pytest.raises(hr.HandError, match="exact enumeration would take"):
        hr.equity("holdem", ["AA", "random"], dead="2c")
    with pytest.raises(hr.HandError, match="exact enumeration would take"):
        hr.equity("holdem", ["AA", "random", "random"])


# ----------------------------------------------------------------------------
# The whole table (slow: about 30 s on two cores)
# ----------------------------------------------------------------------------

@pytest.mark.slow
def test_whole_table(tmp_path):
    t = hr.preflop_hands_table(tmp_path / "hands.npz", threads=2)
    assert t.complete
    r = hr.preflop_range_equity("77+, A9s+, KTs+, AJo+",
                                "44+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, 87s, 76s, ATo+, KJo+",
                                table=t)
    assert r.equity.round(4).tolist() == [0.5766, 0.4234]       # the published 57.66%
    row, vs_random = hr.preflop_row("AKo")
    for j, c in enumerate(hr.HAND_CLASSES):
        assert hr.preflop_range_equity("AKo", c, table=t).equity[0] == \
            pytest.approx(row[j], abs=1e-12)
    assert hr.preflop_range_equity("AKo", "random", table=t).equity[0] == \
        pytest.approx(vs_random, abs=1e-12)
    w, tie = t.wins(), t.ties()
    meet = ph._pairs()[0]
    assert (w + w.T + tie == np.where(meet, ph.BOARDS, 0)).all()


def test_every_product_shape_equals_the_dense_forms(tmp_path):
    """Made-up counts over every matchup: each way the products are taken
    (uniform weights from sums, gathered supports, whole supports in one
    pass) gives the dense bilinear forms over W and T."""
    rng = np.random.default_rng(5)
    keys = ph.all_matchups()
    first = rng.integers(0, ph.BOARDS + 1, len(keys))
    second = rng.integers(0, ph.BOARDS + 1 - first)
    cards = ph._key_cards(keys).astype(np.int64)             # a matchup equal to its swap
    index = cards[:, ::2] * (cards[:, ::2] - 1) // 2 + cards[:, 1::2]
    mirror = ph.matchup_keys(index[:, 1], index[:, 0]) == keys       # wins both sides alike
    first[mirror] = second[mirror] = rng.integers(0, ph.BOARDS // 2 + 1, int(mirror.sum()))
    counts = np.column_stack([first, second, ph.BOARDS - first - second])
    table = ph.PreflopHands(keys, counts)
    w, t = table.wins(), table.ties()
    meet = ph._pairs()[0]
    assert (w + w.T + t == np.where(meet, ph.BOARDS, 0)).all()
    sparse = np.where(rng.random(1326) < 0.1, rng.random(1326), 0)
    shapes = [(np.ones(1326), np.ones(1326)), (sparse, np.ones(1326)),
              (np.ones(1326), sparse), (sparse, sparse[::-1].copy()),
              (rng.random(1326), rng.random(1326)), (rng.random(1326), sparse)]
    for u, v in shapes:
        r = hr.preflop_range_equity(u, v, table=table)
        a, b = u / u.max(), v / v.max()
        if (u[u > 0] == u[u > 0][0]).all() and (v[v > 0] == v[v > 0][0]).all():
            a, b = (u > 0) * 1.0, (v > 0) * 1.0
        total = a @ meet @ b * ph.BOARDS
        assert r.wins[0] == pytest.approx(a @ w @ b, rel=1e-12)
        assert r.wins[1] == pytest.approx(b @ w @ a, rel=1e-12)
        assert r.ties[0] == pytest.approx(a @ t @ b, rel=1e-12)
        assert r.equity[0] == pytest.approx((a @ w @ b + a @ t @ b / 2) / total, abs=1e-12)
        i = int(np.flatnonzero(v > 0)[0])
        got = r.by_hand[1][ph._hand_name(i)]
        want = (w[i] @ a + t[i] @ a / 2) / ((meet[i] @ a) * ph.BOARDS)
        assert got == pytest.approx(want, abs=1e-12)
