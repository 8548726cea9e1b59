"""jDip saved games (`.jdip`): read the phases, positions, orders and results into `RecordedPhase`s.

A `.jdip` file is gzip of jDip's "JSX" XML serialisation of a `dip.world.World`: a sorted map
of `dip.world.Phase` -> `dip.world.TurnState`; each turn state holds its `position` (a
`provArray` indexed by province index: unit with its coast, dislodged unit, supply-centre
owner), its `orderMap` (power -> the orders given) and its `resultList` (what became of each
order; `ConvoyPathResult` names the fleets a convoyed army went through). Objects are written
once and referenced by `idref` afterwards; the province graph nests hundreds of levels deep, so
the reader indexes every element by id and decodes one level at a time (no recursion over the
graph). Facts of the format only: no jDip code is used.

jDip writes only the phases it played: a retreat phase where nobody could retreat is absent
(the comparison in `formats.check_recorded` lets our retreat phase disband such units).
"""

from __future__ import annotations

import gzip
import io
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone

from adjudicator.diplomacy.formats import RecordedPhase, read_recorded_file
from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.models import DislodgedUnit
from adjudicator.diplomacy.orders import parse_location
from adjudicator.errors import InputError
from adjudicator.inputs import NotText, read_bytes

MAX_XML_BYTES = 64 * 1024 * 1024  # the Diplonomic 2020 game is 1.8 MB of XML
_COASTS = {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC"}
_ORDER_CLASSES = ("Move", "Hold", "Support", "Convoy", "Build", "Remove", "Retreat", "Disband", "Waive")


def looks_like_jdip(data: bytes) -> bool:
    return data[:2] == b"\x1f\x8b"


class _Node:
    """One serialised Java object: its fields (decoded on access) and the items its class wrote
    after them (map entries, list items)."""

    def __init__(self, graph: "_Graph", element: ET.Element):
        self.graph, self.cls = graph, element.get("class", "")
        self.fields: dict[str, ET.Element] = {}
        self.items: list[ET.Element] = []
        for declared in element:
            for child in declared:
                if child.tag == "default":
                    self.fields.update((f.get("field"), f) for f in child)
                else:
                    self.items.append(child)

    def __getitem__(self, name: str):
        element = self.fields.get(name)
        return None if element is None else self.graph.value(element)

    def entries(self) -> list:
        return [self.graph.value(e) for e in self.items]


class _Graph:
    def __init__(self, root: ET.Element, source: str):
        self.source = source
        self.by_id = {e.get("id"): e for e in root.iter() if e.get("id") is not None}
        self.nodes: dict[int, _Node] = {}

    def value(self, element: ET.Element):
        tag = element.tag
        if tag == "reference":
            target = self.by_id.get(element.get("idref"))
            if target is None:
                raise InputError(f"jDip file: a reference to a missing object {element.get('idref')!r}",
                                 source=self.source)
            return self.value(target) if target.tag != "reference" else None
        if tag == "null":
            return None
        if tag in ("primitive", "string"):
            text = element.get("value")
            kind = element.get("type")
            if kind in ("int", "long", "short", "byte"):
                return int(text)
            return text == "true" if kind == "boolean" else text
        if tag in ("array", "collection"):
            return [self.value(item) for item in element]
        if tag == "object":
            key = id(element)
            if key not in self.nodes:
                self.nodes[key] = _Node(self, element)
            return self.nodes[key]
        raise InputError(f"jDip file: unexpected element <{tag}>", source=self.source)


@dataclass
class _Names:
    """Province index -> our province; a jDip location -> our location."""

    provinces: dict[int, str]
    source: str

    def location(self, node) -> str:
        province = node["province"]
        coast = node["coast"]["abbreviation"] if node["coast"] is not None else ""
        name = self.province(province)
        return f"{name}/{_COASTS[coast]}" if coast in _COASTS else name

    def province(self, province) -> str:
        short = province["shortNames"][0]
        return parse_location(load_map(), short, self.source).split("/")[0]


def _power(node, source: str) -> str:
    power = load_map().power(str(node["names"][0]))
    if power is None:
        raise InputError(f"jDip file: unknown power {node['names'][0]!r}", source=source)
    return power


def _unit(node, names: _Names, location: str) -> tuple[str, str]:
    kind = "A" if node["type"]["internalName"] == "army" else "F"
    coast = node["coast"]["abbreviation"] if node["coast"] is not None else ""
    return kind, f"{location}/{_COASTS[coast]}" if coast in _COASTS else location


def _kind(node) -> str:
    for name in _ORDER_CLASSES:
        if node.cls.endswith("." + name) or node.cls.endswith(".GUI" + name):
            return name
    raise InputError(f"jDip file: an order of an unknown class {node.cls!r}")


def _order_text(order, names: _Names, paths: dict[str, list[str]]) -> str:
    """One jDip order in our notation; a convoyed move without a written path takes the path
    the record says the army used (`paths`, from ConvoyPathResult)."""
    kind = _kind(order)
    unit_type = "A" if order["srcUnitType"]["internalName"] == "army" else "F"
    src = names.location(order["src"])
    unit = f"{unit_type} {src}"
    if kind == "Hold":
        return f"{unit} H"
    if kind == "Move":
        dest = names.location(order["dest"])
        path = paths.get(src.split("/")[0])
        if path:
            return f"{unit} - {' - '.join(path)} - {dest}"
        return f"{unit} - {dest}" + (" VIA" if order["_isViaConvoy"] else "")
    if kind == "Retreat":
        return f"{unit} R {names.location(order['dest'])}"
    if kind in ("Disband", "Remove"):
        return f"{unit} D" if kind == "Disband" else f"Remove {unit}"
    if kind == "Build":
        return f"Build {unit}"
    if kind == "Support":
        target = f"{'A' if order['supUnitType']['internalName'] == 'army' else 'F'} {names.location(order['supSrc'])}"
        dest = order["supDest"]
        moving = dest is not None and names.location(dest) != names.location(order["supSrc"])
        return f"{unit} S {target}" + (f" - {names.location(dest)}" if moving else "")
    if kind == "Convoy":
        target = f"A {names.location(order['convoySrc'])}"
        return f"{unit} C {target} - {names.location(order['convoyDest'])}"
    raise InputError(f"jDip file: a {kind} order is not read")


def _phase_name(phase) -> str:
    kind = phase["phaseType"]["constName"]
    year = phase["yearType"]["year"]
    if kind == "adjustment":
        return f"W{year}A"
    season = "S" if phase["seasonType"]["position"] < 2000 else "F"
    return f"{season}{year}{'M' if kind == 'movement' else 'R'}"


def _convoy_paths(state, names: _Names) -> dict[str, list[str]]:
    """The sea provinces each convoyed army went through (ConvoyPathResult), by its province."""
    paths = {}
    for result in state["resultList"] or []:
        if result is None or not result.cls.endswith("ConvoyPathResult"):
            continue
        path = [names.province(p) for p in result["convoyPath"] or []]
        if len(path) > 2:
            paths[path[0]] = path[1:-1]
    return paths


def _outcomes(state, names: _Names, paths: dict[str, list[str]]) -> dict[str, str]:
    """Each order's outcome as the record gives it: FAILS if any result of the order is a
    failure (bounced, dependent move failed, support cut) or the unit was dislodged, else
    SUCCEEDS where a result says so."""
    keys: dict[str, set[str]] = {}
    for result in state["resultList"] or []:
        if result is None or result["order"] is None or result["resultType"] is None:
            continue
        keys.setdefault(_order_text(result["order"], names, paths), set()).add(result["resultType"]["key"])
    return {order: "FAILS" if found & {"FAILURE", "DISLODGED"} else "SUCCEEDS"
            for order, found in keys.items() if found & {"FAILURE", "DISLODGED", "SUCCESS"}}


def _read_phase(phase, state, names: _Names, source: str) -> RecordedPhase:
    name = _phase_name(phase)
    where = f"{source}, {name}"
    units: dict[str, list[str]] = {}
    centers: dict[str, list[str]] = {}
    dislodged: dict[str, list[DislodgedUnit]] = {}
    for index, data in enumerate(state["position"]["provArray"] or []):
        if data is None:
            continue
        location = names.provinces[index]
        if data["unit"] is not None:
            kind, at = _unit(data["unit"], names, location)
            units.setdefault(_power(data["unit"]["owner"], where), []).append(f"{kind} {at}")
        if data["dislodgedUnit"] is not None:
            kind, at = _unit(data["dislodgedUnit"], names, location)
            dislodged.setdefault(_power(data["dislodgedUnit"]["owner"], where), []).append(
                DislodgedUnit(unit=f"{kind} {at}"))
        if data["SCOwner"] is not None:
            centers.setdefault(_power(data["SCOwner"], where), []).append(location)
    paths = _convoy_paths(state, names)
    outcomes = _outcomes(state, names, paths)
    orders: dict[str, list[str]] = {}
    entries = state["orderMap"].entries() if state["orderMap"] is not None else []
    for power_node, listed in zip(entries[2::2], entries[3::2]):
        power = _power(power_node, where)
        for order in listed or []:
            if order is not None:
                orders.setdefault(power, []).append(_order_text(order, names, paths))
    return RecordedPhase(name, units, centers, orders, dislodged, outcomes=outcomes, adjudicated=_adjudicated(state))


def _adjudicated(state) -> str | None:
    """When jDip adjudicated the phase (its TimeResult, milliseconds since 1970), in ISO UTC."""
    for result in state["resultList"] or []:
        if result is not None and result.cls.endswith(".TimeResult") and result["timeStamp"] is not None:
            moment = datetime.fromtimestamp(result["timeStamp"] / 1000, timezone.utc)
            return moment.isoformat(timespec="seconds").replace("+00:00", "Z")
    return None


def _xml_root(data: bytes, source: str) -> ET.Element:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            xml = stream.read(MAX_XML_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise InputError(f"not a readable jDip file (gzip): {exc}", source=source) from None
    if len(xml) > MAX_XML_BYTES:
        raise InputError(f"the jDip file unpacks to more than {MAX_XML_BYTES // 2**20} MiB", source=source)
    if b"<!DOCTYPE" in xml or b"<!ENTITY" in xml:
        raise InputError("jDip file: a document type declaration is not read", source=source)
    try:
        return ET.fromstring(xml)
    except ET.ParseError as exc:
        raise InputError(f"not a jDip file: the XML does not parse ({exc})", source=source) from None


def read_any_record(path: str) -> list[RecordedPhase] | None:
    """A recorded game in `path`: a jDip file (binary), else what formats.read_recorded_file
    reads (a saved game, a godip record), or None."""
    try:
        return read_recorded_file(path)
    except NotText:
        data = read_bytes(path, "game")
        if looks_like_jdip(data):
            return read_jdip(data, path)
        raise


def read_jdip(data: bytes, source: str = "jDip file") -> list[RecordedPhase]:
    """The phases of a jDip saved game (the bytes of the .jdip file), in the order played."""
    root = _xml_root(data, source)
    world_element = root.find("object")
    if world_element is None or world_element.get("class") != "dip.world.World":
        raise InputError("not a jDip saved game: no dip.world.World", source=source)
    graph = _Graph(root, source)
    try:
        world = graph.value(world_element)
        provinces = {}
        for element in graph.by_id.values():
            if element.tag == "object" and element.get("class") == "dip.world.Province":
                node = graph.value(element)
                provinces[node["index"]] = parse_location(load_map(), node["shortNames"][0], source).split("/")[0]
        names = _Names(provinces, source)
        states = world["turnStates"]["m"].entries()
        phases = [_read_phase(phase, state, names, source) for phase, state in zip(states[1::2], states[2::2])]
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise InputError(f"not a jDip saved game this reader knows ({type(exc).__name__}: {exc})",
                         source=source) from None
    if not phases:
        raise InputError("the jDip file has no phases", source=source)
    return phases
