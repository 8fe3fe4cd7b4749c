"""The statistics the Dots benchmark quotes: the median's interval (``--aims``) and the positions it draws."""

import math
import random

import pytest
from hypothesis import assume, given, settings, strategies as st

from benchmarks.dots import median_interval, random_positions


def coverage(n: int, k: int) -> float:
    """The chance that (x_k, x_{n+1-k}) of n draws covers the population's median: 1 - 2 P(B < k), B ~ Bin(n, 1/2)."""
    return 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2**n


@pytest.mark.parametrize("n,k", [(6, 1), (8, 1), (9, 2), (20, 6), (100, 40), (128, 53)])
def test_the_interval_is_the_textbook_order_statistics(n, k):
    values = [float(i) for i in range(1, n + 1)]
    random.Random(n).shuffle(values)
    assert median_interval(values) == (k, n + 1 - k)


@settings(max_examples=60, deadline=None)
@given(st.integers(6, 300), st.sampled_from([0.9, 0.95, 0.99]))
def test_the_interval_reaches_the_confidence_and_is_the_narrowest_that_does(n, confidence):
    assume(coverage(n, 1) >= confidence)  # fewer values are refused (below)
    lo, hi = median_interval(list(range(1, n + 1)), confidence)
    k = lo
    assert hi == n + 1 - k and lo <= hi
    assert coverage(n, k) >= confidence
    assert k + 1 > n + 1 - (k + 1) or coverage(n, k + 1) < confidence


def test_the_interval_covers_a_known_median_as_often_as_it_says():
    rng = random.Random(7)
    trials = 4000
    hits = 0
    for _ in range(trials):
        lo, hi = median_interval([rng.expovariate(1.0) for _ in range(20)])
        hits += lo <= math.log(2) <= hi  # the median of the exponential law with rate 1
    assert abs(hits / trials - coverage(20, 6)) < 0.015  # 95.9 %; 3 standard errors is about 0.009


def test_the_values_are_left_as_they_were():
    values = [3.0, 1.0, 2.0, 9.0, 0.5, 4.0, 7.0]
    median_interval(values)
    assert values == [3.0, 1.0, 2.0, 9.0, 0.5, 4.0, 7.0]


@pytest.mark.parametrize("n,confidence", [(5, 0.95), (0, 0.95), (1, 0.5), (6, 0.99)])
def test_too_few_values_are_refused_with_the_coverage_they_would_have(n, confidence):
    with pytest.raises(ValueError, match=rf"^{n} value\(s\): too few for a {confidence:.0%} interval"):
        median_interval([1.0] * n, confidence)


@pytest.mark.parametrize("confidence", [0.0, 1.0, -0.5, 1.5, math.nan])
def test_a_confidence_outside_zero_to_one_is_refused(confidence):
    with pytest.raises(ValueError, match=r"^confidence .*: between 0 and 1"):
        median_interval([1.0] * 50, confidence)


@pytest.mark.parametrize("confidence", [1, True, "0.95", None])
def test_a_confidence_that_is_not_a_float_is_refused_not_coerced(confidence):
    with pytest.raises(TypeError, match=r"^confidence .*: a float such as 0\.95"):
        median_interval([1.0] * 50, confidence)


def test_more_positions_per_row_keep_the_same_first_ones():
    """``--aims --per-row N`` measures the default 8 positions and then more from the same stream."""
    first = random_positions((3, 3), 14, 8, seed=3314)
    more = random_positions((3, 3), 14, 20, seed=3314)
    assert more[:8] == first and len(more) == 20


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--aims", "--per-row", "0"], "--per-row 0: at least 1 position per row"),
        (["--per-row", "32"], "--per-row: only with --aims"),
        (["--per-row", "8"], "--per-row: only with --aims"),
        (["--hard-medium", "5", "--per-row", "3"], "--per-row: only with --aims"),
        (["--aims", "--per-row", "many"], "invalid int value: 'many'"),
    ],
)
def test_the_benchmark_refuses_a_bad_per_row_before_it_times_anything(argv, message, monkeypatch, capsys):
    from benchmarks import dots

    monkeypatch.setattr("sys.argv", ["dots.py", *argv])
    for name in ("aims", "hard_v_medium"):
        monkeypatch.setattr(dots, name, lambda *a, **kw: pytest.fail("a benchmark ran"))
    with pytest.raises(SystemExit) as stop:
        dots.main()
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv,per_row",
    [
        (["--aims"], 8),
        (["--aims", "--per-row", "128"], 128),
        (["--aims", "--quick"], 4),
        (["--aims", "--quick", "--per-row", "2"], 2),
        (["--aims", "--quick", "--per-row", "16"], 16),
    ],
)
def test_per_row_sets_how_many_positions_the_aims_time(argv, per_row, monkeypatch):
    from benchmarks import dots

    calls = []
    monkeypatch.setattr("sys.argv", ["dots.py", *argv])
    monkeypatch.setattr(dots, "aims", lambda **kw: calls.append(kw["per_row"]))
    dots.main()
    assert calls == [per_row]
