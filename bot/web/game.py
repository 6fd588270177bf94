"""A game's page: its line score, box, scorer's notes and play-by-play; a live game's page follows it.

The play-by-play is the terminal's and the Discord thread's narration (``bot.words.narrate``),
half inning by half inning, each plate appearance's summing-up line with its rolls in a
``<details>``. A live game's page shows what its front end has shown (``GameRecord.posted``, as
the terminal resumes: everything stored when nothing was recorded), so the site never tells a
play before the thread does. Its page follows it with server-sent events (``/games/<id>/events``):
each stream polls the store's cheap :meth:`game_progress` twice a second, and what changed is
replayed and narrated once per game for every reader (:class:`Games`), in a worker thread so the
bot's loop is not held up by a replay.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.web.app import BASE_URL, LEAGUE, STORE, TEMPLATES, int_param, league_of, render
from bot.words.narrate import BATTING_COLUMNS, PITCHING_COLUMNS, Line, Names, double_plays, narrate, scorer_notes
from engine.boxscore import BoxScore, walk
from engine.game import Game
from league.errors import NotFound
from league.models import GameRecord, League
from league.store import Store

POLL_SECONDS = 0.5  # how often a stream asks the store how far its game has got
KEEPALIVE_SECONDS = 15.0  # a comment now and then, so that a reader who left is noticed
MAX_STREAMS = 50  # readers following one game at once; more are told to refresh instead
KEPT = 64  # games whose narrated pages are kept
Progress = tuple[str, int, int]  # Store.game_progress: status, events shown, log size


@dataclass(frozen=True)
class Play:
    """One plate appearance (or the game's end): the line that sums it up and the rolls that made it."""

    summary: str
    lines: tuple[str, ...]
    kind: str  # "result", or "game_over" for the final line


@dataclass
class Half:
    title: str  # "Top of the 1st: Bench 04 batting"
    plays: list[Play] = field(default_factory=list)


def halves(lines: list[Line]) -> list[Half]:
    """The narrated lines grouped as the game was played; lines after the last summing-up (a play
    still going on) wait for its result."""
    out: list[Half] = []
    pending: list[str] = []
    for line in lines:
        if line.kind == "half_inning":
            out.append(Half(line.text))
        elif line.kind in ("result", "game_over"):
            if not out:
                out.append(Half("Before the first pitch"))
            out[-1].plays.append(Play(line.text, tuple(pending), line.kind))
            pending = []
        else:
            pending.append(line.text)
    return out


@dataclass
class View:
    """What a started game's page shows, as of ``progress``."""

    progress: Progress
    box: BoxScore
    notes: dict[str, list[tuple[str, str]]]  # "away"/"home": the scorer's notes under its box
    halves: list[Half]
    lines: list[Line]  # the narration so far, and the events it covers, to go on from
    narrated: int

    def plays(self) -> list[tuple[int, Half, Play]]:
        """Every play shown, in order, with its half's index."""
        return [(i, half, play) for i, half in enumerate(self.halves) for play in half.plays]


def build(record: GameRecord, progress: Progress, before: View | None) -> View:
    """The page of a live or final game (pure and slow: run in a thread), going on from ``before``."""
    game = Game.from_dict(record.game_dict())
    events = game.events
    if record.status == "final":
        shown = len(events)
    else:
        shown = min(record.posted, len(events)) if record.posted else len(events)
    # A front end records a play's end; a game waiting on a manager may end on a roll not read yet.
    final = record.status == "final" or shown < len(events)
    names = Names.of(game.setup)
    if before is not None and before.narrated <= shown:
        more, narrated = narrate(events[:shown], names, before.narrated, final)
        lines = before.lines + more
    else:
        lines, narrated = narrate(events[:shown], names, 0, final)
    box = walk(game.setup, events[:shown])
    dps = double_plays(events[:shown])
    notes = {side: scorer_notes(box.team(side), dps[side]) for side in ("away", "home")}
    return View(progress, box, notes, halves(lines), lines, narrated)


class Games:
    """The pages of the games being read, kept per game so that every reader of a live game costs
    one replay a change, not one each; and how many follow each game."""

    def __init__(self) -> None:
        self._kept: OrderedDict[int, View] = OrderedDict()
        self._building = asyncio.Lock()  # one replay at a time: they are CPU work, and the same game's once
        self.streams: Counter[int] = Counter()

    async def view(self, store: Store, game_id: int, progress: Progress) -> View:
        kept = self._kept.get(game_id)
        if kept is None or kept.progress != progress:
            async with self._building:
                kept = self._kept.get(game_id)
                if kept is None or kept.progress != progress:
                    record = await store.game(game_id)  # read after ``progress``: never older than it
                    # A shorter log: answers taken back (a manager called time); narrate it anew.
                    before = kept if kept is not None and kept.progress[2] <= progress[2] else None
                    kept = await asyncio.to_thread(build, record, progress, before)
                    self._kept[game_id] = kept
        self._kept.move_to_end(game_id)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return kept


GAMES = web.AppKey("games", Games)


async def _game_of(request: web.Request) -> tuple[League, GameRecord]:
    """The league and the game the path names; another league's game is no page of this one."""
    league = await league_of(request)
    record = await request.app[STORE].game(int_param(request, "game_id"))
    if record.league_id != league.id:
        raise NotFound(f"no game {record.id} in {league.name}")
    return league, record


def followed(record: GameRecord, league: League) -> bool:
    """Does the page follow the game? While it is live, or due to start today."""
    return record.status == "live" or (record.status == "scheduled" and record.day == league.day)


async def game_page(request: web.Request) -> web.Response:
    store = request.app[STORE]
    progress = await store.game_progress(int_param(request, "game_id"))  # before the record: never newer
    league, record = await _game_of(request)
    teams = {"away": await store.team(record.away_team_id), "home": await store.team(record.home_team_id)}
    view = None
    if record.status in ("live", "final") and record.forfeited_by is None and record.setup is not None:
        view = await request.app[GAMES].view(store, record.id, progress)
    away, home = teams["away"].name, teams["home"].name
    title = f"{away} {record.away_runs}, {home} {record.home_runs}" if record.status == "final" else f"{away} at {home}"
    return render(
        request,
        "game.html",
        title=f"{title} · {league.name}",
        heading=title,
        league=league,
        game=record,
        teams=teams,
        view=view,
        follow=followed(record, league),
        batting_columns=BATTING_COLUMNS,
        pitching_columns=PITCHING_COLUMNS,
    )


def _event(kind: str, data: dict[str, Any], event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data)}\n\n".encode()


def _after(request: web.Request) -> int:
    """The plays the reader has: the browser's Last-Event-ID on a reconnection, else the page's ``?after=``."""
    text = request.headers.get("Last-Event-ID") or request.query.get("after", "0")
    return int(text) if text.isdigit() and len(text) < 7 else 0


async def game_events(request: web.Request) -> web.StreamResponse:
    """A live game's new plays as server-sent events: "play" (its half and its HTML), "linescore"
    (the table's HTML), and "final" when the game is over (the page then reloads for the whole box)."""
    store, games = request.app[STORE], request.app[GAMES]
    league, record = await _game_of(request)
    teams = {"away": await store.team(record.away_team_id), "home": await store.team(record.home_team_id)}
    if games.streams[record.id] >= MAX_STREAMS:
        raise web.HTTPServiceUnavailable(text="Too many readers follow this game; refresh the page instead.")
    macros = request.app[TEMPLATES].get_template("_game.html").module
    base = request.app[BASE_URL]
    after = _after(request)
    response = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    )
    await response.prepare(request)
    games.streams[record.id] += 1
    loop = asyncio.get_running_loop()
    try:
        seen: Progress | None = None
        quiet_since = loop.time()
        while request.transport is not None and not request.transport.is_closing():
            progress = await store.game_progress(record.id)
            if progress != seen:
                seen = progress
                status = progress[0]
                if status in ("live", "final") and record.forfeited_by is None:
                    view = await games.view(store, record.id, progress)
                    plays = view.plays()
                    for n in range(after, len(plays)):
                        index, half, play = plays[n]
                        html = str(macros.play(play))  # type: ignore[attr-defined]
                        await response.write(_event("play", {"half": index, "title": half.title, "html": html}, n + 1))
                    if len(plays) > after:
                        table = str(macros.linescore(view.box.line, teams, league, base))  # type: ignore[attr-defined]
                        await response.write(_event("linescore", {"html": table}))
                        quiet_since = loop.time()
                    after = max(after, len(plays))
                if status not in ("live", "scheduled"):
                    await response.write(_event("final", {"status": status}))
                    break
            if loop.time() - quiet_since > KEEPALIVE_SECONDS:
                await response.write(b": still here\n\n")
                quiet_since = loop.time()
            await asyncio.sleep(POLL_SECONDS)
    except ConnectionResetError:
        pass  # the reader left
    finally:
        games.streams[record.id] -= 1
        if not games.streams[record.id]:
            del games.streams[record.id]
    return response


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/games/{game_id}", game_page)
    router.add_get(LEAGUE + "/games/{game_id}/events", game_events)
