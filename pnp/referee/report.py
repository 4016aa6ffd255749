"""How referee results read: one `file:line: rule: what is wrong` line per finding, or JSON for machines.

Kept apart from the checks so the CLI, tests and editors share one wording.
"""
from __future__ import annotations

import json

from pnp.referee.checks import CheckReport
from pnp.referee.findings import Finding


def finding_line(f: Finding) -> str:
    if f.level != "rule":
        return f"{f.pos}: warning: {f.rule}: {f.message}"
    return f"{f.pos}: {f.rule}: {f.message}"


def summary_line(r: CheckReport) -> str:
    ran = [f"{r.declared} declared check{'s' if r.declared != 1 else ''}"]
    if r.family:
        ran.append(f"the {r.family} family's rules")
    ran_text = " and ".join(ran) if r.declared or r.family else "the checks for any game"
    if not r.declared and not r.family and not r.findings:
        return f"✓ {r.game}: nothing to check (declare `checks:` in game.yaml, or name a `family:` with a referee)"
    advice = (f"; {len(r.advice)} design target{'s' if len(r.advice) != 1 else ''} missed (warnings)"
              if r.advice else "")
    if not r.findings:
        return f"✓ {r.game}: every rule holds ({ran_text}){advice}"
    rules = sorted({f.rule for f in r.findings})
    n = len(r.findings)
    return (f"✗ {r.game}: {n} finding{'s' if n != 1 else ''} breaking {len(rules)} rule{'s' if len(rules) != 1 else ''} "
            f"({', '.join(rules)}) from {ran_text}{advice}")


def text_lines(r: CheckReport) -> list[str]:
    """The human report of one game: findings, then notes, then the summary."""
    lines = [finding_line(f) for f in r.findings + r.advice]
    lines += [f"  {note}" for note in r.notes]
    if r.simulation is not None:
        lines += [f"  simulation: {s}" for s in r.simulation.summary]
    lines.append(summary_line(r))
    return lines


def finding_dict(f: Finding) -> dict:
    return {"file": f.pos.path, "line": f.pos.line, "col": f.pos.col, "rule": f.rule, "message": f.message,
            "level": f.level}


def report_dict(r: CheckReport) -> dict:
    out = {"game": r.game, "dir": r.dir, "ok": not r.findings, "declared_checks": r.declared, "family": r.family,
           "findings": [finding_dict(f) for f in r.findings], "advice": [finding_dict(f) for f in r.advice],
           "notes": r.notes}
    if r.simulation is not None:
        out["simulation"] = sim_dict(r.simulation)
    return out


def error_dict(game_dir: str, errors) -> dict:
    return {"dir": game_dir, "ok": False,
            "errors": [{"file": e.pos.path, "line": e.pos.line, "col": e.pos.col, "message": e.message} for e in errors]}


def sim_dict(sim) -> dict:
    """A simulation as JSON: each simulated figure's trials and 95 % interval under `intervals`."""
    return {"family": sim.family, "games": sim.games, "seed": sim.seed, "summary": sim.summary, "figures": sim.figures,
            "intervals": {name: {"trials": sp.trials, "low": sp.low, "high": sp.high, "method": sp.method}
                          for name, sp in sim.spreads.items()}}


def to_json(obj) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False)
