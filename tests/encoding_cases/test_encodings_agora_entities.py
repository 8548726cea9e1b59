"""Named cases for R1586's entities (encodings/agora/entities.lp): facts -> the stable models
expected, on the ruleset's state alone (which rules are in force at each position)."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params

FILES = ("core/time.lp", "core/ruleset.lp", "agora/entities.lp")
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, 2000).\n" for r in (649, 2640)) + "event_count(0).\n"

ENTITY_TABLES: dict[str, Table] = {
    "agora/entities.lp": Table(FILES, [
        Case("R1586 an office ceases to exist, with its attributes, when the rule defining it is repealed",
             "office_defined(stonemason, 2640, elected). entity_asked(stonemason). hypothetical(repeal(2640)).",
             holds={"entity_exists(stonemason, -1)", "entity_ceased(stonemason, 0)"},
             never={"entity_exists(stonemason, 0)"}),
        Case("R1586 two rules defining an entity of the same name define one entity: it outlives either's repeal",
             "office_defined(herald, 649, elected). switch_type(herald, 2640, person). entity_asked(herald). "
             "hypothetical(repeal(2640)).",
             holds={"entity_exists(herald, 0)", "defines_entity(649, herald)", "defines_entity(2640, herald)"},
             never={"entity_ceased(herald, 0)"}),
        Case("R1586 a defining rule amended so that it still defines the entity: it continues to exist",
             "asset_class(stone, 2640). entity_asked(stone). hypothetical(amend(2640)).",
             holds={"amended_at(2640, 0)", "entity_exists(stone, 0)"}, never={"entity_ceased(stone, 0)"}),
        Case("R1586 an amendment that stops its rule defining an entity: it ceases to exist, the rule stays in force",
             "office_defined(stonemason, 2640, elected). entity_asked(stonemason). hypothetical(amend(2640)). "
             "entity_change(0, 2640, undefine(stonemason)).",
             holds={"in_force(2640, 0)", "entity_ceased(stonemason, 0)"}, never={"entity_exists(stonemason, 0)"}),
        Case("R1586 a name CANNOT become another rule-defined entity's name; a rename to a free name happens",
             "office_defined(herald, 649, elected). office_defined(stonemason, 2640, elected). hypothetical(amend(649)). "
             "entity_change(0, 649, rename(herald, stonemason)). hypothetical(amend(2640)). "
             "entity_change(0, 2640, rename(stonemason, mason)).",
             holds={"rename_prevented(0, herald, stonemason)", "entity_name(herald, herald, 0)", "entity_name(stonemason, mason, 0)"},
             never={"entity_name(herald, stonemason, 0)"}),
        Case("R1586 a reference by name is to the entity that had the name when the rule came to include it",
             "office_defined(stonemason, 2640, elected). hypothetical(amend(2640)). entity_change(0, 2640, rename(stonemason, mason)). "
             "hypothetical(amend(2640)). entity_change(0, 2640, redefine(stonemason)). name_reference(649, stonemason).",
             holds={"refers_to(649, stonemason, stonemason)", "entity_redefined(stonemason, 0)", "entity_exists(stonemason, 0)"}),
    ], base=RULES),
}


@pytest.mark.parametrize("file, case", params(ENTITY_TABLES))
def test_agora_entities_case(file: str, case: Case):
    check(ENTITY_TABLES[file], case)
