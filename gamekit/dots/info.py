"""Dots and Boxes in the catalog (:mod:`gamekit.catalog`): its ids, seats, options, CPU player, widget, view,
how a room hosts it, and the settings the conformance suite plays.  Imported by the catalog by name."""

from __future__ import annotations

import hashlib
from typing import Any

from gamekit.catalog import (
    BadOptions,
    Exact,
    Example,
    GameInfo,
    PuzzleBoard,
    PuzzleBuild,
    PuzzleWords,
    ReviewBoard,
    RoomSpec,
    int_option,
    only_options,
    register,
)
from gamekit.core.scene import SEAT_COLOURS
from gamekit.dots import describe as words
from gamekit.dots import puzzle_text
from gamekit.dots.rules import MAX_SIZE, MIN_SIZE, DotsAndBoxes, dot_name
from gamekit.dots.view import BoardLayout, dots_scene, move_at, review_scene
from gamekit.i18n import N_, ntr, tr

__all__ = ["INFO", "ROOM", "check_options", "new_game"]


def check_options(raw: Any) -> dict:
    """``width``/``height`` (boxes, 1 to 8; 5 × 4 by default), ``first`` (0 gold, 1 coral), ``alternate_start``."""
    options = only_options(raw, ("width", "height", "first", "alternate_start"))
    clean = {
        "width": int_option(options, "width", 5, MIN_SIZE, MAX_SIZE),
        "height": int_option(options, "height", 4, MIN_SIZE, MAX_SIZE),
        "first": int_option(options, "first", 0, 0, 1),
    }
    alternate = options.get("alternate_start", True)
    if not isinstance(alternate, bool):
        raise BadOptions(f"alternate_start={alternate!r}: true or false")
    clean["alternate_start"] = alternate
    return clean


def new_game(options: dict) -> DotsAndBoxes:
    return DotsAndBoxes(
        options["width"], options["height"], first=options["first"], alternate_start=options["alternate_start"]
    )


# ----- a room (gamekit.rooms) ----------------------------------------------------------------------------------
def room_check(raw: Any) -> dict:
    options = only_options(raw, ("width", "height", "first"))
    # the online sheet's board: 5 × 5 dots, i.e. 4 × 4 boxes
    clean = {"width": int_option(options, "width", 4, 2, 8), "height": int_option(options, "height", 4, 2, 8)}
    if "first" in options:  # who starts (class groups alternate it); absent: gold starts
        clean["first"] = int_option(options, "first", 0, 0, 1)
    return clean


def room_new(options: dict) -> DotsAndBoxes:
    # Online, gold always starts a game (the online sheet: "Empieza el color dorado").
    return DotsAndBoxes(options["width"], options["height"], first=options.get("first", 0), alternate_start=False)


def room_layout(game: Any, options: dict) -> BoardLayout:
    return BoardLayout.fit(options["width"], options["height"], max_px=360)


def room_scene(game: Any, options: dict) -> tuple[list, tuple[int, int]]:
    layout = room_layout(game, options)
    return dots_scene(game, layout, coordinates=True), layout.css_size


def room_move_at(game: Any, options: dict, x: float, y: float) -> str:
    return move_at(game, room_layout(game, options), x, y)


def room_targets(game: Any, options: dict) -> list[tuple[str, float, float]]:
    if game.is_over():
        return []
    table, drawn = target_table(game, options), game.drawn
    return [target for i, target in enumerate(table) if not drawn >> i & 1]


TARGETS: dict[tuple[int, int], tuple] = {}


def target_table(game: Any, options: dict) -> tuple[tuple[str, float, float], ...]:
    """(name, x, y) of the middle of every line, by index: computed once per board size."""
    key = (options["width"], options["height"])
    table = TARGETS.get(key)
    if table is None:
        layout = room_layout(game, options)
        table = TARGETS[key] = tuple(
            (game.line_name(i), *layout.line_middle(game, i)) for i in range(game.geometry.n_lines)
        )
    return table


def room_cpu(level: str, seed: int | None) -> Any:
    return INFO.cpu_player(level, seed)


ROOM = RoomSpec(
    id="dots",
    title=N_("Dots and Boxes"),
    check_options=room_check,
    new_game=room_new,
    seat_names=lambda o: ("Gold", "Coral"),
    seat_colours=lambda o: SEAT_COLOURS,
    scene=room_scene,
    move_at=room_move_at,
    targets=room_targets,
    cpu=room_cpu,
    score=lambda game, seat: str(game.scores[seat]),
    final_score=lambda game: f"{game.scores[0]}–{game.scores[1]}",
    board_words=lambda o: tr(
        "{dots_across} × {dots_down} dots ({boxes_across} × {boxes_down} boxes)",
        dots_across=o["width"] + 1,
        dots_down=o["height"] + 1,
        boxes_across=o["width"],
        boxes_down=o["height"],
    ),
    text=lambda game, o: words.describe(game),
    starter="first",
)

# ----- what the exact solver answers, and a review's board (gamekit.puzzles, the rooms' review) --------------------
REACH = 26
"""Undrawn lines above which a position is left unjudged without trying (the solver's ~28–30 at best)."""


def move_values(game: DotsAndBoxes, time_limit: float) -> dict | None:
    """Each legal line's exact value (boxes, completed ones included), or None beyond the solver's reach."""
    from gamekit.core.errors import SolverTimeout
    from gamekit.dots.solver import move_values as solve_values

    if len(game.undrawn_lines()) > REACH:
        return None
    try:
        return solve_values(game, time_limit=time_limit)
    except SolverTimeout:
        return None


def judge(best: int, value: int) -> str:
    """A line that gives up no box is best, one box an inaccuracy, two or more a mistake.  ``best`` and
    ``value`` are margins (mine minus theirs), so the boxes given up are
    :func:`gamekit.dots.puzzle_text.own_box_loss` of them, as the puzzles count them."""
    from gamekit.dots.puzzle_text import own_box_loss

    loss = own_box_loss(best, value)
    return "best" if loss == 0 else "inaccuracy" if loss == 1 else "mistake"


def start(game: DotsAndBoxes) -> DotsAndBoxes:
    return DotsAndBoxes(game.width, game.height, first=game.first, alternate_start=game.alternate_start)


def worse(seat: str, move: str, verdict: str, loss: int, value: int, best_value: int, best: str) -> str:
    """Why a worse line is worse: the boxes of their own the mover gives up (``loss`` is the change of the margin,
    two per box, so the boxes are counted again from the values with :func:`gamekit.dots.puzzle_text.own_box_loss`)."""
    from gamekit.dots.puzzle_text import own_box_loss

    loss = own_box_loss(best_value, value)
    return ntr(
        "{seat} {move}: {verdict} — it loses {n} box against the best line ({best}).",
        "{seat} {move}: {verdict} — it loses {n} boxes against the best line ({best}).",
        loss,
        seat=seat,
        move=move,
        verdict=verdict,
        best=best,
    )


def best_move(game: DotsAndBoxes, time_limit: float | None, ply_budget: float) -> str | None:
    """The first line of the solver's best line, or None when it cannot say within ``time_limit`` seconds."""
    from gamekit.core.errors import SolverTimeout
    from gamekit.dots.solver import best_line

    try:
        return best_line(game, time_limit=time_limit)[0]
    except SolverTimeout:
        return None


def review_picture(position: DotsAndBoxes, judgement: Any) -> tuple[Any, tuple[int, int]]:
    layout = BoardLayout.fit(position.width, position.height, max_px=360)
    if judgement is None:
        return review_scene(position, layout), layout.css_size
    return review_scene(position, layout, judgement.move, judgement.verdict, judgement.best), layout.css_size


def position_key(game: DotsAndBoxes) -> str:
    return (
        "dots-"
        + hashlib.sha1(f"{game.width}x{game.height}:{game.drawn}:{game.to_move}:{game.scores}".encode()).hexdigest()[
            :10
        ]
    )


EXACT = Exact(
    move_values=move_values,
    judge=judge,
    start=start,
    worse=worse,
    best_move=best_move,
    position_key=position_key,
    min_loss=2,
    puzzle_facts=lambda game, best: {"width": game.width, "height": game.height, "best": best},
)
REVIEW_BOARD = ReviewBoard(
    review_scene=review_picture, text=lambda position, names: words.describe(position, None, names=names)
)

# ----- puzzles, worksheets, class groups ------------------------------------------------------------------------
PUZZLE_WORDS = PuzzleWords(
    prompt=puzzle_text.prompt,
    right=puzzle_text.right,
    wrong=puzzle_text.wrong,
    stakes=puzzle_text.stakes,
    line_seats=puzzle_text.SEATS,
    name=N_("Dots and Boxes"),
    themes=puzzle_text.THEMES,
    hints=puzzle_text.HINTS,
    practice_title=N_("Practice — Dots and Boxes"),
)


def puzzle_board(game: DotsAndBoxes) -> PuzzleBoard:
    """A puzzle's board in Practice: a click on a gap answers with its line."""
    layout = puzzle_text.board_layout(game)
    return PuzzleBoard(
        layout.css_size,
        lambda position, answer, colour: puzzle_text.puzzle_scene(position, layout, answer, colour),
        puzzle_text.line_hit(game, layout),
    )


def paper_board(board: DotsAndBoxes) -> str:
    """The position as text for a worksheet: the board with its dot names round the edge, and a key (the letters of
    the taken boxes only on a board where a box is taken)."""
    gold, coral = tr("Gold")[0].upper(), tr("Coral")[0].upper()  # each seat's initial in the sheet's language
    rows = [
        row if i % 2 == 0 else row.replace(" G ", f" {gold} ").replace(" C ", f" {coral} ")
        for i, row in enumerate(str(board).splitlines())
    ]
    letters = "   ".join(dot_name(c, 0)[0] for c in range(board.width + 1))
    labelled = [f"   {letters}"]
    for i, row in enumerate(rows):
        labelled.append((f"{i // 2 + 1:>2} " if i % 2 == 0 else "   ") + row)
    if sum(board.scores):  # the box key only where a box is taken: a key for nothing on the board confuses
        labelled.append(
            tr(
                "o a dot, --- and | the lines drawn; {gold} a box Gold has taken, {coral} a box Coral has taken",
                gold=gold,
                coral=coral,
            )
        )
    else:
        labelled.append(tr("o a dot, --- and | the lines drawn"))
    return "\n".join(line.rstrip() for line in labelled)


def settings_words(s: dict) -> str:
    """A class group's board and starter in words: "Dots and Boxes, 5 × 4 boxes, the starter alternates"."""
    return ", ".join(
        [
            tr("Dots and Boxes, {across} × {down} boxes", across=s["width"], down=s["height"]),
            tr("the starter alternates") if s["alternate"] else tr("Gold always starts"),
        ]
    )


INFO = register(
    GameInfo(
        id="dots_and_boxes",
        title=N_("Dots and Boxes"),
        aliases=("dots",),
        game_class=lambda: DotsAndBoxes,
        new_game=new_game,
        check_options=check_options,
        options=("width", "height", "first", "alternate_start"),
        seats=(2, 2),
        seat_names=words.SEAT_NAMES,
        seat_colours=SEAT_COLOURS,
        cpu="gamekit.dots.players:cpu_player",
        widget="gamekit.dots.widget:DotsWidget",
        view="gamekit.dots.view",
        lessons="gamekit.dots.lessons",
        room=ROOM,
        room_options=lambda s: {"width": s["width"], "height": s["height"], "first": 0},
        settings=("width", "height", "alternate"),
        exact=EXACT,
        review_board=REVIEW_BOARD,
        puzzles="gamekit.puzzles.dots",
        puzzle_build=PuzzleBuild(tries=8, per_game=2, one_step=True, from_room=lambda room, options: room == ROOM.id),
        homework_code="dots",
        puzzle_words=PUZZLE_WORDS,
        puzzle_board=puzzle_board,
        paper_board=paper_board,
        settings_words=settings_words,
        paper_answers=N_(
            "Write each answer on its line. Name a line by its two dots joined by a dash; a dot is its "
            "column letter (a, b, c… from the left) and its row number (1, 2, 3… from the top), like b3, as "
            "on the drawings."
        ),
        examples=(
            Example("dots 2×2", lambda: DotsAndBoxes(2, 2), lambda h: DotsAndBoxes.from_moves(2, 2, h)),
            Example(
                "dots 3×2, coral first",
                lambda: DotsAndBoxes(3, 2, first=1, alternate_start=False),
                lambda h: DotsAndBoxes.from_moves(3, 2, h, first=1, alternate_start=False),
            ),
            Example("dots 1×1", lambda: DotsAndBoxes(1, 1), lambda h: DotsAndBoxes.from_moves(1, 1, h)),
        ),
    )
)
