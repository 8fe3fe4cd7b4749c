"""Round 6 of the Dots lessons (a fresh reader's findings): the guide's claim about the worked game, honest minutes,
feedback that answers the pupil's own mistake, levels that match the work, words a lesson-1 pupil knows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import analysis
from gamekit.dots import lessons as L
from gamekit.dots.lesson_exercise import mistake_reason
from gamekit.dots.lesson_positions import REAL_GAME, line_parts, position
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values, solve
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _guide(lang: str = "en") -> str:
    return (ROOT / "docs/teachers" / ("es/dots.md" if lang == "es" else "dots.md")).read_text(encoding="utf-8")


def _winner(game: DotsAndBoxes) -> int:
    """The seat that wins with best play from ``game`` (no draw on 3×3)."""
    rest = game.geometry.n_boxes - sum(game.scores)
    v = solve(game)
    mine = game.scores[game.to_move] + (rest + v) // 2
    return game.to_move if 2 * mine > sum(game.scores) + rest else 1 - game.to_move


def test_the_forming_count_matches_the_solver_in_the_worked_game_exactly_from_line_8_to_line_17():
    """The guide said the count "agrees with exact calculation at every step": false for lines 1-7. There no long
    chain is forming, so the count predicts nothing (lesson 4's table writes "–"): the guide says the same, and not
    that the count says Gold."""
    game, agree = DotsAndBoxes(3, 3), []
    for i, line in enumerate(REAL_GAME.split(), 1):
        game.play(line)
        if game.is_over():
            break
        agree.append((i, analysis.long_chain_rule(game).favoured == _winner(game)))
    assert [i for i, ok in agree if not ok and i < 18] == list(range(1, 8))
    assert all(ok for i, ok in agree if 8 <= i <= 17)
    text = " ".join(_guide().split())
    assert "at every step" not in text
    assert "it predicts nothing for lines 1–7" in text and "from line 8" in text and "to line 17" in text
    assert "the count says Gold" not in text
    es = " ".join(_guide("es").split())
    assert (
        "en cada paso" not in es
        and "no predice nada en las líneas 1–7" in es
        and "la cuenta dice Dorado" not in es
        and "desde la línea 8" in es
        and "hasta la línea 17" in es
    )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4s_plan_gives_the_closing_reading_its_own_minutes_and_adds_up(lang):
    guide = _guide(lang)
    start = guide.index("### Lesson 4" if lang == "en" else "### Lección 4")
    table = guide[start : guide.index("**50**", start)]
    minutes = [int(m) for m in re.findall(r"^\| (\d+) \|", table, re.MULTILINE)]
    assert sum(minutes) == 50
    # the closing fact and the closing question each have a row of their own (they shared 2 minutes with the score)
    fact = next(r for r in table.splitlines() if "closing fact" in r or "dato final" in r)
    assert "score line" not in fact and "puntuación" not in fact


def test_who_wins_answers_whoever_must_open_loses_with_its_own_reason():
    ex = L.exercises(4)["who_wins"]
    mover = ex.game.to_move
    assert ex.solutions == ["3, " + ("Gold", "Coral")[mover]]  # the player who must open wins here
    ok, feedback = ex.check("3, " + ("Gold", "Coral")[1 - mover])
    assert not ok and "Having to open something now does not decide the game" in feedback
    assert "turn the rule round" not in feedback
    ok, draw = ex.check("3, Draw")
    assert not ok and "shared equally" in draw


def test_lesson_5_loop_feedback_says_all_but_four():
    game = position("loop_four")
    values = move_values(game)
    best = [l for l, v in values.items() if v == max(values.values())]
    grabs = [l for l in values if l not in best and any(p.kind == "loop" for p in line_parts(game, l))]
    assert grabs
    for line in grabs:
        reason = mistake_reason(game, line, 5, best)
        assert "all but the last four boxes of the loop" in reason and "double-deal" not in reason


def test_lesson_1_practice_feedback_speaks_of_boxes_not_costs():
    """Lesson 1 has no "cost" yet: its practice feedback speaks of the boxes a line wins or the boxes counted."""
    for lang in ("en", "es"):
        with using(lang):
            for ex in L.practice_exercises(1):
                for wrong in ex.wrong:
                    ok, feedback = ex.check(wrong)
                    assert not ok and "cost" not in feedback and "cuesta" not in feedback, feedback
                    assert ("box" if lang == "en" else "casilla") in feedback, feedback


def test_spanish_says_el_tablero_habitual_and_partida_comentada():
    texts = [
        (ROOT / p).read_text(encoding="utf-8")
        for p in (
            "notebooks/es/dots_and_boxes/01_rules_and_terms.md",
            "notebooks/es/dots_and_boxes/04_long_chain_rule.md",
            "docs/teachers/es/dots.md",
        )
    ]
    assert not any("tablero inicial" in t or "partida resuelta" in t for t in texts)
    assert "tablero habitual" in texts[0] and "partida comentada" in texts[2]


def test_lesson_5s_extension_gives_one_difficulty_per_practice_position():
    """The extension listed the practice set as "1 easy and 3 medium" and then said one of them was rated easy by
    the bank but shown as medium: one difficulty per position, the page's."""
    assert "bank rates it easy" not in " ".join(_guide().split())
    assert "el banco la da por fácil" not in " ".join(_guide("es").split())
