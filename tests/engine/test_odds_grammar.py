"""The odds expression grammar (design §4, contract): what parses, and where a malformed one broke."""
import time

import pytest

from game.engine import odds
from game.engine.odds import OddsSyntaxError, OddsTooLargeError, parse


@pytest.mark.parametrize("text, canonical", [
    ("3d6", "3d6"), ("d8", "d8"), ("1d8", "d8"), ("3d6kh2", "3d6kh2"), ("3d6kl2", "3d6kl2"),
    ("4d6kh", "4d6kh1"), (" 3 d 6 + 2 >= 10 ", "3d6+2>=10"), ("D8 + D12 >= 11", "d8+d12>=11"),
    ("hits( 4d6 , 5 ) >= 1", "hits(4d6,5)>=1"), ("HITS(d6,6)==1", "hits(1d6,6)==1"),
    ("-d6+3<=-1", "-d6+3<=-1"), ("+2d6-1>7", "2d6-1>7"), ("5", "5"), ("d6 >= +4", "d6>=4"),
    ("100d6", "100d6"), ("d1000<500", "d1000<500"), ("999999999", "999999999"),
])
def test_grammar_accepts_terms_keeps_constants_and_comparisons(text, canonical):
    assert str(parse(text)) == canonical
    assert str(parse(str(parse(text)))) == canonical         # canonical text parses to itself


@pytest.mark.parametrize("text, column, words", [
    ("", 1, "expected a die like 3d6 or an integer, found the end of the expression"),
    ("3d6+x", 5, "expected a die like 3d6 or an integer, found 'x'"),
    ("3d6 x", 5, "expected '+', '-', a comparison such as >= 5, or the end of the expression, found 'x'"),
    ("3d6>=", 6, "expected an integer after '>=', found the end of the expression"),
    ("3d6>=x", 6, "expected an integer after '>=', found 'x'"),
    ("3d", 3, "expected the number of sides after 'd'"),
    ("3d6k2", 4, "found 'k'"),
    ("2d6=7", 4, "found '=' (use '==' to compare for equality)"),
    ("2d6!=7", 4, "found '!'"),
    ("2d6>=7>=8", 7, "expected the end of the expression, found '>='"),
    ("2d6 >= 7 7", 10, "expected the end of the expression, found '7'"),
    ("3d6+", 5, "found the end of the expression"),
    ("3d6++1", 5, "found '+'"),
    ("3*d6", 2, "found '*'"),
    ("(3d6)", 1, "found '('"),
    ("hits", 5, "expected '(' after 'hits'"),
    ("hits(4d6)", 9, "expected ',' and the target number"),
    ("hits(4d6,)", 10, "expected the target number each die must reach, found ')'"),
    ("hits(4d6,5", 11, "expected ')' closing hits(...)"),
    ("hits(x,5)", 6, "expected a die like 4d6 inside hits(...)"),
    ("hits(4d6kh2,5)", 9, "found 'kh'"),
    ("0d6", 1, "roll at least 1 die, not 0"),
    ("d0", 2, "a die needs at least 1 side"),
    ("4d6kh5", 4, "cannot keep 5 of 4 dice"),
    ("4d6kl0", 4, "cannot keep 0 of 4 dice"),
    ("d6 >= 4\u00e9", 8, "found '\u00e9'"),
    ("2d6\u0660", 4, "found"),                                 # a non-ASCII digit is not a digit
    ("2d6>=\n", 7, "found the end of the expression"),
])
def test_parse_error_says_where_it_broke(text, column, words):
    with pytest.raises(OddsSyntaxError) as info:
        parse(text)
    assert info.value.column == column
    assert str(info.value) == f"at column {column}: {info.value.message}"
    assert words in str(info.value)


@pytest.mark.parametrize("text, column, words", [
    ("101d6", 1, "101 dice are too many (at most 100)"),
    ("d1001", 2, "a die of 1001 sides is too large (at most 1000)"),
    ("d6+1234567890", 4, "the integer 1234567890 is too long (at most 9 digits)"),
    ("d6>=" + "9" * 150, 5, "too long (at most 9 digits)"),
    ("d6+" * 70 + "1", 201, "the expression is too long (211 characters, at most 200)"),
    ("3d301kh2", 6, "at most 300 sides"),
])
def test_limits_on_dice_sides_digits_and_length(text, column, words):
    with pytest.raises(OddsSyntaxError) as info:
        parse(text)
    assert info.value.column == column and words in str(info.value)


@pytest.mark.parametrize("text, column", [("100d1000>=5", 1), ("d6+d1000+d1000+d1000>3", 16),
                                          ("99d100kh50", 1), ("60d60+60d60", 1)])
def test_too_large_to_compute_is_refused_before_computing(text, column):
    start = time.perf_counter()
    with pytest.raises(OddsTooLargeError) as info:
        odds.probability(text)
    assert time.perf_counter() - start < 0.5          # refused by estimate, not by trying
    assert info.value.column == column and "too large to compute exactly" in str(info.value)
    assert isinstance(info.value, OddsSyntaxError)


def test_probability_requires_a_comparison():
    with pytest.raises(OddsSyntaxError) as info:
        odds.probability("2d6 + 1")
    assert info.value.column == 8
    assert "expected a comparison such as >= 5" in str(info.value)


def test_parse_and_results_are_cached_by_canonical_expression():
    assert parse("2d6 >= 7") is parse("2d6 >= 7")
    odds.probability("2d6>=7")
    hits = odds._probability_of.cache_info().hits
    odds.probability(" 2D6>=7")                       # different text, same canonical expression
    assert odds._probability_of.cache_info().hits == hits + 1


def test_need_text_in_plain_words():
    assert odds.need_text("hits(4d6,5)>=1") == "needs a 5 or 6"
    assert odds.need_text("hits(4d6,6)>=1") == "needs a 6"
    assert odds.need_text("hits(4d20,15)>=2") == "needs 2 dice showing 15 or better"
    assert odds.need_text("d8+d12>=11") == "needs 11 or more"
    assert odds.need_text("d10<7") == "needs under 7"
    assert odds.need_text("2d6") == ""
