"""What the encodings do with each rule of a ruleset (`adjudicator ruleset coverage RULESET`).

Nothing here is listed by hand but the rules with no operative content
(`adjudicator/data/rulesets/agora-no-operative-content.yaml`, with their reasons) and the bound
rules the encodings implement only in part (`agora-partly-encoded.yaml`, with what they cover and
what they leave). A rule is
*encoded* when `encodings/agora/texts.lp` binds its text (the revisions it implements, compared by
fingerprint with the ruleset's text); the files that cite it (`% R2577` in a comment of an
encoding) are read from the encodings themselves, so a new encoding shows up without a change
here. A rule cited but not bound, or bound to another text, says so."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from importlib import resources

from adjudicator.errors import InputError
from adjudicator.inputs import parse_structured
from adjudicator.rulesets.model import Ruleset

ENCODED, PARTLY, TEXT_DIFFERS, CITED_ONLY, NO_CONTENT, NOT_ENCODED = (
    "encoded", "partly encoded", "text differs", "cited, not bound", "no operative content", "not encoded")
# the folders of Agora's judge: a citation elsewhere (BlogNomic, HNG) is another game's rule
AGORA_FOLDERS = ("core", "agora")
CITATION = re.compile(r"\bR(\d{1,4})(?:/(\d+))?\b")


@dataclass
class RuleCoverage:
    rule: int
    revision: int | None
    title: str
    power: Decimal | None
    status: str
    encoded_revisions: list[int] = field(default_factory=list)
    cited_in: list[str] = field(default_factory=list)
    reason: str | None = None

    def as_json(self) -> dict:
        return {"rule": self.rule, "revision": self.revision, "title": self.title,
                "power": None if self.power is None else str(self.power), "status": self.status,
                "encoded_revisions": self.encoded_revisions, "cited_in": self.cited_in, "reason": self.reason}

    def line(self) -> str:
        head = f"R{self.rule}" + (f"/{self.revision}" if self.revision is not None else "")
        words = self.status
        if self.encoded_revisions:
            bound = ", ".join(f"R{self.rule}/{r}" for r in self.encoded_revisions)
            words += f" ({bound})" if self.status in (ENCODED, PARTLY) else f" (the encodings implement {bound})"
        if self.reason:
            words += f": {self.reason}"
        if self.cited_in:
            words += f"; cited in {', '.join(self.cited_in)}"
        return f"{head} {self.title}: {words}"


@lru_cache(maxsize=1)
def citations() -> dict[int, tuple[str, ...]]:
    """Each rule number cited in a comment of the judge's encodings -> the files citing it."""
    from adjudicator.solving import encodings_root

    root = encodings_root()
    found: dict[int, set[str]] = {}
    for folder in AGORA_FOLDERS:
        for path in sorted((root / folder).glob("*.lp")):
            name = path.relative_to(root).as_posix()
            for line in path.read_text(encoding="utf-8").splitlines():
                _, percent, comment = line.partition("%")
                for match in CITATION.finditer(comment if percent else ""):
                    found.setdefault(int(match.group(1)), set()).add(name)
    return {rule: tuple(sorted(files)) for rule, files in found.items()}


def _data_entries(name: str, keys: set[str]) -> list[dict]:
    source = f"adjudicator/data/rulesets/{name}"
    text = resources.files("adjudicator").joinpath(f"data/rulesets/{name}").read_text("utf-8")
    entries = parse_structured(text, source) or []
    for entry in entries:
        if not isinstance(entry, dict) or not keys <= set(entry):
            raise InputError(f"{source}: each entry has {', '.join(sorted(keys))}")
    return entries


@lru_cache(maxsize=1)
def no_operative_content() -> dict[tuple[int, int | None], str]:
    """(rule, revision) -> why the rule has nothing to encode."""
    return {(int(e["rule"]), e.get("revision")): str(e["reason"])
            for e in _data_entries("agora-no-operative-content.yaml", {"rule", "reason"})}


@lru_cache(maxsize=1)
def partly_encoded() -> dict[tuple[int, int], str]:
    """(rule, bound revision) -> what of it the encodings implement and what they leave."""
    return {(int(e["rule"]), int(e["revision"])): f"only {e['encoded']}; not encoded: {e['not_encoded']}"
            for e in _data_entries("agora-partly-encoded.yaml", {"rule", "revision", "encoded", "not_encoded"})}


# Games whose rules their own module covers, by the ruleset's format: the module has coverage(ruleset)
GAME_COVERAGE = {"blognomic": "adjudicator.blognomic.coverage"}


def coverage(ruleset: Ruleset) -> list[RuleCoverage]:
    """Every rule of the ruleset (in its order) with what the encodings do with it."""
    from adjudicator.agora.bindings import encoded_texts, fingerprint

    if ruleset.format in GAME_COVERAGE:
        return importlib.import_module(GAME_COVERAGE[ruleset.format]).coverage(ruleset)

    table, cited, inoperative, partial = encoded_texts(), citations(), no_operative_content(), partly_encoded()
    out = []
    for rule in ruleset.rules:
        if rule.id is None or rule.kind != "rule":
            continue
        texts = table.get(rule.id, ())
        bound = [t.revision for t in texts]
        matched = [t.revision for t in texts if rule.text.strip() and t.fingerprint == fingerprint(rule.text)]
        reason = inoperative.get((rule.id, rule.revision)) or inoperative.get((rule.id, None))
        part = next((partial[(rule.id, r)] for r in matched if (rule.id, r) in partial), None)
        if matched and part:
            status, reason = PARTLY, part
        elif matched:
            status = ENCODED
        elif bound:
            status = TEXT_DIFFERS
        elif reason:
            status = NO_CONTENT
        elif rule.id in cited:
            status = CITED_ONLY
        else:
            status = NOT_ENCODED
        out.append(RuleCoverage(rule.id, rule.revision, rule.title, rule.power, status, bound,
                                list(cited.get(rule.id, ())), reason if status in (NO_CONTENT, PARTLY) else None))
    return out


def summary(rows: list[RuleCoverage]) -> str:
    statuses = dict.fromkeys([ENCODED, PARTLY, TEXT_DIFFERS, CITED_ONLY, NO_CONTENT, NOT_ENCODED, *(r.status for r in rows)])
    counts = {status: sum(r.status == status for r in rows) for status in statuses}
    return f"{len(rows)} rules: " + ", ".join(f"{n} {status}" for status, n in counts.items() if n)


def unencoded(ruleset: Ruleset, rules: set[int], statuses=(CITED_ONLY, NOT_ENCODED)) -> list[str]:
    """Of `rules` (rules a case relies on), those the encodings do not encode (or, with
    statuses=(PARTLY,), encode only in part), as 'R2496 (Rewards)'."""
    rows = {row.rule: row for row in coverage(ruleset)}
    return [f"R{r} ({rows[r].title})" for r in sorted(rules) if r in rows and rows[r].status in statuses]
