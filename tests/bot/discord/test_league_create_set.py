"""/league-create with a card set that lists its teams: the teams are made, the DH is the set's."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.store import Store
from tests.bot.conftest import running_bot
from tests.cards.test_team_entries import HC_TEAM, make_set
from tests.fakediscord import FakeDiscord
from tests.league.test_teams_from_set import MV_TEAM


@pytest.fixture(autouse=True)
def operator_sets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's operator keeps his own card sets in tmp_path: Discord names them ("set") as the bundled ones."""
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path))


def season_set(tmp_path: Path) -> Path:
    folder = make_set(tmp_path, HC_TEAM + MV_TEAM)
    meta = folder / "set.toml"
    meta.write_text(meta.read_text() + "designated_hitter = true\n", encoding="utf-8")
    return folder


async def test_a_set_with_teams_makes_them(fake_discord: FakeDiscord, store: Store, tmp_path: Path) -> None:
    fake = fake_discord
    folder = season_set(tmp_path)
    async with running_bot(fake, store):
        options = {"name": "Season League", "card_sets": folder.name}
        reply = await (await fake.slash(fake.commissioner, "league-create", options=options)).response()
        assert not reply.ephemeral
        assert "The designated hitter is on, as the card set says." in reply.text
        assert (
            "Made 2 teams from the card set, each with its roster, lineups, rotation and bullpen: HC, MV." in reply.text
        )
        [league] = await store.leagues(fake.guild_id)
        assert league.options.designated_hitter is True
        assert [t.name for t in await store.teams(league.id)] == ["Harbor City Captains", "Mesa Valley Miners"]


async def test_teams_false_skips_them(fake_discord: FakeDiscord, store: Store, tmp_path: Path) -> None:
    fake = fake_discord
    folder = season_set(tmp_path)
    async with running_bot(fake, store):
        options = {"name": "Season League", "card_sets": folder.name, "teams": False}
        reply = await (await fake.slash(fake.commissioner, "league-create", options=options)).response()
        assert "Next: `/team create` for each team." in reply.text
        [league] = await store.leagues(fake.guild_id)
        assert await store.teams(league.id) == []


async def test_card_sets_autocomplete_lists_bundled_sets(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        choices = await fake.autocomplete(fake.commissioner, "league-create", focused="card_sets", value="sam")
        # Both games' samples until the ruleset is chosen (tests/bot/discord/test_deep_drive_discord.py narrows it).
        assert choices == [
            {"name": "deep-drive-sample", "value": "deep-drive-sample"},
            {"name": "sample", "value": "sample"},
        ]


async def test_a_set_naming_the_dh_leagues_says_which(fake_discord: FakeDiscord, store: Store, tmp_path: Path) -> None:
    fake = fake_discord
    folder = make_set(tmp_path, HC_TEAM + MV_TEAM)
    meta = folder / "set.toml"
    meta.write_text(meta.read_text() + 'designated_hitter = ["AL"]\n', encoding="utf-8")
    async with running_bot(fake, store):
        options = {"name": "Season League", "card_sets": folder.name}
        reply = await (await fake.slash(fake.commissioner, "league-create", options=options)).response()
        assert (
            "The designated hitter bats in AL parks (each game plays its home team's league's rule),"
            " as the card set says." in reply.text
        )
        [league] = await store.leagues(fake.guild_id)
        assert (league.options.designated_hitter, league.options.dh_leagues) == (False, "AL")
