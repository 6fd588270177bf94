"""What the two rulesets' season generators share: who is a pitcher, card ids, the cards' stats
lines, the teams' entries, the leagues (``seasons.inside_pitch.generate``, ``seasons.deep_drive.generate``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cards.teams import Bullpen, Spot, TeamEntry
from engine.stats import average
from seasons.calibrate import LeagueSplit, leagues_differ, leagues_meet, player_league
from seasons.depth import DepthChart
from seasons.stats import Batting, Player, Season


def is_pitcher(player: Player) -> bool:
    """More batters faced than plate appearances (the fit's rule for who bats with a pitcher's card)."""
    bfp = player.pitching.bf if player.pitching else 0
    pa = player.batting.pa if player.batting else 0
    return bfp > 0 and bfp > pa


def batter_card_id(player: Player, year: int, has_pitcher_card: bool) -> str:
    if has_pitcher_card and is_pitcher(player):
        return f"{player.player_id}-batting-{year}"
    return f"{player.player_id}-{year}"


def pitcher_card_id(player: Player, year: int) -> str:
    return f"{player.player_id}-{year}" if is_pitcher(player) else f"{player.player_id}-pitching-{year}"


def card_id(raw: str) -> str:
    """A card id from a Lahman id: lower case, no dots or apostrophes."""
    return raw.lower().replace(".", "").replace("'", "")


def person(player: Player) -> str:
    """The card's ``person``: the player's Lahman id as card ids write it, the same in every year's set."""
    return card_id(player.player_id)


def batting_average(hits: int, at_bats: int) -> str | None:
    """A batting average the scorer's way: ".293", "1.000"."""
    return average(hits / at_bats) if at_bats else None


def batter_stats(player: Player) -> dict[str, object]:
    b = player.batting
    if b is None:
        return {}
    stats: dict[str, object] = {
        "games": b.g,
        "at_bats": b.ab,
        "runs": b.r,
        "rbi": b.rbi,
        "home_runs": b.hr,
        "stolen_bases": b.sb,
    }
    average = batting_average(b.h, b.ab)
    if average is not None:
        stats["average"] = average
    return stats


def pitcher_stats(player: Player) -> dict[str, object]:
    p = player.pitching
    if p is None:
        return {}
    stats: dict[str, object] = {"wins": p.w, "losses": p.l, "saves": p.sv}
    if p.outs:
        era = p.er * 27 / p.outs
        if era < 100:
            stats["era"] = f"{era:.2f}"
    stats |= {"innings": p.outs // 3, "hits": p.h, "strikeouts": p.k, "walks": p.bb, "home_runs": p.hr}
    return stats


def league_split(season: Season, year: int, extra: Sequence[Player] = ()) -> LeagueSplit | None:
    """Where the season's leagues keep scales of their own (``seasons.calibrate.leagues_differ``): the
    league of every card the league plays (its player's, ``player_league``; the depth arms' and bats'
    in ``extra``, their team's), each league's pitchers' real batting and its share of the teams.
    None where the leagues share one set of scales."""
    if not leagues_differ(season):
        return None
    league_of: dict[str, str] = {}
    pitchers_real: dict[str, Batting] = {}
    for p in [*season.players.values(), *extra]:
        league = player_league(p, season)
        if league is None:
            continue
        for raw in (pitcher_card_id(p, year), batter_card_id(p, year, True), batter_card_id(p, year, False)):
            league_of[card_id(raw)] = league
        if p.player_id in season.players and is_pitcher(p) and p.batting is not None:
            pitchers_real[league] = pitchers_real.get(league, Batting()) + p.batting
    teams: dict[str, int] = {}
    for team in season.teams.values():
        teams[team.league] = teams.get(team.league, 0) + 1
    total = sum(teams.values())
    return LeagueSplit(league_of, pitchers_real, {lg: n / total for lg, n in teams.items()})


DIVISION_NAMES = {"E": "East", "C": "Central", "W": "West"}


def interleague_statement(year: int, leagues: Sequence[str]) -> bool | None:
    """set.toml's ``interleague``: with both leagues read, whether they met in the regular season (MLB
    from 1997); None for one league (nothing to say)."""
    return leagues_meet(year) if len(set(leagues)) == 2 else None


# MLB's postseason by era (the first season of each), as league.playoffs' presets name them; 1994 had none.
PLAYOFF_ERAS = (
    (1903, "world-series"),
    (1969, "lcs-5"),
    (1985, "lcs-7"),
    (1994, "none"),
    (1995, "division-series"),
    (2012, "wild-card-game"),
    (2020, "sixteen"),
    (2021, "wild-card-game"),
    (2022, "mlb"),
)


def playoffs_statement(year: int, leagues: Sequence[str]) -> str | None:
    """set.toml's ``playoffs``: with both leagues read, the postseason of the season's era; None for one
    league, or before the first World Series (1903)."""
    if len(set(leagues)) != 2 or year < PLAYOFF_ERAS[0][0]:
        return None
    return [name for first, name in PLAYOFF_ERAS if first <= year][-1]


def division_name(league: str, division: str | None) -> str | None:
    """ "NL West": Lahman's one letter names a division only within its league."""
    if division is None:
        return None
    return f"{league} {DIVISION_NAMES.get(division, division)}"


def team_entry(
    chart: DepthChart,
    name: str,
    abbreviation: str,
    league: str,
    division: str | None,
    park_id: str,
    batter_ids: Mapping[str, str],
    pitcher_ids: Mapping[str, str],
    year: int,
) -> TeamEntry:
    def spots(lineup: tuple[tuple[str, str], ...]) -> list[Spot]:
        return [Spot.model_validate({"card_id": batter_ids[pid], "position": pos}) for pid, pos in lineup]

    bullpen = Bullpen.model_validate({role: [pitcher_ids[p] for p in ids] for role, ids in chart.bullpen.items()})
    return TeamEntry(
        id=f"{chart.team_id.lower()}-{year}",
        name=name,
        abbreviation=abbreviation,
        league=league,
        division=division_name(league, division),
        ballpark=park_id,
        roster=[batter_ids[p] for p in chart.roster_batters] + [pitcher_ids[p] for p in chart.roster_pitchers],
        vs_rhp=spots(chart.vs_rhp),
        vs_lhp=spots(chart.vs_lhp),
        rotation=[pitcher_ids[p] for p in chart.rotation],
        bullpen=bullpen,
        games=chart.games or None,
        starts={batter_ids[p]: n for p, n in chart.batter_starts.items()}
        | {pitcher_ids[p]: n for p, n in chart.pitcher_starts.items()},
    )


def gets_batter_card(p: Player) -> bool:
    """Whether the fit makes the player a batter card: he batted, and is no pitcher with under 50 PA."""
    if p.batting is None or p.batting.pa <= 0:
        return False
    pitcher = p.pitching is not None and p.pitching.bf > 0 and p.pitching.bf > p.batting.pa
    return not (pitcher and p.batting.pa < 50)


def park_factor(season: Season, p: Player, batting: bool) -> float:
    """The player's park factor: his teams' BPF (PPF for pitching), weighted by his PA (BFP) there."""
    total = weight = 0.0
    for stint in p.stints:
        team = season.teams.get(stint.team_id)
        line = stint.batting.pa if batting and stint.batting else (stint.pitching.bf if stint.pitching else 0)
        if team is None or not line:
            continue
        total += line * (team.bpf if batting else team.ppf) / 100
        weight += line
    return total / weight if weight else 1.0
