"""`python -m recall_audit ...` is `recall-audit ...`."""

from recall_audit.cli import app

app(prog_name="recall-audit")
