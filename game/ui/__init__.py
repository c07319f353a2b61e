"""The window (pygame-ce + pygame_gui): the only layer that draws or reads input (design §8)."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
