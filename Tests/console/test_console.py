"""The agent console driven end to end: a live assist-server, headless Chromium
(Selenium) as the agent, and a scripted consumer speaking the wire protocol.

Environment:
  ASSIST_SERVER_BIN   the server binary (default: .build/debug/assist-server in the repository)
  ASSIST_SCREENSHOTS  when 1, saves docs/screenshots/console-session.png, console-cobrowse.png,
                      console-control.png and console-annotate.png
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import queue
import random
import secrets
import signal
import socket
import subprocess
import threading
import time
from base64 import b64decode, b64encode
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from cobrowse_frames import Colour, Picture, Tile, app_frame, picture, relayed_frame, solid, undecodable
from cutting_proxy import CuttingProxy
from scripted_consumer import ScriptedConsumer

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT_SECONDS = 10
SCREENSHOT = REPO / "docs" / "screenshots" / "console-session.png"
COBROWSE_SCREENSHOT = REPO / "docs" / "screenshots" / "console-cobrowse.png"
CONTROL_SCREENSHOT = REPO / "docs" / "screenshots" / "console-control.png"
ANNOTATE_SCREENSHOT = REPO / "docs" / "screenshots" / "console-annotate.png"


@dataclass
class Server:
    """A running assist-server."""

    url: str
    token: str
    log: Path


SERVER_BIN = Path(os.environ.get("ASSIST_SERVER_BIN", REPO / ".build" / "debug" / "assist-server"))


def _write_agents(folder: Path) -> tuple[Path, str]:
    """An agents file with one agent, Sam; returns it and Sam's token."""
    token = secrets.token_urlsafe(32)
    agents = folder / "agents.json"
    agents.write_text(json.dumps({"agents": [
        {"id": "sam", "name": "Sam", "token": token, "capacity": 2, "destinations": ["support"]},
    ]}))
    return agents, token


def _server_arguments(agents: Path, port: int, database: str) -> list[str]:
    # The console under test is the repository's, wherever the binary was built.
    return [str(SERVER_BIN), "--host", "127.0.0.1", "--port", str(port), "--database", database,
            "--agents", str(agents), "--console-directory", str(REPO / "data" / "console")]


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def running_server(folder: Path, *extra_arguments: str) -> Iterator[Server]:
    """Starts assist-server on a free port with one agent, Sam, and stops it afterwards."""
    agents, token = _write_agents(folder)
    log = folder / "server.log"
    with log.open("w") as log_file:
        process = subprocess.Popen(
            [*_server_arguments(agents, 0, ":memory:"), *extra_arguments],
            stdout=subprocess.PIPE, stderr=log_file, text=True, cwd=REPO)
    try:
        yield Server(url=_listening_url(process, log), token=token, log=log)
    finally:
        _stop(process)


class RestartableServer:
    """assist-server with one agent, Sam, on a database file, that can be stopped
    and started again on the same port and database, as an operator restarts it."""

    def __init__(self, folder: Path, *extra_arguments: str) -> None:
        self._agents, self.token = _write_agents(folder)
        self._extra_arguments = extra_arguments
        self.database = folder / "assist.sqlite"
        self.log = folder / "server.log"
        self.port = 0
        self.url = ""
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> Server:
        """Starts the server, on the port it had before if it ran already."""
        with self.log.open("a") as log_file:
            self.process = subprocess.Popen(
                [*_server_arguments(self._agents, self.port, str(self.database)), *self._extra_arguments],
                stdout=subprocess.PIPE, stderr=log_file, text=True, cwd=REPO)
        self.url = _listening_url(self.process, self.log)
        self.port = int(self.url.rsplit(":", 1)[1].rstrip("/"))
        return Server(url=self.url, token=self.token, log=self.log)

    def terminate_gracefully(self, timeout: float = 60) -> int:
        """SIGTERM, as `systemctl restart` sends; returns the exit status."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            _stop(self.process)
            raise AssertionError(f"assist-server did not exit within {timeout} s of SIGTERM; "
                                 f"log:\n{self.log.read_text()[-4000:]}") from None

    def stop(self) -> None:
        if self.process is not None:
            _stop(self.process)


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

    def wait_for_picture(self, session: WebElement, frame_number: int) -> Picture:
        """Waits until the shared window has drawn app frame `frame_number`, then reads its canvas."""
        canvas = session.find_element(By.CSS_SELECTOR, ".shared-window canvas")
        self.wait.until(lambda _: canvas.get_attribute("data-frame") == str(frame_number))
        return self.read_picture(session)

    def read_picture(self, session: WebElement) -> Picture:
        """The shared window's canvas, which holds the picture at its real size, pixel by pixel."""
        canvas = session.find_element(By.CSS_SELECTOR, ".shared-window canvas")
        width, height, pixels = self.driver.execute_script(READ_CANVAS, canvas)
        return Picture(width, height, b64decode(pixels))


READ_CANVAS = """
const canvas = arguments[0];
const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
let binary = "";
for (let start = 0; start < data.length; start += 8192) {
  binary += String.fromCharCode(...data.subarray(start, start + 8192));
}
return [canvas.width, canvas.height, btoa(binary)];
"""


def assert_no_browser_errors(browser: webdriver.Chrome, server: Server) -> None:
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == [], f"browser errors: {severe}\nserver log:\n{server.log.read_text()}"


def save_screenshot_if_asked(browser: webdriver.Chrome, path: Path) -> None:
    """Saves what the browser shows as `path` when ASSIST_SCREENSHOTS is 1."""
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        assert browser.save_screenshot(str(path))


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

        save_screenshot_if_asked(browser, SCREENSHOT)

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

    assert_no_browser_errors(browser, server)


def _wait_for_download(folder: Path, name: str) -> str:
    """The text of the file `name` once the browser finished saving it in `folder`."""
    path = folder / name
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if path.exists() and not list(folder.glob("*.crdownload")):
            return path.read_text(encoding="utf-8")
        time.sleep(0.1)
    raise AssertionError(f"{name} was not downloaded; the folder holds {sorted(p.name for p in folder.iterdir())}")


def test_the_agent_downloads_the_transcript_during_and_after_the_session(
        server: Server, browser: webdriver.Chrome, tmp_path: Path) -> None:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    console = ConsolePage(browser, server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann <b>Lee</b>", [])
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        consumer.chat("Tom & Jerry's <script>alert(1)</script> — مرحبا 👍")
        console.wait_for_text(session, ".message--consumer", "Tom & Jerry")
        session.find_element(By.CSS_SELECTOR, ".composer textarea").send_keys("Let me look.", Keys.ENTER)
        consumer.expect("chat", lambda frame: frame.body.get("author") == "agent")
        status = session.find_element(By.CSS_SELECTOR, ".session__transcript-status")
        name = f"transcript-{consumer.session_id}"

        session.find_element(By.CSS_SELECTOR, ".session__transcript-text").click()
        assert console.wait_for_state(status, "accepted") == f"Saved {name}.txt to your downloads."
        text = _wait_for_download(downloads, f"{name}.txt")
        assert "Person: Ann <b>Lee</b>\n" in text
        assert "] Ann <b>Lee</b>\n    Tom & Jerry's <script>alert(1)</script> — مرحبا 👍\n" in text
        assert "] Sam\n    Let me look.\n" in text

        session.find_element(By.CSS_SELECTOR, ".session__end").click()
        dialog = console.wait.until(EC.visibility_of_element_located((By.ID, "end-dialog")))
        dialog.find_element(By.ID, "end-confirm").click()
        consumer.expect("sessionEnded")
        console.wait_for_text(session, ".session__ended", "You ended the session.")

        download = session.find_element(By.CSS_SELECTOR, ".session__transcript-html")
        assert download.is_enabled(), "the transcript can no longer be downloaded once the session ended"
        download.click()
        console.wait.until(lambda _: status.text == f"Saved {name}.html to your downloads.")
        page = _wait_for_download(downloads, f"{name}.html")
        assert page.startswith("<!DOCTYPE html>")
        assert "Tom &amp; Jerry&#39;s &lt;script&gt;alert(1)&lt;/script&gt; — مرحبا 👍" in page
        assert "<script" not in page
        assert "<dd dir=\"auto\">Ann &lt;b&gt;Lee&lt;/b&gt;</dd>" in page
    finally:
        consumer.close()


def test_a_card_number_is_masked_both_ways_and_the_agent_sees_what_was_hidden(
        server: Server, browser: webdriver.Chrome) -> None:
    """Protocol §11.7: the visitor's card number reaches the console masked; the agent's own message
    shows the text as the server stored it once the receipt says so, with a note saying what was hidden."""
    console = ConsolePage(browser, server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [])
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")

        client_message_id = consumer.chat("My card is 4111 1111 1111 1111")
        incoming = console.wait_for_text(session, ".message--consumer", "My card is •••• •••• •••• 1111")
        assert "4111 1111 1111 1111" not in incoming.text
        receipt = consumer.expect("chatReceipt", lambda frame: frame.body.get("clientMessageId") == client_message_id)
        assert receipt.body["storedText"] == "My card is •••• •••• •••• 1111"
        assert receipt.body["maskedKinds"] == ["cardNumber"]

        composer = session.find_element(By.CSS_SELECTOR, ".composer textarea")
        composer.send_keys("Is it 5555-5555-5555-4444 or IBAN DE89 3704 0044 0532 0130 00?", Keys.ENTER)
        relayed = consumer.expect("chat", lambda frame: frame.body.get("author") == "agent")
        assert relayed.body["text"] == "Is it ••••-••••-••••-4444 or IBAN •••• •••• •••• •••• •••• ••?"
        own = console.wait_for_text(session, ".message--agent", "Is it ••••-••••-••••-4444 or IBAN")
        note = own.find_element(By.CSS_SELECTOR, ".message__masked")
        console.wait.until(lambda _: note.is_displayed())
        assert note.text == "A bank account number and a card number were hidden to protect them."
        assert "5555-5555" not in own.text and "DE89" not in own.text
        assert not incoming.find_element(By.CSS_SELECTOR, ".message__masked").is_displayed()
    finally:
        consumer.close()

    assert_no_browser_errors(browser, server)


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


READ_TRANSCRIPT = """
return [...arguments[0].querySelectorAll(".transcript .message")].map((item) => [
  item.classList.contains("message--consumer") ? "consumer" : item.classList.contains("message--agent") ? "agent" : "other",
  item.querySelector(".message__text").textContent,
  item.querySelector(".message__receipt").dataset.status ?? "",
]);
"""


def transcript_of(browser: webdriver.Chrome, session: WebElement) -> list[tuple[str, str, str]]:
    """The session's transcript as shown: (author kind, text, receipt status) per message, in order."""
    return [tuple(row) for row in browser.execute_script(READ_TRANSCRIPT, session)]


def connection_state(browser: webdriver.Chrome) -> str:
    return browser.find_element(By.ID, "connection-status").get_attribute("data-state")


def test_console_and_consumer_resume_after_the_server_is_stopped_with_sigterm_and_started_again(
        tmp_path: Path, browser: webdriver.Chrome) -> None:
    server = RestartableServer(tmp_path)
    consumer: ScriptedConsumer | None = None
    try:
        first = server.start()
        console = ConsolePage(browser, first.url)
        console.sign_in(first.token)
        console.wait_for_status("connected")
        consumer = ScriptedConsumer(first.url, timeout=30, resume_automatically=True)
        consumer.hello("support", "Ann Lee", [{"label": "Order number", "value": "A-1042"}])
        console.queue_entry(consumer.session_id)
        browser.find_element(By.ID, "accept-next").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        composer = session.find_element(By.CSS_SELECTOR, ".composer textarea")
        composer.send_keys("Hi Ann, I'm Sam.", Keys.ENTER)
        consumer.expect("chat", lambda frame: frame.body.get("text") == "Hi Ann, I'm Sam.")
        consumer.chat("My invoice shows my old address.")
        console.wait_for_text(session, ".message--consumer", "My invoice shows my old address.")
        greeting = console.wait_for_text(session, ".message--agent", "Hi Ann, I'm Sam.")
        receipt = greeting.find_element(By.CSS_SELECTOR, ".message__receipt")
        console.wait.until(lambda _: receipt.get_attribute("data-status") in {"sent", "stored", "delivered"})
        before = [(author, text) for author, text, _ in transcript_of(browser, session)]

        status = server.terminate_gracefully()
        assert status == 0, f"assist-server exited with {status} after SIGTERM; log:\n{server.log.read_text()}"
        assert consumer.wait_for_close() == 1001, f"the consumer's connection ended with {consumer.close_codes}"
        reconnecting = console.wait_for_status("reconnecting")
        assert "reconnecting" in reconnecting.lower(), reconnecting
        assert not browser.find_element(By.ID, "sign-in").is_displayed(), "the console signed out after a 1001"
        assert browser.find_element(By.ID, "workspace").is_displayed()

        consumer.chat("Are you there? The page went quiet.")  # kept by the consumer until it resumes
        composer.send_keys("Sorry, our server is restarting.", Keys.ENTER)
        held = console.wait_for_text(session, ".message--agent", "our server is restarting")
        held_receipt = held.find_element(By.CSS_SELECTOR, ".message__receipt")
        assert held_receipt.get_attribute("data-status") == "sending"
        assert connection_state(browser) == "reconnecting", "the console stopped trying while the server was down"

        second = server.start()  # the same port and --database
        assert second.url == first.url
        # The console's next attempt comes after its back-off (1, 2, 4, 8 s … with jitter).
        WebDriverWait(browser, 90).until(lambda _: connection_state(browser) == "connected")
        consumer.wait_for_welcomes(2, within=60)
        console.wait_for_text(session, ".message--consumer", "Are you there? The page went quiet.")
        replayed = consumer.expect("chat", lambda frame: frame.body.get("author") == "agent")
        assert replayed.body["text"] == "Sorry, our server is restarting."
        console.wait.until(lambda _: held_receipt.get_attribute("data-status") in {"sent", "stored", "delivered"})

        # The session goes on as it was: both ways, on the resumed connections.
        composer.send_keys("Your address is fixed now.", Keys.ENTER)
        consumer.expect("chat", lambda frame: frame.body.get("text") == "Your address is fixed now.")
        consumer.chat("Thank you!")
        console.wait_for_text(session, ".message--consumer", "Thank you!")
        after = [(author, text) for author, text, _ in transcript_of(browser, session)]
        assert after[:len(before)] == before, f"the transcript changed: {before} → {after}"
        assert after[len(before):] == [
            ("agent", "Sorry, our server is restarting."), ("consumer", "Are you there? The page went quiet."),
            ("agent", "Your address is fixed now."), ("consumer", "Thank you!"),
        ] or after[len(before):] == [
            ("consumer", "Are you there? The page went quiet."), ("agent", "Sorry, our server is restarting."),
            ("agent", "Your address is fixed now."), ("consumer", "Thank you!"),
        ], after
        agent_texts = [frame.body["text"] for frame in consumer.received("chat") if frame.body.get("author") == "agent"]
        assert agent_texts == ["Hi Ann, I'm Sam.", "Sorry, our server is restarting.", "Your address is fixed now."]
        assert "session--ended" not in session.get_attribute("class")
    finally:
        if consumer is not None:
            consumer.close()
        server.stop()


def test_every_chat_arrives_once_and_in_order_through_connections_cut_at_random(
        tmp_path: Path, browser: webdriver.Chrome) -> None:
    """Fault injection: the console and the consumer each reach the server through a
    relay that cuts their WebSocket connections at random points (resets, FINs, cuts
    inside a frame, both directions) while they exchange numbered chats. The seed is
    printed; ASSIST_CUT_SEED replays a run's schedule."""
    seed = int(os.environ.get("ASSIST_CUT_SEED", secrets.randbelow(2**32)))
    print(f"\ncutting seed {seed}")
    console_proxy = CuttingProxy("console", seed)
    consumer_proxy = CuttingProxy("consumer", seed + 1)
    proxies = [console_proxy, consumer_proxy]
    to_agent = [f"consumer says {number:03}" for number in range(1, CHATS_EACH_WAY + 1)] + ["consumer says last"]
    to_consumer = [f"agent says {number:03}" for number in range(1, CHATS_EACH_WAY + 1)] + ["agent says last"]
    with contextlib.ExitStack() as cleanup:
        cleanup.callback(lambda: [proxy.close() for proxy in proxies])
        # The proxies are origins other than the server's: the console's page is served through
        # its proxy (the console connects to its page's own host), and the consumer names its own.
        server = cleanup.enter_context(running_server(
            tmp_path, "--allow-origin", console_proxy.url, "--allow-origin", consumer_proxy.url))
        for proxy in proxies:
            proxy.upstream_port = int(server.url.rsplit(":", 1)[1])
        console = ConsolePage(browser, console_proxy.url)
        console.sign_in(server.token)
        console.wait_for_status("connected")
        consumer = ScriptedConsumer(consumer_proxy.url, timeout=30, resume_automatically=True)
        cleanup.callback(consumer.close)
        consumer.hello("support", "Ann Lee", [])
        console.queue_entry(consumer.session_id)
        browser.find_element(By.ID, "accept-next").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        composer = session.find_element(By.CSS_SELECTOR, ".composer textarea")

        began = time.monotonic()
        for proxy in proxies:
            proxy.start_cutting(CUTS_PER_PROXY, over_seconds=CUTTING_SECONDS)
        # The pauses between chats only spread them over the cutting (about 2 a second each way,
        # under the server's 30 frames a second); nothing waits on them.
        consumer_pace = random.Random(seed + 2)

        def consumer_sends() -> None:
            for text in to_agent[:-1]:
                consumer.chat(text)
                time.sleep(consumer_pace.uniform(0.1, 1.0))

        sender = threading.Thread(target=consumer_sends, name="consumer-chats", daemon=True)
        sender.start()
        cleanup.callback(sender.join, 60)
        agent_pace = random.Random(seed + 3)
        for text in to_consumer[:-1]:
            composer.send_keys(text, Keys.ENTER)
            time.sleep(agent_pace.uniform(0.0, 0.7))
        sender.join(timeout=120)
        assert not sender.is_alive(), "the consumer's chats were not all sent within 120 s"
        sent = time.monotonic()
        for proxy in proxies:
            proxy.wait_until_cut(timeout=CUTTING_SECONDS + 120)

        def agent_chats() -> list[str]:
            return [frame.body["text"] for frame in consumer.received("chat") if frame.body.get("author") == "agent"]

        def report() -> str:
            shown = transcript_of(browser, session)
            console_received = [text for author, text, _ in shown if author == "consumer"]
            console_sent = [text for author, text, _ in shown if author == "agent"]
            cuts = sum(len(proxy.cuts) for proxy in proxies)
            return "\n".join([
                f"seed {seed}: {cuts} cuts; {CHATS_EACH_WAY} + 1 chats each way, sent within {sent - began:.1f} s, "
                f"{time.monotonic() - began:.1f} s since the cutting began",
                *(proxy.summary() for proxy in proxies),
                f"consumer: resumed {consumer.welcomes - 1} times; its connections ended with {consumer.close_codes}",
                f"consumer → console: {lost_duplicated_reordered(to_agent, console_received)}",
                f"console → consumer: {lost_duplicated_reordered(to_consumer, agent_chats())}",
                f"the console's own messages as shown: {lost_duplicated_reordered(to_consumer, console_sent)}, "
                f"{sum(1 for author, _, status in shown if author == 'agent' and status == 'sending')} still sending",
            ])

        def wait_until(what: str, condition: Callable[[], bool]) -> None:
            try:
                WebDriverWait(browser, DELIVERY_SECONDS).until(lambda _: condition())
            except TimeoutException:
                raise AssertionError(f"after {DELIVERY_SECONDS} s, still waiting for {what}\n{report()}") from None

        def console_shows(count: int) -> bool:
            shown = transcript_of(browser, session)
            arrived = [text for author, text, _ in shown if author == "consumer"]
            confirmed = [text for author, text, status in shown if author == "agent" and status != "sending"]
            return len(arrived) >= count and len(confirmed) >= count

        wait_until("the agent's chats at the consumer", lambda: len(agent_chats()) >= CHATS_EACH_WAY)
        wait_until("the consumer's chats in the console, and the server's word on the agent's",
                   lambda: console_shows(CHATS_EACH_WAY))
        # A copy sent again would come right behind its original: one more chat each way,
        # after every other, shows only once all before it have been handled.
        consumer.chat(to_agent[-1])
        composer.send_keys(to_consumer[-1], Keys.ENTER)
        wait_until("the last chat each way", lambda: console_shows(len(to_agent)) and len(agent_chats()) >= len(to_consumer))
        wait_until("a delivered receipt for every chat of the consumer",
                   lambda: len(delivered_receipts(consumer)) >= len(to_agent))
        finished = time.monotonic()

        figures = report()
        print(f"{figures}\nall delivered {finished - began:.1f} s after the cutting began")
        shown = transcript_of(browser, session)
        assert [text for author, text, _ in shown if author == "consumer"] == to_agent, figures
        assert agent_chats() == to_consumer, figures
        assert [text for author, text, _ in shown if author == "agent"] == to_consumer, figures
        stored_as: dict[str, set[str]] = {}
        for frame in consumer.received("chatReceipt"):
            stored_as.setdefault(frame.body["clientMessageId"], set()).add(frame.body["messageId"])
        assert all(len(ids) == 1 for ids in stored_as.values()), f"a chat stored twice: {stored_as}\n{figures}"
        assert sum(len(proxy.cuts) for proxy in proxies) >= MINIMUM_CUTS, figures
        assert consumer.welcomes > 1, figures


def delivered_receipts(consumer: ScriptedConsumer) -> set[str]:
    """The consumer's chats an agent has received, by clientMessageId."""
    return {frame.body["clientMessageId"] for frame in consumer.received("chatReceipt")
            if frame.body.get("status") == "delivered"}


CHATS_EACH_WAY = 100
CUTS_PER_PROXY = 20
CUTTING_SECONDS = 60
MINIMUM_CUTS = 30  # of the 40 scheduled; a cut is skipped only when no connection was up for 40 s
DELIVERY_SECONDS = 180


def lost_duplicated_reordered(sent: list[str], received: list[str]) -> str:
    """The figures of one direction: how many arrived, and how many were lost, duplicated or out of order."""
    lost = [text for text in sent if text not in received]
    duplicated = sorted({text for text in received if received.count(text) > 1})
    firsts = [text for text in dict.fromkeys(received) if text in sent]
    expected_order = [text for text in sent if text in firsts]
    reordered = sum(1 for shown, expected in zip(firsts, expected_order) if shown != expected)
    unexpected = [text for text in received if text not in sent]
    return (f"{len(received)} received of {len(sent)} sent; lost {len(lost)} {lost[:5]}, "
            f"duplicated {len(duplicated)} {duplicated[:5]}, out of place {reordered}, unexpected {unexpected[:5]}")


# Co-browse (docs/protocol.md §12): the shared window in the session panel.

BACKGROUND: Colour = (246, 247, 249, 255)
HEADER: Colour = (33, 88, 201, 255)
WHITE: Colour = (255, 255, 255, 255)
SIDEBAR: Colour = (226, 231, 239, 255)
TEXT: Colour = (92, 100, 116, 255)
MASK: Colour = (58, 63, 71, 255)
BUTTON: Colour = (29, 122, 70, 255)
WINDOW_WIDTH, WINDOW_HEIGHT = 480, 300
PHOTO = (330, 60, 120, 80)
FIELD = (130, 154, 180, 28)
MASKED_FIELD = (130, 210, 180, 28)


def sunset(x: int, y: int) -> Colour:
    """The pixels of the window's one photo: a gradient, so every pixel of the PNG is checked."""
    return 120 + x, 80 + y // 2, 200 - y, 255


def window_tiles() -> list[Tile]:
    """A keyframe of a small app window: a background that covers it, then its
    parts as solid tiles of distinct colours (the masked password field among
    them) and one PNG tile."""
    return [
        solid(0, 0, WINDOW_WIDTH, WINDOW_HEIGHT, BACKGROUND),
        solid(0, 0, WINDOW_WIDTH, 40, HEADER),
        solid(16, 14, 120, 12, WHITE),
        solid(0, 40, 110, 260, SIDEBAR),
        *(solid(16, y, width, 10, TEXT) for y, width in ((60, 78), (84, 64), (108, 70))),
        *(solid(130, y, width, 10, TEXT) for y, width in ((60, 180), (80, 160), (100, 170))),
        solid(130, 140, 80, 8, TEXT),
        solid(*FIELD, WHITE),
        solid(130, 196, 90, 8, TEXT),
        solid(*MASKED_FIELD, MASK),
        solid(130, 254, 96, 30, BUTTON),
        picture(*PHOTO, sunset),
    ]


def window_keyframe(number: int) -> bytes:
    return app_frame(number, WINDOW_WIDTH, WINDOW_HEIGHT, window_tiles(), keyframe=True)


def window_picture() -> Picture:
    return Picture(WINDOW_WIDTH, WINDOW_HEIGHT).paint(window_tiles())


@dataclass
class Share:
    """A session whose visitor has accepted the agent's screen-share request."""

    session: WebElement
    shared_window: WebElement
    consumer: ScriptedConsumer
    request_id: str


@contextlib.contextmanager
def shared_screen(console: ConsolePage, server: Server) -> Iterator[Share]:
    """Sam signs in and takes Ann Lee, whose app speaks version 2; he asks to
    see her screen and she accepts."""
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        assert consumer.hello("support", "Ann Lee", [], versions=(1, 2)).body["version"] == 2
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        shared_window = session.find_element(By.CSS_SELECTOR, ".shared-window")
        assert not shared_window.is_displayed(), "the shared window shows before any share"
        session.find_element(By.CSS_SELECTOR, ".session__share").click()
        request = consumer.expect("screenShareRequest")
        consumer.answer_screen_share(request.body["requestId"], accepted=True)
        yield Share(session, shared_window, consumer, request.body["requestId"])
    finally:
        consumer.close()


def status_of(shared_window: WebElement) -> str:
    return shared_window.find_element(By.CSS_SELECTOR, ".shared-window__status").text


def test_shared_window_shows_the_visitors_picture(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        console.wait_for_state(share.shared_window, "waiting")
        assert status_of(share.shared_window) == "Waiting for the first picture…"
        assert share.session.find_element(By.CSS_SELECTOR, ".session__share-status").text \
            == "Screen share accepted — Ann Lee is sharing."

        share.consumer.send_app_frame(window_keyframe(1))
        shown = console.wait_for_picture(share.session, 1)
        console.wait_for_state(share.shared_window, "live")
        assert status_of(share.shared_window) == "Live · 480 × 300 pixels"
        assert (shown.width, shown.height) == (WINDOW_WIDTH, WINDOW_HEIGHT)
        assert shown.pixels == window_picture().pixels, "the canvas differs from the frame's tiles"
        assert shown.at(5, 5) == HEADER
        assert shown.at(140, 220) == MASK
        assert shown.at(PHOTO[0], PHOTO[1]) == sunset(0, 0)
        assert shown.at(PHOTO[0] + 119, PHOTO[1] + 79) == sunset(119, 79)
        assert shown.at(200, 270) == BUTTON

        canvas = share.shared_window.find_element(By.CSS_SELECTOR, "canvas")
        assert canvas.get_attribute("aria-label") == "Picture of Ann Lee's window"
        assert canvas.value_of_css_property("object-fit") == "contain"
        stage = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__stage")
        assert canvas.rect == stage.rect, "the picture is not fitted to its panel"
        assert canvas.rect["width"] != WINDOW_WIDTH, "the picture is shown at its real size, not scaled to fit"

        share.consumer.chat("The password field is blanked out for you, right?")
        console.wait_for_text(share.session, ".message--consumer", "password field")
        save_screenshot_if_asked(browser, COBROWSE_SCREENSHOT)
    assert_no_browser_errors(browser, server)


def test_a_delta_frame_changes_only_its_tile(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        before = console.wait_for_picture(share.session, 1)

        def typed(x: int, y: int) -> Colour:
            return TEXT if (x // 3) % 2 == 0 else HEADER
        typed_text = picture(136, 162, 64, 12, typed)
        share.consumer.send_app_frame(app_frame(2, WINDOW_WIDTH, WINDOW_HEIGHT, [typed_text], keyframe=False))
        after = console.wait_for_picture(share.session, 2)

        tile_pixels = {(x, y) for x in range(136, 136 + 64) for y in range(162, 162 + 12)}
        assert after.changed_since(before) == tile_pixels
        assert after.pixels == window_picture().paint([typed_text]).pixels
    assert_no_browser_errors(browser, server)


def test_frames_are_drawn_in_the_order_they_arrive(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)

        # A whole-window PNG takes longer to decode than the solid tile sent
        # right after it; the solid tile must still end up on top.
        backdrop = picture(0, 0, WINDOW_WIDTH, WINDOW_HEIGHT, lambda x, y: (x // 2, y // 2, 90, 255))
        on_top = solid(40, 40, 100, 100, BUTTON)
        share.consumer.send_app_frame(app_frame(2, WINDOW_WIDTH, WINDOW_HEIGHT, [backdrop], keyframe=False))
        share.consumer.send_app_frame(app_frame(3, WINDOW_WIDTH, WINDOW_HEIGHT, [on_top], keyframe=False))
        shown = console.wait_for_picture(share.session, 3)
        assert shown.pixels == window_picture().paint([backdrop, on_top]).pixels
    assert_no_browser_errors(browser, server)


def test_a_malformed_frame_is_refused_and_the_next_good_one_shows(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)

        outside = app_frame(2, WINDOW_WIDTH, WINDOW_HEIGHT, [solid(470, 0, 20, 10, BUTTON)], keyframe=False)
        truncated = window_keyframe(3)[:-5]
        for malformed in (outside, truncated):
            share.consumer.send_app_frame(malformed)
            refusal = share.consumer.expect("error")
            assert (refusal.body["code"], refusal.body.get("refType")) == ("invalidFrame", "cobrowseFrame")

        change = solid(*FIELD, BUTTON)
        share.consumer.send_app_frame(app_frame(4, WINDOW_WIDTH, WINDOW_HEIGHT, [change], keyframe=False))
        assert console.wait_for_picture(share.session, 4).pixels == window_picture().paint([change]).pixels
        assert share.shared_window.get_attribute("data-state") == "live"
        assert console.wait_for_status("connected") == "Connected as Sam"
    assert_no_browser_errors(browser, server)


def test_a_picture_the_console_cannot_decode_makes_it_ask_for_a_keyframe(
        server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        share.consumer.discard_received()

        # The server relays it (its layout is valid); the console cannot decode the PNG.
        broken = undecodable(*PHOTO)
        share.consumer.send_app_frame(app_frame(2, WINDOW_WIDTH, WINDOW_HEIGHT, [broken], keyframe=False))
        first_request = share.consumer.expect("keyframeRequest")

        # Until the keyframe comes, a change is not drawn, and the console asks
        # again, but not sooner than a second after its last request.
        share.consumer.send_app_frame(app_frame(3, WINDOW_WIDTH, WINDOW_HEIGHT, [solid(*FIELD, BUTTON)], keyframe=False))
        second_request = share.consumer.expect("keyframeRequest")
        assert second_request.received_at - first_request.received_at >= 0.8
        assert console.read_picture(share.session).pixels == window_picture().pixels

        share.consumer.send_app_frame(window_keyframe(4))
        assert console.wait_for_picture(share.session, 4).pixels == window_picture().pixels
        change = solid(*MASKED_FIELD, BUTTON)
        share.consumer.send_app_frame(app_frame(5, WINDOW_WIDTH, WINDOW_HEIGHT, [change], keyframe=False))
        assert console.wait_for_picture(share.session, 5).pixels == window_picture().paint([change]).pixels
    log = browser.get_log("browser")
    assert [entry for entry in log if entry["level"] == "SEVERE"] == [], log
    assert any("frame 2 was not drawn (failed)" in entry["message"] for entry in log), log


def test_a_new_picture_keeps_nothing_of_the_old_one(server: Server, browser: webdriver.Chrome) -> None:
    canary: Colour = (255, 0, 255, 255)
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        old = [solid(0, 0, WINDOW_WIDTH, WINDOW_HEIGHT, canary),
               picture(0, 0, 64, 64, lambda x, y: canary if (x + y) % 2 == 0 else BUTTON)]
        share.consumer.send_app_frame(app_frame(1, WINDOW_WIDTH, WINDOW_HEIGHT, old, keyframe=True))
        assert console.wait_for_picture(share.session, 1).count(canary) > 0

        # The window shrinks: a keyframe of the new size whose tiles never hold
        # the canary colour, with translucent tiles where the canary was.
        translucent_blue: Colour = (0, 0, 255, 128)
        translucent_photo = picture(100, 60, 40, 30, lambda x, y: (200, 100 + x, 50 + y, 96))
        new = [solid(0, 0, 240, 160, BACKGROUND), solid(0, 0, 60, 40, translucent_blue), translucent_photo]
        share.consumer.send_app_frame(app_frame(2, 240, 160, new, keyframe=True))
        shown = console.wait_for_picture(share.session, 2)
        assert (shown.width, shown.height) == (240, 160)
        assert status_of(share.shared_window) == "Live · 240 × 160 pixels"
        assert shown.count(canary) == 0

        # A translucent tile replaces what was under it; it is not blended over it.
        share.consumer.send_app_frame(app_frame(3, 240, 160, [solid(100, 100, 20, 20, (255, 255, 0, 64))], keyframe=False))
        shown = console.wait_for_picture(share.session, 3)
        assert shown.count(canary) == 0
        assert shown.at(10, 10) == translucent_blue
        assert shown.at(110, 110) == (255, 255, 0, 64)
        expected_photo = (200, 100 + 7, 50 + 9, 96)
        assert all(abs(got - want) <= 2 for got, want in zip(shown.at(107, 69), expected_photo)), shown.at(107, 69)
        assert shown.at(200, 150) == BACKGROUND
    assert_no_browser_errors(browser, server)


def test_the_visitor_stopping_the_share_shows_that_sharing_stopped(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)

        share.consumer.end_screen_share(share.request_id)
        console.wait_for_state(share.shared_window, "stopped")
        assert status_of(share.shared_window) == "Sharing stopped"
        canvas = share.shared_window.find_element(By.CSS_SELECTOR, "canvas")
        assert canvas.is_displayed(), "the last picture is kept"
        assert float(canvas.value_of_css_property("opacity")) < 1, "the last picture is not dimmed"
        assert share.session.find_element(By.CSS_SELECTOR, ".session__share-status").text == "Ann Lee stopped sharing."
        assert share.session.find_element(By.CSS_SELECTOR, ".session__share").is_displayed()

        # A frame that crosses the end of the share is refused and never drawn.
        share.consumer.send_app_frame(app_frame(2, WINDOW_WIDTH, WINDOW_HEIGHT, [solid(*FIELD, BUTTON)], keyframe=False))
        assert share.consumer.expect("error").body["code"] == "notAllowed"
        assert canvas.get_attribute("data-frame") == "1"
        assert console.read_picture(share.session).pixels == window_picture().pixels
    assert_no_browser_errors(browser, server)


def test_the_agent_stopping_the_share_tells_the_visitor(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)

        share.session.find_element(By.CSS_SELECTOR, ".session__stop-share").click()
        assert share.consumer.expect("screenShareEnd").body["requestId"] == share.request_id
        console.wait_for_state(share.shared_window, "stopped")
        assert status_of(share.shared_window) == "Sharing stopped"
        assert share.session.find_element(By.CSS_SELECTOR, ".session__share-status").text == "You stopped the screen share."
    assert_no_browser_errors(browser, server)


def test_the_share_stops_when_the_session_ends(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        console.wait_for_state(share.shared_window, "waiting")

        share.consumer.end_session()
        console.wait_for_text(share.session, ".session__ended", "The visitor ended the session.")
        console.wait_for_state(share.shared_window, "stopped")
        assert status_of(share.shared_window) == "Sharing stopped"
        assert share.session.find_element(By.CSS_SELECTOR, ".session__share-status").text \
            == "The screen share ended with the session."
    assert_no_browser_errors(browser, server)


def test_the_agent_asks_to_see_the_screen_of_an_app_that_offers_it(server: Server, browser: webdriver.Chrome) -> None:
    """Ann's app offers its screen (protocol §12.8): Sam gets a second button,
    the request carries the scope, her answer names a whole monitor, the
    console says so and offers neither control nor drawing; the picture shows."""
    console = ConsolePage(browser, server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [], versions=(1, 2), share_scopes=("window", "screen"))
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        screen_button = session.find_element(By.CSS_SELECTOR, ".session__share-screen")
        console.wait.until(lambda _: screen_button.is_displayed())
        assert screen_button.text == "Ask to see the screen"
        assert session.find_element(By.CSS_SELECTOR, ".session__share").text == "Ask to see the app's window"
        screen_button.click()
        share_status = session.find_element(By.CSS_SELECTOR, ".session__share-status")
        assert "choose what to share" in console.wait_for_state(share_status, "pending")
        request = consumer.expect("screenShareRequest")
        assert request.body["scope"] == "screen"
        consumer.answer_screen_share(request.body["requestId"], accepted=True, shared="monitor")
        assert console.wait_for_state(share_status, "accepted").startswith("Ann Lee is sharing their whole screen.")
        assert not screen_button.is_displayed()
        consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(session, 1)
        console.wait_for_state(session.find_element(By.CSS_SELECTOR, ".shared-window"), "live")
        assert not session.find_element(By.CSS_SELECTOR, ".session__control").is_displayed()
        assert not session.find_element(By.CSS_SELECTOR, ".shared-window__draw").is_displayed()
    finally:
        consumer.close()
    assert_no_browser_errors(browser, server)


def test_the_agent_asks_for_control_of_a_shared_screen_when_the_app_offers_it(
        server: Server, browser: webdriver.Chrome) -> None:
    """Ann's app offers control of her screen (protocol §12.9): once she shares a monitor,
    Sam may ask for control, and with it his click on the picture is an input in its pixels."""
    console = ConsolePage(browser, server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [], versions=(1, 2), share_scopes=("window", "screen"),
                       screen_control=True)
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        screen_button = session.find_element(By.CSS_SELECTOR, ".session__share-screen")
        console.wait.until(lambda _: screen_button.is_displayed())
        screen_button.click()
        request = consumer.expect("screenShareRequest")
        consumer.answer_screen_share(request.body["requestId"], accepted=True, shared="monitor")
        share_status = session.find_element(By.CSS_SELECTOR, ".session__share-status")
        assert console.wait_for_state(share_status, "accepted") == (
            "Ann Lee is sharing their whole screen. You can see it and ask to use their mouse and keyboard; "
            "drawing stays with the app's window.")
        consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(session, 1)
        shared_window = session.find_element(By.CSS_SELECTOR, ".shared-window")
        console.wait_for_state(shared_window, "live")
        assert not session.find_element(By.CSS_SELECTOR, ".shared-window__draw").is_displayed()
        request_control = session.find_element(By.CSS_SELECTOR, ".session__control")
        console.wait.until(lambda _: request_control.is_displayed())
        request_control.click()
        asked = consumer.expect("controlRequest")
        consumer.answer_control(asked.body["requestId"], accepted=True)
        control_status = session.find_element(By.CSS_SELECTOR, ".session__control-status")
        assert console.wait_for_state(control_status, "accepted") == "Ann Lee gave you control."
        ActionChains(browser).click(shared_window.find_element(By.CSS_SELECTOR, "canvas")).perform()
        delivered = consumer.expect("agentInput")
        assert delivered.body["event"]["kind"] == "click"
    finally:
        consumer.close()
    assert_no_browser_errors(browser, server)


def test_an_app_that_does_not_offer_its_screen_gets_no_screen_button(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [], versions=(1, 2))
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        console.wait.until(lambda _: session.find_element(By.CSS_SELECTOR, ".session__share").is_displayed())
        assert not session.find_element(By.CSS_SELECTOR, ".session__share-screen").is_displayed()
    finally:
        consumer.close()
    assert_no_browser_errors(browser, server)


def test_a_declined_share_says_the_visitor_declined(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [], versions=(1, 2))
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        session.find_element(By.CSS_SELECTOR, ".session__share").click()
        consumer.answer_screen_share(consumer.expect("screenShareRequest").body["requestId"], accepted=False)
        share_status = session.find_element(By.CSS_SELECTOR, ".session__share-status")
        assert console.wait_for_state(share_status, "declined") == "Ann Lee declined to share their screen."
        assert not session.find_element(By.CSS_SELECTOR, ".shared-window").is_displayed()
        assert session.find_element(By.CSS_SELECTOR, ".session__share").is_enabled()
    finally:
        consumer.close()
    assert_no_browser_errors(browser, server)


def test_the_shared_window_goes_on_after_the_console_reconnects(tmp_path: Path, browser: webdriver.Chrome) -> None:
    proxy = DroppingProxy()
    with running_server(tmp_path, "--allow-origin", proxy.url) as server:
        proxy.upstream = ("127.0.0.1", int(server.url.rsplit(":", 1)[1]))
        console = ConsolePage(browser, proxy.url)
        try:
            with shared_screen(console, server) as share:
                share.consumer.send_app_frame(window_keyframe(1))
                console.wait_for_picture(share.session, 1)

                proxy.drop()
                console.wait_for_status("reconnecting")
                proxy.restore()
                WebDriverWait(browser, 3 * WAIT_SECONDS).until(
                    lambda _: browser.find_element(By.ID, "connection-status").get_attribute("data-state") == "connected")
                share.consumer.discard_received()

                # The resumed connection negotiated version 2 again; it has had no
                # keyframe yet, so the server holds the change back and asks for one.
                share.consumer.send_app_frame(app_frame(2, WINDOW_WIDTH, WINDOW_HEIGHT, [solid(*FIELD, BUTTON)], keyframe=False))
                share.consumer.expect("keyframeRequest")
                share.consumer.send_app_frame(window_keyframe(3))
                assert console.wait_for_picture(share.session, 3).pixels == window_picture().pixels
                assert share.shared_window.get_attribute("data-state") == "live"
        finally:
            proxy.close()


DECODE_IN_CONSOLE = """
const [encoded, done] = arguments;
import("/console/cobrowse-frame.js").then(({ readRelayedFrame }) => {
  done(encoded.map((text) => {
    const bytes = Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
    const { sessionId, frame, problem } = readRelayedFrame(bytes.buffer);
    return { sessionId, problem, tiles: frame ? frame.tiles.length : null };
  }));
}, (error) => done(String(error)));
"""


def test_the_console_refuses_every_malformed_relayed_frame(server: Server, browser: webdriver.Chrome) -> None:
    """The console's own checks (§12.4), on frames the server would never relay."""
    keyframe = window_keyframe(1)
    relayed = relayed_frame("s-1", keyframe)
    red: Colour = (255, 0, 0, 255)

    def frame(tiles: list[Tile], keyframe: bool = False, width: int = 320, height: int = 200) -> bytes:
        return relayed_frame("s-1", app_frame(1, width, height, tiles, keyframe))

    malformed = {
        "relay magic": (b"XCR2" + relayed[4:], None),
        "empty session id": (b"ACR2\x00" + keyframe, None),
        "session id not UTF-8": (b"ACR2\x01\xff" + keyframe, None),
        "session id past the end": (b"ACR2\x09s-1", None),
        "frame magic": (relayed_frame("s-1", b"ACF3" + keyframe[4:]), "s-1"),
        "unknown flag": (relayed_frame("s-1", keyframe[:4] + b"\x02" + keyframe[5:]), "s-1"),
        "width 0": (frame([], width=0), "s-1"),
        "height 8193": (frame([], height=8193), "s-1"),
        "tile past the right edge": (frame([solid(300, 0, 21, 10, red)]), "s-1"),
        "tile of width 0": (frame([solid(0, 0, 0, 10, red)]), "s-1"),
        "unknown encoding": (frame([Tile(0, 0, 1, 1, 3, b"\x00" * 4, None)]), "s-1"),
        "solid payload of 3 bytes": (frame([Tile(0, 0, 1, 1, 2, b"\x00" * 3, None)]), "s-1"),
        "PNG of another size": (frame([Tile(0, 0, 5, 4, 1, picture(0, 0, 4, 4, lambda x, y: red).payload, None)]), "s-1"),
        "not a PNG": (frame([Tile(0, 0, 5, 4, 1, b"GIF89a" + b"\x00" * 40, None)]), "s-1"),
        "payload past the end": (relayed[:-3], "s-1"),
        "bytes after the last tile": (relayed + b"\x00", "s-1"),
        "keyframe with a gap": (frame([solid(0, 0, 320, 100, red), solid(0, 100, 100, 100, red),
                                       solid(101, 100, 219, 100, red)], keyframe=True), "s-1"),
        "keyframe without tiles": (frame([], keyframe=True), "s-1"),
        "over 4 MiB": (frame([Tile(0, 0, 1, 1, 2, b"\x00" * (4 * 1024 * 1024), None)]), "s-1"),
    }
    good = {
        "keyframe of overlapping tiles": frame([solid(0, 0, 200, 200, red), solid(100, 0, 220, 150, red),
                                                solid(150, 100, 170, 100, red)], keyframe=True),
        "change without tiles": frame([]),
    }
    page = ConsolePage(browser, server.url)
    cases = [*malformed.values(), *((frame_bytes, "s-1") for frame_bytes in good.values())]
    results = page.driver.execute_async_script(DECODE_IN_CONSOLE, [b64encode(data).decode() for data, _ in cases])
    assert isinstance(results, list), results
    for name, result, (_, session_id) in zip(malformed, results, malformed.values()):
        assert result["problem"], f"{name}: accepted"
        assert (result["tiles"], result["sessionId"]) == (None, session_id), f"{name}: {result}"
    for name, result in zip(good, results[len(malformed):]):
        assert result["problem"] is None and result["sessionId"] == "s-1", f"{name}: {result}"


# Agent control (docs/protocol.md §12.6): clicks on the picture and typed text
# reach the visitor's app while she has given Sam control.

SOCKET_PROBE = """
// Test tooling, installed before sign-in: records every text frame the console
// sends, and holds back server frames of the types in `holding` until released.
const Native = window.WebSocket;
const probe = { sent: [], holding: new Set(), held: [] };
window.assistProbe = probe;
window.WebSocket = class extends Native {
  send(data) {
    if (typeof data === "string") probe.sent.push(JSON.parse(data));
    super.send(data);
  }
  addEventListener(type, listener, options) {
    if (type !== "message") return super.addEventListener(type, listener, options);
    return super.addEventListener(type, (event) => {
      const held = typeof event.data === "string" && probe.holding.has(JSON.parse(event.data).type);
      if (held) {
        probe.held.push(() => listener(event));
      } else {
        listener(event);
      }
    }, options);
  }
};
"""

RELEASE_HELD = """
window.assistProbe.holding.clear();
window.assistProbe.held.splice(0).forEach((deliver) => deliver());
"""

CANVAS_BOX = "const box = arguments[0].getBoundingClientRect(); return [box.left, box.top, box.width, box.height];"

# A tall window, so that the picture fits the wide panel with bands left and right.
TALL_WIDTH, TALL_HEIGHT = 240, 420
TALL_BUTTON = (150, 380, 70, 24)


def tall_keyframe(number: int) -> bytes:
    return app_frame(number, TALL_WIDTH, TALL_HEIGHT, [
        solid(0, 0, TALL_WIDTH, TALL_HEIGHT, BACKGROUND),
        solid(0, 0, TALL_WIDTH, 40, HEADER),
        solid(20, 80, 200, 28, WHITE),
        solid(*TALL_BUTTON, BUTTON),
    ], keyframe=True)


def sent_frames(console: ConsolePage, message_type: str) -> list[dict]:
    """The frames of `message_type` the console has sent, as the socket probe recorded them."""
    return console.driver.execute_script(
        "return window.assistProbe.sent.filter((frame) => frame.type === arguments[0]);", message_type)


def grant_control(console: ConsolePage, share: Share) -> str:
    """Sam asks Ann Lee for control of her shared window and she gives it; returns the request's id."""
    share.session.find_element(By.CSS_SELECTOR, ".session__control").click()
    control_status = share.session.find_element(By.CSS_SELECTOR, ".session__control-status")
    assert console.wait_for_state(control_status, "pending") == "Control requested — waiting for Ann Lee…"
    request = share.consumer.expect("controlRequest")
    assert request.body["agentId"] == "sam"
    share.consumer.answer_control(request.body["requestId"], accepted=True)
    assert console.wait_for_state(control_status, "accepted") == "Ann Lee gave you control."
    assert share.shared_window.get_attribute("data-control") == "granted"
    return request.body["requestId"]


def click_at(console: ConsolePage, x: int, y: int) -> None:
    """A pointer click at a point of the viewport, in whole CSS pixels."""
    actions = ActionBuilder(console.driver)
    actions.pointer_action.move_to_location(x, y).click()
    actions.perform()


@dataclass(frozen=True)
class ShownPicture:
    """Where the canvas shows the window: it fills its panel and shows the picture
    with `object-fit: contain`, scaled by one factor and centred. Viewport CSS pixels."""

    left: float
    top: float
    scale: float

    @staticmethod
    def of(console: ConsolePage, canvas: WebElement, window: tuple[int, int]) -> ShownPicture:
        left, top, width, height = console.driver.execute_script(CANVAS_BOX, canvas)
        scale = min(width / window[0], height / window[1])
        return ShownPicture(left + (width - window[0] * scale) / 2, top + (height - window[1] * scale) / 2, scale)

    def centre(self, pixel: tuple[int, int]) -> tuple[float, float]:
        """Where the middle of window pixel `pixel` is shown."""
        return self.left + (pixel[0] + 0.5) * self.scale, self.top + (pixel[1] + 0.5) * self.scale

    def viewport_point(self, pixel: tuple[int, int]) -> tuple[int, int]:
        """The whole viewport pixel nearest the middle of window pixel `pixel`."""
        x, y = self.centre(pixel)
        return round(x), round(y)

    def window_pixel(self, point: tuple[int, int]) -> tuple[int, int]:
        """The window pixel under a viewport point on the picture."""
        return int((point[0] - self.left) // self.scale), int((point[1] - self.top) // self.scale)


def click_window_pixel(console: ConsolePage, canvas: WebElement, window: tuple[int, int],
                       target: tuple[int, int]) -> tuple[int, int]:
    """Clicks the displayed canvas where window pixel `target` is drawn, and returns
    the window pixel under the point clicked."""
    shown = ShownPicture.of(console, canvas, window)
    point = shown.viewport_point(target)
    click_at(console, *point)
    return shown.window_pixel(point)


def test_a_click_on_the_picture_reaches_the_app_in_window_pixels(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    browser.execute_script(SOCKET_PROBE)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(tall_keyframe(1))
        console.wait_for_picture(share.session, 1)
        grant_control(console, share)
        canvas = share.shared_window.find_element(By.CSS_SELECTOR, "canvas")
        assert canvas.value_of_css_property("cursor") == "crosshair"
        assert share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__control").text == "You have control"

        # The panel is far wider than the tall window: a reading of the click
        # scaled per axis from the canvas's box would land elsewhere.
        _, _, width, height = browser.execute_script(CANVAS_BOX, canvas)
        assert width / TALL_WIDTH > 1.5 * (height / TALL_HEIGHT), (width, height)
        button_x, button_y, button_width, button_height = TALL_BUTTON
        expected = click_window_pixel(console, canvas, (TALL_WIDTH, TALL_HEIGHT),
                                      (button_x + button_width - 5, button_y + button_height // 2))
        assert button_x <= expected[0] < button_x + button_width and button_y <= expected[1] < button_y + button_height
        delivered = share.consumer.expect("agentInput")
        assert delivered.body["event"] == {"kind": "click", "x": expected[0], "y": expected[1]}
        assert delivered.body["agentId"] == "sam"
        [sent] = sent_frames(console, "input")
        assert (sent["v"], "seq" in sent) == (2, False), "input is written with v 2 and is not sequenced"
        assert sent["body"]["inputId"] == delivered.body["inputId"]
        [asked] = sent_frames(console, "requestControl")
        assert (asked["v"], asked["seq"] >= 1) == (1, True), "requestControl is a sequenced version-1 message"

        share.consumer.input_result(delivered.body["inputId"], "performed")
        outcome = console.wait_for_text(share.shared_window, ".shared-window__outcome", "Done.")
        assert outcome.get_attribute("data-outcome") == "performed"

        # A click on the band beside the picture is not a click in the window.
        left, top, _, height = browser.execute_script(CANVAS_BOX, canvas)
        click_at(console, round(left) + 3, round(top + height / 2))
        share.consumer.expect_none("agentInput", within=1.0)
    assert_no_browser_errors(browser, server)


def test_typed_text_reaches_the_app_as_a_text_event(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    browser.execute_script(SOCKET_PROBE)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        form = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__type")
        assert not form.is_displayed(), "the text form shows without control"
        grant_control(console, share)

        field = form.find_element(By.CSS_SELECTOR, "input")
        assert field.accessible_name == "Type into the app"
        send = form.find_element(By.CSS_SELECTOR, "button")
        assert send.accessible_name == "Send text to Ann Lee's app"
        send.click()
        field.send_keys("12 Harbour Street, Leith", Keys.ENTER)
        delivered = share.consumer.expect("agentInput")
        assert delivered.body["event"] == {"kind": "text", "text": "12 Harbour Street, Leith"}
        assert field.get_attribute("value") == ""
        assert len(sent_frames(console, "input")) == 1, "an empty text was sent"

        share.consumer.input_result(delivered.body["inputId"], "performed")
        console.wait_for_text(share.shared_window, ".shared-window__outcome", "Done.")
        share.consumer.chat("I can see the address appearing in the form!")
        console.wait_for_text(share.session, ".message--consumer", "address appearing")
        save_screenshot_if_asked(browser, CONTROL_SCREENSHOT)
    assert_no_browser_errors(browser, server)


def test_without_control_a_click_sends_nothing(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        canvas = share.shared_window.find_element(By.CSS_SELECTOR, "canvas")
        request_control = share.session.find_element(By.CSS_SELECTOR, ".session__control")
        assert canvas.value_of_css_property("cursor") == "auto"
        ActionChains(browser).click(canvas).perform()
        share.consumer.expect_none("agentInput", within=1.0)

        # Asked but not answered yet: still nothing.
        request_control.click()
        request = share.consumer.expect("controlRequest")
        assert not request_control.is_displayed()
        ActionChains(browser).click(canvas).perform()
        share.consumer.expect_none("agentInput", within=1.0)

        share.consumer.answer_control(request.body["requestId"], accepted=False)
        control_status = share.session.find_element(By.CSS_SELECTOR, ".session__control-status")
        assert console.wait_for_state(control_status, "declined") == "Ann Lee declined to give you control."
        assert share.shared_window.get_attribute("data-control") == "declined"
        assert canvas.value_of_css_property("cursor") == "auto"
        assert request_control.is_displayed(), "Sam cannot ask again"
        ActionChains(browser).click(canvas).perform()
        share.consumer.expect_none("agentInput", within=1.0)
    assert_no_browser_errors(browser, server)


def test_each_outcome_the_app_reports_shows_its_sentence(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        grant_control(console, share)
        canvas = share.shared_window.find_element(By.CSS_SELECTOR, "canvas")
        outcome = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__outcome")
        sentences = {
            "notInteractive": "You may see that control but not use it.",
            "masked": "That part of the window is hidden from you.",
            "nothingThere": "Nothing there takes that input.",
            "noControl": "You no longer have control.",
        }
        for reported, sentence in sentences.items():
            ActionChains(browser).click(canvas).perform()
            delivered = share.consumer.expect("agentInput")
            share.consumer.input_result(delivered.body["inputId"], reported)
            console.wait.until(lambda _: outcome.get_attribute("data-outcome") == reported)
            assert outcome.text == sentence

        # The app holds no grant: the console no longer offers control.
        control_status = share.session.find_element(By.CSS_SELECTOR, ".session__control-status")
        assert console.wait_for_state(control_status, "stopped") == "Control ended."
        assert canvas.value_of_css_property("cursor") == "auto"
        ActionChains(browser).click(canvas).perform()
        share.consumer.expect_none("agentInput", within=1.0)
    assert_no_browser_errors(browser, server)


def test_an_input_the_server_refuses_says_control_is_gone(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    browser.execute_script(SOCKET_PROBE)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        request_id = grant_control(console, share)

        # Ann takes control back, but the console hears of it only after Sam's next click.
        browser.execute_script("window.assistProbe.holding.add('controlEnd');")
        share.consumer.end_control(request_id)
        console.wait.until(lambda _: browser.execute_script("return window.assistProbe.held.length") == 1)
        ActionChains(browser).click(share.shared_window.find_element(By.CSS_SELECTOR, "canvas")).perform()
        share.consumer.expect_none("agentInput", within=1.0)
        outcome = console.wait_for_text(share.shared_window, ".shared-window__outcome", "You no longer have control.")
        assert outcome.get_attribute("data-outcome") == "noControl"
        assert not browser.find_element(By.ID, "notice").is_displayed(), "a generic error notice was shown"
        control_status = share.session.find_element(By.CSS_SELECTOR, ".session__control-status")
        assert console.wait_for_state(control_status, "stopped") == "Control ended."

        browser.execute_script(RELEASE_HELD)
        assert share.session.find_element(By.CSS_SELECTOR, ".session__control").is_displayed()
        assert control_status.text == "Control ended."
    assert_no_browser_errors(browser, server)


def test_the_visitor_taking_control_back_ends_it(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        request_id = grant_control(console, share)

        share.consumer.end_control(request_id)
        control_status = share.session.find_element(By.CSS_SELECTOR, ".session__control-status")
        assert console.wait_for_state(control_status, "stopped") == "Ann Lee took control back."
        assert share.shared_window.get_attribute("data-control") == "ended"
        assert not share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__control").is_displayed()
        assert not share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__type").is_displayed()
        canvas = share.shared_window.find_element(By.CSS_SELECTOR, "canvas")
        assert canvas.value_of_css_property("cursor") == "auto"
        ActionChains(browser).click(canvas).perform()
        share.consumer.expect_none("agentInput", within=1.0)

        # The share goes on, and Sam may ask again.
        assert share.shared_window.get_attribute("data-state") == "live"
        assert share.session.find_element(By.CSS_SELECTOR, ".session__control").is_displayed()
    assert_no_browser_errors(browser, server)


def test_control_ends_with_the_share(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        grant_control(console, share)

        share.consumer.end_screen_share(share.request_id)
        control_status = share.session.find_element(By.CSS_SELECTOR, ".session__control-status")
        assert console.wait_for_state(control_status, "stopped") == "Control ended with the screen share."
        console.wait_for_state(share.shared_window, "stopped")
        assert not share.session.find_element(By.CSS_SELECTOR, ".session__control").is_displayed()
        ActionChains(browser).click(share.shared_window.find_element(By.CSS_SELECTOR, "canvas")).perform()
        share.consumer.expect_none("agentInput", within=1.0)
    assert_no_browser_errors(browser, server)


WINDOW_POINTS = """
const [cases, done] = arguments;
import("/console/window-point.js").then(({ windowPoint }) => {
  done(cases.map(([x, y, box, picture]) => windowPoint(x, y, box, picture)));
}, (error) => done(String(error)));
"""


def test_window_points_are_whole_pixels_inside_the_window(server: Server, browser: webdriver.Chrome) -> None:
    """The console's reading of a point on the canvas, at the picture's edges and beside it."""
    box = {"width": 600, "height": 300}
    tall = {"width": 100, "height": 200}  # shown at scale 1.5, from x = 225 to 375
    cases = {
        "top-left corner": ((225, 0, box, tall), {"x": 0, "y": 0}),
        "inside a pixel": ((226.4, 1.4, box, tall), {"x": 0, "y": 0}),
        "far corner": ((375, 300, box, tall), {"x": 99, "y": 199}),
        "middle": ((300, 150, box, tall), {"x": 50, "y": 100}),
        "left band": ((224.9, 150, box, tall), None),
        "right band": ((375.1, 150, box, tall), None),
        "no picture": ((10, 10, {"width": 0, "height": 0}, tall), None),
    }
    page = ConsolePage(browser, server.url)
    results = page.driver.execute_async_script(WINDOW_POINTS, [arguments for arguments, _ in cases.values()])
    assert isinstance(results, list), results
    for name, result, (_, expected) in zip(cases, results, cases.values()):
        assert result == expected, f"{name}: {result}"


NEAREST_WINDOW_POINTS = """
const [cases, done] = arguments;
import("/console/window-point.js").then(({ nearestWindowPoint }) => {
  done(cases.map(([x, y, box, picture]) => nearestWindowPoint(x, y, box, picture)));
}, (error) => done(String(error)));
"""


def test_a_point_beside_the_picture_is_moved_to_the_nearest_window_pixel(
        server: Server, browser: webdriver.Chrome) -> None:
    """Where a drag that leaves the picture keeps drawing (§12.7): on its edge."""
    box = {"width": 600, "height": 300}
    tall = {"width": 100, "height": 200}  # shown at scale 1.5, from x = 225 to 375
    cases = {
        "inside": ((300, 150, box, tall), {"x": 50, "y": 100}),
        "left band": ((10, 150, box, tall), {"x": 0, "y": 100}),
        "right band": ((590, 150, box, tall), {"x": 99, "y": 100}),
        "above and right, outside the box": ((700, -40, box, tall), {"x": 99, "y": 0}),
        "below and left": ((-5, 400, box, tall), {"x": 0, "y": 199}),
        "no picture": ((10, 10, {"width": 0, "height": 0}, tall), None),
    }
    page = ConsolePage(browser, server.url)
    results = page.driver.execute_async_script(NEAREST_WINDOW_POINTS, [arguments for arguments, _ in cases.values()])
    assert isinstance(results, list), results
    for name, result, (_, expected) in zip(cases, results, cases.values()):
        assert result == expected, f"{name}: {result}"


# Annotations (docs/protocol.md §12.7): Sam draws over Ann Lee's shared window;
# her app shows the strokes, and tells the console which it took off.

RED = "#e5261f"
BLUE = "#2563eb"
STROKE_WIDTH = 4
CLEARED_SENTENCES = {
    "contentChanged": "The visitor's window changed under your drawing, so it was cleared.",
    "person": "The visitor cleared your drawings.",
    "tooMany": "Your oldest drawings were removed (at most 100).",
}


def rgba(color: str) -> Colour:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16), 255


def picture_canvas(share: Share) -> WebElement:
    return share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__picture")


def ink_canvas(share: Share) -> WebElement:
    return share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__ink")


def stroke_count(share: Share) -> int:
    return int(ink_canvas(share).get_attribute("data-strokes"))


def read_ink(console: ConsolePage, share: Share) -> Picture:
    """The layer of strokes over the picture, pixel by pixel (at the page's size: one CSS pixel each here)."""
    width, height, pixels = console.driver.execute_script(READ_CANVAS, ink_canvas(share))
    return Picture(width, height, b64decode(pixels))


def ink_at(console: ConsolePage, share: Share, shown: ShownPicture, pixel: tuple[int, int]) -> Colour:
    """The layer's pixel over the middle of window pixel `pixel`."""
    left, top, _, _ = console.driver.execute_script(CANVAS_BOX, ink_canvas(share))
    x, y = shown.centre(pixel)
    return read_ink(console, share).at(math.floor(x - left), math.floor(y - top))


def inked_pixels(picture: Picture) -> int:
    return sum(1 for start in range(3, len(picture.pixels), 4) if picture.pixels[start] != 0)


def turn_drawing_on(console: ConsolePage, share: Share) -> WebElement:
    """Presses "Draw" in the shared window's tools; returns the toggle."""
    toggle = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__draw-toggle")
    assert toggle.accessible_name == "Draw on Ann Lee's window"
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    console.wait.until(lambda _: toggle.get_attribute("aria-pressed") == "true")
    assert share.shared_window.get_attribute("data-drawing") == "on"
    return toggle


def drag_through(console: ConsolePage, points: list[tuple[int, int]]) -> None:
    """Presses the pointer at the first viewport point, moves it through the others and lifts it."""
    actions = ActionBuilder(console.driver, duration=20)
    pointer = actions.pointer_action
    pointer.move_to_location(*points[0]).pointer_down()
    for x, y in points[1:]:
        pointer.move_to_location(x, y)
    pointer.pointer_up()
    actions.perform()


def delivered_stroke(share: Share) -> dict:
    """The next stroke the app receives from Sam."""
    delivered = share.consumer.expect("annotate")
    assert delivered.body["agentId"] == "sam"
    return delivered.body["stroke"]


def draw_stroke(console: ConsolePage, share: Share, shown: ShownPicture, pixels: list[tuple[int, int]]) -> dict:
    """Drags over the picture through window pixels `pixels`; returns the stroke the app receives."""
    drag_through(console, [shown.viewport_point(pixel) for pixel in pixels])
    return delivered_stroke(share)


def stroke_points(stroke: dict) -> list[tuple[int, int]]:
    points = stroke["points"]
    assert len(points) % 2 == 0 and 1 <= len(points) // 2 <= 2000, points
    return list(zip(points[0::2], points[1::2]))


def ring(centre: tuple[int, int], radii: tuple[int, int], steps: int) -> list[tuple[int, int]]:
    """Window pixels around an ellipse, once round and a little further."""
    return [(round(centre[0] + radii[0] * math.cos(2 * math.pi * step / steps)),
             round(centre[1] + radii[1] * math.sin(2 * math.pi * step / steps))) for step in range(steps + 3)]


def test_a_drag_in_drawing_mode_reaches_the_app_as_a_stroke_in_window_pixels(
        server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    browser.execute_script(SOCKET_PROBE)
    with shared_screen(console, server) as share:
        tools = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__draw")
        assert not tools.is_displayed(), "the drawing tools show before the picture"
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        console.wait.until(lambda _: tools.is_displayed())
        clear = tools.find_element(By.CSS_SELECTOR, ".shared-window__clear-drawings")
        assert clear.accessible_name == "Clear drawings" and not clear.is_enabled()
        red = tools.find_element(By.CSS_SELECTOR, "input[aria-label='Red']")
        assert red.accessible_name == "Red" and red.is_selected()
        turn_drawing_on(console, share)
        assert ink_canvas(share).value_of_css_property("cursor") == "crosshair"
        assert ink_canvas(share).rect == picture_canvas(share).rect, "the strokes' layer is not over the picture"

        # A ring around the app's green button.
        shown = ShownPicture.of(console, picture_canvas(share), (WINDOW_WIDTH, WINDOW_HEIGHT))
        path = ring((178, 269), (64, 24), 24)
        stroke = draw_stroke(console, share, shown, path)
        assert (stroke["color"], stroke["width"]) == (RED, STROKE_WIDTH)
        points = stroke_points(stroke)
        assert all(0 <= x < WINDOW_WIDTH and 0 <= y < WINDOW_HEIGHT for x, y in points), points
        assert points[0] == shown.window_pixel(shown.viewport_point(path[0]))
        assert points[-1] == shown.window_pixel(shown.viewport_point(path[-1]))
        assert all(178 - 66 <= x <= 178 + 66 and 269 - 26 <= y <= 269 + 26 for x, y in points), points
        [sent] = sent_frames(console, "annotate")
        assert (sent["v"], "seq" in sent) == (2, False), "annotate is written with v 2 and is not sequenced"
        assert sent["body"]["sessionId"] == share.consumer.session_id
        assert sent["body"]["stroke"] == stroke

        # The console draws its own copy over the picture, which stays as the app sent it.
        assert stroke_count(share) == 1
        console.wait.until(lambda _: ink_at(console, share, shown, path[6]) == rgba(RED))
        assert console.read_picture(share.session).pixels == window_picture().pixels
        assert clear.is_enabled()

        # Another colour, for the next stroke: a line under the photo's caption.
        tools.find_element(By.CSS_SELECTOR, "input[aria-label='Blue']").click()
        second = draw_stroke(console, share, shown, [(332, 146), (390, 148), (448, 146)])
        assert second["color"] == BLUE and second["id"] != stroke["id"]
        assert stroke_count(share) == 2

        share.consumer.chat("I can see your circle around the Pay button.")
        console.wait_for_text(share.session, ".message--consumer", "circle around the Pay button")
        save_screenshot_if_asked(browser, ANNOTATE_SCREENSHOT)
    assert_no_browser_errors(browser, server)


def test_a_stroke_keeps_to_the_window_when_the_pointer_leaves_the_picture(
        server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(tall_keyframe(1))
        console.wait_for_picture(share.session, 1)
        turn_drawing_on(console, share)
        shown = ShownPicture.of(console, picture_canvas(share), (TALL_WIDTH, TALL_HEIGHT))
        left, top, width, height = browser.execute_script(CANVAS_BOX, picture_canvas(share))
        assert shown.left - left > 40, "the tall picture has no band beside it"

        # From the middle of the picture out into the band on the right, and above the panel.
        start = shown.viewport_point((120, 200))
        # Scaled down, a whole viewport pixel can lie over the window pixel next
        # to (120, 200): the stroke starts at the one under the pointer.
        first = shown.window_pixel(start)
        assert abs(first[0] - 120) <= 1 and abs(first[1] - 200) <= 1, first
        right_band = (round(left + width - 10), start[1])
        drag_through(console, [start, right_band, (right_band[0], round(top) - 40)])
        stroke = delivered_stroke(share)
        points = stroke_points(stroke)
        assert points[0] == first
        assert all(0 <= x < TALL_WIDTH and 0 <= y < TALL_HEIGHT for x, y in points), points
        assert (TALL_WIDTH - 1, first[1]) in points, points
        assert points[-1] == (TALL_WIDTH - 1, 0)

        # A drag that starts beside the picture draws nothing.
        drag_through(console, [(round(left) + 10, start[1]), start])
        share.consumer.expect_none("annotate", within=1.0)
        assert stroke_count(share) == 1
    assert_no_browser_errors(browser, server)


def test_a_click_in_drawing_mode_is_a_dot_not_control_input(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    browser.execute_script(SOCKET_PROBE)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        grant_control(console, share)
        toggle = turn_drawing_on(console, share)

        canvas = picture_canvas(share)
        expected = click_window_pixel(console, canvas, (WINDOW_WIDTH, WINDOW_HEIGHT), (170, 268))
        dot = share.consumer.expect("annotate").body["stroke"]
        assert dot["points"] == [*expected], "a tap is a stroke of one point"
        share.consumer.expect_none("agentInput", within=1.0)
        assert sent_frames(console, "input") == []

        # Escape leaves drawing mode; a click is control input again.
        ActionChains(browser).send_keys(Keys.ESCAPE).perform()
        console.wait.until(lambda _: toggle.get_attribute("aria-pressed") == "false")
        assert share.shared_window.get_attribute("data-drawing") == "off"
        clicked = click_window_pixel(console, canvas, (WINDOW_WIDTH, WINDOW_HEIGHT), (170, 268))
        assert share.consumer.expect("agentInput").body["event"] == {"kind": "click", "x": clicked[0], "y": clicked[1]}
        share.consumer.expect_none("annotate", within=0.5)
        assert stroke_count(share) == 1, "leaving drawing mode keeps the strokes"
    assert_no_browser_errors(browser, server)


def test_clear_drawings_clears_them_for_the_visitor(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    browser.execute_script(SOCKET_PROBE)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        turn_drawing_on(console, share)
        shown = ShownPicture.of(console, picture_canvas(share), (WINDOW_WIDTH, WINDOW_HEIGHT))
        draw_stroke(console, share, shown, [(140, 70), (300, 70)])
        draw_stroke(console, share, shown, [(140, 90), (300, 90)])
        console.wait.until(lambda _: inked_pixels(read_ink(console, share)) > 0)

        clear = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__clear-drawings")
        clear.click()
        cleared = share.consumer.expect("clearAnnotations")
        assert cleared.body["agentId"] == "sam"
        [sent] = sent_frames(console, "clearAnnotations")
        assert (sent["v"], "seq" in sent, sent["body"]) == (2, False, {"sessionId": share.consumer.session_id})
        assert stroke_count(share) == 0
        assert inked_pixels(read_ink(console, share)) == 0
        assert not clear.is_enabled()
        assert share.shared_window.get_attribute("data-drawing") == "on", "clearing leaves drawing mode on"
    assert_no_browser_errors(browser, server)


def test_strokes_the_app_takes_off_go_from_the_console_with_a_sentence(
        server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        turn_drawing_on(console, share)
        shown = ShownPicture.of(console, picture_canvas(share), (WINDOW_WIDTH, WINDOW_HEIGHT))
        lines = [[(140, y), (300, y)] for y in (64, 104, 144)]
        ids = [draw_stroke(console, share, shown, line)["id"] for line in lines]
        assert stroke_count(share) == 3
        status = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__drawing-status")
        assert status.text == ""

        for index, (reason, sentence) in enumerate(CLEARED_SENTENCES.items()):
            share.consumer.annotations_cleared([ids[index]], reason)
            console.wait.until(lambda _: stroke_count(share) == 2 - index)
            assert console.wait_for_state(status, "cleared") == sentence
            middle = (220, lines[index][0][1])
            console.wait.until(lambda _: ink_at(console, share, shown, middle)[3] == 0)
            for later in lines[index + 1:]:
                assert ink_at(console, share, shown, (220, later[0][1])) == rgba(RED)
        assert inked_pixels(read_ink(console, share)) == 0
        assert not share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__clear-drawings").is_enabled()
    assert_no_browser_errors(browser, server)


def test_strokes_and_drawing_mode_end_with_the_share_and_the_session(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        turn_drawing_on(console, share)
        shown = ShownPicture.of(console, picture_canvas(share), (WINDOW_WIDTH, WINDOW_HEIGHT))
        draw_stroke(console, share, shown, [(140, 70), (300, 70)])
        assert stroke_count(share) == 1

        share.consumer.end_screen_share(share.request_id)
        console.wait_for_state(share.shared_window, "stopped")
        tools = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__draw")
        assert not tools.is_displayed()
        assert stroke_count(share) == 0
        assert inked_pixels(read_ink(console, share)) == 0
        assert share.shared_window.get_attribute("data-drawing") == "off"
        assert ink_canvas(share).value_of_css_property("pointer-events") == "none"

        # A new share starts with no strokes and drawing mode off.
        share.session.find_element(By.CSS_SELECTOR, ".session__share").click()
        share.consumer.answer_screen_share(share.consumer.expect("screenShareRequest").body["requestId"], accepted=True)
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_state(share.shared_window, "live")
        console.wait.until(lambda _: tools.is_displayed())
        toggle = turn_drawing_on(console, share)
        draw_stroke(console, share, shown, [(140, 90), (300, 90)])
        assert stroke_count(share) == 1

        share.consumer.end_session()
        console.wait_for_text(share.session, ".session__ended", "The visitor ended the session.")
        assert not tools.is_displayed()
        assert stroke_count(share) == 0
        assert inked_pixels(read_ink(console, share)) == 0
        assert toggle.get_attribute("aria-pressed") == "false"
    assert_no_browser_errors(browser, server)


def test_a_drawing_the_server_refuses_is_taken_off_with_a_sentence(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    browser.execute_script(SOCKET_PROBE)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        turn_drawing_on(console, share)
        shown = ShownPicture.of(console, picture_canvas(share), (WINDOW_WIDTH, WINDOW_HEIGHT))
        draw_stroke(console, share, shown, [(140, 70), (300, 70)])

        # Ann stops sharing, but the console hears of it only after Sam's next stroke.
        browser.execute_script("window.assistProbe.holding.add('screenShareEnd');")
        share.consumer.end_screen_share(share.request_id)
        console.wait.until(lambda _: browser.execute_script("return window.assistProbe.held.length") == 1)
        drag_through(console, [shown.viewport_point((140, 90)), shown.viewport_point((300, 90))])
        status = share.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__drawing-status")
        assert console.wait_for_state(status, "refused") \
            == "Your drawing did not reach the visitor's screen, so it was taken off."
        assert stroke_count(share) == 1, "the refused stroke is still shown"
        assert ink_at(console, share, shown, (220, 90))[3] == 0
        assert ink_at(console, share, shown, (220, 70)) == rgba(RED)
        assert not browser.find_element(By.ID, "notice").is_displayed(), "a generic error notice was shown"
        share.consumer.expect_none("annotate", within=0.5)

        browser.execute_script(RELEASE_HELD)
        console.wait_for_state(share.shared_window, "stopped")
        assert stroke_count(share) == 0
    assert_no_browser_errors(browser, server)


def test_strokes_are_redrawn_at_the_pictures_new_scale(server: Server, browser: webdriver.Chrome) -> None:
    console = ConsolePage(browser, server.url)
    with shared_screen(console, server) as share:
        share.consumer.send_app_frame(window_keyframe(1))
        console.wait_for_picture(share.session, 1)
        turn_drawing_on(console, share)
        window = (WINDOW_WIDTH, WINDOW_HEIGHT)
        shown = ShownPicture.of(console, picture_canvas(share), window)
        draw_stroke(console, share, shown, [(30, 60), (200, 60), (200, 140)])
        corner = (200, 60)
        console.wait.until(lambda _: ink_at(console, share, shown, corner) == rgba(RED))

        # The panel narrows: the picture, and the strokes with it, are shown smaller.
        browser.set_window_size(1000, 900)
        console.wait.until(lambda _: ShownPicture.of(console, picture_canvas(share), window).scale < shown.scale)
        narrower = ShownPicture.of(console, picture_canvas(share), window)
        console.wait.until(lambda _: ink_at(console, share, narrower, corner) == rgba(RED))
        assert ink_at(console, share, narrower, (200, 100)) == rgba(RED)
        assert ink_at(console, share, narrower, (100, 100))[3] == 0

        # The window shrinks: the same window pixels sit elsewhere on a picture shown larger.
        small = (240, 160)
        share.consumer.send_app_frame(app_frame(2, *small, [solid(0, 0, *small, BACKGROUND)], keyframe=True))
        console.wait_for_picture(share.session, 2)
        larger = ShownPicture.of(console, picture_canvas(share), small)
        assert larger.scale > narrower.scale
        console.wait.until(lambda _: ink_at(console, share, larger, corner) == rgba(RED))
        assert ink_at(console, share, larger, (200, 100)) == rgba(RED)
        assert stroke_count(share) == 1
    assert_no_browser_errors(browser, server)


THIN_IN_CONSOLE = """
const [cases, done] = arguments;
import("/console/annotation-stroke.js").then(({ thinnedPoints, strokeOf }) => {
  done(cases.map((count) => {
    const points = Array.from({ length: count }, (_, index) => [index % 8193, Math.floor(index / 8193)]).flat();
    const thinned = strokeOf("s-1", "#e5261f", 4, points).points;
    return { length: thinned.length, head: thinned.slice(0, 4), tail: thinned.slice(-2),
             same: thinnedPoints(points) === points, last: points.slice(-2) };
  }));
}, (error) => done(String(error)));
"""


def test_a_long_stroke_is_thinned_to_2000_points_keeping_its_ends(server: Server, browser: webdriver.Chrome) -> None:
    page = ConsolePage(browser, server.url)
    results = page.driver.execute_async_script(THIN_IN_CONSOLE, [1, 2000, 2001, 9000])
    assert isinstance(results, list), results
    one, exact, over, long = results
    assert (one["length"], one["same"]) == (2, True)
    assert (exact["length"], exact["same"]) == (4000, True)
    for thinned in (over, long):
        assert (thinned["length"], thinned["same"]) == (4000, False)
        assert thinned["head"][:2] == [0, 0] and thinned["tail"] == thinned["last"]
