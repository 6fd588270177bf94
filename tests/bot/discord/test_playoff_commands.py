"""/playoffs format, start and bracket against the fake Discord, on four teams whose season is over."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from league.models import League, Team
from league.store import Store
from tests.bot.conftest import ask, running_bot, sample_pairs
from tests.fakediscord import FakeDiscord


@pytest.fixture(autouse=True)
def operator_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copies of the sample's teams are the operator's sets: a Discord league names its sets."""
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path))


async def season_over(fake: FakeDiscord, store: Store, folder: Path) -> tuple[League, dict[str, Team]]:
    """HC 3-0, MV 2-1, HC2 1-2, MV2 0-3: each game forfeited by the loser, on day 1."""
    league, pairs = await sample_pairs(store, fake.guild_id, fake.commissioner.id, folder, 2)
    teams = {t.abbreviation: t for pair in pairs for t in pair}
    for loser, winner in [("MV", "HC"), ("HC2", "HC"), ("MV2", "HC"), ("HC2", "MV"), ("MV2", "MV"), ("MV2", "HC2")]:
        game = await store.schedule_game(league.id, teams[loser].id, teams[winner].id, day=1)
        await store.forfeit_game(game.id, "away")
    return league, teams


async def test_the_format_is_a_commissioners_choice_and_bad_ones_are_refused(
    fake_discord: FakeDiscord, store: Store, tmp_path: Path
) -> None:
    fake = fake_discord
    league, _ = await season_over(fake, store, tmp_path)
    async with running_bot(fake, store):
        shown = await ask(fake, fake.stranger, "playoffs", "format")
        assert shown.ephemeral and shown.text.startswith("Playoff format: top4: 4 teams qualify")
        refused = await ask(fake, fake.manager_a, "playoffs", "format", preset="top2")
        assert refused.ephemeral and refused.text == "Only a commissioner of Test League may do that."
        bad = await ask(fake, fake.commissioner, "playoffs", "format", teams=6, rounds="5,7")
        assert bad.ephemeral and "6 teams with 0 byes leaves 3 after the first round" in bad.text
        half = await ask(fake, fake.commissioner, "playoffs", "format", teams=4)
        assert half.ephemeral and "needs both teams (per league) and rounds" in half.text
        assert (await store.playoff_format(league.id)).name == "top4"

        chosen = await ask(fake, fake.commissioner, "playoffs", "format", teams=2, rounds="3:1-1-1")
        assert not chosen.ephemeral and chosen.text.startswith("Playoff format set: custom: 2 teams qualify")
        fmt = await store.playoff_format(league.id)
        assert (fmt.teams, [r.home for r in fmt.rounds]) == (2, ["HLH"])


async def test_start_then_the_bracket_as_an_embed_and_a_picture(
    fake_discord: FakeDiscord, store: Store, tmp_path: Path
) -> None:
    fake = fake_discord
    league, teams = await season_over(fake, store, tmp_path)
    extra = await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id, day=1)
    async with running_bot(fake, store):
        early = await ask(fake, fake.stranger, "playoffs", "bracket")
        assert early.ephemeral and "have not started" in early.text and "/playoffs start" in early.text
        not_yours = await ask(fake, fake.manager_a, "playoffs", "start")
        assert not_yours.ephemeral and "Only a commissioner" in not_yours.text
        waiting = await ask(fake, fake.commissioner, "playoffs", "start")
        assert waiting.ephemeral and f"(the first: game {extra.id}, day 1)" in waiting.text
        await store.forfeit_game(extra.id, "away")

        started = await ask(fake, fake.commissioner, "playoffs", "start")
        assert not started.ephemeral and started.embed is not None
        assert started.embed["title"] == "Test League playoffs"
        fields = {f["name"]: f["value"] for f in started.embed["fields"]}
        assert fields == {
            # HC and MV both 3-1 and 1-1 head to head: MV won the later intraleague games (MLB's
            # "last half of intraleague games" step), so MV is the first seed.
            "Semifinals (best of 5)": "(1) MV 0-0 (4) MV2 (best of 5): game 1 next\n"
            "(2) HC 0-0 (3) HC2 (best of 5): game 1 next",
            "Final (best of 7)": "waits for the round before",
        }
        [picture] = started.attachments
        assert picture.filename == "playoffs-1.png"
        assert Image.open(io.BytesIO(picture.data)).size == (24 + 2 * 324, 56 + 24 + 40 + 2 * 88 + 24)

        # MV, the first seed, wins game 1 (a forfeit); the bracket says so, and anyone may see it.
        playoffs = await store.playoffs(league.id)
        assert playoffs is not None
        first = (await store.series_games(playoffs.series[0].id))[0]
        await store.forfeit_game(first.id, "away")
        shown = await ask(fake, fake.stranger, "playoffs", "bracket")
        assert shown.embed is not None
        assert "(1) MV 1-0 (4) MV2 (best of 5): MV leads" in shown.embed["fields"][0]["value"]
        again = await ask(fake, fake.commissioner, "playoffs", "start")
        assert again.ephemeral and "the season 1 playoffs of Test League began on day 2" in again.text
