"""The narration's word list: every engine key or chart code that used to reach a reader, in plain words.

The engine names its rolls, checks and chart results for the rules and the box score
(``abr_check``, ``lead_runner_out``, ``BK / PO / POE``, ``ET?``); a fan reads these
words instead. ``bot.words.narrate`` looks them up; ``INTERNAL`` lists what must never be
shown (tests/bot/words/test_narrate.py plays many games and checks every line against it).
"""

from __future__ import annotations

import re

from engine.scene import said_counts as said_counts  # in engine: a ruleset's own words use it too

# A pitcher-card cell that is a code for a procedure, not a result a fan reads off it
# (IP2021 "Pitcher Card"). K, W, HR, HBP and the like stay: the check line that follows
# says what they did.
PITCHER_CELLS = {
    "E?": "error chance",
    "EG?": "error chance on a ground ball",
    "ET?": "throwing error chance",
    "HR?": "home run chance",
    "RP": "range play",
    "RP@": "range play, off the ballpark card",
    "@": "read the ballpark card",
    "(??)": "split check",
    "**": "an out off the pitcher's outs line",
    "WLD": "wild pitch, passed ball or foul",
    "K(W)": "K (W when he is tired)",
    "(S1)": "single when he is tired",
    "blank": "blank",
}

# The hit ranges on a batter's card (LH?/RH?) and the ballpark's (H?): what the d20 fell on.
HIT_RANGE_RESULTS = {
    "S": "single",
    "D": "double",
    "T": "triple",
    "HR": "home run",
    "H": "home run",
    "[HR]": "home run chance, off the wall",
    "fly out": "fly out",
}

# Chart results by chart (the Reading event's ``card``); a chart missing here is told as read.
CHART_RESULTS: dict[str, dict[str, str]] = {
    # IP2021 "Singles and Doubles to the Outfield": the first die, then chart B.
    "throw chart": {
        "lead_advances": "the lead runner makes it; the others go on the second die",
        "abr_check": "each runner makes it if the die is within his BR and the arm",
        "chart_b": "a runner may be thrown out: the second die decides",
    },
    "throw chart B": {
        "trailing_out": "the throw is cut off and the trailing runner is thrown out",
        "lead_out": "the throw beats the lead runner",
        "trailing_rundown": "the throw is cut off and the trailing runner is caught in a rundown",
    },
    # IP2007 §7.2.2-7.2.4: the Outfield Throw Chart's three dice.
    "OTC roll 1": {
        "lead_advances": "the lead runner makes it; the others go on the second die",
        "abr_check": "each runner makes it if the die is within his BR and the arm",
        "arm_check": "the outfielder's arm decides",
    },
    "OTC roll 2.6": {"all hold": "everyone holds", "play": "a play is on"},
    "OTC roll 3": {
        "trailing_out": "the throw is cut off and the trailing runner is thrown out",
        "lead_out": "the throw beats the lead runner",
        "trailing_rundown": "the throw is cut off and the trailing runner is caught in a rundown",
    },
    "rundown": {
        "out": "tagged out in the rundown",
        "out_quickly": "tagged out at once; nobody else moves",
        "safe": "safe: he slides in",
    },
    "sacrifice bunt chart": {
        "successful": "a good bunt: out at first, the runners move up",
        "foul": "bunted foul",
        "lead_runner_out": "the lead runner is thrown out",
        "safe": "everybody safe",
        "too_hard": "bunted too hard: a double-play chance",
        "popout": "popped up",
    },
    "squeeze bunt chart": {
        "successful": "a good bunt: the run scores, the play is at first",
        "foul": "bunted foul",
        "lead_runner_out": "the runner from third is out at the plate",
        "question_bunt": "the defense can go home or to first",
        "rundown": "the runner from third is caught in a rundown",
        "popout_double_play": "popped up: a double play",
    },
    "bunt fielder": {
        "P": "the pitcher fields it",
        "C": "the catcher fields it",
        "1B": "the first baseman fields it",
        "3B": "the third baseman fields it",
    },
    "third base location": {
        "at_him": "right at the third baseman",
        "hole": "in the hole",
        "line": "down the line",
    },
    "injury chart": {"none": "not hurt", "game": "out for the game"},
}

# The rare-play charts (IP2021 "Rare Plays"), for the ballpark: their play keys in words.
RARE_PLAYS = {
    "balk": "a balk",
    "catch_injury": "hurt making the catch",
    "catcher_interference": "catcher's interference",
    "double_off": "a runner doubled off",
    "foul_interference": "fan interference on a foul ball",
    "hit": "a hit",
    "hit_by_pitch_injury": "hit by a pitch and hurt",
    "home_run": "a home run",
    "pickoff": "a pickoff",
}

# A reason a runner moved, as the summary and the play-by-play say it ("" = nothing to add).
MOVE_REASONS = {
    "hit": "",
    "home run": "",
    "extra base": "",
    "walk": "",
    "intentional walk": "",
    "hit by pitch": "",
    "stretch": "",
    "stolen base": "stolen base",
    "on the throw": "on the throw",
    "balk": "on a balk",
    "wild pitch": "on a wild pitch",
    "passed ball": "on a passed ball",
    "error": "on the error",
    "tag-up": "tagging up",
    "sacrifice fly": "tagging up",
    "sacrifice bunt": "on the bunt",
    "ground out": "on the grounder",
    "fielder's choice": "on the fielder's choice",
    "double play": "on the double play",
    "catcher's interference": "on the interference",
    "inside-the-park home run": "",
}

# Fielders' position letters in a sentence.
POSITIONS = {
    "P": "pitcher",
    "C": "catcher",
    "1B": "first baseman",
    "2B": "second baseman",
    "3B": "third baseman",
    "SS": "shortstop",
    "LF": "left fielder",
    "CF": "center fielder",
    "RF": "right fielder",
    "DH": "designated hitter",
    "PH": "pinch hitter",
    "PR": "pinch runner",
}

# The managers' calls (Decided kind and choice) in a sentence: "<team> <phrase>".
CALLS: dict[str, dict[str, str]] = {
    "defense": {
        "intentional_walk": "walks the batter intentionally",
        "pickoff": "throws over",
        "none": "makes no change",
    },
    "pitching_change": {"stay": "stays with his pitcher"},  # Deep Drive's (Inside Pitch always names a reliever)
    "offense": {
        "hit_and_run": "puts on the hit and run",
        "sacrifice": "calls for a sacrifice bunt",
        "squeeze": "puts on the squeeze",
        "bunt_for_hit": "has the batter bunt for a hit",
        "safe": "plays it safe: the runners stay close",  # Deep Drive's calls from here
        "steal": "sends the runner on a steal",
    },
    "infield_depth": {
        "back": "plays the infield back",
        "in": "brings the infield in",
        "half": "plays the infield halfway",
        "double_play": "sets the infield for the double play",
        "double play": "sets the infield for the double play",
        "corners_in": "brings the corners in",
        "corners in": "brings the corners in",
    },
    "foul_bunt": {"bunt_again": "has him bunt again", "swing_away": "lets him swing away", "swing": "lets him swing"},
    "force_or_double_play": {"force": "takes the force", "double_play": "goes for the double play"},
    "play_at": {
        "first": "takes the out at first",
        "plate": "throws home",
        "double_play": "goes for the double play",
        "home_double_play": "goes home for the double play",
    },
    "runner_on_third": {"go": "sends the runner from third", "hold": "holds the runner at third"},
    "squeeze_play": {"first": "takes the out at first", "plate": "throws home"},
    # Deep Drive (engine.deep_drive: manager, prepitch, outs, manual)
    "infield": {
        "normal": "plays the infield at normal depth",
        "in": "brings the infield in",
        "corners": "brings the corners in",
    },
    "outfield": {"in": "brings the outfield in", "normal": "keeps the outfield at normal depth"},
    "pickoff": {"1": "throws over to first", "2": "throws over to second", "3": "throws over to third"},
    "ground_ball": {
        "dp": "goes to second for the double play",
        "hold": "holds the runner on third and takes the out at first",
        "third": "throws to third to force the lead runner",
    },
    "send_runner": {"send": "sends the runner", "hold": "holds the runner"},
    "throw": {"throw": "throws for the runner", "cut_off": "cuts the ball off"},
}

WHO_CALLED = {"manager": "manager", "auto": "auto-manager", "timeout": "auto-manager (no answer in time)"}

# What a reader must never see: the engine's keys and codes that the words above replace.
INTERNAL = (
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # snake_case keys: abr_check, lead_runner_out, hit_and_run
    re.compile(r"BK / PO / POE"),
    re.compile(r"\babr\b", re.IGNORECASE),
    re.compile(r"\bE[TG]?\?"),  # the error-chance codes and the error charts named after them
    re.compile(r"\bchart[ _]?[bB]\b"),
    re.compile(r"\bOTC\b"),
    re.compile(r"\bRP@?(?![\w])"),
    re.compile(r"\bWLD\b"),
    re.compile(r"\(\?\?\)"),
    re.compile(r"LH\?|RH\?|\bH\?"),
    re.compile(r": (success|fails)$"),
)


def internal_keys(text: str) -> list[str]:
    """The internal keys and codes in a narrated line (none, when the line is fit to print)."""
    return [m.group(0) for pattern in INTERNAL for m in pattern.finditer(text)]


# --- counts in words ----------------------------------------------------------------------------
# One rule for every count a reader sees: "1 batter", "2 batters", "nobody out" (tests/bot/words/test_narrate.py
# reads many games' lines for "1 <plural>" and "0 out").


def plural(count: int, word: str, many: str = "") -> str:
    """ "1 batter", "3 batters"; ``many`` for a word whose plural is not ``word`` + s."""
    return f"{count} {word if count == 1 else many or word + 's'}"
