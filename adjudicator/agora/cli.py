"""`adjudicator judge CASE [--json] [--explain]`: judge the statements of a CFJ case file."""

from __future__ import annotations

import json

import click

from adjudicator.agora.judge import CaseJudgement, judge_file
from adjudicator.inputs import SECONDS


def render(result: CaseJudgement, explain: bool, timings: bool = False) -> str:
    lines = [f"{result.title}" + (f"  [CFJ {result.cfj}]" if result.cfj else ""),
             f"ruleset {result.ruleset}, precedence policy {result.policy}"]
    if result.source:
        lines.append(f"source: {result.source}")
    for note in result.text_notes:
        lines.append(f"rules: {note}")
    for warning in result.text_warnings:
        lines.append(f"WARNING: {warning}")
    lines += finding_lines(result)
    for n, j in enumerate(result.judgements, 1):
        expected = ""
        if j.expected:
            expected = f"   (expected {j.expected}: {'ok' if j.matches_expected else 'MISMATCH'})"
        lines.append("")
        lines.append(f"{n}. \"{j.statement}\"")
        lines.append(f"   {j.verdict}  [{j.reason}]{expected}")
        lines.append(f"   {j.summary}")
        for line in j.other_readings:
            lines.append(f"   Reading: {line}")
        if explain:
            for line in j.explanation:
                lines.append(f"     {line}")
            if j.conflicting_rules and not any("minimal set" in x for x in j.explanation):
                lines.append("     Paradox elsewhere in the gamestate, between: " + "; ".join(j.conflicting_rules))
    lines.append("")
    if not result.all_gamestates_seen:
        lines.append("note: more consistent gamestates exist than were enumerated; verdicts rest on the first ones")
    if timings:  # off by default: the same case gives byte-identical output
        lines.append(f"judged in {result.seconds:.2f} s")
    return "\n".join(lines)


def finding_lines(result: CaseJudgement, prefix: str = "finding") -> list[str]:
    """Each finding of the case: a stated one as the judgement's premise (with the evidence the
    case quotes), an open one as the judge's question."""
    lines = []
    for f in result.findings:
        if f["stated"]:
            evidence = f"; evidence: {f['evidence']}" if f.get("evidence") else ""
            lines.append(f"{prefix} (premise): {f['finding']} ({f['rules']}){evidence}")
        else:
            lines.append(f"{prefix} (open): whether {f['finding']} ({f['rules']}): the verdicts under each value below")
    return lines


RULE = "=" * 74
VERDICT_WORDS = {
    "TRUE": "the statement was factually and logically true",
    "FALSE": "the statement was factually and logically false",
    "PARADOXICAL": "the statement is logically undecidable as a result of a paradox or other irresolvable logical situation",
    "DISMISS": "the statement cannot be answered with another valid judgement",
    "IRRELEVANT": "the veracity of the statement is not relevant to the game",
}


def render_draft(result: CaseJudgement) -> str:
    """Each statement as a draft judgement in the form Agora's archive publishes: the statement,
    the judgement, and the reasoning in numbered steps citing the rules by number."""
    out: list[str] = []
    number = f"CFJ {result.cfj}" if result.cfj else "CFJ (draft)"
    for j in result.judgements:
        title = f"  {number}  "
        side = (74 - len(title)) // 2
        out += ["=" * side + title + "=" * (74 - side - len(title)), "", f"      {j.statement}", "", RULE, "",
                f"{'Judgement:':<31}{j.verdict}", "", RULE, "", "Judge's Arguments (drafted by adjudicator):", ""]
        for note in result.text_notes:
            out.append(f"The rules: {note}.")
        for warning in result.text_warnings:
            out.append(f"Caution: {warning}.")
        out += [line + "." for line in finding_lines(result, "The judge's finding")]
        if result.text_notes or result.text_warnings or result.findings:
            out.append("")
        step = 0
        for line in j.explanation:
            if line.startswith("  "):
                out.append(f"   - {line.strip()}")
            else:
                step += 1
                out.append(f"{step}. {line}")
        step += 1
        out.append(f"{step}. Therefore {j.verdict}: {j.summary}. R591: {j.verdict} is appropriate if "
                   f"{VERDICT_WORDS.get(j.verdict, '')}.")
        for line in j.other_readings:
            out.append(f"   Another reading: {line}")
        out += ["", RULE, ""]
    return "\n".join(out)


def register(cli: click.Group) -> None:
    @cli.command("judge")
    @click.argument("case", type=click.Path(dir_okay=False, allow_dash=True))
    @click.option("--json", "as_json", is_flag=True, help="Print the judgements as JSON.")
    @click.option("--explain", is_flag=True, help="Show the rules, precedence decisions and atoms behind each verdict.")
    @click.option("--timeout", default=60.0, show_default=True, type=SECONDS,
                  help="Solver budget in seconds for the whole command (every judgement of the case shares it).")
    @click.option("--no-readings", is_flag=True,
                  help="Do not re-judge under the other readings of ambiguous rules (named options).")
    @click.option("--allow-text-mismatch", is_flag=True,
                  help="Judge even where a rule the case relies on has another text in its ruleset than the "
                       "encoded one (the verdict is then for the encoded text; a warning says so).")
    @click.option("--draft", is_flag=True,
                  help="Print each statement as a draft judgement in Agora's published form (numbered reasoning).")
    @click.option("--timings", is_flag=True, help="Also print how long judging took (off by default, so that "
                  "the same case always prints the same bytes).")
    def judge_command(case: str, as_json: bool, explain: bool, timeout: float, no_readings: bool,
                      allow_text_mismatch: bool, draft: bool, timings: bool) -> int:
        """Judge each statement of a CFJ CASE file (YAML; '-' reads stdin): TRUE, FALSE,
        PARADOXICAL, DISMISS or IRRELEVANT.

        Exit status 0 when every statement with an `expect:` got that verdict, 1 otherwise; 2 for
        a case file that cannot be read, or that relies on a rule whose text in its ruleset is not
        the encoded one (see --allow-text-mismatch); 3 when the solver budget (--timeout) is
        exceeded.
        """
        result = judge_file(case, timeout=timeout, readings=not no_readings, allow_text_mismatch=allow_text_mismatch,
                            derivations=as_json and explain)  # the why-tree is printed only then
        if as_json:
            data = result.model_dump()
            if not timings:
                data.pop("seconds", None)
            if not data["findings"]:  # only a case with findings lists them
                data.pop("findings")
            if not explain:
                for j in data["judgements"]:
                    j.pop("explanation", None)
                    j.pop("supporting_atoms", None)
                    j.pop("why", None)
            click.echo(json.dumps(data, indent=2))
        elif draft:
            click.echo(render_draft(result))
        else:
            click.echo(render(result, explain, timings))
        mismatched = any(j.matches_expected is False for j in result.judgements)
        return 1 if mismatched else 0

    @cli.group("agora")
    def agora_group() -> None:
        """Agora: Agoran decisions (resolving referenda) and the game as a whole (Rule 1698's ossification)."""

    from adjudicator.agora.resolve_cli import add_resolve_command
    from adjudicator.analysis.ossification_cli import add_ossification_command

    add_resolve_command(agora_group)
    add_ossification_command(agora_group)
