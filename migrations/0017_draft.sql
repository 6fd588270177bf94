-- The draft (issue 28, league.draft): one per league and season. The current pick's deadline is an
-- absolute Unix time, so a restart finds the clock exactly where it stood; a paused draft keeps the
-- seconds that were left instead. A pick is one row per (draft, number) and per (draft, card): two
-- managers clicking at once cannot make two picks, nor take one player twice.
CREATE TABLE draft (
    id          INTEGER PRIMARY KEY,
    league_id   INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season      INTEGER NOT NULL,
    style       TEXT NOT NULL CHECK (style IN ('snake', 'straight')),
    rounds      INTEGER NOT NULL CHECK (rounds >= 1),
    clock       INTEGER NOT NULL CHECK (clock > 0),   -- seconds a team has for a pick
    state       TEXT NOT NULL DEFAULT 'setup' CHECK (state IN ('setup', 'running', 'paused', 'done')),
    deadline    REAL,       -- Unix time the current pick's clock runs out (running)
    remaining   REAL,       -- seconds left on the current pick's clock (paused)
    UNIQUE (league_id, season)
) STRICT;

-- The first round's order: slot 1 picks first.
CREATE TABLE draft_order (
    draft_id    INTEGER NOT NULL REFERENCES draft (id) ON DELETE CASCADE,
    slot        INTEGER NOT NULL CHECK (slot >= 1),
    team_id     INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    PRIMARY KEY (draft_id, slot),
    UNIQUE (draft_id, team_id)
) STRICT;

CREATE TABLE draft_pick (
    draft_id    INTEGER NOT NULL REFERENCES draft (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number >= 1),   -- overall, from 1
    round       INTEGER NOT NULL CHECK (round >= 1),
    team_id     INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    card_id     TEXT NOT NULL,
    made_by     TEXT NOT NULL CHECK (made_by IN ('manager', 'queue', 'auto', 'commissioner')),
    user_id     INTEGER,    -- the Discord user who picked (manager, commissioner)
    at          REAL NOT NULL,  -- Unix time
    PRIMARY KEY (draft_id, number),
    UNIQUE (draft_id, card_id)
) STRICT;

-- A team's queue: the players it wants next, first first.
CREATE TABLE draft_queue (
    draft_id    INTEGER NOT NULL REFERENCES draft (id) ON DELETE CASCADE,
    team_id     INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    card_id     TEXT NOT NULL,
    PRIMARY KEY (draft_id, team_id, card_id)
) STRICT;

-- Teams that hand their picks to the auto-drafter.
CREATE TABLE draft_auto (
    draft_id    INTEGER NOT NULL REFERENCES draft (id) ON DELETE CASCADE,
    team_id     INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
    PRIMARY KEY (draft_id, team_id)
) STRICT;
