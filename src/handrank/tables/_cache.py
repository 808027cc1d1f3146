"""The cache files of the tables built on first use (the 169-class preflop
table, ``_preflop``; the hands table, ``_preflop_hands``): one code path to
write them, to read and check them, and to let one builder at a time make
them.  The rules are those of ``_preflop``'s docstring; each table brings
what is its own: its members, version, shapes, checksum and extra checks.
The builders of the shipped data files (``_omaha_build``, ``_threeway_build``)
write with :func:`save` too.

* :func:`save`: the checksum is added as the member ``checksum`` and the
  ``.npz`` is written atomically (a temporary file beside it, fsynced and
  renamed over it); on any error or interrupt the temporary file is removed
  and an existing file is left as it was.
* :func:`load`: ``(value, None)`` from a file that passes every check,
  ``(None, None)`` when there is none, ``(None, problem)`` when it is
  unusable, ``problem`` saying why in words (for the caller's warning).
  The checks, in order: an ``.npz`` archive, every member present, an
  integer ``version`` equal to the table's, each named member of its shape
  and dtype, the checksum, then the caller's ``check``.
* :func:`load_or_build`: the cache's value, else built (one builder at a
  time, :class:`BuildLock`: ``<cache>.lock``) and saved, with the warnings
  of a damaged or unwritable cache.

>>> import tempfile, numpy as np
>>> from pathlib import Path
>>> from handrank.base import checksum
>>> file = Path(tempfile.mkdtemp()) / "t.npz"
>>> save(file, dict(x=np.arange(3.0), version=np.int64(1)), checksum)
>>> spec = dict(version=1, shapes={"x": ((3,), np.float64)}, checksum=checksum)
>>> load(file, **spec, check=lambda a: a["x"].tolist())
([0.0, 1.0, 2.0], None)
>>> load(file, **{**spec, "version": 2}, check=lambda a: a["x"])
(None, 'it is version 1, this handrank writes version 2')
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

if TYPE_CHECKING:
    from pathlib import Path

from ..base import read_problem

__all__ = ["BadCache", "BuildLock", "load", "load_or_build", "save"]

HEARTBEAT = 5.0              # the builder touches its lock this often (seconds)
STALE_AFTER = 120.0          # a lock untouched this long is abandoned (seconds)
POLL = 0.25                  # how often a waiting process looks at the lock (seconds)

T = TypeVar("T")


class BadCache(Exception):
    """What is wrong with a cache file, in words."""


# ----------------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------------

def save(file: str | os.PathLike, arrays: Mapping[str, Any],
         checksum: Callable[[dict], str], compressed: bool = False) -> None:
    """Write ``arrays`` and ``checksum(arrays)`` (as the member ``checksum``)
    to ``file`` atomically: a temporary file next to it, renamed over it.  On
    any error or interrupt the temporary file is removed.  ``arrays`` is not
    modified."""
    from pathlib import Path
    file = Path(file)
    arrays = dict(arrays)
    arrays["checksum"] = np.array(checksum(arrays))
    file.parent.mkdir(parents=True, exist_ok=True)
    import secrets
    tmp = file.with_name(f"{file.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            (np.savez_compressed if compressed else np.savez)(f, **arrays)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, file)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ----------------------------------------------------------------------------
# Reading and checking
# ----------------------------------------------------------------------------

def checked(data: Any, *, version: int, shapes: Mapping[str, tuple[tuple[int, ...], Any]],
            checksum: Callable[[dict], str], others: tuple[str, ...] = ()) -> dict:
    """Every member of a loaded ``.npz`` (a dict of arrays) that passes the
    checks common to the caches, else BadCache saying what is wrong.

    ``shapes``: member name -> (shape, dtype) it must have; ``others``: more
    members it must hold (``version`` and ``checksum`` always);
    ``checksum(arrays)``: the sha256 the member ``checksum`` must equal (the
    function :func:`save` was given)."""
    if not isinstance(data, np.lib.npyio.NpzFile):
        raise BadCache("it is not an .npz archive")
    missing = [k for k in (*shapes, "version", *others, "checksum") if k not in data.files]
    if missing:
        raise BadCache(f"it lacks {', '.join(missing)}")
    arrays = {k: data[k] for k in data.files}
    got = arrays["version"]
    if got.shape != () or got.dtype.kind not in "iu":
        raise BadCache(f"its version is {got!r}, not an integer")
    if int(got) != version:
        raise BadCache(f"it is version {int(got)}, this handrank writes version {version}")
    for name, (shape, dtype) in shapes.items():
        arr, dtype = arrays[name], np.dtype(dtype)
        if arr.shape != shape or arr.dtype != dtype:
            raise BadCache(f"{name} has shape {arr.shape} and dtype {arr.dtype}, expected "
                           f"{shape} {dtype}")
    c = arrays["checksum"]
    if c.shape != () or c.dtype.kind != "U" or str(c) != checksum(arrays):
        raise BadCache("its checksum does not match its contents")
    return arrays


def load(file: Path, *, version: int, shapes: Mapping[str, tuple[tuple[int, ...], Any]],
         checksum: Callable[[dict], str], check: Callable[[dict], T],
         others: tuple[str, ...] = ()) -> tuple[T | None, str | None]:
    """``(check(arrays), None)`` from a good cache file; ``(None, None)`` if
    there is none; ``(None, problem)`` if it is unusable: unreadable, failing
    :func:`checked` (same arguments), or ``check`` raising BadCache."""
    if not file.is_file():
        return None, None
    try:
        data = np.load(file, allow_pickle=False)
    except FileNotFoundError:                         # removed meanwhile
        return None, None
    except Exception as e:        # BadZipFile, EOFError, ValueError (pickle), OSError...
        return None, read_problem(e)
    try:
        return check(checked(data, version=version, shapes=shapes, checksum=checksum,
                             others=others)), None
    except BadCache as e:
        return None, str(e)
    except Exception as e:        # a damaged member (bad CRC, object array...)
        return None, read_problem(e)
    finally:
        if isinstance(data, np.lib.npyio.NpzFile):
            data.close()


# ----------------------------------------------------------------------------
# Loaded, or built under the lock and saved
# ----------------------------------------------------------------------------

def load_or_build(file: Path, what: str, *, load: Callable[[Path], tuple[T | None, str | None]],
                  build: Callable[[Callable[[], None]], T], save: Callable[[Path, T], None],
                  timeout: float, rebuild: bool = False) -> tuple[T, bool]:
    """``(value, saved)``: the value of a good cache ``file``, else built
    and saved; ``saved`` is False only when it was built and could not be
    written.  ``what`` names the table in the warnings (``"preflop table"``).

    Unless ``rebuild``, ``load(file)`` (``(value, problem)``, as :func:`load`
    gives) is tried first; an unusable file gives a warning naming it and
    the problem.  Then, holding :class:`BuildLock` (waiting at most
    ``timeout`` seconds for another builder, with a warning if it gives up),
    a file that other builder wrote is loaded; failing that,
    ``build(touch)`` makes the value, calling ``touch()`` now and then to
    show the lock is alive, and ``save(file, value)`` writes it: an OSError
    there gives a warning (the caller keeps the value in memory).  The
    warnings point at the caller's caller.
    """
    import warnings
    if not rebuild:
        value, problem = load(file)
        if value is not None:
            return value, True
        if problem:
            warnings.warn(f"the {what} cache {file} is unusable: {problem}; rebuilding it",
                          stacklevel=3)
    with BuildLock(file, timeout) as lock:
        if lock.gave_up:
            warnings.warn(f"{lock.gave_up}; building the {what} here as well", stacklevel=3)
        if lock.waited and not rebuild:
            value, _ = load(file)                 # what the other builder wrote
            if value is not None:
                return value, True
        value = build(lock.touch)
        try:
            save(file, value)
        except OSError as e:
            warnings.warn(f"cannot write the {what} cache {file} ({type(e).__name__}: {e}); "
                          f"keeping the table in memory for this process", stacklevel=3)
            return value, False
    return value, True


# ----------------------------------------------------------------------------
# The build lock
# ----------------------------------------------------------------------------

def _pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (POSIX; elsewhere assume it does)."""
    if os.name != "posix":
        return True                   # os.kill(pid, 0) would kill it on Windows
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:                   # e.g. another user's process
        return True
    return True


class BuildLock:
    """``<cache>.lock``: who builds the table.

    Used as a context manager: on entry it creates the lock (``O_CREAT |
    O_EXCL``, holding ``pid host token``), waiting while another process holds
    it, and breaking it when stale.  ``owned`` says whether it got the lock
    (not when the folder is not writable, or after ``timeout`` seconds:
    ``gave_up`` then says why); ``waited`` whether another builder was seen.
    On exit a lock still holding this token is removed.
    """

    def __init__(self, file: Path, timeout: float):
        self.path = file.with_name(file.name + ".lock")
        self.timeout = timeout
        import secrets
        import socket
        self.token = f"{os.getpid()} {socket.gethostname()} {secrets.token_hex(8)}"
        self.owned = False
        self.waited = False
        self.gave_up: str | None = None
        self._touched = 0.0

    def __enter__(self) -> BuildLock:
        deadline = time.monotonic() + self.timeout
        while True:
            state = self._try_create()
            if state != "held":
                return self                   # "ok", or "fail": build without a lock
            stale = self._stale()
            if stale:
                if not self._break(stale[1]):
                    return self               # cannot remove it: build without a lock
                continue
            if time.monotonic() >= deadline:
                self.gave_up = f"{self.path} is still held after {self.timeout:.0f} s"
                return self
            self.waited = True
            time.sleep(POLL)

    def __exit__(self, *exc: Any) -> None:
        if self.owned:
            self.owned = False
            try:
                if self._read() == self.token:
                    os.unlink(self.path)
            except OSError:
                pass

    def touch(self) -> None:
        """Show that the builder is alive (at most every HEARTBEAT seconds)."""
        now = time.monotonic()
        if self.owned and now - self._touched >= HEARTBEAT:
            self._touched = now
            try:
                os.utime(self.path)
            except OSError:
                pass

    def _try_create(self) -> str:
        """Create the lock: "ok"; "held" if it exists; "fail" if it cannot be
        created (a folder that cannot be written)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            return "held"
        except OSError:
            # on Windows a lock being deleted refuses to be created again
            return "held" if self.path.is_file() else "fail"
        try:
            with os.fdopen(fd, "w") as f:
                f.write(self.token)
        except BaseException:
            try:
                os.unlink(self.path)
            except OSError:
                pass
            raise
        self.owned = True
        self._touched = time.monotonic()
        return "ok"

    def _read(self) -> str:
        with open(self.path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def _stale(self) -> tuple[str, str] | None:
        """``(why, contents)`` if the present lock is abandoned, else None."""
        try:
            age = time.time() - os.stat(self.path).st_mtime
            text = self._read()
        except OSError:
            return None                       # just released: try again
        if age > STALE_AFTER:
            return f"untouched for {age:.0f} s", text
        parts = text.split()
        import socket
        if len(parts) >= 2 and parts[0].isdigit() and parts[1] == socket.gethostname():
            if not _pid_alive(int(parts[0])):
                return f"its process {parts[0]} has ended", text
        return None

    def _break(self, text: str) -> bool:
        """Remove an abandoned lock if it is still the one judged abandoned;
        False if it cannot be removed."""
        try:
            if self._read() == text:
                os.unlink(self.path)
        except FileNotFoundError:
            pass
        except OSError:
            return False
        return True
