"""Shut the Box's variants: the hooks a game calls at each step of a turn, one small class per variant.

Like python-chess's variants (a subclass of the board per variant, found by name), each variant overrides only
what it changes; :data:`VARIANT_RULES` finds one by its name, the ``variant`` string every save, widget and
lesson uses.  The game itself (:class:`gamekit.shutbox.game.ShutTheBox`) is the :class:`Table` a hook is given.
"""

from __future__ import annotations

from typing import Protocol

from gamekit.core.outcome import Termination
from gamekit.i18n import tr


class Table(Protocol):
    """What a variant's hooks read and change of the game they are called by (a
    :class:`gamekit.shutbox.game.ShutTheBox`)."""

    names: list[str]
    rules: object  # the game's Rules (``rules.scoring`` is read)
    uncovered: int  # bitmask of open tiles
    to_move: int
    phase: str
    dice: tuple[int, ...]
    scores: list[int | None]
    totals: list[int]
    out: list[bool]
    rounds: int
    limit: int
    covering: bool
    extra_turns: int
    shut_by: int | None
    opened_by: int | None
    events: list[str]

    @property
    def n_players(self) -> int: ...
    @property
    def covered_tiles(self) -> tuple[int, ...]: ...
    def is_over(self) -> bool: ...
    def best_score_so_far(self) -> int | None: ...
    def box_shut(self, end_game: bool) -> None: ...
    def score_turn(self) -> int: ...
    def next_turn(self, seat: int) -> None: ...
    def finish(self, winner: int | None, message: str, how: Termination) -> None: ...


class Variant:
    """How one variant of Shut the Box plays: the hooks :class:`ShutTheBox` calls at each step of a turn.

    Like python-chess's variants (a subclass of the board per variant, found by name), each variant is a small
    subclass that overrides only what it changes; :data:`VARIANT_RULES` finds one by its name, the ``variant``
    string every save, widget and lesson uses.  The base is the sheet's round: one turn each, the lowest
    score wins, shutting the box wins at once."""

    name = "round"
    seats: int | None = None  # the number of players it needs (None: any)
    pays_out = True  # a stake pays out (see ShutTheBox.payouts)
    # one player's game is one turn on a fresh box, scored by what is left: the exact tables of
    # gamekit.shutbox.strategy value its positions, so the puzzle bank (gamekit.puzzles.shutbox) takes them
    exact_tables = True

    def check_players(self, n: int) -> None:
        """Refuse a number of players this variant cannot seat (ValueError)."""

    def after_roll(self, game: Table, n: int) -> None:
        """Called after every roll of ``n`` dice (the pips are in ``game.dice``)."""

    def roll_again(self, game: Table, total: int) -> bool:
        """No set makes ``total``: True to roll again instead of ending the turn."""
        return False

    def after_flip(self, game: Table) -> None:
        """Called after the mover flipped a set of tiles (the box may now be shut)."""
        if game.uncovered == 0:
            game.box_shut(end_game=True)

    def end_turn(self, game: Table) -> None:
        """The mover's turn is over (no set makes the roll): score it and pass the dice, or end the game."""
        seat, score = game.to_move, game.score_turn()
        if seat + 1 < game.n_players:
            game.next_turn(seat + 1)
            return
        if game.n_players == 1:
            game.finish(None, tr("{who} scores {score}", who=game.names[seat], score=score), Termination.LOWEST_SCORE)
            return
        best = min(game.scores)  # type: ignore[type-var]
        low = [i for i, s in enumerate(game.scores) if s == best]
        if len(low) == 1:
            game.finish(
                low[0],
                tr("{who} wins with the lowest score, {score}", who=game.names[low[0]], score=best),
                Termination.LOWEST_SCORE,
            )
        else:
            game.finish(
                None,
                tr("a tie at {score} between {players}", score=best, players=", ".join(game.names[i] for i in low)),
                Termination.LOWEST_SCORE,
            )

    def scores(self, game: Table) -> tuple:
        """The per-seat scores an :class:`~gamekit.core.outcome.Outcome` reports."""
        return tuple(game.scores)

    def goal(self, game: Table) -> tuple[str, int | None]:
        """What a player to move is after: ``("shut", None)``, ``("score", None)`` (lowest expected score) or
        ``("beat", target)`` (a score below ``target``) — the Hard CPU and the Hint follow it."""
        if game.n_players == 1:
            return ("shut", None) if game.rules.scoring == "sum" else ("score", None)
        best = game.best_score_so_far()
        return ("score", None) if best is None else ("beat", best)

    def seat_text(self, game: Table, seat: int) -> str:
        """A seat's score as its player card shows it ("—" before the seat has played)."""
        score = game.scores[seat]
        return "—" if score is None else str(score)


class LongGame(Variant):
    """Two players: one covers, the other uncovers; a double banks an extra turn; shutting or opening the
    whole box wins."""

    name = "long"
    seats = 2
    pays_out = False
    exact_tables = False

    def check_players(self, n: int) -> None:
        if n != 2:
            raise ValueError(tr("the long game is for two players, not {n}", n=n))

    def after_roll(self, game: Table, n: int) -> None:
        if n == 2 and game.dice[0] == game.dice[1]:
            game.extra_turns += 1
            game.events.append(
                tr(
                    "{who} rolled a double: one extra turn banked ({n})",
                    who=game.names[game.to_move],
                    n=game.extra_turns,
                )
            )

    def roll_again(self, game: Table, total: int) -> bool:
        if game.extra_turns <= 0:
            return False
        game.extra_turns -= 1
        game.events.append(
            tr(
                "no set makes {total}: {who} spends an extra turn and rolls again",
                total=total,
                who=game.names[game.to_move],
            )
        )
        return True

    def after_flip(self, game: Table) -> None:
        who = game.names[game.to_move]
        if game.uncovered == 0:
            game.shut_by = game.to_move
            game.finish(game.to_move, tr("{who} shuts the box and wins", who=who), Termination.BOX_SHUT)
        elif not game.covered_tiles and not game.covering:
            game.opened_by = game.to_move
            game.finish(game.to_move, tr("{who} opens the whole box and wins", who=who), Termination.BOX_OPENED)

    def end_turn(self, game: Table) -> None:
        seat = game.to_move
        game.extra_turns = 0
        game.covering = not game.covering
        game.to_move = 1 - seat
        game.phase = "roll"
        who, nxt = game.names[seat], game.names[game.to_move]
        game.events.append(
            tr("{who}'s turn ends; {next} covers next", who=who, next=nxt)
            if game.covering
            else tr("{who}'s turn ends; {next} uncovers next", who=who, next=nxt)
        )

    def goal(self, game: Table) -> tuple[str, int | None]:
        return "shut", None

    def seat_text(self, game: Table, seat: int) -> str:
        if game.is_over():
            return ""
        return tr("covers") if (seat == game.to_move) == game.covering else tr("uncovers")


class ToLimit(Variant):
    """Rounds with running totals: a player reaching ``limit`` (45) is out; the last one left wins."""

    name = "to_45"
    pays_out = False
    exact_tables = False  # turns go on over rounds: a turn's value is not the tables' value

    def after_flip(self, game: Table) -> None:
        if game.uncovered == 0:
            game.box_shut(end_game=False)
            self.end_turn(game)

    def end_turn(self, game: Table) -> None:
        seat, score = game.to_move, game.score_turn()
        who = game.names[seat]
        game.totals[seat] += score
        if game.totals[seat] >= game.limit:
            game.out[seat] = True
            game.events.append(tr("{who} reaches {total} and is out", who=who, total=game.totals[seat]))
        left = [i for i in range(game.n_players) if not game.out[i]]
        if game.n_players > 1 and len(left) == 1:
            game.finish(
                left[0],
                tr("{who} is the last player left and wins", who=game.names[left[0]]),
                Termination.LIMIT_REACHED,
            )
            return
        if not left:
            game.finish(
                None,
                tr("{who} reached {total} after {rounds} rounds", who=who, total=game.totals[seat], rounds=game.rounds),
                Termination.LIMIT_REACHED,
            )
            return
        later = [i for i in left if i > seat]
        if later:
            game.next_turn(later[0])
        else:
            game.rounds += 1
            game.scores = [None] * game.n_players
            game.next_turn(left[0])

    def scores(self, game: Table) -> tuple:
        return tuple(game.totals)

    def goal(self, game: Table) -> tuple[str, int | None]:
        return "score", None

    def seat_text(self, game: Table, seat: int) -> str:
        return tr("{total} out", total=game.totals[seat]) if game.out[seat] else str(game.totals[seat])


VARIANT_RULES: dict[str, Variant] = {v.name: v for v in (Variant(), LongGame(), ToLimit())}
"""Variant name → its rules (the hooks ShutTheBox calls)."""

VARIANTS = tuple(VARIANT_RULES)
"""The variants' names: ``"round"`` (one turn each), ``"long"`` (two players, cover / uncover), ``"to_45"``."""
