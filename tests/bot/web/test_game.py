"""A game's page (issue 29, bot.web.game): the line score, the box and the scorer's notes as the store
has them, the play-by-play with its rolls, the 404s, and a live game followed by server-sent events."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from markupsafe import escape

from bench.synth import bench_league, write_bench_set
from bot.web import game as game_module
from bot.web import links
from bot.web.app import make_app
from bot.words.narrate import Names, narrate
from engine.events import PlateAppearanceEnded
from engine.game import Game
from league import autoplay
from league.models import GameRecord, League
from league.store import Store

TEAMS, GAMES = 4, 4
Client = TestClient[object, object]


@pytest.fixture(scope="module")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


@pytest.fixture
async def league(store: Store, bench_set: Path) -> League:
    """A bench league with its first day played and the second day's games scheduled."""
    league = await bench_league(store, bench_set, TEAMS, GAMES, seed=3)
    await autoplay.advance(store, league.id, 1, rng=random.Random(1))
    return await store.league(league.id)


@pytest.fixture
async def client(store: Store) -> AsyncIterator[Client]:
    async with TestClient(TestServer(make_app(store))) as opened:
        yield opened


async def page(client: Client, path: str, status: int = 200) -> str:
    response = await client.get(path)
    text = await response.text()
    assert response.status == status, (path, text[:500])
    return text


async def a_game(store: Store, league: League, status: str) -> GameRecord:
    summary = next(g for g in await store.game_summaries(league.id) if g.status == status)
    return await store.game(summary.id)


def table(text: str, side: str, kind: str) -> str:
    """One table of a team's box: "batting", "pitching" or "fielding"."""
    box = text.split(f'id="box-{side}"')[1].split("</section>")[0]
    return box.split(f'<table class="{kind}">')[1].split("</table>")[0]


def cells(text: str, row_head: str) -> list[str]:
    """The cells of the table row headed by ``row_head`` (its link's text)."""
    row = re.search(rf"<tr><th scope=\"row\">[^<]*<a [^>]*>{re.escape(row_head)}</a></th>(.*?)</tr>", text)
    assert row is not None, row_head
    return re.findall(r"<td[^>]*>(.*?)</td>", row.group(1))


async def test_a_final_games_page_has_the_line_score_box_and_notes_of_the_store(
    store: Store, league: League, client: Client
) -> None:
    record = await a_game(store, league, "final")
    assert record.box_score is not None and record.line_score is not None
    text = await page(client, links.game_url("", league, record.id))
    line = record.line_score
    linescore = text[text.index('id="linescore"') : text.index("</table>", text.index('id="linescore"'))]
    for side in ("away", "home"):
        row = line[side]
        assert cells(linescore, escape(row["name"])) == [*map(str, row["innings"]), *(str(row[k]) for k in "rhe")]
        box = record.box_score[side]
        for batter in box["batting"]:
            shown = cells(table(text, side, "batting"), escape(batter["name"]))
            assert shown[0] == batter["position"] and shown[1:4] == [str(batter[k]) for k in ("ab", "r", "h")]
        for pitcher in box["pitching"]:
            shown = cells(table(text, side, "pitching"), escape(pitcher["name"]))
            assert shown[0] == pitcher["ip"] and shown[1:4] == [str(pitcher[k]) for k in ("h", "r", "er")]
        assert f"<dt>LOB</dt><dd>{box['lob']}</dd>" in text
        for count, label in (("doubles", "2B"), ("hr", "HR")):
            hitters = [b["name"] for b in box["batting"] if b[count]]
            if hitters:
                assert f"<dt>{label}</dt><dd>{escape(hitters[0])}" in text
            else:
                assert f"<dt>{label}</dt>" not in text.split(f'id="box-{side}"')[1].split("</section>")[0]
    teams = {t.id: t for t in await store.teams(league.id)}
    assert f'href="{links.team_url("", league, teams[record.away_team_id].abbreviation)}"' in text
    assert f'href="{links.player_url("", league, record.box_score["home"]["batting"][0]["player"])}"' in text
    assert "<script" not in text  # a final game is not followed


async def test_the_play_by_play_lists_every_plate_appearance_with_its_rolls(
    store: Store, league: League, client: Client
) -> None:
    record = await a_game(store, league, "final")
    game = Game.from_dict(record.game_dict())
    text = await page(client, links.game_url("", league, record.id))
    lines, _ = narrate(game.events, Names.of(game.setup))
    results = [line.text for line in lines if line.kind == "result"]
    plate_appearances = sum(isinstance(e, PlateAppearanceEnded) for e in game.events)
    assert len(results) >= plate_appearances > 50
    plays = text[text.index('id="plays"') :]
    assert plays.count('<li class="play">') == len(results)
    at = 0
    for result in results:  # in the order they were played
        at = plays.index(f"<summary>{escape(result)}</summary>", at)
    assert plays.count("<h3>Top of the 1st") == 1 and "<details>" in plays
    rolls = [line.text for line in lines if line.kind not in ("result", "half_inning", "game_over")]
    assert f"<li>{escape(rolls[0])}</li>" in plays


async def test_another_leagues_game_and_junk_ids_are_not_found(
    store: Store, league: League, bench_set: Path, client: Client
) -> None:
    record = await a_game(store, league, "final")
    other = await store.create_league("Other League", [str(bench_set)])
    await page(client, f"/{other.slug}/games/{record.id}", 404)
    await page(client, f"/{other.slug}/games/{record.id}/events", 404)
    for junk in ("abc", "1x", "-1", "99999", "9" * 30):
        await page(client, f"/{league.slug}/games/{junk}", 404)
        await page(client, f"/{league.slug}/games/{junk}/events", 404)


async def test_a_scheduled_game_shows_its_matchup_and_day_and_a_forfeit_says_so(
    store: Store, league: League, client: Client
) -> None:
    scheduled = await a_game(store, league, "scheduled")
    teams = {t.id: t for t in await store.teams(league.id)}
    away, home = teams[scheduled.away_team_id], teams[scheduled.home_team_id]
    text = await page(client, links.game_url("", league, scheduled.id))
    assert f"<h1>{escape(away.name)} at {escape(home.name)}</h1>" in text
    assert f"day {scheduled.day}" in text and "has not started" in text
    assert 'id="plays"' in text and "live.js" in text  # today's game: followed until it is played
    await store.forfeit_game(scheduled.id, "home")
    text = await page(client, links.game_url("", league, scheduled.id))
    assert f"{escape(home.name)} forfeited the game to {escape(away.name)}" in text
    assert 'id="linescore"' not in text and "live.js" not in text


async def start_live(store: Store, league: League) -> tuple[GameRecord, Game]:
    scheduled = await a_game(store, league, "scheduled")
    await store.start_game(scheduled.id, seed=5, managed=["away", "home"])
    return await store.game(scheduled.id), await store.load_game(scheduled.id)


async def answer_until_a_play_ends(store: Store, record: GameRecord, game: Game) -> None:
    """A manager's answers, stored as the front ends store them, until another plate appearance is over."""
    ended = sum(isinstance(e, PlateAppearanceEnded) for e in game.events)
    while sum(isinstance(e, PlateAppearanceEnded) for e in game.events) == ended:
        assert game.pending is not None
        game.choose(game.pending.side, game.pending.suggestion)
    await store.save_decisions(record.id, game)


async def test_a_live_games_stream_sends_the_next_play_within_two_seconds(
    store: Store, league: League, client: Client
) -> None:
    record, game = await start_live(store, league)
    url = links.game_url("", league, record.id)
    text = await page(client, url)
    assert "live.js" in text and ">Refresh</a>" in text
    shown = text.count('<li class="play">')
    stream = await client.get(f"{url}/events?after={shown}")
    assert stream.status == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    await asyncio.sleep(0.6)  # the stream has seen the game as it stands
    await answer_until_a_play_ends(store, record, game)
    played = asyncio.get_running_loop().time()
    events: list[tuple[str, str]] = []
    async with asyncio.timeout(2):
        while not any(kind == "linescore" for kind, _ in events):
            kind = (await stream.content.readline()).decode()
            if kind.startswith("event: "):
                data = (await stream.content.readline()).decode()
                events.append((kind[7:].strip(), data.removeprefix("data: ")))
    assert asyncio.get_running_loop().time() - played < 2
    new = [json.loads(data) for kind, data in events if kind == "play"]
    assert new and all('<li class="play">' in play["html"] for play in new)
    page_now = await page(client, url)
    assert page_now.count('<li class="play">') == shown + len(new)
    assert all(play["html"].strip() in page_now for play in new)
    stream.close()


async def test_a_live_games_page_shows_no_more_than_its_thread_has(
    store: Store, league: League, client: Client
) -> None:
    record, game = await start_live(store, league)
    for _ in range(3):
        await answer_until_a_play_ends(store, record, game)
    url = links.game_url("", league, record.id)
    everything = (await page(client, url)).count('<li class="play">')
    first = next(i for i, e in enumerate(game.events) if isinstance(e, PlateAppearanceEnded))
    await store.record_posted(record.id, first + 1)  # the thread has shown the first play only
    assert (await page(client, url)).count('<li class="play">') == 1 < everything


async def test_a_final_games_stream_says_final_and_ends(store: Store, league: League, client: Client) -> None:
    record = await a_game(store, league, "final")
    response = await client.get(links.game_url("", league, record.id) + "/events?after=1000")
    async with asyncio.timeout(2):
        body = await response.text()
    assert body.startswith("event: final\n") and body.endswith("\n\n")


async def test_a_stream_ends_when_its_reader_leaves_and_a_game_has_only_so_many(
    store: Store, league: League, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_module, "MAX_STREAMS", 1)
    record, _ = await start_live(store, league)
    url = links.game_url("", league, record.id) + "/events"
    readers = client.server.app[game_module.GAMES].streams
    first = await client.get(url)
    await asyncio.sleep(0.1)
    assert first.status == 200 and readers[record.id] == 1
    await page(client, url, 503)  # one reader too many: told to refresh instead
    first.close()
    async with asyncio.timeout(2):
        while readers[record.id]:
            await asyncio.sleep(0.05)
    assert (await client.get(url)).status == 200  # his place is free again
