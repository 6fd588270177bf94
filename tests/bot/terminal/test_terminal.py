"""``dugout play`` and ``dugout run`` at the terminal: watched games, managed games, replays."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import engine.inside_pitch.manager as manager
import engine.inside_pitch.ruleset as inside_pitch
from bot.terminal import game as terminal
from bot.terminal import league as season
from bot.terminal.cli import main
from bot.words.narrate import Names, narrate
from cards.loader import CardSet, SetInfo
from engine.events import PlateAppearanceEnded
from engine.game import Game
from engine.requests import Option, Request
from tests.engine.helpers import BENCH, FIELD, SAN_DIEGO, SEAVER, clone_batter

FINAL = re.compile(r"Final(?: in \d+ innings)?: (.+) (\d+), (.+) (\d+)$", re.MULTILINE)


def fallback_cards() -> CardSet:
    """Two teams of book-card clones named like the sample teams: for tests only, if the sample set lacks them."""
    cardset = CardSet(SetInfo(name="test", ruleset="inside-pitch"), Path("."))
    for prefix, team in (("hc", "Harbor City"), ("mv", "Mesa Valley")):
        for line, position in FIELD:
            batter = clone_batter(BENCH, f"{prefix}-{position.value.lower()}", positions=[line], team=team)
            cardset.batters[batter.id] = batter
        pitcher = SEAVER.model_copy(update={"id": f"{prefix}-p", "name": f"{team} starter", "team": team})
        cardset.pitchers[pitcher.id] = pitcher.model_copy(update={"own_batting_card": False})
        park = SAN_DIEGO.model_copy(update={"id": f"{prefix}-park", "name": f"{team} Park", "team": team})
        cardset.ballparks[park.id] = park
    generic = clone_batter(BENCH, "pitcher-batting", positions=["P - 4 (3)"], team="Any")
    cardset.batters[generic.id] = generic
    return cardset


@pytest.fixture(autouse=True)
def cards(monkeypatch: pytest.MonkeyPatch) -> CardSet:
    """The sample set when it has two playable teams; otherwise the test-only stand-in."""
    try:
        cardset = terminal.load_cards()
        ok = len(terminal.playable_teams(cardset)) >= 2
    except Exception:
        ok = False
    if not ok:
        cardset = fallback_cards()
        monkeypatch.setattr(terminal, "load_cards", lambda *_: cardset)
    return cardset


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    def feed(text: str) -> None:
        monkeypatch.setattr("sys.stdin", io.StringIO(text))

    feed("")
    return feed


def asking_each_half(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before each half inning the defense is asked a question: prompts that do not depend on the rules of the day."""

    def start_half(g: Game) -> None:
        options = [Option("a", "Play it safe"), Option("b", "Gamble")]
        g.ask(g.state.fielding.key, "test_question", "Safe or gamble?", options, "a")

    monkeypatch.setattr(inside_pitch, "RULESET", dataclasses.replace(inside_pitch.RULESET, start_half=start_half))
    # The calls before each pitch are the auto-manager's, so the test question is the only prompt.
    monkeypatch.setattr(manager, "defense", lambda g, roll: manager.PITCH)
    monkeypatch.setattr(manager, "offense", lambda g, roll: manager.SWING)


def test_a_watched_game_prints_its_final_score(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None], cards: CardSet
) -> None:
    assert main(["play", "--seed", "7", "--manage", "none"]) == 0
    out = capsys.readouterr().out
    game = Game(terminal.build_setup(cards), seed=7)
    assert game.over
    away, away_runs, home, home_runs = FINAL.search(out).groups()  # type: ignore[union-attr]
    assert (away, int(away_runs)) == (game.setup.away.name, game.state.away.runs)
    assert (home, int(home_runs)) == (game.setup.home.name, game.state.home.runs)
    # The line score table: the team's row ends with R H E.
    row = next(line for line in out.splitlines() if line.startswith(game.setup.home.name + " "))
    assert int(row.split()[-3]) == game.state.home.runs
    assert "Top of the 1st" in out and "-- End of the top of the 1st" in out
    assert "Your choice" not in out
    assert "Pitching" in out and "Totals" in out


def test_a_managed_game_takes_answers_from_stdin_and_explains_a_bad_one(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    asking_each_half(monkeypatch)
    stdin("bogus\n2\n")
    assert main(["play", "--seed", "3", "--manage", "home"]) == 0
    out = capsys.readouterr().out
    assert "manager: Safe or gamble?" in out
    assert "1) Play it safe  (suggested)" in out
    assert "'bogus' is not one of the choices: type a number from 1 to 2, or press Enter for 1 (Play it safe)." in out
    # The answer is logged as the manager's; at the end of input the auto-manager takes over.
    home = terminal.build_setup(terminal.load_cards()).home.name
    assert f"{home} manager, test question: b\n" in out
    assert "(No more input: the auto-manager manages the rest of the game.)" in out
    assert f"{home} manager, test question: a (auto-manager)" in out
    assert FINAL.search(out)


def test_enter_takes_the_suggestion_and_a_key_works_like_its_number(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    asking_each_half(monkeypatch)
    stdin("\nB\n")
    main(["play", "--seed", "3", "--manage", "both"])
    out = capsys.readouterr().out
    decided = re.findall(r"manager, test question: (\w)(.*)", out)
    assert decided[:3] == [("a", ""), ("b", ""), ("a", " (auto-manager)")]


def test_the_same_seed_and_answers_give_the_same_game_twice(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    asking_each_half(monkeypatch)
    outputs = []
    for _ in range(2):
        stdin("2\n1\n\n2\n")
        main(["play", "--seed", "11", "--manage", "home"])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert outputs[0].count("Your choice") >= 5


def test_events_are_printed_once_though_the_game_replays_after_each_answer(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    asking_each_half(monkeypatch)
    stdin("\n" * 40)  # answer every question with Enter: the same game as the auto-manager's
    main(["play", "--seed", "5", "--manage", "both"])
    managed = capsys.readouterr().out
    main(["play", "--seed", "5", "--manage", "none"])
    watched = capsys.readouterr().out

    def plays(out: str) -> list[str]:
        return [line for line in out.splitlines() if not re.search(r"manager|Your choice|^  \d\)|^$|You manage", line)]

    assert plays(managed) == plays(watched)
    assert managed.count("Top of the 1st") == 1


def test_run_without_a_token_plays_the_terminal_leagues_next_game_into_the_database(
    capsys: pytest.CaptureFixture[str],
    stdin: Callable[[str], None],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    slept: list[float] = []
    monkeypatch.setattr(terminal.time, "sleep", slept.append)
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert "Your choice" not in out and "You manage" not in out
    assert FINAL.search(out)
    assert slept == []  # pace 0 without a terminal
    assert main(["run"]) == 0  # the next game, in the same file
    out = capsys.readouterr().out
    standings = out[out.index("Standings") :].splitlines()
    wins = [int(line.split()[1]) for line in standings[2:4]]
    losses = [int(line.split()[2]) for line in standings[2:4]]
    assert sum(wins) == sum(losses) == 2
    assert (tmp_path / "league.sqlite3").exists()


def test_pace_pauses_after_each_plate_appearance(
    stdin: Callable[[str], None], monkeypatch: pytest.MonkeyPatch, cards: CardSet
) -> None:
    slept: list[float] = []
    monkeypatch.setattr(terminal.time, "sleep", slept.append)
    main(["play", "--seed", "2", "--manage", "none", "--pace", "0.25"])
    game = Game(terminal.build_setup(cards), seed=2)
    plays = sum(line.kind == "result" for line in narrate(game.events, Names.of(game.setup))[0])
    assert plays >= sum(isinstance(e, PlateAppearanceEnded) for e in game.events)
    assert set(slept) == {0.25}
    assert len(slept) == plays + 1  # after each play's summary (every plate appearance) and the final score


def test_an_unknown_team_is_refused_with_the_teams_there_are(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None]
) -> None:
    assert main(["play", "--away", "Atlantis", "--manage", "none"]) == 2
    err = capsys.readouterr().err
    assert "no single team matches 'Atlantis'" in err and "Harbor City" in err


def test_teams_can_be_chosen_and_the_home_team_plays_in_its_park(cards: CardSet) -> None:
    game_setup = terminal.build_setup(cards, away="mesa", home="harbor city", designated_hitter=True)
    assert (game_setup.away.name, game_setup.home.name) == ("Mesa Valley", "Harbor City")
    assert game_setup.ballpark.team == "Harbor City"
    assert game_setup.options.designated_hitter
    assert all(spot.position.value != "P" for spot in game_setup.home.lineup)


def test_the_starter_is_the_first_pitcher_with_a_start_line(cards: CardSet) -> None:
    for team in terminal.playable_teams(cards):
        built = terminal.build_team(cards, team)
        _, pitchers = terminal.team_cards(cards, team)
        assert built.pitcher == next(p for p in pitchers if p.start is not None)
        assert built.pitcher not in built.bullpen


@pytest.mark.parametrize(("answer", "choice"), [("", "in"), ("1", "back"), ("2", "in"), ("BACK", "back"), ("3", None)])
def test_answers(answer: str, choice: str | None) -> None:
    request = Request(0, "home", "infield_depth", "Depth?", (Option("back", "Back"), Option("in", "In")), "in")
    assert terminal.Terminal.parse_answer(answer, request) == choice


def test_game_options_by_name(cards: CardSet) -> None:
    """``--option``: any game option by name (the IP2007 readings among them); NAME alone is on."""
    options = terminal.parse_options(["special_k_outs_only", "infield-depth-2007=on", "pull=off", "innings=7"])
    assert options == {"special_k_outs_only": True, "infield_depth_2007": True, "pull": False, "innings": 7}
    built = terminal.build_setup(cards, options=options).options
    assert (built.special_k_outs_only, built.infield_depth_2007, built.pull, built.innings) == (True, True, False, 7)
    assert not built.dropped_pop_odd_2007
    for bad in (["no_such_rule"], ["pull=maybe"], ["innings=seven"], ["innings=²"], ["innings=--5"]):
        with pytest.raises(terminal.SetupError):
            terminal.parse_options(bad)
    with pytest.raises(ValueError, match="--rule pace_seconds= takes a whole number"):  # "²".isdigit() is true
        season.parse_rules(["pace_seconds=²"])


def test_play_with_an_option_says_how_to_play_it_again(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None]
) -> None:
    assert main(["play", "--seed", "7", "--manage", "none", "--option", "catcher_pop_out_2007"]) == 0
    assert "--option catcher_pop_out_2007" in capsys.readouterr().out
    assert main(["play", "--seed", "7", "--manage", "none", "--option", "no_such_rule"]) == 2
    assert "unknown game option 'no_such_rule'" in capsys.readouterr().err


class TypedAhead(io.TextIOWrapper):
    """A terminal's stdin: lines typed ahead sit in a pipe until read; it says it is a terminal."""

    def isatty(self) -> bool:
        return True


def typed(text: str) -> TypedAhead:
    import os

    read, write = os.pipe()
    os.write(write, text.encode())
    os.close(write)
    return TypedAhead(io.FileIO(read, "r"))


def test_t_between_plays_calls_time_for_the_full_call_before_the_next_pitch() -> None:
    """Asked only when it matters, the manager types t while the first play goes by: his next call
    before a pitch after it is asked in full, where the auto-manager would have answered it."""
    from engine.events import Decided
    from tests.engine.helpers import setup

    def home_calls_after_first_play(game: Game) -> list[Decided]:
        first_play = next(i for i, e in enumerate(game.events) if isinstance(e, PlateAppearanceEnded))
        return [
            e
            for e in game.events[first_play:]
            if isinstance(e, Decided) and e.side == "home" and e.kind in ("defense", "offense")
        ]

    left_alone = Game(setup(), seed=7, asking={"home": "matters"}, person=lambda r: r.suggestion)
    assert home_calls_after_first_play(left_alone)[0].by == "auto"  # without time called, he is not asked it

    game = Game(setup(), seed=7, asking={"home": "matters"})
    out = io.StringIO()
    inp = typed("t\n\n")  # t in the pause after the first play, Enter for the suggestion, then the input ends
    terminal.Terminal(game, out, inp, pace=0.01, sleep=lambda _: None).run()
    assert "Time! Your next call comes with every play and substitution." in out.getvalue()
    assert home_calls_after_first_play(game)[0].by == "manager"


def test_the_pinch_hitter_menu_shows_each_mans_line_against_the_pitcher(
    capsys: pytest.CaptureFixture[str], stdin: Callable[[str], None]
) -> None:
    """Issue 26: each bench man's card OBP/SLG against the pitcher, as the engine's menu gives it."""
    stdin("pinch_hit\n")  # the first call; then the input ends and the auto-manager picks the man
    assert main(["play", "--seed", "5", "--manage", "away", "--ask", "every"]) == 0
    out = capsys.readouterr().out
    assert "Who bats for " in out
    menu = out.split("Who bats for ", 1)[1].split("Your choice", 1)[0]
    lines = re.findall(r"^\s+\d+\) .+ \(([LRS])\), OBP/SLG (\.\d{3}|1\.000)/(\d?\.\d{3}), .+, bench", menu, re.M)
    assert len(lines) >= 2, menu
