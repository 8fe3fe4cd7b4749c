"""The teachers' homework page draws each set once and hands it to the pupil sheets and the answer key."""

import pytest

from gamekit.i18n import using
from gamekit.puzzles.homework import answer_key, homework_codes, homework_set, parse_code, pupil_sheets


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
