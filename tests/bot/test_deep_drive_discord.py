"""Deep Drive in Discord, end to end against the fake Discord: /league-create ruleset:, a game played
by clicking the prompts, its box score and the standings, /card with a Deep Drive card, and the
refusals (a set of the other game) in private."""

from __future__ import annotations

from bot.cardimage import render_card_png
from engine.game import Game
from engine.rulesets import DEEP_DRIVE, INSIDE_PITCH
from league.cardpool import CardPool
from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import ask, running_bot
from tests.bot.test_live_game import click_through, line_score_text, start_game, wait_final
from tests.fakediscord import FakeDiscord


async def test_a_set_of_the_other_game_is_refused_in_private(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        reply = await ask(
            fake, fake.commissioner, "league-create", name="Wrong", card_sets="deep-drive-sample", ruleset=INSIDE_PITCH
        )
        assert reply.ephemeral
        assert reply.text == (
            "deep-drive-sample is a card set of the other game; an Inside Pitch league plays Inside Pitch cards,"
            " such as sample."
        )
        reply = await ask(fake, fake.commissioner, "league-create", name="Wrong", card_sets="sample, deep-drive-sample")
        assert reply.ephemeral and "different games" in reply.text
    assert await store.leagues(fake.guild_id) == []


async def test_the_card_set_autocomplete_offers_the_chosen_games_sets(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        deep = await fake.autocomplete(
            fake.commissioner, "league-create", focused="card_sets", value="sam", options={"ruleset": DEEP_DRIVE}
        )
        assert [c["value"] for c in deep] == ["deep-drive-sample"]
        inside = await fake.autocomplete(
            fake.commissioner, "league-create", focused="card_sets", value="sam", options={"ruleset": INSIDE_PITCH}
        )
        assert [c["value"] for c in inside] == ["sample"]


async def test_a_deep_drive_league_plays_a_game_by_clicking(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        made = await ask(fake, fake.commissioner, "league-create", name="Deep League", ruleset=DEEP_DRIVE)
        assert not made.ephemeral, made.text
        assert "**Deep League** is open: Deep Drive, with deep-drive-sample." in made.text
        assert "Made 2 teams from the card set" in made.text
        [league] = await store.leagues(fake.guild_id)
        assert league.ruleset == DEEP_DRIVE
        await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
        cubs, cleveland = await store.teams(league.id)
        await store.set_manager(cubs.id, fake.manager_a.id)
        await store.set_manager(cleveland.id, fake.manager_b.id)
        for manager in (fake.manager_a, fake.manager_b):
            await store.set_manager_asking(league.id, manager.id, "every")
        scheduled = await store.schedule_game(league.id, cubs.id, cleveland.id)

        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=16)
        assert "Chicago Cubs at Cleveland Indians" in thread.name
        managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
        clicks = await click_through(fake, thread, managers)
        record = await wait_final(fake, store, scheduled.id)
        assert record.ruleset == DEEP_DRIVE and clicks > 20

        told = "\n".join(m.text for m in fake.messages_in(thread))
        assert "Endurance: " in told and "Deep Drive (" in told, told[:2000]  # Deep Drive's readings, in words
        assert any(m.text.startswith("Final: Chicago Cubs at Cleveland Indians") for m in fake.messages_in(thread))

        box = await ask(fake, fake.stranger, "boxscore", game=str(scheduled.id))
        assert line_score_text(record) in box.text and "Pitching" in box.text
        table = await ask(fake, fake.stranger, "standings")
        assert "CHC" in table.text and "CLE" in table.text and not table.ephemeral

        roster = await ask(fake, fake.manager_a, "roster", "show")
        assert roster.embed is not None and roster.embed["title"] == "Chicago Cubs roster"
        fields = {f["name"]: f["value"] for f in roster.embed["fields"]}
        pitchers = next(v for k, v in fields.items() if k.startswith("Pitchers"))
        assert "Jon Lester: throws L, STARTER (4*)" in pitchers
        stats = await ask(fake, fake.stranger, "stats", "player", player="Kris Bryant")
        assert stats.embed is not None and stats.embed["title"] == "Kris Bryant: season 1 (CHC)"

        card = await ask(fake, fake.manager_a, "card", "show", card="corey-kluber-2016")
        assert card.embed is not None and card.embed["title"] == "Corey Kluber"
        fields = {f["name"]: f["value"] for f in card.embed["fields"]}
        assert fields["Usage"] == "STARTER (4)"
        [picture] = card.attachments
        assert picture.data == render_card_png(CardPool.load(["deep-drive-sample"]).card("corey-kluber-2016"))

    replayed = Game.from_dict(record.game_dict())
    assert (replayed.state.away.runs, replayed.state.home.runs) == (record.away_runs, record.home_runs)
    rows = {r.team: r for r in (await store.standings(league.id))["overall"]}
    assert sum(r.w for r in rows.values()) == 1
