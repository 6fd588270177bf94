"""Live games in Discord: one session per game, playing it in its thread.

A session replays its game from the store (setup + seed + decision log) and shows it in
its thread with as few Discord calls as it can (issue 13: Discord allows about 5 messages
per 5 seconds in a channel and 50 requests a second for the bot):

- each play has one message, which holds its rolls and every decision made in it. While
  a manager is asked, that message is the question (the play so far, then the question
  and its buttons); his click's answer edits it into the next question or the whole play,
  so answering costs no call of the bot's own;
- the scoreboard is edited only when a question is asked, at most every ``BOARD_EVERY``
  seconds while plays go by, and when the game pauses or ends;
- every call goes through the bot's ``Pacer`` (bot.discord.pacing): paced per thread and for
  the whole bot, and tried again after a 5xx, a 429, a timeout or a dropped connection.

An answer is logged and saved before anything follows from it, and how far the thread has
got is saved after every post; a finished play's footer carries its position (game, plate
appearance, event), so after a crash between a post and saving it the session reads the
thread's last messages and does not post the play twice. A finished game is marked once its
box score and standings are posted, so a restart right after the last out still posts them.
A deleted scoreboard or play message is posted again, an archived thread is reopened (or a
new one opened and linked from its channel), a deleted thread replaced. A session that fails
anyway is restarted by its supervisor after a growing delay; ``/game resume`` restarts one
that gave up. A prompt nobody answers in the league's time (re-read while waiting, so a
change applies to the question already asked) is answered by the auto-manager.

Each game has its own lock: a click, a timeout and a command never change one game
at once, and games in different channels never wait on each other.

A live game has one owner (league.lease): a session takes the game's lease when it starts,
the bot renews its games' leases every ``HEARTBEAT_SECONDS`` (and with every answer saved) and
gives each back at the final or when it stops. A game another Dugout process holds is left
alone and tried again at each beat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.discord.checks import manages
from bot.discord.embeds import (
    box_score_embeds,
    chunk_end,
    game_link,
    play_embed,
    play_lines,
    posted_position,
    prompt_embed,
    scoreboard_embed,
)
from bot.discord.layout import messages
from bot.discord.pacing import Pacer, SharedBudget, archived, gone
from bot.discord.prompts import HAND_OVER, prompt_view, scoreboard_view
from bot.words.bracket import series_line
from bot.words.narrate import Names
from engine.boxscore import box_score
from engine.game import AnyGame
from engine.requests import Request
from league.errors import GameBusy, LeagueError
from league.errors import NotFound as NoSuchRecord  # not discord.NotFound
from league.lease import HEARTBEAT_SECONDS, Owner
from league.models import GameRecord, League, Team

if TYPE_CHECKING:
    from bot.discord.app import DugoutBot

log = logging.getLogger("bot.session")

T = TypeVar("T")

PING_EVERY = 15 * 60.0  # seconds: a manager is mentioned when asked only if not mentioned in this long
BOARD_EVERY = 30.0  # seconds: the scoreboard's updates while plays go by with nobody asked
RULES_RECHECK = 5.0  # seconds: a waiting question re-reads the league's prompt timeout this often
RESTART_DELAYS = (1.0, 5.0, 30.0, 120.0, 300.0)  # a failed session's restarts; after the last it gives up
HISTORY = 10  # the thread's last messages read after a restart, for a play posted but not recorded
UNARCHIVE = (discord.Forbidden, discord.NotFound)


@dataclass
class Shown:
    """The current play's message as it should stand: its fields, and what it shows."""

    fields: dict[str, Any]
    stop: int | None = None  # the play is whole: where the next one starts
    seq: int | None = None  # it asks this request
    shown: int = 0  # events shown, the play so far included


@dataclass
class Posted:
    """What the thread was seen to hold after a restart (one read of its last messages)."""

    final: bool = False
    standings: bool = False
    ids: list[int] = field(default_factory=list)


class GameSession:
    """One live game and its thread."""

    def __init__(self, bot: DugoutBot, record: GameRecord, game: AnyGame, thread: discord.Thread) -> None:
        self.bot = bot
        self.game_id = record.id
        self.league_id = record.league_id
        self.team_ids = {"away": record.away_team_id, "home": record.home_team_id}
        self.thread = thread
        self.lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.idle = False
        self.managers: dict[str, list[int]] = {"away": [], "home": []}
        self.lost: GameBusy | None = None  # an answer found the game taken over: the loop stops at its next step
        self._load(record, game)

    def _load(self, record: GameRecord, game: AnyGame) -> None:
        self.game = game
        self.names = Names.of(game.setup)
        self.title = f"{game.setup.away.name} at {game.setup.home.name}"
        self.posted = self.shown = record.posted
        self.scoreboard_id = record.scoreboard_id
        self.paused = record.paused
        self.live_id = record.prompt_id  # the current play's message, asking the question on screen
        self.asked_seq: int | None = None  # the request that message asks (None: ask again)
        self.asked_at = 0.0
        self.board_posted = -1  # events the scoreboard shows
        self.board_at = 0.0
        self.pause_shown = False
        self.seen = Posted()

    # --- the loop -------------------------------------------------------------------------

    def start(self) -> None:
        self.task = asyncio.create_task(self._supervise(), name=f"game {self.game_id}")

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def wake(self) -> None:
        self._wake.set()

    async def _supervise(self) -> None:
        """Play the game; if the session fails, start it again from the store after a pause, a few times."""
        for delay in (*RESTART_DELAYS, None):
            try:
                await self._run()
                return
            except asyncio.CancelledError:
                raise
            except GameBusy as exc:  # its lease lapsed and another process took the game over: leave it
                log.warning("game %d is left to another process: %s", self.game_id, exc)
                self.bot.sessions.forget(self.game_id)
                self.bot.sessions.waiting.add(self.game_id)  # taken up again once that process is done with it
                return
            except Exception:
                if delay is None:
                    log.exception("game %d stopped for good; it stays live and /game resume restarts it", self.game_id)
                    return
                log.warning("game %d: its session failed; it restarts in %.0fs", self.game_id, delay, exc_info=True)
                await self._idle(asyncio.sleep(delay))
                record = await self.bot.store.game(self.game_id)
                self._load(record, await self.bot.store.load_game(self.game_id))

    async def _run(self) -> None:
        for side, team_id in self.team_ids.items():
            team = await self.bot.store.team(team_id)
            self.managers[side] = list(team.managers)
            for manager in team.managers:
                await self.bot.sessions.load_pings(self.league_id, manager)
        await self._recover()
        await self._show_scoreboard()
        while True:
            self._wake.clear()
            if self.lost is not None:
                raise self.lost
            if self.paused:
                await self._show_paused()
                await self._idle(self._wake.wait())
                continue
            if self.pause_shown:
                self.pause_shown = False
                await self._show_scoreboard()
            rules = (await self.bot.store.league(self.league_id)).rules  # a commissioner may change them
            await self._show_plays(rules.pace_seconds)
            if self.paused:
                continue
            if self.game.over:
                await self._finish()
                return
            request = self.game.pending
            assert request is not None  # the engine stops only for a person's decision or the end
            if self.asked_seq != request.seq:
                await self._ask()
            await self._wait(request, rules.prompt_timeout_seconds)

    async def _wait(self, request: Request, timeout: int) -> None:
        """Wait for an answer; the league's timeout is read again now and then, so a change applies at once."""
        loop = asyncio.get_running_loop()
        while True:
            remaining = self.asked_at + timeout - loop.time() if timeout else None
            if remaining is not None and remaining <= 0:
                await self._time_out(request, timeout)
                return
            if await self._idle(self._woken(RULES_RECHECK if remaining is None else min(remaining, RULES_RECHECK))):
                return
            timeout = (await self.bot.store.league(self.league_id)).rules.prompt_timeout_seconds

    async def _woken(self, seconds: float) -> bool:
        """Woken within ``seconds``? (asyncio.timeout: wait_for in 3.11 can swallow a cancel that comes with a wake.)"""
        try:
            async with asyncio.timeout(seconds):
                await self._wake.wait()
            return True
        except TimeoutError:
            return False

    async def _idle(self, waiting: Awaitable[T]) -> T:
        """Wait with nothing half done: the only place where stopping the bot cancels a session."""
        self.idle = True
        try:
            return await waiting
        finally:
            self.idle = False

    # --- Discord calls --------------------------------------------------------------------

    async def _call(self, make: Callable[[], Awaitable[T]], what: str) -> T:
        """One call, paced and retried (bot.discord.pacing); an archived or deleted thread is reopened or replaced."""
        pacer = self.bot.sessions.pacer
        try:
            return await pacer.call(self.thread.id, make, what)
        except discord.HTTPException as error:
            if archived(error):
                await self._reopen()
            elif isinstance(error, discord.NotFound) and error.code == 10003:
                await self._replace_thread("its thread was deleted")
            else:
                raise
        return await pacer.call(self.thread.id, make, what)

    async def _reopen(self) -> None:
        """Unarchive the thread; if the bot may not, play on in a new one."""
        try:
            edited = await self.bot.sessions.pacer.call(
                self.thread.id, lambda: self.thread.edit(archived=False, locked=False), "unarchive"
            )
            if isinstance(edited, discord.Thread):
                self.thread = edited
        except UNARCHIVE:
            await self._replace_thread("its thread was archived")

    async def _replace_thread(self, why: str) -> None:
        log.warning("game %d: %s; it goes on in a new thread", self.game_id, why)
        self.thread = await self.bot.sessions.new_thread(await self.bot.store.game(self.game_id), self.title)
        self.scoreboard_id = self.live_id = None
        self.asked_seq = None
        self.board_posted = -1

    def _message(self, message_id: int) -> discord.PartialMessage:
        return self.thread.get_partial_message(message_id)

    async def _post(self, **fields: Any) -> int:
        message = await self._call(lambda: self.thread.send(**fields), "post")
        return message.id

    async def _edit(self, message_id: int | None, **fields: Any) -> int:
        """Edit a message of the thread; post it again if it was deleted. The message's id."""
        if message_id is not None:
            try:
                await self._call(lambda: self._message(message_id).edit(**fields), "edit")
                return message_id
            except discord.NotFound as error:
                if not gone(error):
                    raise
                log.info("game %d: message %d was deleted; posting it again", self.game_id, message_id)
        return await self._post(**fields)

    async def _recover(self) -> None:
        """After a restart, read the thread's last messages once: a play posted but not recorded is not posted again."""
        if self.posted >= len(self.game.events) and not self.game.over:
            return
        me = self.bot.user.id if self.bot.user else None

        async def recent() -> list[discord.Message]:
            return [m async for m in self.thread.history(limit=HISTORY)]

        furthest = self.posted
        for message in await self._call(recent, "history"):
            if message.author.id != me:
                continue
            for embed in message.embeds:
                stop = posted_position(embed.footer.text or "", self.game_id)
                if stop is not None and stop > furthest and stop <= len(self.game.events):
                    furthest = stop
                    if message.id == self.live_id:
                        self.live_id = None
                if (embed.title or "").startswith("Final:"):
                    self.seen.final = True
            if message.content.startswith("Standings:"):
                self.seen.standings = True
        if furthest != self.posted:
            log.info("game %d: the thread showed events up to %d already", self.game_id, furthest)
            self.posted = self.shown = furthest
            await self.bot.store.record_posted(self.game_id, self.posted)

    # --- what the thread shows ------------------------------------------------------------

    async def _show_plays(self, pace: int) -> None:
        """Post every whole play not shown yet, ``pace`` seconds apart, saving how far the thread got."""
        loop = asyncio.get_running_loop()
        while not self.paused:
            async with self.lock:
                if chunk_end(self.game.events, self.posted) is None:
                    return
                lines, stop = play_lines(self.game, self.names, self.posted)
                embed = play_embed(lines, self.game, self.names, stop, self.game_id)
                live, self.live_id, self.asked_seq = self.live_id, None, None
            if live is not None:  # the play a question was about, answered while the bot was away
                await self._edit(live, content=None, embed=embed, view=None)
                await self.bot.store.record_prompt(self.game_id, None)
            else:
                await self._post(embed=embed)
            self.posted = self.shown = stop
            await self.bot.store.record_posted(self.game_id, self.posted)
            if loop.time() - self.board_at >= BOARD_EVERY:
                await self._show_scoreboard()
            if pace and stop < len(self.game.events):
                await self._idle(asyncio.sleep(pace))

    async def _show_scoreboard(self, note: str | None = None, buttons: bool = True) -> None:
        embed = scoreboard_embed(self.game, self.names, self.posted, self.title, note)
        teams = {"away": self.game.setup.away.name, "home": self.game.setup.home.name}
        view = scoreboard_view(self.game_id, teams) if buttons and not self.game.over else None
        scoreboard_id = await self._edit(self.scoreboard_id, embed=embed, view=view)
        if scoreboard_id != self.scoreboard_id:
            self.scoreboard_id = scoreboard_id
            await self.bot.store.record_posted(self.game_id, self.posted, self.scoreboard_id)
        self.board_posted, self.board_at = self.posted, asyncio.get_running_loop().time()

    def _render(self, said: str | None) -> Shown:
        """The current play's message: the whole play once it has ended, else the play so far and the question."""
        events = self.game.events
        lines, stop = play_lines(self.game, self.names, self.posted)
        if chunk_end(events, self.posted) is not None:
            embed = play_embed(lines, self.game, self.names, stop, self.game_id)
            return Shown({"content": said, "embed": embed, "view": None}, stop=stop, shown=stop)
        request = self.game.pending
        embeds = [play_embed(lines, self.game, self.names, stop)] if lines else []
        if request is None:  # nothing asked (paused mid-play): the play so far
            return Shown({"content": said, "embeds": embeds, "view": None}, shown=stop)
        team = self.game.setup.away.name if request.side == "away" else self.game.setup.home.name
        managers = self.managers[request.side]
        pinged = [m for m in managers if self.bot.sessions.ping_due(self.league_id, m)]
        ask = " ".join([*(f"<@{m}>" for m in pinged), f"{team} to decide"])
        embeds.append(prompt_embed(request, team, managers))
        content = f"{said}\n{ask}" if said else ask
        view = prompt_view(self.game_id, request, self.game.rules.narration.is_substitution)
        fields = {"content": content, "embeds": embeds, "view": view}
        return Shown(fields, seq=request.seq, shown=stop)

    def _shown(self, shown: Shown) -> int | None:
        """Take in what the current play's message now shows; the message it was, if the play has ended."""
        live = self.live_id
        self.shown = shown.shown
        if shown.stop is not None:
            self.posted, self.live_id, self.asked_seq = shown.stop, None, None
            return live
        self.asked_seq = shown.seq
        if shown.seq is not None:
            self.asked_at = asyncio.get_running_loop().time()
        return None

    async def _ended(self) -> None:
        """A play ended in the message that asked about it: saved as shown."""
        await self.bot.store.record_prompt(self.game_id, None)
        await self.bot.store.record_posted(self.game_id, self.posted)

    async def _ask(self) -> None:
        """The question waiting: in the current play's message (posted with the play's first question)."""
        if self.board_posted != self.posted:
            await self._show_scoreboard()
        async with self.lock:
            shown = self._render(None)
            if shown.stop is not None:
                return  # answered meanwhile: the loop posts the play
            live = self.live_id
            self._shown(shown)
        message_id = await self._edit(live, **shown.fields)
        if message_id != live:
            self.live_id = message_id
            await self.bot.store.record_prompt(self.game_id, message_id)

    async def _answered(self, said: str) -> None:
        """An answer not given by a click (timeout, command, hand-over): the play's message moves on."""
        async with self.lock:
            live = self.live_id
            if live is None:
                return
            shown = self._render(said)
            ended = self._shown(shown)
        message_id = await self._edit(live, **shown.fields)
        if ended is not None:
            await self._ended()
        elif message_id != live:
            self.live_id = message_id
            await self.bot.store.record_prompt(self.game_id, message_id)
        self.wake()

    async def _save(self) -> None:
        """The decisions saved in the transaction that renews the game's lease, so no answer is saved to a
        game another process took over (its lease lapsed); the session then leaves the game to it. The
        member is told without that process's host and pid (the operator's business)."""
        store = self.bot.store
        try:
            async with store.transaction():
                await store.renew_lease(self.game_id, self.bot.sessions.owner)
                await store.save_decisions(self.game_id, self.game)
        except GameBusy as exc:
            self.lost = exc
            self.wake()
            raise GameBusy(
                f"Game #{self.game_id} is being played by another Dugout process; that was not saved."
            ) from exc

    async def _time_out(self, request: Request, timeout: int) -> None:
        async with self.lock:
            if self.paused or self.game.pending is None or self.game.pending.seq != request.seq:
                return
            self.game.auto_answer(by="timeout")
            await self._save()
        label = next(o.label for o in request.options if o.key == request.suggestion)
        minutes = f"{timeout // 60} minutes" if timeout >= 120 else f"{timeout} second" + ("" if timeout == 1 else "s")
        await self._answered(f"No answer within {minutes}: the auto-manager chose **{label}**.")

    def message_deleted(self, message_id: int) -> None:
        """A moderator deleted one of the thread's messages: a question on screen is asked again at once."""
        if message_id == self.live_id and self.asked_seq is not None:
            log.info("game %d: its question was deleted; asking it again", self.game_id)
            self.live_id, self.asked_seq = None, None
            self.wake()

    async def _show_paused(self) -> None:
        """A paused game: the scoreboard says so and loses its buttons, and so does the question."""
        if self.pause_shown:
            return
        self.pause_shown = True
        await self._show_scoreboard("Paused: `/game resume` plays on.", buttons=False)
        if self.live_id is not None and self.asked_seq is not None:
            self.asked_seq = None  # asked again on resuming
            await self._edit(self.live_id, content="Paused: asked again when the game resumes.", view=None)

    async def show_over(self, note: str) -> None:
        """The game ended without its last out (a forfeit): the scoreboard says so, no button is left."""
        await self._show_scoreboard(note, buttons=False)
        if self.live_id is not None:
            await self._edit(self.live_id, content=note, view=None)
            await self.bot.store.record_prompt(self.game_id, None)

    async def _finish(self) -> None:
        """The final, the box score and the standings line, each once even across a crash; the buttons go."""
        store, owner = self.bot.store, self.bot.sessions.owner
        async with self.lock:
            if (await store.game(self.game_id)).status == "live":
                async with store.transaction():  # only while it is still this bot's game; its lease given back
                    await store.renew_lease(self.game_id, owner)
                    await store.finish_game(self.game_id, self.game.to_dict())
                    await store.release_lease(self.game_id, owner)
        await self._show_scoreboard(buttons=False)
        if not self.seen.final:
            league = await store.league(self.league_id)
            url = game_link(self.bot.web_url, league, self.game_id)
            for embeds in messages(box_score_embeds(box_score(self.game), f"Final: {self.title}", url=url)):
                await self._post(embeds=embeds)
        if not self.seen.standings:
            standing = await self._standing()
            await self._post(content=f"Standings: {standing}. Box score: `/boxscore game:{self.game_id}`.")
        await self.bot.store.record_final_posted(self.game_id)
        self.bot.sessions.forget(self.game_id)

    async def _standing(self) -> str:
        """Where the game leaves things: its playoff series, or the season's standings."""
        store = self.bot.store
        series = await store.series_of(self.game_id)
        if series is None:
            standings = await store.standings(self.league_id)
            return " · ".join(f"{r.team} {r.w}-{r.l}" for r in standings["overall"])
        teams = {t.id: t for t in await store.teams(self.league_id)}
        playoffs = await store.playoffs(self.league_id)
        seeds = {s.team_id: s.seed for s in playoffs.seeds} if playoffs is not None else {}
        return f"the series, {series_line(series, teams, seeds)}"

    # --- what people do -------------------------------------------------------------------

    async def teams(self) -> tuple[League, dict[str, Team]]:
        store = self.bot.store
        league = await store.league(self.league_id)
        return league, {side: await store.team(team_id) for side, team_id in self.team_ids.items()}

    async def clicked(self, interaction: discord.Interaction, seq: int, choice: str) -> None:
        """A manager's button or menu: answer the request if it is his to answer and still open.

        The answer's reply edits the play's message into what follows (the next question, or the
        whole play): one call, which Discord does not count against the bot's limits.
        """
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
            await self._save()
            ended = None
            if interaction.message is not None and interaction.message.id == self.live_id:
                shown = self._render(said)
                ended = self._shown(shown)
                fields = shown.fields
            else:  # a question from before a restart, answered on its old message: the loop asks on
                fields = {"content": said, "view": None}
                self.asked_seq = None
        await interaction.response.edit_message(**fields)
        if ended is not None:
            await self._ended()
        self.wake()

    async def choose(self, side: str, key: str) -> str:
        """An answer by command (``/game choose``): the option's label."""
        async with self.lock:
            request = self.game.pending
            if request is None or request.side != side:
                raise ValueError("nothing is waiting for that side's answer")
            self.game.choose(side, key, seq=request.seq)
            await self._save()
            label = next(o.label for o in request.options if o.key == key)
        await self._answered(f"Answered by command: **{label}**")
        return label

    async def set_managed(self, side: str, by_person: bool) -> None:
        """Hand a side to the auto-manager, or take it back (asked as often as its manager likes)."""
        level = "never"
        if by_person:
            team = await self.bot.store.team(self.team_ids[side])
            level = await self.bot.store.manager_asking(self.league_id, team.manager_id or 0)
        async with self.lock:
            if by_person and self.game.asking[side] == "never":
                self.game.set_asking(side, level, seen=self.shown)
            elif not by_person:
                self.game.set_managed(side, False)
            await self._save()
        pending, asked = self.game.pending, self.asked_seq
        if not by_person and asked is not None and (pending is None or pending.seq != asked):
            await self._answered("Answered by the auto-manager.")
        self.wake()

    async def set_asking(self, side: str, level: str) -> None:
        """How often a side is asked from now on: from the next call after the plays the thread has shown."""
        async with self.lock:
            before = self.game.pending
            self.game.set_asking(side, level, seen=self.shown)
            await self._save()
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
            self.game.call_time(side, seen=self.shown)
            await self._save()
        await interaction.response.send_message(
            f"Time! {team.name}'s next call comes with every play and substitution, before the next pitch.",
            ephemeral=True,
        )
        await self._moved_on(before)

    async def _moved_on(self, before: Request | None) -> None:
        """The question on screen was taken back with the plays nobody had seen: its buttons go."""
        pending = self.game.pending
        if self.asked_seq is not None and before is not None and (pending is None or pending.seq != before.seq):
            await self._answered("Taken back: the game goes on from the plays shown, and asks again.")
        self.wake()

    async def set_paused(self, paused: bool) -> None:
        """Pause or play on; the loop updates the thread (scoreboard, question) in its turn."""
        await self.bot.store.set_paused(self.game_id, paused)
        self.paused = paused
        self.wake()

    async def stop(self) -> None:
        """Stop between steps, never between a post and saving it (a second or so at most); the game's
        lease is given back, so another process (or this bot's next start) may play it at once."""
        if self.task is not None:
            for _ in range(500):
                if self.idle or self.task.done():
                    break
                await asyncio.sleep(0.01)
            self.task.cancel()
            while not self.task.done():  # a cancel that came with a wake-up may be lost: cancel at the next wait
                await asyncio.wait({self.task}, timeout=0.05)
                if self.idle:
                    self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        with contextlib.suppress(LeagueError):  # stopping goes on whatever the store says
            await self.bot.store.release_lease(self.game_id, self.bot.sessions.owner)


class Sessions:
    """Every live game the bot is playing, by game id, and what they share: the pacer, the pings."""

    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot
        self.live: dict[int, GameSession] = {}
        # A sharded process shares the bot's request budget with its other processes (bot.discord.pacing).
        shared = SharedBudget(bot.store, lambda: bot.application_id) if bot.my_shards.sharded else None
        self.pacer = Pacer(shared=shared)
        self.pinged: dict[int, float] = {}  # manager: when he was last mentioned (any game)
        self.pings: dict[tuple[int, int], bool] = {}  # (league, manager): pings on
        self.owner = Owner.this_process()  # holds the lease of every live game this bot plays (league.lease)
        self.waiting: set[int] = set()  # live games another process holds: tried again at each beat
        self._keeper: asyncio.Task[None] | None = None

    def get(self, game_id: int) -> GameSession | None:
        return self.live.get(game_id)

    def running(self, game_id: int) -> bool:
        session = self.live.get(game_id)
        return session is not None and session.running

    def forget(self, game_id: int) -> None:
        session = self.live.pop(game_id, None)
        if session is not None:
            self.pacer.forget(session.thread.id)

    def message_deleted(self, channel_id: int, message_id: int) -> None:
        for session in self.live.values():
            if session.thread.id == channel_id:
                session.message_deleted(message_id)

    async def load_pings(self, league_id: int, manager: int) -> None:
        self.pings[league_id, manager] = await self.bot.store.manager_pings(league_id, manager)

    def set_pings(self, league_id: int, manager: int, on: bool) -> None:
        self.pings[league_id, manager] = on

    def ping_due(self, league_id: int, manager: int) -> bool:
        """Mention a manager asked now? Only if he wants pings and was not mentioned in the last PING_EVERY."""
        if not self.pings.get((league_id, manager), True):
            return False
        now = time.monotonic()
        if now - self.pinged.get(manager, -PING_EVERY) < PING_EVERY:
            return False
        self.pinged[manager] = now
        return True

    async def new_thread(self, record: GameRecord, title: str) -> discord.Thread:
        """A new thread for a game whose thread is gone, linked from its channel; the store points at it."""
        if record.channel_id is None:
            raise ValueError(f"game {record.id} has no channel to open a thread in")
        channel = self.bot.get_channel(record.channel_id) or await self.bot.fetch_channel(record.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise ValueError(f"game {record.id}: channel {record.channel_id} is not a text channel")
        name = f"Day {record.day}: {title}"[:100]
        thread = await self.pacer.call(
            channel.id, lambda: channel.create_thread(name=name, type=discord.ChannelType.public_thread), "thread"
        )
        await self.pacer.call(
            channel.id, lambda: channel.send(f"Game #{record.id} goes on in {thread.mention}."), "post"
        )
        await self.bot.store.set_game_channel(record.id, channel.id, thread.id)
        return thread

    async def start(self, record: GameRecord) -> GameSession:
        """Play a live game in its thread (the store has it live, with a thread); a deleted thread is replaced.

        A live game's lease is taken first: :class:`GameBusy` (nothing changed) while another process plays it."""
        if record.id in self.live:
            return self.live[record.id]
        if record.thread_id is None:
            raise ValueError(f"game {record.id} has no thread")
        if record.status == "live":  # a final game whose end is unposted has no owner to ask
            await self.bot.store.take_lease(record.id, self.owner)
        try:
            game = await self.bot.store.load_game(record.id)
            try:
                thread = self.bot.get_channel(record.thread_id) or await self.bot.fetch_channel(record.thread_id)
            except discord.NotFound:
                log.warning("game %d: its thread was deleted; it goes on in a new one", record.id)
                thread = await self.new_thread(record, f"{game.setup.away.name} at {game.setup.home.name}")
            if not isinstance(thread, discord.Thread):
                raise ValueError(f"game {record.id}: channel {record.thread_id} is not a thread")
        except BaseException:
            with contextlib.suppress(LeagueError):
                await self.bot.store.release_lease(record.id, self.owner)
            raise
        session = GameSession(self.bot, record, game, thread)
        self.live[record.id] = session
        session.start()
        return session

    async def restart(self, record: GameRecord) -> GameSession:
        """``/game resume`` on a live game whose session is not running (it gave up, or never started)."""
        stale = self.live.pop(record.id, None)
        if stale is not None:
            await stale.stop()
        return await self.start(record)

    async def resume_all(self) -> int:
        """On start-up: every live game picks up where it stood, and a game that ended unposted posts its end
        (a sharded process: those of its shards' leagues only)."""
        resumed = 0
        for record in await self.bot.store.games_to_resume():
            if record.thread_id is None or not await self.bot.runs_league(record.league_id):
                continue  # another shard's process resumes that league's games
            try:
                await self.start(record)
            except GameBusy as exc:
                log.warning("game %d is left alone and tried again later: %s", record.id, exc)
                self.waiting.add(record.id)
                continue
            except discord.HTTPException as exc:
                log.warning("game %d: its thread cannot be reached (%s); it stays live", record.id, exc)
                continue
            resumed += 1
        return resumed

    def keep(self) -> None:
        """Start renewing the leases of the games this bot plays (and trying the games others held)."""
        if self._keeper is None:
            self._keeper = asyncio.create_task(self._keep(), name="dugout leases")

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                await self.beat()
            except Exception:  # a busy database: the next beat tries again, well before a lease lapses
                log.warning("the leases of the live games could not be renewed", exc_info=True)

    async def beat(self) -> None:
        """Renew the lease of each game being played; one that another process took over is stopped and
        left to it until that process is done with it. A game another process held is started once its
        lease is free (given back, lapsed, or its process gone); one deleted meanwhile is dropped. A
        session that stopped for good keeps no lease."""
        for session in list(self.live.values()):
            if not session.running:  # it stopped for good: no lease kept for it (/game resume takes it again)
                await self.bot.store.release_lease(session.game_id, self.owner)
                continue
            if session.game.over:  # its end gives the lease back with the final
                continue
            try:
                await self.bot.store.renew_lease(session.game_id, self.owner)
            except GameBusy as exc:
                log.warning("game %d is left to another process: %s", session.game_id, exc)
                await session.stop()
                self.forget(session.game_id)
                self.waiting.add(session.game_id)
        for game_id in sorted(self.waiting):
            try:
                record = await self.bot.store.game(game_id)
            except NoSuchRecord:  # deleted meanwhile
                self.waiting.discard(game_id)
                continue
            if record.status != "live" or record.id in self.live:
                self.waiting.discard(game_id)
                continue
            try:
                await self.start(record)
            except GameBusy:
                continue
            except discord.HTTPException as exc:
                log.warning("game %d: its thread cannot be reached (%s); it stays live", record.id, exc)
            self.waiting.discard(game_id)

    async def clicked(self, interaction: discord.Interaction, game_id: int, seq: int, choice: str) -> None:
        session = self.live.get(game_id)
        if session is None:
            await interaction.response.send_message(
                "That game is not being played right now (it is over, or paused by the bot's restart).",
                ephemeral=True,
            )
            return
        try:
            await session.clicked(interaction, seq, choice)
        except GameBusy as exc:  # the answer was not saved; the message names no host or pid
            await interaction.response.send_message(str(exc), ephemeral=True)

    async def call_time(self, interaction: discord.Interaction, game_id: int, side: str) -> None:
        session = self.live.get(game_id)
        if session is None:
            await interaction.response.send_message("That game is not being played right now.", ephemeral=True)
            return
        try:
            await session.call_time(interaction, side)
        except GameBusy as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)

    async def stop_all(self) -> None:
        """Stop every session at once: each may take seconds to reach a step's end, and they add up."""
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
            self._keeper = None
        await asyncio.gather(*(session.stop() for session in list(self.live.values())))
        self.live.clear()
