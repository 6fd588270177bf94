"""The league's pages as text: leaders, a team's page and a player's page (issue 14).

The same text in Discord (``/stats leaders``, ``/stats team``, ``/stats player``, as embeds)
and at the terminal (``dugout leaders``, ``dugout team``, ``dugout player``). The tables'
columns and stat names are also the /stats tables' (bot.discord.cogs.reports).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cards.models import is_composite
from engine.stats import average, innings_pitched
from league.models import PlayerPage, SeasonLine, TeamPage
from league.stats import RATE_STATS, BattingStats, PitchingStats

LEADER_NAMES = {
    "avg": "Batting average (AVG)",
    "obp": "On-base percentage (OBP)",
    "slg": "Slugging percentage (SLG)",
    "ops": "On-base plus slugging (OPS)",
    "h": "Hits (H)",
    "doubles": "Doubles (2B)",
    "triples": "Triples (3B)",
    "hr": "Home runs (HR)",
    "rbi": "Runs batted in (RBI)",
    "r": "Runs scored (R)",
    "bb": "Walks (BB)",
    "sb": "Stolen bases (SB)",
    "tb": "Total bases (TB)",
    "era": "Earned run average (ERA)",
    "whip": "Walks and hits per inning (WHIP)",
    "w": "Wins (W)",
    "s": "Saves (S)",
    "hld": "Holds (HLD)",
    "so": "Strikeouts, pitching (SO)",
    "ip": "Innings pitched (IP)",
    "outs": "Innings pitched (IP)",
    "l": "Losses (L)",
    "k9": "Strikeouts per nine innings (K/9)",
    "k": "Strikeouts, batting (K)",
    "cg": "Complete games (CG)",
    "sho": "Shutouts (SHO)",
}


def leader_name(stat: str) -> str:
    return LEADER_NAMES.get(stat, stat.upper())


# --- text tables ------------------------------------------------------------------------


def per_nine(value: float) -> str:
    return "-.--" if math.isinf(value) else f"{value:.2f}"


def stat_value(stat: str, value: float) -> str:
    if stat in ("era", "whip", "k9"):
        return per_nine(value)
    if stat in RATE_STATS:
        return average(value)
    if stat in ("ip", "outs"):
        return innings_pitched(int(value))
    return str(int(value))


BATTING_LABELS = ("G", "PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "K", "SB", "AVG", "OBP", "SLG", "OPS")
_PITCHER_GAMES = ("G", "GS", "CG", "SHO", "W", "L", "S", "HLD", "BS")  # his games and what they came to
PITCHING_LABELS = (*_PITCHER_GAMES, "IP", "H", "R", "ER", "BB", "K", "HR", "ERA", "WHIP")


# The stats a leaders board shows when no one stat is asked for, five names each.
BOARD = ("avg", "hr", "rbi", "ops", "sb", "era", "w", "so", "s", "whip")
BOARD_LIMIT = 5
# A generated set's composite card (the innings or at bats of the men its roster had no place for), as pages name it.
COMPOSITE = " (composite)"


def batting_cells(b: BattingStats) -> list[str]:
    counts = (b.games, b.pa, b.ab, b.r, b.h, b.doubles, b.triples, b.hr, b.rbi, b.bb, b.k, b.sb)
    return [str(c) for c in counts] + [average(b.avg), average(b.obp), average(b.slg), average(b.ops)]


def pitching_cells(p: PitchingStats) -> list[str]:
    counts = (p.games, p.games_started, p.cg, p.sho, p.w, p.l, p.s, p.hld, p.bs)
    return (
        [str(c) for c in counts]
        + [p.ip]
        + [str(c) for c in (p.h, p.r, p.er, p.bb, p.k, p.hr)]
        + [
            per_nine(p.era),
            per_nine(p.whip),
        ]
    )


def named_table(labels: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]]) -> str:
    """Rows of (name, cells) under their labels: each column as wide as its widest cell, totals included,
    with a space before it; the names in a column as wide as the longest."""
    width = max([len(name) for name, _ in rows] + [6])
    columns = [max([len(label)] + [len(cells[i]) for _, cells in rows]) + 1 for i, label in enumerate(labels)]
    lines = [f"{'':<{width}}" + "".join(f"{label:>{w}}" for label, w in zip(labels, columns, strict=True))]
    lines += [
        f"{name:<{width}}" + "".join(f"{cell:>{w}}" for cell, w in zip(cells, columns, strict=True))
        for name, cells in rows
    ]
    return "\n".join(lines)


def leader_lines(
    stat: str, best: Sequence[tuple[str, float | int]], names: Mapping[str, str], teams: Mapping[str, str]
) -> list[str]:
    """``1. Rudy Kasprzak (HC) **.341**`` for each leader, best first."""
    return [
        f"{n}. {names.get(card_id, card_id)} ({teams.get(card_id, '?')}) **{stat_value(stat, value)}**"
        for n, (card_id, value) in enumerate(best, start=1)
    ]


def leaders_text(
    board: Mapping[str, Sequence[tuple[str, float | int]]], names: Mapping[str, str], teams: Mapping[str, str]
) -> str:
    """Every stat's leaders under its name, for the terminal (Markdown's ** left out)."""
    blocks = []
    for stat, best in board.items():
        lines = [line.replace("**", "") for line in leader_lines(stat, best, names, teams)] or ["nobody yet"]
        blocks.append("\n".join([leader_name(stat), *(f"  {line}" for line in lines)]))
    return "\n\n".join(blocks)


def _label(line: SeasonLine, seasons: int) -> str:
    label = line.team if line.phase == "regular" else f"{line.team} post"
    return f"{line.season} {label}" if seasons > 1 else label


def player_batting_table(page: PlayerPage) -> str | None:
    seasons = len({line.season for line in page.lines})
    rows = [(_label(line, seasons), batting_cells(line.batting)) for line in page.lines if line.batting]
    return named_table(BATTING_LABELS, rows) if rows else None


def player_pitching_table(page: PlayerPage) -> str | None:
    seasons = len({line.season for line in page.lines})
    rows = [(_label(line, seasons), pitching_cells(line.pitching)) for line in page.lines if line.pitching]
    return named_table(PITCHING_LABELS, rows) if rows else None


def player_fielding_lines(page: PlayerPage) -> list[str]:
    seasons = len({line.season for line in page.lines})
    out = []
    for line in page.lines:
        if line.fielding is not None:
            positions = ", ".join(f"{p} {g}" for p, g in sorted(line.fielding.positions.items(), key=lambda x: -x[1]))
            out.append(f"{_label(line, seasons)}: {line.fielding.games} G, {line.fielding.e} E ({positions})")
    return out


def player_text(page: PlayerPage, title: str) -> str:
    parts = [title]
    batting, pitching, fielding = player_batting_table(page), player_pitching_table(page), player_fielding_lines(page)
    if batting:
        parts.append("Batting\n" + batting)
    if pitching:
        parts.append("Pitching\n" + pitching)
    if fielding:
        parts.append("Fielding\n" + "\n".join(fielding))
    if len(parts) == 1:
        parts.append("He has not played in a final game.")
    return "\n\n".join(parts)


def team_record(page: TeamPage) -> str:
    games = page.w + page.l
    pct = average(page.w / games) if games else ".000"
    return (
        f"{page.w}-{page.l} ({pct}), runs {page.runs_for}-{page.runs_against}, "
        f"streak {page.streak}, last ten {page.last_ten}"
    )


def splits_table(page: TeamPage) -> str:
    width = max(len(s.name) for s in page.splits)
    lines = [f"{'':<{width}}{'W':>4}{'L':>4}{'PCT':>6}"]
    lines += [f"{s.name:<{width}}{s.w:>4}{s.l:>4}{average(s.pct):>6}" for s in page.splits]
    return "\n".join(lines)


def shown_name(card_id: str, name: str) -> str:
    """A player's name on a page, a composite card's marked so that nobody takes it for one man."""
    return name + COMPOSITE if is_composite(card_id) else name


def team_batting_table(page: TeamPage) -> str:
    batted = [r for r in page.roster if r.batting is not None]
    order = [r for r in batted if r.kind == "batter"] + [r for r in batted if r.kind == "pitcher"]
    rows = [(shown_name(r.card_id, r.name), batting_cells(r.batting)) for r in order if r.batting is not None]
    rows.append(("Totals", batting_cells(page.batting)))
    return named_table(BATTING_LABELS, rows)


def team_pitching_table(page: TeamPage) -> str:
    rows = [(shown_name(r.card_id, r.name), pitching_cells(r.pitching)) for r in page.roster if r.pitching is not None]
    rows.append(("Totals", pitching_cells(page.pitching)))
    return named_table(PITCHING_LABELS, rows)


def unplayed(page: TeamPage) -> list[str]:
    """Roster players without a line this season."""
    return [r.name for r in page.roster if r.batting is None and r.pitching is None]


def team_text(page: TeamPage) -> str:
    parts = [
        f"{page.team.name}: season {page.season}\n{team_record(page)}",
        "Splits\n" + splits_table(page),
        "Batting\n" + team_batting_table(page),
        "Pitching\n" + team_pitching_table(page),
    ]
    idle = unplayed(page)
    if idle:
        parts.append("No games yet: " + ", ".join(idle))
    return "\n\n".join(parts)
