"""Proposals: reading the rule changes a proposal's text specifies (the six classes of R105).

A proposal file is plain text: optional header lines (`Title:`, `Adoption index:` or `AI:`,
`Power:`, `Author:`), a blank line, then the changes, one per paragraph or line, each starting
with its verb. Text to insert is quoted ("..." or “...”, mismatched marks allowed) or given as
a block between a `{` line and a `}` line. Forms read:

    Enact a new rule with power 2 and title "Foo", with text: { ... }
    Enact a new Power-3.0 rule entitled "Foo", reading: { ... }
    Enact a new rule in the category "Players" ... / Enact a new Dynastic Rule ... (where it goes)
    Repeal rule 2633 (Rulebending).
    Reenact rule 1234 [with power 2] [with the text: { ... }].
    Amend rule 22 by replacing "X" with "Y".
    Amend rule 22 by replacing every occurrence of "X" with "Y".   (also "each instance", "all")
    Amend rule 7 by appending [the paragraph | the text]: { ... }      (also "prepending")
    Amend rule 7 by inserting "X" after|before "Y".
    Amend rule 7 by deleting "X".
    Amend rule 7 to read: { ... }        (also "by replacing its text with: { ... }")
    Retitle rule 2141 to "New Title".    (also "Change the title of rule 2141 to ...")
    Change the power of rule 2141 to 3.  (also "Set the power of ...")

A rule is named by number ("rule 2141", "Rule 2141/14", "regulation BT22"), optionally with its
title in parentheses, or by title ("the rule entitled "Fair Play""). A message that quotes a
proposal as `I enact "Title": {{ ... }}` (the Diplonomic 2020 form) is read as that proposal.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from adjudicator.errors import InputError
from adjudicator.inputs import read_text

Q_OPEN = "\"“”„"
Q_CLOSE = "\"“”"
QUOTED = rf"(?P<{{name}}_o>[{Q_OPEN}])(?P<{{name}}>.*?)(?P<{{name}}_c>[{Q_CLOSE}])"
VERBS = r"(?:amend|enact|create|repeal|reenact|re-enact|retitle|rename|change|set)"
INSTRUCTION_START = re.compile(rf"^\s*(?:(?:\d+[.)]|[-*•])\s+)?(?={VERBS}\b)", re.I)
NUMBER = r"[0-9]+(?:\.[0-9]+)?"
# A line that opens a change names what it changes (so wrapped prose starting "change" is not one).
LOOKS_LIKE_CHANGE = re.compile(r"\b(?:rule|regulation|power|title)\b", re.I)

ChangeKind = Literal["enact", "repeal", "reenact", "amend", "retitle", "power"]
Operation = Literal["replace", "replace-all", "append", "prepend", "insert-before", "insert-after", "delete",
                    "replace-text"]


class RuleRef(BaseModel):
    """How a change names its rule."""

    number: int | None = None
    prefix: str | None = None
    title: str | None = None  # by title, or given in parentheses after the number

    def describe(self) -> str:
        if self.number is None:
            return f'the rule titled "{self.title}"'
        named = f"{self.prefix or ''}{self.number}"
        return f"rule {named}" + (f" ({self.title})" if self.title else "")


class Change(BaseModel):
    """One rule change, as specified (not yet applied)."""

    index: int  # 1-based position in the proposal
    instruction: str  # the proposal's own words
    kind: ChangeKind
    operation: Operation | None = None  # for kind "amend"
    rule: RuleRef | None = None  # None for "enact"
    old: str | None = None  # quoted text to find (replace, delete; the anchor of an insertion)
    new: str | None = None  # new text, title, or inserted text
    block: bool = False  # new text came as a block (keeps its lines) rather than inline
    paragraph: bool = False  # append/prepend as a paragraph of its own
    power: Decimal | None = None  # power given (enact, reenact, power change)
    title: str | None = None  # enact: the title given
    specified_id: int | None = None  # enact: an ID the proposal tried to give (R105: null and void)
    section: str | None = None  # enact: where the proposal places the new rule, if it says
    mismatched_quotes: list[str] = Field(default_factory=list)  # e.g. ['"…”'] where marks disagree


class Proposal(BaseModel):
    title: str | None = None
    power: Decimal | None = None  # the instrument's power (Agora R106: min(4, adoption index))
    adoption_index: Decimal | None = None
    author: str | None = None
    text: str
    source: str | None = None


class Unrecognised(BaseModel):
    index: int
    instruction: str


HEADER = re.compile(r"^(?P<key>Title|Adoption index|AI|Power|Author|Coauthors?|ID)\s*:\s*(?P<value>.*)$", re.I)
MESSAGE_PROPOSAL = re.compile(r"""enacts?\s+["“”](?P<title>[^"“”]+)["“”]\s*:?\s*\n\{\{\n(?P<body>.*?)\n\}\}""", re.S)


def parse_power(text: str, what: str, source: str | None = None) -> Decimal:
    """A Power or adoption index as written: a finite, non-negative number (R1688)."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise InputError(f"{what}: not a number: {text!r}", source=source) from None
    if not value.is_finite() or value < 0:
        raise InputError(f"{what}: {text!r} is not a Power: a non-negative rational number (R1688)",
                         source=source)
    return value


def parse_proposal_text(text: str, source: str | None = None) -> Proposal:
    text = text.replace("\r\n", "\n")
    quoted = MESSAGE_PROPOSAL.search(text)
    if quoted:
        return Proposal(title=quoted["title"].strip(), text=quoted["body"], source=source)
    lines = text.split("\n")
    fields: dict[str, str] = {}
    k = 0
    while k < len(lines) and HEADER.match(lines[k].strip()):
        match = HEADER.match(lines[k].strip())
        fields[match["key"].lower()] = match["value"].strip()
        k += 1
    body = "\n".join(lines[k:]).strip("\n")
    if not body.strip():
        raise InputError("the proposal has no text: no rule changes to apply", source=source)

    def decimal(key: str) -> Decimal | None:
        return parse_power(fields[key], key, source) if key in fields else None

    ai = decimal("adoption index") or decimal("ai")
    power = decimal("power")
    if power is None and ai is not None:
        power = min(Decimal(4), ai)  # R106: power set to the minimum of four and its adoption index
    return Proposal(title=fields.get("title"), power=power, adoption_index=ai, author=fields.get("author"),
                    text=body, source=source)


def load_proposal(name_or_path: str | Path) -> Proposal:
    """A proposal file, or the proposal quoted in a bundled document (e.g. "diplonomic-2020")."""
    from adjudicator.rulesets import BUNDLED, bundled_text

    key = str(name_or_path)
    if key in BUNDLED:
        text = bundled_text(key)
        if not MESSAGE_PROPOSAL.search(text):
            raise InputError("this bundled document quotes no proposal", source=key)
        return parse_proposal_text(text, key)
    return parse_proposal_text(read_text(key, "proposal"), key)


def split_instructions(text: str) -> list[str]:
    """The proposal's text cut into instructions: each starts at a line opening with a verb;
    brace blocks (a `{` line to its `}` line) stay with the instruction they follow."""
    instructions: list[list[str]] = []
    depth = 0
    preface: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip()
        if depth == 0 and INSTRUCTION_START.match(line) and LOOKS_LIKE_CHANGE.search(line):
            instructions.append([line])
        elif instructions:
            instructions[-1].append(line)
        else:
            preface.append(line)
        if stripped.endswith("{"):
            depth += 1
        elif stripped.startswith("}"):
            depth = max(0, depth - 1)
    if any(line.strip() for line in preface) and not instructions:
        return ["\n".join(preface).strip()]
    return ["\n".join(lines).strip() for lines in instructions]


RULE_REF = (
    r"(?:the\s+)?(?:rule|regulation)\s+(?:(?P<prefix>[A-Za-z]{1,4})?(?P<number>\d+)(?:/\d+)?"
    r"(?:\s*\((?P<ptitle>[^)]*)\))?"
    rf"|(?:(?:entitled|titled|named)\s+)?[{Q_OPEN}](?P<qtitle>[^\"“”]+)[{Q_CLOSE}])"
)


def _ref(match: re.Match) -> RuleRef:
    if match["number"]:
        return RuleRef(number=int(match["number"]), prefix=(match["prefix"] or None) and match["prefix"].upper(),
                       title=(match["ptitle"] or None) and match["ptitle"].strip().strip("\"“”").strip())
    return RuleRef(title=match["qtitle"].strip())


def _block(rest: str) -> str | None:
    """The text of a `{` ... `}` block in `rest`, if any."""
    match = re.search(r"\{\s*\n(?P<body>.*)\n\s*\}\s*\.?\s*$", rest, re.S)
    if match:
        return match["body"]
    match = re.search(r"\{(?P<body>[^{}]*)\}\s*\.?\s*$", rest, re.S)
    return match["body"] if match else None


def _quote_marks(match: re.Match, *names: str) -> list[str]:
    odd = []
    for name in names:
        opening, closing = match[f"{name}_o"], match[f"{name}_c"]
        if (opening == '"') != (closing == '"') or opening == "”" or closing == "“":
            odd.append(f"{opening}…{closing}")
    return odd


def _q(name: str) -> str:
    return QUOTED.format(name=name)


def _payload(rest: str) -> tuple[str | None, bool, list[str]]:
    """Text given after a colon or as a quotation: (text, came-as-block, odd quote marks)."""
    block = _block(rest)
    if block is not None:
        return block, True, []
    match = re.search(_q("text") + r"\s*\.?\s*$", rest, re.S)
    if match:
        return match["text"], False, _quote_marks(match, "text")
    return None, False, []


def parse_change(index: int, instruction: str) -> Change | Unrecognised:
    flat = " ".join(instruction.split())
    lead = r"^\s*(?:(?:\d+[.)]|[-*•])\s+)?"

    # Enact
    match = re.match(lead + r"(?:enact|create)\b(?P<rest>.*)$", instruction, re.I | re.S)
    if match:
        rest = match["rest"]
        hflat = " ".join(rest.split("{", 1)[0].split())
        power = None
        pm = re.search(rf"power(?:\s*[-=]\s*|\s+(?:of\s+)?)(?P<p>{NUMBER})|(?P<p2>{NUMBER})-?power", hflat, re.I)
        if pm:
            power = Decimal(pm["p"] or pm["p2"])
        title = None
        tm = re.search(rf"(?:entitled|titled|named|title)\s+{_q('title')}", hflat, re.I)
        if tm:
            title = tm["title"].strip()
        idm = re.search(r"\b(?:ID|number)(?:\s+number)?\s+(?P<id>\d+)", hflat, re.I)
        sm = re.search(rf"\bin\s+(?:the\s+)?(?:section|category)\s+{_q('section')}", hflat, re.I) or re.search(
            r"\bas\s+an?\s+(?:new\s+)?(?P<section>core|dynastic|special\s+case|appendix)\s+rule", hflat, re.I)
        text, is_block, odd = _payload(rest if "{" in rest else re.split(r"(?:text|reading)\s*:?", rest, maxsplit=1, flags=re.I)[-1])
        if text is None:
            return Unrecognised(index=index, instruction=instruction)
        return Change(index=index, instruction=instruction, kind="enact", new=text, block=True,
                      power=power, title=title, specified_id=int(idm["id"]) if idm else None,
                      section=sm["section"].strip() if sm else None,
                      mismatched_quotes=odd)

    # Repeal
    match = re.match(lead + rf"repeal\s+{RULE_REF}\s*\.?\s*$", flat, re.I)
    if match:
        return Change(index=index, instruction=instruction, kind="repeal", rule=_ref(match))

    # Reenact
    match = re.match(lead + rf"re-?enact\s+{RULE_REF}(?P<rest>.*)$", instruction, re.I | re.S)
    if match:
        rest = match["rest"]
        pm = re.search(rf"power\s+(?:of\s+)?(?P<p>{NUMBER})", " ".join(rest.split("{", 1)[0].split()), re.I)
        text = None
        if re.search(r"\btext\b", rest, re.I) or "{" in rest:
            text, _, _ = _payload(rest)
            if text is None:
                return Unrecognised(index=index, instruction=instruction)
        return Change(index=index, instruction=instruction, kind="reenact", rule=_ref(match), new=text, block=True,
                      power=Decimal(pm["p"]) if pm else None)

    # Retitle
    match = re.match(lead + rf"(?:retitle|rename)\s+{RULE_REF}\s+(?:to|as)\s+{_q('new')}\s*\.?\s*$", flat, re.I) or \
        re.match(lead + rf"(?:change|set)\s+the\s+title\s+of\s+{RULE_REF}\s+to\s+{_q('new')}\s*\.?\s*$", flat, re.I)
    if match:
        return Change(index=index, instruction=instruction, kind="retitle", rule=_ref(match), new=match["new"],
                      mismatched_quotes=_quote_marks(match, "new"))

    # Power change
    match = re.match(lead + rf"(?:change|set)\s+the\s+power\s+of\s+{RULE_REF}\s+to\s+(?P<p>{NUMBER})\s*\.?\s*$", flat, re.I)
    if match:
        return Change(index=index, instruction=instruction, kind="power", rule=_ref(match), power=Decimal(match["p"]))

    # Amend
    match = re.match(lead + rf"amend\s+{RULE_REF}(?P<rest>.*)$", instruction, re.I | re.S)
    if not match:
        return Unrecognised(index=index, instruction=instruction)
    ref = _ref(match)
    rest = match["rest"].strip()
    rest_head = " ".join(rest.split("{", 1)[0].split())
    base = dict(index=index, instruction=instruction, kind="amend", rule=ref)

    if re.match(r"^(?:to\s+read|so\s+that\s+it\s+reads|by\s+replacing\s+(?:its|the\s+entire|the\s+whole)\s+(?:text|rule)|by\s+replacing\s+it\s+in\s+its\s+entirety)", rest_head, re.I):
        text, is_block, odd = _payload(rest)
        if text is None:
            return Unrecognised(index=index, instruction=instruction)
        return Change(**base, operation="replace-text", new=text, block=True, mismatched_quotes=odd)

    # "replacing every occurrence of X with Y" before "replacing X with Y"
    for operation, which in (("replace-all", r"(?:every|each|all)\s+(?:occurrences?|instances?)\s+of\s+"),
                             ("replace", "")):
        m = re.match(rf"^by\s+replacing\s+{which}{_q('old')}\s+with\s+(?P<rest>.*)$", rest, re.S | re.I)
        if m:
            new, is_block, odd = _payload(m["rest"])
            if new is None:
                return Unrecognised(index=index, instruction=instruction)
            return Change(**base, operation=operation, old=m["old"], new=new, block=is_block,
                          mismatched_quotes=_quote_marks(m, "old") + odd)

    m = re.match(r"^by\s+(?P<op>appending|prepending)(?P<rest>.*)$", rest, re.S | re.I)
    if m:
        new, is_block, odd = _payload(m["rest"])
        if new is None:
            return Unrecognised(index=index, instruction=instruction)
        paragraph = bool(re.match(r"^\s*(?:the\s+following\s+|a\s+new\s+|the\s+)?paragraphs?\b", m["rest"], re.I))
        return Change(**base, operation="append" if m["op"].lower() == "appending" else "prepend", new=new,
                      block=is_block, paragraph=paragraph or is_block, mismatched_quotes=odd)

    m = re.match(rf"^by\s+inserting\s+{_q('new')}\s+(?:immediately\s+)?(?P<where>after|before)\s+{_q('old')}\s*\.?\s*$", rest, re.S | re.I)
    if m:
        return Change(**base, operation=f"insert-{m['where'].lower()}", old=m["old"], new=m["new"],
                      mismatched_quotes=_quote_marks(m, "new", "old"))

    m = re.match(rf"^by\s+(?:deleting|removing|striking)\s+(?:the\s+text\s+)?{_q('old')}\s*\.?\s*$", rest, re.S | re.I)
    if m:
        return Change(**base, operation="delete", old=m["old"], mismatched_quotes=_quote_marks(m, "old"))
    return Unrecognised(index=index, instruction=instruction)


def parse_changes(proposal: Proposal) -> list[Change | Unrecognised]:
    return [parse_change(n, text) for n, text in enumerate(split_instructions(proposal.text), start=1)]
