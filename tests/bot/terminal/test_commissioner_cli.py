"""Issue 28, "the terminal does what Discord does": the commissioner's commands at the terminal (dugout
league, team, roster, lineup, rotation, playoffs format, schedule show), each once on a league file, each
with a refusal: the one line Discord shows for the same bad input (bot.words: the same words), exit 1."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.terminal import cli
from bot.terminal.files import plain
from league.models import League, Trade
from league.store import Store
from league.store.play import INSERT_INJURY
from tests.bot.conftest import ask, running_bot, sample_league
from tests.fakediscord import FakeDiscord

RUDY = "hc-rudy-kasprzak-1970"


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A file holding the sample league (Harbor City and Mesa Valley, every player signed, lineups set)."""
    made = tmp_path / "league.sqlite3"

    async def make() -> None:
        async with await Store.open(made) as store:
            await sample_league(store, 777, 1)

    asyncio.run(make())
    return made


def read(path: Path, job: Callable[[Store, League], Awaitable[Any]]) -> Any:
    """What ``job`` finds (or does) in the file's league."""

    async def run() -> Any:
        async with await Store.open(path) as store:
            league = (await store.all_leagues())[0]
            return await job(store, league)

    return asyncio.run(run())


def roster_of(path: Path, team: str) -> dict[str, str]:
    async def job(store: Store, league: League) -> dict[str, str]:
        found = await store.find_team(league.id, team)
        return {e.card_id: e.status for e in await store.roster(found.id)}

    return dict(read(path, job))


def test_league_create_show_options_rules_and_a_card_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = ("--database", str(tmp_path / "new" / "league.sqlite3"))
    code, out, err = run_main(capsys, "league", "create", "Porch League", *where)
    assert (code, err) == (0, "")
    assert out == "Porch League is open: Inside Pitch, with sample. Next: dugout team create for each team.\n"
    code, out, _ = run_main(capsys, "league", "options", "innings", "7", *where)
    assert (code, out) == (0, "innings is now 7.\n")
    code, out, _ = run_main(capsys, "league", "rules", "roster_limit", "25", *where)
    assert (code, out) == (0, "roster_limit is now 25.\n")
    code, out, _ = run_main(capsys, "league", "add-set", "1970", *where)
    assert (code, out) == (0, "Porch League plays with sample, 1970.\n")
    code, out, _ = run_main(capsys, "league", "show", *where)
    assert code == 0 and "Card sets: sample, 1970" in out and "  innings: 7" in out and "  roster_limit: 25" in out
    code, out, _ = run_main(capsys, "league", "rules", *where)
    assert "  roster_limit: 25" in out and "innings" not in out

    code, out, err = run_main(capsys, "league", "options", "no_such", "on", *where)
    assert (code, out, err) == (1, "", "dugout: There is no setting 'no_such'; pick one from the list.\n")
    code, _, err = run_main(capsys, "league", "add-set", "1969", *where)
    assert code == 1 and err.startswith("dugout: There is no card set named '1969'. The card sets are: ")


def test_a_season_sets_league_has_its_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = ("--database", str(tmp_path / "league.sqlite3"))
    code, out, _ = run_main(capsys, "league", "create", "Seventy", "--sets", "1970", *where)
    assert code == 0 and "Made 24 teams from the card set" in out
    code, _, err = run_main(capsys, "league", "create", "Mixed", "--sets", "1970,deep-drive-sample", *where)
    assert code == 1 and err.startswith("dugout: Those card sets are for different games (1970: inside-pitch, ")


def test_team_create_edit_and_the_page_as_before(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = ("--database", str(path))
    code, out, _ = run_main(capsys, "team", "create", "Gotham", "GOT", "--division", "East", *where)
    assert (code, out) == (0, "Gotham (GOT) joins Test League. Next: dugout roster sign its players.\n")
    code, out, _ = run_main(capsys, "team", "edit", "GOT", "--name", "Gotham City", "--division", "none", *where)
    assert (code, out) == (0, "Gotham City is updated.\n")
    assert run_main(capsys, "team", "HC", *where)[1] == run_main(capsys, "team", "show", "HC", *where)[1]
    assert run_main(capsys, "team", "HC", *where)[1].startswith("Harbor City: season 1\n")
    assert run_main(capsys, "team", *where, "HC")[1] == run_main(capsys, "team", "HC", *where)[1]

    code, out, err = run_main(capsys, "team", "edit", "GOT", *where)
    assert (code, out) == (1, "")
    assert err == "dugout: Say what to change: a name, an abbreviation, a ballpark, a division or a league.\n"
    code, out, _ = run_main(capsys, "team", "remove", "GOT", *where)
    assert (code, out) == (0, "Gotham City (GOT) leaves Test League; it had no players.\n")
    assert run_main(capsys, "schedule", "make", "--games", "2", *where)[0] == 0
    code, out, err = run_main(capsys, "team", "remove", "HC", *where)
    assert (code, out) == (1, "") and err.startswith("dugout: Harbor City has games in the league's schedule or ")
    assert len(roster_of(path, "HC")) == 24


def test_roster_show_sign_release_and_the_injured_list(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = ("--database", str(path))
    code, out, _ = run_main(capsys, "roster", "show", "HC", *where)
    assert code == 0 and "24 active of 26; 0 on the injured list" in out and "  Rudy Kasprzak: 1B, bats L" in out
    code, out, _ = run_main(capsys, "roster", "release", "HC", "kasprzak", *where)
    assert (code, out) == (0, "Harbor City releases Rudy Kasprzak; he is a free agent again.\n")
    code, out, _ = run_main(capsys, "roster", "sign", "MV", RUDY, *where)
    assert (code, out) == (0, "Mesa Valley signs Rudy Kasprzak.\n")
    assert roster_of(path, "MV")[RUDY] == "active"

    code, out, err = run_main(capsys, "roster", "il", "MV", "Rudy Kasprzak", *where)
    assert (code, out, err) == (
        1,
        "",
        "dugout: Rudy Kasprzak is not injured; only injured players go on the injured list\n",
    )

    async def hurt(store: Store, league: League) -> None:
        mv = await store.find_team(league.id, "MV")
        async with store.transaction() as conn:  # hurt on day 1 for two days, as a game would record it
            await conn.execute(INSERT_INJURY, (league.id, RUDY, mv.id, None, 1, 1, "15-day", 2, 2))

    read(path, hurt)
    code, out, _ = run_main(capsys, "roster", "il", "MV", "Rudy Kasprzak", *where)
    assert out == "Mesa Valley places Rudy Kasprzak on the injured list; his roster spot is free.\n"
    assert roster_of(path, "MV")[RUDY] == "injured_list"

    before = roster_of(path, "HC")
    code, out, err = run_main(capsys, "roster", "release", "HC", "Babe Ruth", *where)
    assert (code, out) == (1, "")
    assert err == (
        "dugout: No player on the Harbor City roster matches 'Babe Ruth'; pick one from the list or give his card id.\n"
    )
    assert roster_of(path, "HC") == before


def test_a_trade_at_the_terminal_goes_through_at_once(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal's operator is the commissioner (store ``by=None``): before, the store refused him."""
    where = ("--database", str(path))
    code, out, err = run_main(
        capsys, "roster", "trade", "HC", "MV", "--give", "Kasprzak", "--receive", "Gorski", *where
    )
    assert (code, err) == (0, "")
    assert out == "Trade #1 is done: Rudy Kasprzak to Mesa Valley, Hank Gorski to Harbor City.\n"
    assert RUDY in roster_of(path, "MV") and "mv-hank-gorski-1970" in roster_of(path, "HC")
    code, out, _ = run_main(capsys, "roster", "trades", *where)
    assert out == "Test League: pending trades\nNo trades are waiting for an answer.\n"

    code, out, err = run_main(capsys, "roster", "trade", "HC", "MV", *where)
    assert (code, out) == (1, "")
    assert err == "dugout: Name the players in the trade: give (yours) and/or receive (theirs), comma-separated.\n"
    code, _, err = run_main(capsys, "roster", "trade-answer", "1", "accept", *where)
    assert (code, err) == (1, "dugout: trade 1 is completed, no longer pending\n")


def test_a_pending_trade_from_discord_is_answered_at_the_terminal(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async def offer(store: Store, league: League) -> Trade:
        hc, mv = await store.find_team(league.id, "HC"), await store.find_team(league.id, "MV")
        return await store.propose_trade(hc.id, mv.id, [RUDY], [], by=1)  # the commissioner, in Discord

    trade = read(path, offer)
    where = ("--database", str(path))
    code, out, _ = run_main(capsys, "roster", "trades", *where)
    assert out == f"Test League: pending trades\n#{trade.id}: HC gives Rudy Kasprzak to MV for nobody\n"
    code, out, _ = run_main(capsys, "roster", "trade-answer", f"#{trade.id}", "reject", *where)
    assert (code, out) == (0, f"Trade #{trade.id} (Harbor City to Mesa Valley) is turned down.\n")
    code, _, err = run_main(capsys, "roster", "trade-answer", "soon", "accept", *where)
    assert (code, err) == (1, "dugout: There is no trade 'soon' in Test League; dugout roster trades lists them.\n")


def test_lineups_and_the_rotation(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = ("--database", str(path))
    code, out, _ = run_main(capsys, "lineup", "show", "HC", "--vs", "L", *where)
    assert code == 0 and out.startswith("Harbor City lineups\n\nAgainst left-handed starters:\n  1. ")
    assert "right-handed" not in out
    spots = "Kasprzak 1B, Brandeis 3B, Redfern RF, Tolliver LF, Whitcomb CF, Ashby 2B, Pruett C, Belmonte SS, P"
    code, out, err = run_main(capsys, "lineup", "set", "HC", spots, "--vs", "R", *where)
    assert (code, err) == (0, "")
    assert out.startswith("Harbor City's lineup is saved.\nHarbor City lineups\n\nAgainst right-handed starters:\n")
    assert "  1. Rudy Kasprzak, 1B\n" in out and "  9. the pitcher, P\n" in out
    code, out, _ = run_main(capsys, "lineup", "auto", "HC", *where)
    assert out.startswith("The auto-manager set Harbor City's lineup.\n")

    code, out, _ = run_main(capsys, "rotation", "set", "HC", "Morrow, Brennaman", *where)
    assert (
        out.startswith("Harbor City's rotation is set.\n") and "  1. Chet Morrow ← next\n  2. Lyle Brennaman\n" in out
    )
    code, out, _ = run_main(capsys, "rotation", "next", "HC", "Brennaman", *where)
    assert out.startswith("Lyle Brennaman starts next for Harbor City.\n")
    code, out, _ = run_main(capsys, "rotation", "role", "HC", "Tillery", "closer", *where)
    assert out.startswith("Vance Tillery closes for Harbor City.\n") and "  Vance Tillery: closer" in out
    code, out, _ = run_main(capsys, "rotation", "show", "HC", *where)
    assert code == 0 and out.startswith("Harbor City pitching staff\n\nRotation:\n")

    code, out, err = run_main(capsys, "lineup", "set", "HC", "Kasprzak 1B, Brandeis 3B", "--vs", "both", *where)
    assert (code, out) == (1, "") and err.startswith("dugout: A lineup has 9 spots; that one has 2. Write the ")
    code, out, err = run_main(capsys, "rotation", "next", "HC", "Tillery", *where)
    assert (code, err) == (
        1,
        "dugout: No player in the Harbor City rotation matches 'Tillery'; "
        "pick one from the list or give his card id.\n",
    )


def test_playoffs_format_and_schedule_show(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = ("--database", str(path))
    code, out, _ = run_main(capsys, "playoffs", "format", "--preset", "top2", *where)
    assert (code, out) == (
        0,
        "Playoff format set: top2: 2 teams qualify (division winners first); Final best of 7 (2-3-2); fixed bracket\n",
    )
    code, out, _ = run_main(capsys, "playoffs", "format", *where)
    assert out.startswith("Playoff format: top2: ")
    code, out, err = run_main(capsys, "playoffs", "format", "--teams", "4", *where)
    assert (code, out, err) == (1, "", "dugout: Your own format needs both teams (per league) and rounds (e.g. 5,7).\n")

    code, out, _ = run_main(capsys, "schedule", "show", *where)
    assert out == (
        "Test League: from today (day 1): no games. A commissioner schedules the season with dugout schedule make.\n"
    )
    run_main(capsys, "schedule", "make", "--games", "2", *where)
    code, out, _ = run_main(capsys, "schedule", "show", "--team", "HC", *where)
    assert code == 0 and out.startswith("Harbor City: season 1\n#1 day 1: ")
    code, out, err = run_main(capsys, "schedule", "show", "--team", "Gotham", *where)
    assert (code, out) == (1, "") and err.startswith("dugout: no single team matches 'Gotham'")


@pytest.mark.parametrize(
    ("command", "options", "argv"),
    [
        (("roster", "release"), {"team": "HC", "player": "Babe Ruth"}, ("roster", "release", "HC", "Babe Ruth")),
        (("roster", "sign"), {"team": "Gotham", "player": RUDY}, ("roster", "sign", "Gotham", RUDY)),
        (
            ("lineup", "set"),
            {"team": "HC", "vs": "L", "spots": "Kasprzak 1B"},
            ("lineup", "set", "HC", "Kasprzak 1B", "--vs", "L"),
        ),
        (
            ("rotation", "role"),
            {"team": "HC", "pitcher": "Nobody", "role": "long"},
            ("rotation", "role", "HC", "Nobody", "long"),
        ),
        (("playoffs", "format"), {"rounds": "5,7"}, ("playoffs", "format", "--rounds", "5,7")),
        (("league", "options"), {"setting": "no_such", "value": "on"}, ("league", "options", "no_such", "on")),
        (("team", "edit"), {"team": "HC"}, ("team", "edit", "HC")),
        (("team", "remove"), {"team": "Gotham"}, ("team", "remove", "Gotham")),
    ],
)
async def test_the_terminal_refuses_in_discords_words(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: tuple[str, ...],
    options: dict[str, str],
    argv: tuple[str, ...],
) -> None:
    fake = fake_discord
    path = tmp_path / "league.sqlite3"
    async with await Store.open(path) as store:
        await sample_league(store, fake.guild_id, fake.commissioner.id)
        async with running_bot(fake, store):
            discord = await ask(fake, fake.commissioner, *command, **options)
    assert discord.ephemeral
    capsys.readouterr()  # only the terminal's output: not what the bot's loggers wrote
    code = await asyncio.to_thread(cli.main, [*argv, "--database", str(path)])
    captured = capsys.readouterr()
    assert (code, captured.out, captured.err) == (1, "", f"dugout: {plain(discord.text)}\n")
