"""Files in chat end to end: the real app and a human agent in the real
console (headless Chromium), through a live assist-server.

The person attaches a picture through the desktop's file chooser and the
agent downloads it byte for byte; the agent attaches a PDF and the app saves
it in the person's Downloads folder (XDG) byte for byte, with Open (handed to
the desktop's application for the type) and Show in Folder (asked of the file
manager on the session bus). Files the server refuses say why, in one
sentence, on the file's entry.

The steps run in order, as in test_support_journey.py.
"""

from __future__ import annotations

import os
import random
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessible_app import App, do_action, find_all, has_been_on_screen, save_window_picture, text_of, wait_for
from conftest import Journey, stand_in_desktop
from test_cobrowse_with_console import AGENT, BROWSER_WAIT, Console, casey_journey, open_console, take_the_session
from test_support_journey import SCREENSHOTS, main_window, one, shown_texts

MAX_BYTES = 3_000_000
SERVER_LIMITS = ("--attachment-max-bytes", str(MAX_BYTES), "--attachment-type", "image/png",
                 "--attachment-type", "application/pdf")


def png(width: int, height: int, seed: int) -> bytes:
    """A PNG picture of blue and orange bands with noise, stored without
    compression: about 3 × width × height bytes, so it goes in several parts."""
    noise = random.Random(seed)
    rows = []
    for y in range(height):
        band = (53, 132, 228) if (y // 40) % 2 == 0 else (230, 97, 0)
        rows.append(b"\x00" + bytes(min(255, c + noise.randrange(24)) for _ in range(width) for c in band))
    pixels = zlib.compress(b"".join(rows), 0)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def pdf() -> bytes:
    """A small PDF document (the server knows it by its signature)."""
    return b"%PDF-1.4\n% Assist UI test\n" + b"1 0 obj << /Type /Catalog >> endobj\n" * 40 + b"%%EOF\n"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("assist-files")


@pytest.fixture(scope="module")
def desktop_environment(folder: Path) -> dict[str, str]:
    """The person's Downloads folder named the XDG way, and a stand-in
    application for PDF documents that records what it was asked to open."""
    return stand_in_desktop(folder, folder / "Person's Downloads", "opener", ("application/pdf",), folder / "opened.txt")


@pytest.fixture(scope="module")
def file_manager(folder: Path) -> Iterator[Path]:
    """The stand-in file manager on the session bus; yields the file its calls are written to."""
    record = folder / "shown.txt"
    stub = subprocess.Popen([sys.executable, str(Path(__file__).with_name("file_manager_stub.py")), str(record)],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert stub.stdout is not None and stub.stdout.readline().strip() == "ready", "the file manager stub did not start"
        yield record
    finally:
        stub.terminate()
        stub.wait(timeout=10)


@pytest.fixture(scope="module")
def journey(folder: Path, desktop_environment: dict[str, str], file_manager: Path) -> Iterator[Journey]:
    running, token = casey_journey(folder, server_arguments=SERVER_LIMITS, extra_environment=desktop_environment)
    with running as started:
        started.notes["token"] = token
        yield started


@pytest.fixture(scope="module")
def agent_downloads(folder: Path) -> Path:
    downloads = folder / "agent-downloads"
    downloads.mkdir(exist_ok=True)
    return downloads


@pytest.fixture(scope="module")
def console(journey: Journey, agent_downloads: Path) -> Iterator[Console]:
    with open_console(journey, downloads=agent_downloads) as page:
        yield page


def attach_in_the_app(app: App, path: Path) -> None:
    """Chooses `path` with the chat's Attach File button and the file chooser,
    typing the path as a person would (Ctrl+L, the path) and pressing Attach."""
    do_action(one(app, main_window(app), "push button", "Attach File"), "click")
    chooser = wait_for("the file chooser 'Attach File'", lambda: app.window("Attach File"), app)
    window_ids = subprocess.run(["xdotool", "search", "--name", "^Attach File$"], capture_output=True, text=True,
                                check=False).stdout.split()
    assert window_ids, "the file chooser has no X11 window"
    subprocess.run(["xdotool", "windowfocus", "--sync", window_ids[-1]], check=True)
    subprocess.run(["xdotool", "key", "ctrl+l"], check=True)
    time.sleep(0.3)  # the location bar opens on the next frame
    subprocess.run(["xdotool", "type", "--delay", "15", str(path)], check=True)
    entry = wait_for("the typed path in the location bar", lambda: [
        e for e in find_all(chooser, "text") if text_of(e) == str(path)], app)
    assert entry
    # The dialog's buttons keep their mnemonic's underscore in their name: "_Attach Attach".
    attach = [b for b in find_all(chooser, "push button") if b.name.replace("_", "") in ("Attach", "Attach Attach")]
    do_action(attach[0], "click")
    wait_for("the file chooser to close", lambda: app.window("Attach File") is None, app)


def file_row_texts(app: App, name: str) -> list[str]:
    """The texts of the chat row showing the file `name`, or [] while there is none."""
    messages = find_all(main_window(app), "list", name="Messages")
    for row in find_all(messages[0], "list item") if messages else []:
        texts = [text_of(label) for label in find_all(row, "label")]
        if name in texts:
            return texts
    return []


def wait_for_download(folder: Path, name: str) -> bytes:
    path = folder / name
    WebDriverWait(None, BROWSER_WAIT).until(
        lambda _: path.exists() and not any(folder.glob("*.crdownload")),
        f"{name} was not saved; the folder holds {list(folder.iterdir())}")
    return path.read_bytes()


def test_person_asks_for_help_and_the_agent_takes_the_session(journey: Journey, console: Console) -> None:
    take_the_session(journey, console)


def test_a_picture_the_person_attaches_reaches_the_agent_byte_for_byte(
        journey: Journey, console: Console, folder: Path, agent_downloads: Path) -> None:
    app = journey.app
    picture = folder / "router lights.png"
    picture.write_bytes(png(640, 480, seed=1))
    attach_in_the_app(app, picture)
    wait_for("the picture delivered", lambda: "Delivered" in file_row_texts(app, picture.name) or None, app, timeout=60)
    entry = WebDriverWait(console.driver, BROWSER_WAIT).until(lambda _: [
        e for e in console.session().find_elements(By.CSS_SELECTOR, ".message--consumer .file")
        if picture.name in e.text])[0]
    entry.find_element(By.CSS_SELECTOR, ".file__download").click()
    assert wait_for_download(agent_downloads, picture.name) == picture.read_bytes()


def test_a_document_the_agent_attaches_is_saved_in_the_persons_downloads_byte_for_byte(
        journey: Journey, console: Console, folder: Path) -> None:
    app = journey.app
    document = folder / "reset steps.pdf"
    document.write_bytes(pdf())
    console.session().find_element(By.CSS_SELECTOR, ".composer__file").send_keys(str(document))
    wait_for("the document saved", lambda: "Saved as reset steps.pdf" in file_row_texts(app, document.name) or None,
             app, timeout=60)
    saved = folder / "Person's Downloads" / "reset steps.pdf"
    assert saved.read_bytes() == document.read_bytes()
    texts = file_row_texts(app, document.name)
    assert texts[0] == AGENT
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        assert save_window_picture(main_window(app), SCREENSHOTS / "app-files.png")


def test_show_in_folder_asks_the_file_manager_to_show_the_saved_file(journey: Journey, file_manager: Path) -> None:
    app = journey.app
    buttons = [b for b in find_all(main_window(app), "push button", name="Show in Folder") if has_been_on_screen(b)]
    assert len(buttons) == 1, "only the saved document offers Show in Folder"
    do_action(buttons[0], "click")
    shown = wait_for("the file manager's call", lambda: file_manager.exists() and file_manager.read_text().split(), app)
    assert len(shown) == 1 and shown[0].startswith("file://") and shown[0].endswith("/reset%20steps.pdf"), shown


def test_open_hands_the_saved_file_to_the_application_for_its_type(journey: Journey, folder: Path) -> None:
    app = journey.app
    buttons = [b for b in find_all(main_window(app), "push button", name="Open") if has_been_on_screen(b)]
    assert len(buttons) == 1, "only the saved document offers Open"
    do_action(buttons[0], "click")
    opened = folder / "opened.txt"
    lines = wait_for("the application's launch", lambda: opened.exists() and opened.read_text().split("\n")[0], app)
    assert lines.endswith("reset steps.pdf") or lines.endswith("reset%20steps.pdf"), lines


def test_files_the_server_refuses_say_why_on_their_entry(journey: Journey, folder: Path) -> None:
    app = journey.app
    large = folder / "whole screen.png"
    large.write_bytes(png(1100, 1000, seed=2))
    assert large.stat().st_size > MAX_BYTES
    notes = folder / "notes.txt"
    notes.write_text("The router's lights blink orange.\n")
    attach_in_the_app(app, large)
    wait_for("the size refusal", lambda: "The file is larger than the 3 MB allowed." in file_row_texts(
        app, large.name) or None, app, timeout=60)
    attach_in_the_app(app, notes)
    refusal = wait_for("the type refusal", lambda: [t for t in file_row_texts(app, notes.name)
                                                   if t.startswith("Files of this type")], app, timeout=60)
    assert refusal[0].endswith("cannot be sent."), refusal
    assert "Delivered" not in file_row_texts(app, large.name)
    assert "Delivered" not in file_row_texts(app, notes.name)
    assert any(text.startswith("Chatting with") for text in shown_texts(main_window(app)))
