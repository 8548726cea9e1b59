"""The rules' texts: which encoded revision each rule's text is (encodings/agora/texts.lp); with
`as_of`, the revisions in force on that date where the table knows their dates. Writes nothing
yet: the rules builder writes `text_revision/2` after the rules in force."""

from __future__ import annotations

from adjudicator.agora.bindings import Mismatch, bind, encoded_texts, select_by_date
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import parse_time


def rule_texts(build: CaseBuild) -> None:
    case, ruleset = build.case, build.ruleset
    build.text_revisions, build.text_mismatches = bind(ruleset)
    from_history = ruleset.format == "agora-yaml"
    if from_history:  # the texts of the day itself; what the folder does not record, it says
        build.text_notes = [f"{ruleset.name}: {note}" for note in ruleset.notes]
    if case.as_of is None or from_history:
        return
    day = parse_time(case.as_of, f"{build.where}: as_of").date().isoformat()
    dated = select_by_date(ruleset, day)
    for number, revision in dated.revisions.items():
        build.text_revisions[number] = revision
        build.text_mismatches.pop(number, None)
    for number, revision in dated.unencoded.items():
        build.text_revisions.pop(number, None)
        encoded = encoded_texts()[number]
        title = next((r.title for r in ruleset.rules if r.id == number), "?")
        build.text_mismatches[number] = Mismatch(number, title, revision, f"as of {day}", encoded)
    build.rules_not_yet_in_force = dated.not_yet
    for number in dated.not_yet:
        build.text_revisions.pop(number, None)
        build.text_mismatches.pop(number, None)
    build.text_notes = [f"as of {day}: {note}" for note in dated.notes]
    build.text_notes.append(f"as of {day}: other rules as in {case.ruleset}")
