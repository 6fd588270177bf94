"""seasons.fit on hand-built seasons: cards reproduce their targets, extremes are clipped, cards validate."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cards.models import Ballpark, Batter, Pitcher
from engine.inside_pitch.odds import plate_appearance_odds
from seasons.fit import (
    CATS,
    batting_rates,
    card_vector,
    fit_season,
    pitcher_spread_by_result,
    pitching_rates,
    stretch,
)
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
    return Batting(g=150, pa=pa, ab=ab, h=h, doubles=d, triples=t, hr=hr, bb=bb, k=so, hbp=hbp)


def pitching(bfp: int, h: int, hr: int, bb: int, so: int, hbp: int = 5) -> Pitching:
    return Pitching(g=33, gs=33, outs=bfp * 7 // 10, bf=bfp, h=h, hr=hr, bb=bb, k=so, hbp=hbp)


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


# --- a high-average league: the cards play to their lines against the league's pitchers, exactly ---


def high_average_season() -> Season:
    """A 1927-like league (BA about .290, few strikeouts) in neutral parks, with a .360 hitter and a .200 one."""
    players = []
    for t, team in enumerate(("AAA", "BBB")):
        for i in range(9):
            hits = 165 + 4 * i
            b = line(620, hits, 28 + i, 8, 4 + i, 55 + 2 * i, 40 + 3 * i)
            players.append(player(f"hit{t}{i}", "LRS"[i % 3], "R", team, b, None))
        for i in range(5):
            p = pitching(1000, 265 + 5 * i, 10 + i, 80 + 5 * i, 60 + 8 * i)
            players.append(player(f"arm{t}{i}", "R", "LR"[i % 2], team, line(90, 18, 3, 0, 0, 4, 20, 0), p))
    players.append(player("fothergill", "R", "R", "AAA", line(620, 209, 38, 3, 9, 45, 30), None))  # .359
    players.append(player("weak", "R", "R", "BBB", line(450, 82, 10, 1, 1, 30, 45), None))  # .199
    teams = {}
    for team in ("AAA", "BBB"):
        roster = [p for p in players if p.team_id == team]
        bat = sum((p.batting for p in roster if p.batting), Batting())
        pit = sum((p.pitching for p in roster if p.pitching), Pitching())
        teams[team] = TeamSeason(
            team, team, team, team, "AL", None, "Park", 154, 77, 77, 77, 750, 750, 100, 100, bat, pit, 100, 150
        )
    return Season(1927, ("AL",), teams, {p.player_id: p for p in players})


@pytest.fixture(scope="module")
def high_average():
    s = high_average_season()
    return s, fit_season(s)


def _exact_against_the_league(s: Season, fitted, pid: str, hand: str) -> dict[str, float]:
    """His exact odds against every pitcher card of ``hand``, weighted by batters faced (a neutral park)."""
    park = Ballpark.model_validate(
        {"id": "aaa-1927-park", "name": "A", "team": "AAA", "year": 1927, **fitted.ballparks["AAA"]}
    )
    bats = s.players[pid].bats
    batter = Batter.model_validate(
        {"id": f"{pid}-1927", "name": pid, "team": "AAA", "year": 1927, "bats": bats, **BATTER_RATINGS}
        | fitted.batters[pid]
    )
    total: dict[str, Fraction] = dict.fromkeys(CATS, Fraction(0))
    weight = 0
    for qid, fields in fitted.pitchers.items():
        p = s.players[qid]
        if p.throws != hand or p.pitching is None:
            continue
        card = Pitcher.model_validate(
            {"id": f"{qid}-1927", "name": qid, "team": "AAA", "year": 1927, "throws": hand, **PITCHER_RATINGS} | fields
        )
        odds = plate_appearance_odds(card, batter, park).categories()
        for cat in CATS:
            total[cat] += p.pitching.bf * odds[cat]
        weight += p.pitching.bf
    return {cat: float(v / weight) for cat, v in total.items()}


@pytest.mark.parametrize("pid", ["fothergill", "weak", "hit03", "hit17"])
@pytest.mark.parametrize("hand", ["L", "R"])
def test_cards_play_to_their_lines_against_the_leagues_pitchers(high_average, pid: str, hand: str) -> None:
    """Exact odds against the league's own pitcher cards (BFP-weighted, neutral park) against his targets.

    Hits move in steps of a ? cell's 1d20 point (4 ? cells: 4/720 = .0056 a PA) split by largest
    remainder, so each hit kind is within .006; K and W in steps of one rating point against the
    average pitcher's K or W cells (about .01 a PA here), so .011; BA within .010 (a .359 hitter
    played .279 when the pitchers' cards took the singles).
    """
    s, fitted = high_average
    got = _exact_against_the_league(s, fitted, pid, hand)
    want = dict(zip(CATS, fitted.targets[pid][hand], strict=True))
    for cat in ("1B", "2B", "3B", "HR"):
        assert abs(got[cat] - want[cat]) <= 0.006, (cat, got[cat], want[cat])
    for cat in ("K", "BB"):
        assert abs(got[cat] - want[cat]) <= 0.011, (cat, got[cat], want[cat])

    def ba(v: dict[str, float]) -> float:
        return sum(v[c] for c in ("1B", "2B", "3B", "HR")) / (1 - v["BB"] - v["HBP"])

    assert abs(ba(got) - ba(want)) <= 0.010, (ba(got), ba(want))


def test_the_high_average_hitter_is_not_clipped_and_keeps_his_singles(high_average) -> None:
    _, fitted = high_average
    assert not any("(fothergill)" in c or "(weak)" in c for c in fitted.clipped)
    # the league-average pitcher carries (almost) no S1 cells: the singles are on the batters' cards
    for shares in fitted.average_pitcher.values():
        assert shares["S1"] * 35 < 1.0


def test_stretch_moves_each_result_about_the_centre_and_the_outs_take_the_rest() -> None:
    centre = [0.15, 0.04, 0.005, 0.02, 0.08, 0.01, 0.15, 0.545]
    rates = [0.18, 0.05, 0.001, 0.03, 0.07, 0.01, 0.10, 0.559]
    got = stretch(rates, centre, {"1B": 1.5, "3B": 2.0, "K": 1.2})
    want = [0.195, 0.05, 0.0, 0.03, 0.07, 0.01, 0.09]  # 3B: 0.005 - 2 x 0.004 < 0 is held at 0
    assert got == pytest.approx([*want, 1 - sum(want)])
    assert stretch(rates, centre, {}) is rates
    assert pitcher_spread_by_result({"H": 1.1, "K": 0.9}) == {"1B": 1.1, "2B": 1.1, "3B": 1.1, "K": 0.9}


def test_the_spread_stretches_batters_and_pitchers_targets_but_not_pitchers_batting() -> None:
    s = season()
    plain = fit_season(s, rounds=1)
    wide = fit_season(s, spread={"K": 1.5}, pitcher_spread={"K": 0.5}, rounds=1)
    k = CATS.index("K")
    league = batting_rates(s.league_batting(), 1.0, {})
    for pid in ("bat02", "bat15"):  # switch hitters: no platoon split, their targets are their rates
        for hand in "LR":
            before, after = plain.targets[pid][hand][k], wide.targets[pid][hand][k]
            assert after == pytest.approx(league[k] + 1.5 * (before - league[k]))
    assert wide.targets["arm00"] == plain.targets["arm00"]  # a pitcher batting keeps his own line
    # two right-handers of one park (the same platoon split): their K targets half as far apart
    for hand in "LR":
        before = plain.pitcher_targets["arm03"][hand][k] - plain.pitcher_targets["arm01"][hand][k]
        after = wide.pitcher_targets["arm03"][hand][k] - wide.pitcher_targets["arm01"][hand][k]
        assert before > 0.01
        assert after == pytest.approx(0.5 * before)


def test_intentional_walks_are_on_the_cards_as_the_auto_manager_never_calls_one() -> None:
    # 600 PA (500 AB + 80 BB + 10 HBP + 10 SF), 20 of the walks intentional: every walk counts, per all 600
    b = Batting(pa=600, ab=500, h=150, doubles=30, triples=5, hr=20, bb=80, ibb=20, k=90, hbp=10, sf=10)
    got = batting_rates(b, 1.0, {})
    assert got[CATS.index("BB")] == pytest.approx(80 / 600)
    assert got[CATS.index("1B")] == pytest.approx(95 / 600)
    # a pitcher's likewise: 700 batters faced, 10 of them sacrifice bunts, 60 walks of which 8 intentional
    p = Pitching(bf=700, sh=10, h=160, hr=20, bb=60, ibb=8, k=120, hbp=5)
    rates = pitching_rates(p, 1.0, [0.7, 0.25, 0.05], {})
    assert rates[CATS.index("BB")] == pytest.approx(60 / 690)
    assert rates[CATS.index("1B")] == pytest.approx(140 * 0.7 / 690)
