"""The schema at 0018, where Alembic takes over from the numbered SQLite migrations.

On PostgreSQL this builds every table from migrations/postgresql/0018_baseline.sql. An SQLite file
reaches 0018 through migrations/0001 … 0018 and is stamped with this revision, never run through it.
"""

from importlib import resources

from alembic import op

from league.db import Migration

revision = "0018"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        raise RuntimeError("an SQLite file reaches 0018 through the numbered migrations (league.db.upgrade)")
    script = (resources.files("migrations") / "postgresql" / "0018_baseline.sql").read_text(encoding="utf-8")
    for statement in Migration(18, "0018_baseline.sql", script).statements():  # one at a time: asyncpg prepares each
        op.get_bind().exec_driver_sql(statement)
