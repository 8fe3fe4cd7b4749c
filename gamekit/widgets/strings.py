"""Legacy key-based strings, kept only for the lesson widgets until they move to the catalogue.

Every other string comes from the gettext catalogues (:mod:`gamekit.i18n`).  ``text(key)`` formats
the string of the current :func:`gamekit.i18n.get_language`, falling back to English.
"""
from __future__ import annotations

from gamekit import i18n

CATALOGUE: dict[str, dict[str, str]] = {"en": {}, "es": {}}


def set_language(language: str) -> None:
    """Same as :func:`gamekit.set_language`."""
    i18n.set_language(language)


def add_strings(language: str, strings: dict[str, str]) -> None:
    """Register a module's strings; a key already defined with another text is an error."""
    table = CATALOGUE.setdefault(language, {})
    for key, value in strings.items():
        if table.get(key, value) != value:
            raise ValueError(f"string {key!r} is already defined as {table[key]!r}")
        table[key] = value


def text(key: str, **values: object) -> str:
    """The string ``key`` in the current language, formatted with ``values``."""
    template = CATALOGUE.get(i18n.get_language(), {}).get(key) or CATALOGUE["en"].get(key)
    if template is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    return template.format(**values)
