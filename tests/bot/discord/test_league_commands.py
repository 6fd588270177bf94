"""/league: the server's league, its settings and its calendar, by slash commands."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from league.store import Store
from tests.bot.conftest import running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def test_commissioner_creates_the_league_and_a_second_is_refused(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        reply = await (await fake.slash(fake.commissioner, "league-create", options={"name": "Test League"})).response()
        assert not reply.ephemeral and "Test League" in reply.text
        [league] = await store.leagues(fake.guild_id)
        assert league.commissioners == (fake.commissioner.id,) and league.card_sets == ("sample",)

        again = await (await fake.slash(fake.commissioner, "league-create", options={"name": "Other"})).response()
        assert again.ephemeral and "one league per server" in again.text
        assert len(await store.leagues(fake.guild_id)) == 1


async def test_a_manager_may_not_start_a_league_or_change_options(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        refused = await (await fake.slash(fake.manager_a, "league-create", options={"name": "Mine"})).response()
        assert refused.ephemeral and "Manage Server" in refused.text
        assert await store.leagues(fake.guild_id) == []

        await (await fake.slash(fake.commissioner, "league-create", options={"name": "Test League"})).response()
        options = {"setting": "designated_hitter", "value": "on"}
        refused = await (await fake.slash(fake.manager_a, "league", "options", options=options)).response()
        assert refused.ephemeral and "Only a commissioner" in refused.text
        [league] = await store.leagues(fake.guild_id)
        assert league.options.designated_hitter is False


async def test_options_change_a_setting_and_refuse_a_bad_value(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        await (await fake.slash(fake.commissioner, "league-create", options={"name": "Test League"})).response()
        choices = await fake.autocomplete(fake.commissioner, "league", "options", focused="setting", value="pace")
        assert choices == [{"name": "pace_seconds", "value": "pace_seconds"}]

        options = {"setting": "designated_hitter", "value": "on"}
        reply = await (await fake.slash(fake.commissioner, "league", "options", options=options)).response()
        assert not reply.ephemeral and "designated_hitter is now on" in reply.text
        options = {"setting": "pace_seconds", "value": "soon"}
        bad = await (await fake.slash(fake.commissioner, "league", "options", options=options)).response()
        assert bad.ephemeral and "whole number" in bad.text
        options = {"setting": "innings", "value": "0"}
        bad = await (await fake.slash(fake.commissioner, "league", "options", options=options)).response()
        assert bad.ephemeral and "innings is a whole number, 1 to 30; got 0" in bad.text
        # Not ASCII digits ("²" is a digit to str.isdigit), two signs, or out of any sane range: one private line.
        for setting, value, told in [
            ("pace_seconds", "²", "pace_seconds is a whole number; got '²'."),
            ("pace_seconds", "--5", "pace_seconds is a whole number; got '--5'."),
            ("pace_seconds", "-5", "league rule pace_seconds is a whole number, 0 to 600; got -5"),
            ("pace_seconds", "1" + "0" * 30, "league rule pace_seconds is a whole number, 0 to 600; got 1000"),
            ("starter_rest_days", "99999", "league rule starter_rest_days is a whole number, 0 to 30; got 99999"),
            ("innings", "1" + "0" * 30, "innings is a whole number, 1 to 30; got 1000"),
        ]:
            options = {"setting": setting, "value": value}
            bad = await (await fake.slash(fake.commissioner, "league", "options", options=options)).response()
            assert bad.ephemeral and bad.text.startswith(told) and "\n" not in bad.text
            assert "Something went wrong" not in bad.text

        [league] = await store.leagues(fake.guild_id)
        assert league.options.designated_hitter is True and league.options.innings == 9
        assert league.rules.pace_seconds == 3 and league.rules.starter_rest_days == 4


async def test_advance_day_moves_the_calendar(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        no_league = await (await fake.slash(fake.commissioner, "league", "info")).response()
        assert no_league.ephemeral and "/league-create" in no_league.text
        await (await fake.slash(fake.commissioner, "league-create", options={"name": "Test League"})).response()
        reply = await (await fake.slash(fake.commissioner, "league", "advance-day", options={"days": 2})).response()
        assert "day 3" in reply.text
        info = await (await fake.slash(fake.manager_b, "league", "info")).response()
        assert info.embed is not None and "day 3" in info.embed["description"]


async def test_a_server_admin_who_is_not_a_commissioner_may_only_add_commissioners(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    await store.create_league("Test League", ["sample"], guild_id=fake.guild_id, commissioners=[fake.manager_a.id])
    async with running_bot(fake, store):
        options = {"setting": "innings", "value": "7"}
        refused = await (await fake.slash(fake.commissioner, "league", "options", options=options)).response()
        assert refused.ephemeral and "Only a commissioner" in refused.text  # Manage Server is not enough

        added = await (
            await fake.slash(fake.commissioner, "league", "commissioner", options={"member": fake.commissioner})
        ).response()
        assert "now a commissioner" in added.text
        by_stranger = await (
            await fake.slash(fake.stranger, "league", "commissioner", options={"member": fake.stranger})
        ).response()
        assert by_stranger.ephemeral
    [league] = await store.leagues(fake.guild_id)
    assert set(league.commissioners) == {fake.manager_a.id, fake.commissioner.id}


async def test_advance_day_plays_the_day_and_posts_its_summary_in_the_league_channel(
    fake_discord: FakeDiscord, store: Store
) -> None:
    """/league advance-day (commissioners): the day's unplayed game is auto-played and stored, the calendar
    moves on, and the day's summary (score, pitchers of record) goes to the league's games channel."""
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    teams = {t.abbreviation: t for t in await store.teams(league.id)}
    game = await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id)
    await store.schedule_game(league.id, teams["MV"].id, teams["HC"].id, day=2)
    await store.set_channel(league.id, "games", fake.games_channel.id)
    async with running_bot(fake, store):
        refused = await (await fake.slash(fake.manager_a, "league", "advance-day")).response()
        assert refused.ephemeral and "Only a commissioner" in refused.text
        assert (await store.game(game.id)).status == "scheduled"

        reply = await (await fake.slash(fake.commissioner, "league", "advance-day")).response(timeout=60)
        assert reply.deferred and "played 1 game and moves on to day 2" in reply.text
        assert f"<#{fake.games_channel.id}>" in reply.text
        final = await store.game(game.id)
        assert final.status == "final" and final.box_score is not None
        posted = await fake.wait_for(lambda: fake.last_message(fake.games_channel), 10, what="the summary")
        assert posted.embed is not None and posted.embed["title"] == "Test League: day 1"
        score = f"Harbor City {final.away_runs}, Mesa Valley {final.home_runs}"
        assert score in posted.embed["description"]
        winner = next(p for s in ("away", "home") for p in final.box_score[s]["pitching"] if "W" in p["decision"])
        assert f"W: {winner['name']}" in posted.embed["description"]
        assert (await store.league(league.id)).day == 2
        assert (await store.games(league.id, day=2))[0].status == "scheduled"  # tomorrow's game waits


async def test_the_league_deadline_plays_the_day_by_itself(fake_discord: FakeDiscord, store: Store) -> None:
    """League rule deadline_hour_utc: when the hour comes, the day's unstarted game is auto-played, the
    calendar moves on and the summary is posted; the same deadline does not play a second day."""
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    teams = {t.abbreviation: t for t in await store.teams(league.id)}
    game = await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id)
    await store.set_channel(league.id, "announcements", fake.general.id)
    async with running_bot(fake, store) as bot:
        options = {"setting": "deadline_hour_utc", "value": "5"}
        reply = await (await fake.slash(fake.commissioner, "league", "options", options=options)).response()
        assert "deadline_hour_utc is now 5" in reply.text
        cog: Any = bot.get_cog("LeagueCog")  # discord.py loads the cog's module anew: no isinstance
        assert cog is not None
        cog._deadlines_since = datetime(2026, 5, 1, 4, 59, tzinfo=UTC)
        assert await cog.run_deadlines(datetime(2026, 5, 1, 5, 0, 30, tzinfo=UTC)) != []
        assert (await store.game(game.id)).status == "final"
        assert (await store.league(league.id)).day == 2
        posted = fake.last_message(fake.general)
        assert posted is not None and "deadline passed" in posted.text and "Test League: day 1" in posted.text
        assert await cog.run_deadlines(datetime(2026, 5, 1, 5, 1, 30, tzinfo=UTC)) == []
        assert (await store.league(league.id)).day == 2
