"""balance.pdf: a simulation's summary and its charts, drawn as vectors on a Surface.

No plotting library: histograms and bar charts are a few rectangles, lines and
labels, so the file is small, embeds our own fonts, and is byte-identical for
the same simulation (PdfSurface writes invariant PDFs). A4 portrait: a cover
page with the summary and every figure, then two charts a page.
"""
from __future__ import annotations

import math

from pnp.draw import fonts
from pnp.referee.sim import Chart, SimResult

PAGE_W, PAGE_H = 595.28, 841.89
MARGIN = 50.0
INK, GREY, GRID = "#222222", "#666666", "#dddddd"
PALETTE = ["#3b6ea8", "#d9822b", "#5a9e4b", "#b04a5a", "#7d5ba6", "#8c6d46"]
CHARTS_PER_PAGE = 2


def pages_for(result: SimResult) -> int:
    return 1 + math.ceil(len(result.charts) / CHARTS_PER_PAGE)


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
    for page, start in enumerate(range(0, len(result.charts), CHARTS_PER_PAGE), start=2):
        s.begin_page(PAGE_W, PAGE_H)
        for k, chart in enumerate(result.charts[start:start + CHARTS_PER_PAGE]):
            draw_chart(s, chart, MARGIN, MARGIN + k * (chart_h + 20), PAGE_W - 2 * MARGIN, chart_h, PALETTE[k])
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
    s.text(x, y, f"{result.family} rules · {result.games:,} simulated games · seed {result.seed}",
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
        y += 18
        items = list(result.figures.items())
        rows = math.ceil(len(items) / 2)
        col_w = w / 2
        for i, (name, value) in enumerate(items):
            cx = x + (i // rows) * col_w
            cy = y + (i % rows) * 13
            s.text(cx, cy, figure_label(name, result), font="sans", size=8.5, fill=GREY)
            s.text(cx + col_w - 16, cy, fmt(value), font="sans", size=8.5, fill=INK, anchor="end")


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
    """Greedy word wrap by the font's own metrics."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and fonts.text_width(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


# --------------------------------------------------------------------------- charts

def draw_chart(s, chart: Chart, x: float, y: float, w: float, h: float, color: str = PALETTE[0]) -> None:
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
    top = max(v for _, v in bars)
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
            s.text(mx + 3, py + 9, note[1], font="sans", size=8, fill=INK)
    else:
        bar_w = min(slot * 0.6, 70)
        decimals = any(not v.is_integer() for _, v in bars)   # one style of number per chart
        for i, (label, v) in enumerate(bars):
            cx = px + (i + 0.5) * slot
            s.rect(cx - bar_w / 2, ys(v), bar_w, py + ph - ys(v), fill=PALETTE[i % len(PALETTE)])
            s.text(cx, ys(v) - 4, f"{v:.1f}" if decimals else fmt(v), font="sans-bold", size=9, fill=INK, anchor="middle")
            s.text(cx, py + ph + 14, label, font="sans", size=9, fill=INK, anchor="middle")
    s.line(px, py + ph, px + pw, py + ph, stroke=INK, width=0.9)     # axes
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
    return bars, ticks, (pos, f"mean {mean:.1f}")


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


def fmt(v: float) -> str:
    if float(v).is_integer():
        return f"{int(v):,}" if abs(v) >= 10_000 else str(int(v))
    return f"{v:.1f}" if abs(v) >= 10 else f"{v:.2f}".rstrip("0")
