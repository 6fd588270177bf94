"""The league's pages as text: leaders, a team's page and a player's page (issue 14).

The same text in Discord (``/stats leaders``, ``/stats team``, ``/stats player``, as embeds)
and at the terminal (``dugout leaders``, ``dugout team``, ``dugout player``). The tables'
columns and stat names are also the /stats tables' (bot.cogs.reports).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from bot.standings_view import average
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
    "outs": "Innings pitched (IP)",
}


def leader_name(stat: str) -> str:
    return LEADER_NAMES.get(stat, stat.upper())


# --- text tables ------------------------------------------------------------------------


def per_nine(value: float) -> str:
    return "-.--" if math.isinf(value) else f"{value:.2f}"


def stat_value(stat: str, value: float) -> str:
    if stat in ("era", "whip"):
        return per_nine(value)
    if stat in RATE_STATS:
        return average(value)
    if stat == "outs":
        return f"{int(value) // 3}.{int(value) % 3}"
    return str(int(value))


BATTING_HEAD = f"{'G':>3}{'PA':>4}{'AB':>4}{'R':>4}{'H':>4}{'2B':>4}{'3B':>4}{'HR':>4}{'RBI':>4}{'BB':>4}{'K':>4}"
BATTING_RATES = f"{'SB':>4}{'AVG':>6}{'OBP':>6}{'SLG':>6}{'OPS':>6}"
PITCHING_HEAD = (
    f"{'G':>3}{'GS':>4}{'W':>3}{'L':>3}{'S':>3}{'HLD':>4}{'BS':>3}{'IP':>6}"
    f"{'H':>4}{'R':>4}{'ER':>4}{'BB':>4}{'K':>4}{'HR':>4}"
)


# The stats a leaders board shows when no one stat is asked for, five names each.
BOARD = ("avg", "hr", "rbi", "ops", "sb", "era", "w", "so", "s", "whip")
BOARD_LIMIT = 5
PITCHING_TABLE_HEAD = f"{PITCHING_HEAD}{'ERA':>6}{'WHIP':>6}"


def _column(value: object, width: int) -> str:
    """A value right-aligned in its column, with a space before it however long it is (a season's totals)."""
    text = str(value)
    return f"{text:>{max(width, len(text) + 1)}}"


def batting_row(b: BattingStats) -> str:
    counts = (b.games, b.pa, b.ab, b.r, b.h, b.doubles, b.triples, b.hr, b.rbi, b.bb, b.k)
    return (
        _column(counts[0], 3)
        + "".join(_column(c, 4) for c in counts[1:])
        + f"{b.sb:>4}{average(b.avg):>6}{average(b.obp):>6}{average(b.slg):>6}{average(b.ops):>6}"
    )


def pitching_row(p: PitchingStats) -> str:
    widths = ((p.games, 3), (p.games_started, 4), (p.w, 3), (p.l, 3), (p.s, 3), (p.hld, 4), (p.bs, 3), (p.ip, 6))
    return (
        "".join(_column(value, width) for value, width in widths)
        + "".join(_column(c, 4) for c in (p.h, p.r, p.er, p.bb, p.k, p.hr))
        + f"{per_nine(p.era):>6}{per_nine(p.whip):>6}"
    )


def named_table(head: str, rows: Sequence[tuple[str, str]]) -> str:
    """Rows of (name, stat columns) under a header, names in a column as wide as the longest."""
    width = max([len(name) for name, _ in rows] + [6])
    return "\n".join([f"{'':<{width}}{head}", *(f"{name:<{width}}{stats}" for name, stats in rows)])


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
    rows = [(_label(line, seasons), batting_row(line.batting)) for line in page.lines if line.batting]
    return named_table(BATTING_HEAD + BATTING_RATES, rows) if rows else None


def player_pitching_table(page: PlayerPage) -> str | None:
    seasons = len({line.season for line in page.lines})
    rows = [(_label(line, seasons), pitching_row(line.pitching)) for line in page.lines if line.pitching]
    return named_table(PITCHING_TABLE_HEAD, rows) if rows else None


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


def team_batting_table(page: TeamPage) -> str:
    rows = [(r.name, batting_row(r.batting)) for r in page.roster if r.batting is not None and r.kind == "batter"]
    rows += [(r.name, batting_row(r.batting)) for r in page.roster if r.batting is not None and r.kind == "pitcher"]
    rows.append(("Totals", batting_row(page.batting)))
    return named_table(BATTING_HEAD + BATTING_RATES, rows)


def team_pitching_table(page: TeamPage) -> str:
    rows = [(r.name, pitching_row(r.pitching)) for r in page.roster if r.pitching is not None]
    rows.append(("Totals", pitching_row(page.pitching)))
    return named_table(PITCHING_TABLE_HEAD, rows)


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
