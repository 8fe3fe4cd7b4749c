"""5 en raya lesson 2's "stop the double threat": find the drop that takes the cell where the opponent's next disc
would make two threats at once, before that disc is played.

Everything a pupil is told is read off the board: which drop of the opponent would make two threats (two threat
cells a disc reaches now, or two stacked one right above the other), the cells of those threats, and the exact
solver's verdict.
"""

from __future__ import annotations

from gamekit.connect.lesson_exercise import (
    ConnectExercise,
    cell_name,
    column_checker,
    drop_words,
    landing_cells,
    outcome_words,
    shown_reply,
)
from gamekit.connect.lesson_pictures import SUBJECT
from gamekit.connect.lesson_positions import EXERCISE_POSITIONS, best_moves, immediate_wins, move_scores
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.threats import playable_threats, threat_cells
from gamekit.i18n import N_, tr

Cell = tuple[int, int]

STOP_PROMPTS = (
    N_(
        "Red to move. Nobody can make five now. But yellow is one disc away from two threats at once. Which column "
        "stops it?"
    ),
    N_(
        "Yellow to move. Nobody can make five now. But red is one disc away from two threats at once. Which column "
        "stops it?"
    ),
)
"""Exercise 6's question by the seat to move (a colour starting a sentence reads naturally in both languages)."""

PICTURE_WORDS = (
    N_(
        "Red to move. Nobody can make five now. But a yellow disc in column {column} would land on row {row} and "
        "make two threats at once: {cells}. Red could block only one."
    ),
    N_(
        "Yellow to move. Nobody can make five now. But a red disc in column {column} would land on row {row} and "
        "make two threats at once: {cells}. Yellow could block only one."
    ),
)
"""The first sentences under the picture before exercise 6, by the seat to move, when both threats are new."""

PICTURE_ADDS_WORDS = (
    N_(
        "Red to move. Nobody can make five now. Yellow already has a threat at {old}. A yellow disc in column "
        "{column} would land on row {row} and make a second threat right under it, at {new}. Red could block only "
        "one."
    ),
    N_(
        "Yellow to move. Nobody can make five now. Red already has a threat at {old}. A red disc in column "
        "{column} would land on row {row} and make a second threat right under it, at {new}. Yellow could block "
        "only one."
    ),
)
"""The same sentences when one of the two threats is already on the board: the disc adds one right under it."""


ONE_CELL_WORDS = (
    N_(
        "Red to move. Yellow already has two threats that a disc can reach now: {first} and {second}. Red can block "
        "only one of them."
    ),
    N_(
        "Yellow to move. Red already has two threats that a disc can reach now: {first} and {second}. Yellow can "
        "block only one of them."
    ),
)
"""The first sentences under the picture of a double threat already made, by the seat to move."""


def two_threats(after: ConnectGame, drop: str) -> tuple[Cell, Cell] | None:
    """The two threats the player to move in ``after`` makes with ``drop`` that the other player cannot both stop:
    two threat cells a disc reaches now, or one a disc reaches now with another right above it; None when the drop
    makes neither, or makes five at once (that is no double threat)."""
    seat = after.to_move
    g = after.copy()
    g.play(drop)
    if g.is_over():
        return None
    cells = set(threat_cells(g, seat))
    playable = sorted(playable_threats(g, seat))
    for c, r in playable:
        if (c, r + 1) in cells:
            return (c, r), (c, r + 1)
    return (playable[0], playable[1]) if len(playable) >= 2 else None


def double_threat_answer(after: ConnectGame) -> tuple[str, tuple[Cell, Cell]] | None:
    """The lowest-numbered drop of the player to move in ``after`` that makes two threats at once
    (:func:`two_threats`), with its two cells; None when there is none, or when that player can make five at once
    (then the five, not a double threat, is what follows)."""
    if after.is_over() or immediate_wins(after):
        return None
    for drop in after.legal_moves():
        pair = two_threats(after, drop)
        if pair is not None:
            return drop, pair
    return None


def threat_pair_words(game: ConnectGame, pair: tuple[Cell, Cell]) -> str:
    """Two threat cells in words: "column 7, rows 3 and 4" when stacked, else each cell on its own."""
    (c1, r1), (c2, r2) = pair
    if c1 == c2:
        return tr(
            "column {column}, rows {lower} and {upper}",
            column=game.column_number(c1),
            lower=min(r1, r2) + 1,
            upper=max(r1, r2) + 1,
        )
    return tr(" and ").join([cell_name(game, c1, r1), cell_name(game, c2, r2)])


def stop_double_exercise() -> ConnectExercise:
    """Stop the double threat before it is made: the player to move has no five to make or block, and after at least
    two wrong drops the opponent's disc in the answer's column makes two threats at once.  Exactly
    the solver's best drops are accepted (checked: one drop, and no double threat of the opponent after it).  Each
    wrong drop is told its own reason, read off the board: a disc right under the opponent's threat (the opponent
    makes five on top), another five at once, or the two threat cells the opponent's next disc would make (never
    the column of that disc when it is the answer's); a drop taking one of those two cells early is told why one
    cell is not enough (:func:`taken_too_early`), and is listed first as the likeliest slip; another wrong drop
    after which the opponent has neither is told what best play then gives (:func:`outcome_words`)."""
    game = FiveInARow.from_moves(EXERCISE_POSITIONS["stop_double"])
    me, them = game.to_move, 1 - game.to_move
    if immediate_wins(game) or playable_threats(game, them):
        raise ValueError("stop_double needs no five to make and no threat to block now")
    good = best_moves(game)
    after = {m: game.copy() for m in game.legal_moves()}
    for m, g in after.items():
        g.play(m)
    doubles = {m: double_threat_answer(after[m]) for m in game.legal_moves() if m not in good}
    if len(good) != 1 or sum(d is not None and d[0] == good[0] for d in doubles.values()) < 2:
        raise ValueError("stop_double: after most wrong drops the opponent's disc in the answer's column is a double")
    if immediate_wins(after[good[0]]) or double_threat_answer(after[good[0]]) is not None:
        raise ValueError("stop_double: after the answer the opponent must have no double threat")
    pair = next(d[1] for d in doubles.values() if d is not None and d[0] == good[0])
    early = {m: taken_too_early(game, m, pair) for m in doubles}
    wrong = sorted(doubles, key=lambda m: early[m] is None)  # taking one of the two cells early: the likeliest slip
    under = {(c, r - 1) for c, r in threat_cells(game, them)}
    values = dict(me=tr(COLOUR_NAMES[me]), them=tr(COLOUR_NAMES[them]), Them=SUBJECT[them]())

    def judge(move: str) -> tuple[bool, str]:
        col = game.grid_column(int(move))
        if move in good:
            return True, " ".join(
                [
                    tr(
                        "Right: your disc takes the cell {them} needed. A {them} disc there would have made two "
                        "threats at once, in {cells}.",
                        cells=threat_pair_words(game, pair),
                        **values,
                    ),
                    _verdict(game, move),
                ]
            )
        if (col, len(game.grid[col])) in under:
            return False, tr(
                "Not column {move}: your disc fills the cell right under {them}'s threat. {Them} drops on top and "
                "makes five in a line.",
                move=move,
                **values,
            )
        if early[move] is not None:
            reply, forced, higher = early[move]
            words = [
                tr(
                    "Not column {move}: your disc takes one of the two cells {them} needed, but one cell is not "
                    "enough. {Them} answers in column {reply} and makes a new threat at {cell}, so you must block it.",
                    move=move,
                    reply=reply,
                    cell=cell_name(game, *forced),
                    **values,
                )
            ]
            if higher:
                words.append(
                    tr(
                        "The {them} disc in column {reply} also makes another {them} threat higher up.",
                        reply=reply,
                        **values,
                    )
                )
            return False, " ".join([*words, tr("Then {them} can force a win.", **values)])
        if immediate_wins(after[move]) or doubles[move] is None:  # five at once, or a loss the solver finds
            return False, tr("Not column {move}: {words}", move=move, words=outcome_words(game, move, hide=good))
        drop, cells = doubles[move]
        if any(str(game.column_number(c)) in good for c, _ in cells):  # naming the cell would name the answer
            return False, tr(
                "Not column {move}: your disc {what}. But the cells {them} needs stay free, so one {them} drop "
                "makes two threats at once. Which one?",
                move=move,
                what=drop_words(after[move], me, landing_cells(game, good)),
                **values,
            )
        return False, tr(
            "Not column {move}: after it, {them} has a drop that makes two threats at once, in {cells}. You can block "
            "only one, and {them} makes five in a line with the other. Which cell does that {them} disc need?",
            move=move,
            cells=threat_pair_words(game, cells),
            **values,
        )

    return ConnectExercise(
        tr(STOP_PROMPTS[me]),
        column_checker(game, judge),
        hint=tr(
            "Find {them}'s threat cells. Then try each {them} drop in your head: which one would make a second "
            "threat, so that {me} could block only one? Take that cell first.",
            **values,
        ),
        answer=tr("Column {columns}", columns=tr(" or ").join(good)),
        solutions=good,
        wrong=wrong,
        key="stop_double",
        game=game,
    )


def taken_too_early(game: ConnectGame, move: str, pair: tuple[Cell, Cell]) -> tuple[str, Cell, bool] | None:
    """Why taking one of the two cells of the opponent's coming double threat (``pair``) with ``move`` does not
    save the player to move, read off the solver's line: the opponent's best reply, the new threat it makes that a
    disc reaches now (so it must be blocked at once), and whether that reply also makes a new threat higher up.
    None when ``move`` lands on neither cell, the opponent makes five at once, the solver says ``move`` does not
    lose, or the best reply makes no such threat to block."""
    col = game.grid_column(int(move))
    if (col, len(game.grid[col])) not in pair or move_scores(game)[move] >= 0:
        return None
    them = 1 - game.to_move
    after = game.copy()
    after.play(move)
    if immediate_wins(after):
        return None
    reply = shown_reply(after)
    answered = after.copy()
    answered.play(reply)
    new = set(threat_cells(answered, them)) - set(threat_cells(after, them))
    forced = sorted(set(playable_threats(answered, them)) & new)
    if not forced:
        return None
    return reply, forced[0], bool(new - set(forced))


def _verdict(game: ConnectGame, move: str) -> str:
    """What the exact solver says follows the right ``move`` (its score for the player to move), as one sentence."""
    score = move_scores(game)[move]
    if score > 0:
        return tr("{colour} wins with best play from here.", colour=SUBJECT[game.to_move]())
    if score == 0:
        return tr("Best play from here ends in a draw.")
    return tr(
        "{colour} still wins with best play, but this drop holds out longest.", colour=SUBJECT[1 - game.to_move]()
    )


def stop_words(game: ConnectGame) -> str:
    """What lesson 2's picture before exercise 6 shows, computed on its board (no five to make or block now): the
    opponent's one drop that would make two threats at once (:func:`double_threat_answer` after any other drop),
    where it lands and its two cells, the drop that stops it, and the exact solver's verdict after that drop and
    after every other one."""
    me, them = game.to_move, 1 - game.to_move
    if immediate_wins(game) or playable_threats(game, them):
        raise ValueError("the stop picture needs a board with no five to make or block now")
    found = {}
    for m in game.legal_moves():
        g = game.copy()
        g.play(m)
        answer = double_threat_answer(g)
        if answer is not None:
            found[answer[0]] = answer[1]
    if len(found) != 1:
        raise ValueError(f"the stop picture needs one drop that makes two threats at once, not {sorted(found)}")
    ((key, pair),) = found.items()
    scores = move_scores(game)
    if key not in scores or scores[key] != max(scores.values()):
        raise ValueError("the stop picture: taking the cell must be the best drop")
    col = game.grid_column(int(key))
    values = dict(
        me=tr(COLOUR_NAMES[me]),
        them=tr(COLOUR_NAMES[them]),
        column=key,
        row=len(game.grid[col]) + 1,
        cells=threat_pair_words(game, pair),
    )
    old = [c for c in pair if c in set(threat_cells(game, them))]
    if len(old) == 2:
        raise ValueError("the stop picture: the opponent's disc must make at least one of the two threats")
    if old:
        ((oc, orow),) = old
        (new,) = [c for c in pair if c not in old]
        if new != (oc, orow - 1):
            raise ValueError("the stop picture: a threat already there must be right above the new one")
        first = tr(PICTURE_ADDS_WORDS[me], old=cell_name(game, oc, orow), new=cell_name(game, *new), **values)
    else:
        first = tr(PICTURE_WORDS[me], **values)
    words = [
        first,
        tr("So {me} drops into column {column} first, and takes the cell {them} needs.", **values),
        _verdict(game, key),
    ]
    if all(v < 0 for m, v in scores.items() if m != key):
        words.append(tr("Every other drop loses."))
    return " ".join(words)


def stop_picture(name: str = "stop_double_picture"):
    """The still picture of lesson 2's "Stop the double threat" and, under it, what it shows (:func:`stop_words`)."""
    from gamekit.connect.lesson_pictures import show
    from gamekit.connect.lesson_positions import position

    return _captioned(show(name), stop_words(position(name)))


def one_cell_words(game: ConnectGame) -> str:
    """What lesson 2's picture of a double threat already on the board shows, computed on its board: the opponent's
    two threat cells a disc reaches now (in two columns), what happens when the player to move blocks the first
    (the opponent drops into the other and makes five), and that every drop loses at once (checked drop by drop).
    Refused when the board has no such pair, or when the player to move can make five first."""
    me, them = game.to_move, 1 - game.to_move
    cells = sorted(playable_threats(game, them))
    if game.is_over() or immediate_wins(game):
        raise ValueError("the one-cell picture needs a running game where the player to move cannot make five")
    if len(cells) != 2 or cells[0][0] == cells[1][0]:
        raise ValueError(f"the one-cell picture needs two threat cells a disc reaches now, in two columns, not {cells}")
    first, second = cells
    block = str(game.column_number(first[0]))
    blocked = game.copy()
    blocked.play(block)
    other = str(game.column_number(second[0]))
    if other not in immediate_wins(blocked):
        raise ValueError("the one-cell picture: after the block the other cell must still make five")
    losing = []
    for m in game.legal_moves():
        g = game.copy()
        g.play(m)
        losing.append(bool(immediate_wins(g)))
    values = dict(
        me=tr(COLOUR_NAMES[me]),
        them=tr(COLOUR_NAMES[them]),
        first=cell_name(game, *first),
        second=cell_name(game, *second),
        block=block,
        column=other,
    )
    words = [
        tr(ONE_CELL_WORDS[me], **values),
        tr(
            "If {me} drops into column {block} and blocks {first}, {them} drops into column {column} and makes five "
            "in a line.",
            **values,
        ),
    ]
    if all(losing):
        words.append(tr("Blocking one cell is not enough: whatever {me} drops, {them} makes five next turn.", **values))
    return " ".join(words)


def one_cell_picture(name: str = "one_cell_not_enough"):
    """The still picture of a double threat already made (lesson 2, before "Stop the double threat") and, under it,
    what it shows (:func:`one_cell_words`)."""
    from gamekit.connect.lesson_pictures import show
    from gamekit.connect.lesson_positions import position

    return _captioned(show(name), one_cell_words(position(name)))


def _captioned(board, words: str):
    """A still picture with its words under it, in a box that never scrolls: a scrollable region with nothing to
    reach by keyboard fails axe (scrollable-region-focusable), and the longer Spanish captions overflowed the box by
    a few pixels while it laid out."""
    import html

    import ipywidgets as W

    return W.VBox([board, W.HTML("<p>" + html.escape(words) + "</p>")], layout=W.Layout(overflow="visible"))
