"""Dots and Boxes lesson 1's exercises."""

from __future__ import annotations

from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.rules import geometry
from gamekit.dots.solver import move_values
from gamekit.i18n import N_
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.widgets.exercise import parse_int
from typing import Any
from gamekit.dots.lesson_exercise import DotsExercise, line_checker, pupil_line
from gamekit.dots.lesson_pictures import boxes_text, boxes_won, join_words
from gamekit.dots.lesson_positions import SEATS, position, third_side_boxes
from gamekit.dots.widget import DotsWidget


# lesson 1
def name_line_exercise(line: str = "b1-c1") -> DotsExercise:
    """Read the notation: one line is drawn on an empty 3×3 board; write its name (on screen or on paper)."""
    game = DotsAndBoxes.from_moves(3, 3, line)
    a, b = line.split("-")
    across = a[1] == b[1]
    col = lambda d, k: chr(ord(d[0]) + k) + d[1:]
    row = lambda d, k: d[0] + str(int(d[1:]) + k)
    rows_up = lambda d: d[0] + str(game.height + 2 - int(d[1:]))  # rows counted from the bottom
    turned = f"{a}-{row(a, 1)}" if across else f"{a}-{col(a, 1)}"  # across and down mixed up
    reasons = {
        f"{col(a, -1)}-{col(b, -1)}" if across else f"{row(a, -1)}-{row(b, -1)}": N_(
            "That line is one column or one "
            "row too early: the letters start at a, the first column, and the numbers at 1, the top row."
        ),
        f"{rows_up(a)}-{rows_up(b)}" if across else f"{rows_up(b)}-{rows_up(a)}": N_(
            "Rows are numbered from the top: row 1 is the top row of dots."
        ),
        turned: N_(
            "That line runs the other way. A line across joins two dots with the same number; a line down "
            "joins two dots with the same letter."
        ),
    }

    def check(answer: Any) -> tuple[bool, str]:
        index = pupil_line(game, answer)
        name = game.line_name(index)
        if name == line:
            return True, tr(
                "Yes: {line} joins dot {first} (column {column}, row {row}) and dot {second}.",
                line=line,
                first=a,
                column=a[0],
                row=a[1:],
                second=b,
            )
        if name in reasons:
            return False, tr("Not {name}. {why}", name=name, why=tr(reasons[name]))
        x, y = name.split("-")
        return False, tr(
            "Not {name}: that line goes from {a} (column {a2}, row {a3}) to {b}. Find the drawn line's "
            "two dots: the letter above each, the number beside each.",
            name=name,
            a=x,
            a2=x[0],
            a3=x[1:],
            b=y,
        )

    return DotsExercise(
        tr("One line is drawn on this board. <b>What is its name?</b> Write its two dots joined by a dash."),
        check,
        hint=tr("For each end of the line, read the column letter along the top and the row number down the side."),
        answer=line,
        solutions=[line, f"{b}-{a}"],
        game=game,
        parts=False,
        third_sides=False,
        wrong=list(reasons) + ["a1-b1"],
        key="name_line",
        leaks=(f"{line} joins",),
    )


def two_boxes_exercise(name: str = "two_boxes") -> DotsExercise:
    """Rule 2 on a board: one line that is the fourth side of two boxes wins both (a line that wins one box, and
    lines that win none, are the wrong answers, each told why)."""
    game = position(name)
    counts = {l: boxes_won(game, l) for l in game.legal_moves()}
    right = [l for l, n in counts.items() if n == 2]
    if len(right) != 1:
        raise ValueError(tr("{name}: this exercise needs exactly one line that wins two boxes", name=name))

    def judge(line: str) -> tuple[bool, str]:
        won = [b for b in game.geometry.line_boxes[game.line_index(line)] if game.sides_drawn(b) == 3]
        if counts[line] == 2:
            return True, tr(
                "Yes: {line} is the fourth side of boxes {boxes}, so it wins both, and the same player draws again.",
                line=line,
                boxes=boxes_text(game, won),
            )
        if counts[line] == 1 and len(game.geometry.line_boxes[game.line_index(line)]) == 1:
            return False, tr(
                "{line} wins box {boxes}, only one box: it is on the edge of the board, with no box on its other side.",
                line=line,
                boxes=boxes_text(game, won),
            )
        if counts[line] == 1:
            return False, tr(
                "{line} wins box {boxes}, only one box: the box on its other side still has a side missing.",
                line=line,
                boxes=boxes_text(game, won),
            )
        return False, tr("{line} wins no box: no box beside it has three sides drawn.", line=line)

    return DotsExercise(
        tr("<b>Which line wins two boxes at once?</b>"),
        line_checker(game, judge),
        hint=tr("Look for two boxes side by side, each with three sides drawn, missing the same line."),
        answer=f"{right[0]}.",
        solutions=right,
        game=game,
        click=True,
        parts=False,
        asks_best=False,
        third_sides=False,
        key="two_boxes",
        wrong=sorted(counts, key=lambda l: (-counts[l], l))[1:5],
    )


def first_box_exercise() -> DotsExercise:
    """Win the box with three sides.  The feedback uses lesson 1's words only (no solver talk)."""
    game = position("first_box")
    seat = tr(SEATS[game.to_move])
    values = move_values(game)
    best = max(values.values())
    right = sorted(l for l, v in values.items() if v == best)
    box = third_side_boxes(game)

    def judge(name: str) -> tuple[bool, str]:
        if name in right:
            return True, tr(
                "Yes: {name} is the fourth side of box {box}. The box is {seat}'s, and {seat} draws again.",
                name=name,
                box=boxes_text(game, box),
                seat=seat,
            )
        beside = game.geometry.line_boxes[game.line_index(name)]
        most = max(game.sides_drawn(b) for b in beside) + 1  # the sides of the fullest box beside it, once drawn
        if most == 1:
            return False, tr(
                "{name} wins no box: no box beside it has a side drawn yet, so it gets only its first side. "
                "A box is won by its fourth side.",
                name=name,
            )
        return False, ntr(
            "{name} wins no box: the box beside it would have only {n} side drawn, and a box is won by its "
            "fourth side. Which box needs just one more line?",
            "{name} wins no box: the box beside it would have only {n} sides drawn, and a box is won by its "
            "fourth side. Which box needs just one more line?",
            most,
            name=name,
        )

    return DotsExercise(
        tr("{seat} to move. <b>Which line wins a box?</b>", seat=seat),
        line_checker(game, judge),
        hint=tr("Which box has three sides drawn?"),
        answer=f"{join_words(right)}.",
        solutions=right,
        game=game,
        click=True,
        key="first_box",
        parts=False,
        third_sides=False,
        wrong=sorted((l for l in values if l not in right), key=lambda l: (-values[l], l)),
    )


WHOSE_TURN_GAME = "b2-c2 c2-c3 b2-b3 b3-c3 a1-b1 a1-a2 c1-d1"
"""Lesson 1's written game: the fourth line wins box b2, so the same player draws the fifth line too."""


def whose_turn_exercise(moves: str = WHOSE_TURN_GAME) -> DotsExercise:
    """Follow the turns through a written game, including a line that wins a box: how many lines did Gold draw?

    A number from 0 to the number of lines (not a two-way choice): the answer of a pupil who simply alternates
    the turns is one of the wrong answers, told why."""
    lines = moves.split()
    replay = DotsAndBoxes(3, 3)
    drawers, winner_line = [], None
    for line in lines:
        drawers.append(replay.to_move)
        if boxes_won(replay, line) and winner_line is None:
            winner_line = (line, tr(SEATS[replay.to_move]))
        replay.play(line)
    if winner_line is None:
        raise ValueError(tr("moves={moves!r}: no line of this game wins a box", moves=moves))
    gold = drawers.count(0)
    alternating = (len(lines) + 1) // 2  # lines 1, 3, 5, …: turns taken in strict alternation

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k < 0 or k > len(lines):
            raise ValueError(
                tr("{k}: type a number from 0 to {n}, the number of lines written down.", k=k, n=len(lines))
            )
        if k == gold:
            return True, ntr(
                "Right: {line} won a box, so {seat} drew the next line too; Gold drew {n} line.",
                "Right: {line} won a box, so {seat} drew the next line too; Gold drew {n} lines.",
                gold,
                line=winner_line[0],
                seat=winner_line[1],
            )
        if k == alternating:
            return False, tr(
                "That is what strict turns give: line 1, line 3, line 5… But {line} won a box, so the "
                "same player drew again, and the turns shifted from there.",
                line=winner_line[0],
            )
        if k == len(lines) - gold:
            return False, tr("That is how many lines Coral drew. Count Gold's lines.")
        if k == len(lines):
            return False, tr("That is every line written down. Gold and Coral took turns: count only Gold's lines.")
        if k < gold:
            return False, tr(
                "Gold drew more than {k}: Gold drew line 1, and after every line that won nothing the "
                "turn passed back and forth.",
                k=k,
            )
        if k > alternating:
            return False, tr(
                "Too many: even in strict turns Gold would draw only {most} of the {n} lines, and a line "
                "that wins a box gives the same player another line, not the other player.",
                most=alternating,
                n=len(lines),
            )
        return False, tr(
            "Not {k}. Write the lines one under the other with the player's name beside each: the turn "
            "passes only after a line that wins nothing.",
            k=k,
        )

    wrong = list(
        dict.fromkeys(w for w in (alternating, len(lines) - gold, len(lines), gold - 1, gold + 2, 0) if w != gold)
    )
    return DotsExercise(
        tr(
            "On a 3 × 3 board, Gold drew the first line. These lines were drawn, in this order: "
            "{lines}. <b>How many of them did Gold draw?</b>",
            lines=", ".join(lines),
        ),
        check,
        hint=tr(
            "Write the lines down one under the other and put the player's name beside each. Did any line win a box?"
        ),
        answer=f"{gold}.",
        solutions=[gold, str(gold)],
        wrong=wrong,
        key="whose_turn",
        leaks=(tr("so {seat} drew the next line too", seat=winner_line[1]),),
    )


def third_sides_count_exercise(name: str = "three_sides_count") -> DotsExercise:
    """Use the words on a whole board: how many boxes have exactly three sides drawn?  The board is the lesson's
    hardest count because it has the three traps a careful count avoids, each with its own reason: boxes with only
    two sides, a box already taken (four sides), and two boxes that miss the same line (two boxes, not one)."""
    game = position(name)
    geo = game.geometry
    boxes = third_side_boxes(game)
    n = len(boxes)
    two = [b for b in range(geo.n_boxes) if game.sides_drawn(b) == 2]
    taken = [b for b in range(geo.n_boxes) if game.sides_drawn(b) == 4]
    missing = {b: next(line for line in geo.box_lines[b] if not game.is_drawn(line)) for b in boxes}
    pair = next(
        ((a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if missing[a] == missing[b]),
        None,
    )
    if not (two and taken and pair) or len({n + len(two), n + len(taken), n - 1}) < 3:
        raise ValueError(
            tr(
                "name={name!r}: the board needs boxes with two sides, a taken box and two boxes missing the same "
                "line, each giving a different wrong count",
                name=name,
            )
        )

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr(
                "Yes, {n}: boxes {boxes} each have three sides drawn. The player to move can take every one of them.",
                n=n,
                boxes=boxes_text(game, boxes),
            )
        if k == n + len(two):
            return False, tr(
                "You counted boxes with only two sides drawn too. A third side means three sides drawn, one missing."
            )
        if k == n + len(taken):
            return False, ntr(
                "Did you count box {boxes}? All four of its sides are drawn: it is already taken. Count only boxes "
                "with exactly three sides.",
                "Did you count boxes {boxes}? All four of their sides are drawn: they are already taken. Count only "
                "boxes with exactly three sides.",
                len(taken),
                boxes=boxes_text(game, taken),
            )
        if k == n - 1:
            # a typed number cannot show which box was left out, so the reason names no box: it says what is true
            # of every way to be one short, and the trap the board holds (two boxes missing the same line)
            return False, tr(
                "More than {k}: at least one box with three sides is not in your count. Count the boxes with three "
                "sides again, one by one. One missing line can belong to two boxes: then both boxes count.",
                k=k,
            )
        if k < n:
            return False, tr("More than {k}: check every box, corners and edges too.", k=k)
        return False, tr("Fewer than {k}: a box has a third side only when exactly one of its sides is missing.", k=k)

    return DotsExercise(
        tr("<b>How many boxes on this board have exactly three sides drawn?</b>"),
        check,
        hint=tr("Go box by box and count its drawn sides: you want boxes with exactly 3."),
        answer=f"{n}.",
        solutions=[n],
        game=game,
        wrong=[n + len(two), n + len(taken), n - 1, n + 1 + len(two)],
        key="third_sides_count",
        parts=False,
        third_sides=False,
        leaks=(boxes_text(game, boxes),),
    )


def line_count_reasons(width: int, height: int) -> dict[int, str]:
    """The common wrong counts of the lines of a ``width``×``height`` board, each with its own reason: the boxes, the
    dots, every box's four sides, the lines inside without the border, the border alone, one direction only, one
    line too many or too few, and the 3×3 board's 24 from the table above the exercise."""
    n = geometry(width, height).n_lines
    across, down = width * (height + 1), (width + 1) * height
    inside = width * (height - 1) + (width - 1) * height
    reasons: dict[int, str] = {}
    if width * height == inside:
        reasons[inside] = tr(
            "{k} is the number of boxes, and also the number of lines inside the board: the lines round the edge "
            "count too.",
            k=inside,
        )
    reasons.setdefault(
        width * height,
        tr(
            "{k} is the number of boxes. Count the lines: the sides of the boxes, each shared side once.",
            k=width * height,
        ),
    )
    reasons.setdefault(inside, tr("That leaves out the border: the lines round the edge of the board count too."))
    reasons.setdefault(
        (width + 1) * (height + 1),
        tr(
            "{k} is the number of dots, not of lines: a line joins two neighbouring dots, so count the gaps "
            "between dots, across and then down.",
            k=(width + 1) * (height + 1),
        ),
    )
    reasons.setdefault(
        width * height * 4,
        tr(
            "{k} counts every box's four sides, but neighbouring boxes share a line: count each line once.",
            k=width * height * 4,
        ),
    )
    reasons.setdefault(2 * (width + height), tr("That is only the border, round the edge: add the lines inside."))
    if across == down:
        reasons.setdefault(across, tr("That counts the lines one way only, across or down: add the others."))
    reasons.setdefault(across, tr("That counts only the lines across; add the others."))
    reasons.setdefault(down, tr("That counts only the lines down; add the others."))
    reasons.setdefault(
        geometry(3, 3).n_lines,
        tr(
            "{k} is the 3 × 3 board from the table. This board is {width} × {height}: count its own lines.",
            k=geometry(3, 3).n_lines,
            width=width,
            height=height,
        ),
    )
    for near in (n - 1, n + 1):
        reasons.setdefault(
            near, tr("Close, but one out: tick each line as you count it, so none is counted twice or missed.")
        )
    reasons.pop(n, None)
    return reasons


def lines_count_exercise(width: int = 2, height: int = 2) -> DotsExercise:
    n = geometry(width, height).n_lines
    across, down = width * (height + 1), (width + 1) * height
    reasons = line_count_reasons(width, height)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr(
                "Yes: {across} across ({number} rows of {width}) and {down} down: {n}.",
                across=across,
                number=height + 1,
                width=width,
                down=down,
                n=n,
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr("Not {k}. Count the lines across, row by row, then the lines down.", k=k)

    return DotsExercise(
        tr("<b>How many lines</b> can be drawn on a board of {width} × {height} boxes?", width=width, height=height),
        check,
        hint=tr(
            "Count the lines across in one row of dots, then how many rows of dots there are. Then the same for "
            "the lines down."
        ),
        answer=f"{n}.",
        solutions=[n],
        wrong=list(reasons) + [n + 2],
        key=f"lines_{width}x{height}",
        leaks=(f"{n} lines", tr("{across} across ({number} rows", across=across, number=height + 1)),
    )


def lesson1_hint_reason(game: DotsAndBoxes, line: str) -> str:
    """Why the Hard level draws ``line`` in ``game``, in the words lesson 1 has taught (three sides, taking a box,
    drawing again): the Hard level's own reasons name safe lines, chains, double-deals and the long chain rule,
    which come in lessons 2 to 5.  A line that gives boxes away is not explained yet, only said to be the Hard
    level's choice for the end of the game."""
    won = boxes_won(game, line)
    if won == 2:
        return tr("Take the two boxes: this line draws the fourth side of both, and you draw again.")
    if won == 1:
        return tr("Take the box: it has three sides, and drawing its fourth side wins it and keeps your turn.")
    after = game.copy()
    after.play(line)
    if not third_side_boxes(after):
        return tr("This line gives no box a third side, so your opponent cannot take a box after it.")
    return tr(
        "This line lets your opponent take boxes, but the Hard level expects it to win you more boxes by the end "
        "of the game. Later lessons show why."
    )


class Lesson1CpuBoard(DotsWidget):
    """Lesson 1's board against the CPU: the Hint shows the Hard level's line, as everywhere, with a reason in
    lesson 1's words (:func:`lesson1_hint_reason`)."""

    def hint_for(self, game: DotsAndBoxes) -> tuple[str, str]:
        line, _ = super().hint_for(game)
        return line, lesson1_hint_reason(game, line)
