"""Shut the Box (Cerrar la caja): the options of the rules sheet (:class:`Rules`) — how many dice may be rolled
and how a turn is scored.  The game itself is :class:`gamekit.shutbox.game.ShutTheBox`.

Readings of the rules sheet (see docs/shutbox.md)
-------------------------------------------------
* ``one_die="after_789"`` (the sheet's basic game): once 7, 8 and 9 are
  covered the player chooses one die or two.
* ``one_die="under_six"`` (the sheet's option): once the tiles still open add up
  to **less than six** the player *chooses* one die or two (the 7-8-9 condition
  no longer applies).
* ``one_die="six_or_less"``: one die is *forced* once the open tiles add up to
  6 or less — a published reading of the same sentence, kept because the
  published table of reference values (P(shut) = 956177159/9795520512) is
  computed under it.
* ``one_die="never"``: always two dice.
* ``scoring="digits"``: the open tiles read as a number, smallest digit first
  (1, 5, 9 open → 159).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.i18n import N_, tr
from gamekit.shutbox.tiles import HIGH, mask_sum, tiles_of

ONE_DIE_RULES = ("after_789", "under_six", "six_or_less", "never")
SCORINGS = ("sum", "digits")


@dataclass(frozen=True)
class Rules:
    """The options of the rules sheet.  The default is the sheet's basic game."""

    one_die: str = "after_789"
    scoring: str = "sum"

    def __post_init__(self) -> None:
        if not isinstance(self.one_die, str) or self.one_die not in ONE_DIE_RULES:
            raise ValueError(
                tr("one_die={one_die!r}: choose one of {items}", one_die=self.one_die, items=", ".join(ONE_DIE_RULES))
            )
        if not isinstance(self.scoring, str) or self.scoring not in SCORINGS:
            raise ValueError(
                tr("scoring={scoring!r}: choose one of {items}", scoring=self.scoring, items=", ".join(SCORINGS))
            )

    def dice_options(self, remaining: int) -> tuple[int, ...]:
        """How many dice may be rolled with the tiles ``remaining`` (bitmask of tiles still to flip)."""
        if self.one_die == "after_789":
            return (2,) if remaining & HIGH else (1, 2)
        if self.one_die == "under_six":
            return (1, 2) if mask_sum(remaining) < 6 else (2,)
        if self.one_die == "six_or_less":
            return (1,) if mask_sum(remaining) <= 6 else (2,)
        return (2,)

    def dice_reason(self, n: int) -> str:
        """Why rolling ``n`` dice is refused (for error messages)."""
        if n == 1:
            if self.one_die == "after_789":
                return tr("one die is allowed only once 7, 8 and 9 are covered")
            if self.one_die == "under_six":
                return tr("one die is an option only once the open tiles add up to less than 6")
            if self.one_die == "six_or_less":
                return tr("one die only once the open tiles sum to 6 or less")
            return tr("these rules never allow one die")
        return tr("one die is forced once the open tiles sum to 6 or less")

    def score(self, uncovered: int) -> int:
        """The score of a turn ending with ``uncovered`` (bitmask) open."""
        if self.scoring == "sum":
            return mask_sum(uncovered)
        digits = "".join(str(t) for t in tiles_of(uncovered))
        return int(digits) if digits else 0

    def to_dict(self) -> dict[str, str]:
        return {"one_die": self.one_die, "scoring": self.scoring}

    def in_words(self) -> str:
        """The rules in words, in the current language: "one die allowed (a choice) once 7, 8 and 9 are covered;
        score = sum of the open tiles"."""
        one = {
            "after_789": N_("one die allowed (a choice) once 7, 8 and 9 are covered"),
            "under_six": N_("one die allowed (a choice) once the open tiles add up to less than 6"),
            "six_or_less": N_("one die forced once the open tiles sum to 6 or less"),
            "never": N_("always two dice"),
        }[self.one_die]
        score = {
            "sum": N_("score = sum of the open tiles"),
            "digits": N_("score = the open tiles read as digits (1, 5, 9 → 159)"),
        }[self.scoring]
        return f"{tr(one)}; {tr(score)}"
