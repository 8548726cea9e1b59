"""Every encoding file of encodings/core, encodings/agora and encodings/blognomic has its table of
named cases here (at least three, and one for each Agora rule its opening comment names), so a new
file comes with its cases; and no table names a file that is gone."""

from __future__ import annotations

import re
from itertools import takewhile

from adjudicator.solving import encodings_root

from .test_encodings_agora import JUDGE_TABLES
from .test_encodings_agora_offices import OFFICE_TABLES
from .test_encodings_agora_contracts import CONTRACT_TABLES
from .test_encodings_agora_justice import JUSTICE_TABLES
from .test_encodings_agora_culture import CULTURE_TABLES
from .test_encodings_agora_resolve import RESOLVE_TABLES
from .test_encodings_assets import ASSET_TABLES
from .test_encodings_blognomic import BLOGNOMIC_TABLES
from .test_encodings_core import TABLES as CORE_TABLES
from .test_encodings_verdict import VERDICT_TABLES
from .test_encodings_ribbons_stones import RIBBON_TABLES
from .test_encodings_agora_rewards import REWARD_TABLES
from .test_encodings_agora_entities import ENTITY_TABLES

COVERED = ("core", "agora", "blognomic")
MINIMUM = 3
TABLES = {**CORE_TABLES, **JUDGE_TABLES, **RESOLVE_TABLES, **BLOGNOMIC_TABLES, **VERDICT_TABLES, **ASSET_TABLES, **OFFICE_TABLES, **CONTRACT_TABLES, **JUSTICE_TABLES, **CULTURE_TABLES,
          **RIBBON_TABLES, **REWARD_TABLES, **ENTITY_TABLES}


def _files() -> set[str]:
    root = encodings_root()
    return {path.relative_to(root).as_posix() for folder in COVERED for path in (root / folder).glob("*.lp")}


def test_one_table_per_file():
    modules = [CORE_TABLES, JUDGE_TABLES, RESOLVE_TABLES, BLOGNOMIC_TABLES, VERDICT_TABLES, ASSET_TABLES, OFFICE_TABLES, CONTRACT_TABLES, JUSTICE_TABLES, CULTURE_TABLES,
               RIBBON_TABLES, REWARD_TABLES, ENTITY_TABLES]
    twice = sorted(name for name in TABLES if sum(name in tables for tables in modules) > 1)
    assert not twice, f"files with a table in two modules (one hides the other here): {twice}"


def test_every_file_has_a_table_of_cases():
    missing = sorted(_files() - set(TABLES))
    assert not missing, f"encoding files without a table of named cases in tests/encoding_cases: {missing}"


def test_every_table_has_enough_cases():
    thin = {name: len(table.cases) for name, table in TABLES.items() if len(table.cases) < MINIMUM}
    assert not thin, f"tables with fewer than {MINIMUM} cases: {thin}"


def test_every_table_is_of_an_existing_file():
    gone = sorted(name for name in TABLES if name.partition("/")[0] in COVERED and name not in _files())
    assert not gone, f"tables of files that no longer exist: {gone}"


def test_each_case_solves_its_own_file():
    stray = sorted(name for name, table in TABLES.items() if name not in table.files)
    assert not stray, f"tables whose cases do not load the file they are about: {stray}"


def test_case_names_are_unique_per_file():
    for name, table in TABLES.items():
        names = [case.name for case in table.cases]
        assert len(names) == len(set(names)), name


# Rules a file's opening comment names that it does not encode, as the comment itself says.
NOT_ENCODED = {"agora/strength.lp": {"2637"}}  # "R2637's office interests are not modelled"
ENTRY = re.compile(r"No game rule of its own")  # an entry file (main.lp) gathers the files that encode them


def _opening_comment(name: str) -> str:
    lines = (encodings_root() / name).read_text(encoding="utf-8").splitlines()
    return " ".join(line.lstrip("%").strip() for line in takewhile(lambda line: line.startswith("%"), lines))


def test_every_rule_a_file_cites_names_one_of_its_cases():
    """Each Agora rule (R<n>) a file's opening comment names is the subject of at least one case."""
    missing = {}
    for name, table in TABLES.items():
        comment = _opening_comment(name)
        if ENTRY.search(comment):
            continue  # an entry file's rules are those of the files it includes, each with its table
        cited = set(re.findall(r"\bR(\d{2,4})\b", comment)) - NOT_ENCODED.get(name, set())
        named = {rule for case in table.cases for rule in re.findall(r"\bR(\d{2,4})", case.name)}
        if cited - named:
            missing[name] = sorted(cited - named, key=int)
    assert not missing, f"rules cited in a file's opening comment that no case of its table names: {missing}"
