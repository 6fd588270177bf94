"""A card's stat line as (label, value) pairs, the same for both games' cards (their stats models are shared)."""

from __future__ import annotations

from cards.models import BatterStats, PitcherStats


def stat_text(value: object) -> str:
    """A stat as printed: "-" where the card has none."""
    return "-" if value is None else str(value)


def average_text(value: str | None) -> str:
    """A batting average as a scorer prints it: ".293" (a set may have written "0.293"); "1.000" stays."""
    return "-" if value is None else value.removeprefix("0") if value.startswith("0.") else value


def batting_pairs(s: BatterStats) -> list[tuple[str, str]]:
    return [
        ("G", stat_text(s.games)),
        ("AB", stat_text(s.at_bats)),
        ("R", stat_text(s.runs)),
        ("RBI", stat_text(s.rbi)),
        ("HR", stat_text(s.home_runs)),
        ("SB", stat_text(s.stolen_bases)),
        ("AVG", average_text(s.average)),
    ]


def pitching_pairs(t: PitcherStats) -> list[tuple[str, str]]:
    return [
        ("W-L", f"{stat_text(t.wins)}-{stat_text(t.losses)}"),
        ("SV", stat_text(t.saves)),
        ("ERA", stat_text(t.era)),
        ("IP", stat_text(t.innings)),
        ("H", stat_text(t.hits)),
        ("K", stat_text(t.strikeouts)),
        ("BB", stat_text(t.walks)),
    ]
