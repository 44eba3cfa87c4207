"""Which build is running: the pure-Python package or the compiled one.

This module is compiled with the hot modules in the opt-in build (``hatch_build.py``), so a
function defined here is a native function exactly when the compiled extensions are the
ones loaded; ``rummykit.compiled`` reports it.

The compiled modules are marked in the tree: each holds the line ``__compiled__ = True``,
and ``hatch_build.py`` compiles exactly the modules that hold it. Every class defined in
a marked module is ``typing.final`` and refuses a subclass in both builds with
:func:`subclass_refused`'s error (the compiled build cannot take an interpreted subclass
of a compiled class, so the pure build refuses it too): a native class from its own
``__init_subclass__``, an attrs class by deriving from :class:`~rummykit._sealed.Sealed`.
"""

from __future__ import annotations

from typing import Final, NoReturn

__compiled__ = True  # compiled in the opt-in build (hatch_build.py)


def _probe() -> None:
    """A function whose type tells the builds apart (a plain Python function if pure)."""


compiled: Final[bool] = type(_probe).__name__ != "function"


def subclass_refused(cls: type, final: type | None = None) -> TypeError:
    """The error of a class statement that subclasses a class of a compiled module.

    Each such native class raises it from its ``__init_subclass__`` (``cls`` is the
    subclass), so that subclassing fails alike in both builds::

        @classmethod
        def __init_subclass__(cls, **kwargs: object) -> NoReturn:
            raise subclass_refused(cls)

    An attrs class derives from :class:`~rummykit._sealed.Sealed` instead, which names
    the ``final`` class subclassed.
    """
    base = final or next((b for b in cls.__mro__[1:] if "__init_subclass__" in vars(b)), cls)
    name = f"{base.__module__}.{base.__qualname__}"
    return TypeError(
        f"{name} is final: {base.__module__} is compiled in the compiled build, where a "
        "compiled class takes no subclass; extend the game through its hooks and options"
    )


class Native:
    """The base of a native class of a compiled module (a plain class that mypyc
    compiles, decorated ``@typing.final``): a class deriving from it directly is final,
    and its subclasses are refused with :func:`subclass_refused`'s error in both builds.
    (An attrs class, never native, derives from :class:`~rummykit._sealed.Sealed`.)"""

    @classmethod
    def __init_subclass__(cls, **kwargs: object) -> None:
        if Native not in cls.__bases__:
            _refuse(cls, next(base for base in cls.__mro__[1:] if Native in base.__bases__))


def _refuse(cls: type, final: type) -> NoReturn:
    raise subclass_refused(cls, final)
