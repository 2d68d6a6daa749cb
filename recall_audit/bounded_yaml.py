"""A YAML file of settings read within the limits the datasets have: a regular file of at
most MAX_FILE_BYTES, UTF-8, nested at most MAX_DEPTH levels, one document, no duplicate keys,
no aliases (a few lines of them expand to gigabytes). Each problem is one YamlFileError
naming the file and its line; each value's line is kept for the messages of what reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from recall_audit.errors import ConfigurationError
from recall_audit.storable import MAX_DEPTH

# A settings file is a few hundred bytes; a megabyte is far beyond any real one.
MAX_FILE_BYTES = 2**20
# Where a value stands: its keys (and list positions) from the top.
Where = tuple[str | int, ...]


class YamlFileError(ConfigurationError):
    """A settings file that cannot be read as one: its path and line in the message."""


@dataclass(frozen=True)
class YamlFile:
    path: Path
    data: Any
    # The line (from 1) of each key, and of each item of a list, by where it stands.
    lines: dict[Where, int] = field(default_factory=dict)

    def line(self, where: Where) -> int:
        """The line of `where`, else of the nearest key above it that has one."""
        while where and where not in self.lines:
            where = where[:-1]
        return self.lines.get(where, 1)

    def at(self, where: Where) -> str:
        """`file:line` of `where`, for a message."""
        return f"{self.path}:{self.line(where)}"


def read_yaml_file(path: Path) -> YamlFile:
    """The file's one document, as plain values (None when it is empty)."""
    text = _text(path)
    _check_events(path, text)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        raise _parse_error(path, error) from None
    lines: dict[Where, int] = {}
    data = None if node is None else _value(path, lines, node, ())
    return YamlFile(path, data, lines)


def _text(path: Path) -> str:
    """The file's text, refused when it is not a regular file (a FIFO would block, /dev/zero
    never end), too large, or not UTF-8."""
    try:
        if not path.is_file():
            raise YamlFileError(
                f"{path}: no such file" if not path.exists() else f"{path}: not a file"
            )
        with path.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise YamlFileError(f"{path}: {error.strerror or error}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise YamlFileError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes; not a settings file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise YamlFileError(f"{path}:{line}: not UTF-8 text ({error.reason})") from None


def _check_events(path: Path, text: str) -> None:
    """Depth and aliases, from the parser's events, before any tree is built: building one
    nested thousands deep would overflow the recursion of PyYAML's composer."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            line = event.start_mark.line + 1
            if isinstance(event, yaml.AliasEvent):
                raise YamlFileError(f"{path}:{line}: aliases (*{event.anchor}) are not allowed")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise YamlFileError(f"{path}:{line}: nested more than {MAX_DEPTH} levels deep")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as error:
        raise _parse_error(path, error) from None


def _parse_error(path: Path, error: yaml.YAMLError) -> YamlFileError:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    line = f":{mark.line + 1}" if mark is not None else ""
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    return YamlFileError(f"{path}{line}: not valid YAML: {problem}")


def _value(path: Path, lines: dict[Where, int], node: yaml.Node, where: Where) -> Any:
    if isinstance(node, yaml.MappingNode):
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(path, key_node)
            line = key_node.start_mark.line + 1
            if not isinstance(key, str):
                raise YamlFileError(f"{path}:{line}: a key must be text, not {key!r}")
            if key in mapping:
                first = lines[(*where, key)]
                raise YamlFileError(
                    f"{path}:{line}: {key!r} is given twice (first at line {first})"
                )
            lines[(*where, key)] = line
            mapping[key] = _value(path, lines, value_node, (*where, key))
        return mapping
    if isinstance(node, yaml.SequenceNode):
        items = []
        for index, item in enumerate(node.value):
            lines[(*where, index)] = item.start_mark.line + 1
            items.append(_value(path, lines, item, (*where, index)))
        return items
    return _scalar(path, node)


def _scalar(path: Path, node: yaml.Node) -> Any:
    """A scalar as YAML reads it (numbers, booleans, null); a mapping as a key is refused."""
    if not isinstance(node, yaml.ScalarNode):
        line = node.start_mark.line + 1
        raise YamlFileError(f"{path}:{line}: a key must be text, not a mapping or list")
    try:
        return yaml.SafeLoader("").construct_object(node)
    except yaml.YAMLError as error:
        raise _parse_error(path, error) from None
