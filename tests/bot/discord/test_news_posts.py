"""The daily news in the league's channel (issue 28, docs/news.md): posted with the day's summary, and a day
is posted once only, by one bot or the next one on the same league file after a restart."""

from __future__ import annotations

from typing import Any

from bot.discord.layout import MESSAGE_TEXT
from bot.discord.news import MORE, news_embed
from league.news import DayNews, NewsItem
from league.store import Store
from tests.bot.conftest import running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def test_the_days_news_is_posted_once_and_not_again_after_a_restart(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    teams = {t.abbreviation: t for t in await store.teams(league.id)}
    await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id)
    await store.set_channel(league.id, "announcements", fake.general.id)
    async with running_bot(fake, store) as bot:
        reply = await (await fake.slash(fake.commissioner, "league", "advance-day")).response(timeout=60)
        assert reply.deferred and "played 1 game" in reply.text
        posted = fake.last_message(fake.general)
        assert posted is not None
        titles = [e["title"] for e in posted.embeds]
        assert titles == ["Test League: day 1", "Test League: the news of day 1 (season 1)"]
        assert "Roster moves" in posted.text and "HC sign" in posted.text  # the teams were made on day 1
        cog: Any = bot.get_cog("LeagueCog")
        assert await cog.post_news() == 0  # day 1 was posted with its summary
    count = len(fake.messages_in(fake.general))
    # While the bot is down, day 2 passes at the terminal with a roster move.
    hc_players = [e.card_id for e in await store.roster(teams["HC"].id) if e.kind == "pitcher"]
    await store.release(teams["HC"].id, hc_players[-1])
    await store.advance_day(league.id)
    name = (await store.card_pool(league.id)).name(hc_players[-1])
    async with running_bot(fake, store) as bot:
        cog = bot.get_cog("LeagueCog")
        assert await cog.post_news() == 1
        posted = fake.last_message(fake.general)
        assert posted is not None and posted.embed is not None
        assert posted.embed["title"] == "Test League: the news of day 2 (season 1)"
        assert f"HC release {name}" in posted.text
        assert await cog.post_news() == 0
    async with running_bot(fake, store) as bot:  # another restart: still nothing new
        assert await bot.get_cog("LeagueCog").post_news() == 0  # type: ignore[union-attr]
    assert len(fake.messages_in(fake.general)) == count + 1


async def test_a_quiet_day_posts_no_news(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    await store.set_channel(league.id, "announcements", fake.general.id)
    await store.advance_day(league.id)  # day 1: the teams were made
    async with running_bot(fake, store) as bot:
        cog: Any = bot.get_cog("LeagueCog")
        assert await cog.post_news() == 1
        await store.advance_day(league.id)  # day 2: nothing happened
        assert await cog.post_news() == 0
        assert await store.news_posted(league.id) == (1, 2)


def test_a_day_of_more_news_than_a_message_holds_fits_one() -> None:
    items = tuple(NewsItem("move", f"T{n} sign {'x' * 60} {n}") for n in range(200))
    embed = news_embed(DayNews("Test League", 1, 3, items))
    assert len(embed) <= MESSAGE_TEXT and embed.footer.text == MORE and len(embed.fields) > 1
    assert len(news_embed(DayNews("Test League", 1, 3, items[:3]))) < MESSAGE_TEXT
