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

Before anything else the compiler must compile a two-line C program and a
file that includes Python.h; if it cannot, the build stops with a message
that says how to get a compiler (or Python's headers) on each platform, and
that wheels need neither.

Without OpenMP the build still succeeds and is single-threaded; it says so in
``handrank.build_info()`` and ``handrank --version``.

Environment (a value of "", "0", "no", "false" or "off" counts as unset):
  HANDRANK_NO_OPENMP=1  build without OpenMP, whatever the compiler can do;
  HANDRANK_WERROR=1     turn warnings into errors (-Werror, /WX), for CI;
  HANDRANK_SANITIZE=1   AddressSanitizer + UBSan (gcc and clang).

The C headers go into the package too (handrank/include/handrank/<feature>/*.h, next to
_core.pyx), so that C and Cython code can be compiled against the core:
``handrank.get_include()`` names that directory (in a source tree, or an
editable install, include/ itself).

Cython's generated code is not -Wpedantic clean under gcc: "ISO C forbids
conversion of function pointer to object pointer type" (its type-slot
tables) and -Woverlength-strings (its table of the module's strings is one
literal of more than 4095 characters).  _core.pyx turns both off with a
pragma placed after our own headers, so the headers are still compiled
with them.
"""
import contextlib
import glob
import os
import re
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

try:
    from setuptools.errors import BaseError, CCompilerError, CompileError, LinkError
except ImportError:   # setuptools < 59
    from distutils.errors import CCompilerError, CompileError, LinkError
    from distutils.errors import DistutilsError as BaseError

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


NO_COMPILER_HELP = """\
handrank's core is C (with Cython): installing handrank from source compiles
it, and that needs a C compiler.  Install one, then run pip again:
  Debian, Ubuntu:  sudo apt-get install build-essential python3-dev
  Fedora, RHEL:    sudo dnf install gcc python3-devel
  Alpine:          apk add build-base python3-dev
  macOS:           xcode-select --install   (then brew install libomp for threads)
  Windows:         Microsoft C++ Build Tools, workload "Desktop development with C++"
or name a working compiler in CC (CC=clang pip install .).
A prebuilt wheel needs no compiler: released versions have wheels for CPython
3.10-3.14 on Linux (x86-64, aarch64; glibc and musl), macOS (arm64, x86-64)
and Windows (AMD64).  pip install --only-binary=handrank handrank
installs one, or says that there is none for this platform.
See "Platforms and building" in the docs (docs/building.rst)."""

NO_PYTHON_H_HELP = """\
Python's C headers are part of the Python development package:
  Debian, Ubuntu:  sudo apt-get install python3-dev
  Fedora, RHEL:    sudo dnf install python3-devel
  Alpine:          apk add python3-dev
(the python.org installers, pyenv, conda and uv's Pythons include them).
A prebuilt wheel needs neither headers nor a compiler:
pip install --only-binary=handrank handrank
See "Platforms and building" in the docs (docs/building.rst)."""


def short_reason(exc):
    """What went wrong when the compiler was run, in a few words."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, FileNotFoundError) or "No such file or directory" in text:
        return "not found: it is not installed, or not on PATH"
    status = re.search(r"exit (?:status|code) (-?\d+)", text)
    if status:
        return f"it failed with exit status {status.group(1)}"
    return text if len(text) <= 300 else text[:300] + "..."


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

    def compiler_exe(self):
        exe = getattr(self.compiler, "compiler_so", None) or getattr(self.compiler, "cc", None)
        if isinstance(exe, (list, tuple)):
            exe = exe[0] if exe else None
        return exe

    def compiler_name(self):
        return f"{self.compiler.compiler_type} ({self.compiler_exe() or 'default'})"

    def check_compiler(self):
        """Stop with a message that says what to install when the compiler
        cannot compile C (none installed, a CC that does not exist or does not
        work) or Python's headers are missing.  The compiler's own output is
        shown: it may say more."""
        with tempfile.TemporaryDirectory() as tmp:
            def compiles(name, code):
                src = os.path.join(tmp, name)
                with open(src, "w") as f:
                    f.write(code)
                self.compiler.compile([src], output_dir=tmp)

            try:
                compiles("cc_probe.c", "int main(void) { return 0; }\n")
            except (CCompilerError, BaseError, OSError) as exc:
                exe = self.compiler_exe()
                which = f"the C compiler {exe!r}" if exe else "the C compiler"
                raise CompileError(
                    f"handrank needs a C compiler to build: {which} "
                    f"({self.compiler.compiler_type}) cannot compile a C program: "
                    f"{short_reason(exc)}.\n" + NO_COMPILER_HELP) from None
            try:
                compiles("py_probe.c", "#include <Python.h>\n"
                         "int main(void) { return Py_IsInitialized(); }\n")
            except (CCompilerError, BaseError, OSError) as exc:
                raise CompileError(
                    f"handrank: the C compiler works, but a file that includes Python.h "
                    f"does not compile ({short_reason(exc)}; the compiler's output above "
                    f"says why).  Usually Python's C headers are missing: this Python "
                    f"looks for them in "
                    f"{', '.join(self.compiler.include_dirs) or 'no directory'}.\n"
                    + NO_PYTHON_H_HELP) from None

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
        self.check_compiler()
        cflags, ldflags, status = self.choose_flags()
        for ext in self.extensions:
            ext.extra_compile_args = cflags + list(ext.extra_compile_args or [])
            ext.extra_link_args = ldflags + list(ext.extra_link_args or [])
            ext.define_macros = list(ext.define_macros or []) + [("HR_BUILD_OPENMP", str(status))]
        super().build_extensions()


# Every header, in its feature's folder (include/handrank/<feature>/hr_*.h)
# or at the top (handrank.h), with "/" separators.
HEADERS = sorted(h.replace(os.sep, "/")
                 for h in glob.glob(os.path.join("include", "handrank", "**", "*.h"),
                                    recursive=True))


class BuildPy(build_py):
    """build_py that also puts the C headers into the package, as
    handrank/include/handrank/*.h (what handrank.get_include() returns).  An
    editable install has none: get_include() finds include/ in the tree."""

    def header_outputs(self):
        # include/handrank/games/hr_games.h -> handrank/include/handrank/games/hr_games.h
        return [(h, os.path.join(self.build_lib, "handrank", *h.split("/")))
                for h in HEADERS]

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for src, dst in self.header_outputs():
            self.mkpath(os.path.dirname(dst))
            self.copy_file(src, dst, preserve_mode=False)

    def get_outputs(self, include_bytecode=True):
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        return outputs + [dst for _, dst in self.header_outputs()]


def extensions():
    from Cython.Build import cythonize

    ext = Extension(
        "handrank._core",
        sources=["src/handrank/_core.pyx"],
        include_dirs=["include"],
        depends=HEADERS + sorted(
            p for ext in ("*.pxi", "*.pxd")
            for p in glob.glob(os.path.join("src", "handrank", "**", ext), recursive=True)),
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


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
