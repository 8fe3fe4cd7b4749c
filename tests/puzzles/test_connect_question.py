"""A 5 en raya / Connect Four Practice question says only whose turn it is and the stake the solver found: the
same words for a lesson-1 puzzle ("win at once, else block") as for a puzzle that needs reading ahead, so the
question never tells the pupil which kind it is."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.puzzles import bank
from gamekit.puzzles.connect_lessons import neutral_question
from gamekit.puzzles.connect_words import question
from gamekit.puzzles.pools import practice_pool

GAMES = ("five_in_a_row", "connect_four")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_question_does_not_tell_a_lesson_1_puzzle(game_id, lang):
    pool = practice_pool(game_id)
    with using(lang):
        lesson_one = {question(p) for p in pool if neutral_question(p)}
        others = {question(p) for p in pool if not neutral_question(p)}
    assert lesson_one and others
    assert lesson_one <= others  # every question a lesson-1 puzzle gets, a reading-ahead puzzle gets too
    assert len(lesson_one | others) <= 6  # the stake (win, draw, hold out) for each colour, nothing more


@pytest.mark.parametrize("game_id", GAMES)
def test_a_win_at_once_and_a_win_later_are_asked_alike(game_id):
    from gamekit.puzzles.connect_best_line import wins_at_once

    with using("en"):
        texts = {bool(wins_at_once(p.position)): question(p) for p in bank(game_id) if p.facts["best"] > 0}
        assert set(texts) == {True, False}
        for p in bank(game_id):
            text = question(p)
            assert "at once" not in text and "threat" not in text and "block" not in text, (p.id, text)
            assert "Find the best drop" not in text


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_question_asks_what_its_right_drops_do(game_id, lang):
    """The question fits every puzzle's kind: a block after which the mover still wins is asked for a drop that
    keeps the win, never for "a drop that wins" (a pupil would look past the block); a draw, for the drop that
    keeps it; a lost position, for holding out.  The solver's best outcome decides which."""
    from gamekit.puzzles.connect import one_step_rule

    keep = {
        "en": ("keeps the win", "keeps the draw", "holds out longest"),
        "es": ("mantenga la victoria", "mantenga el empate", "resiste más"),
    }
    blocks = 0
    with using(lang):
        for p in bank(game_id):
            text = question(p)
            best = p.facts["best"]
            said = tuple(words in text for words in keep[lang])
            assert said == (best > 0, best == 0, best < 0), (p.id, text)
            assert "drop that wins" not in text and "jugada que gane" not in text, (p.id, text)
            blocks += one_step_rule(p) == "block" and best > 0
    assert blocks > 5  # the shipped banks hold blocks that keep a win


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_draw_question_says_how_many_drops_keep_it_before_every_other(game_id, lang):
    """A draw kept by two drops is asked for *a* drop, and the count comes before "every other drop loses", so
    the page never says "the drop ... every other drop loses" and then "2 drops do it"."""
    from gamekit.puzzles.sets import stakes

    words = {
        "en": ("Find a drop that keeps the draw.", "Only one drop does it: every other", "2 drops do it: find one."),
        "es": (
            "Encuentra una jugada que mantenga el empate.",
            "Solo una columna lo consigue: cualquier otra",
            "2 columnas lo consiguen: encuentra una.",
        ),
    }[lang]
    other = {"en": "Every other drop loses", "es": "Cualquier otra columna pierde"}[lang]
    draws = 0
    with using(lang):
        for p in bank(game_id):
            if p.facts["best"] != 0:
                continue
            draws += 1
            asked = p.prompt() + " " + stakes(p)
            assert words[0] in asked, (p.id, asked)
            if len(p.answers) == 1:
                assert words[1] in asked, (p.id, asked)
            else:
                assert asked.endswith(
                    words[2] + " " + other + {"en": " against best play.", "es": " si el rival juega bien."}[lang]
                ), (p.id, asked)
            assert "the drop that keeps" not in asked and "la jugada que mantiene" not in asked, (p.id, asked)
    assert draws


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lesson_1_list_asks_win_at_once_else_stop_the_line(game_id, lang):
    """On the lesson-1 Practice list every puzzle is a win at once or a block, and its question is lesson 1's
    rule: it says the block ("stop yellow's five"), and no "whatever yellow does" — the same words for both kinds,
    so it still does not say which.  Other lists say a win at once as a win now and a block as a block."""
    from gamekit.puzzles.connect_lessons import lesson_prompt, one_step_kind
    from gamekit.puzzles.pools import lesson_pool
    from gamekit.puzzles.practice import Practice

    words = {
        "en": ("at once if you can", "stop", "whatever"),
        "es": ("en esta jugada si puedes", "impide", "haga lo que"),
    }
    at_once, stop, whatever = words[lang]
    line = "five" if game_id == "five_in_a_row" else "four"
    with using(lang):
        pool = lesson_pool(game_id, 1)
        kinds = {one_step_kind(p) for p in pool}
        assert kinds == {"win_now", "block"}
        asked = {}
        for p in pool:
            text = lesson_prompt(p, 1)
            assert text and at_once in text and stop in text and whatever not in text, (p.id, text)
            asked.setdefault(one_step_kind(p), set()).add((p.position.to_move, text))
            assert lesson_prompt(p, 2) == lesson_prompt(p, None) != text  # other lists say which kind it is
        assert asked["win_now"] & asked["block"]  # the same question for a win at once and for a block
        if lang == "en":
            assert all(line in text for _, text in asked["block"])
        board = Practice(game_id, seed=1)
        board.choose_lesson(1)
        assert board.question().startswith(lesson_prompt(board.puzzle, 1))
        board.choose_lesson(2)
        assert board.question().startswith(lesson_prompt(board.puzzle, 2) or question(board.puzzle))
        board.close()
