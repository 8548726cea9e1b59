"""Assets in the statement language and in action phrases (encodings/agora/assets.lp, economy.lp).

The classes of assets and their names are the rules' (`asset_name/3` in economy.lp, read once
with clingo); a name the rules do not define is refused naming the nearest ones. Action phrases:
`transfer 5 coins to carol`, `destroy 2 coins`, `create 3 Victory Cards`, `grant 1 Voting Card to
bob`, `revoke 2 coins from bob`, `pay a fee of 1 Blot-B-Gone to expunge a blot from bob`, `pay a
set of 2 Victory Cards`, `take over the economy`. A free-text action (any other lower-case words)
must be declared: by a clause of the case that regulates it, a pledge, or `unregulated_actions`.
Sentences: `bob owns at least 1 Victory Card`, `carol won by VP`, `the transfer in event 3 was
EFFECTIVE`, `carol received a Welcome Package`, `the Payday of December 2020 gave bob 10 coins`, `the
Total Buoyancy is 2600`, `it is bob's Agoran Birthday`; action phrases also `set the total buoyancy
to 2600`, `cause bob to receive a Welcome Package`, `give bob a birthday gift`. This module gives literals (clingo AST); statements.py makes them nodes."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, Var, atom, compare, fact, name_of, negated

PT = Var("PT")
NUMBER = r"(?P<n>\d+|an?|one)"


@lru_cache(maxsize=1)
def asset_names() -> dict[str, str]:
    """Every spelling of an asset class the rules define (lower case, hyphens as spaces) -> its term."""
    from adjudicator.solving import solve
    from adjudicator.solving.terms import Atoms

    result = solve(["agora/economy.lp"], "#show asset_name/3.", timeout=10, what="reading the asset classes")
    names: dict[str, str] = {}
    for term, singular, plural in Atoms(result.models[0] if result.models else []).terms("asset_name", 3):
        for spelling in (term.name, term.name.replace("_", " "), singular.string, plural.string):
            names[_spelling(spelling)] = term.name
    return names


def _spelling(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def asset(text: str, where: str, lexicon=None) -> Name:
    """An asset class by any of its names (`coins`, `Victory Card`, `blot-b-gones`), or refused; with
    the case's lexicon, also a class the case's regulations define (`lexicon.assets`, R2166)."""
    spelled = _spelling(text)
    names = {**asset_names(), **(lexicon.assets if lexicon is not None else {})}
    if spelled in names:
        return Name(names[spelled])
    raise InputError(f"{where}: {excerpt(text.strip())} is not an asset the rules define ({nearest_names(spelled, {s: s for s in names})})")


def amount(text: str, where: str) -> int:
    from adjudicator.agora.case import solver_int

    return 1 if text.lower() in ("a", "an", "one") else solver_int(text, where)


ActionTerm = Callable[[str, object, str], tuple]


def asset_action(low: str, lexicon, where: str, action_term: ActionTerm):
    """The typed term of an asset action phrase (lower case, one space), or None if it is not one."""
    m = re.fullmatch(r"(?:transfer|give) (?:the )?talisman (?:for|of) (?P<whose>.+?) from (?P<source>.+?) to (?P<who>.+)", low)
    if m:  # R2532: a talisman is unique, named by its player
        whose, source, to = (lexicon.person(m[g], where) for g in ("whose", "source", "who"))
        return fact("transfer_from", fact("talisman", whose), 1, source, to), [whose, source, to], []
    m = re.fullmatch(r"deregister (?:the )?zombie (?P<who>.+)", low)
    if m:  # R2574: deregistering a zombie (with notice)
        who = lexicon.person(m["who"], where)
        return fact("deregister_zombie", who), [who], []
    m = re.fullmatch(rf"(?:transfer|give) {NUMBER} (?P<what>.+?) from (?P<source>.+?) to (?P<who>.+)", low)
    if m:
        source, to = lexicon.person(m["source"], where), lexicon.person(m["who"], where)
        return fact("transfer_from", asset(m["what"], where, lexicon), amount(m["n"], where), source, to), [source, to], []
    m = re.fullmatch(rf"(?:transfer|give) {NUMBER} (?P<what>.+?) to (?P<who>.+)", low)
    if m:
        to = lexicon.person(m["who"], where)
        return fact("transfer", asset(m["what"], where, lexicon), amount(m["n"], where), to), [to], []
    m = re.fullmatch(rf"(?P<verb>destroy|create) (?P<n>\d+) (?P<what>.+)", low)
    if m:
        return fact(m["verb"], asset(m["what"], where, lexicon), amount(m["n"], where)), [], []
    m = re.fullmatch(rf"(?P<verb>grant|revoke) {NUMBER} (?P<what>.+?) (?:to|from) (?P<who>.+)", low)
    if m:
        who = lexicon.person(m["who"], where)
        return fact(m["verb"], asset(m["what"], where, lexicon), amount(m["n"], where), who), [who], []
    m = re.fullmatch(rf"pay a fee of {NUMBER} (?P<what>.+?) (?:to|for) (?P<action>.+)", low)
    if m:
        inner, persons, rules = fee_action(m["action"], lexicon, where, action_term)
        return fact("pay_fee", asset(m["what"], where, lexicon), amount(m["n"], where), inner), persons, rules
    m = re.fullmatch(rf"pay a set of {NUMBER} (?P<what>.+)", low)
    if m:
        return fact("pay_set", asset(m["what"], where, lexicon), amount(m["n"], where)), [], []
    if low in ("take over the economy", "take over economy"):
        return fact("take_over_economy"), [], []
    return economy_action(low, lexicon, where)


def economy_action(low: str, lexicon, where: str):
    """R2634's and R2499's actions: `set the total buoyancy to 2600`, `cause bob to receive a
    welcome package` (or `give bob a welcome package`); None if the phrase is neither."""
    m = re.fullmatch(r"set the total buoyancy to (?P<n>\d+)", low)
    if m:
        return fact("set_total_buoyancy", amount(m["n"], where)), [], []
    m = re.fullmatch(r"(?:give|grant) (?P<who>.+?) an? birthday gift", low)
    if m:
        who = lexicon.person(m["who"], where)
        return fact("birthday_gift", who), [who], []
    m = (re.fullmatch(r"cause (?P<who>.+?) to receive an? welcome package", low)
         or re.fullmatch(r"give (?P<who>.+?) an? welcome package", low))
    if m:
        who = lexicon.person(m["who"], where)
        return fact("welcome_package", who), [who], []
    return None


def fee_action(text: str, lexicon, where: str, action_term: ActionTerm):
    """The action a fee pays for (R2579): R2555's expunging, R2422's Buy Strength, or any action."""
    m = re.fullmatch(r"expunge (?:a|1|one) blot(?: from (?P<who>.+))?", text)
    if m:
        who = lexicon.person(m["who"], where) if m["who"] else None
        return fact("expunge_blot", who if who is not None else Name("self")), [who] if who else [], []
    m = re.fullmatch(r"buy strength(?: on (?:the )?(?:decision |proposal )?#?(?P<d>\w+))?", text)
    if m:
        return fact("buy_strength", Name(name_of(m["d"] or "any"))), [], []
    return action_term(text, lexicon, where)


def check_declared(low: str, lexicon, where: str) -> None:
    """A free-text action is one the case declares (a clause regulating it, a pledge, or
    `unregulated_actions`); anything else is a misspelling or an action no rule regulates."""
    declared = getattr(lexicon, "declared_actions", None)
    if declared is None or name_of(low) in declared:
        return
    known = {**{_spelling(w): w for w in getattr(lexicon, "action_words", ())}, **{_spelling(v): v for v in declared.values()}}
    raise InputError(f"{where}: {excerpt(low)} is an action no rule of this case regulates ({nearest_names(_spelling(low), known)}); "
                     "a free-text action is declared by the clause that regulates it, or by unregulated_actions:")


# ---------------------------------------------------------------- sentences

# R2578: a holding compared with N, as thresholds the encodings answer (holds_at_least/4): the
# least number it must reach (or None), and the number it must stay below (or None)
OWNS = {"at least": (0, None), "more than": (1, None), "exactly": (0, 1), "no more than": (None, 1),
        "at most": (None, 1), "fewer than": (None, 0), "less than": (None, 0), "": (0, 1)}
WE = Var("WE")


def owns_asset(who: Name, what: Name, n: int, cmp: str) -> dict:
    """R2578: `who` holds n of `what` (compared as `cmp`: at least, more than, exactly, ...), as the
    thresholds the encodings answer."""
    reach, below = OWNS[" ".join(cmp.lower().split())]
    literals = [atom("point", PT)]
    if reach is not None:
        literals.append(atom("holds_at_least", what, who, PT, n + reach))
    if below is not None:
        literals.append(negated(atom("holds_at_least", what, who, PT, n + below)))
    thresholds = [n + t for t in (reach, below) if t is not None]
    return dict(literals=literals, facts=[atom("holding_query", what, who, PT, t) for t in thresholds], persons=[who])


def _owns(m, lexicon, where):
    who = lexicon.person(m["who"], where)
    what = asset(m["what"], where, lexicon)
    if m["n"].lower() == "no":  # owns no X: fewer than 1
        return owns_asset(who, what, 1, "fewer than")
    return owns_asset(who, what, amount(m["n"], where), m["cmp"] or "")


def _transferred(m, lexicon, where):
    """R2577: an EFFECTIVE transfer by the person, by the statement's time (of exactly N, or at least
    one for "a coin"), to the recipient named, if any."""
    who = lexicon.person(m["who"], where)
    what = asset(m["what"], where, lexicon)
    to = lexicon.person(m["to"], where) if m["to"] else Var("_")
    source = lexicon.person(m["source"], where) if m["source"] else Var("_")
    n, e, k = Var("TN"), Var("TE"), Var("TK")
    wanted = amount(m["n"], where)
    size = compare(n, ">=", 1) if m["n"].lower() in ("a", "an", "one") and not m["exactly"] else compare(n, "=", wanted)
    return dict(literals=[atom("transferred", who, what, n, source, to, e), size, atom("point_state", PT, k),
                          compare(e, "<=", k)], persons=[who, *(p for p in (to, source) if isinstance(p, Name))])


def _balance_change(m, lexicon, where):
    """R2578: "the x balance of an entity" changed by N in an event."""
    who = lexicon.person(m["who"], where)
    e = lexicon.event(m["event"], where)
    n = amount(m["n"], where) * (-1 if m["dir"].lower() == "decreased" else 1)
    return dict(literals=[atom("point", PT), atom("asset_change", asset(m["what"], where, lexicon), who, n, e)],
                persons=[who], events=[e])


def _won_by_vp(m, lexicon, where):
    who = lexicon.person(m["who"], where)
    return dict(literals=[atom("won", who, WE), atom("took_over", who, WE), atom("point_state", PT, Var("WK")),
                          compare(WE, "<=", Var("WK"))], persons=[who])


def _zombie(m, lexicon, where):
    """R2532: a player who is not eir own master is a zombie (syn. inactive); eir own master, active."""
    who = lexicon.person(m["who"], where)
    state = " ".join(m["state"].lower().split())
    negative = bool(m["neg"])
    zombie = state in ("a zombie", "inactive")
    literal = atom("zombie_at" if zombie else "active_at", who, PT)
    literals = [atom("point", PT), negated(literal)] if negative else [literal]
    return dict(literals=literals, facts=[atom("zombie_query", who, PT)], persons=[who])


def _master(m, lexicon, where):
    """R2532: the master of a player is the entity that possesses the talisman for em."""
    master, who = lexicon.person(m["master"], where), lexicon.person(m["who"], where)
    return dict(literals=[atom("master_at", who, master, PT)], facts=[atom("master_query", who, master, PT)],
                persons=[who, master])


def _resale(m, lexicon, where):
    """R2574, R2639: a zombie's resale value."""
    who = lexicon.person(m["who"], where)
    return dict(literals=[atom("resale_value", who, amount(m["n"], where), PT)], facts=[atom("resale_query", who, PT)],
                persons=[who])


def _welcome(m, lexicon, where):
    """R2499: the player received a Welcome Package by the statement's time (or did not)."""
    who = lexicon.person(m["who"], where)
    received = atom("welcome_by", who, PT)
    literals = [atom("point", PT), negated(received)] if m["neg"] else [received]
    return dict(literals=literals, facts=[atom("welcome_query", who, PT)], persons=[who])


MONTHS = {name: number for number, name in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"), 1)}


def _month(text: str, where: str) -> tuple[int, int]:
    """`December 2020` or `2020-12`: a year and a month."""
    words = " ".join(text.lower().split())
    m = re.fullmatch(r"(?P<month>[a-z]+) (?P<year>\d{4})", words) or re.fullmatch(r"(?P<year>\d{4})-(?P<month>\d{1,2})", words)
    month = (MONTHS.get(m["month"]) if m and not m["month"].isdigit() else int(m["month"]) if m else None)
    if month is None or not 1 <= month <= 12:
        raise InputError(f"{where}: {excerpt(text)} is not a month (write December 2020 or 2020-12)")
    return int(m["year"]), month


def _payday(m, lexicon, where):
    """R2559: what the Payday at the beginning of a month gave a player (no coins: not an active player)."""
    who = lexicon.person(m["who"], where)
    year, month = _month(m["month"], where)
    n = 0 if m["n"].lower() == "no" else amount(m["n"], where)
    return dict(literals=[atom("point", PT), atom("payday_gave", who, year, month, n)],
                facts=[atom("payday_query", who, year, month)], persons=[who])


def _birthday(m, lexicon, where):
    """R2585: it is the player's Agoran Birthday at the statement's time (or it is not)."""
    who = lexicon.person(m["who"], where)
    today = atom("player_birthday_at", who, PT)
    literals = [atom("point", PT), negated(today)] if m["neg"] else [today]
    return dict(literals=literals, facts=[atom("birthday_query", who, PT)], persons=[who])


def _buoyancy(m, lexicon, where):
    """R2634: the Total Buoyancy at the statement's time."""
    return dict(literals=[atom("buoyancy_at", amount(m["n"], where), PT)], facts=[atom("buoyancy_query", PT)])


STATUS = {"EFFECTIVE": "effective", "INEFFECTIVE": "ineffective", "SUCCESSFUL": "effective", "LEGAL": "legal",
          "ILLEGAL": "illegal", "POSSIBLE": "effective", "IMPOSSIBLE": "ineffective"}


def _act_status(m, lexicon, where):
    e = lexicon.event(m["event"], where)
    return dict(literals=[atom(STATUS[m["status"].upper()], e)], events=[e])


class _Negated(dict):
    """A match's groups with `neg` replaced by whether the sentence is negated."""

    def __init__(self, m, negative: bool):
        super().__init__(m.groupdict())
        self["neg"] = negative


WHO = r"(?P<who>.+?)"
PATTERNS = [
    (re.compile(rf"^{WHO} (?:transferred|gave|has transferred) (?P<exactly>exactly )?(?P<n>\d+|an?|one) "
                rf"(?P<what>[A-Za-z][\w\- ]*?)(?: from (?P<source>.+?))?(?: to (?P<to>.+))?$", re.I), _transferred),
    (re.compile(rf"^{WHO}'s (?P<what>[A-Za-z][\w\- ]*?) balance (?:was|is) (?P<dir>decreased|increased) by (?P<n>\d+) "
                rf"(?:in|by) event (?P<event>[\w.\-]+)$", re.I), _balance_change),
    (re.compile(rf"^{WHO} (?:owns|has|possesses|holds) (?P<cmp>at least |more than |exactly |no more than |at most |"
                rf"fewer than |less than )?(?P<n>\d+|an?|one|no) (?P<what>[A-Za-z][\w\- ]*)$", re.I), _owns),
    (re.compile(rf"^{WHO} (?:is|was) (?P<neg>not )?(?P<state>a zombie|inactive|active)$", re.I), _zombie),
    (re.compile(r"^(?P<master>.+?) (?:is|was) the master of (?P<who>.+)$", re.I), _master),
    (re.compile(r"^(?P<who>.+?)'s master (?:is|was) (?P<master>.+)$", re.I), _master),
    (re.compile(r"^(?P<master>.+?) (?:owns|has|possesses|holds) the talisman (?:for|of) (?P<who>.+)$", re.I), _master),
    (re.compile(rf"^{WHO}'s resale value (?:is|was) (?P<n>\d+)$", re.I), _resale),
    (re.compile(rf"^{WHO} (?:won|has won) (?:the game )?by (?:VP|Victory Points|taking over the economy)$", re.I),
     _won_by_vp),
    (re.compile(rf"^{WHO} (?P<neg>did not receive|has not received|received|has received) a Welcome Package$", re.I),
     lambda m, lx, w: _welcome(_Negated(m, "not" in m["neg"].lower()), lx, w)),
    (re.compile(rf"^the Payday (?:of|in) (?P<month>[\w\- ]+?) gave {WHO} (?P<n>\d+|no) coins?$", re.I), _payday),
    (re.compile(r"^the Total Buoyancy (?:is|was) (?P<n>\d+)$", re.I), _buoyancy),
    (re.compile(r"^it (?P<neg>is not|was not|is|was) (?P<who>.+?)'s? (?:Agoran )?Birthday$", re.I),
     lambda m, lx, w: _birthday(_Negated(m, "not" in m["neg"].lower()), lx, w)),
    (re.compile(r"^the (?:transfer|payment|fee|destruction|creation|grant|revocation|set) (?:of|in) event "
                r"(?P<event>[\w.\-]+) (?:was|is) (?P<status>EFFECTIVE|INEFFECTIVE|SUCCESSFUL|LEGAL|ILLEGAL|POSSIBLE|"
                r"IMPOSSIBLE)$", re.I), _act_status),
]


def action_words(action) -> str | None:
    """An asset action term in words, for the judge's explanations (None: not an asset action)."""
    args = [str(a) for a in getattr(action, "arguments", [])]
    shown = {"transfer": "transfer {1} {0} to {2}", "transfer_from": "transfer {1} {0} from {2} to {3}",
             "destroy": "destroy {1} {0}", "create": "create {1} {0}", "grant": "grant {1} {0} to {2}",
             "revoke": "revoke {1} {0} from {2}", "pay_fee": "pay a fee of {1} {0} to {2}", "pay_set": "pay a set of {1} {0}",
             "welcome_package": "cause {0} to receive a Welcome Package", "birthday_gift": "grant {0} a birthday gift", "set_total_buoyancy": "set the Total Buoyancy to {0}"}
    template = shown.get(getattr(action, "name", ""))
    if template is None or len(args) != template.count("{"):
        return None
    return template.format(*(a.replace("_", " ") for a in args))
