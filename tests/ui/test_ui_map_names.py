"""Watched games (docs/watched-games.md): "unit labels still cover objective and terrain names" and
"marker badges can sit under unit labels". The map's names are placed each frame after the units'
labels and badges (game.ui.labels.NameLayer): a name moves to another of its spots, or yields; a
unit's label never covers a badge, and leaves a name's own place free when it has another spot."""
from __future__ import annotations

import itertools
import math

import pygame
from conftest import at

from game.ui.labels import LabelPlacer, MapName, NameLayer
from game.ui.session import Session


def crowded_farm(app):
    """Risus farm assault with every unit crowded round the farmhouse objective, each with badges."""
    from game.io.scenario_file import load_scenario
    from game.rulesets import load_all
    load_all()
    session = Session(load_scenario("risus-farm-assault"), 3, {}, ["human", "human"])
    obj = session.state.scenario.objectives[0]
    units = list(session.state.units.values())
    for i, u in enumerate(units):
        a, d = i * 2.4, 3.0 + 1.2 * i
        u.x, u.y = float(obj["x"]) + d * math.cos(a) * 0.6, float(obj["y"]) + d * math.sin(a) * 0.6
        u.markers |= {"pinned", "wounded"}
    app.start_session(session)
    for _ in range(3):
        app.step()
    table = app.top
    table.board.settle(session.view())
    cx, cy = at(table, float(obj["x"]), float(obj["y"]))
    table.board.camera.zoom_at(cx, cy, 2)
    for _ in range(3):
        app.step()
    return session, table


def test_unit_labels_names_and_badges_never_cover_each_other_in_a_crowd(app):
    """The labels, badges and map names drawn in a crowded melee round an objective: no unit label
    over a badge or a name, no name over a badge, a unit's base or another name."""
    _session, table = crowded_farm(app)
    painter = table.board.painter
    labels = [r for _u, _t, r in painter.labels_drawn]
    names = painter.names_drawn
    badges = painter.badges_drawn
    assert len(labels) >= 8 and len(badges) >= 8 and names       # a row of chips per unit
    for rect in labels:
        assert rect.collidelist(badges) < 0, rect
        assert rect.collidelist([r for _t, r in names]) < 0, rect
    for (ta, ra), (tb, rb) in itertools.combinations(names, 2):
        assert not ra.colliderect(rb), (ta, tb)
    for _t, rect in names:
        assert rect.collidelist(badges) < 0 and rect.collidelist(labels) < 0


def test_the_objectives_name_moves_out_of_the_crowd_rather_than_vanish(app):
    """"objective names first (they decide the game)": with units all round the flag, the
    objective's name still shows, at one of its farther spots."""
    session, table = crowded_farm(app)
    name = session.state.scenario.objectives[0]["name"]
    assert name in [t for t, _r in table.board.painter.names_drawn]


def test_names_are_drawn_over_the_terrain_each_frame_not_baked_into_it(app):
    """The cached terrain image holds no names: they come from the NameLayer, at its screen offset."""
    _session, table = crowded_farm(app)
    layer = table.board.terrain.names
    assert isinstance(layer, NameLayer)
    assert [n.text for n in layer.objectives] == ["farmhouse"] and "Farmhouse" in {n.text for n in layer.pieces}


def test_a_unit_label_leaves_a_names_place_free_when_it_has_another_spot():
    """LabelPlacer's soft places: the first free spot clear of them wins; only when every free spot
    covers one does the label go there."""
    home = pygame.Rect(0, 20, 60, 14)
    placer = LabelPlacer(pygame.Rect(0, 0, 200, 200), [home])
    spots = [("topleft", (0, 20)), ("topleft", (0, 80))]
    assert placer.place("Cpl", (30, 12), spots).y == 80
    placer = LabelPlacer(pygame.Rect(0, 0, 200, 200), [home])
    assert placer.place("Cpl", (30, 12), spots[:1]).y == 20


def test_a_terrain_name_yields_to_a_unit_label_or_moves():
    """NameLayer.place: a terrain name whose own place is taken goes to its next free spot; with
    none, it is left out; the placement is kept while nothing moves, and follows the image."""
    name = MapName("Barn", pygame.Surface((50, 12)), [("center", (100, 100)), ("center", (100, 140))])
    layer = NameLayer([name], [], (300, 200))
    assert layer.homes() == [pygame.Rect(75, 94, 50, 12)]
    label = pygame.Rect(80, 95, 40, 12)
    moved = layer.place([label], False)
    assert [r for _n, r in moved] == [pygame.Rect(75, 134, 50, 12)]
    assert layer.place([label], False) is moved
    assert layer.place([label, pygame.Rect(90, 135, 20, 10)], False) == []
    layer.offset = (10, 0)
    assert [r for _n, r in layer.place([], False)] == [pygame.Rect(85, 94, 50, 12)]


def test_an_objectives_name_is_placed_first_and_unit_labels_go_round_it():
    """"objective names first (they decide the game)": placed around bases and badges before the
    units' labels, which then treat it as taken."""
    goal = MapName("generator", pygame.Surface((60, 14)), [("midleft", (114, 86)), ("midtop", (100, 106))],
                   (250, 244, 250))
    layer = NameLayer([goal], [pygame.Rect(98, 81, 16, 11)], (300, 200))
    badge = pygame.Rect(120, 80, 20, 12)
    [(_n, rect)] = layer.place([badge], True)
    assert rect.midtop == (100, 106) and not rect.colliderect(badge)
