"""What a ruleset is: its flow, options, actions and the functions the engine calls (design §3).

A ruleset subclasses `Ruleset` and registers an instance with game.engine.registry.register.
The UI, the AI, the simulator and the tests all drive it through game.engine.game only.
"""
from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

import shapely

from game.engine.actions import Action, Pass
from game.engine.flow import Decision, Flow
from game.engine.state import GameState, Result

# A point named for a region option counts as inside within this distance: Option.at rounds x and
# y to 1e-3 cm each, and a region's own edge is only as exact as the geometry library builds it.
REGION_TOLERANCE = 1e-3


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """A rule option a scenario or the new-game screen can set (each a toggle or a choice)."""

    id: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()       # empty: a bool toggle (or a number when default is a number)
    help: str = ""

    def coerce(self, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                raise ValueError(f"option {self.id} must be one of {list(self.choices)}, not {value!r}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.id} must be true or false, not {value!r}")
            return value
        if isinstance(self.default, (int, float)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"option {self.id} must be a number, not {value!r}")
            return value
        return value

    def describe(self) -> str:
        if self.choices:
            return f"{self.id}={'|'.join(str(c) for c in self.choices)} (default {self.default})"
        if isinstance(self.default, bool):
            return f"{self.id}=true|false (default {str(self.default).lower()})"
        return f"{self.id}=<number> (default {self.default})"


@dataclasses.dataclass(frozen=True)
class StatField:
    """One entry of the stats form a scenario editor shows for a unit: the key of `stats` it edits,
    its default, and its choices (empty: any value of the default's type)."""

    key: str
    label: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    help: str = ""


@dataclasses.dataclass(frozen=True)
class UnitKind:
    """A unit a scenario editor can place: its kind, the stats it starts with and its base."""

    id: str
    label: str
    stats: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    base: Mapping[str, Any] | None = None


@dataclasses.dataclass(frozen=True, init=False)
class Option:
    """One thing the deciding side may do now, as the UI's action panel and the AI see it.

    A complete option carries `action`. A move option carries `region` (a shapely geometry of
    legal destinations) and a `template` action whose x, y (and facing) `at()` fills in.
    `actor` holds the ids of the units (or teams) acting: one, or a group (a volley of ranks).
    """

    kind: str
    label: str
    action: Action | None = None
    region: Any = None
    template: Action | None = None
    actor: tuple[str, ...] = ()
    target: str | None = None
    odds: Fraction | None = None
    odds_text: str = ""
    key: str = ""

    def __init__(self, kind: str, label: str, action: Action | None = None, region: Any = None,
                 template: Action | None = None, actor: tuple[str, ...] | str = (), target: str | None = None,
                 odds: Fraction | None = None, odds_text: str = "", key: str = "") -> None:
        # the fields written at once (a frozen dataclass's own __init__ sets each through
        # object.__setattr__, and an option search makes hundreds); `actor` may be one id or a group
        if type(actor) is not tuple:
            actor = (actor,) if isinstance(actor, str) else tuple(actor or ())
        self.__dict__.update(kind=kind, label=label, action=action, region=region, template=template,
                             actor=actor, target=target, odds=odds, odds_text=odds_text, key=key)

    @property
    def the_actor(self) -> str | None:
        """The one actor of a single-actor option, else None."""
        return self.actor[0] if len(self.actor) == 1 else None

    def at(self, x: float, y: float, facing: float | None = None) -> Action:
        if self.template is None:
            raise ValueError(f"option {self.label!r} takes no point")
        changes: dict[str, Any] = {"x": round(float(x), 3), "y": round(float(y), 3)}
        if facing is not None and any(f.name == "facing" for f in dataclasses.fields(self.template)):
            changes["facing"] = round(float(facing) % 360.0, 3)
        return dataclasses.replace(self.template, **changes)

    def contains(self, action: Action) -> bool:
        """Is this action what the option allows (for a region option: a point inside it)?"""
        if self.action is not None:
            return action == self.action
        if self.template is None or type(action) is not type(self.template):
            return False
        if any(getattr(action, n) != getattr(self.template, n) for n in _fixed_fields(type(action))):
            return False
        point = shapely.Point(action.x, action.y)  # type: ignore[attr-defined]
        return bool(self.region.distance(point) <= REGION_TOLERANCE)


@functools.cache
def _fixed_fields(kind: type) -> tuple[str, ...]:
    """The fields of an action class a region option fixes: all but the point (x, y) and facing."""
    return tuple(f.name for f in dataclasses.fields(kind) if f.name not in ("x", "y", "facing"))


# the symbols a board may draw on a unit (NATO-like, drawn by the UI): each ruleset maps its own
# troop types onto these words; an unknown word is drawn as "figure"
LOOK_SYMBOLS = ("figure", "infantry", "light-infantry", "cavalry", "heavy-cavalry", "mounted-infantry",
                "artillery", "command")


@dataclasses.dataclass(frozen=True)
class Look:
    """How a unit is drawn so that it can be told apart at a glance (the ruleset's `unit_look`).

    `symbol`: one of LOOK_SYMBOLS; `label`: a short tag on the base ("LI", "Cuir"); `markers`: extra
    state words shown as badges beside the base's own markers; `points`: named table points tied to
    the unit, drawn as a small tethered marker (dragoons' horses: ("horses", x, y))."""

    symbol: str = "figure"
    label: str = ""
    markers: tuple[str, ...] = ()
    points: tuple[tuple[str, float, float], ...] = ()


class Ruleset:
    id: str = ""
    name: str = ""
    board_kind: str = "table"            # the board its games stand on (game.engine.boards.BOARD_KINDS)
    flow: Flow
    # resume hooks, by name: hook(state, decision) finishes a resolution an interrupt paused, after
    # the ruleset's apply answered the interrupt (Risus: the move goes on after opportunity fire)
    resumes: Mapping[str, Callable[..., Any]] = {}
    nests: tuple[str, ...] = ()          # ids of the rulesets whose games it starts inside its own
    options: tuple[OptionSpec, ...] = ()
    actions: tuple[type[Action], ...] = (Pass,)
    marker_styles: dict[str, str] = {}   # marker -> short label the UI may draw
    marker_notes: dict[str, str] = {}    # marker -> what it means, in a few words (a chip's tooltip)

    # -- setting up ---------------------------------------------------------------------------
    def resolve_options(self, *layers: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults, overridden by the scenario's options, then by the player's choices."""
        specs = {o.id: o for o in self.options}
        resolved = {o.id: o.default for o in self.options}
        for layer in layers:
            for key, value in (layer or {}).items():
                if key not in specs:
                    raise ValueError(f"ruleset {self.id} has no option {key!r} "
                                     f"(options: {', '.join(specs) or 'none'})")
                resolved[key] = specs[key].coerce(value)
        return resolved

    def unit_kinds(self) -> tuple[UnitKind, ...]:
        """The unit kinds a scenario editor offers, from the ruleset's data files. The default: none
        (the editor then offers the units of the ruleset's bundled scenarios)."""
        return ()

    def unit_form(self, stats: Mapping[str, Any]) -> tuple[StatField, ...]:
        """The stats form for a unit holding these stats. The default: one field per stat, the
        value's own type giving the field's (a list or object is edited as JSON text)."""
        return tuple(StatField(key, key.replace("_", " "), value) for key, value in stats.items())

    def validate_scenario(self, scenario: Any) -> list[str]:
        """Ruleset-specific problems with a scenario, each as 'field.path: what was expected'."""
        return []

    def setup(self, state: GameState) -> None:
        """Fill in the ruleset's own data after the engine placed the units."""

    # -- the game -----------------------------------------------------------------------------
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        raise NotImplementedError

    def check(self, state: GameState, action: Action, decision: Decision) -> str | None:
        """Why this action is illegal now, or None. The default accepts exactly the options."""
        options = self.legal_actions(state, decision)
        if any(o.contains(action) for o in options):
            return None
        same_kind = [o for o in options if o.kind == type(action).__name__]
        if not same_kind:
            kinds = sorted({o.kind for o in options})
            return f"{type(action).__name__} is not possible now (possible: {', '.join(kinds) or 'nothing'})"
        if any(o.region is not None for o in same_kind):
            return f"{type(action).__name__}: that point is outside the legal region"
        return f"{type(action).__name__}: not one of the legal choices now"

    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        raise NotImplementedError

    def view(self, state: GameState, side: int, shared: bool = False) -> GameState:
        """What `side` may see. The default hides the dice stream's future and hidden events.
        `shared`: the view holds the state's own objects (GameState.shallow), for a caller that only
        writes it out at once; a ruleset's view then replaces entries of `units` and `data`, never
        changes an object it did not make (a view that must, copies it first)."""
        seen = state.shallow() if shared else state.clone()
        seen.viewer = side
        seen.dice = dataclasses.replace(seen.dice, seed=0, script=None)
        seen.seed = 0                    # the game's seed would let a player rebuild the dice
        # what Event.visible_to says of each line, without a call per line (a view is written
        # after every action, of a log that only grows)
        seen.log = list(state.log) if side is None else [e for e in state.log if side not in e.hidden_from]
        if len(state.rolls) == len(state.rolls_hidden_from) and (side is None or not any(state.rolls_hidden_from)):
            seen.rolls, seen.rolls_hidden_from = list(state.rolls), list(state.rolls_hidden_from)
        else:
            kept = [(r, h) for r, h in zip(state.rolls, state.rolls_hidden_from) if side not in h]
            seen.rolls = [r for r, _ in kept]
            seen.rolls_hidden_from = [h for _, h in kept]
        return seen

    def result(self, state: GameState) -> Result | None:
        return None

    def result_at_limit(self, state: GameState) -> Result:
        return Result(None, f"the turn limit ({state.scenario.turn_limit}) was reached")

    # -- for the UI and the log ----------------------------------------------------------------
    def hides_information(self, state: GameState) -> bool:
        """Does either side hold something the other may not see (hidden deployment, committed
        orders)? The hotseat UI then covers the table with a handover screen between sides."""
        return False

    def uses_terrain_costs(self, state: GameState) -> bool:
        """Does moving on this game's hex map spend the map's cost of each terrain, river and road
        (the map legend then shows them), or does every hex cost 1?"""
        return True

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        u = state.units[unit_id]
        return f"{u.name} ({state.scenario.sides[u.side].name})"

    def unit_look(self, state: GameState, unit_id: str) -> Look:
        """How the board draws the unit (its symbol, short label, extra markers). The default: a
        plain figure, labelled with its name's initials."""
        return Look(label=initials(state.units[unit_id].name or unit_id))

    # -- mustering a force on points before the battle (game.engine.muster) ------------------------
    def muster(self, scenario: Any, side: int) -> Any:
        """How `side` may build its force on points in this scenario (a game.engine.muster.Muster),
        or None when the scenario gives it a fixed force (the default)."""
        return None

    def muster_force(self, scenario: Any, side: int) -> list[dict[str, Any]]:
        """The scenario's own force of `side` as muster entries: where the builder starts."""
        return []

    def muster_tally(self, scenario: Any, side: int, entries: list[dict[str, Any]]) -> Any:
        """The force priced: a game.engine.muster.Tally (points left, each entry's cost, the reasons
        it is illegal)."""
        raise NotImplementedError

    def muster_apply(self, doc: dict[str, Any], scenario: Any, side: int,
                     entries: list[dict[str, Any]]) -> dict[str, Any]:
        """The scenario document `doc` with `side`'s units replaced by the (legal) force."""
        raise NotImplementedError

    # -- a unit shown as the rules' own sheet -------------------------------------------------------
    def unit_sheet(self, state: GameState, unit_id: str) -> Any:
        """A unit as small tables the UI draws under its card (a game.engine.sheets.Sheet), or None."""
        return None

    def route(self, state: GameState, action: Action) -> list[tuple[float, float]] | None:
        """The way an action would go, as board points from start to end, for the UI to draw before
        the player commits it (a campaign army's march); None when the action has no route."""
        return None

    def nested_scenario(self, spec: Mapping[str, Any]) -> Any:
        """A scenario of this ruleset built from a plain description that another ruleset gives when
        it nests a game of this one (the campaign's armies and ground for a battle). Rulesets never
        import each other: the parent asks the registry for this ruleset and calls this."""
        raise NotImplementedError(f"ruleset {self.id} builds no nested games")

    def auto_nested(self, state: GameState) -> bool:
        """Are the nested games this game starts played by the AI for every side (a campaign's
        option to resolve its battles automatically)? Drivers ask engine.auto_played."""
        return False


def initials(name: str, most: int = 3) -> str:
    """A short tag from a name: "2nd Fireteam" -> "2F", "Edda the Blade" -> "EB", "Baker" -> "Bak"."""
    words = [w for w in name.replace("-", " ").split() if w]
    words = [w for w in words if not w[0].islower()] or words     # "the", "of", "und" left out
    if len(words) >= 2:
        return "".join(w[0] for w in words[:most])
    return name[:most]


def other_side(state: GameState, side: int) -> int:
    """The enemy of a side in a two-sided game (the next side round the table in a larger one)."""
    return (side + 1) % state.sides


def sides_from(state: GameState, first: int) -> Sequence[int]:
    """Every side, starting with `first` and going round."""
    n = state.sides
    return [(first + i) % n for i in range(n)]
