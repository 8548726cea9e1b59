"""Command-line commands of this area: `adjudicator diplomacy ...`."""

from __future__ import annotations


import click

from adjudicator.diplomacy.models import TurnResult, phase_name
from adjudicator.errors import InputError
from adjudicator.inputs import parse_structured, read_text
from adjudicator.solving import DEFAULT_TIMEOUT

# a budget must be a positive number of seconds; 0 or less would only ever report an overrun
SECONDS = click.FloatRange(min=0, max=86400, min_open=True)


def read_document(path: str) -> object:
    """A JSON or YAML file (YAML is a superset of JSON), or '-' for standard input."""
    return parse_structured(read_text(path, "turn", expected="JSON or YAML"), path)


def render_table(result: TurnResult) -> str:
    """A readable report of one adjudicated turn."""
    lines = [f"{phase_name(result.phase)} ({result.phase})  ->  next: {result.next_phase}", ""]
    rows = [(r.power, r.order, r.result, r.reason) for r in result.orders]
    if rows:
        w_power = max(len("POWER"), *(len(r[0]) for r in rows))
        w_order = max(len("ORDER"), *(len(r[1]) for r in rows))
        w_result = max(len("RESULT"), *(len(r[2]) for r in rows))
        lines.append(f"{'POWER':<{w_power}}  {'ORDER':<{w_order}}  {'RESULT':<{w_result}}  REASON")
        lines.append(f"{'-' * w_power}  {'-' * w_order}  {'-' * w_result}  {'-' * 6}")
        for power, order, res, reason in rows:
            lines.append(f"{power:<{w_power}}  {order:<{w_order}}  {res:<{w_result}}  {reason}")
    else:
        lines.append("(no orders)")
    lines.append("")
    if result.dislodged:
        lines.append("Dislodged:")
        for power, units in result.dislodged.items():
            for d in units:
                where = ", ".join(d.retreats) or "none: disbanded"
                origin = f" by the unit from {d.attacker_from}" if d.attacker_from else ""
                lines.append(f"  {power} {d.unit}{origin}; may retreat to: {where}")
    else:
        lines.append("Dislodged: none")
    lines.append(f"Contested (standoff): {', '.join(result.contested) or 'none'}")
    lines.append("Units after the phase:")
    for power, units in result.units.items():
        lines.append(f"  {power}: {', '.join(units)}")
    for p in result.paradoxes:
        lines.append("")
        lines.append(f"PARADOX: {p.kind} ({p.consistent_resolutions} consistent resolutions before the backup rule)")
        lines.append(f"  orders: {'; '.join(p.orders)}")
        lines.append(f"  rule applied: {p.rule}: {p.applied}")
        for alt in p.alternatives:
            lines.append(f"  {alt.description}: " + "; ".join(f"{r.order} {r.result}" for r in alt.results))
    return "\n".join(lines)


def register(cli: click.Group) -> None:
    """Add the `diplomacy` group to the main `adjudicator` group."""

    @cli.group()
    def diplomacy() -> None:
        """Diplomacy: adjudicate turns (standard map, DATC v3.0 preferences)."""

    @diplomacy.command()
    @click.argument("file", type=str)
    @click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (the stable contract).")
    @click.option("--timeout", type=SECONDS, default=DEFAULT_TIMEOUT, show_default=True, metavar="SECONDS",
                  help="Solver time budget in seconds (exit 3 when exceeded).")
    @click.option("--svg", "svg_path", type=str, default=None, metavar="FILE",
                  help="Draw the board with the orders and results as SVG (a list of turns: FILE-1.svg, ...).")
    @click.option("--explain", is_flag=True, help="Say for each order why it succeeded or failed (from the solver's model).")
    def adjudicate(file: str, as_json: bool, timeout: float, svg_path: str | None, explain: bool) -> None:
        """Adjudicate the turn (or list of turns, or case file) in FILE (JSON or YAML; '-' reads stdin).

        A turn: {phase: S1901M, units: {POWER: [A PAR, ...]}, orders: {POWER: [A PAR - BUR, ...]},
        centers: {...} (optional), rules: standard (optional)}. A unit without an order holds.
        """
        from adjudicator.diplomacy.adjudicate import adjudicate as run
        from adjudicator.diplomacy.adjudicate import load_turns

        data = read_document(file)
        if data is None:
            raise InputError("the file is empty", source=file)
        if isinstance(data, dict) and "phases" in data and isinstance(data["phases"], list):
            # a case file (cases/datc/*.yaml): adjudicate its phases, ignoring the expectations
            data = [{k: v for k, v in phase.items() if k != "expect"} if isinstance(phase, dict) else phase
                    for phase in data["phases"]]
            if any(isinstance(p, dict) and not p.get("units") for p in data[1:]):
                from adjudicator.diplomacy.game import run_case_phases  # later phases continue the first

                turns, _ = load_turns(data, file)
                data = list(zip(*run_case_phases(turns, timeout=timeout, source=file, with_turns=True)))
        if data == []:
            raise InputError("the list of turns is empty", source=file)
        if isinstance(data, list) and data and isinstance(data[0], tuple):
            turns, results = [t for t, _ in data], [r for _, r in data]
        else:
            turns, _ = load_turns(data, file)
            results = run(turns if isinstance(data, list) else turns[0], timeout=timeout, source=file)
        listed = results if isinstance(results, list) else [results]
        from adjudicator.diplomacy.game_cli import explain_results, explanation_text, write_svgs

        write_svgs(svg_path, turns, listed)
        if explain:  # result.explanations, from the solver's model
            explain_results(turns, listed, timeout=timeout, source=file)
        if as_json:
            # pydantic's serializer (fast for a list of 1000 turns), laid out as json.dumps(indent=2) would
            texts = [r.model_dump_json(indent=2) for r in listed]
            if isinstance(results, list):
                body = ",\n".join("\n".join("  " + line for line in text.split("\n")) for text in texts)
                click.echo(f"[\n{body}\n]" if texts else "[]")
            else:
                click.echo(texts[0])
        else:
            click.echo("\n\n".join(render_table(r) + explanation_text(r, t.rules) for t, r in zip(turns, listed)))

    from adjudicator.diplomacy.game_cli import register_game_commands

    register_game_commands(diplomacy)
