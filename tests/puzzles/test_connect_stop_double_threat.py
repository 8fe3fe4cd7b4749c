"""*Stop the double threat*: a puzzle whose wrong drops all let the opponent win at once or make two threats at
once is asked as that defensive idea at level 3 or below (not as a level 5-7 zugzwang), and a wrong drop that
hands the opponent two threats at once is told so, with the cells, by the board."""

import pytest

from gamekit.progress import level
from gamekit.puzzles import bank
from gamekit.puzzles.connect import practice_rated, themes
from gamekit.puzzles.connect_defence import DOUBLE_HIDDEN, DOUBLE_MISTAKE, double_mistake, stops_double_threat
from gamekit.puzzles.connect_cells import cell_words
from gamekit.puzzles.practice_words import mistake_words
from gamekit.puzzles.pools import practice_pool

GAMES = ("five_in_a_row", "connect_four")


def _after(game, drop):
    g = game.copy()
    g.play(str(drop))
    return g


def _wins_now(game):
    return [m for m in game.legal_moves() if _after(game, m).winner() == game.to_move]


def _two_disc_wins(game):
    """The opponent's drops (``game``'s mover) that win with their next disc whatever the reply, counted here by
    brute force, with the cells they could then win in."""
    out = {}
    if _wins_now(game):
        return out
    for m in game.legal_moves():
        after = _after(game, m)
        if after.is_over():
            continue
        replies = [_after(after, r) for r in after.legal_moves()]
        if all(not g.is_over() and _wins_now(g) for g in replies):
            out[m] = after
    return out


def _wrong(p):
    return [a for a in p.legal_answers() if a not in p.answers]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tag_says_every_wrong_drop_loses_within_two_rival_discs(game_id):
    tagged = [p for p in bank(game_id) if "stop_double_threat" in p.themes]
    assert tagged, game_id
    for p in tagged:
        doubles = 0
        for w in _wrong(p):
            after = _after(p.position, w)
            if _wins_now(after):
                continue
            assert _two_disc_wins(after), (p.id, w)
            doubles += 1
        assert doubles, p.id  # else it only asks "don't drop under the threat"
        assert "zugzwang" not in p.themes, p.id


def test_the_reported_long_zugzwangs_are_short_defences_at_level_3_at_most():
    puzzles = {p.id: p for p in bank("connect_four")}
    for pid in ("c4-b89d80aabd", "c4-2c6f041ce9", "c4-0e635bc45e", "c4-9c6ead624b", "c4-ced63a0368"):
        p = puzzles[pid]
        assert "stop_double_threat" in p.themes and "zugzwang" not in p.themes, pid
        assert level(practice_rated(p).rating) <= 3, pid


@pytest.mark.parametrize("game_id", GAMES)
def test_practice_asks_every_stop_the_double_threat_puzzle_at_level_3_at_most(game_id):
    pool = practice_pool(game_id)
    asked = [p for p in pool if "stop_double_threat" in p.themes]
    assert asked
    assert all(level(p.rating) <= 3 for p in asked), [(p.id, level(p.rating)) for p in asked]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_puzzle_with_a_wrong_drop_that_does_not_lose_quickly_is_not_tagged(game_id):
    refused = 0
    for p in bank(game_id):
        if "zugzwang" not in p.themes:
            continue
        quick = all(_wins_now(a) or _two_disc_wins(a) for a in (_after(p.position, w) for w in _wrong(p)))
        if not quick:
            refused += 1
            assert not stops_double_threat(p.position, _wrong(p)), p.id
            assert "stop_double_threat" not in themes(p.position, list(p.answers), _wrong(p)), p.id
    assert refused
    assert not stops_double_threat(bank(game_id)[0].position, [])  # no wrong drop: nothing to stop


@pytest.mark.parametrize("game_id", GAMES)
def test_a_drop_that_hands_over_two_threats_at_once_is_told_so_with_the_cells(game_id):
    told = 0
    for p in bank(game_id):
        if not {"zugzwang", "stop_double_threat"} & set(p.themes):
            continue
        for w in _wrong(p):
            after = _after(p.position, w)
            wins = _two_disc_wins(after)
            words = double_mistake(p, w)
            if not wins:
                assert words is None, (p.id, w)
                continue
            told += 1
            said = mistake_words(p, w, p.themes[0])
            assert words in said and "count the safe drops" not in said, (p.id, w, said)
            if words.startswith(DOUBLE_MISTAKE.split("{")[0]) and "can drop in column" in words:
                m = words.split("can drop in column ")[1].split(" ")[0]
                assert m in wins and m not in p.answers, (p.id, w, words)
                cells = [cell_words(p.position, c) for c in _threat_cells(wins[m])]
                assert sum(cell in words for cell in cells) == 2, (p.id, w, words, cells)
            else:
                assert words == DOUBLE_HIDDEN.format(n=w, other=("red", "yellow")[1 - p.position.to_move])
    assert told >= 20, told


def _threat_cells(after):
    """The cells where ``after``'s player who just dropped would complete a line next (by trying each)."""
    seat = 1 - after.to_move
    out = []
    for c, column in enumerate(after.grid):
        for r in range(len(column), after.variant.rows):
            if r > len(column) + 1:
                break
            g = after.copy()
            col = g.grid[c]
            saved = list(col)
            col[:] = saved + [None] * (r - len(saved)) + [seat]
            if g.lines_through(c, r, seat):
                out.append((c, r))
            col[:] = saved
    return out
