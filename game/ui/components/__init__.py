"""The game screen's parts, each a small class with explicit inputs: the board views (by the board's
kind), the action panel, the dice log, the table tools, the AI driver, the bars and the keymap."""
