"""/schedule, /standings, /stats and /boxscore, over games played through the store."""

from __future__ import annotations

import discord

from bot.layout import EMBED_TEXT, MESSAGE_TEXT, code_blocks, messages
from league.models import League
from league.store import Store
from tests.bot.conftest import ask, play_final_game, running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def season_so_far(fake: FakeDiscord, store: Store) -> League:
    """Two final games, Harbor City at Mesa Valley on day 1 and at home on day 2 (seeds 1 and 2: one win each)."""
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    await play_final_game(store, league.id, "HC", "MV", seed=1)
    await store.advance_day(league.id)
    await play_final_game(store, league.id, "MV", "HC", seed=2)
    return league


async def test_only_a_commissioner_makes_the_schedule(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    async with running_bot(fake, store):
        none_yet = await ask(fake, fake.stranger, "schedule", "show")
        assert "no games" in none_yet.text and "/schedule make" in none_yet.text
        refused = await ask(fake, fake.manager_a, "schedule", "make", games_per_team=6)
        assert refused.ephemeral and "Only a commissioner" in refused.text
        assert await store.games(league.id) == []

        reply = await ask(fake, fake.commissioner, "schedule", "make", games_per_team=6, series_length=3)
        games = await store.games(league.id)
        assert len(games) == 6
        assert not reply.ephemeral and f"6 games from day 1 to day {games[-1].day}" in reply.text
        again = await ask(fake, fake.commissioner, "schedule", "make", games_per_team=4)
        assert again.ephemeral and "already has games scheduled" in again.text
        assert len(await store.games(league.id)) == 6

        today = await ask(fake, fake.stranger, "schedule", "show")
        assert today.embed is not None and "from today (day 1)" in today.embed["title"]
        assert f"`#{games[0].id}` day 1: " in today.text
        day_two = await ask(fake, fake.stranger, "schedule", "show", day=2)
        assert all(f"day {g.day}:" in day_two.text for g in games if g.day == 2)
        assert "day 1:" not in day_two.text
        team = await ask(fake, fake.stranger, "schedule", "show", team="HC")
        assert team.embed is not None and team.embed["title"] == "Harbor City: season 1"
        assert team.text.count("HC") == 6


async def test_standings_table_and_divisions(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await season_so_far(fake, store)
    async with running_bot(fake, store):
        reply = await ask(fake, fake.stranger, "standings")
        assert reply.embed is not None and reply.embed["title"] == "Test League standings"
        [table] = reply.embed["fields"]
        assert table["name"] == "League"
        lines = table["value"].strip("`\n").splitlines()
        assert lines[0].split() == ["W", "L", "PCT", "GB", "RD", "STRK", "L10"]
        first, second = await store.games(league.id)  # HC at MV, then MV at HC
        hc_runs = first.away_runs + second.home_runs  # type: ignore[operator]
        mv_runs = first.home_runs + second.away_runs  # type: ignore[operator]
        assert (first.away_runs > first.home_runs) != (second.home_runs > second.away_runs)  # type: ignore[operator]
        hc_last = "W1" if second.home_runs > second.away_runs else "L1"  # type: ignore[operator]
        mv_last = "L1" if hc_last == "W1" else "W1"
        assert lines[1].split() == ["HC", "1", "1", ".500", "-", f"{hc_runs - mv_runs:+d}", hc_last, "1-1"]
        assert lines[2].split() == ["MV", "1", "1", ".500", "-", f"{mv_runs - hc_runs:+d}", mv_last, "1-1"]

        for team, division in (("HC", "East"), ("MV", "West")):
            await store.set_division((await store.find_team(league.id, team)).id, division)
        divided = await ask(fake, fake.stranger, "standings")
        assert divided.embed is not None and [f["name"] for f in divided.embed["fields"]] == ["East", "West"]


async def test_stats_of_a_player_a_team_and_the_leaders(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    await season_so_far(fake, store)
    async with running_bot(fake, store):
        batter = await ask(fake, fake.stranger, "stats", "player", player="Rudy Kasprzak")
        assert batter.embed is not None and batter.embed["title"] == "Rudy Kasprzak: season 1 (HC)"
        [batting] = batter.embed["fields"]
        assert batting["name"] == "Batting" and "AVG" in batting["value"] and "OPS" in batting["value"]
        pitcher = await ask(fake, fake.stranger, "stats", "player", player="hc-lyle-brennaman-1970")
        assert pitcher.embed is not None and [f["name"] for f in pitcher.embed["fields"]] == ["Batting", "Pitching"]
        assert "ERA" in pitcher.text and "WHIP" in pitcher.text
        idle = await ask(fake, fake.stranger, "stats", "player", player="tom-seaver-1970")
        assert "has not played" in idle.text

        team = await ask(fake, fake.stranger, "stats", "team", team="MV")
        assert [e["title"] for e in team.embeds] == [
            "Mesa Valley: season 1",
            "Mesa Valley: season 1 batting",
            "Mesa Valley: season 1 pitching",
        ]
        assert "Totals" in team.embeds[1]["description"] and "Rollie Danforth" in team.embeds[2]["description"]

        stats = await fake.autocomplete(fake.stranger, "stats", "leaders", focused="stat", value="home")
        assert stats == [{"name": "Home runs (HR)", "value": "hr"}]
        leaders = await ask(fake, fake.stranger, "stats", "leaders", stat="avg")
        assert leaders.embed is not None and leaders.embed["title"] == "Test League leaders: Batting average (AVG)"
        first = leaders.embed["description"].splitlines()[0]
        assert first.startswith("1. ") and first.endswith("**") and "Qualifying" in leaders.text
        refused = await ask(fake, fake.stranger, "stats", "leaders", stat="xyz")
        assert refused.ephemeral and "no leaders in 'xyz'" in refused.text and "era" in refused.text


async def test_boxscore_of_final_and_forfeited_games(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await season_so_far(fake, store)
    hc, mv = await store.find_team(league.id, "HC"), await store.find_team(league.id, "MV")
    forfeit = await store.forfeit_game((await store.schedule_game(league.id, hc.id, mv.id)).id, "away")
    upcoming = await store.schedule_game(league.id, mv.id, hc.id)
    first, second = (await store.games(league.id, status="final"))[:2]
    async with running_bot(fake, store):
        offered = await fake.autocomplete(fake.stranger, "boxscore", focused="game", value="")
        assert [c["value"] for c in offered] == [str(forfeit.id), str(second.id), str(first.id)]
        score = (first.away_runs, first.home_runs)
        assert offered[2]["name"] == f"#{first.id} day 1: HC {score[0]} at MV {score[1]}"

        reply = await ask(fake, fake.stranger, "boxscore", game=str(first.id))
        assert not reply.ephemeral and reply.embed is not None
        assert reply.embed["title"] == f"Harbor City {score[0]}, Mesa Valley {score[1]}"  # the winner first
        assert reply.embed["author"]["name"] == f"Final · day 1 · game #{first.id}"
        assert len(reply.embeds) == 3 and "Pitching" in reply.embeds[1]["description"]
        assert reply.embeds[2]["description"].startswith("```\nMesa Valley")

        forfeited = await ask(fake, fake.stranger, "boxscore", game=f"#{forfeit.id}")
        assert "Harbor City forfeited the game to Mesa Valley" in forfeited.text
        not_yet = await ask(fake, fake.stranger, "boxscore", game=str(upcoming.id))
        assert not_yet.ephemeral and "is scheduled; it has no box score yet" in not_yet.text
        missing = await ask(fake, fake.stranger, "boxscore", game="999")
        assert missing.ephemeral and "no game with id 999" in missing.text
        nonsense = await ask(fake, fake.stranger, "boxscore", game="yesterday")
        assert nonsense.ephemeral and "not a game number" in nonsense.text


def test_long_tables_fit_discords_limits() -> None:
    table = "\n".join(f"row {n:>4} " + "x" * 60 for n in range(400))  # about 28,000 characters
    blocks = code_blocks(table + "\n\n" + table)
    assert all(len(b) <= EMBED_TEXT and b.startswith("```\n") and b.endswith("\n```") for b in blocks)
    assert "".join(blocks).count("row    0") == 2
    packed = messages([discord.Embed(description=b) for b in blocks])
    assert all(len(m) <= 10 and sum(len(e) for e in m) <= MESSAGE_TEXT for m in packed)
    assert sum(len(m) for m in packed) == len(blocks)
