"""The docs are true to the repository: every file they cite is in it, every `recall-audit`
command and option and every `make` target they show exists, and the built-in judge's
version they name is the current one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup

from recall_audit.cli import app
from recall_audit.scorer.judges.builtin import BuiltinJudge

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Folders and files at the top of the repository; hidden ones (.venv, .recall-audit, ...)
# are made at run time and may be cited without existing.
TOP = {p.name for p in ROOT.iterdir() if not p.name.startswith(".")}
INLINE = re.compile(r"`([^`\n]+)`")
FENCED = re.compile(r"^```[a-z]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def doc_id(doc: Path) -> str:
    return str(doc.relative_to(ROOT))


def code_spans(text: str) -> list[str]:
    """Inline code, and the lines of fenced blocks with their `\\` continuations joined."""
    blocks = [m.group(1).replace("\\\n", " ") for m in FENCED.finditer(text)]
    inline = INLINE.findall(FENCED.sub("", text))
    return inline + [line for block in blocks for line in block.splitlines()]


def cited_paths(text: str) -> set[str]:
    """Backticked repository paths: tokens whose first part names a top-level entry."""
    found = set()
    for span in INLINE.findall(text):
        token = span.strip().rstrip(".,:;)")
        if " " in token or "://" in token or any(c in token for c in "<>*[]{}$"):
            continue
        parts = token.split("/")
        if parts[0] in TOP and not any(part.startswith(".") for part in parts[1:]):
            found.add(token)
    return found


def named_markdown(text: str) -> set[str]:
    """Every *.md a doc names, in code or in prose (the design notes live outside the repo)."""
    return set(re.findall(r"(?<![\w/.-])([\w./-]+\.md)\b", text))


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_cited_file_is_in_the_repository(doc: Path) -> None:
    text = doc.read_text()
    missing = {p for p in cited_paths(text) if not (ROOT / p).exists()}
    missing |= {
        name
        for name in named_markdown(text)
        if not (ROOT / name).exists() and not (doc.parent / name).exists()
    }
    links = re.findall(r"\]\(([^)#\s]+)", text)
    missing |= {link for link in links if "://" not in link and not (doc.parent / link).exists()}
    assert missing == set()


def test_the_path_rules_catch_what_is_missing() -> None:
    text = "See `recall_audit/flows/nowhere.py`, `recall_audit/deployments/prefect.yaml` and the notes in DESIGN.md."
    assert cited_paths(text) == {
        "recall_audit/flows/nowhere.py",
        "recall_audit/deployments/prefect.yaml",
    }
    assert named_markdown(text) == {"DESIGN.md"}


def command_options() -> dict[str, set[str]]:
    """`recall-audit` commands (groups as `baseline set`) and the options each takes."""
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    found: dict[str, set[str]] = {}
    for name, command in root.commands.items():
        subcommands = command.commands if isinstance(command, TyperGroup) else {"": command}
        # A group named alone, as in "`recall-audit baseline`", with its own options (those of
        # its callback: `recall-audit server --port` runs the server, `server stop` stops it).
        found[name] = {"--help"} | {o for p in command.params for o in [*p.opts, *p.secondary_opts]}
        for sub, leaf in subcommands.items():
            options = {o for p in leaf.params for o in [*p.opts, *p.secondary_opts]}
            found[f"{name} {sub}".strip()] = options | {"--help"}
    return found


def shown_commands(text: str) -> list[tuple[str, list[str]]]:
    """(command words, options) of each `recall-audit ...` shown in code."""
    shown = []
    for span in code_spans(text):
        line = span.split("#", 1)[0]
        for match in re.finditer(r"recall-audit\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(.*)", line):
            rest = match.group(2).split("recall-audit", 1)[0]
            shown.append((match.group(1), re.findall(r"(?<![\w-])--[a-z][a-z-]*", rest)))
    return shown


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_command_and_option_shown_exists(doc: Path) -> None:
    commands = command_options()
    targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    text = doc.read_text()
    wrong = []
    for words, options in shown_commands(text):
        # "baseline set" is a command; "runs lists" is the command `runs` in a sentence.
        name = words if words in commands else words.split()[0]
        if name not in commands:
            wrong.append(f"recall-audit {words}")
            continue
        wrong += [f"recall-audit {name} {o}" for o in options if o not in commands[name]]
    for span in code_spans(text):
        wrong += [
            f"make {t}" for t in re.findall(r"\bmake ([a-z][\w-]*)", span) if t not in targets
        ]
    assert wrong == []


def test_the_command_rules_catch_what_is_missing() -> None:
    shown = shown_commands(
        "`recall-audit serve --dataset d --nope 1` and `recall-audit baseline set ID`"
    )
    assert shown == [("serve", ["--dataset", "--nope"]), ("baseline set", [])]
    assert "--nope" not in command_options()["serve"]


def test_named_builtin_judge_versions_are_the_current_one() -> None:
    # docs/fidelity.md tells the judge's history, so it names earlier versions on purpose.
    named = {
        doc_id(doc): set(re.findall(r"\bbuiltin-\d+\b", doc.read_text()))
        for doc in DOCS
        if doc.name != "fidelity.md"
    }
    assert {doc: v for doc, v in named.items() if v - {BuiltinJudge.version}} == {}
