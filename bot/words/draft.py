"""The draft's words and picture, the same in Discord and at the terminal: a pick's line, where the draft
stands, the board as text and as a picture (drawn with bot.words.cardimage's fonts and cells)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from cards.text import roster_line
from league.cardpool import CardPool
from league.draft import Draft, Pick, clock_text, slot
from league.models import Team

BY_WORDS = {"manager": "", "commissioner": " (by a commissioner)", "queue": " (from the queue)", "auto": " (auto)"}


def player_text(pool: CardPool, card_id: str) -> str:
    """A player as the roster shows him: "Johnny Bench: C, bats R"."""
    card = pool.card(card_id)
    return f"{card.name}: {roster_line(card)}"


def pick_line(pick: Pick, teams: Mapping[int, Team], pool: CardPool) -> str:
    """ "Pick 3 (round 1): Harbor City take Johnny Bench: C, bats R (auto)"."""
    team = teams[pick.team_id]
    return (
        f"Pick {pick.number} (round {pick.round}): {team.name} take {player_text(pool, pick.card_id)}"
        + (BY_WORDS[pick.made_by])
    )


def status_line(league: str, draft: Draft, teams: Mapping[int, Team], now: float) -> str:
    """Where the draft stands, in one line."""
    if draft.state == "done":
        return f"{league}'s draft is over: {draft.made} picks in {draft.rounds} rounds."
    if draft.state == "setup":
        order = ", ".join(teams[t].abbreviation for t in draft.order)
        return (
            f"{league}'s draft is set up: {draft.style}, {draft.rounds} rounds, {clock_text(draft.clock)} a pick; "
            f"order {order}. A commissioner starts it."
        )
    number, team_id = draft.number, draft.on_clock
    assert number is not None and team_id is not None
    round_ = slot(draft.order, draft.style, number)[0]
    left = clock_text(draft.time_left(now) or 0)
    team = teams[team_id]
    auto = " (on auto)" if team_id in draft.auto else ""
    if draft.state == "paused":
        return f"{league}'s draft is paused at pick {number} (round {round_}): {team.name}{auto} will have {left}."
    return f"Pick {number} of {draft.total} (round {round_}): {team.name}{auto} is on the clock, {left} left."


def board_text(draft: Draft, picks: Sequence[Pick], teams: Mapping[int, Team], pool: CardPool) -> str:
    """Every pick by round, one line each."""
    lines: list[str] = []
    for pick in picks:
        if pick.number == 1 or (pick.number - 1) % len(draft.order) == 0:
            lines.append(f"Round {pick.round}")
        lines.append(f"  {pick.number:>3}. {teams[pick.team_id].abbreviation:<5} {player_text(pool, pick.card_id)}")
    return "\n".join(lines) or "No picks yet."


def queue_text(team: Team, card_ids: Sequence[str], pool: CardPool) -> str:
    if not card_ids:
        return f"{team.name}'s queue is empty."
    lines = [f"{n}. {player_text(pool, c)}" for n, c in enumerate(card_ids, start=1)]
    return f"{team.name}'s queue:\n" + "\n".join(lines)


# --- the picture ------------------------------------------------------------------------------

CELL_WIDTH = 150
LABEL_WIDTH = 90


def render_board_png(
    title: str, draft: Draft, picks: Sequence[Pick], teams: Mapping[int, Team], pool: CardPool
) -> bytes:
    """The board: a column per team in the draft's order, a row per round, each pick's player in his cell
    (the pick on the clock shaded)."""
    from PIL import Image, ImageDraw

    from bot.words.cardimage import HEAD, INK, LEFT, PAPER, ROW, _cell, _text

    by_slot = {(p.round, p.team_id): p for p in picks}
    width = 2 * LEFT + LABEL_WIDTH + CELL_WIDTH * len(draft.order)
    height = 110 + ROW * (draft.rounds + 1) + 30
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((LEFT - 14, 20, width - LEFT + 14, 90), fill=(27, 58, 108))
    _text(draw, (LEFT + 8, 55), title, size=34, fill=(255, 255, 255), bold=True, width=width - 2 * LEFT - 16)
    y = 110
    _cell(draw, (LEFT, y, LEFT + LABEL_WIDTH, y + ROW), "Round", fill=HEAD, bold=True)
    for column, team_id in enumerate(draft.order):
        x = LEFT + LABEL_WIDTH + column * CELL_WIDTH
        _cell(draw, (x, y, x + CELL_WIDTH, y + ROW), teams[team_id].abbreviation, fill=HEAD, bold=True)
    on_clock = slot(draft.order, draft.style, draft.number) if draft.number is not None else None
    for round_ in range(1, draft.rounds + 1):
        top = y + round_ * ROW
        _cell(draw, (LEFT, top, LEFT + LABEL_WIDTH, top + ROW), str(round_), fill=HEAD, bold=True)
        for column, team_id in enumerate(draft.order):
            x = LEFT + LABEL_WIDTH + column * CELL_WIDTH
            pick = by_slot.get((round_, team_id))
            text = pool.name(pick.card_id) if pick is not None else ""
            shade = (255, 224, 130) if on_clock == (round_, team_id) else (255, 252, 243)
            _cell(draw, (x, top, x + CELL_WIDTH, top + ROW), text, fill=shade, size=18, ink=INK)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
