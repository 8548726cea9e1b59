"""The pages in a real headless Chromium (Debian's `chromium`, driven by Playwright; nothing is
downloaded): `adjudicator serve` is started as users start it, and each page does its job on a
bundled case. Skipped when no Chromium is found, unless ADJUDICATOR_REQUIRE_BROWSER=1 (CI sets
it, so there a missing browser fails). ADJUDICATOR_SCREENSHOTS=DIR keeps each page's screenshot
(the README's are made so: ADJUDICATOR_SCREENSHOTS=docs/screenshots)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "cases"
SHARED = ROOT.parent / "shared" / "reference"
HISTORY = SHARED / "agora-ruleset" / "revisions.jsonl"  # Agora's rules on every day (skipped without)
JDIP = SHARED / "diplonomic2020" / "diplonomic.jdip"


def chromium() -> str | None:
    for name in (os.environ.get("ADJUDICATOR_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and (found := shutil.which(name)):
            return found
    return None


def _missing() -> str | None:
    if chromium() is None:
        return "no Chromium found (apt-get install chromium, or ADJUDICATOR_CHROMIUM=PATH)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    return None


if _missing() and os.environ.get("ADJUDICATOR_REQUIRE_BROWSER") == "1":
    raise RuntimeError(f"the browser tests are required here: {_missing()}")
pytestmark = pytest.mark.skipif(_missing() is not None, reason=f"browser tests skipped: {_missing()}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    history = ["--history", str(HISTORY)] if HISTORY.is_file() else []
    process = subprocess.Popen([sys.executable, "-m", "adjudicator.cli", "serve", "--port", str(port), *history],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            assert process.poll() is None, process.stderr.read().decode()
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail("adjudicator serve did not start listening within 60 s")
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=chromium(), headless=True,
                                          args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(90_000)
    yield opened
    context.close()


def screenshot(page, name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("ADJUDICATOR_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    assert (folder / f"{name}.png").stat().st_size > 10_000


def cli_json(*args: str, cwd: Path = ROOT):
    done = subprocess.run([sys.executable, "-m", "adjudicator.cli", *args, "--json"], cwd=cwd,
                          capture_output=True, text=True, timeout=300)
    return json.loads(done.stdout)


def exported_by_cli(game: dict, folder: Path) -> str:
    """The saved game `diplomacy play --export` writes for a game document."""
    (folder / "game.json").write_text(json.dumps(game))
    subprocess.run([sys.executable, "-m", "adjudicator.cli", "diplomacy", "play", "game.json", "--export", "saved.json"],
                   cwd=folder, capture_output=True, timeout=300)
    return (folder / "saved.json").read_text()


def downloaded(page, click: str) -> str:
    with page.expect_download() as download:
        page.click(click)
    return Path(download.value.path()).read_text()


def results_shown(page) -> list[list[str]]:
    return [row.locator("td").all_inner_texts()[:3] for row in page.locator("#gm-results tbody tr").all()]


def test_gamemaster_adjudicates_a_contested_turn_and_draws_the_board(server, page, tmp_path):
    turn = CASES / "examples" / "contested-turn.yaml"
    answered = cli_json("diplomacy", "adjudicate", str(turn))
    expected = answered[-1] if isinstance(answered, list) else answered
    page.goto(server + "/gamemaster")
    page.fill("#gm-input", turn.read_text())
    page.click("#gm-run")
    page.wait_for_selector("#gm-board svg")
    rows = page.locator("#gm-results tbody tr")
    assert rows.count() == len(expected["orders"])
    for n, order in enumerate(expected["orders"]):
        cells = rows.nth(n).locator("td").all_inner_texts()
        assert cells[:3] == [order["power"], order["order"], order["result"]]
    assert page.locator("#gm-board svg").count() == 1
    assert page.inner_text("#gm-next-phase") == expected["next_phase"]
    page.wait_for_selector("#gm-next-orders select")
    assert page.locator("#gm-next-orders select").count() >= 1
    screenshot(page, "gamemaster", tmp_path)
    page.click("#gm-next-run")
    page.wait_for_function("document.querySelectorAll('#gm-history li').length >= 2")
    assert expected["next_phase"] in page.inner_text("#gm-phase")
    # the session exported as a saved game: what `diplomacy play --export` writes for it
    game = page.evaluate("gmGame()")
    assert game["start"]["units"] and [p["phase"] for p in game["phases"]] == ["S1901M", expected["next_phase"]]
    assert downloaded(page, "#gm-export") == exported_by_cli(game, tmp_path)


def test_gamemaster_next_phase_keeps_a_yaml_turns_rules_and_readings(server, page, tmp_path):
    case = CASES / "bt15" / "bt15-readings.yaml"
    page.goto(server + "/gamemaster")
    page.fill("#gm-input", case.read_text())
    page.click("#gm-run")
    page.wait_for_selector("#gm-next-orders select")
    last_phase = cli_json("diplomacy", "adjudicate", str(case))[-1]
    typed = page.evaluate("gmTurns()")[-1]
    assert page.evaluate("gm.next.rules") == "bt2020" and page.evaluate("gm.next.options") == typed["options"]
    phases_shown = page.locator("#gm-history li").count()
    page.click("#gm-next-run")
    page.wait_for_function(f"document.querySelectorAll('#gm-history li').length > {phases_shown}")
    game = page.evaluate("gmGame()")
    assert game["rules"] == "bt2020" and game["options"] == typed["options"]
    assert game["phases"][0]["orders"] == typed["orders"] and game["start"]["units"] == typed["units"]
    played = cli_json("diplomacy", "play", str(_written(tmp_path / "game.json", game)))
    assert played[0]["orders"] == last_phase["orders"]  # the game's first phase is the typed turn
    shown = results_shown(page)
    assert shown == [[o["power"], o["order"], o["result"]] for o in played[-1]["orders"]]
    assert page.inner_text("#gm-phase").startswith(played[-1]["phase"])


def _written(path: Path, document) -> Path:
    path.write_text(json.dumps(document))
    return path


SAVED = sorted((CASES / "games" / "saved").glob("*.json"))[0]


@pytest.mark.parametrize("record", [SAVED, pytest.param(JDIP, marks=pytest.mark.skipif(
    not JDIP.is_file(), reason="needs ../shared/reference/diplonomic2020"))], ids=["saved-game", "jdip"])
def test_gamemaster_plays_an_uploaded_record_and_exports_it(server, page, tmp_path, record):
    expected = cli_json("diplomacy", "play", str(record))
    page.goto(server + "/gamemaster")
    page.set_input_files("#gm-file", str(record))
    # the page reads the file asynchronously, then sets the mode: wait for it rather than race it
    page.wait_for_function("document.getElementById('gm-mode').value === 'game'")
    page.click("#gm-run")
    page.wait_for_selector("#gm-board svg")
    results = [c["result"] for c in expected["checks"]] if isinstance(expected, dict) else expected
    last = results[-1]
    assert page.inner_text("#gm-phase").startswith(last["phase"])
    assert results_shown(page) == [[o["power"], o["order"], o["result"]] for o in last["orders"]]
    assert page.locator("#gm-history li").count() == len(results)
    shutil.copy(record, tmp_path / record.name)
    subprocess.run([sys.executable, "-m", "adjudicator.cli", "diplomacy", "play", record.name, "--export", "saved.json"],
                   cwd=tmp_path, capture_output=True, timeout=300)
    assert downloaded(page, "#gm-export") == (tmp_path / "saved.json").read_text()


def test_judge_shows_the_why_tree_and_a_reading_toggle_rejudges(server, page, tmp_path):
    case = CASES / "cfj" / "cfj-3829-unsuited-fines.yaml"
    expected = cli_json("judge", str(case))
    page.goto(server + "/judge")
    page.fill("#judge-case", case.read_text())
    page.click("#judge-run")
    page.wait_for_selector("#judge-verdicts tbody tr")
    verdicts = page.locator("#judge-verdicts tbody tr td:nth-child(3)").all_inner_texts()
    assert verdicts == [j["verdict"] for j in expected["judgements"]]
    root = page.locator("#judge-why > section > details.why").first
    assert root.get_attribute("open") is None  # collapsed until asked
    root.locator("> summary").click()
    assert root.get_attribute("open") is not None
    node = root.locator("details.why:has(> .rule blockquote)").first
    for level in node.locator("xpath=ancestor-or-self::details").all():  # outermost first, as a reader opens them
        if level.get_attribute("open") is None:
            level.locator("> summary").click()
    assert node.locator("> .rule cite").first.is_visible()
    cited = node.locator("> .rule cite").first.inner_text()
    assert cited.startswith("R") and "Power" in cited
    assert len(node.locator("> .rule blockquote").first.inner_text()) > 20  # the rule's text
    page.wait_for_function("document.getElementById('judge-draft').value.length > 0")
    assert "CFJ 3829" in page.input_value("#judge-draft")
    screenshot(page, "judge", tmp_path)
    draft = page.input_value("#judge-draft")
    toggle = page.locator("#judge-readings input[type=checkbox]").first
    toggle.check()
    page.wait_for_function(
        f"document.querySelector('#judge-verdicts tbody tr td:nth-child(3)').innerText !== {json.dumps(verdicts[0])}")
    changed = page.locator("#judge-verdicts tbody tr td:nth-child(3)").all_inner_texts()
    assert changed != verdicts
    # the draft follows the reading toggled
    page.wait_for_function(f"document.getElementById('judge-draft').value !== {json.dumps(draft)}")
    assert changed[0] in page.input_value("#judge-draft")
    # a typing error is shown at its line
    page.fill("#judge-case", "title: x\nstatements: [\n")
    page.wait_for_selector("#judge-gutter .bad")
    assert page.is_visible("#judge-error")


def _open_why_node(page, selector: str):
    node = page.locator(selector).first
    for level in node.locator("xpath=ancestor-or-self::details").all():  # outermost first, as a reader opens them
        if level.get_attribute("open") is None:
            level.locator("> summary").click()
    return node


def test_judge_shows_the_rule_text_of_the_cases_day(server, page):
    """A why-tree node shows the revision the judge reads on the case's day (2019-02-07: R1728/40,
    not the ruleset's /42); its text from the server's rule history where it has one."""
    case = CASES / "cfj" / "cfj-3709-apathy-two-intents.yaml"
    page.goto(server + "/judge")
    page.fill("#judge-case", case.read_text())
    page.click("#judge-run")
    page.wait_for_selector("#judge-verdicts tbody tr")
    assert "2019-02-07" in page.inner_text("#judge-day")
    node = _open_why_node(page, "details.why:has(> .rule cite:text-matches('^R1728/'))")
    rule = node.locator("> .rule:has(cite:text-matches('^R1728/'))").first
    assert rule.locator("cite").inner_text().startswith("R1728/40 ")
    assert "in force on 2019-02-07" in rule.locator("cite").inner_text()
    if HISTORY.is_file():
        of_day = cli_json("ruleset", "show", str(HISTORY), "--as-of", "2019-02-07", "--rule", "1728")
        of_day = of_day["rules"][0] if "rules" in of_day else of_day
        assert rule.locator("blockquote").inner_text().strip() == of_day["text"].strip()
        assert "rule history" in rule.locator(".note").inner_text()
    else:
        assert "R1728/40, whose text this server does not hold" in rule.locator(".note").inner_text()


def test_judge_toggles_a_finding_and_the_draft_follows(server, page, tmp_path):
    case = CASES / "cfj" / "cfj-3747-intent-clarity.yaml"
    page.goto(server + "/judge")
    page.fill("#judge-case", case.read_text())
    page.click("#judge-run")
    page.wait_for_selector("#judge-findings select")
    verdict = "#judge-verdicts tbody tr td:nth-child(3)"
    assert page.inner_text(verdict) == "TRUE" and page.input_value("#judge-findings select") == "true"
    for value in ("false", "open"):
        (tmp_path / "case.yaml").write_text(case.read_text().replace("value: true,", "" if value == "open" else "value: false,"))
        expected = cli_json("judge", str(tmp_path / "case.yaml"))["judgements"][0]["verdict"]
        page.select_option("#judge-findings select", value)
        page.wait_for_function(f"document.querySelector({json.dumps(verdict)}).innerText === {json.dumps(expected)}")
        # the draft's verdict line follows the finding chosen
        page.wait_for_function("new RegExp('Judgement:\\\\s+' + " + json.dumps(expected) +
                               " + '\\\\s*\\\\n').test(document.getElementById('judge-draft').value)")
    assert page.inner_text(verdict) == "TRUE/FALSE"
    assert "statement 1: TRUE if it holds, FALSE if not" in page.inner_text("#judge-findings")


def test_assessor_reads_ballots_and_writes_the_report(server, page, tmp_path):
    ballots = CASES / "agora" / "adoption.yaml"
    expected = cli_json("agora", "resolve", str(ballots))
    page.goto(server + "/assessor")
    page.fill("#assessor-input", ballots.read_text())
    page.click("#assessor-run")
    page.wait_for_selector("#assessor-decisions tbody tr")
    outcomes = page.locator("#assessor-decisions tbody tr td:nth-child(2)").all_inner_texts()
    assert outcomes == [d["outcome"] if d["outcome"] is not None else "(unresolved)" if d["resolved"] is False
                        else "(none)" for d in expected["decisions"]]
    first = expected["decisions"][0]
    page.locator("#assessor-ballots details summary").first.click()
    counted = page.locator("#assessor-ballots details[open] li").all_inner_texts()
    assert len(counted) == len(first["ballots"])
    assert all(f"counted as {b['counted_as']}" in line for line, b in zip(counted, first["ballots"]))
    page.wait_for_function("document.getElementById('assessor-report').value.length > 0")
    report = page.input_value("#assessor-report")
    assert str(expected["decisions"][0]["id"]) in report
    screenshot(page, "assessor", tmp_path)


def test_rulesets_shows_a_rule_by_number(server, page, tmp_path):
    page.goto(server + "/rulesets")
    page.select_option("#rules-name", "agora-slr-2020-12-31")
    page.fill("#rules-rule", "105")
    page.click("#rules-run")
    page.wait_for_selector("#rules-result:not([hidden])")
    assert page.inner_text("#rules-title").endswith("1 rule(s)")
    assert "R105/" in page.inner_text("#rules-text")
    if page.locator("#rules-coverage").count():  # once `ruleset coverage` exists
        page.click("#rules-coverage")
        page.wait_for_selector("#rules-coverage-out:not([hidden])")
        page.wait_for_function("document.getElementById('rules-coverage-out').textContent.length > 100")
    screenshot(page, "rulesets", tmp_path)


def test_rulesets_shows_a_rule_as_of_a_date_from_its_history(server, page, tmp_path):
    rule = CASES / "rulesets" / "agora-yaml-sample" / "2595"
    expected = cli_json("ruleset", "show", str(rule), "--as-of", "2019-08-01")
    page.goto(server + "/rulesets")
    page.set_input_files("#rules-file", str(rule))
    page.fill("#rules-date", "2019-08-01")
    page.click("#rules-run")
    page.wait_for_selector("#rules-result:not([hidden])")
    shown = expected["rules"][0]
    assert f"R{shown['id']}/{shown['revision']}" in page.inner_text("#rules-text")
    assert "(2019-08-01)" in page.inner_text("#rules-title")


@pytest.mark.skipif(not HISTORY.is_file(), reason="needs ../shared/reference/agora-ruleset")
def test_rulesets_shows_a_rule_by_number_and_date_from_the_servers_history(server, page):
    expected = cli_json("ruleset", "show", str(HISTORY), "--as-of", "2019-02-07", "--rule", "1728")
    shown = expected["rules"][0] if "rules" in expected else expected
    page.goto(server + "/rulesets")
    page.select_option("#rules-name", "agora-ruleset")
    page.fill("#rules-rule", "1728")
    page.fill("#rules-date", "2019-02-07")
    page.click("#rules-run")
    page.wait_for_selector("#rules-result:not([hidden])")
    assert "(2019-02-07)" in page.inner_text("#rules-title")
    text = page.inner_text("#rules-text")
    assert text.startswith(f"R1728/{shown['revision']} ") and " ".join(shown["text"].split()) in " ".join(text.split())


def test_gamemaster_takes_an_order_list_and_shows_a_paradoxs_alternatives(server, page, tmp_path):
    turn, orders = CASES / "examples" / "start-1901.yaml", CASES / "examples" / "judge-orders.txt"
    expected = cli_json("diplomacy", "adjudicate", str(turn), "--orders", str(orders))
    page.goto(server + "/gamemaster")
    page.fill("#gm-input", turn.read_text())
    page.fill("#gm-orders", orders.read_text())
    page.click("#gm-run")
    page.wait_for_selector("#gm-board svg")
    assert results_shown(page) == [[o["power"], o["order"], o["result"]] for o in expected["orders"]]
    assert page.evaluate("gmGame()")["phases"][0]["orders"]  # the list's orders, for the export
    paradox = CASES / "examples" / "convoy-paradox.yaml"
    answered = cli_json("diplomacy", "adjudicate", str(paradox))
    expected = (answered[-1] if isinstance(answered, list) else answered)["paradoxes"]
    page.fill("#gm-orders", "")
    page.fill("#gm-input", paradox.read_text())
    page.click("#gm-run")
    page.wait_for_selector("#gm-paradoxes .paradox")
    assert page.locator("#gm-paradoxes .paradox").count() == len(expected)
    shown = page.locator("#gm-paradoxes .paradox").first
    assert expected[0]["rule"] in shown.inner_text()
    alternatives = shown.locator("li.alternative").all_inner_texts()
    assert [a.split(":")[0] for a in alternatives] == [a["description"] for a in expected[0]["alternatives"]]
    assert all(f"{r['power']} {r['order']} {r['result']}" in line
               for line, a in zip(alternatives, expected[0]["alternatives"]) for r in a["results"])
