"""What the league refuses, as named errors whose message says what is wrong and what to do.

A refused operation changes nothing: the store raises before it writes, or inside a
transaction that is then rolled back. Front ends show ``str(error)`` to the person asking.
"""

from __future__ import annotations


class LeagueError(Exception):
    """Anything the league refuses; the message is meant for the person who asked."""


class DatabaseError(LeagueError):
    """The database file cannot be used as it is (unknown version, a broken migration, a bad backup path)."""


class NotFound(LeagueError):
    """No such league, team, game, trade or card."""


class AlreadyExists(LeagueError):
    """A name, abbreviation or card set that is already taken."""


class NotAllowed(LeagueError):
    """The person asking may not do this (not the team's manager, not a commissioner)."""


class CardError(LeagueError):
    """A card the league cannot use: not in its card sets, or the wrong kind of card."""


class RosterError(LeagueError):
    """A roster move the rules refuse: a card already on a team, a full roster, a player not on the team."""


class TradeError(LeagueError):
    """A trade that cannot be proposed, accepted or executed as it stands."""


class LineupError(LeagueError):
    """An illegal lineup, rotation or bullpen: positions missing or doubled, a player twice, the wrong player."""


class PlayerUnavailable(LineupError):
    """A player who is injured or resting, put in a lineup or named to start."""


class GameError(LeagueError):
    """A game in the wrong state for what was asked (finishing a game not begun, replaying another game)."""


class SettingsError(LeagueError):
    """League options or rules that are not valid."""


class SeasonClosed(GameError):
    """A season that takes no more games of a kind: its regular season is over (every scheduled game final,
    or its playoffs begun), or its playoffs have a champion. The message says what comes next."""


class SeasonNotOver(GameError):
    """``season new`` before the season is finished (its playoffs without a champion, or, with no playoffs,
    its schedule not all final). The message says what is left."""


class NotOnSchedule(GameError):
    """A regular-season game added to a season that has a schedule (``schedule_season``): only its
    schedule's games count, so one more would change its standings."""


class GameBusy(GameError):
    """A live game another process is playing now (it holds the game's lease: league.lease)."""


class DayMoved(GameError):
    """A league day played by a run that began on another day: another process (or a commissioner) played the
    day meanwhile, so this run does not move the league on again."""
