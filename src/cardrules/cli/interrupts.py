"""Ctrl-C on the command line: every command stops at once with exit status 130.

Long commands run worker processes (``--jobs``). A terminal sends Ctrl-C to the
whole process group, so the workers would each raise :class:`KeyboardInterrupt`
(printing tracebacks, or failing one task and carrying on) while the command
waits for their queued work. Instead the workers ignore the interrupt, and the
command, once interrupted, terminates the worker processes it started and exits.

- :func:`handling_interrupts` wraps a whole command: while it runs, SIGINT in the
  command's own process terminates the worker processes started since it began
  and raises :class:`KeyboardInterrupt` as usual; in a forked worker it does
  nothing.
- :func:`process_pool` gives the process pool for ``--jobs`` (``None`` for one
  job), and terminates its workers when the block is left by an exception.

Once its workers are terminated, a pool's manager thread marks every unfinished
task failed. Before CPython 3.12 it raises from that thread (printing a
traceback) if the command cancelled such a task first, so the command waits for
the manager threads before the interrupt unwinds and cancels anything.
"""

from __future__ import annotations

import concurrent.futures.process
import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from types import FrameType

__all__ = ["handling_interrupts", "ignore_interrupts", "process_pool", "stop_workers"]


def ignore_interrupts() -> None:
    """Make this process ignore SIGINT (the initializer of the command's workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_workers(before: set[int] | frozenset[int] = frozenset()) -> None:
    """Terminate this process's live worker processes except those in ``before`` (pids)."""
    for child in multiprocessing.active_children():
        if child.pid not in before:
            with contextlib.suppress(OSError):
                child.terminate()
    for child in multiprocessing.active_children():
        if child.pid not in before:
            child.join(timeout=5)
    _wait_for_pool_managers(before)


def _wait_for_pool_managers(before: set[int] | frozenset[int] = frozenset()) -> None:
    """Wait (5 s at most each) for the manager threads of pools with workers not in ``before``."""
    manager_type = getattr(concurrent.futures.process, "_ExecutorManagerThread", None)
    if not isinstance(manager_type, type):
        return
    for thread in threading.enumerate():
        workers = set(getattr(thread, "processes", None) or ())
        if isinstance(thread, manager_type) and not workers <= before:
            thread.join(timeout=5)


@contextlib.contextmanager
def handling_interrupts() -> Iterator[None]:
    """Run a command so that Ctrl-C also stops the worker processes it started.

    Outside the main thread, or when someone else already handles SIGINT, it
    changes nothing.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    owner = os.getpid()
    before = {child.pid for child in multiprocessing.active_children() if child.pid is not None}

    def interrupted(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != owner:
            return  # a forked worker: the command decides, and terminates it
        stop_workers(before)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    except KeyboardInterrupt:
        stop_workers(before)
        raise
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@contextlib.contextmanager
def process_pool(jobs: int) -> Iterator[Executor | None]:
    """A process pool of ``jobs`` workers that ignore Ctrl-C, or ``None`` for one job.

    Leaving the block normally waits for the workers; leaving it by Ctrl-C (or
    any other exit that is not an error) terminates them; leaving it by an error
    (a bot that plays an illegal move, say) cancels the queued work and lets the
    running tasks end, so that nothing but the error is printed.
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
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(OSError):
            process.terminate()
    _wait_for_pool_managers()
    pool.shutdown(wait=True, cancel_futures=True)
