"""Deep Drive cards as plain text, laid out like the printed card (DDB "Cards").

Top to bottom: the name with the year and team and the injury rating at the right; the
positions with their defense (a catcher's PB and T, a pitcher's H); the numbers column (each
range of the card's half with its result, then any rare or never readings); the OUTS section
by mod die; then a batter's DEEP DRIVE section, STEAL and RUN, or a pitcher's Usage, Endurance,
WP, BK and PO; the stat line last. The helpers give each part as printed, for the text here and
the picture (``picture``, drawn by ``bot/words/cardimage.py``) alike. Reached through :mod:`cards.text`.
"""

from __future__ import annotations

from cards.deep_drive.models import Ballpark, Batter, Pitcher
from cards.deep_drive.notation import PLAY_CODES, Run
from cards.stat_lines import batting_pairs, pitching_pairs
from cards.text import Beside, ModDice, Note, Pairs, Section, Table

AnyDeepDriveCard = Batter | Pitcher | Ballpark


def number_rows(card: Batter | Pitcher) -> list[tuple[str, str]]:
    """The numbers column as (numbers, result): ranges in order, then "rare N" and "never" readings
    in the card's result order."""
    ranged = sorted(
        ((chance.numbers.low, str(chance.numbers), code) for code, chance in card.chances.items() if chance.numbers),
    )
    rows = [(text, code) for _, text, code in ranged]
    others = [(code, chance) for code, chance in card.chances.items() if chance.numbers is None]
    others.sort(key=lambda item: PLAY_CODES.index(item[0]))
    return rows + [(str(chance), code) for code, chance in others]


def outs_pairs(card: Batter | Pitcher) -> list[tuple[str, str]]:
    """The OUTS section as (mod die, out code), 0 to 9."""
    return [(str(mod), code) for mod, code in enumerate(card.outs)]


def deep_drive_rows(batter: Batter) -> list[tuple[str, str]]:
    """The DEEP DRIVE section as (numbers, reading), 00 up to 99."""
    return [(str(numbers), code) for code, numbers in sorted(batter.deep_drive.items(), key=lambda kv: kv[1].low)]


def positions_text(card: Batter | Pitcher) -> str:
    return "  ".join(str(f) for f in card.positions)


def run_text(run: Run) -> str:
    """RUN as printed: blank for an average runner (shown here as "avg")."""
    return run.value


def rating_pairs(card: Batter | Pitcher) -> list[tuple[str, str]]:
    """The boxes under the numbers: a batter's STEAL and RUN; a pitcher's Usage, Endurance, WP, BK, PO."""
    if isinstance(card, Batter):
        return [("STEAL", str(card.steal)), ("RUN", run_text(card.run))]
    return [
        ("Usage", str(card.usage)),
        ("Endurance", str(card.endurance)),
        ("WP", card.wp),
        ("BK", card.bk),
        ("PO", card.po),
    ]


def stat_pairs(card: AnyDeepDriveCard) -> list[tuple[str, str]]:
    """The statistics in the footer (batting for a batter, pitching for a pitcher); none if absent."""
    if isinstance(card, Batter) and (s := card.stats):
        return batting_pairs(s)
    if isinstance(card, Pitcher) and (t := card.stats):
        return pitching_pairs(t)
    return []


WIDTH = 44  # the text card's width: the injury rating is set flush right in it


def card_name(card: AnyDeepDriveCard) -> str:
    return card.name.upper()


def _title(card: AnyDeepDriveCard) -> list[str]:
    made = "  [hand-made]" if card.handmade else ""
    left = f"{card_name(card)}  {card.year} {card.team}{made}"
    if isinstance(card, Ballpark):
        return [left]
    injury = f"INJ {card.injury}"
    return [left + " " * max(2, WIDTH - len(left) - len(injury)) + injury]


def _numbers(card: Batter | Pitcher) -> list[str]:
    rows = number_rows(card)
    width = max(len(n) for n, _ in rows)
    return [f"{numbers:<{width}}  {code}" for numbers, code in rows]


def _outs(card: Batter | Pitcher) -> list[str]:
    return ["OUTS", "  ".join(f"{mod} {code}" for mod, code in outs_pairs(card))]


def render_card(card: AnyDeepDriveCard) -> str:
    if isinstance(card, Ballpark):
        return "\n".join([*_title(card), "BALLPARK  (its effects are in the season handbook)"])
    if isinstance(card, Batter):
        second = f"Bats {card.bats}  {positions_text(card)}"
        deep = ["DEEP DRIVE", "  ".join(f"{numbers} {code}" for numbers, code in deep_drive_rows(card))]
        boxes = "   ".join(f"{label} {value}" for label, value in rating_pairs(card))
        lines = [*_title(card), second, "", *_numbers(card), "", *_outs(card), "", *deep, "", boxes]
    else:
        second = f"Throws {card.throws}  {positions_text(card)}"
        pairs = rating_pairs(card)
        usage = "   ".join(f"{label} {value}" for label, value in pairs[:2])
        grades = "  ".join(f"{label} {value}" for label, value in pairs[2:])
        lines = [*_title(card), second, "", *_numbers(card), "", *_outs(card), "", usage, grades]
    if stats := stat_pairs(card):
        lines.append("  ".join(f"{label} {value}" for label, value in stats))
    return "\n".join(lines)


# --- the summary, the roster line and the picture ------------------------------------


def card_facts(card: AnyDeepDriveCard) -> list[tuple[str, str]]:
    """The key ratings as (name, value): a batter's positions, STEAL, RUN and injury; a pitcher's
    Usage, Endurance, WP, BK and PO (DDB "Cards")."""
    if isinstance(card, Batter):
        return [
            ("Bats", str(card.bats)),
            ("Positions", ", ".join(str(f) for f in card.positions)),
            ("Steal · Run · Injury", f"{card.steal} · {card.run.value} · {card.injury}"),
        ]
    if isinstance(card, Pitcher):
        return [
            ("Throws", str(card.throws)),
            ("Usage", str(card.usage)),
            ("Endurance", str(card.endurance)),
            ("WP · BK · PO", f"{card.wp} · {card.bk} · {card.po}"),
        ]
    return [("Ballpark", "Deep Drive reads the park on the handbook's Ballpark Effects chart")]


def roster_line(card: AnyDeepDriveCard) -> str:
    """What he plays: a pitcher's hand and usage, a batter's positions and hand."""
    if isinstance(card, Pitcher):
        return f"throws {card.throws.value}, {card.usage}"
    if isinstance(card, Batter):
        return f"{', '.join(f.position.value for f in card.positions)}, bats {card.bats.value}"
    return "a ballpark card"  # the store signs only players; this is for a card set changed under the league


def picture(card: AnyDeepDriveCard) -> list[Section]:
    """The card as its own cards are laid out: positions and injury; the numbers column at the left
    with OUTS beside it; then a batter's DEEP DRIVE section, STEAL and RUN, or a pitcher's Usage,
    Endurance, WP, BK, PO; the stat line last."""
    if isinstance(card, Ballpark):
        return [Note("Its effects are read on the season handbook's ballpark chart.")]
    hand = ("BATS", str(card.bats)) if isinstance(card, Batter) else ("THROWS", str(card.throws))
    fielding = [(str(f.position.value), str(f).partition(" ")[2] or "-") for f in card.positions]
    numbers = Table([["NUMBERS", "RESULT"], *map(list, number_rows(card))])
    sections: list[Section] = [
        Pairs([hand, ("INJ", card.injury), *fielding]),
        Beside(numbers, ModDice("OUTS", outs_pairs(card))),
    ]
    if isinstance(card, Batter):
        deep = deep_drive_rows(card)
        sections.append(Table([["DEEP DRIVE", *(n for n, _ in deep)], ["", *(c for _, c in deep)]]))
    sections.append(Pairs(rating_pairs(card)))
    if stats := stat_pairs(card):
        sections.append(Pairs(stats))
    return sections
