"""Builds the optional compiled modules: `python tools/compile.py MODULE.py ...` (the Makefile's
venv step runs it with the venv's interpreter after `pip install -e .`, on every .py in src/
with a line `# mousehole: mypyc`).

Each module is compiled by mypyc (from the lock) into an extension module next to its .py file
in src/, which Python's import then prefers to the .py; the .py stays the reference, and the
build's C files and objects stay in build/ (both git-ignored). When this machine cannot build
them (no C compiler, no Python.h for this interpreter, no mypyc, or MOUSEHOLE_PURE=1) or the
build fails, it removes every extension module in src/, so that the .py files run, and prints
one line saying the pure-Python build is used and why; it exits 0 either way, since the compiled
build is optional (docs/testing.md, "The compiled build"). A build also removes every extension
module in src/ it did not write: the group library of an earlier build of other modules (mypyc
names it after a hash of the modules it holds), and the build of a module no longer marked
(after a checkout of other code), which would otherwise be imported instead of its .py.
"""

from __future__ import annotations

import contextlib
import glob
import io
import os
import shlex
import shutil
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG = os.path.join("build", "compile.log")


def _built(source: str) -> list[str]:
    """Return the extension modules built from `source` (mypyc makes the module itself and,
    beside it, `<name>__mypyc`, which holds the compiled code)."""
    stem, _ = os.path.splitext(source)
    return sorted(
        glob.glob(glob.escape(stem) + ".*.so") + glob.glob(glob.escape(stem) + "__mypyc.*.so")
    )


def _extension_modules() -> list[str]:
    """Return every extension module in src/ (all of them builds of this tool's)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return sorted(glob.glob(os.path.join("src", "**", "*" + suffix), recursive=True))


def _missing() -> str | None:
    """Return why this machine cannot build the modules, or None when it can."""
    if os.environ.get("MOUSEHOLE_PURE") == "1":
        return "MOUSEHOLE_PURE=1"
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[0]
    if shutil.which(compiler) is None:
        return f"no C compiler: {compiler} not found (Debian: apt-get install gcc)"
    include = sysconfig.get_paths()["include"]
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python.h in {include} (Debian's python3: apt-get install python3-dev)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed in this venv"
    return None


def _build(sources: list[str]) -> None:
    """Compile `sources` in build/, then move each extension module into src/ beside its .py
    by renaming a copy over it: a process that has the old one loaded (a server, a test run)
    keeps its file, where copying onto it in place could crash that process."""
    from mypyc.build import mypycify
    from setuptools import setup

    extensions = mypycify(sources, opt_level="3", target_dir="build")
    setup(
        name="mousehole-compiled",
        package_dir={"": "src"},
        ext_modules=extensions,
        script_args=["build_ext", "--build-lib", "build/lib", "--build-temp", "build/temp"],
    )
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    written = set()
    for extension in extensions:
        name = extension.name.replace(".", "/") + suffix
        target = os.path.join("src", name)
        shutil.copyfile(os.path.join("build", "lib", name), target + ".new")
        os.replace(target + ".new", target)
        written.add(target)
    # A group of other modules, or a module no longer marked, from an earlier build: left in
    # place it would be imported instead of its .py, or fail to import without its group.
    for stale in _extension_modules():
        if stale not in written:
            os.remove(stale)


def main(sources: list[str]) -> int:
    os.chdir(ROOT)
    if not sources:  # no module is marked to be compiled: none may be left from a build
        for path in _extension_modules():
            os.remove(path)
        return 0
    names = ", ".join(os.path.basename(s) for s in sources)
    why = _missing()
    if why is None:
        os.makedirs("build", exist_ok=True)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                _build(sources)
        except (Exception, SystemExit) as error:  # setup() exits on a compiler error
            why = f"the build failed ({type(error).__name__}; its output is in {LOG})"
        with open(LOG, "w", encoding="utf-8") as log:
            log.write(out.getvalue())
    if why is None and all(_built(s) for s in sources):
        print(f"mousehole: compiled build of {names} (mypyc)")
        return 0
    for path in _extension_modules():
        os.remove(path)
    print(f"mousehole: pure-Python build of {names}: {why or 'no module was built'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
