"""Ctrl-C on the command line: status 130, one line, a bounded wait, no worker left.

The interrupt is raised at chosen points inside the process pool's machinery (where
an exception would leave a lock held, a just-forked worker unknown or a thread half
started), and sent for real to the console script's process group.
"""

from __future__ import annotations

import concurrent.futures._base
import concurrent.futures.process
import contextlib
import faulthandler
import multiprocessing
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

import pytest

from cardrules.cli import interrupts, main
from cardrules.rng import Rng

SIMULATE = ["simulate", "azi", "--games", "2000", "--jobs", "2", "--quiet"]
REAL_COMMANDS = [
    ["simulate", "azi", "--games", "100000", "--jobs", "2", "--quiet"],
    ["hazari", "value-tables", "--jobs", "2"],
]
BOUND = 20.0
"""Seconds from Ctrl-C to exit that no correct run needs, even on a loaded machine."""
SOAK_INTERRUPTS = int(os.environ.get("CARDRULES_SOAK_INTERRUPTS", "60"))
"""Real Ctrl-Cs the soak sends to each command (``CARDRULES_SOAK_INTERRUPTS`` overrides)."""

needs_fork = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork" or not os.path.isdir("/proc/self"),
    reason="needs forked workers and /proc",
)


@pytest.fixture(autouse=True)
def interruptible() -> Iterator[None]:
    """Ctrl-C handled as Python does by default, here and in the commands started here,
    even where the tests run with SIGINT ignored (as a shell's background job)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _processes(field: int, value: int) -> set[int]:
    """Pids whose ``/proc/PID/stat`` field after the name (1: parent, 2: group) is ``value``."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[field]) == value and fields[0] != "Z":
                found.add(int(entry))
    return found


def _children(pid: int) -> set[int]:
    return _processes(1, pid)


def _group(pgid: int) -> set[int]:
    return _processes(2, pgid)


def _managers() -> set[threading.Thread]:
    manager = concurrent.futures.process._ExecutorManagerThread
    return {thread for thread in threading.enumerate() if isinstance(thread, manager)}


def _console_script() -> str:
    found = shutil.which("cardrules", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail("the cardrules console script is not installed next to this interpreter")
    return found


@pytest.fixture
def patient(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[BaseException]]:
    """Bounds of half a minute, so that any wait on a stuck thread shows in the time taken.

    Yields the exceptions raised in threads; a worker left behind is killed afterwards.
    """
    monkeypatch.setattr(interrupts, "SETTLE", 30.0)
    monkeypatch.setattr(interrupts, "DEFER_LIMIT", 30.0)
    raised: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args.exc_value))
    before = _children(os.getpid())
    faulthandler.dump_traceback_later(300, exit=True, file=2)  # a hang fails, on fd 2
    try:
        yield raised
    finally:
        faulthandler.cancel_dump_traceback_later()
        for pid in _children(os.getpid()) - before:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)


def _on_call(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str, nth: int, *, first: bool = False
) -> list[int]:
    """Raise SIGINT in the main thread's ``nth`` call of ``owner.name``, after it (or ``first``)."""
    original = getattr(owner, name)
    calls: list[int] = []

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        now = threading.current_thread() is threading.main_thread() and os.getpid() == pid
        if now:
            calls.append(1)
        if now and first and len(calls) == nth:
            signal.raise_signal(signal.SIGINT)
        result = original(*args, **kwargs)
        if now and not first and len(calls) == nth:
            signal.raise_signal(signal.SIGINT)
        return result

    pid = os.getpid()
    monkeypatch.setattr(owner, name, wrapper)
    return calls


def _half_taken_locks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """SIGINT after ``as_completed`` took the first of its futures' locks, before the rest."""
    calls: list[int] = []

    def enter(self: Any) -> None:
        for future in self.futures:
            future._condition.acquire()
            if threading.current_thread() is threading.main_thread() and not calls:
                calls.append(1)
                signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(concurrent.futures._base._AcquireFutures, "__enter__", enter)
    return calls


def _inject(where: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    if where == "a submission holds the pool's lock":
        wakeup = concurrent.futures.process._ThreadWakeup
        return _on_call(monkeypatch, wakeup, "wakeup", 20)
    if where == "the futures' locks are half taken":
        return _half_taken_locks(monkeypatch)
    if where == "a worker was just forked, not yet known":
        import multiprocessing.popen_fork

        return _on_call(monkeypatch, multiprocessing.popen_fork.Popen, "_launch", 2)
    assert where == "the pool's manager thread is about to start"
    manager = concurrent.futures.process._ExecutorManagerThread
    return _on_call(monkeypatch, manager, "start", 1, first=True)


@needs_fork
@pytest.mark.parametrize(
    "where",
    [
        "a submission holds the pool's lock",
        "the futures' locks are half taken",
        "a worker was just forked, not yet known",
        "the pool's manager thread is about to start",
    ],
)
def test_ctrl_c_inside_the_pool_machinery_ends_at_once_with_no_worker_left(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    patient: list[BaseException],
    where: str,
) -> None:
    before, managers = _children(os.getpid()), _managers()
    fired = _inject(where, monkeypatch)
    start = time.monotonic()
    status = main(SIMULATE)
    took = time.monotonic() - start
    err = capsys.readouterr().err
    assert fired, "the interrupt was not raised where intended"
    assert (status, err) == (130, "cardrules: interrupted\n")
    assert took < BOUND, f"Ctrl-C took {took:.1f} s: something waited for a stuck thread"
    assert patient == [], "a thread raised"
    assert _children(os.getpid()) <= before, "a worker process was left behind"
    assert _managers() <= managers, "a pool's manager thread is still running"


_FAILING_BOT = """
class Failing:
    moves = 0

    def choose(self, observation, legal, rng):
        Failing.moves += 1
        if Failing.moves > 200:
            raise ValueError("no more moves")
        return legal[0]
"""


@needs_fork
def test_a_task_failing_in_a_worker_is_one_error_line_and_no_thread_traceback(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    patient: list[BaseException],
    tmp_path: Path,
) -> None:
    """The pool cancels its queued tasks and lets the running ones end: no thread marks
    a cancelled task failed (which raises in the pool's thread before CPython 3.12)."""
    (tmp_path / "failing_bot.py").write_text(_FAILING_BOT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before, managers = _children(os.getpid()), _managers()
    bots = "failing_bot:Failing,random,random,random"
    status = main(["simulate", "azi", "--games", "400", "--jobs", "2", "--quiet", "--bots", bots])
    err = capsys.readouterr().err
    assert status == 2 and "ValueError: no more moves" in err and err.count("\n") == 1
    assert patient == [], "a thread raised"
    assert _children(os.getpid()) <= before, "a worker process was left behind"
    assert _managers() <= managers, "a pool's manager thread is still running"


class _Interrupting:
    """An object whose finalizer is interrupted: there the exception is only reported."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


def test_an_interrupt_swallowed_by_a_finalizer_still_stops_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lost: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda args: lost.append(args.exc_value))

    def work(*args: object, **kwargs: object) -> object:
        _Interrupting()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the command goes on, unless interrupted again
            time.sleep(0.01)
        return ()

    monkeypatch.setattr("cardrules.cli.cards.parse_cards", work)
    status = main(["cards", "parse", "AS"])
    assert [type(exc) for exc in lost] == [KeyboardInterrupt]
    assert (status, capsys.readouterr().err) == (130, "cardrules: interrupted\n")


def test_an_interrupt_put_off_to_the_end_of_a_command_still_ends_it_with_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(interrupts, "RETRY", 60.0)  # no second look before the command ends

    def ctrl_c(
        raise_signal: Callable[[int], None] = signal.raise_signal, number: int = signal.SIGINT
    ) -> None:
        raise_signal(number)

    # The same code as if it ran inside the queue module: no safe point to raise there.
    inside_queue = types.FunctionType(ctrl_c.__code__, vars(queue), "ctrl_c", ctrl_c.__defaults__)
    parsed: list[object] = []

    def parse(text: str, **options: object) -> object:
        inside_queue()
        parsed.append(text)
        return ()

    monkeypatch.setattr("cardrules.cli.cards.parse_cards", parse)
    status = main(["cards", "parse", "AS"])
    assert parsed == ["AS"], "the interrupt was raised inside the queue module's code"
    assert (status, capsys.readouterr().err) == (130, "cardrules: interrupted\n")


_INTERRUPT_WHILE_LOADING = """
import importlib.abc, runpy, signal, sys

AT = sys.argv[1].split(",")

class Interrupt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name in AT:
            signal.raise_signal(signal.SIGINT)
        if name == "cardrules.cli.tournament":
            print("loading went on", file=sys.stderr)

sys.meta_path.insert(0, Interrupt())
sys.argv = ["cardrules", "cards", "parse", "AS"]
runpy.run_module("cardrules", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    ("modules", "loaded"),
    [
        ("cardrules.cli.simulate", "loading went on\n"),  # the first Ctrl-C lets it finish
        ("cardrules.cli.records_html,cardrules.cli.simulate", ""),  # the second one stops it
    ],
)
def test_ctrl_c_while_the_command_line_loads_exits_130_with_one_line(
    modules: str, loaded: str
) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _INTERRUPT_WHILE_LOADING, modules], capture_output=True, text=True
    )
    assert (result.returncode, result.stdout) == (130, "")
    assert result.stderr == f"{loaded}cardrules: interrupted\n"


class _Run(NamedTuple):
    """A command that got Ctrl-C from :func:`_ctrl_c`."""

    status: int | None  # None: still running BOUND seconds after Ctrl-C (then killed)
    out: str
    err: str  # without the lines of ``imports``
    took: float  # seconds from Ctrl-C to the exit
    entered: bool  # the entry function's module had loaded when Ctrl-C was sent


_STUCK_THREAD = """
import sys, threading, time
from cardrules.cli.interrupts import exit_command

threading.Thread(target=time.sleep, args=(3600,)).start()  # the interpreter waits for it
print("the output so far")
exit_command(130)
"""


def test_after_ctrl_c_the_command_does_not_wait_for_a_thread_that_does_not_end() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _STUCK_THREAD], capture_output=True, text=True, timeout=120
    )
    assert (result.returncode, result.stdout, result.stderr) == (130, "the output so far\n", "")


def _read(stream: IO[str] | None, lines: list[tuple[float, str]]) -> None:
    for line in stream or ():
        lines.append((time.monotonic(), line))


def _ctrl_c(argv: list[str], *, after_pool: bool, delay: float, imports: bool = False) -> _Run:
    """Start the console script and send Ctrl-C to its process group.

    It fails if a process of the group outlives the command (a worker left behind).
    ``imports`` has Python write a line to standard error as it loads each module,
    which tells whether the entry function had loaded.
    """
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1") if imports else None
    process = subprocess.Popen(
        [_console_script(), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
    )
    out: list[tuple[float, str]] = []
    err: list[tuple[float, str]] = []
    readers = [
        threading.Thread(target=_read, args=(stream, lines), daemon=True)
        for stream, lines in ((process.stdout, out), (process.stderr, err))
    ]
    for reader in readers:
        reader.start()
    try:
        deadline = time.monotonic() + 60
        while after_pool and len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not after_pool or len(_children(process.pid)) >= 2, "the pool never started"
        time.sleep(delay)
        sent = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
        start = time.monotonic()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=BOUND)
        took = time.monotonic() - start
        status = process.poll()
        left = _group(process.pid) if status is not None else set()
        assert not left, f"processes {left} outlived the command"
    finally:
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        for reader in readers:
            reader.join(60)
    entered = any(at < sent and line.endswith("| cardrules.__main__\n") for at, line in err)
    told = "".join(line for _, line in err if not line.startswith("import time:"))
    return _Run(status, "".join(line for _, line in out), told, took, entered)


@needs_fork
@pytest.mark.parametrize("argv", REAL_COMMANDS)
def test_a_real_ctrl_c_stops_a_pool_at_once(argv: list[str]) -> None:
    run = _ctrl_c(argv, after_pool=True, delay=0.3)
    assert (run.status, run.out, run.err) == (130, "", "cardrules: interrupted\n")
    assert run.took < BOUND


def _outside_run(run: _Run) -> bool:
    """Ctrl-C in the console script's own lines around the call of the entry function."""
    return (
        run.status == -signal.SIGINT
        and run.err.endswith("KeyboardInterrupt\n")
        and ", in run\n" not in run.err
    )


@pytest.mark.soak
@needs_fork
@pytest.mark.parametrize("argv", REAL_COMMANDS)
def test_ctrl_c_at_random_moments_always_ends_the_command_the_same_way(argv: list[str]) -> None:
    """Half the interrupts come after the pool started, half after the command started.

    Of the latter, only those after the entry function loaded are judged: before,
    Python reports Ctrl-C its own way, or drops it while it loads a module.
    """
    rng = Rng(20240607)
    wrong, loaded = [], 0
    for attempt in range(SOAK_INTERRUPTS):
        after_pool = attempt % 2 == 0
        delay = rng.random() * (1.0 if after_pool else 2.0)
        run = _ctrl_c(argv, after_pool=after_pool, delay=delay, imports=not after_pool)
        if not after_pool and (not run.entered or _outside_run(run)):
            continue
        loaded += not after_pool
        if (run.status, run.out, run.err) != (130, "", "cardrules: interrupted\n"):
            since = "the pool started" if after_pool else "start"
            wrong.append(f"{delay:.2f} s after {since}: {run.status}, {run.err!r}")
        elif run.took >= BOUND:
            wrong.append(f"{delay:.2f} s: it took {run.took:.1f} s")
    assert wrong == []
    assert loaded >= SOAK_INTERRUPTS // 8, "too few interrupts came after the command loaded"
