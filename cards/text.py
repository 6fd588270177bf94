"""Cards as plain text, laid out like the printed cards (terminal, Discord code blocks)."""

from __future__ import annotations

from cards.models import AnyCard, Ballpark, Batter, Pitcher
from cards.notation import Range, format_range


def _grid(rows: list[list[str]]) -> list[str]:
    width = max(4, *(len(c) for row in rows for c in row))
    lines = ["    " + " ".join(str(n).ljust(width) for n in range(1, 7)).rstrip()]
    for number, row in enumerate(rows, start=1):
        lines.append(f"{number}   " + " ".join(c.ljust(width) for c in row).rstrip())
    return lines


def _n(value: object) -> str:
    return "-" if value is None else str(value)


def _rng(value: Range | None) -> str:
    return format_range(value) or "-"


def render_card(card: AnyCard) -> str:
    if isinstance(card, Batter):
        return _batter(card)
    if isinstance(card, Pitcher):
        return _pitcher(card)
    return _ballpark(card)


def _title(card: AnyCard, mark: str = "") -> str:
    made = "  [hand-made]" if card.handmade else ""
    return f"{card.name.upper()}{mark}  {card.year} {card.team}{made}"


def _batter(b: Batter) -> str:
    att = str(b.att)
    lines = [
        _title(b),
        f"Bats {b.bats}  INJ-{b.injury}  " + "  ".join(str(f) for f in b.positions),
        "",
        *_grid([[str(c) for c in row] for row in b.matrix]),
        "",
    ]
    if b.hits_vs_lhp == b.hits_vs_rhp:
        lines.append(f"H?:  {b.hits_vs_lhp}")
    else:
        lines += [f"LH?: {b.hits_vs_lhp}", f"RH?: {b.hits_vs_rhp}"]
    lines += [
        f"LHP  K {b.vs_lhp.k:<3} W {b.vs_lhp.w:<3} HR {b.vs_lhp.hr}",
        f"RHP  K {b.vs_rhp.k:<3} W {b.vs_rhp.w:<3} HR {b.vs_rhp.hr}",
        "BR  BNT ATT SB  GDP SF  HBP",
        f"{b.br:<3} {b.bnt:<3} {att:<3} {b.sb:<3} {b.gdp:<3} {b.sf:<3} {b.hbp}",
    ]
    if b.stats:
        s = b.stats
        lines.append(
            f"G {_n(s.games)}  AB {_n(s.at_bats)}  R {_n(s.runs)}  RBI {_n(s.rbi)}  "
            f"HR {_n(s.home_runs)}  SB {_n(s.stolen_bases)}  AVG {_n(s.average)}"
        )
    return "\n".join(lines)


def _pitcher(p: Pitcher) -> str:
    stamina = []
    if p.start:
        stamina.append(f"START: {p.start}")
    if p.relief:
        stamina.append(f"RELIEF: {p.relief}")
    lines = [
        _title(p, " ##" if p.own_batting_card else ""),
        f"Throws {p.throws}  INJ-{p.injury}  HBP: {p.hbp:+d}  " + "  ".join(str(f) for f in p.positions),
        "   ".join(stamina),
        "**  " + " ".join(str(o) for o in p.outs),
        "",
        *_grid([[str(c) for c in row] for row in p.matrix]),
        "",
        f"HR?  LHB {_rng(p.home_run_ranges.vs_left)}  RHB {_rng(p.home_run_ranges.vs_right)}",
        f"??   LHB {p.split_checks.vs_left or '-'}  RHB {p.split_checks.vs_right or '-'}",
    ]
    if p.special_k.vs_left or p.special_k.vs_right:
        lines.append(f"Special K  LHB {_rng(p.special_k.vs_left)}  RHB {_rng(p.special_k.vs_right)}")
    lines += [
        "WP     PB?    HLD/SB  GDP  BK     PO     POE",
        f"{format_range(p.wild_pitch) or '-':<6} {format_range(p.passed_ball) or '-':<6} "
        f"{p.hold:+d}/{p.steal:+d}   {p.gdp:<4} {format_range(p.balk) or '-':<6} "
        f"{format_range(p.pickoff) or '-':<6} {format_range(p.pickoff_error) or '-'}",
    ]
    if p.stats:
        s = p.stats
        lines.append(
            f"W-L {_n(s.wins)}-{_n(s.losses)}  SV {_n(s.saves)}  ERA {_n(s.era)}  IP {_n(s.innings)}  "
            f"H {_n(s.hits)}  K {_n(s.strikeouts)}  BB {_n(s.walks)}"
        )
    return "\n".join(lines)


def _ballpark(park: Ballpark) -> str:
    adj = park.adjustments
    lines = [
        _title(park),
        f"H?: {park.hit_ranges}",
        "",
        *_grid([[str(c) for c in row] for row in park.matrix]),
        "",
        f"K {adj.k:+d}   W {adj.w:+d}   HR {adj.hr:+d}",
    ]
    if park.stats:
        s = park.stats
        lines.append(
            f"R/G {_n(s.runs_per_game)}  AVG {_n(s.batting_average)}  SLG {_n(s.slugging)}  HR {_n(s.home_runs)}"
        )
    return "\n".join(lines)
