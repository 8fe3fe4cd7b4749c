"""Dots and Boxes homework codes: when the teachers' page says to set them, and what a decision idea's set holds."""

from gamekit.i18n import using
from gamekit.puzzles.homework import theme_lessons, when_to_set
from gamekit.puzzles.pools import practice_pool

G = "dots_and_boxes"


def test_an_idea_is_set_after_the_lesson_that_first_teaches_it():
    """*Take a box* is lesson 1's idea (lesson 2 uses it again): its code was "after lesson 2"; the mixed code still
    waits for the last lesson's ideas, and each other idea for its own lesson."""
    with using("en"):
        assert theme_lessons(G, "take_box") == "1, 2"
        assert when_to_set(G, "take_box") == "after lesson 1"
        assert when_to_set(G, "avoid_third_side") == "after lesson 2"
        assert when_to_set(G, "hard_hearted_handout") == "after lesson 3"
        assert when_to_set(G, "double_deal") == "after lesson 5"
        assert when_to_set(G, None) == "after lesson 5"


def test_a_set_holds_no_look_alikes_and_the_table_says_what_a_decision_set_mixes():
    """`dots-double_deal-10-1` held three puzzles with the same right lines b3-b4/b4-b5 on the 4×4 board, two of
    them one line apart, and 5 "take every box" answers a teacher did not expect: now no two puzzles of an idea's
    set have the same right lines on the same board (the pools hold enough), and the teachers' table says how many
    of a decision set ask to take and how many to decline."""
    from gamekit.puzzles.core import game_themes
    from gamekit.puzzles.dots_thumbs import look_alike, middle_lines_only
    from gamekit.puzzles.dots_decisions import take_all_choice
    from gamekit.puzzles.homework import homework_set
    from gamekit.puzzles.homework_sheets import homework_page

    for theme in game_themes(G):
        for seed in (1, 2, 3):
            ps = list(homework_set(G, theme, min(10, len(practice_pool(G, theme))), seed))
            pairs = [(a.id, b.id) for i, a in enumerate(ps) for b in ps[i + 1 :] if look_alike(a, b)]
            assert not pairs, (theme, seed, pairs)
    deal = list(homework_set(G, "double_deal", 10, 1))
    takes = sum(1 for p in deal if take_all_choice(p))
    assert takes == 3
    with using("en"):
        page = homework_page()
    assert "| `dots-double_deal-10-1` | double-deal: 7 double-deal, and 3 take every box for contrast | 10 |" in page
    assert "| `dots-control_not_worth_it-10-1` | when control is not worth it: " in page
    assert "| `dots-safe_line-10-1` | last safe lines: add up the boxes | 10 |" in page
    # the handout's set mixes in "which chain or loop to open" puzzles, and the table says how many
    handout = list(homework_set(G, "hard_hearted_handout", 10, 1))
    middle = sum(1 for p in handout if middle_lines_only(p))
    assert 0 < middle < 10 and all("which_to_open" in p.themes for p in handout if not middle_lines_only(p))
    assert (
        f"| `dots-hard_hearted_handout-10-1` | hard-hearted handout: {middle} hard-hearted handout, and {10 - middle}"
        " which chain or loop to open for contrast | 10 |"
    ) in page


def test_look_alike_reads_the_right_lines_the_board_and_the_lines_drawn():
    """Near-identical: same right lines, same board, at most two lines apart; same right lines elsewhere on the
    same board: alike; another board size or other right lines: not alike."""
    from gamekit.puzzles.dots_thumbs import look_alike
    from gamekit.puzzles.pools import practice_pool

    pool = practice_pool(G, "double_deal")
    p = pool[0]
    assert look_alike(p, p) == 2
    other_size = next(q for q in pool if (q.position.width, q.position.height) != (p.position.width, p.position.height))
    assert look_alike(p, other_size) == 0
    same = [q for q in pool if q is not p and look_alike(p, q)]
    assert all(set(q.answers) == set(p.answers) for q in same)


def test_the_homework_page_names_no_top_of_the_level_scale():
    """The teachers' homework page said the levels go "1 to 10, as the Practice page shows them", while Dots
    Practice titles count to another top (:func:`gamekit.puzzles.pools.top_level`): the page now points to the
    titles and names no top, in both languages."""
    from pathlib import Path

    from gamekit.puzzles.pools import top_level

    assert top_level("dots_and_boxes") != 10
    docs = Path(__file__).resolve().parents[2] / "docs" / "teachers"
    for path, said, old in (
        (docs / "homework.md", "as the puzzles' titles on the Practice page show them", "1 to 10"),
        (docs / "es" / "homework.md", "como los muestran los títulos de los problemas", "del 1 al 10"),
    ):
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert said in text and old not in text, path


def test_each_decision_code_has_its_own_ideas_majority_and_the_table_says_so():
    """`dots-double_deal-10-1` and `dots-control_not_worth_it-10-1` were both "5 take every box, 5 double-deal":
    two codes, one mix. Now ten puzzles of a decision idea's set are 7 of its own answer (declining for the
    double-deal and all-but-four, taking every box for *when control is not worth it*) and 3 of the other for
    contrast, whatever the seed, and the teachers' table says it in both languages."""
    from gamekit.puzzles.dots import own_kind
    from gamekit.puzzles.dots_decisions import take_all_choice
    from gamekit.puzzles.homework import homework_set
    from gamekit.puzzles.homework_sheets import homework_page

    for theme in ("double_deal", "all_but_four", "control_not_worth_it"):
        for seed in (1, 2, 3):
            ps = list(homework_set(G, theme, min(10, len(practice_pool(G, theme))), seed))
            own = [p for p in ps if own_kind(theme, p)]
            assert len(own) == 7, (theme, seed)
            assert all(take_all_choice(p) == (theme == "control_not_worth_it") for p in own)
    control = {p.id for p in homework_set(G, "control_not_worth_it", 10, 1)}
    deal = {p.id for p in homework_set(G, "double_deal", 10, 1)}
    assert control != deal
    with using("en"):
        page = homework_page()
    assert (
        "| `dots-control_not_worth_it-10-1` | when control is not worth it: 7 take every box, and 3 double-deal for"
        " contrast | 10 |" in page
    )
    assert "| `dots-double_deal-10-1` | double-deal: 7 double-deal, and 3 take every box for contrast | 10 |" in page
    with using("es"):
        es = homework_page()
    assert "7 de llevarse todas las casillas y 3 de doble entrega para comparar" in es, es[es.index("control_not") :][
        :300
    ]


def _dots_sheets():
    from gamekit.puzzles.homework import homework_codes, homework_set, parse_code

    for _, code, _, size in homework_codes(10, 1):
        game_id, theme, _, _ = parse_code(code)
        if game_id == G:
            yield code, theme, homework_set(game_id, theme, size, 1)


def test_each_why_of_a_dots_sheet_is_its_own_puzzles():
    """The answer key gave one sentence for a whole sheet ("a box with three sides is a free point ..." ten times
    on the take-a-box sheet): now no two puzzles of a Dots sheet share a reason unless they share the position, in
    English and in Spanish."""
    from gamekit.puzzles.homework_sheets import key_reasons

    for lang in ("en", "es"):
        with using(lang):
            for code, theme, puzzles in _dots_sheets():
                seen: dict[str, str] = {}
                for p in puzzles:
                    for _, reason in key_reasons(p, theme):
                        where = repr(p.position.to_dict())
                        assert seen.setdefault(reason, where) == where, (lang, code, reason)


def test_a_dots_why_names_what_the_solver_and_the_board_say():
    """Each specific reason is true of its puzzle: a take names the boxes the line completes (three sides drawn);
    a decline names the boxes it hands over (as many as the line gives away); every "k of the n boxes left" is the
    solver's best result."""
    from gamekit.puzzles.dots_why import box_shares, closed_boxes
    from gamekit.puzzles.dots_words import decline_lines, why_words
    from gamekit.dots import boxes_given, capture_lines

    with using("en"):
        for code, theme, puzzles in _dots_sheets():
            for p in puzzles:
                game = p.position
                k, left, _, _ = box_shares(p)
                for a in p.answers:
                    words = why_words(p, theme if theme in p.themes else p.themes[0], a)
                    if words is None:
                        continue
                    if "of the" in words and "boxes left" in words and "gives no box away" not in words:
                        assert f"{k} of the {left} box" in words, (code, words)
                    if a in capture_lines(game) and words.startswith("Why: box"):
                        for name in closed_boxes(game, a):
                            box = game.geometry.box_index(name)
                            assert game.sides_drawn(box) == 3 and name in words
                    if a in decline_lines(game)[2] and words.startswith("Why: this line leaves"):
                        assert words.count(",") + words.count(" and ") >= boxes_given(game, a) - 1


def test_a_count_reason_never_names_zero_long_chains():
    """b2-c2 of a long-chain-count set read "the board holds 0 long chains ... your opponent must open the first
    one": where no long chain is left after the line, the reason is the count's own, with the share of the boxes."""
    from gamekit.puzzles import bank
    from gamekit.puzzles.dots_why import COUNT_WHY, count_why

    with using("en"):
        for p in bank(G):
            if "long_chain_count" not in p.themes:
                continue
            for a in p.answers:
                words = count_why(p, a)
                assert "holds 0 long" not in words and "left: ." not in words, (p.id, a, words)
                assert "long chain" in words and words.endswith("boxes left.") or words.startswith(COUNT_WHY)
