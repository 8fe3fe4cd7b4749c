"""What Practice says after a right answer of Dots and Boxes, 5 en raya and Connect Four: a reason read off the
position for every right answer of every pool (never a sentence that only says the others do worse), an idea line
that agrees with it, and a sacrifice's reason that agrees with the final score."""

import pytest

from gamekit.dots import long_chain_rule
from gamekit.i18n import tr, using
from gamekit.puzzles import bank
from gamekit.puzzles.core import game_themes
from gamekit.puzzles.dots_why import box_shares, count_why, sacrifice_paid_why
from gamekit.puzzles.dots_words import SAFE_LINE_IDEA, sacrifice_shares, safe_line_shares
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.practice import Practice
from gamekit.puzzles.practice_words import IDEAS, idea_words, why_right

BOARD_GAMES = ["dots_and_boxes", "five_in_a_row", "connect_four"]

GENERIC = (
    "every other choice does worse",
    "do worse later",
    "keeps the same result",
)
"""Pieces of the reasons that name nothing on the board: no right answer of any pool may get one."""


def _asked(game_id):
    """Every (puzzle, idea, right answer) Practice asks: each idea's pool under that idea, and the mixed pool
    under the idea Practice gives it there (the puzzle's first theme)."""
    seen = set()
    for theme in [None, *game_themes(game_id)]:
        for p in practice_pool(game_id, theme):
            idea = theme if theme in p.themes else p.themes[0]
            for a in p.answers:
                if (p.id, idea, a) not in seen:
                    seen.add((p.id, idea, a))
                    yield p, idea, a


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_no_right_answer_of_any_pool_gets_a_reason_that_names_nothing(game_id):
    counted = 0
    with using("en"):
        for p, idea, a in _asked(game_id):
            said = why_right(p, idea, a)
            assert said.startswith("Why: ") and not any(g in said for g in GENERIC), (p.id, idea, a, said)
            counted += 1
    assert counted > 100


def test_a_safe_line_is_right_for_the_count_or_for_the_boxes_it_leaves_and_the_idea_agrees():
    """Where the count of long chains does not favour the pupil after the right line, the reason counts the boxes
    best play leaves them, which the solver's values confirm (more than after any wrong line), and the idea line
    no longer speaks of the chain count."""
    kinds = set()
    with using("en"):
        for p in bank("dots_and_boxes", theme="safe_line"):
            game = p.position
            counts = []
            for a in p.answers:
                after = game.copy()
                after.play(a)
                count = "long_chain_count" in p.themes and long_chain_rule(after).favoured == game.to_move
                counts.append(count)
                said = why_right(p, "safe_line", a)
                if count:  # the count after the line, and the chains it leaves
                    assert said == count_why(p, a) and "long chain" in said and "On the board" not in said
                    continue
                k, n, j, _ = box_shares(p)
                assert said == safe_line_shares(p) and f"you get {k} of the {n} boxes left" in said
                assert f"you get {j} at most" in said and 0 <= j < k <= n
                # the wrong lines' values are margins on the same boxes: j is the best of them, shared out
                assert max(r["value"] for r in p.refutations.values()) == 2 * j - n
            idea = idea_words(p, "safe_line")
            if any(counts):
                assert idea == IDEAS["safe_line"]
            else:
                assert idea == SAFE_LINE_IDEA and "chain count" not in idea
            kinds.add(any(counts))
    assert kinds == {True, False}


def test_a_sacrifice_says_the_boxes_are_paid_back_only_when_best_play_ends_ahead():
    """The bank's final score with best play (boxes taken plus the solver's margin on the boxes left) decides the
    sentence: "the long chains later pay them back" only when the pupil ends ahead (dots-c2d4b5460d ends 2–7)."""
    kinds = set()
    with using("en"):
        for p in bank("dots_and_boxes", theme="sacrifice"):
            game, me = p.position, p.position.to_move
            final = game.scores[me] - game.scores[1 - me] + p.facts["best"]
            for a in p.answers:
                said = why_right(p, "sacrifice", a)
                if final > 0:
                    assert said == sacrifice_paid_why(p, a), (p.id, said)
                else:
                    assert said == sacrifice_shares(p) and "pay them back" not in said, (p.id, said)
            kinds.add(final > 0)
        assert kinds == {True, False}
        (lost,) = [p for p in bank("dots_and_boxes") if p.id == "dots-c2d4b5460d"]
        assert why_right(lost, "sacrifice", lost.answers[0]).startswith(
            "Why: the boxes given away are not paid back, but with best play you get 2 of the 9 boxes left"
        )


def test_the_new_reasons_are_in_spanish():
    with using("es"):
        safe = next(
            p for p in bank("dots_and_boxes", theme="safe_line") if idea_words(p, "safe_line") == tr(SAFE_LINE_IDEA)
        )
        practice = Practice("dots_and_boxes", puzzles=[safe], theme="safe_line")
        ok, feedback = practice.answer(safe.answers[0])
        assert ok and safe_line_shares(safe) in feedback and tr(SAFE_LINE_IDEA) in feedback
        assert safe_line_shares(safe).startswith("Por qué: ") and tr(SAFE_LINE_IDEA).startswith("La idea: ")
        (lost,) = [p for p in bank("dots_and_boxes") if p.id == "dots-c2d4b5460d"]
        assert sacrifice_shares(lost).startswith("Por qué: ")
        said = [why_right(p, idea, a) for p, idea, a in _asked("connect_four")]
        also = [w for w in said if "Si los dos juegan lo mejor posible" in w]
        assert also and all(w.startswith("Por qué: ") and "columna" in w for w in also)


def test_a_take_all_decision_is_praised_with_its_own_idea_in_the_mixed_pool():
    """The take-all puzzles the mixed pool asks (lesson 5's levels, 6 to 8, since every list shares one scale;
    dots-ed69c8fd45, once asked there at level 4, is now in the double-deal's and lesson 5's lists, at level 8) are the
    decision "take every box or keep control?": after a right answer Practice names that idea, not "take a box"."""
    from gamekit.progress import level
    from gamekit.puzzles.dots_decisions import take_all_choice

    with using("en"):
        decisions = [p for p in practice_pool("dots_and_boxes") if take_all_choice(p)]
        assert len(decisions) >= 5 and {level(p.rating) for p in decisions} <= {6, 7, 8}
        # dots-ed69c8fd45's best play takes one chain and declines the last boxes of the other: not the idea's
        (was,) = [p for p in bank("dots_and_boxes") if p.id == "dots-ed69c8fd45"]
        assert not take_all_choice(was) and "control_not_worth_it" not in was.themes
        for p in decisions:
            practice = Practice("dots_and_boxes", puzzles=[p])
            ok, feedback = practice.answer(p.answers[0])
            assert ok and feedback.endswith(IDEAS["control_not_worth_it"]), (p.id, feedback)
            assert IDEAS["take_box"] not in feedback


def test_the_handout_idea_asks_only_puzzles_the_middle_line_alone_answers():
    """A hard-hearted handout puzzle that accepts one-box lines besides the middle line (dots-fa43626ba9) is passed
    by "give away the fewest boxes": the idea's Practice, lesson 3's and its homework set ask only puzzles whose
    every right line is the middle line of an unopened chain of two, beside the positions where the chain of two
    is not to be handed over at all (its middle line is wrong: tests/puzzles/test_dots_habits.py)."""
    from gamekit.puzzles.dots_thumbs import handout_not_now
    from gamekit.dots import boxes_given
    from gamekit.puzzles.homework import homework_set, parse_code
    from gamekit.puzzles.pools import lesson_pool

    pool = practice_pool("dots_and_boxes", "hard_hearted_handout")
    assert len(pool) >= 10 and "dots-fa43626ba9" not in {p.id for p in pool}
    for p in pool:
        assert handout_not_now(p) or all(boxes_given(p.position, a) == 2 for a in p.answers), p.id
    # lesson 3's Practice asks these handouts and the puzzles of its other idea, which chain or loop to open
    which = {p.id for p in practice_pool("dots_and_boxes", "which_to_open")}
    assert {p.id for p in lesson_pool("dots_and_boxes", 3)} <= {p.id for p in pool} | which
    homework = homework_set(*parse_code("dots-hard_hearted_handout-10-1"))
    assert len(homework.puzzles) == 10 and {p.id for p in homework.puzzles} <= {p.id for p in pool}
