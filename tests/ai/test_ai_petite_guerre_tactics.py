"""The Petite Guerre AI's tactics (game/ai/petite_guerre formation and exposure): it changes formation
when it pays and keeps out of the enemy's counter-charges. Positions are built by hand; no dice."""
from __future__ import annotations

from game.ai.framework import Context, Settings
from game.ai.knowledge import knowledge_for
from game.ai.petite_guerre import exposure
from game.ai.petite_guerre.formation import FormationCA
from game.engine import game as engine
from game.engine.dice import PlayerRng
from game.rulesets.petite_guerre import forces
from game.rulesets.petite_guerre.actions import FormLine, OpenOrder, Volley

from tests.ai.test_ai_petite_guerre import _choose
from tests.rulesets.test_petite_guerre_helpers import fig, game, rect

OPEN = [(20 + (i % 2) * 4, 44 + 4 * (i // 2)) for i in range(6)]     # six figures in open order


def line(x=20, y=44, n=3, ranks=2):
    return [fig(f"a{r}{i}", 0, x - 3 * (r - 1), y + 3 * i, "A", rank=r) for r in range(1, ranks + 1) for i in range(n)]


def enemy_at(x, troop="line-infantry"):
    return [fig(f"b{i}", 1, x, 44 + 3 * i, "B", troop, facing=180) for i in range(3)]


def scores(s) -> dict:
    d = engine.to_act(s)
    ctx = Context(engine.view(s, d.side), engine.legal_actions(s), d, Settings("normal"), PlayerRng(1),
                  knowledge_for("petite-guerre"))
    return {type(c.action).__name__: c.score for c in FormationCA().evaluate(ctx)}


def test_line_infantry_forms_line_to_volley_at_long_range():
    """"Volley fire is delivered by whole units deployed in line": at 60 paces and more a musket's
    aimed shot hardly hits and the volley table still does, so the open-order unit forms line."""
    s = game([fig(f"a{i}", 0, x, y, "A") for i, (x, y) in enumerate(OPEN)] + enemy_at(100))
    assert scores(s)["FormLine"] > 0
    assert isinstance(_choose(s), FormLine)


def test_it_keeps_open_order_close_in_where_aimed_fire_is_better():
    """"Aimed fire ... by individual figures deployed in open order": at 10 paces the aimed shots
    beat the volley, and forming line would lose them this turn."""
    s = game([fig(f"a{i}", 0, x, y, "A") for i, (x, y) in enumerate(OPEN)] + enemy_at(34))
    assert scores(s)["FormLine"] < 0
    assert not isinstance(_choose(s), FormLine)


def test_a_fired_line_under_fire_in_a_wood_breaks_into_open_order():
    """A line whose ranks have fired, skirmishers 20 paces off, standing in a wood: aimed fire from
    cover (each figure reloads on its own AF die, 4+) beats waiting for the ranks' d20 16+."""
    s = game(line() + enemy_at(40, "light-infantry"), terrain=[rect("w", "wood", 10, 35, 30, 60)],
             units_data={"A": {"formation": "line"}})
    for f in forces.figures(s, "A"):
        f.markers.add("fired")
    assert _choose(s) == OpenOrder("A")


def test_a_loaded_line_volleys_rather_than_break_up():
    """Breaking into open order spends the turn: a loaded line at 10 paces fires its volley first,
    and at 60 paces (where the volley table beats a musket's aimed shot) it stays in line."""
    s = game(line() + enemy_at(30, "light-infantry"), units_data={"A": {"formation": "line"}})
    assert isinstance(_choose(s), Volley)
    s = game(line() + enemy_at(80, "light-infantry"), units_data={"A": {"formation": "line"}})
    assert scores(s)["OpenOrder"] < 0


def test_a_spot_within_an_enemy_charge_is_exposed_by_the_units_chance_to_act():
    """"All units that are under attack (...) are considered temporarily out-of-control": an enemy
    figure that can charge the spot counts 1 in control, its activation test's in-control chance
    (4+ on its C die) out of control, 0 routed."""
    s = game([fig("a", 0, 20, 50, "A", "hussars"), fig("b", 1, 35, 50, "B", "irregulars", facing=180)])
    v = engine.view(s, 0)
    assert exposure.threat(v, (20, 50), 0) == 1.0
    assert exposure.threat(v, (20, 50), 0, pressured=frozenset({"B"})) == 0.5      # d6: 4+ is 3 in 6
    assert exposure.threat(v, (20, 50), 0, skip=frozenset({"b"})) == 0.0
    assert exposure.threat(v, (0, 0), 0) == 0.0


def test_a_horseman_behind_the_spot_counts_three_times():
    """Units "charged from the back or flanks ... must undergo a morale or reaction test": a figure
    faces the way it moved, so a spot reached by stepping away from a hussar shows him its back, and
    his charge (a reaction test that can rout the unit) counts exposure.REAR times; facing him, once."""
    s = game([fig("a", 0, 100, 50, "A", "irregulars", facing=180), fig("h", 1, 70, 50, "B", "hussars")])
    v = engine.view(s, 0)
    assert exposure.threat(v, (100, 50), 0, facing=180.0) == 1.0       # the hussar ahead, in the front arc
    assert exposure.threat(v, (100, 50), 0, facing=0.0) == exposure.REAR
    foot = game([fig("a", 0, 100, 50, "A", "irregulars", facing=180), fig("f", 1, 90, 50, "B", "grenadiers")])
    assert exposure.threat(engine.view(foot, 0), (100, 50), 0, facing=0.0) == 1.0   # foot: seen coming


def test_a_screen_does_not_turn_its_back_on_hussars_to_reach_its_wood():
    """The figure turns the way it goes: stepping back deeper into the wood would show the hussar 37
    paces off its back (still within his charge), so the irregular holds the wood's edge, facing him."""
    from game.ai.petite_guerre import MoveCA
    s = game([fig("a", 0, 107, 50, "A", "irregulars", facing=180), fig("h", 1, 70, 50, "B", "hussars")],
             terrain=[rect("w", "wood", 105, 0, 150, 100)], roles=("defender", "attacker"))
    d = engine.to_act(s)
    ctx = Context(engine.view(s, 0), engine.legal_actions(s), d, Settings("normal"), PlayerRng(1),
                  knowledge_for("petite-guerre"))
    lead, enemies = s.units["a"], [s.units["h"]]
    assert MoveCA().score_point(ctx, (107, 50), lead, enemies, False) > \
        MoveCA().score_point(ctx, (116, 50), lead, enemies, False)


def test_a_formation_change_needs_a_margin_of_hits():
    """Changing formation spends the unit's turn: a unit changes only when the other formation
    promises SWITCH hits more, so a line whose ranks have all fired does not flip to open order and
    back as the range changes. Here the two promise the same (every figure fired, the enemy out of
    aimed range): neither change is proposed at a positive score."""
    from game.ai.petite_guerre.formation import SWITCH
    s = game(line() + enemy_at(120, "light-infantry"), units_data={"A": {"formation": "line"}})
    for f in forces.figures(s, "A"):
        f.markers.add("fired")
    assert scores(s)["OpenOrder"] <= 0.0 - SWITCH + 1e-9


HORSE = [fig(f"h{i}", 0, 20 + (i % 2) * 4, 44 + 4 * (i // 2), "H", "hussars") for i in range(6)]


def test_horse_does_not_form_line_to_fire():
    """A line of horse halted in musket reach is a bigger target for the enemy's volleys; hussars
    charge as well in open order, so the AI never forms them in line to fire their carbines."""
    s = game(HORSE + enemy_at(100))
    assert "FormLine" not in scores(s)
    assert not isinstance(_choose(s), FormLine)


def test_a_spot_in_reach_of_a_loaded_line_is_under_fire_and_one_beyond_it_is_not():
    """Volley fire reaches 100 paces: a horseman 60 paces from a loaded line is in its reach (a d20
    a figure), 120 paces off he is not, and once the line's every rank has fired it threatens nothing."""
    s = game(line(x=130, y=44) + [fig("h", 1, 10, 47, "H", "hussars")], units_data={"A": {"formation": "line"}})
    view = engine.view(s, 1)
    near, far = exposure.fire_danger(view, (70, 47), 1), exposure.fire_danger(view, (8, 47), 1)
    assert near > 0.5 and far == 0.0
    for f in forces.figures(s, "A"):
        f.markers.add("fired")
    assert exposure.fire_danger(engine.view(s, 1), (70, 47), 1) == 0.0


def test_a_side_the_turn_limit_would_beat_hurries_and_the_defender_holding_its_ground_does_not():
    """"At the turn limit the side that lost the smaller share of its starting points wins" (on
    equal shares the defender holds its ground): the attacker hurries more as the turns run out,
    the defender not at all while the limit gives it the game."""
    from game.ai.petite_guerre import _hurry
    s = game(HORSE[:1] + enemy_at(100), roles=("attacker", "defender"))
    s.flow.turn = 6
    assert _hurry(s, 0) == 0.5 and _hurry(s, 1) == 0.0
    s.flow.turn = 12
    assert _hurry(s, 0) == 1.0


def test_a_unit_in_a_farmhouse_forms_line_there_and_keeps_its_cover():
    """"Partially protected — inside a building": a unit whose line's places all lie in the
    farmhouse it stands in gives up no cover by forming line, so at long range it volleys from there."""
    house = rect("h", "house", 10, 35, 40, 70)
    s = game([fig(f"a{i}", 0, x, y, "A", "civilians") for i, (x, y) in enumerate(OPEN)] + enemy_at(100),
             terrain=[house])
    assert scores(s)["FormLine"] > 0
    assert isinstance(_choose(s), FormLine)
