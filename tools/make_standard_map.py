#!/usr/bin/env python3
"""One-off: write adjudicator/data/diplomacy/standard.yaml (our own map format) from the
standard-map reference tables (facts: provinces, terrain, borders, supply centres).

    python3 tools/make_standard_map.py ../shared/reference/standard-map

The 1901 starting units and power names are the published rulebook facts, listed here.
"""

import csv
import sys
from pathlib import Path

import yaml

POWERS = {
    "AUSTRIA": ("AUS", ["A VIE", "A BUD", "F TRI"]),
    "ENGLAND": ("ENG", ["F LON", "F EDI", "A LVP"]),
    "FRANCE": ("FRA", ["F BRE", "A PAR", "A MAR"]),
    "GERMANY": ("GER", ["F KIE", "A BER", "A MUN"]),
    "ITALY": ("ITA", ["F NAP", "A ROM", "A VEN"]),
    "RUSSIA": ("RUS", ["A MOS", "A WAR", "F SEV", "F STP/SC"]),
    "TURKEY": ("TUR", ["F ANK", "A CON", "A SMY"]),
}


# Borders of the rulebook map that the reference table lacks (found by checking it against the
# published standard map): (edge, army, fleet).
MISSING_BORDERS = [
    ("NWY-STP", True, False), ("NWY-STP/NC", False, True), ("GAL-UKR", True, False),
    ("LVN-WAR", True, False), ("BOT-FIN", False, True), ("BOT-LVN", False, True),
    ("BOT-STP/SC", False, True), ("BOT-SWE", False, True), ("MAO-SPA/SC", False, True),
    ("TUS-TYS", False, True), ("CON-SMY", False, True),  # CON-SMY is listed for armies only
]


def location(text: str) -> str:
    text = text.strip().upper()
    if "(" in text:
        province, coast = text.rstrip(")").split("(")
        return f"{province}/{coast}"
    return text


def main(folder: str) -> None:
    src = Path(folder)
    by_abbrev = {abbrev: name for name, (abbrev, _) in POWERS.items()}
    terrain = {}
    coasts: dict[str, list[str]] = {}
    for row in csv.DictReader(open(src / "regions.csv"), skipinitialspace=True):
        p = row["province"].upper()
        if row["coast"]:
            coasts.setdefault(p, []).append(row["coast"].upper() + "C")
        else:
            terrain[p] = {"coast": "coastal", "land": "inland", "sea": "sea"}[row["terrain"]]
    for p in coasts:  # multi-coast provinces are listed as land with separate sea coasts
        terrain[p] = "coastal"
    provinces = {}
    for row in csv.DictReader(open(src / "provinces.csv"), skipinitialspace=True):
        p = row["short_name"].upper()
        entry = {"name": row["full_name"], "terrain": terrain[p]}
        owner = row["supply_center_for"]
        if owner:
            entry["supply_centre"] = True
            if owner != "neutral":
                entry["home_of"] = by_abbrev[owner]
        if p in coasts:
            entry["coasts"] = sorted(coasts[p])
        provinces[p] = entry
    army, fleet = [], []
    for row in csv.reader(open(src / "borders.csv")):
        if row[0].startswith("region"):
            continue
        a, b, kind = location(row[0]), location(row[1]), row[2].strip()
        edge = "-".join(sorted([a, b]))
        if kind in ("land", "coast"):
            army.append(edge)
        if kind in ("sea", "coast"):
            fleet.append(edge)
    for edge, by_army, by_fleet in MISSING_BORDERS:
        edge = "-".join(sorted(edge.split("-")))
        if by_army and edge not in army:
            army.append(edge)
        if by_fleet and edge not in fleet:
            fleet.append(edge)
    impassable = [p for p in provinces if not any(p in e.replace("/", "-").split("-") for e in army + fleet)]
    for p in impassable:
        provinces[p]["impassable"] = True
    data = {
        "name": "standard",
        "description": "The standard Diplomacy map (1901 start), 75 provinces, 34 supply centres.",
        "powers": {n: {"abbreviation": a, "units_1901": u} for n, (a, u) in POWERS.items()},
        "provinces": provinces,
        "adjacency": {"army": sorted(army), "fleet": sorted(fleet)},
    }
    out = Path(__file__).resolve().parent.parent / "adjudicator/data/diplomacy/standard.yaml"
    header = ("# The standard Diplomacy map in the adjudicator's own format.\n"
              "# provinces: ABBREVIATION -> name, terrain (inland/coastal/sea), supply_centre, home_of, coasts.\n"
              "# adjacency: undirected edges per unit type; fleet edges name coasts as PROVINCE/NC etc.\n")
    out.write_text(header + yaml.safe_dump(data, sort_keys=False, width=100))
    print(out, len(provinces), len(army), len(fleet))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parents[2] / "shared" / "reference/standard-map"))
