"""A day of auto-played games drawn for Discord and the terminal (league.autoplay's summaries)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.embeds import BLUE
from bot.words.glossary import plural
from league.autoplay import DaySummary

# A summary of this many days or fewer shows every game; a longer one is compact.
FULL_DAYS = 3
MAX_NOTES = 12


def game_lines(day: DaySummary) -> list[str]:
    """One line a game: the score, then the pitchers of record; and what was left unplayed."""
    lines = [f"**{g.score()}** · {g.pitchers()}" if g.pitchers() else f"**{g.score()}**" for g in day.games]
    if not day.games:
        lines.append("No games were played." if not day.left else "No games were auto-played.")
    return lines + [f"⏸ {why}" for why in day.left]


def notes(days: Sequence[DaySummary]) -> list[str]:
    return [note for day in days for game in day.games for note in game.notes]


def day_embed(league_name: str, day: DaySummary) -> discord.Embed:
    embed = discord.Embed(title=f"{league_name}: day {day.day}", description="\n".join(game_lines(day))[:4000])
    embed.colour = discord.Colour(BLUE)
    shown = notes([day])
    if shown:
        embed.add_field(name="Notable", value="\n".join(shown[:MAX_NOTES])[:1024], inline=False)
    filled = [text for game in day.games for text in game.replacements]
    if filled:
        embed.add_field(name="Lineup and rotation changes", value="\n".join(filled[:5])[:1024], inline=False)
    embed.set_footer(text=f"Season {day.season}; the league moves on to day {day.next_day}.")
    return embed


def compact_embed(league_name: str, days: Sequence[DaySummary]) -> discord.Embed:
    """Many days at once: games a day, what was left, and the most notable lines."""
    played = sum(len(d.games) for d in days)
    lines = [f"Day {d.day}: {plural(len(d.games), 'game')}" + (f", {len(d.left)} left" if d.left else "") for d in days]
    embed = discord.Embed(
        title=f"{league_name}: days {days[0].day}–{days[-1].day}",
        description=f"{plural(played, 'game')} auto-played.\n" + "\n".join(lines)[:3800],
        colour=discord.Colour(BLUE),
    )
    shown = notes(days)
    if shown:
        more = f"\n… and {len(shown) - MAX_NOTES} more" if len(shown) > MAX_NOTES else ""
        embed.add_field(name="Notable", value=("\n".join(shown[:MAX_NOTES]) + more)[:1024], inline=False)
    left = [why for d in days[-1:] for why in d.left]
    if left:
        embed.add_field(name="Not played", value="\n".join(left[:5])[:1024], inline=False)
    embed.set_footer(text=f"Season {days[-1].season}; the league moves on to day {days[-1].next_day}.")
    return embed


def summary_embeds(league_name: str, days: Sequence[DaySummary]) -> list[discord.Embed]:
    """A day's embed for each of a few days; one compact embed for a longer advance."""
    if not days:
        return []
    if len(days) <= FULL_DAYS:
        return [day_embed(league_name, d) for d in days]
    return [compact_embed(league_name, days)]
