"""The statement language (documented in docs/judging.md), compiled to ASP.

A statement is a sentence about the gamestate. It parses into a small tree (not, and, or, and
atomic claims), and compiles into rules deriving ``holds(s(N))``; the encodings decide whether
it holds. Anything the language cannot express is an `InputError` naming the statement.

Terms are typed (`adjudicator.solving.terms`: constants through `name_of`, numbers range-checked,
strings escaped by clingo) and the rules are clingo AST (`terms.atom`, `negated`, `rule_text`): no
ASP text is put together by hand here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Callable

import clingo
from clingo import ast

from adjudicator.agora.asset_statements import asset_action, check_declared, owns_asset
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.agora.case import MAX_POWER
from adjudicator.agora.case import solver_int
from adjudicator.agora import office_names
from adjudicator.solving.terms import Name, Var, atom, compare, fact, name_of, negated, rule_text
from adjudicator.solving.terms import count as count_of

PT = Var("PT")      # the point a statement is asked at (ev(E) or q(Q)); bound by point(PT) in every rule
ANY_POINT = Var("Pt")  # the point of a sentence asked at its own time (which binds PT)
ANY = Var("_")


@dataclass
class Lexicon:
    """What names in statements can refer to."""

    persons: dict[str, str] = field(default_factory=dict)      # any spelling (lower) -> asp name
    events: dict[str, int] = field(default_factory=dict)       # label (lower) -> event index
    positions: dict[str, int] = field(default_factory=dict)    # position in the case file -> event index
    event_count: int = 0                                        # events in the case file
    outside: dict[str, str] = field(default_factory=dict)      # a fact outside the gamestate (lower text) -> id
    texts: dict[str, str] = field(default_factory=dict)        # the case's named texts (lower name) -> text (R2429)
    # the case's `decisions:` (the decision encodings' names, as written there)
    decisions: dict[str, set] = field(default_factory=dict)    # a decision's or proposal's id or name (lower) -> keys
    voters: dict[str, set] = field(default_factory=dict)       # a person's spelling (lower) -> names in `decisions:`
    options: dict[int | str, dict[str, str]] = field(default_factory=dict)  # decision -> its options (lower -> as written)
    has_decisions: bool = False
    # the case's ruleset on its day, for statements about rules (rule_statements.py)
    rule_texts: dict[int, str] = field(default_factory=dict)
    rule_revisions: dict[int, int] = field(default_factory=dict)
    rules_amended: set[int] = field(default_factory=set)      # by the case's own changes
    rule_titles: dict[str, set] = field(default_factory=dict)  # a title (lower, words) -> rule IDs
    rule_records: dict[int, list] = field(default_factory=dict)  # rule -> (proposal, kind) its history records
    rule_versions: dict[int, list] = field(default_factory=dict)  # rule -> its texts as the case's proposals left them
    timed: bool = False                                         # rule_versions are dated (the case has a time)
    # free-text actions the case declares (name -> as written; None: not checked) and the known words
    # for "did you mean" (asset_statements.check_declared)
    contracts: dict[str, str] = field(default_factory=dict)    # a contract's name (normalised) -> its entity (R1742)
    pledges: dict[str, set] = field(default_factory=dict)      # a pledge's title (lower, words) -> its events (R2608)
    entity_names: dict[str, str] = field(default_factory=dict)  # a name a change gives an entity -> the entity (R1586)
    declared_actions: dict[str, str] | None = None
    # the case's auctions (R2545): a name (lower, one space) -> (its term, its kind, its lots as written)
    auctions: dict[str, tuple] = field(default_factory=dict)
    action_words: tuple[str, ...] = ()
    regulations: dict[str, str] = field(default_factory=dict)  # a regulation's name (lower) -> its ASP name (R2493)
    assets: dict[str, str] = field(default_factory=dict)  # the classes the case's regulations define (R2166): spelling -> term
    fora: dict[str, str] = field(default_factory=dict)  # a forum's name (lower, one space) -> its ASP name (R478)

    def person(self, text: str, where: str) -> Name:
        if not isinstance(text, (str, int)):  # a mapping or list where a name belongs
            raise InputError(f"{where}: {excerpt(text)} is not a person's name")
        key = str(text).strip().lower()
        if key in self.persons:
            return Name(self.persons[key])
        known = ", ".join(sorted({v for v in self.persons.values()})) or "none"
        raise InputError(f"{where}: {excerpt(str(text).strip())} is not a person or entity of this case (known: {excerpt(known, 200)})")

    def event(self, text: str, where: str) -> int:
        key = text.strip().lower()
        labelled, placed = self.events.get(key), self.positions.get(str(int(key)) if key.isdecimal() else key)
        if labelled is not None and placed is not None and labelled != placed:
            raise InputError(f"{where}: 'event {text.strip()}' is ambiguous: an event's id and another event's "
                             "position in the file")
        if labelled is not None or placed is not None:
            return labelled if labelled is not None else placed
        raise InputError(f"{where}: there is no event {text.strip()!r} in this case (events are named by their id "
                         f"or their position in the file, 1 to {self.event_count})")

    def forum(self, text: object, where: str) -> Name:
        """A forum of the case's `gamestate.fora` (R478), by its name ("the forum a-d" too), or refused
        naming the nearest."""
        key = " ".join(str(text).strip().lower().split()).removeprefix("the ").removeprefix("forum ")
        if key in self.fora:
            return Name(self.fora[key])
        known = list(self.fora) or ["none: the case declares no fora (gamestate.fora)"]
        raise InputError(f"{where}: {excerpt(str(text))} is not a forum of the case ({nearest_names(key, known)})")

    def decision(self, text: str, where: str) -> int | str:
        """A decision or proposal of the case's `decisions:`, by its id or name (any case)."""
        spelled = text.strip().strip('"\u201c\u201d').strip().lstrip("#")
        key = str(int(spelled)) if spelled.isdecimal() else spelled.lower()
        return self._one(self.decisions, key, spelled, "a decision or proposal", where)

    def voter(self, text: str, where: str) -> str:
        """A person as the case's `decisions:` names them, by that name, or by the case's id or display
        name of that person (any case)."""
        spelled = text.strip()
        return self._one(self.voters, spelled.lower(), spelled, "a person of the decisions", where)

    def option(self, decision: int | str, text: str, words: tuple[str, ...], what: str, where: str) -> str:
        """An outcome or vote a statement names for `decision`: one of `words` (ADOPTED, FOR, ...) or one
        of the decision's options, as written there; as given when the decision's options are not known."""
        spelled = text.strip()
        options = self.options.get(decision)
        if spelled.upper() in words or options is None:
            return spelled
        if spelled.lower() in options:
            return options[spelled.lower()]
        shown = {w.lower(): w for w in words} | options
        raise InputError(f"{where}: {excerpt(spelled)} is not {what} of decision {decision} "
                         f"({nearest_names(spelled, shown)})")

    def _one(self, table: dict[str, set], key: str, spelled: str, what: str, where: str):
        if not self.has_decisions:
            raise InputError(f"{where}: {excerpt(spelled)} names {what}, but this case has no decisions:")
        found = table.get(key, set())
        if len(found) == 1:
            return next(iter(found))
        if found:
            raise InputError(f"{where}: {excerpt(spelled)} is ambiguous: it names {', '.join(sorted(map(str, found)))}")
        raise InputError(f"{where}: {excerpt(spelled)} is not {what} of this case ({nearest_names(spelled, self._shown(table))})")

    @staticmethod
    def _shown(table: dict[str, set]) -> dict[str, str]:
        """Each spelling -> the name it stands for, as written (for nearest_names)."""
        return {spelling: ", ".join(sorted(map(str, keys))) for spelling, keys in table.items()}


# ---------------------------------------------------------------- the tree

@dataclass
class Node:
    kind: str                      # not, and, or, iff, atom, self
    children: list["Node"] = field(default_factory=list)
    literals: list[ast.AST] = field(default_factory=list)   # body literals (clingo AST) with the point as PT
    facts: list[ast.AST] = field(default_factory=list)      # needs etc. (heads; may mention PT)
    time: str | None = None        # the atom's own time phrase
    value: bool = True             # for self-reference: TRUE (True) or FALSE (False)
    text: str = ""
    events: list[int] = field(default_factory=list)
    persons: list[str] = field(default_factory=list)
    rules: list[int] = field(default_factory=list)


MODALITY_WORDS = {
    "CAN": "can", "CANNOT": "cannot", "MAY": "may", "MAY NOT": "may_not", "MUST NOT": "may_not",
    "SHALL NOT": "may_not",
}

TIME_SUFFIX = re.compile(
    r"\s+(?P<time>(?:at|by|before|after)\s+(?:now|the end of the case|event\s+[\w.\-]+|\d{4}-\d\d-\d\d(?:[T ][\d:]+(?:Z|[+-]\d\d:?\d\d)?)?))\s*$",
    re.IGNORECASE,
)


def action_term(phrase: str, lexicon: Lexicon, where: str) -> tuple[clingo.Symbol, list[str], list[int]]:
    """An action phrase as an ASP term; also the persons and rules it names."""
    text = " ".join(phrase.strip().split()).rstrip(".")
    low = text.lower()
    if low in ("register", "become a player"):
        return fact("register"), [], []
    if low in ("deregister", "cease being a player"):
        return fact("deregister"), [], []
    if low in ("win", "win the game"):
        return fact("win"), [], []
    if low in ("make a pledge", "make any pledges", "make pledges", "make a pledge or oath", "make an oath",
               "make any oaths", "pledge"):
        return fact("make_pledge"), [], []
    if low in ("declare apathy",):
        return fact("declare_apathy"), [], []
    if low in ("exile", "exile a player", "deregister an outlaw"):
        return fact("exile"), [], []
    if low in ("demonstrate a rulebending form", "demonstrate a form", "demonstrate form"):
        return fact("demonstrate_form"), [], []
    match = re.fullmatch(r"transcend logic(?: (?:on|about|for|with respect to) )?(?:cfj )?(\d+)?", low)
    if match:
        if not match.group(1):
            raise InputError(f"{where}: say which CFJ: 'transcend logic on CFJ 3900'")
        return fact("transcend", solver_int(match.group(1), where)), [], []
    office_rule = office_rule_action(low, lexicon, where)  # R2472, R2573, R2463, R1006, R2632
    if office_rule is not None:
        return office_rule, [p for p in getattr(office_rule, "arguments", []) if str(p) in lexicon.persons.values()], []
    office_action = _office_action(low, lexicon, where)
    if office_action is not None:
        return office_action, [Name(str(p)) for p in office_action.arguments if str(p) in lexicon.persons.values()], []
    match = re.fullmatch(r"ratify (?:the (?:report|document) (?:of|in|published in) )?event ([\w.\-]+)", low)
    if match:  # R2202
        return fact("ratify", lexicon.event(match.group(1), where)), [], []
    match = re.fullmatch(r"respond to (?:the petition (?:of|in) )?event ([\w.\-]+)", low)
    if match:  # R2143
        return fact("respond", lexicon.event(match.group(1), where)), [], []
    match = re.fullmatch(r"create (\d+) blots?", low)
    if match:
        return fact("create_blots", solver_int(match.group(1), where)), [], []
    match = re.fullmatch(r"petition (?:the )?([a-z][\w ]*)", low)
    if match:
        return fact("petition", name_of(match.group(1))), [], []
    match = re.fullmatch(r"levy a fine of (\d+) (?:blots? )?on (.+?) for (?:violating |breaking )?(?:r|rule )(\d+)", low)
    if match:
        perp = lexicon.person(match.group(2), where)
        rule = solver_int(match.group(3), where)
        return fact("levy_fine", perp, solver_int(match.group(1), where), rule), [perp], [rule]
    # typed actions of assets, contracts, the CFJ procedure (R991, R591, R911), titles and Festivity
    for typed_action in (asset_action, contract_action, cfj_action, title_action, ribbon_action,
                        stone_action, auction_action, regulation_action, focus_action, reward_action,
                        karma_action, fora_action):
        typed = typed_action(low, lexicon, where, action_term)
        if typed is not None:
            return typed
    if re.fullmatch(r"[a-z][a-z0-9 _\-]*", low):
        check_declared(low, lexicon, where)
        return fact(name_of(low)), [], []
    raise InputError(f"{where}: cannot express the action {text!r}")


def _office_action(low: str, lexicon: Lexicon, where: str) -> clingo.Symbol | None:
    """Actions on offices (R1006, R2154, R103): resign, initiate an election, stand, appoint."""
    match = re.fullmatch(r"resign(?: as| from)?(?: the office of)? (?:the )?(.+)", low)
    if match:
        return fact("resign", office_names.office(match.group(1), where))
    match = re.fullmatch(r"initiate an election for (?:the office of )?(?:the )?(.+)", low)
    if match:
        return fact("initiate_election", office_names.office(match.group(1), where))
    match = re.fullmatch(r"become a candidate (?:for|in the election for) (?:the office of )?(?:the )?(.+)", low)
    if match:
        return fact("become_candidate", office_names.office(match.group(1), where))
    match = re.fullmatch(r"appoint (.+?) (?:to the office of|to|as) (?:the )?(.+)", low)
    if match:
        return fact("appoint", office_names.office(match.group(2), where), lexicon.person(match.group(1), where))
    return None


def rule_number(text: str, where: str) -> int:
    match = re.fullmatch(r"(?:r|rule\s*)(\d+)", text.strip().lower())
    if not match:
        raise InputError(f"{where}: {text!r} is not a rule (write R869 or Rule 869)")
    return solver_int(match.group(1), where)


def parse_power(text: str, where: str) -> int:
    try:
        power = Decimal(text)
    except InvalidOperation:
        raise InputError(f"{where}: {text!r} is not a Power") from None
    if power > MAX_POWER:
        raise InputError(f"{where}: Power {text} is larger than this tool can count (at most {MAX_POWER})")
    return int((power * 1000).to_integral_value())


Atomic = Callable[[re.Match, Lexicon, str], Node]


def _atom(literals: list[ast.AST], text: str, **kw) -> Node:
    return Node("atom", literals=literals, text=text, **kw)


def _not(node: Node, negated_: bool) -> Node:
    """`node`, or the sentence that it does not hold."""
    return Node("not", children=[node], text=node.text, events=node.events, persons=node.persons,
                rules=node.rules) if negated_ else node


def _player(m, lx, w):
    p = lx.person(m["who"], w)
    lits = [atom("player_at", p, PT)] if not m["neg"] else [atom("point", PT), negated(atom("player_at", p, PT))]
    return _atom(lits, m.string, persons=[p])


def _person(m, lx, w):
    p = lx.person(m["who"], w)
    lits = [atom("person", p)] if not m["neg"] else [atom("entity", p), negated(atom("person", p))]
    return _atom(lits, m.string, persons=[p])


def _purity(m, lx, w):
    p = lx.person(m["who"], w)
    lit = atom("impure_at" if m["state"].lower() == "impure" else "pure_at", p, PT)
    return _atom([lit], m.string, facts=[atom("blot_query", p, PT)], persons=[p])


MODAL_PREDICATES = {"can": "can", "cannot": "cannot", "may": "permitted", "may_not": "forbidden"}


def _modal(m, lx, w):
    p = lx.person(m["who"], w)
    action, persons, rules = action_term(m["action"], lx, w)
    modality = MODALITY_WORDS[" ".join(m["modal"].upper().split())]
    literal = atom(MODAL_PREDICATES[modality], p, action, PT)
    return _atom([literal], m.string, facts=[atom("need", p, action, PT)], persons=[p, *persons], rules=rules)


EVENT_STATUS = {"EFFECTIVE": "effective", "INEFFECTIVE": "ineffective", "SUCCESSFUL": "effective", "LEGAL": "legal",
                "ILLEGAL": "illegal", "POSSIBLE": "effective", "IMPOSSIBLE": "ineffective"}


def _event_status(m, lx, w):
    e = lx.event(m["event"], w)
    return _atom([atom(EVENT_STATUS[m["status"].upper()], e)], m.string, events=[e])


def _pledge_window(m, lx, w):
    e = lx.event(m["event"], w)
    return _atom([atom("pledge_window", e, solver_int(m["n"], w))], m.string, events=[e])


WE, WK = Var("WE"), Var("WK")


def _won(m, lx, w):
    p = lx.person(m["who"], w)
    lits = [atom("won", p, WE), atom("point_state", PT, WK), compare(WE, "<=", WK)]
    return _not(_atom(lits, m.string, persons=[p]), bool(m["neg"]))


def _won_times(m, lx, w):
    p = lx.person(m["who"], w)
    n = {"once": 1, "twice": 2, "thrice": 3}.get(m["n"].lower()) or solver_int(m["n"].split()[0], w)
    won_by_then = count_of([WE], [atom("won", p, WE), compare(WE, "<=", WK)], "=", n)
    return _atom([atom("point_state", PT, WK), won_by_then], m.string, persons=[p])


def _holds_promise(m, lx, w):
    p = lx.person(m["who"], w)
    # a promise's title as facts.py writes it (one line, lower case, double quotes shown as single)
    title = " ".join(m["title"].strip().strip('"').lower().split()).replace('"', "'")
    node = _atom([atom("point_state", PT, Var("HK")), atom("promise_held", title, p, Var("HK"))], m.string, persons=[p])
    return _not(node, bool(m["neg"]))


def _violated(m, lx, w):
    p = lx.person(m["who"], w)
    r = rule_number(m["rule"], w)
    lits = [atom("violation_time", p, r, Var("VT")), atom("point_time", PT, Var("VPT")), compare(Var("VT"), "<=", Var("VPT"))]
    return _not(_atom(lits, m.string, persons=[p], rules=[r]), bool(m["neg"]))


def _advice(m, lx, w):
    p = lx.person(m["who"], w)
    r = rule_number(m["rule"], w)
    return _atom([atom("advice_unheeded", p, r, ANY)], m.string, persons=[p], rules=[r])


def _satisfied(m, lx, w):
    e = lx.event(m["event"], w)
    node = _atom([atom("satisfied", e, PT)], m.string, facts=[atom("asked_satisfaction", e, PT)], events=[e])
    return _not(node, bool(m["neg"]))


def _in_force(m, lx, w):
    r = rule_number(m["rule"], w)
    lits = [atom("point_state", PT, Var("RK")), atom("in_force", r, Var("RK"))]
    return _not(_atom(lits, m.string, facts=[atom("asked_rule", r)], rules=[r]), bool(m["neg"]))


def _power_is(m, lx, w):
    r = rule_number(m["rule"], w)
    p = parse_power(m["power"], w)
    return _atom([atom("point_state", PT, Var("RK")), atom("power", r, p, Var("RK"))], m.string,
                 facts=[atom("asked_rule", r)], rules=[r])


def _precedence(m, lx, w):
    r1, r2 = rule_number(m["r1"], w), rule_number(m["r2"], w)
    c1, c2 = Var("C1"), Var("C2")
    return _atom([atom("decided", c1, c2, ANY, ANY), atom("rule_of", c1, r1), atom("rule_of", c2, r2)], m.string,
                 rules=[r1, r2])


def _owns(m, lx, w):
    p = lx.person(m["who"], w)
    n = solver_int(m["n"], w)
    # coins and blots are assets like any other: R2578's holdings (asset_statements.py)
    if not m["what"].lower().startswith("blot"):
        return _atom(text=m.string, **owns_asset(p, Name("coin"), n, m["cmp"] or ""))
    owns = owns_asset(p, Name("blot"), n, m["cmp"] or "")
    return _atom(text=m.string, **{**owns, "facts": [*owns["facts"], atom("blot_query", p, PT)]})


def _earned_coin(m, lx, w):
    p = lx.person(m["who"], w)
    cn, ce, ck = Var("CN"), Var("CE"), Var("CK")
    node = _atom([atom("coin_delta", p, cn, ce), compare(cn, ">", 0), atom("point_state", PT, ck), compare(ce, "<=", ck)],
                 m.string, persons=[p])
    return _not(node, bool(m["neg"]))


WHO = r"(?P<who>.+?)"
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _weekday(m, lx, w):
    return _atom([atom("weekday", PT, WEEKDAYS.index(m["day"].lower()))], m.string)


def _maybe_not(literal: ast.AST, negated_: bool) -> ast.AST:
    return negated(literal) if negated_ else literal


def _blognomic_matter(m, lx, w):
    status = f"blognomic_{m['status'].lower()}"
    neg = "not" in m["neg"]
    if m["id"]:
        literals = [atom("blognomic_matter", m["id"], ANY), _maybe_not(atom(status, m["id"]), neg)]
    else:
        matter = Var("BNM")
        literals = [atom("blognomic_the", Name(m["kind"].lower()), matter), _maybe_not(atom(status, matter), neg)]
    return _atom(literals, m.string)


def _blognomic_victory(m, lx, w):
    return _atom([_maybe_not(atom("blognomic_victory", m["who"].strip()), "not" in m["neg"])], m.string)


PATTERNS: list[tuple[re.Pattern, Atomic]] = [
    (re.compile(r"^it is (?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$", re.I), _weekday),
    (re.compile(rf"^{WHO} (?P<neg>is not|isn't|is) an? (?:active )?player$".replace("(?P<neg>is not|isn't|is)", "is(?P<neg> not)?"), re.I), _player),
    (re.compile(rf"^{WHO} is(?P<neg> not)? a person$", re.I), _person),
    (re.compile(rf"^{WHO} is (?P<state>impure|pure)$", re.I), _purity),
    (re.compile(rf"^{WHO} (?P<modal>CAN(?:NOT)?|MAY NOT|MAY|MUST NOT|SHALL NOT) (?P<action>.+)$"), _modal),
    (re.compile(r"^(?:the (?:attempt|action|intent|announcement) (?:of|in) )?event (?P<event>[\w.\-]+) (?:was|is) "
                r"(?P<status>EFFECTIVE|INEFFECTIVE|SUCCESSFUL|LEGAL|ILLEGAL|POSSIBLE|IMPOSSIBLE)$", re.I), _event_status),
    (re.compile(r"^the time window of (?:the pledge (?:of|in) )?event (?P<event>[\w.\-]+) (?:is|was) (?P<n>\d+) days?$", re.I),
     _pledge_window),
    (re.compile(rf"^{WHO} (?P<neg>does not hold|does not bear|holds|bears|owns) the promise (?P<title>.+)$", re.I),
     lambda m, lx, w: _holds_promise(_Neg(m, m["neg"].lower().startswith("does not")), lx, w)),
    (re.compile(rf"^{WHO} (?:won|has won) the game (?P<n>once|twice|thrice|\d+ times)$", re.I),
     lambda m, lx, w: _won_times(_Trim(m), lx, w)),
    (re.compile(rf"^{WHO} (?P<neg>did not win|has not won|didn't win|won|has won|wins) the game$", re.I),
     lambda m, lx, w: _won(_Neg(m, m["neg"].lower() in ("did not win", "has not won", "didn't win")), lx, w)),
    (re.compile(rf"^{WHO} (?P<neg>did not violate|has not violated|violated|has violated|broke) (?P<rule>(?:R|Rule )\d+)$", re.I),
     lambda m, lx, w: _violated(_Neg(m, "not" in m["neg"].lower()), lx, w)),
    (re.compile(rf"^{WHO} (?:ignored|did not heed) the advice of (?P<rule>(?:R|Rule )\d+)$", re.I), _advice),
    (re.compile(r"^Agora (?P<neg>is not|is) Satisfied with (?:the intent (?:of|in) |the intent announced in )?event (?P<event>[\w.\-]+)$", re.I),
     lambda m, lx, w: _satisfied(_Neg(m, m["neg"].lower() == "is not"), lx, w)),
    (re.compile(r"^(?P<rule>(?:R|Rule )\d+) (?P<neg>is not|is) in force$", re.I),
     lambda m, lx, w: _in_force(_Neg(m, m["neg"].lower() == "is not"), lx, w)),
    (re.compile(r"^the Power of (?P<rule>(?:R|Rule )\d+) is (?P<power>[\d.]+)$", re.I), _power_is),
    (re.compile(r"^(?P<r1>(?:R|Rule )\d+) (?:takes|took) precedence over (?P<r2>(?:R|Rule )\d+)$", re.I), _precedence),
    (re.compile(rf"^{WHO} (?:owns|has|possesses) (?P<cmp>at least |more than |exactly )?(?P<n>\d+) (?P<what>blots?|coins?)$", re.I),
     lambda m, lx, w: _owns(_Trim(m), lx, w)),
    (re.compile(rf"^{WHO} (?P<neg>did not earn|earned) an? coin$", re.I),
     lambda m, lx, w: _earned_coin(_Neg(m, m["neg"].lower().startswith("did not")), lx, w)),
    # BlogNomic (policy blognomic with a `blognomic:` document; adjudicator/blognomic/matters.py)
    (re.compile(r"^the (?P<kind>proposal|cfj|dov)(?: [\"\u201c]?(?P<id>.+?)[\"\u201d]?)? (?P<neg>was not|was|has not been|has been) "
                r"(?P<status>enacted|failed)$", re.I), _blognomic_matter),
    (re.compile(rf"^{WHO} (?P<neg>did not achieve|has not achieved|achieved|has achieved) victory$", re.I), _blognomic_victory),
]


# Statements about Agoran decisions (the nomic loop's; their facts come from `case.decisions`).
from adjudicator.agora.decision_statements import PATTERNS as DECISION_PATTERNS  # noqa: E402

# (Their builders give one literal, as clingo AST.)
PATTERNS += [(pattern, (lambda literal: lambda m, lx, w: _atom([literal(m, lx, w)], m.string))(build))
             for pattern, build in DECISION_PATTERNS]
# Statements about assets (after the decisions': "G. has a ballot on ..." is theirs)
# (asset_statements.py: literals, the facts they need, what they name).
from adjudicator.agora.asset_statements import PATTERNS as ASSET_PATTERNS  # noqa: E402

PATTERNS += [(pattern, (lambda build: lambda m, lx, w: _atom(text=m.string, **build(m, lx, w)))(build))
             for pattern, build in ASSET_PATTERNS]
# What players CAN bring about (R1698, the ossification model's; their facts: possibility_statements).
# First, so that "proposal X CANNOT take effect" is not read as a person's modal.
from adjudicator.agora.possibility_statements import PATTERNS as POSSIBILITY_PATTERNS  # noqa: E402

PATTERNS[:0] = [(pattern, (lambda literal: lambda m, lx, w: _atom([literal(m, lx, w)], m.string))(build))
                for pattern, build in POSSIBILITY_PATTERNS]
# Statements about rules: their text, revision, Power, whether they are rules (rule_statements.py).
from adjudicator.agora.rule_statements import PATTERNS as RULE_PATTERNS  # noqa: E402


def _rule_sentence(sentence, text: str) -> Node:
    rules = [sentence.rule] if sentence.rule is not None else []
    node = Node("atom", literals=sentence.literals, text=text, rules=rules, facts=sentence.facts,
                events=list(sentence.events))
    return _not(node, sentence.negated)


PATTERNS[:0] = [(pattern, (lambda build: lambda m, lx, w: _rule_sentence(build(m, lx, w), m.string))(build))
                for pattern, build in RULE_PATTERNS]


# Offices, switches and reports (R1006, R2154, R2162, R2201; their facts: offices.lp, reports.lp).
# Last, so that the sentences above keep their readings.
from adjudicator.agora.office_statements import FIRST_PATTERNS as FIRST_OFFICE_PATTERNS  # noqa: E402
from adjudicator.agora.office_statements import PATTERNS as OFFICE_PATTERNS, office_rule_action  # noqa: E402



def _office_sentence(body: Callable) -> Atomic:
    """An office pattern's body (literals, facts needed, persons and events named) as an atomic sentence."""
    def sentence(m, lx, w):
        made = body(m, lx, w)
        return _atom(made.literals, m.string, facts=made.needs, persons=made.persons, events=made.events)
    return sentence


PATTERNS += [(pattern, _office_sentence(build)) for pattern, build in OFFICE_PATTERNS]
from adjudicator.agora.contract_statements import PATTERNS as CONTRACT_PATTERNS, contract_action  # noqa: E402

PATTERNS += [(pattern, _office_sentence(build)) for pattern, build in CONTRACT_PATTERNS]
from adjudicator.agora.cfj_statements import PATTERNS as CFJ_PATTERNS, cfj_action  # noqa: E402

PATTERNS += [(pattern, _office_sentence(build)) for pattern, build in CFJ_PATTERNS]
from adjudicator.agora.title_statements import PATTERNS as TITLE_PATTERNS, title_action  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in TITLE_PATTERNS]
PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in FIRST_OFFICE_PATTERNS]
from adjudicator.agora.ribbon_statements import PATTERNS as RIBBON_PATTERNS, ribbon_action  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in RIBBON_PATTERNS]
from adjudicator.agora.stone_statements import PATTERNS as STONE_PATTERNS, stone_action  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in STONE_PATTERNS]
# Auctions (R2545, R1885, R2629; auction_statements.py): first, their sentences name an auction or a lot.
from adjudicator.agora.auction_statements import PATTERNS as AUCTION_PATTERNS, auction_action  # noqa: E402

PATTERNS[:0] = [(pattern, (lambda build: lambda m, lx, w: _atom(text=m.string, **build(m, lx, w)))(build))
                for pattern, build in AUCTION_PATTERNS]
from adjudicator.agora.regulation_statements import PATTERNS as REGULATION_PATTERNS, regulation_action  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in REGULATION_PATTERNS]
# Ministry Focuses and Grants (R2638, R2624; focus_statements.py).
from adjudicator.agora.focus_statements import PATTERNS as FOCUS_PATTERNS, focus_action  # noqa: E402

PATTERNS[:0] = [(pattern, (lambda build: lambda m, lx, w: _atom(text=m.string, **build(m, lx, w)))(build))
                for pattern, build in FOCUS_PATTERNS]
from adjudicator.agora.report_statements import PATTERNS as REPORT_CONTENT_PATTERNS  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in REPORT_CONTENT_PATTERNS]
# Rewards (R2496; reward_statements.py).
from adjudicator.agora.reward_statements import PATTERNS as REWARD_PATTERNS, reward_action  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in REWARD_PATTERNS]
# Karma (R2510; karma_statements.py).
from adjudicator.agora.karma_statements import PATTERNS as KARMA_PATTERNS, karma_action  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in KARMA_PATTERNS]


class _Neg(dict):
    """Match groups with a boolean `neg`."""

    def __init__(self, match: re.Match, negated: bool):
        super().__init__(match.groupdict())
        self["neg"] = negated
        self.string = match.string


class _Trim(dict):
    def __init__(self, match: re.Match):
        super().__init__({k: (v.strip() if isinstance(v, str) else v) for k, v in match.groupdict().items()})
        self.string = match.string


QUOTED = re.compile(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d|\u2018[^\u2019]*\u2019|(?<!\w)'[^']*'(?!\w)")


def _split(text: str, word: str) -> list[str] | None:
    """`text` split at `word` outside quotations (a quoted rule text may say "if and only if")."""
    masked = QUOTED.sub(lambda m: m.group(0).replace(" ", "\0"), text)
    parts = re.split(rf"\s+{word}\s+", masked, flags=re.IGNORECASE)
    return [part.replace("\0", " ") for part in parts] if len(parts) > 1 else None


MAX_STATEMENT_CHARS = 4000
MAX_NEGATIONS = 50


def parse(text: str, lexicon: Lexicon, where: str) -> Node:
    """Parse a statement (or a clause's condition) into a tree."""
    sentence = " ".join(text.strip().split()).rstrip(".")
    if not sentence:
        raise InputError(f"{where}: empty statement")
    if len(re.findall(r"\bnot\b", sentence, re.IGNORECASE)) > MAX_NEGATIONS:  # each nests one level deeper
        raise InputError(f"{where}: more than {MAX_NEGATIONS} negations in one statement")
    if len(sentence) > MAX_STATEMENT_CHARS:
        raise InputError(f"{where}: a statement of {len(sentence):,} characters; at most {MAX_STATEMENT_CHARS:,}")
    match = re.fullmatch(r"this (?:CFJ|case|statement) is (TRUE|FALSE)", sentence, re.IGNORECASE)
    if match:
        return Node("self", value=match.group(1).upper() == "TRUE", text=sentence)
    parts = _split(sentence, "if and only if") or _split(sentence, "iff")
    if parts:
        if len(parts) != 2:
            raise InputError(f"{where}: 'if and only if' joins exactly two sentences")
        return Node("iff", [parse(p, lexicon, where) for p in parts], text=sentence)
    parts = _split(sentence, "or")
    if parts:
        return Node("or", [parse(p, lexicon, where) for p in parts], text=sentence)
    parts = _split(sentence, "and")
    if parts:
        return Node("and", [parse(p, lexicon, where) for p in parts], text=sentence)
    match = re.fullmatch(r"(?:not|it is not the case that) (.+)", sentence, re.IGNORECASE)
    if match:
        return Node("not", [parse(match.group(1), lexicon, where)], text=sentence)
    if sentence.lower() in lexicon.outside:  # R591: a fact outside the gamestate, as the case declares it
        return _atom([atom("outside_holds", Name(lexicon.outside[sentence.lower()]))], sentence)
    time_phrase = None
    match = TIME_SUFFIX.search(sentence)
    if match and not re.search(r"event\s+[\w.\-]+\s+(?:was|is)\s", sentence, re.IGNORECASE):
        time_phrase = match.group("time")
        sentence = sentence[: match.start()].strip()
    for pattern, build in PATTERNS:
        found = pattern.fullmatch(sentence)
        if found:
            node = build(found, lexicon, where)
            # a negated sentence ("did not violate ... at T") is asked at T too
            (node.children[0] if node.kind == "not" else node).time = time_phrase
            return node
    raise InputError(
        f"{where}: the statement language cannot express {text.strip()!r} "
        "(see docs/judging.md for the sentences it knows, or give raw ASP with `asp:`)"
    )


# ---------------------------------------------------------------- compiling

@dataclass
class Compiled:
    rules: list[str] = field(default_factory=list)          # program text, written by clingo from AST
    query_points: list[clingo.Symbol] = field(default_factory=list)  # facts defining q(...) points
    self_referential: bool = False


Point = clingo.Symbol | Name  # a term: a symbol, or a Name (a constant)


def _symbol(value: Point) -> clingo.Symbol:
    if isinstance(value, clingo.Symbol):
        return value
    if isinstance(value, Name):
        return fact(value)
    raise TypeError(f"{value!r}: a point or tag is a clingo symbol or a Name, not text")


def _aux(head: clingo.Symbol, point=PT) -> ast.AST:
    return atom("aux_head", head, point)


class Compiler:
    """Compiles trees to rules over auxiliary atoms aux_head(aux(Tag, N), Pt)."""

    def __init__(self, time_point: Callable[[str, str], tuple[Point, list[clingo.Symbol]]]):
        self.time_point = time_point   # (time phrase, where) -> (point term, facts defining it)
        self.counter = 0

    def _fresh(self, tag: clingo.Symbol) -> clingo.Symbol:
        self.counter += 1
        return fact("aux", tag, self.counter)

    def node(self, node: Node, tag: Point, out: Compiled, where: str, at: clingo.Symbol | None = None) -> clingo.Symbol:
        """Rules making aux_head(head, PT) true where `node` holds at point PT; returns the head
        (`tag`: the statement's term s(N), or a clause's constant). With `at`, only at that point (a
        statement is asked at its own point: its needs are not grounded at every other one)."""
        tag = _symbol(tag)
        head = self._fresh(tag)
        point = atom("point", PT) if at is None else compare(PT, "=", at)
        if node.kind == "self":
            out.self_referential = True
            verdict = atom("verdict", tag, Name("true" if node.value else "false"))
            out.rules.append(rule_text(_aux(head), [point, verdict]))
        elif node.kind == "not":
            child = self.node(node.children[0], tag, out, where, at)
            out.rules.append(rule_text(_aux(head), [point, negated(_aux(child))]))
        elif node.kind == "and":
            kids = [self.node(c, tag, out, where, at) for c in node.children]
            out.rules.append(rule_text(_aux(head), [point, *(_aux(k) for k in kids)]))
        elif node.kind == "iff":
            left, right = (self.node(c, tag, out, where, at) for c in node.children)
            out.rules.append(rule_text(_aux(head), [point, _aux(left), _aux(right)]))
            out.rules.append(rule_text(_aux(head), [point, negated(_aux(left)), negated(_aux(right))]))
        elif node.kind == "or":
            for c in node.children:
                kid = self.node(c, tag, out, where, at)
                out.rules.append(rule_text(_aux(head), [_aux(kid)]))
        elif node.time:
            # asked at its own time at every point: PT is bound to that time's point (no rewriting)
            asked_at, facts = self.time_point(node.time, where)
            out.query_points.extend(facts)
            own = compare(PT, "=", _symbol(asked_at))
            for needed in node.facts:
                out.rules.append(rule_text(needed, [own]))
            asking = atom("point", ANY_POINT) if at is None else compare(ANY_POINT, "=", at)
            out.rules.append(rule_text(_aux(head, ANY_POINT), [asking, own, *node.literals]))
        else:
            for needed in node.facts:
                out.rules.append(rule_text(needed, [point]))
            out.rules.append(rule_text(_aux(head), [point, *node.literals]))
        return head


def walk(node: Node):
    yield node
    for child in node.children:
        yield from walk(child)


def referenced(node: Node) -> tuple[set[int], set[str], set[int]]:
    events, persons, rules = set(), set(), set()
    for n in walk(node):
        events.update(n.events)
        persons.update(n.persons)
        rules.update(n.rules)
    return events, persons, rules


# Whether an entity the rules define exists (R1586; entity_statements.py): last, its sentences are the widest.
from adjudicator.agora.entity_statements import PATTERNS as ENTITY_PATTERNS  # noqa: E402


def _entity_sentence(build: Callable) -> Atomic:
    def sentence(m, lx, w):
        literals, name, *more = build(m, lx, w)   # more: the facts the sentence asks with (R1586's references)
        facts = [atom("entity_asked", name), *(more[0] if more else [])]
        return _not(_atom(literals, m.string, facts=facts), "not" in m["neg"].lower())
    return sentence


PATTERNS += [(pattern, _entity_sentence(build)) for pattern, build in ENTITY_PATTERNS]
# Fora and public messages (R478, R2614; fora_statements.py).
from adjudicator.agora.fora_statements import PATTERNS as FORA_PATTERNS, fora_action  # noqa: E402

PATTERNS[:0] = [(pattern, _office_sentence(build)) for pattern, build in FORA_PATTERNS]
