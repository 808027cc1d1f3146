"""Abstraction tables: values against the analysis functions, and the
bookkeeping (pieces, resuming after Ctrl-C, refusing half-written tables
and tables of another version)."""
from __future__ import annotations

import json

import numpy as np
import pytest

import handrank as hr
from handrank.solver import _abstraction

N = 1326


def written(path):
    a = np.load(path, mmap_mode="r")
    return a


def sample_rows(rounds, board_rounds, boards, k, seed):
    """k (hole + board) rows on the given canonical boards."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < k:
        b = boards[rng.integers(len(boards))]
        h = hr.HANDS[rng.integers(N)]
        if not set(h.tolist()) & set(b.tolist()):
            out.append(np.r_[h, b])
    return np.array(out, dtype=np.uint8)


def test_river_strength_piece(tmp_path):
    p = tmp_path / "river"
    assert hr.build_table("river-strength", p, only=[3], progress=False) is None
    a = written(str(p) + ".npy")
    boards = hr.canonical_hand(np.arange(3 * 2000, 4 * 2000), (5,))
    rows = sample_rows((2, 5), (5,), boards, 25, 1)
    idx = hr.canonical_index(rows, (2, 5))
    for r, i in zip(rows, idx):
        hs = hr.hand_strength(r[:2], r[2:])
        assert a[i] == pytest.approx(hs, abs=1e-6)
    with pytest.raises(hr.HandError, match="incomplete: 67 of 68 pieces are missing"):
        hr.load_table(p)


def test_flop_ehs_and_histograms(tmp_path):
    e = hr.build_table("flop-ehs", tmp_path / "e", only=[1], progress=False)
    assert e is None
    ehs = written(str(tmp_path / "e.npy"))
    boards = hr.canonical_hand(np.arange(8, 16), (3,))
    rows = sample_rows((2, 3), (3,), boards, 6, 2)
    idx = hr.canonical_index(rows, (2, 3))
    for r, i in zip(rows, idx):
        assert ehs[i, 1] == pytest.approx(hr.ehs2(r[:2], r[2:]), abs=1e-6)
    hr.build_table("flop-histogram", tmp_path / "h", bins=10, only=[1], progress=False)
    hr.build_table("flop-histogram", tmp_path / "c", bins=10, cumulative=True, only=[1],
                   progress=False)
    h = written(str(tmp_path / "h.npy"))[idx]
    c = written(str(tmp_path / "c.npy"))[idx]
    np.testing.assert_allclose(h.sum(axis=1), 1, atol=1e-5)
    np.testing.assert_allclose(np.cumsum(h, axis=1), c, atol=1e-5)
    # the histogram's mean lies within half a bin of EHS
    centers = (np.arange(10) + 0.5) / 10
    np.testing.assert_allclose(h @ centers, ehs[idx, 0], atol=0.05 + 1e-6)


def test_river_ochs_piece(tmp_path):
    labels = np.full(N, -1)
    labels[hr.hand_index(hr.Range("QQ+, AK").combos)] = 0
    labels[hr.hand_index(hr.Range("22-99").combos)] = 1
    hr.build_table("river-ochs", tmp_path / "o", clusters=labels, only=[0], progress=False)
    o = written(str(tmp_path / "o.npy"))
    boards = hr.canonical_hand(np.arange(0, 500), (5,))
    rows = sample_rows((2, 5), (5,), boards, 5, 3)
    idx = hr.canonical_index(rows, (2, 5))
    for r, i in zip(rows, idx):
        for k, rng in enumerate(["QQ+, AK", "22-99"]):
            want = hr.showdown_values(r[2:], rng, equity=True)[hr.hand_index(r[:2])]
            assert o[i, k] == pytest.approx(want, abs=1e-6, nan_ok=True)


@pytest.fixture
def small_flops(monkeypatch):
    """flop-ehs over the first 6 canonical flops, 2 a piece: 3 pieces."""
    real = _abstraction.canonical_size
    monkeypatch.setattr(_abstraction, "canonical_size",
                        lambda r: 6 if tuple(r) == (3,) else real(r))
    monkeypatch.setitem(_abstraction.TABLE_KINDS, "flop-ehs", ((2, 3), (3,), 2))


def test_resume_after_interrupt(tmp_path, small_flops):
    p = tmp_path / "t.npy"
    seen = []

    def stop(done, total):
        seen.append((done, total))
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        hr.build_table("flop-ehs", p, progress=stop)
    assert seen == [(1, 3)]
    with pytest.raises(hr.HandError, match="incomplete: 2 of 3 pieces"):
        hr.load_table(p)
    first = np.array(np.load(p, mmap_mode="r"))
    calls = []
    t = hr.build_table("flop-ehs", p, progress=lambda d, n: calls.append(d))
    assert calls == [2, 3]                        # only the missing pieces ran
    assert isinstance(t, np.memmap) and not t.flags.writeable
    done = np.any(first != 0, axis=1)
    np.testing.assert_array_equal(np.asarray(t)[done], first[done])
    np.testing.assert_array_equal(np.asarray(hr.load_table(p)), np.asarray(t))
    # a finished table is not rebuilt
    assert hr.build_table("flop-ehs", p, progress=lambda d, n: calls.append(-1)) is not None
    assert calls == [2, 3]


def test_refuses_other_versions_and_settings(tmp_path, small_flops):
    p = tmp_path / "t.npy"
    hr.build_table("flop-ehs", p, progress=False)
    meta = tmp_path / "t.json"
    spec = json.loads(meta.read_text())
    with pytest.raises(hr.HandError, match="other settings"):
        hr.build_table("flop-histogram", p, bins=4)
    spec["version"] = 0
    meta.write_text(json.dumps(spec))
    with pytest.raises(hr.HandError, match="another version"):
        hr.load_table(p)
    with pytest.raises(hr.HandError, match="another version"):
        hr.build_table("flop-ehs", p)
    meta.write_text("{half")
    with pytest.raises(hr.HandError, match="not a handrank table"):
        hr.load_table(p)
    with pytest.raises(hr.HandError, match="no table"):
        hr.load_table(tmp_path / "nothing")


@pytest.mark.parametrize("kw, msg", [
    (dict(kind="nope"), "unknown table kind"),
    (dict(kind="flop-histogram", bins=0), "bins must be"),
    (dict(kind="flop-histogram", bins=[0.2, 0.5, 1.0]), "cover"),
    (dict(kind="flop-ehs", bins=4), "takes no bins"),
    (dict(kind="river-ochs"), "needs clusters"),
    (dict(kind="river-ochs", clusters=np.zeros(10, int)), "label per hand"),
    (dict(kind="flop-ehs", only=[10**6]), "pieces are"),
])
def test_bad_arguments(tmp_path, kw, msg):
    kind = kw.pop("kind")
    with pytest.raises(hr.HandError, match=msg):
        hr.build_table(kind, tmp_path / "x", progress=False, **kw)


@pytest.mark.parametrize("board", ["Ah Kh 7h", "Ah Kd 7c", "Ah Kh 7c 7d"])
def test_runout_strengths_cover_every_runout_once(board):
    """The histograms' river strengths: one row per river board of the flop
    or turn, each the board's hand strengths against every hand."""
    from itertools import combinations
    b = hr.parse(board).astype(np.uint8)
    got = _abstraction._runout_hs(b, 1)
    rest = [c for c in range(52) if c not in b.tolist()]
    tails = list(combinations(rest, 5 - len(b)))
    assert got.shape == (len(tails), N)
    rivers = np.array([list(b) + list(t) for t in tails], dtype=np.uint8)
    want = _abstraction._river_hs(rivers, 1)
    np.testing.assert_array_equal(got, want)
