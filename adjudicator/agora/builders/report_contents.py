"""The contents of the Treasuror's, the Registrar's and a recordkeepor's reports (R2456, R2139,
R2166: encodings/agora/reports.lp), as a report's `claims:` give them: `asset classes: [coins,
blots, ...]`, an asset's holdings `coins: {bob: 5}` or `stones: {Power Stone: bob}`, `became
players: {bob: 2020-11-02}`; and the other offices' parts, each notion's builder giving its rows.
`CLAIMS` is the table of these kinds of claim (builders/claims.py reads them); builders/reports.py
adds the switches' claims after them."""

from __future__ import annotations

import re

from adjudicator.agora.asset_statements import asset, asset_names
from adjudicator.agora.builders.cfjs import CLAIMS as CFJ_CLAIMS
from adjudicator.agora.builders.focuses import CLAIMS as FOCUS_CLAIMS
from adjudicator.agora.builders.karma import CLAIMS as KARMA_CLAIMS
from adjudicator.agora.builders.regulations import CLAIMS as REGULATION_CLAIMS
from adjudicator.agora.builders.ribbons import CLAIMS as RIBBON_CLAIMS
from adjudicator.agora.builders.rulekeeping import CLAIMS as RULEKEEPING_CLAIMS
from adjudicator.agora.builders.claims import ClaimKind, Shape, day, moment, named, person_term, states, whole_number
from adjudicator.agora.builders.contracts import contract_provisions
from adjudicator.agora.builders.promises import promise_text_words
from adjudicator.agora.builders.state import CaseBuild, one_line
from adjudicator.agora.case import parse_time, solver_int
from adjudicator.agora.cfj_statements import JUDGEMENTS, cfj_number, word
from adjudicator.agora.contract_statements import contract, pledge_event, title_words
from adjudicator.agora.report_statements import asset_class_name
from adjudicator.agora.stone_statements import SHAPES, stone
from adjudicator.agora.title_statements import title_name
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name

CLASSES = re.compile(r"(?:the )?(?:list of )?(?:all )?(?:public )?(?:asset classes|classes of assets)")
DATES = re.compile(r"(?:became players|registration dates|dates (?:of )?(?:registration|becoming players))")


WEBMASTOR_LOGS = {"directory": "directory", "changelog": "changelog", "warning log": "warning_log",
                  "error log": "error_log"}


def _former_player(build: CaseBuild, e: int, who: object, dates: object, where: str) -> None:
    """R2139: `former players: {bob: {registered: 2020-01-02, deregistered: 2020-03-04}}`."""
    if not isinstance(dates, dict) or not set(map(str, dates)) <= {"registered", "deregistered"}:
        raise InputError(f"{where}.{who}: give registered: and deregistered: dates")
    for what, when in dates.items():
        build.add("report_former", e, person_term(build, who, where), Name(str(what)), day(build, when, f"{where}.{who}.{what}"))


def _notary_pledge(build: CaseBuild, e: int, key: object, about: object, where: str) -> None:
    """R2608: `pledges: {<title or event>: {creator: bob, window: 60, created: 2020-01-01, expires:
    2020-03-01, title: ...}}` (or just the creator); a title the pledge was not given names its pledge
    with `event:` (the Notary's selection)."""
    about = about if isinstance(about, dict) else {"creator": about}
    if not set(map(str, about)) <= {"creator", "expires", "title", "event", "window", "created"} or "creator" not in about:
        raise InputError(f"{where}.{key}: give creator: (and expires:, window:, created:, title: or event:)")
    context = f"{where}.{key}"
    if "event" in about:  # the key is the title the report gives the pledge of that event
        event, title = build.lexicon.event(str(about["event"]), context), title_words(str(key))
        build.lexicon.pledges.setdefault(title, set()).add(event)
    else:
        event = pledge_event(build.lexicon, str(key), context)
        given = title_words(str(key)) if title_words(str(key)) in build.lexicon.pledges else None
        title = title_words(str(about["title"])) if "title" in about else given
    expiry = build.minutes(parse_time(about["expires"], context)) if "expires" in about else Name("none")
    build.add("report_pledge", e, event, person_term(build, about["creator"], where), expiry)
    if title is not None:
        build.add("report_pledge_title", e, event, title)
    if "window" in about:  # R2608: the time window, in days
        build.add("report_pledge_window", e, event, solver_int(about["window"], f"{context}.window"))
    if "created" in about:
        build.add("report_pledge_created", e, event, build.minutes(parse_time(about["created"], f"{context}.created")))


def _notary_contract(build: CaseBuild, e: int, text: object, listed: object, where: str) -> None:
    """R2608: `contracts: {<contract>: [parties]}` or `{<contract>: {parties: [...], provisions: [...]}}`."""
    name = contract(str(text), build.lexicon, where)
    build.add("report_contract", e, name)
    if isinstance(listed, dict):
        if not set(map(str, listed)) <= {"parties", "provisions"}:
            raise InputError(f"{where}.{text}: give parties: and provisions:")
        parties = listed.get("parties", [])
        for term in contract_provisions(build, listed.get("provisions", []), f"{where}.{text}"):
            build.add("report_contract_provision", e, name, term)
    else:
        parties = listed
    for party in (parties if isinstance(parties, list) else [parties]):
        build.add("report_contract_party", e, name, person_term(build, party, where))


def _notary_promise(build: CaseBuild, e: int, title: object, about: object, where: str) -> None:
    """R2608: `promises: {<title>: bearer}` or `{<title>: {bearer: .., creator: .., text: [actions]}}`."""
    about = about if isinstance(about, dict) else {"bearer": about}
    if not set(map(str, about)) <= {"bearer", "creator", "text"} or "bearer" not in about:
        raise InputError(f"{where}.{title}: give bearer: (and creator:, text:)")
    key = one_line(str(title).strip().lower())
    build.add("report_promise", e, key, person_term(build, about["bearer"], where))
    if "creator" in about:
        build.add("report_promise_creator", e, key, person_term(build, about["creator"], where))
    if "text" in about:
        build.add("report_promise_text", e, key, promise_text_words(about["text"]))


def _asset_class(build: CaseBuild, bare: str, where: str) -> tuple | None:
    try:
        return (asset(bare, where, build.lexicon),)
    except InputError:
        return None


# The parts of the reports' contents, each kind of claim a row, in the order a key is looked up in
# (the claim parser is builders/claims.py; the switches' claims follow, builders/reports.py)
CLAIMS: tuple[ClaimKind, ...] = (
    *RULEKEEPING_CLAIMS,  # R1051, R1681: the Rulekeepor's SLR and FLR
    *REGULATION_CLAIMS,   # R2493: the regulations the Rulekeepor tracks
    *KARMA_CLAIMS,        # the Herald's karma and positions in Court (R2510)
    *RIBBON_CLAIMS,       # the Tailor's Ribbons and amounts payable for Glitter (R2438, R2602)
    *FOCUS_CLAIMS,        # the Ministor's Ministry Focuses (R2638)
    *CFJ_CLAIMS,          # R991: the Arbitor's list of players interested in judging
    # R2616: the Webmastor's logs; their items are at eir discretion: only their presence is judged
    *(ClaimKind((spelling,), Shape.VALUE, "", stated=states("report_states_part", Name(log)))
      for spelling, log in WEBMASTOR_LOGS.items()),
    ClaimKind(("former players",), Shape.MAP, "each former player's dates (player: {registered: date, deregistered: "
              "date})", _former_player, stated=states("report_states_former")),  # R2139
    ClaimKind(("patent titles",), Shape.MAP_OF_LISTS, "each person's patent titles (person: [title, ...])",
              named(title_name), "report_title", key=person_term, stated=states("report_states_titles")),  # R649
    # R2608: the Notary's pledges, contracts and promises
    ClaimKind(("pledges",), Shape.MAP, "each pledge by its title or event (title: creator)", _notary_pledge,
              stated=states("report_states_pledges")),
    ClaimKind(("contracts",), Shape.MAP, "each contract with its parties (contract: [party, ...] or {parties: [...], "
              "provisions: [...]})", _notary_contract, stated=states("report_states_contracts")),
    ClaimKind(("promises",), Shape.MAP, "each promise with its bearer (title: bearer)", _notary_promise,
              stated=states("report_states_promises")),
    # R991: the Arbitor's open cases and recently judged ones (the Judge switch's claims, `judge: {3901:
    # bob}`, are the assignments)
    ClaimKind(("open cases",), Shape.LIST, "the list of the open cases' numbers", named(cfj_number), "report_open_case",
              stated=states("report_states_open_cases")),
    ClaimKind(("judged cases", "recently judged cases", "recently-judged cases"), Shape.MAP,
              "each case's judgement (case: judgement)",
              lambda build, text, where: word(str(text), JUDGEMENTS, "a judgement of R591", where), "report_judged",
              key=named(cfj_number)),
    # R2456, R2166: the classes of assets the report lists
    ClaimKind(("asset classes", "classes of assets"), Shape.LIST, "the list of the classes the report names",
              lambda build, text, where: asset_class_name(text, where, build.lexicon), "report_lists_class", pattern=CLASSES, stated=states("report_states_classes")),
    # R2139: the day each player became one
    ClaimKind(("became players", "registration dates"), Shape.MAP, "each player's date (player: date)", day,
              "report_became", key=person_term, pattern=DATES, stated=states("report_states_dates")),
    # R1789: the Registrar's monthly notation of the players deregistered in a Writ of FAGE
    ClaimKind(("deregistered in a writ of fage", "writs of fage"), Shape.LIST,
              "the list of the players the report notes deregistered in a Writ of FAGE", person_term, "report_notes_fage"),
    ClaimKind(("accurate as of", "as of"), Shape.VALUE, "", moment, "report_as_of"),  # CFJ 3798: the time it speaks of
    # R2640: each stone's owner (a report listing stones lists every stone)
    ClaimKind(("stones",), Shape.MAP, "each stone's owner (stone: owner)",
              lambda build, text, where: (person_term(build, text, where), 1), "report_holding", key=named(stone),
              stated=tuple(("report_states_holdings", Name(kind)) for kind in SHAPES)),
    # R2456, R2166: an asset's holdings, `coins: {bob: 5}`
    ClaimKind((), Shape.MAP, "each owner's holding (owner: number)", whole_number, "report_holding", key=person_term,
              stated=states("report_states_holdings"), subject=_asset_class,
              spellings=lambda build: {**asset_names(), **build.lexicon.assets}),
)
