"""Numbers a reader sees are written in the current language (docs/glossary.md, "Numbers").

* ``gamekit.i18n.number`` / ``percent``: English exactly as ``format`` writes it, Spanish with the point
  grouping thousands and the comma marking decimals (Babel's ``es`` is the oracle), ``5,56 %``;
  non-numbers refused, never converted;
* lesson tables, reports, charts and the Shut the Box Hint show Spanish numbers in Spanish and the very same
  English text as before in English.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from babel.numbers import format_decimal
from hypothesis import given, strategies as st

from gamekit import i18n
from gamekit.display import Table
from gamekit.i18n import decimal_symbols, number, percent, using

finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e15, max_value=1e15)


# ------------------------------------------------------------------ the helper
@pytest.mark.parametrize(
    "x, decimals, english, spanish",
    [
        (1491400671, None, "1,491,400,671", "1.491.400.671"),
        (0.5, None, "0.5", "0,5"),
        (0, None, "0", "0"),
        (0.0, None, "0.0", "0,0"),
        (-12345.678, None, "-12,345.678", "-12.345,678"),
        (-7, None, "-7", "-7"),
        (999, None, "999", "999"),
        (1000, None, "1,000", "1.000"),
        (2 / 3, 2, "0.67", "0,67"),
        (1234567.891, 1, "1,234,567.9", "1.234.567,9"),
        (5, 2, "5.00", "5,00"),
        (-0.004, 2, "-0.00", "-0,00"),
        (Fraction(1, 3), 4, "0.3333", "0,3333"),
        (np.int64(12345), None, "12,345", "12.345"),
        (np.float64(0.25), None, "0.25", "0,25"),
        (3.0e6, 0, "3,000,000", "3.000.000"),
    ],
)
def test_number_in_both_languages(x, decimals, english, spanish):
    with using("en"):
        assert number(x, decimals) == english
    with using("es"):
        assert number(x, decimals) == spanish


def test_sign_and_percent_in_both_languages():
    with using("en"):
        assert [number(3, sign=True), number(-3, sign=True), number(0, sign=True)] == ["+3", "-3", "+0"]
        assert [percent(0.0556, 2), percent(Fraction(1, 18), 2), percent(1), percent(0), percent(-0.5, 0)] == [
            "5.56%",
            "5.56%",
            "100.0%",
            "0.0%",
            "-50%",
        ]
        assert percent(12.5, 0) == "1,250%" and percent(0.25, 1, sign=True) == "+25.0%"
    with using("es"):
        assert number(1234.5, 1, sign=True) == "+1.234,5"
        assert [percent(0.0556, 2), percent(Fraction(1, 18), 2), percent(1), percent(0), percent(-0.5, 0)] == [
            "5,56 %",
            "5,56 %",
            "100,0 %",
            "0,0 %",
            "-50 %",
        ]
        assert percent(12.5, 0) == "1.250 %"


@given(st.integers(min_value=-(10**20), max_value=10**20))
def test_whole_numbers_match_format_in_english_and_babel_in_spanish(n):
    with using("en"):
        assert number(n) == format(n, ",")
    with using("es"):
        assert number(n) == format_decimal(n, locale="es")


@given(finite, st.integers(min_value=0, max_value=6))
def test_decimals_match_format_in_english_and_babel_in_spanish(x, decimals):
    with using("en"):
        english = number(x, decimals)
        assert english == format(x, f",.{decimals}f")
    with using("es"):
        spanish = number(x, decimals)
    assert spanish == english.translate(str.maketrans(".,", ",."))
    # Babel's Spanish grouping of the same digits (Babel rounds floats its own way, so give it format's digits)
    pattern = "#,##0." + "0" * decimals if decimals else "#,##0"
    assert spanish.lstrip("-") == format_decimal(
        Decimal(english.lstrip("-").replace(",", "")), format=pattern, locale="es"
    )


@given(finite)
def test_a_float_is_written_as_python_writes_it(x):
    with using("en"):
        assert number(x) == format(x, ",")
        assert float(number(x).replace(",", "")) == x
    with using("es"):
        assert float(number(x).replace(".", "").replace(",", ".")) == x


@pytest.mark.parametrize("bad", [True, False, np.bool_(True), "3", "1,5", None, 1j, [1], b"1"])
def test_non_numbers_are_refused_not_converted(bad):
    with pytest.raises(TypeError, match=r"not a number"):
        number(bad)
    with pytest.raises(TypeError, match=r"not a number"):
        percent(bad, 1)


def test_bad_decimals_and_sign_are_refused():
    for bad in (True, 1.5, "2", 2.0):
        with pytest.raises(TypeError, match="decimals"):
            number(1.5, bad)
        with pytest.raises(TypeError, match="decimals"):
            percent(0.5, bad)
    with pytest.raises(ValueError, match="decimals=-1"):
        number(1.5, -1)
    with pytest.raises(TypeError, match="decimals"):
        percent(0.5, None)
    with pytest.raises(TypeError, match="sign"):
        number(1, sign=1)
    with pytest.raises(TypeError, match="Fraction: say how many decimals"):
        number(Fraction(1, 3))  # its decimals never end: the caller says how many


@pytest.mark.parametrize(
    "x, english, spanish",
    [
        (60.0, "60", "60"),
        (60, "60", "60"),
        (0.25, "0.25", "0,25"),
        (1e-6, "1e-06", "1e-06"),
        (2500.5, "2,500.5", "2.500,5"),
    ],
)
def test_short_numbers_write_at_most_six_digits_like_format_g(x, english, spanish):
    assert number(x, short=True) == english == format(x, ",g")
    with using("es"):
        assert number(x, short=True) == spanish
    with pytest.raises(ValueError, match="give one or the other"):
        number(x, 2, short=True)
    with pytest.raises(TypeError, match="short"):
        number(x, short=1)


def test_a_language_without_number_symbols_writes_english_numbers():
    import gettext

    i18n.register_translations("xx", gettext.NullTranslations())
    try:
        with using("xx"):
            assert number(1234.5) == "1,234.5" and percent(0.5) == "50.0%" and decimal_symbols() == (".", ",")
    finally:
        i18n.register_translations("xx", None)
    with using("es"):
        assert decimal_symbols() == (",", ".")


# ------------------------------------------------------------------ tables
def test_a_table_writes_number_cells_in_the_language_it_was_made_in():
    with using("es"):
        table = Table(["a", "b", "c", "d", "e"], [[12345, 0.5, "1.5", True, Fraction(1, 18)]])
    assert table.rows == [[12345, 0.5, "1.5", True, Fraction(1, 18)]]  # the values themselves
    for shown in (str(table), table._repr_html_()):
        assert "12.345" in shown and "0,5" in shown and "1.5" in shown and "True" in shown and "1/18" in shown
    english = Table(["a", "b"], [[12345, 0.5]])
    assert str(english).splitlines()[-1].split() == ["12,345", "0.5"]
    small = Table(["n"], [[7], [69]])  # small ints: as before
    assert str(small) == "n \n--\n7 \n69"


def test_the_minimax_table_in_spanish_and_english():
    from gamekit.connect.counted_search import Count
    from gamekit.connect import teach_pictures

    game = teach_pictures.tiny_game()
    with using("en"):
        english = teach_pictures.compare(game)
    with using("es"):
        spanish = teach_pictures.compare(game)
    assert english.rows[0][1:] == ["+1", "975", "100.0%"] and english.rows[1][3] == "12.1%"
    assert spanish.rows[0][1:] == ["+1", "975", "100,0 %"] and spanish.rows[1][3] == "12,1 %"
    with using("en"):
        assert str(Count(-3, 1234567)) == "score -3 after visiting 1,234,567 positions"
    with using("es"):
        assert str(Count(-3, 1234567)) == "puntuación -3 tras visitar 1.234.567 posiciones"


def test_the_start_report_groups_thousands_per_language():
    from gamekit.connect import teach_pictures
    from gamekit.connect.wdl import status

    found = [p for p in teach_pictures.RECORDS if p.exists()]
    if not found:
        pytest.skip("no value-run records shipped")
    st_ = status(*found)
    if st_["nodes"] < 1000:
        pytest.skip("too few positions to group")
    grouped, hours = f"{st_['nodes']:,}", f"{st_['seconds'] / 3600:.1f}"
    with using("en"):
        english = teach_pictures.start_report()
    with using("es"):
        spanish = teach_pictures.start_report()
    es_grouped, es_hours = grouped.replace(",", "."), hours.replace(".", ",")
    if st_["start_bounds"][0] == st_["start_bounds"][1]:  # solved: "… {nodes} positions in {hours} hours."
        assert f"{grouped} positions in {hours} hours" in english
        assert f"{es_grouped} posiciones durante {es_hours} horas" in spanish
    else:
        assert f"{grouped} positions ({hours} hours)" in english
        assert f"{es_grouped} posiciones ({es_hours} horas)" in spanish


def test_shut_the_box_tables_and_feedback_in_spanish():
    from gamekit.shutbox import exercises_best_set, lesson_tables

    with using("en"):
        en = str(lesson_tables.dice_rules_table())
        steps = lesson_tables.rows_table(lesson_tables.fill_steps()[:4])
        ex = exercises_best_set.best_set_exercise((1, 4, 5, 8), 9, "score")
        en_feedback, en_exact = ex.check(ex.wrong[0])[1], ex.more(ex.solutions[0])
    with using("es"):
        es = str(lesson_tables.dice_rules_table())
        es_steps = lesson_tables.rows_table(lesson_tables.fill_steps()[:4])
        ex = exercises_best_set.best_set_exercise((1, 4, 5, 8), 9, "score")
        es_feedback, es_exact = ex.check(ex.wrong[0])[1], ex.more(ex.solutions[0])
    assert "about 9.8 turns in 100" in en and "11.0 " in en  # scores to one decimal on the page
    assert "unos 9,8 turnos de cada 100" in es and "11,0 " in es and "9.8" not in es and "11.0 " not in es
    assert [r[1] for r in steps.rows] == ["1 = 100.00 %", "0 = 0.00 %", "1/36 ≈ 2.78 %", "1/18 ≈ 5.56 %"]
    assert [r[1] for r in es_steps.rows] == ["1 = 100,00 %", "0 = 0,00 %", "1/36 ≈ 2,78 %", "1/18 ≈ 5,56 %"]
    # the pupil reads "about 7.0" / "unos 7,0"; the exact numbers one click away ("8+1 → 1505/216 ≈ 6.97, 5+4 → …"):
    # in Spanish the decimal comma, and "; " between the numbers of the list
    assert "about 7.0" in en_feedback and "unos 7,0" in es_feedback
    assert "1505/216 ≈ 6.97" in en_exact and "1505/216 ≈ 6,97" in es_exact and "6.97" not in es_exact


def test_shut_the_box_hint_in_spanish():
    from gamekit.shutbox.widget import ShutBoxWidget

    with using("en"):
        english = ShutBoxWidget().hint_for(ShutBoxWidget().game)[1]
    with using("es"):
        widget = ShutBoxWidget()
    spanish = widget.hint_for(widget.game)[1]
    value = english.rsplit(" ", 1)[1]
    assert value.count(".") == 1 and value.replace(".", ",") in spanish and value not in spanish


def test_chart_texts_and_tick_labels_in_spanish():
    import matplotlib

    matplotlib.use("Agg")
    from gamekit.shutbox import charts
    from gamekit.shutbox.simulation import compare_policies

    def texts(fig):
        fig.canvas.draw()
        return [
            t.get_text()
            for ax in fig.axes
            for t in ax.get_yticklabels()
            + ax.get_xticklabels()
            + [ax.title, ax.yaxis.label, ax.xaxis.label]
            + (ax.get_legend().get_texts() if ax.get_legend() else [])
        ]

    results = compare_policies(200, progress=False)
    with using("en"):
        en_dice, en_policies = texts(charts.plot_dice(3600)), texts(charts.plot_policies(results))
    with using("es"):
        es_dice, es_policies = texts(charts.plot_dice(3600)), texts(charts.plot_policies(results))
    # the dice chart counts outcomes the lesson's way (times in 36 rolls), with a plain title and the reader's
    # thousands separator in the legend; no "probability" or "distribution" (terms the lesson does not teach)
    assert (
        "times in 36 rolls" in en_dice and "how often each total comes up" in en_dice and "the 36 outcomes" in en_dice
    )
    assert "simulated (3,600 rolls)" in en_dice and not any("distribution" in t or "probability" in t for t in en_dice)
    assert "veces en 36 tiradas" in es_dice and "los 36 resultados" in es_dice and "simulado (3.600 tiradas)" in es_dice
    assert not any("." in t for t in es_dice if t[:1].isdigit())
    exact = next(t for t in es_policies if t.startswith("estrategia óptima, exacta:"))
    assert (
        exact
        == "estrategia óptima, exacta: "
        + next(t for t in en_policies if t.startswith("best play, exactly:")).split()[-2].replace(".", ",")
        + " %"
    )
    assert any(t.startswith("200 turnos por cada forma de elegir") for t in es_policies)


def test_a_tables_words_read_from_the_left_and_its_number_columns_line_up_on_the_right():
    # Jupyter right-aligns every cell: a column of sentences would start at a ragged left edge
    html = Table(["rule", "boxes"], [["the long chain rule", 3], ["a loop costs four", 4]])._repr_html_()
    assert '<th style="text-align:left">rule</th>' in html and '<th style="text-align:right">boxes</th>' in html
    assert (
        '<td style="text-align:left">the long chain rule</td>' in html and '<td style="text-align:right">3</td>' in html
    )
    mixed = Table(["n"], [[1], ["two"]])._repr_html_()  # a column that is not all numbers reads as words
    assert '<td style="text-align:left">1</td>' in mixed
