"""5 en raya / Connect Four Practice: the idea a wrong drop's feedback says to look for is the idea the first Hint
names and the right answer's "The idea:" sentence says — the board's practised idea — never another of the
puzzle's tags."""

import pytest

from gamekit.i18n import tr, using
from gamekit.puzzles.connect import first_hint, lesson_idea, practice_hint
from gamekit.puzzles.connect_why import idea_words as own_words
from gamekit.puzzles.connect_words import LOOK_FOR, wrong_idea
from gamekit.puzzles.core import game_themes, theme_hint
from gamekit.puzzles.pools import lesson_pool, practice_pool
from gamekit.puzzles.practice_words import IDEAS, idea_words, mistake_words

GAMES = ["five_in_a_row", "connect_four"]


def boards(game_id):
    """Every pool a Practice board asks, with the idea it practises each puzzle for and whether the page names
    that idea (an idea's own Practice), as :meth:`gamekit.puzzles.practice.Practice.idea_theme` chooses it."""
    for theme in game_themes(game_id):
        for p in practice_pool(game_id, theme):
            yield p, theme, True
    for p in practice_pool(game_id):
        yield p, p.themes[0], False
    for lesson in (1, 2):
        for p in lesson_pool(game_id, lesson):
            yield p, lesson_idea(p, lesson), False


def hint_of(p, theme, named):
    """The first Hint a board gives (as :meth:`gamekit.puzzles.practice.Practice.hint` chooses it)."""
    own = practice_hint(p, theme) if named else first_hint(p, theme)
    return own or theme_hint(p.game_id, theme)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_wrong_drop_hint_and_right_drop_name_one_idea(game_id):
    named_ideas = 0
    with using("en"):
        looks = {tr(text): idea for idea, text in LOOK_FOR.items()}
        for p, theme, named in boards(game_id):
            idea = wrong_idea(p, theme)
            wrong = [a for a in p.legal_answers() if a not in p.answers]
            said = {looks[t] for a in wrong for t in looks if t in (mistake_words(p, a, theme) or "")}
            assert said <= {theme}, (p.id, theme, said)
            assert said <= ({idea} if idea else set()), (p.id, theme, said)
            if idea is None:
                continue
            named_ideas += 1
            assert idea == theme, (p.id, theme, idea)
            assert hint_of(p, theme, named) == theme_hint(game_id, theme), (p.id, theme)
            own = own_words(p, theme)  # the idea's own words for this puzzle (a draw-keeping zugzwang)
            for a in p.answers:  # the right answer's idea, where it says one, is the same idea
                assert idea_words(p, theme, a) in (tr(IDEAS[theme]), own, None), (p.id, theme, a)
    assert named_ideas >= 10


@pytest.mark.parametrize("game_id", GAMES)
def test_a_board_names_its_own_idea_after_a_wrong_drop_not_the_first_tag(game_id):
    """A puzzle whose first tag is not the idea the board practises: the wrong drop's idea to look for is the
    board's idea (the reader's case: the hint said one idea, the feedback another)."""
    from gamekit.puzzles.practice import Practice

    with using("en"):
        for p, theme, named in boards(game_id):
            if p.themes[0] == theme or wrong_idea(p, theme) is None:
                continue
            board = Practice(game_id, theme=theme if named else None, puzzles=[p])
            if board.idea_theme() != theme:
                board.close()
                continue
            hint = board.hint()
            a = next(
                (
                    a
                    for a in p.legal_answers()
                    if a not in p.answers and tr(LOOK_FOR[theme]) in (mistake_words(p, a, theme) or "")
                ),
                None,
            )
            if a is None:  # every wrong drop has its own mistake sentence (a win at once, two threats handed over)
                board.close()
                continue
            said = board.answer(a)[1]
            board.close()
            assert tr(LOOK_FOR[theme]) in said and theme_hint(game_id, theme) in hint, (p.id, said, hint)
            others = [tr(LOOK_FOR[t]) for t in LOOK_FOR if t != theme]
            assert not any(o in said for o in others), (p.id, said)
            return
    pytest.skip("no puzzle whose first tag differs from its board's idea names an idea after a wrong drop")
