"""Dots and Boxes lesson 4's exercises."""

from __future__ import annotations

import re

from gamekit.dots import analysis
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.rules import geometry
from gamekit.dots.solver import solve
from gamekit.i18n import N_
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.widgets.exercise import choice_checker
from gamekit.widgets.exercise import parse_int
from typing import Any
from gamekit.dots.lesson_exercise import DotsExercise, parts_of
from gamekit.dots.lesson_pictures import boxes_text, describe_components, join_words
from gamekit.dots.lesson_positions import SEATS, components, long_chain_count, position, wanted_parity


# lesson 4
def parity_exercise(boards: tuple[tuple[int, int], ...] = ((5, 4), (6, 4), (3, 3)), seat: int = 0) -> DotsExercise:
    """On each of ``boards`` the game can end with 1 or with 2 long chains: which suits ``seat``?  The pupil types
    one number per board ("2, 1, 2").  One board alone would be a two-way choice (odd or even) once its dots are
    counted; the boards have dots of both parities, so a guess passes at most once in 2 ** len(boards), and only the
    rule (count each board's dots, add, even or odd, whose turn) gives the answer.  Each common slip has its own
    reason: the rule turned round, the boxes counted instead of the dots, one number for every board; any other
    wrong answer is told which boards are wrong.  A board the game is not played on (sides outside 3 to 5) is said
    to be made up, so the pupil does not look for it in the game's settings."""
    parity = "even" if seat == 0 else "odd"  # of dots + long chains; the rule's analysis gives each board's count
    dots = [geometry(w, h).n_dots for w, h in boards]
    counts = [2 if wanted_parity(w, h, seat) == "even" else 1 for w, h in boards]
    flipped = [3 - k for k in counts]
    boxes = [k if (w * h) % 2 == d % 2 else 3 - k for (w, h), d, k in zip(boards, dots, counts)]  # boxes for dots
    who = tr(SEATS[seat])
    role = tr("moves first") if seat == 0 else tr("moves second")
    sizes = join_words([f"{w}×{h}" for w, h in boards])
    example = ", ".join(str(k) for k in ([1, 1, 2, 2] if len(boards) == 4 else [1, 1, 2]))
    form = tr(
        "Type one number, 1 or 2, for each board, in the order of the question, separated by commas, like this: "
        "{example}.",
        example=example,
    )

    def check(answer: Any) -> tuple[bool, str]:
        if _parity_word(answer) is not None:  # "even" / «pares»: the question asks for the numbers themselves
            raise ValueError(
                tr("{answer!r} is a word: type the numbers themselves.", answer=str(answer).strip()) + " " + form
            )
        text = re.sub(r"[0-9]+\s*[x×X]\s*[0-9]+\s*[:=]?", " ", str(answer))  # "5×4: 2, 6×4: 1" → "2, 1"
        got = [parse_int(b) for b in re.split(r"[,;:.\s]+|\band\b|\by\b", text) if b.strip()]
        if len(got) != len(boards) or any(k not in (1, 2) for k in got):
            raise ValueError(
                ntr("The question has {n} board.", "The question has {n} boards.", len(boards)) + " " + form
            )
        if got == counts:
            sums = "; ".join(
                tr("{size}: {dots} + {k} = {total}", size=f"{w}×{h}", dots=d, k=k, total=d + k)
                for (w, h), d, k in zip(boards, dots, counts)
            )
            return True, tr(
                "Right. {sums}: every total is {parity}, and {who}, who {role}, wants it {parity}.",
                sums=sums,
                parity=tr(parity),
                who=who,
                role=role,
            )
        if got == flipped:
            return False, tr(
                "Check the rule: who wants dots + long chains even, and who wants it odd? {who} {role}.",
                who=who,
                role=role,
            )
        if got == boxes:
            return False, tr(
                "The rule counts the dots, not the boxes. A board {width} boxes wide and {height} high has "
                "({width}+1) × ({height}+1) dots.",
                width=boards[0][0],
                height=boards[0][1],
            )
        if len(set(got)) == 1:
            return False, tr(
                "Some of these boards have an even number of dots and some an odd number, so one number cannot "
                "suit {who} on all of them. Count the dots of each board.",
                who=who,
            )
        off = [f"{w}×{h}" for (w, h), g, k in zip(boards, got, counts) if g != k]
        return False, ntr(
            "Not on the {boards} board. For it: count its dots, add your number, and ask: even or odd? "
            "Then: which does {who} want?",
            "Not on the {boards} boards. For each of them: count its dots, add your number, and ask: even or odd? "
            "Then: which does {who} want?",
            len(off),
            boards=join_words(off),
            who=who,
        )

    written = ", ".join(map(str, counts))
    made_up = [f"{w}×{h}" for w, h in boards if not (3 <= w <= 5 and 3 <= h <= 5)]  # the game's boards: 3 to 5 a side
    pretend = (
        ntr(
            "The {boards} board is made up, just to practise the rule: you will not play a game on it.",
            "The {boards} boards are made up, just to practise the rule: you will not play a game on them.",
            len(made_up),
            boards=join_words(made_up),
        )
        + " "
        if made_up
        else ""
    )
    return DotsExercise(
        tr(
            "{who} {role}. On each of these boards, {sizes}, the game could end with 1 long chain or with 2. "
            "<b>For each board, which number of long chains suits {who}: 1 or 2?</b>",
            who=who,
            role=role,
            sizes=sizes,
        )
        + " "
        + pretend
        + form,
        check,
        hint=tr("For each board: dots = (width+1) × (height+1). Then is dots + 1 even or odd? And dots + 2?"),
        answer=written + ".",
        solutions=[written, " ".join(map(str, counts))],
        wrong=list(
            dict.fromkeys(
                ", ".join(map(str, w))
                for w in (flipped, boxes, [1] * len(boards), [2] * len(boards), [3 - counts[0]] + counts[1:])
                if w != counts
            )
        ),
        key="parity_" + "_".join(f"{w}x{h}" for w, h in boards) + f"_{seat}",
        leaks=tuple(f"{w}×{h}: {d} + {k}" for (w, h), d, k in zip(boards, dots, counts)),
    )


def dots_count_exercise(width: int = 7, height: int = 5) -> DotsExercise:
    """The first step of the long chain rule: how many dots has a ``width``×``height`` board?  The board is not
    drawn, so the dots cannot be counted one by one: the pupil must use (boxes across + 1) × (boxes down + 1).  A
    typed number; each common slip gets its own reason: the boxes (``width`` × ``height``, the +1s left out), the
    lines, one row or column of dots too few or too many, one dot more than the boxes, the dots across and down
    added instead of multiplied (or the boxes across and down added), the dots round the edge only, one edge only,
    and the default board's 30 from lesson 1's game."""
    for name, side in (("width", width), ("height", height)):
        if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= 8:
            raise ValueError(tr("{name}={side!r}: a number of boxes from 1 to 8", name=name, side=side))
    across, down = width + 1, height + 1
    dots = geometry(width, height).n_dots
    boxes, lines = width * height, geometry(width, height).n_lines
    reasons: dict[int, str] = {}
    reasons[boxes] = tr(
        "{width} × {height} = {n} counts the boxes. The dots are the corners of the boxes: there is one more dot "
        "than boxes across, and one more down.",
        width=width,
        height=height,
        n=boxes,
    )
    reasons.setdefault(
        lines, tr("{n} is the number of lines. Count the dots only: the corners where the lines meet.", n=lines)
    )
    for near in (across * height, width * down):
        reasons.setdefault(
            near,
            tr(
                "One row or one column short: a board {width} boxes wide has {across} dots across, and one "
                "{height} boxes high has {down} dots down.",
                width=width,
                height=height,
                across=across,
                down=down,
            ),
        )
    reasons.setdefault(
        (width + 2) * (height + 2),
        tr("One row and one column too many: count the dots along one edge of the board, then along the other."),
    )
    reasons.setdefault(
        boxes + 1,
        tr("Not just one dot more than boxes: one more dot across, and one more dot down. Then multiply."),
    )
    reasons.setdefault(
        across + down,
        tr(
            "You added the dots across and the dots down. Multiply them: there are {down} rows of dots, with "
            "{across} dots in each row.",
            across=across,
            down=down,
        ),
    )
    reasons.setdefault(
        width + height,
        tr("You added the boxes across and down. Take one more of each, for the dots, and multiply."),
    )
    reasons.setdefault(
        2 * (across + down) - 4,
        tr("Those are only the dots round the edge. There are dots inside the board too: multiply."),
    )
    reasons.setdefault(
        geometry(5, 4).n_dots,
        tr("30 is the dots of the default 5×4 board. This board is {width}×{height}.", width=width, height=height),
    )
    for edge in (across, down):
        reasons.setdefault(edge, tr("That is the dots along one edge only: multiply by the dots along the other edge."))
    reasons.pop(dots, None)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == dots:
            return True, tr(
                "Yes: {across} dots across and {down} down, {across} × {down} = {dots}.",
                across=across,
                down=down,
                dots=dots,
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr("Not {k}. Count the dots across the top, count them down the side, and multiply.", k=k)

    return DotsExercise(
        tr(
            "A board has {width} boxes across and {height} boxes down. It is not drawn here: work it out. "
            "<b>How many dots</b> does it have?",
            width=width,
            height=height,
        ),
        check,
        hint=tr(
            "How many dots across, for {width} boxes? How many down, for {height}? Then multiply.",
            width=width,
            height=height,
        ),
        answer=f"{across} × {down} = {dots}.",
        solutions=[dots, str(dots)],
        parts=False,
        wrong=list(reasons) + [dots + 1],
        key=f"dots_{width}x{height}",
    )


def _parity_word(answer: Any) -> str | None:
    """ "even" or "odd" when a pupil typed the parity as a word ("even", "odds", «par», «impares»), else None."""
    if not isinstance(answer, str):
        return None
    word = answer.strip().lower().rstrip(".")
    forms = {word, word[:-1] if word.endswith("s") else word, word[:-2] if word.endswith("es") else word}
    for parity in ("even", "odd"):
        if forms & {parity, tr(parity).lower()}:
            return parity
    return None


def count_long_exercise(name: str = "long_count") -> DotsExercise:
    game = position(name)
    n = long_chain_count(game)
    loops = parts_of(game, "loop")
    short = [c for c in parts_of(game, "chain") if c < 3]
    everything = n + len(loops) + len(short)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == n:
            return True, tr(
                "Yes, {n}: {describe_components}; loops and chains of 1 or 2 do not count.",
                n=n,
                describe_components=describe_components(game),
            )
        if loops and short and k == everything:
            return False, tr("You counted every group of boxes. Leave out the loops and the chains of 1 or 2 boxes.")
        if loops and k == n + len(loops) and 2 in short and len(loops) == 1:  # the loop, or the 2-chain, counted
            # one number cannot tell the two slips apart: name both places, and ask which one was counted
            loop = next(c for c in components(game) if c.kind == "loop")
            pair = next(c for c in components(game) if c.kind == "chain" and c.length == 2)
            return False, tr(
                "Too many. If you counted the loop ({loop}): loops never count, however long they are. If you "
                "counted the chain of 2 ({pair}): a long chain has 3 boxes or more.",
                loop=boxes_text(game, loop.boxes),
                pair=boxes_text(game, pair.boxes),
            )
        if loops and k == n + len(loops):
            return False, tr("Loops do not count as long chains, however long they are.")
        if short and k == n + len(short):
            return False, tr("A long chain has 3 boxes or more: leave out the short ones.")
        if k < n:
            return False, tr(
                "More than {k}: follow every run of boxes to its two ends, even where it turns a corner.", k=k
            )
        return False, (tr("Not {k}. Count the chains with 3 boxes or more — not the loops, not chains of 1 or 2.", k=k))

    wrong = list(dict.fromkeys(w for w in (n + len(loops), n + len(short), everything, n - 1) if w != n and w >= 0))
    return DotsExercise(
        tr("<b>How many long chains</b> are on this board?"),
        check,
        hint=tr("Long = 3 boxes or more. Loops never count."),
        answer=f"{n}.",
        solutions=[n],
        game=game,
        wrong=wrong,
        key=f"count_long_{name}",
        parts=False,
        leaks=(describe_components(game), tr("{n} long chain", n=n)),
    )


def total_exercise(name: str = "long_chains") -> DotsExercise:
    """The count before the verdict: dots + long chains of a position with no safe line left (a number, so it
    cannot be guessed; the next exercise asks who wins on the same board).  The right answer's feedback states the
    sum only, not whom it suits."""
    game = position(name)
    rule = analysis.long_chain_rule(game)
    dots, n = rule.dots, rule.long_chains
    total = dots + n
    boxes = game.geometry.n_boxes
    loops = parts_of(game, "loop")
    short = [c for c in parts_of(game, "chain") if c < 3]
    reasons = {n: tr("That is the long chains alone: add the dots too.")}
    reasons[boxes + n] = tr(
        "You added the boxes ({boxes}); the rule counts the dots ({width}+1) × ({height}+1).",
        boxes=boxes,
        width=game.width,
        height=game.height,
    )
    reasons.setdefault(
        boxes,
        tr(
            "{boxes} is the number of boxes. The rule counts the dots, ({width}+1) × ({height}+1), and then adds "
            "the long chains.",
            boxes=boxes,
            width=game.width,
            height=game.height,
        ),
    )
    # one too many can come from a loop counted, a short chain counted, a chain counted twice or a dot too many: a
    # typed number does not tell which, so that reason names every part that is easy to count by mistake
    if loops and len(loops) > 1:
        reasons[total + len(loops)] = tr("Loops do not count as long chains, however long they are.")
    if short and len(short) > 1:
        reasons[total + len(short)] = tr("A long chain has 3 boxes or more: leave out the short ones.")
    if loops or short:
        reasons[total + 1] = tr(
            "Too many. Check each part you counted as a long chain: it must be a chain of 3 boxes or more. {which}",
            which=tr("Loops never count, however long they are, and neither do chains of 1 or 2 boxes.")
            if loops and short
            else tr("Loops never count, however long they are.")
            if loops
            else tr("Chains of 1 or 2 boxes do not count."),
        )
    for found in range(n):
        reasons.setdefault(
            dots + found,
            tr("That is the dots alone: add the long chains (chains of 3 boxes or more).")
            if found == 0
            else ntr(
                "{dots} + {n}: you found {n} long chain, and there are more. Follow every run of linked "
                "boxes to its end, round its corners: each run of 3 boxes or more counts once.",
                "{dots} + {n}: you found {n} long chains, and there are more. Follow every run of linked "
                "boxes to its end, round its corners: each run of 3 boxes or more counts once.",
                found,
                dots=dots,
            ),
        )
    reasons.pop(total, None)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == total:
            return True, ntr(
                "Yes: {dots} dots + {n} long chain = {total}.",
                "Yes: {dots} dots + {n} long chains = {total}.",
                n,
                dots=dots,
                total=total,
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr(
            "Not {k}. Count the dots, ({width}+1) × ({height}+1), then the chains of 3 boxes or more, and add them.",
            k=k,
            width=game.width,
            height=game.height,
        )

    return DotsExercise(
        tr("No safe line is left. <b>What is dots + long chains</b> on this board?"),
        check,
        hint=tr(
            "Dots first: ({width}+1) × ({height}+1). Then the long chains: 3 boxes or more, no loops.",
            width=game.width,
            height=game.height,
        ),
        answer=f"{total}.",
        solutions=[total, str(total)],
        game=game,
        parts=False,
        wrong=list(reasons) + [total + 2],
        key=f"total_{name}",
        leaks=(describe_components(game),),
    )


def who_wants_which() -> str:
    """The parity rule's sentence (who wants which total), the only place a wrong ``who_wins`` answer names a seat."""
    return tr("The first player (Gold) wants even and the second (Coral) wants odd.")


def who_wins_exercise(name: str = "long_chains") -> DotsExercise:
    game = position(name)
    mover = game.to_move
    value = solve(game)
    g, c = game.scores
    final = [g, c]
    rest = game.geometry.n_boxes - g - c
    mine = (rest + value) // 2
    final[mover] += mine
    final[1 - mover] += rest - mine
    winner = "Gold" if final[0] > final[1] else "Coral" if final[1] > final[0] else "Draw"
    rule = analysis.long_chain_rule(game)
    long_n, dots = rule.long_chains, rule.dots
    wants = (
        tr("even, what Gold (the first player) wants")
        if (dots + long_n) % 2 == 0
        else tr("odd, what Coral (the second player) wants")
    )
    reason = ntr(
        "with best play the game ends Gold {gold}, Coral {coral}. There is {n} long chain and {dots} dots: "
        "{dots} + {n} = {sum} is {wants}: {loser} has to open the long chains.",
        "with best play the game ends Gold {gold}, Coral {coral}. There are {n} long chains and {dots} dots: "
        "{dots} + {n} = {sum} is {wants}: {loser} has to open the long chains.",
        long_n,
        gold=final[0],
        coral=final[1],
        dots=dots,
        sum=dots + long_n,
        wants=wants,
        loser=tr(SEATS[1 - rule.favoured]),
    )
    # a wrong name, with the long chains counted right (the count is checked first): the slip is odd or even, most
    # often the rule turned round (whom an even total suits). The feedback points at that step and names neither
    # the winner nor the score, so a second try still has to be worked out
    parity_step = " ".join(
        (
            tr("Count the dots, add the {n} long chains, and ask: is the total odd or even?", n=long_n),
            who_wants_which(),
            tr("Having to open something now does not decide the game: who opens the long chains does."),
        )
    )
    explain = {
        w: tr("Right: {reason}", reason=reason)
        if w == winner
        else tr("No: a draw needs the boxes shared equally. Check odd or even. {step}", step=parity_step)
        if w == "Draw"
        else tr("No: check odd or even. {step}", step=parity_step)
        for w in (N_("Gold"), N_("Coral"), N_("Draw"))
    }
    name_check = _translated_choices(choice_checker(winner, explain), ("Gold", "Coral", "Draw"))
    loops = len(parts_of(game, "loop"))
    shorts = len(parts_of(game, "chain")) - long_n
    form = tr("Type the number of long chains, a comma, then who wins, like this: 2, Gold.")

    def check(answer: Any) -> tuple[bool, str]:
        """The long chains counted, then the winner's name: the name alone is a three-way guess, so it is asked
        again with the count; a wrong count gets its reason before any name is judged."""
        typed = re.match(r"^\s*(\d+)\s*[,;:]?\s*(\D.*?)\s*$", str(answer))
        if not typed:
            raise ValueError(form)
        n = int(typed.group(1))
        if n != long_n:
            if loops and n == long_n + loops:
                return False, tr("Not {n}: loops never count as long chains. Count the chains again.", n=n)
            if shorts and n > long_n:
                return False, tr("Not {n}: only chains of 3 boxes or more are long. Count them again.", n=n)
            return False, tr("Not {n}: look again for every chain of 3 boxes or more, and count each once.", n=n)
        return name_check(typed.group(2))

    return DotsExercise(
        tr(
            "Gold moved first; now {seat_name} is to move, and no safe line is left. <b>How many long chains are "
            "there, and who wins with best play?</b> Type the number of long chains, a comma, then Gold, Coral or "
            "Draw, like this: 2, Gold.",
            seat_name=tr(SEATS[mover]),
        ),
        check,
        hint=tr("Count the long chains and add the dots."),
        answer=f"{long_n}, {tr(winner)}: {reason}",
        solutions=[f"{long_n}, {winner}"],
        game=game,
        wrong=[f"{long_n}, {tr(w)}" for w in ("Gold", "Coral", "Draw") if w != winner]
        + [f"{long_n + 1}, {tr(winner)}"]
        + ([f"{long_n + loops}, {tr(winner)}"] if loops else []),
        key=f"who_wins_{name}",
        leaks=(tr("Gold {final}, Coral {final2}", final=final[0], final2=final[1]),),
    )


def _translated_choices(check: Any, choices: tuple[str, ...]) -> Any:
    """``check`` (a :func:`choice_checker` over English choice ids) that also takes each choice in the pupil's own
    language ("Dorado", «empate»), and whose refusal lists the choices in that language."""
    own = {tr(c).strip().lower(): c for c in choices}

    def translated(answer: Any) -> tuple[bool, str]:
        typed = str(answer).strip().lower()
        if typed in own:
            return check(own[typed])
        if typed in {c.lower() for c in choices}:
            return check(answer)
        raise ValueError(
            tr(
                "{answer!r} is not one of the choices: {choices}.",
                answer=str(answer).strip(),
                choices=", ".join(tr(c) for c in choices),
            )
        )

    return translated


def turns_exercise(width: int = 4, height: int = 3, long_chains: int = 3) -> DotsExercise:
    """Why the long chain rule works, as the page counts it: a game has one turn per dot plus one per line that wins
    two boxes at once, so a game on a ``width``×``height`` board that ends with ``long_chains`` long chains, control
    kept to the end and only long chains refused, has dots + long chains − 1 turns (a turn is one player's run of
    lines; the rules' "win a box, draw again" makes it longer than one line).  A typed number; the common
    slips each get their own reason: dots + long chains (the − 1 left out), one too many, the dots alone, the dots
    − 1 (the long chains left out), and the boxes or the lines counted instead of the dots."""
    if long_chains < 1:
        raise ValueError(tr("long_chains={n!r}: the game must end with a long chain", n=long_chains))
    geo = geometry(width, height)
    dots = geo.n_dots
    turns = dots + long_chains - 1
    last = tr(SEATS[0]) if turns % 2 else tr(SEATS[1])
    reasons: dict[int, str] = {}
    reasons[dots + long_chains] = tr(
        "{n} is dots + long chains. Read the rule again: it does one more thing after adding them.",
        n=dots + long_chains,
    )
    reasons.setdefault(turns + 1, tr("One too many: dots + long chains, then one fewer, not one more."))
    reasons.setdefault(dots, tr("{n} is the dots alone. Add the long chains, then take away 1.", n=dots))
    reasons.setdefault(dots - 1, tr("You left out the long chains: add them to the dots before you take away 1."))
    reasons.setdefault(
        width * height,
        tr("{n} is the number of boxes. Count the dots: the corners of the boxes.", n=width * height),
    )
    reasons.setdefault(
        geo.n_lines,
        tr("{n} is the number of lines. A turn can have several lines: count the dots instead.", n=geo.n_lines),
    )
    reasons.pop(turns, None)

    def check(answer: Any) -> tuple[bool, str]:
        k = parse_int(answer)
        if k == turns:
            return True, tr(
                "Yes: {dots} dots + {k} long chains − 1 = {turns} turns. {turns} is {parity}, so {last} plays the "
                "last turn and takes the last long chain.",
                dots=dots,
                k=long_chains,
                turns=turns,
                parity=tr("odd") if turns % 2 else tr("even"),
                last=last,
            ) + " " + ntr(
                "That is one turn per dot, plus {n} for the line that wins two boxes at once.",
                "That is one turn per dot, plus {n} for the lines that win two boxes at once.",
                long_chains - 1,
            )
        if k in reasons:
            return False, reasons[k]
        return False, tr("Not {k}. Count the dots, add the long chains, then take away 1.", k=k)

    return DotsExercise(
        ntr(
            "A game on this empty {width}×{height} board ends with {k} long chain, and the player with control keeps "
            "it to the end. Only long chains are refused: no loop, no 2-chain. <b>How many turns does the whole "
            "game have?</b>",
            "A game on this empty {width}×{height} board ends with {k} long chains, and the player with control "
            "keeps it to the end. Only long chains are refused: no loop, no 2-chain. <b>How many turns does the "
            "whole game have?</b>",
            long_chains,
            width=width,
            height=height,
            k=long_chains,
        ),
        check,
        hint=tr("Use the count from “The rule” at the top of the page. First count the dots."),
        answer=f"{turns}.",
        solutions=[turns, str(turns)],
        game=DotsAndBoxes(width, height),
        parts=False,
        wrong=list(reasons) + [turns + 2],
        key=f"turns_{width}x{height}_{long_chains}",
    )
