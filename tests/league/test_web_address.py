"""Where a league's web site lives (issue 29, league.web): its slug, unlisting and renewing its secret, and
the upgrade that gives the leagues already in a file their slugs."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from league import db
from league.errors import NotAllowed, NotFound
from league.store import Store
from league.web import slugify, unique_slug
from tests.league.conftest import unchanged


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Bench League", "bench-league"),
        ("  The  Porch--League! ", "the-porch-league"),
        ("Liga Española 2026", "liga-espanola-2026"),
        ("⚾⚾", "league"),
        ("x" * 100, "x" * 60),
    ],
)
def test_a_slug_is_the_names_ascii_letters_and_digits_joined_by_dashes(name: str, slug: str) -> None:
    assert slugify(name) == slug


def test_a_taken_or_reserved_slug_gets_a_number() -> None:
    assert unique_slug("Bench League", {"bench-league", "bench-league-2"}) == "bench-league-3"
    assert unique_slug("Static", set()) == "static-2"  # the site's own /static/


async def test_a_new_league_takes_its_names_slug_and_another_of_the_same_name_a_number(store: Store) -> None:
    first = await store.create_league("Bench League", ["sample"], guild_id=1)
    second = await store.create_league("bench league", ["sample"], guild_id=2)
    assert (first.slug, second.slug) == ("bench-league", "bench-league-2")
    assert first.web_secret is None and first.web_path == "bench-league"
    assert (await store.league_at("bench-league-2")).id == second.id
    with pytest.raises(NotFound, match=r"^no league at 'bench-league-3'$"):
        await store.league_at("bench-league-3")


async def test_unlisting_renewing_and_listing_again(store: Store, db_path: Path) -> None:
    league = await store.create_league("Bench League", ["sample"])
    with unchanged(db_path), pytest.raises(NotAllowed, match=r"^Bench League's site is listed: it has no secret"):
        await store.set_web(league.id, renew=True)
    unlisted = await store.set_web(league.id, unlisted=True)
    assert unlisted.web_secret is not None and len(unlisted.web_secret) == 16
    assert await store.listed_leagues() == []
    assert (await store.set_web(league.id, unlisted=True)).web_secret == unlisted.web_secret  # kept
    with pytest.raises(NotFound):
        await store.league_at("bench-league")
    assert (await store.league_at(unlisted.web_path)).id == league.id
    renewed = await store.set_web(league.id, renew=True)
    assert renewed.web_secret != unlisted.web_secret
    with pytest.raises(NotFound):
        await store.league_at(unlisted.web_path)
    listed = await store.set_web(league.id, unlisted=False)
    assert listed.web_secret is None and [x.id for x in await store.listed_leagues()] == [league.id]


@pytest.mark.sqlite_only("an old league file's upgrade")
async def test_upgrading_an_old_file_gives_each_league_a_slug(db_path: Path) -> None:
    shipped = db.migrations()
    web = next(n for n, m in enumerate(shipped) if m.name.endswith("_web.sql"))
    conn = await db.connect(db_path)
    await db.upgrade(conn, shipped[:web])
    await conn.close()
    with closing(sqlite3.connect(db_path)) as old:
        for name, guild in [("Bench League", 1), ("Bench League", 2), ("Static", None), ("¡Olé!", None)]:
            old.execute("INSERT INTO league (name, ruleset, guild_id) VALUES (?, 'inside-pitch', ?)", (name, guild))
        old.commit()
    async with await Store.open(db_path) as store:
        leagues = sorted(await store.all_leagues(), key=lambda league: league.id)
        assert [x.slug for x in leagues] == ["bench-league", "bench-league-2", "static-2", "ole"]
        assert all(x.web_secret is None for x in leagues)
        made = await store.create_league("Bench League", ["sample"], guild_id=3)
        assert made.slug == "bench-league-3"
