"""Contracts, consent and acting on behalf (R1742, R2519, R2466, R2631): the contracts a case begins
with (parties, provisions), and the events that make, join, leave, amend and terminate them, state
or withdraw consent, or flip a contract's donation level. A provision is one of the body's explicit
permissions (docs/judging.md); what each achieves is encodings/agora/contracts.lp's. Contract names
resolve to exactly one contract of the case, or are refused naming the nearest."""

from __future__ import annotations

from typing import Any

import clingo

from adjudicator.agora.asset_statements import asset
from adjudicator.agora.builders.entities import add_entity
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import solver_int
from adjudicator.agora.contract_statements import contract
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError, excerpt
from adjudicator.solving.terms import Name, fact, name_of

CHANGES = ("join", "leave", "amend", "terminate", "any")
CONTRACT_EVENTS = ("make-contract", "join-contract", "leave-contract", "terminate-contract", "add-party", "amend-contract")
ANY = Name("any")


def _register(build: CaseBuild, text: str, context: str, made: bool = False) -> Name:
    """A contract's name: the entity of that name, made an entity if the case has none."""
    key = name_of(text)
    if str(text).strip().lower() not in build.lexicon.persons and key not in build.lexicon.persons:
        add_entity(build, text, False)
    build.lexicon.contracts[key] = str(build.who(text, context))
    if made:  # R2576: a contract may own assets (the case's own contracts: assets.holdings)
        build.add("contract", Name(build.lexicon.contracts[key]))
    return Name(build.lexicon.contracts[key])


def _who(build: CaseBuild, value: Any, context: str) -> Name:
    return ANY if value in (None, "any", "any party", "every party") else Name(build.who(str(value), context))


def _asset_word(build: CaseBuild, value: Any, context: str) -> Name:
    return ANY if value in (None, "any", "assets") else asset(str(value), context, build.lexicon)


def _behalf_kind(build: CaseBuild, text: Any, context: str) -> clingo.Symbol:
    low = " ".join(str(text or "any").lower().split())
    if low in ("any", "any action", "any game action"):
        return ANY
    for verb in ("transfer", "destroy"):
        if low.startswith(verb + " ") and not any(ch.isdigit() for ch in low):
            return fact(verb, _asset_word(build, low[len(verb) + 1:], context))
    term, _, _ = action_term(low, build.lexicon, context)
    return term


def provision(build: CaseBuild, written: dict, context: str) -> clingo.Symbol:
    """One provision of a contract's body as a term (contracts.lp)."""
    if not isinstance(written, dict) or len(written) != 1:
        raise InputError(f"{context}: a provision is one of behalf:, consent:, transfer:, revoke:, duty:, cannot_join: (one key)")
    (key, value), = written.items()
    key = str(key).strip().lower()
    spec = value if isinstance(value, dict) else {}
    if key == "behalf":
        terms = [_who(build, spec.get("agent"), context), _who(build, spec.get("principal"), context),
                 _behalf_kind(build, spec.get("action"), context)]
        if spec.get("method"):  # a dependent method (R1728): the agent acts by performing an intent
            from adjudicator.agora.builders.dependent import method_term

            terms.append(method_term(str(spec["method"]), context))
        return fact("behalf", *terms)
    if key == "consent":
        changes = spec.get("to", "any") if isinstance(value, dict) else value
        changes = changes if isinstance(changes, list) else [changes]
        bad = [c for c in changes if str(c).lower() not in CHANGES]
        if bad:
            raise InputError(f"{context}: consent to {excerpt(str(bad[0]))}? (one of {', '.join(CHANGES)})")
        who = _who(build, spec.get("who"), context)
        return [fact("consents", who, Name(str(c).lower())) for c in changes]
    if key in ("transfer", "revoke"):
        what = spec.get("asset") if isinstance(value, dict) else value
        return fact(f"{key}_out", _who(build, spec.get("who"), context), _asset_word(build, what, context))
    if key == "cannot_join":  # the body says this person (or any) CANNOT become a party (R1742)
        return fact("cannot_join", _who(build, spec.get("who") if isinstance(value, dict) else value, context))
    if key == "duty":
        if "action" not in spec or "days" not in spec:
            raise InputError(f"{context}: duty: give action: and days:")
        term, _, _ = action_term(str(spec["action"]), build.lexicon, context)
        return fact("duty", _who(build, spec.get("who"), context), term, solver_int(spec["days"], context))
    raise InputError(f"{context}: {excerpt(key)} is not a provision the judge reads (behalf, consent, transfer, revoke, duty, cannot_join)")


def contract_provisions(build: CaseBuild, written: list, context: str) -> list[clingo.Symbol]:
    """A contract's provisions as terms; `{annex: <provision>}` is one of its annex (R1742: it can be
    interpreted only with information neither publicly nor generally available)."""
    if not isinstance(written, list):
        raise InputError(f"{context}: provisions: a list of provisions")
    out: list[clingo.Symbol] = []
    for item in written:
        key = next(iter(item), None) if isinstance(item, dict) and len(item) == 1 else None
        annexed = str(key).strip().lower() == "annex"
        made = provision(build, item[key] if annexed else item, context)
        made = made if isinstance(made, list) else [made]
        out += [fact("annex", term) for term in made] if annexed else made
    return out


def contract_names(build: CaseBuild) -> None:
    """Every contract the case begins with is an entity known by name (before any event names it)."""
    for name in build.case.gamestate.contracts:
        _register(build, name, f"{build.where}: gamestate.contracts")


def contracts_at_start(build: CaseBuild) -> None:
    """The contracts the case begins with: every one is known by name; their parties and body."""
    contracts = build.case.gamestate.contracts
    if not isinstance(contracts, dict):
        return
    for name, spec in contracts.items():
        context = f"{build.where}: gamestate.contracts: {name}"
        c = Name(build.who(name, context))
        for person in spec.parties:
            build.add("party_initially", c, Name(build.who(person, context)))
        for term in contract_provisions(build, spec.provisions, context):
            build.add("provision_initially", c, term)


def _contract(build: CaseBuild, at: EventAt) -> Name:
    if not at.event.contract:
        raise InputError(f"{at.context}: which contract? (contract:)")
    return contract(at.event.contract, build.lexicon, at.context)


def make_contract(build: CaseBuild, at: EventAt) -> None:
    if not at.event.contract:
        raise InputError(f"{at.context}: which contract? (contract: its name)")
    c = _register(build, at.event.contract, at.context, made=True)
    build.add("act", at.number, fact("make_contract", c))
    parties = at.event.parties or [str(at.actor)]
    for person in parties:
        build.add("named_party", at.number, Name(build.who(person, at.context)))
    for term in contract_provisions(build, at.event.provisions, at.context):
        build.add("made_provision", at.number, term)


def _contract_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        build.add("act", at.number, fact(name, _contract(build, at)))
    return builder


def add_party(build: CaseBuild, at: EventAt) -> None:
    if not at.event.to:
        raise InputError(f"{at.context}: who becomes a party? (to:)")
    build.add("act", at.number, fact("add_party", _contract(build, at), Name(build.who(at.event.to, at.context))))


def amend_contract(build: CaseBuild, at: EventAt) -> None:
    c = _contract(build, at)
    build.add("act", at.number, fact("amend_contract", c))
    for term in contract_provisions(build, at.event.provisions, at.context):
        build.add("made_provision", at.number, term)


def consented_action(build: CaseBuild, at: EventAt) -> clingo.Symbol:
    """What a statement of consent (R2519 item 1) agrees to: an action phrase (`action:`)."""
    if at.event.action is None:
        raise InputError(f"{at.context}: consent to what? (office: an office, or action: the action)")
    term, _, _ = action_term(at.event.action, build.lexicon, at.context)
    return term


def withdraw_consent(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("withdraw_consent", consented_action(build, at)))


def flip_donation_level(build: CaseBuild, at: EventAt) -> None:
    """R2631: a contract's donation level (`amount:` 0 to 25; other values are no value of the switch)."""
    if at.event.amount is None:
        raise InputError(f"{at.context}: to which donation level? (amount:)")
    build.add("act", at.number, fact("flip", Name("donation_level"), _contract(build, at), int(at.event.amount)))


def _unavailable(builder):
    """R1742: a change the case finds would make the full provisions or parties publicly unavailable."""
    def build_event(build: CaseBuild, at: EventAt) -> None:
        builder(build, at)
        if at.event.publicly_unavailable:
            build.add("publicly_unavailable", at.number)
    return build_event


EVENTS = {
    "make-contract": make_contract,
    "join-contract": _contract_act("join_contract"),
    "leave-contract": _contract_act("leave_contract"),
    "terminate-contract": _contract_act("terminate_contract"),
    "add-party": add_party,
    "amend-contract": amend_contract,
    "withdraw-consent": withdraw_consent,
    "flip-donation-level": flip_donation_level,
}
EVENTS.update({kind: _unavailable(EVENTS[kind]) for kind in CONTRACT_EVENTS})
