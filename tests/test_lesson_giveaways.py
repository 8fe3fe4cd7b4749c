"""Issue 24 §2: no giveaways by construction, for the 5 en raya and Shut the Box lessons (English and Spanish).

Each lesson is run cell by cell in this process, in page order, and everything it shows is collected:
markdown, every output's text (tables, paragraphs), every step of every step-through (caption and the
position it shows), every still picture's position, and every exercise.  Then, for each exercise:

* no board shown earlier is the exercise's position one move later (an accepted answer played), nor the
  exercise's position in a step-through; a still picture of the position is allowed only as the exercise's
  own picture (the last board before it);
* no earlier text — markdown, caption, output, or what an earlier exercise shows (prompt, hint, answer,
  feedback to a right answer) — contains one of the exercise's ``leaks`` (the texts that state its answer).
"""

from __future__ import annotations

import ast
import re
import os
from pathlib import Path

import jupytext
import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(
    p.relative_to(NOTEBOOKS).as_posix()
    for folder in ("five_in_a_row", "shut_the_box")
    for base in (NOTEBOOKS, NOTEBOOKS / "es")
    for p in (base / folder).glob("*.md")
)


def key(position):
    """One comparable value per position: a 5 en raya grid and whose turn it is, or (open tiles, roll)."""
    from gamekit.connect.rules import ConnectGame
    from gamekit.shutbox.exercises_best_set import SetChoice

    if isinstance(position, ConnectGame):
        return ("connect", position.variant.name, position.popout, position.position_key())
    if isinstance(position, SetChoice):
        return ("box", tuple(position.open_tiles), position.roll)
    if isinstance(position, tuple) and len(position) == 2:
        return ("box", tuple(position[0]), position[1])
    return None


def history(position) -> tuple | None:
    from gamekit.connect.rules import ConnectGame

    return tuple(position.history) if isinstance(position, ConnectGame) else None


def exercise_position(ex):
    return getattr(ex, "game", None) or ex.position


def after_answers(ex) -> list:
    """The positions one move after the exercise's position, for each accepted answer."""
    from gamekit.connect.rules import ConnectGame

    pos = exercise_position(ex)
    out = []
    if isinstance(pos, ConnectGame):
        for answer in ex.solutions:
            g = pos.copy()
            move = str(answer)
            if ex.choices and pos.popout and not move.startswith("p"):
                move = "p" + move  # the PopOut exercise asks which column to pop
            try:
                g.play(move)
            except ValueError:
                continue
            out.append(key(g))
    return out


def walk(value, events: list) -> None:
    """Everything a displayed value shows, in order, as ("text", str), ("board", key, still) and ("exercise", ex)."""
    import ipywidgets as W
    from gamekit.connect.rules import ConnectGame
    from gamekit.display import Paragraph, Table
    from gamekit.widgets.stepthrough import StepThrough

    if value is None:
        return
    if isinstance(value, StepThrough):
        for step in value.steps:
            if step.position is not None:
                events.append(("board", key(step.position), False, history(step.position)))
            events.append(("text", step.caption))
        return
    exercise = getattr(value, "exercise", None)
    if exercise is not None and hasattr(exercise, "checker"):
        events.append(("exercise", exercise))
        return
    if isinstance(value, W.Box):
        for child in value.children:
            walk(child, events)
        return
    if isinstance(value, W.HTML):  # a note, table or chart in a widget, unless hidden
        if value.layout.display != "none":
            events.append(("text", value.value))
        return
    position = getattr(value, "lesson_position", None)
    if position is not None:
        events.append(("board", key(position), True, history(position)))
        return
    if isinstance(value, ConnectGame):
        events.append(("board", key(value), True, history(value)))
        events.append(("text", str(value)))
        return
    if isinstance(value, (Table, Paragraph)):
        events.append(("text", value._repr_html_()))
        events.append(("text", str(value)))
        return
    html = getattr(value, "_repr_html_", None)
    if callable(html) and not isinstance(value, W.Widget):
        events.append(("text", str(html() or "")))


def run_lesson(path: Path) -> list:
    """Run a lesson's cells in page order; the events of what it shows."""
    import gamekit

    events: list = []
    namespace: dict = {"__name__": "__lesson__"}
    cwd = os.getcwd()
    os.chdir(path.parent)
    try:
        for cell in jupytext.read(path, fmt="md:myst").cells:
            if cell.cell_type == "markdown":
                events.append(("text", cell.source))
                continue
            tree = ast.parse(cell.source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(path), "exec"), namespace)
            if last is not None:
                walk(eval(compile(ast.Expression(last.value), str(path), "eval"), namespace), events)
    finally:
        os.chdir(cwd)
        gamekit.set_language("en")
        import matplotlib.pyplot as plt

        plt.close("all")
    return events


def shown_by(ex) -> list[str]:
    return [ex.prompt, ex.hint, ex.answer] + [ex.check(a)[1] for a in ex.solutions]


# Checks a page asks without scoring them (not in the lesson's registry): Shut the Box lesson 5's quick check on what
# an expected score means
UNSCORED_CHECKS = {"expected meaning 9"}


@pytest.mark.parametrize("lesson", LESSONS)
def test_nothing_before_an_exercise_gives_it_away(lesson):
    events = run_lesson(NOTEBOOKS / lesson)
    exercises = [e for e in events if e[0] == "exercise"]
    folder = lesson.removeprefix("es/").removesuffix(".md")
    from tests.test_lessons_shared import ALL_EXERCISES

    scored = [e for e in exercises if e[1].key not in UNSCORED_CHECKS]  # still walked below for giveaways
    assert len(scored) == len(ALL_EXERCISES[folder]), f"{lesson}: the walk saw {len(scored)} scored exercises"
    assert any(e[1].key.startswith("practice ") for e in exercises), f"{lesson}: the practice set was walked"
    for i, event in enumerate(events):
        if event[0] != "exercise":
            continue
        ex = event[1]
        earlier = events[:i]
        position = key(exercise_position(ex))
        later = set(after_answers(ex))
        boards = [tuple(rest) for kind, *rest in earlier if kind == "board"]
        start = history(exercise_position(ex))
        lines = [start + (str(a),) for a in ex.solutions] if start is not None else []
        for n, (k, still, moves) in enumerate(boards):
            assert k not in later, f"{lesson}: {ex.key!r}: a board above shows the position after its answer"
            if moves is not None:  # a later position of the same game, reached through the answer
                assert not any(moves[: len(line)] == line for line in lines), (
                    f"{lesson}: {ex.key!r}: a board above continues its position with its answer"
                )
            if position is not None and k == position:
                own_picture = still and n == len(boards) - 1
                assert own_picture, (
                    f"{lesson}: {ex.key!r}: its position is shown above it ({'picture' if still else 'step-through'})"
                )
        texts = [rest[0] for kind, *rest in earlier if kind == "text"]
        texts += [t for kind, *rest in earlier if kind == "exercise" for t in shown_by(rest[0])]
        for leak in ex.leaks:
            for text in texts:
                assert leak not in text, f"{lesson}: {ex.key!r}: {leak!r} is stated above it: {text[:200]!r}"


def test_the_walk_sees_boards_captions_and_exercises():
    """The checker itself: a lesson that shows an exercise's answer position is caught."""
    from gamekit.connect import lessons as L
    from gamekit.connect import lesson1_exercises
    from gamekit.connect import lesson2_exercises
    from gamekit.connect import lesson_pictures
    from gamekit.connect import lesson_positions
    from gamekit.connect.rules import FiveInARow

    ex = lesson1_exercises.side_win_exercise()
    events: list = []
    walk(lesson_pictures.step_through(), events)
    assert any(kind == "board" for kind, *_ in events) and any(kind == "text" for kind, *_ in events)
    g = FiveInARow.from_moves(lesson_positions.EXERCISE_POSITIONS["side_win"])
    g.play(ex.solutions[0])
    assert key(g) in after_answers(ex)
    # the old lesson 2: exercise 1's board was exercise 4's position with its winning line played on
    old = FiveInARow.from_moves(lesson_positions.EXERCISE_POSITIONS["winning_move"] + "2211")
    four = lesson2_exercises.winning_move_exercise()
    assert tuple(old.history)[: len(four.game.history) + 1] == tuple(four.game.history) + (four.solutions[0],)
    board = L.exercise("side_win")
    walk(board, events)
    assert events[-1] == ("exercise", board.exercise)


# ----- §4: graded problem sets ------------------------------------------------------------------------------
RULES_LESSONS = {"five_in_a_row/01_rules_and_play", "shut_the_box/01_rules_and_play"}
LEVELS = {"en": ("easy", "medium", "hard"), "es": ("fácil", "media", "difícil")}


@pytest.mark.parametrize("lesson", LESSONS)
def test_graded_problem_sets(lesson):
    import re
    from tests.test_lessons_shared import EXERCISES

    name = lesson.removeprefix("es/").removesuffix(".md")
    lang = "es" if lesson.startswith("es/") else "en"
    factories = EXERCISES[name]
    assert len(factories) >= (5 if name in RULES_LESSONS else 6), f"{lesson}: {len(factories)} exercises"
    exercises = [f() for f in factories]
    from tests.test_lessons_shared import ALL_EXERCISES  # the practice set counts too

    two_way = [ex.key for ex in (f() for f in ALL_EXERCISES[name]) if ex.choices is not None and len(ex.choices) == 2]
    assert len(two_way) <= 1, f"{lesson}: more than one two-way choice: {two_way}"
    source = (NOTEBOOKS / lesson).read_text()
    word = "Exercise" if lang == "en" else "Ejercicio"
    headings = re.findall(rf"^##+ (?:{word} \d+|Final challenge|Reto final)( \(([^)]*)\))?", source, re.M)
    # Spanish agrees the middle level with the heading's noun («Ejercicio 2 (medio)», «Prueba 2 (media)») or says
    # «(dificultad media)» or «(nivel medio)»
    levels = [
        {"medio": "media"}.get(stripped, stripped)
        for stripped in (level.removeprefix("dificultad ").removeprefix("nivel ") for _, level in headings)
    ]
    assert all(levels), f"{lesson}: every exercise heading says its level"
    assert set(levels) == set(LEVELS[lang]), f"{lesson}: three levels, got {sorted(set(levels))}"
    assert levels[0] == LEVELS[lang][0] and levels[-1] == LEVELS[lang][2], f"{lesson}: easy first, hard last"


# ----- Shut the Box: numbers as a pupil reads them (issue 24 §5) ------------------------------------------
LONG_FRACTION = re.compile(r"(?<![0-9/])[0-9]+/[0-9]{3,}(?![0-9])")


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if "shut_the_box/" in lesson])
def test_no_fraction_with_a_long_denominator_on_the_pupils_path(lesson):
    """Numbers as a pupil reads them: outside <details> boxes and the "For teachers" appendix, nothing a
    Shut the Box lesson shows (markdown, outputs, exercise prompts, hints, answers, feedback to every answer
    the tests know) has a fraction with a denominator of three digits or more."""
    texts = []
    for kind, *rest in run_lesson(NOTEBOOKS / lesson):
        if kind == "text":
            appendix = re.search(r"^## (For teachers|Para el profesorado)", rest[0], re.M)
            texts.append(rest[0][: appendix.start()] if appendix else rest[0])
            if appendix:
                break
        elif kind == "exercise":
            ex = rest[0]
            texts += [ex.prompt, ex.hint, ex.answer] + [ex.check(a)[1] for a in list(ex.solutions) + list(ex.wrong)]
    for text in texts:
        shown = re.sub(r"<details>.*?</details>", " ", text, flags=re.S)
        assert not LONG_FRACTION.search(shown), f"{lesson}: {LONG_FRACTION.search(shown).group(0)!r} in {shown[:300]!r}"


# ----- Shut the Box lesson 4: what sits below the final challenge ------------------------------------------
CHALLENGE_ARGUMENTS = {
    "en": ("finds the best set in lesson 4's exercise 5 and in exercise 7", "no odd roll covers 2, 4, 6 and 8"),
    "es": (
        "mejor conjunto en el ejercicio 5 de la lección 4 y en el ejercicio 7",
        "ninguna tirada impar cubre 2, 4, 6 y 8",
    ),
}


@pytest.mark.parametrize(
    "lesson", ["shut_the_box/05_playing_for_points.md", "es/shut_the_box/05_playing_for_points.md"]
)
def test_nothing_on_the_page_argues_the_final_challenge_before_it_is_answered(lesson):
    """Text below an exercise is on the page too: the rule of thumb that picks exercise 11's set and the
    all-even argument against its worst set wait in a box until exercise 11 is answered, then appear."""
    import gamekit
    from gamekit.shutbox import lesson_scenes
    from gamekit.shutbox.exercises_best_set import challenge_exercise
    from gamekit.widgets.lesson import ExerciseWidget, LessonScore

    lang = "es" if lesson.startswith("es/") else "en"
    events = run_lesson(NOTEBOOKS / lesson)
    texts = [rest[0] for kind, *rest in events if kind == "text"]
    texts += [
        t
        for kind, *rest in events
        if kind == "exercise" and rest[0].key.startswith("practice ")
        for t in (rest[0].prompt, rest[0].hint)
    ]
    for phrase in CHALLENGE_ARGUMENTS[lang]:
        assert not any(phrase in text for text in texts), f"{lesson}: {phrase!r} is on the page unanswered"
    gamekit.set_language(lang)
    try:
        score = LessonScore(f"held-back test {lang}")
        box = lesson_scenes.challenge_afterword(score)
        before: list = []
        walk(box, before)
        assert not any(p in t for _, t in before for p in CHALLENGE_ARGUMENTS[lang])
        ex = challenge_exercise()
        widget = ExerciseWidget(ex, score=score)
        widget.submit("9+1")  # a wrong answer does not open it
        still: list = []
        walk(box, still)
        assert not any(p in t for _, t in still for p in CHALLENGE_ARGUMENTS[lang])
        assert widget.submit(str(ex.solutions[0]))[0]
        after: list = []
        walk(box, after)
        shown = " ".join(t for _, t in after)
        assert all(p in shown for p in CHALLENGE_ARGUMENTS[lang]), shown
    finally:
        gamekit.set_language("en")


@pytest.mark.parametrize("lesson", ["shut_the_box/04_best_strategy.md", "es/shut_the_box/04_best_strategy.md"])
def test_lesson_4_rules_of_thumb_table_waits_for_the_guess(lesson):
    """The exact table of the ways of choosing answers the guess above it: it is not on the page until the pupil
    has picked a guess, then it appears (r30: it was shown at once, under the guess)."""
    import gamekit
    from gamekit.shutbox import lesson_scenes
    from gamekit.shutbox.lesson_tables import policy_table
    from gamekit.shutbox.rules import Rules

    lang = "es" if lesson.startswith("es/") else "en"
    texts = [rest[0] for kind, *rest in run_lesson(NOTEBOOKS / lesson) if kind == "text"]
    gamekit.set_language(lang)
    try:
        table = policy_table(Rules(one_die="never"))
        shown = table._repr_html_()
        assert not any(shown in text or str(table) in text for text in texts), f"{lesson}: the table is on the page"
        box = lesson_scenes.guess_then_policy_table(Rules(one_die="never"))
        before: list = []
        walk(box, before)
        assert not any(shown in t for _, t in before)
        box.guess.buttons[0].click()
        after: list = []
        walk(box, after)
        assert any(shown in t for _, t in after)
    finally:
        gamekit.set_language("en")
