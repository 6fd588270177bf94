"""``dugout season new | show`` at the terminal (issue 28, docs/seasons.md): the same service and words as
/season in Discord, refusals as one line on stderr that change nothing."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from bot.terminal import cli
from league import autoplay
from league.playoffs import PlayoffFormat, Round
from league.store import Store
from tests.league.conftest import unchanged

ONE_GAME_FINAL = PlayoffFormat("custom", teams=2, rounds=(Round(1, name="Final"),), division_winners=False)


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def make_league(path: Path, cards: Path, *, play: bool) -> None:
    async def make() -> None:
        async with await Store.open(path) as store:
            league = await bench_league(store, write_bench_set(cards, 2), 2, 2, seed=1)
            await store.set_playoff_format(league.id, ONE_GAME_FINAL)
            if play:
                await autoplay.advance(store, league.id, to_end=True, rng=random.Random(1))
                await store.start_playoffs(league.id)
                await autoplay.advance(store, league.id, to_end=True, rng=random.Random(2))

    asyncio.run(make())


def test_season_new_then_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.sqlite3"
    make_league(path, tmp_path / "bench", play=True)
    where = ("--database", str(path))
    with unchanged(path):
        code, out, err = run_main(capsys, "season", "new", "--cards", "no-such-set", *where)
    assert (code, out) == (1, "") and err.startswith("dugout: no card set 'no-such-set': name a card set (")

    code, before, _ = run_main(capsys, "standings", "--view", "overall", *where)
    assert code == 0 and before.startswith("Bench League standings, season 1, day ")

    code, out, _ = run_main(capsys, "season", "new", *where, "--league", "bench league")
    assert code == 0 and out.startswith("Bench League: season 1 is closed; champion: Bench 0")
    assert out.rstrip().endswith("Season 2 begins on day 1.")
    code, out, _ = run_main(capsys, "season", "show", "1", *where)
    assert code == 0 and out.splitlines()[0] == "Bench League, season 1: closed"
    assert out.splitlines()[2].startswith("Champion: Bench 0")
    code, out, _ = run_main(capsys, "season", "show", *where)
    assert out.splitlines()[0] == "Bench League, season 2: regular season"
    code, after, _ = run_main(capsys, "standings", "--view", "overall", "--season", "1", *where)
    assert after.splitlines()[0] == "Bench League standings, season 1, final: the whole league"
    assert after.splitlines()[1:] == before.splitlines()[1:]  # the past season's table, as it was
    code, now, _ = run_main(capsys, "standings", "--view", "overall", *where)
    assert now.startswith("Bench League standings, season 2, day 1")
    code, _, err = run_main(capsys, "season", "show", "3", *where)
    assert (code, err) == (1, "dugout: Bench League has seasons 1 to 2; there is no season 3\n")


def test_a_season_not_over_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.sqlite3"
    make_league(path, tmp_path / "bench", play=False)
    with unchanged(path):
        code, out, err = run_main(capsys, "season", "new", "--database", str(path))
    assert (code, out) == (1, "")
    assert (
        err == "dugout: season 1 of Bench League is not over: 2 regular-season games still to play, then its playoffs\n"
    )


def test_a_team_marks_its_keepers_at_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.sqlite3"
    make_league(path, tmp_path / "bench", play=False)

    async def rules_and_roster() -> tuple[list[str], str]:
        async with await Store.open(path) as store:
            (league,) = await store.all_leagues()
            await store.set_rules(
                league.id, league.rules.from_dict({**league.rules.to_dict(), "redraft": 1, "keepers": 2})
            )
            team = await store.find_team(league.id, "B01")
            roster = [e.card_id for e in await store.roster(team.id)]
            return roster, (await store.card_pool(league.id)).name(roster[-1])

    roster, name = asyncio.run(rules_and_roster())
    where = ("--database", str(path))
    code, out, _ = run_main(capsys, "season", "keepers", "B01", "--players", roster[-1], *where)
    assert code == 0 and out.startswith(f"Bench 01 keeps 2 players before a redraft: {name}, ")
    code, shown, _ = run_main(capsys, "season", "keepers", "bench 01", *where)
    assert shown == out
    with unchanged(path):
        code, _, err = run_main(capsys, "season", "keepers", "B01", "--players", ",".join(roster[:3]), *where)
    assert (code, err) == (1, "dugout: Bench League keeps 2 players a team; 3 were marked\n")
    with unchanged(path):
        code, _, err = run_main(capsys, "season", "keepers", "B01", "--players", "Nobody At All", *where)
    assert code == 1 and err.startswith("dugout: No player on the Bench 01 roster matches 'Nobody At All'")
