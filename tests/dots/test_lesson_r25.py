"""Dots lessons after the r25 fresh reading: lesson 5's plan counts each exercise in one row only, the Spanish
wording fixes, lesson 3's exercise 1 tells a pupil who missed the long chain so, and the guide's Spanish term for
the score."""

from __future__ import annotations

import re

import pytest

from gamekit.dots import lessons as L

from testing_dots_guides import GUIDES, ROOT, lesson_periods, lesson_plan  # tests/testing_dots_guides.py


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_plan_counts_exercise_1_once_and_adds_up(lang):
    """The step-throughs' row counted exercise 1 ("exercise 1 between them") and so did the row for exercises 1–3."""
    rows = lesson_plan(lang, 5)
    steps = next(row for _, row in rows if "step-through" in row or "paso a paso" in row)
    assert "between" not in steps and "entre ambas" not in steps
    counted = [row for _, row in rows if re.match(r"(exercises|ejercicios) 1–3", row)]
    assert len(counted) == 1
    assert sum(m for m, _ in rows) == L.LESSONS[5].minutes == 100
    assert [sum(m for m, _ in period) for period in lesson_periods(lang, 5)] == [50, 50]
    time_line = next(
        line
        for line in (
            ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes/05_double_dealing_and_control.md"
        )
        .read_text(encoding="utf-8")
        .splitlines()
        if line.startswith(("**Time:**", "**Tiempo:**"))
    )
    assert ("two periods of 50 min" if lang == "en" else "dos sesiones de 50 min") in time_line


def test_control_price_accepts_tomar_like_coger_and_llevar():
    """«tomar» is as common as «coger» for taking boxes; it was refused as badly formatted."""
    from gamekit.i18n import using

    with using("es"):
        ex = L.exercises(5)["control_price"]
        for verb in ("tomar", "coger", "llevar", "tomarlas", "las tomo"):
            assert ex.check(f"6, 4, {verb}")[0], verb
        ok, why = ex.check("4, 6, tomar")  # a wrong answer with «tomar» is judged, not refused as badly typed
        assert not ok and why


@pytest.mark.parametrize(
    "path, wrong, right",
    [
        ("notebooks/es/dots_and_boxes/03_chains_and_loops.md", "En el último, dice", "En la última, dice"),
        ("notebooks/es/dots_and_boxes/04_long_chain_rule.md", "elígelo", "después elige tu respuesta"),
        ("docs/teachers/es/dots.md", "línea de puntuación", "la puntuación de la lección"),
    ],
)
def test_spanish_wording_fixes(path, wrong, right):
    text = (ROOT / path).read_text(encoding="utf-8")
    assert wrong not in text and right in text
    notebook = ROOT / path.replace(".md", ".ipynb")
    if notebook.exists():
        assert wrong not in notebook.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["count_small_chains", "count_chains"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_count_of_chains_too_low_names_the_chains_that_could_be_missing(name, lang):
    """A count one short was always told "short chains count too", also when the pupil missed a long chain. The
    reason now follows from the board: which kinds of chain, left out, give that count (both said when both do),
    and a count equal to the long chains alone asks whether only the long ones were counted."""
    from itertools import combinations

    from gamekit.dots.lesson_exercise import parts_of
    from gamekit.i18n import using

    with using(lang):
        ex = L.exercises(3)[name]
        chains = parts_of(ex.game, "chain")
        n, longs = len(chains), sum(1 for c in chains if c >= 3)
        short_word, long_word = ("short", "long chain") if lang == "en" else ("corta", "cadena larga")
        only_long = "only the long ones" if lang == "en" else "solo las largas"
        for k in range(1, n):
            ok, why = ex.check(k)
            assert not ok
            left_out = list(combinations(chains, n - k))
            could_short = any(all(c < 3 for c in out) for out in left_out)
            could_long = any(any(c >= 3 for c in out) for out in left_out)
            if k == longs:
                assert only_long in why, (k, why)
                continue
            assert (short_word in why) == could_short, (k, why)
            assert (long_word in why) == could_long, (k, why)
    assert n - 1 in ex.wrong and longs in ex.wrong


@pytest.mark.parametrize("lang", ["en", "es"])
def test_who_starts_is_said_truthfully_against_the_rules_sheet(lang):
    """The rules sheet alternates who starts between two people, and a new game against the CPU starts with gold (the
    pupil): lesson 5's page says so, the guide says both, and the widget does what they say."""
    from gamekit.dots.widget import DotsWidget

    cpu = DotsWidget(3, 3, mode="cpu", seed=1)
    assert {cpu.next_game().first for _ in range(3)} == {0}
    people = DotsWidget(3, 3, mode="people")
    firsts = []
    for _ in range(2):
        people.game = people.next_game()
        firsts.append(people.game.first)
    assert firsts == [1, 0]
    folder = ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes"
    choice = "these lessons' choice" if lang == "en" else "lo eligen estas lecciones"
    assert choice not in (folder / "01_rules_and_terms.md").read_text(encoding="utf-8")  # the guide says it
    choice5 = "games against the CPU, you always start" if lang == "en" else "contra la CPU, siempre empiezas tú"
    assert choice5 in (folder / "05_double_dealing_and_control.md").read_text(encoding="utf-8")
    guide = GUIDES[lang].read_text(encoding="utf-8")
    assert ("**Who starts:**" if lang == "en" else "**Quién empieza:**") in guide
