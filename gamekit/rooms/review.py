"""The review of a finished room game, for the room page (``static/review.js``): both players (and watchers)
see every move's verdict once the game is over.

Paths (under the room's own path, so the log hides the room id like every ``/r/<room>`` path):

* ``GET /r/<room>/review``      → ``{"room", "ply", "game", "moves": [judgement, ...], "summary", "seats",
  "size", "steps"}``; each judgement as :func:`gamekit.puzzles.review.judgement_dict` (``index``, ``seat``,
  ``move``, ``verdict``, ``loss``, ``best``, ``value``, ``best_value``, ``words``) and its ``sentence``.
* ``GET /r/<room>/review/<k>``  → ``{"step": k, "scene": [...], "size": [w, h], "caption", "verdict"}``: the
  picture of step ``k`` (0: the start; k: after move k, marked with its verdict; the game's ``review_scene``).

The exact solvers run in **another process** (a pool of :data:`WORKERS`), never on the event loop: the server
goes on answering moves and pages while a review is computed.  Limits: at most :data:`MAX_MOVES` moves are
reviewed (a longer history is refused, 413), each position gets :data:`POSITION_TIME` seconds and the whole
review :data:`BUDGET` seconds (moves left after it are *unjudged*), and an answer that takes more than
:data:`TIMEOUT` seconds is given up (503).  At most :data:`QUEUE` different reviews wait at once (503 past
it); the same game asked twice (both players) is computed once, and the last :data:`CACHE` reviews are kept.

Refusals are JSON ``{"type": "error", "message": ...}`` with a status: 404 no such room, 409 the game is not
finished (or the step's review was not asked for yet), 404 a step past the game's end.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
from collections import OrderedDict
from typing import Any


from gamekit import catalog
from gamekit.i18n import ntr, tr, using
from gamekit.rooms.web import BaseHandler

log = logging.getLogger("gamekit.rooms")

POSITION_TIME = 0.3  # seconds the solver may spend on one position
BUDGET = 20.0  # seconds for a whole review
TIMEOUT = 60.0  # seconds before an answer is given up
MAX_MOVES = 200  # moves a review covers at most (a Dots 8 × 8 game has 144)
WORKERS = 1  # processes computing reviews
QUEUE = 8  # different reviews waiting at once
CACHE = 64  # reviews kept


def compute(saved: dict, position_time: float, budget: float) -> list[dict]:
    """The review of a saved finished game (run in a worker process): one judgement dict per move."""
    from gamekit.puzzles.review import judgement_dict, review

    return [judgement_dict(j) for j in review(saved, time_limit=position_time, budget=budget)]


class ReviewRefused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class Reviews:
    """The reviews of one server: the worker pool, the reviews being computed and the last ones computed."""

    def __init__(
        self, server: Any, position_time: float = POSITION_TIME, budget: float = BUDGET, timeout: float = TIMEOUT
    ):
        self.server = server
        self.position_time, self.budget, self.timeout = position_time, budget, timeout
        self.done: OrderedDict[tuple, list[dict]] = OrderedDict()
        self.running: dict[tuple, asyncio.Future] = {}
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    @property
    def pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": a fresh interpreter, nothing of the server's threads or sockets is inherited
            self._pool = concurrent.futures.ProcessPoolExecutor(
                WORKERS, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    def finished_room(self, room_id: str) -> Any:
        room = self.server.room(room_id)
        if room is None:
            raise ReviewRefused(404, tr("This room does not exist or has expired."))
        if not room.game.is_over():
            raise ReviewRefused(
                409,
                ntr(
                    "The game is not finished ({n} move played): the review comes once it is over.",
                    "The game is not finished ({n} moves played): the review comes once it is over.",
                    len(room.game.history),
                ),
            )
        if len(room.game.history) > MAX_MOVES:
            raise ReviewRefused(
                413,
                tr(
                    "This game has {n} moves: a review covers at most {most}.", n=len(room.game.history), most=MAX_MOVES
                ),
            )
        return room

    @staticmethod
    def key(room: Any) -> tuple:
        return (room.id, tuple(room.game.history), getattr(room.game, "resigned", None))

    async def review(self, room: Any) -> list[dict]:
        key = self.key(room)
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        future = self.running.get(key)
        if future is None:
            if len(self.running) >= QUEUE:
                raise ReviewRefused(503, tr("Too many reviews are being computed: try again in a minute."))
            loop = asyncio.get_running_loop()
            future = asyncio.ensure_future(
                loop.run_in_executor(self.pool, compute, room.game.to_dict(), self.position_time, self.budget)
            )
            self.running[key] = future
            future.add_done_callback(lambda f, key=key: self._finished(key, f))
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except asyncio.TimeoutError:
            raise ReviewRefused(503, tr("The review took too long: try again later.")) from None

    def _finished(self, key: tuple, future: asyncio.Future) -> None:
        self.running.pop(key, None)
        if future.cancelled() or future.exception() is not None:
            if not future.cancelled():
                log.error("a review failed: %r", future.exception())
            return
        self.done[key] = future.result()
        while len(self.done) > CACHE:
            self.done.popitem(last=False)

    def cached(self, room: Any) -> list[dict] | None:
        return self.done.get(self.key(room))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _layout_and_scene(room: Any, position: Any, judgement: dict | None) -> tuple[list, tuple[int, int]]:
    """The picture of one step (the game's review board: :attr:`gamekit.catalog.GameInfo.review_board`)."""
    from gamekit.puzzles.review import Judgement

    j = (
        None
        if judgement is None
        else Judgement(
            judgement["index"],
            judgement["seat"],
            judgement["move"],
            judgement["verdict"],
            best=tuple(judgement["best"]),
        )
    )
    return catalog.of(room.game).review_board.review_scene(position, j)


def sentence(room: Any, m: dict) -> str:
    """One move's verdict as the page says it, in the current language: ``"Coral b2-c2: mistake — it loses 2 boxes
    against …"``."""
    from gamekit.puzzles.review import Judgement, verdict_words

    info = catalog.of(room.game)
    words = info.review_board.move_words
    j = Judgement(
        m["index"],
        m["seat"],
        m["move"],
        m["verdict"],
        m["loss"],
        tuple(words(b) for b in m["best"]),
        m["value"],
        m["best_value"],
    )
    return verdict_words(j, tr(room.names[j.seat]), words(m["move"]), info.id)


def start_position(game: Any) -> Any:
    """The start of a finished game (a copy taken back to its first move)."""
    g = game.copy()
    for _ in range(len(g.history) + (1 if getattr(g, "resigned", None) is not None else 0)):
        g.undo()
    return g


class _Base(BaseHandler):
    """The review's answers speak ``?lang=`` (the room page sends its own), else the browser's language."""

    def initialize(self, reviews: Reviews) -> None:
        self.reviews = reviews

    async def get(self, *args: str) -> None:
        with using(self.language()):
            await self.answer(*args)

    def refuse(self, refusal: ReviewRefused) -> None:
        self.set_status(refusal.status)
        self.write({"type": "error", "message": str(refusal)})


class ReviewHandler(_Base):
    """``GET /r/<room>/review``: every move's verdict (computed off the event loop)."""

    async def answer(self, room_id: str) -> None:
        try:
            room = self.reviews.finished_room(room_id)
            ply = len(room.moves)
            moves = await self.reviews.review(room)
        except ReviewRefused as refusal:
            return self.refuse(refusal)
        from gamekit.puzzles.review import VERDICTS

        names = room.names
        summary = [
            {v: sum(1 for m in moves if m["seat"] == seat and m["verdict"] == v) for v in VERDICTS} for seat in (0, 1)
        ]
        _, size = _layout_and_scene(room, room.game, None)
        moves = [{**m, "sentence": sentence(room, m)} for m in moves]
        self.write(
            {
                "room": room.id,
                "ply": ply,
                "game": room.game_id,
                "moves": moves,
                "summary": summary,
                "seats": [tr(name) for name in names],
                "size": list(size),
                "steps": len(moves) + 1,
            }
        )


class ReviewStepHandler(_Base):
    """``GET /r/<room>/review/<k>``: the picture of step ``k`` of a reviewed game."""

    async def answer(self, room_id: str, step: str) -> None:
        try:
            room = self.reviews.finished_room(room_id)
            moves = self.reviews.cached(room)
            if moves is None:
                raise ReviewRefused(409, tr("Ask for the review first (GET the review of this room)."))
        except ReviewRefused as refusal:
            return self.refuse(refusal)
        k = int(step)
        if k > len(moves):
            return self.refuse(
                ReviewRefused(404, tr("step={k}: this game has steps 0 to {last}.", k=k, last=len(moves)))
            )
        position = start_position(room.game)
        for move in room.game.history[:k]:
            position.play(move)
        judgement = moves[k - 1] if k else None
        scene, size = _layout_and_scene(room, position, judgement)
        caption = (
            tr("The start of the game.")
            if judgement is None
            else tr("Move {k} of {n}: {verdict}", k=k, n=len(moves), verdict=sentence(room, judgement))
        )
        self.write(
            {
                "step": k,
                "scene": [list(item) for item in scene],
                "size": list(size),
                "caption": caption,
                "verdict": None if judgement is None else judgement["verdict"],
            }
        )


def routes(server: Any) -> list[tuple]:
    """The review's routes (the server adds its prefix), sharing one :class:`Reviews`."""
    reviews = Reviews(server)
    server.reviews = reviews
    return [
        (r"/r/([A-Za-z0-9_-]{8,64})/review", ReviewHandler, {"reviews": reviews}),
        (r"/r/([A-Za-z0-9_-]{8,64})/review/([0-9]{1,4})", ReviewStepHandler, {"reviews": reviews}),
    ]


__all__ = [
    "routes",
    "Reviews",
    "ReviewHandler",
    "ReviewStepHandler",
    "compute",
    "start_position",
    "POSITION_TIME",
    "BUDGET",
    "TIMEOUT",
    "MAX_MOVES",
]
