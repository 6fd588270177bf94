-- What the Discord bot needs to carry a live game across restarts, and forfeits.
-- posted: how many of the game's events the thread has shown, so a restart neither
-- repeats nor skips a play; scoreboard_id: the one message edited as the game goes;
-- prompt_id: the message asking a manager now (its buttons go when it is asked again);
-- paused: a commissioner stopped play; forfeited_by: the side that forfeited a game
-- (its final score is the rule book's 9-0 and it adds nothing to players' stats).
ALTER TABLE game ADD COLUMN posted INTEGER NOT NULL DEFAULT 0 CHECK (posted >= 0);
ALTER TABLE game ADD COLUMN scoreboard_id INTEGER;
ALTER TABLE game ADD COLUMN prompt_id INTEGER;
ALTER TABLE game ADD COLUMN paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1));
ALTER TABLE game ADD COLUMN forfeited_by TEXT CHECK (forfeited_by IN ('away', 'home'));
