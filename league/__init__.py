"""The season: leagues, teams, rosters, schedule, standings, stats, and the SQLite store."""
