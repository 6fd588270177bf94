"""set.toml's ``interleague`` reaches the league made from the set: ``CardPool.interleague`` and
``Store.schedule_season`` (false: each league scheduled apart, MLB's before 1997)."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.cardpool import CardPool
from league.errors import SettingsError
from league.store import Store
from tests.league.test_dh_by_league import stating


@pytest.mark.parametrize(("line", "said"), [("", None), ("interleague = false", False), ("interleague = true", True)])
def test_the_pool_passes_the_sets_statement(tmp_path: Path, line: str, said: bool | None) -> None:
    assert CardPool.load([str(stating(tmp_path, line))]).interleague() is said


async def test_the_league_schedules_by_the_sets_statement(store: Store, tmp_path: Path) -> None:
    """The set's two teams are an NL team (HC) and an AL team (MV): saying nothing, they meet as today; with
    ``interleague = false`` each league is scheduled apart, and a league of one team cannot be."""
    for n, (line, refused) in enumerate([("", False), ("interleague = false", True)]):
        folder = stating(tmp_path / str(n), line)
        league = await store.create_league(f"L{n}", [str(folder)])
        teams = await store.create_teams_from_sets(league.id)
        assert {t.subleague for t in teams} == {"AL", "NL"}
        for team in teams:
            await store.set_division(team.id, None)  # HC's entry names a division, MV's does not
        if refused:
            with pytest.raises(SettingsError, match="each of two leagues needs at least two teams; got AL 1, NL 1"):
                await store.schedule_season(league.id, 6)
        else:
            assert len(await store.schedule_season(league.id, 6)) == 6


def test_the_pool_knows_its_seasons_length() -> None:
    """/schedule make and dugout schedule make default to a real season's length: its team entries' games."""
    assert CardPool.load(["1927"]).season_games() == 155  # six of 16 teams played 155 (tied games replayed)
    assert CardPool.load(["1970"]).season_games() == 162
    assert CardPool.load(["sample"]).season_games() is None  # hand-made teams say nothing
