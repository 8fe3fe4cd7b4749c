"""Whole-bank checks of the *long-chain count* idea and of the *sacrifice* reason: the idea is given only where the
count of long chains decides (solver's best lines make it right, some safe line makes it wrong), its reason names
the count; a sacrifice's reason claims long chains only where the board holds one; feedback words pupils read."""

from gamekit.dots import components, long_chain_rule, safe_lines
from gamekit.i18n import using
from gamekit.puzzles.dots import themes
from gamekit.puzzles.dots_why import box_shares
from gamekit.puzzles.dots_words import why_words
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.store import load_puzzles

BANK = load_puzzles("dots_and_boxes")


def _after(p, line):
    g = p.position.copy()
    g.play(line)
    return long_chain_rule(g)


def test_long_chain_count_only_where_the_count_decides():
    counted = [p for p in BANK if "long_chain_count" in p.themes]
    assert counted
    for p in counted:
        me = p.position.to_move
        safe = set(safe_lines(p.position))
        for a in p.answers:
            rule = _after(p, a)
            assert rule.long_chains >= 1 and rule.favoured == me, p.id
        wrong_safe = [w for w in p.refutations if w in safe]
        assert any(_after(p, w).favoured != me for w in wrong_safe), p.id
        # the solver calls those wrong: each loses at least a box
        assert all(p.refutations[w]["value"] < p.facts["best"] for w in wrong_safe)


def test_safe_line_puzzles_where_the_count_does_not_decide_lose_the_idea():
    """A safe-line puzzle where a right line leaves no long chain (the "5 single boxes" board) is no count puzzle."""
    for p in BANK:
        if "safe_line" in p.themes and "long_chain_count" not in p.themes:
            me = p.position.to_move
            decides = all(_after(p, a).long_chains >= 1 and _after(p, a).favoured == me for a in p.answers)
            if decides:
                safe = set(safe_lines(p.position))
                assert not any(_after(p, w).favoured != me for w in p.refutations if w in safe), p.id


def test_classifier_agrees_with_the_bank():
    for p in BANK:
        if "safe_line" in p.themes:
            has = "long_chain_count" in themes(p.position, list(p.answers), list(p.refutations))
            assert has == ("long_chain_count" in p.themes), p.id


def test_every_count_why_names_the_count():
    with using("en"):
        for p in practice_pool("dots_and_boxes", "long_chain_count"):
            for a in p.answers:
                said = why_words(p, "long_chain_count", a)
                n = _after(p, a).long_chains
                assert said.startswith(f"Why: after this line: {n} long chain"), (p.id, said)
                assert ("your opponent must open it." if n == 1 else "your opponent must open the first one") in said


def test_sacrifice_why_claims_long_chains_only_where_the_board_has_them():
    with using("en"):
        seen = set()
        for p in BANK:
            if "sacrifice" not in p.themes:
                continue
            for a in p.answers:
                said = why_words(p, "sacrifice", a)
                after = p.position.copy()
                after.play(a)
                long_both = all(any(c.is_long and not c.opened for c in components(g)) for g in (p.position, after))
                suits = _after(p, a).favoured == p.position.to_move
                claims = "long chains pay them back" in said
                assert claims == (long_both and suits and box_shares(p)[3] > 0), (p.id, said)
                if not long_both:
                    assert "long chain" not in said, (p.id, said)
                seen.add(claims)
        assert seen == {True, False}


def test_no_free_point_and_the_other_right_lines():
    with using("en"):
        for p in BANK:
            for t in p.themes:
                for a in p.answers:
                    said = why_words(p, t, a) or ""
                    assert "free point" not in said
                    assert "as many as any other line" not in said
