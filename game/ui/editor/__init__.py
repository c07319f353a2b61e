"""The scenario editor's widgets: the keymap, the side panels (tools, form, problems), the start screen."""
