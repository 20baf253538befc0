"""The campaign's numbers for Prometheus (machikoro.metrics serves them): its steps taken."""

from prometheus_client import Counter

STEPS = Counter(
    "machikoro_campaign_steps_total",
    "Campaign steps stored (read on, picks, a game recorded, the winner's moment…), by kind",
    ["kind"],
)
