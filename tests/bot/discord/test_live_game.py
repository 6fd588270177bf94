"""A live game in Discord, end to end: the real bot, the fake Discord, a league file.

Managers start a game by slash command, the bot opens a thread and plays it there,
and the tests click the prompt buttons the way managers would.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.terminal.game import team_cards
from bot.words.narrate import Names, format_line_score, narrate
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.boxscore import line_score
from engine.events import Decided
from engine.game import Game
from league.models import GameRecord, League, LeagueRules, Team
from league.store import Store
from tests.bot.conftest import ask, running_bot, sample_league, sample_pairs
from tests.fakediscord import FakeDiscord
from tests.fakediscord.records import RecordedMessage
from tests.fakediscord.world import FakeChannel, FakeUser

PROMPT = re.compile(r"dg:(\d+):(\d+):(\d+|auto)")


def open_prompt(fake: FakeDiscord, thread: FakeChannel) -> RecordedMessage | None:
    """The thread's prompt that still has its buttons (at most one at a time)."""
    prompts = [m for m in fake.messages_in(thread) if any(PROMPT.match(c) for c in m.custom_ids)]
    assert len(prompts) <= 1, f"more than one open prompt: {prompts}"
    return prompts[0] if prompts else None


def asked_field(prompt: RecordedMessage) -> str:
    """Who a prompt asks: the mentions in its question's "Asked" field."""
    return next(f["value"] for e in prompt.embeds for f in e.get("fields", []) if f["name"] == "Asked")


def suggested_button(prompt: RecordedMessage) -> str:
    """The custom_id of the auto-manager's suggestion: the one primary-style button."""
    [custom_id] = [c["custom_id"] for c in prompt.all_components() if c.get("style") == 1]
    return custom_id


async def final(store: Store, game_id: int) -> GameRecord | None:
    record = await store.game(game_id)
    return record if record.status == "final" else None


async def wait_final(fake: FakeDiscord, store: Store, game_id: int, timeout: float = 60) -> GameRecord:
    deadline = asyncio.get_running_loop().time() + timeout
    while (record := await final(store, game_id)) is None:
        assert asyncio.get_running_loop().time() < deadline, f"game {game_id} did not end"
        await fake.wait_for(lambda: fake.requests, timeout=1)
        await asyncio.sleep(0.01)
    return record


async def two_teams(
    fake: FakeDiscord, store: Store, managers: tuple[int | None, int | None]
) -> tuple[League, Team, Team]:
    """The sample league, its pacing set for tests: Harbor City (away) and Mesa Valley (home)."""
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=managers)
    teams = {t.abbreviation: t for t in await store.teams(league.id)}
    return league, teams["HC"], teams["MV"]


def line_score_text(record: GameRecord) -> str:
    """The stored game's line score as the bot draws it (replayed from its setup, seed and log)."""
    return format_line_score(line_score(Game.from_dict(record.game_dict())))


def plays_told(fake: FakeDiscord, thread: FakeChannel) -> int:
    """Plays told in the thread: embeds that end with the play's summary in bold."""
    descriptions = [m.embed.get("description", "") for m in fake.messages_in(thread) if m.embed]
    return sum(1 for d in descriptions if d.splitlines() and d.splitlines()[-1].startswith("**"))


def summaries(game: Game) -> int:
    """The plays narration sums up: every plate appearance, and a third out made before one."""
    return sum(1 for line in narrate(game.events, Names.of(game.setup))[0] if line.kind == "result")


def game_over(fake: FakeDiscord, thread: FakeChannel) -> bool:
    return any(m.content.startswith("Standings:") for m in fake.messages_in(thread))


async def click_through(
    fake: FakeDiscord,
    thread: FakeChannel,
    managers: dict[int, FakeUser],
    stop_after: int | None = None,
    timeout: float = 10,
) -> int:
    """Answer every prompt with the suggestion, as the manager the prompt names; the clicks made."""
    clicks = 0
    while stop_after is None or clicks < stop_after:
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread) or game_over(fake, thread), timeout=timeout)
        if not isinstance(prompt, RecordedMessage):
            return clicks
        [manager] = [user for uid, user in managers.items() if f"<@{uid}>" in asked_field(prompt)]
        button = suggested_button(prompt)
        reply = await (await fake.click(manager, prompt, button)).response()
        assert reply.type == 7 and button not in reply.custom_ids, reply.text  # the play moves on in its message
        clicks += 1
    return clicks


async def every_pitch(store: Store, league_id: int, fake: FakeDiscord) -> None:
    """Both managers asked every question (their league default), not only when it matters."""
    for manager in (fake.manager_a, fake.manager_b):
        await store.set_manager_asking(league_id, manager.id, "every")


async def start_game(fake: FakeDiscord, user: FakeUser, game_id: int, seed: int) -> FakeChannel:
    options = {"game": str(game_id), "seed": seed}
    reply = await (await fake.slash(user, "game", "start", options=options, channel=fake.games_channel)).response()
    assert not reply.ephemeral, reply.text
    return await fake.wait_for(lambda: next((t for t in fake.threads if t.mention in reply.text), None))


async def test_a_full_game_played_by_clicking_ends_in_the_box_score_and_the_standings(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        assert thread.parent_id == fake.games_channel.id and "Harbor City at Mesa Valley" in thread.name
        managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
        clicks = await click_through(fake, thread, managers)
        record = await wait_final(fake, store, scheduled.id)
        await fake.wait_for(lambda: any("Standings" in m.text for m in fake.messages_in(thread)))
        await fake.wait_for(lambda: bot.sessions.get(scheduled.id) is None)  # once the end is stored as posted
        assert (await store.unposted_finals()) == []

    expected = Game.from_dict({**record.game_dict(), "managed": [], "asking": {}})  # the auto-manager's suggestions
    # Each manager is asked when it matters (the default): every question asked was clicked, the rest auto-answered.
    assert record.asking == {"away": "matters", "home": "matters"}
    asked = [d for d in record.log if d["by"] == "manager"]
    assert clicks == len(asked) and 20 < clicks < len(record.log) / 2
    assert (record.away_runs, record.home_runs) == (expected.state.away.runs, expected.state.home.runs)
    texts = [m.text for m in fake.messages_in(thread)]
    assert any(text.startswith("Final: Harbor City at Mesa Valley") for text in texts)
    scoreboard = fake.messages_in(thread)[0]
    assert 20 < scoreboard.edits < clicks + 5 and "Final" in scoreboard.text  # coalesced: when asked, and the end
    assert scoreboard.custom_ids == []  # no "Call time" once the game is over
    assert plays_told(fake, thread) == summaries(expected)
    standings = await store.standings(league.id)
    assert sum(row.w for row in standings["overall"]) == 1


async def test_a_strangers_click_is_refused_and_an_old_prompt_is_answered_politely(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    await every_pitch(store, league.id, fake)  # these tests click through the questions themselves
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_b, scheduled.id, seed=3)
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        button = suggested_button(prompt)
        refused = await (await fake.click(fake.stranger, prompt, button)).response()
        assert refused.ephemeral and "Only the manager of" in refused.text
        wrong_side = fake.manager_b if f"<@{fake.manager_a.id}>" in asked_field(prompt) else fake.manager_a
        refused = await (await fake.click(wrong_side, prompt, button)).response()
        assert refused.ephemeral and "Only the manager of" in refused.text
        assert (await store.game(scheduled.id)).log == []

        answered = await (await fake.click(fake.commissioner, prompt, button)).response()  # for anyone
        assert answered.type == 7
        assert len((await store.game(scheduled.id)).log) == 1
        # The same button again, from a screen that still shows it: a polite no, nothing changes.
        assert button not in prompt.custom_ids
        prompt.components = prompt.versions[-1].components
        again = await (await fake.click(fake.commissioner, prompt, button)).response()
        assert again.ephemeral and "already been answered" in again.text
        assert len((await store.game(scheduled.id)).log) == 1


async def test_a_prompt_nobody_answers_is_answered_by_the_auto_manager(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, None))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=1))
    await every_pitch(store, league.id, fake)  # these tests click through the questions themselves
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=11)
        timed_out = await fake.wait_for(
            lambda: next((m for m in fake.messages_in(thread) if "No answer within 1 second" in m.content), None),
            timeout=5,
        )
        assert not set(timed_out.custom_ids) & set(timed_out.versions[-1].custom_ids)  # the old buttons are gone
        log = (await store.game(scheduled.id)).log
        assert [d["by"] for d in log if d["side"] == "away"][:1] == ["timeout"]
        assert {d["by"] for d in log if d["side"] == "home"} == {"auto"}  # nobody manages Mesa Valley


async def test_the_game_survives_a_restart_and_ends_as_it_would_have(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    await every_pitch(store, league.id, fake)  # these tests click through the questions themselves
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=21)
        first_clicks = await click_through(fake, thread, managers, stop_after=40)
        asked = await fake.wait_for(lambda: open_prompt(fake, thread))
        asked_ids, edits = asked.custom_ids, asked.edits
    before = await store.game(scheduled.id)
    assert before.status == "live" and len(before.log) == first_clicks == 40
    posted_before = len(fake.messages_in(thread))

    async with running_bot(fake, store):  # a new process: resumes from the store
        # The same question again, in the same message (its play's): no second prompt is posted.
        await fake.wait_for(lambda: asked.edits > edits)
        assert asked.custom_ids == asked_ids
        assert not any(m.custom_ids for m in fake.messages_in(thread)[posted_before:])
        await click_through(fake, thread, managers)
        record = await wait_final(fake, store, scheduled.id)

    expected = Game.from_dict({**record.game_dict(), "managed": []})
    assert (record.away_runs, record.home_runs) == (expected.state.away.runs, expected.state.home.runs)
    assert record.line_score == (await store.game(scheduled.id)).line_score
    assert plays_told(fake, thread) == summaries(expected)  # none twice, none lost


async def test_ten_games_at_once_keep_to_their_own_threads(
    fake_discord: FakeDiscord, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path))  # the sample's copies are the operator's sets
    managers = (fake.manager_a.id, fake.manager_b.id)
    # Ten pairs of teams: a team plays one game at a time.
    league, pairs = await sample_pairs(store, fake.guild_id, fake.commissioner.id, tmp_path, 10, managers=managers)
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    games = [await store.schedule_game(league.id, away.id, home.id) for away, home in pairs]
    async with running_bot(fake, store):
        threads = [await start_game(fake, fake.commissioner, g.id, seed=100 + n) for n, g in enumerate(games)]

        async def play(game: GameRecord, thread: FakeChannel) -> None:
            # A few calls by hand, then both managers hand their sides to the auto-manager.
            managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
            await click_through(fake, thread, managers, stop_after=3)
            for _ in range(2):
                prompt = await fake.wait_for(lambda: open_prompt(fake, thread), timeout=10)
                [uid] = [u for u in managers if f"<@{u}>" in asked_field(prompt)]
                handed = await (
                    await fake.click(
                        managers[uid], prompt, f"dg:{game.id}:{PROMPT.match(prompt.custom_ids[0])[2]}:auto"
                    )
                ).response()
                assert "auto-manager" in handed.text
            await wait_final(fake, store, game.id)

        await asyncio.gather(*(play(g, t) for g, t in zip(games, threads, strict=True)))

    for game, thread in zip(games, threads, strict=True):
        ids = {
            int(PROMPT.match(c)[1])
            for m in fake.messages_in(thread)
            for v in [m, *m.versions]
            for c in v.custom_ids
            if PROMPT.match(c)
        }
        assert ids == {game.id}
        record = await store.game(game.id)
        final_line = next(m for m in fake.messages_in(thread) if m.text.startswith("Final:"))
        assert line_score_text(record) in final_line.text
    assert len((await store.standings(league.id))["overall"]) == 20


async def test_a_league_made_by_slash_commands_plays_its_first_game(fake_discord: FakeDiscord, store: Store) -> None:
    """League, two teams, their players, lineups and rotations, the schedule, a game, its box score and the
    standings: everything through the commands a commissioner and two managers would use."""
    fake = fake_discord
    cards = load_set(SAMPLE_SET)
    async with running_bot(fake, store):
        await ask(fake, fake.commissioner, "league-create", name="Slash League")
        for setting, value in (("pace_seconds", "0"), ("prompt_timeout_seconds", "0")):
            await ask(fake, fake.commissioner, "league", "options", setting=setting, value=value)
        for (name, abbreviation, park), manager in zip(
            (("Harbor City", "HC", "Harbor City Bowl"), ("Mesa Valley", "MV", "Mesa Valley Field")),
            (fake.manager_a, fake.manager_b),
            strict=True,
        ):
            made = await ask(fake, fake.commissioner, "team", "create", name=name, abbreviation=abbreviation,
                             ballpark=park, manager=manager)  # fmt: skip
            assert not made.ephemeral, made.text
            batters, pitchers = team_cards(cards, name)
            for card in [*batters, *pitchers]:
                signed = await ask(fake, manager, "roster", "sign", team=abbreviation, player=card.id)
                assert not signed.ephemeral, signed.text
            lineup = await ask(fake, manager, "lineup", "auto", team=abbreviation)
            assert not lineup.ephemeral, lineup.text
            starters = ", ".join([p.id for p in pitchers if p.start is not None][:5])
            rotation = await ask(fake, manager, "rotation", "set", team=abbreviation, pitchers=starters)
            assert not rotation.ephemeral, rotation.text
        scheduled = await ask(fake, fake.commissioner, "schedule", "make", games_per_team=2, series_length=1)
        assert not scheduled.ephemeral, scheduled.text

        [league] = await store.leagues(fake.guild_id)
        first = (await store.games(league.id, day=1))[0]
        thread = await start_game(fake, fake.commissioner, first.id, seed=77)
        managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
        await click_through(fake, thread, managers)
        record = await wait_final(fake, store, first.id)

        box = await ask(fake, fake.stranger, "boxscore", game=str(first.id))
        assert line_score_text(record) in box.text and "Pitching" in box.text
        table = await ask(fake, fake.stranger, "standings")
        assert "HC" in table.text and "MV" in table.text and not table.ephemeral
    teams = {t.id: t.abbreviation for t in await store.teams(league.id)}
    home_won = (record.home_runs or 0) > (record.away_runs or 0)
    winner = teams[first.home_team_id if home_won else first.away_team_id]
    rows = {r.team: r for r in (await store.standings(league.id))["overall"]}
    assert (rows[winner].w, sum(r.w for r in rows.values())) == (1, 1)


# --- how often a manager is asked, and calling time (issue 12) ----------------------------------


async def test_a_managers_default_and_a_games_asking_level(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store) as bot:
        options = {"level": "every"}
        mine = await (await fake.slash(fake.manager_a, "game", "asking-default", options=options)).response()
        assert mine.ephemeral and "asked every pitch" in mine.text
        assert await store.manager_asking(league.id, fake.manager_a.id) == "every"
        thread = await start_game(fake, fake.manager_b, scheduled.id, seed=3)
        record = await store.game(scheduled.id)
        assert record.asking == {"away": "every", "home": "matters"}  # Harbor City's manager chose every pitch
        options = {"level": "never"}
        reply = await (await fake.slash(fake.manager_b, "game", "asking", options=options, channel=thread)).response()
        assert not reply.ephemeral and "Mesa Valley is asked never" in reply.text
        assert (await store.game(scheduled.id)).asking["home"] == "never"
        assert bot.sessions.get(scheduled.id) is not None
        refused = await (
            await fake.slash(fake.stranger, "game", "asking", options={"level": "every", "team": "MV"}, channel=thread)
        ).response()
        assert refused.ephemeral and "Only the manager of Mesa Valley" in refused.text
        assert (await store.game(scheduled.id)).asking["home"] == "never"


async def test_call_time_brings_the_full_call_before_the_next_pitch(fake_discord: FakeDiscord, store: Store) -> None:
    """Mesa Valley's manager, asked only when it matters, calls time from the scoreboard: his very next
    call before a pitch is asked in full, with no auto-manager answer of his in between."""
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    await store.set_manager_asking(league.id, fake.manager_a.id, "every")  # Harbor City answers every call
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=5)
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        assert f"<@{fake.manager_a.id}>" in prompt.content  # the first question is Harbor City's, and pings
        scoreboard = fake.messages_in(thread)[0]
        refused = await (await fake.click(fake.manager_a, scoreboard, f"dgt:{scheduled.id}:home")).response()
        assert refused.ephemeral and "Only the manager of Mesa Valley" in refused.text
        called = await (await fake.click(fake.manager_b, scoreboard, f"dgt:{scheduled.id}:home")).response()
        assert called.ephemeral and called.text.startswith("Time!")
        assert (await store.game(scheduled.id)).time_called == ["home"]
        session = bot.sessions.get(scheduled.id)
        assert session is not None
        shown = session.posted
        # Plays after those shown were only provisional: his call comes now, or once Harbor City has answered.
        while (pending := session.game.pending) is not None and pending.side == "away":
            prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
            reply = await (await fake.click(fake.manager_a, prompt, suggested_button(prompt))).response()
            assert reply.type == 7
            await fake.wait_for(lambda: session.game.pending is None or session.game.pending.seq != pending.seq)
        assert pending is not None and pending.side == "home" and pending.kind in ("defense", "offense")
        auto_calls = [e for e in session.game.events[shown:] if isinstance(e, Decided) and e.side == "home"]
        assert all(e.kind not in ("defense", "offense") for e in auto_calls)  # none answered for him since
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        assert f"<@{fake.manager_b.id}>" in asked_field(prompt)
