"""Assets (R2166, R2576-R2579, the 2020 economy: encodings/agora/assets.lp, economy.lp): the
holdings a case starts with (`gamestate.assets`: owner -> asset -> number), the asset actions as
events (`transfer`, `destroy`, `create`, `grant`, `revoke`, `pay-fee`, `pay-set`,
`take-over-economy`, `set-total-buoyancy`, `welcome-package`, `birthday-gift`), the economy over time (the Total
Buoyancy, Welcome Packages received, first registrations, the calendar), and the actions a case may name in
free text (declared by a clause that regulates them, a pledge, or `unregulated_actions`)."""

from __future__ import annotations

import re
from typing import Any, Iterable

from adjudicator.agora import auction_statements
from adjudicator.agora.asset_statements import asset, fee_action
from adjudicator.agora.builders.events import EventAt, event_kind
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import parse_time
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, fact, name_of

# the action phrases the statement language knows without a declaration (for "did you mean")
BUILT_IN_ACTIONS = ("register", "deregister", "win the game", "declare apathy", "exile", "make a pledge",
                    "demonstrate a rulebending form", "transcend logic on CFJ N", "create N blots", "petition the X",
                    "levy a fine of N on P for violating RN", "transfer N ASSET to P", "destroy N ASSET",
                    "pay a fee of N ASSET to ACTION", "pay a set of N CARDS", "take over the economy")


def _clause_actions(value: Any) -> Iterable[str]:
    """The actions of every clause (a mapping with a modality), `upon:` and pledge written anywhere
    in a case's data (changes, events, hypotheses, instruments' provisions)."""
    if isinstance(value, dict):
        action = value.get("action")
        if isinstance(action, str) and (value.get("modality") or set(value) == {"action", "provisions"}
                                        or str(value.get("do", "")).strip().lower() == "pledge"):
            yield action
        for item in value.values():
            yield from _clause_actions(item)
    elif isinstance(value, list):
        for item in value:
            yield from _clause_actions(item)


def declared_actions(build: CaseBuild, kinds: Iterable[str] = ()) -> None:
    """No facts: which free-text actions the case declares, for the statement language's check."""
    case = build.case
    data = case.model_dump(mode="json", include={"changes", "events", "hypotheses"})
    written = [*_clause_actions(data), *case.unregulated_actions]
    build.lexicon.declared_actions = {name_of(" ".join(a.lower().split()).rstrip(".")): a for a in written}
    build.lexicon.action_words = (*BUILT_IN_ACTIONS, *kinds)
    auction_statements.declare(case.events, build.lexicon)  # the auctions events and statements may name


def holdings(build: CaseBuild) -> None:
    """R2578: what each owner holds of each asset before the first event."""
    gamestate = build.case.gamestate
    for owner, held in gamestate.assets.items():
        where = f"{build.where}: gamestate.assets"
        who = build.who(owner, where)
        for what, number in held.items():
            term = asset_term(build, what, f"{where}.{owner}")
            older = {"coin": gamestate.coins, "blot": gamestate.blots}.get(term, {})
            if any(build.who(p, where) == who for p in older):
                raise InputError(f"{where}: {owner}'s {what} are given twice (gamestate.{term}s and gamestate.assets)")
            # coins and blots: the facts the older sentences read too (assets.lp makes them holdings)
            name = {"coin": "coins_initially", "blot": "blots_initially"}.get(term)
            if name:
                build.add(name, Name(who), int(number))
            else:
                build.add("holding_initially", term, Name(who), int(number))
    for contract in build.case.gamestate.contracts:
        build.add("contract", Name(build.who(contract, f"{build.where}: gamestate.contracts")))


def _needs(at: EventAt, *fields: str) -> None:
    missing = [f for f in fields if getattr(at.event, f.rstrip("_")) in (None, "")]
    if missing:
        raise InputError(f"{at.context}: a {at.kind} event needs {', '.join(f.rstrip('_') for f in missing)}")


TALISMAN = re.compile(r"(?:the )?talisman (?:for|of) (?P<who>.+)", re.I)


def asset_term(build: CaseBuild, text: str, where: str):
    """An asset class by name, or (R2532) the talisman for a player, `talisman for bob`."""
    m = TALISMAN.fullmatch(" ".join(text.split()))
    if m:
        return fact("talisman", Name(build.who(m["who"], where)))
    return asset(text, where, build.lexicon)


def _asset_amount(build: CaseBuild, at: EventAt) -> tuple[Name, int]:
    _needs(at, "asset")
    term = asset_term(build, at.event.asset, at.context)
    if at.event.amount is None and getattr(term, "name", "") == "talisman":
        return term, 1  # R2532: each talisman is unique
    _needs(at, "amount")
    return term, int(at.event.amount)


def transfer(build: CaseBuild, at: EventAt) -> None:
    """R2577: the actor's own assets, or (`from:`) another's, as a rule or contract may allow."""
    what, n = _asset_amount(build, at)
    _needs(at, "to")
    to = Name(build.who(at.event.to, at.context))
    source = Name(build.who(at.event.from_, at.context)) if at.event.from_ else at.actor
    if source == at.actor:
        build.add("act", at.number, fact("transfer", what, n, to))
    else:
        build.add("act", at.number, fact("transfer_from", what, n, source, to))


def destroy(build: CaseBuild, at: EventAt) -> None:
    what, n = _asset_amount(build, at)
    build.add("act", at.number, fact("destroy", what, n))


def create(build: CaseBuild, at: EventAt) -> None:
    what, n = _asset_amount(build, at)
    build.add("act", at.number, fact("create", what, n))


def grant(build: CaseBuild, at: EventAt) -> None:
    what, n = _asset_amount(build, at)
    _needs(at, "to")
    build.add("act", at.number, fact("grant", what, n, Name(build.who(at.event.to, at.context))))


def revoke(build: CaseBuild, at: EventAt) -> None:
    what, n = _asset_amount(build, at)
    owner = at.event.from_
    if not owner:
        raise InputError(f"{at.context}: a revoke event needs from (whose assets)")
    build.add("act", at.number, fact("revoke", what, n, Name(build.who(owner, at.context))))


def pay_fee(build: CaseBuild, at: EventAt) -> None:
    """R2579: the announcement names the fee (asset, amount) and the action it pays for."""
    what, n = _asset_amount(build, at)
    _needs(at, "action")
    low = " ".join(at.event.action.lower().split()).rstrip(".")
    inner, _, _ = fee_action(low, build.lexicon, at.context, action_term)
    build.add("act", at.number, fact("pay_fee", what, n, inner))


def pay_set(build: CaseBuild, at: EventAt) -> None:
    what, n = _asset_amount(build, at)
    build.add("act", at.number, fact("pay_set", what, n))


def take_over_economy(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("take_over_economy"))


# the Total Buoyancy times 10 boatloads stays within the solver's 32 bits (R2635)
MAX_BUOYANCY = 10_000_000


def _buoyancy(value: int, where: str) -> int:
    if value > MAX_BUOYANCY:
        raise InputError(f"{where}: a Total Buoyancy of {value} is more than the judge counts ({MAX_BUOYANCY:,})")
    return int(value)


def set_total_buoyancy(build: CaseBuild, at: EventAt) -> None:
    """R2634: the Treasuror sets the Total Buoyancy by announcement (`amount:`)."""
    _needs(at, "amount")
    build.add("act", at.number, fact("set_total_buoyancy", _buoyancy(at.event.amount, at.context)))


def welcome_package(build: CaseBuild, at: EventAt) -> None:
    """R2499: any player causes a player (`to:`) to receive a Welcome Package by announcement."""
    _needs(at, "to")
    build.add("act", at.number, fact("welcome_package", Name(build.who(at.event.to, at.context))))


def birthday_gift(build: CaseBuild, at: EventAt) -> None:
    """R2585: another player grants a player (`to:`) boatloads of coins during eir Agoran Birthday."""
    _needs(at, "to")
    build.add("act", at.number, fact("birthday_gift", Name(build.who(at.event.to, at.context))))


def economy_over_time(build: CaseBuild) -> None:
    """R2634, R2559, R2499: the Total Buoyancy the case begins with, the Welcome Packages received
    before it, and (where the case gives or sets the Total Buoyancy) the years whose months begin
    with a Payday (culture.lp's calendar)."""
    gamestate, where = build.case.gamestate, build.where
    if gamestate.total_buoyancy is not None:
        build.add("buoyancy_initially", _buoyancy(gamestate.total_buoyancy, f"{where}: gamestate.total_buoyancy"))
    for person, moment in gamestate.welcome_packages.items():
        context = f"{where}: gamestate.welcome_packages"
        build.add("welcome_package_initially", Name(build.who(person, context)),
                  build.minutes(parse_time(moment, f"{context}.{person}")))
    for person, moment in gamestate.first_registered.items():
        day = parse_time(moment, f"{where}: gamestate.first_registered.{person}")
        build.add("first_registered", Name(build.who(person, f"{where}: gamestate.first_registered")),
                  day.year, day.month, day.day)
    sets = any(event_kind(e) == "set-total-buoyancy" for e in build.case.events)
    paydays = gamestate.total_buoyancy is not None or sets
    text = "\n".join(build.program)
    if build.epoch is None or not (paydays or "birthday_gift(" in text or "birthday_query(" in text):
        return
    if paydays:
        build.add("paydays_tracked")
    build.add_year_starts()


EVENTS = {"transfer": transfer, "destroy": destroy, "create": create, "grant": grant, "revoke": revoke,
          "pay-fee": pay_fee, "pay-set": pay_set, "take-over-economy": take_over_economy,
          "set-total-buoyancy": set_total_buoyancy, "welcome-package": welcome_package,
          "birthday-gift": birthday_gift}


def _enacted_ids(value: Any) -> Iterable[int]:
    """The ids of rules enacted anywhere in a case's data (its changes, instruments, hypotheses)."""
    if isinstance(value, dict):
        enact = value.get("enact")
        if isinstance(enact, dict) and isinstance(enact.get("id"), int):
            yield enact["id"]
        for item in value.values():
            yield from _enacted_ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _enacted_ids(item)


def check_rules_named(build: CaseBuild, rules: Iterable[int], where: str) -> None:
    """A rule a statement names is one of the ruleset (in force or repealed) or one the case enacts."""
    rules = set(rules)
    if not rules:
        return
    ruleset = build.ruleset
    known = {rule.id for rule in [*ruleset.rules, *getattr(ruleset, "repealed", [])] if rule.id is not None}
    if rules - known:  # the case's own data is read only for a rule the ruleset does not have
        known |= set(_enacted_ids(build.case.model_dump(mode="json", include={"changes", "events", "hypotheses"})))
    unknown = sorted(rules - known)
    if unknown:
        spelled = {f"r{r}": f"R{r}" for r in known}
        raise InputError(f"{where}: 'R{unknown[0]}' is not a rule of this case's ruleset or changes "
                         f"({nearest_names(f'r{unknown[0]}', spelled)})")
