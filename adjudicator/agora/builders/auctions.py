"""Auctions (R2545, R1885, R2629: encodings/agora/auctions.lp): the events that start an auction
(`zombie-auction`, `victory-auction`, with `auction:` its name and `lots:`), bid in it (`bid`,
`amount:`), end it (`end-auction`) and pay for a lot won (`pay-auction`)."""

from __future__ import annotations

from adjudicator.agora import auction_statements
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def auction_lots(build: CaseBuild) -> None:
    """R2545: each auction's lots, as the event that starts it lists them (lot 1 first)."""
    for key, (term, _, _) in build.lexicon.auctions.items():
        for number, lot in enumerate(auction_statements.lots(key, build.lexicon, f"{build.where}: auction {key}"), 1):
            for item, count in lot:
                build.add("auction_lot", term, number, item, count)


def _auction(build: CaseBuild, at: EventAt) -> Name:
    if not at.event.auction:
        raise InputError(f"{at.context}: a {at.kind} event needs auction (its name)")
    return auction_statements.auction(at.event.auction, build.lexicon, at.context)


def start(build: CaseBuild, at: EventAt) -> None:
    """R2545: the auctioneer starts the auction with its lots (R1885, R2629 say who may, with which)."""
    term = _auction(build, at)
    if not at.event.lots:
        raise InputError(f"{at.context}: a {at.kind} event needs lots (R2545: items grouped into lots)")
    build.add("act", at.number, fact("start_auction", term, Name(auction_statements.KINDS[at.kind])))


def bid(build: CaseBuild, at: EventAt) -> None:
    if at.event.amount is None:
        raise InputError(f"{at.context}: a bid event needs amount (the coins bid)")
    build.add("act", at.number, fact("bid", _auction(build, at), int(at.event.amount)))


def end(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("end_auction", _auction(build, at)))


def pay(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("pay_auction", _auction(build, at)))


EVENTS = {"zombie-auction": start, "victory-auction": start, "bid": bid, "end-auction": end, "pay-auction": pay}
