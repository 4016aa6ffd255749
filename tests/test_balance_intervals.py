"""balance.pdf read as a player reads it (issue 42, item 8): every rate in the table stands over its 95 %
interval, the interval holds the rate and narrows with more games, and every number on every page, the
rule families' own sentences included, is written in one format. Each family is simulated twice, with
150 and 1,050 games; the text is read from the PDF with pdfium."""
from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pytest

from pnp.game import load_game
from pnp.referee.balance import balance_pdf
from pnp.referee.family import load_family
from pnp.paths import EXAMPLES

FAMILIES = {"blob": "blob", "blorg": "blorg", "cave": "cave", "miskatonic": "miskatonic"}   # family → bundled game
FEW, MANY = 150, 1_050
SEED = 5

NUMBER = r"\d{1,3}(?:,\d{3})*(?:\.\d)?"          # the one format: thousands grouped, at most one decimal
PERCENT = r"\d{1,3}(?:,\d{3})*\.\d %"            # a percentage: always one decimal, a space, the sign
# a table cell: the figure (a rate or a mean) over its interval, in one format
CELL = re.compile(r"(\d[\d,]*(?:\.\d)?)( %)?\r?\n(\d[\d,]*\.\d)–(\d[\d,]*\.\d)( %)?(?=\r?\n|$)")
SENTENCE_RATE = re.compile(r"(\d[\d,]*\.\d) % \(95 % CI (\d[\d,]*\.\d)–(\d[\d,]*\.\d) %\)")


def value(text: str) -> float:
    return float(text.replace(",", ""))


@pytest.fixture(scope="module")
def reports():
    """family → {games: (SimResult, [page texts])}."""
    out = {}
    for family, game_name in FAMILIES.items():
        module, game = load_family(family), load_game(EXAMPLES / game_name)
        out[family] = {}
        for games in (FEW, MANY):
            result = module.referee_simulate(game, games=games, seed=SEED)
            doc = pdfium.PdfDocument(io.BytesIO(balance_pdf(result, game_name)))
            out[family][games] = (result, [doc[i].get_textpage().get_text_range() for i in range(len(doc))])
    return out


def table(page_one: str) -> str:
    return page_one.split("Figures", 1)[1].split("Grey under a figure", 1)[0]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_rate_in_the_table_stands_over_an_interval_that_holds_it(reports, family):
    result, texts = reports[family][MANY]
    cells = CELL.findall(table(texts[0]))
    rates = [c for c in cells if c[1]]
    # every percentage in the table is a rate over its interval; every rate the family records is one
    assert len(re.findall(r" %", table(texts[0]))) == 2 * len(rates)
    assert len(rates) == sum(1 for name in result.units if name in result.spreads) > 0
    for figure, is_rate, low, high, interval_is_rate in cells:
        assert bool(is_rate) == bool(interval_is_rate), (figure, low, high)
        assert value(low) <= value(figure) <= value(high), (figure, low, high)
    # the families' own sentences say a rate the same way, and hold it as well
    summary = texts[0].split("Figures", 1)[0]
    for rate, low, high in SENTENCE_RATE.findall(summary.replace("\r\n", " ")):
        assert value(low) <= value(rate) <= value(high)
    # the small print says what the grey numbers are, and how many trials they rest on
    small = re.sub(r"\s+", " ", texts[0].split("Grey under a figure", 1)[1])
    trials = sorted({s.trials for s in result.spreads.values()})
    assert "95 % interval" in small and "Wilson score interval" in small
    assert re.search(rf"{trials[0]:,}( to {trials[-1]:,})? trials", small), small


@pytest.mark.parametrize("family", FAMILIES)
def test_intervals_narrow_with_more_games(reports, family):
    few = CELL.findall(table(reports[family][FEW][1][0]))
    many = CELL.findall(table(reports[family][MANY][1][0]))
    assert len(few) == len(many) > 0           # the same figures, in the same cells
    for (_, _, lo1, hi1, _), (_, _, lo2, hi2, _) in zip(few, many):
        assert value(hi2) - value(lo2) < value(hi1) - value(lo1), ((lo1, hi1), (lo2, hi2))


@pytest.mark.parametrize("family", FAMILIES)
def test_one_number_format_on_every_page(reports, family):
    for games in (FEW, MANY):
        result, texts = reports[family][games]
        text = "\n".join(texts)
        assert f"{games:,} simulated games" in texts[0]
        # every percent sign follows a percentage in the one format (or the interval's own "95 %")
        for m in re.finditer(r"(\S*)( ?)%", text):
            number, space = m.group(1).lstrip("("), m.group(2)
            if not number or not number[-1].isdigit():
                continue                                   # "% of games", "(%)": a unit, not a number
            assert space == " ", m.group(0)
            if number == "95" and re.match(r"\s(CI|interval|point)", text[m.end():]):
                continue
            number = number.split("–")[-1]
            assert re.fullmatch(PERCENT[:-2], number), m.group(0)
        # an interval's lower end is written as its upper end is
        for low, high in re.findall(r"(\d[\d,.]*)–(\d[\d,.]*) %", text):
            assert re.fullmatch(PERCENT[:-2], low) and re.fullmatch(PERCENT[:-2], high), (low, high)
        # every number: thousands grouped ("1,050", never "1050"), never two decimals
        for n in re.findall(r"(?<![\w.,])\d[\d,.]*\d|(?<![\w.,])\d", text):
            assert re.fullmatch(NUMBER, n.rstrip(".,")), n


def test_the_format_check_catches_the_old_formats():
    """The checks above would fail on what the families once wrote (a test that cannot fail is no test)."""
    assert not re.fullmatch(PERCENT[:-2], "100") and not re.fullmatch(PERCENT[:-2], "51")
    assert re.search(r"\d%", "the quake ended 100.0% of games")
    assert not re.fullmatch(NUMBER, "2000") and not re.fullmatch(NUMBER, "1.96")
    assert CELL.findall("Win rate 27.9 %\r\n25.5–30.6 %\r\n") == [("27.9", " %", "25.5", "30.6", " %")]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_rate_bar_stands_with_its_interval(reports, family):
    """A bar chart of rates draws each bar's 95 % interval (a whisker holding the bar's value) and says so."""
    from pnp.referee.balance import GroupedChart, report_charts

    result, texts = reports[family][MANY]
    rate_charts = [c for c in result.charts if c.kind == "bars" and c.percent]
    assert rate_charts
    for chart in rate_charts:
        assert set(chart.intervals) == set(chart.values), chart.title
        for label, v in chart.values.items():
            low, high = chart.intervals[label]
            assert low <= v <= high, (chart.title, label, v, low, high)
    drawn = report_charts(result.charts)
    titles = [c.title for c in drawn if (isinstance(c, GroupedChart) and any(c.intervals)) or getattr(c, "intervals", None)]
    keyed = [t for t in titles if any(t in page and "lines: 95 % interval" in page for page in texts[1:])]
    assert titles and keyed == titles


def test_simulate_json_carries_each_figures_trials_and_interval(reports):
    from pnp.referee.report import sim_dict

    result, _ = reports["cave"][MANY]
    data = sim_dict(result)["intervals"]
    assert data["win_rate_greedy"]["trials"] > MANY / 3          # seats: a policy takes about a third of 3.5 a game
    assert data["mean_turns"]["trials"] == MANY and data["mean_turns"]["method"] == "mean"
    assert data["quake_share"]["method"] == "wilson" and data["quake_share"]["high"] <= 100
    for name, d in data.items():
        assert d["low"] <= result.figures[name] <= d["high"], name
