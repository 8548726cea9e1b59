"""The API's endpoints, read from the CLI's click commands.

Every leaf command of `adjudicator` is an endpoint `POST /api/<words>` (`/api/diplomacy/adjudicate`,
`/api/judge`). What a request may set is decided by the kind of each parameter, so that nothing a
request sends is ever read as a path of this machine:

- an **argument** is a *document*: its bytes come in the request body and the worker gets a file
  it wrote itself; an argument may instead name a bundled ruleset (`?ruleset=bt-2020`);
- an option that reads a file (`DOCUMENT_OPTIONS`) is a document too;
- an option that writes a file (`OUTPUT_OPTIONS`) is never taken from a request: `?output=svg`
  asks the server to pass its own file name and answer with that file;
- flags and options of a checked type (numbers, choices, seconds) are passed as query values;
  a free-text option is passed only when listed in `TEXT_OPTIONS` (names, dates, readings: never
  a path), any other is left out of the API.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

import click

# Options that read a file: documents in the body, like arguments.
DOCUMENT_OPTIONS = {"orders_path", "after", "suppose"}
# Options that write a file (or a folder of files): the server's own name, never the request's.
OUTPUT_OPTIONS = {"svg_path": "file", "png_path": "file", "next_path": "file", "export_path": "file",
                  "svg_dir": "folder"}
# Free-text options whose value is a name, a date or a reading, never read as a path.
TEXT_OPTIONS = {"power", "deadline", "captain", "party", "win", "at", "as_of", "rule_key", "readings",
                "secrets", "instrument_power"}
JSON_FLAGS = ("as_json", "json_output")
CHECKED_TYPES = (click.types.BoolParamType, click.types.IntParamType, click.types.FloatParamType,
                 click.Choice, click.types.IntRange, click.types.FloatRange)
SERVED_ELSEWHERE = {"serve"}  # commands that are not questions for the API


@dataclass
class Option:
    """A query parameter of an endpoint: its name in the query, the CLI's option string."""
    name: str
    flag: str
    is_flag: bool
    multiple: bool
    help: str = ""
    choices: list[str] = field(default_factory=list)


@dataclass
class Document:
    """A document of an endpoint: an argument (given in order) or an option that reads a file."""
    name: str
    flag: str | None  # None: a positional argument
    required: bool
    multiple: bool


@dataclass
class Endpoint:
    words: tuple[str, ...]
    help: str
    documents: list[Document]
    options: dict[str, Option]
    outputs: dict[str, tuple[str, str]]  # query name -> (the CLI's option string, "file" | "folder")
    json_flag: str | None

    @property
    def path(self) -> str:
        return "/api/" + "/".join(self.words)


def _query_name(param: click.Option) -> str:
    longs = [opt for opt in param.opts if opt.startswith("--")]
    return (longs[0] if longs else param.opts[0]).lstrip("-")


def _passes_checked_value(param: click.Option) -> bool:
    return param.is_flag or isinstance(param.type, CHECKED_TYPES) or param.name == "timeout" \
        or param.name in TEXT_OPTIONS


def endpoint_of(words: tuple[str, ...], command: click.Command) -> Endpoint:
    documents, options, outputs, json_flag = [], {}, {}, None
    for param in command.params:
        if isinstance(param, click.Argument):
            documents.append(Document(param.name, None, param.required, param.nargs != 1 or param.multiple))
            continue
        if not isinstance(param, click.Option):
            continue
        flag = [opt for opt in param.opts if opt.startswith("--")][0] if any(
            opt.startswith("--") for opt in param.opts) else param.opts[0]
        if param.name in JSON_FLAGS:
            json_flag = flag
        elif param.name in DOCUMENT_OPTIONS:
            documents.append(Document(_query_name(param), flag, param.required, param.multiple))
        elif param.name in OUTPUT_OPTIONS:
            outputs[_query_name(param)] = (flag, OUTPUT_OPTIONS[param.name])
        elif _passes_checked_value(param):
            choices = list(param.type.choices) if isinstance(param.type, click.Choice) else []
            options[_query_name(param)] = Option(_query_name(param), flag, param.is_flag, param.multiple,
                                                 param.help or "", choices)
    return Endpoint(words, (command.help or "").split("\n\n")[0].strip(), documents, options, outputs, json_flag)


def _walk(group: click.Group, words: tuple[str, ...]) -> list[Endpoint]:
    found = []
    context = click.Context(group)
    for name in group.list_commands(context):
        if not words and name in SERVED_ELSEWHERE:
            continue
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            found += _walk(command, words + (name,))
        elif command is not None:
            found.append(endpoint_of(words + (name,), command))
    return found


def endpoints() -> dict[str, Endpoint]:
    """Every command of the CLI as an endpoint, by its path. Loads every area (a server wants them
    all in memory before it forks its workers)."""
    cli = importlib.import_module("adjudicator.cli").cli
    return {endpoint.path: endpoint for endpoint in _walk(cli, ())}
