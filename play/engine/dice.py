"""Counter-based random numbers: draw k of a game is a pure function of (seed, k).

The state keeps only its seed and how many draws it has made, so it stays small, plain JSON,
and cheap to copy; any draw can be replayed without replaying the ones before it.
"""

from functools import lru_cache
from struct import unpack

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


# Dice mixed ahead: how many a game's state draws at once (rules._roll keeps them). Fewer waste
# less at a game's end, more share the big integers' fixed costs; 32 to 64 measure alike.
AHEAD = 48
_LANE = 128  # bits per draw: a 64-bit value times a 64-bit constant stays within its lane
_ALL_LANES = 1 << 64  # counters from here on would reach past their lane: mixed one by one
_lane_constants: dict[int, tuple[int, int, int, int]] = {}


def faces(seed: int, counter: int, count: int) -> bytes:
    """The faces of draws counter, counter + 1, ..., one die each (`roll`'s values, one a byte),
    mixed side by side: each draw is a 128-bit lane of one big integer, so the mix's dozen
    operations run once for all of them instead of once for each (mixed one by one, the dice took a
    tenth of a random playout's time).

    A lane's value is masked to 64 bits before each multiplication, so its product never
    reaches the next lane; the bits a right shift brings down from the next lane land above the
    64 that the mask keeps."""
    if counter + count > _ALL_LANES:
        return bytes(1 + draw(seed, counter + i, 6) for i in range(count))
    constants = _lane_constants.get(count)
    if constants is None:
        ones = sum(1 << (_LANE * i) for i in range(count))
        offsets = sum(i << (_LANE * i) for i in range(count))
        constants = _lane_constants[count] = (ones, offsets, _MASK * ones, _GOLDEN * ones)
    ones, offsets, masks, goldens = constants
    counters = counter * ones + offsets
    value = ((_seed_key(seed) * ones ^ counters * _GOLDEN) + goldens) & masks
    value = ((value ^ (value >> 30)) & masks) * 0xBF58476D1CE4E5B9 & masks
    value = ((value ^ (value >> 27)) & masks) * 0x94D049BB133111EB & masks
    value = (value ^ (value >> 31)) & masks
    halves = unpack(f"<{2 * count}Q", value.to_bytes(_LANE // 8 * count, "little"))
    return bytes([1 + mixed % 6 for mixed in halves[::2]])  # each lane's low half
