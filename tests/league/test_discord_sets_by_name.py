"""A league made in Discord finds its card sets by name only (issue 26, "Security: no host path from Discord").

A league with a server (``League.guild_id``) plays the bundled sets and those of the operator's
DUGOUT_CARD_SETS_DIR, by name. A path kept before Discord took names alone, or an operator's set since
removed, is refused with one CardError naming the set by its last folder, never the host path. A
terminal league (no server) still plays a set folder by its path.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import SAMPLE_SET
from league.errors import CardError
from league.store import Store
from tests.league.conftest import GUILD, direct


@pytest.fixture
def own_set(tmp_path: Path) -> Path:
    folder = tmp_path / "host" / "secret-folder" / "my-set"
    shutil.copytree(SAMPLE_SET, folder)
    return folder


async def test_a_discord_league_with_a_stored_path_is_refused_by_the_sets_name(db_path: Path, own_set: Path) -> None:
    store = await Store.open(db_path)
    try:
        league = await store.create_league("Old", [str(own_set)])  # made at the terminal: the path is taken
        assert len((await store.card_pool(league.id)).sets[0].batters) > 0
        with pytest.raises(CardError) as refused:  # a member's text is no path
            await store.create_league("New", [str(own_set)], guild_id=GUILD)
        assert "'my-set'" in str(refused.value) and str(own_set.parent) not in str(refused.value)
    finally:
        await store.close()
    with direct(db_path) as db:  # as a league made in Discord before names alone were taken
        db.execute("UPDATE league SET guild_id = ? WHERE id = ?", (GUILD, league.id))
    store = await Store.open(db_path)
    try:
        with pytest.raises(CardError) as refused:
            await store.card_pool(league.id)
        text = str(refused.value)
        assert text.startswith("there is no card set named 'my-set';") and "sample" in text
        assert str(own_set.parent) not in text and "\n" not in text
    finally:
        await store.close()


async def test_an_operators_set_since_removed_is_named(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    operator = tmp_path / "operator"
    shutil.copytree(SAMPLE_SET, operator / "operator-set")
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(operator))
    store = await Store.open(db_path)
    try:
        league = await store.create_league("Own", ["operator-set"], guild_id=GUILD)
    finally:
        await store.close()
    shutil.rmtree(operator / "operator-set")
    store = await Store.open(db_path)
    try:
        with pytest.raises(CardError, match=r"^there is no card set named 'operator-set';") as refused:
            await store.card_pool(league.id)
        assert str(operator) not in str(refused.value)
    finally:
        await store.close()
