"""The Shut the Box lessons' pictures and widgets: the step-through of the sets search, a position's picture, the demo
turn and the doubles example, and the exercise widgets with their boards.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from gamekit.i18n import ntr, tr
from gamekit.shutbox.tiles import TILES
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.game import ShutTheBox
from gamekit.shutbox.exercises_best_set import (
    CHALLENGE_POSITIONS,
    best_set_exercise,
    challenge_exercise,
    leave_value_exercises,
)
from gamekit.shutbox.exercises_sets import set_search_steps, sets_exercise
from gamekit.shutbox.lesson_words import tile_list


GREEN, AMBER, RED = "#1e8449", "#d68910", "#c0392b"


def sets_step_through(total: int = 8, uncovered: Iterable[int] = TILES):
    """Step through the systematic search for every set making ``total`` (largest tile first)."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.stepthrough import Step, StepThrough

    open_tiles = tuple(sorted(set(uncovered)))
    lay = BoxLayout(height=220)
    steps = [
        Step(
            box_scene(
                open_tiles, lay, caption=tr("Every set of open tiles making {total}, largest tile first.", total=total)
            ),
            tr(
                "We look for every set that makes {total}: start from the largest tile, then only add smaller "
                "tiles, so no set is found twice.",
                total=total,
            ),
        )
    ]
    found: list[tuple[int, ...]] = []
    colour = {"found": GREEN, "try": AMBER, "dead end": RED}
    for st in set_search_steps(total, open_tiles):
        if st.outcome == "found":
            found.append(st.chosen)
        marks = {t: colour[st.outcome] for t in st.chosen}
        caption = f"{' + '.join(map(str, st.chosen))}" + (
            f" = {total} ✔"
            if st.outcome == "found"
            else ntr("  (need {n} more: stop ✘)", "  (need {n} more: stop ✘)", st.need)
            if st.outcome == "dead end"
            else ntr("  (need {n} more)", "  (need {n} more)", st.need)
        )
        sofar = "; ".join("+".join(map(str, s)) for s in found) or tr("none yet")
        steps.append(
            Step(
                box_scene(open_tiles, lay, marks=marks, caption=caption),
                tr("{caption} Sets so far: {sofar}.", caption=st.caption, sofar=sofar),
            )
        )
    steps.append(
        Step(
            box_scene(open_tiles, lay, caption=tr("{n} sets make {total}.", n=len(found), total=total)),
            tr("Done: {n} sets — ", n=len(found)) + "; ".join(" + ".join(map(str, s)) for s in found) + ".",
        )
    )
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("Sets for {total}", total=total))


def position_view(open_tiles: Iterable[int], dice: Sequence[int] = (), caption: str = ""):
    """A still picture of a position (the box and the dice), as a canvas widget."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.canvas import BoardCanvas

    lay = BoxLayout()
    board = BoardCanvas(lay.width, lay.height)
    board.paint(box_scene(open_tiles, lay, dice=dice, caption=caption))
    board.canvas.lesson_position = (tuple(sorted(set(open_tiles))), sum(dice))  # for the giveaway tests
    return board.canvas


DEMO_SEED = 27
"""Lesson 1's demo turn: a typical turn, not a lucky one.  The computer covers 9 + 2, 8 + 1 and 7; once 7, 8 and 9
are covered it may roll one die or two (it chooses two), covers 6 + 3, and the turn ends with 4 and 5 open: score 9,
near the middle of its scores over many turns (the box stays open in about 9 turns in 10).  A test checks each of
these and the sentence the page says under it."""


def demo_turn(seed: int = DEMO_SEED, level: str = "hard", rules: Rules | None = None):
    """Step through one seeded solo turn played by the CPU: every roll and every set covered, and each choice of
    one die or two."""
    from gamekit.shutbox.players import cpu_player
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.stepthrough import Step, StepThrough

    lay = BoxLayout()
    g = ShutTheBox(1, rules, seed=seed)
    p = cpu_player(level, seed=seed)
    steps = [Step(box_scene(g.open_tiles, lay), tr("All nine tiles are open. Roll the dice."))]
    while not g.is_over():
        action = p.choose(g)
        g.play(action)
        steps.append(
            Step(
                box_scene(g.open_tiles, lay, dice=g.dice, dim_dice=g.phase != "cover"),
                demo_caption(action, g),
                (tuple(g.open_tiles), sum(g.dice or ())),
            )
        )
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("A turn"))


def demo_caption(action: Sequence, game: ShutTheBox) -> str:
    """What a step of :func:`demo_turn` says, after ``action`` was played on ``game`` (a solo turn): the roll,
    the tiles covered, or why the turn is over and what it scores."""
    total = sum(game.dice or ())
    if action[0] == "cover":
        covers = tr("The computer covers {tiles}.", tiles=" + ".join(map(str, action[1])))
        return covers + (" " + tr("The box is shut: score 0.") if not game.open_tiles else "")
    rolled = (
        tr("The computer rolls {dice} = {total}.", dice=" + ".join(map(str, game.dice)), total=total)
        if len(game.dice) > 1
        else tr("The computer rolls one die: {total}.", total=total)
    )
    if len(game.rules.dice_options(game.remaining)) > 1:  # the roll was a choice: say so, and which was chosen
        rolled = (
            (
                tr("Tiles 7, 8 and 9 are covered, so the computer may roll one die or two.")
                if game.rules.one_die == "after_789"
                else tr("The computer may roll one die or two.")
            )
            + " "
            + (
                tr("It chooses one die and rolls {total}.", total=total)
                if len(game.dice) == 1
                else tr(
                    "It chooses two dice and rolls {dice} = {total}.", dice=" + ".join(map(str, game.dice)), total=total
                )
            )
        )
    if not game.is_over():
        return rolled
    if not game.open_tiles:
        return rolled + " " + tr("The box is shut: score 0.")
    left = game.open_tiles
    return (
        rolled
        + " "
        + tr(
            "No set of the open tiles makes {total}, so the turn is over. The score is the sum of "
            "the open tiles: {sum}.",
            total=total,
            sum=" + ".join(map(str, left)) + (f" = {sum(left)}" if len(left) > 1 else ""),
        )
    )


DOUBLES_DICE = [(6, 6), (5, 5), (6, 1), (1, 2)]


DOUBLES_SETS = [(9, 3), (8, 2), (7,)]


def doubles_demo():
    """The long game's doubles rule, step by step: two doubles banked, then a roll no set makes does not
    pass the box (a banked turn is spent and the same player rolls again)."""
    from gamekit.shutbox.widget import BoxLayout, box_scene
    from gamekit.widgets.stepthrough import Step, StepThrough

    lay = BoxLayout()
    g = ShutTheBox([tr("Ana"), tr("Bo")], variant="long", dice=list(DOUBLES_DICE), seed=1)
    steps = [Step(box_scene(g.open_tiles, lay), tr("The long game: Ana covers first."))]
    actions = []
    for tiles in DOUBLES_SETS:
        actions += [("roll",), ("cover", tiles)]
    actions.append(("roll",))
    for action in actions:
        before = len(g.events)
        if action[0] == "roll":
            g.roll()
        else:
            g.cover(*action[1])
        steps.append(
            Step(box_scene(g.open_tiles, lay, dice=g.dice, dim_dice=g.phase != "cover"), " · ".join(g.events[before:]))
        )
    return StepThrough(steps, size=(lay.width, lay.height), title=tr("Doubles in the long game"))


def sets_exercise_widget(total: int, uncovered: Iterable[int] = TILES, score: Any = None):
    from gamekit.widgets.lesson import ExerciseWidget

    return ExerciseWidget(sets_exercise(total, uncovered), score=score)


def best_set_widget(
    uncovered: Iterable[int], roll: int, objective: str = "shut", rules: Rules | None = None, score: Any = None
):
    """The position as a picture plus a typed, checked answer ("8+1")."""
    import ipywidgets as W

    from gamekit.widgets.lesson import ExerciseWidget

    open_tiles = tuple(sorted(set(uncovered)))
    dice = (roll - 6, 6) if roll > 6 else (roll - 1, 1) if roll > 1 else (1,)
    return W.VBox(
        [
            position_view(open_tiles, dice),
            ExerciseWidget(best_set_exercise(open_tiles, roll, objective, rules), score=score),
        ]
    )


def go_on_count_widget(position: tuple, rules: Rules | None = None, score: Any = None):
    """Lesson 4's exercise 6 on the page: the position as a picture plus :func:`go_on_count_exercise` (the pupil
    counts the outcomes the tiles each set leaves can take, then picks the best set)."""
    import ipywidgets as W

    from gamekit.shutbox.exercises_both_sets import go_on_count_exercise
    from gamekit.widgets.lesson import ExerciseWidget

    open_tiles, roll, _ = position
    dice = (roll - 6, 6) if roll > 6 else (roll - 1, 1) if roll > 1 else (1,)
    widget = ExerciseWidget(go_on_count_exercise(position, rules), score=score)
    return W.VBox([position_view(tuple(sorted(open_tiles)), dice), widget])


def given_values_widget(position: tuple, rules: Rules | None = None, score: Any = None):
    """Lesson 5's exercise 5 on the page: the position as a picture plus :func:`given_values_exercise` (the values
    of the positions the sets can leave are given; the pupil finds what each set leaves and picks the best)."""
    import ipywidgets as W

    from gamekit.shutbox.exercises_both_sets import given_values_exercise
    from gamekit.widgets.lesson import ExerciseWidget

    open_tiles, roll, _ = position
    dice = (roll - 6, 6) if roll > 6 else (roll - 1, 1) if roll > 1 else (1,)
    widget = ExerciseWidget(given_values_exercise(position, rules), score=score)
    return W.VBox([position_view(tuple(sorted(open_tiles)), dice), widget])


def leave_value_widget(position: tuple, index: int, rules: Rules | None = None, score: Any = None):
    """Lesson 4's method on the page, one set at a time: the :func:`leave_value_exercise` of set number ``index``
    (largest tile first) of ``position``, each under its own exercise number."""
    from gamekit.widgets.lesson import ExerciseWidget

    return ExerciseWidget(leave_value_exercises(position, rules)[index](), score=score)


def challenge_widget(score: Any = None):
    """Lesson 5's extension challenge on the page: the position as a picture and :func:`challenge_exercise`."""
    import ipywidgets as W

    from gamekit.widgets.lesson import ExerciseWidget

    open_tiles, roll, _ = CHALLENGE_POSITIONS[0]
    dice = (roll - 6, 6) if roll > 6 else (roll - 1, 1)
    return W.VBox([position_view(open_tiles, dice), ExerciseWidget(challenge_exercise(), score=score)])


CHALLENGE_COUNT_EXAMPLES = ((2, 4), (3, 4))
"""Two small positions the held-back rule of thumb counts out, an all-even one first (its odd totals never go on)."""


def go_on_example(open_tiles: Iterable[int]) -> str:
    """One sentence counting the outcomes of two dice that let a pupil go on with ``open_tiles``, total by total:
    "With tiles 2 and 4 open, the totals 2, 4 and 6 go on: 1 + 3 + 5 = 9 outcomes of 36."  ValueError for tiles
    that are not distinct tiles 1 to 9, or that no total of two dice takes."""
    from gamekit.shutbox.exercises_dice import go_on_outcomes
    from gamekit.shutbox.tiles import tiles_summing_to, two_dice_probability

    tiles = tuple(open_tiles)
    if not tiles or len(set(tiles)) != len(tiles) or any(type(t) is not int or t not in TILES for t in tiles):
        raise ValueError(tr("open tiles {tiles!r}: give different tiles, 1 to 9", tiles=tiles))
    tiles = tuple(sorted(tiles))
    totals = [t for t in range(2, 13) if tiles_summing_to(t, tiles)]
    if not totals:
        raise ValueError(tr("open tiles {tiles!r}: no total of two dice covers any of them", tiles=tiles))
    counts = [int(two_dice_probability(t) * 36) for t in totals]
    return tr(
        "With tiles {tiles} open, the totals {totals} go on: {sum} = {n} outcomes of 36.",
        tiles=tile_list(tiles),
        totals=tile_list(totals),
        sum=" + ".join(map(str, counts)),
        n=go_on_outcomes(tiles),
    )


def challenge_afterword(score: Any):
    """What lesson 5 says below its extension challenge, held back until the challenge on ``score`` is solved or its
    answer shown (:func:`gamekit.shutbox.charts.held_until_answered`): the outcome-count rule of thumb, which picks
    the challenge's best set, two counts worked out (:func:`go_on_example`), and the all-even warning, which is the
    argument against the challenge's worst set."""
    import ipywidgets as W

    from gamekit.shutbox.charts import held_until_answered

    def text() -> W.HTML:
        return W.HTML(
            "<p><b>"
            + tr("A rule of thumb for big positions.")
            + "</b> "
            + tr(
                "A count from lesson 3 finds the best set in lesson 4's exercise 5 and in exercise 7: for each set, "
                "count how many of "
                "the 36 outcomes of two dice let you go on with the tiles it leaves, and prefer the highest count. "
                "But it is only a rule of thumb. In some positions it picks a worse set, and in some two sets tie."
            )
            + "</p><p>"
            + " ".join(go_on_example(tiles) for tiles in CHALLENGE_COUNT_EXAMPLES)
            + "</p><p>"
            + tr(
                "Avoid a position in which many rolls end the turn: no odd roll covers 2, 4, 6 and 8, so leaving "
                "only even tiles ends the turn on every odd roll."
            )
            + "</p>"
        )

    return held_until_answered(
        score,
        text,
        tr(
            "A rule of thumb for big positions appears here once you have answered exercise 7 (or pressed Show answer)."
        ),
        keys=[challenge_exercise().key],
    )


THUMB_VERDICT_RULES = ("largest_tile", "close_pair", "most_tiles", "fewest_tiles")
"""The four rules of thumb lesson 4's page lists, in its order after the largest tile."""


def rules_of_thumb_verdicts(position: tuple, rules: Rules | None = None) -> dict[str, str]:
    """For a "which set?" ``position`` (open tiles, roll, goal "shut" or "score") under ``rules``, what each of the
    four rules of thumb the page lists does, by the exact table: "finds" (it picks the best set alone), "misses"
    (it picks a worse set) or "ties" (it fits more than one set, so it cannot choose).  ValueError for a roll no
    set makes."""
    from gamekit.puzzles.shut_thumbs import thumb_sets
    from gamekit.shutbox.strategy import table
    from gamekit.shutbox.tiles import mask_of

    open_tiles, roll, objective = position
    rules = rules or Rules()
    values = {
        tuple(sorted(s, reverse=True)): v for s, v in table(rules, objective).set_values(mask_of(open_tiles), roll)
    }
    if not values:
        raise ValueError(tr("tiles {items}: no set makes {roll}", items=", ".join(map(str, open_tiles)), roll=roll))
    best = (min if objective == "score" else max)(values.values())
    verdicts = {}
    for rule in THUMB_VERDICT_RULES:
        picks = thumb_sets(rule, open_tiles, roll, rules.one_die)
        if len(picks) != 1:
            verdicts[rule] = "ties"
        else:
            verdicts[rule] = "finds" if values[picks[0]] == best else "misses"
    return verdicts


def thumb_miss(rule: str, objective: str, rules: Rules | None = None) -> tuple | None:
    """A position where the rule of thumb ``rule`` picks one set and a different set is strictly best for
    ``objective`` under ``rules``: ``(open tiles, roll, the rule's set, the best set)``, the fewest open tiles first,
    then the smallest tiles and roll — the example behind "not always".  None when the rule never misses."""
    from itertools import combinations

    from gamekit.puzzles.shut_thumbs import thumb_sets
    from gamekit.shutbox.strategy import table
    from gamekit.shutbox.tiles import mask_of

    rules = rules or Rules()
    better = min if objective == "score" else max
    for n in range(2, len(TILES) + 1):
        for open_tiles in combinations(TILES, n):
            for roll in range(2, 13):
                values = {
                    tuple(sorted(st, reverse=True)): v
                    for st, v in table(rules, objective).set_values(mask_of(open_tiles), roll)
                }
                if len(values) < 2:
                    continue
                best = better(values.values())
                tops = [st for st, v in values.items() if v == best]
                picks = thumb_sets(rule, open_tiles, roll, rules.one_die)
                if len(tops) == 1 and len(picks) == 1 and values[picks[0]] != best:
                    return open_tiles, roll, picks[0], tops[0]
    return None


def rules_of_thumb_after(score: Any, position: tuple, number: int, rules: Rules | None = None):
    """What lessons 4 and 5 say below exercise ``number`` (the "which set?" exercise at ``position``) about the four
    rules of thumb, computed by :func:`rules_of_thumb_verdicts`: which finds the best set there, which picks a
    worse one, which cannot choose.  It names the best set's rule, so it is held back until that exercise on
    ``score`` is solved or its answer shown (:func:`gamekit.shutbox.charts.held_until_answered`)."""
    import html

    import ipywidgets as W

    from gamekit.shutbox.charts import held_until_answered

    names = {
        "largest_tile": tr("Covering the largest tile"),
        "close_pair": tr("Covering two tiles close in value"),
        "most_tiles": tr("Covering the most tiles"),
        "fewest_tiles": tr("Covering the fewest tiles"),
    }

    def finds(rule: str) -> str:
        miss = thumb_miss(rule, position[2], rules)
        if miss is None:
            return tr("{rule} finds the best set there.", rule=names[rule])
        open_tiles, roll, pick, best = miss
        return tr(
            "{rule} finds the best set there, but not always: with tiles {items} open and a roll of {roll}, it "
            "picks {pick}, and {best} is better.",
            rule=names[rule],
            items=tile_list(open_tiles),
            roll=roll,
            pick=" + ".join(map(str, pick)),
            best=" + ".join(map(str, best)),
        )

    verdict_text = {
        "misses": lambda rule: tr("{rule} picks a worse set there.", rule=rule),
        "ties": lambda rule: tr("{rule} cannot choose there: it fits more than one set.", rule=rule),
    }
    verdicts = rules_of_thumb_verdicts(position, rules)

    def text() -> W.HTML:
        sentences = [finds(r) if v == "finds" else verdict_text[v](names[r]) for r, v in verdicts.items()]
        return W.HTML("<p>" + html.escape(" ".join(sentences)) + "</p>")

    return held_until_answered(
        score,
        text,
        tr(
            "How each rule of thumb does in exercise {n} appears here once you have answered it (or pressed Show "
            "answer).",
            n=number,
        ),
        keys=[best_set_exercise(position[0], position[1], position[2], rules).key],
    )


LARGEST_TILE_WHY = ((1, 2, 3, 4), (1, 2))
"""The two boxes :func:`largest_tile_why` compares: small and middle tiles left together, and two very small ones."""


def largest_tile_why() -> str:
    """Why the largest tile comes close to best play, with the outcomes that go on for :data:`LARGEST_TILE_WHY`'s
    boxes counted (two dice): shown with the policy table, since it says how the table's rows compare."""
    from gamekit.shutbox.exercises_counts import go_on_counts

    many, few = LARGEST_TILE_WHY
    return tr(
        "Why does the largest tile come so close to best play? Big tiles need big rolls. Covering them first, while "
        "you can, leaves small and middle tiles. Together they make many totals: with {many} open, {n_many} of the "
        "36 outcomes let you go on. But one or two very small tiles alone are hard to cover: with only {few} open, "
        "just {n_few} outcomes of 36 let you go on. So the largest tile is a good habit, not a guarantee.",
        many=tile_list(many),
        n_many=go_on_counts(many)[2],
        few=tile_list(few),
        n_few=go_on_counts(few)[2],
    )


def guess_then_policy_table(rules: Rules | None = None):
    """Lesson 4's guess (which way of choosing shuts the box least often?) with the exact table that answers it
    (:func:`gamekit.shutbox.lesson_tables.policy_table` under ``rules``) and why the largest tile comes close to
    best play (:func:`largest_tile_why`) below it, held back until the pupil picks a guess, as the page holds back
    its other answers: until then a note says what opens it.  The guess is never scored."""
    import ipywidgets as W

    from gamekit.shutbox.exercises_dice import prediction_widget, worst_rule_prediction
    from gamekit.shutbox.lesson_tables import policy_table

    guess = prediction_widget(worst_rule_prediction())
    held = W.VBox([W.HTML("<i>" + tr("The exact table appears here once you have made your guess.") + "</i>")])

    def show(_=None) -> None:
        held.children = [W.HTML(policy_table(rules)._repr_html_()), W.HTML("<p>" + largest_tile_why() + "</p>")]

    for button in guess.buttons:
        button.on_click(show)
    box = W.VBox([guess, held])
    box.guess, box.held = guess, held
    return box
