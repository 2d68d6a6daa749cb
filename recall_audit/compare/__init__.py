"""Comparing runs: the paired comparison, the gate, reports, charts, experiments."""
