"""Cards in spreadsheets: export to CSV and import back without loss; bad rows write nothing."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from bot.terminal.cli import main
from cards.csv_io import CardFileExists, export_csv, flatten, import_csv, unflatten
from cards.loader import CardSet, CardSetError, dump_card, load_set
from cards.models import AnyCard


def groups(cardset: CardSet) -> dict[str, list[AnyCard]]:
    return {
        "batter": list(cardset.batters.values()),
        "pitcher": list(cardset.pitchers.values()),
        "ballpark": list(cardset.ballparks.values()),
    }


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def write_rows(path: Path, rows: list[dict[str, str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


@pytest.mark.parametrize("kind", ["batter", "pitcher", "ballpark"])
def test_sample_cards_survive_csv(sample: CardSet, kind: str, tmp_path: Path) -> None:
    cards = groups(sample)[kind]
    assert cards
    export_csv(cards, tmp_path / f"{kind}.csv")
    assert len(read_rows(tmp_path / f"{kind}.csv")) == len(cards)
    imported = import_csv(tmp_path / f"{kind}.csv", kind, tmp_path / f"{kind}.toml")
    assert imported == cards


def test_imported_card_files_load_as_the_sample_set(sample: CardSet, tmp_path: Path) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "set.toml").write_text('name = "From CSV"\nruleset = "inside-pitch"\n')
    for kind, cards in groups(sample).items():
        export_csv(cards, tmp_path / f"{kind}.csv")
        import_csv(tmp_path / f"{kind}.csv", kind, folder / f"{kind}s.toml")
    again = load_set(folder)
    assert again.batters == sample.batters
    assert again.pitchers == sample.pitchers
    assert again.ballparks == sample.ballparks


def test_csv_columns(books: CardSet, tmp_path: Path) -> None:
    export_csv([books.card("tom-seaver-1970")], tmp_path / "p.csv")
    [row] = read_rows(tmp_path / "p.csv")
    assert row["r2c6"] == "/K+"  # row = white die, column = red die
    assert row["r5c6"] == ""
    assert row["outs"] == "F8; G4; G5; G6; F7; F9"
    assert row["split_checks.vs_left"] == "** 1-12"
    assert row["home_run_ranges.vs_right"] == "1-8"
    assert row["own_batting_card"] == "true"
    assert row["stats.era"] == "2.82"


def test_flatten_unflatten_round_trip(books: CardSet) -> None:
    for card in books.all_cards():
        table = dump_card(card)
        assert type(card).model_validate(unflatten(flatten(table))) == card, card.id


def test_import_writes_a_card_file(books: CardSet, tmp_path: Path) -> None:
    cards = [books.card("johnny-bench-1970"), books.card("tom-seaver-1970-batting")]
    export_csv(cards, tmp_path / "batters.csv")
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "set.toml").write_text('name = "From CSV"\nruleset = "inside-pitch"\n')
    assert import_csv(tmp_path / "batters.csv", "batter", folder / "batters.toml") == cards
    again = load_set(folder)
    assert again.files == {"batters.toml": ["johnny-bench-1970", "tom-seaver-1970-batting"]}
    assert again.all_cards() == cards


def bench_rows(books: CardSet) -> list[dict[str, str]]:
    bench = books.card("johnny-bench-1970")
    other = bench.model_copy(update={"id": "johnny-bench-1970-copy", "name": "Johnny Bench Copy"})
    return [flatten(dump_card(bench)), flatten(dump_card(other))]


def test_bad_cell_names_csv_row_card_and_cell_and_writes_nothing(books: CardSet, tmp_path: Path) -> None:
    rows = bench_rows(books)
    rows[1]["r2c3"] = "X5"
    source = tmp_path / "batters.csv"
    write_rows(source, rows)
    target = tmp_path / "set" / "batters.toml"
    target.parent.mkdir()
    with pytest.raises(CardSetError) as exc:
        import_csv(source, "batter", target)
    assert [str(p) for p in exc.value.problems] == [
        f"{source} row 3: batter Johnny Bench Copy (johnny-bench-1970-copy): matrix row 2 column 3: unknown symbol 'X5'"
    ]
    assert not target.exists()


def test_every_bad_row_is_reported(books: CardSet, tmp_path: Path) -> None:
    rows = bench_rows(books)
    rows[0]["vs_lhp.k"] = "25"
    rows[1]["positions"] = "C - 5 (19) -2; LF - 2 (12) 0"
    source = tmp_path / "batters.csv"
    write_rows(source, rows)
    target = tmp_path / "batters.toml"
    with pytest.raises(CardSetError) as exc:
        import_csv(source, "batter", target)
    assert [str(p) for p in exc.value.problems] == [
        f"{source} row 2: batter Johnny Bench (johnny-bench-1970): vs_lhp.k: "
        "Input should be less than or equal to 20 (got '25')",
        f"{source} row 3: batter Johnny Bench Copy (johnny-bench-1970-copy): positions entry 1: "
        "'C - 5 (19) -2': a catcher's line gives range/passed-ball, error and arm",
    ]
    assert not target.exists()


def test_duplicate_ids_in_a_csv(books: CardSet, tmp_path: Path) -> None:
    row = flatten(dump_card(books.card("johnny-bench-1970")))
    source = tmp_path / "batters.csv"
    write_rows(source, [row, row])
    with pytest.raises(CardSetError) as exc:
        import_csv(source, "batter", tmp_path / "batters.toml")
    assert [str(p) for p in exc.value.problems] == [f"{source}: card id 'johnny-bench-1970' appears twice"]
    assert not (tmp_path / "batters.toml").exists()


def test_empty_csv_and_unknown_kind(tmp_path: Path) -> None:
    source = tmp_path / "empty.csv"
    source.write_text("id,name\n")
    with pytest.raises(CardSetError) as exc:
        import_csv(source, "batter", tmp_path / "out.toml")
    assert [str(p) for p in exc.value.problems] == [f"{source}: no card rows"]
    with pytest.raises(CardSetError) as exc:
        import_csv(source, "umpire", tmp_path / "out.toml")
    assert [str(p) for p in exc.value.problems] == [
        f"{source}: unknown card kind 'umpire'; use batter, pitcher or ballpark"
    ]
    assert not (tmp_path / "out.toml").exists()


def test_cli_import_refuses_a_bad_csv(books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = bench_rows(books)
    rows[0]["r1c1"] = ""
    source = tmp_path / "batters.csv"
    write_rows(source, rows)
    target = tmp_path / "batters.toml"
    assert main(["cards", "import-csv", str(source), "--kind", "batter", "--out", str(target)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{source} row 2: batter Johnny Bench (johnny-bench-1970): matrix row 1 column 1: "
        "blank cell: a batter card has a reading in every cell",
        "1 problem(s); nothing written",
    ]
    assert not target.exists()


def test_cli_export_then_import(sample: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "parks.csv"
    assert main(["cards", "export-csv", "--kind", "ballpark", "--out", str(out)]) == 0
    target = tmp_path / "parks.toml"
    assert main(["cards", "import-csv", str(out), "--kind", "ballpark", "--out", str(target)]) == 0
    count = len(sample.ballparks)
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {count} ballpark card(s) to {out}",
        f"wrote {count} ballpark card(s) to {target}",
    ]
    assert target.exists()


def test_cli_export_never_replaces_a_file_silently(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "parks.csv"
    out.write_text("my own notes\n")
    assert main(["cards", "export-csv", "--kind", "ballpark", "--out", str(out)]) == 1
    assert capsys.readouterr().err == f"{out} already exists; nothing written: replace it with --force\n"
    assert out.read_text() == "my own notes\n"
    assert main(["cards", "export-csv", "--kind", "ballpark", "--out", str(out), "--force"]) == 0
    assert out.read_text().startswith("id,")


# --- an existing card file is never replaced silently (issue 12) ------------------------------


def books_folder(books: CardSet, tmp_path: Path) -> tuple[Path, Path, Path]:
    """A set folder with Bench in batters.toml (with a comment of its own), and a CSV of Seaver's batting card."""
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "set.toml").write_text('name = "From CSV"\nruleset = "inside-pitch"\n')
    export_csv([books.card("johnny-bench-1970")], tmp_path / "bench.csv")
    import_csv(tmp_path / "bench.csv", "batter", folder / "batters.toml")
    target = folder / "batters.toml"
    target.write_text("# typed by hand\n" + target.read_text())
    export_csv([books.card("tom-seaver-1970-batting")], tmp_path / "seaver.csv")
    return folder, target, tmp_path / "seaver.csv"


def cli_import(source: Path, target: Path, *flags: str) -> int:
    return main(["cards", "import-csv", str(source), "--kind", "batter", "--out", str(target), *flags])


def test_cli_import_refuses_an_existing_card_file(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, target, source = books_folder(books, tmp_path)
    before = target.read_text()
    assert cli_import(source, target) == 1
    assert capsys.readouterr().err == (
        f"{target} already exists; nothing written: add to it with --append, or replace it with --force\n"
    )
    assert target.read_text() == before


def test_import_csv_refuses_an_existing_file_by_default(books: CardSet, tmp_path: Path) -> None:
    _, target, source = books_folder(books, tmp_path)
    with pytest.raises(CardFileExists) as exc:
        import_csv(source, "batter", target)
    assert [str(p) for p in exc.value.problems] == [f"{target}: already exists"]


def test_cli_import_append_keeps_the_file_and_adds_the_cards(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, target, source = books_folder(books, tmp_path)
    before = target.read_text()
    assert cli_import(source, target, "--append") == 0
    assert capsys.readouterr().out == f"added 1 batter card(s) to {target}\n"
    assert target.read_text().startswith(before)  # the hand-typed comment and the old card, untouched
    again = load_set(folder)
    assert again.files == {"batters.toml": ["johnny-bench-1970", "tom-seaver-1970-batting"]}
    assert again.card("tom-seaver-1970-batting") == books.card("tom-seaver-1970-batting")


def test_cli_import_append_refuses_an_id_the_file_has(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, target, _ = books_folder(books, tmp_path)
    before = target.read_text()
    source = tmp_path / "bench.csv"
    assert cli_import(source, target, "--append") == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{source} row 2: batter Johnny Bench (johnny-bench-1970): card id already in {target} (batter Johnny Bench)",
        "1 problem(s); nothing written",
    ]
    assert target.read_text() == before


def test_cli_import_refuses_an_id_another_file_of_the_set_has(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Card ids are unique within a set: a new file may not reuse one either."""
    folder, target, _ = books_folder(books, tmp_path)
    source = tmp_path / "bench.csv"
    assert cli_import(source, folder / "more.toml") == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{source} row 2: batter Johnny Bench (johnny-bench-1970): card id already in {target} (batter Johnny Bench)",
        "1 problem(s); nothing written",
    ]
    assert not (folder / "more.toml").exists()


def test_cli_import_force_replaces_the_file(books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, target, source = books_folder(books, tmp_path)
    assert cli_import(source, target, "--force") == 0
    assert capsys.readouterr().out == f"wrote 1 batter card(s) to {target}\n"
    assert load_set(folder).files == {"batters.toml": ["tom-seaver-1970-batting"]}


def test_cli_import_append_and_force_together_is_a_usage_error(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, target, source = books_folder(books, tmp_path)
    with pytest.raises(SystemExit) as exc:
        cli_import(source, target, "--append", "--force")
    assert exc.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_cli_import_into_a_missing_folder_is_one_line(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, source = books_folder(books, tmp_path)
    target = tmp_path / "nowhere" / "batters.toml"
    assert cli_import(source, target) == 1
    assert capsys.readouterr().err == f"dugout: {target}: No such file or directory\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252"])
def test_import_reads_a_csv_saved_by_excel(books: CardSet, tmp_path: Path, encoding: str) -> None:
    """Excel saves "CSV UTF-8" with a byte-order mark and plain "CSV" in Windows-1252 (ñ is byte 0xF1)."""
    rows = bench_rows(books)
    rows[1]["name"] = "Tony Peña"
    source = tmp_path / "batters.csv"
    write_rows(source, rows)
    source.write_bytes(source.read_text(encoding="utf-8").encode(encoding))
    cards = import_csv(source, "batter", tmp_path / "batters.toml")
    assert [c.name for c in cards] == ["Johnny Bench", "Tony Peña"]


def test_import_refuses_a_csv_in_neither_encoding_in_one_line(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "batters.csv"
    write_rows(source, bench_rows(books))
    source.write_bytes(source.read_bytes() + b"\xff\x81\n")  # not UTF-8; 0x81 is no Windows-1252 character
    target = tmp_path / "batters.toml"
    assert cli_import(source, target) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{source}: neither UTF-8 nor Windows-1252 text (byte 0x81 on line 4); save it as CSV UTF-8",
        "1 problem(s); nothing written",
    ]
    assert not target.exists()


def test_import_append_to_a_card_file_that_is_not_utf8_is_one_line(
    books: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, target, source = books_folder(books, tmp_path)
    target.write_bytes(target.read_bytes() + b"# Pe\xf1a\n")
    before = target.read_bytes()
    assert cli_import(source, target, "--append") == 1
    line = before.count(b"\n")
    assert capsys.readouterr().err.splitlines() == [
        f"{target}: not UTF-8 text: byte 0xf1 at line {line}, column 5 (save the file as UTF-8), "
        "so nothing was added to it",
        "1 problem(s); nothing written",
    ]
    assert target.read_bytes() == before
