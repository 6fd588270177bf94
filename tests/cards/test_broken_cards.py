"""A corpus of broken card sets: each is refused whole, with every problem placed exactly.

Each folder under tests/cards/broken/ is a tiny set (set.toml and one or two
card files) made from a good card with one thing broken; the first line of the
card file says what. Problems are compared as printed, with the case folder cut
from the file path.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bot.terminal.cli import main
from cards.loader import CardSetError, load_set

BROKEN = Path(__file__).parent / "broken"

BAT = "cards.toml: batter Test Batter (test-batter): "
PIT = "cards.toml: pitcher Test Pitcher (test-pitcher): "
PARK = "cards.toml: ballpark Test Park (test-park): "

EXPECTED: dict[str, list[str]] = {
    # matrix cells
    "batter-unknown-symbol": [BAT + "matrix row 1 column 3: unknown symbol 'X8'"],
    "unknown-pitcher-symbol": [PIT + "matrix row 4 column 2: unknown pitcher-card symbol 'WP'"],
    "batter-blank-cell": [BAT + "matrix row 2 column 3: blank cell: a batter card has a reading in every cell"],
    "stretch-single-on-batter": [
        BAT + "matrix row 3 column 1: 'S+7': S+ stretch singles appear only on ballpark cards"
    ],
    "home-run-chance-on-batter": [BAT + "matrix row 3 column 3: '[HR8]': [HR] readings appear only on ballpark cards"],
    "split-three-ways": [BAT + "matrix row 2 column 4: 'S/G/F6': a split cell has one reading on each side of '/'"],
    "split-slash-alone": [BAT + "matrix row 3 column 6: '/': a split cell has one reading on each side of '/'"],
    "split-same-both-sides": [BAT + "matrix row 4 column 2: 'G/G6': both sides of the split read the same"],
    "split-on-ballpark": [PARK + "matrix row 2 column 4: 'G/S1': ballpark cells are not split by hand"],
    # matrix shape
    "matrix-five-rows": [BAT + "matrix: the matrix has 6 rows of 6 cells; this one has 5 rows (6, 6, 6, 6, 6)"],
    "matrix-row-of-seven": [PIT + "matrix: the matrix has 6 rows of 6 cells; this one has 6 rows (6, 6, 6, 7, 6, 6)"],
    # the ** line
    "outs-line-unknown-symbol": [PIT + "** line column 4: unknown symbol 'Q6'"],
    "outs-line-hit": [PIT + "** line column 4: 'S6': the ** line lists outs (G, P, F or L with a fielder)"],
    # 1d20 ranges
    "hit-ranges-overlap": [BAT + "hits_vs_lhp: ranges overlap: S=1-6 and D=6-8 (got 'S=1-6; D=6-8; T=9-11; HR=12-16')"],
    "wild-pitch-overlaps-passed-ball": [PIT + "ranges overlap: WP=1-9 and PB?=9-12"],
    "balk-overlaps-pickoff-error": [PIT + "ranges overlap: BK=1-3 and POE=3-6"],
    "range-starts-at-zero": [PIT + "wild_pitch: range '0-5' is outside 1-20"],
    "range-past-twenty": [PIT + "home_run_ranges.vs_right: range '15-25' is outside 1-20"],
    "range-backwards": [PIT + "balk: range '3-1' runs backwards"],
    # positions and fielding lines
    "no-positions": [BAT + "positions: list at least one fielding line, like 'SS - 4 (4) +1', or 'DH'"],
    "pitcher-without-p": [PIT + "positions: a pitcher's card lists P among its positions"],
    "fielding-range-7": [BAT + "positions entry 1: 'SS - 7 (4) +1': range must be 1-6"],
    "catcher-without-passed-ball": [
        BAT + "positions entry 1: 'C - 5 (19) -2': a catcher's line gives range/passed-ball, error and arm"
    ],
    "outfielder-without-arm": [BAT + "positions entry 2: 'LF - 2 (12)': an outfielder's line ends with his arm"],
    # ratings
    "strikeout-rating-25": [BAT + "vs_rhp.k: Input should be less than or equal to 20 (got 25)"],
    "bats-x": [BAT + "bats: Input should be 'L', 'R' or 'S' (got 'X')"],
    "att-z": [BAT + "att: ATT is 0-20, N (never runs) or H (hit and run only) (got 'Z')"],
    "injury-9": [PIT + "injury: Input should be less than or equal to 7 (got 9)"],
    "pitcher-bats-b": [PIT + "bats: Input should be 'L', 'R' or 'S' (got 'B')"],
    # keys, files and the set
    "unknown-key": [BAT + "injury: missing", BAT + "injruy: unknown field (check the spelling)"],
    "missing-required-field": [PARK + "adjustments: missing"],
    "unknown-table": [
        "cards.toml: unknown table [[batters]]; card files hold [[batter]], [[pitcher]], [[ballpark]], [[team]]"
    ],
    "toml-syntax-error": [
        "cards.toml: not valid TOML: Expected '=' after a key in a key/value pair (at line 23, column 5)"
    ],
    "duplicate-id": ["b.toml: batter Another Batter (test-batter): card id 'test-batter' is also used in a.toml"],
    "own-batting-card-missing": [
        PIT + "own_batting_card: marked ## (own batting card) but the set has no batter card "
        "with the same name, team and year"
    ],
}


def relative(problem: object, folder: Path) -> str:
    return str(problem).replace(str(folder) + os.sep, "")


def test_the_corpus_is_all_tested() -> None:
    cases = sorted(p.name for p in BROKEN.iterdir() if p.is_dir())
    assert cases == sorted(EXPECTED)
    assert len(cases) >= 20


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_broken_set_is_refused_with_exact_problems(case: str) -> None:
    folder = BROKEN / case
    with pytest.raises(CardSetError) as exc:
        load_set(folder)
    assert [relative(p, folder) for p in exc.value.problems] == EXPECTED[case]


# For each case, the edit that undoes its one break: (file, broken text, good text).
FIXES: dict[str, tuple[str, str, str]] = {
    "batter-unknown-symbol": ("cards.toml", '"X8"', '"F8"'),
    "unknown-pitcher-symbol": ("cards.toml", '"WP"', '"WLD"'),
    "batter-blank-cell": ("cards.toml", '"", "G/S5"', '"G5", "G/S5"'),
    "stretch-single-on-batter": ("cards.toml", '"S+7"', '"S8"'),
    "home-run-chance-on-batter": ("cards.toml", '"[HR8]"', '"F9"'),
    "split-three-ways": ("cards.toml", '"S/G/F6"', '"G/S5"'),
    "split-slash-alone": ("cards.toml", '"/"', '"H/F9"'),
    "split-same-both-sides": ("cards.toml", '"G/G6"', '"D7"'),
    "split-on-ballpark": ("cards.toml", '"G/S1"', '"G1"'),
    "matrix-five-rows": ("cards.toml", '  ["G6",', '  ["S7", "D7", "P4", "K", "**1", "G6"],\n  ["G6",'),
    "matrix-row-of-seven": ("cards.toml", '"HR?", "K"]', '"HR?"]'),
    "outs-line-unknown-symbol": ("cards.toml", '"Q6"', '"G6"'),
    "outs-line-hit": ("cards.toml", '"S6", "F7"', '"G6", "F7"'),
    "hit-ranges-overlap": ("cards.toml", "S=1-6", "S=1-5"),
    "wild-pitch-overlaps-passed-ball": ("cards.toml", '"9-12"', '"10-12"'),
    "balk-overlaps-pickoff-error": ("cards.toml", '"3-6"', '"6"'),
    "range-starts-at-zero": ("cards.toml", '"0-5"', '"1-5"'),
    "range-past-twenty": ("cards.toml", '"15-25"', '"15-20"'),
    "range-backwards": ("cards.toml", '"3-1"', '"1-3"'),
    "no-positions": ("cards.toml", "positions = []", 'positions = ["DH"]'),
    "pitcher-without-p": ("cards.toml", '["RF - 3 (8) +2"]', '["RF - 3 (8) +2", "P - 4 (3)"]'),
    "fielding-range-7": ("cards.toml", "SS - 7", "SS - 6"),
    "catcher-without-passed-ball": ("cards.toml", "C - 5 (19)", "C - 5/2 (19)"),
    "outfielder-without-arm": ("cards.toml", "LF - 2 (12)", "LF - 2 (12) 0"),
    "strikeout-rating-25": ("cards.toml", "k = 25", "k = 20"),
    "bats-x": ("cards.toml", 'bats = "X"', 'bats = "S"'),
    "att-z": ("cards.toml", 'att = "Z"', 'att = "H"'),
    "injury-9": ("cards.toml", "injury = 9", "injury = 7"),
    "pitcher-bats-b": ("cards.toml", 'bats = "B"', 'bats = "S"'),
    "unknown-key": ("cards.toml", "injruy", "injury"),
    "missing-required-field": ("cards.toml", "year = 1970\n", "year = 1970\nadjustments = { k = 0, w = 0, hr = 0 }\n"),
    "unknown-table": ("cards.toml", "[[batters]]", "[[batter]]"),
    "toml-syntax-error": ("cards.toml", "bnt 2", "bnt = 2"),
    "duplicate-id": ("b.toml", 'id = "test-batter"', 'id = "another-batter"'),
    "own-batting-card-missing": ("cards.toml", "own_batting_card = true", "own_batting_card = false"),
}


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_each_case_breaks_one_thing(case: str, tmp_path: Path) -> None:
    """Undo the case's one break and the set loads: each case tests only what it says."""
    folder = shutil.copytree(BROKEN / case, tmp_path / case)
    file, broken, good = FIXES[case]
    comment, _, text = (folder / file).read_text().partition("\n")
    assert comment.startswith("# Broken on purpose: ")
    assert text.count(broken) == 1
    (folder / file).write_text(text.replace(broken, good))
    assert load_set(folder).all_cards()


@pytest.mark.parametrize("case", ["batter-unknown-symbol", "duplicate-id", "toml-syntax-error"])
def test_cli_validate_prints_every_problem_and_fails(case: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = BROKEN / case
    assert main(["cards", "validate", str(folder)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert [relative(line, folder) for line in lines[:-1]] == EXPECTED[case]
    assert lines[-1] == f"{len(EXPECTED[case])} problem(s); nothing loaded from {folder}"


def test_problems_in_several_files_are_all_reported(tmp_path: Path) -> None:
    """Two broken cases side by side in one set: both problems, nothing loaded."""
    (tmp_path / "set.toml").write_text('name = "Two"\nruleset = "inside-pitch"\n')
    for case in ("batter-unknown-symbol", "outs-line-hit"):
        (tmp_path / f"{case}.toml").write_text((BROKEN / case / "cards.toml").read_text())
    with pytest.raises(CardSetError) as exc:
        load_set(tmp_path)
    assert [relative(p, tmp_path) for p in exc.value.problems] == [
        EXPECTED["batter-unknown-symbol"][0].replace("cards.toml", "batter-unknown-symbol.toml"),
        EXPECTED["outs-line-hit"][0].replace("cards.toml", "outs-line-hit.toml"),
    ]


def test_set_file_problems(tmp_path: Path) -> None:
    (tmp_path / "set.toml").write_text('name = "Bad"\nruleset = "baseball"\n')
    with pytest.raises(CardSetError) as exc:
        load_set(tmp_path)
    assert [relative(p, tmp_path) for p in exc.value.problems] == [
        "set.toml: ruleset: String should match pattern '^(inside-pitch|deep-drive)$' (got 'baseball')",
        f"{tmp_path}: the set has no card files (*.toml)",
    ]


def test_missing_set_folder(tmp_path: Path) -> None:
    with pytest.raises(CardSetError) as exc:
        load_set(tmp_path / "nowhere")
    assert [str(p) for p in exc.value.problems] == [f"{tmp_path / 'nowhere'}: no such card set folder"]
