"""The standard map as our own data: counts and a sample of adjacencies."""

from adjudicator.diplomacy.maps import load_map

BOARD = load_map()


def test_counts():
    assert len(BOARD.playable_provinces) == 75  # Switzerland is listed, impassable
    assert BOARD.provinces["SWI"].impassable
    assert len(BOARD.supply_centres) == 34
    coasts = sorted(f"{p.abbreviation}/{c}" for p in BOARD.provinces.values() for c in p.coasts)
    assert coasts == ["BUL/EC", "BUL/SC", "SPA/NC", "SPA/SC", "STP/NC", "STP/SC"]
    terrains = [p.terrain for p in BOARD.provinces.values() if not p.impassable]
    assert (terrains.count("sea"), terrains.count("coastal"), terrains.count("inland")) == (19, 42, 14)
    homes = {power: BOARD.home_centres(power) for power in BOARD.powers}
    assert sum(len(v) for v in homes.values()) == 22
    assert homes["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]  # BT14: Russia has four
    assert all(len(v) == 3 for k, v in homes.items() if k != "RUSSIA")
    assert sum(len(u) for u in BOARD.starting_units.values()) == 22
    assert BOARD.starting_units["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]


def test_names_and_powers():
    assert BOARD.provinces["NTH"].name == "North Sea"
    assert BOARD.province("north sea") == "NTH"
    assert BOARD.province("St. Petersburg") == "STP"
    assert BOARD.province("mid-atlantic ocean") == "MAO"
    assert BOARD.province("Paris") == BOARD.province("par") == "PAR"
    assert BOARD.province("Atlantis") is None
    assert BOARD.power("eng") == BOARD.power("England") == "ENGLAND"
    assert BOARD.power("Prussia") is None


def test_sample_adjacencies():
    assert BOARD.army_adjacent("PAR", "BUR") and BOARD.army_adjacent("BUR", "PAR")
    assert not BOARD.army_adjacent("PAR", "MUN")
    assert not BOARD.army_adjacent("LON", "NTH")  # armies do not go to sea
    assert BOARD.fleet_adjacent("NTH", "LON")
    assert not BOARD.fleet_adjacent("ROM", "VEN")  # DATC 6.A.9: fleets follow the coast
    assert BOARD.fleet_adjacent("MAO", "SPA/NC") and BOARD.fleet_adjacent("MAO", "SPA/SC")
    assert BOARD.fleet_adjacent("GAS", "SPA/NC") and not BOARD.fleet_adjacent("GAS", "SPA/SC")
    assert BOARD.neighbours("STP/SC", "F") == ["BOT", "FIN", "LVN"]
    assert BOARD.neighbours("STP/NC", "F") == ["BAR", "NWY"]
    assert BOARD.neighbours("BUL/EC", "F") == ["BLA", "CON", "RUM"]
    assert BOARD.neighbours("MUN", "A") == ["BER", "BOH", "BUR", "KIE", "RUH", "SIL", "TYR"]
    assert BOARD.neighbours("SWI", "A") == []
    assert not BOARD.fleet_adjacent("KIE", "MUN")
    # adjacency is symmetric
    for edge in BOARD.army_edges | BOARD.fleet_edges:
        assert len(edge) == 2
