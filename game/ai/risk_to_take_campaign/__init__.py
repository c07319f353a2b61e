"""A Risk to Take campaign knowledge (seed 003, "1. Campaign rules"): marches toward the goals, battles weighed first.

Every option is scored from the side's view only:
- placing an army: the legal hex nearest the nearest enemy capital, so the armies start forward
  (among hexes as near, a seeded draw: never the map's order);
- a starving army loots unless the town it would sack (or one as near: a die picks) is its own side's
  or already hostile to it (a sacked town may turn hostile; a hostile one's partisans strike): then it
  waits for a train;
- a march never ends in a town hostile to the side for nothing (it can never hold it, and loses a
  unit to its partisans);
- a march: toward the goal (the nearest enemy capital; an enemy or neutral town on the way is worth
  a detour), with the battle it would start weighed by a rule of thumb: the armies' strengths, the
  cavalry and guns counting more, the attacker's edge in the open and the defender's behind the wall
  of a town or capital, in woods or on hills (both measured in self-play). An army avoids a battle it
  would likely lose, and moves onto an enemy army it can beat; once half the campaign's turns are
  gone it takes even odds (the war must be won before the limit). At the gates of an enemy capital
  (2 hexes or less; anywhere once half the turns are gone) it attacks the garrison it sees at 3 to 4
  odds before its wall: taking the capital wins the war, losing the battle only throws it back a
  hex, and hovering there wins nothing. The army nearest the capital holds it (when the side has two
  armies or more, or an enemy army is seen near it), and never leaves it while an enemy army is
  within a march; an enemy army seen 2 hexes from the capital or closer is struck at even odds by
  another army (pinned, it cannot march on the capital). In a war of two the armies at the gates
  of the enemy capital storm it in turn (each other one there adds to the odds of a storm).
  An enemy capital out of sight is presumed held by a garrison like the army the side raises (every
  side keeps one), in every war: a march onto it is weighed as a storm at the gates, not as onto
  an open gate. An army at the gates with no fair chance of a storm (in a war of two, even with the
  side's armies within a march storming in turn) goes to take a town, else home: it never idles there.

With three sides or more (the Three Kingdoms):
- the garrison never leaves its capital to strike nearby (a third side may walk into it unseen), and
  the capital counts as threatened at all times;
- the capital of the side that leads the war (holds the most places) counts nearer as a goal;
- at equal distance, each side marches on the capital of the side next in a ring (none is the
  target of both others), which runs the way the first turn's initiative dice choose (ring_way);
- concentrate before attacking: an army at the gates attacks a garrison only when another army of
  its side stood near enough as the turn began to strike again next turn (one battle at a capital
  ends the war);
- a side of three armies or more keeps a second one by its capital, and more while the enemy armies
  within a march outweigh those by the capital.
"""
from __future__ import annotations

from typing import Iterable

from game.ai.framework import Candidate, Context, Knowledge
from game.ai.knowledge import register_knowledge
from game.engine.scenario import Unit
from game.engine.state import GameState
from game.geometry.hexgrid import Hex
from game.rulesets.risk_to_take_campaign import armies, fog, goals, regions, supply

WEIGHT = {"line-infantry": 1.0, "light-infantry": 0.9, "cavalry": 1.2, "cuirassiers": 1.4,
          "dragoons": 1.1, "artillery": 1.3, "commander": 0.3}
OPEN_FIELD = 1.3           # the attacker's edge in a battle in the open ...
WALL = 1.5                 # ... and the defender's behind a wall, in woods or on hills
SORTIE = 2                 # an enemy army this close to the capital is struck at once (pinned there,
                           # it cannot march on the capital; a battle lost throws it back)
FAVOURABLE = 1.15          # attack only with this much more strength (the defender's ground helps)
BOLD = 0.85                # ... until half the campaign's turns are gone: then the war must be won
DANGER = 6                 # an enemy army this close to the capital calls an army home (a march
                           # reaches 6 hexes: it can be on the capital next turn)
HOLD = 20.0                # the garrison's wish to stay on its capital ...
HOLD_MANY = 100.0          # ... absolute while an enemy army is within a march of it, or with two
                           # enemy sides or more (a third side walks into it unseen): a garrison
                           # that sorties leaves the capital bare (Two Crowns, seeds 3, 4, 7, 8 and
                           # 9: half the games ended by an army walking into an empty capital)
LEADER = 2                 # hexes nearer the capital of the side that leads the war seems, per
                           # place it holds more than the next side (a war of three or more)
CROWDED = 1                # hexes a third side's army near an enemy capital adds to the march there
PARTISANS = 15.0           # ending a march in a town hostile to the side: a unit lost for nothing
AT_THE_GATES = 2           # an army this close to an enemy capital it sees held ...
NERVE = 0.75 / WALL       # ... attacks its garrison at odds of 3 to 4 before its wall (taking it
                           # wins the war; a lost battle only throws the army back a hex): no
                           # hovering at the gates (once half the turns are gone, any army that
                           # reaches the capital does); with three sides or more ...
SECOND_WAVE = 3            # ... only when another army of its side stands this close to the capital,
                           # to strike the garrison again next turn (a lone army waits for it, unless
                           # the garrison is already weaker: concentrate before attacking)
WAVE = 0.5                 # the share of another army's strength at the gates a storm counts on
RESERVE_FROM = 3           # with this many armies or more and an enemy near, a second army stays
                           # by the capital (the garrison's relief), with three sides or more


def power(unit) -> float:
    return sum(WEIGHT.get(u["type"], 1.0) / (1 + 0.2 * u.get("routs", 0)) for u in unit.stats.get("units", ()))


def enemy_armies(view: GameState, side: int) -> list:
    return [u for u in view.units.values()
            if u.kind == armies.ARMY and not u.out and u.side != side and u.hex is not None
            and armies.REBEL not in u.markers]


def enemy_at(view: GameState, side: int) -> dict[Hex, Unit]:
    """The enemy army the side sees on each hex; where two stand (a battle to come between two other
    sides), the stronger: what is weighed of it is its strength (not the one listed last: the
    scenario's order of sides)."""
    at: dict[Hex, Unit] = {}
    for e in enemy_armies(view, side):
        h = armies.hex_of(e)
        if h not in at or power(e) > power(at[h]):
            at[h] = e
    return at


def goal_hex(view: GameState, unit) -> Hex:
    """The nearest enemy capital (the goal that ends the war); with three sides or more, a capital
    the armies of a third side already close on counts CROWDED hexes farther per such army (the
    war is won by the first to take a capital: two sides marching on the same one fight each other
    on the way, and the side nobody marches on wins); the capital of the side that leads the war
    (holds more towns and capitals than any other) counts LEADER hexes nearer per place it holds
    more than the next: the others turn on it before it wins."""
    start = armies.hex_of(unit) or armies.capital(view, unit.side)
    caps = [(h, p.side) for h, p in armies.places(view, "capital") if p.side != unit.side]
    if not caps:
        return start

    def crowd(h: Hex, owner) -> int:
        return sum(1 for e in enemy_armies(view, unit.side)
                   if e.side != owner and view.board.distance(armies.hex_of(e), h) <= DANGER)
    way = ring_way(view)

    def next_in_ring(owner) -> int:       # at equal distance, each marches on the side next in the ring
        return (way * (owner - unit.side)) % max(1, view.sides)
    held = goals.held_count(view)

    def lead(owner) -> int:
        if not many_enemies(view) or owner is None:
            return 0
        return max(0, held[owner] - max(n for s, n in enumerate(held) if s != owner))
    return min(caps, key=lambda c: (view.board.distance(start, c[0]) + CROWDED * crowd(*c) - LEADER * lead(c[1]),
                                    next_in_ring(c[1]), c[0].r, c[0].q))[0]


def ring_way(view: GameState) -> int:
    """The way the ring of targets runs (with three sides or more, at equal distance each side marches
    on the side next in the ring): +1, each on the side listed after its own; -1, before it. The
    game's dice choose, not the order the sides are listed in: +1 when the first turn's order of
    initiative is an even permutation of the listing (three sides: the ring runs in that order of
    initiative), -1 when odd; each way is as likely. (Always +1, the order a scenario lists its
    sides in chose who marches on whom, on any map, a tie broken by side order; measured on the
    Three Kingdoms, seeds 1-40, the sides' wins moved within the sample's luck: summary.)"""
    order = next((e.data["order"] for e in view.log if e.kind == "Initiative" and e.data.get("order")), None)
    if not order or sorted(order) != list(range(view.sides)):
        return 1
    swaps = sum(1 for i, a in enumerate(order) for b in order[i + 1:] if a > b)
    return 1 if swaps % 2 == 0 else -1


def presumed_garrison(view: GameState, side: int, h: Hex):
    """What the side may expect on an enemy capital it does not see (its view holds no army there):
    a garrison like the army every side raises (the scenario's `army`: a capital's first garrison,
    and every levy), behind its wall. Every side keeps one (this AI never leaves its own capital
    bare while an enemy can reach it): on the Two Crowns (seeds 1-10) 14 of 14 marches onto a
    capital out of sight, weighed as onto an open gate, met a garrison. A storm from out of sight is
    weighed as one at the gates (the garrison's side gets no turn to strike the army there).
    None for a capital seen (what stands there is in the view) or not an enemy's."""
    place = view.board.places.get(h)
    if place is None or place.kind != "capital" or armies.holder(view, h) == side or fog.seen_by(view, side, h):
        return None
    owner = armies.holder(view, h)
    return Unit(id="presumed", side=-1 if owner is None else owner, name="a presumed garrison", kind=armies.ARMY,
                hex=(h.q, h.r), stats={"units": armies.contents(armies.levy(view, owner or 0), "presumed")})


def threatened(view: GameState, side: int, capital: Hex | None) -> bool:
    """An enemy army the side sees within a march (DANGER hexes) of its capital; with three sides
    or more, always (armies of the others march in the fog: Four Marches seed 14, an army unseen
    6 hexes away took Brennwald, whose other armies had all marched off)."""
    return capital is not None and (many_enemies(view) or any(
        view.board.distance(capital, armies.hex_of(e)) <= DANGER for e in enemy_armies(view, side)))


def started_at(view: GameState, side: int) -> dict:
    """Where the side's armies that marched this turn stood as it began (from its own log)."""
    out = {}
    for e in reversed(view.log):
        if e.turn != view.turn:
            break
        if e.kind == "Marched" and e.data.get("path") and view.units.get(e.data.get("actor", "")) is not None \
                and view.units[e.data["actor"]].side == side:
            out[e.data["actor"]] = Hex(*e.data["path"][0])
    return out


def many_enemies(view: GameState) -> bool:
    """Three sides or more: every side keeps its capital garrisoned, and another may strike it."""
    return view.sides > 2


def battle_odds(view: GameState, unit, enemy) -> float:
    """A rule of thumb for the battle: > 1 when our army should win it. The tabletop favours the
    army that attacks in the open (it won 53 of 70 such battles between equal armies in self-play)
    and the defender of a town or capital behind its churchyard wall, or of woods and hills (the
    garrison of a capital won 42 of 68)."""
    h = armies.hex_of(enemy)
    place = view.board.places.get(h)
    walled = view.board.terrain(h).cover or (place is not None and place.kind in ("town", "capital"))
    edge = 1.0 / WALL if walled else OPEN_FIELD
    return edge * power(unit) / max(0.1, power(enemy))


class CampaignCA:
    name = "campaign"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        kind = ctx.decision.kind
        if kind == "place":
            yield from self.place(ctx)
        elif kind == "forage":
            yield from self.forage(ctx)
        else:
            yield from self.march(ctx)

    def place(self, ctx: Context) -> Iterable[Candidate]:
        view = ctx.view
        for o in ctx.options:
            unit = view.units[o.the_actor]
            goal = goal_hex(view, unit)
            capital = armies.capital(view, unit.side)
            guarded = capital is not None and any(armies.hex_of(u) == capital for u in armies.armies(view, unit.side))
            def score(h: Hex) -> float:
                return (50.0 if h == capital and not guarded else 0.0) - view.board.distance(h, goal)
            # as near the goal: a seeded draw, not the map's order (the hard level adds no noise)
            best = max(self._hexes(view, o), key=lambda h: (score(h), ctx.rng.random()))
            yield Candidate(score(best), o.at(*regions.point_of(view, best)),
                            "garrison" if best == capital and not guarded else "forward", option=o)

    def forage(self, ctx: Context) -> Iterable[Candidate]:
        """Loot, unless the town the looting would sack (or one as near) is the side's own or already hostile to it
        (sacking it may turn it hostile, or brings the partisans down on the army), or the army
        holds its capital (the looting would march the garrison away; a train from the capital
        reaches it at once): then wait for a train. With no town in reach the looting costs only
        the next battle's initiative."""
        view = ctx.view
        unit = view.units[ctx.decision.actor[0]]
        towns = supply.towns_to_sack(view, unit)    # as near: the die picks one, none may be spared
        spare = bool(towns) and (any(armies.holder(view, t) == unit.side or armies.hostile_to(view, t, unit.side)
                                     for t in towns) or armies.hex_of(unit) == armies.capital(view, unit.side))
        for o in ctx.options:
            if o.kind == "Loot":
                yield Candidate(0.0 if spare else 1.0, o.action, "loot", option=o)
            else:
                yield Candidate(0.5, o.action, "wait for a train", option=o)

    def _hexes(self, view: GameState, option) -> list[Hex]:
        """The hexes of a region option (its shrunk hexes: one centre each)."""
        return [view.board.hex_at(*g.centroid.coords[0]) for g in getattr(option.region, "geoms", [option.region])
                if not g.is_empty]

    def march(self, ctx: Context) -> Iterable[Candidate]:
        view, side = ctx.view, ctx.decision.side
        at = enemy_at(view, side)
        capital = armies.capital(view, side)
        keeper = self.garrison(view, side, capital)
        reserves = self.reserves(view, side, capital, keeper)
        self.stood = started_at(view, side)
        goals_of: dict[str, Hex] = {}
        for o in ctx.options:
            if o.kind == "Pass":
                yield Candidate(-50.0, o.action, "end of marches", option=o)
                continue
            unit = view.units[o.the_actor]
            here = armies.hex_of(unit)
            if unit.id not in goals_of:
                goals_of[unit.id] = capital if unit is keeper or unit in reserves else self.goal(view, unit, at, ctx.rng)
            target = goals_of[unit.id]
            if o.kind == "Halt":
                hold = (HOLD_MANY if many_enemies(view) or threatened(view, side, capital) else HOLD) \
                    if unit is keeper and here == capital else 0.0
                if unit in reserves and view.board.distance(here, capital) == 1:
                    hold = HOLD
                yield Candidate(hold + self.worth(view, unit, here, target, at, here), o.action, "stay", option=o)
                continue
            # equal worth: a seeded draw, not the map's order (north-west first favoured the armies
            # marching north-west: four marches, the northern side won 1 game in 10)
            best = max(self._hexes(view, o), key=lambda h: (round(self.worth(view, unit, h, target, at, here), 6),
                                                            ctx.rng.random()))
            yield Candidate(self.worth(view, unit, best, target, at, here), o.at(*regions.point_of(view, best)),
                            f"march to {view.board.label(best)}", option=o)

    def goal(self, view: GameState, unit, at: dict, rng) -> Hex:
        """The enemy capital it marches on (goal_hex); but an army at its gates (SECOND_WAVE hexes or
        less) with no fair chance of a storm, even with every other army of its side within a march
        of the capital storming in turn (its odds, so counted, short of a storm's: NERVE; with three
        sides or more its own odds, as each storm there must be won on its own), goes to
        take the nearest town it may hold (an enemy's or nobody's, not hostile to its side, with no
        enemy army seen on it), else home: standing at the gates wins nothing (Two Crowns seeds 1-10:
        7 spent armies stood 3 turns or more within 2 hexes of a capital they could not storm). One
        that can, with another army of its side coming, waits at the gates for it and the two storm
        in turn. Towns as near: a seeded draw, never the map's order."""
        cap = goal_hex(view, unit)
        here = armies.hex_of(unit)
        if view.board.places.get(cap) is None or armies.holder(view, cap) == unit.side \
                or view.board.distance(here, cap) > SECOND_WAVE:
            return cap
        garrison = at.get(cap) or presumed_garrison(view, unit.side, cap)
        if garrison is None or NERVE <= (battle_odds(view, unit, garrison) if many_enemies(view)
                                         else self.siege_odds(view, unit, garrison, cap, DANGER)):
            return cap
        towns = [h for h, p in armies.places(view, "town") if armies.holder(view, h) != unit.side
                 and not armies.hostile_to(view, h, unit.side) and h not in at]
        if not towns:
            return armies.capital(view, unit.side) or cap
        return min(towns, key=lambda h: (view.board.distance(here, h), rng.random()))

    def garrison(self, view: GameState, side: int, capital: Hex | None):
        """The army that holds the capital: the one nearest it, when the side has two or more (or any,
        when an enemy army is seen near the capital)."""
        mine = armies.armies(view, side)
        if capital is None or not mine:
            return None
        if len(mine) < 2 and not threatened(view, side, capital):
            return None
        return min(mine, key=lambda u: (view.board.distance(armies.hex_of(u), capital), armies.order(u)))

    def reserves(self, view: GameState, side: int, capital: Hex | None, keeper) -> list:
        """With three sides or more, RESERVE_FROM armies and an enemy army within a march of the
        capital: the armies next nearest it stand by the capital (one battle there ends the war: a
        weakened garrison is relieved, an enemy besieger struck), as many as it takes for the
        garrison behind its wall and them to outweigh the enemy armies seen within a march, one at
        least (a side that sends every field army against one enemy loses its capital to the
        other at its back)."""
        mine = [u for u in armies.armies(view, side) if u is not keeper]
        if keeper is None or not many_enemies(view) or len(mine) + 1 < RESERVE_FROM \
                or not threatened(view, side, capital):
            return []
        board = view.board
        threat = sum(power(e) for e in enemy_armies(view, side)
                     if board.distance(capital, armies.hex_of(e)) <= DANGER)
        home = power(keeper) * (WALL if armies.hex_of(keeper) == capital else 1.0)
        kept = []
        for u in sorted(mine, key=lambda u: (board.distance(armies.hex_of(u), capital), armies.order(u))):
            if kept and (home >= threat or board.distance(armies.hex_of(u), capital) > DANGER):
                break
            kept.append(u)
            home += power(u)
        return kept

    def second_wave(self, view: GameState, unit, h: Hex) -> bool:
        """Another army of the side that stood close enough to the capital as the turn began, to
        strike it again next turn (one that only arrives this turn may yet be struck on its way
        by the garrison's side: the storm waits a turn for it)."""
        stood = getattr(self, "stood", None) or started_at(view, unit.side)
        return any(u is not unit and view.board.distance(stood.get(u.id, armies.hex_of(u)), h) <= SECOND_WAVE
                   for u in armies.armies(view, unit.side))

    def siege_odds(self, view: GameState, unit, garrison, h: Hex, near: int = SECOND_WAVE) -> float:
        """In a war of two, the armies of the side at the gates of the enemy capital storm it in
        turn: each battle wears the garrison down and no third side profits from the losses, so
        each of the others (within `near` hexes: SECOND_WAVE for a storm) adds WAVE of its strength to the
        storm's odds.
        (A garrison that never leaves its capital is otherwise stormed only by an army near its
        own strength: on the Two Crowns no levy could take a capital its first army holds.)"""
        wave = sum(power(u) for u in armies.armies(view, unit.side)
                   if u is not unit and view.board.distance(armies.hex_of(u), h) <= near)
        return battle_odds(view, unit, garrison) * (power(unit) + WAVE * wave) / max(0.1, power(unit))

    def worth(self, view: GameState, unit, h: Hex, target: Hex, at: dict, here: Hex) -> float:
        board = view.board
        score = -float(board.distance(h, target))
        place = board.places.get(h)
        enemy = at.get(h) if h != here else None
        odds = battle_odds(view, unit, enemy) if enemy is not None else None
        unseen = enemy is None and h != here and presumed_garrison(view, unit.side, h)
        if unseen:                               # a capital out of sight: held, as far as it knows
            enemy = unseen
            odds = battle_odds(view, unit, enemy)
        late = view.turn > view.scenario.turn_limit // 2
        enough = BOLD if late else FAVOURABLE
        if enemy is not None and place is not None and place.kind == "capital" \
                and (late or ((unseen or board.distance(here, h) <= AT_THE_GATES)
                              and (not many_enemies(view) or self.second_wave(view, unit, h)))):
            enough = min(enough, NERVE)          # at the gates of an enemy capital: the war is won there
            if not many_enemies(view):
                odds = self.siege_odds(view, unit, enemy, h)
                                                 # (once half the turns are gone, from wherever it is)
        home = armies.capital(view, unit.side)
        sortie = enemy is not None and home is not None and board.distance(h, home) <= SORTIE
        if sortie:
            enough = min(enough, BOLD)           # the enemy at the gates of our capital: strike it first
        if odds is not None:
            score += 8.0 * (odds - 1.0) + 5.0 if odds >= enough else -30.0
        if sortie and odds >= enough:
            score += 20.0
        hostile = place is not None and armies.hostile_to(view, h, unit.side)
        if place is not None and armies.holder(view, h) != unit.side and place.kind != "camp" \
                and not hostile and (odds is None or odds >= enough):
            # (a town is no detour for the armies that keep their capital: they stand by it)
            score += 100.0 if place.kind == "capital" else 0.0 if target == home else 3.0
        if hostile and h != here and enemy is None:
            score -= PARTISANS                   # a town it can never hold, whose partisans strike
        for e_hex, e in at.items():              # do not stand next to a stronger enemy army
            if h != e_hex and board.distance(h, e_hex) == 1 and battle_odds(view, unit, e) < enough:
                score -= 4.0
        return score


class CampaignKnowledge(Knowledge):
    ruleset_id = "risk-to-take-campaign"
    rollouts_tell = False

    def candidate_actions(self, ctx: Context) -> list:
        return [CampaignCA()]

    def evaluate(self, state: GameState, side: int) -> float:
        mine = sum(power(u) for u in armies.armies(state, side, placed=False))
        theirs = sum(power(u) for u in state.units.values()
                     if u.kind == armies.ARMY and not u.out and u.side != side)
        return mine - theirs


register_knowledge(CampaignKnowledge())
