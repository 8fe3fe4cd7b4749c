"""Dots and Boxes Practice needs the idea it practises: no rule of thumb (give away the fewest boxes, take every
box, always decline) answers more than half of a level of the mixed pool; take-all puzzles sit beside the
double-deals; a question with boxes on offer asks and does not tell; a mixed homework set brings new puzzles."""

from collections import Counter

import pytest

from gamekit.i18n import using
from gamekit.progress import level
from gamekit.puzzles import bank
from gamekit.puzzles.core import game_themes
from gamekit.puzzles.dots import LESSON_FIVE_LEVELS
from gamekit.puzzles.dots_themes import DECISION_THEMES
from gamekit.puzzles.dots_thumbs import (
    MAX_THUMB_SHARE,
    THUMB_RULES,
    middle_lines_only,
    thumb_picks,
    thumbs_answering,
    thumbs_within_share,
)
from gamekit.puzzles.dots_decisions import take_all_choice
from gamekit.puzzles.homework import homework_codes, homework_set, parse_code
from gamekit.puzzles.pools import lesson_pool, practice_pool
from gamekit.puzzles.sets import stakes

G = "dots_and_boxes"


def by_level(pool):
    out = {}
    for p in pool:
        out.setdefault(level(p.rating), []).append(p)
    return out


def test_no_rule_of_thumb_answers_more_than_half_of_a_mixed_level():
    """From level 2 up (level 1 is the one-line rule's level by design) every rule of thumb answers at most half of
    each level of the mixed pool, rounded up; levels 2 to 8 each hold 10 puzzles or more (level 8, lesson 5's alone,
    holds its decisions)."""
    levels = by_level(practice_pool(G))
    assert set(levels) == set(range(1, 9))
    for lv, ps in levels.items():
        if lv == 1:
            continue
        counts = Counter(rule for p in ps for rule in thumbs_answering(p))
        for rule in THUMB_RULES:
            assert counts[rule] <= -(-len(ps) // 2), (lv, rule, counts[rule], len(ps))
        assert len(ps) >= 10, (lv, len(ps))


def test_the_thumb_rules_read_the_board():
    """ "Fewest boxes" picks the lines giving the fewest away (a take gives none), "take every box" the capture
    lines, "always decline" the solver's declines; a rule answers only where every line it picks is right."""
    double = next(
        p for p in bank(G, theme="double_deal") if take_all_choice(p) is False and thumb_picks(p)["always_decline"]
    )
    picks = thumb_picks(double)
    assert picks["take_every_box"] and not picks["take_every_box"] & set(double.answers)
    assert "always_decline" in thumbs_answering(double) and "take_every_box" not in thumbs_answering(double)
    take = next(p for p in practice_pool(G) if take_all_choice(p))
    assert {"take_every_box", "fewest_boxes"} <= set(thumbs_answering(take))
    assert "always_decline" not in thumbs_answering(take)


def test_the_level_2_handouts_need_the_middle_line_as_often_as_not():
    """The handouts a one-box line answers too sit at level 2 beside about as many that only the middle line answers:
    "give away the fewest boxes" is right in half of them at most (it was right in all 14)."""
    level2 = by_level(practice_pool(G))[2]
    easy = [p for p in level2 if "fewest_boxes" in thumbs_answering(p)]
    needing = [p for p in level2 if middle_lines_only(p)]
    assert easy and len(needing) + 1 >= len(easy) and 2 * len(easy) <= len(level2) + 1
    assert all({"hard_hearted_handout", "which_to_open"} & set(p.themes) for p in level2)  # lesson 3's ideas
    for p in needing:  # the fewest-boxes line is a wrong one here
        assert not thumb_picks(p)["fewest_boxes"] <= set(p.answers), p.id


def test_taking_every_box_is_right_at_every_level_declining_is_asked():
    """In every list that asks "take every box or decline the last ones?" (lesson 5's, and the lists
    of *double-deal*, *all-but-four in a loop* and *when control is not worth it*), at each of lesson 5's levels
    (6 to 8) some puzzles are answered by taking every box, as the solver says, and "always decline" answers at
    most half of the level, rounded up ("always decline" answered every double-deal and all-but-four puzzle)."""
    lists = [("lesson 5", lesson_pool(G, 5))]
    lists += [(theme, practice_pool(G, theme)) for theme in DECISION_THEMES]
    for name, pool in lists:
        levels = by_level(pool)
        for lv in LESSON_FIVE_LEVELS:
            takes = [p for p in levels[lv] if take_all_choice(p)]
            declines = [p for p in levels[lv] if "always_decline" in thumbs_answering(p)]
            assert len(takes) >= 3 and declines, (name, lv, len(takes), len(declines))
            assert all(set(p.answers) <= thumb_picks(p)["take_every_box"] for p in takes)
            assert 2 * len(declines) <= len(levels[lv]) + 1, (name, lv, len(declines), len(levels[lv]))
            assert 2 * len(takes) <= len(levels[lv]) + 1, (name, lv, len(takes), len(levels[lv]))
    # the take-alls of the double-deal list hand over a chain's boxes, those of the loop list a loop's
    from gamekit.puzzles.dots_thumbs import loop_on_offer

    assert not any(loop_on_offer(p) for p in practice_pool(G, "double_deal") if take_all_choice(p))
    assert all(loop_on_offer(p) for p in practice_pool(G, "all_but_four") if take_all_choice(p))
    # the mixed list holds at most a third of decisions a level (level 8 is lesson 5's list's alone): at each of
    # its levels of lesson 5 both answers are asked, "take every box" and "decline the last ones"
    mixed = by_level(practice_pool(G))
    for lv in set(LESSON_FIVE_LEVELS) & set(mixed):
        assert any(take_all_choice(p) for p in mixed[lv]), lv
        assert any("always_decline" in thumbs_answering(p) for p in mixed[lv]), lv


def test_the_solver_says_taking_every_box_is_right_in_each_take_all_puzzle():
    """Each take-all puzzle of the decision lists is the solver's: judged again, every right line takes a box on
    offer, and every decline of the last boxes loses boxes (two at least)."""
    from gamekit.dots import capture_lines
    from gamekit.puzzles.dots import verify
    from gamekit.puzzles.dots_words import decline_lines

    takes = {p.id: p for theme in DECISION_THEMES for p in practice_pool(G, theme) if take_all_choice(p)}
    assert len(takes) >= 40
    for p in sorted(takes.values(), key=lambda p: p.id)[::6]:  # a sample: each judgement runs the solver
        assert verify(p) == [], p.id
        game = p.position
        _, _, declines = decline_lines(game)
        assert set(p.answers) <= set(capture_lines(game)) and declines and not set(declines) & set(p.answers)


def test_thumbs_within_share_cuts_the_over_share_rule_and_refuses_nothing_else():
    """The cut keeps level 1 whole, keeps every puzzle no rule answers, and leaves a level within the share."""
    pool = [p for p in bank(G) if level(p.rating) in (1, 3)]
    kept = thumbs_within_share(pool)
    assert [p for p in kept if level(p.rating) == 1] == [p for p in pool if level(p.rating) == 1]
    assert {p.id for p in pool if not thumbs_answering(p)} <= {p.id for p in kept}
    three = [p for p in kept if level(p.rating) == 3]
    for rule in THUMB_RULES:
        assert sum(rule in thumbs_answering(p) for p in three) <= -(-len(three) * MAX_THUMB_SHARE // 1)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_question_asks_and_does_not_tell(lang):
    """Every question gives the score and the boxes left and asks which line gets the most of them: never the
    final score with best play nor what a wrong line costs (the feedback says both after)."""
    from gamekit.dots import capture_lines

    told = {"en": ("With best play", "A wrong line costs"), "es": ("la partida acaba", "le cuesta")}[lang]
    asked = {"en": "Which line gets", "es": "¿Con qué línea se lleva"}[lang]
    score = {"en": "Score now: ", "es": "Marcador: "}[lang]
    puzzles = bank(G)
    assert sum(bool(capture_lines(p.position)) for p in puzzles) > 100
    with using(lang):
        for p in puzzles:  # with boxes on offer or not (a quiet position's question told the best result too)
            text = stakes(p)
            assert not any(words in text for words in told), (p.id, text)
            assert asked in text and text.startswith(score), (p.id, text)


def test_a_mixed_homework_set_brings_puzzles_the_idea_sets_did_not():
    """A pupil given every idea's code and then the mixed one (the same size and seed) meets no puzzle twice, for
    the sizes the teachers' page hands out and others, except from an idea whose set holds all its puzzles (the
    mixed set would otherwise never ask it); the mixed set still mixes the ideas."""
    for n, seed in ((10, 1), (10, 2), (10, 3), (8, 5), (20, 1)):
        seen = set()
        for theme in game_themes(G):
            size = min(n, len(practice_pool(G, theme)))
            if size and size < len(practice_pool(G, theme)):
                seen |= set(homework_set(G, theme, size, seed).ids)
        mixed = homework_set(G, None, n, seed)
        assert len(mixed) == n and not set(mixed.ids) & seen, (n, seed)
        assert len({p.themes[0] for p in mixed}) >= 4
    codes = [c for _, c, _, _ in homework_codes(10, 1) if c.startswith("dots-")]
    page = {
        c: set(homework_set(*parse_code(c)[:2], size, 1).ids) for _, c, _, size in homework_codes(10, 1) if c in codes
    }
    mixed = page.pop("dots-all-10-1")
    whole = {c for c in page if len(page[c]) == len(practice_pool(G, parse_code(c)[1]))}
    assert mixed and not mixed & set().union(*(page[c] for c in page if c not in whole))


@pytest.mark.parametrize(
    "path", ["notebooks/practice/01_dots_and_boxes.md", "notebooks/es/practice/01_dots_and_boxes.md"]
)
def test_the_dots_practice_page_is_short_and_plain(path):
    """The pupil's page speaks in short sentences (no clause over 26 words), states no figure of the bank or of
    its pools and names no program word; it warns that neither refusing the last boxes nor giving away the fewest
    is always right."""
    import re
    from pathlib import Path

    raw = (Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8")
    prose = re.sub(r"```.*?```", "", raw.split("\n---\n", 1)[1], flags=re.S)
    lines = [line for line in prose.splitlines() if not line.startswith(("#", "*["))]
    text = " ".join(" ".join(lines).split())
    for clause in re.split(r"[.!?:;]\**\s+", text):
        assert len(clause.split()) <= 26, clause
    for word in ("bank", "pool", "banco", "%", "solver", "puzzles of the", "problemas del banco"):
        assert word not in text.lower(), word
    if "/es/" in path:
        # advice to a pupil in two short sentences, not a list of the habits the puzzles defeat (review r23)
        assert "Desde la lección 3, cada truco rápido resuelve menos de un problema de cada tres." in text
        assert "Un truco:" not in text and "Otro:" not in text and "regalar el menor número" not in text
        # how a line is named, said on screen (not only on the paper sheet)
        assert "Un punto es una letra de columna (a, b, c… desde la izquierda) y un número de fila" in text
        assert "Cuenta las cadenas largas y los bucles que quedan antes de elegir una línea." in text
        assert "una misma pregunta" not in text
    else:
        # advice to a pupil in two short sentences, not a list of the habits the puzzles defeat (review r23)
        assert "From lesson 3 on, each quick habit solves fewer than one puzzle in three." in text
        assert "One habit:" not in text and "Another:" not in text and "fewest boxes" not in text
        assert "A dot is a column letter (a, b, c… from the left) and a row number (1, 2, 3… from the top)." in text
        assert "Count the long chains and loops still to come before you choose a line." in text
        assert "ask one question" not in text  # not framed as a two-way choice
    # what the page says of *when control is not worth it* is what its pool does: it asks double-deal puzzles
    assert any("double_deal" in p.themes for p in practice_pool(G, "control_not_worth_it"))


def test_the_spanish_dots_puzzle_words_name_the_seats_as_the_lessons_do():
    """The lessons write the seats as names, «Dorado» and «Coral», with no article («le toca a Coral», «se la lleva
    Dorado»); so do the Dots puzzle and Practice words (no «el Coral», «al Dorado»), in the catalogue and on the
    page a wrong line gets."""
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    from babel.messages.extract import extract_from_file

    top = Path(__file__).resolve().parents[2]
    root = top / "gamekit" / "locale"
    keywords = {"tr": None, "ntr": (1, 2), "N_": None}
    files = ("gamekit/puzzles/dots_words.py", "gamekit/dots/puzzle_text.py", "gamekit/puzzles/dots.py")
    ours = set()
    for name in files:
        for _, message, _, _ in extract_from_file("python", top / name, keywords=keywords):
            ours.add(message[0] if isinstance(message, tuple) else message)
    assert len(ours) > 20
    with open(root / "es" / "LC_MESSAGES" / "gamekit.po", "rb") as f:
        spanish = read_po(f, locale="es")
    seat = re.compile(r"\b(el|al|del|El|Al|Del)\s+\{(other|a|b|seat)\}")
    for m in spanish:
        if (m.id[0] if isinstance(m.id, tuple) else m.id) in ours:
            for text in m.string if isinstance(m.string, tuple) else (m.string,):
                assert text and not seat.search(text), (m.id, text)
    with using("es"):
        p = next(p for p in practice_pool(G, "control_not_worth_it") if take_all_choice(p))
        from gamekit.puzzles.practice_words import mistake_words

        words = " ".join(mistake_words(p, w) or "" for w in p.refutations)
    assert words and not re.search(r"\b(el|al|del) (Coral|Dorado)\b", words), words


@pytest.mark.parametrize("theme", ["double_deal", "all_but_four", "control_not_worth_it"])
def test_neither_always_take_nor_always_decline_passes_a_decision_list(theme):
    """A pupil who always takes every box, or always declines the last ones, passes at most the 7 of 10 of a
    decision idea's homework set that ask its own answer (they passed 10 of 10 by always declining in the
    double-deal and all-but-four lists); in Practice, which picks at random among the puzzles nearest the pupil's
    level, about half: at most 6 of the first 10 puzzles on average over eight pupils."""
    from gamekit.puzzles.dots_words import decline_lines
    from gamekit.puzzles.practice import Practice

    walks = {1: [], 2: []}
    for seed in range(1, 9):
        chosen = homework_set(G, theme, 10, seed).puzzles
        # a homework set is its idea's own: 7 of its answer, 3 of the other for contrast (the teachers' table says so)
        own_takes = theme == "control_not_worth_it"
        assert sum(take_all_choice(p) for p in chosen) == (7 if own_takes else 3), (theme, seed)
        for habit in (1, 2):  # the takes, the declines of the solver's reading
            passed = sum(bool(set(decline_lines(p.position)[habit]) & set(p.answers)) for p in chosen)
            assert passed <= (7 if own_takes == (habit == 1) else 3), (theme, seed, habit, passed)
            practice = Practice(G, theme=theme, seed=seed)
            passed = 0
            for _ in range(10):
                lines = decline_lines(practice.puzzle.position)[habit] or practice.puzzle.legal_answers()
                passed += practice.answer(lines[0])[0]
                practice.next()
            practice.close()  # done with: an answer shows the new level on every open board of the game
            walks[habit].append(passed)
    for habit, passed in walks.items():
        assert sum(passed) <= 6 * len(passed), (theme, habit, passed)


def test_a_decision_set_of_another_size_keeps_to_the_pool():
    """``idea_set`` takes as many of one kind as the pool holds and the rest of the other; for another idea it
    samples the pool, without look-alikes."""
    import random

    from gamekit.puzzles.dots import idea_set

    pool = practice_pool(G, "all_but_four")
    takes = sum(take_all_choice(p) for p in pool)
    chosen = idea_set(pool, "all_but_four", len(pool) - 1, random.Random(1))
    assert len({p.id for p in chosen}) == len(pool) - 1 and takes - 1 <= sum(take_all_choice(p) for p in chosen)
    from gamekit.puzzles.dots_thumbs import look_alike

    safe = idea_set(practice_pool(G, "safe_line"), "safe_line", 5, random.Random(1))
    assert len({p.id for p in safe}) == 5 and all("safe_line" in p.themes for p in safe)
    assert not any(look_alike(a, b) for i, a in enumerate(safe) for b in safe[i + 1 :])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_first_hint_of_a_decision_is_the_same_whichever_answer_is_right(lang):
    """In the double-deal, all-but-four and control lists the first Hint reads the same for a puzzle where taking
    every box is right as for one where declining is (a different hint told the answer)."""
    from gamekit.puzzles.practice import Practice

    for theme in DECISION_THEMES:
        pool = practice_pool(G, theme)[:20]
        assert {take_all_choice(p) for p in pool} == {True, False}
        with using(lang):
            hints = {Practice(G, theme=theme, puzzles=[p]).hint() for p in pool}
        assert len(hints) == 1, (theme, hints)
