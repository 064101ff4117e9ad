"""The call in the agent console (docs/protocol.md §13), end to end: a live
assist-server, headless Chromium with a fake camera and microphone as the
agent, and a scripted consumer whose media is a real WebRTC peer (GStreamer's
`webrtcbin`, `call_peer.py`).

The page is instrumented from outside before it loads: every track
`getUserMedia` gives and every `RTCPeerConnection` made are recorded, so a
test can read the browser's `getStats()` and see that the camera and the
microphone were released, and every sentence the call status showed is kept.

Environment: as test_console.py; ASSIST_SCREENSHOTS=1 also saves
docs/screenshots/console-call.png.
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
from scripted_consumer import ScriptedConsumer
from test_console import (CHROMEDRIVER, CHROMIUM, REPO, ConsolePage, DroppingProxy, Server, assert_no_browser_errors,
                          running_server, save_screenshot_if_asked, server)

CALL_SCREENSHOT = REPO / "docs" / "screenshots" / "console-call.png"
MEDIA_SECONDS = 20

# Installed before the console's own scripts run.
INSTRUMENT = """
window.callTest = { tracks: [], peers: [], statuses: [] };
const openMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = async (constraints) => {
  const stream = await openMedia(constraints);
  window.callTest.tracks.push(...stream.getTracks());
  return stream;
};
const NativePeerConnection = window.RTCPeerConnection;
window.RTCPeerConnection = class extends NativePeerConnection {
  constructor(...settings) {
    super(...settings);
    window.callTest.peers.push(this);
  }

  /** The ICE state a test imposes (SIMULATE_ICE_STATE), else the real one. */
  get iceConnectionState() {
    return this.simulatedIceState ?? super.iceConnectionState;
  }
};
new MutationObserver(() => {
  for (const status of document.querySelectorAll(".session__call-status")) {
    const statuses = window.callTest.statuses;
    if (status.textContent !== "" && statuses.at(-1) !== status.textContent) statuses.push(status.textContent);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

READ_STATS = """
const done = arguments[arguments.length - 1];
const peer = window.callTest.peers.at(-1);
peer.getStats().then((report) => {
  const stats = { inbound: {}, outbound: {}, connection: peer.connectionState };
  report.forEach((entry) => {
    if (entry.type === "inbound-rtp") {
      stats.inbound[entry.kind] = { packetsReceived: entry.packetsReceived, framesDecoded: entry.framesDecoded ?? 0 };
    } else if (entry.type === "outbound-rtp") {
      stats.outbound[entry.kind] = { packetsSent: entry.packetsSent };
    }
  });
  done(stats);
}, (error) => done(String(error)));
"""

# Loopback never loses its ICE connection, so a test imposes the state the console reads.
SIMULATE_ICE_STATE = """
const peer = window.callTest.peers.at(-1);
peer.simulatedIceState = arguments[0] ?? undefined;
peer.dispatchEvent(new Event("iceconnectionstatechange"));
"""

# Every track `getUserMedia` gave, as [kind, readyState].
OPENED_TRACKS = """
return window.callTest.tracks.map((track) => [track.kind, track.readyState]);
"""


@pytest.fixture
def call_browser() -> Iterator[webdriver.Chrome]:
    """Chromium with a fake camera and microphone that it may use without asking,
    WebRTC allowed on loopback, and the page instrumented (INSTRUMENT)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--force-prefers-reduced-motion", "--lang=en-GB", "--use-fake-ui-for-media-stream",
                     "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required",
                     "--allow-loopback-in-peer-connection"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_script_timeout(MEDIA_SECONDS)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
    try:
        yield driver
    finally:
        driver.quit()


@dataclass
class Call:
    """A session of Ann Lee's, whose app speaks version 3, in which Sam started a call."""

    console: ConsolePage
    session: WebElement
    consumer: ScriptedConsumer
    request_id: str
    media: str

    def status(self) -> WebElement:
        return self.session.find_element(By.CSS_SELECTOR, ".session__call-status")

    def wait_for_status(self, text: str, within: float = MEDIA_SECONDS) -> None:
        status = self.status()
        WebDriverWait(self.console.driver, within).until(
            lambda _: status.text == text, f"the call status never read {text!r} (it reads {status.text!r})")

    def button(self, selector: str) -> WebElement:
        return self.session.find_element(By.CSS_SELECTOR, selector)

    def stats(self) -> dict[str, Any]:
        stats = self.console.driver.execute_async_script(READ_STATS)
        assert isinstance(stats, dict), stats
        return stats

    def wait_for_stats(self, condition, within: float = MEDIA_SECONDS) -> dict[str, Any]:
        """Waits until `condition(stats)` holds for the browser's `getStats()`, and returns them."""
        deadline = time.monotonic() + within
        while True:
            stats = self.stats()
            if condition(stats):
                return stats
            if time.monotonic() > deadline:
                raise AssertionError(f"the browser's call stats never got there: {stats}")
            time.sleep(0.25)

    def opened_tracks(self) -> list[tuple[str, str]]:
        return [tuple(track) for track in self.console.driver.execute_script(OPENED_TRACKS)]

    def statuses(self) -> list[str]:
        return self.console.driver.execute_script("return window.callTest.statuses")


@contextlib.contextmanager
def started_call(console: ConsolePage, server_url: str, token: str, media: str,
                 consumer: ScriptedConsumer | None = None) -> Iterator[Call]:
    """Sam signs in and takes Ann Lee, whose app speaks version 3, and starts a
    call with `media` ("audio" or "video"); her app gets the `callRequest`."""
    console.sign_in(token)
    console.wait_for_status("connected")
    consumer = consumer or ScriptedConsumer(server_url, timeout=MEDIA_SECONDS)
    try:
        assert consumer.hello("support", "Ann Lee", [], versions=(1, 2, 3)).body["version"] == 3
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        start = ".session__video-call" if media == "video" else ".session__voice-call"
        session.find_element(By.CSS_SELECTOR, start).click()
        request = consumer.expect("callRequest")
        assert (request.body["agentId"], request.body["media"]) == ("sam", media)
        yield Call(console, session, consumer, request.body["requestId"], media)
    finally:
        consumer.close()


def accepted_call(call: Call, log: Path) -> CallPeer:
    """Ann accepts; her side of the media is a `webrtcbin` that answers the console's offers."""
    peer = CallPeer(call.consumer, call.request_id, log)
    call.consumer.answer_call(call.request_id, accepted=True)
    return peer


def media_flows_both_ways(call: Call, peer: CallPeer, video: bool) -> dict[str, Any]:
    """Waits until the browser decoded the person's sound (and picture) and the peer the agent's.

    The browser's statistics are read until both directions show: its outbound
    video counters can trail its inbound ones on a busy machine, so one reading
    taken when the inbound side first shows may still count no packet sent."""
    def received(stats: dict[str, Any]) -> bool:
        audio = stats["inbound"].get("audio", {}).get("packetsReceived", 0) > 0
        sent = stats.get("outbound", {}).get("video", {}).get("packetsSent", 0) > 0
        return audio and (not video or (stats["inbound"].get("video", {}).get("framesDecoded", 0) > 0 and sent))
    stats = call.wait_for_stats(received)
    peer.wait_for_media(video_frames=10 if video else 0, audio_buffers=10)
    return stats


def wait_for_browser_log(browser: webdriver.Chrome, text: str) -> None:
    """Waits until the browser logs a line holding `text`; no line logged meanwhile may be an error."""
    seen: list[dict[str, Any]] = []

    def logged(_: object) -> bool:
        seen.extend(browser.get_log("browser"))
        return any(text in entry["message"] for entry in seen)
    WebDriverWait(browser, MEDIA_SECONDS).until(logged, f"the browser never logged {text!r}")
    assert [entry for entry in seen if entry["level"] == "SEVERE"] == [], seen


def wait_until_reconnected(browser: webdriver.Chrome) -> None:
    """Waits until the console's connection is back (its retries back off, so this may take a while)."""
    WebDriverWait(browser, 3 * MEDIA_SECONDS).until(
        lambda _: browser.find_element(By.ID, "connection-status").get_attribute("data-state") == "connected")


def ice_ufrag(sdp: str) -> str:
    return re.search(r"a=ice-ufrag:(\S+)", sdp).group(1)


def test_a_video_call_carries_picture_and_sound_both_ways(
        server: Server, call_browser: webdriver.Chrome, tmp_path: Path) -> None:
    console = ConsolePage(call_browser, server.url)
    with started_call(console, server.url, server.token, "video") as call:
        call.wait_for_status("Calling Ann Lee… waiting for an answer")
        assert call.opened_tracks() == [("audio", "live"), ("video", "live")]
        with accepted_call(call, tmp_path / "peer.log") as peer:
            call.wait_for_status("In a call with Ann Lee.")
            assert "Connecting…" in call.statuses()
            stats = media_flows_both_ways(call, peer, video=True)
            offer = peer.offers[0]
            assert offer["negotiation"] == 1 and peer.answers[0]["negotiation"] == 1
            assert "m=audio" in offer["sdp"] and "m=video" in offer["sdp"]
            assert stats["outbound"]["video"]["packetsSent"] > 0

            remote = call.button(".call__remote")
            assert remote.get_attribute("aria-label") == "Video from Ann Lee"
            WebDriverWait(call_browser, MEDIA_SECONDS).until(
                lambda _: call_browser.execute_script("return arguments[0].videoWidth", remote) == 320)
            assert call.button(".call__self").get_attribute("aria-label") == "Your camera (self-view)"
            assert call.button(".call").get_attribute("aria-label") == "Call with Ann Lee"
            assert not call_browser.execute_script("return arguments[0].paused", call.button(".call__sound"))

            call.consumer.call_media_state(call.request_id, microphone=False, camera=True)
            console.wait_for_text(call.session, ".call__person", "Ann Lee muted their microphone.")
            call.consumer.chat("I can see you!")
            console.wait_for_text(call.session, ".message--consumer", "I can see you!")
            save_screenshot_if_asked(call_browser, CALL_SCREENSHOT)

            call.button(".call__end").click()
            ended = call.consumer.expect("callEnd")
            assert (ended.body["requestId"], ended.body["reason"]) == (call.request_id, "agentEnded")
            call.wait_for_status("You ended the call.")
            assert call.opened_tracks() == [("audio", "ended"), ("video", "ended")]
            assert not call.button(".call").is_displayed()
            assert call.button(".session__video-call").is_displayed()
    assert_no_browser_errors(call_browser, server)


def test_the_person_declining_says_so_and_releases_the_camera(server: Server, call_browser: webdriver.Chrome) -> None:
    console = ConsolePage(call_browser, server.url)
    with started_call(console, server.url, server.token, "video") as call:
        call.wait_for_status("Calling Ann Lee… waiting for an answer")
        call.consumer.answer_call(call.request_id, accepted=False)
        call.wait_for_status("Ann Lee declined the call.")
        assert call.status().get_attribute("data-state") == "declined"
        assert call.opened_tracks() == [("audio", "ended"), ("video", "ended")]
        assert call_browser.execute_script("return window.callTest.peers.length") == 0
        call.consumer.expect_none("callSignal", within=1)
        assert call.button(".session__voice-call").is_enabled()
    assert_no_browser_errors(call_browser, server)


def test_the_person_ending_the_call_ends_it_in_the_console(
        server: Server, call_browser: webdriver.Chrome, tmp_path: Path) -> None:
    console = ConsolePage(call_browser, server.url)
    with started_call(console, server.url, server.token, "video") as call:
        with accepted_call(call, tmp_path / "peer.log") as peer:
            call.wait_for_status("In a call with Ann Lee.")
            media_flows_both_ways(call, peer, video=True)
            call.consumer.end_call(call.request_id)
            call.wait_for_status("Call ended by Ann Lee.")
            assert call.opened_tracks() == [("audio", "ended"), ("video", "ended")]
            assert call_browser.execute_script("return window.callTest.peers[0].connectionState") == "closed"
            assert not call.button(".call").is_displayed()
    assert_no_browser_errors(call_browser, server)


def test_mute_stops_the_agents_sound_and_camera_off_releases_the_camera(
        server: Server, call_browser: webdriver.Chrome, tmp_path: Path) -> None:
    def audio_sent() -> int:
        return call.stats()["outbound"]["audio"]["packetsSent"]

    console = ConsolePage(call_browser, server.url)
    with started_call(console, server.url, server.token, "video") as call:
        with accepted_call(call, tmp_path / "peer.log") as peer:
            call.wait_for_status("In a call with Ann Lee.")
            media_flows_both_ways(call, peer, video=True)
            mute = call.button(".call__mute")
            assert mute.get_attribute("aria-pressed") == "false"

            mute.click()
            state = call.consumer.expect("callMediaState")
            assert (state.body["microphone"], state.body["camera"]) == (False, True)
            assert mute.get_attribute("aria-pressed") == "true"
            time.sleep(0.5)  # packets already on their way are counted first
            muted_at = audio_sent()
            time.sleep(1.5)
            assert audio_sent() == muted_at, "audio packets went out while muted"

            mute.click()
            state = call.consumer.expect("callMediaState")
            assert (state.body["microphone"], state.body["camera"]) == (True, True)
            call.wait_for_stats(lambda stats: stats["outbound"]["audio"]["packetsSent"] > muted_at + 10)

            camera = call.button(".call__camera")
            camera.click()
            state = call.consumer.expect("callMediaState")
            assert (state.body["microphone"], state.body["camera"]) == (True, False)
            assert camera.get_attribute("aria-pressed") == "true"
            assert ("video", "ended") in call.opened_tracks()
            assert not call.button(".call__self").is_displayed()
    assert_no_browser_errors(call_browser, server)


def test_a_voice_call_sends_no_video(server: Server, call_browser: webdriver.Chrome, tmp_path: Path) -> None:
    console = ConsolePage(call_browser, server.url)
    with started_call(console, server.url, server.token, "audio") as call:
        assert call.opened_tracks() == [("audio", "live")]
        with accepted_call(call, tmp_path / "peer.log") as peer:
            call.wait_for_status("In a call with Ann Lee.")
            stats = media_flows_both_ways(call, peer, video=False)
            assert "m=video" not in peer.offers[0]["sdp"]
            assert "video" not in stats["outbound"] and "video" not in stats["inbound"]
            assert call_browser.execute_script(
                "return window.callTest.peers[0].getTransceivers().map((t) => t.receiver.track.kind)") == ["audio"]
            assert peer.counts()["videoFrames"] == 0
            assert not call.button(".call__camera").is_displayed()
            assert not call.button(".call__remote").is_displayed()
    assert_no_browser_errors(call_browser, server)


def test_the_call_is_renegotiated_after_the_persons_connection_resumes(
        tmp_path: Path, call_browser: webdriver.Chrome) -> None:
    proxy = DroppingProxy()
    with running_server(tmp_path, "--allow-origin", proxy.url) as server:
        proxy.upstream = ("127.0.0.1", int(server.url.rsplit(":", 1)[1]))
        consumer = ScriptedConsumer(proxy.url, timeout=MEDIA_SECONDS, resume_automatically=True)
        console = ConsolePage(call_browser, server.url)
        try:
            with started_call(console, server.url, server.token, "video", consumer) as call:
                with accepted_call(call, tmp_path / "peer.log") as peer:
                    call.wait_for_status("In a call with Ann Lee.")
                    media_flows_both_ways(call, peer, video=True)

                    proxy.drop()
                    consumer.wait_for_close()
                    proxy.restore()
                    consumer.wait_for_welcomes(2)
                    before = peer.counts()
                    browser_before = call.stats()["inbound"]["video"]["framesDecoded"]
                    consumer.call_signal(call.request_id, {"kind": "restart"})

                    first, second = peer.wait_for_offers(2)
                    assert second["negotiation"] == first["negotiation"] + 1 == 2
                    assert ice_ufrag(second["sdp"]) != ice_ufrag(first["sdp"]), "the new offer does not restart ICE"
                    WebDriverWait(call_browser, MEDIA_SECONDS).until(lambda _: len(peer.answers) == 2)
                    call.wait_for_status("In a call with Ann Lee.")
                    assert "Ann Lee's connection dropped; reconnecting the call…" in call.statuses()
                    peer.wait_for_media(before["videoFrames"] + 30, before["audioBuffers"] + 30)
                    call.wait_for_stats(lambda stats: stats["inbound"]["video"]["framesDecoded"] > browser_before + 30)

                    # A signal of the older negotiation, late: dropped, and the call goes on.
                    consumer.call_signal(call.request_id, peer.answers[0])
                    wait_for_browser_log(call_browser, "dropped a call answer of negotiation 1; the newest is 2")
                    assert call.stats()["connection"] == "connected"
                    assert call.status().text == "In a call with Ann Lee."
        finally:
            proxy.close()
    assert_no_browser_errors(call_browser, server)


def test_the_console_offers_an_ice_restart_after_its_own_connection_resumes_if_media_stopped(
        tmp_path: Path, call_browser: webdriver.Chrome) -> None:
    proxy = DroppingProxy()
    with running_server(tmp_path, "--allow-origin", proxy.url) as server:
        proxy.upstream = ("127.0.0.1", int(server.url.rsplit(":", 1)[1]))
        console = ConsolePage(call_browser, proxy.url)
        try:
            with started_call(console, server.url, server.token, "video") as call:
                with accepted_call(call, tmp_path / "peer.log") as peer:
                    call.wait_for_status("In a call with Ann Lee.")
                    media_flows_both_ways(call, peer, video=True)

                    proxy.drop()
                    console.wait_for_status("reconnecting")
                    call_browser.execute_script(SIMULATE_ICE_STATE, "disconnected")
                    call.wait_for_status("Ann Lee's connection dropped; reconnecting the call…")
                    proxy.restore()
                    wait_until_reconnected(call_browser)

                    first, second = peer.wait_for_offers(2)
                    assert second["negotiation"] == first["negotiation"] + 1 == 2
                    assert ice_ufrag(second["sdp"]) != ice_ufrag(first["sdp"]), "the new offer does not restart ICE"
                    WebDriverWait(call_browser, MEDIA_SECONDS).until(lambda _: len(peer.answers) == 2)
                    before = peer.counts()
                    call_browser.execute_script(SIMULATE_ICE_STATE, None)
                    call.wait_for_status("In a call with Ann Lee.")
                    peer.wait_for_media(before["videoFrames"] + 30, before["audioBuffers"] + 30)
        finally:
            proxy.close()
    assert_no_browser_errors(call_browser, server)


def test_an_offer_with_media_still_flowing_needs_no_restart_after_a_resume(
        tmp_path: Path, call_browser: webdriver.Chrome) -> None:
    proxy = DroppingProxy()
    with running_server(tmp_path, "--allow-origin", proxy.url) as server:
        proxy.upstream = ("127.0.0.1", int(server.url.rsplit(":", 1)[1]))
        console = ConsolePage(call_browser, proxy.url)
        try:
            with started_call(console, server.url, server.token, "video") as call:
                with accepted_call(call, tmp_path / "peer.log") as peer:
                    call.wait_for_status("In a call with Ann Lee.")
                    media_flows_both_ways(call, peer, video=True)
                    proxy.drop()
                    console.wait_for_status("reconnecting")
                    proxy.restore()
                    wait_until_reconnected(call_browser)
                    call.consumer.chat("Still hear you fine.")
                    console.wait_for_text(call.session, ".message--consumer", "Still hear you fine.")
                    assert len(peer.offers) == 1
                    assert call.status().text == "In a call with Ann Lee."
        finally:
            proxy.close()
    assert_no_browser_errors(call_browser, server)


def test_a_person_asking_for_a_call_is_called_back(server: Server, call_browser: webdriver.Chrome) -> None:
    console = ConsolePage(call_browser, server.url)
    console.sign_in(server.token)
    console.wait_for_status("connected")
    consumer = ScriptedConsumer(server.url)
    try:
        consumer.hello("support", "Ann Lee", [], versions=(1, 2, 3))
        console.queue_entry(consumer.session_id).find_element(By.CSS_SELECTOR, ".queue-entry__accept").click()
        session = console.session(consumer.session_id)
        consumer.expect("agentJoined")
        consumer.ask_for_call("video")
        status = console.wait_for_text(session, ".session__call-status", "Ann Lee asks for a video call.")
        call_back = session.find_element(By.CSS_SELECTOR, ".session__call-back")
        assert call_back.get_attribute("aria-label") == "Call Ann Lee back"
        call_back.click()
        assert consumer.expect("callRequest").body["media"] == "video"
        console.wait.until(lambda _: status.text == "Calling Ann Lee… waiting for an answer")
        assert not call_back.is_displayed()
    finally:
        consumer.close()
    assert_no_browser_errors(call_browser, server)


def test_a_call_ends_with_its_session(server: Server, call_browser: webdriver.Chrome) -> None:
    console = ConsolePage(call_browser, server.url)
    with started_call(console, server.url, server.token, "video") as call:
        call.wait_for_status("Calling Ann Lee… waiting for an answer")
        call.consumer.end_session()
        console.wait_for_text(call.session, ".session__ended", "The visitor ended the session.")
        call.wait_for_status("The call ended with the session.")
        assert call.opened_tracks() == [("audio", "ended"), ("video", "ended")]
        assert not call.button(".session__video-call").is_enabled()
    assert_no_browser_errors(call_browser, server)
