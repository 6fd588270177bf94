"""Generate and play seasons nobody bundled: every failure a commissioner would meet, one line a year.

Usage::

    python -m bench.sweep --years 1901 1918 1981 [--ruleset inside-pitch|deep-drive] [--league AL|NL|both]
                          [--games 6] [--seed 1] [--keep DIR]

For each year, one at a time (the generation and the games are one process's work):

1. the season is read from the Lahman database (``seasons.lahman.load_season``);
2. its cards are made by the real method WITHOUT the league calibration (Inside Pitch:
   ``seasons.inside_pitch.generate.generate(..., calibrate=False)``, the real fit and depth arms; Deep Drive:
   ``seasons.deep_drive.generate.generate`` with no league player), which would take minutes a
   season, and written to a temporary folder (or under ``--keep``);
3. the set is loaded back and checked as ``dugout cards validate`` reads it (``cards.loader.load_any_set``),
   and every team entry must give a lineup against either hand and a rotation of five;
4. a league is made from it as ``/league create`` and ``dugout run`` make theirs (``league.replay.play_league``:
   the set's own options and ruleset, its teams, their lineups, rotations and bullpen roles) and
   ``--games`` games a team are auto-played to the end; the played games must all be final.

It prints per year ``OK`` (with the seconds taken and the played league's runs a team game) or the
exception's or validation's message, and exits 1 when any year failed. Figures, not fidelity: the
cards are uncalibrated and a few games a team say only that the season plays.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

import bench
from engine.rulesets import DEFAULT_FAMILY, families, for_family


@dataclass
class Outcome:
    """One year's sweep: OK or the message that stopped it, and the seconds it took."""

    year: int
    ruleset: str
    leagues: tuple[str, ...]
    ok: bool
    seconds: float
    detail: str

    def line(self) -> str:
        status = "OK" if self.ok else "FAIL"
        where = f"{self.year}  {self.ruleset:<12} {'+'.join(self.leagues):<5}"
        return f"{where} {status:<4} {self.seconds:6.1f}s  {self.detail}"


def generate_uncalibrated(year: int, leagues: Sequence[str], out: Path, ruleset: str) -> str:
    """The season's set written to ``out`` by the ruleset's generator without the league calibration; a summary."""
    report = import_module(for_family(ruleset).generator).generate(year, leagues, out, force=True, calibrate=False)
    return f"{report.teams} teams, {report.batters} batters, {report.pitchers} pitchers"


def check_set(folder: Path) -> list[str]:
    """What a league made from the set would refuse or lack, as messages (none: it can be played)."""
    from cards.loader import load_any_set

    cardset = load_any_set(folder)  # raises CardSetError with every problem
    problems: list[str] = []
    if not cardset.team_entries:
        problems.append("the set lists no teams")
    for key, entry in cardset.team_entries.items():
        for hand, lineup in (("RHP", entry.vs_rhp), ("LHP", entry.vs_lhp)):
            if len(lineup) < 9:
                problems.append(f"{key}: a lineup of {len(lineup)} against {hand}")
        if len(entry.rotation) < 5:
            problems.append(f"{key}: a rotation of {len(entry.rotation)}")
    return problems


def play(folder: Path, games: int, seed: int, db_path: Path) -> tuple[int, float]:
    """A league of the set's teams plays ``games`` a team (``league.replay.play_league``): (team games, R/G)."""
    from league.replay import play_league, read_totals

    asyncio.run(play_league(folder, games, seed, db_path))
    totals = read_totals(db_path)
    runs = sum(line["r"] for line in totals.batting.values())
    return totals.team_games, runs / max(1, totals.team_games)


def rule_problems(year: int, db_path: Path) -> list[str]:
    """Where the league made from the set plays by other rules than the season's: the designated
    hitter in each league's home games (AL from 1973, NL in 2020 and from 2022) and the runner on
    second in extra innings (from 2020), as ``seasons.calibrate`` states them."""
    from league.store import Store
    from seasons.calibrate import uses_dh, uses_extra_inning_runner

    async def read() -> tuple[object, list[str]]:
        store = await Store.open(db_path)
        try:
            league = (await store.leagues())[0]
            teams = await store.teams(league.id)
            return league.options, sorted({t.subleague for t in teams if t.subleague})
        finally:
            await store.close()

    options, leagues = asyncio.run(read())
    problems = []
    for name in leagues:
        played, real = options.uses_dh(name), uses_dh(year, name)  # type: ignore[attr-defined]
        if played != real:
            problems.append(f"the {name} plays {'with' if played else 'without'} the DH ({year}: {real})")
    runner = options.extra_inning_runner  # type: ignore[attr-defined]
    if runner != uses_extra_inning_runner(year):
        problems.append(f"extra innings {'with' if runner else 'without'} the runner on second")
    return problems


def unfinished(db_path: Path) -> int:
    """Regular-season games the auto-play left unfinished."""
    import sqlite3

    with sqlite3.connect(db_path) as db:
        row = db.execute("SELECT count(*) FROM game WHERE phase = 'regular' AND status != 'final'").fetchone()
    return int(row[0])


def sweep_year(
    year: int, ruleset: str, leagues: Sequence[str], games: int, seed: int, keep: Path | None = None
) -> Outcome:
    """One year generated, checked and played; any exception is the outcome's message."""
    leagues = tuple(leagues)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dugout-sweep-") as tmp:
        base = keep if keep is not None else Path(tmp)
        out = base / f"{year}-{ruleset}-{'-'.join(leagues).lower()}"
        try:
            made = generate_uncalibrated(year, leagues, out, ruleset)
            problems = check_set(out)
            if problems:
                detail = f"{len(problems)} problem(s): " + "; ".join(problems[:5])
                return Outcome(year, ruleset, leagues, False, time.perf_counter() - start, detail)
            db_path = Path(tmp) / f"sweep-{year}.sqlite3"
            team_games, rpg = play(out, games, seed, db_path)
            left = unfinished(db_path)
            problems = rule_problems(year, db_path) + ([f"{left} games left unfinished"] if left else [])
            if problems:
                detail = "; ".join(problems)
                return Outcome(year, ruleset, leagues, False, time.perf_counter() - start, detail)
            detail = f"{made}; {team_games // 2} games played, {rpg:.2f} R/G"
            return Outcome(year, ruleset, leagues, True, time.perf_counter() - start, detail)
        except Exception as exc:  # the sweep's point: report it, go on to the next year
            where = traceback.extract_tb(exc.__traceback__)[-1]
            detail = f"{type(exc).__name__}: {exc} [{Path(where.filename).name}:{where.lineno}]"
            detail = " ".join(detail.split())
            return Outcome(year, ruleset, leagues, False, time.perf_counter() - start, detail[:600])


def build_parser() -> bench.Parser:
    parser = bench.parser("python -m bench.sweep", __doc__)
    parser.add_argument("--years", type=int, nargs="+", required=True, help="the seasons to sweep, e.g. 1901 1981")
    parser.add_argument(
        "--ruleset", choices=families(), default=DEFAULT_FAMILY, help=f"the cards' game (default: {DEFAULT_FAMILY})"
    )
    parser.add_argument("--league", choices=("AL", "NL", "both"), default="both", help="AL, NL or both (default: both)")
    parser.add_argument(
        "--games", type=bench.at_least_one, default=6, help="games a team the league plays (default: 6)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the cards' and games' seed (default: 1)")
    parser.add_argument("--keep", type=Path, default=None, help="write the sets under this folder and keep them")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    leagues = ("AL", "NL") if args.league == "both" else (args.league,)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    failed = 0
    for year in args.years:
        outcome = sweep_year(year, args.ruleset, leagues, args.games, args.seed, args.keep)
        print(outcome.line(), flush=True)
        failed += not outcome.ok
    print(f"{len(args.years) - failed}/{len(args.years)} OK", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
