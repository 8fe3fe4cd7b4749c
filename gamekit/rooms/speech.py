"""The room server in the reader's language: which language a page or a connection speaks, the pages rendered
with the gettext catalogue, and messages said to several readers at once, each in their own language.

* :func:`page_language` — an explicit ``?lang=es|en``, else the class group's language (a page that belongs to a
  group), else the browser's ``Accept-Language``; anything unknown is English, never an error.
* :func:`render_page` — a page of ``gamekit/rooms/static/`` with its ``{{ tr("…") }}`` marks replaced by the
  translation (HTML-escaped), ``{{ lang }}`` by the language, and ``{{ strings }}`` by the JSON table of every
  message its scripts mark with ``tr("…")``/``ntr("…", "…", n)`` (``static/text.js`` reads it): the pages' JS holds
  no text of its own, and there is one catalogue (``gamekit/locale``) for the widgets, the server and the pages.
  :func:`extract` is the same marks read by ``pybabel extract`` (``babel.cfg``).
* :class:`Said` — a message for everyone in a room (a note, a status, a refusal), made with :func:`said`: it *is*
  its English text (the protocol has always carried English, and the Python client reads it as text), and
  :func:`translate` says it in any language.  A plain English text made elsewhere (``f"…"``) is translated when it
  is a message of the catalogue, or matches one of :data:`ENGLISH_MESSAGES` (the messages the room server still
  builds as English text; their values — seat names — are translated too); anything else stays as it is.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import html
import json
import re
import string
from pathlib import Path
from typing import Any, Iterable, Iterator

from gamekit.i18n import DOMAIN, LOCALE_DIR, N_, decimal_symbols, get_language, languages, using

__all__ = [
    "SOURCE",
    "known_language",
    "accepted_languages",
    "page_language",
    "Said",
    "said",
    "nsaid",
    "joined",
    "translate",
    "catalogue",
    "speaking",
    "ENGLISH_MESSAGES",
    "marks",
    "page_strings",
    "plural_rule",
    "page_scripts",
    "page_marks",
    "render_page",
    "extract",
    "STATIC",
]

SOURCE = "en"
STATIC = Path(__file__).parent / "static"


# ----- choosing the language -------------------------------------------------------------------------------------
def known_language(value: Any) -> str | None:
    """``value`` as one of the languages gamekit speaks (``"es"`` for ``es``, ``es-ES``, ``ES_es.UTF-8``), or None
    when it is not one (or not text)."""
    if not isinstance(value, str) or not 0 < len(value) <= 40:
        return None
    code = value.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    return code if code and code in languages() else None


def accepted_languages(header: Any) -> list[str]:
    """The languages of an ``Accept-Language`` header that gamekit speaks, the most wanted first
    (``"es-ES,es;q=0.9,en;q=0.8"`` → ``["es", "en"]``); ``q=0`` and malformed parts are left out."""
    if not isinstance(header, str):
        return []
    ranked = []
    for order, part in enumerate(header[:1000].split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = -1.0
        code = known_language(tag.strip())
        if code is not None and 0 < q <= 1:
            ranked.append((-q, order, code))
    out: list[str] = []
    for _, _, code in sorted(ranked):
        if code not in out:
            out.append(code)
    return out


def page_language(asked: Any = None, group: Any = None, accept: Any = None) -> str:
    """The language of a page: ``asked`` (the ``?lang=`` of its address) when gamekit speaks it, else ``group``
    (the language of the class group the page belongs to), else the first language of the browser's
    ``Accept-Language`` header that gamekit speaks, else English."""
    for choice in (asked, group):
        code = known_language(choice)
        if code is not None:
            return code
    wanted = accepted_languages(accept)
    return wanted[0] if wanted else SOURCE


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """``gamekit.i18n.using(language)``, free when ``language`` is already the current one (the room server's
    English, move after move)."""
    if get_language() == language:
        yield
        return
    with using(language):
        yield


# ----- messages said to several readers ----------------------------------------------------------------------------
class Said(str):
    """A message made of one or more sentences (``parts``: ``(msgid, plural, n, values)`` or a plain text), equal to
    its English text; :meth:`into` says it in another language (values that are :class:`Said` too)."""

    def __new__(cls, parts: tuple) -> "Said":
        self = super().__new__(cls, _render(parts, SOURCE))
        self.parts = parts
        return self

    def into(self, language: str) -> str:
        return _render(self.parts, language)


@functools.lru_cache(maxsize=None)
def catalogue(language: str) -> gettext.NullTranslations:
    """The gettext catalogue of ``language`` (English: none, the message ids are English), read once."""
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def _render(parts: tuple, language: str) -> str:
    """What ``tr``/``ntr`` give in ``language`` (translated, then formatted only when values are given), without
    switching the current language (a room's messages are said in every reader's language many times a second)."""
    cat = catalogue(language)
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(translate(part, language))
            continue
        msgid, plural, n, values = part
        values = {k: translate(v, language) if isinstance(v, str) else v for k, v in values.items()}
        if plural:
            out.append(cat.ngettext(msgid, plural, n).format(n=n, **values))
        else:
            out.append(cat.gettext(msgid).format(**values) if values else cat.gettext(msgid))
    return " ".join(text for text in out if text)


def said(msgid: str, /, **values: Any) -> Said:
    """``tr(msgid, **values)`` for everyone: English now, any language later (:func:`translate`).  A value that
    is itself translatable (a seat name) is given as ``said(name)``."""
    return Said(((msgid, None, None, values),))


def nsaid(singular: str, plural: str, n: int, /, **values: Any) -> Said:
    """``ntr(singular, plural, n, **values)`` for everyone."""
    return Said(((singular, plural, n, values),))


def joined(*messages: Any) -> Said:
    """Sentences one after the other (``joined(note, said("Rated game recorded."))``); empty ones are left out."""
    parts: list = []
    for message in messages:
        if isinstance(message, Said):
            parts.extend(message.parts)
        elif message:
            parts.append(str(message))
    return Said(tuple(parts))


# Messages the room server still builds as English text (``f"…"`` in its undo and new-game handling, which another
# change is rewriting): a text that matches one of them is translated, its values (seat names) too.  Once that
# code says its messages with ``said()``, they can leave this list.
ENGLISH_MESSAGES = (
    N_("{seat}'s last move was taken back."),
    N_("New game (seat 2 is still free, so no agreement was needed)."),
    N_("{seat} asks for a new game."),
    N_("{seat} asks to take back their last move."),
    N_("{seat} declined the new game."),
    N_("{seat} declined the undo."),
    N_("Nobody to ask yet: wait for your friend."),
    N_("Waiting for {seat} to reconnect: they must answer the request."),
    N_("There is nothing to undo yet."),
    N_("You can only ask to take back your own last move."),
    N_("A request is already waiting for an answer."),
    N_("There is no request to answer."),
    N_("You made this request: the other player answers it."),
    N_("Seat {seat} was not asked: seat {other} answers this request."),
    N_("The pending request is for {kind}."),
    N_('"kind" must be "restart" or "undo".'),
    N_('"accept" must be true or false.'),
    N_("New game."),
)


@functools.lru_cache(maxsize=None)
def _patterns() -> tuple[tuple[re.Pattern, str], ...]:
    out = []
    for msgid in ENGLISH_MESSAGES:
        regex = "".join(
            re.escape(literal) + (f"(?P<{name}>.+?)" if name else "")
            for literal, name, _, _ in string.Formatter().parse(msgid)
        )
        out.append((re.compile(regex + r"\Z", re.S), msgid))
    return tuple(out)


def translate(text: Any, language: str) -> Any:
    """``text`` (a :class:`Said`, or an English text) in ``language``; anything not known stays as it is
    (a nickname, a move, a message from another program)."""
    if isinstance(text, Said):
        return text.into(language)
    if not isinstance(text, str) or not text or language == SOURCE:
        return text
    cat = catalogue(language)
    exact = cat.gettext(text)
    if exact != text:
        return exact
    for pattern, msgid in _patterns():
        found = pattern.match(text)
        if found:
            return cat.gettext(msgid).format(**{k: cat.gettext(v) for k, v in found.groupdict().items()})
    return text


# ----- the pages ------------------------------------------------------------------------------------------------
_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_MARK = re.compile(r"\b(tr|ntr)\(\s*" + _STRING + r"(?:\s*,\s*" + _STRING + r")?")
_PAGE_MARK = re.compile(r"\{\{\s*(?:tr\(\s*" + _STRING + r"\s*\)|(lang|strings))\s*\}\}")
_SCRIPT = re.compile(r'<script src="[^"]*static/([a-z_]+\.js)"')


def _unquote(literal: str) -> str:
    return json.loads('"' + literal + '"')


def marks(text: str) -> Iterator[tuple[int, str, str | None]]:
    """The messages a page or script marks: (line, msgid, plural or None), ``tr("…")`` and ``ntr("…", "…", n)``
    with double-quoted literals (how the pages' scripts and templates write them)."""
    for found in _MARK.finditer(text):
        kind, first, second = found.groups()
        if kind == "ntr" and second is None:
            continue
        line = text.count("\n", 0, found.start()) + 1
        yield line, _unquote(first), _unquote(second) if kind == "ntr" else None


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """``pybabel extract`` for the pages and their scripts (``babel.cfg``): the same marks :func:`marks` reads."""
    text = fileobj.read().decode("utf-8")
    for line, msgid, plural in marks(text):
        yield (line, "ntr", (msgid, plural), []) if plural else (line, "tr", msgid, [])


@functools.lru_cache(maxsize=None)
def _source(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def page_scripts(page: str) -> list[str]:
    """The scripts of ``static/`` that a page loads, in order."""
    return _SCRIPT.findall(_source(page))


def page_strings(page: str, language: str) -> dict:
    """The JSON table a page's scripts read (``static/text.js``): the language, its decimal point, every message
    the scripts mark in that language (``messages``: msgid → text; ``plurals``: singular → its forms, in the
    catalogue's order) and the catalogue's plural rule (``plural``: the C expression of ``Plural-Forms``)."""
    cat = catalogue(language)
    rule, counts = plural_rule(language)
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    for script in page_scripts(page):
        for _, msgid, plural in marks(_source(script)):
            if plural is None:
                messages[msgid] = cat.gettext(msgid)
            else:
                plurals[msgid] = [cat.ngettext(msgid, plural, n) for n in counts]
    with using(language):
        point, group = decimal_symbols()
    return {
        "lang": language,
        "decimal": point,
        "group": group,
        "messages": messages,
        "plurals": plurals,
        "plural": rule,
    }


@functools.lru_cache(maxsize=None)
def plural_rule(language: str) -> tuple[str, tuple[int, ...]]:
    """The catalogue's plural rule (``"(n != 1)"`` in English) and, for each of its forms in order, a count that
    takes it (Spanish: 1, 1000000, 2)."""
    header = catalogue(language).info().get("plural-forms", "nplurals=2; plural=(n != 1);")
    found = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)", header)
    forms, rule = (int(found.group(1)), found.group(2).strip()) if found else (2, "(n != 1)")
    index = gettext.c2py(rule)
    counts: dict[int, int] = {}
    for n in [*range(0, 200), *(10**k for k in range(3, 10))]:
        counts.setdefault(index(n), n)
    return rule, tuple(counts.get(i, 2) for i in range(forms))


def render_page(page: str, language: str, asked: str | None = None) -> bytes:
    """``static/<page>`` in ``language``: its ``{{ tr("…") }}`` marks translated and HTML-escaped, ``{{ lang }}``
    the language, ``{{ strings }}`` the scripts' table (:func:`page_strings`, with ``asked``: the language the
    address asked for, which the pages keep in the links they make)."""

    def fill(found: re.Match) -> str:
        msgid, name = found.groups()
        if name == "lang":
            return language
        if name == "strings":
            table = dict(page_strings(page, language), asked=asked)
            return json.dumps(table, ensure_ascii=False).replace("<", "\\u003c")
        return html.escape(catalogue(language).gettext(_unquote(msgid)))

    return _PAGE_MARK.sub(fill, _source(page)).encode("utf-8")


def page_marks(page: str) -> Iterable[str]:
    """Every message a page shows: its template's and its scripts' (for the tests)."""
    names = [page, *page_scripts(page)]
    return [msgid for name in names for _, msgid, _ in marks(_source(name))]
