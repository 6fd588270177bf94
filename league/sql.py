"""Every SQL statement the league runs, as named constants (the tables are in migrations/).

Parameters are ``?`` placeholders, in the order each statement's comment or column list
gives. Optional filters read ``(? IS NULL OR column = ?)``: pass the value twice.
"""

from __future__ import annotations

# --- connection and transactions ------------------------------------------------------------

PRAGMA_BUSY_TIMEOUT = "PRAGMA busy_timeout = {ms:d}"
PRAGMA_JOURNAL_WAL = "PRAGMA journal_mode = WAL"
PRAGMA_FOREIGN_KEYS_ON = "PRAGMA foreign_keys = ON"
PRAGMA_USER_VERSION = "PRAGMA user_version"
PRAGMA_SET_USER_VERSION = "PRAGMA user_version = {version:d}"
SELECT_TABLE_NAMES = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name"
BEGIN = "BEGIN"
BEGIN_IMMEDIATE = "BEGIN IMMEDIATE"
COMMIT = "COMMIT"
ROLLBACK = "ROLLBACK"
VACUUM_INTO = "VACUUM INTO ?"

NOW = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

# --- leagues --------------------------------------------------------------------------------

INSERT_LEAGUE = "INSERT INTO league (name, ruleset, options, rules, season, guild_id) VALUES (?, ?, ?, ?, ?, ?)"
SELECT_LEAGUE = "SELECT * FROM league WHERE id = ?"
# (guild_id or NULL, name)
SELECT_LEAGUE_NAMES_IN_GUILD = "SELECT id, name FROM league WHERE guild_id IS ? ORDER BY id"
SELECT_LEAGUES_IN_GUILD = "SELECT id FROM league WHERE guild_id IS ? ORDER BY name COLLATE NOCASE"
SELECT_ALL_LEAGUES = "SELECT id FROM league ORDER BY name COLLATE NOCASE, id"
UPDATE_LEAGUE_OPTIONS = "UPDATE league SET options = ? WHERE id = ?"
UPDATE_LEAGUE_RULES = "UPDATE league SET rules = ? WHERE id = ?"
# (days, league_id)
ADVANCE_LEAGUE_DAY = "UPDATE league SET day = day + ? WHERE id = ?"

INSERT_LEAGUE_CARD_SET = "INSERT INTO league_card_set (league_id, position, card_set) VALUES (?, ?, ?)"
SELECT_LEAGUE_CARD_SETS = "SELECT card_set FROM league_card_set WHERE league_id = ? ORDER BY position"

INSERT_COMMISSIONER = "INSERT OR IGNORE INTO commissioner (league_id, user_id) VALUES (?, ?)"
DELETE_COMMISSIONER = "DELETE FROM commissioner WHERE league_id = ? AND user_id = ?"
SELECT_COMMISSIONERS = "SELECT user_id FROM commissioner WHERE league_id = ? ORDER BY rowid"

UPSERT_LEAGUE_CHANNEL = """
INSERT INTO league_channel (league_id, purpose, channel_id) VALUES (?, ?, ?)
ON CONFLICT (league_id, purpose) DO UPDATE SET channel_id = excluded.channel_id
"""
DELETE_LEAGUE_CHANNEL = "DELETE FROM league_channel WHERE league_id = ? AND purpose = ?"
SELECT_LEAGUE_CHANNELS = "SELECT purpose, channel_id FROM league_channel WHERE league_id = ? ORDER BY purpose"

# --- teams ----------------------------------------------------------------------------------

# (league_id, name, abbreviation, ballpark, manager_id, division)
INSERT_TEAM = """
INSERT INTO team (league_id, name, abbreviation, ballpark, manager_id, division) VALUES (?, ?, ?, ?, ?, ?)
"""
SELECT_TEAM = "SELECT * FROM team WHERE id = ?"
SELECT_TEAMS = "SELECT * FROM team WHERE league_id = ? ORDER BY id"
UPDATE_TEAM_NAME = "UPDATE team SET name = ?, abbreviation = ? WHERE id = ?"
UPDATE_TEAM_BALLPARK = "UPDATE team SET ballpark = ? WHERE id = ?"
UPDATE_TEAM_DIVISION = "UPDATE team SET division = ? WHERE id = ?"
UPDATE_TEAM_SUBLEAGUE = "UPDATE team SET subleague = ? WHERE id = ?"
UPDATE_TEAM_MANAGER = "UPDATE team SET manager_id = ? WHERE id = ?"
UPDATE_TEAM_NEXT_SLOT = "UPDATE team SET next_slot = ? WHERE id = ?"

INSERT_CO_MANAGER = "INSERT OR IGNORE INTO co_manager (team_id, user_id) VALUES (?, ?)"
DELETE_CO_MANAGER = "DELETE FROM co_manager WHERE team_id = ? AND user_id = ?"
SELECT_CO_MANAGERS = "SELECT user_id FROM co_manager WHERE team_id = ? ORDER BY rowid"

# --- rosters and their moves ------------------------------------------------------------------

# (league_id, card_id, team_id, kind, since_day)
INSERT_ROSTER = "INSERT INTO roster (league_id, card_id, team_id, kind, since_day) VALUES (?, ?, ?, ?, ?)"
SELECT_ROSTER = "SELECT * FROM roster WHERE team_id = ? ORDER BY status, since_day, rowid"
# (league_id, card_id): the one team of the league he is on, if any
SELECT_ROSTER_ENTRY = "SELECT * FROM roster WHERE league_id = ? AND card_id = ?"
COUNT_ACTIVE_ROSTER = "SELECT count(*) FROM roster WHERE team_id = ? AND status = 'active'"
DELETE_ROSTER_ENTRY = "DELETE FROM roster WHERE league_id = ? AND card_id = ?"
# (status, league_id, card_id)
UPDATE_ROSTER_STATUS = "UPDATE roster SET status = ? WHERE league_id = ? AND card_id = ?"
# (team_id, since_day, league_id, card_id)
UPDATE_ROSTER_TEAM = "UPDATE roster SET team_id = ?, since_day = ? WHERE league_id = ? AND card_id = ?"

# (league_id, season, day, kind, card_id, team_id, from_team_id, trade_id, by_user)
INSERT_ROSTER_MOVE = """
INSERT INTO roster_move (league_id, season, day, kind, card_id, team_id, from_team_id, trade_id, by_user)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
SELECT_ROSTER_MOVE = "SELECT * FROM roster_move WHERE id = ?"
# (league_id, limit)
SELECT_ROSTER_MOVES = "SELECT * FROM roster_move WHERE league_id = ? ORDER BY id DESC LIMIT ?"

# --- trades -------------------------------------------------------------------------------------

# (league_id, offering_team_id, receiving_team_id, proposed_by, proposed_day)
INSERT_TRADE = """
INSERT INTO trade (league_id, offering_team_id, receiving_team_id, proposed_by, proposed_day) VALUES (?, ?, ?, ?, ?)
"""
INSERT_TRADE_CARD = "INSERT INTO trade_card (trade_id, card_id, from_team_id) VALUES (?, ?, ?)"
SELECT_TRADE = "SELECT * FROM trade WHERE id = ?"
SELECT_TRADE_CARDS = "SELECT card_id, from_team_id FROM trade_card WHERE trade_id = ? ORDER BY rowid"
# (league_id, status, status)
SELECT_TRADES = "SELECT id FROM trade WHERE league_id = ? AND (? IS NULL OR status = ?) ORDER BY id"
# (status, decided_by, decided_day, trade_id)
UPDATE_TRADE_STATUS = "UPDATE trade SET status = ?, decided_by = ?, decided_day = ? WHERE id = ?"

# --- lineups, rotations, bullpens -------------------------------------------------------------

# (team_id, vs_hand)
SELECT_LINEUP = "SELECT spot, position, card_id FROM lineup_spot WHERE team_id = ? AND vs_hand = ? ORDER BY spot"
DELETE_LINEUP = "DELETE FROM lineup_spot WHERE team_id = ? AND vs_hand = ?"
# (team_id, vs_hand, spot, position, card_id)
INSERT_LINEUP_SPOT = "INSERT INTO lineup_spot (team_id, vs_hand, spot, position, card_id) VALUES (?, ?, ?, ?, ?)"
# (team_id, card_id)
DELETE_LINEUP_SPOTS_OF = "DELETE FROM lineup_spot WHERE team_id = ? AND card_id = ?"

SELECT_ROTATION = "SELECT slot, card_id FROM rotation_slot WHERE team_id = ? ORDER BY slot"
DELETE_ROTATION = "DELETE FROM rotation_slot WHERE team_id = ?"
INSERT_ROTATION_SLOT = "INSERT INTO rotation_slot (team_id, slot, card_id) VALUES (?, ?, ?)"
# (team_id, card_id)
SELECT_ROTATION_SLOT_OF = "SELECT slot FROM rotation_slot WHERE team_id = ? AND card_id = ?"
DELETE_ROTATION_SLOT_OF = "DELETE FROM rotation_slot WHERE team_id = ? AND card_id = ?"

SELECT_BULLPEN_ROLES = "SELECT card_id, role FROM bullpen_role WHERE team_id = ? ORDER BY rowid"
INSERT_BULLPEN_ROLE = "INSERT INTO bullpen_role (team_id, card_id, role) VALUES (?, ?, ?)"
# (team_id, card_id)
DELETE_BULLPEN_ROLE = "DELETE FROM bullpen_role WHERE team_id = ? AND card_id = ?"

# --- games --------------------------------------------------------------------------------------

# (league_id, season, day, away_team_id, home_team_id)
INSERT_GAME = "INSERT INTO game (league_id, season, day, away_team_id, home_team_id) VALUES (?, ?, ?, ?, ?)"
SELECT_GAME = "SELECT * FROM game WHERE id = ?"
# (league_id, season, day, day, status, status)
SELECT_GAMES = """
SELECT * FROM game
WHERE league_id = ? AND season = ? AND (? IS NULL OR day = ?) AND (? IS NULL OR status = ?)
ORDER BY day, id
"""
SELECT_LIVE_GAMES = "SELECT * FROM game WHERE status = 'live' ORDER BY id"
# A live game of either team, other than the game itself: a team plays one game at a time.
# (game_id, team_id, team_id, team_id, team_id)
SELECT_TEAMS_LIVE_GAME = """
SELECT * FROM game WHERE status = 'live' AND id != ?
    AND (away_team_id IN (?, ?) OR home_team_id IN (?, ?))
ORDER BY id LIMIT 1
"""
# (posted, scoreboard_id, game_id): how far the thread has shown a live game
UPDATE_GAME_POSTED = "UPDATE game SET posted = ?, scoreboard_id = coalesce(?, scoreboard_id) WHERE id = ?"
# (prompt_id, game_id)
UPDATE_GAME_PROMPT = "UPDATE game SET prompt_id = ? WHERE id = ?"
# (paused, game_id)
UPDATE_GAME_PAUSED = "UPDATE game SET paused = ? WHERE id = ?"
# (forfeited_by, away_runs, home_runs, line_score, game_id)
FORFEIT_GAME = f"""
UPDATE game SET status = 'final', forfeited_by = ?, away_runs = ?, home_runs = ?, line_score = ?, box_score = '{{}}',
    played_day = coalesce(played_day, (SELECT day FROM league WHERE league.id = game.league_id)),
    setup = coalesce(setup, '{{}}'), seed = coalesce(seed, 0), finished_at = {NOW}
WHERE id = ?
"""
COUNT_SEASON_GAMES = "SELECT count(*) FROM game WHERE league_id = ? AND season = ?"
# Auto-play (league.autoplay): (league_id, season, day) the scheduled games through a day, and the last
# day with a scheduled game (league_id, season).
SELECT_SCHEDULED_THROUGH = """
SELECT * FROM game WHERE league_id = ? AND season = ? AND status = 'scheduled' AND day <= ? ORDER BY day, id
"""
SELECT_LAST_SCHEDULED_DAY = "SELECT max(day) FROM game WHERE league_id = ? AND season = ? AND status = 'scheduled'"
UPDATE_GAME_STATUS = "UPDATE game SET status = ? WHERE id = ?"
UPDATE_GAME_DAY = "UPDATE game SET day = ?, status = 'scheduled' WHERE id = ?"
# (channel_id, thread_id, game_id)
UPDATE_GAME_CHANNEL = "UPDATE game SET channel_id = ?, thread_id = ? WHERE id = ?"
# (played_day, ruleset, setup, seed, managed, asking, channel_id, thread_id, game_id)
START_GAME = f"""
UPDATE game SET status = 'live', played_day = ?, ruleset = ?, setup = ?, seed = ?, log = '[]', managed = ?,
    asking = ?, time_called = '[]', channel_id = coalesce(?, channel_id), thread_id = coalesce(?, thread_id),
    started_at = {NOW}
WHERE id = ?
"""
# (log, managed, asking, time_called, game_id)
UPDATE_GAME_LOG = "UPDATE game SET log = ?, managed = ?, asking = ?, time_called = ? WHERE id = ?"
# (log, managed, asking, away_runs, home_runs, line_score, box_score, game_id)
FINISH_GAME = f"""
UPDATE game SET status = 'final', log = ?, managed = ?, asking = ?, time_called = '[]',
    away_runs = ?, home_runs = ?, line_score = ?, box_score = ?,
    finished_at = {NOW}
WHERE id = ?
"""

# --- pitchers' rest and injuries ----------------------------------------------------------------

# (game_id, league_id, card_id, team_id, season, day, started, outs, batters_faced, rest_days)
INSERT_PITCHER_USAGE = """
INSERT INTO pitcher_usage (game_id, league_id, card_id, team_id, season, day, started, outs, batters_faced, rest_days)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
# (league_id, season, card_id, card_id)
SELECT_PITCHER_USAGE = """
SELECT * FROM pitcher_usage WHERE league_id = ? AND season = ? AND (? IS NULL OR card_id = ?)
ORDER BY day DESC, game_id DESC
"""
# (league_id, card_id, season, first day, last day)
SELECT_DAYS_PITCHED = """
SELECT DISTINCT day FROM pitcher_usage WHERE league_id = ? AND card_id = ? AND season = ? AND day BETWEEN ? AND ?
"""
# Pitchers still owed rest today: pitched on a day D with R rest days, and today is D … D+R.
# (league_id, season, today, today)
SELECT_RESTING = """
SELECT card_id, max(day) AS last_day, max(day + rest_days) + 1 AS back_on
FROM pitcher_usage
WHERE league_id = ? AND season = ? AND rest_days > 0 AND day <= ? AND day + rest_days >= ?
GROUP BY card_id
"""

# A starter the Bench Usage Chart sat, his turn skipped: (game_id, league_id, card_id, team_id, season, day, rest_days)
INSERT_SKIPPED_START = """
INSERT OR REPLACE INTO skipped_start (game_id, league_id, card_id, team_id, season, day, rest_days)
VALUES (?, ?, ?, ?, ?, ?, ?)
"""
# Starters still resting from a skipped turn, as SELECT_RESTING. (league_id, season, today, today)
SELECT_SKIPPED_RESTING = """
SELECT card_id, max(day) AS last_day, max(day + rest_days) + 1 AS back_on
FROM skipped_start
WHERE league_id = ? AND season = ? AND rest_days > 0 AND day <= ? AND day + rest_days >= ?
GROUP BY card_id
"""

# (league_id, card_id, team_id, game_id, season, day, kind, days, days_left)
INSERT_INJURY = """
INSERT INTO injury (league_id, card_id, team_id, game_id, season, day, kind, days, days_left)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
SELECT_INJURED = """
SELECT card_id, max(days_left) AS days_left FROM injury WHERE league_id = ? AND days_left > 0 GROUP BY card_id
"""
# (league_id, card_id): NULL when he is not injured
SELECT_DAYS_LEFT = "SELECT max(days_left) FROM injury WHERE league_id = ? AND card_id = ? AND days_left > 0"
# (league_id, current only 1/0)
SELECT_INJURIES = """
SELECT * FROM injury WHERE league_id = ? AND (? = 0 OR days_left > 0) ORDER BY season DESC, day DESC, id DESC
"""
# The day being left counts for injuries from an earlier day. (league_id, season, day)
COUNT_DOWN_INJURIES = """
UPDATE injury SET days_left = days_left - 1 WHERE league_id = ? AND days_left > 0 AND (season, day) < (?, ?)
"""

# A manager's default asking level in a league: (league_id, user_id) and (league_id, user_id, asking)
SELECT_MANAGER_ASKING = "SELECT asking FROM manager_setting WHERE league_id = ? AND user_id = ?"
# (league_id, user_id): 1 unless the manager turned pings off
SELECT_MANAGER_PINGS = "SELECT pings FROM manager_setting WHERE league_id = ? AND user_id = ?"
# (league_id, user_id, asking default, pings): a new row takes the default level, an old one keeps its level
UPSERT_MANAGER_PINGS = """
INSERT INTO manager_setting (league_id, user_id, asking, pings) VALUES (?, ?, ?, ?)
ON CONFLICT (league_id, user_id) DO UPDATE SET pings = excluded.pings
"""
# Finished games whose thread has not shown the box score yet (a forfeit has none)
SELECT_UNPOSTED_FINALS = """
SELECT * FROM game WHERE status = 'final' AND final_posted = 0 AND forfeited_by IS NULL AND thread_id IS NOT NULL
ORDER BY id
"""
# (game_id)
UPDATE_FINAL_POSTED = "UPDATE game SET final_posted = 1 WHERE id = ?"
UPSERT_MANAGER_ASKING = """
INSERT INTO manager_setting (league_id, user_id, asking) VALUES (?, ?, ?)
ON CONFLICT (league_id, user_id) DO UPDATE SET asking = excluded.asking
"""

# --- small stored games and season tables (issue 14) ---------------------------------------------

# (league_id, digest)
SELECT_SNAPSHOT_ID = "SELECT id FROM card_snapshot WHERE league_id = ? AND digest = ?"
# (league_id, digest, cards)
INSERT_SNAPSHOT = "INSERT INTO card_snapshot (league_id, digest, cards) VALUES (?, ?, ?)"
# (snapshot_id)
SELECT_SNAPSHOT_DIGEST = "SELECT digest FROM card_snapshot WHERE id = ?"
SELECT_SNAPSHOT = "SELECT digest, cards FROM card_snapshot WHERE id = ?"
# (snapshot_id, game_id): after START_GAME
UPDATE_GAME_SNAPSHOT = "UPDATE game SET snapshot_id = ? WHERE id = ?"
# (managed, asking, away_runs, home_runs, line_score, log_z, box_z, innings, game_id)
FINISH_GAME_PACKED = f"""
UPDATE game SET status = 'final', log = '[]', managed = ?, asking = ?, time_called = '[]',
    away_runs = ?, home_runs = ?, line_score = ?, box_score = '{{}}', log_z = ?, box_z = ?, innings = ?,
    finished_at = {NOW}
WHERE id = ?
"""
# (innings, game_id)
UPDATE_GAME_INNINGS = "UPDATE game SET innings = ? WHERE id = ?"
SELECT_FINALS_TO_REBUILD = """
SELECT id, league_id, season, phase, day, played_day, away_team_id, home_team_id, forfeited_by,
    line_score, log, box_score, box_z
FROM game WHERE status = 'final' ORDER BY league_id, season, coalesce(played_day, day), id
"""
# What standings and team pages need, without a game's JSON. (league_id, season, phase)
SELECT_STANDINGS_GAMES = """
SELECT id, coalesce(played_day, day) AS day, away_team_id, home_team_id, away_runs, home_runs, innings, forfeited_by
FROM game WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final'
ORDER BY coalesce(played_day, day), id
"""
# (league_id, season, phase): final games' box scores in the order played
SELECT_FINAL_BOXES = """
SELECT id, away_team_id, home_team_id, forfeited_by, box_score, box_z
FROM game WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final'
ORDER BY coalesce(played_day, day), id
"""
# Box scores each team appears in: final games but forfeits. (league_id, season, phase)
SELECT_TEAM_BOX_GAMES = """
SELECT team_id, count(*) AS games FROM (
    SELECT away_team_id AS team_id FROM game
    WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final' AND forfeited_by IS NULL
    UNION ALL
    SELECT home_team_id FROM game
    WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final' AND forfeited_by IS NULL
) GROUP BY team_id
"""
# The starters of a season's final games: (league_id, season)
SELECT_STARTERS = """
SELECT game_id, team_id, card_id FROM pitcher_usage WHERE league_id = ? AND season = ? AND started = 1
"""
_SEASON_KEY = "league_id, season, phase, team_id, card_id"
_UPSERT_LAST = "last_day = excluded.last_day, last_game = excluded.last_game, name = excluded.name"
_BATTING = "games, pa, ab, r, h, doubles, triples, hr, rbi, bb, k, hbp, sf, sh, ci, gidp, sb, cs, lob"
_PITCHING = "games, games_started, w, l, s, hld, bs, outs, h, r, er, bb, k, hr, bf, hbp, wp, bk"


def _adding(columns: str) -> str:
    return ", ".join(f"{c} = {c} + excluded.{c}" for c in columns.split(", "))


def _marks(count: int) -> str:
    return ", ".join("?" * count)


# (league_id, season, phase, team_id, card_id, name, last_day, last_game, games … lob)
UPSERT_SEASON_BATTING_0006 = f"""
INSERT INTO season_batting ({_SEASON_KEY}, name, last_day, last_game, {_BATTING})
VALUES ({_marks(8 + len(_BATTING.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET {_UPSERT_LAST}, {_adding(_BATTING)}
"""
# The same from 0009 on, with games_started last.
_BATTING_STARTED = f"{_BATTING}, games_started"
UPSERT_SEASON_BATTING = f"""
INSERT INTO season_batting ({_SEASON_KEY}, name, last_day, last_game, {_BATTING_STARTED})
VALUES ({_marks(8 + len(_BATTING_STARTED.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET {_UPSERT_LAST}, {_adding(_BATTING_STARTED)}
"""
# (league_id, season, phase, team_id, card_id, name, last_day, last_game, games, games_started, w … bk)
UPSERT_SEASON_PITCHING_0006 = f"""
INSERT INTO season_pitching ({_SEASON_KEY}, name, last_day, last_game, {_PITCHING})
VALUES ({_marks(8 + len(_PITCHING.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET {_UPSERT_LAST}, {_adding(_PITCHING)}
"""
# The same from 0013_complete_games on, with cg and sho last.
_PITCHING_COMPLETE = f"{_PITCHING}, cg, sho"
UPSERT_SEASON_PITCHING = f"""
INSERT INTO season_pitching ({_SEASON_KEY}, name, last_day, last_game, {_PITCHING_COMPLETE})
VALUES ({_marks(8 + len(_PITCHING_COMPLETE.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET {_UPSERT_LAST}, {_adding(_PITCHING_COMPLETE)}
"""
# (league_id, season, phase, team_id, card_id, position, name, last_day, last_game, games, e)
UPSERT_SEASON_FIELDING = f"""
INSERT INTO season_fielding ({_SEASON_KEY}, position, name, last_day, last_game, games, e)
VALUES ({_marks(11)})
ON CONFLICT (league_id, season, phase, card_id, team_id, position) DO UPDATE SET {_UPSERT_LAST}, {_adding("games, e")}
"""
# A card's starts so far: (team_id, season, team_id, season). A pitcher who bats (no DH) starts in the
# batting order in the games he starts on the mound, so his two lines count the same starts: the larger
# is his, never their sum (a position player's pitching line has none).
SELECT_TEAM_STARTS = """
SELECT card_id, MAX(starts) AS starts FROM (
    SELECT card_id, SUM(games_started) AS starts FROM season_batting
    WHERE team_id = ? AND season = ? AND phase = 'regular' GROUP BY card_id
    UNION ALL
    SELECT card_id, SUM(games_started) AS starts FROM season_pitching
    WHERE team_id = ? AND season = ? AND phase = 'regular' GROUP BY card_id
) GROUP BY card_id
"""
# The team's games so far (one starting pitcher a game): (team_id, season)
SELECT_TEAM_GAMES_STARTED = """
SELECT COALESCE(SUM(games_started), 0) FROM season_pitching WHERE team_id = ? AND season = ? AND phase = 'regular'
"""
# (team_id)
SELECT_TEAM_USAGE = "SELECT card_id, starts, games FROM team_usage WHERE team_id = ?"
# (team_id, card_id, starts, games)
INSERT_TEAM_USAGE = "INSERT INTO team_usage (team_id, card_id, starts, games) VALUES (?, ?, ?, ?)"
# (league_id, season, phase)
SELECT_SEASON_BATTING = "SELECT * FROM season_batting WHERE league_id = ? AND season = ? AND phase = ?"
SELECT_SEASON_PITCHING = "SELECT * FROM season_pitching WHERE league_id = ? AND season = ? AND phase = ?"
SELECT_SEASON_FIELDING = "SELECT * FROM season_fielding WHERE league_id = ? AND season = ? AND phase = ?"
# A player's rows, every season or one: (league_id, card_id, season, season)
SELECT_PLAYER_BATTING = """
SELECT * FROM season_batting WHERE league_id = ? AND card_id = ? AND (? IS NULL OR season = ?)
ORDER BY season, phase DESC, last_day, last_game
"""
SELECT_PLAYER_PITCHING = """
SELECT * FROM season_pitching WHERE league_id = ? AND card_id = ? AND (? IS NULL OR season = ?)
ORDER BY season, phase DESC, last_day, last_game
"""
SELECT_PLAYER_FIELDING = """
SELECT * FROM season_fielding WHERE league_id = ? AND card_id = ? AND (? IS NULL OR season = ?)
ORDER BY season, phase DESC, last_day, last_game
"""
# A team's rows of a season and phase: (team_id, season, phase)
SELECT_TEAM_BATTING = "SELECT * FROM season_batting WHERE team_id = ? AND season = ? AND phase = ?"
SELECT_TEAM_PITCHING = "SELECT * FROM season_pitching WHERE team_id = ? AND season = ? AND phase = ?"
SELECT_TEAM_FIELDING = "SELECT * FROM season_fielding WHERE team_id = ? AND season = ? AND phase = ?"
# Every co-manager of a league's teams at once: (league_id)
SELECT_LEAGUE_CO_MANAGERS = """
SELECT co_manager.team_id, co_manager.user_id FROM co_manager JOIN team ON team.id = co_manager.team_id
WHERE team.league_id = ? ORDER BY co_manager.rowid
"""
# A season's games without their setups, logs and box scores (lists, autocomplete):
# (league_id, season, day, day, status, status)
SELECT_GAME_SUMMARIES = """
SELECT id, season, day, played_day, away_team_id, home_team_id, status, away_runs, home_runs, forfeited_by, phase
FROM game WHERE league_id = ? AND season = ? AND (? IS NULL OR day = ?) AND (? IS NULL OR status = ?)
ORDER BY day, id
"""
# (log_z, box_z, game_id): a final game stored before 0006, compressed
PACK_FINAL_GAME = "UPDATE game SET log_z = ?, box_z = ?, log = '[]', box_score = '{}' WHERE id = ?"

# --- playoffs (league.playoffs) ---------------------------------------------------------------

SELECT_PLAYOFF_FORMAT = "SELECT format FROM playoff_format WHERE league_id = ?"
# (league_id, format)
UPSERT_PLAYOFF_FORMAT = """
INSERT INTO playoff_format (league_id, format) VALUES (?, ?)
ON CONFLICT (league_id) DO UPDATE SET format = excluded.format
"""
# (league_id, season)
SELECT_PLAYOFFS = "SELECT * FROM playoffs WHERE league_id = ? AND season = ?"
# (league_id, season, format, started_day)
INSERT_PLAYOFFS = "INSERT INTO playoffs (league_id, season, format, started_day) VALUES (?, ?, ?, ?)"
# (champion_team_id, league_id, season)
UPDATE_PLAYOFF_CHAMPION = "UPDATE playoffs SET champion_team_id = ? WHERE league_id = ? AND season = ?"
# (league_id, season, team_id, bracket, seed, how, rank)
INSERT_PLAYOFF_SEED = """
INSERT INTO playoff_seed (league_id, season, team_id, bracket, seed, how, rank) VALUES (?, ?, ?, ?, ?, ?, ?)
"""
# (league_id, season)
SELECT_PLAYOFF_SEEDS = "SELECT * FROM playoff_seed WHERE league_id = ? AND season = ? ORDER BY bracket, seed"
# (league_id, season, round, bracket, slot, high_team_id, low_team_id, best_of, home)
INSERT_PLAYOFF_SERIES = """
INSERT INTO playoff_series (league_id, season, round, bracket, slot, high_team_id, low_team_id, best_of, home)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
# A series with the games each side has won (final games, forfeits too).
_SERIES_WITH_WINS = """
SELECT s.*,
    (SELECT count(*) FROM game g WHERE g.series_id = s.id AND g.status = 'final'
        AND ((g.home_team_id = s.high_team_id AND g.home_runs > g.away_runs)
          OR (g.away_team_id = s.high_team_id AND g.away_runs > g.home_runs))) AS high_wins,
    (SELECT count(*) FROM game g WHERE g.series_id = s.id AND g.status = 'final'
        AND ((g.home_team_id = s.low_team_id AND g.home_runs > g.away_runs)
          OR (g.away_team_id = s.low_team_id AND g.away_runs > g.home_runs))) AS low_wins
FROM playoff_series s
"""
# (series_id)
SELECT_PLAYOFF_SERIES = _SERIES_WITH_WINS + "WHERE s.id = ?"
# (league_id, season)
SELECT_PLAYOFF_SERIES_ALL = (
    _SERIES_WITH_WINS + "WHERE s.league_id = ? AND s.season = ? ORDER BY s.round, s.bracket, s.slot"
)
# (winner_team_id, series_id)
UPDATE_SERIES_WINNER = "UPDATE playoff_series SET winner_team_id = ? WHERE id = ?"
# (league_id, season, day, away_team_id, home_team_id, series_id)
INSERT_PLAYOFF_GAME = """
INSERT INTO game (league_id, season, day, away_team_id, home_team_id, phase, series_id)
VALUES (?, ?, ?, ?, ?, 'playoffs', ?)
"""
# (game_id)
SELECT_GAME_SERIES = "SELECT series_id FROM game WHERE id = ?"
# A series' games not yet final (scheduled, live or postponed): (series_id)
COUNT_SERIES_OPEN_GAMES = "SELECT count(*) FROM game WHERE series_id = ? AND status != 'final'"
# (series_id)
SELECT_SERIES_GAMES = "SELECT * FROM game WHERE series_id = ? ORDER BY id"
# Regular-season games not final, first the earliest: (league_id, season)
SELECT_UNFINISHED_REGULAR = """
SELECT * FROM game WHERE league_id = ? AND season = ? AND phase = 'regular' AND status != 'final' ORDER BY day, id
"""
# (league_id, season)
SELECT_LAST_REGULAR_DAY = """
SELECT max(coalesce(played_day, day)) FROM game WHERE league_id = ? AND season = ? AND phase = 'regular'
"""

# A season's close (issue 26): the schedule a season was given. (league_id, season, games)
INSERT_SEASON_SCHEDULE = "INSERT OR REPLACE INTO season_schedule (league_id, season, games) VALUES (?, ?, ?)"
# (league_id, season)
SELECT_SEASON_SCHEDULE = "SELECT games FROM season_schedule WHERE league_id = ? AND season = ?"

# A live game's owner (league.lease): (game_id)
SELECT_GAME_LEASE = "SELECT * FROM game_lease WHERE game_id = ?"
# (game_id, owner, host, pid, taken_at, expires_at): its owner renewing keeps the time it took it
UPSERT_GAME_LEASE = """
INSERT INTO game_lease (game_id, owner, host, pid, taken_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET
    owner = excluded.owner, host = excluded.host, pid = excluded.pid, expires_at = excluded.expires_at,
    taken_at = CASE WHEN game_lease.owner = excluded.owner THEN game_lease.taken_at ELSE excluded.taken_at END
"""
# (expires_at, game_id, owner): no row changed when another owner holds it now
RENEW_GAME_LEASE = "UPDATE game_lease SET expires_at = ? WHERE game_id = ? AND owner = ?"
# (game_id, owner)
DELETE_GAME_LEASE = "DELETE FROM game_lease WHERE game_id = ? AND owner = ?"
