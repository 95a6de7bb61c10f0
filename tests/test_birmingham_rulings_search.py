"""``rulings search --game birmingham``: the ruling that answers a plain question comes first.

The search words are shared (``brass_judge/games/lancashire/rulings_search.py`` is read for every
game); what a Birmingham player types for a rule goes in that ruling's ``keywords`` in
``rulings/birmingham.yaml``.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from brass_judge.cli import app


def first(question: str) -> list:
    r = CliRunner().invoke(app, ["rulings", "search", question, "--game", "birmingham", "--format", "json"])
    assert r.exit_code == 0, r.output
    return [x["id"] for x in json.loads(r.stdout)][:2]


@pytest.mark.parametrize(
    "question, answer",
    [
        ("where does beer come from", "B037"),  # was second, under the two-rails ruling B040
        ("where does the beer come from when I sell", "B037"),
        ("where do I get beer", "B037"),
        ("where does the beer for a rail come from", "B040"),
        ("two rails beer", "B040"),
    ],
)
def test_the_answer_comes_first(question, answer):
    assert first(question)[0] == answer
