"""Room state deltas: what changed between two states a room sent, and how a client applies it.

After a move the room server sends each client that asked for deltas (``hello`` with ``"deltas": true``)
only what changed since the state it holds, instead of the whole state with its scene::

    {"type": "delta", "v": 12,                       # the room's version: this delta turns version 11 into 12
     "set": {"ply": 7, "to_move": 1, "last": "b2-c2", "note": "", "seats": [...], "description": "…"},
     "patch": {"history": [[6, 0, ["b2-c2"]]], "scene": [[31, 0, [["line", …]]], [44, 1, [["circle", …]]]],
               "targets": [[9, 1, []]]},
     "turn_seconds_left": null,                      # a clock: in every delta
     "you": 0, "status": "Coral to move.", "waiting": null}      # this reader's own fields: in every message

``set`` holds the top-level fields whose value changed; ``patch`` the long lists (:data:`SPLICED`) as
splices ``[index, delete_count, inserted items]`` applied in order (each index counts in the list as patched
so far).  A client applies a delta only to the version just before it (``v - 1``); otherwise it has missed
something and asks for the whole state (``{"type": "sync"}``).  :func:`apply_delta` is the Python client's
copy; ``applyDelta`` in ``static/room.js`` is the page's.  Plain data, no tornado, no game: the server
(``room.py``), the client (``client.py``) and the tests share it.
"""

from __future__ import annotations

import json
from typing import Any

SPLICED = ("history", "scene", "targets", "hover")  # lists sent as splices
ALWAYS = ("turn_seconds_left",)  # a clock: sent in every delta, changed or not
READER = ("you", "status", "waiting")  # each reader's own fields, in every state and delta
WINDOW = 8  # how far list_patch looks ahead for the lists to agree again


def list_patch(old: list, new: list, window: int = WINDOW) -> list[list]:
    """Splices ``[index, delete_count, items]`` that turn ``old`` into ``new`` when applied in order.

    One pass over both lists: equal items are kept; at a difference it looks for the nearest point (at most
    ``window`` items on in each list) where they agree again, and replaces what lies before it.  A move
    changes a few primitives of a scene, so the splices are a few items whatever the board's size; when no
    agreement is found the rest of the list is replaced (always correct, only longer).
    """
    ops: list[list] = []
    i = j = 0
    n_old, n_new = len(old), len(new)
    while i < n_old and j < n_new:
        if old[i] == new[j]:
            i += 1
            j += 1
            continue
        found = None
        for skip in range(1, 2 * window + 1):  # the nearest agreement: fewest items skipped in all
            for a in range(max(0, skip - window), min(skip, window) + 1):
                b = skip - a
                if i + a < n_old and j + b < n_new and old[i + a] == new[j + b]:
                    found = (a, b)
                    break
            if found:
                break
        if found is None:
            break
        a, b = found
        ops.append([j, a, new[j : j + b]])
        i += a
        j += b
    if i < n_old or j < n_new:
        ops.append([j, n_old - i, new[j:]])
    return ops


def apply_patch(items: list, ops: list) -> list:
    """A new list: ``items`` with the splices of :func:`list_patch` applied (``items`` is not changed)."""
    out = list(items)
    for index, delete, inserted in ops:
        out[index : index + delete] = inserted
    return out


def state_delta(before: dict, after: dict) -> dict:
    """What a client holding the public state ``before`` needs to hold ``after``: ``{"set", "patch"}`` plus
    the :data:`ALWAYS` fields (the readers' own fields are added by the server for each reader)."""
    changed: dict[str, Any] = {}
    patches: dict[str, list] = {}
    for key, value in after.items():
        if key in ALWAYS:
            continue
        old = before.get(key, before)
        if old is value:  # the same object (title, options, …): unchanged
            continue
        if old is before or old != value:
            if key in SPLICED and isinstance(old, (list, tuple)) and isinstance(value, (list, tuple)):
                patches[key] = list_patch(old, value)
            else:
                changed[key] = value
    delta: dict[str, Any] = {"set": changed, "patch": patches}
    for key in ALWAYS:
        delta[key] = after.get(key)
    return delta


def apply_delta(state: dict | None, delta: dict) -> dict | None:
    """The state after ``delta``, or None when ``delta`` does not follow ``state`` (a missed version: ask for
    the whole state).  ``state`` is not changed."""
    if (
        not isinstance(state, dict)
        or not isinstance(delta, dict)
        or not isinstance(state.get("v"), int)
        or delta.get("v") != state["v"] + 1
    ):
        return None
    new = dict(state)
    new.update(delta.get("set") or {})
    for key, ops in (delta.get("patch") or {}).items():
        new[key] = apply_patch(state.get(key) or [], ops)
    for key in (*ALWAYS, *READER):
        if key in delta:
            new[key] = delta[key]
    new["v"] = delta["v"]
    return new


def encode_open(message: dict) -> str:
    """``message`` as compact JSON without its closing brace, so each reader's own fields can be appended."""
    return json.dumps(message, separators=(",", ":"))[:-1]
