-- A starter whose turn the Bench Usage Chart skipped (Deep Drive, DDB "Using the Bench": "force
-- them to rest the number of games indicated in parenthesis"): his rest, kept as a start's is in
-- pitcher_usage (resting from day D with R rest days: back on day D + R + 1), but no outing.
CREATE TABLE skipped_start (
    game_id    INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    card_id    TEXT NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    rest_days  INTEGER NOT NULL CHECK (rest_days >= 0),
    PRIMARY KEY (game_id, card_id)
) STRICT;

CREATE INDEX skipped_start_by_back_on ON skipped_start (league_id, season, (day + rest_days));
