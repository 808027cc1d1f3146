"""The three-way table's piecewise build (tools/build_threeway.py,
handrank.tables._threeway_build) end to end on the first 30 triples: resumable
pieces, a finish that refuses a missing or damaged piece, and a data file
that load_table checks."""
from __future__ import annotations

import numpy as np
import pytest

from handrank.tables import _threeway as tw
from handrank.tables import _threeway_build as tb


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(tb, "TOTAL", 30)
    monkeypatch.setattr(tb, "PIECE", 12)                  # pieces of 12, 12 and 6
    monkeypatch.setattr(tw, "TRIPLES", 30)                # load_table expects 30 rows


def test_build_resume_finish_load(small, tmp_path, capsys):
    work, out = tmp_path / "work", tmp_path / "t.npz"
    assert tb.main(["build", "--work", str(work), "--pieces", "0:1"]) == 0
    assert sorted(p.name for p in work.glob("*.npy")) == ["piece-00000.npy"]
    with pytest.raises(SystemExit, match="piece 1 of 3 is missing"):
        tb.main(["finish", "--work", str(work), "--out", str(out)])
    assert not out.exists()
    first = (work / "piece-00000.npy").stat().st_mtime_ns
    assert tb.main(["build", "--work", str(work)]) == 0       # resumes: pieces 1 and 2 only
    assert (work / "piece-00000.npy").stat().st_mtime_ns == first
    assert "piece 0 " not in capsys.readouterr().out.split("pieces 0..0 are done")[-1]
    assert tb.main(["finish", "--work", str(work), "--out", str(out)]) == 0
    m, w = tw.load_table(out)
    counts = tw.triple_counts(tw.triple_rows(0, 30))
    assert np.array_equal(m, counts[:, 0]) and np.array_equal(w, tb.won6(counts))
    with np.errstate(invalid="ignore"):                  # (AA, AA, AA): no deal, NaN
        np.testing.assert_allclose(w / (6.0 * tw.BOARDS * m[:, None]), tw.shares(counts), rtol=1e-15)
    with np.load(out) as z:
        assert str(z["method"]).startswith("exact:") and z["cpu_seconds"] > 0
        arrays = {k: z[k] for k in z.files}
    arrays["won6"] = arrays["won6"].copy()
    arrays["won6"][3, 0] += 6
    arrays["won6"][3, 1] -= 6                              # seat 2's rest unchanged
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(ValueError, match="checksum"):
        tw.load_table(tmp_path / "bad.npz")
    arrays["won6"][3, 0] = 2 ** 32 - 1                     # more than the boards, checksum redone
    from handrank.tables._threeway import checksum
    arrays["checksum"] = np.array(checksum(arrays))
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(ValueError, match="seat 2's share"):
        tw.load_table(tmp_path / "bad.npz")


def test_finish_refuses_damaged_pieces(small, tmp_path):
    work, out = tmp_path / "work", tmp_path / "t.npz"
    tb.main(["build", "--work", str(work)])
    good = np.load(work / "piece-00001.npy")
    bad = good.copy()
    bad[2, 1] += 1                                        # boards no longer add up
    np.save(work / "piece-00001.npy", bad)
    with pytest.raises(SystemExit, match="do not add up"):
        tb.finish(work, out)
    bad = good.copy()
    bad[2, 1] += 1
    bad[2, 2] -= 1                                        # adds up, but wrong
    np.save(work / "piece-00001.npy", bad)
    with pytest.raises(SystemExit, match="recounted triple differs"):
        tb.finish(work, out, sample=30)
    np.save(work / "piece-00001.npy", good[:5])
    with pytest.raises(SystemExit, match="shape"):
        tb.finish(work, out)
    assert not out.exists()


def test_table_not_built_for_all_triples_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(tb, "TOTAL", 12)
    monkeypatch.setattr(tb, "PIECE", 12)
    tb.main(["build", "--work", str(tmp_path)])
    tb.finish(tmp_path, tmp_path / "t.npz")
    with pytest.raises(ValueError, match="number of triples"):
        tw.load_table(tmp_path / "t.npz")
