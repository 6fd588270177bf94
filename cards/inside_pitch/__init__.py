"""Inside Pitch's own card code (its card models still live in cards.models and cards.loader)."""
