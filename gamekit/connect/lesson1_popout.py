"""5 en raya lesson 1's PopOut exercises (a pop to avoid, a pop that wins) and its More practice pop: made
positions, every choice played out on the rules engine (the exact solver does not play PopOut)."""

from __future__ import annotations

from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow
from gamekit.i18n import N_, tr
from gamekit.widgets.exercise import choice_checker
from gamekit.connect.lesson_exercise import ConnectExercise, line_way
from gamekit.connect.lesson_positions import immediate_wins


POPOUT_AVOID = "365326454172741227672717"
"""Lesson 1's easier PopOut exercise (5 en raya + PopOut): red to move; exactly one of red's pops hands yellow a
five."""


def reply_words(move: str) -> str:
    """The opponent's answer in words: "pops column 3" for a pop (``p3``), "drops into column 3" for a drop."""
    return tr("pops column {n}", n=move[1:]) if move.startswith("p") else tr("drops into column {n}", n=move)


def popout_avoid_exercise() -> ConnectExercise:
    """Which of red's pops must red avoid: each legal pop is a choice, played out on the rules engine; exactly one
    completes a line for yellow only (so yellow wins), and each other pop is told what it does."""
    game = FiveInARow.from_moves(POPOUT_AVOID, popout=True)
    me = game.to_move
    worded: dict[str, str] = {}
    losing, unsafe = [], set()
    for m in (m for m in game.legal_moves() if m.startswith("p")):
        g = game.copy()
        g.play(m)
        n, label = m.lstrip("p"), popout_move_label(m)
        if g.winner() == 1 - me:
            losing.append(label)
            worded[label] = tr(
                "Right: popping column {n} lets the discs above fall one row, and {other}'s five appears "
                "across row {row}. A pop that completes a line only for your opponent makes your opponent "
                "win.",
                n=n,
                other=tr(COLOUR_NAMES[1 - me]),
                row=g.winning_cells()[0][1] + 1,
            )
        elif g.winner() == me:
            worded[label] = tr(
                "Not column {n}: that pop makes five for {me}, so it wins.", n=n, me=tr(COLOUR_NAMES[me])
            )
        elif immediate_wins(g):
            reply = immediate_wins(g)[0]
            unsafe.add(label)  # the common slip: a pop that loses one move later (first in ``wrong``)
            worded[label] = tr(
                "Not column {n}: after that pop no line of five appears yet, so {other} does not win at "
                "once. But it is a bad pop too: {other} then {reply} and makes five. The pop to avoid "
                "gives {other} five with no move in between.",
                n=n,
                other=tr(COLOUR_NAMES[1 - me]),
                reply=reply_words(reply),
            )
        else:
            worded[label] = tr(
                "Not column {n}: after that pop the discs above fall one row, but no line of five "
                "appears for either colour, and {other} cannot make five with the next move. That pop "
                "is safe.",
                n=n,
                other=tr(COLOUR_NAMES[1 - me]),
            )
    if len(losing) != 1 or len(worded) < 3:
        raise ValueError(f"the PopOut pop to avoid needs exactly one losing pop among at least three, not {losing}")
    choices = list(worded)
    return ConnectExercise(
        tr(
            "PopOut, {colour} to move. One of {colour}'s pops would make {other} win at once. Which "
            "pop must {colour} avoid?",
            colour=tr(COLOUR_NAMES[me]),
            other=tr(COLOUR_NAMES[1 - me]),
        ),
        choice_checker(losing[0], worded),
        hint=tr(
            "Picture each column falling by one row when its bottom disc is popped. Look for "
            "five cells in a row, four of them {other}: is there a {other} disc just above the "
            "fifth one?",
            other=tr(COLOUR_NAMES[1 - me]),
        ),
        answer=losing[0],
        solutions=losing,
        choices=choices,
        wrong=sorted((c for c in choices if c not in losing), key=lambda c: c not in unsafe),
        key="popout_avoid",
        game=game,
        click=False,
    )


POPOUT_EXERCISE = "626755361p2547251737p7365632454p2p161p177"
"""Lesson 1's PopOut exercise (5 en raya + PopOut): red to move; no drop makes five, and red may pop five columns.
Exactly one pop makes red's five (across row 2, with the red side disc on the right); the tempting pop under red's
three in the bottom row makes yellow's five instead; another leaves yellow a five with the next drop; two do
nothing."""


POPOUT_PRACTICE = (
    "33657454677317p76p6p7442674p7527162731p2p7p7p7363p5p14p5p7p65622272517p4p74p35p1p3751p1p7533p2p6126p"
    "57p456p2p545p42p7p21p3p73p542p61p6717p6p66566p575p6p6p7p6p27p3p2p7p46p46p164223416p1p5p1p6p7p4115p74"
    "6p1p4p147p1p67p4p5"
)
"""Lesson 1's More practice on PopOut (5 en raya + PopOut), from a random game: red to move; no drop makes five,
and red may pop five columns.  Exactly one pop makes red's five, column 3 (diagonally, where exercise 8's is column 5
across a row, so exercise 8's answer copied fails); one makes yellow's five diagonally instead; another leaves
yellow a five with the next drop; two do nothing."""


EXERCISE_PROMPT = N_(
    "PopOut, {me} to move. No drop makes five for {me}, but one pop does, right now. Careful: some pops help "
    "{other}. Which pop wins?"
)
"""Exercise 8's question (untranslated: :func:`popout_win_exercise` translates it)."""


def popout_game() -> ConnectGame:
    return FiveInARow.from_moves(POPOUT_EXERCISE, popout=True)


def popout_move_label(move: str) -> str:
    """A PopOut exercise choice in words: "drop into column 4" or "pop column 3"."""
    n = move.lstrip("p")
    return tr("pop column {n}", n=n) if move.startswith("p") else tr("drop into column {n}", n=n)


def _wins(game: ConnectGame, move: str) -> bool:
    """Whether ``move`` completes a line for the player making it."""
    g = game.copy()
    g.play(move)
    return g.winner() == game.to_move


def popout_exercise() -> ConnectExercise:
    """Lesson 1's exercise 8: the pop that wins in :data:`POPOUT_EXERCISE` (:func:`popout_win_exercise`)."""
    return popout_win_exercise(POPOUT_EXERCISE, "popout_pop")


def popout_practice_exercise() -> ConnectExercise:
    """Lesson 1's More practice on PopOut (the puzzle bank holds no PopOut position): the pop that wins in
    :data:`POPOUT_PRACTICE` (:func:`popout_win_exercise`), asked at the level of the lesson's exercise 7."""
    ex = popout_win_exercise(
        POPOUT_PRACTICE,
        "practice popout",
        prompt=N_(
            "Another PopOut game, {me} to move. Dropping a disc makes no five here. Take out one of your own "
            "bottom discs so that {me} has five in a line at once. Watch out: a pop can also make {other}'s five. "
            "Which pop?"
        ),
    )
    ex.level = "medium"
    return ex


def popout_win_exercise(moves: str, key: str, prompt: str = EXERCISE_PROMPT) -> ConnectExercise:
    """Which pop makes the mover's five in the PopOut game ``moves``: no drop does (checked), so the choices are the
    real ones, every pop the mover can make, each played out on the rules engine to say what it does.  A pop that
    makes five at once is the best move there is (nothing scores higher), so exactly the winning pop is accepted
    and the position must have one (checked).  The position has a trap (checked): a pop that completes a line for
    the other player only, so that player wins, and each kind of wrong pop gets its own reason: the other player's
    five at once (and which way it runs), the other player's five with the next move, or no five at all.  ``key``:
    the exercise's name in the saved progress; ``prompt``: the question (untranslated, with ``{me}`` and
    ``{other}`` for the colours), so that the practice problem does not read as a copy of exercise 8."""
    game = FiveInARow.from_moves(moves, popout=True)
    me, other = game.to_move, 1 - game.to_move
    colours = dict(me=tr(COLOUR_NAMES[me]), other=tr(COLOUR_NAMES[other]))
    worded: dict[str, str] = {}
    winning, won, traps = [], [], []
    if any(_wins(game, m) for m in game.legal_moves() if not m.startswith("p")):
        raise ValueError("the PopOut exercise needs a position where no drop makes five")
    for m in (m for m in game.legal_moves() if m.startswith("p")):  # the real choices: every pop red can make
        g = game.copy()
        g.play(m)
        n, label = m.lstrip("p"), popout_move_label(m)
        if g.winner() == me:
            winning.append(label)
            won.append(m)
            side = any(g.is_side(c) for c, _ in g.winning_cells())
            worded[label] = tr(
                "Right: popping column {n} lets the discs above fall one row, and {me}'s five appears {way}.",
                n=n,
                way=line_way(g, g.winning_cells()),
                **colours,
            ) + (" " + tr("One end of it is {me}'s side disc.", **colours) if side else "")
        elif g.winner() == other:
            traps.append(label)
            worded[label] = tr(
                "Not column {n}: after that pop the discs above fall one row, and {other}'s five appears {way}. A "
                "pop that completes a line only for your opponent makes your opponent win.",
                n=n,
                way=line_way(g, g.winning_cells()),
                **colours,
            )
        elif immediate_wins(g):
            reply = immediate_wins(g)[0]
            worded[label] = tr(
                "Not column {n}: after that pop no line of five appears, and then {other} {reply} and makes five.",
                n=n,
                reply=reply_words(reply),
                **colours,
            )
        else:
            worded[label] = tr(
                "Not column {n}: after that pop the discs above fall one row, but no line of five appears for "
                "either colour. Look at every row the popped column reaches.",
                n=n,
            )
    choices = list(worded)
    if len(won) != 1 or not won[0].startswith("p"):
        raise ValueError(f"the PopOut exercise {key!r} needs exactly one winning move, a pop, not {won}")
    if not traps or len(choices) < 5:
        raise ValueError(f"the PopOut exercise {key!r} needs five pops or more, one of them the opponent's five")
    return ConnectExercise(
        tr(prompt, **colours),
        choice_checker(winning[0], worded),
        hint=tr(
            "Picture each column falling by one row when its bottom disc is popped. A pop changes every row "
            "that column reaches: after which pop does one of those rows hold five red discs in a line? Side "
            "discs count."
        ),
        answer=winning[0],
        solutions=winning,
        choices=choices,
        wrong=sorted((c for c in choices if c not in winning), key=lambda c: c not in traps),
        key=key,
        game=game,
        click=False,
    )
