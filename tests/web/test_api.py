"""The API's own behaviour: every error class, the limits, the OpenAPI description, the routes."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from adjudicator.inputs import MAX_BYTES
from adjudicator.web.api import Limits
from adjudicator.web.commands import endpoints

ROOT = Path(__file__).resolve().parents[2]
TURN = (ROOT / "cases" / "examples" / "contested-turn.yaml").read_bytes()


def test_every_cli_command_is_an_endpoint_and_described(client):
    from adjudicator.cli import cli
    import click
    table = endpoints()
    described = client.get("/openapi.json").json()["paths"]
    assert set(described) == set(table)
    with click.Context(cli) as context:
        tops = {name for name in cli.list_commands(context) if name != "serve"}
    assert tops == {path.split("/")[2] for path in table}
    page = client.get("/api").text
    assert all(f"POST {path}" in page for path in table)


def test_bad_input_is_the_clis_one_line_with_400(client):
    answer = client.post("/api/diplomacy/adjudicate", content=b"phase: X1901M\nunits: {}\n")
    assert answer.status_code == 400 and answer.headers["x-exit-status"] == "2"
    assert answer.text.startswith("error: file: phase 'X1901M'") and answer.text.count("\n") == 1


def test_broken_yaml_names_its_line(client):
    answer = client.post("/api/judge", content=b"title: x\nstatements: [a: b\n")
    assert answer.status_code == 400
    assert "not valid YAML (line" in answer.text


@pytest.mark.parametrize("query, problem", [
    ("bogus=1", "?bogus: not a parameter of /api/diplomacy/adjudicate"),
    ("explain=maybe", "a flag is true or false"),
    ("format=xml", "?format=xml"),
    ("output=export", "?output=export"),
    ("timeout=100000", "this server allows at most"),
    ("explain=1&explain=0", "given 2 times"),
])
def test_a_bad_query_is_refused_before_anything_runs(client, query, problem):
    answer = client.post(f"/api/diplomacy/adjudicate?{query}", content=TURN)
    assert answer.status_code == 400 and problem in answer.text and "x-exit-status" not in answer.headers


def test_a_missing_document_and_an_unknown_part_are_refused(client):
    assert "missing" in client.post("/api/judge").text
    answer = client.post("/api/judge", files={"elsewhere": ("a.yaml", b"x: 1")})
    assert answer.status_code == 400 and "not a document of /api/judge" in answer.text


def test_no_path_is_read_from_a_request(client):
    """A ruleset is a bundled name or a document; a case names files beside it only, and beside it
    are only the request's own documents."""
    answer = client.post("/api/ruleset/show?ruleset=/etc/passwd")
    assert answer.status_code == 400 and "a bundled ruleset's name" in answer.text
    case = b"title: t\nruleset: /etc/passwd\nstatements: [{text: 'alice is a player at 2020-01-01'}]\n"
    answer = client.post("/api/judge", content=case)
    assert answer.status_code == 400 and "not an absolute path" in answer.text
    case = case.replace(b"/etc/passwd", b"../../../../etc/passwd")
    assert "outside the case's folder" in client.post("/api/judge", content=case).text
    answer = client.post("/api/diplomacy/adjudicate", files={"file": ("../../x/../-rf turn.yaml", TURN)})
    assert answer.status_code == 200  # the name is the server's: "rf_turn.yaml" in the private folder


def test_an_oversized_body_is_refused_with_413(client):
    answer = client.post("/api/judge", content=b"#" * (MAX_BYTES + 1))
    assert answer.status_code == 413 and "at most 4,194,304" in answer.text


def test_an_expectation_not_met_is_an_answer_with_exit_status_1(client):
    case = (ROOT / "cases" / "datc" / "6.A.01.yaml").read_bytes()
    met = client.post("/api/diplomacy/adjudicate", content=case)
    assert met.status_code == 200 and met.headers["x-exit-status"] == "0"
    unmet = client.post("/api/diplomacy/adjudicate", content=case.replace(b"PIC: INVALID", b"PIC: SUCCEEDS"))
    assert unmet.status_code == 200 and unmet.headers["x-exit-status"] == "1"
    assert unmet.json()[0]["orders"][0]["result"] == "INVALID"


def test_a_budget_overrun_is_408_with_the_clis_line(client):
    game = ROOT / "cases" / "reachable" / "france-forces-spring-1905.yaml"
    answer = client.post("/api/diplomacy/reachable?power=France&by=F1905&force=1&timeout=0.2",
                         files={"game_file": (game.name, game.read_bytes())})
    assert answer.status_code == 408 and answer.headers["x-exit-status"] == "3", answer.text
    # the CLI's one line, or (the search ran out inside its own loop) its "unknown" answer
    assert answer.text.startswith("unknown within budget:") or answer.json()["answer"] == "unknown"


def test_text_format_and_output_files(client):
    text = client.post("/api/diplomacy/adjudicate?format=text", content=TURN)
    assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
    svg = client.post("/api/diplomacy/adjudicate?output=svg", content=TURN)
    assert svg.headers["content-type"] == "image/svg+xml" and svg.text.lstrip().startswith("<svg")
    assert client.post("/api/diplomacy/variants?format=json").status_code == 400
    png = client.post("/api/diplomacy/adjudicate?output=png", content=TURN)  # cairosvg is an optional extra
    assert (png.status_code, png.headers["content-type"]) == (200, "image/png") or \
        (png.status_code == 400 and png.text.startswith("error:"))


def test_more_requests_than_solves_are_answered_503_with_retry_after():
    from starlette.testclient import TestClient
    from adjudicator.web.app import create_app
    game = ROOT / "cases" / "reachable" / "france-forces-spring-1905.yaml"
    with TestClient(create_app(Limits(solves=1))) as one:
        slow = threading.Thread(target=one.post, args=("/api/diplomacy/reachable?power=France&by=F1905&force=1&timeout=5",),
                                kwargs={"files": {"game_file": (game.name, game.read_bytes())}})
        slow.start()
        deadline = time.monotonic() + 10
        while one.app.state.limits.running == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        busy = one.post("/api/diplomacy/adjudicate", content=TURN)
        slow.join()
        assert busy.status_code == 503 and busy.headers["retry-after"].isdigit()
        assert one.post("/api/diplomacy/adjudicate", content=TURN).status_code == 200


def test_the_pages_are_served_with_their_assets(client):
    for path in ("/", "/gamemaster", "/judge", "/assessor", "/rulesets"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/app.js" in page.text
    assert "gmInit" in client.get("/static/app.js").text
    assert client.get("/static/../app.py").status_code == 404


def test_past_the_servers_memory_budget_is_503_with_the_clis_line(tmp_path):
    """The memory of a request's worker is a setting of the server (`serve --memory`); past it the
    answer is the line the CLI prints under the same budget (ADJUDICATOR_MEMORY_MB)."""
    import subprocess
    import sys
    from starlette.testclient import TestClient
    from adjudicator.web.app import create_app
    megabytes = 40
    with TestClient(create_app(Limits(memory=megabytes << 20))) as server:
        answer = server.post("/api/diplomacy/adjudicate", content=TURN)
    (tmp_path / "turn.yaml").write_bytes(TURN)
    printed = subprocess.run([sys.executable, "-m", "adjudicator.cli", "diplomacy", "adjudicate", "--json", "turn.yaml"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=300,
                             env={**os.environ, "ADJUDICATOR_MEMORY_MB": str(megabytes)})
    assert (printed.returncode, printed.stdout) == (3, ""), printed.stderr[-1500:]
    assert (answer.status_code, answer.headers["x-exit-status"]) == (503, "3")
    assert answer.text == printed.stderr and "memory budget exceeded" in answer.text


def test_a_server_run_from_a_script_on_standard_input_solves(tmp_path):
    """multiprocessing re-runs a server's main script in each worker; one read from standard input
    cannot be re-run, and the worker is started without it."""
    import subprocess
    import sys
    script = ("from starlette.testclient import TestClient\n"
              "from adjudicator.web.app import create_app\n"
              "import sys\n"
              "with TestClient(create_app()) as client:\n"
              "    answer = client.post('/api/diplomacy/adjudicate', content=sys.argv[1].encode())\n"
              "    print(answer.status_code, answer.headers.get('x-exit-status'), answer.json()['phase'])\n")
    done = subprocess.run([sys.executable, "-", TURN.decode()], input=script, capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)
    assert done.stdout.split() == ["200", "0", "S1901M"], done.stderr[-2000:]


HISTORY = ROOT.parent / "shared" / "reference" / "agora-ruleset" / "revisions.jsonl"


@pytest.mark.skipif(not HISTORY.is_file(), reason="needs ../shared/reference/agora-ruleset")
def test_the_servers_rule_history_is_a_ruleset_by_name(capsys):
    """`serve --history PATH`: the history is named by its folder, like a bundled ruleset; the
    answer is the CLI's on that path."""
    from starlette.testclient import TestClient
    from adjudicator.cli import main
    from adjudicator.web.app import create_app
    with TestClient(create_app(Limits(history=str(HISTORY)))) as server:
        answer = server.post("/api/ruleset/show?ruleset=agora-ruleset&rule=1728&as-of=2019-02-07")
        assert "agora-ruleset" in server.get("/rulesets").text
    main(["ruleset", "show", "--json", "--rule", "1728", "--as-of", "2019-02-07", str(HISTORY)], bounded=False)
    assert answer.status_code == 200 and answer.text == capsys.readouterr().out
