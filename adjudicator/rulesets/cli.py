"""`adjudicator ruleset show|amend|audit`."""

from __future__ import annotations

import json

import click

from adjudicator.errors import InputError


def _rule_json(rule) -> dict:
    data = rule.model_dump(mode="json", exclude={"shows_history", "blank_lines_after"})
    data["key"] = rule.key
    return data


def _ruleset_json(ruleset) -> dict:
    return {
        "name": ruleset.name,
        "date": ruleset.date,
        "format": ruleset.format,
        "header": ruleset.header,
        "highest_id": ruleset.highest_id,
        "rules": [_rule_json(rule) for rule in ruleset.rules],
    }


def _pick(ruleset, key: str):
    try:
        return ruleset.rule(key)
    except KeyError:
        raise InputError(f"no rule {key!r} in this ruleset", source=ruleset.name) from None


def register(cli: click.Group) -> None:
    """Add `ruleset` with its sub-commands to the main group."""

    @cli.group("ruleset")
    def ruleset_group() -> None:
        """Ruleset documents: show them, apply proposals (Agora R105), audit a published ruleset."""

    @ruleset_group.command("show")
    @click.argument("ruleset")
    @click.option("--json", "as_json", is_flag=True, help="Print the parsed model as JSON.")
    @click.option("--rule", "rule_key", help="Only this rule: its number (2486), key (BT22) or title.")
    def show(ruleset: str, as_json: bool, rule_key: str | None) -> None:
        """Print RULESET (a bundled name or a file) as parsed, in its own format."""
        from adjudicator.rulesets import agora, load_ruleset, render_ruleset

        loaded = load_ruleset(ruleset)
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


def _render_one(ruleset, rule) -> str:
    from adjudicator.rulesets import agora

    if ruleset.format.startswith("agora") and rule.kind in ("rule", "regulation"):
        return "\n".join(agora.render_rule(rule)).rstrip()
    if rule.id is not None:
        return f"{rule.id}. {rule.text}"
    head = f"{rule.title} [{rule.status}]" if rule.status else rule.title
    return f"{head}\n\n{rule.text}"
