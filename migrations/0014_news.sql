-- The daily news feed (issue 28, league.news): the last league day whose news the bot has posted in the
-- league's channel, so that a restart never posts a day twice. The bot claims a day here (in one
-- transaction that moves the row on) before it posts it. The leagues of an upgraded file start from the
-- day before today: their past days are not posted all at once.
CREATE TABLE league_news (
    league_id  INTEGER PRIMARY KEY REFERENCES league (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    day        INTEGER NOT NULL CHECK (day >= 0)  -- 0: no day of this season posted yet
) STRICT;

INSERT INTO league_news (league_id, season, day) SELECT id, season, day - 1 FROM league;
