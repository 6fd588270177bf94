"""A Deep Drive league in the store: made from the bundled deep-drive-sample set, its days auto-played.

The league names its ruleset; its setups carry it and the set's handbook; its games are stored
with it and replay with it; standings and stats fill as for Inside Pitch; a starter rests as his
Usage box says (DDB "Starting Pitcher Rest"); Training Room days become injuries (DDB
"Post-Game Injuries"). Card sets of the other game, and pools that mix the two, are refused.
"""

from __future__ import annotations

import random
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from cards import BUNDLED_SETS
from cards.deep_drive.models import Pitcher as DeepDrivePitcher
from engine.deep_drive import policy as dd
from engine.deep_drive.handbook import handbook_of
from engine.game import Game
from engine.rulesets import DEEP_DRIVE, INSIDE_PITCH
from engine.situation import START
from league import rest
from league.autoplay import advance
from league.cardpool import CardPool
from league.errors import CardError, SettingsError
from league.models import League, Replacement
from league.store import Store

SET = "deep-drive-sample"


async def deep_drive_league(store: Store) -> League:
    pool = await store.card_sets([SET])
    league = await store.create_league("Deep Drive League", [SET], ruleset=DEEP_DRIVE, options=pool.options())
    teams = await store.create_teams_from_sets(league.id)
    # The sample's two teams have no division, so a season schedules as the set makes them.
    assert [t.division for t in teams] == [None, None]
    return league


async def test_a_league_names_its_ruleset_and_its_setups_carry_it(store: Store) -> None:
    league = await deep_drive_league(store)
    assert league.ruleset == DEEP_DRIVE
    teams = await store.teams(league.id)
    assert [t.name for t in teams] == ["Chicago Cubs", "Cleveland Indians"]
    game = await store.schedule_game(league.id, teams[0].id, teams[1].id)
    setup, replacements = await store.playable_setup(game.id)
    assert (setup.ruleset, setup.handbook, replacements) == (DEEP_DRIVE, "", [])  # set.toml: handbook = "default"
    assert isinstance(setup.away.pitcher, DeepDrivePitcher) and setup.away.pitcher.name == "Jon Lester"
    assert setup.options.designated_hitter  # the set says so
    # The CLOSER by his Usage box (and his team's role) pitches last out of the bullpen.
    assert setup.away.bullpen[-1].name == "Aroldis Chapman" and setup.home.bullpen[-1].name == "Cody Allen"


async def test_the_auto_lineup_reads_deep_drive_cards(store: Store) -> None:
    league = await deep_drive_league(store)
    cubs = (await store.teams(league.id))[0]
    lineup = await store.save_auto_lineup(cubs.id, "R")
    assert len(lineup.spots) == 9 and {s.position.value for s in lineup.spots} >= {"C", "SS", "CF", "DH"}


async def test_card_sets_of_the_other_game_are_refused(store: Store) -> None:
    with pytest.raises(CardError, match="'deep-drive-sample' is for deep-drive, not inside-pitch-2021"):
        await store.create_league("Wrong", [SET], ruleset=INSIDE_PITCH)
    with pytest.raises(CardError, match=re.escape("'sample' is for inside-pitch, not deep-drive-1.2.5")):
        await store.create_league("Wrong", ["sample"], ruleset=DEEP_DRIVE)
    with pytest.raises(SettingsError, match="not 'deep-drive'"):
        await store.create_league("Wrong", [SET], ruleset="deep-drive")
    with pytest.raises(CardError, match="all of one ruleset"):
        CardPool.load(["sample", SET])
    assert await store.leagues() == []


def test_a_sets_own_handbook_file_is_the_setups_handbook(tmp_path: Path) -> None:
    folder = tmp_path / "my-set"
    folder.mkdir()
    for path in (BUNDLED_SETS / SET).iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    meta = folder / "set.toml"
    meta.write_text(meta.read_text().replace('handbook = "default"', 'handbook = "book.toml"'), encoding="utf-8")
    (folder / "book.toml").write_text("# my handbook\n", encoding="utf-8")
    assert CardPool.load([str(folder)]).handbook() == "# my handbook\n"
    assert CardPool.load([SET]).handbook() == ""


async def test_auto_played_days_fill_standings_and_stats_and_starters_rest_by_usage(store: Store) -> None:
    league = await deep_drive_league(store)
    await store.schedule_season(league.id, 6, seed=5)
    days = await advance(store, league.id, to_end=True, rng=random.Random(11))
    played = [g for d in days for g in d.games]
    assert len(played) == 6 and all(not d.left for d in days)

    rows = (await store.standings(league.id))["overall"]
    assert sum(r.w for r in rows) == sum(r.l for r in rows) == 6
    stats = await store.season_stats(league.id)
    assert sum(line.pa for line in stats.batting.values()) > 6 * 2 * 27

    pool = await store.card_pool(league.id)
    finals = await store.games(league.id, status="final")
    usage = await store.pitcher_usage(league.id)
    seen = set()
    for record in finals:
        assert record.ruleset == DEEP_DRIVE
        game = await store.load_game(record.id)  # the stored game replays with its ruleset
        assert game.setup.ruleset == DEEP_DRIVE and game.over
        assert (game.state.away.runs, game.state.home.runs) == (record.away_runs, record.home_runs)
        for side in (game.setup.away, game.setup.home):
            starter = side.pitcher
            [outing] = [u for u in usage if u.game_id == record.id and u.card_id == starter.id]
            card = pool.pitcher(starter.id)
            fell = dd.endurance_fell_to_zero(game.events, starter.id)
            assert outing.rest_days == dd.starter_rest(card, fell, league.rules.starter_rest_days)
            usage_box = card.usage  # type: ignore[attr-defined]
            assert outing.rest_days == usage_box.rest + (usage_box.tiring and fell)
            seen.add((usage_box.tiring, fell))
    assert (True, True) in seen  # an asterisk starter who tired rested a game more (both ways: test_deep_drive_rules)


async def test_post_game_injuries_are_stored_as_the_training_room_days(store: Store) -> None:
    league = await deep_drive_league(store)
    await store.schedule_season(league.id, 10, seed=2)
    await advance(store, league.id, to_end=True, rng=random.Random(4))
    injuries = [i for i in await store.injuries(league.id, current=False) if i.kind == "training room"]
    assert injuries, "ten games with two Training Room checks each hurt nobody"
    grades = {c.id: c.injury for c in (await store.card_pool(league.id)).sets[0].all_cards() if hasattr(c, "injury")}
    for injury in injuries:
        record = await store.game(injury.game_id)
        game = Game.from_dict(record.game_dict())

        expected = dd.post_game_injuries(
            {"away": game.setup.away, "home": game.setup.home},
            game.events,
            handbook_of(game.setup.handbook),
            rest.post_game_dice(game.seed),
            designated_hitter=game.setup.options.designated_hitter,
            names={},
            grades=grades,
        )
        assert (injury.card_id, injury.days) in {(e.player, e.days) for e in expected}


async def test_bench_usage_sits_the_starters_the_dice_call_for(store: Store) -> None:
    """DDB "Using the Bench", a league option: the Bench Usage Chart's dice (seeded by the game) sit
    starters whose injury rating is not sturdy enough, replaced as for a hurt player."""
    league = await deep_drive_league(store)
    await store.schedule_season(league.id, 12, seed=3)
    games = await store.games(league.id, status="scheduled")
    plain = [await store.playable_setup(g.id) for g in games]
    assert all("Bench Usage" not in r.text for _, found in plain for r in found)  # off by default

    await store.set_rules(league.id, replace(league.rules, bench_usage=1))
    sat = 0
    for game, (before, _) in zip(games, plain, strict=True):
        setup, replacements = await store.playable_setup(game.id)
        for r in replacements:
            if "Bench Usage Chart" not in r.text:
                continue
            sat += 1
            team = setup.away if r.team == setup.away.name else setup.home
            playing = {s.batter.id for s in team.lineup} | {team.pitcher.id}
            assert r.out not in playing and r.player_in in playing, r.text
        again, _ = await store.playable_setup(game.id)
        assert again == setup  # the same game's dice, the same men sit
        assert before.ruleset == setup.ruleset == DEEP_DRIVE
    assert sat > 0


async def test_bench_usage_is_rolled_for_a_game_started_by_hand_too(store: Store) -> None:
    """DDB "Using the Bench": the Bench Usage Chart is rolled for every league game before the lineups
    are made, a game a manager starts (/game start: ``build_game_setup``) as an auto-played one; the
    same dice sit the same men, replaced from the bench."""
    league = await deep_drive_league(store)
    await store.schedule_season(league.id, 12, seed=3)
    games = await store.games(league.id, status="scheduled")
    await store.set_rules(league.id, replace(league.rules, bench_usage=1))
    sat = 0
    for game in games:
        auto, replacements = await store.playable_setup(game.id)
        by_hand = await store.build_game_setup(game.id)
        sitters = {r.out for r in replacements if "Bench Usage Chart" in r.text}
        for team in (by_hand.away, by_hand.home):
            playing = {s.batter.id for s in team.lineup} | {team.pitcher.id}
            assert not sitters & playing
        sat += len(sitters)
        if not any("Bench Usage" not in r.text for r in replacements):  # nothing else changed the auto setup
            assert by_hand.away.lineup == auto.away.lineup and by_hand.home.lineup == auto.home.lineup
            assert (by_hand.away.pitcher, by_hand.home.pitcher) == (auto.away.pitcher, auto.home.pitcher)
    assert sat > 0


async def test_a_game_started_by_hand_tells_who_the_dice_sat(store: Store) -> None:
    """``build_game_setup(game, told)`` notes each man the Bench Usage Chart sits, in the words the
    auto-managed setup uses, so a person starting the game hears it; nobody else is noted."""
    league = await deep_drive_league(store)
    await store.schedule_season(league.id, 12, seed=3)
    await store.set_rules(league.id, replace(league.rules, bench_usage=1))
    noted = 0
    for game in await store.games(league.id, status="scheduled"):
        told: list[Replacement] = []
        setup = await store.build_game_setup(game.id, told)
        _, replacements = await store.playable_setup(game.id)
        assert told == [r for r in replacements if r.text.startswith("Bench Usage, ")]
        for r in told:
            assert re.fullmatch(
                rf"Bench Usage, {r.team}: [\w. ]+ sits today; [\w. ]+ (plays {r.position.value}|starts) \(Bench Usage"
                r" Chart: the dice \d-\d-\d call for injury rating (AA|A|B|C|D) or better; his is [A-F]\)",
                r.text,
            ), r.text
            team = setup.away if r.team == setup.away.name else setup.home
            assert r.player_in in {s.batter.id for s in team.lineup} | {team.pitcher.id}
        noted += len(told)
    assert noted > 0
    told = []
    await store.set_rules(league.id, replace(league.rules, bench_usage=0))
    await store.build_game_setup((await store.games(league.id, status="scheduled"))[0].id, told)
    assert told == []  # the rule off: nobody sits, nothing to tell


def fragile_pitchers(tmp_path: Path) -> Path:
    """The sample set with every pitcher's injury rating D: the Bench Usage Chart sits a starter
    on any single red or white die of 1."""
    folder = tmp_path / "fragile"
    shutil.copytree(BUNDLED_SETS / SET, folder)
    for path in folder.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r'(\[\[pitcher\]\](?:(?!\[\[).)*?)injury = "[A-F]+"', r'\1injury = "D"', text, flags=re.S)
        path.write_text(text, encoding="utf-8")
    return folder


async def fragile_league(store: Store, tmp_path: Path) -> League:
    """A league of the fragile-pitchers set, 12 games a team scheduled, the Bench Usage rule on."""
    folder = fragile_pitchers(tmp_path)
    pool = await store.card_sets([str(folder)])
    league = await store.create_league("Fragile", [str(folder)], ruleset=DEEP_DRIVE, options=pool.options())
    await store.create_teams_from_sets(league.id)
    await store.schedule_season(league.id, 12, seed=3)
    await store.set_rules(league.id, replace(league.rules, bench_usage=1))
    return league


async def test_a_starter_the_bench_usage_chart_sits_rests_as_after_a_start(store: Store, tmp_path: Path) -> None:
    """DDB "Using the Bench": "If the player who must sit out is the starting pitcher, then assume their
    turn in the rotation is being skipped and force them to rest the number of games indicated in
    parenthesis within their Usage box". Game 3 (day 3): the dice 3-1-5 sit Corey Kluber (STARTER (4),
    rated D here); Carlos Carrasco starts. Started, the game keeps Kluber's rest: resting from day 3
    as after a start on day 3, ready on day 8, and the next games are built without him."""
    league = await fragile_league(store, tmp_path)
    game = (await store.games(league.id, status="scheduled"))[2]
    assert (game.id, game.day) == (3, 3)
    await store.advance_day(league.id, 2)
    setup, replacements = await store.playable_setup(game.id)
    [sat] = [r for r in replacements if r.out == "corey-kluber-2016"]
    assert (sat.player_in, sat.rest) == ("carlos-carrasco-2016", 4)
    assert sat.text == (
        "Bench Usage, Cleveland Indians: Corey Kluber sits today; Carlos Carrasco starts (Bench Usage Chart: the"
        " dice 3-1-5 call for injury rating C or better; his is D); Corey Kluber's turn is skipped: he rests 4 games"
    )
    assert "corey-kluber-2016" not in await store.unavailable(league.id)  # nothing kept before the start
    await store.start_game(game.id, setup=setup, seed=1, told=replacements)
    resting = "resting (his turn skipped on day 3; ready on day 8)"
    for day in range(3, 8):
        assert (await store.unavailable(league.id))["corey-kluber-2016"] == resting, day
        await store.advance_day(league.id)
    assert "corey-kluber-2016" not in await store.unavailable(league.id)  # day 8: ready


async def test_a_game_started_without_a_setup_keeps_the_skipped_turn_too(store: Store, tmp_path: Path) -> None:
    league = await fragile_league(store, tmp_path)
    # Game 3 started on day 1 by a commissioner; the store builds the setup (with build_game_setup's
    # notes): the same dice sit Kluber, whose turn it is, and his rest counts from day 1.
    await store.start_game(3, seed=1, override=True)
    unavailable = await store.unavailable(league.id)
    assert unavailable["corey-kluber-2016"] == "resting (his turn skipped on day 1; ready on day 6)"


async def test_a_pitcher_with_the_generic_card_bats_from_his_own_side(store: Store, tmp_path: Path) -> None:
    """DDB "How to Play": a pitcher without a batting card of his own bats with the set's generic
    "Pitcher At Bat" card, which bats right. The league's setup keeps each pitcher's own side (his
    card's ``bats``, as a generated set writes it), and in the game he bats from it."""
    folder = tmp_path / "lefties"
    shutil.copytree(BUNDLED_SETS / SET, folder)
    for path in folder.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r'(\[\[pitcher\]\](?:(?!\[\[).)*?throws = "[LR]"\n)', r'\1bats = "L"\n', text, flags=re.S)
        path.write_text(text, encoding="utf-8")
    pool = await store.card_sets([str(folder)])
    options = pool.options()
    assert options is not None and options.designated_hitter
    options = replace(options, designated_hitter=False)  # the pitchers bat
    league = await store.create_league("Lefties", [str(folder)], ruleset=DEEP_DRIVE, options=options)
    await store.create_teams_from_sets(league.id)
    await store.schedule_season(league.id, 2, seed=3)
    setup = await store.build_game_setup((await store.games(league.id, status="scheduled"))[0].id)
    home = setup.home
    assert home.pitcher.bats is not None and home.pitcher.bats.value == "L"
    generic = home.batting_card(home.pitcher)
    assert generic is not None and generic.id == "pitcher-batting" and generic.bats.value == "R"
    game = Game(setup, seed=1, until=START)
    spot = next(s for s in game.state.home.order if s.position.value == "P")
    assert (spot.batter.id, spot.batter.bats.value) == (home.pitcher.id, "L")
