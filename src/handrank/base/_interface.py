"""The one way up: every upcall a lower layer makes into a higher one.

The compiled core sits below every package, and a few packages sit below
the code they need to call (ranges draw through display, equity's common
case falls back to the Python path above ``_core``).  Each such call is an
*upcall*, declared once here in :data:`UPCALLS` -- its name, signature, the
package that provides it (*owner*) and the one that calls it (*reader*) --
and installed, all at once, by the one call of :func:`install_upcalls` at the
end of ``handrank/__init__.py``, once every package is imported.  A name
missing from that call, or one not declared here, fails the import.

Upcalls read by the compiled core (``reader="_core"``) are handed to
``_core.install_upcalls``, whose list (``_core.UPCALLS``) must be exactly
these; the others are read in Python as attributes of :data:`upcalls`
(``upcalls.draw_plot(rng, ...)``).  Before installation a function upcall
raises ``RuntimeError`` naming itself.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import _core

__all__ = ["Upcall", "UPCALLS", "install_upcalls", "installed_upcalls", "upcalls"]


@dataclass(frozen=True)
class Upcall:
    """One upcall: ``kind`` is "function" (called), "registry" (a dict read
    at every call), "type" (a class made) or "value" (data)."""

    name: str
    kind: str
    signature: str
    owner: str
    reader: str
    doc: str


#: Every upcall, in one place.  Adding one: a row here, the reader reading
#: it (``_core``: a global set in ``_core.install_upcalls``), and the owner's
#: value in handrank/__init__.py's install_upcalls call.
UPCALLS: tuple[Upcall, ...] = (
    Upcall("evaluate_general", "function",
           "(hands, rules, wild, *, out, threads, like) -> int | ndarray",
           "evaluation", "_core", "evaluate's general path, for what the compiled "
           "entry does not take in one call"),
    Upcall("equity_general", "function",
           "(game, hands, board, dead, trials, seed, threads, progress, folded) -> EquityResult",
           "equities", "_core", "equity's general path, for what the compiled entry "
           "does not take in one call"),
    Upcall("fast_range", "function", "(text, hole) -> tuple[bytes, bytes] | None",
           "equities", "_core", "the hands and weights a player's text is read as, "
           "for equity's compiled entry"),
    Upcall("halves_of", "function", "(game, per_half) -> dict[str, Any]",
           "equities", "_core", "the halves, high and low fields of an EquityResult"),
    Upcall("game_by_name", "registry", "dict[str, Game]", "games", "_core",
           "the games by name, read at every compiled equity call"),
    Upcall("equity_result_type", "type", "type[EquityResult]", "equities", "_core",
           "the class of equity's results, made by the compiled entry"),
    Upcall("card_names", "value", "tuple[str, ...] (54 names)", "cards", "_core",
           "each card code's name, for the labels of compiled results"),
    Upcall("small_exact", "value", "int", "equities", "_core",
           "the most hands an exact question values in one call into C"),
    Upcall("game_hint", "function", "(name) -> str", "games", "rules",
           "what an unknown rule-set name may be meant as (a game's rule set), or ''"),
    Upcall("draw_html", "function", "(rng) -> str", "display", "ranges",
           "Range._repr_html_"),
    Upcall("draw_plot", "function", "(rng, *, ax, title, labels) -> Axes", "display",
           "ranges", "Range.plot"),
    Upcall("omaha_percent", "function", "(cards, percent, limit) -> list", "tables",
           "ranges", "the Omaha hands of a range's \"10%\""),
    Upcall("folded_equity", "function",
           "(game, hands, board, dead, folded, trials, seed, threads, progress) "
           "-> EquityResult", "equities", "equities", "equity(..., folded=...), "
           "built on top of equity in its own module"),
    Upcall("preflop_ranges", "function", "(players, labels, threads, progress) -> EquityResult",
           "tables", "equities", "equity of two hold'em ranges preflop (no board, no dead "
           "cards) beyond the exact limit, from the hands table"),
)

_BY_NAME = {u.name: u for u in UPCALLS}
_COMPILED = tuple(u.name for u in UPCALLS if u.reader == "_core")
if set(_COMPILED) != set(_core.UPCALLS) or len(_BY_NAME) != len(UPCALLS):
    raise ImportError(f"handrank: the upcalls declared in base._interface {sorted(_COMPILED)} "
                      f"are not the compiled core's {sorted(_core.UPCALLS)}")


def _not_installed(name: str) -> Any:
    def missing(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"handrank: the upcall {name!r} is used before handrank's "
                           f"__init__ installs it (import handrank first)")
    missing.__name__ = name
    return missing


class _Upcalls:
    """The installed upcalls read in Python, as attributes."""

    def __init__(self) -> None:
        for u in UPCALLS:
            if u.reader != "_core":
                setattr(self, u.name, _not_installed(u.name))

    def __repr__(self) -> str:
        return "<handrank upcalls: " + ", ".join(u.name for u in UPCALLS) + ">"


#: The installed upcalls that Python reads (``upcalls.draw_plot``).
upcalls: Any = _Upcalls()
_installed: dict[str, Any] = {}


def installed_upcalls() -> dict[str, Any]:
    """What :func:`install_upcalls` last installed, by name (empty before)."""
    return dict(_installed)


def install_upcalls(**given: Any) -> None:
    """Install every upcall of :data:`UPCALLS` at once, by name.

    Raises ``ImportError`` (and installs nothing) when a declared name is
    missing, a name is not declared, or a function or type upcall is given
    something not callable."""
    missing = sorted(_BY_NAME.keys() - given.keys())
    extra = sorted(given.keys() - _BY_NAME.keys())
    if missing or extra:
        raise ImportError(f"handrank: install_upcalls: missing {missing}, "
                          f"not declared in base._interface.UPCALLS {extra}")
    for name, value in given.items():
        kind = _BY_NAME[name].kind
        if kind in ("function", "type") and not callable(value) \
                or kind == "registry" and not isinstance(value, dict):
            raise ImportError(f"handrank: install_upcalls: {name} is declared a {kind}; "
                              f"got {type(value).__name__}")
    _core.install_upcalls({n: given[n] for n in _COMPILED})
    for name, value in given.items():
        if _BY_NAME[name].reader != "_core":
            setattr(upcalls, name, value)
    _installed.clear()
    _installed.update(given)
