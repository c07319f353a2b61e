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
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Sequence, Union

import icepool

# Limits (design §4: a malformed or absurd expression is an error that says where, never a hang).
MAX_LENGTH = 200          # characters of expression text
MAX_DICE = 100            # dice in one term
MAX_SIDES = 1000          # sides of one die
MAX_DIGITS = 9            # digits of any integer
MAX_KEEP_SIDES = 300      # sides of a die when keeping some (not one, not all) of several
# Estimated elementary steps of icepool's exact computation (see `_cost`). 2e6 steps take well under
# a second; every roll the five rulesets make costs a few hundred.
MAX_COST = 2_000_000

COMPARISONS = (">=", ">", "<=", "<", "==")


class OddsSyntaxError(ValueError):
    """A malformed expression. `position` is the 0-based index where it broke; str() names the column."""

    def __init__(self, message: str, position: int) -> None:
        self.message = message
        self.position = position
        super().__init__(f"at column {position + 1}: {message}")

    @property
    def column(self) -> int:
        return self.position + 1


class OddsTooLargeError(OddsSyntaxError):
    """A well-formed expression whose exact distribution would take too long to compute."""


# --- The parsed expression -------------------------------------------------------------------------

@dataclass(frozen=True)
class Dice:
    """`N dX`, optionally keeping the `keep_count` highest (`kh`) or lowest (`kl`) dice."""
    count: int
    sides: int
    keep: str = ""          # "", "kh" or "kl"
    keep_count: int = 0     # meaningful only with keep

    def __str__(self) -> str:
        text = f"d{self.sides}" if self.count == 1 else f"{self.count}d{self.sides}"
        return f"{text}{self.keep}{self.keep_count}" if self.keep else text


@dataclass(frozen=True)
class Hits:
    """`hits(NdX,T)`: the number of the N dice showing T or more (Risus Skirmish attacks, volleys)."""
    count: int
    sides: int
    target: int

    def __str__(self) -> str:
        return f"hits({self.count}d{self.sides},{self.target})"


@dataclass(frozen=True)
class Constant:
    value: int

    def __str__(self) -> str:
        return str(self.value)


Part = Union[Dice, Hits, Constant]


@dataclass(frozen=True)
class Term:
    sign: int               # +1 or -1
    part: Part


@dataclass(frozen=True)
class Expr:
    """A parsed expression. Equal expressions have equal canonical text (`str`), which keys the caches."""
    terms: tuple[Term, ...]
    comparison: str | None = None
    target: int | None = None

    @property
    def total_text(self) -> str:
        """The left-hand side in canonical form, e.g. `d8+d12` or `hits(4d6,5)`."""
        text = ""
        for i, term in enumerate(self.terms):
            if term.sign < 0:
                text += "-"
            elif i:
                text += "+"
            text += str(term.part)
        return text

    def __str__(self) -> str:
        if self.comparison is None:
            return self.total_text
        return f"{self.total_text}{self.comparison}{self.target}"

    def total_only(self) -> "Expr":
        """The same total without its comparison (a distribution)."""
        return replace(self, comparison=None, target=None)


# --- Parsing -------------------------------------------------------------------------------------

_WORDS = ("d", "kh", "kl", "hits")
_DIGITS = frozenset("0123456789")                     # ASCII only: int() would accept other scripts
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True)
class _Token:
    kind: str               # "int", a word, a symbol, "cmp", "end", or "bad"
    text: str
    pos: int
    value: int = 0


def _tokens(text: str) -> list[_Token]:
    """Split into tokens. Unknown characters become "bad" tokens so the parser reports the first break."""
    out: list[_Token] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c in _DIGITS:
            j = i
            while j < n and text[j] in _DIGITS:
                j += 1
            digits = text[i:j]
            if j - i > MAX_DIGITS:
                shown = digits if len(digits) <= 12 else digits[:10] + "..."
                raise OddsSyntaxError(
                    f"the integer {shown} is too long (at most {MAX_DIGITS} digits)", i)
            out.append(_Token("int", digits, i, int(digits)))
            i = j
        elif c in _LETTERS:
            j = i
            while j < n and text[j] in _LETTERS:
                j += 1
            word = text[i:j].lower()
            out.append(_Token(word if word in _WORDS else "bad", text[i:j], i))
            i = j
        elif text.startswith((">=", "<=", "=="), i):
            out.append(_Token("cmp", text[i:i + 2], i))
            i += 2
        elif c in "<>":
            out.append(_Token("cmp", c, i))
            i += 1
        elif c in "+-(),":
            out.append(_Token(c, c, i))
            i += 1
        else:
            out.append(_Token("bad", c, i))
            i += 1
    out.append(_Token("end", "", n))
    return out


def _found(tok: _Token) -> str:
    if tok.kind == "end":
        return "found the end of the expression"
    shown = tok.text if tok.text.isprintable() else repr(tok.text)[1:-1]
    shown = shown if len(shown) <= 20 else shown[:17] + "..."
    hint = " (use '==' to compare for equality)" if tok.text == "=" else ""
    return f"found '{shown}'{hint}"


class _Parser:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0
        self.term_positions: list[int] = []

    def peek(self) -> _Token:
        return self.toks[self.i]

    def take(self) -> _Token:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def fail(self, expected: str) -> OddsSyntaxError:
        tok = self.peek()
        return OddsSyntaxError(f"expected {expected}, {_found(tok)}", tok.pos)

    def expect(self, kind: str, expected: str) -> _Token:
        if self.peek().kind != kind:
            raise self.fail(expected)
        return self.take()

    def expression(self) -> Expr:
        terms = [self.term(self.sign(leading=True))]
        while self.peek().kind in ("+", "-"):
            terms.append(self.term(self.sign(leading=False)))
        comparison = target = None
        if self.peek().kind == "cmp":
            comparison = self.take().text
            negative = False
            if self.peek().kind in ("+", "-"):
                negative = self.take().kind == "-"
            target = self.expect("int", f"an integer after '{comparison}'").value
            target = -target if negative else target
            if self.peek().kind != "end":
                raise self.fail("the end of the expression")
        elif self.peek().kind != "end":
            raise self.fail("'+', '-', a comparison such as >= 5, or the end of the expression")
        return Expr(tuple(terms), comparison, target)

    def sign(self, leading: bool) -> int:
        if self.peek().kind in ("+", "-"):
            return -1 if self.take().kind == "-" else 1
        return 1 if leading else 0

    def term(self, sign: int) -> Term:
        tok = self.peek()
        self.term_positions.append(tok.pos)
        if tok.kind == "hits":
            return Term(sign, self.hits())
        if tok.kind == "d" or (tok.kind == "int" and self.toks[self.i + 1].kind == "d"):
            return Term(sign, self.dice(allow_keep=True))
        if tok.kind == "int":
            return Term(sign, Constant(self.take().value))
        raise self.fail("a die like 3d6 or an integer")

    def dice(self, allow_keep: bool) -> Dice:
        start = self.peek()
        count = self.take().value if start.kind == "int" else 1
        self.expect("d", "a die like 3d6")
        if count < 1:
            raise OddsSyntaxError(f"roll at least 1 die, not {count}", start.pos)
        if count > MAX_DICE:
            raise OddsSyntaxError(f"{count} dice are too many (at most {MAX_DICE})", start.pos)
        sides_tok = self.expect("int", "the number of sides after 'd'")
        sides = sides_tok.value
        if sides < 1:
            raise OddsSyntaxError("a die needs at least 1 side", sides_tok.pos)
        if sides > MAX_SIDES:
            raise OddsSyntaxError(
                f"a die of {sides} sides is too large (at most {MAX_SIDES})", sides_tok.pos)
        if not allow_keep or self.peek().kind not in ("kh", "kl"):
            return Dice(count, sides)
        keep_tok = self.take()
        keep_count = 1            # `4d6kh` keeps the single highest, as in common dice notation
        if self.peek().kind == "int":
            keep_count = self.take().value
        if not 1 <= keep_count <= count:
            raise OddsSyntaxError(
                f"cannot keep {keep_count} of {count} dice (keep 1 to {count})", keep_tok.pos)
        if 1 < keep_count < count and sides > MAX_KEEP_SIDES:
            # icepool walks a pool's outcomes recursively, one stack frame per face.
            raise OddsSyntaxError(
                f"keeping {keep_count} of {count} dice works on dice of at most {MAX_KEEP_SIDES} "
                f"sides, not {sides}", keep_tok.pos)
        return Dice(count, sides, keep_tok.kind, keep_count)

    def hits(self) -> Hits:
        self.take()
        self.expect("(", "'(' after 'hits', as in hits(4d6,5)")
        if self.peek().kind not in ("int", "d"):
            raise self.fail("a die like 4d6 inside hits(...)")
        dice = self.dice(allow_keep=False)
        self.expect(",", "',' and the target number, as in hits(4d6,5)")
        target = self.expect("int", "the target number each die must reach").value
        self.expect(")", "')' closing hits(...)")
        return Hits(dice.count, dice.sides, target)


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
