"""5 en raya and Connect Four in the catalog (:mod:`gamekit.catalog`): two games (two saved-game ids, two
puzzle banks) that share one rules engine, one CPU player, one widget and one kind of room (``"connect"``, the
board picked by its ``board`` option).  Imported by the catalog by name."""

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
    bool_option,
    only_options,
    register,
)
from gamekit.connect import describe as words
from gamekit.connect import puzzle_text
from gamekit.connect.rules import ConnectFour, ConnectGame, FiveInARow, Variant
from gamekit.connect.view import DISC, ghost_disc, layout_for, move_at, connect_scene, review_scene
from gamekit.i18n import N_, tr

__all__ = ["FIVE", "FOUR", "ROOM", "BOARDS"]

BOARDS = {"five": FiveInARow, "four": ConnectFour}
"""The room's and the widget's ``board``/``game`` values (the catalog aliases of the two games) → class."""


def check_options(raw: Any) -> dict:
    """``popout``: PopOut on (True) or off (False, the default)."""
    options = only_options(raw, ("popout",))
    return {"popout": bool_option(options, "popout", False)}


# ----- a room (gamekit.rooms) ----------------------------------------------------------------------------------
def room_check(raw: Any) -> dict:
    options = only_options(raw, ("board", "popout"))
    board = options.get("board", "five")
    if not isinstance(board, str) or board not in BOARDS:
        raise BadOptions(f"board={board!r}: 'five' (5 en raya, 9 × 6) or 'four' (Connect Four, 7 × 6)")
    return {"board": board, "popout": bool_option(options, "popout", False)}


def room_new(options: dict) -> ConnectGame:
    return BOARDS[options["board"]](popout=options["popout"])


def room_scene(game: Any, options: dict) -> tuple[list, tuple[int, int]]:
    layout = layout_for(game)
    return connect_scene(game, layout), layout.css_size


def room_move_at(game: Any, options: dict, x: float, y: float) -> str:
    return move_at(game, layout_for(game), x, y)


def room_targets(game: Any, options: dict) -> list[tuple[str, float, float]]:
    if game.is_over():
        return []
    layout = layout_for(game)
    points = []
    for move in game.legal_moves():
        n = int(move.lstrip("p"))
        col = game.grid_column(n)
        x, y = layout.centre(col, 0 if move.startswith("p") else game.height)
        points.append((move, x, y))
    return points


def room_hover(game: Any, options: dict) -> list:
    """A box per column a disc can be dropped in (its whole height, as a click there drops), with the widget's
    ghost disc in the mover's colour; none for a full column, a side column or a finished game."""
    if game.is_over():
        return []
    layout = layout_for(game)
    drops = set(game.legal_moves())
    _, height = layout.css_size
    boxes = []
    for n in range(1, game.columns + 1):
        if str(n) in drops:
            col = game.grid_column(n)
            x0 = layout.margin + col * layout.cell
            boxes.append(
                [
                    str(n),
                    x0,
                    0,
                    x0 + layout.cell,
                    height,
                    [list(item) for item in ghost_disc(game, layout, col, DISC[game.to_move])],
                ]
            )
    return boxes


def room_cpu(level: str, seed: int | None) -> Any:
    return FIVE.cpu_player(level, seed)


ROOM_BOARDS = {
    ("five", False): N_("5 en raya (9 × 6, five in a line)"),  # the room page's board line
    ("five", True): N_("5 en raya (9 × 6, five in a line) with PopOut"),
    ("four", False): N_("Connect Four (7 × 6, four in a line)"),
    ("four", True): N_("Connect Four (7 × 6, four in a line) with PopOut"),
}

ROOM = RoomSpec(
    id="connect",
    title=N_("5 en raya / Connect Four"),
    check_options=room_check,
    new_game=room_new,
    seat_names=lambda o: ("Red", "Yellow"),
    seat_colours=lambda o: DISC,
    scene=room_scene,
    move_at=room_move_at,
    targets=room_targets,
    cpu=room_cpu,
    score=lambda game, seat: str(game.discs_played(seat)),
    hover=room_hover,
    board_words=lambda o: tr(ROOM_BOARDS[o["board"], bool(o["popout"])]),
    text=lambda game, o: words.describe(game),
    max_moves=2000,
)

MINI = Variant("mini", 4, 4, 3)


# ----- what the exact solver answers, and a review's board (gamekit.puzzles, the rooms' review) --------------------
def move_values(game: ConnectGame, time_limit: float) -> dict | None:
    """Each legal drop's value for the player to move, or None beyond reach in ``time_limit`` seconds (and always
    with PopOut, which the solver does not judge).

    Where the exact solver scores every drop (70 % of the time), these are its exact scores (Pons' scores: how
    much sooner a win comes, later a loss).  Otherwise they are outcomes (1 win, 0 draw, −1 loss) from what
    settles a column without its score — who wins (the rest of the time), the shipped proof's bounds and the
    rules' proofs (:func:`gamekit.connect.prove.prove_columns`), a column settled where its two bounds meet —
    and only the settled drops are given, when one of them is surely best (its outcome at least every other
    column's best possible one); a drop left out is beyond reach.  On that scale no move is an inaccuracy: a
    move is best or it throws a better outcome away."""
    from gamekit.connect.solver import analyse

    if game.popout:
        return None
    found = analyse(game, time_budget=time_limit * 0.7)
    if all(v is not None for v in found.values()):
        return found
    return _settled_outcomes(game, found, time_limit * 0.3)


def _settled_outcomes(game: ConnectGame, scores: dict, time_limit: float) -> dict | None:
    """The outcomes :func:`move_values` falls back on: exact scores' signs, who wins, the shipped proof's and the
    rules' bounds; the settled drops when one of them is surely best, else None."""
    return _surely_best(_column_bounds(game, scores, time_limit), scores)


def _surely_best(bounds: dict, scores: dict, ceiling: int = 1) -> dict | None:
    """The settled drops of ``bounds`` when one of them is surely best (its outcome at least every column's best
    possible one, and at least ``ceiling``, a bound on the position known from elsewhere), else None."""
    settled = {m: lo for m, (lo, hi) in bounds.items() if lo == hi}
    if not settled or max(settled.values()) < min(ceiling, max(hi for _, hi in bounds.values())):
        return None
    return {m: settled[m] for m in scores if m in settled}


def _column_bounds(game: ConnectGame, scores: dict, time_limit: float) -> dict:
    """Each drop's bounds ``(low, high)`` on its outcome for the player making it: exact scores' signs, who
    wins (``time_limit`` seconds), the shipped proof's and the outcome book's bounds, the rules' proofs (proved
    once: who wins reads the same proofs before it searches)."""
    from gamekit.connect.prove import prove_columns
    from gamekit.connect.solver import analyse_outcomes, outcome_bounds

    bounds = {m: (_sign(v), _sign(v)) for m, v in scores.items() if v is not None}
    open_moves = [m for m in scores if m not in bounds]
    if not open_moves:
        return bounds
    proved = prove_columns(game, open_moves)
    found = analyse_outcomes(game, time_budget=time_limit, moves=open_moves, proved=proved) if time_limit > 0 else {}
    ceiling = outcome_bounds(game)
    for m in open_moves:
        if found.get(m) is not None:
            bounds[m] = (found[m], found[m])
        else:
            lo, hi = ceiling.get(m, (-1, 1))
            bounds[m] = (max(lo, proved[m].low), min(hi, proved[m].high))
    return bounds


def review_step(game: ConnectGame, move: str, time_limit: float, known: tuple | None) -> tuple:
    """A review's judgement of ``move`` in ``game`` with what the moves before it proved, and what it proves
    about the position after it: ``(judged, known_after)``.

    ``known``: bounds ``(low, high)`` on the outcome of ``game`` for the player to move (1 win, 0 draw, −1 loss)
    carried along the game (None: nothing known, as at the start).  ``judged`` is None (unjudged) or ``(value,
    best_value, best_moves)``: exact scores where the solver scores every drop (as :func:`move_values`), else
    outcomes.  Beyond :func:`move_values`, a move is judged by bounds: the position's outcome lies in ``known``
    and between the best of its drops' lower and upper bounds; the move is **best** when its drop is proved at
    least that upper bound (then it reaches exactly the position's outcome), a **mistake** when its drop is
    settled below the position's outcome, itself settled (``best_moves`` then names the drops proved to reach
    it, possibly none when it came from the moves before).  ``known_after`` is the same kind of bounds on
    the position after ``move`` for the opponent: minus the drop's bounds, its upper bound capped by the
    position's (no drop does better than the position's outcome)."""
    from gamekit.connect.solver import analyse

    if not isinstance(game, ConnectGame):
        raise TypeError(tr("review_step: give a 5 en raya or Connect Four game, not {kind}", kind=type(game).__name__))
    if move not in game.legal_moves():
        raise ValueError(tr("move={move!r}: not a legal move here", move=move))
    if known is not None and not (
        isinstance(known, tuple)
        and len(known) == 2
        and all(type(b) is int for b in known)
        and -1 <= known[0] <= known[1] <= 1
    ):
        raise ValueError(tr("known={known!r}: None or bounds (low, high) with −1 ≤ low ≤ high ≤ 1", known=known))
    klo, khi = (-1, 1) if known is None else known
    if game.popout:
        return None, None
    found = analyse(game, time_budget=time_limit * 0.7)
    if all(v is not None for v in found.values()):
        top = max(found.values())
        value = _sign(found[move])
        return (found[move], top, tuple(m for m, v in found.items() if v == top)), (-value, -value)
    bounds = _column_bounds(game, found, time_limit * 0.3)
    plo = max(klo, max(lo for lo, _ in bounds.values()))
    phi = min(khi, max(hi for _, hi in bounds.values()))
    clo, chi = bounds[move]
    chi = min(chi, phi)
    after = (-chi, -clo)
    settled = _surely_best(bounds, found, phi)
    if settled is not None and move in settled:
        top = max(settled.values())
        return (settled[move], top, tuple(m for m, v in settled.items() if v == top)), after
    if clo >= phi:
        return (clo, clo, tuple(m for m, (lo, _) in bounds.items() if lo >= phi)), after
    if clo == chi < plo == phi:
        return (chi, plo, tuple(m for m, (lo, _) in bounds.items() if lo >= plo)), after
    return None, after


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def judge(best: int, value: int) -> str:
    """The best score is best; the same outcome (win, draw, loss) but a lower score an inaccuracy; a worse outcome
    a mistake."""
    return "best" if value == best else "inaccuracy" if _sign(value) == _sign(best) else "mistake"


def start(game: ConnectGame) -> ConnectGame:
    return ConnectGame(game.variant, popout=game.popout)


def worse(seat: str, move: str, verdict: str, loss: int, value: int, best_value: int, best: str) -> str:
    before, after = _sign(best_value), _sign(value)
    if before == after:
        what = tr("the same result, but a worse one: a win comes later or a loss sooner")
    elif before > 0 and after == 0:
        what = tr("it throws a win into a draw")
    elif before > 0:
        what = tr("it throws a win into a loss")
    else:
        what = tr("it throws a draw into a loss")
    if not best:  # the position's outcome was proved by the moves before, not by a drop named here
        return tr("{seat} {move}: {verdict} — {what}.", seat=seat, move=move, verdict=verdict, what=what)
    return tr(
        "{seat} {move}: {verdict} — {what} (better: {best}).",
        seat=seat,
        move=move,
        verdict=verdict,
        what=what,
        best=best,
    )


def best_move(game: ConnectGame, time_limit: float | None, ply_budget: float) -> str | None:
    """The drop of the best exact score, or None when the solver cannot score every drop in the time."""
    from gamekit.connect.solver import analyse

    scores = analyse(game, time_budget=ply_budget if time_limit is None else min(ply_budget, time_limit))
    if not scores or any(v is None for v in scores.values()):
        return None
    return max(scores, key=lambda k: scores[k])


def move_words(move: str) -> str:
    return tr("pop column {n}", n=move[1:]) if move.startswith("p") else tr("column {n}", n=move)


def review_picture(position: ConnectGame, judgement: Any) -> tuple[Any, tuple[int, int]]:
    layout = layout_for(position)
    if judgement is None:
        return review_scene(position, layout), layout.css_size
    return review_scene(position, layout, judgement.move, judgement.verdict, judgement.best), layout.css_size


def outcomes(game: ConnectGame, time_limit: float) -> dict | None:
    """Each drop's outcome for the player making it (1 win, 0 draw, −1 loss), or None when the solver does not
    settle every drop in ``time_limit`` seconds (and with PopOut)."""
    from gamekit.connect.solver import analyse_outcomes

    if game.popout:
        return None
    found = analyse_outcomes(game, time_budget=time_limit)
    return None if any(v is None for v in found.values()) else found


def position_key(game: ConnectGame) -> str:
    return game.game_id + "-" + hashlib.sha1("".join(game.history).encode()).hexdigest()[:10]


EXACT = Exact(
    move_values=move_values,
    judge=judge,
    start=start,
    worse=worse,
    best_move=best_move,
    position_key=position_key,
    puzzle_values=outcomes,
    review_step=review_step,
    puzzle_facts=lambda game, best: {"best": best, "scores": None},
)
REVIEW_BOARD = ReviewBoard(
    review_scene=review_picture,
    text=lambda position, names: words.describe(position, {}, None, names=names),
    move_words=move_words,
)


# ----- puzzles, worksheets ----------------------------------------------------------------------------------------
def puzzle_words(
    name: str, themes: dict, practice_title: str, lesson_words: str = "", after_words: str = ""
) -> PuzzleWords:
    """The words of 5 en raya's or Connect Four's puzzles (the arguments: what differs)."""
    return PuzzleWords(
        prompt=puzzle_text.prompt,
        right=puzzle_text.right,
        wrong=puzzle_text.wrong,
        stakes=puzzle_text.stakes,
        move_words=puzzle_text.move_words,
        line_seats=puzzle_text.COLOURS,
        read_answer=puzzle_text.read_answer,
        name=name,
        themes=themes,
        hints=puzzle_text.HINTS,
        practice_title=practice_title,
        lesson_words=lesson_words,
        after_words=after_words,
    )


def puzzle_board(game: ConnectGame) -> PuzzleBoard:
    """A puzzle's board in Practice: a click on a column answers with its number."""
    layout = layout_for(game, puzzle_text.CELL)
    return PuzzleBoard(layout.css_size, puzzle_text.puzzle_scene, puzzle_text.column_hit(game, layout))


PAPER_ANSWERS = N_(
    "Write each answer on its line. Name a column by its number, counted from 1 on the left, as under the drawings."
)


def paper_board(game: ConnectGame) -> str:
    """A position drawn as text for a printed worksheet: the grid as ``str(game)`` draws it (X red, O yellow), and
    the cells a lesson's picture marks (``game.paper_marks``, ``{(grid column, row from 0 at the bottom): mark}``,
    set by the lesson on its exercise's own copy) drawn in their cells — the threat cell's letter (R red, Y yellow)
    or ✗ for the cell under a threat — with the lesson's key line for them (``game.paper_key``).  The rows are
    numbered on the left, 1 at the bottom, as the page's pictures number them (paper questions name rows too), with
    a gap so a number is never read as part of the side disc beside it; not numbered when the exercise sets
    ``game.paper_rows`` to False (a question about the kind of row a threat is on, where the numbers would answer
    it).  ``game.paper_caption``, when an exercise sets it, replaces the line under the grid (a question about
    the position after a move not drawn says so there, not "red to move")."""
    lines = str(game).split("\n")
    caption = getattr(game, "paper_caption", None)
    if caption:
        lines[game.height + 1] = caption
    marks = getattr(game, "paper_marks", None) or {}
    for (c, r), mark in marks.items():
        i = game.height - 1 - r
        spots = [k for k, ch in enumerate(lines[i]) if ch not in " |"]
        lines[i] = lines[i][: spots[c]] + mark + lines[i][spots[c] + 1 :]
    width = len(str(game.height))
    gap = "   "  # the row number stands apart from the side disc next to it ("6   O|", never "6 O|")
    rows = getattr(game, "paper_rows", True)  # False: a question about a row's kind, whose rows the pupil counts
    numbered = [f"{game.height - i if rows else '':>{width}}{gap}{line}" for i, line in enumerate(lines[: game.height])]
    numbered.append(" " * (width + len(gap)) + lines[game.height])  # the column numbers, still under their columns
    key = getattr(game, "paper_key", "") if marks else ""
    return "\n".join(numbered + lines[game.height + 1 :] + ([key] if key else []))


def from_room(board: str):
    """Whether a finished room game is one on ``board`` without PopOut (PopOut games give no puzzles)."""
    return lambda room, options: room == ROOM.id and options.get("board") == board and not options.get("popout")


def _board(cls: type, board: str, name: str, *more: Example) -> dict:
    """What 5 en raya and Connect Four share, for the board class ``cls`` (room option ``board``): one catalog
    entry's options, CPU, widget, view, lessons and room, and its examples with and without PopOut."""
    return dict(
        game_class=lambda: ConnectGame,
        check_options=check_options,
        options=("popout",),
        seats=(2, 2),
        seat_names=words.SEAT_NAMES,
        seat_colours=DISC,
        cpu="gamekit.connect.players:cpu_player",
        widget="gamekit.connect.widget:ConnectWidget",
        view="gamekit.connect.view",
        lessons="gamekit.connect.lessons",
        room=ROOM,
        new_game=lambda o: cls(popout=o["popout"]),
        room_options=lambda s: {"board": board, "popout": s["popout"]},
        settings=("popout",),
        exact=EXACT,
        review_board=REVIEW_BOARD,
        puzzles="gamekit.puzzles.connect",
        puzzle_settings={
            "id_prefix": {"five": "five-", "four": "c4-"}[board],
            "side_column": board == "five",
            # Practice levels 3-6 by the plies of the line a question needs read (gamekit.puzzles.connect)
            "forcing_levels": {"five": ((5, 3), (13, 4), (18, 5), (22, 6)), "four": ((3, 3), (7, 4), (17, 5))}[board],
        },
        puzzle_build=PuzzleBuild(tries=6, per_game=2, one_step=True, from_room=from_room(board)),
        homework_code=board,
        puzzle_words=puzzle_words(
            *{
                "five": (N_("5 en raya"), puzzle_text.THEMES, N_("Practice — 5 en raya")),
                "four": (
                    N_("Connect Four"),
                    puzzle_text.FOUR_THEMES,
                    N_("Practice — Connect Four"),
                    # Connect Four practises the 5 en raya lessons' ideas: the list names the game it asks
                    N_("5 en raya lesson {n}'s ideas"),
                    N_("after 5 en raya lesson {n}"),
                ),
            }[board]
        ),
        puzzle_board=puzzle_board,
        paper_answers=PAPER_ANSWERS,
        paper_board=paper_board,
        examples=(
            Example(name, lambda: cls(), lambda h: cls.from_moves(h)),
            Example(f"{name}, PopOut", lambda: cls(popout=True), lambda h: cls.from_moves(h, popout=True)),
            *more,
        ),
    )


FIVE = register(
    GameInfo(
        id="five_in_a_row", title=N_("5 en raya (9 × 6)"), aliases=("five",), **_board(FiveInARow, "five", "5 en raya")
    )
)

FOUR = register(
    GameInfo(
        id="connect_four",
        title=N_("Connect Four (7 × 6)"),
        aliases=("four",),
        **_board(
            ConnectFour,
            "four",
            "Connect Four",
            Example(
                "connect mini 4×4, 3 in a row",
                lambda: ConnectGame(MINI),
                lambda h: ConnectGame.from_moves(h, variant=MINI),
            ),
        ),
    )
)
