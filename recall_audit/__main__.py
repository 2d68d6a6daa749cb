"""`python -m recall_audit ...` is `recall-audit ...`."""

from recall_audit.cli import main

main()
