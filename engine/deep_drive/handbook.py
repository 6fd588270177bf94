"""Deep Drive's Season Handbook: the charts the rule book names but does not print.

A handbook is one TOML file (docs/deep-drive/handbook.md describes it), loaded and checked
once by :func:`load_handbook`; a bad file raises :class:`HandbookError` naming the file, the
chart and the cell. The readers take plain values (rolls already made, ratings, grades) and
return plain values: the engine rolls through the game's dice and passes the numbers in.

Charts (the book's names; the shapes its words pin down are followed, the rest is Dugout's):

- ``DEF Chart``: a fresh 00-99 roll names a fielder, a base out code and ascending ``(t) RESULT``
  overrides; the fielder's effective rating r (-1..6) takes the first override with r <= t.
  Results: the out code, ``SI+``, ``SI`` or ``ERR`` (an error by that fielder).
- ``Error Chart``: what an ``ERR(pos)`` does, by the fielder and the mod die (the Play-by-Play
  chart's ERR stories carry the same mod die ranges), see :data:`ERROR_OUTCOMES`.
- ``On-Base Event Chart``: a 00-99 roll before a plate appearance with runners on: nothing, or
  "check the Pitcher/Catcher Chart".
- ``Pitcher/Catcher Chart``: a second roll read against the pitcher's WP, BK, PO grades and the
  catcher's PB grade: each event owns a zone of rolls and a grade takes that zone's first k rolls.
- ``Stolen Base Chart``: a two-digit reading (automatic: the mod die as tens with the white die)
  by the runner's letter: SB, CS or no attempt.
- ``In-Game Injury Chart`` and ``Training Room Chart``: roll by injury rating.
- ``Deep Drive - Ballpark Effects``: the Batter Team table (the 20 window rolls split among
  PARK, HR, FO) and the Ballpark table (mod die -> HR, F7d, F8d, F9d).
- ``Odd Play Book``: play code by mod die -> words and an outcome.

Teams and parks are keyed by a card set's ids (team ``chn-2016``, ballpark ``chn-2016-park``);
an id the handbook lacks reads the ``average`` row (:data:`AVERAGE`).
"""

from __future__ import annotations

import functools
import itertools
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from cards.deep_drive.notation import GRADES, INJURY_GRADES, OUT_CODES, PLAY_CODES, STEAL_GRADES

FIELDERS = ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
MIN_RATING, MAX_RATING = -1, 6  # effective DEF ratings: 0 out of position, -1 tired pitcher, +1 adjustments
DEF_RESULTS = ("SI+", "SI", "ERR")
EVENT_GRADES = GRADES  # WP, BK, PO, PB: A = rarely
STEAL_LETTERS = STEAL_GRADES  # A = succeeds most
PC_EVENTS = ("WP", "PB", "BK", "PO")
WINDOW = tuple(range(0, 10)) + tuple(range(90, 100))  # Ballpark Effects' Deep Drive rolls
AVERAGE = "average"
DEEP_FLIES = ("F7d", "F8d", "F9d")

# Error Chart outcomes (Dugout's reading; the book defines no bases per error type):
ERROR_OUTCOMES = {
    "E1": "batter safe at first, every runner advances one base",
    "E2": "throw out of play: batter to second, every runner advances two bases",
    "FOUL": "dropped foul ball: no base; the plate appearance goes on (roll it again)",
    "LD": "caught line drive, wild throw trying to double a runner off: batter out, runners advance one base",
}
ODD_OUTCOMES = {
    "as-rolled": "carry out the play code as rolled; the words are colour",
    "eject-batter": "carry out the play as rolled; then the batter is ejected (a substitute takes his place)",
    "eject-manager": "carry out the play as rolled; the manager is ejected (no effect on play)",
}

DEFAULT_PATH = "tables/handbook-2016.toml"


class HandbookError(ValueError):
    """A handbook file that does not hold: the message names the file, the chart and the cell."""


# --- values the readers return ----------------------------------------------------------------


@dataclass(frozen=True)
class DefRow:
    """One DEF Chart row: ``fielder`` plays the ball; ``base`` stands unless an override applies."""

    fielder: str
    base: str
    overrides: tuple[tuple[int, str], ...]  # (threshold, result), thresholds ascending

    def read(self, rating: int) -> str:
        """The row's result for the fielder's effective rating: the out code, SI+, SI or ERR."""
        if not MIN_RATING <= rating <= MAX_RATING:
            raise ValueError(f"an effective DEF rating is {MIN_RATING}..{MAX_RATING}; got {rating}")
        for threshold, result in self.overrides:
            if rating <= threshold:
                return result
        return self.base

    def __str__(self) -> str:
        return " ".join([f"[{self.fielder}] {self.base}", *(f"({t}) {r}" for t, r in self.overrides)])


@dataclass(frozen=True)
class DefResult:
    fielder: str
    result: str  # an out code, "SI+", "SI" or "ERR"

    @property
    def play_by_play(self) -> str:
        """The Play-by-Play key: ``SI(SS)``, ``ERR(C)``; an out is its own code."""
        return f"{self.result}({self.fielder})" if self.result in DEF_RESULTS else self.result


@dataclass(frozen=True)
class Injury:
    """An In-Game Injury reading: ``out_for_game`` with ``days`` more games missed after it."""

    out_for_game: bool
    days: int = 0


NO_INJURY = Injury(out_for_game=False)


# --- the handbook -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Handbook:
    """A loaded, checked handbook. Build it with :func:`load_handbook` or :func:`parse_handbook`."""

    source: str
    about: Mapping[str, Any]
    def_rows: tuple[DefRow, ...]  # index = roll 00-99
    errors: Mapping[str, tuple[str, ...]]  # fielder -> 10 cells by mod die ("E1", "FOUL/E1" ...)
    on_base_check: frozenset[int]  # rolls that send to the Pitcher/Catcher Chart
    pc_zones: tuple[tuple[str, int, Mapping[str, int]], ...]  # (event, first roll, grade -> rolls)
    steal: tuple[Mapping[str, str], ...]  # index = reading 00-99; letter -> "SB" "CS" "-"
    in_game: tuple[Mapping[str, Injury], ...]  # index = roll; grade -> Injury
    training: tuple[Mapping[str, int], ...]  # index = roll; grade -> games
    teams: Mapping[str, Mapping[int, str]]  # team id -> window roll -> "PARK" "HR" "FO"
    parks: Mapping[str, tuple[str, ...]]  # park id -> 10 cells by mod die
    odd_plays: Mapping[str, tuple[tuple[str, str], ...]]  # code -> 10 (words, outcome) by mod die
    cuts: Mapping[str, tuple[float, ...]]  # the generator's grade cut points (see docs)

    # DEF Chart
    def def_row(self, roll: int) -> DefRow:
        return self.def_rows[_roll(roll)]

    def read_def(self, roll: int, ratings: Mapping[str, int]) -> DefResult:
        """DDB "DEF Chart": the roll's fielder read with his effective rating from ``ratings``."""
        row = self.def_row(roll)
        return DefResult(row.fielder, row.read(ratings[row.fielder]))

    # Error Chart
    def read_error(self, fielder: str, mod: int, white: int, *, empty_or_two_out: bool) -> str:
        """DDB "Error Chart" (Dugout's): ERR(fielder) by the mod die -> an :data:`ERROR_OUTCOMES` key.

        A cell ``odd/even`` splits on the white die; with the bases empty or two out it reads odd
        (as the Play-by-Play chart's line-drive stories do)."""
        cell = self.errors[fielder][_digit(mod)]
        if "/" not in cell:
            return cell
        odd, even = cell.split("/")
        return odd if empty_or_two_out or _digit(white) % 2 == 1 else even

    # On-Base Event and Pitcher/Catcher
    def on_base_event(self, roll: int) -> bool:
        """DDB "On-Base Event Chart": True when the roll sends to the Pitcher/Catcher Chart."""
        return _roll(roll) in self.on_base_check

    def pitcher_catcher(self, roll: int, *, wp: str, bk: str, po: str, pb: str) -> str | None:
        """DDB "Pitcher/Catcher Chart": "WP", "PB", "BK", "PO" or None, by the pitcher's and catcher's grades."""
        grade = {"WP": wp, "PB": pb, "BK": bk, "PO": po}
        r = _roll(roll)
        for event, first, widths in self.pc_zones:
            if first <= r < first + max(widths.values()):
                g = grade[event]
                if g not in EVENT_GRADES:
                    raise ValueError(f"{event} grade is one of {' '.join(EVENT_GRADES)}; got {g!r}")
                return event if r < first + widths[g] else None
        return None

    # Stolen Base Chart
    def read_steal(self, reading: int, letter: str) -> str | None:
        """DDB "Stolen Base Chart": "SB", "CS" or None (no attempt) for a two-digit reading."""
        if letter not in STEAL_LETTERS:
            raise ValueError(f"a STEAL letter is one of {' '.join(STEAL_LETTERS)}; got {letter!r}")
        cell = self.steal[_roll(reading)][letter]
        return None if cell == "-" else cell

    def steal_auto(self, mod: int, white: int, steal: int, letter: str, adjust: int = 0) -> str | None:
        """DDB "Stealing Bases", automatic: the runner may go when the mod die <= his adjusted STEAL.

        ``adjust`` is the sum the book adds to the STEAL number: the pitcher's H, the catcher's T,
        -1 for a team's first batter of the game, +1 with the infield (or the corners) in. The
        reading is the mod die as tens with the white die. None: no attempt."""
        if _digit(mod) > steal + adjust:
            return None
        return self.read_steal(mod * 10 + _digit(white), letter)

    def steal_manual(self, red: int, white: int, steal: int, letter: str, adjust: int = 0) -> str | None:
        """DDB "Stealing Bases", manual (Dugout's reading): the manager sends the runner and the dice
        are read red-white; a tens digit above the adjusted STEAL, or a "-" cell, means he gets no
        jump and holds (None). So a STEAL 0 runner sent by hand mostly holds."""
        if _digit(red) > steal + adjust:
            return None
        return self.read_steal(red * 10 + _digit(white), letter)

    # Injuries
    def in_game_injury(self, roll: int, grade: str) -> Injury:
        """DDB "In-Game Injury Chart": none, out for the game, or the game and N more."""
        return self.in_game[_roll(roll)][_injury_grade(grade)]

    def training_room(self, roll: int, grade: str) -> int:
        """DDB "Training Room Chart": games to sit (0: fine). AA is never hurt."""
        return self.training[_roll(roll)][_injury_grade(grade)]

    # Ballpark Effects
    def team_window(self, team: str, roll: int) -> str:
        """DDB "Deep Drive - Ballpark Effects", Batter Team table: "PARK", "HR" or "FO" for a window roll.

        A team the handbook lacks reads the ``average`` row."""
        r = _roll(roll)
        if r not in WINDOW:
            raise ValueError(f"Ballpark Effects read Deep Drive rolls 00-09 and 90-99; got {r:02d}")
        return self.teams.get(team, self.teams[AVERAGE])[r]

    def park(self, park: str, mod: int) -> str:
        """DDB "Deep Drive - Ballpark Effects", Ballpark table: HR, F7d, F8d or F9d by the mod die."""
        return self.parks.get(park, self.parks[AVERAGE])[_digit(mod)]

    def ballpark_effect(self, team: str, park: str, roll: int, mod: int, deep_fly: str) -> str:
        """The whole Ballpark Effects reading for an eligible batter: "HR" or a deep fly code.

        ``deep_fly`` is the batter's own deep fly out (his card's F#d), used for FO."""
        cell = self.team_window(team, roll)
        if cell == "HR":
            return "HR"
        if cell == "FO":
            return deep_fly
        return self.park(park, mod)

    # Odd Play Book
    def odd_play(self, code: str, mod: int) -> tuple[str, str]:
        """DDB "Odd Play Book": (words, outcome) for a play code and the mod die."""
        return self.odd_plays[code][_digit(mod)]


# --- loading and checking ---------------------------------------------------------------------


def load_handbook(path: str | Path | None = None) -> Handbook:
    """The handbook at ``path``, or Dugout's default (``engine/deep_drive/tables/handbook-2016.toml``)."""
    if path is None:
        text = resources.files("engine.deep_drive").joinpath(DEFAULT_PATH).read_text(encoding="utf-8")
        return parse_handbook(text, source=f"engine/deep_drive/{DEFAULT_PATH}")
    p = Path(path)
    return parse_handbook(p.read_text(encoding="utf-8"), source=str(p))


@functools.lru_cache(maxsize=8)
def handbook_of(text: str) -> Handbook:
    """The handbook a game's setup carries (``GameSetup.handbook``: TOML text, "" for the default),
    parsed once however often the game replays."""
    return parse_handbook(text, source="the game's handbook") if text else default_handbook()


@functools.cache
def default_handbook() -> Handbook:
    """Dugout's default handbook, loaded once (it never changes during play)."""
    return load_handbook()


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, chart: str, cell: str, why: str) -> HandbookError:
        return HandbookError(f"{self.source}: {chart}, {cell}: {why}")

    def rolls(self, chart: str, where: str, text: Any, top: int = 100) -> list[int]:
        """ "00-09", "63", "06-09, 90-93" -> the rolls; ``top`` is 10 for a mod die."""
        if isinstance(text, int) and not isinstance(text, bool):
            text = str(text)
        if not isinstance(text, str) or not text.strip():
            raise self.fail(chart, where, f"a roll range is a string like '00-09'; got {text!r}")
        out: list[int] = []
        for part in text.split(","):
            m = re.fullmatch(r"\s*(\d{1,2})\s*(?:-\s*(\d{1,2})\s*)?", part)
            if not m:
                raise self.fail(chart, where, f"{part.strip()!r} is not a roll range like '00-09'")
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) is not None else lo
            if not 0 <= lo <= hi < top:
                raise self.fail(chart, where, f"{part.strip()!r} is not an ascending range inside 0-{top - 1}")
            out.extend(range(lo, hi + 1))
        return out

    def cover(self, chart: str, seen: Mapping[int, Any], top: int = 100) -> None:
        missing = [r for r in range(top) if r not in seen]
        if missing:
            shown = ", ".join(f"{r:02d}" if top == 100 else str(r) for r in missing[:5])
            raise self.fail(chart, "rolls", f"no row for {shown}{' ...' if len(missing) > 5 else ''}")

    def table(self, data: Mapping[str, Any], key: str) -> Any:
        if key not in data:
            raise self.fail(key, "the file", f"the chart [{key}] is missing")
        return data[key]

    def cells(self, chart: str, where: str, text: Any, n: int) -> list[str]:
        if not isinstance(text, str) or len(text.split()) != n:
            raise self.fail(chart, where, f"'read' holds {n} cells separated by spaces; got {text!r}")
        return text.split()

    def rows(self, chart: str, raw: Any) -> list[tuple[str, dict[str, Any]]]:
        if not isinstance(raw, list) or not all(isinstance(r, dict) for r in raw):
            raise self.fail(chart, "rows", "the chart is a list of rows ({ rolls = '00-09', ... })")
        return [(f"row {i + 1} ({r.get('rolls', '?')})", r) for i, r in enumerate(raw)]

    def place(self, chart: str, where: str, seen: dict[int, Any], rolls: list[int], value: Any) -> None:
        for r in rolls:
            if r in seen:
                raise self.fail(chart, where, f"roll {r:02d} is already covered by another row")
            seen[r] = value


def parse_def_read(text: str) -> tuple[str, tuple[tuple[int, str], ...]]:
    """ "G6 (0) SI+ (1) SI" -> ("G6", ((0, "SI+"), (1, "SI"))). Raises ValueError with the reason."""
    tokens = text.split()
    if not tokens:
        raise ValueError("an empty cell")
    base, rest = tokens[0], tokens[1:]
    if base not in OUT_CODES:
        raise ValueError(f"{base!r} is not an Outs chart code")
    if len(rest) % 2:
        raise ValueError("overrides come in pairs: '(t) RESULT'")
    overrides: list[tuple[int, str]] = []
    for t_text, result in zip(rest[::2], rest[1::2], strict=True):
        m = re.fullmatch(r"\((-?\d)\)", t_text)
        if not m:
            raise ValueError(f"{t_text!r} is not a threshold like '(1)'")
        t = int(m.group(1))
        if not MIN_RATING <= t <= MAX_RATING:
            raise ValueError(f"threshold {t} is outside {MIN_RATING}..{MAX_RATING}")
        if result not in DEF_RESULTS:
            raise ValueError(f"{result!r} is not one of {' '.join(DEF_RESULTS)}")
        if overrides and t <= overrides[-1][0]:
            raise ValueError(f"thresholds must ascend; ({t}) follows ({overrides[-1][0]})")
        overrides.append((t, result))
    return base, tuple(overrides)


def parse_handbook(text: str, source: str = "<handbook>") -> Handbook:
    """Parse and check a handbook's TOML text (``source`` names it in messages)."""
    ck = _Checker(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HandbookError(f"{source}: not valid TOML: {exc}") from None

    # DEF Chart
    chart = "DEF Chart"
    seen_def: dict[int, DefRow] = {}
    for where, row in ck.rows(chart, ck.table(data, "def").get("rows")):
        fielder = row.get("fielder")
        if fielder not in FIELDERS:
            raise ck.fail(chart, where, f"fielder is one of {' '.join(FIELDERS)}; got {fielder!r}")
        try:
            base, overrides = parse_def_read(str(row.get("read", "")))
        except ValueError as exc:
            raise ck.fail(chart, where, f"read {row.get('read')!r}: {exc}") from None
        if fielder == "C" and any(r == "SI+" for _, r in overrides):
            raise ck.fail(chart, where, "the catcher has no SI+ (the Play-by-Play chart has none)")
        ck.place(chart, where, seen_def, ck.rolls(chart, where, row.get("rolls")), DefRow(fielder, base, overrides))
    ck.cover(chart, seen_def)

    # Error Chart
    chart = "Error Chart"
    errors_raw = ck.table(data, "error")
    errors: dict[str, tuple[str, ...]] = {}
    for fielder in FIELDERS:
        cells = errors_raw.get(fielder)
        if not isinstance(cells, dict):
            raise ck.fail(chart, fielder, "every fielder has a table of mod die ranges")
        seen: dict[int, str] = {}
        for rng, cell in cells.items():
            where = f"{fielder} mod {rng}"
            parts = str(cell).split("/")
            if len(parts) > 2 or any(p not in ERROR_OUTCOMES for p in parts):
                raise ck.fail(chart, where, f"{cell!r}: an outcome is one of {' '.join(ERROR_OUTCOMES)} (or odd/even)")
            ck.place(chart, where, seen, ck.rolls(chart, where, rng, top=10), str(cell))
        ck.cover(f"{chart} {fielder}", seen, top=10)
        errors[fielder] = tuple(seen[d] for d in range(10))

    # On-Base Event Chart
    chart = "On-Base Event Chart"
    check = frozenset(ck.rolls(chart, "check", ck.table(data, "on_base_event").get("check")))

    # Pitcher/Catcher Chart
    chart = "Pitcher/Catcher Chart"
    zones: list[tuple[str, int, dict[str, int]]] = []
    seen_pc: dict[int, str] = {}
    for where, row in ck.rows(chart, ck.table(data, "pitcher_catcher").get("rows")):
        rolls = ck.rolls(chart, where, row.get("rolls"))
        event = row.get("event")
        if event == "-":
            ck.place(chart, where, seen_pc, rolls, "-")
            continue
        if event not in PC_EVENTS:
            raise ck.fail(chart, where, f"event is one of {' '.join(PC_EVENTS)} or '-'; got {event!r}")
        if rolls != list(range(rolls[0], rolls[0] + len(rolls))):
            raise ck.fail(chart, where, "an event's zone is one unbroken range")
        widths: dict[str, int] = {}
        for g in EVENT_GRADES:
            k = row.get(g)
            if not isinstance(k, int) or not 0 <= k <= len(rolls):
                raise ck.fail(chart, f"{where} grade {g}", f"a count of the zone's rolls 0-{len(rolls)}; got {k!r}")
            if widths and k < widths[EVENT_GRADES[len(widths) - 1]]:
                raise ck.fail(chart, f"{where} grade {g}", "counts must not fall from A to F (A = rarely)")
            widths[g] = k
        if widths["F"] != len(rolls):
            raise ck.fail(chart, f"{where} grade F", "grade F's count must fill the zone")
        ck.place(chart, where, seen_pc, rolls, event)
        zones.append((event, rolls[0], widths))
    ck.cover(chart, seen_pc)

    # Stolen Base Chart
    chart = "Stolen Base Chart"
    seen_sb: dict[int, dict[str, str]] = {}
    for where, row in ck.rows(chart, ck.table(data, "stolen_base").get("rows")):
        cells = ck.cells(chart, where, row.get("read"), len(STEAL_LETTERS))
        for letter, cell in zip(STEAL_LETTERS, cells, strict=True):
            if cell not in ("SB", "CS", "-"):
                raise ck.fail(chart, f"{where} column {letter}", f"a cell is SB, CS or -; got {cell!r}")
        if "-" in cells and set(cells) != {"-"}:
            raise ck.fail(chart, where, "a reading is an attempt for every letter or for none (letters set success)")
        ck.place(
            chart,
            where,
            seen_sb,
            ck.rolls(chart, where, row.get("rolls")),
            dict(zip(STEAL_LETTERS, cells, strict=True)),
        )
    ck.cover(chart, seen_sb)

    # In-Game Injury Chart
    chart = "In-Game Injury Chart"
    seen_ig: dict[int, dict[str, Injury]] = {}
    for where, row in ck.rows(chart, ck.table(data, "in_game_injury").get("rows")):
        parsed: dict[str, Injury] = {}
        for grade, cell in zip(INJURY_GRADES, ck.cells(chart, where, row.get("read"), 6), strict=True):
            m = re.fullmatch(r"G(?:\+(\d{1,3}))?", cell)
            if cell == "-":
                parsed[grade] = NO_INJURY
            elif m:
                parsed[grade] = Injury(out_for_game=True, days=int(m.group(1) or 0))
            else:
                raise ck.fail(chart, f"{where} column {grade}", f"a cell is -, G or G+N; got {cell!r}")
            if grade == "AA" and parsed[grade] != NO_INJURY:
                raise ck.fail(chart, f"{where} column AA", "an AA player is never hurt")
        ck.place(chart, where, seen_ig, ck.rolls(chart, where, row.get("rolls")), parsed)
    ck.cover(chart, seen_ig)

    # Training Room Chart
    chart = "Training Room Chart"
    seen_tr: dict[int, dict[str, int]] = {}
    for where, row in ck.rows(chart, ck.table(data, "training_room").get("rows")):
        games: dict[str, int] = {}
        for grade, cell in zip(INJURY_GRADES, ck.cells(chart, where, row.get("read"), 6), strict=True):
            if not cell.isdigit():
                raise ck.fail(chart, f"{where} column {grade}", f"a cell is a number of games; got {cell!r}")
            if grade == "AA" and int(cell):
                raise ck.fail(chart, f"{where} column AA", "an AA player is never hurt")
            games[grade] = int(cell)
        ck.place(chart, where, seen_tr, ck.rolls(chart, where, row.get("rolls")), games)
    ck.cover(chart, seen_tr)

    # Ballpark Effects
    chart = "Ballpark Effects"
    bp = ck.table(data, "ballpark")
    teams: dict[str, dict[int, str]] = {}
    for i, row in enumerate(bp.get("teams", [])):
        team = row.get("team")
        where = f"team {team or i + 1}"
        if not isinstance(team, str) or team in teams:
            raise ck.fail(chart, where, "every Batter Team row names a team, once")
        window: dict[int, str] = {}
        for col in ("HR", "PARK", "FO"):
            if row.get(col):
                for r in ck.rolls(chart, f"{where} {col}", row[col]):
                    if r not in WINDOW:
                        raise ck.fail(chart, f"{where} {col}", f"roll {r:02d} is outside the window 00-09, 90-99")
                    ck.place(chart, f"{where} {col}", window, [r], col)
        missing = [r for r in WINDOW if r not in window]
        if missing:
            raise ck.fail(chart, where, f"window roll {missing[0]:02d} is in no column")
        teams[team] = window
    parks: dict[str, tuple[str, ...]] = {}
    for i, row in enumerate(bp.get("parks", [])):
        park = row.get("park")
        where = f"park {park or i + 1}"
        if not isinstance(park, str) or park in parks:
            raise ck.fail(chart, where, "every Ballpark row names a park, once")
        cells = ck.cells(chart, where, row.get("read"), 10)
        for d, cell in enumerate(cells):
            if cell not in ("HR", *DEEP_FLIES):
                raise ck.fail(chart, f"{where} mod {d}", f"a cell is HR, F7d, F8d or F9d; got {cell!r}")
        parks[park] = tuple(cells)
    for name, table in (("team", teams), ("park", parks)):
        if AVERAGE not in table:
            raise ck.fail(chart, f"{name} {AVERAGE}", "the average row (for teams and parks the handbook lacks)")

    # Odd Play Book
    chart = "Odd Play Book"
    odd: dict[str, dict[int, tuple[str, str]]] = {code: {} for code in PLAY_CODES}
    for i, row in enumerate(ck.table(data, "odd_play").get("plays", [])):
        code = row.get("code")
        where = f"play {i + 1} ({code} mod {row.get('mod')})"
        if code not in odd:
            raise ck.fail(chart, where, f"code is one of {' '.join(PLAY_CODES)}; got {code!r}")
        words, outcome = row.get("words"), row.get("outcome", "as-rolled")
        if not isinstance(words, str) or not words.strip():
            raise ck.fail(chart, where, "every play has words")
        if outcome not in ODD_OUTCOMES:
            raise ck.fail(chart, where, f"outcome is one of {' '.join(ODD_OUTCOMES)}; got {outcome!r}")
        ck.place(chart, where, odd[code], ck.rolls(chart, where, row.get("mod"), top=10), (words, outcome))
    for code in PLAY_CODES:
        ck.cover(f"{chart} {code}", odd[code], top=10)

    # The generator's cut points (optional): each list ascends.
    cuts: dict[str, tuple[float, ...]] = {}
    for name, values in data.get("cuts", {}).items():
        if not isinstance(values, list) or not all(isinstance(v, int | float) for v in values):
            raise ck.fail("cuts", name, "a list of numbers")
        if any(b < a for a, b in itertools.pairwise(values)):
            raise ck.fail("cuts", name, "cut points ascend")
        cuts[name] = tuple(float(v) for v in values)

    return Handbook(
        source=source,
        about=dict(data.get("about", {})),
        def_rows=tuple(seen_def[r] for r in range(100)),
        errors=errors,
        on_base_check=check,
        pc_zones=tuple(zones),
        steal=tuple(seen_sb[r] for r in range(100)),
        in_game=tuple(seen_ig[r] for r in range(100)),
        training=tuple(seen_tr[r] for r in range(100)),
        teams=teams,
        parks=parks,
        odd_plays={code: tuple(odd[code][d] for d in range(10)) for code in PLAY_CODES},
        cuts=cuts,
    )


# --- exact expectations (what a card generator reads) ------------------------------------------


def def_vector(hb: Handbook, ratings: Mapping[str, int] | int = 3) -> dict[str, float]:
    """Shares of a DEF ball's results over the 100 rolls: out, SI, SI+, ERR (exact).

    ``ratings`` is one rating for every fielder or a rating per fielder."""
    counts = {"out": 0, "SI": 0, "SI+": 0, "ERR": 0}
    for row in hb.def_rows:
        r = ratings if isinstance(ratings, int) else ratings[row.fielder]
        result = row.read(r)
        counts[result if result in DEF_RESULTS else "out"] += 1
    return {k: v / 100 for k, v in counts.items()}


def def_vector_mix(hb: Handbook, mix: Mapping[str, Mapping[int, float]]) -> dict[str, float]:
    """The DEF vector averaged over each position's rating mix ``mix[pos][rating] = share``."""
    counts = {"out": 0.0, "SI": 0.0, "SI+": 0.0, "ERR": 0.0}
    for row in hb.def_rows:
        for r, share in mix[row.fielder].items():
            result = row.read(r)
            counts[result if result in DEF_RESULTS else "out"] += share / 100
    return counts


def fielder_rows(hb: Handbook) -> dict[str, int]:
    """How many of the 100 DEF rolls each fielder plays."""
    out = dict.fromkeys(FIELDERS, 0)
    for row in hb.def_rows:
        out[row.fielder] += 1
    return out


def pc_rates(hb: Handbook, grade: str = "C") -> dict[str, float]:
    """P(event) per plate appearance with runners on, every grade ``grade`` (exact: check share x cells/100)."""
    check = len(hb.on_base_check) / 100
    return {event: check * widths[grade] / 100 for event, _, widths in hb.pc_zones}


def steal_attempt(hb: Handbook, steal: int) -> float:
    """A(S'): the chance an automatic runner with adjusted STEAL S' attempts, per chance (exact)."""
    if steal < 0:
        return 0.0
    cells = sum(1 for reading in range(100) if reading // 10 <= min(steal, 9) and hb.steal[reading]["A"] != "-")
    return cells / 100


def steal_success(hb: Handbook, letter: str, steal: int = 9) -> float:
    """SB / (SB + CS) for a letter over the decades an adjusted STEAL reaches (exact)."""
    sb = cs = 0
    for reading in range(min(max(steal, 0), 9) * 10 + 10):
        cell = hb.steal[reading][letter]
        sb += cell == "SB"
        cs += cell == "CS"
    return sb / (sb + cs) if sb + cs else 0.0


def event_grade(rate: float, cuts: Sequence[float]) -> str:
    """A pitcher's WP or BK grade (per batter faced) or a catcher's PB grade (per inning-out) from the
    handbook's cut points ``hb.cuts["wp" | "bk" | "pb"]``: A when the rate is at most the first cut,
    B at most the second ... F above the last."""
    for grade, cut in zip(EVENT_GRADES, cuts, strict=False):
        if rate <= cut:
            return grade
    return EVENT_GRADES[-1]


def steal_letter(success: float, cuts: Sequence[float]) -> str:
    """A runner's STEAL letter from his (shrunk) success rate and ``hb.cuts["steal_success"]``
    (ascending): A at or above the last cut, B at or above the one before ... F below the first."""
    for letter, cut in zip(STEAL_LETTERS, reversed(cuts), strict=False):
        if success >= cut:
            return letter
    return STEAL_LETTERS[-1]


def steal_number(hb: Handbook, attempts_per_chance: float) -> int:
    """The STEAL number 0-9 whose attempt chance A(n) is nearest a runner's attempts per chance (ties: lower)."""
    return min(range(10), key=lambda n: (round(abs(steal_attempt(hb, n) - attempts_per_chance), 12), n))


def window_hr(hb: Handbook, team: str, park: str) -> float:
    """Expected home runs among the 20 window rolls for an eligible batter of ``team`` in ``park``."""
    t = hb.teams.get(team, hb.teams[AVERAGE])
    p = hb.parks.get(park, hb.parks[AVERAGE])
    park_hr = sum(1 for c in p if c == "HR") / 10
    return sum(1.0 if t[r] == "HR" else park_hr if t[r] == "PARK" else 0.0 for r in WINDOW)


def _roll(roll: int) -> int:
    if not 0 <= roll <= 99:
        raise ValueError(f"a percentile roll is 00-99; got {roll}")
    return roll


def _digit(d: int) -> int:
    if not 0 <= d <= 9:
        raise ValueError(f"a die reads 0-9; got {d}")
    return d


def _injury_grade(grade: str) -> str:
    if grade not in INJURY_GRADES:
        raise ValueError(f"an injury rating is one of {' '.join(INJURY_GRADES)}; got {grade!r}")
    return grade
