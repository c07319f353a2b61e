"""Special Actions: Maneuvering (with opponents following as an interrupt), Alteration, Tactics,
Recovery, First Aid / Heal, and leaving the table from an exit location.

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

from game.engine import game as engine
from game.engine import odds
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit

from . import battleground, characters, fights, rolls
from .actions import Alteration, FirstAid, Flee, Follow, Maneuver, Recovery, Tactics

FOLLOW_ON = "follow-on"          # resume hook: the maneuver completes once every follower answered
SPECIAL_USES = ("maneuver", "tactics", "heal")


def tier(rating: int) -> int:
    """Tactics: the Risk to take an enemy out of a fight, by its fight rating (1-3, 4-6, 7-10)."""
    return 1 if rating <= 3 else 2 if rating <= 6 else 3


# ==== Maneuvering ========================================================================================
def maneuver_options(state: GameState, u: Unit) -> list[Option]:
    """Needs a Maneuver skill; rolls "against their current effective Agility"; Risk is distance."""
    here = battleground.location_of(state, u)
    if here is None or not characters.skills_for(u, "maneuver"):
        return []
    stat = characters.effective(state, u, "agility")
    opts = []
    for loc, risk in sorted(battleground.maneuver_risks(state, here, u.side).items(), key=lambda t: (t[1], t[0])):
        opts.append(Option("Maneuver", f"{u.name}: Maneuver to {battleground.name(state, loc)} (Risk {risk})",
                           action=Maneuver(u.id, loc, risk), actor=u.id,
                           odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
    return opts


def maneuver(state: GameState, action: Maneuver, side: int) -> None:
    u = state.units[action.actor]
    stat = characters.effective(state, u, "agility")
    state.emit("Action", f"{u.name} maneuvers toward {battleground.name(state, action.to)} (Risk {action.risk})",
               actor=u.id)
    roll = rolls.stat_roll(state, stat, "a Maneuver", u.name)
    m = {"actor": u.id, "side": side, "to": action.to, "risk": action.risk, "roll": roll.total,
         "success": bool(roll.success), "kept": []}
    state.data["maneuver"] = m
    chasers = [o for o in fights.opponents(state, u.id) if characters.skills_for(o, "maneuver")]
    for o in reversed(chasers):          # the first chaser answers first (the stack's top)
        engine.push_interrupt(state, Decision(o.side, "follow", f"{u.name} maneuvers away: keep pace?",
                                              actor=o.id, resume=FOLLOW_ON, context={"mover": u.id}))
    if not chasers:
        complete(state)


def follow_options(state: GameState, decision: Decision) -> list[Option]:
    o = state.units[decision.the_actor]
    m = state.data["maneuver"]
    stat = characters.effective(state, o, "agility")
    under = max(1, min(rolls.target(stat), m["roll"]))      # succeed AND roll lower than the mover
    p = odds.probability(f"d10<{under}")
    mover = state.units[m["actor"]].name
    return [Option("Follow", f"{o.name} tries to keep pace with {mover} (needs under {under})",
                   action=Follow(o.id, True), actor=o.id, odds=p, odds_text=odds.percent_text(p, 0)),
            Option("Follow", f"{o.name} lets {mover} go", action=Follow(o.id, False), actor=o.id)]


def follow(state: GameState, action: Follow) -> None:
    """"If the opponent succeeds on their Agility rolls and roll lower than the maneuvering character
    did, they succeed at keeping pace and end up in the same location"."""
    o = state.units[action.actor]
    m = state.data["maneuver"]
    mover = state.units[m["actor"]].name
    if not action.keep_pace:
        state.emit("Follow", f"{o.name} lets {mover} go", unit=o.id)
        return
    # one roll, both conditions at once: under the Agility target and lower than the mover's roll
    stat = characters.effective(state, o, "agility")
    under = max(1, min(rolls.target(stat), m["roll"]))
    p = odds.probability(f"d10<{under}")
    roll = state.roll(f"d10<{under}", f"keeping pace (under A{stat} + 2 and lower than {mover}'s {m['roll']})",
                      o.name, odds_text=odds.percent_text(p, 0))
    if roll.success:
        m["kept"].append(o.id)
        state.emit("Follow", f"{o.name} keeps pace ({roll.total}, lower than {mover}'s {m['roll']})", unit=o.id)
    else:
        state.emit("Follow", f"{o.name} cannot keep pace ({roll.total}: needed under {under})", unit=o.id)


def follow_on(state: GameState, decision: Decision) -> None:
    """Resume hook: once the last chaser has answered, the maneuver completes."""
    if not any(d.resume == FOLLOW_ON for d in state.flow.interrupts):
        complete(state)


def complete(state: GameState) -> None:
    """"Succeed or fail, they make it to the location"; a failure costs the Risk at the start of the
    next turn in the fight the character is in then."""
    m = state.data.pop("maneuver")
    if m["to"] is None:                 # a break-away off the table (leaving by an exit)
        caught(state, m)
        return
    u = state.units[m["actor"]]
    for uid in [u.id] + m["kept"]:
        fights.leave(state, uid)
        battleground.place(state, state.units[uid], m["to"])
        state.data["declared"][uid] = ""
    who = ", ".join(state.units[k].name for k in m["kept"])
    state.emit("Moved", f"{u.name} arrives at {battleground.name(state, m['to'])}"
                        + (f", {who} at his heels" if who else ""), unit=u.id, to=m["to"])
    if not m["success"]:
        fights.owe(state, u.side, m["risk"], f"{u.name}'s maneuver left a poor position", uid=u.id)
        state.emit("Maneuver", f"{u.name}'s position is poor: his side loses {m['risk']} Advantage at "
                               f"the start of the next turn", unit=u.id)
    from .round import order
    state.flow.queue = order(state)


# ==== Alteration ===========================================================================================
def _alteration_skill(state: GameState, u: Unit):
    usable = [k for k in u.stats["skills"] if characters.skill_use(k) not in SPECIAL_USES
              and (k.get("fight") or k.get("magical") or k["stat"] == "muscle")]
    return max(usable, key=lambda k: (characters.effective(state, u, k["stat"]), k["name"]), default=None)


def alteration_options(state: GameState, u: Unit) -> list[Option]:
    """Delay (Risk 1, 2: that many rounds) or stop (Risk 3) movement between two adjacent locations,
    one of them the character's own or one it sees next to it; its best skill for it is used (a
    Muscle skill such as Push, a Fight skill, or a spell)."""
    here = battleground.location_of(state, u)
    k = _alteration_skill(state, u)
    if here is None or k is None:
        return []
    near = [here] + [n for n in battleground.passable(state, here) if battleground.sees(state, u, n)]
    links = sorted({battleground.link_key(a, b) for a in near for b in battleground.passable(state, a)})
    stat = characters.effective(state, u, k["stat"])
    opts = []
    for key in links:
        if key in state.data["closed"]:
            continue
        a, b = key.split("|")
        for r in (1, 2, 3):
            what = "stop movement" if r == 3 else f"delay movement {r} turn{'s' if r > 1 else ''}"
            opts.append(Option("Alteration", f"{u.name}: {what} between {battleground.name(state, a)} and "
                                             f"{battleground.name(state, b)} with {characters.letter_label(state, u, k)} "
                                             f"(Risk {r})",
                               action=Alteration(u.id, k["name"], a, b, r), actor=u.id,
                               odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
    return opts


def alteration(state: GameState, action: Alteration) -> None:
    u = state.units[action.actor]
    k = characters.skill(u, action.skill)
    a, b = action.a, action.b
    where = f"the way between {battleground.name(state, a)} and {battleground.name(state, b)}"
    state.emit("Action", f"{u.name} uses {characters.letter_label(state, u, k)} on {where} (Risk {action.risk})",
               actor=u.id)
    roll = rolls.stat_roll(state, characters.effective(state, u, k["stat"]), "an Alteration", u.name)
    # a delay of r turns holds through the end of round (this + r); Risk 3 for good
    rounds = -1 if action.risk == 3 else action.risk
    until = -1 if rounds < 0 else state.turn + rounds
    key = battleground.link_key(a, b)
    if roll.success:
        state.data["closed"][key] = {"rounds": rounds, "until": until, "sides": []}
        state.emit("Alteration", f"{where.capitalize()} is " + ("closed for good" if rounds < 0 else
                                                                 f"closed for {rounds} turn(s)"))
        return
    # "the change still occurs, but not to their side's benefit": the side pays Risk in the fight
    # it has at either end (its own first), else it is the side held up by the delay.
    mine = fights.fight_of(state, u.id)
    at_ends = [key for key in state.data["fights"] if fights.location(state, key) in (a, b)
               and fights.members(state, key, u.side) and fights.live(state, key)]
    fight = mine or (at_ends[0] if at_ends else None)
    if fight is not None:
        fights.owe(state, u.side, action.risk, f"{u.name}'s alteration went wrong", fight=fight)
        state.emit("Alteration", f"It goes wrong: the enemy get through ({state.scenario.sides[u.side].name}: "
                                 f"-{action.risk} Advantage at {fights.name(state, fight)} next turn)")
    else:
        state.data["closed"][key] = {"rounds": rounds, "until": until, "sides": [u.side]}
        state.emit("Alteration", f"It goes wrong: {where} is closed to {state.scenario.sides[u.side].name} only")


# ==== Tactics ===============================================================================================
def tactics_options(state: GameState, u: Unit) -> list[Option]:
    ks = characters.skills_for(u, "tactics")
    loc = fights.fight_of(state, u.id)
    if not ks or loc is None:
        return []
    k = ks[0]
    stat = characters.effective(state, u, k["stat"])
    opts = []
    for o in fights.opponents(state, u.id):
        r = tier(characters.fight_rating(state, o))
        opts.append(Option("Tactics", f"{u.name}: Tactics to take {o.name} out of the fight (Risk {r})",
                           action=Tactics(u.id, o.id, r), actor=u.id, target=o.id,
                           odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
    for f in fights.standing(state, u.side):
        there = battleground.location_of(state, f)
        if f.id == u.id or fights.fight_of(state, f.id) is not None or there is None:
            continue
        r = battleground.maneuver_risks(state, there, f.side).get(fights.location(state, loc))
        if r is not None:
            opts.append(Option("Tactics", f"{u.name}: Tactics to bring {f.name} into the fight (Risk {r})",
                               action=Tactics(u.id, f.id, r), actor=u.id,
                               odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
    return opts


def tactics(state: GameState, action: Tactics) -> None:
    u = state.units[action.actor]
    t = state.units[action.target]
    loc = fights.fight_of(state, u.id)
    k = characters.skills_for(u, "tactics")[0]
    aim = (f"to take {t.name} out of the fight" if t.side != u.side
           else f"to bring {t.name} into the fight at {fights.name(state, loc)}")
    state.emit("Action", f"{u.name} uses {characters.letter_label(state, u, k)} {aim} (Risk {action.risk})",
               actor=u.id)
    roll = rolls.stat_roll(state, characters.effective(state, u, k["stat"]), "Tactics", u.name)
    if not roll.success:
        fights.shift(state, loc, u.side, -action.risk, f"{u.name}'s Tactics fail")
        return
    if t.side != u.side:
        fights.leave(state, t.id)
        state.data["held_off"][t.id] = {"loc": loc, "until": state.turn + 1}
        state.emit("Tactics", f"{t.name} is funnelled out of the fight at {fights.name(state, loc)} "
                              f"until the end of next round", unit=t.id)
    else:
        battleground.place(state, t, fights.location(state, loc))
        fights.join(state, loc, t.id)
        state.data["declared"][t.id] = fights.location(state, loc)
        state.emit("Tactics", f"{t.name} is brought into the fight at {fights.name(state, loc)}", unit=t.id)


# ==== Recovery, First Aid, leaving ===========================================================================
def out_of_fights(state: GameState, u: Unit) -> bool:
    """"If a character manages to get away from a fight ... only available if the character is not
    currently fighting": in no fight, and no enemy in its location (one who arrived during the round,
    by a maneuver or keeping pace, is upon it: it is fighting, though the fight is counted next round)."""
    here = battleground.location_of(state, u)
    return fights.fight_of(state, u.id) is None and not fights.enemies_at(state, u.side, here)


def recovery_options(state: GameState, u: Unit) -> list[Option]:
    """"Only available if the character is not currently fighting": regain 2 Skill Damage, then 1
    more or an Advantage Action with Wit or Personality in a fight of the side."""
    sh = characters.sheet(state, u.id)
    hurt = [s for s in characters.STATS if sh["skill"][s] > 0]
    if not hurt or not out_of_fights(state, u):
        return []
    opts = []
    talk = [k for k in u.stats["skills"] if k["stat"] in ("wit", "personality") and not k.get("fight")]
    side_fights = [loc for loc in state.data["fights"]
                   if fights.live(state, loc) and fights.members(state, loc, u.side)]
    for s in hurt:
        opts.append(Option("Recovery", f"{u.name}: Recovery, 3 Skill Damage from {s} first",
                           action=Recovery(u.id, s), actor=u.id))
        for loc, k in ((loc, k) for loc in side_fights for k in talk):     # the player picks the skill
            stat = characters.effective(state, u, k["stat"])
            for r in (1, 2, 3):
                opts.append(Option("Recovery", f"{u.name}: Recovery, 2 from {s}, and {k['name']} for "
                                               f"Advantage at {fights.name(state, loc)} (Risk {r})",
                                   action=Recovery(u.id, s, k["name"], loc, r), actor=u.id,
                                   odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
    return opts


def recovery(state: GameState, action: Recovery) -> None:
    u = state.units[action.actor]
    sh = characters.sheet(state, u.id)
    points = 2 if action.skill else 3
    order = [action.stat] + [s for s in characters.STATS if s != action.stat]
    got = 0
    for s in order:
        n = min(points - got, sh["skill"][s])
        sh["skill"][s] -= n
        got += n
    state.emit("Recovery", f"{u.name} catches his breath and recovers {got} Skill Damage", unit=u.id)
    if action.skill:
        k = characters.skill(u, action.skill)
        roll = rolls.stat_roll(state, characters.effective(state, u, k["stat"]), "an Advantage Action", u.name)
        sign = action.risk if roll.success else -action.risk
        fights.shift(state, action.fight, u.side, sign, f"{u.name}'s {k['name']} "
                                                        + ("succeeds" if roll.success else "fails"))


def first_aid_options(state: GameState, u: Unit) -> list[Option]:
    """"Use of such skills requires that both parties are not currently fighting": a patient in the
    same location, out of the fights, with Kill Damage; Risk r restores r Kill Damage."""
    ks = characters.skills_for(u, "heal")
    if not ks or not out_of_fights(state, u):
        return []
    here = battleground.location_of(state, u)
    k = max(ks, key=lambda k: characters.effective(state, u, k["stat"]))
    stat = characters.effective(state, u, k["stat"])
    opts = []
    for p in fights.standing(state, u.side):
        kd = characters.sheet(state, p.id)["kill"]
        if kd and battleground.location_of(state, p) == here and out_of_fights(state, p):
            for r in range(1, min(3, kd) + 1):
                opts.append(Option("FirstAid", f"{u.name}: {k['name']} for {p.name}, {r} Kill Damage (Risk {r})",
                                   action=FirstAid(u.id, k["name"], p.id, r), actor=u.id, target=p.id,
                                   odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
    return opts


def first_aid(state: GameState, action: FirstAid) -> None:
    u, p = state.units[action.actor], state.units[action.patient]
    k = characters.skill(u, action.skill)
    state.emit("Action", f"{u.name} uses {characters.letter_label(state, u, k)} on "
                         f"{'himself' if p is u else p.name} (Risk {action.risk})", actor=u.id)
    roll = rolls.stat_roll(state, characters.effective(state, u, k["stat"]), k["name"], u.name)
    if roll.success:
        sh = characters.sheet(state, p.id)
        sh["kill"] = max(0, sh["kill"] - action.risk)
        state.emit("Healed", f"{p.name} recovers {action.risk} Kill Damage ({sh['kill']} left)", unit=p.id)
    else:
        state.emit("Healed", f"{u.name}'s {k['name']} does not help {p.name}", unit=p.id)


def exits(state: GameState) -> list[str]:
    return list(state.scenario.ruleset_data.get("exits", []) or [])


def _chasers(state: GameState, u: Unit) -> list[Unit]:
    """The opponents in the character's fight who could keep pace with it (they can maneuver)."""
    return [o for o in fights.opponents(state, u.id) if characters.skills_for(o, "maneuver")]


def flee_options(state: GameState, u: Unit) -> list[Option]:
    """Leaving the table from an exit location is a maneuver off the table ("escaping" is a Special
    Action). Out of a fight nobody is there to keep pace: the character simply goes. In a fight it is
    a Risk 1 maneuver, and "each member of the other side has the option to attempt to move with
    them": **Interpretation** (assets/rules/riskbreaker.md): an opponent who keeps pace has not been
    shaken off, so the character stays at the exit, still in the fight."""
    if battleground.location_of(state, u) not in exits(state):
        return []
    if not _chasers(state, u):
        return [Option("Flee", f"{u.name}: leave the table", action=Flee(u.id), actor=u.id)]
    if not characters.skills_for(u, "maneuver"):
        return []
    stat = characters.effective(state, u, "agility")
    return [Option("Flee", f"{u.name}: break away and leave the table (a maneuver, Risk 1; the enemy may "
                           f"keep pace)", action=Flee(u.id), actor=u.id,
                   odds=rolls.chance(stat), odds_text=rolls.odds_text(stat))]


def flee(state: GameState, action: Flee, side: int) -> None:
    u = state.units[action.actor]
    chasers = _chasers(state, u)
    if not chasers:
        _gone(state, u)
        return
    state.emit("Action", f"{u.name} tries to break away off the table (a maneuver, Risk 1)", actor=u.id)
    roll = rolls.stat_roll(state, characters.effective(state, u, "agility"), "a Maneuver", u.name)
    state.data["maneuver"] = {"actor": u.id, "side": side, "to": None, "risk": 1, "roll": roll.total,
                              "success": bool(roll.success), "kept": []}
    for o in reversed(chasers):
        engine.push_interrupt(state, Decision(o.side, "follow", f"{u.name} breaks away off the table: keep pace?",
                                              actor=o.id, resume=FOLLOW_ON, context={"mover": u.id}))


def _gone(state: GameState, u: Unit) -> None:
    where = battleground.name(state, battleground.location_of(state, u))
    fights.leave(state, u.id)
    u.out = True
    u.markers.add("fled")
    state.emit("Fled", f"{u.name} leaves the battle by {where}", unit=u.id)


def caught(state: GameState, m: dict) -> None:
    """The end of a break-away off the table: gone, unless an opponent kept pace; then the character
    stays at the exit in the fight, and a failed roll costs the Risk as any failed maneuver does."""
    u = state.units[m["actor"]]
    if not m["kept"]:
        _gone(state, u)
    else:
        who = ", ".join(state.units[k].name for k in m["kept"])
        state.emit("Moved", f"{u.name} cannot shake off {who}: he is still at "
                            f"{battleground.name(state, battleground.location_of(state, u))}, in the fight", unit=u.id)
        if not m["success"]:
            fights.owe(state, u.side, m["risk"], f"{u.name}'s break-away left a poor position", uid=u.id)
    from .round import order
    state.flow.queue = order(state)
