"""The exercises of 5 en raya lesson 2 (threats and zugzwang): blocking, winning in one, stacked threats,
claimeven and zugzwang.
"""

from __future__ import annotations

from typing import Any
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.threats import cross_cells, playable_threats, safe_cells, threat_cells
from gamekit.i18n import get_language, ntr, tr
from gamekit.widgets.exercise import choice_checker
from gamekit.connect.lesson2_count import count_verdict
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
            "Try each column in turn. After the drop, mark red's threat cells: can yellow still block them one at "
            "a time, or are two of them one right above the other?"
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
            "Try each column in turn. After the drop, mark yellow's threat cells and ask whether red can block them "
            "one at a time. Then check that your disc does not let red reach a threat cell of its own."
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
                    "By answering on top, yellow fills the whole of row {row} and wins: the computer's proof shows "
                    "red never makes five on the way.",
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
                    why or told[move],  # two short sentences: the count, then why it wins (or what follows)
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


def on_top_fails_exercise() -> ConnectExercise:
    """When answering on top fails: red to move, every column with an even number of empty cells (so yellow could
    answer every red disc on top of it until the grid is full), and red has one threat cell, on an odd row, that no
    disc reaches yet.  The plan hands red that cell: after red's winning drop (the solver's, answered on top), red
    drops into the threat's column, yellow's answer fills the cell under it, red makes five.  Checked on the board
    (the even columns, the one threat cell and its kind of row, no yellow threat), by playing the plan out on the
    rules engine, and by the exact solver (red wins whatever yellow does).
    Four short verdicts on the plan (eight words at most, for 12-year-olds; the reasons come in the feedback), so
    the pupil judges the plan rather than points at a cell: the right one (red gets its threat cell: it is on an
    odd row, and the plan gives red the odd cells); "safe, since every column is even"
    (true of the columns, but the plan only shares out the cells, it blocks nothing); "safe, since red's threat is
    on an even row" (the row miscounted); "not safe, since some column is odd" (the columns miscounted: checked
    even here).  Two say yes and two say no, so the verdict alone is no clue.  Each wrong one gets its own reason,
    none naming the cell."""
    from gamekit.connect.solver import solve

    game = FiveInARow.from_moves(EXERCISE_POSITIONS["on_top_fails"])
    red, yellow = game.to_move, 1 - game.to_move
    columns = [c for c in range(game.width) if game.column_number(c) is not None]
    if red != 0 or any((game.height - len(game.grid[c])) % 2 for c in columns) or threat_cells(game, yellow):
        raise ValueError("on_top_fails needs red to move, every column even and no yellow threat")
    cells = threat_cells(game, red)
    if len(cells) != 1 or cells[0][1] % 2 or cells[0][1] <= len(game.grid[cells[0][0]]):
        raise ValueError(f"on_top_fails needs one red threat cell on an odd row, out of reach, not {cells}")
    (col, row) = cells[0]
    column = str(game.column_number(col))
    if solve(game, weak=True, time_limit=None) != 1:
        raise ValueError("on_top_fails: the exact solver must say red wins")
    first = next((m for m in best_moves(game) if m != column), None)  # the solver's winning drop, not the threat's
    if first is None:
        raise ValueError("on_top_fails: the solver's winning drop must be outside the threat's column")
    plan = game.copy()
    plan.play(first)
    plan.play(first)  # yellow answers on top
    while plan.winner() is None:  # then red drops into the threat's column, yellow answers on top
        plan.play(column)
    if plan.winner() != red or len(plan.grid[col]) != row + 1:
        raise ValueError("on_top_fails: answering on top must hand red the threat cell")
    values = dict(column=column, row=row + 1, below=row, first=first)
    right = tr("No: red gets its own threat cell")
    find = tr("Find red's threat cell: four red discs in a line (side discs count) and one empty cell.")
    worded = {
        right: tr(
            "Right: red's threat cell is in column {column}, row {row}, an odd row. Red's best drop is column "
            "{first}. If yellow answers on top, red then drops into column {column}, yellow's answer fills row "
            "{below}, and red drops on row {row}: five. The exact solver says red wins here whatever yellow does.",
            **values,
        ),
        tr("Yes: every column has an even number left"): " ".join(
            [
                tr(
                    "Yellow can answer on top all the way here: that part is true. But answering on top only decides "
                    "who fills which cells. It does not block a threat."
                ),
                find,
                tr("Which kind of row is it on, and who gets those cells?"),
            ]
        ),
        tr("Yes: yellow gets red's threat cell"): " ".join(
            [
                find,
                tr("Then count its row again, from 1 at the bottom: is it odd or even?"),
                tr("Who fills that kind of row when yellow answers on top?"),
            ]
        ),
        tr("No: some column has an odd number left"): tr(
            "Count the empty cells of each column again: every column here has an even number, so yellow can answer "
            "on top all the way. The plan fails for another reason. {find}",
            find=find,
        ),
    }
    choices = sorted(worded)
    return ConnectExercise(
        tr(
            "Red to move. Yellow could answer every red disc on top of it, in the same column, until the grid is "
            "full. Does that plan keep yellow safe in this game?"
        ),
        choice_checker(right, worded),
        hint=tr(
            "Find red's threat cell on the board: four red discs in a line (side discs count) and one empty cell. "
            "Is its row odd or even? Then ask who fills that kind of cell when yellow answers on top."
        ),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key="on_top_fails",
        game=game,
        click=False,
    )


def _zugzwang_facts(game: ConnectGame) -> dict[str, Any]:
    """The zugzwang count, exactly: the columns with a ✗ cell (under the threats of the one player who has any),
    the safe cells (:func:`~gamekit.connect.threats.safe_cells`, the page's one counting rule), the ✗ cells
    and every empty cell, who is to move, who fills the last safe cell and who must then fill a ✗ cell.
    ValueError unless only one player has threats and the player who must fill a ✗ cell is the other one: a ✗ cell
    under your own threat is safe for you (the page's forced-reply rule), so it would be no zugzwang."""
    owners = [seat for seat in (0, 1) if threat_cells(game, seat)]
    if len(owners) != 1:
        raise ValueError("a zugzwang count needs threats of exactly one player")
    owner = owners[0]
    cross = cross_cells(game)
    empty = len(safe_cells(game))
    mover = game.to_move
    forced = mover if empty % 2 == 0 else 1 - mover  # the player to move when those cells run out
    if forced == owner or count_verdict(game) != owner:
        raise ValueError("a zugzwang count needs the other player, not the threats' owner, to run out of safe cells")
    every = sum(game.height - len(game.grid[c]) for c in range(game.width) if game.column_number(c) is not None)
    return dict(
        columns=[game.column_number(c) for c in sorted({c for c, _ in cross})],
        empty=empty,
        cross=len(cross),
        every=every,
        mover=mover,
        owner=owner,
        last=1 - forced,
        forced=forced,
    )


ZUGZWANG_COUNT = "447176323342356627317743"
"""Lesson 2's exercise 9 (if there is time): another game, red to move, and this time the threats are red's:
column 1, row 4 and column 5, row 3, each right above its column's next cell, the ✗ cells; yellow has none.  Its ✗
columns are partly full, so the safe cells (9: neither a ✗ cell nor above one) are odd where exercise 3's are even:
red, the player to move, fills the last one, and yellow must drop under red's threat, where red makes five on top.
The ✗ cells are red's own: red may drop there, but yellow blocks at once and the turn comes back to red (the page's
later forced-reply rule), which the prompt says.  The exact solver agrees: red wins (tested)."""


def zugzwang_exercise() -> ConnectExercise:
    """Exercise 3's question on another board whose count of safe cells is odd: there the threats' owner is the
    one who runs out of safe drops, so "the same as exercise 3" is wrong and only the count answers it.  The prompt
    says what is true of the owner's own ✗ cells (the page's later forced-reply rule): red may drop there, but
    yellow blocks on top at once, so the turn comes back to red."""
    game = FiveInARow.from_moves(ZUGZWANG_COUNT)
    names = tr(" and ").join(map(str, _zugzwang_facts(game)["columns"]))
    prompt = tr(
        "Another game, red to move. This time the threats are red's, and the ✗ cells under them are the next cells "
        "of columns {names}. Yellow must not drop there. Red may, but then yellow blocks on top at once and it is "
        "red's turn again. Both players drop into safe cells for as long as they can. Who has to drop into a ✗ cell "
        "first, and why?",
        names=names,
    )
    return _who_fills_first(game, "zugzwang", prompt)


def zugzwang_who_exercise() -> ConnectExercise:
    """The zugzwang itself, on the "under_threat" board: who has to drop into a ✗ cell first, and why?"""
    game = position("under_threat")
    prompt = tr(
        "Nobody wants to drop into columns {names}. The other empty cells are safe. Both players drop only "
        "into safe cells for as long as they can. Who has to drop into a ✗ cell first, and why?",
        names=tr(" and ").join(map(str, _zugzwang_facts(game)["columns"])),
    )
    return _who_fills_first(game, "zugzwang_who", prompt)


def _who_fills_first(game: ConnectGame, key: str, prompt: str) -> ConnectExercise:
    """Who has to drop into a ✗ cell first, and why?  Four choices worded alike, each a colour and a count of safe
    cells, the colour always the one that count gives with the turns taken right, so no choice contradicts itself
    and only the count decides.  The three wrong counts are the common slips, each told its own reason: the ✗ cells
    counted as safe, every empty cell counted, one cell missed.  The right answer says what follows: the threats'
    owner makes five on top (the one stuck is always the other player: :func:`_zugzwang_facts`)."""
    f = _zugzwang_facts(game)
    n, mover, forced = f["empty"], f["mover"], f["forced"]
    colour = {seat: tr(COLOUR_NAMES[seat]) for seat in (0, 1)}
    values = dict(
        mover=colour[mover],
        other=colour[1 - mover],
        forced=colour[forced],
        winner=colour[1 - forced],
        n=n,
        names=tr(" or ").join(map(str, f["columns"])),
    )

    def choice(count: int) -> str:
        stuck = mover if count % 2 == 0 else 1 - mover  # the colour this count gives, turns taken right
        text = ntr(
            "{colour}, because there is {n} safe cell",
            "{colour}, because there are {n} safe cells",
            count,
            colour=colour[stuck],
        )
        return text[:1].upper() + text[1:]

    right = choice(n)
    count = tr("an even number") if n % 2 == 0 else tr("an odd number")
    slips = {
        n + f["cross"]: tr(
            "You counted the ✗ cells as safe. A disc in a ✗ cell lets the threat's owner make five on top. Count "
            "again without them, then take turns, starting with {mover}.",
            **values,
        ),
        f["every"]: tr(
            "You counted every empty cell. Leave out the ✗ cells and every cell above one: no disc gets there "
            "before the ✗ cell is filled. Then take turns, starting with {mover}.",
            **values,
        ),
        n - 1: tr(
            "One safe cell is missing from your count. Count again, column by column, from the lowest empty cell "
            "up to the ✗ cell or the top. Then take turns, starting with {mover}.",
            **values,
        ),
    }
    worded = {choice(k): v for k, v in slips.items()}
    worded[right] = tr(
        "Right: there are {n} safe cells, {count}. The odd-numbered ones go to {mover}, the even-numbered ones to "
        "{other}, so the last safe cell goes to {winner}. Then {forced} must drop into column {names}, and {winner} "
        "makes five on top. That is zugzwang: {forced} loses because it has to move.",
        count=count,
        **values,
    )
    if len(worded) != 4:
        raise ValueError(f"{key}: the wrong counts must differ from the right one and from each other")
    choices = sorted(worded, key=lambda c: int("".join(ch for ch in c if ch.isdigit())))  # by count: no order tells
    return ConnectExercise(
        prompt,
        choice_checker(right, worded),
        hint=tr(
            "Count the safe cells: the empty cells that are neither a ✗ cell nor above one. Then take turns, "
            "starting with the player to move: who fills the last one?"
        ),
        answer=right,
        solutions=[right],
        choices=choices,
        # the ✗ cells counted as safe first: the guide quotes it
        wrong=[choice(k) for k in slips],
        key=key,
        game=game,
        click=False,
    )
