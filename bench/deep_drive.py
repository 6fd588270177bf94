"""Play many auto-managed Deep Drive games on the sample set; print speed, the rate of every result
and the questions per manager at "every" and "matters" (median and 90th percentile, as python -m bench).

Deep Drive's figures for ``python -m bench --ruleset deep-drive [--games 1000]``.
The teams are the sample set's 2016 Chicago (N) and Cleveland, with their vs-RHP lineups, their
first starters and their bullpens, at Progressive Field, with the DH and the default handbook.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from typing import Any

from bench.questions import QUESTION_GAMES, questions
from cards import BUNDLED_SETS
from cards.deep_drive.loader import DeepDriveSet, load_deep_drive_set
from engine.deep_drive.ruleset import RULESET
from engine.events import Decided, PlateAppearanceEnded, Reading, RunnerMoved, RunnerOut, Substitution
from engine.game import Game
from engine.setup import GameOptions, GameSetup, LineupSpot, TeamSetup

SAMPLE = BUNDLED_SETS / RULESET.sample_set


def team_setup(cards: DeepDriveSet, key: str) -> TeamSetup:
    entry = cards.team_entries[key]
    lineup = tuple(LineupSpot(cards.batters[s.card_id], s.position) for s in entry.vs_rhp)  # type: ignore[arg-type]
    pen = entry.bullpen
    relievers = [*pen.long, *pen.middle, *pen.setup, *pen.closer]
    bullpen = tuple(cards.pitchers[p] for p in relievers)
    in_lineup = {s.card_id for s in entry.vs_rhp}
    bench = tuple(cards.batters[b] for b in entry.roster if b in cards.batters and b not in in_lineup)
    return TeamSetup(
        entry.id,
        lineup,
        cards.pitchers[entry.rotation[0]],  # type: ignore[arg-type]
        bench=bench,  # type: ignore[arg-type]
        bullpen=bullpen,  # type: ignore[arg-type]
    )


def sample_setup() -> GameSetup:
    cards = load_deep_drive_set(SAMPLE)
    park: Any = cards.ballparks["cle-2016-park"]
    return GameSetup(
        team_setup(cards, "chn-2016"),
        team_setup(cards, "cle-2016"),
        park,
        GameOptions(designated_hitter=True),
        ruleset=RULESET.name,
    )


GAMES = 1000


def measure(games: int) -> None:
    setup = sample_setup()
    results: Counter[str] = Counter()
    readings: Counter[str] = Counter()
    running: Counter[str] = Counter()
    runs: list[int] = []
    plate_appearances = 0
    extra = 0
    changes = 0
    others: Counter[str] = Counter()
    decisions = 0
    durations: list[float] = []
    for seed in range(games):
        start = time.perf_counter()
        game = Game(setup, seed)
        durations.append(time.perf_counter() - start)
        runs += [game.state.away.runs, game.state.home.runs]
        extra += game.state.inning > 9
        for event in game.events:
            if isinstance(event, PlateAppearanceEnded):
                plate_appearances += 1
                results[event.result] += 1
            elif isinstance(event, Reading) and event.card in (
                "Rare Chart",
                "Outfielders and Deep Drives",
                "Ballpark Effects",
            ):
                readings[f"{event.card}: {event.result}"] += 1
            elif isinstance(event, Substitution):
                if event.kind == "pitcher":
                    changes += 1
                else:
                    others[event.kind] += 1
            elif isinstance(event, Decided):
                decisions += 1
            elif isinstance(event, RunnerMoved) and event.reason in (
                "stolen base",
                "wild pitch",
                "passed ball",
                "balk",
            ):
                running[event.reason] += 1
            elif isinstance(event, RunnerOut) and event.how[:2] in ("CS", "PO"):
                running[event.how[:2]] += 1
    total = sum(durations)
    print(f"games: {games}, {games / total:.0f} games/s, per game p50 {statistics.median(durations) * 1000:.2f} ms")
    print(f"per plate appearance: {total / plate_appearances * 1e6:.0f} µs")
    print(f"runs per team per game: {statistics.mean(runs):.2f} (2016 MLB: 4.48)")
    print(f"plate appearances per game: {plate_appearances / games:.1f}")
    print(f"extra-inning games: {extra / games:.1%}")
    print(
        f"pitching changes per game: {changes / games:.2f}; requests per game (auto-answered): {decisions / games:.1f}"
    )
    print(
        "other substitutions per game: "
        + (", ".join(f"{kind} {n / games:.2f}" for kind, n in sorted(others.items())) or "none")
    )
    print("results of plate appearances:")
    for mark, count in sorted(results.items(), key=lambda kv: -kv[1]):
        print(f"  {mark:<4} {count / plate_appearances:6.2%}")
    print("before the pitch, per game (runners moved for WP, PB, BK):")
    for what, count in sorted(running.items()):
        print(f"  {what:<12} {count / games:.3f}")
    print("rare readings per game:")
    for what, count in sorted(readings.items()):
        print(f"  {what:<45} {count / games:.3f}")
    questions(setup, min(games, QUESTION_GAMES))  # median and 90th percentile at every and matters
