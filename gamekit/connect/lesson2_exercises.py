"""The exercises of 5 en raya lesson 2 (threats and zugzwang): blocking, winning in one, stacked threats,
claimeven and zugzwang.
"""

from __future__ import annotations

import re
from typing import Any
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.threats import playable_threats, threat_cells
from gamekit.i18n import get_language, ntr, tr
from gamekit.widgets.exercise import choice_checker
from gamekit.connect.lesson_exercise import (
    ConnectExercise,
    column_checker,
    outcome_words,
    parse_column,
    solver_exercise,
    stacked_run,
)
from gamekit.connect.lesson_pictures import SUBJECT
from gamekit.connect.lesson_positions import EXERCISE_POSITIONS, best_moves, position


def block_threat_exercise() -> ConnectExercise:
    return solver_exercise(
        "block_threat",
        tr("Yellow to move: red threatens to make five. Which column blocks it?"),
        hint=tr(
            "Find the empty cell where a red disc would make five (side discs count), and check that a disc can "
            "reach it now."
        ),
        why_right=tr("Yellow takes the cell red needed."),
        why_first=True,
    )


def win_in_one_exercise() -> ConnectExercise:
    return solver_exercise(
        "win_in_one",
        tr("Red to move: win with this disc. Which column?"),
        hint=tr("Find red's four in a line and the empty cell at its end that a disc can reach now."),
    )


def winning_move_exercise() -> ConnectExercise:
    game = FiveInARow.from_moves(EXERCISE_POSITIONS["winning_move"])
    return solver_exercise(
        "winning_move",
        tr("Red to move. One column wins by force; every other column only draws. Find the win."),
        hint=tr(
            "Look at the columns nobody has played in yet. Is there a drop after which red has threat cells "
            "one right above another in such a column?"
        ),
        why_right=stacked_run_words(game),
        fitted=True,
    )


def stacked_run_words(game: ConnectGame) -> str:
    """Why the solver's best move in ``game`` wins: the threats it leaves stacked in one column, read off the board
    after it (columns and rows computed, never written by hand)."""
    move = best_moves(game)[0]
    after = game.copy()
    after.play(move)
    column, rows = stacked_run(after, game.to_move)
    winner = tr(COLOUR_NAMES[game.to_move])
    listed = ", ".join(map(str, rows[:-1])) + tr(" and ") + str(rows[-1])
    return tr(
        "Column {move} leaves {winner} with threats stacked one above the other in column {column}, on rows "
        "{rows}. {loser} can block only one at a time: a disc on the lower one lets {winner} drop on top of "
        "it into the next.",
        move=move,
        winner=winner,
        column=column,
        rows=listed,
        loser=SUBJECT[1 - game.to_move](),
    )


def challenge_exercise() -> ConnectExercise:
    return solver_exercise(
        "challenge",
        tr("Final challenge — yellow to move. One column wins, one draws, the rest lose. Find the win."),
        hint=tr(
            "Look for a drop that makes two yellow threats in the same column, one right above the other, and mind "
            "the cell under red's threat in column 2."
        ),
        why_right=stacked_words(FiveInARow.from_moves(EXERCISE_POSITIONS["challenge"])),
    )


def stacked_words(game: ConnectGame) -> str:
    """Why the player to move wins with the solver's best move in ``game``: it makes two threats in one column,
    one right above the other (the challenge's idea), read off the board after that move."""
    after = game.copy()
    after.play(best_moves(game)[0])
    mine = set(threat_cells(after, game.to_move))
    stacked = sorted((c, r) for c, r in playable_threats(after, game.to_move) if (c, r + 1) in mine)
    if not stacked:
        raise ValueError("the best move makes no stacked pair of threats")
    c, r = stacked[0]
    return tr(
        "Your disc makes {winner} threaten column {column} twice, on rows {lower} and {upper}, one right above "
        "the other. {loser} is lost whatever it does: if {loser_in} blocks the lower threat, its disc lets "
        "{winner} drop on top into the upper one and make five.",
        loser=SUBJECT[1 - game.to_move](),
        winner=tr(COLOUR_NAMES[game.to_move]),
        loser_in=tr(COLOUR_NAMES[1 - game.to_move]),
        column=after.column_number(c),
        lower=r + 1,
        upper=r + 2,
    )


def same_column_top_row(game: ConnectGame, move: str) -> bool:
    """Whether, after ``move`` by the player to move, answering every opponent disc on top of it in the same
    column fills the top row with that player's discs in a line of ``win`` or more (side discs of that colour
    included): every column then has an even number of empty cells, so the answer always takes a column's last
    cell, and an empty column's top cell is one of them."""
    after = game.copy()
    after.play(move)
    me, run = game.to_move, 0
    for c in range(after.width):
        n = after.height - len(after.grid[c])
        if n % 2:
            return False
        run = run + 1 if (after.grid[c][-1] if n == 0 else me) == me else 0
        if run >= after.variant.win:
            return True
    return False


def claimeven_exercise() -> ConnectExercise:
    """Find the claimeven answer: the one drop after which every column has an even number of empty cells, so
    yellow can answer every red disc on top of it until the grid is full.  Exactly the solver's best drops are
    accepted; a wrong column is told its own count and what the solver says follows; after the right answer a
    button shows the machine's proof in words (:func:`gamekit.connect.prove.proof_reason`), never before."""
    from gamekit.connect.prove import proof_reason, prove_columns

    game = FiveInARow.from_moves(EXERCISE_POSITIONS["answer_on_top"])
    good = best_moves(game)
    wrong = [m for m in game.legal_moves() if m not in good]
    empty = {m: game.height - game.height_of(int(m)) for m in game.legal_moves()}
    proofs = prove_columns(game, good, zugzwang=False)  # the proof the exercise teaches: claimeven
    told: dict[str, str] = {}
    top_row = {m: same_column_top_row(game, m) for m in good}

    def judge(move: str) -> tuple[bool, str]:
        if move not in told:
            words = outcome_words(game, move, hide=() if move in good else good)
            told[move] = words[:1].upper() + words[1:]  # a sentence of its own after the count
        if move in good:
            proved = proofs.get(move)
            why = (
                tr(
                    "Answering on top takes the last cell of every column, so yellow fills the whole of row {row}: "
                    "five in a row for yellow. In this game the cells red gets never line up five for red, as the "
                    "computer's proof shows. In another game they might: red could make five across a row whose "
                    "cells all go to red, and win first.",
                    row=game.height,
                )
                if top_row[move] and proved is not None and proved.proof is not None
                else ""
            )
            return True, " ".join(
                [
                    tr(
                        "Right: every column now has an even number of empty cells, so yellow can answer every "
                        "red disc on top of it."
                    ),
                    *([why] if why else []),
                    told[move],
                ]
            )
        if empty[move] % 2:
            return False, tr("Not column {move}: {words}", move=move, words=told[move])
        return False, ntr(
            "Not column {move}: it has {n} empty cell now, and your disc would leave it {left}. {words}",
            "Not column {move}: it has {n} empty cells now, and your disc would leave it {left}. {words}",
            empty[move],
            move=move,
            left=empty[move] - 1,
            words=told[move],
        )

    def more(answer: Any) -> str:
        move = parse_column(game, answer)
        found = proofs.get(move)
        if found is None or found.proof is None:
            return ""
        return tr(
            "The computer's proof that yellow cannot lose after column {move}: {why}",
            move=move,
            why=proof_reason(found.proof, found.after, lang=get_language()),
        )

    return ConnectExercise(
        tr(
            "Yellow to move. Yellow wants to answer every red disc on top of it, in the same column, "
            "until the grid is full. Which column makes that possible?"
        ),
        column_checker(game, judge),
        hint=tr(
            "Imagine red drops into a column and yellow answers on top. In which columns would red's disc take "
            "the last empty cell, so that yellow has nowhere to answer? Count the empty cells of each column. Your "
            "disc must leave no such column."
        ),
        answer=tr("Column {columns}", columns=tr(" or ").join(good)),
        solutions=good,
        wrong=wrong,
        key="answer_on_top",
        game=game,
        more=more,
        more_label=tr("Show the computer's proof"),
    )


def _zugzwang_facts(game: ConnectGame) -> dict[str, Any]:
    """The "under_threat" count, exactly: the columns with a ✗ cell (under the opponent's threats), the empty
    cells outside them, who is to move, who fills the last of those cells and who must then fill a ✗ cell."""
    danger = sorted({c for c, r in threat_cells(game, 1 - game.to_move)})
    others = [c for c in range(game.width) if game.column_number(c) is not None and c not in danger]
    empty = sum(game.height - len(game.grid[c]) for c in others)
    mover = game.to_move
    forced = mover if empty % 2 == 0 else 1 - mover  # the player to move when those cells run out
    return dict(
        danger=danger,
        columns=[game.column_number(c) for c in danger],
        others=others,
        empty=empty,
        mover=mover,
        last=1 - forced,
        forced=forced,
    )


def _stuck(game: ConnectGame, owner: int) -> tuple[list[int], int, int]:
    """Who must fill a ✗ cell under ``owner``'s threats in ``game`` if both players drop only elsewhere: (the
    columns with a ✗ cell, the empty cells outside them, the seat that is to move when those run out)."""
    danger = sorted({c for c, r in threat_cells(game, owner)})
    others = [c for c in range(game.width) if game.column_number(c) is not None and c not in danger]
    empty = sum(game.height - len(game.grid[c]) for c in others)
    return [game.column_number(c) for c in danger], empty, game.to_move if empty % 2 == 0 else 1 - game.to_move


def zugzwang_exercise() -> ConnectExercise:
    """The zugzwang after one safe drop: in the "under_threat" position the player to move drops one disc into a
    safe cell (outside the ✗ columns); does that change who must fill a ✗ cell?  It does not: one safe cell fewer
    and the other player's turn cancel out.  Checked on the board for every safe drop (the same ✗ columns, no
    five, the same player stuck), never assumed; each wrong choice told its own reason."""
    game = position("under_threat")
    mover, owner = game.to_move, 1 - game.to_move
    columns, empty, forced = _stuck(game, owner)
    for m in game.legal_moves():
        if int(m) in columns:
            continue
        after = game.copy()
        after.play(m)
        if after.winner() is not None or _stuck(after, owner)[::2] != (columns, forced):
            raise ValueError(f"column {m}: a safe drop that changes who is stuck; the exercise needs another position")
    colour = {seat: tr(COLOUR_NAMES[seat]) for seat in (0, 1)}
    values = dict(
        mover=colour[mover],
        other=colour[1 - mover],
        forced=colour[forced],
        n=empty,
        left=empty - 1,
        names=tr(" or ").join(map(str, columns)),
    )
    # the choices name no colour: who is stuck is exercise 3's answer, just above
    right = tr("The same player as before: one safe cell fewer, and the other player's turn")
    worded = {
        right: tr(
            "Right: {n} safe cells with {mover} to move, or {left} with {other} to move, run out on the same "
            "player. Whoever fills the last safe cell is the same either way, so {forced} still has to drop into "
            "column {names}. A safe drop cannot get out of zugzwang.",
            **values,
        ),
        tr("The other player: the turn has passed, so the count starts from them"): tr(
            "The turn passed, but one safe cell went with it. Number the safe cells that are left from {other}'s "
            "turn: who fills the last one?",
            **values,
        ),
        tr("The other player: one safe cell fewer turns an even count odd, or an odd count even"): tr(
            "The count's kind did change, but so did whose turn it is. Number the safe cells that are left from "
            "{other}'s turn: who fills the last one?",
            **values,
        ),
        tr("It depends: the column {mover} drops into decides who runs out", **values): tr(
            "Any safe cell will do: only how many safe cells are left, and whose turn it is, decide who runs out. "
            "Every safe drop leaves one safe cell fewer, with {other} to move.",
            **values,
        ),
    }
    choices = list(worded)
    exercise = ConnectExercise(
        tr(
            "Same position, but {mover} drops one disc into a safe cell first (not column {names}), and nobody "
            "wins with it. Now {other} is to move. Who has to fill a ✗ cell in the end now?",
            **values,
        ),
        choice_checker(right, worded),
        hint=tr(
            "Count the safe cells left after that disc, and number them from the new player's turn, as in exercise 3."
        ),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key="zugzwang",
        game=game,
        click=False,
    )
    # on paper the board is the position before the drop the question adds: its caption says so, not "red to move"
    exercise.game.paper_caption = tr(
        "5 en raya — the position before {mover}'s safe drop; after it, {other} is to move (X red, O yellow)", **values
    )
    return exercise


def zugzwang_who_exercise() -> ConnectExercise:
    """The zugzwang itself: number the safe cells 1, 2, 3 … in the order they are filled; who has to drop into a
    ✗ cell, and which number is the last safe cell that player fills?  Typed as a colour and a number, so a guess
    of the colour alone does not pass; each common slip (the last cell itself, the share instead of the number,
    the other colour) told its own reason."""
    game = position("under_threat")
    f = _zugzwang_facts(game)
    n, mover, forced = f["empty"], f["mover"], f["forced"]
    names = tr(" or ").join(map(str, f["columns"]))
    colour = {seat: tr(COLOUR_NAMES[seat]) for seat in (0, 1)}
    last_own = n - 1  # the stuck player filled the cell before the last one; the other filled cell n
    odd_even = {mover: tr("the odd cells"), 1 - mover: tr("the even cells")}
    values = dict(
        n=n,
        k=last_own,
        mover=colour[mover],
        other=colour[1 - mover],
        forced=colour[forced],
        winner=colour[1 - forced],
        names=names,
        kind=odd_even[forced],
    )
    alternate = tr(
        "Turns go {mover}, {other}, {mover} …: {mover} fills the odd cells 1, 3, 5 …, {other} the even ones 2, 4, 6 …",
        **values,
    )

    def parse(answer: Any) -> tuple[int, int]:
        """The one colour and the one number in a typed answer ("red 19", "RED 19.", "cell 19 red", "red 19th";
        other words and punctuation ignored); ValueError saying what is missing or ambiguous (the same words for either
        colour, so a refusal never tells which colour is right)."""
        if not isinstance(answer, str):
            raise ValueError(tr("Type a colour and a number, for example: red 5."))
        words = re.sub(r"[^\w]+", " ", answer.lower()).split()
        seats = {seat for w in words for seat in (0, 1) if w in (colour[seat].lower(), COLOUR_NAMES[seat])}
        # a number may be written as an ordinal: 19th, 19º, 19.º, 19ª
        numbers = [int(n.group(1)) for w in words if (n := re.fullmatch(r"(\d+)(?:st|nd|rd|th|º|ª|o|a)?", w))]
        if len(seats) == 1 and not numbers:
            raise ValueError(
                tr(
                    "Type the number too: the colour, then the number of the last safe cell that player fills, "
                    "like this: red 5."
                )
            )
        if len(words) == 1 and len(numbers) == 1:  # the number alone
            raise ValueError(tr("Type the colour too: who fills that cell? Like this: red 5."))
        if len(seats) != 1 or len(numbers) != 1:
            raise ValueError(
                tr('"{answer}" is not a colour and a number. Type them like this: red 5.', answer=answer.strip())
            )
        return seats.pop(), numbers[0]

    def check(answer: Any) -> tuple[bool, str]:
        try:
            seat, k = parse(answer)
        except ValueError as refusal:
            return False, str(refusal)
        if seat == forced and k == last_own:
            return True, tr(
                "Right: {mover} fills the odd cells, {other} the even ones. Cell {n}, the last safe one, goes to "
                "{winner}, after {forced}'s cell {k}. Then {forced} must drop into column {names}, and {winner} "
                "makes five on top. That is zugzwang: {forced} loses because it has to move.",
                **values,
            )
        if seat == forced and k == n:
            return False, tr("Cell {n} is the last safe cell, but {forced} fills {kind}. Who fills cell {n}?", **values)
        if seat == forced and k == n // 2 or seat == forced and k == (n + 1) // 2:
            return False, tr(
                "That is how many safe cells {forced} fills. Type the number of its last one instead, numbering "
                "the cells 1, 2, 3 … in the order they are filled.",
                **values,
            )
        if seat == forced:
            return False, tr(
                "Not cell {answer}. {turns} Count the safe cells first: they run out at that number.",
                answer=k,
                turns=alternate,
            )
        if k == n:
            return False, tr(
                "Cell {n}, the last safe cell, does go to {winner}. Then it is the other player's turn, and only the ✗ "
                "cells are left.",
                **values,
            )
        return False, tr(
            "Not {winner}. {turns} Count the safe cells: is that number odd or even? Whoever fills the last safe "
            "cell leaves only the ✗ cells to the other player.",
            winner=colour[seat],
            turns=alternate,
        )

    right = f"{colour[forced]} {last_own}"
    return ConnectExercise(
        tr(
            "Nobody wants to drop into columns {names}. The other empty cells are safe. Number them 1, 2, 3 … as "
            "they fill up. Who has to drop into a ✗ cell first? Type that colour and the number of their last safe "
            "cell, like: red 5.",
            names=tr(" and ").join(map(str, f["columns"])),
        ),
        check,
        hint=tr("Take turns, starting with the player to move: who fills the odd cells, who the even ones?"),
        answer=right,
        solutions=[right],
        wrong=sorted(
            {
                f"{colour[forced]} {n}",
                f"{colour[forced]} {n // 2}",
                f"{colour[1 - forced]} {n}",
                f"{colour[1 - forced]} {last_own}",
                f"{colour[forced]} {n - 3}",
            }
        ),
        key="zugzwang_who",
        game=game,
        click=False,
    )
