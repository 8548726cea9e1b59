"""Statements and action phrases about regulations, emergencies, cleaning and random choices
(encodings/agora/regulations.lp, cleaning.lp, random.lp): "emergency regulation curfew exists"
(or "does not exist", at a time), "the random choice of event draw was bob"; "the game of Agora has ended" (R101: never); the actions "enact
emergency regulation curfew" (also amend, repeal; "regulation X" for another regulation), "extend
the emergency", "clean rule 2141" (optionally `by replacing "X" with "Y"`: a change of whitespace
amounts only is R2429's), "refile rule 2141"."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.case import solver_int
from adjudicator.agora.office_statements import PT, Body, _maybe_not
from adjudicator.agora.title_statements import tournament_name
from adjudicator.errors import InputError
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, atom, fact, name_of, negated

QUOTE = r"[\"\u201c](?P<{}>[^\"\u201d]*)[\"\u201d]"
REGULATION = r"(?P<emergency>emergency )?regulation (?P<name>[\w.\- ]+?)"


def regulation_term(name: str, emergency: bool, lexicon=None, where: str = "") -> clingo.Symbol:
    """er(N) for an Emergency Regulation (R2614: enacted by the Prime Minister in the case), reg(N)
    for another, which the case's `gamestate.regulations` names with its Promulgator (R2493)."""
    if emergency:
        return fact("er", Name(name_of(name)))
    key = " ".join(name.lower().split())
    if lexicon is not None and key not in lexicon.regulations:
        raise InputError(f"{where}: regulation {name!r} is not named in gamestate.regulations (R2493: with its "
                         f"Promulgator and parent rule; {nearest_names(key, lexicon.regulations)})")
    return fact("reg", Name(lexicon.regulations[key] if lexicon is not None else name_of(name)))


def asset_spellings(value, context: str) -> tuple[Name, list[str]]:
    """R2166: the class a `define asset` provision defines (`define asset: chips`, or `{name: chips,
    also: [chip], create: {bob: 3}}`: more spellings, and the assets it creates in whose possession),
    as a term and its spellings."""
    spec = value if isinstance(value, dict) else {"name": value}
    if not isinstance(spec.get("name"), str) or set(spec) - {"name", "also", "create"}:
        raise InputError(f"{context}: define asset: a name, or {{name: chips, also: [chip], create: {{bob: 3}}}}")
    also = spec.get("also") or []
    return name_of(spec["name"]), [spec["name"], *(also if isinstance(also, list) else [also])]


def case_asset_names(events, context: str) -> dict[str, str]:
    """Every spelling of the classes the case's regulations define (R2166: by a document with Mint
    Authority), lower case -> term; refused where it names an asset the rules define."""
    from adjudicator.agora.asset_statements import _spelling, asset_names

    names: dict[str, str] = {}
    for n, event in enumerate(events, 1):
        label = getattr(event, "id", None) or n
        for k, provision in enumerate(event.provisions or [], 1):
            if not isinstance(provision, dict) or len(provision) != 1:
                continue
            (key, value), = provision.items()
            if str(key).lower().replace("_", " ") != "define asset":
                continue
            where = f"{context}: event {label}: provision {k}"
            term, spellings = asset_spellings(value, where)
            for text in [term, *spellings]:
                if _spelling(str(text)) in asset_names():
                    raise InputError(f"{where}: {text!r} is already an asset the rules define")
                names[_spelling(str(text))] = str(term)
    return names


def asset_definition(build, e: int, value, context: str) -> list[clingo.Symbol]:
    """The facts of a `define asset` provision: define_asset(A), and issue_asset(A, O, N) for each
    owner the assets are created with."""
    term, _ = asset_spellings(value, context)
    facts = [fact("provision", e, fact("define_asset", term))]
    created = value.get("create") or {} if isinstance(value, dict) else {}
    if not isinstance(created, dict):
        raise InputError(f"{context}: define asset: create: whose possession -> how many, e.g. {{bob: 3}}")
    for owner, count in created.items():
        who = Name(build.who(str(owner), f"{context}.create"))
        facts.append(fact("provision", e, fact("issue_asset", term, who, solver_int(count, f"{context}.create.{owner}"))))
    return facts


def whitespace_only(old: str, new: str) -> bool:
    """R2429: the two texts differ only in amounts of whitespace, not in paragraph breaks."""
    def paragraphs(text: str) -> list[list[str]]:
        return [p.split() for p in re.split(r"\n\s*\n", text.strip())]
    return old != new and paragraphs(old) == paragraphs(new)


def regulation_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of an action phrase about regulations, emergencies or cleaning (lower case, one space), or None."""
    m = re.fullmatch(rf"(?P<verb>enact|amend|repeal) (?:an |the )?{REGULATION}", low)
    if m:
        return fact(f"{m['verb']}_regulation", regulation_term(m["name"], bool(m["emergency"]), lexicon, where)), [], []
    m = re.fullmatch(rf"(?:be )?bound by (?:an |the )?{REGULATION}", low)
    if m:  # R2611: consenting to be bound by an instrument
        return fact("bound_by", regulation_term(m["name"], bool(m["emergency"]), lexicon, where)), [], []
    m = re.fullmatch(r"play (?:in )?(?:the )?tournament (?P<name>.+)", low)
    if m:  # R2464: consenting to play a tournament binds one to its regulations
        return fact("play_tournament", tournament_name(m["name"], where)), [], []
    if low in ("repeal all emergency regulations", "cause rule 2614 to repeal all emergency regulations"):
        return Name("repeal_emergency_regulations"), [], []
    if low in ("extend the emergency", "extend emergency"):
        return Name("extend_emergency"), [], []
    m = re.fullmatch(rf"clean (?:rule |r)(?P<rule>\d+)(?: by replacing {QUOTE.format('old')} with {QUOTE.format('new')})?",
                     low)
    if m:
        kind = "whitespace" if m["old"] is not None and whitespace_only(m["old"], m["new"]) else "text"
        rule = solver_int(m["rule"], where)
        return fact("clean", rule, Name(kind)), [], [rule]
    m = re.fullmatch(r"refile (?:rule |r)(?P<rule>\d+)(?: (?:as|with the title|titled) .+)?", low)
    if m:
        rule = solver_int(m["rule"], where)
        return fact("refile", rule), [], [rule]
    return None


def _exists(m, lx, w) -> Body:
    term = regulation_term(m["name"], bool(m["emergency"]), lx, w)
    return Body(_maybe_not(atom("regulation_at", term, PT), m), [atom("regulation_query", term, PT)])


def _effect(m, lx, w) -> Body:
    term = regulation_term(m["name"], bool(m["emergency"]), lx, w)
    literal = atom("regulation_in_effect", term, PT)
    return Body([negated(literal) if m["neg"] else literal], [atom("regulation_effect_query", term, PT)])


def _bound(m, lx, w) -> Body:
    term, who = regulation_term(m["name"], bool(m["emergency"]), lx, w), lx.person(m["who"], w)
    return Body(_maybe_not(atom("bound_by_at", term, who, PT), m), [atom("bound_query", term, who, PT)], persons=[who])


def _random_outcome(m, lx, w) -> Body:
    e = lx.event(m["event"], w)
    literal = atom("random_outcome", e, Name(name_of(m["x"])))
    return Body(_maybe_not(literal, m), [], events=[e])


def _game_goes_on(m, lx, w) -> Body:
    ended = m["state"].lower() in ("has ended", "ended", "is over", "was over")
    literal = atom("game_goes_on", PT)
    return Body([negated(literal) if ended else literal], [atom("game_query", PT)])


PATTERNS = [
    (re.compile(r"^(?:the game(?: of Agora)?|Agora) (?P<state>has ended|ended|is over|was over|goes on|went on|"
                r"has not ended|did not end|is not over)$", re.I), _game_goes_on),
    (re.compile(rf"^{REGULATION} (?P<neg>exists|existed|does not exist|did not exist)$", re.I), _exists),
    (re.compile(rf"^{REGULATION} (?:has|had|does|did)(?P<neg> no| not have)? effect$", re.I), _effect),
    (re.compile(rf"^(?P<who>[\w.\- ]+?) (?P<neg>is|was|is not|was not) bound by {REGULATION}$", re.I), _bound),
    (re.compile(r"^the (?:outcome of the )?random choice (?:of|in) event (?P<event>[\w.\-]+) (?P<neg>was|is|was not|is not) "
                r"(?P<x>[\w.\- ]+)$", re.I), _random_outcome),
]
