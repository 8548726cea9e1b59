"""The JSON API: a request to `POST /api/<command>` becomes the command line the CLI would run,
with the request's documents as files the server wrote (see `commands` for what a request may
set), run by `runner`; the answer is the CLI's own output, its errors the CLI's one line with
an HTTP status for its exit status."""

from __future__ import annotations

import json
import os
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from adjudicator import budget, cli
from adjudicator.inputs import MAX_BYTES
from adjudicator.web import runner
from adjudicator.web.commands import Endpoint

RESERVED = ("format", "output")  # query parameters of the API itself, not of a command
TRUE, FALSE = {"", "1", "true", "yes", "on"}, {"0", "false", "no", "off"}
MAX_PARTS = 64
STATUS_OF_EXIT = {0: 200, 1: 200, 2: 400}  # 1: an `expect:` not met, or a record that differs: still an answer
RETRY_AFTER = "2"


class Refused(Exception):
    """A request that cannot become a command line: `status` and the one line saying why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class Limits:
    """What the server allows: solves at once (the rest are answered 503), the longest time
    budget, and the memory of each request's worker (bytes; the CLI's, ADJUDICATOR_MEMORY_MB,
    unless set: past it the answer is the CLI's "memory budget exceeded" line, with 503)."""

    def __init__(self, solves: int | None = None, max_timeout: float = cli.HARD_LIMIT_WITHOUT_TIMEOUT,
                 memory: int | None = None, history: str | None = None):
        self.solves = solves or max(1, os.cpu_count() or 1)
        self.max_timeout = max_timeout
        self.memory = memory or budget.MEMORY_LIMIT
        self.running = 0
        # Agora's rule history (a folder of per-rule files, a clone or its export) the operator
        # gave: served by its folder's name like a bundled ruleset; never a path from a request
        self.history = str(Path(history).resolve()) if history else None
        self.histories = {}
        if self.history:  # a folder by its name; an export by its folder's ("agora-ruleset")
            path = Path(self.history)
            self.histories[path.parent.name if path.is_file() else path.name] = self.history


def _bundled_rulesets() -> set[str]:
    from adjudicator.rulesets import BUNDLED
    return set(BUNDLED)


async def read_body(request: Request) -> bytes:
    """The request body, refused (413) past MAX_BYTES, as an input file past it is."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BYTES:
        raise Refused(413, f"error: request body: {int(declared):,} bytes; at most {MAX_BYTES:,} are read")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BYTES:
            raise Refused(413, f"error: request body: larger than {MAX_BYTES:,} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def flag_value(name: str, value: str) -> bool:
    if value.lower() in TRUE:
        return True
    if value.lower() in FALSE:
        return False
    raise Refused(400, f"error: ?{name}={value[:40]}: a flag is true or false")


def option_args(endpoint: Endpoint, query, limits: Limits) -> tuple[list[str], float | None]:
    """The command line's options from the query string; the budget asked for, if any."""
    args: list[str] = []
    timeout = None
    known = set(endpoint.options) | {d.name for d in endpoint.documents if d.flag is None} | set(RESERVED)
    for name in query.keys():
        if name not in known:
            raise Refused(400, f"error: ?{name[:40]}: not a parameter of {endpoint.path} "
                               f"(known: {', '.join(sorted(known))})")
    for name, option in endpoint.options.items():
        values = query.getlist(name)
        if not values:
            continue
        if len(values) > 1 and not option.multiple:
            raise Refused(400, f"error: ?{name}: given {len(values)} times; it takes one value")
        if option.is_flag:
            args += [option.flag] if flag_value(name, values[-1]) else []
            continue
        if name == "timeout":
            try:
                timeout = float(values[0])
            except ValueError:
                timeout = None  # the CLI words the refusal
            if timeout is not None and timeout > limits.max_timeout:
                raise Refused(400, f"error: --timeout: {values[0][:20]}: this server allows at most "
                                   f"{limits.max_timeout:g} seconds")
        args += [f"{option.flag}={value}" for value in values]
    return args, timeout


async def documents_of(endpoint: Endpoint, request: Request, body: bytes) -> tuple[dict[str, list[tuple[str, bytes]]], dict[str, bytes]]:
    """The request's documents: per document parameter, its (file name, bytes); and the
    attachments (files a document names beside it). A multipart body names each part; any
    other body is the first required document not named in the query."""
    given: dict[str, list[tuple[str, bytes]]] = {}
    attachments: dict[str, bytes] = {}
    names = {document.name for document in endpoint.documents}
    if request.headers.get("content-type", "").startswith("multipart/form-data"):
        request._body = body  # the form parser reads the body already read (and capped)
        form = await request.form(max_files=MAX_PARTS, max_fields=MAX_PARTS, max_part_size=MAX_BYTES)
        for field, value in form.multi_items():
            if isinstance(value, UploadFile):
                data, filename = await value.read(), value.filename or field
            else:
                data, filename = value.encode("utf-8"), field
            if field == "attachment":
                attachments[runner.safe_name(filename, "attachment")] = data
            elif field in names:
                given.setdefault(field, []).append((runner.safe_name(filename, field), data))
            else:
                raise Refused(400, f"error: part {field[:40]!r}: not a document of {endpoint.path} "
                                   f"(documents: {', '.join(sorted(names | {'attachment'}))})")
        return given, attachments
    if body:
        missing = [d for d in endpoint.documents if d.required and d.name not in request.query_params]
        target = (missing or [d for d in endpoint.documents if d.name not in request.query_params] or [None])[0]
        if target is None:
            raise Refused(400, f"error: request body: {endpoint.path} takes no document")
        given[target.name] = [(target.name, body)]
    return given, attachments


def document_args(endpoint: Endpoint, query, given, attachments,
                  histories: dict[str, str] | None = None) -> tuple[list[str], dict[str, bytes]]:
    """The documents' part of the command line (positional ones last, in order) and the files to
    write. An argument may name a bundled ruleset in the query instead, or the server's history."""
    files = dict(attachments)
    options, positional = [], []
    histories = histories or {}
    for document in endpoint.documents:
        parts = given.get(document.name, [])
        if document.flag is None and document.name in query:
            name = query[document.name]
            if parts or name not in _bundled_rulesets() | set(histories):
                raise Refused(400, f"error: ?{document.name}={name[:40]}: a bundled ruleset's name "
                                   f"({', '.join(sorted(_bundled_rulesets() | set(histories)))}), "
                                   f"or the document in the body")
            positional.append(histories.get(name, name))
            continue
        if len(parts) > 1 and not document.multiple:
            raise Refused(400, f"error: {document.name}: given {len(parts)} times; it is one document")
        for filename, data in parts:
            if filename in _bundled_rulesets():  # a document is never read as the bundled ruleset of its name
                filename += ".document"
            if files.get(filename, data) != data:
                raise Refused(400, f"error: {filename}: two different documents with this name")
            files[filename] = data
            if document.flag is None:
                positional.append(filename)
            else:
                options.append(f"{document.flag}={filename}")
        if document.required and not parts:
            raise Refused(400, f"error: {document.name}: missing (the request body, or a multipart part "
                               f"named {document.name!r})")
    return options + (["--", *positional] if positional else []), files


async def command_of(endpoint: Endpoint, request: Request, limits: Limits):
    """The command line, its documents and its outputs for a request; its format and output."""
    query = request.query_params
    body = await read_body(request)
    wanted_format = query.get("format", "json" if endpoint.json_flag else "text")
    if wanted_format not in ("json", "text") or (wanted_format == "json" and not endpoint.json_flag):
        raise Refused(400, f"error: ?format={wanted_format[:20]}: "
                           f"{'json or text' if endpoint.json_flag else 'this command answers in text only'}")
    output = query.get("output")
    if output is not None and output not in endpoint.outputs:
        raise Refused(400, f"error: ?output={output[:20]}: {endpoint.path} writes "
                           f"{', '.join(endpoint.outputs) or 'no file'}")
    options, timeout = option_args(endpoint, query, limits)
    given, attachments = await documents_of(endpoint, request, body)
    documents, files = document_args(endpoint, query, given, attachments, limits.histories)
    outputs = {}
    if output is not None:
        flag, kind = endpoint.outputs[output]
        options += [flag, "{" + output + "}"]
        outputs["{" + output + "}"] = kind
    json_flag = [endpoint.json_flag] if wanted_format == "json" else []
    args = [*endpoint.words, *json_flag, *options, *documents]
    return args, files, outputs, timeout, wanted_format, output


def _budget_of(args: list[str], timeout: float | None) -> float:
    return timeout or cli._declared_timeout(args) or cli.HARD_LIMIT_WITHOUT_TIMEOUT


def answer(endpoint: Endpoint, done: runner.Run, wanted_format: str, output: str | None) -> Response:
    headers = {"X-Exit-Status": str(done.status)}
    text = done.stderr.decode("utf-8", "replace")
    if done.status in (0, 1):
        if output is not None:
            kind = endpoint.outputs[output][1]
            if kind == "folder":
                return JSONResponse({name: data.decode("utf-8", "replace") for name, data in done.outputs.items()},
                                    headers=headers)
            data = next(iter(done.outputs.values()), b"")
            media = ("image/png" if data.startswith(b"\x89PNG") else "image/svg+xml"
                     if data.lstrip().startswith((b"<svg", b"<?xml")) else "text/plain; charset=utf-8")
            return Response(data, media_type=media, headers=headers)
        media = "application/json" if wanted_format == "json" else "text/plain; charset=utf-8"
        return Response(done.stdout, media_type=media, headers=headers)
    if done.status == 2:
        return PlainTextResponse(text, status_code=400, headers=headers)
    if done.status == 3 and done.stdout.strip():  # a search's own "unknown" answer, as the CLI prints it
        media = "application/json" if wanted_format == "json" else "text/plain; charset=utf-8"
        return Response(done.stdout, status_code=408, media_type=media, headers=headers)
    if done.status == 3 or done.status < 0:
        if done.status < 0:
            text = "unknown within budget: the command: killed past its budget; the answer is unknown within budget\n"
        status = 503 if "memory budget" in text else 408
        return PlainTextResponse(text, status_code=status, headers=headers)
    last = text.strip().splitlines()[-1] if text.strip() else f"exit status {done.status}, the worker said nothing"
    return PlainTextResponse(f"error: the command failed: {last}\n", status_code=500, headers=headers)


async def handle(endpoint: Endpoint, request: Request, limits: Limits) -> Response:
    try:
        args, files, outputs, timeout, wanted_format, output = await command_of(endpoint, request, limits)
    except Refused as exc:
        return PlainTextResponse(str(exc) + "\n", status_code=exc.status)
    return await solve(endpoint, args, files, limits, outputs=outputs, timeout=timeout,
                       wanted_format=wanted_format, output=output)


async def solve(endpoint: Endpoint, args: list[str], files: dict[str, bytes], limits: Limits, *,
                outputs: dict[str, str] | None = None, timeout: float | None = None,
                wanted_format: str = "json", output: str | None = None) -> Response:
    """Run a command line in a worker, unless `limits.solves` are running already (503)."""
    if limits.running >= limits.solves:
        return PlainTextResponse(f"busy: {limits.solves} requests are being solved; retry shortly\n",
                                 status_code=503, headers={"Retry-After": RETRY_AFTER})
    limits.running += 1
    try:
        done = await run_in_threadpool(runner.run, args, files, outputs or {}, _budget_of(args, timeout), limits.memory)
    finally:
        limits.running -= 1
    return answer(endpoint, done, wanted_format, output)


def openapi(endpoints: dict[str, Endpoint]) -> dict:
    """The API described for OpenAPI 3.1, from the same table the routes come from."""
    paths = {}
    for path, endpoint in endpoints.items():
        parameters = [{"name": "format", "in": "query", "schema": {"enum": ["json", "text"]},
                       "description": "json (the CLI's --json, the default where it has one) or text"}]
        if endpoint.outputs:
            parameters.append({"name": "output", "in": "query", "schema": {"enum": list(endpoint.outputs)},
                               "description": "answer with the file this option writes instead"})
        for option in endpoint.options.values():
            schema = {"type": "boolean"} if option.is_flag else {"type": "string"}
            if option.choices:
                schema = {"enum": option.choices}
            if option.multiple:
                schema = {"type": "array", "items": schema}
            parameters.append({"name": option.name, "in": "query", "schema": schema,
                               "description": f"{option.flag}: {option.help}".strip(": ")})
        for document in endpoint.documents:
            if document.flag is None:
                parameters.append({"name": document.name, "in": "query", "schema": {"type": "string"},
                                   "description": "a bundled ruleset's name instead of the document"})
        parts = {d.name: ({"type": "array", "items": {"type": "string", "format": "binary"}} if d.multiple
                          else {"type": "string", "format": "binary"}) for d in endpoint.documents}
        parts["attachment"] = {"type": "array", "items": {"type": "string", "format": "binary"},
                               "description": "files a document names beside it"}
        paths[path] = {"post": {
            "summary": endpoint.help, "operationId": "_".join(endpoint.words), "parameters": parameters,
            "requestBody": {"required": False, "content": {
                "application/yaml": {"schema": {"type": "string"}},
                "application/json": {"schema": {}},
                "text/plain": {"schema": {"type": "string"}},
                "multipart/form-data": {"schema": {"type": "object", "properties": parts}}}},
            "responses": {
                "200": {"description": "the CLI's output (X-Exit-Status 1: an expectation not met)"},
                "400": {"description": "bad input: the CLI's one line `error: ...`"},
                "408": {"description": "unknown within budget (time)"},
                "413": {"description": "request body over 4 MiB"},
                "503": {"description": "busy (Retry-After), or unknown within the memory budget"}}}}
    return {"openapi": "3.1.0", "info": {"title": "adjudicator", "version": _version()}, "paths": paths}


def _version() -> str:
    from adjudicator import __version__
    return __version__


def dumps(document) -> str:
    return json.dumps(document, indent=1)

