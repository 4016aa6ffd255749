"""`pnp build --shop NAME`: each game's print-shop files (`pnp.printshop.build`), reported game by game."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import EXIT_SPEC, _console, _escape, report_errors, report_warnings


def build_for_shop(game_dirs: list[Path], shop: str, out: Path, quiet: bool, verbose: bool, proof: bool = False,
                   lang: str | None = None, strict: bool = False) -> None:
    from pnp.errors import SpecErrors
    from pnp.output import OutputError
    from pnp.printshop.build import build_shop
    from pnp.printshop.profiles import SHOPS, shop_names
    from pnp.printshop.softproof import ProofError

    name = shop.strip().lower()
    if name not in SHOPS:
        raise typer.BadParameter(f"unknown shop {shop!r}: use {', '.join(shop_names())}", param_hint="--shop")
    failed, warned = False, 0
    for game_dir in game_dirs:
        try:
            result = build_shop(game_dir, name, out, proof, lang, strict)
        except ProofError as e:
            _console(True).print(f"[red]{_escape(str(game_dir))}: no proof: {_escape(str(e))}[/]")
            failed = True
            continue
        except SpecErrors as e:
            report_errors(e.errors)
            failed = True
            continue
        except OutputError as e:
            _console(True).print(f"[red]{_escape(str(e))}[/]")
            failed = True
            continue
        report_warnings(result.warnings, quiet)
        warned += len(result.warnings)
        if not result.files:  # every piece left out: said plainly, the warnings above say why
            _console(True).print(f"[yellow]{_escape(result.game)}: nothing {_escape(SHOPS[name].title)} prints; "
                                 f"no files written[/]")
        elif not quiet:
            editions = f" ({', '.join(result.editions)} editions)" if result.editions else ""
            _console().print(f"[green]✓[/] {_escape(result.game)}: {len(result.files)} files for "
                             f"{_escape(SHOPS[name].title)}{editions} → {_escape(str(result.folder))}/")
            for proof_folder in result.proof_folders:
                _console().print(f"    the proof (not for the shop) → {_escape(str(proof_folder))}/")
            if verbose:
                for f in result.files:
                    _console().print(f"    {f['file']}  {f['bytes']:,} bytes")
    if warned and not quiet:
        _console().print(f"{warned} warning{'s' if warned != 1 else ''}")
    if failed:
        raise typer.Exit(EXIT_SPEC)
