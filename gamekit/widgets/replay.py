"""Saved games and the review of a finished game (:class:`Replay`, a part of
:class:`~gamekit.widgets.base.GameWidget`).

A saved game is checked before anything changes (an unreadable save raises the game's ``BadPositionError``, one
the widget cannot show a ``BadSettingError``).  The review asks the exact solver for every move's verdict and keeps
the people's clear mistakes as personal puzzles for Practice.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from gamekit.core.errors import BadPositionError
from gamekit.i18n import Localized, ntr, tr
from gamekit.widgets.settings import BadSettingError, BadSettingTypeError, short_repr


def verdict_counts(counts: dict[str, int]) -> str:
    """``{"best": 12, "mistake": 2, …}`` (:func:`gamekit.puzzles.review.summary`) in words:
    "12 best moves, 0 inaccuracies, 2 mistakes, 3 moves unjudged"."""
    return ", ".join(
        [
            ntr("{n} best move", "{n} best moves", counts.get("best", 0)),
            ntr("{n} inaccuracy", "{n} inaccuracies", counts.get("inaccuracy", 0)),
            ntr("{n} mistake", "{n} mistakes", counts.get("mistake", 0)),
            ntr("{n} move unjudged", "{n} moves unjudged", counts.get("unjudged", 0)),
        ]
    )


class Replay(Localized):
    """Saved games and the review of :class:`~gamekit.widgets.base.GameWidget` (which provides the state they use)."""

    game_class: type | None = None  # the class whose from_dict reads this widget's saved games

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
                saved = saved.to_dict()  # a fresh copy: the widget never shares a game object
            if not isinstance(saved, dict):
                raise BadSettingTypeError(
                    tr(
                        "{name}={value}: must be {kind} (nothing was changed)",
                        name="saved",
                        value=short_repr(saved),
                        kind=tr("a saved game (the dict of to_dict()) or a {cls}", cls=cls.__name__),
                    )
                )
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
    REVIEW_TIME = 0.5  # seconds the solver may spend on each position of a review
    REVIEW_BUDGET = 30.0  # seconds for the whole review (the moves left after it are unjudged)

    @property
    def reviewable(self) -> bool:
        """True when the game has a review (it provides :meth:`review_panel`): the Review button shows."""
        return type(self).review_panel is not Replay.review_panel

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
            error = BadSettingError(
                tr("This game has no review: the exact solvers review Dots and Boxes, 5 en raya and Connect Four.")
            )
            self.say(str(error))
            raise error
        if not self.game.is_over():
            error = ValueError(tr("Review is for a finished game: play it to the end (or resign) first."))
            self.say(str(error))
            raise error
        from gamekit.puzzles.personal import save_mistakes
        from gamekit.puzzles.review import review, summary

        game = self.copy_game()
        judgements = review(
            game,
            time_limit=self.REVIEW_TIME if time_limit is None else time_limit,
            budget=self.REVIEW_BUDGET if budget is None else budget,
        )
        panel = self.review_panel(game, judgements)  # built before anything is shown
        saved = save_mistakes(game, judgements, self.person_seats, most=3, time_limit=1.5)
        self.judgements, self.review_view, self.personal_saved = judgements, panel, saved
        self.review_box.children = (panel,)
        counts = summary(judgements)
        message = tr("Review ready below: {counts}.", counts=verdict_counts(counts))
        if saved:
            message += " " + ntr(
                "{n} of your mistakes is now a puzzle in Practice (personal=True).",
                "{n} of your mistakes are now puzzles in Practice (personal=True).",
                len(saved),
            )
        self.say(message)
        return judgements
