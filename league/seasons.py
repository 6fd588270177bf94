"""A league's seasons: closing the finished one and opening the next (issue 28, docs/seasons.md).

Pure: no I/O. The store (league.store.seasons) reads what it needs and makes the change in one
transaction; this module decides who a team keeps before a redraft, which card of a new set a player
takes, and says it all in words both front ends show.

A season is finished when its playoffs have a champion, or, for a league that plays none, when every
game of its schedule is final (the regular season's leader is then its champion). ``season new``
closes it (a ``season`` row: its sets, champion, closing day) and opens the next: day 1, pitchers
rested, injuries healed (or carried: ``carry_injuries``), pending trades withdrawn, rosters kept or
released to the pool but for each team's keepers (``redraft``, ``keepers``), and with a new card set
each rostered player takes his card of the same person from it (``retire_missing``: one without a
card is released, else he keeps his old card). Past seasons' games and tables keep their card ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from league.names import plural

ChangeKind = Literal["new card", "kept old card", "retired", "released"]


@dataclass(frozen=True)
class PlayerChange:
    """What a new season did to one rostered player: his new card, his old one kept for want of a new
    one, or his release (a redraft, or no card in the new set)."""

    kind: ChangeKind
    team: str  # the team's name
    name: str
    card_id: str
    new_card_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "team": self.team,
            "name": self.name,
            "card_id": self.card_id,
            "new_card_id": self.new_card_id,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerChange:
        return cls(data["kind"], data["team"], data["name"], data["card_id"], data.get("new_card_id"))

    def text(self) -> str:
        if self.kind == "new card":
            return f"{self.name} ({self.team}): {self.card_id} -> {self.new_card_id}"
        if self.kind == "kept old card":
            return f"{self.name} ({self.team}) has no card in the new set and keeps {self.card_id}"
        if self.kind == "retired":
            return f"{self.name} ({self.team}) has no card in the new set and retires to the pool"
        return f"{self.name} ({self.team}) is released to the pool"


@dataclass(frozen=True)
class SeasonRecord:
    """One season of a league: ``state`` says where it stands ("closed", "playoffs", "regular season",
    "finished": over and waiting for ``season new``)."""

    league: str
    number: int
    card_sets: tuple[str, ...]
    state: str
    card_set: str | None = None  # the set its players took their cards from at its start
    champion: str | None = None
    champion_team_id: int | None = None
    opened_day: int | None = None
    closed_day: int | None = None
    closed_at: str | None = None
    changes: tuple[PlayerChange, ...] = field(default=())

    def missing(self) -> list[PlayerChange]:
        """The players the season's new set had no card for."""
        return [c for c in self.changes if c.kind in ("kept old card", "retired")]


@dataclass(frozen=True)
class NewSeason:
    """What ``season new`` did: the season it closed and the one it opened."""

    closed: SeasonRecord
    opened: SeasonRecord
    withdrawn_trades: int
    healed: int  # injuries healed (0 when they carry)
    carried: int  # injuries carried into the new season


def keeper_order(
    marked: Sequence[str],
    lineups: Iterable[Sequence[str]],
    rotation: Sequence[str],
    bullpen: Mapping[str, str],
    batters: Sequence[str],
    pitchers: Sequence[str],
    hitting: Callable[[str], float],
) -> list[str]:
    """A team's players in the order it keeps them before a redraft: the ones its manager or a commissioner
    marked, then its saved lineups' men (vs right-handers first, in batting order), its rotation, its
    bullpen by role (closer, setup, middle, long), then the other batters by hitting score (the auto-manager's
    ``engine.lineup.hitting_score``) and the other pitchers in roster order."""
    order = list(marked)
    for lineup in lineups:
        order += lineup
    order += rotation
    roles = ("closer", "setup", "middle", "long")
    order += sorted(bullpen, key=lambda card_id: roles.index(bullpen[card_id]) if bullpen[card_id] in roles else 9)
    order += sorted(batters, key=hitting, reverse=True)
    order += pitchers
    rostered = {*batters, *pitchers}
    return [card_id for card_id in dict.fromkeys(order) if card_id in rostered]


def new_season_text(done: NewSeason) -> str:
    """The announcement: the season closed and its champion, the one opened, and every player without a new card."""
    closed, opened = done.closed, done.opened
    champion = f"; champion: {closed.champion}" if closed.champion else ""
    lines = [f"{opened.league}: season {closed.number} is closed{champion}. Season {opened.number} begins on day 1."]
    if opened.card_set:
        moved = [c for c in opened.changes if c.kind == "new card"]
        lines.append(f"Cards from {opened.card_set}: {plural(len(moved), 'player')} took a new card.")
        missing = opened.missing()
        if missing:
            lines.append(f"No card in {opened.card_set} for {plural(len(missing), 'player')}:")
            lines += [f"- {c.text()}" for c in missing]
    released = [c for c in opened.changes if c.kind == "released"]
    if released:
        lines.append(f"Redraft: {plural(len(released), 'player')} released to the pool; each team kept its keepers.")
    if done.withdrawn_trades:
        lines.append(f"{plural(done.withdrawn_trades, 'pending trade')} withdrawn.")
    if done.carried:
        lines.append(f"{plural(done.carried, 'injured player')} carry their days into the new season.")
    return "\n".join(lines)


def season_text(record: SeasonRecord) -> str:
    """``season show``: the season's number, sets, state and, once closed, its champion."""
    lines = [f"{record.league}, season {record.number}: {record.state}"]
    lines.append(f"Card sets: {', '.join(record.card_sets)}")
    if record.card_set:
        lines.append(f"Cards taken from {record.card_set} at its start")
    if record.champion:
        lines.append(f"Champion: {record.champion}")
    if record.closed_day is not None:
        lines.append(f"Closed on day {record.closed_day} ({record.closed_at})")
    missing = record.missing()
    if missing:
        lines.append(f"Without a card in {record.card_set}:")
        lines += [f"- {c.text()}" for c in missing]
    return "\n".join(lines)


def keepers_text(team: str, names: Sequence[str], keepers: int, redraft: bool) -> str:
    """A team's keepers in order (``season keepers``): who it keeps if the league redrafts at the next season."""
    if not keepers:
        return f"{team} keeps nobody: the league rule keepers is 0."
    head = f"{team} keeps {plural(keepers, 'player')} before a redraft"
    when = "" if redraft else " (the league rule redraft is off: every roster is kept whole)"
    return f"{head}{when}: " + (", ".join(names) or "nobody on its roster")
