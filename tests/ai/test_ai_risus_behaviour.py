"""How the normal AI plays Risus Skirmish (seed 000), on small tables: it rallies a pinned figure
when nothing better is on, moves into cover, takes good-odds shots, throws grenades at a cluster,
passes rather than shuffle, and plays a whole game to its end."""
from __future__ import annotations

import pytest

import game.rulesets.risus_skirmish  # noqa: F401  (registers the ruleset)
from game import simulate
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import scripted
from game.engine.scenario import Scenario
from game.rulesets.risus_skirmish.actions import Attack, Move, Rally, ThrowGrenade


def rect(pid, kind, x0, y0, x1, y1):
    return {"id": pid, "kind": kind, "name": pid, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def fig(uid, side, x, y, level=3, weapon="rifle", markers=(), **stats):
    cl = [{"name": f"Soldier {uid}", "level": level, "for": ["shooting", "close combat", "rallying"]}]
    return {"id": uid, "side": side, "name": uid, "x": x, "y": y, "markers": list(markers),
            "stats": {"cliches": cl, "weapon": weapon, **stats}}


def game(units, terrain, options=None, victory=None, data=None, dice=None):
    sc = Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "behaviour", "ruleset": "risus-skirmish",
        "options": {"facing": "none", **(options or {})},
        "table": {"width": 60, "height": 40, "edge_band": 3}, "terrain": terrain,
        "sides": [{"name": "Americans", "role": "attacker"}, {"name": "Germans", "role": "defender"}],
        "units": units, "victory": victory or {"kind": "eliminate"}, "turn_limit": 30,
        "ruleset_data": {"first_side": 0, **(data or {})}})
    return engine.new_game(sc, seed=2, dice=scripted(dice) if dice is not None else None)


def choice(state, level="normal"):
    d = engine.to_act(state)
    return make_player(level, state.seed, d.side).choose(engine.view(state, d.side), engine.legal_actions(state), d)


def stand_fast_then_pass(state, uid):
    """Nothing is worth doing. "A turn consists of one or more actions": the first action is a turn on
    the spot (no dash, no shuffle), after which the AI passes."""
    act = choice(state)
    u = state.units[uid]
    assert isinstance(act, Move) and act.actor == uid and (act.x, act.y) == u.pos
    engine.apply(state, act)
    assert state.units[uid].pos == u.pos and engine.to_act(state).side == 0
    assert choice(state) == Pass(0)


# Three columns of terrain: a field in the west, a wood in the middle (high: nobody sees across it
# from the fields), a field in the east.
COLUMNS = [rect("west", "field", 0, 0, 20, 40), rect("wood", "wood", 20, 0, 40, 40), rect("east", "field", 40, 0, 60, 40)]


def test_rallies_a_pinned_figure_when_nothing_better_is_on():
    state = game([fig("sgt", 0, 30, 20, level=4, markers=["pinned"]), fig("pte", 0, 30, 10, level=3),
                  fig("de-1", 1, 55, 20), fig("de-2", 1, 55, 30)], COLUMNS,
                 victory={"kind": "hold", "objective": "wood", "side": 0},
                 data={}, options={})
    # the Americans hold the wood (an objective in its middle), the Germans are out of sight
    state.scenario.objectives  # noqa: B018
    act = choice(with_objective(state))
    assert act == Rally("sgt")


def with_objective(state, x=30, y=15, radius=12, oid=None):
    """Give the scenario an objective (by default around the middle of the wood)."""
    import dataclasses
    oid = oid or state.scenario.victory.get("objective", "wood")
    sc = dataclasses.replace(state.scenario, objectives=({"id": oid, "name": oid, "x": x, "y": y,
                                                          "radius": radius},))
    object.__setattr__(sc, "_table", state.table)
    state.scenario = sc
    return state


def test_moves_from_cover_to_cover():
    """Advancing on an objective, the next step can end in a wood or in an open field as near to the
    objective: it takes the wood."""
    terrain = [rect("start", "field", 0, 0, 20, 40), rect("wood", "wood", 20, 0, 40, 20),
               rect("open", "field", 20, 20, 40, 40), rect("far", "wood", 40, 0, 60, 40)]
    state = game([fig("pte", 0, 10, 20), fig("de-1", 1, 55, 20)], terrain,
                 victory={"kind": "hold", "objective": "farm", "side": 1})
    state = with_objective(state, x=55, y=20, radius=3)
    act = choice(state)
    assert isinstance(act, Move) and act.actor == "pte"
    assert any(p.kind.cover for p in state.table.pieces_at(act.x, act.y))


def test_stays_out_of_a_hopeless_dash_across_open_ground():
    """Pinned by an 80% opportunity fire on the way or 80% by the enemy's next run: the model weighs
    both, and moving into a band of wood the enemy still sees is no better than staying."""
    terrain = [rect("west", "field", 0, 0, 20, 40), rect("wood", "wood", 20, 0, 30, 40),
               rect("east", "field", 30, 0, 45, 40), rect("far-wood", "wood", 45, 0, 60, 40)]
    state = game([fig("pte", 0, 35, 20, level=1), fig("de-1", 1, 46.5, 20), fig("de-2", 1, 46.5, 10)], terrain)
    assert not [o for o in engine.legal_actions(state) if o.kind == "Attack"]
    stand_fast_then_pass(state, "pte")


def test_takes_a_good_odds_shot():
    state = game([fig("mg", 0, 10, 20, level=6, weapon="light machine gun"), fig("de-1", 1, 50, 20)],
                 [rect("all", "field", 0, 0, 60, 40)])
    act = choice(state)
    assert act == Attack("mg", "de-1")                          # 4 dice against a man in the open: 80%


def test_throws_a_grenade_at_a_cluster():
    units = [fig("sgt", 0, 20, 20, level=4, grenades=2), fig("de-1", 1, 30, 20), fig("de-2", 1, 31.5, 21),
             fig("de-3", 1, 31.5, 19)]
    state = game(units, [rect("all", "field", 0, 0, 60, 40)], options={"grenades": True},
                 data={"grenade_range": 15, "grenade_blast_radius": 4})
    act = choice(state)
    assert isinstance(act, ThrowGrenade)


WALL = [rect("west", "field", 0, 0, 40, 40), rect("wall", "low-wall", 40, 0, 41, 40),
        rect("east", "field", 41, 0, 60, 40)]
GRENADE_DATA = {"grenade_range": 12, "grenade_blast_radius": 4}


def test_throws_a_grenade_over_a_wall_at_a_group_fire_cannot_dig_out():
    """Grenades, with the odds the rules roll: three Germans close behind a low wall. The rifleman's
    fire is 1 die at one of them (2 dice, -1 cover); his grenade is 1 die at the target and, on a hit,
    1 die at each of the other two (in the blast -1, but the wall is not between them and the burst).
    He throws; with the dice forced to hit, all three go down: nobody is left to fight."""
    units = [fig("pte", 0, 32, 20, grenades=1), fig("de-1", 1, 42.5, 20), fig("de-2", 1, 42.5, 22.6),
             fig("de-3", 1, 42.5, 17.4)]
    state = game(units, WALL, options={"grenades": True}, data=GRENADE_DATA)
    d = engine.to_act(state)
    player = make_player("normal", state.seed, d.side)
    act = player.choose(engine.view(state, d.side), engine.legal_actions(state), d)
    assert isinstance(act, ThrowGrenade) and act.actor == "pte"
    best = {c.source: c for c in reversed(player.last)}
    assert best["grenade"].gain > best["attack"].gain         # the blast counted, not the target alone
    state.dice = scripted([6, 6, 6])
    engine.apply(state, act)
    assert all("pinned" in state.units[u].markers for u in ("de-1", "de-2", "de-3"))
    assert state.outcome is not None and state.outcome.winner == 0


def test_fires_rather_than_throws_when_fire_is_better():
    """A machine gunner (4 dice against a lone man in the open) does not swap his gun for a grenade
    (an ordinary weapon: 3 dice) when nobody else is in the blast."""
    units = [fig("mg", 0, 30, 20, level=6, weapon="light machine gun", grenades=1), fig("de-1", 1, 40, 20)]
    state = game(units, [rect("all", "field", 0, 0, 60, 40)], options={"grenades": True}, data=GRENADE_DATA)
    assert choice(state) == Attack("mg", "de-1")


def test_passes_rather_than_shuffle():
    """Deep in a wood, out of everyone's sight, holding the objective: nothing is worth doing."""
    state = with_objective(game([fig("pte", 0, 30, 15), fig("de-1", 1, 55, 20)], COLUMNS,
                                victory={"kind": "hold", "objective": "wood", "side": 0}))
    stand_fast_then_pass(state, "pte")


def test_a_failed_action_is_no_worse_than_passing_so_the_run_ends_with_the_long_shot():
    """A sure move first, the long shot last: after the move it fires rather than pass."""
    state = game([fig("pte", 0, 10, 20, level=2), fig("de-1", 1, 50, 20, level=2)],
                 [rect("all", "field", 0, 0, 60, 40)])
    act = choice(state)
    assert isinstance(act, Attack)                              # 1 die, 33%: still better than passing


@pytest.mark.parametrize("players", [("normal", "random"), ("random", "normal")])
def test_smoke_a_whole_game_ends(players):
    units = [fig("a1", 0, 5, 10), fig("a2", 0, 5, 30), fig("b1", 1, 55, 10), fig("b2", 1, 55, 30)]
    state = game(units, COLUMNS)
    sim = simulate.run(state, list(players))
    assert sim.state.outcome is not None


def test_a_figure_that_already_moved_twice_this_run_needs_a_bigger_gain_to_move_again():
    """Issue 12: a move keeps the initiative unless OP fire stops it, so a side that keeps moving the same
    figures in cover could hold the initiative for ever (the action limit ended two farm games). Each
    further move of the same actor in one run must gain AGAIN times more (candidates.moves_this_run)."""
    terrain = [rect("start", "field", 0, 0, 20, 40), rect("wood", "wood", 20, 0, 40, 20),
               rect("open", "field", 20, 20, 40, 40), rect("far", "wood", 40, 0, 60, 40)]
    state = game([fig("pte", 0, 10, 20), fig("de-1", 1, 55, 20)], terrain,
                 victory={"kind": "hold", "objective": "farm", "side": 1})
    state = with_objective(state, x=55, y=20, radius=3)
    assert isinstance(choice(state), Move)                       # the first move of the run is worth it
    for _ in range(5):
        state.emit("Moved", "pte moves (earlier in this run)", actor="pte")
    act = choice(state)
    assert (act.x, act.y) == (10, 20)        # at most it turns on the spot (it has to act before passing)


def test_an_attacker_with_the_clock_running_advances_from_cover_toward_the_objective():
    """Issue 12, 'attackers advance cover to cover toward the objective': with the limit near, the
    attacker of a held objective moves toward it rather than sit in the wood it stands in."""
    from game.rulesets.risus_skirmish.actions import Move as M
    units = [fig("a", 0, 5, 20), fig("g", 1, 55, 5)]
    terrain = [rect("w", "wood", 0, 0, 20, 40), rect("m", "high-crops", 20, 0, 40, 40),
               rect("f", "field", 40, 0, 60, 40)]
    state = game(units, terrain, victory={"kind": "hold", "objective": "farm", "side": 1})
    state = with_objective(state, x=50, y=20, radius=5)
    action = choice(state)
    assert isinstance(action, M) and action.x > 20


def test_in_a_meeting_engagement_the_sides_come_to_grips_instead_of_standing_idle():
    """Issue 12, 'idle teams are a defect': Meeting at Saint-Aubin (an elimination, at the limit the side
    with more men still fighting wins). With the sides level, each is behind as things stand, so each
    closes in (analysis.CLOSE_IN) rather than turn a man on the spot and pass, turn after turn: within
    ten turns someone has fired (it used to take both sides until turn 20 to leave their woods)."""
    from game.ai import tournament
    state = engine.new_game(tournament.load("risus-meeting-engagement"), 2)
    seats = [make_player("normal", 2, side) for side in (0, 1)]
    while state.outcome is None and state.turn <= 10:
        d = engine.to_act(state)
        engine.apply(state, seats[d.seat].choose(engine.view(state, d.seat), engine.legal_actions(state), d))
    assert any(e.kind in ("Attack", "OpFire", "Grenade", "CloseCombat") for e in state.log)
