"""Each team's depth chart from its season: regulars, batting orders, rotation, bullpen, roster.

Lahman records how often each man played each position (Appearances), how many games he
started, and for pitchers their starts, relief games, games finished and saves; it has no
platoon splits and no batting orders. The rules, in order:

- **Evidence.** A player's games at each position are those of his stints with the team
  (all his stints when he has none with it). Only players with a card of their own count:
  a batter card for the lineups, a pitcher card for the staff.
- **Starts.** A player's starts with the team are Lahman's GS (Appearances; where a
  season lacks it, his games at C-RF and DH); as a batter, less his starts as a pitcher.
  His starts at a position are his starts shared out by his games at each position
  (C-RF, DH): 90 games at C and 73 at 3B with 158 starts give 87 at C and 71 at 3B.
- **Platoon rule** (Lahman has no splits). The team's games against right-handed starters
  are its games times the league's share of starts by right-handed pitchers
  (:func:`rhp_share`). A left-handed batter's starts go first to the games against
  right-handers, the rest against left-handers; a right-handed batter's first to the
  games against left-handers; a switch hitter's split in the league's proportion
  (:func:`hand_shares`).
- **Lineups.** For each hand of the opposing starter, the lineup is the assignment of
  players to positions that covers the most real starts against that hand: the exact
  maximum-weight matching (:func:`best_assignment`), the weight of a player at a position
  his starts there times his share against the hand (games there, then PA, break ties).
  The positions are the eight fielders and, when the team's league used the DH that year,
  DH. Without the DH the eight fielders are the matching's and the DH's spot (where the
  pitcher bats) names the bench man with the most starts against the hand: never a
  regular. A position nobody played goes to whoever the matching finds costs least (noted).
- **Batting order** by regressed OBP and SLG (:data:`REGRESS_PA` plate appearances of the
  league's average added): 4th the best SLG; 3rd the best OBP+SLG of the rest; 1st the
  best OBP of the rest; 2nd the best OBP+SLG of the rest; 5th the best SLG of the rest;
  then OBP+SLG down. A set without the DH puts the DH's spot 9th: a league without the DH
  bats the pitcher there.
- **Rotation**: the five with the most starts (then batters faced); short of five starters,
  the pitchers with the most batters faced fill it.
- **Bullpen** (pitchers outside the rotation, ranked by batters faced in relief): closer the
  most saves (then games finished); setup the next :data:`SETUP` by games finished then
  saves; long the one with the most batters faced per relief game (a swingman's starts
  count); middle the rest.
- **Roster** (at most 26): the lineups' batters, the rotation and as many pitchers in all as
  the team needed for :data:`STAFF_SHARE` of its batters faced, between :data:`MIN_PITCHERS`
  and :data:`MAX_PITCHERS` (a 1927 staff of nine leaves room for the bench it had; today's
  staffs of 30 arms get the 13 of a modern roster), relievers by relief batters faced; a
  second catcher if the team has one, then batters by real starts, then plate appearances;
  the closer (a reliever with saves) before the other relievers, whatever his batters faced;
  a side short of men leaves its places to the other.
- **Depth arms.** The team's pitchers a staff has no place for are pooled into one
  composite card, the depth arm (:func:`pool_depth_arm`): every stint pitched for the team
  by a man not on its staff (those who pitched mainly elsewhere too), their lines summed.
  He takes the staff's last place (the least-used reliever joins the pool), is the long
  man, and carries the pool's starts with the team as his usage target, so the rotation's
  pace rule starts him that share. No arm when nobody is left off, or when the staff
  would keep fewer than a rotation and one reliever of real men.
- **Depth bats.** The team's batters the roster has no place for are pooled the same way
  into one composite batter, the depth bat (:func:`pool_depth_bat`): every stint batted
  for the team by a man not on its roster (pitchers left out: they bat in the pitcher's
  spot), their lines, games by position, starts and fielding summed. He takes a free
  roster place, else the last bench man's (who joins the pool; never a lineup man's nor
  the second catcher's), else, beside a depth arm, the last reliever's (who joins the
  arm's pool), and carries the pool's starts, at most the team's games, as his usage
  target, so the lineups' pace rule starts him in the regulars' rests.
- **Usage.** The chart carries the team's real games and every roster player's real starts
  (batters' as batters, pitchers' GS): a team entry's ``games`` and ``starts``, which a
  league's auto-manager follows (``league.usage``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from seasons.stats import Batting, Fielding, Pitching, Player, Season, Stint, TeamSeason

FIELD = ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
ROSTER_SIZE = 26
STAFF_SHARE = 0.95  # of the team's batters faced, by its busiest pitchers
MIN_PITCHERS = 9  # a rotation of five and four relievers
MAX_PITCHERS = 13  # today's limit on a 26-man roster
ROTATION = 5
SETUP = 2
REGRESS_PA = 100
DEPTH_ARM_ID = "{team}-depth-arms"  # a depth arm's player id (no Lahman id has a hyphen)
DEPTH_BAT_ID = "{team}-depth-bats"  # a depth bat's


class DepthError(Exception):
    """A team cannot field a legal lineup or a five-man rotation from its cards."""


@dataclass(frozen=True)
class DepthChart:
    team_id: str
    roster_batters: tuple[str, ...]  # player ids
    roster_pitchers: tuple[str, ...]
    vs_rhp: tuple[tuple[str, str], ...]  # (player id, position) in batting order, DH included
    vs_lhp: tuple[tuple[str, str], ...]
    rotation: tuple[str, ...]
    bullpen: dict[str, tuple[str, ...]] = field(default_factory=dict)  # role -> player ids
    notes: tuple[str, ...] = ()  # a sentence per rule that had to step in (thin data)
    games: int = 0  # the team's real games
    batter_starts: dict[str, int] = field(default_factory=dict)  # roster batters' real starts (GS), by player id
    pitcher_starts: dict[str, int] = field(default_factory=dict)  # roster pitchers' real starts
    depth_arm: Player | None = None  # the composite of the pitchers left off the staff, on it
    depth_arm_share: float = 0.0  # his share of the team's batters faced
    depth_bat: Player | None = None  # the composite of the batters left off the roster, on it
    depth_bat_share: float = 0.0  # his men's share of the team's plate appearances


def _games(player: Player, team_id: str) -> dict[str, int]:
    stints = [s for s in player.stints if s.team_id == team_id] or list(player.stints)
    games: dict[str, int] = {}
    for stint in stints:
        for key, value in stint.appearances.items():
            games[key] = games.get(key, 0) + value
    return games


def _pa(player: Player) -> int:
    return player.batting.pa if player.batting else 0


def _bfp(player: Player) -> int:
    return player.pitching.bf if player.pitching else 0


def _rates(batting: Batting | None, league: Batting) -> tuple[float, float]:
    """Regressed (OBP, SLG)."""

    def obp_slg(b: Batting) -> tuple[float, float, float, float]:
        on = b.h + b.bb + b.hbp
        tb = b.singles + 2 * b.doubles + 3 * b.triples + 4 * b.hr
        return on, max(b.ab + b.bb + b.hbp + b.sf, 0), tb, max(b.ab, 0)

    lon, lden, ltb, lab = obp_slg(league)
    lobp = lon / lden if lden else 0.320
    lslg = ltb / lab if lab else 0.380
    on, den, tb, ab = obp_slg(batting or Batting())
    return (on + REGRESS_PA * lobp) / (den + REGRESS_PA), (tb + REGRESS_PA * lslg) / (ab + REGRESS_PA)


def _starts(player: Player, team_id: str) -> int:
    """His games started with the team (Appearances GS; his games in the field and at DH where it lacks one)."""
    games = _games(player, team_id)
    if "GS" in games:
        return games["GS"]
    return min(sum(games.get(pos, 0) for pos in (*FIELD, "DH")), games.get("all", 10**6))


def _batting_starts(player: Player, team_id: str) -> int:
    """Starts as a batter: his games started less those he started as a pitcher."""
    stints = [s for s in player.stints if s.team_id == team_id] or list(player.stints)
    pitched = sum(s.pitching.gs for s in stints if s.pitching is not None)
    return max(_starts(player, team_id) - pitched, 0)


def _pitching_starts(player: Player, team_id: str) -> int:
    stints = [s for s in player.stints if s.team_id == team_id] or list(player.stints)
    return sum(s.pitching.gs for s in stints if s.pitching is not None)


def rhp_share(season: Season, league: str) -> float:
    """The league's share of games started by right-handed pitchers (Lahman has no PA by hand)."""
    right = total = 0
    for player in season.players.values():
        for stint in player.stints:
            team = season.teams.get(stint.team_id)
            if stint.pitching is None or team is None or team.league != league:
                continue
            total += stint.pitching.gs
            right += stint.pitching.gs if player.throws != "L" else 0
    return right / total if total else 0.7


def hand_shares(bats: str, starts: float, games: int, share_r: float) -> dict[str, float]:
    """A batter's starts against each hand (the platoon rule, Lahman having no splits).

    A left-handed batter's starts go first to the team's games against right-handed starters
    (``games * share_r``), the rest against left-handers; a right-handed batter's go first to
    the games against left-handers; a switch hitter's split in the league's proportion. Returns
    the fraction of his starts against each hand.
    """
    if starts <= 0:
        return {"R": share_r, "L": 1 - share_r}
    if bats == "L":
        vs_r = min(starts, games * share_r)
    elif bats == "R":
        vs_r = starts - min(starts, games * (1 - share_r))
    else:
        vs_r = starts * share_r
    return {"R": vs_r / starts, "L": 1 - vs_r / starts}


def position_starts(player: Player, team_id: str) -> dict[str, float]:
    """His starts at each position: his games started shared out by his games at each (C-RF, DH)."""
    games = _games(player, team_id)
    played = {pos: games.get(pos, 0) for pos in (*FIELD, "DH") if games.get(pos, 0) > 0}
    total = sum(played.values())
    starts = _starts(player, team_id)
    return {pos: starts * g / total for pos, g in played.items()} if total else {}


def best_assignment(weights: list[list[float]]) -> list[int]:
    """The exact maximum-weight assignment of rows (players) to columns (positions), every column filled.

    ``weights[i][j]``: player i at position j. A dynamic programme over the players with the
    set of positions already filled (2^9 states): exact, and small for 9 positions and 30 men.
    Returns the player index for each position.
    """
    n_pos = len(weights[0]) if weights else 0
    if len(weights) < n_pos:
        raise ValueError("fewer players than positions")
    full = (1 << n_pos) - 1
    neg = float("-inf")
    best = [neg] * (1 << n_pos)
    best[0] = 0.0
    choice: list[list[int]] = []  # per player: for each mask after him, the position he took (-1: none)
    for row in weights:
        nxt = list(best)
        took = [-1] * (1 << n_pos)
        for mask in range(1 << n_pos):
            if best[mask] == neg:
                continue
            for j in range(n_pos):
                if mask >> j & 1:
                    continue
                m2 = mask | 1 << j
                value = best[mask] + row[j]
                if value > nxt[m2] + 1e-12:
                    nxt[m2], took[m2] = value, j
        best = nxt
        choice.append(took)
    out = [-1] * n_pos
    mask = full
    for i in range(len(weights) - 1, -1, -1):
        j = choice[i][mask]
        if j >= 0:
            out[j] = i
            mask &= ~(1 << j)
    return out


def _lineups(
    batters: list[Player],
    team: TeamSeason,
    league: Batting,
    dh_in_lineup: bool,
    share_r: float,
    notes: list[str],
) -> dict[str, list[tuple[Player, str]]]:
    team_id = team.team_id
    if len(batters) < 9:
        raise DepthError(f"{team_id}: {len(batters)} batters with cards; a lineup needs 9")
    games = {p.player_id: _games(p, team_id) for p in batters}
    at = {p.player_id: position_starts(p, team_id) for p in batters}
    split = {p.player_id: hand_shares(p.bats, _batting_starts(p, team_id), team.g, share_r) for p in batters}
    positions = [*FIELD, "DH"] if dh_in_lineup else list(FIELD)
    out: dict[str, list[tuple[Player, str]]] = {}
    for hand in ("R", "L"):

        def weight(p: Player, pos: str, hand: str = hand) -> float:
            # Real starts against this hand at the position; games there, then PA, break ties.
            pid = p.player_id
            return at[pid].get(pos, 0.0) * split[pid][hand] + 1e-3 * games[pid].get(pos, 0) + 1e-7 * _pa(p)

        picks = best_assignment([[weight(p, pos) for pos in positions] for p in batters])
        chosen = {pos: batters[i] for pos, i in zip(positions, picks, strict=True)}
        for pos, p in chosen.items():
            if games[p.player_id].get(pos, 0) == 0 and not any(games[q.player_id].get(pos, 0) for q in batters):
                note = f"{team_id}: nobody played {pos}; {p.name} plays there"
                if note not in notes:
                    notes.append(note)
        if dh_in_lineup:
            dh = chosen.pop("DH")
        else:  # the pitcher bats in the DH's spot; the entry names the bench man with most starts against the hand
            in_lineup = {p.player_id for p in chosen.values()}
            bench = [p for p in batters if p.player_id not in in_lineup]
            dh = min(
                bench,
                key=lambda p: (-_batting_starts(p, team_id) * split[p.player_id][hand], -_pa(p), p.player_id),
            )
        out[hand] = _order([(p, pos) for pos, p in chosen.items()], (dh, "DH"), league, dh_in_lineup)
    return out


def _order(
    fielders: list[tuple[Player, str]], dh: tuple[Player, str], league: Batting, dh_in_lineup: bool
) -> list[tuple[Player, str]]:
    pool = [*fielders, dh] if dh_in_lineup else list(fielders)
    rates = {p.player_id: _rates(p.batting, league) for p, _ in pool}

    def take(key: int) -> tuple[Player, str]:
        def score(spot: tuple[Player, str]) -> tuple[float, str]:
            obp, slg = rates[spot[0].player_id]
            return (-(obp if key == 0 else slg if key == 1 else obp + slg), spot[0].player_id)

        best = min(pool, key=score)
        pool.remove(best)
        return best

    slots: dict[int, tuple[Player, str]] = {}
    slots[4] = take(1)
    slots[3] = take(2)
    slots[1] = take(0)
    slots[2] = take(2)
    slots[5] = take(1)
    for spot in range(6, 10 if dh_in_lineup else 9):
        slots[spot] = take(2)
    if not dh_in_lineup:
        slots[9] = dh
    return [slots[i] for i in range(1, 10)]


def _relief_bfp(player: Player) -> float:
    p = player.pitching
    if p is None or p.g == 0:
        return 0.0
    return p.bf * (p.g - p.gs) / p.g


def _staff(pitchers: list[Player], team_id: str, notes: list[str]) -> tuple[list[Player], list[Player]]:
    """The rotation, and the other pitchers ranked by batters faced in relief."""
    if len(pitchers) < ROTATION:
        raise DepthError(f"{team_id}: {len(pitchers)} pitchers with cards; a rotation needs {ROTATION}")

    def gs(p: Player) -> int:
        return p.pitching.gs if p.pitching else 0

    starters = sorted((p for p in pitchers if gs(p) > 0), key=lambda p: (-gs(p), -_bfp(p), p.player_id))[:ROTATION]
    if len(starters) < ROTATION:
        rest = sorted((p for p in pitchers if p not in starters), key=lambda p: (-_bfp(p), p.player_id))
        filled = rest[: ROTATION - len(starters)]
        notes.append(
            f"{team_id}: {len(starters)} pitchers started a game; "
            + ", ".join(p.name for p in filled)
            + " (most batters faced) fill the rotation"
        )
        starters += filled
    relievers = sorted(
        (p for p in pitchers if p not in starters), key=lambda p: (-_relief_bfp(p), -_bfp(p), p.player_id)
    )
    # The closer first: a one-inning closer faces fewer batters than a long man, yet his innings are
    # the late, close ones (2023's Doval, 39 saves in 68 innings, fell below three long men).
    closer = _closer(relievers)
    if closer is not None and _stat(closer, "sv") > 0:
        relievers.remove(closer)
        relievers.insert(0, closer)
    return starters, relievers


def _stat(p: Player, name: str) -> int:
    return int(getattr(p.pitching, name, 0)) if p.pitching else 0


def _closer(relievers: list[Player]) -> Player | None:
    """The relievers' closer: the most saves, then games finished."""
    return min(relievers, key=lambda p: (-_stat(p, "sv"), -_stat(p, "gf"), p.player_id), default=None)


def _roles(relievers: list[Player]) -> dict[str, list[Player]]:
    roles: dict[str, list[Player]] = {"closer": [], "setup": [], "middle": [], "long": []}
    rest = list(relievers)
    if (closer := _closer(rest)) is not None:
        roles["closer"].append(closer)
        rest.remove(closer)
    for _ in range(SETUP):
        if len(rest) > 1:
            setup = min(rest, key=lambda p: (-_stat(p, "gf"), -_stat(p, "sv"), p.player_id))
            roles["setup"].append(setup)
            rest.remove(setup)
    if rest:

        def per_game(p: Player) -> float:
            return _bfp(p) / _stat(p, "g") if _stat(p, "g") else 0.0

        long = min(rest, key=lambda p: (-per_game(p), p.player_id))
        roles["long"].append(long)
        rest.remove(long)
    roles["middle"] = rest
    return roles


def staff_size(pitchers: Collection[Player]) -> int:
    """How many pitchers the roster carries: the fewest whose batters faced make up
    :data:`STAFF_SHARE` of all the staff's, within :data:`MIN_PITCHERS`-:data:`MAX_PITCHERS`."""
    faced = sorted((_bfp(p) for p in pitchers), reverse=True)
    total = sum(faced)
    needed = covered = 0
    for bfp in faced:
        if covered >= STAFF_SHARE * total:
            break
        covered += bfp
        needed += 1
    return max(MIN_PITCHERS, min(MAX_PITCHERS, needed))


def pool_depth_arm(season: Season, team_id: str, staff_ids: Collection[str]) -> Player | None:
    """The team's depth arm: every stint pitched for it by a man not in ``staff_ids``, pooled.

    His line is the stints' lines summed (as a player's stints are); he throws with the hand
    that faced more of those batters (right on a tie); his P fielding is the pooled men's
    P fielding summed; his games, starts and batters faced are the stints' (so his START and
    RELIEF lines and his usage come from them). None when nobody is left off.
    """
    pooled: list[tuple[Player, Stint]] = [
        (player, stint)
        for player in sorted(season.players.values(), key=lambda p: p.player_id)
        if player.player_id not in staff_ids
        for stint in player.stints
        if stint.team_id == team_id and stint.pitching is not None and stint.pitching.bf > 0
    ]
    if not pooled:
        return None
    pitching = Pitching()
    by_hand = {"L": 0, "R": 0}
    for player, stint in pooled:
        assert stint.pitching is not None
        pitching = pitching + stint.pitching
        by_hand["L" if player.throws == "L" else "R"] += stint.pitching.bf
    men = {player.player_id: player for player, _ in pooled}
    pitched = _pooled_fielding(men.values(), "P")
    fielding: dict[str, Fielding] = {} if pitched is None else {"P": pitched}
    return Player(
        player_id=DEPTH_ARM_ID.format(team=team_id.lower()),
        name=f"{team_id} depth arms {season.year}",
        bats="R",
        throws="L" if by_hand["L"] > by_hand["R"] else "R",
        team_id=team_id,
        batting=None,
        pitching=pitching,
        fielding=fielding,
        stints=(Stint(team_id, None, pitching, {"P": pitching.g, "all": pitching.g, "GS": pitching.gs}),),
    )


def _pooled_fielding(men: Iterable[Player], position: str) -> Fielding | None:
    """The pooled men's fielding lines at ``position`` summed (innings only when every line has them)."""
    fields = [f for player in men if (f := player.fielding.get(position)) is not None]
    if not fields:
        return None
    known = [f.inn_outs for f in fields if f.inn_outs is not None]
    return Fielding(
        position,
        g=sum(f.g for f in fields),
        gs=sum(f.gs for f in fields),
        inn_outs=sum(known) if len(known) == len(fields) else None,
        po=sum(f.po for f in fields),
        a=sum(f.a for f in fields),
        e=sum(f.e for f in fields),
        dp=sum(f.dp for f in fields),
    )


def _is_pitcher(player: Player) -> bool:
    """More batters faced than plate appearances: he bats in the pitcher's spot, not a lineup's."""
    bfp = player.pitching.bf if player.pitching else 0
    return bfp > 0 and bfp > _pa(player)


def pool_depth_bat(season: Season, team_id: str, roster_ids: Collection[str]) -> Player | None:
    """The team's depth bat: every stint batted for it by a man not in ``roster_ids``, pooled.

    Pitchers (more batters faced than PA) are left out: they bat in the pitcher's spot. His
    line is the stints' lines summed; he bats from the side that had most of those PA (right,
    left, both: the first of equals); his fielding is the pooled men's summed by position; his
    games by position and his starts are the stints' (so his positions, his ratings and his
    usage come from them). None when nobody is left off.
    """
    pooled: list[tuple[Player, Stint]] = [
        (player, stint)
        for player in sorted(season.players.values(), key=lambda p: p.player_id)
        if player.player_id not in roster_ids and not _is_pitcher(player)
        for stint in player.stints
        if stint.team_id == team_id and stint.batting is not None and stint.batting.pa > 0
    ]
    if not pooled:
        return None
    batting = Batting()
    by_side = {"R": 0, "L": 0, "S": 0}
    appearances: dict[str, int] = {}
    for player, stint in pooled:
        assert stint.batting is not None
        batting = batting + stint.batting
        by_side[player.bats if player.bats in by_side else "R"] += stint.batting.pa
        games = dict(stint.appearances)
        if "GS" not in games:  # a season without GS: his games in the field and at DH (as _starts)
            games["GS"] = min(sum(games.get(pos, 0) for pos in (*FIELD, "DH")), games.get("all", 10**6))
        for key, value in games.items():
            if key != "P":
                appearances[key] = appearances.get(key, 0) + value
    men = {player.player_id: player for player, _ in pooled}
    fielding: dict[str, Fielding] = {}
    for pos in sorted({pos for player in men.values() for pos in player.fielding if pos != "P"}):
        pooled_line = _pooled_fielding(men.values(), pos)
        assert pooled_line is not None  # someone fielded it
        fielding[pos] = pooled_line
    return Player(
        player_id=DEPTH_BAT_ID.format(team=team_id.lower()),
        name=f"{team_id} depth bats {season.year}",
        bats=max(by_side, key=lambda k: by_side[k]),
        throws="R",
        team_id=team_id,
        batting=batting,
        pitching=None,
        fielding=fielding,
        stints=(Stint(team_id, batting, None, appearances),),
    )


def _team_bfp(season: Season, team_id: str) -> int:
    """The batters the team's pitchers faced, from every stint with it."""
    return sum(
        s.pitching.bf
        for p in season.players.values()
        for s in p.stints
        if s.team_id == team_id and s.pitching is not None
    )


def depth_chart(
    season: Season,
    team_id: str,
    batter_ids: Collection[str],
    pitcher_ids: Collection[str],
    designated_hitter: bool,
    *,
    depth_arms: bool = False,
    depth_bats: bool = False,
) -> DepthChart:
    """The team's depth chart from the players whose main team it is.

    ``batter_ids``: players with a batter card that goes on a roster (not a pitcher's own
    batting card); ``pitcher_ids``: players with a pitcher card. With ``depth_arms`` the
    pitchers left off the staff are pooled into a depth arm on it (:func:`pool_depth_arm`);
    with ``depth_bats`` the batters left off the roster into a depth bat (:func:`pool_depth_bat`).
    """
    team = season.teams[team_id]
    mine = sorted((p for p in season.players.values() if p.team_id == team_id), key=lambda p: p.player_id)
    batters = [p for p in mine if p.player_id in batter_ids]
    pitchers = [p for p in mine if p.player_id in pitcher_ids]
    notes: list[str] = []
    league = season.league_batting(team.league)
    lineups = _lineups(batters, team, league, designated_hitter, rhp_share(season, team.league), notes)
    rotation, relievers = _staff(pitchers, team_id, notes)
    in_lineups = list(dict.fromkeys(p.player_id for hand in ("R", "L") for p, _ in lineups[hand]))
    n_batters = max(len(in_lineups), min(len(batters), ROSTER_SIZE - min(len(pitchers), staff_size(pitchers))))
    n_pitchers = min(len(pitchers), ROSTER_SIZE - n_batters)
    relievers = relievers[: n_pitchers - ROTATION]
    arm = None
    if depth_arms and pool_depth_arm(season, team_id, {p.player_id for p in (*rotation, *relievers)}):
        # The arm takes a free roster place, else the last reliever's (who joins the pool);
        # a staff of the rotation and one reliever keeps its real men.
        if n_batters + n_pitchers >= ROSTER_SIZE:
            relievers = relievers[:-1] if len(relievers) > 1 else relievers
        if n_batters + len(rotation) + len(relievers) < ROSTER_SIZE:
            arm = pool_depth_arm(season, team_id, {p.player_id for p in (*rotation, *relievers)})
    games = {p.player_id: _games(p, team_id) for p in batters}
    bench = sorted(
        (p for p in batters if p.player_id not in in_lineups),
        key=lambda p: (-_batting_starts(p, team_id), -_pa(p), p.player_id),
    )
    catchers = sorted(
        (p for p in bench if games[p.player_id].get("C", 0) > 0), key=lambda p: (-games[p.player_id]["C"], p.player_id)
    )
    if catchers:  # a second catcher before the other bench men
        bench.remove(catchers[0])
        bench.insert(0, catchers[0])
    roster_batters = in_lineups + [p.player_id for p in bench[: n_batters - len(in_lineups)]]
    bat = None
    if depth_bats and pool_depth_bat(season, team_id, roster_batters):
        # The bat takes a free roster place, else the last bench man's (who joins the pool;
        # never a lineup man, nor the second catcher), else, beside a depth arm, the last
        # reliever's (who joins the arm's pool; a staff of the rotation and one reliever stays).
        keep = len(in_lineups) + (1 if catchers and catchers[0].player_id in roster_batters else 0)
        if len(roster_batters) + len(rotation) + len(relievers) + (1 if arm else 0) >= ROSTER_SIZE:
            if len(roster_batters) > keep:
                roster_batters = roster_batters[:-1]
            elif arm is not None and len(relievers) > 1:
                relievers = relievers[:-1]
                arm = pool_depth_arm(season, team_id, {p.player_id for p in (*rotation, *relievers)})
        if len(roster_batters) + len(rotation) + len(relievers) + (1 if arm else 0) < ROSTER_SIZE:
            bat = pool_depth_bat(season, team_id, roster_batters)
    if bat is not None and bat.batting is not None:
        left_off = {
            p.player_id
            for p in season.players.values()
            if p.player_id not in roster_batters
            and not _is_pitcher(p)
            and any(s.team_id == team_id and s.batting is not None and s.batting.pa > 0 for s in p.stints)
        }
        notes.append(
            f"{team_id}: {bat.name}: {len(left_off)} batters left off the roster pooled into one card "
            f"({bat.batting.pa / max(1, team.batting.pa):.1%} of the team's plate appearances, "
            f"{_starts(bat, team_id)} starts)"
        )
    if arm is not None and arm.pitching is not None:
        kept = {p.player_id for p in (*rotation, *relievers)}
        men = sum(
            1
            for p in season.players.values()
            if p.player_id not in kept
            and any(s.team_id == team_id and s.pitching is not None and s.pitching.bf > 0 for s in p.stints)
        )
        notes.append(
            f"{team_id}: {arm.name}: {men} pitchers left off the staff pooled into one card "
            f"({arm.pitching.bf / max(1, _team_bfp(season, team_id)):.1%} of the team's batters faced, "
            f"{arm.pitching.gs} starts)"
        )
    roles = _roles(relievers)
    if arm is not None:  # the depth arm is the long man; the long man pitches in the middle
        roles["middle"] = roles["long"] + roles["middle"]
        roles["long"] = [arm]
    staff = [*rotation, *relievers, *([arm] if arm else [])]
    on_staff = {p.player_id for p in staff}
    bullpen = {
        role: tuple(p.player_id for p in players if p.player_id in on_staff)
        for role, players in roles.items()
        if any(p.player_id in on_staff for p in players)
    }
    batter_starts = {pid: n for pid in roster_batters if (n := _batting_starts(season.players[pid], team_id)) > 0}
    if bat is not None and (n := min(_starts(bat, team_id), team.g)) > 0:
        batter_starts[bat.player_id] = n  # one card starts at most once a game
    return DepthChart(
        team_id=team_id,
        roster_batters=(*roster_batters, *([bat.player_id] if bat else [])),
        roster_pitchers=tuple(p.player_id for p in staff),
        vs_rhp=tuple((p.player_id, pos) for p, pos in lineups["R"]),
        vs_lhp=tuple((p.player_id, pos) for p, pos in lineups["L"]),
        rotation=tuple(p.player_id for p in rotation),
        bullpen=bullpen,
        notes=tuple(notes),
        games=team.g,
        batter_starts=batter_starts,
        pitcher_starts={p.player_id: n for p in staff if (n := _pitching_starts(p, team_id)) > 0},
        depth_arm=arm,
        depth_arm_share=arm.pitching.bf / max(1, _team_bfp(season, team_id)) if arm and arm.pitching else 0.0,
        depth_bat=bat,
        depth_bat_share=bat.batting.pa / max(1, team.batting.pa) if bat and bat.batting else 0.0,
    )
