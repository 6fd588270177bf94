"""A player's game log (Store.player_games) adds up only his own lines of each box score (the web's player
page added up all forty-odd of 162 games): the same lines as the whole box score gives him."""

from __future__ import annotations

import random
from pathlib import Path

from bench.synth import bench_league, write_bench_set
from league import autoplay
from league.stats import season_stats
from league.store import Store


async def test_each_players_game_lines_are_those_of_the_whole_box(store: Store, tmp_path: Path) -> None:
    league = await bench_league(store, write_bench_set(tmp_path / "bench", 2), 2, 6, seed=3)
    await autoplay.advance(store, league.id, 6, rng=random.Random(1))
    teams = {t.id: t.abbreviation for t in await store.teams(league.id)}
    whole = {}
    for record in await store.games(league.id):
        if record.status == "final" and record.box_score is not None:
            box = record.box_score
            whole[record.id] = season_stats([(teams[record.away_team_id], teams[record.home_team_id], box)])
    assert whole
    players = {p for stats in whole.values() for p in (*stats.batting, *stats.pitching)}
    for card_id in players:
        log = await store.player_games(league.id, card_id)
        assert [g.game_id for g in log] == [
            i for i, s in whole.items() if card_id in s.batting or card_id in s.pitching
        ]
        for game in log:
            assert game.batting == whole[game.game_id].batting.get(card_id)
            assert game.pitching == whole[game.game_id].pitching.get(card_id)
