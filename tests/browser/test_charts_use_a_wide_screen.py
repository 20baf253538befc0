"""Charts on a 1280 px screen (issue 26): side by side across the page, not small at its left."""

import datetime

from campaign import flow


def test_the_campaigns_charts_span_a_wide_screen(live_server, page):
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "human"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 1))
    page.set_viewport_size({"width": 1280, "height": 800})

    page.goto(f"{live_server.url}/c/{campaign.table_secret}/charts/")

    main = page.locator("main").bounding_box()
    boxes = [chart.bounding_box() for chart in page.locator("svg.chart").all()]
    assert len(boxes) == 2
    assert boxes[0]["y"] == boxes[1]["y"]  # side by side
    left = min(box["x"] for box in boxes)
    right = max(box["x"] + box["width"] for box in boxes)
    assert right - left >= 0.75 * main["width"]
    # each centred in its half
    middle = main["x"] + main["width"] / 2
    assert abs((left - main["x"]) - (main["x"] + main["width"] - right)) < 40
    assert boxes[0]["x"] + boxes[0]["width"] < middle < boxes[1]["x"]
