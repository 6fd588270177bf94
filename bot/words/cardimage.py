"""A card as a PNG picture, laid out like the printed card (for /card show).

The picture follows the printed cards: the name and team in a band across the top, the
hand, injury and fielding ratings below it, the 6x6 matrix read with the red die across
the top (columns) and the white die down the side (rows), and the ratings and stats
under it. The card's parts come from ``cards.text``, which lays out the same card as text.
Drawing uses only Pillow's built-in font, so the same card always gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from cards.deep_drive import models as dd
from cards.deep_drive import text as ddtext
from cards.deep_drive.text import AnyDeepDriveCard
from cards.models import AnyCard, Ballpark, Batter, Pitcher
from cards.text import card_name, cell_texts, hit_range_rows, rating_pairs, split_rows, stamina_pairs, stat_pairs

WIDTH = 1000
LEFT = 40  # content margin inside the frame
RIGHT = WIDTH - LEFT
ROW = 40  # height of a table row
MATRIX_ROW = 56
GAP = 18

RGB = tuple[int, int, int]
PAPER: RGB = (244, 236, 214)  # card stock
INK: RGB = (33, 29, 25)
LINE: RGB = (92, 80, 64)
HEAD: RGB = (222, 208, 176)  # shaded headers
CELL: RGB = (255, 252, 243)
MUTED: RGB = (120, 108, 90)
RED_DIE: RGB = (183, 28, 28)
KIND_COLOR: dict[type, RGB] = {
    Batter: (27, 58, 108),
    Pitcher: (122, 26, 34),
    Ballpark: (29, 88, 52),
    dd.Batter: (27, 58, 108),
    dd.Pitcher: (122, 26, 34),
    dd.Ballpark: (29, 88, 52),
}
KIND_LABEL = {
    Batter: "BATTER",
    Pitcher: "PITCHER",
    Ballpark: "BALLPARK",
    dd.Batter: "BATTER",
    dd.Pitcher: "PITCHER",
    dd.Ballpark: "BALLPARK",
}
MOD_DIE: RGB = (46, 125, 50)  # the green mod die

Draw = ImageDraw.ImageDraw
Box = tuple[int, int, int, int]


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _fitted(draw: Draw, text: str, width: int, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font at ``size``, or smaller until ``text`` fits in ``width`` pixels."""
    while size > 10 and draw.textlength(text, font=_font(size)) > width:
        size -= 1
    return _font(size)


def _text(
    draw: Draw,
    xy: tuple[int, int],
    text: str,
    *,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "lm",
    width: int = WIDTH,
) -> None:
    """Text at ``xy`` (placed by ``anchor``), shrunk to fit ``width``; bold is drawn with a stroke."""
    font = _fitted(draw, text, width, size)
    draw.text(xy, text, font=font, fill=fill, anchor=anchor, stroke_width=1 if bold else 0, stroke_fill=fill)


def _cell(draw: Draw, box: Box, text: str, *, fill: RGB, size: int = 22, bold: bool = False, ink: RGB = INK) -> None:
    draw.rectangle(box, fill=fill, outline=LINE, width=1)
    x0, y0, x1, y1 = box
    _text(draw, ((x0 + x1) // 2, (y0 + y1) // 2), text, size=size, fill=ink, bold=bold, anchor="mm", width=x1 - x0 - 10)


def _widths(draw: Draw, columns: Sequence[Sequence[str]], total: int, *, label_column: bool) -> list[int]:
    """Column widths filling ``total``: each column's widest text plus padding, the rest shared out
    (not to a label column, which stays as narrow as its labels)."""
    natural = [max(int(draw.textlength(t, font=_font(22))) for t in col) + 32 for col in columns]
    spare = total - sum(natural)
    if spare < 0:  # too wide: shrink every column alike (the text shrinks to fit)
        widths = [n * total // sum(natural) for n in natural]
    else:
        growing = len(natural) - 1 if label_column and len(natural) > 1 else len(natural)
        widths = [n + (spare // growing if c >= len(natural) - growing else 0) for c, n in enumerate(natural)]
    widths[-1] += total - sum(widths)
    return widths


def _table(
    draw: Draw, x: int, y: int, width: int, rows: list[list[str]], *, head_row: bool = True, head_col: bool = False
) -> int:
    """A ruled table with its first row and/or first column shaded as headings; returns the y below it."""
    widths = _widths(draw, list(zip(*rows, strict=True)), width, label_column=head_col)
    for r, row in enumerate(rows):
        left = x
        for c, text in enumerate(row):
            head = (head_row and r == 0) or (head_col and c == 0)
            _cell(
                draw,
                (left, y + r * ROW, left + widths[c], y + (r + 1) * ROW),
                text,
                fill=HEAD if head else CELL,
                bold=head,
            )
            left += widths[c]
    bottom = y + len(rows) * ROW
    draw.rectangle((x, y, x + width, bottom), outline=LINE, width=2)
    return bottom


def _pairs(draw: Draw, x: int, y: int, width: int, pairs: list[tuple[str, str]]) -> int:
    """Labels across a shaded top row, their values under them."""
    return _table(draw, x, y, width, [[label for label, _ in pairs], [value for _, value in pairs]])


def _band(draw: Draw, card: AnyCard | AnyDeepDriveCard, color: RGB) -> int:
    """The name, team and year across the top; returns the y below it."""
    top, bottom = 26, 126
    draw.rectangle((LEFT - 14, top, RIGHT + 14, bottom), fill=color)
    light: RGB = (240, 230, 204)
    _text(draw, (LEFT + 8, top + 36), card_name(card), size=42, fill=(255, 255, 255), bold=True, width=640)
    _text(draw, (LEFT + 8, top + 78), f"{card.year} {card.team}", size=26, fill=light, width=640)
    _text(draw, (RIGHT - 8, top + 36), f"{KIND_LABEL[type(card)]} CARD", size=22, fill=light, bold=True, anchor="rm")
    if card.handmade:
        _text(draw, (RIGHT - 8, top + 76), "hand-made", size=20, fill=light, anchor="rm")
    return bottom + GAP


def _fielding(card: Batter | Pitcher) -> list[tuple[str, str]]:
    """Each fielding line as (position, ratings): ("C", "5/2 (19) -2")."""
    pairs = []
    for line in card.positions:
        position, _, ratings = str(line).partition(" - ")
        pairs.append((position, ratings or "-"))
    return pairs


def _hit_ranges(draw: Draw, card: Batter | Ballpark, y: int) -> int:
    """The ? outcome lines (H?, or LH? and RH?), labels down the side."""
    rows = [list(row) for row in hit_range_rows(card)]
    return _table(draw, LEFT, y, RIGHT - LEFT, rows, head_row=False, head_col=True) + GAP


def _die(draw: Draw, box: Box, number: int, *, red: bool) -> None:
    """A die face showing ``number``: red with white figures across the top, white down the side."""
    x0, y0, x1, y1 = box
    cx, cy, half = (x0 + x1) // 2, (y0 + y1) // 2, min(x1 - x0, y1 - y0) // 2 - 8
    face, ink = (RED_DIE, (255, 255, 255)) if red else ((255, 255, 255), INK)
    draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=7, fill=face, outline=LINE, width=2)
    _text(draw, (cx, cy), str(number), size=24, fill=ink, bold=True, anchor="mm")


def _matrix(draw: Draw, y: int, cells: list[list[str]], outs: list[str] | None = None) -> int:
    """The 6x6 matrix (red die columns, white die rows), under the pitcher's ** line if given."""
    side = 72
    column = (RIGHT - LEFT - side) // 6
    right = LEFT + side + 6 * column
    if outs is not None:
        _cell(draw, (LEFT, y, LEFT + side, y + ROW), "**", fill=HEAD, bold=True)
        for c, out in enumerate(outs):
            _cell(draw, (LEFT + side + c * column, y, LEFT + side + (c + 1) * column, y + ROW), out, fill=CELL)
        draw.rectangle((LEFT, y, right, y + ROW), outline=LINE, width=2)
        y += ROW + 10
    header = 52
    draw.rectangle((LEFT, y, right, y + header), fill=HEAD, outline=LINE, width=1)
    draw.rectangle((LEFT, y, LEFT + side, y + header + 6 * MATRIX_ROW), fill=HEAD, outline=LINE, width=1)
    for n in range(6):
        x0 = LEFT + side + n * column
        _die(draw, (x0, y, x0 + column, y + header), n + 1, red=True)
        y0 = y + header + n * MATRIX_ROW
        _die(draw, (LEFT, y0, LEFT + side, y0 + MATRIX_ROW), n + 1, red=False)
    for r, row in enumerate(cells):
        for c, text in enumerate(row):
            x0, y0 = LEFT + side + c * column, y + header + r * MATRIX_ROW
            _cell(draw, (x0, y0, x0 + column, y0 + MATRIX_ROW), text, fill=CELL, size=28)
    bottom = y + header + 6 * MATRIX_ROW
    draw.rectangle((LEFT, y, right, bottom), outline=INK, width=3)
    return bottom + GAP


def _batter(draw: Draw, b: Batter, y: int) -> int:
    y = _pairs(draw, LEFT, y, RIGHT - LEFT, [("BATS", str(b.bats)), ("INJ", str(b.injury)), *_fielding(b)]) + GAP
    y = _hit_ranges(draw, b, y)
    y = _matrix(draw, y, cell_texts(b))
    ratings = [["", "K", "W", "HR"]] + [
        [hand, str(r.k), str(r.w), str(r.hr)] for hand, r in (("LHP", b.vs_lhp), ("RHP", b.vs_rhp))
    ]
    left = _table(draw, LEFT, y, 330, ratings, head_col=True)
    right = _pairs(draw, LEFT + 330 + GAP, y, RIGHT - LEFT - 330 - GAP, rating_pairs(b))
    return max(left, right) + GAP


def _pitcher(draw: Draw, p: Pitcher, y: int) -> int:
    facts = [("THROWS", str(p.throws)), ("INJ", str(p.injury)), ("HBP", f"{p.hbp:+d}"), *_fielding(p)]
    y = _pairs(draw, LEFT, y, RIGHT - LEFT, [*facts, *stamina_pairs(p)]) + GAP
    y = _matrix(draw, y, cell_texts(p), outs=[str(o) for o in p.outs])
    splits = [["", "LHB", "RHB"], *map(list, split_rows(p))]
    y = _table(draw, LEFT, y, RIGHT - LEFT, splits, head_col=True) + GAP
    return _pairs(draw, LEFT, y, RIGHT - LEFT, rating_pairs(p)) + GAP


def _ballpark(draw: Draw, park: Ballpark, y: int) -> int:
    y = _matrix(draw, _hit_ranges(draw, park, y), cell_texts(park))
    left = _pairs(draw, LEFT, y, 330, rating_pairs(park))  # the K, W and HR adjustments
    right = _pairs(draw, LEFT + 330 + GAP, y, RIGHT - LEFT - 330 - GAP, stat_pairs(park)) if park.stats else y
    return max(left, right) + GAP


def _stats(card: AnyCard) -> list[tuple[str, str]]:
    """The stat line across the foot of the card (a ballpark's is drawn beside its adjustments)."""
    if isinstance(card, Ballpark):
        return []
    pairs = stat_pairs(card)
    if isinstance(card, Pitcher) and card.stats and card.stats.home_runs is not None:
        pairs.append(("HR", str(card.stats.home_runs)))  # printed by the HR? ranges on the card
    return pairs


# --- Deep Drive (DDB "Cards") ------------------------------------------------------


def _mod_die(draw: Draw, box: Box, number: int) -> None:
    """A green mod die face showing ``number`` (the OUTS section is read by it)."""
    x0, y0, x1, y1 = box
    cx, cy, half = (x0 + x1) // 2, (y0 + y1) // 2, min(x1 - x0, y1 - y0) // 2 - 5
    draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=6, fill=MOD_DIE, outline=LINE, width=2)
    _text(draw, (cx, cy), str(number), size=20, fill=(255, 255, 255), bold=True, anchor="mm")


def _outs_column(draw: Draw, x: int, y: int, width: int, card: dd.Batter | dd.Pitcher) -> int:
    """The OUTS section: a green die face for each mod die 0-9 beside its out code."""
    _cell(draw, (x, y, x + width, y + ROW), "OUTS", fill=HEAD, bold=True)
    side = 56
    for mod, code in ddtext.outs_pairs(card):
        top = y + ROW * (int(mod) + 1)
        draw.rectangle((x, top, x + side, top + ROW), fill=HEAD, outline=LINE, width=1)
        _mod_die(draw, (x, top, x + side, top + ROW), int(mod))
        _cell(draw, (x + side, top, x + width, top + ROW), code, fill=CELL)
    bottom = y + ROW * 11
    draw.rectangle((x, y, x + width, bottom), outline=LINE, width=2)
    return bottom


def _deep_drive(draw: Draw, card: dd.Batter | dd.Pitcher | dd.Ballpark, y: int) -> int:
    """A Deep Drive card: positions and injury; the numbers column at the left with OUTS beside it;
    then a batter's DEEP DRIVE section, STEAL and RUN, or a pitcher's Usage, Endurance, WP, BK, PO."""
    if isinstance(card, dd.Ballpark):
        _text(draw, (LEFT, y + 20), "Its effects are read on the season handbook's ballpark chart.", size=22)
        return y + 40 + GAP
    hand = ("BATS", str(card.bats)) if isinstance(card, dd.Batter) else ("THROWS", str(card.throws))
    fielding = [(str(f.position.value), str(f).partition(" ")[2] or "-") for f in card.positions]
    y = _pairs(draw, LEFT, y, RIGHT - LEFT, [hand, ("INJ", card.injury), *fielding]) + GAP
    half = (RIGHT - LEFT - GAP) // 2
    numbers = [["NUMBERS", "RESULT"], *map(list, ddtext.number_rows(card))]
    left = _table(draw, LEFT, y, half, numbers)
    right = _outs_column(draw, LEFT + half + GAP, y, half, card)
    y = max(left, right) + GAP
    if isinstance(card, dd.Batter):
        deep = ddtext.deep_drive_rows(card)
        y = _table(draw, LEFT, y, RIGHT - LEFT, [["DEEP DRIVE", *(n for n, _ in deep)], ["", *(c for _, c in deep)]])
        y += GAP
    return _pairs(draw, LEFT, y, RIGHT - LEFT, ddtext.rating_pairs(card)) + GAP


def render_card_png(card: AnyCard | AnyDeepDriveCard) -> bytes:
    """The card as a PNG image, WIDTH pixels wide (a Deep Drive card laid out as its own cards are)."""
    image = Image.new("RGB", (WIDTH, 2000), PAPER)
    draw = ImageDraw.Draw(image)
    color = KIND_COLOR[type(card)]
    y = _band(draw, card, color)
    if isinstance(card, dd.Batter | dd.Pitcher | dd.Ballpark):
        y = _deep_drive(draw, card, y)
    elif isinstance(card, Batter):
        y = _batter(draw, card, y)
    elif isinstance(card, Pitcher):
        y = _pitcher(draw, card, y)
    else:
        y = _ballpark(draw, card, y)
    if stats := (ddtext.stat_pairs(card) if isinstance(card, dd.Batter | dd.Pitcher | dd.Ballpark) else _stats(card)):
        y = _pairs(draw, LEFT, y, RIGHT - LEFT, stats) + GAP
    _text(draw, (RIGHT, y + 4), card.id, size=16, fill=MUTED, anchor="rm")
    image = image.crop((0, 0, WIDTH, y + 30))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, image.height - 1), outline=color, width=10)
    draw.rectangle((16, 16, WIDTH - 17, image.height - 17), outline=color, width=2)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
