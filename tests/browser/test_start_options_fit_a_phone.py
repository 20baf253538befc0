"""The start page's options on a 390 px phone, in every language (issue 26): the page does not
scroll sideways, and no control shows its chosen option cut off (the pace's long labels are
radios whose labels wrap)."""

from pathlib import Path

import pytest

OVERFLOWING = (Path(__file__).parent / "overflowing.js").read_text(encoding="utf-8")
# Each select's chosen option, measured in the select's own font against the room it has
# (its width less its padding, the arrow sitting in the right padding): what is cut, as lines.
CUT_OPTIONS = """() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const select of document.querySelectorAll('main select')) {
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex].text.trim();
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = select.clientWidth - padding;
    if (canvas.measureText(text).width > room) cut.push(`${select.name}: ${text}`);
  }
  return cut;
}"""


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_start_pages_options_fit_a_phone(live_server, browser, language):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(live_server.url + "/")

    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert page.evaluate(CUT_OPTIONS) == []
    pace = page.locator("input[name=pace]:checked")
    assert pace.count() == 1 and pace.get_attribute("value") == "relaxed"
    context.close()
