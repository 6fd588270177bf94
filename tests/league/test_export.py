"""league.export and ``dugout export`` (issue 28, "Stats out"): a season's CSV files parse back with the
csv module and say what the store's stats and standings say; a season not played is refused in one line;
an export never overwrites a file."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from collections import Counter
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from bot.terminal.cli import main
from league import autoplay
from league.errors import NotFound
from league.export import SeasonExport, csv_bytes, season_export
from league.models import League
from league.store import Store

TEAMS, GAMES = 4, 6


@pytest.fixture(scope="module")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


@pytest.fixture
async def played(store: Store, bench_set: Path) -> League:
    league = await bench_league(store, bench_set, TEAMS, GAMES, seed=3)
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(5))
    return league


def parsed(made: SeasonExport) -> dict[str, list[dict[str, str]]]:
    """Each table as the csv module reads its file back: the header row names the columns."""
    out = {}
    for table in made.tables:
        data = csv_bytes(table)
        assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data  # UTF-8 with its mark; RFC 4180 line ends
        rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))
        assert len(rows) == len(table.rows) and list(rows[0]) == list(table.header)
        out[table.name] = rows
    return out


async def test_the_files_parse_back_and_add_up_to_the_standings_and_the_stats(store: Store, played: League) -> None:
    made = await season_export(store, played.id)
    files = parsed(made)
    assert [made.file_name(t) for t in made.tables] == [
        f"season-1-{name}.csv"
        for name in ("batting", "pitching", "fielding", "standings", "schedule", "box_batting", "box_pitching")
    ]
    standings = {r.team: r for r in (await store.standings(played.id))["overall"]}
    assert [r["team"] for r in files["standings"]] == list(standings)
    for row in files["standings"]:
        assert (int(row["W"]), int(row["L"]), int(row["RS"])) == (
            standings[row["team"]].w,
            standings[row["team"]].l,
            standings[row["team"]].runs_for,
        )
    # A team's runs: its batters' season lines, its box score lines and the schedule's scores all agree.
    season_runs, box_runs, scored = Counter[str](), Counter[str](), Counter[str]()
    for row in files["batting"]:
        season_runs[row["team"]] += int(row["R"])
    for row in files["box_batting"]:
        box_runs[row["team"]] += int(row["R"])
    for game in files["schedule"]:
        assert game["status"] == "final" and game["phase"] == "regular"
        scored[game["away"]] += int(game["away_runs"])
        scored[game["home"]] += int(game["home_runs"])
    assert season_runs == box_runs == scored == Counter({t: r.runs_for for t, r in standings.items()})
    assert len({r["game_id"] for r in files["box_pitching"]}) == TEAMS * GAMES // 2
    # The season lines are the store's, with their rates.
    stats = await store.season_stats(played.id)
    for row in files["batting"]:
        line = stats.batting[row["player_id"]]
        assert (row["name"], int(row["H"]), int(row["HR"])) == (line.name, line.h, line.hr)
        assert row["AVG"] == f"{line.avg:.3f}" and row["OPS"] == f"{line.ops:.3f}"
    for row in files["pitching"]:
        line = stats.pitching[row["player_id"]]
        assert (row["IP"], int(row["OUTS"]), int(row["SO"]), int(row["W"])) == (line.ip, line.outs, line.k, line.w)
        assert row["ERA"] == ("" if line.era == float("inf") else f"{line.era:.2f}")
    assert sum(int(r["W"]) for r in files["pitching"]) == TEAMS * GAMES // 2
    assert sum(int(r["E"]) for r in files["fielding"]) == sum(f.e for f in stats.fielding.values())


async def test_a_season_with_no_final_game_or_past_the_leagues_is_refused(store: Store, bench_set: Path) -> None:
    league = await bench_league(store, bench_set, TEAMS, GAMES, seed=3)
    with pytest.raises(NotFound, match=r"^season 1 of .* has no final game yet: there are no stats to export$"):
        await season_export(store, league.id)
    with pytest.raises(NotFound, match="there is no season 2"):
        await season_export(store, league.id, 2)


async def _played_file(path: Path, bench_set: Path) -> None:
    async with await Store.open(path) as store:
        league = await bench_league(store, bench_set, TEAMS, GAMES, seed=3)
        await autoplay.advance(store, league.id, to_end=True, rng=random.Random(5))


def test_dugout_export_writes_beside_other_files_and_never_overwrites(
    bench_set: Path, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(_played_file(db_path, bench_set))
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    assert main(["export", "--out", str(out), "--database", str(db_path)]) == 0
    assert "7 files" in capsys.readouterr().out
    written = sorted(p.name for p in out.iterdir())
    assert "notes.txt" in written and len(written) == 8
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (out / "season-1-batting.csv").write_text("edited")
    assert main(["export", "--out", str(out), "--database", str(db_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already has season-1-batting.csv" in err
    assert (out / "season-1-batting.csv").read_text() == "edited"
    assert {p.name for p in out.iterdir()} == set(before)
    assert main(["export", "--season", "3", "--out", str(tmp_path / "x"), "--database", str(db_path)]) == 1
    assert "there is no season 3" in capsys.readouterr().err and not (tmp_path / "x").exists()
