"""The contract every gamekit game keeps, the outcome type, and the registry of saved-game ids.

A game is any object with this interface (checked by ``tests/test_game_contract.py`` for every
game, so a new game passes by implementing it and adding one factory entry there):

========================  ==================================================================
``game.to_move``          seat index (0 first) whose action is next
``game.legal_moves()``    the canonical actions available now (empty once the game is over)
``game.play(action)``     plays it; **returns the canonical action**, exactly as it is stored in
                          ``history`` and listed by ``legal_moves()`` (``"a1-b1"``, ``"4"``,
                          ``("cover", (5, 3))``).  Refused: :class:`IllegalMoveError`, game unchanged.
``game.undo()``           takes back the last action (or a resignation) and returns it;
                          nothing to undo: :class:`IllegalMoveError`
``game.is_over()``        ``True`` once the game has ended (resignation included)
``game.winner()``         the winning seat, or ``None`` (draw, tie, or still running)
``game.outcome()``        an :class:`Outcome` once the game is over, ``None`` while it runs
``game.resign(seat)``     ``seat`` gives up; refused (wrong seat, game over): :class:`IllegalMoveError`
``game.history``          the canonical actions so far (a list; resignations are not actions)
``game.to_dict()``        JSON-safe ``{"game": id, "version": n, ...}`` (see :data:`SCHEMA_VERSION`)
``Cls.from_dict(d)``      the game back; anything that is not a saved game: :class:`BadPositionError`
``Cls.from_moves(...)``   a game after a list of actions; a bad list: :class:`BadPositionError`
========================  ==================================================================

Wrong types are refused, never coerced: ``True`` is not a seat, ``2.0`` is not a number of dice,
``"٣"`` is not a column.

``load(d)`` reads any saved game, dispatching on ``d["game"]`` through :data:`GAMES`.
"""
from __future__ import annotations

import enum
import importlib
from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable

from gamekit.i18n import N_, tr
from gamekit.errors import BadPositionError, IllegalMoveError

SCHEMA_VERSION = 2
"""Version of the ``to_dict`` layout.  Version 1 (before ``"game"``/``"version"`` were shared)
is still read by every ``from_dict``; a version above this one is refused with BadPositionError."""


@runtime_checkable
class Game(Protocol):
    """What a gamekit game provides (see the module docstring for the meaning of each part)."""

    to_move: int
    history: list

    def legal_moves(self) -> list: ...

    def play(self, action: Any) -> Any: ...

    def undo(self) -> Any: ...

    def is_over(self) -> bool: ...

    def winner(self) -> int | None: ...

    def outcome(self) -> "Outcome | None": ...

    def resign(self, seat: int) -> None: ...

    def to_dict(self) -> dict: ...

    @classmethod
    def from_dict(cls, data: Any) -> "Game": ...

    @classmethod
    def from_moves(cls, *args: Any, **kwargs: Any) -> "Game": ...


class Termination(enum.Enum):
    """How a game ended."""

    RESIGNED = "resigned"
    TIMED_OUT = "timed out"
    ALL_BOXES_TAKEN = "all boxes taken"           # Dots and Boxes
    IN_A_ROW = "a line completed"                 # five (or four) in a row
    BOARD_FULL = "board full"                     # 5 en raya / Connect Four draw
    REPETITION = "third repetition"               # PopOut draw
    NOTHING_TO_POP = "full grid, nothing to pop"  # PopOut draw
    BOX_SHUT = "box shut"                         # Shut the Box
    BOX_OPENED = "box opened"                     # Shut the Box, long game: every tile uncovered
    LOWEST_SCORE = "lowest score"                 # Shut the Box round: every seat played
    LIMIT_REACHED = "limit reached"               # Shut the Box to 45


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (python-chess style).

    ``winner``: the winning seat or ``None`` (draw, tie, or alone without a win).
    ``results``: points per seat — 1 for the winner, 0 for the others; a draw or a tie shares
    one point among the tied seats (½ each for two); alone, 1 for a win and 0 otherwise.
    ``scores``: the game's own per-seat scores (boxes taken, turn scores …) or ``None``.
    """

    termination: Termination
    winner: int | None
    results: tuple[float, ...]
    scores: tuple | None = None

    @classmethod
    def win(cls, termination: Termination, winner: int, seats: int, scores: tuple | None = None) -> "Outcome":
        return cls(termination, winner, tuple(1.0 if s == winner else 0.0 for s in range(seats)), scores)

    @classmethod
    def shared(cls, termination: Termination, tied: list[int] | tuple[int, ...], seats: int,
               scores: tuple | None = None) -> "Outcome":
        """A draw or tie: the ``tied`` seats share a point (nobody wins)."""
        share = 1.0 / len(tied) if tied else 0.0
        return cls(termination, None, tuple(share if s in tied else 0.0 for s in range(seats)), scores)

    @classmethod
    def timed_out(cls, seat: int, seats: int, scores: tuple | None = None) -> "Outcome":
        """``seat`` ran out of time; with two seats the other one wins (for clocks kept outside the engine)."""
        if seats == 2:
            return cls.win(Termination.TIMED_OUT, 1 - seat, 2, scores)
        return cls(Termination.TIMED_OUT, None, tuple(0.0 if s == seat else 1.0 / (seats - 1)
                                                      for s in range(seats)), scores)

    def result(self, seat: int) -> float:
        return self.results[seat]

    @property
    def is_draw(self) -> bool:
        return self.winner is None and len(set(self.results)) == 1 and self.results[0] > 0

    def to_dict(self) -> dict[str, Any]:
        return {"termination": self.termination.value, "winner": self.winner, "results": list(self.results),
                "scores": None if self.scores is None else list(self.scores)}


# ---------------------------------------------------------------------- saved games
def check_header(data: Any, ids: tuple[str, ...], what: str) -> int:
    """Check a saved game's ``"game"`` and ``"version"``; returns the version (1 when absent).

    ``ids``: the ``"game"`` values this class reads (a version-1 save may lack the key).
    """
    if not isinstance(data, dict):
        raise BadPositionError(tr("{short}: not a saved {what} game (expected a dict)", short=_short(data), what=tr(what)))
    version = data.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadPositionError(tr("version {short}: not a version number", short=_short(version)))
    if version < 1 or version > SCHEMA_VERSION:
        raise BadPositionError(tr("version {version}: this gamekit reads saved games of versions 1 to {latest}", version=version, latest=SCHEMA_VERSION))
    if "game" in data or version >= 2:
        game = data.get("game")
        if game not in ids:
            raise BadPositionError(tr("game {short}: not a saved {what} game (expected {items})", short=_short(game), what=tr(what),
                                   items=tr(" or ").join(repr(i) for i in ids)))
    return version


def replay(game: Any, moves: Any, *, kind: type | tuple[type, ...] | None = None, example: str = "",
           what: str = "move", resigned: Any = None) -> Any:
    """Play ``moves`` (a list or tuple) into ``game`` for ``from_moves``/``from_dict``, then ``resign(resigned)``
    when given: anything refused becomes a BadPositionError naming the move's number (``what`` 1, 2, …).
    ``kind``: the type every move must have (``example`` shows one in the message)."""
    one, many = _WHATS[what]
    example = tr(example) if example else ""
    if not isinstance(moves, (list, tuple)):
        raise BadPositionError(tr("{short}: not a list of {what} like {example}", short=_short(moves), what=tr(many),
                                  example=example) if example else
                               tr("{short}: not a list of {what}", short=_short(moves), what=tr(many)))
    for i, move in enumerate(moves):
        if kind is not None and not isinstance(move, kind):
            raise BadPositionError(tr("{what} {number} {short}: not a {what} like {example}", what=tr(one),
                                      number=i + 1, short=_short(move), example=example) if example else
                                   tr("{what} {number} {short}: not a {what}", what=tr(one), number=i + 1,
                                      short=_short(move)))
        try:
            game.play(move)
        except IllegalMoveError as e:
            raise BadPositionError(tr("{what} {number} is illegal: {error}", what=tr(one), number=i + 1,
                                      error=e)) from None
    if resigned is not None:
        try:
            game.resign(resigned)
        except IllegalMoveError as e:
            raise BadPositionError(tr("resigned={short}: {error}", short=_short(resigned), error=e)) from None
    return game


_WHATS = {"move": (N_("move"), N_("moves")), "line": (N_("line"), N_("lines")),
          "action": (N_("action"), N_("actions"))}   # what replay() calls the items of a move list


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def require(cond: bool, message: str) -> None:
    """Raise BadPositionError(message) unless ``cond`` (for from_dict field checks)."""
    if not cond:
        raise BadPositionError(message)


def is_int(value: Any) -> bool:
    """A real int (``True`` and ``2.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_running(game: Any, who: str = "choose") -> None:
    """The CPU players' guard: a ValueError naming the result when ``game`` is already over."""
    if game.is_over():
        outcome = game.outcome() if hasattr(game, "outcome") else None
        if outcome is None:
            raise ValueError(tr("{who}: the game is over, there is no move to choose", who=who))
        raise ValueError(tr("{who}: the game is over ({how}), there is no move to choose", who=who,
                            how=outcome.termination.value))


GAMES: dict[str, Callable[[], type]] = {}
"""Game id (the ``"game"`` of a saved game) → a function returning the class whose ``from_dict`` reads it.

Each game registers its own ids from its rules module (``register("dots_and_boxes", lambda: DotsAndBoxes)``);
this module imports no game.  The games shipped with gamekit are listed in :data:`SHIPPED` by module
name only: until that module is imported, its ids hold a loader that imports it (so ``GAMES`` always
lists them and ``load(d)`` finds them without the caller importing the game first)."""

SHIPPED: dict[str, str] = {
    "dots_and_boxes": "gamekit.dots.rules",
    "five_in_a_row": "gamekit.connect.rules",
    "connect_four": "gamekit.connect.rules",
    "connect": "gamekit.connect.rules",
    "shut_the_box": "gamekit.shutbox.rules",
}
"""Saved-game id → the module (imported by name, on first use) that registers the game of that id."""


def register(game_id: str, loader: Callable[[], type]) -> None:
    """Make ``load(d)`` read saved games whose ``"game"`` is ``game_id``: ``loader()`` returns the class
    (called when a game is loaded, so a package may register before its class is importable cheaply).
    A game's rules module calls this for each of its ids."""
    if not isinstance(game_id, str) or not game_id:
        raise ValueError(f"register: game_id {game_id!r}: a non-empty string")
    if not callable(loader):
        raise TypeError(f"register: loader {loader!r} for {game_id!r}: a function returning the game's class")
    GAMES[game_id] = loader


def _importer(game_id: str, module: str) -> Callable[[], type]:
    def load_game() -> type:
        importlib.import_module(module)          # the module registers its ids, replacing this loader
        loader = GAMES.get(game_id)
        if loader is None or loader is load_game:
            raise BadPositionError(tr("game {short}: unknown game (known: {items})", short=_short(game_id),
                                      items=", ".join(sorted(GAMES))))
        return loader()
    return load_game


for _id, _module in SHIPPED.items():
    GAMES.setdefault(_id, _importer(_id, _module))
del _id, _module


def load(data: Any) -> Game:
    """Any saved game (``to_dict()`` of any gamekit game) back as a game, by its ``"game"`` id."""
    if not isinstance(data, dict):
        raise BadPositionError(tr("{short}: not a saved game (expected a dict)", short=_short(data)))
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise BadPositionError(tr("game {short}: unknown game (known: {items})", short=_short(game_id), items=', '.join(sorted(GAMES))))
    return GAMES[game_id]().from_dict(data)
