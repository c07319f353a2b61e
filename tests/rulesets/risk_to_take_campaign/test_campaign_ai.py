"""The campaign's AI and headless play: `simulate` runs a campaign with auto-resolved battles to a
decided end; `normal` beats `random`; a whole AI campaign turn (battles excluded) takes under 1 s."""
from __future__ import annotations

import time

from game.ai.players import make_player
from game.engine import game as engine
from game.io.scenario_file import load_scenario
from game.simulate import run
from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario

SMALL = dict(deployed=False, turn_limit=10, deploy_radius=3)


def test_simulate_plays_a_campaign_with_auto_resolved_battles_to_a_decided_end():
    # (seed 2: since a die breaks the ties of the nearest hex, seed 1 runs to the turn limit, where
    # the side holding more places wins)
    state = engine.new_game(scenario(**SMALL), seed=2, options={"auto_battles": True})
    sim = run(state, ["normal", "normal"])
    assert state.data["battles"]
    assert state.outcome is not None and state.outcome.winner is not None
    assert "turn limit" not in state.outcome.reason
    assert engine.replay(state.scenario, 2, {"auto_battles": True}, sim.actions).outcome == state.outcome


def test_normal_beats_random_in_most_seeded_campaigns():
    wins, games = 0, 0
    for seed in range(1, 6):
        for normal in (0, 1):
            state = engine.new_game(scenario(**SMALL), seed=seed, options={"auto_battles": True})
            run(state, ["normal" if s == normal else "random" for s in range(2)])
            wins += state.outcome.winner == normal
            games += 1
    assert wins / games >= 0.8


def test_a_whole_ai_campaign_turn_battles_excluded_takes_under_a_second():
    """On the 20 x 15 map: all of a side's decisions in a turn (placing, foraging, marching), the
    time its AI takes to choose them, for the first turns until a battle begins."""
    sc = load_scenario("risk-to-take-campaign-two-crowns")
    state = engine.new_game(sc, seed=3)
    seats = [make_player("normal", state.seed, s) for s in range(2)]
    spent: dict[tuple[int, int], float] = {}
    while state.outcome is None and state.child is None and state.turn <= 4:
        d = engine.to_act(state)
        view, options = engine.view(state, d.seat), engine.legal_actions(state)
        started = time.perf_counter()
        action = seats[d.seat].choose(view, options, d)
        key = (state.turn, d.seat)
        spent[key] = spent.get(key, 0.0) + time.perf_counter() - started
        engine.apply(state, action)
    assert spent and max(spent.values()) < 1.0


def _choose(state, side=0):
    from game.ai.players import make_player
    d = engine.to_act(state)
    assert d.seat == side
    return make_player("normal", 1, side).choose(engine.view(state, side), engine.legal_actions(state), d)


def _at(state, action):
    return state.board.hex_at(action.x, action.y)


def test_the_ai_avoids_a_battle_it_would_lose_and_seeks_one_it_would_win():
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign.actions import March
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    big = ["line-infantry"] * 5 + ["cavalry", "artillery", "commander"]
    weak = [{"id": "w1", "side": 0, "hex": [1, 3], "stats": {"units": ["line-infantry", "commander"]}},
            {"id": "e1", "side": 1, "hex": [2, 3], "stats": {"units": big}}]
    s = game([6, 1, 3, 3], units=weak)
    action = _choose(s)
    assert not (isinstance(action, March) and _at(s, action) == Hex(2, 3))
    strong = [{"id": "w1", "side": 0, "hex": [1, 3], "stats": {"units": big}},
              {"id": "e1", "side": 1, "hex": [2, 3], "stats": {"units": ["line-infantry", "commander"]}}]
    s = game([6, 1, 3, 1], units=strong)             # 4 hexes: the enemy capital is out of reach
    action = _choose(s)
    assert isinstance(action, March) and _at(s, action) == Hex(2, 3)


def test_the_ai_keeps_an_army_on_its_capital_and_marches_the_others_toward_the_enemys():
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign.actions import Halt, March
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    units = [{"id": "w1", "side": 0, "hex": [-1, 2]}, {"id": "w2", "side": 0, "hex": [0, 4]},
             {"id": "e1", "side": 1, "hex": [6, 4]}]
    s = game([6, 1, 3, 3, 3], units=units)
    moves = {}
    while engine.to_act(s) is not None and engine.to_act(s).side == 0:
        a = _choose(s)
        moves[a.actor] = a
        engine.apply(s, a)
    assert isinstance(moves["w1"], Halt)                       # the garrison holds Westholm
    assert isinstance(moves["w2"], March)
    assert s.board.distance(Hex(*s.units["w2"].hex), Hex(6, 2)) < s.board.distance(Hex(0, 4), Hex(6, 2))


def test_a_starving_ai_army_loots_an_enemy_town_but_spares_its_own_near_home():
    from game.ai.players import make_player
    from game.engine.flow import Decision
    from game.rulesets.risk_to_take_campaign.actions import ForbidLooting, Loot
    from game.rulesets.risk_to_take_campaign.ruleset import RULESET
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    s = game([6, 1, 3, 3], units=[{"id": "w1", "side": 0, "hex": [0, 1]}, {"id": "e1", "side": 1, "hex": [4, 0]}])
    s.data["holders"]["2,2"] = 0                                   # Midford is West's
    s.units["w1"].hex = (1, 2)
    d = Decision(0, "forage", actor=("w1",))
    options = RULESET.legal_actions(s, d)
    player = make_player("normal", 1, 0)
    assert isinstance(player.choose(s, options, d), ForbidLooting)     # its own town, near home
    s.data["holders"]["2,2"] = 1
    assert isinstance(player.choose(s, options, d), Loot)


def test_with_three_sides_an_army_marches_on_the_capital_no_third_side_closes_on():
    """"Players are free to set any goals": in the Three Kingdoms the first to take an enemy capital
    wins, so an army marches on the nearest enemy capital, but one the armies of a third side already
    close on (within DANGER hexes) counts CROWDED hexes farther per such army."""
    from game.ai.risk_to_take_campaign import CROWDED, DANGER, goal_hex
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign import armies
    state = engine.new_game(load_scenario("risk-to-take-campaign-three-kingdoms"), seed=1)
    caps = {p.side: h for h, p in armies.places(state, "capital")}
    mine = next(u for u in state.units.values() if u.kind == armies.ARMY and u.side == 0)
    others = {s: next(u for u in state.units.values() if u.kind == armies.ARMY and u.side == s) for s in (1, 2)}
    for u in (mine, *others.values()):
        u.markers.discard(armies.TO_PLACE)
    mine.hex = (6, 2)                                      # 6 hexes from Ostmark, farther from Sudheim
    others[1].hex, others[2].hex = (12, 1), (2, 11)          # each at home
    near = state.board.distance(Hex(6, 2), caps[1])
    assert near < state.board.distance(Hex(6, 2), caps[2]) and goal_hex(state, mine) == caps[1]
    extra = 1 + (state.board.distance(Hex(6, 2), caps[2]) - near) // CROWDED
    crowd = [Hex(caps[1].q - 1 - i, caps[1].r + 1) for i in range(extra)]
    assert all(state.board.distance(h, caps[1]) <= DANGER for h in crowd)
    for i, h in enumerate(crowd):                           # Sudheim's armies close on Ostmark
        u = armies.raise_army(state, 2, "test") if i else others[2]
        u.markers.discard(armies.TO_PLACE)
        u.hex = (h.q, h.r)
    assert goal_hex(state, mine) == caps[2]


def _marches_of_side_0(state) -> list:
    """Every action side 0's AI takes in its run of marches."""
    done = []
    while engine.to_act(state) is not None and engine.to_act(state).side == 0:
        a = _choose(state)
        done.append(a)
        engine.apply(state, a)
    return done


def _march_of(state, uid):
    """The action side 0's AI chooses for army `uid` in its run of marches."""
    while engine.to_act(state) is not None and engine.to_act(state).side == 0:
        a = _choose(state)
        if a.actor == uid:
            return a
        engine.apply(state, a)
    raise AssertionError(f"{uid} was given no march")


def test_the_garrison_does_not_leave_its_capital_to_strike_while_an_enemy_army_is_within_a_march():
    """"The first to take an enemy capital wins": a garrison that marches out to beat a weak army
    nearby leaves the capital to any other army within a march (three kingdoms, seed 2: the Sudheim
    walked into Norrland; Two Crowns, seeds 3, 4, 7, 8 and 9: an army walked into a capital its
    garrison had left to strike). It holds, with one enemy side or two; another army strikes."""
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign.actions import Halt, March
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    big = ["line-infantry"] * 5 + ["cavalry", "artillery", "commander"]
    units = [{"id": "w1", "side": 0, "hex": [-1, 2], "stats": {"units": big}},
             {"id": "w2", "side": 0, "hex": [0, 4]},
             {"id": "e1", "side": 1, "hex": [1, 2], "stats": {"units": ["line-infantry", "commander"]}}]
    two = game([6, 1, 3, 3, 3], units=[dict(u, stats=dict(u.get("stats", {}))) for u in units])
    moves = {a.actor: a for a in _marches_of_side_0(two)}
    assert isinstance(moves["w1"], Halt)                           # one enemy: the garrison holds ...
    assert isinstance(moves["w2"], March) and _at(two, moves["w2"]) == Hex(1, 2)   # ... w2 strikes
    south = {"id": "s1", "side": 2, "hex": [2, 5]}
    three = game([6, 1, 2, 3, 3, 3, 3], units=[*units, south], sides=3)
    assert isinstance(_march_of(three, "w1"), Halt)                # two enemies: it holds Westholm


def test_an_enemy_capital_out_of_sight_is_presumed_held_in_every_war():
    """Fog of war ("a side sees enemy armies only within a scouting range"): every side keeps a
    garrison, so a march onto an enemy capital the army cannot see weighs a battle against a
    garrison like the army the side raises behind its wall (refused before half the turns), not an
    open gate, in a war of two as with three sides: a battalion and its commander, far weaker, does
    not march onto it; once in sight and seen empty, it is taken."""
    from game.ai.risk_to_take_campaign import CampaignCA
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign import fog
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    eastgard = Hex(6, 2)
    for sides, far_worth in ((2, -30.0), (3, -30.0)):
        units = [{"id": "w1", "side": 0, "hex": [1, 2], "stats": {"units": ["line-infantry", "commander"]}},
                 {"id": "e1", "side": 1, "hex": [6, 5]}]
        if sides == 3:
            units.append({"id": "s1", "side": 2, "hex": [2, 5]})
        s = game([6, 1, 2, 3, 3, 3], units=units, sides=sides)
        w1 = s.units["w1"]
        assert not fog.seen_by(s, 0, eastgard)
        assert CampaignCA().worth(s, w1, eastgard, eastgard, {}, Hex(1, 2)) == far_worth
        w1.hex = (3, 2)                                            # 3 hexes: in sight, and empty
        assert fog.seen_by(s, 0, eastgard)
        assert CampaignCA().worth(s, w1, eastgard, eastgard, {}, Hex(3, 2)) == 100.0


def test_three_kingdoms_capitals_stand_equally_apart_and_each_side_marches_on_the_next():
    """"The first to take an enemy capital wins": the three capitals stand 10 hexes apart, and at
    equal distance each side marches on the capital of the side next in a ring: none is the target
    of both others. "Players decide initiative by throwing dice": the ring runs in the first turn's
    order of initiative (Norrland first, then Ostmark, Sudheim: Norrland on Ostmark, Ostmark on
    Sudheim, Sudheim on Norrland; Sudheim first, then Ostmark, Norrland: the other way round), not
    always in the order the sides are listed (a tie broken by side order)."""
    from game.ai.risk_to_take_campaign import goal_hex
    from game.engine.dice import scripted
    from game.rulesets.risk_to_take_campaign import armies
    for initiative, targets in (([6, 5, 4], [1, 2, 0]), ([4, 5, 6], [2, 0, 1]), ([5, 6, 4], [2, 0, 1])):
        state = engine.new_game(load_scenario("risk-to-take-campaign-three-kingdoms"), seed=1,
                                dice=scripted(initiative))
        caps = {p.side: h for h, p in armies.places(state, "capital")}
        assert {state.board.distance(caps[a], caps[b]) for a, b in ((0, 1), (1, 2), (2, 0))} == {10}
        for side in range(3):
            army = next(u for u in state.units.values() if u.kind == armies.ARMY and u.side == side)
            army.markers.discard(armies.TO_PLACE)
            assert goal_hex(state, army) == caps[targets[side]], (initiative, side)


def test_a_starving_ai_army_never_re_sacks_a_town_already_hostile_to_its_side():
    from game.ai.players import make_player
    from game.engine.flow import Decision
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign import supply
    from game.rulesets.risk_to_take_campaign.actions import ForbidLooting
    from game.rulesets.risk_to_take_campaign.ruleset import RULESET
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    s = game([6, 1, 3, 3], units=[{"id": "w1", "side": 0, "hex": [1, 2]}, {"id": "e1", "side": 1, "hex": [4, 0]}])
    supply.make_hostile(s, Hex(2, 2), 0)                             # Midford, the town in reach
    d = Decision(0, "forage", actor=("w1",))
    assert isinstance(make_player("normal", 1, 0).choose(s, RULESET.legal_actions(s, d), d), ForbidLooting)


def test_the_ai_never_ends_a_march_in_a_town_hostile_to_its_side_for_nothing():
    """A town hostile to the side can never be held, and its partisans cut off a unit of an army
    ending a turn in it: it is worth less than the plain hex beside it."""
    from game.ai.risk_to_take_campaign import CampaignCA
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign import supply
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    s = game([6, 1, 3, 3], units=[{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [6, 5]}])
    w1, target = s.units["w1"], Hex(6, 2)
    ca = CampaignCA()
    before = ca.worth(s, w1, Hex(2, 2), target, {}, Hex(0, 2))
    supply.make_hostile(s, Hex(2, 2), 0)
    assert ca.worth(s, w1, Hex(2, 2), target, {}, Hex(0, 2)) < min(before, ca.worth(s, w1, Hex(2, 3), target, {}, Hex(0, 2)))


def test_no_ai_army_sacks_a_town_its_side_holds_over_seeded_campaigns():
    """Issue 27: two Aubrac armies sacked Aubrac-held Falkau. Over seeded small campaigns in which
    armies starve, every town an AI army sacks is an enemy's or nobody's (rebels, nobody's army,
    aside)."""
    sacks, starving = [], 0
    for seed in range(1, 9):
        state = engine.new_game(scenario(**SMALL), seed=seed, options={"auto_battles": True})
        run(state, ["normal", "normal"])
        starving += sum(e.kind == "Starving" for e in state.log)
        sacks += [e.data for e in state.log if e.kind == "Sacked" and not e.data.get("rebels")]
    assert starving                                                # the AI had to choose
    assert all(s["held_by"] != s["side"] for s in sacks)


def test_at_the_gates_of_an_enemy_capital_the_ai_attacks_its_garrison_instead_of_hovering():
    """Issue 27: armies hovered 1-2 hexes from an enemy capital for ten turns. Two hexes from
    Eastgard, held by a garrison a little stronger than itself (odds 3 to 4 or better), the army
    attacks: taking the capital wins the war, a lost battle only throws it back a hex."""
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign.actions import March
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    mine = ["line-infantry", "line-infantry", "line-infantry", "cavalry", "commander"]
    theirs = ["line-infantry", "line-infantry", "line-infantry", "line-infantry", "cavalry", "commander"]
    units = [{"id": "w1", "side": 0, "hex": [4, 2], "stats": {"units": mine}},
             {"id": "e1", "side": 1, "hex": [6, 2], "stats": {"units": theirs}}]
    s = game([6, 1, 3, 3], units=units)
    action = _march_of(s, "w1")
    assert isinstance(action, March) and _at(s, action) == Hex(6, 2)


def test_an_enemy_army_at_the_gates_of_the_capital_is_struck_at_even_odds():
    """"An army whose hex an enemy entered stands to fight and may not march away": an enemy army a
    hex from Westholm, a little stronger than the West army nearby, is struck at once (pinned, it
    cannot march on the capital; beaten, it is thrown back), where in the open field the AI waits
    for better odds. The garrison holds its capital (Eastgard is held: no open gate to walk into)."""
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign.actions import March
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    stronger = ["line-infantry", "line-infantry", "cavalry", "commander"]
    for at_the_gates, enemy_hex in ((True, [0, 2]), (False, [3, 4])):
        units = [{"id": "w1", "side": 0, "hex": [-1, 2]},
                 {"id": "w2", "side": 0, "hex": [1, 3] if at_the_gates else [2, 4]},
                 {"id": "e1", "side": 1, "hex": enemy_hex, "stats": {"units": list(stronger)}},
                 {"id": "e2", "side": 1, "hex": [6, 2], "stats": {"units": ["line-infantry"] * 6}}]
        s = game([6, 1, 3, 3, 3, 3], units=units, options={"scouting": 8})     # Eastgard seen held
        struck = [a for a in _marches_of_side_0(s) if isinstance(a, March) and _at(s, a) == Hex(*enemy_hex)]
        assert bool(struck) == at_the_gates


def test_with_three_sides_a_lone_army_at_the_gates_waits_for_a_second_wave():
    """The first battle at a capital ends the war (the capital goal): with three sides, an army two
    hexes from Eastgard attacks its garrison only when another army of its side is near enough to
    strike again next turn (concentrate before attacking); alone, it does not throw the war on one
    battle against an army like its own behind the capital's wall."""
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign.actions import March
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    for second_wave in (False, True):
        units = [{"id": "w1", "side": 0, "hex": [4, 2]}, {"id": "w0", "side": 0, "hex": [-1, 2]},
                 {"id": "e1", "side": 1, "hex": [6, 2]}, {"id": "s1", "side": 2, "hex": [2, 5]}]
        if second_wave:
            units.append({"id": "w2", "side": 0, "hex": [4, 3]})
        s = game([6, 1, 2] + [3] * 6, units=units, sides=3)
        attacked = [a for a in _marches_of_side_0(s) if isinstance(a, March) and _at(s, a) == Hex(6, 2)]
        assert bool(attacked) == second_wave


def test_with_three_sides_a_second_army_stands_by_the_capital_while_an_enemy_is_near():
    """One battle at a capital ends the war: with three sides, a side of three armies keeps the
    one next nearest its capital by it (a hex away) while an enemy army is near; with two armies,
    the second marches on."""
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign.actions import March
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import game
    strong = ["line-infantry", "line-infantry", "line-infantry", "cavalry", "commander"]
    for armies_of_west in (2, 3):
        units = [{"id": "w1", "side": 0, "hex": [-1, 2]}, {"id": "w2", "side": 0, "hex": [1, 2]},
                 {"id": "e1", "side": 1, "hex": [3, 4], "stats": {"units": list(strong)}},
                 {"id": "s1", "side": 2, "hex": [2, 5]}, {"id": "e2", "side": 1, "hex": [6, 2]}]
        if armies_of_west == 3:
            units.append({"id": "w3", "side": 0, "hex": [4, 1]})
        s = game([6, 1, 2] + [3] * 7, units=units, sides=3)
        action = _march_of(s, "w2")
        by_the_capital = isinstance(action, March) and s.board.distance(_at(s, action), Hex(-1, 2)) == 1
        assert by_the_capital == (armies_of_west == 3)
