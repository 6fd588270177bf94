-- Live games that never stop (issue 13).
-- final_posted: the thread has shown a finished game's box score and standings line, so a
-- restart right after the last out still posts them, and never twice. Games already final
-- before this migration count as posted.
ALTER TABLE game ADD COLUMN final_posted INTEGER NOT NULL DEFAULT 0 CHECK (final_posted IN (0, 1));
UPDATE game SET final_posted = 1 WHERE status = 'final';

-- pings: whether a manager is mentioned when a question waits for him (now and then, never on every prompt).
ALTER TABLE manager_setting ADD COLUMN pings INTEGER NOT NULL DEFAULT 1 CHECK (pings IN (0, 1));
