"""From Discord a card set is named, never a path (issue 26, "Security: no host path from Discord").

/league-create card_sets: takes the bundled sets' names and those of the bot operator's folder
(DUGOUT_CARD_SETS_DIR). Any other text, a path above all, gets the same private answer, which
says neither whether a folder exists, nor the home folder, nor what a set.toml there holds.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import SAMPLE_SET
from league.cardpool import set_names
from league.store import Store
from tests.bot.conftest import ask, running_bot
from tests.fakediscord import FakeDiscord

SECRET = "Top Secret Host Values"
TEAM = """[[team]]
id = "dup"
name = "Dup"
abbreviation = "DUP"
league = "AL"
ballpark = "p"
roster = ["x"]
vs_rhp = ["a C", "b 1B", "c 2B", "d 3B", "e SS", "f LF", "g CF", "h RF", "i DH"]
vs_lhp = ["a C", "b 1B", "c 2B", "d 3B", "e SS", "f LF", "g CF", "h RF", "i DH"]
rotation = ["p", "q", "r", "s", "t"]
"""


def refusal(name: str) -> str:
    """The one answer, quoting at most 40 characters of what the member typed."""
    name = name if len(name) <= 40 else name[:40] + "…"
    assert "operator-set" in set_names()  # the operator's set is offered with the bundled ones
    names = ", ".join(set_names())
    return f"There is no card set named {name!r}. The card sets are: {names} (pick them from the list as you type)."


@pytest.fixture
def operator_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The operator's folder with one set, and next to it a set folder he did not name (with values to leak)."""
    folder = tmp_path / "operator"
    shutil.copytree(SAMPLE_SET, folder / "operator-set")
    (folder / "not-a-set").mkdir()  # no set.toml: neither offered nor taken
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "set.toml").write_text(f'name = "{SECRET}"\nruleset = 7\n', encoding="utf-8")
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return folder


async def test_a_path_gets_the_same_answer_as_any_unknown_name(
    fake_discord: FakeDiscord, store: Store, operator_dir: Path, tmp_path: Path
) -> None:
    fake = fake_discord
    stray = str(tmp_path / "stray")
    names = ["/etc", "/nonexistent", "~", "../x", "~/x", stray, str(operator_dir / "operator-set"), "not-a-set", "."]
    async with running_bot(fake, store):
        for name in names:
            reply = await ask(fake, fake.commissioner, "league-create", name="Leak", card_sets=f"sample, {name}")
            assert reply.ephemeral
            assert reply.text == refusal(name)
            assert SECRET not in reply.text and str(tmp_path / "home") not in reply.text
        long = "x" * 300  # a long name is quoted in part: the answer stays within Discord's limit
        reply = await ask(fake, fake.commissioner, "league-create", name="Leak", card_sets=long)
        assert reply.ephemeral and reply.text == refusal(long)
    assert await store.leagues(fake.guild_id) == []


async def test_the_operators_set_is_named_and_offered(
    fake_discord: FakeDiscord, store: Store, operator_dir: Path
) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        choices = await fake.autocomplete(fake.commissioner, "league-create", focused="card_sets", value="o")
        assert [c["value"] for c in choices] == ["operator-set"]
        reply = await ask(fake, fake.commissioner, "league-create", name="Own Cards", card_sets="operator-set")
        assert not reply.ephemeral and "with operator-set." in reply.text
    [league] = await store.leagues(fake.guild_id)
    assert league.card_sets == ("operator-set",)
    assert len((await store.card_pool(league.id)).sets[0].batters) > 0  # found again by its name


async def test_a_broken_set_names_no_host_path(fake_discord: FakeDiscord, store: Store, operator_dir: Path) -> None:
    fake = fake_discord
    broken = operator_dir / "operator-set"
    (broken / "harbor-city-1970.toml").write_text("[[batter]]\nid = 1\n", encoding="utf-8")
    async with running_bot(fake, store):
        handle = await fake.slash(
            fake.commissioner, "league-create", options={"name": "Broken", "card_sets": "operator-set"}
        )
        told = await handle.followup(0)  # after the public "thinking...": the reason goes to him alone
        assert told.ephemeral and "card set 'operator-set' has" in told.text
        assert "harbor-city-1970.toml: batter 1: id:" in told.text and str(operator_dir) not in told.text
        original = handle.original
        assert original is not None
        await fake.wait_for(lambda: original.deleted)
        # A team id used in two files: the other file is named within the set too.
        twice = operator_dir / "twice"
        shutil.copytree(SAMPLE_SET, twice)
        for file in ("a-team.toml", "b-team.toml"):
            (twice / file).write_text(TEAM, encoding="utf-8")
        handle = await fake.slash(fake.commissioner, "league-create", options={"name": "Twice", "card_sets": "twice"})
        told = await handle.followup(0)
        assert told.ephemeral and "b-team.toml: team Dup (dup): team id 'dup' is also used in a-team.toml" in told.text
        assert str(operator_dir) not in told.text
    assert await store.leagues(fake.guild_id) == []
