"""The mastery loop: a pupil who misses an exercise twice is offered "Try a similar one" — a bank puzzle on the
same idea, one level easier — whose answers count in the saved progress as extra practice on that idea.
Driven through the widgets' plain methods (the buttons only call them), on the shipped lessons and bank."""

from __future__ import annotations

import dataclasses

import pytest

from gamekit import progress
from gamekit.connect import lessons as connect_lessons
from gamekit.dots import lessons as dots_lessons
from gamekit.shutbox import lessons as shutbox_lessons
from gamekit.widgets.lesson import ExerciseWidget, LessonScore, PuzzleBoard, similar_widget
from gamekit.widgets.lesson_registry import Lesson
from gamekit.widgets.mastery import EASIER, MISSES_BEFORE_SIMILAR, Idea, idea_of, lesson_titled, similar_exercise

DOTS_2 = dots_lessons.LESSONS[2]


def practice_board(lesson_module, number: int, index: int):
    """Problem ``index`` of a lesson's "More practice" set, as the lesson page shows it, and its score."""
    lesson = lesson_module.LESSONS[number]
    score = LessonScore(lesson.title)
    widgets = [w for w in lesson_module.practice(number, score).children if hasattr(w, "exercise")]
    return widgets[index], lesson


def practice_item(lesson_module, wanted):
    """``(lesson number, index)`` of the first "More practice" problem of a game's lessons for which
    ``wanted(theme, band, bands of the bank's puzzles on that theme)`` holds (picked from the data, not by
    position, so the test follows the lessons as they change)."""
    from gamekit.puzzles import bank

    for number, lesson in sorted(lesson_module.LESSONS.items()):
        if lesson.practice is None:
            continue
        for index, (theme, band) in enumerate(lesson.practice.items):
            if wanted(theme, band, {p.band for p in bank(lesson.practice.game_id, theme=theme)}):
                return number, index
    raise AssertionError("no practice problem of these lessons fits the test")


def miss(widget, times: int = MISSES_BEFORE_SIMILAR) -> None:
    for answer in widget.exercise.wrong[:times]:
        ok, _ = widget.submit(answer)
        assert not ok


def test_two_misses_offer_a_similar_puzzle_one_level_easier_on_the_same_idea():
    board, lesson = practice_board(dots_lessons, 3, 1)  # ("hard_hearted_handout", "medium")
    theme, band = lesson.practice.items[1]
    assert board.similar_button.layout.display == "none" and board.similar_box.layout.display == "none"
    miss(board, 1)
    assert not board.offer_similar() and board.similar_button.layout.display == "none"  # one miss: not yet
    miss(board, 1)
    assert board.similar_button.layout.display == "" and "similar" in board.similar_note.value
    assert board.similar_box.layout.display == ""
    similar = board.try_similar()
    puzzle = similar.exercise.puzzle
    assert isinstance(similar, PuzzleBoard)  # a board to click, drawn from the catalog
    assert theme in puzzle.themes and puzzle.band == EASIER[band] == "easy"
    assert puzzle.id not in lesson.practice.ids  # never one of the page's own problems
    assert similar in board.similar_box.children
    # another one each time, never the same twice
    again = board.try_similar()
    assert again.exercise.puzzle.id not in (puzzle.id, *lesson.practice.ids) and theme in again.exercise.puzzle.themes


def test_when_the_bank_has_no_easier_puzzle_on_the_idea_a_similar_one_of_the_same_level_comes():
    number, index = practice_item(dots_lessons, lambda theme, band, bands: EASIER[band] not in bands)
    board, lesson = practice_board(dots_lessons, number, index)  # e.g. a long chain count: no easy one
    theme, band = lesson.practice.items[index]
    miss(board)
    similar = board.try_similar()
    assert theme in similar.exercise.puzzle.themes and similar.exercise.puzzle.band == band
    assert f"({band})" in board.similar_note.value


def test_the_similar_puzzles_answers_count_as_extra_practice_not_as_the_exercise():
    number, index = practice_item(dots_lessons, lambda theme, band, bands: band == "easy")
    board, lesson = practice_board(dots_lessons, number, index)  # an easy problem: its similar one stays easy
    theme = lesson.practice.items[index][0]
    miss(board)
    similar = board.try_similar()
    assert similar.exercise.puzzle.band == "easy"
    wrong, right = similar.exercise.wrong[0], similar.exercise.solutions[0]
    assert similar.submit(wrong)[0] is False and similar.submit(right)[0] is True
    saved = progress.results(lesson.title)[board.exercise.key]
    assert saved["attempts"] == MISSES_BEFORE_SIMILAR and not saved["solved"]  # the exercise's own record
    extra = saved["extra"]
    assert (extra["game"], extra["theme"], extra["tried"], extra["right"]) == ("dots_and_boxes", theme, 1, 1)
    assert "Well done" in board.similar_note.value
    nxt = board.try_similar()
    nxt.submit(nxt.exercise.wrong[0])
    extra = progress.results(lesson.title)[board.exercise.key]["extra"]
    assert (extra["tried"], extra["right"]) == (2, 1)
    # no other exercise of the lesson was touched, and the similar puzzles are no exercises of their own
    assert set(progress.results(lesson.title)) == {board.exercise.key}


def test_nothing_is_offered_once_solved_or_shown_or_without_an_idea():
    board, _ = practice_board(dots_lessons, 2, 2)
    board.submit(board.exercise.solutions[0])
    miss(board)
    assert board.solved and board.similar_button.layout.display == "none"
    shown, _ = practice_board(dots_lessons, 2, 1)
    miss(shown, 1)
    shown.show_answer()
    miss(shown, 1)
    assert shown.similar_button.layout.display == "none"
    # a lesson exercise whose idea the lesson does not name: nothing is offered (and nothing breaks)
    plain = dots_lessons.exercise("count_safe", LessonScore(DOTS_2.title))
    for answer in ("9", "8"):
        plain.submit(answer)
    assert plain.misses == 2 and plain.similar_button.layout.display == "none" and plain.try_similar() is None


def test_a_lesson_names_the_idea_of_its_exercises_and_the_band_is_one_below_their_level():
    # lesson 2 teaches "avoid a third side" (its safe-line exercises); "safe line" puzzles come in lesson 4
    lesson = dataclasses.replace(
        DOTS_2, exercise_themes={"safe_line": "avoid_third_side", "l2_ex6": "avoid_third_side"}
    )
    exercise = dots_lessons.exercise("safe_line", LessonScore(DOTS_2.title))
    idea = idea_of(lesson, exercise.exercise)
    assert (idea.game_id, idea.theme, idea.band) == (
        "dots_and_boxes",
        "avoid_third_side",
        EASIER[DOTS_2.levels["safe_line"]],
    )
    hard = idea_of(lesson, dots_lessons.exercise("l2_ex6").exercise)
    assert hard.band == EASIER[DOTS_2.levels["l2_ex6"]] == "medium"
    assert idea_of(lesson, dots_lessons.exercise("count_safe").exercise) is None
    exercise.lesson_info = lesson  # a page that knows its lesson: the loop runs on it
    miss(exercise)
    assert exercise.similar_button.layout.display == ""
    assert "avoid_third_side" in exercise.try_similar().exercise.puzzle.themes
    assert lesson_titled(DOTS_2.title) is DOTS_2 and lesson_titled("no such lesson") is None


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"no_such_exercise": "avoid_third_side"}, "no exercise"),
        ({"safe_line": "no_such_theme"}, "not a theme"),
        (["safe_line"], "mapping"),
    ],
)
def test_wrong_exercise_themes_are_refused(bad, words):
    with pytest.raises(ValueError, match=words):
        dataclasses.replace(DOTS_2, exercise_themes=bad)
    with pytest.raises(ValueError, match="practice set"):
        dataclasses.replace(DOTS_2, practice=None, exercise_themes={"safe_line": "avoid_third_side"})
    with pytest.raises(ValueError, match="not taught"):  # double-dealing is lesson 5's idea
        dataclasses.replace(DOTS_2, exercise_themes={"safe_line": "double_deal"})
    with pytest.raises(ValueError, match="not taught"):
        dataclasses.replace(DOTS_2, themes=("take_box", "avoid_third_side"), exercise_themes={"safe_line": "safe_line"})
    assert isinstance(
        dataclasses.replace(
            DOTS_2, themes=("take_box", "avoid_third_side"), exercise_themes={"safe_line": "avoid_third_side"}
        ),
        Lesson,
    )


def test_every_game_gets_its_similar_puzzle_on_the_page():
    number, index = practice_item(connect_lessons, lambda theme, band, bands: band != "easy" and EASIER[band] in bands)
    five, lesson = practice_board(connect_lessons, number, index)  # a problem above easy with an easier one banked
    theme, band = lesson.practice.items[index]
    miss(five)
    similar = five.try_similar()
    assert isinstance(similar, PuzzleBoard) and theme in similar.exercise.puzzle.themes
    assert similar.exercise.puzzle.band == EASIER[band]
    number, index = practice_item(shutbox_lessons, lambda theme, band, bands: band != "easy" and EASIER[band] in bands)
    dice, lesson = practice_board(shutbox_lessons, number, index)
    theme, band = lesson.practice.items[index]
    miss(dice)
    typed = dice.try_similar()
    assert isinstance(typed, ExerciseWidget) and theme in typed.exercise.puzzle.themes
    assert_easier_or_same(dice, typed)
    assert dict(lesson.practice.where).items() <= typed.exercise.puzzle.facts.items()
    assert typed.submit(typed.exercise.solutions[0])[0] is True


# Lesson 1's "More practice" problems that no bank box can stand in for: the score of a five-tile turn (every
# box of the bank that ends a turn has six or more open tiles, a harder score question) and "which roll ends the
# turn?" (a box the lesson makes: one roll ends it, each other roll has a single set).  Missed twice, they offer
# no "Try a similar one" (tested below).
NO_SIMILAR = {(1, 2), (1, 4)}
ASKING = [
    (number, index)
    for number, lesson in shutbox_lessons.LESSONS.items()
    if getattr(lesson.practice, "questions", ())
    for index in range(len(lesson.practice.items))
    if (number, index) not in NO_SIMILAR
]


@pytest.mark.parametrize("number, index", sorted(NO_SIMILAR))
def test_a_problem_the_bank_cannot_stand_in_for_offers_no_similar_one(number, index):
    board, _ = practice_board(shutbox_lessons, number, index)
    miss_twice(board)
    assert board.try_similar() is None


@pytest.mark.parametrize("number, index", ASKING, ids=[f"shutbox-{n}-{i}" for n, i in ASKING])
def test_a_similar_puzzle_asks_the_question_its_lesson_asks(number, index):
    """Shut the Box lessons 1–3 ask their own question of bank positions (count the sets, list them, count the
    outcomes): the similar puzzle asks the same question on another position, never lesson 4's "which set"."""
    board, lesson = practice_board(shutbox_lessons, number, index)
    theme, band = lesson.practice.items[index]
    question = lesson.practice.questions[index]  # "bank" for lesson 3's last one: still asked the lesson's way
    miss_twice(board)
    similar = board.try_similar()
    assert similar is not None and theme in similar.exercise.puzzle.themes
    assert_easier_or_same(board, similar) and similar.exercise.puzzle.id not in lesson.practice.ids
    # the missed problem's own question; a problem asked as the bank asks it: its set's first question on that theme
    first = [q for (t, _), q in zip(lesson.practice.items, lesson.practice.questions) if t == theme and q != "bank"]
    asked = question if question != "bank" else first[0]
    assert similar.exercise.key == f"practice {similar.exercise.puzzle.id} {asked}"
    assert similar.submit(similar.exercise.solutions[0])[0] is True


def test_similar_exercise_checks_its_input_and_says_when_the_bank_is_empty():
    board, lesson = practice_board(dots_lessons, 3, 1)  # a set of bank puzzles (lessons 1–2 make their own boards)
    miss(board)
    idea = idea_of(lesson, board.exercise)
    with pytest.raises(ValueError):
        similar_exercise(idea, turn=-1)
    with pytest.raises(ValueError):
        similar_exercise(idea, exclude="dots-1")
    first = similar_exercise(idea)
    assert similar_exercise(idea).puzzle.id == first.puzzle.id  # the same turn: the same puzzle
    from gamekit.puzzles import bank

    every = [p.id for p in bank("dots_and_boxes", theme=idea.theme)]
    assert similar_exercise(idea, exclude=every) is None
    assert isinstance(similar_widget(first), PuzzleBoard)


def test_record_extra_refuses_bad_input_and_changes_nothing():
    before = progress.load()
    for args, error in (
        (("L", "e", "dots_and_boxes", "safe_line", "p1", "yes"), TypeError),
        (("L", 3, "dots_and_boxes", "safe_line", "p1", True), TypeError),
        (("L", "e", None, "safe_line", "p1", True), TypeError),
    ):
        with pytest.raises(error):
            progress.record_extra(*args)
    assert progress.load() == before


def page_widget(lesson_module, lesson: Lesson, name: str):
    """Exercise ``name`` of ``lesson`` as its page shows it, scored under the lesson's title (so the loop finds the
    lesson by that title, as on the page)."""
    score = LessonScore(lesson.title)
    if lesson_module is connect_lessons:
        return connect_lessons.exercise(name, score)
    return ExerciseWidget(lesson.exercises[name](), score=score)


def miss_twice(widget) -> None:
    """Two wrong answers: the exercise's common wrong ones that count as attempts (an unreadable one, such as a tile
    not on the box, is refused without counting), the same one again when it has only one."""
    wrong = [answer for answer in widget.exercise.wrong if widget.exercise.assess(answer)[2]]
    for answer in (wrong * MISSES_BEFORE_SIMILAR)[:MISSES_BEFORE_SIMILAR]:
        assert widget.submit(answer)[0] is False


FILLED = [
    (module, number, name)
    for module in (connect_lessons, shutbox_lessons)
    for number, lesson in module.LESSONS.items()
    for name in lesson.exercise_themes
]


def test_the_5_en_raya_and_shut_the_box_lessons_name_the_ideas_of_their_main_exercises():
    named = {(module.__name__.split(".")[1], number, name) for module, number, name in FILLED}
    assert {
        ("connect", 2, "block_threat"),
        ("connect", 2, "win_in_one"),
        ("connect", 1, "side_block"),
        ("shutbox", 2, "sets_7"),
        ("shutbox", 3, "go_on_12"),
        ("shutbox", 5, "challenge_1"),
    } <= named
    # lesson 4's exercise 5 and lesson 5's exercise 5 are worked by hand, two dice always: no bank puzzle is like them
    assert not {("shutbox", 4, "best_shut"), ("shutbox", 5, "best_score")} & named
    # the zugzwang count and the choice of who runs out ask what no bank puzzle asks: nothing is offered there
    assert not {"zugzwang", "zugzwang_who", "odd_even"} & set(connect_lessons.LESSONS[2].exercise_themes)


def assert_easier_or_same(widget, similar) -> bool:
    """The similar puzzle is shown a level below the failed exercise where the bank has one on the idea (the note
    then says "a little easier"), else at the exercise's own level (the note does not say easier); never above."""
    from gamekit.widgets.lesson_registry import LEVEL_ORDER
    from gamekit.widgets.mastery import shown_level

    level = widget.idea.level
    shown = LEVEL_ORDER.index(shown_level(similar.exercise))
    if widget.idea.easier:
        assert shown < LEVEL_ORDER.index(level) and widget.idea.band == EASIER[level]
        assert "a little easier" in widget.similar_note.value or "A similar one" in widget.similar_note.value
    else:
        assert shown == LEVEL_ORDER.index(level) == LEVEL_ORDER.index(widget.idea.band)
    return True


@pytest.mark.parametrize(
    "module, number, name", FILLED, ids=[f"{m.__name__.split('.')[1]}-{n}-{e}" for m, n, e in FILLED]
)
def test_each_named_lesson_exercise_offers_a_similar_puzzle_on_its_idea(module, number, name):
    lesson = module.LESSONS[number]
    theme = lesson.exercise_themes[name]
    widget = page_widget(module, lesson, name)
    miss_twice(widget)
    assert widget.misses == MISSES_BEFORE_SIMILAR and widget.similar_button.layout.display == ""
    similar = widget.try_similar()
    puzzle = similar.exercise.puzzle
    assert theme in puzzle.themes and assert_easier_or_same(widget, similar)  # easier where the bank has one
    assert puzzle.id not in lesson.practice.ids
    assert dict(lesson.practice.where).items() <= puzzle.facts.items()  # under the lesson's own rules
    if module is connect_lessons:  # the bank's own classifier puts the exercise under that theme
        from gamekit.puzzles.connect import themes

        exercise = widget.exercise
        assert theme in themes(exercise.game, list(exercise.solutions), list(exercise.wrong))
    assert similar.submit(similar.exercise.solutions[0])[0] is True
    extra = progress.results(lesson.title)[widget.exercise.key]["extra"]
    assert (extra["theme"], extra["tried"], extra["right"]) == (theme, 1, 1)
    assert not progress.results(lesson.title)[widget.exercise.key]["solved"]


def test_the_hard_dice_count_offers_a_medium_dice_puzzle_under_the_lessons_rule():
    """The bank grades "one die or two?" by the tiles open, as lesson 3 grades its boxes: the hard count (tiles 2,
    5 and 6) offers a medium one, asked the lesson's own question, under the lessons' rule."""
    lesson = shutbox_lessons.LESSONS[3]
    assert lesson.exercise_themes["go_on_256"] == "one_die_or_two"
    similar = similar_exercise(Idea(lesson.practice, "one_die_or_two", "medium"))
    assert similar is not None and similar.puzzle.band == "medium" and similar.puzzle.facts["one_die"] == "after_789"
    assert similar.puzzle.id not in lesson.practice.ids and "outcomes" in similar.prompt


def shut_ideas():
    """Every Shut the Box lesson exercise and practice problem that offers a similar puzzle, with its idea."""
    for number, lesson in sorted(shutbox_lessons.LESSONS.items()):
        named = [lesson.exercises[name]() for name in lesson.exercise_themes]
        for exercise in named + lesson.practice_exercises():
            idea = idea_of(lesson, exercise)
            if idea is not None:
                yield number, lesson, exercise, idea


def test_a_similar_puzzle_is_never_harder_and_is_called_easier_only_when_it_is_a_level_below():
    from gamekit.widgets.lesson_registry import LEVEL_ORDER
    from gamekit.widgets.mastery import shown_level

    seen_easier = seen_same = False
    for number, lesson, exercise, idea in shut_ideas():
        similar = similar_exercise(idea)
        own = LEVEL_ORDER.index(idea.level)
        assert LEVEL_ORDER.index(shown_level(similar)) <= LEVEL_ORDER.index(idea.band) <= own, (number, exercise.key)
        if idea.easier:
            assert LEVEL_ORDER.index(shown_level(similar)) < own
            seen_easier = True
        else:
            seen_same = True
    assert seen_easier and seen_same
    # the note says "a little easier" only for a puzzle a level below
    lesson = shutbox_lessons.LESSONS[2]
    for name, words in (("sets_7", "same idea"), ("sets_9", "a little easier")):
        widget = ExerciseWidget(lesson.exercises[name](), score=LessonScore(lesson.title))
        miss_twice(widget)
        assert widget.offer_similar() and words in widget.similar_note.value, (name, widget.similar_note.value)
        assert widget.similar_note.value.count("easier") == (name == "sets_9")


def test_different_exercises_of_a_lesson_get_different_similar_puzzles_never_a_lesson_question():
    lesson = shutbox_lessons.LESSONS[2]
    ids = [similar_exercise(idea_of(lesson, lesson.exercises[n]())).puzzle.id for n in lesson.exercise_themes]
    assert len(set(ids)) == len(ids) == 4, ids
    for number, lesson, exercise, idea in shut_ideas():
        prompts = {lesson.exercises[n]().prompt for n in lesson.exercises}
        assert similar_exercise(idea).prompt not in prompts, (number, exercise.key)


def test_a_similar_dice_count_asks_the_same_outcomes_ending_or_going_on():
    lesson = shutbox_lessons.LESSONS[3]
    stuck = similar_exercise(idea_of(lesson, lesson.exercises["stuck_123"]()))
    go_on = similar_exercise(idea_of(lesson, lesson.exercises["go_on_14"]()))
    assert "end your turn" in stuck.prompt and "let you cover a set" in go_on.prompt


def test_no_similar_one_when_no_bank_puzzle_fits_the_exercises_rule_and_size():
    """Lesson 4's exercises 5 and 8 are worked by hand with two dice always on four tiles; the bank's "which set?"
    puzzles are bigger: no button, rather than a puzzle the lesson's method cannot solve."""
    for number, name in ((4, "best_shut"), (5, "best_score")):
        lesson = shutbox_lessons.LESSONS[number]
        widget = ExerciseWidget(lesson.exercises[name](), score=LessonScore(lesson.title))
        miss_twice(widget)
        assert idea_of(lesson, widget.exercise) is None
        assert not widget.offer_similar() and widget.similar_button.layout.display == "none"


@pytest.mark.parametrize("number", [1, 2])
def test_a_board_a_dots_lesson_makes_itself_missed_twice_offers_a_bank_puzzle_or_nothing(number):
    """Lessons 1–2's More practice boards are made by the lesson, asked its own questions: two misses draw a similar
    puzzle from the bank (on a line question) or offer none (a count), and never fail."""
    lesson = dots_lessons.LESSONS[number]
    for index in range(len(lesson.practice.made)):
        board, _ = practice_board(dots_lessons, number, index)
        miss_twice(board)
        similar = board.try_similar()
        assert similar is None or similar.exercise.puzzle.id not in lesson.practice.ids
