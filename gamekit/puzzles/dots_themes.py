"""The Dots ideas whose question is a decision, "take every box or decline the last ones?": their one home, which
the puzzle module (:mod:`gamekit.puzzles.dots`), its words (:mod:`gamekit.puzzles.dots_words`) and its decisions
(:mod:`gamekit.puzzles.dots_decisions`) all read."""

from __future__ import annotations

POOL_THEMES = {
    "control_not_worth_it": ("control_not_worth_it", "double_deal"),
    "double_deal": ("double_deal", "control_not_worth_it"),
    "all_but_four": ("all_but_four", "control_not_worth_it"),
    "hard_hearted_handout": ("hard_hearted_handout", "which_to_open"),
}
"""The bank themes the Practice pool of an idea reads (:func:`gamekit.puzzles.pools.practice_pool`): the three
ideas of lesson 5 ask one decision, "take every box or decline the last ones?", so each reads the puzzles where
taking is right (*when control is not worth it*) beside those where declining is
(:func:`gamekit.puzzles.dots.decision_selection`).  The *hard-hearted handout*'s pool reads the *which chain or loop
to open* puzzles too: beside the handouts it asks where a chain of two should not be handed over at all
(:func:`gamekit.puzzles.dots_thumbs.handout_not_now`), so "draw the middle line" is no habit that passes it."""
DECISION_THEMES = ("control_not_worth_it", "double_deal", "all_but_four")
"""The ideas whose list asks "take every box or decline the last ones?" with either answer right."""

LESSON_REVIEWS = {5: ("long_chain_count", "sacrifice")}
"""The ideas a lesson's Practice list asks again from an earlier lesson (read by
:func:`gamekit.puzzles.pools.lesson_choices`): lesson 5's list mixes lesson 4's long-chain count and sacrifice
puzzles with its decisions, as its final challenge does, and its entry in the lesson chooser says they are lesson 4's
ideas again, not lesson 5's."""

__all__ = ["POOL_THEMES", "DECISION_THEMES", "LESSON_REVIEWS"]
