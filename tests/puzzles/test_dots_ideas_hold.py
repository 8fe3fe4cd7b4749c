"""Every idea a Dots bank puzzle is filed under holds on its position by the exact solver, and the numbers its
reason gives are the solver's: a pupil told "taking every box gets you 12 of the 14" gets 12 by taking every box.

The *when control is not worth it* idea is checked against a keep-control search written here from the rules alone
(take the boxes on offer in any order, declining at any point), not against the classifier's own helper."""

import re

import pytest

from gamekit.dots import capture_lines, move_values
from gamekit.puzzles import bank
from gamekit.puzzles.build import relabel, relabel_bank
from gamekit.puzzles.dots import MIN_LOSS, themes, verify
from gamekit.puzzles.store import bank_path, read_bank, write_bank
from gamekit.puzzles.dots_decisions import take_all_choice
from gamekit.puzzles.dots_words import control_values, decline_lines, take_all_why
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.practice_words import why_right

G = "dots_and_boxes"
IDEA = "control_not_worth_it"
# Puzzles a reader found filed as "control is not worth it" whose best play keeps control: take one chain on offer,
# then decline the last two boxes of the other.
KEEP_CONTROL = ["29dd80a990", "5c8afb1a81", "5ff8b8e507", "b89dd7aa37", "c0ccbb6902", "c2fcb90546"]


def _by_id():
    return {p.id: p for p in bank(G)}


def _after(game, line):
    g = game.copy()
    g.play(line)
    return g


def _take_all(game):
    """Take every box on offer (and every box a take exposes), then play on as well as possible: the margin."""
    me, g = game.to_move, game.copy()
    while capture_lines(g) and not g.is_over():
        g.play(capture_lines(g)[0])
    gained = g.scores[me] - game.scores[me]
    return gained if g.is_over() else gained + max(move_values(g).values())


def _keep(game, gained=0):
    """The best margin of any line that leaves boxes on offer untaken (a decline), now or after some takes."""
    me, values = game.to_move, move_values(game)
    caps = set(capture_lines(game))
    out = [gained + v for line, v in values.items() if line not in caps] if caps else []
    for line in caps:
        g = _after(game, line)
        if not g.is_over() and g.to_move == me and capture_lines(g):
            sub = _keep(g, gained + g.scores[me] - game.scores[me])
            out += [sub] if sub is not None else []
    return max(out, default=None)


def test_every_theme_of_every_bank_puzzle_is_the_classifiers_on_the_solvers_values():
    """No bank puzzle carries an idea the classifier (on the position, its answers and its refuted lines) does not
    give it: a label is never left over from an older classifier."""
    wrong = {}
    for p in bank(G):
        found = themes(p.position, list(p.answers), list(p.refutations))
        if set(p.themes) - set(found):
            wrong[p.id] = (p.themes, found)
    assert not wrong


@pytest.mark.slow
def test_every_themed_bank_puzzle_accepts_exactly_the_solvers_best_lines():
    """The whole Dots bank judged again (answers = the solver's best set, each refutation's value the solver's)."""
    problems = [m for p in bank(G) if p.themes for m in verify(p)]
    assert not problems


def test_control_not_worth_it_holds_on_every_puzzle_of_the_idea():
    """Each puzzle of the idea: taking every box reaches the best value, and every way of keeping control (a
    decline now, or after taking some boxes) loses at least MIN_LOSS boxes, by a search written here."""
    ps = [p for p in bank(G) if IDEA in p.themes]
    assert len(ps) >= 60
    bad = []
    for p in ps:
        best = max(move_values(p.position).values())
        keep = _keep(p.position)
        if _take_all(p.position) != best or keep is None or best - keep < MIN_LOSS:
            bad.append(p.id)
        elif control_values(p.position) != (best, keep):
            bad.append(p.id)
    assert not bad


def test_the_reason_for_taking_every_box_gives_the_solvers_numbers():
    """The Practice reason after a right take (and so the homework key) says k of the boxes left, with k what
    taking every box gets by the solver, and j (where it says one) what keeping control gets at most."""
    for p in bank(G):
        if IDEA not in p.themes:
            continue
        game = p.position
        left = game.geometry.n_boxes - sum(game.scores)
        text = take_all_why(p)
        k = (left + _take_all(game)) // 2
        assert f" {k} of the {left} boxes left" in text, (p.id, text)
        m = re.search(r"keep control gets you (\d+) at most", text)
        if m:
            assert int(m.group(1)) == (left + _keep(game)) // 2 < k, (p.id, text)
        take = next(a for a in p.answers if a in decline_lines(game)[1])
        assert why_right(p, IDEA, take) == text


def test_the_puzzles_best_played_by_keeping_control_are_not_filed_as_control_not_worth_it():
    """The six a reader found (their reason said "taking every box gets you 12 of the 14", false): the solver's best
    takes one chain and declines the last boxes of the other, so they are not the idea's, nor in its Practice."""
    by_id = _by_id()
    pool = {p.id for p in practice_pool(G, IDEA)}
    for short in KEEP_CONTROL:
        p = by_id["dots-" + short]
        take_all, keep = control_values(p.position)
        assert keep == p.facts["best"] > take_all  # keeping control is best
        assert IDEA not in p.themes and not take_all_choice(p) and p.id not in pool
        assert IDEA not in themes(p.position, list(p.answers), list(p.refutations))


def test_control_values_counts_keeping_control_after_taking_one_chain():
    """Two chains of two on offer and a chain of ten: declining at once loses, taking both chains loses more, and
    taking one chain then declining the other's last two is the best (14 boxes left: 12 for the pupil)."""
    p = _by_id()["dots-5c8afb1a81"]
    _, _, declines = decline_lines(p.position)
    values = move_values(p.position)
    assert max(values[d] for d in declines) == -10
    assert control_values(p.position) == (-6, 10) == (_take_all(p.position), _keep(p.position))


def test_relabel_gives_the_idea_exactly_where_the_classifier_does():
    """Relabelling a copy of the bank changes nothing (the shipped bank is relabelled), and a wrongly filed puzzle
    loses the idea and a missing one gets it back, other themes untouched."""
    by_id = _by_id()
    keep_control = by_id["dots-5c8afb1a81"].to_dict()
    keep_control["themes"] = [*keep_control["themes"], IDEA]
    take_all = next(p for p in bank(G) if IDEA in p.themes).to_dict()
    others = [t for t in take_all["themes"] if t != IDEA]
    take_all["themes"] = others
    changed = relabel([keep_control, take_all], G, IDEA)
    assert changed == [keep_control["id"], take_all["id"]]
    assert keep_control["themes"] == ["take_box"] and take_all["themes"] == [*others, IDEA]
    assert relabel([p.to_dict() for p in bank(G) if IDEA in p.themes or "take_box" in p.themes], G, IDEA) == []


def test_relabel_bank_rewrites_a_bank_file_and_names_the_step(tmp_path):
    shipped = read_bank(bank_path(G), G)
    puzzles = [d for d in shipped["puzzles"] if "take_box" in d["themes"]][:30]
    wrong = next(d for d in puzzles if IDEA in d["themes"])
    wrong["themes"] = [t for t in wrong["themes"] if t != IDEA]
    path = tmp_path / "bank.json.gz"
    write_bank(path, G, puzzles, "a build", 1, shipped["built"], {"themes": {}})
    assert relabel_bank(path, G, IDEA) == [wrong["id"]]
    again = read_bank(path, G)
    assert again["command"] == f"a build, then gamekit.puzzles.build.relabel_bank(the bank, {IDEA})"
    assert again["stats"]["themes"][IDEA] == sum(IDEA in d["themes"] for d in again["puzzles"])
    with pytest.raises(ValueError):
        relabel_bank(path, G, "no_such_idea")
