"""Names people give leagues, teams and divisions: one form for what they typed, whichever front end.

A name is kept in Unicode NFKC (full-width and compatibility letters as their plain forms), with
invisible characters (zero-width spaces and joiners, bidi marks, control characters) removed and
whitespace collapsed: "Harbor City\\u200b" is "Harbor City", and "\\u200b\\u200b" is no name at all.
Two names are the same name when their :func:`name_key` is, whatever their case.
"""

from __future__ import annotations

import unicodedata

from league.errors import SettingsError

MAX_LENGTH = 100
# Cc control, Cf format (zero-width space and joiners, bidi marks, soft hyphen), Cs lone surrogates
# (which SQLite could not even store).
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Cs"}
# Letters that print as nothing (Hangul fillers, the blank Braille pattern): Discord's favourite blank names.
_BLANK_LETTERS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def normalize_name(text: str) -> str:
    """``text`` as a name is kept: NFKC, invisible characters removed, whitespace collapsed and stripped."""
    text = unicodedata.normalize("NFKC", text)
    # Whitespace control characters (tab, newline) separate words; the rest of the invisible ones go.
    kept = "".join(
        c
        for c in text
        if c.isspace() or (unicodedata.category(c) not in _INVISIBLE_CATEGORIES and c not in _BLANK_LETTERS)
    )
    return " ".join(kept.split())


def clean_name(text: str, what: str) -> str:
    """A name as given, normalized (:func:`normalize_name`); SettingsError if nothing is left or it is too long."""
    cleaned = normalize_name(text)
    if not cleaned:
        raise SettingsError(f"the {what} cannot be empty (nor only invisible characters)")
    if len(cleaned) > MAX_LENGTH:
        raise SettingsError(f"the {what} is at most {MAX_LENGTH} characters")
    return cleaned


def name_key(text: str) -> str:
    """What two names are compared by: normalized and case-folded ("Straße" matches "STRASSE")."""
    return normalize_name(text).casefold()


def plural(n: int, word: str) -> str:
    """ "1 game", "3 games": a count in a message."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
