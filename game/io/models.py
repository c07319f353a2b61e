"""The shape of scenario and save files (format version 1), as pydantic models (design §6).

These models check the structure at the boundary and give the JSON Schema map makers use in their
editor; the checks that need the whole document (ids, sides, polygons, the ruleset) live in
scenario_file.py. Strict mode: a string is never read as a number, nor a number as true/false.
Inside the engine the validated document becomes plain dataclasses (game.engine.scenario).

Objects whose keys map onto the engine's dataclasses (the table, terrain pieces, sides, units)
forbid unknown keys, since the engine would silently drop them: a typo like "facng" is an error.
The hex map is closed too (game.geometry.hexmap.HexMap.from_doc reads it). Free dicts (`stats`,
`victory`, `ruleset_data`, objectives, deployment zones) belong to rulesets and accept extra keys.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

SCENARIO_FORMAT = "skirmish-table/scenario"
SAVE_FORMAT = "skirmish-table/save"
SCENARIO_VERSION = 1
SAVE_VERSION = 1

# "numbers within sane bounds" (design §6): a table is at most 20 m, a coordinate within 100 m.
MAX_TABLE_CM = 2000.0
COORD_LIMIT = 10_000.0
MAX_POINTS = 10_000

SLUG_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
ID_PATTERN = r"^[A-Za-z0-9_][A-Za-z0-9_.:-]*$"
KIND_PATTERN = r"^[a-z0-9_][a-z0-9_-]*$"
COLOR_PATTERN = r"^#[0-9a-fA-F]{6}$"

# what each pattern means, for error messages a map maker can act on
PATTERN_WORDS = {
    SLUG_PATTERN: "lowercase letters, digits and hyphens (like farmhouse-raid)",
    ID_PATTERN: "letters, digits and _ . : - (no spaces)",
    KIND_PATTERN: "lowercase letters, digits, _ and - (like woods)",
    COLOR_PATTERN: "a colour as #rrggbb",
}

Coord = Annotated[float, Field(ge=-COORD_LIMIT, le=COORD_LIMIT)]
Point = Annotated[list[Coord], Field(min_length=2, max_length=2)]
Ring = Annotated[list[Point], Field(min_length=3, max_length=MAX_POINTS)]
Line = Annotated[list[Point], Field(min_length=2, max_length=MAX_POINTS)]
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=ID_PATTERN)]
Slug = Annotated[str, Field(min_length=1, max_length=64, pattern=SLUG_PATTERN)]
KindName = Annotated[str, Field(min_length=1, max_length=64, pattern=KIND_PATTERN)]
Color = Annotated[str, Field(pattern=COLOR_PATTERN)]
Text = Annotated[str, Field(max_length=200)]
LongText = Annotated[str, Field(max_length=20_000)]
SideIndex = Annotated[int, Field(ge=0, le=3)]
BaseSize = Annotated[float, Field(gt=0, le=100)]


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, allow_inf_nan=False)


class TableModel(_Closed):
    """The free-placement table, in centimetres."""

    width: Annotated[float, Field(gt=0, le=MAX_TABLE_CM)]
    height: Annotated[float, Field(gt=0, le=MAX_TABLE_CM)]
    edge_band: Annotated[float, Field(ge=0, le=100)] = 3.0


# a hex map is at most 200 x 200 hexes; axial coordinates of such a map stay within +-300
MAX_HEX_COLS = 200
MAX_HEX_ROWS = 200
HEX_COORD_LIMIT = 1000
HexCoord = Annotated[int, Field(ge=-HEX_COORD_LIMIT, le=HEX_COORD_LIMIT)]
HexRef = Annotated[list[HexCoord], Field(min_length=2, max_length=2,
                                         description="a hex as axial coordinates [q, r]")]


class HexCellModel(_Closed):
    """A hex whose terrain is not the map's default (axial q, r)."""

    q: HexCoord
    r: HexCoord
    terrain: KindName


class HexsideModel(_Closed):
    """A feature on the side between two neighbouring hexes a and b: a river or a road (a road joins
    the two hexes through that side; a road and a river on one side make a bridge)."""

    a: HexRef
    b: HexRef
    kind: Literal["river", "road"]


class PlaceModel(_Closed):
    """A named place on a hex: a town, a capital or a camp, held by a side (or nobody)."""

    q: HexCoord
    r: HexCoord
    kind: Literal["town", "capital", "camp"]
    name: Text = ""
    side: SideIndex | None = None


class HexKindModel(_Closed):
    """A hex terrain kind declared or overridden by the scenario (over game/geometry/hex_kinds.json).
    move_cost: the cost of entering such a hex; null makes it impassable."""

    label: Text | None = None
    color: Color | None = None
    move_cost: Annotated[float, Field(gt=0, le=1000)] | None = None
    cover: bool | None = None


class HexMapModel(_Closed):
    """The hex map board: cols x rows hexes of an odd-r (pointy) or odd-q (flat) offset rectangle,
    `size` map units from a hex's centre to a corner. `hexes` lists only the hexes whose terrain is
    not `default`."""

    layout: Literal["pointy", "flat"]
    size: Annotated[float, Field(gt=0, le=1000)]
    cols: Annotated[int, Field(ge=1, le=MAX_HEX_COLS)]
    rows: Annotated[int, Field(ge=1, le=MAX_HEX_ROWS)]
    default: KindName = "plain"
    hexes: Annotated[list[HexCellModel], Field(max_length=MAX_HEX_COLS * MAX_HEX_ROWS)] = []
    hexsides: Annotated[list[HexsideModel], Field(max_length=6 * MAX_HEX_COLS * MAX_HEX_ROWS)] = []
    places: Annotated[list[PlaceModel], Field(max_length=1000)] = []
    kinds: Annotated[dict[KindName, HexKindModel], Field(max_length=256)] = {}


class TerrainKindModel(_Closed):
    """A terrain kind declared or overridden by the scenario (design §5's kind properties, exactly
    those game/geometry/terrain.py understands)."""

    high: bool | None = None
    cover: bool | None = None
    rough: bool | None = None
    impassable: bool | None = None
    building: bool | None = None
    linear_obstacle: bool | None = None
    label: Text | None = None
    color: Color | None = None


class PieceModel(_Closed):
    """A terrain piece: a polygon (holes allowed); a building has walls, openings and rooms."""

    id: Id
    kind: KindName
    name: Text = ""
    polygon: Ring
    holes: Annotated[list[Ring], Field(max_length=1000)] = []
    walls: Annotated[list[Line], Field(max_length=1000)] = []
    openings: Annotated[list[Line], Field(max_length=1000)] = []
    rooms: Annotated[list[Ring], Field(max_length=1000)] = []


class SideModel(_Closed):
    name: Annotated[str, Field(min_length=1, max_length=100)]
    role: Text = ""
    color: Color | None = None


class RoundBase(_Closed):
    shape: Literal["round"]
    diameter: BaseSize


class RectBase(_Closed):
    shape: Literal["rect"]
    width: BaseSize
    depth: BaseSize


Base = Annotated[Union[RoundBase, RectBase], Field(discriminator="shape")]


class UnitModel(_Closed):
    """A unit: on a table at x, y (cm); on a hex map on a hex [q, r] (one or the other, by the board)."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False,
                              json_schema_extra={"oneOf": [{"required": ["x", "y"]}, {"required": ["hex"]}]})

    id: Id
    side: SideIndex
    name: Text = ""
    x: Coord | None = None
    y: Coord | None = None
    hex: HexRef | None = None
    facing: Annotated[float, Field(ge=-360, le=360)] = 0.0
    base: Base | None = None
    kind: Text = ""
    team: Text | None = None
    stats: dict[str, Any] = {}
    markers: Annotated[list[Annotated[str, Field(min_length=1, max_length=64)]], Field(max_length=64)] = []


class ZoneModel(_Open):
    side: SideIndex
    polygon: Ring


class ObjectiveModel(_Open):
    """An objective: a circle (x, y, radius) or a polygon."""

    id: Id
    name: Text = ""
    x: Coord | None = None
    y: Coord | None = None
    radius: Annotated[float, Field(gt=0, le=1000)] | None = None
    polygon: Ring | None = None


class VictoryModel(_Open):
    """The victory condition; its other keys belong to the ruleset."""

    kind: Annotated[str, Field(min_length=1, max_length=64)]


class ScenarioModel(_Closed):
    """A Skirmish Table scenario (format version 1)."""

    model_config = ConfigDict(title="Skirmish Table scenario", extra="forbid", strict=True,
                              allow_inf_nan=False,
                              json_schema_extra={"oneOf": [{"required": ["table"]}, {"required": ["hexmap"]}]})

    schema_ref: str | None = Field(None, alias="$schema",
                                   description="optional: the JSON Schema an editor checks this file with")
    format: Literal["skirmish-table/scenario"]
    version: Literal[1]
    name: Slug
    title: Annotated[str, Field(min_length=1, max_length=200)]
    description: LongText = ""
    ruleset: Annotated[str, Field(min_length=1, max_length=64)]
    options: dict[str, Any] = {}
    table: TableModel | None = None
    hexmap: HexMapModel | None = None
    terrain_kinds: dict[KindName, TerrainKindModel] = {}
    terrain: Annotated[list[PieceModel], Field(max_length=5000)] = []
    sides: Annotated[list[SideModel], Field(min_length=2, max_length=4)]
    units: Annotated[list[UnitModel], Field(max_length=2000)] = []
    deployment_zones: Annotated[list[ZoneModel], Field(max_length=64)] = []
    objectives: Annotated[list[ObjectiveModel], Field(max_length=256)] = []
    victory: VictoryModel
    turn_limit: Annotated[int, Field(ge=1, le=1000)]
    ruleset_data: dict[str, Any] = {}


class SaveModel(_Closed):
    """A saved game (format version 1): the scenario embedded, the seed and the action list."""

    model_config = ConfigDict(title="Skirmish Table save", extra="forbid", strict=True, allow_inf_nan=False)

    format: Literal["skirmish-table/save"]
    version: Literal[1]
    saved_at: Annotated[str, Field(min_length=1, max_length=64)]
    started: Annotated[str, Field(max_length=64)] = ""   # when the game began (names its autosave slot)
    label: Text = ""
    scenario: dict[str, Any]          # checked as a scenario, with paths under "scenario."
    ruleset: Annotated[str, Field(min_length=1, max_length=64)]
    options: dict[str, Any] = {}
    seed: Annotated[int, Field(ge=-(2**63), le=2**64 - 1)]
    players: Annotated[list[Annotated[str, Field(max_length=64)]], Field(max_length=4)] = []
    actions: Annotated[list[dict[str, Any]], Field(max_length=1_000_000)]
    turn: Annotated[int, Field(ge=0, le=100_000)]
    state_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{1,64}$")] | None = None


# loc parts that name a union member rather than a field (pydantic puts the tag in the loc)
UNION_TAGS = {"base": {"round", "rect"}}
