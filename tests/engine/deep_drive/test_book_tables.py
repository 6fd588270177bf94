"""The chart tables load once and validate: a bad table names its file, its chart and its cell."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.deep_drive import charts
from engine.deep_drive.charts import base, bench, bunt, hit_and_run, play_by_play, rare, running
from engine.deep_drive.charts.base import ChartError, Where, read_table, spans


def test_every_chart_loads_and_validates() -> None:
    charts.load_all()


def bad(name: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = copy.deepcopy(read_table(name)[0])
    change(doc)
    return doc


def set_in(path: list[str], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        for key in path[:-1]:
            doc = doc[key]
        doc[path[-1]] = value

    return change


def drop(path: list[str]) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        for key in path[:-1]:
            doc = doc[key]
        del doc[path[-1]]

    return change


CASES = [
    # (table, change, chart named, cell named)
    (
        "advancement",
        set_in(["hits", "SI", "2"], ["NO", "NO", "MAYBE", "YES", "YES"]),
        "Baserunner Advancement Chart",
        "SI 2 avg",
    ),
    ("advancement", set_in(["flies", "F8", "third"], ["NO", "YES"]), "Baserunner Advancement Chart", "F8 third"),
    ("advancement", drop(["hits", "DO", "2"]), "Baserunner Advancement Chart", "2"),
    ("choice", drop(["rolls", "98"]), "Choice Chart", "98"),
    ("choice", set_in(["rolls", "79-98"], {"result": "out", "words": "Out."}), "Choice Chart", "79-98"),
    ("choice", set_in(["speed", "safe_through", "F"], 50), "Choice Chart / speed window", "safe_through"),
    ("choice", set_in(["rundown", "50-69", "buys_time"], ["VVF"]), "Choice Chart / rundown", "50-69"),
    ("choice", set_in(["collision", "00-19", "runner"], "yes"), "Choice Chart / collision", "00-19"),
    ("cutoff", set_in(["rolls", "05-94", "result"], "throw"), "Cut-Off Chart", "05-94"),
    ("cutoff", set_in(["cutoff_man", "CF"], ["SS", "P"]), "Cut-Off Chart / cut-off man", "CF"),
    ("outfielders", set_in(["assignment", "4-5", "tie"], "RF"), "Outfielder Assignment Chart", "4-5"),
    ("outfielders", set_in(["throwing", "7-9"], "SS"), "Cut-Off Chart (outfielder throwing)", "7-9"),
    ("bunt", set_in(["codes", "SO", "pitcher"], "squeeze"), "Bunt Chart", "SO pitcher"),
    ("bunt", set_in(["squeeze", "deep", "1", "fielder"], "X"), "Bunt Chart / suicide squeeze, infield deep", "1"),
    ("bunt", set_in(["out", "1"], {"play": "walk", "words": "?"}), "Bunt Chart / OUT", "1"),
    ("bunt", set_in(["def", "remap", "CF"], "DH2"), "Bunt Chart / DEF", "remap CF"),
    ("hit_and_run", set_in(["so", "5-9", "steal"], "caught"), "Hit and Run Chart / SO", "5-9"),
    ("hit_and_run", set_in(["out", "F8"], "slow"), "Hit and Run Chart / OUT", "F8"),
    ("hit_and_run", drop(["bb", "4"]), "Hit and Run Chart / BB", "4"),
    ("rare", set_in(["rolls", "10-29", "result"], "odd"), "Rare Chart", "10-29"),
    ("rare", set_in(["infielder", "8-9"], "LF"), "Rare Chart / infielder", "8-9"),
    ("rare", set_in(["injured", "HR", "who"], "fan"), "Rare Chart / injured player", "HR"),
    ("play_by_play", set_in(["plays", "ERR(P)", "3-4", "kind"], "boot"), "Play-by-Play Chart ERR(P)", "3-4"),
    ("play_by_play", set_in(["plays", "SI(C)", "9", "kind"], "fumble"), "Play-by-Play Chart SI(C)", "9"),
    ("play_by_play", drop(["plays", "ERR(1B)", "7", "by_ones", "3-4"]), "Play-by-Play Chart ERR(1B)", "3, 4"),
    ("play_by_play", set_in(["plays", "SI(RF)", "same_as"], "ERR(LF)"), "Play-by-Play Chart SI(RF)", "same_as"),
    ("bench", set_in(["bench_usage", "green"], "E"), "Bench Usage Chart", "green"),
    ("bench", set_in(["post_game", "inning_for_zero"], 0), "Post-Game Injuries", "inning_for_zero"),
]


PARSERS: dict[str, Callable[[dict[str, Any], str], object]] = {
    "advancement": running.parse_advancement,
    "choice": running.parse_choice,
    "cutoff": running.parse_cutoff,
    "outfielders": running.parse_outfielders,
    "bunt": bunt.parse_bunt,
    "hit_and_run": hit_and_run.parse_hit_and_run,
    "rare": rare.parse_rare,
    "play_by_play": play_by_play.parse_play_by_play,
    "bench": bench.parse_bench,
}


@pytest.mark.parametrize(("name", "change", "chart", "cell"), CASES, ids=lambda v: v if isinstance(v, str) else "")
def test_a_bad_table_names_its_file_chart_and_cell(
    name: str, change: Callable[[dict[str, Any]], None], chart: str, cell: str
) -> None:
    with pytest.raises(ChartError) as caught:
        PARSERS[name](bad(name, change), f"{name}.toml")
    error = caught.value
    assert (error.file, error.chart, error.cell) == (f"{name}.toml", chart, cell)
    assert str(error).startswith(f"{name}.toml: {chart}, cell {cell}: ")


@pytest.mark.parametrize(
    ("table", "cell", "problem"),
    [
        ({"00-49": 1, "50-98": 2}, "99", "no range covers"),
        ({"00-49": 1, "49-99": 2}, "49-99", "also in 00-49"),
        ({"00-49": 1, "5-99": 2}, "5-99", "2-digit"),
        ({"00-49": 1, "99-50": 2}, "99-50", "backwards"),
    ],
)
def test_roll_ranges_cover_every_roll_once(table: dict[str, int], cell: str, problem: str) -> None:
    with pytest.raises(ChartError, match=problem) as caught:
        spans(table, Where("t.toml", "Test Chart"), 2, lambda v, k: v)
    assert caught.value.cell == cell


def test_a_table_that_is_not_toml_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def joinpath(self, *parts: str) -> Broken:
            return self

        def read_text(self, encoding: str) -> str:
            return "rolls = [\n"

    monkeypatch.setattr(base.resources, "files", lambda package: Broken())
    with pytest.raises(ChartError, match=r"^bunt\.toml: \(whole file\)"):
        read_table("bunt")


def test_readers_take_the_card_models_values() -> None:
    # The cards' Run and Position enums are strings: the readers take them as they come
    from cards.deep_drive.notation import Run
    from cards.notation import Position
    from engine.deep_drive.charts.running import Advance, advancement, assigned_outfielder, choice

    assert advancement("SI+", Run.SLOW, outs=2) is Advance.YES_ASK
    assert choice(52, Run.SLOW, 3).runner_out
    assert assigned_outfielder(4, True, {Position.LEFT: 2, Position.CENTER: 4, Position.RIGHT: 3}) == Position.LEFT
    assert bunt.def_fielder(Position.SECOND) == "1B"
