"""The opt-in compiled build: ``RUMMYKIT_COMPILE=1 python -m pip install .``.

Without the variable this hook does nothing and the wheel is the pure-Python package.
With it, the build environment also gets mypy (whose mypyc compiles typed Python to C
extensions), setuptools (to drive the C compiler) and the runtime dependencies mypy needs
to type-check the sources; the modules marked ``__compiled__ = True`` in the tree
(:func:`compiled_modules`) are compiled from the same ``.py`` files and the extensions are
added to a platform wheel next to those files (Python imports an extension before a
source file of the same name). Editable installs
are never compiled. The modules were chosen by profiling random play and the solver; the
benchmarks README ("Compiled build") records what was tried and why others stay
interpreted.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

ENABLE = "RUMMYKIT_COMPILE"

MARK = "__compiled__ = True"
"""The line (unindented, a comment after it allowed) that marks a module the build compiles.

Never rummykit/_boundary.py nor rummykit/solver/_entry.py: their checks run before a
compiled function's own argument checks, so both builds refuse a mistyped option with the
same error. Every class a marked module defines is ``typing.final`` and refuses a subclass
in both builds (``rummykit._compiled.subclass_refused``)."""


def compiled_modules(root: Path) -> list[str]:
    """The marked modules under ``root/src/rummykit``, as paths relative to ``root``
    (sorted): read as text, nothing imported."""
    package = root / "src" / "rummykit"
    return sorted(
        path.relative_to(root).as_posix()
        for path in package.rglob("*.py")
        if any(
            line.partition("#")[0].rstrip() == MARK for line in path.read_text("utf-8").splitlines()
        )
    )


BUILD_DEPENDENCIES = [
    "mypy>=1.11",
    "setuptools>=68",
    "attrs>=23.1",
    "typing-extensions>=4.6",
    "numpy>=1.26",
    "gymnasium>=0.29",
]
"""mypy and setuptools compile; attrs and typing-extensions let mypy type-check the
compiled modules (it reads their annotations)."""


def enabled() -> bool:
    """Whether this build compiles: ``RUMMYKIT_COMPILE=1`` in the environment."""
    return os.environ.get(ENABLE, "") == "1"


def get_build_hook() -> type[Any]:
    """The hook class (hatchling asks this function for it), made here so that this
    module imports without hatchling (``tests/test_build.py`` reads
    :func:`compiled_modules`)."""
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface

    class CompileHook(BuildHookInterface):  # type: ignore[type-arg,misc]
        """Compile the marked modules with mypyc when ``RUMMYKIT_COMPILE=1`` (wheels only)."""

        PLUGIN_NAME = "custom"

        def dependencies(self) -> list[str]:
            return list(BUILD_DEPENDENCIES) if enabled() else []

        def initialize(self, version: str, build_data: dict[str, Any]) -> None:
            if self.target_name != "wheel" or version == "editable" or not enabled():
                return
            from mypyc.build import mypycify
            from setuptools import Distribution
            from setuptools.command.build_ext import build_ext

            root = Path(self.root)
            work = root / "build" / "mypyc"
            shutil.rmtree(work, ignore_errors=True)
            here = Path.cwd()
            os.chdir(root)
            try:
                extensions = mypycify(
                    compiled_modules(root),
                    opt_level="3",
                    target_dir=str(work / "c"),
                    group_name="rummykit",
                )
                distribution = Distribution({"name": "rummykit", "ext_modules": extensions})
                command = build_ext(distribution)
                command.build_lib = str(work / "lib")
                command.build_temp = str(work / "temp")
                command.parallel = os.cpu_count() or 1
                command.ensure_finalized()
                command.run()
                outputs = [Path(output) for output in command.get_outputs()]
            finally:
                os.chdir(here)
            lib = work / "lib"
            for output in outputs:
                build_data["force_include"][str(output)] = output.relative_to(lib).as_posix()
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    return CompileHook
