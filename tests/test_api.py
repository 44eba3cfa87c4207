"""The public surface: every name in ``__all__`` imports, and the list is sorted."""

from __future__ import annotations

import importlib
import pkgutil

import rummykit


def _isort_key(name: str) -> tuple[int, str]:
    """Constants, then classes, then functions (ruff's RUF022 order)."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def test_all_is_sorted_and_unique() -> None:
    assert list(rummykit.__all__) == sorted(set(rummykit.__all__), key=_isort_key)


def test_every_public_name_imports() -> None:
    for name in rummykit.__all__:
        assert getattr(rummykit, name) is not None, name


def test_submodules_declare_what_they_export() -> None:
    modules = [
        info.name
        for info in pkgutil.walk_packages(rummykit.__path__, "rummykit.")
        if not info.name.rsplit(".", 1)[-1].startswith("_")
    ]
    assert "rummykit.kit.registry" in modules and "rummykit.solver" in modules
    for module_name in modules:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            assert hasattr(module, name), (module_name, name)


def test_errors_are_value_errors() -> None:
    for name in (
        "NotationError",
        "InvalidMeldError",
        "ContractError",
        "IllegalActionError",
        "RecordError",
        "ConfigError",
    ):
        error = getattr(rummykit, name)
        assert issubclass(error, rummykit.RummyError)
        assert issubclass(error, ValueError)


def test_version() -> None:
    assert rummykit.__version__.count(".") == 2
