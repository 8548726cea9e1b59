"""Every endpoint's answer equals the CLI's --json output, on every bundled case: the same
documents (under the same file names), the same options; the CLI run in this process in a
folder holding those files, the API through its forked worker."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from adjudicator.cli import main
from bundled import bundled_requests

REQUESTS = bundled_requests()
# A file a case names beside it is reported by its resolved path, so by the folder it ran in:
# both sides' folders are written <folder>.


def _without_folders(text: str, *folders: str) -> str:
    for folder in folders:
        text = text.replace(folder.rstrip("/") + "/", "<folder>/")
    return text


# Z3's witness plan depends on what Z3's global context has seen in this process before (the HNG
# reachability model uses it), so those commands run as the real CLI does: in a fresh process.
FRESH_PROCESS = {("hng", "reachable")}


def cli_output(request, folder) -> tuple[int, str, str]:
    for name, data in request.files.items():
        (folder / name).write_bytes(data)
    if tuple(request.cli_args[:2]) in FRESH_PROCESS:
        done = subprocess.run([sys.executable, "-m", "adjudicator.cli", *request.cli_args], cwd=folder,
                              capture_output=True, text=True, timeout=600)
        return done.returncode, done.stdout, done.stderr
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(request.cli_args), bounded=False)
    finally:
        os.chdir(here)
    return status, out.getvalue(), err.getvalue()


def test_the_bundled_cases_cover_every_command():
    from adjudicator.web.commands import endpoints
    covered = {r.endpoint.path for r in REQUESTS}
    assert covered == set(endpoints()), set(endpoints()) - covered
    assert len(REQUESTS) > 400


@pytest.mark.parametrize("request_", REQUESTS, ids=[r.label[:90] for r in REQUESTS])
def test_endpoint_answers_what_the_cli_prints(request_, client, tmp_path):
    with ThreadPoolExecutor(1) as pool:  # the API's worker is another process: both at once
        asked = pool.submit(client.post, request_.endpoint.path, params=request_.query, files=request_.parts or None)
        status, stdout, stderr = cli_output(request_, tmp_path)
        answer = asked.result()
    assert answer.headers.get("x-exit-status") == str(status), (answer.status_code, answer.text[:300], stderr[:300])
    if status in (0, 1) or (status == 3 and stdout.strip()):
        assert answer.status_code == (200 if status in (0, 1) else 408)
        assert _server_folder_out(answer.text) == _without_folders(stdout, str(tmp_path))
    else:
        assert answer.status_code == {2: 400, 3: 408}[status]
        assert _server_folder_out(answer.text) == _without_folders(stderr, str(tmp_path))


def _server_folder_out(text: str) -> str:
    return re.sub(r"/[^\s\"']*/adjudicator-web-[^/\s\"']+/in/", "<folder>/", text)
