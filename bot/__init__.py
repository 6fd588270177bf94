"""Front ends: the Discord bot and the terminal. Nothing imports this package."""
