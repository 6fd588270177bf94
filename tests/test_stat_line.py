"""One stat line (engine.stats): the box score, the league's season tables and a real season's lines share it."""

from __future__ import annotations

import math

import pytest

import seasons.stats
from engine import stats
from engine.boxscore import BattingLine, FieldingLine, PitchingLine
from league import seasontables
from league.seasontables import BATTING_COLUMNS, FIELDING_COLUMNS, PITCHING_COLUMNS
from league.stats import BattingStats, FieldingStats, PitchingStats


@pytest.mark.parametrize(
    ("model", "lines"),
    [
        (stats.Batting, (BattingLine, BattingStats, seasons.stats.Batting)),
        (stats.Pitching, (PitchingLine, PitchingStats, seasons.stats.Pitching)),
        (stats.Fielding, (FieldingLine, FieldingStats, seasons.stats.Fielding)),
    ],
)
def test_the_box_score_the_season_tables_and_a_real_season_extend_one_model(model: type, lines: tuple[type]) -> None:
    for line in lines:
        assert issubclass(line, model), line
        assert set(stats.counts_of(model)) <= set(stats.counts_of(line))


def test_the_season_tables_keep_every_count_of_the_model() -> None:
    """A stat added to the model needs its column in the season tables (and a migration)."""
    assert ("games", *stats.BATTING_COUNTS, "games_started") == BATTING_COLUMNS
    assert set(stats.PITCHING_COUNTS) <= set(PITCHING_COLUMNS)
    assert ("games", *stats.FIELDING_COUNTS) == FIELDING_COLUMNS
    for counts, upsert in (
        (BATTING_COLUMNS, seasontables.UPSERT_SEASON_BATTING),
        (PITCHING_COLUMNS, seasontables.UPSERT_SEASON_PITCHING),
        (FIELDING_COLUMNS, seasontables.UPSERT_SEASON_FIELDING),
    ):
        columns = upsert.split("(", 2)[1].split(")")[0]
        assert columns.endswith(", ".join(counts)), (columns, counts)


def test_adding_lines_adds_their_counts_and_keeps_who_the_line_is_for() -> None:
    one = BattingLine("p1", "Sam Ortiz", "SS", 1, pa=4, ab=3, h=2, bb=1, gidp=1)
    two = BattingLine("p2", "Al Able", "2B", 2, pa=5, ab=5, h=1, hr=1)
    total = one + two
    assert (total.player, total.spot, total.pa, total.ab, total.h, total.hr, total.gidp) == ("p1", 1, 9, 8, 3, 1, 1)
    assert (one.pa, two.pa) == (4, 5)  # neither changed
    one.add(two)
    assert one == total
    # A real season's line adds its own counts too (games, intentional walks).
    real = seasons.stats.Batting(g=10, ibb=2, k=5) + seasons.stats.Batting(g=1, ibb=1, k=1)
    assert (real.g, real.ibb, real.k) == (11, 3, 6)
    arm = seasons.stats.Pitching(g=3, gs=1, outs=20, bf=30) + seasons.stats.Pitching(g=1, outs=7, bf=9)
    assert (arm.g, arm.gs, arm.outs, arm.bf, arm.ip) == (4, 1, 27, 39, "9.0")


def test_rates_and_their_display() -> None:
    b = stats.Batting(pa=14, ab=10, h=3, doubles=1, hr=1, bb=2, hbp=1, sf=1)
    assert (b.singles, b.tb, b.avg, b.obp, b.slg) == (1, 7, 0.3, 6 / 14, 0.7)
    assert stats.Batting().avg == stats.Batting().obp == 0.0
    p = stats.Pitching(outs=136, er=10, h=30, bb=10, k=40)
    assert (p.ip, p.innings) == ("45.1", 136 / 3)
    assert (p.era, p.whip, p.k9) == pytest.approx((90 / (136 / 3), 40 / (136 / 3), 360 / (136 / 3)))
    assert stats.Pitching(er=2).era == math.inf and stats.Pitching().era == 0.0
    assert [stats.average(v) for v in (0.312, 0.0, 0.9996, 1.0, 1.25)] == [".312", ".000", "1.000", "1.000", "1.250"]
