"""The bundled cases as API requests: each command line tools/snapshot_outputs.py runs (its areas
over cases/, read at test time, so a new case or command is covered without a change here),
with the CLI's --json, turned into the request a client would send: documents as multipart parts
named by their file's name, files a document names beside it as attachments, bundled rulesets by
name, options as query parameters."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from pathlib import Path

import click

from adjudicator.rulesets import BUNDLED
from adjudicator.web.commands import Endpoint, endpoints

ROOT = Path(__file__).resolve().parents[2]
BUNDLED_AREAS = ("datc", "diplomacy", "judge", "resolve", "ossification", "hng", "blognomic", "ruleset")


@dataclass
class Request:
    """One API request and the CLI command line it stands for (run in a folder of the same files)."""
    endpoint: Endpoint
    query: list[tuple[str, str]] = field(default_factory=list)
    parts: list[tuple[str, tuple[str, bytes]]] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)  # every file the CLI's folder holds
    cli_args: list[str] = field(default_factory=list)
    folder: str = ""  # the folder of its first document under the checkout ("" for bundled rulesets only)

    @property
    def label(self) -> str:
        return " ".join(self.cli_args)


# Commands the snapshot tool does not run yet, on bundled inputs.
EXTRA_RUNS = [["ruleset", "coverage", "agora-slr-2020-12-31"], ["ruleset", "coverage", "blognomic-2019-09-06"]]


def _snapshot_runs() -> list[list[str]]:
    spec = importlib.util.spec_from_file_location("snapshot_outputs", ROOT / "tools" / "snapshot_outputs.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return [args for area in BUNDLED_AREAS if area in tool.AREAS for args in tool.AREAS[area]()] + EXTRA_RUNS


def _command(words: tuple[str, ...]) -> click.Command:
    from adjudicator.cli import cli
    command = cli
    for word in words:
        command = command.get_command(click.Context(command), word)
    return command


def _attachments(document: Path, seen: dict[str, bytes]) -> None:
    """Files beside `document` that it names (its ruleset, its proposals)."""
    text = document.read_text(encoding="utf-8", errors="replace")
    for sibling in document.parent.iterdir():
        if sibling.is_file() and sibling != document and sibling.name not in seen \
                and re.search(rf"(?<![\w.-]){re.escape(sibling.name)}(?![\w.-])", text):
            seen[sibling.name] = sibling.read_bytes()


def request_of(args: list[str], table: dict[str, Endpoint]) -> Request | None:
    """The request for a command line, or None when it cannot be one (a folder as input)."""
    endpoint = next((e for e in sorted(table.values(), key=lambda e: -len(e.words))
                     if tuple(args[:len(e.words)]) == e.words), None)
    assert endpoint is not None, f"no endpoint for {args}"
    command = _command(endpoint.words)
    context = command.make_context("x", list(args[len(endpoint.words):]), resilient_parsing=True)
    params = {name: value for name, value in context.params.items()
              if context.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE}
    request = Request(endpoint)
    documents = {d.name: d for d in endpoint.documents}
    by_name = {p.name: p for p in command.params}
    option_args: list[str] = []
    positional: list[str] = []
    for name, value in params.items():
        param = by_name[name]
        if value in (None, False, ()) or name in ("as_json", "json_output"):
            continue
        query_name = next((o.lstrip("-") for o in getattr(param, "opts", []) if o.startswith("--")), name)
        flag = next((o for o in getattr(param, "opts", []) if o.startswith("--")), None)
        if isinstance(param, click.Argument) or query_name in documents:
            values = value if isinstance(value, tuple) else (value,)
            for item in values:
                path = ROOT / item
                if path.is_dir():
                    return None
                if isinstance(param, click.Argument) and item in BUNDLED:
                    request.query.append((name, item))
                    positional.append(item)
                    continue
                request.folder = request.folder or str(path.parent.relative_to(ROOT) if path.is_relative_to(ROOT) else path.parent)
                request.parts.append((query_name if not isinstance(param, click.Argument) else name,
                                      (path.name, path.read_bytes())))
                request.files[path.name] = path.read_bytes()
                _attachments(path, request.files)
                if isinstance(param, click.Argument):
                    positional.append(path.name)
                else:
                    option_args += [flag, path.name]
            continue
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            request.query.append((query_name, "true" if item is True else str(item)))
            option_args += [flag] if item is True else [flag, str(item)]
    if "timeout" in endpoint.options and "timeout" not in {name for name, _ in request.query}:
        # the searches run near their default budget on a loaded machine: both sides get the server's most
        request.query.append(("timeout", "120"))
        option_args += ["--timeout", "120"]
    named = {name for _, (name, _) in request.parts}
    request.parts += [("attachment", (name, data)) for name, data in request.files.items() if name not in named]
    json_flag = [endpoint.json_flag] if endpoint.json_flag else []
    request.cli_args = [*endpoint.words, *json_flag, *option_args, *positional]
    return request


def bundled_requests() -> list[Request]:
    """One request per bundled input (the first of its command lines): every case file once."""
    table = endpoints()
    seen, found = set(), []
    for args in _snapshot_runs():
        request = request_of(args, table)
        if request is None:
            continue
        inputs = (request.endpoint.path, tuple(request.query if not request.parts else ()),
                  tuple(name for _, (name, _) in request.parts))
        if inputs not in seen:
            seen.add(inputs)
            found.append(request)
    return found
