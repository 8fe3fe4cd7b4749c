"""Shut the Box (Cerrar la caja): the game (:class:`ShutTheBox`).

Pure Python, no widget imports.

The box has nine tiles, 1 to 9.  A turn is a run of rolls: roll the dice, then
cover a set of uncovered tiles whose sum is the roll; when no set makes the
roll the turn ends and scores the uncovered tiles.

Actions (what ``play`` takes and ``legal_moves`` lists)
------------------------------------------------------
* ``("roll", n)`` — roll ``n`` dice (1 or 2).  ``"roll"`` alone rolls the
  default number (two dice unless one die is forced).
* ``("cover", (5, 3))`` — cover tiles 5 and 3.  In the long game the second
  player uncovers: ``("uncover", (5, 3))``.  A bare tuple / set / list of tiles
  (``(5, 3)``) is read as the flip the current player makes.

``to_move`` is the seat whose action is next; the phase (``"roll"`` or
``"cover"``) says which kind.  The dice are seeded: roll ``k`` of a game with
seed ``s`` always gives the same pips, so a game is replayed exactly from its
seed and action list (that is what ``to_dict``/``from_dict`` store).

Readings of the rules sheet: the variants (docs/shutbox.md; dice options: :mod:`gamekit.shutbox.rules`)
-------------------------------------------------------------------------------------------------
* Round: each seat has one turn on a fresh box; a seat that shuts the box wins
  at once (later seats do not play) and collects a double stake from every
  other player; otherwise the lowest score wins the pot, a tie splits it
  (``winner()`` is then ``None``).  Alone, ``winner()`` is 0 when the box is
  shut, else ``None``.
* Long game (two players): seat 0 covers; when its turn ends seat 1 takes the
  box as it is and uncovers covered tiles by the same rules (the one-die rule
  looks at the tiles it still has to flip); then seat 0 covers again, and so
  on.  The first to shut the box or to open it completely wins.
  "Doubles give an extra turn": every double rolled (two dice showing the same
  pips) banks one extra turn; when a roll cannot be used, a banked extra turn
  is spent and the same player rolls again instead of passing the box.  Banked
  turns that are not used lapse when the box is passed.
* To 45: every round each player still in plays one turn on a fresh box
  (seats in order) and adds the score to a running total; shutting the box
  scores 0 and does not end the round.  A player whose total reaches 45 (or
  ``limit``) is out at once; the last player left wins.  Alone, the game ends
  when the total reaches the limit and ``rounds`` counts how long you lasted.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Iterable

from gamekit.i18n import N_, tr
from gamekit.core.errors import BadPositionError, IllegalMoveError
from gamekit.core.saved import SCHEMA_VERSION, check_header, is_int, replay
from gamekit.core.outcome import Outcome, Termination
from gamekit.game import register
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.tiles import FULL, TILES, mask_of, set_masks, sheet_key, tiles_of
from gamekit.shutbox.variants import VARIANT_RULES, VARIANTS

MAX_PLAYERS = 12


def _roll_dice(seed: Any, k: int, n: int) -> tuple[int, ...]:
    rng = random.Random(f"shutbox:{seed}:{k}")
    return tuple(rng.randint(1, 6) for _ in range(n))


def _parse_tiles(tiles: Any) -> tuple[int, ...]:
    if isinstance(tiles, (str, bytes)) or not hasattr(tiles, "__iter__"):
        tiles = (tiles,)
    out: list[int] = []
    for t in tiles:
        if isinstance(t, bool) or not isinstance(t, int):
            raise IllegalMoveError(tr("tile {t!r} is not on the box (tiles are 1 to 9)", t=t))
        if t not in TILES:
            raise IllegalMoveError(tr("tile {t!r} is not on the box (tiles are 1 to 9)", t=t))
        if t in out:
            raise IllegalMoveError(tr("tile {t} is listed twice", t=t))
        out.append(t)
    if not out:
        raise IllegalMoveError(tr("no tiles chosen: pick a set of tiles that makes the roll"))
    return tuple(sorted(out, reverse=True))


# --------------------------------------------------------------------- the game
class ShutTheBox:
    """A game of Shut the Box for one or more players.

    ``players``: a number of seats or a list of names.  ``variant``: ``"round"``
    (one turn each), ``"long"`` (two players, cover / uncover), ``"to_45"``
    (running totals, out at ``limit``).  ``stake``: each player's stake in the
    pot (round variant; see :meth:`payouts`).  ``seed``: the dice seed (a fresh
    random one when ``None``).  ``dice``: optional pips for the first rolls (a
    list of tuples, e.g. ``[(4, 5), (3,)]``), for lessons and tests; an entry
    with more pips than dice rolled uses its first pips.
    """

    def __init__(
        self,
        players: int | Iterable[str] = 1,
        rules: Rules | None = None,
        variant: str = "round",
        seed: Any = None,
        *,
        stake: int = 0,
        limit: int = 45,
        dice: Iterable[Iterable[int]] | None = None,
    ):
        if is_int(players):
            if not 1 <= players <= MAX_PLAYERS:
                raise ValueError(tr("players={players}: 1 to {most} players", players=players, most=MAX_PLAYERS))
            names = [tr("Player {n}", n=i + 1) for i in range(players)]
        elif isinstance(players, (list, tuple)):
            names = list(players)
            if not names or len(names) > MAX_PLAYERS:
                raise ValueError(tr("players={players!r}: 1 to {most} names", players=players, most=MAX_PLAYERS))
            for name in names:
                if not isinstance(name, str) or not name.strip():
                    raise ValueError(tr("player name {name!r}: a name is non-empty text", name=name))
        else:
            raise ValueError(
                tr(
                    "players={players!r}: a number of players or a list of names, e.g. 2 or ['Ana', 'Luis']",
                    players=players,
                )
            )
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise ValueError(
                tr("variant={variant!r}: choose one of {items}", variant=variant, items=", ".join(VARIANTS))
            )
        VARIANT_RULES[variant].check_players(len(names))
        if isinstance(rules, dict):
            try:
                rules = Rules(**rules)
            except TypeError:
                raise ValueError(tr("rules={rules!r}: the keys are one_die and scoring", rules=rules)) from None
        elif rules is not None and not isinstance(rules, Rules):
            raise ValueError(tr("rules={rules!r}: give Rules(...), e.g. Rules(one_die='never')", rules=rules))
        if seed is not None and not (is_int(seed) or isinstance(seed, str)):
            raise ValueError(tr("seed={seed!r}: a whole number or a text (or None for a random one)", seed=seed))
        if not is_int(stake) or stake < 0:
            raise ValueError(tr("stake={stake!r}: a whole number ≥ 0", stake=stake))
        if not is_int(limit) or limit < 1:
            raise ValueError(tr("limit={limit!r}: a whole number ≥ 1", limit=limit))
        preset: list[tuple[int, ...]] = []
        if dice is not None:
            if not isinstance(dice, (list, tuple)):
                raise ValueError(tr("dice={dice!r}: a list of rolls, e.g. [(4, 5), (3,)]", dice=dice))
            for d in dice:
                if (
                    not isinstance(d, (list, tuple))
                    or not 1 <= len(d) <= 2
                    or any(not is_int(v) or not 1 <= v <= 6 for v in d)
                ):
                    raise ValueError(
                        tr("dice entry {d!r}: a roll is a tuple of one or two pips 1 to 6, e.g. (4, 5)", d=d)
                    )
                preset.append(tuple(d))
        self.names = names
        self.rules = rules or Rules()
        self.variant = variant
        self.variant_rules = VARIANT_RULES[variant]
        self.seed = seed if seed is not None else random.randrange(2**53)  # exact in JSON read by JavaScript too
        self.stake = stake
        self.limit = limit
        self.preset_dice = preset
        self._reset()

    # ------------------------------------------------------------- state
    def _reset(self) -> None:
        n = len(self.names)
        self.uncovered = FULL  # bitmask of open tiles
        self.to_move = 0
        self.phase = "roll"  # "roll", "cover" or "over"
        self.dice: tuple[int, ...] = ()  # the last roll (pips)
        self.n_rolls = 0
        self.scores: list[int | None] = [None] * n  # this round's turn scores
        self.totals = [0] * n  # running totals (to_45)
        self.out = [False] * n  # eliminated (to_45)
        self.rounds = 1
        self.covering = True  # long game: False while seat 1 uncovers
        self.extra_turns = 0  # long game: banked extra turns
        self.shut_by: int | None = None
        self.opened_by: int | None = None
        self._winner: int | None = None
        self.resigned: int | None = None
        self._ended_by: Termination | None = None
        self.history: list[tuple] = []
        self.events: list[str] = []  # a readable log of what happened

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def remaining(self) -> int:
        """Bitmask of the tiles the player to move still has to flip."""
        return self.uncovered if self.covering else FULL & ~self.uncovered

    @property
    def open_tiles(self) -> tuple[int, ...]:
        return tiles_of(self.uncovered)

    @property
    def covered_tiles(self) -> tuple[int, ...]:
        return tiles_of(FULL & ~self.uncovered)

    @property
    def flip_kind(self) -> str:
        return "cover" if self.covering else "uncover"

    def dice_options(self) -> tuple[int, ...]:
        """The numbers of dice the player may roll now (empty unless it is time to roll)."""
        return self.rules.dice_options(self.remaining) if self.phase == "roll" else ()

    def legal_sets(self) -> list[tuple[int, ...]]:
        """The sets of tiles that make the current roll, sheet order (empty unless it is time to flip)."""
        if self.phase != "cover":
            return []
        return [sheet_key(m) for m in set_masks(sum(self.dice), self.remaining)]

    def legal_moves(self) -> list[tuple]:
        if self.phase == "roll":
            return [("roll", n) for n in self.dice_options()]
        return [(self.flip_kind, s) for s in self.legal_sets()]

    def is_over(self) -> bool:
        return self.outcome() is not None

    def winner(self) -> int | None:
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    def best_score_so_far(self) -> int | None:
        """Lowest finished turn score of this round (None before the first turn ends)."""
        done = [s for s in self.scores if s is not None]
        return min(done) if done else None

    # ------------------------------------------------------------- actions
    def roll(self, n: int | None = None, seat: int | None = None) -> tuple[int, ...]:
        """Roll ``n`` dice (default: two, or one where one die is forced)."""
        self.play(("roll", n) if n is not None else "roll", seat=seat)
        return self.dice

    def cover(self, *tiles: int, seat: int | None = None) -> None:
        """Flip ``tiles`` (cover them; in the long game's uncovering turn, uncover them)."""
        self.play(tuple(tiles), seat=seat)

    def _parse(self, action: Any) -> tuple:
        if isinstance(action, str):
            if action.strip().lower() != "roll":
                raise IllegalMoveError(tr("{action!r}: unknown action (roll, or a set of tiles)", action=action))
            return ("roll", None)
        if isinstance(action, int) and not isinstance(action, bool):
            return (self.flip_kind, (action,))
        if isinstance(action, (list, tuple)) and action and isinstance(action[0], str):
            kind = action[0].strip().lower()
            if kind == "roll":
                n = action[1] if len(action) > 1 else None
                if len(action) > 2:
                    raise IllegalMoveError(tr("{action!r}: a roll takes only the number of dice", action=action))
                return ("roll", n)
            if kind in ("cover", "uncover"):
                if len(action) != 2:
                    raise IllegalMoveError(
                        tr("{action!r}: give the tiles as one tuple, e.g. ('{kind}', (5, 3))", action=action, kind=kind)
                    )
                return (kind, action[1])
            raise IllegalMoveError(tr("{action!r}: unknown action (roll, cover or uncover)", action=action))
        if isinstance(action, (list, tuple, set, frozenset)):
            return (self.flip_kind, tuple(action))
        raise IllegalMoveError(tr("{action!r}: unknown action (roll, or a set of tiles)", action=action))

    def play(self, action: Any, seat: int | None = None) -> tuple:
        """Play ``action`` for the seat to move (checked against ``seat`` when given).

        Returns the canonical action.  Raises IllegalMoveError (game unchanged) when refused.
        """
        if self.phase == "over":
            raise IllegalMoveError(tr("{action!r}: the game is over", action=action))
        if seat is not None and (not is_int(seat) or seat != self.to_move):
            if not is_int(seat) or not 0 <= seat < self.n_players:
                raise IllegalMoveError(
                    tr(
                        "{action!r}: seat={seat!r} is not a seat (0 to {number})",
                        action=action,
                        seat=seat,
                        number=self.n_players - 1,
                    )
                )
            raise IllegalMoveError(
                tr(
                    "{action!r}: not {player}'s turn, {to_move} is to move",
                    action=action,
                    player=self.names[seat],
                    to_move=self.names[self.to_move],
                )
            )
        kind, arg = self._parse(action)
        if kind == "roll":
            if self.phase != "roll":
                raise IllegalMoveError(
                    (
                        tr(
                            "{action!r}: the dice are already rolled ({total}): cover tiles that make it",
                            action=action,
                            total=sum(self.dice),
                        )
                        if self.covering
                        else tr(
                            "{action!r}: the dice are already rolled ({total}): uncover tiles that make it",
                            action=action,
                            total=sum(self.dice),
                        )
                    )
                )
            options = self.rules.dice_options(self.remaining)
            n = arg if arg is not None else (2 if 2 in options else 1)
            if not is_int(n) or n not in (1, 2):
                raise IllegalMoveError(tr("{action!r}: roll one die or two", action=action))
            if n not in options:
                raise IllegalMoveError(
                    tr("{action!r}: {dice_reason}", action=action, dice_reason=self.rules.dice_reason(n))
                )
            canonical = ("roll", n)
            self.history.append(canonical)
            self._do_roll(n)
            return canonical
        # a flip
        if self.phase != "cover":
            raise IllegalMoveError(tr("{action!r}: roll the dice first", action=action))
        if kind != self.flip_kind:
            raise IllegalMoveError(
                tr("{action!r}: this turn covers tiles", action=action)
                if self.covering
                else tr("{action!r}: this turn uncovers tiles (the long game's uncovering turn)", action=action)
            )
        tiles = _parse_tiles(arg)
        for t in tiles:
            is_open = self.uncovered >> (t - 1) & 1
            if self.covering and not is_open:
                raise IllegalMoveError(tr("tile {t} is already covered", t=t))
            if not self.covering and is_open:
                raise IllegalMoveError(
                    tr("{action!r}: tile {t} is not covered, so it cannot be uncovered", action=action, t=t)
                )
        total = sum(self.dice)
        if sum(tiles) != total:
            raise IllegalMoveError(
                tr(
                    "{tiles} makes {sum}, not the roll {total}",
                    tiles=" + ".join(map(str, tiles)),
                    sum=sum(tiles),
                    total=total,
                )
            )
        canonical = (kind, tiles)
        self.history.append(canonical)
        self._do_flip(mask_of(tiles))
        return canonical

    def _next_pips(self, n: int) -> tuple[int, ...]:
        k = self.n_rolls
        if k < len(self.preset_dice) and len(self.preset_dice[k]) >= n:
            return self.preset_dice[k][:n]
        return _roll_dice(self.seed, k, n)

    def _do_roll(self, n: int) -> None:
        self.dice = self._next_pips(n)
        self.n_rolls += 1
        total = sum(self.dice)
        who = self.names[self.to_move]
        self.events.append(
            tr("{who} rolls {dice} = {total}", who=who, dice=" + ".join(map(str, self.dice)), total=total)
        )
        self.variant_rules.after_roll(self, n)
        if set_masks(total, self.remaining):
            self.phase = "cover"
            return
        # no set makes the roll
        if self.variant_rules.roll_again(self, total):
            self.phase = "roll"
            return
        self.variant_rules.end_turn(self)

    def _do_flip(self, m: int) -> None:
        self.uncovered ^= m
        tiles = " + ".join(map(str, sheet_key(m)))
        who = self.names[self.to_move]
        self.events.append(
            tr("{who} covers {tiles}", who=who, tiles=tiles)
            if self.covering
            else tr("{who} uncovers {tiles}", who=who, tiles=tiles)
        )
        self.phase = "roll"
        self.variant_rules.after_flip(self)

    # ------------------------------------------------------------- steps the variants' hooks take
    def box_shut(self, end_game: bool) -> None:
        """The mover has shut the box: noted, and with ``end_game`` the turn scores 0 and the mover wins."""
        seat, who = self.to_move, self.names[self.to_move]
        self.shut_by = seat if self.shut_by is None else self.shut_by
        self.events.append(tr("{who} shuts the box!", who=who))
        if end_game:
            self.scores[seat] = 0
            self.finish(seat, tr("{who} shuts the box and wins at once", who=who), Termination.BOX_SHUT)

    def score_turn(self) -> int:
        """Score the mover's finished turn (the open tiles), noted in ``scores`` and the events."""
        seat = self.to_move
        score = self.rules.score(self.uncovered)
        self.scores[seat] = score
        self.events.append(tr("{who}'s turn ends with {score}", who=self.names[seat], score=score))
        return score

    def next_turn(self, seat: int) -> None:
        """``seat`` plays next, with every tile open."""
        self.to_move = seat
        self.uncovered = FULL
        self.phase = "roll"

    def finish(self, winner: int | None, message: str, how: Termination) -> None:
        """The game ends: ``how`` and ``winner`` make its :meth:`outcome`."""
        self.phase = "over"
        self._winner = winner
        self._ended_by = how
        self.events.append(message)

    def resign(self, seat: int) -> None:
        """``seat`` gives up and the game ends at once.  With two players the other one wins; alone or
        with more players nobody wins (the others share the point in :meth:`outcome`).  Undo takes it back."""
        if not is_int(seat) or not 0 <= seat < self.n_players:
            raise IllegalMoveError(
                tr("resign({seat!r}): the seats are 0 to {number}", seat=seat, number=self.n_players - 1)
            )
        if self.phase == "over":
            raise IllegalMoveError(tr("resign({seat!r}): the game is over", seat=seat))
        self._saved_phase = self.phase
        self.resigned = seat
        self.finish(
            1 - seat if self.n_players == 2 else None, tr("{who} resigns", who=self.names[seat]), Termination.RESIGNED
        )

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs).

        Round: box shut (the shutter wins) or lowest score (``scores`` = the turn scores; a tie shares the
        point; alone, 1 only for a shut box).  Long game: box shut or box opened.  To 45: limit reached
        (``scores`` = the running totals).  Resigned: the others share the point.
        """
        if self.phase != "over":
            return None
        n = self.n_players
        how = self._ended_by or Termination.LOWEST_SCORE
        scores = self.variant_rules.scores(self)
        if how is Termination.RESIGNED:
            others = [i for i in range(n) if i != self.resigned]
            return Outcome.shared(how, others, n, scores) if n != 2 else Outcome.win(how, others[0], 2, scores)
        if self._winner is not None:
            return Outcome.win(how, self._winner, n, scores)
        if n == 1:
            return Outcome(how, None, (0.0,), scores)
        done = [s for s in self.scores if s is not None]
        best = min(done) if done else None
        tied = [i for i, s in enumerate(self.scores) if s is not None and s == best]
        return Outcome.shared(how, tied, n, scores)

    # ------------------------------------------------------------- money
    def payouts(self) -> list[Fraction]:
        """Net winnings of each seat for a finished round with a ``stake``.

        Shutting the box: every other player pays the shutter a double stake.
        Otherwise the lowest score takes the pot (every player's stake); a tie splits it.
        Zero for everyone while the round is on, without a stake, or in the other variants.
        """
        n = self.n_players
        zero = [Fraction(0)] * n
        if self.phase != "over" or not self.variant_rules.pays_out or not self.stake or n == 1:
            return zero
        if self.shut_by is not None:
            return [
                Fraction(2 * self.stake * (n - 1)) if i == self.shut_by else Fraction(-2 * self.stake) for i in range(n)
            ]
        best = min(s for s in self.scores if s is not None)
        low = [i for i, s in enumerate(self.scores) if s == best]
        share = Fraction(self.stake * n, len(low))
        return [share - self.stake if i in low else Fraction(-self.stake) for i in range(n)]

    # ------------------------------------------------------------- undo, copy, save
    def _config(self) -> dict[str, Any]:
        return {
            "players": list(self.names),
            "rules": self.rules.to_dict(),
            "variant": self.variant,
            "seed": self.seed,
            "stake": self.stake,
            "limit": self.limit,
            "dice": [list(d) for d in self.preset_dice],
        }

    def undo(self) -> tuple | str:
        """Take back the last action (a roll too: the same roll comes again, the dice are seeded),
        or a resignation (returns ``"resign"``)."""
        if self.resigned is not None:
            self.resigned = None
            self.events.pop()
            self.phase = self._saved_phase
            self._winner, self._ended_by = None, None
            return "resign"
        if not self.history:
            raise IllegalMoveError(tr("undo: nothing to undo"))
        last = self.history[-1]
        replay = self.history[:-1]
        self._reset()
        for a in replay:
            self.play(a)
        return last

    def copy(self) -> "ShutTheBox":
        return ShutTheBox.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe ``{"game": "shut_the_box", "version": 2, "players": [names], "rules": {one_die, scoring},
        "variant", "seed", "stake", "limit", "dice": [[pips]…], "history": [[kind, n or [tiles]]…],
        "resigned": seat or None, "state": {…a readable summary, checked on loading…}}``.
        The seeded dice replay the actions."""
        return {
            "game": "shut_the_box",
            "version": SCHEMA_VERSION,
            **self._config(),
            "history": [[k, list(a) if isinstance(a, tuple) else a] for k, a in self.history],
            "resigned": self.resigned,
            "state": {
                "uncovered": list(self.open_tiles),
                "to_move": self.to_move,
                "phase": self.phase,
                "dice": list(self.dice),
                "scores": list(self.scores),
                "totals": list(self.totals),
                "winner": self._winner,
            },
        }

    @classmethod
    def from_moves(
        cls,
        moves: Iterable[Any],
        players: int | Iterable[str] = 1,
        rules: Rules | None = None,
        variant: str = "round",
        seed: Any = 0,
        **kwargs: Any,
    ) -> "ShutTheBox":
        """A game after ``moves`` (a list of actions such as ``[("roll", 2), ("cover", (5, 3))]``) with the
        dice of ``seed``; the other arguments are the constructor's.  A bad list: BadPositionError."""
        try:
            game = cls(players, rules, variant, seed, **kwargs)
        except (TypeError, ValueError) as e:
            raise BadPositionError(tr("from_moves: {e}", e=e)) from None
        return replay(game, moves, example="[('roll', 2), ('cover', (5, 3))]", what="action")

    @classmethod
    def from_dict(cls, data: Any) -> "ShutTheBox":
        check_header(data, ("shut_the_box",), N_("Shut the Box"))
        if "players" not in data:
            raise BadPositionError(tr("not a saved Shut the Box game: 'players' is missing"))
        rules = data.get("rules", {})
        if not isinstance(rules, dict) or not set(rules) <= {"one_die", "scoring"}:
            raise BadPositionError(tr("rules {rules!r}: a dict with one_die and scoring", rules=rules))
        try:
            game = cls(
                data["players"],
                Rules(**rules),
                data.get("variant", "round"),
                data.get("seed"),
                stake=data.get("stake", 0),
                limit=data.get("limit", 45),
                dice=data.get("dice"),
            )
        except (TypeError, ValueError) as exc:
            raise BadPositionError(tr("not a saved Shut the Box game: {exc}", exc=exc)) from None
        if data.get("seed") is None:
            raise BadPositionError(tr("not a saved Shut the Box game: the dice 'seed' is missing"))
        history = data.get("history", [])
        if not isinstance(history, list):
            raise BadPositionError(
                tr("history {history!r}: a list of actions like ['roll', 2] or ['cover', [5, 3]]", history=history)
            )
        for i, entry in enumerate(history):
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or not isinstance(entry[0], str)
                or not (is_int(entry[1]) or isinstance(entry[1], list))
            ):
                raise BadPositionError(
                    tr("action {number} {entry!r}: not a saved action like ['roll', 2]", number=i + 1, entry=entry)
                )
        replay(
            game,
            [(k, tuple(a) if isinstance(a, list) else a) for k, a in history],
            what="action",
            resigned=data.get("resigned"),
        )
        state = data.get("state")
        if state is not None:
            if not isinstance(state, dict):
                raise BadPositionError(tr("state {state!r}: not a saved summary", state=state))
            if (
                state.get("uncovered", list(game.open_tiles)) != list(game.open_tiles)
                or state.get("to_move", game.to_move) != game.to_move
                or type(state.get("to_move", 0)) is not int
            ):
                raise BadPositionError(tr("the saved state does not match the replayed actions"))
        return game

    # ------------------------------------------------------------- display
    def __str__(self) -> str:
        box = " ".join(str(t) if self.uncovered >> (t - 1) & 1 else "·" for t in TILES)
        if self.phase == "over":
            tail = self.events[-1] if self.events else tr("over")
        elif self.phase == "cover":
            who, total = self.names[self.to_move], sum(self.dice)
            tail = (
                tr("{who} rolled {total}: cover tiles", who=who, total=total)
                if self.covering
                else tr("{who} rolled {total}: uncover tiles", who=who, total=total)
            )
        else:
            tail = tr("{who} to roll", who=self.names[self.to_move])
        return f"[{box}]  {tail}"

    def __repr__(self) -> str:
        return (
            f"ShutTheBox(players={self.names!r}, variant={self.variant!r}, rules={self.rules!r}, "
            f"open={self.open_tiles}, phase={self.phase!r})"
        )


register("shut_the_box", lambda: ShutTheBox)  # gamekit.game.load reads saved games of this id
