"""A Deep Drive set's own handbook (set.toml ``handbook = ...``) stays inside the set's folder (issue 26,
"no host path"): a name that leaves it (absolute, "..", a symlink out) is one problem naming set.toml,
and the file is never read; the file it names inside the folder is the handbook, not a card file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import BUNDLED_SETS, SAMPLE_SET
from cards.loader import CardSetError, load_any_set
from league.cardpool import CardPool
from league.errors import CardError

SET = BUNDLED_SETS / "deep-drive-sample"
HANDBOOK = Path(__file__).resolve().parents[2] / "engine" / "deep_drive" / "tables" / "handbook-2016.toml"
OUTSIDE = "names a file outside the set's folder; the handbook must be a file in it"


def set_with_handbook(tmp_path: Path, name: str) -> Path:
    """A copy of the Deep Drive sample whose set.toml names ``name`` as its handbook."""
    folder = Path(shutil.copytree(SET, tmp_path / "my-set"))
    meta = folder / "set.toml"
    meta.write_text(meta.read_text().replace('handbook = "default"', f"handbook = {name!r}"), encoding="utf-8")
    return folder


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file beside the set, not TOML: read as a handbook or a card file, it would be a problem of its own."""
    path = tmp_path / "secret.toml"
    path.write_text("password = hunter2 (not TOML)\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("how", ["absolute", "dot-dot", "symlink"])
def test_a_handbook_outside_the_set_is_one_problem_naming_set_toml_and_is_never_read(
    tmp_path: Path, outside: Path, how: str
) -> None:
    if how == "symlink":
        folder = set_with_handbook(tmp_path, "hb/book.toml")
        (folder / "hb").mkdir()
        (folder / "hb" / "book.toml").symlink_to(outside)
    else:
        folder = set_with_handbook(tmp_path, str(outside) if how == "absolute" else "../secret.toml")
    with pytest.raises(CardSetError) as exc:
        load_any_set(folder)
    problems = [str(p) for p in exc.value.problems]
    assert [p for p in problems if p.startswith(str(folder / "set.toml"))] == [
        f"{folder / 'set.toml'}: handbook: {OUTSIDE}"
    ]
    assert not any(str(outside) in p or "hunter2" in p for p in problems)  # neither read nor named
    if how == "symlink":  # the link is no card file either
        assert f"{folder / 'hb' / 'book.toml'}: links to a file outside the set's folder" in problems[-1]


def test_an_inside_pitch_sets_handbook_outside_it_is_never_read_either(tmp_path: Path, outside: Path) -> None:
    """Inside Pitch has no handbook and its loader never looks; the league's pool would read it for a game."""
    folder = Path(shutil.copytree(SAMPLE_SET, tmp_path / "my-set"))
    with (folder / "set.toml").open("a", encoding="utf-8") as meta:
        meta.write(f"handbook = {str(outside)!r}\n")
    pool = CardPool.load([str(folder)])
    with pytest.raises(CardError, match=r"set\.toml's handbook names a file outside the set's folder") as exc:
        pool.handbook()
    assert str(outside) not in str(exc.value)


def test_the_handbook_file_a_set_names_is_not_read_as_cards(tmp_path: Path) -> None:
    folder = set_with_handbook(tmp_path, "charts/my-handbook.toml")
    (folder / "charts").mkdir()
    (folder / "charts" / "my-handbook.toml").write_text(HANDBOOK.read_text(encoding="utf-8"), encoding="utf-8")
    loaded = load_any_set(folder)  # its tables ([teams], [parks], ...) are no card tables
    assert loaded.info.handbook == "charts/my-handbook.toml"
    assert CardPool.load([str(folder)]).handbook() == HANDBOOK.read_text(encoding="utf-8")
