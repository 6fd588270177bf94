"""A live game drawn for Discord: the scoreboard, one embed per plate appearance, prompts, the final.

Pure functions of the engine's events and the narration (bot.words.narrate): no Discord
calls here, so the layouts are tested without a client.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import discord

from bot.discord.layout import EMBED_TEXT, code_block, code_blocks
from bot.web import links
from bot.words.narrate import Line, Names, format_line_score, format_team_box, narrate, open_play, play_start
from engine.boxscore import BoxScore, ordinal, walk
from engine.events import Decided, Event, GameEnded, HalfInningStarted, PlateAppearanceEnded, PlateAppearanceStarted
from engine.game import AnyGame
from engine.requests import Request
from engine.scene import outs_text
from league.models import League

GREEN, GREY, GOLD, BLUE = 0x1F8B4C, 0x95A5A6, 0xC27C0E, 0x3498DB
HIT_RESULTS = {"1B", "2B", "3B", "HR"}
NEXT_PLAY = (PlateAppearanceStarted, HalfInningStarted, Decided, GameEnded)
ON_BASE = "◆"
EMPTY_BASE = "◇"


def chunk_end(events: Sequence[Event], start: int) -> int | None:
    """Where the play that starts at ``start`` ends (just after its result), or None if it has not ended."""
    for index in range(start, len(events)):
        if isinstance(events[index], GameEnded):
            return index + 1
        if index > start and isinstance(events[index], HalfInningStarted) and open_play(events, index):
            # The third out before a result (caught stealing): its own post, summed up when
            # the next half starts; the post stays in the half it was played in (play_embed).
            return index + 1
        if isinstance(events[index], PlateAppearanceEnded):
            # The last play of the game is told with the game's end (and what falls between, like fatigue).
            after = next((i for i in range(index + 1, len(events)) if isinstance(events[i], NEXT_PLAY)), None)
            if after is not None and isinstance(events[after], GameEnded):
                return after + 1
            return index + 1
    return None


def play_lines(game: AnyGame, names: Names, start: int) -> tuple[list[Line], int]:
    """The next play to post: narrated lines and where the next one starts.

    A whole plate appearance when it has ended; while the game waits for a manager in
    the middle of one (runner on third: go or hold?) the part played so far, so that he
    sees what he is deciding about. Calls before a pitch wait for the play they lead to.
    """
    events = game.events
    end = chunk_end(events, start)
    if end is not None:
        return narrate(events[:end], names, start, final=True)
    started = any(isinstance(e, PlateAppearanceStarted) for e in events[start:])
    if not started and not game.over:
        return [], start
    return narrate(events, names, start, final=game.over)


def half_inning(events: Sequence[Event], stop: int) -> HalfInningStarted | None:
    return next((e for e in reversed(events[:stop]) if isinstance(e, HalfInningStarted)), None)


def inning_text(half: HalfInningStarted | None) -> str:
    if half is None:
        return "Before the first pitch"
    return f"{'Top' if half.top else 'Bottom'} of the {ordinal(half.inning)}"


def diamond(bases: Sequence[str | None]) -> str:
    """Second base on top, third on the left, first on the right."""
    first, second, third = (ON_BASE if b else EMPTY_BASE for b in bases)
    return f"  {second}\n{third}   {first}"


def play_embed(
    lines: Sequence[Line], game: AnyGame, names: Names, stop: int, game_id: int | None = None
) -> discord.Embed:
    """One plate appearance: its rolls and readings in the order the book reads them, then its result.

    With ``game_id`` the footer carries the play's position (``position``), so that after a crash
    the bot recognises a play it posted but had not recorded, and does not post it twice.
    """
    events = game.events
    result = next((line.text for line in reversed(lines) if line.kind in ("result", "game_over")), None)
    # A post that ends as the next half starts (a third out before a result) belongs to the half before.
    played = stop
    while played > 0 and isinstance(events[played - 1], HalfInningStarted | GameEnded):
        played -= 1
    title = f"{inning_text(half_inning(events, max(played, 1)))} · {at_bat(game, names, played)}"
    body = []
    for line in lines:
        if line.kind in ("half_inning", "plate_appearance"):
            continue  # the title says it
        text = discord.utils.escape_markdown(line.text)  # card cells like **3 are not bold markers
        # The line that sums up the play (and the final) in bold, after the rolls that made it.
        body.append(f"**{text}**" if line.kind in ("result", "game_over") else f"› {text}")
    ended = next((e for e in reversed(events[:stop]) if isinstance(e, PlateAppearanceEnded)), None)
    if result is None:
        color = BLUE  # waiting on a manager in the middle of the play
    elif ended is not None and ended.result in HIT_RESULTS:
        color = GOLD
    else:
        color = GREY
    embed = discord.Embed(title=title, description=_fit("\n".join(body) or "…", EMBED_TEXT), color=color)
    score = walk(game.setup, events[:stop]).line
    footer = f"{score.away.name} {score.away.r}, {score.home.name} {score.home.r}"
    if game_id is not None:
        footer += f" · {position(game, game_id, stop)}"
    embed.set_footer(text=footer)
    return embed


def position(game: AnyGame, game_id: int, stop: int) -> str:
    """Where a play stands: the game, its plate appearance, and the event it ends at ("game 12, PA 37 (#345)")."""
    pas = sum(1 for e in game.events[:stop] if isinstance(e, PlateAppearanceStarted))
    return f"game {game_id}, PA {pas} (#{stop})"


def posted_position(footer: str, game_id: int) -> int | None:
    """The event a posted play ends at, read from its footer (``position``); None if not this game's play."""
    match = re.search(rf"game {game_id}, PA \d+ \(#(\d+)\)$", footer)
    return int(match[1]) if match else None


def at_bat(game: AnyGame, names: Names, stop: int) -> str:
    """Who was up in the play that ends at ``stop``: "Bo Renfrow vs Curt Vollmer".

    Calls, steals and pickoffs come before the plate appearance's start event; when the
    third out came that way, the batter never started one and leads off the team's next
    inning, so he is the team's next plate appearance, or the batter its state has due up.
    """
    events = game.events
    start = play_start(events, stop)
    half = half_inning(events, stop)
    started = next((e for e in reversed(events[start:stop]) if isinstance(e, PlateAppearanceStarted)), None)
    if started is None and half is not None and open_play(events, stop):
        batting = None
        for event in events[stop:]:
            if isinstance(event, HalfInningStarted):
                batting = event.batting
            elif isinstance(event, PlateAppearanceStarted) and batting == half.batting:
                return f"{names.player(event.batter)} at bat"
        team = game.state.away if half.batting == "away" else game.state.home
        return f"{names.player(team.order[team.up % len(team.order)].batter.id)} at bat"
    if started is None:
        started = next((e for e in reversed(events[:stop]) if isinstance(e, PlateAppearanceStarted)), None)
    if started is None:
        return names.team(half.batting) if half is not None else ""
    return f"{names.player(started.batter)} vs {names.player(started.pitcher)}"


def scoreboard_embed(game: AnyGame, names: Names, stop: int, title: str, note: str | None = None) -> discord.Embed:
    """The thread's one scoreboard: line score, inning, outs, runners, who is up (and ``note``: paused, forfeited)."""
    events = game.events
    line = walk(game.setup, events[:stop]).line
    if note is not None:
        embed = discord.Embed(title=title, description=note, color=GREY)
        embed.add_field(name="Line score", value=code_block(format_line_score(line)), inline=False)
        return embed
    if game.over and stop >= len(events):
        state = "Final" + (f" ({line.innings} innings)" if line.innings != game.setup.options.innings else "")
        embed = discord.Embed(title=title, description=state, color=GREEN)
        embed.add_field(name="Line score", value=code_block(format_line_score(line)), inline=False)
        return embed
    at = next((i for i in range(stop, len(events)) if isinstance(events[i], PlateAppearanceStarted)), None)
    upcoming = None if at is None else events[at]
    assert upcoming is None or isinstance(upcoming, PlateAppearanceStarted)
    half = half_inning(events, stop + 1 if at is None else at + 1)
    embed = discord.Embed(title=title, description=inning_text(half), color=BLUE)
    embed.add_field(name="Line score", value=code_block(format_line_score(line)), inline=False)
    if upcoming is not None:
        embed.add_field(name=outs_text(upcoming.outs).capitalize(), value=code_block(diamond(upcoming.bases)))
        at_bat = f"{names.player(upcoming.batter)} ({upcoming.batter_side})"
        pitching = f"{names.player(upcoming.pitcher)} ({upcoming.pitcher_hand})"
        embed.add_field(name="At bat", value=f"{at_bat}\nvs {pitching}")
    return embed


def prompt_embed(request: Request, team: str, manager_ids: Sequence[int]) -> discord.Embed:
    suggestion = next(o.label for o in request.options if o.key == request.suggestion)
    embed = discord.Embed(title=f"{team}: your call", description=request.prompt, color=GOLD)
    embed.add_field(name="Suggested", value=suggestion)
    who = ", ".join(f"<@{m}>" for m in manager_ids) or "a commissioner"
    embed.set_footer(text="Buttons for the usual calls; the menus hold substitutions. /game choose lists every option.")
    embed.add_field(name="Asked", value=who)
    return embed


def page_link(web_url: str | None, url: Callable[[str], str]) -> str | None:
    """A page of the league's site (``url(base)``: a bot.web.links function), when the bot serves one."""
    return None if web_url is None else url(web_url)


def game_link(web_url: str | None, league: League, game_id: int) -> str | None:
    """The game's page on the league's site, when the bot serves one (``DugoutBot.web_url``)."""
    return None if web_url is None else links.game_url(web_url, league, game_id)


def box_score_embeds(
    box: BoxScore, title: str, where: str | None = None, url: str | None = None
) -> list[discord.Embed]:
    """The line score, then each team's box (more embeds for a long game); send with layout.messages.
    ``url``: the game's page (:func:`game_link`), which the title links to."""
    line = discord.Embed(title=title, description=code_block(format_line_score(box.line)), color=GREEN, url=url)
    if where is not None:
        line.set_author(name=where)
    embeds = [line]
    for team in (box.away, box.home):
        embeds += [discord.Embed(description=block, color=GREEN) for block in code_blocks(format_team_box(team))]
    return embeds


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
