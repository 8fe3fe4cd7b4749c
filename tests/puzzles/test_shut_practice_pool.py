"""Shut the Box Practice as a pupil meets it over a long run: what comes next, and what the page claims."""

import re
from pathlib import Path

import pytest

from gamekit.progress import level
from gamekit.puzzles.pools import lesson_pool, practice_pool, served_this_round
from gamekit.puzzles.practice import Practice
from gamekit.puzzles.shut_census import thumb_most
from gamekit.puzzles.shutbox import LESSON_RULE, THUMB_RULES, rule_answers, thumb_sets


def _run(p: Practice, answers: int) -> list[str]:
    """The ids served while a pupil answers ``answers`` puzzles (a miss every third, so the level moves both ways)."""
    served = [p.puzzle.id]
    for i in range(answers - 1):
        wrong = [a for a in p.puzzle.legal_answers() if a not in p.puzzle.answers]
        p.answer(wrong[0] if i % 3 == 0 else p.puzzle.answers[0])
        served.append(p.next().id)
    return served


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mixed_practice_serves_every_puzzle_once_before_any_twice(seed):
    p = Practice("shut_the_box", seed=seed)
    p.choose_lesson(None)  # all the lessons' ideas, mixed: the 22-puzzle pool
    pool = {q.id for q in practice_pool("shut_the_box")}
    assert {q.id for q in p.pool} == pool
    served = _run(p, 40)
    first_round = served[: len(pool)]
    assert len(set(first_round)) == len(pool), "a puzzle came twice before the pool was served once"
    second_round = served[len(pool) :]
    assert len(set(second_round)) == len(second_round)


def test_served_this_round_starts_afresh_after_a_full_round():
    pool = practice_pool("shut_the_box")[:3]
    a, b, c = (q.id for q in pool)
    assert served_this_round(pool, [a, b]) == {a, b}
    assert served_this_round(pool, [a, b, c]) == set()
    assert served_this_round(pool, [a, b, c, b, "dots-elsewhere"]) == {b}
    with pytest.raises(TypeError, match="served ids"):
        served_this_round(pool, a)
    with pytest.raises(TypeError, match="list of puzzles"):
        served_this_round([a], [])


ROOT = Path(__file__).resolve().parents[2]


def _page(lang: str) -> str:
    path = ROOT / "notebooks" / ("es/" if lang == "es" else "") / "practice" / "04_shut_the_box.md"
    return " ".join(path.read_text(encoding="utf-8").split())


def _pools():
    return [practice_pool("shut_the_box", theme) for theme in (None, "best_set", "one_die_or_two")] + [
        lesson_pool("shut_the_box", 4)
    ]


def test_from_level_6_every_puzzle_uses_another_one_die_rule_as_the_page_says():
    high = [p for pool in _pools() for p in pool if level(p.rating) >= 6]
    low = [p for pool in _pools() for p in pool if level(p.rating) <= 5]
    assert high and all(p.facts["one_die"] != LESSON_RULE for p in high)
    assert low and all(p.facts["one_die"] == LESSON_RULE for p in low)
    assert "From level 6 every puzzle uses another rule" in _page("en")
    assert "Desde el nivel 6, todos los problemas usan otra regla" in _page("es")
    assert "some puzzles use another rule" not in _page("en") and "algunos problemas usan" not in _page("es")


def test_the_page_says_which_levels_ask_which_set_with_only_two_sets():
    """Level 2's "which set?" questions offer two sets (the census gives no three-set question Practice can rate
    there without a rule of thumb taking more than its share), from level 3 up three or more; the page says so."""
    sets = [p for pool in _pools() for p in pool if p.facts["kind"] == "set"]
    assert {len(p.legal_answers()) for p in sets if level(p.rating) == 2} == {2}
    assert all(len(p.legal_answers()) >= 3 for p in sets if level(p.rating) >= 3)
    assert "At level 2 these questions offer only two sets; from level 3 up, three or more." in _page("en")
    assert "En el nivel 2 estas preguntas ofrecen solo dos conjuntos; desde el nivel 3, tres o más." in _page("es")


def test_thumb_most_counts_the_tie_breaking_rules_too():
    """ "The fewest tiles, then the largest tile" is the rule of thumb that answers most of Practice's "which
    set?" questions: the page's number is its count, not the 35 % the balanced rules are held to."""
    pool = practice_pool("shut_the_box", "best_set")
    most, rule = thumb_most(pool)
    assert rule == "fewest_then_largest" and most == 11 and len(pool) == 20
    for r in THUMB_RULES:  # the balanced rules stay within their share
        assert sum(rule_answers(thumb_sets(r, p.facts["open"], p.facts["roll"]), p.answers) for p in pool) < most
    assert thumb_sets("fewest_then_largest", (1, 3, 4, 6), 7) == [(6, 1)]
    assert thumb_sets("fewest_then_smallest", (1, 3, 4, 6), 7) == [(4, 3)]
    assert thumb_sets("most_then_largest", (1, 2, 3, 4, 5, 6), 9) == [(6, 2, 1)]
    assert thumb_most(practice_pool("shut_the_box", "one_die_or_two")) == (0, None)
    with pytest.raises(TypeError, match="list of puzzles"):
        thumb_most("best_set")
    with pytest.raises(ValueError, match="fewest_then_largest"):
        thumb_sets("fewest_first", (1, 2), 3)


def test_spanish_says_fichas_descubiertas_never_numeros_descubiertos():
    """The glossary's term for open tiles is «fichas descubiertas»: the page and the Shut the Box messages never
    mix «números» with «descubiertos/descubiertas»."""
    es = _page("es")
    MIXED = r"números\b[^.;:?]{0,40}descubiert|descubiert[^.;:?]{0,40}\bnúmeros\b"  # one clause
    assert "las fichas que quedan descubiertas al final" in es
    assert not re.search(MIXED, es)
    from babel.messages.pofile import read_po

    with open(ROOT / "gamekit/locale/es/LC_MESSAGES/gamekit.po", "rb") as f:
        catalog = read_po(f)
    mixed = [m.id for m in catalog if m.id and isinstance(m.string, str) and re.search(MIXED, m.string)]
    assert mixed == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_one_die_or_two_homework_set_never_alternates_more_than_three_in_a_row(seed):
    """Evenly spaced, one die and two dice alternated strictly (1 2 1 2 …): a pupil could answer by the pattern.
    The order is irregular — no stretch of more than 3 alternating answers, no answer 3 times running where the
    set holds as many of each — and the same every time."""
    from gamekit.puzzles.homework import MAX_ALTERNATION, homework_set

    rolls = [p.answers[0][1] for p in homework_set("shut_the_box", "one_die_or_two", 10, seed).puzzles]
    assert [p.answers[0][1] for p in homework_set("shut_the_box", "one_die_or_two", 10, seed).puzzles] == rolls
    stretch = longest = 1
    for a, b in zip(rolls, rolls[1:]):
        stretch = stretch + 1 if a != b else 1
        longest = max(longest, stretch)
    assert longest <= MAX_ALTERNATION == 3, rolls
    same = max(len(run) for run in re.findall(r"1+|2+", "".join(map(str, rolls))))
    assert same <= (2 if 3 <= rolls.count(1) <= 7 else 3), rolls
