-- How often a person is asked in a game (engine.game.Game.asking: "every" request, only
-- those that "matters", or "never"), by side, and the sides that called time for the full
-- menu before their next call; both saved with every answer so a restart keeps them.
ALTER TABLE game ADD COLUMN asking TEXT NOT NULL DEFAULT '{}';
ALTER TABLE game ADD COLUMN time_called TEXT NOT NULL DEFAULT '[]';

-- A manager's own default for the games he manages in a league: how often he is asked.
CREATE TABLE manager_setting (
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,  -- Discord user id
    asking     TEXT NOT NULL CHECK (asking IN ('every', 'matters', 'never')),
    PRIMARY KEY (league_id, user_id)
) STRICT;
