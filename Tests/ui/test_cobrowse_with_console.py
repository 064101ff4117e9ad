"""Co-browse end to end: the real app shares its window with a human agent in
the real console (headless Chromium), through a live assist-server.

The person (driven through AT-SPI) asks for help; the agent (driven through
Selenium) takes the session, asks to see the window and gets its picture on
the console's canvas, asks for control and clicks a button of the app on
that canvas; the person stops sharing and the console shows it stopped. Then
the server restarts gracefully with both connected, and the chat goes on.
"""

from __future__ import annotations

import json
import os
import secrets
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pyatspi
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from accessible_app import App, do_action, find_all, has_been_on_screen, save_window_picture, set_text, wait_for
from conftest import Journey, SupportServer, running_journey
from test_support_journey import (
    RECONNECT_TIMEOUT, SCREENSHOTS, clear_drawing_button, main_window, one, own_entries, send_chat_message, shown_texts,
    transcript)

AGENT = "Casey"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
BROWSER_WAIT = 30  # seconds: a debug server and app on a busy two-core machine


@dataclass
class Console:
    """The agent console in headless Chromium, signed in as Casey."""

    driver: webdriver.Chrome
    wait: WebDriverWait

    def session(self):
        return self.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "article.session")))

    def canvas(self):
        return self.session().find_element(By.CSS_SELECTOR, ".shared-window canvas")


@pytest.fixture(scope="module")
def journey(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journey]:
    """The server with one human agent (no demo agent), and the app."""
    running, token = casey_journey(tmp_path_factory.mktemp("assist-cobrowse"))
    with running as started:
        started.notes["token"] = token
        yield started


@contextmanager
def open_console(journey: Journey, extra_arguments: tuple[str, ...] = (), page_script: str | None = None,
                 downloads: Path | None = None) -> Iterator[Console]:
    """The console in headless Chromium (with `extra_arguments`, `page_script` run
    before the page's own scripts, and files it downloads saved in `downloads`
    without asking), signed in as Casey."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     *extra_arguments):
        options.add_argument(argument)
    if downloads is not None:
        options.add_experimental_option("prefs", {
            "download.default_directory": str(downloads), "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        if page_script:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": page_script})
        driver.get(f"{journey.server.url}/console")
        page = Console(driver, WebDriverWait(driver, BROWSER_WAIT))
        field = page.wait.until(EC.element_to_be_clickable((By.ID, "agent-token")))
        field.send_keys(journey.notes["token"], Keys.ENTER)
        yield page
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def console(journey: Journey) -> Iterator[Console]:
    with open_console(journey) as page:
        yield page


def casey_journey(folder: Path, desktop_arguments: tuple[str, ...] = (), server_arguments: tuple[str, ...] = (),
                  extra_environment: dict[str, str] | None = None, **app_options):
    """The server (with `server_arguments`) with one human agent, Casey (no demo
    agent), and the app (with `desktop_arguments`, `extra_environment` and the
    other `app_options` of running_journey)."""
    token = secrets.token_urlsafe(24)
    agents = folder / "agents.json"
    agents.write_text(json.dumps({"agents": [
        {"id": "casey", "name": AGENT, "token": token, "capacity": 1, "destinations": ["support"]}]}))
    server = SupportServer(folder, ("--agents", str(agents), *server_arguments))
    return running_journey(folder, server, desktop_arguments, extra_environment, **app_options), token


def take_the_session(journey: Journey, console: Console) -> None:
    """The person asks for help through the form; Casey takes the session in the console."""
    app = journey.app
    get_help = wait_for("the 'Get help' button", lambda: app.window("Assist") and find_all(
        main_window(app), "push button", name="Get help"), app, timeout=30)
    do_action(get_help[0], "click")
    wait_for("the pre-chat form", lambda: [b for b in find_all(main_window(app), "push button", name="Start chat")
                                           if has_been_on_screen(b)], app)
    window = main_window(app)
    set_text(one(app, window, "text", "Name"), "Ada Lovelace")
    set_text(one(app, window, "text", "Email"), "ada@example.org")
    do_action(one(app, window, "push button", "Start chat"), "click")

    accept = console.wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "#queue-list .queue-entry__accept")))
    accept.click()
    console.session()
    wait_for(f"{AGENT} joining the chat", lambda: f"Chatting with {AGENT}" in shown_texts(main_window(app)) or None,
             app)


def window_point(app: App, widget) -> tuple[int, int]:
    """The middle of `widget` in the app window's pixels, as the frames count them."""
    window = main_window(app).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    box = widget.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return box.x - window.x + box.width // 2, box.y - window.y + box.height // 2


def test_person_asks_for_help_and_the_agent_takes_the_session(journey: Journey, console: Console) -> None:
    take_the_session(journey, console)


def test_accepted_share_shows_the_window_on_the_console(journey: Journey, console: Console) -> None:
    app = journey.app
    console.session().find_element(By.CSS_SELECTOR, ".session__share").click()
    title = f"{AGENT} asks to see this app's window"
    prompt = wait_for(f"the dialog {title!r}", lambda: app.window(title), app)
    do_action(one(app, prompt, "push button", "Accept"), "click")
    wait_for("the sharing bar", lambda: f"{AGENT} can see this window" in shown_texts(main_window(app)) or None, app)

    canvas = console.canvas()
    console.wait.until(lambda _: (canvas.get_attribute("data-frame") or "0") != "0")
    extents = main_window(app).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    width, height, distinct = console.driver.execute_script(
        "const c = arguments[0]; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        "const seen = new Set(); for (let i = 0; i < d.length; i += 4 * 97) seen.add(d[i] << 16 | d[i+1] << 8 | d[i+2]);"
        "return [c.width, c.height, seen.size];", canvas)
    assert (width, height) == (extents.width, extents.height), "the picture is not the app window's size"
    assert distinct > 8, f"the picture has only {distinct} colours: nothing of the window was drawn"


def test_agent_in_control_clicks_a_button_of_the_app_on_the_canvas(journey: Journey, console: Console) -> None:
    app = journey.app
    console.session().find_element(By.CSS_SELECTOR, ".session__control").click()
    title = f"{AGENT} asks to control this app's window"
    prompt = wait_for(f"the dialog {title!r}", lambda: app.window(title), app)
    do_action(one(app, prompt, "push button", "Accept"), "click")
    wait_for("the louder sharing bar", lambda: f"{AGENT} can see and control this window" in shown_texts(
        main_window(app)) or None, app)
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        assert save_window_picture(main_window(app), SCREENSHOTS / "app-control.png")

    end = one(app, main_window(app), "push button", "End support")
    x, y = window_point(app, end)
    canvas = console.canvas()
    console.wait.until(lambda _: console.session().find_element(By.CSS_SELECTOR, ".shared-window__control").is_displayed())
    box_width, box_height = console.driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", canvas)
    picture_width, picture_height = canvas.get_property("width"), canvas.get_property("height")
    # The picture is drawn with object-fit: contain (one scale, centred), and
    # Selenium 4 offsets are from the element's centre.
    scale = min(box_width / picture_width, box_height / picture_height)
    ActionChains(console.driver).move_to_element_with_offset(
        canvas, round((x - picture_width / 2) * scale), round((y - picture_height / 2) * scale)).click().perform()
    dialog = wait_for("the 'End support?' dialog the agent's click opened", lambda: app.window("End support?"), app)
    do_action(one(app, dialog, "push button", "Cancel"), "click")
    wait_for("the dialog to close", lambda: app.window("End support?") is None, app)


def test_agent_draws_on_the_canvas_and_the_person_clears_the_drawing(journey: Journey, console: Console) -> None:
    app = journey.app
    toggle = console.session().find_element(By.CSS_SELECTOR, ".shared-window__draw-toggle")
    toggle.click()
    console.wait.until(lambda _: toggle.get_attribute("aria-pressed") == "true")
    canvas = console.canvas()
    left, top, box_width, box_height = console.driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", canvas)
    # The picture is drawn with object-fit: contain (one scale, centred): the
    # stroke stays inside the middle of what is shown of it.
    scale = min(box_width / canvas.get_property("width"), box_height / canvas.get_property("height"))
    half_width, half_height = canvas.get_property("width") * scale / 2, canvas.get_property("height") * scale / 2
    centre_x, centre_y = left + box_width / 2, top + box_height / 2
    drag = ActionBuilder(console.driver, duration=20)
    points = [(-0.4, -0.3), (0.0, -0.3), (0.3, 0.0), (0.3, 0.3)]
    for index, (dx, dy) in enumerate(points):
        drag.pointer_action.move_to_location(round(centre_x + dx * half_width), round(centre_y + dy * half_height))
        if index == 0:
            drag.pointer_action.pointer_down()
    drag.pointer_action.pointer_up()
    drag.perform()
    clear = wait_for("Clear drawing in the app to become pressable once the stroke arrives",
                     lambda: clear_drawing_button(app, sensitive=True), app)
    toggle.click()
    console.wait.until(lambda _: toggle.get_attribute("aria-pressed") == "false")
    do_action(clear, "click")
    wait_for("Clear drawing to be greyed out again", lambda: clear_drawing_button(app, sensitive=False), app)
    status = console.session().find_element(By.CSS_SELECTOR, ".shared-window__drawing-status")
    console.wait.until(lambda _: "The visitor cleared your drawings." in status.text)


def test_person_stops_sharing_and_the_console_shows_it(journey: Journey, console: Console) -> None:
    app = journey.app
    do_action(one(app, main_window(app), "push button", "Stop sharing"), "click")
    wait_for("the sharing bar to go", lambda: f"{AGENT} can see" not in " ".join(shown_texts(main_window(app))) or None,
             app)
    status = console.session().find_element(By.CSS_SELECTOR, ".shared-window")
    console.wait.until(lambda _: "Sharing stopped" in status.text)


MESSAGE_DURING_RESTART = "Typed while the server restarted with both of us connected."
REPLY_AFTER_RESTART = "Casey here again after the restart."


def console_messages(console: Console) -> list[str]:
    return [item.text for item in console.session().find_elements(By.CSS_SELECTOR, ".message__text")]


def test_graceful_restart_with_app_and_console_connected_loses_nothing_on_either_side(
        journey: Journey, console: Console) -> None:
    app = journey.app
    status = journey.server.terminate_gracefully()
    assert status == 0, \
        f"assist-server exited with status {status} after SIGTERM; log:\n{journey.server.log_excerpt()}"
    send_chat_message(app, MESSAGE_DURING_RESTART)
    wait_for("the message typed during the restart in the transcript",
             lambda: own_entries(app, MESSAGE_DURING_RESTART), app)

    journey.server.start()
    wait_for("the message typed during the restart to be Delivered",
             lambda: [e for e in own_entries(app, MESSAGE_DURING_RESTART) if e.delivery == "Delivered"], app,
             timeout=RECONNECT_TIMEOUT)
    WebDriverWait(console.driver, RECONNECT_TIMEOUT).until(
        lambda _: MESSAGE_DURING_RESTART in console_messages(console))
    assert console_messages(console).count(MESSAGE_DURING_RESTART) == 1, console_messages(console)
    assert len(own_entries(app, MESSAGE_DURING_RESTART)) == 1, transcript(app)

    composer = console.session().find_element(By.CSS_SELECTOR, ".composer textarea")
    composer.send_keys(REPLY_AFTER_RESTART, Keys.ENTER)
    wait_for("the console's reply after the restart in the app",
             lambda: [e for e in transcript(app) if e.text == REPLY_AFTER_RESTART], app, timeout=RECONNECT_TIMEOUT)
    assert [e.author for e in transcript(app) if e.text == REPLY_AFTER_RESTART] == [AGENT], transcript(app)
