"""Lessons 3 and 4 after a strict reading: no heading or prompt gives an exercise's answer away, each handout
exercise needs its own idea, and lesson 4 asks the turns count it teaches (English and Spanish)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def page(number: str, lang: str) -> str:
    name = {"03": "03_chains_and_loops.md", "04": "04_long_chain_rule.md"}[number]
    folder = ROOT / "notebooks" / (lang if lang == "es" else "") / "dots_and_boxes"
    return (folder / name).read_text(encoding="utf-8")


def headings_before(text: str, call: str, since: str) -> list[str]:
    """The headings between the cell ``since`` and the cell ``call``."""
    part = text[text.index(since) : text.index(call)]
    return re.findall(r"^#+ .*$", part, flags=re.M)


@pytest.mark.parametrize(
    "lang, words", [("en", ("sacrific", "safe line", "give", "gift")), ("es", ("sacrific", "segura", "regal"))]
)
def test_lesson_4_no_heading_above_exercise_8_announces_the_sacrifice(lang, words):
    text = page("04", lang)
    heads = headings_before(text, 'L.exercise("sacrifice", score)', 'L.exercise("steer_two", score)')
    assert heads, lang
    for head in heads:
        assert not any(w in head.lower() for w in words), (lang, head)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", ["sacrifice", "sacrifice_coral"])
def test_lesson_4_sacrifice_prompts_do_not_say_how_many_safe_lines_are_left(lang, name):
    """ "1 safe line is left" told the pupil half of exercise 10's answer: finding the safe lines is the task."""
    with using(lang):
        ex = L.exercises(4)[name]
    assert not re.search(r"\d", ex.prompt), ex.prompt
    assert "safe" not in ex.prompt and "segura" not in ex.prompt, ex.prompt


def test_lesson_3_exercise_1_count_is_not_the_one_the_step_through_above_it_shows():
    """The chains step-through shows two chains; exercise 1 asked for two chains on another board, so the pupil
    could copy the count. Its board has a different number of chains, and counting only the long ones misses."""
    from gamekit.dots.lesson_positions import SEQUENCES, components, sequence_positions

    shown = [p for p in components(sequence_positions("chains")[0]) if p.kind == "chain"]
    ex = L.exercises(3)["count_small_chains"]
    chains = [p for p in components(ex.game) if p.kind == "chain"]
    assert SEQUENCES["chains"]["start"] != ex.game
    assert ex.solutions == [len(chains)] and len(chains) != len(shown)
    short = sum(1 for p in chains if p.length < 3)
    assert short and not ex.check(len(chains) - short)[0]
    assert "short chains count too" in ex.check(len(chains) - short)[1]
