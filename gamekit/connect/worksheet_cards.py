"""The 5 en raya worksheets' help cards: what a pupil working a lesson's sheet on paper needs from the lesson page,
as Markdown blocks in the current language (the lesson registry's ``worksheet_aids`` picks a lesson's cards)."""

from __future__ import annotations

from gamekit.connect import teach_pictures
from gamekit.connect.rules import ConnectGame, FIVE_IN_A_ROW, Variant
from gamekit.i18n import tr


def threat_words_card() -> list[str]:
    """Lesson 2's card at the top of its sheet: the words threat, ✗ cell, safe cell (the page's one counting rule,
    exercises 3, 9, 11 and 13 count them), double threat and stacked threats, how to
    stop a double threat before it is made (exercise 6), the odd/even rule of thumb (exercises 4, 11 and 12 ask
    about it), and the answer-on-top idea (exercise 5 asks where yellow must drop to make it work).  The forced
    reply is not on it: the page teaches it only before exercise 11 (:func:`forced_reply_card`)."""
    lines = [
        tr("Words and a rule of thumb"),
        tr(
            "A threat is an empty cell that would complete five of your discs in a line. Rows are counted 1 "
            "to 6 from the bottom."
        ),
        tr(
            "A ✗ cell is the empty cell just under the other player's threat: a disc there lets the other "
            "player drop on top of it and make five."
        ),
        tr("Safe cells: the empty cells that are neither a ✗ cell nor over one. A cell under a ✗ cell is safe too."),
        tr(
            "A double threat is two threats at once: the other player can block only one. Two threats stacked "
            "in one column, one on top of the other, are a double threat once the column fills up to them."
        ),
        tr(
            "To stop a double threat before it is made, take the cell where the other player's next disc would "
            "make two threats at once, or make a threat of your own that must be blocked first. Never drop right "
            "under the other player's threat."
        ),
        tr(
            "Rule of thumb (not a proof): when the grid fills up, red tends to get the cells on odd rows (1, 3, "
            "5) and yellow those on even rows (2, 4, 6). So a red threat on an odd row and a yellow threat on "
            "an even row are the ones that usually help their owner."
        ),
        tr("Answer on top: each time red drops a disc, yellow drops on top of it, in the same column."),
    ]
    return ["> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:])]


def forced_reply_card() -> list[str]:
    """Lesson 2's forced-reply rule (how exercises 11 and 13 count the cells safe for one player only), printed on
    the sheet where the page teaches it, under exercise 11's heading: on the top card it would help the earlier
    exercises more than the page does."""
    rule = tr(
        "Forced reply: a ✗ cell is safe only for the owner of the threat directly over it. When the owner drops "
        "there, the other player must block on top at once. The two discs use up two cells, and then it is the "
        "owner's turn again."
    )
    return ["> **" + tr("When both players have a threat") + "**\n>\n> * " + rule]


def scores_and_bits_cards() -> list[str]:
    """Lesson 3's cards: the three search words (minimax, alpha–beta, transposition table) as plain definitions
    that argue none of the answers its exercises ask for (not which replies alpha–beta may skip, nor why a stored
    score is safe to reuse); the scoring rule (7 − n on the tiny board, 22 − n on the
    full boards, computed from the boards' free cells), how the bits of a bitboard are numbered, with a small
    example board no exercise asks about, and what the two digits of a cell (first/second number) mean, with no
    example cell: exercise 8 asks what one pair of digits means, and examples of the other pairs would answer it
    by elimination."""
    tiny, full = teach_pictures.TINY.cells, FIVE_IN_A_ROW.cells
    search = [
        tr("How the computer searches"),
        tr(
            "Minimax tries every move and every reply. A position where you move is worth the best of your "
            "moves; a position where your opponent moves is worth the worst of them for you."
        ),
        tr(
            "Alpha–beta is minimax that leaves some replies unsearched. A reply it never searches is crossed out "
            "(✗), and ≤ means the search only knows the score is at most that."
        ),
        tr(
            "A transposition table is the search's memory: it keeps the score of each grid the search has "
            "already finished."
        ),
    ]
    scores = [
        tr("Scores"),
        tr(
            "A draw scores 0. On a board with c free cells each player drops at most c/2 discs, and a win "
            "with your own n-th disc (count only your discs) scores c/2 + 1 − n."
        ),
        tr(
            "The tiny board has {tiny} free cells: a win with your own n-th disc scores {t} − n. The 5 en raya "
            "board has {full}: a win with your own n-th disc scores {f} − n.",
            tiny=tiny,
            t=tiny // 2 + 1,
            full=full,
            f=full // 2 + 1,
        ),
        tr("A loss is the same number with a minus sign, counted with the other player's discs."),
    ]
    bits = [
        tr("Bits"),
        tr(
            "The computer numbers the cells up each column, from the bottom, starting with bit 0 at the bottom "
            "of the leftmost column of the whole grid. Each column owns one bit for each row, plus one spare "
            "bit on top: on a board with h rows, h + 1 bits a column."
        ),
        tr(
            "On the 5 en raya board the left side column comes first and owns bits 0 to 6, so the column you "
            "call k is the column number k + 1 of the whole grid. A board without side columns starts with "
            "your column 1."
        ),
        tr(
            "The computer keeps a position as two numbers. The first has a 1 for every disc of the player to "
            "move; the second has a 1 for any disc. A cell is written first/second, like 1/1."
        ),
    ]
    example = Variant("example", columns=3, rows=2, win=2)
    g = ConnectGame(example)
    head = "| " + tr("row") + " | " + " | ".join(tr("column {n}", n=c + 1) for c in range(example.columns)) + " |"
    rows = [
        "| "
        + (tr("spare") if r == example.rows else str(r + 1))
        + " | "
        + " | ".join(
            str(teach_pictures.bit_index(g, c, min(r, example.rows - 1)) + (r == example.rows))
            for c in range(example.columns)
        )
        + " |"
        for r in range(example.rows, -1, -1)
    ]
    table = "\n".join(
        [
            tr(
                "An example: a board of {c} columns and {r} rows, no side columns, each cell's bit number.",
                c=example.columns,
                r=example.rows,
            ),
            "",
            head,
            "|---" * (example.columns + 1) + "|",
            *rows,
        ]
    )
    box = lambda lines: "> **" + lines[0] + "**\n>\n" + "\n".join(f"> * {line}" for line in lines[1:])
    return [box(search), box(scores), box(bits), table]
