"""league.news (issue 28, the daily news): a day's items from the store, read and never written.

A hand-made day: a real game whose stored box score is made a no-hitter, an injury and a trade on the
same day; the milestones of season totals count the player's totals as they stood at the end of the day.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from league.compact import pack
from league.models import League, Team
from league.news import NewsItem, claim_due, day_news, news_of
from league.stats import PitchingStats, SeasonStats
from league.store import Store
from league.store.news import DayGame, DayRecord
from tests.league.conftest import HC_MANAGER, HC_PLAYERS, MV_MANAGER, MV_PLAYERS, direct, injure, played, unchanged


def pitching(name: str, player: str, *, outs: int = 27, h: int = 0, bb: int = 0, decision: str = "") -> dict[str, Any]:
    counts = dict.fromkeys(("r", "er", "k", "hr", "bf", "hbp", "wp", "bk"), 0)
    return {"player": player, "name": name, "outs": outs, "h": h, "bb": bb, "decision": decision, **counts}


def batting(name: str, player: str, **counts: int) -> dict[str, Any]:
    names = ("pa", "ab", "r", "h", "doubles", "triples", "hr", "rbi", "bb", "k", "hbp", "sf", "sh", "ci")
    line = {"player": player, "name": name, "position": "CF", "spot": 1, **dict.fromkeys(names, 0)}
    return {**line, **counts}


def box(away_pitching: list[dict[str, Any]], home_batting: list[dict[str, Any]], innings: int = 9) -> dict[str, Any]:
    """A box score with just what the news reads: the away team's pitchers against the home team's batters."""
    return {
        "line": {"innings": innings, "final": True},
        "away": {"name": "Away", "batting": [], "pitching": away_pitching, "fielding": []},
        "home": {"name": "Home", "batting": home_batting, "pitching": [pitching("Home P", "hp", h=5)], "fielding": []},
    }


def record(league: League, games: list[DayGame], totals: SeasonStats | None = None, later: tuple = ()) -> DayRecord:  # type: ignore[type-arg]
    return DayRecord(league, 1, 4, {}, {}, (), (), (), tuple(games), totals or SeasonStats(), later)


def milestones(news_items: tuple[NewsItem, ...]) -> list[str]:
    return [item.text for item in news_items if item.kind == "milestone"]


async def test_a_no_hitter_a_perfect_game_and_a_cycle_are_news(league: League) -> None:
    walk = batting("Walker", "w1", bb=1)
    cycle = batting("Cy Cle", "c1", h=4, doubles=1, triples=1, hr=1, ab=4)
    games = [
        DayGame(1, "regular", "AW", "HM", box([pitching("Ace", "a1", decision="W")], [walk])),
        DayGame(2, "playoffs", "AW", "HM", box([pitching("Ace", "a1")], [batting("Out", "o1")])),
        DayGame(3, "regular", "AW", "HM", box([pitching("One", "p1", outs=15), pitching("Two", "p2", outs=12)], [])),
        DayGame(4, "regular", "AW", "HM", box([pitching("Short", "s1", outs=24)], [])),  # home won without the 9th
        DayGame(5, "regular", "AW", "HM", box([pitching("Hit", "h1", h=1)], [cycle])),
    ]
    got = milestones(news_of(record(league, games)).items)
    assert got == [
        "Ace (AW) pitches a no-hitter against HM",
        "Ace (AW) pitches a perfect game against HM in the playoffs",
        "AW (One, Two) combine on a perfect game against HM",
        "Cy Cle (HM) hits for the cycle against AW",
    ]
    # A seven-inning game's no-hitter is seven innings long.
    seven = DayGame(6, "regular", "AW", "HM", box([pitching("Ace", "a1", outs=21, bb=1)], [walk], innings=7))
    assert milestones(news_of(record(league, [seven])).items) == ["Ace (AW) pitches a no-hitter against HM"]


async def test_a_season_total_is_news_the_day_it_is_reached(league: League) -> None:
    totals = SeasonStats()
    totals.pitching["a1"] = PitchingStats("a1", "Ace", "AW", w=21)
    win = box([pitching("Ace", "a1", h=3, decision="W")], [])
    later = (box([pitching("Ace", "a1", h=3, decision="W")], []),)  # his 21st came a day later
    assert milestones(news_of(record(league, [DayGame(1, "regular", "AW", "HM", win)], totals, later)).items) == [
        "Ace (AW) reaches 20 wins"
    ]
    # The next day (no later game) he reached 21: no mark.
    assert milestones(news_of(record(league, [DayGame(2, "regular", "AW", "HM", win)], totals)).items) == []
    # Playoff wins are not the season's.
    assert milestones(news_of(record(league, [DayGame(1, "playoffs", "AW", "HM", win)], totals, later)).items) == []


async def test_a_days_injury_trade_and_no_hitter_from_the_store(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    await store.advance_day(league.id)  # day 2: the signings of day 1 are not this day's news
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup, _ = await store.playable_setup(game.id)
    final = await store.finish_game(
        (await store.start_game(game.id, setup=setup, seed=7)).id, played(await store.game(game.id))
    )
    assert final.box_score is not None
    made = dict(final.box_score)
    made["home"] = {**made["home"], "pitching": [pitching("Gus Hadley", "gh", decision="W")]}
    for line in made["away"]["batting"]:
        line.update(h=0, doubles=0, triples=0, hr=0, bb=0, hbp=0, ci=0)
    for line in made["home"]["fielding"]:
        line.update(e=0)
    with direct(db_path) as conn:
        conn.execute("UPDATE game SET box_z = ? WHERE id = ?", (pack(made), final.id))
        conn.execute("DELETE FROM injury")  # the game's own injuries, if any: the test's is the day's
    injure(db_path, await store.league(league.id), HC_PLAYERS[2], 3)
    trade = await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], [MV_PLAYERS[0]], by=HC_MANAGER)
    await store.accept_trade(trade.id, by=MV_MANAGER)
    pool = await store.card_pool(league.id)
    with unchanged(db_path):
        news = await day_news(store, league.id, 2)
    texts = [(i.kind, i.text) for i in news.items]
    assert ("milestone", "Gus Hadley (MV) pitches a perfect game against HC") in texts
    assert ("injury", f"{pool.name(HC_PLAYERS[2])} is hurt (game+1d6): out 3 days") in texts
    assert (
        "trade",
        f"Trade: MV get {pool.name(HC_PLAYERS[0])}; HC get {pool.name(MV_PLAYERS[0])}",
    ) in texts
    assert [k for k, _ in texts] == sorted((k for k, _ in texts), key=["milestone", "injury", "trade"].index)
    # Hurt on day 2 for 3 days: his last day out is day 5.
    returns = [i.text for i in (await day_news(store, league.id, 5)).items if i.kind == "return"]
    assert returns == [f"{pool.name(HC_PLAYERS[2])} is healed after 3 days out"]
    assert (await day_news(store, league.id, 3)).items == ()


async def test_two_posters_at_once_get_each_day_once(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    await store.advance_day(league.id, 2)  # day 1 (the teams signed) and a quiet day 2 are due
    first, second = await asyncio.gather(claim_due(store, league.id), claim_due(store, league.id))
    assert sorted(n.day for n in (*first, *second)) == [1]
    assert await store.news_posted(league.id) == (1, 2)
    assert await claim_due(store, league.id) == []
    # Two posters who both read the mark before either claimed: the first claim wins, the second is refused.
    await store.advance_day(league.id)
    assert await store.claim_news_day(league.id, 1, 3) is True
    assert await store.claim_news_day(league.id, 1, 3) is False
    assert await store.claim_news_day(league.id, 1, 2) is False  # never back
