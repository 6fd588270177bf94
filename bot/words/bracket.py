"""The playoff bracket in words (Discord embeds, the terminal) and as a picture (Pillow).

Rounds not yet made are shown by name, waiting for the round before; a series shows its
seeds, the games each side has won and, when it is over, who won it.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from PIL import Image, ImageDraw

from bot.words.cardimage import HEAD, INK, LINE, MUTED, PAPER, _font
from league.models import Playoffs, PlayoffSeries, Team
from league.playoffs import ONE_LEAGUE


def _name(team_id: int, teams: Mapping[int, Team], seeds: Mapping[int, int]) -> str:
    team = teams.get(team_id)
    key = team.abbreviation if team else f"#{team_id}"
    return f"({seeds[team_id]}) {key}" if team_id in seeds else key


def series_line(series: PlayoffSeries, teams: Mapping[int, Team], seeds: Mapping[int, int]) -> str:
    """One series: "(1) HC 3-1 (4) MW, HC wins" or "… HC leads 2-1" or "… game 1 next"."""
    high, low = _name(series.high_team_id, teams, seeds), _name(series.low_team_id, teams, seeds)
    score = f"{high} {series.high_wins}-{series.low_wins} {low}"
    best_of = f"best of {series.best_of}"
    if series.winner_team_id is not None:
        return f"{score} ({best_of}): {teams[series.winner_team_id].abbreviation} wins"
    if series.high_wins == series.low_wins:
        state = "tied" if series.high_wins else "game 1 next"
    else:
        leader = series.high_team_id if series.high_wins > series.low_wins else series.low_team_id
        state = f"{teams[leader].abbreviation} leads"
    return f"{score} ({best_of}): {state}"


def bracket_rounds(playoffs: Playoffs, teams: Mapping[int, Team]) -> list[tuple[str, list[str]]]:
    """(round name, its lines) for every round of the format, the byes with the first round."""
    seeds = {s.team_id: s.seed for s in playoffs.seeds}
    fmt = playoffs.format
    out: list[tuple[str, list[str]]] = []
    for number in range(1, len(fmt.rounds) + 1):
        name = f"{fmt.round_name(number)} (best of {fmt.rounds[number - 1].best_of})"
        series = [s for s in playoffs.series if s.round == number]
        lines = []
        for s in series:
            where = f"{s.bracket}: " if s.bracket != ONE_LEAGUE else ""
            lines.append(where + series_line(s, teams, seeds))
        if number == 1 and fmt.byes:
            for bracket in dict.fromkeys(s.bracket for s in playoffs.seeds):
                byes = [s for s in playoffs.seeds if s.bracket == bracket and s.seed <= fmt.byes]
                where = f"{bracket} " if bracket != ONE_LEAGUE else ""
                lines.append(f"{where}byes: " + ", ".join(_name(s.team_id, teams, seeds) for s in byes))
        if not series:
            lines.append("waits for the round before")
        out.append((name, lines))
    return out


def champion_line(playoffs: Playoffs, teams: Mapping[int, Team]) -> str:
    if playoffs.champion_team_id is None:
        return f"Season {playoffs.season} playoffs, from day {playoffs.started_day}: no champion yet"
    champion = teams[playoffs.champion_team_id]
    return f"Season {playoffs.season} champions: {champion.name} ({champion.abbreviation})"


def bracket_text(playoffs: Playoffs, teams: Mapping[int, Team]) -> str:
    """The whole bracket as plain text, for the terminal."""
    lines = [champion_line(playoffs, teams), f"Format: {playoffs.format.describe()}"]
    for name, rows in bracket_rounds(playoffs, teams):
        lines += ["", name, *(f"  {row}" for row in rows)]
    return "\n".join(lines)


# --- the picture ----------------------------------------------------------------------------

COLUMN = 300
BOX_H = 64
PAD = 24
TITLE = 56


def render_bracket_png(playoffs: Playoffs, teams: Mapping[int, Team]) -> bytes:
    """The bracket as columns of series boxes, one column a round, winners in bold."""
    seeds = {s.team_id: s.seed for s in playoffs.seeds}
    fmt = playoffs.format
    rounds = len(fmt.rounds)
    tallest = max([sum(1 for s in playoffs.series if s.round == r) for r in range(1, rounds + 1)] + [1])
    width = PAD + rounds * (COLUMN + PAD)
    height = TITLE + PAD + 40 + tallest * (BOX_H + PAD) + PAD
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD), champion_line(playoffs, teams), font=_font(24), fill=INK)
    for number in range(1, rounds + 1):
        x = PAD + (number - 1) * (COLUMN + PAD)
        y = TITLE + PAD
        draw.text((x, y), fmt.round_name(number), font=_font(20), fill=INK)
        y += 40
        series = [s for s in playoffs.series if s.round == number]
        if not series:
            draw.text((x, y), "to be decided", font=_font(18), fill=MUTED)
        for s in series:
            draw.rectangle((x, y, x + COLUMN, y + BOX_H), fill=HEAD, outline=LINE, width=2)
            for i, (team_id, wins) in enumerate(((s.high_team_id, s.high_wins), (s.low_team_id, s.low_wins))):
                won = s.winner_team_id == team_id
                ty = y + 8 + i * 28
                fill = INK if s.winner_team_id in (None, team_id) else MUTED
                label = (f"{s.bracket} " if s.bracket else "") + _name(team_id, teams, seeds)
                bold = 1 if won else 0
                draw.text((x + 10, ty), label, font=_font(20), fill=fill, stroke_width=bold, stroke_fill=fill)
                draw.text((x + COLUMN - 30, ty), str(wins), font=_font(20), fill=fill)
            y += BOX_H + PAD
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
