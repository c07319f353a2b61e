"""The game's dice (design §4): one seeded stream per game, every roll logged with the odds shown.

Faces come from a counter-based hash, sha256(f"{seed}:{counter}"), read as an integer and mapped to a
face by rejection sampling. sha256 and Python's integers are the same everywhere, so a replay gives the
same faces on every platform and Python version; nothing here touches the global `random` module or
the `random.Random` methods (`randint`, `choice`) whose algorithms may change between versions.
"""
from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from game.engine import odds

_HASH_BITS = 256
T = TypeVar("T")


class ScriptExhausted(RuntimeError):
    """A scripted stream was asked for more faces than its script holds."""


class ScriptedFaceError(ValueError):
    """A scripted face that the die being rolled cannot show."""


def face_from_hash(value: int, sides: int, bits: int = _HASH_BITS) -> int | None:
    """Map a uniform `bits`-bit integer to 1..sides without modulo bias, or None to draw again.

    Rejection sampling: only values below the largest multiple of `sides` are used, so every face
    gets exactly the same number of hash values (design §4: no bias, stable across versions).
    """
    limit = (1 << bits) - (1 << bits) % sides
    return value % sides + 1 if value < limit else None


def _hash_int(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")


def _check_sides(sides: int) -> None:
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
        raise ValueError(f"a die needs a whole number of sides, at least 1, not {sides!r}")


@dataclass
class DiceStream:
    """The game's dice stream, kept in the game state (design §3: the dice stream's position).

    `counter` is the position: the number of hashes drawn so far (or, when scripted, faces consumed).
    `script`, for tests, forces the faces in order (the pattern of boardgame.io's MockRandom).
    """
    seed: int
    counter: int = 0
    script: list[int] | None = None

    def die(self, sides: int) -> int:
        """One face of a die with `sides` sides."""
        _check_sides(sides)
        if self.script is not None:
            return self._scripted_face(sides)
        while True:
            value = _hash_int(f"{self.seed}:{self.counter}")
            self.counter += 1
            face = face_from_hash(value, sides)
            if face is not None:
                return face

    def _scripted_face(self, sides: int) -> int:
        assert self.script is not None
        if self.counter >= len(self.script):
            raise ScriptExhausted(
                f"the dice script ran out: a d{sides} was rolled after all {len(self.script)} "
                f"scripted faces were used")
        face = self.script[self.counter]
        if not isinstance(face, int) or not 1 <= face <= sides:
            raise ScriptedFaceError(
                f"scripted face {face!r} (number {self.counter + 1} in the script) cannot be "
                f"rolled on a d{sides}")
        self.counter += 1
        return face

    def faces(self, n: int, sides: int) -> list[int]:
        """n faces of dX, in the order rolled."""
        if n < 0:
            raise ValueError(f"cannot roll {n} dice")
        return [self.die(sides) for _ in range(n)]

    @property
    def remaining_script(self) -> list[int] | None:
        return None if self.script is None else self.script[self.counter:]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seed": self.seed, "counter": self.counter}
        if self.script is not None:
            data["script"] = list(self.script)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "DiceStream":
        script = data.get("script")
        return cls(int(data["seed"]), int(data.get("counter", 0)),
                   None if script is None else [int(f) for f in script])


def scripted(faces: Iterable[int]) -> DiceStream:
    """A stream that yields exactly these faces, then raises ScriptExhausted (for rule tests)."""
    return DiceStream(seed=0, script=list(faces))


# --- Seeded randomness for players and the AI -----------------------------------------------------
# Design §7/§9: player choices derive from the seed and the action index, so a game resumed from a save
# continues exactly. Keys are hashed as JSON, which is stable for ints, strings and floats.

def _key_text(seed: int, keys: Sequence[Any]) -> str:
    return "rng:" + json.dumps([seed, *keys], separators=(",", ":"), ensure_ascii=True)


def stable_random(seed: int, *keys: Any) -> float:
    """A float in [0, 1) that depends only on the seed and the keys (ints, strings, floats)."""
    return (_hash_int(_key_text(seed, keys)) >> (_HASH_BITS - 53)) / (1 << 53)


class PlayerRng:
    """A small random source for players and AI noise, built only on stable hashing.

    `PlayerRng(seed, "ai", side, action_index)` gives the same sequence wherever it is rebuilt.
    """

    def __init__(self, seed: int, *keys: Any) -> None:
        self.seed = seed
        self.keys = keys
        self.draws = 0

    def _next(self) -> int:
        value = _hash_int(_key_text(self.seed, (*self.keys, self.draws)))
        self.draws += 1
        return value

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self._next() >> (_HASH_BITS - 53)) / (1 << 53)

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def below(self, n: int) -> int:
        """An int in 0..n-1, rejection sampled (no modulo bias)."""
        if n < 1:
            raise ValueError(f"below({n}): need at least one choice")
        while True:
            face = face_from_hash(self._next(), n)
            if face is not None:
                return face - 1

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffled(self, seq: Iterable[T]) -> list[T]:
        """A new list in random order (Fisher-Yates on `below`)."""
        items = list(seq)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def child(self, *keys: Any) -> "PlayerRng":
        """An independent source for a sub-decision, e.g. rng.child("rollout", 3)."""
        return PlayerRng(self.seed, *self.keys, "/", *keys)


# --- A logged roll ---------------------------------------------------------------------------------

def _rolls(who: str) -> str:
    """The verb agreeing with who rolled: a unit named in the plural rolls in the plural ("the farmers
    roll d20"); a name ("Sgt Jones rolls") or a singular unit ("the swivel gun rolls") in the singular.
    Only a name that starts with an article or a possessive ("Horvat's pandours") is read as a noun
    whose -s is a plural."""
    words = who.split()
    plural = len(words) > 1 and (words[0].lower() in ("the", "some") or words[0].endswith("'s")) \
        and words[-1].endswith("s") and not words[-1].endswith("ss")
    return "roll" if plural else "rolls"


@dataclass(frozen=True)
class Roll:
    """One roll as the log records it (design §4): who rolled, why, the dice, the result and the odds shown."""
    expr: str                               # canonical expression, e.g. "hits(4d6,5)>=1"
    purpose: str                            # "attack", "rally", ...
    who: str                                # who rolled (unit name)
    faces: tuple[tuple[int, ...], ...]      # faces per dice term, in the order rolled
    kept: tuple[tuple[int, ...], ...]       # faces that count per term (kh/kl); same as faces otherwise
    total: int                              # value of the left-hand side
    success: bool | None                    # the comparison, None without one
    odds: Fraction | None                   # exact chance of success shown before the roll
    odds_text: str                          # what the UI showed, e.g. "80.2%"

    def describe(self) -> str:
        """One log line in plain words, e.g.
        `Sgt Baker rolls 4d6 for attack (needs a 5 or 6, 80.2%): 2 5 1 3 — success`."""
        expr, only, shown_dice, need = _told(self.expr)
        subject = f"{self.who} {_rolls(self.who)}" if self.who else "Rolled"
        purpose = f" for {self.purpose}" if self.purpose else ""
        notes = ", ".join(t for t in (need, self.odds_text) if t)
        head = f"{subject} {shown_dice}{purpose}" + (f" ({notes})" if notes else "")
        body = self._faces_text(expr, only)
        if self.success is None:
            return f"{head}: {body}"
        return f"{head}: {body} — {'success' if self.success else 'failure'}"

    def _faces_text(self, expr: odds.Expr, only: odds.Part | None) -> str:
        if isinstance(only, odds.Hits):
            faces = " ".join(map(str, self.faces[0]))
            wanted_one = expr.comparison == ">=" and expr.target == 1
            plural = "hit" if self.total == 1 else "hits"
            return faces if wanted_one else f"{faces} ({self.total} {plural})"
        parts: list[str] = []
        dice_index = 0
        for i, term in enumerate(expr.terms):
            if isinstance(term.part, odds.Constant):
                text = str(term.part.value)
            else:
                text = _marked_faces(self.faces[dice_index], self.kept[dice_index])
                dice_index += 1
            if i:
                parts.append("-" if term.sign < 0 else "+")
            elif term.sign < 0:
                text = "-" + text
            parts.append(text)
        joined = " ".join(parts)
        single = len(expr.terms) == 1 and sum(len(f) for f in self.faces) <= 1
        return joined if single else f"{joined} = {self.total}"

    def to_json(self) -> dict[str, Any]:
        return {"expr": self.expr, "purpose": self.purpose, "who": self.who,
                "faces": [list(f) for f in self.faces], "kept": [list(k) for k in self.kept],
                "total": self.total, "success": self.success,
                "odds": None if self.odds is None else f"{self.odds.numerator}/{self.odds.denominator}",
                "odds_text": self.odds_text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Roll":
        return cls(data["expr"], data["purpose"], data["who"],
                   tuple(tuple(f) for f in data["faces"]), tuple(tuple(k) for k in data["kept"]),
                   data["total"], data["success"],
                   None if data["odds"] is None else Fraction(data["odds"]), data["odds_text"])


@functools.lru_cache(maxsize=4096)      # the same few expressions, rolled again and again
def _told(text: str) -> tuple[odds.Expr, odds.Part | None, str, str]:
    """What a roll's line says of its expression: the parsed expression, its one dice term (when it
    is the whole total), the dice shown and what the roll needs."""
    expr = odds.parse(text)
    only = expr.terms[0].part if len(expr.terms) == 1 and expr.terms[0].sign > 0 else None
    shown_dice = f"{only.count}d{only.sides}" if isinstance(only, odds.Hits) else expr.total_text
    return expr, only, shown_dice, odds.need_text(expr)


@functools.lru_cache(maxsize=4096)
def _rolled(text: str) -> tuple[odds.Expr, str, Fraction | None]:
    """An expression to roll: parsed, in canonical form, and its chance (computed before any die)."""
    parsed = odds.parse(text)
    return parsed, str(parsed), odds.probability(parsed) if parsed.comparison is not None else None


def _marked_faces(faces: Sequence[int], kept: Sequence[int]) -> str:
    """Faces in the order rolled, dropped ones (kh/kl) in parentheses: `6 (1) 4`."""
    left = list(kept)
    out = []
    for f in faces:
        if f in left:
            left.remove(f)
            out.append(str(f))
        else:
            out.append(f"({f})")
    return " ".join(out)


def _kept_faces(part: odds.Dice, faces: list[int]) -> tuple[int, ...]:
    """The faces a kh/kl term keeps, in the order rolled (ties keep the earlier die)."""
    if not part.keep:
        return tuple(faces)
    highest = part.keep == "kh"
    order = sorted(range(len(faces)), key=lambda i: (-faces[i] if highest else faces[i], i))
    chosen = set(order[:part.keep_count])
    return tuple(f for i, f in enumerate(faces) if i in chosen)


_COMPARE = {">=": lambda a, b: a >= b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b,
            "<": lambda a, b: a < b, "==": lambda a, b: a == b}


def roll(stream: DiceStream, expr: str, purpose: str, who: str = "",
         odds_text: str | None = None) -> Roll:
    """Roll an odds expression (odds.py grammar) on the game's stream and return the loggable Roll.

    The odds recorded are computed by `odds.probability` before any die is drawn, the same function
    the UI shows and the AI scores with (design §4). Dice terms draw in the order written.
    """
    parsed, canonical, chance = _rolled(expr)
    if odds_text is None:
        odds_text = "" if chance is None else odds.percent_text(chance)
    all_faces: list[tuple[int, ...]] = []
    all_kept: list[tuple[int, ...]] = []
    total = 0
    for term in parsed.terms:
        part = term.part
        if isinstance(part, odds.Constant):
            total += term.sign * part.value
            continue
        faces = stream.faces(part.count, part.sides)
        if isinstance(part, odds.Hits):
            kept = tuple(faces)
            value = sum(1 for f in faces if f >= part.target)    # hits: dice showing T or more
        else:
            kept = _kept_faces(part, faces)
            value = sum(kept)
        all_faces.append(tuple(faces))
        all_kept.append(kept)
        total += term.sign * value
    success = None
    if parsed.comparison is not None:
        success = _COMPARE[parsed.comparison](total, parsed.target)
    return Roll(canonical, purpose, who, tuple(all_faces), tuple(all_kept), total, success,
                chance, odds_text)


def derived_seed(seed: int, purpose: str) -> int:
    """A one-way seed for one use of the game's seed (the dice, the players), so that a player
    who knows its own seed cannot rebuild the dice stream and foresee the rolls."""
    return _hash_int(f"{purpose}:{seed}") % (2 ** 63)
