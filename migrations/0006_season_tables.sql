-- Whole seasons, small and fast (issue 14).
--
-- card_snapshot: a league's cards as JSON (league.compact.card_snapshot), one row per distinct
-- version of its card sets, keyed by a digest of the content. A game started since refers to
-- its snapshot (game.snapshot_id) and stores its setup with card ids where the cards were
-- written out in full; the store rebuilds the full setup when it reads the game. Games with
-- no snapshot keep their cards inline, as before.
CREATE TABLE card_snapshot (
    id          INTEGER PRIMARY KEY,
    league_id   INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    digest      TEXT NOT NULL CHECK (length(digest) > 0),
    cards       TEXT NOT NULL,  -- {"batters": {id: card}, "pitchers": {...}, "ballparks": {...}}
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (league_id, digest)
) STRICT;

ALTER TABLE game ADD COLUMN snapshot_id INTEGER REFERENCES card_snapshot (id);
-- A final game's decision log and box score, zlib-compressed JSON (league.compact.pack);
-- when set, the log and box_score columns hold '[]' and '{}'.
ALTER TABLE game ADD COLUMN log_z BLOB;
ALTER TABLE game ADD COLUMN box_z BLOB;
-- Innings a final game lasted (its line score's), for the extra-innings split; NULL for a forfeit.
ALTER TABLE game ADD COLUMN innings INTEGER CHECK (innings IS NULL OR innings >= 1);

-- Covers what standings read (sql.SELECT_STANDINGS_GAMES): no game row, with its blobs, is visited.
CREATE INDEX game_finals ON game (
    league_id, season, phase, status, played_day, day, away_team_id, home_team_id, away_runs, home_runs, innings,
    forfeited_by
);
-- The season's starters (the team page's splits by the other starter's hand).
CREATE INDEX pitcher_usage_starters ON pitcher_usage (league_id, season, started);

-- Season totals kept current in the transaction that finishes (or forfeits) a game: one row
-- per player per team per season per phase, the counts league.stats adds up from box scores.
-- last_day, last_game: the latest game the line counts (a player's team is his latest).
CREATE TABLE season_batting (
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    phase      TEXT NOT NULL CHECK (phase IN ('regular', 'playoffs')),
    team_id    INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    card_id    TEXT NOT NULL,
    name       TEXT NOT NULL,
    last_day   INTEGER NOT NULL,
    last_game  INTEGER NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    pa         INTEGER NOT NULL DEFAULT 0,
    ab         INTEGER NOT NULL DEFAULT 0,
    r          INTEGER NOT NULL DEFAULT 0,
    h          INTEGER NOT NULL DEFAULT 0,
    doubles    INTEGER NOT NULL DEFAULT 0,
    triples    INTEGER NOT NULL DEFAULT 0,
    hr         INTEGER NOT NULL DEFAULT 0,
    rbi        INTEGER NOT NULL DEFAULT 0,
    bb         INTEGER NOT NULL DEFAULT 0,
    k          INTEGER NOT NULL DEFAULT 0,
    hbp        INTEGER NOT NULL DEFAULT 0,
    sf         INTEGER NOT NULL DEFAULT 0,
    sh         INTEGER NOT NULL DEFAULT 0,
    ci         INTEGER NOT NULL DEFAULT 0,
    gidp       INTEGER NOT NULL DEFAULT 0,
    sb         INTEGER NOT NULL DEFAULT 0,
    cs         INTEGER NOT NULL DEFAULT 0,
    lob        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, season, phase, card_id, team_id)
) STRICT;

CREATE TABLE season_pitching (
    league_id      INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season         INTEGER NOT NULL,
    phase          TEXT NOT NULL CHECK (phase IN ('regular', 'playoffs')),
    team_id        INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    card_id        TEXT NOT NULL,
    name           TEXT NOT NULL,
    last_day       INTEGER NOT NULL,
    last_game      INTEGER NOT NULL,
    games          INTEGER NOT NULL DEFAULT 0,
    games_started  INTEGER NOT NULL DEFAULT 0,
    w              INTEGER NOT NULL DEFAULT 0,
    l              INTEGER NOT NULL DEFAULT 0,
    s              INTEGER NOT NULL DEFAULT 0,
    hld            INTEGER NOT NULL DEFAULT 0,
    bs             INTEGER NOT NULL DEFAULT 0,
    outs           INTEGER NOT NULL DEFAULT 0,
    h              INTEGER NOT NULL DEFAULT 0,
    r              INTEGER NOT NULL DEFAULT 0,
    er             INTEGER NOT NULL DEFAULT 0,
    bb             INTEGER NOT NULL DEFAULT 0,
    k              INTEGER NOT NULL DEFAULT 0,
    hr             INTEGER NOT NULL DEFAULT 0,
    bf             INTEGER NOT NULL DEFAULT 0,
    hbp            INTEGER NOT NULL DEFAULT 0,
    wp             INTEGER NOT NULL DEFAULT 0,
    bk             INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, season, phase, card_id, team_id)
) STRICT;

-- Fielding by position: games counts the position of a player's first fielding line in a
-- game (as the box lists him), errors the lines at each position.
CREATE TABLE season_fielding (
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    phase      TEXT NOT NULL CHECK (phase IN ('regular', 'playoffs')),
    team_id    INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    card_id    TEXT NOT NULL,
    position   TEXT NOT NULL,
    name       TEXT NOT NULL,
    last_day   INTEGER NOT NULL,
    last_game  INTEGER NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    e          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, season, phase, card_id, team_id, position)
) STRICT;

CREATE INDEX season_batting_by_team ON season_batting (team_id, season, phase);
CREATE INDEX season_pitching_by_team ON season_pitching (team_id, season, phase);
CREATE INDEX season_batting_by_player ON season_batting (league_id, card_id);
CREATE INDEX season_pitching_by_player ON season_pitching (league_id, card_id);
CREATE INDEX season_fielding_by_player ON season_fielding (league_id, card_id);
-- The Python step of this migration (league.db.PYTHON_STEPS) fills the season tables and the
-- innings of the games already final.
