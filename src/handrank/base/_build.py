"""How this installation of handrank was built: :func:`build_info`, and the
version (``handrank.__version__``, the same as the project's metadata)."""
from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core

#: The version of the package (``handrank.__version__``).
__version__ = "0.1.0"

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


_ISA_WORDS = {"portable": "portable", "popcnt": "POPCNT", "avx2": "AVX2", "avx512": "AVX-512"}


def _isa_text() -> str:
    """How the batch loop in use (``_core.isa()``, read now) was chosen."""
    isa, best = _core.isa(), _core.BEST_ISA
    word = _ISA_WORDS[isa]
    if _core.POPCNT_DISPATCH == 2:
        return "no dispatch: the scalar loop, with the POPCNT instruction always (MSVC x64)"
    if _core.POPCNT_DISPATCH == 0:
        return "no dispatch: the scalar loop (compiler builtins count bits)"
    if best == "portable":
        return "runtime dispatch: this CPU has no POPCNT/SSE4.1, portable loop in use"
    text = f"runtime dispatch: {word} loop in use"
    if isa in ("avx2", "avx512"):
        text += " (POPCNT loop for the rows it does not take)"
    if isa != best:
        text += (f"; capped by HANDRANK_ISA or set_isa: this CPU runs up to "
                 f"{_ISA_WORDS[best]}")
    return text


def build_info() -> dict[str, Any]:
    """How the compiled core of this installation was built, and what it uses.

    Keys: ``version``, ``compiler`` (as it names itself), ``openmp`` (bool),
    ``openmp_detail`` (the OpenMP version and thread count, or why there is no
    OpenMP), ``isa`` (the batch loop in use at the time of the call, as
    ``handrank._core.isa()`` gives it: ``"portable"``, ``"popcnt"``,
    ``"avx2"`` or ``"avx512"``; ``HANDRANK_ISA`` caps it at import),
    ``isa_detail`` (how that loop was chosen), ``sanitizer``
    (``"AddressSanitizer"`` or ``None``), ``platform``, ``python`` and
    ``numpy``.  ``handrank --version`` prints it.

    >>> import handrank as hr
    >>> info = hr.build_info()
    >>> sorted(info)[:4]
    ['compiler', 'isa', 'isa_detail', 'numpy']
    >>> info["isa"] == hr._core.isa()
    True
    >>> info["version"] == hr.__version__
    True
    """
    import platform                 # on use: not at import (docs/decisions.rst)
    return {
        "version": __version__,
        "compiler": _core.BUILD_COMPILER,
        "openmp": bool(_core.HAS_OPENMP),
        "openmp_detail": _openmp_text(),
        "isa": _core.isa(),
        "isa_detail": _isa_text(),
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
             f"  loop:      {info['isa']}: {info['isa_detail']}",
             f"  sanitizer: {info['sanitizer'] or 'none'}",
             f"  platform:  {info['platform']}, {info['python']}, numpy {info['numpy']}"]
    return "\n".join(lines)
