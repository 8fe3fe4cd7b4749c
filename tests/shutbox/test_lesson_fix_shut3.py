"""Regression tests for a reader's findings on the Shut the Box lessons: the Spanish pages speak to the pupil as
«tú» only, lesson 1 checks who wins a round and names the opponent as the widget does."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPANISH = sorted((ROOT / "notebooks/es/shut_the_box").glob("*.md"))


def prose(page: str) -> str:
    """The page's text outside its code cells."""
    return re.sub(r"```\{code-cell\}.*?```", "", page, flags=re.S)


def test_spanish_pupil_pages_say_tu_never_vosotros():
    """Lesson 3's class tally said «Trabajad», «Haced», «todos veis» among «tú» sentences: every Spanish Shut the
    Box page now speaks to one pupil («tú»), like the other lessons."""
    vosotros = re.compile(r"\b(trabajad|haced|tirad|mirad|elegid|pulsad|veis|vuestr\w*|vosotr\w*)\b", re.I)
    assert len(SPANISH) == 5
    for path in SPANISH:
        found = vosotros.findall(prose(path.read_text(encoding="utf-8")))
        assert not found, (path.name, found)


def test_lesson_one_names_the_opponent_as_the_box_does():
    """The page said "the computer" for the opponent the widget calls CPU: the Play section names it CPU."""
    for path, said in (
        ("notebooks/shut_the_box/01_rules_and_play.md", "you play against the CPU"),
        ("notebooks/es/shut_the_box/01_rules_and_play.md", "juegas contra la CPU"),
    ):
        page = " ".join((ROOT / path).read_text(encoding="utf-8").split())
        play = page[page.rindex("## ") :]
        assert said.lower() in play.lower() and "**CPU**" in play, path


def test_lesson_one_minutes_add_up_on_the_page():
    for path in ("notebooks/shut_the_box/01_rules_and_play.md", "notebooks/es/shut_the_box/01_rules_and_play.md"):
        page = " ".join((ROOT / path).read_text(encoding="utf-8").split())
        line = page[page.index("40 min") : page.index(")", page.index("40 min"))]
        assert sum(int(n) for n in re.findall(r"\b(\d+) (?:reading|for|to|leyendo|para)", line)) == 40, line


def test_lesson_four_checks_what_an_expected_score_means_each_wrong_choice_told_why():
    """The objective "say what an expected score is" had no question: a quick check after the first tree asks what
    "8 with tile 9 alone open" means, each wrong reading (a score one turn gets, a roll, a count of outcomes) with its
    reason from the tree's numbers; the page no longer states the answer just above it."""
    from gamekit.i18n import using
    from gamekit.shutbox.exercises_expected import expected_meaning_exercise

    ex = expected_meaning_exercise()
    assert len(ex.choices) == 4 and len(ex.solutions) == 1 and "average 8" in ex.solutions[0]
    ok, why = ex.check(ex.solutions[0])
    assert ok and "4/36 × 0 + 32/36 × 9 = 8" in why
    reasons = [ex.check(w) for w in ex.wrong]
    assert all(not ok for ok, _ in reasons) and len({why for _, why in reasons}) == 3
    assert any("0 (a roll of 9) or 9" in why for _, why in reasons)
    assert any("4 of the 36 outcomes" in why for _, why in reasons)
    with using("es"):
        assert expected_meaning_exercise().check(expected_meaning_exercise().solutions[0])[0]
    for path in (
        "notebooks/shut_the_box/05_playing_for_points.md",
        "notebooks/es/shut_the_box/05_playing_for_points.md",
    ):
        page = (ROOT / path).read_text(encoding="utf-8")
        check = page.index("expected_meaning_exercise()")
        assert page.index("tree_diagram((9,))") < check < page.index("expected_score_exercise()")
        before = " ".join(page[page.index("tree_diagram((9,))") : check].split())
        assert "average over many turns" not in before and "media de muchos turnos" not in before
