"""Bench-only card sets and leagues: many teams made by copying the sample set's two teams.

The sample set has only two teams of cards (Harbor City, Mesa Valley), and a card can be
on one roster of a league; a 30-team season needs 30 teams' worth. :func:`write_bench_set`
copies the two teams (players and park) again and again under new ids (``b07-hc-…``) and
team names ("Bench 07") into a set folder of its own, marked bench-only in its set.toml.
The copies play exactly as the originals; they are for benchmarks and tests, never a league.
"""

from __future__ import annotations

from pathlib import Path

from cards import SAMPLE_SET
from cards.loader import GENERIC_PITCHER_BATTING, SET_FILE, load_set, write_cards
from cards.models import AnyCard
from league.models import League
from league.store import Store

BASE_TEAMS = ("Harbor City", "Mesa Valley")
SET_TOML = """name = "Bench only"
ruleset = "inside-pitch"
description = "BENCH-ONLY copies of the sample set's two teams under new ids, for benchmarks and tests; not a real set."
"""


def bench_team(number: int) -> tuple[str, str]:
    """The name and abbreviation of the bench set's team ``number`` (from 1)."""
    return f"Bench {number:02d}", f"B{number:02d}"


def write_bench_set(folder: Path, teams: int) -> Path:
    """A card set folder with ``teams`` copies of the sample teams (alternating), one card file each."""
    sample = load_set(SAMPLE_SET)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SET_FILE).write_text(SET_TOML, encoding="utf-8")
    write_cards(folder / "generic.toml", [sample.batters[GENERIC_PITCHER_BATTING]])
    for number in range(1, teams + 1):
        base = BASE_TEAMS[(number - 1) % 2]
        name, _ = bench_team(number)
        prefix = f"b{number:02d}-"
        originals: list[AnyCard] = [
            *(b for b in sample.batters.values() if b.team == base),
            *(p for p in sample.pitchers.values() if p.team == base),
            *(p for p in sample.ballparks.values() if p.team == base),
        ]
        copies = [card.model_copy(update={"id": prefix + card.id, "team": name}) for card in originals]
        write_cards(folder / f"bench-{number:02d}.toml", copies)
    return folder


def write_next_set(bench_set: Path, folder: Path) -> Path:
    """A bench set's players again as "next year's" set: each card under the id ``n-<id>``, the same
    person (its ``person`` the old id), so ``season new --cards`` gives every rostered player a new card."""
    cards = load_set(bench_set)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SET_FILE).write_text(SET_TOML.replace("Bench only", "Bench only, next year"), encoding="utf-8")
    players: list[AnyCard] = [*cards.batters.values(), *cards.pitchers.values()]
    copies = [
        c.model_copy(update={"id": "n-" + c.id, "person": c.id}) for c in players if c.id != GENERIC_PITCHER_BATTING
    ]
    write_cards(folder / "players.toml", copies)
    return folder


async def bench_league(
    store: Store,
    set_folder: Path,
    teams: int,
    games_per_team: int,
    *,
    name: str = "Bench League",
    seed: int = 0,
    guild_id: int | None = None,
    commissioners: tuple[int, ...] = (),
) -> League:
    """A league on the bench set: ``teams`` teams signed, auto lineups, five-man rotations, a season scheduled."""
    cards = load_set(set_folder)
    async with store.transaction():
        league = await store.create_league(name, [str(set_folder)], guild_id=guild_id, commissioners=commissioners)
        for number in range(1, teams + 1):
            team_name, abbreviation = bench_team(number)
            park = next(p.id for p in cards.ballparks.values() if p.team == team_name)
            team = await store.create_team(league.id, team_name, abbreviation, ballpark=park)
            pitchers = [p for p in cards.pitchers.values() if p.team == team_name]
            own = {(p.name, p.year) for p in pitchers}
            batters = [b for b in cards.batters.values() if b.team == team_name and (b.name, b.year) not in own]
            for card in [*batters, *pitchers]:
                await store.sign(team.id, card.id)
            for hand in ("L", "R"):
                await store.save_auto_lineup(team.id, hand)
            await store.set_rotation(team.id, [p.id for p in pitchers if p.start is not None][:5])
        await store.schedule_season(league.id, games_per_team, seed=seed)
        return await store.league(league.id)
