"""What the human may do now, in the UI's terms: the options indexed by the units that can act, the
selection (selected and hovered unit, the focused option, the option being placed) and small helpers
that read an option whatever the engine's version (an actor as a str or as a tuple of ids)."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from game.engine.ruleset import Option
from game.geometry.sectors import angle_to


def actors_of(thing: Any) -> tuple[str, ...]:
    """An option's or a decision's actors as a tuple of ids (the engine gives a str, None or a tuple)."""
    actor = getattr(thing, "actor", None)
    if actor is None or actor == "":
        return ()
    if isinstance(actor, str):
        return (actor,)
    return tuple(actor)


def targets_of(option: Any) -> tuple[str, ...]:
    target = getattr(option, "target", None)
    if target is None or target == "":
        return ()
    return (target,) if isinstance(target, str) else tuple(target)


def takes_facing(option: Option) -> bool:
    t = option.template
    return t is not None and any(f.name == "facing" for f in dataclasses.fields(t))


def prettify(kind: str) -> str:
    return kind.replace("-", " ").replace("_", " ").strip().capitalize()


angle = angle_to          # the facing from a to b, in degrees: the geometry's one definition


@dataclasses.dataclass
class Placing:
    """A region option being placed: first the point, then the facing."""

    option: Option
    point: tuple[float, float] | None = None
    facing: float | None = None
    down_at: tuple[int, int] | None = None
    dragged: bool = False


@dataclasses.dataclass
class Selection:
    """What the player points at: shared by the board view, the panel and the tools."""

    selected: str | None = None
    hovered: str | None = None
    hover_time: float = 0.0
    placing: Placing | None = None
    focus: Option | None = None          # the highlighted option (e.g. after clicking its target)

    def cancel(self) -> None:
        self.placing = None
        self.focus = None


def members(view, ident: str | None) -> list:
    """The units an option names: the unit itself, or every able member of a team."""
    if not ident:
        return []
    u = view.units.get(ident)
    if u is not None:
        return [u] if not u.out else []
    return [u for u in view.units.values() if u.team == ident and not u.out]


class Choices:
    """The deciding human's options, indexed per state by the units that can act (drawn every frame,
    so cached). `options()` is empty unless `deciding()` says the viewer decides now."""

    def __init__(self, session, deciding: Callable[[], Any]):
        self.session = session
        self.deciding = deciding
        self._key: Any = None
        self._index: tuple[list[str], dict[str, list[Option]], list[Option]] = ([], {}, [])

    def options(self) -> list[Option]:
        return self.session.legal() if self.deciding() is not None else []

    def actor_matches(self, option: Option, uid: str | None) -> bool:
        ids = actors_of(option)
        if uid is None or not ids:
            return False
        if uid in ids:
            return True
        u = self.session.view().units.get(uid)
        return u is not None and u.team is not None and u.team in ids

    def index(self):
        key = (self.session.version, self.session.viewer, self.deciding() is not None)
        if key == self._key:
            return self._index
        units = self.session.view().units
        teams: dict[str, list[str]] = {}
        for uid, u in units.items():
            if u.team is not None and not u.out:
                teams.setdefault(u.team, []).append(uid)
        by_unit: dict[str, list[Option]] = {}
        free: list[Option] = []
        for o in self.options():
            ids = actors_of(o)
            owners = [a for a in ids if a in units and not units[a].out] or \
                [m for a in ids if a in teams for m in teams[a]]
            for uid in dict.fromkeys(owners):
                by_unit.setdefault(uid, []).append(o)
            if not owners:
                free.append(o)
        self._index = ([uid for uid in units if uid in by_unit], by_unit, free)
        self._key = key
        return self._index

    def actors(self) -> list[str]:
        """Units that can act now, in table order."""
        return self.index()[0]

    def can_act(self, uid: str | None) -> bool:
        return uid in self.index()[1]

    def options_for(self, uid: str | None) -> list[Option]:
        """The selected unit's options and those of no unit (Pass...); with no unit of its own
        selected and only a few options in all (an interrupt such as opportunity fire), all of them."""
        _, by_unit, free = self.index()
        mine = by_unit.get(uid, []) if uid else []
        if not mine:
            everything = self.options()
            if len(everything) <= 8:
                return list(everything)
        return mine + free

    def region_option(self, sel: Selection) -> Option | None:
        """The region option a click on the board uses: the one being placed, else the selected unit's first."""
        if sel.placing is not None:
            return sel.placing.option
        for o in self.options_for(sel.selected):
            if o.region is not None and self.actor_matches(o, sel.selected):
                return o
        return None
