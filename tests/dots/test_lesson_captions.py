"""Every judging caption of the Dots and Boxes step-throughs agrees with the exact solver on that very position.

Each step-through is replayed line by line.  A caption that judges — "a safe line", "A mistake, says the exact
calculation:
X would have won …", "which suits Gold" (the forming long-chain count), "the count Gold wanted", "a
double-deal", "can take N boxes in a row" — is checked against :mod:`gamekit.dots.solver` (exact) or the
analysis that defines the word, independently of the lesson code that wrote it.  In a judged step-through
a move the caption does not call a mistake must be one of the solver's best.  The Spanish captions judge
the same steps.
"""

from __future__ import annotations

import re

import pytest

from gamekit.dots import lesson4_tables
from gamekit.dots import lesson_pictures
from gamekit.dots import lesson_positions
import gamekit
from gamekit.dots import analysis
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values, solve
from gamekit.i18n import tr
from gamekit.dots.lesson_exercise import after_line

MISTAKE = re.compile(
    r"A mistake, says the exact calculation: (?:opening the (?:loop|chain) of \d+ first \()?(.+?)\)? would have won "
    r"(Gold|Coral) more boxes\."
)
REFUSAL = re.compile(
    r"A mistake, says the exact calculation: (.+?) takes nothing and leaves the last (?:box|(\d+) boxes) to "
    r"(Gold|Coral), who must then open the next chain or loop\."
)
COST_ONLY = re.compile(
    r"A mistake, says the exact calculation: (?:taking the last boxes too means (Gold|Coral) must then open the "
    r"(chain|loop) of (\d+)\. )?(Gold|Coral) ends with fewer boxes than best play would give\."
)
PART_FIRST = re.compile(r"opening the (?:loop|chain) of \d+ first ")
SUITS = re.compile(r"Long chains forming: (\d+); (\d+) \+ \1 is (even|odd), which suits (Gold|Coral)\.")
WANTED = re.compile(
    r"there (?:was|were) (\d+) long chains?: (\d+) \+ \1 = (\d+) is (even|odd), the count "
    r"(Gold|Coral) wanted\."
)
RUN = re.compile(r"(Gold|Coral) can take (\d+) box(?:es)? in a row")
SEATS = ("Gold", "Coral")


def winner_with_best_play(game: DotsAndBoxes) -> int | None:
    """The seat that wins with best play from ``game`` (None: a draw)."""
    value = solve(game)
    rest = game.geometry.n_boxes - sum(game.scores)
    final = list(game.scores)
    final[game.to_move] += (rest + value) // 2
    final[1 - game.to_move] += (rest - value) // 2
    return None if final[0] == final[1] else int(final[1] > final[0])


def replay(name: str):
    """``(before, line, after, caption)`` for every step of a sequence (English captions)."""
    positions = lesson_positions.sequence_positions(name)
    captions = [s.caption for s in lesson_pictures.steps(name)]
    return [
        (positions[i], lesson_positions.SEQUENCES[name]["steps"][i], positions[i + 1], captions[i + 1])
        for i in range(len(positions) - 1)
    ], captions


@pytest.mark.parametrize("name", sorted(lesson_positions.SEQUENCES))
def test_every_judging_caption_agrees_with_the_exact_solver(name):
    spec = lesson_positions.SEQUENCES[name]
    steps, captions = replay(name)
    judged = 0
    for before, line, after, caption in steps:
        needs_values = spec.get("judge") or MISTAKE.search(caption) or REFUSAL.search(caption)
        values = move_values(before) if needs_values else {}
        best = max(values.values()) if values else 0
        name_ = before.line_name(before.line_index(line))
        # "a safe line": the line gave no box a third side
        assert (", a safe line" in caption) == (name_ in analysis.safe_lines(before)), (name, line, caption)
        # "A mistake, says the exact calculation: …": below the best, the better lines right, no score given
        m = MISTAKE.search(caption)
        if m:
            judged += 1
            better = [b.strip() for b in re.split(r", | and ", m.group(1).replace(" …", ""))]
            assert values[name_] < best, (name, line, caption)
            assert all(values[b] == best for b in better), (name, line, caption)
            assert m.group(2) == SEATS[before.to_move]
            assert not re.search(r"\d", PART_FIRST.sub("", m.group(0).replace(m.group(1), ""))), "no score in a caption"
        elif c := COST_ONLY.search(caption):
            # a lesson before the refusal is taught: the mistake and its cost, no better line named
            judged += 1
            assert spec.get("judge") == "result", (name, caption)
            assert values[name_] < best and c.group(4) == SEATS[before.to_move], (name, line, caption)
            if c.group(1):  # the reason, in lesson 3's words: taking on leaves the mover to open the one part left
                assert c.group(1) == c.group(4) and sum(after.scores) > sum(before.scores), (name, line, caption)
                assert all(sum(after_line(before, b).scores) == sum(before.scores) for b in values if values[b] == best)
                taken = after.copy()
                while analysis.capturable_boxes(taken):
                    assert taken.to_move == before.to_move
                    box = analysis.capturable_boxes(taken)[0]
                    taken.play(next(i for i in taken.geometry.box_lines[box] if not taken.is_drawn(i)))
                parts = analysis.components(taken)
                assert taken.to_move == before.to_move and not analysis.safe_lines(taken), (name, line)
                assert [(p.kind, len(p.boxes)) for p in parts] == [(c.group(2), int(c.group(3)))], (name, line)
        elif r := REFUSAL.search(caption):
            # "X takes nothing and leaves the last N boxes": the played line took a box, every better line takes
            # none and leaves that many boxes on offer to the other player
            judged += 1
            better = [b.strip() for b in re.split(r", | and ", r.group(1).replace(" …", ""))]
            assert values[name_] < best and all(values[b] == best for b in better), (name, line, caption)
            assert sum(after.scores) > sum(before.scores), (name, line, caption)
            for b in better:
                refused = before.copy()
                refused.play(b)
                assert sum(refused.scores) == sum(before.scores), (name, b, caption)
                assert analysis.capture_run(refused) == int(r.group(2) or 1), (name, b, caption)
            assert r.group(3) == SEATS[1 - before.to_move], (name, line, caption)
        elif spec.get("judge"):
            judged += 1  # no verdict in the caption: the solver must agree the line is a best one
            assert values[name_] == best, f"{name}: {line} is a mistake the caption does not name: {caption}"
        # "which suits X": the forming count's side is the side that wins with best play
        m = SUITS.search(caption)
        if m:
            judged += 1
            n, dots, parity, seat = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
            assert n == analysis.long_chain_rule(after).long_chains and dots == after.geometry.n_dots
            assert parity == ("even" if (dots + n) % 2 == 0 else "odd")
            assert winner_with_best_play(after) == SEATS.index(seat), (
                f"{name}: after {line} the caption says the count suits {seat}, the solver disagrees"
            )
        # "can take N boxes in a row"
        m = RUN.search(caption)
        if m and not MISTAKE.search(caption) and not REFUSAL.search(caption):
            assert m.group(1) == SEATS[after.to_move] and int(m.group(2)) == analysis.capture_run(after)
        # "now X has no safe line either": none is left, and X is to move
        m = re.search(r"Now (Gold|Coral) has no safe line either", caption)
        if m:
            assert not analysis.safe_lines(after) and SEATS[after.to_move] == m.group(1)
        # "a double-deal": a line that took nothing while boxes were on offer
        if "a double-deal" in caption:
            assert analysis.capturable_boxes(before) and sum(after.scores) == sum(before.scores)
    if spec.get("judge") or spec.get("forming"):
        assert judged, f"{name}: a judged step-through with no verdict checked"
    # the closing sentence of a game: the count when the safe lines ran out suited the player who won
    m = WANTED.search(captions[-1])
    if m:
        ran_out = next(a for _, _, a, _ in steps if not analysis.safe_lines(a))
        assert int(m.group(1)) == analysis.long_chain_rule(ran_out).long_chains
        final = steps[-1][2]
        assert final.is_over() and final.scores[SEATS.index(m.group(5))] > final.scores[1 - SEATS.index(m.group(5))]
        assert winner_with_best_play(ran_out) == SEATS.index(m.group(5))


def test_lesson_3_step_throughs_flag_the_mistakes_they_show():
    """A step-through that shows a solver mistake unflagged teaches it: lesson 3's two are judged, and the loop's
    names its mistakes. The chains one is best play throughout, so it calls nothing a mistake that only lesson 5's
    double-deal could explain."""
    for name in ("chains", "loop"):
        assert lesson_positions.SEQUENCES[name].get("judge")
    assert any("A mistake, says" in c for c in replay("loop")[1])
    assert not any("A mistake, says" in c for c in replay("chains")[1])


def test_the_real_game_count_never_points_the_wrong_way():
    """Lesson 4 teaches the forming count; in its real game the count and the solver agree at every step
    where the caption names a side, and the decisive move is where both change."""
    steps, _ = replay("real_game")
    sides = [(i, SUITS.search(c).group(4)) for i, (_, _, _, c) in enumerate(steps) if SUITS.search(c)]
    assert len(sides) >= 4
    d = lesson4_tables.decisive_move()
    before_side = [s for i, s in sides if i < d["index"]][-1]
    after_side = next(s for i, s in sides if i == d["index"])
    assert before_side == SEATS[d["seat"]] and after_side == SEATS[1 - d["seat"]]


def test_the_check_fails_on_a_caption_that_contradicts_the_solver():
    """The old real game: after Gold's b2-b3 the caption said the count suits Gold, but Gold had just thrown
    the win away."""
    before = DotsAndBoxes.from_moves(3, 3, "c1-c2 d2-d3 b1-b2 c2-c3 c1-d1 b3-b4 d3-d4 a2-a3 c3-c4 a3-a4")
    after = before.copy()
    after.play("b2-b3")
    assert analysis.long_chain_rule(after).favoured == 0  # the count suits Gold …
    assert winner_with_best_play(after) == 1  # … the solver says Coral wins
    caption = "Long chains forming: 2; 16 + 2 is even, which suits Gold."
    m = SUITS.search(caption)
    assert m and winner_with_best_play(after) != SEATS.index(m.group(4))  # what the test above would flag


@pytest.mark.parametrize("name", sorted(lesson_positions.SEQUENCES))
def test_spanish_captions_judge_the_same_steps(name):
    english = lesson_pictures.steps(name)
    gamekit.set_language("es")
    try:
        spanish = lesson_pictures.steps(name)
        mistake = (
            tr(" A mistake, says the exact calculation: {better} would have won {seat} more boxes.")
            .split(":")[0]
            .strip()
        )
        suits = (
            tr(
                "Long chains forming: {long_chains}; {dots} + {long_chains} is {parity}, which suits "
                "{favoured}. {score}"
            )
            .split("{")[0]
            .strip()
        )
    finally:
        gamekit.set_language("en")
    assert mistake and suits and mistake != "A mistake, says the exact calculation"
    for en, es in zip(english, spanish):
        assert ("A mistake, says" in en.caption) == (mistake in es.caption), (name, es.caption)
        assert ("which suits" in en.caption) == (suits in es.caption), (name, es.caption)


def test_lesson_3_loop_step_through_names_what_to_draw_instead_in_lesson_3_words():
    """The loop step-through's first move is a mistake a lesson-3 pupil can follow: Gold opens the 2-chain at an
    end; the caption names, from the exact solver, the one better line, which is the 2-chain's middle line (it
    used to show a chain of 3 whose better move needed lesson 5's double-deal)."""
    from gamekit.dots.analysis import components
    from gamekit.dots.rules import DotsAndBoxes
    from gamekit.dots.solver import move_values

    game = DotsAndBoxes.from_moves(*lesson_positions.SEQUENCES["loop"]["start"])
    first = lesson_positions.SEQUENCES["loop"]["steps"][0]
    values = move_values(game)
    best = max(values.values())
    better = [l for l, v in values.items() if v == best]
    chain = next(p for p in components(game) if p.kind == "chain")
    assert values[first] < best and len(chain.boxes) == 2
    assert len(better) == 1 and set(game.geometry.line_boxes[game.line_index(better[0])]) == set(chain.boxes)
    caption = lesson_pictures.describe_line(game, first, judge=True)
    assert f"{better[0]} would have won Gold more boxes" in caption
