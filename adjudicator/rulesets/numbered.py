"""Numbered rules, as a tournament publishes them: "22. A dislodged unit must retreat ...".

A rule starts with its number at the start of a paragraph; following paragraphs without a
number belong to it; "[2]https://..." paragraphs are link notes. The rules may stand inside a
message (the Diplonomic 2020 form):

    With 6 votes FOR ..., I enact "Teammate Participation":
    {{ ...the proposal... }}
    The new text of the rules is as follows:
    { ...numbered rules... }
    (signature)

The message's text around the rules is kept verbatim (preamble, epilogue); a proposal quoted in
it (`I enact "Title": {{ ... }}`) is also listed as a rule of kind "proposal".
"""

from __future__ import annotations

import re

from adjudicator.errors import InputError
from adjudicator.rulesets.model import Rule, Ruleset

RULE_START = re.compile(r"^(?P<number>\d+)\.\s+(?P<rest>\S.*)$")
NOTE = re.compile(r"^\[\d+\]")
QUOTED_PROPOSAL = re.compile(
    r"""enacts?\s+["“”](?P<title>[^"“”]+)["“”]\s*:?\s*\n\{\{\n(?P<body>.*?)\n\}\}""", re.S
)


def looks_like(text: str) -> bool:
    return len(_paragraph_starts(text.split("\n"))) >= 2


def _paragraph_starts(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if RULE_START.match(line) and (i == 0 or lines[i - 1].strip() in ("", "{"))]


def _paragraphs(lines: list[str]) -> list[list[str]]:
    paragraphs: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if line.strip():
            current.append(line.rstrip())
        elif current:
            paragraphs.append(current)
            current = []
    if current:
        paragraphs.append(current)
    return paragraphs


def parse(text: str, name: str) -> Ruleset:
    lines = text.replace("\r\n", "\n").split("\n")
    starts = _paragraph_starts(lines)
    if not starts:
        raise InputError("no numbered rules ('22. A dislodged unit ...') found", source=name)
    # Inside a message the rules are wrapped in a '{' ... '}' block.
    begin = starts[0]
    opener = begin - 1
    while opener >= 0 and not lines[opener].strip():
        opener -= 1
    if opener >= 0 and lines[opener].strip() == "{":
        end = next((k for k in range(begin, len(lines)) if lines[k].strip() == "}"), None)
        if end is None:
            raise InputError("the '{' before the rules is never closed by a '}' line", source=name)
        preamble, body, epilogue = lines[: opener + 1], lines[opener + 1 : end], lines[end:]
    else:
        preamble, body, epilogue = lines[:begin], lines[begin:], []
        while body and not body[-1].strip():
            body.pop()
        epilogue = [""] if text.endswith("\n") else []
    rules: list[Rule] = []
    notes: list[str] = []
    for paragraph in _paragraphs(body):
        match = RULE_START.match(paragraph[0])
        if match:
            first = match["rest"]
            rules.append(Rule(id=int(match["number"]), revision=None, title="", text="\n".join([first, *paragraph[1:]])))
        elif NOTE.match(paragraph[0]):
            notes.append("\n".join(paragraph))
        elif rules:
            rules[-1].text += "\n\n" + "\n".join(paragraph)
        else:
            raise InputError(f"text before the first numbered rule: {paragraph[0]!r}", source=name)
    seen: set[int] = set()
    for rule in rules:
        if rule.id in seen:
            raise InputError(f"rule {rule.id} appears twice", source=name)
        seen.add(rule.id)
    preamble_text = "\n".join(preamble)
    for match in QUOTED_PROPOSAL.finditer(preamble_text):
        rules.append(Rule(title=match["title"].strip(), text=match["body"], kind="proposal"))
    return Ruleset(
        name=name, format="numbered", rules=rules, notes=notes,
        preamble=preamble_text, epilogue="\n".join(epilogue),
    )


def render(ruleset: Ruleset) -> str:
    blocks = []
    for rule in ruleset.rules:
        if rule.kind == "proposal":
            continue  # quoted inside the preamble, which is kept verbatim
        blocks.append(f"{rule.id}. {rule.text}")
    blocks += ruleset.notes
    out = [ruleset.preamble] if ruleset.preamble else []
    out.append("\n\n".join(blocks))
    text = "\n".join(out)
    if ruleset.epilogue:
        text += "\n" + ruleset.epilogue
    return text
