"""The Inside Pitch ruleset (IP2021 first, IP2007 where 2021 is silent)."""
