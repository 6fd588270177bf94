"""The terminal front end: the ``dugout`` command (cli), a game at the terminal (game), the league commands
(league) and the auto-played days (simulate). It imports neither discord nor bot.discord, but where the CLI
starts the bot (tests/test_layers.py)."""
