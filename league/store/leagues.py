"""The store of leagues and their settings: options, rules, card sets, commissioners, channels,
the day, and a manager's own settings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.game import ASKING_LEVELS, PERSON_DEFAULT
from engine.rulesets import DEFAULT, NAMES, family_of
from engine.rulesets import ruleset as ruleset_named
from engine.setup import GameOptions
from league import web
from league.cardpool import CardPool
from league.errors import (
    AlreadyExists,
    CardError,
    DayMoved,
    NotAllowed,
    NotFound,
    SettingsError,
)
from league.models import (
    League,
    LeagueRules,
)
from league.names import name_key
from league.store.base import StoreBase, _check_day, _check_id, _check_user, _clean, _dumps

# --- SQL (? placeholders; an optional filter "(CAST(? AS type) IS NULL OR column = ?)" takes the value twice)

INSERT_LEAGUE = """
INSERT INTO league (name, ruleset, options, rules, season, guild_id, slug) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
"""
SELECT_LEAGUE = "SELECT * FROM league WHERE id = ?"
# (guild_id or NULL, name)
SELECT_LEAGUE_NAMES_IN_GUILD = "SELECT id, name FROM league WHERE guild_id IS NOT DISTINCT FROM ? ORDER BY id"
SELECT_LEAGUES_IN_GUILD = "SELECT id FROM league WHERE guild_id IS NOT DISTINCT FROM ? ORDER BY lower(name), id"
SELECT_ALL_LEAGUES = "SELECT id FROM league ORDER BY lower(name), id"
SELECT_SLUGS = "SELECT slug FROM league WHERE slug IS NOT NULL"
# A league by the first part of its web pages' path (League.web_path): (path, path)
SELECT_LEAGUE_AT = """
SELECT id FROM league
WHERE (web_secret IS NULL AND slug = ?) OR (web_secret IS NOT NULL AND slug || '-' || web_secret = ?)
"""
SELECT_LISTED_LEAGUES = "SELECT id FROM league WHERE web_secret IS NULL ORDER BY lower(name), id"
UPDATE_WEB_SECRET = "UPDATE league SET web_secret = ? WHERE id = ?"
UPDATE_LEAGUE_OPTIONS = "UPDATE league SET options = ? WHERE id = ?"
UPDATE_LEAGUE_RULES = "UPDATE league SET rules = ? WHERE id = ?"
# (days, league_id)
ADVANCE_LEAGUE_DAY = "UPDATE league SET day = day + ? WHERE id = ?"
INSERT_LEAGUE_CARD_SET = "INSERT INTO league_card_set (league_id, position, card_set) VALUES (?, ?, ?)"
SELECT_LEAGUE_CARD_SETS = "SELECT card_set FROM league_card_set WHERE league_id = ? ORDER BY position"
INSERT_COMMISSIONER = "INSERT INTO commissioner (league_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING"
DELETE_COMMISSIONER = "DELETE FROM commissioner WHERE league_id = ? AND user_id = ?"
SELECT_COMMISSIONERS = "SELECT user_id FROM commissioner WHERE league_id = ? ORDER BY rowid"
UPSERT_LEAGUE_CHANNEL = """
INSERT INTO league_channel (league_id, purpose, channel_id) VALUES (?, ?, ?)
ON CONFLICT (league_id, purpose) DO UPDATE SET channel_id = excluded.channel_id
"""
DELETE_LEAGUE_CHANNEL = "DELETE FROM league_channel WHERE league_id = ? AND purpose = ?"
SELECT_LEAGUE_CHANNELS = "SELECT purpose, channel_id FROM league_channel WHERE league_id = ? ORDER BY purpose"
# The day being left counts for injuries from an earlier day. (league_id, season, day)
COUNT_DOWN_INJURIES = """
UPDATE injury SET days_left = days_left - 1 WHERE league_id = ? AND days_left > 0 AND (season, day) < (?, ?)
"""
# A manager's default asking level in a league: (league_id, user_id) and (league_id, user_id, asking)
SELECT_MANAGER_ASKING = "SELECT asking FROM manager_setting WHERE league_id = ? AND user_id = ?"
# (league_id, user_id): 1 unless the manager turned pings off
SELECT_MANAGER_PINGS = "SELECT pings FROM manager_setting WHERE league_id = ? AND user_id = ?"
# (league_id, user_id, asking default, pings): a new row takes the default level, an old one keeps its level
UPSERT_MANAGER_PINGS = """
INSERT INTO manager_setting (league_id, user_id, asking, pings) VALUES (?, ?, ?, ?)
ON CONFLICT (league_id, user_id) DO UPDATE SET pings = excluded.pings
"""
UPSERT_MANAGER_ASKING = """
INSERT INTO manager_setting (league_id, user_id, asking) VALUES (?, ?, ?)
ON CONFLICT (league_id, user_id) DO UPDATE SET asking = excluded.asking
"""


class LeagueStore(StoreBase):
    """Leagues and their settings."""

    async def card_pool(self, league_id: int) -> CardPool:
        """The cards of the league's sets."""
        league = await self.league(league_id)
        return await self._league_pool(league)

    # --- leagues ------------------------------------------------------------------------

    async def create_league(
        self,
        name: str,
        card_sets: Sequence[str],
        *,
        guild_id: int | None = None,
        commissioners: Iterable[int] = (),
        options: GameOptions | None = None,
        rules: LeagueRules | None = None,
        ruleset: str = DEFAULT,
        season: int = 1,
    ) -> League:
        name = _clean(name, "league name")
        _check_user(guild_id, "server id")
        commissioners = tuple(commissioners)
        for user_id in commissioners:
            _check_user(user_id, "commissioner's user id")
        if ruleset not in NAMES:
            raise SettingsError(f"Dugout plays {' and '.join(NAMES)}; not {ruleset!r}")
        refs = tuple(card_sets)
        if not refs:
            raise SettingsError("a league plays with at least one card set, e.g. 'sample'")
        if len(set(refs)) != len(refs):
            raise SettingsError("a card set is listed twice; list each set once")
        if season < 1:
            raise SettingsError("seasons are numbered from 1")
        _check_rulesets(ruleset, await self._pool_for(refs, guild_id is not None))
        options = options or ruleset_named(ruleset).options()
        rules = rules or LeagueRules()
        async with self.transaction():
            if await self._league_named(name, guild_id) is not None:
                raise AlreadyExists(f"there is already a league called {name!r} here; pick another name")
            slug = web.unique_slug(name, {r["slug"] for r in await self._all(SELECT_SLUGS)})
            league_id = await self._value(
                INSERT_LEAGUE,
                (name, ruleset, _dumps(options.to_dict()), _dumps(rules.to_dict()), season, guild_id, slug),
            )
            for position, ref in enumerate(refs, start=1):
                await self._run(INSERT_LEAGUE_CARD_SET, (league_id, position, ref))
            for user_id in dict.fromkeys(commissioners):
                await self._run(INSERT_COMMISSIONER, (league_id, user_id))
            return await self._league(league_id)

    async def _league(self, league_id: int) -> League:
        row = await self._one(SELECT_LEAGUE, (_check_id(league_id, "league"),))
        if row is None:
            raise NotFound(f"no league with id {league_id}")
        sets = tuple(r["card_set"] for r in await self._all(SELECT_LEAGUE_CARD_SETS, (league_id,)))
        commissioners = tuple(r["user_id"] for r in await self._all(SELECT_COMMISSIONERS, (league_id,)))
        channels = {r["purpose"]: r["channel_id"] for r in await self._all(SELECT_LEAGUE_CHANNELS, (league_id,))}
        return League.from_row(row, sets, commissioners, channels)

    async def league(self, league_id: int) -> League:
        async with self.transaction(write=False):
            return await self._league(league_id)

    async def find_league(self, name: str, guild_id: int | None = None) -> League:
        """A league by name (any case) in a guild, or among leagues outside any guild."""
        async with self.transaction(write=False):
            league_id = await self._league_named(name, guild_id)
            if league_id is None:
                raise NotFound(f"no league called {name!r} here")
            return await self._league(league_id)

    async def _league_named(self, name: str, guild_id: int | None) -> int | None:
        """The id of the guild's league of that name: the name as stored, else the same name (league.names)
        in any case; compared in Python, as SQLite's NOCASE folds ASCII only and a name stored before names
        were normalized may hold invisible characters."""
        rows = await self._all(SELECT_LEAGUE_NAMES_IN_GUILD, (guild_id,))
        exact = [int(r["id"]) for r in rows if r["name"] == name]
        same = [int(r["id"]) for r in rows if name_key(r["name"]) == name_key(name)]
        return next(iter(exact or same), None)

    async def leagues(self, guild_id: int | None = None) -> list[League]:
        """The leagues of a guild (``None``: the leagues outside any guild), by name."""
        async with self.transaction(write=False):
            rows = await self._all(SELECT_LEAGUES_IN_GUILD, (guild_id,))
            return [await self._league(r["id"]) for r in rows]

    async def all_leagues(self) -> list[League]:
        """Every league in the file, whatever its guild, by name (for the terminal's reports)."""
        async with self.transaction(write=False):
            return [await self._league(r["id"]) for r in await self._all(SELECT_ALL_LEAGUES)]

    # --- the web site (league.web) -------------------------------------------------------

    async def league_at(self, path: str) -> League:
        """The league whose web pages are at ``/<path>/`` (League.web_path): a listed league's slug, or an
        unlisted one's slug and secret; NotFound for anything else, an unlisted league's bare slug too."""
        async with self.transaction(write=False):
            league_id = await self._value(SELECT_LEAGUE_AT, (path, path))
            if league_id is None:
                raise NotFound(f"no league at {path!r}")
            return await self._league(int(league_id))

    async def listed_leagues(self) -> list[League]:
        """The leagues the site's index shows: every one without a web secret, by name."""
        async with self.transaction(write=False):
            return [await self._league(r["id"]) for r in await self._all(SELECT_LISTED_LEAGUES)]

    async def set_web(self, league_id: int, *, unlisted: bool | None = None, renew: bool = False) -> League:
        """List or unlist the league's web site (``unlisted``; an unlisted site keeps its secret), or give an
        unlisted one a new secret (``renew``: the old address stops working)."""
        async with self.transaction():
            league = await self._league(league_id)
            secret = league.web_secret
            if unlisted is not None:
                secret = (secret or web.new_secret()) if unlisted else None
            if renew:
                if secret is None:
                    raise NotAllowed(f"{league.name}'s site is listed: it has no secret to renew; unlist it first")
                secret = web.new_secret()
            await self._run(UPDATE_WEB_SECRET, (secret, league_id))
            return await self._league(league_id)

    async def set_options(self, league_id: int, options: GameOptions) -> League:
        """The game options and house rules every new game of the league is played with."""
        async with self.transaction():
            await self._league(league_id)
            await self._run(UPDATE_LEAGUE_OPTIONS, (_dumps(options.to_dict()), league_id))
            return await self._league(league_id)

    async def set_rules(self, league_id: int, rules: LeagueRules) -> League:
        """The league's roster limit and pitchers' rest; outings already pitched keep the rest they were given."""
        async with self.transaction():
            await self._league(league_id)
            await self._run(UPDATE_LEAGUE_RULES, (_dumps(rules.to_dict()), league_id))
            return await self._league(league_id)

    async def add_card_set(self, league_id: int, card_set: str) -> League:
        async with self.transaction():
            league = await self._league(league_id)
            if card_set in league.card_sets:
                raise AlreadyExists(f"the league already plays with {card_set!r}")
            by_name = league.guild_id is not None
            _check_rulesets(league.ruleset, await self._pool_for((*league.card_sets, card_set), by_name))  # shared ids
            await self._run(INSERT_LEAGUE_CARD_SET, (league_id, len(league.card_sets) + 1, card_set))
            return await self._league(league_id)

    async def add_commissioner(self, league_id: int, user_id: int) -> League:
        _check_user(user_id, "user id")
        async with self.transaction():
            league = await self._league(league_id)
            if user_id not in league.commissioners:
                await self._run(INSERT_COMMISSIONER, (league_id, user_id))
            return await self._league(league_id)

    async def remove_commissioner(self, league_id: int, user_id: int) -> League:
        async with self.transaction():
            league = await self._league(league_id)
            if user_id not in league.commissioners:
                raise NotFound(f"user {user_id} is not a commissioner of {league.name}")
            if len(league.commissioners) == 1:
                raise NotAllowed(f"{league.name} needs a commissioner; add another before removing the last")
            await self._run(DELETE_COMMISSIONER, (league_id, user_id))
            return await self._league(league_id)

    async def set_channel(self, league_id: int, purpose: str, channel_id: int | None) -> League:
        """The Discord channel the league uses for ``purpose`` ("games", "announcements" …); None removes it."""
        purpose = _clean(purpose, "channel purpose").lower()
        _check_user(channel_id, "channel id")
        async with self.transaction():
            await self._league(league_id)
            if channel_id is None:
                await self._run(DELETE_LEAGUE_CHANNEL, (league_id, purpose))
            else:
                await self._run(UPSERT_LEAGUE_CHANNEL, (league_id, purpose, channel_id))
            return await self._league(league_id)

    async def is_commissioner(self, league_id: int, user_id: int) -> bool:
        async with self.transaction(write=False):
            return user_id in (await self._league(league_id)).commissioners

    async def advance_day(self, league_id: int, days: int = 1, *, from_day: int | None = None) -> League:
        """Move the league's calendar on; injuries count down a day for every day that passes.

        ``from_day``: only if the league still stands on that day (the day a run of its games began on), else
        DayMoved: decided here, in the transaction that moves it, so two processes never move it on twice."""
        if days < 1:
            raise SettingsError("advance the league by at least one day")
        async with self.transaction():
            league = await self._league(league_id)
            if from_day is not None and league.day != from_day:
                raise DayMoved(
                    f"{league.name} moved on to day {league.day} meanwhile: day {from_day} is not played again"
                )
            _check_day(league.day + days)  # a day past any season's (a day's injuries are counted one by one)
            for day in range(league.day, league.day + days):
                # Injured on day D with N days: he misses D+1 … D+N, so a day counts once it is after D.
                await self._run(COUNT_DOWN_INJURIES, (league_id, league.season, day))
            await self._run(ADVANCE_LEAGUE_DAY, (days, league_id))
            return await self._league(league_id)

    async def manager_asking(self, league_id: int, user_id: int) -> str:
        """How often a manager is asked in the league's games: his own default, else "matters"."""
        async with self.transaction(write=False):
            await self._league(league_id)
            level = await self._value(SELECT_MANAGER_ASKING, (league_id, user_id))
        return str(level) if level is not None else PERSON_DEFAULT

    async def set_manager_asking(self, league_id: int, user_id: int, level: str) -> None:
        """A manager's default for how often he is asked in the league's games."""
        if level not in ASKING_LEVELS:
            raise SettingsError(f"how often you are asked is one of {', '.join(ASKING_LEVELS)}, not {level!r}")
        _check_user(user_id, "user id")
        async with self.transaction():
            await self._league(league_id)
            await self._run(UPSERT_MANAGER_ASKING, (league_id, user_id, level))

    async def manager_pings(self, league_id: int, user_id: int) -> bool:
        """Whether a manager is mentioned when a question waits for him (on unless he turned it off)."""
        async with self.transaction(write=False):
            await self._league(league_id)
            pings = await self._value(SELECT_MANAGER_PINGS, (league_id, user_id))
        return pings is None or bool(pings)

    async def set_manager_pings(self, league_id: int, user_id: int, pings: bool) -> None:
        _check_user(user_id, "user id")
        async with self.transaction():
            await self._league(league_id)
            await self._run(UPSERT_MANAGER_PINGS, (league_id, user_id, PERSON_DEFAULT, int(pings)))


def _check_rulesets(ruleset: str, pool: CardPool) -> None:
    for ref, cardset in zip(pool.refs, pool.sets, strict=True):
        if family_of(ruleset) != cardset.info.ruleset:
            raise CardError(f"card set {ref!r} is for {cardset.info.ruleset}, not {ruleset}")
