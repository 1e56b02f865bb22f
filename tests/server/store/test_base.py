"""The storage interface (server/store/base.py) that the hub, the writer thread and `mousehole
rooms` use: both stores offer every method of `Store` with its parameters, and a fresh store on
a working database is not failing. What the methods do is the contract in test_storage.py, run
on both stores."""

from __future__ import annotations

import inspect

import pytest

from mousehole.server.store import Store
from mousehole.server.store.postgres import PostgresStore
from mousehole.server.store.sqlite import SQLiteStore

from .backends import AnyStore

METHODS = [
    name for name, value in vars(Store).items() if callable(value) and not name.startswith("_")
]


def test_the_interface_names_every_write_and_read_the_server_needs() -> None:
    assert set(METHODS) == {
        "describe",
        "load",
        "creating",
        "appending",
        "seating",
        "saying",
        "switching_chat",
        "pruning",
        "together",
        "write_batch",
        "rooms",
        "room_ids",
        "close",
    }


@pytest.mark.parametrize("store_class", [SQLiteStore, PostgresStore], ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", METHODS)
def test_each_store_has_the_method_with_the_interfaces_parameters(
    store_class: type, name: str
) -> None:
    wanted = inspect.signature(getattr(Store, name)).parameters
    found = inspect.signature(getattr(store_class, name)).parameters
    assert [(p.name, p.kind, p.default) for p in found.values()] == [
        (p.name, p.kind, p.default) for p in wanted.values()
    ]


def test_a_fresh_store_describes_its_database_and_is_not_failing(store: AnyStore) -> None:
    assert store.failing is None
    assert store.describe().startswith(("sqlite:", "postgresql://"))
    assert store.room_ids("") == [] and store.rooms() == []
