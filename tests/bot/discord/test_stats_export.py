"""/stats export (issue 28, docs/export.md): the season's CSV files attached, one zip when they are too large
together, a private one-line refusal for a season with nothing to export."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest

from league.store import Store
from tests.bot.conftest import ask, play_final_game, running_bot, sample_league
from tests.fakediscord import FakeDiscord

NAMES = ("batting", "pitching", "fielding", "standings", "schedule", "box_batting", "box_pitching")


def rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


async def test_stats_export_attaches_the_files_or_a_zip_and_refuses_an_empty_season(
    fake_discord: FakeDiscord, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    async with running_bot(fake, store):
        refused = await ask(fake, fake.manager_a, "stats", "export")
        assert refused.ephemeral and refused.text == (
            "season 1 of Test League has no final game yet: there are no stats to export"
        )
        refused = await ask(fake, fake.manager_a, "stats", "export", season=2)
        assert refused.ephemeral and "there is no season 2" in refused.text and "\n" not in refused.text

        games = [await play_final_game(store, league.id, "HC", "MV", seed=s) for s in (1, 2)]
        reply = await ask(fake, fake.manager_a, "stats", "export")
        assert not reply.ephemeral and reply.text == "Season 1 of Test League: 7 CSV files."
        files = {a.filename: a.data for a in reply.attachments}
        assert list(files) == [f"season-1-{name}.csv" for name in NAMES]
        schedule = rows(files["season-1-schedule.csv"])
        assert [(int(r["game_id"]), int(r["away_runs"]), int(r["home_runs"])) for r in schedule] == [
            (g.id, g.away_runs, g.home_runs) for g in games
        ]
        size = sum(len(data) for data in files.values())

        # Larger together than Discord takes: one zip holding the same files.
        monkeypatch.setattr("bot.discord.export.MAX_UPLOAD", size - 1)
        reply = await ask(fake, fake.manager_a, "stats", "export", season=1)
        assert [a.filename for a in reply.attachments] == ["season-1.zip"]
        with zipfile.ZipFile(io.BytesIO(reply.attachments[0].data)) as archive:
            assert {name: archive.read(name) for name in archive.namelist()} == files

        # Too large even zipped: a private refusal that points to the terminal.
        monkeypatch.setattr("bot.discord.export.MAX_UPLOAD", 1000)
        handle = await fake.slash(fake.manager_a, "stats", "export")
        told = await handle.followup(0)
        assert told.ephemeral and "even zipped" in told.text and "`dugout export`" in told.text
        original = handle.original
        assert original is not None
        await fake.wait_for(lambda: original.deleted)  # the public "thinking..." goes: nothing is left in public
