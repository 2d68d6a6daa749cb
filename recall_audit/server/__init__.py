"""The project's own Prefect server: starting it, its database, its retention."""
