"""The hex view: a HexMap's hexes filled by their terrain kind's colour, hexside rivers (a thick blue
line on the shared edge) and roads (a brown line from centre to centre through the side), places
(town, capital, camp) with their names, and the units standing on hexes as counters in their side's
colour: a unit with a "strength" stat (an army) as a square counter showing it, any other (a supply
train) as a small round token. Both are drawn with the ruleset's Look, as the table draws its bases:
its symbol, its short label (or its markers' initials) and its extra markers. The legal hexes of the
option on show are outlined; while one is being picked, the route the rules give for the hex under
the pointer is drawn with its steps. Hover and click pick a hex or a unit; the camera pans and zooms as on the table."""
from __future__ import annotations

import pygame

from game.engine import game as engine
from game.geometry import hexgrid
from game.ui import render, theme
from game.ui.components.board_view import BoardView, Frame, looks_of
from game.ui.components.hex_art import RIVER, ROAD, MapArt, corners, draw_holder, hex_radius
from game.ui.markers import chip_width, draw_chip, marker_ink
from game.ui.units import badge_text, draw_symbol



def as_hex(h) -> hexgrid.Hex | None:
    if h is None:
        return None
    if isinstance(h, hexgrid.Hex):
        return h
    q, r = h
    return hexgrid.Hex(int(q), int(r))


def hex_size(board) -> float:
    """The hex radius in map units (a Layout's size is a number or an (x, y) pair)."""
    return hex_radius(board)


class HexView(BoardView):
    kind = "hexmap"

    def __init__(self, app, board):
        super().__init__(app, (float(board.width), float(board.height)))
        self.board = board
        self.hover_hex: hexgrid.Hex | None = None
        self.selected_hex: hexgrid.Hex | None = None
        self.regions = render.RegionCache()
        self._looks: dict = {}
        self.art = MapArt(app.fonts)           # the map's picture, per zoom
        self._ground: tuple | None = None      # (zoom, pan, viewport), the map drawn for them (a huge zoom)

    # -- where things are --------------------------------------------------------------------------
    def hex_at_world(self, world):
        h = self.board.hex_at(world[0], world[1])
        return h if h is not None and self.board.contains(h) else None

    def snap(self, world):
        h = self.hex_at_world(world)
        return tuple(self.board.centre(h)) if h is not None else world

    def where(self, unit):
        h = as_hex(getattr(unit, "hex", None))
        return tuple(self.board.centre(h)) if h is not None else (unit.x, unit.y)

    def cursor_text(self, world) -> str:
        h = self.hex_at_world(world)
        if h is None:
            return ""
        kind = self.board.terrain(h)
        place = self.board.places.get(h)
        return f"hex {self.board.label(h)} · {kind.label}" + (f" · {place.name}" if place is not None else "")

    def units_on(self, view, h) -> list:
        return [u for u in view.units.values() if not u.out and as_hex(getattr(u, "hex", None)) == h]

    def unit_at(self, pos, view):
        h = self.hex_at_world(self.world(pos))
        self.hover_hex = h
        on = self.units_on(view, h) if h is not None else []
        return on[0] if on else None

    def pick(self, pos) -> None:
        """A click on the board: that hex is selected (the screen selects its unit, if any)."""
        self.selected_hex = self.hex_at_world(self.world(pos))

    def why_outside(self, view, unit, point, region) -> str:
        """Not adjacent, too far (in hexes), or a hex that cannot be entered."""
        to = self.hex_at_world(point)
        at = as_hex(getattr(unit, "hex", None)) if unit is not None else None
        if to is None:
            return "off the map"
        if at is None or region is None:
            return ""
        cells = [h for h in self.board.hexes if region.contains(self.board.polygon(h).centroid)]
        far = max((self.board.distance(at, h) for h in cells), default=1)
        d = self.board.distance(at, to)
        if d > far:
            return "not adjacent: only a neighbouring hex" if far <= 1 else \
                f"too far: {d} hexes away, this move reaches {far}"
        kind = self.board.terrain(to)
        if kind.move_cost is None:
            return f"blocked: {kind.label} cannot be entered"
        return "blocked: the rules bar that hex now"

    def target_radius(self, unit) -> int:
        return max(6, int(self.counter_size() * 0.75))

    def counter_size(self) -> int:
        return max(6, int(hex_size(self.board) * self.camera.scale * 0.9))

    # -- drawing ------------------------------------------------------------------------------------
    def legend_entries(self, view) -> list[tuple[str, tuple[int, int, int], str]]:
        """The hex terrain kinds on the map with their cost to enter, then rivers and roads (their
        costs only where the game's rules spend them)."""
        board, seen = self.board, {}
        ruleset = getattr(view, "ruleset_id", None)        # a game (the editor's preview has no rules)
        costs = ruleset is None or engine.ruleset_of(view).uses_terrain_costs(view)
        for h in board.hexes:
            kind = board.terrain(h)
            if kind.id not in seen:
                cost = "impassable" if kind.move_cost is None else f"move {kind.move_cost if costs else 1:g}"
                seen[kind.id] = (kind.label, theme.hex_colour(kind.color), cost + (", cover" if kind.cover else ""))
        features = {f for _a, _b, fs in board.sides() for f in fs}
        out = list(seen.values())
        if "river" in features:
            out.append(("River", RIVER, "a hexside: crossing costs more" if costs else "a hexside"))
        if "road" in features:
            out.append(("Road", ROAD, "a hexside: faster along it" if costs else "a hexside"))
        return out

    def draw_ground(self, surface) -> None:
        """The map's picture (MapArt, drawn once per zoom) blitted where the camera puts it; at a zoom
        too deep to keep the whole picture, the viewport's part drawn once per pan."""
        cam = self.camera
        x, y, w, h = (int(v) for v in self.viewport)
        surface.fill((20, 30, 40), pygame.Rect(x, y, w, h))
        image = self.art.image(self.board, cam.scale)
        if image is not None:
            surface.blit(image, (int(round(cam.ox)), int(round(cam.oy))))
            return
        key = (id(self.board), cam.scale, cam.ox, cam.oy, x, y, w, h, self.art.flat)
        if self._ground is None or self._ground[0] != key:
            ground = pygame.Surface((max(1, w), max(1, h)))
            ground.fill((20, 30, 40))
            s, ox, oy = cam.scale, cam.ox - x, cam.oy - y
            self.art.draw(ground, self.board, lambda px, py: (ox + px * s, oy + py * s), s)
            self._ground = (key, ground)
        surface.blit(self._ground[1], (x, y))

    def draw(self, surface, frame: Frame) -> None:
        cam = self.camera
        board = self.board
        to_px = cam.to_screen
        self.draw_ground(surface)
        if frame.region is not None:
            self.regions.blit(surface, frame.region, cam, fill=(255, 214, 90, 80 if frame.strong else 40),
                                      edge=(240, 190, 70, 255 if frame.strong else 150))
            self.draw_legal_hexes(surface, frame)
        for h, place in board.places.items():
            if self.art.flat:
                self.draw_place(surface, h, place)
            draw_holder(surface, cam.to_screen(*board.centre(h)), hex_size(board) * cam.scale, place.side,
                        getattr(frame.view, "viewer", None))
        for h in (self.hover_hex, self.selected_hex):
            if h is not None and board.contains(h):
                pts = [to_px(*p) for p in corners(board, h)]
                pygame.draw.polygon(surface, theme.ACCENT if h == self.selected_hex else (255, 255, 255), pts, 2)
        self.draw_units(surface, frame)
        self.draw_place_names(surface, frame.view)
        self.draw_route(surface, frame)
        self.draw_target(surface, frame)
        self.art.draw_frame(surface, board, cam, self.viewport)
        sel = frame.sel
        if sel.hovered and sel.hovered in frame.view.units and frame.now - sel.hover_time > 0.25:
            self.draw_tip(surface, frame, sel.hovered)

    def draw_legal_hexes(self, surface, frame: Frame) -> None:
        """Each legal hex of the region on show outlined, so the choice reads hex by hex."""
        cam, board = self.camera, self.board
        width = 3 if frame.strong else 2
        for part in getattr(frame.region, "geoms", [frame.region]):
            if part.is_empty:
                continue
            h = board.hex_at(*part.centroid.coords[0])
            if h is not None:
                pts = [cam.to_screen(*p) for p in corners(board, h)]
                pygame.draw.polygon(surface, theme.ACCENT, pts, width)

    def draw_route(self, surface, frame: Frame) -> None:
        """The route the rules give for the option being placed, to the hex under the pointer."""
        placing = frame.sel.placing
        if placing is None or frame.cursor is None or frame.route is None or placing.option.template is None:
            return
        h = self.hex_at_world(frame.cursor)
        if h is None:
            return
        try:
            points = frame.route(placing.option.at(*self.board.centre(h)))
        except Exception:
            points = None
        if not points or len(points) < 2:
            return
        px = [self.camera.to_screen(*p) for p in points]
        pygame.draw.lines(surface, (20, 20, 20), False, px, 7)
        pygame.draw.lines(surface, (255, 255, 255), False, px, 3)
        for i, p in enumerate(px[1:], 1):
            pygame.draw.circle(surface, (255, 255, 255), p, 6)
            pygame.draw.circle(surface, (20, 20, 20), p, 6, 1)
            img = self.fonts.render(str(i), 10, (20, 20, 20), "b")
            surface.blit(img, img.get_rect(center=p))

    def draw_place(self, surface, h, place) -> None:
        cx, cy = self.camera.to_screen(*self.board.centre(h))
        k = max(4, int(hex_size(self.board) * self.camera.scale * 0.3))
        colour = theme.side_colour(place.side) if place.side is not None else (235, 235, 235)
        if place.kind == "capital":
            pygame.draw.circle(surface, colour, (cx, cy - k // 2), k)
            pygame.draw.circle(surface, (20, 20, 20), (cx, cy - k // 2), k, 2)
            pygame.draw.circle(surface, (20, 20, 20), (cx, cy - k // 2), max(2, k // 3))
        elif place.kind == "camp":
            pts = [(cx, cy - k * 1.5), (cx - k, cy), (cx + k, cy)]
            pygame.draw.polygon(surface, colour, pts)
            pygame.draw.polygon(surface, (20, 20, 20), pts, 2)
        else:
            box = pygame.Rect(0, 0, 2 * k, int(1.4 * k))
            box.center = (cx, cy - k // 2)
            pygame.draw.rect(surface, colour, box)
            pygame.draw.rect(surface, (20, 20, 20), box, 2)

    def draw_place_names(self, surface, view) -> None:
        """Each place's name in a pale box under its mark, over the counters and a hostile town's
        ring; on a hex with counters, under them (a name is never hidden by the army in its town)."""
        k = max(4, int(hex_size(self.board) * self.camera.scale * 0.3))
        if k < 5:
            return
        size = self.counter_size()
        held = {as_hex(getattr(u, "hex", None)) for u in view.units.values() if not u.out}
        for h, place in self.board.places.items():
            if not place.name:
                continue
            cx, cy = self.camera.to_screen(*self.board.centre(h))
            top = cy + size // 4 + size // 2 + 1 if h in held else cy + k // 2
            img = self.fonts.render(place.name, 11, (20, 20, 20), "b")
            rect = img.get_rect(midtop=(cx, top))
            pygame.draw.rect(surface, (250, 248, 240), rect.inflate(4, 0), border_radius=3)    # over any ring
            surface.blit(img, rect)

    def draw_units(self, surface, frame: Frame) -> None:
        view, sel = frame.view, frame.sel
        size = self.counter_size()
        looks = looks_of(view, frame.look, self._looks)
        stacks: dict = {}
        for u in view.units.values():
            h = as_hex(getattr(u, "hex", None))
            if h is None or u.out:
                continue
            stacks.setdefault(h, []).append(u)
        for h, units in stacks.items():
            cx, cy = self.camera.to_screen(*self.board.centre(h))
            for i, u in enumerate(units):
                colour = theme.side_colour(theme.seat_of(view, u.side))
                edge = theme.ACCENT if u.id == sel.selected else \
                    (255, 255, 255) if (u.id == sel.hovered or u.id in frame.acting) else (15, 15, 18)
                strength = (getattr(u, "stats", None) or {}).get("strength")
                centre = (cx + i * size // 5, cy + size // 4 - i * size // 5)
                look = looks.get(u.id)
                if strength is None:
                    self.draw_token(surface, u, look, centre, size, colour, edge, u.id == sel.selected)
                    continue
                rect = pygame.Rect(0, 0, size, size)
                rect.center = centre
                pygame.draw.rect(surface, colour, rect, border_radius=3)
                pygame.draw.rect(surface, edge, rect, 3 if u.id == sel.selected else 1, border_radius=3)
                if size >= 16:
                    symbol = look_symbol(look)
                    low = symbol != "figure" and size >= 30       # room for the symbol under the number
                    img = self.fonts.render(str(strength), max(10, size // (3 if low else 2)), (250, 250, 250), "b")
                    surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery + (0 if low else size // 10))))
                    tag = self.fonts.render(marker_tag(u, look), 9, (250, 250, 250), "b")
                    surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.top + 1)))
                    if low:
                        draw_symbol(surface, symbol, (rect.centerx, rect.bottom - size * 0.2), size * 0.5, size * 0.26)
                self.draw_chips(surface, u, look, rect, frame.marker_labels)

    def draw_chips(self, surface, u, look, rect: pygame.Rect, marker_labels: dict) -> None:
        """A counter's status markers (a looted army...) as the table's chips, on its top edge: a
        marker never reads as the counter's name tag."""
        marks = sorted(m for m in getattr(u, "markers", ()) if m)
        marks += [m for m in (getattr(look, "markers", ()) or ()) if m and m not in marks]
        x = rect.x + rect.w // 2
        for m in marks:
            img = self.fonts.render(badge_text(m, marker_labels), 9, marker_ink(m), "b")
            h = img.get_height() + 2
            chip = pygame.Rect(x, rect.y - h // 2, chip_width(img, h), h)
            draw_chip(surface, chip, m, img)
            x = chip.right + 2

    def draw_token(self, surface, u, look, centre, size, colour, edge, selected) -> None:
        """A unit with no strength (a supply train): a small wagon in its side's colour (a body on
        two wheels) with its Look's symbol, else its label's initial, on the body."""
        r = max(4, size // 3)
        cx, cy = centre
        body = pygame.Rect(0, 0, int(r * 2.2), int(r * 1.3))
        body.center = (int(cx), int(cy - r * 0.2))
        pygame.draw.rect(surface, colour, body, border_radius=3)
        pygame.draw.rect(surface, edge, body, 2 if selected else 1, border_radius=3)
        for wx in (body.x + body.w * 0.25, body.right - body.w * 0.25):
            pygame.draw.circle(surface, (40, 30, 20), (wx, body.bottom + 1), max(2, r * 0.35))
            pygame.draw.circle(surface, (200, 190, 170), (wx, body.bottom + 1), max(2, r * 0.35), 1)
        symbol = look_symbol(look)
        if symbol != "figure" and r >= 7:
            draw_symbol(surface, symbol, body.center, r * 1.2, r * 0.8)
        elif r >= 7:
            name = getattr(look, "label", "") or getattr(u, "kind", "") or u.name or u.id
            img = self.fonts.render(name[:1].upper(), 10, (250, 250, 250), "b")
            surface.blit(img, img.get_rect(center=body.center))


def look_symbol(look) -> str:
    return getattr(look, "symbol", "figure") or "figure"


def marker_tag(unit, look=None) -> str:
    """A counter's small top line, its name tag: its Look's label, else its name's start (its
    markers are chips of their own, see HexView.draw_chips)."""
    return (getattr(look, "label", "") or unit.name or unit.id)[:3]
