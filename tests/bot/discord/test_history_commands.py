"""/history and the awards' announcement through the fake Discord (issue 28): the advance-day that ends the
regular season posts the awards in the league channel once, /history shows the words dugout history prints,
and a bad season or stat is refused privately."""

from __future__ import annotations

from league.store import Store
from tests.bot.conftest import ask, running_bot, sample_league
from tests.fakediscord import FakeDiscord


async def test_the_last_day_posts_the_awards_once_and_history_shows_them(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    await store.schedule_season(league.id, 2, series_length=1)
    await store.set_channel(league.id, "announcements", fake.general.id)
    async with running_bot(fake, store):
        first = await ask(fake, fake.commissioner, "league", "advance-day")
        assert not first.ephemeral
        posted = [m for m in fake.messages_in(fake.general, include_ephemeral=False) if "awards" in m.text]
        assert posted == []  # one game left: no awards yet
        await ask(fake, fake.commissioner, "league", "advance-day")
        awards = await store.awards(league.id, 1)
        assert {a.award for a in awards} >= {"mvp", "cy_young"}

        def announced() -> list[object] | None:  # posted after the day's summary, the command's answer
            found = [m for m in fake.messages_in(fake.general, include_ephemeral=False) if "awards" in m.text]
            return found or None

        await fake.wait_for(announced, what="the awards' announcement")
        posted = [m for m in fake.messages_in(fake.general, include_ephemeral=False) if "awards" in m.text]
        assert len(posted) == 1 and posted[0].embed is not None
        assert posted[0].embed["title"] == "Test League: the season 1 awards"
        mvp = next(a for a in awards if a.award == "mvp")
        assert f"Most Valuable Player: {mvp.name} ({mvp.team})" in posted[0].text

        refused = await ask(fake, fake.commissioner, "league", "advance-day")  # the season is over: nothing more
        assert refused.ephemeral
        again = [m for m in fake.messages_in(fake.general, include_ephemeral=False) if "awards" in m.text]
        assert len(again) == 1

        page = await ask(fake, fake.stranger, "history")
        assert not page.ephemeral and page.embed is not None
        assert page.embed["title"] == "Test League: history, 1 season"
        assert "Season 1: no champion; best record" in page.text and f"{mvp.name} ({mvp.team})" in page.text
        leaders = await ask(fake, fake.stranger, "history", view="career", stat="hr")
        assert leaders.embed is not None and "Home runs (HR)" in leaders.text

        bad = await ask(fake, fake.stranger, "history", view="standings", season=3)
        assert bad.ephemeral and bad.text == "Test League has seasons 1 to 1; there is no season 3"
        bad_stat = await ask(fake, fake.stranger, "history", view="leaders", stat="zzz")
        assert bad_stat.ephemeral and bad_stat.text.startswith("no leaders in 'zzz'; the stats are: avg")
