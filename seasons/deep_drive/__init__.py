"""Deep Drive cards for real seasons (docs/deep-drive/real-seasons.md)."""
