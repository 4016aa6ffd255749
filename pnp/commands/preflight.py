"""`pnp preflight`: would a print shop take these PDFs as they are (`pnp.printshop.preflight`)?"""
from __future__ import annotations

from pathlib import Path
from typing import List

import typer

from pnp.cli import _console, _escape, app

EXIT_REJECTED = 1
EXIT_UNREADABLE = 2


@app.command()
def preflight(
    files: List[Path] = typer.Argument(..., help="PDF files to check (pnp's or anybody's)."),
    shop: str = typer.Option("pdfx4", "--shop", help="Whose rules: drivethrucards, printninja or pdfx4 (default)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print problems only, no verdict line for a good file."),
):
    """Check PDFs against a print shop's rules: PDF/X markers, boxes and bleed, fonts, colour spaces, total ink,
    image resolution and transparency. Exit 1 when a file would be rejected, 2 when one cannot be read."""
    from pnp.printshop.preflight import Unreadable, preflight_file, summarise
    from pnp.printshop.profiles import SHOPS

    pdf_shops = sorted(n for n, s in SHOPS.items() if s.output == "pdf")
    name = shop.strip().lower()
    if name not in pdf_shops:
        takes = f" ({SHOPS[name].title} takes pictures, not PDFs)" if name in SHOPS else ""
        raise typer.BadParameter(f"no PDF rules for {shop!r}{takes}: use {', '.join(pdf_shops)}", param_hint="--shop")
    rules = SHOPS[name]
    out, err = _console(), _console(True)
    rejected = unreadable = False
    for path in files:
        label = _escape(str(path))
        try:
            findings = preflight_file(path, rules)
        except Unreadable as e:
            err.print(f"[red]{label}: {_escape(str(e))}[/]")
            unreadable = True
            continue
        bad = summarise([f for f in findings if f.rejects])
        for line in bad:
            err.print(f"[red]{label}: {_escape(line)}[/]")
        for line in summarise([f for f in findings if not f.rejects]):
            err.print(f"[yellow]{label}: warning: {_escape(line)}[/]")
        if bad:
            rejected = True
            err.print(f"[bold red]{label}: {rules.title} would reject it ({len(bad)} problem{'s' if len(bad) != 1 else ''})[/]")
        elif not quiet:
            out.print(f"[green]✓[/] {label}: passes {_escape(rules.title)}'s rules"
                      + (f" ({rules.standard})" if rules.standard else ""))
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    if rejected:
        raise typer.Exit(EXIT_REJECTED)
