"""Stones (R2640-R2645): the events that wield a stone, publish a collection notice (with the stones
that escape) and announce that a player owns 5 or more stones (the Gauntlet; a stone auction is
builders/auctions.py's); a stone given twice in the gamestate is refused (a stone is unique). What each
achieves is encodings/agora/stones.lp's."""

from __future__ import annotations


from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.stone_statements import SHAPES, decision_term, stone, wield_spec
from adjudicator.agora.asset_statements import asset
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def _stone_owners(build: CaseBuild) -> dict[str, str]:
    """R2640: a stone is unique: one owner, one instance (else refused)."""
    where = f"{build.where}: gamestate.assets"
    owners: dict[str, str] = {}
    for owner, held in build.case.gamestate.assets.items():
        for what, number in held.items():
            term = asset(what, f"{where}.{owner}", build.lexicon) if "stone" in what.lower() else None
            if term is None or str(term) not in SHAPES:
                continue
            if int(number) > 1 or str(term) in owners:
                raise InputError(f"{where}: {what} is unique (R2640): one owner, one stone")
            owners[str(term)] = owner
    return owners


def stones_at_start(build: CaseBuild) -> None:
    """Whether the case names a stone (stones.lp: a stone nobody is given is then Agora's), and the
    years' first instants where the stones' monthly rules read dates (culture.lp's calendar),
    unless another notion gave them."""
    owners = _stone_owners(build)
    text = "\n".join(build.program)
    named = any(kind in text for kind in SHAPES) or any(word in text for word in ("collection_notice", ",stone)",
                                                                                 "gauntlet("))
    if owners or named:
        build.add("stones_in_case")
    needs_dates = "collection_notice" in text or "wield(" in text or ("stonemason" in text and "reports_from(" in text)
    if build.epoch is None or "cal_year_start(" in text or not needs_dates:
        return
    build.add_year_starts()


def wield(build: CaseBuild, at: EventAt) -> None:
    """R2641: the stone (`asset`) and the values its scroll needs: `to` (a player), `decision`,
    `target` (another stone)."""
    if not at.event.asset:
        raise InputError(f"{at.context}: which stone? (asset: e.g. Power Stone)")
    kind = stone(at.event.asset, at.context)
    player = Name(build.who(at.event.to, at.context)) if at.event.to else None
    decision = decision_term(at.event.decision) if at.event.decision is not None else None
    other = stone(at.event.target, at.context) if at.event.target else None
    build.add("act", at.number, fact("wield", kind, wield_spec(kind, player, decision, other)))


def _listed(build: CaseBuild, at: EventAt, predicate: str) -> None:
    for text in at.event.stones:
        build.add(predicate, at.number, stone(text, at.context))


def collection_notice(build: CaseBuild, at: EventAt) -> None:
    """R2643: a collection notice; `stones`: those its random choices say escape."""
    build.add("act", at.number, Name("collection_notice"))
    _listed(build, at, "escape_listed")


def gauntlet(build: CaseBuild, at: EventAt) -> None:
    """R2644: an announcement that the player `to` owns 5 or more stones."""
    if not at.event.to:
        raise InputError(f"{at.context}: which player owns 5 or more stones? (to:)")
    build.add("act", at.number, fact("gauntlet", Name(build.who(at.event.to, at.context))))


EVENTS = {
    "wield": wield,
    "collection-notice": collection_notice,
    "gauntlet": gauntlet,
}
