"""Lesson 4's exercises 5 and 6 (r24: "about 90 words in one paragraph"): a short question, then the given values as
a list the pupil reads, one position a line; the method is the hint's, not the question's."""

import re

import pytest

from gamekit.i18n import using
from gamekit.shutbox import exercises_best_set as B
from gamekit.shutbox.exercises_both_sets import SHUT_CHALLENGE, decoy_positions, go_on_count_exercise
from gamekit.shutbox.lesson_tables import FILL_RULES
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of, tiles_summing_to


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("position", [B.SHUT_CHOICE, SHUT_CHALLENGE])
def test_given_values_question_is_short_and_lists_one_position_a_line(position, lang):
    tiles, roll, objective = position
    with using(lang):
        ex = go_on_count_exercise(position, FILL_RULES)
    question, rest = ex.prompt.split("<br>", 1)
    # one or two sentences before the list, no method in them
    assert len(re.findall(r"[.?]( |$)", question)) <= 2 and len(question.split()) <= 25, question
    intro, listed = rest.split("<ul>", 1)
    assert len(intro.split()) <= 35 and "<li>" not in intro
    items = re.findall(r"<li>(.*?)</li>", listed)
    sets = tiles_summing_to(roll, tiles)
    decoys = decoy_positions(tiles, roll, objective, FILL_RULES.one_die)
    assert len(items) == len(sets) + len(decoys) >= 4
    assert not any("+" in item for item in items)  # listed by the tiles left, never by set
    shut = table(FILL_RULES, objective)
    lefts = sorted({tuple(t for t in tiles if t not in s) for s in sets} | set(decoys))
    for item, left in zip(items, lefts):
        assert f"{round(100 * float(shut.value(mask_of(left))))} " in item
    # the guide's solutions read the prompt without its tags: still sentences, and the paper sheet prints the same
    plain = " ".join(re.sub(r"<[^>]+>", "", ex.prompt).split())
    assert plain == ex.paper_prompt and ex.paper_prompt.endswith(".")
    # the hint keeps the method
    assert "cross" in ex.hint.lower() or "tacha" in ex.hint.lower()
    # every answer is still the solver's, every wrong set refused
    assert all(ex.check(s)[0] for s in ex.solutions) and not any(ex.check(w)[0] for w in ex.wrong)
