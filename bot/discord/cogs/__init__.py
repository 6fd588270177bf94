"""The bot's cogs, one per feature; each module's ``setup`` adds its cog to the bot."""
