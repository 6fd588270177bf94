"""The bundled Deep Drive sample set: two full 2016 teams that load, field lineups, and keep the
rule book's facts (DDB "Sample Half Inning of Play")."""

from __future__ import annotations

import pytest

from cards import BUNDLED_SETS
from cards.deep_drive.loader import DeepDriveSet, load_deep_drive_set
from cards.deep_drive.models import Ballpark, Batter, Pitcher
from cards.loader import GENERIC_PITCHER_BATTING, load_any_set
from cards.notation import Position
from cards.teams import ROSTER_LIMIT

FOLDER = BUNDLED_SETS / "deep-drive-sample"
TEAMS = ("chn-2016", "cle-2016")


@pytest.fixture(scope="module")
def dds() -> DeepDriveSet:
    return load_deep_drive_set(FOLDER)


def numbers(card: Batter | Pitcher, code: str) -> int:
    chance = card.chance(code)
    return len(chance.numbers) if chance is not None and chance.numbers is not None else 0


def test_the_set_says_what_it_is(dds: DeepDriveSet) -> None:
    assert dds.info.ruleset == "deep-drive"
    assert dds.info.handbook == "default"
    assert "hand-made" in dds.info.description
    assert (FOLDER / "README.md").is_file()
    assert isinstance(load_any_set(FOLDER), DeepDriveSet)


def test_every_card_is_a_deep_drive_card_and_marked_hand_made(dds: DeepDriveSet) -> None:
    cards = dds.all_cards()
    assert {type(c) for c in cards} == {Batter, Pitcher, Ballpark}
    assert all(c.handmade for c in cards)
    assert {p.name for p in dds.ballparks.values()} == {"Wrigley Field", "Progressive Field"}


def test_the_generic_pitcher_at_bat_card(dds: DeepDriveSet) -> None:
    generic = dds.batters[GENERIC_PITCHER_BATTING]
    assert generic.name == "Pitcher At Bat"
    kluber = dds.pitchers["corey-kluber-2016"]
    assert dds.batting_card_for(kluber) is generic
    # He strikes out far more than any regular and takes away most of the pitcher card's walks.
    assert numbers(generic, "SO") > max(numbers(b, "SO") for b in dds.batters.values() if b is not generic)
    assert generic.chances["BB"].rare is not None


@pytest.mark.parametrize("team_id", TEAMS)
def test_each_team_is_full(dds: DeepDriveSet, team_id: str) -> None:
    team = dds.team_entries[team_id]
    batters = [i for i in team.roster if i in dds.batters]
    pitchers = [dds.pitchers[i] for i in team.roster if i in dds.pitchers]
    assert len(team.roster) <= ROSTER_LIMIT
    assert len(batters) >= 13
    assert sum(1 for i in batters if dds.batters[i].fielding(Position.C)) >= 2  # a catcher and his backup
    assert len(team.rotation) == 5
    assert all(dds.pitchers[i].usage.role == "STARTER" for i in team.rotation)
    relievers = [card_id for card_id, _ in team.bullpen.roles()]
    assert len(relievers) >= 7
    assert [dds.pitchers[i].usage.role for i in team.bullpen.closer] == ["CLOSER"]
    assert len(pitchers) == len(team.rotation) + len(relievers)
    assert team.ballpark in dds.ballparks


@pytest.mark.parametrize("team_id", TEAMS)
@pytest.mark.parametrize("hand", ["R", "L"])
def test_each_team_fields_a_legal_lineup_against_either_hand(dds: DeepDriveSet, team_id: str, hand: str) -> None:
    team = dds.team_entries[team_id]
    lineup = team.lineup(hand)
    assert {s.position for s in lineup} == {p for p in Position if p is not Position.P}
    for spot in lineup:
        batter = dds.batters[spot.card_id]
        if spot.position is not Position.DH:
            line = batter.fielding(spot.position)
            assert line is not None and 1 <= line.defense <= 5, (spot, batter.positions)


@pytest.mark.parametrize("team_id", TEAMS)
def test_every_position_has_a_starter_and_someone_behind_him(dds: DeepDriveSet, team_id: str) -> None:
    team = dds.team_entries[team_id]
    batters = [dds.batters[i] for i in team.roster if i in dds.batters]
    infield = (Position.C, Position.FIRST, Position.SECOND, Position.THIRD, Position.SHORT)
    for position in (*infield, Position.LEFT, Position.CENTER):
        assert sum(1 for b in batters if b.fielding(position)) >= 2, position


# --- the book's facts (DDB "Sample Half Inning of Play") ------------------------------------


def test_kluber_strikes_out_on_60_75_and_sends_76_79_to_the_def_chart(dds: DeepDriveSet) -> None:
    kluber = dds.pitchers["corey-kluber-2016"]
    assert str(kluber.chances["SO"]) == "60-75"
    assert str(kluber.chances["DEF"]) == "76-79"
    assert kluber.reading(64) == "SO"  # Fowler strikes out on 64
    assert kluber.reading(76) == "DEF"  # Bryant's 76 goes to the DEF chart
    assert kluber.reading(59) != "SO" and kluber.reading(80) != "DEF"


def test_rizzo_flies_out_to_center_on_41_with_mod_8(dds: DeepDriveSet) -> None:
    rizzo = dds.batters["anthony-rizzo-2016"]
    assert str(rizzo.chances["OUT"]) == "30-49"
    assert rizzo.reading(41) == "OUT"
    assert rizzo.out(8) == "F8"


def test_lindor_plays_short_rated_3_and_davis_plays_center(dds: DeepDriveSet) -> None:
    lindor = dds.batters["francisco-lindor-2016"].fielding(Position.SHORT)
    assert lindor is not None and lindor.defense == 3
    assert dds.batters["rajai-davis-2016"].fielding(Position.CENTER) is not None
    cleveland = dds.team_entries["cle-2016"]
    for hand in ("R", "L"):
        spots = {s.position: s.card_id for s in cleveland.lineup(hand)}
        assert spots[Position.SHORT] == "francisco-lindor-2016"
        assert spots[Position.CENTER] == "rajai-davis-2016"
    assert "corey-kluber-2016" in cleveland.rotation


def test_the_cubs_lead_off_with_fowler_bryant_and_rizzo_against_a_righty(dds: DeepDriveSet) -> None:
    cubs = dds.team_entries["chn-2016"]
    assert dds.pitchers["corey-kluber-2016"].throws == "R"
    assert [s.card_id for s in cubs.lineup("R")[:3]] == [
        "dexter-fowler-2016",
        "kris-bryant-2016",
        "anthony-rizzo-2016",
    ]
    assert all(isinstance(dds.card(i), Batter) for i in ("dexter-fowler-2016", "kris-bryant-2016"))


# --- plausibility: a game between them looks like baseball ------------------------------


def on_base(card: Batter | Pitcher, deep_hits: float) -> float:
    """A card's on-base chances out of its 50 numbers: its walks, hit batsmen and singles, the hits
    among its DD numbers, and about three DEF balls in ten falling in."""
    singles_walks = sum(numbers(card, c) for c in ("SI+", "SI", "BB", "HBP"))
    return singles_walks + numbers(card, "DD") * deep_hits + 0.3 * numbers(card, "DEF")


def hit_share(batter: Batter) -> float:
    return sum(len(r) for code, r in batter.deep_drive.items() if not code.startswith("F")) / 100


@pytest.mark.parametrize("team_id", TEAMS)
def test_lineups_and_staffs_get_on_base_about_as_2016_teams_did(dds: DeepDriveSet, team_id: str) -> None:
    """League OBP .322 makes an average card's half 16 on-base numbers of 50 (50 x (2 x OBP - .322));
    both lineups were better than average and both staffs better than average."""
    team = dds.team_entries[team_id]
    for hand in ("R", "L"):
        cards = [dds.batters[s.card_id] for s in team.lineup(hand)]
        mean = sum(on_base(b, hit_share(b)) for b in cards) / 9
        assert 16 <= mean <= 21, (hand, mean)
    staff = [dds.pitchers[i] for i in team.roster if i in dds.pitchers]
    mean = sum(on_base(p, 0.62) for p in staff) / len(staff)
    assert 9 <= mean <= 16, mean


def home_runs_per_100(batter: Batter) -> float:
    """Home runs per 100 PA against a pitcher with an average DD count (6 numbers of 50)."""
    section = batter.deep_range("HR")
    return (numbers(batter, "DD") + 6) * (len(section) if section else 0) / 100


def test_sluggers_hit_more_home_runs_and_fast_men_run(dds: DeepDriveSet) -> None:
    hr = {b.id: home_runs_per_100(b) for b in dds.batters.values()}
    assert hr["kris-bryant-2016"] > hr["ben-zobrist-2016"] > hr["jason-heyward-2016"]
    assert hr["mike-napoli-2016"] > hr["francisco-lindor-2016"] > hr["michael-martinez-2016"]
    davis = dds.batters["rajai-davis-2016"]
    assert davis.run.value == "VF" and davis.steal.third
    assert davis.steal.rating == max(b.steal.rating for b in dds.batters.values())
    assert dds.batters["miguel-montero-2016"].run.value == "VS"


@pytest.mark.parametrize("team_id", TEAMS)
def test_teams_and_parks_are_rows_of_the_default_handbook(dds: DeepDriveSet, team_id: str) -> None:
    """DDB "Deep Drive - Ballpark Effects" finds the batter's team and the park by id: the sample's
    ids are the default handbook's own, so its 2016 rows are read rather than the average row."""
    from engine.deep_drive.handbook import default_handbook

    handbook = default_handbook()
    team = dds.team_entries[team_id]
    assert team_id in handbook.teams
    assert team.ballpark in handbook.parks
