"""Risus Skirmish advanced options: hidden deployment and grenades (diving for cover and spotting are
in test_risus_opfire.py)."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.risus_skirmish.actions import Attack, Move, ThrowGrenade
from test_risus_helpers import blank, fig, game, option, options, pass_turn, rect, texts, who, with_dice

# The Americans (side 0) advance from the west field; the Germans hide in the wood.
AMBUSH = [rect("west", "field", 0, 0, 30, 40, name="West Field"), rect("wood", "wood", 30, 0, 60, 40,
                                                                        name="Dark Wood")]
HIDDEN = {"hidden_deployment": True}


def ambush(**kw):
    units = [fig("a", 0, 10, 20), fig("c", 0, 5, 5),
             fig("g", 1, 45, 20, name="Gefr. Ernst"), blank("blank-1", 1, 45, 30),
             fig("h", 1, 50, 8, name="Obgefr. Lutz")]
    return game(units, AMBUSH, options=HIDDEN, **kw)


def test_without_the_option_blank_markers_are_taken_off_and_nobody_is_hidden():
    s = game([fig("a", 0, 10, 20), fig("g", 1, 45, 20), blank("blank-1", 1, 45, 30)], AMBUSH)
    assert "blank-1" not in s.units and "hidden" not in s.units["g"].markers


def test_the_defender_deploys_hidden_with_blanks_among_the_real_markers():
    s = ambush()
    assert all("hidden" in s.units[u].markers for u in ("g", "h", "blank-1"))
    assert "The Germans deploy hidden: 3 markers on the table, some of them blanks" in texts(s)


def test_view_shows_the_other_sides_hidden_figures_as_anonymous_markers():
    s = ambush()
    seen = engine.view(s, 0)
    markers = [u for u in seen.units.values() if u.side == 1]
    assert sorted(u.id for u in markers) == ["marker-1", "marker-2", "marker-3"]
    described = {(u.name, u.kind, u.team, tuple(sorted(u.stats)), tuple(sorted(u.markers)), u.facing,
                  tuple(sorted(u.base.items()))) for u in markers}
    assert len(described) == 1                         # a blank looks exactly like a real figure
    assert not any(u.id in seen.units for u in s.units.values() if u.side == 1)
    assert all(u.id not in {"g", "h", "blank-1"} for u in seen.scenario.units)
    assert "Gefr. Ernst" not in str(seen.scenario.raw)
    own = engine.view(s, 1)
    assert {"g", "h", "blank-1"} <= set(own.units)


def test_log_lines_about_hidden_figures_are_hidden_from_the_other_side():
    s = ambush()
    seen = engine.view(s, 0)
    assert not any("Gefr. Ernst" in e.text for e in seen.log)
    assert any("Gefr. Ernst deploys hidden" in e.text for e in engine.view(s, 1).log)


def test_hidden_figures_cannot_be_attacked_until_revealed():
    s = ambush()
    assert options(s, "Attack") == []


def test_a_hidden_figure_is_revealed_when_an_enemy_gains_los_and_a_blank_is_taken_away():
    s = ambush()
    engine.apply(s, Move("a", 32, 30, 0))           # into the wood's edge: the same piece as the markers
    assert who(s) == (1, "opportunity-fire")         # the hidden Germans see him come in
    engine.apply(s, Pass(1))
    assert s.units["blank-1"].out and "hidden" not in s.units["g"].markers
    log = texts(s)
    assert "A hidden marker is revealed (in LOS of A): a blank, nobody there" in log
    assert "Gefr. Ernst is revealed (in LOS of A)" in log


def test_a_hidden_figure_is_revealed_when_it_fires():
    units = [fig("a", 0, 10, 20, facing=180), fig("c", 0, 5, 5, facing=180),
             fig("h", 1, 50, 8, name="Obgefr. Lutz")]
    s = game(units, AMBUSH, options={**HIDDEN, "facing": "180"})
    pass_turn(s)
    engine.apply(s, Move("h", 31.5, 8, 180))        # to the wood's edge, behind the Americans' backs
    assert "hidden" in s.units["h"].markers
    with_dice(s, [6, 1])
    engine.apply(s, Attack("h", "a"))
    assert "hidden" not in s.units["h"].markers and "pinned" in s.units["a"].markers
    assert "Obgefr. Lutz is revealed as he fires" in texts(s)


def test_a_hidden_figure_moves_hidden_until_seen():
    s = ambush()
    pass_turn(s)
    engine.apply(s, Move("g", 50, 30, 90))          # deep in the wood: nobody sees it
    assert "hidden" in s.units["g"].markers
    seen = engine.view(s, 0)
    assert any(e.text == "A hidden marker moves" for e in seen.log)
    assert not any("Gefr. Ernst moves" in e.text for e in seen.log)


def test_blank_markers_move_like_figures_and_do_nothing_else():
    s = ambush()
    pass_turn(s)
    kinds = {o.kind for o in options(s) if o.the_actor == "blank-1"}
    assert kinds == {"Move"}


def test_op_fire_pause_does_not_tell_blanks_from_real_figures():
    # the Americans face away (west); the blank at the wood's edge faces them and sees them move
    units = [fig("a", 0, 10, 20, facing=180), fig("c", 0, 5, 5, facing=180),
             dict(blank("blank-1", 1, 31.5, 20), facing=180), fig("g", 1, 50, 30)]
    s = game(units, AMBUSH, options={**HIDDEN, "facing": "180"})
    assert "hidden" in s.units["blank-1"].markers
    engine.apply(s, Move("a", 15, 20, 180))
    assert who(s) == (1, "opportunity-fire")
    assert [o.kind for o in options(s)] == ["Pass"]


# -- grenades ------------------------------------------------------------------------------------------
GRENADES = {"grenades": True}
R = {"grenade_blast_radius": 4, "grenade_range": 12}


def grenade_game(units, pieces=None, **kw):
    return game(units, pieces, options=GRENADES, ruleset_data=R, **kw)


def test_grenades_are_thrown_only_within_r2():
    s = grenade_game([fig("a", 0, 10, 20, grenades=1), fig("near", 1, 21, 20), fig("far", 1, 23, 30)])
    targets = {o.target for o in options(s, "Grenade")}
    assert targets == {"near"}


def test_no_grenades_without_the_option_or_without_grenades():
    s = game([fig("a", 0, 10, 20, grenades=1), fig("b", 1, 15, 20)])
    assert options(s, "Grenade") == []
    s2 = grenade_game([fig("a", 0, 10, 20), fig("b", 1, 15, 20)])
    assert options(s2, "Grenade") == []


def test_a_grenade_is_an_ordinary_weapon():
    s = grenade_game([fig("a", 0, 10, 20, 4, weapon="light machine gun", grenades=1), fig("b", 1, 15, 20)])
    assert option(s, "Grenade", "a", "b").odds_text == "2 dice, 56%"


def test_a_grenade_hit_attacks_everyone_within_r1_in_the_open_with_one_die_less():
    units = [fig("a", 0, 10, 20, 6, grenades=2), fig("b", 1, 20, 20), fig("near", 1, 22, 22),
             fig("friend", 0, 18, 17), fig("far", 1, 30, 30)]
    s = grenade_game(units, dice=[6, 1, 1, 5, 1, 1, 1])
    engine.apply(s, ThrowGrenade("a", "b"))
    purposes = [r.purpose for r in s.rolls]
    assert purposes == ["hand grenade at B", "grenade blast on Near", "grenade blast on Friend"]
    assert [r.expr for r in s.rolls] == ["hits(3d6,5)>=1", "hits(2d6,5)>=1", "hits(2d6,5)>=1"]
    assert "pinned" in s.units["b"].markers and "pinned" in s.units["near"].markers
    assert "pinned" not in s.units["friend"].markers and "pinned" not in s.units["far"].markers
    assert s.units["a"].stats["grenades"] == 1
    assert who(s) == (0, "act")


def test_a_grenade_miss_affects_nobody():
    units = [fig("a", 0, 10, 20, 6, grenades=2), fig("b", 1, 20, 20), fig("near", 1, 21, 21)]
    s = grenade_game(units, dice=[1, 2, 3])
    engine.apply(s, ThrowGrenade("a", "b"))
    assert len(s.rolls) == 1 and not any("pinned" in u.markers for u in s.units.values())
    assert who(s) == (1, "act")
    assert "The grenade misses: nobody is affected, not even bystanders" in texts(s)


WALL = [rect("west", "field", 0, 0, 40, 40), rect("wall", "low-wall", 40, 0, 41, 40),
        rect("east", "field", 41, 0, 60, 40)]


def test_a_grenade_bystanders_cover_is_judged_from_the_burst_not_from_the_thrower():
    """Grenades: "Everyone but the target within the blast radius is attacked with 1 die less", and an
    attack is at -1 when the "target has cover": the target's cover is judged from the thrower, a
    bystander's from the burst his attack comes from. Beside B behind the wall, C has no wall between
    him and the burst (2 dice, not 1); W, west of the wall, has it between him and the burst (1 die)."""
    units = [fig("a", 0, 32, 20, 6, grenades=1), fig("b", 1, 42.5, 20), fig("c", 1, 42.5, 22.6),
             fig("w", 1, 38.5, 20)]
    s = grenade_game(units, WALL, dice=[6, 1, 6, 1, 6])
    engine.apply(s, ThrowGrenade("a", "b"))
    assert [(r.purpose, r.expr) for r in s.rolls] == [
        ("hand grenade at B", "hits(2d6,5)>=1"),         # 3 dice, B behind the wall from A: -1
        ("grenade blast on C", "hits(2d6,5)>=1"),        # 3 dice, in the blast -1, no cover from it
        ("grenade blast on W", "hits(1d6,5)>=1")]        # and W: the wall is between him and the burst
    assert all("pinned" in s.units[u].markers for u in ("b", "c", "w"))


HOUSE = [{"id": "yard", "kind": "field", "name": "Yard", "polygon": [[0, 0], [60, 0], [60, 40], [0, 40]],
          "holes": [[[20, 10], [40, 10], [40, 30], [20, 30]]]},
         {"id": "house", "kind": "house", "name": "House", "polygon": [[20, 10], [40, 10], [40, 30], [20, 30]],
          "rooms": [[[20, 10], [30, 10], [30, 30], [20, 30]], [[30, 10], [40, 10], [40, 30], [30, 30]]]}]


def test_a_grenade_inside_a_building_affects_the_whole_room():
    units = [fig("a", 0, 12, 20, 6, grenades=1), fig("b", 1, 21, 20), fig("same-room", 1, 29, 28),
             fig("next-room", 1, 31, 12), fig("outside", 1, 19, 20)]
    s = grenade_game(units, HOUSE, dice=[6, 1, 6])    # 2 dice at B (in cover), then 1 die (cover, blast)
    engine.apply(s, ThrowGrenade("a", "b"))
    assert [r.purpose for r in s.rolls] == ["hand grenade at B", "grenade blast on Same-room"]
    assert "pinned" in s.units["same-room"].markers
    assert "pinned" not in s.units["outside"].markers and "pinned" not in s.units["next-room"].markers
    assert any("the whole room is in the blast" in t for t in texts(s))


def test_view_hides_hidden_teams_and_hidden_firers_waiting_to_fire():
    units = [fig("a", 0, 10, 20, facing=180), fig("c", 0, 5, 5, facing=180),
             fig("g1", 1, 31.5, 18, team="t", facing=180), fig("g2", 1, 31.5, 22, team="t", facing=180)]
    s = game(units, AMBUSH, options={**HIDDEN, "facing": "180"},
             ruleset_data={"teams": {"t": {"name": "Hidden Team", "leader": "g1"}}})
    engine.apply(s, Move("a", 15, 20, 180))
    assert who(s) == (1, "opportunity-fire")
    assert [o.the_actor for o in options(s, "OpportunityFire")] == ["t"]
    theirs, ours = engine.view(s, 0), engine.view(s, 1)
    assert theirs.flow.interrupts[-1].context["firers"] == {} and "t" not in theirs.data["teams"]
    assert "t" not in theirs.scenario.ruleset_data["teams"]
    assert ours.flow.interrupts[-1].context["firers"] == {"t": 1} and "t" in ours.data["teams"]
    with_dice(s, [6, 1, 1, 1])
    engine.apply(s, option(s, "OpportunityFire", "t").action)
    assert "G1 is revealed as he opens fire" in texts(s) and "hidden" not in s.units["g2"].markers


def test_hidden_deployment_makes_the_hotseat_hand_over():
    """Advanced option: hidden deployment: the UI must cover the table between players."""
    from game.engine.registry import get
    from game.io.scenario_file import load_scenario
    from game.engine import game as engine
    rs = get("risus-skirmish")
    sc = load_scenario("risus-hidden-ambush")
    assert rs.hides_information(engine.new_game(sc, seed=1, options={"hidden_deployment": True}))
    assert not rs.hides_information(engine.new_game(sc, seed=1, options={"hidden_deployment": False}))


def test_field_of_vision_follows_the_facing_option():
    """Facing: none gives 360 degrees, 180 and 90 as chosen."""
    from game.engine.registry import get
    from game.io.scenario_file import load_scenario
    from game.engine import game as engine
    rs = get("risus-skirmish")
    sc = load_scenario("risus-farm-assault")
    for mode, arc in (("none", 360.0), ("180", 180.0), ("90", 90.0)):
        s = engine.new_game(sc, seed=1, options={"facing": mode})
        assert rs.field_of_vision(s, next(iter(s.units))) == arc


def test_a_hidden_marker_may_be_assaulted_and_the_assault_ends_in_base_contact():
    """Bases may not overlap, so the move region leaves a marker's base out; the assault option takes its
    place, without odds (who, if anyone, stands there is unknown) and naming nobody."""
    units = [fig("a", 0, 28, 20, facing=180), fig("c", 0, 5, 5, facing=180),
             blank("blank-1", 1, 31.5, 20), fig("h", 1, 50, 8, name="Obgefr. Lutz")]
    s = game(units, AMBUSH, options={**HIDDEN, "facing": "180"})
    assert "hidden" in s.units["blank-1"].markers
    o = next(o for o in options(s, "Assault") if o.the_actor == "a")
    assert o.label == "A assaults a hidden marker" and o.target is None and o.odds is None
    engine.apply(s, o.action)
    if who(s) == (1, "opportunity-fire"):
        engine.apply(s, Pass(1))
    assert s.units["a"].pos == (29.0, 20)                      # 2.5 cm from the marker: bases touch
    assert s.units["blank-1"].out and who(s) == (0, "act")
