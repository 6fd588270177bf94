"""/league: the server's league, its settings and its calendar, by slash commands."""

from __future__ import annotations

from league.store import Store
from tests.bot.conftest import running_bot
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
        assert bad.ephemeral and "at least one inning" in bad.text

        [league] = await store.leagues(fake.guild_id)
        assert league.options.designated_hitter is True and league.options.innings == 9
        assert league.rules.pace_seconds == 3


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
