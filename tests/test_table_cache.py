"""The cache helper of the built tables (handrank.tables._cache): writing,
reading and checking a checksummed .npz, directly and through the two tables
that use it (the 169-class preflop table and the hands table).  The messages
are the whole text the helper gives (the caches' warnings quote it), and
the checksums are recomputed here from their definitions, so the file
format cannot drift: cache files already on disk must keep loading."""
from __future__ import annotations

import hashlib
import os
import re

import numpy as np
import pytest

import handrank as hr
from handrank.base import checksum
from handrank.tables import _cache, _preflop, _preflop_hands as ph

SPEC = dict(version=3, shapes={"x": ((4,), np.float64), "n": ((2, 2), "<i4")},
            checksum=checksum, others=("label",))


def arrays(**change):
    a = dict(x=np.arange(4.0), n=np.arange(4, dtype="<i4").reshape(2, 2),
             version=np.int64(3), label=np.array("t"))
    a.update(change)
    return a


def write(file, a, sum_=None):
    """An .npz of ``a`` with a checksum right for it (unless given)."""
    a = dict(a)
    a.setdefault("checksum", np.array(checksum(a) if sum_ is None else sum_))
    np.savez(file, **a)


def load(file, check=lambda a: a):
    return _cache.load(file, **SPEC, check=check)


# ----------------------------------------------------------------------------
# The helper itself
# ----------------------------------------------------------------------------

def test_save_then_load_gives_every_member_and_leaves_the_input_alone(tmp_path):
    file = tmp_path / "sub" / "t.npz"
    given = arrays()
    _cache.save(file, given, checksum)
    assert "checksum" not in given                         # input not modified
    got, problem = load(file)
    assert problem is None and sorted(got) == sorted([*given, "checksum"])
    for k in given:
        assert np.array_equal(got[k], given[k]) and got[k].dtype == given[k].dtype
    assert sorted(os.listdir(file.parent)) == ["t.npz"]   # no temporary file left


def test_saved_checksum_is_sha256_over_names_dtypes_shapes_and_bytes(tmp_path):
    file = tmp_path / "t.npz"
    _cache.save(file, arrays(), checksum)
    h = hashlib.sha256()                  # base.checksum's definition, written out again
    for k, a in sorted(arrays().items()):
        h.update(f"{k} {a.dtype.str} {a.shape}\n".encode())
        h.update(str(a).encode() if a.dtype.kind == "U" else a.tobytes())
    with np.load(file) as z:
        assert str(z["checksum"]) == h.hexdigest()


def test_compressed_save_loads_the_same(tmp_path):
    _cache.save(tmp_path / "a.npz", arrays(), checksum)
    _cache.save(tmp_path / "b.npz", arrays(), checksum, compressed=True)
    a, b = load(tmp_path / "a.npz")[0], load(tmp_path / "b.npz")[0]
    assert all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("error", [KeyboardInterrupt, OSError])
def test_an_interrupted_save_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch,
                                                                   error):
    file = tmp_path / "t.npz"
    _cache.save(file, arrays(), checksum)
    before = file.read_bytes()

    def savez(*a, **k):
        raise error("stop")

    monkeypatch.setattr(np, "savez", savez)
    with pytest.raises(error):
        _cache.save(file, arrays(x=np.ones(4)), checksum)
    assert file.read_bytes() == before and os.listdir(tmp_path) == ["t.npz"]


def _npy(file):
    with open(file, "wb") as f:
        np.save(f, np.arange(3))


FAULTS = {
    "not-npz": (_npy, "it is not an .npz archive"),
    "lacks": (lambda f: write(f, {k: v for k, v in arrays().items() if k not in ("n", "label")}),
              "it lacks n, label"),
    "lacks-checksum": (lambda f: np.savez(f, **arrays()), "it lacks checksum"),
    "version-float": (lambda f: write(f, arrays(version=np.float64(3))),
                      "its version is array(3.), not an integer"),
    "version-array": (lambda f: write(f, arrays(version=np.arange(2))),
                      "its version is array([0, 1]), not an integer"),
    "version": (lambda f: write(f, arrays(version=np.int64(2))),
                "it is version 2, this handrank writes version 3"),
    "shape": (lambda f: write(f, arrays(x=np.arange(5.0))),
              "x has shape (5,) and dtype float64, expected (4,) float64"),
    "dtype": (lambda f: write(f, arrays(n=np.zeros((2, 2), dtype=np.int64))),
              "n has shape (2, 2) and dtype int64, expected (2, 2) int32"),
    "checksum": (lambda f: write(f, arrays(), "0" * 64),
                 "its checksum does not match its contents"),
    "checksum-not-text": (lambda f: np.savez(f, **arrays(), checksum=np.int64(1)),
                          "its checksum does not match its contents"),
    "truncated": (lambda f: (write(f, arrays()), f.write_bytes(f.read_bytes()[:200])),
                  "it cannot be read ("),
    "pickled": (lambda f: np.savez(f, **arrays(label=np.array(["t"], dtype=object)),
                                   checksum=np.array("0")),
                "it cannot be read: it holds Python objects"),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_each_fault_gives_its_message_and_no_value(tmp_path, fault):
    make, message = FAULTS[fault]
    file = tmp_path / "t.npz"
    make(file)
    value, problem = load(file, check=lambda a: pytest.fail("check ran on a bad file"))
    assert value is None
    if fault in ("truncated", "pickled"):        # the rest names numpy's exception
        assert problem.startswith(message), problem
    else:
        assert problem == message


def test_no_file_is_no_problem(tmp_path):
    assert load(tmp_path / "absent.npz") == (None, None)
    (tmp_path / "dir.npz").mkdir()
    assert load(tmp_path / "dir.npz") == (None, None)


def test_the_callers_check_runs_last_and_its_words_are_the_problem(tmp_path):
    file = tmp_path / "t.npz"
    _cache.save(file, arrays(), checksum)

    def check(a):
        raise _cache.BadCache("x is not what it should be")

    assert load(file, check=check) == (None, "x is not what it should be")

    def broken(a):
        raise KeyError("y")

    assert load(file, check=broken) == (None, "it cannot be read (KeyError: 'y')")
    assert load(file, check=lambda a: a["x"].sum()) == (6.0, None)


# ----------------------------------------------------------------------------
# The two tables: the same messages, then a rebuild that loads
# ----------------------------------------------------------------------------

def synthetic():
    r = np.random.default_rng(11).random((169, 169))
    eq = (r + 1 - r.T) / 2
    return eq, eq.mean(axis=1)


def preflop_sum(a):
    """The 169-class table's checksum, from its definition."""
    h = hashlib.sha256(f"handrank preflop v{int(a['version'])}\n".encode())
    h.update(" ".join(str(c) for c in a["classes"]).encode())
    h.update(np.ascontiguousarray(a["equity"], dtype="<f8").tobytes())
    h.update(np.ascontiguousarray(a["vs_random"], dtype="<f8").tobytes())
    return h.hexdigest()


def preflop_file(file, **change):
    eq, vs = synthetic()
    a = dict(equity=eq, vs_random=vs, version=np.int64(_preflop.VERSION),
             classes=np.array(hr.HAND_CLASSES))
    a.update(change)
    write(file, a, preflop_sum(a))
    return a


def test_the_preflop_file_format_is_unchanged(tmp_path):
    file = tmp_path / "p.npz"
    eq, vs = synthetic()
    _preflop._save(file, eq, vs)
    with np.load(file) as z:
        assert z.files == ["equity", "vs_random", "version", "classes", "checksum"]
        assert int(z["version"]) == 2 and str(z["checksum"]) == preflop_sum(z)
    preflop_file(tmp_path / "q.npz")               # written without handrank's save
    t = _preflop._load(tmp_path / "q.npz")[0]
    assert t is not None and np.array_equal(t.equity, eq)
    assert _preflop.cache_path().name == "preflop-v2.npz"


PREFLOP_FAULTS = {
    "checksum": (dict(checksum=np.array("0" * 64)), "its checksum does not match its contents"),
    "version": (dict(version=np.int64(1)), "it is version 1, this handrank writes version 2"),
    "shape": (dict(vs_random=np.zeros(100)),
              "vs_random has shape (100,) and dtype float64, expected (169,) float64"),
    "classes": (dict(classes=np.array(hr.HAND_CLASSES[::-1])),
                "its class names are not the 169 starting-hand classes"),
}


@pytest.mark.parametrize("fault", PREFLOP_FAULTS)
def test_a_bad_preflop_cache_warns_with_the_same_words_and_is_rebuilt(tmp_path, monkeypatch,
                                                                       fault):
    change, message = PREFLOP_FAULTS[fault]
    file = tmp_path / "p.npz"
    preflop_file(file, **change)
    built = []
    monkeypatch.setattr(_preflop, "_build", lambda t, p: built.append(t) or synthetic())
    monkeypatch.setattr(_preflop, "_memo", None)
    assert _preflop._load(file) == (None, message)
    warning = f"the preflop table cache {file} is unusable: {message}; rebuilding it"
    with pytest.warns(UserWarning, match=re.escape(warning)):
        hr.preflop_table(file)
    assert len(built) == 1 and _preflop._load(file)[1] is None


def hands_file(file, **change):
    keys = ph.all_matchups().astype("<i4")
    counts = np.zeros((len(keys), 3), dtype="<u4")
    counts[:, 2] = ph.BOARDS
    a = dict(keys=keys, counts=counts, version=np.int64(ph.VERSION), boards=np.int64(ph.BOARDS))
    a.update(change)
    write(file, a)
    return a


def test_the_hands_file_format_is_unchanged(tmp_path):
    file = tmp_path / "h.npz"
    a = hands_file(tmp_path / "written.npz")
    ph._save(file, a["keys"], a["counts"])
    with np.load(file) as z, np.load(tmp_path / "written.npz") as w:
        assert z.files == ["keys", "counts", "version", "boards", "checksum"] == w.files
        assert all(np.array_equal(z[k], w[k]) and z[k].dtype == w[k].dtype for k in z.files)
    assert ph._load(tmp_path / "written.npz")[0].complete
    assert ph.hands_cache_path().name == "preflop-hands-v1.npz"


HANDS_FAULTS = {
    "checksum": (dict(checksum=np.array("0" * 64)), "its checksum does not match its contents"),
    "version": (dict(version=np.int64(9)), "it is version 9, this handrank writes version 1"),
    "shape": (dict(counts=np.zeros((ph.MATCHUPS - 1, 3), dtype="<u4")),
              f"counts has shape ({ph.MATCHUPS - 1}, 3) and dtype uint32, expected "
              f"({ph.MATCHUPS}, 3) uint32"),
    "dtype": (dict(keys=ph.all_matchups().astype("<i8")),
              f"keys has shape ({ph.MATCHUPS},) and dtype int64, expected ({ph.MATCHUPS},) "
              f"int32"),
    "boards": (dict(boards=np.int64(ph.BOARDS - 1)),
               f"its counts do not add up to {ph.BOARDS:,} boards a matchup"),
}


@pytest.mark.parametrize("fault", HANDS_FAULTS)
def test_a_bad_hands_cache_warns_and_is_rebuilt(tmp_path, monkeypatch, fault):
    change, message = HANDS_FAULTS[fault]
    file = tmp_path / "h.npz"
    hands_file(file, **change)
    played = []

    def play(keys, threads=1, progress=None):
        played.append(len(keys))
        out = np.zeros((len(keys), 3), dtype=np.int64)
        out[:, 2] = ph.BOARDS
        return out

    monkeypatch.setattr(ph, "play", play)
    monkeypatch.setattr(ph, "_last", None)
    assert ph._load(file) == (None, message)
    warning = f"the preflop hands table cache {file} is unusable: {message}; rebuilding it"
    with pytest.warns(UserWarning, match=re.escape(warning)):
        assert hr.preflop_hands_table(file).complete
    assert played == [ph.MATCHUPS] and ph._load(file)[1] is None
    assert sorted(os.listdir(tmp_path)) == ["h.npz"]          # no lock, no temporary
