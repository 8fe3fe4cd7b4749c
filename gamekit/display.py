"""Small display helpers for notebooks: tables that render as HTML in Jupyter and as text elsewhere."""

from __future__ import annotations

import html
import numbers
from typing import Any, Sequence

from gamekit.i18n import get_language, number, using


class Table:
    """Rows under headers; shows as an HTML table in a notebook, as aligned text in a terminal.

    A cell that is a number (``int``, ``float``, not ``bool``) is written with :func:`gamekit.i18n.number`
    in the language current when the table was made (``12,345`` / ``12.345``; ``0.5`` / ``0,5``); ``rows``
    keep the values themselves.  Pass a ``str`` to show a cell exactly as it is.
    """

    def __init__(self, headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = ""):
        self.headers = list(headers)
        self.rows = [list(r) for r in rows]
        self.caption = caption
        self.language = get_language()
        if any(len(r) != len(self.headers) for r in self.rows):
            raise ValueError("every row needs one value per header")

    def _cell(self, v: Any) -> str:
        fraction = isinstance(v, numbers.Rational) and not isinstance(v, numbers.Integral)
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or fraction:
            return str(v)
        with using(self.language):
            return number(v)

    def _is_number(self, v: Any) -> bool:
        return isinstance(v, numbers.Real) and not isinstance(v, bool)

    def _repr_html_(self) -> str:
        # Jupyter right-aligns every cell; words read better from the left, so a column is right-aligned only when
        # all its values are numbers (digits line up), and its header follows its cells
        numeric = [bool(self.rows) and all(self._is_number(r[i]) for r in self.rows) for i in range(len(self.headers))]
        align = [f' style="text-align:{"right" if n else "left"}"' for n in numeric]
        # a column without a heading (a corner above row names) gets an empty data cell, not an empty header:
        # a screen reader would otherwise announce a header with nothing to say (axe: empty-table-header)
        head = "".join(
            f"<th{a}>{html.escape(str(h))}</th>" if str(h).strip() else "<td></td>" for h, a in zip(self.headers, align)
        )
        body = "".join(
            "<tr>" + "".join(f"<td{a}>{html.escape(self._cell(v))}</td>" for v, a in zip(r, align)) + "</tr>"
            for r in self.rows
        )
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def __str__(self) -> str:
        cells = [self.headers] + [[self._cell(v) for v in r] for r in self.rows]
        widths = [max(len(str(row[i])) for row in cells) for i in range(len(self.headers))]
        lines = ["  ".join(str(v).ljust(w) for v, w in zip(row, widths)) for row in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(([self.caption] if self.caption else []) + lines)

    __repr__ = __str__


class Paragraph:
    """A sentence for the page: a paragraph in a notebook, plain text elsewhere (no repr quotes)."""

    def __init__(self, text: str) -> None:
        self.text = str(text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        import html

        return f"<p>{html.escape(self.text)}</p>"
