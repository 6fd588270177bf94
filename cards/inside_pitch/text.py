"""Inside Pitch cards as plain text, laid out like the printed cards (terminal, Discord code blocks).

The helpers above ``render_card`` give each part of a card as printed (its name line, its
matrix readings, its labelled ratings and stats); the text layout here and the picture
(``picture``, drawn by ``bot/words/cardimage.py``) both draw from them. Reached through
:mod:`cards.text`.
"""

from __future__ import annotations

from cards.models import AnyCard, Ballpark, Batter, Pitcher
from cards.notation import Range, format_range
from cards.stat_lines import average_text, batting_pairs, pitching_pairs, stat_text
from cards.text import Beside, Matrix, Pairs, Section, Table


def _rng(value: Range | None) -> str:
    return format_range(value) or "-"


def card_name(card: AnyCard) -> str:
    """The name as printed: upper case, "##" after a pitcher who has his own batting card."""
    mark = " ##" if isinstance(card, Pitcher) and card.own_batting_card else ""
    return f"{card.name.upper()}{mark}"


def cell_texts(card: AnyCard) -> list[list[str]]:
    """The matrix readings as printed: one list per white-die row, in red-die column order."""
    return [[str(c) for c in row] for row in card.matrix]


def hit_range_rows(card: Batter | Ballpark) -> list[tuple[str, str]]:
    """The ? outcome lines: H? (one line for both hands), else LH? and RH?."""
    if isinstance(card, Ballpark):
        return [("H?", str(card.hit_ranges))]
    if card.hits_vs_lhp == card.hits_vs_rhp:
        return [("H?", str(card.hits_vs_lhp))]
    return [("LH?", str(card.hits_vs_lhp)), ("RH?", str(card.hits_vs_rhp))]


def stamina_pairs(p: Pitcher) -> list[tuple[str, str]]:
    """The START and RELIEF lines the card has."""
    pairs = []
    if p.start:
        pairs.append(("START", str(p.start)))
    if p.relief:
        pairs.append(("RELIEF", str(p.relief)))
    return pairs


def split_rows(p: Pitcher) -> list[tuple[str, str, str]]:
    """The pitcher's per-batter-side sections (HR?, ??, Special K if any) as (label, LHB, RHB)."""
    rows = [
        ("HR?", _rng(p.home_run_ranges.vs_left), _rng(p.home_run_ranges.vs_right)),
        ("??", stat_text(p.split_checks.vs_left), stat_text(p.split_checks.vs_right)),
    ]
    if p.special_k.vs_left or p.special_k.vs_right:
        rows.append(("Special K", _rng(p.special_k.vs_left), _rng(p.special_k.vs_right)))
    return rows


def rating_pairs(card: AnyCard) -> list[tuple[str, str]]:
    """The ratings under the matrix: a batter's BR..HBP, a pitcher's WP..POE, a ballpark's K/W/HR."""
    if isinstance(card, Batter):
        b = card
        values = [b.br, b.bnt, b.att, b.sb, b.gdp, b.sf, b.hbp]
        return list(zip(["BR", "BNT", "ATT", "SB", "GDP", "SF", "HBP"], map(str, values), strict=True))
    if isinstance(card, Pitcher):
        p = card
        return [
            ("WP", _rng(p.wild_pitch)),
            ("PB?", _rng(p.passed_ball)),
            ("HLD/SB", f"{p.hold:+d}/{p.steal:+d}"),
            ("GDP", str(p.gdp)),
            ("BK", _rng(p.balk)),
            ("PO", _rng(p.pickoff)),
            ("POE", _rng(p.pickoff_error)),
        ]
    adj = card.adjustments
    return [("K", f"{adj.k:+d}"), ("W", f"{adj.w:+d}"), ("HR", f"{adj.hr:+d}")]


def stat_pairs(card: AnyCard) -> list[tuple[str, str]]:
    """The stat line as (label, value) pairs; none for a card without stats."""
    if isinstance(card, Batter) and (s := card.stats):
        return batting_pairs(s)
    if isinstance(card, Pitcher) and (t := card.stats):
        return pitching_pairs(t)
    if isinstance(card, Ballpark) and (u := card.stats):
        return [
            ("R/G", stat_text(u.runs_per_game)),
            ("AVG", average_text(u.batting_average)),
            ("SLG", stat_text(u.slugging)),
            ("HR", stat_text(u.home_runs)),
        ]
    return []


# --- the text layout -------------------------------------------------------------


def _grid(rows: list[list[str]]) -> list[str]:
    width = max(4, *(len(c) for row in rows for c in row))
    lines = ["    " + " ".join(str(n).ljust(width) for n in range(1, 7)).rstrip()]
    for number, row in enumerate(rows, start=1):
        lines.append(f"{number}   " + " ".join(c.ljust(width) for c in row).rstrip())
    return lines


def _stat_line(card: AnyCard) -> list[str]:
    pairs = stat_pairs(card)
    return ["  ".join(f"{label} {value}" for label, value in pairs)] if pairs else []


def render_card(card: AnyCard) -> str:
    if isinstance(card, Batter):
        return _batter(card)
    if isinstance(card, Pitcher):
        return _pitcher(card)
    return _ballpark(card)


def _title(card: AnyCard) -> str:
    made = "  [hand-made]" if card.handmade else ""
    return f"{card_name(card)}  {card.year} {card.team}{made}"


def _batter(b: Batter) -> str:
    ratings = rating_pairs(b)
    lines = [
        _title(b),
        f"Bats {b.bats}  INJ-{b.injury}  " + "  ".join(str(f) for f in b.positions),
        "",
        *_grid(cell_texts(b)),
        "",
        *(f"{label + ':':<5}{text}" for label, text in hit_range_rows(b)),
        f"LHP  K {b.vs_lhp.k:<3} W {b.vs_lhp.w:<3} HR {b.vs_lhp.hr}",
        f"RHP  K {b.vs_rhp.k:<3} W {b.vs_rhp.w:<3} HR {b.vs_rhp.hr}",
        " ".join(label.ljust(3) for label, _ in ratings).rstrip(),
        " ".join(value.ljust(3) for _, value in ratings).rstrip(),
        *_stat_line(b),
    ]
    return "\n".join(lines)


def _pitcher(p: Pitcher) -> str:
    r = dict(rating_pairs(p))
    lines = [
        _title(p),
        f"Throws {p.throws}  INJ-{p.injury}  HBP: {p.hbp:+d}  " + "  ".join(str(f) for f in p.positions),
        "   ".join(f"{label}: {value}" for label, value in stamina_pairs(p)),
        "**  " + " ".join(str(o) for o in p.outs),
        "",
        *_grid(cell_texts(p)),
        "",
        *(f"{label}{' ' * max(2, 5 - len(label))}LHB {left}  RHB {right}" for label, left, right in split_rows(p)),
        "WP     PB?    HLD/SB  GDP  BK     PO     POE",
        f"{r['WP']:<6} {r['PB?']:<6} {r['HLD/SB']}   {r['GDP']:<4} {r['BK']:<6} {r['PO']:<6} {r['POE']}",
        *_stat_line(p),
    ]
    return "\n".join(lines)


def _ballpark(park: Ballpark) -> str:
    lines = [
        _title(park),
        *(f"{label}: {text}" for label, text in hit_range_rows(park)),
        "",
        *_grid(cell_texts(park)),
        "",
        "   ".join(f"{label} {value}" for label, value in rating_pairs(park)),
        *_stat_line(park),
    ]
    return "\n".join(lines)


# --- the summary, the roster line and the picture ------------------------------------


def card_facts(card: AnyCard) -> list[tuple[str, str]]:
    """The key ratings as (name, value): a batter's hand, positions and K/W/HR by pitcher's hand;
    a pitcher's hand and stamina; a ballpark's adjustments."""
    if isinstance(card, Batter):
        hands = (("vs LHP", card.vs_lhp), ("vs RHP", card.vs_rhp))
        return [
            ("Bats", str(card.bats)),
            ("Positions", ", ".join(str(f) for f in card.positions)),
            *((hand, f"K {r.k} · W {r.w} · HR {r.hr}") for hand, r in hands),
        ]
    if isinstance(card, Pitcher):
        return [("Throws", str(card.throws)), *((label.title(), value) for label, value in stamina_pairs(card))]
    return [("Adjustments", " · ".join(f"{k} {v}" for k, v in rating_pairs(card)))]


def roster_line(card: AnyCard) -> str:
    """What he plays: a pitcher's hand and role, a batter's positions and hand."""
    if isinstance(card, Pitcher):
        role = "starter" if card.relief is None else "reliever" if card.start is None else "starter and reliever"
        return f"throws {card.throws.value}, {role}"
    if isinstance(card, Batter):
        return f"{', '.join(f.position.value for f in card.positions)}, bats {card.bats.value}"
    return "a ballpark card"  # the store signs only players; this is for a card set changed under the league


def _fielding(card: Batter | Pitcher) -> list[tuple[str, str]]:
    """Each fielding line as (position, ratings): ("C", "5/2 (19) -2")."""
    pairs = []
    for line in card.positions:
        position, _, ratings = str(line).partition(" - ")
        pairs.append((position, ratings or "-"))
    return pairs


def _hit_ranges(card: Batter | Ballpark) -> Table:
    """The ? outcome lines (H?, or LH? and RH?), labels down the side."""
    return Table([list(row) for row in hit_range_rows(card)], head_row=False, head_col=True)


def picture(card: AnyCard) -> list[Section]:
    """The card as printed: the hand, injury and fielding ratings, the matrix, the ratings under it,
    the stat line across the foot (a ballpark's beside its adjustments)."""
    if isinstance(card, Batter):
        ratings = [["", "K", "W", "HR"]] + [
            [hand, str(r.k), str(r.w), str(r.hr)] for hand, r in (("LHP", card.vs_lhp), ("RHP", card.vs_rhp))
        ]
        sections: list[Section] = [
            Pairs([("BATS", str(card.bats)), ("INJ", str(card.injury)), *_fielding(card)]),
            _hit_ranges(card),
            Matrix(cell_texts(card)),
            Beside(Table(ratings, head_col=True), Pairs(rating_pairs(card)), narrow=True),
        ]
    elif isinstance(card, Pitcher):
        facts = [("THROWS", str(card.throws)), ("INJ", str(card.injury)), ("HBP", f"{card.hbp:+d}"), *_fielding(card)]
        sections = [
            Pairs([*facts, *stamina_pairs(card)]),
            Matrix(cell_texts(card), outs=[str(o) for o in card.outs]),
            Table([["", "LHB", "RHB"], *map(list, split_rows(card))], head_col=True),
            Pairs(rating_pairs(card)),
        ]
    else:  # the K, W and HR adjustments, the stats beside them
        stats = Pairs(stat_pairs(card)) if card.stats else None
        return [_hit_ranges(card), Matrix(cell_texts(card)), Beside(Pairs(rating_pairs(card)), stats, narrow=True)]
    pairs = stat_pairs(card)
    if isinstance(card, Pitcher) and card.stats and card.stats.home_runs is not None:
        pairs.append(("HR", str(card.stats.home_runs)))  # printed by the HR? ranges on the card
    return [*sections, Pairs(pairs)] if pairs else sections
