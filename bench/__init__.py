"""Benchmarks: ``make bench`` (or ``python -m bench``) prints Dugout's figures."""
