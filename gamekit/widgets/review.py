"""The review of a finished game, shown under a game widget: a list of every move with its verdict, and the
board stepped through the game with each move marked (best ✓, inaccuracy ?!, mistake ?, unjudged ·).

The verdicts come from :func:`gamekit.puzzles.review.review` (the exact solvers); the pictures from the
game's ``review_scene`` (:mod:`gamekit.dots.view`, :mod:`gamekit.connect.view`).  Everything is driven by
plain methods (:meth:`ReviewPanel.goto`, :meth:`~ReviewPanel.next`, :meth:`~ReviewPanel.prev`,
:meth:`~ReviewPanel.next_mistake`, :meth:`~ReviewPanel.on_key`); buttons and keys only call them.

Keyboard (Tab to the review board): ←/→ one move back or on, Home/End the start or the last move, M the next
mistake.  Each step is said in the caption (a polite live region) and the board's own live line.
"""

from __future__ import annotations

import html
import traceback
from typing import Any, Callable, Sequence

import ipywidgets as W

from gamekit.i18n import Localized, tr
from gamekit.puzzles.review import VERDICTS, Judgement, verdict_words
from gamekit.core.scene import REVIEW_COLOURS, REVIEW_SYMBOLS, Scene
from gamekit.widgets.access import LIVE_CLASS
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.controls import reported
from gamekit.widgets.replay import verdict_counts
from gamekit.widgets.stepping import Stepping

Draw = Callable[[Any, "Judgement | None"], Scene]


class ReviewPanel(Stepping, Localized, W.VBox):
    """The review of one finished game: a readable list of every move and its verdict, and the board stepped
    through the game (step 0 is the start, step k the position after move k, with that move marked).

    ``game``: the finished game (not changed); ``judgements``: one per move (``review(game)``);
    ``draw(position, judgement)``: the picture of a step; ``describe(position)``: the position in words;
    ``seat_name(seat)`` and ``move_words(move)``: how the game names seats and moves; ``kind``: the game's
    catalog id or alias (its analysis words a worse move's verdict); ``size``: the board's CSS pixels."""

    def __init__(
        self,
        game: Any,
        judgements: Sequence[Judgement],
        draw: Draw,
        describe: Callable[[Any], str],
        seat_name: Callable[[int], str],
        move_words: Callable[[str], str],
        kind: str,
        size: tuple[int, int],
    ):
        if not game.is_over():
            raise ValueError(tr("review: the game is not finished — review a game once it is over"))
        judgements = list(judgements)
        if (
            len(judgements) != len(game.history)
            or not all(isinstance(j, Judgement) for j in judgements)
            or [j.move for j in judgements] != list(game.history)
        ):
            raise ValueError(tr("review: give one judgement per move of the game (from review(game))"))
        super().__init__()
        self.game, self.judgements, self.kind = game, judgements, kind
        self._draw, self._describe, self._seat_name, self._move_words = draw, describe, seat_name, move_words
        self.errors: list[BaseException] = []
        self.index = 0
        self.last_caption = ""
        start = game.copy()
        for _ in range(len(game.history) + (1 if getattr(game, "resigned", None) is not None else 0)):
            start.undo()
        self.start = start
        self.board = BoardCanvas(
            *size,
            keys=True,
            label=tr(
                "Review board: ← and → step through the game, "
                "Home and End go to the start and the end, M to the next mistake"
            ),
        )
        self.board.canvas.on_key_down(self.handle_key_down)
        self.title = W.HTML("<b>" + html.escape(tr("Review of the game")) + "</b>")
        self.totals = W.HTML()
        self.caption = W.HTML(layout=W.Layout(min_height="2.6em", width=f"{max(size[0], 320)}px"))
        self.caption.add_class("gamekit-review-caption")
        self.caption.add_class(LIVE_CLASS)
        self.moves_list = W.HTML(layout=W.Layout(max_height="16em", overflow="auto"))
        self.moves_list.add_class("gamekit-review-list")
        self.first_button = W.Button(description=tr("Start"), icon="fast-backward", layout=W.Layout(width="auto"))
        self.prev_button = W.Button(description=tr("Prev"), icon="step-backward", layout=W.Layout(width="auto"))
        self.next_button = W.Button(description=tr("Next"), icon="step-forward", layout=W.Layout(width="auto"))
        self.last_button = W.Button(description=tr("End"), icon="fast-forward", layout=W.Layout(width="auto"))
        self.mistake_button = W.Button(description=tr("Next mistake"), icon="search", layout=W.Layout(width="auto"))
        for button, handler in (
            (self.first_button, self.on_first),
            (self.prev_button, self.on_prev),
            (self.next_button, self.on_next),
            (self.last_button, self.on_last),
            (self.mistake_button, self.on_mistake),
        ):
            button.on_click(handler)
        self.error_output = W.Output(layout=W.Layout(max_height="8em", overflow="auto"))
        self.children = [
            self.title,
            self.totals,
            self.board.canvas,
            self.board.access,
            self.caption,
            W.HBox([self.first_button, self.prev_button, self.next_button, self.last_button, self.mistake_button]),
            self.moves_list,
            self.error_output,
        ]
        self.add_class("gamekit-review")
        self.totals.value = html.escape(self.totals_text())
        self.goto(0)

    # ----- words -------------------------------------------------------------------------------
    def words(self, j: Judgement) -> str:
        return verdict_words(j, self._seat_name(j.seat), self._move_words(j.move), self.kind)

    def totals_text(self) -> str:
        """Per seat: how many moves got each verdict."""
        parts = []
        for seat in sorted({j.seat for j in self.judgements}):
            mine = [j for j in self.judgements if j.seat == seat]
            counts = {v: sum(1 for j in mine if j.verdict == v) for v in VERDICTS}
            parts.append(tr("{seat}: {counts}", seat=self._seat_name(seat), counts=verdict_counts(counts)))
        return "; ".join(parts) + "."

    def step_text(self, index: int) -> str:
        """What step ``index`` says: the start, or "Move k of n: <the verdict sentence>"."""
        if index == 0:
            return tr("The start of the game. Press Next (or →) to see the first move and its verdict.")
        j = self.judgements[index - 1]
        return tr("Move {k} of {n}: {words}", k=index, n=len(self.judgements), words=self.words(j))

    def list_html(self) -> str:
        """The readable list: every move with its verdict symbol and sentence; the current one marked."""
        items = []
        for j in self.judgements:
            colour = REVIEW_COLOURS[j.verdict]
            current = j.index + 1 == self.index
            mark = (
                f"<span style='display:inline-block;min-width:1.8em;text-align:center;border-radius:4px;"
                f"background:{colour};color:#ffffff;font-weight:bold'>{html.escape(REVIEW_SYMBOLS[j.verdict])}</span>"
            )
            text = html.escape(self.words(j))
            attrs = " aria-current='step' style='font-weight:bold'" if current else ""
            items.append(f"<li class='gamekit-review-{j.verdict}'{attrs}>{mark} {text}</li>")
        return "<ol class='gamekit-review-moves'>" + "".join(items) + "</ol>"

    # ----- the plain methods -----------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """Steps there are: the start and one after each move."""
        return len(self.judgements) + 1

    def position(self, index: int) -> Any:
        """The position at step ``index`` (a fresh game object)."""
        g = self.start.copy()
        for move in self.game.history[:index]:
            g.play(move)
        return g

    def goto(self, index: int) -> int:
        """Show step ``index`` (clamped to the game): the board, its words, the caption; returns the step."""
        index = max(0, min(self.steps - 1, index))
        position = self.position(index)
        judgement = self.judgements[index - 1] if index else None
        scene = self._draw(position, judgement)  # computed first, then painted
        caption = self.step_text(index)
        description = self._describe(position)
        self.board.paint(scene)
        self.index = index
        self.last_caption = caption
        colour = REVIEW_COLOURS[judgement.verdict] if judgement else "inherit"
        self.caption.value = f"<span style='color:{colour}'>{html.escape(caption)}</span>"
        self.board.set_access(description=description, announcement=caption)
        self.moves_list.value = self.list_html()
        self.first_button.disabled = self.prev_button.disabled = index == 0
        self.next_button.disabled = self.last_button.disabled = index == self.steps - 1
        self.mistake_button.disabled = self._next_mistake(index) is None
        return index

    @property
    def step_count(self) -> int:
        return self.steps

    def _next_mistake(self, index: int) -> int | None:
        for j in self.judgements[index:]:
            if j.verdict in ("mistake", "inaccuracy"):
                return j.index + 1
        return None

    def next_mistake(self) -> int | None:
        """Go to the next mistake or inaccuracy after the current step; None (and it is said) when there is none."""
        found = self._next_mistake(self.index)
        if found is None:
            message = tr("No more mistakes or inaccuracies after this move.")
            self.last_caption = message
            self.caption.value = html.escape(message)
            self.board.set_access(announcement=message)
            return None
        return self.goto(found)

    def on_key(self, key: str) -> None:
        """Keys on the review board: ←/→, Home/End, M."""
        if key in ("ArrowRight", "ArrowDown"):
            self.next()
        elif key in ("ArrowLeft", "ArrowUp"):
            self.prev()
        elif key == "Home":
            self.goto(0)
        elif key == "End":
            self.goto(self.steps - 1)
        elif key in ("m", "M"):
            self.next_mistake()

    def report_error(self, error: BaseException) -> None:
        self.errors.append(error)
        self.caption.value = html.escape(
            tr("Something went wrong: {kind}: {error}", kind=type(error).__name__, error=error)
        )
        with self.error_output:
            print("".join(traceback.format_exception(error)))

    # ----- callbacks ---------------------------------------------------------------------------------
    @reported
    def handle_key_down(self, key: str, *_: Any) -> None:
        self.on_key(key)

    @reported
    def on_first(self, _: Any) -> None:
        self.goto(0)

    @reported
    def on_prev(self, _: Any) -> None:
        self.prev()

    @reported
    def on_next(self, _: Any) -> None:
        self.next()

    @reported
    def on_last(self, _: Any) -> None:
        self.goto(self.steps - 1)

    @reported
    def on_mistake(self, _: Any) -> None:
        self.next_mistake()


__all__ = ["ReviewPanel", "verdict_words"]
