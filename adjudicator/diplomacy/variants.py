"""Rules variants and their named options (documented in docs/variants.md).

`"rules": "standard" | "bt2020" | "diplonomic2020"` picks a variant; `"options": {...}` in a turn
overrides a reading. Every option is an ambiguity or difference of the tournament texts, cited
to its regulation; the defaults are argued in docs/variants.md. The encodings receive the chosen
readings as `option(Name,Value).` facts; the variant rules themselves are in
`encodings/diplomacy/variant*.lp`.
"""

from __future__ import annotations

from adjudicator.diplomacy.orders import bounded_memo
from adjudicator.errors import InputError
from adjudicator.solving.readings import Reading, Readings
from adjudicator.solving.terms import string

RULES = ("standard", "bt2020", "diplonomic2020")


# The readings, declared once with the standard rules' defaults; each tournament variant settles
# some of them the other way (docs/variants.md argues every default).
READINGS = Readings(
    Reading("convoy_path", ("ignored", "required", "reported", "required_participation"), "ignored",
            "must a convoyed move name its path (A LON - NTH - BEL), and does the path limit the convoy",
            cite="BT17; Diplonomic rule 17"),
    Reading("convoy_as_adjacent", ("swap_allowed", "head_to_head"), "swap_allowed",
            "does a convoyed army meet an opposite move head to head (rule 17: 'as if adjacent')",
            cite="Diplonomic rule 17"),
    Reading("convoy_paradox", ("szykman", "rulebook2000"), "szykman",
            "convoy paradox rule: Szykman (DATC preference) or the 2000 rulebook sentence BT21 quotes",
            cite="BT21; Diplonomic rule 21; DATC 4.A.2"),
    Reading("head_to_head", ("strength", "never"), "strength",
            "two units ordered into each other's provinces: the stronger wins (BT20), or 'neither can "
            "move' literally",
            cite="BT19; Diplonomic rule 19"),
    Reading("support_reach", ("reachable", "unrestricted"), "reachable",
            "must a supporter be able to move where it gives support (BT17 says nothing; rule 17 and "
            "the rulebook: yes)",
            cite="BT17; Diplonomic rule 17; DATC 6.A.10"),
    Reading("unauthorised_orders", ("ignored", "accepted"), "accepted",
            "an order submitted by someone not entitled to submit it",
            cite="Diplonomic rule 7; BT7"),
    Reading("ownership_update", ("after_fall_retreats", "after_fall_movement"), "after_fall_retreats",
            "when 'after a Fall turn has been played and completed' is",
            cite="BT23; Diplonomic rule 23"),
    Reading("removal_distance", ("owned_centres", "home_centres"), "owned_centres",
            "civil-disorder removal: distance to the nearest owned centre (2023) or home centre",
            cite="BT24; Diplonomic rule 24; DATC 4.D.8"),
    Reading("removal_alphabet", ("english_names", "abbreviations"), "english_names",
            "civil-disorder removal tie-break: alphabetical by English name or by abbreviation",
            cite="BT24; Diplonomic rule 24; DATC 4.D.8"),
    Reading("civil_disorder_hold_support", ("counts", "fails"), "counts",
            "a hold support from another power for a unit of a country in civil disorder",
            cite="BT24; Diplonomic rule 24; DATC 4.D.9"),
    Reading("conditional_orders", ("any", "named", "none"), "none",
            "which orders may be conditional ('<order> IF <condition>'): any order, only those "
            "BT15/BT17 name (a move using a convoy; retreats, disbands, builds), or none (the rulebook)",
            cite="BT15; BT17; Diplonomic rules 15, 17"),
    Reading("absent_order_condition", ("fails", "unmet"), "fails",
            "does '<order> FAILS' hold when that order was not given (or is not in force): it did not "
            "succeed (fails), or there is nothing to fail (unmet)",
            cite="BT15; Diplonomic rule 15"),
    Reading("later_phase_orders", ("carried", "invalid"), "invalid",
            "retreat, disband, build and removal orders given with a Spring or Fall turn's orders: "
            "carried to the retreat and adjustment phases that follow (BT15), or INVALID there (the "
            "rulebook: each phase has its orders)",
            cite="BT15; BT23; Diplonomic rules 15, 23"),
    Reading("multiple_orders", ("hold", "first"), "hold",
            "a unit given two or more legal orders: it holds, all its orders ignored (DATC v3.0), or "
            "the first counts (BT15's 'else' chains rely on it)",
            cite="DATC 4.D.3; BT15"),
    Reading("misorders", ("stop", "hold"), "stop",
            "an order that cannot be read: the turn is not adjudicated (an input error), or the "
            "order is ruled a hold and listed as a misorder with the reason (many gamemasters' practice)",
            cite="rulebook: a unit without a valid order holds"),
    Reading("via_fallback", ("none", "land"), "none",
            "a move written 'via convoy' to an adjacent province with no convoy ordered for it: "
            "fails (DATC v3.0) or goes overland (DATC v2; Droidippy, the diplomacy package)",
            cite="DATC 4.A.3, 6.G.8"),
    Reading("draw_ownership", ("supply_centres", "occupied_provinces"), "supply_centres",
            "BT9 'no province has changed ownership': supply centres only, or every province's occupier",
            cite="BT9; Diplonomic rule 9"),
)
VARIANTS: dict[str, Readings] = {
    "standard": READINGS,
    "bt2020": READINGS.with_defaults(multiple_orders="first", convoy_path="required", convoy_paradox="rulebook2000", unauthorised_orders="ignored", conditional_orders="any", later_phase_orders="carried"),
    "diplonomic2020": READINGS.with_defaults(multiple_orders="first", convoy_path="required_participation", convoy_paradox="rulebook2000", unauthorised_orders="ignored", conditional_orders="any", later_phase_orders="carried"),
}


def resolve_options(rules: str, overrides: dict[str, str] | None = None, source: str | None = None) -> dict[str, str]:
    """The readings in force: the variant's defaults with the turn's overrides. Bad names or
    values are input errors naming the option."""
    if rules not in RULES:
        raise InputError(f"unknown rules {rules!r} (known: {', '.join(RULES)})", source=source)
    readings = VARIANTS[rules]
    chosen = readings.defaults()
    for name, value in (overrides or {}).items():
        if name not in readings:
            raise InputError(f"unknown rules option {name!r} (known: {', '.join(readings)})", source=source)
        values = readings.reading(name).values
        if str(value) not in values:
            raise InputError(f"rules option {name}={value!r}: expected one of {', '.join(values)}",
                             source=source)
        chosen[name] = str(value)
    return chosen


_IN_FORCE: dict[tuple, tuple[tuple[str, str], ...]] = {}  # (rules, overrides) -> the readings in force


def readings_in_force(turn) -> tuple[tuple[str, str], ...]:
    """A movement turn's readings as sorted (name, value) pairs, remembered per rules variant and
    overrides (the turns of a call nearly always share them). The turn's own validation has
    already refused unknown rules and options (`Turn`: resolve_options)."""
    overrides = getattr(turn, "options", None)
    key = (turn.rules, tuple(sorted(overrides.items())) if overrides else ())
    return bounded_memo(_IN_FORCE, key, lambda: tuple(sorted(resolve_options(turn.rules, overrides).items())),
                      limit=10_000)


def option_facts(options: dict[str, str]) -> list[str]:
    return [f"option({name},{value})." for name, value in sorted(options.items())]


def movement_facts(turn, number: int, board, orders, submitters: dict[int, str | None]) -> list[str]:
    """Facts for variant_movement.lp: the rules variant, named convoy paths, who submitted each
    order and who may (rule 7). The readings in force (option/3) are not among them: see
    `readings_in_force` (a program of many turns writes each set of readings once)."""
    from adjudicator.diplomacy.maps import atom

    lines = [f"rules({number},{turn.rules})."]
    for index, (power, text, order) in enumerate(orders):
        if order.kind == "move" and order.path is not None:  # BT17: the convoy path the move names
            lines.append(f"path_named({number},{index}).")
            lines += [f"named_path({number},{index},{atom(p)})." for p in order.path]
        by = submitters.get(index)
        if by is not None:
            lines.append(f"submitted_by({number},{index},{_person(by)}).")
    for power_text, team in (getattr(turn, "contestants", None) or {}).items():
        power = board.power(power_text)
        if power is None:
            from adjudicator.errors import InputError

            raise InputError(f"contestants: unknown power {power_text!r}")
        if team.contestant:
            lines.append(f"contestant({number},{power.lower()},{_person(team.contestant)}).")
        lines += [f"authorised({number},{power.lower()},{_person(p)})." for p in team.authorised]
    return lines


def _person(name: str) -> str:
    """A person's name as an ASP string literal (escaped by clingo: adjudicator.solving.terms)."""
    return string(str(name))
