"""The game screen's commands: one handler per keymap command (`cmd_<name>`), and the game-level
actions behind the top bar's buttons (save, load, undo, the menu, help, rules, results)."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.players import QUICKSAVE


class GameCommands:
    """Mixed into GameScreen: uses its session, selection, components and `say`."""

    # -- the keymap's commands ----------------------------------------------------------------------
    def cmd_help(self) -> None:
        self.open_help()

    def cmd_escape(self) -> None:
        """Esc, in steps: drop the placement or the highlighted option; else switch every tool off
        and clear the selection; only when nothing is left on, open the game menu."""
        sel = self.sel
        if sel.placing is not None or sel.focus is not None:
            sel.cancel()
            self.say("Cancelled.", theme.DIM, 1.5)
            return
        tools_on = self.tools.clear()
        if tools_on or sel.selected is not None:
            sel.selected = None
            self.panel.invalidate()
            self.say("Tools and selection cleared; Esc again for the menu.", theme.DIM, 2)
        else:
            self.open_menu()

    def cmd_next_unit(self) -> None:
        self.cycle(1)

    def cmd_previous_unit(self) -> None:
        self.cycle(-1)

    def cmd_option(self, n: int) -> None:
        option = self.panel.option_by_number(n)
        if option is not None:
            self.choose(option)
        elif self.panel.settling():
            self.say("New options: read them, then press again.", theme.DIM, 1.5)

    def cmd_pass(self) -> None:
        if not self.panel.on_screen():
            return                     # the prompt it would answer is not drawn yet
        passes = [o for o in self.choices.options_for(self.sel.selected) if o.kind == "Pass" and o.action is not None]
        if passes:
            self.commit(passes[0].action)

    def cmd_confirm(self) -> None:
        if self.banner_to is not None:
            self.hand_over()
        elif self.sel.placing is not None:
            self.placement.enter(self.cursor_world)
        elif self.sel.focus is not None:
            self.choose(self.sel.focus)

    def cmd_skip_ai(self) -> None:
        if self.banner_to is not None:
            self.hand_over()
        elif self.ai.turn():
            self.ai.skip = True
            self.board.settle(self.view())

    def cmd_undo(self) -> None:
        self.undo()

    def cmd_tool_measure(self) -> None:
        self.tool_key("measure")

    def cmd_tool_los(self) -> None:
        self.tool_key("los")

    def cmd_tool_arc(self) -> None:
        self.tool_key("arc")

    def cmd_tool_blast(self) -> None:
        self.tool_key("blast")

    def cmd_tool_rings(self) -> None:
        self.tool_key("rings")

    def cmd_tool_legend(self) -> None:
        self.tool_key("legend")

    def cmd_adjust(self, step: int) -> None:
        self.tools.adjust(step)

    def cmd_los_preview(self) -> None:
        self.app.settings.los_preview = not self.app.settings.los_preview
        self.say("LOS preview " + ("on" if self.app.settings.los_preview else "off"), theme.DIM, 2)

    def cmd_zoom(self, step: int) -> None:
        x, y, w, h = self.viewport
        self.camera.zoom_at(x + w / 2, y + h / 2, step)

    def cmd_pan(self, direction) -> None:
        step = self.s(80)
        self.camera.pan(direction[0] * step, direction[1] * step)

    def cmd_fit(self) -> None:
        self.camera.fit()

    def cmd_log_filter(self) -> None:
        self.log.toggle()

    def cmd_quick_save(self) -> None:
        self.quick_save()

    def cmd_save_as(self) -> None:
        if self.refused("save"):
            return
        self.app.open("saves", mode="save", session=self.session,
                      on_saved=lambda p: self.say(f"Saved: {p.name}", theme.GOOD))

    def cmd_quick_load(self) -> None:
        try:
            from game.io.save_file import saves_dir
            path = saves_dir() / QUICKSAVE
        except Exception as exc:
            self.say(f"Cannot find the saves: {exc}", theme.BAD)
            return
        if not path.is_file():
            self.say("There is no quick save yet (Ctrl+S makes one).", theme.WARN)
            return
        unsaved = self.session.unsaved()
        if not unsaved or self.session.is_over():
            self.app.load_save_file(path)
            return
        # the game on the table has actions no save of the player's holds: ask first
        import pygame_gui
        w, h = self.app.size
        self.confirm_load = pygame_gui.windows.UIConfirmationDialog(
            pygame.Rect(w // 2 - self.s(210), h // 2 - self.s(95), self.s(420), self.s(190)),
            f"This game has {unsaved} action{'s' if unsaved != 1 else ''} since you last saved it (the "
            f"autosave keeps them). Replace it with the quick save?", self.app.manager,
            window_title="Load the quick save?", action_short_name="Load")
        self.confirm_path = path

    def quick_load_answer(self, event) -> bool:
        """The quick-load question answered (Load, or the window closed): True when it was ours."""
        import pygame_gui
        dialog = getattr(self, "confirm_load", None)
        if dialog is None or getattr(event, "ui_element", None) is not dialog:
            return False
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            self.confirm_load = None
            self.app.later(lambda: self.app.load_save_file(self.confirm_path))
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            self.confirm_load = None
            self.say("The quick save was not loaded.", theme.DIM, 3)
            return True
        return False

    def cmd_load_game(self) -> None:
        self.app.open("saves", mode="load")

    def cmd_rules(self) -> None:
        self.open_rules()

    def cmd_settings(self) -> None:
        self.app.open("settings")

    # -- behind the buttons -----------------------------------------------------------------------
    def tool_key(self, key: str) -> None:
        if key == "fit":
            self.camera.fit()
        elif key == "legend":
            if self.board.has_tools:
                self.app.settings.show_legend = not self.app.settings.show_legend
                self.app.save_settings()
                self.app.later(self.rebuild)
        elif self.board.has_tools:
            hint = self.tools.toggle(key)
            if hint:
                self.say(hint, theme.ACCENT, 4)
        self.refresh_tool_buttons()

    def cycle(self, step: int) -> None:
        view = self.view()
        acts = self.actors() or [uid for uid, u in view.units.items()
                                 if u.side == self.session.viewer and not u.out]
        if not acts:
            return
        sel = self.sel
        i = acts.index(sel.selected) if sel.selected in acts else (-1 if step > 0 else 0)
        sel.selected = acts[(i + step) % len(acts)]
        sel.cancel()
        self.panel.invalidate()
        self.board.look_at(view.units[sel.selected])

    def undo(self) -> None:
        if self.review is not None:
            self.end_review()              # the moments looked at may be undone
        self.ai.forget()
        why = self.session.undo()
        if why:
            self.say(f"Cannot undo: {why}", theme.WARN)
            return
        self.sel.cancel()
        self.banner_to = None
        self.end_shown = False
        self.end_at = None
        self.seen_viewer = -2
        self.last_by_human = False
        self.sync()
        self.check_viewer()
        self.say("Undone.", theme.GOOD, 2.5)

    def quick_save(self) -> None:
        if self.refused("save"):
            return
        try:
            from game.io.save_file import saves_dir
            path = self.session.save(saves_dir() / QUICKSAVE, label="quick save")
        except Exception as exc:
            self.say(f"Could not save: {exc}", theme.BAD)
            return
        self.say(f"Saved ({path.name}). F9 loads it.", theme.GOOD)

    def refused(self, what: str) -> bool:
        """Over the network what needs the whole game is refused, with its short reason."""
        why = self.remote.refused(what) if self.remote is not None else None
        if why:
            self.say(why, theme.WARN, 6)
        return bool(why)

    def open_menu(self) -> None:
        self.app.open("pause")

    def open_help(self) -> None:
        self.app.open("help")

    def open_rules(self) -> None:
        self.app.open("rules", self.session.state.ruleset_id)

    def open_results(self) -> None:
        self.end_shown = True
        self.app.open("endgame", self.session)
