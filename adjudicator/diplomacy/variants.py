"""Rules variants and their named options (documented in docs/variants.md).

`"rules": "standard" | "bt2020" | "diplonomic2020"` picks a variant; `"options": {...}` in a turn
overrides a reading. Every option is an ambiguity or difference of the tournament texts, cited
to its regulation; the defaults are argued in docs/variants.md. The encodings receive the chosen
readings as `option(Name,Value).` facts; the variant rules themselves are in
`encodings/diplomacy/variant*.lp`.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.errors import InputError
from adjudicator.solving.terms import string

RULES = ("standard", "bt2020", "diplonomic2020")


@dataclass(frozen=True)
class Option:
    name: str
    cite: str
    values: tuple[str, ...]
    defaults: dict[str, str]  # rules -> default value
    meaning: str


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("convoy_path", "BT17; Diplonomic rule 17", ("ignored", "required", "reported", "required_participation"),
           {"standard": "ignored", "bt2020": "required", "diplonomic2020": "required_participation"},
           "must a convoyed move name its path (A LON - NTH - BEL), and does the path limit the convoy"),
    Option("convoy_as_adjacent", "Diplonomic rule 17", ("swap_allowed", "head_to_head"),
           {"standard": "swap_allowed", "bt2020": "swap_allowed", "diplonomic2020": "swap_allowed"},
           "does a convoyed army meet an opposite move head to head (rule 17: 'as if adjacent')"),
    Option("convoy_paradox", "BT21; Diplonomic rule 21; DATC 4.A.2", ("szykman", "rulebook2000"),
           {"standard": "szykman", "bt2020": "rulebook2000", "diplonomic2020": "rulebook2000"},
           "convoy paradox rule: Szykman (DATC preference) or the 2000 rulebook sentence BT21 quotes"),
    Option("head_to_head", "BT19; Diplonomic rule 19", ("strength", "never"),
           {"standard": "strength", "bt2020": "strength", "diplonomic2020": "strength"},
           "two units ordered into each other's provinces: the stronger wins (BT20), or 'neither can move' literally"),
    Option("support_reach", "BT17; Diplonomic rule 17; DATC 6.A.10", ("reachable", "unrestricted"),
           {"standard": "reachable", "bt2020": "reachable", "diplonomic2020": "reachable"},
           "must a supporter be able to move where it gives support (BT17 says nothing; rule 17 and the rulebook: yes)"),
    Option("unauthorised_orders", "Diplonomic rule 7; BT7", ("ignored", "accepted"),
           {"standard": "accepted", "bt2020": "ignored", "diplonomic2020": "ignored"},
           "an order submitted by someone not entitled to submit it"),
    Option("ownership_update", "BT23; Diplonomic rule 23", ("after_fall_retreats", "after_fall_movement"),
           {"standard": "after_fall_retreats", "bt2020": "after_fall_retreats", "diplonomic2020": "after_fall_retreats"},
           "when 'after a Fall turn has been played and completed' is"),
    Option("removal_distance", "BT24; Diplonomic rule 24; DATC 4.D.8", ("owned_centres", "home_centres"),
           {"standard": "owned_centres", "bt2020": "owned_centres", "diplonomic2020": "owned_centres"},
           "civil-disorder removal: distance to the nearest owned centre (2023) or home centre"),
    Option("removal_alphabet", "BT24; Diplonomic rule 24; DATC 4.D.8", ("english_names", "abbreviations"),
           {"standard": "english_names", "bt2020": "english_names", "diplonomic2020": "english_names"},
           "civil-disorder removal tie-break: alphabetical by English name or by abbreviation"),
    Option("civil_disorder_hold_support", "BT24; Diplonomic rule 24; DATC 4.D.9", ("counts", "fails"),
           {"standard": "counts", "bt2020": "counts", "diplonomic2020": "counts"},
           "a hold support from another power for a unit of a country in civil disorder"),
    Option("conditional_orders", "BT15; BT17; Diplonomic rules 15, 17", ("any", "named", "none"),
           {"standard": "none", "bt2020": "any", "diplonomic2020": "any"},
           "which orders may be conditional ('<order> IF <condition>'): any order, only those BT15/BT17 name "
           "(a move using a convoy; retreats, disbands, builds), or none (the rulebook)"),
    Option("absent_order_condition", "BT15; Diplonomic rule 15", ("fails", "unmet"),
           {"standard": "fails", "bt2020": "fails", "diplonomic2020": "fails"},
           "does '<order> FAILS' hold when that order was not given (or is not in force): it did not succeed "
           "(fails), or there is nothing to fail (unmet)"),
    Option("later_phase_orders", "BT15; BT23; Diplonomic rules 15, 23", ("carried", "invalid"),
           {"standard": "invalid", "bt2020": "carried", "diplonomic2020": "carried"},
           "retreat, disband, build and removal orders given with a Spring or Fall turn's orders: carried to the "
           "retreat and adjustment phases that follow (BT15), or INVALID there (the rulebook: each phase has its orders)"),
    Option("draw_ownership", "BT9; Diplonomic rule 9", ("supply_centres", "occupied_provinces"),
           {"standard": "supply_centres", "bt2020": "supply_centres", "diplonomic2020": "supply_centres"},
           "BT9 'no province has changed ownership': supply centres only, or every province's occupier"),
)}


def resolve_options(rules: str, overrides: dict[str, str] | None = None, source: str | None = None) -> dict[str, str]:
    """The readings in force: the variant's defaults with the turn's overrides. Bad names or
    values are input errors naming the option."""
    if rules not in RULES:
        raise InputError(f"unknown rules {rules!r} (known: {', '.join(RULES)})", source=source)
    chosen = {name: option.defaults[rules] for name, option in OPTIONS.items()}
    for name, value in (overrides or {}).items():
        option = OPTIONS.get(name)
        if option is None:
            raise InputError(f"unknown rules option {name!r} (known: {', '.join(OPTIONS)})", source=source)
        if str(value) not in option.values:
            raise InputError(f"rules option {name}={value!r}: expected one of {', '.join(option.values)}",
                             source=source)
        chosen[name] = str(value)
    return chosen


def option_facts(options: dict[str, str]) -> list[str]:
    return [f"option({name},{value})." for name, value in sorted(options.items())]


# reasons for the atoms variant_movement.lp adds (merged into the movement reasons)
REASONS = {
    "convoy_path_missing": "a move making use of a convoy must name its convoy path, e.g. A LON - NTH - BEL "
                           "(BT17; Diplonomic rule 17; option convoy_path)",
    "convoy_path_missing_reported": "convoyed without naming its path: reported, adjudicated as standard "
                                    "(BT17; option convoy_path=reported)",
    "army_names_no_convoy_path": "the army's move names no convoy path, so it goes overland (BT17; option convoy_path)",
    "fleet_not_on_named_path": "the fleet is not on the convoy path the army's order names (BT17; option convoy_path=required)",
    "unauthorised_submitter": "submitted by someone who CANNOT submit orders for this country: only the contestant "
                              "(BT7) or a teammate the contestant authorised (Diplonomic rule 7); the order has no effect",
    "unauthorised_but_counted": "submitted by someone not authorised, counted anyway (option unauthorised_orders=accepted)",
    "neither_can_move": "BT19: two units ordered into each other's provinces: neither can move (option head_to_head=never)",
    "condition_not_met": "not in force: its condition does not hold (BT15 conditional order)",
    "conditional_paradox": "set aside: its condition is part of a conditional paradox (BT15; the Gamemaster judges, BT25)",
    "conditional_not_allowed": "conditional orders are not part of these rules (option conditional_orders=none)",
    "conditional_kind_not_named": "BT15/BT17 name conditionals only for convoy paths, retreats, disbands, builds "
                                  "and removals (option conditional_orders=named)",
    "support_of_unit_in_civil_disorder": "a unit of a country in civil disorder receives no hold support "
                                         "(BT24; option civil_disorder_hold_support=fails)",
}


def movement_facts(turn, number: int, board, orders, submitters: dict[int, str | None]) -> list[str]:
    """Facts for variant_movement.lp: options, named convoy paths, who submitted each order
    and who may (rule 7)."""
    from adjudicator.diplomacy.maps import atom

    options = resolve_options(turn.rules, getattr(turn, "options", None))
    lines = [f"option({number},{name},{value})." for name, value in sorted(options.items())]
    lines.append(f"rules({number},{turn.rules}).")
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
