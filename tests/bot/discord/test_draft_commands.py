"""/draft against the fake Discord: a pick announced with the player's line, private refusals, the clock's
task making a pick whose time ran out, and the board as a picture."""

from __future__ import annotations

import re
from typing import Any

from league import draft
from league.models import League
from league.store import Store
from tests.bot.conftest import ask, running_bot
from tests.fakediscord import FakeDiscord


async def empty_league(fake: FakeDiscord, store: Store) -> League:
    """The server's league on the sample cards: Harbor City (manager A) and Mesa Valley (manager B), nobody signed."""
    league = await store.create_league(
        "Draft League", ["sample"], guild_id=fake.guild_id, commissioners=[fake.commissioner.id]
    )
    await store.create_team(league.id, "Harbor City", "HC", manager_id=fake.manager_a.id)
    await store.create_team(league.id, "Mesa Valley", "MV", manager_id=fake.manager_b.id)
    await store.set_channel(league.id, "announcements", fake.general.id)
    return league


async def test_a_pick_is_announced_and_refusals_are_private(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await empty_league(fake, store)
    pool = await draft.available(store, league.id)
    async with running_bot(fake, store) as bot:
        reply = await ask(fake, fake.manager_a, "draft", "setup", order="HC, MV", rounds=2, clock="10m")
        assert reply.ephemeral and reply.text == "Only a commissioner of Draft League may do that."
        reply = await ask(fake, fake.commissioner, "draft", "setup", order="HC, MV", rounds=2, clock="1m")
        assert reply.ephemeral and reply.text == "a pick's clock is 2 minutes to 12 hours; not 1m"
        reply = await ask(fake, fake.commissioner, "draft", "setup", order="HC, MV", rounds=2, clock="10m")
        assert not reply.ephemeral and "snake, 2 rounds, 10m a pick; order HC, MV" in reply.text
        reply = await ask(fake, fake.manager_a, "draft", "pick", player="Johnny Bench")
        assert reply.ephemeral and reply.text == "Draft League's draft has not started"
        await ask(fake, fake.commissioner, "draft", "start")

        choices = await fake.autocomplete(fake.manager_b, "draft", "pick", focused="player", value="bench")
        assert [c["name"].split(" (")[0] for c in choices] == ["Johnny Bench"]  # the pool, with his value
        assert re.fullmatch(r"Johnny Bench \(C, -?\d+\.\d runs\)", choices[0]["name"])
        bench = choices[0]["value"]
        reply = await ask(fake, fake.manager_b, "draft", "pick", player=bench)
        assert reply.ephemeral and reply.text.startswith("it is Harbor City's pick (number 1)")
        reply = await ask(fake, fake.manager_a, "draft", "pick", player=bench)
        assert not reply.ephemeral
        assert reply.text.startswith("Pick 1 (round 1): Harbor City take Johnny Bench: C, LF, 1B, bats R\n")
        assert "Mesa Valley is on the clock, 10m left" in reply.text
        announced = fake.last_message(fake.general)
        assert announced is not None and "Harbor City take Johnny Bench: C, LF, 1B, bats R" in announced.text
        reply = await ask(fake, fake.manager_b, "draft", "pick", player=bench)
        assert reply.ephemeral and reply.text.startswith("Johnny Bench is already on the Harbor City roster")
        assert await fake.autocomplete(fake.manager_b, "draft", "pick", focused="player", value="bench") == []

        reply = await ask(fake, fake.manager_b, "draft", "queue", action="add", player="Seaver")
        assert reply.ephemeral and reply.text == "Mesa Valley's queue:\n1. Tom Seaver: throws R, starter and reliever"
        cog: Any = bot.get_cog("DraftCog")  # discord.py loads the cog's module anew: no isinstance
        running = await store.draft(league.id)
        assert running is not None and running.deadline is not None
        assert await cog.run_clocks(running.deadline - 1) == []
        [progress] = await cog.run_clocks(running.deadline)  # MV's clock ran out: its queue picks
        assert [(p.card_id, p.made_by) for p in progress.picks] == [("tom-seaver-1970", "queue")]
        announced = fake.last_message(fake.general)
        assert (
            announced is not None
            and "Mesa Valley take Tom Seaver: throws R, starter and reliever (from the queue)" in announced.text
        )

        reply = await ask(fake, fake.commissioner, "draft", "auto", team="all")
        assert "Draft League's draft is over: 4 picks in 2 rounds." in reply.text
        board = await ask(fake, fake.stranger, "draft", "board")
        assert board.embed is not None and board.embed["image"]["url"].endswith("/draft.png")
        assert "Pick 4 (round 2)" in board.embed["description"]
    finished = await store.draft(league.id)
    assert finished is not None and finished.state == "done"
    assert len(await draft.available(store, league.id)) == len(pool) - 4


async def test_the_clock_picks_after_a_restart(fake_discord: FakeDiscord, store: Store) -> None:
    """The deadline is in the file: a bot started anew makes the pick whose clock ran out while it was down."""
    fake = fake_discord
    league = await empty_league(fake, store)
    async with running_bot(fake, store):
        await ask(fake, fake.commissioner, "draft", "setup", order="MV, HC", rounds=1, clock="2m")
        reply = await ask(fake, fake.commissioner, "draft", "start")
        assert "Mesa Valley is on the clock, 2m left" in reply.text
    running = await store.draft(league.id)
    assert running is not None and running.deadline is not None and running.made == 0
    async with running_bot(fake, store) as bot:  # the restart
        cog: Any = bot.get_cog("DraftCog")
        [progress] = await cog.run_clocks(running.deadline + 3600)
        assert [(p.team_id, p.made_by) for p in progress.picks] == [(running.order[0], "auto")]
        announced = fake.last_message(fake.general)
        assert announced is not None and announced.text.startswith("Pick 1 (round 1): Mesa Valley take ")
        assert "Harbor City is on the clock, 2m left." in announced.text
