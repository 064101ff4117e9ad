"""Template mode end to end (issue 15): the real app shows the real chat
template (data/templates/chat/assist) served by a live assist-server, and a
scripted agent (scripted_agent.py) plays Casey.

WebKitGTK's page content is not in the app's accessibility tree here (Debian
12's GTK 4.8 has no AT-SPI socket for WebKit to plug into), so the person acts
in the page with the keyboard and the pointer (xdotool), as a person does, and
what happened is read where it shows: in what the agent receives and in the
app's own GTK widgets (the End Chat menu item, the download banner, the pushed
page's window, the file chooser), through AT-SPI, and in the page's text as
copied to the clipboard. A scripted agent rather than the console in
Chromium: it pushes pages, and its receipts say when a message has gone to the
page, which the keyboard steps wait for.

1. The customer's data (`customerData` in the configuration file, and
   `postChatAttributes=true` in the URL) skips the form: Casey sees the name.
2. The page's IOSChatStarted / IOSSetSessionId turn End Chat on.
3. Chat both ways: Casey's file reaches the page and the person's reply Casey.
4. The file, clicked in the page, is saved in the person's XDG Downloads folder
   byte for byte (POST with `sid`), and the banner says so.
5. The person's own file: the page's Attach file opens WebKit's file chooser,
   GTK's, in the app's process, so it is found through AT-SPI; the person
   types the file's path there (a folder the sandboxed web process cannot
   see: its /tmp is its own). Casey downloads the file byte for byte with his
   token, and the page shows it Delivered — read as a person would copy it
   (Ctrl+A, Ctrl+C, the clipboard).
6. A pushed page, opened in the page, opens in a window of its own.
7. End Chat (MobileInterface.CloseChat()) ends the chat: Casey gets
   sessionEnded, and IOSChatEnded turns End Chat off.
8. What the real template never does, with a stand-in template on two origins
   (template_probe_site.py): `window.open` from the person's click goes to the
   person's browser (a stand-in handler of http/https records it) while the
   one the page tries on its own as it loads goes nowhere, and a frame from
   another origin cannot reach the app.

The steps run in order, as in test_support_journey.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pyatspi
import pytest

from accessible_app import App, do_action, find_all, has_been_on_screen, has_state, save_window_picture, text_of, \
    wait_for
from conftest import DESKTOP_BIN, Journey, stand_in_desktop, start_desktop, stop_process
from scripted_agent import ScriptedAgent
from template_probe_site import ProbeSite
from test_cobrowse_with_console import AGENT, casey_journey
from test_files_with_console import png
from test_support_journey import SCREENSHOTS, main_window

TEMPLATE = "/system/templates/chat/assist/index.html?entryPointId=support&locale=en_us&postChatAttributes=true"
VISITOR = "Ada Lovelace"
QUESTION = "My printer prints only blank pages."
GREETING = "Hello Ada, I'm Casey. Here are the steps."
REPLY = "Thanks Casey, I have the steps."
DOCUMENT = "reset steps.txt"
DOCUMENT_BYTES = "Step 1: turn the printer off.\nStep 2: hold Reset — ça marche.\n".encode()
FAQ_URL = "https://help.example.com/faq?from=template"
UNASKED_URL = "https://offers.example.com/?from=template"
PAGE_WINDOW = "Page from the agent"
PICTURE = "printer lights.png"
PICTURE_BYTES = png(64, 48, seed=15)
# WebKit's title for the file chooser of an <input type=file multiple>.
CHOOSER = "Select Files"
# Prints the clipboard's text (run by the tests' Python, which has Gdk 4's bindings).
CLIPBOARD_READER = """
import os, gi
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib
loop = GLib.MainLoop()
def done(clipboard, result):
    try:
        print(clipboard.read_text_finish(result) or "", end="")
    except GLib.Error:
        pass
    loop.quit()
Gdk.Display.open(os.environ["DISPLAY"]).get_clipboard().read_text_async(None, done)
GLib.timeout_add_seconds(10, loop.quit)
loop.run()
"""
# The template's composer sits this far above the bottom of the window: the
# footer's buttons, the page's padding, then the middle of the message box.
COMPOSER_ABOVE_BOTTOM = 105


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("assist-template")


@pytest.fixture(scope="module")
def desktop_environment(folder: Path) -> dict[str, str]:
    """The person's Downloads folder named the XDG way, and a stand-in
    browser, the default for http and https, that records what it was given."""
    return stand_in_desktop(folder, folder / "Downloads", "browser", ("x-scheme-handler/http", "x-scheme-handler/https"),
                            folder / "browsed.txt")


@pytest.fixture(scope="module")
def customer_configuration(folder: Path) -> Path:
    """The app's configuration file: the customer's data for the template's form."""
    path = folder / "assist.json"
    path.write_text(json.dumps({"customerData": {"visitorName": VISITOR, "email": "ada@example.org",
                                                 "question": QUESTION}}))
    return path


@pytest.fixture(scope="module")
def journey(folder: Path, desktop_environment: dict[str, str], customer_configuration: Path) -> Iterator[Journey]:
    running, token = casey_journey(folder, extra_environment=desktop_environment, config=customer_configuration,
                                   chat_template=TEMPLATE)
    with running as started:
        started.notes["token"] = token
        yield started


@pytest.fixture(scope="module")
def agent(journey: Journey) -> Iterator[ScriptedAgent]:
    casey = ScriptedAgent(journey.server.url, journey.notes["token"], timeout=30)
    try:
        yield casey
    finally:
        casey.close()


def menu_buttons(app: App) -> tuple:
    """The main menu's button, which says whether the menu is open (expanded),
    and the toggle inside it, which has the action."""
    found = wait_for("the 'Main menu' button", lambda: find_all(main_window(app), "push button", name="Main menu"), app)
    outer = [node for node in found if not node.queryAction().nActions]
    toggle = [node for node in found if node.queryAction().nActions]
    return outer[0], toggle[0]


def open_menu(app: App) -> None:
    outer, toggle = menu_buttons(app)
    do_action(toggle, "click")
    wait_for("the main menu open", lambda: has_state(outer, pyatspi.STATE_EXPANDED), app)


def end_chat_item(app: App):
    """The main menu's End Chat item. The menu is built when it first opens and
    its items then stay, following their action, so it is opened (and closed
    with Escape, which gives the focus back to the menu button) only the first
    time."""
    items = find_all(app.root(), "menu item", name="End Chat")
    if items:
        return items[0]
    open_menu(app)
    item = wait_for("End Chat in the open menu", lambda: find_all(app.root(), "menu item", name="End Chat"), app)[0]
    press("Escape")
    wait_for("the main menu closed", lambda: not has_state(menu_buttons(app)[0], pyatspi.STATE_EXPANDED), app)
    return item


def end_chat_offered(app: App) -> bool:
    return has_state(end_chat_item(app), pyatspi.STATE_SENSITIVE)


def choose_end_chat(app: App) -> None:
    """Chooses End Chat in the main menu."""
    open_menu(app)
    do_action(end_chat_item(app), "click")


def click_the_composer(app: App) -> None:
    """Clicks the template's message box, at the bottom of the window."""
    window = main_window(app).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x = window.x + window.width * 2 // 5
    y = window.y + window.height - COMPOSER_ABOVE_BOTTOM
    click_at(x, y)
    wait_for("the keyboard in the page", lambda: has_state(
        find_all(main_window(app), "filler", name="WebKitWebView")[0], pyatspi.STATE_FOCUSED), app)


def press(*keys: str) -> None:
    subprocess.run(["xdotool", "key", "--delay", "60", *keys], check=True)


def click_at(x: int, y: int) -> None:
    """Clicks the left button at `x`, `y` on the screen, as the person does."""
    subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"], check=True)


def banner_text(app: App) -> str:
    """The download banner's sentence ('' while it has said nothing)."""
    texts = [text_of(label) for label in find_all(main_window(app), "label")]
    return next((text for text in texts if text.startswith(("Saved ", "The file was not saved."))), "")


def choose_in_the_file_chooser(app: App, path: Path) -> None:
    """Chooses `path` in the file chooser WebKit opens for the page's file
    input (GTK's, in the app's process), typing the path as a person would
    (Ctrl+L, the path) and pressing Open."""
    chooser = wait_for(f"the file chooser '{CHOOSER}'", lambda: app.window(CHOOSER), app)
    give_the_keyboard_to(CHOOSER)
    press("ctrl+l")
    time.sleep(0.3)  # the location bar opens on the next frame
    subprocess.run(["xdotool", "type", "--delay", "15", str(path)], check=True)
    wait_for("the typed path in the location bar",
             lambda: [entry for entry in find_all(chooser, "text") if text_of(entry) == str(path)], app)
    # The dialog's buttons keep their mnemonic's underscore in their name: "_Open Open".
    do_action(next(button for button in find_all(chooser, "push button")
                   if button.name.replace("_", "") in ("Open", "Open Open")), "click")
    wait_for("the file chooser to close", lambda: app.window(CHOOSER) is None, app)
    give_the_keyboard_to(main_window(app).name)


def give_the_keyboard_to(title: str) -> None:
    """Focuses the X11 window titled `title` (a regular expression for
    xdotool; the titles here are plain words), as a window manager would (Xvfb
    has none: the chooser would not get the keyboard, and the main window
    would not get it back when the chooser closes)."""
    window_ids = subprocess.run(["xdotool", "search", "--name", f"^{title}$"], capture_output=True,
                                text=True, check=False).stdout.split()
    assert window_ids, f"no X11 window is titled {title!r}"
    subprocess.run(["xdotool", "windowfocus", "--sync", window_ids[-1]], check=True)


def page_text() -> str:
    """The text the page shows, as a person copies it: the whole page selected
    (Ctrl+A, with the keyboard in the page but not in a text field) and copied
    (Ctrl+C), then read from the clipboard (Gdk, in a process of its own)."""
    press("ctrl+a", "ctrl+c")
    return subprocess.run([sys.executable, "-c", CLIPBOARD_READER], capture_output=True, text=True, timeout=30,
                          check=True).stdout


def settled_file_card(name: str) -> list[str]:
    """The lines of the person's own file card `name` as the page shows it
    (its name, its size and type, and how it went) once it no longer says it
    is on its way ("Sending…", "Sent"); [] until then."""
    lines = page_text().splitlines()
    card = lines[lines.index(name):][:3] if name in lines else []
    return card if len(card) == 3 and not card[2].startswith(("Sending", "Sent")) else []


def delivered_to_the_page(agent: ScriptedAgent, message_id: str) -> None:
    """Waits for the server's receipt of Casey's message: it has been handed to the page's connection."""
    agent.expect("chatReceipt", lambda body: body["receipt"]["clientMessageId"] == message_id)


def test_customer_data_skips_the_form_and_the_agent_sees_the_persons_name(
        journey: Journey, agent: ScriptedAgent) -> None:
    assignment = agent.accept_next(within=60)
    journey.notes["session"] = assignment["sessionId"]
    assert assignment.get("visitorName") == VISITOR
    assert {"label": "Your question", "value": QUESTION} in assignment.get("preChat", [])


def test_template_mode_is_the_web_program_that_assist_desktop_became(journey: Journey) -> None:
    # assist-desktop was started with --chat-url; the same process now runs assist-desktop-web, with WebKitGTK.
    program = os.readlink(f"/proc/{journey.desktop.pid}/exe")
    assert Path(program).name == "assist-desktop-web", program
    assert Path(program).parent == DESKTOP_BIN.resolve().parent
    assert "libwebkitgtk-6.0" in Path(f"/proc/{journey.desktop.pid}/maps").read_text()


def test_the_chat_started_by_the_page_can_be_ended_from_the_menu(journey: Journey) -> None:
    app = journey.app
    wait_for("End Chat offered once the page said the chat started", lambda: end_chat_offered(app), app)


def test_the_agents_file_reaches_the_page_and_the_persons_reply_the_agent(
        journey: Journey, agent: ScriptedAgent) -> None:
    session = journey.notes["session"]
    agent.chat(session, GREETING)
    delivered_to_the_page(agent, agent.send_file(session, DOCUMENT, DOCUMENT_BYTES, "text/plain"))
    click_the_composer(journey.app)
    subprocess.run(["xdotool", "type", "--delay", "40", REPLY], check=True)
    press("Return")
    said = agent.expect("chat", lambda body: body["message"]["author"] == "consumer")["message"]
    assert said["text"] == REPLY


def test_the_file_clicked_in_the_page_is_saved_in_the_persons_downloads_byte_for_byte(
        journey: Journey, folder: Path) -> None:
    app = journey.app
    # From the message box, the file is two controls back: Attach file comes between them.
    press("shift+Tab", "shift+Tab", "Return")
    banner = wait_for("the download banner", lambda: banner_text(app), app, timeout=30)
    assert banner == f"Saved {DOCUMENT} in Downloads."
    assert (folder / "Downloads" / DOCUMENT).read_bytes() == DOCUMENT_BYTES


def test_a_file_chosen_in_the_file_chooser_reaches_the_agent_byte_for_byte_and_is_delivered(
        journey: Journey, agent: ScriptedAgent, folder: Path) -> None:
    app = journey.app
    picture = folder / PICTURE
    picture.write_bytes(PICTURE_BYTES)
    click_the_composer(app)
    # Attach file is the message box's previous control.
    press("shift+Tab", "Return")
    choose_in_the_file_chooser(app, picture)
    said = agent.expect("chat", lambda body: body["message"]["author"] == "consumer"
                        and "attachment" in body["message"], timeout=30)["message"]
    assert said["attachment"]["name"] == PICTURE
    assert said["attachment"]["mediaType"] == "image/png"
    assert agent.download(journey.notes["session"], said["attachment"]["attachmentId"]) == PICTURE_BYTES
    # The chooser gives the keyboard back to Attach file, a button: Ctrl+A there selects the whole page.
    card = wait_for("the file's card past Sending and Sent", lambda: settled_file_card(PICTURE), app,
                    timeout=30, interval=0.5)
    assert card[1].endswith(" · PNG image") and card[2] == "Delivered", f"the page shows {card}"
    click_the_composer(app)  # which also ends the selection


def test_a_pushed_page_opened_in_the_page_opens_in_its_own_window(journey: Journey, agent: ScriptedAgent) -> None:
    app = journey.app
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":  # the chat so far, with the banner revealed by now
        assert save_window_picture(main_window(app), SCREENSHOTS / "app-template-mode.png")
    session = journey.notes["session"]
    pushed = f"{journey.server.url.rstrip('/')}/healthz"
    request_id = agent.push(session, pushed)
    delivered_to_the_page(agent, agent.chat(session, "It opens in a window of its own."))
    # The prompt takes the focus to its Open button.
    press("Return")
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == request_id)
    assert answer["kind"] == "push" and answer["accepted"] is True
    wait_for(f"the window '{PAGE_WINDOW}'", lambda: app.window(PAGE_WINDOW), app, timeout=30)
    assert end_chat_offered(app), "the chat stays in the main window"


def test_end_chat_in_the_menu_ends_the_chat_for_the_agent(journey: Journey, agent: ScriptedAgent) -> None:
    app = journey.app
    choose_end_chat(app)
    ended = agent.expect("sessionEnded")
    assert ended["sessionId"] == journey.notes["session"] and ended["reason"] == "consumerEnded"
    wait_for("End Chat off once the page said the chat ended", lambda: not end_chat_offered(app), app)


@pytest.fixture(scope="module")
def probe(journey: Journey, folder: Path, desktop_environment: dict[str, str],
          customer_configuration: Path) -> Iterator[ProbeSite]:
    """The app again, on the stand-in template: the first one is stopped, so
    that the accessibility tree has one assist-desktop."""
    stop_process(journey.desktop)
    site = ProbeSite(FAQ_URL, UNASKED_URL)
    log_path = journey.artifacts / "probe-desktop.log"
    with log_path.open("wb") as log:
        process = start_desktop(folder, journey.server.url, log, ("--chat-url", site.template_url),
                                desktop_environment, customer_configuration)
        journey.desktop = process
        journey.app = App(DESKTOP_BIN.name, process=process, log=log_path)
        try:
            yield site
        finally:
            stop_process(process)
            site.close()


def test_window_open_from_the_persons_click_goes_to_the_browser_and_opens_no_view(
        journey: Journey, probe: ProbeSite, folder: Path) -> None:
    app = journey.app
    wait_for("the probe page loaded (its IOSChatStarted heard)", lambda: end_chat_offered(app), app, timeout=60)
    browsed = folder / "browsed.txt"
    assert not browsed.exists(), "the window.open the page tried on its own, as it loaded, went nowhere"
    window = main_window(app).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = window.x + window.width // 2, window.y + window.height * 2 // 5  # the FAQ button: the page's top 60 %
    click_at(x, y)
    lines = wait_for("the browser's launch", lambda: browsed.exists() and browsed.read_text().splitlines(), app,
                     timeout=60)
    assert lines == [FAQ_URL], "only the click's window reached the browser"
    assert [window.name for window in app.windows()] == ["Assist"]


def test_a_frame_from_another_origin_reaches_nothing(journey: Journey, probe: ProbeSite) -> None:
    app = journey.app
    reports = wait_for("the frame's report", lambda: probe.frame_reports, app, timeout=60)
    assert reports == [{"webkit": "undefined"}], "the frame has no window.webkit at all"
    wait_for("End Chat on: the template's IOSChatStarted heard, the frame's IOSChatEnded not",
             lambda: end_chat_offered(app), app)
    closed = find_all(main_window(app), "label", text="The chat is closed")
    assert closed and not has_been_on_screen(closed[0]), "the frame's IOSChatClosed was not heard"
    choose_end_chat(app)
    wait_for("End Chat off after the template's own IOSChatEnded", lambda: not end_chat_offered(app), app)
