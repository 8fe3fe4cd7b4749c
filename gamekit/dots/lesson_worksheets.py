"""The Dots and Boxes worksheets on paper: each sheet's words card, numbered-line pictures and lesson 4's tally."""

from __future__ import annotations

from gamekit.display import Paragraph
from gamekit.display import Table
from gamekit.dots import analysis
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.rules import geometry
from gamekit.i18n import N_
from gamekit.i18n import tr
from gamekit.widgets.exercise import parse_int
from typing import Any
from typing import Sequence
from gamekit.dots.lesson_positions import SEATS, SEQUENCES


WORKSHEET_RULES = (
    N_(
        "**How to play:** the players take turns to draw one line between two dots next to each other. Whoever "
        "draws the fourth side of a box wins it and draws again. When every line is drawn, the player with more "
        "boxes wins."
    ),
    N_("**Third side:** a box with three sides drawn can be taken by the next player."),
)
"""The rules card at the top of every Dots and Boxes worksheet: the rules and the one word of lesson 1, so a sheet
stands alone on paper.  The words of later lessons are on each sheet's own card (:data:`WORKSHEET_WORDS`)."""

WORKSHEET_WORDS: dict[int, tuple[str, ...]] = {
    1: (),
    2: (N_("**Safe line:** a line that gives no box its third side."),),
    3: (
        N_("**Junction:** a box with no side drawn, or only one: several chains can meet there."),
        N_(
            "**Chain:** boxes linked so that taking one gives the next its third side; a chain has two ends, each at "
            "the edge of the board, at a box already taken, or at a junction."
        ),
        N_("**Long chain:** a chain of 3 boxes or more (loops do not count)."),
        N_("**Short chain:** a chain of 1 or 2 boxes."),
        N_("**Loop:** a ring of linked boxes that closes on itself, with no end at all. A loop is not a chain."),
    ),
    4: (
        N_(
            "**Handing over a 2-chain at an end:** the other player can take both boxes, or refuse them by drawing "
            "the far end and leaving both to you."
        ),
        N_(
            "**Handing over a 2-chain by its middle line:** each box has its own third side, so they cannot be refused."
        ),
        N_("**Control:** the player who has control makes the other player open every long chain."),
        N_(
            "**Long chain rule:** add the dots and the long chains. The first player wants the total to be even, the "
            "second player wants it odd. Whoever gets the total they want has control."
        ),
        N_(
            "**Turn:** one player's run of lines. Gold plays the odd turns, Coral the even ones. A game has one turn "
            "per dot, plus one for each line that wins two boxes at once."
        ),
        N_("**Sacrifice:** boxes given away on purpose, to change the long-chain count."),
    ),
    5: (N_("**Double-cross:** one line that wins two boxes at once."),),
}
"""The words each lesson teaches, for its worksheet's own card (:func:`gamekit.dots.lessons.worksheet_aids`): a
sheet's card holds the words of its lesson and the lessons before it, never a word taught later.  Lesson 3's card
holds what its page teaches before exercise 1.  That offered boxes can be refused is taught after exercise 6, as on
the page (:data:`WORDS_AFTER`).  How a 2-chain is handed over (at an end it can be refused, by its middle line it
cannot) is exercise 6's answer: sheet 3 does not print it, not even the page's fact that an end opening can be left
to its opener, and the whole of it is on the cards from lesson 4 on.
The double-deal is not on lesson 5's card: exercise 1 asks what it wins before the page names it, so the sheet
names it after exercise 1 (:data:`WORDS_AFTER`).
All-but-four is not on lesson 5's card nor on its sheet: it is exercise 2's answer (take 2 of a loop of 6).
Lesson 4's card says how many turns a game has in general (one per dot, plus one per line that wins two boxes);
the usual count, dots + long chains − 1, is not on the cards: lesson 4's exercise 9 asks for it."""

WORDS_AFTER = {
    (3, "chain_or_loop"): (  # after exercise 6, as on the page; exercise 7 and More practice need it
        N_(
            "**Refusing boxes:** the other player does not have to take the boxes you offer. They can draw a line "
            "that takes nothing and leave the boxes to you; then you must open the next chain."
        ),
    ),
    (5, "double_deal_score"): (  # after exercise 1, which asks what a double-deal wins before the page names it
        N_(
            "**Double-deal:** leaving the last two boxes of a chain to the other player with one line, instead of "
            "taking them: the other player takes both with a double-cross and must then open the next chain."
        ),
    ),
    (5, "l5_ex5"): (  # right before exercise 7, which needs it, as on the page ("short chain" is on the top card)
        N_("**Opening a short chain:** the player who opens a short chain chooses how to open it."),
    ),
}
"""Words a worksheet teaches right after one exercise (``(lesson, exercise key)``), because on the card at the top
they would give a later exercise's answer away; the lesson page teaches them at the same place.  A word that is an
exercise's own answer is not on the sheet at all: on paper the whole sheet is in view, so a card under the
exercise would answer it.  How a 2-chain is handed over (lesson 3, exercise 6), all-but-four (lesson 5, exercise 2)
and why whoever opens a short chain gets control (lesson 5, exercise 7) are said by the teacher once the exercise
is checked (the guide's lesson plans say where)."""

FACT_CARDS = {(5, "l5_ex5")}
"""The cards of :data:`WORDS_AFTER` that hold a fact, not a new word: :func:`words_card` titles them "Good to
know"."""


WORDS_BEFORE: dict[tuple[int, str], tuple[str, ...]] = {}
"""What a worksheet prints under an exercise's heading, before its question (``(lesson, exercise key)``), where the
page says something right above that exercise that the exercise needs and that does not answer it (none at present:
lesson 3's fact that a 2-chain opened at an end can be left to its opener argues exercise 6's answer, so the page
gives it after exercise 6, and the sheet, all in view at once, leaves it to the teacher once exercise 6 is checked)."""


def words_before(lesson: int, key: str) -> list[str]:
    """The sentences :data:`WORDS_BEFORE` prints under the heading of exercise ``key`` of lesson ``lesson``."""
    return [tr(text) for text in WORDS_BEFORE.get((lesson, key), ())]


EXTRA_AFTER = {4: ("steer_steer_two", 8, 11), 5: ("l5_ex8", 10, 11)}
"""Where a worksheet's part for spare time or for home starts, as on the lesson page: by lesson, the key of the last
exercise in the lesson's minutes and the numbers of the extra exercises after it."""


EXTRA_INSIDE = {3: ("count_loops_two_loops", 4), 4: ("parity_5x5_2x2_4x3_6x6_1", 3), 5: ("l5_ex5", 6)}
"""An exercise left out of a lesson's minutes where it stands on the page, to lighten the period (by lesson: its key
and its number): the page and the sheet mark it extra under its heading, and the pupil goes on to the next one.  It
keeps its place because the levels run easy to hard down the page; the extras at the end are :data:`EXTRA_AFTER`'s."""


def extra_inside(lesson: int, key: str) -> list[str]:
    """The line a worksheet prints under the heading of exercise ``key`` when it is an extra in the middle of the lesson
    (:data:`EXTRA_INSIDE`), as the page does: for spare time or for home, and in class the next exercise."""
    extra, number = EXTRA_INSIDE.get(lesson, ("", 0))
    if key != extra:
        return []
    return [tr("**Extra**, for spare time or for home. In class, go on to exercise {n}.", n=number + 1)]


def extra_after(lesson: int, key: str) -> list[str]:
    """The heading a worksheet prints after exercise ``key`` when the exercises after it are extra
    (:data:`EXTRA_AFTER`): on paper, as on the page, the pupil sees which exercises are not in the lesson's minutes."""
    last, first, end = EXTRA_AFTER.get(lesson, ("", 0, 0))
    if key != last:
        return []
    return [
        "## "
        + tr("If you have time — or for homework")
        + "\n\n"
        + (
            tr("Exercises {first} and {last} are extra: for spare time or for home.", first=first, last=end)
            if end == first + 1
            else tr("Exercises {first} to {last} are extra: for spare time or for home.", first=first, last=end)
        )
    ]


def second_sheet(after: int) -> str:
    """Where a worksheet starts its second sheet, for a lesson's second period, given out once exercise ``after`` is
    checked: what follows may state an earlier exercise's answer, and on paper the whole of one sheet is in view.
    A page break for the printer, then a heading that tells the teacher and the pupil when the sheet is given out."""
    if isinstance(after, bool) or not isinstance(after, int) or after < 1:
        raise ValueError(tr("after={after!r}: the number of an exercise, from 1 up", after=after))
    return '<div style="break-before: page"></div>\n\n## ' + tr(
        "Sheet 2 — period 2, given out once exercise {n} is checked", n=after
    )


WRITING_LINE = "________________________________________________________________________________"
"""A line to write a sentence on, as under a worksheet's closing question."""


def period_end_slot() -> str:
    """The end of lesson 5's first period on paper, as on the page: the short reflection, written down (the guide
    plans ten minutes for it), at the foot of the first sheet.  Markdown, current language."""
    return "\n\n".join(
        [
            "## " + tr("End of period 1"),
            tr(
                "Explain in one sentence to your partner: why does a double-deal give boxes away, and how many "
                "does it leave of a chain and of a loop? Then write your sentence down."
            ),
            WRITING_LINE,
            WRITING_LINE,
        ]
    )


def period_recap_slot() -> str:
    """The two-minute recap that opens lesson 5's second period on paper, as on the page: right under the second
    sheet's heading, before exercise 4.  Markdown, current language."""
    return "\n\n".join(
        [
            "## " + tr("Period 2 — recap"),
            tr(
                "Two minutes, with your partner, before you go on. You refuse a chain on offer with a double-deal. "
                "Who has to draw the next line after it, and what must that player do?"
            ),
            WRITING_LINE,
        ]
    )


def words_after_card(lesson: int, key: str) -> list[str]:
    """The card printed right after exercise ``key`` of lesson ``lesson`` (:data:`WORDS_AFTER`, titled as a fact for
    :data:`FACT_CARDS`), as a one-block list; none when that exercise has no card."""
    words = WORDS_AFTER.get((lesson, key), ())
    return [words_card(words, fact=(lesson, key) in FACT_CARDS)] if words else []


def words_card(words: Sequence[str], fact: bool = False) -> str:
    """The card a worksheet prints right after an exercise (:data:`WORDS_AFTER`): "A new word" or "New words" (for a
    card of facts, :data:`FACT_CARDS`, "Good to know"), then each entry (Markdown, current language)."""
    if fact:
        head = tr("Good to know")
    else:
        head = tr("A new word") if len(words) == 1 else tr("New words")
    return "> **" + head + "**\n>\n" + "\n".join(f"> * {tr(word)}" for word in words)


def line_by_line_pictures(width: int, height: int, moves: Sequence[str], per_row: int = 3) -> str:
    """Small text pictures of a board after each line of ``moves``, for a sheet on paper: picture ``i`` shows only
    lines 1 to ``i`` (earlier lines as plain strokes, line ``i`` carrying its number), so each row of a tally has
    the board its question needs and no picture shows a later line.  Drawn like the sheet's other boards (``o`` a
    dot, ``---`` and ``|`` a line, a legend under them), columns lettered and rows numbered as on the screen;
    ``per_row`` pictures side by side, each headed with its line number.  No line is written by its name, so
    nothing on the sheet reads as an exercise's answer."""
    if isinstance(per_row, bool) or not isinstance(per_row, int) or per_row < 1:
        raise ValueError(tr("per_row={per_row!r}: a whole number of pictures from 1 up", per_row=per_row))
    geo = geometry(width, height)
    board = DotsAndBoxes(width, height)
    ends = [geo.line_dots(board.line_index(m)) for m in moves]
    cell = 4
    pictures = []
    for i in range(1, len(ends) + 1):
        drawn = {dots: (n if n == i else 0) for n, dots in enumerate(ends[:i], 1)}
        rows = [tr("after line {i}", i=i), "   " + "".join(chr(ord("a") + c).ljust(cell) for c in range(width + 1))]
        for r in range(height + 1):
            text = f"{r + 1:<3}"
            for c in range(width + 1):
                text += "o"
                if c < width:
                    mark = drawn.get(((c, r), (c + 1, r)))
                    text += " " * (cell - 1) if mark is None else (f"{mark:-^{cell - 1}}" if mark else "-" * (cell - 1))
            rows.append(text)
            if r < height:
                text = "   "
                for c in range(width + 1):
                    mark = drawn.get(((c, r), (c, r + 1)))
                    text += ("" if mark is None else str(mark) if mark else "|").ljust(cell)
                rows.append(text)
        pictures.append(rows)
    wide = max(len(line) for rows in pictures for line in rows) + 3
    blocks = []
    for k in range(0, len(pictures), per_row):
        group = pictures[k : k + per_row]
        blocks.append("\n".join("".join(rows[j].ljust(wide) for rows in group).rstrip() for j in range(len(group[0]))))
    legend = tr("o a dot, --- and | the lines drawn")
    return (
        "```\n" + "\n\n".join(blocks) + "\n" + legend + "\n```"
    )  # a plain block: the sheet's ```text blocks are its positions


def tally_sheet(name: str = "tally_game") -> str:
    """Lesson 4's tally on paper: what "forming" means, the board after each of the game's lines
    (:func:`line_by_line_pictures`: each shows only the lines up to its own, none by its name), the lines that need
    no row (:func:`tally_worked_row`) and a table to fill in with a numbered row for every line, so pupils write
    counts, not line numbers: since every line has its row, where the tally starts (:func:`tally_first_row`) is
    still the pupil's to find, as on the page (Markdown, current language)."""
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    if moves:
        raise ValueError(f"{name}: the tally sheet draws its game from an empty board")
    steps = spec["steps"]
    game = DotsAndBoxes.from_moves(width, height, moves)
    for line in steps:
        game.play(line)
        if game.last_completed:
            raise ValueError(f"{name}: line {line} takes a box; the tally sheet says Gold draws the odd lines")
    tally_first_row(name)  # refuses a game with no quiet opening, or with no long chain forming
    head = [tr("line number"), tr("long chains forming"), tr("dots + long chains"), tr("suits")]
    # a numbered row for every line, from 1: a table starting at the first row to fill would say where that is
    rows = "\n".join(f"| {i} | | | |" for i in range(1, len(steps) + 1))
    return "\n".join(
        [
            "**" + tr("Keep a tally") + "**",
            "",
            tr(
                "A long chain is forming when three or more boxes, joined one to the next through their undrawn "
                "sides, each already have two sides drawn. The {n} small boards below are one game on a "
                "{width}×{height} board, after each of its first {n} lines: each board shows only the lines drawn so "
                "far, the newest with its number. Gold drew the odd numbers, Coral the even ones. Look at the "
                "boards in order; do not look ahead. From the first line after which a long chain is forming, fill "
                "in that line's row of the table and the row of each line after it; leave the rows before it "
                "empty.",
                n=len(steps),
                width=width,
                height=height,
            ),
            "",
            line_by_line_pictures(width, height, steps),
            "",
            str(tally_worked_row(name)),
            "",
            "| " + " | ".join(head) + " |",
            "|" + "---|" * len(head),
            rows,
        ]
    )


NO_PREDICTION = "–"
"""What a tally row says in its "suits" column while no long chain is forming: before the chains form, the count
predicts nothing (a 3×3 game is won by the second player, though 16 + 0 is even)."""


def tally_rows(name: str = "tally_game") -> list[tuple[int, int, str, str]]:
    """The forming long-chain count after each line of a named sequence: ``(line number, long chains,
    "dots + long chains = total", seat it suits)`` (the analysis of each position; lesson 4's tally check), with
    :data:`NO_PREDICTION` for the seat while no long chain is forming.  The
    lines themselves are not named: the step-through above names them, and a line name in a table could read as
    the answer to an exercise on another board."""
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    game = DotsAndBoxes.from_moves(width, height, moves)
    rows = []
    for i, line in enumerate(spec["steps"], 1):
        game.play(line)
        rule = analysis.long_chain_rule(game)
        total = rule.dots + rule.long_chains
        rows.append(
            (
                i,
                rule.long_chains,
                f"{rule.dots} + {rule.long_chains} = {total}",
                tr(SEATS[rule.favoured]) if rule.long_chains else NO_PREDICTION,
            )
        )
    return rows


def tally_first_row(name: str = "tally_game") -> int:
    """The first line of a named sequence after which a long chain is forming: the pupil's tally starts there (the
    lines before it change nothing the count can say).  ValueError when a long chain forms by line 2 (no quiet
    opening to skip) or never forms (nothing to tally).  Computed from the analysis, like :func:`tally_rows`."""
    rows = tally_rows(name)
    first = next((row[0] for row in rows if row[1]), None)
    if first is None or first < 3:
        raise ValueError(f"{name}: the tally needs a quiet opening, then a long chain forming")
    return first


def tally_worked_row(name: str = "tally_game") -> Paragraph:
    """What the pupil does with the lines before the tally starts (:func:`tally_first_row`): no long chain is forming
    yet, so the count predicts nothing, and they need no row; the table starts at the first line after which a long
    chain forms.  Short sentences that read aloud (no symbol standing for a word).  Names no line (spotting where a
    chain starts forming is the pupil's task) and says nothing about the rows of the table.  Computed from the
    analysis, like :func:`tally_rows`."""
    tally_first_row(name)  # refuses a game with no quiet opening, or with no long chain forming
    dots = tally_rows(name)[0][2].split(" + ")[0]
    return Paragraph(
        tr(
            "A line after which no long chain is forming needs no row. With no long chain, the count predicts "
            "nothing: it is only the dots, {dots} + 0 = {dots}, and it does not say yet who will win. Your table "
            "starts at the first line after which a long chain is forming.",
            dots=dots,
        )
    )


def tally_table(name: str = "tally_game") -> Table:
    """The tally a pupil writes while stepping through ``name``, computed: one row per line from
    :func:`tally_first_row`."""
    first = tally_first_row(name)
    return Table(
        [tr("line number"), tr("long chains forming"), tr("dots + long chains"), tr("suits")],
        [row for row in tally_rows(name) if row[0] >= first],
        caption=tr(
            "The long-chain count after each line from line {first} (before it no long chain is forming, so the "
            "count predicts nothing)",
            first=first,
        ),
    )


def tally_prediction(answer: Any, name: str = "tally_game") -> tuple[bool, str]:
    """Whether ``answer`` is the long chains of the pupil's last row, the count after the last line of the
    sequence: only that count opens the check (predict, then check).  Something that is not a whole number from 0 to
    the most long chains the board holds is refused, with why; each wrong count gets its own reason (none forming,
    the count of an earlier row, too many, too few), computed from :func:`tally_rows`."""
    width, height, _ = SEQUENCES[name]["start"]
    most = width * height // 3
    try:
        k = parse_int(answer)
    except ValueError:
        k = -1
    if not 0 <= k <= most:
        return False, tr("Type the number of long chains in your last row, a whole number from 0 to {most}.", most=most)
    rows = tally_rows(name)
    right = rows[-1][1]
    if k == right:
        return True, tr("Yes. Now open “Check your tally” and compare it with your table, row by row.")
    if k == 0:
        return False, tr(
            "After the last line, long chains are forming: look for three boxes or more, joined one to the next, each "
            "with two sides drawn."
        )
    if any(row[1] == k for row in rows[:-1]):
        return False, tr(
            "That was the count after an earlier line. Recount on the board after the very last line only: go round "
            "every part of it, and count the chains of three boxes or more."
        )
    return False, tr(
        "Not {k}. Recount on the board after the last line: go round every part of the board, count the boxes of "
        "each chain, and keep only the chains of three boxes or more. A loop does not count.",
        k=k,
    )


def tally_first_line(answer: Any, name: str = "tally_game") -> tuple[bool, str]:
    """Whether ``answer`` is the number of the first line after which a long chain is forming
    (:func:`tally_first_row`), where the pupil's table starts: the first question of the tally check, one line of
    the sequence's many, so it cannot be guessed.  Something that is not a line number of the sequence is refused,
    with why; a line too early and a line too late each get their own reason, computed from :func:`tally_rows`."""
    steps = len(SEQUENCES[name]["steps"])
    try:
        k = parse_int(answer)
    except ValueError:
        k = 0
    if not 1 <= k <= steps:
        return False, tr("Type the number of a line, a whole number from 1 to {n}.", n=steps)
    first = tally_first_row(name)
    if k == first:
        return True, tr("Yes: your table starts at line {k}. Now type the long chains of your last row.", k=k)
    if k < first:
        return False, tr(
            "After line {k}, no long chain is forming yet: no three boxes joined one to the next each have two sides "
            "drawn. Look again at the boards after it.",
            k=k,
        )
    return False, tr(
        "A long chain was already forming before line {k}. Look again at the boards before it, one by one.", k=k
    )


TALLY_TRIES = 2
"""How many wrong answers (the line the table starts at, or the last row's count) the tally check takes before it
shows the worked rows: the count is a small number, so a third try would be a guess, not a recount."""


def tally_check(name: str = "tally_game"):
    """The computed tally as predict-then-check: the pupil types the line their table starts at
    (:func:`tally_first_line`), then, once that is right, the long chains of their own last row
    (:func:`tally_prediction` says what to recount after a wrong count).  The table is built only after both are
    right, or after :data:`TALLY_TRIES` wrong answers (then the entry is closed: the worked rows are shown instead of
    more guesses), never before (not even hidden: a saved or exported notebook would show it), and then folded
    away under "Check your tally"."""
    import ipywidgets as W

    start = W.Text(
        placeholder=tr("a line number"),
        description=tr("Your table starts at line:"),
        continuous_update=False,
        style={"description_width": "initial"},
    )
    entry = W.Text(
        placeholder=tr("your count"),
        description=tr("Long chains after the last line:"),
        continuous_update=False,
        style={"description_width": "initial"},
    )
    start_note, note = W.HTML(), W.HTML()
    box = W.VBox([start, start_note])
    wrong: list[str] = []  # the wrong answers typed so far (a refused entry, not an answer, is not one)
    refusals = (tally_first_line("", name)[1], tally_prediction("", name)[1])

    def show_table() -> None:
        table = W.Accordion(children=[W.HTML(tally_table(name)._repr_html_())], selected_index=None)
        table.set_title(0, tr("Check your tally"))
        start.disabled = entry.disabled = True
        box.children = [*box.children, table]

    def judged(change: dict, check, shown: W.HTML) -> bool:
        """Show the reason for an answer; True when it is right.  After TALLY_TRIES wrong answers the rows open."""
        if isinstance(box.children[-1], W.Accordion):  # the table is out: the check is over
            return False
        answer = change["new"]
        ok, message = check(answer, name)
        if not ok and message not in refusals:
            wrong.append(str(answer).strip())
        if not ok and len(wrong) >= TALLY_TRIES:
            message += " " + tr(
                "That is two answers that were not right, so here are the worked rows. Open “Check your tally” and "
                "compare them with your table, row by row: find the first line where yours differs."
            )
            show_table()
        shown.value = f"<p>{message}</p>"
        return ok

    def started(change: dict) -> None:
        if judged(change, tally_first_line, start_note) and entry not in box.children:
            start.disabled = True
            box.children = [start, start_note, entry, note]

    def predicted(change: dict) -> None:
        if judged(change, tally_prediction, note):
            show_table()

    start.observe(started, names="value")
    entry.observe(predicted, names="value")
    return box
