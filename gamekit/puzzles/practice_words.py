"""What Practice says about a puzzle, in a pupil's words: the second Hint, why a right answer is right, what a
wrong answer's mistake is, and the idea each theme practises."""

from __future__ import annotations

from typing import Any

from gamekit import catalog
from gamekit.i18n import N_, get_language, ntr, tr
from gamekit.puzzles.core import (
    Puzzle,
    action_key,
    move_words,
)


def _miss(puzzle: Puzzle, action: Any) -> float:
    """How far a wrong answer falls short of the best (its refutation's value against the puzzle's best, in
    the puzzle's own unit: boxes, a game's result, a chance or an expected score)."""
    value = puzzle.refutations.get(action_key(action), {}).get("value")
    best = puzzle.facts.get("best")
    if isinstance(value, (int, float)) and isinstance(best, (int, float)):
        return abs(float(best) - float(value))
    return 0.0


KEPT_WRONG = 2
"""The fewest wrong answers the second Hint leaves among the ones it does not name: with one, the hint would turn
the puzzle into a coin flip between it and the right answer (or give the answer away)."""


def _count_hint(puzzle: Puzzle) -> str:
    """The second Hint that names no wrong answer: how many of the choices are right, and what to compare."""
    return ntr(
        "Hint: {n} of the {legal} choices is right: compare where each one leads.",
        "Hint: {n} of the {legal} choices are right: compare where each one leads.",
        len(puzzle.answers),
        legal=len(puzzle.legal_answers()),
    )


def second_hint(puzzle: Puzzle, tried: Any = ()) -> str:
    """The second Hint's words (:func:`second_hint_and_help`)."""
    return second_hint_and_help(puzzle, tried)[0]


def second_hint_and_help(puzzle: Puzzle, tried: Any = ()) -> tuple[str, bool]:
    """The second Hint, and whether it helps (leaves some wrong answers out, or is the game's own step): a step
    toward the answer that does not give it — about half of the wrong answers (the
    ones that do worst first), named so the pupil can leave them out. At least :data:`KEPT_WRONG` wrong answers
    always stay among the ones not named (with fewer, the rest would be the answer or a coin flip beside it);
    when none can be left out that way, the hint only says how many of the choices are right and what to compare,
    which does not help (Practice does not count it against a first-try solve).  A
    game's puzzle module may say its own words first (``second_hint(puzzle)``, None to leave it to this one), or
    choose the wrong answers to name itself from the pupil's wrong answers so far, ``tried``
    (``hint_left_out(puzzle, tried)``: 5 en raya and Connect Four name at least one not tried yet while two are left;
    an empty choice gives the count hint, which does not help)."""
    module = catalog.get(puzzle.game_id).puzzle_module()
    own = getattr(module, "second_hint", None)
    words = own(puzzle) if own is not None else None
    if words is not None:
        return words, True
    legal = puzzle.legal_answers()
    choose = getattr(module, "hint_left_out", None)
    chosen = choose(puzzle, [puzzle.canonical(a) for a in tried]) if choose is not None else None
    if chosen is not None and not chosen:  # the module names none: naming any would leave the answer alone
        return _count_hint(puzzle), False
    if chosen:
        return ntr(
            "Hint: Leave this one out, it does worse: {moves}.",
            "Hint: Leave these {n} out, they do worse: {moves}.",
            len(chosen),
            moves=", ".join(move_words(puzzle.game_id, a) for a in sorted(chosen, key=action_key)),
        ), True
    wrong = [a for a in legal if a not in puzzle.answers]
    left_out = min(len(wrong) - KEPT_WRONG, len(wrong) // 2 + len(wrong) % 2)
    if left_out <= 0:
        return _count_hint(puzzle), False
    worst = sorted(wrong, key=lambda a: (-_miss(puzzle, a), action_key(a)))
    names = ", ".join(move_words(puzzle.game_id, a) for a in sorted(worst[:left_out], key=action_key))
    return ntr(
        "Hint: Leave this one out, it does worse: {moves}.",
        "Hint: Leave these {n} out, they do worse: {moves}.",
        left_out,
        moves=names,
    ), True


LOWER_AFTER_COLON = ("es",)
"""The languages that write a sentence after a colon in lower case (Spanish: «Pista: ¿con qué amenaza…»); English
Practice writes a capital after "Hint:" in every hint ("Hint: Look at…", "Hint: Leave these out…")."""


def after_colon(text: str, names: Any = ()) -> str:
    """``text``, a whole sentence shown after "Hint:", as the current language writes it after a colon: in Spanish
    (:data:`LOWER_AFTER_COLON`) its first word in lower case, unless that word is one of ``names`` (a player's name,
    "Coral") or is not a plain capitalised word ("AI"); in English as it is."""
    if get_language() not in LOWER_AFTER_COLON:
        return text
    lead = len(text) - len(text.lstrip("¿¡"))
    word = text[lead:].split(" ", 1)[0].strip(",.:;?!")
    if not word or word in set(names) or not (word[0].isupper() and word[1:] == word[1:].lower()):
        return text
    return text[:lead] + text[lead].lower() + text[lead + 1 :]


WHY = {
    # Dots and Boxes: what the right line does, then what every other line costs
    "take_box": N_("Why: a box with three sides is a box given away to you, and taking it keeps your turn."),
    "avoid_third_side": N_(
        "Why: a box with its third side is a box given away to the player who moves next; this line hands over the"
        " fewest."
    ),
    "safe_line": N_(
        "Why: this safe line leaves the count of long chains on your side, so your opponent must open one."
    ),
    "hard_hearted_handout": N_(
        "Why: with the middle line drawn, the two boxes are two separate gifts: your opponent cannot decline them and"
        " keep control."
    ),
    "which_to_open": N_(
        "Why: of the chains and loops you could open, this one leaves you the most boxes with best play."
    ),
    "long_chain_count": N_(
        "Why: this line steers the count of long chains your way, and the count decides who opens them."
    ),
    "sacrifice": N_(
        "Why: the boxes given away now buy the right chain count, and the long chains later pay them back."
    ),
    "double_deal": N_(
        "Why: leaving the last two boxes makes your opponent open the next chain, which is worth more than the two."
    ),
    "control_not_worth_it": N_(
        "Why: the chains left are too short to pay for keeping control: every box now is worth more."
    ),
    "all_but_four": N_(
        "Why: leaving the last four boxes of the loop makes your opponent open the next chain, which is worth more than"
        " the four."
    ),
    # 5 en raya and Connect Four
    "win_now": N_("Why: after this drop you complete a line, whatever your opponent does."),
    "block": N_("Why: this is the cell where your opponent would finish a line with the next disc."),
    "side_column": N_("Why: the discs in the outer columns are part of the line this drop counts on."),
    "double_threat": N_("Why: this drop leads to two threats at once, and your opponent can block only one."),
    "odd_even_threat": N_(
        "Why: this keeps a threat on the right row for you, so in the end your opponent has to drop just under it."
    ),
    "zugzwang": N_("Why: after this drop your opponent runs out of safe drops first."),
    "stop_double_threat": N_(
        "Why: after this drop your opponent cannot make two threats at once; after every other drop they can, or win"
        " at once."
    ),
    # Shut the Box
    # Shut the Box: only where no answer is given; the puzzle module computes the reason for each right answer
    # from the exact values (gamekit.puzzles.shut_words.why_words)
    "sets_for_roll": N_("Why: from the tiles this set leaves open, best play does better than after any other set."),
    "best_set": N_("Why: from the tiles this set leaves open, best play does better than after any other set."),
    "next_roll": N_("Why: from the tiles this set leaves open, best play does better than after any other set."),
    "one_die_or_two": N_("Why: with these dice, best play does better from here than with the others."),
}
"""After a right answer, why it is right, in the pupil's words and tied to the puzzle's idea (one per theme of
every game): what the right answer does that the others do not.  The exact cost of each other answer is in the
feedback to that answer."""
UNDER_THREAT_WHY = N_("Why: every other drop fills the cell under your opponent's threat, so they would win at once.")
"""The reason for a board puzzle where every other drop lets the opponent win at once (:data:`UNDER_THREAT_IDEA`)."""


def _theme_fits(puzzle: Puzzle, theme: str) -> Any:
    """The game's puzzle module, or None where its ``practice_hint`` says the idea of ``theme`` does not fit
    ``puzzle`` (every other drop loses at once).  A theme the puzzle does not carry: ValueError."""
    if theme not in puzzle.themes:
        raise ValueError(tr("{theme!r}: not a theme of this puzzle", theme=theme))
    module = catalog.get(puzzle.game_id).puzzle_module()
    own = getattr(module, "practice_hint", None)
    return None if own is not None and own(puzzle, theme) is not None else module


def why_right(puzzle: Puzzle, theme: str | None = None, action: Any = None) -> str:
    """One line after a right answer: why it is right, tied to the idea ``theme`` the puzzle is practised for
    (default its first theme): :data:`WHY`, or :data:`UNDER_THREAT_WHY` where the game's ``practice_hint`` says
    the theme's idea does not fit the puzzle (every other drop loses at once); given the pupil's right answer
    ``action``, the game's ``why_words(puzzle, theme, action)`` may give the reason that fits that answer (a
    Dots line that gives one box away rather than splitting two, a draw kept rather than a win); a theme
    :data:`WHY` has no reason for (a game's puzzles added without one) only says the other choices do worse.  A
    puzzle where every choice is right says so.  A theme the puzzle does not carry: ValueError."""
    if not any(a not in puzzle.answers for a in puzzle.legal_answers()):
        return tr("Why: every choice here is as good.")
    theme = theme if theme is not None else (puzzle.themes[0] if puzzle.themes else None)
    if theme is None:
        return tr("Why: every other choice does worse.")
    module = _theme_fits(puzzle, theme)
    if module is None:
        return tr(UNDER_THREAT_WHY)
    fits = getattr(module, "why_words", None)
    if action is not None and fits is not None:
        words = fits(puzzle, theme, action)
        if words is not None:
            return words
    return tr(WHY[theme]) if theme in WHY else tr("Why: every other choice does worse.")  # a game added later


def mistake_words(puzzle: Puzzle, action: Any, theme: str | None = None) -> str | None:
    """What a wrong answer's mistake is, in one sentence, where the game's puzzle module can compute it
    (``mistake_words(puzzle, action)``: a Dots line that draws a third side, a drop that fills the cell under the
    opponent's threat or leaves it open, a Shut the Box set that leaves tiles the next roll covers less often),
    then the idea to look for where the module names one (``look_for_words(puzzle, action, theme)``, for the idea
    ``theme`` the board practises, so it is the idea the first Hint and a right answer name), else None."""
    module = catalog.get(puzzle.game_id).puzzle_module()
    own = getattr(module, "mistake_words", None)
    look = getattr(module, "look_for_words", None)
    action = puzzle.canonical(action)
    parts = [own(puzzle, action) if own is not None else None, look(puzzle, action, theme) if look else None]
    return " ".join(p for p in parts if p) or None


IDEAS = {
    # Dots and Boxes
    "take_box": N_("The idea: a box with three sides is yours to take."),
    "avoid_third_side": N_("The idea: never draw a box's third side, or you give the box away."),
    "safe_line": N_("The idea: of the safe lines, choose the one that keeps the chain count on your side."),
    "hard_hearted_handout": N_(
        "The idea: when every line gives boxes away, give them so they cannot be refused: one box on its own, or"
        " two with the line between them."
    ),
    "which_to_open": N_(
        "The idea: when every line gives boxes away, choose which chain or loop to open: compare what each one gives"
        " now and what comes after it."
    ),
    "long_chain_count": N_("The idea: count the long chains and steer the count your way."),
    "sacrifice": N_("The idea: giving boxes away now can turn the chain count your way."),
    "double_deal": N_("The idea: leave the last two boxes of a chain and you keep control."),
    "control_not_worth_it": N_("The idea: when control costs more than it brings, take every box."),
    "all_but_four": N_("The idea: in a loop, leave the last four boxes and you keep control."),
    # 5 en raya and Connect Four
    "win_now": N_("The idea: look for a line you can finish with one disc."),
    "block": N_("The idea: drop into the cell where your opponent would finish a line."),
    "side_column": N_("The idea: the discs in the outer columns help make lines too."),
    "double_threat": N_("The idea: two threats at once cannot both be blocked."),
    "odd_even_threat": N_(
        "The idea: a threat on the right row (odd for red, even for yellow) often wins in the end (a rule of thumb)."
    ),
    "zugzwang": N_("The idea: make your opponent run out of safe drops first."),
    "stop_double_threat": N_(
        "The idea: before you drop, look at your opponent's next drop. If it could make two threats at once, stop it"
        " first."
    ),
    # Shut the Box
    "sets_for_roll": N_("The idea: list every set of open tiles that adds up to the roll."),
    "best_set": N_("The idea: judge a set by the tiles it leaves open and every roll still to come."),
    "one_die_or_two": N_("The idea: choose the dice whose totals your open tiles need."),
    "next_roll": N_("The idea: think of the next roll, not only of this one."),
}
"""After a right answer, the puzzle's idea in one sentence a pupil reads (one per theme of every game)."""
UNDER_THREAT_IDEA = N_("The idea: never drop a disc just under your opponent's threat.")
"""The idea of a board puzzle where every other drop lets the opponent win at once (the game's
``practice_hint`` says so): not the zugzwang its tag names."""


def idea_words(puzzle: Puzzle, theme: str, action: Any = None) -> str | None:
    """The one sentence naming the idea of ``puzzle`` as Practice asks it (its ``theme``), in the current
    language: :data:`IDEAS`, or :data:`UNDER_THREAT_IDEA` where the game's ``practice_hint`` says the theme's idea
    does not fit the puzzle, or the game's own ``idea_words(puzzle, theme)`` where it has words for this puzzle (a
    draw-keeping zugzwang).  Given the pupil's right answer ``action``: None where the game's
    ``idea_fits(puzzle, theme, action)`` says that answer shows nothing of the idea (a 5 en raya drop that makes
    no threat yet, right because another right drop makes it), so no idea follows a reason it contradicts.  A
    theme the puzzle does not carry: ValueError."""
    module = _theme_fits(puzzle, theme)
    if module is None:
        return tr(UNDER_THREAT_IDEA)
    fits_action = getattr(module, "idea_fits", None)
    if action is not None and fits_action is not None and not fits_action(puzzle, theme, str(action)):
        return None
    fits = getattr(module, "idea_words", None)
    words = fits(puzzle, theme) if fits is not None else None
    return words if words is not None else tr(IDEAS[theme])


__all__ = ["KEPT_WRONG", "second_hint", "why_right", "mistake_words", "idea_words", "WHY", "IDEAS"]
