"""An obligation's key in words: what a `violation(A, R, Key)` of the judge's model was a breach
of. The keys are the encodings' (the first argument of obligation_trigger/6, of advice_trigger/6
for a SHOULD, and the third of a violation/3 an event commits without an obligation); each is
worded here from its arguments (events by their labels, weeks and months by their dates, offices by
their names, actions as the statement language writes them), so an explanation never prints a raw
term such as `weekly_report(adop,-1)`."""

from __future__ import annotations

from datetime import timedelta
from typing import Callable

import clingo

from adjudicator.agora.asset_statements import action_words
from adjudicator.agora.office_names import known


def _office(term: clingo.Symbol) -> str:
    return known().office_shown.get(str(term), str(term).replace("_", " "))


def _week(term: clingo.Symbol, epoch) -> str:
    """Week W counts from the case's epoch, a Monday 00:00 UTC (encodings/core/calendar.lp)."""
    return (epoch + timedelta(days=7 * term.number)).strftime("%Y-%m-%d")


def _month(year: clingo.Symbol, month: clingo.Symbol) -> str:
    return f"{year.number:04d}-{month.number:02d}"


def _words(term: clingo.Symbol) -> str:
    return str(term).replace("_", " ")


def _term_words(term: clingo.Symbol) -> str:
    """A term of no table below: its name and its arguments' words (`play tournament cup`)."""
    if term.type != clingo.SymbolType.Function or not term.arguments:
        return _words(term)
    return " ".join([term.name.replace("_", " "), *(_term_words(a) for a in term.arguments)]).strip()


def _action(term: clingo.Symbol) -> str:
    """An action a regulation or a contract requires: an asset action as the statement language
    writes it (`transfer 1 coin to carol`), another by its words."""
    return action_words(term) or _term_words(term)


def _regulation(term: clingo.Symbol) -> str:
    """reg(N) or er(N) (regulations.lp): the regulation by its name."""
    name = _term_words(term.arguments[0]) if term.arguments else _words(term)
    return f"Emergency Regulation {name}" if term.name == "er" else f"regulation {name}"


def _r2574_action(term: clingo.Symbol, who: Callable[[clingo.Symbol], str]) -> str:
    """An action of R2574's with-notice paragraph (zombies.lp's terms)."""
    if term.name == "transfer_from":
        return f"transferring the talisman for {who(term.arguments[0].arguments[0])} from {who(term.arguments[2])} to Agora"
    if term.name == "excess":
        return f"transferring to Agora one of the talismans for others that {who(term.arguments[0])} holds"
    if term.name == "deregister_zombie":
        return f"deregistering the zombie {who(term.arguments[0])}"
    return _words(term)


def _reward_condition(term: clingo.Symbol, event: Callable[[clingo.Symbol], str]) -> str:
    """An R2496 reward condition (rewards.lp's terms)."""
    argument = term.arguments[0] if term.arguments else term
    words = {"judging_cfj": f"judging CFJ {argument}", "authoring_proposal": f"authoring proposal {argument}",
             "resolving_referendum": f"resolving the referendum on proposal {argument}", "thesis": f"a thesis ({_words(argument)})"}
    if term.name == "publishing_report":
        return f"publishing the report of {event(argument)}"
    return words.get(term.name, _words(term))


# key name -> (the key's arguments, event words, person words, epoch) -> the duty in words
Worder = Callable[[list[clingo.Symbol], Callable[[clingo.Symbol], str], Callable[[clingo.Symbol], str], object], str]
KEY_WORDS: dict[str, Worder] = {
    "weekly_report": lambda a, ev, who, epoch: f"the {_office(a[0])}'s weekly report, week of {_week(a[1], epoch)}",
    "report_contents": lambda a, ev, who, epoch: (f"the contents of the {_office(a[0])}'s weekly report, "
                                                  f"week of {_week(a[1], epoch)}"),
    "monthly_report": lambda a, ev, who, epoch: f"the {_office(a[0])}'s monthly report, {_month(a[1], a[2])}",
    "monthly_duty": lambda a, ev, who, epoch: f"the {_office(a[0])}'s monthly report and its contents, {_month(a[1], a[2])}",
    "collection": lambda a, ev, who, epoch: f"the Stonemason's collection notice, {_month(a[0], a[1])}",
    "petition": lambda a, ev, who, epoch: f"responding in a timely fashion to the petition of {ev(a[0])}",
    "pledge": lambda a, ev, who, epoch: f"the pledge of {ev(a[0])}",
    "finger": lambda a, ev, who, epoch: f"concluding the investigation of the finger pointed in {ev(a[0])}",
    "indictment": lambda a, ev, who, epoch: f"the decisions on the Indictment of {ev(a[0])}",
    "cantus": lambda a, ev, who, epoch: f"the Writ of FAGE for the Cantus Cygneus of {ev(a[0])}",
    "birthday_regulations": lambda a, ev, who, epoch: f"proposing the regulations of the Birthday Tournament of {a[0]}",
    "annotation": lambda a, ev, who, epoch: (f"a reasonably accurate annotation of the change to R{a[1]} at {ev(a[2])}, "
                                             f"in the Full Logical Ruleset of {ev(a[0])}"),
    "opportunities": lambda a, ev, who, epoch: (f"assigning judges so that interested players have reasonably equal "
                                                f"opportunities to judge (the assignment of {ev(a[0])})"),
    "fage_notation": lambda a, ev, who, epoch: (f"noting {who(a[1])}'s deregistration in a Writ of FAGE in the "
                                                f"Registrar's monthly report of {ev(a[0])}"),
    "champion": lambda a, ev, who, epoch: f"awarding Champion to {who(a[0])} for the win at {ev(a[1])}",
    "reward": lambda a, ev, who, epoch: f"the reward of {who(a[0])} for {_reward_condition(a[1], ev)}, earned at {ev(a[2])}",
    "assign_duty": lambda a, ev, who, epoch: f"assigning CFJ {a[0]} (unassigned at {ev(a[1])})",
    "judging": lambda a, ev, who, epoch: f"judging CFJ {a[0]} (assigned at {ev(a[1])})",
    "moot": lambda a, ev, who, epoch: f"deciding the Motion to Moot CFJ {a[0]} of {ev(a[1])}",
    "recusal": lambda a, ev, who, epoch: f"recusing the late judge of CFJ {a[0]} (assigned at {ev(a[1])})",
    "doubt": lambda a, ev, who, epoch: f"answering the doubt of {ev(a[0])}",
    "glitter": lambda a, ev, who, epoch: f"granting the Glitter of {ev(a[0])}",
    "stone_auction_after": lambda a, ev, who, epoch: f"auctioning stones after the notice of {ev(a[0])}",
    "regulation_duty": lambda a, ev, who, epoch: f"the duty of {who(a[1])} under {_regulation(a[0])} to {_action(a[2])}",
    "contract_duty": lambda a, ev, who, epoch: f"the duty of {who(a[1])} under contract {_term_words(a[0])} to {_action(a[2])}",
    "victory_auction": lambda a, ev, who, epoch: f"conducting a victory auction in {_month(a[0], a[1])}",
    "zombie_auction": lambda a, ev, who, epoch: (f"initiating a zombie auction, or announcing that none is necessary, "
                                                 f"after the beginning of {_month(a[0], a[1])}"),
    "registrar_r2574": lambda a, ev, who, epoch: f"{_r2574_action(a[1], who)} after the Registrar's report of {ev(a[0])}",
    "economy_report": lambda a, ev, who, epoch: f"reporting the Ministry of Economy's Grant, {_month(a[0], a[1])}",
    "legacy_duty": lambda a, ev, who, epoch: f"the Ministor's Legacy grant, {_month(a[0], a[1])}",
    # violations an event commits (violation/3 of the encodings, not through an obligation)
    "texts": lambda a, ev, who, epoch: (f"publishing the full texts of the Indictment and the defence in the message "
                                        f"initiating its decisions ({ev(a[0])})"),
    "fine_after_acquittal": lambda a, ev, who, epoch: (f"not imposing a fine for a crime its Indictment's decision to "
                                                       f"convict rejected (the fine of {ev(a[0])})"),
    "masterminding": lambda a, ev, who, epoch: f"not causing a zombie to perform an ILLEGAL action ({ev(a[0])})",
    "behalf": lambda a, ev, who, epoch: f"not acting on behalf of another person so as to make em violate the rules ({ev(a[0])})",
    # advice (SHOULD, advice_trigger/6): recorded, never a violation
    "victory_auctions": lambda a, ev, who, epoch: f"conducting a victory auction at least twice in {_month(a[0], a[1])}",
    "auction_methods": lambda a, ev, who, epoch: f"promulgating regulations that define auction methods (auction {_term_words(a[0])})",
    "list": lambda a, ev, who, epoch: f"publishing a list of the supporters and objectors of the action of {ev(a[0])}",
    "fix": lambda a, ev, who, epoch: f"submitting a proposal to prevent the paradox of the win at {ev(a[0])}",
}


def obligation_words(key: clingo.Symbol, event_words: Callable[[clingo.Symbol], str],
                     person_words: Callable[[clingo.Symbol], str], epoch) -> str:
    """The duty `key` names, in words; a key of an unknown shape as the encodings write it."""
    worder = KEY_WORDS.get(key.name)
    if worder is None:
        return _words(key)
    try:
        return worder(list(key.arguments), event_words, person_words, epoch)
    except (IndexError, RuntimeError):  # a key of another arity than the table's
        return _words(key)
