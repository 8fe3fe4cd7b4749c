"""The teachers' homework page draws each set once and hands it to the pupil sheets and the answer key."""

import pytest

from gamekit.i18n import using
from gamekit.puzzles.homework import homework_codes, homework_set, parse_code
from gamekit.puzzles.homework_sheets import answer_key, pupil_sheets


def drawn_sets():
    return {code: homework_set(*parse_code(code)[:2], size, 1) for _, code, _, size in homework_codes(10, 1)}


def test_sheets_and_key_from_sets_drawn_once_match_those_drawn_again():
    """Given the sets the page drew, the sheets and the key are the same as when each draws its own sets."""
    with using("en"):
        sets = drawn_sets()
        assert pupil_sheets(10, 1, sets) == pupil_sheets(10, 1)
        assert answer_key(10, 1, sets) == answer_key(10, 1)


def test_sets_of_the_wrong_kind_or_code_are_refused():
    """A set handed in under another code's name, or sets that are not a dict, are refused, naming them."""
    with using("en"):
        sets = drawn_sets()
        codes = list(sets)
        swapped = dict(sets) | {codes[0]: sets[codes[1]]}
        with pytest.raises(ValueError, match=codes[0]):
            pupil_sheets(10, 1, swapped)
        with pytest.raises(ValueError, match=codes[0]):
            answer_key(10, 1, swapped)
        with pytest.raises(TypeError, match="sets="):
            answer_key(10, 1, list(sets.values()))


def test_dots_and_five_sheets_say_how_to_read_their_boards():
    """Each Dots sheet says how a line is named (letters the columns, numbers the rows, as the lessons name
    them) with a small board where a1-b1 is drawn; each 5 en raya sheet says the outer columns start full and
    count in lines, with the start position; Connect Four and Shut the Box sheets need no key.  Both languages."""
    from gamekit.puzzles.homework import set_code
    from gamekit.puzzles.homework_sheets import sheet_key

    for lang, dots_words, five_words in (
        ("en", "the letters along the top name the columns", "they start full"),
        ("es", "las letras de arriba nombran las columnas", "empiezan llenas"),
    ):
        with using(lang):
            dots = "\n".join(sheet_key("dots_and_boxes"))
            five = "\n".join(sheet_key("five_in_a_row"))
            assert sheet_key("connect_four") == [] and sheet_key("shut_the_box") == []
            sheets = "\n".join(pupil_sheets())
            codes = [set_code(*key, 10, 1) for key in (("dots_and_boxes", None), ("five_in_a_row", "block"))]
            mixed_four = set_code("connect_four", None, 10, 1)
        assert dots_words in dots and "a1-b1" in dots and " 1 o---o   o" in dots
        assert five_words in five and ("1 a la 7" if lang == "es" else "1 to 7") in five
        assert "1   X|. . . . . . .|O" in five  # the start: the outer columns full, the rest empty
        for code in codes:
            sheet = sheets.split(f"### `{code}`")[1].split("### ")[0]
            assert (dots if code.startswith("dots") else five) in sheet
        assert sheets.split(f"### `{mixed_four}`")[1].split("### ")[0].count("```text") == 10


def test_the_spanish_page_writes_its_codes_in_spanish_and_either_language_opens_them():
    """The Spanish page's codes showed the English idea keys (dots-hard_hearted_handout-10-1): now a code's idea is
    the idea's Spanish name as a code word (dots-entrega_sin_concesiones-10-1, dots-todas-10-1), no idea key and no
    puzzle id appears on the Spanish page, and a code in either language opens the same set in either language."""
    import re

    from gamekit.puzzles.core import GAME_IDS, game_themes
    from gamekit.puzzles.homework import set_code
    from gamekit.puzzles.homework_sheets import homework_page

    with using("es"):
        page = homework_page()
        codes = homework_codes(10, 1)
    assert "`dots-entrega_sin_concesiones-10-1`" in page and "`dots-todas-10-1`" in page
    spanish_words = {code.split("-")[1] for _, code, _, _ in codes}
    for game_id in GAME_IDS:
        for theme in game_themes(game_id):
            if theme not in spanish_words:  # "zugzwang" is the Spanish word too
                assert not re.search(rf"\b{theme}\b", page), theme
    for lang in ("en", "es"):
        with using(lang):
            text = homework_page() if lang == "en" else page
        assert not re.search(r"\b(dots|five|four|shut)-[0-9a-f]{10}\b", text), lang  # no puzzle id
    for _, code, _, size in codes:
        game_id, theme, n, seed = parse_code(code)
        with using("en"):
            english = set_code(game_id, theme, n, seed)
            assert parse_code(english) == parse_code(code) == (game_id, theme, n, seed)
            assert homework_set(game_id, theme, n, seed).ids == homework_set(*parse_code(code)).ids
        with using("es"):
            assert parse_code(english) == (game_id, theme, n, seed)
            assert homework_set(game_id, theme, n, seed).code == code


def test_an_unknown_idea_word_is_still_refused():
    """A word that is no idea in any language is refused with the message a pupil can act on."""
    for lang in ("en", "es"):
        with using(lang), pytest.raises(ValueError, match="dots-entrega_sin_piedad-10-1"):
            parse_code("dots-entrega_sin_piedad-10-1")


def test_a_set_is_chosen_once_and_every_call_gets_its_own_puzzles():
    """The same code gives the same puzzles from a set chosen once; a caller that changes its puzzles changes
    nothing for the next caller."""
    first = homework_set("connect_four", "block", 10, 3)
    again = homework_set("connect_four", "block", 10, 3)
    assert first == again and first.ids == again.ids
    assert all(a is not b for a, b in zip(first, again))
    rating = again[0].rating
    first[0].rating = 9999.0
    assert homework_set("connect_four", "block", 10, 3)[0].rating == rating
    with pytest.raises(ValueError, match="51"):
        homework_set("connect_four", "block", 51, 3)  # still refused, however often asked
