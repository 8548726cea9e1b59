"""`adjudicator ruleset show|amend|audit`."""

from __future__ import annotations

import json

import click

from adjudicator.errors import InputError


def _rule_json(rule) -> dict:
    data = rule.model_dump(mode="json")
    data["key"] = rule.key
    return data


def _ruleset_json(ruleset) -> dict:
    """The contract's keys first, then all the model holds (sections, preamble, repealed rules ...),
    so that the JSON read back renders the same document and can still reenact a repealed rule."""
    data = ruleset.model_dump(mode="json")
    data["rules"] = [_rule_json(rule) for rule in ruleset.rules]
    data["repealed"] = [_rule_json(rule) for rule in ruleset.repealed]
    contract = ("name", "date", "format", "header", "highest_id", "rules")
    return {key: data[key] for key in contract} | {key: value for key, value in data.items() if key not in contract}


def _pick(ruleset, key: str):
    try:
        return ruleset.rule(key)
    except KeyError:
        pass
    # as a person types it: bt22, "rule changes", R105
    typed = " ".join(key.split()).casefold()
    found = [rule for rule in ruleset.rules
             if typed in {(rule.key or "").casefold(), " ".join(rule.title.split()).casefold()}]
    if len(found) == 1:
        return found[0]
    raise InputError(f"no rule {key!r} in this ruleset" + (" (several match)" if found else ""), source=ruleset.name)


def _timeout(f):
    """`--timeout`, as every command has: one budget for the whole command. Nothing here calls a
    solver, so the CLI's worker enforces it (exit 3 when exceeded); the value is not passed on. The default
    is the solvers' (30 s), not imported: these commands do not load clingo."""
    from adjudicator.inputs import SECONDS

    return click.option("--timeout", type=SECONDS, default=30.0, show_default=True, expose_value=False,
                        metavar="SECONDS", help="Seconds for the whole command (exit 3 when exceeded).")(f)


def register(cli: click.Group) -> None:
    """Add `ruleset` with its sub-commands to the main group."""

    from adjudicator.rulesets import BUNDLED

    @cli.group("ruleset", epilog=f"Bundled rulesets (usable by name): {', '.join(BUNDLED)}.")
    def ruleset_group() -> None:
        """Ruleset documents: show them, apply proposals (Agora R105), audit a published ruleset."""

    @ruleset_group.command("show", epilog=f"Bundled rulesets: {', '.join(BUNDLED)}.")
    @click.argument("ruleset")
    @click.option("--json", "as_json", is_flag=True, help="Print the parsed model as JSON.")
    @click.option("--rule", "rule_key", help="Only this rule: its number (2486), key (BT22) or title.")
    @click.option("--as-of", "as_of", metavar="DATE",
                  help="The rules as they were at the end of DATE (YYYY-MM-DD); needs a folder of per-rule YAML files.")
    @_timeout
    def show(ruleset: str, as_json: bool, rule_key: str | None, as_of: str | None) -> None:
        """Print RULESET (a bundled name, a file, a folder of Agora's per-rule YAML files, or - for
        stdin) as parsed, in its own format."""
        from adjudicator.rulesets import agora, load_ruleset, render_ruleset

        loaded = load_ruleset(ruleset, as_of=as_of)
        if rule_key is not None:
            rule = _pick(loaded, rule_key)
            if as_json:
                click.echo(json.dumps(_rule_json(rule), indent=2, ensure_ascii=False))
            else:
                click.echo(_render_one(loaded, rule))
            return
        if as_json:
            click.echo(json.dumps(_ruleset_json(loaded), indent=2, ensure_ascii=False))
            return
        click.echo(render_ruleset(loaded).rstrip("\n"))
        for problem in agora.header_discrepancies(loaded):
            click.echo(f"warning: {problem}", err=True)
        if loaded.format == "agora-yaml":
            for note in loaded.notes:
                click.echo(f"warning: {note}", err=True)

    _register_amend(ruleset_group)
    _register_coverage(ruleset_group)


def _register_coverage(group: click.Group) -> None:
    from adjudicator.rulesets import BUNDLED

    @group.command("coverage", epilog=f"Bundled rulesets: {', '.join(BUNDLED)}.")
    @click.argument("ruleset")
    @click.option("--json", "as_json", is_flag=True, help="Print one object per rule as JSON.")
    @_timeout
    def coverage_command(ruleset: str, as_json: bool) -> None:
        """Every rule of RULESET with what the judge's encodings do with it: encoded (the revisions
        bound in encodings/agora/texts.lp), its text differs from the encoded one, cited but not
        bound, no operative content (with the reason), or not encoded."""
        from adjudicator.rulesets import load_ruleset
        from adjudicator.rulesets.coverage import coverage, summary

        rows = coverage(load_ruleset(ruleset))
        if as_json:
            click.echo(json.dumps({"ruleset": ruleset, "rules": [row.as_json() for row in rows]}, indent=2,
                                  ensure_ascii=False))
            return
        click.echo(f"Coverage of {ruleset}: {summary(rows)}")
        for row in rows:
            click.echo(row.line())


def _render_one(ruleset, rule) -> str:
    from adjudicator.rulesets import agora

    if ruleset.format.startswith("agora") and rule.kind in ("rule", "regulation"):
        return "\n".join(agora.render_rule(rule)).rstrip()
    if rule.id is not None:
        return f"{rule.id}. {rule.text}"
    head = f"{rule.title} [{rule.status}]" if rule.status else rule.title
    return f"{head}\n\n{rule.text}"


def _options(f):
    """The R105 readings as command-line options."""
    f = click.option("--quotation", type=click.Choice(["lenient", "lenient-case", "strict"]), default="lenient",
                     show_default=True, help="R105 inconsequential variation in quotation.")(f)
    f = click.option("--power-limit", type=click.Choice(["r2140-text", "any-lower-instrument"]), default="r2140-text",
                     show_default=True, help="Which instruments R2140 limits.")(f)
    f = click.option("--enact-power-out-of-range", type=click.Choice(["cap", "impossible"]), default="cap",
                     show_default=True, help="Enacting above power 4.0: cap (R105) or IMPOSSIBLE (R2141).")(f)
    f = click.option("--secured-threshold", type=click.Choice(["securing-power", "as-stated"]),
                     default="securing-power", show_default=True,
                     help="A secured change's stated Power Threshold above its securing rule's Power (R1688).")(f)
    f = click.option("--title-mismatch", type=click.Choice(["void", "number-prevails"]), default="void",
                     show_default=True, help="Rule named by number with another rule's title.")(f)
    f = click.option("--no-rewrap", is_flag=True, help="Keep amended paragraphs' lines as they fall.")(f)
    f = click.option("--power", "instrument_power", help="The proposal's power (else its header: Power, or AI per R106).")(f)
    f = click.option("--skip-unrecognised", is_flag=True,
                     help="Apply the changes that can be read; report the others UNRECOGNISED.")(f)
    f = click.option("--readings", is_flag=True, help="Also show where the other named readings change the outcome.")(f)
    return f


def _make_options(quotation, power_limit, enact_power_out_of_range, title_mismatch, no_rewrap, secured_threshold):
    from adjudicator.rulesets.amend import R105Options

    return R105Options(quotation=quotation, power_limit=power_limit, enact_power_out_of_range=enact_power_out_of_range,
                       title_mismatch=title_mismatch, rewrap=not no_rewrap, secured_threshold=secured_threshold)


def _load_proposal(path: str, instrument_power: str | None):
    from adjudicator.rulesets.proposal import load_proposal, parse_power

    proposal = load_proposal(path)
    if instrument_power is not None:
        proposal.power = parse_power(instrument_power, "--power")
    return proposal


def _report_lines(report) -> list[str]:
    head = f"Proposal {report.proposal or '(untitled)'!s}"
    if report.instrument_power is not None:
        head += f" (power {report.instrument_power})"
    lines = [f"{head} applied to {report.ruleset}:"]
    for result in report.results:
        target = f" {result.rule}" if result.rule else ""
        lines.append(f"  {result.index}. {result.status}: {result.kind}{target}"
                     f"{' (' + result.operation + ')' if result.operation else ''}: {result.reason}")
        for note in result.notes:
            lines.append(f"       note: {note}")
    counts = ", ".join(f"{n} {status}" for status, n in report.counts().items())
    lines.append(f"  ({counts})")
    return lines


def _register_amend(group: click.Group) -> None:
    from adjudicator.rulesets import BUNDLED

    @group.command("amend", epilog=f"Bundled rulesets: {', '.join(BUNDLED)}.")
    @click.argument("ruleset")
    @click.argument("proposal")
    @click.option("--json", "as_json", is_flag=True, help="Print {ruleset, report} as JSON.")
    @click.option("--report-only", is_flag=True, help="Print only the report, not the new ruleset.")
    @click.option("--as-of", "as_of", metavar="DATE",
                  help="Apply to the rules as they were at the end of DATE (a folder of per-rule YAML files).")
    @_options
    @_timeout
    def amend(ruleset, proposal, as_json, report_only, as_of, quotation, power_limit, enact_power_out_of_range,
              title_mismatch, no_rewrap, instrument_power, skip_unrecognised, readings, secured_threshold):
        """Apply PROPOSAL's rule changes to RULESET as Agora Rule 105 says; print the new ruleset
        and, for each change, APPLIED / VOID / IMPOSSIBLE with the reason. Either file may be '-'
        (stdin)."""
        from adjudicator.rulesets import load_ruleset, render_ruleset
        from adjudicator.rulesets.amend import apply_proposal, compare_readings

        before = load_ruleset(ruleset, as_of=as_of)
        prop = _load_proposal(proposal, instrument_power)
        options = _make_options(quotation, power_limit, enact_power_out_of_range, title_mismatch, no_rewrap,
                                secured_threshold)
        after, report = apply_proposal(before, prop, options, skip_unrecognised=skip_unrecognised)
        differences = compare_readings(before, prop, skip_unrecognised=skip_unrecognised) if readings else []
        if as_json:
            data = {"ruleset": _ruleset_json(after), "report": report.model_dump(mode="json")}
            if readings:
                data["readings"] = [d.model_dump(mode="json") for d in differences]
            click.echo(json.dumps(data, indent=2, ensure_ascii=False))
            return
        if not report_only:
            click.echo(render_ruleset(after).rstrip("\n"))
            click.echo("")
        click.echo("\n".join(_report_lines(report)))
        if readings:
            click.echo("Readings that change the outcome:" if differences else "No named reading changes the outcome.")
            for d in differences:
                click.echo(f"  {d.reading}: change {d.index} {d.default} -> {d.under_reading}: {d.reason}")

    @group.command("audit", epilog=f"Bundled rulesets: {', '.join(BUNDLED)}.")
    @click.argument("before")
    @click.argument("proposal")
    @click.argument("published")
    @click.option("--json", "as_json", is_flag=True, help="Print the audit as JSON.")
    @click.option("--compare", type=click.Choice(["whitespace", "exact"]), default="whitespace", show_default=True,
                  help="whitespace: amounts of whitespace do not matter (R2429); exact: every character.")
    @_options
    @_timeout
    def audit_command(before, proposal, published, as_json, compare, quotation, power_limit, enact_power_out_of_range,
                      title_mismatch, no_rewrap, instrument_power, skip_unrecognised, readings, secured_threshold):
        """Apply PROPOSAL to BEFORE (R105) and report every rule whose PUBLISHED text differs from
        the correct result, with both texts. One of the files may be '-' (stdin)."""
        from adjudicator.rulesets import load_ruleset
        from adjudicator.rulesets.audit import audit, audit_readings

        old = load_ruleset(before)
        prop = _load_proposal(proposal, instrument_power)
        pub = load_ruleset(published)
        options = _make_options(quotation, power_limit, enact_power_out_of_range, title_mismatch, no_rewrap,
                                secured_threshold)
        report = audit(old, prop, pub, options, compare, skip_unrecognised=skip_unrecognised)
        by_reading = audit_readings(old, prop, pub, compare, skip_unrecognised=skip_unrecognised) if readings else []
        if as_json:
            data = report.model_dump(mode="json")
            if readings:
                data["readings"] = [r.model_dump(mode="json") for r in by_reading]
            click.echo(json.dumps(data, indent=2, ensure_ascii=False))
            return
        click.echo("\n".join(_report_lines(report.amendment)))
        click.echo(f"Audited {len(report.audited)} rules against {report.published}: "
                   f"{len(report.matching)} match ({', '.join(report.matching) or 'none'}), "
                   f"{len(report.differences)} differ.")
        for d in report.differences:
            click.echo(f"\n{d.rule} differs ({d.field}):")
            for change in d.changes:
                click.echo(f"  {change}")
            click.echo("  correct (proposal applied to BEFORE):")
            click.echo("\n".join("    " + line for line in (d.correct or "(absent)").split("\n")))
            click.echo("  published:")
            click.echo("\n".join("    " + line for line in (d.published or "(absent)").split("\n")))
        if report.not_audited:
            click.echo(f"\nNot audited (published, but not in BEFORE): {', '.join(report.not_audited)}")
        if readings:
            click.echo("\nBy reading:")
            for r in by_reading:
                click.echo(f"  {r.reading}: differ {', '.join(r.differing) or 'none'}; "
                           f"void/impossible changes {r.void or 'none'}")
