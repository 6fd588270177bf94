"""The charts the Deep Drive rule book prints, as data with typed readers.

Each chart is a TOML file in ``engine/deep_drive/tables/``, parsed and validated once (a bad
table raises :class:`~engine.deep_drive.charts.base.ChartError` naming the file, the chart and
the cell) and read through small functions that take plain values (rolls, ratings), never dice:

- ``running``: Baserunner Advancement, Choice, Cut-Off, Outfielder Assignment, the throwing
  outfielder by mod die;
- ``bunt``: the Bunt Chart and its suicide squeeze table;
- ``hit_and_run``: the Hit and Run Chart;
- ``rare``: the Rare Chart and who is hurt;
- ``play_by_play``: the words (and the kind of misplay) for DEF singles and errors;
- ``bench``: Bench Usage and Post-Game Injuries.

The Outs Chart and the season handbook's charts are not here. docs/deep-drive/charts.md
describes every chart and the readings Dugout settled where the book is silent.
"""

from __future__ import annotations

from engine.deep_drive.charts import bench, bunt, hit_and_run, play_by_play, rare, running

__all__ = ["load_all"]


def load_all() -> None:
    """Load and validate every chart once (a bad table raises ChartError)."""
    for module in (running, bunt, hit_and_run, rare, play_by_play, bench):
        module.load_all()
