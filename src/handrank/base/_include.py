"""Where handrank's C headers are: :func:`get_include`."""
from __future__ import annotations

import os

_PROBE = os.path.join("handrank", "base", "hr_core.h")


def get_include() -> str:
    """The directory that holds handrank's C headers, for compiling C or
    Cython code against handrank's core (as ``numpy.get_include()`` does for
    numpy's).

    The headers are the whole C core (it is header-only), one job each;
    ``handrank/handrank.h`` includes them all.  Pass the
    directory to the compiler (``-I``, or ``include_dirs`` of a setuptools
    ``Extension``) and ``#include "handrank/handrank.h"``; call ``hr_init()``
    once before anything else.  Code built this way has its own copy of the
    core; it does not call into ``handrank._core``.  The C functions are
    not part of the Python API's compatibility promise: build against the
    headers of the handrank version you depend on.

    Returns the ``include`` directory inside the installed package, or in a
    source tree (an editable install, or ``src/`` on ``sys.path``) the
    tree's ``include/`` directory.

    >>> import os
    >>> import handrank as hr
    >>> os.path.isfile(os.path.join(hr.get_include(), "handrank", "evaluation", "hr_batch.h"))
    True
    """
    # the handrank package folder (this module is in handrank/base/)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for candidate in (os.path.join(here, "include"),
                      os.path.join(os.path.dirname(os.path.dirname(here)), "include")):
        if os.path.isfile(os.path.join(candidate, _PROBE)):
            return candidate
    raise FileNotFoundError(
        f"handrank's C headers are not installed next to {here} (expected "
        f"{os.path.join(here, 'include', _PROBE)}): reinstall handrank from a wheel or "
        "an sdist")
