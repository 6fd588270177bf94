"""/team: create the league's teams, show them, change them, and say who manages them."""

from __future__ import annotations

from league.store import Store
from tests.bot.conftest import ask, play_final_game, running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def test_commissioner_creates_a_team_with_its_ballpark_and_manager(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await store.create_league(
        "Test League", ["sample"], guild_id=fake.guild_id, commissioners=[fake.commissioner.id]
    )
    async with running_bot(fake, store):
        parks = await fake.autocomplete(fake.commissioner, "team", "create", focused="ballpark", value="harbor")
        assert parks == [{"name": "Harbor City Bowl (1970 Harbor City)", "value": "harbor-city-bowl-1970"}]

        options = {"name": "Harbor City", "abbreviation": "hc", "ballpark": parks[0]["value"]}
        reply = await ask(fake, fake.commissioner, "team", "create", **options, manager=fake.manager_a)
        assert not reply.ephemeral and "**Harbor City** (HC) joins Test League" in reply.text
        [team] = await store.teams(league.id)
        assert (team.abbreviation, team.ballpark, team.manager_id) == ("HC", "harbor-city-bowl-1970", fake.manager_a.id)

        # A ballpark by name works too; the manager's own team is the default for /team info.
        await ask(fake, fake.commissioner, "team", "create", name="Mesa Valley", abbreviation="MV", ballpark="Mesa")
        assert (await store.find_team(league.id, "MV")).ballpark == "mesa-valley-field-1970"
        info = await ask(fake, fake.manager_a, "team", "info")
        assert info.embed is not None and info.embed["title"] == "Harbor City (HC)"
        assert f"<@{fake.manager_a.id}>" in info.text and "Harbor City Bowl" in info.text
        assert "no games yet" in info.text and "0 active of 26" in info.text


async def test_team_changes_are_refused_to_others_and_change_nothing(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        no_league = await ask(fake, fake.commissioner, "team", "create", name="Harbor City", abbreviation="HC")
        assert no_league.ephemeral and "/league-create" in no_league.text
        league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))

        refused = await ask(fake, fake.manager_a, "team", "create", name="Bay Town", abbreviation="BT")
        assert refused.ephemeral and "Only a commissioner" in refused.text
        refused = await ask(fake, fake.manager_a, "team", "manager", team="MV", member=fake.manager_a)
        assert refused.ephemeral and "Only a commissioner" in refused.text
        refused = await ask(fake, fake.manager_a, "team", "edit", team="HC", name="Harbor City Gulls")
        assert refused.ephemeral and "Only a commissioner" in refused.text

        taken = await ask(fake, fake.commissioner, "team", "create", name="Bay Town", abbreviation="HC")
        assert taken.ephemeral and "already uses the abbreviation HC" in taken.text
        bad_park = await ask(
            fake, fake.commissioner, "team", "create", name="Bay Town", abbreviation="BT", ballpark="x"
        )
        assert bad_park.ephemeral and "the league's ballparks are" in bad_park.text
        bad_edit = await ask(fake, fake.commissioner, "team", "edit", team="HC", name="Mesa Valley", division="East")
        assert bad_edit.ephemeral and "already has a team called Mesa Valley" in bad_edit.text
        unknown = await ask(fake, fake.stranger, "team", "info", team="Gotham")
        assert unknown.ephemeral and "no single team matches 'Gotham'" in unknown.text
        mine = await ask(fake, fake.stranger, "team", "info")
        assert mine.ephemeral and "You do not manage a team" in mine.text

        teams = await store.teams(league.id)
        assert [(t.name, t.division, t.manager_id) for t in teams] == [
            ("Harbor City", None, fake.manager_a.id),
            ("Mesa Valley", None, None),
        ]


async def test_managers_and_co_managers_are_set_and_removed(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    async with running_bot(fake, store):
        reply = await ask(fake, fake.commissioner, "team", "manager", team="MV", member=fake.manager_b)
        assert f"<@{fake.manager_b.id}> now manages Mesa Valley" in reply.text
        reply = await ask(fake, fake.commissioner, "team", "manager", team="MV", member=fake.manager_a, co=True)
        assert "co-manager of Mesa Valley" in reply.text
        mv = await store.find_team(league.id, "MV")
        assert mv.managers == (fake.manager_b.id, fake.manager_a.id)

        nothing = await ask(fake, fake.commissioner, "team", "manager", team="MV", member=fake.stranger, remove=True)
        assert nothing.ephemeral and "nothing to remove" in nothing.text
        await ask(fake, fake.commissioner, "team", "manager", team="MV", member=fake.manager_a, remove=True)
        await ask(fake, fake.commissioner, "team", "manager", team="MV", member=fake.manager_b, remove=True)
        assert (await store.find_team(league.id, "MV")).managers == ()

        # Replacing a manager says whom he replaces.
        reply = await ask(fake, fake.commissioner, "team", "manager", team="HC", member=fake.manager_b)
        assert f"in place of <@{fake.manager_a.id}>" in reply.text


async def test_edit_and_info_show_division_and_record(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    await play_final_game(store, league.id, "HC", "MV", seed=1)  # Harbor City wins 14-1
    async with running_bot(fake, store):
        options = {"team": "HC", "name": "Harbor City Gulls", "abbreviation": "HCG", "division": "East"}
        reply = await ask(fake, fake.commissioner, "team", "edit", **options)
        assert not reply.ephemeral and "Harbor City Gulls is updated" in reply.text
        info = await ask(fake, fake.stranger, "team", "info", team="HCG")
        assert "Harbor City Gulls (HCG)" in info.text and "East" in info.text and "1-0 (1.000), first" in info.text
        await ask(fake, fake.commissioner, "team", "edit", team="HCG", division="none")
        assert (await store.find_team(league.id, "HCG")).division is None
        nothing = await ask(fake, fake.commissioner, "team", "edit", team="HCG")
        assert nothing.ephemeral and "Say what to change" in nothing.text


async def test_a_team_without_games_is_removed_and_its_players_go_free(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    hc, mv = await store.teams(league.id)
    async with running_bot(fake, store):
        refused = await ask(fake, fake.manager_a, "team", "remove", team="MV")
        assert refused.ephemeral and "Only a commissioner" in refused.text
        reply = await ask(fake, fake.commissioner, "team", "remove", team="MV")
        assert (
            not reply.ephemeral
            and reply.text == "Mesa Valley (MV) leaves Test League; its 24 players are free agents again."
        )
        assert [t.abbreviation for t in await store.teams(league.id)] == ["HC"]
        await store.create_team(league.id, "Mesa Valley", "MV")
        mv = await store.find_team(league.id, "MV")
        await store.sign(mv.id, "mv-hank-gorski-1970")  # free again: signed by the new team
        await store.schedule_game(league.id, mv.id, hc.id, day=1)
        kept = await ask(fake, fake.commissioner, "team", "remove", team="HC")
        assert kept.ephemeral and kept.text.startswith("Harbor City has games in the league's schedule or its history")
        assert len(await store.teams(league.id)) == 2
