"""The odds grammar's syntax (design §4, a **contract**: the grammar is in game/engine/odds.py's docstring):
the parsed expression, its tokens and the parser that says at which column a malformed expression broke.
`game.engine.odds` parses through here and computes the odds; everything here is re-exported there."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

# Limits of the text itself (design §4: a malformed or absurd expression is an error that says where).
MAX_DICE = 100            # dice in one term
MAX_SIDES = 1000          # sides of one die
MAX_DIGITS = 9            # digits of any integer
MAX_KEEP_SIDES = 300      # sides of a die when keeping some (not one, not all) of several


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
