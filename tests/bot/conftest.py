"""End-to-end fixtures: the real Dugout bot against the fake Discord, on a fresh league file.

Helpers for the tests: ``running_bot`` (Dugout logged in to the fake), ``ask`` (run a slash
command and wait for its answer), ``sample_league`` (a league with both sample teams ready to
play) and ``play_final_game`` (a game played through by the auto-managers and stored final).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import DugoutBot
from bot.terminal import team_cards
from league.models import GameRecord, League
from league.store import Store
from tests.fakediscord import FakeDiscord, FakeUser, InteractionReply
from tests.fakediscord.fixtures import fake_discord, no_error_logs  # noqa: F401  (fixtures for every bot test)


@pytest.fixture(autouse=True)
def quick_pacing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake Discord has no rate limits: a thread's window of 5 posts shrinks from 5 s to 5 ms.

    Games then play as fast as the tests click; tests/bot/test_live_limits.py checks the real window."""
    monkeypatch.setattr("bot.pacing.CHANNEL_WINDOW", 0.005)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "league.sqlite3") as opened:
        yield opened


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, store: Store) -> AsyncIterator[DugoutBot]:
    """Dugout logged in to the fake Discord, its commands synced to the fake guild."""
    bot = DugoutBot(store, guild_id=fake.guild_id)
    async with fake.running(bot):
        yield bot


async def ask(fake: FakeDiscord, user: FakeUser, *command: str, **options: Any) -> InteractionReply:
    """Run a slash command as ``user`` and wait for the answer: ``ask(fake, u, "team", "info", team="HC")``."""
    name, *subcommands = command
    return await (await fake.slash(user, name, *subcommands, options=options)).response()


SAMPLE_TEAMS = (("Harbor City", "HC"), ("Mesa Valley", "MV"))


async def sample_league(
    store: Store,
    guild_id: int,
    commissioner_id: int,
    *,
    managers: tuple[int | None, int | None] = (None, None),
    name: str = "Test League",
) -> League:
    """A league of the server with the sample set's two teams, ready to play.

    Harbor City (HC) and Mesa Valley (MV), managed by ``managers`` (HC's first), each with
    its ballpark, every one of its players signed, the auto-manager's lineups against both
    hands and its five best starters in the rotation (as bot.season.terminal_league does).
    """
    league = await store.create_league(name, ["sample"], guild_id=guild_id, commissioners=[commissioner_id])
    cards = (await store.card_pool(league.id)).sets[0]
    for (team_name, abbreviation), manager in zip(SAMPLE_TEAMS, managers, strict=True):
        park = next(p.id for p in cards.ballparks.values() if p.team == team_name)
        team = await store.create_team(league.id, team_name, abbreviation, ballpark=park, manager_id=manager)
        batters, pitchers = team_cards(cards, team_name)
        for card in [*batters, *pitchers]:
            await store.sign(team.id, card.id)
        for hand in ("L", "R"):
            await store.save_auto_lineup(team.id, hand)
        await store.set_rotation(team.id, [p.id for p in pitchers if p.start is not None][:5])
    return league


async def play_final_game(store: Store, league_id: int, away: str, home: str, *, seed: int = 1) -> GameRecord:
    """A game between two teams (by abbreviation) played at once by the auto-managers and stored as final."""
    teams = {t.abbreviation: t for t in await store.teams(league_id)}
    record = await store.schedule_game(league_id, teams[away].id, teams[home].id)
    await store.start_game(record.id, seed=seed)
    game = await store.load_game(record.id)  # nobody manages either side: the engine plays it through
    return await store.finish_game(record.id, game.to_dict())
