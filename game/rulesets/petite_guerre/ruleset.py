"""Petite Guerre (seed 004_34c3fc4ecaa954ef.txt): 18th-century skirmish rules, one figure one man,
1 cm one pace. Players take turns; a player's turn opens with activation tests of its
out-of-control units, then it uses every figure of its units in control, one action each.

  command.py   activation, reaction (morale), routs and rallies
  movement.py  the three speeds on sticks
  fire.py      aimed fire, volley fire, reloading, hits
  melee.py     charges (of figures and of units in line) and hand-to-hand
  formation.py forming line and breaking into open order
  forces.py    figures and units;  tables.py  the data files
"""
from __future__ import annotations

import math
from typing import Any

from game.engine import game as engine, odds
from game.engine.actions import Action, Pass
from game.engine.boards import TableRules
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import Option, OptionSpec, Ruleset, StatField, UnitKind
from game.engine.state import GameState, Result

from . import command, fire, forces, formation, melee, movement, muster, tables, validation
from .actions import (ACTIONS, AimedFire, Charge, ChargeInLine, Fight, FormLine, Move, OpenOrder, Reload,
                      ReloadRanks, Volley)
from .forces import IN_CONTROL, ROUTED


def _activation(state: GameState, phase: Phase) -> None:
    command.begin_player_turn(state)


class PetiteGuerre(TableRules, Ruleset):
    id = "petite-guerre"
    name = "Petite Guerre"
    actions = ACTIONS
    # red square, red triangle, red disc, the black and grey reload markers (short labels for the table)
    # in words, never letters a name's initials could be ("BK" read as Bombardier Koch)
    marker_styles = {"out-of-control": "no ctrl", "routed": "routed", "wounded": "wounded", "fired": "fired",
                     "reloaded": "reloaded"}
    marker_notes = {"out-of-control": "out of control: takes an activation test",
                    "routed": "routed: takes a rally test, or its figures run",
                    "wounded": "wounded: rolls one die size smaller",
                    "fired": "fired (the black marker): must reload before firing again",
                    "reloaded": "reloaded this turn (the grey marker): may fire in haste"}
    options = (OptionSpec("platoon_firing", "Platoon firing", False,
                          help="a unit in line reloads all its ranks on one d20 of 12+ (not 16+ per rank)"),)
    flow = Flow((Phase("activation", order="auto", begin=_activation),
                 Phase("actions", order="run", reason="uses its units in control")), per_side=True)

    # ---- setting up ----------------------------------------------------------------------------
    def setup(self, state: GameState) -> None:
        state.data.update({"pturn": 0, "acted": [], "reloaded_now": [], "fought": {}, "moved": {},
                           "fast": {}, "charged": {}})
        forces.setup(state)
        state.data["start_points"] = {str(s): sum(forces.figure_points(f) for f in state.side_units(s))
                                      for s in range(state.sides)}

    def tape_marks(self, state: GameState, unit_id: str | None) -> list[tuple[str, float]]:
        """"The corresponding distances are marked on a movement stick. Different movement sticks are
        used for infantry and for cavalry, and depending on the formation adopted" (Movement): the
        tape marks the stick of the figure it is pulled from (no figure: infantry in open order)."""
        f = state.units.get(unit_id) if unit_id else None
        cavalry = tables.is_cavalry(forces.kind(f)) if f is not None else False
        stick = tables.stick(cavalry, forces.formation_of(state, f) if f is not None else "open")
        return [(speed, float(stick[speed])) for speed in ("slow", "normal", "fast")]

    def range_bands(self, state: GameState, unit_id: str) -> list[tuple[str, float]]:
        w = forces.weapon(state.units[unit_id])
        return [(f"{m} paces", float(m)) for m in sorted(int(k) for k in tables.weapons()["weapons"][w]["sticks"])]

    # ---- options -------------------------------------------------------------------------------
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        side = decision.side
        opts: list[Option] = []
        acted = set(state.data["acted"])
        enemies = [e for e in state.units.values() if e.side != side and not e.out]
        rules = self.los_rules(state)
        for team in forces.side_units(state, side):
            if forces.status(state, team) != IN_CONTROL:
                continue
            figs = forces.figures(state, team)
            fighting = [f for f in figs if melee.in_melee(state, f)]
            free = [f for f in figs if f not in fighting]
            untouched = not any(f.id in acted for f in free)
            if forces.formation(state, team) == "line":
                if untouched:
                    opts += self._line_options(state, team, enemies, held=bool(fighting))
            else:
                if untouched and not fighting:
                    opts += self._form_line_options(state, team)
                for f in free:
                    if f.id not in acted:
                        opts += self._figure_options(state, f, enemies, rules)
            for f in fighting:      # "when a figure comes in contact with an enemy figure, both roll"
                if f.id in acted:
                    continue
                for e in melee.opponents(state, f):
                    if melee.may_fight(state, f, e):
                        opts.append(Option("Fight", f"{forces.name(f)} fights {forces.name(e)} hand-to-hand",
                                           action=Fight(f.id, e.id), actor=f.id, target=e.id))
        # "firing in haste": a figure that reloaded this turn may still fire
        for fid in state.data["reloaded_now"]:
            f = state.units[fid]
            if not f.out and "reloaded" in f.markers and forces.status(state, f.team) == IN_CONTROL \
                    and not melee.in_melee(state, f):
                opts += self._shots(state, f, enemies, rules, haste=True)
        opts.append(Option("Pass", "End the turn", action=Pass(side)))
        return opts

    def _figure_options(self, state, f, enemies, rules) -> list[Option]:
        opts = []
        n = forces.name(f)
        for speed in movement.speeds(f):
            dist = movement.reach(f, speed, "open")
            opts.append(Option("Move", f"{n}: move at {speed} speed ({dist:g} paces)",
                               region=movement.region(state, f, speed), template=Move(f.id, speed),
                               actor=f.id, key=f"{f.id}:move:{speed}"))
        shaken = movement.shaken_by_haste(state, f)
        if not shaken and fire.loaded(f) and "reloaded" not in f.markers:
            opts += self._shots(state, f, enemies, rules, haste=False)
        if not shaken and not fire.loaded(f):
            die = forces.af_die(f)
            p = odds.probability(f"d{die}>=4")
            opts.append(Option("Reload", f"{n}: reload (d{die}, 4+)", action=Reload(f.id), actor=f.id,
                               odds=p, odds_text=f"d{die} needs 4+: {tables.pct(p, 1)}"))
        if not forces.wounded(f):
            fast = None
            for e in enemies:
                if math.dist(f.pos, e.pos) > movement.reach(f, "fast", "open") + 3:
                    continue
                fast = fast if fast is not None else movement.region(state, f, "fast", charge=True)
                if melee.can_charge(state, f, e, fast):
                    opts.append(Option("Charge", f"{n} charges {forces.name(e)}", action=Charge(f.id, e.id),
                                       actor=f.id, target=e.id))
        return opts

    def _shots(self, state, f, enemies, rules, haste: bool) -> list[Option]:
        opts = []
        far = tables.max_range(forces.weapon(f))
        for e in enemies:
            if math.dist(f.pos, e.pos) > far + 1e-9 or not fire.sees(state, f, e, rules):
                continue
            plan = fire.aimed_plan(state, f, e, haste)
            if plan is None:
                continue
            expr, p, text = plan
            label = f"{forces.name(f)} fires{' in haste' if haste else ''} at {forces.name(e)}"
            opts.append(Option("AimedFire", label, action=AimedFire(f.id, e.id, haste), actor=f.id,
                               target=e.id, odds=p, odds_text=text))
        return opts

    def _line_options(self, state, team, enemies, held: bool) -> list[Option]:
        """A line moves, breaks, charges, volleys and reloads as a unit; a line with a figure in
        hand-to-hand combat is held there (its figures in contact fight): it only volleys and reloads."""
        opts = []
        u = forces.unit(state, team)
        figs = forces.figures(state, team)
        if not held:
            opts += self._line_moves(state, team, enemies)
        shaken = any(movement.shaken_by_haste(state, f) for f in figs)
        if shaken:
            return opts
        targets = sorted({e.team for e in enemies})
        for n in range(1, len(fire.loaded_ranks(state, team)) + 1):
            for t in targets:
                plan = fire.volley_plan(state, team, n, t)
                if plan is None:
                    continue
                _, _, p, text = plan
                opts.append(Option("Volley", f"{u['name']}: volley with {n} {'rank' if n == 1 else 'ranks'} at "
                                              f"{forces.unit(state, t)['name']}",
                                   action=Volley(team, n, t), actor=team, target=t, odds=p, odds_text=text))
        if fire.fired_ranks(state, team):
            need = 12 if state.options.get("platoon_firing") else 16
            opts.append(Option("ReloadRanks", f"{u['name']}: reload the fired ranks (d20, {need}+)",
                               action=ReloadRanks(team), actor=team))
        return opts

    def _line_moves(self, state, team, enemies) -> list[Option]:
        opts = []
        u = forces.unit(state, team)
        figs = forces.figures(state, team)
        for speed in ("normal", "fast"):
            opts.append(Option("Move", f"{u['name']}: move in line at {speed} speed",
                               region=movement.line_region(state, team, speed), template=Move(team, speed),
                               actor=team, key=f"{team}:move:{speed}"))
        opts.append(Option("OpenOrder", f"{u['name']}: break into open order", action=OpenOrder(team),
                           actor=team))
        for e in enemies:
            if min(math.dist(f.pos, e.pos) for f in figs) > movement.reach(figs[0], "fast", "line") + 3:
                continue
            if melee.line_charge_move(state, team, e) is not None:
                opts.append(Option("ChargeInLine", f"{u['name']} charges {forces.name(e)} in line",
                                   action=ChargeInLine(team, e.id), actor=team, target=e.id))
        return opts

    def _form_line_options(self, state, team) -> list[Option]:
        opts = []
        facing = formation.facing_to_enemy(state, team)
        name = forces.unit(state, team)["name"]
        for n in formation.rank_counts(state):
            if formation.assignment(state, team, n, facing) is not None:
                opts.append(Option("FormLine", f"{name}: form line, {n} ranks deep", action=FormLine(team, n, facing),
                                   actor=team))
        return opts

    # ---- resolving ---------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        d = state.data
        if isinstance(action, Pass):
            state.emit("Passed", f"The {state.scenario.sides[decision.side].name} end their turn")
            engine.end_run(state)
            return
        if isinstance(action, Move):
            if action.actor in d["units"]:
                movement.move_line(state, action.actor, action.x, action.y, action.speed)
                d["acted"] += forces.unit(state, action.actor)["figures"]
            else:
                movement.move_figure(state, state.units[action.actor], action.x, action.y, action.speed)
                d["acted"].append(action.actor)
        elif isinstance(action, AimedFire):
            fire.aimed_fire(state, state.units[action.actor], state.units[action.target], action.haste)
            d["acted"].append(action.actor)
            if action.actor in d["reloaded_now"]:
                d["reloaded_now"].remove(action.actor)
        elif isinstance(action, Reload):
            fire.reload(state, state.units[action.actor])
            d["acted"].append(action.actor)
        elif isinstance(action, (Volley, ReloadRanks)):
            self._unit_acts(state, action)          # the whole unit has acted, but its figures in contact
            d["acted"] += [f.id for f in forces.figures(state, action.actor) if not melee.in_melee(state, f)]
        elif isinstance(action, (ChargeInLine, FormLine, OpenOrder)):
            self._unit_acts(state, action)
            d["acted"] += forces.unit(state, action.actor)["figures"]      # the whole unit has acted
        elif isinstance(action, Charge):
            melee.charge(state, state.units[action.actor], state.units[action.target])
            d["acted"].append(action.actor)
        elif isinstance(action, Fight):
            melee.fight(state, state.units[action.actor], state.units[action.target])
            d["acted"].append(action.actor)

    @staticmethod
    def _unit_acts(state: GameState, action: Action) -> None:
        """What a unit does as a whole: a line's volley, reload, charge; a change of formation."""
        if isinstance(action, Volley):
            fire.volley(state, action.actor, action.ranks, action.target)
        elif isinstance(action, ReloadRanks):
            fire.reload_ranks(state, action.actor)
        elif isinstance(action, ChargeInLine):
            melee.charge_in_line(state, action.actor, state.units[action.target])
        elif isinstance(action, FormLine):
            formation.form_line(state, action.actor, action.ranks, action.facing)
        else:
            formation.open_order(state, action.actor)

    # ---- the end -----------------------------------------------------------------------------
    def _losses(self, state: GameState, side: int) -> float:
        """Points lost: figures killed or fled, and figures of routed units."""
        return forces.share_lost(state, side)

    def result(self, state: GameState) -> Result | None:
        """A side has lost when it has no figure left on the table, or when its every unit is still
        routed after its own rally tests (command.begin_player_turn marks it "broken")."""
        broken = state.data.get("broken", {})
        standing = [bool(state.side_units(s)) and not broken.get(str(s)) for s in range(state.sides)]
        if all(standing):
            return None
        if not any(standing):
            return Result(None, "both sides are destroyed or routed")
        w = standing.index(True)
        return Result(w, f"the {state.scenario.sides[1 - w].name} are destroyed or routed",
                      {"losses": [round(self._losses(state, s), 3) for s in range(state.sides)]})

    def result_at_limit(self, state: GameState) -> Result:
        a, b = self._losses(state, 0), self._losses(state, 1)
        data = {"losses": [round(a, 3), round(b, 3)]}
        if abs(a - b) < 1e-9:
            # interpretation: equal losses leave the defender holding its ground (the attack failed)
            held = [s for s in range(state.sides) if state.scenario.sides[s].role == "defender"]
            if len(held) == 1:
                return Result(held[0], f"turn limit: equal losses, the {state.scenario.sides[held[0]].name} "
                                       f"hold their ground", data)
            return Result(None, "turn limit: equal losses", data)
        w = 0 if a < b else 1
        return Result(w, f"turn limit: the {state.scenario.sides[w].name} lost the smaller share of "
                         f"their points", data)

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        f = state.units[unit_id]
        t = tables.troop(forces.kind(f))
        u = forces.unit_of(state, f)
        marks = ", ".join(sorted(f.markers)) or "ready"
        role = f" {forces.role(f)}" if forces.role(f) else ""
        return (f"{forces.name(f)} ({state.scenario.sides[f.side].name}, {u['name']}{role}): {t['label']}, "
                f"C d{t['C']} AF d8+d{t['AF']} M d{t['M']}, {forces.weapon(f)}, "
                f"{forces.figure_points(f)} pts; unit {u['status']}, {u['formation']}; {marks}")

    # building a force on points before the battle: muster.py
    def muster(self, scenario: Any, side: int) -> Any:
        return muster.muster(scenario, side)

    def muster_force(self, scenario: Any, side: int) -> list[dict]:
        return muster.force(scenario, side)

    def muster_tally(self, scenario: Any, side: int, entries: list[dict]) -> Any:
        return muster.tally(scenario, side, entries)

    def muster_apply(self, doc: dict, scenario: Any, side: int, entries: list[dict]) -> dict:
        return muster.apply(doc, scenario, side, entries)

    # -- for the scenario editor: the troop types of troops.json (seed 004 'Point system') ----------
    def unit_kinds(self) -> tuple[UnitKind, ...]:
        return tuple(UnitKind(k, t["label"], {"troop": k}, {"shape": "round", "diameter": 2.0})
                     for k, t in tables.troops()["types"].items())

    def unit_form(self, stats: Any) -> tuple[StatField, ...]:
        return (StatField("troop", "Troop type", "line-infantry", tuple(tables.troops()["types"])),
                StatField("role", "Leader", "", ("", "leader", "sub-leader")),
                StatField("weapon", "Weapon", None, (None, *tables.weapons()["weapons"])))

    def validate_scenario(self, scenario: Any) -> list[str]:
        return validation.problems(scenario)


RULESET = PetiteGuerre()
