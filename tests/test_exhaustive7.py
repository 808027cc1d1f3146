"""All 133,784,560 seven-card hands against published counts (about 10 s)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import exhaustive7  # noqa: E402


def test_every_seven_card_hand():
    result = exhaustive7.run(verbose=False)
    assert exhaustive7.check(result) == []
    assert result["hands"] == 133_784_560
