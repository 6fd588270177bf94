"""The rules: pure and replayable. Imports only the standard library and ``cards``."""
