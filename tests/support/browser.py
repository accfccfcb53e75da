"""Headless Debian Chromium through Selenium, for the browser tests.

Chromium and its driver are the system packages (``apt-get install chromium
chromium-driver``); the paths are given explicitly so Selenium Manager never tries to
download a browser.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ARGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
    "--window-size=1400,1000",
)


@contextmanager
def chromium() -> Iterator[WebDriver]:
    """A headless Chromium that keeps the page's console messages (``get_log("browser")``)."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    if missing:
        # A failure, not a skip: a green run must mean the pages really were clicked through.
        pytest.fail(
            f"Browser test needs {', '.join(missing)}: install the Debian packages "
            "`chromium` and `chromium-driver` (apt-get install -y chromium chromium-driver).",
            pytrace=False,
        )
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ARGS:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
