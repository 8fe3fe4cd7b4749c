"""A notebook board for a room: the server's scene painted on the shared ``BoardCanvas``, clicks sent to the
server (which hit-tests them with the widgets' own layout code), the two player cards, the status line,
New game / Undo / Resign, Accept / Decline for the other player's request, and the invite link.

    >>> from gamekit.rooms.client import create_room, join
    >>> RoomWidget(create_room("http://localhost:8765", "dots"))         # doctest: +SKIP  (creates a room)
    >>> RoomWidget(join("http://localhost:8765/r/…"))                    # doctest: +SKIP  (joins one)
    >>> RoomWidget(create_room("http://localhost:8765", "connect", board="four", popout=True))  # doctest: +SKIP

The room is played by a :class:`~gamekit.rooms.client.RoomClient` (``widget.client``); updates from the server
arrive on the client's reader thread and are painted straight away.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from gamekit import catalog
from gamekit.i18n import Localized, tr
from gamekit.rooms.client import RoomClient, RoomRefusal, fetch_json
from gamekit.widgets.access import LIVE_CLASS
from gamekit.widgets.canvas import BoardCanvas
from gamekit.core.scene import Scene
from gamekit.widgets.review import ReviewPanel


class RoomWidget(Localized, W.VBox):
    """An online board in a notebook: it speaks the language current when it was made, as its client does
    (the server's status, notes and refusals come in it too)."""

    def __init__(self, client: RoomClient):
        self.client = client
        self.errors: list[BaseException] = []
        state = client.state
        w, h = state["size"]
        self.board = BoardCanvas(w, h)
        self.board.canvas.on_mouse_down(self._on_mouse_down)
        self.board.canvas.on_touch_start(lambda touches: touches and self._on_mouse_down(*touches[0]))
        self.cards = [W.HTML(layout=W.Layout(flex="1 1 0%")) for _ in range(2)]
        self.status = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.status.add_class("gamekit-status")
        self.status.add_class(LIVE_CLASS)  # moves, notes and refusals are announced
        self.message = W.HTML()
        self.message.add_class(LIVE_CLASS)
        self.new_button = W.Button(description=tr("New game"), icon="refresh")
        self.undo_button = W.Button(description=tr("Undo"), icon="undo")
        self.resign_button = W.Button(description=tr("Resign"), icon="flag")
        self.accept_button = W.Button(description=tr("Accept"), button_style="success")
        self.decline_button = W.Button(description=tr("Decline"), button_style="warning")
        self.request_text = W.HTML()
        self.request_panel = W.HBox(
            [self.request_text, self.accept_button, self.decline_button], layout=W.Layout(display="none")
        )
        self.link = W.Text(
            value=client.link,
            description=tr("Invite link"),
            disabled=False,
            layout=W.Layout(width="100%"),
            style={"description_width": "initial"},
        )
        for button, action in (
            (self.new_button, client.request_new_game),
            (self.undo_button, client.request_undo),
            (self.resign_button, client.resign),
            (self.accept_button, lambda: client.answer(True)),
            (self.decline_button, lambda: client.answer(False)),
        ):
            button.on_click(lambda _, action=action: self._do(action))
        self.review_button = W.Button(
            description=tr("Review"),
            icon="search",
            disabled=True,
            tooltip=tr("Once the game is over: every move's verdict from the exact solver"),
        )
        self.review_button.on_click(lambda _: self._do(self.review))
        self.review_box = W.VBox()
        self.review_view: ReviewPanel | None = None
        self.judgements: list | None = None
        self.personal_saved: list = []
        self._reviewed_key: tuple | None = None
        buttons = [self.new_button, self.undo_button, self.resign_button] if client.seat is not None else []
        super().__init__(
            [
                W.HBox(self.cards),
                self.board.canvas,
                self.board.access,
                self.status,
                self.message,
                self.request_panel,
                W.HBox([*buttons, self.review_button]),
                self.review_box,
                self.link,
            ]
        )
        self.add_class("gamekit-widget")
        client.on_state = self.show
        self.show(client.state)

    def _do(self, action: Any) -> None:
        try:
            action()
            self.message.value = ""
        except RoomRefusal as refusal:
            self.message.value = f"<span style='color:#b03a2e'>{escape(str(refusal))}</span>"
        except Exception as error:  # noqa: BLE001 — shown, never swallowed
            self.errors.append(error)
            self.message.value = (
                f"<span style='color:#b03a2e'>{escape(type(error).__name__)}: {escape(str(error))}</span>"
            )

    def review(self) -> list:
        """The room's review of the finished game (the server's verdicts, the same the room page shows), shown
        under the board as a list and a board to step through; this seat's mistakes with a clear best answer
        become personal puzzles for Practice (:mod:`gamekit.puzzles.personal`).  Returns the judgements.

        ValueError while the game is not over (nothing changes); RoomRefusal when the server refuses."""
        from gamekit.puzzles.personal import save_mistakes
        from gamekit.puzzles.review import Judgement

        state = self.client.state
        if not state["over"]:
            raise ValueError("Review is for a finished game: play it to the end (or resign) first.")
        status, data = fetch_json(self.client.link + "/review", timeout=120)
        if status != 200:
            raise RoomRefusal(data)
        game = self.client.game
        judgements = [
            Judgement(
                m["index"], m["seat"], m["move"], m["verdict"], m["loss"], tuple(m["best"]), m["value"], m["best_value"]
            )
            for m in data["moves"]
        ]
        names = [s["name"] for s in state["seats"]]
        info = catalog.of(game)
        board = info.review_board
        panel = ReviewPanel(
            game,
            judgements,
            lambda position, j: board.review_scene(position, j)[0],
            lambda position: board.text(position, names),
            lambda seat: names[seat],
            board.move_words,
            info.id,
            board.review_scene(game, None)[1],
        )
        key = (self.client.link, tuple(game.history))
        if key != self._reviewed_key:  # this seat's mistakes are kept once per game
            seats = [self.client.seat] if self.client.seat is not None else []
            self.personal_saved = save_mistakes(game, judgements, seats, most=3, time_limit=1.5)
            self._reviewed_key = key
        self.judgements, self.review_view = judgements, panel
        self.review_box.children = (panel,)
        return judgements

    def click(self, x: float, y: float) -> None:
        """A click at CSS pixel (x, y) of the board (what a reader's click does)."""
        self._do(lambda: self.client.click(x, y))

    def _on_mouse_down(self, x: float, y: float) -> None:
        self.click(*self.board.to_css(x, y))

    def show(self, state: dict) -> None:
        """Paint a state from the server (computed first, then painted)."""
        scene = Scene(tuple(op) for op in state["scene"])
        me = self.client.seat
        cards = []
        for seat, s in enumerate(state["seats"]):
            active = state["to_move"] == seat
            who = (
                tr("free seat")
                if not s["taken"]
                else tr("CPU while away")
                if s["cpu"]
                else tr("connected")
                if s["connected"]
                else tr("away")
            )
            name = tr("{seat} (you)", seat=s["name"]) if me == seat else s["name"]
            cards.append(
                f"<div class='gamekit-card' style='border:3px solid {'#2f3640' if active else 'transparent'};"
                f"border-radius:8px;padding:4px 10px;background:{s['colour']}33'>"
                f"<b>{escape(name)}</b> <small>{escape(who)}</small>"
                f"<span style='float:right;font-weight:bold'>{escape(s['score'])}</span></div>"
            )
        request = state["request"]
        self.board.resize(*state["size"])
        self.board.paint(scene)
        self.board.set_access(
            tr("{game} board: {board}", game=state["title"], board=state["board"]),
            state.get("description") or state["status"],
        )
        for card, html in zip(self.cards, cards):
            card.value = html
        note = f" <small>{escape(state['note'])}</small>" if state.get("note") else ""
        self.status.value = f"<span>{escape(state['status'])}</span>{note}"
        if request and me is not None and request["seat"] != me:
            asker = state["seats"][request["seat"]]["name"]
            self.request_text.value = (
                escape(
                    tr("{seat} asks for a new game.", seat=asker)
                    if request["kind"] == "restart"
                    else tr("{seat} asks to take back their last move.", seat=asker)
                )
                + " "
            )
            self.request_panel.layout.display = "flex"
        else:
            self.request_panel.layout.display = "none"
        self.undo_button.disabled = not state["history"] or state["over"]
        self.resign_button.disabled = state["over"]
        self.review_button.disabled = not state["over"]
        if not state["over"] and self.review_view is not None:  # a new game: the old review goes
            self.review_view = self.judgements = None
            self.review_box.children = ()
