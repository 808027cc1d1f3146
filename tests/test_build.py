"""How the package was built (build_info, --version), and what keeps it portable:
numpy < 2 without np.bitwise_count, test helpers off Linux."""
from __future__ import annotations

import os

import numpy as np
import pytest

import handrank as hr
from handrank.cards import _cards
from handrank import cli

from conftest import random_hands, usable_cpus


def test_build_info_describes_this_build():
    info = hr.build_info()
    assert {"version", "compiler", "openmp", "openmp_detail", "isa", "isa_detail",
            "sanitizer"} <= set(info)
    assert info["version"] == hr.__version__
    assert isinstance(info["compiler"], str) and info["compiler"]
    assert info["openmp"] is hr._core.HAS_OPENMP
    assert info["openmp_detail"].startswith("yes" if info["openmp"] else "no")
    assert (info["sanitizer"] is not None) == hr._core.SANITIZED
    if hr._core.POPCNT_DISPATCH == 1:
        assert info["isa_detail"].startswith("runtime dispatch")
    assert isinstance(info["isa_detail"], str)


def test_build_info_reports_the_loop_in_use_now():
    """build_info() and --version read the loop from the one state the C
    loops dispatch on (_core.isa()), after set_isa too: not a snapshot."""
    from handrank import _core
    before = _core.isa()
    usable = _core.ISA_NAMES[:_core.ISA_NAMES.index(_core.BEST_ISA) + 1]
    try:
        for name in usable:
            _core.set_isa(name)
            info = hr.build_info()
            assert info["isa"] == _core.isa() == name
            if _core.POPCNT_DISPATCH == 1:
                word = {"portable": "portable", "popcnt": "POPCNT", "avx2": "AVX2",
                        "avx512": "AVX-512"}[name]
                assert f"{word} loop in use" in info["isa_detail"]
                assert ("capped" in info["isa_detail"]) == (name != _core.BEST_ISA)
                if name == "portable":
                    assert "POPCNT loop" not in info["isa_detail"]
            assert f"loop:      {name}: {info['isa_detail']}" in _build_version_text()
    finally:
        _core.set_isa(before)


def _build_version_text() -> str:
    from handrank.base._build import version_text
    return version_text()


def test_version_under_handrank_isa_portable():
    """HANDRANK_ISA=portable caps the loop at import; --version says so."""
    import subprocess
    import sys
    env = dict(os.environ, HANDRANK_ISA="portable")
    out = subprocess.run([sys.executable, "-c", "import handrank as hr, handrank._core as c; "
                          "print(hr.build_info()['isa'], c.isa()); "
                          "from handrank.base._build import version_text; print(version_text())"],
                         env=env, capture_output=True, text=True, check=True).stdout
    assert out.startswith("portable portable\n")
    assert "loop:      portable: " in out
    assert "POPCNT loop in use" not in out


def test_build_info_says_why_there_are_no_threads():
    if hr._core.HAS_OPENMP:
        assert hr._core.OPENMP_STATUS == 0
        assert hr._core.OPENMP_VERSION >= 200203       # OpenMP 2.0 or later
    else:
        assert hr._core.OPENMP_STATUS in (1, 2, 3)
        assert "one thread" in hr.build_info()["openmp_detail"]


def test_version_option_prints_the_build(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"handrank {hr.__version__}\n")
    info = hr.build_info()
    assert info["compiler"] in out and info["openmp_detail"] in out and info["isa_detail"] in out


def test_installed_metadata_has_the_same_version():
    from importlib import metadata
    try:
        assert metadata.version("handrank") == hr.__version__
    except metadata.PackageNotFoundError:   # pragma: no cover - run from a source tree
        pytest.skip("handrank is not installed")


# ------------------------------------------------------ numpy < 2


def test_byte_table_popcount_equals_bit_counting():
    rng = np.random.default_rng(11)
    masks = np.concatenate([
        np.array([0, 1, 2**63, 2**64 - 1, 0x8000_0000_0000_0001], dtype=np.uint64),
        rng.integers(0, 2**64 - 1, size=5000, dtype=np.uint64, endpoint=True),
        hr.to_mask(random_hands(5000, 7, seed=12)),
    ])
    expect = np.array([bin(int(m)).count("1") for m in masks], dtype=np.int64)
    got = _cards._popcount_bytes(masks)
    assert got.dtype == np.int64 and np.array_equal(got, expect)
    assert np.array_equal(_cards._popcount(masks), expect)
    # any layout and shape, and no input at all
    assert np.array_equal(_cards._popcount_bytes(masks[::3]), expect[::3])
    assert np.array_equal(_cards._popcount_bytes(masks[:12].reshape(3, 4)), expect[:12].reshape(3, 4))
    assert _cards._popcount_bytes(np.zeros(0, np.uint64)).shape == (0,)


def test_masks_work_without_bitwise_count(monkeypatch):
    """numpy 1.26 has no np.bitwise_count: to_mask and from_mask take the byte table."""
    hands = random_hands(2000, 7, seed=13)
    masks = hr.to_mask(hands)
    if hasattr(np, "bitwise_count"):
        monkeypatch.delattr(np, "bitwise_count")
    assert np.array_equal(hr.to_mask(hands), masks)
    assert np.array_equal(hr.to_mask(hr.from_mask(masks)), masks)
    dup = hands.copy()
    dup[5, 1] = dup[5, 0]
    with pytest.raises(hr.HandError, match="row 5: a card repeats"):
        hr.to_mask(dup)
    with pytest.raises(hr.HandError, match="different numbers of cards"):
        hr.from_mask(np.concatenate([masks[:3], hr.to_mask(random_hands(1, 6, seed=1))]))


# ------------------------------------------------------ test helpers off Linux


def test_usable_cpus_without_sched_getaffinity(monkeypatch):
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    assert usable_cpus() == (os.cpu_count() or 1)


def test_rss_without_proc(monkeypatch):
    pytest.importorskip("resource")
    import test_threads_memory as tm
    real_exists = os.path.exists
    monkeypatch.setattr(os.path, "exists",
                        lambda p: False if str(p) == "/proc/self/statm" else real_exists(p))
    assert tm._can_measure_rss()
    assert 1 < tm._rss_mb() < 1e6   # the peak resident set, in MB
