"""`adjudicator diplomacy play` and the `--svg` / `--explain` helpers of `adjudicate`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from adjudicator.diplomacy.citations import cite
from adjudicator.diplomacy.rule_changes import RULE_CHANGE_NOTE
from adjudicator.diplomacy.models import Turn, TurnResult, phase_name
from adjudicator.errors import InputError
from adjudicator.inputs import refuse_input_as_output, write_output
from adjudicator.solving import DEFAULT_TIMEOUT


# a budget must be a positive number of seconds; 0 or less would only ever report an overrun
SECONDS = click.FloatRange(min=0, max=86400, min_open=True)


def _with_condition(order) -> str:
    """An order with its conditions (BT15), as written in the orders."""
    return f"{order.order} IF {order.condition}" if order.condition else order.order


def render_table(result: TurnResult) -> str:
    """A readable report of one adjudicated turn."""
    lines = [f"{phase_name(result.phase)} ({result.phase})  ->  next: {result.next_phase}", ""]
    rows = [(r.power, _with_condition(r), r.result, r.reason) for r in result.orders]
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
    ruled = "ruled a hold" if result.phase.endswith("M") else "ruled no order"
    for misorder in result.misorders or []:  # option misorders=hold
        lines.append(f"Misorder ({ruled}): {misorder.power} {misorder.order!r}: {misorder.reason}")
    if result.pending_orders:  # BT15: given with this turn's orders for the phases that follow
        lines.append("Orders for the retreat and adjustment phases (BT15):")
        for power, listed in result.pending_orders.items():
            for pending in listed:
                state = "" if pending.condition is None else \
                    (" (condition holds)" if pending.condition_met else " (condition does not hold: not carried out)")
                lines.append(f"  {power} {_with_condition(pending)}{state}")
    lines.append("Units after the phase:")
    for power, units in result.units.items():
        lines.append(f"  {power}: {', '.join(units)}")
    for p in result.paradoxes:
        lines.append("")
        lines.append(f"PARADOX: {p.kind} ({p.consistent_resolutions} consistent resolutions before the backup rule)")
        lines.append(f"  orders: {'; '.join(p.orders)}")
        lines.append(f"  rule applied: {p.rule}: {p.applied}")
        for alt in p.alternatives:
            lines.append(f"  {alt.description}: " + "; ".join(f"{_with_condition(r)} {r.result}" for r in alt.results))
    return "\n".join(lines)


def _write(path: Path, text: str, what: str = "SVG", inputs: tuple[str | None, ...] = ()) -> None:
    """`text` written to `path` (its folder made if missing) as `write_output` writes: never over
    one of the command's `inputs`, never half-written."""
    refuse_input_as_output(path, inputs, what)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot write the {what}: {exc.strerror or exc}", source=str(path)) from None
    write_output(path, text, what, inputs=inputs)


def svg_paths(svg_path: str, count: int, suffix: str = ".svg") -> list[Path]:
    """One picture for one turn (FILE, as named), FILE-1.svg, FILE-2.svg ... for several."""
    target = Path(svg_path)
    if count == 1:
        return [target]
    return [target.with_name(f"{target.stem}-{number}{target.suffix or suffix}") for number in range(1, count + 1)]


def write_svgs(svg_path: str | None, turns: list[Turn], results: list[TurnResult],
               inputs: tuple[str | None, ...] = ()) -> list[Path]:
    """The boards of `results`, drawn after every turn is adjudicated (a failed command writes none)."""
    if not svg_path:
        return []
    from adjudicator.diplomacy.svg import render_svg

    paths = svg_paths(svg_path, len(results))
    for path in paths:
        refuse_input_as_output(path, inputs, "SVG")
    for path, turn, result in zip(paths, turns, results):
        _write(path, render_svg(turn, result), inputs=inputs)
    return paths


PNG_SCALE = 4 / 3  # the picture at 0.8 of its drawing size (the SVG says 0.6): names legible in a mail


def png_converter():
    """cairosvg's SVG-to-PNG function (the optional `png` extra), or an InputError saying how to get it."""
    try:
        from cairosvg import svg2png
    except (ImportError, OSError):  # OSError: the package is there but the cairo library is not
        raise InputError("--png needs the cairosvg package and the cairo library: "
                         "pip install 'adjudicator[png]'") from None
    return svg2png


def write_pngs(png_path: str | None, turns: list[Turn], results: list[TurnResult],
               inputs: tuple[str | None, ...] = ()) -> list[Path]:
    """The boards of `results` as PNG (FILE, or FILE-1.png ... for several), through cairosvg,
    written whole or not at all (a temporary file renamed)."""
    if not png_path:
        return []
    paths = svg_paths(png_path, len(results), ".png")
    _write_pngs_at(paths, turns, results, inputs)
    return paths


def _write_pngs_at(paths: list[Path], turns: list[Turn], results: list[TurnResult], inputs) -> None:
    from adjudicator.diplomacy.svg import render_svg

    convert = png_converter()
    for path in paths:
        refuse_input_as_output(path, inputs, "PNG")
    for path, turn, result in zip(paths, turns, results):
        data = convert(bytestring=render_svg(turn, result).encode("utf-8"), scale=PNG_SCALE)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"cannot write the PNG: {exc.strerror or exc}", source=str(path)) from None
        write_output(path, data, "PNG", inputs=inputs)


def _write_boards(folder: Path | None, turns: list[Turn], results: list[TurnResult], inputs: tuple[str, ...],
                  png_folder: Path | None = None) -> None:
    """One SVG per phase in `folder` (and one PNG per phase in `png_folder`), written once every
    phase is adjudicated: a game that fails part-way leaves the folders as they were."""
    if png_folder is not None:
        _write_pngs_at([png_folder / f"{result.phase}.png" for result in results], turns, results, inputs)
    if folder is None:
        return
    from adjudicator.diplomacy.svg import render_svg

    paths = [folder / f"{result.phase}.svg" for result in results]
    for path in paths:
        refuse_input_as_output(path, inputs, "SVG")
    for path, turn, result in zip(paths, turns, results):
        _write(path, render_svg(turn, result), inputs=inputs)


def explain_results(turns: list[Turn], results: list[TurnResult], *, timeout: float, source: str) -> None:
    from adjudicator.diplomacy.explain import explain

    for turn, result in zip(turns, results):
        result.explanations = [cite(line, turn.rules) for line in explain(turn, result, timeout=timeout, source=source)]


def explanation_text(result: TurnResult, rules: str = "standard") -> str:
    """What the table does not show: civil disorder, who submitted which order, the winner,
    the draw, and the explanations (when asked for)."""
    from adjudicator.diplomacy.phases import civil_disorder_applies

    lines = []
    if result.civil_disorder and not civil_disorder_applies(rules):  # civil_disorder.lp: BT24 or not
        lines.append(f"No orders submitted (units hold, give no support): {', '.join(result.civil_disorder)}")
    elif result.civil_disorder:
        lines.append(f"Civil disorder (BT24: no orders submitted; units hold, no support, no builds): "
                     f"{', '.join(result.civil_disorder)}")
    if result.submitted_by:
        lines.append("Submitted by (Diplonomic rule 7):")
        for power, entries in result.submitted_by.items():
            for e in entries:
                lines.append(f"  {power}: {e.order}: {e.by or '(contestant)'}" + ("" if e.counted else "  [not counted]"))
    if result.winner:
        lines.append(f"Winner: {result.winner} ({'rulebook' if rules == 'standard' else 'BT16'})")
    if result.draw_available:
        lines.append("Draw available (BT9): no ownership change in the past three game-years")
    if result.explanations:
        lines.append("Why:")
        lines.extend(f"  {line}" for line in result.explanations)
    return ("\n" + "\n".join(lines)) if lines else ""


def render_summary(summary, rules: str = "standard") -> str:
    lines = ["", "Supply centres:"]
    for power, centres in sorted(summary.centers.items()):
        lines.append(f"  {power:<8} {len(centres):>2}  {', '.join(centres)}")
    if rules == "standard":  # the rulebook's victory; a draw is agreed by the players, no condition to report
        lines.append(f"Winner: {summary.winner} controls 18 or more supply centres (rulebook)" if summary.winner
                     else "Winner: none yet (rulebook: 18 supply centres)")
        lines.append(f"Next phase: {summary.next_phase}")
        return "\n".join(lines)
    if summary.winner:
        lines.append(f"Winner: {summary.winner} controls 18 or more supply centres after a Fall turn; all "
                     "other contestants cease to be contestants (BT16); the judge announces the winner (BT3)")
    else:
        lines.append("Winner: none yet (BT16: 18 supply centres after a Fall turn)")
    years = summary.years_without_ownership_change
    if summary.draw_available:
        lines.append(f"Draw: available: no supply centre changed ownership in {', '.join(map(str, years[-3:]))} "
                     "(BT9: the Gamemaster CAN declare a draw with 2 days' notice)")
    else:
        lines.append("Draw: not available (BT9 needs three game-years without a change of ownership; "
                     f"years without change so far: {', '.join(map(str, years)) or 'none'})")
    lines.append(f"Next phase: {summary.next_phase}")
    return "\n".join(lines)


def _export(path: str, turns: list[Turn], results: list[TurnResult], inputs: tuple[str, ...]) -> None:
    from adjudicator.diplomacy.formats import saved_game

    _write(Path(path), json.dumps(saved_game(turns, results), indent=1) + "\n", what="saved game", inputs=inputs)


def ending_text(end) -> str:
    """The end of a game by the rules (a game file's `end`), in one line."""
    parts = [f"winners: {', '.join(end.winners)}" if end.winners else "",
             f"eliminated: {', '.join(end.eliminated)}" if end.eliminated else ""]
    said = "; ".join(p for p in parts if p) or "no winner"
    return f"Game ended by the rules after {end.after}: {said}" + (f" ({end.cite})" if end.cite else "")


def _replay(game_file: str, recorded, *, as_json: bool, svg_dir: str | None, timeout: float,
            export_path: str | None, game=None, png_dir: str | None = None) -> int:
    """A recorded game (the diplomacy package's saved game, a godip record, a jDip file): replay
    and check; `game`: the game file that names the record, with its rule changes and end."""
    from adjudicator.diplomacy.formats import check_recorded

    turns: list[Turn] = []
    checks = check_recorded(recorded, timeout=timeout, source=game_file, on_phase=lambda turn, _: turns.append(turn),
                            settings=game.settings if game is not None else None)
    end = game.end if game is not None else None
    results = [c.result for c in checks]
    _write_boards(Path(svg_dir) if svg_dir else None, turns, results, (game_file,), Path(png_dir) if png_dir else None)
    if export_path:
        _export(export_path, turns, results, (game_file,))
    agreeing = sum(c.agrees for c in checks)
    if as_json:
        shown = {"phases": len(checks), "agree": agreeing,
                 "checks": [{"phase": c.phase, "agrees": c.agrees, "differences": c.differences,
                             "result": c.result.model_dump(mode="json")} for c in checks]}
        if end is not None:
            shown["ended"] = end.model_dump(mode="json")
        click.echo(json.dumps(shown, indent=2))
    else:
        for check in checks:
            click.echo(f"{check.phase}  {'agrees' if check.agrees else 'DIFFERS'}")
            for line in check.differences:
                click.echo(f"    {line}")
            for entry in check.result.orders:  # the orders an addition of the game's rules changed
                if RULE_CHANGE_NOTE in entry.reason:
                    click.echo(f"    {entry.power} {entry.order} {entry.result}: {entry.reason}")
        click.echo(f"\n{agreeing} of {len(checks)} phases agree with the record"
                   + ("" if agreeing == len(checks) else
                      f"; {len(checks) - agreeing} differ: {', '.join(c.phase for c in checks if not c.agrees)}"))
        if end is not None:
            click.echo(ending_text(end))
    return 0 if agreeing == len(checks) else 1


def _record_of(game, game_file: str):
    """The recorded game a game file names (`record:`, relative to the game file), read."""
    from adjudicator.diplomacy.jdip import read_any_record
    from adjudicator.diplomacy.rule_changes import check_changes, check_end

    if game.phases:
        raise InputError("a game names either its phases or a record to replay, not both", source=game_file)
    check_changes(game.changes, game_file)
    check_end(game.end, game_file)
    folder = Path(game_file).resolve().parent if game_file != "-" else Path.cwd()
    path = folder / game.record
    if not path.is_file():
        raise InputError(f"record: {game.record!r}: no such file (looked for {path})", source=game_file)
    recorded = read_any_record(str(path))
    if recorded is None:
        raise InputError(f"record: {game.record!r} is not a recorded game (jDip, saved game or Droidippy record)",
                         source=game_file)
    game.learn_times(game_file, recorded)
    return recorded


def register_game_commands(diplomacy: click.Group) -> None:
    @diplomacy.command()
    @click.argument("game_file", metavar="GAME", type=str)
    @click.option("--json", "as_json", is_flag=True, help="Print the list of phase results (the turn contract).")
    @click.option("--svg", "svg_dir", type=str, default=None, metavar="DIR", help="Write one SVG per phase into this folder.")
    @click.option("--png", "png_dir", type=str, default=None, metavar="DIR",
                  help="Write one PNG per phase into this folder (needs cairosvg: pip install 'adjudicator[png]').")
    @click.option("--explain", is_flag=True, help="Explain every order (from the solver's model).")
    @click.option("--timeout", type=SECONDS, default=DEFAULT_TIMEOUT, show_default=True, metavar="SECONDS",
                  help="Solver time budget per phase in seconds (exit 3 when exceeded).")
    @click.option("--export", "export_path", type=str, default=None, metavar="FILE",
                  help="Write the game as played by us in the diplomacy package's saved-game JSON.")
    def play(game_file: str, as_json: bool, svg_dir: str | None, explain: bool, timeout: float,
             export_path: str | None, png_dir: str | None = None) -> int:
        """Play a whole game: GAME (JSON/YAML; '-' reads stdin) holds the start position
        (default: the standard 1901 position) and the orders of each phase in turn. Prints every
        phase's result, the final supply centres, the winner (BT16) and whether a draw is
        available (BT9).

        \b
        rules: bt2020            # standard | bt2020 | diplonomic2020
        phases:
          - phase: S1901M        # optional, checked
            orders: {FRANCE: [A PAR - BUR, ...], ...}

        GAME may also be a game saved by the `diplomacy` package (JSON) or a Droidippy/godip game
        record (text): then every phase is replayed from its recorded position and checked
        against the next recorded position; each phase where we differ is reported, and the exit
        status is 1 when any phase differs (docs/formats.md).
        """
        from adjudicator.diplomacy.jdip import read_any_record

        if export_path:
            refuse_input_as_output(export_path, (game_file,), "saved game")
        if png_dir is not None:
            png_converter()  # refused at once when the library is missing
        recorded = read_any_record(game_file) if game_file != "-" else None
        if recorded is not None:
            return _replay(game_file, recorded, as_json=as_json, svg_dir=svg_dir, timeout=timeout,
                           export_path=export_path, png_dir=png_dir)
        from adjudicator.diplomacy.game import load_game_file, play as run

        game = load_game_file(game_file)
        if game.record is not None:
            return _replay(game_file, _record_of(game, game_file), as_json=as_json, svg_dir=svg_dir,
                           timeout=timeout, export_path=export_path, game=game, png_dir=png_dir)
        turns: list[Turn] = []

        def on_phase(turn: Turn, result: TurnResult) -> None:
            turns.append(turn)
            if explain:
                explain_results([turn], [result], timeout=timeout, source=game_file)

        results, summary = run(game, timeout=timeout, source=game_file, on_phase=on_phase)
        _write_boards(Path(svg_dir) if svg_dir else None, turns, results, (game_file,), Path(png_dir) if png_dir else None)
        if export_path:
            _export(export_path, turns, results, (game_file,))
        if as_json:
            click.echo(json.dumps([r.model_dump(mode="json") for r in results], indent=2))
            return 0
        from adjudicator.diplomacy.centre_report import centre_report

        click.echo("\n\n".join(render_table(r) + centre_report(t, r, timeout=timeout) + explanation_text(r, game.rules)
                                 for t, r in zip(turns, results)))
        click.echo(render_summary(summary, game.rules))
        if summary.ended is not None:
            click.echo(ending_text(summary.ended))
        return 0

    @diplomacy.command("orders")
    @click.argument("file", metavar="TURN", type=str)
    @click.option("--json", "as_json", is_flag=True, help="Print {phase, units: {unit: [orders]}, powers, builds, count}.")
    @click.option("--timeout", type=SECONDS, default=DEFAULT_TIMEOUT, show_default=True, metavar="SECONDS",
                  help="Solver time budget in seconds (exit 3 when exceeded).")
    def orders_command(file: str, as_json: bool, timeout: float) -> None:
        """List every legal order of every unit in the position of TURN (a turn file, JSON or YAML;
        its orders are ignored): holds, moves, moves via convoy, supports, convoys; in a retreat
        phase the retreats and disbands of the dislodged units; in an adjustment phase the builds,
        waives and removals (docs/orders.md)."""
        from adjudicator.diplomacy.movement import load_turns
        from adjudicator.diplomacy.game import read_document
        from adjudicator.diplomacy.possible import possible_orders, render

        data = read_document(file)
        if data is None:
            raise InputError("the file is empty", source=file)
        if not isinstance(data, dict) or "phases" in data:
            raise InputError("expected one turn (phase, units, centers, dislodged)", source=file)
        turns, _ = load_turns(data, file)
        possible = possible_orders(turns[0], timeout=timeout, source=file)
        click.echo(possible.model_dump_json(indent=2) if as_json else render(possible))

    @diplomacy.command()
    def variants() -> None:
        """List the rules variants and their options (docs/variants.md)."""
        from adjudicator.diplomacy.variants import READINGS, RULES, VARIANTS

        click.echo(f"rules: {', '.join(RULES)}")
        for option in READINGS.readings.values():
            defaults = ", ".join(f"{r}={VARIANTS[r].reading(option.name).default}" for r in RULES)
            click.echo(f"\n{option.name} ({option.cite}): {option.question}\n  values: {', '.join(option.values)}\n"
                       f"  defaults: {defaults}")
