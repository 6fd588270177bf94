"""Card files broken in ways a hand edit or a bad download does: every one is refused with
problems that each fit on one short line and name the file, never a crash or a flood of output."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from bot.terminal.cli import main
from cards import BUNDLED_SETS, SAMPLE_SET
from cards.loader import CardSetError, load_any_set, load_set
from tests.cards.conftest import make_books_set
from tests.cards.test_team_entries import HC_TEAM

SETS = [SAMPLE_SET, BUNDLED_SETS / "deep-drive-sample"]
# A problem names its file, card and cell and quotes a short prefix of a bad value: well under this.
LINE = 400


def _copy(source: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(source, tmp_path / source.name))


def _problems(folder: Path) -> list[str]:
    with pytest.raises(CardSetError) as exc:
        load_any_set(folder)
    return [str(p).replace(str(folder) + "/", "") for p in exc.value.problems]


@pytest.mark.parametrize("source", SETS, ids=lambda p: p.name)
def test_a_file_that_is_not_utf8_is_one_problem(source: Path, tmp_path: Path) -> None:
    folder = _copy(source, tmp_path)
    (folder / "extra.toml").write_bytes(b'[[batter]]\nid = "pe\xf1a"\n')
    assert _problems(folder) == ["extra.toml: not UTF-8 text: byte 0xf1 at line 2, column 9 (save the file as UTF-8)"]


@pytest.mark.parametrize("source", SETS, ids=lambda p: p.name)
def test_deeply_nested_arrays_are_one_problem(source: Path, tmp_path: Path) -> None:
    folder = _copy(source, tmp_path)
    (folder / "extra.toml").write_text("x = " + "[" * 5000, encoding="utf-8")
    assert _problems(folder) == ["extra.toml: not valid TOML for a card file: arrays or tables nested too deeply"]


def test_a_deep_drive_sets_handbook_that_is_not_utf8_is_named_at_load(tmp_path: Path) -> None:
    folder = _copy(BUNDLED_SETS / "deep-drive-sample", tmp_path)
    info = (folder / "set.toml").read_text(encoding="utf-8")
    (folder / "set.toml").write_text(
        info.replace('handbook = "default"', 'handbook = "handbook.toml"'), encoding="utf-8"
    )
    (folder / "handbook.toml").write_bytes(b"[def]\n\xff\n")
    assert _problems(folder) == [
        "handbook.toml: not UTF-8 text: byte 0xff at line 2, column 1 (save the file as UTF-8)"
    ]


@pytest.mark.parametrize("case", ["not-utf8", "nested"])
def test_cli_validate_says_one_line_not_a_bug(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = make_books_set(tmp_path / "set")
    with (folder / "books.toml").open("ab") as handle:
        handle.write(b"\xff" if case == "not-utf8" else b"x = " + b"[" * 5000)
    assert main(["cards", "validate", str(folder)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{folder / 'books.toml'}: not ")
    assert "bug" not in lines[0]


HUGE = "x" * 1_000_000


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('id = "tom-seaver-1970"', f'id = "{HUGE}"'),  # the id heads each problem of the card
        ('name = "Tom Seaver"', f'name = "{HUGE}"\nbogus = 1'),
        ('"K",', f'"{HUGE}",'),  # a matrix cell the notation parser quotes
        ("injury = ", f'"{HUGE}" = 1\ninjury = '),  # an unknown field's name
        ('hits_vs_lhp = "', 'hits_vs_lhp = "S=1-3; ' + HUGE + "; "),
    ],
    ids=["id", "name", "matrix-cell", "field-name", "hit-ranges"],
)
def test_a_long_value_is_quoted_by_a_short_prefix(old: str, new: str, tmp_path: Path) -> None:
    folder = make_books_set(tmp_path / "set")
    path = folder / "books.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardSetError) as exc:
        load_set(folder)
    assert exc.value.problems
    assert all(len(str(p)) < LINE for p in exc.value.problems), [str(p)[:LINE] for p in exc.value.problems]


def test_a_long_id_in_a_team_entry_is_quoted_by_a_short_prefix(tmp_path: Path) -> None:
    folder = _copy(SAMPLE_SET, tmp_path)
    team = HC_TEAM.replace("roster = [", f'roster = ["{HUGE}", ', 1).replace('"hc-dell-ashby-1970 2B"', f'"{HUGE} 2B"')
    (folder / "teams.toml").write_text(team, encoding="utf-8")
    problems = _problems(folder)
    assert any("(1000000 characters)" in p for p in problems)
    assert all(len(p) < LINE for p in problems)


def test_a_control_character_in_a_name_stays_on_its_line(tmp_path: Path) -> None:
    folder = make_books_set(tmp_path / "set")
    path = folder / "books.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "Tom Seaver"', 'name = "Tom\\nSeaver\\u001b[2J"\nbogus = 1', 1))
    problems = _problems(folder)
    assert problems == [
        "books.toml: pitcher Tom\\nSeaver\\x1b[2J (tom-seaver-1970): bogus: unknown field (check the spelling)"
    ]


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One random edit of the kind a bad save or a slip of the hand makes."""
    at = rng.randrange(len(data))
    match rng.randrange(5):
        case 0:  # cut short
            return data[:at]
        case 1:  # a stray byte of any value
            return data[:at] + bytes([rng.randrange(256)]) + data[at:]
        case 2:  # a byte dropped
            return data[:at] + data[at + 1 :]
        case 3:  # a piece repeated
            piece = data[at : at + rng.randrange(1, 200)]
            return data[:at] + piece * rng.randrange(2, 50) + data[at:]
        case _:  # deep brackets
            return data[:at] + rng.choice([b"[", b"{a="]) * rng.randrange(100, 3000) + data[at:]


def test_fuzzed_card_files_load_or_are_refused_line_by_line(tmp_path: Path) -> None:
    folder = make_books_set(tmp_path / "set")
    path = folder / "books.toml"
    good = path.read_bytes()
    rng = random.Random(26)
    refused = 0
    for _ in range(150):
        data = good
        for _ in range(rng.randrange(1, 4)):
            data = _mutate(data, rng)
        path.write_bytes(data)
        try:
            load_set(folder)
        except CardSetError as exc:
            refused += 1
            for problem in exc.problems:
                assert str(problem).startswith(str(folder)), problem
                assert "\n" not in str(problem) and len(str(problem)) < LINE, str(problem)[:LINE]
    assert refused > 100
