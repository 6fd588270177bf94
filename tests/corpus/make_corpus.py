"""Write tests/corpus/games.json.gz: games stored by the engine before issue 27 reshaped it.

Run once, at commit a3b94f9 (main before issue 27): ``python -m tests.corpus.make_corpus``. It is kept
to say how the corpus was made, not to be run again: the corpus is the old engine's word.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

from engine.boxscore import box_score
from engine.game import Game
from engine.requests import Request
from engine.setup import GameSetup

OUT = Path(__file__).with_name("games.json.gz")


def inside_pitch_setups() -> list[tuple[str, GameSetup]]:
    from tests.engine.test_properties import setups

    names = ["sample", "sample-dh", "helpers", "2007-running", "2007-throws-rules", "no-pull", "2007-fielding"]
    return list(zip(names, setups(), strict=True))


def deep_drive_setups() -> list[tuple[str, GameSetup]]:
    from bench.deep_drive import sample_setup
    from tests.engine.deep_drive.test_properties import league_setup

    return [
        ("dd-sample-handbook", sample_setup()),
        ("dd-dh-benches", league_setup(dh=True, benches=True)),
        ("dd-no-dh-benches", league_setup(dh=False, benches=True, extra_inning_runner=True)),
        ("dd-manual", league_setup(dh=True, benches=True, dd_manual_baserunning=True, dd_closers=False)),
    ]


def pending(request: Request | None) -> dict[str, Any] | None:
    if request is None:
        return None
    return json.loads(json.dumps(request.to_dict(), default=str))


def record(note: str, setup_name: str, game: Game) -> dict[str, Any]:
    data = game.to_dict()
    del data["setup"]
    return {
        "note": note,
        "setup": setup_name,
        "game": data,
        "over": game.over,
        "box": box_score(game).to_dict(),
        "pending": pending(game.pending),
    }


def answers(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda request: rng.choice(request.option_keys())


def games_of(name: str, setup: GameSetup, base: int) -> list[dict[str, Any]]:
    out = [record(f"{name} auto-managed", name, Game(setup, base))]
    # Both sides asked every question, answered at random by "people": final, with their decisions.
    people = Game(setup, base + 1, asking={"away": "every", "home": "every"}, person=answers(base + 1))
    out.append(record(f"{name} people answer every question", name, people))
    # Live games: stored waiting for an answer after some questions answered through choose().
    for offset, asking, answered in ((2, {"home": "every"}, 7), (3, {"away": "matters", "home": "matters"}, 25)):
        rng = random.Random(base + offset)
        game = Game(setup, base + offset, asking=asking)
        for _ in range(answered):
            if game.pending is None:
                break
            game.choose(game.pending.side, rng.choice(game.pending.option_keys()))
        out.append(record(f"{name} live, {answered} answers, asking {sorted(asking.items())}", name, game))
    return out


def main() -> None:
    setups = inside_pitch_setups() + deep_drive_setups()
    corpus = {
        "made_at": "a3b94f9",
        "setups": {name: setup.to_dict() | {"ruleset": setup.ruleset} for name, setup in setups},
        "games": [g for i, (name, setup) in enumerate(setups) for g in games_of(name, setup, 1000 + 10 * i)],
    }
    text = json.dumps(corpus, separators=(",", ":"), sort_keys=True) + "\n"
    OUT.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    live = sum(g["pending"] is not None for g in corpus["games"])
    print(f"{len(corpus['games'])} games ({live} live) in {OUT.name}: {OUT.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
