"""/roster: show a team's players, sign and release, trade with consent, and the injured list."""

from __future__ import annotations

from league.models import League
from league.store import Store
from league.store.play import INSERT_INJURY
from tests.bot.conftest import ask, running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def roster_ids(store: Store, league: League, team: str) -> dict[str, str]:
    """Card id -> status of a team's roster."""
    found = await store.find_team(league.id, team)
    return {e.card_id: e.status for e in await store.roster(found.id)}


async def managed_league(fake: FakeDiscord, store: Store) -> League:
    return await sample_league(
        store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, fake.manager_b.id)
    )


async def test_show_lists_batters_and_pitchers_of_the_managers_team(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    await managed_league(fake, store)
    async with running_bot(fake, store):
        reply = await ask(fake, fake.manager_a, "roster", "show")
        assert reply.embed is not None and reply.embed["title"] == "Harbor City roster"
        assert "24 active of 26; 0 on the injured list" in reply.text
        fields = {f["name"]: f["value"] for f in reply.embed["fields"]}
        assert "Rudy Kasprzak: 1B, bats L" in fields["Batters (14)"]
        assert "Lyle Brennaman: throws R, starter" in fields["Pitchers (10)"]
        other = await ask(fake, fake.stranger, "roster", "show", team="MV")
        assert other.embed is not None and other.embed["title"] == "Mesa Valley roster"


async def test_release_and_sign_by_name_or_autocomplete(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    async with running_bot(fake, store):
        reply = await ask(fake, fake.manager_a, "roster", "release", team="HC", player="kasprzak")
        assert not reply.ephemeral and "Harbor City releases **Rudy Kasprzak**" in reply.text
        assert "hc-rudy-kasprzak-1970" not in await roster_ids(store, league, "HC")

        typed = {"team": "MV"}
        agents = await fake.autocomplete(fake.manager_b, "roster", "sign", focused="player", value="", options=typed)
        names = [c["name"] for c in agents]
        assert "Rudy Kasprzak (1970 Harbor City)" in names
        assert names.count("Tom Seaver (1970 New York (N))") == 1  # his batting card comes with him
        rudy = next(c["value"] for c in agents if c["name"].startswith("Rudy"))
        reply = await ask(fake, fake.manager_b, "roster", "sign", team="MV", player=rudy)
        assert "Mesa Valley signs **Rudy Kasprzak**" in reply.text
        assert (await roster_ids(store, league, "MV"))["hc-rudy-kasprzak-1970"] == "active"


async def test_roster_moves_are_refused_to_others_and_change_nothing(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    before = await roster_ids(store, league, "HC"), await roster_ids(store, league, "MV")
    async with running_bot(fake, store):
        refused = await ask(fake, fake.stranger, "roster", "sign", team="HC", player="tom-seaver-1970")
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
        refused = await ask(fake, fake.manager_b, "roster", "release", team="HC", player="Rudy Kasprzak")
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
        unknown = await ask(fake, fake.manager_a, "roster", "release", team="HC", player="Babe Ruth")
        assert unknown.ephemeral and "No player on the Harbor City roster matches 'Babe Ruth'" in unknown.text
        unknown = await ask(fake, fake.manager_a, "roster", "sign", team="Gotham", player="tom-seaver-1970")
        assert unknown.ephemeral and "no single team matches 'Gotham'" in unknown.text
        taken = await ask(fake, fake.manager_a, "roster", "sign", team="HC", player="mv-hank-gorski-1970")
        assert taken.ephemeral and "already on the Mesa Valley roster" in taken.text
        refused = await ask(fake, fake.stranger, "roster", "il", team="HC", player="Rudy Kasprzak")
        assert refused.ephemeral and "Only the manager" in refused.text

    assert await roster_ids(store, league, "HC") == before[0]
    assert await roster_ids(store, league, "MV") == before[1]


async def test_a_full_roster_refuses_a_signing(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    async with running_bot(fake, store):
        await ask(fake, fake.manager_a, "roster", "sign", team="HC", player="tom-seaver-1970")
        await ask(fake, fake.manager_a, "roster", "sign", team="HC", player="johnny-bench-1970")
        await ask(fake, fake.manager_b, "roster", "release", team="MV", player="Hank Gorski")
        full = await ask(fake, fake.manager_a, "roster", "sign", team="HC", player="Hank Gorski")
        assert full.ephemeral and "has 26 active players and the limit is 26" in full.text
    assert "mv-hank-gorski-1970" not in await roster_ids(store, league, "HC")


async def test_a_trade_needs_the_other_managers_consent(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    async with running_bot(fake, store):
        typed = {"team": "HC", "other_team": "MV"}
        choices = await fake.autocomplete(
            fake.manager_a, "roster", "trade", focused="give", value="Rudy Kasprzak, bran", options=typed
        )
        assert choices == [{"name": "Rudy Kasprzak, Cal Brandeis", "value": "Rudy Kasprzak, Cal Brandeis"}]
        choices = await fake.autocomplete(
            fake.manager_a, "roster", "trade", focused="receive", value="gors", options=typed
        )
        assert [c["value"] for c in choices] == ["Hank Gorski"]

        offer = {"team": "HC", "other_team": "MV", "give": "Rudy Kasprzak", "receive": "mv-hank-gorski-1970"}
        refused = await ask(fake, fake.manager_b, "roster", "trade", **offer)
        assert refused.ephemeral and "Only the manager of Harbor City" in refused.text
        reply = await ask(fake, fake.manager_a, "roster", "trade", **offer)
        assert not reply.ephemeral and "HC gives Rudy Kasprzak to MV for Hank Gorski" in reply.text
        assert f"<@{fake.manager_b.id}>" in reply.text
        [trade] = await store.trades(league.id)

        listed = await ask(fake, fake.stranger, "roster", "trades")
        assert f"#{trade.id}: HC gives Rudy Kasprzak to MV for Hank Gorski" in listed.text
        pending = await fake.autocomplete(fake.manager_b, "roster", "trade-answer", focused="trade", value="")
        assert [c["value"] for c in pending] == [str(trade.id)]

        refused = await ask(fake, fake.stranger, "roster", "trade-answer", trade=str(trade.id), accept=True)
        assert refused.ephemeral and "Only a manager of Mesa Valley accepts" in refused.text
        refused = await ask(fake, fake.manager_a, "roster", "trade-answer", trade=str(trade.id), accept=True)
        assert refused.ephemeral and "Only a manager of Mesa Valley accepts" in refused.text
        refused = await ask(fake, fake.stranger, "roster", "trade-answer", trade=str(trade.id), accept=False)
        assert refused.ephemeral and "Only the managers of Harbor City and Mesa Valley" in refused.text
        assert (await store.trade(trade.id)).status == "pending"
        assert "hc-rudy-kasprzak-1970" in await roster_ids(store, league, "HC")

        done = await ask(fake, fake.manager_b, "roster", "trade-answer", trade=f"#{trade.id}", accept=True)
        assert "Rudy Kasprzak to Mesa Valley, Hank Gorski to Harbor City" in done.text
        assert "mv-hank-gorski-1970" in await roster_ids(store, league, "HC")
        assert "hc-rudy-kasprzak-1970" in await roster_ids(store, league, "MV")
        again = await ask(fake, fake.manager_b, "roster", "trade-answer", trade=str(trade.id), accept=True)
        assert again.ephemeral and "no longer pending" in again.text


async def test_a_trade_is_turned_down_or_withdrawn(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    async with running_bot(fake, store):
        nobody = await ask(fake, fake.manager_a, "roster", "trade", team="HC", other_team="MV")
        assert nobody.ephemeral and "Name the players in the trade" in nobody.text
        wrong = await ask(fake, fake.manager_a, "roster", "trade", team="HC", other_team="MV", give="Hank Gorski")
        assert wrong.ephemeral and "No player on the Harbor City roster matches 'Hank Gorski'" in wrong.text
        assert await store.trades(league.id) == []

        await ask(fake, fake.manager_a, "roster", "trade", team="HC", other_team="MV", receive="Bo Renfrow")
        await ask(fake, fake.manager_a, "roster", "trade", team="HC", other_team="MV", give="Walt Pruett")
        first, second = await store.trades(league.id)
        turned_down = await ask(fake, fake.manager_b, "roster", "trade-answer", trade=str(first.id), accept=False)
        assert "is turned down" in turned_down.text
        withdrawn = await ask(fake, fake.manager_a, "roster", "trade-answer", trade=str(second.id), accept=False)
        assert "is withdrawn" in withdrawn.text
        statuses = {t.id: t.status for t in await store.trades(league.id, status=None)}
        assert statuses == {first.id: "rejected", second.id: "withdrawn"}
        bad = await ask(fake, fake.manager_a, "roster", "trade-answer", trade="soon", accept=False)
        assert bad.ephemeral and bad.text.startswith("There is no trade 'soon' in ")


async def test_injured_list_takes_the_hurt_and_gives_back_the_healed(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await managed_league(fake, store)
    hc = await store.find_team(league.id, "HC")
    async with running_bot(fake, store):
        healthy = await ask(fake, fake.manager_a, "roster", "il", team="HC", player="Rudy Kasprzak")
        assert healthy.ephemeral and "is not injured" in healthy.text

        async with store.transaction() as conn:  # hurt on day 1 for two days, as a game would record it
            injury = (league.id, "hc-rudy-kasprzak-1970", hc.id, None, 1, 1, "15-day", 2, 2)
            await conn.execute(INSERT_INJURY, injury)
        reply = await ask(fake, fake.manager_a, "roster", "il", team="HC", player="Rudy Kasprzak")
        assert "places **Rudy Kasprzak** on the injured list" in reply.text
        assert (await roster_ids(store, league, "HC"))["hc-rudy-kasprzak-1970"] == "injured_list"
        shown = await ask(fake, fake.manager_a, "roster", "show")
        assert "23 active of 26; 1 on the injured list" in shown.text
        assert "Injured list (1)" in shown.text and "injured (2 more days)" in shown.text

        early = await ask(fake, fake.manager_a, "roster", "il", team="HC", player="Rudy Kasprzak", activate=True)
        assert early.ephemeral and "still injured (2 more days)" in early.text
        await store.advance_day(league.id, 3)
        back = await ask(fake, fake.manager_a, "roster", "il", team="HC", player="Rudy Kasprzak", activate=True)
        assert "activates **Rudy Kasprzak**" in back.text
        assert (await roster_ids(store, league, "HC"))["hc-rudy-kasprzak-1970"] == "active"
