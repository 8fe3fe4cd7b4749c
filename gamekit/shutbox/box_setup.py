"""The choosers of the Shut the Box widget: the variant, the one-die rule, the scoring and the seats (person or CPU,
one selector per seat and a spare one to add a seat), checked before anything changes (:func:`check_seats`), and
:class:`BoxSetup`, the widget's part that keeps them and the game in step (``setup``, its settings, a saved game's
seats)."""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as W

from gamekit.i18n import N_, tr
from gamekit.shutbox.game import MAX_PLAYERS, ShutTheBox
from gamekit.shutbox.rules import ONE_DIE_RULES, SCORINGS, Rules
from gamekit.shutbox.variants import VARIANT_RULES, VARIANTS
from gamekit.widgets.controls import MODES, reported
from gamekit.widgets.settings import BadSettingError, check_choice, check_type

SEAT_KINDS = ("person", "cpu")


def check_seats(seats: Any, variant: str) -> list[str]:
    """A list of seat kinds ("person" / "cpu"), one to MAX_PLAYERS, two for the long game."""
    check_type("seats", seats, (list, tuple))
    for kind in seats:
        check_choice("seats", kind, SEAT_KINDS)
    if not seats:
        raise BadSettingError(tr("seats=[]: seat at least one player (nothing was changed)"))
    if len(seats) > MAX_PLAYERS:
        raise BadSettingError(
            tr("{n} seats: a box seats at most {most} players (nothing was changed)", n=len(seats), most=MAX_PLAYERS)
        )
    needed = VARIANT_RULES[variant].seats if variant in VARIANTS else None
    if needed is not None and len(seats) != needed:  # only the long game needs a number (two)
        raise BadSettingError(
            tr("variant='long' with {n} seats: the long game is for two players (nothing was changed)", n=len(seats))
        )
    return list(seats)


def mode_for(seats: Sequence[str]) -> str:
    """The base's mode for these seats: "watch" when only CPUs play, else "cpu" (CPU seats answer at once)."""
    return "watch" if "person" not in seats else "cpu"


VARIANT_NAMES = {"round": N_("One round"), "long": N_("Long game (2 players)"), "to_45": N_("To 45 points")}
ONE_DIE_NAMES = {
    "after_789": N_("after 7, 8, 9 are covered"),
    "under_six": N_("a choice once the open tiles sum to less than 6"),
    "six_or_less": N_("forced once the open tiles sum to 6 or less"),
    "never": N_("never"),
}
SCORING_NAMES = {"sum": N_("sum of tiles"), "digits": N_("digits (159)")}
SEAT_KIND_NAMES = {"person": N_("person"), "cpu": N_("CPU"), "off": N_("—")}


def option_label(names: dict[str, str], value: str) -> str:
    """An option's name for the reader (one the table does not know yet: its own name)."""
    return tr(names[value]) if value in names else value.replace("_", " ")


class BoxSetup:
    """The setup part of :class:`~gamekit.shutbox.widget.ShutBoxWidget`: it provides ``seats``, ``variant``,
    ``rules``, ``stake``, the selectors (``variant_select``, ``one_die_select``, ``scoring_select``,
    ``seat_selects`` in ``seats_box``) and the base's ``refuse``, ``restart``, ``from_control``."""

    def _fit_seat_selects(self) -> None:
        """As many seat selectors as seats, plus one on "—" (pick a kind there to add a seat)."""
        kinds = [(option_label(SEAT_KIND_NAMES, k), k) for k in (*SEAT_KINDS, "off")]
        while len(self.seat_selects) < len(self.seats) + 1:
            i = len(self.seat_selects)
            select = W.Dropdown(
                options=kinds, value="off", description=tr("Player {n}", n=i + 1), layout=W.Layout(width="auto")
            )
            select.observe(self.on_setup_change, names="value")
            self.seat_selects.append(select)
        for select in self.seat_selects[len(self.seats) + 1 :]:
            select.unobserve(self.on_setup_change, names="value")
            select.close()
        del self.seat_selects[len(self.seats) + 1 :]
        for select, kind in zip(self.seat_selects, [*self.seats, "off"]):
            select.value = kind
        self.seats_box.children = tuple(self.seat_selects)

    def check_loadable(self, game: ShutTheBox) -> None:
        if game.n_players != len(self.seats):
            raise BadSettingError(
                tr(
                    "the saved game has {n} players and this box seats {seats}: setup(seats=[…]) with {n} seats first "
                    "(nothing was changed)",
                    n=game.n_players,
                    seats=len(self.seats),
                )
            )

    def adopt(self, game: ShutTheBox) -> None:
        self.variant, self.rules, self.stake = game.variant, game.rules, game.stake

    def settings(self) -> dict[str, Any]:
        return {
            **super().settings(),
            "variant": self.variant,
            "one_die": self.rules.one_die,
            "scoring": self.rules.scoring,
            "seats": list(self.seats),
        }

    def control_values(self) -> dict[str, Any]:
        kinds = [s.value for s in self.seat_selects]
        return {
            **super().control_values(),
            "variant": self.variant_select.value,
            "one_die": self.one_die_select.value,
            "scoring": self.scoring_select.value,
            "seats": kinds[:-1] if kinds and kinds[-1] == "off" else kinds + ["(no spare selector)"],
        }

    def sync_controls(self) -> None:
        super().sync_controls()
        self.variant_select.value = self.variant
        self.one_die_select.value = self.rules.one_die
        self.scoring_select.value = self.rules.scoring
        self._fit_seat_selects()

    def check_mode(self, mode: Any) -> None:
        check_choice("mode", mode, MODES)
        if mode != mode_for(self.seats):
            raise BadSettingError(
                tr(
                    "mode={value}: in Shut the Box the seats say who plays (setup(seats=[…])); with these seats the "
                    "mode is {mode} (nothing was changed)",
                    value=repr(mode),
                    mode=repr(mode_for(self.seats)),
                )
            )

    def setup(
        self,
        *,
        variant: str | None = None,
        one_die: str | None = None,
        scoring: str | None = None,
        seats: Sequence[str] | None = None,
    ) -> None:
        """Change the game (variant, rules, seats) and start a new one; None keeps a setting as it is.

        Everything is checked first: a refused setting raises BadSettingError (nothing changes).
        """
        try:
            variant = self.variant if variant is None else check_choice("variant", variant, VARIANTS)
            one_die = self.rules.one_die if one_die is None else check_choice("one_die", one_die, ONE_DIE_RULES)
            scoring = self.rules.scoring if scoring is None else check_choice("scoring", scoring, SCORINGS)
            seats = check_seats(self.seats if seats is None else seats, variant)
            rules = Rules(one_die, scoring)
        except BadSettingError as error:
            self.refuse(error)
        self.seats, self.variant, self.rules = seats, variant, rules
        self.mode = mode_for(seats)
        self.resync_controls()
        self.restart()
        self.say(
            tr(
                "New game: {variant}, {rules}.",
                variant=option_label(VARIANT_NAMES, variant),
                rules=self.rules.in_words(),
            )
            + " "
            + self.current_status()
        )

    @reported
    def on_setup_change(self, _: Any) -> None:
        if self._syncing:
            return
        seats = [s.value for s in self.seat_selects if s.value != "off"]
        self.from_control(
            self.setup,
            variant=self.variant_select.value,
            one_die=self.one_die_select.value,
            scoring=self.scoring_select.value,
            seats=seats,
        )
