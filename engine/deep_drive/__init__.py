"""Deep Drive Baseball (ruleset "deep-drive-1.2.5"): percentile dice on batter and pitcher cards.

``charts`` holds the rule book's printed charts as data (``tables/*.toml``) with small typed
readers; the season handbook's charts and the game rules live beside it.
"""
