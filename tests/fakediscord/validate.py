"""Discord's documented limits on what a bot sends, checked the way Discord checks them:
a breach is a 400 "Invalid Form Body" (code 50035) that discord.py raises as HTTPException.

Only the limits a league bot can plausibly hit are here; each returns a list of problems.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def command_problems(cmd: Json, where: str = "") -> list[str]:
    problems: list[str] = []
    name = cmd.get("name", "")
    kind = cmd.get("type", 1)
    at = f"{where}{name}"
    if kind == 1:
        if not COMMAND_NAME.match(name) or name != name.lower():
            problems.append(f"{at}: name must be 1-32 lowercase letters, digits, - or _")
        if not 1 <= len(cmd.get("description", "")) <= 100:
            problems.append(f"{at}: description must be 1-100 characters")
    options = cmd.get("options") or []
    problems += options_problems(options, f"{at} ")
    return problems


def options_problems(options: list[Json], where: str) -> list[str]:
    problems: list[str] = []
    if len(options) > 25:
        problems.append(f"{where}: at most 25 options")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: option names must be unique")
    seen_optional = False
    for opt in options:
        name = opt.get("name", "")
        at = f"{where}{name}"
        if not COMMAND_NAME.match(name) or name != name.lower():
            problems.append(f"{at}: option name must be 1-32 lowercase letters, digits, - or _")
        if not 1 <= len(opt.get("description", "")) <= 100:
            problems.append(f"{at}: option description must be 1-100 characters")
        if opt.get("type") in (1, 2):
            problems += options_problems(opt.get("options") or [], f"{at} ")
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{at}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{at}: at most 25 choices")
        if choices and opt.get("autocomplete"):
            problems.append(f"{at}: an option cannot have both choices and autocomplete")
    return problems


def message_problems(body: Json, *, has_files: bool, editing: bool) -> list[str]:
    problems: list[str] = []
    content = body.get("content")
    if content is not None and len(content) > 2000:
        problems.append(f"content: {len(content)} characters, at most 2000")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        problems.append("embeds: at most 10")
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in (("title", 256), ("description", 4096)):
            value = embed.get(key) or ""
            total += len(value)
            if len(value) > limit:
                problems.append(f"embeds.{i}.{key}: {len(value)} characters, at most {limit}")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(f"embeds.{i}.fields: at most 25")
        for j, f in enumerate(fields):
            name, value = f.get("name") or "", f.get("value") or ""
            total += len(name) + len(value)
            if not name or len(name) > 256:
                problems.append(f"embeds.{i}.fields.{j}.name: 1-256 characters")
            if not value or len(value) > 1024:
                problems.append(f"embeds.{i}.fields.{j}.value: 1-1024 characters")
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        total += len(footer) + len(author)
        if len(footer) > 2048:
            problems.append(f"embeds.{i}.footer.text: at most 2048 characters")
        if len(author) > 256:
            problems.append(f"embeds.{i}.author.name: at most 256 characters")
    if total > 6000:
        problems.append(f"embeds: {total} characters in all, at most 6000")
    components = body.get("components")
    v2 = bool((body.get("flags") or 0) & (1 << 15))
    if components:
        problems += components_problems(components, v2=v2)
    if not editing and not v2 and not (content or embeds or components or has_files or body.get("sticker_ids")):
        problems.append("Cannot send an empty message")
    return problems


def components_problems(components: list[Json], *, v2: bool) -> list[str]:
    problems: list[str] = []
    if not v2 and len(components) > 5:
        problems.append("components: at most 5 action rows")
    custom_ids: list[str] = []

    def walk(comps: list[Json], path: str) -> None:
        for i, comp in enumerate(comps):
            at = f"{path}.{i}"
            kind = comp.get("type")
            if kind == 1:
                children = comp.get("components") or []
                if not 1 <= len(children) <= 5:
                    problems.append(f"{at}: an action row holds 1-5 components")
                if any(c.get("type") != 2 for c in children) and len(children) > 1:
                    problems.append(f"{at}: a select menu needs an action row of its own")
            elif kind == 2:
                if comp.get("style") == 5:
                    if not comp.get("url"):
                        problems.append(f"{at}: a link button needs a url")
                elif comp.get("style") != 6 and not comp.get("custom_id"):
                    problems.append(f"{at}: a button needs a custom_id")
                if len(comp.get("label") or "") > 80:
                    problems.append(f"{at}.label: at most 80 characters")
            elif kind == 3 and not 1 <= len(comp.get("options") or []) <= 25:
                problems.append(f"{at}.options: 1-25 options")
            custom_id = comp.get("custom_id")
            if custom_id is not None:
                if not 1 <= len(custom_id) <= 100:
                    problems.append(f"{at}.custom_id: 1-100 characters")
                custom_ids.append(custom_id)
            walk(comp.get("components") or [], at)
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    walk([comp[key]], f"{at}.{key}")

    walk(components, "components")
    if len(set(custom_ids)) != len(custom_ids):
        problems.append("components: custom_ids must be unique within a message")
    return problems
