"""A card as a PNG picture, laid out like the printed card (for /card show).

The picture follows the printed cards: the name and team in a band across the top, then the
card's sections as its ruleset lays them out (``cards.text.picture``: pairs, tables, the 6x6
matrix read with the red die across the top and the white die down the side, a column of mod
dice, a note), each drawn here without knowing the ruleset.
Drawing uses only Pillow's built-in font, so the same card always gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from cards.models import Card
from cards.text import Matrix, ModDice, Note, Pairs, Section, Table, card_name, picture

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
KIND_COLOR: dict[str, RGB] = {"batter": (27, 58, 108), "pitcher": (122, 26, 34), "ballpark": (29, 88, 52)}
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


def _band(draw: Draw, card: Card, color: RGB) -> int:
    """The name, team and year across the top; returns the y below it."""
    top, bottom = 26, 126
    draw.rectangle((LEFT - 14, top, RIGHT + 14, bottom), fill=color)
    light: RGB = (240, 230, 204)
    _text(draw, (LEFT + 8, top + 36), card_name(card), size=42, fill=(255, 255, 255), bold=True, width=640)
    _text(draw, (LEFT + 8, top + 78), f"{card.year} {card.team}", size=26, fill=light, width=640)
    _text(draw, (RIGHT - 8, top + 36), f"{card.kind.upper()} CARD", size=22, fill=light, bold=True, anchor="rm")
    if card.handmade:
        _text(draw, (RIGHT - 8, top + 76), "hand-made", size=20, fill=light, anchor="rm")
    return bottom + GAP


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
    return bottom


def _mod_die(draw: Draw, box: Box, number: int) -> None:
    """A green mod die face showing ``number`` (the OUTS section is read by it)."""
    x0, y0, x1, y1 = box
    cx, cy, half = (x0 + x1) // 2, (y0 + y1) // 2, min(x1 - x0, y1 - y0) // 2 - 5
    draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=6, fill=MOD_DIE, outline=LINE, width=2)
    _text(draw, (cx, cy), str(number), size=20, fill=(255, 255, 255), bold=True, anchor="mm")


def _mod_dice(draw: Draw, x: int, y: int, width: int, column: ModDice) -> int:
    """A column under its title: a green die face for each mod die beside its reading (Deep Drive's OUTS)."""
    _cell(draw, (x, y, x + width, y + ROW), column.title, fill=HEAD, bold=True)
    side = 56
    for mod, code in column.rows:
        top = y + ROW * (int(mod) + 1)
        draw.rectangle((x, top, x + side, top + ROW), fill=HEAD, outline=LINE, width=1)
        _mod_die(draw, (x, top, x + side, top + ROW), int(mod))
        _cell(draw, (x + side, top, x + width, top + ROW), code, fill=CELL)
    bottom = y + ROW * 11
    draw.rectangle((x, y, x + width, bottom), outline=LINE, width=2)
    return bottom


def _section(draw: Draw, x: int, y: int, width: int, section: Section) -> int:
    """One section of a card's picture at ``y``, ``width`` pixels wide; returns the y below it."""
    if isinstance(section, Pairs):
        return _pairs(draw, x, y, width, section.pairs)
    if isinstance(section, Table):
        return _table(draw, x, y, width, section.rows, head_row=section.head_row, head_col=section.head_col)
    if isinstance(section, ModDice):
        return _mod_dice(draw, x, y, width, section)
    if isinstance(section, Matrix):
        return _matrix(draw, y, section.cells, section.outs)
    if isinstance(section, Note):
        _text(draw, (x, y + 20), section.text, size=22)
        return y + 40
    # Beside: a narrow left one (a batter's K/W/HR, a ballpark's adjustments) or two halves
    left_width = 330 if section.narrow else (width - GAP) // 2
    right_width = width - left_width - GAP if section.narrow else left_width
    left = _section(draw, x, y, left_width, section.left)
    if section.right is None:
        return left
    return max(left, _section(draw, x + left_width + GAP, y, right_width, section.right))


def render_card_png(card: Card) -> bytes:
    """The card as a PNG image, WIDTH pixels wide, laid out as its ruleset's cards are."""
    image = Image.new("RGB", (WIDTH, 2000), PAPER)
    draw = ImageDraw.Draw(image)
    color = KIND_COLOR[card.kind]
    y = _band(draw, card, color)
    for section in picture(card):
        y = _section(draw, LEFT, y, RIGHT - LEFT, section) + GAP
    _text(draw, (RIGHT, y + 4), card.id, size=16, fill=MUTED, anchor="rm")
    image = image.crop((0, 0, WIDTH, y + 30))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, image.height - 1), outline=color, width=10)
    draw.rectangle((16, 16, WIDTH - 17, image.height - 17), outline=color, width=2)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
