"""Deep Drive Baseball cards (deep-drive-1.2.5): batters read 00-49, pitchers 50-99."""
