"""The audit a command was given: its settings from a `--spec` file and its options, each
remembered with where it came from, layered (the spec's defaults, then the file, then the
options; a note on stderr whenever an option replaces a file's value), and made into the
AuditSpec, whose own rules answer for every command (one line naming the option, or the
file's line and key). Apart from `cli/options.py`, which the commands that only read results
import: building the spec's models is a tenth of a second they have no use for."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from recall_audit.cli.options import errors, fail
from recall_audit.cli.spec_file import BY_PATH, SettingsFile, option, read_settings_file
from recall_audit.cli.terminal import safe
from recall_audit.errors import RecallAuditError
from recall_audit.limits import CaseLimits
from recall_audit.redact import redact_spec
from recall_audit.spec import AuditSpec, DatasetSpec

# The defaults of every option: the spec's own (the limits' without the environment, which
# is read when a spec is made).
DEFAULT = AuditSpec(dataset=DatasetSpec(path="-"), case_limits=CaseLimits.model_construct())
# Folders resolved where they are given: a flow or a worker runs in another folder.
RESOLVED = ("app_dir", "knowledge_base")


@dataclass(frozen=True)
class Source:
    """Where a setting was given: `where` is a file's `path:line` ("" for an option), `label`
    the setting as it was written there (`--top-k`, `retriever.top_k`)."""

    where: str
    label: str

    @property
    def prefix(self) -> str:
        return f"{self.where}: " if self.where else ""

    @property
    def told(self) -> str:
        return f"{self.label} ({self.where})" if self.where else self.label


@dataclass(frozen=True)
class Settings:
    """Flat settings (recall_audit.spec.SETTINGS) with where each came from."""

    values: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)

    def source(self, name: str) -> Source:
        return self.sources.get(name, Source("", option(name)))

    def with_values(self, values: dict[str, Any], source: Source) -> Settings:
        """These settings with `values` set (a combination of an experiment's matrix)."""
        sources = self.sources | dict.fromkeys(values, source)
        return Settings(self.values | values, sources)


def from_options(options: dict[str, Any]) -> Settings:
    """The settings given as options (None: not given)."""
    values = {name: _plain(name, v) for name, v in options.items() if v is not None}
    return Settings(values, {name: Source("", option(name)) for name in values})


def from_file(settings: SettingsFile) -> Settings:
    values = {name: _plain(name, v) for name, v in settings.values.items()}
    sources = {name: Source(settings.at(name), settings.label(name)) for name in values}
    return Settings(values, sources)


def _plain(name: str, value: Any) -> Any:
    """A path as a string the flow can carry; the folders a flow runs in resolved here."""
    if name in RESOLVED and isinstance(value, str | Path):
        return str(Path(value).resolve())
    return str(value) if isinstance(value, Path) else value


def layered(*layers: Settings) -> Settings:
    """Each layer over the ones before it; a note on stderr for each value it replaces."""
    values: dict[str, Any] = {}
    sources: dict[str, Source] = {}
    for layer in layers:
        for name, value in layer.values.items():
            if name in values and values[name] != value:
                old, new = sources[name], layer.source(name)
                errors.print(
                    f"note: {new.told} {_shown(value)} overrides {old.told} {_shown(values[name])}",
                    highlight=False,
                    soft_wrap=True,
                )
            values[name], sources[name] = value, layer.source(name)
    return Settings(values, sources)


def _shown(value: Any) -> str:
    return safe(redact_spec(value) if isinstance(value, str) else repr(value))


def given_settings(
    options: dict[str, Any], spec_file: Path | None, extra_keys: tuple[str, ...] = ()
) -> tuple[Settings, SettingsFile | None]:
    """A command's settings: the file's (when given), the options over them."""
    read = read_settings_file(spec_file, extra_keys) if spec_file is not None else None
    base = from_file(read) if read is not None else Settings()
    return layered(base, from_options(options)), read


def spec_from(settings: Settings) -> AuditSpec:
    """The spec of these settings; a rule it breaks is one line saying where it was given."""
    if "dataset" not in settings.values:
        raise fail("give the dataset: --dataset FILE, or dataset: in a --spec file")
    try:
        return AuditSpec.from_flat(**settings.values)
    except RecallAuditError as error:  # a limit's RECALL_AUDIT_* variable, named
        raise fail(str(error)) from None
    except ValidationError as error:
        raise fail(_problem(error, settings)) from None


def spec_of(**options: Any) -> AuditSpec:
    """The audit that options alone describe."""
    return spec_from(from_options(options))


def _problem(error: ValidationError, settings: Settings) -> str:
    first = error.errors()[0]
    context = first.get("ctx") or {}
    if "template" in context:  # one of the spec's own rules, naming its settings
        names = {k: settings.source(v).label for k, v in context.items() if k.endswith("setting")}
        where = settings.source(context["setting"])
        return where.prefix + str(context["template"]).format(**(context | names))
    loc = tuple(str(part) for part in first["loc"])
    name = BY_PATH.get(loc[:2]) or BY_PATH.get(loc[:1]) or (loc[0] if loc else "")
    source = settings.source(name) if name else Source("", "options")
    return f"{source.prefix}{source.label}: {first['msg']}"


def check_judge_and_retriever(spec: AuditSpec) -> None:
    """Fails fast on a judge or retriever that cannot work, before anything starts."""
    # Imported here: the commands that read results need neither (nor numpy, bm25s).
    from recall_audit.retrievers import retriever_from_spec
    from recall_audit.scorer.judges import get_judge

    limits = spec.case_limits
    try:
        get_judge(spec.judge, escalate=spec.escalate, limits=limits)
        if spec.retriever.spec:
            local = spec.retriever.local_settings()
            retriever_from_spec(
                spec.retriever.spec, app_dir=spec.app_dir, local=local, limits=limits
            )
    except (RecallAuditError, ValueError) as error:
        raise fail(str(error)) from None
