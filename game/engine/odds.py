"""Exact odds for any roll the rules make (design §4), computed with icepool.

The odds shown before a roll and the odds the AI scores with both come from `probability` here, so they
can never disagree. The expression grammar is a **contract** (design §4, `python -m game odds EXPR`):

    expression := total [comparison integer]
    total      := [+|-] term ((+|-) term)*
    term       := [N] d X [kh|kl [K]]       e.g. 3d6, d8, 3d6kh2, 4d6kl1   (N <= 100, X <= 1000)
                | hits( [N] d X , T )       how many of N dX show T or more
                | integer                   at most 9 digits
    comparison := >= | > | <= | < | ==      the integer after it may carry a sign

Whitespace is allowed between tokens and letters may be upper case. Anything else raises
`OddsSyntaxError`, whose text says at which column the expression broke and what was expected there.
"""
from __future__ import annotations

import functools
import math
import sys
from fractions import Fraction
from typing import Sequence

import icepool

from game.engine.odds_syntax import (  # re-exported: the parsed expression and its errors
    MAX_DICE, MAX_DIGITS, MAX_KEEP_SIDES, MAX_SIDES, Constant, Dice, Expr, Hits, OddsSyntaxError,
    OddsTooLargeError, Part, Term, _Parser)

# Limits (design §4: a malformed or absurd expression is an error that says where, never a hang).
MAX_LENGTH = 200          # characters of expression text
# Estimated elementary steps of icepool's exact computation (see `_cost`). 2e6 steps take well under
# a second; every roll the five rulesets make costs a few hundred.
MAX_COST = 2_000_000

COMPARISONS = (">=", ">", "<=", "<", "==")


@functools.lru_cache(maxsize=4096)
def parse(text: str) -> Expr:
    """Parse an expression (grammar in the module docstring), or raise OddsSyntaxError saying where."""
    if not isinstance(text, str):
        raise TypeError(f"an odds expression is text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise OddsSyntaxError(
            f"the expression is too long ({len(text)} characters, at most {MAX_LENGTH})", MAX_LENGTH)
    parser = _Parser(text)
    expr = parser.expression()
    _check_cost([(t, p) for t, p in zip(expr.terms, parser.term_positions)])
    return expr


def _as_expr(expr_or_text: Expr | str) -> Expr:
    return expr_or_text if isinstance(expr_or_text, Expr) else parse(expr_or_text)


# --- Cost guard ----------------------------------------------------------------------------------
# icepool sums dice one at a time (each step multiplies the outcome counts of the two sides) and keeps
# highest/lowest with a pass over outcomes x dice x partial sums. These estimates follow those loops
# closely enough to refuse, before starting, anything that would take more than about a second.

def _part_cost(part: Part) -> tuple[int, int]:
    """(number of outcomes, estimated steps) of one term."""
    if isinstance(part, Constant):
        return 1, 0
    if isinstance(part, Hits):
        return part.count + 1, 2 * part.count * part.count
    n, x = part.count, part.sides
    if part.keep and part.keep_count == 1:
        return x, n * x                              # icepool's single highest/lowest: one pass
    if part.keep and part.keep_count < n:
        k = part.keep_count
        outcomes = k * (x - 1) + 1
        return outcomes, x * n * k * outcomes // 4   # measured ~4x cheaper per step than a sum
    return n * (x - 1) + 1, sum((i * (x - 1) + 1) * x for i in range(1, n))


def _check_cost(terms: Sequence[tuple[Term, int]]) -> tuple[int, int]:
    outcomes = cost = 0
    for term, pos in terms:
        size, steps = _part_cost(term.part)
        cost += steps + outcomes * size
        outcomes = size if not outcomes else outcomes + size - 1
        if cost > MAX_COST:
            raise OddsTooLargeError(
                f"'{term.part}' makes the expression too large to compute exactly "
                f"(about {cost:,} steps, at most {MAX_COST:,}); use fewer dice or sides", pos)
    return outcomes, cost


# --- Exact computation ---------------------------------------------------------------------------

def _part_die(part: Part) -> icepool.Die:
    # Fresh dice (not icepool.d's global cache) so memory stays bounded by our own LRU caches.
    if isinstance(part, Constant):
        return icepool.Die([part.value])
    if isinstance(part, Hits):
        # Each die is a hit on T..X: T-1 faces miss (clamped to the die), so a hit has X-misses faces.
        misses = min(max(part.target - 1, 0), part.sides)
        if misses in (0, part.sides):
            return icepool.Die([part.count if misses == 0 else 0])
        return part.count @ icepool.Die({0: misses, 1: part.sides - misses})
    die = icepool.Die(range(1, part.sides + 1))
    if not part.keep or part.keep_count == part.count:
        return part.count @ die                      # keeping every die is the plain total
    if part.keep == "kh":
        return die.highest(part.count, part.keep_count)
    return die.lowest(part.count, part.keep_count)


@functools.lru_cache(maxsize=4096)
def _total_die(total: Expr) -> icepool.Die:
    result = None
    for term in total.terms:
        die = _part_die(term.part)
        if result is None:
            result = -die if term.sign < 0 else die
        else:
            result = result - die if term.sign < 0 else result + die
    return result


@functools.lru_cache(maxsize=8192)
def _probability_of(expr: Expr) -> Fraction:
    die = _total_die(expr.total_only())
    return Fraction(die.probability(expr.comparison, expr.target))


def distribution(expr_or_text: Expr | str) -> icepool.Die:
    """The exact distribution of the total (any comparison is ignored)."""
    return _total_die(_as_expr(expr_or_text).total_only())


def probability(expr_or_text: Expr | str) -> Fraction:
    """The exact probability that the comparison holds. The expression must have one."""
    expr = _as_expr(expr_or_text)
    if expr.comparison is None:
        at = len(expr_or_text) if isinstance(expr_or_text, str) else len(str(expr))
        raise OddsSyntaxError(
            "expected a comparison such as >= 5, found the end of the expression", at)
    return _probability_of(expr)


def clear_caches() -> None:
    """Forget parsed expressions and computed odds (benchmarks measure the cold path with this)."""
    parse.cache_clear()
    _total_die.cache_clear()
    _probability_of.cache_clear()
    _compare_totals.cache_clear()


# --- Convenience for the rulesets (all through the same cached machinery) -------------------------

def p_any_at_least(n: int, sides: int, target: int) -> Fraction:
    """Chance that any of n dX shows target or more (Risus Skirmish attack and rally: any 5 or 6 on
    n d6, seed 000). No dice never succeed."""
    if n <= 0:
        return Fraction(0)
    return probability(f"hits({n}d{sides},{max(target, 0)})>=1")


def p_roll_under(stat: int) -> Fraction:
    """Riskbreaker stat roll (seed 001): succeed on 1d10 under stat + 2, capped at 9 (a 10 always fails)."""
    return probability(f"d10<{min(stat + 2, 10)}")


def _total(expr_or_text: Expr | str, what: str) -> Expr:
    expr = _as_expr(expr_or_text)
    if expr.comparison is not None:
        raise OddsSyntaxError(f"{what} compares two totals, so '{expr}' must not have a comparison",
                              len(expr.total_text))
    return expr


@functools.lru_cache(maxsize=4096)
def _compare_totals(a: Expr, b: Expr, comparison: str) -> Fraction:
    # a - b as one expression through the same cost guard; signs of b's terms flip.
    flipped = tuple(Term(-t.sign, t.part) for t in b.terms)
    _check_cost([(t, 0) for t in a.terms + flipped])
    die = _total_die(a) - _total_die(b)
    return Fraction(die.probability(comparison, 0))


def p_greater(a: Expr | str, b: Expr | str) -> Fraction:
    """Chance that total a beats total b outright (opposed rolls, e.g. Risus combat: 4d6 vs 3d6)."""
    return _compare_totals(_total(a, "p_greater"), _total(b, "p_greater"), ">")


def p_equal(a: Expr | str, b: Expr | str) -> Fraction:
    """Chance that totals a and b tie."""
    return _compare_totals(_total(a, "p_equal"), _total(b, "p_equal"), "==")


# --- Presentation --------------------------------------------------------------------------------

def percent_text(p: Fraction | int, decimals: int = 1) -> str:
    """`54.2%`: the exact value rounded half up (12.5% to 0 decimals is 13%, as seed 004 prints it)."""
    scale = 10 ** decimals
    tenths = math.floor(Fraction(p) * 100 * scale + Fraction(1, 2))
    whole, rest = divmod(tenths, scale)
    return f"{whole}.{rest:0{decimals}d}%" if decimals else f"{whole}%"


def format_odds(p: Fraction | int) -> str:
    """**contract** (design §4): `13/24 = 54.2%`, always a/b in lowest terms and one decimal."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator} = {percent_text(p)}"


def _or_better(target: int, sides: int) -> str:
    if target >= sides:
        return f"a {sides}"
    if target == sides - 1:
        return f"a {target} or {sides}"
    return f"{target} or better"


def need_text(expr_or_text: Expr | str) -> str:
    """What a roll needs, in plain words: `needs a 5 or 6`, `needs 11 or more`, `needs under 7`."""
    expr = _as_expr(expr_or_text)
    if expr.comparison is None:
        return ""
    op, n = expr.comparison, expr.target
    only = expr.terms[0].part if len(expr.terms) == 1 and expr.terms[0].sign > 0 else None
    if isinstance(only, Hits) and op in (">=", ">"):
        wanted = n if op == ">=" else n + 1
        face = _or_better(only.target, only.sides)
        if wanted <= 1:
            return f"needs {face}"
        return f"needs {wanted} dice showing {face.removeprefix('a ')}"
    words = {">=": f"{n} or more", ">": f"more than {n}", "<=": f"{n} or less",
             "<": f"under {n}", "==": f"exactly {n}"}
    return f"needs {words[op]}"


# --- Command line: python -m game odds EXPR (design §4, contract) --------------------------------

USAGE = "usage: python -m game odds EXPR   e.g. python -m game odds 'd8+d12>=11'"


def main(argv: Sequence[str] | None = None) -> int:
    """Print `a/b = p%` for the expression and return 0; on a malformed one print where it broke to
    stderr and return 2. Several arguments are joined with spaces (an unquoted `2d6 >= 7`)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if not args:
        print(f"error: expected an expression such as 2d6>=7 ({USAGE})", file=sys.stderr)
        return 2
    try:
        p = probability(" ".join(args))
    except OddsSyntaxError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(format_odds(p))
    return 0


if __name__ == "__main__":
    sys.exit(main())
