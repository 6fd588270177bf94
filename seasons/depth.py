"""Each team's depth chart from its season: regulars, batting orders, rotation, bullpen, roster.

Lahman records how often each man played each position (Appearances), how many games he
started, and for pitchers their starts, relief games, games finished and saves; it has no
platoon splits and no batting orders. The rules, in order:

- **Evidence.** A player's games at each position are those of his stints with the team
  (all his stints when he has none with it). Only players with a card of their own count:
  a batter card for the lineups, a pitcher card for the staff.
- **Regulars.** Every (player, position) pair is ranked by games at the position, then by
  plate appearances; going down the list, a pair is taken when both the player and the
  position are still free. A position nobody played is filled by the free batter with the
  most plate appearances (he plays out of position, as the engine allows).
- **Platoons** (Lahman has no splits). At a position whose regular bats left or right, the
  runner-up there (not a regular elsewhere) becomes his platoon partner when he bats from
  the other side (or switch-hits) and played at least :data:`PLATOON_SHARE` of the
  regular's games there: the left-handed (or switch) batter starts against right-handed
  pitchers, the right-handed one against left-handers.
- **DH.** The free batter with the most games at DH, then the most plate appearances.
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
- **Roster** (at most 26): the lineups' batters, the rotation and :data:`PITCHERS` pitchers
  in all (relievers by relief batters faced), a second catcher if the team has one, then
  batters by plate appearances; a side short of men leaves its places to the other.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from seasons.stats import Batting, Player, Season

FIELD = ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
ROSTER_SIZE = 26
PITCHERS = 12  # pitchers on a 26-man roster (13 in today's game, fewer before)
ROTATION = 5
SETUP = 2
PLATOON_SHARE = 0.4
REGRESS_PA = 100


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
    return player.pitching.bfp if player.pitching else 0


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


def _regulars(batters: list[Player], team_id: str) -> tuple[dict[str, Player], dict[str, dict[str, int]]]:
    games = {p.player_id: _games(p, team_id) for p in batters}
    pairs = sorted(
        ((games[p.player_id].get(pos, 0), _pa(p), p.player_id, pos, p) for p in batters for pos in FIELD),
        key=lambda t: (-t[0], -t[1], t[2], FIELD.index(t[3])),
    )
    regulars: dict[str, Player] = {}
    used: set[str] = set()
    for played, _, pid, pos, player in pairs:
        if played <= 0:
            break
        if pid in used or pos in regulars:
            continue
        regulars[pos] = player
        used.add(pid)
    return regulars, games


def _bats_opposite(regular: str, other: str) -> bool:
    return regular in ("L", "R") and other != regular


def _lineups(
    batters: list[Player], team_id: str, league: Batting, dh_in_lineup: bool, notes: list[str]
) -> dict[str, list[tuple[Player, str]]]:
    if len(batters) < 9:
        raise DepthError(f"{team_id}: {len(batters)} batters with cards; a lineup needs 9")
    regulars, games = _regulars(batters, team_id)
    by_pa = sorted(batters, key=lambda p: (-_pa(p), p.player_id))
    for pos in FIELD:
        if pos not in regulars:
            free = next(p for p in by_pa if p not in regulars.values())
            regulars[pos] = free
            notes.append(f"{team_id}: nobody played {pos}; {free.name} (most PA of the rest) plays there")
    taken = {p.player_id for p in regulars.values()}
    vs: dict[str, dict[str, Player]] = {"R": dict(regulars), "L": dict(regulars)}
    for pos, regular in regulars.items():
        played = games[regular.player_id].get(pos, 0)
        runners = sorted(
            (p for p in batters if p.player_id not in taken and games[p.player_id].get(pos, 0) > 0),
            key=lambda p: (-games[p.player_id].get(pos, 0), -_pa(p), p.player_id),
        )
        if not runners or not _bats_opposite(regular.bats, runners[0].bats):
            continue
        partner = runners[0]
        if games[partner.player_id].get(pos, 0) < PLATOON_SHARE * played:
            continue
        lefty, righty = (regular, partner) if regular.bats == "L" or partner.bats == "R" else (partner, regular)
        vs["R"][pos], vs["L"][pos] = lefty, righty
        taken.add(partner.player_id)
    out: dict[str, list[tuple[Player, str]]] = {}
    for hand, chosen in vs.items():
        in_lineup = {p.player_id for p in chosen.values()}
        bench = [p for p in batters if p.player_id not in in_lineup]
        dh = min(bench, key=lambda p: (-games[p.player_id].get("DH", 0), -_pa(p), p.player_id))
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
    return p.bfp * (p.g - p.gs) / p.g


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
    return starters, relievers


def _roles(relievers: list[Player]) -> dict[str, list[Player]]:
    def stat(p: Player, name: str) -> int:
        return int(getattr(p.pitching, name, 0)) if p.pitching else 0

    roles: dict[str, list[Player]] = {"closer": [], "setup": [], "middle": [], "long": []}
    rest = list(relievers)
    if rest:
        closer = min(rest, key=lambda p: (-stat(p, "sv"), -stat(p, "gf"), p.player_id))
        roles["closer"].append(closer)
        rest.remove(closer)
    for _ in range(SETUP):
        if len(rest) > 1:
            setup = min(rest, key=lambda p: (-stat(p, "gf"), -stat(p, "sv"), p.player_id))
            roles["setup"].append(setup)
            rest.remove(setup)
    if rest:

        def per_game(p: Player) -> float:
            return _bfp(p) / stat(p, "g") if stat(p, "g") else 0.0

        long = min(rest, key=lambda p: (-per_game(p), p.player_id))
        roles["long"].append(long)
        rest.remove(long)
    roles["middle"] = rest
    return roles


def depth_chart(
    season: Season,
    team_id: str,
    batter_ids: Collection[str],
    pitcher_ids: Collection[str],
    designated_hitter: bool,
) -> DepthChart:
    """The team's depth chart from the players whose main team it is.

    ``batter_ids``: players with a batter card that goes on a roster (not a pitcher's own
    batting card); ``pitcher_ids``: players with a pitcher card.
    """
    team = season.teams[team_id]
    mine = sorted((p for p in season.players.values() if p.team_id == team_id), key=lambda p: p.player_id)
    batters = [p for p in mine if p.player_id in batter_ids]
    pitchers = [p for p in mine if p.player_id in pitcher_ids]
    notes: list[str] = []
    league = season.league_batting(team.league)
    lineups = _lineups(batters, team_id, league, designated_hitter, notes)
    rotation, relievers = _staff(pitchers, team_id, notes)
    in_lineups = list(dict.fromkeys(p.player_id for hand in ("R", "L") for p, _ in lineups[hand]))
    n_batters = max(len(in_lineups), min(len(batters), ROSTER_SIZE - min(len(pitchers), PITCHERS)))
    n_pitchers = min(len(pitchers), ROSTER_SIZE - n_batters)
    relievers = relievers[: n_pitchers - ROTATION]
    roles = _roles(relievers)
    staff = [*rotation, *relievers]
    games = {p.player_id: _games(p, team_id) for p in batters}
    bench = sorted((p for p in batters if p.player_id not in in_lineups), key=lambda p: (-_pa(p), p.player_id))
    catchers = sorted(
        (p for p in bench if games[p.player_id].get("C", 0) > 0), key=lambda p: (-games[p.player_id]["C"], p.player_id)
    )
    if catchers:  # a second catcher before the other bench men
        bench.remove(catchers[0])
        bench.insert(0, catchers[0])
    roster_batters = in_lineups + [p.player_id for p in bench[: n_batters - len(in_lineups)]]
    on_staff = {p.player_id for p in staff}
    bullpen = {
        role: tuple(p.player_id for p in players if p.player_id in on_staff)
        for role, players in roles.items()
        if any(p.player_id in on_staff for p in players)
    }
    return DepthChart(
        team_id=team_id,
        roster_batters=tuple(roster_batters),
        roster_pitchers=tuple(p.player_id for p in staff),
        vs_rhp=tuple((p.player_id, pos) for p, pos in lineups["R"]),
        vs_lhp=tuple((p.player_id, pos) for p, pos in lineups["L"]),
        rotation=tuple(p.player_id for p in rotation),
        bullpen=bullpen,
        notes=tuple(notes),
    )
