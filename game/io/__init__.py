"""Scenario and save files (design §6): JSON checked at the boundary, plain engine data inside.

scenario_file: load_scenario, parse_scenario, scenario_from_doc, bundled_scenarios, schema.
save_file:     save_game, load_save, resume, saves_dir, autosave_path, list_saves, settings_path.
validate:      validate_file and main, behind `python -m game validate FILE`.
user_scenarios: save_user_scenario, user_scenarios (the player's own, made in the editor).
Every problem with a file is one FileProblem line: `<file>: <place>: <what was expected>`.
"""
from game.io.errors import FileProblem

__all__ = ["FileProblem"]
