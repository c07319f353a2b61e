"""Which board view draws a game: chosen by the board's kind ("table" or "hexmap"), never by ruleset."""
from __future__ import annotations

from game.ui import render
from game.ui.components.board_view import BoardView, board_of, kind_of_board
from game.ui.components.hex_view import HexView
from game.ui.components.table_view import TableView

VIEWS = {"table": lambda app, view, board: TableView(app, render.table_size(view)),
         "hexmap": lambda app, view, board: HexView(app, board)}


def board_view_for(app, view) -> BoardView:
    """The board view for the view's board, picked by the board's kind."""
    board = board_of(view)
    kind = kind_of_board(board)
    if kind not in VIEWS:
        raise ValueError(f"no board view for a board of kind {kind!r}")
    return VIEWS[kind](app, view, board)
