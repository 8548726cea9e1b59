"""The rules' texts: which encoded revision each rule's text is (encodings/agora/texts.lp), as of
the case's day: its `as_of`, else the day its statements are asked (`now`, else its last event),
the revisions in force on that day where the table knows their dates. A case with no date at all
is judged with its ruleset's texts. Writes nothing yet: the rules builder writes
`text_revision/2` after the rules in force."""

from __future__ import annotations

from datetime import date

from adjudicator.agora.bindings import Mismatch, bind, encoded_texts, select_by_date
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import Case, parse_time
from adjudicator.agora.rule_changes import recorded_changes, words
from adjudicator.agora.rule_statements import amended_rules
from adjudicator.rulesets import BUNDLED


def case_day(case: Case, where: str) -> tuple[date, str] | None:
    """The day whose rules judge the case, and why that day: R591 judges "at the time the inquiry
    case was initiated", which a case gives as `as_of`, or as the time its statements are asked."""
    if case.as_of is not None:
        return parse_time(case.as_of, f"{where}: as_of").date(), "as_of"
    if case.now is not None:
        return parse_time(case.now, f"{where}: now").date(), "the day the statements are asked (now)"
    times = [parse_time(e.at, f"{where}: event {i}") for i, e in enumerate(case.events, 1) if e.at is not None]
    if times:
        return max(times).date(), "the day the statements are asked (the last event's)"
    return None


def rule_texts(build: CaseBuild) -> None:
    case, ruleset = build.case, build.ruleset
    build.lexicon.rule_texts = {rule.id: rule.text for rule in ruleset.rules if rule.id is not None and rule.kind == "rule"}
    build.lexicon.rule_revisions = {rule.id: rule.revision for rule in ruleset.rules
                                    if rule.id is not None and rule.kind == "rule" and rule.revision is not None}
    build.lexicon.rules_amended = amended_rules(case)
    statement_records(build)
    build.text_revisions, build.text_mismatches = bind(ruleset)
    from_history = ruleset.format == "agora-yaml"
    if from_history:  # the texts of the day itself; what the folder does not record, it says
        build.text_notes = [f"{ruleset.name}: {note}" for note in ruleset.notes]
    dated_by = case_day(case, build.where)
    if dated_by is None or from_history or (dated_by[1] != "as_of" and not (
            case.ruleset in BUNDLED and ruleset.format.startswith("agora"))):
        return  # a ruleset of the case's own making (or another game's) is its own day's: the table dates Agora's
    day = dated_by[0].isoformat()
    dated = select_by_date(ruleset, day)
    for number, revision in dated.revisions.items():
        build.text_revisions[number] = revision
        build.text_mismatches.pop(number, None)
    for number, revision in dated.unencoded.items():
        build.text_revisions.pop(number, None)
        if number in build.lexicon.rules_amended:  # the case's changes give that day's clauses themselves
            build.text_mismatches.pop(number, None)
            dated.notes.append(f"R{number}/{revision if revision is not None else '?'} is not encoded; "
                               "the case's changes give its clauses")
            continue
        encoded = encoded_texts()[number]
        title = next((r.title for r in ruleset.rules if r.id == number), "?")
        build.text_mismatches[number] = Mismatch(number, title, revision, f"as of {day}", encoded)
    build.rules_not_yet_in_force = dated.not_yet
    for number in dated.not_yet:
        build.text_revisions.pop(number, None)
        build.text_mismatches.pop(number, None)
    build.text_notes = [f"as of {day}: {note}" for note in dated.notes]
    if dated_by[1] != "as_of":
        build.text_notes.insert(0, f"as of {day}, {dated_by[1]}: the rules of that day (R591)")
    unencoded = [f"R{number}/{revision}" for number, revision in sorted(dated.unencoded.items())
                 if revision is not None and number in build.text_mismatches]
    if unencoded:
        build.text_notes.append(f"as of {day}: in force then, and not the texts the encodings implement (a case "
                                f"relying on one is refused): {', '.join(unencoded)}")
    if dated.undated:
        build.text_notes.append(f"as of {day}: other encoded rules as in {case.ruleset}, whose start this table "
                                f"does not date: {', '.join(sorted(dated.undated, key=_rule_order))}")
    else:
        build.text_notes.append(f"as of {day}: other rules as in {case.ruleset}")


def _rule_order(key: str) -> int:
    return int(key[1:].split("/")[0])


def statement_records(build: CaseBuild) -> None:
    """What statements about rules read besides their texts: the titles and the changes each rule's
    history records (no facts: a statement gives the facts it needs)."""
    lexicon = build.lexicon
    for rule in build.ruleset.rules:
        if rule.id is not None and rule.kind == "rule":
            lexicon.rule_titles.setdefault(words(rule.title).lower(), set()).add(rule.id)
            lexicon.rule_records[rule.id] = recorded_changes(rule)
    for rule in getattr(build.ruleset, "repealed", None) or []:  # a repealed rule's record stands
        if rule.id is not None and rule.id not in lexicon.rule_records:
            lexicon.rule_records[rule.id] = recorded_changes(rule)
    for change in build.case.changes:
        if change.enact is not None and change.enact.id is not None:
            lexicon.rule_titles.setdefault(words(change.enact.title).lower(), set()).add(change.enact.id)
