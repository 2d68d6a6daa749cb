"""A file of audit settings (`--spec audit.yaml`, an experiment.yaml): the shape of
prefect.yaml's parameters (a `spec:` mapping of the spec's groups, or the groups at the top),
the options' names at the top level (`dataset:`, `retriever:`, `top_k:`), or both mixed:

    dataset: examples/hotpot/dataset.jsonl      # or dataset: {path: ..., name: hotpot}
    retriever: {spec: bm25:examples/hotpot/kb.jsonl, top_k: 4}
    gate: {max_regression: 0.05}
    samples: 1

Each setting may be given once; an unknown key, or a mapping or list where one value is
expected, is one line naming the file, its line and the setting (and its option)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from types import UnionType
from typing import Any, Literal, NoReturn, Union, get_args, get_origin

from recall_audit.bounded_yaml import Where, YamlFile, read_yaml_file
from recall_audit.cli.options import fail
from recall_audit.errors import RecallAuditError
from recall_audit.spec import GROUPS, SETTINGS, AuditSpec

# Each setting by where it sits in the spec, the other way round.
BY_PATH = {path: name for name, path in SETTINGS.items()}


@dataclass(frozen=True)
class SettingsFile:
    """The settings of a file by their flat names (SETTINGS), each with where it was written."""

    file: YamlFile
    values: dict[str, Any] = field(default_factory=dict)
    written: dict[str, Where] = field(default_factory=dict)
    # The keys the command reads itself (an experiment's `matrix`), as they are.
    extra: dict[str, Any] = field(default_factory=dict)

    def label(self, name: str) -> str:
        """The setting as the file wrote it: `top_k`, `retriever.top_k`."""
        return ".".join(str(part) for part in self.written[name])

    def at(self, name: str) -> str:
        return self.file.at(self.written[name])


def option(name: str) -> str:
    return "--" + name.replace("_", "-")


def read_settings_file(path: Path, extra_keys: tuple[str, ...] = ()) -> SettingsFile:
    """The settings of the file at `path`; every problem is one line and exit code 2."""
    try:
        file = read_yaml_file(path)
    except RecallAuditError as error:
        raise fail(str(error)) from None
    data = {} if file.data is None else file.data
    if not isinstance(data, dict):
        raise fail(f"{path}:1: expected settings (name: value), not {_kind(data)}")
    root: Where = ()
    if set(data) == {"spec"} and isinstance(data["spec"], dict):  # a deployment's parameters
        data, root = data["spec"], ("spec",)
    settings = SettingsFile(file)
    for key, value in data.items():
        where = (*root, key)
        if key in extra_keys:
            settings.extra[key] = value
        elif key in GROUPS and (isinstance(value, dict) or key not in SETTINGS):
            _group(settings, key, value, where)
        elif key in SETTINGS:
            _put(settings, key, value, where)
        else:
            _unknown(file, where, [*SETTINGS, *GROUPS, *extra_keys])
    return settings


def _group(settings: SettingsFile, group: str, value: Any, where: Where) -> None:
    fields = list(GROUPS[group].model_fields)
    if not isinstance(value, dict):
        raise fail(
            f"{settings.file.at(where)}: {group} takes a mapping of its settings "
            f"({', '.join(fields)}), not {_kind(value)}"
        )
    for leaf, inner in value.items():
        name = BY_PATH.get((group, leaf))
        if name is None:
            _unknown(settings.file, (*where, leaf), fields)
        _put(settings, name, inner, (*where, leaf))


def _put(settings: SettingsFile, name: str, value: Any, where: Where) -> None:
    label = ".".join(str(part) for part in where)
    if name in settings.values:
        raise fail(
            f"{settings.file.at(where)}: {label} is given twice "
            f"(as {settings.label(name)} at line {settings.file.line(settings.written[name])})"
        )
    if isinstance(value, dict | list):
        raise fail(
            f"{settings.file.at(where)}: {label} takes one {kind_of(name)} (as "
            f"{option(name)} does), not {_kind(value)}"
        )
    settings.values[name] = value
    settings.written[name] = where


def _unknown(file: YamlFile, where: Where, known: list[str]) -> NoReturn:
    key = str(where[-1])
    near = difflib.get_close_matches(key, known, n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise fail(f"{file.at(where)}: unknown setting {key!r}{hint}")


def kind_of(name: str) -> str:
    """What one value of setting `name` is, as a person says it."""
    *group, leaf = SETTINGS[name]
    model = GROUPS[group[0]] if group else AuditSpec
    base = base_type(model.model_fields[leaf].annotation)
    if get_origin(base) is Literal:
        return "value (" + " | ".join(str(choice) for choice in get_args(base)) + ")"
    return {bool: "true or false", int: "number", float: "number"}.get(base, "text")


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"{type(value).__name__} {value!r}"


def base_type(annotation: Any) -> Any:
    """`int` of `int | None`; a Literal as it is."""
    if get_origin(annotation) in (Union, UnionType):
        return next(t for t in get_args(annotation) if t is not type(None))
    return annotation
