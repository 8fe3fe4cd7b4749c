"""The Practice page's homework box: a pupil types the code the teacher gave and the set opens below."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from gamekit.i18n import Localized, ntr, tr
from gamekit.puzzles.core import (
    GAME_NAMES,
    check_game_id,
    theme_name,
)
from gamekit.puzzles.homework import homework_set, parse_code
from gamekit.puzzles.practice import Practice
from gamekit.widgets.access import LIVE_CLASS
from gamekit.widgets.controls import reported
from gamekit.widgets.exercise import NOTE_COLOUR, WRONG_COLOUR, submit_on_enter


class HomeworkBox(Localized, W.VBox):
    """The Practice page's homework box: the pupil types the code the teacher gave (``dots-double_deal-10-7``)
    and presses **Open**; the set's puzzles appear below, from the easiest.  A code that is not one, or is for
    another game's page, gets a message saying what is wrong and nothing opens.  Plain method: :meth:`open_code`."""

    def __init__(self, game_id: str):
        check_game_id(game_id)
        super().__init__()
        self.game_id = game_id
        self.practice: Practice | None = None
        self.errors: list[BaseException] = []
        self.input = W.Text(
            placeholder=tr("the code from your teacher"),
            description=tr("Homework code:"),
            style={"description_width": "initial"},
            layout=W.Layout(width="28em"),
        )
        submit_on_enter(self.input, self.on_open)
        self.open_button = W.Button(
            description=tr("Open"), icon="folder-open", layout=W.Layout(width="auto", min_width="fit-content")
        )
        self.open_button.on_click(self.on_open)
        self.message = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.message.add_class("gamekit-feedback")
        self.message.add_class(LIVE_CLASS)
        self.slot = W.VBox()
        self.children = [W.HBox([self.input, self.open_button]), self.message, self.slot]
        self.add_class("gamekit-homework")

    def open_code(self, code: Any) -> "Practice | None":
        """Open the homework set of ``code``: returns its Practice (shown below the box), or None with the
        reason in the message (an empty box, a malformed or unknown code, a code of another game); a refused
        code leaves any set already open as it was."""
        if not isinstance(code, str):
            raise TypeError(tr("code={code!r}: a homework code is text like dots-double_deal-10-7", code=code))
        text = code.strip()
        if not text:
            return self._say(tr("Type the code your teacher gave you, then press Open."), NOTE_COLOUR)
        try:
            game_id, theme, n, seed = parse_code(text, self.game_id)
            if game_id != self.game_id:
                raise ValueError(
                    tr(
                        "“{code}” is a code for {game}: open it on the {game} practice page.",
                        code=text,
                        game=tr(GAME_NAMES[game_id]),
                    )
                )
            chosen = homework_set(game_id, theme, n, seed)
        except ValueError as refusal:
            return self._say(str(refusal), WRONG_COLOUR)
        self.practice = Practice(game_id, theme=theme, puzzles=chosen)
        self.slot.children = [self.practice]
        name = theme_name(game_id, theme) if theme else tr("all ideas")
        self._say(
            ntr(
                "Homework {code}: {n} puzzle ({theme}), from the easiest.",
                "Homework {code}: {n} puzzles ({theme}), from the easiest.",
                n,
                code=text,
                theme=name,
            ),
            NOTE_COLOUR,
        )
        return self.practice

    def _say(self, message: str, colour: str) -> None:
        self.message.value = f"<span style='color:{colour}'>{html.escape(message)}</span>"
        return None

    def report_error(self, error: BaseException) -> None:
        self.errors.append(error)
        self._say(tr("Something went wrong: {kind}: {error}", kind=type(error).__name__, error=error), WRONG_COLOUR)

    @reported
    def on_open(self, _: Any) -> None:
        self.open_code(self.input.value)


__all__ = ["HomeworkBox"]
