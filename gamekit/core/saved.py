"""Saved games and move lists: the shared header of ``to_dict`` (:data:`SCHEMA_VERSION`, :func:`check_header`),
replaying a move list for ``from_moves``/``from_dict`` (:func:`replay`) and the small checks every ``from_dict``
uses (:func:`require`, :func:`is_int`, :func:`short`)."""

from __future__ import annotations

from typing import Any

from gamekit.core.errors import BadPositionError, IllegalMoveError
from gamekit.i18n import N_, tr

__all__ = ["SCHEMA_VERSION", "check_header", "replay", "require", "is_int", "short"]

SCHEMA_VERSION = 2
"""Version of the ``to_dict`` layout.  Version 1 (before ``"game"``/``"version"`` were shared)
is still read by every ``from_dict``; a version above this one is refused with BadPositionError."""


def check_header(data: Any, ids: tuple[str, ...], what: str) -> int:
    """Check a saved game's ``"game"`` and ``"version"``; returns the version (1 when absent).

    ``ids``: the ``"game"`` values this class reads (a version-1 save may lack the key).
    """
    if not isinstance(data, dict):
        raise BadPositionError(
            tr("{short}: not a saved {what} game (expected a dict)", short=short(data), what=tr(what))
        )
    version = data.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadPositionError(tr("version {short}: not a version number", short=short(version)))
    if version < 1 or version > SCHEMA_VERSION:
        raise BadPositionError(
            tr(
                "version {version}: this gamekit reads saved games of versions 1 to {latest}",
                version=version,
                latest=SCHEMA_VERSION,
            )
        )
    if "game" in data or version >= 2:
        game = data.get("game")
        if game not in ids:
            raise BadPositionError(
                tr(
                    "game {short}: not a saved {what} game (expected {items})",
                    short=short(game),
                    what=tr(what),
                    items=tr(" or ").join(repr(i) for i in ids),
                )
            )
    return version


def replay(
    game: Any,
    moves: Any,
    *,
    kind: type | tuple[type, ...] | None = None,
    example: str = "",
    what: str = "move",
    resigned: Any = None,
) -> Any:
    """Play ``moves`` (a list or tuple) into ``game`` for ``from_moves``/``from_dict``, then ``resign(resigned)``
    when given: anything refused becomes a BadPositionError naming the move's number (``what`` 1, 2, …).
    ``kind``: the type every move must have (``example`` shows one in the message)."""
    one, many = _WHATS[what]
    example = tr(example) if example else ""
    if not isinstance(moves, (list, tuple)):
        raise BadPositionError(
            tr("{short}: not a list of {what} like {example}", short=short(moves), what=tr(many), example=example)
            if example
            else tr("{short}: not a list of {what}", short=short(moves), what=tr(many))
        )
    for i, move in enumerate(moves):
        if kind is not None and not isinstance(move, kind):
            raise BadPositionError(
                tr(
                    "{what} {number} {short}: not a {what} like {example}",
                    what=tr(one),
                    number=i + 1,
                    short=short(move),
                    example=example,
                )
                if example
                else tr("{what} {number} {short}: not a {what}", what=tr(one), number=i + 1, short=short(move))
            )
        try:
            game.play(move)
        except IllegalMoveError as e:
            raise BadPositionError(
                tr("{what} {number} is illegal: {error}", what=tr(one), number=i + 1, error=e)
            ) from None
    if resigned is not None:
        try:
            game.resign(resigned)
        except IllegalMoveError as e:
            raise BadPositionError(tr("resigned={short}: {error}", short=short(resigned), error=e)) from None
    return game


_WHATS = {
    "move": (N_("move"), N_("moves")),
    "line": (N_("line"), N_("lines")),
    "action": (N_("action"), N_("actions")),
}  # what replay() calls the items of a move list


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (for error messages that name an input)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def require(cond: bool, message: str) -> None:
    """Raise BadPositionError(message) unless ``cond`` (for from_dict field checks)."""
    if not cond:
        raise BadPositionError(message)


def is_int(value: Any) -> bool:
    """A real int (``True`` and ``2.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)
