"""balance.pdf: a simulation's summary and its charts, drawn as vectors on a Surface.

No plotting library: histograms and bar charts are a few rectangles, lines and
labels, so the file is small, embeds our own fonts, and is byte-identical for
the same simulation (PdfSurface writes invariant PDFs). A4 portrait: a cover
page with the summary and a table of every figure (a column per player count), each simulated
figure over its 95 % interval, then two charts a page; bar charts of one measure by player count
are drawn as one grouped chart, and each player count keeps one colour throughout. Every number
is written by `pnp.referee.sim`'s one format.
"""
from __future__ import annotations

import math

from pnp.draw import fonts
from pnp.referee.sim import Chart, SimResult, number, percent, span

PAGE_W, PAGE_H = 595.28, 841.89
MARGIN = 50.0
INK, GREY, GRID = "#222222", "#666666", "#dddddd"
CHARTS_PER_PAGE = 2


NEUTRAL = "#4f6d8a"  # every bar that is not one player count's: a colour always means one thing
PLAYER_COLOURS = {1: "#7d5ba6", 2: "#2f6db0", 3: "#d9822b", 4: "#3f8f3a", 5: "#b04a5a", 6: "#8c6d46"}
ALL_GAMES = "#9aa5b1"


def player_colour(n: int) -> str:
    """The colour of an n-player game, the same in every chart of every report."""
    return PLAYER_COLOURS.get(n, GREY)


def pages_for(result: SimResult) -> int:
    return 1 + math.ceil(len(report_charts(result.charts)) / CHARTS_PER_PAGE)


def balance_pdf(result: SimResult, title: str) -> bytes:
    """The whole report as PDF bytes."""
    from pnp.draw.pdf import PdfSurface

    s = PdfSurface(title=f"{title}: balance report", subject=f"{result.games} simulated games, seed {result.seed}")
    total = pages_for(result)
    s.begin_page(PAGE_W, PAGE_H)
    cover(s, result, title)
    footer(s, 1, total)
    s.end_page()
    chart_h = (PAGE_H - 2 * MARGIN - 20) / CHARTS_PER_PAGE
    charts = report_charts(result.charts)
    for page, start in enumerate(range(0, len(charts), CHARTS_PER_PAGE), start=2):
        s.begin_page(PAGE_W, PAGE_H)
        for k, chart in enumerate(charts[start:start + CHARTS_PER_PAGE]):
            box = (MARGIN, MARGIN + k * (chart_h + 20), PAGE_W - 2 * MARGIN, chart_h)
            if isinstance(chart, GroupedChart):
                draw_grouped(s, chart, *box)
            else:
                draw_chart(s, chart, *box)
        footer(s, page, total)
        s.end_page()
    return s.finish()


# --------------------------------------------------------------------------- cover page

def cover(s, result: SimResult, title: str) -> None:
    x, w = MARGIN, PAGE_W - 2 * MARGIN
    y = MARGIN + 24
    s.text(x, y, "Balance report", font="sans-bold", size=24, fill=INK)
    y += 26
    s.text(x, y, title, font="sans", size=15, fill=INK)
    y += 18
    s.text(x, y, f"{result.family} rules · {number(result.games)} simulated games · seed {result.seed}",
           font="sans", size=10, fill=GREY)
    y += 14
    s.line(x, y, x + w, y, stroke=GRID, width=1)
    y += 28
    s.text(x, y, "Summary", font="sans-bold", size=13, fill=INK)
    y += 20
    for sentence in result.summary:
        lines = wrap(sentence, "sans", 10.5, w - 14)
        s.circle(x + 3, y - 3.5, 1.8, fill=INK)
        for line in lines:
            s.text(x + 14, y, line, font="sans", size=10.5, fill=INK)
            y += 14.5
        y += 4
    if result.figures:
        y += 18
        s.text(x, y, "Figures", font="sans-bold", size=13, fill=INK)
        summary_table(s, result, x, y + 12, w)


def summary_rows(result: SimResult) -> tuple[list[int], list[tuple[str, dict]]]:
    """The figures as a table: one row per measure, a column for all games and one per player count
    (a figure named `…_3p` goes in the 3-player column of its measure's row); each cell holds the
    figure's name."""
    import re

    counts: set[int] = set()
    rows: dict[str, tuple[str, dict]] = {}
    for name in result.figures:
        m = re.fullmatch(r"(.+)_(\d+)p", name)
        base, n = (m.group(1), int(m.group(2))) if m else (name, 0)
        label = figure_label(name, result)
        if n:
            counts.add(n)
            label = label.replace(f", {n} players", "").replace(f", {n} player", "")
        if base not in rows:
            rows[base] = (label, {})
        rows[base][1][n] = name
    return sorted(counts), list(rows.values())


def summary_table(s, result: SimResult, x: float, y: float, w: float) -> float:
    """Draw the figures' table from y, each simulated figure over its 95 % interval, and the small
    print that says how the intervals were found; returns the y below it."""
    counts, rows = summary_rows(result)
    columns = [0] + counts
    col_w = 66.0 if counts else 100.0
    label_w = w - col_w * len(columns)
    row_h = 23.0
    heads = ["all games" if counts else "value"] + [f"{n} players" for n in counts]
    s.line(x, y + 4, x + w, y + 4, stroke=INK, width=0.8)
    for i, head in enumerate(heads):
        colour = player_colour(columns[i]) if columns[i] else INK
        s.text(x + label_w + (i + 1) * col_w - 4, y, head, font="sans-bold", size=8.5, fill=colour, anchor="end")
    y += 4
    for r, (label, values) in enumerate(rows):
        if r % 2 == 0:
            s.rect(x, y, w, row_h, fill="#f3f5f7")
        s.text(x + 4, y + 10.5, label, font="sans", size=8.5, fill=INK)
        names = list(values.values())
        decimals = any(not float(result.figures[n]).is_integer() for n in names)  # one format along a row
        for i, n in enumerate(columns):
            right = x + label_w + (i + 1) * col_w - 4
            if n not in values:
                s.text(right, y + 10.5, "–", font="sans", size=8.5, fill=GREY, anchor="end")
                continue
            name = values[n]
            s.text(right, y + 10.5, figure_text(result, name, decimals), font="sans", size=8.5, fill=INK, anchor="end")
            if name in result.spreads:
                s.text(right, y + 19, interval_text(result, name), font="sans", size=7, fill=GREY, anchor="end")
        y += row_h
    s.line(x, y, x + w, y, stroke=INK, width=0.8)
    y += 14
    for line in wrap(small_print(result), "sans", 7.5, w):
        s.text(x, y, line, font="sans", size=7.5, fill=GREY)
        y += 10
    return y


def figure_text(result: SimResult, name: str, decimals: bool | None = None) -> str:
    """A figure as the report writes it: a rate as a percentage, any other number in the one format."""
    value = result.figures[name]
    unit = result.units.get(name)
    if unit == "share":
        return percent(value)
    if unit == "percent":
        return percent(value / 100)
    return number(value, decimals)


def interval_text(result: SimResult, name: str) -> str:
    """A simulated figure's 95 % interval in the figure's own format: "25.5–30.6 %" or "30.1–32.3"."""
    spread = result.spreads[name]
    unit = result.units.get(name)
    if unit in ("share", "percent"):
        scale = 100.0 if unit == "percent" else 1.0
        return span(spread.low / scale, spread.high / scale)
    return f"{number(spread.low, True)}–{number(spread.high, True)}"


def small_print(result: SimResult) -> str:
    """What the grey line under each figure is, the trials it rests on, and why that interval."""
    trials = sorted({sp.trials for sp in result.spreads.values()})
    if not trials:
        return "No figure here was measured over repeated games, so none has an interval."
    over = (f"{number(trials[0])} trials" if len(trials) == 1
            else f"{number(trials[0])} to {number(trials[-1])} trials (games, seats or players)")
    methods = {sp.method for sp in result.spreads.values()}
    how = []
    if "wilson" in methods:
        how.append("a rate's is the Wilson score interval, which never leaves the range a rate can take and holds for "
                   "small counts and rates near either end")
    if "mean" in methods:
        how.append("a mean's is the mean ± z·s/√n (s its samples' standard deviation, z the normal "
                   "distribution's two-sided 95 % point), the normal approximation, sound for the hundreds "
                   "of games a report plays")
    plain = [n for n in result.figures if n not in result.spreads]
    rest = (" A figure without one is fixed by the rules or is an extreme, not an average."
            if plain else "")
    return (f"Grey under a figure: its 95 % interval, from the {over} it was measured over; "
            + "; ".join(how) + "." + rest)


def figure_label(name: str, result=None) -> str:
    """A figure's name as words: `win_rate_cautious_2p` → 'Win rate, cautious, 2 players'.

    A family may give its own label in `SimResult.labels`."""
    import re

    labels = getattr(result, "labels", None) or {}
    if name in labels:
        return labels[name]
    words = name.split("_")
    tail = ""
    if words and re.fullmatch(r"\d+p", words[-1]):
        tail = f", {words.pop()[:-1]} players"
    text = " ".join(words).replace("win rate ", "win rate, ")
    return (text[:1].upper() + text[1:] + tail) if text else name


def footer(s, page: int, total: int) -> None:
    s.text(PAGE_W / 2, PAGE_H - MARGIN / 2, f"pnp simulate · page {page} of {total}", font="sans", size=8,
           fill=GREY, anchor="middle")


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap by the font's own metrics; a percent sign stays with its number."""
    import re

    lines, line = [], ""
    for word in re.split(r" +(?!%)", text.strip()):
        trial = f"{line} {word}" if line else word
        if line and fonts.text_width(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


# --------------------------------------------------------------------------- charts

class GroupedChart:
    """Bar charts of one measure, one per player count (and one for all games), drawn as one chart:
    a group of bars per category, a bar per player count in that count's own colour. `intervals`
    holds each series' 95 % intervals by category, as `series` holds its values."""

    def __init__(self, title: str, series: list[tuple[int, dict]], x_label: str, y_label: str,
                 intervals: list[dict] | None = None):
        self.title, self.series, self.x_label, self.y_label = title, series, x_label, y_label
        self.intervals = intervals or [{} for _ in series]


def report_charts(charts: list) -> list:
    """The charts as the report draws them: bar charts of one measure that differ only by their
    player count (titled `…, 3 players`, with `…, all games` beside them) become one grouped chart,
    so every player count shares one scale."""
    import re

    groups: dict[tuple, list[tuple[int, Chart]]] = {}
    for c in charts:
        m = re.fullmatch(r"(.+), (?:(\d+) players?|all games)", c.title) if c.kind == "bars" else None
        if m:
            groups.setdefault((m.group(1), c.x_label, c.y_label), []).append((int(m.group(2) or 0), c))
    out, done = [], set()
    for c in charts:
        m = re.fullmatch(r"(.+), (?:(\d+) players?|all games)", c.title) if c.kind == "bars" else None
        key = (m.group(1), c.x_label, c.y_label) if m else None
        if key is None or sum(1 for n, _ in groups[key] if n) < 2:
            out.append(c)
        elif key not in done:
            done.add(key)
            members = sorted(groups[key], key=lambda t: t[0])
            out.append(GroupedChart(f"{key[0]}, by player count", [(n, dict(m.values)) for n, m in members],
                                    c.x_label, c.y_label, [dict(m.intervals) for _, m in members]))
    return out


def draw_grouped(s, chart: GroupedChart, x: float, y: float, w: float, h: float) -> None:
    """A grouped bar chart with its legend: player counts in their fixed colours, all games in grey."""
    s.text(x, y + 14, chart.title, font="sans-bold", size=13, fill=INK)
    px, py = x + 52, y + 50
    pw, ph = w - 60, h - 50 - 52
    categories: list[str] = []
    for _, values in chart.series:
        categories += [str(k) for k in values if str(k) not in categories]
    top = max([float(v) for _, values in chart.series for v in values.values()]
              + [hi for spans in chart.intervals for _, hi in spans.values()], default=0.0)
    y_ticks = nice_ticks(top * 1.05)
    y_max = y_ticks[-1] or 1.0

    def ys(v: float) -> float:
        return py + ph - (v / y_max) * ph

    lx = x
    for n, _ in chart.series:                   # the legend, under the title
        colour = player_colour(n) if n else ALL_GAMES
        s.rect(lx, y + 24, 9, 9, fill=colour)
        label = f"{n} players" if n else "all games"
        s.text(lx + 13, y + 32, label, font="sans", size=8.5, fill=INK)
        lx += 13 + fonts.text_width(label, "sans", 8.5) + 16
    for t in y_ticks:
        s.line(px, ys(t), px + pw, ys(t), stroke=GRID, width=0.5)
        s.line(px - 4, ys(t), px, ys(t), stroke=INK, width=0.7)
        s.text(px - 7, ys(t) + 3, fmt(t), font="sans", size=8, fill=INK, anchor="end")
    slot = pw / max(1, len(categories))
    bar_w = min(slot * 0.8 / len(chart.series), 28)
    for i, cat in enumerate(categories):
        cx = px + (i + 0.5) * slot
        left = cx - bar_w * len(chart.series) / 2
        for k, (n, values) in enumerate(chart.series):
            v = next((float(val) for key, val in values.items() if str(key) == cat), None)
            if v is None:
                continue
            s.rect(left + k * bar_w, ys(v), bar_w - 1, py + ph - ys(v), fill=player_colour(n) if n else ALL_GAMES)
            spans = chart.intervals[k]
            span_ = next((val for key, val in spans.items() if str(key) == cat), None)
            if span_ is not None:
                whisker(s, left + k * bar_w + (bar_w - 1) / 2, ys(span_[0]), ys(span_[1]), bar_w)
        s.text(cx, py + ph + 14, cat, font="sans", size=9, fill=INK, anchor="middle")
    if any(chart.intervals):
        interval_key(s, x + w, y + 14)
    _axes(s, chart, x, px, py, pw, ph)


def whisker(s, cx: float, y_low: float, y_high: float, bar_w: float) -> None:
    """A bar's 95 % interval: a thin line from its low to its high end, with short caps."""
    cap = min(bar_w * 0.3, 5.0)
    s.line(cx, y_low, cx, y_high, stroke=INK, width=0.8)
    s.line(cx - cap, y_low, cx + cap, y_low, stroke=INK, width=0.8)
    s.line(cx - cap, y_high, cx + cap, y_high, stroke=INK, width=0.8)


def interval_key(s, right: float, baseline: float) -> None:
    """The key to the whiskers, at the chart's top right."""
    s.text(right, baseline, "lines: 95 % interval", font="sans", size=8, fill=GREY, anchor="end")


def draw_chart(s, chart: Chart, x: float, y: float, w: float, h: float, color: str = NEUTRAL) -> None:
    """One chart in the box (x, y, w, h): title, axes with ticks and labels, bars."""
    s.text(x, y + 14, chart.title, font="sans-bold", size=13, fill=INK)
    px, py = x + 52, y + 34                   # the plot area leaves room for ticks and axis labels
    pw, ph = w - 60, h - 34 - 52
    if chart.kind == "histogram":
        bars, ticks, note = histogram_bars(list(chart.values))
    else:
        bars = [(str(k), float(v)) for k, v in dict(chart.values).items()]
        ticks, note = None, None
    if not bars:
        s.text(px, py + ph / 2, "no data", font="sans", size=10, fill=GREY)
        return
    spans = dict(chart.intervals) if chart.kind == "bars" else {}
    top = max([v for _, v in bars] + [hi for _, hi in spans.values()])
    y_ticks = nice_ticks(top * (1.12 if chart.kind == "bars" else 1.0))
    y_max = y_ticks[-1]

    def ys(v: float) -> float:
        return py + ph - (v / y_max) * ph if y_max else py + ph

    for t in y_ticks:                          # grid and y ticks
        s.line(px, ys(t), px + pw, ys(t), stroke=GRID, width=0.5)
        s.line(px - 4, ys(t), px, ys(t), stroke=INK, width=0.7)
        s.text(px - 7, ys(t) + 3, fmt(t), font="sans", size=8, fill=INK, anchor="end")
    n = len(bars)
    slot = pw / n
    if chart.kind == "histogram":
        for i, (_, v) in enumerate(bars):
            if v:
                s.rect(px + i * slot, ys(v), slot, py + ph - ys(v), fill=color, stroke="#ffffff", width=0.4)
        for pos, label in ticks:
            tx = px + pos * slot
            s.line(tx, py + ph, tx, py + ph + 4, stroke=INK, width=0.7)
            s.text(tx, py + ph + 14, label, font="sans", size=8, fill=INK, anchor="middle")
        if note is not None:
            mx = px + note[0] * slot
            s.line(mx, py, mx, py + ph, stroke=INK, width=0.9, dash=(3, 2))
            # beside the line, on the side with room: a mean near the right edge is labelled to its left
            if mx + 3 + fonts.text_width(note[1], "sans", 8) <= px + pw:
                s.text(mx + 3, py + 9, note[1], font="sans", size=8, fill=INK)
            else:
                s.text(mx - 3, py + 9, note[1], font="sans", size=8, fill=INK, anchor="end")
    else:
        import re

        bar_w = min(slot * 0.6, 70)
        decimals = any(not v.is_integer() for _, v in bars)   # one style of number per chart
        for i, (label, v) in enumerate(bars):
            cx = px + (i + 0.5) * slot
            players = re.fullmatch(r"(\d+) players?", label)
            s.rect(cx - bar_w / 2, ys(v), bar_w, py + ph - ys(v),
                   fill=player_colour(int(players.group(1))) if players else color)
            top_y = ys(v)
            if label in spans:
                whisker(s, cx, ys(spans[label][0]), ys(spans[label][1]), bar_w)
                top_y = min(top_y, ys(spans[label][1]))
            s.text(cx, top_y - 4, percent(v / 100) if chart.percent else fmt(v, decimals), font="sans-bold",
                   size=9, fill=INK, anchor="middle")
            s.text(cx, py + ph + 14, label, font="sans", size=9, fill=INK, anchor="middle")
        if spans:
            interval_key(s, x + w, y + 14)
    _axes(s, chart, x, px, py, pw, ph)



def _axes(s, chart: Chart, x: float, px: float, py: float, pw: float, ph: float) -> None:
    """A chart's two axes and their labels, the plot's box being (px, py, pw, ph)."""
    s.line(px, py + ph, px + pw, py + ph, stroke=INK, width=0.9)
    s.line(px, py, px, py + ph, stroke=INK, width=0.9)
    s.text(px + pw / 2, py + ph + 32, chart.x_label, font="sans", size=9.5, fill=GREY, anchor="middle")
    s.save()
    s.translate(x + 12, py + ph / 2)
    s.rotate(-90)
    s.text(0, 0, chart.y_label, font="sans", size=9.5, fill=GREY, anchor="middle")
    s.restore()

def histogram_bars(values: list[float]):
    """(bars [(label, count)], x ticks [(position in bins, label)], mean marker (position, label))."""
    if not values:
        return [], [], None
    lo, hi = min(values), max(values)
    integers = all(float(v).is_integer() for v in values)
    width = nice_step((hi - lo) / 30 if hi > lo else 1)
    if integers:
        width = max(1, round(width))
    start = math.floor(lo / width) * width
    n = int((hi - start) // width) + 1
    counts = [0] * n
    for v in values:
        counts[min(n - 1, int((v - start) // width))] += 1
    bars = [(fmt(start + i * width), float(c)) for i, c in enumerate(counts)]
    every = max(1, math.ceil(n / 12))
    every = nice_step(every) if every > 1 else 1
    ticks = []
    centred = integers and width == 1       # integer bins of one: label each bar's own value
    for i in range(0, n + (0 if centred else 1)):
        value = start + i * width
        if round(value / width) % every == 0:
            ticks.append((i + 0.5 if centred else i, fmt(value)))
    mean = sum(values) / len(values)
    pos = (mean - start) / width + (0.5 if centred else 0)
    return bars, ticks, (pos, f"mean {number(mean, True)}")


def nice_step(raw: float) -> float:
    """The smallest 1, 2, 2.5 or 5 × 10^k at least `raw`."""
    if raw <= 0:
        return 1
    k = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * k >= raw - 1e-12:
            return m * k
    return 10 * k


def nice_ticks(top: float, count: int = 5) -> list[float]:
    step = nice_step(top / count if top > 0 else 1)
    n = max(1, math.ceil(top / step - 1e-9))
    return [i * step for i in range(n + 1)]


def fmt(v: float, decimals: bool | None = None) -> str:
    """One number format for the whole report (`pnp.referee.sim.number`)."""
    return number(v, decimals)
