"""/game: start a game in its own thread, follow it, pause it, answer by command, hand a side over.

A game's thread opens in the league's games channel (``/league channel``), else in
the channel the command was used in. A game starts on its day or later, as a make-up game
(a commissioner may override: before its day, or a postponed one), never in a closed season,
only if neither team is playing, and only once: every refusal comes before
the reply is deferred, so it is shown to the member who asked alone and no thread opens.
Sides whose team has a manager are managed by people; the rest by the auto-manager.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, find_game, find_team, manages, require_commissioner, server_league
from bot.discord.embeds import box_score_embeds, game_link, scoreboard_embed
from bot.discord.session import GameSession
from bot.words.narrate import Names
from engine.boxscore import box_score
from league.errors import GameBusy
from league.models import GameRecord, League, Replacement, Team

log = logging.getLogger(__name__)
SIDES = [app_commands.Choice(name="away", value="away"), app_commands.Choice(name="home", value="home")]
# How often a manager is asked (engine.game.Game.asking; the rule for "when it matters" is in README.md).
ASKING = {"every": "every pitch", "matters": "when it matters", "never": "never (the auto-manager plays)"}
ASKING_CHOICES = [app_commands.Choice(name=words, value=level) for level, words in ASKING.items()]


class GameCog(commands.GroupCog, group_name="game", group_description="Play the league's games"):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot
        self._starting: dict[int, int] = {}  # team id -> the game of it being started now (_claim)

    # --- finding the game ---------------------------------------------------------------------

    async def _record(self, league: League, interaction: discord.Interaction, game: str | None) -> GameRecord:
        """The game named, else the game of this thread, else the league's one live game."""
        store = self.bot.store
        if game is not None:
            return await find_game(self.bot, league, game)
        live = await store.games(league.id, status="live")
        here = [g for g in live if g.thread_id == interaction.channel_id]
        if here:
            return here[0]
        if len(live) == 1:
            return live[0]
        raise UserError("Name the game: `game:` lists the season's games." if live else "No game is being played.")

    async def _teams(self, record: GameRecord) -> dict[str, Team]:
        store = self.bot.store
        return {"away": await store.team(record.away_team_id), "home": await store.team(record.home_team_id)}

    async def _side(self, league: League, record: GameRecord, team: str) -> str:
        """Which side of the game a team (as the user named it) plays."""
        named = await find_team(self.bot, league, team)
        for side, team_id in (("away", record.away_team_id), ("home", record.home_team_id)):
            if team_id == named.id:
                return side
        raise UserError(f"{named.name} does not play in game #{record.id}.")

    def _live_session(self, record: GameRecord) -> GameSession:
        session = self.bot.sessions.get(record.id)
        if record.status != "live" or session is None:
            raise UserError(f"Game #{record.id} is {record.status}, not being played now.")
        return session

    # --- commands -----------------------------------------------------------------------------

    @contextlib.contextmanager
    def _claim(self, record: GameRecord, teams: dict[str, Team]) -> Iterator[None]:
        """Serialise starts: while a game is being started, a second start of it, or of another game
        of one of its teams, is refused at once (privately, before anything is deferred or opened).

        Nothing is awaited between the check and the claim, so two interactions handled at once
        can never both pass; the store's own checks (one transaction) stay the last word.
        """
        for team in teams.values():
            other = self._starting.get(team.id)
            if other == record.id:
                raise UserError(f"Game #{record.id} is already being started; its thread opens in a moment.")
            if other is not None:
                raise UserError(f"{team.name}'s game #{other} is starting right now; a team plays one game at a time.")
        for team in teams.values():
            self._starting[team.id] = record.id
        try:
            yield
        finally:
            for team in teams.values():
                self._starting.pop(team.id, None)

    @app_commands.command(description="Start a scheduled game in its own thread")
    @app_commands.describe(
        game="The game to play",
        seed="Dice seed, to replay a game exactly (default: random)",
        override="Commissioners: start it before its day, or a postponed game",
    )
    @app_commands.autocomplete(game=autocomplete.games)
    async def start(
        self, interaction: discord.Interaction, game: str, seed: int | None = None, override: bool = False
    ) -> None:
        league = await server_league(self.bot, interaction)
        record = await self._record(league, interaction, game)
        teams = await self._teams(record)
        if not any(manages(t, league, interaction) for t in teams.values()):
            raise UserError("Only the two teams' managers or a commissioner may start this game.")
        if override:
            require_commissioner(league, interaction)
        store = self.bot.store
        with self._claim(record, teams):
            # Every refusal the store would give comes here, before the (public) deferral: it stays private.
            await store.check_start(record.id, override=override)
            # Told below: who the Bench Usage Chart sits (DDB "Using the Bench"), whose lineup the DH rule turned.
            benched: list[Replacement] = []
            setup = await store.build_game_setup(record.id, benched)  # refuses a bad lineup before the thread opens
            channel = self._games_channel(league, interaction)
            managed = [side for side, team in teams.items() if team.manager_id is not None]
            asking = {side: await store.manager_asking(league.id, teams[side].manager_id or 0) for side in managed}
            await interaction.response.defer(thinking=True)
            name = f"Day {record.day}: {teams['away'].name} at {teams['home'].name}"
            thread = await self.bot.sessions.pacer.call(  # paced, and tried again after a 5xx
                channel.id,
                lambda: channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread),
                "thread",
            )
            try:
                record = await store.start_game(
                    record.id,
                    setup=setup,
                    seed=seed,
                    managed=managed,
                    asking=asking,
                    channel_id=channel.id,
                    thread_id=thread.id,
                    override=override,
                    told=benched,
                )
            except BaseException:
                # The one place a refused start cleans up: no thread is left without its game.
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
                raise  # DugoutTree.on_error answers privately, even after the deferral
            await self.bot.sessions.start(record)
        people = (
            ", ".join(f"{teams[s].name} by <@{teams[s].manager_id}> (asked {ASKING[asking[s]]})" for s in managed)
            or "nobody"
        )
        await interaction.followup.send(
            f"Game #{record.id} is on in {thread.mention}. Managed: {people}. "
            "`/game asking` changes how often; the scoreboard's Call time button brings the full menu."
            + "".join(f"\n{r.text}." for r in benched)
        )

    def _games_channel(self, league: League, interaction: discord.Interaction) -> discord.TextChannel:
        channel = self.bot.get_channel(league.channels["games"]) if "games" in league.channels else None
        if channel is None:
            channel = interaction.channel
            if isinstance(channel, discord.Thread):
                channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            raise UserError("Games open threads in a text channel; use the command there, or set `/league channel`.")
        return channel

    @app_commands.command(description="The scoreboard of a live game (or the final of a finished one)")
    @app_commands.describe(game="The game (default: this thread's, or the one live game)")
    @app_commands.autocomplete(game=autocomplete.games)
    async def status(self, interaction: discord.Interaction, game: str | None = None) -> None:
        league = await server_league(self.bot, interaction)
        record = await self._record(league, interaction, game)
        if record.status not in ("live", "final") or record.forfeited_by:
            raise UserError(f"Game #{record.id} is {record.status}" + (" (forfeited)." if record.forfeited_by else "."))
        session = self.bot.sessions.get(record.id)
        played = session.game if session is not None else await self.bot.store.load_game(record.id)
        title = f"{played.setup.away.name} at {played.setup.home.name}"
        if record.status == "final":
            url = game_link(self.bot.web_url, league, record.id)
            await interaction.response.send_message(
                embeds=box_score_embeds(box_score(played), f"Final: {title}", url=url)[:1]
            )
            return
        embed = scoreboard_embed(played, Names.of(played.setup), record.posted, title)
        if played.pending is not None:
            embed.add_field(name="Waiting on", value=f"the {played.pending.side} manager", inline=False)
        if record.paused:
            embed.add_field(name="Paused", value="a commissioner or manager may `/game resume`", inline=False)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Pause a live game: no plays, no timeouts until it resumes")
    @app_commands.autocomplete(game=autocomplete.games)
    async def pause(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._pause(interaction, game, True)

    @app_commands.command(description="Resume a paused game")
    @app_commands.autocomplete(game=autocomplete.games)
    async def resume(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._pause(interaction, game, False)

    async def _pause(self, interaction: discord.Interaction, game: str | None, paused: bool) -> None:
        league = await server_league(self.bot, interaction)
        record = await self._record(league, interaction, game)
        if not any(manages(t, league, interaction) for t in (await self._teams(record)).values()):
            raise UserError("Only the two teams' managers or a commissioner may pause or resume a game.")
        if not paused and record.status == "live" and not self.bot.sessions.running(record.id):
            # Its session stopped (it gave up after repeated failures, or never started): start it again.
            was_paused = record.paused
            if was_paused:
                record = await self.bot.store.set_paused(record.id, False)
            try:
                await self.bot.sessions.restart(record)
            except GameBusy as exc:  # another process plays it (its host and pid are the operator's business)
                if was_paused:
                    await self.bot.store.set_paused(record.id, True)
                busy = f"Game #{record.id} is being played by another Dugout process; try again later."
                raise UserError(busy) from exc
            await interaction.response.send_message(f"Game #{record.id} restarted where it stood.")
            return
        session = self._live_session(record)
        await session.set_paused(paused)
        word = "paused; `/game resume` plays on" if paused else "resumed"
        await interaction.response.send_message(f"Game #{record.id} {word}.")

    @app_commands.command(description="Forfeit a game: it ends 9-0 for the other team")
    @app_commands.describe(team="The team that forfeits", game="The game (default: this thread's)")
    @app_commands.autocomplete(team=autocomplete.teams, game=autocomplete.games)
    async def forfeit(self, interaction: discord.Interaction, team: str, game: str | None = None) -> None:
        league = await server_league(self.bot, interaction)
        record = await self._record(league, interaction, game)
        teams = await self._teams(record)
        side = await self._side(league, record, team)
        if not manages(teams[side], league, interaction):
            raise UserError(f"Only the manager of {teams[side].name} (or a commissioner) may forfeit for it.")
        if record.status == "final":  # refused in private, before the public deferral
            raise UserError(f"Game #{record.id} is already final.")
        # Deferred before the session stops: a session busy posting plays stops only at its next
        # wait (seconds), and Discord drops an interaction not answered within 3 seconds.
        await interaction.response.defer(thinking=True)
        session = self.bot.sessions.get(record.id)
        if session is not None:
            await session.stop()
            self.bot.sessions.forget(record.id)
        await self.bot.store.forfeit_game(record.id, side)
        winner = teams["home" if side == "away" else "away"]
        said = f"{teams[side].name} forfeits game #{record.id}: {winner.name} wins 9-0."
        if session is not None:
            try:  # the thread says so, and the question waiting there loses its buttons
                await session.show_over(f"Forfeited: {said}")
            except discord.HTTPException:  # the game is forfeited all the same
                log.warning("game %d: the forfeit could not be shown in its thread", record.id, exc_info=True)
        await interaction.followup.send(said)

    @app_commands.command(description="Play a scheduled game with both sides auto-managed; post only its result")
    @app_commands.describe(override="Start it before its day, or a postponed game")
    @app_commands.autocomplete(game=autocomplete.games)
    async def autoplay(
        self, interaction: discord.Interaction, game: str, seed: int | None = None, override: bool = False
    ) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        record = await self._record(league, interaction, game)
        store = self.bot.store
        with self._claim(record, await self._teams(record)):
            # The same rules as /game start; a refusal stays private: before the answer is deferred.
            await store.check_start(record.id, override=override)
            benched: list[Replacement] = []
            setup = await store.build_game_setup(record.id, benched)
            await interaction.response.defer(thinking=True)
            record = await store.start_game(
                record.id, setup=setup, seed=seed, channel_id=interaction.channel_id, override=override, told=benched
            )
            played = await store.load_game(record.id)  # nobody manages: the engine plays it to the end
            await store.finish_game(record.id, played.to_dict())
        title = f"{played.setup.away.name} at {played.setup.home.name}"
        final = box_score_embeds(
            box_score(played), f"Final: {title}", url=game_link(self.bot.web_url, league, record.id)
        )[:1]
        if benched:  # who the Bench Usage Chart sat, whose lineup the DH rule turned: above the final
            await interaction.followup.send("\n".join(f"{r.text}." for r in benched), embeds=final)
        else:
            await interaction.followup.send(embeds=final)

    @app_commands.command(description="Answer your side's pending question with any of its options")
    @app_commands.describe(option="The option (the list holds every legal one)")
    async def choose(self, interaction: discord.Interaction, option: str, game: str | None = None) -> None:
        league = await server_league(self.bot, interaction)
        record = await self._record(league, interaction, game)
        session = self._live_session(record)
        request = session.game.pending
        if request is None:
            raise UserError("Nothing is waiting for an answer.")
        team = (await self._teams(record))[request.side]
        if not manages(team, league, interaction):
            raise UserError(f"The question is {team.name}'s; only its manager (or a commissioner) answers it.")
        keys = {o.key: o for o in request.options} | {o.label.lower(): o for o in request.options}
        chosen = keys.get(option) or keys.get(option.lower())
        if chosen is None:
            raise UserError(f"{option!r} is not one of the options; pick one from the list.")
        label = await session.choose(request.side, chosen.key)
        await interaction.response.send_message(f"{team.name}: **{label}**")

    @choose.autocomplete("option")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        live = [s for s in self.bot.sessions.live.values() if s.thread.id == interaction.channel_id]
        if not live or live[0].game.pending is None:
            return []
        return autocomplete.matching(((o.label, o.key) for o in live[0].game.pending.options), current)

    @app_commands.command(name="auto-manager", description="Hand your side to the auto-manager, or take it back")
    @app_commands.describe(on="On: the auto-manager plays your side; off: you do", team="The team (default: yours)")
    @app_commands.autocomplete(team=autocomplete.teams, game=autocomplete.games)
    async def auto_manager(
        self, interaction: discord.Interaction, on: bool, team: str | None = None, game: str | None = None
    ) -> None:
        record, teams, side, session = await self._my_live_side(interaction, team, game)
        await session.set_managed(side, not on)
        word = "the auto-manager now manages" if on else "a person manages"
        await interaction.response.send_message(f"Game #{record.id}: {word} {teams[side].name}.")

    @app_commands.command(description="How often you are asked in this game: every pitch, when it matters, never")
    @app_commands.describe(
        level="How often", team="The team (default: yours)", game="The game (default: this thread's)"
    )
    @app_commands.choices(level=ASKING_CHOICES)
    @app_commands.autocomplete(team=autocomplete.teams, game=autocomplete.games)
    async def asking(
        self, interaction: discord.Interaction, level: str, team: str | None = None, game: str | None = None
    ) -> None:
        record, teams, side, session = await self._my_live_side(interaction, team, game)
        await session.set_asking(side, level)
        await interaction.response.send_message(
            f"Game #{record.id}: {teams[side].name} is asked {ASKING[level]}, from the next call on."
        )

    @app_commands.command(name="asking-default", description="How often you are asked in the league's games")
    @app_commands.describe(level="How often, in every game you start from now on (default: when it matters)")
    @app_commands.choices(level=ASKING_CHOICES)
    async def asking_default(self, interaction: discord.Interaction, level: str) -> None:
        league = await server_league(self.bot, interaction)
        await self.bot.store.set_manager_asking(league.id, interaction.user.id, level)
        await interaction.response.send_message(
            f"In {league.name}'s games you are asked {ASKING[level]} (games already going keep theirs: "
            "`/game asking`).",
            ephemeral=True,
        )

    @app_commands.command(description="Whether you are mentioned when a question waits for you (now and then)")
    @app_commands.describe(on="On: mentioned when asked after a quiet while; off: never mentioned")
    async def pings(self, interaction: discord.Interaction, on: bool) -> None:
        league = await server_league(self.bot, interaction)
        await self.bot.store.set_manager_pings(league.id, interaction.user.id, on)
        self.bot.sessions.set_pings(league.id, interaction.user.id, on)
        words = "mentioned when a question waits for you (at most every 15 minutes)" if on else "never mentioned"
        await interaction.response.send_message(f"In {league.name}'s games you are {words}.", ephemeral=True)

    async def _my_live_side(
        self, interaction: discord.Interaction, team: str | None, game: str | None
    ) -> tuple[GameRecord, dict[str, Team], str, GameSession]:
        """The live game named (or this thread's), its teams, the user's side of it and its session."""
        league = await server_league(self.bot, interaction)
        record = await self._record(league, interaction, game)
        teams = await self._teams(record)
        side = await self._my_side(league, record, teams, interaction, team)
        return record, teams, side, self._live_session(record)

    async def _my_side(
        self,
        league: League,
        record: GameRecord,
        teams: dict[str, Team],
        interaction: discord.Interaction,
        team: str | None,
    ) -> str:
        """The side of the team named, else the user's own team's side; only its manager or a commissioner."""
        if team is not None:
            side = await self._side(league, record, team)
        else:
            mine = [s for s, t in teams.items() if interaction.user.id in t.managers]
            if len(mine) != 1:
                raise UserError("Name the team (`team:`) whose side it is.")
            side = mine[0]
        if not manages(teams[side], league, interaction):
            raise UserError(f"Only the manager of {teams[side].name} (or a commissioner) may do that.")
        return side


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(GameCog(bot))
