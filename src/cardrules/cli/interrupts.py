"""Ctrl-C on the command line: every command stops soon with exit status 130.

Long commands run worker processes (``--jobs``). A terminal sends Ctrl-C to the
whole process group, so the workers would each raise :class:`KeyboardInterrupt`
(printing tracebacks, or failing one task and carrying on) while the command
waits for their queued work. Instead the workers ignore the interrupt, and the
command, once interrupted, ends the worker processes it started and exits.

- :func:`handling_interrupts` wraps a whole command: while it runs, SIGINT in the
  command's own process ends the worker processes started since it began and
  raises :class:`KeyboardInterrupt`; in a forked worker it does nothing.
- :func:`process_pool` gives the process pool for ``--jobs`` (``None`` for one
  job), and ends its workers when the block is left by an exception.
- :func:`exit_command` exits the console script without waiting, after Ctrl-C,
  for processes or threads that did not end.

Every wait on the way out has a bound: a worker gets :data:`GRACE` seconds after
SIGTERM, then SIGKILL; a pool's manager thread gets :data:`SETTLE` seconds.

The interrupt is raised only at a safe point of the main thread. A signal handler
runs between any two bytecodes, and an exception raised inside the standard
library's process or thread machinery can leave a lock held (a pool's manager
thread then waits for it forever) or a just-forked worker that nothing knows of;
raised in a callback of the import system, it is reported and dropped. While the
main thread is there, the handler only notes the interrupt and looks again every
:data:`RETRY` seconds (for :data:`DEFER_LIMIT` seconds at most). Waits for a result
or a thread are safe points: they are written to be interrupted. An interrupt that
is dropped all the same is raised again :data:`RETRY` seconds later.

Once its workers are ended, a pool's manager thread marks every unfinished task
failed. Before CPython 3.12 it raises from that thread (printing a traceback) if
the command cancelled such a task first, so the handler waits for the manager
threads before the interrupt unwinds and cancels anything.
"""

from __future__ import annotations

import concurrent.futures.process
import contextlib
import multiprocessing
import multiprocessing.connection
import multiprocessing.process
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from types import CodeType, FrameType
from typing import NoReturn

__all__ = [
    "DEFER_LIMIT",
    "GRACE",
    "INTERRUPTED",
    "RETRY",
    "SETTLE",
    "exit_command",
    "handling_interrupts",
    "ignore_interrupts",
    "process_pool",
    "stop_workers",
]

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""

GRACE = 1.0
"""Seconds a worker has to end after SIGTERM before it is killed (SIGKILL)."""

SETTLE = 2.0
"""Seconds to wait, at most, for the manager threads of the pools being stopped."""

RETRY = 0.05
"""Seconds between looks for a safe point to raise a noted interrupt."""

DEFER_LIMIT = 2.0
"""Seconds an interrupt waits for a safe point; after that it is raised where it lands."""

_CRITICAL_MODULES = ("concurrent.futures", "importlib", "multiprocessing", "queue", "threading")
"""The modules whose locks a pool's threads share, that start processes, or (the import
system) that report an exception raised in their callbacks and drop it."""


def _codes(*functions: object) -> frozenset[CodeType]:
    codes = (getattr(function, "__code__", None) for function in functions)
    return frozenset(code for code in codes if isinstance(code, CodeType))


_WAITS = _codes(
    threading.Condition.wait,
    getattr(threading.Thread, "_wait_for_tstate_lock", None),
    threading.Thread.join,
)
"""Blocking waits written to be interrupted (they restore their locks)."""

_STARTS = _codes(multiprocessing.process.BaseProcess.start, threading.Thread.start)
"""Process and thread starts: interrupted, they leave a process or thread half known."""


def ignore_interrupts() -> None:
    """Make this process ignore SIGINT (the initializer of the command's workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_workers(before: set[int] | frozenset[int] = frozenset()) -> None:
    """End this process's worker processes except those in ``before`` (pids).

    Each gets SIGTERM, then SIGKILL if it is alive :data:`GRACE` seconds later;
    then the manager threads of their pools get :data:`SETTLE` seconds to finish.
    """
    _end_processes(c for c in multiprocessing.active_children() if c.pid not in before)
    _wait_for_pool_managers(before)


def _end_processes(processes: Iterable[multiprocessing.process.BaseProcess]) -> None:
    """Terminate ``processes``, kill those still alive after :data:`GRACE`, reap them."""
    alive = list(processes)
    for end in ("terminate", "kill"):
        alive = [p for p in alive if _is_alive(p)]
        for process in alive:
            with contextlib.suppress(OSError, ValueError):
                getattr(process, end)()
        _wait_ended(alive, time.monotonic() + GRACE)


def _is_alive(process: multiprocessing.process.BaseProcess) -> bool:
    try:
        return process.is_alive()  # reaps an ended child
    except (OSError, ValueError, AssertionError):  # closed, or not this process's child
        return False


def _wait_ended(processes: list[multiprocessing.process.BaseProcess], deadline: float) -> None:
    while processes := [p for p in processes if _is_alive(p)]:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        sentinels = []
        for process in processes:
            with contextlib.suppress(ValueError):
                sentinels.append(process.sentinel)
        if not sentinels:
            return
        multiprocessing.connection.wait(sentinels, timeout=left)


def _pool_managers(before: set[int] | frozenset[int]) -> list[threading.Thread]:
    """The running manager threads of process pools with workers not in ``before``."""
    manager_type = getattr(concurrent.futures.process, "_ExecutorManagerThread", None)
    if not isinstance(manager_type, type):
        return []
    found = []
    for thread in threading.enumerate():
        if isinstance(thread, manager_type) and thread.is_alive():
            workers = set(getattr(thread, "processes", None) or ())
            if not workers <= before:
                found.append(thread)
    return found


def _wait_for_pool_managers(before: set[int] | frozenset[int] = frozenset()) -> None:
    """Wait, :data:`SETTLE` seconds at most in all, for the pools' manager threads."""
    deadline = time.monotonic() + SETTLE
    for thread in _pool_managers(before):
        _join(thread, deadline)


_STUCK: weakref.WeakSet[threading.Thread] = weakref.WeakSet()
"""Threads once waited for in vain: they are not waited for again."""


def _join(thread: threading.Thread, deadline: float) -> None:
    """Wait for ``thread`` until ``deadline`` (:func:`time.monotonic`), unless it got stuck."""
    if thread in _STUCK or not thread.is_alive():
        return
    thread.join(max(0.0, deadline - time.monotonic()))
    if thread.is_alive():
        _STUCK.add(thread)


def _in_critical_section(frame: FrameType | None) -> bool:
    """Whether an exception raised in ``frame`` could leave the pool machinery stuck.

    That is inside a process or thread start, or anywhere in the standard library's
    process, thread and queue modules except in a blocking wait.
    """
    critical = False
    current = frame
    while current is not None:
        if current.f_code in _STARTS:
            return True
        name = str(current.f_globals.get("__name__", ""))
        critical = critical or any(
            name == module or name.startswith(module + ".") for module in _CRITICAL_MODULES
        )
        current = current.f_back
    return critical and (frame is None or frame.f_code not in _WAITS)


class _Interrupts:
    """What one command knows of Ctrl-C: when it came, and whether it was caught."""

    __slots__ = ("alarm", "before", "busy", "caught", "first", "owner")

    def __init__(self, before: frozenset[int]) -> None:
        self.owner = os.getpid()
        self.before = before
        self.first: float | None = None
        self.busy = False
        self.caught = False
        self.alarm = False  # whether SIGALRM is ours, for retries

    def __repr__(self) -> str:
        return f"<interrupts of process {self.owner}, first at {self.first}>"

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        """SIGINT (and SIGALRM while retrying): raise at a safe point, workers ended."""
        if os.getpid() != self.owner:
            return  # a forked worker: the command decides, and ends it
        if self.caught or self.busy:
            return  # already stopping
        now = time.monotonic()
        if self.first is None:
            self.first = now
        if isinstance(sys.exc_info()[1], KeyboardInterrupt):
            self._retry()  # raised already, and on its way out
            return
        if now - self.first < DEFER_LIMIT and _in_critical_section(frame) and self._retry():
            return
        self.busy = True
        try:
            stop_workers(self.before)
        finally:
            self.busy = False
        self._retry()  # in case the interrupt is swallowed (raised in a __del__, say)
        raise KeyboardInterrupt

    def _retry(self) -> bool:
        """Call :meth:`on_signal` again in :data:`RETRY` seconds; whether it will be."""
        if not self.alarm:
            timers = hasattr(signal, "setitimer")
            if not timers or signal.getsignal(signal.SIGALRM) != signal.SIG_DFL:
                return False  # no timers here, or someone else uses the alarm
            signal.signal(signal.SIGALRM, self.on_signal)
            self.alarm = True
        signal.setitimer(signal.ITIMER_REAL, RETRY)
        return True

    def stop_retrying(self) -> None:
        """Cancel the retry timer and give SIGALRM back."""
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self._give_back_alarm()  # a call: an alarm already due is handled before it

    def _give_back_alarm(self) -> None:
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        self.alarm = False

    def stop(self) -> None:
        """The interrupt reached the command: stop retrying, end the workers."""
        self.caught = True
        self.stop_retrying()
        stop_workers(self.before)


@contextlib.contextmanager
def handling_interrupts() -> Iterator[None]:
    """Run a command so that Ctrl-C also stops the worker processes it started.

    After Ctrl-C the block always ends in :class:`KeyboardInterrupt`, even if the
    interrupt surfaced as another error (a pool broken by its ended workers) or was
    lost on the way. Outside the main thread, or when someone else already handles
    SIGINT, it changes nothing.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    before = frozenset(c.pid for c in multiprocessing.active_children() if c.pid is not None)
    interrupts = _Interrupts(before)
    try:
        signal.signal(signal.SIGINT, interrupts.on_signal)
        yield
    except KeyboardInterrupt:
        interrupts.stop()
        raise
    except BaseException:
        if interrupts.first is None:
            raise
        interrupts.stop()
        raise KeyboardInterrupt from None
    else:
        if interrupts.first is not None:
            interrupts.stop()
            raise KeyboardInterrupt
    finally:
        interrupts.stop_retrying()
        signal.signal(signal.SIGINT, signal.default_int_handler)


@contextlib.contextmanager
def process_pool(jobs: int) -> Iterator[Executor | None]:
    """A process pool of ``jobs`` workers that ignore Ctrl-C, or ``None`` for one job.

    Leaving the block normally waits for the workers; leaving it by an error (a bot
    that plays an illegal move, say) cancels the queued work and lets the running
    tasks end, so that nothing but the error is printed; leaving it by Ctrl-C (or
    any other exit that is not an error) cancels the queued work and ends the
    workers, within the bounds of :func:`stop_workers`.
    """
    if jobs <= 1:
        yield None
        return
    pool = ProcessPoolExecutor(jobs, initializer=ignore_interrupts)
    try:
        yield pool
    except Exception:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    except BaseException:
        _terminate(pool)
        raise
    pool.shutdown(wait=True)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Cancel ``pool``'s queued work and end its workers, waiting a bounded time.

    The manager thread drops the cancelled tasks before the workers end: marking
    them failed afterwards would raise in that thread before CPython 3.12.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + SETTLE
    if isinstance(manager, threading.Thread):
        while getattr(pool, "_cancel_pending_futures", False) and manager.is_alive():
            if manager in _STUCK or time.monotonic() > deadline:
                _STUCK.add(manager)
                break
            time.sleep(RETRY / 10)
    _end_processes(processes)
    if isinstance(manager, threading.Thread):
        _join(manager, deadline)


def exit_command(status: int) -> NoReturn:
    """Exit the console script with ``status``.

    After Ctrl-C (status :data:`INTERRUPTED`) a process or thread that is still
    running would hold up the interpreter's exit without bound; then the command
    exits at once instead, once its output is flushed.
    """
    if status == INTERRUPTED:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C again: it is ending
        if multiprocessing.active_children() or threading.active_count() > 1:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(OSError, ValueError, AttributeError):
                    stream.flush()
            os._exit(status)
    sys.exit(status)
