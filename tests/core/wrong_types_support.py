"""Call a module's public API with wrong-typed arguments: only package errors may escape.

:func:`public_callables` lists what a module exports in ``__all__``: its functions,
its classes' constructors, class and static methods, and the methods and properties
of given sample instances. :func:`call_with_junk` calls one of them with arguments
drawn from :func:`junk` (None, bools, odd floats, huge ints, text, bytes, nested
containers, values whose ``repr`` fails), sometimes mixed with valid values and,
when asked, with hostile ones (text, streams and JSON from
:mod:`tests.core.hostile_inputs`), under a time and a memory limit
(:func:`resource_limits`). A normal return or a
:class:`~cardrules.errors.CardRulesError` passes; any other exception, a call that
runs longer than the limit or one that takes more memory fails the test.

The helpers only need a module and, optionally, sample instances and valid argument
values by parameter name, so they apply to any module of the package::

    targets = public_callables(cardrules.cards, {Card: [Card.from_index(0)]})

    @pytest.mark.parametrize("target", targets, ids=str)
    @given(data=st.data())
    def test_api(target, data):
        call_with_junk(target, data, {"text": ["AS"]})
"""

from __future__ import annotations

import enum
import inspect
import math
import re
import reprlib
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import ModuleType

import attrs
import pytest
from hypothesis import strategies as st

from cardrules.errors import CardRulesError

TIME_LIMIT = 2.0
"""Seconds of CPU time one call may take before it counts as a hang."""

MEMORY_LIMIT = 64 << 20
"""Bytes of memory one call may newly touch (its peak resident size over the start's)."""

ADDRESS_LIMIT = 512 << 20
"""Bytes of address space one call may add: past it an allocation fails at once
(``MemoryError``), so that a runaway call never takes the machine's memory."""

WALL_LIMIT = 60.0
"""Seconds of wall time after which a call that waits (on a pool, a pipe) is a hang."""

WORK_COUNTS = frozenset(
    {
        "deals",
        "games",
        "playouts",
        "workers",
        "jobs",
        "iterations",
        "samples",
        "worlds",
        "count",
        "resamples",
    }
)
"""Parameters that say how much work to do: a junk whole number between 65 and 10**12
is a valid request for long work, so it is drawn as 64; larger ones must be refused."""


@attrs.frozen
class Target:
    """One public callable: ``name`` for reports, the ``function`` and its parameters."""

    name: str
    function: Callable[..., object]
    parameters: tuple[inspect.Parameter, ...]

    def __str__(self) -> str:
        return self.name


# ------------------------------------------------------------------ junk values


class _BrokenRepr:
    """A foreign object whose ``repr`` and ``str`` raise."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")

    __str__ = __repr__


def _deep_list(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def _deep_dict(depth: int) -> dict[str, object]:
    value: dict[str, object] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


_HARMFUL: dict[str, Callable[[], object]] = {
    "10**5000": lambda: 10**5000,
    "-(10**5000)": lambda: -(10**5000),
    "2**10000": lambda: 2**10000,
    "a list nested 10000 deep": lambda: _deep_list(10_000),
    "a dict nested 10000 deep": lambda: _deep_dict(10_000),
    "'x' * 100000": lambda: "x" * 100_000,
    "b'\\xff' * 1000": lambda: b"\xff" * 1000,
    "object()": object,
    "an object whose repr raises": _BrokenRepr,
    "a lambda": lambda: lambda *args, **kwargs: None,
}


class Built:
    """A printable spec of a value made when the call is made (a fresh stream, a deep
    list): :func:`materialize` calls its ``build()``."""

    def build(self) -> object:
        raise NotImplementedError


@attrs.frozen
class Harmful:
    """A junk value too big or too deep to print; :func:`materialize` builds it."""

    what: str

    def __repr__(self) -> str:
        return f"<{self.what}>"


def materialize(spec: object) -> object:
    """``spec`` with every :class:`Harmful` placeholder replaced by the value it names."""
    if isinstance(spec, Harmful):
        return _HARMFUL[spec.what]()
    if isinstance(spec, Built):
        return spec.build()
    if isinstance(spec, list):
        return [materialize(item) for item in spec]
    if isinstance(spec, tuple):
        return tuple(materialize(item) for item in spec)
    if isinstance(spec, dict):
        return {key: materialize(value) for key, value in spec.items()}
    return spec


_SCALARS: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0.0, -0.0, 0.5, 1.0, 2.0, -1.5, 1e300, math.nan, math.inf, -math.inf]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, 1, -1, 2, 52, 2**63, 2**64 - 1, 2**64, 2**70, -(2**70), 2**128]),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.text(max_size=12),
    st.sampled_from(["", " ", "AS", "10h", "null", "[", "{}", "♠", "\x00", "A S"]),
    st.binary(max_size=12),
    st.sampled_from([Harmful(what) for what in _HARMFUL]),
)


def junk() -> st.SearchStrategy[object]:
    """Wrong-typed values, possibly nested in lists, tuples and dicts (printable specs)."""
    return st.recursive(
        _SCALARS,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.tuples(inner, inner),
            st.dictionaries(st.text(max_size=4), inner, max_size=3),
        ),
        max_leaves=8,
    )


# ------------------------------------------------------------------ enumeration


def _parameters(function: Callable[..., object]) -> tuple[inspect.Parameter, ...]:
    if isinstance(function, type) and issubclass(function, enum.Enum):
        return (inspect.Parameter("value", inspect.Parameter.POSITIONAL_ONLY),)
    try:
        return tuple(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):  # no signature: guess one positional argument
        return (inspect.Parameter("arg", inspect.Parameter.POSITIONAL_ONLY),)


def _getter(instance: object, name: str) -> Callable[[], object]:
    def read() -> object:
        return getattr(instance, name)

    return read


def public_callables(
    module: ModuleType, instances: Mapping[type, Sequence[object]] | None = None
) -> list[Target]:
    """Every callable ``module`` exports in ``__all__``, as :class:`Target` values.

    Functions and class constructors come as they are; for each exported class, the
    class and static methods it (or a base class from the same package) defines, and,
    on each sample in ``instances[cls]``, its public methods (compiled ones too) and
    properties. Names starting with ``_`` and members inherited from outside the
    package are skipped.
    """
    instances = instances or {}
    package = module.__name__.split(".")[0]
    targets: list[Target] = []
    for export in module.__all__:
        obj = getattr(module, export)
        qualified = f"{module.__name__}.{export}"
        if not callable(obj):
            continue
        targets.append(Target(qualified, obj, _parameters(obj)))
        if not isinstance(obj, type):
            continue
        seen: set[str] = set()
        for owner in obj.__mro__:
            if owner.__module__.split(".")[0] != package:
                continue
            for name, raw in vars(owner).items():
                if name.startswith("_") or name in seen:
                    continue
                seen.add(name)
                if isinstance(raw, (classmethod, staticmethod)):
                    method = getattr(obj, name)
                    targets.append(Target(f"{qualified}.{name}", method, _parameters(method)))
                elif inspect.isroutine(raw) or isinstance(raw, property):
                    for number, instance in enumerate(instances.get(obj, ())):
                        label = f"{qualified}[{number}].{name}"
                        if isinstance(raw, property):
                            targets.append(Target(label, _getter(instance, name), ()))
                        else:
                            method = getattr(instance, name)
                            targets.append(Target(label, method, _parameters(method)))
    return targets


def hostile_surface(name: str) -> bool:
    """True for the modules of the 0.3.0 surfaces, which
    ``tests/hardening/test_hostile_surfaces.py`` calls with hostile input too: the
    batch engine (every module named ``batch*``), the records, the replay page, the
    pictures, the result tables, and the registry with its plugin loading."""
    parts = name.split(".")
    return (
        any(part.startswith("batch") for part in parts[1:])
        or name in ("cardrules.record", "cardrules.replay", "cardrules.tables")
        or name in ("cardrules.results_json", "cardrules.registry", "cardrules.plugins")
        or parts[1:2] in (["records"], ["svg"])
        or parts[-1] == "svg"
    )


def not_callable_by_design(obj: object) -> bool:
    """True for an export that is not meant to be called: a typing protocol or an
    abstract class (Python refuses to instantiate them), a type alias, a metaclass
    (calling one makes a class) or an enum base without members."""
    if not isinstance(obj, type):
        return type(obj).__module__ in ("typing", "collections.abc", "types")
    if getattr(obj, "_is_protocol", False) or inspect.isabstract(obj) or issubclass(obj, type):
        return True
    return issubclass(obj, enum.Enum) and not list(obj)


def _home(obj: object, modules: Iterable[ModuleType]) -> str | None:
    """The module of ``modules`` that defines ``obj``, if any."""
    defined = getattr(obj, "__module__", None)
    for module in modules:
        if module.__name__ == defined:
            return module.__name__
    return None


def owned_views(modules: list[ModuleType]) -> list[ModuleType]:
    """Each module restricted to the callables it is the home of, so that a callable
    several modules export (a package re-exporting its submodules) is tested once."""
    owner: dict[int, str] = {}
    for module in modules:
        for export in module.__all__:
            obj = getattr(module, export)
            if callable(obj) and id(obj) not in owner:
                owner[id(obj)] = _home(obj, modules) or module.__name__
    views: list[ModuleType] = []
    for module in modules:
        view = ModuleType(module.__name__)
        exports = []
        for export in module.__all__:
            obj = getattr(module, export)
            if callable(obj) and owner[id(obj)] == module.__name__:
                exports.append(export)
                setattr(view, export, obj)
        view.__all__ = exports  # type: ignore[attr-defined]
        views.append(view)
    return views


def module_targets(
    modules: list[ModuleType],
    instances: Mapping[type, Sequence[object]],
    leave_out: Iterable[str] = (),
) -> list[Target]:
    """The public callables of ``modules``, each once (:func:`owned_views`), but those
    not callable by design and those named in ``leave_out``."""
    left_out = set(leave_out)
    found: list[Target] = []
    for view in owned_views(modules):
        left_out |= {
            f"{view.__name__}.{export}"
            for export in view.__all__
            if not_callable_by_design(getattr(view, export))
        }
        found += [t for t in public_callables(view, instances) if t.name not in left_out]
    return found


# ------------------------------------------------------------------ calling


class CallTimedOut(BaseException):
    """Raised inside a call that runs past its time limit (not an Exception, so
    code under test cannot swallow it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block with :class:`CallTimedOut` after ``seconds`` of this
    process's CPU time (SIGPROF where available, else a check of the CPU time once
    the block returns).

    CPU time, not wall time: a call that waits behind other jobs on a loaded machine
    is not a hang, and a loop that never ends still runs out of CPU time. A call that
    waits without using CPU (on a process pool, a pipe) is stopped after
    :data:`WALL_LIMIT` seconds.
    """
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        start = time.process_time()
        yield
        if time.process_time() - start > seconds:
            raise CallTimedOut(f"took {time.process_time() - start:.1f}s of CPU time")
        return

    def expire(signum: int, frame: object) -> None:
        raise CallTimedOut(f"still running after {seconds}s of CPU time")

    def wait_too_long(signum: int, frame: object) -> None:
        raise CallTimedOut(f"still waiting after {WALL_LIMIT}s")

    previous = signal.signal(signal.SIGPROF, expire)
    previous_wall = signal.signal(signal.SIGALRM, wait_too_long)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, WALL_LIMIT)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, previous)
        signal.signal(signal.SIGALRM, previous_wall)


def _memory() -> dict[str, int] | None:
    """This process's ``Vm*`` sizes in bytes, from /proc (None where there is none)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            text = status.read()
    except OSError:
        return None
    return {name: int(kb) << 10 for name, kb in re.findall(r"(Vm\w+):\s+(\d+) kB", text)}


def _reset_peak() -> bool:
    """Reset the peak resident size (VmHWM) to the current one; False where Linux cannot."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        return False
    return True


class MemoryExceeded(BaseException):
    """Raised after a call whose memory went past :data:`MEMORY_LIMIT`."""


@contextmanager
def memory_limit(limit: int = MEMORY_LIMIT, address: int = ADDRESS_LIMIT) -> Iterator[None]:
    """Fail the block (:class:`MemoryExceeded`) if it newly touches more than ``limit``
    bytes of memory, and make any allocation past ``address`` more bytes of address
    space fail at once with ``MemoryError``.

    Both are measured by the kernel, so they cost nothing while the block runs: the
    touched memory is the peak resident size (``VmHWM``, reset first) over the resident
    size at the start; the address space is capped with ``RLIMIT_AS``, restored after.
    A platform without /proc or ``RLIMIT_AS`` runs the block unchecked.
    """
    try:
        import resource
    except ImportError:  # not a Unix
        yield
        return
    before = _memory()
    if before is None or not _reset_peak():
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = before["VmSize"] + address
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:  # checked whatever the block raised: an error after 1 GiB is still 1 GiB
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        after = _memory()
        grown = 0 if after is None else after["VmHWM"] - before["VmRSS"]
        if grown > limit:
            raise MemoryExceeded(f"touched {grown >> 20} MiB, more than {limit >> 20} MiB")


@contextmanager
def resource_limits(
    seconds: float = TIME_LIMIT, memory: int = MEMORY_LIMIT, address: int = ADDRESS_LIMIT
) -> Iterator[None]:
    """:func:`time_limit` and :func:`memory_limit` together."""
    with memory_limit(memory, address), time_limit(seconds):
        yield


def _ran_out_of_memory(exc: BaseException) -> bool:
    """True if ``exc`` is, or was raised while handling, a ``MemoryError``."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, MemoryError):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


_SAFE_REPR = reprlib.Repr()
_SAFE_REPR.maxstring = _SAFE_REPR.maxother = 60


def safe_repr(value: object) -> str:
    """A short ``repr`` that never raises (for failure messages)."""
    if isinstance(value, int) and value.bit_length() > 256:
        return f"<int of {value.bit_length()} bits>"
    try:
        return _SAFE_REPR.repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


Extra = Callable[[str], "st.SearchStrategy[object] | None"]
"""For a parameter's name, a strategy of more values to try for it (or None)."""


def draw_arguments(
    target: Target,
    data: st.DataObject,
    valid: Mapping[str, Sequence[object]],
    extra: Extra | None = None,
) -> tuple[list[object], dict[str, object]]:
    """Printable argument specs for ``target``: junk, valid values named in ``valid``,
    or values of ``extra(name)``."""
    kind = inspect.Parameter

    def value(name: str) -> object:
        sources = ["junk"]
        if name in valid:
            sources.append("valid")
        more = extra(name) if extra is not None else None
        if more is not None:
            sources.append("extra")
        source = data.draw(st.sampled_from(sources), label=f"source of {name}")
        if source == "valid":
            return data.draw(st.sampled_from(valid[name]), label=name)
        if source == "extra":
            assert more is not None
            return data.draw(more, label=name)
        drawn = data.draw(junk(), label=name)
        if name in WORK_COUNTS and type(drawn) is int and 64 < drawn <= 10**12:
            return 64  # a count of work a caller may ask for: long, but not a hang
        return drawn

    args: list[object] = []
    kwargs: dict[str, object] = {}
    positional = True
    for parameter in target.parameters:
        if parameter.kind is kind.VAR_KEYWORD:
            continue
        if parameter.kind is kind.VAR_POSITIONAL:
            if positional:
                count = data.draw(st.integers(0, 3), label=f"len(*{parameter.name})")
                args.extend(value(parameter.name) for _ in range(count))
            continue
        optional = parameter.default is not kind.empty
        if optional and not data.draw(st.booleans(), label=f"pass {parameter.name}"):
            positional = positional and parameter.kind is kind.POSITIONAL_ONLY
            continue
        if parameter.kind is kind.KEYWORD_ONLY or (
            not positional and parameter.kind is kind.POSITIONAL_OR_KEYWORD
        ):
            kwargs[parameter.name] = value(parameter.name)
        else:
            args.append(value(parameter.name))
    return args, kwargs


def call_with_junk(
    target: Target,
    data: st.DataObject,
    valid: Mapping[str, Sequence[object]] | None = None,
    seconds: float = TIME_LIMIT,
    extra: Extra | None = None,
    memory: int = MEMORY_LIMIT,
) -> None:
    """Call ``target`` with drawn arguments; fail on a non-package error, a hang, or
    memory past ``memory`` bytes (see :func:`resource_limits`)."""
    specs, keyword_specs = draw_arguments(target, data, valid or {}, extra)
    args = [materialize(spec) for spec in specs]
    kwargs = {name: materialize(spec) for name, spec in keyword_specs.items()}
    shown = ", ".join(
        [safe_repr(spec) for spec in specs]
        + [f"{name}={safe_repr(spec)}" for name, spec in keyword_specs.items()]
    )
    try:
        with resource_limits(seconds, memory):
            target.function(*args, **kwargs)
    except CardRulesError as exc:
        if _ran_out_of_memory(exc):
            pytest.fail(f"{target.name}({shown}) ran out of memory: {safe_repr(str(exc))}")
    except CallTimedOut as exc:
        pytest.fail(f"{target.name}({shown}) hangs: {exc}")
    except MemoryExceeded as exc:
        pytest.fail(f"{target.name}({shown}) {exc}")
    except MemoryError:
        pytest.fail(f"{target.name}({shown}) allocates more than {ADDRESS_LIMIT >> 20} MiB")
    except Exception as exc:
        pytest.fail(
            f"{target.name}({shown}) raised {type(exc).__name__}, not a CardRulesError:"
            f" {safe_repr(str(exc))}"
        )
