"""The player cards of a game widget (:class:`PlayerCards`, a part of :class:`~gamekit.widgets.base.GameWidget`): one
card per seat, in the seat's colour, saying who plays it (you, a person, the CPU and its level) and the seat's score;
the seat to move is framed and the winner crowned.  The row of cards wraps four to a line, for any number of seats."""

from __future__ import annotations

import html

import ipywidgets as W

from gamekit.i18n import tr
from gamekit.widgets.controls import LEVEL_NAMES


class PlayerCards:
    """The cards of :class:`~gamekit.widgets.base.GameWidget`: it provides ``game``, ``cards`` (a list of HTML
    widgets), ``cards_box``, ``seat_colours``/``seat_dark``, ``cpu_seats``, ``person_seats``, ``level``,
    ``seat_name(seat)`` and ``score_text(seat)``; :meth:`card_html` is what ``refresh`` paints on each card."""

    def seat_colour(self, seat: int, dark: bool = False) -> str:
        colours = self.seat_dark if dark else self.seat_colours
        return colours[seat % len(colours)]

    def card_html(self, seat: int) -> str:
        active = not self.game.is_over() and self.game.to_move == seat
        winner = self.game.winner() if self.game.is_over() else None
        people = len(self.person_seats)
        who = (
            tr("CPU · {level}", level=tr(LEVEL_NAMES[self.level]))
            if seat in self.cpu_seats
            else tr("you")
            if people == 1
            else tr("person")
        )
        border = f"3px solid {self.seat_colour(seat, dark=True)}" if active else "3px solid transparent"
        crown = " 🏆" if winner == seat else ""
        colour = self.seat_colour(seat)
        return (
            f"<div class='gamekit-card gamekit-card-{seat}{' gamekit-active' if active else ''}' "
            f"style='border:{border};border-radius:8px;padding:4px 10px;margin:2px;"
            f"background:{colour}33'>"
            f"<span style='display:inline-block;width:12px;height:12px;border-radius:6px;"
            f"background:{colour};margin-right:6px'></span>"
            f"<b>{html.escape(self.seat_name(seat))}</b> <small>({who})</small>{crown}"
            f"<span class='gamekit-score' "
            f"style='float:right;font-size:1.2em'><b>{html.escape(self.score_text(seat))}</b></span></div>"
        )

    def _fit_cards(self, n: int) -> None:
        """One card per seat: the row wraps four to a line (any number of seats)."""
        if len(self.cards) != n:
            while len(self.cards) < n:
                self.cards.append(W.HTML(layout=W.Layout(flex="1 1 22%", min_width="0")))
            del self.cards[n:]
            self.cards_box.children = tuple(self.cards)
