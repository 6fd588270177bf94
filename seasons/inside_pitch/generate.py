"""One season's card set, end to end: Lahman → fitted cards → ratings → depth charts → a set folder.

``generate(year, leagues, out)`` runs ``seasons.lahman.load_season``, ``seasons.fit.fit_season``
and ``seasons.ratings.batter_ratings`` / ``pitcher_ratings``, adds each card's identity and
stats lines, validates every card with ``cards.models``, makes each team's depth chart
(``seasons.depth``), writes the set (``seasons.write``) and loads it back with
``cards.loader.load_set``. The three data steps can be passed in (tests pass hand-made ones).

Card ids: ``{playerID}-{year}`` for a player's main card. A pitcher (more batters faced than
plate appearances) with a batting card of his own has it as ``{playerID}-batting-{year}``
(marked ``own_batting_card`` on his pitcher card: it comes with him, not on the roster); a
batter who also pitched has his pitcher card as ``{playerID}-pitching-{year}``. Ballparks are
``{teamid}-{year}-park``, team entries ``{teamid}-{year}``.
"""

from __future__ import annotations

import importlib
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from cards.loader import GENERIC_PITCHER_BATTING, SetInfo
from cards.models import AnyCard, Ballpark, Batter, Pitcher
from cards.teams import TeamEntry
from seasons import common
from seasons.awards import with_awards
from seasons.calibrate import (
    Calibration,
    LeaguePlayer,
    dh_statement,
    games_per_team,
    player_league,
    season_calibration_schedule,
    uses_dh,
    uses_extra_inning_runner,
)
from seasons.common import (
    batter_card_id,
    gets_batter_card,
    interleague_statement,
    is_pitcher,
    league_split,
    pitcher_card_id,
    playoffs_statement,
)
from seasons.depth import DepthError, depth_chart
from seasons.inside_pitch.calibrate import InsidePitchCalibration
from seasons.stats import Batting, Player, Season
from seasons.write import GenerateError, attribution, write_season_set

GENERIC_FILE = "pitcher-batting.toml"
# The generic pitcher-batting card's ratings other than its hitting (the sample set's).
GENERIC_RATINGS: dict[str, object] = {
    "injury": 0,
    "positions": ["P - 3 (5)"],
    "br": 1,
    "bnt": 4,
    "att": "N",
    "sb": 2,
    "gdp": 2,
    "sf": 1,
}


class SeasonFitLike(Protocol):
    batters: dict[str, dict[str, object]]
    pitchers: dict[str, dict[str, object]]
    ballparks: dict[str, dict[str, object]]
    pitcher_batting: dict[str, object]
    clipped: list[str]


@dataclass
class GenerateReport:
    year: int
    leagues: tuple[str, ...]
    out: Path
    teams: int = 0
    batters: int = 0
    pitchers: int = 0
    ballparks: int = 0
    clipped: list[str] = field(default_factory=list)
    filled: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    adjust: dict[str, float] = field(default_factory=dict)  # the calibration's scale per result

    def summary(self) -> str:
        return (
            f"{self.year} ({'+'.join(self.leagues)}): {self.teams} teams, {self.batters} batters, "
            f"{self.pitchers} pitchers, {self.ballparks} ballparks; {len(self.clipped)} clipped players; "
            f"written to {self.out}"
        )


def _real(module: str, name: str) -> Any:
    return getattr(importlib.import_module(module), name)


def _validate(kind: type[Batter] | type[Pitcher] | type[Ballpark], raw: dict[str, object]) -> AnyCard:
    try:
        return kind.model_validate(raw)
    except ValueError as exc:  # pydantic's ValidationError (seasons does not import pydantic itself)
        errors: list[dict[str, Any]] = exc.errors() if hasattr(exc, "errors") else [{"loc": (), "msg": str(exc)}]
        first = errors[0]
        where = ".".join(str(p) for p in first["loc"])
        raise GenerateError(
            f"the {kind.__name__.lower()} card {raw.get('id')} ({raw.get('name')}) does not validate: "
            f"{where}: {first['msg']} ({len(errors)} problem(s))"
        ) from exc


def generate(
    year: int,
    leagues: Sequence[str],
    out: str | Path,
    progress: Callable[[str], None] | None = None,
    *,
    force: bool = False,
    load_season: Callable[[int, Sequence[str]], Season] | None = None,
    fit_season: Callable[..., SeasonFitLike] | None = None,
    batter_ratings: Callable[..., Mapping[str, object]] | None = None,
    pitcher_ratings: Callable[..., Mapping[str, object]] | None = None,
    calibrate: bool | None = None,
    player: LeaguePlayer | None = None,
    depth_arms: bool | None = None,
) -> GenerateReport:
    """Make, write and load back the card set of one season's leagues; raise GenerateError or SetExists.

    With ``player`` (``league.replay.play_season``: seasons cannot import league) and the real
    fit, the cards are calibrated in the league's own games (``seasons.calibrate``): each round
    writes the candidate set, has the player play it (:func:`seasons.calibrate.season_calibration_schedule`), and fits
    again with the scales the played league gives; ``batter_ratings`` then takes ``steals=``.
    Without a player the cards are the fit's alone (a note in the set says so).

    With ``depth_arms`` (default: with the real fit) each team's pitchers its staff has no
    place for are pooled into one depth arm card on it (``seasons.depth.pool_depth_arm``),
    which the fit is given as ``depth_arms=``, and its batters the roster has no place for
    into one depth bat card (``seasons.depth.pool_depth_bat``, the fit's ``depth_bats=``)."""
    say = progress or (lambda _text: None)
    load = load_season or _real("seasons.lahman", "load_season")
    fit_fn = fit_season or _real("seasons.fit", "fit_season")
    b_ratings = batter_ratings or _real("seasons.ratings", "batter_ratings")
    p_ratings = pitcher_ratings or _real("seasons.ratings", "pitcher_ratings")
    out = Path(out)
    leagues = tuple(leagues)
    if calibrate is None:  # stand-in fits (tests) take no adjustments
        calibrate = fit_season is None
    if depth_arms is None:  # nor depth arms
        depth_arms = fit_season is None

    say(f"reading the {year} season ({', '.join(leagues)}) from the Lahman database")
    try:
        season = load(year, leagues)
    except ValueError as exc:  # seasons.lahman.SeasonError: a season the installed data cannot give
        raise GenerateError(str(exc)) from exc
    if not season.teams:
        raise GenerateError(f"the Lahman database has no {'/'.join(leagues)} teams in {year}")

    # The depth arms, from the charts of the cards the fit will make (its rules for who gets which).
    arms: dict[str, Player] = {}
    bats: dict[str, Player] = {}
    if depth_arms:
        arms, bats = _depth_arms(season, year)
    arm_kw: dict[str, object] = {"depth_arms": list(arms.values())} if arms else {}
    if bats:
        arm_kw["depth_bats"] = list(bats.values())

    # The calibration's scales the ratings take (steals, GDP, SF/WP/error, the BR offset), once it has
    # them: each player's league's where the leagues keep their own (Calibration.for_league).
    current: list[InsidePitchCalibration] = []

    def ratings_scales(player: Player) -> InsidePitchCalibration | None:
        return current[0].for_league(player_league(player, season)) if current else None

    def build(fitted: SeasonFitLike) -> tuple[dict[str, list[AnyCard]], dict[str, list[TeamEntry]], list[str]]:
        """Every card and team entry of the season from one fit."""
        notes: list[str] = []

        files: dict[str, list[AnyCard]] = {}
        batter_ids: dict[str, str] = {}
        pitcher_ids: dict[str, str] = {}
        team_names = {t.team_id: t.name for t in season.teams.values()}
        for pid in sorted(fitted.pitchers):
            player = season.players[pid] if pid in season.players else arms[pid]
            card_id = pitcher_card_id(player, year)
            raw: dict[str, object] = {
                "id": common.card_id(card_id),
                "name": player.name,
                "team": team_names[player.team_id],
                "year": year,
                "person": common.person(player),
                "throws": player.throws if player.throws in ("L", "R") else "R",
                **p_ratings(
                    _one_outing_a_game(player, season) if pid in arms else player,
                    season,
                    **pitcher_scales(ratings_scales(player)),
                ),
                **fitted.pitchers[pid],
                "own_batting_card": is_pitcher(player) and pid in fitted.batters,
            }
            if pid in arms:
                raw["injury"] = 0  # many men: one of them hurt is another's innings
                raw["depth_arm"] = True
            elif player.bats in ("L", "R", "S"):
                raw["bats"] = player.bats  # his side with the generic batting card (Lahman "B" is "S")
            if stats := common.pitcher_stats(player):
                raw["stats"] = stats
            card = _validate(Pitcher, raw)
            pitcher_ids[pid] = card.id
            files.setdefault(f"{player.team_id.lower()}.toml", []).append(card)
        for pid in sorted(fitted.batters):
            player = season.players[pid] if pid in season.players else bats[pid]
            card_id = batter_card_id(player, year, pid in fitted.pitchers)
            raw = {
                "id": common.card_id(card_id),
                "name": player.name,
                "team": team_names[player.team_id],
                "year": year,
                "person": common.person(player),
                "bats": player.bats if player.bats in ("L", "R", "S") else "R",
                **b_ratings(player, season, **batter_scales(ratings_scales(player))),
                **fitted.batters[pid],
            }
            if pid in bats:
                raw["injury"] = 0  # many men: one of them hurt is another's at-bats
            if stats := common.batter_stats(player):
                raw["stats"] = stats
            card = _validate(Batter, raw)
            if not (pid in fitted.pitchers and is_pitcher(player)):
                batter_ids[pid] = card.id  # a pitcher's own batting card goes with him, not on a roster
            files.setdefault(f"{player.team_id.lower()}.toml", []).append(card)
        generic = {
            "id": GENERIC_PITCHER_BATTING,
            "name": "Pitcher (generic)",
            "team": "Any",
            "year": year,
            "bats": "R",
            **GENERIC_RATINGS,
            **fitted.pitcher_batting,
        }
        files[GENERIC_FILE] = [_validate(Batter, generic)]

        teams: dict[str, list[TeamEntry]] = {}
        for team_id in sorted(season.teams):
            team = season.teams[team_id]
            park_id = f"{team_id.lower()}-{year}-park"
            park = _validate(
                Ballpark,
                {"id": park_id, "name": team.park or f"{team.name} park", "team": team.name, "year": year}
                | dict(fitted.ballparks[team_id]),
            )
            name = f"{team_id.lower()}.toml"
            files.setdefault(name, []).append(park)
            try:
                chart = depth_chart(
                    season,
                    team_id,
                    set(batter_ids),
                    set(pitcher_ids),
                    uses_dh(year, team.league),
                    depth_arms=bool(arms),
                    depth_bats=bool(bats),
                )
                if (chart.depth_arm is not None and chart.depth_arm.player_id not in pitcher_ids) or (
                    chart.depth_bat is not None and chart.depth_bat.player_id not in batter_ids
                ):
                    chart = depth_chart(season, team_id, set(batter_ids), set(pitcher_ids), uses_dh(year, team.league))
            except DepthError as exc:
                raise GenerateError(str(exc)) from exc
            notes.extend(chart.notes)
            teams[name] = [common.team_entry(chart, team.name, team.abbreviation, team.league, team.division, park_id,
                                       batter_ids, pitcher_ids, year)]  # fmt: skip
        # Within a file: pitchers, then batters, then the ballpark (the loader keeps the order).
        for cards in files.values():
            cards.sort(key=lambda c: 0 if isinstance(c, Pitcher) else 1 if isinstance(c, Batter) else 2)
        return files, teams, notes

    description = (
        f"The {year} {' and '.join(leagues)} season from the Lahman database: every team's batters, "
        "pitchers, ballpark and depth chart, fitted to the players' rates."
    )
    info = SetInfo(
        name=str(year),
        ruleset="inside-pitch",
        description=description,
        designated_hitter=dh_statement(year, leagues),
        # Stated only when on, so the sets of earlier seasons read as they did.
        extra_inning_runner=True if uses_extra_inning_runner(year) else None,
        interleague=interleague_statement(year, leagues),
        playoffs=playoffs_statement(year, leagues),
        source=f"Lahman Baseball Database (SABR), {year} season",
        licence="CC BY-SA 3.0",
    )

    say(f"fitting cards for {len(season.players)} players of {len(season.teams)} teams")
    fitted = fit_fn(season, **arm_kw)
    say("rating fielding, running and pitchers' extras; validating every card")
    files, teams, notes = build(fitted)
    calibration = InsidePitchCalibration()
    calibration_notes: list[str] = []
    if calibrate and player is None:
        calibration_notes.append("not calibrated in league games (no league player given): the fit's cards alone")
    elif calibrate and player is not None:
        length = games_per_team(season)
        # Pitchers' batting cards are played under their pitcher cards' ids (the P spot).
        pitcher_cards = {
            common.card_id(pitcher_card_id(p, year))
            for p in [*season.players.values(), *arms.values()]
            if is_pitcher(p)
        }
        pitchers_real = Batting()
        for p in season.players.values():
            if is_pitcher(p) and p.batting is not None:
                pitchers_real = pitchers_real + p.batting
        # The real lines by the card ids the league plays them under (the spread's slopes).
        batters_by_card = {
            common.card_id(f"{p.player_id}-{year}"): p.batting
            for p in season.players.values()
            if p.batting is not None and not is_pitcher(p)
        }
        pitchers_by_card = {
            common.card_id(pitcher_card_id(p, year)): p.pitching
            for p in [*season.players.values(), *arms.values()]
            if p.pitching is not None and p.pitching.bf > 0
        }
        split = league_split(season, year, [*arms.values(), *bats.values()])
        schedule = season_calibration_schedule(season)
        with tempfile.TemporaryDirectory(prefix="dugout-calibration-") as folder:
            for n, share in enumerate(schedule, 1):
                games = max(1, round(share * length))
                candidate = Path(folder) / f"round-{n}"
                write_season_set(candidate, info, files, teams, attribution(year, notes, season.filled, []))
                say(f"calibration {n}/{len(schedule)}: the league plays {games} games a team")
                played = player(candidate, games, n)
                calibration.update(
                    played,
                    pitcher_cards,
                    season,
                    pitchers_real,
                    batters_by_card=batters_by_card,
                    pitchers_by_card=pitchers_by_card,
                    split=split,
                )
                say(f"calibration {n} played against real: {calibration.round_report(season)}")
                say(f"calibration {n}: {calibration.describe()}")
                say(f"calibration {n} slopes: {calibration.spread_report()}")
                by_league = (
                    {
                        "league_adjust": {lg: c.adjust for lg, c in calibration.leagues.items()},
                        "league_pitcher_adjust": {lg: c.pitchers for lg, c in calibration.leagues.items()},
                    }
                    if calibration.leagues
                    else {}
                )
                fitted = fit_fn(
                    season,
                    adjust=calibration.adjust,
                    pitcher_adjust=calibration.pitchers,
                    spread=calibration.spread,
                    pitcher_spread=calibration.pitcher_spread,
                    **by_league,
                    **arm_kw,
                )
                current[:] = [calibration]
                files, teams, notes = build(fitted)
        calibration_notes.append(
            f"calibrated in {len(schedule)} rounds of league games ({calibration.describe()}; "
            f"{calibration.spread_report()})"
        )
        floor = [
            p.name
            for p in season.players.values()
            if is_pitcher(p) and any(f"({p.player_id}) batting" in line for line in fitted.clipped)
        ]
        if floor:
            calibration_notes.append(
                f"{len(floor)} pitchers hit below what a batting card can hold (the pitcher and park cards' "
                "hits come whatever the batter): their cards are the weakest the notation allows"
            )
    report = GenerateReport(year, leagues, out, clipped=list(fitted.clipped), filled=list(season.filled))
    report.notes += calibration_notes + notes
    report.adjust = dict(calibration.adjust)

    say(f"writing {sum(len(c) for c in files.values())} cards and {len(teams)} teams to {out}")
    info = with_awards(info, year, [c.id for cards in files.values() for c in cards])  # docs/awards.md
    cardset = write_season_set(
        out, info, files, teams, attribution(year, report.notes, report.filled, report.clipped), force=force
    )
    report.teams = len(cardset.team_entries)
    report.batters = len(cardset.batters)
    report.pitchers = len(cardset.pitchers)
    report.ballparks = len(cardset.ballparks)
    return report


def batter_scales(cal: Calibration | None) -> dict[str, Any]:
    """``seasons.ratings.batter_ratings``' keywords from a calibration's (one league's) scales."""
    if cal is None:
        return {}
    return {
        **({"steals": cal.steals} if cal.steals else {}),
        **cal.gdp,
        **{k: v for k, v in cal.events.items() if k in ("sf", "e")},
        **cal.running,
        **(cal.bunts if isinstance(cal, InsidePitchCalibration) else {}),
    }


def pitcher_scales(cal: Calibration | None) -> dict[str, Any]:
    """``seasons.ratings.pitcher_ratings``' keywords from a calibration's (one league's) scales."""
    if cal is None:
        return {}
    return {**cal.gdp, **{k: v for k, v in cal.events.items() if k in ("wp", "e")}}


def _one_outing_a_game(arm: Player, season: Season) -> Player:
    """A depth arm as his ratings see him: his men's relief outings counted at most one a team
    game, since on one card those of a game are one outing (so his RELIEF line is the batters
    his men faced in relief in a game they relieved, not in each man's outing)."""
    p = arm.pitching
    team = season.teams.get(arm.team_id)
    if p is None or team is None or p.g - p.gs <= team.g:
        return arm
    return replace(arm, pitching=replace(p, g=p.gs + team.g))


def _depth_arms(season: Season, year: int) -> tuple[dict[str, Player], dict[str, Player]]:
    """Every team's depth arm and depth bat (``seasons.depth.pool_depth_arm``, ``pool_depth_bat``),
    by player id: the charts made
    from the cards the real fit gives (a pitcher card for every man who faced a batter; a batter
    card by ``seasons.fit``'s rule, a pitcher's own batting card not on a roster)."""
    pitcher_ids = {p.player_id for p in season.players.values() if p.pitching is not None and p.pitching.bf > 0}
    batter_ids = {
        p.player_id
        for p in season.players.values()
        if gets_batter_card(p) and not (p.player_id in pitcher_ids and is_pitcher(p))
    }
    arms: dict[str, Player] = {}
    bats: dict[str, Player] = {}
    for team_id in sorted(season.teams):
        try:
            chart = depth_chart(
                season,
                team_id,
                batter_ids,
                pitcher_ids,
                uses_dh(year, season.teams[team_id].league),
                depth_arms=True,
                depth_bats=True,
            )
        except DepthError as exc:
            raise GenerateError(str(exc)) from exc
        if chart.depth_arm is not None:
            arms[chart.depth_arm.player_id] = chart.depth_arm
        if chart.depth_bat is not None:
            bats[chart.depth_bat.player_id] = chart.depth_bat
    return arms, bats
