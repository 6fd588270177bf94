"""/help: every command group with one line each, read from the command tree so that it never goes stale."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.app import DugoutBot
from bot.discord.layout import EMBED_TEXT, chunks, send_embeds


def help_line(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> str:
    """``/name``: its description, then a group's subcommands."""
    line = f"**/{command.name}**: {command.description}"
    if isinstance(command, app_commands.Group):
        subs = [
            c.qualified_name.removeprefix(f"{command.name} ")
            for c in command.walk_commands()
            if isinstance(c, app_commands.Command)
        ]
        line += " · " + ", ".join(f"`{s}`" for s in subs)
    return line


class HelpCog(commands.Cog):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="Dugout's commands, one line each")
    async def help(self, interaction: discord.Interaction) -> None:
        found = {}
        for guild in (None, interaction.guild):  # the global commands, and this server's own if it has any
            for command in self.bot.tree.get_commands(guild=guild, type=discord.AppCommandType.chat_input):
                found[command.name] = command
        lines = [help_line(found[name]) for name in sorted(found)]
        embeds = [discord.Embed(description=piece) for piece in chunks(lines, EMBED_TEXT)]
        embeds[0].title = "Dugout commands"
        embeds[-1].set_footer(text="Type / and a command's name in the message box to see its options.")
        await send_embeds(interaction, embeds, ephemeral=True)


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(HelpCog(bot))
