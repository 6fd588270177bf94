-- A season whose schedule was made (Store.schedule_season), issue 26: once its scheduled regular-season
-- games are all final its regular season is over and takes no more games. A season without a row (the
-- sample terminal league, which schedules one game a run) is open until its playoffs begin.
CREATE TABLE season_schedule (
    league_id  INTEGER NOT NULL REFERENCES league (id) ON DELETE CASCADE,
    season     INTEGER NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 0),  -- how many games the schedule made
    PRIMARY KEY (league_id, season)
) STRICT;

-- The seasons scheduled before this table, found by one of two signs: a made schedule has days with several
-- games, while a season played a game a run (dugout run without a schedule) never has two on one day; and a
-- made schedule holds games on days still to come, while a game a run is always on the league's current day.
-- Its limit: a league of two teams (one game a day) whose schedule was played out before the upgrade shows
-- neither sign, so its season stays open as it was before the upgrade (dugout run may add games to it).
INSERT INTO season_schedule (league_id, season, games)
SELECT game.league_id, game.season, count(*) FROM game JOIN league ON league.id = game.league_id
WHERE game.phase = 'regular'
GROUP BY game.league_id, game.season
HAVING count(*) > count(DISTINCT game.day) OR (game.season = league.season AND max(game.day) > league.day);
