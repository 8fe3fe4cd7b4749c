"""Rules of Shut the Box: sets, rolling, covering, every variant's end and winner, refusals, saving."""

from fractions import Fraction
from itertools import combinations

import pytest

from gamekit import BadPositionError, IllegalMoveError
from gamekit.shutbox import Rules, ShutTheBox, tiles_summing_to, two_dice_probability
from gamekit.shutbox.tiles import FULL, mask_of


# ------------------------------------------------------------------ sets for a roll
def test_sets_for_eight_in_sheet_order():
    assert tiles_summing_to(8) == [(8,), (7, 1), (6, 2), (5, 3), (5, 2, 1), (4, 3, 1)]


def test_sheet_example_1_5_9_and_a_four():
    assert tiles_summing_to(4, (1, 5, 9)) == []
    assert tiles_summing_to(4) == [(4,), (3, 1)]


def brute(total, uncovered):
    found = []
    for k in range(1, len(uncovered) + 1):
        for c in combinations(sorted(uncovered, reverse=True), k):
            if sum(c) == total:
                found.append(c)
    return found


def test_set_enumeration_matches_brute_force_for_every_total_and_state():
    for m in range(FULL + 1):
        open_tiles = [t for t in range(1, 10) if m >> (t - 1) & 1]
        for total in range(0, 47):
            got = tiles_summing_to(total, open_tiles)
            assert sorted(got) == sorted(brute(total, open_tiles)), (open_tiles, total)
            assert got == sorted(got, reverse=True)  # largest tile first, then next largest
            assert all(list(s) == sorted(s, reverse=True) for s in got)


def test_tiles_summing_to_refuses_tiles_off_the_box():
    with pytest.raises(ValueError):
        tiles_summing_to(5, [0, 5])


def test_dice_distribution():
    assert sum(two_dice_probability(t) for t in range(2, 13)) == 1
    assert two_dice_probability(7) == Fraction(1, 6)
    assert two_dice_probability(1) == 0


# ------------------------------------------------------------------ rules options
def test_rules_defaults_and_validation():
    assert Rules() == Rules("after_789", "sum")
    with pytest.raises(ValueError):
        Rules(one_die="sometimes")
    with pytest.raises(ValueError):
        Rules(scoring="roman")


def test_dice_options():
    r = Rules()
    assert r.dice_options(FULL) == (2,)
    assert r.dice_options(mask_of([1, 2, 3, 4, 5, 6])) == (1, 2)
    assert r.dice_options(mask_of([9, 1])) == (2,)
    six = Rules(one_die="six_or_less")
    assert six.dice_options(mask_of([9])) == (2,)
    assert six.dice_options(mask_of([7])) == (2,)
    assert six.dice_options(mask_of([1, 2, 3])) == (1,)
    assert six.dice_options(mask_of([6])) == (1,)
    sheet = Rules(one_die="under_six")  # the sheet: a choice, once the open tiles add up to < 6
    assert sheet.dice_options(mask_of([1, 2, 3])) == (2,)
    assert sheet.dice_options(mask_of([6])) == (2,)
    assert sheet.dice_options(mask_of([1, 4])) == (1, 2)
    assert sheet.dice_options(mask_of([2])) == (1, 2)
    assert Rules(one_die="never").dice_options(0b1) == (2,)


def test_scores():
    assert Rules().score(mask_of([1, 5, 9])) == 15
    assert Rules(scoring="digits").score(mask_of([9, 1, 5])) == 159
    assert Rules(scoring="digits").score(0) == 0


# ------------------------------------------------------------------ playing a turn
def test_roll_cover_and_turn_end_with_preset_dice():
    g = ShutTheBox(1, dice=[(4, 4), (6, 3), (1, 1)])
    assert g.to_move == 0 and g.phase == "roll" and g.legal_moves() == [("roll", 2)]
    g.roll()
    assert g.dice == (4, 4) and g.phase == "cover"
    assert g.legal_sets() == tiles_summing_to(8)
    g.cover(5, 3)
    assert g.open_tiles == (1, 2, 4, 6, 7, 8, 9)
    g.play(("roll", 2))
    g.play(("cover", (9,)))
    g.play("roll")  # 2: tile 2 is open
    g.play((2,))
    assert g.open_tiles == (1, 4, 6, 7, 8)
    assert not g.is_over()


def test_turn_ends_when_no_set_makes_the_roll_and_scores_open_tiles():
    # sheet example: 1, 5, 9 open, a 4 rolled → turn ends with 15
    g = ShutTheBox(1, dice=[(6, 6), (4, 4), (5, 5), (3, 4), (2, 2)])
    for tiles in [(8, 4), (6, 2), (7, 3)]:
        g.roll()
        g.cover(*tiles)
    assert g.open_tiles == (1, 5, 9)
    g.roll()
    assert g.is_over() and g.scores == [15] and g.winner() is None
    assert "15" in g.events[-1]


def test_shutting_alone_wins():
    g = ShutTheBox(1, dice=[(6, 3), (6, 2), (6, 1), (5, 1), (4, 1), (2, 1)])
    for tiles in [(9,), (8,), (7,), (6,), (5,), (3,)]:
        g.roll()
        g.cover(*tiles)
    assert g.open_tiles == (1, 2, 4)
    g2 = ShutTheBox(1, dice=[(6, 3), (6, 2), (6, 1), (5, 1), (4, 1), (2, 1), (3, 4)])
    for tiles in [(9,), (8,), (7,), (6,), (5,), (3,)]:
        g2.roll()
        g2.cover(*tiles)
    g2.play(("roll", 2))
    g2.cover(4, 2, 1)
    assert g2.is_over() and g2.winner() == 0 and g2.shut_by == 0 and g2.scores == [0]


def _shut_dice():
    # 9 8 7 6 5 4 3 then 2+1 covered by a 3
    return [(6, 3), (6, 2), (6, 1), (5, 1), (4, 1), (2, 2), (1, 2), (2, 1)]


def _shut_moves():
    return [(9,), (8,), (7,), (6,), (5,), (4,), (3,), (2, 1)]


def test_one_die_only_after_789_covered_and_its_roll():
    g = ShutTheBox(1, dice=[(6, 3), (6, 2), (6, 1), (4, 5)])
    with pytest.raises(IllegalMoveError, match="7, 8 and 9"):
        g.play(("roll", 1))
    for tiles in [(9,), (8,), (7,)]:
        g.roll()
        g.cover(*tiles)
    assert g.dice_options() == (1, 2)
    g.roll(1)
    assert g.dice == (4,) and g.legal_sets() == [(4,), (3, 1)]


def test_under_six_offers_one_die_below_six():
    moves = [
        ("roll", 2),
        (9,),
        ("roll", 2),
        (8,),
        ("roll", 2),
        (7,),
        ("roll", 2),
        (6,),
        ("roll", 2),
        (5,),
        ("roll", 2),
        (4,),
    ]
    dice = [(6, 3), (6, 2), (6, 1), (5, 1), (4, 1), (2, 2), (1, 1), (3, 3)]
    g = ShutTheBox.from_moves(moves, 1, Rules(one_die="under_six"), dice=dice)
    assert g.open_tiles == (1, 2, 3) and g.dice_options() == (2,)  # 6 open: not less than six
    with pytest.raises(IllegalMoveError, match="less than 6"):
        g.roll(1)
    g.roll(2)
    g.cover(2)
    assert g.open_tiles == (1, 3) and g.dice_options() == (1, 2)  # 4 open: a choice
    before = g.to_dict()
    assert g.roll(1) == (3,)
    g.undo()
    assert g.to_dict() == before
    g.roll(2)  # two dice stay allowed
    assert g.dice == (3, 3) and g.is_over()  # 6: no set of 1, 3 makes it


def test_six_or_less_forces_one_die():
    g = ShutTheBox(1, Rules(one_die="six_or_less"), dice=[(6, 3), (6, 2), (6, 1), (5, 1), (4, 1), (2, 2), (3,)])
    for tiles in [(9,), (8,), (7,), (6,), (5,), (4,)]:
        assert g.dice_options() == (2,)
        g.roll()
        g.cover(*tiles)
    assert g.dice_options() == (1,)
    with pytest.raises(IllegalMoveError, match="forced"):
        g.roll(2)
    g.roll()
    assert g.dice == (3,)


def test_never_refuses_one_die():
    g = ShutTheBox(1, Rules(one_die="never"), dice=_shut_dice())
    for tiles in [(9,), (8,), (7,)]:
        g.roll()
        g.cover(*tiles)
    with pytest.raises(IllegalMoveError, match="never"):
        g.roll(1)


# ------------------------------------------------------------------ round variant
def test_round_lowest_score_wins_and_takes_the_pot():
    dice = [(6, 6), (1, 1), (1, 1)] + [(6, 6), (5, 5), (1, 1)] + [(6, 6), (1, 1), (1, 1)]
    g = ShutTheBox(["Ana", "Bo", "Cy"], stake=5, dice=dice)
    g.roll()
    g.cover(9, 3)
    g.roll()
    g.cover(2)
    g.roll()
    assert g.scores == [31, None, None] and g.to_move == 1 and g.best_score_so_far() == 31
    g.roll()
    g.cover(9, 3)
    g.roll()
    g.cover(8, 2)
    g.roll()
    assert g.scores == [31, 23, None] and g.payouts() == [0, 0, 0]
    g.roll()
    g.cover(9, 3)
    g.roll()
    g.cover(2)
    g.roll()
    assert g.is_over() and g.scores == [31, 23, 31] and g.winner() == 1
    assert g.payouts() == [-5, 10, -5]


def test_round_shut_wins_at_once_with_double_stake():
    g = ShutTheBox(3, stake=2, dice=_shut_dice())
    for tiles in _shut_moves():
        g.roll()
        g.cover(*tiles)
    assert g.is_over() and g.winner() == 0 and g.scores == [0, None, None]
    assert g.payouts() == [8, -4, -4]


def test_round_tie_is_no_winner_and_splits_the_pot():
    # both players roll 12 then 2 ... use same dice for each turn: 6+6 → 9+3, then 1+1 → 2, then 1+1 → stuck
    dice = [(6, 6), (1, 1), (1, 1)] * 2
    g = ShutTheBox(2, stake=3, dice=dice)
    for seat in (0, 1):
        g.roll()
        g.cover(9, 3)
        g.roll()
        g.cover(2)
        g.roll()
        assert g.scores[seat] == 45 - 14
    assert g.is_over() and g.winner() is None and g.payouts() == [0, 0]


def test_second_player_gets_a_fresh_box():
    g = ShutTheBox(2, dice=[(6, 6), (1, 1), (1, 1)])
    g.roll()
    g.cover(9, 3)
    g.roll()
    g.cover(2)
    g.roll()
    assert g.to_move == 1 and g.open_tiles == tuple(range(1, 10)) and g.phase == "roll"


# ------------------------------------------------------------------ long game
def test_long_game_needs_two_players():
    with pytest.raises(ValueError):
        ShutTheBox(3, variant="long")


def test_long_game_second_player_uncovers_and_opening_wins():
    g = ShutTheBox(["A", "B"], variant="long", dice=[(6, 3), (5, 6), (4, 6), (1, 2), (4, 5), (3, 5), (3, 4), (1, 5)])
    g.roll()
    g.cover(9)
    g.roll()
    g.cover(8, 2, 1)
    g.roll()
    g.cover(7, 3)
    assert g.open_tiles == (4, 5, 6)
    g.roll()  # 3: no set, no double banked → the box passes to B
    assert g.to_move == 1 and g.flip_kind == "uncover" and g.open_tiles == (4, 5, 6)
    assert g.legal_moves() == [("roll", 2)]
    g.roll()
    assert g.legal_sets() == [(9,), (8, 1), (7, 2)]  # sets among the covered tiles
    g.play(("uncover", (9,)))
    g.roll()
    g.cover(8)
    g.roll()
    g.cover(7)
    assert g.dice_options() == (1, 2)  # mirrored rule: 7, 8, 9 no longer to flip
    g.roll(2)
    g.cover(3, 2, 1)
    assert g.is_over() and g.winner() == 1 and g.opened_by == 1 and g.open_tiles == tuple(range(1, 10))


def test_long_game_doubles_bank_extra_turns():
    g = ShutTheBox(["A", "B"], variant="long", dice=[(6, 3), (1, 1), (6, 3), (6, 6)])
    g.roll()
    g.cover(9)
    g.roll()
    assert g.extra_turns == 1
    g.cover(2)  # 1 + 1 is a double
    g.roll()
    g.cover(8, 1)
    g.roll()
    g.cover(7, 5)  # 6 + 6: a second double
    assert g.open_tiles == (3, 4, 6) and g.extra_turns == 2


def test_long_game_stuck_double_rerolls_then_box_passes():
    g = ShutTheBox(
        2,
        variant="long",
        seed=0,
        dice=[(6, 3), (6, 6), (6, 6), (5, 5), (6, 5), (6, 6), (4, 5), (6, 6), (6, 6), (4, 4), (6, 3), (2, 3)],
    )
    g.roll()
    g.cover(9)
    g.roll()
    g.cover(8, 4)  # double: 1 banked
    g.roll()
    g.cover(7, 5)  # double: 2 banked
    assert g.open_tiles == (1, 2, 3, 6) and g.extra_turns == 2
    g.roll()  # 10 (double, 3 banked): 6+3+1
    g.cover(6, 3, 1)
    assert g.open_tiles == (2,) and g.extra_turns == 3
    g.roll()  # 11: stuck → spends an extra turn, A still to roll
    assert g.to_move == 0 and g.phase == "roll" and g.extra_turns == 2
    g.roll()  # 12 (double → 3 banked), stuck → spend → 2
    assert g.to_move == 0 and g.extra_turns == 2
    g.roll()  # 9 stuck → spend → 1
    g.roll()  # 12 double → 2, stuck → 1
    g.roll()  # 12 double → 2, stuck → 1
    g.roll()  # 8 double → 2: stuck → 1
    g.roll()  # 9 stuck → 0
    assert g.to_move == 0 and g.extra_turns == 0
    g.roll()  # 5, no double, nothing banked: the box passes to B
    assert g.to_move == 1 and g.flip_kind == "uncover" and g.extra_turns == 0 and g.open_tiles == (2,)


def test_long_game_uncover_refusals_and_opening_win():
    g = ShutTheBox(2, variant="long", seed=5, dice=[(6, 6), (6, 6), (1, 1), (3, 3), (1, 1), (5, 4), (6, 6), (1, 1)])
    g.roll()
    g.cover(9, 3)
    g.roll()
    g.cover(8, 4)
    g.roll()
    g.cover(2)
    assert g.open_tiles == (1, 5, 6, 7) and g.extra_turns == 3
    g.roll()  # 6: covers 6 (double → 4)
    g.cover(6)
    g.roll()  # 2: stuck (1 5 7 open), spend → 4
    assert g.to_move == 0
    # exhaust: play seeded rolls until the box passes to B
    while g.to_move == 0 and not g.is_over():
        g.roll()
        if g.phase == "cover":
            g.play(g.legal_moves()[0])
    if g.is_over():
        return
    assert g.flip_kind == "uncover" and g.extra_turns == 0
    g.roll()
    if g.phase == "cover":
        with pytest.raises(IllegalMoveError):
            g.play(("cover", g.legal_sets()[0]))
        open_tile = g.open_tiles[0]
        with pytest.raises(IllegalMoveError, match="not covered"):
            g.play(("uncover", (open_tile,)))
        before = g.open_tiles
        s = g.legal_sets()[0]
        g.play(("uncover", s))
        assert set(g.open_tiles) == set(before) | set(s)


def test_long_game_uncovering_everything_wins():
    g = ShutTheBox(2, variant="long", seed=9, dice=[(6, 3), (1, 1), (2, 2), (6, 3)])
    g.roll()
    g.cover(9)
    g.roll()
    g.cover(2)  # double banked
    g.roll()
    g.cover(4)
    assert g.open_tiles == (1, 3, 5, 6, 7, 8)
    # force the end of A's turn: seeded rolls until stuck
    while g.to_move == 0 and not g.is_over():
        g.roll()
        if g.phase == "cover":
            g.play(g.legal_moves()[-1])
    assert not g.is_over() or g.winner() == 0
    # drive B with the first legal set until someone wins
    while not g.is_over():
        g.play(g.legal_moves()[0])
    if g.opened_by is not None:
        assert g.winner() == g.opened_by and g.open_tiles == tuple(range(1, 10))
    else:
        assert g.winner() == g.shut_by and g.open_tiles == ()


# ------------------------------------------------------------------ 45-point game
def play_out(g, pick=0):
    while not g.is_over():
        moves = g.legal_moves()
        g.play(moves[pick % len(moves)])


def test_to_45_last_player_left_wins():
    for seed in range(20):
        g = ShutTheBox(3, variant="to_45", seed=seed)
        play_out(g)
        assert sum(not o for o in g.out) == 1
        w = g.winner()
        assert w is not None and not g.out[w] and g.totals[w] < 45
        assert all(g.totals[i] >= 45 for i in range(3) if i != w)


def test_to_45_totals_add_up_round_by_round():
    g = ShutTheBox(2, variant="to_45", dice=[(6, 6), (1, 1), (1, 1)] * 2, limit=60)
    for _ in range(2):
        g.roll()
        g.cover(9, 3)
        g.roll()
        g.cover(2)
        g.roll()
    assert g.totals == [31, 31] and g.rounds == 2 and g.to_move == 0 and g.scores == [None, None]
    assert not g.is_over()


def test_to_45_alone_counts_rounds():
    g = ShutTheBox(1, variant="to_45", seed=3)
    play_out(g)
    assert g.totals[0] >= 45 and g.winner() is None and g.rounds >= 1


def test_to_45_shut_scores_zero_and_the_round_goes_on():
    g = ShutTheBox(2, variant="to_45", dice=_shut_dice())
    for tiles in _shut_moves():
        g.roll()
        g.cover(*tiles)
    assert not g.is_over() and g.scores[0] == 0 and g.to_move == 1 and g.totals == [0, 0]


# ------------------------------------------------------------------ refusals change nothing
def refused(g, action, match=None, **kw):
    before = g.to_dict()
    with pytest.raises(IllegalMoveError, match=match):
        g.play(action, **kw)
    assert g.to_dict() == before


def test_every_refusal_names_the_reason_and_changes_nothing():
    g = ShutTheBox(2, dice=[(4, 4), (6, 6)])
    refused(g, (8,), "roll the dice first")
    refused(g, ("roll", 3), "one die or two")
    refused(g, ("roll", 1), "7, 8 and 9")
    refused(g, "jump", "unknown")
    refused(g, object(), "unknown")
    refused(g, "roll", "turn", seat=1)
    g.roll()
    refused(g, "roll", "already rolled")
    refused(g, (10,), "not on the box")
    refused(g, (0, 8), "not on the box")
    refused(g, ("cover", ("8",)), "not on the box")
    refused(g, (4, 4), "twice")
    refused(g, (), "no tiles")
    refused(g, (6, 1), "makes 7, not the roll 8")
    refused(g, ("uncover", (8,)), "covers tiles")
    refused(g, ("cover", 8, 1), "one tuple")
    refused(g, (8,), "turn", seat=1)
    g.cover(5, 3)
    g.roll()
    refused(g, (5, 4, 3), "already covered")
    refused(g, ("roll", 2, 5), "number of dice")


def test_acting_after_the_end_is_refused():
    g = ShutTheBox(1, seed=1)
    play_out(g)
    refused(g, "roll", "over")
    refused(g, (1,), "over")


def test_bad_setups():
    for kw in [
        dict(players=0),
        dict(players=[]),
        dict(variant="marathon"),
        dict(stake=-1),
        dict(dice=[(7, 1)]),
        dict(dice=[()]),
    ]:
        with pytest.raises(ValueError):
            ShutTheBox(**kw)


# ------------------------------------------------------------------ seeded dice, undo, save
def test_seeded_dice_reproducible():
    a, b = ShutTheBox(2, seed=42), ShutTheBox(2, seed=42)
    play_out(a)
    play_out(b)
    assert a.to_dict() == b.to_dict() and a.events == b.events
    c = ShutTheBox(2, seed=43)
    play_out(c)
    assert c.events != a.events


def test_undo_restores_the_previous_state():
    g = ShutTheBox(2, seed=7)
    states = [g.to_dict()]
    for _ in range(6):
        if g.is_over():
            break
        g.play(g.legal_moves()[0])
        states.append(g.to_dict())
    for s in reversed(states[:-1]):
        g.undo()
        assert g.to_dict() == s
    with pytest.raises(IllegalMoveError):
        g.undo()


def test_to_dict_round_trip_is_json_safe():
    import json

    for variant, n in [("round", 3), ("long", 2), ("to_45", 2)]:
        g = ShutTheBox(n, Rules("under_six", "digits"), variant, seed=5, stake=1)
        for _ in range(9):
            if g.is_over():
                break
            g.play(g.legal_moves()[-1])
        d = json.loads(json.dumps(g.to_dict()))
        h = ShutTheBox.from_dict(d)
        assert h.to_dict() == g.to_dict() and str(h) == str(g)


def test_from_dict_refuses_bad_data():
    with pytest.raises(BadPositionError):
        ShutTheBox.from_dict([1, 2])
    with pytest.raises(BadPositionError):
        ShutTheBox.from_dict({"players": 1, "rules": {"one_die": "x"}})
    d = ShutTheBox(1, dice=[(4, 4)]).to_dict()
    d["history"] = [["roll", 2], ["cover", [9]]]
    with pytest.raises(BadPositionError):
        ShutTheBox.from_dict(d)
    g = ShutTheBox(1, dice=[(4, 4)])
    g.roll()
    d = g.to_dict()
    d["state"]["to_move"] = 3
    with pytest.raises(BadPositionError):
        ShutTheBox.from_dict(d)


def test_str_and_repr():
    g = ShutTheBox(1, dice=[(4, 4)])
    assert "to roll" in str(g)
    g.roll()
    assert "rolled 8" in str(g) and "ShutTheBox" in repr(g)
