"""The engine's requests as persistent buttons and select menus.

A component's custom_id carries the game, the request's sequence number and the
option's index in the request (``dg:12:57:3``), so a click is understood after a
restart, and a click on an answered request is recognised as old. Indexes rather
than option keys keep ids under Discord's 100 characters whatever the card ids are;
a replay always lists the same options in the same order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import discord

from engine.requests import Option, Request

if TYPE_CHECKING:
    from bot.discord.app import DugoutBot

HAND_OVER = "auto"  # the choice of the "auto-manage the rest" button
MAX_BUTTONS = 10  # two rows of the usual calls; the rest go to menus
MAX_MENUS = 3
MENU_SIZE = 25  # Discord's limit on a select menu's options


def prompt_view(game_id: int, request: Request, is_substitution: Callable[[str], bool]) -> discord.ui.View:
    """Buttons for the usual calls, menus for substitutions (the ruleset's narration tells which
    options they are), and a button to hand the side over."""
    view = discord.ui.View(timeout=None)
    calls = [(i, o) for i, o in enumerate(request.options) if not is_substitution(o.key)]
    changes = [(i, o) for i, o in enumerate(request.options) if is_substitution(o.key)]
    if len(calls) > MAX_BUTTONS:  # a long list of plain calls goes to the menus too
        changes = calls[MAX_BUTTONS:] + changes
        calls = calls[:MAX_BUTTONS]
    suggested = request.option_keys().index(request.suggestion)
    if all(i != suggested for i, _ in calls):  # the suggestion is always one click away
        calls = [(suggested, request.options[suggested]), *calls[: MAX_BUTTONS - 1]]
        changes = [(i, o) for i, o in changes if i != suggested]
    for index, option in calls:
        style = discord.ButtonStyle.primary if option.key == request.suggestion else discord.ButtonStyle.secondary
        view.add_item(ChoiceButton(game_id, request.seq, str(index), option.label, style))
    for part in range(min(MAX_MENUS, -(-len(changes) // MENU_SIZE))):
        options = changes[part * MENU_SIZE : (part + 1) * MENU_SIZE]
        view.add_item(ChoiceSelect(game_id, request.seq, part, options))
    view.add_item(
        ChoiceButton(game_id, request.seq, HAND_OVER, "Auto-manage the rest", discord.ButtonStyle.danger, row=4)
    )
    return view


def _bot(interaction: discord.Interaction) -> DugoutBot:
    return cast("DugoutBot", interaction.client)


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dg:(?P<game>\d+):(?P<seq>\d+):(?P<choice>\d+|auto)",
):
    """One option of a request, or the hand-over button."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        choice: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label[:80], style=style, custom_id=f"dg:{game_id}:{seq}:{choice}", row=row
        )
        super().__init__(button)
        self.game_id, self.seq, self.choice = game_id, seq, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["game"]), int(match["seq"]), match["choice"], item.label or "…", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).sessions.clicked(interaction, self.game_id, self.seq, self.choice)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"dgs:(?P<game>\d+):(?P<seq>\d+):(?P<part>\d+)",
):
    """Up to 25 options of a request (substitutions); values are option indexes."""

    def __init__(self, game_id: int, seq: int, part: int, options: list[tuple[int, Option]] | None = None) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"dgs:{game_id}:{seq}:{part}",
            placeholder="Pitching changes and substitutions" + (f" ({part + 1})" if part else ""),
            options=[discord.SelectOption(label=o.label[:100], value=str(i)) for i, o in options or []]
            or [discord.SelectOption(label="…", value="0")],
        )
        super().__init__(select)
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["seq"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            await interaction.response.defer()
            return
        await _bot(interaction).sessions.clicked(interaction, self.game_id, self.seq, values[0])


def scoreboard_view(game_id: int, teams: dict[str, str]) -> discord.ui.View:
    """The scoreboard's "Call time" buttons, one a team: the full menu of calls before the next pitch."""
    view = discord.ui.View(timeout=None)
    for side in ("away", "home"):
        view.add_item(CallTimeButton(game_id, side, f"Call time: {teams[side]}"))
    return view


class CallTimeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dgt:(?P<game>\d+):(?P<side>away|home)",
):
    """A manager asked only when it matters calls time: his next call comes with every option."""

    def __init__(self, game_id: int, side: str, label: str = "Call time") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"dgt:{game_id}:{side}"
        )
        super().__init__(button)
        self.game_id, self.side = game_id, side

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CallTimeButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["game"]), match["side"], item.label or "Call time")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).sessions.call_time(interaction, self.game_id, self.side)
