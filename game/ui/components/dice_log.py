"""The log and dice panel: every event the viewer may see, or only the rolls, newest first; each roll
with the odds that were shown before it, the latest one animated; scrolled with the wheel."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.ui import theme

ROLL_ANIM_TIME = 0.9


def sides_of(expr: str, _cache: dict[str, list[int]] = {}) -> list[int]:
    """The number of sides of each dice term of a roll's expression (for the tumbling faces)."""
    found = _cache.get(expr)
    if found is None:
        found = []
        try:
            from game.engine import odds
            for term in odds.parse(expr).terms:
                if hasattr(term.part, "sides"):
                    found.append(int(term.part.sides))
        except Exception:
            pass
        _cache[expr] = found
    return found


class DiceLog:
    """Inputs: the fonts and the UI scale function; per frame the view's log and the viewer."""

    def __init__(self, fonts, s: Callable[[float], int]):
        self.fonts = fonts
        self.s = s
        self.only_dice = False
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.toggle_rect = pygame.Rect(0, 0, 0, 0)
        self.layout: list[tuple[int, Any]] = []
        self._key: Any = None
        self.roll_count = 0
        self.entry_count = 0
        self.flash_at = -10.0
        self.hits: list[tuple[pygame.Rect, Any]] = []     # (entry rect, event), as last drawn
        self.chosen: Any = None                             # the entry whose moment is on show

    def place(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.toggle_rect = pygame.Rect(rect.right - self.s(120), rect.y + self.s(4), self.s(112), self.s(22))

    def toggle(self) -> None:
        self.only_dice = not self.only_dice
        self._key = None

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy * self.s(40))

    def click(self, pos) -> bool:
        if self.rect.collidepoint(pos) and self.toggle_rect.collidepoint(pos):
            self.toggle()
            return True
        return False

    def event_at(self, pos) -> Any:
        """The log entry under a point of the panel, as last drawn, or None."""
        for rect, event in self.hits:
            if rect.collidepoint(pos):
                return event
        return None

    def animating(self, now: float) -> bool:
        return now - self.flash_at < ROLL_ANIM_TIME

    def follow(self, view, viewer, new_eyes: bool, now: float) -> None:
        """A new state: back to the newest entry (the top) whenever one was added, flashing a new
        roll; new eyes: to the top, no flash."""
        seen = [e for e in view.log if e.visible_to(viewer)]
        rolls = sum(1 for e in seen if e.kind == "Rolled")
        if new_eyes:
            self.roll_count, self.entry_count = rolls, len(seen)
            self.scroll = 0
            return
        if len(seen) != self.entry_count:
            self.entry_count = len(seen)
            self.scroll = 0
        if rolls > self.roll_count:
            self.flash_at = now
        self.roll_count = rolls

    def entries(self, view, viewer) -> list:
        events = [e for e in view.log if e.visible_to(viewer)]
        if self.only_dice:
            events = [e for e in events if e.kind == "Rolled"]
        return events

    def update(self, view, viewer, version) -> None:
        key = (version, viewer, self.only_dice, self.rect.size)
        if key == self._key:
            return
        self._key = key
        fonts = self.fonts
        width = self.rect.w - self.s(28)
        entries = []
        events = self.entries(view, viewer)
        newest_roll = next((e for e in reversed(events) if e.kind == "Rolled"), None)
        for e in reversed(events[-300:]):
            if e.kind == "Rolled":
                head = " · ".join(p for p in (e.data.get("who") or "", e.data.get("purpose") or "") if p) or "Roll"
                odds = f"odds {e.data.get('odds_text')}" if e.data.get("odds_text") else ""
                odds_w = fonts.get(12).size(odds)[0] if odds else 0
                below: list[str] = []
                if odds_w > (width - self.s(24)) * 0.45:
                    # long odds (several outcomes) go under the head, so the head keeps its width
                    below, odds_w = fonts.wrap(odds, 12, width - self.s(24))[:3], 0
                lines = fonts.wrap(head, 13, width - odds_w - self.s(24), "b")[:2]
                h = len(lines) * fonts.line_height(13) + len(below) * fonts.line_height(12) + self.s(26)
                entries.append((h, ("roll", e, (lines, below), e is newest_roll)))
            else:
                lines = fonts.wrap(e.text, 12, width)[:4]
                h = len(lines) * fonts.line_height(12) + self.s(4)
                entries.append((h, ("event", e, lines, False)))
        self.layout = entries

    def draw(self, surface, now: float) -> None:
        fonts = self.fonts
        r = self.rect
        pygame.draw.rect(surface, (22, 25, 30), r)
        pygame.draw.line(surface, theme.EDGE, r.topleft, r.topright)
        pad = self.s(10)
        title = "Dice" if self.only_dice else "Log and dice"
        tr = theme.draw_text(surface, fonts, title, (r.x + pad, r.y + self.s(6)), 14, theme.ACCENT, "b")
        t = self.toggle_rect
        hint = "click: that moment · U: units"
        if tr.right + self.s(8) + fonts.get(11).size(hint)[0] < t.x - self.s(4):
            theme.draw_text(surface, fonts, hint, (tr.right + self.s(8), r.y + self.s(9)), 11, theme.FAINT)
        pygame.draw.rect(surface, (40, 45, 53), t, border_radius=4)
        theme.draw_text(surface, fonts, "all events (L)" if self.only_dice else "dice only (L)", t.center, 11,
                        theme.DIM, anchor="center")
        body = pygame.Rect(r.x, r.y + self.s(32), r.w, r.h - self.s(36))
        clip = surface.get_clip()
        surface.set_clip(body)
        total = sum(h for h, _ in self.layout)
        self.scroll = max(0, min(self.scroll, max(0, total - body.h)))
        y = body.y - self.scroll
        self.hits = []
        for h, (kind, e, lines, newest) in self.layout:
            if y > body.bottom:
                break
            if y + h >= body.y:
                row = pygame.Rect(r.x + self.s(4), y, r.w - self.s(8), h)
                self.hits.append((row.clip(body), e))
                if e is self.chosen:
                    pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=4)
                if kind == "roll":
                    self.draw_roll(surface, pygame.Rect(r.x + pad, y, r.w - 2 * pad, h), e, lines, newest, now)
                else:
                    yy = y
                    for line in lines:
                        theme.draw_text(surface, fonts, line, (r.x + pad, yy), 12, (170, 176, 186))
                        yy += fonts.line_height(12)
            y += h
        surface.set_clip(clip)
        if not self.layout:
            theme.draw_text(surface, fonts, "No rolls yet.", (r.x + pad, body.y + self.s(4)), 12, theme.FAINT, "i")

    def draw_roll(self, surface, rect, e, lines, newest, now) -> None:
        fonts = self.fonts
        age = now - self.flash_at
        animating = newest and age < ROLL_ANIM_TIME
        box = rect.inflate(0, -self.s(4))
        if animating:
            glow = int(120 * (1 - age / ROLL_ANIM_TIME))
            pygame.draw.rect(surface, (60 + glow // 2, 52 + glow // 3, 24), box, border_radius=5)
        else:
            pygame.draw.rect(surface, (32, 36, 43), box, border_radius=5)
        success = e.data.get("success")
        word, good = roll_verdict(e.data)
        edge = theme.GOOD if good else theme.BAD if good is False else theme.EDGE
        pygame.draw.rect(surface, edge, (box.x, box.y, self.s(4), box.h), border_radius=2)
        x = box.x + self.s(10)
        y = box.y + self.s(3)
        lines, below = lines
        for line in lines:
            theme.draw_text(surface, fonts, line, (x, y), 13, theme.TEXT, "b")
            y += fonts.line_height(13)
        for line in below:
            theme.draw_text(surface, fonts, line, (x, y), 12, theme.DIM)
            y += fonts.line_height(12)
        odds = e.data.get("odds_text") or ""
        if odds and not below:
            theme.draw_text(surface, fonts, f"odds {odds}", (box.right - self.s(8), box.y + self.s(3)), 12,
                            theme.DIM, anchor="topright")
        # the dice
        faces = e.data.get("faces") or []
        kept = [list(k) for k in (e.data.get("kept") or [])]
        sides = sides_of(e.data.get("expr") or "")
        size = self.s(18)
        dx = x
        frame = int(now * 20)
        tumbling = animating and age < ROLL_ANIM_TIME * 0.7
        for ti, term in enumerate(faces):
            left = list(kept[ti]) if ti < len(kept) else list(term)
            for di, face in enumerate(term):
                shown = face
                if tumbling:
                    n = sides[ti] if ti < len(sides) else 6
                    shown = (frame * 7 + di * 3 + ti) % max(2, n) + 1
                counts = face in left
                if counts:
                    left.remove(face)
                die = pygame.Rect(dx, y + self.s(1), size, size)
                if dx + size > box.right - self.s(80):
                    break
                pygame.draw.rect(surface, (240, 238, 230) if counts else (120, 120, 120), die, border_radius=4)
                theme.draw_text(surface, fonts, str(shown), die.center, 11, (20, 20, 20), "b", anchor="center")
                dx += size + self.s(3)
            dx += self.s(6)
        if word and not tumbling:
            theme.draw_text(surface, fonts, word, (box.right - self.s(8), y + self.s(10)), 13,
                            theme.GOOD if good else theme.BAD if good is False else theme.TEXT, "b",
                            anchor="midright")
        elif e.data.get("total") is not None and success is None:
            theme.draw_text(surface, fonts, f"= {e.data.get('total')}", (box.right - self.s(8), y + self.s(10)), 13,
                            theme.TEXT, "b", anchor="midright")


def roll_verdict(data: dict) -> tuple[str, bool | None]:
    """The word drawn on a roll and whether it is good news: the rules' own verdict for the rolling
    side when the event carries one ("stays routed", bad), else success (good) or failure (bad)."""
    if data.get("good") is not None:
        return str(data.get("verdict") or ("success" if data.get("success") else "failure")), bool(data["good"])
    success = data.get("success")
    if success is None:
        return "", None
    return ("success", True) if success else ("failure", False)
