"""engine.deep_drive.odds against a brute-force walk over every die, and a card built for targets
reproducing them (DDB "How to Play", "Reading the Results", "Rare Readings", "Outfielders and Deep
Drives", "Ballpark Effects", DDB "Rare Chart": three equal dice re-roll)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cards.deep_drive.models import Batter, Pitcher
from engine.deep_drive.handbook import def_vector_mix, default_handbook
from engine.deep_drive.odds import pa_odds, summary, uniform
from seasons.deep_drive import counts as cnt
from seasons.deep_drive_handbook import average_mix

OUTS = ["G6", "F8", "G4h", "F7d", "P6", "L6", "G5s", "F9", "G3", "L4"]


def batter(chances: dict[str, str], deep: dict[str, str]) -> Batter:
    raw = {"id": "b", "name": "B", "team": "T", "year": 2016, "bats": "R", "injury": "A", "positions": ["SS 3"]}
    return Batter.model_validate(raw | {"chances": chances, "deep_drive": deep, "outs": OUTS})


def pitcher(chances: dict[str, str]) -> Pitcher:
    raw = {"id": "p", "name": "P", "team": "T", "year": 2016, "throws": "R", "injury": "A", "positions": ["P 3"]}
    extra = {"usage": "STARTER (4)", "endurance": "9", "wp": "C", "bk": "C", "po": "C"}
    return Pitcher.model_validate(raw | extra | {"chances": chances, "outs": list(reversed(OUTS))})


def brute(b: Batter, p: Pitcher, rating: int) -> dict[str, Fraction]:
    """Every red, white and green die of the plate appearance and of each re-roll, read as the book says."""
    hb = default_handbook()
    out: dict[str, Fraction] = {}

    def add(code: str, w: Fraction) -> None:
        out[code] = out.get(code, Fraction(0)) + w

    section = [b.deep(r) for r in range(100)]
    fly = b.deep_fly
    tr = [r for r in range(100) if section[r] == "TR"]
    do = [r for r in range(100) if section[r] == "DO"]
    ok_good, ok_poor = rating >= 4, rating <= 2
    for red in range(10):
        for white in range(10):
            for green in range(10):
                if red == white == green:
                    continue
                w = Fraction(1, 990)
                roll = red * 10 + white
                card, other = (b, p) if roll < 50 else (p, b)
                code = card.reading(roll)
                line = other.chance(code) if code not in ("DEF", "OUT") else None
                if line is not None and not line.allows(green):
                    add(other.out(green), w)
                    continue
                if code == "OUT":
                    o = card.out(green)
                    add("L1" if roll in (49, 99) and o.startswith("L") else o, w)
                elif code == "DEF":
                    for r2 in range(100):
                        for g2 in range(10):
                            res = hb.def_row(r2).read(rating)
                            l2 = other.chance(res) if res in ("SI+", "SI") else None
                            if l2 is not None and not l2.allows(g2):
                                add(other.out(g2), w / 1000)
                            else:
                                add(res, w / 1000)
                elif code == "DD":
                    for r2 in range(100):
                        for g2 in range(10):
                            c = section[r2]
                            if section[9] == "HR" and section[90] == fly and (r2 < 10 or r2 >= 90):
                                cell = hb.teams["average"][r2]
                                c = fly if cell == "FO" else hb.parks["average"][g2] if cell == "PARK" else c
                            of = "7" if g2 <= 2 else "8" if g2 <= 6 else "9"
                            if r2 == 0 and c == "HR" and ok_good:
                                c = f"F{of}d"
                            elif r2 == 99 and c.startswith("F"):
                                c = "HR" if ok_poor else c
                            elif c == "TR" and r2 == tr[-1] and ok_good:
                                c = "DO"
                            elif c == "DO" and r2 == do[0] and ok_poor:
                                c = "TR"
                            elif c == "DO" and r2 == do[-1] and ok_good:
                                c = f"F{of}s"
                            elif c == fly and r2 == section.index(fly) and ok_poor:
                                c = "DO"
                            add(c, w / 1000)
                else:
                    add(code, w)
    return out


@pytest.mark.parametrize("rating", [1, 3, 5])
def test_the_odds_match_a_brute_force_walk_over_the_dice(rating: int) -> None:
    b = batter(
        {"DD": "00-07", "SI+": "08-11", "SI": "12-14", "BB": "15-19", "HBP": "never", "SO": "20-29",
         "DEF": "30-34", "OUT": "35-49"},
        {"HR": "00-19", "TR": "20-22", "DO": "23-69", "F8d": "70-99"},
    )  # fmt: skip
    p = pitcher({"DD": "50-53", "SI+": "rare 4", "SI": "54-59", "BB": "60-63", "HBP": "64", "SO": "65-76",
                 "DEF": "77-81", "OUT": "82-99"})  # fmt: skip
    exact = pa_odds(b, p, default_handbook(), uniform(rating))
    walked = brute(b, p, rating)
    assert set(exact) == set(walked)
    for code, chance in walked.items():
        assert exact[code] == pytest.approx(float(chance), abs=1e-12), code
    assert sum(exact.values()) == pytest.approx(1.0)
    assert "HBP" not in exact or exact["HBP"] == pytest.approx(0.0)  # never: the pitcher's HBP is an out


def test_a_card_built_for_targets_reproduces_them_within_rounding() -> None:
    hb = default_handbook()
    vector = def_vector_mix(hb, average_mix())
    lg = cnt.Rates(hr=0.03, tr=0.005, do=0.045, si=0.15, bb=0.08, hbp=0.01, so=0.21)
    lg_codes = cnt.code_rates(lg, lg, vector)
    avg_p = pitcher(cnt.chances(lg_codes, lg_codes, 50, {})[0])
    for me in (
        cnt.Rates(hr=0.05, tr=0.004, do=0.05, si=0.16, bb=0.11, hbp=0.012, so=0.18),
        cnt.Rates(hr=0.02, tr=0.008, do=0.04, si=0.17, bb=0.06, hbp=0.005, so=0.25),
    ):
        codes = cnt.code_rates(me, lg, vector)
        card = batter(cnt.chances(codes, lg_codes, 0, {})[0], cnt.deep_section(me.hr, me.tr, me.do, "R"))
        got = summary(pa_odds(card, avg_p, hb, average_mix()))
        # one number is 1/100 of a plate appearance: each card rounds by at most half a number
        for name, target in (("HR", me.hr), ("3B", me.tr), ("2B", me.do), ("1B", me.si), ("BB", me.bb),
                             ("HBP", me.hbp), ("SO", me.so)):  # fmt: skip
            assert got[name] == pytest.approx(target, abs=0.0101), name
