"""The built-in judge with thresholds chosen on a team's own labels (`recall-audit calibrate
RUN --fit NAME`), saved as a named setting and used as `--judge builtin:calibrated-NAME`.

A setting is a small JSON file in RECALL_AUDIT_JUDGES_DIR (default
~/.config/recall-audit/judges/NAME.json), so that the library needs no database to use it.
Its thresholds are part of the judge's version: a setting fitted again is another judge,
and a run made with it is not compared with runs of the old one as a regression.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from recall_audit.errors import ConfigurationError
from recall_audit.scorer.judges.builtin import BuiltinJudge, BuiltinSettings

PREFIX = "builtin:calibrated-"
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_SHOWN = 80


class CalibratedSetting(BaseModel):
    name: str
    # Weighted share of a claim's content one window must contain, and a pool of windows.
    threshold: float = Field(gt=0, le=1)
    combined_threshold: float = Field(gt=0, le=1)
    # Where it was fitted, on how many labels, and the cross-validated balanced accuracy of
    # the fitted thresholds and of the defaults on those labels.
    run_id: str = ""
    labels: int = 0
    cv_balanced_accuracy: float | None = None
    default_cv_balanced_accuracy: float | None = None


def judges_dir() -> Path:
    given = os.environ.get("RECALL_AUDIT_JUDGES_DIR", "").strip()
    return Path(given) if given else Path.home() / ".config" / "recall-audit" / "judges"


def setting_path(name: str) -> Path:
    if not _NAME.fullmatch(name):
        # A long name is told by its length: the message stays one line of bounded length.
        got = repr(name) if len(name) <= MAX_SHOWN else f"{len(name):,} characters"
        raise ConfigurationError(
            f"a calibrated judge's name is 1 to 64 letters, digits, '-' or '_', got {got}"
        )
    return judges_dir() / f"{name}.json"


def save_setting(setting: CalibratedSetting) -> Path:
    path = setting_path(setting.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(setting.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return path


def load_setting(name: str) -> CalibratedSetting:
    path = setting_path(name)
    try:
        return CalibratedSetting.model_validate_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigurationError(
            f"no calibrated judge {name!r} ({path}); fit one with "
            f"`recall-audit calibrate RUN --fit {name}`"
        ) from None
    except (ValidationError, UnicodeDecodeError) as error:
        raise ConfigurationError(f"{path}: not a calibrated judge setting ({error})") from None


def fitted_settings(threshold: float, combined_threshold: float) -> BuiltinSettings:
    return BuiltinSettings(threshold=threshold, combined_threshold=combined_threshold)


class CalibratedJudge(BuiltinJudge):
    """The built-in judge with a setting's thresholds; its version names them."""

    def __init__(self, setting: CalibratedSetting) -> None:
        super().__init__(fitted_settings(setting.threshold, setting.combined_threshold))
        self.name = PREFIX + setting.name
        knobs = f"{setting.threshold:.4f}/{setting.combined_threshold:.4f}"
        self.version = f"{BuiltinJudge.version}+{hashlib.sha256(knobs.encode()).hexdigest()[:8]}"
