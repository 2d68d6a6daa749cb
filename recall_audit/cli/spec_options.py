"""The command line's options for the audit's settings, made once from the AuditSpec's fields
(name, type, help, default) and `--spec FILE`: `@with_audit_settings` gives a command every
setting it does not declare itself, and hands it what it was given as `given` (GivenSettings).

Every generated option defaults to None, "not given", so a file's value is never replaced by a
default; the help says the spec's default."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeVar, get_origin

import typer

from recall_audit.cli.spec import DEFAULT, Settings, given_settings, spec_from
from recall_audit.cli.spec_file import SettingsFile, base_type
from recall_audit.limits import env_name, shown_default
from recall_audit.spec import GROUPS, SETTINGS, AuditSpec, flat_settings

# The settings that name files or folders.
PATHS = ("dataset", "qrels", "app_dir", "knowledge_base")
PANELS = {
    "dataset": "Dataset",
    "retriever": "Retriever",
    "gate": "Gate",
    "limits": "How fast and where",
    "case_limits": "Limits of one case",
    "diagnosis": "Diagnosis",
}
SPEC_FILE_HELP = (
    "A YAML file of the audit's settings (prefect.yaml's `spec:` shape, or these options' "
    "names at the top level: dataset:, retriever:, top_k:). Precedence: the file over the "
    "defaults, the options given here over the file (a note says each value they replace). "
    "Relative paths in it are read from the working folder."
)
Command = TypeVar("Command", bound=Callable[..., Any])
# Each setting's default, shown in its help.
DEFAULTS = MappingProxyType(flat_settings(DEFAULT))


@dataclass(frozen=True)
class GivenSettings:
    """The settings a command was given: its options (None: not given) and its --spec file."""

    options: dict[str, Any]
    spec_file: Path | None

    def settings(self, extra_keys: tuple[str, ...] = ()) -> tuple[Settings, SettingsFile | None]:
        return given_settings(self.options, self.spec_file, extra_keys)

    def spec(self) -> AuditSpec:
        return spec_from(self.settings()[0])


def with_audit_settings(command: Command) -> Command:
    """`command` with an option for each setting it does not declare, and --spec; it takes
    them as `given`."""
    own = inspect.signature(command, eval_str=True)
    mine = [p.replace(kind=p.KEYWORD_ONLY) for p in own.parameters.values() if p.name != "given"]
    names = {p.name for p in mine}
    generated = [name for name in SETTINGS if name not in names]
    spec_file = inspect.Parameter(
        "spec_file",
        inspect.Parameter.KEYWORD_ONLY,
        default=None,
        annotation=Annotated[Path | None, typer.Option("--spec", help=SPEC_FILE_HELP)],
    )

    @functools.wraps(command)
    def with_settings(**values: Any) -> Any:
        options = {name: values.pop(name) for name in generated}
        return command(given=GivenSettings(options, values.pop("spec_file")), **values)

    parameters = [spec_file, *(_parameter(name) for name in generated), *mine]
    with_settings.__signature__ = own.replace(parameters=parameters)  # type: ignore[attr-defined]
    return with_settings  # type: ignore[return-value]


def _parameter(name: str) -> inspect.Parameter:
    annotation = Annotated[_option_type(name) | None, _option(name)]
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation
    )


def _field(name: str) -> Any:
    *group, leaf = SETTINGS[name]
    return (GROUPS[group[0]] if group else AuditSpec).model_fields[leaf]


def _option_type(name: str) -> type:
    if name in PATHS:
        return Path
    base = base_type(_field(name).annotation)
    return str if get_origin(base) is Literal else base


def _option(name: str) -> Any:
    """The option of setting `name`: its help (the field's description) and default."""
    group = SETTINGS[name][0] if len(SETTINGS[name]) == 2 else None
    panel = PANELS.get(group or "", "Audit")
    help = _field(name).description or ""
    declared = "--" + name.replace("_", "-")
    flags = [f"{declared}/--no-{declared[2:]}"] if _option_type(name) is bool else []
    if group == "case_limits":
        help = f"{help} Default {shown_default(name)} (or {env_name(name)})."
        return typer.Option(*flags, help=help, show_default=False, rich_help_panel=panel)
    default = DEFAULTS.get(name)
    shown = str(default) if default not in (None, False) and name != "dataset" else False
    return typer.Option(*flags, help=help, show_default=shown, rich_help_panel=panel)
