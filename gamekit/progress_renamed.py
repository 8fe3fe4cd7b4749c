"""Exercise ids a lesson has renamed, so that a pupil's saved progress follows them (:func:`renamed`, applied by
:func:`gamekit.progress.load` to whatever it reads)."""

from __future__ import annotations

from typing import Any

RENAMED_EXERCISES: dict[tuple[str, ...], dict[str, str]] = {
    ("Dots 5 — double-dealing and control", "Puntos y cajas 5 — la doble entrega y el control"): {
        "keep_control": "l5_ex4",
        "not_worth_it": "l5_ex5",
        "take_all": "l5_ex6",
        "challenge_take_all": "l5_ex8",
        "challenge_take_one": "l5_ex10",
    },
}
"""Exercise ids a lesson has renamed, ``{old: new}``, by the titles its progress is saved under (its English and
Spanish pages).  :func:`gamekit.progress.load` moves a saved record from the old id to the new one, so what a
pupil did before the rename still counts; where the new id already has a record (made after the rename), that one
is kept and the old one dropped."""


def renamed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (valid saved progress) with the records of :data:`RENAMED_EXERCISES` under their new ids."""
    for titles, names in RENAMED_EXERCISES.items():
        for title in titles:
            lesson = data["lessons"].get(title)
            if not isinstance(lesson, dict):
                continue
            for old, new in names.items():
                if old in lesson:
                    record_ = lesson.pop(old)
                    lesson.setdefault(new, record_)
    return data
