"""The 5 en raya and Connect Four Practice pages say what each level practises: every claim is checked here over
every puzzle Practice serves at that level (the mixed pool, each idea's pool, each lesson's pool), computed from
the position itself, not from the rating rules that put it there."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from gamekit.progress import level
from gamekit.puzzles.connect import forcing_plies, lesson_needed, practice_rated
from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for
from gamekit.puzzles.connect_thumbs import centre_picks
from gamekit.puzzles.core import game_themes
from gamekit.puzzles.pools import lesson_choices, lesson_pool, practice_pool
from gamekit.puzzles import bank

GAMES = ("five_in_a_row", "connect_four")
PAGES = {"five_in_a_row": "02_five_in_a_row", "connect_four": "03_connect_four"}
TOP = {"five_in_a_row": 7, "connect_four": 6}
"""The highest level of each game's puzzles (Connect Four's read-ahead bounds end one level lower)."""
ROOT = Path(__file__).resolve().parents[2] / "notebooks"


def page(game_id: str, lang: str) -> str:
    folder = ROOT / "practice" if lang == "en" else ROOT / "es" / "practice"
    return " ".join((folder / f"{PAGES[game_id]}.md").read_text(encoding="utf-8").split())


@lru_cache(maxsize=None)
def served(game_id: str) -> tuple:
    """Every puzzle a pupil can meet on the page's Practice board, once (as Practice rates it)."""
    pools = [practice_pool(game_id)] + [practice_pool(game_id, t) for t in game_themes(game_id)]
    pools += [lesson_pool(game_id, key) for _, key in lesson_choices(game_id)]
    once = {p.id: p for pool in pools for p in pool}
    return tuple(sorted(once.values(), key=lambda p: p.id))


def through_side(game, cells) -> bool:
    return any(game.is_side(c) for c, _ in cells)


def blocked_line_uses_side_disc(game, column: str) -> bool:
    """Whether the opponent's five (or four) that a drop in ``column`` blocks runs through an outer column's cell:
    a line of the board through the landing cell whose other cells all hold the opponent's colour."""
    cell = game.landing_cell(int(column))
    them = 1 - game.to_move
    for line in game.variant.lines():
        if cell in line and all(game.cell(c, r) == them for c, r in line if (c, r) != cell):
            if through_side(game, line):
                return True
    return False


def one_step_side(p) -> bool:
    """Whether a right drop wins at once or blocks the opponent's one threat on a line through a side disc."""
    game, me = p.position, p.position.to_move
    for a in p.answers:
        after = game.copy()
        after.play(a)
        if after.winner() == me and through_side(game, after.winning_cells()):
            return True
        if not wins_at_once(game) and blocked_line_uses_side_disc(game, a):
            return True
    return False


def lesson_one_rule(p) -> bool:
    """Whether "win at once if you can; if not, block" is exactly what the puzzle asks."""
    game = p.position
    wins = set(wins_at_once(game))
    threats = set(wins_at_once_for(game, 1 - game.to_move))
    return bool(wins) and set(p.answers) <= wins or (not wins and bool(threats) and set(p.answers) <= threats)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_line_on_the_page_is_true_of_the_puzzles_at_that_level(game_id):
    en, es = page(game_id, "en"), page(game_id, "es")
    levels = Counter(level(p.rating) for p in served(game_id))
    # "The puzzles here go from level 1 to level 7." (Connect Four: 6, its read-ahead levels are 3 to 6)
    top = TOP[game_id]
    assert min(levels) == 1 and max(levels) == top and set(levels) == set(range(1, top + 1)), levels
    assert f"The puzzles here go from level 1 to level {top}." in en
    side_words = "a threat on a line through a side disc"
    for p in served(game_id):
        lv, game = level(p.rating), p.position
        if lv == 1:  # win at once if you can; if not, block — and the line uses no side disc
            assert lesson_one_rule(p) and not one_step_side(p), p.id
        elif lv == 2 and lesson_one_rule(p):  # 5 en raya: lesson 1's rule when the five runs through a side disc
            assert game_id == "five_in_a_row" and one_step_side(p), p.id
        elif lv == 2:  # lesson 2, nothing wins at once, nothing to block; a drop picked without reading is right
            assert not wins_at_once(game) and not wins_at_once_for(game, 1 - game.to_move), p.id
            assert lesson_needed(p) == 2 and set(centre_picks(game)) & set(p.answers), p.id
        else:  # lesson 2's threats, read ahead
            assert lesson_needed(p) == 2 and not lesson_one_rule(p), p.id
            ideas = {"double_threat", "odd_even_threat", "zugzwang", "stop_double_threat"}
            if game_id == "five_in_a_row":
                ideas.add("side_column")
            assert ideas & set(p.themes), p.id
    # "The higher the level, the more moves ahead you must see": from level 3 up, no puzzle needs more plies read
    # than any puzzle a level above it
    reach = {}
    for p in served(game_id):
        if level(p.rating) >= 3:
            reach.setdefault(level(p.rating), []).append(forcing_plies(p))
    for lv in range(3, top):
        assert max(reach[lv]) < min(reach[lv + 1]), (lv, reach)
    # the side-disc threat is named on 5 en raya's page only (Connect Four's board has none)
    if game_id == "five_in_a_row":
        assert side_words in en and "una amenaza en una línea que pasa por una ficha lateral" in es
    else:
        assert side_words not in en
    # the old level-2 line promised "never just under your opponent's threat" and "a careful player": not what
    # these puzzles test (in most, no wrong drop lets the opponent win at once)
    for text in (en, es):
        assert "never just under" not in text and "nunca justo debajo" not in text
        assert "careful player" not in text and "jugador cuidadoso" not in text


@pytest.mark.parametrize("game_id", GAMES)
def test_each_lesson_has_puzzles_at_each_of_its_levels(game_id):
    """Lesson 1's questions are "win at once, else block": level 1, or level 2 when the line runs through a side
    disc — so Connect Four's lesson 1 is all level 1 (no side discs, as its page says). Lesson 2's reach every
    level from 2 to 7, none of them a handful."""
    one = Counter(level(p.rating) for p in lesson_pool(game_id, 1))
    two = Counter(level(p.rating) for p in lesson_pool(game_id, 2))
    if game_id == "five_in_a_row":
        assert set(one) == {1, 2} and min(one.values()) >= 20, one
    else:
        assert set(one) == {1} and one[1] >= 20, one
        assert "Here lesson 1's puzzles are all at level 1." in page(game_id, "en")
        assert "Aquí los problemas de la lección 1 son todos de nivel 1." in page(game_id, "es")
    assert set(two) == set(range(2, TOP[game_id] + 1)), two
    assert min(two.values()) >= 3, two  # Connect Four's level 7 is thin once no column habit scores over a quarter


@pytest.mark.parametrize("game_id", GAMES)
def test_the_centre_column_is_never_a_right_drop_above_level_2_and_why(game_id):
    """A bank puzzle whose right drops include the centre column (column 4) is one that "drop near the centre
    where the opponent cannot win at once" gets right whenever the centre is safe, so Practice asks it at level 2,
    never higher: else a pupil who drops in the middle without looking would climb on it. Above level 2, where the
    centre drop is safe, it is a wrong answer (the tempting one), and docs/puzzles.md says why."""
    centre = "4"
    for p in bank(game_id):
        rated = practice_rated(p)
        if centre in p.answers and centre in centre_picks(p.position):
            assert level(rated.rating) <= 2, p.id
    for p in served(game_id):
        if level(p.rating) >= 3:
            assert centre not in p.answers, p.id
    doc = (ROOT.parent / "docs" / "puzzles.md").read_text(encoding="utf-8")
    assert re.search(r"\*\*Column 4 above level 2\.\*\*", doc)


def test_lesson_one_keeps_the_draw_in_more_ways_than_blocking_a_four_and_names_the_side_discs():
    """5 en raya's lesson 1 Practice: among its questions where the best you can do is keep the draw, some block a
    five whose gap is in the middle (not the end of a four) and some block a five through a side disc (the outer
    full columns). Its first Hint for a win or block through a side disc asks about the outer columns' discs, for
    a block too (its only tag is *block*); for any other win or block it does not mention them (English and
    Spanish)."""
    from gamekit.i18n import using
    from gamekit.puzzles.connect import side_step
    from gamekit.puzzles.practice import Practice

    pool = lesson_pool("five_in_a_row", 1)
    draws = [p for p in pool if p.facts["best"] == 0 and not wins_at_once(p.position)]
    gaps, sides = [], []
    for p in draws:
        game = p.position
        cell = game.landing_cell(int(p.answers[0]))
        them = 1 - game.to_move
        for line in game.variant.lines():
            if cell in line and all(game.cell(c, r) == them for c, r in line if (c, r) != cell):
                if line.index(cell) not in (0, len(line) - 1):
                    gaps.append(p.id)
        if blocked_line_uses_side_disc(game, p.answers[0]):
            sides.append(p.id)
    assert len(set(gaps)) >= 10 and len(sides) >= 10, (gaps, sides)
    side_block = next(p for p in pool if p.id in sides and p.themes == ("block",))
    plain_block = next(p for p in pool if p.themes == ("block",) and not side_step(p))
    for lang in ("en", "es"):
        with using(lang):
            for p in (side_block, plain_block):
                board = Practice("five_in_a_row", puzzles=[p])
                board.lesson = 1
                hint = board.hint()
                block = "what does your opponent threaten" if lang == "en" else "con qué amenaza tu rival"
                outer = "outer columns" if lang == "en" else "columnas laterales"
                assert block in hint.lower() and (outer in hint) == (p is side_block), (lang, p.id, hint)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_own_mistakes_part_is_in_short_sentences_and_quotes_the_real_prompt(game_id):
    """The part on a pupil's own mistakes used to be two sentences of 38 and 45 words: it is now short sentences
    (at most 20 words between stops), and it quotes the question a personal puzzle really asks (English and
    Spanish), and says where the other game's mistakes go."""
    from gamekit.i18n import tr, using

    other = {"five_in_a_row": ("Connect Four", "Cuatro en raya"), "connect_four": ("5 en raya", "5 en raya")}
    for i, (lang, head, nxt) in enumerate(
        (("en", "## Your own mistakes", "```"), ("es", "## Tus propios errores", "```"))
    ):
        part = page(game_id, lang).split(head)[1].split(nxt)[0]
        longest = max(len(s.split()) for s in re.split(r"[.:;«»\"]", part))
        assert longest <= 20, (lang, part)
        with using(lang):
            prompt = tr("Your game on {when}: you played {move} here. Find the better move.", when="@", move="…")
        before, after = prompt.split("@")
        assert before.split()[0] in part and after.split(":")[1].strip().split()[0] in part, (lang, prompt, part)
        assert f"{other[game_id][i]} practice" in part or f"práctica de {other[game_id][i]}" in part


def test_the_five_in_a_row_page_puts_double_threats_where_practice_and_homework_do():
    """The 5 en raya Practice page says at which levels the two double-threat ideas mostly come, and where the rest
    are; that is computed here from their Practice pools and from every puzzle of the ideas a pupil meets, and the
    homework table gives the same levels for their sets."""
    from gamekit.puzzles.homework_sheets import homework_page

    spans = {}
    met = Counter()  # each puzzle of either idea a pupil meets anywhere, once, by level
    for idea in ("double_threat", "stop_double_threat"):
        levels = sorted({level(p.rating) for p in practice_pool("five_in_a_row", idea)})
        spans[idea] = (levels[0], levels[-1])
        # every puzzle of the idea a pupil meets anywhere, but a lesson 1 question, is in that span
        needs_two = {level(p.rating) for p in served("five_in_a_row") if idea in p.themes and lesson_needed(p) == 2}
        assert needs_two <= set(range(levels[0], levels[-1] + 1)), (idea, needs_two)
    assert len(set(spans.values())) == 1 and spans["double_threat"][1] == spans["double_threat"][0] + 1, spans
    low, high = spans["double_threat"]
    ideas = {"double_threat", "stop_double_threat"}
    outside = []
    for p in served("five_in_a_row"):
        if ideas & set(p.themes):
            met[level(p.rating)] += 1
            if level(p.rating) not in (low, high):
                outside.append(p)
    # "mostly": at least three in four of them are at those two levels
    assert 4 * (met[low] + met[high]) >= 3 * sum(met.values()), met
    # "a few come at level 1, where you only have to block one five": nothing to win at once, one five to block
    assert outside and {level(p.rating) for p in outside} == {1}, met
    for p in outside:
        game = p.position
        threats = wins_at_once_for(game, 1 - game.to_move)
        assert not wins_at_once(game) and len(threats) == 1 and set(p.answers) <= set(threats), p.id
    en, es = page("five_in_a_row", "en"), page("five_in_a_row", "es")
    assert (
        f"**Two threats at once**, and stopping them, come mostly at levels {low} and {high}. They need a short "
        "look ahead. A few come at level 1, where you only have to block one five." in en
    )
    assert (
        f"**Dos amenazas a la vez**, e impedirlas, salen sobre todo en los niveles {low} y {high}. Hay que ver pocas "
        "jugadas por delante. Unas pocas salen en el nivel 1, donde solo tienes que bloquear un cinco en línea." in es
    )
    # their own line, not one of the lines of the levels they are not at (the page said they were "Levels 3 to 7")
    top = TOP["five_in_a_row"]
    assert f"**Levels 3 to {top}** (lesson 2): threats you must read ahead." in en
    assert f"**Niveles 3 a {top}** (lección 2): amenazas" in es
    assert "Two threats at once, or stopping them" not in en and "Dos amenazas a la vez, o impedirlas" not in es
    assert "come only at levels" not in en and "solo salen en los niveles" not in es
    homework = homework_page()
    for idea in spans:
        row = next(line for line in homework.splitlines() if line.startswith(f"| `five-{idea}-"))
        assert f"| {low}–{high} |" in row, row
