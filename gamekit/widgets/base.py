"""The widget base every game board uses.

Drawing is split in two so a bug can never leave the canvas stuck:

1. ``build_scene()`` (game-specific, may raise) computes a *scene*: a plain list of
   drawing primitives in CSS pixels (see :class:`Scene`).  Tests read scenes directly.
2. :meth:`BoardCanvas.paint` replays a finished scene inside one ``hold_canvas()``
   batch.  ipycanvas's ``hold_canvas`` has no try/finally, so nothing inside it may raise:
   the painter only calls canvas methods with values already computed.

The canvas buffer is ``SCALE`` times its on-screen size (sharp on HiDPI screens; mouse
coordinates arrive in buffer pixels and are divided back), and every new browser view
gets the last scene again from ``on_client_ready`` (a reload never shows a blank board).

:class:`GameWidget` adds what every game shares: one player card per seat (any number of
seats; the cards wrap four to a row) with the seat to move highlighted, a status line,
New game / Undo / Resign / Hint / Step buttons, mode and CPU level selectors, an optional
time per turn, an undo request that another person must accept when people share the
screen, and an error panel — exceptions in callbacks are shown to the reader, never swallowed.  Two of its parts live in
modules of their own: the turn clock (:mod:`gamekit.widgets.turn_timer`) and hints (:mod:`gamekit.widgets.hints`).

Every setting is checked before anything changes: a refused one raises
:class:`BadSettingError` (a ``ValueError``; :class:`BadSettingTypeError` is also a
``TypeError``) naming the input and the reason, says the reason in the status line, puts
the selectors back on the real settings and leaves the widget as it was.  Every change of
position (a move, a CPU move, an accepted undo, a new game, a new board) goes through
:meth:`GameWidget.position_changed`, where games drop state that belongs to the old position.
"""
from __future__ import annotations

import functools
import html
import threading
import time
import traceback
from datetime import datetime, timedelta
from typing import Any, Callable, Sequence

import ipywidgets as W
from ipycanvas import Canvas, hold_canvas

from gamekit.core.errors import BadPositionError, IllegalMoveError
from gamekit.i18n import N_, ntr, tr
from gamekit.core.scene import SEAT_COLOURS, SEAT_DARK, Scene
from gamekit.widgets.access import KEYS_CLASS, LIVE_CLASS, BoardAccess, new_board_class
from gamekit.widgets.hints import Hints
from gamekit.widgets.turn_timer import TurnTimer

from gamekit import catalog
from gamekit.game import LEVELS, TIMERS
from gamekit.session import Played, Session, SessionAttribute

SCALE = 2  # buffer pixels per CSS pixel


MODES = ("people", "cpu", "watch")
# LEVELS (CPU levels) and TIMERS (seconds per turn) are the core's, imported above; a game's own come from its
# catalog entry (GameWidget.info)
# What the reader sees for each setting (translated where shown with tr()).
SEAT_NAMES = (N_("Gold"), N_("Coral"))
MODE_NAMES = {"people": N_("Two people"), "cpu": N_("Against the CPU"), "watch": N_("CPU against CPU")}
LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
TIMER_NAMES = {0: N_("Off"), 30: N_("30 s"), 60: N_("60 s")}


class BoardCanvas:
    """An ipycanvas ``Canvas`` that paints :class:`Scene` objects, HiDPI-sharp, redrawn on reload."""

    def __init__(self, css_width: int, css_height: int, scale: int = SCALE, keys: bool = False, label: str = ""):
        check_type("keys", keys, bool)
        check_type("label", label, str)
        self.scale = scale
        self.css_width, self.css_height = css_width, css_height
        self.canvas = Canvas(width=css_width * scale, height=css_height * scale,
                             layout=W.Layout(width=f"{css_width}px", height=f"{css_height}px"))
        self.canvas.add_class("gamekit-board")   # browser tests find boards by this class
        # Access (docs/accessibility.md): a board taking keys stays in the Tab order (Tab, Shift+Tab and Esc leave
        # it); the others are taken out of it.  ``access`` (show it next to the canvas) names the board and
        # carries the text of the position.
        self.keys = keys
        self.board_class = new_board_class()
        self.canvas.add_class(self.board_class)
        if keys:
            self.canvas.add_class(KEYS_CLASS)
        self.access = BoardAccess(board=self.board_class, label=label)
        self.scene = Scene()
        self.paints = 0   # how many scenes were painted (tests read it)
        self.canvas.on_client_ready(self.repaint)

    def resize(self, css_width: int, css_height: int) -> None:
        if (css_width, css_height) == (self.css_width, self.css_height):
            return
        self.css_width, self.css_height = css_width, css_height
        self.canvas.width, self.canvas.height = css_width * self.scale, css_height * self.scale
        self.canvas.layout.width, self.canvas.layout.height = f"{css_width}px", f"{css_height}px"

    def to_css(self, x: float, y: float) -> tuple[float, float]:
        """Buffer pixels (what mouse events report) → CSS pixels (what scenes use)."""
        return x / self.scale, y / self.scale

    def paint(self, scene: Scene) -> None:
        """Replay ``scene`` in one batch.  Everything is computed before the batch opens."""
        s = self.scale
        commands = [_command(item, s) for item in scene]   # may raise: outside the batch
        self.scene = scene
        c = self.canvas
        with hold_canvas():
            c.clear()
            for fn, args, style in commands:
                for attr, value in style:
                    if attr == "line_dash":
                        c.set_line_dash(value)
                    else:
                        setattr(c, attr, value)
                getattr(c, fn)(*args)
        self.paints += 1

    def repaint(self, *_: Any) -> None:
        self.paint(self.scene)

    def describe(self, label: str | None = None, description: str | None = None,
                 announcement: str | None = None) -> None:
        """Set the board's accessible name, its text of the position and/or its live line (None: unchanged)."""
        for name, value in (("label", label), ("description", description), ("announcement", announcement)):
            if value is not None:
                check_type(name, value, str)
        if label is not None:
            self.access.label = label
        if description is not None:
            self.access.description = description
        if announcement is not None:
            self.access.announcement = announcement

    @property
    def description(self) -> str:
        """The text a screen reader reads for the board (tests read it)."""
        return self.access.description

    @property
    def label(self) -> str:
        return self.access.label


def _command(item: tuple, s: float) -> tuple[str, tuple, tuple]:
    """Translate one scene primitive into (canvas method, args, style settings), scaled."""
    op, *a = item
    if op == "rect":
        x, y, w, h, fill = a
        return "fill_rect", (x * s, y * s, w * s, h * s), (("fill_style", fill),)
    if op == "stroke_rect":
        x, y, w, h, colour, width = a
        return "stroke_rect", (x * s, y * s, w * s, h * s), (("stroke_style", colour), ("line_width", width * s),
                                                             ("line_dash", []))
    if op == "circle":
        x, y, r, fill = a
        return "fill_circle", (x * s, y * s, r * s), (("fill_style", fill),)
    if op == "ring":
        x, y, r, colour, width = a
        # solid, whatever a dashed line before it left set (the canvas keeps its dash pattern between strokes)
        return "stroke_circle", (x * s, y * s, r * s), (("stroke_style", colour), ("line_width", width * s),
                                                        ("line_dash", []))
    if op in ("line", "dashed_line"):
        x1, y1, x2, y2, colour, width = a
        dash = [4 * s, 4 * s] if op == "dashed_line" else []
        return "stroke_line", (x1 * s, y1 * s, x2 * s, y2 * s), (
            ("stroke_style", colour), ("line_width", width * s), ("line_cap", "round"), ("line_dash", dash))
    if op == "polygon":
        points, fill = a
        return "fill_polygon", ([(x * s, y * s) for x, y in points],), (("fill_style", fill),)
    if op == "text":
        x, y, string, font, colour, align = a
        size, _, family = font.partition("px ")
        weight, _, size = size.rpartition(" ")
        scaled_font = f"{weight + ' ' if weight else ''}{float(size) * s:g}px {family or 'sans-serif'}"
        return "fill_text", (str(string), x * s, y * s), (
            ("font", scaled_font), ("fill_style", colour), ("text_align", align), ("text_baseline", "middle"))
    raise ValueError(tr("unknown scene primitive {op!r}", op=op))


def verdict_counts(counts: dict[str, int]) -> str:
    """``{"best": 12, "mistake": 2, …}`` (:func:`gamekit.puzzles.review.summary`) in words:
    "12 best moves, 0 inaccuracies, 2 mistakes, 3 moves unjudged"."""
    return ", ".join([ntr("{n} best move", "{n} best moves", counts.get("best", 0)),
                      ntr("{n} inaccuracy", "{n} inaccuracies", counts.get("inaccuracy", 0)),
                      ntr("{n} mistake", "{n} mistakes", counts.get("mistake", 0)),
                      ntr("{n} move unjudged", "{n} moves unjudged", counts.get("unjudged", 0))])


def sent_at() -> datetime | None:
    """When the browser sent the event being handled (by the browser's clock), or None outside a kernel.

    The kernel handles events one at a time, so a click made while the CPU was thinking arrives only
    after the CPU has moved; its send time is how the widget tells it from a click made afterwards.
    """
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        date = kernel.get_parent("shell")["header"]["date"] if kernel is not None else None
    except Exception:  # noqa: BLE001 — no kernel or an unexpected header: no timing, clicks are taken
        return None
    return date if isinstance(date, datetime) else None


class BadSettingError(ValueError):
    """A widget setting was refused; the message names the input and the reason, the widget is unchanged."""


class BadSettingTypeError(BadSettingError, TypeError):
    """A setting of the wrong type (refused, never coerced); also a ``TypeError``."""


def _type_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join({"str": "a string", "int": "a whole number", "bool": "True or False",
                        "float": "a number", "NoneType": "None"}.get(k.__name__, k.__name__) for k in kinds)


def check_type(name: str, value: Any, kind: type | tuple[type, ...]) -> Any:
    """``value`` if it is a ``kind`` (a bool is not a number, a float is not an int), else BadSettingTypeError."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if not ok:
        raise BadSettingTypeError(tr("{name}={value}: must be {kind} (nothing was changed)", name=name, value=_short_repr(value),
                                       kind=_type_name(kind)))
    return value


def check_choice(name: str, value: Any, choices: Sequence[Any]) -> Any:
    """``value`` if it is one of ``choices`` (of the same type; never coerced), else a BadSettingError."""
    kinds = tuple({type(c) for c in choices})
    check_type(name, value, kinds[0] if len(kinds) == 1 else kinds)
    if value not in choices:
        raise BadSettingError(tr("{name}={value}: choose one of {choices} (nothing was changed)", name=name, value=_short_repr(value),
                                   choices=", ".join(map(repr, choices))))
    return value


def check_int(name: str, value: Any, low: int, high: int | None = None) -> int:
    """A whole number in ``low..high`` (no bools, no floats), else a BadSettingError."""
    check_type(name, value, int)
    if value < low or (high is not None and value > high):
        raise BadSettingError(tr("{name}={value}: must be from {low} to {high} (nothing was changed)", name=name, value=_short_repr(value), low=low, high=high)
                              if high is not None else
                              tr("{name}={value}: must be at least {low} (nothing was changed)", name=name, value=_short_repr(value), low=low))
    return value


def _short_repr(value: Any, limit: int = 60) -> str:
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 1] + "…"


def reported(method: Callable) -> Callable:
    """Decorator for widget callbacks: an exception is shown in the widget's error panel and status line."""

    @functools.wraps(method)
    def wrapper(self: "GameWidget", *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 — shown to the reader, then kept for tests
            self.report_error(error)
            return None

    return wrapper


class GameWidget(TurnTimer, Hints, W.VBox):
    """Shared board widget.  A game subclass provides:

    * ``new_game()`` → a fresh game object (the shared interface: ``to_move``, ``play``, ``undo``, …);
    * ``build_scene()`` → a :class:`Scene` of the current position (pure; may raise);
    * ``move_at(x, y)`` → the move under a click in CSS pixels, or raise ``IllegalMoveError`` saying why;
    * ``make_cpu(level, seed)`` → a player with ``choose(game)``;
    * optionally ``hint_for(game)`` → (move, reason), ``on_key(key)``, ``describe_move(move)``,
      ``position_changed(why)`` (drop state of the old position) and ``sync_controls()`` (put its own
      selectors on the real settings).
    """

    css_size = (360, 300)
    hint_available = True
    catalog_id: str | None = None   # the game's id in gamekit.catalog: its levels and timers are offered
    seat_colours = SEAT_COLOURS     # a game may use its own (5 en raya: red and yellow discs); cycled past the end
    seat_dark = SEAT_DARK

    @property
    def n_seats(self) -> int:
        """Seats in play (a card each)."""
        return 2

    game = SessionAttribute("game", "The game on the board (kept by :attr:`session`).")
    undo_requested_by = SessionAttribute("undo_requested_by",
                                         "The seat whose undo request waits for the other person's answer, or None.")
    timer_seconds = SessionAttribute("timer", "Seconds per turn (0: no limit).", writable=False)

    @property
    def info(self) -> "catalog.GameInfo | None":
        """The game's catalog entry (None for a widget that names no game)."""
        return catalog.get(self.catalog_id) if self.catalog_id is not None else None

    @property
    def levels(self) -> tuple[str, ...]:
        """The CPU levels offered (the catalog's for this game)."""
        return self.info.levels if self.catalog_id is not None else LEVELS

    @property
    def timers(self) -> tuple[int, ...]:
        """The times per turn offered (the catalog's for this game)."""
        return self.info.timers if self.catalog_id is not None else TIMERS

    def __init__(self, mode: str = "cpu", level: str = "easy", seed: int | None = None,
                 timer: int = 0, cpu_seats: Sequence[int] | None = None, hints: bool = False):
        check_choice("mode", mode, MODES)
        check_choice("level", level, self.levels)
        check_choice("timer", timer, self.timers)
        check_type("seed", seed, (int, type(None)))
        check_type("hints", hints, bool)
        if cpu_seats is not None:
            check_type("cpu_seats", cpu_seats, (list, tuple))
            for seat in cpu_seats:
                check_choice("cpu_seats", seat, tuple(range(self.n_seats)))
        self.mode, self.level, self.seed = mode, level, seed
        self.hints = hints   # show the Hard CPU's suggestion whenever it is a person's turn
        self.cpu_seats_in_cpu_mode = tuple(cpu_seats) if cpu_seats is not None else (1,)
        # the turns, undo requests, time per turn and the CPU standing in: gamekit.session, with no UI
        self.session = Session(self.new_game(), seating=self, make_cpu=lambda: self.make_cpu(self.level, self.seed),
                               timer=timer)
        self.thinking = False
        self.errors: list[BaseException] = []
        self.last_status = ""
        self.last_click_time: float | None = None
        self.busy_until: datetime | None = None   # browser time until which the last click was being handled
        self._timer: threading.Timer | None = None
        self._lock = threading.RLock()
        self._syncing = False                     # True while the selectors are put back on the real settings
        self._position: tuple = self._position_stamp()
        self._hint: tuple | None = None            # (position stamp, move, reason): position_hint's answer
        self.hint_move: Any = None                 # the hinted move, drawn on the board until the position changes

        self.board = BoardCanvas(*self.css_size, keys=self.takes_keys)
        self.board.canvas.on_mouse_down(self.handle_mouse_down)
        self.board.canvas.on_key_down(self.handle_key_down)
        self.board.canvas.on_touch_start(self.handle_touch_start)
        self.cards: list[W.HTML] = []
        self.cards_box = W.HBox(layout=W.Layout(width=f"{max(self.css_size[0], 360)}px", flex_flow="row wrap"))
        self.cards_box.add_class("gamekit-cards")
        self.status = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.status.add_class("gamekit-status")
        self.status.add_class(LIVE_CLASS)
        self.error_output = W.Output(layout=W.Layout(max_height="12em", overflow="auto"))

        self.new_button = W.Button(description=tr("New game"), icon="refresh")
        self.undo_button = W.Button(description=tr("Undo"), icon="undo")
        self.resign_button = W.Button(description=tr("Resign"), icon="flag")
        self.hint_button = W.Button(description=tr("Hint"), icon="lightbulb-o")
        self.step_button = W.Button(description=tr("Step"), icon="step-forward")
        self.review_button = W.Button(description=tr("Review"), icon="search", disabled=True,
                                      tooltip=tr("Once the game is over: every move's verdict from the exact solver"))
        self.review_box = W.VBox()
        self.review_view: Any = None            # the ReviewPanel shown after Review
        self.judgements: list | None = None      # the last review's verdicts, one per move
        self.personal_saved: list = []           # the puzzles the last review kept from the pupils' mistakes
        self.mode_select = W.Dropdown(options=[(tr(MODE_NAMES[m]), m) for m in MODES], value=mode,
                                      description=tr("Mode"), layout=W.Layout(width="auto"),
                                      style={"description_width": "initial"})
        self.level_select = W.Dropdown(options=[(tr(LEVEL_NAMES[lv]), lv) for lv in self.levels], value=level,
                                       description=tr("CPU level"), layout=W.Layout(width="auto"),
                                       style={"description_width": "initial"})
        self.timer_select = W.Dropdown(options=[(tr(TIMER_NAMES[t]), t) for t in self.timers],
                                       value=timer, description=tr("Time per turn"), layout=W.Layout(width="auto"),
                                       style={"description_width": "initial"})
        self.accept_button = W.Button(description=tr("Accept"), button_style="success")
        self.decline_button = W.Button(description=tr("Decline"), button_style="warning")
        self.undo_panel = W.HBox([self.accept_button, self.decline_button], layout=W.Layout(display="none"))

        for button, handler in ((self.new_button, self.on_new), (self.undo_button, self.on_undo),
                                (self.resign_button, self.on_resign), (self.hint_button, self.on_hint),
                                (self.step_button, self.on_step), (self.review_button, self.on_review),
                                (self.accept_button, self.on_accept_undo),
                                (self.decline_button, self.on_decline_undo)):
            button.on_click(handler)
        self.mode_select.observe(self.on_mode_change, names="value")
        self.level_select.observe(self.on_level_change, names="value")
        self.timer_select.observe(self.on_timer_change, names="value")

        super().__init__([
            self.cards_box,
            self.board.canvas,
            self.board.access,
            self.status,
            self.undo_panel,
            W.HBox([self.new_button, self.undo_button, self.resign_button, self.hint_button, self.step_button,
                    self.review_button]),
            W.HBox([self.mode_select, self.level_select, self.timer_select]),
            *self.extra_controls(),
            self.review_box,
            self.error_output,
        ])
        self.add_class("gamekit-widget")
        self.refresh()
        self.restart_timer()

    # ----- hooks for games --------------------------------------------------------
    def new_game(self) -> Any:
        raise NotImplementedError

    def build_scene(self) -> Scene:
        raise NotImplementedError

    def move_at(self, x: float, y: float) -> Any:
        raise NotImplementedError

    def make_cpu(self, level: str, seed: int | None) -> Any:
        raise NotImplementedError

    def hint_for(self, game: Any) -> tuple[Any, str]:
        raise NotImplementedError

    def on_key(self, key: str) -> None:
        """Keyboard input on the focused board (arrows, Enter, Space…)."""

    @property
    def takes_keys(self) -> bool:
        """True when the game reads keys on its board (it overrides :meth:`on_key`): the board stays in the Tab order."""
        return type(self).on_key is not GameWidget.on_key

    def board_label(self) -> str:
        """The board's accessible name (a game says which game it is)."""
        return tr("Game board")

    def describe_position(self) -> str:
        """The position in words for a screen reader (a game describes its own; rewritten after every change)."""
        return self.current_status()

    def extra_controls(self) -> list[W.Widget]:
        return []

    def describe_move(self, move: Any) -> str:
        return str(move)

    def score_text(self, seat: int) -> str:
        return ""

    def position_changed(self, why: str) -> None:
        """Called after every change of position, before the board is drawn again.

        ``why``: ``"move"`` (a person's move, or the CPU's when time ran out), ``"cpu"``, ``"undo"``,
        ``"restart"`` (new game, new board or rules), ``"load"`` (a saved game) or ``"external"`` (the game was changed from
        outside the widget, noticed at the next refresh).  The base drops a pending undo request;
        games drop what belonged to the old position (hint verdicts, a selection, a cursor…).
        """
        self.undo_requested_by = None
        self.undo_panel.layout.display = "none"
        self._hint = None
        self.hint_move = None
        if self.review_view is not None:         # a review belongs to the game it reviewed
            self.review_view = self.judgements = None
            self.review_box.children = ()

    def sync_controls(self) -> None:
        """Put the selectors on the real settings (their handlers see no change while this runs)."""
        self.mode_select.value = self.mode
        self.level_select.value = self.level
        self.timer_select.value = self.timer_seconds

    def settings(self) -> dict[str, Any]:
        """The widget's settings (a game adds its own: board size, game kind, seats…)."""
        return {"mode": self.mode, "level": self.level, "timer": self.timer_seconds, "hints": self.hints}

    def control_values(self) -> dict[str, Any]:
        """What the selectors show, under the keys of :meth:`settings` (equal to it whenever the widget is idle)."""
        return {"mode": self.mode_select.value, "level": self.level_select.value,
                "timer": self.timer_select.value, "hints": self.hints}

    def state(self) -> dict[str, Any]:
        """Everything the reader sees: the game, the settings and selectors, the board, the cards.

        A refused input leaves it equal (tests compare it before and after).
        """
        return {"game": self.game.to_dict(), "settings": self.settings(), "controls": self.control_values(),
                "scene": list(self.board.scene), "cards": [card.value for card in self.cards],
                "board_size": (self.board.css_width, self.board.css_height),
                "undo_request": self.undo_requested_by}

    def status_over(self) -> str:
        """The status line once the game is over."""
        game = self.game
        score = self.final_score_text()
        resigned = getattr(game, "resigned", None)
        winner = game.winner()
        if resigned is not None:
            return tr("{seat} resigned: {winner} wins.", seat=self.seat_name(resigned),
                        winner=self.seat_name(winner) if winner is not None else "—")
        return tr("A draw, {score}.", score=score) if winner is None else tr("{seat} wins {score}.", seat=self.seat_name(winner), score=score)

    def final_score_text(self) -> str:
        return ""

    @property
    def cpu(self) -> Any:
        """The CPU player, made on first use (two people never need one unless time runs out)."""
        return self.session.cpu

    # ----- seats -------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """What the reader calls a seat: its game's catalog entry says (gold/coral when the widget names no game;
        a game may override)."""
        return self.info.seat_name(seat) if self.catalog_id is not None else tr(SEAT_NAMES[seat])

    @property
    def cpu_seats(self) -> tuple[int, ...]:
        return {"people": (), "cpu": self.cpu_seats_in_cpu_mode, "watch": tuple(range(self.n_seats))}[self.mode]

    @property
    def person_seats(self) -> tuple[int, ...]:
        return self.session.person_seats

    def next_person(self, seat: int) -> int | None:
        """The first person seated after ``seat`` (going round the table), or None if there is no other."""
        return self.session.next_person(seat)

    def is_cpu_turn(self) -> bool:
        return self.session.is_cpu_turn()

    def copy_game(self) -> Any:
        """An independent copy of the game (its ``copy()``, else through ``to_dict``/``from_dict``)."""
        return self.session.copy_game()

    def undo_plan(self) -> tuple[int, int | None]:
        """(how many actions Undo takes back, the seat that gets its turn back) — (0, None): nothing
        (:meth:`gamekit.session.Session.undo_plan`; against the CPU back to the person's turn)."""
        return self.session.undo_plan(back_to_person=self.mode == "cpu")

    # ----- actions (plain methods: tests drive the widget through these) ------------
    def click(self, x: float, y: float) -> bool:
        """A click at CSS pixel (x, y).  Returns True if a move was played."""
        with self._lock:
            if self.game.is_over():
                return self.say(tr("The game is over: press New game to play again."))
            if self.thinking:
                return self.say(tr("Wait: the CPU is thinking."))
            if self.is_cpu_turn():
                return self.say(tr("Wait for your turn: the CPU is playing {seat}.", seat=self.seat_name(self.game.to_move)))
            try:
                move = self.move_at(x, y)
            except IllegalMoveError as refusal:
                return self.say(str(refusal))
            if move is None:
                return False
            return self.play_human(move)

    def play_human(self, move: Any) -> bool:
        """The person to move plays ``move`` through the session (:meth:`gamekit.session.Session.play`, which
        checks it, cancels a waiting undo request and starts the next turn); then the CPU answers if it is its turn."""
        try:
            played = self.session.play(self.game.to_move, move)
        except IllegalMoveError as refusal:
            return self.say(str(refusal))
        self.after_move(played)
        return True

    def _moved(self, why: str) -> None:
        """The position changed here (the widget did it): tell the game's hook and remember the position."""
        self._position = self._position_stamp()
        self.position_changed(why)

    def _position_stamp(self) -> tuple:
        game = self.game
        return (id(game), list(game.history), getattr(game, "resigned", None))

    def after_move(self, played: Played) -> None:
        """Show what :meth:`gamekit.session.Session.play` changed: the new position, the undo request it cancelled
        (playing on answers it with "no"), the CPU's replies and the clock of the next turn."""
        self._moved("move")
        cancelled = played.cancelled is not None and played.cancelled[0] == "undo"
        self.refresh(tr("A move was played, so the undo request is cancelled.") + " " + self.current_status() if cancelled else None)
        if self.mode == "cpu" and not played.over and self.run_cpu():
            self.restart_timer()            # the CPU moved: the person's turn starts now
        else:
            self.arm_timer()                # the turn the session started with the move
        self.offer_hint()

    def run_cpu(self, max_moves: int | None = None) -> list:
        """Let the CPU play while it is its turn (it may draw again after completing a box); returns its moves, described."""
        moves: list[str] = []

        def thinking() -> None:
            self.thinking = True
            self.say(tr("The CPU is thinking…"))

        def played(move: Any) -> None:
            self.thinking = False
            moves.append(self.describe_move(move))
            self._moved("cpu")
            self.refresh()

        try:
            self.session.run_cpu(max_moves, before=thinking, after=played)
        finally:
            self.thinking = False
        if moves:
            self.refresh(tr("The CPU played {moves}. {then}", moves=", ".join(moves), then=self.current_status()))
        return moves

    def step(self) -> None:
        """CPU against CPU: one move."""
        if self.is_cpu_turn():
            self.run_cpu(max_moves=1)
            self.restart_timer()

    def request_undo(self) -> None:
        """Undo: against the CPU at once; when another person shares the screen, they are asked first.

        The one asking is the seat whose move would be taken back (in Dots and Boxes the seat that
        drew the last line, even when it kept the turn by completing a box); the one answering is
        the next person round the table (:meth:`gamekit.session.Session.request_undo`).
        """
        decision = self.session.request_undo(back_to_person=self.mode == "cpu")
        if decision.kind == "nothing":
            self.say(tr("There is nothing to undo yet."))
        elif decision.kind == "asked":
            self.undo_panel.layout.display = "flex"
            self.say(tr("{seat} asks to undo the last move. {other}, do you accept?", seat=self.seat_name(decision.asker),
                        other=self.seat_name(decision.other)))
        else:
            self.taken_back()

    def take_back(self, steps: int) -> None:
        self.session.take_back(steps)
        self.taken_back()

    def taken_back(self) -> None:
        """Actions were taken back: the position changed."""
        self._moved("undo")
        self.refresh(tr("Move taken back."))
        self.restart_timer()

    def answer_undo(self, accept: bool) -> None:
        check_type("accept", accept, bool)
        if self.undo_requested_by is None:
            return
        self.undo_panel.layout.display = "none"
        decision = self.session.answer_undo(accept, back_to_person=self.mode == "cpu")
        if decision.kind == "taken":
            self.taken_back()
        else:
            seat = decision.other if decision.other is not None else decision.asker
            self.refresh(tr("{seat} declined the undo.", seat=self.seat_name(seat)))

    def resign(self) -> None:
        """The person whose turn it is gives up (against the CPU: the person, whoever is to move)."""
        if self.game.is_over():
            self.say(tr("The game is over: press New game to play again."))
            return
        people = self.person_seats
        if not people:
            self.say(tr("Only the CPU is playing: there is nobody to resign."))
            return
        seat = self.game.to_move
        if seat not in people:
            _, asker = self.undo_plan()
            seat = asker if asker in people else people[0]
        self.game.resign(seat)
        self._moved("move")
        self.refresh()

    def restart(self) -> None:
        """New game: same mode and level (a fresh seeded CPU keeps lessons reproducible)."""
        self.cancel_timer()
        self.game = self.next_game()
        self.session.reset_cpu()
        self._moved("restart")
        self.refresh()
        if self.mode == "cpu":
            self.run_cpu()
        self.restart_timer()
        self.offer_hint()

    def next_game(self) -> Any:
        return self.new_game()

    # ----- saved games ----------------------------------------------------------------
    game_class: type | None = None      # the class whose from_dict reads this widget's saved games

    def check_loadable(self, game: Any) -> None:
        """Raise BadSettingError if this widget cannot show ``game`` (a game may refuse some)."""

    def adopt(self, game: Any) -> None:
        """Take the settings of a loaded game (board size, game kind, rules…) before it is shown."""

    def load(self, saved: Any) -> None:
        """Go on with a saved game: a game object of this widget's kind or its ``to_dict()``.

        The widget takes the game's own settings (board size, game, rules).  Everything is checked
        first: an unreadable save raises the game's ``BadPositionError``, a game the widget cannot
        show a ``BadSettingError``; the status line says why and nothing changes.
        """
        cls = self.game_class or type(self.game)
        try:
            if isinstance(saved, cls):
                saved = saved.to_dict()           # a fresh copy: the widget never shares a game object
            if not isinstance(saved, dict):
                raise BadSettingTypeError(tr("{name}={value}: must be {kind} (nothing was changed)", name="saved", value=_short_repr(saved),
                                               kind=tr("a saved game (the dict of to_dict()) or a {cls}", cls=cls.__name__)))
            game = cls.from_dict(saved)
            self.check_loadable(game)
        except (BadSettingError, BadPositionError) as error:
            self.say(tr("Not changed: {reason}", reason=str(error)))
            raise
        self.cancel_timer()
        self.adopt(game)
        self.game = game
        self._moved("load")
        self.resync_controls()
        self.refresh()
        self.say(tr("Saved game loaded. {status}", status=self.last_status))
        if self.mode == "cpu":
            self.run_cpu()
        self.restart_timer()
        self.offer_hint()

    # ----- review of a finished game ---------------------------------------------------
    REVIEW_TIME = 0.5                  # seconds the solver may spend on each position of a review
    REVIEW_BUDGET = 30.0               # seconds for the whole review (the moves left after it are unjudged)

    @property
    def reviewable(self) -> bool:
        """True when the game has a review (it provides :meth:`review_panel`): the Review button shows."""
        return type(self).review_panel is not GameWidget.review_panel

    def review_panel(self, game: Any, judgements: list) -> W.Widget:
        """The review's widget for a finished ``game`` and its verdicts (a game with a review provides it)."""
        raise NotImplementedError

    def review(self, time_limit: float | None = None, budget: float | None = None) -> list:
        """Review the finished game: every move's verdict from the exact solver (best / inaccuracy / mistake /
        unjudged, :func:`gamekit.puzzles.review.review`), shown under the board as a list and a board to step
        through; the mistakes of the people playing (not the CPU's) that have a clear best answer are kept as
        their personal puzzles for Practice (:mod:`gamekit.puzzles.personal`).  Returns the judgements.

        Refused (ValueError, said in the status line, nothing changes) while the game is not over, and for a
        game without a review."""
        if not self.reviewable:
            error = BadSettingError(tr("This game has no review: the exact solvers review Dots and Boxes, "
                                       "5 en raya and Connect Four."))
            self.say(str(error))
            raise error
        if not self.game.is_over():
            error = ValueError(tr("Review is for a finished game: play it to the end (or resign) first."))
            self.say(str(error))
            raise error
        from gamekit.puzzles.personal import save_mistakes
        from gamekit.puzzles.review import review, summary
        game = self.copy_game()
        judgements = review(game, time_limit=self.REVIEW_TIME if time_limit is None else time_limit,
                            budget=self.REVIEW_BUDGET if budget is None else budget)
        panel = self.review_panel(game, judgements)          # built before anything is shown
        saved = save_mistakes(game, judgements, self.person_seats, most=3, time_limit=1.5)
        self.judgements, self.review_view, self.personal_saved = judgements, panel, saved
        self.review_box.children = (panel,)
        counts = summary(judgements)
        message = tr("Review ready below: {counts}.", counts=verdict_counts(counts))
        if saved:
            message += " " + ntr("{n} of your mistakes is now a puzzle in Practice (personal=True).",
                                 "{n} of your mistakes are now puzzles in Practice (personal=True).", len(saved))
        self.say(message)
        return judgements

    # ----- settings: checked first, the widget unchanged on refusal -------------------
    def refuse(self, error: BadSettingError) -> None:
        """Say why a setting was refused, put the selectors back on the real settings, raise ``error``."""
        self.say(tr("Not changed: {reason}", reason=str(error)))
        self.resync_controls()
        raise error

    def resync_controls(self) -> None:
        self._syncing = True
        try:
            self.sync_controls()
        finally:
            self._syncing = False

    def set_level(self, level: str) -> None:
        """Changing level keeps the board."""
        try:
            check_choice("level", level, self.levels)
        except BadSettingError as error:
            self.refuse(error)
        self.level = level
        self.session.reset_cpu()
        self.resync_controls()
        self.refresh(tr("CPU level is now {level}; the board is kept.", level=tr(LEVEL_NAMES[level])))

    def check_mode(self, mode: Any) -> None:
        """Raise BadSettingError if ``mode`` cannot be used (a game may allow fewer modes)."""
        check_choice("mode", mode, MODES)

    def set_mode(self, mode: str) -> None:
        try:
            self.check_mode(mode)
        except BadSettingError as error:
            self.refuse(error)
        self.mode = mode
        self.undo_requested_by = None
        self.undo_panel.layout.display = "none"
        self.resync_controls()
        self.refresh()
        if mode == "cpu":
            self.run_cpu()
        self.restart_timer()

    def set_timer(self, seconds: int) -> None:
        """Time per turn: 0 (off), 30 or 60 seconds; a person whose time runs out gets the CPU's move."""
        try:
            check_choice("timer", seconds, self.timers)
        except BadSettingError as error:
            self.refuse(error)
        self.session.set_timer(seconds)
        self.resync_controls()
        self.restart_timer()

    def set_hints(self, on: bool) -> None:
        """Hints on: the status line suggests a move on every turn of a person."""
        try:
            check_type("hints", on, bool)
        except BadSettingError as error:
            self.refuse(error)
        self.hints = on
        self.refresh()
        self.offer_hint()

    # ----- display ---------------------------------------------------------------------
    def say(self, message: str) -> bool:
        self.last_status = message
        self.status.value = f"<span>{html.escape(message)}</span>"
        return False

    def current_status(self) -> str:
        game = self.game
        if game.is_over():
            return self.status_over()
        seat = self.seat_name(game.to_move)
        if self.mode == "watch":
            return tr("{seat} (CPU) to move: press Step.", seat=seat)
        if self.mode == "cpu" and game.to_move not in self.cpu_seats:
            return tr("Your move ({seat}).", seat=seat)
        return tr("{seat} to move.", seat=seat)

    def seat_colour(self, seat: int, dark: bool = False) -> str:
        colours = self.seat_dark if dark else self.seat_colours
        return colours[seat % len(colours)]

    def card_html(self, seat: int) -> str:
        active = not self.game.is_over() and self.game.to_move == seat
        winner = self.game.winner() if self.game.is_over() else None
        people = len(self.person_seats)
        who = (tr("CPU · {level}", level=tr(LEVEL_NAMES[self.level])) if seat in self.cpu_seats
               else tr("you") if people == 1 else tr("person"))
        border = f"3px solid {self.seat_colour(seat, dark=True)}" if active else "3px solid transparent"
        crown = " 🏆" if winner == seat else ""
        colour = self.seat_colour(seat)
        return (f"<div class='gamekit-card gamekit-card-{seat}{' gamekit-active' if active else ''}' "
                f"style='border:{border};border-radius:8px;padding:4px 10px;margin:2px;"
                f"background:{colour}33'>"
                f"<span style='display:inline-block;width:12px;height:12px;border-radius:6px;"
                f"background:{colour};margin-right:6px'></span>"
                f"<b>{html.escape(self.seat_name(seat))}</b> <small>({who})</small>{crown}"
                f"<span class='gamekit-score' style='float:right;font-size:1.2em'><b>{html.escape(self.score_text(seat))}</b></span></div>")

    def _fit_cards(self, n: int) -> None:
        """One card per seat: the row wraps four to a line (any number of seats)."""
        if len(self.cards) != n:
            while len(self.cards) < n:
                self.cards.append(W.HTML(layout=W.Layout(flex="1 1 22%", min_width="0")))
            del self.cards[n:]
            self.cards_box.children = tuple(self.cards)

    def refresh(self, message: str | None = None) -> None:
        """Recompute the scene, cards and status (compute first), then paint."""
        if self._position_stamp() != self._position:     # the game was changed from outside the widget
            self._moved("external")
        scene = self.build_scene()
        cards = [self.card_html(seat) for seat in range(self.n_seats)]
        status = message if message is not None else self.current_status()
        over = self.game.is_over()
        label, description = self.board_label(), self.describe_position()
        self.board.paint(scene)
        self.board.describe(label, description)
        self._fit_cards(len(cards))
        for card, html_text in zip(self.cards, cards):
            card.value = html_text
        self.say(status)
        self.undo_button.disabled = not self.game.history and getattr(self.game, "resigned", None) is None
        self.resign_button.disabled = over or self.mode == "watch"
        self.step_button.layout.display = "" if self.mode == "watch" else "none"
        self.hint_button.layout.display = "" if self.hint_available else "none"
        self.hint_button.disabled = over
        self.review_button.layout.display = "" if self.reviewable else "none"
        self.review_button.disabled = not over

    def report_error(self, error: BaseException) -> None:
        """Show an exception raised in a callback (the kernel would otherwise drop it silently)."""
        self.errors.append(error)
        self.thinking = False
        self.say(tr("Something went wrong: {kind}: {error}", kind=type(error).__name__, error=error))
        with self.error_output:
            print("".join(traceback.format_exception(error)))

    def from_control(self, setter: Callable[..., None], *args: Any, **kwargs: Any) -> None:
        """Apply a selector's change; a refusal is said in the status line and the selector snaps back."""
        if self._syncing:
            return
        try:
            setter(*args, **kwargs)
        except BadSettingError:
            pass                      # refuse() has said why and put the selectors back

    # ----- ipywidgets / ipycanvas callbacks (thin: they call the plain methods) -----------
    def pointer_down(self, x: float, y: float, sent: datetime | None) -> None:
        """A click or tap in buffer pixels, sent by the browser at ``sent``.

        One made while the previous click was still being handled (the CPU thinking over its reply)
        is ignored with a message instead of being played afterwards by surprise.
        """
        if sent is not None and self.busy_until is not None and sent < self.busy_until:
            self.say(tr("That click came while the CPU was thinking, so it was ignored. {status}", status=self.current_status()))
            return
        start = self.last_click_time = time.perf_counter()
        self.click(*self.board.to_css(x, y))
        if sent is not None:
            self.busy_until = sent + timedelta(seconds=time.perf_counter() - start)

    @reported
    def handle_mouse_down(self, x: float, y: float) -> None:
        self.pointer_down(x, y, sent_at())

    @reported
    def handle_touch_start(self, touches: list[tuple[float, float]]) -> None:
        """A tap is a click (ipycanvas cancels the browser's mouse events for touches)."""
        if touches:
            self.pointer_down(*touches[0], sent_at())

    @reported
    def handle_key_down(self, key: str, *_: Any) -> None:
        self.on_key(key)

    @reported
    def on_new(self, _: Any) -> None:
        self.restart()

    @reported
    def on_undo(self, _: Any) -> None:
        self.request_undo()

    @reported
    def on_resign(self, _: Any) -> None:
        self.resign()

    @reported
    def on_hint(self, _: Any) -> None:
        self.hint()

    @reported
    def on_step(self, _: Any) -> None:
        self.step()

    @reported
    def on_review(self, _: Any) -> None:
        try:
            self.review()
        except ValueError:
            pass                      # review() has said why

    @reported
    def on_accept_undo(self, _: Any) -> None:
        self.answer_undo(True)
        self.board.access.focus_board()       # the buttons are hidden now: the keyboard goes back to the board

    @reported
    def on_decline_undo(self, _: Any) -> None:
        self.answer_undo(False)
        self.board.access.focus_board()

    @reported
    def on_mode_change(self, change: dict) -> None:
        if change["new"] != self.mode:
            self.from_control(self.set_mode, change["new"])

    @reported
    def on_level_change(self, change: dict) -> None:
        if change["new"] != self.level:
            self.from_control(self.set_level, change["new"])

    @reported
    def on_timer_change(self, change: dict) -> None:
        if change["new"] != self.timer_seconds:
            self.from_control(self.set_timer, change["new"])
