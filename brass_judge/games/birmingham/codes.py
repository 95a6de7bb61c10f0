"""Brass: Birmingham's part of the table of codes (:mod:`brass_judge.codes`).

As for Lancashire (``games/lancashire/codes.py``): :data:`RULINGS` gives the Birmingham rules-database
entries (``rulings/birmingham.yaml``, B001-B061) each shared code cites whenever reported or applied;
:data:`TEXTS` rewords shared rows where Birmingham's numbers or places differ; :data:`ROWS` adds
Birmingham's own rows after a shared anchor code. Birmingham's own codes take numbers from 101 up in
each family (``SEL101``, ``NET101``, ``SCT001`` for Scout, ...) so that no code means two things.

The file is sectioned by rule family so each area's rows sit together.
"""

from __future__ import annotations

from typing import Any

# ---------------------------------------------------------------------------- turn, cards, position
_RULINGS_TURN: dict[str, tuple[str, ...]] = {}
_TEXTS_TURN: dict[str, dict[str, Any]] = {}
_ROWS_TURN: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- build, develop, loan
_RULINGS_BUILD: dict[str, tuple[str, ...]] = {}
_TEXTS_BUILD: dict[str, dict[str, Any]] = {}
_ROWS_BUILD: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- network, sell, beer, scout
_RULINGS_TRADE: dict[str, tuple[str, ...]] = {}
_TEXTS_TRADE: dict[str, dict[str, Any]] = {}
_ROWS_TRADE: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- the table
#: shared code -> the Birmingham rulings it cites whenever reported or applied
RULINGS: dict[str, tuple[str, ...]] = {**_RULINGS_TURN, **_RULINGS_BUILD, **_RULINGS_TRADE}
#: shared code -> fields of its row worded for Birmingham (message, remedy, doc)
TEXTS: dict[str, dict[str, Any]] = {**_TEXTS_TURN, **_TEXTS_BUILD, **_TEXTS_TRADE}
#: (anchor code, row fields): Birmingham's own rows, each placed after its anchor
ROWS: list[tuple[str, dict[str, Any]]] = [*_ROWS_TURN, *_ROWS_BUILD, *_ROWS_TRADE]

#: Birmingham's rules in doubt and routine rules beyond the shared ones (see brass_judge.codes)
IN_DOUBT_RULES: frozenset[str] = frozenset()
ROUTINE_RULES: frozenset[str] = frozenset()
