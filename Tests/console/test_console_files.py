"""Files in chat in the agent console (docs/protocol.md §11.6), end to end: a
live assist-server, headless Chromium as the agent and a scripted consumer that
uploads and downloads with its resume token, as the app does.

The page's `fetch` is wrapped before the console's scripts run (INSTRUMENT):
every attachment request is recorded, and a test can make a part's request
fail before it is sent or after the server answered (a dropped connection), or
hold it until the test lets it go.

Environment: as test_console.py; ASSIST_FILES_SCREENSHOT=PATH saves the chat
with a visitor's picture and document there.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import string
import struct
import time
import zlib
from base64 import b64encode
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from attachment_http import AttachmentHttp
from scripted_consumer import Frame, ScriptedConsumer
from test_console import (CHROMEDRIVER, CHROMIUM, WAIT_SECONDS, ConsolePage, DroppingProxy, Server,
                          assert_no_browser_errors, running_server, server)

PART_BYTES = 1024 * 1024
RED = (220, 38, 38)
BLUE = (37, 99, 235)

# Installed before the console's own scripts run. `fileTest.faults` is taken one
# entry per PUT: "before" fails it unsent, "after" sends it and loses the answer,
# "hold" waits for `fileTest.release()` (an abort still ends it), null lets it be.
INSTRUMENT = """
window.fileTest = { requests: [], faults: [], held: false, release: null };
const realFetch = window.fetch.bind(window);
window.fetch = async (input, init = {}) => {
  const path = new URL(String(input), location.href).pathname;
  if (!path.startsWith("/v1/attachments")) return realFetch(input, init);
  const record = { method: init.method ?? "GET", path, offset: init.headers?.["Upload-Offset"] ?? null, status: null };
  window.fileTest.requests.push(record);
  const fault = record.method === "PUT" ? window.fileTest.faults.shift() ?? null : null;
  if (fault === "before") {
    record.status = "lost";
    throw new TypeError("Failed to fetch (the test dropped the connection before the part went)");
  }
  if (fault === "hold") {
    window.fileTest.held = true;
    await new Promise((resolve, reject) => {
      window.fileTest.release = resolve;
      init.signal?.addEventListener("abort", () => reject(init.signal.reason), { once: true });
    }).finally(() => { window.fileTest.held = false; });
  }
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    record.status = "failed";
    throw error;
  }
  record.status = response.status;
  if (fault === "after") {
    record.status = `${response.status} lost`;
    throw new TypeError("Failed to fetch (the test dropped the connection after the server answered)");
  }
  return response;
};
"""

# Drops files on an element as a person dragging them from their desktop does.
DROP_FILES = """
const [target, files] = arguments;
const transfer = new DataTransfer();
for (const [name, type, base64] of files) {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  transfer.items.add(new File([bytes], name, { type }));
}
for (const type of ["dragenter", "dragover", "drop"]) {
  target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
}
"""

# A canvas's size and the colour at a quarter and at three quarters of its width, half-way down.
READ_THUMBNAIL = """
const canvas = arguments[0];
const context = canvas.getContext("2d");
const at = (x, y) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
const y = Math.floor(canvas.height / 2);
return [canvas.width, canvas.height, at(Math.floor(canvas.width / 4), y), at(Math.floor(3 * canvas.width / 4), y)];
"""


def png(width: int, height: int, compress: bool = True) -> bytes:
    """A PNG picture, red on its left half and blue on its right; uncompressed it is
    about 3 × width × height bytes (a file of several parts)."""
    row = b"\x00" + bytes(RED) * (width // 2) + bytes(BLUE) * (width - width // 2)
    pixels = zlib.compress(row * height, 9 if compress else 0)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def pdf() -> bytes:
    """A small PDF document (the server knows it by its signature)."""
    return b"%PDF-1.4\n% Assist console test\n" + b"1 0 obj << /Type /Catalog >> endobj\n" * 40 + b"%%EOF\n"


def near(colour: list[int], expected: tuple[int, int, int]) -> bool:
    return all(abs(got - want) <= 3 for got, want in zip(colour, expected))


@pytest.fixture
def downloads(tmp_path: Path) -> Path:
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


def downloading_chromium(downloads: Path, window_size: str, init_script: str | None = None) -> webdriver.Chrome:
    """Headless Chromium of `window_size` ("W,H") saving downloads in
    `downloads` without asking, its console kept, running `init_script`
    before each page's own scripts."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={window_size}",
                     "--force-prefers-reduced-motion", "--lang=en-GB"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {
        "download.default_directory": str(downloads), "download.prompt_for_download": False,
    })
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    if init_script:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": init_script})
    return driver


@pytest.fixture
def file_browser(downloads: Path) -> Iterator[webdriver.Chrome]:
    """Chromium saving downloads in `downloads` without asking, with `fetch` instrumented."""
    driver = downloading_chromium(downloads, "1280,900", INSTRUMENT)
    try:
        yield driver
    finally:
        driver.quit()


@dataclass
class Chat:
    """Sam's session with Ann Lee, open in the console."""

    console: ConsolePage
    session: WebElement
    consumer: ScriptedConsumer
    server: Server

    def attach(self, path: Path) -> None:
        """Chooses `path` with the composer's Attach file button's picker."""
        button = self.session.find_element(By.CSS_SELECTOR, ".composer__attach")
        assert button.accessible_name == "Attach file"
        self.session.find_element(By.CSS_SELECTOR, ".composer__file").send_keys(str(path))

    def file_entry(self, name: str, author: str) -> WebElement:
        """The file entry named `name` in a message of `author` ("agent" or "consumer")."""
        return self.console.wait_for_text(self.session, f".message--{author} .file", name)

    def wait_for_state(self, entry: WebElement, state: str) -> str:
        """Waits until the entry is in `state`, and returns its status sentence."""
        self.console.wait.until(lambda _: entry.get_attribute("data-state") in {state, "failed"})
        status = entry.find_element(By.CSS_SELECTOR, ".file__status")
        assert entry.get_attribute("data-state") == state, f"the entry says: {status.text}"
        return status.text

    def requests(self) -> list[dict]:
        return self.console.driver.execute_script("return window.fileTest.requests;")

    def fault_parts(self, *faults: str | None) -> None:
        self.console.driver.execute_script("window.fileTest.faults = arguments[0];", list(faults))

    def thumbnail(self, entry: WebElement) -> tuple[int, int, list[int], list[int]]:
        canvas = entry.find_element(By.CSS_SELECTOR, ".file__thumbnail")
        self.console.wait.until(lambda _: canvas.is_displayed())
        assert canvas.accessible_name.startswith("Picture: ")
        width, height, left, right = self.console.driver.execute_script(READ_THUMBNAIL, canvas)
        return width, height, left, right

    def agent_file_messages(self) -> list[Frame]:
        """The agent's chat messages that reached Ann with a file, once a plain message
        sent after them has arrived (so that nothing sent before is still on its way)."""
        composer = self.session.find_element(By.CSS_SELECTOR, ".composer textarea")
        # Letters only: a long run of digits may pass the Luhn check and arrive masked as a card number.
        marker = "marker " + "".join(secrets.choice(string.ascii_lowercase) for _ in range(16))
        composer.send_keys(marker, "\n")
        self.consumer.expect("chat", lambda frame: frame.body.get("text") == marker)
        return [frame for frame in self.consumer.received("chat") if "attachment" in frame.body]


@contextlib.contextmanager
def open_chat(browser: webdriver.Chrome, server: Server, console_url: str | None = None) -> Iterator[Chat]:
    """Sam signs in and takes Ann Lee from the queue."""
    console = ConsolePage(browser, console_url or server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [])
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        yield Chat(console, session, consumer, server)
    finally:
        consumer.close()


def assert_no_browser_errors_but_refusals(browser: webdriver.Chrome, server: Server) -> None:
    """No browser errors but Chromium's note of each attachment request the server
    refused (it reports every HTTP error answer to `fetch`)."""
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"
              and not ("/v1/attachments" in entry["message"] and "Failed to load resource" in entry["message"])]
    assert severe == [], f"browser errors: {severe}\nserver log:\n{server.log.read_text()}"


def wait_for_download(folder: Path, name: str) -> bytes:
    """The bytes of `name` once Chromium has finished saving it in `folder`."""
    path = folder / name

    def saved(_: object) -> bool:
        return path.exists() and not any(folder.glob("*.crdownload"))

    WebDriverWait(None, WAIT_SECONDS).until(saved, f"{name} was not saved; the folder holds {list(folder.iterdir())}")
    return path.read_bytes()


def test_a_file_the_agent_attaches_reaches_the_visitor_byte_for_byte(
        server: Server, file_browser: webdriver.Chrome, tmp_path: Path) -> None:
    picture = png(1000, 700, compress=False)
    assert 2 * PART_BYTES < len(picture) < 3 * PART_BYTES
    path = tmp_path / "screen layout.png"
    path.write_bytes(picture)
    with open_chat(file_browser, server) as chat:
        chat.attach(path)

        message = chat.consumer.expect("chat", lambda frame: "attachment" in frame.body)
        attachment = message.body["attachment"]
        assert message.body["author"] == "agent"
        assert message.body["text"] == "screen layout.png"
        assert (attachment["name"], attachment["size"], attachment["mediaType"]) == \
            ("screen layout.png", len(picture), "image/png")
        assert chat.consumer.download(attachment) == picture

        entry = chat.file_entry("screen layout.png", "agent")
        assert chat.wait_for_state(entry, "ready") == ""
        assert entry.find_element(By.CSS_SELECTOR, ".file__size").text == "2.1 MB"
        assert entry.find_element(By.CSS_SELECTOR, ".file__type").text == "PNG image"
        assert not entry.find_element(By.CSS_SELECTOR, ".file__progress").is_displayed()
        assert not entry.find_element(By.CSS_SELECTOR, ".file__cancel").is_displayed()
        assert entry.find_element(By.CSS_SELECTOR, ".file__download").accessible_name == "Download screen layout.png"
        receipt = chat.session.find_element(By.CSS_SELECTOR, ".message--file .message__receipt")
        chat.console.wait.until(lambda _: receipt.get_attribute("data-status") == "delivered")
        width, height, left, right = chat.thumbnail(entry)
        assert (width, height) == (220, 154)
        assert near(left, RED) and near(right, BLUE), (left, right)

        parts = [(request["offset"], request["status"]) for request in chat.requests() if request["method"] == "PUT"]
        assert parts == [("0", 200), (str(PART_BYTES), 200), (str(2 * PART_BYTES), 200)]
    assert_no_browser_errors(file_browser, server)


def test_a_file_dropped_on_the_chat_is_sent(server: Server, file_browser: webdriver.Chrome) -> None:
    text = "Steps so far:\n1. Restarted the router\n2. Checked the cable — still no line\n".encode()
    with open_chat(file_browser, server) as chat:
        transcript = chat.session.find_element(By.CSS_SELECTOR, ".transcript")
        file_browser.execute_script(DROP_FILES, transcript, [["steps.txt", "text/plain", b64encode(text).decode()]])

        message = chat.consumer.expect("chat", lambda frame: "attachment" in frame.body)
        assert message.body["attachment"]["mediaType"] == "text/plain"
        assert chat.consumer.download(message.body["attachment"]) == text
        entry = chat.file_entry("steps.txt", "agent")
        chat.wait_for_state(entry, "ready")
        assert entry.find_element(By.CSS_SELECTOR, ".file__type").text == "Plain text"
        assert entry.find_element(By.CSS_SELECTOR, ".file__size").text == f"{len(text)} bytes"
        assert not entry.find_element(By.CSS_SELECTOR, ".file__thumbnail").is_displayed()
        assert "transcript--drop" not in transcript.get_attribute("class")
    assert_no_browser_errors(file_browser, server)


def test_a_file_from_the_visitor_shows_with_its_thumbnail_and_downloads_byte_for_byte(
        server: Server, file_browser: webdriver.Chrome, downloads: Path) -> None:
    picture = png(640, 400)
    document = pdf()
    with open_chat(file_browser, server) as chat:
        files = chat.consumer.files()
        chat.consumer.chat("error.png", files.upload("error.png", picture, "image/png"))
        chat.consumer.chat("Here is my invoice", files.upload("invoice March.pdf", document, "application/pdf"))

        shown = chat.file_entry("error.png", "consumer")
        chat.wait_for_state(shown, "ready")
        assert shown.find_element(By.CSS_SELECTOR, ".file__type").text == "PNG image"
        assert len(picture) == 1845 and shown.find_element(By.CSS_SELECTOR, ".file__size").text == "1.8 KB"
        width, height, left, right = chat.thumbnail(shown)
        assert (width, height) == (220, 138)
        assert near(left, RED) and near(right, BLUE), (left, right)

        invoice = chat.file_entry("invoice March.pdf", "consumer")
        assert invoice.find_element(By.CSS_SELECTOR, ".file__type").text == "PDF document"
        assert not invoice.find_element(By.CSS_SELECTOR, ".file__thumbnail").is_displayed()
        caption = chat.console.wait_for_text(chat.session, ".message--consumer .message__text", "Here is my invoice")
        assert caption.is_displayed()

        if path := os.environ.get("ASSIST_FILES_SCREENSHOT"):
            assert file_browser.save_screenshot(path)

        shown.find_element(By.CSS_SELECTOR, ".file__download").click()
        assert wait_for_download(downloads, "error.png") == picture
        invoice.find_element(By.CSS_SELECTOR, ".file__download").click()
        assert wait_for_download(downloads, "invoice March.pdf") == document
        assert chat.wait_for_state(invoice, "ready") == ""
    assert_no_browser_errors(file_browser, server)


def test_each_refused_file_shows_the_servers_sentence(
        tmp_path: Path, file_browser: webdriver.Chrome) -> None:
    large = png(200, 100, compress=False)
    disguised = b"This is text, not a picture.\n" * 20
    limits = ("--attachment-max-bytes", "20000", "--attachment-type", "image/png", "--attachment-type", "text/plain")
    with running_server(tmp_path, *limits) as server, open_chat(file_browser, server) as chat:
        asked = AttachmentHttp(server.url, server.token)
        too_large = asked.start("large.png", len(large), "image/png", sid=chat.consumer.session_id)
        not_allowed = asked.start("invoice.pdf", 1000, "application/pdf", sid=chat.consumer.session_id)
        assert (too_large.status, not_allowed.status) == (413, 415)
        mismatch_id = asked.start("photo.png", len(disguised), "image/png", sid=chat.consumer.session_id).json["attachmentId"]
        mismatch = asked.put(mismatch_id, disguised, 0)
        assert mismatch.status == 415

        for name, data in (("large.png", large), ("invoice.pdf", pdf()), ("photo.png", disguised),
                           ("empty.txt", b""), ("archive.zip", b"PK\x03\x04 not sent")):
            (tmp_path / name).write_bytes(data)
            chat.attach(tmp_path / name)

        expected = {
            "large.png": too_large.json["message"],
            "invoice.pdf": not_allowed.json["message"],
            "photo.png": mismatch.json["message"],
            "empty.txt": "The file is empty.",
            "archive.zip": "Only pictures (PNG, JPEG, GIF, WebP), PDF documents and plain text can be sent.",
        }
        assert expected["large.png"].startswith("The file is larger than")
        for name, sentence in expected.items():
            entry = chat.file_entry(name, "agent")
            chat.console.wait.until(lambda _: entry.get_attribute("data-state") == "failed")
            assert entry.find_element(By.CSS_SELECTOR, ".file__status").text == sentence, name
            assert not entry.find_element(By.CSS_SELECTOR, ".file__download").is_displayed()
        assert chat.agent_file_messages() == []
    assert_no_browser_errors_but_refusals(file_browser, server)


def test_cancel_stops_the_upload_and_deletes_the_file(server: Server, file_browser: webdriver.Chrome,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "scan.png"
    path.write_bytes(png(1000, 700, compress=False))
    with open_chat(file_browser, server) as chat:
        chat.fault_parts(None, "hold")
        chat.attach(path)
        entry = chat.file_entry("scan.png", "agent")
        chat.console.wait.until(lambda _: file_browser.execute_script("return window.fileTest.held;"))
        progress = entry.find_element(By.CSS_SELECTOR, ".file__progress")
        assert progress.is_displayed() and progress.get_attribute("value") == str(PART_BYTES)
        assert "1 MB of 2.1 MB" in entry.find_element(By.CSS_SELECTOR, ".file__status").text
        cancel = entry.find_element(By.CSS_SELECTOR, ".file__cancel")
        assert cancel.accessible_name == "Cancel sending scan.png"
        cancel.click()

        assert chat.wait_for_state(entry, "cancelled") == "You cancelled this file; it was not sent."
        assert not progress.is_displayed()
        chat.console.wait.until(lambda _: any(
            request["method"] == "DELETE" and request["status"] == 204 for request in chat.requests()))
        attachment_id = chat.requests()[-1]["path"].rsplit("/", 1)[1]
        assert AttachmentHttp(server.url, server.token).status(attachment_id).status == 404
        assert chat.agent_file_messages() == []
    assert_no_browser_errors(file_browser, server)


def test_an_upload_goes_on_from_what_the_server_holds_when_answers_are_lost(
        server: Server, file_browser: webdriver.Chrome, tmp_path: Path) -> None:
    picture = png(1000, 700, compress=False)
    path = tmp_path / "router.png"
    path.write_bytes(picture)
    with open_chat(file_browser, server) as chat:
        # The second part reaches the server but its answer is lost; the next try of the
        # third part is lost before it goes; the last part's answer, with the ticket, is lost too.
        chat.fault_parts(None, "after", None, "before", "after")
        chat.attach(path)

        message = chat.consumer.expect("chat", lambda frame: "attachment" in frame.body)
        assert chat.consumer.download(message.body["attachment"]) == picture
        chat.wait_for_state(chat.file_entry("router.png", "agent"), "ready")
        steps = [(request["method"], request["offset"], request["status"]) for request in chat.requests()]
        one, two = str(PART_BYTES), str(2 * PART_BYTES)
        assert steps[1:] == [
            ("PUT", "0", 200), ("PUT", one, "200 lost"), ("PUT", one, 409), ("PUT", two, "lost"),
            ("PUT", two, "200 lost"), ("PUT", two, 409), ("GET", None, 200),
        ], steps
    assert_no_browser_errors_but_refusals(file_browser, server)


def test_an_upload_survives_a_dropped_connection(tmp_path: Path, file_browser: webdriver.Chrome) -> None:
    picture = png(1000, 700, compress=False)
    path = tmp_path / "cable.png"
    path.write_bytes(picture)
    proxy = DroppingProxy()
    try:
        with running_server(tmp_path, "--allow-origin", proxy.url) as server:
            proxy.upstream = ("127.0.0.1", int(server.url.rsplit(":", 1)[1]))
            with open_chat(file_browser, server, console_url=proxy.url) as chat:
                chat.fault_parts(None, "hold")
                chat.attach(path)
                chat.console.wait.until(lambda _: file_browser.execute_script("return window.fileTest.held;"))
                proxy.drop()
                file_browser.execute_script("window.fileTest.release();")
                chat.console.wait.until(lambda _: [request["status"] for request in chat.requests()].count("failed") >= 2)
                entry = chat.file_entry("cable.png", "agent")
                assert entry.get_attribute("data-state") == "uploading"
                proxy.restore()

                message = chat.consumer.expect("chat", lambda frame: "attachment" in frame.body)
                assert chat.consumer.download(message.body["attachment"]) == picture
                chat.wait_for_state(entry, "ready")
                offsets = [request["offset"] for request in chat.requests()
                           if request["method"] == "PUT" and request["status"] == 200]
                assert offsets == ["0", str(PART_BYTES), str(2 * PART_BYTES)]
    finally:
        proxy.close()


def test_an_upload_the_session_ends_under_says_so(server: Server, file_browser: webdriver.Chrome,
                                                  tmp_path: Path) -> None:
    path = tmp_path / "late.png"
    path.write_bytes(png(1000, 700, compress=False))
    with open_chat(file_browser, server) as chat:
        chat.fault_parts(None, "hold")
        chat.attach(path)
        chat.console.wait.until(lambda _: file_browser.execute_script("return window.fileTest.held;"))
        chat.consumer.end_session()
        chat.console.wait_for_text(chat.session, ".session__ended", "The visitor ended the session.")
        file_browser.execute_script("window.fileTest.release();")

        entry = chat.file_entry("late.png", "agent")
        chat.console.wait.until(lambda _: entry.get_attribute("data-state") == "failed")
        refused = AttachmentHttp(server.url, server.token).start("late.png", 10, "image/png", sid=chat.consumer.session_id)
        assert refused.status == 409
        assert entry.find_element(By.CSS_SELECTOR, ".file__status").text == refused.json["message"]
        assert not entry.find_element(By.CSS_SELECTOR, ".file__progress").is_displayed()
    assert_no_browser_errors_but_refusals(file_browser, server)
