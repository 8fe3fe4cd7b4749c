"""5 en raya lesson 3 (how the computer knows): its small games, the tables of scores and node counts, the
bitboard and pruning-tree pictures, and the report of the start's proof.

* :func:`compare` — the counted searches side by side on one position, as a table;
* :func:`bitboard` — the two numbers the real solver keeps for a position, and a picture of their bits.

Scores follow the solver's convention: 0 draw; a win with the player's n-th disc of the whole
game scores ``cells/2 + 1 − n`` (22 − n on the published boards), a loss the negative.
"""

from __future__ import annotations

import re
import time

from dataclasses import dataclass
from typing import Any
from gamekit.connect.counted_search import Count, alphabeta, check_searchable, max_score, minimax, score_after
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, FiveInARow, Variant
from gamekit.connect.lesson_exercise import ordinal_words, parse_column
from gamekit.display import Paragraph, Table
from gamekit.i18n import N_, ntr, number, percent, ptr, tr
from pathlib import Path


TINY = Variant(N_("Tiny game (three in a line)"), columns=4, rows=3, win=3)


TINY_MOVES = "1123"  # red to move: one column wins, one draws, two lose


HAND_MOVES = "4233213"  # yellow to move, 5 empty cells: one column wins, one draws, one loses


def tiny_game() -> ConnectGame:
    """The lesson's tiny position (4 columns, 3 rows, three in a line wins)."""
    return ConnectGame.from_moves(TINY_MOVES, variant=TINY)


def hand_game() -> ConnectGame:
    """A tiny position small enough to work out by hand (5 empty cells, three columns to choose from)."""
    return ConnectGame.from_moves(HAND_MOVES, variant=TINY)


SCORE_ANSWER = re.compile(r"^\s*\D*?([+\-−]?)\s*(\d+)\s*(?:[,;]\s*|\s+)([+\-−]?)\s*(\d+)\s*$")
"""A typed "column, score" answer: "3, +2", "3 -1", "column 3, 0", "+2, 3" (signs +, - or −)."""


def parse_column_and_score(game: ConnectGame, answer: Any) -> tuple[str, int]:
    """A typed "column, score" answer as (a legal column, a whole-number score), or ValueError naming the input.
    The column comes first unless only the first number has a sign: a signed number is a score."""
    m = SCORE_ANSWER.match(str(answer)) if not isinstance(answer, bool) else None
    if m is None:
        raise ValueError(tr("“{answer}”: write the column and its score, like 4, +9.", answer=answer))
    first_sign, first, second_sign, second = m.groups()
    if first_sign and second_sign:  # a column has no sign
        why = N_("“{answer}”: only the score has a sign. Write the column first, then its score, like 4, +9.")
        raise ValueError(tr(why, answer=answer))
    sign, score, column = (first_sign, first, second) if first_sign else (second_sign, second, first)
    return parse_column(game, column), -int(score) if sign in ("-", "−") else int(score)  # says why a column is refused


def score_slip(game: ConnectGame, k: int, best: int) -> str:
    """Why ``k`` is not the score of ``game`` (``best``, the exact solver's, for the player to move) when the
    column is right: each common slip (the sign, the winning disc's number for the score, a win called a draw
    or the other way round) its own reason."""
    top = max_score(game)  # a win with your n-th disc scores top − n
    colour = tr(COLOUR_NAMES[game.to_move])
    if best and k == -best:
        return tr(
            "The column is right, but the sign is the other way round: the score is for the player to move, "
            "{colour}. Plus when {colour} wins, minus when {colour} loses.",
            colour=colour,
        )
    if best and k == top - abs(best):
        return tr(
            "The column is right, but {k} only says which disc wins (the {nth}): it is not the score. A win with "
            "your n-th disc scores {top} − n.",
            nth=ordinal_words(k),
            k=k,
            top=top,
        )
    if best == 0:
        return tr("The column is right, but with best play on both sides nobody wins: a draw scores 0.")
    if k == 0:
        return tr(
            "The column is right, but it is no draw: with best play on both sides someone wins. Play it "
            "out: which disc of the whole game wins?"
        )
    return tr(
        "The column is right, but its score is not {score}. Play the best moves on for both sides: with "
        "which disc of the whole game does the game end?",
        score=f"{k:+d}",
    )


METHODS = (  # names marked for the catalogue, translated with tr() where they are shown
    (N_("minimax"), lambda g: minimax(g)),
    (N_("alpha–beta"), lambda g: alphabeta(g)),
    (N_("alpha–beta + move ordering"), lambda g: alphabeta(g, order=True)),
    (N_("alpha–beta + ordering + table"), lambda g: alphabeta(g, order=True, table=True)),
)


def compare(game: ConnectGame, methods=METHODS) -> Table:
    """Every search on ``game``: the same score, fewer and fewer positions visited."""
    rows, first = [], None
    for name, run in methods:
        c = run(game)
        first = first or c.nodes
        rows.append([tr(name), signed_score(c.score), number(c.nodes), percent(c.nodes / first, 1)])
    return Table(
        [tr("search"), tr("score"), tr("positions visited"), tr("compared with minimax")],
        rows,
        caption=tr(
            "{empty} empty cells, {colour} to move",
            colour=tr(COLOUR_NAMES[game.to_move]),
            empty=game.variant.cells - game.discs_on_board,
        ),
    )


def signed_score(score: int) -> str:
    return number(score, sign=True) if score else "0"


def column_scores(game: ConnectGame) -> Table:
    """Minimax column by column: the score of each move for the player making it (the opponent's best
    answer decides it) and the positions each needed; minimax picks the highest."""
    rows = []
    MAX = max_score(game)
    g = game.copy()
    for m in g.legal_moves():
        s = score_after(g, m, MAX)
        if s is None:
            c = minimax(g)
            s, n = -c.score, c.nodes
        else:
            n = 0
        g.undo()
        rows.append([m, signed_score(s), number(n)])
    return Table(
        [tr("column"), tr("score for {colour}", colour=tr(COLOUR_NAMES[game.to_move])), tr("positions visited")], rows
    )


def node_counts(game: ConnectGame, methods=METHODS) -> dict[str, Count]:
    return {name: run(game) for name, run in methods}


def explain_score(score: int, game: ConnectGame) -> str:
    """A score in words for the player to move: which of their discs wins (or loses)."""
    MAX = max_score(game)
    me = tr(COLOUR_NAMES[game.to_move])
    if score == 0:
        return tr("a draw: neither side can force {n} in a line", n=game.win_length)
    nth, other = ordinal_words(MAX - abs(score)), tr(COLOUR_NAMES[1 - game.to_move])  # the winner's disc
    if score > 0:
        return tr("{me} wins with {me}'s {nth} disc of the game", me=me, nth=nth)
    return tr("{me} loses: {other} wins with {other}'s {nth} disc of the game", me=me, other=other, nth=nth)


# ---------------------------------------------------------------------- bitboards
def bit_index(game: ConnectGame, col: int, row: int) -> int:
    """The bit of grid cell (col, row) in the solver's bitboards: each grid column owns
    ``rows + 1`` bits, bottom first (the extra one is an always-empty guard on top)."""
    if not (0 <= col < game.width and 0 <= row < game.height):
        raise ValueError(
            tr(
                "({col}, {row}) is not a cell of the {width} × {height} grid",
                col=col,
                row=row,
                width=game.width,
                height=game.height,
            )
        )
    return col * (game.height + 1) + row


def bitboard(game: ConnectGame) -> dict[str, int]:
    """The two numbers of the solver: the discs of the player to move and every disc."""
    from gamekit.connect.bitboard import board_for

    cur, mask, nb = board_for(game.variant).from_game(game)
    return {"player to move": cur, "all discs": mask, "key": cur + mask, "discs played": nb}


BITBOARD_LABELS = {
    "player to move": N_("discs of the player to move"),
    "all discs": N_("all discs"),
    "key": N_("key (the two added: one number per position)"),
    "discs played": N_("discs played"),
}


def bitboard_table(game: ConnectGame) -> Table:
    """:func:`bitboard` for the page: each number in decimal and in binary (one group of bits per column)."""
    b = bitboard(game)
    per = game.height + 1
    rows = []
    for name, value in b.items():
        if name == "discs played":
            rows.append([tr(BITBOARD_LABELS[name]), f"{value}", ""])
            continue
        groups = " ".join("".join(str(value >> (c * per + r) & 1) for r in range(per)) for c in range(game.width))
        rows.append([tr(BITBOARD_LABELS[name]), f"{value}", groups])
    return Table(
        [tr("number"), tr("value"), tr("its bits: one group per column from the left, bottom cell first")], rows
    )


def bit_picture(game: ConnectGame, size: int = 34) -> str:
    """SVG: the grid with each cell's bit number; cells of the player to move marked 1 in both numbers."""
    b = bitboard(game)
    w, h = game.width, game.height + 1
    pad = 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * size + 2 * pad}" height="{h * size + 2 * pad}">']
    for c in range(w):
        for r in range(h):
            x, y = pad + c * size, pad + (h - 1 - r) * size
            bit = c * h + r
            if r == game.height:
                fill, label = "#eeeeee", tr("guard")
            else:
                v = game.cell(c, r)
                fill = "#ffffff" if v is None else ("#f4a3a3" if v == 0 else "#f7e08a")
                label = (
                    ("1" if (b["player to move"] >> bit) & 1 else "0")
                    + "/"
                    + ("1" if (b["all discs"] >> bit) & 1 else "0")
                )
            parts.append(f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" fill="{fill}" stroke="#555"/>')
            parts.append(f'<text x="{x + 3}" y="{y + 11}" font-size="9" font-family="sans-serif">{bit}</text>')
            parts.append(
                f'<text x="{x + size / 2 - 1}" y="{y + size - 8}" font-size="{8 if r == game.height else 10}" '
                f'text-anchor="middle" font-family="sans-serif">{label}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


@dataclass
class TreeNode:
    """One node of :func:`pruning_tree`: the column played to reach it (None at the top), its score for the player
    to move at the top, whether alpha–beta searched it, and, for a node whose search stopped early, that its score
    is only known to be at most ``score`` (``bound``)."""

    column: str | None
    score: int | None
    searched: bool = True
    bound: bool = False
    children: list["TreeNode"] = None  # type: ignore[assignment]


def pruning_tree(game: ConnectGame) -> TreeNode:
    """Two levels of ``game``'s search tree as alpha–beta walks it, columns in order: the moves of the player to move,
    and the opponent's replies to each.  Each reply's score is exact (:func:`minimax` below it, for the player to
    move at the top); a move's score is the lowest of its replies (the opponent picks), the top's the highest.  From
    the second move on, the replies stop as soon as one scores no more than the best move found so far: the rest
    are not searched (``searched=False``) and that move's score is only a bound.  A move that ends the game has no
    replies."""
    check_searchable(game)
    MAX = max_score(game)
    g = game.copy()
    top = TreeNode(None, None, children=[])
    best: int | None = None
    for m in g.legal_moves():
        s = score_after(g, m, MAX)
        if s is not None:  # the move ends the game
            node = TreeNode(m, s, children=[])
        else:
            node = TreeNode(m, None, children=[])
            low: int | None = None
            for r in g.legal_moves():
                if low is not None and best is not None and low <= best:
                    node.children.append(TreeNode(r, None, searched=False, children=[]))
                    continue
                t = score_after(g, r, MAX)
                value = -t if t is not None else minimax(g).score
                g.undo()
                node.children.append(TreeNode(r, value, children=[]))
                low = value if low is None else min(low, value)
            node.score = low
            node.bound = any(not c.searched for c in node.children)
        g.undo()
        top.children.append(node)
        if not node.bound:
            best = node.score if best is None else max(best, node.score)
    top.score = best
    return top


def pruning_tree_text(game: ConnectGame, tree: TreeNode | None = None) -> str:
    """The tree of :func:`pruning_tree` in words, move by move (the picture's text description)."""
    tree = tree or pruning_tree(game)
    me, them = tr(COLOUR_NAMES[game.to_move]), tr(COLOUR_NAMES[1 - game.to_move])
    parts = [tr("The search tree of the tiny position, {me} to move. Every score is for {me}.", me=me)]
    best: int | None = None
    for node in tree.children:
        if not node.children:
            parts.append(
                tr(
                    "Column {column} ends the game at once: {score}.",
                    column=node.column,
                    score=signed_score(node.score),
                )
            )
        elif not node.bound:
            parts.append(
                tr(
                    "Column {column}: {them}'s replies score {scores}; {them} picks the lowest, so column "
                    "{column} is worth {score}.",
                    column=node.column,
                    them=them,
                    scores=", ".join(signed_score(c.score) for c in node.children),
                    score=signed_score(node.score),
                )
            )
        else:
            seen = [c for c in node.children if c.searched]
            skipped = [c.column for c in node.children if not c.searched]
            parts.append(
                tr(
                    "Column {column}: {them}'s replies in columns {replies} score {scores}.",
                    column=node.column,
                    them=them,
                    replies=", ".join(c.column for c in seen),
                    scores=", ".join(signed_score(c.score) for c in seen),
                )
                if len(seen) > 1
                else tr(
                    "Column {column}: {them}'s reply in column {reply} scores {score}.",
                    column=node.column,
                    them=them,
                    reply=seen[0].column,
                    score=signed_score(seen[0].score),
                )
            )
            parts.append(
                ntr(
                    "That {score} is already no better for {me} than the {best} of column {best_column}, so "
                    "the search stops: the other reply (column {skipped}) is crossed out, never searched.",
                    "That {score} is already no better for {me} than the {best} of column {best_column}, so "
                    "the search stops: the other {n} replies (columns {skipped}) are crossed out, never searched.",
                    len(skipped),
                    score=signed_score(seen[-1].score),
                    me=me,
                    best=signed_score(best[0]),
                    best_column=best[1],
                    skipped=", ".join(skipped),
                )
            )
        if not node.bound and (best is None or node.score > best[0]):
            best = (node.score, node.column)
    parts.append(
        tr(
            "{who} picks the highest: column {column}, worth {score}.",
            who=colour_subject(game.to_move),
            column=best[1],
            score=signed_score(best[0]),
        )
    )
    return " ".join(parts)


def colour_subject(seat: int) -> str:
    """A colour starting a sentence ("Red"; Spanish "El rojo")."""
    return ptr("a colour starting a sentence", "Red") if seat == 0 else ptr("a colour starting a sentence", "Yellow")


def pruning_tree_picture(game: ConnectGame, leaf: int = 46) -> str:
    """SVG of :func:`pruning_tree`: the position at the top, the moves below it, the replies at the bottom, each with
    its score; replies alpha–beta never searched are drawn dashed and crossed out (✗, and "not searched" in the
    description: the cross is not colour alone).  The picture carries its text (:func:`pruning_tree_text`) as its
    accessible name."""
    import html

    tree = pruning_tree(game)
    description = pruning_tree_text(game, tree)
    leaves = sum(max(1, len(n.children)) for n in tree.children)
    left_margin, gap = 150, 14
    width = left_margin + leaves * leaf + gap * (len(tree.children) - 1) + 10
    height = 262
    ys = (30, 120, 210)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
        f'aria-label="{html.escape(description)}"><title>{html.escape(description)}</title>',
        "<style>text{font-family:sans-serif}</style>",
    ]
    for y, words in zip(
        ys,
        (
            tr("{who} picks the highest", who=colour_subject(game.to_move)),
            tr("{who} picks the lowest", who=colour_subject(1 - game.to_move)),
            tr("Scores found further down"),
        ),
    ):
        out.append(f'<text x="4" y="{y + 5}" font-size="12">{html.escape(words)}</text>')

    def box(x: float, y: float, text: str, dashed: bool = False) -> None:
        style = ' stroke-dasharray="4 3" fill="#f2f2f2"' if dashed else ' fill="#ffffff"'
        out.append(f'<rect x="{x - 19}" y="{y - 13}" width="38" height="26" rx="5" stroke="#333"{style}/>')
        out.append(f'<text x="{x}" y="{y + 5}" font-size="13" text-anchor="middle">{html.escape(text)}</text>')

    def edge(x1: float, y1: float, x2: float, y2: float, label: str, dashed: bool = False, below: bool = False) -> None:
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        out.append(f'<line x1="{x1}" y1="{y1 + 13}" x2="{x2}" y2="{y2 - 13}" stroke="#555"{dash}/>')
        lx, ly, anchor = (x2, y2 + 28, "middle") if below else ((x1 + x2) / 2 + 4, (y1 + y2) / 2 + 4, "start")
        name = html.escape(tr("col. {n}", n=label))  # outside the f-string, where the catalogue finds it
        out.append(f'<text x="{lx}" y="{ly}" font-size="11" fill="#333" text-anchor="{anchor}">{name}</text>')

    x = left_margin
    top_x = left_margin + (width - left_margin - 10) / 2
    for node in tree.children:
        span = max(1, len(node.children)) * leaf
        mx = x + span / 2
        edge(top_x, ys[0], mx, ys[1], node.column)
        for i, child in enumerate(node.children):
            cx = x + leaf / 2 + i * leaf
            edge(mx, ys[1], cx, ys[2], child.column, dashed=not child.searched, below=True)
            if child.searched:
                box(cx, ys[2], signed_score(child.score))
            else:
                box(cx, ys[2], "✗", dashed=True)
        box(mx, ys[1], ("≤ " if node.bound else "") + signed_score(node.score))
        x += span + gap
    box(top_x, ys[0], signed_score(tree.score))
    out.append("</svg>")
    return "".join(out)


class TreePicture:
    """The pruning tree on the page: the picture, and its description as a paragraph under it."""

    def __init__(self, game: ConnectGame) -> None:
        self.svg = pruning_tree_picture(game)
        self.text = pruning_tree_text(game)

    def _repr_html_(self) -> str:
        import html

        return f"<figure>{self.svg}<figcaption>{html.escape(self.text)}</figcaption></figure>"


class SVG:
    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_html_(self) -> str:
        return self.svg


def minimax_summary(game: ConnectGame) -> Paragraph:
    """The whole minimax search of ``game`` in one sentence (its score and the positions it visited)."""
    return Paragraph(tr("Minimax: {count}, counting the position itself.", count=str(minimax(game))))


def bitboard_speed(game: ConnectGame, seconds: float = 1.0) -> Table:
    """Positions per second of three ways to run the same search on ``game`` (for the lesson; the
    figures depend on the machine and what else it is doing — the benchmark measures them properly)."""
    from gamekit.connect.solver import Solver

    rows = []
    t = time.perf_counter()
    c = alphabeta(game, order=True, table=True)
    dt = time.perf_counter() - t
    rows.append([tr("rules engine (lists of discs)"), number(c.nodes), number(c.nodes / dt, 0)])
    for engine, label in (("python", tr("bitboards in Python")), ("compiled", tr("bitboards, compiled"))):
        try:
            s = Solver(game.variant, engine=engine)
        except ValueError:
            continue
        s.solve(game)  # compile / warm up
        s.reset()
        s.nodes = 0
        t = time.perf_counter()
        s.solve(game)
        dt = max(time.perf_counter() - t, 1e-9)
        rows.append([label, number(s.nodes), number(s.nodes / dt, 0)])
    return Table([tr("search"), tr("positions visited"), tr("positions per second")], rows)


# ---------------------------------------------------------------------- the start of 5 en raya
DATA = Path(__file__).resolve().parent / "data"


RECORDS = tuple(sorted(DATA.glob("five_in_a_row.value-*.json")))
"""The records of the runs of ``python -m gamekit.connect.book value`` (docs/connect.md): one file per
run ("does red avoid losing?", "does red win?", and the helpers that shared them), merged when read."""


def start_result(outcome: int) -> str:
    """The value of the start in words, from red's side: 1 a win for red, 0 a draw, -1 a win for yellow."""
    return {1: tr("a win for red"), 0: tr("a draw"), -1: tr("a win for yellow")}[outcome]


def start_report(records=RECORDS) -> str:
    """What is known about the start of 5 en raya: from the records of the resumable win/draw/loss
    proof (:mod:`gamekit.connect.wdl`), else from the shipped book; only what was computed is claimed."""
    from gamekit.connect.tables import book_for
    from gamekit.connect.wdl import status

    game = FiveInARow()
    found = [Path(r) for r in records if Path(r).exists()]
    if not found:
        book = book_for(game.variant)
        if book is not None and book.lookup(game) is not None:
            s = book.lookup(game)
            n, secs = book.header.get("nodes"), book.header.get("seconds")
            return tr(
                "Solved: the start of 5 en raya is {result} (score {score}), computed by searching {nodes} "
                "positions in {hours} hours.",
                result=explain_score(s, game),
                score=signed_score(s),
                nodes=number(n),
                hours=number(secs / 3600, 1),
            )
        return tr("Unknown: nobody has computed the value of the start of 5 en raya, and neither have we yet.")
    st = status(*found)
    lo, hi = st["start_bounds"]
    numbers = dict(nodes=number(st["nodes"]), hours=number(st["seconds"] / 3600, 1))
    if lo == hi:
        result = start_result(lo)
        text = tr(
            "Solved: with perfect play on both sides the start of 5 en raya is {result}. Our computer "
            "proved it, and what follows, by searching {nodes} positions in {hours} hours.",
            result=result,
            **numbers,
        )
    else:
        text = tr(
            "Unknown so far. Who wins takes two proofs: that red does not lose (some first move of red "
            "leaves yellow no way to win) and that red cannot win (after every first move of red, yellow "
            "has a way not to lose). Our computer has searched {nodes} positions ({hours} hours) on them.",
            **numbers,
        )
        if lo == 0:
            text += " " + tr("Proved: red does not lose. Still open: whether red can win.")
        elif hi == 0:
            text += " " + tr("Proved: red cannot win. Still open: whether yellow can win.")
        else:
            text += " " + tr("Neither proof is finished yet.")
    known = []
    for column, (clo, chi) in st["first_move_bounds"].items():
        if clo == chi:
            known.append(
                tr(
                    "red's column {column}: {result}",
                    column=column,
                    result={1: tr("red wins"), 0: tr("a draw"), -1: tr("yellow wins")}[clo],
                )
            )
        elif clo == 0:
            known.append(tr("red's column {column}: red does not lose", column=column))
        elif chi == 0:
            known.append(tr("red's column {column}: red does not win", column=column))
    if known:
        text += " " + tr("Proved for red's first move: {results}.", results="; ".join(known))
    return text


def start_summary(records=RECORDS) -> Paragraph:
    """What is known about the start, for pupils: the proved results only, without the story of the runs."""
    from gamekit.connect.wdl import status

    found = [Path(r) for r in records if Path(r).exists()]
    if not found:
        return Paragraph(tr("The value of the start of 5 en raya is not known yet."))
    st = status(*found)
    lo, hi = st["start_bounds"]
    if lo != hi:
        return Paragraph(tr("The value of the start of 5 en raya is not known yet."))
    firsts = st["first_move_bounds"]
    text = tr("With perfect play on both sides, the start of 5 en raya is {result}.", result=start_result(lo))
    if firsts and all(a == b == lo for a, b in firsts.values()):
        text += " " + tr(
            "So is every one of red's seven first moves: whichever column red starts in, the result is {result}.",
            result=start_result(lo),
        )
    return Paragraph(text + " " + start_meaning(lo))


def start_meaning(value: int) -> str:
    """What the proved value of the start (for red, who starts) means for the two players, in one or two
    sentences, so the page's words follow the computed value."""
    if value == 0:
        return tr(
            "That means: neither player can force a win. Whatever red does, yellow can hold a draw, and whatever "
            "yellow does, red can too. So, unlike in standard Connect Four, starting first is not enough to win."
        )
    if value > 0:
        return tr("That means: red, who starts, has a way to win whatever yellow does.")
    return tr("That means: yellow has a way to win whatever red does, even though red starts.")


def start_report_html(records=RECORDS) -> Paragraph:
    """:func:`start_report` as a paragraph for the page (the lesson's "For teachers" appendix)."""
    return Paragraph(start_report(records))
