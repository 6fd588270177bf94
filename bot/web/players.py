"""A player's page: his card as drawn, his season and career lines in the league and this season's game log,
from the same store reads as ``/stats player`` and ``dugout player``; the card's picture at ``…/card.png``."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bot.web.app import LEAGUE, STORE, kept, league_of, render
from bot.words import pages
from bot.words.cardimage import render_card_png
from bot.words.history import seasons_section
from cards.models import AnyCard
from engine.stats import innings_pitched
from league import history
from league.errors import CardError, NotFound
from league.models import League
from league.store import Store

PLAYERS = ("batter", "pitcher")  # a ballpark's card is no player's page
# (card set, card id) -> the card's PNG: a card never changes while the site runs, and drawing one takes ~60 ms.
PICTURES = web.AppKey("card_pictures", dict[tuple[str | None, str], bytes])
PICTURES_KEPT = 256


async def _card(store: Store, league: League, card_id: str) -> AnyCard:
    """The player's card in the league's card pool; NotFound (the 404 page) for any other id."""
    try:
        card = (await store.card_pool(league.id)).card(card_id)
    except CardError as error:
        raise NotFound(str(error)) from error
    if card.kind not in PLAYERS:
        raise NotFound(f"{card_id!r} is not a player's card")
    return card


def _label(line_season: int, team: str, phase: str) -> str:
    return f"{line_season} {team}" + (" playoffs" if phase != "regular" else "")


async def player_page(request: web.Request) -> web.Response:
    store = request.app[STORE]
    league = await league_of(request)
    card_id = request.match_info["card_id"]
    card = await _card(store, league, card_id)
    page = await store.player_page(league.id, card_id)
    seasons = await history.player_seasons(store, league.id, card_id)
    # His game log unpacks his teams' box scores (162 in a season): kept until the next change.
    log = await kept(request, ("game log", league.id, card_id), lambda: store.player_games(league.id, card_id))
    batting = [
        (None, _label(line.season, line.team, line.phase), pages.batting_cells(line.batting))
        for line in page.lines
        if line.batting
    ]
    pitching = [
        (None, _label(line.season, line.team, line.phase), pages.pitching_cells(line.pitching))
        for line in page.lines
        if line.pitching
    ]
    fielding = [
        (
            _label(line.season, line.team, line.phase),
            line.fielding.games,
            line.fielding.e,
            ", ".join(f"{p} {g}" for p, g in sorted(line.fielding.positions.items(), key=lambda x: -x[1])),
        )
        for line in page.lines
        if line.fielding is not None
    ]
    career_batting = [
        (None, f"{s.season} {'/'.join(s.teams)}", pages.batting_cells(s.batting)) for s in seasons if s.batting
    ]
    career_pitching = [
        (None, f"{s.season} {'/'.join(s.teams)}", pages.pitching_cells(s.pitching)) for s in seasons if s.pitching
    ]
    games = [
        (
            g,
            [g.batting.ab, g.batting.r, g.batting.h, g.batting.hr, g.batting.rbi, g.batting.bb, g.batting.k]
            if g.batting
            else None,
            [innings_pitched(g.pitching.outs), g.pitching.h, g.pitching.r, g.pitching.er, g.pitching.bb, g.pitching.k]
            if g.pitching
            else None,
        )
        for g in log
    ]
    return render(
        request,
        "player.html",
        title=f"{card.name}, {league.name}",
        league=league,
        card=card,
        page=page,
        name=pages.shown_name(card_id, card.name),
        batting=batting,
        pitching=pitching,
        fielding=fielding,
        career_batting=career_batting,
        career_pitching=career_pitching,
        awards=[(s.season, a) for s in seasons for a in s.awards],
        career=seasons_section(seasons) is not None,  # more than this season's line, as /stats player shows
        batting_labels=pages.BATTING_LABELS,
        pitching_labels=pages.PITCHING_LABELS,
        games=games,
        batted=any(g.batting for g in log),
        pitched=any(g.pitching for g in log),
    )


async def card_png(request: web.Request) -> web.Response:
    league = await league_of(request)
    store = request.app[STORE]
    card = await _card(store, league, request.match_info["card_id"])
    kept = request.app[PICTURES]
    key = ((await store.card_pool(league.id)).set_of(card.id), card.id)
    picture = kept.get(key)
    if picture is None:
        picture = await asyncio.to_thread(render_card_png, card)  # not in the event loop
        if len(kept) >= PICTURES_KEPT:
            kept.clear()
        kept[key] = picture
    return web.Response(body=picture, content_type="image/png", headers={"Cache-Control": "max-age=3600"})


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/players/{card_id}", player_page)
    router.add_get(LEAGUE + "/players/{card_id}/card.png", card_png)
