"""Explanations that argue an exercise's answer, for the part of a lesson page right below that exercise.

A pupil scrolling ahead would read the answer in them, so the page holds each one back until its exercise is solved
or its answer shown (``L.after_exercise(name, score, explanation(...))``).  "two_chain_lines" is only the words (a
2-chain's two ends and middle line), taught before lesson 3's exercise 5: that offered boxes can be refused, next to
those words, let a pupil read exercise 6's answer off the page; "handouts" (refusing, and which way of opening a
2-chain can be refused) is exercise 6's answer, so it comes after that exercise; lesson 5's "leave_four" (what to
leave of a loop) is its exercise 2's answer, shown after it, as is "take_or_refuse" (the rule of thumb, which says
what refusing a loop costs); "loops_first" (which part is opened last) does half of its exercise 4, so it comes after
that one; "short_chain_control" (who gets control after a short chain) is its exercise 7's.  Each is a few
paragraphs in the current language; ``**bold**`` marks a new word, ``*italics*`` a stressed one.
"""

from __future__ import annotations

import html
import re

from gamekit.i18n import N_
from gamekit.i18n import tr

EXPLANATIONS: dict[str, tuple[str, ...]] = {
    "two_chain_lines": (
        N_(
            "When you open a chain, the line you draw can matter. A 2-chain has three undrawn lines: two **ends** and "
            "the **middle** line between its two boxes."
        ),
    ),
    "handouts": (
        N_(
            "If a 2-chain is opened at an **end**, the other player may take both boxes, or refuse them. To refuse, "
            "they draw the far end and leave both boxes to you: then *you* must open the next chain. Berlekamp, who "
            "wrote the classic book on the game, calls this a **half-hearted handout**."
        ),
        N_(
            "If a 2-chain is opened in the **middle**, each box has its own third side. The other player can take "
            "them, but cannot refuse both with one line. Berlekamp calls this a **hard-hearted handout**. Which way "
            "is better depends on the rest of the board: count it each time."
        ),
    ),
    "leave_four": (
        N_(
            "A loop has no ends, so refusing it works differently. You leave the last four boxes of a loop, not the "
            "last two."
        ),
        N_(
            "So take all but the last **four** boxes. Then draw the line that splits those four into two pairs. This "
            "is called **all-but-four**."
        ),
        N_(
            "The other player takes the two pairs and must then open the next chain. So refusing a loop costs four "
            "boxes, where refusing a chain costs two."
        ),
    ),
    "take_or_refuse": (
        N_("A **rule of thumb** compares the two plans in two steps. Exact calculation checks every exercise below."),
        N_(
            "**Step 1 — now.** Taking gets every box on offer. Refusing a chain gets 2 fewer, refusing a loop 4 "
            "fewer: you leave them to the other player."
        ),
        N_(
            "**Step 2 — the rest.** Look at the long chains (3 boxes or more) and the loops still to come. Whoever "
            "has control gets them all, minus 2 boxes for each chain and 4 for each loop they refuse. The last part "
            "is never refused. If you refuse, you keep control. If you take, the other player gets it."
        ),
        N_("**Total.** Add the two steps for each plan. Choose the plan that keeps more."),
    ),
    "loops_first": (
        N_(
            "Opening a loop before a chain is a habit of good play, not a rule: refusing a loop costs more boxes "
            "than refusing a chain. So in exercise 4 the chain is the last part, and it is never refused."
        ),
    ),
    "short_chain_control": (
        N_(
            "Why it works: a single box, or a 2-chain opened by its middle line, cannot be refused. The other player "
            "takes those boxes and must then draw again, so they must open the next chain. Opened that way, "
            "whoever opens a short chain gets control."
        ),
    ),
    "sacrifice": (
        N_(
            "Once the gift is taken, the chains around it change. In exercise 8, the right gift turns two short "
            "chains into two long ones. So the count ends up as Gold wants, and so does who must open the long "
            "chains at the end."
        ),
    ),
    "sacrifice_coral": (
        N_(
            "In exercise 11, once Gold takes the gift no safe line is left, so Gold can no longer make a second long "
            "chain. The count stays as Coral wants, and so does who must open the long chains at the end."
        ),
    ),
}
"""Each explanation's paragraphs (English; translated when shown), by name."""

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"\*(.+?)\*")


class Explanation:
    """Paragraphs that argue an exercise's answer: plain text with ``str``, a block of paragraphs in a notebook."""

    def __init__(self, paragraphs: tuple[str, ...]) -> None:
        self.paragraphs = tuple(paragraphs)

    def __str__(self) -> str:
        return "\n\n".join(self.paragraphs)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        out = []
        for text in self.paragraphs:
            text = _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", html.escape(text)))
            out.append(f"<p>{text}</p>")
        return "".join(out)


def explanation(name: str) -> Explanation:
    """The explanation ``name`` (:data:`EXPLANATIONS`) in the current language; KeyError names the known ones."""
    if name not in EXPLANATIONS:
        raise KeyError(tr("no explanation {name!r}; known: {known}", name=name, known=", ".join(EXPLANATIONS)))
    return Explanation(tuple(tr(p) for p in EXPLANATIONS[name]))
