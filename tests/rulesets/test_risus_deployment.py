"""Risus Skirmish hidden deployment, the placing step (seed 000 "Hidden deployment": "The defender may deploy
his men hidden ... by placing markers some of which are blanks on the map"). Issue 14 defect 2: the hidden
side places its figures and blanks in its own zone, behind the handover; the AI does it from its view."""
from __future__ import annotations

from game.ai.players import make_player
from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.risus_skirmish.actions import Deploy
from test_risus_helpers import blank, fig, game, rect, texts

PIECES = [rect("west", "field", 0, 0, 30, 40, name="West Field"),
          rect("wood", "wood", 30, 0, 60, 40, name="Dark Wood")]
ZONES = [{"side": 0, "polygon": [[0, 0], [15, 0], [15, 40], [0, 40]]},
         {"side": 1, "polygon": [[30, 0], [60, 0], [60, 40], [30, 40]]}]
HIDDEN = {"hidden_deployment": True}


def deploying(**kw):
    units = [fig("a", 0, 10, 20), fig("g", 1, 45, 20, name="Gefr. Ernst"), blank("blank-1", 1, 45, 30),
             fig("h", 1, 50, 8, name="Obgefr. Lutz")]
    return game(units, PIECES, options=HIDDEN, zones=ZONES, deploy=False, **kw)


def test_the_hidden_side_places_its_figures_and_blanks_first_in_a_hidden_decision():
    """'The defender may deploy his men hidden': before the first action the defender places them."""
    s = deploying()
    d = engine.to_act(s)
    assert (d.side, d.kind, d.hidden) == (1, "deploy", True)
    opts = engine.legal_actions(s)
    assert sorted(o.the_actor for o in opts if o.kind == "Deploy") == ["blank-1", "g", "h"]
    assert any(isinstance(o.action, Pass) for o in opts)


def test_a_figure_may_be_placed_only_inside_its_sides_deployment_zone_clear_of_other_bases():
    s = deploying()
    assert engine.check(s, Deploy("g", 20.0, 20.0, 180.0)) is not None          # the enemy's side
    assert engine.check(s, Deploy("g", 45.0, 30.5, 180.0)) is not None          # on the blank's base
    engine.apply(s, Deploy("g", 40.0, 12.0, 200.0))
    g = s.units["g"]
    assert (g.x, g.y, g.facing) == (40.0, 12.0, 200.0)
    assert engine.to_act(s).kind == "deploy"                                    # may place more, or again


def test_the_enemy_never_learns_which_marker_is_which_and_sees_markers_only_once_deployed():
    """'Only when firing or when an enemy gets LOS is the characters position revealed': a figure
    placed in the enemy's sight is revealed when the deployment is done, not while placing."""
    s = deploying()
    engine.apply(s, Deploy("g", 30.8, 20.0, 270.0))        # at the wood's edge, in A's sight
    assert "hidden" in s.units["g"].markers
    seen = engine.view(s, 0)
    assert not any("Gefr. Ernst" in e.text or "blank-1" in e.text for e in seen.log)
    assert seen.flow.interrupts[-1].context == {}
    engine.apply(s, Pass(1))
    assert "hidden" not in s.units["g"].markers
    assert "The Germans have deployed" in texts(s)
    assert engine.to_act(s).kind == "act" and engine.to_act(s).side == 0


def test_the_ai_places_each_figure_once_from_its_own_view_then_finishes():
    s = game([fig("a", 0, 10, 20), fig("g", 1, 45, 20), blank("blank-1", 1, 45, 30), fig("h", 1, 50, 8)],
             PIECES, options=HIDDEN, zones=ZONES, deploy=False,
             objectives=[{"id": "wood", "name": "the wood", "x": 45, "y": 20, "radius": 6}],
             victory={"kind": "hold", "objective": "wood", "side": 1})
    ai = make_player("normal", 1, 1)
    placed = []
    while engine.to_act(s).kind == "deploy":
        d = engine.to_act(s)
        action = ai.choose(engine.view(s, 1), engine.legal_actions(s), d)
        engine.apply(s, action)
        if isinstance(action, Deploy):
            placed.append(action.actor)
    assert sorted(placed) == ["blank-1", "g", "h"]
    real_inside = [u for u in ("g", "h") if (s.units[u].x - 45) ** 2 + (s.units[u].y - 20) ** 2 <= 36]
    assert real_inside, "the holder keeps a figure in the objective"
    assert all("hidden" in s.units[u].markers for u in real_inside)   # placed out of the enemy's sight
