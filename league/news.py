"""The daily news: what one league day brought, in a few lines (docs/news.md).

A league service: it reads the store (:meth:`Store.day_record`, nothing written) and tells, for one
day, in this order:

- milestones of the day's final games: a perfect game, a no-hitter (one pitcher's or combined), hitting
  for the cycle, three or more home runs in a game; and the season totals crossed that day in the
  regular season (:data:`MILESTONES`: a batter's 30th/40th/50th/60th home run, 100th/150th RBI, 200th
  hit; a pitcher's 20th/25th/30th win, 40th/50th save, 200th/300th strikeout);
- injuries suffered that day that cost days, and the players whose injury ended that day;
- roster moves: a trade as one item (who went where), then signings, releases, the injured list.

The Discord bot posts a day's items as one embed in the league's channel (bot.discord.cogs.news), the
terminal prints them (``dugout news``); a day with no item is not posted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from league.store import Store
from league.store.news import DayGame, DayRecord

Kind = Literal["milestone", "injury", "return", "trade", "move"]

# Season totals worth a line when a player reaches them: (table, count, thresholds, what one is called).
MILESTONES: tuple[tuple[str, str, tuple[int, ...], str], ...] = (
    ("batting", "hr", (30, 40, 50, 60), "home run"),
    ("batting", "rbi", (100, 150), "RBI"),
    ("batting", "h", (200,), "hit"),
    ("pitching", "w", (20, 25, 30), "win"),
    ("pitching", "s", (40, 50), "save"),
    ("pitching", "k", (200, 300), "strikeout"),
)
HEADINGS: dict[Kind, str] = {
    "milestone": "Milestones",
    "injury": "Injuries",
    "return": "Back from injury",
    "trade": "Trades",
    "move": "Roster moves",
}
NAMED_MOVES = 5
MOVE_WORDS = {
    "sign": "{team} sign {name}",
    "release": "{team} release {name}",
    "injured_list": "{team} place {name} on the injured list",
    "activate": "{team} activate {name} from the injured list",
}


@dataclass(frozen=True)
class NewsItem:
    kind: Kind
    text: str


@dataclass(frozen=True)
class DayNews:
    league: str
    season: int
    day: int
    items: tuple[NewsItem, ...]

    @property
    def title(self) -> str:
        return f"{self.league}: the news of day {self.day} (season {self.season})"

    def sections(self) -> list[tuple[str, list[str]]]:
        """(heading, lines) for each kind of news the day has, in :data:`HEADINGS`' order."""
        return [
            (heading, [i.text for i in self.items if i.kind == kind])
            for kind, heading in HEADINGS.items()
            if any(i.kind == kind for i in self.items)
        ]


async def day_news(store: Store, league_id: int, day: int | None = None, season: int | None = None) -> DayNews:
    """The news of a day of the season (default: the last day played, the day before the league's today)."""
    league = await store.league(league_id)
    if day is None:
        day = max(1, league.day - 1)
    return news_of(await store.day_record(league_id, day, season))


def news_of(record: DayRecord) -> DayNews:
    """The day's items from what the store read."""
    items = [*_game_feats(record.games), *_season_marks(record)]
    key = {t.id: t.abbreviation for t in record.teams.values()}

    def who(card_id: str, team_id: int | None) -> str:
        team = f" ({key[team_id]})" if team_id in key else ""
        return f"{record.names.get(card_id, card_id)}{team}"

    for hurt in record.injuries:
        items.append(
            NewsItem("injury", f"{who(hurt.card_id, hurt.team_id)} is hurt ({hurt.kind}): out {_days(hurt.days)}")
        )
    for back in record.returns:
        text = f"{who(back.card_id, back.team_id)} is healed after {_days(back.days)} out"
        items.append(NewsItem("return", text))
    items.extend(_moves(record, key))
    return DayNews(record.league.name, record.season, record.day, tuple(items))


def _days(days: int) -> str:
    return f"{days} day" if days == 1 else f"{days} days"


# --- a game's feats -----------------------------------------------------------------------------


def _game_feats(games: Sequence[DayGame]) -> list[NewsItem]:
    items = []
    for game in games:
        box = game.box
        innings = int((box.get("line") or {}).get("innings", 9))
        for side, other in (("away", "home"), ("home", "away")):
            team, opponent = (game.away, game.home) if side == "away" else (game.home, game.away)
            items.extend(_no_hitter(box[side], box[other], team, opponent, innings, game.phase))
            for line in box[side]["batting"]:
                name = f"{line['name']} ({team})"
                singles = line["h"] - line["doubles"] - line["triples"] - line["hr"]
                if min(singles, line["doubles"], line["triples"], line["hr"]) >= 1:
                    items.append(NewsItem("milestone", f"{name} hits for the cycle against {opponent}"))
                if line["hr"] >= 3:
                    items.append(NewsItem("milestone", f"{name} hits {line['hr']} home runs against {opponent}"))
    return items


def _no_hitter(
    pitching_box: Mapping[str, Any], batting_box: Mapping[str, Any], team: str, opponent: str, innings: int, phase: str
) -> list[NewsItem]:
    """A team's no-hitter: no hit allowed over at least the game's full length (nine innings, or fewer in a
    shorter game) pitched; perfect when nobody reached base (no walk, hit batter, interference or error)."""
    pitchers = pitching_box["pitching"]
    if not pitchers or sum(p["h"] for p in pitchers) or sum(p["outs"] for p in pitchers) < 3 * min(9, innings):
        return []
    reached = sum(b["bb"] + b["hbp"] + b["ci"] for b in batting_box["batting"])
    reached += sum(f["e"] for f in pitching_box["fielding"])
    feat = "a perfect game" if reached == 0 else "a no-hitter"
    where = " in the playoffs" if phase == "playoffs" else ""
    if len(pitchers) == 1:
        text = f"{pitchers[0]['name']} ({team}) pitches {feat} against {opponent}{where}"
    else:
        names = ", ".join(p["name"] for p in pitchers)
        text = f"{team} ({names}) combine on {feat} against {opponent}{where}"
    return [NewsItem("milestone", text)]


# --- season totals crossed ----------------------------------------------------------------------


def _box_counts(boxes: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], dict[str, int]]:
    """{(table, player): {count: total}} of the milestones' counts over some box scores."""
    counts: dict[tuple[str, str], dict[str, int]] = {}
    for box in boxes:
        for side in ("away", "home"):
            for line in box[side]["batting"]:
                mine = counts.setdefault(("batting", str(line["player"])), {})
                for name in ("hr", "rbi", "h"):
                    mine[name] = mine.get(name, 0) + line[name]
            for line in box[side]["pitching"]:
                mine = counts.setdefault(("pitching", str(line["player"])), {})
                marks = {m.strip() for m in str(line.get("decision") or "").split(",")}
                mine["w"] = mine.get("w", 0) + ("W" in marks)
                mine["s"] = mine.get("s", 0) + ("S" in marks)
                mine["k"] = mine.get("k", 0) + line["k"]
    return counts


def _season_marks(record: DayRecord) -> list[NewsItem]:
    """Regular-season totals the day's games carried past a milestone: the totals at the end of the day
    (the season tables now, less the games played after it) against the same less the day's own games."""
    today = _box_counts(g.box for g in record.games if g.phase == "regular")
    later = _box_counts(record.later)
    items = []
    for (table, player), counts in today.items():
        line: Any = (record.totals.batting if table == "batting" else record.totals.pitching).get(player)
        if line is None:
            continue
        for kind, stat, thresholds, noun in MILESTONES:
            if kind != table or not counts.get(stat):
                continue
            after = getattr(line, stat) - later.get((table, player), {}).get(stat, 0)
            before = after - counts[stat]
            for mark in thresholds:
                if before < mark <= after:
                    items.append(
                        NewsItem("milestone", f"{line.name} ({line.team}) reaches {mark} {_plural(noun, mark)}")
                    )
    return items


def _plural(noun: str, count: int) -> str:
    return noun if noun == "RBI" or count == 1 else f"{noun}s"


# --- roster moves --------------------------------------------------------------------------------


def _moves(record: DayRecord, key: Mapping[int, str]) -> list[NewsItem]:
    """A trade a line (who got whom); the other moves a line per team and kind, naming up to
    :data:`NAMED_MOVES` players ("HC sign 26 players" on the day a league is made or drafted)."""
    trades: dict[int, dict[str, list[str]]] = {}  # trade id -> team getting -> names
    moves: dict[tuple[str, str], list[str]] = {}  # (team, kind) -> names
    for move in record.moves:
        name = record.names.get(move.card_id, move.card_id)
        team = key.get(move.team_id or move.from_team_id or 0, "?")  # a release: the team he left
        if move.kind == "trade":
            trades.setdefault(move.trade_id or -move.id, {}).setdefault(team, []).append(name)
        else:
            moves.setdefault((team, move.kind), []).append(name)
    items = [
        NewsItem("trade", "Trade: " + "; ".join(f"{team} get {_and(names)}" for team, names in got.items()))
        for got in trades.values()
    ]
    for (team, kind), names in moves.items():
        who = _and(names) if len(names) <= NAMED_MOVES else f"{len(names)} players"
        items.append(NewsItem("move", MOVE_WORDS[kind].format(team=team, name=who)))
    return items


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# --- posting once a day ------------------------------------------------------------------------------

CATCH_UP_DAYS = 30  # a league that moved on further without a post gets the news of its last 30 days


async def claim_due(store: Store, league_id: int) -> list[DayNews]:
    """The news of the league's days played and not posted yet, each day claimed (Store.claim_news_day)
    before it is returned: the caller posts what it gets, and no other caller (another bot, this one after
    a restart) gets the same day. Days with no item are claimed and left out; a day before the last
    :data:`CATCH_UP_DAYS` is passed over. The one function here that writes: the mark of the last day posted."""
    league = await store.league(league_id)
    last = league.day - 1  # the last day played: today is still going on
    posted = await store.news_posted(league_id)
    first = 1 if posted is None or posted[0] != league.season else posted[1] + 1
    due = []
    for day in range(max(first, last - CATCH_UP_DAYS + 1), last + 1):
        news = await day_news(store, league_id, day, league.season)  # read first: a claimed day is posted at once
        if await store.claim_news_day(league_id, league.season, day) and news.items:
            due.append(news)
    return due
