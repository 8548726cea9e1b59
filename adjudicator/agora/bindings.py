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
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

from adjudicator.agora.programs import TEXTS
from adjudicator.rulesets import Ruleset, load_ruleset
from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms



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

    def words(self, whose: str = "the case's ruleset") -> str:
        theirs = f"R{self.rule}/{self.revision}" if self.revision is not None else f"R{self.rule}"
        ours = ", ".join(f"R{e.rule}/{e.revision} ({e.fingerprint})" for e in self.encoded)
        if self.printed.startswith("as of "):  # chosen by the case's date, not read from a text
            return f"{theirs} ({self.title}), the revision {self.printed}, is not one the encodings implement: {ours}"
        return (f"{theirs} ({self.title}) in {whose} has a text (fingerprint {self.printed}) "
                f"that is not the one the encodings implement: {ours}")


@lru_cache(maxsize=1)
def _table() -> tuple[dict[int, tuple[EncodedText, ...]], dict[int, dict[int, str]]]:
    """encodings/agora/texts.lp, read with clingo: the encoded texts, and revision dates."""
    result = solve([TEXTS], "#show encoded_text/4. #show revision_from/3.", timeout=10,
                   what="reading the encoded rule texts")
    table: dict[int, list[EncodedText]] = {}
    dates: dict[int, dict[int, str]] = {}
    atoms = Atoms(result.models[0] if result.models else [])
    for rule, revision, day in atoms.terms("revision_from", 3):
        dates.setdefault(rule.number, {})[revision.number] = day.string
    for rule, revision, power, print_ in atoms.terms("encoded_text", 4):
        table.setdefault(rule.number, []).append(
            EncodedText(rule.number, revision.number, Decimal(power.number) / 1000, print_.string))
    return {rule: tuple(sorted(texts, key=lambda t: t.revision)) for rule, texts in table.items()}, dates


@lru_cache(maxsize=1)
def _repeals() -> dict[int, tuple[str, ...]]:
    """texts.lp's repealed_on/2: each rule and the days it was repealed (R105: it is then no rule)."""
    result = solve([TEXTS], "#show repealed_on/2.", timeout=10, what="reading the encoded rule texts")
    days: dict[int, list[str]] = {}
    for rule, day in Atoms(result.models[0] if result.models else []).terms("repealed_on", 2):
        days.setdefault(rule.number, []).append(day.string)
    return {rule: tuple(sorted(found)) for rule, found in days.items()}


def encoded_texts() -> dict[int, tuple[EncodedText, ...]]:
    return _table()[0]


@dataclass
class DatedSelection:
    """The encoded revisions chosen by a case's date, where the table knows the dates."""

    revisions: dict[int, int]           # rule -> the encoded revision in force on that date
    not_yet: dict[int, str]             # rule -> the date it was first enacted (after the case's date)
    unencoded: dict[int, int | None]    # rule -> the revision in force on that date (None: an earlier
                                        # one than the table dates), which is not encoded
    notes: list[str]
    undated: list[str] = field(default_factory=list)  # "R105/21": the ruleset's revision, its start not dated


def _printed_revision(ruleset: Ruleset, rule_id: int) -> int | None:
    try:
        return ruleset.rule(rule_id).revision
    except KeyError:
        return None


def select_by_date(ruleset: Ruleset, as_of: str) -> DatedSelection:
    """For each rule with known revision dates (revision_from/3), the revision in force on `as_of`
    (an ISO date), in place of the text in the ruleset; until a per-rule history ruleset gives the
    texts themselves."""
    table, dates = _table()
    selection = DatedSelection({}, {}, {}, [])
    as_given: list[str] = []  # the ruleset's own revisions, which the table dates
    for rule_id in sorted(set(table) - set(dates)):
        if _printed_revision(ruleset, rule_id) is not None:
            selection.undated.append(f"R{rule_id}/{_printed_revision(ruleset, rule_id)}")
    present = {rule.id for rule in ruleset.rules}
    for rule_id, known in sorted(dates.items()):
        if rule_id not in present and min(known) != 0:
            continue  # not a rule of this ruleset (an enacted-later rule is still named below)
        earlier = [(day, revision) for revision, day in known.items() if day <= as_of]
        if not earlier and _printed_revision(ruleset, rule_id) is not None \
                and _printed_revision(ruleset, rule_id) < min(known):
            # the table dates only revisions after the ruleset's: its text is the day's, as far as known
            selection.undated.append(f"R{rule_id}/{_printed_revision(ruleset, rule_id)}")
            continue
        if not earlier:
            if min(known) == 0:
                selection.not_yet[rule_id] = known[0]
                selection.notes.append(f"R{rule_id} was enacted on {known[0]}, after {as_of}: not in force")
            else:  # an earlier revision than any the table dates, so none the encodings implement
                selection.unencoded[rule_id] = None
                selection.notes.append(f"R{rule_id} on {as_of} was a revision before R{rule_id}/{min(known)} "
                                       f"({known[min(known)]})")
            continue
        day, revision = max(earlier)
        repealed = [r for r in _repeals().get(rule_id, ()) if day < r <= as_of]
        if repealed:  # repealed after that revision took effect, and not re-enacted by the day
            selection.not_yet[rule_id] = max(repealed)
            selection.notes.append(f"R{rule_id} was repealed on {max(repealed)}, before {as_of}: not in force")
            continue
        if any(t.revision == revision for t in table.get(rule_id, ())):
            selection.revisions[rule_id] = revision
            try:
                printed = ruleset.rule(rule_id).revision
            except KeyError:
                printed = None
            later_undated = revision == max(known) and printed is not None and printed > revision
            if printed == revision:  # the ruleset's own text, dated: named together below
                as_given.append(f"R{rule_id}/{revision} from {day}")
                continue
            selection.notes.append(f"R{rule_id}/{revision} (in force from {day}) judged as of {as_of}"
                                   + (f", not the ruleset's R{rule_id}/{printed}" if printed not in (None, revision) else "")
                                   + (f" (when R{rule_id}/{printed} took effect is not recorded)" if later_undated else ""))
        else:
            try:
                printed = ruleset.rule(rule_id).revision
            except KeyError:
                printed = None
            if revision == max(known) and printed is not None and printed > revision:
                # later revisions' dates are unknown: the ruleset's text may be the one in force
                selection.notes.append(f"R{rule_id}: R{rule_id}/{revision} took effect on {day}; when the ruleset's "
                                       f"R{rule_id}/{printed} did is not known, so its text is judged")
            else:
                selection.unencoded[rule_id] = revision
    if as_given:
        selection.notes.append(f"the ruleset's revisions, in force then: {', '.join(as_given)}")
    return selection


def bind(ruleset: Ruleset) -> tuple[dict[int, int], dict[int, Mismatch]]:
    """For each encoded rule in the ruleset: the revision whose text it has, or a mismatch."""
    revisions: dict[int, int] = {}
    mismatches: dict[int, Mismatch] = {}
    table = encoded_texts()
    for rule in ruleset.rules:
        if rule.id is None or rule.kind != "rule" or rule.id not in table:
            continue
        printed = fingerprint(rule.text) if rule.text.strip() else "text not recorded"
        match = next((e for e in table[rule.id] if e.fingerprint == printed), None)
        if match is not None:
            revisions[rule.id] = match.revision
        else:
            mismatches[rule.id] = Mismatch(rule.id, rule.title, rule.revision, printed, table[rule.id])
    return revisions, mismatches


def revision_on(ruleset: Ruleset, rule_id: int, day: str | None) -> int | None:
    """The encoded revision of `rule_id` that a decision or case of `day` (an ISO date) is judged
    under: the one the ruleset's text is, or, where that is a revision the table dates and a later
    dated revision had taken effect by `day`, the later one (the ruleset taken to the day, as the
    judge does for a bundled ruleset). None: the ruleset's text is no encoded revision."""
    try:
        rule = ruleset.rule(rule_id)
    except KeyError:
        return None
    printed = fingerprint(rule.text)
    bound = next((e.revision for e in encoded_texts().get(rule_id, ()) if e.fingerprint == printed), None)
    known = _table()[1].get(rule_id, {})
    if day is None or bound is None or bound not in known:
        return bound
    later = [(start, revision) for revision, start in known.items() if revision > bound and start <= day]
    return max(later)[1] if later else bound


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
