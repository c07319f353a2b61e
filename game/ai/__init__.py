"""The AI players (design §9), in layers: sampling, positions, framework, generic, knowledge, lookahead, levels, players.

Each module imports only those below it, at module level (tests/ai/test_ai_layers.py). A ruleset's
knowledge package (game.ai.risus_skirmish, game.ai.takipsilim) sits between levels and players: it
registers itself when knowledge_for imports it by ruleset id. The drivers call
game.ai.players.make_player.
"""
