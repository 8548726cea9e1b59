#!/usr/bin/env python3
"""One-off: write cases/datc/6.A.01.yaml ... 6.G.20.yaml (our case format) from the DATC v3.0
case facts (positions, orders, outcomes as JSON) and the DATC text (titles).

    .venv/bin/python tools/convert_datc.py ../shared/reference

Where the JSON leaves a case out, ignores it, or records another edition than the DATC v3.0
preference, the expectation is written from the DATC text (see HAND below and docs/datc.md).
"""

import json
import re
import sys
from pathlib import Path

import yaml

from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.orders import parse_order

SECTIONS = "abcdefg"
ABBREV = {"AUS": "AUSTRIA", "ENG": "ENGLAND", "FRA": "FRANCE", "GER": "GERMANY", "ITA": "ITALY",
          "RUS": "RUSSIA", "TUR": "TURKEY"}
# Expectations from the DATC v3.0 text where the JSON facts differ from the DATC preference
# or leave the case out: case id -> {order as in the JSON: outcome}.
HAND = {
    "6.A.5": {"ENG: A lvp supports A yor -> yor": "Invalid"},   # the support of an illegal move is illegal
    "6.B.2": {"FRA: F gas -> spa": "Succeeds"},                 # the only reachable coast is taken (4.B.2)
    "6.B.10": {"FRA: F spa(nc) -> lyo": "Succeeds"},            # wrong coast of the ordered unit ignored (4.B.5)
    "6.B.7": {"FRA: F por supports F mao -> spa": "Succeeds"},   # support without coast succeeds (4.B.4)
    "6.B.8": {"FRA: F por supports F gas -> spa": "Succeeds"},
    "6.B.12": {"FRA: A gas -> spa(nc)": "Succeeds"},            # coast ignored for armies (4.B.6)
    "6.B.15": {"FRA: F por supports F mao -> spa": "Succeeds", "ENG: F mao -> spa(nc)": "Fails"},  # equal strength: both bounce
    "6.G.11": {"ENG: F nth -> ska": "Succeeds", "RUS: A swe -> nwy": "Fails"},  # no land fallback (4.A.3)
}
# Orders the DATC text calls illegal or impossible (4.E.1): expected INVALID, not only "fails".
ILLEGAL = {
    "6.A.1": ["F NTH - PIC"], "6.A.2": ["A LVP - IRI"], "6.A.3": ["F KIE - MUN"], "6.A.4": ["F KIE - KIE"],
    "6.A.5": ["A YOR - YOR", "F NTH C A YOR - YOR"], "6.A.6": ["F LON - NTH"],
    "6.A.7": ["F LON - BEL", "F NTH C F LON - BEL"], "6.A.8": ["F TRI S F TRI"], "6.A.9": ["F ROM - VEN"],
    "6.A.10": ["F ROM S A APU - VEN"], "6.B.1": ["F POR - SPA"], "6.B.3": ["F GAS - SPA/SC"],
    "6.B.5": ["F SPA/NC S F MAR - LYO"], "6.B.11": ["F SPA/SC - LYO"],
    "6.D.22": ["F KIE - MUN", "A BUR S F KIE - MUN"], "6.D.23": ["F SPA/NC - LYO", "F MAR S F SPA/NC - LYO"],
    "6.D.24": ["A MAR - LYO", "F SPA/SC S A MAR - LYO"], "6.D.28": ["F RUM - HOL"], "6.D.29": ["F RUM - BUL/SC"],
    "6.D.30": ["F CON - BUL"], "6.D.31": ["F BLA S A RUM - ARM"], "6.D.32": ["A YOR - HOL"],
    "6.D.34": ["A PRU S A LVN - PRU"], "6.F.1": ["F CON C A GRE - SEV"], "6.G.19": ["F WES C A MAR - SPA"],
}
EXTRA = {  # cases missing from the JSON facts, from the DATC text
    "t6g04_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move": {  # same in every edition
        "name": "t6g04_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move", "phase": "Main",
        "orders": {"FRA: F bre -> eng": "Succeeds", "FRA: A pic -> bel": "Succeeds", "FRA: A bur Supports A pic -> bel": None,
                   "FRA: F mao Supports F bre -> eng": None, "ENG: F eng convoys pic -> bel": None, "ENG: A bel -> pic": "Fails"}},
    "t6d16_convoying_a_unit_dislodging_a_unit_of_same_power_is_allowed": {
        "name": "t6d16_convoying_a_unit_dislodging_a_unit_of_same_power_is_allowed", "phase": "Main",
        "orders": {"ENG: A lon Hold": "Fails", "ENG: F nth convoys bel -> lon": None,
                   "FRA: F eng Supports A bel -> lon": "Succeeds", "FRA: A bel -> lon": "Succeeds"}},
    "t6g02_kidnapping_an_army": {  # 2000/2023 rulebook: kidnapping prevented, both fail
        "name": "t6g02_kidnapping_an_army", "phase": "Main", "edition": "2023",
        "orders": {"ENG: A nwy -> swe": "Fails", "RUS: F swe -> nwy": "Fails", "GER: F ska convoys nwy -> swe": None}},
}


def titles(text: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"^(6\.[A-G]\.\d+)\. TEST CASE, (.+)$", text, re.MULTILINE):
        t = m.group(2).strip().lower()
        out[m.group(1)] = t[0].upper() + t[1:]
    return out


def pick(cases: list[dict]) -> dict[str, dict]:
    """One entry per case: the 2023 edition, else the one without edition."""
    chosen: dict[str, dict] = {}
    for c in cases:
        name = c["name"]
        if not name.startswith(tuple(f"t6{s}" for s in SECTIONS)):
            continue
        edition = c.get("edition")
        if edition not in (None, "2023") or "_variant_" in name:
            continue
        if name in chosen and chosen[name].get("edition") == "2023":
            continue
        chosen[name] = c
    for name, c in EXTRA.items():
        chosen[name] = c
    return chosen


def case_id(name: str) -> str:
    m = re.match(r"t6([a-g])(\d+)_", name)
    return f"6.{m.group(1).upper()}.{int(m.group(2))}"


def convert(c: dict, title: str, board) -> dict:
    cid = case_id(c["name"])
    units: dict[str, dict[str, str]] = {}
    orders: dict[str, list[str]] = {}
    expect: dict[str, dict[str, str]] = {}
    parsed = []
    for entry in c.get("starting_state", []):
        power, unit = entry.split(":")
        o = parse_order(unit.strip() + " H", board)
        units.setdefault(ABBREV[power], {})[board.province_of(o.location)] = f"{o.unit_type} {o.location}"
    for text, outcome in c["orders"].items():
        power, order_text = text.split(":", 1)
        o = parse_order(order_text.strip(), board)
        parsed.append((ABBREV[power], text, o, outcome))
        province = board.province_of(o.location)
        if not any(province in u for u in units.values()):  # a unit of the starting state stays
            units.setdefault(ABBREV[power], {})[province] = f"{o.unit_type} {o.location}"
    types = {p: u.split()[0] for pu in units.values() for p, u in pu.items()}
    for power, text, o, outcome in parsed:
        if o.target and not o.target_type:
            o = o.model_copy(update={"target_type": types.get(board.province_of(o.target))})
        if o.unit_type is None:
            o = o.model_copy(update={"unit_type": types.get(board.province_of(o.location))})
        written = o.canonical()
        if o.kind == "hold":
            written = f"{o.unit_type} {o.location} H"
        orders.setdefault(power, []).append(written)
        outcome = HAND.get(cid, {}).get(text, outcome)
        if written in ILLEGAL.get(cid, []):
            outcome = "Invalid"
        if outcome:
            expect.setdefault(power, {})[written] = outcome.upper()
    phase = {"phase": "S1901M",
             "units": {p: sorted(u.values()) for p, u in sorted(units.items())},
             "orders": orders,
             "expect": {"results": expect}}
    out = {"datc": cid, "title": title, "source": f"DATC v3.0 {cid}"}
    if c.get("edition"):
        out["edition"] = c["edition"]
    out["phases"] = [phase]
    return out


def main(folder: str) -> None:
    ref = Path(folder)
    board = load_map()
    names = titles((ref / "datc-v3.0.txt").read_text())
    cases = json.loads((ref / "datc-v3.0-cases.json").read_text())["cases"]
    out_dir = Path(__file__).resolve().parent.parent / "cases/datc"
    n = 0
    for name, c in sorted(pick(cases).items()):
        if c["phase"] != "Main":
            continue  # 6.B.14 (a build) is written by hand
        cid = case_id(name)
        data = convert(c, names[cid], board)
        sec, num = cid.split(".")[1:]
        path = out_dir / f"6.{sec}.{int(num):02d}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False, width=110, allow_unicode=True))
        n += 1
    print(n, "cases written to", out_dir)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parents[2] / "shared" / "reference"))
