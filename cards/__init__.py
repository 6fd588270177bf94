"""Inside Pitch cards as validated data: notation, models, loading and writing sets."""

from pathlib import Path

BUNDLED_SETS = Path(__file__).parent / "sets"
SAMPLE_SET = BUNDLED_SETS / "sample"
