"""Live games in Discord: one session per game, playing it in its thread.

A session replays its game from the store (setup + seed + decision log), posts the
plays its thread has not shown yet, one plate appearance at a time at the league's
pace, keeps the scoreboard message up to date, and asks the manager whose turn it
is with buttons. An answer is logged and saved before anything follows from it, and
how far the thread has got is saved after every post, so a restart resumes where
the game stood: nothing lost, nothing played twice. A prompt nobody answers in the
league's time is answered by the auto-manager, and the thread says so.

Each game has its own lock: a click, a timeout and a command never change one game
at once, and games in different channels never wait on each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.checks import manages
from bot.embeds import box_score_embeds, play_embed, play_lines, prompt_embed, scoreboard_embed
from bot.layout import messages
from bot.narrate import Names
from bot.prompts import HAND_OVER, prompt_view, scoreboard_view
from engine.boxscore import box_score
from engine.game import Game
from engine.requests import Request
from league.models import GameRecord, League, Team

if TYPE_CHECKING:
    from bot.app import DugoutBot

log = logging.getLogger("bot.session")


@dataclass
class Asked:
    """The prompt on screen: which request, in which message."""

    seq: int
    message: discord.Message


class GameSession:
    """One live game and its thread."""

    def __init__(self, bot: DugoutBot, record: GameRecord, game: Game, thread: discord.Thread) -> None:
        self.bot = bot
        self.game_id = record.id
        self.league_id = record.league_id
        self.team_ids = {"away": record.away_team_id, "home": record.home_team_id}
        self.game = game
        self.thread = thread
        self.names = Names.of(game.setup)
        self.title = f"{game.setup.away.name} at {game.setup.home.name}"
        self.posted = record.posted
        self.showing = record.posted  # events being posted now: once taken out of the lock, they are seen
        self.scoreboard_id = record.scoreboard_id
        self.paused = record.paused
        self.stale_prompt_id = record.prompt_id
        self.lock = asyncio.Lock()
        self.asked: Asked | None = None
        self._wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.idle = False

    # --- the loop -------------------------------------------------------------------------

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"game {self.game_id}")

    def wake(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        try:
            await self._show_scoreboard()
            while True:
                self._wake.clear()
                if self.paused:
                    await self._idle(self._wake.wait())
                    continue
                rules = (await self.bot.store.league(self.league_id)).rules  # a commissioner may change them
                await self._show_plays(rules.pace_seconds)
                if self.paused:
                    continue
                if self.game.over:
                    await self._finish()
                    return
                request = self.game.pending
                assert request is not None  # the engine stops only for a person's decision or the end
                if self.asked is None or self.asked.seq != request.seq:
                    await self._ask(request)
                timeout = rules.prompt_timeout_seconds
                try:
                    await self._idle(asyncio.wait_for(self._wake.wait(), timeout=timeout or None))
                except TimeoutError:
                    await self._time_out(request, timeout)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %d stopped; it stays live and resumes when the bot restarts", self.game_id)

    async def _idle(self, waiting: Awaitable[object]) -> None:
        """Wait with nothing half done: the only place where stopping the bot cancels a session."""
        self.idle = True
        try:
            await waiting
        finally:
            self.idle = False

    async def _show_plays(self, pace: int) -> None:
        """Post every play the thread has not shown, ``pace`` seconds apart, saving how far it got."""
        while not self.paused:
            async with self.lock:
                lines, stop = play_lines(self.game, self.names, self.posted)
                if stop == self.posted:
                    return
                embed = play_embed(lines, self.game, self.names, stop) if lines else None
                self.showing = stop  # from here on these plays are on their way to the thread
            if embed is not None:
                await self.thread.send(embed=embed)
            self.posted = stop
            await self._show_scoreboard()
            if pace and stop < len(self.game.events):
                await self._idle(asyncio.sleep(pace))

    async def _show_scoreboard(self) -> None:
        embed = scoreboard_embed(self.game, self.names, self.posted, self.title)
        if self.scoreboard_id is None:
            teams = {"away": self.game.setup.away.name, "home": self.game.setup.home.name}
            message = await self.thread.send(embed=embed, view=scoreboard_view(self.game_id, teams))
            self.scoreboard_id = message.id
        else:
            await self._message(self.scoreboard_id).edit(embed=embed)
        await self.bot.store.record_posted(self.game_id, self.posted, self.scoreboard_id)

    def _message(self, message_id: int) -> discord.PartialMessage:
        return self.thread.get_partial_message(message_id)

    async def _ask(self, request: Request) -> None:
        if self.stale_prompt_id is not None:
            # Asked before a restart: the question moves down to the new message.
            with contextlib.suppress(discord.HTTPException):
                await self._message(self.stale_prompt_id).edit(content="(Asked again below.)", view=None)
            self.stale_prompt_id = None
        team = await self.bot.store.team(self.team_ids[request.side])
        mentions = " ".join(f"<@{m}>" for m in team.managers)
        message = await self.thread.send(
            content=f"{mentions} {team.name} to decide" if mentions else f"{team.name} to decide",
            embed=prompt_embed(request, team.name, team.managers),
            view=prompt_view(self.game_id, request),
        )
        self.asked = Asked(request.seq, message)
        await self.bot.store.record_prompt(self.game_id, message.id)

    async def _time_out(self, request: Request, timeout: int) -> None:
        async with self.lock:
            if self.paused or self.game.pending is None or self.game.pending.seq != request.seq:
                return
            self.game.auto_answer(by="timeout")
            await self.bot.store.save_decisions(self.game_id, self.game)
        label = next(o.label for o in request.options if o.key == request.suggestion)
        minutes = f"{timeout // 60} minutes" if timeout >= 120 else f"{timeout} seconds"
        await self._close_prompt(f"No answer within {minutes}: the auto-manager chose **{label}**.")

    async def _close_prompt(self, text: str) -> None:
        """The prompt on screen loses its buttons and says how it was answered."""
        if self.asked is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.asked.message.edit(content=text, view=None)

    async def _finish(self) -> None:
        async with self.lock:
            await self.bot.store.finish_game(self.game_id, self.game.to_dict())
        for embeds in messages(box_score_embeds(box_score(self.game), f"Final: {self.title}")):
            await self.thread.send(embeds=embeds)
        standings = await self.bot.store.standings(self.league_id)
        table = " · ".join(f"{r.team} {r.w}-{r.l}" for r in standings["overall"])
        await self.thread.send(f"Standings: {table}. Box score: `/boxscore game:{self.game_id}`.")
        self.bot.sessions.forget(self.game_id)

    # --- what people do -------------------------------------------------------------------

    async def teams(self) -> tuple[League, dict[str, Team]]:
        store = self.bot.store
        league = await store.league(self.league_id)
        return league, {side: await store.team(team_id) for side, team_id in self.team_ids.items()}

    async def clicked(self, interaction: discord.Interaction, seq: int, choice: str) -> None:
        """A manager's button or menu: answer the request if it is his to answer and still open."""
        league, teams = await self.teams()
        async with self.lock:
            request = self.game.pending
            if request is None or request.seq != seq:
                await interaction.response.send_message(
                    "That question has already been answered; the game has moved on.", ephemeral=True
                )
                return
            team = teams[request.side]
            if not manages(team, league, interaction):
                await interaction.response.send_message(
                    f"Only the manager of {team.name} (or a commissioner) answers this one.", ephemeral=True
                )
                return
            if choice == HAND_OVER:
                self.game.set_managed(request.side, False)
                said = f"{interaction.user.mention} hands {team.name} to the auto-manager for the rest of the game."
            elif int(choice) >= len(request.options):
                await interaction.response.send_message("That button is out of date; use /game choose.", ephemeral=True)
                return
            else:
                option = request.options[int(choice)]
                self.game.choose(request.side, option.key, seq=seq)
                said = f"{team.name}: **{option.label}** ({interaction.user.display_name})"
            await self.bot.store.save_decisions(self.game_id, self.game)
        await interaction.response.edit_message(content=said, view=None)
        self.wake()

    async def choose(self, side: str, key: str) -> str:
        """An answer by command (``/game choose``): the option's label."""
        async with self.lock:
            request = self.game.pending
            if request is None or request.side != side:
                raise ValueError("nothing is waiting for that side's answer")
            self.game.choose(side, key, seq=request.seq)
            await self.bot.store.save_decisions(self.game_id, self.game)
            label = next(o.label for o in request.options if o.key == key)
        await self._close_prompt(f"Answered by command: **{label}**")
        self.wake()
        return label

    async def set_managed(self, side: str, by_person: bool) -> None:
        """Hand a side to the auto-manager, or take it back (asked as often as its manager likes)."""
        level = "never"
        if by_person:
            team = await self.bot.store.team(self.team_ids[side])
            level = await self.bot.store.manager_asking(self.league_id, team.manager_id or 0)
        async with self.lock:
            if by_person and self.game.asking[side] == "never":
                self.game.set_asking(side, level, seen=self.showing)
            elif not by_person:
                self.game.set_managed(side, False)
            await self.bot.store.save_decisions(self.game_id, self.game)
        pending, asked = self.game.pending, self.asked
        if not by_person and asked is not None and (pending is None or pending.seq != asked.seq):
            await self._close_prompt("Answered by the auto-manager.")
        self.wake()

    async def set_asking(self, side: str, level: str) -> None:
        """How often a side is asked from now on: from the next call after the plays the thread has shown."""
        async with self.lock:
            before = self.game.pending
            self.game.set_asking(side, level, seen=self.showing)
            await self.bot.store.save_decisions(self.game_id, self.game)
        await self._moved_on(before)

    async def call_time(self, interaction: discord.Interaction, side: str) -> None:
        """A manager calls time: his next call, after the plays the thread has shown, comes in full."""
        league, teams = await self.teams()
        team = teams[side]
        if not manages(team, league, interaction):
            await interaction.response.send_message(
                f"Only the manager of {team.name} (or a commissioner) calls time for it.", ephemeral=True
            )
            return
        async with self.lock:
            if self.game.over:
                await interaction.response.send_message("The game is over.", ephemeral=True)
                return
            if self.game.asking[side] == "never":
                await interaction.response.send_message(
                    f"The auto-manager has {team.name}: `/game auto-manager on:False` takes it back.", ephemeral=True
                )
                return
            before = self.game.pending
            self.game.call_time(side, seen=self.showing)
            await self.bot.store.save_decisions(self.game_id, self.game)
        await interaction.response.send_message(
            f"Time! {team.name}'s next call comes with every play and substitution, before the next pitch.",
            ephemeral=True,
        )
        await self._moved_on(before)

    async def _moved_on(self, before: Request | None) -> None:
        """The question on screen was taken back with the plays nobody had seen: its buttons go."""
        pending = self.game.pending
        if self.asked is not None and before is not None and (pending is None or pending.seq != before.seq):
            await self._close_prompt("Taken back: the game goes on from the plays shown, and asks again.")
            self.asked = None
        self.wake()

    async def set_paused(self, paused: bool) -> None:
        await self.bot.store.set_paused(self.game_id, paused)
        self.paused = paused
        self.wake()

    async def stop(self) -> None:
        """Stop between steps, never between a post and saving it (a second or so at most)."""
        if self.task is not None:
            for _ in range(500):
                if self.idle or self.task.done():
                    break
                await asyncio.sleep(0.01)
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task


class Sessions:
    """Every live game the bot is playing, by game id."""

    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot
        self.live: dict[int, GameSession] = {}

    def get(self, game_id: int) -> GameSession | None:
        return self.live.get(game_id)

    def forget(self, game_id: int) -> None:
        self.live.pop(game_id, None)

    async def start(self, record: GameRecord) -> GameSession:
        """Play a live game in its thread (the store has it live, with a thread)."""
        if record.id in self.live:
            return self.live[record.id]
        if record.thread_id is None:
            raise ValueError(f"game {record.id} has no thread")
        thread = self.bot.get_channel(record.thread_id) or await self.bot.fetch_channel(record.thread_id)
        if not isinstance(thread, discord.Thread):
            raise ValueError(f"game {record.id}: channel {record.thread_id} is not a thread")
        game = await self.bot.store.load_game(record.id)
        session = GameSession(self.bot, record, game, thread)
        self.live[record.id] = session
        session.start()
        return session

    async def resume_all(self) -> int:
        """On start-up: every live game with a thread picks up where it stood, its prompt asked again."""
        resumed = 0
        for record in await self.bot.store.live_games():
            if record.thread_id is None:
                continue
            try:
                await self.start(record)
            except discord.HTTPException as exc:
                log.warning("game %d: its thread is gone (%s); it stays live", record.id, exc)
                continue
            resumed += 1
        return resumed

    async def clicked(self, interaction: discord.Interaction, game_id: int, seq: int, choice: str) -> None:
        session = self.live.get(game_id)
        if session is None:
            await interaction.response.send_message(
                "That game is not being played right now (it is over, or paused by the bot's restart).",
                ephemeral=True,
            )
            return
        await session.clicked(interaction, seq, choice)

    async def call_time(self, interaction: discord.Interaction, game_id: int, side: str) -> None:
        session = self.live.get(game_id)
        if session is None:
            await interaction.response.send_message("That game is not being played right now.", ephemeral=True)
            return
        await session.call_time(interaction, side)

    async def stop_all(self) -> None:
        for session in list(self.live.values()):
            await session.stop()
        self.live.clear()
