"""Broken Deep Drive card sets: each is refused whole, every problem naming its file, card and field.

Each folder under tests/cards/broken_deep_drive/ is a tiny Deep Drive set (DDB "Cards": two
batters, a pitcher, a park) with one thing broken; the card file's first line says what.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.terminal.cli import main
from cards.deep_drive.loader import load_deep_drive_set
from cards.loader import CardSetError, load_any_set, load_set

BROKEN = Path(__file__).parent / "broken_deep_drive"

BAT = "cards.toml: batter Test Batter (test-batter): "
CAT = "cards.toml: batter Test Catcher (test-catcher): "
PIT = "cards.toml: pitcher Test Pitcher (test-pitcher): "

EXPECTED: dict[str, list[str]] = {
    # the 50 numbers (DDB "Reading the Results")
    "overlapping-ranges": [BAT + "chances: BB 12-17 and SI both have 12"],
    "gap-in-00-49": [CAT + "chances: no result has 27; each of the 50 numbers needs one"],
    "pitcher-on-batter-half": [PIT + "chances: DD 46-53: this card's numbers run 50-99"],
    "unknown-result": [CAT + "chances: HR is not a result; a card's results are DD, SI+, SI, BB, HBP, SO, DEF, OUT"],
    "bad-rare": [
        CAT + "chances.HBP: 'rare' is not a result's numbers (write them like '60-75' or '07', or 'rare 4' or 'never')"
    ],
    # OUTS (DDB "Outs Chart")
    "bad-outs-code": [PIT + "outs: OUTS 1: 'G7' is not an out code of the Outs Chart"],
    "outs-nine-codes": [BAT + "outs: OUTS has one out code for each mod die 0-9: 10 codes, not 9"],
    # DEEP DRIVE (DDB "Outfielders and Deep Drives" reads its edges)
    "deep-drive-out-of-order": [BAT + "deep_drive: DEEP DRIVE TR 58-60: should start at 16 (HR, TR, DO, fly)"],
    "deep-drive-two-flies": [CAT + "deep_drive: DEEP DRIVE has one deep fly out (F7d, F8d or F9d)"],
    # ratings (DDB "Cards")
    "bad-steal": [BAT + "steal: '2G' is not a STEAL rating (write it like '0F', '3B', or '5A+' for steals of third)"],
    "catcher-without-pb": [CAT + "positions entry 1: 'C 4 T-1': a catcher has a passed ball grade, like 'C 4 PB:B'"],
    "defense-six": [BAT + "positions entry 1: 'SS 6': defense is 1-5"],
    "bad-usage": [PIT + "usage: 'STARTER': a STARTER has his games of rest, like 'STARTER (4)'"],
    "injury-e": [PIT + "injury: Input should be 'AA', 'A', 'B', 'C', 'D' or 'F' (got 'E')"],
    "wp-grade-e": [PIT + "wp: Input should be 'A', 'B', 'C', 'D' or 'F' (got 'E')"],
    "pitcher-bats-b": [PIT + "bats: Input should be 'L', 'R' or 'S' (got 'B')"],
}

# For each case, the edit that undoes its one break: (file, broken text, good text).
FIXES: dict[str, tuple[str, str, str]] = {
    "overlapping-ranges": ("cards.toml", 'SI = "09-12", BB = "12-17"', 'SI = "09-12", BB = "13-17"'),
    "gap-in-00-49": ("cards.toml", 'DEF = "28-30", OUT = "31-49"', 'DEF = "27-30", OUT = "31-49"'),
    "bad-outs-code": ("cards.toml", '"G6", "G7", "F9"', '"G6", "G1", "F9"'),
    "outs-nine-codes": ("cards.toml", '"L6"]', '"L6", "G6h"]'),
    "deep-drive-out-of-order": (
        "cards.toml",
        'HR = "00-15", DO = "16-57", TR = "58-60"',
        'HR = "00-15", TR = "16-18", DO = "19-60"',
    ),
    "deep-drive-two-flies": ("cards.toml", 'DO = "11-55", F8d = "56-70", F9d = "71-99"', 'DO = "11-55", F9d = "56-99"'),
    "bad-steal": ("cards.toml", 'steal = "2G"', 'steal = "2B"'),
    "catcher-without-pb": ("cards.toml", '"C 4 T-1"', '"C 4 PB:B T-1"'),
    "bad-usage": ("cards.toml", 'usage = "STARTER"', 'usage = "STARTER (4*)"'),
    "injury-e": ("cards.toml", 'injury = "E"', 'injury = "A"'),
    "unknown-result": ("cards.toml", 'OUT = "31-49", HR = "rare 3"', 'OUT = "31-49", HBP = "rare 3"'),
    "pitcher-on-batter-half": ("cards.toml", 'DD = "46-53"', 'DD = "50-53"'),
    "defense-six": ("cards.toml", '"SS 6", "2B 4"', '"SS 3", "2B 4"'),
    "bad-rare": ("cards.toml", 'HBP = "rare"', 'HBP = "rare 3"'),
    "wp-grade-e": ("cards.toml", 'wp = "E"', 'wp = "B"'),
    "pitcher-bats-b": ("cards.toml", 'bats = "B"', 'bats = "S"'),
}


def relative(problem: object, folder: Path) -> str:
    return str(problem).replace(str(folder) + "/", "")


def test_the_corpus_is_all_tested() -> None:
    cases = sorted(p.name for p in BROKEN.iterdir() if p.is_dir())
    assert cases == sorted(EXPECTED) == sorted(FIXES)


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_broken_set_is_refused_with_exact_problems(case: str) -> None:
    folder = BROKEN / case
    with pytest.raises(CardSetError) as exc:
        load_deep_drive_set(folder)
    assert [relative(p, folder) for p in exc.value.problems] == EXPECTED[case]


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_each_case_breaks_one_thing(case: str, tmp_path: Path) -> None:
    """Undo the case's one break and the set loads: each case tests only what it says."""
    folder = shutil.copytree(BROKEN / case, tmp_path / case)
    file, broken, good = FIXES[case]
    comment, _, text = (folder / file).read_text().partition("\n")
    assert comment.startswith("# Broken on purpose: ")
    assert text.count(broken) == 1
    (folder / file).write_text(text.replace(broken, good))
    cardset = load_deep_drive_set(folder)
    assert sorted(cardset.batters) == ["test-batter", "test-catcher"]
    assert list(cardset.pitchers) == ["test-pitcher"] and list(cardset.ballparks) == ["test-park"]


@pytest.mark.parametrize("case", ["overlapping-ranges", "bad-outs-code", "catcher-without-pb"])
def test_cli_validate_reads_a_deep_drive_set(case: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = BROKEN / case
    assert main(["cards", "validate", str(folder)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert [relative(line, folder) for line in lines[:-1]] == EXPECTED[case]
    assert lines[-1] == f"1 problem(s); nothing loaded from {folder}"


def test_problems_in_several_cards_are_all_reported(tmp_path: Path) -> None:
    """Two breaks in one file: both reported, in file order, nothing loaded."""
    (tmp_path / "set.toml").write_text('name = "Two"\nruleset = "deep-drive"\n')
    text = (BROKEN / "bad-steal" / "cards.toml").read_text().replace('wp = "B"', 'wp = "E"')
    (tmp_path / "cards.toml").write_text(text)
    with pytest.raises(CardSetError) as exc:
        load_any_set(tmp_path)
    assert [relative(p, tmp_path) for p in exc.value.problems] == EXPECTED["bad-steal"] + EXPECTED["wp-grade-e"]


def test_each_loader_refuses_the_other_rulesets_set(tmp_path: Path) -> None:
    """load_set is Inside Pitch's and says so for a Deep Drive set; load_deep_drive_set the same way back."""
    dd = shutil.copytree(BROKEN / "bad-steal", tmp_path / "dd")
    with pytest.raises(CardSetError) as exc:
        load_set(dd)
    assert [relative(p, dd) for p in exc.value.problems] == [
        "set.toml: ruleset: a deep-drive set, not an Inside Pitch one (load it with load_any_set)"
    ]
    (dd / "set.toml").write_text('name = "IP"\nruleset = "inside-pitch"\n')
    with pytest.raises(CardSetError) as exc:
        load_deep_drive_set(dd)
    assert [relative(p, dd) for p in exc.value.problems] == [
        "set.toml: ruleset: a inside-pitch set, not a Deep Drive one"
    ]


def test_inside_pitch_cards_in_a_deep_drive_set_are_refused_field_by_field(tmp_path: Path) -> None:
    """A set that says deep-drive reads its cards with the Deep Drive models, whatever they hold."""
    (tmp_path / "set.toml").write_text('name = "Mixed"\nruleset = "deep-drive"\n')
    ip = Path(__file__).parent / "broken" / "bats-x" / "cards.toml"
    (tmp_path / "cards.toml").write_text(ip.read_text().replace('bats = "X"', 'bats = "R"'))
    with pytest.raises(CardSetError) as exc:
        load_any_set(tmp_path)
    cells = [p.cell for p in exc.value.problems]
    assert {"chances", "outs", "deep_drive", "matrix"} <= set(cells)
