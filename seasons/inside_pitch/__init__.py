"""Inside Pitch cards for real seasons (docs/real-seasons/)."""
