-- Who plays a live game now (issue 26, league.lease): one process at a time. The owner renews its
-- lease while it plays (a heartbeat); a lease past its expiry, or held by a process that is gone, is
-- taken over, so a killed process never leaves its game stuck.
CREATE TABLE game_lease (
    game_id     INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    owner       TEXT NOT NULL,     -- host:pid:random, one per process (league.lease.Owner)
    host        TEXT NOT NULL,
    pid         INTEGER NOT NULL,
    taken_at    REAL NOT NULL,     -- Unix time the owner took it
    expires_at  REAL NOT NULL      -- Unix time it lapses unless renewed
) STRICT;
