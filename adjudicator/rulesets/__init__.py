"""Ruleset documents as data, and the amendment engine (Agora R105).

    from adjudicator.rulesets import load_ruleset, BUNDLED
    slr = load_ruleset("agora-slr-2020-12-31")      # a bundled name, or a path to a file
    slr.rule(2141).power                              # Decimal('3.1')
    past = load_ruleset("cases/rulesets/agora-yaml-sample", as_of="2019-08-01")
    past.rule(2595).revision                          # 0: R2595 as it was on that day

Known formats: Agora SLR/FLR, Agora ACORN regulations, numbered rules (a tournament's
"22. A dislodged unit ..."), the BlogNomic wiki ruleset, this project's own JSON
(`adjudicator ruleset show --json`), and Agora's per-rule YAML folder with history (the format of
the AgoraNomic/ruleset repository; `history.py`), the one format that can go back to a date, best from a git clone of that repository
or its history exported as `.jsonl` (`revisions.py`: the text of every rule on any day).
"""

from __future__ import annotations

from importlib import resources
from datetime import date
from pathlib import Path

from pydantic import ValidationError

from adjudicator.errors import InputError
from adjudicator.inputs import MissingInput, NotText, parse_structured, read_text
from adjudicator.rulesets import agora, blognomic, history, numbered, revisions
from adjudicator.rulesets.model import Rule, Ruleset, Section

__all__ = ["BUNDLED", "FORMATS", "Rule", "Ruleset", "Section", "load_ruleset", "parse_ruleset", "render_ruleset",
           "bundled_text"]

# Bundled name -> file under adjudicator/data/rulesets/ (copies of the published documents).
BUNDLED: dict[str, str] = {
    "agora-slr-2020-12-31": "agora-slr-2020-12-31.txt",
    "bt-2020": "bt-2020.txt",
    "bt-2024-hng": "bt-2024-hng.txt",
    "diplonomic-2020": "diplonomic-2020.txt",
    "blognomic-2019-09-06": "blognomic-2019-09-06.txt",
}

FORMATS: dict[str, str] = {
    "agora-slr": "Agora Short/Full Logical Ruleset ('Rule 2486/0 (Power=3.14)', title, indented text, '====' sections)",
    "agora-acorn": "Agora Code of Regulations ('Regulation BT22/0', title, indented text, History/Annotations)",
    "numbered": "numbered rules of a tournament ('22. A dislodged unit ...'), optionally inside a message with its proposal",
    "blognomic": "BlogNomic wiki ruleset (Core Rules / Dynastic Rules / Special Case / Appendix, rules by title)",
    "json": "this tool's own JSON (`adjudicator ruleset show --json`)",
    "agora-yaml": "a folder of Agora's per-rule YAML files with history, or one such file (AgoraNomic/ruleset: id, "
                  "name, power, text, history); the only format `as_of` can go back in",
}


# the `format` a parsed ruleset carries (agora.TITLES, blognomic, numbered)
DOCUMENT_FORMATS = (*agora.TITLES.values(), "blognomic", "numbered", history.FORMAT)


def bundled_text(name: str) -> str:
    return resources.files("adjudicator").joinpath("data", "rulesets", BUNDLED[name]).read_text(encoding="utf-8")


def _unknown_format(source: str) -> InputError:
    known = "; ".join(f"{key}: {value}" for key, value in FORMATS.items())
    return InputError(f"not a ruleset in any known format. Known formats: {known}", source=source)


def parse_ruleset(text: str, name: str, fmt: str | None = None) -> Ruleset:
    """Parse a document's text; `fmt` forces a format, otherwise it is recognised."""
    stripped = text.lstrip()
    if fmt == "json" or (fmt is None and stripped.startswith("{")):
        try:  # the one input layer: depth, size and key limits (no RecursionError)
            data = parse_structured(text, name, json_only=True)
        except InputError as exc:
            data = None
            if fmt == "json":
                raise InputError(f"broken JSON: {str(exc).removeprefix(name + ': ')}", source=name) from None
        if data is not None:
            if isinstance(data, dict) and "ruleset" in data and "rules" not in data:
                data = data["ruleset"]  # the output of `ruleset amend --json`
            try:
                ruleset = Ruleset.model_validate(data)
            except ValidationError as exc:
                problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
                raise InputError(f"JSON, but not a ruleset in this tool's JSON: {problems}", source=name) from None
            if ruleset.format not in DOCUMENT_FORMATS:  # it could be neither rendered nor amended as such
                raise InputError(f"JSON ruleset of unknown format {ruleset.format!r} "
                                 f"(formats: {', '.join(DOCUMENT_FORMATS)})", source=name)
            return ruleset
    if fmt == history.FORMAT or (fmt is None and history.looks_like_rule_file(text)):
        return history.load_rule_file(text, name)
    if fmt in ("agora-slr", "agora-flr", "agora-acorn") or (fmt is None and agora.looks_like(text)):
        return agora.parse(text, name)
    if fmt == "blognomic" or (fmt is None and blognomic.looks_like(text)):
        return blognomic.parse(text, name)
    if fmt == "numbered" or (fmt is None and numbered.looks_like(text)):
        return numbered.parse(text, name)
    raise _unknown_format(name)


def render_ruleset(ruleset: Ruleset) -> str:
    """The ruleset as a document in the format it was read from."""
    if ruleset.format.startswith("agora"):
        return agora.render(ruleset)
    if ruleset.format == "blognomic":
        return blognomic.render(ruleset)
    if ruleset.format == "numbered":
        return numbered.render(ruleset)
    return ruleset.model_dump_json(indent=2)


def _rules_folder(folder: Path) -> Path:
    """A checkout without its git history: the rules folder inside it, else the folder itself."""
    if history.looks_like_folder(folder):
        return folder
    return next((folder / sub for sub in revisions.FOLDERS[::-1] if history.looks_like_folder(folder / sub)), folder)


def load_ruleset(name_or_path: str | Path, *, as_of: date | str | None = None) -> Ruleset:
    """A bundled ruleset by name (see BUNDLED), a file in any known format, or a folder of Agora's
    per-rule YAML files. `as_of` (a date, or "YYYY-MM-DD"): the rules as they were at the end of
    that day; only a folder with history can go back, so for any other ruleset it is an input error.
    Where the folder does not record something of that day (a text, a title), `ruleset.notes` says
    so and `history.unrecorded_texts(ruleset)` lists the rules whose text is missing."""
    key = str(name_or_path)
    if key != "-" and (revisions.looks_like_clone(key) or revisions.looks_like_export(key)):
        return revisions.load(key, as_of)
    if key != "-" and Path(key).is_dir():
        return history.load_folder(_rules_folder(Path(key)), as_of)
    if as_of is not None:
        history.parse_as_of(as_of)  # a malformed date is named first
        if key not in BUNDLED and key != "-" and Path(key).is_file():
            try:
                text = read_text(key, "ruleset")
            except NotText:
                raise _unknown_format(key) from None
            if history.looks_like_rule_file(text):
                return history.load_rule_file(text, Path(key).name, as_of)
        raise InputError("--as-of needs a ruleset with history: a folder of Agora's per-rule YAML files, "
                         "a git clone of AgoraNomic/ruleset or its history exported as .jsonl "
                         "(this is a single document, which shows the rules of one date only)", source=key)
    if key in BUNDLED:
        return parse_ruleset(bundled_text(key), key)
    path = Path(name_or_path)
    try:
        text = read_text(key, "ruleset")
    except MissingInput:
        raise InputError(f"no such file, and not a bundled ruleset (bundled: {', '.join(BUNDLED)})", source=key) from None
    except NotText:
        raise _unknown_format(key) from None
    try:
        return parse_ruleset(text, path.stem)
    except InputError as exc:
        if exc.source == path.stem:  # name the file as given, not only its stem
            raise InputError(str(exc)[len(path.stem) + 2:], source=key) from None
        raise
