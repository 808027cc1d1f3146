"""The shipped Omaha orders (issue 25, item 2): the files' provenance and
shape, their figures against a fresh independent Monte Carlo, monotone
percentiles, errors for missing or damaged data, six-card ranges listed
from their classes up to the list limit, and the build tool (tools/build_omaha_orders.py) end to end on a small pool.
"""
from __future__ import annotations

import re
import shutil
import zipfile
from math import comb
from pathlib import Path

import numpy as np
import pytest

import handrank as hr
from handrank.tables import _omaha_build, _omaha_preflop

GAMES = [("omaha", 4), ("omaha5", 5), ("omaha6", 6)]
# Shipped sizes: 16,432, 134,459 and 962,988 classes, a two-byte equity and a one-byte
# standard error each, compressed.
MAX_BYTES = {"omaha": 80_000, "omaha5": 640_000, "omaha6": 4_600_000}


def _file(game: str) -> Path:
    return Path(_omaha_preflop.__file__).with_name(_omaha_preflop.order_file(game))


@pytest.mark.parametrize("game, k", GAMES)
def test_shipped_file_provenance_and_shape(game, k):
    o = hr.omaha_order(game)
    p = o.provenance
    n = hr.canonical_size((k,))
    assert len(o.equity) == len(o.se) == p["classes"] == n
    assert p["version"] == _omaha_preflop.VERSION and p["game"] == game
    cfg = _omaha_build.BUILD[game]          # built with the tool's settings, as recorded
    assert (p["pool_deals"], p["batches"], p["seed"]) == (cfg["deals"], cfg["batches"],
                                                          cfg["seed"])
    assert re.fullmatch(r"20\d\d-\d\d-\d\d", p["date"]) and p["cpu_seconds"] > 0
    assert "common random numbers" in p["method"] and "build_omaha_orders" in p["method"]
    # every class played about the pool's share of deals that miss its cards
    share = comb(52 - k, k + 5) / comb(52, k + 5)
    assert 0.97 * share * p["pool_deals"] < p["deals_min"] <= p["deals_mean"] < \
        1.01 * share * p["pool_deals"]
    # the standard errors recorded agree with the per-class ones and with the deals
    # 1e-5 steps, or the least multiple of 1e-5 that fits the largest in a byte
    assert p["se_unit"] == pytest.approx(1e-5 * max(1, np.ceil(p["se_max"] * 1e5 / 255)))
    assert o.se.max() == pytest.approx(p["se_max"], abs=0.51 * p["se_unit"])
    assert p["se_max"] <= 0.5 / np.sqrt(p["deals_min"])
    assert p["diff_se_median"] < p["indep_se_median"]       # common random numbers help
    assert p["diff_se_p95"] >= p["diff_se_median"] > 0
    assert 0 < o.equity.min() < 0.5 < o.equity.max() < 1
    assert _file(game).stat().st_size < MAX_BYTES[game]
    assert f"{p['deals_min']:,}+ deals each" in repr(o)


def _classes_by_listing(k: int) -> tuple[np.ndarray, np.ndarray]:
    """The twin of _omaha_preflop._classes: every hand of k cards, made suit
    by suit (each rank set of each suit's share), keyed, counted by key."""
    from itertools import combinations, product
    sets = [[sum(1 << r for r in c) for c in combinations(range(13), n)] for n in range(k + 1)]
    keys = []
    for share in product(range(k + 1), repeat=4):
        if sum(share) != k:
            continue
        grid = np.meshgrid(*(np.array(sets[n], dtype=np.int64) for n in share), indexing="ij")
        lanes = np.sort(np.stack([g.ravel() for g in grid], axis=1), axis=1)
        keys.append(lanes[:, 0] | (lanes[:, 1] << 13) | (lanes[:, 2] << 26) | (lanes[:, 3] << 39))
    return np.unique(np.concatenate(keys), return_counts=True)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_classes_are_made_once_each_with_their_sizes(k):
    keys, sizes = _omaha_preflop._classes.__wrapped__(k)
    want_keys, want_sizes = _classes_by_listing(k)
    assert np.array_equal(keys, want_keys) and np.array_equal(sizes, want_sizes)
    assert sizes.sum() == comb(52, k) and len(keys) == hr.canonical_size((k,))


def test_six_card_classes_match_the_shipped_numbering():
    keys, sizes = _omaha_preflop._classes(6)
    assert len(keys) == 962_988 and sizes.sum() == comb(52, 6)
    assert np.all(np.diff(keys) > 0) and set(np.unique(sizes).tolist()) == {4, 6, 12, 24}   # no 4 equal suits of 6
    with np.load(_file("omaha6")) as data:
        assert str(data["keys_sha256"]) == _omaha_preflop.keys_digest(6)


@pytest.mark.parametrize("game, k, sample, trials", [("omaha", 4, 24, 40_000),
                                                      ("omaha5", 5, 12, 20_000),
                                                      ("omaha6", 6, 8, 20_000)])
def test_orders_agree_with_a_fresh_monte_carlo(game, k, sample, trials):
    """Classes spread over the order, played again by hr.equity (its own
    random streams, other seeds): each figure within 4.5 combined standard
    errors, and the fresh figures in the shipped order wherever the shipped
    gap is beyond that."""
    o = hr.omaha_order(game)
    reps = _omaha_preflop.representatives(k)
    pick = o._order[np.linspace(0, len(o.equity) - 1, sample).astype(np.int64)]
    fresh, se = [], []
    for j, c in enumerate(pick.tolist()):
        r = hr.equity(game, [reps[c].tolist(), None], trials=trials, seed=7_000 + j)
        fresh.append(r.equity[0])
        se.append(0.5 / np.sqrt(trials))
    fresh, se = np.array(fresh), np.array(se)
    both = np.sqrt(se ** 2 + o.se[pick] ** 2)
    assert np.all(np.abs(fresh - o.equity[pick]) < 4.5 * both), (fresh, o.equity[pick])
    for a in range(sample):
        for b in range(a + 1, sample):
            gap = o.equity[pick[a]] - o.equity[pick[b]]
            if gap > 4.5 * (both[a] + both[b]):
                assert fresh[a] > fresh[b]


@pytest.mark.parametrize("game, k", GAMES)
def test_percentiles_are_monotone(game, k):
    o = hr.omaha_order(game)
    ranked = o._order
    assert np.all(np.diff(o.percentile[ranked]) > 0)          # down the order, up
    assert o.percentile[ranked[-1]] == pytest.approx(100.0)
    assert np.all(np.diff(o.equity[ranked]) <= 0)
    assert np.array_equal(o.rank[ranked], np.arange(len(ranked)))
    # a class's percentile is its own share of hands plus everything ranked above
    assert o.percentile[ranked[0]] == pytest.approx(100 * o.size[ranked[0]] / comb(52, k))
    reps = _omaha_preflop.representatives(k)
    some = ranked[::max(1, len(ranked) // 50)]
    got = hr.preflop_percentile(reps[some], game)
    assert np.all(np.diff(got) > 0)
    for c in some[:10].tolist():                              # the single-hand path
        assert hr.preflop_percentile(reps[c].tolist(), game) == o.percentile[c]
        assert hr.preflop_percentile(hr.format(reps[c]), game) == o.percentile[c]


def test_single_hand_paths_agree_with_the_batch():
    """The look-ups of one hand in C (four, five and six cards) against the
    numpy path, on random hands in every suit renaming."""
    for game, k in GAMES:
        hands = hr.deal(300, k, seed=k)
        batch = hr.preflop_percentile(hands, game)
        one = [hr.preflop_percentile(h, game) for h in hands.tolist()]
        assert one == batch.tolist()
        with pytest.raises(hr.HandError, match="different cards"):
            hr.preflop_percentile([51, 51, 47, 46, 3, 2][:k], game)
        with pytest.raises(hr.HandError):
            hr.preflop_percentile([51, 50, 47, 46, 45, 52][-k:], game)
        with pytest.raises(hr.HandError):
            hr.preflop_percentile([51, 50, 47, 46, 45, -1][-k:], game)
        with pytest.raises(hr.HandError, match=f"hands are {k} cards"):
            hr.preflop_percentile([51, 50, 47, 46, 45, 44, 43][:k + 1], game)
    with pytest.raises(hr.HandError, match="Omaha percentages are for"):
        hr.preflop_percentile("As Ah Ks Kh", ["omaha"])


def _copy(tmp_path: Path, game: str = "omaha") -> Path:
    dst = tmp_path / _omaha_preflop.order_file(game)
    shutil.copy(_file(game), dst)
    return dst


def _rewrite(file: Path, change, keep_checksum: bool = False) -> None:
    with np.load(file) as data:
        arrays = {n: data[n] for n in data.files}
    old = arrays["checksum"]
    change(arrays)
    arrays["checksum"] = old if keep_checksum else np.array(_omaha_preflop.checksum(arrays))
    with open(file, "wb") as f:
        np.savez_compressed(f, **arrays)


def _bump(arrays):
    arrays["equity"] = arrays["equity"].copy()
    arrays["equity"][5] ^= 1


@pytest.mark.parametrize("damage, words", [
    (lambda f: f.unlink(), "is missing"),
    (lambda f: f.write_bytes(b"not a zip"), "cannot be read"),
    (lambda f: f.write_bytes(f.read_bytes()[:5000]), "cannot be read"),
    (lambda f: _rewrite(f, _bump, keep_checksum=True), "checksum does not match"),
    (lambda f: _rewrite(f, lambda a: a.pop("seed")), "lacks seed"),
    (lambda f: _rewrite(f, lambda a: a.update(game=np.array("omaha5"))),
     "version 3 of 'omaha5'"),
    (lambda f: _rewrite(f, lambda a: a.update(equity=a["equity"][:-1])),
     r"equity is uint16\(16431,\), not uint16\(16432,\)"),
    (lambda f: _rewrite(f, lambda a: a.update(se=a["se"].astype(np.float64))),
     r"se is float64\(16432,\), not uint8\(16432,\)"),
    (lambda f: _rewrite(f, lambda a: a.update(keys_sha256=np.array("0" * 64))),
     "numbered otherwise"),
    (lambda f: _rewrite(f, lambda a: a.update(se_unit=np.float64(0))), "se_unit is 0.0"),
])
def test_missing_or_damaged_data_is_refused(tmp_path, damage, words):
    file = _copy(tmp_path)
    damage(file)
    _omaha_preflop._memo.clear()
    try:
        with pytest.raises(RuntimeError, match=words) as e:
            hr.omaha_order("omaha", path=file)
        assert str(file) in str(e.value) and "tools/build_omaha_orders.py" in str(e.value)
    finally:
        _omaha_preflop._memo.clear()


def test_an_intact_copy_loads_and_a_member_is_a_zip_entry(tmp_path):
    file = _copy(tmp_path)
    _omaha_preflop._memo.clear()
    o = hr.omaha_order("omaha", path=file)
    assert np.array_equal(o.equity, hr.omaha_order("omaha").equity)
    with zipfile.ZipFile(file) as z:                          # compressed members
        assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in z.infolist())


def test_six_card_percentages_list_their_classes_up_to_the_limit():
    """Range("p%", cards=6) lists whole classes from the order (about 14.7%
    fits the list limit); beyond it a HandError names the limit."""
    o = hr.omaha_order("omaha6")
    r = hr.Range("0.5%", cards=6)
    n = len(r)
    top = o.top(0.5)
    assert n == o.size[top].sum() >= 0.005 * comb(52, 6)
    assert np.isclose(hr.preflop_percentile(r.combos, "omaha6").max(), 100 * n / comb(52, 6))
    assert set(_omaha_preflop.class_of(r.combos).tolist()) == set(top.tolist())
    assert len(np.unique(r.combos, axis=0)) == n
    with pytest.raises(hr.HandError, match=r"more than a range lists \(3,000,000, here about"):
        hr.Range("20%", cards=6)
    assert hr.Range("100%", cards=6).is_random


def test_the_tool_builds_in_pieces_resumes_and_ships(tmp_path, monkeypatch, capsys):
    """tools/build_omaha_orders.py on a small pool: pieces, a resumed run,
    the finished file loaded and checked, and its order close to the
    shipped one."""
    monkeypatch.setitem(_omaha_build.BUILD, "omaha", dict(deals=6_000, batches=4, seed=3))
    monkeypatch.setitem(_omaha_build.PIECE, "omaha", 4_200)
    work, out = tmp_path / "work", tmp_path / "small.npz"
    assert _omaha_build.main(["build", "omaha", "--work", str(work), "--pieces", "1:2"]) == 0
    assert sorted(p.name for p in (work / "omaha").glob("*.npy")) == ["piece-00001.npy"]
    assert "piece 2/4" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="piece 0 is missing"):
        _omaha_build.main(["finish", "omaha", "--work", str(work), "--out", str(out)])
    first = np.load(work / "omaha" / "piece-00001.npy")
    assert _omaha_build.main(["build", "omaha", "--work", str(work)]) == 0       # resumes
    said = capsys.readouterr().out
    assert "piece 1/4" in said and "piece 4/4" in said and "piece 2/4" not in said
    assert np.array_equal(np.load(work / "omaha" / "piece-00001.npy"), first)
    assert _omaha_build.main(["build", "omaha", "--work", str(work)]) == 0
    assert "are done" in capsys.readouterr().out
    # the same piece again from scratch: the same counts (seeded pool)
    again = _omaha_build.play_classes("omaha", _omaha_build.make_pool("omaha", 6_000, 3),
                                      4_200, 8_400, 4)
    assert np.array_equal(again, first)
    assert _omaha_build.main(["finish", "omaha", "--work", str(work), "--out", str(out)]) == 0
    _omaha_preflop._memo.clear()
    try:
        small = hr.omaha_order("omaha", path=out)
    finally:
        _omaha_preflop._memo.clear()
    p = small.provenance
    assert (p["pool_deals"], p["seed"], p["batches"]) == (6_000, 3, 4)
    assert p["se_unit"] > 1e-5 and p["se_max"] / p["se_unit"] <= 255.5     # coarser steps
    played = first[:, 0].sum(axis=1)
    assert p["deals_min"] <= played.min()
    shipped = hr.omaha_order("omaha")
    assert np.corrcoef(small.equity, shipped.equity)[0, 1] > 0.95
    # a timed slice extrapolates the whole build
    assert _omaha_build.main(["slice", "omaha", "--classes", "3"]) == 0
    assert re.search(r"16,432 classes: about [\d.]+ core-minutes", capsys.readouterr().out)
    assert np.all(np.abs(small.equity - shipped.equity) < 6 * small.se + 0.01)


def test_build_counts_match_a_direct_count():
    """play_classes against a plain loop over the pool for a few classes."""
    pool = _omaha_build.make_pool("omaha5", 3_000, 11)
    boards, value, mask = pool
    got = _omaha_build.play_classes("omaha5", pool, 1_000, 1_003, 3)
    reps = _omaha_preflop.representatives(5)[1_000:1_003]
    edges = np.arange(3) * 3_000 // 3
    for i, h in enumerate(reps):
        hm = sum(1 << int(c) for c in h)
        for b in range(3):
            lo, hi = edges[b], 3_000 if b == 2 else edges[b + 1]
            n = w = t = 0
            for j in range(lo, hi):
                if int(mask[j]) & hm:
                    continue
                v = hr.evaluate_omaha(h.tolist(), boards[j].tolist())
                n += 1
                w += v > value[j]
                t += v == value[j]
            assert got[i, :, b].tolist() == [n, w, t]


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6"])
def test_docs_quote_the_shipped_provenance(game):
    """docs/ranges.rst's table of how the orders were made says what the
    shipped files record."""
    doc = Path(__file__).resolve().parent.parent / "docs" / "ranges.rst"
    if not doc.is_file():
        pytest.skip("no docs beside the tests")
    text = doc.read_text()
    row = text.split(f"   * - ``{game}``\n", 1)[1].split("\n   * -", 1)[0].split("\n\n")[0]
    p = hr.omaha_order(game).provenance
    for want in (f"{p['pool_deals']:,}", f"{p['deals_min']:,} or more",
                 f"{p['se_median']:.5f} / {p['se_max']:.5f}",
                 f"{p['diff_se_median']:.5f} / {p['diff_se_p95']:.5f}",
                 f"{p['indep_se_median']:.5f}", f"{p['percentile_spread_median']:.2f} points",
                 f"{p['cpu_seconds']:,.0f} s"):
        assert f"     - {want}\n" in row + "\n", want
    size = _file(game).stat().st_size
    assert f"``{_omaha_preflop.order_file(game)}``, {size:,}" in " ".join(text.split())
