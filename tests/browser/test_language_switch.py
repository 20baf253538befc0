def test_choosing_a_language_switches_the_page(live_server, page):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Build your city, one roll at a time"

    with page.expect_navigation():
        page.select_option("#language-select", "de")

    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("h1").inner_text() == "Baut eure Stadt, Wurf für Wurf"
