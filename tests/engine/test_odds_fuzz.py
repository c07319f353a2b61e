"""Any text is either exact odds in [0, 1] or an OddsSyntaxError: never another exception, never a hang."""
from datetime import timedelta
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import odds

# Near-valid text: the grammar's own characters, so the fuzz reaches deep into the parser.
GRAMMAR_CHARS = "0123456789dDkhlits(),+-<>= "
near_valid = st.text(alphabet=GRAMMAR_CHARS, max_size=40)

small = st.integers(min_value=0, max_value=12)
term = st.one_of(
    st.builds(lambda n, x: f"{n}d{x}", small, st.integers(0, 30)),
    st.builds(lambda n, x, k, kk: f"{n}d{x}{k}{kk}", small, st.integers(0, 20),
              st.sampled_from(["kh", "kl"]), small),
    st.builds(lambda n, x, t: f"hits({n}d{x},{t})", small, st.integers(0, 20), st.integers(0, 25)),
    st.builds(str, st.integers(0, 99)),
)
structured = st.builds(
    lambda terms, ops, cmp, target: "".join(o + t for o, t in zip(ops, terms)) + cmp + target,
    st.lists(term, min_size=1, max_size=4),
    st.lists(st.sampled_from(["", "+", "-"]), min_size=4, max_size=4),
    st.sampled_from(["", ">=", ">", "<=", "<", "==", "="]),
    st.builds(str, st.integers(-5, 120)),
)


def check_any_text(text: str) -> None:
    try:
        p = odds.probability(text)
    except odds.OddsSyntaxError as e:
        assert str(e).startswith(f"at column {e.position + 1}: ")
        assert 0 <= e.position <= len(text)
        return
    assert isinstance(p, Fraction) and 0 <= p <= 1


@settings(max_examples=300, deadline=timedelta(seconds=2))
@given(st.text(max_size=250))
def test_fuzz_any_text_is_odds_or_syntax_error(text):
    check_any_text(text)


@settings(max_examples=300, deadline=timedelta(seconds=2))
@given(near_valid)
def test_fuzz_grammar_characters_are_odds_or_syntax_error(text):
    check_any_text(text)


@settings(max_examples=200, deadline=timedelta(seconds=2))
@given(structured)
def test_fuzz_structured_expressions_are_odds_or_syntax_error(text):
    check_any_text(text)
