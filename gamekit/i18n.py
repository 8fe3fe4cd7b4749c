"""Languages: every string a reader sees comes from a gettext catalogue.

Message ids are the English texts themselves (English needs no catalogue); the Spanish catalogue is
``gamekit/locale/es/LC_MESSAGES/gamekit.po`` (compiled to ``gamekit.mo`` next to it, both committed;
``docs/CONVENTIONS.md`` says how a translator updates them).  Code marks a message with

* ``tr("{seat} to move.", seat=name)`` — translated into the current language, then ``str.format``-ed
  with the values (only when values are given, so a message without placeholders may hold braces);
* ``ntr("{n} box", "{n} boxes", n)`` — a message with a count (``n`` is also a format value);
* ``ptr("button", "Step")`` — the same English in another sense (a gettext context);
* ``N_("Easy")`` — marks a message for extraction only (tables of names translated later with ``tr``).

Choosing the language: :func:`set_language` (``gamekit.set_language("es")``), or the environment
variable ``GAMEKIT_LANG`` (``es``, ``es_ES.UTF-8``…) read at import for a whole class.  Objects that
inherit :class:`Localized` (every widget) keep the language that was current when they were created:
their methods run inside :func:`using` that language, so the errors the engines raise for them come
in their language too.

Numbers a reader sees are written in the current language too: :func:`number` and :func:`percent`
(English ``1,491,400,671`` and ``0.5``; Spanish ``1.491.400.671`` and ``0,5`` — the point groups thousands
and the comma marks decimals, as in Spain, from four digits on, like Babel/CLDR's ``es``; the thin space
that RAE and ISO also accept is not used.  A percentage is ``5.6%`` in English and ``5,6 %`` in Spanish,
with a space before the sign as RAE writes it).  Never ``f"{n:,}"`` or ``f"{x:.2f}"`` for a reader: those
are English.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import numbers
import os
import warnings
from pathlib import Path
from types import FunctionType
from typing import Any, Callable, Iterator

__all__ = [
    "tr",
    "ntr",
    "ptr",
    "N_",
    "number",
    "percent",
    "decimal_symbols",
    "set_language",
    "get_language",
    "languages",
    "using",
    "Localized",
    "register_translations",
    "LOCALE_DIR",
    "DOMAIN",
    "ENV_VAR",
]

DOMAIN = "gamekit"
LOCALE_DIR = Path(__file__).with_name("locale")
ENV_VAR = "GAMEKIT_LANG"
SOURCE_LANGUAGE = "en"

_registered: dict[str, gettext.NullTranslations] = {SOURCE_LANGUAGE: gettext.NullTranslations()}
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("gamekit_language", default=None)
_global = SOURCE_LANGUAGE


def languages() -> tuple[str, ...]:
    """The languages gamekit speaks: English plus every compiled catalogue (and registered ones)."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return tuple(sorted(found | set(_registered), key=lambda lang: (lang != SOURCE_LANGUAGE, lang)))


def _translations(language: str) -> gettext.NullTranslations:
    found = _registered.get(language)
    if found is None:
        with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as mo:
            found = _registered[language] = gettext.GNUTranslations(mo)
    return found


def register_translations(language: str, translations: gettext.NullTranslations | None) -> None:
    """Add (or with ``None`` remove) a language from an object with gettext's methods (tests' pseudo-locales)."""
    if translations is None:
        _registered.pop(language, None)
    else:
        _registered[language] = translations


def _normalise(language: Any) -> str:
    if not isinstance(language, str):
        raise TypeError(f"language={language!r}: must be a language code like 'es'")
    code = language.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    if code not in languages():
        raise ValueError(f"language={language!r}: gamekit speaks {', '.join(map(repr, languages()))}")
    return code


def set_language(language: str) -> None:
    """Speak ``language`` (``"en"``, ``"es"``) from now on: messages, errors and widgets created afterwards.

    A widget already on the page keeps its language.  ``es_ES``/``es-ES`` mean ``es``; an unknown
    language is refused with a ``ValueError`` (a non-text with a ``TypeError``) and nothing changes.
    """
    global _global
    _global = _normalise(language)


def get_language() -> str:
    """The language messages are written in here (a widget's own inside its methods)."""
    return _current.get() or _global


@contextlib.contextmanager
def using(language: str) -> Iterator[str]:
    """Speak ``language`` inside the ``with`` block only (this thread/task; the global setting is kept)."""
    token = _current.set(_normalise(language))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def tr(msgid: str, /, **values: Any) -> str:
    """``msgid`` (English) in the current language, formatted with ``values`` when any are given."""
    message = _translations(get_language()).gettext(msgid)
    return message.format(**values) if values else message


def ntr(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The singular or plural form for the count ``n`` (``{n}`` may appear in both) in the current language."""
    return _translations(get_language()).ngettext(singular, plural, n).format(n=n, **values)


def ptr(context: str, msgid: str, /, **values: Any) -> str:
    """``msgid`` in the sense ``context`` (the same English may need two translations)."""
    message = _translations(get_language()).pgettext(context, msgid)
    return message.format(**values) if values else message


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it (translate with ``tr`` where it is shown)."""
    return msgid


# (decimal point, thousands separator, what goes between a percentage and its sign) of each language;
# a language missing here (a test's pseudo-language) writes numbers the English way.
NUMBER_SYMBOLS = {"en": (".", ",", ""), "es": (",", ".", " ")}


def _symbols() -> tuple[str, str, str]:
    return NUMBER_SYMBOLS.get(get_language(), NUMBER_SYMBOLS[SOURCE_LANGUAGE])


def decimal_symbols() -> tuple[str, str]:
    """(decimal point, thousands separator) of the current language: ``(".", ",")`` in English, ``(",", ".")`` in
    Spanish."""
    return _symbols()[:2]


def _check_number(what: str, x: Any, decimals: Any, sign: Any) -> None:
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise TypeError(f"{what}: x={x!r} is a {type(x).__name__}, not a number (int, float or Fraction)")
    if decimals is not None and (isinstance(decimals, bool) or not isinstance(decimals, int)):
        raise TypeError(f"{what}: decimals={decimals!r} must be a whole number (int)")
    if decimals is not None and decimals < 0:
        raise ValueError(f"{what}: decimals={decimals!r} must be 0 or more")
    if not isinstance(sign, bool):
        raise TypeError(f"{what}: sign={sign!r} must be True or False")


def _localised(english: str) -> str:
    """A number ``format`` wrote in English, with the current language's decimal point and thousands separator."""
    point, group, _ = _symbols()
    return english if (point, group) == (".", ",") else english.translate({ord("."): point, ord(","): group})


def number(x: numbers.Real, decimals: int | None = None, *, sign: bool = False, short: bool = False) -> str:
    """``x`` written for a reader of the current language, thousands grouped.

    ``number(1491400671)`` is ``"1,491,400,671"`` in English, ``"1.491.400.671"`` in Spanish;
    ``number(0.5)`` ``"0.5"`` / ``"0,5"``; ``number(2 / 3, 2)`` ``"0.67"`` / ``"0,67"`` (``decimals``
    digits after the point, rounded like ``format``); ``sign=True`` writes ``+`` before a positive number.
    Without ``decimals`` an integer (``int``, a NumPy integer) is written whole and a float as Python writes
    it (``repr``); a ``Fraction`` needs ``decimals``.  In English the result is exactly
    ``format(x, ",")`` / ``format(x, ",.2f")`` (``"+,…"`` with ``sign``).  ``bool``, text and other
    non-numbers are refused with a ``TypeError`` (a negative ``decimals`` with a ``ValueError``), never converted.
    ``short=True`` (without ``decimals``) writes at most six significant digits as ``format(x, ",g")``
    does: ``number(60.0, short=True)`` is ``"60"``, ``number(0.25, short=True)`` ``"0.25"`` / ``"0,25"``.
    """
    _check_number("number", x, decimals, sign)
    if not isinstance(short, bool):
        raise TypeError(f"number: short={short!r} must be True or False")
    plus = "+" if sign else ""
    if short:
        if decimals is not None:
            raise ValueError(f"number: short=True and decimals={decimals!r}: give one or the other")
        return _localised(format(float(x), f"{plus},g"))
    if decimals is not None:
        return _localised(format(int(x) if isinstance(x, numbers.Integral) else float(x), f"{plus},.{decimals}f"))
    if isinstance(x, numbers.Integral):
        return _localised(format(int(x), f"{plus},"))
    if isinstance(x, numbers.Rational):  # a Fraction: its decimals may never end, so say how many
        raise TypeError(f"number: x={x!r} is a {type(x).__name__}: say how many decimals to write (decimals=…)")
    return _localised(format(float(x), f"{plus},"))


def percent(x: numbers.Real, decimals: int = 1, *, sign: bool = False) -> str:
    """The share ``x`` (``0.25`` is a quarter) as a percentage with ``decimals`` digits after the point.

    ``percent(0.0556, 2)`` is ``"5.56%"`` in English (``format(x, ",.2%")``: ``format(x, ".2%")`` below
    1000 %) and ``"5,56 %"`` in Spanish.  Refusals as in :func:`number`.
    """
    if decimals is None:
        raise TypeError("percent: decimals=None: say how many decimals to write (0 or more)")
    _check_number("percent", x, decimals, sign)
    english = format(float(x), f"{'+' if sign else ''},.{decimals}%")
    if not english[-2].isdigit():  # inf%, nan%
        return english
    return _localised(english[:-1]) + _symbols()[2] + "%"


def _speaking(method: Callable) -> Callable:
    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        language = self.__dict__.get("_gamekit_language")
        if language is None:  # the first method to run (__init__): fix the language now
            language = self.__dict__["_gamekit_language"] = get_language()
        if _current.get() == language:
            return method(self, *args, **kwargs)
        token = _current.set(language)
        try:
            return method(self, *args, **kwargs)
        finally:
            _current.reset(token)

    wrapper.__gamekit_speaking__ = True
    return wrapper


class Localized:
    """Mixin: the object speaks the language that was current when it was created, whatever comes later.

    Every method a subclass defines runs inside ``using(obj.language)`` — callbacks, timers and the
    engines' error messages included.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in list(vars(cls).items()):
            if (
                isinstance(value, FunctionType)
                and (name == "__init__" or not name.startswith("__"))
                and not getattr(value, "__gamekit_speaking__", False)
            ):
                setattr(cls, name, _speaking(value))

    @property
    def language(self) -> str:
        """The language this object speaks (fixed when it was created)."""
        return self.__dict__.get("_gamekit_language") or get_language()


def _from_environment() -> None:
    value = os.environ.get(ENV_VAR, "").strip()
    if value:
        try:
            set_language(value)
        except ValueError as error:
            warnings.warn(f"{ENV_VAR}: {error}; speaking English", stacklevel=2)


_from_environment()
