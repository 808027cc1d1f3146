"""How this installation of handrank was built: :func:`build_info`."""
from __future__ import annotations

import platform
from typing import Any

import numpy as np

from . import _core

_OPENMP_NAMES = {200203: "2.0", 200505: "2.5", 200805: "3.0", 201107: "3.1", 201307: "4.0",
                 201511: "4.5", 201811: "5.0", 202011: "5.1", 202111: "5.2", 202411: "6.0"}

_NO_OPENMP_REASONS = {
    1: "disabled by HANDRANK_NO_OPENMP at build time",
    2: "the compiler could not build OpenMP programs",
    3: "built without OpenMP (not by handrank's setup.py)",
}


def _openmp_text() -> str:
    if not _core.HAS_OPENMP:
        return "no: " + _NO_OPENMP_REASONS.get(_core.OPENMP_STATUS, "unknown reason") + \
            "; every call runs on one thread"
    v = _core.OPENMP_VERSION
    return f"yes: OpenMP {_OPENMP_NAMES.get(v, str(v))}, up to {_core.MAX_THREADS} threads"


def _popcnt_text() -> str:
    if _core.POPCNT_DISPATCH == 1:
        return ("runtime dispatch: POPCNT loop in use" if _core.USES_POPCNT
                else "runtime dispatch: this CPU has no POPCNT/SSE4.1, portable loop in use")
    if _core.POPCNT_DISPATCH == 2:
        return "always the POPCNT instruction (MSVC x64)"
    return "no dispatch: portable loop (compiler builtins)"


def build_info() -> dict[str, Any]:
    """How the compiled core of this installation was built, and what it uses.

    Keys: ``version``, ``compiler`` (as it names itself), ``openmp`` (bool),
    ``openmp_detail`` (the OpenMP version and thread count, or why there is no
    OpenMP), ``popcnt`` (how hands are validated: runtime POPCNT dispatch or
    the portable loop), ``sanitizer`` (``"AddressSanitizer"`` or ``None``),
    ``platform``, ``python`` and ``numpy``.  ``handrank --version`` prints it.

    >>> import handrank as hr
    >>> info = hr.build_info()
    >>> sorted(info)[:4]
    ['compiler', 'numpy', 'openmp', 'openmp_detail']
    >>> info["version"] == hr.__version__
    True
    """
    from . import __version__
    return {
        "version": __version__,
        "compiler": _core.BUILD_COMPILER,
        "openmp": bool(_core.HAS_OPENMP),
        "openmp_detail": _openmp_text(),
        "popcnt": _popcnt_text(),
        "sanitizer": "AddressSanitizer" if _core.SANITIZED else None,
        "platform": f"{platform.system()} {platform.machine()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "numpy": np.__version__,
    }


def version_text() -> str:
    """The text of ``handrank --version``: the version, then the build."""
    info = build_info()
    lines = [f"handrank {info['version']}",
             f"  compiler:  {info['compiler']}",
             f"  OpenMP:    {info['openmp_detail']}",
             f"  POPCNT:    {info['popcnt']}",
             f"  sanitizer: {info['sanitizer'] or 'none'}",
             f"  platform:  {info['platform']}, {info['python']}, numpy {info['numpy']}"]
    return "\n".join(lines)
