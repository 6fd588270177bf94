"""What both front ends print: the play-by-play, the box scores, the stat pages, the standings, the bracket and
the card pictures, and the players named in a command. It imports neither front end (tests/test_layers.py)."""
