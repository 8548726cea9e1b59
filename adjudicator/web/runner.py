"""One command line of the CLI, run for a request: in a private folder holding the request's
documents, in a forked process whose standard streams are files of that folder, through the CLI's
own `main(bounded=True)` (its deadline, its memory-limited worker, its one-line errors).

The processes are forked by multiprocessing's fork server, a single-threaded process with every
area imported (`preload`): a request pays no start-up, and no fork copies a lock that another
thread of the web server held (forking the threaded server itself can deadlock the copy).

The documents are written by the server under names it checked (`safe_name`); a case naming a
file beside it (`inputs.beside`) can only reach the other documents of the same request.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import multiprocessing.connection
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator import budget, cli

SLACK = 10.0  # seconds past the command's own hard limit before the server kills the whole run
NOT_STARTED = 125  # the status of a run whose worker failed before the CLI started
_NAME = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass
class Run:
    status: int
    stdout: bytes
    stderr: bytes
    outputs: dict[str, bytes] = field(default_factory=dict)  # server-made output file -> bytes


def safe_name(name: str, fallback: str) -> str:
    """A file name from what a client called its document: the last part of it, only letters,
    digits, dots, dashes and underscores, never hidden, at most 100 characters."""
    base = _NAME.sub("_", name.replace("\\", "/").rsplit("/", 1)[-1]).lstrip(".-")[:100]
    return base or fallback


def _child(folder: Path, args: list[str], memory: int | None = None) -> None:
    """In the forked process: streams to files, the folder as working directory, the server's
    memory budget for the CLI's worker, the CLI's main."""
    if memory:
        budget.MEMORY_LIMIT = memory
    budget.exit_with(lambda: _run_cli(folder, args))


def _run_cli(folder: Path, args: list[str]) -> int:
    os.setpgid(0, 0)  # its own process group: a kill reaches the worker the CLI forks too
    os.chdir(folder / "in")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    for fd, name in ((1, "stdout"), (2, "stderr")):
        target = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                  errors="backslashreplace")
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    return cli.main(args, bounded=True)


_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(["adjudicator.web.preload"])


# multiprocessing reads a fork-server child's exit status from a pipe, and `Process.start` reaps
# earlier children: two threads doing either at once can both read one status (the second gets
# 255). Starting and reaping therefore take this lock; waiting does not.
_REAPING = threading.Lock()


def _start(process) -> None:
    with _REAPING, _main_left_alone():
        process.start()


@contextlib.contextmanager
def _main_left_alone():
    """A worker runs only this module's code, yet multiprocessing re-runs the server's main
    script in it when that is a file: a script read on standard input ("<stdin>") cannot be, and
    one without a `__main__` guard would start a server in every worker. While a worker is
    started, the main module is shown without its file, so that multiprocessing leaves it alone
    (a module run with -m is imported by name, which is harmless)."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path is None or getattr(getattr(main, "__spec__", None), "name", None):
        yield
        return
    del main.__file__
    try:
        yield
    finally:
        main.__file__ = path


def _wait(process, seconds: float) -> int:
    """The exit status of the forked run; killed past `seconds` (with the CLI's worker)."""
    finished = multiprocessing.connection.wait([process.sentinel], seconds)
    if not finished:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            process.kill()
        multiprocessing.connection.wait([process.sentinel])
    with _REAPING:
        process.join()
    return -signal.SIGKILL if not finished else process.exitcode


def run(args: list[str], documents: dict[str, bytes], outputs: dict[str, str], hard_limit: float,
        memory: int | None = None) -> Run:
    """Run `adjudicator ARGS` with `documents` (file name -> bytes) in its working folder, its
    worker limited to `memory` bytes (default: the CLI's).
    `outputs` maps a placeholder in ARGS to "file" or "folder": each is replaced by a path of the
    private folder and its content returned. Blocks; call it from a thread."""
    folder = Path(tempfile.mkdtemp(prefix="adjudicator-web-"))
    try:
        (folder / "in").mkdir()
        (folder / "out").mkdir()
        for name, data in documents.items():
            (folder / "in" / name).write_bytes(data)
        made = {placeholder: str(folder / "out" / placeholder.strip("{}")) for placeholder in outputs}
        for placeholder, kind in outputs.items():
            if kind == "folder":
                Path(made[placeholder]).mkdir()
        command = [made.get(arg, arg) for arg in args]
        process = _context.Process(target=_child, args=(folder, command, memory), daemon=True)
        _start(process)
        status = _wait(process, hard_limit + SLACK)
        if not (folder / "stdout").exists():  # it failed before the CLI ran: no answer, whatever its status
            return Run(NOT_STARTED, b"", b"the worker did not start\n")
        return Run(status, _read(folder / "stdout"), _read(folder / "stderr"),
                   _collect(made, outputs))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _read(path: Path) -> bytes:
    return path.read_bytes() if path.is_file() else b""


def _collect(made: dict[str, str], kinds: dict[str, str]) -> dict[str, bytes]:
    found = {}
    for placeholder, path in made.items():
        target = Path(path)
        if kinds[placeholder] == "folder":
            for file in sorted(target.iterdir()):
                found[file.name] = file.read_bytes()
        elif target.is_file():
            found[target.name] = target.read_bytes()
    return found
