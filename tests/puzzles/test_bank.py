"""The shipped puzzle banks: sizes, themes, bands, answers checked against the exact solvers, refusals."""

import collections
import dataclasses
import gzip
import json
import random
import re

import pytest

from gamekit import IllegalMoveError
from gamekit.game import Game
from gamekit.i18n import using
from gamekit.puzzles import (
    BANDS,
    GAME_IDS,
    THEMES,
    BankError,
    Puzzle,
    action_key,
    bank,
    read_bank,
    shipped_info,
    verify,
)
from gamekit.puzzles.core import key_action, move_words
from gamekit.puzzles.sets import stakes
from gamekit.puzzles.store import checksum, write_bank

SIZES = {"dots_and_boxes": 300, "five_in_a_row": 300, "connect_four": 100, "shut_the_box": 300}


@pytest.fixture(scope="module", params=GAME_IDS)
def game_bank(request):
    return request.param, bank(request.param)


def test_bank_sizes_bands_and_themes(game_bank):
    game_id, puzzles = game_bank
    assert len(puzzles) >= SIZES[game_id]
    assert len({p.id for p in puzzles}) == len(puzzles)
    bands = collections.Counter(p.band for p in puzzles)
    assert set(bands) == {name for name, _ in BANDS}, bands  # three difficulty bands, each used
    themes = collections.Counter(t for p in puzzles for t in p.themes)
    assert set(themes) == set(THEMES[game_id]), f"themes never used: {set(THEMES[game_id]) - set(themes)}"
    assert all(p.themes for p in puzzles)


def test_shut_the_box_bank_covers_every_one_die_rule():
    puzzles = bank("shut_the_box")
    rules = collections.Counter(p.position.rules.one_die for p in puzzles)
    assert set(rules) == {"after_789", "under_six", "six_or_less", "never"}
    assert min(rules.values()) >= 70 and rules["after_789"] >= 140  # the lessons' rule the most


def test_shut_the_box_bank_has_hard_puzzles_and_none_answered_by_the_rolls_own_tile():
    """A "which set?" puzzle answered by covering the tile equal to the roll teaches a habit, not a choice: the
    bank holds none; and enough hard puzzles for a strong pupil's practice."""
    from gamekit.puzzles.build import own_tile_answer

    puzzles = bank("shut_the_box")
    assert sum(p.band == "hard" for p in puzzles) >= 100
    sets = [p for p in puzzles if p.facts["kind"] == "set"]
    # Practice's chosen questions may be: the own tile is held to half of each level there (test_shut_bank_balance)
    assert len(sets) >= 250 and not [p.id for p in sets if own_tile_answer(p) and "practice_rating" not in p.facts]
    assert not any(own_tile_answer(p) for p in puzzles if p.facts["kind"] == "dice")


def test_dots_bank_has_30_loop_puzzles_that_hand_over_four_boxes():
    from gamekit.dots import boxes_given, capture_lines, components

    loops = bank("dots_and_boxes", theme="all_but_four")
    in_a_loop = 0
    for p in loops:
        game = p.position
        assert capture_lines(game)  # boxes on offer, declined: the best line hands over 4
        assert all(a not in capture_lines(game) and boxes_given(game, a) >= 4 for a in p.answers)
        in_a_loop += any(c.kind == "loop" and c.opened for c in components(game))
    assert in_a_loop >= 30


def test_dots_bank_spreads_over_three_boards():
    sizes = collections.Counter((p.position.width, p.position.height) for p in bank("dots_and_boxes"))
    assert set(sizes) == {(3, 3), (4, 4), (5, 4)}
    assert min(sizes.values()) >= 50


def test_positions_keep_the_game_contract_and_answers_are_legal(game_bank):
    game_id, puzzles = game_bank
    for p in puzzles:
        g = p.position
        assert isinstance(g, Game) and not g.is_over()
        legal = g.legal_moves()
        assert p.answers and set(p.answers) <= set(legal)
        # every other legal answer has a refutation, and nothing else has one
        assert set(p.refutations) == {action_key(a) for a in legal if a not in p.answers}
        assert len(legal) >= (2 if game_id == "shut_the_box" else 3)


def test_position_is_a_fresh_copy():
    p = bank("dots_and_boxes")[0]
    g = p.position
    g.play(g.legal_moves()[0])
    assert p.position.to_dict() != g.to_dict()
    assert p.position.to_dict() == p.position_data


def _sample(puzzles, n, seed):
    return random.Random(seed).sample(puzzles, min(n, len(puzzles)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_check_accepts_exactly_the_answers_and_refutes_the_rest(game_id):
    for p in _sample(bank(game_id), 25, 1):
        before = p.to_dict()
        for a in p.legal_answers():
            ok, feedback = p.check(a)
            assert ok == (a in p.answers), (p.id, a)
            named = (
                " + ".join(map(str, a[1])) if game_id == "shut_the_box" and a[0] == "cover" else move_words(game_id, a)
            )
            assert named in feedback
            if ok:
                assert feedback.startswith("Right")
            else:
                assert feedback.startswith(("Not the best", "The line "))  # Dots: "The line c1-d1 is not the best."
                ref = p.refutations[action_key(a)]
                if game_id != "shut_the_box" and ref["line"]:
                    seat, first = ref["line"][0]
                    if first in {action_key(x) for x in p.answers}:  # the line would name the answer: not shown
                        assert "best play goes" not in feedback
                    else:
                        assert "best play goes" in feedback and str(first) in feedback
        assert p.to_dict() == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_feedback_speaks_spanish(game_id):
    p = (
        next(p for p in bank(game_id) if any(v["line"] for v in p.refutations.values()))
        if game_id != "shut_the_box"
        else bank(game_id)[0]
    )
    wrong = next(a for a in p.legal_answers() if a not in p.answers)
    with using("es"):
        ok, text = p.check(wrong)
        right_ok, right = p.check(p.answers[0])
        prompt = p.prompt()
    assert not ok and right_ok
    assert text.startswith("No es la mejor") and right.startswith("Correcto")
    assert prompt != p.prompt()


def test_check_refuses_illegal_answers_and_changes_nothing():
    for game_id, bad in (
        ("dots_and_boxes", "z9-z10"),
        ("dots_and_boxes", True),
        ("five_in_a_row", "8"),
        ("connect_four", 4.0),
        ("shut_the_box", (10,)),
        ("shut_the_box", ("roll", 2)),
    ):
        p = next(p for p in bank(game_id) if p.facts.get("kind") != "dice")
        before = p.to_dict()
        with pytest.raises(IllegalMoveError):
            p.check(bad)
        assert p.to_dict() == before


def test_an_answer_already_drawn_is_refused():
    p = next(p for p in bank("dots_and_boxes") if p.position.history)
    with pytest.raises(IllegalMoveError, match="already drawn"):
        p.check(p.position.history[0])


@pytest.mark.parametrize(
    "game_id, n", [("dots_and_boxes", 5), ("five_in_a_row", 4), ("connect_four", 4), ("shut_the_box", 40)]
)
def test_a_random_sample_of_the_shipped_bank_is_right(game_id, n):
    """A fresh random sample every run, judged again by the exact solver (ids printed on failure)."""
    seed = random.randrange(10**6)
    sample = _sample(bank(game_id), n, seed)
    problems = [msg for p in sample for msg in verify(p)]
    assert not problems, f"sample seed {seed}: {problems}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_verify_finds_a_puzzle_whose_answers_best_value_or_refutation_are_wrong(game_id):
    """The check that guards the bank can fail: each kind of wrong puzzle gets its own reason."""
    p = min(bank(game_id), key=lambda q: (len(q.refutations), q.id))  # a quick one to judge again
    assert verify(p) == []
    wrong_key = next(iter(p.refutations))
    best_key = "exact" if game_id == "shut_the_box" else "best"

    extra = dataclasses.replace(p, answers=p.answers + (key_action(wrong_key),))
    assert any("accepted" in m and "best are" in m for m in verify(extra))
    missing = (
        dataclasses.replace(p, answers=p.answers[1:])
        if len(p.answers) > 1
        else dataclasses.replace(p, answers=(key_action(wrong_key),))
    )
    assert any("accepted" in m for m in verify(missing))

    bad_best = dataclasses.replace(p, facts={**p.facts, best_key: "7/3" if game_id == "shut_the_box" else 99})
    assert any(m.startswith(f"{p.id}: best value") for m in verify(bad_best))

    value_key = "exact" if game_id == "shut_the_box" else "value"
    changed = {**p.refutations[wrong_key], value_key: "7/3" if game_id == "shut_the_box" else 99}
    bad_ref = dataclasses.replace(p, refutations={**p.refutations, wrong_key: changed})
    assert [m for m in verify(bad_ref) if wrong_key in m and "the puzzle says" in m]
    no_ref = dataclasses.replace(p, refutations={k: v for k, v in p.refutations.items() if k != wrong_key})
    assert any(f"{wrong_key} is worth" in m and m.endswith("says None") for m in verify(no_ref))
    assert verify(p) == []  # the shipped puzzle itself is untouched


def test_filters_by_theme_and_band():
    blocks = bank("five_in_a_row", theme="block")
    assert blocks and all("block" in p.themes for p in blocks)
    easy = bank("dots_and_boxes", band="easy")
    assert easy and all(p.rating < 1300 for p in easy)
    both = bank("dots_and_boxes", theme="take_box", band="easy")
    assert set(p.id for p in both) <= set(p.id for p in easy)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: bank("chess"), "no puzzle bank for this game"),
        (lambda: bank(3), "no puzzle bank"),
        (lambda: bank("dots_and_boxes", theme="fork"), "not a theme of Dots and Boxes"),
        (lambda: bank("connect_four", theme="side_column"), "not a theme of Connect Four"),
        (lambda: bank("shut_the_box", band="impossible"), "band='impossible'"),
    ],
)
def test_bad_requests_are_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_header_records_the_command_and_seed():
    for game_id in GAME_IDS:
        info = shipped_info(game_id)
        assert info["command"].startswith(f"python -m gamekit.puzzles build {game_id}")
        assert f"--seed {info['seed']}" in info["command"]
        assert info["count"] == len(bank(game_id))


# ----- damaged files ---------------------------------------------------------------------------
@pytest.fixture
def small_bank(tmp_path):
    puzzles = [p.to_dict() for p in bank("shut_the_box")[:5]]
    path = tmp_path / "bank.json.gz"
    write_bank(path, "shut_the_box", puzzles, "test", 0, "2026-12-01T00:00:00Z")
    return path


def _rewrite(path, change):
    data = json.loads(gzip.decompress(path.read_bytes()))
    change(data)
    path.write_bytes(gzip.compress(json.dumps(data).encode()))


def test_a_written_bank_reads_back(small_bank):
    puzzles = bank("shut_the_box", path=small_bank)
    assert len(puzzles) == 5 and all(isinstance(p, Puzzle) for p in puzzles)
    assert read_bank(small_bank)["sha256"] == checksum([p.to_dict() for p in puzzles])


def test_bad_checksum_is_refused(small_bank):
    _rewrite(small_bank, lambda d: d["puzzles"][0].update(answers=["cover 9"]))
    with pytest.raises(BankError, match="bad checksum"):
        bank("shut_the_box", path=small_bank)


def test_damaged_files_are_refused(small_bank, tmp_path):
    raw = small_bank.read_bytes()
    small_bank.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(BankError, match="damaged"):
        read_bank(small_bank)
    plain = tmp_path / "plain.json.gz"
    plain.write_text("{}")
    with pytest.raises(BankError, match="damaged or not gzip"):
        read_bank(plain)
    notjson = tmp_path / "nj.json.gz"
    notjson.write_bytes(gzip.compress(b"not json"))
    with pytest.raises(BankError, match="not JSON"):
        read_bank(notjson)
    with pytest.raises(BankError, match="no such puzzle bank file"):
        read_bank(tmp_path / "missing.json.gz")


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda d: d.update(format="other"), "not a puzzle bank"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(count=4), "says 4 puzzles but holds 5"),
        (lambda d: d.update(game="dots_and_boxes"), "a bank of 'dots_and_boxes' puzzles"),
    ],
)
def test_wrong_headers_are_refused(small_bank, change, match):
    _rewrite(small_bank, change)
    with pytest.raises(BankError, match=match):
        bank("shut_the_box", path=small_bank)


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row", "connect_four"])
def test_a_wrong_answer_reads_short_with_the_whole_line_one_click_away(game_id):
    """What a 12-year-old reads: at most SHOWN_MOVES moves of the refutation then "…", short sentences
    (none over 25 words); the whole line is what ``whole_line`` gives (the "Show the whole line" button)."""
    from gamekit.puzzles.core import SHOWN_MOVES, line_words

    long_seen = 0
    for p in bank(game_id)[:80]:
        for a in p.legal_answers():
            if a in p.answers:
                assert p.whole_line(a) == ""
                continue
            ok, feedback = p.check(a)
            line = p.refutations[action_key(a)]["line"]
            sentences = [s for s in feedback.replace("…", ".").split(". ") if s.strip()]
            assert all(len(s.split()) <= 25 for s in sentences), feedback
            accepted = {action_key(x) for x in p.answers}
            shown = min(next((i for i, (_, move) in enumerate(line) if move in accepted), SHOWN_MOVES), SHOWN_MOVES)
            assert not any(
                f"{line_words(game_id, [[seat, move]])}" in feedback for seat, move in line if move in accepted
            ), feedback  # the short line never names an accepted answer
            if len(line) > shown and shown:
                long_seen += 1
                assert line_words(game_id, line[:shown]) + ", …" in feedback
                assert line_words(game_id, line) not in feedback
            if line:  # the whole line, then how it ends (who wins, what it costs)
                assert line_words(game_id, line) + ". " in p.whole_line(a)
                assert p.whole_line(a)[-12:] == feedback[-12:]
            else:
                assert p.whole_line(a) == ""
    assert long_seen or game_id == "connect_four"


def test_the_lesson_exercise_shows_the_whole_line_after_a_wrong_answer():
    from gamekit.puzzles.core import line_words
    from gamekit.puzzles.sets import answer_text, puzzle_exercise
    from gamekit.widgets.lesson import ExerciseWidget

    p = next(p for p in bank("dots_and_boxes") if any(len(r["line"]) > 4 for r in p.refutations.values()))
    wrong = next(a for a in p.legal_answers() if len(p.refutations.get(action_key(a), {}).get("line", [])) > 4)
    w = ExerciseWidget(puzzle_exercise(p))
    assert w.more_button.layout.display == "none"
    ok, feedback = w.submit(answer_text(p, wrong))
    # the whole line names the answer: it is held back until the puzzle is solved
    assert not ok and "…" in feedback and w.more_button.layout.display == "none" and w.show_more() == ""
    w.submit("zz-99")  # a malformed one has no line to show
    assert w.more_button.layout.display == "none"
    w.submit(answer_text(p, p.answers[0]))  # solved: the line of the pupil's mistake is one click away
    assert w.more_button.layout.display != "none" and w.more_shown.value == ""
    assert line_words("dots_and_boxes", p.refutations[action_key(wrong)]["line"]) in w.show_more()


def test_a_lesson_practice_board_shows_the_whole_line_one_click_away():
    """The Dots lessons' "More practice" boards (PuzzleBoard): short feedback ending "…" once (never "…."),
    no button before the board is solved (the whole line names the answer), then the button under the feedback
    shows the whole refutation of the pupil's mistake."""
    import ipywidgets as W
    from gamekit.dots import lessons as D
    from gamekit.widgets.lesson import PuzzleBoard

    def boards(w):
        if isinstance(w, PuzzleBoard):
            yield w
        elif isinstance(w, W.Box):
            for c in w.children:
                yield from boards(c)

    for board in boards(D.practice(5)):
        for answer in board.exercise.wrong:
            ok, feedback = board.submit(answer)
            assert not ok and "…." not in feedback
            assert board.more_button.layout.display == "none" and board.show_more() == ""
            if board.exercise.more(answer):
                board.submit(board.exercise.solutions[0])
                assert board.more_button.layout.display != "none"
                assert board.show_more().startswith("The whole line: ")  # the feedback gives the reason
                return
    pytest.fail("no practice board of Dots lesson 5 had a refutation longer than four moves")


def _stated_cost(text: str) -> int:
    import re

    return int(re.search(r"end the game with (\d+) box", text).group(1))


def test_a_dots_cost_is_never_more_than_the_boxes_left_and_the_stakes_say_the_least_cost():
    """The cost told after a wrong line is the pupil's own boxes lost (never the change in the margin, which
    counts each box twice): over the whole shipped bank it is at least 1 and at most the boxes left, and the
    question never gives it away beforehand."""
    from gamekit.puzzles.sets import stakes

    checked = 0
    for p in bank("dots_and_boxes"):
        game = p.position
        left = game.width * game.height - sum(game.scores)
        costs = []
        with using("en"):
            for key in p.refutations:
                costs.append(_stated_cost(p.check(key_action(key))[1]))
            # the question never states the least cost: it asks, and the feedback tells (test_dots_thumbs.py)
            assert "at least" not in stakes(p), (p.id, stakes(p))
        assert all(1 <= c <= left for c in costs), (p.id, left, costs)
        checked += len(costs)
    assert checked > 1000


def game_seat(game) -> str:
    return ("Gold", "Coral")[game.to_move]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_dots_cost_is_the_boxes_lost_when_both_lines_are_played_out(seed):
    """Play the best line and the wrong line to the end with the exact solver: the pupil's own boxes differ by
    exactly the cost the feedback states (e.g. Gold 7–4 with 5 left: 12–4 after the best line, 7–9 after a
    line that costs 5)."""
    from gamekit.puzzles.core import line_of_best_play

    rng = random.Random(seed)
    small = [p for p in bank("dots_and_boxes") if len(p.position.undrawn_lines()) <= 12]
    p = rng.choice(small)
    me = p.to_move

    def final_boxes(first) -> int:
        g = p.position
        g.play(first)
        for _, move in line_of_best_play(g, 100):
            g.play(move)
        assert g.is_over()
        return g.scores[me]

    best = final_boxes(p.answers[0])
    key = rng.choice(sorted(p.refutations))
    with using("en"):
        cost = _stated_cost(p.check(key_action(key))[1])
    assert best - final_boxes(key_action(key)) == cost, (p.id, key)


def test_the_worked_example_costs_five_boxes_not_ten():
    p = next(p for p in bank("dots_and_boxes") if p.id == "dots-3346a13c8a")
    with using("en"):
        ok, text = p.check("d5-e5")
    assert not ok and "end the game with 5 boxes fewer" in text


def test_a_margin_change_of_odd_size_is_refused():
    from gamekit.dots.puzzle_text import own_box_loss

    assert own_box_loss(5, -5) == 5 and own_box_loss(3, 1) == 1
    with pytest.raises(ValueError, match="even"):
        own_box_loss(3, 0)


def test_every_shut_the_box_question_states_its_one_die_rule():
    """The bank mixes four one-die rules, and the best choice depends on the rule: each question says its rule,
    so no two puzzles under different rules read the same (the same question is the same puzzle)."""
    from gamekit.shutbox.puzzle_text import ONE_DIE_WORDS

    asked: dict[str, Puzzle] = {}
    for p in bank("shut_the_box"):
        rule = p.position.rules.one_die
        with using("en"):
            q = p.prompt()
        assert q.startswith(ONE_DIE_WORDS[rule]), (p.id, q)
        other = asked.setdefault(q, p)
        assert other.position.rules.one_die == rule and other.answers == p.answers, (p.id, other.id)
    with using("es"):
        assert bank("shut_the_box")[0].prompt().startswith("Regla:")


def _wins_now(game):
    """The drops that win at once for the player to move (played out, not read off a table)."""
    out = set()
    for m in game.legal_moves():
        g = game.copy()
        g.play(m)
        if g.winner() == game.to_move:
            out.add(m)
    return out


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_every_connect_prompt_says_exactly_what_is_asked(game_id):
    from gamekit.connect.threats import threat_cells

    said = collections.Counter()
    for p in bank(game_id):
        game, text, answers, best = p.position, p.prompt(), set(p.answers), p.facts["best"]
        wins = _wins_now(game)
        them = 1 - game.to_move
        threats = {str(game.column_number(c)) for c, r in threat_cells(game, them) if len(game.grid[c]) == r}
        # the question says the stake only, the same words for a lesson-1 puzzle as for one that reads ahead
        assert "threat" not in text and "at once" not in text, p.id
        if "can force a win" in text:
            assert best > 0
            if wins:
                kind = "win now" if answers <= wins else "win, at once or later"
            elif len(threats) == 1 and answers <= threats:
                kind = "block"
            else:
                kind = "win later"
        elif "keeps the draw" in text:
            assert best == 0 and not wins
            kind = "block" if len(threats) == 1 and answers <= threats else "draw"
        elif "holds out longest" in text:
            assert best < 0 and not wins
            kind = "hold out"
        else:
            raise AssertionError(f"{p.id}: a prompt that says nothing checkable: {text}")
        # how many drops are right is said once, by the stakes after the question, never twice
        asked = text + " " + stakes(p)
        assert len(re.findall(r"\b(?:\d+ drops|[Oo]nly one drop)\b", asked)) == 1, asked
        if len(answers) > 1:
            assert f"{len(answers)} drops do it: find one." in asked
        said[kind] += 1
    # every kind of puzzle is in the bank, asked in the words of its stake
    assert said["win now"] and said["block"] and said["win later"] and said["draw"], said
    with using("es"):
        spanish = {p.prompt() for p in bank(game_id)}
    assert all(text.startswith("Le toca al ") and "Find" not in text for text in spanish)


@pytest.mark.parametrize("game_id, length", [("five_in_a_row", "five"), ("connect_four", "four")])
def test_a_right_drop_that_makes_the_line_says_so(game_id, length):
    """The feedback to a right drop that completes a line there and then says it makes the line ("makes five in
    a line"); a right drop that wins only later, or keeps the draw, is told the outcome with best play."""
    at_once = later = 0
    for p in bank(game_id):
        wins = _wins_now(p.position)
        for answer in p.answers:
            ok, text = p.check(answer)
            assert ok
            if answer in wins:
                at_once += 1
                assert f"makes {length} in a line" in text and "best play" not in text, text
            else:
                later += 1
                assert "makes" not in text and "with best play" in text, text
    assert at_once and later
    with using("es"):
        p = next(p for p in bank(game_id) if set(p.answers) & _wins_now(p.position))
        answer = next(a for a in p.answers if a in _wins_now(p.position))
        assert "en línea" in p.check(answer)[1]


def _named_moves(position, solutions) -> list[str]:
    """How a text would name an accepted move of ``position``: a line move ("red 4", "Gold b1-c1") for 5 en raya,
    the line itself ("b1-c1") for Dots; nothing for an answer that is not a move (a count, a choice)."""
    from gamekit.connect.rules import ConnectGame
    from gamekit.dots.rules import DotsAndBoxes

    if isinstance(position, ConnectGame):
        return [f"{seat} {s}" for s in map(str, solutions) for seat in ("red", "yellow")]
    if isinstance(position, DotsAndBoxes):
        return [str(s) for s in solutions if "-" in str(s)]
    return []


@pytest.mark.parametrize("lesson", sorted(__import__("tests.test_lessons_shared").test_lessons_shared.ALL_EXERCISES))
def test_before_an_exercise_is_solved_nothing_the_pupil_can_reach_names_its_answer(lesson):
    """Every lesson exercise and practice problem of every game: after each wrong answer, the "Show the whole
    line" button stays hidden (its line names the answer) and the feedback and the hint do not name an accepted
    move; once the answer is shown, the line of the pupil's mistake is one click away."""
    from tests.test_lessons_shared import ALL_EXERCISES
    from gamekit.widgets.lesson import ExerciseWidget

    for factory in ALL_EXERCISES[lesson]:
        ex = factory()
        w = ExerciseWidget(ex)
        named = _named_moves(getattr(ex, "game", None) or ex.position, ex.solutions)
        wrong = ex.wrong or []
        for answer in wrong:
            ok, feedback = w.submit(answer)
            assert not ok and w.more_button.layout.display == "none" and w.show_more() == "", (ex.key, answer)
            for text in (feedback, ex.hint):
                assert not [n for n in named if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)], (
                    ex.key,
                    answer,
                    text,
                )
        if wrong and ex.more is not None and ex.more(wrong[-1]):
            w.show_answer()
            assert w.more_button.layout.display != "none" and w.show_more()
