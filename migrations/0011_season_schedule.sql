-- A season whose schedule was made (Store.schedule_season), issue 26: once its scheduled regular-season
-- games are all final its regular season is over and takes no more games. A season without a row (the
-- sample terminal league, which schedules one game a run) is open until its playoffs begin.
CREATE TABLE season_schedule (
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 0),  -- how many games the schedule made
    PRIMARY KEY (league_id, season)
) STRICT;

-- The seasons scheduled before this table: a made schedule has days with several games, while a
-- season played a game a run (dugout run without a schedule) never has two on one day.
INSERT INTO season_schedule (league_id, season, games)
SELECT league_id, season, count(*) FROM game WHERE phase = 'regular'
GROUP BY league_id, season HAVING count(*) > count(DISTINCT day);
