"""The decision rules' older texts bound in `encodings/agora/texts.lp` (R107/20, R2422/4, ...): the
decision encodings implement them except where the decisions use what they word otherwise, which
`encodings/agora/decision_texts.lp` names from the decisions' input facts and the revisions in
force. `agora resolve` and the judge refuse such a use as they refuse a text mismatch."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms, fact, fact_lines

DECISION_TEXTS = "agora/decision_texts.lp"


def older_text_uses(decision_facts: str, revisions: Mapping[int, int]) -> list[tuple[int, int, str]]:
    """Each (rule, revision, what) the decisions (`decision_facts`: their input facts, decisions.py's
    Builder) use that the revision in force words otherwise than the decision encodings."""
    texts = fact_lines(fact("text_revision", rule, revision) for rule, revision in sorted(revisions.items()))
    result = solve([DECISION_TEXTS], [decision_facts, *texts], timeout=10,
                   what="reading the decisions' uses of older rule texts")
    return sorted({(rule.number, revision.number, what.string) for model in result.models[:1]
                   for rule, revision, what in Atoms(model).terms("text_unencoded_use", 3)})
