"""A card set's league played through: the league's own games, as a real league plays them.

:func:`play_league` makes a league from a set folder's team entries (``Store.create_league``,
``Store.create_teams_from_sets``; the league plays the game the set's ``ruleset`` names, so a
Deep Drive set plays Deep Drive with its own handbook), schedules ``games_per_team`` games each and auto-plays
them to the end (``league.autoplay.advance``): the rotation in turn with rest (the era's:
``league.usage.era_starter_rest``), fatigue,
the bullpen without the rotation, injuries, the auto-manager's lineups. The same seed plays
the same season. The fidelity benchmark (``bench.fidelity``) and the season generator's
calibration (``seasons.inside_pitch.generate``, given :func:`play_season` by ``dugout cards generate``)
both play their games with it, so the cards are calibrated in the games they are judged by.

:func:`read_totals` reads what the regular season gave from the league's season tables:
every card's batting and pitching lines and the fielders' errors; :func:`play_season` does both in a
temporary folder.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from engine.rulesets import for_family
from engine.stats import BATTING_COUNTS, PITCHING_COUNTS  # season_batting's and season_pitching's columns
from league.autoplay import advance
from league.store import Store
from league.usage import era_starter_rest


@dataclass
class LeagueTotals:
    """One played regular season: team games, each card's batting counts, the league's errors."""

    team_games: int = 0
    batting: dict[str, dict[str, int]] = field(default_factory=dict)  # card id -> BATTING_COUNTS
    pitching: dict[str, dict[str, int]] = field(default_factory=dict)  # card id -> PITCHING_COUNTS
    errors: int = 0
    errors_by_card: dict[str, int] = field(default_factory=dict)  # card id -> its fielding errors


async def play_league(
    set_folder: str | Path, games_per_team: int, seed: int, db_path: str | Path, *, name: str | None = None
) -> None:
    """A league of the set's teams in a new database at ``db_path``, its season auto-played to the end."""
    store = await Store.open(db_path)
    try:
        # The set's own rule on the designated hitter, as a league made from it takes it, and the
        # game its set.toml names (a Deep Drive set plays a Deep Drive league, with the set's handbook).
        pool = await store.card_sets([str(set_folder)])
        league = await store.create_league(
            name or f"Replay #{seed}", [str(set_folder)], options=pool.options(), ruleset=for_family(pool.family).name
        )
        await store.create_teams_from_sets(league.id)
        await store.schedule_season(league.id, games_per_team, seed=seed)
        # Starters rest as the season's rotations let them (league.usage.era_starter_rest).
        share, last = pool.busiest_starter(), await store.last_scheduled_day(league.id)
        if share is not None and last is not None:
            rest = era_starter_rest(share, games_per_team, last - league.day + 1, league.rules.starter_rest_days)
            await store.set_rules(league.id, replace(league.rules, starter_rest_days=rest))
        await advance(store, league.id, to_end=True, rng=random.Random(seed))
    finally:
        await store.close()


def read_totals(db_path: str | Path) -> LeagueTotals:
    """The regular season's totals from a played league's database."""
    out = LeagueTotals()
    columns = ", ".join(f"sum({c})" for c in BATTING_COUNTS)
    with sqlite3.connect(db_path) as db:
        out.team_games = (
            2 * db.execute("SELECT count(*) FROM game WHERE status = 'final' AND phase = 'regular'").fetchone()[0]
        )
        for row in db.execute(
            f"SELECT card_id, {columns} FROM season_batting WHERE phase = 'regular' GROUP BY card_id ORDER BY card_id"
        ):
            out.batting[row[0]] = {c: int(v or 0) for c, v in zip(BATTING_COUNTS, row[1:], strict=True)}
        pitching = ", ".join(f"sum({c})" for c in PITCHING_COUNTS)
        for row in db.execute(
            f"SELECT card_id, {pitching} FROM season_pitching WHERE phase = 'regular' GROUP BY card_id ORDER BY card_id"
        ):
            out.pitching[row[0]] = {c: int(v or 0) for c, v in zip(PITCHING_COUNTS, row[1:], strict=True)}
        for card_id, errors in db.execute(
            "SELECT card_id, coalesce(sum(e), 0) FROM season_fielding WHERE phase = 'regular' GROUP BY card_id"
        ):
            out.errors_by_card[card_id] = int(errors)
        out.errors = sum(out.errors_by_card.values())
    return out


def play_season(set_folder: str | Path, games_per_team: int, seed: int) -> LeagueTotals:
    """:func:`play_league` in a temporary folder, then :func:`read_totals` (the generator's league player)."""
    with tempfile.TemporaryDirectory(prefix="dugout-replay-") as folder:
        db_path = Path(folder) / f"replay-{seed}.sqlite3"
        asyncio.run(play_league(set_folder, games_per_team, seed, db_path))
        return read_totals(db_path)
