"""No Dots and Boxes lesson gives an exercise away before it is asked (English and Spanish).

Each lesson is walked in page order, as a pupil reads it: every markdown cell, every output of a cell
(tables, printed text), every step of every step-through (its board and its caption) and every board an
exercise draws.  Before each exercise the test fails when

* a board shown earlier equals the exercise's position (a board of an earlier *exercise* may be the same
  position: two questions on one board), or equals the position one move later — in particular the
  position after one of its accepted answers, from which the answer can be read;
* any earlier text states one of the exercise's leaks (``Exercise.leaks``: the answer as a text would
  show it — the accepted lines of a move exercise, the sentence that gives a count or a choice away).
  A bare line name (``b1-b2``) is looked for in the lesson's own text and the earlier exercises' prompts;
  a step-through's caption naming the same line *in another game* does not answer anything (the board
  check above catches a step-through that passes through the exercise's position).

Boards and texts after an exercise may show its solution.  The cells are run in-process (they only call
gamekit), so the test sees exactly the objects the notebook builds.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import jupytext
import pytest

from gamekit.dots import lesson_exercise
from gamekit.dots import lesson_pictures
from gamekit.dots import lesson_positions
import gamekit
from gamekit.dots import lessons as L
from gamekit.dots.rules import DotsAndBoxes
from gamekit.i18n import using
import ipywidgets as W

from gamekit.widgets.lesson import ExerciseWidget, PuzzleBoard
from gamekit.widgets.stepthrough import StepThrough

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.name for p in (ROOT / "notebooks" / "dots_and_boxes").glob("*.md"))
CASES = [(lang, name) for lang in ("en", "es") for name in LESSONS]
SEQUENCE_CALL = re.compile(r"""\bstep_through\(\s*["'](\w+)["']""")
LINE_NAME = re.compile(r"[a-z][0-9]+-[a-z][0-9]+")
POSITION_CALL = re.compile(r"""L\.show_position\(\s*["'](\w+)["']""")


def board_key(game: DotsAndBoxes) -> tuple:
    return (
        game.width,
        game.height,
        frozenset(game.line_name(i) for i in range(game.geometry.n_lines) if game.is_drawn(i)),
    )


def one_move_later(game: DotsAndBoxes) -> set[tuple]:
    out = set()
    for line in game.legal_moves():
        after = game.copy()
        after.play(line)
        out.add(board_key(after))
    return out


def _run_cell(source: str, namespace: dict) -> tuple[object, str]:
    """Run a cell like Jupyter: the value of its last expression, and what it printed."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tree, "<cell>", "exec"), namespace)
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None
    return value, out.getvalue()


def walk(lang: str, name: str):
    """The page in order: ``("text", str)``, ``("board", key, from_exercise)`` and ``("exercise", ex)`` items."""
    folder = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    cells = jupytext.read(folder / name, fmt="md:myst").cells
    namespace: dict = {}
    items: list[tuple] = []
    try:
        for cell in cells:
            if cell.cell_type == "markdown":
                items.append(("text", cell.source))
                continue
            value, printed = _run_cell(cell.source, namespace)
            if printed:
                items.append(("text", printed))
            if isinstance(value, StepThrough):
                (seq,) = SEQUENCE_CALL.findall(cell.source)
                for game, step in zip(lesson_positions.sequence_positions(seq), value.steps):
                    items.append(("board", board_key(game), False))
                    items.append(("text", step.caption, True))
            elif isinstance(value, (ExerciseWidget, PuzzleBoard)):
                items.append(("exercise", value.exercise))
            elif isinstance(value, W.Box):  # a "More practice" set: its boards, in order
                items += [
                    ("exercise", child.exercise)
                    for child in value.children
                    if isinstance(child, (ExerciseWidget, PuzzleBoard))
                ]
            elif hasattr(value, "_repr_html_"):
                items.append(("text", value._repr_html_()))
            for pos in POSITION_CALL.findall(cell.source):
                items.append(("board", board_key(lesson_positions.position(pos)), False))
    finally:
        gamekit.set_language("en")
    return items


SAME_START_ASKED_ANOTHER_WAY = {
    # lesson 5, exercise 1 draws its start board (so the worksheet can show it): a count, not a move to find. The
    # step-through before it plays the greedy line from there, and the exercise asks what the double-deal line
    # gives, which nothing shows first
    "double_deal_score",
}


def giveaways(items) -> list[str]:
    found = []
    boards: list[tuple[tuple, bool]] = []
    texts: list[tuple[str, bool]] = []  # (text, is a step-through caption)
    for item in items:
        if item[0] == "text":
            texts.append((item[1], len(item) > 2 and item[2]))
        elif item[0] == "board":
            boards.append((item[1], item[2]))
        else:
            ex = item[1]
            game = ex.game if ex.game is not None else ex.position
            if game is not None and ex.key not in SAME_START_ASKED_ANOTHER_WAY:
                here, later = board_key(game), one_move_later(game)
                for key, from_exercise in boards:
                    if key == here and not from_exercise:
                        found.append(f"{ex.key}: its position was shown earlier")
                    if key in later:
                        found.append(f"{ex.key}: the position one move later was shown earlier")
            for leak in ex.leaks:
                bare_line = LINE_NAME.fullmatch(str(leak)) is not None
                for text, caption in texts:
                    if bare_line and caption:
                        continue
                    if leak in text:
                        found.append(f"{ex.key}: earlier text states {leak!r}: {text[:120]!r}")
            if game is not None:
                boards.append((board_key(game), True))
            texts.append((ex.prompt, False))
    return found


@pytest.mark.parametrize("lang,name", CASES, ids=[f"{l}/{n}" for l, n in CASES])
def test_no_board_or_text_gives_an_exercise_away_before_it_is_asked(lang, name):
    items = walk(lang, name)
    exercises = [i[1].key for i in items if i[0] == "exercise"]
    lesson = int(name[:2])
    assert len(exercises) == len(L.EXERCISES[f"dots_and_boxes/{name[:-3]}"]) + len(L.practice_exercises(lesson)), (
        "every exercise and practice problem was seen"
    )
    assert exercises[-len(L.practice_exercises(lesson)) :] == [ex.key for ex in L.practice_exercises(lesson)]
    assert giveaways(items) == []


def test_the_walk_sees_step_through_boards_captions_and_exercise_boards():
    items = walk("en", "05_double_dealing_and_control.md")
    kinds = {i[0] for i in items}
    assert kinds == {"text", "board", "exercise"}
    captions = [i[1] for i in items if i[0] == "text"]
    assert any("A mistake, says the exact calculation" in c for c in captions)  # the greedy step-through's captions


def test_the_check_catches_the_old_giveaways():
    """Lesson 5 used to ask exercise 1 on step 5 of its step-throughs, and lesson 2's caption stated
    exercise 1's count: both kinds are caught."""
    start = lesson_positions.sequence_positions("greedy")[5]
    ex = lesson_exercise.DotsExercise(
        "Click the line that keeps control.",
        lambda a: (True, "ok"),
        game=start,
        solutions=["a1-a2"],
        click=True,
        key="old_keep_control",
    )
    items = [("board", board_key(start), False), ("exercise", ex)]
    assert any("position was shown" in g for g in giveaways(items))
    after = start.copy()
    after.play("a1-a2")
    assert any("one move later" in g for g in giveaways([("board", board_key(after), False), ("exercise", ex)]))
    count = lesson_exercise.DotsExercise(
        "How many safe lines?", lambda a: (True, "ok"), solutions=[3], key="old_count", leaks=("Safe lines left: 3",)
    )
    assert giveaways([("text", "Gold draws a3-b3, a safe line. Safe lines left: 3.", True), ("exercise", count)])
    assert giveaways([("text", "You can type the line, like a1-a2."), ("exercise", ex)])  # the page's text
    assert not giveaways([("text", "Gold draws a1-a2 (another game).", True), ("exercise", ex)])
    # the count exercise of lesson 2 knows how a caption would state its answer
    ex_count = L.exercises(2)["count_safe"]
    caption = lesson_pictures.describe_line(lesson_positions.sequence_positions("third_sides")[0], "d1-d2").replace(
        "9.", "5."
    )
    assert "Safe lines left: 5." in caption and giveaways([("text", caption, True), ("exercise", ex_count)])
    # a shared board between two exercises is allowed; the same board in a step-through is not
    assert giveaways([("board", board_key(start), True), ("exercise", ex)]) == []


def _md(lang: str, name: str) -> str:
    base = ROOT / "notebooks" / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return (base / name).read_text(encoding="utf-8")


ARGUED_AFTER = [
    # (lesson, the exercise's call, a sentence of the argument that answers it): the argument comes after.
    # lesson 3's middle-or-end handout is held until exercise 5 is answered: test_lesson_answers_held.py
    # lesson 5's short-chain rule is part of its take-or-refuse method, taught before exercise 3 (the exercises
    # apply it): test_lesson5_take_or_refuse_method.py
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name, call, argument", ARGUED_AFTER)
def test_a_choice_is_argued_only_after_the_exercise_that_asks_it(lang, name, call, argument):
    """Lesson 3's middle-or-end handout and lesson 5's "short chains are not worth controlling" were argued just
    above the exercise that asks for them: the argument now follows it, and the exercise's heading does not name
    the answer. (Lesson 4's sacrifice is a new move, taught before its exercise: a test of its own checks that.)"""
    page = _md(lang, name)
    sentence = argument[1] if lang == "es" else argument[0]
    assert page.index(call) < page.index(sentence), (name, sentence)
    heading = page[: page.index(call)].rsplit("\n#", 1)[1].split("\n", 1)[0].lower()
    for word in ("pay", "sacrific", "hand over", "paga", "entrega"):
        assert word not in heading, heading


def test_the_chains_step_through_shows_no_short_chain_handed_over():
    """Lesson 3's exercise 4 asks how to hand over a 2-chain. The step-through above it showed Gold opening a 2-chain
    at its end, a solver mistake, unflagged, which exercise 4 then marked wrong: its board now has no 2-chain (so no
    handout is shown either way), and no caption argues how to hand a chain over."""
    start = lesson_positions.SEQUENCES["chains"]["start"]
    game = DotsAndBoxes.from_moves(*start)
    assert all(c.length != 2 for c in lesson_positions.components(game))
    for step in lesson_pictures.steps("chains"):
        assert "handout" not in step.caption and "middle" not in step.caption, step.caption


def test_lesson_5_says_what_a_refusal_costs_truly():
    """ "A double-deal costs two boxes every time" contradicted the loop section (four for a loop)."""
    for lang in ("en", "es"):
        page = _md(lang, "05_double_dealing_and_control.md")
        assert "two boxes every time" not in page and "dos casillas cada vez" not in page
    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    for lang, said in (("en", "refusing a loop costs four"), ("es", "rechazar un bucle cuesta cuatro")):
        with using(lang):  # shown once exercise 2 (whose answer it is) is answered
            assert said in " ".join(str(explanation("leave_four")).split())
        assert 'explanation("leave_four")' in _md(lang, "05_double_dealing_and_control.md")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5s_take_or_refuse_answers_are_mixed_under_a_neutral_heading(lang):
    """Lesson 5's exercises 2–5 asked three refusals and then two "take" answers under the heading "Is control worth
    it?", which told the answer: on the page, exercises 2–6 mix the ones whose best plan takes the boxes and those
    whose best plan refuses (never three of a kind in a row, the kind changing at least three times), and no
    heading above them asks whether control is worth it."""
    from gamekit.dots.solver import move_values

    page = _md(lang, "05_double_dealing_and_control.md")
    names = ("loop_six", "control_price", "l5_ex4", "l5_ex5", "l5_ex6")
    order = sorted(names, key=lambda n: page.index(f'L.exercise("{n}"'))
    kinds = []
    for name in order:
        ex = L.exercises(5)[name]
        if name == "loop_six":  # a typed plan: fewer boxes than the loop holds is a refusal (all-but-four)
            kinds.append(ex.solutions[0] == 6)
            continue
        if name == "control_price":  # typed: both counts, then "take" or "refuse"
            kinds.append(str(ex.solutions[0]).endswith("take"))
            continue
        values = move_values(ex.game)
        best = {line for line, v in values.items() if v == max(values.values())}
        kinds.append(all(lesson_pictures.boxes_won(ex.game, line) for line in best))
    assert not any(a == b == c for a, b, c in zip(kinds, kinds[1:], kinds[2:])), list(zip(order, kinds))
    assert sum(a != b for a, b in zip(kinds, kinds[1:])) >= 3, list(zip(order, kinds))
    headings = [line.lower() for line in page.splitlines() if line.startswith("#")]
    assert not any(re.search(r"\bworth\b|\bcompensa\b", h) for h in headings), headings


SPANISH_GLOSSES = re.compile(
    r"\((casilla|tercer lado|línea segura|cadena|cadena larga|bucle|doble entrega|doble cruce|"
    r"control|sacrificio|Puntos y cajas|\*Puntos y cajas\*)\)"
)


def test_english_dots_pages_carry_no_spanish_glosses():
    """English pages said "a **box** (casilla)": the Spanish words belong to the Spanish pages and the glossary."""
    paths = [*(ROOT / "notebooks" / "dots_and_boxes").glob("*.md"), ROOT / "docs/teachers/dots.md"]
    paths += (ROOT / "docs/teachers/worksheets/dots_and_boxes").glob("*.md")
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert not SPANISH_GLOSSES.search(text), (path.name, SPANISH_GLOSSES.search(text).group(0))
        assert "*Puntos y cajas*" not in text, path.name


@pytest.mark.parametrize("path", ["docs/teachers/dots.md", "docs/teachers/es/dots.md"])
def test_the_dots_guides_are_for_teachers_not_developers(path):
    """The guides carried a changelog, test notes, commands and code: a teacher guide has the plan, minutes,
    answers, misconceptions and extensions (the generated solutions keep only their marker comment)."""
    text = (ROOT / path).read_text(encoding="utf-8")
    text = re.sub(r"<!-- solutions:begin[^>]*-->", "", text)
    for word in (
        "What changed",
        "Qué ha cambiado",
        "a test checks",
        "una prueba compr",
        "make voila",
        "python -m",
        "gamekit",
        "```py",
        "lo comprueba una prueba",
    ):
        assert word not in text, (path, word)


def test_the_glossary_defines_a_third_side_as_a_line():
    """The glossary's "third side" described a box ("A box with three sides drawn"): it is the line."""
    from gamekit.dots.glossary import GLOSSARY

    meaning = next(m for term, _, m, _ in GLOSSARY if term == "third side")
    assert meaning.startswith("The third line drawn round a box")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_judged_caption_above_the_chain_or_loop_exercise_is_caught(lang):
    """Lesson 3's loop step-through, shown above exercise 5, judged its first move with "opening the loop of 6
    first would have won Gold more boxes": the choice exercise 5 asks. The check now catches such a caption, the
    step-through follows the exercise, and no caption of lesson 3 sends the pupil to lesson 5."""
    gamekit.set_language(lang)
    try:
        ex = L.exercises(3)["l3_ex6"]
        captions = [("text", step.caption, True) for step in lesson_pictures.steps("loop")]
        judged = ("text", "A mistake, says the exact calculation: " + ex.leaks[0] + "2 would have won more.", True)
        assert any("chain_or_loop" in g and "states" in g for g in giveaways([*captions, judged, ("exercise", ex)]))
        for name in ("chains", "loop"):
            for step in lesson_pictures.steps(name):
                assert "lesson 5" not in step.caption.lower() and "lección 5" not in step.caption.lower(), step.caption
    finally:
        gamekit.set_language("en")
    page = _md(lang, "03_chains_and_loops.md")
    assert page.index('L.exercise("l3_ex6"') < page.index('step_through("loop")')


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5s_worked_count_opens_only_once_exercises_1_and_2_are_answered(lang):
    """The worked count a few cells below exercise 1 counts the chain it asks about ("6 − 2 … = 4" with two boxes
    taken): a pupil scrolling ahead read exercise 1's answer. It is held like the double-deal step-through, and the
    page walk (which sees only what is open) finds no trace of it.  It uses the two steps of the rule of thumb,
    which opens after exercise 2, so it sits after that rule and opens only once exercise 2 is answered too."""
    from gamekit.dots.lesson5_control import worked_control_count

    page = _md(lang, "05_double_dealing_and_control.md")
    call = 'L.after_exercise(("double_deal_score", "loop_six"), score, worked_control_count())'
    assert call in page
    assert page.index('L.exercise("double_deal_score"') < page.index("worked_control_count())")
    assert page.index('explanation("take_or_refuse"))') < page.index(call)  # after the rule whose steps it uses
    count = str(worked_control_count())
    texts = [i[1] for i in walk(lang, "05_double_dealing_and_control.md") if i[0] == "text"]
    assert not any("0 + 4 = 4" in t or count[:40] in t for t in texts)
    score = L.LessonScore(f"giveaway test, worked count {lang}")
    ex = L.exercise("double_deal_score", score)
    loop = L.exercise("loop_six", score)
    held = L.after_exercise(("double_deal_score", "loop_six"), score, worked_control_count())
    assert "0 + 4 = 4" not in held.children[0].value
    ex.submit("5")  # a wrong answer keeps it closed
    assert "0 + 4 = 4" not in held.children[0].value
    ok, _ = ex.submit(str(L.exercises(5)["double_deal_score"].solutions[0]))
    assert ok and "0 + 4 = 4" not in held.children[0].value  # exercise 2 is still open
    ok, _ = loop.submit(str(L.exercises(5)["loop_six"].solutions[0]))
    assert ok and "0 + 4 = 4" in held.children[0].value


def symmetric_key(key: tuple) -> tuple:
    """A board key the same for a board and its rotations and reflections: the smallest of its images' lines."""
    from gamekit.dots.fast import symmetries

    width, height, drawn = key
    game = DotsAndBoxes(width, height)
    index = {game.line_name(i): i for i in range(game.geometry.n_lines)}
    lines = [index[name] for name in drawn]
    return width, height, min(tuple(sorted(perm[i] for i in lines)) for perm in symmetries(game.geometry))


@pytest.mark.parametrize("name", LESSONS)
def test_no_more_practice_board_is_a_board_the_page_shows(name):
    """Lesson 3's second More practice problem was the first board of the loop step-through, whose caption names
    its answer.  No practice board of any lesson is a frame of a step-through on its page (also one held until an
    exercise is answered), a still board or an exercise board of the same page, even turned or mirrored (the boards
    are the same in both languages)."""
    source = _md("en", name)
    lesson = int(name[:2])
    shown = {
        symmetric_key(board_key(game))
        for sequence in SEQUENCE_CALL.findall(source)
        for game in lesson_positions.sequence_positions(sequence)
    }
    shown |= {symmetric_key(board_key(lesson_positions.position(pos))) for pos in POSITION_CALL.findall(source)}
    for ex in L.exercises(lesson).values():
        game = ex.game if ex.game is not None else ex.position
        if isinstance(game, DotsAndBoxes):
            shown.add(symmetric_key(board_key(game)))
    assert shown  # the page's boards were found
    for ex in L.practice_exercises(lesson):
        game = ex.game if ex.game is not None else ex.position
        assert symmetric_key(board_key(game)) not in shown, (name, ex.key)


def test_the_symmetric_key_sees_a_mirrored_board():
    game = DotsAndBoxes.from_moves(3, 3, "a1-b1 b2-b3")
    mirrored = DotsAndBoxes.from_moves(3, 3, "c1-d1 c2-c3")
    assert board_key(game) != board_key(mirrored)
    assert symmetric_key(board_key(game)) == symmetric_key(board_key(mirrored))


END_OPENING = {
    "en": ("opened at an end", "opened at an **end**"),
    "es": ("se abre por un extremo", "se abre por un **extremo**"),
}
CHOICE = {
    "en": ("choose", "take both", "leave both", "refuse", "far end"),
    "es": ("elegir", "llevarse las dos", "dejárselas", "rechaz", "opuesto"),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_says_an_end_opening_can_be_refused_only_once_exercise_6_is_answered(lang):
    """That a 2-chain opened at an end lets the other player choose (take both or leave both) leaves only the middle
    line for exercise 6: no text open before exercise 6 is answered says it (the walk sees every markdown cell of the
    page and only what is open); the held-back part below exercise 6 says it once it is answered."""
    from gamekit.dots.lesson_explanations import explanation

    plain, bold = END_OPENING[lang]
    texts = [" ".join(i[1].split()) for i in walk(lang, "03_chains_and_loops.md") if i[0] == "text"]
    told = [
        text for text in texts if (plain in text or bold in text) and any(word in text.lower() for word in CHOICE[lang])
    ]
    assert not told  # "Watch a 2-chain opened at an end" (held-back part's lead-in) names no choice
    for was in (
        "One more fact. If a 2-chain is opened at an end, the other player can choose: take both boxes",
        "Un dato más. Si una cadena de 2 se abre por un extremo, el otro jugador puede elegir",
    ):
        assert any(w in was.lower() for w in CHOICE["en" if was.startswith("One") else "es"])  # the old sentence
    with using(lang):
        assert bold in str(explanation("handouts"))
        score = L.LessonScore(f"giveaway test, end opening {lang}")
        six = L.exercise("l3_ex6", score)
        held = L.after_exercise("l3_ex6", score, explanation("handouts"))
        shown = lambda: " ".join(held.children[0].value.split())  # noqa: E731
        assert "extremo" not in shown() and " end" not in shown()
        six.submit("a4-b4")  # a wrong answer (an end) keeps it closed
        assert "extremo" not in shown() and " end" not in shown()
        ok, _ = six.submit(L.exercises(3)["l3_ex6"].solutions[0])
        assert ok and ("extremo" if lang == "es" else " end") in shown()
