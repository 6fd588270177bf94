-- Awards (issue 28): each season's MVP, Cy Young, Rookie and Reliever of the Year, one per league
-- (subleague AL, NL; '' for a league without two), computed once when the regular season ends
-- (league.awards, docs/awards.md). person: the player across card sets (a card's person, else its id).
-- real_*: the real season's winner a generated set names (set.toml [[awards]]), NULL otherwise.
CREATE TABLE award (
    league_id    INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season       INTEGER NOT NULL,
    award        TEXT NOT NULL CHECK (award IN ('mvp', 'cy_young', 'rookie', 'reliever')),
    subleague    TEXT NOT NULL,
    card_id      TEXT NOT NULL,
    person       TEXT NOT NULL,
    name         TEXT NOT NULL,
    team_id      INTEGER REFERENCES team (id) ON DELETE SET NULL,
    score        REAL NOT NULL,
    real_person  TEXT,
    real_name    TEXT,
    announced    INTEGER NOT NULL DEFAULT 0 CHECK (announced IN (0, 1)),
    PRIMARY KEY (league_id, season, award, subleague)
) STRICT;

-- A season whose awards were decided (even with nobody qualified): they are decided once.
CREATE TABLE award_season (
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    PRIMARY KEY (league_id, season)
) STRICT;

-- A season's final regular-season records, kept when its awards are decided (the regular season's end), so
-- that the history page reads some 30 rows a season instead of adding up its thousands of games again.
CREATE TABLE season_record (
    league_id     INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season        INTEGER NOT NULL,
    team_id       INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    w             INTEGER NOT NULL,
    l             INTEGER NOT NULL,
    runs_for      INTEGER NOT NULL,
    runs_against  INTEGER NOT NULL,
    PRIMARY KEY (league_id, season, team_id)
) STRICT;
