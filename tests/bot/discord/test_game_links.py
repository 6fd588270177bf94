"""The bot's box score embeds link to the game's page on the league's site (docs/web.md) when the bot
serves the site (``DugoutBot.web_url``), and to nothing when it does not."""

from __future__ import annotations

from bot.discord.embeds import box_score_embeds, game_link
from bot.web import links
from engine.boxscore import box_score
from league.store import Store
from tests.bot.conftest import ask, play_final_game, running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def test_boxscore_links_to_the_games_page_only_when_the_site_is_served(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    record = await play_final_game(store, league.id, "HC", "MV", seed=1)
    league = await store.league(league.id)
    async with running_bot(fake, store) as bot:
        plain = await ask(fake, fake.stranger, "boxscore", game=str(record.id))
        assert plain.embed is not None and not plain.embed.get("url")
        bot.web_url = "https://dugout.example"
        linked = await ask(fake, fake.stranger, "boxscore", game=str(record.id))
        assert linked.embed is not None
        assert linked.embed["url"] == f"https://dugout.example/{league.slug}/games/{record.id}"
        assert linked.embed["url"] == links.game_url("https://dugout.example", league, record.id)


async def test_the_final_embed_carries_the_link_it_is_given(fake_discord: FakeDiscord, store: Store) -> None:
    league = await sample_league(store, fake_discord.guild_id, fake_discord.commissioner.id)
    record = await play_final_game(store, league.id, "HC", "MV", seed=2)
    box = box_score(await store.load_game(record.id))
    assert game_link(None, league, record.id) is None
    url = game_link("http://127.0.0.1:8080", league, record.id)
    assert url == f"http://127.0.0.1:8080/{league.slug}/games/{record.id}"
    [first, *_] = box_score_embeds(box, "Final: Harbor City at Mesa Valley", url=url)
    assert first.url == url
    assert box_score_embeds(box, "Final")[0].url is None


async def test_the_standings_and_stats_embeds_link_to_their_pages_when_the_site_is_served(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    await play_final_game(store, league.id, "HC", "MV", seed=1)
    league = await store.league(league.id)
    site = "https://dugout.example"
    player = (await store.roster((await store.find_team(league.id, "HC")).id))[0].card_id
    asked = {
        ("standings", ()): links.league_url(site, league),
        ("stats", ("leaders",)): links.page_url(site, league, "leaders"),
        ("stats", ("team",)): links.team_url(site, league, "HC"),
        ("stats", ("player",)): links.player_url(site, league, player),
    }
    options = {"team": {"team": "HC"}, "player": {"player": player}}
    async with running_bot(fake, store) as bot:
        for (command, sub), url in asked.items():
            plain = await ask(fake, fake.stranger, command, *sub, **options.get(sub[0] if sub else "", {}))
            assert plain.embed is not None and not plain.embed.get("url"), command
            bot.web_url = site
            linked = await ask(fake, fake.stranger, command, *sub, **options.get(sub[0] if sub else "", {}))
            bot.web_url = None
            assert linked.embed is not None and linked.embed["url"] == url, (command, sub)
