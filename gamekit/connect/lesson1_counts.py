"""Reading the counts of lines a pupil types in 5 en raya lesson 1 (one count, or across + up + diagonal, with
unit words in English or in the page's language), refusing with a reason what is not a count of lines."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, NamedTuple

from gamekit.i18n import ptr, tr


def _plain(word: str) -> str:
    """A word without case or accents: «Líneas» → "lineas"."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


def _line_words() -> set[str]:
    """The unit words a count of lines may carry, in English and in the page's language (accents optional)."""
    words = ("line", "lines", ptr("a unit after a count", "line"), ptr("a unit after a count", "lines"))
    return {_plain(w) for w in words}


def _cell_words() -> set[str]:
    """The words for cells a pupil may type after a count instead of "lines", in English and in the page's
    language (accents optional)."""
    words = ("cell", "cells", ptr("a unit after a count", "cell"), ptr("a unit after a count", "cells"))
    return {_plain(w) for w in words}


def parse_line_count(answer: Any) -> int:
    """One count of lines as a pupil types it: ``5``, ``5 lines`` (Spanish ``5 líneas``), ``5.``; ValueError
    naming the input and saying what to type otherwise: ``5 cells`` is told to count lines, not cells; another word
    after the number is not read as a unit."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    text = str(answer).strip()
    found = re.fullmatch(r"(\d+)\s*([^\W\d_]+)?\.?", text)
    if found and found.group(2) and _plain(found.group(2)) in _cell_words():
        raise ValueError(tr("“{answer}”: count lines, not cells. Type the number of lines, like 3.", answer=text))
    if isinstance(answer, bool) or not found or (found.group(2) and _plain(found.group(2)) not in _line_words()):
        raise ValueError(tr("“{answer}” is not a whole number: type digits, like 3.", answer=text))
    return int(found.group(1))


class LineCounts(NamedTuple):
    """A typed count of lines: the counts given (one total, or across, up, diagonal) and the total written after
    an = sign, if any."""

    parts: tuple[int, ...]
    total: int | None


_COUNT_JOIN = re.compile(r"\s*(?:[+,;]|\band\b|\by\b)\s*", re.IGNORECASE)
"""What joins typed counts: + , ; or the word "and" (Spanish «y»): "30, 14 and 20", «30, 14 y 20»."""


def parse_line_counts(answer: Any) -> LineCounts:
    """A typed count of lines in any of the forms a pupil writes: the total (``64``), the counts joined by + or
    commas (``30 + 14 + 20``, ``30, 14, 20``), or the sum with its total on either side (``30 + 14 + 20 = 64``,
    ``64 = 30 + 14 + 20``), the last two counts perhaps joined by "and" (Spanish «y»); at most four
    counts (the diagonals may come as two, one for each way: ``30 + 14 + 10 + 10``), each a whole number ≥ 0,
    perhaps followed by a word (``64 lines``, ``30 across``).  ValueError naming the input and what to write
    otherwise."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        if answer < 0:
            raise ValueError(tr("“{answer}”: a count of lines is never negative.", answer=answer))
        return LineCounts((answer,), None)
    text = str(answer).strip()
    shape = tr("“{answer}”: write your three counts like 1 + 2 + 3.", answer=text)
    sides = text.split("=")
    if not text or len(sides) > 2:
        raise ValueError(shape)
    if len(sides) == 2 and _COUNT_JOIN.search(sides[1]) and not _COUNT_JOIN.search(sides[0]):
        sides.reverse()  # the total written first: 64 = 30 + 14 + 20
    pieces = [p.strip() for p in _COUNT_JOIN.split(sides[0])]
    if len(pieces) > 4 or any(not p for p in pieces):
        raise ValueError(shape)
    words = pieces + [sides[1].strip()] if len(sides) == 2 else pieces
    numbers = []
    for word in words:
        number = re.fullmatch(r"(-?\d+)(?:\s+[^\W\d_]+){0,3}\.?", word)  # a unit word after it is fine: 64 lines
        if not number:
            raise ValueError(shape)
        numbers.append(int(number.group(1)))
    if any(n < 0 for n in numbers):
        raise ValueError(tr("“{answer}”: a count of lines is never negative.", answer=text))
    if len(sides) == 2:
        return LineCounts(tuple(numbers[:-1]), numbers[-1])
    return LineCounts(tuple(numbers), None)


def one_colour_counts(variant, colour) -> tuple[int, int, int]:
    """The lines of ``variant.win`` cells one colour alone could fill on the empty grid, across, up and diagonal:
    a line through a side disc of the other colour (or through side discs of both) can never be that colour's."""
    counts = {"across": 0, "up": 0, "diagonal": 0}
    for line in variant.lines():
        sides = {variant.side_disc(c, r) for c, r in line} - {None}
        if sides - {colour}:
            continue
        (dc, dr) = (line[1][0] - line[0][0], line[1][1] - line[0][1])
        counts["across" if dr == 0 else "up" if dc == 0 else "diagonal"] += 1
    return counts["across"], counts["up"], counts["diagonal"]
