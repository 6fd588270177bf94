"""Alembic's entry: the store runs revisions on its own connection, inside its own transaction
(league.db.upgrade_schema), for SQLite and PostgreSQL alike."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection)
with context.begin_transaction():
    context.run_migrations()
