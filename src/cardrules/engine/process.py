"""An engine's process: started in its own process group, read with a deadline and a
bound, and never left behind.

- Each engine runs in a new session, so a Ctrl-C at the terminal reaches the dealer,
  which stops its engines, rather than the engines themselves; stopping an engine
  kills its whole process group (the engine and anything it started).
- On Linux the engine is started under a small guard process that asks the kernel to
  signal it when the dealer dies (``PR_SET_PDEATHSIG``) and then kills the group: so
  an engine is not left behind even when its dealer is killed outright, as a process
  pool kills its workers.
- A dealer that exits normally stops every engine it started (a finalizer, run at
  exit by the interpreter and by :mod:`multiprocessing` workers alike); an engine
  whose process object is dropped is stopped too.
- Reads wait at most until a deadline and hold at most
  :data:`~cardrules.engine.protocol.MAX_ENGINE_LINE` bytes of a line; writes wait at
  most until a deadline, so an engine that reads nothing cannot block its dealer.
  What goes wrong is a :class:`~cardrules.seats.Forfeit`.
"""

from __future__ import annotations

import contextlib
import fcntl
import math
import multiprocessing.util
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Sequence
from typing import IO

from cardrules.cards import _show
from cardrules.engine.protocol import MAX_ENGINE_LINE, encode, visible
from cardrules.errors import EngineError
from cardrules.seats import Forfeit

__all__ = ["EngineProcess", "live_engines", "stop_all"]

_GUARD = """\
import os, signal, sys
def stop(signum, frame):
    os.killpg(0, signal.SIGKILL)
signal.signal(signal.SIGTERM, stop)
try:
    import ctypes
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)
except Exception:
    pass
if os.getppid() != int(sys.argv[1]):
    stop(0, None)
pid = os.fork()
if pid == 0:
    for number in (signal.SIGTERM, signal.SIGPIPE, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    except OSError as exc:
        os.write(2, ("cannot start %r: %s\\n" % (sys.argv[2], exc.strerror)).encode())
    os._exit(127)
null = os.open(os.devnull, os.O_RDWR)
os.dup2(null, 0)
os.dup2(null, 1)
status = os.waitpid(pid, 0)[1]
code = os.waitstatus_to_exitcode(status)
os._exit(code if code >= 0 else 128 - code)
"""
"""The guard (Linux): it dies with its dealer and takes its process group with it."""

_GUARDED = sys.platform.startswith("linux")

_LIVE: dict[int, tuple[int, subprocess.Popen[bytes]]] = {}
"""Each running engine's group id, with the id of the process that started it."""
_LOCK = threading.Lock()
_FINALIZING: list[int] = []

TAIL = 300
"""How many bytes of an engine's standard error a crash report quotes, at most."""


def live_engines() -> tuple[int, ...]:
    """The process ids (each its group's) of the engines this process has running."""
    me = os.getpid()
    with _LOCK:
        return tuple(pid for pid, (owner, _) in _LIVE.items() if owner == me)


def stop_all() -> None:
    """Stop every engine this process started (run at exit, in workers too)."""
    for pid in live_engines():
        _kill(pid)


def _kill(pid: int) -> None:
    with _LOCK:
        owner, process = _LIVE.pop(pid, (0, None))
    if process is None or owner != os.getpid():
        return  # a forked child leaves its parent's engines alone
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGKILL)
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.wait(timeout=5)
    for pipe in (process.stdin, process.stdout):
        with contextlib.suppress(OSError):
            if pipe is not None:
                pipe.close()


def _register_exit() -> None:
    """Stop the engines at exit, once per process (a forked worker registers again)."""
    if _FINALIZING and _FINALIZING[0] == os.getpid():
        return
    _FINALIZING[:] = [os.getpid()]
    multiprocessing.util.Finalize(None, stop_all, exitpriority=100)
    import atexit

    atexit.register(stop_all)


class EngineProcess:
    """One running engine: its command's process, its pipes and its standard error."""

    def __init__(self, argv: Sequence[str], cwd: str | None = None) -> None:
        if (
            isinstance(argv, (str, bytes))
            or not isinstance(argv, Sequence)
            or not argv
            or not all(isinstance(part, str) and part and "\0" not in part for part in argv)
        ):
            raise EngineError(f"an engine's command is a list of arguments, got {_show(argv)}")
        if cwd is not None and not isinstance(cwd, str):
            raise EngineError(f"an engine's directory is a path or None, got {_show(cwd)}")
        _register_exit()
        self.argv = tuple(argv)
        self._stderr: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        # Appending: the engine writes at the end however the dealer seeks or truncates.
        flags = fcntl.fcntl(self._stderr.fileno(), fcntl.F_GETFL)
        fcntl.fcntl(self._stderr.fileno(), fcntl.F_SETFL, flags | os.O_APPEND)
        command = list(self.argv)
        if _GUARDED:
            command = [sys.executable, "-I", "-c", _GUARD, str(os.getpid()), *command]
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                cwd=cwd,
                start_new_session=True,
                bufsize=0,
            )
        except OSError as exc:
            self._stderr.close()
            raise Forfeit(
                "crash", f"cannot start {visible(self.argv[0])}: {exc.strerror}"
            ) from None
        assert process.stdin is not None and process.stdout is not None
        self.pid = process.pid
        self._process = process
        self._in = process.stdin.fileno()
        self._out = process.stdout.fileno()
        os.set_blocking(self._in, False)
        self._buffer = bytearray()
        with _LOCK:
            _LIVE[self.pid] = (os.getpid(), process)
        self._finalizer = weakref.finalize(self, _kill, self.pid)

    @property
    def running(self) -> bool:
        """True while the engine has not exited and has not been stopped."""
        return self.pid in _LIVE and self._process.poll() is None

    def send(self, line: bytes, deadline: float) -> None:
        """Write ``line``, waiting at most until ``deadline`` (:func:`time.monotonic`)."""
        view = memoryview(line)
        while view:
            try:
                written = os.write(self._in, view)
            except BlockingIOError:
                self._wait(self._in, select.POLLOUT, deadline, "did not read what it was sent")
                continue
            except OSError:
                raise Forfeit("crash", self.exit_report()) from None
            view = view[written:]

    def receive(self, deadline: float, limit: float | None = None) -> bytes:
        """The next line (without its newline), waiting at most until ``deadline``;
        ``limit`` is the time allowed, for the report."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                if len(line) > MAX_ENGINE_LINE:
                    raise Forfeit("overlong", f"a line longer than {MAX_ENGINE_LINE} bytes")
                return line
            if len(self._buffer) > MAX_ENGINE_LINE:
                raise Forfeit("overlong", f"a line longer than {MAX_ENGINE_LINE} bytes")
            within = "" if limit is None else f" within {limit:g} s"
            self._wait(self._out, select.POLLIN, deadline, f"did not answer{within}")
            try:
                chunk = os.read(self._out, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise Forfeit("crash", self.exit_report())
            self._buffer += chunk

    def _wait(self, fd: int, event: int, deadline: float, what: str) -> None:
        poller = select.poll()
        poller.register(fd, event)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Forfeit("timeout", f"the engine {what}")
            wait = None if math.isinf(left) else max(1, int(left * 1000) + 1)
            if poller.poll(wait):
                return

    def exit_report(self) -> str:
        """How the engine ended (its exit status, waited for briefly) and the end of its
        standard error."""
        try:
            code = self._process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            status = "closed its output"
        else:
            status = f"exited with status {code}"
        tail = self._stderr_tail()
        return f"the engine {status}" + (f"; its last error output: {tail}" if tail else "")

    def _stderr_tail(self) -> str:
        try:
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - TAIL))
            data = self._stderr.read(TAIL)
        except (OSError, ValueError):
            return ""
        lines = data.decode("utf-8", "replace").strip().splitlines()
        return visible(" | ".join(lines[-3:]), TAIL)

    def clear_stderr(self) -> None:
        """Forget the standard error written so far (at the start of each game)."""
        with contextlib.suppress(OSError, ValueError):
            self._stderr.truncate(0)

    def quit(self, grace: float = 1.0) -> None:
        """Say ``quit``, give the engine ``grace`` seconds to exit, then :meth:`stop` it."""
        if self.running:
            with contextlib.suppress(Forfeit):
                self.send(encode({"type": "quit"}), time.monotonic() + grace)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self._process.wait(timeout=grace)
        self.stop()

    def stop(self) -> None:
        """Kill the engine's process group and wait for it; safe to call twice."""
        self._finalizer()
        with contextlib.suppress(OSError):
            self._stderr.close()
