"""The games a room can hold: one registry, the only place that knows about particular games.

Each entry is a :class:`GameSpec`: how to check the creator's options, how to build a fresh game from them,
the seat names and colours, and the picture.  The server uses only the shared game interface
(``to_move``, ``legal_moves()``, ``play(move)``, ``undo()``, ``is_over()``, ``winner()``, ``resign(seat)``,
``history``) plus the spec, so a later game plugs in by adding one ``register(...)`` call here.

A game is stored as its options and the list of moves; loading replays them (``replay``), so the room
store never depends on the shape of an engine's ``to_dict``.

The picture is the same :class:`~gamekit.scene.Scene` the notebook widgets paint (``dots_scene``,
``connect_scene`` of the games' view modules, :mod:`gamekit.dots.view`, :mod:`gamekit.connect.view`), sent to
the page as JSON, and a click is hit-tested here with the views' ``move_at`` — there is one drawing of each
board, and the server imports no widget library.  ``targets`` lists the points a keyboard cursor can visit
(one per legal move), so the page needs no game-specific code.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from gamekit.errors import IllegalMoveError

TIMERS = (0, 30, 60)


class BadOptions(ValueError):
    """The options of a new room are refused (the message names the option and the reason)."""


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    check_options: Callable[[Any], dict]          # raw (untrusted) dict → clean options, or BadOptions
    new_game: Callable[[dict], Any]               # clean options → a fresh game
    seat_names: Callable[[dict], tuple[str, str]]
    seat_colours: Callable[[dict], tuple[str, str]]
    scene: Callable[[Any, dict], tuple[list, tuple[int, int]]]        # → (scene, (css width, css height))
    move_at: Callable[[Any, dict, float, float], str]                  # click → move, or IllegalMoveError
    targets: Callable[[Any, dict], list[tuple[str, float, float]]]     # (move, x, y) for the keyboard cursor
    cpu: Callable[[str, int | None], Any] | None = None   # (level, seed) → player with choose(game)
    score: Callable[[Any, int], str] = lambda game, seat: ""
    describe: Callable[[dict], str] = lambda options: ""
    final_score: Callable[[Any], str] = lambda game: ""      # e.g. "9–7", said with the result
    # pointer ghosts: [move, x0, y0, x1, y1, primitives]: while the pointer is in that box and it is the reader's
    # turn, the page draws the primitives over the board (5 en raya: where the next disc would land)
    hover: Callable[[Any, dict], list] = lambda game, options: []
    text: Callable[[Any, dict], str] = lambda game, options: ""     # the position in words (screen readers)
    max_moves: int = 1000                         # longer histories are refused (a flood guard)
    extra: dict = field(default_factory=dict)


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    GAMES[spec.id] = spec


def spec_for(game_id: Any) -> GameSpec:
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise BadOptions(f"game={game_id!r}: choose one of {', '.join(sorted(GAMES))}")
    return GAMES[game_id]


def check_room_options(game_id: Any, options: Any, timer: Any) -> tuple[str, dict, int]:
    """Validate what a creator sent (types are checked, never coerced)."""
    spec = spec_for(game_id)
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadOptions(f"options={options!r}: must be an object")
    if isinstance(timer, bool) or timer not in TIMERS:
        raise BadOptions(f"timer={timer!r}: time per turn is 0 (no limit), 30 or 60 seconds")
    return spec.id, spec.check_options(options), timer


def replay(game_id: str, options: dict, moves: list[tuple[str, str | None, int]]) -> Any:
    """A game rebuilt from its options and stored actions ``(kind, move, seat)``; kind "move" or "resign"."""
    game = GAMES[game_id].new_game(options)
    for kind, move, seat in moves:
        if kind == "resign":
            game.resign(seat)
        else:
            game.play(move)
    return game


def _only(options: dict, allowed: set[str]) -> None:
    unknown = set(options) - allowed
    if unknown:
        raise BadOptions(f"unknown option(s) {', '.join(sorted(map(repr, unknown)))}: "
                         f"allowed are {', '.join(sorted(allowed))}")


def _int_option(options: dict, name: str, default: int, low: int, high: int) -> int:
    value = options.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadOptions(f"{name}={value!r}: a whole number from {low} to {high}")
    return value


# ----- Dots and Boxes ---------------------------------------------------------------------------------
def _dots_check(options: dict) -> dict:
    _only(options, {"width", "height", "first"})
    # the online sheet's board: 5 × 5 dots, i.e. 4 × 4 boxes
    clean = {"width": _int_option(options, "width", 4, 2, 8), "height": _int_option(options, "height", 4, 2, 8)}
    if "first" in options:          # who starts (class groups alternate it); absent: gold starts
        clean["first"] = _int_option(options, "first", 0, 0, 1)
    return clean


def _dots_new(options: dict) -> Any:
    from gamekit.dots.rules import DotsAndBoxes
    # Online, gold always starts a game (the online sheet: "Empieza el color dorado").
    return DotsAndBoxes(options["width"], options["height"], first=options.get("first", 0), alternate_start=False)


def _board(module: str, scene: str, layout: Callable[[Any, dict], Any]) -> tuple[Callable, Callable]:
    """The picture and the hit-testing of a game, both taken from its view module (plain data, no widget
    library): ``scene(game, layout)`` and ``move_at(game, layout, x, y)``."""
    def scene_of(game: Any, options: dict) -> tuple[list, tuple[int, int]]:
        lay = layout(game, options)
        return getattr(importlib.import_module(module), scene)(game, lay), lay.css_size

    def move_at(game: Any, options: dict, x: float, y: float) -> str:
        return importlib.import_module(module).move_at(game, layout(game, options), x, y)

    return scene_of, move_at


def _cpu_of(module: str) -> Callable[[str, int | None], Any]:
    def make(level: str, seed: int | None) -> Any:
        return importlib.import_module(module).cpu_player(level, seed=seed)
    return make


def _describe(module: str, game: Any) -> str:
    """The board's accessible description (the game's ``describe`` module), for the room page's screen readers."""
    import importlib
    return importlib.import_module(module).describe(game)


def _dots_layout(game: Any, options: dict) -> Any:
    from gamekit.dots.view import BoardLayout
    return BoardLayout.fit(options["width"], options["height"], max_px=360)


def _dots_targets(game: Any, options: dict) -> list[tuple[str, float, float]]:
    if game.is_over():
        return []
    table, drawn = _dots_target_table(game, options), game.drawn
    return [target for i, target in enumerate(table) if not drawn >> i & 1]


_DOTS_TARGETS: dict[tuple[int, int], tuple] = {}


def _dots_target_table(game: Any, options: dict) -> tuple[tuple[str, float, float], ...]:
    """(name, x, y) of the middle of every line, by index: computed once per board size."""
    key = (options["width"], options["height"])
    table = _DOTS_TARGETS.get(key)
    if table is None:
        layout = _dots_layout(game, options)
        table = _DOTS_TARGETS[key] = tuple((game.line_name(i), *layout.line_middle(game, i))
                                           for i in range(game.geometry.n_lines))
    return table


_dots_scene, _dots_move_at = _board("gamekit.dots.view", "dots_scene", _dots_layout)


register(GameSpec(
    id="dots", title="Dots and Boxes",
    check_options=_dots_check, new_game=_dots_new,
    seat_names=lambda o: ("Gold", "Coral"), seat_colours=lambda o: ("#d4a017", "#ff7f6a"),
    scene=_dots_scene, move_at=_dots_move_at, targets=_dots_targets,
    cpu=_cpu_of("gamekit.dots.players"),
    score=lambda game, seat: str(game.scores[seat]),
    final_score=lambda game: f"{game.scores[0]}–{game.scores[1]}",
    describe=lambda o: f"{o['width'] + 1} × {o['height'] + 1} dots ({o['width']} × {o['height']} boxes)",
    text=lambda game, o: _describe("gamekit.dots.describe", game),
))


# ----- 5 en raya / Connect Four -------------------------------------------------------------------------
def _connect_check(options: dict) -> dict:
    _only(options, {"board", "popout"})
    board = options.get("board", "five")
    if board not in ("five", "four"):
        raise BadOptions(f"board={board!r}: 'five' (5 en raya, 9 × 6) or 'four' (Connect Four, 7 × 6)")
    popout = options.get("popout", False)
    if not isinstance(popout, bool):
        raise BadOptions(f"popout={popout!r}: true or false")
    return {"board": board, "popout": popout}


def _connect_new(options: dict) -> Any:
    from gamekit.connect.rules import ConnectFour, FiveInARow
    return (FiveInARow if options["board"] == "five" else ConnectFour)(popout=options["popout"])


def _connect_layout(game: Any, options: dict) -> Any:
    from gamekit.connect.view import layout_for
    return layout_for(game)


_connect_scene, _connect_move_at = _board("gamekit.connect.view", "connect_scene", _connect_layout)


def _connect_targets(game: Any, options: dict) -> list[tuple[str, float, float]]:
    from gamekit.connect.view import layout_for
    if game.is_over():
        return []
    layout = layout_for(game)
    points = []
    for move in game.legal_moves():
        n = int(move.lstrip("p"))
        col = game.grid_column(n)
        x, y = layout.centre(col, 0 if move.startswith("p") else game.height)
        points.append((move, x, y))
    return points


def _connect_hover(game: Any, options: dict) -> list:
    """A box per column a disc can be dropped in (its whole height, as a click there drops), with the widget's
    ghost disc in the mover's colour; none for a full column, a side column or a finished game."""
    from gamekit.connect.view import DISC, ghost_disc, layout_for
    if game.is_over():
        return []
    layout = layout_for(game)
    drops = set(game.legal_moves())
    _, height = layout.css_size
    boxes = []
    for n in range(1, game.columns + 1):
        if str(n) in drops:
            col = game.grid_column(n)
            x0 = layout.margin + col * layout.cell
            boxes.append([str(n), x0, 0, x0 + layout.cell, height,
                          [list(item) for item in ghost_disc(game, layout, col, DISC[game.to_move])]])
    return boxes


register(GameSpec(
    id="connect", title="5 en raya / Connect Four",
    check_options=_connect_check, new_game=_connect_new,
    seat_names=lambda o: ("Red", "Yellow"), seat_colours=lambda o: ("#d62828", "#f4c20d"),
    scene=_connect_scene, move_at=_connect_move_at, targets=_connect_targets,
    cpu=_cpu_of("gamekit.connect.players"),
    score=lambda game, seat: str(game.discs_played(seat)),
    hover=_connect_hover,
    describe=lambda o: ("5 en raya (9 × 6, five in a line)" if o["board"] == "five"
                        else "Connect Four (7 × 6, four in a line)") + (" with PopOut" if o["popout"] else ""),
    text=lambda game, o: _describe("gamekit.connect.describe", game),
    max_moves=2000,
))


def check_move(move: Any) -> str:
    """A move as sent by a client: a short string (the engine decides whether it is legal)."""
    if not isinstance(move, str) or not 0 < len(move) <= 16:
        raise IllegalMoveError(f"{str(move)[:40]!r}: a move is a short text such as 'a1-b1' or '4'")
    return move
