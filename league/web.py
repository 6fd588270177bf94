"""Where a league's web site lives (issue 29): its slug, made from its name, and the secret of an
unlisted league. A listed league's pages are at ``/<slug>/``; an unlisted one's only at
``/<slug>-<secret>/`` (:attr:`league.models.League.web_path`), and the site's index leaves it out."""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Collection

import aiosqlite

# --- SQL (parameters are ? placeholders): the migration's step, before the store exists

SELECT_LEAGUES_WITHOUT_SLUG = "SELECT id, name FROM league WHERE slug IS NULL ORDER BY id"
SELECT_SLUGS = "SELECT slug FROM league WHERE slug IS NOT NULL"
UPDATE_SLUG = "UPDATE league SET slug = ? WHERE id = ?"

RESERVED = frozenset({"static"})  # the site's own paths (bot.web.app), never a league's
SECRET_BYTES = 8  # 16 hex digits: not guessed, short enough to paste
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """A name as a path: lowercase ASCII letters and digits, words joined by '-' ("Bench League" is
    "bench-league", "Liga Española" is "liga-espanola"); "league" when nothing is left."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return _NOT_SLUG.sub("-", ascii_name.lower()).strip("-")[:60].strip("-") or "league"


def unique_slug(name: str, taken: Collection[str]) -> str:
    """The name's slug, or with '-2', '-3' … when another league has it."""
    base = slugify(name)
    slug, number = base, 1
    while slug in taken or slug in RESERVED:
        number += 1
        slug = f"{base}-{number}"
    return slug


def new_secret() -> str:
    return secrets.token_hex(SECRET_BYTES)


async def fill_slugs(conn: aiosqlite.Connection) -> None:
    """Give every league without a slug one from its name, oldest first (the upgrade to 0018)."""
    async with conn.execute(SELECT_SLUGS) as cursor:
        taken = {row[0] for row in await cursor.fetchall()}
    async with conn.execute(SELECT_LEAGUES_WITHOUT_SLUG) as cursor:
        leagues = list(await cursor.fetchall())
    for league_id, name in leagues:
        slug = unique_slug(name, taken)
        taken.add(slug)
        await conn.execute(UPDATE_SLUG, (slug, league_id))
