"""/lineup and /rotation: a team's batting orders, starting rotation and bullpen roles.

A team saves one batting order against left-handed starters and one against
right-handers (with only one saved, it is used against both). Its starters pitch in
turn; relievers come in by role: long and middle men first, the closer last.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, find_team, my_team, require_manager, server_league
from bot.discord.layout import add_lines
from bot.words.lineups import HANDS, NO_ROLE, hands, lineup_lines, parse_lineup, role_said, staff_lines
from bot.words.lookup import find_card, find_cards
from league.cardpool import CardPool
from league.errors import LeagueError
from league.models import BULLPEN_ROLES, League, RosterEntry, Team

HAND_CHOICES = [app_commands.Choice(name=f"against {words} ({hand})", value=hand) for hand, words in HANDS.items()]
BOTH = app_commands.Choice(name="against both", value="both")
ROLE_CHOICES = [app_commands.Choice(name=r, value=r) for r in (*BULLPEN_ROLES, NO_ROLE)]


class TeamCommands:
    """What both cogs share: the team a command names (default: the user's), its pitchers."""

    bot: DugoutBot

    async def _team(self, interaction: discord.Interaction, team: str | None) -> tuple[League, Team]:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team) if team else await my_team(self.bot, league, interaction)
        return league, found

    async def _managed(self, interaction: discord.Interaction, team: str) -> tuple[League, Team, CardPool]:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team)
        require_manager(found, league, interaction)
        return league, found, await self.bot.store.card_pool(league.id)

    async def _roster(self, team: Team, kind: str) -> list[RosterEntry]:
        return [e for e in await self.bot.store.roster(team.id) if e.kind == kind]

    async def _pitcher_names(self, interaction: discord.Interaction) -> list[tuple[str, str]]:
        """(name, card id) of the pitchers of the team being typed in the command."""
        try:
            league = await server_league(self.bot, interaction)
            team = await find_team(self.bot, league, str(getattr(interaction.namespace, "team", "") or ""))
        except (UserError, LeagueError):
            return []  # no league or no team named yet: nothing to offer
        pool = await self.bot.store.card_pool(league.id)
        return [(pool.name(e.card_id), e.card_id) for e in await self._roster(team, "pitcher")]


class LineupCog(TeamCommands, commands.GroupCog, group_name="lineup", group_description="A team's batting orders"):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    async def lineups_embed(self, league: League, team: Team, vs: Sequence[str]) -> discord.Embed:
        store = self.bot.store
        pool = await store.card_pool(league.id)
        unavailable = await store.unavailable(league.id)
        embed = discord.Embed(title=f"{team.name} lineups")
        for hand in vs:
            lineup = await store.lineup(team.id, hand)
            lines = lineup_lines(lineup.spots, pool, unavailable) if lineup else []
            add_lines(embed, f"Against {HANDS[hand]}", lines, "none saved: `/lineup auto` or `/lineup set`")
        return embed

    @app_commands.command(description="A team's batting orders against left- and right-handed starters")
    @app_commands.describe(team="The team (default: yours)", vs="Only the lineup against this hand of starter")
    @app_commands.autocomplete(team=autocomplete.teams)
    @app_commands.choices(vs=HAND_CHOICES)
    async def show(self, interaction: discord.Interaction, team: str | None = None, vs: str | None = None) -> None:
        league, found = await self._team(interaction, team)
        embed = await self.lineups_embed(league, found, hands(vs) if vs else list(HANDS))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Save a batting order, e.g. 'Rudy Kasprzak 1B, Cal Brandeis 3B, …, P' (managers)")
    @app_commands.describe(
        team="The team",
        vs="The starters this lineup faces",
        spots="Nine spots, comma-separated, each 'player POSITION'; 'P' alone is the pitcher's spot",
    )
    @app_commands.autocomplete(team=autocomplete.teams)
    @app_commands.choices(vs=[*HAND_CHOICES, BOTH])
    async def set(self, interaction: discord.Interaction, team: str, vs: str, spots: str) -> None:
        league, found, pool = await self._managed(interaction, team)
        batters = [e.card_id for e in await self._roster(found, "batter")]
        parsed = parse_lineup(spots, pool, batters, found)
        async with self.bot.store.transaction():  # both hands or neither
            for hand in hands(vs):
                await self.bot.store.save_lineup(found.id, hand, parsed)
        embed = await self.lineups_embed(league, found, hands(vs))
        await interaction.response.send_message(f"{found.name}'s lineup is saved.", embed=embed)

    @app_commands.command(description="Let the auto-manager pick a team's batting order (managers)")
    @app_commands.describe(team="The team", vs="The starters the lineup faces (default: both)")
    @app_commands.autocomplete(team=autocomplete.teams)
    @app_commands.choices(vs=[*HAND_CHOICES, BOTH])
    async def auto(self, interaction: discord.Interaction, team: str, vs: str = "both") -> None:
        league, found, _ = await self._managed(interaction, team)
        async with self.bot.store.transaction():
            for hand in hands(vs):
                await self.bot.store.save_auto_lineup(found.id, hand)
        embed = await self.lineups_embed(league, found, hands(vs))
        await interaction.response.send_message(f"The auto-manager set {found.name}'s lineup.", embed=embed)


class RotationCog(
    TeamCommands, commands.GroupCog, group_name="rotation", group_description="A team's starting rotation and bullpen"
):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    async def staff_embed(self, league: League, team: Team) -> discord.Embed:
        starters, bullpen = await staff_lines(self.bot.store, league, team)
        embed = discord.Embed(title=f"{team.name} pitching staff")
        add_lines(embed, "Rotation", starters, "none set: `/rotation set`")
        add_lines(embed, "Bullpen", bullpen, "nobody")
        return embed

    @app_commands.command(description="A team's rotation (who starts next) and its bullpen's roles")
    @app_commands.describe(team="The team (default: yours)")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def show(self, interaction: discord.Interaction, team: str | None = None) -> None:
        league, found = await self._team(interaction, team)
        await interaction.response.send_message(embed=await self.staff_embed(league, found))

    @app_commands.command(description="Set a team's starters in turn; the first starts next (managers)")
    @app_commands.describe(team="The team", pitchers="Starters in order, comma-separated (names or card ids)")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def set(self, interaction: discord.Interaction, team: str, pitchers: str) -> None:
        league, found, pool = await self._managed(interaction, team)
        staff = [e.card_id for e in await self._roster(found, "pitcher")]
        starters = find_cards(pool, pitchers, staff, f"among the {found.name} pitchers")
        if not starters:
            raise UserError("Name the starters in order, comma-separated, e.g. `Lyle Brennaman, Chet Morrow`.")
        await self.bot.store.set_rotation(found.id, starters)
        embed = await self.staff_embed(league, found)
        await interaction.response.send_message(f"{found.name}'s rotation is set.", embed=embed)

    @set.autocomplete("pitchers")
    async def _pitcher_list(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return autocomplete.list_choices([name for name, _ in await self._pitcher_names(interaction)], current)

    @app_commands.command(name="next", description="Choose who starts a team's next game (managers)")
    @app_commands.describe(team="The team", pitcher="A starter of its rotation who is ready")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def next_starter(self, interaction: discord.Interaction, team: str, pitcher: str) -> None:
        league, found, pool = await self._managed(interaction, team)
        rotation = await self.bot.store.rotation(found.id)
        card_id = find_card(pool, pitcher, rotation.starters, f"in the {found.name} rotation")
        await self.bot.store.set_next_starter(found.id, card_id)
        embed = await self.staff_embed(league, found)
        await interaction.response.send_message(f"{pool.name(card_id)} starts next for {found.name}.", embed=embed)

    @app_commands.command(description="Give a reliever a bullpen role (managers)")
    @app_commands.describe(team="The team", pitcher="The reliever", role="His role; 'none' clears it")
    @app_commands.autocomplete(team=autocomplete.teams)
    @app_commands.choices(role=ROLE_CHOICES)
    async def role(self, interaction: discord.Interaction, team: str, pitcher: str, role: str) -> None:
        league, found, pool = await self._managed(interaction, team)
        staff = [e.card_id for e in await self._roster(found, "pitcher")]
        card_id = find_card(pool, pitcher, staff, f"among the {found.name} pitchers")
        await self.bot.store.set_bullpen_role(found.id, card_id, None if role == NO_ROLE else role)
        embed = await self.staff_embed(league, found)
        await interaction.response.send_message(role_said(pool.name(card_id), role, found), embed=embed)

    @next_starter.autocomplete("pitcher")
    @role.autocomplete("pitcher")
    async def _pitcher(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return autocomplete.matching(await self._pitcher_names(interaction), current)


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(LineupCog(bot))
    await bot.add_cog(RotationCog(bot))
