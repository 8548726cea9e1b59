#!/usr/bin/env python3
"""Load on `adjudicator serve`: REQUESTS requests from CLIENTS concurrent clients on loopback over
a mix of the bundled cases (the requests tests/web/bundled.py makes of them), each answer compared
with the CLI's own output for the same documents (computed first, in this process). A 503 (busy)
is counted and the request sent again after its Retry-After; a request is lost if it never gets
an answer, wrong if the answer differs from the CLI's.

    .venv/bin/python benchmarks/load_web.py [--requests 500] [--clients 16] [--seed 1] [--distinct 80] [--max-cli 3]

Prints the counts, p50/p95/max latency (of the solved attempts, of the 503s, and of each request end
to end, 503s and retries included) and the server's peak memory: its own peak resident set (VmHWM) and the
peak sum over the server and its workers (sampled every 20 ms).
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx2 as httpx  # the test extra's client (Starlette's test client uses it too)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))

from bundled import bundled_requests  # noqa: E402
from test_api_equals_cli import _server_folder_out, _without_folders, cli_output  # noqa: E402


def expected_answers(max_cli: float, distinct: int, rng: random.Random) -> list:
    """`distinct` bundled requests drawn at random (the searches, `reachable` and `ossification`,
    left out), those whose CLI run takes at most `max_cli` seconds, with the CLI's answer."""
    chosen = []
    pool = [r for r in bundled_requests() if not {"reachable", "ossification"} & set(r.endpoint.words)]
    for request in rng.sample(pool, min(distinct, len(pool))):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            status, stdout, stderr = cli_output(request, Path(folder))
            took = time.perf_counter() - start
            if took <= max_cli:
                chosen.append((request, status, _without_folders(stdout if status in (0, 1) else stderr, folder)))
    return chosen


def _tree_rss_kb(root: int) -> int:
    """Resident set of `root` and all its descendants, in kB (from /proc)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        ppid = int(re.search(r"PPid:\s+(\d+)", status).group(1))
        found = re.search(r"VmRSS:\s+(\d+)", status)
        children.setdefault(ppid, []).append(int(entry))
        rss[int(entry)] = int(found.group(1)) if found else 0
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack += children.get(pid, [])
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--distinct", type=int, default=80, help="bundled requests in the mix")
    parser.add_argument("--max-cli", type=float, default=3.0, help="leave out cases whose CLI run takes longer")
    options = parser.parse_args()

    rng = random.Random(options.seed)
    mix = expected_answers(options.max_cli, options.distinct, rng)
    work: queue.Queue = queue.Queue()
    for _ in range(options.requests):
        work.put(rng.choice(mix))
    print(f"{len(mix)} bundled requests in the mix (CLI run <= {options.max_cli:g} s): "
          f"{', '.join(sorted({' '.join(r.endpoint.words) for r, _, _ in mix}))}; "
          f"{options.requests} drawn, {options.clients} clients", file=sys.stderr)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "adjudicator.cli", "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            httpx.get(base + "/", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.1)

    peak = {"tree": 0}
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.is_set():
            peak["tree"] = max(peak["tree"], _tree_rss_kb(server.pid))
            time.sleep(0.02)

    lock = threading.Lock()
    attempts, refusals, whole = [], [], []
    counts = {"ok": 0, "wrong": 0, "lost": 0, "busy": 0}
    wrong_examples: list[str] = []

    def client() -> None:
        with httpx.Client(base_url=base, timeout=300) as http:
            while True:
                try:
                    request, status, expected = work.get_nowait()
                except queue.Empty:
                    return
                began = time.perf_counter()
                answer = None
                for _ in range(1000):
                    sent = time.perf_counter()
                    try:
                        answer = http.post(request.endpoint.path, params=request.query, files=request.parts or None)
                    except httpx.HTTPError:
                        answer = None
                        break
                    took = time.perf_counter() - sent
                    if answer.status_code != 503 or "busy" not in answer.text:
                        with lock:
                            attempts.append(took)
                        break
                    with lock:
                        counts["busy"] += 1
                        refusals.append(took)
                    time.sleep(float(answer.headers.get("retry-after", "1")) * rng.random())
                with lock:
                    whole.append(time.perf_counter() - began)
                    if answer is None:
                        counts["lost"] += 1
                    elif answer.headers.get("x-exit-status") == str(status) \
                            and _server_folder_out(answer.text) == expected:
                        counts["ok"] += 1
                    else:
                        counts["wrong"] += 1
                        wrong_examples.append(f"{request.label}: {answer.status_code} {answer.text[:120]!r}")

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    start = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(options.clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    sampling.set()
    hwm = re.search(r"VmHWM:\s+(\d+)", Path(f"/proc/{server.pid}/status").read_text()).group(1)
    server.terminate()
    server.wait(10)

    def quantiles(values: list[float]) -> str:
        cuts = statistics.quantiles(values, n=100)
        return f"p50 {cuts[49]:.3f} s, p95 {cuts[94]:.3f} s, max {max(values):.3f} s"

    print(f"requests {options.requests}: {counts['ok']} right, {counts['wrong']} wrong, {counts['lost']} lost; "
          f"503 (busy) answers {counts['busy']}, each sent again")
    print(f"wall {elapsed:.1f} s ({options.requests / elapsed:.1f} requests/s)")
    print(f"latency of the answers (the attempt that was solved): {quantiles(attempts)}")
    if len(refusals) > 1:
        print(f"latency of the 503 (busy) answers: {quantiles(refusals)}")
    print(f"latency per request (with 503s and retries): {quantiles(whole)}")
    print(f"server peak memory: {int(hwm) / 1024:.0f} MiB resident (VmHWM); server with its workers "
          f"{peak['tree'] / 1024:.0f} MiB at most (sampled)")
    for line in wrong_examples[:10]:
        print("WRONG", line)
    return 1 if counts["wrong"] or counts["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
