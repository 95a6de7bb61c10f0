"""Checkable game logs: the facts the rules give after each turn, written into a log's text.

A game log may record facts after any turn (``after:``, docs/games.md); ``replay`` checks each
one and reports a wrong one at its own line (GAM001). :func:`annotate` replays a log and writes a
copy of its text with an ``after:`` line on every turn entry: the money, income level and VP of
the player who played and of every other player whose values changed since they were last
written (income at the end of a round, VP at the end of an era). Compared with what the table
had, such a log pins a legal but wrong entry (a loan of 30 written for one of 20) to its own
turn instead of to the final score.

The user's text is kept: each ``after:`` is an inserted line (block entries) or inserted text
before the closing brace (flow entries, ``{player: ..., actions: ...}``); nothing else moves,
comments and layout stay as written. A turn entry that already records facts is left as written
(replay checks those facts). The replay is strict: it stops at the first departure from the rules
(an illegal action, a wrong player, an incomplete turn, turns after the end), and turns from there
on are not annotated, since the rules no longer say what they lead to.

``selfplay --facts`` uses the same function on the log it writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the facts written for a player (keys of an ``after:`` player mapping, games.PLAYER_FACTS)
FACT_KEYS = ("money", "income_level", "vp")


@dataclass
class Annotation:
    text: str  #: the annotated log
    annotated: list = field(default_factory=list)  #: 1-based turn numbers given an ``after:``
    kept: list = field(default_factory=list)  #: 1-based turn numbers whose own ``after:`` was kept
    not_reached: list = field(default_factory=list)  #: 1-based turn numbers after the departure
    result: Any = None  #: the strict :class:`~brass_judge.gamelog.ReplayResult`

    @property
    def stopped(self):
        """The finding the replay stopped at, or None."""
        if self.result is not None and self.result.stopped and self.result.findings:
            return self.result.findings[-1]
        return None

    def to_dict(self) -> dict:
        st = self.stopped
        return {
            "annotated": len(self.annotated),
            "kept": list(self.kept),
            "not_reached": len(self.not_reached),
            "stopped_at": None if st is None else {"code": st.code, "line": st.line, "turn": st.turn},
        }


def turn_facts(log, data) -> tuple:
    """Replay *log* (a :class:`~brass_judge.gamelog.GameLog`) strictly; return ``(result, facts)``
    with ``facts[turn_index] = {player: {money, income_level, vp}}`` for every turn entry played."""
    from .gamelog import replay

    start = {"money": data.start_money, "income_level": data.income_level(data.start_income_space), "vp": 0}
    last = {name: dict(start) for name in log.players}
    facts: dict = {}

    def hook(turn, pos) -> None:
        out = {}
        for name in log.players:
            p = pos.player[name]
            now = {"money": p.money, "income_level": data.income_level(p.income_space), "vp": p.vp}
            if name == turn.player or now != last[name]:
                out[name] = now
                last[name] = now
        facts[turn.index] = out

    res = replay(log, on_turn_end=hook)
    return res, facts


def _flow(obj) -> str:
    import yaml

    dumper = getattr(yaml, "CSafeDumper", None) or yaml.SafeDumper
    return yaml.dump(
        obj, Dumper=dumper, default_flow_style=True, width=10**9, sort_keys=False, allow_unicode=True
    ).strip()


def _last_line(node) -> int:
    """0-based line of the last character of *node*'s own text."""
    import yaml

    if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
        return _last_line(node.value[-1][1])
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        return _last_line(node.value[-1])
    end = node.end_mark
    return end.line - 1 if end.column == 0 and end.line > node.start_mark.line else end.line


def annotate(text: str, name: str = "<game>", data=None) -> Annotation:
    """Annotate the game log *text* (see the module docstring). Raises
    :class:`~brass_judge.errors.InputError` when the log cannot be used."""
    import yaml

    from .gamelog import log_from_doc
    from .yamlio import load_string

    doc = load_string(text, name)
    log = log_from_doc(doc, data)
    res, facts = turn_facts(log, log.data)
    ann = Annotation(text, result=res)
    root = yaml.compose(text, Loader=yaml.SafeLoader)  # marks with character offsets, on the same text
    assert root is not None  # log_from_doc read the same text
    turns_node = next(v for k, v in root.value if k.value == "turns")
    nl = "\r\n" if "\r\n" in text else "\n"
    line_starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            line_starts.append(i + 1)
    inserts: list = []
    for i, item in enumerate(turns_node.value):
        if any(k.value == "after" for k, _ in item.value):
            ann.kept.append(i + 1)
            continue
        if i not in facts:
            ann.not_reached.append(i + 1)
            continue
        flow = _flow(facts[i])
        if item.flow_style:
            close = item.end_mark.index - 1  # the closing brace
            inserts.append((close, f", after: {flow}"))
        else:
            line = _last_line(item) + 1
            at = line_starts[line] if line < len(line_starts) else len(text)
            prefix = "" if at == 0 or text[at - 1] == "\n" else nl
            inserts.append((at, f"{prefix}{' ' * item.start_mark.column}after: {flow}{nl}"))
        ann.annotated.append(i + 1)
    out = text
    for at, s in sorted(inserts, reverse=True):
        out = out[:at] + s + out[at:]
    ann.text = out
    _self_check(doc, out, name, facts, ann)
    return ann


def _self_check(doc, out: str, name: str, facts: dict, ann: Annotation) -> None:
    """The annotated text must read as the same log plus exactly the facts written."""
    from .errors import InputError
    from .yamlio import load_string

    try:
        new = load_string(out, name).data
    except InputError as err:  # pragma: no cover - a layout the insertion does not handle
        raise InputError(
            f"cannot annotate this log safely (the copy would not read back: {err.message})",
            file=name,
            code="INP061",
        ) from None
    want = dict(doc.data)
    want["turns"] = [
        dict(t, after=facts[i]) if i + 1 in ann.annotated else t for i, t in enumerate(doc.data["turns"])
    ]
    if new != want:  # pragma: no cover - as above
        raise InputError(
            "cannot annotate this log safely (the copy would not read back as the same log)",
            file=name,
            code="INP061",
        )


def add_facts_to_text(text: str, data=None) -> str:
    """*text* (a log as :func:`brass_judge.gamelog.dump_log` writes it) with the facts after every turn."""
    return annotate(text, "<selfplay>", data).text


__all__ = ["FACT_KEYS", "Annotation", "annotate", "add_facts_to_text", "turn_facts"]
