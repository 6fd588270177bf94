"""The league store: every operation on leagues, teams, rosters, lineups, pitching staffs and games.

One :class:`Store` per process holds the one aiosqlite connection. Every operation is a
transaction: ``BEGIN IMMEDIATE`` for those that write (so two processes on the same file
take turns instead of failing), a plain ``BEGIN`` for reads (one consistent snapshot). The
tasks of one process share the connection and take turns through a lock; an operation
called inside another's transaction joins it. Bad input raises a :mod:`league.errors`
error before anything is written, or inside the transaction, which is then rolled back:
a refused or failed operation leaves the database as it was.

The store is split by aggregate, each module with its own SQL; rows come back as the models
of :mod:`league.models`. Each aggregate's class builds on the one before it, so it may use
what those below it read (a team's store reads leagues):

- :mod:`league.store.base`: the connection, transactions, query helpers, the league's cards;
- :mod:`league.store.leagues`: leagues and their settings;
- :mod:`league.store.teams`: teams, rosters and trades, lineups and pitching staffs;
- :mod:`league.store.games`: the schedule and its games, from setup to finish;
- :mod:`league.store.tables`: season tables and reports;
- :mod:`league.store.playoffs`: playoffs and a season's close;
- :mod:`league.store.news`: a day's news (league.news) and the last day posted;
- :mod:`league.store.draft`: drafts, their queues and picks;
- :mod:`league.store.seasons`: the next season and keepers;
- :mod:`league.store.awards`: each season's awards;
- :mod:`league.store.history`: every season's records and lines, for the league's history;
- :mod:`league.store.budget`: the bot's Discord request budget, shared by its processes.

What a game's rules decide (who starts, a game's setup, rest, injuries) is in the league's
services (league.starters, league.setups, league.rest), which have no SQL; the store reads what
they need and keeps what they say.
"""

from __future__ import annotations

from league.store.base import FinishHook
from league.store.budget import BudgetStore
from league.store.draft import DraftStore
from league.store.history import HistoryStore
from league.store.news import NewsStore
from league.store.seasons import SeasonStore

__all__ = ["FinishHook", "Store"]


class Store(DraftStore, SeasonStore, HistoryStore, NewsStore, BudgetStore):
    """The league's database, opened with ``await Store.open(path)`` and closed with ``await store.close()``."""
