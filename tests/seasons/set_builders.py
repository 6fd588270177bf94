"""Hand-built seasons for the set engineer's tests (depth charts, writing, generating)."""

from __future__ import annotations

from seasons.stats import Batting, Pitching, Player, Season, Stint, TeamSeason


def batter(
    pid: str,
    team: str,
    games: dict[str, int],
    *,
    pa: int = 400,
    h: int = 100,
    hr: int = 10,
    bb: int = 40,
    bats: str = "R",
    name: str | None = None,
) -> Player:
    ab = pa - bb
    batting = Batting(g=sum(games.values()), pa=pa, ab=ab, h=h, doubles=20, hr=hr, bb=bb, r=50, k=60)
    return Player(
        player_id=pid,
        name=name or pid.title(),
        bats=bats,
        throws="R",
        team_id=team,
        batting=batting,
        pitching=None,
        fielding={},
        stints=(Stint(team, batting, None, {**games, "all": sum(games.values())}),),
    )


def pitcher(
    pid: str,
    team: str,
    *,
    g: int = 30,
    gs: int = 0,
    gf: int = 0,
    sv: int = 0,
    bfp: int = 300,
    throws: str = "R",
    bats: str = "R",
) -> Player:
    pitching = Pitching(g=g, gs=gs, gf=gf, sv=sv, bf=bfp, outs=bfp * 3 // 4 * 1, h=bfp // 4, k=bfp // 6)
    return Player(
        player_id=pid,
        name=pid.title(),
        bats=bats,
        throws=throws,
        team_id=team,
        batting=None,
        pitching=pitching,
        fielding={},
        stints=(Stint(team, None, pitching, {"P": g, "all": g, "GS": gs}),),
    )


def team(team_id: str, league: str = "NL") -> TeamSeason:
    return TeamSeason(
        team_id=team_id,
        name=f"{team_id.title()} Club",
        city=team_id.title(),
        abbreviation=team_id[:3].upper(),
        league=league,
        division="E",
        park=f"{team_id.title()} Park",
        g=162,
        g_home=81,
        w=81,
        l=81,
        r=700,
        ra=700,
        bpf=100,
        ppf=100,
        batting=Batting(pa=6000, ab=5400, h=1400, doubles=250, triples=30, hr=150, bb=500, hbp=40, sf=40),
        pitching=Pitching(bf=6000),
        e=100,
        dp=150,
    )


def season(players: list[Player], teams: list[TeamSeason], year: int = 1970) -> Season:
    return Season(
        year=year,
        leagues=tuple(sorted({t.league for t in teams})),
        teams={t.team_id: t for t in teams},
        players={p.player_id: p for p in players},
    )


def full_team(team_id: str) -> list[Player]:
    """A regular at each position, a DH, a bench, five starters, a closer and relievers."""
    players = [
        batter(f"{team_id}c", team_id, {"C": 140}, pa=500, h=120),
        batter(f"{team_id}1b", team_id, {"1B": 150}, pa=600, h=170, hr=35, bats="L"),
        batter(f"{team_id}2b", team_id, {"2B": 150}, pa=620, h=180, hr=5, bb=80),
        batter(f"{team_id}3b", team_id, {"3B": 150}, pa=580, h=150, hr=20),
        batter(f"{team_id}ss", team_id, {"SS": 150}, pa=560, h=140, hr=8),
        batter(f"{team_id}lf", team_id, {"LF": 95}, pa=380, h=100, bats="L"),
        batter(f"{team_id}lf2", team_id, {"LF": 60}, pa=240, h=62, bats="R"),
        batter(f"{team_id}cf", team_id, {"CF": 150}, pa=600, h=165, hr=12, bb=70, bats="S"),
        batter(f"{team_id}rf", team_id, {"RF": 150}, pa=610, h=165, hr=30),
        batter(f"{team_id}dh", team_id, {"DH": 120}, pa=450, h=115, hr=25),
        batter(f"{team_id}c2", team_id, {"C": 30}, pa=110, h=22),
        batter(f"{team_id}ut", team_id, {"2B": 20, "SS": 25, "3B": 10}, pa=150, h=35),
    ]
    for i in range(6):
        players.append(pitcher(f"{team_id}sp{i}", team_id, g=33, gs=33 - 5 * i, bfp=900 - 80 * i))
    players.append(pitcher(f"{team_id}cl", team_id, g=65, gf=55, sv=35, bfp=280))
    for i in range(7):
        players.append(pitcher(f"{team_id}rp{i}", team_id, g=50 - 3 * i, gf=10 - i, sv=i % 2, bfp=250 - 10 * i))
    return players
