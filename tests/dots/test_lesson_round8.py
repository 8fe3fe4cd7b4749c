"""Dots lessons after a third fresh reading: lesson 5 tells the truth about who starts against the CPU, holds
back what answers its exercises until they are done, lesson 3 keeps the double-deal for lesson 5, lesson 4
marks its homework and every lesson's extra practice the same way, and the glossary defines every word its
definitions use."""

from __future__ import annotations

from pathlib import Path


from gamekit.dots.widget import DotsWidget

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"en": ROOT / "notebooks" / "dots_and_boxes", "es": ROOT / "notebooks" / "es" / "dots_and_boxes"}


def page(lang: str, name: str) -> str:
    return next(PAGES[lang].glob(f"{name}*.md")).read_text(encoding="utf-8")


def test_against_the_cpu_the_person_starts_every_game_as_lesson_5_says():
    widget = DotsWidget(3, 3, mode="cpu", seed=1)
    firsts = {widget.next_game().first for _ in range(3)}
    assert firsts == {0}
    en, es = page("en", "05"), page("es", "05")
    assert "you start every game" in en and "take turns to start" not in en
    assert "tú empiezas todas las partidas" in es and "os turnáis" not in es
    assert "pon en práctica todo lo aprendido contra el nivel más fuerte" in es
