"""The project's paperwork (issue 12): the docs point only inside the repository, every page of docs/
is reachable from the README (issue 27), and the LICENSE is the one pyproject.toml names."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_a_doc_is_a_file_of_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue  # a web address, or a heading of the same page
        path = (doc.parent / target.split("#", 1)[0]).resolve()
        assert path.is_relative_to(ROOT), f"{doc.name} links outside the repository: {target}"
        assert path.exists(), f"{doc.name} links to a missing file: {target}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_doc_names_a_path_outside_the_repository(doc: Path) -> None:
    """The rule books are described in words: no path to the machine they were copied to."""
    text = doc.read_text(encoding="utf-8")
    assert re.findall(r"/work/|\.\./shared|/shared/rules", text) == []


def linked_docs(doc: Path) -> set[Path]:
    """The Markdown files of the repository that a doc links to."""
    found = set()
    for target in LINK.findall(doc.read_text(encoding="utf-8")):
        if not re.match(r"^[a-z]+:", target) and not target.startswith("#"):
            path = (doc.parent / target.split("#", 1)[0]).resolve()
            if path.suffix == ".md" and path.is_file():
                found.add(path)
    return found


def test_every_page_of_docs_is_reachable_from_the_readme() -> None:
    """The README is short and links to the reference: no page of docs/ is left where nobody finds it."""
    seen, todo = {README.resolve()}, [README.resolve()]
    while todo:
        for page in linked_docs(todo.pop()) - seen:
            seen.add(page)
            todo.append(page)
    assert [str(doc.relative_to(ROOT)) for doc in DOCS if doc.resolve() not in seen] == []


def test_the_changelog_keeps_a_changelog() -> None:
    """CHANGELOG.md follows Keep a Changelog 1.1.0: an Unreleased section first, then each release as
    "## [X.Y.Z] - YYYY-MM-DD", newest first, its changes grouped under the six kinds it names."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "# Changelog" and "https://keepachangelog.com/en/1.1.0/" in text
    releases = [line for line in lines if line.startswith("## ")]
    assert releases[0] == "## [Unreleased]"
    dated = [re.fullmatch(r"## \[\d+\.\d+\.\d+\] - (\d{4}-\d{2}-\d{2})", line) for line in releases[1:]]
    assert all(dated), releases
    dates = [match.group(1) for match in dated if match]
    assert dates == sorted(dates, reverse=True)
    kinds = {line.removeprefix("### ") for line in lines if line.startswith("### ")}
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_license_is_the_mit_license_pyproject_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    lines = (ROOT / "LICENSE").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "MIT License"
    assert lines[2] == "Copyright (c) 2026 Dugout contributors"
    assert "Permission is hereby granted, free of charge" in lines[4]
