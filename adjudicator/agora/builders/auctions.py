"""Auctions (R2545, R1885, R2629, R2642: encodings/agora/auctions.lp): the events that start an auction
(`zombie-auction`, `victory-auction`, `stone-auction`, with `auction:` its name and `lots:`, or
`stones:` for the Stonemason's, each stone a lot), bid in it (`bid`,
`amount:`), end it (`end-auction`) and pay for a lot won (`pay-auction`); the Registrar's
announcement that no zombie auction is necessary (`no-zombie-auction`, R1885)."""

from __future__ import annotations

import re

from adjudicator.agora import auction_statements
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.agora.case import parse_time
from adjudicator.solving.terms import Name, fact, name_of


# a statement asking whether someone violated (or failed to heed) R2629's or R1885's monthly duty
_DUTY_ASKED = re.compile(r"(?:violation_time|advice_unheeded)\(\w+,\s*(2629|1885)\b")


def auction_lots(build: CaseBuild) -> None:
    """R2545: each auction's lots, as the event that starts it lists them (lot 1 first); the
    statements asking about the monthly duties (R2629, R1885), and the years' first instants for
    their months where the case has a record of reports (culture.lp), unless another notion gave them."""
    for key, (term, _, _) in build.lexicon.auctions.items():
        for number, lot in enumerate(auction_statements.lots(key, build.lexicon, f"{build.where}: auction {key}"), 1):
            for item, count in lot:
                build.add("auction_lot", term, number, item, count)
    methods = build.case.gamestate.auction_methods
    for method, terms in methods.items():  # R2545: the Treasuror's regulations
        where = f"{build.where}: gamestate.auction_methods.{method}"
        if "method" in terms or any(key not in auction_statements.TERM_KEYS for key in terms):
            raise InputError(f"{where}: a method's terms are ends, withdrawal, minimum, bids, price, opening and decrement")
        _terms(build, "method_term", Name(name_of(auction_statements._spelled(method))), terms, where)
    if build.lexicon.auctions and "auction_methods" in build.case.gamestate.model_fields_set and not methods:
        build.add("no_auction_methods")  # the case states the Treasuror's regulations define none (R2545's SHOULD)
    text = "\n".join(build.program)
    for rule in sorted(set(_DUTY_ASKED.findall(text))):
        build.add("auction_duty_asked", int(rule))
    duties = any(word in text for word in ("start_auction(", "no_zombie_auction", "auction_duty_asked("))
    if build.epoch is None or "cal_year_start(" in text or "reports_from(" not in text or not duties:
        return
    build.add_year_starts()


def _auction(build: CaseBuild, at: EventAt) -> Name:
    if not at.event.auction:
        raise InputError(f"{at.context}: a {at.kind} event needs auction (its name)")
    return auction_statements.auction(at.event.auction, build.lexicon, at.context)


def _term_value(build: CaseBuild, key: str, value, where: str):
    """One term of a method as a term of ASP (auctions.lp reads what each means)."""
    if key == "ends":
        ends = auction_statements.ends_term(value, where)
        if ends[0] == "at":
            return fact("at", build.minutes(parse_time(ends[1], f"{where}: ends")))
        return fact("quiet", ends[1]) if ends[0] == "quiet" else Name("announcement")
    if key == "withdrawal":
        if not isinstance(value, bool):
            raise InputError(f"{where}: withdrawal: true (bids may be withdrawn) or false")
        return Name("allowed" if value else "not_allowed")
    if key in ("minimum", "opening", "decrement"):
        if not isinstance(value, int) or isinstance(value, bool) or value < (1 if key == "decrement" else 0):
            raise InputError(f"{where}: {key}: a number of coins" + (" (per day, at least 1)" if key == "decrement" else ""))
        return value
    if key in auction_statements.TERM_WORDS:
        word = auction_statements._spelled(value)
        known = auction_statements.TERM_WORDS[key]
        if word not in known:
            raise InputError(f"{where}: {key}: {excerpt(str(value))} is not one of {', '.join(known)} "
                             f"({nearest_names(word, {k: k for k in known})})")
        return Name(word)
    return Name(name_of(auction_statements._spelled(value)))


def _terms(build: CaseBuild, subject: str, owner, terms: dict, where: str) -> None:
    for key, value in terms.items():
        build.add(subject, owner, Name(key), _term_value(build, key, value, where))


def start(build: CaseBuild, at: EventAt) -> None:
    """R2545: the auctioneer starts the auction with its lots (R1885, R2629 say who may, with which)
    and the method it specifies (`terms`, or a method of the Treasuror's regulations)."""
    term = _auction(build, at)
    if not (at.event.lots or (at.kind == "stone-auction" and at.event.stones)):
        what = "stones (its lots)" if at.kind == "stone-auction" else "lots"
        raise InputError(f"{at.context}: a {at.kind} event needs {what} (R2545: items grouped into lots)")
    build.add("act", at.number, fact("start_auction", term, Name(auction_statements.KINDS[at.kind])))
    methods = build.case.gamestate.auction_methods
    auction_statements.method_terms(at.event, methods, at.context)  # refuses unknown keys and methods
    _terms(build, "auction_own_term", term, {k: v for k, v in at.event.terms.items() if k != "method"}, at.context)
    if isinstance(at.event.terms.get("method"), dict):
        _outside_method(build, at, term)
    elif "method" in at.event.terms:
        build.add("auction_uses_method", term, Name(name_of(auction_statements._spelled(at.event.terms["method"]))))


def _outside_method(build: CaseBuild, at: EventAt, term: Name) -> None:
    """R2545: a method outside the known terms, its winners as the case states them; whether it is
    wholly public, fair, equitable and timely (and, unclear, what its clear intent is) are the judge's
    findings about the start (findings.lp), which the case must name."""
    method = at.event.terms["method"]
    readings = auction_statements.outside_method(method, at.context)
    label = at.event.id or str(at.number)
    named = {f.question for f in build.case.findings if f.about.strip().partition(" ")[2].strip().lower() == label.lower()}
    for question in ("fair_method",) + (("clear_intent",) if "unclear" in method else ()):
        if question not in named:
            raise InputError(f"{at.context}: the method {excerpt(method['name'])} is no known term of an auction: the case "
                             f"needs the finding {question} about event {label} (R2545: stated, or left open)")
    build.add("outside_method", term, Name(name_of(auction_statements._spelled(method["name"]))))
    if "unclear" in method:
        build.add("unclear_method", term)
    for reading, winners in readings.items():
        for lot, entry in enumerate(winners, 1):
            (who, price), = entry.items()
            build.add("method_winner", term, lot, Name(build.who(str(who), f"{at.context}: terms: method: {reading}")), price,
                      Name(reading))


def bid(build: CaseBuild, at: EventAt) -> None:
    if at.event.amount is None:
        raise InputError(f"{at.context}: a bid event needs amount (the coins bid)")
    build.add("act", at.number, fact("bid", _auction(build, at), int(at.event.amount)))


def end(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("end_auction", _auction(build, at)))


def pay(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("pay_auction", _auction(build, at)))


def withdraw_bid(build: CaseBuild, at: EventAt) -> None:
    """R2545: a bidder withdraws eir bids, where the auction's method allows it."""
    build.add("act", at.number, fact("withdraw_bid", _auction(build, at)))


def closes(build: CaseBuild, at: EventAt) -> None:
    """A moment at which a timed auction's method may end it (auction_statements.closing_probes)."""
    build.add("act", at.number, fact("auction_closes", _auction(build, at)))


def no_zombie_auction(build: CaseBuild, at: EventAt) -> None:
    """R1885: the Registrar's announcement that no zombie auction is necessary."""
    build.add("act", at.number, Name("no_zombie_auction"))


EVENTS = {"zombie-auction": start, "victory-auction": start, "stone-auction": start, "bid": bid, "end-auction": end, "pay-auction": pay,
          "no-zombie-auction": no_zombie_auction, "withdraw-bid": withdraw_bid, "auction-closes": closes}
