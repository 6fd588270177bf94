"""Why a replay's team runs stand where they do: python -m bench.teams --season 1970 DB [DB ...]

The fidelity benchmark's team figure (replay runs ``r`` against real runs ``R``) mixes three
gaps; this splits them, per team, from kept replay databases (``bench.fidelity --keep``):

- **floor**: ``R`` against BaseRuns of the real team line ``B`` (``bench.fidelity.base_runs``):
  what real sequencing adds, out of the cards' reach;
- **conversion**: ``r`` against BaseRuns of the replay's own team line ``b``: the engine's
  runs from the line it played (baserunning, sequencing, noise);
- **line**: ``b`` against ``B``, itself split into **composition** (``c``: the replay's PA of
  each player times his real season's per-PA line, so who batted how often) against ``B``,
  and **cards** (``b`` against ``c``: how the cards played those PA, parks included).

Runs allowed the same way from the staffs' lines (:func:`pitching_runs`: BaseRuns of hits,
walks, hit batters, home runs and outs, doubles and triples in the league's share of the
other hits). A depth arm or bat (no Lahman line of his own) counts at his replay rate in ``c``.

Every estimate is scaled to the real league's runs before it is compared (only the teams'
spread is judged, not the league's level); ``r`` against ``R`` is the benchmark's figure,
unscaled. The **park** row is the slope of the log of each park's runs per game at home
over its runs per game on the road against ``log(2 BPF/100 - 1)``, the home effect the
ballpark cards are built to put back (``seasons.fit``): 1 is the park in full.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import bench
from bench.fidelity import COUNTS, Line, _batting_line, _correlation, _lahman_id, _rmse, base_runs
from seasons.lahman import load_season
from seasons.stats import Pitching, Season


@dataclass
class Staff:
    """A pitching line: batters faced and what they did."""

    bf: float = 0
    h: float = 0
    bb: float = 0
    hbp: float = 0
    hr: float = 0
    so: float = 0

    def add(self, other: Staff, scale: float = 1.0) -> None:
        for name in ("bf", "h", "bb", "hbp", "hr", "so"):
            setattr(self, name, getattr(self, name) + scale * getattr(other, name))


def staff_of(p: Pitching) -> Staff:
    return Staff(p.bf, p.h, p.bb, p.hbp, p.hr, p.k)


@dataclass
class TeamPlay:
    """One team's replays pooled: games, runs, its batting and pitching lines, by player."""

    games: float = 0
    runs: float = 0
    allowed: float = 0
    home_runs: float = 0  # both teams' runs in its home games
    home_games: float = 0
    road_runs: float = 0
    road_games: float = 0
    batting: Line = field(default_factory=Line)
    pitching: Staff = field(default_factory=Staff)
    batters: dict[str, Line] = field(default_factory=dict)  # Lahman id (or a depth bat's card) -> line
    pitchers: dict[str, Staff] = field(default_factory=dict)  # Lahman id (or a depth arm's card) -> line


def read_teams(db_path: str | Path, season: Season, into: dict[str, TeamPlay] | None = None) -> dict[str, TeamPlay]:
    """The teams' regular seasons in a replay's database, by Lahman team id (added to ``into``)."""
    out = into if into is not None else {}
    by_park = {f"{t.team_id.lower()}-{season.year}-park": t.team_id for t in season.teams.values()}
    by_abbreviation = {t.abbreviation: t.team_id for t in season.teams.values()}
    with sqlite3.connect(db_path) as db:
        db.row_factory = sqlite3.Row
        teams = {
            row["id"]: by_park.get(row["ballpark"]) or by_abbreviation[row["abbreviation"]]
            for row in db.execute("SELECT id, abbreviation, ballpark FROM team")
        }
        for team_id in teams.values():
            out.setdefault(team_id, TeamPlay())
        for row in db.execute(
            "SELECT away_team_id, home_team_id, away_runs, home_runs FROM game"
            " WHERE status = 'final' AND phase = 'regular'"
        ):
            away, home = out[teams[row["away_team_id"]]], out[teams[row["home_team_id"]]]
            total = row["away_runs"] + row["home_runs"]
            sides = ((away, row["away_runs"], row["home_runs"]), (home, row["home_runs"], row["away_runs"]))
            for team, runs, allowed in sides:
                team.games += 1
                team.runs += runs
                team.allowed += allowed
            home.home_runs += total
            home.home_games += 1
            away.road_runs += total
            away.road_games += 1
        names = [c for c in COUNTS if c not in ("g", "e")]
        columns = ", ".join(f"sum({'k' if c == 'so' else c}) {c}" for c in names)
        for row in db.execute(
            f"SELECT team_id, card_id, {columns} FROM season_batting WHERE phase = 'regular' GROUP BY team_id, card_id"
        ):
            team = out[teams[row["team_id"]]]
            line = Line(**{c: row[c] or 0 for c in names})
            team.batting.add(line)
            team.batters.setdefault(_lahman_id(row["card_id"], season.year), Line()).add(line)
        for row in db.execute(
            "SELECT team_id, card_id, sum(bf) bf, sum(h) h, sum(bb) bb, sum(hbp) hbp, sum(hr) hr, sum(k) so"
            " FROM season_pitching WHERE phase = 'regular' GROUP BY team_id, card_id"
        ):
            team = out[teams[row["team_id"]]]
            faced = Staff(row["bf"], row["h"], row["bb"], row["hbp"], row["hr"], row["so"])
            team.pitching.add(faced)
            team.pitchers.setdefault(_lahman_id(row["card_id"], season.year), Staff()).add(faced)
    return out


def pitching_runs(line: Staff, league: Line) -> float:
    """BaseRuns of a pitching line: its other hits split into doubles and triples in the league's shares."""
    others = max(league.h - league.hr, 1.0)
    hits = line.h - line.hr
    return base_runs(
        Line(
            pa=line.bf,
            ab=line.bf - line.bb - line.hbp,
            h=line.h,
            doubles=hits * league.doubles / others,
            triples=hits * league.triples / others,
            hr=line.hr,
            bb=line.bb,
            hbp=line.hbp,
            so=line.so,
        )
    )


def composition(season: Season, batters: Mapping[str, Line]) -> Line:
    """The line the replay's PA would give at each player's real season rates (a depth bat at his own)."""
    out = Line()
    for pid, line in batters.items():
        player = season.players.get(pid)
        if player is not None and player.batting is not None and player.batting.pa > 0:
            out.add(_batting_line(player.batting), line.pa / player.batting.pa)
        else:
            out.add(line)
    return out


def staff_composition(season: Season, pitchers: Mapping[str, Staff], league: Line) -> float:
    """Runs the replay's batters faced would allow at each pitcher's real season rates (a depth arm at his own)."""
    runs = 0.0
    for pid, line in pitchers.items():
        player = season.players.get(pid)
        real = player.pitching if player is not None else None
        if real is None or real.bf <= 0:
            runs += pitching_runs(line, league)
        else:
            runs += pitching_runs(staff_of(real), league) * line.bf / real.bf
    return runs


def slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The least-squares slope of ys on xs."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0


def _scaled(xs: Sequence[float], to: float) -> list[float]:
    total = sum(xs)
    return [x * to / total for x in xs] if total else list(xs)


@dataclass
class Decomposition:
    pairs: dict[str, tuple[float, float]]  # name -> (correlation, RMSE)
    park_slope: float
    park_correlation: float
    rows: list[tuple[str, dict[str, float]]]  # per team: R, B, r, b, c, RA, P, ra, p, cp


def decompose(season: Season, plays: Mapping[str, TeamPlay]) -> Decomposition:
    ids = sorted(t for t in season.teams if t in plays and plays[t].games)
    league = Line()
    for t in ids:
        league.add(_batting_line(season.teams[t].batting))

    def per_season(t: str, x: float) -> float:
        return x * season.teams[t].g / plays[t].games

    R = [float(season.teams[t].r) for t in ids]
    RA = [float(season.teams[t].ra) for t in ids]
    r = [per_season(t, plays[t].runs) for t in ids]
    ra = [per_season(t, plays[t].allowed) for t in ids]
    B = _scaled([base_runs(_batting_line(season.teams[t].batting)) for t in ids], sum(R))
    b = _scaled([base_runs(plays[t].batting) * season.teams[t].g / plays[t].games for t in ids], sum(R))
    c = _scaled([per_season(t, base_runs(composition(season, plays[t].batters))) for t in ids], sum(R))
    P = _scaled([pitching_runs(staff_of(season.teams[t].pitching), league) for t in ids], sum(RA))
    p = _scaled([per_season(t, pitching_runs(plays[t].pitching, league)) for t in ids], sum(RA))
    cp = _scaled([per_season(t, staff_composition(season, plays[t].pitchers, league)) for t in ids], sum(RA))
    r_s, ra_s = _scaled(r, sum(R)), _scaled(ra, sum(RA))

    def pair(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
        return _correlation(xs, ys), _rmse(xs, ys)

    pairs = {
        "scored: replay r ~ real R": pair(r, R),
        "  floor B ~ R": pair(B, R),
        "  conversion r ~ b": pair(r_s, b),
        "  line b ~ B": pair(b, B),
        "    composition c ~ B": pair(c, B),
        "    cards b ~ c": pair(b, c),
        "allowed: replay ra ~ real RA": pair(ra, RA),
        "  floor P ~ RA": pair(P, RA),
        "  conversion ra ~ p": pair(ra_s, p),
        "  line p ~ P": pair(p, P),
        "    composition cp ~ P": pair(cp, P),
        "    cards p ~ cp": pair(p, cp),
    }
    xs, ys = [], []
    for t in ids:
        play = plays[t]
        if play.home_games and play.road_games and play.home_runs and play.road_runs:
            xs.append(math.log(max(0.6, 2 * season.teams[t].bpf / 100 - 1)))
            ys.append(math.log((play.home_runs / play.home_games) / (play.road_runs / play.road_games)))
    rows = [
        (t, dict(zip(("R", "B", "r", "b", "c", "RA", "P", "ra", "p", "cp"), values, strict=True)))
        for t, *values in zip(ids, R, B, r, b, c, RA, P, ra, p, cp, strict=True)
    ]
    return Decomposition(pairs, slope(xs, ys) if len(xs) > 1 else 0.0, _correlation(xs, ys) if xs else 0.0, rows)


def report(season: Season, replays: int, d: Decomposition) -> str:
    lines = [f"{season.year}: {len(d.rows)} teams, {replays} replay(s)"]
    lines += [f"{name:<32} correlation {corr:.3f}  RMSE {rmse:5.1f}" for name, (corr, rmse) in d.pairs.items()]
    lines.append(f"park: slope {d.park_slope:.2f} (1 = the park in full), correlation {d.park_correlation:.2f}")
    lines.append("")
    keys = ("R", "B", "r", "b", "c", "RA", "P", "ra", "p", "cp")
    lines.append("team" + "".join(f"{k:>6}" for k in keys))
    lines += [f"{t:<4}" + "".join(f"{row[k]:6.0f}" for k in keys) for t, row in d.rows]
    return "\n".join(lines)


def build_parser() -> bench.Parser:
    parser = bench.parser("python -m bench.teams", __doc__)
    parser.add_argument("--season", type=int, required=True, help="the real season the replays played, e.g. 1970")
    parser.add_argument("--league", choices=("AL", "NL", "both"), default="both", help="AL, NL or both (default: both)")
    parser.add_argument("databases", nargs="+", type=Path, help="replay databases (bench.fidelity --keep)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    season = load_season(args.season, ("AL", "NL") if args.league == "both" else (args.league,))
    plays: dict[str, TeamPlay] = {}
    for db in args.databases:
        read_teams(db, season, plays)
    print(report(season, len(args.databases), decompose(season, plays)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
