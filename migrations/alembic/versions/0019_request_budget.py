"""The bot's shared request budget: Discord requests granted per time slot, for every bot process.

Discord's global limit belongs to the bot, not to a process: sharded processes take their requests
from this table (league.store.budget), one row per bot and slot, pruned as slots pass.
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "request_budget",
        sa.Column("bot", sa.BigInteger, nullable=False),  # the bot's application id (never its token)
        sa.Column("slot", sa.BigInteger, nullable=False),  # the slot's start, in slots since the epoch
        sa.Column("used", sa.Integer, nullable=False),  # requests granted in that slot
        sa.PrimaryKeyConstraint("bot", "slot"),
    )


def downgrade() -> None:
    op.drop_table("request_budget")
