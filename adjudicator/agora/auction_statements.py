"""Auctions in action phrases and in the statement language (encodings/agora/auctions.lp: R2545,
R1885, R2629, R2642).

An auction is named by the event that starts it (`auction: june`); its lots are lists of items
(`talisman for bob`, `1 new Victory Card`, `3 Pendants`). A statement or an action naming an
auction or a lot the case does not start is refused with the nearest names. Action phrases:
`bid 5 coins in auction june`, `end auction june`, `pay for eir lot in auction june`, `start
auction june`. Sentences: `bob won lot 1 of auction june`, `bob won the auction of the talisman
for carol`, `bob won a lot in auction june`, `bob's bid of 5 coins in auction june was valid`
(or `INVALID`), `auction june is ongoing`, `a zombie auction is ongoing`, `no zombie auction is
ongoing`, `bob paid for eir lot in auction june`; each with `not` where it reads naturally."""

from __future__ import annotations

import re
from datetime import timedelta

from adjudicator.agora.asset_statements import amount, asset
from adjudicator.agora.case import Event, parse_time
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, Var, atom, fact, name_of, negated

PT = Var("PT")
KINDS = {"zombie-auction": "zombie", "victory-auction": "victory", "stone-auction": "stone"}
TALISMAN = re.compile(r"(?:the )?talisman (?:for|of) (?P<who>.+)")
COUNTED = re.compile(r"(?P<n>\d+|an?|one) (?P<new>new )?(?P<what>.+)")


def _spelled(text: str) -> str:
    return " ".join(str(text).lower().split())


def declare(events, lexicon) -> None:
    """The auctions the case's events start (by name), before any event or statement is read."""
    for event in events:
        kind = KINDS.get(event.do.strip().lower().replace("_", "-").replace(" ", "-"))
        if kind and event.auction:
            key = _spelled(event.auction)
            written = event.lots or ([[f"1 {_spelled(stone).removeprefix('the ')}"] for stone in event.stones]
                                    if kind == "stone" else [])  # R2642: each stone a lot
            _, known_kind, lots = lexicon.auctions.get(key, (None, kind, written))
            if known_kind != kind or lots != written:
                raise InputError(f"auction {excerpt(event.auction)} is started twice, with different kinds or lots")
            lexicon.auctions[key] = (Name(name_of(key)), kind, written)


# ---------------------------------------------------------------- the method's terms (R2545)

_QUIET = re.compile(r"(?P<n>\d+) days? after the last bid")
TERM_KEYS = ("ends", "withdrawal", "minimum", "method", "bids", "price", "opening", "decrement")
# R2545: the kinds of bidding and pricing a method may specify (sealed bids, falling prices)
TERM_WORDS = {"bids": ("open", "sealed", "descending"), "price": ("first", "second")}


def method_terms(event, methods: dict, where: str) -> list[dict]:
    """The terms an auction's start specifies, and those of the regulation's method it names (R2545:
    the Treasuror's regulations define methods); a key or method the case does not know is refused."""
    found = [event.terms]
    for key in event.terms:
        if key not in TERM_KEYS:
            raise InputError(f"{where}: terms: {excerpt(str(key))} is not a term of an auction's method "
                             f"({nearest_names(str(key), {k: k for k in TERM_KEYS})})")
    if isinstance(event.terms.get("method"), dict):
        outside_method(event.terms["method"], where)
    elif "method" in event.terms:
        name = _spelled(event.terms["method"])
        known = {_spelled(k): v for k, v in methods.items()}
        if name not in known:
            raise InputError(f"{where}: terms: {excerpt(str(event.terms['method']))} is not an auction method of the "
                             f"Treasuror's regulations (gamestate.auction_methods; {nearest_names(name, {k: k for k in known})})")
        found.append(known[name])
    return found


OUTSIDE_KEYS = ("name", "winners", "unclear", "other_reading")


def outside_method(method: dict, where: str) -> dict:
    """A method outside the known terms (R2545: "any wholly public method that would be generally
    recognizable"), as the case states its outcome: `name`, `winners` (lot by lot, `{bob: 5}`: the
    winner and eir price), and where its terms are unclear, `unclear` (what is) and `other_reading`
    (the winners its words give where it has no clear intent). Anything else is refused."""
    for key in method:
        if key not in OUTSIDE_KEYS:
            raise InputError(f"{where}: terms: method: {excerpt(str(key))} is not a key of a stated method "
                             f"({nearest_names(str(key), {k: k for k in OUTSIDE_KEYS})})")
    if not isinstance(method.get("name"), str) or not isinstance(method.get("winners"), list):
        raise InputError(f"{where}: terms: method: a stated method needs name (a text) and winners (a list, lot by lot)")
    if ("unclear" in method) != ("other_reading" in method):
        raise InputError(f"{where}: terms: method: an unclear method needs both unclear (what is unclear) and other_reading")
    readings = {"intent": method["winners"], "other": method.get("other_reading", [])}
    for reading, winners in readings.items():
        if not isinstance(winners, list) or not all(isinstance(w, dict) and len(w) == 1 for w in winners):
            raise InputError(f"{where}: terms: method: winners are a list of one-key mappings, lot by lot ({{bob: 5}})")
        for entry in winners:
            (who, price), = entry.items()
            if not isinstance(price, int) or isinstance(price, bool) or price < 0:
                raise InputError(f"{where}: terms: method: the price of {excerpt(str(who))} is not a number of coins")
    return readings


def ends_term(value, where: str):
    """`ends`: ("announcement",), ("at", time text) or ("quiet", days)."""
    text = _spelled(value)
    if text in ("by announcement", "announcement", "when the auctioneer announces it"):
        return ("announcement",)
    m = _QUIET.fullmatch(text)
    if m:
        return ("quiet", int(m["n"]))
    return ("at", str(value))


def closing_probes(events, methods: dict, now, where: str) -> list:
    """The moments at which a timed auction may end, as events without actor (auction-closes): its
    fixed end, or N days after its start and after each bid in it (auctions.lp decides which ends it)."""
    times = [parse_time(e.at, f"{where}: event {n}") for n, e in enumerate(events, 1)]
    end = parse_time(now, f"{where}: now") if now is not None else max(times, default=None)
    out = list(events)
    for event, moment in zip(events, times):
        kind = KINDS.get(event.do.strip().lower().replace("_", "-").replace(" ", "-"))
        if not kind or not event.auction:
            continue
        for terms in method_terms(event, methods, f"{where}: auction {event.auction}"):
            if "ends" not in terms:
                continue
            ends = ends_term(terms["ends"], where)
            if ends[0] == "at":
                probes = [parse_time(ends[1], f"{where}: auction {event.auction}: ends")]
            elif ends[0] == "quiet":
                bids = [t for e, t in zip(events, times) if e.auction and _spelled(e.auction) == _spelled(event.auction)
                        and e.do.strip().lower() == "bid"]
                probes = [t + timedelta(days=ends[1]) for t in [moment, *bids]]
            else:
                continue
            for n, probe in enumerate(sorted(set(probes)), 1):
                if end is None or probe <= end:
                    out.append(Event(id=f"{event.auction} closes {n}", at=probe, do="auction-closes", auction=event.auction,
                                     note="a moment at which the auction's method may end it (R2545)"))
    return out


def auction(text: str, lexicon, where: str) -> Name:
    """An auction the case starts, by its name; anything else is refused naming the nearest."""
    key = _spelled(re.sub(r"^(?:the )?(?:auction )?", "", _spelled(text)))
    if key in lexicon.auctions:
        return lexicon.auctions[key][0]
    spellings = {name: name for name in lexicon.auctions}
    raise InputError(f"{where}: {excerpt(text.strip())} is not an auction of this case ({nearest_names(key, spellings)})")


def item(text: str, lexicon, where: str):
    """A lot's item: the talisman for a player (R2532), N new assets (created by the auction,
    R2545), or N of an asset class; with its number."""
    spelled = _spelled(text)
    m = TALISMAN.fullmatch(spelled)
    if m:
        return fact("talisman", lexicon.person(m["who"], where)), 1
    m = COUNTED.fullmatch(spelled)
    if not m:
        raise InputError(f"{where}: {excerpt(text)} is not an item of a lot (write 'talisman for bob', "
                         "'1 new Victory Card' or '3 Pendants')")
    what = asset(m["what"], where, lexicon)
    return (fact("new", what) if m["new"] else what), amount(m["n"], where)


def lots(key: str, lexicon, where: str) -> list[list[tuple]]:
    """An auction's lots, each a list of (item, number), as the case writes them."""
    _, _, written = lexicon.auctions[key]
    found = []
    for number, lot in enumerate(written, 1):
        entries = [lot] if isinstance(lot, str) else list(lot)
        if not entries:
            raise InputError(f"{where}: lot {number} is empty (R2545: a lot is a non-empty list of items)")
        found.append([item(entry, lexicon, f"{where}: lot {number}") for entry in entries])
    return found


def _lot_of_item(text: str, lexicon, where: str):
    """An item some lot of the case's auctions holds; refused if no lot holds it."""
    wanted, _ = item(text, lexicon, where)
    every = {}
    for key, (term, _, _) in lexicon.auctions.items():
        for lot in lots(key, lexicon, where):
            for thing, _ in lot:
                every[str(thing).replace("(", " for ").rstrip(")").replace("_", " ")] = str(thing)
                if thing == wanted:
                    return wanted
    raise InputError(f"{where}: {excerpt(text.strip())} is not in a lot of an auction of this case "
                     f"({nearest_names(text, {k: k for k in every})})")


def auction_action(low: str, lexicon, where: str, action_term=None):
    """The typed term of an auction action phrase, or None if it is not one."""
    m = re.fullmatch(r"bid (?P<n>\d+) coins? (?:in|on) (?P<au>.+)", low)
    if m:
        return fact("bid", auction(m["au"], lexicon, where), amount(m["n"], where)), [], []
    m = re.fullmatch(r"(?:end|close|terminate) (?P<au>(?:the )?auction .+)", low)
    if m:
        verb = "terminate_auction" if low.startswith("terminate") else "end_auction"
        return fact(verb, auction(m["au"], lexicon, where)), [], []
    m = re.fullmatch(r"pay (?:for (?:eir|his|her|their|the|a|my) lot|(?:eir|his|her|their|my) bid) (?:in|of) (?P<au>.+)", low)
    if m:
        return fact("pay_auction", auction(m["au"], lexicon, where)), [], []
    m = re.fullmatch(r"(?:start|initiate|conduct) (?P<au>(?:the )?auction .+)", low)
    if m:
        term = auction(m["au"], lexicon, where)
        kind = next(k for t, k, _ in lexicon.auctions.values() if t == term)
        return fact("start_auction", term, Name(kind)), [], []
    return None


# ---------------------------------------------------------------- sentences

def _negative(m) -> bool:
    return bool(re.match(r"(?:did not|has not|didn't|not|in)", (m.groupdict().get("neg") or "").lower()))


def _won_lot(m, lexicon, where):
    """R2545: P won lot L (or any lot) of the auction, by the statement's time."""
    who = lexicon.person(m["who"], where)
    au = auction(m["au"], lexicon, where)
    lot = int(m.groupdict().get("lot") or 0) or Name("any")
    asked = atom("won_asked", au, lot, who, PT)
    literal = atom("won_lot_by", au, lot, who, PT)
    return dict(literals=[atom("point", PT), negated(literal)] if _negative(m) else [literal], facts=[asked], persons=[who])


def _won_item(m, lexicon, where):
    """R2545: P won the lot holding an item, in any auction of the case."""
    who = lexicon.person(m["who"], where)
    wanted = _lot_of_item(m["item"], lexicon, where)
    literal = atom("won_item_by", wanted, who, PT)
    return dict(literals=[atom("point", PT), negated(literal)] if _negative(m) else [literal],
                facts=[atom("won_item_asked", wanted, who, PT)], persons=[who])


def _bid(m, lexicon, where):
    """R2545: P made a valid bid of N coins (in the auction named, or any) by then; INVALID: none such."""
    who = lexicon.person(m["who"], where)
    au = auction(m["au"], lexicon, where) if m["au"] else Name("any")
    n = amount(m["n"], where)
    literal = atom("valid_bid_by", au, who, n, PT)
    return dict(literals=[atom("point", PT), negated(literal)] if _negative(m) else [literal],
                facts=[atom("valid_bid_asked", au, who, n, PT)], persons=[who])


def _ongoing(m, lexicon, where):
    au = auction(m["au"], lexicon, where)
    literal = atom("auction_ongoing", au, PT)
    return dict(literals=[atom("point", PT), negated(literal)] if m["neg"] else [literal],
                facts=[atom("auction_query", au, PT)])


def _kind_ongoing(m, lexicon, where):
    kind = m["kind"].lower()
    queried = [term for term, k, _ in lexicon.auctions.values() if k == kind]
    literal = atom("auction_kind_ongoing", Name(kind), PT)
    negative = bool(m["neg"]) or m["det"].lower() == "no"
    return dict(literals=[atom("point", PT), negated(literal)] if negative else [literal],
                facts=[atom("auction_query", term, PT) for term in queried])


def _paid(m, lexicon, where):
    who = lexicon.person(m["who"], where)
    au = auction(m["au"], lexicon, where)
    literal = atom("paid_by", au, who, PT)
    return dict(literals=[literal], facts=[atom("paid_asked", au, who, PT)], persons=[who])


WHO = r"(?P<who>.+?)"
AU = r"(?P<au>(?:the )?auction .+?|.+? auction)"
PATTERNS = [
    (re.compile(rf"^{WHO} (?P<neg>did not win|has not won|didn't win|won|has won) lot (?P<lot>\d+) (?:of|in) {AU}$", re.I),
     _won_lot),
    (re.compile(rf"^{WHO} (?P<neg>did not win|has not won|didn't win|won|has won) (?:the )?(?:auction|lot) (?:of|for) "
                r"(?P<item>.+)$", re.I), _won_item),
    (re.compile(rf"^{WHO} (?P<neg>did not win|has not won|didn't win|won|has won) (?:a lot (?:in|of) )?{AU}$", re.I), _won_lot),
    (re.compile(rf"^{WHO}'s bid of (?P<n>\d+) coins?(?: (?:in|on) {AU})? (?:was|is) (?P<neg>not |in)?valid$", re.I), _bid),
    (re.compile(r"^(?P<det>an?|the|no) (?P<kind>zombie|victory|stone) auction (?:is|was) (?P<neg>not )?ongoing$", re.I),
     _kind_ongoing),
    (re.compile(rf"^{AU} (?:is|was) (?P<neg>not )?ongoing$", re.I), _ongoing),
    (re.compile(rf"^{WHO} (?:paid|has paid) for (?:eir|his|her|their|a|the) lot (?:in|of) {AU}$", re.I), _paid),
]
