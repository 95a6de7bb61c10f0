"""What-if: judge an action as if it were another player's turn (``check --as PLAYER``).

Pure: returns a new position and the assumption that says what was changed; the judged position
is otherwise the same (money, hand, tiles). The player then has a whole turn: one action in the
first Canal Era round, two afterwards (Q019).
"""

from __future__ import annotations

from ..model import Position


def as_turn_of(pos: Position, player: str) -> tuple[Position, str | None]:
    """``(position, assumption)``: *pos* with the turn given to *player*; the assumption is None
    when it already is *player*'s turn (nothing changed)."""
    if pos.turn == player and not pos.game_over:
        return pos, None
    from .flow import actions_per_turn

    new = pos.copy()
    was: str | None = pos.turn
    new.turn = player
    new.actions_left = actions_per_turn(new)
    new.turns_taken = [n for n in pos.turns_taken if n != player]
    now = f"it is {was}'s turn" if was else "no one is to move"
    return new, (
        f"what-if (--as {player}): judged as if it were {player}'s turn with "
        f"{new.actions_left} action(s) ({now}); everything else as in the position"
    )
