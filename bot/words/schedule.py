"""The season's games as /schedule show and ``dugout schedule show`` list them: one day's, one team's, or
from today on, with the same lines in both front ends."""

from __future__ import annotations

from league.models import GameRecord, GameSummary, League, Team
from league.store import Store

SHOWN_GAMES = 40  # a longer schedule is cut short: name a day or a team to see the rest


def game_line(game: GameRecord | GameSummary, teams: dict[int, Team]) -> str:
    away, home = teams[game.away_team_id].abbreviation, teams[game.home_team_id].abbreviation
    line = f"`#{game.id}` day {game.day}: {away} at {home}"
    if game.forfeited_by:
        return line + f" · forfeited by {away if game.forfeited_by == 'away' else home}"
    if game.status == "final":
        return line + f" · final, {away} {game.away_runs}, {home} {game.home_runs}"
    return line if game.status == "scheduled" else f"{line} · {game.status}"


async def schedule_lines(
    store: Store, league: League, day: int | None, team: Team | None, make_hint: str
) -> tuple[str, list[str]]:
    """The title and one line a game; with no game, the title says so (and, for the whole season, how a
    commissioner schedules it: ``make_hint``, the front end's words)."""
    games = await store.game_summaries(league.id, day=day)
    if team is not None:
        games = [g for g in games if team.id in (g.away_team_id, g.home_team_id)]
        title = f"{team.name}: season {league.season}" + (f", day {day}" if day else "")
    elif day is not None:
        title = f"{league.name}: day {day}"
    else:
        games = [g for g in games if g.day >= league.day or g.status in ("live", "postponed")]
        title = f"{league.name}: from today (day {league.day})"
    if not games:
        hint = f" A commissioner schedules the season with {make_hint}." if team is None and day is None else ""
        return f"{title}: no games.{hint}", []
    teams = {t.id: t for t in await store.teams(league.id)}
    lines = [game_line(g, teams) for g in games[:SHOWN_GAMES]]
    if len(games) > SHOWN_GAMES:
        lines.append(f"… and {len(games) - SHOWN_GAMES} more: name a day or a team.")
    return title, lines
