-- Real playing time (issue 15). A batter's games started (he was the first man in his spot of
-- the batting order), beside the pitchers' games_started, so the auto-manager can keep each
-- player near his real share of starts; the Python step refills the rows from the final games.
ALTER TABLE season_batting ADD COLUMN games_started INTEGER NOT NULL DEFAULT 0;

-- A team's real usage, from the card set entry it was made from (Store.create_teams_from_sets):
-- each player's real games started in a season of `games` games. No rows: no targets.
CREATE TABLE team_usage (
    team_id  INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    card_id  TEXT NOT NULL,
    starts   INTEGER NOT NULL CHECK (starts >= 0),
    games    INTEGER NOT NULL CHECK (games > 0),
    PRIMARY KEY (team_id, card_id)
) STRICT;
