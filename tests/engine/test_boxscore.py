"""The box score and line score: derived from the events, they must agree with the game and with each other."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from cards import SAMPLE_SET
from cards.loader import CardSetError, load_set
from engine import innings
from engine.boxscore import BattingLine, BoxScore, box_score, classify, line_score, walk
from engine.dice import ScriptedDice
from engine.events import (
    Event,
    GameEnded,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    RunnerMoved,
    RunnerOut,
    RunScored,
)
from engine.game import Game
from engine.inside_pitch.options import InsidePitchOptions
from engine.lineup import auto_team
from engine.setup import GameSetup, TeamSetup
from engine.situation import HALF_INNING
from engine.stats import innings_pitched
from tests.engine.helpers import CBP, SAN_DIEGO, SEAVER, setup
from tests.engine.test_properties import assert_sound

SEEDS = range(200)


@cache
def helper_games() -> list[Game]:
    return [Game(setup(park=CBP if seed % 3 == 0 else SAN_DIEGO), seed) for seed in SEEDS]


def sample_setup(designated_hitter: bool) -> GameSetup | None:
    """Harbor City at Mesa Valley from the sample set, if the set has them (starters, bullpens, real lineups)."""
    try:
        cardset = load_set(SAMPLE_SET)
    except CardSetError:
        return None

    def build(name: str) -> TeamSetup | None:
        pitchers = [p for p in cardset.pitchers.values() if p.team == name]
        keys = {(p.name, p.team, p.year) for p in pitchers}
        batters = [b for b in cardset.batters.values() if b.team == name and (b.name, b.team, b.year) not in keys]
        starter = next((p for p in pitchers if p.start is not None), None)
        if starter is None or len(batters) < 9:
            return None
        bullpen = [p for p in pitchers if p is not starter]
        return auto_team(name, batters, starter, cardset.batting_card_for(starter), designated_hitter, bullpen)

    away, home = build("Harbor City"), build("Mesa Valley")
    if away is None or home is None:
        return None
    park = next(iter(cardset.ballparks.values()))
    return GameSetup(away, home, park, InsidePitchOptions(designated_hitter=designated_hitter))


@cache
def sample_games() -> list[Game]:
    games = []
    for dh in (False, True):
        game_setup = sample_setup(dh)
        if game_setup is not None:
            games += [Game(game_setup, seed) for seed in range(30)]
    return games


@cache
def all_games() -> list[tuple[Game, BoxScore]]:
    return [(game, box_score(game)) for game in [*helper_games(), *sample_games()]]


def halves(events: list[Event]) -> list[list[Event]]:
    """The events of each half inning."""
    out: list[list[Event]] = []
    for event in events:
        if isinstance(event, HalfInningStarted):
            out.append([])
        if out:
            out[-1].append(event)
    return out


# --- properties over many seeded games (the 10,000-game run is in test_properties) --------


def test_a_few_hundred_games_keep_every_property() -> None:
    for game, _ in all_games():
        assert_sound(game)


def test_the_box_score_is_json_and_the_line_score_its_first_part() -> None:
    game = helper_games()[3]
    data = box_score(game).to_dict()
    assert data["line"] == line_score(game).to_dict()
    assert data["home"]["pitching"][0]["ip"] == innings_pitched(data["home"]["pitching"][0]["outs"])


# --- the scorer's marks ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "notation", "mark"),
    [
        ("K", "K", "K"),
        ("BB", "BB", "BB"),
        ("HBP", "HBP", "HBP"),
        ("HR", "HR", "HR"),
        ("HR8", "HR8", "HR"),
        ("H", "H", "HR"),
        ("S8", "S8", "1B"),
        ("S+7", "S+7", "1B"),
        ("1B", "S6", "1B"),
        ("D7", "D7", "2B"),
        ("T9", "T9", "3B"),
        ("SF8", "SF8", "SF"),
        ("E6", "E6", "E"),
        ("CI", "CI", "CI"),
        ("G6", "G6", None),
        ("DP", "6-4-3", None),
        ("FC", "G4", None),
        ("rare", "rare", None),
        ("GO", "G6", None),
    ],
)
def test_classify(result: str, notation: str, mark: str | None) -> None:
    assert classify(result, notation) == mark


def test_innings_pitched_reads_outs_the_scorers_way() -> None:
    assert [innings_pitched(n) for n in (0, 1, 2, 3, 19, 27)] == ["0.0", "0.1", "0.2", "1.0", "6.1", "9.0"]


# --- a scripted half inning each way, box lines exact ----------------------------------------

# Seaver's card against Bench-card batters (right-handed) in San Diego Stadium (K +2, W -1):
WALK = ((6, 5), (6, 1), (20, 3))  # row 1 column 5 "W"; 3 <= W 10 - 1
HOMER = ((6, 1), (6, 3), (20, 5))  # row 3 column 1 "/HR"; 5 <= HR 20
STRIKEOUT = ((6, 1), (6, 1), (20, 1))  # row 1 column 1 "K"; 1 <= K 9 + 2
WILD_PITCH = ((6, 2), (6, 4), (20, 5))  # row 4 column 2 "WLD", runner on; 5 in WP 1-9


def line_of(box: BoxScore, player: str) -> BattingLine:
    return next(b for t in (box.away, box.home) for b in t.batting if b.player == player)


def test_a_scripted_first_inning_gives_exact_box_lines() -> None:
    no_strategy = (20, 12)  # the strategy roll with a man on (ATT 1, BNT 2: 12 calls nothing)
    dice = ScriptedDice.of(*WALK, no_strategy, *WILD_PITCH, *HOMER, *STRIKEOUT, *STRIKEOUT, *STRIKEOUT)
    dice.extend([*HOMER, *STRIKEOUT, *WALK, no_strategy, *STRIKEOUT, no_strategy, *STRIKEOUT])
    g = Game(setup(park=CBP), seed=1, dice=dice, until=HALF_INNING)  # the top of the first
    g.state.top = False
    innings.start_half_inning(g)
    innings.play_half_inning(g)
    dice.assert_done()

    box = box_score(g)
    assert box.line.away.innings == (2,) and box.line.home.innings == (1,)
    assert (box.line.away.r, box.line.away.h, box.line.away.e, box.line.away.lob) == (2, 1, 0, 0)
    assert (box.line.home.r, box.line.home.h, box.line.home.e, box.line.home.lob) == (1, 1, 0, 1)
    assert not box.line.final

    walked = line_of(box, "away-c")
    assert (walked.pa, walked.ab, walked.r, walked.h, walked.bb, walked.rbi) == (1, 0, 1, 0, 1, 0)
    homer = line_of(box, "away-1b")
    assert (homer.pa, homer.ab, homer.r, homer.h, homer.hr, homer.rbi) == (1, 1, 1, 1, 1, 2)
    for player in ("away-2b", "away-3b", "away-ss"):
        assert (line_of(box, player).ab, line_of(box, player).k, line_of(box, player).lob) == (1, 1, 0)
    assert [b.player for b in box.away.batting][:3] == ["away-c", "away-1b", "away-2b"]
    assert line_of(box, "away-p").pa == 0

    assert (line_of(box, "home-3b").k, line_of(box, "home-3b").lob) == (1, 1)
    assert (line_of(box, "home-ss").k, line_of(box, "home-ss").lob) == (1, 1)
    assert line_of(box, "home-c").rbi == 1

    (home_p,) = box.home.pitching
    assert home_p.player == "home-p"
    assert (home_p.ip, home_p.bf, home_p.h, home_p.r, home_p.er, home_p.bb, home_p.k, home_p.hr, home_p.wp) == (
        "1.0",
        5,
        1,
        2,
        2,
        1,
        3,
        1,
        1,
    )
    (away_p,) = box.away.pitching
    assert (away_p.ip, away_p.bf, away_p.h, away_p.r, away_p.bb, away_p.k, away_p.hr, away_p.wp) == (
        "1.0",
        5,
        1,
        1,
        1,
        3,
        1,
        0,
    )
    assert home_p.decision == away_p.decision == ""  # no decisions before the game is over


# --- decisions and scoring rules on hand-written event streams ----------------------------------


def relief_setup() -> GameSetup:
    """The helper teams, each with two relievers in the bullpen."""
    base = setup()

    def with_bullpen(t: TeamSetup, prefix: str) -> TeamSetup:
        arms = tuple(
            SEAVER.model_copy(update={"id": f"{prefix}-r{i}", "name": f"{prefix} reliever {i}"}) for i in (1, 2)
        )
        return TeamSetup(t.name, t.lineup, t.pitcher, t.pitcher_batting, t.bench, arms)

    return GameSetup(with_bullpen(base.away, "away"), with_bullpen(base.home, "home"), base.ballpark, base.options)


class Script:
    """Writes the events of a game by hand: who batted against whom and what happened."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.up = {"away": 0, "home": 0}
        self.batting = "away"

    def half(self, inning: int, top: bool) -> Script:
        self.batting = "away" if top else "home"
        self.events.append(HalfInningStarted(inning, top, self.batting))
        return self

    def batter(self) -> str:
        spots = ["c", "1b", "2b", "3b", "ss", "lf", "cf", "rf", "p"]
        return f"{self.batting}-{spots[self.up[self.batting] % 9]}"

    def outs(self, pitcher: str, n: int = 3) -> Script:
        for _ in range(n):
            batter = self.batter()
            self.events += [
                PlateAppearanceStarted(batter, pitcher, 0, (None, None, None), "R", "R"),
                RunnerOut(batter, 0, "K"),
                PlateAppearanceEnded(batter, pitcher, "K", "K", 1, 0),
            ]
            self.up[self.batting] += 1
        return self

    def homer(self, pitcher: str, earned: bool = True) -> Script:
        batter = self.batter()
        self.events += [
            PlateAppearanceStarted(batter, pitcher, 0, (None, None, None), "R", "R"),
            RunnerMoved(batter, 0, 4, "home run"),
            RunScored(batter, batter, True, earned),
            PlateAppearanceEnded(batter, pitcher, "HR", "HR", 0, 1),
        ]
        self.up[self.batting] += 1
        return self

    def end(self, away: int, home: int, innings: int = 9) -> list[Event]:
        return [*self.events, GameEnded(away, home, innings)]


def decisions(box: BoxScore) -> dict[str, str]:
    return {p.player: p.decision for t in (box.away, box.home) for p in t.pitching if p.decision}


def scripted_game(away_pitchers: list[str], home_pitchers: list[str], away_runs_in: dict[int, int]) -> list[Event]:
    """Nine innings, three Ks a half; the away team homers ``n`` times in inning ``i``. Pitchers by inning."""
    s = Script()
    for inning in range(1, 10):
        s.half(inning, True)
        for _ in range(away_runs_in.get(inning, 0)):
            s.homer(home_pitchers[inning - 1])
        s.outs(home_pitchers[inning - 1])
        s.half(inning, False).outs(away_pitchers[inning - 1])
    total = sum(away_runs_in.values())
    return s.end(total, 0)


def test_a_starter_who_goes_five_with_the_lead_gets_the_win_and_a_short_reliever_the_save() -> None:
    away = ["away-p"] * 8 + ["away-r1"]
    home = ["home-p"] * 9
    box = walk(relief_setup(), scripted_game(away, home, {2: 2}))
    assert decisions(box) == {"away-p": "W", "home-p": "L", "away-r1": "S"}


def test_a_starter_short_of_five_innings_leaves_the_win_to_the_most_effective_reliever() -> None:
    away = ["away-p"] * 4 + ["away-r1"] * 2 + ["away-r2"] * 3
    home = ["home-p"] * 9
    box = walk(relief_setup(), scripted_game(away, home, {1: 1}))
    assert decisions(box)["away-r2"] == "W"  # 9 outs to r1's 6
    assert "away-p" not in decisions(box)
    assert decisions(box)["home-p"] == "L"


@pytest.mark.parametrize(("innings", "winner"), [(6, "away-r1"), (5, "away-p")])
def test_a_starter_needs_five_innings_for_the_win_in_a_six_inning_game_and_four_in_a_five(
    innings: int, winner: str
) -> None:
    """OBR 9.17(b): the starter must pitch five complete innings to be credited with the win, four in a
    game that lasts five innings on defense. He goes four with a lead from the 1st, a reliever the rest:
    in six innings the win is the reliever's; in five, the starter's."""
    s = Script()
    for inning in range(1, innings + 1):
        s.half(inning, True)
        if inning == 1:
            s.homer("home-p")
        s.outs("home-p").half(inning, False).outs("away-p" if inning <= 4 else "away-r1")
    base = relief_setup()
    short = GameSetup(base.away, base.home, base.ballpark, replace(base.options, innings=innings))
    box = walk(short, s.end(1, 0, innings=innings))
    assert decisions(box)[winner] == "W"
    assert [p.ip for p in box.away.pitching] == ["4.0", f"{innings - 4}.0"]


def test_no_save_with_a_lead_of_more_than_three_in_the_last_inning() -> None:
    away = ["away-p"] * 8 + ["away-r1"]
    box = walk(relief_setup(), scripted_game(away, ["home-p"] * 9, {3: 4}))
    assert decisions(box) == {"away-p": "W", "home-p": "L"}


def test_the_loser_is_charged_with_the_go_ahead_run_and_the_winner_is_the_pitcher_of_record_then() -> None:
    # Away leads 1-0 in the 2nd; home ties it in the 6th off the starter and goes ahead in the 8th
    # off a reliever; home's starter went 7, home's r1 pitched the 8th and 9th.
    s = Script()
    home = ["home-p"] * 7 + ["home-r1"] * 2
    away = ["away-p"] * 7 + ["away-r1"] * 2
    for inning in range(1, 10):
        s.half(inning, True)
        if inning == 2:
            s.homer(home[inning - 1])
        s.outs(home[inning - 1])
        if inning == 9:
            break
        s.half(inning, False)
        if inning in (6, 8):
            s.homer(away[inning - 1])
        s.outs(away[inning - 1])
    box = walk(relief_setup(), s.end(1, 2))
    assert decisions(box) == {"home-r1": "W", "away-r1": "L"}
    assert box.line.home.innings == (0, 0, 0, 0, 0, 1, 0, 1)
    assert [p.ip for p in box.home.pitching] == ["7.0", "2.0"]


def test_earned_runs_are_the_scorers_reconstruction_not_the_events_flag() -> None:
    # OBR 9.16: a clean home run is earned whatever RunScored.earned says (tests/engine/test_scorer.py).
    s = Script().half(1, True).homer("home-p", earned=False).outs("home-p")
    s.half(1, False).outs("away-p")
    box = walk(relief_setup(), s.events)
    (pitcher,) = box.home.pitching
    assert (pitcher.r, pitcher.er, box.home.er) == (1, 1, 1)


def test_a_double_play_grounder_is_a_gidp_and_the_run_on_a_fly_out_a_sacrifice_fly() -> None:
    s = Script().half(1, True)
    on_first = ("away-c", None, None)
    events: list[Event] = [
        PlateAppearanceStarted("away-c", "home-p", 0, (None, None, None), "R", "R"),
        RunnerMoved("away-c", 0, 1, "hit"),
        PlateAppearanceEnded("away-c", "home-p", "S8", "S8", 0, 0),
        PlateAppearanceStarted("away-1b", "home-p", 0, on_first, "R", "R"),
        RunnerOut("away-c", 2, "6-4"),
        RunnerOut("away-1b", 0, "6-4-3"),
        PlateAppearanceEnded("away-1b", "home-p", "DP", "DP", 2, 0),
        PlateAppearanceStarted("away-2b", "home-p", 2, (None, None, None), "R", "R"),
        RunnerOut("away-2b", 0, "F8"),
        PlateAppearanceEnded("away-2b", "home-p", "F8", "F8", 1, 0),
        HalfInningStarted(1, False, "home"),
        PlateAppearanceStarted("home-c", "away-p", 0, (None, None, None), "R", "R"),
        RunnerMoved("home-c", 0, 3, "hit"),
        PlateAppearanceEnded("home-c", "away-p", "T9", "T9", 0, 0),
        PlateAppearanceStarted("home-1b", "away-p", 0, (None, None, "home-c"), "R", "R"),
        RunnerOut("home-1b", 0, "F9"),
        RunnerMoved("home-c", 3, 4, "sacrifice fly"),
        RunScored("home-c", "home-1b", True, True),
        PlateAppearanceEnded("home-1b", "away-p", "F9", "F9", 1, 1),
    ]
    box = walk(relief_setup(), [*s.events, *events])
    dp = line_of(box, "away-1b")
    assert (dp.ab, dp.gidp, dp.lob) == (1, 1, 0)
    assert line_of(box, "away-2b").gidp == 0
    fly = line_of(box, "home-1b")
    assert (fly.pa, fly.ab, fly.sf, fly.rbi) == (1, 0, 1, 1)
    assert line_of(box, "home-c").triples == 1
    assert box.home.pitching[0].outs == 3
