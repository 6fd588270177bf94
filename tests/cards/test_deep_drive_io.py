"""Deep Drive cards in and out: CSV both ways without loss, text laid out like the printed card
(DDB "Cards"), the cards commands on a Deep Drive set."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from bot.terminal.cli import main
from cards import BUNDLED_SETS
from cards.csv_io import export_csv, import_csv
from cards.deep_drive.loader import DeepDriveSet, load_deep_drive_set
from cards.deep_drive.models import Batter, Pitcher
from cards.loader import CardSetError, write_set
from cards.models import BatterStats, PitcherStats
from cards.text import render_card

FOLDER = BUNDLED_SETS / "deep-drive-sample"


@pytest.fixture(scope="module")
def dds() -> DeepDriveSet:
    return load_deep_drive_set(FOLDER)


@pytest.mark.parametrize("kind", ["batter", "pitcher", "ballpark"])
def test_sample_cards_survive_csv(dds: DeepDriveSet, kind: str, tmp_path: Path) -> None:
    cards = list(dds.group(kind).values())
    export_csv(cards, tmp_path / f"{kind}.csv")
    imported = import_csv(tmp_path / f"{kind}.csv", kind, tmp_path / f"{kind}.toml", ruleset="deep-drive")
    assert imported == cards


def test_csv_columns_of_a_deep_drive_batter(dds: DeepDriveSet, tmp_path: Path) -> None:
    export_csv([dds.card("anthony-rizzo-2016")], tmp_path / "b.csv")
    with (tmp_path / "b.csv").open(newline="") as handle:
        (row,) = list(csv.DictReader(handle))
    assert row["chances.OUT"] == "30-49"
    assert row["chances.SI+"] == "11-12"
    assert row["outs"] == "G4; F9; F9d; G3; L3; P4; G6; F7; F8; G4h"
    assert row["deep_drive.HR"] == "00-26"
    assert row["positions"] == "1B 4"
    assert row["steal"] == "1F" and row["injury"] == "AA"


def test_import_reads_with_the_models_of_the_set_it_writes_into(dds: DeepDriveSet, tmp_path: Path) -> None:
    """No --ruleset: a card file inside a Deep Drive set is read as Deep Drive cards."""
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "set.toml").write_text('name = "From CSV"\nruleset = "deep-drive"\n')
    for kind in ("batter", "pitcher", "ballpark"):
        export_csv(list(dds.group(kind).values()), tmp_path / f"{kind}.csv")
        import_csv(tmp_path / f"{kind}.csv", kind, folder / f"{kind}s.toml")
    again = load_deep_drive_set(folder)
    assert again.batters == dds.batters
    assert again.pitchers == dds.pitchers
    assert again.ballparks == dds.ballparks


def test_a_bad_csv_row_names_the_row_and_the_cell(dds: DeepDriveSet, tmp_path: Path) -> None:
    export_csv([dds.card("corey-kluber-2016")], tmp_path / "p.csv")
    text = (tmp_path / "p.csv").read_text().replace("STARTER (4)", "OPENER (4)")
    (tmp_path / "p.csv").write_text(text)
    with pytest.raises(CardSetError) as exc:
        import_csv(tmp_path / "p.csv", "pitcher", tmp_path / "p.toml", ruleset="deep-drive")
    assert [str(p) for p in exc.value.problems] == [
        f"{tmp_path / 'p.csv'} row 2: pitcher Corey Kluber (corey-kluber-2016): usage: 'OPENER (4)' is not a "
        "Usage box (write it like 'STARTER (4*)', 'RELIEVER' or 'CLOSER')"
    ]
    assert not (tmp_path / "p.toml").exists()


def test_the_set_written_back_loads_the_same(dds: DeepDriveSet, tmp_path: Path) -> None:
    write_set(dds, tmp_path / "copy")
    again = load_deep_drive_set(tmp_path / "copy")
    assert again.all_cards() == dds.all_cards()
    assert again.team_entries == dds.team_entries
    assert again.info == dds.info


# --- text -----------------------------------------------------------------------------------


def test_rizzo_as_text(dds: DeepDriveSet) -> None:
    assert render_card(dds.card("anthony-rizzo-2016")).splitlines() == [
        "ANTHONY RIZZO  2016 Chicago (N)  [hand-made]  INJ AA",
        "Bats L  1B 4",
        "",
        "00-10  DD",
        "11-12  SI+",
        "13-15  SI",
        "16-21  BB",
        "22     HBP",
        "23-26  SO",
        "27-29  DEF",
        "30-49  OUT",
        "",
        "OUTS",
        "0 G4  1 F9  2 F9d  3 G3  4 L3  5 P4  6 G6  7 F7  8 F8  9 G4h",
        "",
        "DEEP DRIVE",
        "00-26 HR  27-29 TR  30-66 DO  67-99 F9d",
        "",
        "STEAL 1F   RUN avg",
    ]


def test_kluber_as_text(dds: DeepDriveSet) -> None:
    lines = render_card(dds.card("corey-kluber-2016")).splitlines()
    assert lines[:2] == ["COREY KLUBER  2016 Cleveland  [hand-made]  INJ A", "Throws R  P 3"]
    assert "60-75  SO" in lines and "76-79  DEF" in lines
    assert lines[-2:] == ["Usage STARTER (4)   Endurance 7", "WP B  BK A  PO C"]


def test_rare_readings_follow_the_numbers_in_the_cards_order(dds: DeepDriveSet) -> None:
    lines = render_card(dds.card("pitcher-batting")).splitlines()
    numbers = lines[lines.index("") + 1 : lines.index("OUTS") - 1]
    assert numbers == [
        "00      DD",
        "01-02   SI",
        "03-26   SO",
        "27-30   DEF",
        "31-49   OUT",
        "rare 3  SI+",
        "rare 2  BB",
        "rare 2  HBP",
    ]


def test_catcher_and_pitcher_lines_and_a_stat_footer(dds: DeepDriveSet) -> None:
    ross = dds.card("david-ross-2016")
    assert isinstance(ross, Batter)
    with_stats = ross.model_copy(update={"stats": BatterStats(games=67, home_runs=10, average=".229")})
    lines = render_card(with_stats).splitlines()
    assert lines[1] == "Bats R  C 4 PB:A T-1"
    assert lines[-1] == "G 67  AB -  R -  RBI -  HR 10  SB -  AVG .229"
    lester = dds.card("jon-lester-2016")
    assert isinstance(lester, Pitcher)
    lines = render_card(lester.model_copy(update={"stats": PitcherStats(wins=19, losses=5)})).splitlines()
    assert lines[1] == "Throws L  P 2 H+2"
    assert lines[-1].startswith("W-L 19-5  SV -")


def test_a_swingman_shows_both_endurances(dds: DeepDriveSet) -> None:
    lines = render_card(dds.card("mike-montgomery-2016")).splitlines()
    assert "Usage RELIEVER (4)   Endurance 3/5" in lines


# --- the cards commands ---------------------------------------------------------------------


def test_cli_validate_show_list_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "validate", str(FOLDER)]) == 0
    assert capsys.readouterr().out == "Deep Drive sample: 29 batters, 24 pitchers, 2 ballparks in 3 files: ok\n"
    assert main(["cards", "show", "Kluber", "--set", "deep-drive-sample"]) == 0
    assert "60-75  SO" in capsys.readouterr().out
    assert main(["cards", "list", "--set", "deep-drive-sample"]) == 0
    assert "  corey-kluber-2016" in capsys.readouterr().out
    out = tmp_path / "b.csv"
    assert main(["cards", "export-csv", "--set", "deep-drive-sample", "--kind", "batter", "--out", str(out)]) == 0
    capsys.readouterr()
    card_file = tmp_path / "b.toml"
    args = ["cards", "import-csv", str(out), "--kind", "batter", "--out", str(card_file), "--ruleset", "deep-drive"]
    assert main(args) == 0
    assert capsys.readouterr().out == f"wrote 29 batter card(s) to {card_file}\n"
