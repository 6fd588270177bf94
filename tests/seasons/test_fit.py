"""seasons.fit on hand-built seasons: cards reproduce their targets, extremes are clipped, cards validate."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cards.models import Ballpark, Batter, Pitcher
from engine.inside_pitch.odds import plate_appearance_odds
from seasons.fit import CATS, card_vector, fit_season
from seasons.stats import Batting, Pitching, Player, Season, Stint, TeamSeason

BATTER_RATINGS = {
    "injury": 0,
    "positions": ["1B - 3 (8)"],
    "br": 2,
    "bnt": 2,
    "att": 1,
    "sb": 5,
    "gdp": 2,
    "sf": 2,
}
PITCHER_RATINGS = {
    "injury": 0,
    "positions": ["P - 3 (6)"],
    "start": "(30) 25 / 10",
    "wild_pitch": "1-5",
    "passed_ball": "6-8",
    "hold": 0,
    "steal": 0,
    "gdp": 0,
}


def line(pa: int, h: int, d: int, t: int, hr: int, bb: int, so: int, hbp: int = 4) -> Batting:
    ab = pa - bb - hbp
    return Batting(g=150, pa=pa, ab=ab, h=h, doubles=d, triples=t, hr=hr, bb=bb, so=so, hbp=hbp)


def pitching(bfp: int, h: int, hr: int, bb: int, so: int, hbp: int = 5) -> Pitching:
    return Pitching(g=33, gs=33, ipouts=bfp * 7 // 10, bfp=bfp, h=h, hr=hr, bb=bb, so=so, hbp=hbp)


def player(pid: str, bats: str, throws: str, team: str, b: Batting | None, p: Pitching | None) -> Player:
    return Player(pid, pid.title(), bats, throws, team, b, p, {}, (Stint(team, b, p, {}),))


def season() -> Season:
    players = []
    for t, team in enumerate(("AAA", "BBB")):
        for i in range(9):
            bats = "LRS"[i % 3]
            players.append(
                player(
                    f"bat{t}{i}",
                    bats,
                    "R",
                    team,
                    line(600, 150 + 3 * i, 25 + i, 3, 10 + 2 * i, 50 + i, 90 + 3 * i),
                    None,
                )
            )
        for i in range(5):
            throws = "LR"[i % 2]
            players.append(
                player(
                    f"arm{t}{i}",
                    "R",
                    throws,
                    team,
                    line(60, 8, 1, 0, 0, 3, 25, 0),
                    pitching(900, 210, 20, 70, 150 + 10 * i),
                )
            )
    # the extremes: a .400 hitter, a 60-HR season, a pitcher with no walks, a pitcher who barely bats
    players.append(player("ted", "L", "R", "AAA", line(650, 400, 0, 0, 0, 250, 0, 0), None))  # never out
    players.append(player("slugger", "R", "R", "BBB", line(650, 160, 20, 0, 60, 90, 150), None))
    players.append(player("nowalks", "R", "R", "BBB", None, pitching(400, 90, 8, 0, 60, 0)))
    players.append(player("armonly", "R", "R", "AAA", line(20, 2, 0, 0, 0, 1, 10, 0), pitching(500, 120, 10, 40, 80)))
    by_id = {p.player_id: p for p in players}
    teams = {}
    for team, bpf in (("AAA", 104), ("BBB", 96)):
        roster = [p for p in players if p.team_id == team]
        bat = sum((p.batting for p in roster if p.batting), Batting())
        pit = sum((p.pitching for p in roster if p.pitching), Pitching())
        teams[team] = TeamSeason(
            team, team, team, team, "AL", None, "Park", 162, 81, 81, 81, 700, 700, bpf, bpf, bat, pit, 100, 150
        )
    return Season(1970, ("AL",), teams, by_id)


@pytest.fixture(scope="module")
def fitted():
    return fit_season(season())


def test_cards_reproduce_their_targets(fitted) -> None:
    """Against the final average pitcher, each ordinary batter's card is within the method's rounding.

    K and W move in steps of one rating point (the average pitcher's K or W cells / 20, about
    .02 a PA when the average pitcher carries twice the league's K rate in K cells), and outs
    take up what those steps leave; hits move in steps of the ? cells' 1d20 widths (4/720 of
    the card): allow a step's worth.
    """
    for pid in (f"bat{t}{i}" for t in range(2) for i in range(9)):
        for hand in "LR":
            got, want = fitted.achieved[pid][hand], fitted.targets[pid][hand]
            for cat, g, w in zip(CATS, got, want, strict=True):
                tol = 0.021 if cat in ("K", "BB", "OUT") else 0.006
                assert abs(g - w) <= tol, (pid, hand, cat, g, w)


def test_extremes_are_clipped_and_reported(fitted) -> None:
    names = " ".join(fitted.clipped)
    assert "(ted)" in names  # never out: the pitcher card's ** cells make outs whatever his card says
    assert "armonly" not in fitted.batters  # a pitcher with 20 PA bats with the generic card
    assert "arm00" in fitted.batters  # 60 PA: his own card
    assert "slugger" in fitted.batters


def test_every_card_validates_and_its_odds_are_whole(fitted) -> None:
    s = season()
    parks = {
        t: Ballpark.model_validate({"id": f"{t.lower()}-1970-park", "name": t, "team": t, "year": 1970, **f})
        for t, f in fitted.ballparks.items()
    }
    batters = {
        pid: Batter.model_validate(
            {
                "id": f"{pid}-1970",
                "name": pid,
                "team": "AAA",
                "year": 1970,
                "bats": s.players[pid].bats,
                **BATTER_RATINGS,
                **f,
            }
        )
        for pid, f in fitted.batters.items()
    }
    Batter.model_validate(
        {
            "id": "pitcher-batting",
            "name": "P",
            "team": "AAA",
            "year": 1970,
            "bats": "R",
            **BATTER_RATINGS,
            **fitted.pitcher_batting,
        }
    )
    pitchers = {
        pid: Pitcher.model_validate(
            {
                "id": f"{pid}-1970",
                "name": pid,
                "team": "AAA",
                "year": 1970,
                "throws": s.players[pid].throws,
                **PITCHER_RATINGS,
                **f,
            }
        )
        for pid, f in fitted.pitchers.items()
    }
    odds = plate_appearance_odds(pitchers["nowalks"], batters["bat00"], parks["AAA"])
    assert sum(odds.outcomes.values()) == Fraction(1)


def _hand_cells(matrix: list[list[str]], hand: str) -> list[str]:
    """One hand's 36 readings of a card's matrix ("S4/D8": S4 against left-handers, D8 against right)."""
    side = 0 if hand == "L" else 1
    return [cell.split("/")[side] if "/" in cell else cell for row in matrix for cell in row]


def _widths(text: str) -> dict[str, int]:
    """ "S=1-3; D=4-7" -> {"S": 3, "D": 4}: the fit's 1d20 widths, in order from 1."""
    out = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        kind, rng = part.split("=")
        low, _, high = rng.partition("-")
        out[kind] = int(high or low) - int(low) + 1
    return out


@pytest.mark.parametrize("pid", ["bat00", "bat13", "slugger", "ted"])
@pytest.mark.parametrize("hand", ["L", "R"])
def test_the_fits_batter_card_model_is_the_exact_odds(fitted, pid: str, hand: str) -> None:
    """The fit reads a batter card through its own float model (card_vector), the exact odds being too
    slow for its loops: against a pitcher card of blanks (every PA read off the batter card) the two agree."""
    fields = fitted.batters[pid]
    batter = Batter.model_validate(
        {"id": f"{pid}-1970", "name": pid, "team": "AAA", "year": 1970, "bats": "R", **BATTER_RATINGS, **fields}
    )
    blank = Pitcher.model_validate(
        {
            "id": "blank-1970", "name": "Blank", "team": "AAA", "year": 1970, "throws": hand, **PITCHER_RATINGS,
            "hbp": 0, "outs": ["G4", "G6", "F8", "F7", "F9", "G5"], "matrix": [[""] * 6 for _ in range(6)],
        }
    )  # fmt: skip
    park = Ballpark.model_validate(
        {"id": "aaa-1970-park", "name": "A", "team": "AAA", "year": 1970, **fitted.ballparks["AAA"]}
    )
    exact = plate_appearance_odds(blank, batter, park).categories()
    ranges = _widths(str(fields["hits_vs_lhp" if hand == "L" else "hits_vs_rhp"]))
    model = card_vector(_hand_cells(fields["matrix"], hand), ranges, 0.0)  # type: ignore[arg-type]
    for cat, value in zip(CATS, model, strict=True):
        assert value == pytest.approx(float(exact[cat]), abs=1e-12), cat


def test_no_walk_pitcher_against_ordinary_batter(fitted) -> None:
    s = season()
    park = Ballpark.model_validate(
        {"id": "aaa-1970-park", "name": "A", "team": "AAA", "year": 1970, **fitted.ballparks["AAA"]}
    )
    bat = Batter.model_validate(
        {"id": "b", "name": "b", "team": "AAA", "year": 1970, "bats": "L", **BATTER_RATINGS, **fitted.batters["bat00"]}
    )
    arm = Pitcher.model_validate(
        {
            "id": "p",
            "name": "p",
            "team": "AAA",
            "year": 1970,
            "throws": "R",
            **PITCHER_RATINGS,
            **fitted.pitchers["nowalks"],
        }
    )
    odds = plate_appearance_odds(arm, bat, park)
    assert s.players["nowalks"].pitching is not None
    assert odds.category("BB") == 0  # no W cells on the card of a pitcher with no walks, none on a .250 hitter's card
    assert sum(odds.outcomes.values()) == Fraction(1)
