# Helpers of .ci/run (sourced; tests/test_ci.py sources it too).
# shellcheck shell=bash

# -------------------------------------------------------------- test subsets
# Each later run repeats only what it proves beyond the whole suite of step 1
# (the README's command), so the subsets are named here, in one place.

# The fast subset, for each extra build (other compilers, with and without
# OpenMP): under a minute; the build itself (test_build), the batch loops and
# their threads, every error path, the rule-set registry, cards and masks, the
# docstrings, equity, fork after a threaded batch.
FAST="tests/test_build.py tests/test_batch.py tests/test_errors.py tests/test_registry.py
      tests/test_cards.py tests/test_docs.py tests/test_equity.py tests/test_trust.py"

# The sanitizer build runs the tests that drive the C code with varied
# inputs: every test file but those of $ASAN_SKIP, and in them every test but
# those $ASAN_K deselects.  Skipped: the comparisons with the pure-Python
# reference (tests/reference.py: four fifths of the suite's time, spent in
# Python; the C paths they reach, every rule set, game and wild setting, are
# reached by the registry-driven tests and the fuzzer too), the exhaustive
# runs (the same loops over millions of hands: minutes under ASan; the C
# driver checks all five-card hands under clang's ASan), and files that run
# no C code of their own (docs, stubs, names, the CLI's wording, Dask,
# packaging, the timing of threads and memory), and the Omaha turn tests
# (Python sums of the river sweep, 22 to 48 river calls each, which the
# file's river tests drive under ASan already).  A new test file is in the
# ASan run unless it is added here.
ASAN_SKIP="tests/test_site.py tests/test_stubs.py tests/test_docs.py tests/test_names.py
      tests/test_cli.py tests/test_cli_json.py tests/test_dask.py tests/test_packaging.py
      tests/test_ci.py tests/test_exhaustive.py tests/test_exhaustive7.py
      tests/test_threads_memory.py tests/test_coming_from.py"
ASAN_K="not reference and not (test_solver_omaha and turn)"

# The oldest numpy handrank supports (pyproject's dependency, a 1.x) on the
# auditwheel-repaired wheel: the files that hand numpy arrays, scalars and
# dtypes to handrank and read its arrays back, where numpy 1.x and 2.x
# differ (type promotion, scalar conversion and repr, no np.bitwise_count),
# and the installed wheel's files (test_packaging).
NUMPY_SUBSET="tests/test_build.py tests/test_cards.py tests/test_errors.py tests/test_batch.py
      tests/test_fastpaths.py tests/test_deal.py tests/test_index.py tests/test_docs.py
      tests/test_ranges.py tests/test_cli_json.py tests/test_describe.py tests/test_packaging.py"

# ------------------------------------------------- Pythons and numpy versions
# The matrix of .ci/run's "Python and numpy" step: the newest CPython this
# machine has with the newest numpy pip picks for it, the oldest supported
# CPython with its newest numpy, and that CPython with the oldest supported
# numpy.  Both "oldest" versions are read from pyproject.toml
# (requires-python, the numpy of dependencies), so the floor lives there.

# pythons: every CPython 3.x this machine has, "MINOR PATH" a line, one per
# minor version, oldest first: python3.N on PATH, then pyenv's versions.
pythons() {
    local n exe root seen=" " candidates
    local roots=("$HOME/.pyenv/versions")
    command -v pyenv > /dev/null && roots=("$(pyenv root)/versions" "${roots[@]}")
    for n in $(seq 8 30); do
        candidates=()
        exe=$(command -v "python3.$n" 2> /dev/null) && candidates+=("$exe")
        for root in "${roots[@]}"; do
            for exe in "$root"/3."$n".*/bin/python3."$n"; do
                [ -x "$exe" ] && candidates+=("$exe")
            done
        done
        for exe in "${candidates[@]}"; do
            # a pyenv shim of a version pyenv has not activated fails here
            if "$exe" -c 'import sys, venv; assert sys.implementation.name == "cpython"' \
                    2> /dev/null; then
                echo "3.$n $exe"
                break
            fi
        done
    done
}

# pyproject_floor WHAT: the oldest version pyproject.toml supports, of
# "python" (requires-python) or "numpy" (the dependency); read with regular
# expressions, so any Python (3.10 has no tomllib) can run it.
pyproject_floor() {
    case $1 in
        python) sed -nE 's/^requires-python = ">=([0-9.]+)".*/\1/p' pyproject.toml ;;
        numpy) sed -nE 's/^dependencies = .*"numpy>=([0-9.]+)".*/\1/p' pyproject.toml ;;
    esac
}

# notes: facts a run reports at its end without failing (a version this
# machine cannot have, the versions each step tested)
notes=()
note() {
    echo "NOTE: $*"
    notes+=("$*")
}

# ----------------------------------------------------------------- the steps
# step NAME: start a step (and end the one before); step_report prints the
# time of each; ci_finish ends the run: with the skipped steps listed, and
# under CI=true a failure if any.
step_names=()
step_secs=()
step_current=
step_t0=$SECONDS
step_end() {
    if [ -n "$step_current" ]; then
        step_names+=("$step_current")
        step_secs+=($((SECONDS - step_t0)))
        step_current=
    fi
}
step() {
    step_end
    step_current=$1
    step_t0=$SECONDS
    echo
    echo "== $1 =="
}
step_report() {
    step_end
    [ ${#step_names[@]} -gt 0 ] || return 0
    echo
    echo "== time per step =="
    local i total=0
    for i in "${!step_names[@]}"; do
        printf '  %4dm%02ds  %s\n' $((step_secs[i] / 60)) $((step_secs[i] % 60)) "${step_names[i]}"
        total=$((total + step_secs[i]))
    done
    printf '  %4dm%02ds  total\n' $((total / 60)) $((total % 60))
}

# skip WHAT: a step whose packages cannot be installed.  Outside CI it is
# skipped (listed again at the end); under CI=true the run fails at the end:
# a CI run must prove every step.
skipped=()
in_ci() { case "${CI:-}" in true | 1 | yes) return 0 ;; *) return 1 ;; esac; }
skip() {
    if in_ci; then
        echo "FAILED (CI=$CI): $*"
    else
        echo "SKIPPED: $*"
    fi
    skipped+=("$*")
}
ci_finish() {
    if [ ${#notes[@]} -gt 0 ]; then
        echo "== notes =="
        printf '  %s\n' "${notes[@]}"
    fi
    if [ ${#skipped[@]} -eq 0 ]; then
        return 0
    fi
    if in_ci; then
        echo "== steps that could not run (CI=$CI: the run fails) =="
        printf '  %s\n' "${skipped[@]}"
        return 1
    fi
    echo "== skipped steps =="
    printf '  %s\n' "${skipped[@]}"
}

# ------------------------------------------------------------- Debian packages
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
apt_updated=
apt_install_arch() {   # apt_install_arch ARCH PKG...: packages of another architecture
    local arch=$1
    shift
    if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
        [ "$(id -u)" = 0 ] || { echo "cannot add architecture $arch: not root"; return 1; }
        dpkg --add-architecture "$arch"
        apt_updated=     # the package lists must be read again, with $arch's
    fi
    apt_install "${@/%/:$arch}"
}
apt_install() {   # apt_install PKG...: install what is missing; 1 if it cannot
    local missing=() p
    for p in "$@"; do installed "$p" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get > /dev/null; then
        echo "cannot install ${missing[*]}: not root, or no apt-get"
        return 1
    fi
    # another apt-get on the machine holds the lock: wait for it
    local apt=(apt-get -q -o DPkg::Lock::Timeout=600)
    if [ -z "$apt_updated" ]; then
        "${apt[@]}" update > .ci/apt.log 2>&1 || true
        apt_updated=1
    fi
    if ! DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y --no-install-recommends \
            "${missing[@]}" >> .ci/apt.log 2>&1; then
        echo "apt-get install ${missing[*]} failed:"
        tail -n 5 .ci/apt.log
        return 1
    fi
}
