"""Rule texts bound to encodings: which revision of each rule the encodings implement, and
whether a case's ruleset has that text.

`encodings/agora/texts.lp` declares, for every encoded rule, the revisions it implements:
`encoded_text(Rule, Revision, Power x 1000, "fingerprint")`. The fingerprint is a hash of the
rule's text with whitespace collapsed, so the same text published as SLR, FLR or per-rule YAML
fingerprints alike. A rule of the case's ruleset whose text matches a declared revision becomes
`text_revision(Rule, Revision)` (the encodings select behaviour by it); one whose text matches none
is a mismatch: the judge refuses when the case relies on it (or warns, when asked to go on).

    python -m adjudicator.agora.bindings RULESET RULE...   # print texts.lp lines for RULES
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from adjudicator.rulesets import Ruleset, load_ruleset

TEXTS_FILE = "agora/texts.lp"


def fingerprint(text: str) -> str:
    """A short hash of a rule's text, blind to line breaks and indentation."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class EncodedText:
    rule: int
    revision: int
    power: Decimal
    fingerprint: str


@dataclass(frozen=True)
class Mismatch:
    """A rule of the case's ruleset whose text is not one the encodings implement."""

    rule: int
    title: str
    revision: int | None
    printed: str
    encoded: tuple[EncodedText, ...]

    def words(self) -> str:
        theirs = f"R{self.rule}/{self.revision}" if self.revision is not None else f"R{self.rule}"
        ours = ", ".join(f"R{e.rule}/{e.revision} ({e.fingerprint})" for e in self.encoded)
        return (f"{theirs} ({self.title}) in the case's ruleset has a text (fingerprint {self.printed}) "
                f"that is not the one the encodings implement: {ours}")


@lru_cache(maxsize=1)
def encoded_texts() -> dict[int, tuple[EncodedText, ...]]:
    """The table of encodings/agora/texts.lp, read with clingo."""
    from adjudicator.solving import solve

    result = solve([TEXTS_FILE], "#show encoded_text/4.", timeout=10, what="reading the encoded rule texts")
    table: dict[int, list[EncodedText]] = {}
    for sym in result.models[0] if result.models else []:
        rule, revision, power, print_ = sym.arguments
        table.setdefault(rule.number, []).append(
            EncodedText(rule.number, revision.number, Decimal(power.number) / 1000, print_.string))
    return {rule: tuple(sorted(texts, key=lambda t: t.revision)) for rule, texts in table.items()}


def bind(ruleset: Ruleset) -> tuple[dict[int, int], dict[int, Mismatch]]:
    """For each encoded rule in the ruleset: the revision whose text it has, or a mismatch."""
    revisions: dict[int, int] = {}
    mismatches: dict[int, Mismatch] = {}
    table = encoded_texts()
    for rule in ruleset.rules:
        if rule.id is None or rule.kind != "rule" or rule.id not in table:
            continue
        printed = fingerprint(rule.text)
        match = next((e for e in table[rule.id] if e.fingerprint == printed), None)
        if match is not None:
            revisions[rule.id] = match.revision
        else:
            mismatches[rule.id] = Mismatch(rule.id, rule.title, rule.revision, printed, table[rule.id])
    return revisions, mismatches


def _table_lines(ruleset_name: str, rules: list[int]) -> list[str]:
    ruleset = load_ruleset(ruleset_name)
    lines = []
    for number in rules:
        rule = ruleset.rule(number)
        power = int((rule.power or Decimal(0)) * 1000)
        lines.append(f'encoded_text({rule.id}, {rule.revision}, {power}, "{fingerprint(rule.text)}").  % {rule.title}')
    return lines


if __name__ == "__main__":  # pragma: no cover - a maintainer's helper
    print("\n".join(_table_lines(sys.argv[1], [int(x) for x in sys.argv[2:]])))
