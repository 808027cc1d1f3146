"""Build the compiled core.  Metadata lives in pyproject.toml.

The extension is Cython over header-only C in include/handrank/.  It is built
with -O3 and no machine-specific flags (the loops pick POPCNT at run time), and
with OpenMP when the compiler supports it; set HANDRANK_NO_OPENMP=1 to build
without.  HANDRANK_SANITIZE=1 builds with AddressSanitizer and UBSan.
"""
import os
import subprocess
import sys
import sysconfig
import tempfile

from setuptools import Extension, setup


def compiler_accepts(flags):
    """True when the C compiler compiles and links a tiny OpenMP program with flags."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    src = "#include <omp.h>\nint main(void) { return omp_get_max_threads() > 0 ? 0 : 1; }\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "probe.c")
        with open(path, "w") as f:
            f.write(src)
        try:
            result = subprocess.run(
                cc + flags + [path, "-o", os.path.join(tmp, "probe")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
            )
        except OSError:
            return False
        return result.returncode == 0


def build_flags():
    compile_args, link_args = [], []
    if sys.platform == "win32":
        return ["/O2", "/openmp"], []
    compile_args += ["-O3", "-std=c11", "-fno-strict-aliasing"]
    if os.environ.get("HANDRANK_SANITIZE"):
        san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g"]
        compile_args += san
        link_args += san
    if not os.environ.get("HANDRANK_NO_OPENMP") and compiler_accepts(["-fopenmp"]):
        compile_args.append("-fopenmp")
        link_args.append("-fopenmp")
    return compile_args, link_args


def extensions():
    from Cython.Build import cythonize

    compile_args, link_args = build_flags()
    ext = Extension(
        "handrank._core",
        sources=["src/handrank/_core.pyx"],
        include_dirs=["include"],
        depends=[os.path.join("include", "handrank", f) for f in os.listdir("include/handrank")],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_2_0_API_VERSION")],
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


setup(ext_modules=extensions())
