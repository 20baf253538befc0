"""Where a game's seed comes from. Every roll of a game follows from its seed
(`play.engine.dice`), so a seed nobody chose is drawn from the operating system's secure source,
64 bits of it: a smaller one could be found by trying every seed against the rolls already seen.
The engine never draws one (it takes the seed from its setup)."""

import secrets

SEED_BITS = 64


def fresh_seed() -> int:
    """A seed nobody can foresee."""
    return secrets.randbits(SEED_BITS)
