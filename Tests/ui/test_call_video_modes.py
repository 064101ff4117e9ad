"""The person's `videoMode` decides what a call carries, whatever the agent offers
(protocol §13.4): Casey starts a video call with an app configured `agentOnly`, then
one configured `none`; the console's `getStats()` and the app's windows show what flowed.
"""

from __future__ import annotations

from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from accessible_app import do_action, wait_for
from conftest import Journey
from test_call_with_console import (CALL_BROWSER_ARGUMENTS, KEEP_PEERS, MEDIA_WAIT, call_status, stats,
                                    wait_for_stats)
from test_cobrowse_with_console import AGENT, Console, casey_journey, open_console, take_the_session
from test_support_journey import main_window, one, shown_texts


@pytest.fixture(scope="module", params=["agentOnly", "none"])
def journey(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journey]:
    mode = request.param
    running, token = casey_journey(
        tmp_path_factory.mktemp(f"assist-call-{mode}"),
        ("--set", "useTestMediaSources=true", "--set", f"videoMode={mode}"))
    with running as started:
        started.notes["token"] = token
        started.notes["videoMode"] = mode
        yield started


@pytest.fixture(scope="module")
def console(journey: Journey) -> Iterator[Console]:
    with open_console(journey, CALL_BROWSER_ARGUMENTS, page_script=KEEP_PEERS) as page:
        page.driver.set_script_timeout(MEDIA_WAIT)
        yield page


def test_a_video_call_carries_only_what_the_persons_video_mode_allows(journey: Journey, console: Console) -> None:
    app = journey.app
    mode = journey.notes["videoMode"]
    take_the_session(journey, console)
    console.session().find_element(By.CSS_SELECTOR, ".session__video-call").click()
    prompt = wait_for("the call prompt", lambda: app.window(f"{AGENT} is video calling you"), app)
    expected = {"agentOnly": f"Your microphone will be on and you will see {AGENT}; your camera stays off.",
                "none": "Your microphone will be on; this is a voice call."}[mode]
    assert expected in " ".join(shown_texts(prompt)), shown_texts(prompt)
    do_action(one(app, prompt, "push button", "Answer"), "click")

    # The person's sound reaches the console; their picture never does, in either mode.
    found = wait_for_stats(console, lambda s: s["inbound"].get("audio", {}).get("packetsReceived", 0) > 20,
                           "the console receiving the app's sound")
    console.wait.until(lambda _: call_status(console).startswith("In a call with "))
    assert found["inbound"].get("video", {}).get("framesDecoded", 0) == 0, found
    bar = wait_for("the call bar with the microphone's live sign",
                   lambda: "● Microphone on" in shown_texts(main_window(app)) or None, app, timeout=MEDIA_WAIT)
    assert bar
    texts = shown_texts(main_window(app))
    assert "Camera off" not in texts, f"a camera button in {mode}: {texts}"
    if mode == "agentOnly":
        wait_for("the agent's video window", lambda: app.window(f"Video call with {AGENT}"), app)
        sent = wait_for_stats(console, lambda s: s["outbound"].get("video", {}).get("packetsSent", 0) > 20,
                              "the console sending its picture")
        assert sent["outbound"]["video"]["packetsSent"] > 20
    else:
        assert app.window(f"Video call with {AGENT}") is None, "a video window in a voice-only call"
        assert stats(console)["outbound"].get("video", {}).get("packetsSent", 0) == 0, \
            "the console sent a picture the person's app answered inactive"
    assert stats(console)["inbound"].get("video", {}).get("framesDecoded", 0) == 0

    do_action(one(app, main_window(app), "push button", "End call"), "click")
    console.wait.until(lambda _: call_status(console).startswith("Call ended by "))
