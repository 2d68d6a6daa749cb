"""Runs Recall Audit's audit flow on a JSONL file and prints one JSON line: the summary and
the flow's wall time (imports excluded). Run with the project's venv; the model, database and
Prefect API come from the environment (OPENAI_BASE_URL, RECALL_AUDIT_DATABASE_URL, PREFECT_API_URL).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--judge", default="builtin")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--batch-size", type=int, default=100)
    args = parser.parse_args()

    from recall_audit.flows.environment import configure_prefect

    configure_prefect()
    from recall_audit.flows.audit import audit
    from recall_audit.spec import AuditSpec

    started, cpu = time.perf_counter(), time.process_time()
    summary = asyncio.run(
        audit(
            spec=AuditSpec.from_flat(
                dataset=args.dataset,
                judge=args.judge,
                concurrency=args.concurrency,
                batch_size=args.batch_size,
            )
        )
    )
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    data = summary.model_dump(mode="json", exclude={"comparison", "row_errors"})
    print(json.dumps({"wall_s": wall, "cpu_s": cpu, "score": data["mean_recall"], **data}))


if __name__ == "__main__":
    main()
