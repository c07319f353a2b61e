"""How strong the AI levels are: every bundled scenario, each matchup played from both sides.

`python -m game.ai.tournament [--seeds 10] [--matchups normal:random,hard:normal] [--scenario NAME]`
prints one row per scenario and matchup: the first level's wins as side 0 and as side 1, the total,
and the win rate (a draw counts as half). Games run in parallel processes; each one is exactly what
`python -m game simulate NAME --seed N --players A,B` plays.

The AI layer does not read files through game.io (design §2), so the bundled scenarios are read
here as the JSON documents they are (they are validated by `python -m game validate` and the tests).
"""
from __future__ import annotations

import argparse
import concurrent.futures as futures
import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Iterable, Sequence

from game import rulesets
from game.ai import muster
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.scenario import Scenario


def maps_dir() -> Path:
    here = Path(__file__).resolve().parent.parent
    packaged = here / "data" / "maps"
    return packaged if packaged.is_dir() else here.parent / "maps"


def bundled(names: Iterable[str] | None = None) -> list[str]:
    found = sorted(p.stem for p in maps_dir().glob("*.json"))
    if names:
        wanted = list(names)
        return [n for n in wanted if n in found]
    return found


def load(name: str) -> Scenario:
    doc = json.loads((maps_dir() / f"{name}.json").read_text(encoding="utf-8"))
    return Scenario.from_dict(doc)


@dataclasses.dataclass(frozen=True)
class Game:
    scenario: str
    players: tuple[str, ...]
    seed: int


@dataclasses.dataclass(frozen=True)
class Outcome:
    game: Game
    winner: int | None
    turns: int
    actions: int
    hash: str


def play(game: Game) -> Outcome:
    """One game to its end, as `simulate` plays it."""
    rulesets.load_all()
    scenario = load(game.scenario)
    # a scenario of more sides than levels named: the last level named plays every other seat
    levels = list(game.players) + [game.players[-1]] * (len(scenario.sides) - len(game.players))
    built = muster.mustered_doc(scenario, levels, game.seed)    # AI sides build on points
    state = engine.new_game(scenario if built is None else Scenario.from_dict(built), game.seed)
    seats = [make_player(p, state.seed, side) for side, p in enumerate(levels)]
    actions = 0
    while True:
        decision = engine.to_act(state)
        if decision is None:
            break
        options = engine.legal_actions(state)
        view = engine.view(state, decision.seat)
        engine.apply(state, seats[decision.seat].choose(view, options, decision))
        actions += 1
    winner = state.outcome.winner if state.outcome else None
    turns = min(state.flow.turn, state.scenario.turn_limit)
    return Outcome(game, winner, turns, actions, engine.state_hash(state))


@dataclasses.dataclass
class Row:
    scenario: str
    first: str                      # the level whose win rate the row gives
    second: str
    as0: list[float] = dataclasses.field(default_factory=list)   # 1 win, 0.5 draw, 0 loss
    as1: list[float] = dataclasses.field(default_factory=list)

    @staticmethod
    def score(o: Outcome, side: int) -> float:
        return 0.5 if o.winner is None else float(o.winner == side)

    @property
    def rate(self) -> float:
        games = self.as0 + self.as1
        return sum(games) / len(games) if games else 0.0

    def losses(self) -> float:
        return sum(1 - s for s in self.as0 + self.as1 if s != 0.5)

    def wins(self) -> float:
        return sum(s for s in self.as0 + self.as1 if s == 1.0)


def games_for(scenarios: Sequence[str], matchups: Sequence[tuple[str, str]],
              seeds: Sequence[int]) -> list[Game]:
    out = []
    for name in scenarios:
        others = len(load(name).sides) - 2          # a third side (and more) plays the second level
        for a, b in matchups:
            for seed in seeds:
                out.append(Game(name, (a, b) + (b,) * others, seed))
                out.append(Game(name, (b, a) + (b,) * others, seed))
    return out


def run(scenarios: Sequence[str] | None = None,
        matchups: Sequence[tuple[str, str]] = (("normal", "random"), ("hard", "normal")),
        seeds: Sequence[int] = range(1, 11), workers: int | None = None) -> list[Row]:
    """Play every game and gather one Row per scenario and matchup."""
    names = list(scenarios) if scenarios else bundled()
    games = games_for(names, matchups, list(seeds))
    if workers is None:
        workers = max(1, min(len(games), (os.cpu_count() or 2)))
    if workers == 1:
        results = [play(g) for g in games]
    else:
        with futures.ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(play, games, chunksize=1))
    rows: dict[tuple[str, str, str], Row] = {}
    for name in names:
        for a, b in matchups:
            rows[(name, a, b)] = Row(name, a, b)
    for o in results:
        g = o.game
        p0, p1 = g.players
        for (name, a, b), row in rows.items():
            if name != g.scenario:
                continue
            if (p0, p1) == (a, b):
                row.as0.append(Row.score(o, 0))
            elif (p0, p1) == (b, a):
                row.as1.append(Row.score(o, 1))
    return list(rows.values())


def table(rows: Sequence[Row]) -> list[str]:
    width = max([len(r.scenario) for r in rows] + [8])
    lines = [f"{'scenario':<{width}}  {'matchup':<16} {'as side 0':>10} {'as side 1':>10} "
             f"{'total':>8} {'win rate':>9}"]

    def frac(xs: list[float]) -> str:
        return f"{sum(xs):g}/{len(xs)}"

    for r in rows:
        lines.append(f"{r.scenario:<{width}}  {r.first + ' v ' + r.second:<16} {frac(r.as0):>10} "
                     f"{frac(r.as1):>10} {frac(r.as0 + r.as1):>8} {100 * r.rate:>8.0f}%")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.tournament",
                                 description="win rates of the AI levels on the bundled scenarios")
    ap.add_argument("--seeds", type=int, default=10, help="seeds per side (1..N)")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--matchups", default="normal:random,hard:normal",
                    help="comma-separated A:B pairs; the table gives A's win rate")
    ap.add_argument("--scenario", action="append", help="only this bundled scenario (repeatable)")
    ap.add_argument("--workers", type=int)
    args = ap.parse_args(argv)
    try:
        matchups = [tuple(m.split(":")) for m in args.matchups.split(",") if m]
        if any(len(m) != 2 for m in matchups):
            raise ValueError
    except ValueError:
        print("error: --matchups expects pairs like normal:random,hard:normal", file=sys.stderr)
        return 2
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    rows = run(args.scenario, matchups, seeds, args.workers)  # type: ignore[arg-type]
    for line in table(rows):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
