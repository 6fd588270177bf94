"""A league's history and awards as text (issue 28): the same words in Discord (``/history``, the awards'
announcement) and at the terminal (``dugout history``, ``dugout sim`` at a season's end)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.words.errors import UserError
from bot.words.pages import BATTING_LABELS, PITCHING_LABELS, batting_cells, leader_name, named_table, pitching_cells
from bot.words.pages import stat_value as _stat_value
from engine.stats import average
from league import history
from league.awards import SeasonAward
from league.history import Leader, PlayerSeason, SeasonRecord, SeasonSummary, TeamSeason
from league.models import League
from league.stats import LEADER_STATS

if TYPE_CHECKING:
    from league.store import Store

VIEWS = ("champions", "awards", "standings", "leaders", "career")
VIEW_NAMES = {
    "champions": "every season's champion, best record and awards",
    "awards": "every season's award winners",
    "standings": "a season's final standings (every season's without --season)",
    "leaders": "the best single seasons in the main stats (or one)",
    "career": "the career leaders in the main stats (or one)",
}


def record_text(r: SeasonRecord) -> str:
    return f"{r.name} ({r.w}-{r.l}, {average(r.pct)})"


def award_line(a: SeasonAward) -> str:
    """ "AL Most Valuable Player: Rudy Kasprzak (HC), 41.3 runs; real: Mike Trout" """
    team = f" ({a.team})" if a.team else ""
    real = f"; real: {a.real_name}" if a.real_name else ""
    return f"{a.title}: {a.name}{team}, {a.score:.1f}{real}"


def awards_announcement(league_name: str, awards: Sequence[SeasonAward]) -> str:
    """The league channel's (and the terminal's) word when a regular season's awards are decided."""
    if not awards:
        return ""
    season = awards[0].season
    lines = [f"{league_name}: the season {season} awards"]
    lines += [f"  {award_line(a)}" for a in awards]
    return "\n".join(lines)


def season_lines(summary: SeasonSummary) -> list[str]:
    champion = f"champion {record_text(summary.champion)}" if summary.champion else "no champion"
    best = f"best record {record_text(summary.best)}" if summary.best else "no game final"
    lines = [f"Season {summary.season}: {champion}; {best}"]
    lines += [f"  {award_line(a)}" for a in summary.awards]
    return lines


def history_text(league_name: str, seasons: Sequence[SeasonSummary], *, awards_only: bool = False) -> str:
    """The history page: every season, first to last, its champion and awards (or the awards alone)."""
    blocks = []
    for s in seasons:
        if awards_only:
            blocks.append("\n".join([f"Season {s.season}", *(f"  {award_line(a)}" for a in s.awards)]))
        else:
            blocks.append("\n".join(season_lines(s)))
    title = f"{league_name}: {'awards' if awards_only else 'history'}, {len(seasons)} season" + (
        "s" if len(seasons) != 1 else ""
    )
    return "\n\n".join([title, *blocks])


def standings_text(season: int, records: Sequence[SeasonRecord]) -> str:
    """A season's final regular-season records by division (or league), best first; * the champion."""
    groups: dict[str, list[SeasonRecord]] = {}
    for r in sorted(records, key=lambda r: (-r.pct, -r.w, r.name)):
        groups.setdefault(r.group, []).append(r)
    blocks = [f"Season {season}: final standings"]
    for group in sorted(groups):
        rows = groups[group]
        width = max(len(r.name) for r in rows) + 2
        lines = [f"{group or 'League':<{width}}{'W':>4}{'L':>4}{'PCT':>6}{'RS':>5}{'RA':>5}"]
        lines += [
            f"{r.name + (' *' if r.champion else ''):<{width}}{r.w:>4}{r.l:>4}{average(r.pct):>6}"
            f"{r.runs_for:>5}{r.runs_against:>5}"
            for r in rows
        ]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def leader_rows(stat: str, best: Sequence[Leader]) -> list[str]:
    return [
        f"{n}. {b.name} ({b.team}{f', season {b.season}' if b.season is not None else ''}) {_stat_value(stat, b.value)}"
        for n, b in enumerate(best, start=1)
    ]


def leaders_text(title: str, board: Mapping[str, Sequence[Leader]]) -> str:
    blocks = [title]
    for stat, best in board.items():
        blocks.append("\n".join([leader_name(stat), *(f"  {line}" for line in leader_rows(stat, best) or ["nobody"])]))
    return "\n\n".join(blocks)


def player_seasons_text(seasons: Sequence[PlayerSeason]) -> str | None:
    """A player's regular seasons in the league, one line each, with the awards he won; None before his first."""
    if not seasons:
        return None
    parts = []
    batted = [(f"{s.season} {'/'.join(s.teams)}", batting_cells(s.batting)) for s in seasons if s.batting]
    if batted:
        parts.append("Batting by season\n" + named_table(BATTING_LABELS, batted))
    pitched = [(f"{s.season} {'/'.join(s.teams)}", pitching_cells(s.pitching)) for s in seasons if s.pitching]
    if pitched:
        parts.append("Pitching by season\n" + named_table(PITCHING_LABELS, pitched))
    won = [f"{s.season}: {', '.join(s.awards)}" for s in seasons if s.awards]
    if won:
        parts.append("Awards\n" + "\n".join(won))
    return "\n\n".join(parts)


def team_seasons_text(seasons: Sequence[TeamSeason]) -> str | None:
    """A team's seasons: record, where it finished, and its championships."""
    if not seasons:
        return None
    lines = [
        f"{s.record.season}: {s.record.w}-{s.record.l} ({average(s.record.pct)}), "
        f"{_place(s.finish)} of {s.of}{f' in {s.record.group}' if s.record.group else ''}"
        + (", champion" if s.record.champion else "")
        for s in seasons
    ]
    return "Seasons\n" + "\n".join(lines)


def seasons_section(seasons: Sequence[PlayerSeason] | Sequence[TeamSeason]) -> str | None:
    """A player's or team's seasons in the league, for its page once there is more than one season (or an
    award) to show; None before."""
    if not seasons or (len(seasons) == 1 and not any(getattr(s, "awards", None) for s in seasons)):
        return None
    if isinstance(seasons[0], TeamSeason):
        return team_seasons_text([s for s in seasons if isinstance(s, TeamSeason)])
    return player_seasons_text([s for s in seasons if isinstance(s, PlayerSeason)])


def with_seasons(page: str, seasons: Sequence[PlayerSeason] | Sequence[TeamSeason]) -> str:
    """The terminal's page with :func:`seasons_section` below it."""
    more = seasons_section(seasons)
    return f"{page}\n\n{more}" if more else page


def _place(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


async def history_page(
    store: Store, league: League, view: str, *, season: int | None = None, stat: str | None = None, limit: int = 0
) -> str:
    """The text of one view of the history (VIEWS), for ``dugout history`` and ``/history`` alike."""
    if view not in VIEWS:
        raise UserError(f"no history view {view!r}; the views are: {', '.join(VIEWS)}")
    if season is not None and not 1 <= season <= league.season:
        raise UserError(f"{league.name} has seasons 1 to {league.season}; there is no season {season}")
    if stat is not None:
        stat = stat.strip().lower()
        if stat not in LEADER_STATS:
            raise UserError(f"no leaders in {stat!r}; the stats are: {', '.join(LEADER_STATS)}")
    if view in ("champions", "awards"):
        return history_text(league.name, await history.history(store, league.id), awards_only=view == "awards")
    if view == "standings":
        records = await store.season_records(league.id)
        seasons = [season] if season is not None else sorted({r.season for r in records})
        blocks = [standings_text(s, [r for r in records if r.season == s]) for s in seasons]
        return "\n\n".join([f"{league.name}: final standings (* the champion)", *blocks])
    stats = [stat] if stat else list(history.MAIN_STATS)
    count = limit or (10 if stat else history.LEADERS_LIMIT)
    if view == "leaders":
        board = {s: await history.season_leaders(store, league.id, s, count) for s in stats}
        return leaders_text(f"{league.name}: the best single seasons", board)
    board = {s: await history.career_leaders(store, league.id, s, count) for s in stats}
    return leaders_text(f"{league.name}: career leaders", board)
