"""The Dots and Boxes lessons' pictures and captions: highlights (third sides, each chain and loop in its own tint, the
line just drawn), the board scene, step-throughs and the sentences that describe a position or a line."""

from __future__ import annotations

from gamekit.core.scene import Scene
from gamekit.display import Paragraph
from gamekit.dots import analysis
from gamekit.dots.lesson_explanations import Explanation
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.solver import move_values
from gamekit.dots.view import BoardLayout
from gamekit.dots.view import COORDINATE_INK
from gamekit.dots.view import dots_scene
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.widgets.lesson import LessonScore
from gamekit.widgets.lesson import Mark
from gamekit.widgets.stepthrough import Step
from gamekit.widgets.stepthrough import StepThrough
from typing import Any
from typing import Callable
from typing import Sequence
from gamekit.dots.lesson_positions import (
    SEATS,
    SEQUENCES,
    components,
    lesson_board_layout,
    line_parts,
    long_chain_count,
    position,
    safe_lines,
    takeable,
    third_side_boxes,
)

# ----- tints -----------------------------------------------------------------------------
THIRD_SIDE_TINT = "#e8584a"
CHAIN_TINTS = ("#a9d4ff", "#b9ebb0", "#ffd89a", "#a8e6e0", "#f3ec8c", "#f5c2a8", "#cfd8dc")
LOOP_TINTS = ("#f7b8d6", "#c9b3f5", "#f0c6f2")
LAST_LINE = "#2e86de"
MARK_COLOURS = {"right": "#1e8449", "wrong": "#c0392b", "answer": "#2e86de"}


# ----- pictures ----------------------------------------------------------------------------
def highlights(
    game: DotsAndBoxes, *, third_sides: bool = True, parts: bool = True, last: bool = True
) -> tuple[dict[int, str], dict[int, str]]:
    """``(box_tints, line_colours)``: chains and loops each in their own tint, third-side boxes
    in red on top, the line just drawn in blue."""
    tints: dict[int, str] = {}
    if parts:
        chains = loops = 0
        for part in components(game):
            if part.kind == "loop":
                colour, loops = LOOP_TINTS[loops % len(LOOP_TINTS)], loops + 1
            else:
                colour, chains = CHAIN_TINTS[chains % len(CHAIN_TINTS)], chains + 1
            for box in part.boxes:
                tints[box] = colour
    if third_sides:
        for box in third_side_boxes(game):
            tints[box] = THIRD_SIDE_TINT
    lines: dict[int, str] = {}
    if last and game.history:
        lines[game.line_index(game.history[-1])] = LAST_LINE
    return tints, lines


def lesson_scene(
    game: DotsAndBoxes,
    mark: Mark | None = None,
    *,
    third_sides: bool = True,
    parts: bool = True,
    last: bool = True,
    layout: BoardLayout | None = None,
) -> Scene:
    """A lesson board: highlights, dot names around the edge, and an optional answer mark."""
    layout = layout or lesson_board_layout(game)
    tints, lines = highlights(game, third_sides=third_sides, parts=parts, last=last)
    if mark is not None:
        lines[game.line_index(mark.answer)] = MARK_COLOURS[mark.state]
    scene = dots_scene(game, layout, box_tints=tints, line_colours=lines, show_last=last)
    font = "11px sans-serif"
    for col in range(game.width + 1):
        x, _ = layout.dot(col, 0)
        scene.add("text", x, layout.margin * 0.35, chr(ord("a") + col), font, COORDINATE_INK, "center")
    for row in range(game.height + 1):
        _, y = layout.dot(0, row)
        scene.add("text", layout.margin * 0.35, y, str(row + 1), font, COORDINATE_INK, "center")
    return scene


def describe_components(game: DotsAndBoxes) -> str:
    """One sentence: the chains and loops of the position."""
    parts = components(game)
    chains = sorted((p.length for p in parts if p.kind == "chain"), reverse=True)
    loops = sorted((p.length for p in parts if p.kind == "loop"), reverse=True)
    bits = []
    if chains:
        bits.append(ntr("chain of {lengths}", "chains of {lengths}", len(chains), lengths=join_words(chains)))
    if loops:
        bits.append(ntr("loop of {lengths}", "loops of {lengths}", len(loops), lengths=join_words(loops)))
    return tr(" and ").join(bits) if bits else tr("no chain or loop")


def join_words(items: Sequence[Any]) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + tr(" and ") + items[-1]


def boxes_text(game: DotsAndBoxes, boxes: Sequence[int]) -> str:
    return join_words([game.geometry.box_name(b) for b in boxes])


def boxes_won(game: DotsAndBoxes, line: str | int) -> int:
    """How many boxes drawing ``line`` would complete (0, 1 or 2); ``game`` is not changed."""
    after = game.copy()
    after.play(line)
    return after.last_completed


def describe_line(before: DotsAndBoxes, line: str, judge: bool | str = False, plain: bool = False) -> str:
    """What drawing ``line`` does in the position ``before``, in one or two plain sentences.

    With ``plain=True`` a refusal and a line that takes two boxes are told without lesson 5's words (double-deal,
    double-cross): lesson 3 shows the refusal of a 2-chain opened at an end before it names either.

    With ``judge=True`` a move the exact solver rates below the best is called a mistake, with the
    better line (no score: a judged step-through may come just before an exercise that asks for one).
    With ``judge="result"`` the mistake is flagged (a step-through that shows one unflagged teaches it) with no
    better line and no reason: a lesson that has not yet taught the refusal (lesson 3, before lesson 5's
    double-deal) says only that the move cost boxes.
    """
    if judge not in (True, False, "result"):
        raise ValueError(tr("judge must be True, False or 'result', not {judge!r}", judge=judge))
    text_ = _describe_line(before, line, plain)
    if judge and not before.is_over():
        values = move_values(before)
        name = before.line_name(before.line_index(line))
        best = max(values.values())
        if values[name] < best and judge == "result":
            # flagged, so the step-through does not teach the mistake, but neither the better line nor why it is
            # better: both are lesson 5's double-deal
            seat = tr(SEATS[before.to_move])
            text_ += tr(
                " A mistake, says the exact calculation: {seat} ends with fewer boxes than best play would give.",
                seat=seat,
            )
        elif values[name] < best:
            better = [l for l, v in values.items() if v == best]
            seat = tr(SEATS[before.to_move])
            shown = join_words(better[:3]) + (" …" if len(better) > 3 else "")
            played = line_parts(before, name)
            instead = {(p.kind, p.boxes) for b in better for p in line_parts(before, b)}
            part = next((p for p in components(before) if (p.kind, p.boxes) in instead), None)
            # no safe line left and every better line opens one other part: say which part, in lesson 3's words
            opens_other = len(played) == 1 and (played[0].kind, played[0].boxes) not in instead
            refusals = [b for b in better if not boxes_won(before, b)]
            if boxes_won(before, name) and refusals == better:
                # the better line takes nothing and leaves the boxes still on offer: lesson 3's refusal
                after = before.copy()
                after.play(better[0])
                text_ += ntr(
                    " A mistake, says the exact calculation: {better} takes nothing and leaves the last box to "
                    "{other}, who must then open the next chain or loop.",
                    " A mistake, says the exact calculation: {better} takes nothing and leaves the last {n} boxes "
                    "to {other}, who must then open the next chain or loop.",
                    takeable(after),
                    better=shown,
                    other=tr(SEATS[1 - before.to_move]),
                )
            elif (
                not safe_lines(before)
                and opens_other
                and len(instead) == 1
                and part is not None
                and all(not boxes_won(before, b) for b in better)
            ):
                whole = (
                    tr("the loop of {n}", n=len(part.boxes))
                    if part.kind == "loop"
                    else tr("the chain of {n}", n=len(part.boxes))
                )
                text_ += tr(
                    " A mistake, says the exact calculation: {opening} ({better}) would have won {seat} more boxes.",
                    opening=opening_first(whole),
                    better=shown,
                    seat=seat,
                )
            else:
                text_ += tr(
                    " A mistake, says the exact calculation: {better} would have won {seat} more boxes.",
                    better=shown,
                    seat=seat,
                )
    return text_


def opening_first(part: str) -> str:
    """The words a judged caption uses for the better choice "open this part first" (``part``: "the loop of 6"):
    an exercise that asks which part to open lists them as a leak, so no caption above it argues its answer."""
    return tr("opening {part} first", part=part)


def _describe_line(before: DotsAndBoxes, line: str, plain: bool = False) -> str:
    seat, other = tr(SEATS[before.to_move]), tr(SEATS[1 - before.to_move])
    after = before.copy()
    index = after.line_index(line)
    name = after.line_name(index)
    was_on_offer = third_side_boxes(before)
    completed = boxes_won(before, index)
    after.play(index)
    if completed:
        won = [b for b in before.geometry.line_boxes[index] if after.owners[b] is not None]
        if after.is_over():
            g, c = after.scores
            return tr(
                "{seat} draws {name} and takes {boxes}. Every box is closed: Gold {g}, Coral {c}.",
                seat=seat,
                name=name,
                boxes=boxes_text(after, won),
                g=g,
                c=c,
            )
        cross = tr(" — a double-cross: one line, two boxes") if completed == 2 and not plain else ""
        return tr(
            "{seat} draws {name} and takes {boxes}{cross}, so {seat} draws again.",
            seat=seat,
            name=name,
            boxes=boxes_text(after, won),
            cross=cross,
        )
    safe_before = set(safe_lines(before))
    if name in safe_before:
        left = len(safe_lines(after))
        text_ = tr(
            "{seat} draws {name}, a safe line: no box gets a third side. Safe lines left: {left}.",
            seat=seat,
            name=name,
            left=left,
        )
        spoilt = len(safe_before) - 1 - left
        if spoilt:
            text_ += " " + ntr(
                "It also made {n} other line unsafe: that line touches a box that now has two sides.",
                "It also made {n} other lines unsafe: they touch boxes that now have two sides.",
                spoilt,
            )
        return text_
    offered = takeable(after)
    if was_on_offer and plain:
        return ntr(
            "{seat} draws {name} instead of taking: {seat} leaves the box to {other}, who takes it but must then "
            "move again.",
            "{seat} draws {name} instead of taking: {seat} leaves the {n} boxes to {other}, who takes them but must "
            "then move again.",
            offered,
            seat=seat,
            name=name,
            other=other,
        )
    if was_on_offer:
        return ntr(
            "{seat} draws {name} instead of taking: a double-deal. {other} takes the last box but must then move "
            "again.",
            "{seat} draws {name} instead of taking: a double-deal. {other} takes the last {n} boxes but must then "
            "move again.",
            offered,
            seat=seat,
            name=name,
            other=other,
        )
    newly = [b for b in third_side_boxes(after)]
    return (
        ntr(
            "{seat} draws {name}: box {boxes} gets a third side,",
            "{seat} draws {name}: boxes {boxes} get a third side,",
            len(newly),
            seat=seat,
            name=name,
            boxes=boxes_text(after, newly),
        )
        + " "
        + ntr("and {other} can take it.", "and {other} can take {n} boxes, one after another.", offered, other=other)
    )


def steps(name: str) -> list[Step]:
    """The steps of a named sequence: its start, then one step per line, captions from the analysis."""
    spec = SEQUENCES[name]
    width, height, moves = spec["start"]
    game = DotsAndBoxes.from_moves(width, height, moves)
    parts = spec.get("parts", True)
    result = [Step(_frozen_scene(game, parts), tr(spec["intro"]) if spec.get("intro") else _status(game))]
    ran_out = None
    for line in spec["steps"]:
        caption = describe_line(game, line, judge=spec.get("judge", False), plain=spec.get("plain", False))
        game.play(line)
        if ran_out is None and not safe_lines(game):
            ran_out = analysis.long_chain_rule(game)
        extra = _status(game, parts, forming=spec.get("forming", False))
        result.append(Step(_frozen_scene(game, parts), caption + (" " + extra if extra else "")))
    outro = tr(spec["outro"]) if spec.get("outro") else ""
    if spec.get("forming") and ran_out is not None:
        total = ran_out.dots + ran_out.long_chains
        outro = ntr(
            "When the safe lines ran out there was {n} long chain: {dots} + {n} = {total} is {parity}, "
            "the count {seat} wanted.",
            "When the safe lines ran out there were {n} long chains: {dots} + {n} = {total} is {parity}, "
            "the count {seat} wanted.",
            ran_out.long_chains,
            dots=ran_out.dots,
            total=total,
            parity=tr("even") if total % 2 == 0 else tr("odd"),
            seat=tr(SEATS[ran_out.even_seat if ran_out.long_chains % 2 == 0 else ran_out.odd_seat]),
        )
    if outro:
        result[-1] = Step(result[-1].scene, result[-1].caption + " " + outro)
    return result


def _frozen_scene(game: DotsAndBoxes, parts: bool = True) -> Callable[[], Scene]:
    snapshot = game.copy()
    return lambda: lesson_scene(snapshot, parts=parts)


def _status(game: DotsAndBoxes, parts: bool = True, forming: bool = False) -> str:
    """The score, plus the chain picture once no safe line is left (``forming``: also while safe lines remain)."""
    if game.is_over():
        return ""
    g, c = game.scores
    score = tr("(Gold {g}, Coral {c}.)", g=g, c=c)
    if forming and safe_lines(game):
        rule = analysis.long_chain_rule(game)
        if not rule.long_chains:
            return tr("No long chain is forming yet. {score}", score=score)
        return tr(
            "Long chains forming: {long_chains}; {dots} + {long_chains} is {parity}, which suits {favoured}. {score}",
            long_chains=rule.long_chains,
            dots=rule.dots,
            parity=tr("even") if (rule.dots + rule.long_chains) % 2 == 0 else tr("odd"),
            favoured=tr(SEATS[rule.favoured]),
            score=score,
        )
    if parts and not safe_lines(game) and not third_side_boxes(game):
        long_n = long_chain_count(game)
        if len(components(game)) == 1:
            return ntr(
                "No safe line left: {parts} — {n} long chain. {seat} must open it. {score}",
                "No safe line left: {parts} — {n} long chains. {seat} must open it. {score}",
                long_n,
                parts=describe_components(game),
                seat=tr(SEATS[game.to_move]),
                score=score,
            )
        return ntr(
            "No safe line left: {parts} — {n} long chain. {seat} must open one of them. {score}",
            "No safe line left: {parts} — {n} long chains. {seat} must open one of them. {score}",
            long_n,
            parts=describe_components(game),
            seat=tr(SEATS[game.to_move]),
            score=score,
        )
    return score


def step_through(name: str, title: str = "") -> StepThrough:
    """A step-through widget of a named sequence."""
    spec = SEQUENCES[name]
    width, height, _ = spec["start"]
    layout = BoardLayout.fit(width, height, max_px=300)
    return StepThrough(steps(name), size=layout.css_size, title=title)


def show_position(name: str, *, third_sides: bool = True, parts: bool = True):
    """A still picture of a named position with its highlights."""
    from gamekit.widgets.canvas import BoardCanvas

    game = position(name)
    layout = lesson_board_layout(game)
    picture = BoardCanvas(*layout.css_size)
    picture.paint(lesson_scene(game, third_sides=third_sides, parts=parts))
    return picture.canvas


def held_until_solved(key: str | tuple[str, ...], score: LessonScore, content: Any):
    """``content`` (a step-through, a sentence such as a worked count, or an :class:`Explanation`) held back until
    the exercise saved under ``key`` (or each of several keys) is solved or its answer shown on ``score`` (also in
    an earlier session: a score starts from what was saved).  Until then a note says what opens it."""
    import html

    import ipywidgets as W

    if not isinstance(score, LessonScore):
        raise TypeError(tr("score must be the page's lesson score, not {kind}", kind=type(score).__name__))
    if isinstance(content, StepThrough):
        waiting = tr(
            "This step-through shows the answer: it opens here once you have solved the exercise above or pressed "
            "Show answer."
        )
    elif isinstance(content, Paragraph):
        waiting = tr(
            "This worked count shows the answer: it opens here once you have solved the exercise above or "
            "pressed Show answer."
        )
        content = W.HTML(f"<p>{html.escape(content.text)}</p>")
    elif isinstance(content, Explanation):
        waiting = tr(
            "This part explains the answer: it opens here once you have solved the exercise above or pressed "
            "Show answer."
        )
        content = W.HTML(content._repr_html_())
    else:
        raise TypeError(tr("content must be a step-through or a sentence, not {kind}", kind=type(content).__name__))
    note = W.HTML("<i>" + waiting + "</i>")
    holder = W.VBox([note])

    keys = (key,) if isinstance(key, str) else key

    def done(k: str) -> bool:
        record = score.records.get(k)
        return record is not None and (record.solved or record.shown)

    def update(_: Any = None) -> None:
        if all(done(k) for k in keys) and holder.children[0] is note:
            holder.children = [content]

    score.observe(update, names="value")
    update()
    return holder
