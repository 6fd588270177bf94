"""The Discord front end: the bot (app), its slash commands (cogs), the live games' threads (session), their
pacing, prompts and embeds. Inside it ``import discord`` is still discord.py: imports are absolute."""
