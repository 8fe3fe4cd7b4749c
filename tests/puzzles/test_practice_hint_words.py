"""Practice's shared words: one style after "Hint:" (the hint's first word in lower case, as Spanish needs after a
colon), a second hint that only counts the right choices costs no first-try solve, and the Spanish wording a reader
found stiff."""

from gamekit import progress
from gamekit.i18n import tr, using
from gamekit.puzzles.practice import Practice
from gamekit.puzzles.practice_words import after_colon, second_hint_and_help
from gamekit.puzzles.store import load_puzzles

G = "dots_and_boxes"


def test_after_colon_lowers_a_plain_first_word_in_spanish_and_keeps_names():
    assert after_colon("Look at each line.") == "Look at each line."  # English keeps its capital
    with using("es"):
        assert after_colon("Mira cada línea.") == "mira cada línea."
        assert after_colon("¿Con qué amenaza tu rival?") == "¿con qué amenaza tu rival?"
        assert after_colon("Coral tiene dos casillas.", ["Dorado", "Coral"]) == "Coral tiene dos casillas."
        assert after_colon("IA primero.") == "IA primero."
        assert after_colon("") == ""


def test_the_first_hint_reads_like_the_second_after_the_colon():
    """It said "Hint: You have to…" but "Hint: leave these out…", and in Spanish «Pista: Tienes…», a capital after a
    colon: English now writes a capital after "Hint:" in both hints, Spanish lower case in both."""
    puzzle = next(p for p in load_puzzles(G) if "hard_hearted_handout" in p.themes)
    for lang, start, case in (("en", "Hint: ", str.isupper), ("es", "Pista: ", str.islower)):
        with using(lang):
            p = Practice(G, theme="hard_hearted_handout", puzzles=[puzzle])
            first = p.hint()
            assert first.startswith(start) and case(first[len(start)]), first
            second = p.hint()
            assert second.startswith(start) and case(second[len(start)]), second
            p.close()


def test_a_second_hint_that_leaves_nothing_out_costs_no_first_try(tmp_path, monkeypatch):
    """dots-180835221f has 4 lines, 2 right: the second hint can leave none out ("2 of the 4 choices are right:
    compare…"), which is no help, so a right answer after it still counts at the first try. A second hint that
    names lines to leave out still costs it."""
    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "progress.json"))
    bank = {p.id: p for p in load_puzzles(G)}
    bare = bank["dots-180835221f"]
    words, helps = second_hint_and_help(bare)
    assert not helps and "2 of the 4 choices are right" in words
    p = Practice(G, puzzles=[bare])
    p.hint()
    second = p.hint()
    assert tr("A right answer after the second hint does not count as solved at the first try.") not in second
    ok, _ = p.answer(bare.answers[0])
    assert ok and progress.attempts(G)[bare.id]["first_try"]
    p.close()
    helped = next(q for q in bank.values() if q.themes and second_hint_and_help(q)[1] and q.id != bare.id)
    p = Practice(G, puzzles=[helped])
    p.hint()
    assert "Leave" in p.hint()
    ok, _ = p.answer(helped.answers[0])
    assert ok and not progress.attempts(G)[helped.id]["first_try"]
    p.close()


def test_the_spanish_practice_words_read_naturally():
    with using("es"):
        assert tr("Not the best: after {move}, best play goes {line}.", move="a1-b1", line="x") == (
            "No es la mejor: después de a1-b1, si los dos juegan lo mejor posible, la partida sigue así: x."
        )
        clue = tr(
            "A clue, not a rule: after your set the next roll of two dice can go on in only {mine} of 36 throws;"
            " after the best set, in {best}.",
            mine=3,
            best=9,
        )
        assert clue.startswith("Un indicio, no una regla")
        from gamekit.i18n import ntr

        words = ntr(
            "The mistake: {line} takes the boxes on offer, and whoever takes the last one must move again and"
            " give up control. Here control is worth more than the last box.",
            "The mistake: {line} takes the boxes on offer, and whoever takes the last one must move again and"
            " give up control. Here control is worth more than the last {n} boxes.",
            2,
            line="a1-b1",
        )
        assert "se lleva las casillas disponibles" in words and "que hay para llevarse" not in words
