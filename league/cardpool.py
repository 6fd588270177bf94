"""The cards a league plays with: its card sets, searched in the order the league lists them.

A league names its sets by name (``sample``: a folder of ``cards/sets/``, or of the folder the
bot's operator names in ``DUGOUT_CARD_SETS_DIR``) or, at the terminal only, by a folder path:
Discord accepts names alone (:func:`named_set`), so no member's text becomes a path. Card ids
must be unique across a league's sets, so a card id names one card wherever it appears
(rosters, lineups, games).

The sets of one pool are all of one ruleset (set.toml's ``ruleset``: Inside Pitch or Deep
Drive). A Deep Drive pool's cards are :mod:`cards.deep_drive.models`'s; the pool hands them
out under the Inside Pitch names (``batter``, ``pitcher``), as a Deep Drive
``engine.setup.GameSetup`` holds them, and the ruleset's engine reads them as its own.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from cards import BUNDLED_SETS, families
from cards.deep_drive import models as dd
from cards.deep_drive.loader import DeepDriveSet
from cards.loader import (
    DEFAULT_HANDBOOK,
    GENERIC_PITCHER_BATTING,
    OUTSIDE_HANDBOOK,
    CardSet,
    CardSetError,
    handbook_file,
    load_any_set,
)
from cards.models import AnyCard, Ballpark, Batter, Pitcher
from engine.rulesets import for_family
from engine.setup import GameOptions
from league.errors import CardError

AnySet = CardSet | DeepDriveSet
BATTERS = (Batter, dd.Batter)
PITCHERS = (Pitcher, dd.Pitcher)
BALLPARKS = (Ballpark, dd.Ballpark)


# The operator's folder of card sets (the bot's host): its sets are named as the bundled ones are.
CARD_SETS_DIR = "DUGOUT_CARD_SETS_DIR"
# A set's name: a plain folder name, so that it can never be a path (no "/", "\\", "~", "." or ".."),
# and short enough for any file system.
SET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\Z")


def operator_sets_dir() -> Path | None:
    """The folder ``DUGOUT_CARD_SETS_DIR`` names, if it is set."""
    value = os.environ.get(CARD_SETS_DIR, "").strip()
    return Path(value).expanduser() if value else None


def named_set(name: str) -> Path | None:
    """The folder of the card set called ``name``: a bundled set, else one in the operator's folder (one with
    a set.toml); None for anything else, a path above all (what Discord members type reaches no other folder)."""
    if not SET_NAME.match(name):
        return None
    if (BUNDLED_SETS / name).is_dir():
        return BUNDLED_SETS / name
    extra = operator_sets_dir()
    if extra is not None and (extra / name / "set.toml").is_file():
        return extra / name
    return None


def set_names() -> list[str]:
    """Every card set's name :func:`named_set` finds: the bundled ones and the operator's."""
    names = {p.name for p in BUNDLED_SETS.iterdir() if p.is_dir()}
    extra = operator_sets_dir()
    if extra is not None and extra.is_dir():
        names |= {p.name for p in extra.iterdir() if SET_NAME.match(p.name) and (p / "set.toml").is_file()}
    return sorted(names)


def set_label(ref: str) -> str:
    """How a set is shown: its name (a path's folder name: a path is the terminal's, not for Discord)."""
    return ref if SET_NAME.match(ref) else Path(ref).name or ref


def _within(file: str, folder: Path) -> str:
    """A problem's file named within its set's folder."""
    try:
        return str(Path(file).relative_to(folder)) if Path(file) != folder else folder.name
    except ValueError:
        return Path(file).name


def resolve_set(ref: str, by_name: bool = False) -> Path:
    """The folder of a card set named by its name (:func:`named_set`) or, at the terminal, by a path.

    ``by_name``: a Discord league's set, found by its name only. A path kept before Discord took names
    alone, or an operator's set since removed, is refused naming its last folder, never the host path."""
    named = named_set(ref)
    if named is not None:
        return named
    if by_name:
        raise CardError(
            f"there is no card set named {set_label(ref)!r}; a league made in Discord plays card sets by name,"
            f" the bundled ones and the bot operator's: {', '.join(set_names())}"
        )
    path = Path(ref).expanduser()
    if path.is_dir():
        return path
    raise CardError(f"no card set {ref!r}: name a card set ({', '.join(set_names())}) or a set folder")


class CardPool:
    """Cards by id across a league's sets."""

    def __init__(self, refs: Sequence[str], sets: Sequence[AnySet]) -> None:
        self.refs = tuple(refs)
        self.sets = tuple(sets)
        families = {s.info.ruleset for s in self.sets}
        if len(families) > 1:
            mixed = ", ".join(f"{ref!r} ({s.info.ruleset})" for ref, s in zip(self.refs, self.sets, strict=True))
            raise CardError(f"a league's card sets are all of one ruleset; these mix them: {mixed}")
        self._home: dict[str, AnySet] = {}
        self._persons: dict[str, list[AnyCard]] | None = None
        for ref, cardset in zip(self.refs, self.sets, strict=True):
            for card in cardset.all_cards():
                if card.id in self._home and card.id != GENERIC_PITCHER_BATTING:
                    raise CardError(
                        f"card id {card.id!r} is in two of the league's card sets; a league's sets must not share ids"
                        f" (found again in {ref!r})"
                    )
                self._home.setdefault(card.id, cardset)

    @classmethod
    def load(cls, refs: Sequence[str], by_name: bool = False) -> CardPool:
        """Load every set (``by_name``: found by name only, as :func:`resolve_set`); a set with problems is
        refused with its first problems listed."""
        sets = []
        for ref in refs:
            folder = resolve_set(ref, by_name)
            try:
                sets.append(load_any_set(folder))
            except CardSetError as exc:
                # Files within the set's folder, not the host's paths (a Discord member may read this).
                shown = "; ".join(str(replace(p, file=_within(p.file, folder))) for p in exc.problems[:3])
                raise CardError(f"card set {ref!r} has {len(exc.problems)} problem(s): {shown}") from exc
        return cls(refs, sets)

    def describe(self) -> str:
        return ", ".join(set_label(ref) for ref in self.refs)

    @property
    def family(self) -> str:
        """The sets' ruleset as set.toml names it (cards.families): "inside-pitch"."""
        return self.sets[0].info.ruleset if self.sets else families.DEFAULT

    def handbook(self) -> str:
        """The Season Handbook's TOML text the sets' cards are read with (``GameSetup.handbook``): "" for
        Dugout's default (set.toml ``handbook = "default"`` or none), else the named file's text from the
        first set that names one (a file in the set's folder). Inside Pitch sets have none."""
        for cardset in self.sets:
            name = cardset.info.handbook
            if not name or name == DEFAULT_HANDBOOK:
                continue
            path = handbook_file(cardset.path, name)
            if path is None:  # never a file outside the set's folder (the loader refuses such a set)
                raise CardError(f"card set {cardset.info.name!r}: set.toml's handbook {OUTSIDE_HANDBOOK}")
            try:
                return path.read_text(encoding="utf-8")
            except OSError as exc:
                raise CardError(
                    f"card set {cardset.info.name!r} names the handbook {name!r}, not readable: {exc.strerror or exc}"
                ) from exc
        return ""

    def options(self) -> GameOptions | None:
        """The game options the sets state for a league made from them: for each of the designated
        hitter, the extra-inning runner and Deep Drive's era bunting (``auto_bunt_below``), the first
        set that says; None when no set says any.

        A set that names the leagues using the DH (``designated_hitter = ["AL"]``) gives ``dh_leagues``
        (each game the home team's league's rule; teams of no league without the DH), unless the
        leagues it names are all its teams' leagues (the DH everywhere, as ``true``) or none (as ``false``)."""
        dh = [s for s in self.sets if s.info.designated_hitter is not None]
        runner = [s.info.extra_inning_runner for s in self.sets if s.info.extra_inning_runner is not None]
        bunting = [s.info.auto_bunt_below for s in self.sets if s.info.auto_bunt_below is not None]
        if not dh and not runner and not bunting:
            return None
        designated_hitter, dh_leagues = False, ""
        if dh:
            first = dh[0]
            named = first.info.dh_leagues()
            if named is None:
                designated_hitter = bool(first.info.designated_hitter)
            else:
                leagues = {t.league for t in first.team_entries.values()} or {"AL", "NL"}
                if leagues <= set(named):
                    designated_hitter = True
                elif leagues & set(named):
                    dh_leagues = ",".join(named)
        stated: dict[str, object] = {
            "designated_hitter": designated_hitter,
            "dh_leagues": dh_leagues,
            "extra_inning_runner": bool(runner and runner[0]),
        }
        # The options model of the sets' game (a league plays one game: its sets are all of it), with
        # the options it takes from set.toml (SET_OPTIONS: Deep Drive's era bunting).
        model = for_family(self.family).options
        for key, option in model.SET_OPTIONS.items():
            said = [getattr(s.info, key) for s in self.sets if getattr(s.info, key) is not None]
            if said:
                stated[option] = said[0]
        return model.from_dict(stated)

    def interleague(self) -> bool | None:
        """Whether the league's two leagues meet (``make_schedule``'s ``interleague``): the first set that
        says (a generated season: from 1997); None when none does, the schedule's default."""
        return next((s.info.interleague for s in self.sets if s.info.interleague is not None), None)

    def playoffs(self) -> str | None:
        """The playoff preset of the sets' era (set.toml's ``playoffs``): the first set that says, else None."""
        return next((s.info.playoffs for s in self.sets if s.info.playoffs is not None), None)

    def season_games(self) -> int | None:
        """The games a team plays in the season the sets come from: their team entries' real games (the
        most common), or None for sets that do not say (hand-made ones)."""
        counts = Counter(e.games for s in self.sets for e in s.team_entries.values() if e.games is not None)
        return max(counts, key=lambda g: (counts[g], g)) if counts else None

    def busiest_starter(self) -> float | None:
        """The largest share of his team's real games a pitcher of the sets started (41 of 162: 0.253),
        a depth arm (many men's starts on one card) left out; None for sets without real usage."""
        shares = [
            n / e.games
            for s in self.sets
            for e in s.team_entries.values()
            if e.games
            for card_id, n in e.starts.items()
            if card_id in s.pitchers and not getattr(s.pitchers[card_id], "depth_arm", False)
        ]
        return max(shares, default=None)

    def card(self, card_id: str) -> AnyCard:
        cardset = self._home.get(card_id)
        if cardset is None:
            raise CardError(f"no card {card_id!r} in the league's card sets ({self.describe()})")
        return cast(AnyCard, cardset.card(card_id))

    def batter(self, card_id: str) -> Batter:
        card = self.card(card_id)
        if not isinstance(card, BATTERS):
            raise CardError(f"{card.name} ({card_id}) is not a batter's card")
        return card

    def pitcher(self, card_id: str) -> Pitcher:
        card = self.card(card_id)
        if not isinstance(card, PITCHERS):
            raise CardError(f"{card.name} ({card_id}) is not a pitcher's card")
        return card

    def ballpark(self, card_id: str) -> Ballpark:
        card = self.card(card_id)
        if not isinstance(card, BALLPARKS):
            raise CardError(f"{card.name} ({card_id}) is not a ballpark card")
        return card

    def name(self, card_id: str) -> str:
        """The player's name for messages; the id itself for a card the sets no longer have."""
        cardset = self._home.get(card_id)
        return cardset.card(card_id).name if cardset is not None else card_id

    def person(self, card_id: str) -> str:
        """Who the card shows, the same across sets (the card's ``person``, else its id); the id itself for
        a card the sets no longer have."""
        cardset = self._home.get(card_id)
        return cardset.card(card_id).person_id if cardset is not None else card_id

    def newest(self, card_id: str) -> str:
        """The id of the player's newest card of the same kind (batter, pitcher): his card in the last of
        the sets that has one; the card itself when no later set has him."""
        kind = self.card(card_id).kind
        return [c for c in self.cards_of(self.person(card_id)) if c.kind == kind][-1].id

    def set_of(self, card_id: str) -> str | None:
        """The league's name (its ref) of the set a card comes from; None for a card the sets lack."""
        cardset = self._home.get(card_id)
        return next((ref for ref, s in zip(self.refs, self.sets, strict=True) if s is cardset), None)

    def cards_of(self, person: str) -> list[AnyCard]:
        """Every card of the sets that shows ``person`` (a player's cards of every season), in the sets' order."""
        if self._persons is None:
            self._persons = {}
            for cardset in self.sets:
                for card in cardset.all_cards():
                    self._persons.setdefault(card.person_id, []).append(cast(AnyCard, card))
        return list(self._persons.get(person, ()))

    def is_pitchers_batting_card(self, batter: Batter) -> bool:
        """A pitcher's own batting card ("##") or the generic one: they come with the pitcher, not on a roster.

        A batter card that shares a name with a pitcher card not marked ## is a two-way player's
        own card (a generated set's batter who also pitched): it goes on a roster like any other."""
        if batter.id == GENERIC_PITCHER_BATTING:
            return True
        cardset: Any = self._home[batter.id]  # its own set's rule (CardSet, DeepDriveSet)
        return bool(cardset.is_pitchers_batting_card(batter))

    def batting_card_for(self, pitcher: Pitcher) -> Batter | None:
        """The pitcher's own batting card, else a generic pitcher's batting card from any of the sets."""
        home: Any = self._home.get(pitcher.id)  # its own set's rule (CardSet, DeepDriveSet)
        card: Batter | None = home.batting_card_for(pitcher) if home is not None else None
        if card is not None:
            return card
        sets: list[Any] = [s for s in self.sets if GENERIC_PITCHER_BATTING in s.batters]
        generic: Batter | None = sets[0].batters[GENERIC_PITCHER_BATTING] if sets else None
        return generic
