"""Statements and action phrases about contracts, consent and acting on behalf (encodings/agora/
contracts.lp, consent.lp, behalf.lp): "alice is a party to contract pact", "contract pact exists",
"contract pact is a charity", "bob consented to ...", and the actions "join contract pact", "leave
contract pact", "add bob to contract pact", "amend contract pact", "terminate contract pact", "act
on behalf of bob to <action>" (for "X CAN ..." and intents); "the pledge of event oath bears the title
No Scams" (R2608: the title it was given, or the Notary selected). A contract is named as the case names
it (its gamestate or the event that made it); any other name is refused with the nearest ones."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.office_statements import NEG, PT, WHO, Body, _maybe_not
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, atom, fact, name_of

CONTRACT = r"(?:the )?contract (?P<contract>.+?)"


def contract(text: str, lexicon, where: str) -> Name:
    """A contract of the case by its name (any case, spaces or underscores), or refused."""
    key = name_of(str(text).strip().strip("'\"\u201c\u201d"))
    if key in lexicon.contracts:
        return Name(lexicon.contracts[key])
    raise InputError(f"{where}: {excerpt(str(text).strip())} is not a contract of this case "
                     f"({nearest_names(key, lexicon.contracts.keys())})")


def title_words(text: str) -> str:
    """A pledge's title as the report and statements compare it: lower case, one space, one line."""
    return _one_line(" ".join(str(text).lower().split()))


def pledge_event(lexicon, text: str, where: str) -> int:
    """A pledge by its title (R2608), or by the event that made it."""
    events = lexicon.pledges.get(title_words(text), set())
    if len(events) > 1:
        raise InputError(f"{where}: {excerpt(text)} is the title of {len(events)} pledges: name one by its event")
    if events:
        return next(iter(events))
    spelled = " ".join(str(text).split()).removeprefix("of event ").removeprefix("event ")
    try:
        return lexicon.event(spelled, where)
    except InputError:
        known = sorted(lexicon.pledges)
        raise InputError(f"{where}: {excerpt(text)} is neither a pledge's title nor an event "
                         f"({nearest_names(title_words(text), {t: t for t in known})})") from None


def _one_line(text: str) -> str:
    return text.replace('"', "'").replace("\n", " ")


def contract_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a contract action phrase (lower case), or None if it is not one."""
    m = re.fullmatch(r"(join|leave|amend|terminate|make) (?:the )?contract (.+)", low)
    if m:
        return fact(f"{m[1]}_contract", contract(m[2], lexicon, where)), [], []
    m = re.fullmatch(r"add (.+?) (?:to|as a party to) (?:the )?contract (.+)", low)
    if m:
        who = lexicon.person(m[1], where)
        return fact("add_party", contract(m[2], lexicon, where), who), [who], []
    m = re.fullmatch(r"act on (?:the )?behalf of (.+?) to (.+)", low)
    if m:  # R2466
        principal = lexicon.person(m[1], where)
        inner, persons, rules = action_term(m[2], lexicon, where)
        return fact("behalf", principal, inner), [principal, *persons], rules
    return None


def _party(m, lx, w) -> Body:
    who, c = lx.person(m["who"], w), contract(m["contract"], lx, w)
    return Body(_maybe_not(atom("party_at", c, who, PT), m), [atom("contract_asked", c)], persons=[who])


def _exists(m, lx, w) -> Body:
    c = contract(m["contract"], lx, w)
    return Body(_maybe_not(atom("contract_at", c, PT), m), [atom("contract_asked", c)])


def _charity(m, lx, w) -> Body:
    c = contract(m["contract"], lx, w)
    return Body(_maybe_not(atom("charity", c, PT), m), [atom("contract_asked", c), atom("switch_query", Name("donation_level"), c, PT)])


def _pledge_titled(m, lx, w) -> Body:
    e = pledge_event(lx, m["pledge"], w)
    return Body(_maybe_not(atom("pledge_title_at", e, title_words(m["title"]), PT), m), [atom("pledge_title_asked", e)],
                events=[e])


PATTERNS = [
    (re.compile(rf"^{WHO} (?:is|was){NEG} a party to {CONTRACT}$", re.I), _party),
    (re.compile(rf"^{CONTRACT} (?P<neg>exists|existed|does not exist|did not exist)$", re.I), _exists),
    (re.compile(rf"^{CONTRACT} (?:is|was){NEG} a charity$", re.I), _charity),
    (re.compile(r"^(?:the )?pledge (?P<pledge>.+?) (?P<neg>bears|bore|does not bear|did not bear) the title (?P<title>.+)$",
                re.I), _pledge_titled),
]

