"""Cards drawn as PNG pictures laid out like the printed cards."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.words.cardimage import PAPER, WIDTH, render_card_png
from cards import SAMPLE_SET
from cards.loader import CardSet, load_set
from cards.models import AnyCard, Ballpark, Batter, Pitcher


@pytest.fixture(scope="module")
def sample() -> CardSet:
    return load_set(SAMPLE_SET)


def picture(card: AnyCard) -> Image.Image:
    data = render_card_png(card)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()  # decodes the whole file: a truncated or corrupt PNG fails here
    return image


def test_every_sample_card_renders_a_valid_png_of_sensible_size(sample: CardSet) -> None:
    cards = sample.all_cards()
    assert {type(c) for c in cards} == {Batter, Pitcher, Ballpark}
    for card in cards:
        image = picture(card)
        assert image.width == WIDTH, card.id
        assert 600 <= image.height <= 1400, (card.id, image.height)
        assert image.mode == "RGB"


@pytest.mark.parametrize("card_id", ["johnny-bench-1970", "tom-seaver-1970", "san-diego-stadium-1970"])
def test_each_kind_is_drawn_on_card_stock_and_is_not_blank(sample: CardSet, card_id: str) -> None:
    image = picture(sample.card(card_id)).convert("RGB")
    colours = image.getcolors(maxcolors=100_000)
    assert colours is not None and len(colours) > 50  # text, rules, shading: far from a flat picture
    most_common = max(colours)[1]
    assert most_common in (PAPER, (255, 252, 243))  # the card stock or the matrix cells
    spread = ImageStat.Stat(image.convert("L")).stddev[0]
    assert spread > 20
    # Dark ink in the middle of the card: the matrix is drawn there.
    middle = image.crop((100, image.height // 3, WIDTH - 100, 2 * image.height // 3)).convert("L")
    darkest, _ = middle.getextrema()
    assert isinstance(darkest, int) and darkest < 80


def test_kinds_have_their_own_frame_colour(sample: CardSet) -> None:
    ids = ["johnny-bench-1970", "tom-seaver-1970", "san-diego-stadium-1970"]
    frames = {picture(sample.card(card_id)).getpixel((2, 2)) for card_id in ids}
    assert len(frames) == 3 and PAPER not in frames


def test_the_same_card_gives_the_same_bytes(sample: CardSet) -> None:
    card = sample.card("tom-seaver-1970")
    assert render_card_png(card) == render_card_png(card)


def test_different_cards_give_different_pictures(sample: CardSet) -> None:
    pictures = {card.id: render_card_png(card) for card in sample.all_cards()}
    assert len(set(pictures.values())) == len(pictures)


def test_a_changed_reading_changes_the_picture(sample: CardSet) -> None:
    bench = sample.card("johnny-bench-1970")
    assert isinstance(bench, Batter)
    matrix = [list(row) for row in bench.model_dump()["matrix"]]
    matrix[0][0] = "H"
    changed = Batter.model_validate({**bench.model_dump(), "matrix": matrix})
    before, after = picture(bench), picture(changed)
    assert before.size == after.size
    box = ImageChops.difference(before.convert("RGB"), after.convert("RGB")).getbbox()
    assert box is not None
    left, top, right, bottom = box
    assert right - left < WIDTH // 4 and bottom - top < 100  # only the one cell changed


def test_long_names_and_many_positions_still_fit(sample: CardSet) -> None:
    bench = sample.card("johnny-bench-1970")
    data = bench.model_dump()
    data |= {
        "name": "Bartholomew Fitzgerald-Montgomery Jr.",
        "team": "Los Angeles (A) Angels of Anaheim",
        "positions": [
            "C - 5/2 (19) -2",
            "1B - 2 (11)",
            "3B - 3 (20)",
            "SS - 4 (4) +1",
            "CF - 5 (3) +2",
            "RF - 1 (9) -3",
        ],
        "stats": None,
    }
    image = picture(Batter.model_validate(data))
    assert image.width == WIDTH


def test_pitcher_without_stats_or_start_line(sample: CardSet) -> None:
    seaver = sample.card("tom-seaver-1970")
    reliever = Pitcher.model_validate({**seaver.model_dump(), "start": None, "stats": None})
    with_stats = picture(seaver)
    without = picture(reliever)
    assert without.width == WIDTH and without.height < with_stats.height  # no stat line at the foot
