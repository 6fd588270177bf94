"""Deep Drive at the terminal: ``dugout play --ruleset deep-drive`` watched and managed (scripted stdin),
and ``dugout run --ruleset deep-drive`` keeping a Deep Drive terminal league."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest

from bot.terminal import game as terminal
from bot.terminal.cli import main
from cards.loader import load_any_set
from engine.deep_drive.options import DeepDriveOptions
from engine.game import Game
from engine.requests import Request
from engine.rulesets import DEEP_DRIVE
from league.store import Store
from tests.league.test_deep_drive_league import fragile_pitchers
from tests.league.test_dh_by_league import deep_drive_mixed

FINAL = re.compile(r"Final(?: in \d+ innings)?: (.+) (\d+), (.+) (\d+)$", re.MULTILINE)


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_a_watched_deep_drive_game_is_the_engines_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "")
    assert main(["play", "--ruleset", "deep-drive", "--seed", "7", "--manage", "none"]) == 0
    out = capsys.readouterr().out
    setup = terminal.build_setup(terminal.load_cards("deep-drive"))
    assert (setup.ruleset, setup.away.name, setup.home.name) == (DEEP_DRIVE, "Chicago (N)", "Cleveland")
    game = Game(setup, seed=7)
    away, away_runs, home, home_runs = FINAL.search(out).groups()  # type: ignore[union-attr]
    assert (away, int(away_runs), home, int(home_runs)) == (
        "Chicago (N)",
        game.state.away.runs,
        "Cleveland",
        game.state.home.runs,
    )
    # Deep Drive's own readings, told in words: the cards' 00-99 readings, the DEEP DRIVE section, Endurance.
    assert re.search(r"(Batter|Pitcher) card \d\d \(", out) and "'s Endurance: " in out
    assert "Progressive Field" in out and "Pitching" in out and "Totals" in out
    assert "dugout play --seed 7 --away 'Chicago (N)' --home Cleveland --ruleset deep-drive" in out


def test_a_managed_deep_drive_game_asks_with_the_same_prompts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The defense's call as the half starts (refused, then "no change"), the pitcher, the defense's
    # call before the 2nd and 3rd batters, the offense's call with nobody on, then with a runner on:
    # play it safe.
    feed(monkeypatch, "bogus\n1\n\n\n\n\n2\n")
    assert main(["play", "--ruleset", "deep-drive", "--seed", "5", "--manage", "home", "--ask", "every"]) == 0
    out = capsys.readouterr().out
    # DDB "Pitcher Endurance": the defense is asked about its pitcher with his Endurance in the words.
    assert "'bogus' is not one of the choices: type a number from 1 to 2, or press Enter for 1 (No change)" in out
    assert "    Cleveland manager makes no change\n" in out
    assert "Cleveland manager: Corey Kluber has 7 Endurance left: a new pitcher?" in out
    assert "    Cleveland manager stays with his pitcher\n" in out
    # A change before any batter: the defense's call with a man out.
    assert "Cleveland manager: Any changes before the next batter? (Chicago (N) 0, Cleveland 0, top 1, 1 out;" in out
    assert "  ... and 2 pitching changes and substitutions: type ? to list them\n" in out
    # DDB "Playing it Safe": the offense's call with runners on.
    # Every question names the runners and the batter (issue 26).
    assert re.search(r"Cleveland manager: The offense's call\? \(.+; runners? on .+; .+ \([LR]\) vs .+\)", out)
    assert "2) Play it safe" in out
    assert "    Cleveland manager plays it safe: the runners stay close\n" in out
    assert "(No more input: the auto-manager manages the rest of the game.)" in out
    assert FINAL.search(out)


def test_run_keeps_a_deep_drive_terminal_league(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    database = tmp_path / "league.sqlite3"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(database))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    for _ in range(2):
        feed(monkeypatch, "")
        assert main(["run", "--ruleset", "deep-drive"]) == 0
    out = capsys.readouterr().out
    assert "Terminal League deep-drive-sample, day 2: " in out and FINAL.search(out)
    standings = out[out.rindex("Standings") :].splitlines()
    # Chicago (N) and Cleveland: NL and AL, each league's table with its own games behind.
    assert [line for line in standings if line in ("AL", "NL")] == ["AL", "NL"]
    wins = [int(m.group(1)) for line in standings if (m := re.match(r"\S+ +(\d+) +\d+ +[.\d]+ ", line))]
    assert len(wins) == 2 and sum(wins) == 2

    async def stored() -> list[str | None]:
        async with await Store.open(database) as store:
            [league] = await store.leagues()
            assert league.ruleset == DEEP_DRIVE
            return [g.ruleset for g in await store.games(league.id, status="final")]

    assert asyncio.run(stored()) == [DEEP_DRIVE, DEEP_DRIVE]


def test_run_tells_who_the_bench_usage_chart_sits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """DDB "Using the Bench": ``dugout run --rule bench_usage=on`` keeps the rule in the league file; the
    first game's dice sit the Cubs' DH, and the terminal says so before the first pitch."""
    database = tmp_path / "league.sqlite3"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(database))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    feed(monkeypatch, "")
    assert main(["run", "--ruleset", "deep-drive", "--rule", "bench_usage=on"]) == 0
    out = capsys.readouterr().out
    assert "League rules: bench_usage 1.\n" in out
    assert (
        "Bench Usage, Chicago Cubs: Jorge Soler sits today; David Ross plays DH (Bench Usage Chart: the dice 0-2-3"
        " call for injury rating C or better; his is D).\n"
    ) in out
    assert out.index("Bench Usage, Chicago Cubs") < out.index("Top of the 1st")

    async def rules() -> int:
        async with await Store.open(database) as store:
            [league] = await store.leagues()
            return league.rules.bench_usage

    assert asyncio.run(rules()) == 1


def test_run_tells_a_lineup_turned_to_the_parks_dh_rule(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A set with the DH in the AL only: the terminal league's first game is the Cubs (NL, saved
    lineups without a DH) at Cleveland. Before the first pitch the run says the league's rule, this
    game's, and who bats as the DH for the Cubs and where."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    feed(monkeypatch, "")
    assert main(["run", "--set", str(deep_drive_mixed(tmp_path))]) == 0
    out = capsys.readouterr().out
    said = (
        "The designated hitter bats in AL parks (each game plays its home team's league's rule). Here: with it.\n"
        "The DH in AL parks: David Ross bats 8th for Chicago Cubs as the DH; Jon Lester does not bat.\n"
    )
    assert said in out, out[:2000]
    assert out.index(said) < out.index("Top of the 1st")
    assert "Not everyone can play today" not in out  # nobody is missing: the DH is the rule's


def test_run_refuses_an_unknown_rule_plainly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    feed(monkeypatch, "")
    assert main(["run", "--ruleset", "deep-drive", "--rule", "bench_usage=maybe"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "dugout run: --rule bench_usage= takes a whole number or on/off, e.g. --rule bench_usage=on; not 'maybe'"
    )


def terminal_options(database: Path) -> tuple[dict[str, object], int]:
    async def read() -> tuple[dict[str, object], int]:
        async with await Store.open(database) as store:
            [league] = await store.leagues()
            return league.options.to_dict(), len(await store.games(league.id, status="final"))

    return asyncio.run(read())


def test_run_keeps_a_game_option_in_the_league(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``dugout run --option``, as /league options: the terminal league keeps its game options (a Deep
    Drive league the era's bunting and manual steals here) for this game and the next."""
    database = tmp_path / "league.sqlite3"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(database))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    feed(monkeypatch, "")
    assert (
        main(["run", "--ruleset", "deep-drive", "--option", "dd_auto_bunt_below=16", "--option", "dd_manual_steals"])
        == 0
    )
    assert "Game options: dd_auto_bunt_below 16, dd_manual_steals on.\n" in capsys.readouterr().out
    options, played = terminal_options(database)
    assert options["dd_auto_bunt_below"] == 16 and options["dd_manual_steals"] is True and played == 1


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("throw_charts_2007", "dugout run: throw_charts_2007 is not a setting of Terminal League"),
        ("dd_auto_bunt_below=99", "dugout run: dd_auto_bunt_below counts a card's numbers, 0 to 50, not 99"),
    ],
)
def test_run_refuses_a_setting_its_game_lacks_and_changes_nothing(
    option: str, said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An Inside Pitch option for a Deep Drive league, or a value out of range: the run says so, plays
    nothing and keeps nothing, the rule given with it included."""
    database = tmp_path / "league.sqlite3"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(database))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    feed(monkeypatch, "")
    assert main(["run", "--ruleset", "deep-drive", "--rule", "bench_usage=on", "--option", option]) == 1
    err = capsys.readouterr().err
    assert err.startswith(said), err
    if option == "throw_charts_2007":
        assert "which plays Deep Drive; its settings: designated_hitter, dh_leagues" in err
    options, played = terminal_options(database)
    assert options == DeepDriveOptions().to_dict() | {"designated_hitter": options["designated_hitter"]} and played == 0

    async def rules() -> int:
        async with await Store.open(database) as store:
            [league] = await store.leagues()
            return league.rules.bench_usage

    assert asyncio.run(rules()) == 0


MANUAL = ["--option", "dd_manual_steals", "--option", "dd_manual_baserunning"]


def asked_in_order(seed: int) -> list[Request]:
    """The requests a game asks when both sides are asked every call and each answer is the suggestion."""
    options = {"dd_manual_steals": True, "dd_manual_baserunning": True}
    setup = terminal.build_setup(terminal.load_cards("deep-drive"), options=options)
    seen: list[Request] = []

    def person(request: Request) -> str:
        seen.append(request)
        return request.suggestion

    Game(setup, seed, asking={"away": "every", "home": "every"}, person=person)
    return seen


@pytest.mark.parametrize("seed", [252, 11])
def test_every_deep_drive_call_is_answerable_at_the_terminal(
    seed: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both sides managed, asked every call, manual steals and baserunning: each Deep Drive call is
    asked in its words and answered by Enter; at the first call that is not the offense's, a wrong
    answer (a call of another moment, a number out of range) is refused with a clear line and asked again."""
    asked = asked_in_order(seed)
    odd = next(i for i, r in enumerate(asked) if r.kind in ("pickoff", "ground_ball"))
    answers = ["\n"] * len(asked)
    answers[odd] = "steal\n0\n\n"
    feed(monkeypatch, "".join(answers))
    argv = ["play", "--ruleset", "deep-drive", "--seed", str(seed), "--manage", "both", "--ask", "every", *MANUAL]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "No more input" not in out and "Traceback" not in out  # every call answered by a line of input
    request = asked[odd]
    suggested = request.option_keys().index(request.suggestion) + 1
    label = request.options[suggested - 1].label
    for wrong in ("steal", "0"):
        assert (
            f"{wrong!r} is not one of the choices: type a number from 1 to {len(request.options)}, "
            f"or press Enter for {suggested} ({label})."
        ) in out
    for r in asked:
        assert f" manager: {r.prompt}\n" in out
    kinds = {r.kind for r in asked}
    assert {"pitching_change", "offense", "defense", "infield", "send_runner", "throw", "who_comes_in"} <= kinds
    assert ("pickoff" in kinds and "outfield" in kinds) if seed == 252 else "ground_ball" in kinds
    if seed == 252:
        assert "A pickoff throw: at which base?" in out and "The winning run is on third: bring the outfield in?" in out
        assert re.search(r"Steal: [\w. ]+ goes for (second|third)", out)
    else:
        assert re.search(r"A (hard )?ground ball to the \w+( \w+)? with [\w ]+: where does the throw go\?", out)
    assert FINAL.search(out)


def test_play_rolls_the_bench_usage_chart_when_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DDB "Using the Bench" for one game: ``dugout play --rule bench_usage=on``. Seed 2's dice (the
    Cubs' 5-6-2: the single green 2, the catcher, unless B or better) sit David Ross (C); the team is
    made again without him, Willson Contreras catching; said before the first pitch, and the line
    that plays the same dice again keeps the rule."""
    feed(monkeypatch, "")
    assert main(["play", "--ruleset", "deep-drive", "--rule", "bench_usage=on", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    said = (
        "Bench Usage, Chicago (N): David Ross sits today; Willson Contreras plays C (Bench Usage Chart: the dice"
        " 5-6-2 call for injury rating B or better; his is C).\n"
    )
    assert said in out and out.index(said) < out.index("Top of the 1st")
    cubs = next(line for line in out.splitlines() if line.startswith("Chicago (N): "))
    assert "Willson Contreras C" in cubs and "David Ross" not in cubs
    assert "--rule bench_usage=on" in out.splitlines()[-1]
    feed(monkeypatch, "")
    assert main(["play", "--ruleset", "deep-drive", "--seed", "2"]) == 0
    plain = capsys.readouterr().out
    assert "Bench Usage" not in plain and "David Ross C" in plain  # without the rule nobody sits


def test_a_starter_the_chart_sits_is_not_on_the_staff(tmp_path: Path) -> None:
    """The pitcher (1) sits as any starter does: every pitcher rated D, seed 3's Cubs dice 3-1-5 (a
    single red-or-white 1: C or better) sit Jon Lester; the next STARTER, Jake Arrieta, starts, and
    Lester is not in the bullpen either."""
    cardset = load_any_set(fragile_pitchers(tmp_path))
    setup, said = terminal.bench_usage(cardset, terminal.build_setup(cardset), 3)
    assert said == [
        "Bench Usage, Chicago (N): Jon Lester sits today; Jake Arrieta starts (Bench Usage Chart: the dice 3-1-5"
        " call for injury rating C or better; his is D)"
    ]
    assert setup.away.pitcher.name == "Jake Arrieta"
    assert "jon-lester-2016" not in {p.id for p in setup.away.bullpen}
    assert setup.home.pitcher.name == "Corey Kluber"  # Cleveland's dice sat nobody


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["--rule", "bench_usage=on"],
            "--rule bench_usage is Deep Drive's Bench Usage Chart; add --ruleset deep-drive",
        ),
        (
            ["--ruleset", "deep-drive", "--rule", "post_game_injuries=on"],
            "--rule post_game_injuries is a league's rule between games; one game takes only bench_usage",
        ),
    ],
)
def test_play_refuses_a_rule_one_game_cannot_keep(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "")
    assert main(["play", *argv]) == 2
    assert capsys.readouterr().err.strip() == f"dugout play: {said}"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--ruleset", "deep-drive", "--option", "throw_charts_2007"], "add --ruleset inside-pitch"),
        (["--option", "dd_auto_bunt_below=16"], "add --ruleset deep-drive"),
    ],
)
def test_play_refuses_the_other_games_option(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``dugout play --option`` of the game not played: its engine would never read it, so it is refused."""
    feed(monkeypatch, "")
    assert main(["play", "--manage", "none", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dugout play: --option ") and "whose engine would never read it" in err and said in err
