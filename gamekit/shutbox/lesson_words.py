"""How the Shut the Box lessons write tiles, chances and scores for pupils, and how they read a pupil's typed answer
(a whole number, a fraction, a decimal).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Iterable, Sequence

from gamekit.i18n import get_language, ntr, number, tr
from gamekit.display import Table


def tile_list(tiles: Iterable[int]) -> str:
    """Tiles as a reader says them: "1 and 2", "1, 2 and 3" ("1 y 2", "1, 2 y 3")."""
    names = [str(t) for t in tiles]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + tr(" and ") + names[-1]


def covered_reason(typed: Sequence[int], open_tiles: Iterable[int]) -> str | None:
    """Why the set ``typed`` cannot be covered: the covered tiles it uses, named ("9+1 uses tile 9, which is
    covered."); None when every tile of it is open."""
    covered = [x for x in sorted(typed) if x not in set(open_tiles)]
    if not covered:
        return None
    return ntr(
        "{set} uses tile {tiles}, which is covered. Use only open tiles.",
        "{set} uses tiles {tiles}, which are covered. Use only open tiles.",
        len(covered),
        set="+".join(map(str, typed)),
        tiles=tile_list(covered),
    )


def chance_words(v: Fraction | float) -> str:
    """A chance as a pupil reads it: "about 13 turns in 100" (whole turns; "fewer than 1 turn in 100")."""
    n = round(100 * float(v))
    if n < 1 and v > 0:
        return tr("fewer than 1 turn in 100")
    return ntr("about {n} turn in 100", "about {n} turns in 100", n)


def chance_words_tenths(v: Fraction | float) -> str:
    """A chance in the page's one format, to a tenth of a turn: "about 9.8 turns in 100" — for the tables whose
    chances are too close for whole games (the rules of thumb, the one-die rules)."""
    tenths = round(1000 * float(v)) / 10
    if tenths == 1:  # "about 1.0 turns in 100" reads badly, in Spanish worse
        return tr("about 1 turn in 100")
    return tr("about {n} turns in 100", n=number(100 * float(v), 1))


def exact_chance(v: Fraction) -> str:
    """A chance exactly (a fraction when short) and in turns in 100 to two decimals, for a details box: the page's
    one way to say how often, "29/648: about 4.48 turns in 100"."""
    games = tr("about {n} turns in 100", n=number(100 * float(v), 2))
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator <= 10_000:
        return f"{v}: {games}"
    return games


def exact_score(v: Fraction) -> str:
    """An expected score exactly (a fraction when short) and to two decimals, for a details box."""
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator <= 10_000:
        return f"{v} ≈ {number(float(v), 2)}"
    return number(float(v), 2)


SCROLL_BOX = '<div style="overflow-x:auto">{}</div>'
"""An HTML table put in a box that scrolls sideways when the page is narrower than the table."""


class WithExact:
    """A table for the pupil with the exact numbers behind it in a closed ``<details>`` box under it.  Each table
    sits in a box that scrolls sideways when the page is narrower than the table (a phone, 320 px: the Spanish
    headers are long words), so the page itself never overflows."""

    def __init__(self, table: Table, exact: Table, summary: str = ""):
        self.table, self.exact = table, exact
        self.summary = summary or tr("The exact numbers")

    def _repr_html_(self) -> str:
        return (
            SCROLL_BOX.format(self.table._repr_html_())
            + f"<details><summary>{html_escape(self.summary)}</summary>"
            + SCROLL_BOX.format(self.exact._repr_html_())
            + "</details>"
        )

    def __str__(self) -> str:
        return str(self.table)

    __repr__ = __str__


def parse_fraction(answer: Any) -> Fraction:
    """A fraction typed as ``"4/36"`` (spaces allowed), or ValueError saying how to write it."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", str(answer))
    if not match or int(match.group(2)) == 0:
        raise ValueError(tr("“{answer}” is not a fraction: write it like 5/36.", answer=str(answer).strip()))
    return Fraction(int(match.group(1)), int(match.group(2)))


def parse_whole(answer: Any) -> int:
    """A whole number typed plain, with its thousands grouped ("3600", "3 600", "3,600", "3.600") or with zero
    decimals ("500.0", "500,00"), or ValueError saying how: a number with other decimals ("10.65") is asked to be
    rounded, anything else to be written in digits."""
    text_ = re.sub(r"[\s\u00a0\u202f]", "", str(answer))
    if re.fullmatch(r"\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*", text_, re.ASCII):
        text_ = re.sub(r"[.,]", "", text_)
    elif re.fullmatch(r"\d+[.,]0+", text_, re.ASCII):
        text_ = re.split(r"[.,]", text_)[0]
    elif re.fullmatch(r"\d+[.,]\d+", text_, re.ASCII):
        raise ValueError(
            tr("“{answer}” is not a whole number: round it to the nearest whole number.", answer=str(answer).strip())
        )
    if not re.fullmatch(r"\d+", text_, re.ASCII):
        raise ValueError(
            tr(
                "“{answer}” is not a whole number: write digits only, with no words or signs.",
                answer=str(answer).strip(),
            )
        )
    return int(text_)


def fraction_reason(typed: str, value: Fraction) -> str | None:
    """Why a fraction such as "5/36" is not an answer in turns in 100 (the right chance is told so, and asked to be
    said as turns in 100), or None for anything else."""
    match = re.fullmatch(r"(\d+)\s*/\s*(\d+)", typed.strip(), re.ASCII)
    if not match or not int(match.group(2)):
        return None
    if Fraction(int(match.group(1)), int(match.group(2))) == value:
        return tr(
            "{answer} is the right chance. Now say it as turns in 100: how many turns in 100 is that?",
            answer=typed.strip(),
        )
    return tr("{answer} is a chance, not a number of turns. How many turns in 100 is that?", answer=typed.strip())


def spaced(n: int) -> str:
    """A whole number as the reader's language writes it: "3,600" in English; in Spanish a four-digit number has
    no separator ("3600", as the RAE and CLDR's Spanish write it) and a longer one is grouped in threes by a point
    ("36.000", the glossary's number format)."""
    if get_language() == "es":
        return str(n) if abs(n) < 10_000 else number(n)
    return number(n)


def parse_decimal(answer: Any) -> tuple[Fraction, int]:
    """A number typed with a decimal point or comma ("5.83", "5,83") or as a fraction ("35/6"): its exact
    value and how many decimals were typed (None for a fraction).  ValueError says how to write it."""
    text_ = str(answer).strip()
    if "/" in text_:
        return parse_fraction(text_), None
    match = re.fullmatch(r"(\d+)(?:[.,](\d+))?", text_)
    if not match:
        raise ValueError(tr("“{answer}” is not a number: write it like 4.25 or as a fraction like 17/4.", answer=text_))
    return Fraction(text_.replace(",", ".")), len(match.group(2) or "")


SHOWN_DENOMINATOR = 99
"""Fractions with a larger denominator are shown as a percentage only (the pupil reads fractions of 36;
longer ones go in a details box or the teacher guide)."""


def exact_fraction(v: Fraction) -> str:
    """The exact fraction, however long (for teachers)."""
    return str(v)


def percent(v: Fraction | float, digits: int = 2) -> str:
    """A probability as its exact fraction with a plain percentage: ``1/18 ≈ 5.56 %``."""
    pct = f"{number(100 * float(v), digits)} %"
    if isinstance(v, Fraction) and v.denominator > SHOWN_DENOMINATOR:
        return f"≈ {pct}"  # the exact fraction: lesson_tools / the teacher guide, not the pupil's page
    if isinstance(v, Fraction) and v.denominator != 1:
        return f"{v} ≈ {pct}"
    return pct if not isinstance(v, Fraction) else f"{v} = {pct}"


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A table for paper (Markdown), cells as given."""
    lines = ["| " + " | ".join(map(str, headers)) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(map(str, r)) + " |" for r in rows])


def html_escape(text: str) -> str:
    import html

    return html.escape(text)


def decimal_feedback(
    given: Fraction,
    decimals: int | None,
    value: Fraction,
    right: str,
    slips: Sequence[tuple[Fraction, str]],
    otherwise: str,
    one_decimal: bool = False,
) -> tuple[bool, str]:
    """Judge a number typed for ``value`` "with two decimals, or as a fraction" — closeness first.

    Right: the exact fraction, or two or more decimals rounded from ``value``.  Then each slip ``(its value, why)``
    the number matches (exactly for a fraction or a whole number, else to the decimals typed); then a number that
    is ``value`` rounded to fewer than two decimals is refused as a form, without using up a try (ValueError),
    told only to give two (and is not called right when a slip rounds to it as well: "14" for 13.54, which the
    13.83 slip also gives); a number less than one unit of its
    last decimal off is told to check its rounding; a number up to :data:`EARLY_ROUNDING` off is told it rounded a
    middle step too early; anything else gets ``otherwise``.

    With ``one_decimal`` (the question asks for "one or two decimals") one decimal is right as well when it tells
    the value apart from every slip (5.8 for 35/6); when a slip rounds to the same one decimal, it is refused as a
    form, asking for two."""

    def rounds_to(target: Fraction) -> bool:
        return abs(given - target) <= Fraction(1, 2 * 10**decimals)

    if given == value if decimals is None else (decimals >= 2 and rounds_to(value)):
        return True, right
    if one_decimal and decimals == 1 and rounds_to(value):
        if not any(rounds_to(target) for target, _ in slips):
            return True, right
        raise ValueError(
            tr(
                "Give it with two decimals: with one, the exact value and a common slip look the same, so it "
                "cannot be checked."
            )
        )
    for target, why in slips:
        if (given == target) if decimals in (None, 0) else rounds_to(target):
            return False, why
    if decimals is not None and decimals < 2 and rounds_to(value):
        # the form asked for is two decimals: refused as a form (a ValueError), so it does not use up a try
        if any(rounds_to(target) for target, _ in slips):  # a slip rounds to it too: it says nothing either way
            raise ValueError(
                tr(
                    "Give it with one or two decimals, as the question asks: rounded this much, the exact value "
                    "and a common slip look the same, so it cannot be checked."
                )
                if one_decimal
                else tr(
                    "Give it with two decimals, as the question asks: rounded this much, the exact value and a "
                    "common slip look the same, so it cannot be checked."
                )
            )
        raise ValueError(
            tr("Your value is right, but rounded too much: give it with one or two decimals, as the question asks.")
            if one_decimal
            else tr("Your value is right, but rounded too much: give it with two decimals, as the question asks.")
        )
    if decimals is not None and decimals >= 2 and abs(given - value) < Fraction(1, 10**decimals):
        return False, tr(
            "Nearly: check the rounding. Work out one more decimal; if it is 5 or more round up, otherwise round down."
        )
    if decimals is not None and decimals >= 1 and abs(given - value) <= EARLY_ROUNDING:
        return False, early_rounding_reason()
    return False, otherwise


EARLY_ROUNDING = Fraction(6, 100)
"""How far from the exact value a typed decimal may be and still be told it is close (a chance such as 30/36
written 0.83 before multiplying gives 0.83 × 7 = 5.81 instead of 5.83), without guessing which step went wrong."""


def early_rounding_reason() -> str:
    """The reason given to a number close to the exact value: what to check, not a guess at which step slipped."""
    return tr(
        "Close, but not the exact value. Check each branch's chance and score, and keep fractions (5/6 is "
        "0.8333…, not 0.83) until the last step; round only the final answer."
    )


def other_set_slips(
    open_tiles: Iterable[int], roll: int, cover: Iterable[int], rules: Any
) -> list[tuple[Fraction, str]]:
    """The slip of working out the tree of another set's tiles: for each other set that makes ``roll`` from
    ``open_tiles`` and leaves a tile open, ``(the expected score of what it leaves, why)`` — lesson 5's exercise 3
    typed as 5.72 (what 5 + 3 leaves) instead of 6.12 (what 7 + 1 leaves).  ``rules``: the question's
    :class:`~gamekit.shutbox.rules.Rules`."""
    from gamekit.shutbox.strategy import table
    from gamekit.shutbox.tiles import mask_of, tiles_summing_to

    open_tiles, cover = tuple(sorted(set(open_tiles))), set(cover)
    out = []
    for other in tiles_summing_to(roll, open_tiles):
        left = tuple(t for t in open_tiles if t not in other)
        if set(other) != cover and left:
            why = tr(
                "That is the expected score of what {other} leaves ({left}). Here you cover {set}: draw the tree "
                "of the tiles it leaves.",
                other=" + ".join(map(str, other)),
                left=tile_list(left),
                set=" + ".join(map(str, sorted(cover, reverse=True))),
            )
            out.append((table(rules, "score").value(mask_of(left)), why))
    return out


def refuse_typed_tiles(answer: Any, left: tuple[int, ...], name: str, objective: str) -> None:
    """A leave-value box that gets tiles ("5 6", "5+6") instead of a value: ValueError (a refusal, not a try)
    saying those are the tiles the set leaves, when they are, and what to give instead.  Anything else passes."""
    typed = str(answer).strip()
    if not re.fullmatch(r"[1-9](?:\s*\+\s*[1-9]|\s+[1-9])+", typed, re.ASCII):
        return
    tiles = sorted(int(t) for t in re.findall(r"[1-9]", typed))
    if objective == "shut":
        wanted = tr("Now give the chance to shut them, as a whole number of turns in 100.")
    else:
        wanted = tr("Now give their expected score, with two decimals or as a fraction.")
    if tiles == sorted(left):
        raise ValueError(tr("“{answer}”: those are the tiles {set} leaves.", answer=typed, set=name) + " " + wanted)
    raise ValueError(
        tr("“{answer}” is a list of tiles, not a value: write the tiles {set} leaves on paper.", answer=typed, set=name)
        + " "
        + wanted
    )
