"""Lesson 3's class dice tally: the rolls a pupil (or the whole class) enters, compared in a chart with the exact
chances k/36 and a simulation.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from gamekit.i18n import ntr, number, tr
from gamekit.display import Table
from gamekit.shutbox.simulation import (
    simulate_sums,
    sum_distribution,
)
from gamekit.shutbox.lesson_words import html_escape


TALLY_COLOURS = ("#1f5f99", "#b34700", "#1e7a46")
"""The tally chart's bars: the rolls entered (ours or the class's), the exact chance k/36, the simulation."""


TALLY_SIMULATION = (3600, 1)
"""The simulation the tally is compared with: 3 600 rolls, seed 1 (the same bars as the lesson's chart)."""


class DiceTally:
    """Pupils roll real dice and enter each roll; the tally sets the totals beside the 36 outcomes.

    :meth:`add` takes one roll ``(first die, second die)``; everything is checked before anything changes
    (whole numbers 1–6 only: ``True``, ``2.0`` and ``"٣"`` are refused).  The counts are saved with the pupil's
    progress (:func:`gamekit.progress.save_tally`) after every change, so a restart keeps them, and they go to
    the class group with the progress: :meth:`share` sends them and reads back the whole class's tally
    (the group sums every pupil's).  :meth:`table` and :meth:`chart` show each total's rolls and share beside
    the exact chance k/36 and a simulation.  ``saved=False``: start empty and save nothing (a demonstration)."""

    def __init__(self, saved: bool = True) -> None:
        from gamekit import progress

        if not isinstance(saved, bool):
            raise TypeError(tr("saved must be True or False, not {saved!r}", saved=saved))
        self.saved = saved
        self.rolls: list[tuple[int, int]] = []
        self.earlier = {int(t): n for t, n in progress.tally().items()} if saved else {t: 0 for t in range(2, 13)}
        self.class_result: dict | None = None

    @staticmethod
    def _die(name: str, value: Any) -> int:
        from gamekit.core.saved import is_int

        if isinstance(value, str) and re.fullmatch(r"\s*[1-6]\s*", value, re.ASCII):
            return int(value)
        if not is_int(value) or not 1 <= value <= 6:
            raise ValueError(tr("{name}: {value!r} is not a die's number (1 to 6)", name=name, value=value))
        return int(value)

    def _save(self) -> None:
        if self.saved:
            from gamekit import progress

            progress.save_tally(self.counts())

    def add(self, first: Any, second: Any) -> int:
        """Add one roll; returns its total.  Refused (ValueError, nothing changed) unless both are 1–6."""
        a, b = self._die(tr("first die"), first), self._die(tr("second die"), second)
        self.rolls.append((a, b))
        self._save()
        return a + b

    def undo(self) -> tuple[int, int]:
        """Take back the last roll entered on this page (ValueError when there is none)."""
        if not self.rolls:
            raise ValueError(tr("no roll to take back"))
        roll = self.rolls.pop()
        self._save()
        return roll

    def clear(self) -> None:
        """Start again from no rolls (the saved tally too)."""
        self.rolls = []
        self.earlier = {t: 0 for t in range(2, 13)}
        self._save()

    def counts(self) -> dict[int, int]:
        c = Counter(a + b for a, b in self.rolls)
        return {t: self.earlier.get(t, 0) + c.get(t, 0) for t in range(2, 13)}

    @property
    def total(self) -> int:
        return sum(self.counts().values())

    def share(self, member: Any = None) -> dict:
        """Send this tally to the class group (inside the progress upload) and read back the class's:
        ``{"counts": {total: rolls}, "pupils": n, "rolls": n}``.  ``member``: a
        :class:`gamekit.rooms.groups_client.GroupMember`, default the group saved on this computer.

        Refused with ValueError when no group is set (pupils join their class in the start page's "Join your
        class" box) or the tally is not saved;
        a refusal by the server (``GroupRefused``, a ValueError) or no connection (OSError) is raised as is."""
        from gamekit.rooms.groups_client import saved_member

        if not self.saved:
            raise ValueError(tr("this tally is not saved, so it cannot be sent to the class"))
        member = member if member is not None else saved_member()
        if member is None:
            raise ValueError(
                tr(
                    "this computer has not joined a class: join yours on the start page (Join your class), then "
                    "press Share with the class again"
                )
            )
        member.send_progress()
        result = member.class_tally()
        self.class_result = {
            "counts": {int(t): n for t, n in result["counts"].items()},
            "pupils": result["pupils"],
            "rolls": result["rolls"],
        }
        return self.class_result

    def table(self, counts: "dict[int, int] | None" = None, answers: bool = True) -> Table:
        """Each total: the rolls (ours, or ``counts``), their share, and its exact chance k/36 as a percentage (the
        page's words).  No column of k: the lesson's exercises ask for those counts, and the table sits below them.
        ``answers=False``: no exact chance either (lesson 3's exercises 1 to 4 ask for them and are not answered
        yet)."""
        if not isinstance(answers, bool):
            raise TypeError(tr("answers must be True or False, not {answers!r}", answers=answers))
        counts = self.counts() if counts is None else counts
        n = sum(counts.values())
        rows = [
            [
                t,
                counts[t],
                (number(100 * counts[t] / n, 1) + " %") if n else "–",
                number(100 * float(p), 1) + " %",
            ][: 4 if answers else 3]
            for t, p in sum_distribution().items()
        ]
        return Table(
            [tr("total"), tr("rolls"), tr("share of our rolls"), tr("exact chance")][: 4 if answers else 3],
            rows,
            caption=ntr("{n} roll entered", "{n} rolls entered", n),
        )

    def chart(self, counts: "dict[int, int] | None" = None, title: str = "", answers: bool = True) -> str:
        """:func:`tally_chart` of our rolls (or ``counts``)."""
        return tally_chart(self.counts() if counts is None else counts, title=title, answers=answers)


def tally_chart(
    counts: dict[int, int], title: str = "", width: int = 560, height: int = 240, answers: bool = True
) -> str:
    """A bar chart (SVG) of a tally: for each total 2 to 12, the share of the rolls entered, the exact chance
    k/36 (k of the 36 outcomes) and the share in the simulation of :data:`TALLY_SIMULATION` — three bars side by
    side, with a legend and a description for screen readers.  ``answers=False``: only the rolls entered, since
    the exact chances and the 3 600 simulated rolls answer lesson 3's exercises 3 and 4."""
    import html

    if not isinstance(counts, dict) or set(counts) != set(range(2, 13)):
        raise ValueError(tr("a tally gives the rolls of each total 2 to 12"))
    if not isinstance(answers, bool):
        raise TypeError(tr("answers must be True or False, not {answers!r}", answers=answers))
    n = sum(counts.values())
    sim_n, seed = TALLY_SIMULATION
    series = [[counts[t] / n if n else 0.0 for t in range(2, 13)]]
    names = [ntr("our {n} roll", "our {n} rolls", n)]
    if answers:
        sim = simulate_sums(sim_n, seed)
        exact = sum_distribution()
        series += [[float(exact[t]) for t in range(2, 13)], [sim[t] / sim_n for t in range(2, 13)]]
        names += [tr("exact (k/36)"), tr("simulated ({n} rolls)", n=number(sim_n))]
    top = max(0.2, max(max(s) for s in series))
    left, bottom, plot_h = 44, 34, height - 34 - 46
    group_w = (width - left - 10) / 11
    bar = group_w / 4
    parts = []
    for k in range(0, int(top * 100) + 1, 5):  # grid lines every 5 %
        y = height - bottom - plot_h * (k / 100) / top
        parts.append(
            f"<line x1='{left}' x2='{width - 10}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ddd'/>"
            f"<text x='{left - 4}' y='{y + 4:.1f}' font-size='10' text-anchor='end'>{k} %</text>"
        )
    for i, t in enumerate(range(2, 13)):
        x0 = left + i * group_w + bar / 2
        for j, values in enumerate(series):
            h = plot_h * values[i] / top
            parts.append(
                f"<rect x='{x0 + j * bar:.1f}' y='{height - bottom - h:.1f}' width='{bar - 1:.1f}' "
                f"height='{h:.1f}' fill='{TALLY_COLOURS[j]}'><title>{html.escape(names[j])}: {t} — "
                f"{html.escape(number(100 * values[i], 1))} %</title></rect>"
            )
        parts.append(
            f"<text x='{x0 + 1.5 * bar:.1f}' y='{height - bottom + 14}' font-size='11' text-anchor='middle'>{t}</text>"
        )
    parts.append(
        f"<text x='{left + (width - left) / 2:.1f}' y='{height - 4}' font-size='11' text-anchor='middle'>"
        f"{html.escape(tr('total of two dice'))}</text>"
    )
    for j, name in enumerate(names):  # the legend, in the order of the bars
        x = left + j * (width - left) / 3
        parts.append(
            f"<rect x='{x:.1f}' y='4' width='12' height='12' fill='{TALLY_COLOURS[j]}'/>"
            f"<text x='{x + 16:.1f}' y='14' font-size='11'>{html.escape(name)}</text>"
        )
    if not n:
        seven = tr("no roll entered yet")
    elif answers:
        seven = tr(
            "7 is {share} of the rolls entered, exactly {exact}",
            share=number(100 * series[0][5], 1) + " %",
            exact=number(100 * series[1][5], 1) + " %",
        )
    else:
        seven = tr("7 is {share} of the rolls entered", share=number(100 * series[0][5], 1) + " %")
    label = html.escape(" — ".join(x for x in (title, tr("bar chart of the totals of two dice"), seven) if x))
    return (
        f"<svg width='{width}' height='{height}' role='img' aria-label='{label}' "
        f"style='font-family:sans-serif'><title>{label}</title>{''.join(parts)}</svg>"
    )


def tally_widget(tally: DiceTally | None = None, member: Any = None, score: Any = None):
    """The class tally on the page: two dice, Add, Undo, Start again, the table and the bar chart (updated at
    each roll), and Share with the class, which sends our rolls to the class group this computer joined on the
    start page (or to ``member``) and shows the whole class's tally.  The group is looked up at each press, so
    a pupil who joins on the start page after opening the lesson can share at once; without one the note says
    where to join.  A tally that is not saved (a demonstration) has no Share button.

    ``score``: lesson 3's :class:`~gamekit.widgets.lesson.LessonScore`.  Then the exact chances and the simulated
    rolls, which answer its exercises 1 to 4 and give the counts of outcomes of exercises 5 to 9 (k/36 per total),
    stay out of the table and the chart (a sentence says when they come) until exercises 1 to 9 are solved or
    their answers shown (:func:`gamekit.shutbox.charts.exercises_answered`);
    the rolls can be entered all along."""
    import ipywidgets as W

    from gamekit.shutbox.charts import exercises_answered

    if score is not None:
        exercises_answered(score)  # refuses anything but a lesson score before the box is built

    def answers() -> bool:
        return score is None or exercises_answered(score)

    tally = tally or DiceTally()
    faces = [str(k) for k in range(1, 7)]
    first = W.Dropdown(options=faces, value="1", description=tr("first die"), layout=W.Layout(width="12em"))
    second = W.Dropdown(options=faces, value="1", description=tr("second die"), layout=W.Layout(width="12em"))
    add, undo = W.Button(description=tr("Add"), icon="plus"), W.Button(description=tr("Undo"), icon="undo")
    clear = W.Button(description=tr("Start again"), icon="trash")
    share = W.Button(description=tr("Share with the class"), icon="users", button_style="primary")
    view, note, chart = W.HTML(), W.HTML(), W.HTML()
    note.add_class("gamekit-feedback")
    waiting = W.HTML(
        "<i>"
        + html_escape(
            tr(
                "The exact chances and the computer's rolls appear here once you have answered exercises 1 to 9 "
                "(or pressed Show answer)."
            )
        )
        + "</i>"
    )

    def group():
        if member is not None:
            return member
        from gamekit.rooms.groups_client import saved_member

        return saved_member()

    share.layout.display = None if tally.saved else "none"

    def refresh(message: "str | None" = "") -> None:
        """Redraw the table and chart; ``message`` replaces the note (``None`` keeps it)."""
        shown = answers()
        waiting.layout.display = "none" if shown else None
        result = tally.class_result
        if result is not None:
            counts = result["counts"]
            title = ntr(
                "the class: {rolls} rolls from {n} pupil",
                "the class: {rolls} rolls from {n} pupils",
                result["pupils"],
                rolls=result["rolls"],
            )
            view.value = tally.table(counts, answers=shown)._repr_html_()
            chart.value = tally_chart(counts, title=title, answers=shown)
        else:
            view.value = tally.table(answers=shown)._repr_html_()
            chart.value = tally.chart(answers=shown)
        if message is not None:
            note.value = html_escape(message)

    def on_score(_=None) -> None:
        if answers() and waiting.layout.display is None:  # the exercises were just answered: show the chances
            refresh(None)

    refresh(None)
    if score is not None:
        score.observe(on_score, names="value")

    def on_add(_):
        try:
            total = tally.add(first.value, second.value)
            tally.class_result = None
            refresh(tr("Added {first} + {second} = {total}.", first=first.value, second=second.value, total=total))
        except ValueError as refusal:
            refresh(str(refusal))

    def on_undo(_):
        try:
            a, b = tally.undo()
            tally.class_result = None
            refresh(tr("Took back {first} + {second}.", first=a, second=b))
        except ValueError as refusal:
            refresh(str(refusal))

    def on_clear(_):
        tally.clear()
        tally.class_result = None
        refresh(tr("Started again: no rolls."))

    def on_share(_):
        try:
            result = tally.share(group())
            refresh(
                ntr(
                    "Sent. The class has {rolls} rolls from {n} pupil.",
                    "Sent. The class has {rolls} rolls from {n} pupils.",
                    result["pupils"],
                    rolls=result["rolls"],
                )
            )
        except (ValueError, OSError) as problem:
            refresh(tr("Not sent: {problem}", problem=problem))

    add.on_click(on_add)
    undo.on_click(on_undo)
    clear.on_click(on_clear)
    share.on_click(on_share)
    box = W.VBox([W.HBox([first, second, add, undo, clear]), note, waiting, W.HBox([view, chart]), share])
    box.tally, box.first, box.second = tally, first, second
    box.on_add, box.on_undo, box.on_clear, box.on_share, box.share_button = on_add, on_undo, on_clear, on_share, share
    box.chart, box.view, box.waiting = chart, view, waiting
    return box
