-- Playoffs (issue 14): the format a league chooses, each season's seeds, series and champion.
-- Playoff games are ordinary games (phase 'playoffs') that name their series.

-- The format a commissioner chose: league.playoffs.PlayoffFormat.to_dict(). No row: the default.
CREATE TABLE playoff_format (
    league_id  INTEGER PRIMARY KEY REFERENCES league (id) ON DELETE CASCADE,
    format     TEXT NOT NULL
) STRICT;

-- A season's playoffs, from the day they started: the format they are played with, and the champion.
CREATE TABLE playoffs (
    league_id         INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season            INTEGER NOT NULL,
    format            TEXT NOT NULL,
    started_day       INTEGER NOT NULL,
    champion_team_id  INTEGER REFERENCES team (id) ON DELETE SET NULL,
    PRIMARY KEY (league_id, season)
) STRICT;

CREATE TABLE playoff_seed (
    league_id  INTEGER NOT NULL,
    season     INTEGER NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    bracket    TEXT NOT NULL,  -- the team's league ("AL"), or '' for a league without two
    seed       INTEGER NOT NULL CHECK (seed >= 1),
    how        TEXT NOT NULL CHECK (how IN ('division', 'wild card', 'record')),
    rank       INTEGER NOT NULL CHECK (rank >= 1),  -- place in the whole league's standings
    PRIMARY KEY (league_id, season, team_id),
    UNIQUE (league_id, season, bracket, seed),
    FOREIGN KEY (league_id, season) REFERENCES playoffs (league_id, season) ON DELETE CASCADE
) STRICT;

-- A series; its games are the game rows that name it, made one at a time while it is undecided.
CREATE TABLE playoff_series (
    id              INTEGER PRIMARY KEY,
    league_id       INTEGER NOT NULL,
    season          INTEGER NOT NULL,
    round           INTEGER NOT NULL CHECK (round >= 1),
    bracket         TEXT NOT NULL,
    slot            INTEGER NOT NULL CHECK (slot >= 1),
    high_team_id    INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    low_team_id     INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    best_of         INTEGER NOT NULL CHECK (best_of IN (1, 3, 5, 7)),
    home            TEXT NOT NULL CHECK (length(home) = best_of),  -- H: the higher seed at home, L: the lower; game by game
    winner_team_id  INTEGER REFERENCES team (id) ON DELETE SET NULL,
    CHECK (high_team_id <> low_team_id),
    UNIQUE (league_id, season, round, bracket, slot),
    FOREIGN KEY (league_id, season) REFERENCES playoffs (league_id, season) ON DELETE CASCADE
) STRICT;

ALTER TABLE game ADD COLUMN series_id INTEGER REFERENCES playoff_series (id) ON DELETE CASCADE;
CREATE INDEX game_by_series ON game (series_id) WHERE series_id IS NOT NULL;
