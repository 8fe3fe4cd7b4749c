"""The widget base every game board uses.

:class:`GameWidget` adds what every game shares to a board canvas (:mod:`gamekit.widgets.canvas`: a game computes
a scene, the canvas paints it): one player card per seat (any number of seats; the cards wrap four to a row) with
the seat to move highlighted, a status line, New game / Undo / Resign / Hint / Step buttons, mode and CPU level
selectors, an optional time per turn, an undo request that another person must accept when people share the
screen, and an error panel — exceptions in callbacks are shown to the reader, never swallowed.  Its other parts
live in modules of their own: the settings and callbacks (:mod:`gamekit.widgets.controls`; every setting is
checked first, :mod:`gamekit.widgets.settings`), saved games and the review (:mod:`gamekit.widgets.replay`), the
turn clock (:mod:`gamekit.widgets.turn_timer`), hints (:mod:`gamekit.widgets.hints`) and the player cards
(:mod:`gamekit.widgets.cards`).

Every change of position (a move, a CPU move, an accepted undo, a new game, a new board) goes through
:meth:`GameWidget.position_changed`, where games drop state that belongs to the old position.
"""

from __future__ import annotations

import html
import threading
import traceback
from datetime import datetime
from typing import Any, Sequence

import ipywidgets as W

from gamekit.core.errors import IllegalMoveError
from gamekit.i18n import tr
from gamekit.core.scene import SEAT_COLOURS, SEAT_DARK, Scene
from gamekit.widgets.access import LIVE_CLASS
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.cards import PlayerCards
from gamekit.widgets.controls import LEVEL_NAMES, MODE_NAMES, MODES, SEAT_NAMES, TIMER_NAMES, Controls
from gamekit.widgets.hints import Hints
from gamekit.widgets.replay import Replay
from gamekit.widgets.settings import check_choice, check_type
from gamekit.widgets.turn_timer import TurnTimer

from gamekit import catalog
from gamekit.game import LEVELS, TIMERS
from gamekit.session import Played, Session, SessionAttribute

# LEVELS (CPU levels) and TIMERS (seconds per turn) are the core's, imported above; a game's own come from its
# catalog entry (GameWidget.info)


class GameWidget(Controls, Replay, TurnTimer, Hints, PlayerCards, W.VBox):
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
    catalog_id: str | None = None  # the game's id in gamekit.catalog: its levels and timers are offered
    seat_colours = SEAT_COLOURS  # a game may use its own (5 en raya: red and yellow discs); cycled past the end
    seat_dark = SEAT_DARK

    @property
    def n_seats(self) -> int:
        """Seats in play (a card each)."""
        return 2

    game = SessionAttribute("game", "The game on the board (kept by :attr:`session`).")
    undo_requested_by = SessionAttribute(
        "undo_requested_by", "The seat whose undo request waits for the other person's answer, or None."
    )
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

    def __init__(
        self,
        mode: str = "cpu",
        level: str = "easy",
        seed: int | None = None,
        timer: int = 0,
        cpu_seats: Sequence[int] | None = None,
        hints: bool = False,
    ):
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
        self.hints = hints  # show the Hard CPU's suggestion whenever it is a person's turn
        self.cpu_seats_in_cpu_mode = tuple(cpu_seats) if cpu_seats is not None else (1,)
        # the turns, undo requests, time per turn and the CPU standing in: gamekit.session, with no UI
        self.session = Session(
            self.new_game(), seating=self, make_cpu=lambda: self.make_cpu(self.level, self.seed), timer=timer
        )
        self.thinking = False
        self.errors: list[BaseException] = []
        self.last_status = ""
        self.last_click_time: float | None = None
        self.busy_until: datetime | None = None  # browser time until which the last click was being handled
        self._timer: threading.Timer | None = None
        self._lock = threading.RLock()
        self._syncing = False  # True while the selectors are put back on the real settings
        self._position: tuple = self._position_stamp()
        self._hint: tuple | None = None  # (position stamp, move, reason): position_hint's answer
        self.hint_move: Any = None  # the hinted move, drawn on the board until the position changes

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
        self.review_button = W.Button(
            description=tr("Review"),
            icon="search",
            disabled=True,
            tooltip=tr("Once the game is over: every move's verdict from the exact solver"),
        )
        self.review_box = W.VBox()
        self.review_view: Any = None  # the ReviewPanel shown after Review
        self.judgements: list | None = None  # the last review's verdicts, one per move
        self.personal_saved: list = []  # the puzzles the last review kept from the pupils' mistakes
        self.mode_select = W.Dropdown(
            options=[(tr(MODE_NAMES[m]), m) for m in MODES],
            value=mode,
            description=tr("Mode"),
            layout=W.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.level_select = W.Dropdown(
            options=[(tr(LEVEL_NAMES[lv]), lv) for lv in self.levels],
            value=level,
            description=tr("CPU level"),
            layout=W.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.timer_select = W.Dropdown(
            options=[(tr(TIMER_NAMES[t]), t) for t in self.timers],
            value=timer,
            description=tr("Time per turn"),
            layout=W.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.accept_button = W.Button(description=tr("Accept"), button_style="success")
        self.decline_button = W.Button(description=tr("Decline"), button_style="warning")
        self.undo_panel = W.HBox([self.accept_button, self.decline_button], layout=W.Layout(display="none"))

        for button, handler in (
            (self.new_button, self.on_new),
            (self.undo_button, self.on_undo),
            (self.resign_button, self.on_resign),
            (self.hint_button, self.on_hint),
            (self.step_button, self.on_step),
            (self.review_button, self.on_review),
            (self.accept_button, self.on_accept_undo),
            (self.decline_button, self.on_decline_undo),
        ):
            button.on_click(handler)
        self.mode_select.observe(self.on_mode_change, names="value")
        self.level_select.observe(self.on_level_change, names="value")
        self.timer_select.observe(self.on_timer_change, names="value")

        super().__init__(
            [
                self.cards_box,
                self.board.canvas,
                self.board.access,
                self.status,
                self.undo_panel,
                W.HBox(
                    [
                        self.new_button,
                        self.undo_button,
                        self.resign_button,
                        self.hint_button,
                        self.step_button,
                        self.review_button,
                    ]
                ),
                W.HBox([self.mode_select, self.level_select, self.timer_select]),
                *self.extra_controls(),
                self.review_box,
                self.error_output,
            ]
        )
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
        """True when the game reads keys on its board (it overrides :meth:`on_key`): the board stays in the Tab
        order."""
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
        ``"restart"`` (new game, new board or rules), ``"load"`` (a saved game) or ``"external"`` (the game was
        changed from
        outside the widget, noticed at the next refresh).  The base drops a pending undo request;
        games drop what belonged to the old position (hint verdicts, a selection, a cursor…).
        """
        self.undo_requested_by = None
        self.undo_panel.layout.display = "none"
        self._hint = None
        self.hint_move = None
        if self.review_view is not None:  # a review belongs to the game it reviewed
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
        return {
            "mode": self.mode_select.value,
            "level": self.level_select.value,
            "timer": self.timer_select.value,
            "hints": self.hints,
        }

    def state(self) -> dict[str, Any]:
        """Everything the reader sees: the game, the settings and selectors, the board, the cards.

        A refused input leaves it equal (tests compare it before and after).
        """
        return {
            "game": self.game.to_dict(),
            "settings": self.settings(),
            "controls": self.control_values(),
            "scene": list(self.board.scene),
            "cards": [card.value for card in self.cards],
            "board_size": (self.board.css_width, self.board.css_height),
            "undo_request": self.undo_requested_by,
        }

    def status_over(self) -> str:
        """The status line once the game is over."""
        game = self.game
        score = self.final_score_text()
        resigned = getattr(game, "resigned", None)
        winner = game.winner()
        if resigned is not None:
            return tr(
                "{seat} resigned: {winner} wins.",
                seat=self.seat_name(resigned),
                winner=self.seat_name(winner) if winner is not None else "—",
            )
        return (
            tr("A draw, {score}.", score=score)
            if winner is None
            else tr("{seat} wins {score}.", seat=self.seat_name(winner), score=score)
        )

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
                return self.say(
                    tr("Wait for your turn: the CPU is playing {seat}.", seat=self.seat_name(self.game.to_move))
                )
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
        self.refresh(
            tr("A move was played, so the undo request is cancelled.") + " " + self.current_status()
            if cancelled
            else None
        )
        if self.mode == "cpu" and not played.over and self.run_cpu():
            self.restart_timer()  # the CPU moved: the person's turn starts now
        else:
            self.arm_timer()  # the turn the session started with the move
        self.offer_hint()

    def run_cpu(self, max_moves: int | None = None) -> list:
        """Let the CPU play while it is its turn (it may draw again after completing a box); returns its moves,
        described."""
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
            self.say(
                tr(
                    "{seat} asks to undo the last move. {other}, do you accept?",
                    seat=self.seat_name(decision.asker),
                    other=self.seat_name(decision.other),
                )
            )
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

    def refresh(self, message: str | None = None) -> None:
        """Recompute the scene, cards and status (compute first), then paint."""
        if self._position_stamp() != self._position:  # the game was changed from outside the widget
            self._moved("external")
        scene = self.build_scene()
        cards = [self.card_html(seat) for seat in range(self.n_seats)]
        status = message if message is not None else self.current_status()
        over = self.game.is_over()
        label, description = self.board_label(), self.describe_position()
        self.board.paint(scene)
        self.board.set_access(label, description)
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
