"""Takipsilim Skirmishes (seed 002): every character commits one action in secret, then the round
resolves phase by phase: movement, shooting, grenades, melee, miscellaneous.

Interpretations are recorded in assets/rules/takipsilim.md (the in-game rules reference).
"""
from __future__ import annotations

from typing import Any

import shapely
from shapely.geometry import Point

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import Option, OptionSpec, Ruleset, sides_from
from game.engine.state import GameState, Result, Unit
from game.geometry.los import LosRules
from game.geometry.measure import distance, range_band

from . import combat, data, geo
from .actions import (ACTIONS, AIM, FIRST_AID, FORCED, GRENADE, HUNKER, MELEE, MISC_ACTIONS, OPERATE,
                      READY, RELOAD, RUN, SHOOT, WAIT, Order, SpendLuck, ThrowAway, ThrowBack)

EFFECTS = ("winded", "dazzled", "ducked", "gassed", "aimed")
EFFECT_WORDS = {
    "winded": "winded: loses next round's action, hunkering down to catch breath",
    "dazzled": "dazzled by the flashbang: forfeits the next round",
    "ducked": "dived clear of the grenade: cannot shoot next round",
    "gassed": "coughing and crying in the tear gas: practically incapacitated, unable to shoot",
    "aimed": "aiming: advantage when shooting next round",
}
PHASE_TITLES = {"orders": "Orders", "movement": "Movement phase", "shooting": "Shooting phase",
                "grenades": "Grenades phase", "melee": "Melee phase", "miscellaneous": "Miscellaneous phase"}
EDGES = ("left", "right", "top", "bottom")
VICTORY_KINDS = ("eliminate", "ambush")


class Takipsilim(Ruleset):
    id = "takipsilim"
    name = "Takipsilim Skirmishes"
    actions = ACTIONS
    options = (
        OptionSpec("free_move", "Free move with every action", True,
                   help="Moving is a free action: every character may move up to its allowance in the "
                        "movement phase besides its committed action (shooting after moving has "
                        "disadvantage). Off: only the Run action moves (and melee charges)."),
    )
    marker_styles = {"out-of-combat": "OUT", "dead": "DEAD", "mortal-wound": "MW", "stabilised": "STB",
                     "escaped": "ESC", "winded": "WND", "dazzled": "DAZ", "ducked": "DCK",
                     "gassed": "GAS", "aimed": "AIM", "hunkering": "HNK"}
    flow = Flow((
        Phase("orders", order="actors", decision="orders", hidden=True, begin="begin_round",
              actors="order_queue", reason="commit one action per character, in secret"),
        Phase("movement", order="auto", begin="resolve_movement"),
        Phase("shooting", order="auto", begin="resolve_shooting", end="settle_hits"),
        Phase("grenades", order="auto", begin="resolve_grenades"),
        Phase("melee", order="auto", begin="resolve_melee", end="settle_hits"),
        Phase("miscellaneous", order="auto", begin="begin_miscellaneous", end="resolve_miscellaneous"),
    ))

    # ==== setting up ==========================================================================
    def validate_scenario(self, scenario: Any) -> list[str]:
        problems = []
        weapons, armour, grenades = data.weapons(), data.armour(), data.grenades()
        melee, gear = data.melee_weapons(), data.gear()
        for i, u in enumerate(scenario.units):
            at = f"units[{i}].stats"
            s = u.stats
            if s.get("weapon") not in (None, "", *weapons):
                problems.append(f"{at}.weapon: expected one of {', '.join(weapons)}, got {s.get('weapon')!r}")
            if s.get("melee_weapon") not in (None, "", *melee):
                problems.append(f"{at}.melee_weapon: expected one of {', '.join(melee)}, "
                                f"got {s.get('melee_weapon')!r}")
            for a in s.get("armour", []) or []:
                if a not in armour:
                    problems.append(f"{at}.armour: expected pieces from {', '.join(armour)}, got {a!r}")
            gren = s.get("grenades", {}) or {}
            if not isinstance(gren, dict):
                problems.append(f"{at}.grenades: expected an object {{type: count}}")
            else:
                for g, n in gren.items():
                    if g not in grenades:
                        problems.append(f"{at}.grenades: expected types from {', '.join(grenades)}, got {g!r}")
                    elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
                        problems.append(f"{at}.grenades.{g}: expected a whole number >= 0, got {n!r}")
            for g in s.get("gear", []) or []:
                if g not in gear:
                    problems.append(f"{at}.gear: expected items from {', '.join(gear)}, got {g!r}")
            skills = s.get("skills", {}) or {}
            if not isinstance(skills, dict) or any(
                    not isinstance(v, int) or isinstance(v, bool) for v in skills.values()):
                problems.append(f"{at}.skills: expected {{skill: whole number}}")
            for key in ("luck", "magazines", "loaded"):
                v = s.get(key, 0)
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    problems.append(f"{at}.{key}: expected a whole number >= 0, got {v!r}")
        houses = (scenario.ruleset_data or {}).get("houses", "walls")
        if houses not in ("high", "walls"):
            problems.append(f"ruleset_data.houses: expected 'high' or 'walls', got {houses!r}")
        kind = scenario.victory.get("kind", "eliminate")
        if kind not in VICTORY_KINDS:
            problems.append(f"victory.kind: expected one of {', '.join(VICTORY_KINDS)}, got {kind!r}")
        if kind == "ambush":
            if not any(s.role == "ambusher" for s in scenario.sides):
                problems.append("sides: an ambush needs a side with role 'ambusher'")
            edge = scenario.victory.get("escape_edge")
            if edge is not None and edge not in EDGES:
                problems.append(f"victory.escape_edge: expected one of {', '.join(EDGES)}, got {edge!r}")
        op = scenario.victory.get("operate")
        if op is not None:
            ids = {o.get("id") for o in scenario.objectives if o.get("machinery")}
            if not isinstance(op, dict) or op.get("objective") not in ids:
                problems.append("victory.operate.objective: expected the id of an objective with "
                                "\"machinery\": true")
        return problems

    def setup(self, state: GameState) -> None:
        weapons, armour = data.weapons(), data.armour()
        d: dict[str, Any] = {
            "orders": {}, "revealed": False, "ammo": {}, "grenades": {}, "luck": {}, "damage": {},
            "severe": {}, "armour": {}, "effects": {}, "moved": {}, "live": [], "smoke": [],
            "hits": [], "stage": "", "spent": [], "operated": {}, "after_battle": [],
            "surprise": False, "next_grenade": 1,
            "ambushers": [i for i, s in enumerate(state.scenario.sides) if s.role == "ambusher"],
        }
        for u in state.units.values():
            s = u.stats
            w = weapons.get(s.get("weapon") or "")
            if w:
                cap = int(w["magazine"])
                d["ammo"][u.id] = {"loaded": int(s.get("loaded", cap)),
                                   "spares": [cap] * int(s.get("magazines", 2))}
            d["grenades"][u.id] = {g: int(n) for g, n in (s.get("grenades") or {}).items() if n}
            d["luck"][u.id] = int(s.get("luck", 0))
            d["damage"][u.id] = combat.new_damage()
            d["severe"][u.id] = []
            d["armour"][u.id] = [{"id": a, "prevented": 0, "state": "intact"}
                                 for a in (s.get("armour") or []) if a in armour]
            d["effects"][u.id] = {}
        state.data = d

    def hides_information(self, state: GameState) -> bool:
        """Every round both sides commit their orders in secret."""
        return True

    def range_bands(self, state: GameState, unit_id: str) -> list[tuple[str, float]]:
        """The seed's bands (1 m = 1 cm), up to the last one the unit's weapon can reach."""
        w = self.weapon(state.units[unit_id])
        if not w:
            return []
        reach = [(n, cm) for n, cm in data.bands() if w["ranges"].get(n) != "miss"]
        return reach

    def blast_radius(self, state: GameState) -> float | None:
        """Fragmentation: those within short range (10 m) of the blast must roll to avoid it."""
        return data.bands()[0][1]

    def los_rules(self, state: GameState) -> LosRules:
        houses = (state.scenario.ruleset_data or {}).get("houses", "walls")
        return LosRules(edge_depth=state.scenario.edge_band, houses=houses)

    # ==== small queries =======================================================================
    @staticmethod
    def skill(u: Unit, name: str) -> int:
        return int((u.stats.get("skills") or {}).get(name, 0))

    @staticmethod
    def weapon(u: Unit) -> dict[str, Any] | None:
        return data.weapons().get(u.stats.get("weapon") or "")

    @staticmethod
    def melee_reach(u: Unit) -> str:
        w = data.melee_weapons().get(u.stats.get("melee_weapon") or "unarmed") or {"reach": "unarmed"}
        return w["reach"]

    @staticmethod
    def melee_name(u: Unit) -> str:
        w = data.melee_weapons().get(u.stats.get("melee_weapon") or "unarmed") or {"name": "bare hands"}
        return w["name"]

    @staticmethod
    def has_gear(u: Unit, item: str) -> bool:
        return item in (u.stats.get("gear") or [])

    @staticmethod
    def is_pc(u: Unit) -> bool:
        return bool(u.stats.get("pc"))

    def effect(self, state: GameState, uid: str, name: str) -> bool:
        """Is the effect on this character in the current round?"""
        return int(state.data["effects"].get(uid, {}).get(name, 0)) >= state.turn

    def set_effect(self, state: GameState, uid: str, name: str, until: int) -> None:
        eff = state.data["effects"].setdefault(uid, {})
        eff[name] = max(int(eff.get(name, 0)), until)
        state.units[uid].markers.add(name)

    def surprised_side(self, state: GameState, side: int) -> bool:
        return bool(state.data["surprise"]) and side not in state.data["ambushers"]

    def ambush_bonus(self, state: GameState, u: Unit) -> list[str]:
        """Ambushers roll with advantage for any skill rolls in the surprise round."""
        if state.data["surprise"] and u.side in state.data["ambushers"]:
            return ["ambush: surprise round"]
        return []

    def enemies(self, state: GameState, u: Unit) -> list[Unit]:
        return [e for e in state.units.values() if e.side != u.side and not e.out]

    def order_of(self, state: GameState, uid: str) -> dict[str, Any] | None:
        return state.data["orders"].get(uid)

    def in_smoke(self, state: GameState, pos) -> bool:
        return any(distance(pos, (c["x"], c["y"])) <= c["radius"] for c in state.data["smoke"])

    def smoke_indoors(self, state: GameState, attacker_pos, target_pos) -> bool:
        """Smoke "only imposes Disadvantage on attacks indoors": the target is indoors and the smoke
        lies on the attacker or the target."""
        return (geo.indoors(state.table, target_pos)
                and (self.in_smoke(state, target_pos) or self.in_smoke(state, attacker_pos)))

    # ==== the round: orders =====================================================================
    def begin_round(self, state: GameState, phase: Phase) -> None:
        d = state.data
        d["orders"], d["revealed"], d["moved"], d["hits"], d["stage"], d["spent"] = {}, False, {}, [], "", []
        d["live"] = []
        d["surprise"] = state.turn == 1 and bool(d["ambushers"])
        for u in state.units.values():
            u.markers.discard("hunkering")
        self._sync_markers(state)
        state.emit("Round", f"Round {state.turn}: each side commits one action per character, in secret",
                   turn=state.turn)
        if d["surprise"]:
            names = ", ".join(state.scenario.sides[s].name for s in d["ambushers"])
            state.emit("Ambush", f"Surprise round: {names} strike from ambush; their enemies cannot act "
                                 f"and the ambushers roll with advantage")
        for u in self._units_in_order(state):
            if u.out:
                continue
            forced = None
            if self.surprised_side(state, u.side):
                forced = (FORCED, "surprised by the ambush")
            elif self.effect(state, u.id, "dazzled"):
                forced = (FORCED, "dazzled by a flashbang: forfeits the round")
            elif self.effect(state, u.id, "winded"):
                forced = (HUNKER, "winded by a hit on the armour: hunkers down to catch breath")
            if forced:
                d["orders"][u.id] = {"action": forced[0], "target": "", "mode": "", "move": False,
                                     "x": u.x, "y": u.y, "forced": forced[1]}

    def _units_in_order(self, state: GameState) -> list[Unit]:
        return [state.units[s.id] for s in state.scenario.units if s.id in state.units]

    def _next_to_order(self, state: GameState, side: int) -> str | None:
        for u in self._units_in_order(state):
            if u.side == side and not u.out and u.id not in state.data["orders"]:
                return u.id
        return None

    def order_queue(self, state: GameState, phase: Phase) -> list[Decision]:
        """One decision per side, answered one character at a time (the decision's actor moves on)."""
        queue = []
        for side in sides_from(state, state.flow.initiative):
            first = self._next_to_order(state, side)
            if first is not None:
                queue.append(Decision(side, "orders", phase.reason, actor=first, hidden=True,
                                      data={"run": True}))
        return queue

    # ==== options ================================================================================
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        if decision.kind == "orders":
            if decision.actor is None or decision.actor not in state.units:
                return []
            return self.order_options(state, state.units[decision.actor])
        if decision.kind == "luck":
            hit = state.data["hits"][0]
            uid = hit["target"]
            most = min(state.data["luck"].get(uid, 0), int(hit["damage"]))
            name = state.units[uid].name
            opts = []
            for p in range(most + 1):
                left = int(hit["damage"]) - p
                label = (f"{name}: take the hit ({left} damage)" if p == 0 else
                         f"{name}: spend {p} luck ({'avoids the hit' if left == 0 else f'{left} damage'})")
                opts.append(Option("SpendLuck", label, SpendLuck(uid, p), actor=uid, key=f"luck:{p}"))
            return opts
        if decision.kind == "grenade":
            gid = decision.data.get("grenade", "")
            g = self._grenade(state, gid)
            opts = []
            if g is not None:
                for u in self._throw_away_candidates(state, g, decision.side):
                    opts.append(Option("ThrowAway", f"{u.name}: give up the miscellaneous action to throw "
                                                    f"the grenade out of range", ThrowAway(u.id, gid),
                                       actor=u.id, key=f"away:{u.id}"))
                for u in self._throw_back_candidates(state, g, decision.side):
                    ex = combat.expr(combat.mode_of(self.ambush_bonus(state, u), []), self.skill(u, "athletics"))
                    opts.append(Option("ThrowBack", f"{u.name}: spend 2 luck and throw it back "
                                                    f"({combat.odds_text(ex)})", ThrowBack(u.id, gid),
                                       actor=u.id, odds=combat.chance(ex), odds_text=combat.odds_text(ex),
                                       key=f"back:{u.id}"))
            opts.append(Option("Pass", "Leave the grenade", Pass(decision.side), key="pass"))
            return opts
        return []

    def order_options(self, state: GameState, u: Unit) -> list[Option]:
        table = state.table
        here = (u.x, u.y)
        free_move = bool(state.options.get("free_move", True))
        region = geo.reach(table, u.x, u.y)
        opts: list[Option] = []
        gassed = self.effect(state, u.id, "gassed")
        ducked = self.effect(state, u.id, "ducked")

        def add(action: str, label: str, target: str = "", mode: str = "", stay: bool = True,
                move: bool = True, odds_fn=None, move_region=None) -> None:
            base = Order(u.id, action, target, mode, False, u.x, u.y)
            if stay:
                p, text = odds_fn(False) if odds_fn else (None, "")
                opts.append(Option("Order", label + (f" ({text})" if text else ""), action=base, actor=u.id,
                                   target=target or None, odds=p, odds_text=text,
                                   key=f"{u.id}:{action}:{target}:{mode}:stay"))
            if move and (free_move or action == RUN):
                reg = region if move_region is None else move_region
                if reg is None or reg.is_empty:
                    return
                p, text = odds_fn(True) if odds_fn else (None, "")
                opts.append(Option("Order", ("Move, then " + label[0].lower() + label[1:]) if action != RUN
                                   else label, region=reg,
                                   template=Order(u.id, action, target, mode, True, u.x, u.y), actor=u.id,
                                   target=target or None, odds=p, odds_text=text + (" (from here)" if text else ""),
                                   key=f"{u.id}:{action}:{target}:{mode}:move"))

        add(RUN, "Run (move up to 10 m in the open, 6 m through obstacles)", stay=False)
        escape = self._escape_strip(state, u)
        if escape is not None:
            strip = region.intersection(escape)
            if not strip.is_empty and strip.area > 1e-6:
                opts.append(Option("Order", f"Run for the {state.scenario.victory.get('escape_edge')} edge "
                                            f"and escape", region=strip,
                                   template=Order(u.id, RUN, "", "", True, u.x, u.y), actor=u.id,
                                   key=f"{u.id}:run::escape:move"))
        if not gassed:
            self._shoot_options(state, u, add, ducked)
            self._grenade_options(state, u, add)
            self._melee_options(state, u, opts)
            self._misc_options(state, u, add, opts)
        cover = geo.in_cover(table, here)
        if cover is not None:
            opts.append(Option("Order", f"Hunker down behind the {cover.name or cover.kind.label} "
                                        f"(forfeit the round: no line of sight to you unless flanked)",
                               action=Order(u.id, HUNKER, "", "", False, u.x, u.y), actor=u.id,
                               key=f"{u.id}:hunker"))
        else:
            opts.append(Option("Order", "Wait (forfeit the round)", action=Order(u.id, WAIT, "", "", False,
                                                                              u.x, u.y),
                               actor=u.id, key=f"{u.id}:wait"))
        return opts

    def _escape_strip(self, state: GameState, u: Unit):
        v = state.scenario.victory
        if v.get("kind") != "ambush" or not v.get("escape_edge") or u.side in state.data["ambushers"]:
            return None
        return self._edge_strip(state, v["escape_edge"])

    @staticmethod
    def _edge_strip(state: GameState, edge: str):
        w, h, b = state.scenario.width, state.scenario.height, max(state.scenario.edge_band, 0.5)
        boxes = {"left": (0, 0, b, h), "right": (w - b, 0, w, h), "top": (0, 0, w, b),
                 "bottom": (0, h - b, w, h)}
        return shapely.box(*boxes[edge])

    def _shoot_options(self, state: GameState, u: Unit, add, ducked: bool) -> None:
        w = self.weapon(u)
        ammo = state.data["ammo"].get(u.id)
        if not w or not ammo or ducked:
            return
        loaded = ammo["loaded"]
        modes = []
        if loaded >= 1:
            modes.append("single")
        if w.get("automatic") and loaded >= combat.AUTO_SHOTS:
            modes.append("auto")
        if not modes:
            return
        reach_limit = max((lim for band, lim in data.bands() if w["ranges"][band] != "miss"), default=0)
        rules = self.los_rules(state)
        for e in self.enemies(state, u):
            dist = distance((u.x, u.y), (e.x, e.y))
            if dist > reach_limit + geo.OPEN_MOVE:
                continue
            los = geo.los(state.table, rules, (u.x, u.y), (e.x, e.y))
            band = range_band(dist, data.bands())
            in_range = band is not None and w["ranges"][band] != "miss"
            cover = geo.cover_from(state.table, (e.x, e.y), (u.x, u.y))
            for mode in modes:
                def odds_fn(moved: bool, e=e, mode=mode, cover=cover):
                    setup = self.shot_setup(state, u, e, (u.x, u.y), (e.x, e.y), moved=moved,
                                            target_stationary=True, auto=(mode == "auto"), cover=cover)
                    if setup["effect"] == "miss":
                        return None, "out of range from here"
                    return combat.chance(setup["expr"]), combat.odds_text(setup["expr"])
                what = "automatic fire (6 shots)" if mode == "auto" else "single shot"
                label = f"Shoot {e.name} with the {w['name']}, {what}"
                add(SHOOT, label, target=e.id, mode=mode, stay=bool(los.clear and in_range),
                    move=True, odds_fn=odds_fn)

    def _grenade_options(self, state: GameState, u: Unit, add) -> None:
        stock = state.data["grenades"].get(u.id, {})
        if not stock:
            return
        rules = data.grenade_rules()
        throw = float(rules["throw_range"])
        for gtype in sorted(stock):
            if stock[gtype] <= 0:
                continue
            g = data.grenades()[gtype]
            targets = list(self.enemies(state, u))
            if g["effect"] == "smoke":
                targets = [u] + targets
            for e in targets:
                dist = distance((u.x, u.y), (e.x, e.y))
                if dist > throw + geo.OPEN_MOVE:
                    continue

                def odds_fn(moved: bool, g=g):
                    if not g.get("throw_roll"):
                        return None, "no roll: smoke lands where thrown"
                    ex = combat.expr(combat.mode_of(self.ambush_bonus(state, u), []),
                                     self.skill(u, "athletics"))
                    return combat.chance(ex), combat.odds_text(ex)
                where = "at your own feet" if e.id == u.id else f"at {e.name}"
                add(GRENADE, f"Throw a {g['name'].lower()} {where}", target=e.id, mode=gtype,
                    stay=dist <= throw, odds_fn=odds_fn)

    def _melee_options(self, state: GameState, u: Unit, opts: list[Option]) -> None:
        contact = float(data.melee()["contact"])
        for e in self.enemies(state, u):
            gap = geo.edge_gap((u.x, u.y), u.base, (e.x, e.y), e.base)
            if gap > geo.OPEN_MOVE + contact:
                continue
            adv, dis = self.melee_modifiers(state, u, e, (u.x, u.y), (e.x, e.y))
            ex = combat.expr(combat.mode_of(adv, dis), self.skill(u, "melee"))
            text = combat.odds_text(ex)
            verb = "Fight" if gap <= contact else "Charge and fight"
            opts.append(Option("Order", f"{verb} {e.name} in melee ({self.melee_name(u)}; {text})",
                               action=Order(u.id, MELEE, e.id, "", False, u.x, u.y), actor=u.id, target=e.id,
                               odds=combat.chance(ex), odds_text=text, key=f"{u.id}:melee:{e.id}"))

    def _misc_options(self, state: GameState, u: Unit, add, opts: list[Option]) -> None:
        ammo = state.data["ammo"].get(u.id)
        w = self.weapon(u)
        if ammo and w and any(m > ammo["loaded"] for m in ammo["spares"]):
            add(RELOAD, f"Reload the {w['name']} ({ammo['loaded']} left, {len(ammo['spares'])} magazines)")
        if w and ammo:
            add(AIM, f"Aim the {w['name']} (advantage when shooting next round)")
        add(READY, "Stand ready (a miscellaneous action: hands free to throw a grenade away)")
        contact = float(data.melee()["contact"])
        for a in state.units.values():
            if a.side != u.side or a.id == u.id or not a.out:
                continue
            if "dead" in a.markers or "escaped" in a.markers or "stabilised" in a.markers:
                continue
            gap = geo.edge_gap((u.x, u.y), u.base, (a.x, a.y), a.base)
            if gap <= geo.OPEN_MOVE + contact:
                opts.append(Option("Order", f"First aid to {a.name} (seriously wounded)",
                                   action=Order(u.id, FIRST_AID, a.id, "", False, u.x, u.y), actor=u.id,
                                   target=a.id, key=f"{u.id}:first-aid:{a.id}"))
        for obj in state.scenario.objectives:
            if not obj.get("machinery") or obj.get("x") is None:
                continue
            centre, radius = (float(obj["x"]), float(obj["y"])), float(obj.get("radius", 1.0))
            inside = distance((u.x, u.y), centre) <= radius
            disc = Point(centre).buffer(radius)
            area = geo.reach(state.table, u.x, u.y).intersection(disc)
            add(OPERATE, f"Operate the {obj.get('name') or obj['id']}", target=obj["id"], stay=inside,
                move=not area.is_empty and area.area > 1e-6, move_region=area)

    # ==== answering decisions ======================================================================
    POINT_TOLERANCE = 1e-3      # Option.at() rounds to 3 decimals: accept a point within 1 mm of the region

    def check(self, state: GameState, action: Action, decision: Decision) -> str | None:
        if isinstance(action, Order) and action.move and decision.kind == "orders":
            point = Point(action.x, action.y)
            fixed = ("actor", "action", "target", "mode", "move")
            for o in self.legal_actions(state, decision):
                t = o.template
                if isinstance(t, Order) and all(getattr(t, f) == getattr(action, f) for f in fixed) \
                        and o.region.distance(point) <= self.POINT_TOLERANCE:
                    return None
        return super().check(state, action, decision)

    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        if isinstance(action, Order):
            self._commit(state, action, decision)
        elif isinstance(action, SpendLuck):
            self._spend_luck(state, action)
        elif isinstance(action, ThrowAway):
            self._throw_away(state, action)
        elif isinstance(action, ThrowBack):
            self._throw_back(state, action)
        # Pass: leave the grenade where it is

    def _commit(self, state: GameState, order: Order, decision: Decision) -> None:
        u = state.units[order.actor]
        state.data["orders"][u.id] = {"action": order.action, "target": order.target, "mode": order.mode,
                                      "move": bool(order.move), "x": float(order.x), "y": float(order.y)}
        others = tuple(s for s in range(state.sides) if s != u.side)
        state.emit("OrderGiven", f"{u.name}: {self.order_text(state, u.id)}", hidden_from=others,
                   unit=u.id, side=u.side)
        nxt = self._next_to_order(state, decision.side)
        if nxt is None:
            state.emit("OrdersCommitted", f"{state.scenario.sides[decision.side].name} commit their orders",
                       side=decision.side)
            engine.end_run(state)
        else:
            decision.actor = nxt

    def order_text(self, state: GameState, uid: str) -> str:
        o = state.data["orders"].get(uid)
        if o is None:
            return "no order"
        a, t = o["action"], o.get("target", "")
        tname = state.units[t].name if t in state.units else t
        if a == FORCED:
            return f"no action ({o.get('forced', 'forfeits the round')})"
        if a == HUNKER:
            return "hunkers down" + (f" ({o['forced']})" if o.get("forced") else "")
        if a == WAIT:
            return "waits"
        if a == RUN:
            return f"runs to ({o['x']:.1f}, {o['y']:.1f})"
        if a == SHOOT:
            w = self.weapon(state.units[uid])
            text = f"shoots {tname} with the {w['name'] if w else 'weapon'}" + (
                ", automatic fire" if o.get("mode") == "auto" else "")
        elif a == GRENADE:
            g = data.grenades().get(o.get("mode", ""), {"name": "grenade"})
            text = f"throws a {g['name'].lower()} at " + ("own position" if t == uid else tname)
        elif a == MELEE:
            text = f"fights {tname} in melee"
        elif a == RELOAD:
            text = "reloads"
        elif a == AIM:
            text = "aims"
        elif a == FIRST_AID:
            text = f"gives first aid to {tname}"
        elif a == OPERATE:
            obj = next((ob for ob in state.scenario.objectives if ob.get("id") == t), {})
            text = f"operates the {obj.get('name') or t}"
        elif a == READY:
            text = "stands ready"
        else:
            text = a
        if o.get("move"):
            text = f"moves to ({o['x']:.1f}, {o['y']:.1f}), then " + text
        return text

    # ==== movement ===============================================================================
    def resolve_movement(self, state: GameState, phase: Phase) -> None:
        d = state.data
        d["revealed"] = True
        state.emit("Phase", "Orders revealed")
        for u in self._units_in_order(state):
            if not u.out and u.id in d["orders"]:
                state.emit("OrderRevealed", f"{u.name} ({state.scenario.sides[u.side].name}): "
                                            f"{self.order_text(state, u.id)}", unit=u.id)
                if d["orders"][u.id]["action"] == HUNKER:
                    u.markers.add("hunkering")
        state.emit("Phase", "— Movement phase —")
        # Free moves (and Run) are simultaneous: every figure goes to the point it committed to.
        for u in self._units_in_order(state):
            o = d["orders"].get(u.id)
            if u.out or not o or not o.get("move"):
                continue
            start = (u.x, u.y)
            u.x = min(max(float(o["x"]), 0.0), state.scenario.width)
            u.y = min(max(float(o["y"]), 0.0), state.scenario.height)
            moved = distance(start, (u.x, u.y))
            if moved > 1e-6:
                d["moved"][u.id] = round(moved, 3)
                u.facing = geo.angle(start, (u.x, u.y)) % 360.0
                state.emit("Moved", f"{u.name} moves {moved:.1f} m", unit=u.id, x=u.x, y=u.y)
        # Charges and runs to a wounded comrade follow the target to where it now stands.
        contact = float(data.melee()["contact"])
        for u in self._units_in_order(state):
            o = d["orders"].get(u.id)
            if u.out or not o or o["action"] not in (MELEE, FIRST_AID):
                continue
            t = state.units.get(o["target"])
            if t is None:
                continue
            stop = geo.base_radius(u.base) + geo.base_radius(t.base) + contact / 2
            start = (u.x, u.y)
            end = geo.run_towards(state.table, start, (t.x, t.y), stop)
            moved = distance(start, end)
            if moved > 1e-6:
                u.x, u.y = end
                u.facing = geo.angle(start, (t.x, t.y)) % 360.0
                d["moved"][u.id] = round(d["moved"].get(u.id, 0) + moved, 3)
                verb = "charges" if o["action"] == MELEE else "runs to"
                state.emit("Moved", f"{u.name} {verb} {t.name}: {moved:.1f} m", unit=u.id, x=u.x, y=u.y)
        self._escapes(state)

    def _escapes(self, state: GameState) -> None:
        v = state.scenario.victory
        if v.get("kind") != "ambush" or not v.get("escape_edge"):
            return
        strip = self._edge_strip(state, v["escape_edge"])
        for u in self._units_in_order(state):
            if u.out or u.side in state.data["ambushers"]:
                continue
            if strip.covers(Point(u.x, u.y)):
                u.out = True
                u.markers.add("escaped")
                state.emit("Escaped", f"{u.name} escapes off the {v['escape_edge']} edge", unit=u.id)

    # ==== shooting ===============================================================================
    def shot_setup(self, state: GameState, u: Unit, t: Unit, spos, tpos, moved: bool,
                   target_stationary: bool, auto: bool, cover: Any = "find") -> dict[str, Any]:
        """Range band, advantage and disadvantage, and the roll, for u shooting t (Cover and Movement).
        `cover`: the piece covering the target from the shooter when already known."""
        w = self.weapon(u) or {"name": "weapon", "ranges": {}}
        dist = distance(spos, tpos)
        band = range_band(dist, data.bands())
        effect = w["ranges"].get(band, "miss") if band else "miss"
        adv: list[str] = []
        dis: list[str] = []
        if effect == "advantage":
            adv.append(f"{band} range for the {w['name']}")
        elif effect == "disadvantage":
            dis.append(f"{band} range for the {w['name']}")
        if cover == "find":
            cover = geo.cover_from(state.table, tpos, spos)
        if cover is not None:
            dis.append(f"target in cover ({cover.name or cover.kind.label})")
        elif target_stationary:
            adv.append("stationary target out of cover")
        if moved:
            dis.append("shooting after moving")
        if self.effect(state, u.id, "aimed"):
            adv.append("aimed last round")
        if auto:
            if self.skill(u, "shooting") > 0:
                adv.append("automatic fire")
            else:
                dis.append("automatic fire without the Shooting skill")
        if self.smoke_indoors(state, spos, tpos):
            dis.append("smoke indoors")
        adv += self.ambush_bonus(state, u)
        mode = combat.mode_of(adv, dis)
        return {"distance": dist, "band": band, "effect": effect, "adv": adv, "dis": dis, "mode": mode,
                "cover": cover.id if cover is not None else None,
                "expr": combat.expr(mode, self.skill(u, "shooting"))}

    def resolve_shooting(self, state: GameState, phase: Phase) -> None:
        """All shots are computed from positions at the phase start; casualties come after all shots
        (so a figure shot in this phase still fires in it)."""
        state.emit("Phase", "— Shooting phase —")
        d = state.data
        rules = self.los_rules(state)
        for u in self._units_in_order(state):
            o = d["orders"].get(u.id)
            if u.out or not o or o["action"] != SHOOT:
                continue
            t = state.units.get(o["target"])
            w = self.weapon(u)
            ammo = d["ammo"].get(u.id)
            if t is None or w is None or ammo is None:
                continue
            if t.out:
                gone = "has escaped" if "escaped" in t.markers else "is already down"
                state.emit("HoldFire", f"{u.name} holds fire: {t.name} {gone}")
                continue
            spos, tpos = (u.x, u.y), (t.x, t.y)
            sight = geo.los(state.table, rules, spos, tpos)
            if not sight.clear:
                blocker = state.table.by_id.get(sight.blocker)
                state.emit("HoldFire", f"{u.name} holds fire: no line of sight to {t.name} "
                                       f"(blocked by {blocker.name if blocker and blocker.name else sight.blocker})")
                continue
            to = d["orders"].get(t.id) or {}
            if to.get("action") == HUNKER:
                behind = geo.hunker_cover(state.table, tpos, spos)
                if behind is not None:
                    state.emit("HoldFire", f"{u.name} holds fire: {t.name} is hunkering down behind the "
                                           f"{behind.name or behind.kind.label} (no line of sight; "
                                           f"not flanking)")
                    continue
                state.emit("Flanking", f"{u.name} is flanking {t.name}: the cover does not protect "
                                       f"from this side")
            auto = o.get("mode") == "auto"
            need = combat.AUTO_SHOTS if auto else 1
            if ammo["loaded"] < need:
                state.emit("HoldFire", f"{u.name}'s {w['name']} clicks: not enough rounds in the magazine")
                continue
            ammo["loaded"] -= need
            setup = self.shot_setup(state, u, t, spos, tpos, moved=u.id in d["moved"],
                                    target_stationary=t.id not in d["moved"], auto=auto)
            rounds = f"automatic fire, {need} rounds" if auto else "single shot"
            band = setup["band"] or "beyond distant"
            if setup["effect"] == "miss":
                state.emit("Shot", f"{u.name} fires the {w['name']} at {t.name} ({rounds}, "
                                   f"{setup['distance']:.1f} m, {band} range): beyond the weapon's range, a "
                                   f"guaranteed miss; {ammo['loaded']} rounds left in the magazine",
                           shooter=u.id, target=t.id, hit=False)
                continue
            how = combat.why(setup["mode"], setup["adv"], setup["dis"])
            state.emit("Shot", f"{u.name} fires the {w['name']} at {t.name} ({rounds}, {setup['distance']:.1f} m, "
                               f"{band} range): {how}; {ammo['loaded']} rounds left in the magazine",
                       shooter=u.id, target=t.id, mode=setup["mode"])
            roll = state.roll(setup["expr"], "shooting", u.name,
                              odds_text=f"{setup['mode']}, {combat.odds_text(setup['expr']).split(': ')[-1]}")
            if not roll.success:
                state.emit("Missed", f"{u.name} misses {t.name}", shooter=u.id, target=t.id)
                continue
            self._record_hit(state, u, t, roll.kept[0], combat.AUTO_DAMAGE if auto else 0,
                             projectile=True, breaks_armour=bool(w.get("breaks_armour")), weapon=w["name"])

    def _record_hit(self, state: GameState, u: Unit | None, t: Unit, kept, bonus: int, projectile: bool,
                    breaks_armour: bool, weapon: str) -> None:
        loc, dmg, low, high = combat.hit_from(kept, bonus)
        extra = f" + {bonus} for automatic fire" if bonus else ""
        who = f"{u.name} hits {t.name}" if u is not None else f"{t.name} is hit"
        state.emit("Hit", f"{who}: {loc} (lower die {low}), {dmg} damage (higher die {high}{extra})",
                   target=t.id, location=loc, damage=dmg)
        state.data["hits"].append({"target": t.id, "location": loc, "damage": dmg, "projectile": projectile,
                                   "breaks_armour": breaks_armour, "source": weapon,
                                   "by": u.id if u is not None else ""})

    # ==== hits: armour, luck, damage =============================================================
    def settle_hits(self, state: GameState, phase: Phase | None = None) -> bool:
        """Apply the phase's hits one by one; a player character with luck decides how much to spend
        (an interrupt). Returns True when every hit is settled."""
        d = state.data
        while d["hits"]:
            hit = d["hits"][0]
            t = state.units[hit["target"]]
            if "dead" in t.markers:
                d["hits"].pop(0)
                continue
            if not hit.get("armour_checked"):
                hit["armour_checked"] = True
                if self._armour_stops(state, t, hit):
                    d["hits"].pop(0)
                    continue
            luck = d["luck"].get(t.id, 0)
            if luck > 0 and hit["damage"] > 0:
                engine.push_interrupt(state, Decision(
                    t.side, "luck", f"{t.name} is hit in the {hit['location']} for {hit['damage']} damage: "
                                    f"spend luck? ({luck} left)", actor=t.id))
                return False
            d["hits"].pop(0)
            self._take_damage(state, t, hit["location"], int(hit["damage"]))
        return True

    def _armour_stops(self, state: GameState, t: Unit, hit: dict[str, Any]) -> bool:
        """Armour covering the location prevents the hit, up to its maximum; it breaks at once to an
        anti-materiel rifle. A projectile hit on intact armour costs the wearer next round's action."""
        specs = data.armour()
        for piece in state.data["armour"].get(t.id, []):
            spec = specs[piece["id"]]
            if piece["state"] != "intact" or hit["location"] not in spec["locations"]:
                continue
            if hit["projectile"]:
                self.set_effect(state, t.id, "winded", state.turn + 1)
            if hit["breaks_armour"]:
                piece["state"] = "broken"
                state.emit("ArmourBroken", f"{t.name}'s {spec['name'].lower()} breaks at once to the "
                                           f"{hit['source']}: the hit goes through", unit=t.id)
                if hit["projectile"]:
                    state.emit("Winded", f"{t.name} is {EFFECT_WORDS['winded']}", unit=t.id)
                return False
            piece["prevented"] += 1
            text = (f"{t.name}'s {spec['name'].lower()} stops the hit to the {hit['location']} "
                    f"({piece['prevented']} of {spec['max_hits']} hits)")
            if piece["prevented"] >= int(spec["max_hits"]):
                piece["state"] = "spent"
                text += f"; it has prevented its maximum and needs replacing"
            state.emit("ArmourStops", text, unit=t.id)
            if hit["projectile"]:
                state.emit("Winded", f"{t.name} is {EFFECT_WORDS['winded']}", unit=t.id)
            return True
        return False

    def _spend_luck(self, state: GameState, action: SpendLuck) -> None:
        d = state.data
        hit = d["hits"].pop(0)
        t = state.units[action.actor]
        points = int(action.points)
        dmg = int(hit["damage"]) - points
        if points:
            d["luck"][t.id] -= points
            state.emit("Luck", f"{t.name} spends {points} luck: {points} damage cancelled "
                               f"({d['luck'][t.id]} luck left)", unit=t.id)
        if dmg <= 0:
            state.emit("Avoided", f"Luck reduces the hit to 0: {t.name} avoids it completely", unit=t.id)
            return
        self._take_damage(state, t, hit["location"], dmg)

    def _take_damage(self, state: GameState, t: Unit, loc: str, dmg: int) -> None:
        d = state.data
        dmg_by = d["damage"][t.id]
        dmg_by[loc] = int(dmg_by.get(loc, 0)) + dmg
        total = combat.total_damage(dmg_by)
        state.emit("Damage", f"{t.name} takes {dmg} damage to the {loc} ({loc} {dmg_by[loc]}, total {total})",
                   unit=t.id, location=loc, damage=dmg, total=total)
        severe = d["severe"][t.id]
        if dmg_by[loc] >= combat.SEVERE and loc not in severe:
            severe.append(loc)
            if loc == "head":
                t.markers.add("dead")
                state.emit("Dead", f"{t.name}: 6 or more damage to the head: dead", unit=t.id)
                d["after_battle"].append(f"{t.name} is dead")
            elif loc == "torso":
                hours = state.roll("d4", "hours until death from the mortal wound", t.name).total
                t.markers.add("mortal-wound")
                state.emit("MortalWound", f"{t.name}: 6 or more damage to the torso: a mortal wound; death in "
                                          f"{hours} hour{'s' if hours > 1 else ''} without stabilising medical attention (noted for after "
                                          f"the battle)", unit=t.id, hours=hours)
                d["after_battle"].append(f"{t.name}: mortal wound, dies in {hours} hour{'s' if hours > 1 else ''} without aid")
            else:
                coin = state.roll("d2", f"coin for which {loc} (heads right, tails left)", t.name).total
                side = "right" if coin == 1 else "left"
                t.markers.add(f"{side}-{loc}-destroyed")
                state.emit("LimbDestroyed", f"{t.name}: 6 or more damage to the {loc}: the {side} {loc} is "
                                            f"destroyed ({'heads' if coin == 1 else 'tails'})", unit=t.id)
                d["after_battle"].append(f"{t.name}: {side} {loc} destroyed")
        if total >= combat.OUT_OF_COMBAT and not t.out:
            t.out = True
            t.markers.add("out-of-combat")
            for m in EFFECTS:
                t.markers.discard(m)
            t.markers.discard("hunkering")
            state.emit("OutOfCombat", f"{t.name} is out of combat (total damage {total}): needs medical "
                                      f"intervention to survive", unit=t.id)

    # ==== grenades ===============================================================================
    def _grenade(self, state: GameState, gid: str) -> dict[str, Any] | None:
        return next((g for g in state.data["live"] if g["id"] == gid), None)

    def resolve_grenades(self, state: GameState, phase: Phase) -> None:
        state.emit("Phase", "— Grenades phase —")
        d = state.data
        rules = data.grenade_rules()
        throw_range = float(rules["throw_range"])
        for u in self._units_in_order(state):
            o = d["orders"].get(u.id)
            if u.out or not o or o["action"] != GRENADE:
                continue
            gtype = o.get("mode", "")
            stock = d["grenades"].get(u.id, {})
            g = data.grenades().get(gtype)
            if g is None or stock.get(gtype, 0) <= 0:
                continue
            t = state.units.get(o["target"])
            if t is None:
                continue
            stock[gtype] -= 1
            if stock[gtype] <= 0:
                del stock[gtype]
            start, aim = (u.x, u.y), (t.x, t.y)
            dist = distance(start, aim)
            if dist > throw_range:
                k = throw_range / dist
                aim = (start[0] + (aim[0] - start[0]) * k, start[1] + (aim[1] - start[1]) * k)
                state.emit("ShortThrow", f"{t.name} is beyond throwing range ({dist:.1f} m): the "
                                         f"{g['name'].lower()} can reach only {throw_range:.0f} m")
            where = "at own feet" if t.id == u.id else f"at {t.name}"
            if g["effect"] == "smoke":
                d["smoke"].append({"x": aim[0], "y": aim[1], "radius": float(g["radius"]),
                                   "until": state.turn + int(g.get("rounds", 2)) - 1})
                state.emit("Smoke", f"{u.name} throws a smoke grenade {where}: smoke lightly obscures "
                                    f"{g['radius']} m around it (disadvantage only on attacks indoors) until "
                                    f"the end of next round", x=aim[0], y=aim[1])
                continue
            adv = self.ambush_bonus(state, u)
            mode = combat.mode_of(adv, [])
            ex = combat.expr(mode, self.skill(u, "athletics"))
            cooked = " cooks it and" if g["effect"] == "explosive" else ""
            state.emit("Throw", f"{u.name}{cooked} throws a {g['name'].lower()} {where} "
                                f"({combat.why(mode, adv, [])})", thrower=u.id)
            roll = state.roll(ex, f"throwing a {g['name'].lower()}", u.name,
                              odds_text=f"{mode}, {combat.odds_text(ex).split(': ')[-1]}")
            if not roll.success:
                state.emit("ThrowFailed", f"The {g['name'].lower()} goes astray and detonates harmlessly "
                                          f"elsewhere")
                continue
            if g["effect"] == "explosive":
                gid = f"g{d['next_grenade']}"
                d["next_grenade"] += 1
                d["live"].append({"id": gid, "type": gtype, "x": aim[0], "y": aim[1], "thrower": u.id,
                                  "side": u.side, "state": "live", "offered": False, "back": False})
                state.emit("GrenadeLands", f"The cooked {g['name'].lower()} lands {where}: it detonates at the "
                                           f"end of the round", grenade=gid, x=aim[0], y=aim[1])
            elif g["effect"] == "flashbang":
                self._flashbang(state, u, aim, g)
            elif g["effect"] == "tear-gas":
                self._tear_gas(state, u, aim, g)

    def _in_blast(self, state: GameState, centre, radius: float, include=lambda u: True) -> list[Unit]:
        units = [u for u in self._units_in_order(state) if not u.out and include(u)]
        idx = geo.blast_indices(state.table, centre, radius, [(u.x, u.y) for u in units])
        return [units[i] for i in idx]

    def _flashbang(self, state: GameState, thrower: Unit, centre, g: dict[str, Any]) -> None:
        """A hit detonates at once; enemies roll 2d6 + Athletics to shield their eyes; failing without
        ear protection forfeits a round (the next one)."""
        state.emit("Flashbang", "The flashbang detonates at once", x=centre[0], y=centre[1])
        for e in self._in_blast(state, centre, float(g["radius"]), lambda v: v.side != thrower.side):
            adv = self.ambush_bonus(state, e)
            mode = combat.mode_of(adv, [])
            ex = combat.expr(mode, self.skill(e, "athletics"))
            roll = state.roll(ex, "shielding the eyes from the flashbang", e.name,
                              odds_text=f"{mode}, {combat.odds_text(ex).split(': ')[-1]}")
            if roll.success:
                state.emit("Shielded", f"{e.name} shields the eyes in time", unit=e.id)
            elif self.has_gear(e, g.get("protection", "")):
                state.emit("Shielded", f"{e.name} fails the roll but wears ear protection: no effect", unit=e.id)
            else:
                self.set_effect(state, e.id, "dazzled", state.turn + 1)
                state.emit("Dazzled", f"{e.name} is {EFFECT_WORDS['dazzled']}", unit=e.id)

    def _tear_gas(self, state: GameState, thrower: Unit, centre, g: dict[str, Any]) -> None:
        """All targets within 10 m are practically incapacitated and unable to shoot, unless they wear a
        full-face gas mask: they lose their remaining actions this round and may only move next round."""
        state.emit("TearGas", "The tear gas canister bursts: everyone within 10 m coughs and cries "
                              "uncontrollably", x=centre[0], y=centre[1])
        for e in self._in_blast(state, centre, float(g["radius"])):
            if self.has_gear(e, g.get("protection", "")):
                state.emit("GasMask", f"{e.name}'s full-face gas mask protects", unit=e.id)
                continue
            self.set_effect(state, e.id, "gassed", state.turn + 1)
            state.emit("Gassed", f"{e.name} is {EFFECT_WORDS['gassed']} (this round and next)", unit=e.id)

    # ==== melee ==================================================================================
    def melee_modifiers(self, state: GameState, u: Unit, t: Unit, upos, tpos) -> tuple[list[str], list[str]]:
        adv: list[str] = []
        dis: list[str] = []
        mine, theirs = self.melee_reach(u), self.melee_reach(t)
        effect = data.melee()["matchups"].get(mine, {}).get(theirs)
        if effect == "advantage":
            adv.append(f"{mine} weapon against the {theirs}")
        elif effect == "disadvantage":
            dis.append(f"{mine} weapon against a {theirs} weapon")
        if self.smoke_indoors(state, upos, tpos):
            dis.append("smoke indoors")
        adv += self.ambush_bonus(state, u)
        return adv, dis

    def _can_fight(self, state: GameState, u: Unit) -> bool:
        if u.out or self.effect(state, u.id, "gassed"):
            return False
        o = state.data["orders"].get(u.id) or {}
        return o.get("action") != FORCED

    def resolve_melee(self, state: GameState, phase: Phase) -> None:
        """Melee is simultaneous: every fighter in contact rolls, and the hits land after all rolls. A
        figure attacked in melee that makes no melee attack of its own strikes back at its attacker."""
        state.emit("Phase", "— Melee phase —")
        d = state.data
        contact = float(data.melee()["contact"])
        attacks: list[tuple[Unit, Unit]] = []
        for u in self._units_in_order(state):
            o = d["orders"].get(u.id)
            if not o or o["action"] != MELEE or u.out:
                continue
            t = state.units.get(o["target"])
            if t is None:
                continue
            if not self._can_fight(state, u):
                state.emit("NoMelee", f"{u.name} is in no state to fight")
                continue
            if t.out:
                state.emit("NoMelee", f"{u.name} finds {t.name} already down")
                continue
            if geo.edge_gap((u.x, u.y), u.base, (t.x, t.y), t.base) > contact + 1e-6:
                state.emit("NoMelee", f"{u.name} cannot reach {t.name}")
                continue
            attacks.append((u, t))
        attackers = {u.id for u, _ in attacks}
        for u, t in list(attacks):
            if t.id in attackers or self.surprised_side(state, t.side) or not self._can_fight(state, t):
                continue
            attackers.add(t.id)
            attacks.append((t, u))
            state.emit("StrikeBack", f"{t.name} fights back against {u.name} (melee is simultaneous)")
        for u, t in attacks:
            adv, dis = self.melee_modifiers(state, u, t, (u.x, u.y), (t.x, t.y))
            mode = combat.mode_of(adv, dis)
            ex = combat.expr(mode, self.skill(u, "melee"))
            state.emit("Melee", f"{u.name} ({self.melee_name(u)}) attacks {t.name} ({self.melee_name(t)}) in "
                                f"melee: {combat.why(mode, adv, dis)}", attacker=u.id, target=t.id, mode=mode)
            roll = state.roll(ex, "melee", u.name, odds_text=f"{mode}, {combat.odds_text(ex).split(': ')[-1]}")
            if roll.success:
                self._record_hit(state, u, t, roll.kept[0], 0, projectile=False, breaks_armour=False,
                                 weapon=self.melee_name(u))
            else:
                state.emit("Missed", f"{u.name} misses {t.name}")

    # ==== miscellaneous and the end of the round ====================================================
    def begin_miscellaneous(self, state: GameState, phase: Phase) -> None:
        state.emit("Phase", "— Miscellaneous phase —")
        state.data["stage"] = "responses"

    def _able(self, state: GameState, u: Unit) -> bool:
        return not u.out and not self.effect(state, u.id, "gassed") and \
            (state.data["orders"].get(u.id) or {}).get("action") != FORCED

    def _endangered(self, state: GameState, g: dict[str, Any], side: int) -> list[Unit]:
        radius = float(data.grenades()[g["type"]]["radius"])
        return self._in_blast(state, (g["x"], g["y"]), radius, lambda v: v.side == side)

    def _throw_away_candidates(self, state: GameState, g: dict[str, Any], side: int) -> list[Unit]:
        """Opponents who committed a miscellaneous action, within reach of the grenade (its short range)."""
        out = []
        for u in self._endangered(state, g, side):
            o = state.data["orders"].get(u.id) or {}
            if o.get("action") in MISC_ACTIONS and u.id not in state.data["spent"] and self._able(state, u):
                out.append(u)
        return out

    def _throw_back_candidates(self, state: GameState, g: dict[str, Any], side: int) -> list[Unit]:
        """Player characters with 2 luck (not in a surprise round, which allows no reprisals)."""
        if g["back"] or self.surprised_side(state, side):
            return []
        return [u for u in self._endangered(state, g, side)
                if self.is_pc(u) and state.data["luck"].get(u.id, 0) >= 2 and self._able(state, u)]

    def _throw_away(self, state: GameState, action: ThrowAway) -> None:
        g = self._grenade(state, action.grenade)
        u = state.units[action.actor]
        g["state"] = "thrown-away"
        state.data["spent"].append(u.id)
        state.emit("ThrowAway", f"{u.name} spends the miscellaneous action to throw the grenade elsewhere, "
                                f"out of range", unit=u.id)

    def _throw_back(self, state: GameState, action: ThrowBack) -> None:
        g = self._grenade(state, action.grenade)
        u = state.units[action.actor]
        state.data["luck"][u.id] -= 2
        adv = self.ambush_bonus(state, u)
        mode = combat.mode_of(adv, [])
        ex = combat.expr(mode, self.skill(u, "athletics"))
        state.emit("ThrowBack", f"{u.name} spends 2 luck ({state.data['luck'][u.id]} left) to throw the "
                                f"grenade back", unit=u.id)
        roll = state.roll(ex, "throwing the grenade back", u.name,
                          odds_text=f"{mode}, {combat.odds_text(ex).split(': ')[-1]}")
        if roll.success:
            thrower = state.units[g["thrower"]]
            g.update({"x": thrower.x, "y": thrower.y, "back": True, "side": u.side, "thrower": u.id})
            state.emit("GrenadeLands", f"The grenade lands back at {thrower.name}'s feet: the enemy must roll "
                                       f"to avoid the hit too", grenade=g["id"], x=g["x"], y=g["y"])
        else:
            g["state"] = "harmless"
            state.emit("ThrowFailed", "The throw fails: the grenade detonates out of range of anyone")

    def resolve_miscellaneous(self, state: GameState, phase: Phase) -> None:
        """Runs again after each interrupt until the round is over: grenade responses, the
        miscellaneous actions, the cooked grenades detonating at the end of the round, then hits."""
        d = state.data
        if d["stage"] == "responses":
            for g in d["live"]:
                if g["state"] != "live" or g["offered"]:
                    continue
                g["offered"] = True
                for side in range(state.sides):
                    if side == g["side"]:
                        continue
                    if self._throw_away_candidates(state, g, side) or self._throw_back_candidates(state, g, side):
                        engine.push_interrupt(state, Decision(
                            side, "grenade", "a cooked grenade lands among your characters: throw it away or "
                                             "back?", data={"grenade": g["id"]}))
                        return
            d["stage"] = "actions"
        if d["stage"] == "actions":
            self._misc_actions(state)
            d["stage"] = "detonations"
        if d["stage"] == "detonations":
            self._detonations(state)
            d["stage"] = "hits"
        if d["stage"] == "hits":
            if not self.settle_hits(state):
                return
            d["stage"] = "over"
        if d["stage"] == "over":
            self._end_round(state)
            d["stage"] = "done"

    def _misc_actions(self, state: GameState) -> None:
        d = state.data
        contact = float(data.melee()["contact"])
        for u in self._units_in_order(state):
            o = d["orders"].get(u.id)
            if not o or o["action"] not in MISC_ACTIONS or u.out:
                continue
            if u.id in d["spent"]:
                continue
            if self.effect(state, u.id, "gassed"):
                state.emit("NoAction", f"{u.name} is gassed and cannot act")
                continue
            a = o["action"]
            if a == RELOAD:
                ammo = d["ammo"][u.id]
                best = max(ammo["spares"], default=0)
                if best <= ammo["loaded"]:
                    state.emit("Reload", f"{u.name} has no fuller magazine to load")
                    continue
                ammo["spares"].remove(best)
                if ammo["loaded"] > 0:
                    ammo["spares"].append(ammo["loaded"])
                    ammo["spares"].sort(reverse=True)
                ammo["loaded"] = best
                w = self.weapon(u)
                state.emit("Reload", f"{u.name} reloads the {w['name']}: {best} rounds in the magazine, "
                                     f"{len(ammo['spares'])} spare magazines", unit=u.id)
            elif a == AIM:
                self.set_effect(state, u.id, "aimed", state.turn + 1)
                state.emit("Aim", f"{u.name} aims: advantage when shooting next round", unit=u.id)
            elif a == READY:
                state.emit("Ready", f"{u.name} stands ready")
            elif a == FIRST_AID:
                t = state.units.get(o["target"])
                if t is None or "dead" in t.markers:
                    continue
                if geo.edge_gap((u.x, u.y), u.base, (t.x, t.y), t.base) > contact + 1e-6:
                    state.emit("FirstAid", f"{u.name} cannot reach {t.name} to give first aid")
                    continue
                t.markers.add("stabilised")
                words = " (the mortal wound will not kill)" if "mortal-wound" in t.markers else ""
                state.emit("FirstAid", f"{u.name} gives first aid: {t.name} is stabilised{words}", unit=t.id)
                d["after_battle"].append(f"{t.name} stabilised by {u.name}")
            elif a == OPERATE:
                obj = next((ob for ob in state.scenario.objectives if ob.get("id") == o["target"]), None)
                if obj is None:
                    continue
                if distance((u.x, u.y), (float(obj["x"]), float(obj["y"]))) > float(obj.get("radius", 1.0)) + 1e-6:
                    state.emit("Operate", f"{u.name} is not at the {obj.get('name') or obj['id']}")
                    continue
                count = d["operated"].setdefault(str(u.side), {})
                count[obj["id"]] = count.get(obj["id"], 0) + 1
                state.emit("Operate", f"{u.name} operates the {obj.get('name') or obj['id']} "
                                      f"({count[obj['id']]} times)", unit=u.id)

    def _detonations(self, state: GameState) -> None:
        """Cooked grenades detonate at the end of the round. Those within short range and not behind
        cover roll 2d6 + Athletics: a failure takes the full hit (2d6: the lower die is the location,
        the higher the damage); a success avoids it but cannot shoot next round."""
        d = state.data
        for g in d["live"]:
            if g["state"] != "live":
                continue
            g["state"] = "detonated"
            spec = data.grenades()[g["type"]]
            centre = (g["x"], g["y"])
            state.emit("Detonation", f"The {spec['name'].lower()} detonates", grenade=g["id"],
                       x=centre[0], y=centre[1])
            caught = self._in_blast(state, centre, float(spec["radius"]))
            if not caught:
                state.emit("NoVictims", "Nobody is within short range")
            for u in caught:
                behind = geo.blast_cover(state.table, (u.x, u.y), centre)
                if behind is not None:
                    state.emit("Sheltered", f"{u.name} is behind cover ({behind.name or behind.kind.label}): "
                                            f"safe", unit=u.id)
                    continue
                adv = self.ambush_bonus(state, u)
                mode = combat.mode_of(adv, [])
                ex = combat.expr(mode, self.skill(u, "athletics"))
                roll = state.roll(ex, "avoiding the grenade", u.name,
                                  odds_text=f"{mode}, {combat.odds_text(ex).split(': ')[-1]}")
                if roll.success:
                    self.set_effect(state, u.id, "ducked", state.turn + 1)
                    state.emit("Ducked", f"{u.name} avoids the blast but cannot shoot next round", unit=u.id)
                    continue
                hit = state.roll("2d6", "the full hit (lower die location, higher die damage)", u.name)
                state.emit("FullHit", f"{u.name} takes the full hit", unit=u.id)
                self._record_hit(state, None, u, hit.kept[0], 0, projectile=False, breaks_armour=False,
                                 weapon=spec["name"].lower())

    def _end_round(self, state: GameState) -> None:
        d = state.data
        turn = state.turn
        for uid, eff in d["effects"].items():
            for name in [n for n, until in eff.items() if int(until) <= turn]:
                del eff[name]
        d["smoke"] = [c for c in d["smoke"] if int(c["until"]) > turn]
        self._sync_markers(state)
        for u in state.units.values():
            u.markers.discard("hunkering")
        state.emit("RoundOver", f"Round {turn} is over")

    def _sync_markers(self, state: GameState) -> None:
        for u in state.units.values():
            eff = state.data["effects"].get(u.id, {})
            for name in EFFECTS:
                if not u.out and name in eff:
                    u.markers.add(name)
                else:
                    u.markers.discard(name)

    # ==== the end =================================================================================
    def _in_combat(self, state: GameState, side: int) -> list[Unit]:
        return [u for u in state.units.values() if u.side == side and not u.out]

    def result(self, state: GameState) -> Result | None:
        v = state.scenario.victory
        sides = range(state.sides)
        standing = {s: len(self._in_combat(state, s)) for s in sides}
        op = v.get("operate")
        if op:
            side = int(op.get("side", 0))
            times = int(op.get("times", 1))
            done = state.data["operated"].get(str(side), {}).get(op.get("objective"), 0)
            if done >= times:
                return Result(side, f"{state.scenario.sides[side].name} operated the "
                                    f"{op.get('objective')} {done} times")
        if v.get("kind") == "ambush":
            ambushers = state.data["ambushers"]
            prey = [s for s in sides if s not in ambushers]
            escaped = sum(1 for u in state.units.values() if u.side in prey and "escaped" in u.markers)
            need = int(v.get("escapes", 0) or 0)
            if need and escaped >= need:
                return Result(prey[0], f"{escaped} characters escaped the ambush")
            if all(standing[s] == 0 for s in prey):
                return Result(ambushers[0], "every ambushed character still on the table is out of combat"
                              + (f" ({escaped} escaped, {need} needed)" if escaped else ""))
            if all(standing[s] == 0 for s in ambushers):
                return Result(prey[0], "every ambusher is out of combat")
            rounds = int(v.get("survive_rounds", state.scenario.turn_limit))
            if state.turn > rounds:
                return Result(prey[0], f"survived {rounds} rounds of the ambush")
            return None
        alive = [s for s in sides if standing[s] > 0]
        if len(alive) == 1:
            return Result(alive[0], "every enemy is out of combat")
        if not alive:
            return Result(None, "both sides are out of combat")
        return None

    def result_at_limit(self, state: GameState) -> Result:
        v = state.scenario.victory
        if v.get("kind") == "ambush":
            prey = [s for s in range(state.sides) if s not in state.data["ambushers"]]
            return Result(prey[0], "the ambushed survived to the end")
        counts = {s: len(self._in_combat(state, s)) for s in range(state.sides)}
        best = max(counts.values())
        leaders = [s for s, c in counts.items() if c == best]
        if len(leaders) == 1:
            return Result(leaders[0], f"the turn limit: most characters still in combat ({best})")
        return Result(None, "the turn limit: as many characters in combat on each side")

    # ==== what a side may see =========================================================================
    def view(self, state: GameState, side: int) -> GameState:
        seen = super().view(state, side)
        if not state.data.get("revealed"):
            seen.data["orders"] = {uid: o for uid, o in state.data["orders"].items()
                                   if uid in state.units and (state.units[uid].side == side or o.get("forced"))}
        return seen

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        u = state.units[unit_id]
        d = state.data
        parts = [f"{u.name} ({state.scenario.sides[u.side].name}{', player character' if self.is_pc(u) else ''})"]
        w = self.weapon(u)
        ammo = d["ammo"].get(u.id)
        if w and ammo:
            parts.append(f"{w['name']} {ammo['loaded']}/{w['magazine']}, spare magazines {ammo['spares']}")
        parts.append(f"melee: {self.melee_name(u)}")
        dmg = d["damage"].get(u.id, {})
        hurt = ", ".join(f"{k} {v}" for k, v in dmg.items() if v)
        parts.append(f"damage {combat.total_damage(dmg)}" + (f" ({hurt})" if hurt else ""))
        if d["luck"].get(u.id):
            parts.append(f"luck {d['luck'][u.id]}")
        for piece in d["armour"].get(u.id, []):
            spec = data.armour()[piece["id"]]
            parts.append(f"{spec['name']} {piece['prevented']}/{spec['max_hits']} {piece['state']}")
        gren = d["grenades"].get(u.id)
        if gren:
            parts.append("grenades " + ", ".join(f"{n} {g}" for g, n in gren.items()))
        return "; ".join(parts)
