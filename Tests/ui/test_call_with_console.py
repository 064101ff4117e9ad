"""The call end to end: the real app (test picture and tone, `useTestMediaSources`) and
Casey's console in headless Chromium (fake camera and microphone), through a live
assist-server. Casey calls; the person answers the prompt; picture and sound flow both
ways (the browser's `getStats()`, the app's agent-video window); the call goes on through
a graceful restart of the server; the person's Mute stops the sound reaching the console; the call goes on through a
kill -9 of the server; the person ends the call and both sides say so; Casey makes a
voice call and ends it, and the app lets go of the microphone.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from accessible_app import do_action, save_window_picture, wait_for
from conftest import Journey
from test_cobrowse_with_console import AGENT, Console, casey_journey, open_console, take_the_session
from test_support_journey import SCREENSHOTS, main_window, one, shown_texts

MEDIA_WAIT = 40  # seconds: ICE, DTLS and the first decoded frames on a busy two-core machine
CALL_BROWSER_ARGUMENTS = ("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                          "--autoplay-policy=no-user-gesture-required", "--allow-loopback-in-peer-connection")
READ_STATS = """
const done = arguments[arguments.length - 1];
const peers = window.assistCallPeers ?? [];
const peer = peers.at(-1);
if (!peer) { done({ inbound: {}, outbound: {} }); return; }
peer.getStats().then((report) => {
  const stats = { inbound: {}, outbound: {} };
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
KEEP_PEERS = """
const Native = window.RTCPeerConnection;
window.assistCallPeers = [];
window.RTCPeerConnection = class extends Native {
  constructor(...settings) { super(...settings); window.assistCallPeers.push(this); }
};
"""


@pytest.fixture(scope="module")
def journey(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journey]:
    running, token = casey_journey(
        tmp_path_factory.mktemp("assist-call"), ("--set", "useTestMediaSources=true"))
    with running as started:
        started.notes["token"] = token
        yield started


@pytest.fixture(scope="module")
def console(journey: Journey) -> Iterator[Console]:
    with open_console(journey, CALL_BROWSER_ARGUMENTS, page_script=KEEP_PEERS) as page:
        page.driver.set_script_timeout(MEDIA_WAIT)
        yield page


def stats(console: Console) -> dict:
    found = console.driver.execute_async_script(READ_STATS)
    assert isinstance(found, dict), found
    return found


def wait_for_stats(console: Console, condition, what: str) -> dict:
    deadline = time.monotonic() + MEDIA_WAIT
    while True:
        found = stats(console)
        if condition(found):
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: the browser's call stats never got there: {found}")
        time.sleep(0.25)


def picture_of_x_window(window_id: str, path: Path) -> None:
    """Saves what the X window `window_id` shows (ImageMagick's `import`)."""
    subprocess.run(["import", "-window", window_id, str(path)], check=True, capture_output=True, timeout=30)


def call_status(console: Console) -> str:
    return console.session().find_element(By.CSS_SELECTOR, ".session__call-status").text


def test_casey_calls_and_the_person_sees_a_prompt_that_says_what_will_be_on(journey: Journey, console: Console) -> None:
    take_the_session(journey, console)
    app = journey.app
    assert not [t for t in shown_texts(main_window(app)) if "Microphone" in t], "a live sign before any call"
    console.session().find_element(By.CSS_SELECTOR, ".session__video-call").click()
    title = f"{AGENT} is video calling you"
    prompt = wait_for(f"the call prompt {title!r}", lambda: app.window(title), app)
    texts = " ".join(shown_texts(prompt))
    assert f"Your microphone and camera will be on, and you will see {AGENT}." in texts, texts
    console.wait.until(lambda _: call_status(console).endswith("… waiting for an answer"))
    do_action(one(app, prompt, "push button", "Answer"), "click")


def test_answered_call_carries_picture_and_sound_both_ways(journey: Journey, console: Console) -> None:
    app = journey.app
    wait_for_stats(console, lambda s: s["inbound"].get("video", {}).get("framesDecoded", 0) > 10
                   and s["inbound"].get("audio", {}).get("packetsReceived", 0) > 10,
                   "the console decoding the app's picture and sound")
    console.wait.until(lambda _: call_status(console).startswith("In a call with "))
    wait_for("the call bar saying the video call is on, with the live sign",
             lambda: {f"Video call with {AGENT}", "● Microphone and camera on"} <= set(shown_texts(main_window(app)))
             or None, app, timeout=MEDIA_WAIT)

    wait_for("the agent's video window", lambda: app.window(f"Video call with {AGENT}"), app)
    # Xvfb has no window manager: both windows open at the top left. Side by side, each can be pictured.
    video = subprocess.run(["xdotool", "search", "--name", f"Video call with {AGENT}"], check=True,
                           capture_output=True, text=True, timeout=10).stdout.split()[0]
    subprocess.run(["xdotool", "windowmove", video, "480", "0"], check=True, capture_output=True, timeout=10)
    time.sleep(0.5)  # the main window repaints what the video window covered
    first, second = SCREENSHOTS / "app-call-agent-video.png", Path("/tmp/assist-call-agent-video-later.png")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    picture_of_x_window(video, first)
    time.sleep(1.0)  # the fake camera's picture moves: one second apart, two pictures differ
    picture_of_x_window(video, second)
    colours = int(subprocess.run(["identify", "-format", "%k", str(first)], capture_output=True, text=True,
                                 check=True).stdout)
    differing = subprocess.run(["compare", "-metric", "AE", str(first), str(second), "null:"],
                               capture_output=True, text=True).stderr.split()[0]
    assert colours > 16, f"the agent's video window shows only {colours} colours: no decoded picture"
    assert float(differing) > 0, "the agent's video window did not change in a second: the picture is frozen"
    save_window_picture(main_window(app), SCREENSHOTS / "app-call.png")
    console.driver.save_screenshot(str(SCREENSHOTS / "console-call-with-app.png"))


def call_goes_on_while_the_server_restarts(journey: Journey, console: Console, stop) -> None:
    """Stops the server with `stop`, checks the app's picture still reaches the console while
    it is down (media goes peer to peer), starts it again and waits for the app to resume."""
    before = stats(console)["inbound"]["video"]["framesDecoded"]
    stop()
    wait_for_stats(console, lambda s: s["inbound"]["video"]["framesDecoded"] > before + 15,
                   "the app's picture while the server is down")
    journey.server.start()
    wait_for("the app to resume its session", lambda: not [
        t for t in shown_texts(main_window(journey.app)) if t.startswith("Reconnecting")] or None, journey.app,
             timeout=MEDIA_WAIT)
    assert f"Video call with {AGENT}" in shown_texts(main_window(journey.app))


def test_the_call_goes_on_through_a_graceful_restart_of_the_server(journey: Journey, console: Console) -> None:
    """The signaling the next step needs (the person's Mute, a `callMediaState`) passes again
    once both resumed."""
    def sigterm() -> None:
        status = journey.server.terminate_gracefully()
        assert status == 0, f"assist-server exited with status {status} after SIGTERM"
    call_goes_on_while_the_server_restarts(journey, console, sigterm)


def test_the_persons_mute_stops_their_sound_reaching_the_console(journey: Journey, console: Console) -> None:
    app = journey.app
    do_action(one(app, main_window(app), "push button", "Mute"), "click")
    console.wait.until(lambda _: "muted their microphone." in console.session().text)
    wait_for("the live sign to show only the camera",
             lambda: "● Camera on" in shown_texts(main_window(app)) or None, app)
    time.sleep(0.5)  # packets already on their way
    before = stats(console)["inbound"]["audio"]["packetsReceived"]
    time.sleep(1.5)
    after = stats(console)["inbound"]["audio"]["packetsReceived"]
    assert after == before, f"audio packets still arrived while the person was muted: {before} → {after}"
    do_action(one(app, main_window(app), "push button", "Unmute"), "click")
    wait_for_stats(console, lambda s: s["inbound"]["audio"]["packetsReceived"] > after, "sound after unmuting")


def test_the_call_goes_on_through_a_kill_9_of_the_server(journey: Journey, console: Console) -> None:
    """The server keeps accepted calls in its database: after a crash the next step's
    `callEnd` still passes."""
    call_goes_on_while_the_server_restarts(journey, console, journey.server.kill_hard)


def test_the_person_ends_the_call_and_both_sides_say_so(journey: Journey, console: Console) -> None:
    app = journey.app
    do_action(one(app, main_window(app), "push button", "End call"), "click")
    console.wait.until(lambda _: call_status(console).startswith("Call ended by "))
    wait_for("the call bar and the live sign to go",
             lambda: not [t for t in shown_texts(main_window(app)) if "Microphone" in t or "Video call" in t]
             or None, app)
    wait_for("the agent's video window to close", lambda: app.window(f"Video call with {AGENT}") is None or None, app)


def test_casey_ends_a_voice_call_and_the_app_lets_go_of_the_microphone(journey: Journey, console: Console) -> None:
    app = journey.app
    console.session().find_element(By.CSS_SELECTOR, ".session__voice-call").click()
    prompt = wait_for(f"the prompt {AGENT} is calling you", lambda: app.window(f"{AGENT} is calling you"), app)
    assert "Your microphone will be on; this is a voice call." in " ".join(shown_texts(prompt)), shown_texts(prompt)
    do_action(one(app, prompt, "push button", "Answer"), "click")
    wait_for("the call bar saying the call is on, with the microphone's live sign",
             lambda: {f"Call with {AGENT}", "● Microphone on"} <= set(shown_texts(main_window(app))) or None, app,
             timeout=MEDIA_WAIT)
    assert app.window(f"Video call with {AGENT}") is None, "a voice call opened the agent's video window"
    console.session().find_element(By.CSS_SELECTOR, ".call__end").click()
    console.wait.until(lambda _: call_status(console) == "You ended the call.")
    wait_for("the call bar and the live sign to go",
             lambda: not [t for t in shown_texts(main_window(app)) if "Microphone" in t or "Call with" in t]
             or None, app)
