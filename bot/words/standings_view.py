"""The standings as a reader sees them, in Discord and at the terminal: three views of the same tables.

- ``division``: each league (AL, NL; or the one league), then its divisions, each W L PCT GB,
  run differential, streak and last ten; a league without divisions is one table;
- ``wildcard``: each league's division winners, then its wild-card race with WC GB ("+2.0" for
  a team holding a wild card, by as much as it leads the first team out; a rule under the last
  team in);
- ``overall``: every team in one table.

Each view is a list of :class:`Section` (a heading and rows of cells), drawn as text tables
(``section_text``) or as a picture (``render_standings_png``), so both always agree.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from engine.stats import average  # .312 the scorer's way; 1.000 keeps its leading digit
from league.standings import LeagueStandings, StandingsRow, WildCardRow

VIEWS = ("division", "wildcard", "overall")
VIEW_NAMES = {
    "division": "by division",
    "wildcard": "wild card",
    "overall": "the whole league",
}
HEAD = ("W", "L", "PCT", "GB", "RD", "STRK", "L10")
WC_HEAD = ("W", "L", "PCT", "WC GB", "RD", "STRK", "L10")
RULE = "cut"  # a row that is the line under the last team holding a wild card
PICTURE_TEAMS = 10  # a league with more teams gets the standings as a picture as well


@dataclass(frozen=True)
class Section:
    title: str
    head: tuple[str, ...]
    rows: list[tuple[str, ...]]  # team, then one cell per head column; (RULE,) for the wild-card line


def games_text(gb: float) -> str:
    """Games behind: "-" for none, else one decimal."""
    return "-" if gb == 0 else f"{gb:.1f}"


def wild_card_text(wc_gb: float) -> str:
    """WC GB: "+2.0" ahead of the first team out, "-" level, "1.5" behind the last team in."""
    if wc_gb < 0:
        return f"+{-wc_gb:.1f}"
    return games_text(wc_gb)


def cells(row: StandingsRow, games: str) -> tuple[str, ...]:
    return (
        row.team,
        str(row.w),
        str(row.l),
        average(row.pct),
        games,
        f"{row.run_differential:+d}",
        row.streak,
        row.last_ten,
    )


def table_rows(rows: Sequence[StandingsRow]) -> list[tuple[str, ...]]:
    return [cells(row, games_text(row.gb)) for row in rows]


def wild_card_rows(rows: Sequence[WildCardRow]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for number, entry in enumerate(rows):
        if number and rows[number - 1].has_wild_card and not entry.has_wild_card:
            out.append((RULE,))
        out.append(cells(entry.row, wild_card_text(entry.wc_gb)))
    return out


def league_title(league: LeagueStandings) -> str:
    return league.name or "League"


def sections(view: str, leagues: Sequence[LeagueStandings], overall: Sequence[StandingsRow]) -> list[Section]:
    """The view's tables, in the order they are shown."""
    if view == "overall":
        return [Section("All teams" if len(leagues) > 1 else "League", HEAD, table_rows(overall))]
    shown: list[Section] = []
    for league in leagues:
        title = league_title(league)
        if view == "wildcard":
            if league.division_winners:
                winners = [cells(row, "-") for row in league.division_winners]
                shown.append(Section(f"{title} division leaders", HEAD, winners))
            shown.append(Section(f"{title} wild card", WC_HEAD, wild_card_rows(league.wild_card)))
        elif league.divisions:
            shown += [Section(name, HEAD, table_rows(rows)) for name, rows in league.divisions.items()]
        else:
            shown.append(Section(title, HEAD, table_rows(league.table)))
    return shown


def section_text(section: Section) -> str:
    """A section as a fixed-width text table (team names left, figures right)."""
    width = max([len(r[0]) for r in section.rows if r[0] != RULE] + [3]) + 1
    widths = [max(len(h), *(len(r[c + 1]) for r in section.rows if r[0] != RULE)) for c, h in enumerate(section.head)]
    widths = [max(w, 3) + 1 if h not in ("STRK", "L10") else w for w, h in zip(widths, section.head, strict=True)]

    def line(team: str, values: Sequence[str]) -> str:
        text = f"{team:<{width}}"
        for value, head, size in zip(values, section.head, widths, strict=True):
            text += f" {value:<{size}}" if head in ("STRK", "L10") else f"{value:>{size}}"
        return text.rstrip()

    lines = [line("", section.head)]
    for row in section.rows:
        lines.append("-" * len(lines[0]) if row[0] == RULE else line(row[0], row[1:]))
    return "\n".join(lines)


def team_count(leagues: Sequence[LeagueStandings]) -> int:
    return sum(len(league.table) for league in leagues)


# --- the picture -----------------------------------------------------------------------------


def render_standings_png(title: str, shown: Sequence[Section]) -> bytes:
    """The sections as ruled tables under a title band, drawn with bot.words.cardimage's fonts and table."""
    from PIL import Image, ImageDraw

    from bot.words.cardimage import GAP, INK, LEFT, LINE, PAPER, RIGHT, ROW, WIDTH, _table, _text

    height = 130 + sum(ROW * (1 + len(s.rows)) + 44 + GAP for s in shown)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    band = (27, 58, 108)
    draw.rectangle((LEFT - 14, 20, RIGHT + 14, 90), fill=band)
    _text(draw, (LEFT + 8, 55), title, size=34, fill=(255, 255, 255), bold=True, width=RIGHT - LEFT - 16)
    y = 110
    for section in shown:
        _text(draw, (LEFT, y + 18), section.title, size=26, fill=INK, bold=True)
        y += 44
        rows = [["", *section.head]]
        rules = []
        for row in section.rows:
            if row[0] == RULE:
                rules.append(len(rows))
            else:
                rows.append(list(row))
        bottom = _table(draw, LEFT, y, RIGHT - LEFT, rows)
        for at in rules:  # the wild-card line, thick, under the last team in
            draw.line((LEFT, y + at * ROW, RIGHT, y + at * ROW), fill=LINE, width=5)
        y = bottom + GAP
    image = image.crop((0, 0, WIDTH, y + 10))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
