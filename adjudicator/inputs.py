"""Reading the files people give the CLI: one place for '-' (standard input), folders, missing
files, binary files, byte-order marks and broken YAML/JSON, so every command words them alike."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from adjudicator.errors import InputError


class MissingInput(InputError):
    """The named file does not exist (callers may look the name up elsewhere, e.g. bundled data)."""


class NotText(InputError):
    """The file is not UTF-8 text."""


def read_text(source: str | Path, what: str, *, expected: str = "text") -> str:
    """The text of `source` ('-' for standard input), without a byte-order mark."""
    key = str(source)
    try:
        if key == "-":
            text = sys.stdin.read()
        else:
            path = Path(key)
            if path.is_dir():
                raise InputError(f"a folder, not a {what} file", source=key)
            if not path.exists():
                raise MissingInput(f"cannot read the {what} file: no such file", source=key)
            text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InputError(f"cannot read the {what} file: {exc.strerror or exc}", source=key) from None
    except UnicodeDecodeError:
        raise NotText(f"not a text file ({expected} in UTF-8 expected)", source=key) from None
    return text.removeprefix("\ufeff")


def parse_structured(text: str, source: str, *, json_only: bool = False) -> Any:
    """YAML (a superset of JSON), or strict JSON for `.json` files; errors give line and column."""
    if json_only or source.endswith(".json"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}", source=source) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise InputError(f"not valid YAML{where}: {problem}", source=source) from None


def read_structured(source: str | Path, what: str) -> Any:
    """A YAML or JSON document from a file or '-'."""
    return parse_structured(read_text(source, what, expected=f"a YAML or JSON {what}"), str(source))


def validation_problems(exc: ValidationError, *, limit: int = 5) -> str:
    """pydantic's errors as 'field.path: message; ...' for a one-line InputError."""
    problems = []
    for err in exc.errors()[:limit]:
        where = ".".join(str(part) for part in err["loc"]) or "document"
        problems.append(f"{where}: {err['msg'].removeprefix('Value error, ')}")
    more = len(exc.errors()) - limit
    return "; ".join(problems) + (f"; and {more} more" if more > 0 else "")
