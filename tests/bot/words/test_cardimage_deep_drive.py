"""Deep Drive cards drawn as PNG pictures from the same data as their text (DDB "Cards")."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.words.cardimage import PAPER, WIDTH, render_card_png
from cards import BUNDLED_SETS
from cards.deep_drive.loader import AnyDeepDriveCard, DeepDriveSet, load_deep_drive_set
from cards.deep_drive.models import Batter, Pitcher


@pytest.fixture(scope="module")
def dds() -> DeepDriveSet:
    return load_deep_drive_set(BUNDLED_SETS / "deep-drive-sample")


def picture(card: AnyDeepDriveCard) -> Image.Image:
    data = render_card_png(card)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_every_sample_card_renders_a_valid_png_of_sensible_size(dds: DeepDriveSet) -> None:
    for card in dds.all_cards():
        image = picture(card)
        assert image.width == WIDTH and image.mode == "RGB", card.id
        low = 200 if card.id.endswith("-park") else 800
        assert low <= image.height <= 1300, (card.id, image.height)


def test_batter_and_pitcher_are_drawn_with_their_own_frames_on_card_stock(dds: DeepDriveSet) -> None:
    rizzo, kluber = picture(dds.card("anthony-rizzo-2016")), picture(dds.card("corey-kluber-2016"))
    assert rizzo.getpixel((2, 2)) != kluber.getpixel((2, 2))
    for image in (rizzo, kluber):
        colours = image.getcolors(maxcolors=100_000)
        assert colours is not None and len(colours) > 50
        assert max(colours)[1] in (PAPER, (255, 252, 243))
    # The green mod die faces of the OUTS section are on the card.
    greens = [c for _, c in rizzo.getcolors(maxcolors=100_000) or [] if c == (46, 125, 50)]
    assert greens


def test_the_same_card_gives_the_same_bytes_and_cards_differ(dds: DeepDriveSet) -> None:
    card = dds.card("corey-kluber-2016")
    assert render_card_png(card) == render_card_png(card)
    pictures = {c.id: render_card_png(c) for c in dds.all_cards()}
    assert len(set(pictures.values())) == len(pictures)


def test_a_changed_out_code_changes_only_its_cell(dds: DeepDriveSet) -> None:
    rizzo = dds.card("anthony-rizzo-2016")
    assert isinstance(rizzo, Batter)
    outs = list(rizzo.outs)
    outs[9] = "G3s"
    changed = rizzo.model_copy(update={"outs": outs})
    before, after = picture(rizzo), picture(changed)
    assert before.size == after.size
    box = ImageChops.difference(before.convert("RGB"), after.convert("RGB")).getbbox()
    assert box is not None
    left, top, _, bottom = box
    assert left > WIDTH // 2 and bottom - top < 40  # one cell of the OUTS column, at the right


def test_a_pitcher_has_no_deep_drive_section_so_his_card_is_shorter(dds: DeepDriveSet) -> None:
    kluber = dds.card("corey-kluber-2016")
    assert isinstance(kluber, Pitcher)
    assert picture(kluber).height < picture(dds.card("anthony-rizzo-2016")).height
