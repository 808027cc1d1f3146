"""``tomllib`` on every Python the suite runs on: the standard library's
from 3.11, its backport ``tomli`` (installed by the test extra) on 3.10."""
try:
    import tomllib
except ModuleNotFoundError:          # Python 3.10
    import tomli as tomllib

__all__ = ["tomllib"]
