-- The league between games: leagues, teams, rosters and their moves, trades, saved lineups,
-- pitching staffs, games, pitcher usage and injuries. Discord ids (users, guilds, channels)
-- are INTEGERs; card ids are the card sets' TEXT ids; JSON is TEXT written by json.dumps.

CREATE TABLE league (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    ruleset     TEXT NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}',  -- engine.setup.Options.to_dict(): the game's options and house rules
    rules       TEXT NOT NULL DEFAULT '{}',  -- league.models.LeagueRules: roster limit, pitchers' rest
    season      INTEGER NOT NULL DEFAULT 1 CHECK (season >= 1),
    day         INTEGER NOT NULL DEFAULT 1 CHECK (day >= 1),
    guild_id    INTEGER,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

-- League names are unique within a Discord guild (and among leagues outside any guild).
CREATE UNIQUE INDEX league_name ON league (coalesce(guild_id, 0), name COLLATE NOCASE);

CREATE TABLE league_card_set (
    league_id   INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,  -- the order the sets are searched for a card id
    card_set    TEXT NOT NULL,     -- a bundled set's name ("sample") or a folder path
    PRIMARY KEY (league_id, position),
    UNIQUE (league_id, card_set)
) STRICT;

CREATE TABLE commissioner (
    league_id   INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    PRIMARY KEY (league_id, user_id)
) STRICT;

CREATE TABLE league_channel (
    league_id   INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL CHECK (length(purpose) > 0),  -- "games", "announcements", "transactions" …
    channel_id  INTEGER NOT NULL,
    PRIMARY KEY (league_id, purpose)
) STRICT;

CREATE TABLE team (
    id            INTEGER PRIMARY KEY,
    league_id     INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    name          TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(name)) > 0),
    abbreviation  TEXT NOT NULL COLLATE NOCASE CHECK (length(abbreviation) BETWEEN 1 AND 5),
    ballpark      TEXT,     -- a ballpark card id
    manager_id    INTEGER,  -- Discord user id
    division      TEXT,
    next_slot     INTEGER NOT NULL DEFAULT 1,  -- the rotation slot that starts next
    UNIQUE (league_id, name),
    UNIQUE (league_id, abbreviation),
    UNIQUE (id, league_id)  -- lets rows name a team and its league together
) STRICT;

CREATE TABLE co_manager (
    team_id     INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    PRIMARY KEY (team_id, user_id)
) STRICT;

-- A card is on at most one team of a league: the primary key says so.
CREATE TABLE roster (
    league_id   INTEGER NOT NULL,
    card_id     TEXT NOT NULL,
    team_id     INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('batter', 'pitcher')),
    status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'injured_list')),
    since_day   INTEGER NOT NULL,
    PRIMARY KEY (league_id, card_id),
    UNIQUE (team_id, card_id),
    FOREIGN KEY (team_id, league_id) REFERENCES team (id, league_id) ON DELETE CASCADE
) STRICT;

CREATE TABLE trade (
    id                 INTEGER PRIMARY KEY,
    league_id          INTEGER NOT NULL,
    offering_team_id   INTEGER NOT NULL,
    receiving_team_id  INTEGER NOT NULL,
    status             TEXT NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'completed', 'rejected', 'withdrawn')),
    proposed_by        INTEGER NOT NULL,
    decided_by         INTEGER,
    proposed_day       INTEGER NOT NULL,
    decided_day        INTEGER,
    CHECK (offering_team_id <> receiving_team_id),
    FOREIGN KEY (offering_team_id, league_id) REFERENCES team (id, league_id) ON DELETE CASCADE,
    FOREIGN KEY (receiving_team_id, league_id) REFERENCES team (id, league_id) ON DELETE CASCADE
) STRICT;

CREATE TABLE trade_card (
    trade_id      INTEGER NOT NULL REFERENCES trade (id) ON DELETE CASCADE,
    card_id       TEXT NOT NULL,
    from_team_id  INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    PRIMARY KEY (trade_id, card_id)
) STRICT;

-- Every roster move, one row a player: sign, release, trade, injured_list, activate.
CREATE TABLE roster_move (
    id            INTEGER PRIMARY KEY,
    league_id     INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season        INTEGER NOT NULL,
    day           INTEGER NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('sign', 'release', 'trade', 'injured_list', 'activate')),
    card_id       TEXT NOT NULL,
    team_id       INTEGER REFERENCES team (id) ON DELETE SET NULL,       -- the team he is on after the move
    from_team_id  INTEGER REFERENCES team (id) ON DELETE SET NULL,       -- the team he was on before it
    trade_id      INTEGER REFERENCES trade (id) ON DELETE SET NULL,
    by_user       INTEGER,
    at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE INDEX roster_move_by_league ON roster_move (league_id, id);

-- Saved lineups, one against left-handed and one against right-handed starters. The pitcher's
-- spot (no designated hitter) has no card: whoever starts bats there.
CREATE TABLE lineup_spot (
    team_id   INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    vs_hand   TEXT NOT NULL CHECK (vs_hand IN ('L', 'R')),
    spot      INTEGER NOT NULL CHECK (spot BETWEEN 1 AND 9),
    position  TEXT NOT NULL CHECK (position IN ('P', 'C', '1B', '2B', '3B', 'SS', 'LF', 'CF', 'RF', 'DH')),
    card_id   TEXT,
    PRIMARY KEY (team_id, vs_hand, spot),
    UNIQUE (team_id, vs_hand, position),
    UNIQUE (team_id, vs_hand, card_id),
    CHECK ((position = 'P') = (card_id IS NULL)),
    -- Released players leave the lineup; a trade removes them before they change teams.
    FOREIGN KEY (team_id, card_id) REFERENCES roster (team_id, card_id) ON DELETE CASCADE
) STRICT;

CREATE TABLE rotation_slot (
    team_id   INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    slot      INTEGER NOT NULL CHECK (slot >= 1),
    card_id   TEXT NOT NULL,
    PRIMARY KEY (team_id, slot),
    UNIQUE (team_id, card_id),
    FOREIGN KEY (team_id, card_id) REFERENCES roster (team_id, card_id) ON DELETE CASCADE
) STRICT;

CREATE TABLE bullpen_role (
    team_id   INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    card_id   TEXT NOT NULL,
    role      TEXT NOT NULL CHECK (role IN ('long', 'middle', 'setup', 'closer')),
    PRIMARY KEY (team_id, card_id),
    FOREIGN KEY (team_id, card_id) REFERENCES roster (team_id, card_id) ON DELETE CASCADE
) STRICT;

-- A game is its setup, seed and decision log (engine.game.Game.to_dict()); a final game keeps
-- its line score and box score, derived from the replay when it ended.
CREATE TABLE game (
    id            INTEGER PRIMARY KEY,
    league_id     INTEGER NOT NULL,
    season        INTEGER NOT NULL,
    day           INTEGER NOT NULL CHECK (day >= 1),  -- the day it is scheduled for
    played_day    INTEGER,                             -- the league day it started on
    away_team_id  INTEGER NOT NULL,
    home_team_id  INTEGER NOT NULL,
    status        TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'final', 'postponed')),
    ruleset       TEXT,
    setup         TEXT,
    seed          INTEGER,
    log           TEXT NOT NULL DEFAULT '[]',
    managed       TEXT NOT NULL DEFAULT '[]',
    channel_id    INTEGER,
    thread_id     INTEGER,
    away_runs     INTEGER,
    home_runs     INTEGER,
    line_score    TEXT,
    box_score     TEXT,
    started_at    TEXT,
    finished_at   TEXT,
    CHECK (away_team_id <> home_team_id),
    CHECK (status NOT IN ('live', 'final') OR (setup IS NOT NULL AND seed IS NOT NULL AND played_day IS NOT NULL)),
    CHECK (status <> 'final' OR (line_score IS NOT NULL AND box_score IS NOT NULL
                                 AND away_runs IS NOT NULL AND home_runs IS NOT NULL)),
    FOREIGN KEY (away_team_id, league_id) REFERENCES team (id, league_id) ON DELETE CASCADE,
    FOREIGN KEY (home_team_id, league_id) REFERENCES team (id, league_id) ON DELETE CASCADE
) STRICT;

CREATE INDEX game_by_day ON game (league_id, season, day);
CREATE INDEX game_by_status ON game (status);

-- Who pitched in each final game, and the league days of rest it cost him.
CREATE TABLE pitcher_usage (
    game_id        INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    league_id      INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    card_id        TEXT NOT NULL,
    team_id        INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    season         INTEGER NOT NULL,
    day            INTEGER NOT NULL,
    started        INTEGER NOT NULL CHECK (started IN (0, 1)),
    outs           INTEGER NOT NULL CHECK (outs >= 0),
    batters_faced  INTEGER NOT NULL CHECK (batters_faced >= 0),
    rest_days      INTEGER NOT NULL CHECK (rest_days >= 0),
    PRIMARY KEY (game_id, card_id)
) STRICT;

CREATE INDEX pitcher_usage_by_pitcher ON pitcher_usage (league_id, card_id, season, day);

-- Injuries from the engine's Injury events; days_left counts down as league days pass.
CREATE TABLE injury (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    card_id    TEXT NOT NULL,
    team_id    INTEGER REFERENCES team (id) ON DELETE SET NULL,
    game_id    INTEGER REFERENCES game (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    kind       TEXT NOT NULL,  -- the injury chart's result: "game", "game+1d6", "15-day" …
    days       INTEGER NOT NULL CHECK (days >= 0),
    days_left  INTEGER NOT NULL CHECK (days_left BETWEEN 0 AND days)
) STRICT;

CREATE INDEX injury_current ON injury (league_id, card_id) WHERE days_left > 0;
