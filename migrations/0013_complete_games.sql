-- Complete games and shutouts (issue 26's leaders): a starter who was his team's only pitcher in a
-- finished game has a complete game, and a shutout when no run scored against him
-- (league.stats.complete_game). The Python step refills the season rows from the final games.
ALTER TABLE season_pitching ADD COLUMN cg INTEGER NOT NULL DEFAULT 0;
ALTER TABLE season_pitching ADD COLUMN sho INTEGER NOT NULL DEFAULT 0;
