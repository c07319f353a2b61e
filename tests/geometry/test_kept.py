"""The geometry's bounded memories (game/geometry/kept.py): least recently used forgotten first, and a key
another thread forgot between two steps is no error (the window's AI thread and the network thread ask
while the window draws; `get` then `move_to_end` raised KeyError when the key went in between)."""
from game.geometry.kept import Kept


def test_the_least_recently_used_answer_is_forgotten_first():
    kept = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1                   # "a" now the most recently used
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c"), len(kept)) == (1, None, 3, 2)


def test_a_key_forgotten_by_another_thread_between_two_steps_is_no_error():
    kept = Kept(4)
    kept.put("a", 1)
    answers = kept._answers
    found = answers.get

    def get_then_forgotten(key, default=None):
        hit = found(key, default)
        answers.pop(key, None)                  # the other thread forgets it here
        return hit
    answers.get = get_then_forgotten            # type: ignore[method-assign]
    assert kept.get("a") == 1                   # the answer stands; it is simply no longer kept
    assert kept.get("a") is None and len(kept) == 0


def test_a_memory_emptied_by_another_thread_while_it_forgets_is_no_error():
    kept = Kept(1)
    kept.put("a", 1)
    answers = kept._answers
    popitem = answers.popitem

    def emptied_first(last=True):
        answers.clear()                         # the other thread cleared it first
        return popitem(last=last)
    answers.popitem = emptied_first             # type: ignore[method-assign]
    assert kept.put("b", 2) == 2
