"""/league web (docs/web.md): a commissioner lists or unlists the league's site and renews its secret; the
address, with an unlisted site's secret, is told to him alone."""

from __future__ import annotations

from league.store import Store
from tests.bot.conftest import running_bot
from tests.fakediscord import FakeDiscord


async def test_a_commissioner_unlists_renews_and_lists_the_site(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        await (await fake.slash(fake.commissioner, "league-create", options={"name": "Porch Nine"})).response()
        refused = await (await fake.slash(fake.manager_a, "league", "web", options={"unlisted": True})).response()
        assert refused.ephemeral and "Only a commissioner" in refused.text
        [league] = await store.leagues(fake.guild_id)
        assert league.web_secret is None

        shown = await (await fake.slash(fake.commissioner, "league", "web")).response()
        assert shown.ephemeral and "Porch Nine's site is listed on the site's index: /porch-nine/" in shown.text
        assert "DUGOUT_WEB_PORT" in shown.text  # the test bot serves no site
        hidden = await (await fake.slash(fake.commissioner, "league", "web", options={"unlisted": True})).response()
        [league] = await store.leagues(fake.guild_id)
        assert league.web_secret is not None
        assert hidden.ephemeral and f"only /porch-nine-{league.web_secret}/ " in hidden.text
        renewed = await (await fake.slash(fake.commissioner, "league", "web", options={"renew": True})).response()
        [again] = await store.leagues(fake.guild_id)
        assert again.web_secret not in (None, league.web_secret) and f"/porch-nine-{again.web_secret}/" in renewed.text
        await (await fake.slash(fake.commissioner, "league", "web", options={"unlisted": False})).response()
        refused = await (await fake.slash(fake.commissioner, "league", "web", options={"renew": True})).response()
        assert refused.ephemeral and "Porch Nine's site is listed: it has no secret to renew" in refused.text
        [listed] = await store.leagues(fake.guild_id)
        assert listed.web_secret is None
