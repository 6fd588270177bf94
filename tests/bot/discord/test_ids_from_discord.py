"""Ids typed in Discord (issue 26, "Ids from Discord"): a number no row can have (20 digits overflow
SQLite's 64-bit integers) or digits that are not ASCII ("²".isdigit() is true) get the same private
answer as any unknown id, for games, teams, trades and players; never "Something went wrong"."""

from __future__ import annotations

import pytest

from bot.discord.checks import MAX_ID, parse_id
from league.store import Store
from tests.bot.conftest import ask, running_bot, sample_league
from tests.fakediscord import FakeDiscord

ODD_IDS = ["99999999999999999999", str(MAX_ID + 1), "²", "#١٢", "12345"]  # the last: a number no row has


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("12", 12),
        ("#12", 12),
        (" 7 ", 7),
        (str(MAX_ID), MAX_ID),
        (str(MAX_ID + 1), None),
        ("9" * 5000, None),
        ("²", None),
        ("١٢", None),
        ("", None),
        ("-3", None),
        ("1e3", None),
    ],
)
def test_an_id_is_ascii_digits_within_sqlites_range(text: str, number: int | None) -> None:
    assert parse_id(text) == number


async def test_odd_ids_get_the_answer_an_unknown_id_gets(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    commands = [
        (("game", "status"), "game", "There is no game {} in Test League; pick a game from the list."),
        (("boxscore",), "game", "There is no game {} in Test League; pick a game from the list."),
        (("roster", "trade-answer"), "trade", "There is no trade {} in Test League; `/roster trades` lists them."),
        (("team", "info"), "team", "no single team matches {}; the teams are: Harbor City (HC), Mesa Valley (MV)"),
        (("stats", "player"), "player", "No player on a team of the league matches {}"),
    ]
    async with running_bot(fake, store):
        for command, option, answer in commands:
            extra = {"accept": False} if option == "trade" else {}
            for text in ODD_IDS:
                reply = await ask(fake, fake.manager_a, *command, **{option: text}, **extra)
                assert reply.ephemeral, (command, text)
                assert answer.format(repr(text)) in reply.text, (command, text, reply.text)
        teams = await store.teams(league.id)
        for text in ODD_IDS:  # autocomplete of a team's players with an odd team id: every team's
            choices = await fake.autocomplete(
                fake.manager_a, "roster", "release", focused="player", value="Gorski", options={"team": text}
            )
            assert choices, text
    assert [t.id for t in await store.teams(league.id)] == [t.id for t in teams]


async def test_a_refusal_quoting_a_long_text_still_reaches_the_member(fake_discord: FakeDiscord, store: Store) -> None:
    """The store's refusal quotes the team named; 3000 characters of it broke Discord's 2000 and the member
    saw "did not respond"."""
    fake = fake_discord
    await sample_league(store, fake.guild_id, fake.commissioner.id)
    async with running_bot(fake, store):
        reply = await ask(fake, fake.manager_a, "team", "info", team="x" * 3000)
        assert reply.ephemeral and reply.text.startswith("no single team matches 'xxx") and len(reply.text) == 2000
