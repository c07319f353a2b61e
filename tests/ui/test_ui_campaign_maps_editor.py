"""Every campaign map opens in the editor as it is, with no problem listed (issue 27: the maps are
redrawn to be the same seen from every capital; issue 19: "Start from ... any bundled scenario")."""
from __future__ import annotations

import pytest

from game.editor.document import Editor
from game.editor.opening import open_scenario
from game.ui.screens.editor import EditorScreen

MAPS = ["risk-to-take-campaign-two-crowns", "risk-to-take-campaign-three-kingdoms",
        "risk-to-take-campaign-four-marches"]


@pytest.mark.parametrize("name", MAPS)
def test_a_campaign_map_opens_in_the_editor_as_it_is(app, name):
    doc, own = open_scenario(name)
    app.main_menu()
    app.push(EditorScreen(app, Editor(doc, own)))
    for _ in range(3):
        app.step()
    assert app.top.problems == []
    hexmap = app.top.editor.doc["hexmap"]
    assert len(hexmap["hexes"]) == len(doc["hexmap"]["hexes"]) and len(hexmap["places"]) == len(doc["hexmap"]["places"])
    assert app.top.view.camera is not None
