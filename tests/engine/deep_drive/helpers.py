"""Hand-made Deep Drive cards, a hand-made season handbook and scripted dice for rule tests.

The DEF chart here is the test's own: row 63 is the one the book prints in its sample half inning
("[Shortstop] G6 (0) SI+ (1) SI"); the other rows are made up so a test can name a fielder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cards.deep_drive.models import Ballpark, Batter, Pitcher
from cards.notation import Position
from engine.deep_drive.handbook import Injury
from engine.deep_drive.options import DeepDriveOptions
from engine.deep_drive.readers import REGISTERED
from engine.dice import ScriptedDice
from engine.game import Game
from engine.setup import GameSetup, LineupSpot, TeamSetup
from engine.situation import Situation

TEST_HANDBOOK = "test-handbook"


def face(value: int) -> tuple[int, int]:
    """One d10 showing ``value`` (0-9): its 10 face reads 0."""
    return (10, value or 10)


def pct(reading: int, mod: int) -> list[tuple[int, int]]:
    """Red, white and green for a plate appearance (or a re-roll) that reads ``reading`` with ``mod``."""
    return [face(reading // 10), face(reading % 10), face(mod)]


def two(reading: int) -> list[tuple[int, int]]:
    """Red and white reading 00-99."""
    return [face(reading // 10), face(reading % 10)]


def dice(*groups: list[tuple[int, int]]) -> ScriptedDice:
    return ScriptedDice([roll for group in groups for roll in group])


# --- the handbook ----------------------------------------------------------------------------


@dataclass(frozen=True)
class DefRead:
    fielder: str
    result: str


@dataclass
class HandMadeHandbook:
    """DEF rows by roll: (fielder, base code, ((threshold, result), ...)); a roll without a row is
    a plain G6 to the shortstop. Errors read ``error``; Ballpark Effects read ``park``."""

    rows: dict[int, tuple[str, str, tuple[tuple[int, str], ...]]]
    error: str = "E1"
    park: str = "HR"

    def read_def(self, roll: int, ratings: Mapping[str, int]) -> DefRead:
        fielder, base, overrides = self.rows.get(roll, ("SS", "G6", ()))
        rating = ratings[fielder]
        for threshold, result in overrides:
            if rating <= threshold:
                return DefRead(fielder, result)
        return DefRead(fielder, base)

    def read_error(self, fielder: str, mod: int, white: int, *, empty_or_two_out: bool) -> str:
        return self.error

    def ballpark_effect(self, team: str, park: str, roll: int, mod: int, deep_fly: str) -> str:
        return deep_fly if self.park == "FO" else self.park

    def in_game_injury(self, roll: int, grade: str) -> Injury:
        """Out for the game and 10 more on 00-49 (AA never), fine otherwise."""
        return Injury(out_for_game=True, days=10) if roll < 50 and grade != "AA" else Injury(out_for_game=False)

    def odd_play(self, code: str, mod: int) -> tuple[str, str]:
        return (f"an odd {code}", "as-rolled")

    def steal_auto(self, mod: int, white: int, steal: int, letter: str, adjust: int = 0) -> str | None:
        """The runner goes when the mod die is at most STEAL + adjust; 00-49 (as mod and white) is SB."""
        if mod > steal + adjust:
            return None
        return "SB" if 10 * mod + white < 50 else "CS"

    def steal_manual(self, red: int, white: int, steal: int, letter: str, adjust: int = 0) -> str | None:
        """A runner sent by hand gets his jump when the red die is at most STEAL + adjust; then 00-49 is SB."""
        if red > steal + adjust:
            return None
        return "SB" if 10 * red + white < 50 else "CS"

    def on_base_event(self, roll: int) -> bool:
        return roll >= 90

    def pitcher_catcher(self, roll: int, *, wp: str, bk: str, po: str, pb: str) -> str | None:
        """00-09 WP, 10-19 PB, 20-29 BK, 30-39 PO, else nothing (grades ignored)."""
        return {0: "WP", 1: "PB", 2: "BK", 3: "PO"}.get(roll // 10)


BOOK_ROWS: dict[int, tuple[str, str, tuple[tuple[int, str], ...]]] = {
    63: ("SS", "G6", ((0, "SI+"), (1, "SI"))),  # DDB "Sample Half Inning of Play"
    10: ("1B", "G3", ((2, "SI+"), (3, "SI"))),
    20: ("RF", "F9", ((2, "SI+"), (3, "SI"))),
    30: ("2B", "G4", ((1, "SI"),)),
    40: ("3B", "G5", ((6, "ERR"),)),
    50: ("CF", "F8", ((3, "SI+"),)),
    60: ("P", "G1", ()),
}


def register(book: HandMadeHandbook | None = None) -> HandMadeHandbook:
    book = book or HandMadeHandbook(dict(BOOK_ROWS))
    REGISTERED[TEST_HANDBOOK] = book
    return book


# --- cards -----------------------------------------------------------------------------------

BATTER_CHANCES = {
    "DD": "00-04",
    "SI+": "05-07",
    "SI": "08-14",
    "BB": "15-19",
    "HBP": "20",
    "SO": "21-29",
    "DEF": "30-34",
    "OUT": "35-49",
}
PITCHER_CHANCES = {
    "DD": "50-52",
    "SI+": "53-55",
    "SI": "56-59",
    "BB": "60-64",
    "HBP": "65",
    "SO": "66-75",
    "DEF": "76-79",
    "OUT": "80-99",
}
OUTS = ["G6", "G4", "F7", "F8", "G5h", "L6", "P4", "Pf", "F8", "G3"]
DEEP = {"HR": "00-29", "TR": "30-34", "DO": "35-64", "F8d": "65-99"}


def batter(
    key: str, name: str | None = None, *, team: str = "test", positions: list[str] | None = None, **fields: Any
) -> Batter:
    data: dict[str, Any] = {
        "id": key,
        "name": name or key.title(),
        "team": team,
        "year": 2016,
        "bats": "R",
        "injury": "B",
        "positions": positions or ["RF 3"],
        "chances": dict(BATTER_CHANCES),
        "outs": list(OUTS),
        "deep_drive": dict(DEEP),
        "handmade": True,
    }
    data.update(fields)
    return Batter.model_validate(data)


def pitcher(key: str, name: str | None = None, *, team: str = "test", **fields: Any) -> Pitcher:
    data: dict[str, Any] = {
        "id": key,
        "name": name or key.title(),
        "team": team,
        "year": 2016,
        "throws": "R",
        "injury": "B",
        "positions": ["P 3"],
        "chances": dict(PITCHER_CHANCES),
        "outs": list(OUTS),
        "usage": "STARTER (4)",
        "endurance": "7",
        "wp": "C",
        "bk": "C",
        "po": "C",
        "handmade": True,
    }
    data.update(fields)
    return Pitcher.model_validate(data)


FIELD = [
    ("C", "C 3 PB:C"),
    ("1B", "1B 3"),
    ("2B", "2B 3"),
    ("3B", "3B 3"),
    ("SS", "SS 3"),
    ("LF", "LF 3"),
    ("CF", "CF 3"),
    ("RF", "RF 3"),
    ("DH", "DH"),
]


def team(
    prefix: str,
    name: str,
    *,
    overrides: Mapping[str, Batter] | None = None,
    starter: Pitcher | None = None,
    bullpen: tuple[Pitcher, ...] = (),
    ratings: Mapping[str, int] | None = None,
    bench: tuple[Batter, ...] = (),
    dh: bool = True,
) -> TeamSetup:
    """Nine hand-made batters, one at each position (with the DH; ``dh=False``: the pitcher bats
    ninth with a generic batting card), a starter, and the ``bench``."""
    lineup = []
    for position, line in FIELD:
        if position == "DH" and not dh:
            continue
        if overrides and position in overrides:
            card = overrides[position]
        else:
            if ratings and position in ratings:
                line = line.replace(" 3", f" {ratings[position]}", 1)
            card = batter(f"{prefix}-{position.lower()}", f"{name} {position}", team=prefix, positions=[line])
        lineup.append(LineupSpot(card, Position(position)))
    starter = starter or pitcher(f"{prefix}-sp", f"{name} starter", team=prefix)
    batting = None
    if not dh:
        batting = batter(f"{prefix}-pb", "Pitcher batting", team=prefix, positions=["P 1"])
        lineup.append(LineupSpot(batting, Position.P))  # the game puts the starter's id on it
    return TeamSetup(
        name=name,
        lineup=tuple(lineup),  # type: ignore[arg-type]
        pitcher=starter,  # type: ignore[arg-type]
        pitcher_batting=batting,  # type: ignore[arg-type]
        bench=bench,  # type: ignore[arg-type]
        bullpen=bullpen,  # type: ignore[arg-type]
    )


def park() -> Ballpark:
    return Ballpark.model_validate({"id": "test-park", "name": "Test Park", "team": "test", "year": 2016})


def setup(away: TeamSetup | None = None, home: TeamSetup | None = None, **options: Any) -> GameSetup:
    handbook = options.pop("handbook", TEST_HANDBOOK)
    # Steals and the On-Base Event roll are off unless a test is about them: the other tests'
    # scripts then name only the rolls of their own rule.
    opts = {"designated_hitter": True, "dd_steals": False, "dd_on_base_events": False, **options}
    return GameSetup(
        away or team("away", "Away"),
        home or team("home", "Home"),
        park(),  # type: ignore[arg-type]
        DeepDriveOptions(**opts),
        ruleset="deep-drive-1.2.5",
        handbook=handbook,
    )


def play(
    game_setup: GameSetup, rolls: ScriptedDice, situation: Situation | None = None, until: str = "plate_appearance"
) -> Game:
    """A game from ``situation`` that plays until ``until`` with scripted dice; every roll must be used."""
    game = Game(game_setup, 0, dice=rolls, situation=situation, until=until)
    rolls.assert_done()
    return game


def answers(**by_kind: str) -> Any:
    """An auto-manager that answers the named kinds of request so, and takes the suggestion otherwise."""

    def answer(request: Any) -> str:
        return by_kind.get(request.kind, request.suggestion)

    return answer


def runner(key: str, run: str = "avg") -> Batter:
    return batter(key, key.upper(), run=run, positions=["LF 3"])


def hitter(outs: list[str] | str, chances: dict[str, str] | None = None, **fields: Any) -> Batter:
    """The away team's leadoff man, whose OUTS read ``outs`` (one code for every mod die, if a str)."""
    codes = [outs] * 10 if isinstance(outs, str) else outs
    return batter(
        "hitter", "Hitter", positions=["C 3 PB:C"], outs=codes, chances=chances or dict(BATTER_CHANCES), **fields
    )


def at(
    lead_off: Batter,
    rolls: ScriptedDice,
    *,
    runners: tuple[Batter | None, Batter | None, Batter | None] = (None, None, None),
    outs: int = 0,
    inning: int = 1,
    top: bool = True,
    home_ratings: Mapping[str, int] | None = None,
    away_ratings: Mapping[str, int] | None = None,
    score: tuple[int, int] = (0, 0),
    auto: Any = None,
    **options: Any,
) -> Game:
    """One plate appearance by ``lead_off`` (the batting team's first man up) from a stated situation."""
    from engine.situation import TeamSituation

    batting_first = {"C": lead_off}
    away = team("away", "Away", overrides=batting_first if top else None, ratings=away_ratings)
    home = team("home", "Home", overrides=None if top else batting_first, ratings=home_ratings)
    situation = Situation(
        inning=inning,
        top=top,
        outs=outs,
        runners=runners,
        away=TeamSituation(runs=score[0]),
        home=TeamSituation(runs=score[1]),
    )
    game = Game(
        setup(away, home, **options), 0, dice=rolls, situation=situation, until="plate_appearance", auto_manager=auto
    )
    rolls.assert_done()
    return game


def bases(game: Game) -> tuple[str, str, str]:
    return tuple(r.id if r is not None else "-" for r in game.state.bases)  # type: ignore[return-value]
