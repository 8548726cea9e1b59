"""Every endpoint's answer equals the CLI's --json output, on the bundled cases.

Two checks, so that the suite stays fast without checking less:
- every bundled request (all of them) becomes, through the whole web stack, the CLI's own command
  line: the same parameters once click has parsed them, the same documents under the same names,
  a worker budget of the command's own; nothing is solved (the runner is replaced by a recorder);
- the answers themselves, API worker against the CLI run in this process in a folder of the same
  files: by default one request per (endpoint, case folder, parameters given), the first
  of its group; ADJUDICATOR_WEB_EQUALITY=all compares every bundled request (as the README says).
The error classes (400, 408, 413, 503, exit status 1) are compared with the CLI's line in test_api.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from concurrent.futures import ThreadPoolExecutor

import click
import pytest

from adjudicator.cli import main
from adjudicator.web import runner
from bundled import _command, bundled_requests

REQUESTS = bundled_requests()
EVERY = os.environ.get("ADJUDICATOR_WEB_EQUALITY") == "all"


def _group(request) -> tuple:
    return (request.endpoint.path, request.folder, tuple(sorted({name for name, _ in request.query})))


def _sample(requests) -> list:
    """The first request of each group (the cases in their folder's order)."""
    chosen: dict[tuple, object] = {}
    for request in requests:
        chosen.setdefault(_group(request), request)
    return list(chosen.values())


COMPARED = REQUESTS if EVERY else _sample(REQUESTS)

def test_the_bundled_cases_cover_every_command():
    from adjudicator.web.commands import endpoints
    covered = {r.endpoint.path for r in REQUESTS}
    assert covered == set(endpoints()), set(endpoints()) - covered
    assert {r.endpoint.path for r in COMPARED} == covered
    assert len(REQUESTS) > 400


def _parsed(words: tuple[str, ...], args: list[str]) -> dict:
    """The parameters click reads from a command line (the words of the command left out)."""
    context = _command(words).make_context("adjudicator", list(args[len(words):]), resilient_parsing=True)
    return {name: value for name, value in context.params.items()
            if context.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE}


def test_every_bundled_request_becomes_the_clis_command_line(client, monkeypatch):
    recorded = {}

    def record(args, documents, outputs, hard_limit, memory=None):
        recorded.update(args=args, documents=documents, hard_limit=hard_limit)
        return runner.Run(0, b"{}", b"")

    monkeypatch.setattr(runner, "run", record)
    differing = []
    for request in REQUESTS:
        recorded.clear()
        answer = client.post(request.endpoint.path, params=request.query, files=request.parts or None)
        words = request.endpoint.words
        if answer.status_code != 200 or recorded.get("args", [])[:len(words)] != list(words):
            differing.append((request.label, answer.status_code, answer.text[:200]))
            continue
        ours, theirs = _parsed(words, recorded["args"]), _parsed(words, request.cli_args)
        if ours != theirs or recorded["documents"] != request.files or recorded["hard_limit"] <= 0:
            differing.append((request.label, ours, theirs, sorted(recorded["documents"]), sorted(request.files)))
    assert not differing, differing[:5]


def _without_folders(text: str, *folders: str) -> str:
    # a file a case names beside it is reported by its resolved path, so by the folder it ran in
    for folder in folders:
        text = text.replace(folder.rstrip("/") + "/", "<folder>/")
    return text


def _server_folder_out(text: str) -> str:
    return re.sub(r"/[^\s\"']*/adjudicator-web-[^/\s\"']+/in/", "<folder>/", text)


def cli_output(request, folder) -> tuple[int, str, str]:
    for name, data in request.files.items():
        (folder / name).write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(request.cli_args), bounded=False)
    finally:
        os.chdir(here)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("request_", COMPARED, ids=[r.label[:90] for r in COMPARED])
def test_endpoint_answers_what_the_cli_prints(request_, client, tmp_path):
    with ThreadPoolExecutor(1) as pool:  # the API's worker is another process: both at once
        asked = pool.submit(client.post, request_.endpoint.path, params=request_.query, files=request_.parts or None)
        status, stdout, stderr = cli_output(request_, tmp_path)
        answer = asked.result()
    assert answer.headers.get("x-exit-status") == str(status), (answer.status_code, answer.text[:300], stderr[:300])
    if status in (0, 1) or (status == 3 and stdout.strip()):
        assert answer.status_code == (200 if status in (0, 1) else 408)
        ours, theirs = _server_folder_out(answer.text), _without_folders(stdout, str(tmp_path))
        if status == 3:  # "unknown within budget": how far a search got in its time depends on the machine
            ours, theirs = re.sub(r"\d+", "N", ours), re.sub(r"\d+", "N", theirs)
        assert ours == theirs
    else:
        assert answer.status_code == {2: 400, 3: 408}[status]
        assert _server_folder_out(answer.text) == _without_folders(stderr, str(tmp_path))
