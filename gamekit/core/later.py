"""Names a package exports but imports only when first asked for (PEP 562's module ``__getattr__``)."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Mapping


def imported_when_asked(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports each name of ``where`` (name → the module defining it)
    on first use: a package can export its heavy parts (a solver that loads numba, a widget that loads ipywidgets)
    without every importer of its light parts paying for them."""

    def __getattr__(name: str) -> Any:
        if name in where:
            return getattr(import_module(where[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
