"""The live game's layouts, from the engine's events: which events make one post, the diamond, the scoreboard."""

from __future__ import annotations

from bot.discord.embeds import chunk_end, diamond, play_embed, play_lines, scoreboard_embed
from bot.terminal.game import build_setup
from bot.words.narrate import Names
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.dice import ScriptedDice
from engine.events import GameEnded, HalfInningStarted, PlateAppearanceEnded, PlateAppearanceStarted, RunnerOut
from engine.game import Game
from engine.requests import Request
from engine.situation import Situation, TeamSituation
from tests.engine.helpers import setup


def sample_game(seed: int, managed: tuple[str, ...] = ()) -> Game:
    return Game(build_setup(load_set(SAMPLE_SET), "Harbor City", "Mesa Valley"), seed, managed=managed)


def test_every_plate_appearance_is_one_post_and_the_last_one_carries_the_final() -> None:
    game = sample_game(7)
    names = Names.of(game.setup)
    posted, posts = 0, []
    while True:
        _, stop = play_lines(game, names, posted)
        if stop == posted:
            break
        posts.append(game.events[posted:stop])
        posted = stop
    assert posted == len(game.events)
    assert len(posts) == sum(1 for e in game.events if isinstance(e, PlateAppearanceEnded))
    for events in posts:
        assert sum(1 for e in events if isinstance(e, PlateAppearanceStarted)) == 1
    assert isinstance(posts[-1][-1], GameEnded)
    last = play_embed(play_lines(game, names, len(game.events) - len(posts[-1]))[0], game, names, len(game.events))
    assert last.description is not None and last.description.splitlines()[-1].startswith("**Final:")


def test_a_play_waiting_on_a_manager_is_shown_up_to_the_question() -> None:
    game = sample_game(0, managed=("away", "home"))
    names = Names.of(game.setup)
    for _ in range(20):  # seed 0: the 21st question comes in the middle of a plate appearance
        assert game.pending is not None
        game.choose(game.pending.side, game.pending.suggestion)
    assert game.pending is not None and game.pending.kind == "infield_depth"
    events = game.events
    started = max(i for i, e in enumerate(events) if isinstance(e, PlateAppearanceStarted))
    assert chunk_end(events, started) is None
    lines, stop = play_lines(game, names, started)
    assert lines[0].kind == "plate_appearance" and stop <= len(events)
    embed = play_embed(lines, game, names, stop)
    assert embed.description is not None and not embed.description.splitlines()[-1].startswith("**")


def test_calls_before_a_pitch_wait_for_the_play_they_lead_to() -> None:
    game = sample_game(1, managed=("away", "home"))
    names = Names.of(game.setup)
    assert game.pending is not None and game.pending.kind == "defense"
    assert play_lines(game, names, 0) == ([], 0)  # only the first half inning's start so far


def test_the_diamond_shows_second_on_top_third_left_first_right() -> None:
    assert diamond(("a", None, "c")) == "  ◇\n◆   ◆"
    assert diamond((None, "b", None)) == "  ◆\n◇   ◇"


def test_the_scoreboard_shows_the_score_where_the_thread_has_got_to() -> None:
    game = sample_game(7)
    names = Names.of(game.setup)
    first_pa = next(i for i, e in enumerate(game.events) if isinstance(e, PlateAppearanceStarted))
    start = scoreboard_embed(game, names, first_pa, "Harbor City at Mesa Valley")
    assert start.description == "Top of the 1st"
    fields = {f.name: f.value for f in start.fields}
    assert fields["Nobody out"] == "```\n  ◇\n◇   ◇\n```" and "Rudy Kasprzak" in (fields["At bat"] or "")
    final = scoreboard_embed(game, names, len(game.events), "Harbor City at Mesa Valley")
    assert final.description is not None and final.description.startswith("Final")


def test_a_third_out_before_a_result_is_its_own_post_in_its_own_half() -> None:
    """Caught stealing for the third out: the post ends as the next half starts and stays in its half."""
    events = [
        HalfInningStarted(2, True, "away"),
        RunnerOut("x", 2, "CS 2-6"),
        HalfInningStarted(2, False, "home"),
        PlateAppearanceStarted("y", "p", 0, (None, None, None), "R", "R"),
        PlateAppearanceEnded("y", "p", "K", "K", 1, 0),
    ]
    assert chunk_end(events, 0) == 3
    assert chunk_end(events, 3) == 5


def test_the_post_of_a_caught_stealing_names_the_batter_who_was_up() -> None:
    """The batter at the plate never started a plate appearance: the title names him, not the last batter."""
    game_setup = setup()

    def steal(request: Request) -> str:
        keys = request.option_keys()
        return "steal:1" if request.kind == "offense" and "steal:1" in keys else request.suggestion

    at = Situation(
        inning=9,
        top=False,
        outs=2,
        runners=(game_setup.home.lineup[0].batter, None, None),
        away=TeamSituation(runs=1),
        home=TeamSituation(up=3),
    )
    # The strategy roll 5, then a 20 on the steal: always caught (IP2021 "Strategy Roll").
    game = Game(game_setup, 1, dice=ScriptedDice.of((20, 5), (20, 20)), situation=at, auto_manager=steal)
    names = Names.of(game.setup)
    lines, stop = play_lines(game, names, 0)
    embed = play_embed(lines, game, names, stop)
    assert embed.title == "Bottom of the 9th · home-3b at bat"
    assert embed.description is not None
    assert embed.description.splitlines()[-2:] == [
        "**Home-c caught stealing second (2-6)**",
        "**Final: away 1, home 0**",
    ]


def test_every_post_is_titled_with_its_own_batter() -> None:
    """Over three whole games: a post's title names the batter of its plate appearance, never the next one."""
    for seed in (3, 7, 11):
        game = sample_game(seed)
        names = Names.of(game.setup)
        posted = 0
        while True:
            lines, stop = play_lines(game, names, posted)
            if stop == posted:
                break
            starts = [e for e in game.events[posted:stop] if isinstance(e, PlateAppearanceStarted)]
            title = play_embed(lines, game, names, stop).title or ""
            if starts:
                assert len(starts) == 1 and title.endswith(
                    f"{names.player(starts[0].batter)} vs {names.player(starts[0].pitcher)}"
                ), (seed, title)
            else:
                assert title.endswith(" at bat"), (seed, title)
            posted = stop


def test_a_days_lineup_and_rotation_changes_are_shown_under_their_name() -> None:
    """An auto-played day lists what the store changed before each game (a fill-in, a skipped starter,
    a lineup turned to the park's DH rule) under one plain heading, in Discord and at the terminal."""
    import io

    from bot.discord.summaries import day_embed
    from bot.terminal.simulate import print_day
    from league.autoplay import DaySummary, PlayedGame

    dh = "No DH in NL parks: Corey Kluber bats 5th for Cleveland Indians; Carlos Santana (DH) sits"
    game = PlayedGame(1, "Cleveland", "Chicago", 2, 3, 9, "Lester", "Kluber", None, (), (dh,))
    day = DaySummary(1, 2016, 4, (game,), ())
    embed = day_embed("League", day)
    assert [(f.name, f.value) for f in embed.fields] == [("Lineup and rotation changes", dh)]
    out = io.StringIO()
    print_day(day, out)
    assert f"    change: {dh}\n" in out.getvalue()
