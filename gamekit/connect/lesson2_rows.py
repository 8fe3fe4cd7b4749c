"""The row questions of 5 en raya lesson 2: odd and even threat rows and two threats in one column."""

from __future__ import annotations

import re
import unicodedata
from typing import Any
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.solver import solve
from gamekit.connect.threats import cross_cells, playable_threats, safe_cells, threat_cells
from gamekit.i18n import tr
from gamekit.widgets.exercise import choice_checker
from gamekit.connect.lesson_exercise import ConnectExercise, ordinal_words, principal_line
from gamekit.connect.lesson_positions import ODD_EVEN_POSITIONS, ROW_KINDS


def odd_even_exercise(name: str = "odd_even") -> ConnectExercise:
    """Tell an odd threat from an even one and say whether, by the odd/even rule of thumb of lesson 2, it helps
    the player it belongs to (the answer turns on both the row and the owner).  The position has exactly one
    threat cell, tinted and lettered; each of the four choices gets its own reason."""
    game = FiveInARow.from_moves(ODD_EVEN_POSITIONS[name])
    cells = [(seat, cell) for seat in (0, 1) for cell in threat_cells(game, seat)]
    if len(cells) != 1:
        raise ValueError(f"{name}: the position must hold exactly one threat cell, not {cells}")
    owner, (c, r) = cells[0]
    row, odd = r + 1, (r + 1) % 2
    kind = 0 if odd else 1  # odd rows are red's kind, even rows yellow's
    helps = int(owner == kind)
    right = tr(ROW_KINDS[(odd, helps)])
    values = dict(row=row, owner=tr(COLOUR_NAMES[owner]), kind=tr(COLOUR_NAMES[kind]))
    kind_words = (
        tr("Row {row} is odd, and odd rows are red's kind: red tends to fill the odd cells.", **values)
        if odd
        else tr("Row {row} is even, and even rows are yellow's kind: yellow tends to fill the even cells.", **values)
    )
    verdict = (
        tr(
            "This is a {owner} threat on {owner}'s own kind of row, so by the rule of thumb it will probably "
            "help {owner}.",
            **values,
        )
        if helps
        else tr(
            "This is a {owner} threat on {kind}'s kind of row, so by the rule of thumb it will probably not help "
            "{owner}.",
            **values,
        )
    )
    score = solve(game)  # for the player to move
    winner = None if score == 0 else (game.to_move if score > 0 else 1 - game.to_move)
    if helps == (winner == owner):
        exact = (
            tr("The exact solver agrees: {owner} wins this game with best play.", **values)
            if helps
            else tr("The exact solver agrees: {owner} does not win this game; best play ends in a draw.", **values)
            if winner is None
            else tr(
                "The exact solver agrees: {owner} does not win this game; {winner} wins with best play.",
                winner=tr(COLOUR_NAMES[winner]),
                **values,
            )
        )
    else:
        exact = tr("This time the exact solver disagrees with the rule of thumb: it is only a rule of thumb.")
    why = tr("Right.") + " " + kind_words + " " + verdict + " " + exact
    wrong_row = (
        tr("Count the rows from the bottom: the threat cell is on row {row}, and {row} is odd.", row=row)
        if odd
        else tr("Count the rows from the bottom: the threat cell is on row {row}, and {row} is even.", row=row)
    )
    # the reason, not the answer: the verdict itself is what "Show answer" gives
    wrong_help = tr(
        "The row is right. Now look at the letter: whose threat is it? Then ask whose kind of row this is: "
        "red tends to fill the odd rows, yellow the even ones."
    )
    both = tr(
        "Two slips: count the rows from the bottom (this is row {row}), and check whose threat it is (the "
        "letter in the cell).",
        row=row,
    )
    worded = {}
    for (o, h), label in ROW_KINDS.items():
        if (o, h) == (odd, helps):
            worded[tr(label)] = why
        elif o == odd:
            worded[tr(label)] = wrong_help
        elif h != helps:  # the wrong row, and the verdict that row gives for this owner: one slip
            worded[tr(label)] = wrong_row
        else:  # the wrong row, and a verdict that does not follow from it either: two slips
            worded[tr(label)] = both
    choices = list(worded)
    return ConnectExercise(
        tr(
            "This board has one threat cell, and its letter says whose it is: a disc of that colour "
            "there would make five. No disc can reach it yet. What kind of row is it on, and by the odd/even "
            "rule of thumb, will it help the player it belongs to at the end of the game?"
        ),
        choice_checker(right, worded),
        hint=tr("Count the rows from the bottom, starting at 1. Then look at the letter: whose threat is it?"),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[x for x in choices if x != right],
        key=name,
        game=game,
        click=False,
    )


WINNER_WORDS = {
    0: ("red", "rojo", "roja"),
    1: ("yellow", "amarillo", "amarilla"),
    None: (
        *("draw", "a draw", "tie", "a tie", "nobody", "neither", "no one"),
        *(f"{it} {a}{end}" for it in ("it is", "it's", "it’s", "its") for a in ("a ", "") for end in ("draw", "tie")),
        *("empate", "un empate", "es empate", "es un empate", "hay empate", "empatan", "nadie", "ninguno", "tablas"),
        "quedan en tablas",
    ),
}
"""What a pupil may type for who wins, in either language (case, accents and a final full stop ignored)."""


def parse_winner(answer: Any) -> int | None:
    """Who wins, as a pupil types it: "red", «amarillo», "draw", «empate», "nobody" … → 0, 1 or None; ValueError
    saying what to type for anything else (a refusal: no try used up)."""
    text = unicodedata.normalize("NFD", str(answer).strip().lower().rstrip(".!"))
    text = " ".join("".join(c for c in text if not unicodedata.combining(c)).split())
    for seat, words in WINNER_WORDS.items():
        if text in words or text in (f"{w} wins" for w in words) or text in (f"gana el {w}" for w in words):
            return seat
    raise ValueError(tr("“{answer}”: type red, yellow or draw.", answer=str(answer).strip()))


COLOUR_WORDS = {seat: WINNER_WORDS[seat] for seat in (0, 1)}
"""What a pupil may type for a colour, in either language."""


def parse_filler_and_end(answer: Any) -> tuple[int, int | None]:
    """Exercise 11's typed answer, two parts with a comma: the colour that will probably fill the threat cell, then
    how the game ends ("red, draw", «amarillo, gana el rojo» …) → (seat, winner or None).  ValueError saying what
    to type for anything else (a refusal: no try used up)."""
    parts = [p for p in re.split(r"[,;]|\s+(?:and|then|y|luego)\s+", str(answer)) if p.strip()]
    if len(parts) == 1:  # "red draw": the colour, a space, the end
        parts = [p for p in str(answer).strip().split(None, 1) if p.strip()]
    if len(parts) == 2:
        first = unicodedata.normalize("NFD", parts[0].strip().lower().rstrip(".!"))
        first = " ".join("".join(c for c in first if not unicodedata.combining(c)).split())
        first = re.sub(r"^(the |el |la )", "", first)
        seats = [seat for seat, words in COLOUR_WORDS.items() if first in words]
        if seats:
            try:
                return seats[0], parse_winner(parts[1])
            except ValueError:
                pass
    raise ValueError(
        tr(
            "“{answer}”: type two things with a comma between them: the colour that will probably fill the "
            "threat cell, then red, yellow or draw for the end of the game.",
            answer=str(answer).strip(),
        )
    )


def odd_even_2_exercise(name: str = "odd_even_2") -> ConnectExercise:
    """The odd/even rule of thumb used on a whole game, typed in two parts rather than picked from a list: one
    threat cell on the board (no other), its owner's letter in it, no disc can reach it yet.  Who will probably fill
    that cell at the end, and how does the game end?  The pupil works it out: the row counted from the bottom, its
    kind, the player of that kind, then what a blocked threat leaves (nobody has another threat: a draw).  The
    accepted answer is checked by the exact solver: it finds a draw, and in a drawn game the grid fills up without a
    five, so the other player does fill the threat cell.  Each wrong answer gets its own reason: the owner filling
    it ("odd rows are good", the row's kind forgotten), the right filler but a winner (who has no threat, or whose
    threat is blocked), the owner winning after all."""
    game = FiveInARow.from_moves(ODD_EVEN_POSITIONS[name])
    cells = [(seat, cell) for seat in (0, 1) for cell in threat_cells(game, seat)]
    if len(cells) != 1 or playable_threats(game, cells[0][0]):
        raise ValueError(f"{name}: the position must hold exactly one threat cell, out of reach, not {cells}")
    owner, (c, r) = cells[0]
    row, kind = r + 1, 0 if (r + 1) % 2 else 1  # odd rows are red's kind, even rows yellow's
    score = solve(game)
    winner = None if score == 0 else (game.to_move if score > 0 else 1 - game.to_move)
    if kind == owner or winner is not None:
        raise ValueError(f"{name}: needs a threat on the other player's kind of row and a drawn game")
    other = 1 - owner
    values = dict(
        row=row,
        owner=tr(COLOUR_NAMES[owner]),
        other=tr(COLOUR_NAMES[other]),
        parity=tr("an odd row") if row % 2 else tr("an even row"),
    )
    kind_slip = tr(
        "Not {owner}: a {owner} disc there would make five for {owner}. Count the rows from the bottom to the "
        "threat cell: is its row odd or even? Whose kind of row is that, so who tends to fill it?",
        **values,
    )
    end_slip = {
        other: tr(
            "The first part is right. But {other} has no threat cell here, so {other} has no line to win with.",
            **values,
        ),
        owner: tr(
            "The first part is right. But if {other} fills that cell, {owner}'s threat is blocked, and {owner} has "
            "no other threat.",
            **values,
        ),
    }
    right = tr(
        "Right: {other}, and a draw. The threat is {owner}'s, on row {row}, {parity}: {other}'s kind, so by the "
        "rule of thumb {other} will probably fill that cell and block it. And nobody has another threat. The exact "
        "solver agrees: best play ends in a draw. The grid fills up with no five, so {other} does fill that cell.",
        **values,
    )

    five = tr(
        "Not {owner}: a {owner} disc in that cell would make five, so the game would not end that way. Count the "
        "rows from the bottom to the threat cell: whose kind of row is it, so who tends to fill it?",
        **values,
    )

    def check(answer: Any) -> tuple[bool, str]:
        filler, end = parse_filler_and_end(answer)
        if filler == owner:
            return False, kind_slip if end == owner else five
        if end is None:
            return True, right
        return False, end_slip[end]

    answer = values["other"] + ", " + tr("draw")
    return ConnectExercise(
        (tr("Red to move.") if game.to_move == 0 else tr("Yellow to move."))
        + " "
        + tr(
            "One threat cell, out of reach, and no other threat. Who will probably fill that cell? How does the "
            "game end? Type a colour, a comma, then red, yellow or draw."
        ),
        check,
        hint=tr(
            "Count the rows from the bottom to the threat cell. Whose kind of row is it? That player tends to fill "
            "it. Then: is anyone left with a threat to win with?"
        ),
        answer=answer,
        solutions=[answer],
        wrong=[
            ", ".join((values[a], values[b])) for a, b in (("owner", "owner"), ("other", "other"), ("other", "owner"))
        ],
        key=name,
        game=game,
        click=False,
        leaks=(right.split(". ")[0],),  # "Right: red, and a draw"
    )


TWO_THREATS = "23123154235212433661"
"""Lesson 2's "two threats" position: red to move; one red threat cell (column 7, row 2) and one yellow threat cell
(column 4, row 4), both on even rows, in different columns, both floating above empty cells.  The page's odd/even
rule of thumb decides it (a yellow threat on an even row is the deadly kind; a red one there will probably not help
red), and the exact solver agrees: yellow wins, with its last disc, on its own threat cell."""


def two_threats_facts(game: ConnectGame) -> dict[str, Any]:
    """The facts the "two threats" exercise states, read off the board and the exact solver: each player's one
    threat cell (column and row, both counted from 1), the solver's verdict for red, the disc number yellow wins
    with, whether best play (:func:`principal_line`) has red fill the cell under its own threat and yellow block on
    top of it, and whether it ends with red filling the cell under yellow's threat and yellow completing five on
    top.  ValueError when the position is not one red and one yellow threat, both on even rows, in different
    columns, neither reachable yet, red to move."""
    ((rc, rr),) = threat_cells(game, 0) or [(None, None)]
    ((yc, yr),) = threat_cells(game, 1) or [(None, None)]
    if (
        rc is None
        or yc is None
        or rc == yc
        or rr % 2 != 1
        or yr % 2 != 1
        or game.to_move != 0
        or playable_threats(game, 0)
        or playable_threats(game, 1)
    ):
        raise ValueError(
            "the position needs one floating red threat and one floating yellow threat, both on even rows, "
            "in different columns, red to move"
        )
    score = solve(game)
    line, end = principal_line(game, limit=game.variant.cells)
    g, history = game.copy(), []
    for m in line:
        history.append((g.to_move, g.grid_column(int(m)), len(g.grid[g.grid_column(int(m))])))
        g.play(m)
    blocked = (0, rc, rr - 1) in history and (1, rc, rr) in history
    forced = end.winner() == 1 and len(history) >= 2 and history[-1] == (1, yc, yr) and history[-2] == (0, yc, yr - 1)
    return dict(
        red=(game.column_number(rc), rr + 1),
        yellow=(game.column_number(yc), yr + 1),
        score=score,
        disc=game.variant.cells // 2 + 1 + score if score < 0 else None,
        blocked=blocked,
        forced=forced,
    )


def two_threats_exercise() -> ConnectExercise:
    """A red threat and a yellow threat, both on even rows, in different columns: who wins, and why?  The page's
    odd/even rule of thumb decides it (no rule beyond the page is needed); four choices, each wrong one with its own
    reason, two of them "red" for different wrong reasons (a miscounted row) and one "nobody" (each threat gets
    blocked: true of red's, not of yellow's); the right one is the exact solver's verdict on this position, worded
    as best play shows it (red has to drop under yellow's threat), not as the rule of thumb's "usually", and its
    feedback says how the end goes; a wrong one never says who wins."""
    game = FiveInARow.from_moves(TWO_THREATS)
    f = two_threats_facts(game)
    if f["score"] >= 0 or not (f["blocked"] and f["forced"]):
        raise ValueError("the two-threats position must be a yellow win that ends on yellow's threat cell")
    values = dict(
        a=f["red"][0],
        r=f["red"][1],
        below_r=f["red"][1] - 1,
        b=f["yellow"][0],
        y=f["yellow"][1],
        below_y=f["yellow"][1] - 1,
        nth=ordinal_words(f["disc"]),
    )
    right = tr("Yellow: red must drop under yellow's threat")  # what best play shows, not the rule of thumb
    won = (
        tr("Right. The exact solver says yellow wins, with its {nth} disc, the last yellow disc of the game.", **values)
        if f["disc"] == game.variant.cells // 2
        else tr("Right. The exact solver says yellow wins, with its {nth} disc.", **values)
    )
    end = tr(
        "With best play, red fills row {below_r} of column {a} and yellow blocks on top, in row {r}. At the very "
        "end red has to drop into column {b}, row {below_y}, right under yellow's threat, and yellow makes five on "
        "top: zugzwang.",
        **values,
    )
    worded = {
        # a wrong choice is told its slip and what to look at again, never who wins: that is the answer
        tr("Red: yellow must drop under red's threat"): tr(
            "Count the rows again from the bottom, starting at 1, for each threat cell. Is each row odd or even, and "
            "whose kind of row is that?"
        ),
        tr("Nobody: each threat gets blocked in time"): tr(
            "Red's threat does get blocked: red fills row {below_r} of column {a}, and yellow drops on top. But "
            "nobody wants to fill row {below_y} of column {b}, right under yellow's threat: whoever does lets yellow "
            "make five. Which player will have to fill it in the end?",
            **values,
        ),
        right: won + " " + end,
        tr("Red: red fills its own threat cell"): tr(
            "Count again from the bottom: red's threat is on row {r}. Is that odd or even? As column {a} fills up, "
            "who tends to fill the cell under it, and who drops on top?",
            **values,
        ),
    }
    choices = list(worded)
    return ConnectExercise(
        tr(
            "Red to move. Red has one threat cell and yellow has one, in different columns, and "
            "neither can be used yet. With best play on both sides, who wins, and why?"
        ),
        choice_checker(right, worded),
        hint=tr(
            "Which kind of row is each threat on, odd or even? Whose kind is that row? Use the rules of thumb "
            'from "Odd and even threats" for each threat. You can check it by counting the safe cells, as in '
            "exercise 3."
        ),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key="two_threats",
        game=game,
        click=False,
    )


ODD_AGAINST_EVEN = "257563163652532437341"
"""Lesson 2's "odd against even" position: yellow to move; one red threat cell on an odd row (column 4, row 5) and
one yellow threat cell on an even row (column 7, row 4), each on its owner's kind of row, in different columns,
neither reachable yet.  Allis' rule for standard Connect Four (an odd threat of the first player beats an even
threat of the second in another column) says red; the exact solver agrees: red wins."""


def odd_against_even_facts(game: ConnectGame) -> dict[str, Any]:
    """The facts the "odd against even" exercise states, read off the board and the exact solver: red's one threat
    cell and yellow's one threat cell (column and row, counted from 1), the winner with best play (None for a draw)
    and the disc number of the winner's five.  ValueError unless the position has exactly one red threat on an odd
    row and one yellow threat on an even row, in different columns, neither reachable yet."""
    red, yellow = threat_cells(game, 0), threat_cells(game, 1)
    if (
        len(red) != 1
        or len(yellow) != 1
        or red[0][0] == yellow[0][0]
        or red[0][1] % 2 != 0
        or yellow[0][1] % 2 != 1
        or playable_threats(game, 0)
        or playable_threats(game, 1)
    ):
        raise ValueError("the position needs one red threat on an odd row and one yellow threat on an even row")
    score = solve(game)
    winner = None if score == 0 else (game.to_move if score > 0 else 1 - game.to_move)
    (rc, rr), (yc, yr) = red[0], yellow[0]
    return dict(
        red=(game.column_number(rc), rr + 1),
        yellow=(game.column_number(yc), yr + 1),
        winner=winner,
        disc=game.variant.cells // 2 + 1 - abs(score) if score else None,
    )


def odd_against_even_exercise() -> ConnectExercise:
    """Each player has a threat on their own kind of row, in different columns (a red one on an odd row, a yellow
    one on an even row): who wins?  The page names the case before the exercise and argues no answer; the right
    choice is the exact solver's verdict, worded as what the pupil finds by counting the cells safe for one player
    only (the page works one such count, with its forced replies, on another example); the feedback then names
    Allis' rule.  Each wrong choice gets its own reason, and the four are worded alike: the count the other way
    round, a draw (both stuck at once: the page's example ends in one), yellow filling the grid's last, even, cell;
    none is refuted on the page above, and a wrong choice is told how to count, never who wins.  The count the
    other way round is what a pupil gets by leaving out the one safe cell below a ✗ cell, so its feedback names
    that cell."""
    game = FiveInARow.from_moves(ODD_AGAINST_EVEN)
    f = odd_against_even_facts(game)
    if f["winner"] != 0:  # the exact solver: no draw, no yellow win, so each wrong choice is wrong in this game
        raise ValueError("the odd-against-even position must be a red win, as Allis' rule says")
    values = dict(
        a=f["red"][0],
        r=f["red"][1],
        below_r=f["red"][1] - 1,
        b=f["yellow"][0],
        y=f["yellow"][1],
        below_y=f["yellow"][1] - 1,
        nth=ordinal_words(f["disc"]),
    )
    count = tr(
        "Yellow must avoid column {a} row {below_r}, red column {b} row {below_y}. Count the safe cells: yellow "
        "runs out of them first, and red makes five on top.",
        **values,
    )
    # a wrong choice is told how to count, never who runs out first: that is the answer
    how = tr(
        "Yellow must avoid column {a} row {below_r}, red column {b} row {below_y}. Count the safe cells and take "
        "turns, starting with yellow: who is left with only a ✗ cell?",
        **values,
    )
    below = [(game.column_number(c), r + 1) for c, r in safe_cells(game) if (c, r + 1) in cross_cells(game)]
    if len(below) != 1:
        raise ValueError("the odd-against-even position needs one safe cell right below a ✗ cell (the slip it tests)")
    right = tr("Red: yellow runs out of safe cells first")
    worded = {
        right: tr("Right. The exact solver says red wins, with its {nth} disc.", **values)
        + " "
        + count
        + " "
        + tr(
            "Victor Allis found the same rule in standard Connect Four: a red odd threat beats a yellow even threat "
            "in another column."
        ),
        tr("Yellow: red runs out of safe cells first"): tr(
            "Did you count column {column}, row {row}? It is below a ✗ cell, not above one, so it is safe: it fills "
            "before the ✗ cell does. {how}",
            column=below[0][0],
            row=below[0][1],
            how=how,
        ),
        tr("Draw: both run out of safe cells together"): tr(
            "Here the count does not come out even: one player is left with only a ✗ cell while the other still "
            "has a safe drop. {how}",
            how=how,
        ),
        tr("Yellow: it fills the grid's last, even cell"): tr(
            "The last cell of the grid does not decide it: the game is decided earlier, when one player has only a "
            "✗ cell left to drop into. {how}",
            how=how,
        ),
    }
    choices = list(worded)
    return ConnectExercise(
        tr(
            "Yellow to move. Red has one threat cell and yellow has one, in different columns, each on its owner's "
            "kind of row. Neither can be used yet. With best play on both sides, who wins?"
        ),
        choice_checker(right, worded),
        hint=tr(
            "Find the ✗ cell under each threat: who must not drop there? Then count the safe cells, as in exercise "
            "3: the empty cells that are neither a ✗ cell nor above one. Who runs out of safe drops first?"
        ),
        answer=right,
        solutions=[right],
        choices=choices,
        wrong=[c for c in choices if c != right],
        key="odd_against_even",
        game=game,
        click=False,
    )


def new_threats(game: ConnectGame, move: str) -> list[tuple[int, int]]:
    """The threat cells of the player to move that ``move`` creates (empty cells where a further disc of that
    player would complete five, that were not such cells before), as (grid column, row from 0), sorted."""
    seat = game.to_move
    before = set(threat_cells(game, seat))
    after = game.copy()
    after.play(move)
    return sorted(set(threat_cells(after, seat)) - before)


def threat_kind(game: ConnectGame, move: str) -> str:
    """What ``move`` makes for the player to move, as lesson 2's rule of thumb sorts it: "loses" (the opponent
    then makes five at once), "playable" (a new threat a disc can reach at once, so the opponent simply blocks
    it), "own" (a new threat, out of reach for now, on the mover's own kind of row: odd for red, even for
    yellow), "other" (new threats out of reach, all on the other player's kind of row) or "none" (no new
    threat)."""
    from gamekit.connect.lesson_positions import immediate_wins

    after = game.copy()
    after.play(move)
    if immediate_wins(after):
        return "loses"
    cells = new_threats(game, move)
    if any(len(after.grid[c]) == r for c, r in cells):
        return "playable"
    own = 1 if game.to_move == 0 else 0  # odd rows (row index even) are red's kind, even rows yellow's
    if any(r % 2 == 1 - own for c, r in cells):
        return "own"
    return "other" if cells else "none"


def own_kind_threat_exercise(name: str = "own_threat") -> ConnectExercise:
    """Make a threat that helps: red, to move, has no threat yet, and exactly the drops that make a new red threat
    on an odd row (red's kind, out of yellow's reach for now) are the exact solver's best moves (checked here: the
    position is refused otherwise).  Each wrong drop is told what it made: a threat on an even row (yellow's
    kind), a threat yellow blocks at once, no threat at all, or yellow's five; then what best play gives after
    it."""
    from gamekit.connect.lesson_exercise import column_checker, outcome_words
    from gamekit.connect.lesson_positions import EXERCISE_POSITIONS, best_moves

    game = FiveInARow.from_moves(EXERCISE_POSITIONS[name])
    if game.to_move != 0 or threat_cells(game, 0):
        raise ValueError(f"{name}: red must be to move, with no threat cell yet")
    good = best_moves(game)
    kinds = {m: threat_kind(game, m) for m in game.legal_moves()}
    if sorted(m for m, k in kinds.items() if k == "own") != sorted(good):
        raise ValueError(f"{name}: the drops making a red threat on an odd row are not the solver's best")
    if "other" not in kinds.values():
        raise ValueError(f"{name}: no drop makes a red threat on an even row (the common slip)")
    told: dict[str, str] = {}

    def cells_words(move: str) -> str:
        cells = [(game.column_number(c), r + 1) for c, r in new_threats(game, move)]
        return tr(" and ").join(tr("column {column} row {row}", column=c, row=r) for c, r in cells)

    def judge(move: str) -> tuple[bool, str]:
        if move not in told:
            words = outcome_words(game, move, hide=() if move in good else good)
            told[move] = words[:1].upper() + words[1:]
        kind = kinds[move]
        rows = tr(" and ").join(str(r) for r in sorted({r + 1 for _, r in new_threats(game, move)}))
        values = dict(move=move, cells=cells_words(move), rows=rows, words=told[move])
        if kind == "own":
            return True, tr(
                "Right: column {move} gives red new threat cells ({cells}) on odd rows, red's kind, and no disc "
                "can reach them yet. {words}",
                **values,
            )
        if kind == "other":
            return False, tr(
                "Not column {move}: it makes a red threat on row {rows}, an even row. Even rows are yellow's kind: "
                "yellow can answer on top and take that cell. {words}",
                **values,
            )
        if kind == "playable":
            return False, tr(
                "Not column {move}: its threat ({cells}) can be reached at once, so yellow simply blocks it. {words}",
                **values,
            )
        if kind == "none":
            return False, tr(
                "Not column {move}: it makes no new red threat (four in a line with the fifth cell empty). {words}",
                **values,
            )
        return False, tr("Not column {move}: {words}", move=move, words=told[move][:1].lower() + told[move][1:])

    return ConnectExercise(
        tr(
            "Red to move, and nobody has a threat yet. Make a red threat that will help red: one that no disc can "
            "reach yet, on the right kind of row. Which column?"
        ),
        column_checker(game, judge),
        hint=tr(
            "For each column, look where the disc lands and which lines of five it joins. Does it leave four red "
            "discs with the fifth cell empty? On which row is that empty cell?"
        ),
        answer=tr("Column {columns}", columns=tr(" or ").join(good)),
        solutions=good,
        wrong=[m for m in game.legal_moves() if m not in good],
        key=name,
        game=game,
    )
