"""Counter-based random numbers: draw k of a game is a pure function of (seed, k).

The state keeps only its seed and how many draws it has made, so it stays small, plain JSON,
and cheap to copy; any draw can be replayed without replaying the ones before it.
"""

from functools import lru_cache

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(value: int) -> int:
    value = (value + _GOLDEN) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


def draw(seed: int, counter: int, sides: int) -> int:
    """The counter-th draw of a game with this seed: a number from 0 to sides - 1."""
    return _splitmix64(_seed_key(seed) ^ (counter * _GOLDEN & _MASK)) % sides


@lru_cache(maxsize=256)
def _seed_key(seed: int) -> int:
    # The same for every draw of a game: mixed once instead of at every draw.
    return _splitmix64(seed & _MASK)


def roll(seed: int, counter: int, count: int) -> tuple[int, ...]:
    """`count` dice: draws counter, counter + 1, ... of six sides each, plus one."""
    key = _seed_key(seed)
    # _splitmix64 spelled out with its constants: a roll runs at every turn, and the call and the
    # look-ups cost as much as the mix. counter * _GOLDEN is masked only after the addition: the
    # bits above 64 it keeps until then never reach the low 64 (no carry runs downwards).
    value = ((key ^ counter * 0x9E3779B97F4A7C15) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    first = 1 + (value ^ (value >> 31)) % 6
    if count == 1:
        return (first,)
    value = ((key ^ (counter + 1) * 0x9E3779B97F4A7C15) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    second = 1 + (value ^ (value >> 31)) % 6
    if count == 2:
        return (first, second)
    rest = (1 + _splitmix64(key ^ ((counter + i) * _GOLDEN & _MASK)) % 6 for i in range(2, count))
    return (first, second, *rest)


def shuffled(items: list, seed: int, counter: int) -> tuple[list, int]:
    """A Fisher-Yates shuffle of a copy of items; returns it and the next counter."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = draw(seed, counter, i + 1)
        counter += 1
        result[i], result[j] = result[j], result[i]
    return result, counter
