"""The league's pages: /schedule, /standings, /stats (and its export) and /boxscore."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, find_game, find_team, require_commissioner, server_league
from bot.discord.embeds import box_score_embeds, game_link, page_link
from bot.discord.export import export_files
from bot.discord.layout import FIELD_TEXT, FIELDS, add_lines, code_block, code_blocks, send_embeds
from bot.web import links
from bot.words import pages
from bot.words.history import seasons_section
from bot.words.lookup import find_card
from bot.words.schedule import game_line, schedule_lines
from bot.words.standings_view import (
    PICTURE_TEAMS,
    VIEW_NAMES,
    VIEWS,
    render_standings_png,
    section_text,
    sections,
    team_count,
)
from engine.boxscore import box_score
from league import history
from league.export import exportable_season, season_export
from league.models import League, Team
from league.standings import OVERALL
from league.stats import LEADER_STATS, RATE_STATS, team_leaders

VIEW_CHOICES = [app_commands.Choice(name=f"{VIEW_NAMES[v]} ({v})", value=v) for v in VIEWS]
PICTURE = "standings.png"


class ReportsCog(commands.Cog):
    schedule = app_commands.Group(name="schedule", description="The season's games")
    stats = app_commands.Group(name="stats", description="Season statistics: players, teams, leaders")

    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    async def _teams(self, league: League) -> dict[int, Team]:
        return {t.id: t for t in await self.bot.store.teams(league.id)}

    # --- /schedule --------------------------------------------------------------------------

    @schedule.command(name="make", description="Schedule the season's games (commissioners)")
    @app_commands.describe(
        games_per_team="Games each team plays (default: a real season set's own, as its teams played)",
        series_length="Games in most series against the same team; some are one longer or shorter (default 3)",
        first_day="League day of the first games (default: today)",
        off_days="Days each team has without a game (default: about one a week)",
        seed="Another number gives another schedule with the same rules",
    )
    async def schedule_make(
        self,
        interaction: discord.Interaction,
        games_per_team: app_commands.Range[int, 1, 200] | None = None,
        series_length: app_commands.Range[int, 1, 10] = 3,
        first_day: app_commands.Range[int, 1, 1000] | None = None,
        off_days: app_commands.Range[int, 0, 200] | None = None,
        seed: app_commands.Range[int, 0, 1_000_000] = 0,
    ) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        if games_per_team is None:
            games_per_team = (await self.bot.store.card_pool(league.id)).season_games()
            if games_per_team is None:
                raise UserError("The league's card sets do not say how long a season is: give `games_per_team`.")
        games = await self.bot.store.schedule_season(
            league.id, games_per_team, series_length=series_length, first_day=first_day, off_days=off_days, seed=seed
        )
        days = sorted({g.day for g in games})
        if not days:
            raise UserError("That schedule has no games; give each team at least one game.")
        teams = await self._teams(league)
        embed = discord.Embed(title=f"Day {days[0]}")
        add_lines(embed, "First games", [game_line(g, teams) for g in games if g.day == days[0]])
        await interaction.response.send_message(
            f"Season {league.season} of {league.name}: {len(games)} games from day {days[0]} to day {days[-1]}. "
            "`/schedule show` lists them.",
            embed=embed,
        )

    @schedule.command(name="show", description="The season's games: one day's, one team's, or from today on")
    @app_commands.describe(day="Only this league day's games", team="Only this team's games")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def schedule_show(
        self,
        interaction: discord.Interaction,
        day: app_commands.Range[int, 1, 1000] | None = None,
        team: str | None = None,
    ) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team) if team else None
        title, lines = await schedule_lines(self.bot.store, league, day, found, "`/schedule make`")
        if not lines:
            await interaction.response.send_message(title)
            return
        await interaction.response.send_message(embed=discord.Embed(title=title, description="\n".join(lines)))

    # --- /standings -------------------------------------------------------------------------

    @app_commands.command(name="standings", description="The standings: W L PCT GB, run differential, streak, last ten")
    @app_commands.describe(
        view="By division (the default), the wild-card race, or the whole league in one table",
        season="A past season's final standings (default: this one)",
    )
    @app_commands.choices(view=VIEW_CHOICES)
    async def standings(
        self,
        interaction: discord.Interaction,
        view: str = "division",
        season: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        leagues = await store.league_standings(league.id, season)
        overall = (await store.standings(league.id, season))[OVERALL] if view == "overall" else []
        shown = sections(view, leagues, overall)
        title = f"{league.name} standings"
        year = season or league.season
        when = f"day {league.day}" if year == league.season else "final"
        embed = discord.Embed(
            title=title,
            description=f"Season {year}, {when}: {VIEW_NAMES[view]}",
            url=page_link(self.bot.web_url, lambda base: links.league_url(base, league)),
        )
        for section in shown:
            for number, block in enumerate(code_blocks(section_text(section), FIELD_TEXT)):
                if len(embed.fields) < FIELDS:
                    name = section.title if number == 0 else f"{section.title} (continued)"
                    embed.add_field(name=name, value=block, inline=False)
        if view == "wildcard":
            embed.set_footer(text=f"{leagues[0].wild_cards} wild cards a league; WC GB +n: ahead of the first team out")
        if team_count(leagues) <= PICTURE_TEAMS:
            await interaction.response.send_message(embed=embed)
            return
        # A big league's tables are easier to read as a picture: drawn off the event loop.
        await interaction.response.defer(thinking=True)
        picture = await asyncio.to_thread(render_standings_png, f"{title}, day {league.day}", shown)
        embed.set_image(url=f"attachment://{PICTURE}")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(picture), filename=PICTURE))

    # --- /stats -----------------------------------------------------------------------------

    @stats.command(name="player", description="A player's season: batting, pitching and fielding, by team")
    @app_commands.describe(player="The player", season="The season (default: this one)")
    @app_commands.autocomplete(player=autocomplete.roster_players)
    async def stats_player(
        self, interaction: discord.Interaction, player: str, season: app_commands.Range[int, 1, 1000] | None = None
    ) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        pool = await store.card_pool(league.id)
        rostered = [e.card_id for t in await store.teams(league.id) for e in await store.roster(t.id)]
        card_id = find_card(pool, player, rostered, "on a team of the league")
        year = season or league.season
        await interaction.response.defer(thinking=True)
        page = await store.player_page(league.id, card_id, season=year)
        team = page.lines[-1].team if page.lines else page.team
        embed = discord.Embed(
            title=f"{page.name}: season {year}" + (f" ({team})" if team else ""),
            url=page_link(self.bot.web_url, lambda base: links.player_url(base, league, card_id)),
        )
        batting, pitching = pages.player_batting_table(page), pages.player_pitching_table(page)
        if batting is not None:
            embed.add_field(name="Batting", value=code_block(batting), inline=False)
        if pitching is not None:
            embed.add_field(name="Pitching", value=code_block(pitching), inline=False)
        fielding = pages.player_fielding_lines(page)
        if fielding:
            embed.set_footer(text="Fielding: " + "; ".join(fielding))
        if batting is None and pitching is None:
            embed.description = "He has not played in a final game this season."
        embeds = [embed]
        more = seasons_section(await history.player_seasons(store, league.id, card_id))
        if more:  # his seasons in the league, as dugout player shows them
            embeds += [discord.Embed(title=f"{page.name}: seasons", description=b) for b in code_blocks(more)]
        await send_embeds(interaction, embeds)

    @stats.command(name="team", description="A team's season: record, splits, and its players' lines")
    @app_commands.describe(team="The team", season="The season (default: this one)")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def stats_team(
        self, interaction: discord.Interaction, team: str, season: app_commands.Range[int, 1, 1000] | None = None
    ) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team)
        await interaction.response.defer(thinking=True)
        page = await self.bot.store.team_page(league.id, found.id, season=season)
        head = discord.Embed(
            title=f"{found.name}: season {page.season}",
            description=pages.team_record(page),
            url=page_link(self.bot.web_url, lambda base: links.team_url(base, league, found.abbreviation)),
        )
        head.add_field(name="Splits", value=code_block(pages.splits_table(page)), inline=False)
        idle = pages.unplayed(page)
        if idle:
            add_lines(head, "No games yet", [", ".join(idle)])
        embeds = [head]
        embeds += [
            discord.Embed(title=f"{found.name}: season {page.season} batting", description=block)
            for block in code_blocks(pages.team_batting_table(page))
        ]
        embeds += [
            discord.Embed(title=f"{found.name}: season {page.season} pitching", description=block)
            for block in code_blocks(pages.team_pitching_table(page))
        ]
        more = seasons_section(await history.team_seasons(self.bot.store, league.id, found.id))
        if more:  # the team's seasons in the league, as dugout team shows them
            embeds += [discord.Embed(title=f"{found.name}: seasons", description=b) for b in code_blocks(more)]
        await send_embeds(interaction, embeds)

    @stats.command(name="leaders", description="The league's leaders: in one stat, or a board of the main ones")
    @app_commands.describe(
        stat="The stat, e.g. home runs or ERA (default: a board of the main stats)",
        teams="Rank the teams by their totals instead of the players",
    )
    async def stats_leaders(
        self, interaction: discord.Interaction, stat: str | None = None, teams: bool = False
    ) -> None:
        league = await server_league(self.bot, interaction)
        key = stat.strip().lower() if stat else None
        if key is not None and key not in LEADER_STATS:
            raise UserError(f"There are no leaders in {stat!r}; pick a stat from the list ({', '.join(LEADER_STATS)}).")
        store = self.bot.store
        await interaction.response.defer(thinking=True)
        wanted = [key] if key is not None else list(pages.BOARD)
        limit = 10 if key else pages.BOARD_LIMIT
        totals, board = await store.leader_board(league.id, wanted, limit=limit)
        if teams:
            board = {s: team_leaders(totals, s, limit=len(totals.team_games) if key else limit) for s in wanted}
            names = {t.abbreviation: t.name for t in await store.teams(league.id)}
            owners = {team: team for team in names}
        else:
            pool = await store.card_pool(league.id)
            names = {card_id: pool.name(card_id) for best in board.values() for card_id, _ in best}
            owners = totals.player_team
        title = f"{league.name} {'team ' if teams else ''}leaders"
        if key is not None:
            embed = discord.Embed(title=f"{title}: {pages.leader_name(key)}")
            lines = pages.leader_lines(key, board[key], names, owners)
            embed.description = "\n".join(lines) or "Nobody yet: the leaders need final games (rates need qualifiers)."
        else:
            embed = discord.Embed(title=title, description=f"Season {league.season}")
            for name in wanted:
                lines = pages.leader_lines(name, board[name], names, owners)
                embed.add_field(name=pages.leader_name(name), value="\n".join(lines) or "nobody yet", inline=True)
        embed.url = page_link(self.bot.web_url, lambda base: links.page_url(base, league, "leaders"))
        if not teams and (key is None or key in RATE_STATS):
            embed.set_footer(text="Qualifying: 3.1 plate appearances (batters) or 1 inning (pitchers) per team game")
        await interaction.followup.send(embed=embed)

    @stats_leaders.autocomplete("stat")
    async def _leader_stats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        # "outs" is "ip" by its older name: offered once
        return autocomplete.matching(((pages.leader_name(s), s) for s in LEADER_STATS if s != "outs"), current)

    # --- /boxscore --------------------------------------------------------------------------

    @stats.command(name="export", description="The season's stats as CSV files for a spreadsheet")
    @app_commands.describe(season="The season (default: the current one)")
    async def stats_export(
        self, interaction: discord.Interaction, season: app_commands.Range[int, 1, 10_000] | None = None
    ) -> None:
        """league.export's files attached (bot.discord.export), one line on what they are."""
        league = await server_league(self.bot, interaction)
        year = await exportable_season(self.bot.store, league.id, season)  # refused before the deferral: privately
        await interaction.response.defer(thinking=True)
        made = await season_export(self.bot.store, league.id, year)
        files, what = export_files(made, interaction.filesize_limit)
        await interaction.followup.send(f"Season {year} of {league.name}: {what}.", files=files)

    @app_commands.command(name="boxscore", description="A final game's line score and box score")
    @app_commands.describe(game="The game")
    @app_commands.autocomplete(game=autocomplete.final_games)
    async def boxscore(self, interaction: discord.Interaction, game: str) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        record = await find_game(self.bot, league, game)
        teams = await self._teams(league)
        away, home = teams[record.away_team_id], teams[record.home_team_id]
        if record.status != "final":
            raise UserError(
                f"Game #{record.id} ({away.name} at {home.name}) is {record.status}; it has no box score yet."
            )
        title = f"{away.name} {record.away_runs}, {home.name} {record.home_runs}"
        where = f"Final · day {record.played_day or record.day} · game #{record.id}"
        if record.forfeited_by:
            loser, winner = (away, home) if record.forfeited_by == "away" else (home, away)
            text = f"{where}\n{loser.name} forfeited the game to {winner.name}. A forfeit has no box score."
            await interaction.response.send_message(embed=discord.Embed(title=title, description=text))
            return
        box = box_score(await store.load_game(record.id))
        await send_embeds(
            interaction, box_score_embeds(box, title, where, game_link(self.bot.web_url, league, record.id))
        )


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(ReportsCog(bot))
