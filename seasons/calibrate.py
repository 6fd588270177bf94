"""Calibrating a season's cards against games played with them.

The fit makes every card carry its player's rates against the league's average opponent,
read off the cards alone. What happens after the cards (range plays, errors, the fielders'
ratings, managers' intentional walks, parks) moves the rates a little, the same way for
everyone. So the generator plays a few hundred auto-managed games among the season's teams,
compares the league's rates per plate appearance with the real league's, and fits again with
each result's target scaled by real / played (``seasons.fit.fit_season(adjust=...)``). The
scale is one number per result for the whole league: players keep their differences.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cards.loader import GENERIC_PITCHER_BATTING
from cards.models import AnyCard, Ballpark, Batter, Pitcher
from cards.notation import Position
from cards.teams import TeamEntry
from engine.boxscore import box_score
from engine.game import Game
from engine.setup import GameSetup, LineupSpot, Options, TeamSetup
from seasons.stats import Batting, Season

# The results the fit takes targets for (its CATS without the outs, which are the rest).
RESULTS = ("1B", "2B", "3B", "HR", "BB", "HBP", "K")
CALIBRATION_ROUNDS = 3
CALIBRATION_GAMES = 500


def uses_dh(year: int, league: str) -> bool:
    """The designated hitter: the AL from 1973, the NL in 2020 and from 2022."""
    if league == "AL":
        return year >= 1973
    return year == 2020 or year >= 2022


def rates(b: Batting) -> dict[str, float]:
    """Per plate appearance (sacrifice bunts left out: they are the managers' calls)."""
    pa = b.ab + b.bb + b.hbp + b.sf
    if pa <= 0:
        return dict.fromkeys(RESULTS, 0.0)
    counts = {"1B": b.singles, "2B": b.doubles, "3B": b.triples, "HR": b.hr, "BB": b.bb, "HBP": b.hbp, "K": b.so}
    return {k: v / pa for k, v in counts.items()}


def real_rates(season: Season) -> dict[str, float]:
    return rates(season.league_batting())


def _team_setup(
    entry: TeamEntry,
    cards: Mapping[str, AnyCard],
    own_batting: Mapping[tuple[str, str, int], Batter],
    starter: Pitcher,
    vs: str,
    dh: bool,
) -> TeamSetup:
    lineup = []
    for spot in entry.lineup(vs):
        if spot.position is Position.DH and not dh:
            continue
        card = cards[spot.card_id]
        assert isinstance(card, Batter)
        lineup.append(LineupSpot(card, spot.position))
    # Pitchers' own batting cards ("##"): the batter card with the pitcher's name, team and year,
    # the rule cards.loader.CardSet.own_batting_card reads.
    own = {}
    for card_id in [*entry.rotation, *(r for r, _ in entry.bullpen.roles())]:
        pitcher = cards[card_id]
        if isinstance(pitcher, Pitcher) and pitcher.own_batting_card:
            batting = own_batting.get((pitcher.name, pitcher.team, pitcher.year))
            if batting is not None:
                own[card_id] = batting
    generic = cards.get(GENERIC_PITCHER_BATTING)
    generic_batting = generic if isinstance(generic, Batter) else None
    if not dh:
        lineup.append(LineupSpot(own.get(starter.id) or generic_batting or lineup[0].batter, Position.P))
    in_lineup = {s.batter.id for s in lineup}
    bench = tuple(c for c in (cards[i] for i in entry.roster) if isinstance(c, Batter) and c.id not in in_lineup)
    # The whole staff but the starter, roles first, as a league's auto-manager has them.
    staff = [i for i, _ in entry.bullpen.roles()] + [i for i in entry.roster if i not in entry.rotation]
    staff += [i for i in entry.rotation if i != starter.id]
    relievers = {i: cards[i] for i in dict.fromkeys(staff) if i != starter.id}
    bullpen = tuple(p for p in relievers.values() if isinstance(p, Pitcher))
    return TeamSetup(entry.name, tuple(lineup), starter, generic_batting, bench, bullpen, own)


def simulate(
    files: Mapping[str, Sequence[AnyCard]],
    teams: Mapping[str, Sequence[TeamEntry]],
    season: Season,
    *,
    games: int = CALIBRATION_GAMES,
    seed: int = 1,
) -> dict[str, float]:
    """The league's rates per plate appearance over ``games`` auto-managed games among the teams."""
    cards = {c.id: c for group in files.values() for c in group}
    own_batting = {(c.name, c.team, c.year): c for c in cards.values() if isinstance(c, Batter)}
    entries = [e for group in teams.values() for e in group]
    rng = random.Random(seed)
    total = Batting()
    for number in range(games):
        away, home = rng.sample(entries, 2)
        park = cards[home.ballpark]
        assert isinstance(park, Ballpark)
        starters = []
        for entry in (away, home):
            card = cards[rng.choice(entry.rotation)]
            assert isinstance(card, Pitcher)
            starters.append(card)
        dh = uses_dh(season.year, home.league)
        setup = GameSetup(
            _team_setup(away, cards, own_batting, starters[0], starters[1].throws.value, dh),
            _team_setup(home, cards, own_batting, starters[1], starters[0].throws.value, dh),
            park,
            Options(designated_hitter=dh),
        )
        box = box_score(Game(setup, seed * 100_000 + number))
        for side in (box.away, box.home):
            for line in side.batting:
                total = total + Batting(
                    pa=line.pa,
                    ab=line.ab,
                    h=line.h,
                    doubles=line.doubles,
                    triples=line.triples,
                    hr=line.hr,
                    bb=line.bb,
                    so=line.k,
                    hbp=line.hbp,
                    sf=line.sf,
                )
    return rates(total)


def recalibrate(
    adjust: Mapping[str, float], played: Mapping[str, float], real: Mapping[str, float]
) -> dict[str, float]:
    """Each result's scale times real / played (a result the games never gave keeps its scale)."""
    out = dict(adjust)
    for result in RESULTS:
        if played.get(result, 0.0) > 0 and real.get(result, 0.0) > 0:
            out[result] = out.get(result, 1.0) * real[result] / played[result]
    return out
