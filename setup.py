"""Build the compiled core.  Metadata lives in pyproject.toml.

The extension is Cython over header-only C in include/handrank/.  The flags
are chosen inside build_ext, for the compiler setuptools actually uses (so
``CC=clang pip install .`` probes clang, not the compiler Python was built
with):

- gcc, clang, mingw (``unix``/``mingw32``): -O3 -std=c11, warnings
  -Wall -Wextra -Wpedantic, no debug info, no machine-specific flags (the loops
  pick POPCNT at run time); OpenMP when ``-fopenmp`` compiles and links a test
  program, on macOS also ``-Xpreprocessor -fopenmp -lomp`` (Apple clang with
  Homebrew's libomp);
- MSVC: /O2 and /openmp (OpenMP 2.0, which is all the C core uses).

Without OpenMP the build still succeeds and is single-threaded; it says so in
``handrank.build_info()`` and ``handrank --version``.

Environment (a value of "", "0", "no", "false" or "off" counts as unset):
  HANDRANK_NO_OPENMP=1  build without OpenMP, whatever the compiler can do;
  HANDRANK_WERROR=1     turn warnings into errors (-Werror, /WX), for CI;
  HANDRANK_SANITIZE=1   AddressSanitizer + UBSan (gcc and clang).

Cython's generated code is not -Wpedantic clean under gcc: "ISO C forbids
conversion of function pointer to object pointer type" (its type-slot
tables) and -Woverlength-strings (its table of the module's strings is one
literal of more than 4095 characters).  _core.pyx turns both off with a
pragma placed after our own headers, so the headers are still compiled
with them.
"""
import contextlib
import os
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.errors import CompileError, LinkError
except ImportError:   # setuptools < 59
    from distutils.errors import CompileError, LinkError

# Why a build has no OpenMP; handrank.build_info() reports it (HR_BUILD_OPENMP).
OPENMP_USED, OPENMP_DISABLED, OPENMP_UNAVAILABLE = 0, 1, 2

OPENMP_PROBE = r"""
#include <omp.h>
int main(void)
{
    int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
    n += 1;
    return n >= 1 && omp_get_max_threads() >= 1 ? 0 : 1;
}
"""


def env_flag(name):
    return os.environ.get(name, "").strip().lower() not in ("", "0", "no", "false", "off")


@contextlib.contextmanager
def quiet():
    """Silence the compiler's own output (a failed probe is expected, not an error)."""
    saved = []
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        devnull = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            saved.append((fd, os.dup(fd)))
            os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:   # no real file descriptors (an IDE, a notebook): just run
        pass
    try:
        yield
    finally:
        for fd, copy in saved:
            os.dup2(copy, fd)
            os.close(copy)


def homebrew_libomp():
    """Include and library flags for Homebrew's keg-only libomp, if installed."""
    for prefix in (os.environ.get("HOMEBREW_PREFIX", ""), "/opt/homebrew", "/usr/local"):
        root = os.path.join(prefix, "opt", "libomp") if prefix else ""
        if root and os.path.isfile(os.path.join(root, "include", "omp.h")):
            return ["-I" + os.path.join(root, "include")], ["-L" + os.path.join(root, "lib")]
    return [], []


class BuildExt(build_ext):
    """build_ext that chooses flags for self.compiler and probes it for OpenMP."""

    def finalize_options(self):
        super().finalize_options()
        # The flags depend on the environment, not only on the sources: never
        # keep an extension built with other settings.
        self.force = True

    def compiles_and_links(self, cflags, ldflags):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "omp_probe.c")
            with open(src, "w") as f:
                f.write(OPENMP_PROBE)
            try:
                with quiet():
                    objs = self.compiler.compile([src], output_dir=tmp, extra_postargs=cflags)
                    self.compiler.link_executable(objs, "omp_probe", output_dir=tmp,
                                                  extra_postargs=ldflags)
            except (CompileError, LinkError, OSError):
                return False
        return True

    def compiler_name(self):
        exe = getattr(self.compiler, "compiler_so", None) or getattr(self.compiler, "cc", None)
        if isinstance(exe, (list, tuple)):
            exe = exe[0] if exe else None
        return f"{self.compiler.compiler_type} ({exe or 'default'})"

    def choose_flags(self):
        ctype = self.compiler.compiler_type
        werror, sanitize = env_flag("HANDRANK_WERROR"), env_flag("HANDRANK_SANITIZE")
        if ctype == "msvc":
            cflags, ldflags = ["/O2"], []
            if werror:
                cflags.append("/WX")
            if sanitize:
                print("handrank: HANDRANK_SANITIZE is for gcc and clang; ignored with MSVC")
            omp_choices = [(["/openmp"], [])]
        else:   # unix (gcc, clang, Apple clang), mingw32, cygwin
            cflags = ["-O3", "-std=c11", "-fno-strict-aliasing",
                      "-Wall", "-Wextra", "-Wpedantic"]
            ldflags = []
            if werror:
                cflags.append("-Werror")
            if sanitize:
                san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g"]
                cflags += san
                ldflags += san
            else:
                cflags.append("-g0")   # no debug info: a quarter of the wheel size
            omp_choices = [(["-fopenmp"], ["-fopenmp"])]
            if sys.platform == "darwin":
                inc, lib = homebrew_libomp()
                omp_choices.append((["-Xpreprocessor", "-fopenmp"] + inc, lib + ["-lomp"]))
        if env_flag("HANDRANK_NO_OPENMP"):
            status, omp = OPENMP_DISABLED, ([], [])
            print("handrank: OpenMP disabled by HANDRANK_NO_OPENMP; building single-threaded")
        else:
            status, omp = OPENMP_UNAVAILABLE, ([], [])
            for c, l in omp_choices:
                # the probe gets the base flags too (-std=c11), but never -Werror
                base = [f for f in cflags if f not in ("-Werror", "/WX")]
                if self.compiles_and_links(base + c, l):
                    status, omp = OPENMP_USED, (c, l)
                    break
            if status == OPENMP_USED:
                print(f"handrank: OpenMP with {self.compiler_name()}: {' '.join(omp[0])}")
            else:
                print(f"handrank: {self.compiler_name()} cannot build OpenMP programs; "
                      "building single-threaded (see handrank --version)")
        return cflags + omp[0], ldflags + omp[1], status

    def build_extensions(self):
        cflags, ldflags, status = self.choose_flags()
        for ext in self.extensions:
            ext.extra_compile_args = cflags + list(ext.extra_compile_args or [])
            ext.extra_link_args = ldflags + list(ext.extra_link_args or [])
            ext.define_macros = list(ext.define_macros or []) + [("HR_BUILD_OPENMP", str(status))]
        super().build_extensions()


def extensions():
    from Cython.Build import cythonize

    ext = Extension(
        "handrank._core",
        sources=["src/handrank/_core.pyx"],
        include_dirs=["include"],
        depends=[os.path.join("include", "handrank", f) for f in os.listdir("include/handrank")],
    )
    return cythonize(
        [ext],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "initializedcheck": False,
            "cdivision": True,
            "embedsignature": True,
        },
    )


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
