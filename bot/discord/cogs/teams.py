"""/team: the league's teams: create one, show one, change or remove one, and say who manages it."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, find_team, my_team, require_commissioner, server_league
from bot.words.teams import NO_DIVISION, create_team, edit_team, remove_team
from league.models import League, Team


def record_text(w: int, l: int, pct: float, gb: float) -> str:  # noqa: E741 - the standings column
    if w + l == 0:
        return "no games yet"
    shown = f"{pct:.3f}".lstrip("0") if pct < 1 else "1.000"
    behind = "first" if gb == 0 else f"{gb:.1f} GB"
    return f"{w}-{l} ({shown}), {behind}"


class TeamCog(commands.GroupCog, group_name="team", group_description="The league's teams"):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    async def team_embed(self, league: League, team: Team) -> discord.Embed:
        store = self.bot.store
        pool = await store.card_pool(league.id)
        embed = discord.Embed(title=f"{team.name} ({team.abbreviation})")
        managers = [f"<@{team.manager_id}>"] if team.manager_id is not None else []
        managers += [f"<@{m}> (co-manager)" for m in team.co_managers]
        embed.add_field(name="Managed by", value="\n".join(managers) or "nobody yet: `/team manager`")
        park = pool.name(team.ballpark) if team.ballpark else "none yet: `/team edit` (needed to play at home)"
        embed.add_field(name="Ballpark", value=park)
        embed.add_field(name="Division", value=team.division or "none")
        if team.subleague is not None:
            embed.add_field(name="League", value=team.subleague)
        row = next(r for r in (await store.standings(league.id))["overall"] if r.team == team.abbreviation)
        embed.add_field(name="Record", value=record_text(row.w, row.l, row.pct, row.gb))
        roster = await store.roster(team.id)
        active = sum(e.status == "active" for e in roster)
        injured = len(roster) - active
        embed.add_field(
            name="Roster",
            value=f"{active} active of {league.rules.roster_limit}, {injured} on the injured list (`/roster show`)",
        )
        return embed

    @app_commands.command(description="Create a team (commissioners)")
    @app_commands.describe(
        name="The team's name, e.g. Harbor City",
        abbreviation="Its abbreviation, 1 to 5 letters or digits, e.g. HC",
        ballpark="Its home ballpark card",
        manager="The member who manages it",
        division="Its division, if the league plays in divisions",
    )
    @app_commands.autocomplete(ballpark=autocomplete.ballparks)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        abbreviation: app_commands.Range[str, 1, 5],
        ballpark: str | None = None,
        manager: discord.Member | None = None,
        division: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        team, text = await create_team(
            self.bot.store,
            league,
            name,
            abbreviation,
            ballpark=ballpark,
            division=division,
            manager_id=manager.id if manager else None,
            next_step="/roster sign",
        )
        await interaction.response.send_message(
            text,
            embed=await self.team_embed(league, team),
        )

    @app_commands.command(description="A team: managers, ballpark, division, record and roster size")
    @app_commands.describe(team="The team (default: yours)")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def info(self, interaction: discord.Interaction, team: str | None = None) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team) if team else await my_team(self.bot, league, interaction)
        await interaction.response.send_message(embed=await self.team_embed(league, found))

    @app_commands.command(description="Rename a team or change its ballpark or division (commissioners)")
    @app_commands.describe(
        team="The team",
        name="Its new name",
        abbreviation="Its new abbreviation, 1 to 5 letters or digits",
        ballpark="Its new home ballpark card",
        division=f"Its division ('{NO_DIVISION}' takes it out of its division)",
        subleague=f"Its league of two, e.g. AL or NL ('{NO_DIVISION}' takes it out)",
    )
    @app_commands.autocomplete(team=autocomplete.teams, ballpark=autocomplete.ballparks)
    async def edit(
        self,
        interaction: discord.Interaction,
        team: str,
        name: app_commands.Range[str, 1, 100] | None = None,
        abbreviation: app_commands.Range[str, 1, 5] | None = None,
        ballpark: str | None = None,
        division: app_commands.Range[str, 1, 100] | None = None,
        subleague: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        found = await find_team(self.bot, league, team)
        found, text = await edit_team(
            self.bot.store,
            league,
            found,
            name=name,
            abbreviation=abbreviation,
            ballpark=ballpark,
            division=division,
            subleague=subleague,
        )
        await interaction.response.send_message(text, embed=await self.team_embed(league, found))

    @app_commands.command(description="Take a team without games out of the league (commissioners)")
    @app_commands.describe(team="The team; its players become free agents")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def remove(self, interaction: discord.Interaction, team: str) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        found = await find_team(self.bot, league, team)
        await interaction.response.send_message(await remove_team(self.bot.store, league, found))

    @app_commands.command(description="Set a team's manager, or add or remove a co-manager (commissioners)")
    @app_commands.describe(
        team="The team",
        member="The member",
        co="Add him as a co-manager instead of making him the manager",
        remove="Take him off the team's managers instead",
    )
    @app_commands.autocomplete(team=autocomplete.teams)
    async def manager(
        self,
        interaction: discord.Interaction,
        team: str,
        member: discord.Member,
        co: bool = False,
        remove: bool = False,
    ) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        found = await find_team(self.bot, league, team)
        store = self.bot.store
        if remove:
            if member.id == found.manager_id:
                found = await store.set_manager(found.id, None)
                message = f"{member.mention} no longer manages {found.name}."
            elif member.id in found.co_managers:
                found = await store.remove_co_manager(found.id, member.id)
                message = f"{member.mention} is no longer a co-manager of {found.name}."
            else:
                raise UserError(f"{member.display_name} does not manage {found.name}, so there is nothing to remove.")
        elif co:
            found = await store.add_co_manager(found.id, member.id)
            message = f"{member.mention} is now a co-manager of {found.name}."
        else:
            before = found.manager_id
            found = await store.set_manager(found.id, member.id)
            replaced = f", in place of <@{before}>" if before not in (None, member.id) else ""
            message = f"{member.mention} now manages {found.name}{replaced}."
        await interaction.response.send_message(message, embed=await self.team_embed(league, found))


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(TeamCog(bot))
