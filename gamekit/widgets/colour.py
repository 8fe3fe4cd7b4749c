"""Colour checks for the boards (WCAG 1.4.3, 1.4.11, 1.4.1): contrast ratios, colour-vision-deficiency
simulation and colour differences, computed from the widgets' own colour constants (tests/test_colours.py,
figures in docs/accessibility.md).

* :func:`contrast` — the WCAG 2.x contrast ratio of two sRGB colours (1 to 21).
* :func:`simulate` — Machado, Oliveira & Fernandes (2009) simulation of protanopia, deuteranopia or tritanopia
  (severity 1.0: the matrices of the paper's table, applied to linear RGB).
* :func:`delta_e` — CIEDE2000 colour difference of two sRGB colours (D65, CIE 1976 L*a*b*).
"""

from __future__ import annotations

import math
import re

from gamekit.i18n import tr

_HEX = re.compile(r"#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?", re.ASCII)

# Machado et al. 2009, severity 1.0 (linear RGB → linear RGB)
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO)


def rgb(colour: str) -> tuple[float, float, float]:
    """``"#rrggbb"`` (an alpha byte ``#rrggbbaa`` is refused: blend it first) → sRGB in 0..1."""
    if not isinstance(colour, str):
        raise TypeError(tr("colour={value}: must be a string like '#d4a017'", value=repr(colour)))
    m = _HEX.fullmatch(colour)
    if not m or m.group(2):
        raise ValueError(tr("colour={value}: must be '#rrggbb' (six hex digits)", value=repr(colour)))
    h = m.group(1)
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def luminance(colour: str) -> float:
    """WCAG relative luminance (0 black … 1 white)."""
    r, g, b = (_linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio (1 … 21); text needs 4.5 (3 when large: 24 px, or bold 18.66 px), UI parts 3."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(colour: str, alpha: float, under: str) -> str:
    """``colour`` at opacity ``alpha`` over ``under`` (as a card's ``colour + '33'`` tint shows)."""
    top, bottom = rgb(colour), rgb(under)
    return "#" + "".join(f"{round((alpha * t + (1 - alpha) * u) * 255):02x}" for t, u in zip(top, bottom))


def simulate(colour: str, vision: str) -> str:
    """How ``colour`` looks with ``vision`` ("normal", "protanopia", "deuteranopia", "tritanopia")."""
    if vision not in VISIONS:
        raise ValueError(tr("vision={value}: choose one of {choices}", value=repr(vision), choices=", ".join(VISIONS)))
    if vision == "normal":
        return "#" + "".join(f"{round(c * 255):02x}" for c in rgb(colour))
    lin = [_linear(c) for c in rgb(colour)]
    out = [sum(m * v for m, v in zip(row, lin)) for row in MACHADO[vision]]
    return "#" + "".join(f"{round(_gamma(c) * 255):02x}" for c in out)


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb(colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / 1.0
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str) -> float:
    """CIEDE2000 difference of two sRGB colours (about 2.3 is just noticeable; 20+ is clearly different)."""
    l1, a1, b1 = lab(a)
    l2, a2, b2 = lab(b)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm**7 / (cm**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lpm, cpm = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hpm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hpm = (h1p + h2p) / 2
    else:
        hpm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hpm - 30))
        + 0.24 * math.cos(math.radians(2 * hpm))
        + 0.32 * math.cos(math.radians(3 * hpm + 6))
        - 0.20 * math.cos(math.radians(4 * hpm - 63))
    )
    d_theta = 30 * math.exp(-(((hpm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cpm**7 / (cpm**7 + 25**7))
    sl = 1 + 0.015 * (lpm - 50) ** 2 / math.sqrt(20 + (lpm - 50) ** 2)
    sc = 1 + 0.045 * cpm
    sh = 1 + 0.015 * cpm * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dcp / sc) * (dHp / sh))


def worst_delta_e(a: str, b: str) -> tuple[float, str]:
    """The smallest CIEDE2000 difference of ``a`` and ``b`` over normal vision and the three simulations."""
    return min((delta_e(simulate(a, v), simulate(b, v)), v) for v in VISIONS)
