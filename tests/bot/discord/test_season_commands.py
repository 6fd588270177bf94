"""/season new and /season show against the fake Discord (issue 28, docs/seasons.md): the refusals are
private one-liners that change nothing, and the new season is announced in the league's channel with
the players the new set has no card for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards import BUNDLED_SETS
from league.models import League
from league.playoffs import PlayoffFormat, Round
from league.store import Store
from tests.bot.conftest import ask, running_bot, sample_league
from tests.fakediscord import FakeDiscord
from tests.league.conftest import unchanged

ONE_GAME_FINAL = PlayoffFormat("custom", teams=2, rounds=(Round(1, name="Final"),), division_winners=False)


@pytest.fixture(autouse=True)
def operator_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Next year's set, by name from the operator's folder: the sample's players again under new ids
    ("nx-" + the old), each the same person."""
    root = tmp_path / "sets" / "sample-next"
    root.mkdir(parents=True)
    (root / "set.toml").write_text('name = "Sample next"\nruleset = "inside-pitch"\n')
    for file in ("harbor-city-1970.toml", "mesa-valley-1970.toml"):
        text = (BUNDLED_SETS / "sample" / file).read_text()
        (root / file).write_text(re.sub(r'^id = "(.*)"$', r'id = "nx-\1"\nperson = "\1"', text, flags=re.M))
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path / "sets"))
    return root


async def a_champion(store: Store, league: League) -> None:
    """Harbor City wins a one-game final: Mesa Valley forfeits both games."""
    hc, mv = await store.teams(league.id)
    game = await store.schedule_game(league.id, mv.id, hc.id, day=1)
    await store.forfeit_game(game.id, "away")
    await store.set_playoff_format(league.id, ONE_GAME_FINAL)
    playoffs = await store.start_playoffs(league.id)
    [final] = await store.series_games(playoffs.series[0].id)
    await store.forfeit_game(final.id, "away" if final.away_team_id == mv.id else "home")


async def test_season_new_refuses_privately_then_opens_the_next_and_announces_it(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    db_path = store.path
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    await store.set_channel(league.id, "announcements", fake.games_channel.id)
    hc = (await store.teams(league.id))[0]
    first = (await store.roster(hc.id))[0].card_id
    await store.release(hc.id, first)
    await store.sign(hc.id, "johnny-bench-1970")  # a book's card: next year's set has none
    async with running_bot(fake, store):
        with unchanged(db_path):
            early = await ask(fake, fake.commissioner, "season", "new")
            assert early.ephemeral and early.text.startswith("season 1 of Test League is not over: it has no schedule")
        await a_champion(store, league)
        with unchanged(db_path):
            not_yours = await ask(fake, fake.manager_a, "season", "new")
            assert not_yours.ephemeral and not_yours.text == "Only a commissioner of Test League may do that."
            unknown = await ask(fake, fake.commissioner, "season", "new", cards="no-such-set")
            assert unknown.ephemeral and unknown.text.startswith("there is no card set named 'no-such-set'; ")
            path = await ask(fake, fake.commissioner, "season", "new", cards="/etc")  # a name, never a path
            assert path.ephemeral and path.text.startswith("there is no card set named 'etc'; ")

        before = await ask(fake, fake.stranger, "standings")
        assert before.embed is not None and before.embed["description"].startswith("Season 1, day ")

        done = await ask(fake, fake.commissioner, "season", "new", cards="sample-next")
        assert not done.ephemeral and done.text == f"Season 2 is open; the news is in {fake.games_channel.mention}."
        posted = fake.last_message(fake.games_channel)
        assert posted is not None
        assert posted.text.startswith("Test League: season 1 is closed; champion: Harbor City. Season 2 begins")
        assert "No card in sample-next for 1 player:\n- Johnny Bench (Harbor City) has no card" in posted.text
        assert (await store.league(league.id)).season == 2
        assert all(e.card_id.startswith("nx-") for e in await store.roster(hc.id) if e.card_id != "johnny-bench-1970")

        shown = await ask(fake, fake.stranger, "season", "show", number=1)
        assert shown.ephemeral and shown.text.splitlines()[:3] == [
            "Test League, season 1: closed",
            "Card sets: sample",
            "Champion: Harbor City",
        ]
        now = await ask(fake, fake.stranger, "season", "show")
        assert now.text.splitlines()[:3] == [
            "Test League, season 2: regular season",
            "Card sets: sample, sample-next",
            "Cards taken from sample-next at its start",
        ]

        past = await ask(fake, fake.stranger, "standings", season=1)  # the closed season's, as it was
        assert past.embed is not None and past.embed["description"].startswith("Season 1, final")
        assert past.embed["fields"] == before.embed["fields"]
        fresh = await ask(fake, fake.stranger, "standings")
        assert fresh.embed is not None and fresh.embed["fields"] != before.embed["fields"]


async def test_a_manager_marks_his_teams_keepers_and_no_one_else_does(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(
        store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, fake.manager_b.id)
    )
    await store.set_rules(league.id, league.rules.from_dict({**league.rules.to_dict(), "redraft": 1, "keepers": 2}))
    hc = (await store.teams(league.id))[0]
    last = (await store.roster(hc.id))[-1].card_id
    name = (await store.card_pool(league.id)).name(last)
    async with running_bot(fake, store):
        with unchanged(store.path):
            refused = await ask(fake, fake.manager_b, "season", "keepers", team="HC", players=name)
            assert (
                refused.ephemeral and refused.text == "Only the manager of Harbor City (or a commissioner) may do that."
            )
        marked = await ask(fake, fake.manager_a, "season", "keepers", team="HC", players=name)
        assert not marked.ephemeral and marked.text.startswith(
            f"Harbor City keeps 2 players before a redraft: {name}, "
        )
        shown = await ask(fake, fake.stranger, "season", "keepers", team="HC")
        assert shown.ephemeral and shown.text == marked.text
        assert (await store.keepers(hc.id))[0] == last
