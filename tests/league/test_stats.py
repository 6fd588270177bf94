"""Season stats: real box scores added up, rates worked by hand, and who qualifies for the leaders."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import pytest

from bot.terminal.game import build_setup
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.boxscore import BattingLine, FieldingLine, PitchingLine, box_score
from engine.game import Game
from league.stats import (
    BATTING_COUNTS,
    LEADER_STATS,
    PITCHING_COUNTS,
    BattingStats,
    PitchingStats,
    SeasonStats,
    StatsError,
    leaders,
    season_stats,
    team_leaders,
)

Box = tuple[str, str, dict[str, Any]]
KEYS = {"Harbor City": "HC", "Mesa Valley": "MV"}


@cache
def played() -> tuple[Box, ...]:
    """Three real games: Harbor City at Mesa Valley twice, then Mesa Valley at Harbor City."""
    cards = load_set(SAMPLE_SET)
    boxes = []
    for seed, (away, home) in [
        (1, ("Harbor City", "Mesa Valley")),
        (2, ("Harbor City", "Mesa Valley")),
        (3, ("Mesa Valley", "Harbor City")),
    ]:
        game = Game(build_setup(cards, away, home), seed)
        assert game.pending is None, "the game played itself to the end"
        boxes.append((KEYS[away], KEYS[home], box_score(game).to_dict()))
    return tuple(boxes)


def lines(kind: str) -> list[tuple[str, dict[str, Any]]]:
    """(team key, line) for every line of a kind ("batting", "pitching") in the played games."""
    return [
        (team, line)
        for away, home, box in played()
        for side, team in (("away", away), ("home", home))
        for line in box[side][kind]
    ]


def test_season_totals_are_the_sums_of_the_games() -> None:
    stats = season_stats(played())
    for player, season in stats.batting.items():
        mine = [line for _, line in lines("batting") if line["player"] == player]
        assert season.games == len(mine)
        for name in BATTING_COUNTS:
            assert getattr(season, name) == sum(line[name] for line in mine), (player, name)
    for player, pitcher in stats.pitching.items():
        mine = [line for _, line in lines("pitching") if line["player"] == player]
        assert pitcher.games == len(mine)
        for name in PITCHING_COUNTS:
            assert getattr(pitcher, name) == sum(line[name] for line in mine), (player, name)
        for decision, field in (("W", "w"), ("L", "l"), ("S", "s")):
            # a line's decision may hold two marks ("BS, W": a blown save, then the win)
            marks = [str(line["decision"] or "").replace(" ", "").split(",") for line in mine]
            assert getattr(pitcher, field) == sum(decision in m for m in marks)
    all_batting = sum(len(box[side]["batting"]) for _, _, box in played() for side in ("away", "home"))
    assert sum(b.games for b in stats.batting.values()) == all_batting


def test_team_totals_agree_with_the_line_scores() -> None:
    stats = season_stats(played())
    assert stats.team_games == {"HC": 3, "MV": 3}
    for team in ("HC", "MV"):
        scored = allowed = hits = wins = 0
        for away, home, box in played():
            for side, other in (("away", "home"), ("home", "away")):
                if (away, home)[side == "home"] == team:
                    scored += box["line"][side]["r"]
                    hits += box["line"][side]["h"]
                    allowed += box["line"][other]["r"]
                    wins += box["line"][side]["r"] > box["line"][other]["r"]
        batting, pitching = stats.team_batting(team), stats.team_pitching(team)
        assert (batting.games, batting.r, batting.h) == (3, scored, hits)
        assert (pitching.games, pitching.games_started, pitching.r) == (3, 3, allowed)
        assert (pitching.w, pitching.l) == (wins, 3 - wins)
        assert sum(p.games_started for p in stats.pitching.values() if p.team == team) == 3
        assert pitching.h == stats.team_batting("MV" if team == "HC" else "HC").h
    assert stats.team_batting("XX") == BattingStats("XX", "XX", "XX")  # no games yet: zeros


def test_every_player_is_on_the_team_he_played_for() -> None:
    stats = season_stats(played())
    for team, line in lines("batting") + lines("pitching"):
        assert stats.player_team[line["player"]] == team
    starters = [box[side]["pitching"][0]["player"] for _, _, box in played() for side in ("away", "home")]
    for player, pitcher in stats.pitching.items():
        assert pitcher.games_started == starters.count(player)


def hand_box(
    batting: list[BattingLine], pitching: list[PitchingLine], fielding: list[FieldingLine] | None = None
) -> dict[str, Any]:
    """A box score dict with one side's lines; the other side is empty."""
    side = {
        "batting": [b.to_dict() for b in batting],
        "pitching": [p.to_dict() for p in pitching],
        "fielding": [f.to_dict() for f in fielding or []],
    }
    return {"line": {}, "away": side, "home": {"batting": [], "pitching": [], "fielding": []}}


def test_a_player_who_changes_teams_counts_for_the_last_one_and_both_team_totals_keep_his_games() -> None:
    first = hand_box(
        [BattingLine("p1", "Sam Ortiz", "SS", 1, pa=4, ab=4, h=2)], [], [FieldingLine("p1", "Sam", "SS", e=1)]
    )
    second = hand_box(
        [BattingLine("p1", "Sam Ortiz", "2B", 1, pa=5, ab=3, h=1, bb=2)], [], [FieldingLine("p1", "Sam", "2B")]
    )
    stats = season_stats([("AAA", "BBB", first), ("CCC", "BBB", second)])
    sam = stats.batting["p1"]
    assert (sam.team, sam.games, sam.pa, sam.ab, sam.h, sam.bb) == ("CCC", 2, 9, 7, 3, 2)
    assert stats.player_team["p1"] == "CCC"
    assert (stats.team_batting("AAA").h, stats.team_batting("CCC").h) == (2, 1)
    fielding = stats.fielding["p1"]
    assert (fielding.games, fielding.e, fielding.positions) == (2, 1, {"SS": 1, "2B": 1})


def test_batting_rates_by_hand() -> None:
    # 10 AB, 3 H (a double and a home run), 2 BB, 1 HBP, 1 SF: TB 3 + 1 + 3 = 7.
    b = BattingStats("p", "P", "T", pa=14, ab=10, h=3, doubles=1, hr=1, bb=2, hbp=1, sf=1)
    assert (b.singles, b.tb) == (1, 7)
    assert b.avg == pytest.approx(0.300)
    assert b.obp == pytest.approx(6 / 14)
    assert b.slg == pytest.approx(0.700)
    assert b.ops == pytest.approx(6 / 14 + 0.7)
    assert BattingStats("q", "Q", "T").avg == BattingStats("q", "Q", "T").obp == 0.0


def test_pitching_rates_by_hand() -> None:
    # 45.1 innings (136 outs), 10 earned runs, 30 hits and 10 walks.
    p = PitchingStats("p", "P", "T", outs=136, er=10, h=30, bb=10)
    assert p.ip == "45.1"
    assert p.era == pytest.approx(9 * 10 / (136 / 3))  # 1.985
    assert p.whip == pytest.approx(40 / (136 / 3))  # 0.882
    assert PitchingStats("q", "Q", "T", er=2).era == math.inf  # charged with runs, no outs
    assert PitchingStats("q", "Q", "T").era == 0.0


def league_of(batters: list[BattingStats], pitchers: list[PitchingStats]) -> SeasonStats:
    return SeasonStats(batting={b.player: b for b in batters}, pitching={p.player: p for p in pitchers})


def test_rate_leaders_need_the_qualifying_minimum() -> None:
    # The team has played 10 games: batters need 31 PA, pitchers 30 outs (10 innings).
    stats = league_of(
        [
            BattingStats("in", "Just In", "T", pa=31, ab=31, h=10),
            BattingStats("out", "Just Out", "T", pa=30, ab=30, h=20),
            BattingStats("best", "Best", "T", pa=40, ab=40, h=15, hr=2),
        ],
        [
            PitchingStats("ace", "Ace", "T", outs=30, er=5),
            PitchingStats("short", "Short", "T", outs=29, er=0),
            PitchingStats("long", "Long", "T", outs=60, er=3, k=12, w=2),
        ],
    )
    games = {"T": 10}
    assert leaders(stats, "avg", games) == [("best", 15 / 40), ("in", 10 / 31)]
    era = leaders(stats, "era", games)
    assert [p for p, _ in era] == ["long", "ace"]  # lower is better
    assert [v for _, v in era] == pytest.approx([9 * 3 / 20, 9 * 5 / 10])
    assert [p for p, _ in leaders(stats, "era", {"T": 11})] == ["long"]  # 33 outs needed now
    assert leaders(stats, "hr", games) == [("best", 2)]  # no minimum; players with none left out
    assert leaders(stats, "so", games) == [("long", 12)]
    assert leaders(stats, "avg", games, limit=1) == [("best", 15 / 40)]


def test_leaders_break_ties_by_name() -> None:
    stats = league_of([BattingStats("z", "Zed", "T", hr=3), BattingStats("a", "Al", "T", hr=3)], [])
    assert leaders(stats, "hr", {}) == [("a", 3), ("z", 3)]


def test_leaders_from_real_games() -> None:
    stats = season_stats(played())
    top = leaders(stats, "ops", stats.team_games)
    assert top and all(stats.batting[p].pa >= 3.1 * 3 for p, _ in top)
    assert [v for _, v in top] == sorted((v for _, v in top), reverse=True)
    era = leaders(stats, "era", stats.team_games)
    assert [v for _, v in era] == sorted(v for _, v in era)
    assert all(stats.pitching[p].outs >= 9 for p, _ in era)


def test_unknown_stat_and_missing_team_games_are_refused() -> None:
    stats = league_of([BattingStats("p", "P", "T", pa=5, ab=5, h=1)], [])
    with pytest.raises(StatsError, match="no leaders for 'batting average'") as error:
        leaders(stats, "batting average", {"T": 1})
    assert all(key in str(error.value) for key in LEADER_STATS)
    with pytest.raises(StatsError, match="no count for 'T'"):
        leaders(stats, "avg", {})
    with pytest.raises(StatsError, match="limit"):
        leaders(stats, "hr", {"T": 1}, limit=-1)


def test_bad_box_scores_are_refused() -> None:
    good = played()[0][2]
    with pytest.raises(StatsError, match="cannot play itself"):
        season_stats([("HC", "HC", good)])
    with pytest.raises(StatsError, match=r"box score 2 .*no 'home' team box"):
        season_stats([("HC", "MV", good), ("HC", "MV", {"away": good["away"]})])
    broken = {**good, "away": {**good["away"], "batting": [{"player": "x", "name": "X"}]}}
    with pytest.raises(StatsError, match="away side: not a box score line"):
        season_stats([("HC", "MV", broken)])
    negative = {**good, "away": {**good["away"], "batting": [{**good["away"]["batting"][0], "h": -1}]}}
    with pytest.raises(StatsError, match="h must be a count"):
        season_stats([("HC", "MV", negative)])


def test_leaders_in_innings_losses_k_per_nine_and_batters_strikeouts() -> None:
    """K/9 is a rate: it needs an inning a team game (OBR 9.22(b)), as ERA does; the others are counts."""
    ace = PitchingStats("ace", "Ace", "T", outs=30, k=10, l=3)  # 10 innings: K/9 9.00
    short = PitchingStats("short", "Short", "T", outs=3, k=3, l=1)  # 1 inning: K/9 27.00, short of 10
    batter = BattingStats("b", "Bat", "T", pa=40, k=12)
    stats = SeasonStats(batting={"b": batter}, pitching={"ace": ace, "short": short}, team_games={"T": 10})
    assert leaders(stats, "k9", stats.team_games) == [("ace", 9.0)]
    assert leaders(stats, "ip", stats.team_games) == [("ace", 30), ("short", 3)]
    assert leaders(stats, "l", stats.team_games) == [("ace", 3), ("short", 1)]
    assert leaders(stats, "k", stats.team_games) == [("b", 12)]


def test_complete_games_and_shutouts_go_to_a_starter_who_pitched_the_whole_finished_game() -> None:
    """The scorer's CG: the team's only pitcher in a finished game; SHO: a CG with no run against him.
    A starter relieved has neither (the reliever none either), nor does a game that did not end."""
    shutout = hand_box([], [PitchingLine("ace", "Ace", outs=27, h=4, r=0)])
    beaten = hand_box([], [PitchingLine("ace", "Ace", outs=24, h=9, r=3, er=2)])  # a CG loss in eight innings
    relieved = hand_box([], [PitchingLine("ace", "Ace", outs=26, r=0), PitchingLine("pen", "Pen", outs=1)])
    unfinished = {**hand_box([], [PitchingLine("ace", "Ace", outs=15)]), "line": {"final": False}}
    stats = season_stats([("T", "U", box) for box in (shutout, beaten, relieved, unfinished)])
    ace, pen = stats.pitching["ace"], stats.pitching["pen"]
    assert (ace.games_started, ace.cg, ace.sho) == (4, 2, 1)
    assert (pen.cg, pen.sho) == (0, 0)
    team = stats.team_pitching("T")
    assert (team.cg, team.sho) == (2, 1)
    assert leaders(stats, "cg", {"T": 4}) == [("ace", 2)]
    assert leaders(stats, "sho", {"T": 4}) == [("ace", 1)]


def test_team_leaders_rank_every_team_by_its_totals_without_qualifiers() -> None:
    stats = season_stats(played())  # HC and MV, three games each
    hr = team_leaders(stats, "hr")
    assert sorted(hr) == sorted((t, stats.team_batting(t).hr) for t in ("HC", "MV"))
    assert [v for _, v in hr] == sorted((v for _, v in hr), reverse=True)
    era = team_leaders(stats, "era")  # a team's innings are its games': no minimum, lower is better
    assert [v for _, v in era] == sorted(v for _, v in era) and len(era) == 2
    assert era[0][1] == pytest.approx(9 * stats.team_pitching(era[0][0]).er / (stats.team_pitching(era[0][0]).outs / 3))
    tied = SeasonStats(team_games={"ZZ": 1, "AA": 1})  # no hits for either: both shown, by key
    assert team_leaders(tied, "h") == [("AA", 0), ("ZZ", 0)]
    assert team_leaders(stats, "hr", limit=1) == hr[:1]
    with pytest.raises(StatsError, match="no leaders for 'xyz'"):
        team_leaders(stats, "xyz")
