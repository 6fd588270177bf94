-- Two leagues in one (issue 14): MLB's American and National Leagues. A team's subleague
-- (any name: "AL", "NL") weights its schedule toward its own league, breaks standings ties
-- by intraleague record, and seeds playoffs and wild cards per league. NULL: one league.
ALTER TABLE team ADD COLUMN subleague TEXT CHECK (subleague IS NULL OR length(trim(subleague)) > 0);

-- A game of the regular season or of the playoffs: standings and season stats count only the
-- regular season's; playoff games keep their own.
ALTER TABLE game ADD COLUMN phase TEXT NOT NULL DEFAULT 'regular' CHECK (phase IN ('regular', 'playoffs'));
