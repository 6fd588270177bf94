"""Deep Drive Baseball (ruleset "deep-drive-1.2.5"): percentile dice on batter and pitcher cards.

``charts`` holds the rule book's printed charts as data (``tables/*.toml``) with small typed
readers; ``handbook`` the season handbook's charts (Dugout's own, derived from a real season);
the game rules live beside them.
"""
