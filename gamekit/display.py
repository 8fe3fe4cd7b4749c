"""Small display helpers for notebooks: tables that render as HTML in Jupyter and as text elsewhere."""
from __future__ import annotations

import html
from typing import Any, Sequence


class Table:
    """Rows under headers; shows as an HTML table in a notebook, as aligned text in a terminal."""

    def __init__(self, headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = ""):
        self.headers = list(headers)
        self.rows = [list(r) for r in rows]
        self.caption = caption
        if any(len(r) != len(self.headers) for r in self.rows):
            raise ValueError("every row needs one value per header")

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in self.headers)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r) + "</tr>" for r in self.rows)
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def __str__(self) -> str:
        cells = [self.headers] + [[str(v) for v in r] for r in self.rows]
        widths = [max(len(str(row[i])) for row in cells) for i in range(len(self.headers))]
        lines = ["  ".join(str(v).ljust(w) for v, w in zip(row, widths)) for row in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(([self.caption] if self.caption else []) + lines)

    __repr__ = __str__
