"""The agent console driven end to end: a live assist-server, headless Chromium
(Selenium) as the agent, and a scripted consumer speaking the wire protocol.

Environment:
  ASSIST_SERVER_BIN   the server binary (default: .build/debug/assist-server in the repository)
  ASSIST_SCREENSHOTS  when 1, saves docs/screenshots/console-session.png
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import secrets
import socket
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from scripted_consumer import ScriptedConsumer

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT_SECONDS = 10
SCREENSHOT = REPO / "docs" / "screenshots" / "console-session.png"


@dataclass
class Server:
    """A running assist-server."""

    url: str
    token: str
    log: Path


@contextlib.contextmanager
def running_server(folder: Path, *extra_arguments: str) -> Iterator[Server]:
    """Starts assist-server on a free port with one agent, Sam, and stops it afterwards."""
    token = secrets.token_urlsafe(32)
    agents = folder / "agents.json"
    agents.write_text(json.dumps({"agents": [
        {"id": "sam", "name": "Sam", "token": token, "capacity": 2, "destinations": ["support"]},
    ]}))
    binary = Path(os.environ.get("ASSIST_SERVER_BIN", REPO / ".build" / "debug" / "assist-server"))
    arguments = ["--host", "127.0.0.1", "--port", "0", "--database", ":memory:", "--agents", str(agents)]
    log = folder / "server.log"
    with log.open("w") as log_file:
        process = subprocess.Popen(
            [str(binary), *arguments, *extra_arguments], stdout=subprocess.PIPE, stderr=log_file, text=True, cwd=REPO)
    try:
        yield Server(url=_listening_url(process, log), token=token, log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running_server(tmp_path) as started:
        yield started


def _listening_url(process: subprocess.Popen[str], log: Path) -> str:
    """Reads the server's first stdout line, `listening on URL`, then keeps draining stdout."""
    lines: queue.Queue[str] = queue.Queue()

    def drain() -> None:
        for line in process.stdout:
            lines.put(line)
        lines.put("")

    threading.Thread(target=drain, name="assist-server-stdout", daemon=True).start()
    try:
        first = lines.get(timeout=30)
    except queue.Empty:
        first = ""
    prefix = "listening on "
    if not first.startswith(prefix):
        process.kill()
        raise RuntimeError(f"assist-server did not report its URL (got {first!r}); log:\n{log.read_text()}")
    return first[len(prefix):].strip()


class DroppingProxy:
    """A TCP relay between the browser and the server that can cut every
    connection at once (a network drop: no close frame) and refuse new ones
    until restored."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self.upstream: tuple[str, int] | None = None
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._refusing = False
        threading.Thread(target=self._accept_forever, name="dropping-proxy", daemon=True).start()

    def drop(self) -> None:
        """Cuts every relayed connection and refuses new ones until `restore`."""
        with self._lock:
            self._refusing = True
            connections, self._open = self._open, []
        for connection in connections:
            _close_quietly(connection)

    def restore(self) -> None:
        with self._lock:
            self._refusing = False

    def close(self) -> None:
        self.drop()
        _close_quietly(self._listener)

    def _accept_forever(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                refusing = self._refusing or self.upstream is None
            if refusing:
                _close_quietly(client)
                continue
            try:
                server = socket.create_connection(self.upstream)
            except OSError:
                _close_quietly(client)
                continue
            with self._lock:
                self._open += [client, server]
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=_pump, args=(source, target), daemon=True).start()


def _pump(source: socket.socket, target: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            target.sendall(data)
    except OSError:
        pass
    finally:
        _close_quietly(source)
        _close_quietly(target)


def _close_quietly(connection: socket.socket) -> None:
    try:
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    connection.close()


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--force-prefers-reduced-motion", "--lang=en-GB"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


class ConsolePage:
    """The console as an agent sees it, addressed through its labels and landmarks."""

    def __init__(self, driver: webdriver.Chrome, server_url: str) -> None:
        self.driver = driver
        self.wait = WebDriverWait(driver, WAIT_SECONDS)
        driver.get(f"{server_url}/console")

    def sign_in(self, token: str) -> None:
        field = self.wait.until(EC.element_to_be_clickable((By.ID, "agent-token")))
        field.send_keys(token, Keys.ENTER)

    def wait_for_status(self, state: str) -> str:
        status = self.driver.find_element(By.ID, "connection-status")
        self.wait.until(lambda _: status.get_attribute("data-state") == state)
        return status.text

    def sign_in_message(self) -> str:
        message = self.driver.find_element(By.ID, "sign-in-message")
        self.wait.until(lambda _: message.text != "")
        return message.text

    def queue_entry(self, session_id: str) -> WebElement:
        return self.wait.until(EC.visibility_of_element_located(
            (By.CSS_SELECTOR, f"#queue-list li[data-session-id={json.dumps(session_id)}]")))

    def session(self, session_id: str) -> WebElement:
        return self.wait.until(EC.visibility_of_element_located(
            (By.CSS_SELECTOR, f"article.session[data-session-id={json.dumps(session_id)}]")))

    def wait_for_text(self, element: WebElement, selector: str, text: str) -> WebElement:
        """Waits until an element under `element` shows `text`, and returns it."""
        def found(_: object) -> WebElement | bool:
            matches = [part for part in element.find_elements(By.CSS_SELECTOR, selector) if text in part.text]
            return matches[0] if matches else False
        return self.wait.until(found)

    def wait_for_state(self, element: WebElement, state: str) -> str:
        self.wait.until(lambda _: element.get_attribute("data-state") == state)
        return element.text


def test_agent_helps_a_visitor_from_queue_to_end(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    console.sign_in(server.token)
    assert console.wait_for_status("connected") == "Connected as Sam"

    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [
            {"label": "Order number", "value": "A-1042"},
            {"label": "Topic", "value": "Invoice address"},
        ])

        entry = console.queue_entry(consumer.session_id)
        assert entry.find_element(By.CSS_SELECTOR, ".queue-entry__name").text == "Ann Lee"
        assert entry.find_element(By.CSS_SELECTOR, ".queue-entry__destination").text == "support"
        assert entry.find_element(By.CSS_SELECTOR, ".queue-entry__position").get_attribute("data-position") == "0"
        assert "A-1042" in entry.find_element(By.CSS_SELECTOR, ".prechat").text
        entry.find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()

        session = console.session(consumer.session_id)
        joined = consumer.expect("agentJoined")
        assert joined.body["agent"]["id"] == "sam"
        assert session.find_element(By.CSS_SELECTOR, ".session__name").text == "Ann Lee"

        composer = session.find_element(By.CSS_SELECTOR, ".composer textarea")
        composer.send_keys("Hi Ann, I'm Sam.")
        ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
        composer.send_keys("How can I help?")
        agent_typing = consumer.expect("typing", lambda frame: frame.body.get("isTyping") is True)
        assert agent_typing.body["agentId"] == "sam"
        composer.send_keys(Keys.ENTER)
        greeting = consumer.expect("chat", lambda frame: frame.body.get("author") == "agent")
        assert greeting.body["text"] == "Hi Ann, I'm Sam.\nHow can I help?"
        assert composer.get_attribute("value") == ""
        own = console.wait_for_text(session, ".message--agent", "How can I help?")
        receipt = own.find_element(By.CSS_SELECTOR, ".message__receipt")
        console.wait.until(lambda _: receipt.get_attribute("data-status") in {"sent", "stored", "delivered"})

        consumer.typing(True)
        console.wait_for_text(session, ".typing", "Ann Lee is typing")
        consumer.chat("My invoice shows my old address.")
        incoming = console.wait_for_text(session, ".message--consumer", "My invoice shows my old address.")
        assert incoming.find_element(By.CSS_SELECTOR, ".message__author").text == "Ann Lee"
        console.wait.until(lambda _: session.find_element(By.CSS_SELECTOR, ".typing").text == "")

        session.find_element(By.CSS_SELECTOR, ".session__share").click()
        share_status = session.find_element(By.CSS_SELECTOR, ".session__share-status")
        assert "waiting for Ann Lee" in console.wait_for_state(share_status, "pending")
        request = consumer.expect("screenShareRequest")
        assert request.body["agentId"] == "sam"
        consumer.answer_screen_share(request.body["requestId"], accepted=True)
        assert "accepted" in console.wait_for_state(share_status, "accepted")

        push_form = session.find_element(By.CSS_SELECTOR, ".session__push")
        push_input = push_form.find_element(By.CSS_SELECTOR, "input")
        push_status = push_form.find_element(By.CSS_SELECTOR, ".session__push-status")
        push_input.send_keys("javascript:alert(1)", Keys.ENTER)
        console.wait_for_state(push_status, "invalid")
        assert push_input.get_attribute("aria-invalid") == "true"
        push_input.clear()
        push_input.send_keys("https://example.com/help/address", Keys.ENTER)
        pushed = consumer.expect("push")
        assert pushed.body["content"] == {"kind": "url", "url": "https://example.com/help/address"}
        consumer.answer_push(pushed.body["requestId"], accepted=True)
        assert "opened https://example.com/help/address" in console.wait_for_state(push_status, "accepted")

        if os.environ.get("ASSIST_SCREENSHOTS") == "1":
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            assert browser.save_screenshot(str(SCREENSHOT))

        session.find_element(By.CSS_SELECTOR, ".session__end").click()
        dialog = console.wait.until(EC.visibility_of_element_located((By.ID, "end-dialog")))
        dialog.find_element(By.ID, "closing-words").send_keys("Thanks Ann, have a good day.")
        dialog.find_element(By.ID, "end-confirm").click()
        ended = consumer.expect("sessionEnded")
        assert ended.body["reason"] == "agentEnded"
        assert ended.body.get("text") == "Thanks Ann, have a good day."
        console.wait_for_text(session, ".session__ended", "You ended the session.")
        assert not session.find_element(By.CSS_SELECTOR, ".composer").is_displayed()
    finally:
        consumer.close()

    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == [], f"browser errors: {severe}\nserver log:\n{server.log.read_text()}"


def test_wrong_token_shows_the_authentication_error(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    console.sign_in("not-" + server.token)
    assert "Authentication failed" in console.sign_in_message()
    assert console.wait_for_status("signedOut") == "Signed out"
    assert not browser.find_element(By.ID, "workspace").is_displayed()
    assert browser.find_element(By.ID, "agent-token").get_attribute("value") == ""


def test_console_resumes_after_a_dropped_connection(tmp_path: Path, browser: webdriver.Chrome) -> None:
    proxy = DroppingProxy()
    with running_server(tmp_path, "--allow-origin", proxy.url) as server:
        proxy.upstream = ("127.0.0.1", int(server.url.rsplit(":", 1)[1]))
        console = ConsolePage(browser, proxy.url)
        console.sign_in(server.token)
        console.wait_for_status("connected")
        consumer = ScriptedConsumer(server.url)
        try:
            consumer.hello("support", "Ann Lee", [])
            console.queue_entry(consumer.session_id)
            browser.find_element(By.ID, "accept-next").click()
            session = console.session(consumer.session_id)
            consumer.expect("agentJoined")
            composer = session.find_element(By.CSS_SELECTOR, ".composer textarea")

            proxy.drop()
            assert "reconnecting" in console.wait_for_status("reconnecting").lower()
            consumer.chat("Are you still there?")
            composer.send_keys("Sorry, my connection dropped.", Keys.ENTER)
            held = console.wait_for_text(session, ".message--agent", "my connection dropped")
            assert held.find_element(By.CSS_SELECTOR, ".message__receipt").get_attribute("data-status") == "sending"

            proxy.restore()
            WebDriverWait(browser, 3 * WAIT_SECONDS).until(
                lambda _: browser.find_element(By.ID, "connection-status").get_attribute("data-state") == "connected")
            console.wait_for_text(session, ".message--consumer", "Are you still there?")
            replayed = consumer.expect("chat", lambda frame: frame.body.get("author") == "agent")
            assert replayed.body["text"] == "Sorry, my connection dropped."
            receipt = held.find_element(By.CSS_SELECTOR, ".message__receipt")
            console.wait.until(lambda _: receipt.get_attribute("data-status") in {"sent", "stored", "delivered"})
            texts = [item.text for item in session.find_elements(By.CSS_SELECTOR, ".message__text")]
            assert texts.count("Are you still there?") == 1
            assert texts.count("Sorry, my connection dropped.") == 1
        finally:
            consumer.close()
            proxy.close()
