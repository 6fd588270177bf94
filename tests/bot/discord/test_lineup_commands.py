"""/lineup and /rotation: batting orders, the rotation and the bullpen's roles."""

from __future__ import annotations

from cards.notation import Position
from league.models import League
from league.store import Store
from tests.bot.conftest import ask, running_bot, sample_league
from tests.fakediscord import FakeDiscord

HC_LINEUP = (
    "Jesse Whitcomb CF, Dell Ashby 2B, hc-rudy-kasprzak-1970 1B, Cal Brandeis 3B, "
    "Otis Redfern RF, marv tolliver lf, Walt Pruett C, Arturo Belmonte SS, P"
)


async def managed_league(fake: FakeDiscord, store: Store) -> League:
    return await sample_league(
        store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, fake.manager_b.id)
    )


async def test_show_gives_both_batting_orders(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    await managed_league(fake, store)
    async with running_bot(fake, store):
        reply = await ask(fake, fake.manager_a, "lineup", "show")
        assert reply.embed is not None and reply.embed["title"] == "Harbor City lineups"
        fields = {f["name"]: f["value"] for f in reply.embed["fields"]}
        assert set(fields) == {"Against left-handed starters", "Against right-handed starters"}
        assert "9. the pitcher, P" in fields["Against right-handed starters"]
        one = await ask(fake, fake.stranger, "lineup", "show", team="MV", vs="L")
        assert one.embed is not None and [f["name"] for f in one.embed["fields"]] == ["Against left-handed starters"]


async def test_set_saves_a_typed_batting_order(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    hc = await store.find_team(league.id, "HC")
    against_lefties = await store.lineup(hc.id, "L")
    async with running_bot(fake, store):
        reply = await ask(fake, fake.manager_a, "lineup", "set", team="HC", vs="R", spots=HC_LINEUP)
        assert not reply.ephemeral and "Harbor City's lineup is saved" in reply.text
        assert "1. Jesse Whitcomb, CF" in reply.text and "6. Marv Tolliver, LF" in reply.text
    saved = await store.lineup(hc.id, "R")
    assert saved is not None and saved.spots[2] == ("hc-rudy-kasprzak-1970", Position.FIRST)
    assert saved.spots[8] == (None, Position.P)
    assert await store.lineup(hc.id, "L") == against_lefties


async def test_bad_lineups_are_refused_with_the_format_and_change_nothing(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    hc = await store.find_team(league.id, "HC")
    before = await store.lineup(hc.id, "L"), await store.lineup(hc.id, "R")
    spots = HC_LINEUP.split(", ")
    bad = {
        ", ".join(spots[:8]): "A lineup has 9 spots; that one has 8",
        HC_LINEUP.replace("Cal Brandeis 3B", "Cal Brandeis"): "Spot 4 ('Cal Brandeis') does not end with a position",
        HC_LINEUP.replace("Walt Pruett C", "Babe Ruth C"): "No player among the Harbor City batters (spot 7)",
        HC_LINEUP.replace("Walt Pruett C", "Walt Pruett 1B"): "1B is in the lineup twice",
        HC_LINEUP.replace(", P", ", Chet Morrow P"): "the pitcher's spot is `P` alone",
        HC_LINEUP.replace("Otis Redfern RF", "Hank Gorski RF"): "No player among the Harbor City batters",
        HC_LINEUP.replace("Otis Redfern RF", "mv-hank-gorski-1970 RF"): "Hank Gorski is not on the roster",
    }
    async with running_bot(fake, store):
        for text, message in bad.items():
            reply = await ask(fake, fake.manager_a, "lineup", "set", team="HC", vs="both", spots=text)
            assert reply.ephemeral and message in reply.text, (text, reply.text)
        short = await ask(fake, fake.manager_a, "lineup", "set", team="HC", vs="L", spots="Walt Pruett C")
        assert "Write the batting order as 9 spots separated by commas" in short.text  # the format, to copy
        refused = await ask(fake, fake.manager_b, "lineup", "set", team="HC", vs="both", spots=HC_LINEUP)
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
        refused = await ask(fake, fake.stranger, "lineup", "auto", team="HC")
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
    assert (await store.lineup(hc.id, "L"), await store.lineup(hc.id, "R")) == before


async def test_auto_lets_the_auto_manager_pick_both_lineups(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    hc = await store.find_team(league.id, "HC")
    auto = await store.lineup(hc.id, "R")
    async with running_bot(fake, store):
        await ask(fake, fake.manager_a, "lineup", "set", team="HC", vs="both", spots=HC_LINEUP)
        assert await store.lineup(hc.id, "R") != auto
        reply = await ask(fake, fake.commissioner, "lineup", "auto", team="HC")
        assert "The auto-manager set Harbor City's lineup" in reply.text
        assert reply.embed is not None and len(reply.embed["fields"]) == 2
    assert await store.lineup(hc.id, "R") == auto


async def test_rotation_show_set_next_and_roles(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    hc = await store.find_team(league.id, "HC")
    async with running_bot(fake, store):
        shown = await ask(fake, fake.manager_a, "rotation", "show")
        assert shown.embed is not None and shown.embed["title"] == "Harbor City pitching staff"
        assert "1. Lyle Brennaman ← next" in shown.text and "Vance Tillery: no role" in shown.text

        typed = {"team": "HC"}
        choices = await fake.autocomplete(
            fake.manager_a, "rotation", "set", focused="pitchers", value="Chet Morrow, lyle", options=typed
        )
        assert [c["value"] for c in choices] == ["Chet Morrow, Lyle Brennaman"]
        reply = await ask(fake, fake.manager_a, "rotation", "set", team="HC", pitchers="Chet Morrow, Lyle Brennaman")
        assert "Harbor City's rotation is set" in reply.text and "1. Chet Morrow ← next" in reply.text
        rotation = await store.rotation(hc.id)
        assert rotation.starters == ("hc-chet-morrow-1970", "hc-lyle-brennaman-1970")

        choices = await fake.autocomplete(
            fake.manager_a, "rotation", "next", focused="pitcher", value="", options=typed
        )
        assert "Lyle Brennaman" in [c["name"] for c in choices]
        reply = await ask(fake, fake.manager_a, "rotation", "next", team="HC", pitcher="hc-lyle-brennaman-1970")
        assert "Lyle Brennaman starts next for Harbor City" in reply.text
        assert (await store.rotation(hc.id)).next_starter == "hc-lyle-brennaman-1970"

        choices = await fake.autocomplete(
            fake.manager_a, "rotation", "role", focused="pitcher", value="till", options=typed
        )
        assert choices == [{"name": "Vance Tillery", "value": "hc-vance-tillery-1970"}]
        reply = await ask(fake, fake.manager_a, "rotation", "role", team="HC", pitcher="Tillery", role="closer")
        assert "Vance Tillery closes for Harbor City" in reply.text
        assert reply.embed is not None and reply.embed["fields"][1]["value"].endswith("Vance Tillery: closer")
        await ask(fake, fake.manager_a, "rotation", "role", team="HC", pitcher="Royce Dunlap", role="long")
        assert {r.card_id: r.role for r in await store.bullpen_roles(hc.id)} == {
            "hc-vance-tillery-1970": "closer",
            "hc-royce-dunlap-1970": "long",
        }
        reply = await ask(fake, fake.manager_a, "rotation", "role", team="HC", pitcher="Tillery", role="none")
        assert "has no bullpen role now" in reply.text
        assert [r.card_id for r in await store.bullpen_roles(hc.id)] == ["hc-royce-dunlap-1970"]


async def test_rotation_changes_are_refused_and_change_nothing(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    hc = await store.find_team(league.id, "HC")
    before = await store.rotation(hc.id)
    async with running_bot(fake, store):
        refused = await ask(fake, fake.stranger, "rotation", "set", team="HC", pitchers="Chet Morrow")
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
        batter = await ask(fake, fake.manager_a, "rotation", "set", team="HC", pitchers="Chet Morrow, Rudy Kasprzak")
        assert batter.ephemeral and "No player among the Harbor City pitchers matches 'Rudy Kasprzak'" in batter.text
        by_id = await ask(fake, fake.manager_a, "rotation", "set", team="HC", pitchers="hc-rudy-kasprzak-1970")
        assert by_id.ephemeral and "Rudy Kasprzak is not a pitcher" in by_id.text
        twice = await ask(fake, fake.manager_a, "rotation", "set", team="HC", pitchers="Chet Morrow, chet morrow")
        assert twice.ephemeral and "in the rotation twice" in twice.text
        empty = await ask(fake, fake.manager_a, "rotation", "set", team="HC", pitchers=" , ")
        assert empty.ephemeral and "Name the starters" in empty.text
        reliever = await ask(fake, fake.manager_a, "rotation", "next", team="HC", pitcher="Vance Tillery")
        assert reliever.ephemeral and "No player in the Harbor City rotation matches" in reliever.text
        refused = await ask(fake, fake.manager_b, "rotation", "role", team="HC", pitcher="Tillery", role="closer")
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
    assert await store.rotation(hc.id) == before
    assert await store.bullpen_roles(hc.id) == []
