"""/game's other commands, end to end: start refused, status, pause and resume, forfeit, autoplay,
answering by command and handing a side to the auto-manager."""

from __future__ import annotations

import asyncio

from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import running_bot
from tests.bot.discord.test_live_game import line_score_text, open_prompt, start_game, suggested_button, two_teams
from tests.fakediscord import FakeDiscord


async def test_start_is_refused_to_a_stranger_and_for_a_game_already_played(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store):
        options = {"game": str(scheduled.id)}
        refused = await (await fake.slash(fake.stranger, "game", "start", options=options)).response()
        assert refused.ephemeral and "managers or a commissioner" in refused.text
        assert fake.threads == [] and (await store.game(scheduled.id)).status == "scheduled"

        choices = await fake.autocomplete(fake.manager_a, "game", "start", focused="game", value="HC")
        assert choices == [{"name": f"#{scheduled.id} day 1: HC at MV (scheduled)", "value": str(scheduled.id)}]

        await (await fake.slash(fake.commissioner, "game", "autoplay", options=options)).response()
        again = await (await fake.slash(fake.manager_a, "game", "start", options=options)).response()
        assert again.ephemeral and "is final" in again.text and fake.threads == []


async def test_a_bad_lineup_refuses_the_start_before_any_thread_opens(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    lineup = await store.lineup(away.id, "R")
    assert lineup is not None
    await store.release(away.id, lineup.card_ids()[0])  # the saved lineups now name a player who left
    async with running_bot(fake, store):
        reply = await (
            await fake.slash(fake.manager_a, "game", "start", options={"game": str(scheduled.id)})
        ).response()
    assert reply.ephemeral and "a lineup has 9 spots" in reply.text
    assert fake.threads == [] and (await store.game(scheduled.id)).status == "scheduled"


async def test_autoplay_posts_only_the_result_and_is_for_commissioners(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store):
        options = {"game": str(scheduled.id), "seed": 5}
        refused = await (await fake.slash(fake.manager_a, "game", "autoplay", options=options)).response()
        assert refused.ephemeral and "Only a commissioner" in refused.text
        reply = await (
            await fake.slash(fake.commissioner, "game", "autoplay", options=options, channel=fake.league_channel)
        ).response()
    record = await store.game(scheduled.id)
    assert record.status == "final" and record.managed == []
    assert reply.embed is not None and reply.embed["title"] == "Final: Harbor City at Mesa Valley"
    assert line_score_text(record) in reply.text and fake.threads == []
    assert len(fake.messages_in(fake.league_channel)) == 1  # the result, nothing else


async def test_pause_holds_the_game_and_its_timeout_and_resume_plays_on(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=1))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=9)
        await fake.wait_for(lambda: open_prompt(fake, thread))
        paused = await (await fake.slash(fake.manager_b, "game", "pause", channel=thread)).response()
        assert "paused" in paused.text and (await store.game(scheduled.id)).paused
        await asyncio.sleep(1.5)  # longer than the prompt's timeout: nothing may happen while paused
        assert (await store.game(scheduled.id)).log == []

        status = await (await fake.slash(fake.stranger, "game", "status", channel=thread)).response()
        assert status.embed is not None and "Paused" in status.text and "Waiting on" in status.text

        refused = await (await fake.slash(fake.stranger, "game", "resume", channel=thread)).response()
        assert refused.ephemeral and (await store.game(scheduled.id)).paused
        await (await fake.slash(fake.commissioner, "game", "resume", channel=thread)).response()
        await fake.wait_for(lambda: any("No answer within 1 second" in m.content for m in fake.messages_in(thread)))
        assert not (await store.game(scheduled.id)).paused


async def test_forfeit_ends_the_live_game_nine_to_nothing(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=9)
        await fake.wait_for(lambda: open_prompt(fake, thread))
        options = {"team": str(away.id)}
        refused = await (
            await fake.slash(fake.manager_b, "game", "forfeit", options=options, channel=thread)
        ).response()
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
        reply = await (await fake.slash(fake.manager_a, "game", "forfeit", options=options, channel=thread)).response()
        assert "Mesa Valley wins 9-0" in reply.text
        assert bot.sessions.get(scheduled.id) is None
    record = await store.game(scheduled.id)
    assert (record.status, record.forfeited_by, record.away_runs, record.home_runs) == ("final", "away", 0, 9)
    [mv, hc] = (await store.standings(league.id))["overall"]
    assert (mv.team, mv.w, hc.team, hc.l) == ("MV", 1, "HC", 1)
    assert (await store.season_stats(league.id)).batting == {}  # a forfeit adds nothing to players' stats


async def test_a_manager_answers_by_command_and_hands_his_side_over(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, None))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=4)
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        session = bot.sessions.get(scheduled.id)
        assert session is not None and session.game.pending is not None
        request = session.game.pending
        pinch = [o for o in request.options if o.key.startswith("pinch_")]  # "Pinch hitter...", "Pinch runner..."
        if request.kind != "offense" or not pinch:  # get to Harbor City's first turn at bat
            await (await fake.click(fake.manager_a, prompt, suggested_button(prompt))).response()
            prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
            request = session.game.pending
            assert request is not None
            pinch = [o for o in request.options if o.key.startswith("pinch_")]  # "Pinch hitter...", "Pinch runner..."
        choices = await fake.autocomplete(
            fake.manager_a, "game", "choose", focused="option", value="pinch", channel=thread
        )
        assert [c["value"] for c in choices] == [o.key for o in pinch]
        refused = await (
            await fake.slash(fake.stranger, "game", "choose", options={"option": pinch[0].key}, channel=thread)
        ).response()
        assert refused.ephemeral
        asked = set(prompt.custom_ids)
        reply = await (
            await fake.slash(fake.manager_a, "game", "choose", options={"option": pinch[0].key}, channel=thread)
        ).response()
        assert pinch[0].label in reply.text
        assert (await store.game(scheduled.id)).log[-1]["choice"] == pinch[0].key
        # The play's message moves on: its old question's buttons go (the next question may follow in it).
        await fake.wait_for(lambda: "Answered by command" in prompt.content and not asked & set(prompt.custom_ids))

        handed = await (
            await fake.slash(fake.manager_a, "game", "auto-manager", options={"on": True}, channel=thread)
        ).response()
        assert "the auto-manager now manages Harbor City" in handed.text
        await fake.wait_for(lambda: any(m.content.startswith("Standings:") for m in fake.messages_in(thread)))
    record = await store.game(scheduled.id)
    assert record.status == "final" and record.managed == []


async def test_a_side_handed_to_the_auto_manager_can_be_taken_back(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_b, scheduled.id, seed=12)
        await fake.wait_for(lambda: open_prompt(fake, thread))
        options = {"on": True, "team": "HC"}
        refused = await (
            await fake.slash(fake.manager_b, "game", "auto-manager", options=options, channel=thread)
        ).response()
        assert refused.ephemeral and (await store.game(scheduled.id)).managed == ["away", "home"]
        await (await fake.slash(fake.manager_a, "game", "auto-manager", options=options, channel=thread)).response()
        assert (await store.game(scheduled.id)).managed == ["home"]
        # Only Mesa Valley is asked now.
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        assert f"<@{fake.manager_b.id}>" in prompt.content
        session = bot.sessions.get(scheduled.id)
        assert session is not None and session.game.pending is not None and session.game.pending.side == "home"

        options = {"on": False}
        taken = await (
            await fake.slash(fake.manager_a, "game", "auto-manager", options=options, channel=thread)
        ).response()
        assert "a person manages Harbor City" in taken.text
        assert (await store.game(scheduled.id)).managed == ["away", "home"]


async def test_the_pinch_hitter_menu_in_discord_shows_each_mans_line(fake_discord: FakeDiscord, store: Store) -> None:
    """Issue 26: the buttons of "who bats" carry each bench man's card OBP/SLG against the pitcher,
    within a button's 80 characters."""
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, None))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=4)
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        session = bot.sessions.get(scheduled.id)
        assert session is not None
        while session.game.pending is not None and "pinch_hit" not in session.game.pending.option_keys():
            await (await fake.click(fake.manager_a, prompt, suggested_button(prompt))).response()
            prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        options = {"option": "pinch_hit"}
        await (await fake.slash(fake.manager_a, "game", "choose", options=options, channel=thread)).response()
        menu = await fake.wait_for(
            lambda: next((r for r in [session.game.pending] if r is not None and r.kind == "who_comes_in"), None)
        )
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        await fake.wait_for(lambda: any("OBP/SLG" in c.get("label", "") for c in prompt.all_components()))
        labels = [c.get("label", "") for c in prompt.all_components()]
        for option in menu.options[:-1]:
            assert option.label[:80] in labels and "OBP/SLG ." in option.label[:80], option.label
