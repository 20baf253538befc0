"""A phone for the operations drill: a game's page in Chromium, through nginx, as a player
holds it. It says the version its board shows, then, for each version the drill names on a line
of its stdin, whether the board came to show it (within 30 s) — with no reload: the page's own
stream, and its reconnection when its server goes away, bring it.

    .venv/bin/python .ci/drill_phone.py URL HOST
"""

import sys

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright


def main() -> None:
    url, host = sys.argv[1:3]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[f"--host-resolver-rules=MAP {host} 127.0.0.1"],  # the site's name, here
        )
        page = browser.new_page(ignore_https_errors=True)  # the drill's throwaway certificate
        page.goto(url)
        page.wait_for_selector("#board")
        print("open", page.get_attribute("#board", "data-version"), flush=True)
        for line in sys.stdin:
            wanted = line.strip()
            try:
                page.wait_for_selector(f'#board[data-version="{wanted}"]', timeout=30_000)
                print("saw", wanted, flush=True)
            except PlaywrightTimeout:
                print("missed", page.get_attribute("#board", "data-version"), flush=True)
        browser.close()


if __name__ == "__main__":
    main()
