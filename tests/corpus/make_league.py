"""Write tests/corpus/league.sqlite3.gz and league.json: a league store written before issue 27.

Run once, at commit a3b94f9 (main before issue 27): ``python -m tests.corpus.make_league``. Two
leagues in one file, one per ruleset, each with a few auto-played days (final games, standings, season
tables) and a live game a manager has answered questions in. league.json records what the old code
read back: each game's box score and pending question, the standings and the season's batting.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from engine.boxscore import box_score
from league.autoplay import play_day
from league.store import Store

HERE = Path(__file__).parent
LEAGUES = ("sample", "deep-drive-sample")  # the terminal leagues of the two sample sets
DAYS = 3


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data, default=str))


async def fill(store: Store) -> None:
    from bot.terminal.league import terminal_league

    for number, card_set in enumerate(LEAGUES):
        league = await terminal_league(store, card_set)
        await store.schedule_season(league.id, 12, seed=number)
        for day in range(DAYS):
            await play_day(store, league.id, rng=random.Random(100 * number + day))
        scheduled = await store.scheduled_through(league.id, (await store.league(league.id)).day)
        record = await store.start_game(scheduled[0].id, seed=77 + number, managed=["home"])
        game = await store.load_game(record.id)
        rng = random.Random(number)
        for _ in range(12):
            assert game.pending is not None
            game.choose(game.pending.side, rng.choice(game.pending.option_keys()))
        await store.save_decisions(record.id, game)


async def read(store: Store) -> dict[str, Any]:
    out: dict[str, Any] = {"made_at": "a3b94f9", "leagues": []}
    for league in await store.all_leagues():
        games = []
        for record in await store.games(league.id):
            if record.status not in ("live", "final"):
                continue
            game = await store.load_game(record.id)
            pending = game.pending.to_dict() if game.pending is not None else None
            games.append(
                {"id": record.id, "status": record.status, "box": box_score(game).to_dict(), "pending": pending}
            )
        out["leagues"].append(
            {
                "id": league.id,
                "name": league.name,
                "ruleset": league.ruleset,
                "games": games,
                "standings": await store.standings(league.id),
                "batting": (await store.season_stats(league.id)).batting,
            }
        )
    return plain(out)


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "league.sqlite3"
        store = await Store.open(path)
        try:
            await fill(store)
            expected = await read(store)
        finally:
            await store.close()
        (HERE / "league.sqlite3.gz").write_bytes(gzip.compress(path.read_bytes(), mtime=0))
    (HERE / "league.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print({league["name"]: len(league["games"]) for league in expected["leagues"]})


if __name__ == "__main__":
    asyncio.run(main())
