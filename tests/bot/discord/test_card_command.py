"""/card show: a card as a picture, end to end against the fake Discord."""

from __future__ import annotations

import io

from PIL import Image

from bot.words.cardimage import WIDTH, render_card_png
from league.cardpool import CardPool
from league.store import Store
from tests.bot.conftest import running_bot
from tests.fakediscord import FakeDiscord


async def test_show_a_card_by_id_outside_a_league(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        options = {"card": "johnny-bench-1970"}
        reply = await (await fake.slash(fake.manager_a, "card", "show", options=options)).response()

        assert reply.type == 5 and not reply.ephemeral  # deferred while drawing, then shown to everyone
        [picture] = reply.attachments
        assert (picture.filename, picture.content_type) == ("johnny-bench-1970.png", "image/png")
        expected = render_card_png(CardPool.load(["sample"]).card("johnny-bench-1970"))
        assert picture.data == expected
        assert picture.width == WIDTH and picture.height is not None
        assert Image.open(io.BytesIO(picture.data)).size == (picture.width, picture.height)

        embed = reply.embed
        assert embed is not None
        assert embed["title"] == "Johnny Bench" and embed["description"] == "1970 Cincinnati"
        assert embed["image"]["url"] == picture.url
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        assert fields["vs LHP"] == "K 10 · W 5 · HR 20"
        assert "sample set" in embed["footer"]["text"]


async def test_show_a_pitcher_and_a_ballpark_of_the_league(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        await store.create_league(
            "Test League", ["sample"], guild_id=fake.guild_id, commissioners=[fake.commissioner.id]
        )
        seaver = await (
            await fake.slash(fake.manager_b, "card", "show", options={"card": "tom-seaver-1970"})
        ).response()
        assert seaver.embed is not None and seaver.embed["title"] == "Tom Seaver"
        assert seaver.attachments[0].filename == "tom-seaver-1970.png"
        assert "Test League" in seaver.embed["footer"]["text"]

        options = {"card": "san-diego-stadium-1970"}
        park = await (await fake.slash(fake.manager_b, "card", "show", options=options)).response()
        assert park.embed is not None and park.embed["title"] == "San Diego Stadium"
        assert park.attachments[0].filename == "san-diego-stadium-1970.png"
        assert park.attachments[0].data != seaver.attachments[0].data


async def test_part_of_a_name_that_matches_one_card_is_enough(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        reply = await (await fake.slash(fake.manager_a, "card", "show", options={"card": "bench"})).response()
        assert reply.embed is not None and reply.embed["title"] == "Johnny Bench"
        assert reply.attachments[0].filename == "johnny-bench-1970.png"

        # Seaver has two cards (his pitching card and his own batting card): which one?
        ambiguous = await (await fake.slash(fake.manager_a, "card", "show", options={"card": "seaver"})).response()
        assert ambiguous.ephemeral and not ambiguous.attachments
        assert "tom-seaver-1970" in ambiguous.text


async def test_autocomplete_offers_matching_cards(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        choices = await fake.autocomplete(fake.manager_a, "card", "show", focused="card", value="bench")
        assert choices == [{"name": "Johnny Bench (1970 Cincinnati)", "value": "johnny-bench-1970"}]
        parks = await fake.autocomplete(fake.manager_a, "card", "show", focused="card", value="stadium")
        assert {"name": "San Diego Stadium (1970 San Diego)", "value": "san-diego-stadium-1970"} in parks
        assert len(await fake.autocomplete(fake.manager_a, "card", "show", focused="card", value="")) == 25


async def test_an_unknown_card_is_refused_privately(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        options = {"card": "babe-ruth-1927"}
        reply = await (await fake.slash(fake.manager_a, "card", "show", options=options)).response()
        assert reply.ephemeral and not reply.attachments and reply.embed is None
        assert "babe-ruth-1927" in reply.text and "pick one from the list" in reply.text
