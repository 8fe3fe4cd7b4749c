"""The Dots teacher guides' lesson plans as the tests read them: each row's minutes and its words."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDES = {"en": ROOT / "docs/teachers/dots.md", "es": ROOT / "docs/teachers/es/dots.md"}


def lesson_plan(lang: str, lesson: int) -> list[tuple[int, str]]:
    """Lesson ``lesson``'s plan in the ``lang`` guide, as (minutes, row text) up to its total."""
    text = GUIDES[lang].read_text(encoding="utf-8")
    part = text[text.index("### " + ("Lesson" if lang == "en" else "Lección") + f" {lesson} — ") :]
    part = part[: part.index("**total**")]
    return [(int(m), row) for m, row in re.findall(r"^\| (\d+) \| (.*) \|$", part, flags=re.M)]


def lesson_periods(lang: str, lesson: int) -> list[list[tuple[int, str]]]:
    """Lesson ``lesson``'s plan cut into its class periods, as (minutes, row text) per period: a row whose first cell
    is "period N" ("sesión N") starts one.  A lesson taught in one period is one list."""
    text = GUIDES[lang].read_text(encoding="utf-8")
    part = text[text.index("### " + ("Lesson" if lang == "en" else "Lección") + f" {lesson} — ") :]
    part = part[: part.index("**total**")]
    periods: list[list[tuple[int, str]]] = [[]]
    for cell, row in re.findall(r"^\| ([^|]+?) \| (.*) \|$", part, flags=re.M):
        if re.fullmatch(r"(?:period|sesión) [0-9]+", cell):
            if periods[-1]:
                periods.append([])
        elif cell.isdigit():
            periods[-1].append((int(cell), row))
    return periods
