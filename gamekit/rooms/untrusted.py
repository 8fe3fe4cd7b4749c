"""Decoding JSON from an untrusted client, in one place for the WebSocket protocol and the HTTP API.

``json.loads`` alone is not safe on a hostile message, even a small one: ``"[" * 1000 + "]" * 1000`` (2 KB)
makes it recurse until ``RecursionError`` (which is not a ``ValueError``), and ``"\\udc80"`` decodes to a
Python string holding a lone surrogate, which cannot be encoded back to UTF-8 (hashing it, storing it in
SQLite or sending it on fails later with ``UnicodeEncodeError``).  :func:`loads` refuses both before anything
uses the value: the nesting depth is counted in one linear pass over the text before it is parsed (strings
are skipped whole, so brackets inside them do not count), and strings are checked for lone surrogates when
the text holds a surrogate escape at all.  Every refusal is a :class:`BadJSON` (a ``ValueError``) whose
message says what was wrong; the callers turn it into their protocol's error.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32  # arrays/objects inside each other; the deepest message we accept (progress) nests 4

_TOKENS = re.compile(r'(?P<s>"(?:[^"\\]|\\.)*"?)|(?P<o>[\[{])|(?P<c>[\]}])', re.S)  # a string, whole; a bracket
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class BadJSON(ValueError):
    """The text is not JSON we accept; the message says why (it never quotes the text)."""


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (0 for a bare number or string), brackets inside
    strings not counted.  Linear in the length of the text, with no recursion."""
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        kind = match.lastgroup
        if kind == "o":
            depth += 1
            deepest = max(deepest, depth)
        elif kind == "c":
            depth -= 1
    return deepest


def _check_text(value: Any) -> None:
    if isinstance(value, str):
        value.encode("utf-8")  # UnicodeEncodeError on a lone surrogate
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key)
            _check_text(item)
    elif isinstance(value, list):
        for item in value:
            _check_text(item)


def loads(raw: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """The value of the JSON text ``raw`` (``bytes`` must be UTF-8), or :class:`BadJSON` saying why not:
    not UTF-8, nested deeper than ``max_depth``, not JSON, or a string with a lone surrogate."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON("not UTF-8 text") from None
    elif isinstance(raw, str):
        text = raw
    else:
        raise BadJSON(f"not text ({type(raw).__name__})")
    # the scan stops at the first bracket too deep: a deep message is refused after reading only its start
    depth = 0
    for match in _TOKENS.finditer(text):
        kind = match.lastgroup
        if kind == "o":
            depth += 1
            if depth > max_depth:
                raise BadJSON(f"nested deeper than {max_depth} levels")
        elif kind == "c":
            depth -= 1
    try:
        value = json.loads(text)
    except ValueError:
        raise BadJSON("not JSON") from None
    except RecursionError:  # cannot happen below MAX_DEPTH; kept as a last guard
        raise BadJSON(f"nested deeper than {max_depth} levels") from None
    if _SURROGATE_ESCAPE.search(text):
        try:
            _check_text(value)
        except UnicodeEncodeError:
            raise BadJSON("a string holds a lone surrogate (\\ud800 to \\udfff), which is not Unicode text") from None
    return value


__all__ = ["BadJSON", "MAX_DEPTH", "loads", "nesting_depth"]
