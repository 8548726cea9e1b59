"""Auditing a published ruleset: apply the proposal to the rules as they stood before it (R105),
and compare the correct result with what was published.

Texts are compared up to the amount of whitespace (R2429, Bleach: "Replacing a non-zero amount
of whitespace with a different non-zero amount of whitespace is generally insignificant, except
for paragraph breaks"), so re-wrapped lines are not differences; `--compare exact` compares
characters (line breaks included).
"""

from __future__ import annotations

import difflib
from typing import Literal

from pydantic import BaseModel, Field

from adjudicator.rulesets import textmatch
from adjudicator.rulesets.amend import AmendmentReport, R105Options, apply_proposal
from adjudicator.rulesets.model import Rule, Ruleset
from adjudicator.rulesets.proposal import Proposal

Compare = Literal["whitespace", "exact"]


class Difference(BaseModel):
    rule: str  # key, e.g. "R23"
    field: Literal["text", "title", "power", "presence"]
    correct: str | None  # from applying the proposal to BEFORE
    published: str | None
    changes: list[str] = Field(default_factory=list)  # word-level: "-eir +its"


class AuditReport(BaseModel):
    before: str
    proposal: str | None
    published: str
    compare: Compare
    amendment: AmendmentReport
    audited: list[str]  # rules compared
    matching: list[str]
    differences: list[Difference]
    not_audited: list[str] = Field(default_factory=list)  # published rules absent from BEFORE and not enacted


def _words(text: str) -> list[str]:
    return textmatch.normalise(text, "strict")[0].split()


def word_changes(correct: str, published: str) -> list[str]:
    """Where the published text departs from the correct one, word by word."""
    a, b = correct.split(), published.split()
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        context = " ".join(a[max(0, i1 - 3):i1])
        removed, added = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        parts = [f"after \"{context}\":"] if context else ["at the start:"]
        if removed:
            parts.append(f"correct \"{removed}\"")
        if added:
            parts.append(f"published \"{added}\"")
        out.append(" ".join(parts))
    return out


def _same(a: str, b: str, compare: Compare) -> bool:
    if compare == "exact":
        return a == b
    return " ".join(a.replace("\n\n", " \u00b6 ").split()) == " ".join(b.replace("\n\n", " \u00b6 ").split())


def _keyed(ruleset: Ruleset) -> dict[str, Rule]:
    return {rule.key: rule for rule in ruleset.in_force()}


def audit(before: Ruleset, proposal: Proposal, published: Ruleset, options: R105Options | None = None,
          compare: Compare = "whitespace", *, skip_unrecognised: bool = False) -> AuditReport:
    correct, amendment = apply_proposal(before, proposal, options, skip_unrecognised=skip_unrecognised)
    expected, actual = _keyed(correct), _keyed(published)
    differences: list[Difference] = []
    matching: list[str] = []
    for key, rule in expected.items():
        other = actual.get(key)
        if other is None:
            differences.append(Difference(rule=key, field="presence", correct=rule.text, published=None,
                                          changes=["the correct result has this rule; the published ruleset does not"]))
            continue
        found = []
        if not _same(rule.text, other.text, compare):
            found.append(Difference(rule=key, field="text", correct=rule.text, published=other.text,
                                    changes=word_changes(rule.text, other.text)))
        if rule.title and other.title and rule.title != other.title:
            found.append(Difference(rule=key, field="title", correct=rule.title, published=other.title))
        if rule.power is not None and other.power is not None and rule.power != other.power:
            found.append(Difference(rule=key, field="power", correct=str(rule.power), published=str(other.power)))
        differences += found
        if not found:
            matching.append(key)
    before_keys = {rule.key for rule in before.in_force()}
    not_audited = [key for key in actual if key not in expected and key not in before_keys]
    for key in actual:
        if key in before_keys and key not in expected:
            differences.append(Difference(rule=key, field="presence", correct=None, published=actual[key].text,
                                          changes=["repealed by the proposal, yet published"]))
    return AuditReport(before=before.name, proposal=proposal.title, published=published.name, compare=compare,
                       amendment=amendment, audited=list(expected), matching=matching, differences=differences,
                       not_audited=not_audited)


class ReadingAudit(BaseModel):
    reading: str
    differing: list[str]  # "R23 text", ...
    void: list[int]  # changes void or impossible under this reading


def audit_readings(before: Ruleset, proposal: Proposal, published: Ruleset, compare: Compare = "whitespace", *,
                   skip_unrecognised: bool = False) -> list[ReadingAudit]:
    """The audit under the default reading and under each named alternative (R105 options)."""
    from adjudicator.rulesets.amend import single_changes

    out = []
    for name, values in [("default", {}), *single_changes()]:
        report = audit(before, proposal, published, R105Options(**values), compare,
                       skip_unrecognised=skip_unrecognised)
        out.append(ReadingAudit(reading=name, differing=[f"{d.rule} {d.field}" for d in report.differences],
                                void=[r.index for r in report.amendment.results if r.status in ("VOID", "IMPOSSIBLE")]))
    return out
