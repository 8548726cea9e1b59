"""Rulesets as data: the pydantic models every parser produces and every consumer reads.

Contract shared by the parsers (`adjudicator.rulesets`), the judge and the amendment engine:
extend with new optional fields, never rename or drop one.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field


class Rule(BaseModel):
    """One rule or regulation. `id` is the number (2486 for Rule 2486, 22 for BT22); `prefix`
    holds a regulation's letters ("BT"). BlogNomic rules have no id and are keyed by title."""

    id: int | None = None
    prefix: str | None = None
    revision: int | None = None
    power: Decimal | None = None
    title: str
    text: str = ""
    section: str | None = None
    kind: Literal["rule", "regulation", "definition", "proposal"] = "rule"
    status: str | None = None  # e.g. BlogNomic Special Case "Active" / "Inactive"
    parent: str | None = None  # title of the enclosing rule, for sub-rules
    history: list[str] = Field(default_factory=list)
    annotations: list[str] = Field(default_factory=list)
    # Layout, so a parsed document renders back as it was published:
    shows_history: bool = False  # the document lists History:/Annotations: blocks for this rule
    blank_lines_after: int | None = None  # BlogNomic: blank lines after the rule, where not one

    @property
    def key(self) -> str:
        """How people name the rule: "R2486", "BT22", or the title where there is no id."""
        if self.id is None:
            return self.title
        return f"{self.prefix or 'R'}{self.id}"


class Section(BaseModel):
    """A category of rules (SLR "The Game of Agora", BlogNomic "Core Rules") and its blurb."""

    title: str
    description: str = ""
    blank_lines_after: int | None = None  # BlogNomic layout, where not one


class Ruleset(BaseModel):
    name: str
    date: str | None = None  # ISO date, where the document gives one
    format: str  # which parser read it, e.g. "agora-slr", "agora-acorn", "numbered", "blognomic"
    header: dict[str, str] = Field(default_factory=dict)
    rules: list[Rule] = Field(default_factory=list)
    # Optional extensions (issue 4):
    sections: list[Section] = Field(default_factory=list)
    preamble: str = ""  # the document's text before the first section or rule, verbatim
    epilogue: str = ""  # the document's text after the last rule, verbatim
    notes: list[str] = Field(default_factory=list)  # numbered rules: link notes such as "[2]https://..."
    repealed: list[Rule] = Field(default_factory=list)  # repealed rules, as last in force (R105 reenact)
    highest_id: int | None = None  # highest rule ID ever assigned, where known (R2141: IDs never reused)

    def in_force(self) -> list[Rule]:
        """Rules and regulations proper: without glossary definitions and quoted proposals."""
        return [rule for rule in self.rules if rule.kind in ("rule", "regulation")]

    def rule(self, key: int | str) -> Rule:
        """A rule by id (2486), by key ("R2486", "BT22") or by title."""
        for rule in self.rules:
            if key in (rule.id, rule.key, rule.title) or (isinstance(key, str) and key.isdigit() and rule.id == int(key)):
                return rule
        raise KeyError(key)
