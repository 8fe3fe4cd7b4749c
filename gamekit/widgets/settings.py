"""Checked settings: every widget setting is checked before anything changes.

A refused setting raises :class:`BadSettingError` (a ``ValueError``; :class:`BadSettingTypeError` is also a
``TypeError``) whose message names the input and the reason.  Wrong types are refused, never coerced: a bool is
not a number, a float is not a whole number.
"""

from __future__ import annotations

from typing import Any, Sequence

from gamekit.i18n import tr


class BadSettingError(ValueError):
    """A widget setting was refused; the message names the input and the reason, the widget is unchanged."""


class BadSettingTypeError(BadSettingError, TypeError):
    """A setting of the wrong type (refused, never coerced); also a ``TypeError``."""


def _type_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(
        {
            "str": "a string",
            "int": "a whole number",
            "bool": "True or False",
            "float": "a number",
            "NoneType": "None",
        }.get(k.__name__, k.__name__)
        for k in kinds
    )


def check_type(name: str, value: Any, kind: type | tuple[type, ...]) -> Any:
    """``value`` if it is a ``kind`` (a bool is not a number, a float is not an int), else BadSettingTypeError."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if not ok:
        raise BadSettingTypeError(
            tr(
                "{name}={value}: must be {kind} (nothing was changed)",
                name=name,
                value=short_repr(value),
                kind=_type_name(kind),
            )
        )
    return value


def check_choice(name: str, value: Any, choices: Sequence[Any]) -> Any:
    """``value`` if it is one of ``choices`` (of the same type; never coerced), else a BadSettingError."""
    kinds = tuple({type(c) for c in choices})
    check_type(name, value, kinds[0] if len(kinds) == 1 else kinds)
    if value not in choices:
        raise BadSettingError(
            tr(
                "{name}={value}: choose one of {choices} (nothing was changed)",
                name=name,
                value=short_repr(value),
                choices=", ".join(map(repr, choices)),
            )
        )
    return value


def check_int(name: str, value: Any, low: int, high: int | None = None) -> int:
    """A whole number in ``low..high`` (no bools, no floats), else a BadSettingError."""
    check_type(name, value, int)
    if value < low or (high is not None and value > high):
        raise BadSettingError(
            tr(
                "{name}={value}: must be from {low} to {high} (nothing was changed)",
                name=name,
                value=short_repr(value),
                low=low,
                high=high,
            )
            if high is not None
            else tr(
                "{name}={value}: must be at least {low} (nothing was changed)",
                name=name,
                value=short_repr(value),
                low=low,
            )
        )
    return value


def short_repr(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a refusal quotes the input, never pages of it)."""
    r = repr(value)
    return r if len(r) <= limit else r[: limit - 1] + "…"
