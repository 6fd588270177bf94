"""Every kind of the site's page timed (issue 29): python -m bench.web [--teams 30] [--games 162] [--requests 50].

Builds a league of bench-only teams (bench.synth) and plays its whole season (2,430 games for 30
teams of 162), once: the league file is kept under the temporary folder, named for the options, and
used again by the next run (or at ``--database FILE``). Then it walks the league's site through the
real aiohttp app in-process (bot.web.crawl: from the home page, every link), up to ``--requests``
addresses of each kind of page (the route: a game's page, a team's, the schedule of a team ...),
asks each kind ``--requests`` times over its addresses and prints p50 and p99 per kind, with PASS
where p99 is under 50 ms. The first request of each address (the walk's: a page read for the first
time since the league last changed, before the reports it shares are kept) is printed beside, not
judged, and so is the p99 of the process's CPU time a request (client and server: what a page costs
when the machine is shared and the wall clock waits for other work). Exit status 1 when a kind fails
or a linked page is not there.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import bench
from bench.synth import bench_league, write_bench_set

LIMIT_MS = 50.0


def build_parser() -> bench.Parser:
    parser = bench.parser("python -m bench.web", __doc__)
    parser.add_argument("--teams", type=bench.at_least_one, default=30, help="teams in the league (default: 30)")
    parser.add_argument("--games", type=bench.at_least_one, default=162, help="games per team (default: 162)")
    parser.add_argument("--seed", type=int, default=1, help="the schedule's and the games' seed (default: 1)")
    parser.add_argument(
        "--requests", type=bench.at_least_one, default=50, help="requests of each kind of page (default: 50)"
    )
    parser.add_argument(
        "--database",
        type=Path,
        help="the league file: used when it is there, else built there (default: one kept in the temporary folder)",
    )
    return parser


def default_file(teams: int, games: int, seed: int) -> Path:
    from league.db import latest_version

    name = f"dugout-bench-web/teams{teams}-games{games}-seed{seed}-v{latest_version()}"
    return Path(tempfile.gettempdir()) / name / "league.sqlite3"


async def build(path: Path, teams: int, games: int, seed: int) -> None:
    """The league at ``path``, its season played; written aside and renamed, so a run stopped half way
    leaves no file the next run would take for a whole league."""
    from league.autoplay import advance
    from league.store import Store

    path.parent.mkdir(parents=True, exist_ok=True)
    set_folder = write_bench_set(path.parent / f"{path.stem}-cards", teams)
    partial = path.with_name(path.name + ".building")
    partial.unlink(missing_ok=True)
    start = time.perf_counter()
    async with await Store.open(partial) as store:
        league = await bench_league(store, set_folder, teams, games, seed=seed)
        days = await advance(store, league.id, to_end=True, rng=random.Random(seed))
    partial.replace(path)
    played = sum(len(d.games) for d in days)
    print(f"built {path}: {teams} teams, {played} games played, in {time.perf_counter() - start:.0f} s")


def percentile(values: list[float], share: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[share - 1]


async def measure(path: Path, requests: int) -> dict[str, tuple[list[float], list[float], list[float]]]:
    """Each kind of page: the milliseconds of each address's first request (the walk's, a page read
    for the first time since the league last changed), and of each of ``requests`` asked after."""
    from aiohttp.test_utils import TestClient, TestServer

    from bot.web import links
    from bot.web.app import make_app
    from bot.web.crawl import walk
    from league.store import Store

    async with await Store.open(path) as store:
        league = (await store.all_leagues())[0]
        home = links.league_url("", league)
        async with TestClient(TestServer(make_app(store))) as client:
            urls: dict[str, list[str]] = defaultdict(list)
            first: dict[str, list[float]] = defaultdict(list)
            broken = []
            began = start = time.perf_counter()
            async for page in walk(client, home, lambda p: p.startswith(home), per_kind=requests):
                if page.status >= 400:
                    broken.append(f"{page.url} ({page.status})")
                else:
                    urls[page.kind].append(page.url)
                    first[page.kind].append((time.perf_counter() - start) * 1000)  # with the walk's reading of links
                start = time.perf_counter()
            print(f"walked {sum(map(len, urls.values()))} pages in {time.perf_counter() - began:.1f} s")
            if broken:
                print("linked but not there: " + ", ".join(broken[:10]))
            times: dict[str, tuple[list[float], list[float], list[float]]] = {}
            for kind, found in urls.items():
                taken, cpu = [], []
                for n in range(requests):
                    start, used = time.perf_counter(), time.process_time()
                    async with client.get(found[n % len(found)]) as response:
                        await response.read()
                    taken.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.process_time() - used) * 1000)
                times[kind] = (first[kind], taken, cpu)
            if broken:
                times["(linked but not there)"] = ([float("inf")] * len(broken), [float("inf")], [float("inf")])
    return times


async def run(path: Path, teams: int, games: int, seed: int, requests: int) -> int:
    if not path.exists():
        await build(path, teams, games, seed)
    else:
        print(f"league file: {path}")
    times = await measure(path, requests)
    width = max(len(kind) for kind in times)
    print(f"{'page':<{width}}  pages  first p50  first p99  cpu p99  p50 ms  p99 ms  (p99 under {LIMIT_MS:.0f} ms)")
    failed = 0
    for kind, (firsts, taken, cpu) in sorted(times.items()):
        p50, p99 = percentile(taken, 50), percentile(taken, 99)
        verdict = "PASS" if p99 < LIMIT_MS else "FAIL"
        failed += verdict == "FAIL"
        once = f"{percentile(firsts, 50):9.1f}  {percentile(firsts, 99):9.1f}  {percentile(cpu, 99):7.1f}"
        print(f"{kind:<{width}}  {len(firsts):5d}  {once}  {p50:6.1f}  {p99:6.1f}  {verdict}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    path = args.database or default_file(args.teams, args.games, args.seed)
    sys.exit(asyncio.run(run(path, args.teams, args.games, args.seed, args.requests)))


if __name__ == "__main__":
    main()
