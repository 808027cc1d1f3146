"""matplotlib pictures of the 13 x 13 grid (``Range.plot``, ``EquityGrid.plot``).

matplotlib is imported when a picture is drawn, never when handrank is
imported; without it the call raises ImportError saying
``pip install matplotlib`` (the ``plot`` extra).  Colours are those of
:mod:`handrank.display._display` (:func:`~handrank.display._display.shade`,
:func:`~handrank.display._display.heat`), so a cell reads back as the same RGB in a
PNG, the terminal and HTML.

>>> import handrank as hr
>>> ax = hr.Range("QQ+, AKs").plot()                     # doctest: +SKIP
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import RANK_CHARS
from ..ranges import GRID_CLASSES, Range
from ._display import heat, shade
from ..base import HandError

__all__ = ["plot_grid", "grid_rgb", "plot_range"]


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ImportError("drawing a range grid needs matplotlib, which is not installed: "
                          "pip install matplotlib (or, in a handrank checkout's folder, pip install '.[plot]')") from e
    return plt


def grid_rgb(values: np.ndarray, kind: str = "range") -> np.ndarray:
    """``(13, 13, 3)`` uint8 colours of a grid: :func:`shade` of each value for
    ``kind="range"``, :func:`heat` for ``kind="equity"`` (NaN is grey).

    >>> import numpy as np, handrank as hr
    >>> from handrank.display._plot import grid_rgb
    >>> grid_rgb(hr.Range("AA").grid())[0, 0].tolist()
    [46, 160, 67]
    >>> grid_rgb(np.full((13, 13), np.nan), "equity")[0, 0].tolist()
    [235, 235, 235]
    """
    values = np.asarray(values, dtype=np.float64)
    if values.shape != (13, 13):
        raise HandError(f"a grid is (13, 13); got shape {values.shape}")
    if kind not in ("range", "equity"):
        raise HandError(f"kind is 'range' or 'equity'; got {kind!r}")
    colour = shade if kind == "range" else heat
    out = np.empty((13, 13, 3), dtype=np.uint8)
    for i in range(13):
        for j in range(13):
            out[i, j] = colour(values[i, j])
    return out


def plot_grid(values: np.ndarray, ax: Any = None, kind: str = "range",
              title: str | None = None, labels: bool = True) -> Any:
    """Draw a 13 x 13 grid on ``ax`` (a new figure when None); returns the Axes.

    Cell (i, j) is drawn as a unit square centred on data point (j, i), row 0
    (aces) at the top, with no interpolation.  ``labels``: each cell shows
    its class (``kind="range"``) or its class and equity in percent
    (``kind="equity"``, blank where NaN); rank letters mark the axes.
    """
    plt = _pyplot()
    if ax is None:
        fig, ax = plt.subplots(figsize=(6.5, 6.5))
    rgb = grid_rgb(values, kind)
    ax.imshow(rgb, interpolation="nearest", extent=(-0.5, 12.5, 12.5, -0.5), aspect="equal")
    ranks = list(RANK_CHARS[::-1])
    ax.set_xticks(range(13), ranks)
    ax.set_yticks(range(13), ranks)
    ax.tick_params(length=0, labeltop=True, labelbottom=False)
    ax.set_xticks(np.arange(-0.5, 13), minor=True)
    ax.set_yticks(np.arange(-0.5, 13), minor=True)
    ax.grid(which="minor", color="white", linewidth=1)
    ax.tick_params(which="minor", length=0)
    if labels:
        vals = np.asarray(values, dtype=np.float64)
        for i in range(13):
            for j in range(13):
                name = str(GRID_CLASSES[i, j])
                v = vals[i, j]
                if kind == "equity":
                    text = f"{name}\n{100 * v:.1f}" if v == v else name
                    colour = "black" if v == v else "#999999"
                else:
                    text = name
                    colour = "black" if v > 0 else "#aaaaaa"
                ax.text(j, i, text, ha="center", va="center", fontsize=7 if kind == "range"
                        else 6, color=colour)
    if title:
        ax.set_title(title, fontsize=10, pad=18)
    return ax


def plot_range(rng: Range, ax: Any = None, title: str | None = None,
                labels: bool = True) -> Any:
    """``Range.plot`` (the upcall ``draw_plot``): the range's grid, titled
    with its text by default."""
    return plot_grid(rng.grid(), ax=ax, kind="range",
                     title=rng.text if title is None else title, labels=labels)

