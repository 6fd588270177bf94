"""The ``dugout`` command as a user meets it (issue 12): one line and a non-zero exit for every
expected error, never a traceback; ``--version``; ``run --help``; ``cards show``, ``image`` and
``validate`` on paths that are no card set."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from bot.terminal import cli
from bot.words.cardimage import render_card_png
from cards import SAMPLE_SET
from cards.loader import CardSet, load_set

ROOT = Path(__file__).resolve().parents[3]


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_version_prints_the_installed_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"dugout {version('dugout')}\n"


def test_run_help_explains_the_league_it_keeps(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["run", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in (
        "With DISCORD_TOKEN set",  # with a token: the bot
        "Without a token it plays the terminal league",
        "Each run plays the league's next game, or first resumes a game left unfinished",
        "Type q at a prompt (or press Ctrl-C) to stop; the game stays live",
        "DUGOUT_DATABASE from the environment or .env, else data/dugout.sqlite3",
    ):
        assert words in text


# --- cards validate: a path that is no set says so at once, in one line ----------------------


def test_validate_a_folder_without_set_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "stray.toml").write_text("not = [a card")  # never read: the folder is no set
    assert run_main(capsys, "cards", "validate", str(tmp_path)) == (
        1,
        "",
        f"{tmp_path}: not a card set: the folder has no set.toml\n",
    )


def test_validate_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.toml"
    path.write_text("")
    assert run_main(capsys, "cards", "validate", str(path)) == (
        1,
        "",
        f"{path}: not a folder; a card set is a folder with a set.toml\n",
    )


def test_validate_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(capsys, "cards", "validate", str(tmp_path / "nowhere")) == (
        1,
        "",
        f"{tmp_path / 'nowhere'}: no such card set folder\n",
    )


@pytest.mark.parametrize("command", [["list"], ["show", "bench"], ["export-csv", "--kind", "batter", "--out", "x.csv"]])
def test_other_card_commands_on_a_missing_set_are_one_line(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_main(capsys, "cards", *command, "--set", str(tmp_path / "nowhere")) == (
        1,
        "",
        f"{tmp_path / 'nowhere'}: no such card set folder\n",
    )


# --- cards show: one card, several, none ----------------------------------------------------


def test_show_one_card_by_part_of_its_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "cards", "show", "johnny bench")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "JOHNNY BENCH  1970 Cincinnati"


def test_show_an_id_even_when_names_would_match_several(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "cards", "show", "tom-seaver-1970")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "TOM SEAVER ##  1970 New York (N)"


def test_show_lists_every_card_a_name_matches(capsys: pytest.CaptureFixture[str]) -> None:
    """Seaver has a pitching card and his own batting card (##): the same name twice."""
    assert run_main(capsys, "cards", "show", "seaver") == (
        1,
        "",
        "tom-seaver-batting-1970          Tom Seaver               New York (N)     1970  batter\n"
        "tom-seaver-1970                  Tom Seaver               New York (N)     1970  pitcher\n"
        "more than one card matches 'seaver'; use an id\n",
    )


def test_find_an_exact_name_wins_over_names_containing_it() -> None:
    sample = load_set(SAMPLE_SET)
    bench = sample.card("johnny-bench-1970")
    other = bench.model_copy(update={"id": "johnny-benchley-1970", "name": "Johnny Benchley"})
    cardset = CardSet(sample.info, sample.path, batters={bench.id: bench, other.id: other})
    assert cardset.find("Johnny  BENCH") == [bench]  # exact, whatever the case and spacing
    assert cardset.find("johnny ben") == [bench, other]
    assert cardset.find("johnny-benchley-1970") == [other]
    assert cardset.find("   ") == []


def test_show_no_match_suggests_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(capsys, "cards", "show", "zzz") == (
        1,
        "",
        "no card in sample matches 'zzz'; dugout cards list shows them all\n",
    )


# --- cards image ----------------------------------------------------------------------------


def test_image_writes_the_same_picture_as_discord(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.png"
    assert run_main(capsys, "cards", "image", "johnny-bench-1970", "--out", str(out)) == (
        0,
        f"wrote Johnny Bench (johnny-bench-1970) to {out}\n",
        "",
    )
    assert out.read_bytes() == render_card_png(load_set(SAMPLE_SET).card("johnny-bench-1970"))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_image_of_an_ambiguous_name_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "seaver.png"
    code, _, err = run_main(capsys, "cards", "image", "seaver", "--out", str(out))
    assert code == 1
    assert err.splitlines()[-1] == "more than one card matches 'seaver'; use an id"
    assert not out.exists()


def test_image_into_a_missing_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "nowhere" / "bench.png"
    assert run_main(capsys, "cards", "image", "johnny-bench-1970", "--out", str(out)) == (
        1,
        "",
        f"dugout: {out}: No such file or directory\n",
    )


# --- no traceback: expected errors, bugs, a closed pipe --------------------------------------


def test_a_database_that_is_not_sqlite_is_one_line_from_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`dugout run` without a token on a DUGOUT_DATABASE that is some other file."""
    path = tmp_path / "notes.sqlite3"
    path.write_text("my shopping list\n")
    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.setenv("DUGOUT_DATABASE", str(path))
    code, _, err = run_main(capsys, "run")
    assert code == 1
    assert err == f"dugout run: {path} is not a Dugout database (not an SQLite file)\n"
    assert path.read_text() == "my shopping list\n"


def test_an_os_error_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def denied(_: object) -> int:
        raise PermissionError(13, "Permission denied", "/srv/cards")

    monkeypatch.setattr(cli, "_cards_list", denied)  # build_parser reads it when main runs
    assert run_main(capsys, "cards", "list") == (1, "", "dugout: /srv/cards: Permission denied\n")


def test_a_bug_is_one_line_with_a_hint_and_its_traceback_only_on_request(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(_: object) -> int:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(cli, "_cards_list", broken)
    monkeypatch.delenv("DUGOUT_DEBUG", raising=False)
    assert run_main(capsys, "cards", "list") == (
        1,
        "",
        "dugout: unexpected error: ZeroDivisionError: division by zero "
        "(a bug; run again with DUGOUT_DEBUG=1 for the traceback, and please report it)\n",
    )
    monkeypatch.setenv("DUGOUT_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        cli.main(["cards", "list"])


def run_with_closed_stdout(*argv: str) -> subprocess.CompletedProcess[str]:
    """``dugout ARGS | head -0``: the reader has gone before dugout writes a byte."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "bot.terminal.cli", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "DUGOUT_DEBUG": ""},
            timeout=60,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize("argv", [["cards", "list"], ["cards", "show", "johnny-bench-1970"]])
def test_a_closed_pipe_exits_1_without_a_traceback(argv: list[str]) -> None:
    """The Python docs' "Note on SIGPIPE": stdout to devnull, exit 1, nothing on stderr."""
    done = run_with_closed_stdout(*argv)
    assert (done.returncode, done.stderr) == (1, "")


def test_sim_plays_days_with_a_progress_bar_then_to_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """dugout sim --days N | --to-end: the league's games auto-played and stored, a progress bar on
    stderr, each day's games and the standings on stdout."""
    import asyncio

    from bench.synth import bench_league, write_bench_set
    from league.store import Store

    path = tmp_path / "league.sqlite3"
    cards = write_bench_set(tmp_path / "cards", 4)

    async def make() -> int:
        async with await Store.open(path) as store:
            return (await bench_league(store, cards, 4, 6, name="Sim League")).id

    async def games() -> list[str]:
        async with await Store.open(path) as store:
            return [g.status for g in await store.games(league_id)]

    async def last_day() -> int:
        async with await Store.open(path) as store:
            return max(g.day for g in await store.games(league_id))

    league_id = asyncio.run(make())
    code, out, err = run_main(capsys, "sim", "--days", "2", "--database", str(path))
    assert code == 0, err
    assert err.splitlines()[-1] == f"[{'#' * 30}] 4/4 games, day 2"
    assert "\nDay 1\n" in out and "\nDay 2\n" in out and "W: " in out
    assert "Sim League: 4 games played in 2 days; today is day 3." in out
    assert "Standings" in out and "B01" in out
    assert asyncio.run(games()).count("final") == 4

    last = asyncio.run(last_day())  # the schedule may have off days
    code, out, err = run_main(capsys, "sim", "--to-end", "--database", str(path), "--league", "sim league")
    assert code == 0, err
    assert f"Sim League: 8 games played in {last - 2} days; today is day {last + 1}." in out
    assert "\nDay " not in out  # a long run shows the standings only
    assert asyncio.run(games()) == ["final"] * 12

    code, out, err = run_main(capsys, "sim", "--days", "1", "--database", str(path), "--league", "Nope")
    assert code == 1 and "no league called 'Nope'" in err and "'Sim League'" in err


def _league_day(path: Path) -> tuple[int, int]:
    """(the league's day, its final games) of a terminal league file."""
    import sqlite3

    with sqlite3.connect(path) as db:
        day = db.execute("SELECT day FROM league").fetchone()[0]
        final = db.execute("SELECT count(*) FROM game WHERE status = 'final'").fetchone()[0]
    return int(day), int(final)


def test_schedule_make_then_sim_plays_the_season_at_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """dugout schedule make (as /schedule make): the terminal league of --set made if need be and its season
    scheduled once; dugout sim plays it; a sim with nothing left to play says so and changes nothing."""
    path = tmp_path / "league.sqlite3"
    code, out, err = run_main(capsys, "sim", "--days", "1", "--database", str(path))
    assert code == 1 and "no database at" in err
    code, out, err = run_main(capsys, "schedule", "make", "--set", "sample", "--database", str(path))
    assert code == 1 and "do not say how long a season is: give --games" in err
    import sqlite3

    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM league").fetchone() == (0,)  # refused: nothing made
    code, out, err = run_main(capsys, "schedule", "make", "--set", "sample", "--games", "4", "--database", str(path))
    assert code == 0, err
    assert out.startswith("Season 1 of Terminal League: 4 games, 4 a team, from day 1 to day ")
    again = run_main(capsys, "schedule", "make", "--games", "6", "--database", str(path))
    assert again[0] == 1 and "already has 4 games: a season is scheduled once" in again[2]

    code, out, err = run_main(capsys, "sim", "--to-end", "--database", str(path))
    assert code == 0, err
    assert "Terminal League: 4 games played" in out
    closed = "the regular season of season 1 of Terminal League is over: every scheduled game is final. Next come the"
    assert f"\n{closed[0].upper()}{closed[1:]} playoffs: dugout playoffs start" in out
    day, final = _league_day(path)
    assert final == 4
    code, out, err = run_main(capsys, "sim", "--days", "3", "--database", str(path))
    assert code == 1 and closed in err and "dugout run plays one more" not in err
    assert _league_day(path) == (day, 4)  # the calendar did not move
    # issue 26: nor does dugout run play a game the schedule does not have
    code, out, err = run_main(capsys, "run", "--database", str(path), "--pace", "0")
    assert code == 1 and f"dugout run: {closed}" in err
    assert _league_day(path) == (day, 4)


def test_a_season_set_schedules_its_real_length_and_sim_refuses_an_unscheduled_league(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "league.sqlite3"
    code, out, err = run_main(capsys, "run", "--database", str(path), "--pace", "0")  # one game, no schedule
    assert code == 0, err
    code, out, err = run_main(capsys, "sim", "--days", "1", "--database", str(path))
    assert code == 1 and "no game scheduled (1 played): dugout schedule make schedules a season" in err
    assert _league_day(path)[1] == 1

    other = tmp_path / "season.sqlite3"
    code, out, err = run_main(capsys, "schedule", "make", "--set", "1970", "--database", str(other))
    assert code == 0, err
    assert out.startswith("Season 1 of Terminal League 1970: 1944 games, 162 a team, from day 1 to day ")
    code, out, err = run_main(capsys, "schedule", "make", "--games", "0", "--database", str(other))
    assert code == 2 and "--games is at least 1" in err


def test_sim_on_a_league_with_no_schedule_says_how_to_make_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    from league.store import Store

    path = tmp_path / "league.sqlite3"

    async def make() -> None:
        async with await Store.open(path) as store:
            await store.create_league("Discord League", ["sample"])

    asyncio.run(make())
    code, out, err = run_main(capsys, "sim", "--to-end", "--database", str(path))
    assert (code, out) == (1, "")
    assert err == "dugout sim: season 1 of Discord League has no games scheduled: dugout schedule make schedules it\n"
