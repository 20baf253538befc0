"""Every recorded game plays exactly as it did when it was recorded: the same legal actions, the
same events, the same states (tests/engine/recorded_games.py says what is compared). The engine
may grow faster, never different."""

from recorded_games import digest_game, first_difference, load, setup_of

STEPS_AT_LEAST = 100_000  # the fixture is not silently emptied


def test_the_recorded_games_replay_alike():
    recording = load()
    differing = []
    steps = 0
    for number, game in enumerate(recording["games"]):
        steps += len(game["actions"])
        setup = setup_of(recording, game)
        replayed = digest_game(number, setup, game["actions"], check_unchanged=True)
        if replayed["chain"] != game["chain"] or replayed["final"] != game["final"]:
            step = first_difference(game["checkpoints"], replayed["checkpoints"])
            differing.append(
                f"game {number} (seed {game['seed']}): first differs after step {step}"
            )
    assert not differing, (
        f"{len(differing)} of {len(recording['games'])} games differ:\n" + "\n".join(differing[:20])
    )
    assert steps >= STEPS_AT_LEAST
