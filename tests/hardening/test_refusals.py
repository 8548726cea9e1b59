"""Issue 15: hostile or careless input to every command is refused with one line `error: ...`
(exit 2), never a traceback, a hang, a file read through ASP or a runaway budget."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = """title: t
gamestate: {persons: [alice, bob], players: [alice, bob]}
events:
  - {id: 1, at: 2020-12-01T12:00:00Z, by: alice, do: deregister}
"""
LOG = "promulgated: 2024-07-24\nparties: [alice, bob]\nevents: []\n"
TURN = "phase: S1901M\nunits: {ENGLAND: [F NTH]}\norders: {ENGLAND: [F NTH H]}\n"

# the file each command reads, and how to call it
COMMANDS = {
    "judge": (["judge"], CASE + "statements: [{text: 'alice is a player'}]\n"),
    "hng adjudicate": (["hng", "adjudicate"], LOG),
    "hng reachable": (["hng", "reachable", "--party", "alice"], LOG),
    "diplomacy adjudicate": (["diplomacy", "adjudicate"], TURN),
    "diplomacy play": (["diplomacy", "play"], "rules: standard\nphases: []\n"),
    "ruleset show": (["ruleset", "show"], '{"rules": []}'),
}


def refused(capsys, args: list[str], *needles: str) -> str:
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, (args, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and len(err) < 1100
    for needle in needles:
        assert needle in err, (needle, err)
    return err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("body, needle", [
    ('{"a": ' * 5000 + "1" + "}" * 5000, "nested"),
    ("a: \n  " + "- " * 100 + "x\n", "nested"),
    ("\x00\x01binary", "not a text file"),
])
def test_every_reader_refuses_deep_or_binary_documents(tmp_path, capsys, command, body, needle):
    args, _ = COMMANDS[command]
    path = tmp_path / "input.yaml"
    path.write_text(body)
    if command == "ruleset show":  # a ruleset that does not parse as JSON is tried as text
        needle = "not a ruleset in any known format"  # rulesets are text documents or JSON, not YAML
    refused(capsys, [*args, str(path)], needle, str(path))


@pytest.mark.parametrize("command", COMMANDS)
def test_devices_and_fifos_are_refused_without_reading(tmp_path, capsys, command):
    args, _ = COMMANDS[command]
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    refused(capsys, [*args, str(fifo)], "FIFO")
    for device in ("/dev/zero", "/dev/urandom"):
        if os.path.exists(device) and stat.S_ISCHR(os.stat(device).st_mode):
            refused(capsys, [*args, device], "character device")


def test_alias_bomb_is_refused_quickly(tmp_path, capsys):
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for n in range(1, 12):
        lines.append(f"{chr(97 + n)}: &{chr(97 + n)} [" + ", ".join([f"*{chr(96 + n)}"] * 10) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n" + CASE + "now: *l\nstatements: [{text: 'alice is a player'}]\n")
    started = time.monotonic()
    refused(capsys, ["judge", str(path)], "YAML aliases")
    assert time.monotonic() - started < 10


def test_too_large_input_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("adjudicator.inputs.MAX_BYTES", 1000)
    path = tmp_path / "big.yaml"
    path.write_text(LOG + "#" * 2000)
    refused(capsys, ["hng", "adjudicate", str(path)], "bytes")


@pytest.mark.parametrize("text", ["2020-02-30", "2020-13-01", "2020-02-30T10:00:00Z"])
def test_impossible_dates_are_refused_by_every_reader(tmp_path, capsys, text):
    log = tmp_path / "log.yaml"
    log.write_text(LOG.replace("2024-07-24", text))
    refused(capsys, ["hng", "adjudicate", str(log)], "not a real date" if "T" not in text else text)
    case = tmp_path / "case.yaml"
    case.write_text(CASE.replace("2020-12-01T12:00:00Z", text) + "statements: [{text: 'alice is a player'}]")
    refused(capsys, ["judge", str(case)])


def test_a_moment_without_a_utc_equivalent_is_refused(tmp_path, capsys):
    case = tmp_path / "case.yaml"
    case.write_text(CASE.replace("2020-12-01T12:00:00Z", "0001-01-01T00:00:00+05:00")
                    + "statements: [{text: 'alice is a player'}]")
    refused(capsys, ["judge", str(case)], "outside the calendar")


def test_non_string_keys_are_read_as_text_or_refused(tmp_path, capsys):
    game = tmp_path / "game.yaml"
    game.write_text("1: x\nrules: standard\nphases: []\n")
    refused(capsys, ["diplomacy", "play", str(game)], "1")
    game.write_text("? [a, b]\n: x\nphases: []\n")
    refused(capsys, ["diplomacy", "play", str(game)])


@pytest.mark.parametrize("document", ["!!omap [{a: 1}]", "!!set {a, b}", "!!binary aGVsbG8=", "!!python/object:os.system x"])
def test_only_plain_yaml(tmp_path, capsys, document):
    path = tmp_path / "log.yaml"
    path.write_text(document)
    refused(capsys, ["hng", "adjudicate", str(path)])


@pytest.mark.parametrize("provision, needle", [
    ("{grant blots: 5}", "provision 1"),
    ("{grant blots: {}}", "provision 1"),
    ("{grant blots: {to: alice, amount: -3}}", "provision 1"),
    ("{enact: {foo: 1}}", "provision 1"),
    ("{set power: [1, 2]}", "provision 1"),
    ("{win: [{a: 1}]}", "provisions"),
    ("{register one of: 7}", "not a person"),
])
def test_malformed_provisions_are_input_errors(tmp_path, capsys, provision, needle):
    path = tmp_path / "case.yaml"
    path.write_text(CASE.replace("do: deregister}", f"do: instrument, power: 3, provisions: [{provision}]}}")
                    + "statements: [{text: 'alice is a player'}]")
    refused(capsys, ["judge", str(path)], needle)


def test_deeply_nested_negation_is_refused(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    path.write_text(CASE + "statements: [{text: '" + "not " * 1500 + "alice is a player'}]")
    refused(capsys, ["judge", str(path)], "negations")


def test_a_5000_digit_reveal_is_judged(tmp_path, capsys):
    import hashlib

    secret = "9" * 5000
    digest = hashlib.sha256(secret.encode()).hexdigest()
    path = tmp_path / "log.yaml"
    path.write_text(LOG.replace("events: []", f"""events:
  - {{at: 2024-07-30T10:00:00Z, party: alice, action: transfer, tokens: 2}}
  - {{at: 2024-08-01T11:00:00Z, party: alice, action: declare, commitment: {digest}}}
  - {{at: 2024-08-05T09:00:00Z, party: alice, action: reveal, text: "{secret}"}}
"""))
    assert main(["hng", "adjudicate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "higher than the number of tokens transferred" in out


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1", "1e999", "soon", "100000"])
@pytest.mark.parametrize("command", ["judge", "hng adjudicate", "hng reachable", "diplomacy adjudicate"])
def test_timeout_is_a_usage_error(tmp_path, capsys, command, value):
    args, body = COMMANDS[command]
    path = tmp_path / "input.yaml"
    path.write_text(body)
    refused(capsys, [*args, str(path), "--timeout", value], "--timeout")
    refused(capsys, [*args, str(path), f"--timeout={value}"], "--timeout")


def test_usage_errors_are_one_line(capsys):
    refused(capsys, ["judge", "--no-such-option", "x"], "--no-such-option", "--help")
    refused(capsys, ["hng", "reachable", "x.yaml"], "--party")
    refused(capsys, ["no-such-command"], "no-such-command")


def test_error_messages_quote_only_an_excerpt(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    path.write_text(CASE + "statements: [{text: '" + "zoe " * 100_000 + "is a player'}]")
    refused(capsys, ["judge", str(path)])
    path.write_text(CASE + "x" * 200_000 + ": 1\nstatements: [{text: 'alice is a player'}]")
    refused(capsys, ["judge", str(path)])


# ---------------------------------------------------------------- a case's ruleset


def case_folder(tmp_path: Path) -> Path:
    """A folder for a case, with a FIFO in it and a ruleset file outside it."""
    folder = tmp_path / "cases"
    folder.mkdir()
    os.mkfifo(folder / "fifo")
    (tmp_path / "outside.txt").write_text("Rule 1/0 (Power=1)\nx\n")
    return folder


@pytest.mark.parametrize("ruleset, needle", [
    ("/dev/zero", "absolute"),
    ("/etc/passwd", "absolute"),
    ("../outside.txt", "outside the case's folder"),
    ("fifo", "FIFO"),
])
def test_a_case_names_only_bundled_rulesets_or_files_beside_it(tmp_path, capsys, ruleset, needle):
    path = case_folder(tmp_path) / "case.yaml"
    path.write_text(f"ruleset: {ruleset!r}\n" + CASE + "statements: [{text: 'alice is a player'}]")
    refused(capsys, ["judge", str(path)], needle)


# ---------------------------------------------------------------- raw ASP


@pytest.mark.parametrize("asp, needle", [
    ('#include "/etc/passwd".', "#include"),
    ("#include \"/dev/stdin\".", "#include"),
    ("holds :- p. #program x. p.", "#program"),
    ("holds. #show holds/0.", "#show"),
    ("#external p. holds :- p.", "#external"),
    ("#script (python) import os #end. holds.", "#script"),
    ("holds :- @f(1) = 1.", "@-functions"),
    ("holds :- p.\x00 p.", "control character"),
    ("#project p/0. holds.", "#project"),
    ("holds :- ", "does not parse"),
    (":- player(alice, T).", "one atom as head"),
])
def test_raw_statements_are_rules_only(tmp_path, capsys, asp, needle):
    path = tmp_path / "case.yaml"
    path.write_text(CASE + "statements:\n  - asp: " + repr(asp).replace("\\x00", "\\0") + "\n")
    if "\x00" in asp:
        path.write_text(CASE + 'statements:\n  - asp: "holds :- p.\\0 p."\n')
    err = refused(capsys, ["judge", str(path)], needle)
    assert "root:" not in err  # nothing of /etc/passwd


def test_a_raw_statement_cannot_change_another_statements_answer(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    base = CASE + "statements:\n  - {text: 'alice is a player at 2020-12-01T13:00:00Z', expect: FALSE}\n"
    path.write_text(base)
    assert main(["judge", str(path)]) == 0
    capsys.readouterr()
    hostile = ["holds(s(1)).", "registered(alice, 0..10). holds.", "statement(s(1)). holds.",
               "player(alice, T) :- T = 0..10. holds."]
    for asp in hostile:
        path.write_text(base + f"  - asp: {asp!r}\n")
        assert main(["judge", str(path)]) == 0, asp  # statement 1 is still FALSE as expected
        out = capsys.readouterr().out
        assert "MISMATCH" not in out


def test_a_clause_may_not_define_the_judges_own_predicates(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    path.write_text(CASE + """changes:
  - enact: {id: 9000, title: x, power: 3, clauses: [{asp: "holds(s(1))."}]}
statements: [{text: 'alice is a player'}]
""")
    refused(capsys, ["judge", str(path)], "may not define holds")


# ---------------------------------------------------------------- budgets (the real command line)


def run_cli(*args: str, timeout: float = 120, **env: str) -> tuple[subprocess.CompletedProcess, float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", "import sys; from adjudicator.cli import main; sys.exit(main())", *args],
                          capture_output=True, text=True, timeout=timeout, env={**os.environ, **env}, cwd=ROOT)
    return done, time.monotonic() - started


def test_an_exploding_grounding_is_stopped_at_the_budget(tmp_path):
    import resource

    path = tmp_path / "bomb.yaml"
    path.write_text(CASE + 'statements:\n  - asp: "p(1..400). q(X,Y,Z) :- p(X), p(Y), p(Z). holds :- q(1,1,1)."\n')
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done, seconds = run_cli("judge", str(path), "--timeout", "3")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert done.returncode == 3, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("unknown within budget: "), done.stderr  # one report, not two
    # CPU time, not wall time: on a shared machine the wall clock measures the neighbours (and the
    # budget, a wall-clock one, may run out before the grounding even starts: then that stage is named)
    assert cpu < 2 * 3, (cpu, seconds)
    if cpu > 2:
        assert lines[0].startswith("unknown within budget: grounding judging bomb.yaml"), done.stderr


def test_a_worker_printing_its_own_report_is_not_reported_twice(capfd):
    # a loaded machine: the worker printed "unknown within budget: ..." at its deadline, was
    # descheduled before exiting, and the supervisor killed it and printed a second line
    from adjudicator import budget

    def work() -> int:
        budget.reporting()
        print("unknown within budget: the worker's own line", file=sys.stderr, flush=True)
        time.sleep(1.0)  # past the deadline (0.5 s + 0.125 s grace), within REPORT_GRACE
        return 3

    status = budget.run_bounded(work, 0.5, on_kill=lambda exc: print(f"unknown within budget: {exc}",
                                                                       file=sys.stderr) or 3)
    assert status == 3
    assert capfd.readouterr().err.strip().splitlines() == ["unknown within budget: the worker's own line"]


def test_a_worker_that_never_reports_is_still_killed_at_the_budget(capfd):
    from adjudicator import budget

    started = time.monotonic()
    status = budget.run_bounded(lambda: time.sleep(30) or 0, 0.5,
                                on_kill=lambda exc: print(f"unknown within budget: {exc}", file=sys.stderr) or 3)
    assert status == 3 and time.monotonic() - started < 10
    assert capfd.readouterr().err.strip().splitlines() == [
        "unknown within budget: the command: budget of 0.5 s exceeded; the answer is unknown within budget"]


def test_memory_is_bounded(tmp_path):
    import resource

    path = tmp_path / "bomb.yaml"
    path.write_text(CASE + 'statements:\n  - asp: "p(1..50000000). holds :- p(3)."\n')
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    done, _ = run_cli("judge", str(path), "--timeout", "20", ADJUDICATOR_MEMORY_MB="300")
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith("unknown within budget:") and "Traceback" not in done.stderr
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB, the largest child so far
    if before < 300 * 1024:
        assert peak < 330 * 1024


def test_a_case_that_would_ground_beyond_the_limit_is_refused_before_grounding(tmp_path, capsys):
    persons = ", ".join(f"p{i}" for i in range(700))
    events = "".join(f"  - {{at: 2020-12-01T12:00:00Z, by: p1, do: deregister}}\n" for _ in range(600))
    path = tmp_path / "case.yaml"
    path.write_text(f"title: t\ngamestate: {{persons: [{persons}]}}\nevents:\n{events}statements: [{{text: 'p1 is a player'}}]\n")
    started = time.monotonic()
    refused(capsys, ["judge", str(path)], "too large to ground", "persons + 10")
    assert time.monotonic() - started < 20


# ---------------------------------------------------------------- what the fuzz run found
# (benchmarks/fuzz.py, 3,000 inputs on c870a03; each kept fixed)


ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + n)}: &{chr(98 + n)} [" + ", ".join([f"*{chr(97 + n)}"] * 10) + "]\n" for n in range(8))


@pytest.mark.parametrize("change, needle", [
    (lambda text: text.replace("id: 9200", "id: " + "9" * 5000, 1), "digits"),  # Python's digit limit
    (lambda text: text.replace("initiated: 2021-04-01", "initiated: 2021-02-30", 1), "real date"),
    (lambda text: ALIAS_BOMB + text, "values"),
], ids=["5000-digit number", "impossible date", "alias bomb"])
def test_agora_resolve_reads_through_the_input_layer(tmp_path, capsys, change, needle):
    # its fast (libyaml) path skipped the input layer's checks: a ValueError traceback for these
    path = tmp_path / "decisions.yaml"
    path.write_text(change((ROOT / "cases/agora/adoption.yaml").read_text()))
    refused(capsys, ["agora", "resolve", str(path)], "decisions.yaml", needle)


@pytest.mark.parametrize("option", ["--next", "--svg"])
@pytest.mark.parametrize("target", ["/dev/full", "folder", "missing/x.out"])
def test_blognomic_watch_output_that_cannot_be_written(tmp_path, capsys, option, target):
    (tmp_path / "folder").mkdir()
    path = target if target.startswith("/") else str(tmp_path / target)
    if target.startswith("/") and not Path(target).exists():
        pytest.skip(f"no {target} here")
    refused(capsys, ["blognomic", "watch", str(ROOT / "cases/blognomic/watch/example-chart.yaml"),
                     str(ROOT / "cases/blognomic/watch/example-orders.yaml"), option, path], path)


def test_blognomic_vessel_code_with_a_huge_number(tmp_path, capsys):
    # int() of a 5,000-digit vessel number hit Python's digit limit deep in the solver facts
    chart = (ROOT / "cases/blognomic/watch/example-chart.yaml").read_text()
    path = tmp_path / "chart.yaml"
    path.write_text(chart.replace('code: "B1(S){6}"', 'code: "B1(S){' + "9" * 5000 + '}"', 1))
    assert "9" * 5000 in path.read_text()
    refused(capsys, ["blognomic", "watch", str(path), str(ROOT / "cases/blognomic/watch/example-orders.yaml")],
            "chart.yaml", "identity code")


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-14:00", "2020-02-30"])
def test_blognomic_at_outside_the_calendar(capsys, value):
    # 0001-01-01T00:00+05:00 is before year 1 in UTC: an OverflowError traceback
    refused(capsys, ["blognomic", "matters", str(ROOT / "cases/blognomic/matters/example.yaml"), "--at", value], "--at")


def test_judge_ruleset_name_too_long_for_the_system(tmp_path, capsys):
    # Path.resolve()/exists() raised OSError (File name too long)
    case = yaml.safe_load((ROOT / "cases/cfj/liar-dismiss.yaml").read_text())
    case["ruleset"] = "9" * 5000
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case))
    refused(capsys, ["judge", str(path)], "case.yaml", "ruleset")


def test_a_refusal_from_deep_in_a_game_names_the_input_file(tmp_path, capsys):
    # "order 1 (ubq323): no vessel 'B9' on the Chart" named neither file nor option
    orders = (ROOT / "cases/blognomic/watch/example-orders.yaml").read_text()
    path = tmp_path / "orders.yaml"
    path.write_text(orders.replace("vessel: B1,", "vessel: B9,", 1))
    assert "vessel: B9," in path.read_text()
    refused(capsys, ["blognomic", "watch", str(ROOT / "cases/blognomic/watch/example-chart.yaml"), str(path)],
            "orders.yaml", "no vessel 'B9'")


@pytest.mark.parametrize("value", ["nan", "NaN", "-nan"])
def test_ossification_power_nan_is_a_usage_error(capsys, value):
    # click's FloatRange lets nan through every comparison: a pydantic ValidationError traceback
    refused(capsys, ["agora", "ossification", "--power", value], "--power", "finite")


@pytest.mark.parametrize("name, needle", [("/etc/passwd", "absolute"), ("../outside.txt", "outside the case's folder"),
                                          ("fifo", "FIFO")])
def test_agora_resolve_reads_a_ruleset_only_beside_the_decisions_file(tmp_path, capsys, name, needle):
    # `ruleset:` took any path (the fuzz run read a FIFO's name from it; /etc/passwd was read)
    path = case_folder(tmp_path) / "decisions.yaml"
    path.write_text((ROOT / "cases/agora/adoption.yaml").read_text().replace(
        "ruleset: agora-slr-2020-12-31", f"ruleset: {name!r}", 1))
    refused(capsys, ["agora", "resolve", str(path)], "decisions.yaml", needle)


@pytest.mark.parametrize("field", ["suppose", "after", "ruleset"])
@pytest.mark.parametrize("name, needle", [("/etc/passwd", "absolute"), ("../outside.txt", "outside the case's folder")])
def test_an_ossification_case_names_only_files_beside_it(tmp_path, capsys, field, name, needle):
    path = case_folder(tmp_path) / "case.yaml"
    value = repr(name) if field == "ruleset" else f"[{name!r}]"
    path.write_text(f"title: t\n{field}: {value}\nplayers: 5\n")
    refused(capsys, ["agora", "ossification", str(path)], "case.yaml", needle)


def test_blognomic_icons_that_are_not_a_list(tmp_path, capsys):
    # `icons: -1`: a TypeError inside a pydantic validator is not a ValidationError: a traceback
    path = tmp_path / "matters.yaml"
    path.write_text((ROOT / "cases/blognomic/matters/example.yaml").read_text().replace("icons: [FOR]", "icons: -1", 1))
    refused(capsys, ["blognomic", "matters", str(path)], "matters.yaml", "icons")


@pytest.mark.parametrize("args", [
    ["ruleset", "show", "{ruleset}"],  # numbered.parse: int() of a 5,000-digit rule number
    ["ruleset", "show", "cases/rulesets/diplonomic-2020-before.txt", "--rule", "9" * 5000],  # Ruleset.get
], ids=["rule number in the text", "--rule"])
def test_numbers_past_pythons_digit_limit_anywhere(tmp_path, capsys, monkeypatch, args):
    monkeypatch.chdir(ROOT)
    path = tmp_path / "ruleset.txt"
    path.write_text((ROOT / "cases/rulesets/diplonomic-2020-before.txt").read_text().replace("\n7. ", "\n" + "9" * 5000 + ". ", 1))
    refused(capsys, [arg.replace("{ruleset}", str(path)) for arg in args], "more than 4,300 digits")


# The last 3,000-input fuzz run (seed 17, c91ce28) found these three tracebacks.

@pytest.mark.parametrize("change, needle", [
    (lambda game: game["phases"][0].__setitem__("orders", {"FRANCE": 5}), "orders of FRANCE: expected a list"),
    (lambda game: game["phases"][0].__setitem__("orders", [1, 2]), "orders: expected a mapping"),
    (lambda game: game["phases"][0].__setitem__("state", 7), "state: expected a mapping"),
    (lambda game: game["phases"][0]["state"].__setitem__("units", {"FRANCE": "A PAR"}), "units of FRANCE"),
])
def test_a_saved_game_of_the_wrong_shape_is_refused(tmp_path, capsys, change, needle):
    game = json.loads((ROOT / "cases/games/saved/random-1901-1904.json").read_text())
    change(game)
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(game))
    refused(capsys, ["diplomacy", "play", str(path)], needle)


def test_an_agora_resolve_expectation_that_is_not_a_mapping_is_refused(tmp_path, capsys):
    data = yaml.safe_load((ROOT / "cases/agora/withdrawal.yaml").read_text())
    data["expect"] = {8700: {"outcome": "ADOPTED", "counted": "Murphy"}}
    path = tmp_path / "resolve.yaml"
    path.write_text(yaml.safe_dump(data))
    refused(capsys, ["agora", "resolve", str(path)], "counted: expected a mapping of voters")


def test_an_hng_time_before_year_one_in_utc_is_refused(tmp_path, capsys):
    text = (ROOT / "cases/hng/final-week.yaml").read_text()
    path = tmp_path / "log.yaml"
    path.write_text(text.replace("2024-07-30T10:00:00Z", "0001-01-01T00:00:00+05:00", 1))
    refused(capsys, ["hng", "adjudicate", str(path)], "out of range")
