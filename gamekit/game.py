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
``game.to_dict()``        JSON-safe ``{"game": id, "version": n, ...}`` (see :data:`gamekit.core.saved.SCHEMA_VERSION`)
``Cls.from_dict(d)``      the game back; anything that is not a saved game: :class:`BadPositionError`
``Cls.from_moves(...)``   a game after a list of actions; a bad list: :class:`BadPositionError`
========================  ==================================================================

Wrong types are refused, never coerced: ``True`` is not a seat, ``2.0`` is not a number of dice,
``"٣"`` is not a column.

``load(d)`` reads any saved game, dispatching on ``d["game"]`` through :data:`GAMES`.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Protocol, runtime_checkable

from gamekit.core.errors import BadPositionError
from gamekit.core.outcome import Outcome
from gamekit.core.saved import short
from gamekit.i18n import tr

__all__ = ["Game", "check_running", "LEVELS", "TIMERS", "GAMES", "SHIPPED", "register", "load"]

LEVELS = ("easy", "medium", "hard")
"""The CPU players' levels, weakest first: every game's ``cpu_player(level)`` takes these (``gamekit.catalog``'s
``GameInfo.levels`` defaults to them)."""

TIMERS = (0, 30, 60)
"""Time per turn a player may choose, in seconds (0: no limit): the widgets, the room server and class groups
offer these (``GameInfo.timers`` defaults to them)."""


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


def check_running(game: Any, who: str = "choose") -> None:
    """The CPU players' guard: a ValueError naming the result when ``game`` is already over."""
    if game.is_over():
        outcome = game.outcome() if hasattr(game, "outcome") else None
        if outcome is None:
            raise ValueError(tr("{who}: the game is over, there is no move to choose", who=who))
        raise ValueError(
            tr("{who}: the game is over ({how}), there is no move to choose", who=who, how=outcome.termination.value)
        )


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
    "shut_the_box": "gamekit.shutbox.game",
}
"""Saved-game id → the module (imported by name, on first use) that registers the game of that id: the one list
of the games shipped with gamekit (the catalog imports the ``info`` module of each of these packages)."""


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
        importlib.import_module(module)  # the module registers its ids, replacing this loader
        loader = GAMES.get(game_id)
        if loader is None or loader is load_game:
            raise BadPositionError(
                tr("game {short}: unknown game (known: {items})", short=short(game_id), items=", ".join(sorted(GAMES)))
            )
        return loader()

    return load_game


for _id, _module in SHIPPED.items():
    GAMES.setdefault(_id, _importer(_id, _module))
del _id, _module


def load(data: Any) -> Game:
    """Any saved game (``to_dict()`` of any gamekit game) back as a game, by its ``"game"`` id."""
    if not isinstance(data, dict):
        raise BadPositionError(tr("{short}: not a saved game (expected a dict)", short=short(data)))
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise BadPositionError(
            tr("game {short}: unknown game (known: {items})", short=short(game_id), items=", ".join(sorted(GAMES)))
        )
    return GAMES[game_id]().from_dict(data)
