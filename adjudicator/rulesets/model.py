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

    @property
    def key(self) -> str:
        """How people name the rule: "R2486", "BT22", or the title where there is no id."""
        if self.id is None:
            return self.title
        return f"{self.prefix or 'R'}{self.id}"


class Ruleset(BaseModel):
    name: str
    date: str | None = None  # ISO date, where the document gives one
    format: str  # which parser read it, e.g. "agora-slr", "agora-acorn", "numbered", "blognomic"
    header: dict[str, str] = Field(default_factory=dict)
    rules: list[Rule] = Field(default_factory=list)

    def rule(self, key: int | str) -> Rule:
        """A rule by id (2486), by key ("R2486", "BT22") or by title."""
        for rule in self.rules:
            if key in (rule.id, rule.key, rule.title) or (isinstance(key, str) and key.isdigit() and rule.id == int(key)):
                return rule
        raise KeyError(key)
