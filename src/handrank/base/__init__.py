"""Foundations: errors and categories, build facts, where the headers are,
threads and seeds, C loops in slices, foreign arrays, data-file checksums,
the one declared interface of upcalls (_interface);
in C the card/mask definitions and the row loop.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._types import Category, flag_repr, HandError, named_int_format
from ._build import __version__, build_info, version_text
from ._include import get_include
from ._runs import (brief, check_trials, default_threads, MIN_ROWS_PER_THREAD, resolve_run,
                    resolve_seed, resolve_threads)
from ._slices import first_bad_row, first_slice, sliced
from ._arrays import as_numpy, bool_error, to_like
from ._datafile import checksum, read_problem
from ._interface import install_upcalls, installed_upcalls, Upcall, UPCALLS, upcalls

__all__ = ["__version__", "as_numpy", "bool_error", "brief", "build_info", "Category",
    "check_trials", "checksum", "default_threads", "first_bad_row", "first_slice", "flag_repr",
    "get_include", "HandError", "install_upcalls", "installed_upcalls", "MIN_ROWS_PER_THREAD",
    "named_int_format", "read_problem", "resolve_run", "resolve_seed", "resolve_threads",
    "sliced", "to_like", "Upcall", "UPCALLS", "upcalls", "version_text"]
