"""The scenario editor's model (issue 19), pure Python without pygame: a scenario document edited by
small commands with undo and redo, shape builders, hex painting, the ruleset's unit catalogue, the
property forms and the live checks. The screen (game/ui/screens/editor.py) only draws it and sends edits.
"""
