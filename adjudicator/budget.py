"""Budgets that cannot be outrun (in `adjudicator/`, not `solving/`: the CLI needs it before clingo is imported): one deadline for a whole command, and a worker process with
resource limits around it.

Two layers:

- **The command's deadline** (`begin_command`, `remaining`): every solver call of a command
  shares one clock, so a command with 400 calls of 0.1 s each cannot take 40 s under
  `--timeout 2`. Solver calls take `min(their own budget, what is left of the command's)`.
  Outside a command (library use) there is no shared deadline and each call has its own.
- **The worker** (`run_bounded`): grounding cannot be interrupted from Python, and a grounding
  that explodes also eats memory. The CLI therefore runs each command in a forked worker with
  an address-space limit (`resource.setrlimit(RLIMIT_AS)`, `MEMORY_LIMIT`) and kills it when the
  command's budget has run out by more than a grace period. The worker tells the supervisor what
  it is doing (`stage`, e.g. "grounding judge cases/cfj/x.yaml") through a pipe, so the kill is
  reported as `unknown within budget: <stage>: ...` with exit 3, naming what was being grounded.
"""

from __future__ import annotations

import os
import resource
import select
import signal
import sys
import time
from typing import Callable, NoReturn

from adjudicator.errors import BudgetExceeded

MEMORY_LIMIT = int(os.environ.get("ADJUDICATOR_MEMORY_MB", "4096")) * 1024 * 1024
GRACE_MAX = 1.0  # seconds past the budget before the worker is killed (solver calls stop on their own)
REPORT_GRACE = 2.0  # more seconds for a worker that is already printing its own one-line report
REPORTING = "\x01reporting"  # the stage of a worker printing its report (then it exits)

_command_deadline: float | None = None  # time.monotonic() when the command's budget runs out
_command_budget: float = 0.0
_command_start: float | None = None
_stage_fd: int | None = None  # the pipe to the supervisor (set in the worker)


def begin_command(seconds: float | None = None) -> None:
    """Start the command's clock. With `seconds`, the deadline is fixed now; without, the first
    solver call's budget fixes it (measured from now: parsing counts too)."""
    global _command_deadline, _command_budget, _command_start
    _command_start = time.monotonic()
    _command_budget = seconds or 0.0
    _command_deadline = _command_start + seconds if seconds else None


def end_command() -> None:
    global _command_deadline, _command_start
    _command_deadline = None
    _command_start = None


def call_budget(timeout: float) -> float:
    """The seconds a solver call with its own budget `timeout` may use: within a command, no more
    than what is left of the command's deadline (fixed by the first call if not yet fixed)."""
    global _command_deadline, _command_budget
    if _command_start is None:
        return timeout
    if _command_deadline is None:
        _command_deadline = _command_start + timeout
        _command_budget = timeout
    return min(timeout, _command_deadline - time.monotonic())


def command_budget(timeout: float) -> float:
    """The budget to name in a `BudgetExceeded` for a call whose own budget is `timeout`."""
    return _command_budget if _command_start is not None and _command_budget else timeout


def stage(what: str) -> None:
    """Tell the supervisor (if any) what the worker is doing now; named if it has to be killed."""
    if _stage_fd is not None:
        try:
            os.write(_stage_fd, (what.replace("\n", " ")[:200] + "\n").encode("utf-8", "replace"))
        except OSError:
            pass


def reporting() -> None:
    """Tell the supervisor the worker is printing its own final line (`error: ...`, `unknown
    within budget: ...`): a worker descheduled on a loaded machine between that line and its exit
    is then given REPORT_GRACE more, instead of being killed and reported a second time."""
    stage(REPORTING)


def _limit_memory(limit: int) -> None:
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ValueError, OSError):  # a platform without RLIMIT_AS: the time limit still holds
        pass


def exit_with(work: Callable[[], int]) -> NoReturn:
    """In a forked process: run `work()`, print any exception it raises, flush the streams and
    leave with its exit status (1 after an exception): the process never returns to its caller."""
    status = 1
    try:
        status = work()
    except SystemExit as exc:  # click's own exit, e.g. when the reader closed the pipe early
        status = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # noqa: BLE001 - the forked process must exit, whatever happened
        import traceback
        traceback.print_exc()
        status = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(status)


def run_bounded(work: Callable[[], int], seconds: float, *, memory: int | None = None,
                on_kill: Callable[[BudgetExceeded], int]) -> int:
    """Run `work()` (returning an exit status) in a forked worker limited to `memory` bytes of
    address space (default: MEMORY_LIMIT as it is when called, which a server may set) and killed
    `seconds` + GRACE after it starts; `on_kill` reports a kill and returns the exit status. The worker's standard streams are the caller's."""
    global _stage_fd
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker
        os.close(read_end)
        os.setpgid(0, 0)  # its own process group: a kill reaches the workers it forks too
        _stage_fd = write_end
        _limit_memory(memory or MEMORY_LIMIT)
        exit_with(work)
    os.close(write_end)
    try:
        os.setpgid(pid, pid)
    except OSError:  # the worker did it first, or already exited
        pass
    deadline = time.monotonic() + seconds + min(GRACE_MAX, seconds / 4)
    last_stage = "the command"
    extended = reporting_seen = False
    buffer = b""
    open_pipe = True

    def read_stages(wait: float) -> None:
        """Read what the worker has said (waiting up to `wait` for the first word of it)."""
        nonlocal buffer, open_pipe, last_stage, reporting_seen
        if not open_pipe:
            time.sleep(wait)
            return
        while open_pipe and select.select([read_end], [], [], wait)[0]:
            chunk = os.read(read_end, 4096)
            open_pipe = bool(chunk)
            buffer += chunk
            wait = 0
            *lines, buffer = buffer.split(b"\n")
            reporting_seen = reporting_seen or REPORTING.encode() in lines
            named = [line for line in lines if line and line != REPORTING.encode()]
            if named:
                last_stage = named[-1].decode("utf-8", "replace")

    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            left = deadline - time.monotonic()
            if left <= 0:
                read_stages(0)  # what the worker said last, before deciding
                if reporting_seen and not extended:
                    extended = True
                    deadline += REPORT_GRACE
                    continue
                _kill(pid)
                os.waitpid(pid, 0)
                return on_kill(BudgetExceeded(last_stage, seconds))
            # (the pipe ends when the worker exits: then its status is a moment away, so look
            # again soon rather than 20 ms later in every command)
            read_stages(min(left, 0.05 if open_pipe else 0.002))
    except KeyboardInterrupt:
        _kill(pid)
        os.waitpid(pid, 0)
        raise
    finally:
        os.close(read_end)
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        if signum in (signal.SIGKILL, signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS):
            # the kernel's OOM killer, or a native library that failed to allocate
            return on_kill(BudgetExceeded(last_stage, seconds, resource="memory"))
        return 128 + signum
    return os.WEXITSTATUS(status)


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
