"""The league's other pages (issue 29): teams, players (card picture, game log), leaders sorted server-side,
history, the draft board and the season's SVG pictures; their numbers are the store's, and an unknown team,
player, season or stat is the 404 page. The bench league and client of test_site."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from aiohttp.test_utils import TestClient

from bot.web import links
from bot.words.pages import stat_value
from league import autoplay, draft
from league.models import League
from league.stats import leaders
from league.store import Store
from tests.bot.web.test_site import TEAMS, page

Client = TestClient[object, object]


async def test_the_team_list_links_every_team(store: Store, league: League, client: Client) -> None:
    text = await page(client, links.page_url("", league, "teams"))
    for team in await store.teams(league.id):
        assert f'href="{links.team_url("", league, team.abbreviation)}"' in text and team.name in text


async def test_a_team_page_has_the_standings_record_its_roster_and_games(
    store: Store, league: League, client: Client
) -> None:
    standings = {row.team: row for row in (await store.standings(league.id))["overall"]}
    teams = await store.teams(league.id)
    games = await store.game_summaries(league.id)
    for team in teams:
        text = await page(client, links.team_url("", league, team.abbreviation.lower()))
        row = standings[team.abbreviation]
        assert f"<strong>{row.w}-{row.l}</strong>" in text and row.w + row.l == 2
        mine = [g for g in games if team.id in (g.away_team_id, g.home_team_id)]
        assert text.count('href="' + links.game_url("", league, 0)[:-1]) == len(mine)
        team_page = await store.team_page(league.id, team.id)
        for line in team_page.roster:
            assert f'href="{links.player_url("", league, line.card_id)}"' in text
        assert "Home" in text and "One-run games" in text  # the splits
    await page(client, links.team_url("", league, "ZZZ"), 404)
    await page(client, links.team_url("", league, teams[0].abbreviation) + "?season=2", 404)
    await page(client, links.team_url("", league, teams[0].abbreviation) + "?season=x", 404)


async def test_a_player_page_has_his_lines_his_card_and_a_game_log_that_adds_up(
    store: Store, league: League, client: Client
) -> None:
    totals = await store.season_stats(league.id)
    card_id = leaders(totals, "h", totals.team_games, 1)[0][0]
    line = totals.batting[card_id]
    text = await page(client, links.player_url("", league, card_id))
    assert f"<h1>{line.name}</h1>" in text
    assert f'<img src="{links.player_url("", league, card_id)}/card.png" alt="{line.name}' in text
    log = await store.player_games(league.id, card_id)
    assert len(log) == line.games and sum(g.batting.h for g in log if g.batting) == line.h
    for g in log:
        ours, theirs = (g.home_runs, g.away_runs) if g.home else (g.away_runs, g.home_runs)
        result = f"{'W' if ours > theirs else 'L'} {ours}-{theirs}"
        assert f'<a href="{links.game_url("", league, g.game_id)}">{result}</a>' in text
    assert "Career in" not in text  # one season: the season's line is his career
    picture = await client.get(links.player_url("", league, card_id) + "/card.png")
    assert picture.status == 200 and picture.content_type == "image/png"
    drawn = await picture.read()
    assert drawn.startswith(b"\x89PNG")
    assert await (await client.get(links.player_url("", league, card_id) + "/card.png")).read() == drawn


async def test_a_pitchers_game_log_has_his_innings(store: Store, league: League, client: Client) -> None:
    totals = await store.season_stats(league.id)
    card_id, outs = leaders(totals, "ip", totals.team_games, 1)[0]
    log = await store.player_games(league.id, card_id)
    season = totals.pitching[card_id]
    assert sum(g.pitching.outs for g in log if g.pitching) == outs and len(log) == season.games
    for pitcher, season in totals.pitching.items():  # every pitcher's decisions and complete games add up too
        log = await store.player_games(league.id, pitcher)
        for count in ("outs", "k", "er", "w", "l", "s", "cg", "games_started"):
            assert sum(getattr(g.pitching, count) for g in log if g.pitching) == getattr(season, count), count
    assert "<h2>Game log, season 1</h2>" in await page(client, links.player_url("", league, card_id))


async def test_an_unknown_card_or_a_ballpark_is_no_players_page(store: Store, league: League, client: Client) -> None:
    await page(client, links.player_url("", league, "no-such-card"), 404)
    await page(client, links.player_url("", league, "no-such-card") + "/card.png", 404)
    park = (await store.teams(league.id))[0].ballpark
    assert park is not None and (await store.card_pool(league.id)).card(park).kind == "ballpark"
    await page(client, links.player_url("", league, park), 404)
    await page(client, links.player_url("", league, park) + "/card.png", 404)


async def test_the_leaders_sort_by_the_column_asked_for(store: Store, league: League, client: Client) -> None:
    totals = await store.season_stats(league.id)
    for stat in ("hr", "avg", "sb"):
        text = await page(client, links.page_url("", league, "leaders") + f"?sort={stat}")
        batting = text.split('<h2 id="batting">')[1].split('<h2 id="pitching">')[0]
        shown = re.findall(r'<th scope="row"><a href="[^"]*/players/([^"]+)">', batting)
        ranked = leaders(totals, stat, totals.team_games, 10_000)
        assert shown == [card_id for card_id, _ in ranked] and shown
        assert f'aria-sort="descending"><a href="?sort={stat}#batting"' in batting
        assert f"<td>{stat_value(stat, ranked[0][1])}</td>" in batting
    text = await page(client, links.page_url("", league, "leaders") + "?sort=era")
    assert "sorted by Earned run average (ERA), lowest first: qualifiers only" in text
    assert "Qualifiers:" in text and "after 2 games" in text
    await page(client, links.page_url("", league, "leaders") + "?sort=bogus", 404)
    await page(client, links.page_url("", league, "leaders") + "?season=2", 404)


async def test_the_history_page(store: Store, league: League, client: Client) -> None:
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(2))
    text = await page(client, links.page_url("", league, "history"))
    for record in await store.season_records(league.id):
        assert f">{record.name}</a>" in text and f"<td>{record.w}</td><td>{record.l}</td>" in text
    assert "The best single seasons" in text and "Career leaders" in text and "Home runs (HR)" in text


async def test_the_draft_board_and_no_draft(store: Store, league: League, client: Client, bench_set: Path) -> None:
    assert "No draft in season 1." in await page(client, links.page_url("", league, "draft"))
    other = await store.create_league("Draft Club", [str(bench_set)])
    teams = [await store.create_team(other.id, name, abbr) for name, abbr in (("Aces", "ACE"), ("Bees", "BEE"))]
    await draft.setup(store, other.id, by=None, order=[t.id for t in teams], rounds=2)
    await draft.start(store, other.id, 1_800_000_000.0, by=None)
    await draft.auto_all(store, other.id, 1_800_000_000.0, by=None)
    made = await store.draft(other.id)
    assert made is not None
    picks = await store.draft_picks(made.id)
    assert len(picks) == 4
    text = await page(client, links.page_url("", other, "draft"))
    pool = await store.card_pool(other.id)
    for pick in picks:
        assert (
            f'{pick.number}.</span> <a href="{links.player_url("", other, pick.card_id)}">{pool.name(pick.card_id)}'
            in text
        )
    await page(client, links.page_url("", other, "draft") + "?season=3", 404)


async def test_the_pictures_are_svg_with_a_line_and_a_bar_a_team(store: Store, league: League, client: Client) -> None:
    standings = {row.team: row for row in (await store.standings(league.id))["overall"]}
    svg = "{http://www.w3.org/2000/svg}"
    for name in ("standings", "runs"):
        response = await client.get(links.league_url("", league) + f"charts/{name}.svg")
        assert response.status == 200 and response.content_type == "image/svg+xml"
        root = ET.fromstring(await response.text())
        groups = root.findall(f"{svg}g")
        assert sorted(g.get("data-team") for g in groups) == sorted(standings) and len(groups) == TEAMS
        for g in groups:
            row = standings[g.get("data-team", "")]
            if name == "standings":
                assert len(g.findall(f"{svg}polyline")) == 1
                assert g.findtext(f"{svg}text", "").endswith(f"{row.w - row.l:+d}")
            else:
                assert len(g.findall(f"{svg}rect")) == 1
    await page(client, links.league_url("", league) + "charts/runs.svg?season=4", 404)
    text = await page(client, links.page_url("", league, "standings"))
    assert text.count("<img src=") == 2 and 'alt="A line for each team' in text
    assert f'href="{links.page_url("", league, "standings")}"' in await page(client, links.league_url("", league))


async def test_no_page_of_another_league_or_unlisted_path(store: Store, league: League, client: Client) -> None:
    unlisted = await store.set_web(league.id, unlisted=True)
    team = (await store.teams(league.id))[0]
    await page(client, links.team_url("", league, team.abbreviation), 404)
    await page(client, links.team_url("", unlisted, team.abbreviation))
    for kind in ("leaders", "history", "draft", "standings", "teams"):
        await page(client, links.page_url("", unlisted, kind))


async def test_every_table_is_wrapped_captioned_and_has_scoped_headers(
    store: Store, league: League, client: Client
) -> None:
    team = (await store.teams(league.id))[0]
    totals = await store.season_stats(league.id)
    player = next(iter(totals.pitching))
    for path in (
        links.page_url("", league, "teams"),
        links.team_url("", league, team.abbreviation),
        links.player_url("", league, player),
        links.page_url("", league, "leaders"),
        links.page_url("", league, "history"),
        links.page_url("", league, "standings"),
    ):
        text = await page(client, path)
        tables = text.count("<table")
        assert tables and text.count('<div class="table-wrap">\n<table') == tables == text.count("<caption>"), path
        assert "<th>" not in text and text.count("<th ") == text.count('<th scope="'), path
