"""`dugout cards generate --force` replacing a set: killed at any point, it leaves the old set or the new one,
and the next run finishes what it left (both games' generators)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cards.loader import NotACardSet, load_any_set
from seasons.deep_drive.generate import generate as generate_deep_drive
from seasons.write import SetExists
from tests.seasons.test_deep_drive_generate import DEFAULT
from tests.seasons.test_generate import run, two_teams


def _inside_pitch(out: Path, force: bool) -> None:
    assert out.name == "1970"
    run(out.parent, force=force)


def _deep_drive(out: Path, force: bool) -> None:
    handbook = DEFAULT.read_text(encoding="utf-8")
    generate_deep_drive(1970, ["NL"], out, force=force, load_season=lambda _y, _l: two_teams(), handbook_text=handbook)


GENERATORS = {"inside-pitch": _inside_pitch, "deep-drive": _deep_drive}


class Killed(BaseException):
    """The process dying at this point: nothing after it runs (no handler of the writer catches it)."""


def _mark(out: Path, text: str) -> None:
    (out / "MARK").write_text(text)


def _sets_on_disk(out: Path) -> list[str]:
    """The marks of the sets at or beside ``out`` that the next run may keep (not the one still being written)."""
    found = [
        p
        for p in out.parent.iterdir()
        if p.name.startswith(out.name) and not p.name.endswith(".partial") and (p / "set.toml").is_file()
    ]
    return sorted((p / "MARK").read_text() if (p / "MARK").exists() else "new" for p in found)


@pytest.mark.parametrize("game", sorted(GENERATORS))
def test_killed_between_the_renames_the_old_set_is_kept_and_put_back(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generate: Callable[[Path, bool], None] = GENERATORS[game]
    out = tmp_path / "1970"
    generate(out, False)
    _mark(out, "old")
    rename = Path.rename

    def killed_before_the_new_set_arrives(self: Path, target: Any) -> Path:
        if self.name == "1970.partial":
            raise Killed
        return rename(self, target)

    monkeypatch.setattr(Path, "rename", killed_before_the_new_set_arrives)
    with pytest.raises(Killed):
        generate(out, True)
    monkeypatch.undo()
    assert _sets_on_disk(out) == ["old"]  # the old set was removed before the new one arrived
    with pytest.raises(NotACardSet, match=r"1970\.replaced beside it holds the set it had .*: rename it to 1970"):
        load_any_set(out)  # loading it says where the old set is, and changes nothing
    assert _sets_on_disk(out) == ["old"] and not out.exists()
    with pytest.raises(SetExists):  # the next run puts the old set back where it was, then refuses it
        generate(out, False)
    assert (out / "MARK").read_text() == "old"
    assert load_any_set(out).info.ruleset == game
    generate(out, True)
    assert _sets_on_disk(out) == ["new"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1970"]


@pytest.mark.parametrize("game", sorted(GENERATORS))
def test_killed_before_the_old_set_is_removed_the_new_one_stays(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generate = GENERATORS[game]
    out = tmp_path / "1970"
    generate(out, False)
    _mark(out, "old")
    rmtree = shutil.rmtree

    def killed_removing_the_old_set(path: Any, *args: Any, **kwargs: Any) -> None:
        if Path(path).is_dir() and (Path(path) / "MARK").exists():
            raise Killed
        rmtree(path, *args, **kwargs)

    monkeypatch.setattr(shutil, "rmtree", killed_removing_the_old_set)
    with pytest.raises(Killed):
        generate(out, True)
    monkeypatch.undo()
    assert not (out / "MARK").exists()  # the new set is in place
    assert len(_sets_on_disk(out)) == 2
    with pytest.raises(SetExists):  # the next run clears the old copy and keeps the new set
        generate(out, False)
    assert _sets_on_disk(out) == ["new"]


def test_deep_drive_force_never_replaces_a_folder_that_is_no_set(tmp_path: Path) -> None:
    other = tmp_path / "mine"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    with pytest.raises(SetExists, match="is not a card set"):
        _deep_drive(other, True)
    assert (other / "keep.txt").read_text() == "mine"
