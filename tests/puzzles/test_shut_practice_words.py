"""What Shut the Box Practice says after an answer is computed from the position: each right answer's reason
names the tiles it leaves and the exact values of the choices it compares (the strategy tables, found again here)."""

import re

import pytest

from gamekit.i18n import number, percent, using
from gamekit.puzzles import bank
from gamekit.core.errors import IllegalMoveError
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.practice_words import why_right
from gamekit.puzzles.shut_words import why_words
from gamekit.shutbox.strategy import table


def _values(puzzle):
    """Every choice's exact value, from the strategy table (not from the puzzle's stored numbers)."""
    game = puzzle.position
    t = table(game.rules, puzzle.facts["objective"])
    if puzzle.facts["kind"] == "dice":
        return {("roll", n): v for n, v in t.dice_values(game.uncovered).items()}
    return {("cover", s): v for s, v in t.set_values(game.uncovered, sum(game.dice))}


def _shown(puzzle, value):
    return percent(float(value), 1) if puzzle.facts["objective"] == "shut" else number(float(value), 2)


def _pool():
    seen = {}
    for theme in (None, "best_set", "one_die_or_two"):
        for p in practice_pool("shut_the_box", theme):
            seen[p.id] = p
    return list(seen.values())


def _census():
    from gamekit.puzzles.shut_census import census_puzzles

    return census_puzzles()


def _census_question(puzzle_id):
    """A "which set?" question of the exact census by id: the bank keeps only those Practice asks, which a rebuild
    may change."""
    return next(q for q in list(bank("shut_the_box")) + _census() if q.id == puzzle_id)


def test_the_reason_of_puzzle_8c4a7ea421_compares_its_exact_values_and_says_why_the_next_roll_misleads():
    """The bank's "which set?" puzzle where the leftover the next roll covers more often is the worse one: the
    reason says what the exact values say, then the count a pupil makes by hand and why it misleads here (a gap of
    a few points cannot be seen without it)."""
    p = _census_question("shut-8c4a7ea421")
    with using("en"):
        text = why_right(p, "best_set", ("cover", (9, 2)))
    assert text == (
        "Why: 9 + 2 leaves 1, 3, 4, 6 and 7 open. From there you shut the box 12.9% of the time, against 10.9% "
        "after 7 + 4, the next best set. Counting only the next roll points the other way: after 7 + 4 it can go "
        "on in 36 of 36 throws, after 9 + 2 in 35. But 7 + 4 leaves tile 9 open, and only a roll of 9 or more "
        "can cover it later."
    )
    assert "cover best" not in text and "most often" not in text


def test_every_practice_reason_names_the_exact_values_of_the_right_choice_and_the_next_best():
    pool = _pool()
    assert len(pool) >= 40
    with using("en"):
        for p in pool:
            values = _values(p)
            better = min if p.facts["objective"] == "score" else max
            best = better(values.values())
            runner_up = better(v for a, v in values.items() if v != best)
            for answer in p.answers:
                assert values[answer] == best
                for theme in p.themes:
                    text = why_right(p, theme, answer)
                    assert f" {_shown(p, best)}" in text and f" {_shown(p, runner_up)}" in text, (p.id, text)
                    if p.facts["kind"] == "set":
                        left = [t for t in p.facts["open"] if t not in answer[1]]
                        assert left and f"{' + '.join(map(str, answer[1]))} leaves " in text, (p.id, text)
                        assert f" {left[-1]} open." in text, (p.id, text)
                    else:
                        assert ("one die" in text) and ("two dice" in text), (p.id, text)


def test_a_reason_is_only_for_a_right_answer_and_a_wrong_or_illegal_one_is_refused():
    p = _census_question("shut-8c4a7ea421")
    assert why_words(p, "best_set", ("cover", (7, 4))) is None  # a wrong set has its own feedback, not a reason
    assert why_words(p, "best_set", ("cover", (2, 9))) is not None  # the same set in another order is read
    with pytest.raises(IllegalMoveError):
        why_words(p, "best_set", ("cover", (8, 3)))  # tile 8 is covered
    with using("es"):
        assert "con 9 + 2 quedan descubiertas 1, 3, 4, 6 y 7" in why_right(p, "best_set", ("cover", (9, 2)))


def test_every_wrong_roll_gets_a_mistake_sentence_in_words_not_numbers_only():
    """A wrong "one die or two?" answer is told its mistake in words: two dice where the open tiles add up to 6 or
    less give up one die's 1 throw in 6 that shuts the box at once (two dice make that total in fewer of 36); one
    die where they add up to more covers 6 at most a throw, so it needs more throws.  Every dice question of the
    bank gets one, in English and Spanish; a right answer gets none."""
    from gamekit.puzzles.shut_words import mistake_words

    dice = [p for p in bank("shut_the_box") if p.facts["kind"] == "dice"]
    assert dice
    for p in dice:
        right = p.answers[0][1]
        total = sum(p.facts["open"])
        text = mistake_words(p, ("roll", 3 - right))
        with using("es"):
            es = mistake_words(p, ("roll", 3 - right))
        assert mistake_words(p, ("roll", right)) is None
        assert text.startswith("The mistake: with ") and es.startswith("El error: con ")
        if right == 1:
            two = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)
            assert "one die shuts the box at once in 1 of 6 throws" in text and f"in only {two} of 36" in text
        else:
            need = -(-total // 6)
            assert f"you must cover {total} in all" in text and f"cubrir {total} en total" in es
            assert "one die covers 6 at most in a throw" in text and f"needs {need} throws or more" in text


def test_the_second_hint_does_what_the_page_says_and_the_page_says_what_it_costs():
    """The second Hint of a "which set?" question is the table's second step: find what each set leaves open in
    the table, and which value to look for; it names no set, so never the answer.  For the dice it says what to
    count.  The page says exactly that, and what a hint costs."""
    import re
    from pathlib import Path

    from gamekit.puzzles.practice_words import second_hint

    sets = [p for p in _pool() if p.facts["kind"] == "set"]
    with using("en"):
        for p in sets:
            hint = second_hint(p)
            assert hint.startswith("Hint: find the tiles each set leaves open in the table."), hint
            low = "lowest expected score" if p.facts["objective"] == "score" else "highest chance to shut the box"
            assert hint.endswith(f"The best set leaves the group with the {low}."), hint
            assert "cover" not in hint and not re.search(r"\d", hint), hint
        dice = next(p for p in _pool() if p.facts["kind"] == "dice")
        assert second_hint(dice).startswith("Hint: the question asks for your chance to shut the box, not to go on.")
    root = Path(__file__).parents[2] / "notebooks"
    en = " ".join((root / "practice" / "04_shut_the_box.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es" / "practice" / "04_shut_the_box.md").read_text(encoding="utf-8").split())
    assert "names some wrong answers" not in en and "algunas respuestas equivocadas" not in es
    assert "it names sets that do worse" not in en and "te nombra conjuntos que son peores" not in es
    assert "the first hint asks you to list the sets. The second tells you what to look for in the table." in en
    assert "la primera pista te pide la lista de los conjuntos. La segunda te dice qué buscar en la tabla." in es
    assert (
        "**What a hint costs.** The first hint costs nothing. A right answer after the second hint does not count"
        " as solved at the first try. Still stuck?" in en
    )
    assert (
        "**Lo que cuesta una pista.** La primera pista no cuesta nada. Si aciertas después de la segunda pista, el"
        " problema no cuenta como resuelto a la primera. ¿Sigues" in es
    )


def test_a_right_answer_after_the_second_hint_counts_as_a_miss_as_the_page_says():
    """The page's cost, played: the first hint costs nothing (a right answer still raises the level); after the
    second, a right first answer lowers the rating like a miss."""
    from gamekit.puzzles.practice import Practice

    ratings = {}
    for hints in (0, 1, 2):
        p = Practice("shut_the_box", theme="best_set", seed=4)
        before = p.rating.rating
        for _ in range(hints):
            p.hint()
        p.answer(p.puzzle.answers[0])
        ratings[hints] = p.rating.rating - before
    assert ratings[0] > 0 and ratings[1] > 0 and ratings[2] < 0, ratings


def test_every_right_set_gets_reasoning_a_pupil_can_check_by_hand_with_true_counts():
    """A reader found gaps of 2 to 4 points no pupil can work out by hand: after every right "which set?"
    answer of Practice the feedback also gives the count of the next roll after the right set and the next best,
    and where that count ties or points the other way, why (the big tile the other set leaves open)."""
    from gamekit.puzzles.shut_words import covering_throws, next_best

    sets = [p for p in practice_pool("shut_the_box", "best_set") if p.facts["kind"] == "set"]
    assert len(sets) == 60
    with using("en"):
        for p in sets:
            (_, mine), ((_, other), _) = p.answers[0], next_best(p)
            m = covering_throws([t for t in p.facts["open"] if t not in mine])
            n = covering_throws([t for t in p.facts["open"] if t not in other])
            text = why_words(p, "best_set", p.answers[0])
            if m > n:
                assert f"the next roll can go on in {m} of 36 throws; after " in text and f"in {n}." in text, text
            else:
                top = max(mine)
                assert top not in other, p.id
                assert f"leaves tile {top} open, and only a roll of {top} or more can cover it later." in text, text
                tie = f"it can go on in {m} of 36 throws after either set." in text
                assert tie if m == n else f"it can go on in {n} of 36 throws, after " in text and f" in {m}." in text


def test_the_dice_drill_is_presented_as_a_drill_of_one_count_and_the_page_never_answers_it():
    """A reader found "one die or two?" answered by one rule every time: the page says so plainly (the same count
    answers all of them), in each language, and gives the method only (count the ways each choice makes the
    total).  Readers found the rule itself ("one die when your open tiles add up to 6 or less") printed on the
    page, first before the drill, then folded under the board: either way a pupil meets it before or during the
    drill and it answers all ten questions.  The page now holds no sentence that answers a drill question: no
    threshold, no "one die is right", no folded box; the rule is the teachers' to tell (docs/puzzles.md)."""
    from pathlib import Path

    root = Path(__file__).parents[2] / "notebooks"
    en = " ".join((root / "practice/04_shut_the_box.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es/practice/04_shut_the_box.md").read_text(encoding="utf-8").split())
    assert "These ten questions are a drill of one rule from lesson 3: it answers every one." in en
    assert "You practise adding up your open tiles and using the rule." in en
    assert "Estas diez preguntas son un entrenamiento de una sola regla, que viene de la lección 3" in es
    assert "Practicas sumar tus fichas descubiertas y usar la regla." in es
    assert "Add up your open tiles. Count the ways each choice makes that total." in en
    assert "Suma tus fichas descubiertas. Cuenta las maneras en que cada opción saca ese total." in es
    assert len([p for p in practice_pool("shut_the_box", "one_die_or_two")]) == 10
    answers_en = r"6 or less|less than 7|up to 6|one die is right|otherwise, two|two dice when|one die when your"
    answers_es = r"6 o menos|menos de 7|hasta 6|un dado es lo correcto|si no, dos|dos dados cuando|un dado cuando tus"
    for text, pattern in ((en, answers_en), (es, answers_es)):
        assert not re.search(pattern, text, re.IGNORECASE), re.search(pattern, text, re.IGNORECASE)
        assert "<details>" not in text
        # no sum threshold at all: a number next to "add up" / "suman" would answer the drill
        assert not re.search(r"(add up to|suman) \d", text.replace("less than 6", "")), text
    notes = " ".join((Path(__file__).parents[2] / "docs/puzzles.md").read_text(encoding="utf-8").split())
    assert "the drill's rule (one die at 6 or less) is never printed on the pupils' page" in notes
    for p in practice_pool("shut_the_box", "one_die_or_two"):
        assert list(p.answers) == [("roll", 1 if sum(p.facts["open"]) <= 6 else 2)], p.id


def test_the_first_hint_of_a_mixed_best_set_question_fits_it_without_giving_the_answer():
    """Where the page names no idea (every idea mixed), the first hint of a "which set?" question is the table's
    first step: list the sets that make this roll (with how many there are, to check the list) and what each leaves
    open; it names no set, so it never gives the answer; a "one die or two?" question keeps its idea's hint."""
    from gamekit.puzzles.practice import Practice
    from gamekit.puzzles.shut_words import first_hint

    practice = Practice("shut_the_box", seed=3)
    practice.choose_lesson(None)
    pool = {q.id for q in practice_pool("shut_the_box")}
    served = {i for i in practice.served[:-1] if i in pool}  # served before the choice: a dice question
    with using("en"):
        for _ in range(len(pool) - len(served)):  # the mixed pool serves each question once before any twice
            p = practice.puzzle
            served.add(p.id)
            hint = practice.hint()
            practice.next()
            if p.facts["kind"] == "dice":
                assert first_hint(p, "one_die_or_two") is None and "sets" not in hint, hint
                continue
            assert hint == (
                f"Hint: List every set of open tiles that adds up to {p.facts['roll']}: there are "
                f"{len(p.legal_answers())}. Write down the tiles each set leaves open."
            ), hint
    assert served == {p.id for p in practice_pool("shut_the_box")}
    with using("es"):
        p = next(q for q in practice_pool("shut_the_box") if q.facts["kind"] == "set")
        assert first_hint(p, "best_set").startswith("Haz la lista de ")


def _named_tiles(hint: str) -> set[int]:
    """The tile numbers a first hint names (every number but its roll, its count of sets and the 7-or-more roll)."""
    text = re.sub(r"(?:adds up to|there are|suman|hay|the|los) \d+", "", hint)
    return {int(n) for n in re.findall(r"\b\d\b", text)}


def test_the_first_hint_is_true_of_every_best_set_on_every_bank_question():
    """A reader found the first Hint naming large tiles as "hard to cover later" where the best set leaves one of
    them open (1 to 5 and 7 open, a roll of 9: the hint named tile 7, the best set is 5 + 4): it pointed to a wrong
    set.  Now it names only tiles no set covers — every best set leaves them open too — and no set, on every
    "which set?" question of the bank, in both languages."""
    from gamekit.puzzles.shut_words import first_hint

    questions = [p for p in bank("shut_the_box") if p.facts["kind"] == "set"]
    assert len(questions) > 100
    for lang in ("en", "es"):
        with using(lang):
            for p in questions:
                hint = first_hint(p, "best_set")
                named = _named_tiles(hint)
                for action in p.answers:
                    assert not named & set(action[1]), (p.facts["open"], p.facts["roll"], action, hint)
                assert all(t not in s[1] for t in named for s in p.legal_answers()), hint
                assert "+" not in hint, hint
    seven = next(
        p
        for p in questions + _census()
        if sorted(p.facts["open"]) == [1, 2, 3, 4, 5, 7] and p.facts["roll"] == 9 and p.facts["objective"] == "shut"
    )
    assert seven.answers == (("cover", (5, 4)),)
    with using("en"):
        hint = first_hint(seven, "best_set")
    assert "7" not in hint and "hard to cover" not in hint, hint


def test_a_shut_question_names_its_goal_once():
    """A reader found the homework sheet saying "Choose the roll that gives the best chance to shut the box. What
    matters: your chance to shut the box.": a "shut the box" question is followed only by how many choices are
    best (en, es); a low-score question still says what an expected score is."""
    from gamekit.puzzles.homework_sheets import homework_page
    from gamekit.puzzles.sets import stakes

    for lang, twice, once in (
        ("en", "What matters: your chance to shut the box.", "Only one choice is best."),
        ("es", "Lo que importa: tu probabilidad de cerrar la caja.", "Solo una elección es la mejor."),
    ):
        with using(lang):
            page = homework_page()
            assert twice not in page and once in page, lang
            pool = practice_pool("shut_the_box")
            shut = next(p for p in pool if p.facts["objective"] == "shut" and len(p.answers) == 1)
            score = next(p for p in pool if p.facts["objective"] == "score" and len(p.answers) == 1)
            assert stakes(shut) == once
            assert stakes(score).endswith(once) and len(stakes(score)) > len(once)
