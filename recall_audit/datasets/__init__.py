"""Datasets: cases from JSONL, JSON or CSV, their rows, and BEIR/TREC qrels."""
