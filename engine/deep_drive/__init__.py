"""The Deep Drive ruleset (deep-drive-1.2.5)."""
