"""league.playoffs: formats refused with the reason, seeding from the standings' order, pairings and home field."""

from __future__ import annotations

import pytest

from league.playoffs import (
    PRESETS,
    PlayoffError,
    PlayoffFormat,
    Round,
    custom,
    pairings,
    parse_rounds,
    preset,
    seed_teams,
)

# --- formats --------------------------------------------------------------------------------


def test_mlb_home_patterns_are_2_3_2_and_2_2_1_and_all_at_the_higher_seed_in_the_wild_card_round() -> None:
    mlb = preset("mlb")
    assert [r.best_of for r in mlb.rounds] == [3, 5, 7, 7]
    assert [r.home for r in mlb.rounds] == ["HHH", "HHLLH", "HHLLLHH", "HHLLLHH"]
    assert (mlb.teams, mlb.byes, mlb.bracket_rounds, mlb.two_leagues) == (6, 2, 3, True)
    assert [r.wins_needed for r in mlb.rounds] == [2, 3, 4, 4]


def test_a_format_survives_its_dict() -> None:
    for fmt in PRESETS.values():
        assert PlayoffFormat.from_dict(fmt.to_dict()) == fmt
    odd = custom(8, "3:1-1-1, 5, 7:2-2-1-1-1", reseed=True)
    assert PlayoffFormat.from_dict(odd.to_dict()) == odd
    assert [r.home for r in odd.rounds] == ["HLH", "HHLLH", "HHLLHLH"]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Round(4), "a series is a best of 1, 3, 5 or 7; got 4"),
        (lambda: Round(7, "2-2-2"), "the home pattern 2-2-2 covers 6 games; a best of 7 needs 7"),
        (lambda: Round(5, "HHLLH"), "a home pattern is blocks of games like 2-3-2"),
        (lambda: custom(5, "5,7"), "5 teams with 0 byes leaves 5 to play the first round; it needs an even number"),
        (lambda: custom(6, "5,7"), "6 teams with 0 byes leaves 3 after the first round; it must halve"),
        (lambda: custom(4, "5,7", byes=4), "the byes are fewer than the 4 teams that qualify; got 4"),
        (lambda: custom(0, "7"), "2 to 32 teams qualify in each league; got 0"),
        (lambda: custom(1, "5,7"), "with 1 team from each league the two pennant winners meet in one series"),
        (lambda: custom(4, "7"), "4 teams with 0 byes play 2 rounds to a champion (3 with two leagues"),
        (lambda: custom(4, "3,5,7,7"), "4 teams with 0 byes play 2 rounds to a champion"),
        (lambda: custom(4, ""), "give the rounds' series lengths in order"),
        (lambda: parse_rounds("five"), "a round is a series length (1, 3, 5 or 7), optionally :pattern; got 'five'"),
        (
            lambda: preset("nba"),
            "no playoff format called 'nba'; the presets are mlb, world-series, lcs-5, lcs-7, division-series, "
            "wild-card-game, sixteen, top4, top2, none",
        ),
        (lambda: PlayoffFormat.from_dict({"teams": 4, "games": 7}), "unknown playoff setting(s): games"),
    ],
)
def test_bad_formats_are_refused_with_the_reason(make: object, message: str) -> None:
    with pytest.raises(PlayoffError) as exc:
        make()  # type: ignore[operator]
    assert message in str(exc.value)


# --- seeding -----------------------------------------------------------------------------------

# Twelve teams in two leagues of three divisions; ORDER is the standings' order, best first.
AL = {"NYY": "East", "BAL": "East", "TOR": "East", "CLE": "Central", "MIN": "Central", "DET": "Central"}
AL |= {"HOU": "West", "SEA": "West", "TEX": "West"}
NL = {"ATL": "East", "PHI": "East", "NYM": "East", "MIL": "Central", "CHC": "Central", "STL": "Central"}
NL |= {"LAD": "West", "SD": "West", "ARI": "West"}
ORDER = ["ATL", "BAL", "LAD", "PHI", "NYY", "TOR", "MIL", "SD", "SEA", "NYM", "HOU", "CHC"]
ORDER += ["ARI", "MIN", "CLE", "TEX", "STL", "DET"]
DIVISIONS = {t: f"AL {d}" for t, d in AL.items()} | {t: f"NL {d}" for t, d in NL.items()}
LEAGUES = {t: "AL" for t in AL} | {t: "NL" for t in NL}


def seeded(fmt: PlayoffFormat) -> dict[str, list[tuple[int, str, str]]]:
    out: dict[str, list[tuple[int, str, str]]] = {}
    for s in seed_teams(fmt, ORDER, DIVISIONS, LEAGUES):
        out.setdefault(s.bracket, []).append((s.seed, s.team, s.how))
    return out


def test_division_winners_are_seeded_above_better_wild_cards() -> None:
    seeds = seeded(preset("mlb"))
    # BAL wins the AL East; NYY and TOR (better than SEA and MIN) are wild cards, seeded below
    # the division winners SEA (West) and MIN (Central, 14th overall): MLB's postseason format 2022.
    assert seeds["AL"] == [
        (1, "BAL", "division"),
        (2, "SEA", "division"),
        (3, "MIN", "division"),
        (4, "NYY", "wild card"),
        (5, "TOR", "wild card"),
        (6, "HOU", "wild card"),
    ]
    assert seeds["NL"] == [
        (1, "ATL", "division"),
        (2, "LAD", "division"),
        (3, "MIL", "division"),
        (4, "PHI", "wild card"),
        (5, "SD", "wild card"),
        (6, "NYM", "wild card"),
    ]


def test_the_mlb_bracket_byes_and_fixed_pairings() -> None:
    mlb = preset("mlb")
    seeds = seed_teams(mlb, ORDER, DIVISIONS, LEAGUES)
    first = pairings(mlb, seeds, 1, {})
    assert [(m.bracket, m.slot, m.high, m.low, m.best_of, m.home) for m in first] == [
        ("AL", 3, "MIN", "HOU", 3, "HHH"),
        ("AL", 4, "NYY", "TOR", 3, "HHH"),
        ("NL", 3, "MIL", "NYM", 3, "HHH"),
        ("NL", 4, "PHI", "SD", 3, "HHH"),
    ]
    # The lower seeds win both AL series; the byes (1, 2) meet the winners of 4/5 and 3/6.
    second = pairings(mlb, seeds, 2, {("AL", 3): "HOU", ("AL", 4): "TOR", ("NL", 3): "MIL", ("NL", 4): "PHI"})
    assert [(m.bracket, m.slot, m.high, m.low, m.home) for m in second] == [
        ("AL", 1, "BAL", "TOR", "HHLLH"),
        ("AL", 2, "SEA", "HOU", "HHLLH"),
        ("NL", 1, "ATL", "PHI", "HHLLH"),
        ("NL", 2, "LAD", "MIL", "HHLLH"),
    ]
    third = pairings(mlb, seeds, 3, {("AL", 1): "TOR", ("AL", 2): "HOU", ("NL", 1): "ATL", ("NL", 2): "MIL"})
    # TOR (5th seed) beat BAL: HOU (6th) is still the lower seed, so TOR has home field.
    assert [(m.high, m.low) for m in third] == [("TOR", "HOU"), ("ATL", "MIL")]
    # The World Series: home field to the better regular-season record (TOR 6th overall, ATL 1st).
    final = pairings(mlb, seeds, 4, {("AL", 1): "TOR", ("NL", 1): "ATL"})
    assert [(m.bracket, m.high, m.low, m.best_of, m.home) for m in final] == [("", "ATL", "TOR", 7, "HHLLLHH")]


def test_reseeding_sends_the_best_seed_left_against_the_worst() -> None:
    fmt = custom(8, "3,5,7", reseed=True, division_winners=False)
    order = ORDER[:8]
    seeds = seed_teams(fmt, order, {}, {})
    assert [(s.seed, s.team, s.how) for s in seeds][:2] == [(1, "ATL", "record"), (2, "BAL", "record")]
    first = pairings(fmt, seeds, 1, {})
    assert [(m.high, m.low) for m in first] == [("ATL", "SD"), ("BAL", "MIL"), ("LAD", "TOR"), ("PHI", "NYY")]
    # Upsets in slots 1 and 4: seeds 8, 2, 3 and 5 are left.
    won = {("", 1): "SD", ("", 2): "BAL", ("", 3): "LAD", ("", 4): "NYY"}
    assert [(m.high, m.low) for m in pairings(fmt, seeds, 2, won)] == [("BAL", "SD"), ("LAD", "NYY")]
    fixed = custom(8, "3,5,7", division_winners=False)
    # A fixed bracket keeps the winner of 1/8 against the winner of 4/5.
    assert [(m.high, m.low) for m in pairings(fixed, seeds, 2, won)] == [("NYY", "SD"), ("BAL", "LAD")]


def test_a_league_without_divisions_takes_its_top_teams() -> None:
    seeds = seed_teams(preset("top4"), ["C", "A", "D", "B", "E"], {}, {})
    assert [(s.seed, s.team, s.how, s.rank) for s in seeds] == [
        (1, "C", "record", 1),
        (2, "A", "record", 2),
        (3, "D", "record", 3),
        (4, "B", "record", 4),
    ]
    assert [(m.high, m.low) for m in pairings(preset("top4"), seeds, 1, {})] == [("C", "B"), ("A", "D")]


@pytest.mark.parametrize(
    ("fmt", "divisions", "leagues", "message"),
    [
        (preset("mlb"), {}, {}, "the mlb format ends with a round between two leagues' champions"),
        (preset("top4"), {}, {"A": "AL", "B": "AL", "C": "NL", "D": "NL"}, "the teams are in two leagues"),
        (preset("top4"), {}, {"A": "AL"}, "and some are not; put these in one: B, C, D"),
        (preset("top2"), {"A": "X", "B": "Y", "C": "Z"}, {}, "the league has 3 division winners and only 2 teams"),
        (custom(6, "3,5,7", byes=2), {}, {}, "6 teams qualify in the league, which has only 4"),
        (preset("none"), {}, {}, "the league's playoff format is none"),
    ],
)
def test_teams_that_cannot_be_seeded_are_refused(
    fmt: PlayoffFormat, divisions: dict[str, str], leagues: dict[str, str], message: str
) -> None:
    with pytest.raises(PlayoffError) as exc:
        seed_teams(fmt, ["A", "B", "C", "D"], divisions, leagues)
    assert message in str(exc.value)
