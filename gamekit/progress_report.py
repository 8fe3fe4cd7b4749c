"""The saved progress as a pupil sees it and hands it in: the start page's table (:func:`progress_table`, one row per
lesson and per game practised), the detailed CSV export (:func:`export_csv`, :func:`export`) and
:class:`ProgressView`, the table with Refresh and Export buttons.  What is saved, and how, is
:mod:`gamekit.progress`."""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path
from typing import Any

from gamekit import catalog
from gamekit.i18n import N_, Localized, tr
from gamekit.progress import FIELDS, LEVELS, answers, level, load, ratings, results


def practice_name(game_id: str) -> str:
    """How the progress table names a game's Practice, in the current language: the game's
    :attr:`gamekit.catalog.PuzzleWords.practice_title` (else its puzzles' name); a game the catalog does not know
    (saved by another installation): its id."""
    info = catalog.find(game_id)
    words = info.puzzle_words if info is not None else None
    if words is None or not (words.practice_title or words.name):
        return game_id
    return tr(words.practice_title or words.name)


def rows() -> list[list[Any]]:
    """One row per lesson: lesson, exercises tried, solved, solved at the first try, answers shown, attempts;
    then one row per game practised (puzzles tried, solved, solved at the first answer, 0, attempts), its
    name with the pupil's level (:func:`level`, as the Practice page says it; the rating itself is for the
    teacher's export)."""
    out = []
    for lesson, recs in sorted(results().items()):
        out.append(
            [
                lesson or "(exercises outside a lesson)",
                len(recs),
                sum(r.get("solved", False) for r in recs.values()),
                sum(r.get("first_try", False) for r in recs.values()),
                sum(r.get("shown", False) for r in recs.values()),
                sum(r.get("attempts", 0) for r in recs.values()),
            ]
        )
    saved = ratings()
    for game_id, rec in sorted(load().get("practice", {}).items()):
        tries = rec.get("attempts", {})
        if not tries and game_id not in saved:  # only personal puzzles kept, none answered yet
            continue
        name = practice_name(game_id)
        if game_id in saved:
            name = tr("{name} (level {level} of {most})", name=name, level=level(saved[game_id]["rating"]), most=LEVELS)
        out.append(
            [
                name,
                len(tries),
                sum(t.get("solved", False) for t in tries.values()),
                sum(t.get("first_try", False) for t in tries.values()),
                0,
                sum(t.get("attempts", 0) for t in tries.values()),
            ]
        )
    return out


HEADERS = [
    N_("lesson"),
    N_("exercises tried"),
    N_("solved"),
    N_("at the first try"),
    N_("answers shown"),
    N_("attempts"),
]  # translated where the table is made


def progress_table():
    """The saved progress as a table (a :class:`gamekit.display.Table`), one row per lesson."""
    from gamekit.display import Table

    body = rows()
    return Table(
        [tr(h) for h in HEADERS],
        body or [[tr("(nothing answered yet)"), 0, 0, 0, 0, 0]],
        caption=tr("Your progress (saved on this computer)"),
    )


def export_csv(name: str = "") -> str:
    """The detailed progress as CSV text: one line per exercise, with the pupil's name on every line."""
    if not isinstance(name, str):
        raise TypeError(tr("name must be a string, not {__name__}", __name__=type(name).__name__))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["pupil", "lesson", "exercise", *FIELDS, "updated", "answer"])
    for lesson, recs in sorted(results().items()):
        for exercise, rec in sorted(recs.items()):
            writer.writerow(
                [name.strip(), lesson, exercise, *(rec.get(f, "") for f in FIELDS), rec.get("updated", ""), ""]
            )
    for lesson, recs in sorted(answers().items()):  # written answers to the reflection questions
        for question, rec in sorted(recs.items()):
            writer.writerow(
                [name.strip(), lesson, question, *([""] * len(FIELDS)), rec.get("updated", ""), rec["text"]]
            )
    saved = ratings()
    for game_id, rec in sorted(load().get("practice", {}).items()):  # practice: one line per puzzle, then the rating
        for puzzle_id, t in sorted(rec.get("attempts", {}).items()):
            writer.writerow(
                [
                    name.strip(),
                    f"practice/{game_id}",
                    puzzle_id,
                    *(t.get(f, "") for f in FIELDS[:3]),
                    "",
                    t.get("updated", ""),
                    "",
                ]
            )
        if game_id in saved:
            r = saved[game_id]
            writer.writerow(
                [
                    name.strip(),
                    f"practice/{game_id}",
                    "rating",
                    *([""] * len(FIELDS)),
                    r.get("updated", ""),
                    f"{r['rating']:.0f} ± {2 * r['rd']:.0f}",
                ]
            )
    return out.getvalue()


def export(path: str | Path | None = None, name: str = "") -> Path:
    """Write :func:`export_csv` to ``path`` (default ``gamekit-progress[-name].csv`` here); returns the path."""
    text = export_csv(name)
    if path is None:
        slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in name.strip().lower()).strip("-")
        path = f"gamekit-progress{'-' + slug if slug else ''}.csv"
    path = Path(path)
    path.write_text(text, encoding="utf-8")
    return path


class ProgressView(Localized):
    """The start page's progress: a table, Refresh, and Export (a file to hand in plus a download link)."""

    def __init__(self) -> None:
        import ipywidgets as W

        self.table = W.HTML()
        self.name = W.Text(placeholder=tr("your name"), layout=W.Layout(width="14em"))
        self.refresh_button = W.Button(description=tr("Refresh"), icon="refresh")
        self.export_button = W.Button(description=tr("Export"), icon="download", button_style="primary")
        self.note = W.HTML()
        self.refresh_button.on_click(lambda _: self.refresh())
        self.export_button.on_click(lambda _: self._on_export())
        self.widget = W.VBox([self.table, W.HBox([self.name, self.export_button, self.refresh_button]), self.note])
        self.widget.add_class("gamekit-progress")
        self.refresh()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def refresh(self) -> None:
        self.table.value = progress_table()._repr_html_()

    def export(self, path: str | Path | None = None) -> Path:
        """Write the file and show where it is, with a download link (works in JupyterLab and Voilà)."""
        import base64
        import html

        self.refresh()
        written = export(path, self.name.value)
        data = base64.b64encode(written.read_bytes()).decode()
        link = f"<a download='{html.escape(written.name)}' href='data:text/csv;base64,{data}'>"
        where = f"<code>{html.escape(str(written))}</code>"
        self.note.value = tr(
            "Saved {file} next to this notebook. {link}Download it</a> and hand it in.", file=where, link=link
        )
        return written

    def _on_export(self) -> None:
        try:
            self.export()
        except (OSError, ValueError, TypeError) as problem:
            message = html.escape(tr("Could not export: {problem}", problem=problem))
            self.note.value = f"<span style='color:#c0392b'>{message}</span>"


__all__ = ["practice_name", "rows", "HEADERS", "progress_table", "export_csv", "export", "ProgressView"]
