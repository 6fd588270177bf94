"""/roster: a team's players: show them, sign and release, trade, and the injured list.

A trade needs both sides' consent: one team's manager proposes it, the other team's
manager accepts or turns it down (``/roster trade-answer``); a commissioner may put a
pending trade through or stop it, and the proposing side may withdraw it.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import (
    UserError,
    find_team,
    find_trade,
    is_commissioner,
    my_team,
    require_manager,
    server_league,
)
from bot.discord.layout import add_lines
from bot.words import roster as moves
from bot.words.roster import trade_line
from league.errors import LeagueError
from league.models import League, Team


class RosterCog(commands.GroupCog, group_name="roster", group_description="Teams' players: sign, release, trade, IL"):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    async def _team_players(self, interaction: discord.Interaction, option: str) -> list[str]:
        """Names on the roster of the team in ``option`` of the command being typed."""
        league = await server_league(self.bot, interaction)
        team = await find_team(self.bot, league, str(getattr(interaction.namespace, option, "") or ""))
        pool = await self.bot.store.card_pool(league.id)
        return [pool.name(e.card_id) for e in await self.bot.store.roster(team.id)]

    async def _list_choices(
        self, interaction: discord.Interaction, option: str, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return autocomplete.list_choices(await self._team_players(interaction, option), current)
        except (UserError, LeagueError):
            return []  # no league or no team named yet: nothing to offer

    async def _teams(self, league: League) -> dict[int, Team]:
        return {t.id: t for t in await self.bot.store.teams(league.id)}

    @app_commands.command(description="A team's players, active and on the injured list")
    @app_commands.describe(team="The team (default: yours)")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def show(self, interaction: discord.Interaction, team: str | None = None) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team) if team else await my_team(self.bot, league, interaction)
        counts, sections = await moves.roster_sections(self.bot.store, league, found)
        embed = discord.Embed(title=f"{found.name} roster", description=counts)
        for heading, lines in sections:
            add_lines(embed, heading, lines, "none yet: `/roster sign`")
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Sign a free agent to a team (its managers)")
    @app_commands.describe(team="The team", player="The player (a card no team has signed)")
    @app_commands.autocomplete(team=autocomplete.teams, player=autocomplete.free_agents)
    async def sign(self, interaction: discord.Interaction, team: str, player: str) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team)
        require_manager(found, league, interaction)
        text = await moves.sign(self.bot.store, league, found, player, interaction.user.id)
        await interaction.response.send_message(text)

    @app_commands.command(description="Release a player from a team (its managers)")
    @app_commands.describe(team="The team", player="The player to release")
    @app_commands.autocomplete(team=autocomplete.teams, player=autocomplete.roster_players)
    async def release(self, interaction: discord.Interaction, team: str, player: str) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team)
        require_manager(found, league, interaction)
        text = await moves.release(self.bot.store, league, found, player, interaction.user.id)
        await interaction.response.send_message(text)

    @app_commands.command(description="Put an injured player on the injured list, or activate him (its managers)")
    @app_commands.describe(
        team="The team", player="The player", activate="Bring him back from the injured list instead"
    )
    @app_commands.autocomplete(team=autocomplete.teams, player=autocomplete.roster_players)
    async def il(self, interaction: discord.Interaction, team: str, player: str, activate: bool = False) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team)
        require_manager(found, league, interaction)
        text = await moves.injured_list(self.bot.store, league, found, player, activate, interaction.user.id)
        await interaction.response.send_message(text)

    @app_commands.command(description="Offer a trade to another team (its managers); the other side must accept")
    @app_commands.describe(
        team="Your team, which gives the players",
        other_team="The team you trade with",
        give="Players your team gives, comma-separated (names or card ids)",
        receive="Players your team gets, comma-separated (names or card ids)",
    )
    @app_commands.autocomplete(team=autocomplete.teams, other_team=autocomplete.teams)
    async def trade(
        self, interaction: discord.Interaction, team: str, other_team: str, give: str = "", receive: str = ""
    ) -> None:
        league = await server_league(self.bot, interaction)
        offering = await find_team(self.bot, league, team)
        receiving = await find_team(self.bot, league, other_team)
        require_manager(offering, league, interaction)
        pool = await self.bot.store.card_pool(league.id)
        offered, requested = await moves.trade_cards(self.bot.store, pool, offering, receiving, give, receive)
        made = await self.bot.store.propose_trade(offering.id, receiving.id, offered, requested, by=interaction.user.id)
        asked = " ".join(f"<@{m}>" for m in receiving.managers) or f"{receiving.name} has no manager; a commissioner"
        await interaction.response.send_message(
            f"Trade proposed. {trade_line(made, await self._teams(league), pool)}.\n"
            f"{asked}: accept or turn it down with `/roster trade-answer trade:{made.id}`."
        )

    @trade.autocomplete("give")
    async def _give_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._list_choices(interaction, "team", current)

    @trade.autocomplete("receive")
    async def _receive_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._list_choices(interaction, "other_team", current)

    @app_commands.command(name="trade-answer", description="Accept or turn down a trade offered to your team")
    @app_commands.describe(
        trade="The trade (its number)",
        accept="True to accept (a commissioner: to put it through), False to turn it down or withdraw it",
    )
    async def trade_answer(self, interaction: discord.Interaction, trade: str, accept: bool) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        pending = await find_trade(self.bot, league, trade)
        teams = await self._teams(league)
        offering, receiving = teams[pending.offering_team_id], teams[pending.receiving_team_id]
        user = interaction.user.id
        commissioner = is_commissioner(league, interaction)
        if accept:
            if user in receiving.managers:
                done = await store.accept_trade(pending.id, by=user)
            elif commissioner:
                done = await store.execute_trade(pending.id, by=user)
            else:
                raise UserError(f"Only a manager of {receiving.name} accepts this trade (or a commissioner).")
            pool = await store.card_pool(league.id)
            await interaction.response.send_message(
                f"{moves.trade_done(done, teams, pool)} Check both teams' `/lineup` and `/rotation`."
            )
            return
        if not (user in receiving.managers or user in offering.managers or commissioner):
            raise UserError(
                f"Only the managers of {offering.name} and {receiving.name} (or a commissioner) may do that."
            )
        done = await store.reject_trade(pending.id, by=user)
        await interaction.response.send_message(moves.trade_refused(done, teams))

    @trade_answer.autocomplete("trade")
    async def _pending_trades(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            league = await server_league(self.bot, interaction)
        except UserError:
            return []
        pool = await self.bot.store.card_pool(league.id)
        teams = await self._teams(league)
        pending = await self.bot.store.trades(league.id)
        return autocomplete.matching(((trade_line(t, teams, pool), str(t.id)) for t in pending), current)

    @app_commands.command(description="The league's pending trades")
    async def trades(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        pool = await self.bot.store.card_pool(league.id)
        teams = await self._teams(league)
        lines = [trade_line(t, teams, pool) for t in await self.bot.store.trades(league.id)]
        embed = discord.Embed(title=f"{league.name}: pending trades")
        add_lines(embed, "Offered", lines, "No trades are waiting for an answer.")
        await interaction.response.send_message(embed=embed)


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(RosterCog(bot))
