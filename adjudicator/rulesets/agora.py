"""Agora's ruleset documents: the Short/Full Logical Ruleset (SLR/FLR) and the Code of
Regulations (ACORN).

    ====...====            a category (section): title, then its blurb indented 3 spaces
    ----...----
    Rule 2486/0 (Power=3.14)     ID/revision (R1681: the SLR lists ID, revision, power, title, text)
    The Royal Parade             title
                                 (blank)
          text, indented 6 spaces, indentation and lists kept
    History: / Annotations:      FLR and ACORN 2024 only
    ----...----

The text is stored without the 6-space indent; rendering puts it back.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal, InvalidOperation

from adjudicator.errors import InputError
from adjudicator.rulesets.model import Rule, Ruleset, Section

SECTION_RULE = "=" * 72
RULE_RULE = "-" * 72
TEXT_INDENT = " " * 6
BLURB_INDENT = " " * 3

TITLES = {
    "THE SHORT LOGICAL RULESET": "agora-slr",
    "THE FULL LOGICAL RULESET": "agora-flr",
    "THE AGORA NOMIC CODE OF REGULATIONS": "agora-acorn",
}
HEADER_LINE = re.compile(r"^(?P<key>[^:]+):(?:\s+(?P<value>.*))?$")
RULE_HEADER = re.compile(
    r"^(?P<kind>Rule|Regulation) (?P<prefix>[A-Za-z]*)(?P<id>\d+)/(?P<revision>\d+)"
    r"(?: \(Power=(?P<power>[0-9.]+)\))?\s*$"
)


def looks_like(text: str) -> bool:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first in TITLES or any(RULE_HEADER.match(line) for line in text.splitlines()[:400])


def _iso_date(value: str) -> str | None:
    for pattern in ("%d %b %Y", "%d %B %Y"):
        try:
            return datetime.strptime(value.strip(), pattern).date().isoformat()
        except ValueError:
            pass
    return None


def parse(text: str, name: str) -> Ruleset:
    lines = text.replace("\r\n", "\n").split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith(SECTION_RULE) or (
        line.startswith(RULE_RULE) and i + 1 < len(lines) and RULE_HEADER.match(lines[i + 1]))), None)
    if start is None:
        raise InputError("no '====' or '----' separator lines: not an Agora ruleset", source=name)
    preamble = lines[:start]
    first = next((line.strip() for line in preamble if line.strip()), "")
    fmt = TITLES.get(first, "agora-slr")
    header: dict[str, str] = {}
    for line in preamble:
        match = HEADER_LINE.match(line)
        if match and line.strip() and not line[0].isspace():  # not the table of contents' entries
            header[match["key"].strip()] = (match["value"] or "").strip()
    date = None
    for key in ("Date of this ruleset", "Date of this ACORN"):
        if header.get(key):
            date = _iso_date(header[key])

    sections: list[Section] = []
    rules: list[Rule] = []
    i = start
    section_title: str | None = None
    epilogue_start = len(lines)
    while i < len(lines):
        line = lines[i]
        if line.startswith(SECTION_RULE):
            # category: title, blurb lines, then a '----' line
            if i + 1 >= len(lines):
                raise InputError(f"line {i + 1}: section separator with no title", source=name)
            section_title = lines[i + 1].strip()
            j = i + 2
            blurb = []
            while j < len(lines) and not lines[j].startswith(RULE_RULE):
                blurb.append(lines[j][len(BLURB_INDENT):] if lines[j].startswith(BLURB_INDENT) else lines[j].strip())
                j += 1
            sections.append(Section(title=section_title, description="\n".join(blurb).rstrip()))
            i = j
            continue
        if line.startswith(RULE_RULE):
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if RULE_HEADER.match(nxt):
                j = i + 2
                while j < len(lines) and not lines[j].startswith(RULE_RULE) and not lines[j].startswith(SECTION_RULE):
                    j += 1
                rules.append(_parse_rule(lines[i + 1:j], section_title, name, i + 2))
                i = j
                continue
            if nxt.startswith(SECTION_RULE):
                i += 1
                continue
            epilogue_start = i + 1
            break
        raise InputError(f"line {i + 1}: expected a rule header such as 'Rule 2486/0 (Power=3.14)', got {line!r}", source=name)
    if not rules:
        raise InputError("no rules or regulations found", source=name)
    highest = None
    for key in ("Highest ID'd Rule Enacted", "Highest ID'd rule in this ruleset"):
        if header.get(key, "").isdigit():
            highest = max(highest or 0, int(header[key]))
    return Ruleset(
        name=name, date=date, format=fmt, header=header, rules=rules, sections=sections,
        preamble="\n".join(preamble), epilogue="\n".join(lines[epilogue_start:]),
        highest_id=max([highest or 0] + [r.id for r in rules if r.id is not None and not r.prefix]) or None,
    )


def _dedent(line: str) -> str:
    if not line.strip():
        return ""
    if line.startswith(TEXT_INDENT):
        return line[len(TEXT_INDENT):].rstrip()
    return line.lstrip().rstrip()


def _parse_rule(block: list[str], section: str | None, name: str, lineno: int) -> Rule:
    match = RULE_HEADER.match(block[0])
    assert match
    power = None
    if match["power"]:
        try:
            power = Decimal(match["power"])
        except InvalidOperation:
            raise InputError(f"line {lineno}: bad Power {match['power']!r}", source=name) from None
    title = block[1].strip() if len(block) > 1 else ""
    body = block[2:]
    history: list[str] = []
    annotations: list[str] = []
    shows_history = False
    cut = next((k for k, line in enumerate(body) if line.strip() in ("History:", "Annotations:") and not line.startswith(" ")), None)
    if cut is not None:
        shows_history = True
        tail = body[cut:]
        body = body[:cut]
        mode = None
        paragraph: list[str] = []
        for line in tail:
            if line.strip() == "History:" and not line.startswith(" "):
                mode = "history"
                continue
            if line.strip() == "Annotations:" and not line.startswith(" "):
                mode = "annotations"
                continue
            if mode == "history" and line.strip():
                history.append(line.strip())
            elif mode == "annotations":
                if line.strip():
                    paragraph.append(line.rstrip())
                elif paragraph:
                    annotations.append("\n".join(paragraph))
                    paragraph = []
        if paragraph:
            annotations.append("\n".join(paragraph))
    text_lines = [_dedent(line) for line in body]
    while text_lines and not text_lines[0]:
        text_lines.pop(0)
    while text_lines and not text_lines[-1]:
        text_lines.pop()
    return Rule(
        id=int(match["id"]),
        prefix=match["prefix"] or None,
        revision=int(match["revision"]),
        power=power,
        title=title,
        text="\n".join(text_lines),
        section=section,
        kind="regulation" if match["kind"] == "Regulation" else "rule",
        history=history,
        annotations=annotations,
        shows_history=shows_history,
    )


def render_rule(rule: Rule) -> list[str]:
    kind = "Regulation" if rule.kind == "regulation" else "Rule"
    head = f"{kind} {rule.prefix or ''}{rule.id if rule.id is not None else '?'}/{rule.revision if rule.revision is not None else 0}"
    if rule.power is not None:
        head += f" (Power={rule.power})"
    out = [head, rule.title, ""]
    out += [TEXT_INDENT + line if line else TEXT_INDENT for line in rule.text.split("\n")] if rule.text else []
    if rule.shows_history:
        out += ["", "History:", "", *rule.history, "", "Annotations:", ""]
        for annotation in rule.annotations:
            out += [*annotation.split("\n"), ""]
    else:
        out.append("")
    return out


def render(ruleset: Ruleset) -> str:
    """The document in its own layout: preamble, then each section with its rules, in order."""
    out = ruleset.preamble.split("\n") if ruleset.preamble else []
    rules = [r for r in ruleset.rules if r.kind in ("rule", "regulation")]
    known = {s.title for s in ruleset.sections}
    loose = [r for r in rules if r.section not in known]
    if loose:
        out.append(RULE_RULE)
        for rule in loose:
            out += render_rule(rule) + [RULE_RULE]
    for section in ruleset.sections:
        out += [SECTION_RULE, section.title]
        if section.description:
            out += [BLURB_INDENT + line if line else "" for line in section.description.split("\n")]
        out.append(RULE_RULE)
        for rule in rules:
            if rule.section == section.title:
                out += render_rule(rule) + [RULE_RULE]
    out += ruleset.epilogue.split("\n") if ruleset.epilogue else [""]
    return "\n".join(out)


def header_discrepancies(ruleset: Ruleset) -> list[str]:
    """Where the document's own header figures disagree with what was parsed."""
    problems = []
    rules = ruleset.in_force()
    count = ruleset.header.get("Number of rules currently enacted")
    if count and count.isdigit() and int(count) != len(rules):
        problems.append(f"header says {count} rules, parsed {len(rules)}")
    highest = ruleset.header.get("Highest ID'd rule in this ruleset")
    ids = [r.id for r in rules if r.id is not None]
    if highest and highest.isdigit() and ids and int(highest) != max(ids):
        problems.append(f"header says highest ID {highest}, parsed highest ID {max(ids)}")
    return problems
