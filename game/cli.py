"""`python -m game ...` and the `skirmish` console script (design §4-§7).

Subcommands: odds, los, validate, scenarios, rulesets, simulate, play, open-turn, import-tiled, host, join,
serve. Bad input gives one short line on stderr and exit 2, never a traceback.
"""
from __future__ import annotations

import argparse
import math
import sys
from typing import Sequence

from game.rulesets import load_all


class CliError(Exception):
    """A problem with what the user asked for: one line, exit 2."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="skirmish", description="Skirmish Table: miniature skirmish rules on a virtual table.")
    p.add_argument("--version", action="version", version=f"skirmish-table {_version()}")
    sub = p.add_subparsers(dest="command")
    o = sub.add_parser("odds", help="exact odds of a dice expression, e.g. 'hits(4d6,5)>=1'")
    o.add_argument("expr", nargs="+")
    los = sub.add_parser("los", help="line of sight between two points of a scenario's table")
    los.add_argument("file")
    los.add_argument("a", metavar="X1,Y1")
    los.add_argument("b", metavar="X2,Y2")
    v = sub.add_parser("validate", help="check a scenario or save file")
    v.add_argument("file")
    sub.add_parser("scenarios", help="list the bundled scenarios")
    sub.add_parser("rulesets", help="list the rulesets and their options")
    s = sub.add_parser("simulate", help="play a scenario headless to its end")
    s.add_argument("file", nargs="?")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--players", default=None,
                   help="one player for every side, or one per side, comma-separated (default: random)")
    s.add_argument("--max-turns", type=int)
    s.add_argument("--log")
    s.add_argument("--stop-after", type=int)
    s.add_argument("--save")
    s.add_argument("--load")
    s.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    t = sub.add_parser("import-tiled", help="make a scenario from a map drawn in the Tiled editor",
                       description=IMPORT_TILED_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    t.add_argument("map", metavar="MAP", help="a Tiled map: .tmx, .tmj or .json")
    t.add_argument("--ruleset", required=True, metavar="ID", help="the ruleset the scenario is played with")
    t.add_argument("--cm-per-tile", type=float, metavar="N",
                   help="cm of one tile on a table (default 2.5), a hex's width across corners on a hex map (default 10)")
    t.add_argument("-o", "--output", metavar="OUT.json", help="where to write the scenario ('-': print it)")
    pl = sub.add_parser("play", help="open the game (no argument: the main menu)")
    pl.add_argument("target", nargs="?")
    pl.add_argument("--frames", type=int)
    pl.add_argument("--screenshot")
    ot = sub.add_parser("open-turn", help="open a turn file received by e-mail (play by e-mail)")
    ot.add_argument("target", metavar="FILE")
    ot.add_argument("--frames", type=int)
    ot.add_argument("--screenshot")
    from game.net.commands import add_parsers as add_network_parsers
    add_network_parsers(sub)                    # host, join, serve (issue 29)
    return p


IMPORT_TILED_HELP = """\
python -m game import-tiled MAP.tmx|MAP.tmj|MAP.json --ruleset ID [--cm-per-tile N] [-o OUT.json]
writes a scenario of ruleset ID made from a map drawn in the Tiled editor, checked as `validate` checks
it, to OUT.json (default: MAP's name with .scenario.json, beside MAP; '-o -' prints it), prints
`wrote OUT.json: scenario NAME for ruleset ID` and each thing it had to guess or leave out as
`warning: ...` on stderr, and exits 0. A map it cannot use exits 2 with one line naming the file, the
place and what was expected. An orthogonal map becomes a table (objects: terrain, linear obstacles,
units, objectives); a hexagonal map a hex map (tiles: terrain). README "Maps from Tiled" has the
conventions."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("skirmish-table")
    except PackageNotFoundError:
        return "0.1.0"


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        args = _parser().parse_args(["play"])
    load_all()      # the entry point registers the rulesets; game.io only reads the registry
    try:
        return COMMANDS[args.command](args)
    except CliError as exc:
        from game.io.errors import one_line
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def cmd_odds(args: argparse.Namespace) -> int:
    from game.engine import odds
    return odds.main([" ".join(args.expr)])


def _point(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise CliError(f"expected a point X,Y in cm such as 12.5,40, got {text!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise CliError(f"expected finite coordinates, got {text!r}")
    return x, y


def _scenario(target: str):
    from game.io.scenario_file import FileProblem, load_scenario
    try:
        return load_scenario(target)
    except FileProblem as exc:
        raise CliError(str(exc)) from None


def cmd_los(args: argparse.Namespace) -> int:
    from game.engine import game as engine
    scenario = _scenario(args.file)
    if scenario.board_kind != "table":
        raise CliError(f"{args.file}: {scenario.name} is played on a hex map; los measures on a cm table")
    a, b = _point(args.a), _point(args.b)
    for name, (x, y) in (("X1,Y1", a), ("X2,Y2", b)):
        if not (0 <= x <= scenario.width and 0 <= y <= scenario.height):
            raise CliError(f"{name} = {x:g},{y:g} is off the table (0..{scenario.width:g}, 0..{scenario.height:g} cm)")
    state = engine.new_game(scenario, seed=0)
    rules = engine.ruleset_of(state).los_rules(state)
    res = state.table.los(a, b, rules)
    verdict = "clear" if res.clear else f"blocked by {res.blocker}"
    print(f"{verdict} distance={res.distance:.1f}cm")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    import game.ai.players  # noqa: F401  (the AI players' names, which a save's players are checked against)
    from game.io import validate
    return validate.main([args.file])


def cmd_scenarios(args: argparse.Namespace) -> int:
    from game.io.errors import one_line
    from game.io.scenario_file import bundled_scenarios
    for name, ruleset_id, title in bundled_scenarios():
        print(one_line(f"{name}  {ruleset_id}  {title}"))
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    from game.engine.registry import all_rulesets
    for rs in all_rulesets():
        opts = " ".join(o.describe() for o in rs.options) or "(no options)"
        print(f"{rs.id}  {rs.name}  options: {opts}")
    return 0


def _options(pairs: list[str]) -> dict:
    import json
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise CliError(f"--option expects KEY=VALUE, got {pair!r}")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    from game import simulate
    from game.engine import game as engine
    import game.ai.players  # noqa: F401  (the AI players' names, which a save's players are checked against)
    from game.io.save_file import HUMAN, FileProblem, load_save, resume, save_game
    if (args.stop_after is None) != (args.save is None):
        raise CliError("--stop-after and --save go together")
    if args.stop_after is not None and args.stop_after < 0:
        raise CliError("--stop-after expects a number of actions >= 0")
    try:
        given = [p.strip() for p in args.players.split(",")] if args.players else None
        if args.load:
            save = load_save(args.load)
            state = resume(save)
            actions, players = list(save.actions), given or list(save.players) or ["random"]
            people = [s for s, p in enumerate(players) if p in (HUMAN, "mail")]    # here, or by e-mail
            if people:
                seat = people[0]
                raise CliError(f"{args.load}: side {seat} ({state.scenario.sides[seat].name}) is played by a "
                               f"person in this save{' (by e-mail)' if players[seat] == 'mail' else ''}: "
                               f"give --players (one AI per side) to let the AI play it")
        else:
            if not args.file:
                raise CliError("simulate needs a scenario FILE or --load SAVE")
            players = given or ["random"]
            scenario = simulate.with_turn_limit(_scenario(args.file), args.max_turns)
            try:
                scenario = simulate.with_built_forces(scenario, players, args.seed)
                state = engine.new_game(scenario, args.seed, _options(args.option))
            except ValueError as exc:
                raise CliError(str(exc)) from None
            actions = []
        try:
            sim = simulate.run(state, players, actions, stop_after=args.stop_after)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        if args.log:
            simulate.write_log(sim.state, args.log)
        if sim.stopped:
            path = save_game(args.save, sim.state, sim.actions, sim.players)
            print(f"stopped after {len(sim.actions)} actions; saved to {path}")
            return 0
    except FileProblem as exc:
        raise CliError(str(exc)) from None
    print(simulate.summary_line(sim.state))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    try:
        from game.ui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.ui"):
            print("The table window is not built yet. From the command line you can use:\n"
                  "  python -m game scenarios | rulesets | odds EXPR | los FILE X1,Y1 X2,Y2\n"
                  "  python -m game validate FILE | simulate NAME --seed N")
            return 0
        raise
    return run_app(args.target, frames=args.frames, screenshot=args.screenshot, turn=args.command == "open-turn")


def cmd_import_tiled(args: argparse.Namespace) -> int:
    from game.io import tiled_cli
    return tiled_cli.run(args.map, args.ruleset, args.cm_per_tile, args.output)


def cmd_network(args: argparse.Namespace) -> int:
    from game.net.commands import run
    if args.command == "join" and args.ai is None:      # a person plays the seat: in the window
        if args.ca is not None and args.address.startswith("ws://"):
            raise CliError(f"--ca: {args.address} is plain websockets (ws://); write wss:// to join with TLS")
        from game.ui.remote_link import play_in_window
        return play_in_window(args.address, args.code, args.ca)
    try:
        return run(args, _options(args.option) if getattr(args, "option", None) else {})
    except ValueError as exc:
        raise CliError(str(exc)) from None


COMMANDS = {"host": cmd_network, "join": cmd_network, "serve": cmd_network, "import-tiled": cmd_import_tiled, "odds": cmd_odds, "los": cmd_los, "validate": cmd_validate, "scenarios": cmd_scenarios,
            "rulesets": cmd_rulesets, "simulate": cmd_simulate, "play": cmd_play,
            "open-turn": cmd_play}


if __name__ == "__main__":
    sys.exit(main())
