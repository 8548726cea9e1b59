"""Reading the files people give the CLI: one place for '-' (standard input), folders, devices,
FIFOs, missing files, sizes, binary files, byte-order marks, broken or hostile YAML/JSON, dates
and time budgets, so every command words them alike and none can hang, exhaust memory or show
a traceback.

Limits (each a refusal naming the input, exit 2):
- only regular files or '-' (a FIFO would hang, `/dev/zero` would never end);
- at most `MAX_BYTES` bytes;
- documents nested at most `MAX_DEPTH` deep and at most `MAX_VALUES` values once YAML aliases
  are expanded (an alias bomb is a few lines that expand to billions of values);
- only plain YAML: mappings, sequences, strings, numbers, booleans, null, dates (no `!!omap`,
  `!!set`, `!!binary`, `!!python/...`); mapping keys are strings or whole numbers (booleans,
  decimals and dates are turned into their text; anything else is refused);
- dates and times are real calendar moments in `MIN_YEAR`..`MAX_YEAR` (`2020-02-30` is refused
  with a message, not a `ValueError` traceback);
- strings are text: an escape that writes a lone surrogate (`"\\ud800"`) is refused.

Files a command writes (`write_output`) never replace one of its inputs and are written whole or
not at all.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import math
import os
import re
import stat
import sys
import tempfile
from itertools import accumulate
from pathlib import Path
from typing import Annotated, Any, Iterable

import click
import yaml
from pydantic import BeforeValidator, ValidationError

from adjudicator.errors import InputError, UsageError, excerpt

MAX_BYTES = 4 * 1024 * 1024  # 4 MiB: the largest bundled input is well under 1 MiB
MAX_DEPTH = 64
MAX_VALUES = 200_000  # values of a document after YAML aliases are expanded
MAX_TIMEOUT = 86_400.0  # one day
MIN_YEAR, MAX_YEAR = 1900, 2100


class MissingInput(InputError):
    """The named file does not exist (callers may look the name up elsewhere, e.g. bundled data)."""


class NotText(InputError):
    """The file is not UTF-8 text."""


def _kind_of(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_bytes(source: str | Path, what: str, *, limit: int | None = None) -> bytes:
    """The bytes of a regular file or of standard input ('-'), at most `limit` (MAX_BYTES) of them."""
    key = str(source)
    limit = MAX_BYTES if limit is None else limit
    try:
        if key == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode("utf-8")
        else:
            try:
                info = os.stat(key)
            except FileNotFoundError:
                raise MissingInput(f"cannot read the {what} file: no such file", source=key) from None
            if stat.S_ISDIR(info.st_mode):
                raise InputError(f"a folder, not a {what} file", source=key)
            if not stat.S_ISREG(info.st_mode):
                raise InputError(f"{_kind_of(info.st_mode)}, not a {what} file (only regular files or '-')", source=key)
            if info.st_size > limit:
                raise InputError(f"the {what} file is {info.st_size:,} bytes; at most {limit:,} are read", source=key)
            with open(key, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read the {what} file: {exc.strerror or exc}", source=key) from None
    if len(data) > limit:
        raise InputError(f"the {what} input is larger than {limit:,} bytes", source=key)
    return data


def read_text(source: str | Path, what: str, *, expected: str = "text", limit: int | None = None) -> str:
    """The text of `source` ('-' for standard input), without a byte-order mark."""
    data = read_bytes(source, what, limit=limit)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise NotText(f"not a text file ({expected} in UTF-8 expected)", source=str(source)) from None
    if "\x00" in text:
        raise NotText(f"not a text file ({expected} in UTF-8 expected; it contains NUL bytes)", source=str(source))
    return text.removeprefix("\ufeff")


# ---------------------------------------------------------------- YAML and JSON


class _PlainLoader(yaml.SafeLoader):
    """SafeLoader without the tags that build tuples, sets or bytes, and with dates that fail
    with a message (PyYAML raises a bare ValueError for 2020-02-30)."""


def _refuse_tag(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    raise yaml.constructor.ConstructorError(None, None, f"the YAML tag {node.tag} is not supported here "
                                            "(plain mappings, lists, strings, numbers and dates only)", node.start_mark)


def _timestamp(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError) as exc:
        raise yaml.constructor.ConstructorError(None, None, f"{excerpt(node.value)} is not a real date ({exc})",
                                                node.start_mark) from None


# libyaml's parser where present: the same constructors, about ten times faster on large files
_FastPlainLoader = type("_FastPlainLoader", (yaml.CSafeLoader,), {}) if hasattr(yaml, "CSafeLoader") else None

for _loader in (_PlainLoader, _FastPlainLoader):
    if _loader is None:
        continue
    for _tag in ("omap", "pairs", "set", "binary"):
        _loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)
    _loader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)
    _loader.add_constructor(None, _refuse_tag)  # any unknown tag


def _key_text(key: Any, where: str) -> str | int:
    if isinstance(key, str):
        return key
    if isinstance(key, bool):
        return "true" if key else "false"
    if isinstance(key, int):  # kept: models key some mappings by number (pydantic reads "3" as 3 too)
        return key
    if isinstance(key, float):
        return str(key)
    if isinstance(key, (dt.date, dt.datetime)):
        return key.isoformat()
    raise ValueError(f"{where or 'document'}: a mapping key must be a string, not {excerpt(key)}")


def plain_document(data: Any) -> Any:
    """`data` checked and copied: nesting at most MAX_DEPTH, at most MAX_VALUES values (YAML
    aliases counted each time they are used), keys as strings. Iterative: no RecursionError."""
    count = 0
    root: list[Any] = [None]
    # (value, container to put the copy in, key or index in it, depth, path)
    stack: list[tuple[Any, Any, Any, int, str]] = [(data, root, 0, 0, "")]
    while stack:
        value, parent, slot, depth, where = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise ValueError(f"the document expands to more than {MAX_VALUES:,} values (YAML aliases?)")
        if depth > MAX_DEPTH:
            raise ValueError(f"the document is nested more than {MAX_DEPTH} levels deep (at {where or 'the top'})")
        if isinstance(value, dict):
            copy: Any = {}
            for key, item in value.items():
                text = _key_text(key, where)
                copy[text] = None
                stack.append((item, copy, text, depth + 1, f"{where}.{text}" if where else text))
        elif isinstance(value, list):
            copy = [None] * len(value)
            for index, item in enumerate(value):
                stack.append((item, copy, index, depth + 1, f"{where}[{index}]"))
        elif isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"{where or 'document'}: {value} is not a number this tool accepts")
        else:
            copy = value
        parent[slot] = copy
    return root[0]


_BRACKET_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_NOT_BRACKETS = bytes(b for b in range(256) if b not in _BRACKET_STEP)


def _too_deep_brackets(text: str) -> bool:
    """Whether `[`/`{` nest more than MAX_DEPTH deep (strings not told apart: over-counting only
    refuses documents that no case needs). Checked before parsing: PyYAML's scanner takes
    quadratic time in the nesting of flow collections (50,000 brackets: minutes)."""
    # the running depth, in C (a Python loop over the brackets of 1000 Diplomacy turns: 20 ms)
    brackets = text.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH


def _load_yaml(text: str, fast: bool) -> Any:
    if fast and _FastPlainLoader is not None:
        try:
            return yaml.load(text, Loader=_FastPlainLoader)  # noqa: S506 - a CSafeLoader subclass
        except yaml.YAMLError:
            pass  # parsed again for PyYAML's wording of the problem
    return yaml.load(text, Loader=_PlainLoader)  # noqa: S506 - a SafeLoader subclass


_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_lone_surrogates(data: Any) -> None:
    """ValueError naming the first string of `data` (a key or a value) holding a lone surrogate,
    which only an escape (`"\\ud800"`) can write: not a character, it cannot be printed."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                raise ValueError(f"{where or 'document'}: {ascii(value)[:60]} holds a lone surrogate "
                                 "(an escape such as \\ud800 that is not a character)")
        elif isinstance(value, dict):
            for key, item in value.items():
                # the key popped first: a path naming a bad key is never printed
                stack += [(item, f"{where}.{key}" if where else str(key)), (key, f"a key of {where or 'the document'}")]
        elif isinstance(value, list):
            stack += [(item, f"{where}[{index}]") for index, item in enumerate(value)]


def _values_bound(text: str) -> int:
    """At least the number of values of a JSON document (every value after the first of a
    container follows a comma; brackets inside strings only raise the bound)."""
    return text.count(",") + text.count("[") + text.count("{") + 1


def parse_structured(text: str, source: str, *, json_only: bool = False, fast: bool = False) -> Any:
    """YAML (a superset of JSON), or strict JSON for `.json` files; errors give line and column.
    The result is a plain document (see `plain_document`). `fast` parses YAML with libyaml where
    present (same limits; a document it refuses is parsed again for PyYAML's wording)."""
    if _too_deep_brackets(text):
        raise InputError(f"the document is nested more than {MAX_DEPTH} levels deep", source=source)
    try:
        if json_only or source.endswith(".json"):
            unusual: list[str] = []  # NaN, Infinity, 1e999: plain_document names where

            def number(token: str) -> float:
                value = float(token)
                if not math.isfinite(value):
                    unusual.append(token)
                return value

            try:
                data = json.loads(text, parse_float=number, parse_constant=number)
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}", source=source) from None
            if "\\u" in text:  # only an escape can write a lone surrogate
                _refuse_lone_surrogates(data)
            if not unusual and _values_bound(text) <= MAX_VALUES:
                # already plain: JSON keys are strings, it has no aliases, and the nesting was
                # checked above (the copy costs 0.1 s for a list of 1000 Diplomacy turns)
                return data
        else:
            try:
                data = _load_yaml(text, fast)
            except yaml.YAMLError as exc:
                mark = getattr(exc, "problem_mark", None)
                where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
                problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
                raise InputError(f"not valid YAML{where}: {problem}", source=source) from None
        document = plain_document(data)
        if "\\u" in text or "\\U" in text:  # only an escape can write a lone surrogate
            _refuse_lone_surrogates(document)
        return document
    except RecursionError:
        raise InputError(f"the document is nested too deeply (at most {MAX_DEPTH} levels)", source=source) from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python's digit limit, in its own words otherwise
            raise InputError(f"a number has more than {sys.get_int_max_str_digits():,} digits", source=source) from None
        raise InputError(str(exc), source=source) from None


def read_structured(source: str | Path, what: str) -> Any:
    """A YAML or JSON document from a file or '-'."""
    return parse_structured(read_text(source, what, expected=f"a YAML or JSON {what}"), str(source))


def beside(case: str | Path, name: str, what: str) -> Path:
    """The file `name` that the case file `case` names (its ruleset, a proposal): a file beside
    the case or in a folder below it, never an absolute path or one that climbs out, so that a
    case cannot make the tool read /dev/zero, a FIFO or someone's files. InputError otherwise
    (naming the case). Whether it exists is the reader's to say."""
    folder = Path(case).parent.resolve()
    try:
        candidate = (folder / name).resolve()
    except (OSError, ValueError) as exc:  # a name the system cannot look up (too long, NUL, ...)
        raise InputError(f"{what} {excerpt(name)}: not a usable file name ({getattr(exc, 'strerror', None) or exc})",
                         source=str(case)) from None
    if Path(name).is_absolute() or not candidate.is_relative_to(folder):
        raise InputError(f"{what} {excerpt(name)}: a case names a file beside it, not an absolute path or one "
                         "outside the case's folder", source=str(case))
    return candidate


def _same_file(one: str | Path, other: str | Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):  # either one missing (or not a usable name): not the same file
        return os.path.realpath(one) == os.path.realpath(other)


def refuse_input_as_output(path: str | Path, inputs: Iterable[str | Path | None], what: str) -> None:
    """InputError naming `path` when it is one of the command's `inputs` (after resolving links):
    writing it would destroy what the command read."""
    for source in inputs:
        if source is None or str(source) == "-" or str(path) == "-":
            continue
        if _same_file(path, source):
            raise InputError(f"the {what} would overwrite the input {source}; name another file", source=str(path))


def write_output(path: str | Path, text: str | bytes, what: str, *, inputs: Iterable[str | Path | None] = ()) -> None:
    """Write `text` (or bytes) to the file `path` a command was asked to write (`--svg`, `--next`, ...):
    refused when it is one of `inputs`; written to a temporary file beside it and renamed, so the
    file holds either its old or its new content, never a part. A folder, a full device or a
    missing folder is an InputError naming the path, not a traceback."""
    refuse_input_as_output(path, inputs, what)
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)  # through a link, as open() writes
    if target.is_dir():
        raise InputError(f"cannot write the {what}: Is a directory", source=str(path))
    if target.exists() and not target.is_file():  # a device or a FIFO (/dev/null): written to, never replaced
        _write_in_place(target, text, what, path)
        return
    temporary = None
    try:
        mode, encoding = _mode(text)
        with tempfile.NamedTemporaryFile(mode, encoding=encoding, dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".part", delete=False) as handle:
            temporary = handle.name
            handle.write(text)
        os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode) if target.exists() else 0o666 & ~_umask())
        os.replace(temporary, target)
        temporary = None
    except OSError as exc:
        raise InputError(f"cannot write the {what}: {exc.strerror or exc}", source=str(path)) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _mode(data: str | bytes) -> tuple[str, str | None]:
    """The mode and encoding to open a file with for writing `data`."""
    return ("wb", None) if isinstance(data, bytes) else ("w", "utf-8")


def _write_in_place(target: Path, text: str | bytes, what: str, path: str | Path) -> None:
    try:
        mode, encoding = _mode(text)
        with open(target, mode, encoding=encoding) as handle:
            handle.write(text)
    except OSError as exc:
        raise InputError(f"cannot write the {what}: {exc.strerror or exc}", source=str(path)) from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def validation_problems(exc: ValidationError, *, limit: int = 5) -> str:
    """pydantic's errors as 'field.path: message; ...' for a one-line InputError."""
    problems = []
    for err in exc.errors()[:limit]:
        where = ".".join(str(part) for part in err["loc"]) or "document"
        problems.append(f"{where}: {err['msg'].removeprefix('Value error, ')}")
    more = len(exc.errors()) - limit
    return "; ".join(problems) + (f"; and {more} more" if more > 0 else "")


# ---------------------------------------------------------------- typed fields


def utc_moment(value: Any, where: str = "time") -> dt.datetime:
    """A date or date-time (datetime, date, or ISO 8601 text) as an aware UTC datetime in
    MIN_YEAR..MAX_YEAR; a bare date is 00:00 UTC, a naive time is UTC (Agoran time, R1023).
    Raises ValueError with a message naming the value."""
    if isinstance(value, dt.datetime):
        moment = value
    elif isinstance(value, dt.date):
        moment = dt.datetime(value.year, value.month, value.day)
    elif isinstance(value, str) and len(value) <= 64:
        text = value.strip()
        try:
            moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            raise ValueError(f"{where}: {excerpt(text)} is not an ISO date or date-time "
                             "(e.g. 2020-10-11 or 2020-10-11T14:00:00Z)") from None
    else:
        raise ValueError(f"{where}: {excerpt(value)} is not a date or date-time")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.timezone.utc)
    if not (MIN_YEAR <= moment.year <= MAX_YEAR):
        raise ValueError(f"{where}: {moment.isoformat()} is outside the years {MIN_YEAR}..{MAX_YEAR}")
    return moment.astimezone(dt.timezone.utc)  # no overflow: the year is far from 1 and 9999


UtcMoment = Annotated[dt.datetime, BeforeValidator(lambda value: utc_moment(value, "time"))]
"""A pydantic field type: a validated date-time in UTC (see `utc_moment`)."""


def check_timeout(value: Any, *, name: str = "--timeout") -> float:
    """A time budget: a positive, finite number of seconds, at most a day. UsageError otherwise
    (inf would wait forever, nan never compares, 0 or less could only ever report an overrun)."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise UsageError(f"{name}: {excerpt(value)} is not a number of seconds") from None
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_TIMEOUT):
        raise UsageError(f"{name}: {excerpt(value)} is not a time budget (a number of seconds, more than 0, "
                         f"at most {MAX_TIMEOUT:g})")
    return seconds


class Seconds(click.ParamType):
    """The click type of every `--timeout`: see `check_timeout`."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float) and math.isfinite(value) and 0 < value <= MAX_TIMEOUT:
            return value
        try:
            return check_timeout(value)
        except UsageError:
            self.fail(f"{excerpt(str(value))} is not a time budget (a number of seconds, more than 0, "
                      f"at most {MAX_TIMEOUT:g})", param, ctx)


SECONDS = Seconds()


class FiniteFloatRange(click.FloatRange):
    """click's FloatRange without nan or inf (nan passes every comparison FloatRange makes)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{excerpt(str(value))} is not a finite number", param, ctx)
        return number
