-- A league's seasons (issue 28): the record of each season once it is closed and the next opened
-- (dugout season new, /season new), and the players a team keeps before a redraft.
-- A season's games, tables, playoffs and moves already carry its number; these rows add what
-- only the change of season knows. A season with no row is one that has not been closed or
-- opened by `season new` (every season before this table, and a league's first).

CREATE TABLE season (
    league_id         INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    number            INTEGER NOT NULL CHECK (number >= 1),
    card_sets         TEXT NOT NULL,  -- JSON list: the league's card sets during the season, in order
    card_set          TEXT,           -- the set its players took their cards from at its start (NULL: none)
    opened_day        INTEGER,        -- NULL for a season opened before this table (or a league's first)
    opened_at         TEXT,
    closed_day        INTEGER,        -- the league day it closed on; NULL while open
    closed_at         TEXT,
    champion_team_id  INTEGER REFERENCES team (id) ON DELETE SET NULL,
    champion          TEXT,           -- the champion's name at the close (the team may be renamed later)
    changes           TEXT NOT NULL DEFAULT '[]',  -- JSON list of the players its start moved (league.seasons)
    PRIMARY KEY (league_id, number)
) STRICT;

CREATE TABLE keeper (
    team_id  INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    card_id  TEXT NOT NULL,
    PRIMARY KEY (team_id, card_id),
    -- A released player is no longer kept; a traded one is kept by his new team until it says otherwise.
    FOREIGN KEY (team_id, card_id) REFERENCES roster (team_id, card_id) ON DELETE CASCADE ON UPDATE CASCADE
) STRICT;
