"""5 en raya practice: the problem set of solver-checked positions, the column-and-score exercise and the
practice prompts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, ClassVar, Sequence
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.connect.solver import solve
from gamekit.connect.threats import playable_threats, safe_cells, threat_cells
from gamekit.i18n import ntr, tr
from gamekit.puzzles.sets import ProblemSet
from gamekit.widgets.exercise import Exercise
from gamekit.connect.lesson_exercise import cell_name, drop_words, line_way, outcome_words, parse_column, principal_line
from gamekit.connect.lesson_pictures import SUBJECT
from gamekit.connect.lesson_positions import best_moves, immediate_wins, move_scores
from gamekit.connect.puzzle_text import HINTS


@dataclass(frozen=True)
class ConnectProblemSet(ProblemSet):
    """A 5 en raya lesson's "More practice" set: the bank's puzzles, each asked with :func:`practice_prompt` (what
    is at stake in that very position) instead of the bank's generic question, so the page, the guide and the
    worksheets ask the same.  ``by_hand``: lesson 3's set, searched by hand like the computer does."""

    by_hand: bool = False
    made: tuple[tuple[str, Callable[[], Exercise]], ...] = ()
    """``(id, factory)`` of problems the lesson makes itself where the bank holds none (PopOut: the bank has no
    PopOut position), asked after the bank's, each checked as the lesson's own exercises are; the id names it on the
    page, in the guide and on the worksheet (:class:`MadeProblem`)."""
    positions: tuple[str, ...] = ()
    """Move strings of 5 en raya positions the lesson makes itself for the last items, where the bank has too few
    of the kind needed (lesson 3: endgames small enough to search by hand); each becomes a puzzle exactly as the
    bank's are made (:func:`made_puzzle`, the exact solver's verdict), and must have its item's theme and band."""
    bank_questions: ClassVar[bool] = False  # it asks and answers in its own words (what follows the drop)

    def __post_init__(self) -> None:
        super().__post_init__()
        if (
            not isinstance(self.positions, tuple)
            or not all(isinstance(m, str) for m in self.positions)
            or len(self.positions) > len(self.items)
        ):
            raise ValueError(
                tr("positions={value!r}: a tuple of move strings, at most one for each item", value=self.positions)
            )
        if not isinstance(self.made, tuple) or not all(
            isinstance(m, tuple) and len(m) == 2 and isinstance(m[0], str) and callable(m[1]) for m in self.made
        ):
            raise ValueError(
                tr("made={value!r}: a tuple of (id, function that makes an exercise) pairs", value=self.made)
            )

    def puzzles(self) -> tuple:
        """The bank's picks for the first items (the same ones every time), then the puzzles made from
        :attr:`positions`, each checked against its item's theme and band (ValueError naming the position)."""
        if not self.positions:
            return super().puzzles()
        import dataclasses

        picks = self.items[: len(self.items) - len(self.positions)]
        bank = dataclasses.replace(self, items=picks, positions=()).puzzles() if picks else ()
        made = []
        for moves, (theme, band) in zip(self.positions, self.items[len(picks) :]):
            puzzle = made_puzzle(moves)
            if puzzle is None or theme not in puzzle.themes or puzzle.band != band:
                raise ValueError(
                    tr(
                        "positions: {moves!r} is no {band} puzzle of the theme {theme!r}",
                        moves=moves,
                        band=band,
                        theme=theme,
                    )
                )
            made.append(puzzle)
        return tuple(bank) + tuple(made)

    def exercises(self, make: Callable[..., Exercise] = Exercise, **extra: Any) -> list[Exercise]:
        from gamekit.puzzles.sets import puzzle_exercise

        out = []
        for puzzle, (theme, _) in zip(self.puzzles(), self.items):

            def build(prompt, check, *, position=None, solutions=(), value=puzzle.facts["best"], hint="", **k):
                return make(
                    practice_prompt(position, solutions, value, by_hand=self.by_hand),
                    _hiding_answers(check, position, solutions, puzzle.refutations, value, theme),
                    position=position,
                    solutions=solutions,
                    hint=fitting_hint(hint, position, theme),
                    **k,
                )

            ex = puzzle_exercise(puzzle, build, theme=theme, **extra)
            out.append(column_and_score_exercise(ex, make) if self.by_hand else ex)
        if self.by_hand:  # searched by hand: the smallest tree first (a stable sort keeps the bank's order otherwise)
            out.sort(key=lambda e: empty_cells(getattr(e, "game", None) or e.position))
        for pid, factory in self.made:
            ex = factory()
            ex.puzzle = MadeProblem(pid)
            out.append(ex)
        return out


@lru_cache(maxsize=None)
def made_puzzle(moves: str):
    """The puzzle at the 5 en raya position ``moves`` (played from the start), made as the bank makes its puzzles
    (:func:`gamekit.puzzles.connect.candidate`: the exact solver's verdict on every drop, the themes, the rating),
    or None when the position is no puzzle."""
    from gamekit.puzzles.connect import candidate

    return candidate(FiveInARow.from_moves(moves), time_budget=30.0)


@dataclass(frozen=True)
class MadeProblem:
    """Where a bank puzzle would stand for a problem a lesson makes itself (:attr:`ConnectProblemSet.made`): its id,
    which matches the page's problem to the guide's and the worksheet's, and its facts as a bank puzzle states them
    (``best`` 1: the made problems are wins at once for the player to move, the goal "Try a similar one" reads)."""

    id: str
    facts: dict = field(default_factory=lambda: {"best": 1})


def empty_cells(game: ConnectGame) -> int:
    """How many cells of ``game``'s grid are still empty."""
    return game.variant.cells - game.discs_on_board


HAND_MEDIUM = 6
"""A position searched by hand with at most this many empty cells is "medium" (lesson 3's exercise 3, five empty
cells, is medium too); a bigger one is "hard"."""


def fitting_hint(hint: str, game: ConnectGame, theme: str | None) -> str:
    """A practice problem's Hint whose idea fits the board: the odd/even-rows question asks about the rows of the
    threats, so a board with no threat cell (either player's) gets the zugzwang question instead (count the empty
    cells: who runs out of safe drops first), the rest of the hint (how many answers) unchanged."""
    rows = tr(HINTS["odd_even_threat"])
    if theme == "odd_even_threat" and rows in hint and not any(threat_cells(game, seat) for seat in (0, 1)):
        return hint.replace(rows, tr(HINTS["zugzwang"]))
    return hint


def _hiding_answers(
    check: Callable[[Any], tuple[bool, str]],
    game: ConnectGame,
    solutions: Sequence[str],
    refutations: dict,
    best: int,
    theme: str | None = None,
) -> Callable[[Any], tuple[bool, str]]:
    """A practice puzzle's ``check`` whose wrong-answer feedback tells what follows from the pupil's own drop
    (:func:`outcome_words`) without naming an accepted column: the bank's line of best play often starts with the
    answer itself.  The bank's exact value after the drop (``refutations``, for the player to move) judges it even
    in an early position, where no line of best play is shown.  A right answer is told what the drop does
    (:func:`practice_right_words`, with ``best``, the bank's value of the position for the player to move, and
    ``theme``, the idea the hint points to); a refused input is judged by ``check`` unchanged."""
    accepted = [str(s) for s in solutions]

    def checked(answer: Any) -> tuple[bool, str]:
        ok, feedback = check(answer)  # a refused input raises here, with its reason
        column = parse_column(game, answer)
        if ok:
            return ok, practice_right_words(game, column, best, theme)
        value = refutations[column]["value"] if column in refutations else None
        words = tr(
            "Not column {move}: {words}", move=column, words=outcome_words(game, column, hide=accepted, value=value)
        )
        mistake = double_threat_mistake(game, column, accepted, refutations) if theme == "stop_double_threat" else None
        return False, f"{words} {mistake}" if mistake else words

    return checked


def double_threat_mistake(game: ConnectGame, column: str, accepted: Sequence[str], refutations: dict) -> str | None:
    """What a wrong drop of a *stop the double threat* problem lets the other player do, worked out on the board
    after it (:func:`gamekit.puzzles.connect_defence.double_threat_reply`, the solver's line first): drop where two
    threats appear at once, of which only one can be blocked.  The drop and the two cells are named unless one of
    them is in an accepted answer's column (the retry would be given away); None when the other player has no such
    drop (a five at once, or a slower loss, is told by the line of best play)."""
    from gamekit.puzzles.connect_best_line import after_drop
    from gamekit.puzzles.connect_cells import cell_words
    from gamekit.puzzles.connect_defence import DOUBLE_HIDDEN, DOUBLE_MISTAKE, double_threat_reply

    after = after_drop(game, column)
    found = double_threat_reply(after, (refutations.get(column) or {}).get("line") or [])
    if found is None:
        return None
    drop, (a, b) = found
    other = tr(COLOUR_NAMES[1 - game.to_move])
    if drop in accepted or any(str(game.column_number(c)) in accepted for c, _ in (a, b)):
        return tr(DOUBLE_HIDDEN, n=column, other=other)
    return tr(DOUBLE_MISTAKE, n=column, m=drop, other=other, a=cell_words(game, a), b=cell_words(game, b))


def stop_double_words(game: ConnectGame, column: str) -> str | None:
    """A right drop of a *stop the double threat* problem told what its hint asks about: after it the other player
    has no drop that makes two threats at once (nor a five at once), worked out on the board; None otherwise (the
    drop is right for another reason, told by what the disc does)."""
    from gamekit.puzzles.connect_best_line import after_drop, wins_at_once
    from gamekit.puzzles.connect_defence import double_threat_reply

    after = after_drop(game, column)
    if after.is_over() or wins_at_once(after) or double_threat_reply(after) is not None:
        return None
    return tr(
        "Right: after column {column}, {them} has no drop that makes two threats at once.",
        column=column,
        them=tr(COLOUR_NAMES[1 - game.to_move]),
    )


def _five_through(game: ConnectGame, cell: tuple[int, int], seat: int) -> tuple[tuple[int, int], ...] | None:
    """A line through ``cell`` whose other cells all hold ``seat``'s discs (side discs count), or None."""
    for line in game.variant.lines():
        if cell in line and all(game.cell(c, r) == seat for c, r in line if (c, r) != cell):
            return line
    return None


def zugzwang_words(after: ConnectGame) -> str | None:
    """The parity reason behind a zugzwang drop, counted on the board after it: the player who just dropped has
    threat cells out of reach, the other player has none, and the empty cells outside the columns of those threats
    run out on the other player (an even count with that player to drop next), who must then drop under a threat.
    None otherwise: with no threat of the dropper's, or with threats of both players (then forced replies change
    the count), or when the dropper is the one who runs out, the count is not why the drop is right; and where a
    safe cell lies below a ✗ cell (lesson 2's count, :func:`~gamekit.connect.threats.safe_cells`, then differs from
    the cells outside the threats' columns), so the words never state a count the lesson's rule would not give."""
    nxt, mover = after.to_move, 1 - after.to_move
    mine = [(c, r) for c, r in threat_cells(after, mover) if r > len(after.grid[c])]
    if not mine or threat_cells(after, nxt):
        return None
    columns = sorted({c for c, _ in mine})
    others = [c for c in range(after.width) if after.column_number(c) is not None and c not in columns]
    empty = sum(after.height - len(after.grid[c]) for c in others)
    if empty % 2 or empty != len(safe_cells(after)):  # told only where lesson 2's count gives the same cells
        return None
    where = ntr(
        "column {columns}, where your threat is",
        "columns {columns}, where your threats are",
        len(columns),
        columns=tr(" and ").join(str(after.column_number(c)) for c in columns),
    )
    return ntr(
        "Right: after your drop, {n} empty cell is left outside {where}. {n} is even and {forced} drops next, so "
        "{forced} runs out of safe drops first and must drop under your threat.",
        "Right: after your drop, {n} empty cells are left outside {where}. {n} is even and {forced} drops next, so "
        "{forced} runs out of safe drops first and must drop under your threat.",
        empty,
        where=where,
        forced=tr(COLOUR_NAMES[nxt]),
    )


def later_threat_words(game: ConnectGame, column: str) -> str | None:
    """Why a right drop that wins by force wins, read off the exact solver's line of best play after it (the loser
    holding out longest): a threat of the other player's that it throws away (it drops under its own threat and
    the winner blocks on top), the new threats the winner makes along the line, and whether the other player must
    in the end drop right under the winning cell, as sentences.  None when the line does not end in the dropper's
    five."""
    mover = game.to_move
    after = game.copy()
    after.play(column)
    if after.is_over():
        return None
    line, end = principal_line(after, limit=after.variant.cells)
    if end.winner() != mover:
        return None
    me, them = tr(COLOUR_NAMES[mover]), tr(COLOUR_NAMES[1 - mover])
    g, thrown, made = after.copy(), None, set()
    before = set(threat_cells(after, mover))
    for i, m in enumerate(line):
        c = g.grid_column(int(m))
        if g.to_move != mover and thrown is None and (c, len(g.grid[c]) + 1) in threat_cells(g, g.to_move):
            thrown = m if line[i + 1 : i + 2] == [m] else None  # blocked on top at once
        g.play(m)
        if not g.is_over():
            made |= set(threat_cells(g, mover)) - before
    words = []
    if thrown is not None:
        words.append(
            tr(
                "With best play {them} soon drops in column {column}, right under its own threat, and {me} "
                "blocks on top. That threat is gone.",
                them=them,
                me=me,
                column=thrown,
            )
        )
    if made:
        cells = [cell_name(g, c, r) for c, r in sorted(made)]
        words.append(
            ntr(
                "Later {me} makes a new threat: {cells}.",
                "Later {me} makes new threats: {cells}.",
                len(cells),
                me=me,
                cells=tr(" and ").join([", ".join(cells[:-1]), cells[-1]]) if len(cells) > 1 else cells[0],
            )
        )
    if len(line) >= 2 and line[-2] == line[-1]:
        words.append(
            tr(
                "In the end {them} runs out of other drops and must drop right under one, and {me} makes five on top.",
                them=them,
                me=me,
            )
        )
    return " ".join(words) or None


def practice_right_words(game: ConnectGame, column: str, best: int, theme: str | None = None) -> str:
    """A right practice drop told what it does, computed from the position: the five it makes (and which way it
    runs), or the cell it takes where the other player would have made five (and which way that line runs), or,
    for a zugzwang (``theme``), the count of safe drops the hint asks about (:func:`zugzwang_words`), for a
    double threat the two threats it makes at once (:func:`double_threat_words`), or what
    it builds (a new threat, or the mover's best line through it); then what best play gives (``best``: the value
    of the position for the player to move, 1 a win, 0 a draw, -1 a loss)."""
    mover = game.to_move
    me, them = tr(COLOUR_NAMES[mover]), tr(COLOUR_NAMES[1 - mover])
    col = game.grid_column(int(column))
    cell = (col, len(game.grid[col]))
    after = game.copy()
    after.play(column)
    if after.winner() == mover:
        line = _five_through(after, cell, mover)
        return tr(
            "Right: column {column} makes five {way}: {me} wins at once.",
            column=column,
            way=line_way(after, line),
            me=me,
        )
    blocked = _five_through(game, cell, 1 - mover)
    if blocked is not None:
        does = tr(
            "Right: column {column} takes the cell where {them} would have made five {way}.",
            column=column,
            them=them,
            way=line_way(game, blocked),
        )
    else:
        does = (
            (zugzwang_words(after) if theme == "zugzwang" else None)
            or (double_threat_words(game, column) if theme == "double_threat" else None)
            or (stop_double_words(game, column) if theme == "stop_double_threat" else None)
            or tr("Right: your disc {what}.", what=drop_words(after, mover))
        )
        later = (
            later_threat_words(game, column)  # not the count: the solver's line says why the drop wins
            if theme == "zugzwang" and best > 0 and not zugzwang_words(after)
            else None
        )
        if later:
            does = tr("Right: {words}", words=later[:1].lower() + later[1:])
    if best > 0:
        then = tr("{colour} wins with best play from here.", colour=SUBJECT[mover]())
    elif best == 0:
        then = tr("Best play from here ends in a draw.")
    else:
        then = tr("{colour} still wins with best play, but this drop holds out longest.", colour=SUBJECT[1 - mover]())
    return f"{does} {then}"


def double_threat_words(game: ConnectGame, column: str) -> str | None:
    """A double-threat drop told what its hint asks about: the two (or more) new threat cells it makes that a disc
    can reach at once, by column, so the other player can block only one.  None when the drop makes fewer than
    two such threats (the caller then says what the disc does instead)."""
    mover = game.to_move
    after = game.copy()
    after.play(column)
    new = sorted(set(playable_threats(after, mover)) - set(playable_threats(game, mover)))
    if len(new) < 2:
        return None
    columns = [str(game.column_number(c)) for c, _ in new]
    return tr(
        "Right: column {column} makes two threats at once, in columns {where}: {them} can block only one.",
        column=column,
        where=tr(" and ").join([", ".join(columns[:-1]), columns[-1]]),
        them=tr(COLOUR_NAMES[1 - mover]),
    )


def column_and_score_exercise(ex: Exercise, make: Callable[..., Exercise] = Exercise) -> Exercise:
    """Lesson 3's practice: a bank position searched by hand, answered with the best column *and* its score (the
    lesson's two ideas, minimax and reading a score), so a guess among three columns rarely hits.  The column is
    judged by the exact solver's scores, as minimax picks: the best column is the one with the highest score, so a
    drop that also wins, but later, is not best (a wrong one is told what best play does after it, never the best
    score); each common slip with the score (the sign, the disc number for the score, a win called a draw or the
    other way round) gets its own reason.  The hint is this lesson's own idea (minimax: each column is worth the
    other player's best answer to it; the scoring rule), never the bank theme the position was drawn from, and how
    many answers *this* exercise accepts: one per best column, not one per winning column of the bank.  The answer
    shown is said in words ("column 1, score +2 or column 2, score +2"), never as a bare list of numbers."""
    from gamekit.connect.teach_pictures import explain_score, parse_column_and_score, score_slip

    game = ex.position
    best = solve(game)  # the score of the position = the score of each best column
    top = game.variant.cells // 2 + 1  # a win with disc number n scores top − n
    colour = tr(COLOUR_NAMES[game.to_move])
    signed = lambda v: f"{v:+d}" if v else "0"
    scores = move_scores(game)  # each column's exact score for the player to move
    columns = [m for m, v in scores.items() if v == best]
    others = [m for m in game.legal_moves() if m not in columns]

    def check(answer: Any) -> tuple[bool, str]:
        column, k = parse_column_and_score(game, answer)
        if column not in columns:  # what best play does after it; not the best column's score
            words = outcome_words(game, column, hide=columns)
            if best > 0 and scores.get(column, 0) > 0:  # a win too, but a slower one: minimax takes the highest
                words += " " + tr("It wins too, but later: minimax picks the column with the highest score.")
            return False, tr("Not column {move}: {words}", move=column, words=words)
        if k == best:
            return True, tr(
                "Right: column {column}, score {score} for {colour}: {result}.",
                column=column,
                score=signed(best),
                colour=colour,
                result=explain_score(best, game),
            )
        return False, score_slip(game, k, best)

    solutions = [f"{c}, {signed(best)}" for c in columns]
    slips = [-best, top - abs(best)] if best else [1]  # a draw: any other score is one slip
    wrong = (
        [f"{w}, {signed(best)}" for w in others]
        + [f"{columns[0]}, {signed(v)}" for v in slips]
        + ([f"{columns[0]}, 0"] if best else [])
    )
    # what is at stake (a win, a draw, a loss) is the score's half of the answer: the question does not say it
    prompt = " ".join(
        [
            tr(
                "Be the computer: only {n} cells are empty. Try each column and the best answer to it.",
                n=game.variant.cells - game.discs_on_board,
            ),
            TO_MOVE[game.to_move](),
            tr(
                "Which column is best, and what is its score for {colour}? Type both, like 4, +9 (0 for a "
                "draw, a minus sign for a loss).",
                colour=colour,
            ),
        ]
        + (
            [
                ntr(
                    "{n} column is best.",
                    "{n} columns are equally good: any of them, with its score, is right.",
                    len(columns),
                )
            ]
            if len(columns) > 1
            else []
        )
    )

    def more(answer: Any) -> str:  # the bank's whole line after the column typed
        return ex.more(parse_column_and_score(game, answer)[0]) if ex.more else ""

    typed = make(
        prompt,
        check,
        hint=tr(
            "Minimax: for each column, find the other player's best answer to it and where that leads. Each column "
            "is worth what that best answer leaves {colour}; pick the column worth most. A win with your own n-th "
            "disc scores {top} − n.",
            colour=colour,
            top=top,
        )
        + " "
        + ntr("There is only one right answer.", "There are {n} right answers: any one will do.", len(solutions)),
        answer=tr(" or ").join(tr("column {column}, score {score}", column=c, score=signed(best)) for c in columns),
        solutions=solutions,
        wrong=list(dict.fromkeys(wrong)),
        key=ex.key,
        position=game,
        leaks=tuple(dict.fromkeys(check(x)[1] for x in solutions)),
        more=more,
        **({} if make is Exercise else {"click": False}),
    )
    # the bank's level rates the position for play; searched by hand, the size of the tree decides: about the size
    # of the lesson's "medium" exercise 3 (five empty cells) is medium, a bigger one hard
    typed.level = "medium" if empty_cells(game) <= HAND_MEDIUM else "hard"
    typed.puzzle = ex.puzzle
    return typed


def practice_exclusions(
    most_empty: int | None = None, *, fewest_legal: int = 0, at_once: bool = False, typed_score: bool = False
) -> tuple[str, ...]:
    """Ids of the 5 en raya bank puzzles a lesson's practice set leaves out: those accepting more than a third of
    their legal drops (too easy to hit by chance); with ``most_empty`` those with more empty cells than that, and
    those a five now or a block settles (lesson 3's set is searched by hand, like the computer does); those with
    fewer than ``fewest_legal`` legal drops (a guess too likely to hit); and with ``at_once`` every puzzle whose
    right answers are not exactly the fives right now or the block of the opponent's five (lesson 1 has not
    taught forcing a win).  ``typed_score``: the answer is a column *and* its score (lesson 3), so a puzzle with
    several right columns is no easy guess and stays, but one a look a single drop ahead settles
    (:func:`settled_by_one_look`) goes: it needs no search.

    Every process that imports the lessons asks for these (about 0.6 s of CPU for the three lessons' sets), so the
    answer is kept between processes where a shared folder is set (:func:`gamekit.puzzles.store.kept`)."""
    from gamekit.puzzles.store import kept

    name = f"connect.practice_exclusions/{most_empty}/{fewest_legal}/{at_once}/{typed_score}"
    return kept(name, lambda: _exclusions(most_empty, fewest_legal, at_once, typed_score))


def _exclusions(most_empty: int | None, fewest_legal: int, at_once: bool, typed_score: bool) -> tuple[str, ...]:
    from gamekit.puzzles.store import load_puzzles

    out = []
    for p in load_puzzles("five_in_a_row"):
        legal = len(p.legal_answers())
        crowded = (3 * len(p.answers) > legal and not typed_score) or legal < fewest_legal
        big = most_empty is not None and (
            p.position.variant.cells - p.position.discs_on_board > most_empty or is_at_once(p.position)
        )
        later = at_once and not is_at_once(p.position, p.answers)
        one_look = typed_score and not big and settled_by_one_look(p.position)
        if crowded or big or later or one_look:
            out.append(p.id)
    return tuple(sorted(out))


def settled_by_one_look(game: ConnectGame) -> bool:
    """Whether looking one drop ahead settles ``game``: the drops that hand the opponent no five at once are exactly
    the exact solver's best drops, so "try each column and the best answer to it" (minimax) is never needed."""
    safe = []
    for m in game.legal_moves():
        game.play(m)
        try:
            if not immediate_wins(game):
                safe.append(m)
        finally:
            game.undo()
    return set(safe) == set(best_moves(game))


def is_at_once(game: ConnectGame, answers: Sequence[str] | None = None) -> bool:
    """Whether ``game`` is a lesson 1 problem: the player to move can make five right now, or must block the
    opponent's five (a threat a disc can reach now).  With ``answers`` (the right drops), also whether every
    right drop is such a five or block: a drop that only wins by force, later, is no lesson 1 answer."""
    wins = immediate_wins(game)
    if wins:
        return answers is None or set(map(str, answers)) <= set(wins)
    return bool(playable_threats(game, 1 - game.to_move))


TO_MOVE = (lambda: tr("Red to move."), lambda: tr("Yellow to move."))
"""Whose turn it is, as the first sentence of a question (one message per colour)."""


def practice_prompt(game: ConnectGame, solutions: Sequence[str], value: int, by_hand: bool = False) -> str:
    """A practice problem's question, saying what is really at stake in that position: a five right now, a block
    of the opponent's five, a win by force (not at once), or the draw to keep.  Read off the position itself
    (immediate wins, playable threats), the accepted answers and ``value``, the exact value of the position for the
    player to move (1 a win, 0 a draw, -1 a loss: the bank's verdict); ``by_hand``: lesson 3's "be the computer" set."""
    colour, other = tr(COLOUR_NAMES[game.to_move]), tr(COLOUR_NAMES[1 - game.to_move])
    wins = immediate_wins(game)
    text = TO_MOVE[game.to_move]() + " "
    if wins and set(solutions) <= set(wins):
        text += tr("One drop makes five in a line right now: find it.")
    elif wins:
        text += tr(
            "Find a winning drop. One makes five in a line right now; the others win by force, a few moves later."
        )
    elif playable_threats(game, 1 - game.to_move):
        text += tr(
            "Watch out: {other} threatens to make five with the next disc. Find the drop that stops it.", other=other
        )
    elif value > 0:
        text += tr(
            "No drop wins at once, but {colour} can force a win: {other} can defend for a while, not for ever. "
            "Find the drop that wins by force.",
            colour=colour,
            other=other,
        )
    elif value == 0:
        text += tr("Find the drop that keeps the draw: every other drop loses against best play.")
    else:
        text += tr("Every drop loses against best play: find the one that holds out longest.")
    if len(solutions) > 1:
        text += " " + ntr("{n} drop is right.", "{n} drops are equally good: any of them is right.", len(solutions))
    if by_hand:
        empty = game.variant.cells - game.discs_on_board
        text = (
            tr("Be the computer: only {n} cells are empty. Try each column and the best answer to it.", n=empty)
            + " "
            + text
        )
    return text
