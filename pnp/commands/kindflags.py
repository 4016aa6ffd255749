"""`pnp build`'s kind flags: every option a registered kind declares becomes a flag of the command.

The flags are made from the registry (`pnp.kinds.declared_options`), so a kind shipped in
another package brings its own. Loading the registry imports every kind, which costs more
than a rebuild with nothing to do; so the flags are made only when the command line holds a
flag the command does not know by itself, or asks for help, or when the help is listed
(`pnp schema --reference`). The values given reach the command as `ctx.meta[GIVEN]`, a
{dest: value} dict that becomes `BuildOptions(**given)`; options not given keep the default
their kind declares.

The flags are typer options, made by typer from a signature (typer's public API), so they
behave exactly like the command's own: the same help, bounds and errors.
"""
from __future__ import annotations

import inspect
from functools import lru_cache
from typing import Optional

import typer
import typer.core

GIVEN = "pnp.kind_values"
_ARGS = "pnp.args"


@lru_cache(maxsize=1)
def kind_params() -> tuple:
    """One typer option per declared kind option, with its help, default and bounds."""
    from pnp.kinds import declared_options

    parameters = []
    for opt in declared_options().values():
        if opt.type is bool:
            default, annotation = typer.Option(bool(opt.default), opt.flag, help=opt.help), bool
        else:
            low, high = opt.bounds or (None, None)
            shown = opt.default if opt.parse is None else None  # a parsed option's default is a value, not text
            annotation = Optional[int] if opt.type is int else Optional[str]
            default = typer.Option(shown, opt.flag, help=opt.help, min=low, max=high)
        parameters.append(inspect.Parameter(opt.dest, inspect.Parameter.KEYWORD_ONLY, default=default,
                                            annotation=annotation))

    def flags(**values):
        """Only its signature is read."""

    flags.__signature__ = inspect.Signature(parameters)
    flags.__annotations__ = {p.name: p.annotation for p in parameters}
    holder = typer.Typer(add_completion=False)
    holder.command()(flags)
    return tuple(typer.main.get_command(holder).params)


class KindFlagsCommand(typer.core.TyperCommand):
    """A typer command whose flags are its own plus the kinds' (made when needed, see the module)."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        ctx.meta[_ARGS] = list(args)
        return super().parse_args(ctx, args)

    def get_params(self, ctx) -> list:
        params = super().get_params(ctx)
        args = ctx.meta.get(_ARGS)
        if args is None or self._wants_kind_flags(args, params):
            help_option = self.get_help_option(ctx)  # stays last in the help
            params = [p for p in params if p is not help_option] + list(kind_params()) + \
                ([help_option] if help_option is not None else [])
        return params

    @staticmethod
    def _wants_kind_flags(args: list[str], params: list) -> bool:
        own = {opt for p in params for opt in (*p.opts, *p.secondary_opts)}
        for arg in args:
            if arg == "--":
                return False
            if arg.startswith("--") and arg.split("=", 1)[0] not in own:
                return True
        return "--help" in args

    def invoke(self, ctx):
        """Hand the kind values given to the command through ctx.meta (the typer callback takes only
        its own), each turned into its value by the kind's `parse`: a ValueError is a usage error."""
        from pnp.kinds import declared_options

        own = {p.name for p in super().get_params(ctx)}
        given = {}
        for name in [n for n in ctx.params if n not in own]:
            value = ctx.params.pop(name)
            source = ctx.get_parameter_source(name)
            if source is None or source.name == "DEFAULT":
                continue
            opt = declared_options()[name]
            try:
                given[name] = opt.parse(value) if opt.parse and value is not None else value
            except ValueError as e:
                raise typer.BadParameter(str(e), ctx=ctx, param_hint=opt.flag) from None
        ctx.meta[GIVEN] = given
        return super().invoke(ctx)
