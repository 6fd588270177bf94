"""End-to-end fixtures: the real Dugout bot against the fake Discord, on a fresh league file.

Helpers for the tests: ``running_bot`` (Dugout logged in to the fake), ``ask`` (run a slash
command and wait for its answer), ``sample_league`` (a league with both sample teams ready to
play) and ``play_final_game`` (a game played through by the auto-managers and stored final).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord.app import DugoutBot
from bot.terminal.game import team_cards
from cards import BUNDLED_SETS
from cards.loader import CardSet
from league.cardpool import operator_sets_dir
from league.models import GameRecord, League, Team
from league.store import Store
from tests.fakediscord import FakeDiscord, FakeUser, InteractionReply
from tests.fakediscord.fixtures import fake_discord, no_error_logs  # noqa: F401  (fixtures for every bot test)


@pytest.fixture(autouse=True)
def quick_pacing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake Discord has no rate limits: a thread's window of 5 posts shrinks from 5 s to 5 ms.

    Games then play as fast as the tests click; tests/bot/discord/test_live_limits.py checks the real window."""
    monkeypatch.setattr("bot.discord.pacing.CHANNEL_WINDOW", 0.005)


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
    hands and its five best starters in the rotation (as bot.terminal.league.terminal_league does).
    """
    league = await store.create_league(name, ["sample"], guild_id=guild_id, commissioners=[commissioner_id])
    cards = (await store.card_pool(league.id)).sets[0]
    for (team_name, abbreviation), manager in zip(SAMPLE_TEAMS, managers, strict=True):
        await _ready_team(store, league, cards, team_name, abbreviation, manager)
    return league


async def _ready_team(
    store: Store, league: League, cards: CardSet, team_name: str, abbreviation: str, manager: int | None
) -> Team:
    """A team of the set's cards of that team: its park, every player signed, auto lineups, five starters."""
    park = next(p.id for p in cards.ballparks.values() if p.team == team_name)
    team = await store.create_team(league.id, team_name, abbreviation, ballpark=park, manager_id=manager)
    batters, pitchers = team_cards(cards, team_name)
    for card in [*batters, *pitchers]:
        await store.sign(team.id, card.id)
    for hand in ("L", "R"):
        await store.save_auto_lineup(team.id, hand)
    await store.set_rotation(team.id, [p.id for p in pitchers if p.start is not None][:5])
    return team


def sample_copy(folder: Path, n: int) -> Path:
    """The sample's two hand-made teams again as a card set of their own: "Harbor City n" and
    "Mesa Valley n", every card id prefixed, so that one league can field more teams than two."""
    root = folder / f"sample-{n}"
    root.mkdir(parents=True, exist_ok=True)
    (root / "set.toml").write_text(f'name = "Sample {n}"\nruleset = "inside-pitch"\n')
    for file in ("harbor-city-1970.toml", "mesa-valley-1970.toml"):
        text = re.sub(r'^id = "', f'id = "s{n}-', (BUNDLED_SETS / "sample" / file).read_text(), flags=re.M)
        for team_name, _ in SAMPLE_TEAMS:
            text = text.replace(f'"{team_name}"', f'"{team_name} {n}"')
        (root / file).write_text(text)
    return root


async def sample_pairs(
    store: Store,
    guild_id: int,
    commissioner_id: int,
    folder: Path,
    pairs: int,
    *,
    managers: tuple[int | None, int | None] = (None, None),
) -> tuple[League, list[tuple[Team, Team]]]:
    """:func:`sample_league` with ``pairs`` pairs of teams (Harbor City n at Mesa Valley n, from
    :func:`sample_copy`), each pair managed by ``managers``: games enough to play many at once,
    a team playing one game at a time. ``folder`` is the operator's DUGOUT_CARD_SETS_DIR (the caller
    sets it): a league made in Discord adds its sets by name."""
    assert operator_sets_dir() == folder
    league = await sample_league(store, guild_id, commissioner_id, managers=managers)
    first = {t.abbreviation: t for t in await store.teams(league.id)}
    found = [(first["HC"], first["MV"])]
    for n in range(2, pairs + 1):
        await store.add_card_set(league.id, sample_copy(folder, n).name)
        cards = (await store.card_pool(league.id)).sets[-1]
        away, home = [
            await _ready_team(store, league, cards, f"{team_name} {n}", f"{abbreviation}{n}", manager)
            for (team_name, abbreviation), manager in zip(SAMPLE_TEAMS, managers, strict=True)
        ]
        found.append((away, home))
    return league, found


async def play_final_game(store: Store, league_id: int, away: str, home: str, *, seed: int = 1) -> GameRecord:
    """A game between two teams (by abbreviation) played at once by the auto-managers and stored as final."""
    teams = {t.abbreviation: t for t in await store.teams(league_id)}
    record = await store.schedule_game(league_id, teams[away].id, teams[home].id)
    await store.start_game(record.id, seed=seed)
    game = await store.load_game(record.id)  # nobody manages either side: the engine plays it through
    return await store.finish_game(record.id, game.to_dict())
