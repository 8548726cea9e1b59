"""Instruments (R2140, R105): an instrument of some Power, or a demonstration of a form, and its
provisions (win, register, earn coin, grant blots, repeal, set power, enact, a duty a regulation imposes, and
R2614's transfers and destructions of assets, removals from office, Festivity and extended deadlines)."""

from __future__ import annotations

import clingo
from pydantic import ValidationError

from adjudicator.agora import office_names
from adjudicator.agora.asset_statements import asset
from adjudicator.agora.builders.entities import amendment_effects
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.office_provisions import provision as office_provision
from adjudicator.agora.builders.ribbons import ribbon_provision
from adjudicator.agora.builders.rules import add_rule, power_units
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.fora_statements import PUBLICITY, forum, publicity
from adjudicator.agora.case import AddedRule, Amendment, GrantBlots, SetPower, solver_int
from adjudicator.agora.regulation_statements import asset_definition
from adjudicator.agora.statements import action_term
from adjudicator.agora.stone_statements import decision_term
from adjudicator.errors import InputError
from adjudicator.inputs import validation_problems
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, fact


def instrument(build: CaseBuild, at: EventAt) -> None:
    if at.event.power is None:
        raise InputError(f"{at.context}: an instrument needs its power")
    build.add("act", at.number, Name("instrument"))
    build.add("instrument_power", at.number, power_units(at.event.power, at.context))
    _provisions(build, at)


def demonstrate_form(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("demonstrate_form"))
    _provisions(build, at)


def _provisions(build: CaseBuild, at: EventAt) -> None:
    for k, provision in enumerate(at.event.provisions, 1):
        build.add_all(provision_facts(build, at.number, k, provision, f"{at.context}: provision {k}"))


def _provision_part(model, value, context: str):
    """A provision's value checked against its model: bad shapes are InputErrors, not KeyErrors."""
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        raise InputError(f"{context}: {validation_problems(exc)}") from None


def _persons(value) -> list:
    return value if isinstance(value, list) else [value]


def provision_facts(build: CaseBuild, e: int, k: int, provision: dict, context: str) -> list[clingo.Symbol]:
    """Provision `k` of the instrument of event `e`."""
    if not isinstance(provision, dict) or len(provision) != 1:
        raise InputError(f"{context}: a provision is a one-key mapping, e.g. {{win: [alice]}}")
    (key, value), = provision.items()
    key = key.lower().replace("_", " ")
    who = build.who
    if key == "win":
        return [fact("provision", e, fact("win", Name(who(p, context)))) for p in _persons(value)]
    if key == "register":
        return [fact("provision", e, fact("register", Name(who(value, context))))]
    if key in ("register one of", "earn coin one of"):
        group = f"g{e}_{k}"
        kind = "register_one_of" if key.startswith("register") else "earn_coin_one_of"
        return [fact("provision", e, fact(kind, Name(group))),
                *(fact("one_of", Name(group), Name(who(p, context))) for p in _persons(value))]
    if key == "earn coin":
        return [fact("provision", e, fact("earn_coin", Name(who(value, context))))]
    if key == "grant blots":
        grant = _provision_part(GrantBlots, value, context)
        return [fact("provision", e, fact("grant_blots", Name(who(grant.to, context)), grant.amount))]
    if key == "repeal":
        return [fact("provision", e, fact("repeal", solver_int(value, context)))]
    if key == "set power":
        change = _provision_part(SetPower, value, context)
        return [fact("provision", e, fact("set_power", change.rule, power_units(change.to, context)))]
    if key == "enact":
        rule = _provision_part(AddedRule, value, context)
        term = add_rule(build, rule, context, e)
        return [fact("provision", e, fact("enact", term, power_units(rule.power, context)))]
    if key == "duty":
        return [fact("provision", e, _duty(build, value, context))]
    if key == "amend":  # R105 with R1586: an amendment's effect on the entities its rule defines
        amendment = _provision_part(Amendment, value, context)
        if amendment.clauses or amendment.remove:
            raise InputError(f"{context}: amend: an instrument's amendment gives undefines:, redefines: or renames: "
                             "(clauses are a hypothetical change's, `changes:`)")
        amendment_effects(build, e, amendment, context)
        return [fact("provision", e, fact("amend", amendment.rule))]
    moved = _assets_and_switches(build, key, value, context)
    if moved is not None:
        return [fact("provision", e, moved)]
    offices_and_titles = office_provision(build, e, key, value, context)
    if offices_and_titles is not None:
        return offices_and_titles
    ribbons = ribbon_provision(build, e, key, value, context)
    if ribbons is not None:
        return ribbons
    if key == "define asset":  # R2166: a regulation with Mint Authority (R2464, R2614)
        return asset_definition(build, e, value, context)
    if key == "extend deadline":  # R2614: an Emergency Regulation extends deadlines
        return [fact("provision", e, _extension(build, value, context))]
    if key == "extend voting period":  # R2614: "such as the end of voting period" (decision_inputs.py)
        if not isinstance(value, dict) or set(map(str, value)) != {"decision", "days"}:
            raise InputError(f"{context}: extend voting period: give decision: and days:")
        days = solver_int(value["days"], f"{context}.days")
        if not 1 <= days <= MAX_EXTENSION_DAYS:
            raise InputError(f"{context}: extend voting period: days: a number of days from 1 to {MAX_EXTENSION_DAYS}, "
                             f"not {days}")
        decision = build.lexicon.decision(str(value["decision"]), f"{context}.decision")
        return [fact("provision", e, fact("extend_voting_period", decision_term(str(decision)), days))]
    raise InputError(f"{context}: unknown provision {key!r} (win, register, register one of, earn coin, "
                     "earn coin one of, grant blots, repeal, set power, enact, amend, duty, install, award title, revoke title, "
                     "transfer, destroy, remove, flip festivity, flip publicity, award ribbon, revoke ribbon, earn ribbon, define asset, "
                     "extend deadline, extend voting period)")


MAX_EXTENSION_DAYS = 10**4  # in minutes far below clingo's 32-bit limit
ASSET_PARTS = {"transfer": ("asset", "amount", "from", "to"), "destroy": ("asset", "amount", "from")}


def _assets_and_switches(build: CaseBuild, key: str, value, context: str) -> clingo.Symbol | None:
    """R2614's provisions: `transfer: {asset: coins, amount: 2, from: bob, to: carol}`, `destroy:
    {asset: coins, amount: 1, from: bob}`, `remove: Prime Minister` (the office becomes vacant),
    `flip festivity: 2`; None for another key."""
    if key in ASSET_PARTS:
        parts = ASSET_PARTS[key]
        if not isinstance(value, dict) or set(map(str, value)) != set(parts):
            raise InputError(f"{context}: {key}: give {', '.join(p + ':' for p in parts)}")
        kind, amount = asset(str(value["asset"]), f"{context}.asset", build.lexicon), solver_int(value["amount"], f"{context}.amount")
        owner = Name(build.who(str(value["from"]), f"{context}.from"))
        if key == "destroy":
            return fact("destroy_assets", kind, amount, owner)
        return fact("transfer_assets", kind, amount, owner, Name(build.who(str(value["to"]), f"{context}.to")))
    if key == "remove":
        return fact("vacate", office_names.office(str(value), context))
    if key == "flip festivity":
        return fact("flip", Name("festivity"), Name("agora"), solver_int(value, context))
    if key == "flip publicity":  # R2614: "Modify the Publicity of fora"
        if not isinstance(value, dict) or set(map(str, value)) != {"forum", "to"}:
            raise InputError(f"{context}: flip publicity: give forum: and to:")
        return fact("flip", PUBLICITY, forum(build.lexicon, value["forum"], f"{context}.forum"),
                    publicity(value["to"], f"{context}.to"))
    return None


def _duty(build: CaseBuild, value, context: str) -> clingo.Symbol:
    """A provision requiring a person to act within some days: {who: bob, action: ..., days: 7}."""
    if not isinstance(value, dict) or not {"who", "action", "days"} <= set(value):
        raise InputError(f"{context}: duty: give who:, action: and days:")
    term, _, _ = action_term(str(value["action"]), build.lexicon, context)
    return fact("duty", Name(build.who(str(value["who"]), context)), term, solver_int(value["days"], context))


def _extension(build: CaseBuild, value, context: str) -> clingo.Symbol:
    """R2614: `extend deadline: {who: bob, rule: 2143, days: 3}`: the deadlines of the obligations rule
    2143 places on bob are extended by 3 days."""
    if not isinstance(value, dict) or set(map(str, value)) != {"who", "rule", "days"}:
        raise InputError(f"{context}: extend deadline: give who:, rule: and days:")
    days = solver_int(value["days"], f"{context}.days")
    if not 1 <= days <= MAX_EXTENSION_DAYS:
        raise InputError(f"{context}: extend deadline: days: a number of days from 1 to {MAX_EXTENSION_DAYS}, not {days}")
    rule, known = solver_int(value["rule"], f"{context}.rule"), build.lexicon.rule_texts
    if known and rule not in known:
        raise InputError(f"{context}.rule: {rule} is no rule of the case's ruleset "
                         f"({nearest_names(str(rule), [str(r) for r in known])})")
    return fact("extend_deadline", Name(build.who(str(value["who"]), context)), rule, days)


EVENTS = {"instrument": instrument, "demonstrate-form": demonstrate_form}
