"""Issue 14's pages: the leaders board, a team's page and a player's page, in Discord and at the terminal."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.discord.layout import code_block
from bot.terminal import cli
from bot.terminal import league as season
from bot.words import pages
from bot.words.pages import leader_name
from cards.models import is_composite
from league.models import GameRecord, League
from league.stats import BattingStats, PitchingStats, SeasonStats, leaders, team_leaders
from league.store import Store
from tests.bot.conftest import ask, play_final_game, running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def four_games(store: Store, league: League) -> list[GameRecord]:
    games = []
    for n in range(4):
        away, home = ("HC", "MV") if n % 2 == 0 else ("MV", "HC")
        games.append(await play_final_game(store, league.id, away, home, seed=20 + n))
        await store.advance_day(league.id)
    return games


def record_of(games: list[GameRecord], team_id: int) -> tuple[int, int]:
    wins = 0
    for g in games:
        assert g.away_runs is not None and g.home_runs is not None
        winner = g.away_team_id if g.away_runs > g.home_runs else g.home_team_id
        wins += winner == team_id
    return wins, len(games) - wins


async def test_the_leaders_board_the_team_page_and_the_player_page(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    games = await four_games(store, league)
    hc = await store.find_team(league.id, "HC")
    pool = await store.card_pool(league.id)
    stats = await store.season_stats(league.id)
    async with running_bot(fake, store):
        board = await ask(fake, fake.stranger, "stats", "leaders")
        assert board.embed is not None and board.embed["title"] == "Test League leaders"
        assert [f["name"] for f in board.embed["fields"]] == [leader_name(s) for s in pages.BOARD]
        hr = await store.leaders(league.id, "hr", limit=pages.BOARD_LIMIT)
        first_card, first_value = hr[0]
        hr_field = board.embed["fields"][pages.BOARD.index("hr")]["value"]
        expected_first = f"1. {pool.name(first_card)} ({stats.player_team[first_card]}) **{first_value}**"
        assert hr_field.splitlines()[0] == expected_first
        assert len(hr_field.splitlines()) == len(hr)

        team = await ask(fake, fake.stranger, "stats", "team", team="HC")
        head = team.embeds[0]
        w, l = record_of(games, hc.id)  # noqa: E741
        assert head["title"] == "Harbor City: season 1" and head["description"].startswith(f"{w}-{l} (")
        splits = {
            line.split()[0]: line.split()[1:3] for line in head["fields"][0]["value"].strip("`\n").splitlines()[1:]
        }
        assert int(splits["Home"][0]) + int(splits["Road"][0]) == w
        assert int(splits["Home"][1]) + int(splits["Road"][1]) == l
        page = await store.team_page(league.id, hc.id)
        assert head["fields"][0]["value"] == code_block(pages.splits_table(page))

        player = await ask(fake, fake.stranger, "stats", "player", player="Rudy Kasprzak")
        assert player.embed is not None and player.embed["title"] == "Rudy Kasprzak: season 1 (HC)"
        [batting] = player.embed["fields"]
        rows = batting["value"].strip("`\n").splitlines()
        rudy = stats.batting["hc-rudy-kasprzak-1970"]
        assert rows[1].split() == ["HC", *pages.batting_cells(rudy)]  # his one line: the regular season with HC
        assert "Fielding: HC: 4 G, " in player.text


def test_the_terminal_prints_the_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "terminal.sqlite3"

    async def make() -> tuple[str, str, str]:
        store = await Store.open(path)
        try:
            league = await season.terminal_league(store)
            await four_games(store, league)
            hc = await store.find_team(league.id, "HC")
            team = pages.team_text(await store.team_page(league.id, hc.id))
            page = await store.player_page(league.id, "hc-rudy-kasprzak-1970")
            player = pages.player_text(page, "Rudy Kasprzak: season 1 (HC)")
            best = await store.leaders(league.id, "hr", limit=10)
            return team, player, f"{best[0][1]}"
        finally:
            await store.close()

    team, player, top_hr = asyncio.run(make())
    assert cli.main(["team", "HC", "--database", str(path)]) == 0
    assert capsys.readouterr().out == team + "\n"
    assert "Splits\n" in team and "Totals" in team
    assert cli.main(["player", "Kasprzak", "--database", str(path)]) == 0
    assert capsys.readouterr().out == player + "\n"
    assert cli.main(["leaders", "hr", "--database", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["Terminal League leaders, season 1", "", "Home runs (HR)"]
    assert out[3].startswith("  1. ") and out[3].endswith(f" {top_hr}")
    assert cli.main(["leaders", "xyz", "--database", str(path)]) == 1
    assert "no leaders in 'xyz'" in capsys.readouterr().err
    assert cli.main(["team", "HC", "--database", str(tmp_path / "none.sqlite3")]) == 1
    assert "no database at" in capsys.readouterr().err


def test_a_table_aligns_three_digit_columns_and_its_totals_and_drops_the_leading_zero() -> None:
    """Every cell ends under its label, however wide the season's totals grow; averages print ".293"."""
    regular = BattingStats("a", "Al Able", "HC", games=162, pa=700, ab=600, h=176, doubles=40, k=120, rbi=101)
    totals = BattingStats("HC", "HC", "HC", games=162, pa=6200, ab=5500, h=1500, hr=160, k=1100, bb=600, rbi=700)
    table = pages.named_table(
        pages.BATTING_LABELS, [("Al Able", pages.batting_cells(regular)), ("Totals", pages.batting_cells(totals))]
    )
    head, *rows = table.splitlines()
    ends = [m.end() for m in re.finditer(r"\S+", head)]
    for row in rows:
        assert [m.end() for m in re.finditer(r"\S+", row)][-len(ends) :] == ends, row
    assert " .293 " in rows[0] and "0.293" not in table


def test_composite_cards_lead_nothing_and_are_labelled_on_pages() -> None:
    """A generated set's depth arm ("BAL depth arms 1970") pools many men's innings: no leader board names it."""
    arm = PitchingStats("bal-depth-arms-1970", "BAL depth arms 1970", "BAL", games=60, outs=600, er=10, k=300, w=9)
    real = PitchingStats("palmeji01-1970", "Jim Palmer", "BAL", games=39, outs=915, er=100, k=199, w=20)
    stats = SeasonStats(pitching={p.player: p for p in (arm, real)}, team_games={"BAL": 162})
    for stat in ("era", "so", "w"):
        assert [player for player, _ in leaders(stats, stat, stats.team_games)] == ["palmeji01-1970"]
    assert is_composite("col-depth-bats-2023") and not is_composite("palmeji01-1970")
    assert pages.shown_name(arm.player, arm.name) == "BAL depth arms 1970 (composite)"


async def test_team_leaders_and_complete_games_in_discord(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    await four_games(store, league)
    stats = await store.season_stats(league.id)
    async with running_bot(fake, store):
        reply = await ask(fake, fake.stranger, "stats", "leaders", stat="hr", teams=True)
        assert reply.embed is not None and reply.embed["title"] == "Test League team leaders: Home runs (HR)"
        expected = team_leaders(stats, "hr")
        names = {"HC": "Harbor City", "MV": "Mesa Valley"}
        assert reply.embed["description"].splitlines() == [
            f"{n}. {names[team]} ({team}) **{value}**" for n, (team, value) in enumerate(expected, start=1)
        ]
        assert "footer" not in reply.embed or not reply.embed["footer"]  # no qualifiers for teams
        board = await ask(fake, fake.stranger, "stats", "leaders", teams=True)
        assert board.embed is not None and board.embed["title"] == "Test League team leaders"
        era = board.embed["fields"][pages.BOARD.index("era")]["value"].splitlines()
        assert len(era) == 2 and all("(HC)" in line or "(MV)" in line for line in era)
        cg = await ask(fake, fake.stranger, "stats", "leaders", stat="cg")
        assert cg.embed is not None and cg.embed["title"] == "Test League leaders: Complete games (CG)"
        best = leaders(stats, "cg", stats.team_games)
        assert best, "the four games hold a complete game"
        assert len(cg.embed["description"].splitlines()) == len(best)


def test_the_terminal_prints_team_leaders_and_complete_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "terminal.sqlite3"

    async def make() -> tuple[SeasonStats, str, str]:
        store = await Store.open(path)
        try:
            league = await season.terminal_league(store)
            await four_games(store, league)
            stats = await store.season_stats(league.id)
            [(pitcher, _)] = leaders(stats, "cg", stats.team_games, limit=1)
            page = await store.player_page(league.id, pitcher)
            return stats, pitcher, pages.player_text(page, "title")
        finally:
            await store.close()

    stats, pitcher, player = asyncio.run(make())
    assert cli.main(["leaders", "hr", "--teams", "--database", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["Terminal League team leaders, season 1", "", "Home runs (HR)"]
    names = {"HC": "Harbor City", "MV": "Mesa Valley"}
    assert out[3:] == [
        f"  {n}. {names[team]} ({team}) {value}" for n, (team, value) in enumerate(team_leaders(stats, "hr"), start=1)
    ]
    assert cli.main(["leaders", "sho", "--database", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[2] == "Shutouts (SHO)"
    # The pitcher's page shows his complete games and shutouts beside his decisions.
    head, row = player.split("Pitching\n")[1].splitlines()[:2]
    cells = dict(zip(head.split(), row.split()[-len(head.split()) :], strict=True))
    line = stats.pitching[pitcher]
    assert (cells["CG"], cells["SHO"], cells["W"]) == (str(line.cg), str(line.sho), str(line.w))
