"""A shared screen as a video track in the agent console (docs/protocol.md
§13.5), end to end: a live assist-server, headless Chromium as the agent, and
a scripted consumer whose app offers `screenVideo`, shares a monitor, sends one
tile keyframe, and answers the console's `screenSignal` offers with a real
WebRTC peer (GStreamer's `webrtcbin` sending `videotestsrc`'s SMPTE bars,
`call_peer.py`), on a new connection for every offer as the app does.

The page keeps every `RTCPeerConnection` made (KEEP_PEERS, before the
console's scripts run), so a test can read their states and statistics.

Environment: as test_console.py; ASSIST_SCREENSHOTS=1 also saves
docs/screenshots/console-screen-video.png.
"""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from call_peer import CallPeer
from cobrowse_frames import Colour, Picture, app_frame, solid
from scripted_consumer import ScriptedConsumer
from test_console import (CHROMEDRIVER, CHROMIUM, REPO, ConsolePage, DroppingProxy, Server, assert_no_browser_errors,
                          running_server, save_screenshot_if_asked, server)

SCREEN_VIDEO_SCREENSHOT = REPO / "docs" / "screenshots" / "console-screen-video.png"
MEDIA_SECONDS = 20

# The tiles' picture of the monitor: one colour, at a size other than the video's.
TILE_COLOUR: Colour = (250, 140, 20, 255)
TILE_WIDTH, TILE_HEIGHT = 480, 300
# What `webrtc_peer.py` sends: `videotestsrc pattern=smpte` at 320 × 240.
VIDEO_WIDTH, VIDEO_HEIGHT = 320, 240
# The seven bars across the top two thirds of SMPTE colour bars, as which of red, green and blue are lit.
SMPTE_BARS = {
    "white": (True, True, True), "yellow": (True, True, False), "cyan": (False, True, True),
    "green": (False, True, False), "magenta": (True, False, True), "red": (True, False, False),
    "blue": (False, False, True),
}
# The bars are at 75 %, about 191 per lit channel; VP8 moves each channel a little.
LIT, DARK = 140, 60

# Installed before the console's own scripts run.
KEEP_PEERS = """
const Native = window.RTCPeerConnection;
window.assistScreenPeers = [];
window.RTCPeerConnection = class extends Native {
  constructor(...settings) { super(...settings); window.assistScreenPeers.push(this); }
};
"""

# The kept peer connection `arguments[0]` (an index, negative from the end): its state and the video it decoded.
READ_PEER = """
const [index, done] = arguments;
const peer = window.assistScreenPeers.at(index);
peer.getStats().then((report) => {
  let framesDecoded = 0;
  report.forEach((entry) => {
    if (entry.type === "inbound-rtp" && entry.kind === "video") framesDecoded = entry.framesDecoded ?? 0;
  });
  done({ connection: peer.connectionState, framesDecoded });
}, (error) => done(String(error)));
"""


@pytest.fixture
def screen_browser() -> Iterator[webdriver.Chrome]:
    """Chromium with WebRTC allowed on loopback and every peer connection kept (KEEP_PEERS)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--force-prefers-reduced-motion", "--lang=en-GB", "--autoplay-policy=no-user-gesture-required",
                     "--allow-loopback-in-peer-connection"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_script_timeout(MEDIA_SECONDS)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_PEERS})
    try:
        yield driver
    finally:
        driver.quit()


@dataclass
class ScreenShare:
    """A session of Ann Lee's, whose app speaks version 3, in which Sam asked to see her screen."""

    console: ConsolePage
    session: WebElement
    shared_window: WebElement
    consumer: ScriptedConsumer
    request_id: str

    def peers(self) -> list[str]:
        """The `connectionState` of every peer connection the page made, in order."""
        return self.console.driver.execute_script("return window.assistScreenPeers.map((peer) => peer.connectionState)")

    def peer(self, index: int) -> dict[str, Any]:
        found = self.console.driver.execute_async_script(READ_PEER, index)
        assert isinstance(found, dict), found
        return found

    def wait_for_video_frames(self, index: int) -> None:
        """Waits until the kept peer connection `index` has decoded video."""
        deadline = time.monotonic() + MEDIA_SECONDS
        while (found := self.peer(index))["framesDecoded"] == 0:
            if time.monotonic() > deadline:
                raise AssertionError(f"peer connection {index} decoded no video: {found}")
            time.sleep(0.25)

    def wait_for_source(self, source: str) -> None:
        """Waits until the shared window's picture was last painted by `source` ("tiles" or "video")."""
        WebDriverWait(self.console.driver, MEDIA_SECONDS).until(
            lambda _: self.shared_window.get_attribute("data-source") == source,
            f"the shared screen was never painted by {source}")

    def status(self) -> str:
        return self.shared_window.find_element(By.CSS_SELECTOR, ".shared-window__status").text


@contextlib.contextmanager
def screen_request(console: ConsolePage, server_url: str, token: str, screen_video: bool,
                   button: str = ".session__share-screen") -> Iterator[ScreenShare]:
    """Sam signs in and takes Ann Lee, whose app speaks version 3, offers her
    screen and, with `screen_video`, sends it as a video track; he presses
    `button` and her app gets the `screenShareRequest`."""
    console.sign_in(token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server_url, timeout=MEDIA_SECONDS)
    try:
        welcome = consumer.hello("support", "Ann Lee", [], versions=(1, 2, 3), share_scopes=("window", "screen"),
                                 screen_video=screen_video)
        assert welcome.body["version"] == 3
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        session.find_element(By.CSS_SELECTOR, button).click()
        request = consumer.expect("screenShareRequest")
        shared_window = session.find_element(By.CSS_SELECTOR, ".shared-window")
        yield ScreenShare(console, session, shared_window, consumer, request.body["requestId"])
    finally:
        consumer.close()


def tile_keyframe(number: int) -> bytes:
    return app_frame(number, TILE_WIDTH, TILE_HEIGHT, [solid(0, 0, TILE_WIDTH, TILE_HEIGHT, TILE_COLOUR)], keyframe=True)


def tile_picture() -> Picture:
    return Picture(TILE_WIDTH, TILE_HEIGHT).paint([solid(0, 0, TILE_WIDTH, TILE_HEIGHT, TILE_COLOUR)])


def accepted_monitor(share: ScreenShare, log: Path) -> CallPeer:
    """Ann shares a monitor and her app sends its first picture as tiles; the
    share's video track is a `webrtcbin` that answers the console's offers."""
    peer = CallPeer(share.consumer, share.request_id, log, timeout=MEDIA_SECONDS, screen=True)
    share.consumer.answer_screen_share(share.request_id, accepted=True, shared="monitor")
    share.consumer.send_app_frame(tile_keyframe(1))
    return peer


def bars_missing(picture: Picture) -> list[str]:
    """The SMPTE bars not where they belong in `picture`, each with the colour found there."""
    missing = []
    for index, (name, lit) in enumerate(SMPTE_BARS.items()):
        x, y = int((index + 0.5) * picture.width / len(SMPTE_BARS)), picture.height // 3
        colour = picture.at(x, y)
        if any(channel < LIT if on else channel > DARK for channel, on in zip(colour[:3], lit)):
            missing.append(f"{name} at ({x}, {y}) is {colour}")
    return missing


def m_lines(sdp: str) -> list[str]:
    """The media of each m-line of `sdp`, in order."""
    return re.findall(r"^m=(\w+)", sdp, re.MULTILINE)


def offered_codecs(sdp: str) -> set[str]:
    """The names of the formats `sdp` offers, in lower case."""
    return {name.lower() for name in re.findall(r"^a=rtpmap:\d+ ([\w-]+)/", sdp, re.MULTILINE)}


def wait_for_browser_log(browser: webdriver.Chrome, text: str) -> None:
    """Waits until the browser logs a line holding `text`; no line logged meanwhile may be an error."""
    seen: list[dict[str, Any]] = []

    def logged(_: object) -> bool:
        seen.extend(browser.get_log("browser"))
        return any(text in entry["message"] for entry in seen)
    WebDriverWait(browser, MEDIA_SECONDS).until(logged, f"the browser never logged {text!r}")
    assert [entry for entry in seen if entry["level"] == "SEVERE"] == [], seen


def test_a_shared_monitor_arrives_as_video_painted_where_the_tiles_paint(
        server: Server, screen_browser: webdriver.Chrome, tmp_path: Path) -> None:
    console = ConsolePage(screen_browser, server.url)
    with screen_request(console, server.url, server.token, screen_video=True) as share:
        with accepted_monitor(share, tmp_path / "peer.log") as peer:
            tiles = console.wait_for_picture(share.session, 1)
            assert tiles.pixels == tile_picture().pixels, "the tile keyframe is not what the canvas shows first"

            offer = peer.wait_for_offers(1)[0]
            assert offer["negotiation"] == 1
            assert m_lines(offer["sdp"]) == ["video"], "the offer is not one video m-line"
            assert "a=recvonly" in offer["sdp"] and "a=sendrecv" not in offer["sdp"]
            assert "vp8" in offered_codecs(offer["sdp"])
            assert offered_codecs(offer["sdp"]) <= {"vp8", "rtx", "red", "ulpfec"}, offered_codecs(offer["sdp"])

            share.wait_for_source("video")
            video = console.read_picture(share.session)
            assert (video.width, video.height) == (VIDEO_WIDTH, VIDEO_HEIGHT), "the canvas did not take the video's size"
            assert video.count(TILE_COLOUR) < video.width * video.height // 100, "the tiles' colour is still there"
            assert bars_missing(video) == [], "the canvas does not show the SMPTE bars"
            assert share.status() == f"Live video · {VIDEO_WIDTH} × {VIDEO_HEIGHT} pixels"
            assert share.shared_window.find_elements(By.CSS_SELECTOR, "video") == [], "a video element in the page"
            save_screenshot_if_asked(screen_browser, SCREEN_VIDEO_SCREENSHOT)

            # The app's track stopped: the console offers again, on a new peer connection.
            share.consumer.screen_signal(share.request_id, {"kind": "restart"})
            first, second = peer.wait_for_offers(2)
            assert second["negotiation"] == first["negotiation"] + 1 == 2
            WebDriverWait(screen_browser, MEDIA_SECONDS).until(lambda _: len(peer.answers) == 2)
            share.wait_for_video_frames(1)
            assert share.peers() == ["closed", "connected"]

            # A signal of the older negotiation, late: dropped.
            share.consumer.screen_signal(share.request_id, peer.answers[0])
            wait_for_browser_log(screen_browser, "dropped a screen answer of negotiation 1; the newest is 2")

            # The track stops for good and the app falls back to tiles: they paint as before.
            peer.close()
            time.sleep(1)
            share.consumer.send_app_frame(tile_keyframe(2))
            assert console.wait_for_picture(share.session, 2).pixels == tile_picture().pixels
            share.wait_for_source("tiles")
            assert share.status() == f"Live · {TILE_WIDTH} × {TILE_HEIGHT} pixels"

            share.consumer.end_screen_share(share.request_id)
            console.wait_for_state(share.shared_window, "stopped")
            WebDriverWait(screen_browser, MEDIA_SECONDS).until(lambda _: share.peers() == ["closed", "closed"])
    assert_no_browser_errors(screen_browser, server)


def test_the_console_offers_again_after_its_own_connection_resumes_and_stopping_closes_the_peer(
        tmp_path: Path, screen_browser: webdriver.Chrome) -> None:
    proxy = DroppingProxy()
    with running_server(tmp_path, "--allow-origin", proxy.url) as server:
        proxy.upstream = ("127.0.0.1", int(server.url.rsplit(":", 1)[1]))
        console = ConsolePage(screen_browser, proxy.url)
        try:
            with screen_request(console, server.url, server.token, screen_video=True) as share:
                with accepted_monitor(share, tmp_path / "peer.log") as peer:
                    share.wait_for_source("video")
                    share.wait_for_video_frames(0)

                    proxy.drop()
                    console.wait_for_status("reconnecting")
                    assert share.peers() == ["closed"], "the peer outlived the console's connection"
                    proxy.restore()
                    status = screen_browser.find_element(By.ID, "connection-status")
                    WebDriverWait(screen_browser, 3 * MEDIA_SECONDS).until(
                        lambda _: status.get_attribute("data-state") == "connected")

                    first, second = peer.wait_for_offers(2)
                    assert second["negotiation"] == first["negotiation"] + 1 == 2
                    WebDriverWait(screen_browser, MEDIA_SECONDS).until(lambda _: len(peer.answers) == 2)
                    share.wait_for_video_frames(1)
                    assert console.read_picture(share.session).width == VIDEO_WIDTH

                    share.session.find_element(By.CSS_SELECTOR, ".session__stop-share").click()
                    share.consumer.expect("screenShareEnd")
                    assert share.peers() == ["closed", "closed"]
                    assert share.shared_window.get_attribute("data-state") == "stopped"
        finally:
            proxy.close()
    assert_no_browser_errors(screen_browser, server)


@pytest.mark.parametrize(("screen_video", "button", "shared"), [
    (False, ".session__share-screen", "monitor"),
    (True, ".session__share", "appWindow"),
], ids=["app-without-screen-video", "share-of-the-apps-window"])
def test_without_screen_video_or_of_the_apps_window_the_share_comes_as_tiles_only(
        server: Server, screen_browser: webdriver.Chrome, screen_video: bool, button: str, shared: str) -> None:
    console = ConsolePage(screen_browser, server.url)
    with screen_request(console, server.url, server.token, screen_video, button) as share:
        share.consumer.answer_screen_share(share.request_id, accepted=True, shared=shared)
        share.consumer.send_app_frame(tile_keyframe(1))
        assert console.wait_for_picture(share.session, 1).pixels == tile_picture().pixels
        share.consumer.expect_none("screenSignal", within=2)
        assert share.peers() == []
        assert share.shared_window.get_attribute("data-source") == "tiles"
        assert share.status() == f"Live · {TILE_WIDTH} × {TILE_HEIGHT} pixels"
    assert_no_browser_errors(screen_browser, server)
