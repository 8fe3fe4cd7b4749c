"""Checks every game's lessons share: exercises that can be failed and solved, no answer on the page,
objectives and a time estimate at the top, a Next link at the bottom, at least three checked exercises.

Each game's ``gamekit/<game>/lessons.py`` lists its lessons in ``LESSONS`` (``{number:
gamekit.widgets.lesson_registry.Lesson}``: notebook, title, minutes, exercises by name, levels, reflection, the closing
"More practice" problem set); these tests read it and go over every exercise and every practice problem.
"""

from __future__ import annotations

import importlib
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import jupytext
import nbformat
import pytest

from gamekit import catalog

if TYPE_CHECKING:
    from gamekit.widgets.lesson_registry import Lesson

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
# Lessons whose content is being rewritten for issue 10 on another branch: reported, not yet enforced.
PENDING: set[str] = set()


def _lessons() -> dict[str, "Lesson"]:
    """Every lesson of every game in the catalog (a game lists its lesson module in its GameInfo)."""
    out = {}
    for module in catalog.lesson_modules():
        for lesson in importlib.import_module(module).LESSONS.values():
            out[lesson.notebook] = lesson
    return out


REGISTRY = _lessons()
EXERCISES = {notebook: lesson.factories() for notebook, lesson in REGISTRY.items()}
"""The page's checked exercises of every lesson, in page order (from the games' LESSONS)."""


def practice_factories(notebook: str) -> list:
    """One factory per problem of the lesson's "More practice" set (each builds the exercise in the current
    language)."""
    problems = REGISTRY[notebook].practice
    if problems is None:
        return []
    # the set's own exercises, as the page shows them (a lesson may ask its own question about a bank position, or
    # add a problem the bank cannot hold: 5 en raya lesson 1's PopOut position)
    return [lambda i=i: problems.exercises()[i] for i in range(len(problems.exercises()))]


ALL_EXERCISES = {notebook: EXERCISES[notebook] + practice_factories(notebook) for notebook in EXERCISES}
"""Every exercise a pupil meets on the page: the checked exercises, then the practice problems."""
LESSONS = sorted(
    p.relative_to(NOTEBOOKS).with_suffix("").as_posix()
    for p in NOTEBOOKS.glob("*/*.md")
    if p.parent.name not in ("es", "practice")
)  # Spanish twins: tests/test_spanish_lessons.py; practice pages are not lessons
CASES = [(lesson, i) for lesson, factories in sorted(ALL_EXERCISES.items()) for i in range(len(factories))]


def _param(lesson, *rest, runs_notebook: bool = False):
    marks = (
        [pytest.mark.xfail(reason="content rewritten on branch lessons2", strict=False)]
        if lesson.split("/")[0] in PENDING
        else []
    )
    if runs_notebook:  # the test executes the lesson's notebook: nbval leaves it out of the same run (conftest.py)
        marks.append(pytest.mark.runs_notebook(NOTEBOOKS / f"{lesson}.ipynb"))
    return pytest.param(lesson, *rest, marks=marks, id="/".join([lesson, *map(str, rest)]))


@lru_cache(maxsize=None)
def built(lesson: str, i: int):
    return ALL_EXERCISES[lesson][i]()


def test_every_lesson_notebook_is_listed_and_every_listed_notebook_exists():
    assert set(EXERCISES) == set(LESSONS), "list each lesson in its game's LESSONS"


def test_the_catalog_names_each_shipped_games_lessons():
    names = {info.id: info.lessons for info in catalog.games()}
    assert (
        names
        | {
            "dots_and_boxes": "gamekit.dots.lessons",
            "five_in_a_row": "gamekit.connect.lessons",
            "connect_four": "gamekit.connect.lessons",
            "shut_the_box": "gamekit.shutbox.lessons",
        }
        == names
    )
    assert catalog.get("dots").lesson_registry() is importlib.import_module("gamekit.dots.lessons").LESSONS
    bare = catalog.GameInfo(id="bare", title="Bare", game_class=lambda: object, new_game=lambda o: None)
    with pytest.raises(ValueError, match="bare: this game has no lessons"):
        bare.lesson_registry()


@pytest.mark.parametrize("module_name", catalog.lesson_modules())
def test_every_game_lists_its_lessons_the_same_way(module_name):
    """One convention: LESSONS numbered 1, 2, … in notebook order; EXERCISES and REFLECTIONS are views of it."""
    from gamekit.widgets.lesson_registry import Lesson

    module = importlib.import_module(module_name)
    lessons = module.LESSONS
    assert list(lessons) == list(range(1, len(lessons) + 1))
    assert all(isinstance(l, Lesson) and l.number == n for n, l in lessons.items())
    assert [l.notebook for l in lessons.values()] == sorted(l.notebook for l in lessons.values())
    assert module.EXERCISES == {l.notebook: l.factories() for l in lessons.values()}
    assert all(int(Path(l.notebook).name[:2]) == n for n, l in lessons.items())


@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_the_registry_says_what_the_page_shows(lesson):
    """Title (the score's name in the saved progress), announced minutes, reflection and practice set: the
    page and its Spanish twin agree with the lesson's entry in LESSONS."""
    entry = REGISTRY[lesson]
    source = (NOTEBOOKS / f"{lesson}.md").read_text()
    assert f'LessonScore("{entry.title}")' in source, f"{lesson}: the score is titled {entry.title!r} in LESSONS"
    for page in (source, (NOTEBOOKS / "es" / f"{lesson}.md").read_text()):
        announced = re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) min", page)
        assert announced and int(announced.group(1)) == entry.minutes, f"{lesson}: the page announces another time"
        assert re.search(rf"practice\({entry.number}, score\)", page), f"{lesson}: show its practice set"
        assert page.index(f"practice({entry.number}, score)") < page.index("reflection("), (
            f"{lesson}: the practice set comes before the closing reflection"
        )
    assert entry.practice is not None and len(entry.practice.puzzles()) >= 3


@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_each_practice_set_runs_easy_to_hard_and_is_fixed(lesson):
    import dataclasses

    from gamekit.puzzles.sets import BAND_NAMES

    problems = REGISTRY[lesson].practice
    puzzles = problems.puzzles()
    bands = [BAND_NAMES.index(p.band) for p in puzzles]
    assert bands == sorted(bands), f"{lesson}: the set runs from easy to hard"
    assert len({p.id for p in puzzles}) == len(puzzles)
    again = dataclasses.replace(problems)  # the same set made again (a lesson's own kind of set included)
    from gamekit.puzzles.sets import chosen_puzzles

    chosen_puzzles.cache_clear()
    assert [p.id for p in again.puzzles()] == [p.id for p in puzzles], "the same seed gives the same puzzles"
    from gamekit.puzzles.core import theme_hint, theme_name

    shown = [BAND_NAMES.index(ex.level) for ex in problems.exercises()]
    assert shown == sorted(shown), f"{lesson}: the levels the page shows run from easy to hard"
    questions = getattr(problems, "questions", ()) or ("bank",) * len(puzzles)
    made_from = len(puzzles) - len(getattr(problems, "made", ()))
    for i, (p, (theme, band), ex, question) in enumerate(zip(puzzles, problems.items, problems.exercises(), questions)):
        assert theme in p.themes  # each problem is about the idea the set asks for, at its level …
        # (a position a lesson makes itself is asked at its item's level or above, e.g. at the level of the short
        # trees it asks for, whatever the bank's band for the same position: Shut the Box's LessonPractice.exercises)
        assert band == p.band if i < made_from else BAND_NAMES.index(ex.level) >= BAND_NAMES.index(band)
        # … and its hint asks that idea's question (a question the lesson builds on the puzzle may name the idea);
        # the bare name of "take a box" or "win now" would be the answer
        # (a set searched by hand, 5 en raya lesson 3's, hints at its own lesson's idea, minimax: tests/connect;
        # a lesson's own question asked of a bank position, Shut the Box's "your score?", hints at that question,
        # not at the bank's idea for the position)
        by_hand = getattr(problems, "by_hand", False)
        if question != "bank":
            assert ex.hint.strip(), ex.key
            continue
        assert (
            by_hand
            or theme_hint(p.game_id, theme) in ex.hint
            or theme_name(p.game_id, theme).lower() in ex.hint.lower()
        )
        if theme in ("take_box", "win_now"):
            assert theme_name(p.game_id, theme) not in ex.hint


def test_no_two_lessons_of_a_game_share_a_practice_problem():
    for game in catalog.lesson_modules():
        ids = [p.id for l in importlib.import_module(game).LESSONS.values() for p in l.practice.puzzles()]
        assert len(ids) == len(set(ids)), game


@pytest.mark.parametrize("lesson,i", [_param(*c) for c in CASES])
def test_every_solution_is_accepted(lesson, i):
    ex = built(lesson, i)
    assert ex.solutions, f"{ex.key}: give at least one solution"
    for answer in ex.solutions:
        ok, feedback = ex.check(answer)
        assert ok and feedback.strip(), f"{ex.key}: solution {answer!r} refused: {feedback}"


@pytest.mark.parametrize("lesson,i", [_param(*c) for c in CASES])
def test_every_exercise_can_be_failed_and_a_wrong_answer_is_told_why(lesson, i):
    ex = built(lesson, i)
    assert ex.wrong, f"{ex.key}: give at least one example of a wrong answer (Exercise.wrong)"
    for answer in ex.wrong:
        ok, feedback = ex.check(answer)
        assert not ok, f"{ex.key}: wrong example {answer!r} was accepted"
        assert len(feedback.strip()) >= 10, f"{ex.key}: refusing {answer!r} needs a reason, got {feedback!r}"
    legal = ex.legal_answers()
    if ex.click or ex.choices:
        assert legal is not None and len(legal) >= 2, f"{ex.key}: a pupil must have at least two choices"
        said = {str(a).strip().lower() for a in legal}
        assert any(str(w).strip().lower() in said for w in ex.wrong), (
            f"{ex.key}: one wrong example must be a legal choice"
        )


@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS if len(EXERCISES.get(l, ())) > 1])
def test_no_feedback_or_shown_answer_gives_away_another_exercise(lesson):
    """What an exercise shows (prompt, hint, its answer, the feedback to a right answer) must not answer an
    exercise further down the page.  (Feedback to a wrong answer echoes the pupil's own input: not checked.)"""
    exercises = [built(lesson, i) for i in range(len(ALL_EXERCISES[lesson]))]
    for i, ex in enumerate(exercises):
        shown = [ex.hint, ex.answer, ex.prompt] + [ex.check(a)[1] for a in ex.solutions]
        for other in exercises[i + 1 :]:
            for leak in other.leaks:
                for text in shown:
                    assert leak not in text, f"{lesson}: {ex.key!r} shows {leak!r}, which answers {other.key!r}"


def _cells(lesson: str):
    return jupytext.read(NOTEBOOKS / f"{lesson}.md", fmt="md:myst").cells


@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_lesson_opens_with_objectives_and_a_time_estimate(lesson):
    top = "\n".join(c.source for c in _cells(lesson)[:2] if c.cell_type == "markdown")
    assert re.search(r"objectives|you will learn|by the end", top, re.I), f"{lesson}: state the objectives at the top"
    assert re.search(r"\b\d+\s*(?:–\s*\d+\s*)?min", top), f"{lesson}: give a time estimate at the top (e.g. 45 min)"


@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_lesson_ends_with_a_next_link(lesson):
    last = [c for c in _cells(lesson) if c.cell_type == "markdown"][-1].source
    assert re.search(r"Next\b.*\]\([^)]+\)", last, re.S), f"{lesson}: end with a 'Next: [...](...)' link"


@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_lesson_has_at_least_three_checked_exercises(lesson):
    assert len(EXERCISES[lesson]) >= 3, f"{lesson}: at least three checked exercises"
    source = (NOTEBOOKS / f"{lesson}.md").read_text()
    assert len(re.findall(r"exercise|Exercise", source)) >= 3


# ----- no answer on the page -------------------------------------------------------------------------
def _visible_text(nb) -> list[tuple[int | str, str]]:
    """The text each output shows: text/html, streams, text/plain unless the output is a widget, and the
    first values of the HTML/Label widgets on the page (captions, tables, notes a pupil sees at once)."""
    out: list[tuple[int | str, str]] = []
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in state.values():
        if model.get("model_name") in ("HTMLModel", "LabelModel", "HTMLMathModel"):
            value = model.get("state", {}).get("value")
            if value:
                out.append(("a widget", value))
    for n, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                out.append((n, output.text))
                continue
            data = output.get("data", {})
            if "text/html" in data:
                out.append((n, data["text/html"]))
            if "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data:
                out.append((n, data["text/plain"]))
    return out


@pytest.mark.parametrize("lesson", [_param(l, runs_notebook=True) for l in LESSONS if EXERCISES.get(l)])
def test_no_output_on_the_page_states_an_exercise_answer(lesson):
    from nbclient import NotebookClient

    path = NOTEBOOKS / f"{lesson}.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    shown = _visible_text(nb)
    for i in range(len(ALL_EXERCISES[lesson])):
        ex = built(lesson, i)
        for leak in ex.leaks:
            for n, text in shown:
                if text == ex.prompt or text == f"<b>{ex.prompt}</b>":
                    continue
                assert leak not in text, f"{lesson}: {n}'s output gives away {ex.key!r}: it shows {leak!r}"


def test_the_leak_check_sees_printed_and_html_outputs():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x")])
    nb.cells[0].outputs = [
        nbformat.v4.new_output("stream", text="safe lines: a1-b1\n"),
        nbformat.v4.new_output("display_data", data={"text/html": "<td>even</td>", "text/plain": "T"}),
        nbformat.v4.new_output(
            "display_data",
            data={"text/plain": "VBox(secret)", "application/vnd.jupyter.widget-view+json": {"model_id": "1"}},
        ),
    ]
    nb.metadata["widgets"] = {
        "application/vnd.jupyter.widget-state+json": {
            "state": {
                "1": {"model_name": "HTMLModel", "state": {"value": "caption: b2-b3 lost it"}},
                "2": {"model_name": "ButtonModel", "state": {"description": "Check"}},
            }
        }
    }
    texts = [t for _, t in _visible_text(nb)]
    assert "safe lines: a1-b1\n" in texts and "<td>even</td>" in texts and "T" in texts
    assert "caption: b2-b3 lost it" in texts and "Check" not in texts
    assert not any("secret" in t for t in texts)


@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_each_practice_problem_is_solver_true_and_told_its_refutation(lesson):
    """The exact solver judges every practice position again (gamekit.puzzles.verify); its answers are
    accepted, every other legal answer is refused with the refutation, a malformed one with a reason."""
    from gamekit.puzzles import verify
    from gamekit.puzzles.core import action_key
    from gamekit.puzzles.sets import puzzle_exercise

    for puzzle in REGISTRY[lesson].practice.puzzles():
        assert verify(puzzle) == [], puzzle.id
        ex = puzzle_exercise(puzzle)
        assert ex.solutions and ex.wrong and ex.level == puzzle.band
        for answer in ex.wrong:
            ok, feedback = ex.check(answer)
            assert not ok and feedback.startswith(("Not the best", "The line ")), (puzzle.id, answer, feedback)
        for bad in (" ", 3, "zz-99"):
            ok, feedback = ex.check(bad)
            assert not ok and len(feedback) > 10, (puzzle.id, bad, feedback)
        assert sorted(map(str, ex.solutions)) == sorted(ex.solutions)
        assert {action_key(a) for a in puzzle.answers} == {
            action_key(
                puzzle.canonical(__import__("gamekit.puzzles.sets", fromlist=["typed_answer"]).typed_answer(puzzle, s))
            )
            for s in ex.solutions
        }


PUPIL_FORBIDDEN = (
    "docs/",
    "python -m",
    "IllegalMoveError",
    "to_move",
    "Rules(",
    "Fraction(",
    "numpy",
    "numba",
    "matplotlib",
    ".py`",
    "gamekit.",
    "jupytext",
    "pip install",
)
"""Words that have no place on a pupil's path (code, internal names, paths, commands, libraries)."""


def _pupil_markdown(path: Path) -> list[str]:
    from gamekit.lesson_tools import TEACHER_APPENDIX

    out = []
    for cell in jupytext.read(path, fmt="md:myst").cells:
        if cell.cell_type != "markdown":
            continue
        if any(
            line.lstrip("#").strip().startswith(TEACHER_APPENDIX)
            for line in cell.source.splitlines()
            if line.startswith("#")
        ):
            break
        out.append(cell.source)
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_the_pupils_text_names_no_code_library_or_path(lesson, lang):
    """Issue 24 §5: the text before the teachers' appendix names no internal name, library, path or command
    (the 5 en raya lesson 3 is about how the computer works, but in words, not code names)."""
    path = NOTEBOOKS / ("es" if lang == "es" else "") / f"{lesson}.md"
    words = PUPIL_FORBIDDEN
    if lesson == "five_in_a_row/03_how_the_computer_knows":  # how the start's value was computed: the guide's
        words += ("hours", "horas", "resumed", "reanud", "línea de juego")
    for text in _pupil_markdown(path):
        found = [w for w in words if w in text]
        assert not found, f"{lesson} ({lang}): {found} on the pupil's path: {text[:160]!r}"


def sentences(markdown: str) -> list[str]:
    """The sentences of a lesson's prose: tables, optional <details> boxes and headings left out; each list item,
    and each part of a sentence between ';', is read on its own."""
    text = re.sub(r"<details>.*?</details>", " ", markdown, flags=re.S)
    lines = [l for l in text.splitlines() if not l.lstrip().startswith(("|", "#", "<"))]
    items = re.split(r"\n\s*\n|\n\s*[*-] |\n\s*[0-9]+\. ", "\n" + "\n".join(lines))
    items = [re.sub(r"^\s*(?:[*-]|[0-9]+\.)\s+", "", item) for item in items]
    return [s.strip() for item in items for s in re.split(r"(?<=[.!?;])\s+", " ".join(item.split())) if s.strip()]


LONGEST_SENTENCE = 40
"""Words in the longest sentence a pupil of 12–16 reads on a lesson's path (issue 24 §6: short sentences)."""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", [_param(l) for l in LESSONS])
def test_the_pupils_sentences_are_short(lesson, lang):
    path = NOTEBOOKS / ("es" if lang == "es" else "") / f"{lesson}.md"
    too_long = [s for text in _pupil_markdown(path) for s in sentences(text) if len(s.split()) > LONGEST_SENTENCE]
    assert not too_long, f"{lesson} ({lang}): sentences over {LONGEST_SENTENCE} words: {too_long}"


def test_sentences_are_split_as_a_reader_reads_them():
    text = (
        "# Title\n\nOne two three. Four five; six.\n\n* a list item; another\n* item two\n\n| a | b |\n"
        "<details>long</details>"
    )
    assert sentences(text) == ["One two three.", "Four five;", "six.", "a list item;", "another", "item two"]


from hypothesis import given, settings, strategies as st


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(["dots_and_boxes", "five_in_a_row", "shut_the_box"]))
def test_any_seed_gives_a_fixed_graded_set(seed, game):
    """Property: for any seed a set is the same twice, easy to hard, every puzzle of the theme and band asked
    for and none twice; a set whose bands get easier is refused before anything is chosen."""
    from gamekit.puzzles.sets import ProblemSet

    theme = {"dots_and_boxes": "safe_line", "five_in_a_row": "zugzwang", "shut_the_box": "best_set"}[game]
    items = ((theme, "medium"), (theme, "medium"), (theme, "hard"))
    first, again = ProblemSet(game, items, seed).puzzles(), ProblemSet(game, items, seed).puzzles()
    assert [p.id for p in first] == [p.id for p in again] and len({p.id for p in first}) == 3
    assert [p.band for p in first] == ["medium", "medium", "hard"] and all(theme in p.themes for p in first)
    with pytest.raises(ValueError, match="easier"):
        ProblemSet(game, ((theme, "hard"), (theme, "easy")), seed)


@pytest.mark.parametrize(
    "bad, words",
    [
        (dict(game_id="chess", items=(("x", "easy"),)), "no puzzle bank"),
        (dict(game_id="shut_the_box", items=()), "non-empty"),
        (dict(game_id="shut_the_box", items=(("best_set",),)), "pair"),
        (dict(game_id="shut_the_box", items=(("win_now", "easy"),)), "not a theme"),
        (dict(game_id="shut_the_box", items=(("best_set", "tricky"),)), "band"),
        (dict(game_id="shut_the_box", items=(("best_set", "easy"),), seed=-1), "seed"),
        (dict(game_id="shut_the_box", items=(("best_set", "easy"),), seed=True), "seed"),
        (dict(game_id="shut_the_box", items=(("best_set", "easy"),), exclude="shut-1"), "exclude"),
        (dict(game_id="shut_the_box", items=(("best_set", "easy"),), where=("one_die",)), "where"),
    ],
)
def test_a_bad_problem_set_is_refused_with_its_reason(bad, words):
    from gamekit.puzzles.sets import ProblemSet

    with pytest.raises(ValueError, match=words):
        ProblemSet(**bad)


def test_a_set_that_asks_for_more_than_the_bank_holds_says_so():
    from gamekit.puzzles.sets import ProblemSet

    with pytest.raises(ValueError, match="no hard puzzle"):
        ProblemSet("shut_the_box", (("best_set", "hard"),) * 50, where=(("one_die", "after_789"),)).puzzles()
    from gamekit.puzzles import bank
    from gamekit.puzzles.sets import puzzle_exercise

    with pytest.raises(TypeError):
        puzzle_exercise("not a puzzle")
    p = bank("shut_the_box", theme="best_set")[0]
    with pytest.raises(ValueError, match="not about it"):
        puzzle_exercise(p, theme="one_die_or_two" if "one_die_or_two" not in p.themes else "sets_for_roll")


# Objectives are data (issue 35 §3): every lesson lists its objectives, each tested by at least one exercise of the
# page, and the practice set draws only from the themes the lessons have taught so far.
@pytest.mark.parametrize("notebook", sorted(REGISTRY))
def test_every_objective_is_tested_by_an_exercise(notebook):
    lesson = REGISTRY[notebook]
    assert lesson.objectives, f"{notebook}: no objectives listed in LESSONS"
    for objective, names in lesson.objectives:
        assert names, f"{notebook}: no exercise tests the objective {objective!r}"


@pytest.mark.parametrize("notebook", sorted(n for n, lesson in REGISTRY.items() if lesson.practice is not None))
def test_practice_draws_only_on_taught_themes(notebook):
    lesson = REGISTRY[notebook]
    assert lesson.themes, f"{notebook}: the lesson names no themes it has taught"
    assert {theme for theme, _ in lesson.practice.items} <= set(lesson.themes)


def test_a_lesson_refuses_an_objective_with_an_unknown_exercise():
    from gamekit.widgets.lesson_registry import Lesson

    with pytest.raises(ValueError, match="nope"):
        Lesson(1, "x/01", "T", 30, {"a": lambda: None}, {"a": "easy"}, ("q?", "a."), objectives=(("do it", ("nope",)),))


def test_a_lesson_refuses_practice_on_an_untaught_theme():
    from gamekit.puzzles.sets import ProblemSet
    from gamekit.widgets.lesson_registry import Lesson

    with pytest.raises(ValueError, match="block"):
        Lesson(
            1,
            "x/01",
            "T",
            30,
            {"a": lambda: None},
            {"a": "easy"},
            ("q?", "a."),
            practice=ProblemSet("five_in_a_row", (("block", "easy"),)),
            themes=("win_now",),
        )
