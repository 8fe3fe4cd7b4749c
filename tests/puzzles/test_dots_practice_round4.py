"""Dots Practice, fourth reading: the mixed list and the ready homework codes keep lesson 3's habits under half
of its puzzles, as lesson 3's own list does; the *safe line* idea asks boards where few lines are safe, and a
wrong safe line is told which box best play then gives away and why; lesson 3's list grew from boards made by its
idea; the page says so."""

import re
from pathlib import Path

import pytest

from gamekit.dots import DotsAndBoxes, boxes_given, capture_lines, safe_lines
from gamekit.i18n import using
from gamekit.puzzles import bank
from gamekit.puzzles.dots_endgames import add_practice_only, habit_free, lesson_three_endgames, no_safe_line_left
from gamekit.puzzles.dots_mixed import is_lesson_three
from gamekit.puzzles.dots_safe import first_gift
from gamekit.puzzles.dots_thumbs import LESSON_THREE_RULES, few_safe_lines, lesson_three_habits
from gamekit.puzzles.dots_words import mistake_words
from gamekit.puzzles.homework import homework_set
from gamekit.puzzles.pools import lesson_pool, practice_pool
from gamekit.puzzles.store import bank_path, load_puzzles, read_bank, write_bank

G = "dots_and_boxes"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mixed():
    return practice_pool(G)


@pytest.fixture(scope="module")
def safe_pool():
    return practice_pool(G, "safe_line")


def _habit_counts(puzzles):
    return {rule: sum(1 for p in puzzles if rule in lesson_three_habits(p)) for rule in LESSON_THREE_RULES}


def test_no_habit_answers_half_of_the_mixed_lists_lesson_three_puzzles(mixed):
    """The mixed list's lesson 3 puzzles were not checked against lesson 3's habits: "open the shortest part" or
    "give away the fewest boxes" answered 33 of its 35.  They are now chosen as lesson 3's list is: no habit answers
    half of them, and few of its *which chain or loop to open* puzzles fall to any habit at all."""
    three = [p for p in mixed if is_lesson_three(p)]
    assert len(three) >= 15
    for rule, n in _habit_counts(three).items():
        assert 2 * n < len(three), (rule, n, len(three))
    which = [p for p in mixed if p.themes[0] == "which_to_open"]
    assert which and 4 * sum(1 for p in which if lesson_three_habits(p)) < len(which)


def test_the_ready_homework_codes_keep_lesson_threes_habits_under_half():
    """The teachers' ready codes (10 puzzles, seed 1): the *which chain or loop to open* set has no puzzle a habit
    of lesson 3 answers beyond half (none at all here), and the mixed set's *which chain or loop to open* puzzle is
    one no habit answers."""
    which = list(homework_set(G, "which_to_open", 10, 1))
    assert len(which) == 10
    for rule, n in _habit_counts(which).items():
        assert 2 * n < len(which), (rule, n)
    mixed_set = list(homework_set(G, None, 10, 1))
    opens = [p for p in mixed_set if p.themes[0] == "which_to_open"]
    assert opens and not any(lesson_three_habits(p) for p in opens)


def test_lesson_threes_list_grew_and_no_habit_answers_half_of_it():
    """Lesson 3's list held 15 puzzles, all the bank had where its habits fail often enough; with the boards made
    from its idea (:mod:`gamekit.puzzles.dots_endgames`) it holds many more, the habits still under half."""
    three = lesson_pool(G, 3)
    assert len(three) >= 60
    for rule, n in _habit_counts(three).items():
        assert 2 * n < len(three), (rule, n, len(three))


def test_safe_line_puzzles_have_few_safe_lines(safe_pool, mixed):
    """The *safe line* idea asked boards where 15 of 17 lines were safe: now at most a third of the legal lines
    are safe (so at most a third are right), in its own list and where the mixed list asks the idea."""
    asked = safe_pool + [p for p in mixed if p.themes[0] == "safe_line"]
    assert len(safe_pool) >= 10
    for p in asked:
        n = len(p.legal_answers())
        assert few_safe_lines(p) and 3 * len(safe_lines(p.position)) <= n, p.id
        assert 3 * len(p.answers) <= n, p.id
    assert not few_safe_lines(
        next(p for p in bank(G, theme="safe_line") if 2 * len(safe_lines(p.position)) > len(p.legal_answers()))
    )


def _checked_gift(puzzle, line):
    """What :func:`first_gift` says of ``line``, checked by replaying the refutation by hand."""
    gift = first_gift(puzzle, line)
    if gift is None:
        return None
    seat, reply, boxes, safe_left = gift
    game = puzzle.position
    game.play(line)
    for s, move in puzzle.refutations[line]["line"]:
        if move == reply:
            break
        game.play(move)
    assert s == seat and not capture_lines(game) and boxes_given(game, reply) > 0
    geo = game.geometry
    drawn_third = [geo.box_name(b) for b in geo.line_boxes[game.line_index(reply)] if game.sides_drawn(b) == 2]
    assert drawn_third == boxes and bool(safe_lines(game)) == safe_left
    return gift


def test_each_wrong_safe_line_says_which_box_best_play_gives_away_and_why(safe_pool):
    """A wrong safe line was told only "with best play you then get 7 of the 16 boxes left": now, where best play
    shows it, the box the opponent then gives away on purpose while safe lines are left (a sacrifice that pays), or
    the box the pupil must give once the safe lines run out on their turn, named with the line that gives it."""
    named = 0
    for p in safe_pool:
        me = p.position.to_move
        for line in safe_lines(p.position):
            if line in p.answers:
                continue
            words = mistake_words(p, line)
            assert words and words.startswith("The mistake: "), (p.id, line)
            gift = _checked_gift(p, line)
            if gift is None:
                continue
            seat, reply, boxes, safe_left = gift
            if "long chain rule" in words:  # the count it leaves is the reason given first
                continue
            if seat != me and safe_left:
                assert f"on purpose ({reply})" in words and " ".join(boxes) in words.replace(" and ", " "), words
                named += 1
            elif seat == me and not safe_left:
                assert "the safe lines run out on your turn" in words and f"({reply})" in words, words
                named += 1
    assert named >= 10


def test_the_wrong_safe_line_reason_in_spanish(safe_pool):
    p, line = next(
        (p, w)
        for p in safe_pool
        for w in safe_lines(p.position)
        if w not in p.answers and (first_gift(p, w) or (p.position.to_move,))[0] != p.position.to_move
    )
    with using("es"):
        words = mistake_words(p, line)
    assert words.startswith("El error: ") and "a propósito" in words, words


def test_boards_with_no_safe_line_left_are_made_the_same_way_from_a_seed():
    import random

    a = no_safe_line_left(4, 4, random.Random(3))
    b = no_safe_line_left(4, 4, random.Random(3))
    assert a.history == b.history and not safe_lines(a) and sum(a.scores) == 0
    replay = DotsAndBoxes(4, 4)
    for line in a.history:
        assert line in safe_lines(replay)
        replay.play(line)


def test_lesson_three_endgames_refuses_a_bad_count_or_seed():
    for bad in (-1, 2.0, True, "3"):
        with pytest.raises(ValueError, match="count"):
            lesson_three_endgames(bad, 1)
        with pytest.raises(ValueError, match="seed"):
            lesson_three_endgames(1, bad)
    for bad in (0, -1.5, True, "10", float("nan")):
        with pytest.raises(ValueError, match="time_limit"):
            lesson_three_endgames(1, 1, time_limit=bad)
    assert lesson_three_endgames(0, 1) == []


def test_the_banks_lesson_three_endgames_are_habit_free_and_practice_only():
    """The 60 puzzles the endgames added are Practice-only (no lesson's problem set draws them), each needs lesson
    3's idea (:func:`habit_free`), and the bank's header names the step."""
    from gamekit.puzzles.store import practice_only, shipped_info

    assert "gamekit.puzzles.dots_endgames.lesson_three_endgames(60" in shipped_info(G)["command"]
    made = load_puzzles(G)[-60:]  # added last
    assert all(p.id in practice_only(G) for p in made) and all(habit_free(p) for p in made[:20])


def test_add_practice_only_adds_and_refuses_before_writing(tmp_path):
    shipped = read_bank(bank_path(G), G)
    rows = shipped["puzzles"][:5]
    path = tmp_path / "bank.json.gz"
    write_bank(path, G, rows, "a build", 1, shipped["built"], {"themes": {}})
    extra = bank(G)[5:7]
    assert add_practice_only(path, G, extra, "two more") == [p.id for p in extra]
    again = read_bank(path, G)
    assert again["command"] == "a build, then two more" and again["count"] == 7
    assert set(again["stats"]["practice_only"]) == {p.id for p in extra}
    with pytest.raises(ValueError, match="already"):
        add_practice_only(path, G, extra[:1], "once more")
    assert read_bank(path, G)["count"] == 7


@pytest.mark.parametrize("lang", ["en", "es"])
def test_docs_say_how_lesson_threes_boards_are_made_and_the_page_says_no_list_is_short(lang):
    """Many of lesson 3's puzzles come from boards drawn at random until no safe line was left, which the list
    shows (most of its boards replay so). That is a designer's note: docs/puzzles.md says it, the pupil's page does
    not; nor does the page say a list "is short"."""
    page = ROOT / "notebooks" / ("practice" if lang == "en" else "es/practice") / "01_dots_and_boxes.md"
    text = " ".join(page.read_text(encoding="utf-8").split())
    assert not re.search(r"at random|al azar", text)
    docs = " ".join((ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").split())
    assert "draws safe lines at random on 3×3, 4×4 and 5×4 boards until none is left" in docs
    assert not re.search(r"list is short|lista es corta", text)

    def made_so(p):
        g = p.position
        replay = DotsAndBoxes(g.width, g.height)
        for line in g.history:
            if line not in safe_lines(replay):
                return False
            replay.play(line)
        return not safe_lines(replay)

    three = lesson_pool(G, 3)
    assert 2 * sum(1 for p in three if made_so(p)) > len(three)
