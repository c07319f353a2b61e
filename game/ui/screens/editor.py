"""The scenario editor (issue 19): the board drawn by the game's own board views, the tools on the
left, the selection's form and the live problems on the right, save / play / undo on top. It holds
no rule: the model (game.editor) edits the document, the ruleset's checks judge it."""
from __future__ import annotations

import pygame
import pygame_gui
import shapely
from pygame_gui.windows import UIConfirmationDialog

from game.editor import checks, forms, preview, shapes
from game.editor.document import Editor
from game.editor.tools import BY_ID, Tools
from game.geometry.hexgrid import Hex
from game.ui import render, theme
from game.ui.components import keymap
from game.ui.components.board_view import Frame
from game.ui.components.board_views import board_view_for
from game.ui.components.choices import Selection
from game.ui.editor.keys import EDITOR_KEYMAP
from game.ui.editor.panel import PropertyPanel, ToolBar
from game.ui.screens.base import Screen

SELECT = (255, 214, 90)
DRAWING = (255, 255, 255)
PROBLEM = (230, 60, 50)


class EditorScreen(Screen):
    name = "editor"
    keymap = EDITOR_KEYMAP

    def __init__(self, app, editor: Editor):
        super().__init__(app)
        self.editor = editor
        self.tools = Tools(editor)
        self.problems: list[checks.Problem] = []
        self.gaps = None                          # what no terrain piece covers, when that is a problem
        self.gap_layer = render.RegionCache()
        self.shown = None                         # the Preview drawn
        self.view = None                          # the board view (TableView / HexView)
        self.seen = (-1, None)                    # (document version, selection) the widgets show
        self.pan_from: tuple[int, int] | None = None
        self.dragging = False
        self.confirm: UIConfirmationDialog | None = None
        self.quitting = False                     # the window is closing, not just the editor
        self.form_start = 0                       # the first field shown of a long form
        self.problem_hex: Hex | None = None       # the hex of the problem clicked last (a hex map)
        self.now = 0.0
        self.checked = -1                         # the document version the problems are of
        self.refresh_model()

    # -- the model -> what is shown ------------------------------------------------------------------
    def refresh_model(self, check: bool = True) -> None:
        """The board shown anew; with `check`, the live checks run again too (a brush stroke leaves
        them until it ends, so each hex painted costs only its redraw)."""
        ed = self.editor
        if check:
            self.problems = checks.problems(ed.doc)
            self.checked = ed.history.version
            # a problem about the terrain that names a point (a table its ruleset wants covered has a
            # gap there): what no piece covers is shown, once per edit
            gap = any(p.point is not None and p.place == "terrain" for p in self.problems)
            self.gaps = shapes.uncovered(*ed.size, ed.doc["terrain"]) if gap and ed.board == "table" else None
        shown = preview.build(ed.doc)
        if shown is not None:
            old = self.shown
            self.shown = shown
            if self.view is not None and old is not None and \
                    (getattr(old.board, "width", 0), getattr(old.board, "height", 0)) == \
                    (getattr(shown.board, "width", 0), getattr(shown.board, "height", 0)) and \
                    getattr(self.view, "kind", "") == getattr(shown.board, "kind", ""):
                if hasattr(self.view, "board"):
                    self.view.board = shown.board
                self.view.settle(shown)
            else:
                self.view = board_view_for(self.app, shown)
                self.view.settle(shown)
                if self.container is not None:
                    self.view.place(self.board_area(), shown, legend=True)
        self.seen = (ed.history.version, ed.selection)

    def board_area(self) -> tuple[int, int, int, int]:
        w, h = self.app.size
        left, right, top = self.s(170), self.s(330), self.s(44)
        return (left + self.s(8), top, w - left - right - self.s(16), h - top - self.s(26))

    def build(self) -> None:
        w, h = self.app.size
        s = self.s
        x, y = self.board_area()[0], s(6)
        bw = min(s(112), (self.board_area()[2] - 4 * s(6)) // 5)
        for text, fn, tip in (("Save (Ctrl+S)", self.save, "into your scenarios, listed under New game"),
                              ("Play (F5)", self.play, "save, then start a game of it at once"),
                              ("Undo", self.undo, "Ctrl+Z"), ("Redo", self.redo, "Ctrl+Y"),
                              ("Close (Esc)", self.close, None)):
            text = text if bw >= s(100) else text.split(" (")[0]       # a narrow window: no keys
            self.button(pygame.Rect(x, y, bw, s(32)), text, fn, "#primary" if fn == self.play else None, tip)
            x += bw + s(6)
        self.toolbar = ToolBar(self, pygame.Rect(s(8), s(44), s(160), h - s(52)))
        self.panel = PropertyPanel(self, pygame.Rect(w - s(322), s(8), s(314), h - s(16)),
                                   self.set_field, self.select_problem)
        if self.view is not None and self.shown is not None:
            self.view.place(self.board_area(), self.shown, legend=True)

    def turn_form_page(self, start: int) -> None:
        self.form_start = start
        self.refresh_widgets()

    def refresh_widgets(self) -> None:
        if self.container is not None:
            self.rebuild()

    def update(self, dt: float) -> None:
        self.now += dt
        ed = self.editor
        stroking = self.tools.stroking          # a brush stroke: checks and widgets wait for its end
        if self.seen != (ed.history.version, ed.selection):
            changed = self.seen[0] != ed.history.version
            if self.seen[1] != ed.selection:
                self.form_start = 0
            if changed:
                self.refresh_model(check=not stroking)
            self.seen = (ed.history.version, ed.selection)
            if not stroking:
                self.app.later(self.refresh_widgets)
        elif not stroking and self.checked != ed.history.version:
            self.refresh_model()
            self.app.later(self.refresh_widgets)

    def caption(self) -> str:
        return f"Editor — {self.editor.doc.get('title', '')}{' *' if self.editor.dirty else ''}"

    # -- commands ----------------------------------------------------------------------------------
    def use_tool(self, tool: str) -> None:
        if self.tools.use(tool):
            self.editor.message = f"{BY_ID[tool].label}: {BY_ID[tool].help}"
        self.app.later(self.refresh_widgets)

    def undo(self) -> None:
        self.tools.cancel()
        self.editor.undo()

    def redo(self) -> None:
        self.editor.redo()

    def add_side(self) -> None:
        self.editor.add_side()

    def fill_gaps(self) -> None:
        if self.editor.board == "table":
            self.editor.fill_gaps("open")

    def set_field(self, field: forms.Field, text: str) -> None:
        try:
            value = forms.parse(field, text)
        except ValueError as exc:
            self.editor.message = str(exc)
            return
        if field.path == ("ruleset",):
            self.editor.set_ruleset(value)
        elif (value in (None, "") and field.kind in ("optional", "choice")) or (value == {} and field.empty_clears):
            self.editor.clear_value(field.path)
        else:
            self.editor.set_value(field.path, value, f"set {field.label.lower()}")
        self.app.later(self.refresh_widgets)

    def select_problem(self, index: int) -> None:
        problem = self.problems[index]
        if problem.target is not None:
            self.editor.select(problem.target)
        elif problem.hex is not None and self.editor.board == "hexmap":
            self.problem_hex = Hex(*problem.hex)
        point = problem.point
        if point is None and problem.target is not None:
            item = self.editor.item(problem.target) or {}
            if item.get("polygon"):
                point = shapes.centre_of(item)
            elif item.get("x") is not None:
                point = (item["x"], item["y"])
        if point is not None and self.view is not None:
            cam = self.view.camera
            px, py = cam.to_screen(*point)
            x, y, w, h = self.view.viewport
            cam.pan(x + w / 2 - px, y + h / 2 - py)
        self.editor.message = str(problem)

    def save(self) -> bool:
        """Saved when the schema accepts it; a scenario with problems left is saved all the same
        (it is work in progress), and the message says it will not play yet."""
        from game.io.errors import FileProblem
        from game.io.user_scenarios import save_user_scenario
        try:
            path = save_user_scenario(self.editor.doc, playable=False)
        except FileProblem as exc:
            self.editor.message = f"not saved: {exc}"
            return False
        self.editor.path = str(path)
        self.editor.history.mark_saved()
        left = len(self.problems)
        self.editor.message = f"saved: {path}" + (f" (it will not play until its {left} problem"
                                                   f"{'s are' if left > 1 else ' is'} mended)" if left else "")
        return True

    def play(self) -> None:
        if self.problems:
            self.editor.message = f"it cannot be played yet: {self.problems[0]}"
            return
        if not self.save():
            return
        from game.io.errors import FileProblem
        from game.io.scenario_file import load_scenario
        from game.ui.players import default_players, new_seed
        from game.ui.session import Session, SessionError
        try:
            scenario = load_scenario(self.editor.path)
            session = Session(scenario, new_seed(), None, default_players(self.app, scenario),
                              source=self.editor.path)
        except (FileProblem, SessionError) as exc:
            self.editor.message = f"cannot play: {exc}"
            return
        self.app.start_session(session)

    def before_quit(self) -> bool:
        """The window is being closed: with unsaved changes, ask first (True: asked)."""
        if not self.editor.dirty:
            return False
        self.quitting = True
        self.close()
        return True

    def close(self) -> None:
        if not self.editor.dirty:
            self.app.pop(self)
            return
        if self.confirm is None:
            w, h = self.app.size
            self.confirm = UIConfirmationDialog(pygame.Rect(w // 2 - self.s(200), h // 2 - self.s(90), self.s(400),
                                                            self.s(180)),
                                                "This scenario has unsaved changes. Close the editor and lose them?",
                                                self.app.manager, window_title="Unsaved changes",
                                                action_short_name="Close")

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.confirm = None
            if self.quitting:
                self.app.quit()
            else:
                self.app.pop(self)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
            self.confirm, self.quitting = None, False
            return
        if self.toolbar.handle(event) or self.panel.handle(event):
            return
        try:
            if event.type == pygame.KEYDOWN:
                self.key(event)
            elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                                pygame.MOUSEWHEEL):
                self.mouse(event)
        except (ValueError, TypeError, KeyError, IndexError, shapely.errors.GEOSException) as exc:
            # a piece the form has left half-made (a polygon of two points, a kind typed wrong): the
            # gesture is refused with why, and the problem list says what to mend
            self.tools.cancel()
            self.editor.message = f"cannot do that here: {type(exc).__name__}: {exc}"

    def key(self, event) -> None:
        found = keymap.lookup(event.key, event.mod, self.keymap)
        if found is None:
            return
        binding, chord = found
        ed, tools = self.editor, self.tools
        command, arg = binding.command, chord.arg
        if command == "tool":
            self.use_tool(arg)
        elif command == "escape":
            if not tools.cancel():
                if ed.selection is not None:
                    ed.select(None)
                else:
                    self.close()
        elif command == "cycle":
            tools.cycle(arg)
            self.app.later(self.refresh_widgets)
        elif command == "side":
            if arg < len(ed.doc.get("sides", [])):
                tools.side = arg
                self.app.later(self.refresh_widgets)
        elif command == "finish":
            tools.finish()
        elif command == "back":
            if not tools.back() and not tools.delete_corner():
                ed.delete()
        elif command == "delete":
            if not tools.delete_corner():
                ed.delete()
        elif command == "duplicate":
            ed.duplicate()
        elif command == "nudge":
            step = (ed.grid or 1.0) * (5 if event.mod & pygame.KMOD_SHIFT else 1)
            ed.move_by(arg[0] * step, arg[1] * step)
        elif command == "rotate":
            ed.rotate_by(arg)
        elif command == "scale":
            ed.scale_by(arg)
        elif command == "snap":
            ed.grid = 0.0 if ed.grid else 1.0
            ed.message = f"snap to grid {'on' if ed.grid else 'off'}"
        else:
            fn = {"undo": self.undo, "redo": self.redo, "save": self.save, "play": self.play,
                  "add_side": self.add_side, "fill": self.fill_gaps, "fit": self.fit}.get(command)
            if fn is not None:
                fn()

    def fit(self) -> None:
        if self.view is not None:
            self.view.camera.fit()

    def mouse(self, event) -> None:
        view = self.view
        if view is None or view.camera is None:
            return
        pos = getattr(event, "pos", self.app.mouse)
        if event.type == pygame.MOUSEWHEEL:
            if view.in_viewport(self.app.mouse):
                view.camera.zoom_at(*self.app.mouse, 1 if event.y > 0 else -1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3) and view.in_viewport(pos):
            self.pan_from = pos
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self.pan_from = None
            return
        world = view.world(pos)
        if event.type == pygame.MOUSEMOTION:
            if self.pan_from is not None:
                view.camera.pan(pos[0] - self.pan_from[0], pos[1] - self.pan_from[1])
                self.pan_from = pos
            self.tools.motion(world, self.dragging)
            return
        if event.button != 1:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and view.in_viewport(pos):
            self.dragging = True
            self.tools.reach = self.s(8) / max(view.camera.scale, 1e-6)     # 8 px round a corner
            self.tools.press(world, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            self.tools.release(world)

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        view, shown = self.view, self.shown
        if view is None or shown is None:
            theme.draw_text(surface, self.app.fonts, "This board cannot be drawn yet: see the problems.",
                            (self.board_area()[0] + self.s(10), self.s(60)), 15, theme.BAD)
        else:
            clip = surface.get_clip()
            surface.set_clip(pygame.Rect(view.viewport))
            sel = Selection()
            ed = self.editor
            if ed.selection and ed.selection[0] == "units" and ed.item() is not None:
                sel.selected = preview.unit_key(ed.selection[1], ed.doc)
            if ed.board == "hexmap":
                item = ed.item() or {}
                where = item.get("hex") or ((item["q"], item["r"]) if "q" in item and "r" in item else None)
                view.selected_hex = Hex(*where) if where else self.problem_hex
            view.draw(surface, Frame(view=shown, sel=sel, now=self.now))
            self.draw_overlays(surface)
            surface.set_clip(clip)
            view.draw_legend(surface)
        self.draw_status(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        try:
            self.toolbar.draw(surface)
        except ValueError:               # a terrain kind typed wrong in the form: no swatch until mended
            pass

    def draw_overlays(self, surface: pygame.Surface) -> None:
        cam = self.view.camera
        ed = self.editor
        item = ed.item()
        if item is not None and item.get("polygon"):
            pts = [cam.to_screen(*p) for p in item["polygon"]]
            if len(pts) >= 3:
                pygame.draw.lines(surface, SELECT, True, pts, 3)
                for i, p in enumerate(pts):
                    r = 5 if i == self.tools.corner and self.tools.tool == "select" else 3
                    pygame.draw.rect(surface, SELECT, pygame.Rect(p[0] - r, p[1] - r, 2 * r + 1, 2 * r + 1),
                                     0 if r == 3 else 2)
        elif item is not None and item.get("radius") and item.get("x") is not None:
            pygame.draw.circle(surface, SELECT, cam.to_screen(item["x"], item["y"]),
                               max(6, item["radius"] * cam.scale), 3)
        shape = self.tools.preview_shape()
        if shape and len(shape) >= 2:
            pts = [cam.to_screen(*p) for p in shape]
            closed = self.tools.tool in ("rect", "ellipse", "building", "zone", "polygon", "select")
            pygame.draw.lines(surface, DRAWING, closed and len(pts) >= 3, pts, 2)
            for p in pts:
                pygame.draw.circle(surface, DRAWING, p, 3)
        if self.gaps is not None:
            self.gap_layer.blit(surface, self.gaps, cam, fill=(230, 60, 50, 90), edge=(230, 60, 50, 220))
        for p in self.problems:
            if p.point is not None:
                c = cam.to_screen(*p.point)
                pygame.draw.circle(surface, PROBLEM, c, 9, 3)
                theme.draw_text(surface, self.app.fonts, "!", (c[0], c[1]), 13, PROBLEM, "b", anchor="center")

    def draw_status(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        w, h = surface.get_size()
        ed, t = self.editor, self.tools
        tool = BY_ID[t.tool]
        choice = next((text for v, text in t.choices() if v == t.choice), "")
        side = (ed.doc.get("sides") or [{}])[min(t.side, len(ed.doc.get("sides") or [1]) - 1)].get("name", "")
        left = f"{tool.label}{': ' + choice if choice else ''} · side {t.side} {side} · " \
               f"snap {'1 cm' if ed.grid else 'off'}{' · unsaved' if ed.dirty else ''}"
        x = self.board_area()[0]
        theme.draw_text(surface, fonts, left, (x, h - self.s(22)), 13, theme.ACCENT, "b")
        if ed.message:
            msg = render.fit_text(fonts, ed.message, 13, w - x - self.s(340) - fonts.get(13, "b").size(left)[0])
            theme.draw_text(surface, fonts, msg, (w - self.s(336), h - self.s(22)), 13, theme.TEXT, anchor="topright")
        if self.view is not None and self.view.in_viewport(self.app.mouse) and self.view.camera is not None:
            text = self.view.cursor_text(self.view.world(self.app.mouse))
            theme.draw_text(surface, fonts, text, (self.board_area()[0] + self.board_area()[2], self.s(14)),
                            12, theme.DIM, anchor="topright")
