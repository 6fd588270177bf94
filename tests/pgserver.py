"""A real, throwaway PostgreSQL server for the tests (issue 30): never a mock.

``running_server()`` runs ``initdb`` into a fresh temporary folder and starts the cluster with ``pg_ctl`` on a
Unix socket in that folder (no TCP port, so any number of them run side by side), then stops it and deletes the
folder. As root (CI) the server runs as the ``postgres`` OS user, since ``pg_ctl`` refuses root; otherwise as
the current user. Outside pytest (``bench/``, a test's child processes) use it directly::

    with running_server() as server:
        server.create_database("season")
        url = server.url("season")  # postgresql+asyncpg://dugout@/season?host=/dev/shm/dugout-pg-…

Loaded by tests/conftest.py as a plugin, it gives the fixtures ``pg_server`` (one cluster per pytest process,
started the first time a test asks for it) and ``pg_url`` (a fresh, empty database for one test, dropped after).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

# Debian's layout: each major version's programs in /usr/lib/postgresql/<version>/bin.
PG_ROOT = Path("/usr/lib/postgresql")
ROLE = "dugout"  # the cluster's superuser; trust authentication, so no password
NO_POSTGRES = (
    "the PostgreSQL tests need PostgreSQL's programs (initdb, pg_ctl, psql): run `make test`, which installs them"
    " as root, or `apt-get install postgresql`"
)
# Durability is worth nothing in a throwaway cluster: no waiting on the disk.
SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off", "listen_addresses": "''"}
NAME = re.compile(r"[a-z_][a-z0-9_]*")
# A cluster takes about 50 MB: on a RAM disk when it has room (a container's /dev/shm may have 64 MB), where
# creating a database takes about 10 ms instead of the 30 to 300 ms it takes on a busy machine's disk.
RAM_DISK, RAM_DISK_ROOM = Path("/dev/shm"), 1 << 30


class PostgresMissing(RuntimeError):
    """PostgreSQL's programs are not installed (the message says how to install them)."""


def bindir() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: ``pg_config --bindir``, else the newest Debian version's."""
    if pg_config := shutil.which("pg_config"):
        found = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        if found.returncode == 0 and (Path(found.stdout.strip()) / "initdb").is_file():
            return Path(found.stdout.strip())
    versions = [p.parent for p in PG_ROOT.glob("*/bin/initdb") if p.parent.parent.name.isdigit()]
    if not versions:
        raise PostgresMissing(NO_POSTGRES)
    return max(versions, key=lambda p: int(p.parent.name))


class Server:
    """A running cluster: its databases are reached through the Unix socket in ``folder``."""

    def __init__(self, folder: Path, programs: Path) -> None:
        self.folder = folder
        self._bin = programs

    def url(self, dbname: str) -> str:
        """The SQLAlchemy URL of database ``dbname`` (asyncpg reads ``host=`` as the socket's folder)."""
        return f"postgresql+asyncpg://{ROLE}@/{dbname}?host={self.folder}"

    def sql(self, statement: str, dbname: str = "postgres") -> str:
        """Run one SQL statement with psql in ``dbname``; its rows, unaligned, one a line."""
        psql = [self._bin / "psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", str(self.folder)]
        run = subprocess.run(
            [*psql, "-U", ROLE, "-d", dbname, "-c", statement],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            raise RuntimeError(f"psql {statement!r}: {run.stderr.strip()}")
        return run.stdout

    def create_database(self, name: str) -> str:
        """Create the empty database ``name`` and return its URL: a file copy of template0, which writes no WAL
        for its pages and so is a little faster than PostgreSQL 15's default way (WAL_LOG)."""
        self.sql(f"CREATE DATABASE {_name(name)} TEMPLATE template0 STRATEGY FILE_COPY")
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop ``name``, ending whatever connections a test left open to it."""
        self.sql(f"DROP DATABASE IF EXISTS {_name(name)} WITH (FORCE)")

    def databases(self) -> set[str]:
        """The names of the cluster's databases, templates left out."""
        return set(self.sql("SELECT datname FROM pg_database WHERE NOT datistemplate").split())

    @contextlib.contextmanager
    def database(self, name: str) -> Iterator[str]:
        """A fresh, empty database for the block: its URL, and the database dropped after."""
        url = self.create_database(name)
        try:
            yield url
        finally:
            self.drop_database(name)


def _parent() -> Path | None:
    """The RAM disk when it has room for a few clusters; else None, the usual temporary folder."""
    try:
        roomy = os.access(RAM_DISK, os.W_OK | os.X_OK) and shutil.disk_usage(RAM_DISK).free >= RAM_DISK_ROOM
    except OSError:
        return None
    return RAM_DISK if roomy else None


def _name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise ValueError(f"not a plain database name: {name!r}")
    return name


@contextlib.contextmanager
def running_server() -> Iterator[Server]:
    """A fresh cluster for the block, stopped and deleted after. Raises PostgresMissing when not installed."""
    programs = bindir()
    as_postgres: list[str] = []
    if os.geteuid() == 0:
        # pg_ctl refuses root, so the server runs as postgres, in a folder it may enter: right under /dev/shm or
        # /tmp, since the temporary folders pytest makes are root's alone.
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresMissing(NO_POSTGRES + " (no `postgres` user to run the server as)") from None
        if not shutil.which("runuser"):
            raise PostgresMissing("running PostgreSQL as root needs `runuser` (util-linux) to become `postgres`")
        as_postgres = ["runuser", "-u", "postgres", "--"]
        folder = Path(tempfile.mkdtemp(prefix="dugout-pg-", dir=_parent() or "/tmp"))
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    else:
        folder = Path(tempfile.mkdtemp(prefix="dugout-pg-", dir=_parent()))
    data, log = folder / "data", folder / "server.log"

    def run(*command: str | Path) -> None:
        done = subprocess.run(
            [*as_postgres, *map(str, command)], cwd=folder, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            logged = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr.strip()}\n{logged}".strip())

    try:
        # The bytewise C collation sorts text as SQLite does.
        run(programs / "initdb", "-D", data, "-U", ROLE, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
        settings = {**SETTINGS, "unix_socket_directories": f"'{folder}'"}
        with (data / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{key} = {value}\n" for key, value in settings.items())
        run(programs / "pg_ctl", "start", "-w", "-D", data, "-l", log)
        try:
            yield Server(folder, programs)
        finally:
            run(programs / "pg_ctl", "stop", "-m", "immediate", "-D", data)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """One PostgreSQL cluster for this pytest process (each xdist worker has its own), started on first use."""
    try:
        with running_server() as server:
            yield server
    except PostgresMissing as missing:
        raise pytest.fail.Exception(str(missing), pytrace=False) from None  # one line, no traceback


_numbers = itertools.count(1)


@pytest.fixture
def pg_url(pg_server: Server) -> Iterator[str]:
    """The SQLAlchemy URL of a fresh, empty database for this test; dropped after it."""
    with pg_server.database(f"test_{next(_numbers)}") as url:
        yield url


async def _migrate(url: str) -> None:
    from league import db

    conn = await db.open_database(url)
    await conn.close()


@pytest.fixture(scope="session")
def pg_store_template(pg_server: Server) -> str:
    """A database at the league store's newest schema, made once per pytest process: a store test's
    database is a copy of it (much faster than building the schema each time)."""
    name = "dugout_store_template"
    url = pg_server.create_database(name)
    with ThreadPoolExecutor(1) as thread:  # asyncio.run in a thread of its own: a test's loop may be running
        thread.submit(asyncio.run, _migrate(url)).result()
    return name


@pytest.fixture
def pg_store_url(pg_server: Server, pg_store_template: str) -> Iterator[str]:
    """The URL of a fresh database at the store's newest schema, for this test; dropped after it."""
    name = f"store_{next(_numbers)}"
    pg_server.sql(f"CREATE DATABASE {_name(name)} TEMPLATE {_name(pg_store_template)} STRATEGY FILE_COPY")
    try:
        yield pg_server.url(name)
    finally:
        pg_server.drop_database(name)
