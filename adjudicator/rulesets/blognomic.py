"""BlogNomic's wiki ruleset, as the page reads in plain text.

    Core Rules / Dynastic Rules / Special Case / Appendix      the four sections
    Idle Captains                                               a rule title: a short line alone
    (blank)                                                     between blank lines, with no
    paragraphs, "  • bullet" lines, "  1. numbered" lines       sentence punctuation at its end
    Tags [Active]                                               Special Case status in the title

Rules have no numbers; they are keyed by title. The Appendix "Keywords" rule carries the keyword
glossary as term/definition line pairs; each becomes a rule of kind "definition" whose parent is
"Keywords". The plain text does not show which rules are sub-rules of which; only a rule with no
text of its own followed by further rules (Appendix "Clarifications") is read as a parent of the
rules after it in its section.
"""

from __future__ import annotations

import re
from datetime import datetime

from adjudicator.errors import InputError
from adjudicator.rulesets.model import Rule, Ruleset, Section

SECTIONS = ("Core Rules", "Dynastic Rules", "Special Case", "Appendix")
STATUS = re.compile(r"^(?P<title>.*?)\s*\[(?P<status>Active|Inactive)\]$")
REVISION = re.compile(r"^Revision as of (?P<time>\d\d:\d\d), (?P<date>\d{1,2} \w+ \d{4})")
LIST_ITEM = re.compile(r"^\s*(?:•|\*|-|\d+\.)\s")
GLOSSARY_RULE = "Keywords"


def looks_like(text: str) -> bool:
    lines = {line.strip() for line in text.splitlines()}
    return "From BlogNomic Wiki" in lines or ("Core Rules" in lines and "Dynastic Rules" in lines)


def _is_title(lines: list[str], i: int) -> bool:
    line = lines[i]
    if not line.strip() or line != line.strip() or len(line) > 60 or LIST_ITEM.match(line):
        return False
    if i > 0 and lines[i - 1].strip():
        return False
    if i + 1 < len(lines) and lines[i + 1].strip():
        return False
    return not line.rstrip().endswith((".", ":", ";", ",", "!", "?", '"', "”", ")")) or bool(STATUS.match(line))


def parse(text: str, name: str) -> Ruleset:
    lines = text.replace("\r\n", "\n").split("\n")
    try:
        first = next(i for i, line in enumerate(lines) if line.strip() == SECTIONS[0])
    except StopIteration:
        raise InputError(f"no '{SECTIONS[0]}' section heading: not a BlogNomic ruleset", source=name) from None
    header: dict[str, str] = {}
    date = None
    for line in lines[:first]:
        match = REVISION.match(line.strip())
        if match:
            header["Revision"] = line.strip()[len("Revision as of "):]
            try:
                date = datetime.strptime(match["date"], "%d %B %Y").date().isoformat()
            except ValueError:
                date = None
    # Blocks: every heading (section or rule title) with the lines up to the next heading.
    headings = [i for i in range(first, len(lines)) if _is_title(lines, i)]
    sections: list[Section] = []
    rules: list[Rule] = []
    section: Section | None = None
    container: str | None = None
    for n, start in enumerate(headings):
        stop = headings[n + 1] if n + 1 < len(headings) else len(lines)
        body = lines[start + 1 : stop]
        content = [line.rstrip() for line in body]
        while content and not content[0]:
            content.pop(0)
        trailing = 0
        while content and not content[-1]:
            content.pop()
            trailing += 1
        blank_after = None if trailing == 1 or n + 1 == len(headings) else trailing
        heading = lines[start].strip()
        if heading in SECTIONS:
            section = Section(title=heading, description="\n".join(content), blank_lines_after=blank_after)
            sections.append(section)
            container = None
            continue
        status = None
        match = STATUS.match(heading)
        if match and section is not None and section.title == "Special Case":
            heading, status = match["title"], match["status"]
        rule = Rule(title=heading, text="\n".join(content), section=section.title if section else None,
                    status=status, parent=container, blank_lines_after=blank_after)
        if not content and n + 1 < len(headings) and lines[headings[n + 1]].strip() not in SECTIONS:
            container = heading
        if heading == GLOSSARY_RULE:
            rules.append(rule)
            rules += _split_glossary(rule)
            continue
        rules.append(rule)
    if not rules:
        raise InputError("no rules found under the section headings", source=name)
    epilogue = "\n" if text.endswith("\n") else ""
    return Ruleset(name=name, date=date, format="blognomic", header=header, rules=rules, sections=sections,
                   preamble="\n".join(lines[:first]), epilogue=epilogue)


def _split_glossary(rule: Rule) -> list[Rule]:
    """Keywords: an introduction, then term / definition line pairs."""
    paragraphs = rule.text.split("\n\n")
    intro, pairs = [], []
    for paragraph in paragraphs:
        rows = paragraph.split("\n")
        if len(rows) >= 2 and len(rows) % 2 == 0 and not any(LIST_ITEM.match(row) for row in rows):
            pairs += [(rows[k], rows[k + 1]) for k in range(0, len(rows), 2)]
        else:
            intro.append(paragraph)
    rule.text = "\n\n".join(intro)
    return [Rule(title=term.strip(), text=definition.strip(), section=rule.section, kind="definition", parent=rule.title)
            for term, definition in pairs]


def render(ruleset: Ruleset) -> str:
    out: list[str] = ruleset.preamble.split("\n") if ruleset.preamble else []

    def block(heading: str, text: str, blank_after: int | None) -> None:
        out.append(heading)
        out.append("")
        if text:
            out.extend(text.split("\n"))
            out.extend([""] * (1 if blank_after is None else blank_after))

    definitions: dict[str, list[Rule]] = {}
    for rule in ruleset.rules:
        if rule.kind == "definition":
            definitions.setdefault(rule.parent or "", []).append(rule)
    known = [s.title for s in ruleset.sections]
    for section in ruleset.sections:
        block(section.title, section.description, section.blank_lines_after)
        for rule in ruleset.rules:
            if rule.kind == "definition" or rule.section != section.title:
                continue
            heading = f"{rule.title} [{rule.status}]" if rule.status else rule.title
            text = rule.text
            glossary = definitions.get(rule.title)
            if glossary:
                text += "\n\n" + "\n".join(f"{d.title}\n{d.text}" for d in glossary)
            block(heading, text, rule.blank_lines_after)
    for rule in ruleset.rules:
        if rule.kind != "definition" and rule.section not in known:
            block(rule.title, rule.text, rule.blank_lines_after)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + ruleset.epilogue
