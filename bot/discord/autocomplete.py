"""Autocomplete for the arguments many commands share: teams, players, games, settings.

Each function answers with at most 25 choices (Discord's limit) whose names contain
what the user typed; values are ids, which the commands look up again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.discord.checks import parse_id, server_cards
from bot.words.roster import unsigned_players
from league.errors import LeagueError

if TYPE_CHECKING:
    from bot.discord.app import DugoutBot
    from league.models import League

MAX_CHOICES = 25
CHOICE_TEXT = 100  # Discord's limit on a choice's name and value


def matching(pairs: Iterable[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """(name, value) pairs whose name contains ``current`` (any case), as choices."""
    wanted = current.lower().strip()
    choices = [
        app_commands.Choice(name=name[:CHOICE_TEXT], value=value) for name, value in pairs if wanted in name.lower()
    ]
    return choices[:MAX_CHOICES]


def list_choices(names: Iterable[str], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for a comma-separated list of players: the list so far plus each name matching the last part."""
    *done, typing = current.split(",")
    given = [part.strip() for part in done if part.strip()]
    taken = {part.lower() for part in given}
    wanted = typing.strip().lower()
    choices = []
    for name in names:
        if name.lower() in taken or wanted not in name.lower():
            continue
        text = ", ".join([*given, name])
        if len(text) <= CHOICE_TEXT:
            choices.append(app_commands.Choice(name=text, value=text))
    return choices[:MAX_CHOICES]


def bot_of(interaction: discord.Interaction) -> DugoutBot:
    return cast("DugoutBot", interaction.client)


async def _league(interaction: discord.Interaction) -> League | None:
    if interaction.guild_id is None:
        return None
    leagues = await bot_of(interaction).store.leagues(interaction.guild_id)
    return leagues[0] if leagues else None


async def teams(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    league = await _league(interaction)
    if league is None:
        return []
    found = await bot_of(interaction).store.teams(league.id)
    return matching(((f"{t.name} ({t.abbreviation})", str(t.id)) for t in found), current)


async def roster_players(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Players on the roster of the team named in the command (else on every team)."""
    league = await _league(interaction)
    if league is None:
        return []
    store = bot_of(interaction).store
    team_id = parse_id(str(getattr(interaction.namespace, "team", None) or ""))
    team_ids = [t.id for t in await store.teams(league.id)]
    if team_id in team_ids:  # a team of this league only: another server's rosters stay its own
        team_ids = [team_id]
    pool = await store.card_pool(league.id)
    pairs = []
    for team_id in team_ids:
        try:
            entries = await store.roster(team_id)
        except LeagueError:
            continue
        pairs += [(f"{pool.name(e.card_id)} ({e.kind}, {e.status})", e.card_id) for e in entries]
    return matching(pairs, current)


async def free_agents(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Cards of the league's sets that no team has signed."""
    league = await _league(interaction)
    if league is None:
        return []
    cards = await unsigned_players(bot_of(interaction).store, league.id)
    return matching(((f"{c.name} ({c.year} {c.team})", c.id) for c in cards), current)


async def cards(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Any card of the league's sets (the sample set outside a league)."""
    pool, _ = await server_cards(bot_of(interaction), interaction)
    every = [c for s in pool.sets for c in s.all_cards()]
    return matching(((f"{c.name} ({c.year} {c.team})", c.id) for c in every), current)


async def games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The season's games that are not final: live ones first, then by day."""
    league = await _league(interaction)
    if league is None:
        return []
    store = bot_of(interaction).store
    names = {t.id: t.abbreviation for t in await store.teams(league.id)}
    found = [g for g in await store.game_summaries(league.id) if g.status != "final"]
    found.sort(key=lambda g: (g.status != "live", g.day, g.id))
    pairs = [
        (f"#{g.id} day {g.day}: {names[g.away_team_id]} at {names[g.home_team_id]} ({g.status})", str(g.id))
        for g in found
    ]
    return matching(pairs, current)


async def final_games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The season's final games with their scores, latest first."""
    league = await _league(interaction)
    if league is None:
        return []
    store = bot_of(interaction).store
    names = {t.id: t.abbreviation for t in await store.teams(league.id)}
    finals = await store.game_summaries(league.id, status="final")
    found = sorted(finals, key=lambda g: (g.played_day or g.day, g.id))
    pairs = []
    for g in reversed(found):
        away, home = names[g.away_team_id], names[g.home_team_id]
        note = f", forfeited by {away if g.forfeited_by == 'away' else home}" if g.forfeited_by else ""
        pairs.append((f"#{g.id} day {g.day}: {away} {g.away_runs} at {home} {g.home_runs}{note}", str(g.id)))
    return matching(pairs, current)


async def ballparks(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The ballpark cards of the league's sets."""
    league = await _league(interaction)
    if league is None:
        return []
    pool = await bot_of(interaction).store.card_pool(league.id)
    parks = [p for s in pool.sets for p in s.ballparks.values()]
    return matching(((f"{p.name} ({p.year} {p.team})", p.id) for p in parks), current)
