"""The base of the attrs classes of the compiled modules: final in both builds.

Every class of a compiled module refuses a subclass alike in the pure and the compiled
build (see :mod:`rummykit._compiled`). A native class (a plain class that mypyc
compiles) says so itself, in its own ``__init_subclass__``. An attrs class is never a
native class, in either build, so it takes the refusal from this base instead, written
once. This module is not compiled: mypyc lets a class that is not native derive only from
classes that are not native either (and a native class that derived from this one would
lose its fixed layout, so native classes keep their own ``__init_subclass__``).
"""

from __future__ import annotations

from typing import Any

from rummykit._compiled import subclass_refused


class Sealed:
    """The base of an attrs class of a compiled module (``class Arrangement(Sealed)``,
    decorated ``@typing.final``): a class deriving from this base directly is final, and
    its subclasses are refused with :func:`~rummykit._compiled.subclass_refused`'s
    error."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if Sealed not in cls.__bases__:
            final = next(base for base in cls.__mro__[1:] if Sealed in base.__bases__)
            raise subclass_refused(cls, final)
        super().__init_subclass__(**kwargs)
