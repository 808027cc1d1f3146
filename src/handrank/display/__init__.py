"""Pictures: the 13 x 13 grid in text and HTML, matplotlib figures, the
hand-vs-range equity grid.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._display import (boards_text, cards_html, grid_text, heat, range_html, range_repr_html,
                       shade, use_color)
from ._equity_grid import equity_grid, EquityGrid
from ._plot import plot_range

__all__ = ["boards_text", "cards_html", "equity_grid", "EquityGrid", "grid_text", "heat",
    "plot_range", "range_html", "range_repr_html", "shade", "use_color"]
