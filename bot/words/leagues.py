"""A league's card sets and settings as a commissioner names them, for /league and ``dugout league`` alike:
the same lookups, the same changes, the same refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.words.errors import UserError, quoted
from cards.loader import set_ruleset
from engine import rulesets
from engine.setup import SetupError
from league.cardpool import named_set, set_names
from league.models import League, LeagueRules
from league.settings import WHOLE_NUMBER, game_options_of, is_switch, owners_of, ruleset_title, settings_of
from league.store import Store

# How many set names a refusal lists (Discord's 2000 characters); quoted() shortens the name.
LISTED_SETS = 20


def set_folder(name: str) -> Path:
    """The folder of the card set named: by name alone (a bundled set or one in the operator's
    DUGOUT_CARD_SETS_DIR), never a path, so that every other text gets the same answer and no host path."""
    folder = named_set(name)
    if folder is None:
        names = set_names()
        listed = ", ".join(names[:LISTED_SETS])
        if len(names) > LISTED_SETS:
            listed += f" and {len(names) - LISTED_SETS} more"
        raise UserError(
            f"There is no card set named {quoted(name)}. The card sets are: {listed}"
            " (pick them from the list as you type)."
        )
    return folder


def set_family(ref: str) -> str:
    """The game a card set is for (set.toml's ruleset: "inside-pitch"), read from its set.toml alone."""
    return set_ruleset(set_folder(ref))


def choose_ruleset(ruleset: str | None, sets: list[str]) -> str:
    """The league's ruleset: the one asked for, else the card sets' own; a set of the other game is refused."""
    if ruleset is not None and ruleset not in rulesets.NAMES:
        raise UserError(f"Dugout plays {', '.join(ruleset_title(r) for r in rulesets.NAMES)}; pick one from the list.")
    families = {ref: set_family(ref) for ref in sets}
    if ruleset is None:
        kinds = set(families.values())
        if len(kinds) > 1:
            raise UserError(
                "Those card sets are for different games ("
                + ", ".join(f"{ref}: {kind}" for ref, kind in families.items())
                + "); a league plays one."
            )
        return rulesets.for_family(kinds.pop()).name if kinds else rulesets.DEFAULT
    game = rulesets.ruleset(ruleset)
    wrong = [ref for ref, kind in families.items() if kind != game.family]
    if wrong:
        article = "an" if game.title[0] in "AEIOU" else "a"
        raise UserError(
            f"{', '.join(wrong)} {'is a card set' if len(wrong) == 1 else 'are card sets'} of the other game; "
            f"{article} {game.title} league plays {game.title} cards, such as {game.sample_set}."
        )
    return ruleset


def card_set_names(text: str | None, ruleset: str | None) -> list[str]:
    """Comma-separated card sets; none named is the game's sample set (an unknown game is refused later)."""
    named = text or rulesets.ruleset(ruleset if ruleset in rulesets.NAMES else rulesets.DEFAULT).sample_set
    return [s.strip() for s in named.split(",") if s.strip()]


async def open_league(
    store: Store,
    name: str,
    sets: list[str],
    ruleset: str,
    *,
    teams: bool,
    next_step: str,
    guild_id: int | None = None,
    commissioners: tuple[int, ...] = (),
) -> tuple[League, str]:
    """A new league and, when ``teams`` and its card sets list them, its teams (each with its roster,
    lineups, rotation and bullpen), all or nothing; then what was made, in words. ``next_step`` is the
    front end's command that makes a team by hand."""
    pool = await store.card_sets(sets, by_name=True)
    options = pool.options()
    has_teams = any(s.team_entries for s in pool.sets)
    async with store.transaction():  # the league and its teams, or nothing
        league = await store.create_league(
            name, sets, guild_id=guild_id, commissioners=commissioners, options=options, ruleset=ruleset
        )
        made = await store.create_teams_from_sets(league.id) if teams and has_teams else []
    text = f"**{league.name}** is open: {ruleset_title(ruleset)}, with {', '.join(league.card_sets)}."
    if options is not None:
        text += f" {options.dh_text()[:-1]}, as the card set says."
        if options.extra_inning_runner:
            text += " Extra innings start with a runner on second (the rule since 2020)."
    if made:
        text += (
            f" Made {len(made)} teams from the card set, each with its roster, lineups, rotation and bullpen: "
            + ", ".join(t.abbreviation for t in made)
            + ". Next: give each team its manager."
        )
    else:
        text += f" Next: `{next_step}` for each team."
    return league, text


def parse_setting(name: str, text: str, current: Any) -> Any:
    """A setting's new value, typed like its current one."""
    text = text.strip().lower()
    if isinstance(current, bool):
        if text in ("on", "yes", "true", "1"):
            return True
        if text in ("off", "no", "false", "0"):
            return False
        raise UserError(f"{name} is on or off; got {text!r}.")
    if name == "dh_leagues" and text in ("none", "off", "-"):
        return ""  # no leagues named: designated_hitter decides every game
    if isinstance(current, int):
        if is_switch(name) and text in ("on", "off"):  # switches kept as numbers: on is 1, off 0
            return int(text == "on")
        if not WHOLE_NUMBER.fullmatch(text):
            raise UserError(f"{name} is a whole number; got {quoted(text)}.")
        return int(text)
    return text


async def change_setting(store: Store, league: League, setting: str, value: str | None, how: str) -> League:
    """One game option (its ruleset's options model) or league rule (LeagueRules) set; ``how`` is the
    front end's own way of saying it, e.g. ``/league options setting:innings value:7``."""
    owners = owners_of(setting)
    if not owners:
        raise UserError(f"There is no setting {setting!r}; pick one from the list.")
    if league.ruleset not in owners:
        title, other = ruleset_title(league.ruleset), " and ".join(ruleset_title(r) for r in owners)
        raise UserError(f"{setting} is {other}'s; {league.name} plays {title}: pick one of its settings from the list.")
    if value is None:
        raise UserError(f"Give {setting} a value, e.g. `{how}`.")
    try:
        if setting in game_options_of(league.ruleset):
            data = league.options.to_dict()
            data[setting] = parse_setting(setting, value, data[setting])
            return await store.set_options(league.id, type(league.options).from_dict(data))
        rules = league.rules.to_dict()
        rules[setting] = parse_setting(setting, value, rules[setting])
        return await store.set_rules(league.id, LeagueRules.from_dict(rules))
    except SetupError as exc:
        raise UserError(str(exc)) from exc


def league_settings(league: League) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game options and the league rules its game reads (settings_of): a Deep Drive league is not
    shown Inside Pitch's."""
    own = set(settings_of(league.ruleset))
    options = {k: v for k, v in league.options.to_dict().items() if k in own}
    rules = {k: v for k, v in league.rules.to_dict().items() if k in own}
    return options, rules


def shown_value(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value) or "none"
