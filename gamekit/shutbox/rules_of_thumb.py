"""The rules of thumb (heuristics) lesson 4 names for choosing a set, and the sets each picks: the page's rules of
thumb table and the tests that check what the lessons say of them."""

from __future__ import annotations

from typing import Sequence

from gamekit.i18n import N_, tr


RULES_OF_THUMB = (N_("the largest tile"), N_("the most tiles"), N_("the fewest tiles"), N_("two tiles close in value"))
"""The habits lesson 4 names as rules of thumb (heuristics) for choosing a set, in the page's order."""


def rule_of_thumb_picks(rule: str, sets: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The sets a rule of thumb of :data:`RULES_OF_THUMB` picks among ``sets`` (each largest tile first); several
    when it cannot tell them apart (it then picks none alone).  ValueError for an unknown rule."""
    sets = [tuple(sorted(s, reverse=True)) for s in sets]
    if rule not in RULES_OF_THUMB:
        raise ValueError(tr("rule {rule!r}: choose one of {items}", rule=rule, items=", ".join(RULES_OF_THUMB)))
    if not sets:
        return []
    if rule == RULES_OF_THUMB[0]:
        return [max(sets)]
    if rule == RULES_OF_THUMB[1]:
        return [s for s in sets if len(s) == max(map(len, sets))]
    if rule == RULES_OF_THUMB[2]:
        return [s for s in sets if len(s) == min(map(len, sets))]
    pairs = [s for s in sets if len(s) == 2]
    return [s for s in pairs if s[0] - s[1] == min(p[0] - p[1] for p in pairs)]
