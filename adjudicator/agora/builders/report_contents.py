"""The contents of the Treasuror's, the Registrar's and a recordkeepor's reports (R2456, R2139,
R2166: encodings/agora/reports.lp), as a report's `claims:` give them: `asset classes: [coins,
blots, ...]`, an asset's holdings `coins: {bob: 5}` or `stones: {Power Stone: bob}`, `became
players: {bob: 2020-11-02}`. Called by builders/reports.py for each claim before the switches'."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from adjudicator.agora.asset_statements import asset
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.rulekeeping import claim as rulekeeping_claim
from adjudicator.agora.builders.karma import karma_claim
from adjudicator.agora.builders.ribbons import glitter_claim
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import parse_time
from adjudicator.agora.report_statements import asset_class_name
from adjudicator.agora.stone_statements import SHAPES, stone
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name

CLASSES = re.compile(r"(?:the )?(?:list of )?(?:all )?(?:public )?(?:asset classes|classes of assets)")
DATES = re.compile(r"(?:became players|registration dates|dates (?:of )?(?:registration|becoming players))")


def claim(build: CaseBuild, at: EventAt, key: str, values: object) -> bool:
    """One part of a report's contents, if `key` names one (else False: a switch's claims)."""
    low, where, e = " ".join(str(key).lower().split()), f"{at.context}: claims: {key}", at.number
    if rulekeeping_claim(build, at, low, values):  # R1051, R1681: the Rulekeepor's SLR
        return True
    if karma_claim(build, at, low, values, where):  # the Herald's karma and positions in Court (R2510)
        return True
    if glitter_claim(build, at, low, values, where):  # the Tailor's amounts payable for Glitter (R2602)
        return True
    if CLASSES.fullmatch(low):
        if not isinstance(values, list):
            raise InputError(f"{where}: the list of the classes the report names")
        build.add("report_states_classes", e)
        for text in values:
            build.add("report_lists_class", e, asset_class_name(text, where))
        return True
    if DATES.fullmatch(low):
        if not isinstance(values, dict):
            raise InputError(f"{where}: each player's date (player: date)")
        build.add("report_states_dates", e)
        for person, day in values.items():
            moment = parse_time(day, f"{where}.{person}").astimezone(timezone.utc)
            start = datetime(moment.year, moment.month, moment.day, tzinfo=timezone.utc)
            build.add("report_became", e, Name(build.who(str(person), where)), build.minutes(start))
        return True
    if low in ("accurate as of", "as of"):  # CFJ 3798: the time the report speaks of
        build.add("report_as_of", e, build.minutes(parse_time(values, where)))
        return True
    if low in ("stones", "the stones"):
        if not isinstance(values, dict):
            raise InputError(f"{where}: each stone's owner (stone: owner)")
        for kind in SHAPES:
            build.add("report_states_holdings", e, Name(kind))
        for text, owner in values.items():
            build.add("report_holding", e, stone(str(text), where), Name(build.who(str(owner), where)), 1)
        return True
    try:
        kind = asset(str(key), where)
    except InputError:
        return False
    if not isinstance(values, dict):
        raise InputError(f"{where}: each owner's holding (owner: number)")
    build.add("report_states_holdings", e, kind)
    for owner, number in values.items():
        build.add("report_holding", e, kind, Name(build.who(str(owner), where)), int(number))
    return True
