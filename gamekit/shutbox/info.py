"""Shut the Box in the catalog (:mod:`gamekit.catalog`): one to twelve seats, the rules options, CPU player,
widget and the settings the conformance suite plays (no room: the room server hosts two-seat board games).
Imported by the catalog by name."""

from __future__ import annotations

from typing import Any

from gamekit.catalog import BadOptions, Example, GameInfo, PuzzleBuild, PuzzleWords, only_options, register
from gamekit.core.scene import SEAT_COLOURS4
from gamekit.i18n import N_
from gamekit.shutbox import puzzle_text
from gamekit.shutbox.game import MAX_PLAYERS, ShutTheBox
from gamekit.shutbox.rules import Rules

__all__ = ["INFO", "check_options", "new_game"]

OPTIONS = ("players", "one_die", "scoring", "variant", "seed", "stake", "limit")


def new_game(options: dict) -> ShutTheBox:
    return ShutTheBox(
        options.get("players", 1),
        Rules(options.get("one_die", "after_789"), options.get("scoring", "sum")),
        options.get("variant", "round"),
        options.get("seed"),
        stake=options.get("stake", 0),
        limit=options.get("limit", 45),
    )


def check_options(raw: Any) -> dict:
    """``players`` (a number or names), ``one_die``, ``scoring``, ``variant``, ``seed``, ``stake``, ``limit``:
    the constructor's own checks, refused as BadOptions naming the option."""
    options = only_options(raw, OPTIONS)
    try:
        new_game(options)
    except (TypeError, ValueError) as error:
        raise BadOptions(str(error)) from None
    return options


PUZZLE_WORDS = PuzzleWords(
    prompt=puzzle_text.prompt,
    right=puzzle_text.right,
    wrong=puzzle_text.wrong,
    stakes=puzzle_text.stakes,
    move_words=puzzle_text.move_words,
    question_key=puzzle_text.question_key,
    read_answer=puzzle_text.read_answer,
    answer_text=puzzle_text.answer_text,
    exercise_position=puzzle_text.exercise_position,
    choices=puzzle_text.choices,
    typed=False,
    name=N_("Shut the Box"),
    themes=puzzle_text.THEMES,
    hints=puzzle_text.HINTS,
    practice_title=N_("Practice — Shut the Box"),
)

INFO = register(
    GameInfo(
        id="shut_the_box",
        title=N_("Shut the Box"),
        game_class=lambda: ShutTheBox,
        new_game=new_game,
        check_options=check_options,
        options=OPTIONS,
        seats=(1, MAX_PLAYERS),
        seat_names=(),
        seat_colours=SEAT_COLOURS4,
        cpu="gamekit.shutbox.players:cpu_player",
        widget="gamekit.shutbox.widget:ShutBoxWidget",
        lessons="gamekit.shutbox.lessons",
        puzzles="gamekit.puzzles.shutbox",
        puzzle_build=PuzzleBuild(tries=12, per_game=3),
        homework_code="shut",
        puzzle_words=PUZZLE_WORDS,
        paper_answers=N_("Write each answer on its line."),
        examples=(
            Example(
                "shut the box alone", lambda: ShutTheBox(1, seed=3), lambda h: ShutTheBox.from_moves(h, 1, seed=3), 1
            ),
            Example(
                "shut the box, 3 players, under six, digits, stake",
                lambda: ShutTheBox(["Ana", "Luis", "Eva"], Rules("under_six", "digits"), seed=11, stake=2),
                lambda h: ShutTheBox.from_moves(
                    h, ["Ana", "Luis", "Eva"], Rules("under_six", "digits"), seed=11, stake=2
                ),
                3,
            ),
            Example(
                "shut the box, long game",
                lambda: ShutTheBox(2, variant="long", seed=5),
                lambda h: ShutTheBox.from_moves(h, 2, variant="long", seed=5),
            ),
            Example(
                "shut the box, to 20, six or less, never",
                lambda: ShutTheBox(2, Rules("six_or_less"), "to_45", seed=8, limit=20),
                lambda h: ShutTheBox.from_moves(h, 2, Rules("six_or_less"), "to_45", seed=8, limit=20),
            ),
            Example(
                "shut the box, 2 players, never",
                lambda: ShutTheBox(2, Rules(one_die="never"), seed=2),
                lambda h: ShutTheBox.from_moves(h, 2, Rules(one_die="never"), seed=2),
            ),
        ),
    )
)
