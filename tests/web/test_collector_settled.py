"""An app process leaves what it loaded to live with it, out of the collector's full passes
(machikoro.asgi.settle_the_collector; docs/live.md, "The fifth stop")."""

import gc

import machikoro.asgi


def test_what_the_app_loaded_is_frozen_and_full_passes_come_a_tenth_as_often():
    thresholds = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)  # Python's defaults
    loaded = len(gc.get_objects())
    try:
        machikoro.asgi.settle_the_collector()

        assert gc.get_freeze_count() >= loaded // 2  # the app's objects, not a handful
        assert gc.get_threshold() == (700, 10, machikoro.asgi.FULL_PASS_EVERY)
        assert machikoro.asgi.FULL_PASS_EVERY == 100
    finally:
        gc.set_threshold(*thresholds)
