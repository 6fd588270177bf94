"""/schedule, /standings, /stats and /boxscore, over games played through the store."""

from __future__ import annotations

import discord

from bot.discord.layout import EMBED_TEXT, MESSAGE_TEXT, code_blocks, messages
from bot.words.standings_view import render_standings_png, sections
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
        unsaid = await ask(fake, fake.commissioner, "schedule", "make")  # hand-made teams: no real season's length
        assert unsaid.ephemeral and "do not say how long a season is: give `games_per_team`" in unsaid.text
        assert await store.games(league.id) == []

        reply = await ask(fake, fake.commissioner, "schedule", "make", games_per_team=6, series_length=3, off_days=2)
        games = await store.games(league.id)
        assert len(games) == 6
        assert games[-1].day == 8  # 6 games and 2 off days
        assert not reply.ephemeral and "6 games from day 1 to day 8" in reply.text
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
        assert reply.type == 4 and not reply.attachments  # two teams: the text table alone, no picture
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
        hc_line = ["HC", "1", "1", ".500", "-", f"{hc_runs - mv_runs:+d}", hc_last, "1-1"]
        mv_line = ["MV", "1", "1", ".500", "-", f"{mv_runs - hc_runs:+d}", mv_last, "1-1"]
        # Level head to head: the last half of their games (day 2's) breaks the tie (MLB tiebreaker procedures).
        first_line, second_line = (hc_line, mv_line) if hc_last == "W1" else (mv_line, hc_line)
        assert [lines[1].split(), lines[2].split()] == [first_line, second_line]

        for team, division in (("HC", "East"), ("MV", "West")):
            await store.set_division((await store.find_team(league.id, team)).id, division)
        divided = await ask(fake, fake.stranger, "standings")
        assert divided.embed is not None and [f["name"] for f in divided.embed["fields"]] == ["East", "West"]


# Two leagues of six, each in two divisions of three; in each league every team plays every other once
# (a forfeit: the home side wins 9-0), the stronger always winning: 5-0, 4-1, 3-2, 2-3, 1-4, 0-5.
BIG = {
    "AL": {"AL East": ["NYA", "BOS", "TOR"], "AL West": ["HOU", "SEA", "TEX"]},
    "NL": {"NL East": ["ATL", "NYN", "PHI"], "NL West": ["LAN", "SDN", "SFN"]},
}
STRENGTH = {"AL": ["NYA", "HOU", "BOS", "SEA", "TOR", "TEX"], "NL": ["LAN", "ATL", "SDN", "NYN", "SFN", "PHI"]}


async def big_league(fake: FakeDiscord, store: Store) -> League:
    league = await store.create_league(
        "Big League", ["sample"], guild_id=fake.guild_id, commissioners=[fake.commissioner.id]
    )
    teams = {}
    for subleague, divisions in BIG.items():
        for division, members in divisions.items():
            for key in members:
                teams[key] = await store.create_team(
                    league.id, f"Club {key}", key, division=division.split()[1], subleague=subleague
                )
    for order in STRENGTH.values():
        for high, winner in enumerate(order):
            for loser in order[high + 1 :]:
                game = await store.schedule_game(league.id, teams[loser].id, teams[winner].id)
                await store.forfeit_game(game.id, "away")
    return league


def table_lines(field: dict[str, str]) -> list[list[str]]:
    return [line.split() for line in field["value"].strip("`\n").splitlines()]


async def test_a_twelve_team_two_league_season_shows_the_wild_cards_and_a_picture(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await big_league(fake, store)
    async with running_bot(fake, store):
        reply = await ask(fake, fake.stranger, "standings", view="wildcard")
        assert reply.type == 5 and not reply.ephemeral  # deferred while the picture is drawn
        assert reply.embed is not None and reply.embed["title"] == "Big League standings"
        names = [f["name"] for f in reply.embed["fields"]]
        assert names == ["AL division leaders", "AL wild card", "NL division leaders", "NL wild card"]
        leaders, race = table_lines(reply.embed["fields"][0]), table_lines(reply.embed["fields"][1])
        assert leaders == [
            ["W", "L", "PCT", "GB", "RD", "STRK", "L10"],
            ["NYA", "5", "0", "1.000", "-", "+45", "W5", "5-0"],
            ["HOU", "4", "1", ".800", "-", "+27", "W4", "4-1"],  # lost to NYA in the first game
        ]
        assert race[0] == ["W", "L", "PCT", "WC", "GB", "RD", "STRK", "L10"]
        assert [row[:5] for row in race[1:]] == [
            ["BOS", "3", "2", ".600", "+3.0"],  # ahead of TEX, the first team out
            ["SEA", "2", "3", ".400", "+2.0"],
            ["TOR", "1", "4", ".200", "+1.0"],
            [race[4][0]],  # the line under the last wild card
            ["TEX", "0", "5", ".000", "1.0"],
        ]
        assert set(race[4][0]) == {"-"}
        [picture] = reply.attachments
        assert (picture.filename, picture.content_type) == ("standings.png", "image/png")
        assert reply.embed["image"]["url"] == picture.url
        shown = sections("wildcard", await store.league_standings(league.id), [])
        assert picture.data == render_standings_png(f"Big League standings, day {league.day}", shown)

        divisions = await ask(fake, fake.stranger, "standings")
        assert divisions.embed is not None and len(divisions.attachments) == 1
        assert [f["name"] for f in divisions.embed["fields"]] == ["AL East", "AL West", "NL East", "NL West"]
        assert [row[0] for row in table_lines(divisions.embed["fields"][3])[1:]] == ["LAN", "SDN", "SFN"]
        overall = await ask(fake, fake.stranger, "standings", view="overall")
        assert overall.embed is not None and [f["name"] for f in overall.embed["fields"]] == ["All teams"]
        assert len(table_lines(overall.embed["fields"][0])) == 13


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
        assert missing.ephemeral and missing.text.startswith("There is no game '999' in ")
        nonsense = await ask(fake, fake.stranger, "boxscore", game="yesterday")
        assert nonsense.ephemeral and nonsense.text.startswith("There is no game 'yesterday' in ")


def test_long_tables_fit_discords_limits() -> None:
    table = "\n".join(f"row {n:>4} " + "x" * 60 for n in range(400))  # about 28,000 characters
    blocks = code_blocks(table + "\n\n" + table)
    assert all(len(b) <= EMBED_TEXT and b.startswith("```\n") and b.endswith("\n```") for b in blocks)
    assert "".join(blocks).count("row    0") == 2
    packed = messages([discord.Embed(description=b) for b in blocks])
    assert all(len(m) <= 10 and sum(len(e) for e in m) <= MESSAGE_TEXT for m in packed)
    assert sum(len(m) for m in packed) == len(blocks)
