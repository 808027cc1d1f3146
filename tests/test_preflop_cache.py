"""The preflop table's cache: validation of what is loaded, an unwritable
place, ``~`` in the cache variables, the build lock and interrupted builds.

Nothing here plays a matchup: the builder is replaced by one that returns a
synthetic table in microseconds, so every test runs in milliseconds.
"""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import numpy as np
import pytest

import handrank as hr
from handrank.tables import _cache, _preflop

NAME = "preflop.npz"


def synthetic(seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """A table that passes every check: values in [0, 1], eq + eq.T == 1."""
    r = np.random.default_rng(seed).random((169, 169))
    eq = (r + 1 - r.T) / 2
    return eq, eq.mean(axis=1)


@pytest.fixture
def built(monkeypatch):
    """Replace the builder by a synthetic one; the list records its calls.
    Also: no table in memory, quick polling, and a short wait for a lock, so
    a lock that is wrongly judged alive shows as a warning, not a hang."""
    calls = []

    def fake_build(threads, progress):
        calls.append(threads)
        return synthetic()

    monkeypatch.setattr(_preflop, "_build", fake_build)
    monkeypatch.setattr(_preflop, "_memo", None)
    monkeypatch.setattr(_cache, "POLL", 0.01)
    monkeypatch.setattr(_preflop, "_wait_timeout", lambda: 5.0)
    return calls


@contextmanager
def no_warnings():
    """A context in which any warning fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def write_npz(path, equity, vs_random, version=_preflop.VERSION, classes=hr.HAND_CLASSES,
              checksum=None, drop=()):
    """An .npz like the cache, with whatever fault the arguments give it; the
    checksum (unless given) is right for the contents, so only that fault shows."""
    if checksum is None:
        checksum = _preflop._checksum(np.asarray(equity, dtype=np.float64),
                                      np.asarray(vs_random, dtype=np.float64), version,
                                      [str(c) for c in classes])
    arrays = dict(equity=equity, vs_random=vs_random, version=np.int64(version),
                  classes=np.array(classes), checksum=np.array(checksum))
    for k in drop:
        del arrays[k]
    np.savez(path, **arrays)


def assert_only(folder, *names):
    """The folder holds exactly these files: no temporary file, no lock."""
    assert sorted(os.listdir(folder)) == sorted(names)


# ---------------------------------------------------------------- item 1: validation

def _truncated(path):
    _preflop._save(path, *synthetic())
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _garbage(path):
    path.write_bytes(b"this is not a preflop table " * 40)


def _empty(path):
    path.write_bytes(b"")


def _npy_not_npz(path):
    with open(path, "wb") as f:
        np.save(f, synthetic()[0])


def _wrong_shape(path):
    eq, vs = synthetic()
    write_npz(path, eq[:168, :168], vs[:168])


def _wrong_vs_random_shape(path):
    eq, vs = synthetic()
    write_npz(path, eq, vs[:100])


def _wrong_dtype(path):
    eq, vs = synthetic()
    write_npz(path, eq.astype(np.float32), vs)


def _wrong_version(path):
    write_npz(path, *synthetic(), version=_preflop.VERSION - 1)


def _bad_checksum(path):
    eq, vs = synthetic()
    checksum = _preflop._checksum(eq, vs, _preflop.VERSION, hr.HAND_CLASSES)
    eq[3, 4], eq[4, 3] = 0.25, 0.75            # changed, yet a valid-looking table
    write_npz(path, eq, vs, checksum=checksum)


def _no_checksum(path):                        # a version-1 style file
    write_npz(path, *synthetic(), drop=("checksum",))


def _wrong_classes(path):
    write_npz(path, *synthetic(), classes=hr.HAND_CLASSES[::-1])


def _out_of_range(path):
    eq, vs = synthetic()
    eq[0, 1], eq[1, 0] = 1.5, -0.5
    write_npz(path, eq, vs)


def _nan(path):
    eq, vs = synthetic()
    vs[7] = np.nan
    write_npz(path, eq, vs)


def _not_complementary(path):
    eq, vs = synthetic()
    eq[0, 1] += 1e-6
    write_npz(path, eq, vs)


def _pickled(path):
    eq, vs = synthetic()
    np.savez(path, equity=eq, vs_random=vs, version=np.int64(_preflop.VERSION),
             classes=np.array(hr.HAND_CLASSES, dtype=object), checksum=np.array("0"))


CORRUPTIONS = {
    "truncated": (_truncated, "cannot be read"),
    "garbage": (_garbage, "cannot be read"),
    "empty": (_empty, "cannot be read"),
    "npy": (_npy_not_npz, "not an .npz archive"),
    "wrong-shape": (_wrong_shape, r"equity has shape \(168, 168\)"),
    "wrong-vs-random-shape": (_wrong_vs_random_shape, r"vs_random has shape \(100,\)"),
    "wrong-dtype": (_wrong_dtype, "dtype float32"),
    "wrong-version": (_wrong_version, f"version {_preflop.VERSION - 1}"),
    "bad-checksum": (_bad_checksum, "checksum does not match"),
    "no-checksum": (_no_checksum, "lacks checksum"),
    "wrong-classes": (_wrong_classes, "class names"),
    "out-of-range": (_out_of_range, r"outside \[0, 1\]"),
    "nan": (_nan, "not finite"),
    "not-complementary": (_not_complementary, r"equity \+ equity.T differs from 1"),
    "pickled": (_pickled, "cannot be read"),
}


@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_corrupt_cache_warns_and_is_rebuilt(tmp_path, built, kind):
    corrupt, reason = CORRUPTIONS[kind]
    path = tmp_path / NAME
    corrupt(path)
    _, problem = _preflop._load(path)
    assert problem and re.search(reason, problem), problem
    with pytest.warns(UserWarning, match=re.escape(str(path)) + ".*" + reason):
        t = hr.preflop_table(path)
    assert len(built) == 1
    assert np.array_equal(t.equity, synthetic()[0])
    # the file was overwritten with a good one, which now loads without a build
    assert _preflop._load(path)[1] is None
    with no_warnings():
        again = hr.preflop_table(path)
    assert len(built) == 1 and np.array_equal(again.equity, t.equity)
    assert_only(tmp_path, NAME)


@pytest.mark.parametrize("kind", ["pickled", "garbage"])
def test_unreadable_cache_warning_never_advises_loading_pickles(tmp_path, built, kind):
    # numpy's own message for a file of pickled objects advises loading it
    # "unsafely" with allow_pickle; the warning says the file is unreadable
    # and is rebuilt, and nothing that invites loading an untrusted pickle.
    path = tmp_path / NAME
    CORRUPTIONS[kind][0](path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hr.preflop_table(path)
    texts = [str(w.message) for w in caught]
    assert len(texts) == 1, texts
    assert "cannot be read" in texts[0] and "rebuilding it" in texts[0]
    assert not re.search(r"allow_pickle|unsafe|pickle", texts[0], re.I), texts[0]


def test_saved_file_holds_a_checksum_and_loads_without_pickle(tmp_path):
    path = tmp_path / NAME
    eq, vs = synthetic()
    _preflop._save(path, eq, vs)
    with np.load(path, allow_pickle=False) as data:
        assert set(data.files) == {"equity", "vs_random", "version", "classes", "checksum"}
        assert int(data["version"]) == _preflop.VERSION
        assert str(data["checksum"]) == _preflop._checksum(eq, vs, _preflop.VERSION,
                                                           hr.HAND_CLASSES)
    table, problem = _preflop._load(path)
    assert problem is None and np.array_equal(table.vs_random, vs)
    assert _preflop._load(tmp_path / "absent.npz") == (None, None)


# ---------------------------------------------------------------- item 2: unwritable

def test_unwritable_cache_warns_once_and_keeps_the_table(tmp_path, built):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")         # mkdir below it fails, even for root
    path = blocker / "cache" / NAME
    with pytest.warns(UserWarning, match=re.escape(str(path)) + ".*keeping the table in memory"):
        first = hr.preflop_table(path)
    with no_warnings():
        second = hr.preflop_table(path)
        third = hr.preflop_table(str(path))
    assert len(built) == 1                     # not rebuilt
    assert np.array_equal(first.equity, second.equity)
    second.equity[0, 0] = 7.0                  # each call gets its own arrays
    assert third.equity[0, 0] == 0.5
    # one entry only: another unwritable path takes its place
    other = blocker / "other" / NAME
    with pytest.warns(UserWarning, match="keeping the table in memory"):
        hr.preflop_table(other)
    assert len(built) == 2 and _preflop._memo[0] == os.path.abspath(other)
    assert blocker.read_text() == "not a folder"


def test_read_only_folder_warns_once(tmp_path, built):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("permissions are not enforced (running as root?)")
        path = folder / NAME
        with pytest.warns(UserWarning, match="cannot write"):
            hr.preflop_table(path)
        with no_warnings():
            hr.preflop_table(path)
        assert len(built) == 1 and os.listdir(folder) == []
    finally:
        folder.chmod(0o700)


def test_rebuild_in_a_writable_place_forgets_the_table_in_memory(tmp_path, built):
    path = tmp_path / NAME
    eq, vs = synthetic(5)
    _preflop._memo = (os.path.abspath(path), eq, vs)
    assert np.array_equal(hr.preflop_table(path).equity, eq)     # from memory
    hr.preflop_table(path, rebuild=True)
    assert _preflop._memo is None and len(built) == 1
    assert np.array_equal(hr.preflop_table(path).equity, synthetic()[0])


# ---------------------------------------------------------------- item 3: ~ and $VARS

def test_cache_variables_expand_home_and_variables(tmp_path, monkeypatch, built):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))  # what expanduser reads on Windows
    monkeypatch.setenv("HANDRANK_CACHE", "~/x")
    file = f"preflop-v{_preflop.VERSION}.npz"
    assert _preflop.cache_path() == home / "x" / file
    monkeypatch.setenv("HR_TEST_CACHE_ROOT", str(tmp_path / "y"))
    monkeypatch.setenv("HANDRANK_CACHE", os.path.join("$HR_TEST_CACHE_ROOT", "z"))
    assert _preflop.cache_path() == tmp_path / "y" / "z" / file
    monkeypatch.delenv("HANDRANK_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "~/c")
    assert _preflop.cache_path() == home / "c" / "handrank" / file
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert _preflop.cache_path() == home / ".cache" / "handrank" / file
    # end to end: the table lands under $HOME, not in a folder called "~"
    monkeypatch.setenv("HANDRANK_CACHE", "~/x")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    hr.preflop_table()
    assert (home / "x" / file).is_file() and os.listdir(cwd) == []


# ---------------------------------------------------------------- item 4: lock, atomic write

def hold_lock(path, pid=None, host=None):
    """Write the lock another builder would hold."""
    lock = path.with_name(path.name + ".lock")
    lock.write_text(f"{os.getpid() if pid is None else pid} "
                    f"{socket.gethostname() if host is None else host} someone-else")
    return lock


def test_waits_for_another_builder_then_loads_its_table(tmp_path, built):
    path = tmp_path / NAME
    lock = hold_lock(path)                     # a live process (this one) builds
    with ThreadPoolExecutor(1) as pool:
        future = pool.submit(hr.preflop_table, path)
        time.sleep(0.3)
        assert not future.done() and not built  # waiting, not building
        theirs = synthetic(2)
        _preflop._save(path, *theirs)          # the other builder finishes
        lock.unlink()
        table = future.result(timeout=10)
    assert not built and np.array_equal(table.equity, theirs[0])
    assert_only(tmp_path, NAME)


def test_waiter_builds_when_the_other_builder_wrote_nothing(tmp_path, built):
    path = tmp_path / NAME
    lock = hold_lock(path)
    with ThreadPoolExecutor(1) as pool:
        future = pool.submit(hr.preflop_table, path)
        time.sleep(0.2)
        lock.unlink()                          # it failed or was interrupted
        table = future.result(timeout=10)
    assert len(built) == 1 and np.array_equal(table.equity, synthetic()[0])
    assert_only(tmp_path, NAME)


def test_builder_holds_a_lock_with_its_pid(tmp_path, monkeypatch, built):
    path = tmp_path / NAME
    seen = []

    def build(threads, progress):
        seen.append(path.with_name(NAME + ".lock").read_text())
        return synthetic()

    monkeypatch.setattr(_preflop, "_build", build)
    hr.preflop_table(path)
    assert seen[0].split()[:2] == [str(os.getpid()), socket.gethostname()]
    assert_only(tmp_path, NAME)


@pytest.mark.skipif(os.name != "posix", reason="ended processes are recognised on POSIX")
def test_lock_of_an_ended_process_is_broken(tmp_path, built):
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, timeout=60, check=True)
    path = tmp_path / NAME
    hold_lock(path, pid=int(done.stdout))
    with no_warnings():
        hr.preflop_table(path)
    assert len(built) == 1
    assert_only(tmp_path, NAME)


def test_lock_untouched_for_too_long_is_broken(tmp_path, built):
    path = tmp_path / NAME
    lock = hold_lock(path, host="another-host")
    old = time.time() - _cache.STALE_AFTER - 10
    os.utime(lock, (old, old))
    with no_warnings():
        hr.preflop_table(path)
    assert len(built) == 1
    assert_only(tmp_path, NAME)


def test_waiter_gives_up_after_the_timeout_and_builds(tmp_path, monkeypatch, built):
    monkeypatch.setattr(_preflop, "_wait_timeout", lambda: 0.2)
    path = tmp_path / NAME
    lock = hold_lock(path)
    theirs = lock.read_text()
    with pytest.warns(UserWarning, match="still held after"):
        hr.preflop_table(path)
    assert len(built) == 1 and _preflop._load(path)[1] is None
    assert lock.read_text() == theirs           # the other builder's lock is left alone


def test_builder_touches_its_lock(tmp_path, monkeypatch, built):
    monkeypatch.setattr(_cache, "HEARTBEAT", 0.0)
    path = tmp_path / NAME
    lock_file = path.with_name(NAME + ".lock")
    times = []

    def build(threads, progress):
        os.utime(lock_file, (0, 0))
        progress(1, 2)
        times.append(os.stat(lock_file).st_mtime)
        return synthetic()

    monkeypatch.setattr(_preflop, "_build", build)
    hr.preflop_table(path)
    assert times[0] > time.time() - 60


@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError])
def test_interrupted_build_leaves_no_file(tmp_path, monkeypatch, built, error):
    def build(threads, progress):
        raise error("interrupted")

    monkeypatch.setattr(_preflop, "_build", build)
    with pytest.raises(error):
        hr.preflop_table(tmp_path / NAME)
    assert_only(tmp_path)                      # no cache, no temporary file, no lock


@pytest.mark.parametrize("error", [KeyboardInterrupt, OSError])
def test_interrupted_save_keeps_the_old_cache(tmp_path, monkeypatch, built, error):
    path = tmp_path / NAME
    old = synthetic(3)
    _preflop._save(path, *old)
    before = path.read_bytes()

    def savez(f, **arrays):
        f.write(b"PK\x03\x04 half a file")
        raise error("interrupted while saving")

    monkeypatch.setattr(_preflop.np, "savez", savez)
    if error is OSError:                       # a full disk: warned, kept in memory
        with pytest.warns(UserWarning, match="cannot write"):
            hr.preflop_table(path, rebuild=True)
    else:
        with pytest.raises(error):
            hr.preflop_table(path, rebuild=True)
    assert path.read_bytes() == before
    assert_only(tmp_path, NAME)


def test_progress_is_reported_about_each_percent(tmp_path, monkeypatch, built):
    def build(threads, progress):
        for done in range(1, 3001):
            progress(done, 3000)
        return synthetic()

    monkeypatch.setattr(_preflop, "_build", build)
    calls = []
    hr.preflop_table(tmp_path / NAME, progress=lambda done, total: calls.append(done))
    assert 90 <= len(calls) <= 101 and calls[-1] == 3000
