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


HABIT_FREE_MARGIN = {"shut": 0.3, "score": 0.3}
"""How far the best set must beat every other set in a :func:`habit_free_positions` question, in the value the
question asks: turns in 100 for the chance to shut the box, points for the expected score."""


def habit_free_positions(
    rules, objective: str, min_sets: int = 3
) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """Every "which set?" question (open tiles, roll, best set) under ``rules`` for ``objective`` ("shut" or
    "score") that none of :data:`RULES_OF_THUMB` answers: each habit picks a worse set or cannot choose.  The roll
    has at least ``min_sets`` sets, one set is best by :data:`HABIT_FREE_MARGIN` over every other, and the best and
    the next best still differ as the lessons print them (whole turns in 100, or one decimal), so the table decides
    the question and a habit does not.  Fewest open tiles first, then the fewest sets.  ValueError for another
    objective or ``min_sets`` below 2."""
    from itertools import combinations

    from gamekit.shutbox.strategy import table
    from gamekit.shutbox.tiles import TILES, mask_of

    if objective not in HABIT_FREE_MARGIN:
        raise ValueError(tr('objective {objective!r}: choose "shut" or "score"', objective=objective))
    if isinstance(min_sets, bool) or not isinstance(min_sets, int) or min_sets < 2:
        raise ValueError(tr("min_sets={value!r}: a whole number, 2 or more", value=min_sets))
    scale, decimals = (100, 0) if objective == "shut" else (1, 1)
    values = table(rules, objective)
    found = []
    for n in range(2, len(TILES) + 1):
        for box in combinations(TILES, n):
            for roll in range(2, 13):
                options = {tuple(sorted(s, reverse=True)): v for s, v in values.set_values(mask_of(box), roll)}
                if len(options) < min_sets:
                    continue
                ranked = sorted(options, key=options.get, reverse=objective == "shut")
                best, second = ranked[0], ranked[1]
                gap = abs(options[best] - options[second]) * scale
                shown = {round(float(options[s]) * scale, decimals) for s in (best, second)}
                if gap < HABIT_FREE_MARGIN[objective] or len(shown) < 2:
                    continue
                if all(rule_of_thumb_picks(rule, options) != [best] for rule in RULES_OF_THUMB):
                    found.append((len(options), box, roll, best))
    return [(box, roll, best) for _, box, roll, best in sorted(found, key=lambda f: (len(f[1]), f[0]))]
