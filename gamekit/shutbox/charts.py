"""The Shut the Box lessons' matplotlib charts: how often each total of two dice comes up beside a simulation, and
the rules of thumb's simulated shut rates beside the exact optimum.  Each returns the ``Figure``."""

from __future__ import annotations

from typing import Sequence

from gamekit.i18n import decimal_symbols, number, tr
from gamekit.shutbox.tiles import FULL
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.simulation import DICE_RULE_WORDS, POLICY_WORDS, outcomes_grid, simulate_sums, sum_distribution
from gamekit.shutbox.strategy import table


def local_ticks(axis) -> None:
    """Tick labels with the reader's decimal point (matplotlib writes numbers the English way)."""
    point, group = decimal_symbols()
    if (point, group) == (".", ","):
        return
    from matplotlib.ticker import ScalarFormatter

    class LocalFormatter(ScalarFormatter):
        def __call__(self, x, pos=None):
            return super().__call__(x, pos).translate({ord("."): point, ord(","): group})

    axis.set_major_formatter(LocalFormatter())


def plot_dice(n: int = 3600, seed: int = 0):
    """The 36 outcomes as a grid (first die across the top, second die down the side, as on the worksheet) beside a
    bar chart of each total: games out of 36 exactly (k) and in the seeded simulation of ``n`` rolls (scaled to
    36), so both axes count outcomes the way the lesson does."""
    import matplotlib.pyplot as plt

    exact = sum_distribution(2)
    sim = simulate_sums(n, seed)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6), gridspec_kw={"width_ratios": [1, 1.4]})
    grid = outcomes_grid()  # grid[first - 1][second - 1]
    across = [[grid[first][second] for first in range(6)] for second in range(6)]
    left.imshow(across, cmap="YlGn")
    for row in range(6):
        for col in range(6):
            left.text(col, row, str(across[row][col]), ha="center", va="center", fontsize=10)
    left.set_xticks(range(6), [str(k) for k in range(1, 7)])
    left.set_yticks(range(6), [str(k) for k in range(1, 7)])
    left.xaxis.set_ticks_position("top")
    left.xaxis.set_label_position("top")
    left.set_xlabel(tr("first die"))
    left.set_ylabel(tr("second die"))
    left.set_title(tr("the 36 outcomes"), pad=24)
    totals = list(exact)
    right.bar([t - 0.2 for t in totals], [float(exact[t] * 36) for t in totals], width=0.4, label=tr("exact (k/36)"))
    right.bar(
        [t + 0.2 for t in totals],
        [36 * sim[t] / n for t in totals],
        width=0.4,
        label=tr("simulated ({n} rolls)", n=number(n)),
    )
    right.set_xticks(totals)
    right.set_xlabel(tr("total of two dice"))
    right.set_ylabel(tr("times in 36 rolls"))
    local_ticks(right.yaxis)
    right.legend()
    right.set_title(tr("how often each total comes up"))
    fig.tight_layout()
    return fig


def plot_policies(results: Sequence[dict[str, float]], rules: Rules | None = None):
    """Horizontal bars (so the long names never overlap) of each way of choosing's simulated shut rate, with the
    exact chance of the best play as a dashed line."""
    import matplotlib.pyplot as plt

    rules = rules or Rules()
    exact = float(table(rules, "shut").value(FULL))
    fig, ax = plt.subplots(figsize=(8, 0.5 * len(results) + 1.6))
    names = [tr(POLICY_WORDS[r["policy"]]) for r in results]
    rates = [100 * r["shut"] for r in results]
    ax.barh(range(len(names)), rates, color=["#bbb", "#bbb", "#f0b429", "#1e8449", "#2e86de"][: len(names)])
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.axvline(
        100 * exact, color="#1e8449", ls="--", label=tr("best play, exactly: {number} %", number=number(100 * exact, 2))
    )
    ax.set_xlabel(tr("shut the box (%)"))
    local_ticks(ax.xaxis)
    ax.set_title(
        tr(
            "{games} turns for each way of choosing — {dice}",
            games=number(results[0]["games"]),
            dice=tr(DICE_RULE_WORDS.get(rules.one_die, "")) or rules.in_words(),
        ),
        fontsize=9,
    )
    ax.legend(loc="lower right")
    fig.tight_layout()
    return fig


def figure_image(fig):
    """``fig`` as a PNG image widget, closed afterwards (so the notebook does not draw it a second time)."""
    import io

    import ipywidgets as W
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    plt.close(fig)
    return W.Image(value=buffer.getvalue(), format="png")


def _exercises_1_to_4_keys() -> list[str]:
    """The keys of lesson 3's exercises 1 to 4: the counts and chances the computer's grid, bars and table give."""
    from gamekit.shutbox.exercises_counts import expected_count_exercise
    from gamekit.shutbox.exercises_dice import chance_exercise, roll_outcomes_exercise

    return [
        roll_outcomes_exercise((1, 2)).key,
        roll_outcomes_exercise((1, 4)).key,
        chance_exercise(9).key,
        expected_count_exercise(6, 3600).key,
    ]


def _exercises_1_to_9_keys() -> list[str]:
    """The keys of lesson 3's exercises 1 to 9: every count of outcomes the tally's exact column (k/36 per
    total) gives away, up to exercise 9's outcomes that shut the box in one roll."""
    from gamekit.shutbox.exercises_dice import (
        go_on_dice_exercise,
        one_roll_shut_exercise,
        roll_outcomes_exercise,
    )

    return _exercises_1_to_4_keys() + [
        roll_outcomes_exercise((1, 2, 3), stuck=True).key,
        go_on_dice_exercise((1, 2, 3)).key,
        roll_outcomes_exercise((2, 5, 6)).key,
        go_on_dice_exercise((2, 5, 6)).key,
        one_roll_shut_exercise((2, 5)).key,
    ]


def _answered(score, keys: list[str]) -> bool:
    from gamekit.widgets.lesson import LessonScore

    if not isinstance(score, LessonScore):
        raise TypeError(tr("score must be the page's lesson score, not {kind}", kind=type(score).__name__))
    records = [score.records.get(key) for key in keys]
    return all(r is not None and (r.solved or r.shown) for r in records)


def exercises_answered(score) -> bool:
    """Whether lesson 3's exercises 1 to 9 on ``score`` are each solved or their answers shown (also in an earlier
    session).  The class tally's exact column, k/36 for every total, answers their counts, so it waits for them.
    The More practice comes before the tally on the page and is done if there is time or at home, so it does not
    hold the tally back.  TypeError for anything but a lesson score."""
    return _answered(score, _exercises_1_to_9_keys())


def held_until_answered(score, make, note_text: str, keys: Sequence[str] | None = None):
    """A box that shows ``note_text`` until the exercises ``keys`` on ``score`` are each solved or their answers
    shown (also in an earlier session: a score starts from what was saved), then the widget ``make()`` builds.
    ``keys`` defaults to lesson 3's exercises 1 to 9: what lesson 3 holds gives every total's count k/36, which
    answers exercises 3 to 9, so it waits for all of them, as the class tally's exact column does.  TypeError for
    anything but the page's lesson score."""
    import ipywidgets as W

    keys = list(keys) if keys is not None else _exercises_1_to_9_keys()
    _answered(score, keys)  # refuses anything but the page's score before the box is built
    note = W.HTML("<i>" + note_text + "</i>")
    holder = W.VBox([note])

    def update(_=None) -> None:
        if _answered(score, keys) and holder.children[0] is note:
            holder.children = [make()]

    score.observe(update, names="value")
    update()
    return holder


def dice_check(score, n: int = 3600, seed: int = 1):
    """Lesson 3's computer's check (:func:`plot_dice`: the filled 36-outcome grid and each total's exact chance),
    held back until exercises 1 to 9 on ``score`` are answered
    (:func:`held_until_answered`); until then a note says what opens it."""
    return held_until_answered(
        score,
        lambda: figure_image(plot_dice(n=n, seed=seed)),
        tr(
            "The computer's grid and chart show every count of outcomes, so they answer exercises 1 to 9: they "
            "appear here once you have answered all of them (or pressed Show answer)."
        ),
    )


def simulation_check(score, n: int = 36_000, seed: int = 2):
    """Lesson 3's table of each total's exact chance beside its share of ``n`` simulated rolls
    (:func:`gamekit.shutbox.lesson_tables.simulation_table`), held back like :func:`dice_check`: its exact
    chances answer exercises 3 to 9."""
    import ipywidgets as W

    from gamekit.shutbox.lesson_tables import simulation_table

    return held_until_answered(
        score,
        lambda: W.HTML(simulation_table(n, seed)._repr_html_()),
        tr(
            "This table gives the exact chance of each total, so it answers exercises 3 to 9: it appears here once "
            "you have answered exercises 1 to 9 (or pressed Show answer)."
        ),
    )
