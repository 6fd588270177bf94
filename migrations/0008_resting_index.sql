-- Who is resting today reads only the outings whose rest is not over (day + rest_days >= today),
-- not every outing of the season: without it a long season's auto-play slows as outings pile up.
CREATE INDEX pitcher_usage_by_back_on ON pitcher_usage (league_id, season, (day + rest_days));
