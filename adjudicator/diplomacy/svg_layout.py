"""Layout of the standard map for the SVG renderer: our own hand-placed points, nothing else.

The picture is a Voronoi partition of a 1000x800 canvas: every province owns one or more seed
points (several where a single point would give the wrong shape, e.g. the long Norwegian coast
or Russia), and each province is drawn as the union of its seeds' cells. Seeds whose name starts
with "_" are impassable land (Switzerland, Ireland, the edges of Africa and Asia) drawn grey.
`LABEL` is where the province's name and its unit go; `COAST_LABEL` places fleets on the named
coasts of the three split provinces. Terrain, supply centres and ownership come from the map data
(`adjudicator.diplomacy` map API), not from here.
"""

from __future__ import annotations

WIDTH = 1000
HEIGHT = 800

# province (lower case) -> seed points of its Voronoi cells; the first one is the label point
# unless LABEL says otherwise.
SEEDS: dict[str, list[tuple[float, float]]] = {
    # seas
    "nao": [(120, 170), (60, 300), (200, 70), (40, 120)],
    "nwg": [(410, 80), (330, 120), (520, 50), (300, 40)],
    "bar": [(760, 35), (660, 20), (880, 30), (960, 60)],
    "nth": [(395, 270), (380, 225)],
    "ska": [(475, 245)],
    "hel": [(440, 318)],
    "bal": [(560, 300), (540, 275)],
    "bot": [(590, 210), (610, 170), (585, 250)],
    "iri": [(215, 335), (170, 300)],
    "eng": [(275, 390), (320, 378), (225, 385)],
    "mao": [(110, 470), (60, 400), (50, 560), (150, 430), (90, 650)],
    "wes": [(300, 640), (250, 640)],
    "lyo": [(370, 585), (330, 600)],
    "tys": [(440, 640), (430, 600)],
    "ion": [(560, 720), (480, 700), (640, 740), (600, 670)],
    "adr": [(520, 565), (495, 545)],
    "aeg": [(695, 670), (690, 630)],
    "eas": [(800, 720), (880, 740), (730, 740)],
    "bla": [(820, 505), (770, 480), (870, 495)],
    # England
    "cly": [(300, 180)],
    "edi": [(345, 190), (335, 150)],
    "lvp": [(310, 240), (300, 215)],
    "yor": [(345, 272)],
    "wal": [(290, 318)],
    "lon": [(345, 330), (360, 345)],
    # France, Iberia, Africa
    "bre": [(270, 432)],
    "pic": [(350, 402)],
    "par": [(318, 455)],
    "bur": [(392, 455), (382, 482), (405, 432)],
    "gas": [(290, 510)],
    "mar": [(375, 530), (350, 545)],
    "spa": [(200, 565), (250, 575), (180, 610)],
    "por": [(105, 565), (120, 600)],
    "naf": [(200, 740), (280, 730), (110, 745)],
    "tun": [(390, 730), (410, 690)],
    # Low countries, Germany
    "bel": [(385, 390)],
    "hol": [(420, 358)],
    "kie": [(470, 352), (470, 320)],
    "ber": [(525, 345), (520, 325)],
    "pru": [(590, 338), (600, 315)],
    "ruh": [(438, 400)],
    "mun": [(480, 440), (462, 452)],
    "sil": [(572, 385)],
    # Scandinavia
    "nwy": [(480, 175), (430, 215), (540, 110), (600, 70)],
    "swe": [(525, 210), (560, 150), (520, 250)],
    "fin": [(640, 150), (650, 100)],
    "den": [(480, 285)],
    # Russia
    "stp": [(730, 150), (700, 210), (790, 100), (860, 150)],
    "mos": [(800, 290), (900, 300), (880, 220), (760, 240), (950, 400)],
    "lvn": [(655, 265), (650, 220)],
    "war": [(630, 385), (630, 350)],
    "ukr": [(720, 410)],
    "sev": [(850, 430), (920, 470), (790, 445)],
    # Austria-Hungary
    "boh": [(532, 418)],
    "vie": [(568, 455)],
    "tyr": [(508, 478)],
    "tri": [(540, 515), (565, 545)],
    "bud": [(628, 465)],
    "gal": [(660, 410)],
    # Italy
    "pie": [(428, 522)],
    "ven": [(475, 515)],
    "tus": [(460, 560)],
    "rom": [(490, 598)],
    "apu": [(540, 598)],
    "nap": [(535, 645), (515, 630)],
    # Balkans
    "ser": [(610, 540)],
    "alb": [(590, 590)],
    "gre": [(640, 625), (625, 655)],
    "bul": [(690, 560), (670, 590)],
    "rum": [(700, 490), (740, 470)],
    # Turkey
    "con": [(755, 590), (740, 620)],
    "ank": [(850, 575)],
    "smy": [(820, 650), (760, 660)],
    "arm": [(940, 560), (960, 510)],
    "syr": [(930, 660), (960, 720)],
    # impassable land, drawn grey, no province
    "_swi": [(432, 480)],
    "_ireland": [(230, 270)],
    "_sahara": [(300, 790), (450, 790), (100, 795)],
    "_asia": [(985, 620), (990, 780)],
}

# where a province's label and unit go, when not its first seed
LABEL: dict[str, tuple[float, float]] = {}

# fleets on a named coast are drawn here
COAST_LABEL: dict[str, tuple[float, float]] = {
    "stp/nc": (790, 65),
    "stp/sc": (680, 205),
    "spa/nc": (195, 525),
    "spa/sc": (240, 615),
    "bul/ec": (725, 545),
    "bul/sc": (685, 605),
}


def label_point(province: str) -> tuple[float, float]:
    """Where the unit and name of `province` ("par", "stp/nc") are drawn."""
    key = province.lower()
    if key in COAST_LABEL:
        return COAST_LABEL[key]
    base = key.split("/")[0]
    return LABEL.get(base, SEEDS[base][0])
