"""What every cog asks first: which league this server plays, and who may do what.

Dugout runs one league per Discord server. Its commissioners are the members the
league lists (the one who created it, and whoever a commissioner adds); the store
checks the same list, so the bot and the store never disagree. Members with the
server's Manage Server permission may always add commissioners (``/league
commissioner``), so a server's owners can fix a league whose commissioners left.
A team is run by its manager, its co-managers and the commissioners.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.words.errors import UserError as UserError  # the cogs take it from here
from bot.words.errors import quoted as quoted
from cards import SAMPLE_SET
from league.cardpool import CardPool
from league.errors import NotFound
from league.models import MAX_ID, GameRecord, League, Team, Trade

if TYPE_CHECKING:
    from bot.discord.app import DugoutBot


def guild_id(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise UserError("Dugout's commands work in a server's channels, not in direct messages.")
    return interaction.guild_id


async def server_league(bot: DugoutBot, interaction: discord.Interaction) -> League:
    """The league this server plays, or a clear refusal saying how to start one."""
    leagues = await bot.store.leagues(guild_id(interaction))
    if not leagues:
        raise UserError("This server has no league yet: someone with Manage Server starts one with `/league-create`.")
    return leagues[0]


async def server_cards(bot: DugoutBot, interaction: discord.Interaction) -> tuple[CardPool, League | None]:
    """The cards of the server's league, else the bundled sample set (a server with no league yet)."""
    if interaction.guild_id is not None:
        leagues = await bot.store.leagues(interaction.guild_id)
        if leagues:
            return await bot.store.card_pool(leagues[0].id), leagues[0]
    return await bot.store.card_sets([SAMPLE_SET.name]), None


def is_commissioner(league: League, interaction: discord.Interaction) -> bool:
    return interaction.user.id in league.commissioners


def can_manage_server(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    return bool(permissions and permissions.manage_guild)


def require_commissioner(league: League, interaction: discord.Interaction) -> None:
    if not is_commissioner(league, interaction):
        raise UserError(f"Only a commissioner of {league.name} may do that.")


def manages(team: Team, league: League, interaction: discord.Interaction) -> bool:
    return interaction.user.id in team.managers or is_commissioner(league, interaction)


def require_manager(team: Team, league: League, interaction: discord.Interaction) -> None:
    if not manages(team, league, interaction):
        raise UserError(f"Only the manager of {team.name} (or a commissioner) may do that.")


ID_TEXT = re.compile(r"#?([0-9]{1,19})")  # ASCII digits only: "²".isdigit() is true, and int("²") fails


def parse_id(text: str) -> int | None:
    """The row id a member typed or autocomplete sent ("12" or "#12"); None for anything else."""
    match = ID_TEXT.fullmatch(text.strip())
    number = int(match[1]) if match else None
    return number if number is not None and number <= MAX_ID else None


Numbered = TypeVar("Numbered", GameRecord, Trade)


async def _numbered(league: League, text: str, fetch: Callable[[int], Awaitable[Numbered]], refusal: str) -> Numbered:
    """The league's game or trade the member's text numbers (``fetch``: the store's lookup); every other
    text (another league's, no number, a number none has) gets the one private ``refusal``."""
    number = parse_id(text)
    try:
        found = None if number is None else await fetch(number)
    except NotFound:
        found = None
    if found is None or found.league_id != league.id:
        raise UserError(refusal)
    return found


async def find_game(bot: DugoutBot, league: League, text: str) -> GameRecord:
    """A game of the league by number, else the one private answer."""
    refusal = f"There is no game {quoted(text)} in {league.name}; pick a game from the list."
    return await _numbered(league, text, bot.store.game, refusal)


async def find_trade(bot: DugoutBot, league: League, text: str) -> Trade:
    """A trade of the league by number, as :func:`find_game` finds a game."""
    refusal = f"There is no trade {quoted(text)} in {league.name}; `/roster trades` lists them."
    return await _numbered(league, text, bot.store.trade, refusal)


async def find_team(bot: DugoutBot, league: League, text: str) -> Team:
    """A team of the league by id (what team autocomplete sends), abbreviation or name."""
    number = parse_id(text)
    if number is not None:
        try:
            team = await bot.store.team(number)
        except NotFound:
            pass
        else:
            if team.league_id == league.id:
                return team
    return await bot.store.find_team(league.id, text)  # NotFound says which teams there are


async def my_team(bot: DugoutBot, league: League, interaction: discord.Interaction) -> Team:
    """The team the user manages (the first, if he runs more than one)."""
    for team in await bot.store.teams(league.id):
        if interaction.user.id in team.managers:
            return team
    raise UserError("You do not manage a team here; name the team, or ask a commissioner for `/team manager`.")
