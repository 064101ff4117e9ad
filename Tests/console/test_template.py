"""The chat template (data/templates/chat/assist) driven end to end: a live
assist-server, the person in headless Chromium on the template's URL, and a
scripted agent on /v1/agent. Once as an ordinary browser, once with the app's
message handlers faked before the page loads (docs/chat-template.md).
The person's files (docs/protocol.md §11.6) go from the template with its
`fetch` instrumented as in test_console_files.py (requests recorded, parts
lost or held on purpose), and the agent downloads them with its own token.

Environment:
  ASSIST_SERVER_BIN   the server binary (default: .build/debug/assist-server in the repository)
  ASSIST_SCREENSHOTS  when 1, saves docs/screenshots/template-browser.png and template-browser-files.png
"""

from __future__ import annotations

import json
import os
import secrets
import string
import time
import urllib.parse
import urllib.request
from base64 import b64encode
from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from attachment_http import AttachmentHttp
from scripted_agent import ScriptedAgent
from test_console import REPO, WAIT_SECONDS, Server, running_server
from test_console_files import (DROP_FILES, INSTRUMENT, PART_BYTES, downloading_chromium, downloads,  # noqa: F401
                                pdf, png)  # (downloads: a fixture)

BROWSER_SIZE = "900,760"
SCREENSHOT = REPO / "docs" / "screenshots" / "template-browser.png"
FILES_SCREENSHOT = REPO / "docs" / "screenshots" / "template-browser-files.png"
STEPS = "Step 1: restart the router.\nStep 2: sign in again — ça marche.\n"

# The app's handlers, faked: every post is recorded in window.__posts (and kept in
# sessionStorage, so what was posted before a reload can be read after it).
FAKE_BRIDGE = """
(() => {
  const names = ["IOSInterface", "IOSChatStarted", "IOSSetSessionId", "IOSChatClosed", "IOSChatEnded",
    "IOSGetCustomerData", "IOSSaveTranscript", "IOSPrintTranscript", "IOSDownloadAttachment"];
  const posts = JSON.parse(sessionStorage.getItem("__posts") || "[]");
  window.__posts = posts;
  const handlers = {};
  for (const name of names) {
    handlers[name] = { postMessage(body) {
      posts.push([name, body]);
      sessionStorage.setItem("__posts", JSON.stringify(posts));
    } };
  }
  window.webkit = { messageHandlers: handlers };
})();
"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running_server(tmp_path) as running:
        yield running


@pytest.fixture
def browser(downloads: Path) -> Iterator[webdriver.Chrome]:
    driver = downloading_chromium(downloads, BROWSER_SIZE)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def app_view(downloads: Path) -> Iterator[webdriver.Chrome]:
    driver = downloading_chromium(downloads, BROWSER_SIZE, FAKE_BRIDGE)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def sending_browser(downloads: Path) -> Iterator[webdriver.Chrome]:
    """A browser whose attachment requests are recorded and can be lost or held (INSTRUMENT)."""
    driver = downloading_chromium(downloads, BROWSER_SIZE, INSTRUMENT)
    try:
        yield driver
    finally:
        driver.quit()


def template_url(server: Server, extra: str = "") -> str:
    return f"{server.url}/system/templates/chat/assist/index.html?entryPointId=support&locale=en_us{extra}"


def wait_until(browser: webdriver.Chrome, condition: Any, message: str) -> Any:
    return WebDriverWait(browser, WAIT_SECONDS).until(lambda _: condition(), message=message)


def text_of(browser: webdriver.Chrome, element_id: str) -> str:
    return browser.find_element(By.ID, element_id).text


def log_texts(browser: webdriver.Chrome) -> list[str]:
    """What the chat shows, read in one go (the list is redrawn as messages arrive)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#log .bubble, #log .entry.system')].map((item) => item.innerText)")


def fill_and_start(browser: webdriver.Chrome, name: str, question: str) -> None:
    browser.find_element(By.ID, "visitorName").send_keys(name)
    browser.find_element(By.ID, "question").send_keys(question)
    browser.find_element(By.CSS_SELECTOR, "#prechat button[type=submit]").click()


def say(browser: webdriver.Chrome, text: str) -> None:
    box = browser.find_element(By.ID, "message")
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def agent_file(server: Server, agent: ScriptedAgent, session: str, name: str, data: bytes, media_type: str) -> None:
    """Sam uploads `data` into the session and sends it as a chat message."""
    ticket = _upload(server, session, name, data, media_type)
    agent.send("chat", {"sessionId": session, "clientMessageId": f"file-{time.monotonic_ns()}", "text": name,
                        "attachmentTicket": ticket})


def _upload(server: Server, session: str, name: str, data: bytes, media_type: str) -> str:
    http = AttachmentHttp(server.url, server.token)
    started = http.start(name, len(data), media_type, sid=session)
    assert started.status == 201, started.body
    answer = http.put(started.json["attachmentId"], data, 0)
    assert answer.status == 200, answer.body
    return answer.json["ticket"]


def wait_for_download(folder: Path, name: str) -> bytes:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        path = folder / name
        if path.exists() and not any(folder.glob("*.crdownload")):
            return path.read_bytes()
        time.sleep(0.1)
    raise AssertionError(f"{name} was not downloaded; the folder holds {[p.name for p in folder.iterdir()]}")


def test_a_missing_name_is_refused_and_its_field_marked(server: Server, browser: webdriver.Chrome) -> None:
    browser.get(template_url(server))
    browser.find_element(By.ID, "question").send_keys("My router blinks")
    browser.find_element(By.CSS_SELECTOR, "#prechat button[type=submit]").click()
    assert text_of(browser, "prechat-problem") == "Please fill in: Name."
    assert browser.find_element(By.ID, "visitorName").get_attribute("aria-invalid") == "true"
    assert browser.find_element(By.ID, "chat").get_attribute("hidden") is not None, "no chat starts"


def test_a_person_in_a_browser_chats_downloads_opens_a_push_resumes_after_reload_with_its_waiting_push_and_closes(
        server: Server, browser: webdriver.Chrome, downloads: Path) -> None:
    browser.get(template_url(server))
    fill_and_start(browser, "Ann Lee", "My router blinks")
    wait_until(browser, lambda: "shortly" in text_of(browser, "status") or "queue" in text_of(browser, "status"),
               "the queue is shown")

    sam = ScriptedAgent(server.url, server.token)
    sam.send("acceptNext")
    assigned = sam.expect("sessionAssigned")
    session = assigned["sessionId"]
    assert assigned.get("visitorName") == "Ann Lee"
    assert {"label": "Your question", "value": "My router blinks"} in assigned.get("preChat", [])
    wait_until(browser, lambda: text_of(browser, "status") == "Chatting with Sam", "the agent joined")

    sam.send("chat", {"sessionId": session, "clientMessageId": "a-1", "text": "Hello Ann, I'm Sam."})
    wait_until(browser, lambda: "Hello Ann, I'm Sam." in log_texts(browser), "the agent's message is shown")
    say(browser, "It blinks orange.")
    assert sam.expect("chat", lambda body: body["message"]["author"] == "consumer")["message"]["text"] == "It blinks orange."
    wait_until(browser, lambda: "Delivered" in text_of(browser, "log"), "the receipt is shown")

    agent_file(server, sam, session, "steps.txt", STEPS.encode(), "text/plain")
    button = WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_element(By.CSS_SELECTOR, "#log .file"))
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SCREENSHOT))
    button.click()
    assert wait_for_download(downloads, "steps.txt") == STEPS.encode()

    pushed = f"{server.url}/healthz"
    sam.send("push", {"sessionId": session, "requestId": "p-1", "content": {"kind": "url", "url": pushed}})
    wait_until(browser, lambda: pushed in text_of(browser, "push-text"), "the push prompt is shown")
    assert "Sam wants to show you a page" in text_of(browser, "push-text")
    chat_window = browser.current_window_handle
    browser.find_element(By.ID, "push-open").click()
    answered = sam.expect("consumerAnswered")
    assert answered["kind"] == "push" and answered["accepted"] is True
    wait_until(browser, lambda: len(browser.window_handles) == 2, "the page opens in a new tab")
    new_tab = next(handle for handle in browser.window_handles if handle != chat_window)
    browser.switch_to.window(new_tab)
    wait_until(browser, lambda: browser.current_url == pushed, "the new tab shows the pushed page")
    browser.close()
    browser.switch_to.window(chat_window)

    waiting = f"{server.url}/healthz?again"
    sam.send("push", {"sessionId": session, "requestId": "p-2", "content": {"kind": "url", "url": waiting}})
    wait_until(browser, lambda: waiting in text_of(browser, "push-text"), "the second push prompt is shown")
    before = log_texts(browser)
    browser.refresh()
    wait_until(browser, lambda: log_texts(browser) == before, "the reload shows the same conversation")
    wait_until(browser, lambda: waiting in text_of(browser, "push-text"), "the push still waiting is shown again")
    browser.find_element(By.ID, "push-later").click()
    answered = sam.expect("consumerAnswered")
    assert answered["requestId"] == "p-2" and answered["accepted"] is False
    sam.send("chat", {"sessionId": session, "clientMessageId": "a-2", "text": "Still there?"})
    wait_until(browser, lambda: "Still there?" in log_texts(browser), "a message after the reload arrives")
    say(browser, "Yes, after a reload.")
    assert sam.expect("chat", lambda body: body["message"]["author"] == "consumer")["message"]["text"] == "Yes, after a reload."
    texts = log_texts(browser)
    assert all(texts.count(text) == 1 for text in texts if text != "steps.txt"), f"nothing is shown twice: {texts}"

    browser.find_element(By.ID, "close").click()
    alert = WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.switch_to.alert)
    assert alert.text == "End this chat?"
    alert.accept()
    ended = sam.expect("sessionEnded")
    assert ended["sessionId"] == session and ended["reason"] == "consumerEnded"
    wait_until(browser, lambda: text_of(browser, "status") == "You ended the chat.", "the page says the chat ended")
    sam.close()


def posts(browser: webdriver.Chrome, name: str) -> list[Any]:
    return [body for posted, body in browser.execute_script("return window.__posts") if posted == name]


def test_in_the_app_the_page_speaks_the_bridge(server: Server, app_view: webdriver.Chrome) -> None:
    browser = app_view
    browser.get(template_url(server, "&postChatAttributes=true"))
    wait_until(browser, lambda: posts(browser, "IOSGetCustomerData") == [""], "the page asks the app for customer data")
    assert browser.find_element(By.ID, "prechat").get_attribute("hidden") is not None, "the form waits for the answer"
    browser.execute_script(
        "MobileInterface.OnCustomerDataReceived(arguments[0])",
        json.dumps({"visitorName": "Ann Lee", "email": "ann@example.com", "SAMLResponse": "PHNhbWw+"}))

    sam = ScriptedAgent(server.url, server.token)
    sam.send("acceptNext")
    assigned = sam.expect("sessionAssigned")
    session = assigned["sessionId"]
    assert assigned.get("visitorName") == "Ann Lee", "the form was skipped with the app's data"
    assert assigned.get("entityMapping") == {"SAMLResponse": "PHNhbWw+"}
    assert browser.find_element(By.ID, "prechat").get_attribute("hidden") is not None
    wait_until(browser, lambda: posts(browser, "IOSSetSessionId") == [session], "the session id goes to the app")
    assert posts(browser, "IOSChatStarted") == [session]
    browser.execute_script("MobileInterface.ShowCloseButton(false)")
    assert not browser.find_element(By.ID, "close").is_displayed()
    browser.execute_script("MobileInterface.ShowCloseButton(true)")
    assert browser.find_element(By.ID, "close").is_displayed()

    sam.send("chat", {"sessionId": session, "clientMessageId": "a-1", "text": "Hello from Sam"})
    wait_until(browser, lambda: "Hello from Sam" in log_texts(browser), "the agent's message is shown")
    agent_file(server, sam, session, "steps.txt", STEPS.encode(), "text/plain")
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_element(By.CSS_SELECTOR, "#log .file")).click()
    wait_until(browser, lambda: len(posts(browser, "IOSDownloadAttachment")) == 1, "the file goes to the app")
    url = posts(browser, "IOSDownloadAttachment")[0]
    parts = urllib.parse.urlsplit(url)
    assert url.startswith(f"{server.url}/v1/attachments/") and parts.path.endswith("/download")
    assert "key" in urllib.parse.parse_qs(parts.query)
    request = urllib.request.Request(url, data=urllib.parse.urlencode({"sid": session}).encode(), method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.read() == STEPS.encode(), "the app's POST with sid and no Authorization gets the file"

    for button, name in (("save", "IOSSaveTranscript"), ("print", "IOSPrintTranscript")):
        browser.find_element(By.ID, button).click()
        wait_until(browser, lambda: len(posts(browser, name)) == 1, f"{name} is posted")
        transcript = json.loads(posts(browser, name)[0])
        assert transcript["format"] == "assist-transcript-1"
        assert transcript["sessionId"] == session and transcript["visitorName"] == "Ann Lee"
        entries = transcript["entries"]
        assert {"author": "agent", "name": "Sam", "text": "Hello from Sam"}.items() <= entries[1].items()
        assert entries[2]["attachment"] == {"name": "steps.txt", "size": len(STEPS.encode()), "mediaType": "text/plain"}
        assert all(entry["sentAt"].endswith("Z") for entry in entries)

    pushed = f"{server.url}/healthz"
    sam.send("push", {"sessionId": session, "requestId": "p-1", "content": {"kind": "url", "url": pushed}})
    wait_until(browser, lambda: pushed in text_of(browser, "push-text"), "the push prompt is shown")
    browser.find_element(By.ID, "push-open").click()
    wait_until(browser, lambda: browser.current_url == pushed, "Open navigates the view (location.assign)")
    assert len(browser.window_handles) == 1, "no window is opened in the app"

    browser.back()
    wait_until(browser, lambda: "Hello from Sam" in log_texts(browser), "back in the chat, the session resumes")
    wait_until(browser, lambda: posts(browser, "IOSSetSessionId") == [session, session],
               "the resumed session's id goes to the app again")
    assert posts(browser, "IOSChatStarted") == [session], "a resume is not a new chat"
    assert sam.expect("consumerAnswered")["accepted"] is True, "the answer arrives, if need be after the resume"
    browser.execute_script("MobileInterface.CloseChat()")
    ended = sam.expect("sessionEnded")
    assert ended["reason"] == "consumerEnded"
    wait_until(browser, lambda: posts(browser, "IOSChatEnded") == ["consumerEnded"], "the end goes to the app")
    assert posts(browser, "IOSChatClosed") == [], "CloseChat comes from the app: nothing to tell it"
    sam.close()


# One of the person's own files as the chat shows it, read in one go (items are redrawn as it goes).
OWN_FILE = """
const card = [...document.querySelectorAll("#log .upload")]
  .find((candidate) => candidate.querySelector(".upload__name").textContent === arguments[0]);
if (!card) return null;
const progress = card.querySelector(".upload__progress");
const cancel = card.querySelector(".upload__cancel");
return {
  state: card.dataset.state,
  detail: card.querySelector(".upload__detail").textContent,
  status: card.querySelector(".upload__status")?.textContent ?? null,
  receipt: card.closest("li").querySelector(".receipt")?.textContent ?? null,
  progress: progress ? [progress.value, progress.max, progress.getAttribute("aria-label")] : null,
  cancel: cancel ? cancel.getAttribute("aria-label") : null,
};
"""


def own_file(browser: webdriver.Chrome, name: str) -> dict[str, Any]:
    return browser.execute_script(OWN_FILE, name) or {}


def wait_for_own_file(browser: webdriver.Chrome, name: str, key: str, value: Any) -> dict[str, Any]:
    """Waits until the person's file `name` shows `value` as `key` (or failed), and returns what it shows."""
    wait_until(browser, lambda: own_file(browser, name).get(key) == value or own_file(browser, name).get("state") == "failed",
               f"{name}: {key} is {value!r}")
    shown = own_file(browser, name)
    assert shown.get(key) == value, f"{name} shows {shown}"
    return shown


def attach(browser: webdriver.Chrome, path: Path) -> None:
    """Chooses `path` with the file picker behind the Attach file button."""
    button = browser.find_element(By.ID, "attach")
    assert button.accessible_name == "Attach file"
    assert browser.find_element(By.CSS_SELECTOR, "label[for=files]").get_attribute("textContent") == "Files to send"
    browser.find_element(By.ID, "files").send_keys(str(path))


def requests(browser: webdriver.Chrome) -> list[dict[str, Any]]:
    return browser.execute_script("return window.fileTest.requests;")


def fault_parts(browser: webdriver.Chrome, *faults: str | None) -> None:
    browser.execute_script("window.fileTest.faults = arguments[0];", list(faults))


def files_the_agent_got(browser: webdriver.Chrome, sam: ScriptedAgent) -> list[dict[str, Any]]:
    """The person's messages with a file that reached Sam, once a plain message the person
    sends after them has arrived (so that nothing sent before is still on its way)."""
    # Letters only: a long run of digits may pass the Luhn check and arrive masked as a card number.
    marker = "marker " + "".join(secrets.choice(string.ascii_lowercase) for _ in range(16))
    say(browser, marker)
    got = []
    while True:
        message = sam.expect("chat", lambda body: body["message"]["author"] == "consumer")["message"]
        if message["text"] == marker:
            return got
        if "attachment" in message:
            got.append(message)


def agent_download(server: Server, session: str, message: dict[str, Any]) -> bytes:
    """Sam downloads the file a chat message carries, with his own token."""
    answer = AttachmentHttp(server.url, server.token).download(message["attachment"]["attachmentId"], session)
    assert answer.status == 200, answer.body
    return answer.body


def assert_no_browser_errors(browser: webdriver.Chrome, server: Server, refusals: bool = False) -> None:
    """No browser errors but the template's missing favicon.ico and, with `refusals`, Chromium's
    note of each attachment request the server refused (it reports every HTTP error answer to `fetch`)."""
    def expected(message: str) -> bool:
        return "/favicon.ico " in message or (refusals and "/v1/attachments" in message
                                             and "Failed to load resource" in message)
    severe = [entry for entry in browser.get_log("browser")
              if entry["level"] == "SEVERE" and not expected(entry["message"])]
    assert severe == [], f"browser errors: {severe}\nserver log:\n{server.log.read_text()}"


def start_and_queue(browser: webdriver.Chrome, server: Server) -> None:
    browser.get(template_url(server))
    fill_and_start(browser, "Ann Lee", "My router blinks")
    wait_until(browser, lambda: "shortly" in text_of(browser, "status") or "queue" in text_of(browser, "status"),
               "the queue is shown")


def take_the_chat(browser: webdriver.Chrome, server: Server) -> tuple[ScriptedAgent, str]:
    """Sam takes Ann from the queue; returns him and the session."""
    sam = ScriptedAgent(server.url, server.token)
    sam.send("acceptNext")
    session = sam.expect("sessionAssigned")["sessionId"]
    wait_until(browser, lambda: text_of(browser, "status") == "Chatting with Sam", "the agent joined")
    return sam, session


def test_a_person_sends_files_queued_and_chatting_and_the_agent_gets_them_byte_for_byte(
        server: Server, sending_browser: webdriver.Chrome, tmp_path: Path) -> None:
    browser = sending_browser
    notes = "Router model: XR-500\nLights: power green, internet orange — since Monday\n".encode()
    (tmp_path / "notes.txt").write_bytes(notes)
    picture = png(1000, 700, compress=False)
    assert 2 * PART_BYTES < len(picture) < 3 * PART_BYTES
    (tmp_path / "router lights.png").write_bytes(picture)
    start_and_queue(browser, server)

    message_box = browser.find_element(By.ID, "message")
    message_box.send_keys(Keys.SHIFT, Keys.TAB)
    assert browser.switch_to.active_element.get_attribute("id") == "attach", "Attach file is reached by keyboard"

    # While queued, as in the app: the file goes to the server and waits there for the agent.
    attach(browser, tmp_path / "notes.txt")
    shown = wait_for_own_file(browser, "notes.txt", "receipt", "Sent")
    assert shown["detail"] == f"{len(notes)} bytes · Plain text" and shown["progress"] is None
    sam, session = take_the_chat(browser, server)
    queued = sam.expect("chat", lambda body: "attachment" in body["message"])["message"]
    assert queued["author"] == "consumer" and queued["text"] == "notes.txt"
    assert (queued["attachment"]["name"], queued["attachment"]["size"], queued["attachment"]["mediaType"]) == \
        ("notes.txt", len(notes), "text/plain")
    assert agent_download(server, session, queued) == notes
    wait_for_own_file(browser, "notes.txt", "receipt", "Delivered")

    # Chatting: a picture of three parts.
    sam.send("chat", {"sessionId": session, "clientMessageId": "a-1", "text": "Could you send a photo of the lights?"})
    wait_until(browser, lambda: "Could you send a photo of the lights?" in log_texts(browser), "the agent asks")
    attach(browser, tmp_path / "router lights.png")
    message = sam.expect("chat", lambda body: "attachment" in body["message"])["message"]
    assert message["text"] == "router lights.png"
    assert (message["attachment"]["size"], message["attachment"]["mediaType"]) == (len(picture), "image/png")
    assert agent_download(server, session, message) == picture
    shown = wait_for_own_file(browser, "router lights.png", "receipt", "Delivered")
    assert shown["detail"] == "2.1 MB · PNG image"
    sam.send("chat", {"sessionId": session, "clientMessageId": "a-2", "text": "Thanks, the orange light says the line is down."})
    wait_until(browser, lambda: "Thanks, the orange light says the line is down." in log_texts(browser), "the agent answers")
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        FILES_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        assert browser.save_screenshot(str(FILES_SCREENSHOT))
    parts = [(request["offset"], request["status"]) for request in requests(browser) if request["method"] == "PUT"]
    assert parts == [("0", 200), ("0", 200), (str(PART_BYTES), 200), (str(2 * PART_BYTES), 200)], parts
    assert all(request["path"].startswith("/v1/attachments") for request in requests(browser))

    # Dropped on the chat.
    dropped = "Dropped on the chat\n".encode()
    browser.execute_script(DROP_FILES, browser.find_element(By.ID, "log"),
                           [["dropped.txt", "text/plain", b64encode(dropped).decode()]])
    message = sam.expect("chat", lambda body: "attachment" in body["message"])["message"]
    assert message["attachment"]["name"] == "dropped.txt" and agent_download(server, session, message) == dropped
    wait_for_own_file(browser, "dropped.txt", "receipt", "Delivered")
    assert "dropping" not in browser.find_element(By.ID, "chat").get_attribute("class")
    assert files_the_agent_got(browser, sam) == [], "each file reached the agent once"
    sam.close()
    assert_no_browser_errors(browser, server)


def test_refused_files_say_why_in_the_conversation_and_reach_no_one(
        tmp_path: Path, sending_browser: webdriver.Chrome) -> None:
    browser = sending_browser
    large = png(200, 100, compress=False)
    limits = ("--attachment-max-bytes", "20000", "--attachment-type", "image/png", "--attachment-type", "text/plain")
    with running_server(tmp_path, *limits) as server:
        start_and_queue(browser, server)
        sam, session = take_the_chat(browser, server)
        asked = AttachmentHttp(server.url, server.token)
        refusals = {name: asked.start(name, size, media_type, sid=session)
                    for name, size, media_type in (("large.png", len(large), "image/png"),
                                                   ("invoice.pdf", 1000, "application/pdf"),
                                                   ("empty.txt", 0, "text/plain"))}
        assert [answer.status for answer in refusals.values()] == [413, 415, 400]
        expected = {name: answer.json["message"] for name, answer in refusals.items()}
        assert expected["large.png"].startswith("The file is larger than")
        expected["archive.zip"] = \
            "archive.zip cannot be sent: only images (PNG, JPEG, GIF, WebP), PDF documents and plain text files can."

        for name, data in (("large.png", large), ("invoice.pdf", pdf()), ("empty.txt", b""),
                           ("archive.zip", b"PK\x03\x04\x14\x00 not a text")):
            (tmp_path / name).write_bytes(data)
            attach(browser, tmp_path / name)
        for name, sentence in expected.items():
            shown = wait_for_own_file(browser, name, "state", "failed")
            assert shown["status"] == sentence, name
            assert shown["receipt"] is None and shown["progress"] is None, name
        assert not any(request["method"] == "PUT" for request in requests(browser)), "no refused file sends a byte"
        assert files_the_agent_got(browser, sam) == []
        sam.close()
        assert_no_browser_errors(browser, server, refusals=True)


def test_cancel_during_the_upload_leaves_nothing_for_the_agent(
        server: Server, sending_browser: webdriver.Chrome, tmp_path: Path) -> None:
    browser = sending_browser
    (tmp_path / "scan.png").write_bytes(png(1000, 700, compress=False))
    start_and_queue(browser, server)
    sam, session = take_the_chat(browser, server)
    fault_parts(browser, None, "hold")
    attach(browser, tmp_path / "scan.png")
    wait_until(browser, lambda: browser.execute_script("return window.fileTest.held;"), "the second part is held")
    shown = wait_for_own_file(browser, "scan.png", "status", "Sending… 49 %")
    assert shown["progress"][0] == PART_BYTES and shown["progress"][2] == "Sending scan.png"
    assert shown["cancel"] == "Cancel sending scan.png"
    browser.find_element(By.CSS_SELECTOR, "#log .upload__cancel").click()

    shown = wait_for_own_file(browser, "scan.png", "state", "cancelled")
    assert shown["status"] == "Cancelled; the file was not sent." and shown["progress"] is None
    assert shown["receipt"] is None
    wait_until(browser, lambda: any(request["method"] == "DELETE" and request["status"] == 204
                                    for request in requests(browser)), "the upload is deleted")
    attachment_id = next(request["path"] for request in requests(browser) if request["method"] == "DELETE").rsplit("/", 1)[1]
    assert AttachmentHttp(server.url, server.token).status(attachment_id).status == 404
    assert files_the_agent_got(browser, sam) == []
    sam.close()
    assert_no_browser_errors(browser, server)


def test_an_upload_goes_on_from_what_the_server_holds_when_answers_are_lost(
        server: Server, sending_browser: webdriver.Chrome, tmp_path: Path) -> None:
    browser = sending_browser
    picture = png(1000, 700, compress=False)
    (tmp_path / "cable.png").write_bytes(picture)
    start_and_queue(browser, server)
    sam, session = take_the_chat(browser, server)
    # The second part reaches the server but its answer is lost; the next try of the third part
    # is lost before it goes; the last part's answer, with the ticket, is lost too.
    fault_parts(browser, None, "after", None, "before", "after")
    attach(browser, tmp_path / "cable.png")

    message = sam.expect("chat", lambda body: "attachment" in body["message"])["message"]
    assert agent_download(server, session, message) == picture
    wait_for_own_file(browser, "cable.png", "receipt", "Delivered")
    steps = [(request["method"], request["offset"], request["status"]) for request in requests(browser)]
    one, two = str(PART_BYTES), str(2 * PART_BYTES)
    assert steps == [
        ("POST", None, 201), ("PUT", "0", 200), ("PUT", one, "200 lost"), ("PUT", one, 409), ("PUT", two, "lost"),
        ("PUT", two, "200 lost"), ("PUT", two, 409), ("GET", None, 200),
    ], steps
    assert files_the_agent_got(browser, sam) == [], "the file reached the agent once"
    sam.close()
    assert_no_browser_errors(browser, server, refusals=True)


def test_a_reload_during_an_upload_says_the_file_was_not_sent_and_deletes_it(
        server: Server, sending_browser: webdriver.Chrome, tmp_path: Path) -> None:
    browser = sending_browser
    (tmp_path / "scan.png").write_bytes(png(1000, 700, compress=False))
    start_and_queue(browser, server)
    sam, session = take_the_chat(browser, server)
    fault_parts(browser, None, "hold")
    attach(browser, tmp_path / "scan.png")
    wait_until(browser, lambda: browser.execute_script("return window.fileTest.held;"), "the second part is held")
    attachment_id = next(request for request in requests(browser) if request["method"] == "PUT")["path"].rsplit("/", 1)[1]
    assert AttachmentHttp(server.url, server.token).status(attachment_id).json.get("received") == PART_BYTES

    browser.refresh()
    shown = wait_for_own_file(browser, "scan.png", "state", "failed")
    assert shown["status"] == "The page was reloaded before the file was sent." and shown["progress"] is None
    wait_until(browser, lambda: [(request["method"], request["status"]) for request in requests(browser)]
               == [("DELETE", 204)], "what the server held is deleted")
    assert AttachmentHttp(server.url, server.token).status(attachment_id).status == 404
    wait_until(browser, lambda: text_of(browser, "status") == "Chatting with Sam", "the chat resumed")
    assert files_the_agent_got(browser, sam) == []
    sam.close()
    assert_no_browser_errors(browser, server)
