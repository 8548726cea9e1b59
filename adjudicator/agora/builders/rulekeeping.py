"""The Rulekeepor's reports as the case gives them (R1051, R1681: encodings/agora/rulekeeping.lp): a
report's claim `short logical ruleset: NAME` (or `SLR:`) names the document it published, a
bundled ruleset or a file beside the case, read as rulesets are. Each rule it lists becomes
`slr_lists/2` with the fields it gives (`slr_entry/4`: revision, Power, and fingerprints of the title
and text); the rules of the case's ruleset give the values to compare (`rule_listing/3`), except
those whose text on the case's day is not the document's (the judge does not know that text).

A monthly report's `full logical ruleset: NAME` (or `FLR:`) is read the same way (`flr_lists/2`,
`flr_entry/4`), with each rule's place and category (`lr_position/3`, `lr_category/3`, also for the
Short Logical Ruleset published last before it) and its historical annotations, the document's
`History:` lines (`flr_annotation/6`, `flr_annotation_person/5`); `{document: NAME, history: {RULE:
[LINE, ...]}}` adds lines to a document's rules. The case's instruments that name the proposal they
carry out (`proposal:`, `author:`, `coauthors:`) give what an annotation of their changes names
(`change_proposal/2`, `change_person/3`)."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from functools import partial

from adjudicator.agora.bindings import fingerprint
from adjudicator.agora.builders.claims import ClaimKind, Shape
from adjudicator.agora.builders.rules import power_units
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.rule_changes import HISTORY_VERBS, words
from adjudicator.errors import InputError
from adjudicator.inputs import beside
from adjudicator.rulesets import BUNDLED, load_ruleset
from adjudicator.rulesets.model import Ruleset
from adjudicator.solving.terms import Name, fact

# An FLR history line: "Amended(3) by Proposal 8500 (Aris, Murphy), 10 Jan 2021": the type of change,
# the mechanism (a proposal with its author and coauthors, a rule, or another), the day it took effect.
ANNOTATION = re.compile(r"^(?P<verb>[A-Za-z][A-Za-z\- ]*?)(?:\(\d+\))?(?: from [\d.]+)?(?: to .+?)?"
                        r"(?: by (?P<agent>.+?))?, (?P<day>\d{1,2} [A-Za-z]{3} \d{4}|\d{4}-\d{2}-\d{2})$")
AGENT = re.compile(r"^(?P<kind>Proposal|Rule) (?P<number>\d+)(?: \((?P<people>[^)]*)\))?$", re.I)


def logical_ruleset(build: CaseBuild, e: int, value: object, where: str, full: bool) -> None:
    """The SLR (or, `full`, the FLR) a report publishes (the report's event `e`)."""
    published = _document(build, value, where)
    kind = "flr" if full else "slr"
    build.add(f"{kind}_published", e)
    listed = [rule for rule in published.rules if rule.id is not None and rule.kind == "rule"]
    for rule in listed:
        build.add(f"{kind}_lists", e, rule.id)
        build.add_all(_fields(e, rule, where, kind))
        if not full and (rule.history or rule.annotations):  # R1681: information the SLR is DISCOURAGED from
            build.add("slr_extra", e, rule.id)
    _listings(build)
    documents = build.__dict__.setdefault("logical_rulesets", {})
    if full:
        last_slr = max((k for k, (sort, _) in documents.items() if sort == "slr" and k < e), default=None)
        for owner, rules in ((last_slr, documents.get(last_slr, (None, []))[1]), (e, listed)):
            _places(build, owner, rules)
        _annotations(build, e, listed, where)
        _instrument_proposals(build, where)
    documents[e] = (kind, listed)


# The Short and the Full Logical Ruleset a report publishes (R1051, R1681): one value, the document
CLAIMS = (
    ClaimKind(("short logical ruleset", "slr"), Shape.VALUE, "", partial(logical_ruleset, full=False)),
    ClaimKind(("full logical ruleset", "flr"), Shape.VALUE, "", partial(logical_ruleset, full=True)),
)


def _document(build: CaseBuild, value: object, where: str) -> Ruleset:
    """The document a claim names, with the history lines a mapping adds to its rules."""
    history: dict = {}
    if isinstance(value, dict):
        unknown = set(value) - {"document", "history"}
        if unknown or not isinstance(value.get("history", {}), dict):
            raise InputError(f"{where}: {{document: NAME, history: {{RULE: [LINE, ...]}}}}, not {sorted(unknown) or value}")
        history, value = value.get("history") or {}, value.get("document")
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{where}: the ruleset document the report published (a bundled ruleset or a file)")
    published = _published(build, value.strip(), where)
    for key, lines in history.items():
        try:
            rule = published.rule(int(str(key).strip().lstrip("Rr")))
        except (KeyError, ValueError):
            raise InputError(f"{where}: history: {key}: no rule of that ID in {value.strip()}") from None
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            raise InputError(f"{where}: history: {key}: a list of history lines")
        rule.history = [*rule.history, *lines]
    return published


def _published(build: CaseBuild, name: str, where: str) -> Ruleset:
    if name in BUNDLED:
        return load_ruleset(name)
    try:
        return load_ruleset(str(beside(build.path, name, "ruleset")))
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _fields(owner, rule, where: str, kind: str = "slr") -> list:
    """The listing's fields as facts: slr_entry(E, N, F, V) (flr_entry), or rule_listing(N, F, V) for owner None."""
    values = []
    if rule.revision is not None:
        values.append(("revision", rule.revision))
    if rule.power is not None:
        values.append(("power", power_units(rule.power, f"{where}: rule {rule.id}")))
    if rule.title and rule.title.strip():
        values.append(("title", fingerprint(rule.title)))
    if rule.text and rule.text.strip():
        values.append(("text", fingerprint(rule.text)))
    if owner is None:
        return [fact("rule_listing", rule.id, Name(f), v) for f, v in values]
    return [fact(f"{kind}_entry", owner, rule.id, Name(f), v) for f, v in values]


def _places(build: CaseBuild, owner: int | None, rules: list) -> None:
    """R1681: each rule's place in the document and its category (a fingerprint of its title)."""
    if owner is None or owner in build.__dict__.setdefault("placed_rulesets", set()):
        return
    build.placed_rulesets.add(owner)
    for position, rule in enumerate(rules, 1):
        build.add("lr_position", owner, rule.id, position)
        build.add("lr_category", owner, rule.id, fingerprint(rule.section or ""))


def _annotations(build: CaseBuild, e: int, rules: list, where: str) -> None:
    """Each history line the judge can read: its type of change, day and mechanism (a line it cannot
    read records nothing it could compare)."""
    for rule in rules:
        for index, line in enumerate(rule.history, 1):
            read = ANNOTATION.match(" ".join(line.split()))
            kind = read and HISTORY_VERBS.get(words(read["verb"]).lower())
            day = read and _day(read["day"])
            if not kind or day is None:
                continue
            agent, people = _agent(read["agent"] or "")
            build.add("flr_annotation", e, rule.id, index, Name(kind), build.minutes(day), agent)
            for place, person in enumerate(people):
                build.add("flr_annotation_person", e, rule.id, index, Name("author" if place == 0 else "coauthor"),
                          _person(build, person))


def _day(text: str) -> datetime | None:
    for form in ("%d %b %Y", "%Y-%m-%d"):
        try:
            return datetime.strptime(text, form).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    return None


def _agent(text: str):
    """The mechanism an annotation names: proposal(P) with its author and coauthors, rule(R), or other."""
    read = AGENT.match(text.strip())
    if not read:
        return Name("other"), []
    people = [p.strip() for p in (read["people"] or "").split(",") if p.strip()]
    return fact(read["kind"].lower(), int(read["number"])), people


def _person(build: CaseBuild, text: str) -> str:
    try:
        return str(build.who(text, build.where))
    except InputError:  # a person of the ruleset's history, not of the case
        return " ".join(text.lower().split())


def _instrument_proposals(build: CaseBuild, where: str) -> None:
    """The proposal, author and coauthors of each instrument event that names them (once)."""
    if build.__dict__.setdefault("instrument_proposals_given", False):
        return
    build.instrument_proposals_given = True
    for written, event in enumerate(build.case.events):
        if event.do.strip().lower() != "instrument" or event.proposal is None:
            continue
        e, context = build.index_of[written], f"{where}: event {event.id or written + 1}"
        number = str(event.proposal).strip().lstrip("Pp")
        if not number.isdigit():
            raise InputError(f"{context}: proposal: the number of the proposal the instrument carries out, "
                             f"not {event.proposal!r}")
        build.add("change_proposal", e, int(number))
        for role, people in (("author", [event.author] if event.author else []), ("coauthor", event.coauthors)):
            for person in people:
                build.add("change_person", e, Name(role), str(build.who(person, context)))


def _listings(build: CaseBuild) -> None:
    """The case's own rules, once: what a listing of each must say."""
    if getattr(build, "rule_listings_given", False):
        return
    build.rule_listings_given = True
    for rule in build.ruleset.rules:
        if rule.id is None or rule.kind != "rule" or rule.id in build.rules_not_yet_in_force:
            continue
        mismatch = build.text_mismatches.get(rule.id)
        if (mismatch is not None and mismatch.printed.startswith("as of")) or \
                build.text_revisions.get(rule.id, rule.revision) != rule.revision:
            build.add("listing_unknown", rule.id)  # that day's text is not the document's
            continue
        build.add_all(_fields(None, rule, build.where))


def rulekeepor_months(build: CaseBuild) -> None:
    """Each year's first instant where the case's record of reports covers the Rulekeepor (R1051's
    monthly report: a monthly duty, office_rules.lp reads the months from them)."""
    text = "\n".join(build.program)
    if build.epoch is None or "cal_year_start(" in text or "reports_from(" not in text or "rulekeepor" not in text:
        return
    build.add_year_starts()
