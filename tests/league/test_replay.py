"""league.replay: a set's league played through the store and the auto-manager, its totals read back."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from itertools import pairwise
from pathlib import Path

from cards.loader import load_set
from cards.models import Pitcher
from league.replay import play_league, play_season
from tests.cards.test_team_entries import HC_TEAM, make_set
from tests.league.test_teams_from_set import MV_TEAM

# Two teams of one division (a schedule wants every team in a division or none).
TWO_TEAMS = HC_TEAM + MV_TEAM.replace('league = "AL"', 'league = "NL"\ndivision = "E"')


def test_a_tiny_league_plays_the_same_season_from_the_same_seed(tmp_path: Path) -> None:
    folder = make_set(tmp_path, TWO_TEAMS)
    played = play_season(folder, 4, 7)
    assert played.team_games == 8  # 4 games a team, two teams
    counts = ("pa", "ab", "r", "h", "doubles", "triples", "hr", "bb", "k", "hbp", "sf", "sh", "gidp", "sb", "cs")
    totals = {c: sum(line[c] for line in played.batting.values()) for c in counts}
    assert totals == {
        "pa": 314, "ab": 283, "r": 49, "h": 82, "doubles": 18, "triples": 1, "hr": 15, "bb": 28, "k": 44,
        "hbp": 0, "sf": 3, "sh": 0, "gidp": 6, "sb": 5, "cs": 4,
    }  # fmt: skip
    assert played.errors == 7
    assert play_season(folder, 4, 7) == played
    assert play_season(folder, 4, 8) != played


def test_the_league_plays_the_sets_rule_on_the_designated_hitter(tmp_path: Path) -> None:
    def pitchers_batting(dh: bool) -> int:
        folder = make_set(tmp_path / str(dh), TWO_TEAMS)
        meta = folder / "set.toml"
        meta.write_text(meta.read_text() + f"designated_hitter = {str(dh).lower()}\n", encoding="utf-8")
        pitchers = {c.id for c in load_set(folder).all_cards() if isinstance(c, Pitcher)}
        played = play_season(folder, 2, 7)
        return sum(line["pa"] for card, line in played.batting.items() if card in pitchers)

    assert pitchers_batting(True) == 0
    assert pitchers_batting(False) > 0


def test_a_four_man_rotation_era_gives_the_ace_every_fourth_game(tmp_path: Path) -> None:
    # HC's four starters each started 38 of 160 real games, the fifth 8: a four-man rotation. The replay
    # rests its starters three days, not the league's four, so the ace can take every fourth game; resting
    # four, a start every fifth day at most, he could not make his 40 games' pace of 9.5.
    four = ["hc-lyle-brennaman-1970", "hc-chet-morrow-1970", "hc-dwight-halvorsen-1970", "hc-eddie-stroud-1970"]
    starts = ", ".join([*(f'"{c}" = 38' for c in four), '"hc-sammy-pickard-1970" = 8'])
    folder = make_set(
        tmp_path, TWO_TEAMS.replace("bullpen = {", f"games = 160\nstarts = {{ {starts} }}\nbullpen = {{", 1)
    )
    db = tmp_path / "replay.sqlite3"
    asyncio.run(play_league(folder, 40, 3, db))
    with sqlite3.connect(db) as conn:
        rest = json.loads(conn.execute("SELECT rules FROM league").fetchone()[0])["starter_rest_days"]
        days = [d for (d,) in conn.execute(
            "SELECT u.day FROM pitcher_usage u JOIN team t ON t.id = u.team_id"
            " WHERE u.started = 1 AND u.card_id = ? AND t.abbreviation = 'HC' ORDER BY u.day", (four[0],)
        )]  # fmt: skip
        last = conn.execute("SELECT max(day) FROM game").fetchone()[0]
    assert rest == 3
    assert min(b - a for a, b in pairwise(days)) == 4, days  # every fourth day at times
    assert len(days) >= 9, (days, last)
