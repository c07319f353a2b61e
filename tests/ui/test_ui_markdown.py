"""The rules reference: Markdown read into headings, lists, tables and code, laid out to a page."""
from __future__ import annotations

from game.ui import markdown

DOC = """---
title: front matter is skipped
---
# Risus Skirmish

An action is **either** a movement, an *attack* or a `rally`.

## Attack
- base dice: half the cliché, rounded
- +1 for a better weapon
  and more words on the next line
1. first
2. second

| Dice | 1 or more 5s or 6s |
| :--: | ---: |
| 1d6 | 33% |
| 4d6 | 80% |

> An interpretation note.

```
code stays as it is
```
---
"""


def test_blocks_of_each_kind():
    blocks = markdown.parse(DOC)
    kinds = [b.kind for b in blocks]
    assert kinds == ["h", "p", "h", "li", "li", "li", "li", "table", "quote", "code", "hr"]
    assert blocks[0].text == "Risus Skirmish" and blocks[0].level == 1
    assert ("either", "b") in blocks[1].spans and ("attack", "i") in blocks[1].spans
    assert ("rally", "code") in blocks[1].spans
    assert blocks[4].text.endswith("and more words on the next line")
    assert blocks[5].marker == "1."
    table = blocks[7]
    assert [c[0][0] for c in table.rows[0]] == ["Dice", "1 or more 5s or 6s"]
    assert table.align == ["c", "r"] and len(table.rows) == 3
    assert blocks[9].lines == ["code stays as it is"]


def test_the_rules_page_lays_out_every_block(app):
    from game.ui.screens.rules import Layout
    layout = Layout(app.fonts, markdown.parse(DOC), 600, 1.0)
    page = layout.render()
    assert layout.height > 300 and page.get_width() == 600
    assert "Risus Skirmish" in app.fonts.frame_texts or any("Risus" in t for t in app.fonts.frame_texts)


def test_the_rules_screen_scrolls(app):
    import pygame
    from game.ui.screens.menu import MainMenu
    from game.ui.screens.rules import RulesScreen
    screen = RulesScreen(app)
    app.reset(MainMenu(app), screen)
    app.step()
    if screen.layout is not None and screen._max_scroll() > 0:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
        app.step()
        assert screen.scroll > 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    assert app.top.name == "menu"
