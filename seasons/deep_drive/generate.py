"""One season's Deep Drive card set: Lahman → the season's handbook → cards → depth charts → a set folder.

``generate(year, leagues, out)`` reads the season (``seasons.lahman``), derives its Season
Handbook (``seasons.deep_drive_handbook``), builds every card from the players' rates
(``seasons.deep_drive.counts``, ``outs``, ``ratings``), validates each with the Deep Drive card
models, makes each team's depth chart (``seasons.depth``) and writes the folder in the Inside
Pitch sets' layout, with ``handbook.toml`` beside ``set.toml``. Ids follow ``seasons.common``.
"""

from __future__ import annotations

import shutil
import tempfile
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cards.deep_drive.models import Ballpark, Batter, Pitcher
from cards.loader import GENERIC_PITCHER_BATTING, HANDBOOK_FILE, SET_FILE, TEAM_TABLE, SetInfo
from cards.teams import TeamEntry
from cards.toml_format import format_cards
from engine.deep_drive.handbook import Handbook, def_vector_mix, parse_handbook
from engine.deep_drive.odds import pa_odds, summary
from seasons import common
from seasons.awards import set_toml, with_awards
from seasons.calibrate import (
    EVENT_SCALE_LIMITS,
    POOL_FROM,
    Calibration,
    LeaguePlayer,
    LeagueSplit,
    PlayedLeague,
    dh_statement,
    games_per_team,
    played_batting,
    played_event_rates,
    player_league,
    pooled_recalibrate,
    real_event_rates,
    season_calibration_schedule,
    uses_dh,
    uses_extra_inning_runner,
)
from seasons.deep_drive import counts as cnt
from seasons.deep_drive import outs as outs_mod
from seasons.deep_drive import ratings as rt
from seasons.deep_drive.bunting import BuntFit
from seasons.deep_drive_handbook import average_mix, derive, totals_from_season
from seasons.depth import DepthError, depth_chart
from seasons.stats import Batting, Pitching, Player, Season
from seasons.write import ATTRIBUTION_FILE, GenerateError, attribution, move_into_place, start_writing

GENERIC_FILE = "pitcher-batting.toml"
METHOD = "docs/deep-drive/real-seasons.md"  # named in the set's ATTRIBUTION.md
TARGETS = ("HR", "3B", "2B", "1B", "BB", "HBP", "SO")
# How much of the home park's factor a card's singles, doubles and triples lose (0: none). Inside
# Pitch takes it out (÷√BPF) because its ballpark cards add it back; Deep Drive parks move only
# home runs (the handbook's Ballpark Effects), so a hit taken out here would never come back and
# a Coors Field team would score like any other. The cards keep the park: each player's season
# line plays wherever he plays, and his team's totals are the real ones.
PARK_HITS = 0.0

DeepDriveCard = Batter | Pitcher | Ballpark


@dataclass
class Report:
    year: int
    leagues: tuple[str, ...]
    out: Path
    teams: int = 0
    batters: int = 0
    pitchers: int = 0
    clipped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    mae: dict[str, float] = field(default_factory=dict)  # per result, PA-weighted, cards vs targets
    calibration: str = ""  # the scales the league's games gave (Calibration.describe)

    def summary(self) -> str:
        worst = max(self.mae.values(), default=0.0)
        return (
            f"{self.year} ({'+'.join(self.leagues)}) Deep Drive: {self.teams} teams, {self.batters} batters, "
            f"{self.pitchers} pitchers; {len(self.clipped)} clipped; fit MAE at most {worst:.4f} per PA; "
            f"written to {self.out}"
        )


@dataclass(frozen=True)
class Norms:
    """One league's scales (or the set's) and the league lines they scale, as :func:`build` uses them."""

    adjust: Mapping[str, float]
    pitchers_adjust: Mapping[str, float]
    hard_scale: float
    steals: Mapping[str, float]
    si_plus: float
    league_b: cnt.Rates
    league_p: cnt.Rates
    code_lb: dict[str, float]
    code_lp: dict[str, float]


@dataclass
class Built:
    """Everything a set needs, before it is written."""

    handbook_text: str
    handbook: Handbook
    files: dict[str, list[DeepDriveCard]]
    teams: dict[str, list[TeamEntry]]
    targets: dict[str, dict[str, float]]  # card id -> TARGETS rates
    weights: dict[str, float]  # card id -> PA or BF
    league_batter: Batter
    league_pitcher: Pitcher
    clipped: list[str]
    notes: list[str]
    depth_bats: list[Player] = field(default_factory=list)  # seasons.depth.pool_depth_bat's, one a team at most


def _validate(kind: type[DeepDriveCard], raw: dict[str, Any]) -> DeepDriveCard:
    try:
        return kind.model_validate(raw)
    except ValueError as exc:
        raise GenerateError(f"the {kind.__name__.lower()} card {raw.get('id')} ({raw.get('name')}): {exc}") from exc


def _targets(r: cnt.Rates) -> dict[str, float]:
    return {"HR": r.hr, "3B": r.tr, "2B": r.do, "1B": r.si, "BB": r.bb, "HBP": r.hbp, "SO": r.so}


def _had_batting(b: Batting) -> dict[str, bool]:
    return {
        "DD": b.hr + b.triples + b.doubles > 0,
        "SI+": b.singles > 0,
        "SI": b.singles > 0,
        "BB": b.bb > 0,
        "HBP": b.hbp > 0,
        "SO": b.k > 0,
    }


def _had_pitching(p: Pitching) -> dict[str, bool]:
    return {
        "DD": p.h > 0,
        "SI+": p.h - p.hr > 0,
        "SI": p.h - p.hr > 0,
        "BB": p.bb > 0,
        "HBP": p.hbp > 0,
        "SO": p.k > 0,
    }


def _batting_tilt(b: Batting, league: Batting) -> outs_mod.Tilt:
    pa, lpa = b.pa, league.pa
    return outs_mod.Tilt(
        gdp=outs_mod.ratio(b.gidp, pa, league.gidp, lpa),
        sf=outs_mod.ratio(b.sf, pa, league.sf, lpa),
        sh=outs_mod.ratio(b.sh, pa, league.sh, lpa),
    )


def _pitching_tilt(p: Pitching, league: Pitching) -> outs_mod.Tilt:
    return outs_mod.Tilt(
        gdp=outs_mod.ratio(p.gidp, p.bf, league.gidp, league.bf),
        sf=outs_mod.ratio(p.sf, p.bf, league.sf, league.bf),
        sh=outs_mod.ratio(p.sh, p.bf, league.sh, league.bf),
    )


# The calibration's result names (seasons.calibrate.RESULTS) on a Rates' fields.
SCALED = {"HR": "hr", "3B": "tr", "2B": "do", "1B": "si", "BB": "bb", "HBP": "hbp", "K": "so"}


def scaled(r: cnt.Rates, scales: Mapping[str, float]) -> cnt.Rates:
    """The rates with each result multiplied by its calibration scale (1 where none)."""
    return cnt.Rates(**{field: getattr(r, field) * scales.get(result, 1.0) for result, field in SCALED.items()})


def stretched(r: cnt.Rates, league: cnt.Rates, factors: Mapping[str, float]) -> cnt.Rates:
    """A pitcher's rates stretched about the league's by the calibration's pitcher spread factors
    (H: his hits on balls in play, as one; HR, BB, K), so played rates follow real ones with slope 1."""
    if not factors:
        return r

    def about(mine: float, lg: float, result: str) -> float:
        return max(0.0, lg + factors.get(result, 1.0) * (mine - lg))

    hits, league_hits = r.si + r.do + r.tr, league.si + league.do + league.tr
    h = about(hits, league_hits, "H") / hits if hits > 0 else 1.0
    return cnt.Rates(
        hr=about(r.hr, league.hr, "HR"),
        tr=r.tr * h,
        do=r.do * h,
        si=r.si * h,
        bb=about(r.bb, league.bb, "BB"),
        hbp=r.hbp,
        so=about(r.so, league.so, "K"),
    )


# How the league's runs answer the SI+ share of singles: played runs over real per unit of share
# (a single that moves the runners two bases instead of one). Measured on 2016 (docs/deep-drive/
# real-seasons.md, "Calibration"); the rounds pool the intercept with this slope held.
RUNS_PER_SI_PLUS = 0.11
SI_PLUS_LIMITS = (0.05, 0.95)


@dataclass
class DeepDriveCalibration(Calibration):
    """Inside Pitch's scales (``seasons.calibrate.Calibration``) plus the SI+ share of singles,
    fitted to the league's runs: the one figure the results' scales leave free (how far runners go
    on a single). The runs are judged against what the batting line is worth, so a round whose line
    is still off (the first) does not move the share for it: the ratio is played runs over the
    played line's :func:`base_runs`, over the same of the real season. It is taken as linear in the
    share with slope :data:`RUNS_PER_SI_PLUS`; the rounds from ``POOL_FROM`` on pool the level,
    weighted by their plate appearances, and the new share is the one that gives a ratio of 1."""

    si_plus: float = cnt.SI_PLUS_SHARE
    runs: list[tuple[float, float, float]] = field(default_factory=list)  # (share, runs ratio, plate appearances)
    # The auto-manager's era bunting (the set's ``auto_bunt_below``), fitted to the season's sacrifices.
    bunting: BuntFit = field(default_factory=BuntFit)
    # The handbook's error chances (``derive(error_scale=)``), fitted to the season's errors per team
    # game from the whole league's games (one handbook for both leagues): :meth:`update_errors`.
    error_scale: float = 1.0
    error_rounds: list[tuple[float, float, float]] = field(default_factory=list)  # (scale, E per team game, games)

    def update(
        self,
        played: PlayedLeague,
        pitcher_cards: Iterable[str],
        season: Season,
        pitchers_real: Batting,
        *,
        batters_by_card: Mapping[str, Batting] | None = None,
        pitchers_by_card: Mapping[str, Pitching] | None = None,
        split: LeagueSplit | None = None,
    ) -> None:
        """Inside Pitch's update, then the handbook's error scale from the same games."""
        super().update(
            played,
            pitcher_cards,
            season,
            pitchers_real,
            batters_by_card=batters_by_card,
            pitchers_by_card=pitchers_by_card,
            split=split,
        )
        self.update_errors(played_event_rates(played)["e"], float(played.team_games), real_event_rates(season)["e"])

    def update_errors(self, played: float, team_games: float, real: float) -> None:
        """One round's errors per team game (``played``, over ``team_games``) against the season's
        (``real``), and the error scale refitted from the rounds pooled as the other scales are (errors
        taken as proportional to the scale). The handbook sizes its error chances to the batters who
        reach on an error (``ROE_PER_ERROR`` of the errors), but the engine charges one error per ERR
        reading and nearly every reading puts the batter on, so unscaled the games give about 0.6 of
        the season's errors (docs/deep-drive/real-seasons.md, "Errors")."""
        if played <= 0 or real <= 0:
            return  # a stand-in league that counts no errors, or a season without them: nothing to fit
        self.error_rounds.append((self.error_scale, played, team_games))
        pooled = self.error_rounds[POOL_FROM - 1 :] if len(self.error_rounds) >= POOL_FROM else self.error_rounds
        fit = pooled_recalibrate([({"e": s}, {"e": e}, w) for s, e, w in pooled], {"e": real}, {"e": self.error_scale})
        self.error_scale = min(max(fit["e"], EVENT_SCALE_LIMITS[0]), EVENT_SCALE_LIMITS[1])

    def _update_levels(
        self, played: PlayedLeague, pitcher_cards: Iterable[str], season: Season, pitchers_real: Batting
    ) -> None:
        """Inside Pitch's level scales, then the SI+ share from the same (one league's) games: where
        the leagues keep their own scales each league has its own share, fitted to its own runs."""
        super()._update_levels(played, pitcher_cards, season, pitchers_real)
        real, line = season.league_batting(), played_batting(played)
        if not (real.r and line.r and base_runs(real) and base_runs(line)):
            return
        ratio = (line.r / base_runs(line)) / (real.r / base_runs(real))
        self.runs.append((self.si_plus, ratio, float(line.pa)))
        pooled = self.runs[POOL_FROM - 1 :] if len(self.runs) >= POOL_FROM else self.runs
        weight = sum(w for _, _, w in pooled)
        share = sum(s * w for s, _, w in pooled) / weight
        level = sum(r * w for _, r, w in pooled) / weight
        target = share + (1 - level) / RUNS_PER_SI_PLUS
        self.si_plus = min(max(target, SI_PLUS_LIMITS[0]), SI_PLUS_LIMITS[1])

    def describe(self) -> str:
        """The scales a Deep Drive card reads: Inside Pitch's SF, WP and error scales, its BR offset and
        its batters' spread are fitted by the shared rounds but no Deep Drive card reads them, so
        they are not shown (:func:`build` reads the results', pitchers', steals', GDP, pitchers'
        spread and SI+ figures). Where the leagues keep their own scales, each league's part (a
        Deep Drive calibration too) names its own SI+ share."""
        read = replace(self, events={}, running={}, spread={})
        parts = (
            [Calibration.describe(read)]
            if self.leagues
            else [Calibration.describe(read), f"SI+ share {self.si_plus:.3f}"]
        )
        if self.error_rounds:
            parts.append(f"error chances {self.error_scale:.3f}")
        return ", ".join([*parts, self.bunting.describe()] if self.bunting.rounds else parts)


def base_runs(b: Batting) -> float:
    """David Smyth's BaseRuns (as ``bench.fidelity.base_runs``): the runs a line scores with
    average sequencing."""
    on = b.h + b.bb + b.hbp - b.hr
    tb = b.h + b.doubles + 2 * b.triples + 3 * b.hr
    advance = (1.4 * tb - 0.6 * b.h - 3 * b.hr + 0.1 * (b.bb + b.hbp)) * 1.02
    outs = b.ab - b.h + b.sf
    return on * advance / (advance + outs) + b.hr if advance + outs else float(b.hr)


def build(season: Season, handbook_text: str | None = None, calibration: Calibration | None = None) -> Built:
    """Every card, team entry and the handbook of one season (nothing written). ``handbook_text``
    replaces the season's derived handbook (tests with hand-made seasons pass the default's).
    ``calibration`` (``seasons.calibrate``, played in the league's own games: :func:`generate`)
    scales the results (``adjust``, pitchers batting ``pitchers``), stretches pitchers about the
    league (``pitcher_spread``), scales STEAL's inputs (``steals``) and the hard grounders (``gdp``)."""
    top = calibration or Calibration()
    year = season.year
    error_scale = getattr(top, "error_scale", 1.0)  # a Deep Drive calibration's (one handbook, both leagues)
    text = handbook_text if handbook_text is not None else derive(totals_from_season(season), error_scale).text
    hb = parse_handbook(text, HANDBOOK_FILE)
    vector = def_vector_mix(hb, average_mix())
    ctx = rt.context(season)
    lb, lp = season.league_batting(), season.league_pitching()
    non_hr = max(1, lb.h - lb.hr)
    shares = [lb.singles / non_hr, lb.doubles / non_hr, lb.triples / non_hr]
    raw_league_p = cnt.pitching_rates(lp, shares)
    norms: dict[str | None, Norms] = {}

    def norms_of(league: str | None) -> Norms:
        """The scales and scaled league lines a card of ``league`` is made with: that league's where
        the leagues keep their own (``Calibration.for_league``), else the set's."""
        key = league if league in top.leagues else None
        if key not in norms:
            cal = top.for_league(key)
            league_b = scaled(cnt.batting_rates(lb), cal.adjust)
            league_p = scaled(raw_league_p, cal.adjust)
            si_plus = getattr(cal, "si_plus", cnt.SI_PLUS_SHARE)
            norms[key] = Norms(
                cal.adjust, cal.pitchers or cal.adjust, cal.gdp.get("gdp", 1.0), cal.steals, si_plus,
                league_b, league_p, cnt.code_rates(league_b, league_b, vector, si_plus),
                cnt.code_rates(league_p, league_p, vector, si_plus),
            )  # fmt: skip
        return norms[key]

    # The average cards (what fit_errors checks against) are the league's with the most teams
    # where the leagues keep their own scales (the AL's where they have as many).
    team_counts: dict[str, int] = {}
    for t in season.teams.values():
        team_counts[t.league] = team_counts.get(t.league, 0) + 1
    main = norms_of(max(sorted(team_counts), key=lambda k: team_counts[k]) if team_counts else None)
    team_names = {t.team_id: t.name for t in season.teams.values()}
    files: dict[str, list[DeepDriveCard]] = {}
    targets: dict[str, dict[str, float]] = {}
    weights: dict[str, float] = {}
    clipped: list[str] = []
    batter_ids: dict[str, str] = {}
    pitcher_ids: dict[str, str] = {}

    def batter_card(
        card_id: str,
        name: str,
        team: str,
        bats: str,
        b: Batting,
        factor: float,
        extra: dict[str, Any],
        scales: Mapping[str, float],
        n: Norms,
    ) -> Batter:
        rates = scaled(cnt.batting_rates(b, factor), scales)
        chances, counts = cnt.chances(
            cnt.code_rates(rates, n.league_b, vector, n.si_plus), n.code_lb, 0, _had_batting(b)
        )
        if counts.clipped:
            clipped.append(f"{name} ({card_id}) batting: " + ", ".join(
                f"{c} {v:.1f}" for c, v in counts.exact.items() if v < 0 or v > cnt.NUMBERS))  # fmt: skip
        raw = {
            "id": card_id,
            "name": name,
            "team": team,
            "year": year,
            "bats": bats if bats in ("L", "R", "S") else "R",
            "chances": chances,
            "deep_drive": cnt.deep_section(rates.hr, rates.tr, rates.do, bats),
            "outs": outs_mod.outs_section(_batting_tilt(b, lb), bats, n.hard_scale, outs_mod.dither(card_id)),
            **extra,
        }
        card = _validate(Batter, raw)
        assert isinstance(card, Batter)
        targets[card_id] = _targets(rates)
        weights[card_id] = float(b.pa)
        return card

    def player_batter_card(player: Player, has_pitcher_card: bool, injury: str | None = None) -> Batter:
        """A player's batter card from his season line (a depth bat's: his pooled men's)."""
        assert player.batting is not None
        b = player.batting
        n = norms_of(player_league(player, season))
        card_id = common.card_id(common.batter_card_id(player, year, has_pitcher_card))
        extra: dict[str, Any] = {
            "person": common.person(player),
            "injury": injury or rt.injury(player, season),
            "positions": rt.positions(player, season, hb, ctx, pitcher_card=False),
            "steal": rt.steal(b, hb, ctx, n.steals),
            "run": rt.run(b, season, ip_league(player, season), ctx),
        }
        if stats := common.batter_stats(player):
            extra["stats"] = stats
        own = n.pitchers_adjust if common.is_pitcher(player) else n.adjust  # a pitcher's own batting card
        factor = PARK_HITS * common.park_factor(season, player, True) + 1 - PARK_HITS
        return batter_card(card_id, player.name, team_names[player.team_id], player.bats, b, factor, extra, own, n)

    for pid in sorted(season.players):
        player = season.players[pid]
        league = ip_league(player, season)
        n = norms_of(player_league(player, season))
        if player.pitching is not None and player.pitching.bf > 0:
            p = player.pitching
            card_id = common.card_id(common.pitcher_card_id(player, year))
            rates = cnt.pitching_rates(p, shares, PARK_HITS * common.park_factor(season, player, False) + 1 - PARK_HITS)
            rates = scaled(stretched(rates, raw_league_p, top.pitcher_spread), n.adjust)
            chances, counts = cnt.chances(
                cnt.code_rates(rates, n.league_p, vector, n.si_plus), n.code_lp, 50, _had_pitching(p)
            )
            if counts.clipped:
                clipped.append(f"{player.name} ({card_id}) pitching")
            per_start, per_relief = rt.split_bfp(p, season, league)
            raw: dict[str, Any] = {
                "id": card_id,
                "name": player.name,
                "team": team_names[player.team_id],
                "year": year,
                "person": common.person(player),
                "throws": player.throws if player.throws in ("L", "R") else "R",
                # His side with the generic "Pitcher At Bat" card (Lahman "B" is "S").
                "bats": player.bats if player.bats in ("L", "R", "S") else None,
                "injury": rt.injury(player, season),
                "positions": rt.positions(player, season, hb, ctx, pitcher_card=True),
                "chances": chances,
                "outs": outs_mod.outs_section(_pitching_tilt(p, lp), "S", n.hard_scale, outs_mod.dither(card_id)),
                "usage": rt.usage(p, year, ctx, per_start),
                "endurance": rt.endurance(p, per_start, per_relief),
                **rt.pitcher_grades(p, hb),
            }
            if common.gets_batter_card(player) and not common.is_pitcher(player):
                raw["two_way"] = True  # a two-way batter: his batter card goes on the roster
            if stats := common.pitcher_stats(player):
                raw["stats"] = stats
            card = _validate(Pitcher, raw)
            targets[card.id] = _targets(rates)
            weights[card.id] = float(p.bf)
            pitcher_ids[pid] = card.id
            files.setdefault(f"{player.team_id.lower()}.toml", []).append(card)
        if common.gets_batter_card(player):
            card = player_batter_card(player, pid in pitcher_ids)
            if not (pid in pitcher_ids and common.is_pitcher(player)):
                batter_ids[pid] = card.id
            files.setdefault(f"{player.team_id.lower()}.toml", []).append(card)

    pitchers_batting = Batting()
    pitchers_pa: dict[str, int] = {}
    for player in season.players.values():
        if common.is_pitcher(player) and player.batting is not None:
            pitchers_batting = pitchers_batting + player.batting
            if (of := player_league(player, season)) is not None:
                pitchers_pa[of] = pitchers_pa.get(of, 0) + player.batting.pa
    # The generic card bats for pitchers without their own: the league whose pitchers batted most.
    gn = norms_of(max(sorted(pitchers_pa), key=lambda k: pitchers_pa[k]) if pitchers_pa else None)
    generic_extra: dict[str, Any] = {"injury": "A", "positions": ["DH"], "steal": "0F", "run": "S"}
    generic = batter_card(GENERIC_PITCHER_BATTING, "Pitcher At Bat (generic)", "Any", "R", pitchers_batting, 1.0,
                          generic_extra, gn.pitchers_adjust, gn)  # fmt: skip
    files[GENERIC_FILE] = [generic]

    # The league's average cards: the opponents a card's fit is checked against.
    avg_b = _validate(Batter, {
        "id": "league-batter", "name": "League batter", "team": "Any", "year": year, "bats": "R",
        "injury": "A", "positions": ["DH"], "chances": cnt.chances(main.code_lb, main.code_lb, 0, {})[0],
        "deep_drive": cnt.deep_section(main.league_b.hr, main.league_b.tr, main.league_b.do, "S"),
        "outs": outs_mod.outs_section(outs_mod.Tilt(), "S"),
    })  # fmt: skip
    avg_p = _validate(Pitcher, {
        "id": "league-pitcher", "name": "League pitcher", "team": "Any", "year": year, "throws": "R",
        "injury": "A", "positions": ["P 3"], "chances": cnt.chances(main.code_lp, main.code_lp, 50, {})[0],
        "outs": outs_mod.outs_section(outs_mod.Tilt(), "S"), "usage": "STARTER (4)", "endurance": "9",
        "wp": "C", "bk": "C", "po": "C",
    })  # fmt: skip
    assert isinstance(avg_b, Batter) and isinstance(avg_p, Pitcher)

    teams: dict[str, list[TeamEntry]] = {}
    notes: list[str] = []
    depth_bats: list[Player] = []
    for team_id in sorted(season.teams):
        team = season.teams[team_id]
        park_id = f"{team_id.lower()}-{year}-park"
        name = f"{team_id.lower()}.toml"
        park = _validate(Ballpark, {"id": park_id, "name": team.park or f"{team.name} park", "team": team.name,
                                    "year": year})  # fmt: skip
        files.setdefault(name, []).append(park)
        try:
            chart = depth_chart(
                season, team_id, set(batter_ids), set(pitcher_ids), uses_dh(year, team.league), depth_bats=True
            )
        except DepthError as exc:
            raise GenerateError(str(exc)) from exc
        if chart.depth_bat is not None:
            # The batters the roster has no place for bat on one card (as Inside Pitch's sets): their
            # PA would else go to the rostered men, and the calibration would pull every card down.
            # Never hurt: many men, one of them hurt is another's at-bats.
            card = player_batter_card(chart.depth_bat, False, injury="AA")
            batter_ids[chart.depth_bat.player_id] = card.id
            files[name].append(card)
            depth_bats.append(chart.depth_bat)
        notes.extend(chart.notes)
        teams[name] = [common.team_entry(chart, team.name, team.abbreviation, team.league, team.division, park_id,
                                         batter_ids, pitcher_ids, year)]  # fmt: skip
    for group in files.values():
        group.sort(key=lambda c: 0 if isinstance(c, Pitcher) else 1 if isinstance(c, Batter) else 2)
    return Built(text, hb, files, teams, targets, weights, avg_b, avg_p, clipped, notes, depth_bats)


def ip_league(player: Player, season: Season) -> str | None:
    team = season.teams.get(player.team_id)
    return team.league if team is not None else None


def fit_errors(built: Built) -> dict[str, float]:
    """Per result, the PA- (BF-) weighted mean absolute error of every card against the league's
    average opponent (exact odds, engine.deep_drive.odds) beside the card's target rates."""
    err = dict.fromkeys(TARGETS, 0.0)
    total = 0.0
    for group in built.files.values():
        for card in group:
            if card.id not in built.targets:
                continue
            if isinstance(card, Batter):
                odds = summary(pa_odds(card, built.league_pitcher, built.handbook))
            elif isinstance(card, Pitcher):
                odds = summary(pa_odds(built.league_batter, card, built.handbook))
            else:
                continue
            w = built.weights[card.id]
            total += w
            for r in TARGETS:
                err[r] += w * abs(odds[r] - built.targets[card.id][r])
    return {r: v / total for r, v in err.items()} if total else err


def _table(card: DeepDriveCard) -> dict[str, Any]:
    return card.model_dump(mode="json", exclude_defaults=True)


def _kind(card: DeepDriveCard) -> str:
    return "batter" if isinstance(card, Batter) else "pitcher" if isinstance(card, Pitcher) else "ballpark"


def read_back(folder: Path) -> tuple[int, int, int]:
    """Every card and team entry of a written set validated again from its files: (teams, batters, pitchers).
    (cards.loader reads Inside Pitch sets; until it reads Deep Drive ones this is the check.)"""
    teams = batters = pitchers = 0
    models: Mapping[str, type[DeepDriveCard]] = {"batter": Batter, "pitcher": Pitcher, "ballpark": Ballpark}
    parse_handbook((folder / HANDBOOK_FILE).read_text(encoding="utf-8"), str(folder / HANDBOOK_FILE))
    info = tomllib.loads((folder / SET_FILE).read_text(encoding="utf-8"))
    SetInfo.model_validate(info)
    for path in sorted(folder.glob("*.toml")):
        if path.name in (SET_FILE, HANDBOOK_FILE):
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for kind, model in models.items():
            for table in data.get(kind, []):
                try:
                    model.model_validate(table)
                except ValueError as exc:
                    raise GenerateError(f"{path.name}: {kind} {table.get('id')}: {exc}") from exc
                batters += kind == "batter"
                pitchers += kind == "pitcher"
        for table in data.get(TEAM_TABLE, []):
            TeamEntry.model_validate(table)
            teams += 1
    return teams, batters, pitchers


def write(out: Path, built: Built, info: SetInfo, attribution_text: str, *, force: bool = False) -> None:
    """The set folder, written beside ``out`` and moved into place once it reads back."""
    partial = start_writing(out, force)
    try:
        (partial / SET_FILE).write_text(set_toml(info), "utf-8")
        (partial / HANDBOOK_FILE).write_text(built.handbook_text, encoding="utf-8")
        for name in sorted(set(built.files) | set(built.teams)):
            grouped: dict[str, list[dict[str, Any]]] = {}
            for card in built.files.get(name, []):
                grouped.setdefault(_kind(card), []).append(_table(card))
            if built.teams.get(name):
                grouped[TEAM_TABLE] = [t.to_table() for t in built.teams[name]]
            (partial / name).write_text(format_cards(grouped), encoding="utf-8")
        (partial / ATTRIBUTION_FILE).write_text(attribution_text, encoding="utf-8")
        read_back(partial)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    move_into_place(partial, out)


def generate(
    year: int,
    leagues: Sequence[str],
    out: str | Path,
    progress: Callable[[str], None] | None = None,
    *,
    force: bool = False,
    load_season: Callable[[int, Sequence[str]], Season] | None = None,
    handbook_text: str | None = None,
    player: LeaguePlayer | None = None,
    schedule: Sequence[float] | None = None,
    calibrate: bool | None = None,
) -> Report:
    """Make and write one season's Deep Drive set; raise GenerateError or SetExists.

    With ``player`` (``league.replay.play_season``: seasons cannot import league) the cards are
    calibrated in the league's own Deep Drive games as Inside Pitch's are (``seasons.calibrate``):
    each round of ``schedule`` (shares of the real schedule) writes the candidate set, has the
    league play it and builds the cards again with the scales pooled over the rounds
    (:func:`build`'s ``calibration``); by default Inside Pitch's rounds for the season
    (``seasons.calibrate.season_calibration_schedule``: more full rounds for a season with few home
    runs or triples). Without one, or with ``calibrate=False`` (as Inside Pitch's generator takes it),
    the cards are the method's alone."""
    calibrating = player is not None and calibrate is not False
    say = progress or (lambda _text: None)
    out = Path(out)
    leagues = tuple(leagues)
    if load_season is None:
        from seasons.lahman import load_season as real_load

        load_season = real_load
    say(f"reading the {year} season ({', '.join(leagues)}) from the Lahman database")
    try:
        season = load_season(year, leagues)
    except ValueError as exc:
        raise GenerateError(str(exc)) from exc
    if not season.teams:
        raise GenerateError(f"the Lahman database has no {'/'.join(leagues)} teams in {year}")
    say("deriving the season's handbook and building every Deep Drive card")
    built = build(season, handbook_text)
    info = set_info(year, leagues)
    calibration = DeepDriveCalibration()
    if schedule is None:
        schedule = season_calibration_schedule(season)
    if calibrating:
        assert player is not None
        calibration = run_calibration(season, built, info, player, schedule, say, handbook_text)
        built = build(season, handbook_text, calibration)
        info = bunting_info(info, calibration.bunting)
    report = Report(year, leagues, out, clipped=list(built.clipped))
    report.calibration = calibration.describe() if calibrating else ""
    say("checking each card against the league's average opponent (exact odds)")
    report.mae = fit_errors(built)
    report.notes = [
        "Deep Drive cards: one card for both hands (the season line; docs/deep-drive/real-seasons.md)",
        (
            f"calibrated in {len(schedule)} rounds of the league's own Deep Drive games ({report.calibration})"
            if calibrating
            else "not calibrated in league games (no league player given): the method's cards alone"
        ),
        "fit against the league's average opponent, mean absolute error per PA: "
        + ", ".join(f"{k} {v:.4f}" for k, v in report.mae.items()),
        *built.notes,
    ]
    say(f"writing the set to {out}")
    text = attribution(year, report.notes, season.filled, report.clipped, method=METHOD)
    info = with_awards(info, year, [c.id for cards in built.files.values() for c in cards])  # docs/awards.md
    write(out, built, info, text, force=force)
    report.teams, report.batters, report.pitchers = read_back(out)
    return report


def set_info(year: int, leagues: Sequence[str]) -> SetInfo:
    """set.toml of a season's Deep Drive set."""
    return SetInfo(
        name=f"{year} Deep Drive",
        ruleset="deep-drive",
        description=(
            f"The {year} {' and '.join(leagues)} season from the Lahman database as Deep Drive cards: every "
            "team's batters, pitchers, ballpark and depth chart, with the season's own handbook."
        ),
        designated_hitter=dh_statement(year, leagues),
        # Stated only when on, as Inside Pitch's sets state it (OBR 7.01(b), from 2020).
        extra_inning_runner=True if uses_extra_inning_runner(year) else None,
        interleague=common.interleague_statement(year, leagues),
        playoffs=common.playoffs_statement(year, leagues),
        source=f"Lahman Baseball Database (SABR), {year} season",
        licence="CC BY-SA 3.0",
        handbook=HANDBOOK_FILE,
    )


def bunting_info(info: SetInfo, bunting: BuntFit) -> SetInfo:
    """The set's statement of its era's bunting (none where the auto-manager's late bunts are enough)."""
    return SetInfo.model_validate({**info.model_dump(), "auto_bunt_below": bunting.below or None})


def run_calibration(
    season: Season,
    built: Built,
    info: SetInfo,
    player: LeaguePlayer,
    schedule: Sequence[float],
    say: Callable[[str], None],
    handbook_text: str | None = None,
) -> DeepDriveCalibration:
    """The scales from rounds of league games (``seasons.calibrate.Calibration``, pooled as for
    Inside Pitch): each round plays the cards the last one built."""
    year = season.year
    length = games_per_team(season)
    # A pitcher bats under his pitcher card's id (the P spot); his real batting is the pitchers' line.
    pitcher_cards = {
        common.card_id(common.pitcher_card_id(p, year)) for p in season.players.values() if common.is_pitcher(p)
    }
    pitchers_real = Batting()
    for p in season.players.values():
        if common.is_pitcher(p) and p.batting is not None:
            pitchers_real = pitchers_real + p.batting
    batters_by_card = {
        common.card_id(f"{p.player_id}-{year}"): p.batting
        for p in season.players.values()
        if p.batting is not None and not common.is_pitcher(p)
    }
    pitchers_by_card = {
        common.card_id(common.pitcher_card_id(p, year)): p.pitching
        for p in season.players.values()
        if p.pitching is not None and p.pitching.bf > 0
    }
    split = common.league_split(season, year, built.depth_bats)  # None where the leagues share one set of scales
    calibration = DeepDriveCalibration()
    with tempfile.TemporaryDirectory(prefix="dugout-dd-calibration-") as folder:
        for n, share in enumerate(schedule, 1):
            games = max(1, round(share * length))
            candidate = Path(folder) / f"round-{n}"
            write(candidate, built, info, attribution(year, [], season.filled, []), force=True)
            say(f"calibration {n}/{len(schedule)}: the Deep Drive league plays {games} games a team")
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
            batters = [c for cards in built.files.values() for c in cards if isinstance(c, Batter)]
            calibration.bunting.update(played, season, batters, built.weights)
            info = bunting_info(info, calibration.bunting)
            extras = round_extras(played, season)
            say(f"calibration {n} played against real: {calibration.round_report(season)}; {extras}")
            say(f"calibration {n}: {calibration.describe()}")
            built = build(season, handbook_text, calibration)
    return calibration


def round_extras(played: Any, season: Season) -> str:
    """A round's runs, steals and double plays per team game against the real season's."""
    real = season.league_batting()
    real_games = sum(t.g for t in season.teams.values()) or 1
    games = played.team_games or 1
    totals = dict.fromkeys(("r", "sb", "cs", "gidp"), 0)
    for line in played.batting.values():
        for k in totals:
            totals[k] += line.get(k, 0)
    parts = []
    for k, real_count in (("r", real.r), ("sb", real.sb), ("cs", real.cs), ("gidp", real.gidp)):
        if real_count:
            parts.append(f"{k.upper()}/G {totals[k] / games / (real_count / real_games) - 1:+.1%}")
    return ", ".join(parts)
