"""The league's history (league.history, as ``/history`` and ``dugout history``): every season's champion,
best record and awards, the final standings, the best single seasons and careers; and the draft board."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from bot.web.app import LEAGUE, STORE, kept, league_of, render
from bot.web.params import season_param
from bot.words import pages
from bot.words.draft import status_line
from bot.words.history import award_line
from league import history
from league.history import SeasonRecord


async def history_page(request: web.Request) -> web.Response:
    store = request.app[STORE]
    league = await league_of(request)

    async def read() -> tuple[Any, ...]:  # every season's: kept until the next change
        return (
            await history.history(store, league.id),
            await store.season_records(league.id),
            await history.leader_boards(store, league.id),
        )

    seasons, records, (best, careers) = await kept(request, ("history", league.id), read)
    standings: dict[int, dict[str, list[SeasonRecord]]] = {}
    for r in sorted(records, key=lambda r: (r.season, -r.pct, -r.w, r.name)):
        standings.setdefault(r.season, {}).setdefault(r.group, []).append(r)
    return render(
        request,
        "history.html",
        title=f"{league.name} history",
        league=league,
        seasons=seasons,
        standings={season: sorted(groups.items()) for season, groups in standings.items()},
        best=best,
        careers=careers,
        name=pages.leader_name,
        value=pages.stat_value,
        award_line=award_line,
    )


async def draft_page(request: web.Request) -> web.Response:
    store = request.app[STORE]
    league = await league_of(request)
    season = season_param(request, league)
    draft = await store.draft(league.id, season)
    board: list[tuple[int, list[tuple[int, str, str] | None]]] = []
    status = ""
    teams = {t.id: t for t in await store.teams(league.id)}
    if draft is not None:
        pool = await store.card_pool(league.id)
        by_slot = {(p.round, p.team_id): p for p in await store.draft_picks(draft.id)}
        for round_ in range(1, draft.rounds + 1):
            cells: list[tuple[int, str, str] | None] = []
            for team_id in draft.order:
                pick = by_slot.get((round_, team_id))
                cells.append(None if pick is None else (pick.number, pick.card_id, pool.name(pick.card_id)))
            board.append((round_, cells))
        status = status_line(league.name, draft, teams, time.time())
    return render(
        request,
        "draft.html",
        title=f"{league.name} draft, season {season}",
        league=league,
        season=season,
        draft=draft,
        order=[] if draft is None else [teams[t].abbreviation for t in draft.order],
        board=board,
        draft_status=status,
    )


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/history", history_page)
    router.add_get(LEAGUE + "/draft", draft_page)
