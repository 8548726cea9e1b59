"""`adjudicator agora resolve FILE [--json] [--explain]`: resolve Agoran decisions from their ballots."""

from __future__ import annotations

import json

import click

from adjudicator.agora.resolve import DecisionResult, Resolution, describe_counted, resolve_file
from adjudicator.inputs import SECONDS  # nan, inf, 0, negative, more than a day: usage errors


def render(result: Resolution, explain: bool, timings: bool = False) -> str:
    """A report in the style of the Assessor's: each decision's FOR/AGAINST/PRESENT lists, F/A, AI, outcome."""
    lines = [f"{result.source}: {len(result.decisions)} decision(s), ruleset {result.ruleset}",
             *(f"warning: {w}" for w in result.text_warnings), ""]
    if result.events:
        lines += _lifecycle_lines(result)
    for d in result.decisions:
        lines += _decision_lines(d, result.ruleset, explain)
    for change in result.ruleset_changes:
        if change.took_effect:
            lines.append(f"Proposal {change.decision} ({change.proposal}) took effect at Power {change.power} (R106):")
        else:  # R1698's guard
            lines.append(f"Proposal {change.decision} ({change.proposal}) did NOT take effect: {change.r1698.why}")
        for c in change.changes:
            lines.append(f"  {c['status']}: {c['reason']}")
        if change.r1698 is not None and change.r1698.not_understood:
            lines.append(f"  R1698's check not decided (taken to take effect; --skip-r1698 leaves it out): "
                         f"{change.r1698.why}")
        lines.append(f"  ruleset now: {change.ruleset_after}")
    if result.mismatches is not None:
        lines.append("expectations: " + ("all reproduced" if not result.mismatches else "MISMATCH"))
        lines.extend(f"  MISMATCH {m}" for m in result.mismatches)
    if timings:  # off by default: the same file gives byte-identical output
        lines.append(f"resolved in {result.seconds:.2f} s")
    return "\n".join(lines).rstrip() + "\n"


def _lifecycle_lines(result: Resolution) -> list[str]:
    """The timed events, each with its effect, and what became of each proposal."""
    lines = ["EVENTS"]
    for e in result.events:
        mark = {True: "ok", False: "FAILED", None: "->"}[e.effective] + (" ILLEGAL" if e.illegal else "")
        lines.append(f"  {e.index:>3}. {e.at} {e.by} {e.event} {e.subject}: {mark}: {e.reason}")
    lines += ["", "PROPOSALS"]
    for p in result.proposals:
        attrs = [f"by {p.author}"] + ([f"coauthors {', '.join(p.coauthors)}"] if p.coauthors else [])
        attrs += [f"AI {p.adoption_index}"] if p.adoption_index is not None else []
        attrs += [f"class {p.proposal_class}"] if p.proposal_class else []
        attrs += [f"chamber {p.chamber}"] if p.chamber else []
        attrs += ["sponsored"] if p.sponsored else []
        lines.append(f"  {p.name}" + (f" ({p.title})" if p.title and p.title != p.name else "")
                     + f": {p.status}; {', '.join(attrs)}")
        for note in p.notes:
            lines.append(f"    note: {note}")
    lines.append("")
    return lines


def _ballot_lists(d: DecisionResult) -> list[str]:
    """The valid ballots by how they counted (FOR, AGAINST, options, PRESENT), with strengths; '*'
    marks a vote that was not plainly FOR, AGAINST or PRESENT."""
    by_vote: dict[str, list[str]] = {}
    for b in d.ballots:
        if not b.valid:
            continue
        shown = describe_counted(b.counted_as)
        strength = f"[{b.strength}]" if b.strength is not None else ""
        mark = "*" if b.vote not in ("FOR", "AGAINST", "PRESENT") else ""
        by_vote.setdefault(shown, []).append(f"{b.voter}{strength}{mark}")
    keys = ["FOR", "AGAINST"] if d.method == "ai-majority" else sorted(k for k in by_vote if k != "PRESENT")
    lines = [f"  {k:<8} ({len(by_vote.get(k, []))}): {', '.join(by_vote.get(k, []))}" for k in [*keys, "PRESENT"]]
    lines += [f"  {k} ({len(by_vote[k])}): {', '.join(by_vote[k])}" for k in by_vote
              if k not in keys and k != "PRESENT"]
    return lines


def _decision_lines(d: DecisionResult, ruleset: str, explain: bool) -> list[str]:
    """One decision: its ballots, the count, quorum, outcome and notes (and each reason, `explain`)."""
    head = f"{'PROPOSAL' if d.adoption_index is not None else 'DECISION'} {d.id}"
    if d.title:
        head += f" ({d.title})"
    lines = [head, *_ballot_lists(d)]
    if d.method == "ai-majority":
        f, a = d.tally.get("FOR", 0), d.tally.get("AGAINST", 0)
        ratio = "inf" if a == 0 and f else (f"{f / a:.3f}" if a else "n/a")
        lines.append(f"  BALLOTS: {d.voter_count}   AI (F/A): {f}/{a} ({d.adoption_index})   F/A: {ratio}")
    else:
        lines.append(f"  BALLOTS: {d.voter_count}   totals: "
                     + ", ".join(f"{o}={s}" for o, s in d.tally.items()) + f"   method: {d.method}")
    lines.append(f"  QUORUM: {d.quorum}")
    if d.ruleset and d.ruleset != ruleset:
        lines.append(f"  RULESET: {d.ruleset} (as in force at its initiation)")
    outcome = d.outcome if d.outcome is not None else ("(unresolved)" if not d.resolved else
                                                       "one of: " + ", ".join(map(str, d.alternatives))
                                                       if d.alternatives else "null")
    lines.append(f"  OUTCOME: {outcome}")
    lines += [f"  note: {note}" for note in d.notes]
    marked = [b for b in d.ballots if b.vote not in ("FOR", "AGAINST", "PRESENT") or not b.valid]
    lines += [f"    {b.voter}: {b.reason}" for b in (d.ballots if explain else marked)]
    if explain:
        lines += [f"    {line}" for line in d.explanation]
    lines.append("")
    return lines


def as_json(result: Resolution, explain: bool, timings: bool = False) -> str:
    data = result.model_dump(mode="json")
    if not timings:
        data.pop("seconds", None)
    if not data["text_warnings"]:  # the shape of a file whose texts are the encoded ones stays as it was
        data.pop("text_warnings")
    if not explain:
        for d in data["decisions"]:
            d.pop("explanation", None)
    return json.dumps(data, indent=2)


def add_resolve_command(agora_group: click.Group) -> None:
    """Adds `resolve` to the `agora` group (which `adjudicator/agora/cli.py` creates)."""

    @agora_group.command("resolve")
    @click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
    @click.option("--json", "json_output", is_flag=True, help="Print the resolutions as JSON.")
    @click.option("--explain", is_flag=True, help="Show each ballot's reason and the rules behind each outcome.")
    @click.option("--timeout", default=30.0, show_default=True, type=SECONDS,
                  help="Solver budget in seconds for the whole command (every solve of it shares it).")
    @click.option("--skip-r1698", is_flag=True, help="Do not check R1698 (an adopted proposal that would ossify "
                  "Agora cannot take effect): two ossification verdicts per adopted proposal with text.")
    @click.option("--timings", is_flag=True, help="Also print how long resolving took (off by default, so that "
                  "the same file gives byte-identical output).")
    @click.option("--allow-text-mismatch", is_flag=True, help="Resolve even where the ruleset's text of a rule the "
                  "encodings rely on is not the one they implement (each is named; the encoded text resolves).")
    def resolve_command(file: str, json_output: bool, explain: bool, timeout: float, skip_r1698: bool,
                        timings: bool, allow_text_mismatch: bool) -> int:
        """Resolve the Agoran decisions of FILE (YAML/JSON; '-' reads stdin): ballots, endorsements and
        conditional votes (R2127), strengths (R2422), quorum (R879), outcomes (R955) and adoption
        (R106) with the ruleset after it, unless R1698 cancels it (docs/ossification.md). Exit 1
        when an `expect:` of the file is not reproduced, 2 for bad input, 3 when the budget is exceeded
        (also R1698's check: --skip-r1698 leaves it out), and for a ruleset whose text of a rule the
        encodings rely on is not the one they implement (encodings/agora/texts.lp), unless
        --allow-text-mismatch."""
        result = resolve_file(file, timeout=timeout, check_r1698=not skip_r1698,
                              allow_text_mismatch=allow_text_mismatch)
        click.echo(as_json(result, explain, timings) if json_output else render(result, explain, timings), nl=False)
        return 1 if result.mismatches else 0
