"""``/stats export``'s files (league.export; docs/export.md): the season's CSV files as attachments, or one zip
when together they are more than Discord takes in one message."""

from __future__ import annotations

import io
import zipfile

import discord

from bot.discord.checks import UserError
from bot.discord.layout import EMBEDS
from league.export import SeasonExport, csv_bytes

# Discord's upload limit is the interaction's (its filesize_limit: 10 MiB on most servers); never above 25 MiB,
# and counted for the message's files together.
MAX_UPLOAD = 25 * 1024 * 1024
MAX_FILES = EMBEDS  # attachments a message may carry, like its embeds: 10


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def export_files(made: SeasonExport, limit: int) -> tuple[list[discord.File], str]:
    """The files to attach and a few words on them; UserError when the season is too large even zipped."""
    files = [(made.file_name(table), csv_bytes(table)) for table in made.tables]
    size = sum(len(data) for _, data in files)
    limit = min(limit, MAX_UPLOAD)
    if size <= limit and len(files) <= MAX_FILES:
        return [discord.File(io.BytesIO(data), filename=name) for name, data in files], f"{len(files)} CSV files"
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            archive.writestr(name, data)
    zipped = packed.getvalue()
    if len(zipped) > limit:
        raise UserError(
            f"Season {made.season}'s stats are {_mb(len(zipped))} even zipped, more than Discord takes here "
            f"({_mb(limit)}): `dugout export` at the terminal writes them."
        )
    name = f"season-{made.season}.zip"
    return [discord.File(io.BytesIO(zipped), filename=name)], f"{len(files)} CSV files in {name} ({_mb(size)} unzipped)"
