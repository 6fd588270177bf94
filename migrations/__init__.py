"""SQL migrations, NNNN_reason.sql, applied in order; the version lives in PRAGMA user_version."""
