"""A quicker ``__init__`` for the frozen, slotted dataclasses a game builds by the thousand.

A frozen dataclass's generated ``__init__`` stores every field through
``object.__setattr__``, to get past the ``__setattr__`` that refuses changes.
Storing through each slot's own descriptor does the same in about half the time,
and an auto-managed game builds about a thousand events. Only ``__init__`` is
replaced: fields, defaults, equality, hashing, repr and immutability stay the
dataclass's own.
"""

from __future__ import annotations

import dataclasses
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give ``cls`` (a frozen dataclass with ``slots=True``) an ``__init__`` that fills its slots directly."""
    params = []
    body = []
    namespace: dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        slot = getattr(cls, f.name, None)
        plain = f.init and not f.kw_only and f.default_factory is dataclasses.MISSING
        if not isinstance(slot, MemberDescriptorType) or not plain:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes slotted, positional fields with plain defaults")
        namespace[f"_set_{f.name}"] = slot.__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not call __post_init__")
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"]), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses assigning to a method)
    return cls
