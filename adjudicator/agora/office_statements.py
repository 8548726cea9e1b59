"""Statements about offices, switches and reports (encodings/agora/offices.lp, switches.lp,
reports.lp): "alice is the Prime Minister", "bob holds no office", "the Registrar is vacant",
"the ADoP is an interim office", "carol is a candidate for Registrar", "carol won the election for
Registrar", "an election for Registrar is in progress", "the Officeholder of Registrar is bob",
"the report of event r1 was correct", "the report of event r1 self-ratified", "... was
ratified", each with its negation. Each pattern gives the sentence's body literals (clingo AST,
asked at the statement's point PT) and the facts it needs; offices and switches resolve through
`office_names` (an unknown one is refused with the nearest names)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from clingo import ast

from adjudicator.agora import office_names
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, Var, atom, fact, name_of, negated

Term = object  # a clingo symbol

PT = Var("PT")  # the point a statement is asked at (statements.py binds it)
WHO = r"(?P<who>.+?)"
NEG = r"(?P<neg> not)?"
OFFICE = r"(?:the )?(?P<office>.+?)"
EVENT = r"(?:the )?report (?:of|in|published in|published by) event (?P<event>[\w.\-]+)"

@dataclass
class Body:
    """A sentence's literals, the facts it needs at PT, and the persons and events it names."""
    literals: list[ast.AST]
    needs: list[ast.AST] = field(default_factory=list)
    persons: list[Name] = field(default_factory=list)
    events: list[int] = field(default_factory=list)


def _asked(office: Name) -> list[ast.AST]:
    """The office a statement names takes part in the case (offices.lp: office_in_play/1)."""
    return [atom("office_asked", office)]


def _negative(m: re.Match) -> bool:
    """The sentence's negation group: " not", or a verb phrase with "not" in it."""
    return bool(m["neg"]) and "not" in m["neg"].lower()


def _maybe_not(literal: ast.AST, m: re.Match) -> list[ast.AST]:
    return [negated(literal)] if _negative(m) else [literal]


def _holder(m, lx, w) -> Body:
    who, office = lx.person(m["who"], w), office_names.office(m["office"], w)
    return Body(_maybe_not(atom("office_at", office, who, PT), m), _asked(office), persons=[who])


def _no_office(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    literal = atom("holds_an_office", who, PT)
    return Body([literal] if m["some"] else [negated(literal)], [atom("holder_asked", who)], persons=[who])


def _vacant(m, lx, w) -> Body:
    office = office_names.office(m["office"], w)
    return Body(_maybe_not(atom("vacant_at", office, PT), m), _asked(office))


def _interim(m, lx, w) -> Body:
    office = office_names.office(m["office"], w)
    return Body(_maybe_not(atom("interim_at", office, PT), m), _asked(office))


def _candidate(m, lx, w) -> Body:
    who, office = lx.person(m["who"], w), office_names.office(m["office"], w)
    return Body(_maybe_not(atom("candidate_for", who, office, PT), m), _asked(office), persons=[who])


def _won_election(m, lx, w) -> Body:
    who, office = lx.person(m["who"], w), office_names.office(m["office"], w)
    return Body(_maybe_not(atom("won_election_by", office, who, PT), m), _asked(office), persons=[who])


def _election(m, lx, w) -> Body:
    office = office_names.office(m["office"], w)
    return Body(_maybe_not(atom("election_on", office, PT), m), _asked(office))


OFFICE_SWITCHES = ("officeholder", "complexity", "ministry_interest")  # R1006, R2632, R2637: instances are offices
NUMERIC_SWITCHES = ("complexity", "donation_level", "festivity")      # R2632, R2631, R2480: values are numbers


def _switch(m, lx, w) -> Body:
    switch = office_names.switch(m["switch"], w)
    if str(switch) in OFFICE_SWITCHES:
        instance = office_names.office(m["instance"], w)
    elif str(switch) == "publicity":  # R478: a forum switch
        instance = lx.forum(m["instance"], w)
    else:
        instance = lx.person(m["instance"], w)
    person = (lambda text, where: lx.person(text, where)) if str(switch) == "officeholder" else None
    if str(switch) in NUMERIC_SWITCHES and m["value"].strip().isdecimal():
        value = int(m["value"].strip())
    else:
        value = office_names.switch_value(switch, m["value"], w, person)
    named = [n for n in (instance, value) if str(n) in lx.persons.values()]
    needs = [atom("switch_query", switch, instance, PT)] + (_asked(instance) if str(switch) in OFFICE_SWITCHES else [])
    return Body(_maybe_not(atom("switch_at", switch, instance, value, PT), m), needs, persons=named)


def _report_correct(m, lx, w) -> Body:
    event = lx.event(m["event"], w)
    literal = atom("report_correct", event)
    return Body([negated(literal)] if _negative(m) != (m["verdict"].lower() == "incorrect") else [literal], events=[event])


def _ratified(predicate: str):
    def body(m, lx, w) -> Body:
        event = lx.event(m["event"], w)
        return Body(_maybe_not(atom(predicate, event, PT), m), [atom("report_asked", event, PT)], events=[event])
    return body


def _claim_wrong(m, lx, w) -> Body:
    about = m["who"].strip()
    try:  # an instance of Officeholder (an office) or of a person switch
        instance = office_names.office(about, w)
    except InputError:
        instance = lx.person(about, w)
    event = lx.event(m["event"], w)
    return Body(_maybe_not(atom("report_wrong_about", event, instance), m), events=[event])


def _consented(m, lx, w) -> Body:
    """R1006 with R2519: consent, explicit or reasonably implied (a candidacy), to hold an office."""
    who, office = lx.person(m["who"], w), office_names.office(m["office"], w)
    return Body(_maybe_not(atom("consented", who, office, PT), m), _asked(office) + [atom("office_consent_asked", who, office, PT)],
                persons=[who])


def _overpowered(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    return Body(_maybe_not(atom("overpowered_at", who, PT), m), [atom("overpowered_asked", who, PT)], persons=[who])


def office_rule_action(low: str, lexicon, where: str) -> Term | None:
    """The offices' own actions (office_rules.lp: R2472, R2573, R2463, R1006, R2632, R2637, R2630), or None."""
    m = re.fullmatch(r"demand resignation from (.+)", low)
    if m:
        return fact("demand_resignation", lexicon.person(m[1], where))
    m = re.fullmatch(r"impeach (?:the )?(?:holder of (?:the )?)?(?:office of )?(?:the )?(.+)", low)
    if m:
        return fact("impeach", office_names.office(m[1], where))
    if low in ("declare a motion of no confidence", "motion of no confidence", "make a motion of no confidence"):
        return Name("no_confidence")
    m = re.fullmatch(r"resign (?:the office of )?(?:the )?(.+?),? appointing (.+)", low)
    if m:
        return fact("resign_appoint", office_names.office(m[1], where), lexicon.person(m[2], where))
    m = re.fullmatch(r"(?:make|cause) (?:the office of )?(?:the )?(.+?) (?:to become )?vacant", low)
    if m:
        return fact("vacate", office_names.office(m[1], where))
    m = re.fullmatch(r"flip the (complexity|ministry interest) of (?:the )?(.+?) to (\w+|.+)", low)
    if m:
        switch = name_of(m[1])
        if m[1] == "ministry interest":
            value = interest_list(m[3], where)
        else:
            value = int(m[3]) if m[3].isdecimal() else office_names.switch_value(switch, m[3], where)
        return fact("flip", switch, office_names.office(m[2], where), value)
    m = re.fullmatch(r"(adopt|enact|amend|repeal) the (?:administrative )?regulations of (?:the )?(.+)", low)
    if m:  # R2630: enacting or amending them is adopting their (new) contents
        verb = "repeal" if m[1] == "repeal" else "adopt"
        return fact(f"{verb}_regulations", office_names.office(m[2], where))
    return None


def interest_list(text: object, where: str):
    """R2637: a list of ministries (a YAML list, or names separated by commas or 'and'): one
    ministry is its name, none (or nothing) the empty list, several the list l(M1, l(M2, ... none))."""
    items = text if isinstance(text, list) else [
        t for t in re.split(r"\s*(?:,|\band\b)\s*", str(text).strip().strip("[]")) if t.strip(" '\"")]
    names = [office_names.switch_value(Name("ministry_interest"), str(t).strip(" '\""), where) for t in items]
    if len(names) <= 1:
        return names[0] if names else Name("none")
    value = Name("none")
    for name in reversed(names):
        value = fact("l", name, value)
    return value


# First among all sentences: "holds no office" is not a statement about holding an asset.
FIRST_PATTERNS = [
    (re.compile(rf"^{WHO} (?:holds|held) (?P<some>an|some|any)? ?(?:no )?offices?$", re.I), _no_office),
    (re.compile(rf"^{WHO} (?P<neg>holds|held|does not hold|did not hold) the office of {OFFICE}$", re.I), _holder),
]
PATTERNS = [
    (re.compile(rf"^the (?:office of )?{OFFICE} (?:is|was){NEG} vacant$", re.I), _vacant),
    (re.compile(rf"^the (?:office of )?{OFFICE} (?:is|was){NEG} an interim office$", re.I), _interim),
    (re.compile(rf"^{WHO} (?:is|was){NEG} a candidate (?:for|in the election for) {OFFICE}$", re.I), _candidate),
    (re.compile(rf"^{WHO} (?P<neg>did not win|has not won|won|has won) the election for {OFFICE}$", re.I), _won_election),
    (re.compile(rf"^an election for {OFFICE} (?:is|was){NEG} in progress$", re.I), _election),
    (re.compile(rf"^{EVENT} (?:is|was){NEG} (?P<verdict>correct|incorrect)$", re.I), _report_correct),
    (re.compile(rf"^{EVENT} (?P<neg>did not self-ratify|has not self-ratified|was not self-ratified|self-ratified|"
                r"has self-ratified|was self-ratified)$", re.I), _ratified("self_ratified_by")),
    (re.compile(rf"^{EVENT} (?:was|has been){NEG} ratified$", re.I), _ratified("ratified_by")),
    (re.compile(rf"^{EVENT} (?:is|was){NEG} wrong about {WHO}$", re.I), _claim_wrong),
    (re.compile(r"^the (?P<switch>[\w ]+?)(?: switch)? of (?P<instance>.+?) (?:is|was)(?P<neg> not)? (?P<value>[^ ].*)$", re.I),
     _switch),
    (re.compile(rf"^{WHO} (?:is|was){NEG} Overpowered$", re.I), _overpowered),
    (re.compile(rf"^{WHO} (?P<neg>consented|has consented|did not consent|has not consented) to (?:hold|be made the holder of|"
                rf"become) (?:the office of )?{OFFICE}$", re.I), _consented),
    (re.compile(rf"^{WHO} (?:is|was){NEG} the {OFFICE}$", re.I), _holder),
]
