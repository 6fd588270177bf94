"""``dugout league web`` (docs/web.md): the league's address, listed or unlisted, and a new secret."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.terminal.cli import main
from league.store import Store


async def _league(path: Path) -> None:
    async with await Store.open(path) as store:
        await store.create_league("Porch Nine", ["sample"])


async def _secret(path: Path) -> str | None:
    async with await Store.open(path) as store:
        [league] = await store.all_leagues()
        return league.web_secret


def test_dugout_league_web(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.sqlite3"
    asyncio.run(_league(path))
    file = ["--database", str(path)]
    assert main(["league", "web", *file]) == 0
    assert (
        "Porch Nine's site is listed on the site's index: /porch-nine/ (dugout web serves it)"
        in capsys.readouterr().out
    )
    assert main(["league", "web", "--renew", *file]) == 1
    assert (
        capsys.readouterr().err == "dugout: Porch Nine's site is listed: it has no secret to renew; unlist it first\n"
    )
    assert main(["league", "web", "--unlisted", *file]) == 0
    secret = asyncio.run(_secret(path))
    assert secret is not None and f"only /porch-nine-{secret}/ " in capsys.readouterr().out
    assert main(["league", "web", "--renew", *file]) == 0
    renewed = asyncio.run(_secret(path))
    assert renewed not in (None, secret) and f"/porch-nine-{renewed}/" in capsys.readouterr().out
    assert main(["league", "web", "--listed", *file]) == 0
    assert asyncio.run(_secret(path)) is None
