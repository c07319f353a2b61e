"""A Risk to Take, the campaign (seed 003, "1. Campaign rules": "After every player made their
intended moves, battles happen on the tabletop"): battles as nested risk-to-take games."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import DiceStream
from game.engine.state import Result
from game.geometry.hexgrid import Hex
from game.rulesets.risk_to_take_campaign import armies, battles
from game.rulesets.risk_to_take_campaign.actions import Halt, March
from tests.random_play import check_resume_inside_child, play_randomly
from tests.rulesets.risk_to_take_campaign.campaign_helpers import at, game, hex_of, scenario, script

FACE_TO_FACE = [{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                {"id": "e1", "side": 1, "name": "East army", "hex": [1, 2]}]


def contact(**kw):
    """West wins the initiative, marches into the East army's hex; East has nothing left to move."""
    s = game([6, 1, 3, 6], units=[dict(u) for u in FACE_TO_FACE], **kw)
    engine.apply(s, March("w1", *at(s, 1, 2)))
    return s


def test_the_battle_is_fought_after_every_side_has_moved_as_a_nested_risk_to_take_game():
    s = contact()
    assert s.child is not None and s.child.ruleset_id == "risk-to-take"
    assert s.child.board.kind == "table" and s.board.kind == "hexmap"
    # the battle is built from the two armies' lists: the attacker at side 0, seated by its campaign side
    types = sorted(u.stats["type"] for u in s.child.units.values() if u.side == 0)
    assert types == sorted(u["type"] for u in s.units["w1"].stats["units"])
    assert s.child.seats == (0, 1)
    assert engine.to_act(s).seat in (0, 1)


def test_battles_happen_in_the_initiative_order():
    """Two battles: the one the first side in rank order started is fought first."""
    units = [{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [1, 2]},
             {"id": "w2", "side": 0, "hex": [2, 4]}, {"id": "e2", "side": 1, "hex": [3, 4]}]
    s = game([1, 6, 3, 3, 6, 6], units=units)          # East first; allowances e1, e2, w1, w2
    engine.apply(s, Halt("e1"))
    engine.apply(s, March("e2", *at(s, 2, 4)))          # East attacks first in rank order
    engine.apply(s, March("w1", *at(s, 1, 2)))
    assert s.child is not None
    assert s.data["pending"][0] == {"hex": [2, 4], "attacker": "e2", "defender": "w2"}
    assert s.child.seats == (1, 0)                      # the attacker (East) plays the battle's side 0


def test_the_terrain_of_the_hex_and_its_neighbours_gives_the_battlefield():
    s = game([6, 1, 3, 3])
    assert battles.ground(s, Hex(1, 1)) == "forest"
    assert battles.ground(s, Hex(3, 3)) == "hills"
    assert battles.ground(s, Hex(2, 2)) == "town"          # Midford
    assert battles.ground(s, Hex(-1, 2)) == "town"         # a capital: a village with its wall
    assert battles.ground(s, Hex(4, 4)) == "plain"         # a marsh: open ground


def test_rivers_of_the_hex_and_its_neighbours_put_a_stream_on_the_battle_table():
    """Issue 17: a battle is "generated from the two armies and the terrain of the hex and its
    neighbours" (river hexsides). Interpretation (rules md): an attacker that crossed a river into the
    hex fights across a stream; a river on a side of the hex or a neighbour gives a stream on a flank."""
    s = game([6, 1, 3, 3])
    assert battles.river(s, Hex(3, 2), Hex(2, 2)) == "across"     # the river between Midford and 3,2
    assert battles.river(s, Hex(3, 2), Hex(4, 2)) == "flank"      # came by land; the river is on a side
    assert battles.river(s, Hex(1, 2), Hex(0, 2)) == "flank"      # a neighbour (Midford) has a river side
    assert battles.river(s, Hex(5, 2), Hex(4, 2)) is None         # no river near
    fought = contact()                                           # the battle at 1,2: a stream on the flank
    streams = [p for p in fought.child.scenario.raw["terrain"] if p["kind"] == "river"]
    assert len(streams) == 1 and fought.child.board.piece_at(
        fought.child.board.width - 2, fought.child.board.height / 2).kind.name == "river"


def _result(winner, losses_a=(), losses_d=(), state=None):
    surv = {}
    for side, uid, lost in ((0, "w1", losses_a), (1, "e1", losses_d)):
        surv[str(side)] = [{"id": u["id"], "type": u["type"], "routed": False, "routs": 1}
                           for u in state.units[uid].stats["units"] if u["id"] not in lost]
    return Result(winner, "test", {"losses": {"0": list(losses_a), "1": list(losses_d)}, "survivors": surv})


def test_the_result_comes_back_losses_the_loser_retreats_and_the_winner_holds_the_hex():
    """"its result updates both armies (units lost, routed units' fate, who holds the hex, the loser
    retreats)": lost units are struck off, survivors keep their routs, the loser falls back toward
    its capital."""
    s = contact()
    s.child = None
    s.flow.child_resume = None
    res = _result(0, losses_d=["e1-1"], state=s)
    battles.battle_over(s, res)
    east = s.units["e1"]
    assert [u["id"] for u in east.stats["units"]] == ["e1-2", "e1-3"] and east.stats["strength"] == 1
    assert all(u["routs"] == 1 for u in s.units["w1"].stats["units"])     # fatigue carries over
    assert hex_of(s, "w1") == Hex(1, 2)
    assert s.board.distance(hex_of(s, "e1"), Hex(6, 2)) < s.board.distance(Hex(1, 2), Hex(6, 2))
    assert s.data["battles"][-1]["winner"] == 0


def test_an_army_with_no_fighting_unit_left_is_destroyed_and_a_won_town_is_taken():
    units = [{"id": "w1", "side": 0, "hex": [1, 2]}, {"id": "e1", "side": 1, "hex": [2, 2]}]
    s = game([6, 1, 3, 6], units=units)
    engine.apply(s, March("w1", *at(s, 2, 2)))            # into Midford
    s.child = None
    s.flow.child_resume = None
    battles.battle_over(s, _result(0, losses_d=["e1-1", "e1-2"], state=s))
    assert s.units["e1"].out
    assert armies.holder(s, Hex(2, 2)) == 0


def test_a_drawn_battle_sends_the_attacker_back_where_it_came_from():
    s = contact()
    s.child = None
    s.flow.child_resume = None
    battles.battle_over(s, _result(None, state=s))
    assert hex_of(s, "w1") == Hex(0, 2) and hex_of(s, "e1") == Hex(1, 2)


def test_a_loser_with_nowhere_to_retreat_surrenders():
    s = contact()
    s.child = None
    s.flow.child_resume = None
    east = s.units["e1"]
    assert battles.retreat_hex(s, east) is not None
    for i, h in enumerate(s.board.neighbours(Hex(1, 2))):   # every way out is taken
        if h != Hex(0, 2):
            s.units[f"x{i}"] = armies.raise_army(s, 0, "test")
            s.units[f"x{i}"].markers.clear()
            s.units[f"x{i}"].hex = (h.q, h.r)
    s.units["w1"].hex = (1, 2)
    s.units["w9"] = armies.raise_army(s, 0, "test")
    s.units["w9"].markers.clear()
    s.units["w9"].hex = (0, 2)
    battles.retreat(s, east)
    assert east.out


def test_the_whole_battle_is_played_on_the_table_and_the_campaign_goes_on():
    s = contact()
    battle = s.child
    s.dice = DiceStream(seed=3)           # the campaign's dice after the battle: any
    play_randomly(s, 3, limit=3000)
    assert battle.outcome is not None and s.outcome is not None
    assert s.data["battles"] and s.data["battles"][0]["attacker"] == "w1"
    assert any(e.kind == "NestedGameOver" for e in s.log)


def test_a_save_inside_a_battle_resumes_to_the_same_final_hash(tmp_path):
    """The save holds the campaign with its battle in progress; a load resumes inside the battle."""
    sc = scenario(units=[dict(u) for u in FACE_TO_FACE])
    for seed in range(1, 30):             # the first seed whose random play fights a battle
        full = engine.new_game(sc, seed=seed)
        actions = play_randomly(full, seed)
        if full.data["battles"]:
            break
    assert full.outcome is not None and full.data["battles"]
    text = check_resume_inside_child(sc, seed, actions, full, tmp_path, after=3)
    assert '"risk-to-take:' in text


def test_auto_battles_hands_both_sides_of_the_battle_to_the_ai():
    s = contact(options=None)
    assert not engine.auto_played(s)
    auto = game([6, 1, 3, 6], units=[dict(u) for u in FACE_TO_FACE], options={"auto_battles": True})
    engine.apply(auto, March("w1", *at(auto, 1, 2)))
    assert auto.child is not None and engine.auto_played(auto)
    auto.dice = DiceStream(seed=1)
    script(auto, [])
    assert engine.to_act(auto) is not None


def test_a_starving_army_that_looted_loses_the_initiative_in_its_next_battle():
    """"1-2 the army is starving and sacks the nearest town/village plus loses initiative in the
    next battle": the battle's first turn goes to the other army without a roll."""
    s = game([6, 1, 3, 6], units=[dict(u) for u in FACE_TO_FACE])
    armies.status(s.units["w1"])["no_initiative"] = True
    engine.apply(s, March("w1", *at(s, 1, 2)))
    battle = s.child
    assert battle.scenario.ruleset_data["initiative_lost_by"] == 0
    assert battle.flow.initiative == 1
    assert any("lost the initiative" in e.text for e in battle.log)
    assert "no_initiative" not in armies.status(s.units["w1"])


def test_the_battles_phase_passes_when_no_army_met_another():
    s = game([6, 1, 3, 3])
    engine.apply(s, Halt("w1"))
    script(s, [6, 1, 1, 1])
    engine.apply(s, Pass(1))
    assert s.child is None and s.turn == 2


def test_the_three_sided_map_has_streams_bridged_at_the_fords():
    """Issue 17, Scenarios: "a three-sided one" (with "hexes drawn by terrain, with towns, capitals,
    roads and rivers"): three streams spring beside Kreuzweg and run to the sea between the kingdoms;
    crossing one costs 2 more (rules md), except on the ring road's bridge at each ford town; a battle
    by a stream gets a stream on the table."""
    from game.io.scenario_file import load_scenario
    from game.geometry.hexmap import road_move_cost
    sc = load_scenario("risk-to-take-campaign-three-kingdoms")
    s = engine.new_game(sc, 1)
    board = s.board
    at = {p.name: h for h, p in board.places.items()}
    k = at["Kreuzweg"]
    rivers = [(a, b) for a, b, f in board.sides() if "river" in f]
    assert len(rivers) % 3 == 0 and min(board.distance(k, a) for a, _b in rivers) == 2    # they spring by Kreuzweg
    assert any(board.terrain(n).move_cost is None for a, b in rivers for h in (a, b) for n in board.neighbours(h))
    west = at["Westfurt"]
    assert (west.q - k.q, west.r - k.r) == (-5, 0)
    assert board.move_cost(Hex(k.q - 3, k.r), Hex(k.q - 3, k.r - 1)) == 3      # plain 1 + the stream 2
    assert board.move_cost(west, Hex(west.q + 1, west.r - 1)) == road_move_cost()    # the road's bridge
    assert battles.river(s, Hex(k.q - 3, k.r), Hex(k.q - 3, k.r - 1)) == "across"
