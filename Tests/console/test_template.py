"""The chat template (data/templates/chat/assist) driven end to end: a live
assist-server, the person in headless Chromium on the template's URL, and a
scripted agent on /v1/agent. Once as an ordinary browser, once with the app's
message handlers faked before the page loads (template-bridge-contract.md).

Environment:
  ASSIST_SERVER_BIN   the server binary (default: .build/debug/assist-server in the repository)
  ASSIST_SCREENSHOTS  when 1, saves docs/screenshots/template-browser.png
"""

from __future__ import annotations

import json
import os
import time
import urllib.parse
import urllib.request
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
from test_console_files import downloading_chromium, downloads  # noqa: F401 (downloads: a fixture)

BROWSER_SIZE = "900,760"
SCREENSHOT = REPO / "docs" / "screenshots" / "template-browser.png"
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


def test_a_person_in_a_browser_chats_downloads_opens_a_push_resumes_after_reload_and_closes(
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

    before = log_texts(browser)
    browser.refresh()
    wait_until(browser, lambda: log_texts(browser) == before, "the reload shows the same conversation")
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
