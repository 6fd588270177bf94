"""Deep Drive in Discord, end to end against the fake Discord: /league-create ruleset:, a game played
by clicking the prompts, its box score and the standings, /card with a Deep Drive card, and the
refusals (a set of the other game) in private."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.words.cardimage import render_card_png
from engine.game import Game
from engine.rulesets import DEEP_DRIVE, INSIDE_PITCH
from league.cardpool import CardPool
from league.models import LeagueRules, Replacement, Team
from league.store import Store
from tests.bot.conftest import ask, running_bot
from tests.bot.discord.test_live_game import (
    asked_field,
    click_through,
    game_over,
    line_score_text,
    open_prompt,
    start_game,
    suggested_button,
    wait_final,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.records import RecordedMessage


async def test_a_set_of_the_other_game_is_refused_in_private(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        reply = await ask(
            fake, fake.commissioner, "league-create", name="Wrong", card_sets="deep-drive-sample", ruleset=INSIDE_PITCH
        )
        assert reply.ephemeral
        assert reply.text == (
            "deep-drive-sample is a card set of the other game; an Inside Pitch league plays Inside Pitch cards,"
            " such as sample."
        )
        reply = await ask(fake, fake.commissioner, "league-create", name="Wrong", card_sets="sample, deep-drive-sample")
        assert reply.ephemeral and "different games" in reply.text
    assert await store.leagues(fake.guild_id) == []


async def test_the_card_set_autocomplete_offers_the_chosen_games_sets(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        deep = await fake.autocomplete(
            fake.commissioner, "league-create", focused="card_sets", value="sam", options={"ruleset": DEEP_DRIVE}
        )
        assert [c["value"] for c in deep] == ["deep-drive-sample"]
        inside = await fake.autocomplete(
            fake.commissioner, "league-create", focused="card_sets", value="sam", options={"ruleset": INSIDE_PITCH}
        )
        assert [c["value"] for c in inside] == ["sample"]


async def test_a_deep_drive_league_plays_a_game_by_clicking(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        made = await ask(fake, fake.commissioner, "league-create", name="Deep League", ruleset=DEEP_DRIVE)
        assert not made.ephemeral, made.text
        assert "**Deep League** is open: Deep Drive, with deep-drive-sample." in made.text
        assert "Made 2 teams from the card set" in made.text
        [league] = await store.leagues(fake.guild_id)
        assert league.ruleset == DEEP_DRIVE
        await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
        cubs, cleveland = await store.teams(league.id)
        await store.set_manager(cubs.id, fake.manager_a.id)
        await store.set_manager(cleveland.id, fake.manager_b.id)
        for manager in (fake.manager_a, fake.manager_b):
            await store.set_manager_asking(league.id, manager.id, "every")
        scheduled = await store.schedule_game(league.id, cubs.id, cleveland.id)

        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=16)
        assert "Chicago Cubs at Cleveland Indians" in thread.name
        managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
        clicks = await click_through(fake, thread, managers)
        record = await wait_final(fake, store, scheduled.id)
        assert record.ruleset == DEEP_DRIVE and clicks > 20

        told = "\n".join(m.text for m in fake.messages_in(thread))
        assert "Endurance: " in told and "Deep Drive (" in told, told[:2000]  # Deep Drive's readings, in words
        assert any(m.text.startswith("Final: Chicago Cubs at Cleveland Indians") for m in fake.messages_in(thread))

        box = await ask(fake, fake.stranger, "boxscore", game=str(scheduled.id))
        assert line_score_text(record) in box.text and "Pitching" in box.text
        table = await ask(fake, fake.stranger, "standings")
        assert "CHC" in table.text and "CLE" in table.text and not table.ephemeral

        roster = await ask(fake, fake.manager_a, "roster", "show")
        assert roster.embed is not None and roster.embed["title"] == "Chicago Cubs roster"
        fields = {f["name"]: f["value"] for f in roster.embed["fields"]}
        pitchers = next(v for k, v in fields.items() if k.startswith("Pitchers"))
        assert "Jon Lester: throws L, STARTER (4*)" in pitchers
        stats = await ask(fake, fake.stranger, "stats", "player", player="Kris Bryant")
        assert stats.embed is not None and stats.embed["title"] == "Kris Bryant: season 1 (CHC)"

        card = await ask(fake, fake.manager_a, "card", "show", card="corey-kluber-2016")
        assert card.embed is not None and card.embed["title"] == "Corey Kluber"
        fields = {f["name"]: f["value"] for f in card.embed["fields"]}
        assert fields["Usage"] == "STARTER (4)"
        [picture] = card.attachments
        assert picture.data == render_card_png(CardPool.load(["deep-drive-sample"]).card("corey-kluber-2016"))

    replayed = Game.from_dict(record.game_dict())
    assert (replayed.state.away.runs, replayed.state.home.runs) == (record.away_runs, record.home_runs)
    rows = {r.team: r for r in (await store.standings(league.id))["overall"]}
    assert sum(r.w for r in rows.values()) == 1


# --- every Deep Drive call, as its manager meets it -------------------------------------------------


async def deep_league(fake: FakeDiscord, store: Store, *settings: tuple[str, str]) -> tuple[Team, Team, int]:
    """A Deep Drive league made by /league-create, its settings changed by /league options, both teams
    claimed (the Cubs by manager A, Cleveland by manager B), asked every call, and one game scheduled."""
    made = await ask(fake, fake.commissioner, "league-create", name="Deep League", ruleset=DEEP_DRIVE)
    assert not made.ephemeral, made.text
    [league] = await store.leagues(fake.guild_id)
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    for setting, value in settings:
        changed = await ask(fake, fake.commissioner, "league", "options", setting=setting, value=value)
        assert changed.text.startswith(f"{setting} is now {value}."), changed.text
    cubs, cleveland = await store.teams(league.id)
    await store.set_manager(cubs.id, fake.manager_a.id)
    await store.set_manager(cleveland.id, fake.manager_b.id)
    for manager in (fake.manager_a, fake.manager_b):
        await store.set_manager_asking(league.id, manager.id, "every")
    scheduled = await store.schedule_game(league.id, cubs.id, cleveland.id)
    return cubs, cleveland, scheduled.id


def question(prompt: RecordedMessage) -> str:
    """The words of a prompt's question: its "your call" embed's description."""
    return next(e["description"] for e in prompt.embeds if e.get("title", "").endswith(": your call"))


def labels(prompt: RecordedMessage) -> list[str]:
    """Every answer a prompt offers: its buttons' labels and its menus' options."""
    out = []
    for component in prompt.all_components():
        out += (
            [component["label"]] if component.get("type") == 2 else [o["label"] for o in component.get("options", [])]
        )
    return out


async def test_every_deep_drive_call_is_asked_in_its_words_and_a_wrong_answer_changes_nothing(
    fake_discord: FakeDiscord, store: Store
) -> None:
    """Manual steals and manual baserunning on (DDB "Stealing Bases" (2), "Baserunner Advancement
    Chart"): seed 66 asks the offense's calls, the infield and outfield depth, the pickoff base, the
    runners sent and the throws, pitching changes and a pinch hitter's place, each a prompt in Deep
    Drive's words, answered by clicking; at the pickoff the wrong manager and an illegal choice are
    refused in private and nothing is logged."""
    fake = fake_discord
    async with running_bot(fake, store) as bot:
        cubs, cleveland, game_id = await deep_league(
            fake, store, ("dd_manual_steals", "on"), ("dd_manual_baserunning", "on")
        )
        thread = await start_game(fake, fake.manager_a, game_id, seed=66)
        managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
        asked: dict[str, list[tuple[str, list[str]]]] = {}
        refused = False
        while True:
            prompt = await fake.wait_for(lambda: open_prompt(fake, thread) or game_over(fake, thread), timeout=10)
            if not isinstance(prompt, RecordedMessage):
                break
            session = bot.sessions.get(game_id)
            assert session is not None and session.game.pending is not None
            request = session.game.pending
            asked.setdefault(request.kind, []).append((question(prompt), labels(prompt)))
            [manager] = [user for uid, user in managers.items() if f"<@{uid}>" in asked_field(prompt)]
            if request.kind == "pickoff" and not refused:
                refused = True
                team = cubs.name if request.side == "away" else cleveland.name
                other = fake.manager_a if manager is fake.manager_b else fake.manager_b
                logged = len((await store.game(game_id)).log)
                click = await (await fake.click(other, prompt, suggested_button(prompt))).response()
                assert click.ephemeral and click.text == (
                    f"Only the manager of {team} (or a commissioner) answers this one."
                )
                wrong = await (
                    await fake.slash(other, "game", "choose", options={"option": "1"}, channel=thread)
                ).response()
                assert wrong.ephemeral and wrong.text == (
                    f"The question is {team}'s; only its manager (or a commissioner) answers it."
                )
                steal = await (
                    await fake.slash(manager, "game", "choose", options={"option": "steal"}, channel=thread)
                ).response()
                assert steal.ephemeral and steal.text == "'steal' is not one of the options; pick one from the list."
                assert len((await store.game(game_id)).log) == logged  # nothing changed
                suggested = next(o.label for o in request.options if o.key == request.suggestion)
                chosen = await (
                    await fake.slash(manager, "game", "choose", options={"option": suggested}, channel=thread)
                ).response()
                assert not chosen.ephemeral and chosen.text == f"{team}: **{suggested}**"
                seq = request.seq
                await fake.wait_for(lambda: session.game.pending is None or session.game.pending.seq != seq)  # noqa: B023
                continue
            reply = await (await fake.click(manager, prompt, suggested_button(prompt))).response()
            assert reply.type == 7, reply.text
        record = await wait_final(fake, store, game_id)

    assert refused
    # The game is the auto-manager's (every answer its suggestion): the same dice, the same game.
    expected = Game.from_dict({**record.game_dict(), "managed": [], "asking": {}})
    assert (record.away_runs, record.home_runs) == (expected.state.away.runs, expected.state.home.runs)
    assert set(asked) >= {"pitching_change", "offense", "defense", "outfield", "pickoff", "send_runner", "throw"}
    assert set(asked) >= {"who_comes_in", "defensive_position"}
    # Every question names the score, inning and outs, the runners by name and the matchup (issue 26).
    situation = re.compile(
        r" \(Chicago Cubs \d+, Cleveland Indians \d+, (top|bottom) \d+, (\d outs?|nobody out); "
        r"(bases empty|runners? on (first|second|third) \(.+\)|bases loaded \(.+\)); "
        r"[\w. ]+ \([LR]\) vs [\w. ]+ \([LR]\)\)$"
    )
    assert all(situation.search(words) for calls in asked.values() for words, _ in calls)
    # DDB "Pitcher Endurance": the pitcher's Endurance in the words.
    assert all(re.match(r"[A-Z][\w. ]+ has -?\d+ Endurance left", w) for w, _ in asked["pitching_change"])
    # DDB "Strategy": the offense's calls by their book names, a steal named (manual steals).
    offered = {label for _, options in asked["offense"] for label in options}
    assert {"Swing away", "Play it safe (runners stay close)", "Sacrifice bunt", "Hit and run"} <= offered
    assert any(re.fullmatch(r"Steal: [\w. ]+ goes for (second|third)", label) for label in offered), offered
    # DDB "Outfield In", "Wild Pitches ... and Pickoffs", "Baserunner Advancement Chart" (manual).
    [(words, options)] = asked["outfield"]
    assert words.startswith("The winning run is on third: bring the outfield in?")
    assert options[:2] == ["Outfield in", "Normal depth"]
    words, options = asked["pickoff"][0]
    assert words.startswith("A pickoff throw: at which base?") and options[0].startswith("Throw to ")
    assert all(
        re.match(r"Send [\w. ]+ \((VS|S|avg|F|VF)\) to (second|third|home)\? The chart reads (YES|NO)\?\.", w)
        for w, _ in asked["send_runner"]
    )
    assert all(w.split(" (")[0].endswith("throw him out or cut the ball off?") for w, _ in asked["throw"])
    assert [asked["throw"][0][1][0][:8], asked["throw"][0][1][1]] == ["Throw to", "Cut it off (hold the others)"]


async def test_the_infield_calls_and_the_squeeze_are_asked_with_a_runner_on_third(
    fake_discord: FakeDiscord, store: Store
) -> None:
    """DDB "Infield In", "Infield In at the Corners": the defense's depth is a prompt of its own; DDB
    "Suicide Squeeze": the offense is offered it with the man on third."""
    fake = fake_discord
    async with running_bot(fake, store) as bot:
        _, _, game_id = await deep_league(fake, store)
        thread = await start_game(fake, fake.manager_a, game_id, seed=24)
        managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
        asked: dict[str, list[tuple[str, list[str]]]] = {}
        while True:
            prompt = await fake.wait_for(lambda: open_prompt(fake, thread) or game_over(fake, thread), timeout=10)
            if not isinstance(prompt, RecordedMessage):
                break
            session = bot.sessions.get(game_id)
            assert session is not None and session.game.pending is not None
            asked.setdefault(session.game.pending.kind, []).append((question(prompt), labels(prompt)))
            [manager] = [user for uid, user in managers.items() if f"<@{uid}>" in asked_field(prompt)]
            await (await fake.click(manager, prompt, suggested_button(prompt))).response()
        await wait_final(fake, store, game_id)
    words, options = asked["infield"][0]
    assert words.startswith("Runner on third: where does the infield play?")
    assert options[:3] == [
        "Normal depth",
        "Infield in (cut the run off at the plate)",
        "Corners in (the middle infielders stay back for the double play)",
    ]
    offered = {label for _, options in asked["offense"] for label in options}
    assert "Suicide squeeze (the runner on third goes)" in offered


async def test_game_start_tells_who_the_bench_usage_chart_sits(fake_discord: FakeDiscord, store: Store) -> None:
    """DDB "Using the Bench" (the league's bench_usage rule): the dice are rolled for a game a manager
    starts; the game's opening message says who sits and who plays for him, and he does."""
    fake = fake_discord
    async with running_bot(fake, store):
        _, _, game_id = await deep_league(fake, store, ("bench_usage", "1"))
        reply = await (
            await fake.slash(
                fake.manager_a, "game", "start", options={"game": str(game_id), "seed": 3}, channel=fake.games_channel
            )
        ).response()
        assert not reply.ephemeral, reply.text
        # Game 1's dice (seeded by the game): 0-2-3 call the DH unless his injury rating is C or better.
        assert reply.text.endswith(
            "\nBench Usage, Chicago Cubs: Jorge Soler sits today; David Ross plays DH (Bench Usage Chart: the dice"
            " 0-2-3 call for injury rating C or better; his is D)."
        ), reply.text
        played = await store.load_game(game_id)
    cubs = {s.batter.name: s.position.value for s in played.setup.away.lineup}
    assert cubs["David Ross"] == "DH" and "Jorge Soler" not in cubs


async def test_league_options_keep_to_the_leagues_game(fake_discord: FakeDiscord, store: Store) -> None:
    """A Deep Drive league is offered Deep Drive's options (and the shared DH and innings), and an Inside
    Pitch option, which its engine would never read, is refused in private and left as it was."""
    fake = fake_discord
    async with running_bot(fake, store):
        await deep_league(fake, store)
        names = []  # Discord lists 25 choices at most: each setting is offered as its name is typed
        for setting in ("dd_manual_steals", "bench_usage", "designated_hitter", "extra_inning_runner", "2007", "k_"):
            offered = await fake.autocomplete(fake.commissioner, "league", "options", focused="setting", value=setting)
            names += [c["value"] for c in offered]
        assert "dd_manual_steals" in names and "bench_usage" in names and "designated_hitter" in names
        assert "extra_inning_runner" in names  # both engines play it (OBR 7.01(b))
        assert not {"throw_charts_2007", "special_k_outs_only", "strategy_rolls"} & set(names)
        steals = await fake.autocomplete(fake.commissioner, "league", "options", focused="setting", value="steal")
        assert [c["value"] for c in steals] == ["dd_steals", "dd_manual_steals"]
        refused = await ask(fake, fake.commissioner, "league", "options", setting="throw_charts_2007", value="on")
        assert refused.ephemeral and refused.text == (
            "throw_charts_2007 is Inside Pitch's; Deep League plays Deep Drive: pick one of its settings from the list."
        )
    [league] = await store.leagues(fake.guild_id)
    assert "throw_charts_2007" not in league.options.to_dict()  # Deep Drive's own options model


async def test_the_eras_bunting_is_a_number_the_commissioner_may_set(fake_discord: FakeDiscord, store: Store) -> None:
    """``dd_auto_bunt_below`` counts a card's numbers: 16 is kept; 99 is refused in private and changes nothing."""
    fake = fake_discord
    async with running_bot(fake, store):
        await deep_league(fake, store)
        kept = await ask(fake, fake.commissioner, "league", "options", setting="dd_auto_bunt_below", value="16")
        refused = await ask(fake, fake.commissioner, "league", "options", setting="dd_auto_bunt_below", value="99")
        assert refused.ephemeral and "0 to 50" in refused.text, refused.text
        assert kept.text.startswith("dd_auto_bunt_below is now 16.") and not kept.ephemeral
    [league] = await store.leagues(fake.guild_id)
    assert league.options.dd_auto_bunt_below == 16


async def test_game_autoplay_tells_who_the_bench_usage_chart_sat(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        _, _, first = await deep_league(fake, store, ("bench_usage", "on"))
        told: list[Replacement] = []
        await store.build_game_setup(first, told)
        assert [r.out for r in told] == ["jorge-soler-2016"]
        reply = await ask(fake, fake.commissioner, "game", "autoplay", game=str(first))
        assert reply.content == (
            "Bench Usage, Chicago Cubs: Jorge Soler sits today; David Ross plays DH (Bench Usage Chart: the dice"
            " 0-2-3 call for injury rating C or better; his is D)."
        )
        assert reply.embed is not None and reply.embed["title"] == "Final: Chicago Cubs at Cleveland Indians"


async def test_a_2016_deep_drive_league_as_its_commissioner_and_managers_meet_it(
    fake_discord: FakeDiscord, store: Store
) -> None:
    """The bundled 2016 season: /league-create, /team manager for two clubs, /game start, the prompts
    clicked when it matters, then the box score, /standings, /stats and a generated card's picture."""
    fake = fake_discord
    async with running_bot(fake, store):
        made = await ask(
            fake, fake.commissioner, "league-create", name="2016", ruleset=DEEP_DRIVE, card_sets="2016-deep-drive"
        )
        assert not made.ephemeral and "**2016** is open: Deep Drive, with 2016-deep-drive." in made.text, made.text
        [league] = await store.leagues(fake.guild_id)
        await store.set_rules(league.id, replace(league.rules, pace_seconds=0, prompt_timeout_seconds=0))
        teams = {t.abbreviation: t for t in await store.teams(league.id)}
        for abbreviation, manager in (("CHC", fake.manager_a), ("CLE", fake.manager_b)):
            said = await ask(fake, fake.commissioner, "team", "manager", team=abbreviation, member=manager.id)
            assert said.text.startswith(f"<@{manager.id}> now manages {teams[abbreviation].name}"), said.text
        scheduled = await store.schedule_game(league.id, teams["CHC"].id, teams["CLE"].id)
        thread = await start_game(fake, fake.manager_b, scheduled.id, seed=2016)
        managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
        clicks = await click_through(fake, thread, managers)
        record = await wait_final(fake, store, scheduled.id)
        assert record.ruleset == DEEP_DRIVE and clicks > 5

        box = await ask(fake, fake.stranger, "boxscore", game=str(scheduled.id))
        assert line_score_text(record) in box.text
        table = await ask(fake, fake.stranger, "standings")
        assert not table.ephemeral and "CHC" in table.text and "CLE" in table.text
        game = Game.from_dict(record.game_dict())
        leadoff = game.setup.away.lineup[0].batter
        stats = await ask(fake, fake.stranger, "stats", "player", player=leadoff.name)
        assert stats.embed is not None and stats.embed["title"].startswith(f"{leadoff.name}: season 1")
        card = await ask(fake, fake.manager_a, "card", "show", card=leadoff.id)
        assert card.embed is not None and card.embed["title"] == leadoff.name
        [picture] = card.attachments
        assert picture.data == render_card_png(CardPool.load(["2016-deep-drive"]).card(leadoff.id))


async def test_game_start_and_autoplay_tell_a_lineup_turned_to_the_parks_dh_rule(
    fake_discord: FakeDiscord, store: Store
) -> None:
    """The DH in AL parks only (``dh_leagues``, a setting both games play): at Wrigley each team's
    starter bats in its saved DH's spot. /game start says so in the game's opening message, /game autoplay
    above the final: who bats where, for whom, and why."""
    fake = fake_discord
    async with running_bot(fake, store):
        cubs, cleveland, _ = await deep_league(fake, store, ("dh_leagues", "AL"))
        at_wrigley = await store.schedule_game(cubs.league_id, cleveland.id, cubs.id)
        again = await store.schedule_game(cubs.league_id, cleveland.id, cubs.id)
        # Both saved lineups have a DH (the set's rule until dh_leagues): in an NL park each starter
        # bats in his DH's spot (Dugout's rule, league.setups.lineup_for_rule).
        turned = (
            "No DH in NL parks: Corey Kluber bats 5th for Cleveland Indians; Carlos Santana (DH) sits.\n"
            "No DH in NL parks: Jon Lester bats 8th for Chicago Cubs; Jorge Soler (DH) sits"
        )
        reply = await (
            await fake.slash(
                fake.manager_b,
                "game",
                "start",
                options={"game": str(at_wrigley.id), "seed": 3},
                channel=fake.games_channel,
            )
        ).response()
        assert not reply.ephemeral, reply.text
        assert reply.text.endswith(f"\n{turned}."), reply.text
        played = await store.load_game(at_wrigley.id)
        assert [s.position.value for s in played.setup.away.lineup][4] == "P"
        await store.forfeit_game(at_wrigley.id, "away")
        autoplayed = await ask(fake, fake.commissioner, "game", "autoplay", game=str(again.id), override=True)
        assert autoplayed.content == f"{turned}.", autoplayed.content
