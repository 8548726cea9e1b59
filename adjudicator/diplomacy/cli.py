"""Command-line commands of this area: `adjudicator diplomacy ...`."""

from __future__ import annotations


import click

from adjudicator.diplomacy.game import read_document
from adjudicator.diplomacy.game_cli import SECONDS, render_table
from adjudicator.errors import InputError
from adjudicator.inputs import read_text
from adjudicator.solving import DEFAULT_TIMEOUT

__all__ = ["read_document", "register", "render_table"]  # read_document, render_table: used from here too

class _DiplomacyGroup(click.Group):
    """The `diplomacy` commands; a fault of an encoding is reported as an internal error, exit 1."""

    def invoke(self, ctx: click.Context):
        from adjudicator.diplomacy.faults import EncodingFault

        try:
            return super().invoke(ctx)
        except EncodingFault as exc:
            raise click.ClickException(str(exc)) from None  # exit 1, one line


def _echo_json(texts: list[str], as_list: bool) -> None:
    """Results' JSON texts (pydantic's serializer: fast for a list of 1000 turns) printed as
    json.dumps(indent=2) would lay out the result or the list; in a list, each text already laid
    out as its element (`adjudicate.json_text`, done in the worker processes of a large call)."""
    if not as_list:
        click.echo(texts[0])
        return
    click.echo("[\n" + ",\n".join(texts) + "\n]" if texts else "[]")


def register(cli: click.Group) -> None:
    """Add the `diplomacy` group to the main `adjudicator` group."""

    @cli.group(cls=_DiplomacyGroup)
    def diplomacy() -> None:
        """Diplomacy: adjudicate turns (standard map, DATC v3.0 preferences)."""

    @diplomacy.command()
    @click.argument("file", type=str)
    @click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (the stable contract).")
    @click.option("--timeout", type=SECONDS, default=DEFAULT_TIMEOUT, show_default=True, metavar="SECONDS",
                  help="Solver time budget in seconds (exit 3 when exceeded).")
    @click.option("--svg", "svg_path", type=str, default=None, metavar="FILE",
                  help="Draw the board with the orders and results as SVG (a list of turns: FILE-1.svg, ...).")
    @click.option("--png", "png_path", type=str, default=None, metavar="FILE",
                  help="The same board as PNG, for a mailing list (needs cairosvg: pip install 'adjudicator[png]').")
    @click.option("--explain", is_flag=True, help="Say for each order why it succeeded or failed (from the solver's model).")
    @click.option("--orders", "orders_path", type=str, default=None, metavar="LIST",
                  help="The turn's orders from a DPjudge/webDiplomacy-style list ('Austria: A Vienna - Galicia' "
                       "per line, or blocks headed by a power's name); replaces the turn's orders.")
    def adjudicate(file: str, as_json: bool, timeout: float, svg_path: str | None, explain: bool,
                   orders_path: str | None, png_path: str | None = None) -> int:
        """Adjudicate the turn (or list of turns, or case file) in FILE (JSON or YAML; '-' reads stdin).

        A turn: {phase: S1901M, units: {POWER: [A PAR, ...]}, orders: {POWER: [A PAR - BUR, ...]},
        centers: {...} (optional), rules: standard (optional)}. A unit without an order holds;
        a turn must say where the units stand (`units: {}` for an empty board). A case file's
        `expect:` is checked: exit 1 when an expectation is not met.
        """
        from adjudicator.diplomacy.movement import adjudicate as run
        from adjudicator.diplomacy.movement import load_turns

        if svg_path is not None:  # before any solving: a board never replaces the turn it is drawn from
            from adjudicator.inputs import refuse_input_as_output

            refuse_input_as_output(svg_path, (file, orders_path), "SVG")
        if png_path is not None:
            from adjudicator.diplomacy.game_cli import png_converter
            from adjudicator.inputs import refuse_input_as_output

            png_converter()  # refused at once when the library is missing
            refuse_input_as_output(png_path, (file, orders_path, svg_path), "PNG")
        data = read_document(file)
        if data is None:
            raise InputError("the file is empty", source=file)
        case = None
        if orders_path is not None:
            from adjudicator.diplomacy.formats import with_order_list

            data = with_order_list(data, read_text(orders_path, "order list", expected="an order list"), orders_path,
                                   source=file)
        if isinstance(data, dict) and "phases" in data and isinstance(data["phases"], list):
            # a case file (cases/datc/*.yaml): its phases in order (a phase without units continues
            # the previous one), then its expectations are checked
            from adjudicator.diplomacy.cases import case_from_data
            from adjudicator.diplomacy.game import run_case_phases

            case = case_from_data(data, file)
            if not case.phases:
                raise InputError("the case has no phases", source=file)
            turns, results = run_case_phases(case.phases, timeout=timeout, source=file, with_turns=True)
        else:
            if data == []:
                raise InputError("the list of turns is empty", source=file)
            turns, _ = load_turns(data, file)
            if as_json and svg_path is None and png_path is None and not explain:
                # only the JSON text is needed: written where each result is made (in the worker
                # processes of a large call)
                from adjudicator.diplomacy.movement import adjudicate_json

                texts, _ = adjudicate_json(turns if isinstance(data, list) else turns[0], timeout=timeout, source=file)
                _echo_json(texts, isinstance(data, list))
                return 0
            results = run(turns if isinstance(data, list) else turns[0], timeout=timeout, source=file)
        listed = results if isinstance(results, list) else [results]
        from adjudicator.diplomacy.game_cli import explain_results, explanation_text, write_pngs, write_svgs

        if explain:  # result.explanations, from the solver's model
            explain_results(turns, listed, timeout=timeout, source=file)
        write_svgs(svg_path, turns, listed, (file, orders_path))
        write_pngs(png_path, turns, listed, (file, orders_path, svg_path))
        if as_json:
            from adjudicator.diplomacy.movement import json_text

            layout = "listed" if isinstance(results, list) else "document"
            _echo_json([json_text(r, layout) for r in listed], isinstance(results, list))
        else:
            from adjudicator.diplomacy.centre_report import centre_report

            click.echo("\n\n".join(render_table(r) + centre_report(t, r, timeout=timeout) + explanation_text(r, t.rules)
                                   for t, r in zip(turns, listed)))
        if case is not None:  # as `judge` does: exit 1 when an expectation is not met
            from adjudicator.diplomacy.cases import check_expectation

            problems = [f"{phase.phase}: {problem}" for phase, result in zip(case.phases, listed)
                        for problem in check_expectation(phase.expect, result)]
            for problem in problems:
                click.echo(f"expectation not met: {problem}", err=True)
            return 1 if problems else 0
        return 0

    from adjudicator.diplomacy.game_cli import register_game_commands

    register_game_commands(diplomacy)

    from adjudicator.diplomacy.reachable_cli import register_reachable

    register_reachable(diplomacy)
