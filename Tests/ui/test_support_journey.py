"""A person gets help with assist-desktop, driven only through its accessibility
tree, against a live assist-server whose demo agent ("Alex (demo agent)")
takes them from the queue, greets them, answers and asks once to see the window.

The tests are the steps of one support session, in order: each starts where
the previous one left the person. A step after a failed one is skipped.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pyatspi
import pytest

from accessible_app import (App, do_action, find_all, has_been_on_screen, has_state, save_window_picture, set_text,
                            text_of, wait_for)
from conftest import Journey

AGENT = "Alex (demo agent)"
ME = "You"
EMAIL_ERROR = "Check the field “Email”."
EMAIL_FIELD_ERROR = "“Email” must be an email address, such as sam@example.com."
QUEUE_LINE = "You're next in line"
SHARE_PROMPT_TITLE = f"{AGENT} asks to see this app's window"
# The demo agent says this only once a picture of the window has reached it.
PICTURE_SEEN = re.compile(r"^I can see your window now \((\d+) × (\d+) pixels\)")
SHARING_TITLE = f"{AGENT} can see this window"
SHARING_STOPPED = "Sharing stopped. I can no longer see your window."
CLEAR_DRAWING = "Clear drawing"
DRAWING_CLEARED = "I see you cleared my drawing."
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
BANNER_COUNTDOWN = re.compile(r"^Reconnecting in \d+ s \(attempt \d+ of \d+\)$")
FIRST_MESSAGE = "My printer prints only blank pages."
MESSAGE_WHILE_DOWN = "Still there? I typed this while the connection was gone."
MESSAGE_AFTER_RESTART = "And this one after it came back."
MESSAGE_WHILE_RESTARTING = "Typed while the server was restarting on purpose."
MESSAGE_AFTER_GRACEFUL_RESTART = "And this one once it was back from its restart."
# Whichever of the banner's two reconnecting states shows: waiting for the next attempt, or trying.
BANNER_RECONNECTING = re.compile(r"^Reconnecting(?: in \d+ s|…) \(attempt \d+ of \d+\)$")
RECONNECT_TIMEOUT = 40  # retries at 1, 2, 4, 8, 16 s: the restarted server is found within the 8 s wait


@dataclass(frozen=True)
class Entry:
    """A chat message as the person reads it."""

    author: str
    text: str
    delivery: str | None  # "Sending…", "Delivered", … for their own messages


def main_window(app: App):
    window = app.window("Assist")
    assert window is not None, "the main window is gone"
    return window


def one(app: App, root, wanted_role: str, name: str):
    """The single widget of `wanted_role` named `name` below `root`."""
    found = find_all(root, wanted_role, name=name)
    assert len(found) == 1, f"expected one [{wanted_role}] named {name!r}, found {len(found)}\n{app.dump()}"
    return found[0]


def shown_texts(root) -> list[str]:
    """Every label's and alert's text below `root`."""
    return [text_of(node) for wanted in ("label", "alert") for node in find_all(root, wanted)]


def transcript(app: App) -> list[Entry]:
    """The chat as listed in "Messages": each row reads author, time, text and,
    for the person's own messages, the delivery state."""
    messages = find_all(main_window(app), "list", name="Messages")
    assert len(messages) == 1, f"expected one list named 'Messages', found {len(messages)}"
    entries = []
    for row in find_all(messages[0], "list item"):
        texts = [text_of(label) for label in find_all(row, "label")]
        assert len(texts) >= 3, f"a message row reads {texts!r}; expected author, time and text"
        entries.append(Entry(author=texts[0], text=texts[2], delivery=texts[3] if len(texts) > 3 else None))
    return entries


def send_chat_message(app: App, message: str) -> None:
    window = main_window(app)
    composer = one(app, window, "text", "Message")
    set_text(composer, message)
    do_action(one(app, window, "push button", "Send"), "click")
    wait_for("the composer to be emptied after Send", lambda: text_of(composer) == "", app)


def own_entries(app: App, message: str) -> list[Entry]:
    return [entry for entry in transcript(app) if entry.author == ME and entry.text == message]


def test_get_help_opens_the_prechat_form(journey: Journey) -> None:
    app = journey.app
    get_help = wait_for(
        "the main window's 'Get help' button",
        lambda: app.window("Assist") and find_all(main_window(app), "push button", name="Get help"), app,
        timeout=30)  # the app's start, with a debug build on a busy machine
    do_action(get_help[0], "click")
    start = wait_for(
        "the pre-chat form's 'Start chat' button on screen",
        lambda: [b for b in find_all(main_window(app), "push button", name="Start chat") if has_been_on_screen(b)],
        app)
    assert start
    for label in ("Name", "Email", "Phone", "Order number", "Question"):
        assert find_all(main_window(app), "text", name=label), f"the form has no entry named {label!r}"
    assert find_all(main_window(app), "combo box", name="Topic"), "the form has no 'Topic' picker"
    assert find_all(main_window(app), "check box", name="Email me the transcript")


def test_the_app_neither_links_nor_loads_webkit(journey: Journey) -> None:
    # Template mode is assist-desktop-web's (test_template_mode.py); the app's own chat pays nothing for it.
    program = os.readlink(f"/proc/{journey.desktop.pid}/exe")
    assert Path(program).name == "assist-desktop", program
    needed = subprocess.run(["readelf", "-d", program], capture_output=True, text=True, check=True).stdout
    assert "libwebkitgtk" not in needed, "assist-desktop links WebKitGTK"
    loaded = Path(f"/proc/{journey.desktop.pid}/maps").read_text()
    assert "libwebkitgtk" not in loaded and "libjavascriptcoregtk" not in loaded, "assist-desktop loaded WebKitGTK"


def test_malformed_email_is_refused_with_a_message_and_nothing_is_sent(journey: Journey) -> None:
    app = journey.app
    window = main_window(app)
    set_text(one(app, window, "text", "Name"), "Ada Lovelace")
    email = one(app, window, "text", "Email")
    set_text(email, "ada@")
    do_action(one(app, window, "push button", "Start chat"), "click")

    wait_for(f"the message {EMAIL_ERROR!r}", lambda: EMAIL_ERROR in shown_texts(main_window(app)), app)
    assert EMAIL_FIELD_ERROR in shown_texts(main_window(app)), "the Email field does not say what is wrong"
    wait_for("the Email entry marked invalid", lambda: has_state(email, pyatspi.STATE_INVALID), app)
    assert has_state(email, pyatspi.STATE_FOCUSED), "focus did not move to the rejected Email field"
    # The refusal and the decision not to connect are one step in the app: once
    # the message shows, nothing has left for the server.
    texts = shown_texts(main_window(app))
    assert not [text for text in texts if "in line" in text], f"a queue line appeared: {texts}"
    assert "Connecting to support…" not in texts
    leave = one(app, main_window(app), "push button", "Leave queue")
    assert not has_been_on_screen(leave), "the queue page was shown"


def test_corrected_form_puts_the_person_in_the_queue(journey: Journey) -> None:
    app = journey.app
    window = main_window(app)
    email = one(app, window, "text", "Email")
    set_text(email, "ada@example.org")
    do_action(one(app, window, "push button", "Start chat"), "click")

    wait_for(f"the queue line {QUEUE_LINE!r}", lambda: QUEUE_LINE in shown_texts(main_window(app)), app)
    assert has_been_on_screen(one(app, main_window(app), "push button", "Leave queue"))
    texts = shown_texts(main_window(app))
    assert EMAIL_ERROR not in texts and EMAIL_FIELD_ERROR not in texts, "the email error stayed after the fix"
    assert not has_state(email, pyatspi.STATE_INVALID), "the corrected Email entry is still marked invalid"


def test_demo_agent_joins_and_greets(journey: Journey) -> None:
    app = journey.app
    wait_for(f"a notice that {AGENT} joined",
             lambda: f"{AGENT} joined the chat" in shown_texts(main_window(app)), app)
    assert f"Chatting with {AGENT}" in shown_texts(main_window(app))
    greeting = wait_for(
        "the agent's greeting in the transcript",
        lambda: [e for e in transcript(app) if e.author == AGENT and "I'm Alex" in e.text], app)
    assert greeting[0].text.startswith("Hi Ada Lovelace,"), greeting


def test_sent_message_is_delivered_and_answered(journey: Journey) -> None:
    app = journey.app
    before = len(transcript(app))
    send_chat_message(app, FIRST_MESSAGE)

    wait_for(f"{FIRST_MESSAGE!r} marked Delivered",
             lambda: [e for e in own_entries(app, FIRST_MESSAGE) if e.delivery == "Delivered"], app)
    entries = transcript(app)
    mine = entries.index(Entry(ME, FIRST_MESSAGE, "Delivered"))
    assert mine >= before
    replies = wait_for("the agent's reply after the message",
                       lambda: [e for e in transcript(app)[mine + 1:] if e.author == AGENT], app)
    # Screen readers speak the reply: GTK 4.8 has no announce call, so the
    # app shows it in an object with the alert role (see Announcer.swift).
    announcement = f"{AGENT}: {replies[-1].text}"
    wait_for(f"an alert announcing {announcement!r}",
             lambda: [a for a in find_all(main_window(app), "alert") if announcement in text_of(a).split("\n")], app)


def test_accepted_screen_share_reaches_the_agent_as_a_picture(journey: Journey) -> None:
    app = journey.app
    prompt = wait_for(f"the dialog {SHARE_PROMPT_TITLE!r}", lambda: app.window(SHARE_PROMPT_TITLE), app)
    decline = one(app, prompt, "push button", "Decline")
    accept = one(app, prompt, "push button", "Accept")
    assert has_state(decline, pyatspi.STATE_FOCUSED), "Decline is not the focused (default) answer"

    do_action(accept, "click")
    wait_for("the screen-share dialog to close", lambda: app.window(SHARE_PROMPT_TITLE) is None, app)
    wait_for(f"the bar {SHARING_TITLE!r} in the shared window",
             lambda: SHARING_TITLE in shown_texts(main_window(app)) or None, app)
    seen = wait_for("the agent's word that a picture of the window arrived",
                    lambda: [m for e in transcript(app) if e.author == AGENT and (m := PICTURE_SEEN.match(e.text))],
                    app)
    width, height = (int(seen[0].group(1)), int(seen[0].group(2)))
    assert width > 300 and height > 300, f"the agent saw a {width} × {height} picture"
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        assert save_window_picture(main_window(app), SCREENSHOTS / "app-sharing.png")


def clear_drawing_button(app: App, sensitive: bool):
    """The Sharing bar's "Clear drawing" button once it is (or is not) pressable; looked up afresh,
    because the window's content moves into an overlay when the agent first draws."""
    found = find_all(main_window(app), "push button", name=CLEAR_DRAWING)
    if len(found) == 1 and has_state(found[0], pyatspi.STATE_SENSITIVE) == sensitive:
        return found[0]
    return None


def test_agent_draws_on_the_window_and_the_person_clears_it(journey: Journey) -> None:
    app = journey.app
    clear = wait_for("Clear drawing to become pressable once the agent's ring is drawn",
                     lambda: clear_drawing_button(app, sensitive=True), app)
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        assert save_window_picture(main_window(app), SCREENSHOTS / "app-annotation.png")
    do_action(clear, "click")
    wait_for("Clear drawing to be greyed out again", lambda: clear_drawing_button(app, sensitive=False), app)
    wait_for("the agent's word that the person cleared the drawing",
             lambda: [e for e in transcript(app) if e.author == AGENT and e.text == DRAWING_CLEARED], app)


def test_stop_sharing_hides_the_bar_and_the_agent_is_told(journey: Journey) -> None:
    app = journey.app
    do_action(one(app, main_window(app), "push button", "Stop sharing"), "click")
    wait_for("the sharing bar to go", lambda: SHARING_TITLE not in shown_texts(main_window(app)) or None, app)
    wait_for("the agent's word that sharing stopped",
             lambda: [e for e in transcript(app) if e.author == AGENT and e.text == SHARING_STOPPED], app)


def test_message_typed_while_the_server_is_down_is_delivered_once_after_restart(journey: Journey) -> None:
    app = journey.app
    journey.server.kill_hard()
    banner = wait_for(
        "the banner 'Reconnecting in N s (attempt k of m)'",
        lambda: [t for t in shown_texts(main_window(app)) if BANNER_COUNTDOWN.match(t)], app)
    journey.notes["banner"] = banner[0]

    send_chat_message(app, MESSAGE_WHILE_DOWN)
    pending = wait_for("the message typed while down in the transcript", lambda: own_entries(app, MESSAGE_WHILE_DOWN),
                       app)
    assert pending[0].delivery != "Delivered", f"delivered while the server was down: {pending}"

    journey.server.start()
    wait_for("the message typed while down to be Delivered after the restart",
             lambda: [e for e in own_entries(app, MESSAGE_WHILE_DOWN) if e.delivery == "Delivered"], app,
             timeout=RECONNECT_TIMEOUT)
    # A later message delivered on the resumed session: anything replayed
    # before it (a duplicate of the earlier one) is in the transcript by then.
    send_chat_message(app, MESSAGE_AFTER_RESTART)
    wait_for(f"{MESSAGE_AFTER_RESTART!r} marked Delivered",
             lambda: [e for e in own_entries(app, MESSAGE_AFTER_RESTART) if e.delivery == "Delivered"], app)
    assert own_entries(app, MESSAGE_WHILE_DOWN) == [Entry(ME, MESSAGE_WHILE_DOWN, "Delivered")], transcript(app)
    assert len(own_entries(app, FIRST_MESSAGE)) == 1, transcript(app)
    # The agent's side after the restart: the demo agent quotes what it answers.
    wait_for("the agent's answer to the message sent after the restart",
             lambda: [e for e in transcript(app) if e.author == AGENT and MESSAGE_AFTER_RESTART in e.text], app)


def test_agent_answers_every_message_sent_around_the_restart(journey: Journey) -> None:
    app = journey.app
    entries = transcript(app)
    first_after_kill = entries.index(Entry(ME, MESSAGE_WHILE_DOWN, "Delivered"))
    # The demo agent answers each message about a second after it, in order,
    # and its answer to the later message has arrived (the previous step), so
    # its answer to the earlier one, sent before, is here too if it was relayed.
    answers = [e for e in entries[first_after_kill:] if e.author == AGENT]
    assert len(answers) >= 2, f"agent messages after the two sent around the restart: {answers}"


def agent_answers_to(app: App, message: str) -> list[Entry]:
    """The demo agent's answers that quote `message` ("Got it: "…". Anything else I can do?")."""
    return [e for e in transcript(app) if e.author == AGENT and f"\"{message}\"" in e.text]


def test_server_stopped_with_sigterm_exits_with_status_0_and_the_app_says_it_is_reconnecting(
        journey: Journey) -> None:
    app = journey.app
    status = journey.server.terminate_gracefully()
    assert status == 0, \
        f"assist-server exited with status {status} after SIGTERM; log:\n{journey.server.log_excerpt()}"
    banner = wait_for(
        "the banner 'Reconnecting in N s (attempt k of m)' or 'Reconnecting… (attempt k of m)' after the 1001",
        lambda: [t for t in shown_texts(main_window(app)) if BANNER_RECONNECTING.match(t)], app)
    journey.notes["banner after SIGTERM"] = banner[0]
    texts = shown_texts(main_window(app))
    assert "Support ended" not in texts, f"the app ended the session after a 1001: {texts}"


def test_message_typed_while_the_server_restarts_gracefully_is_delivered_once_after_restart(journey: Journey) -> None:
    app = journey.app
    before = transcript(app)
    send_chat_message(app, MESSAGE_WHILE_RESTARTING)
    pending = wait_for("the message typed during the restart in the transcript",
                       lambda: own_entries(app, MESSAGE_WHILE_RESTARTING), app)
    assert pending[0].delivery != "Delivered", f"delivered while the server was down: {pending}"
    assert [t for t in shown_texts(main_window(app)) if BANNER_RECONNECTING.match(t)], \
        "the banner went before the server was started again"

    journey.server.start()  # on the same port and the same --database
    wait_for("the message typed during the restart to be Delivered after the server is back",
             lambda: [e for e in own_entries(app, MESSAGE_WHILE_RESTARTING) if e.delivery == "Delivered"], app,
             timeout=RECONNECT_TIMEOUT)
    wait_for("the reconnecting banner to go once the session resumed",
             lambda: not [t for t in shown_texts(main_window(app)) if BANNER_RECONNECTING.match(t)], app)
    send_chat_message(app, MESSAGE_AFTER_GRACEFUL_RESTART)
    wait_for(f"{MESSAGE_AFTER_GRACEFUL_RESTART!r} marked Delivered",
             lambda: [e for e in own_entries(app, MESSAGE_AFTER_GRACEFUL_RESTART) if e.delivery == "Delivered"], app)
    entries = transcript(app)
    assert own_entries(app, MESSAGE_WHILE_RESTARTING) == [Entry(ME, MESSAGE_WHILE_RESTARTING, "Delivered")], entries
    # The session as it was: everything shown before the restart is still there, in order, once.
    assert [(e.author, e.text) for e in entries[:len(before)]] == [(e.author, e.text) for e in before], entries
    for message in (FIRST_MESSAGE, MESSAGE_WHILE_DOWN, MESSAGE_AFTER_RESTART):
        assert len(own_entries(app, message)) == 1, (message, entries)


def test_agent_answers_each_message_sent_around_the_graceful_restart_once(journey: Journey) -> None:
    app = journey.app
    # The demo agent quotes what it answers, about a second after each message, in order.
    for message in (MESSAGE_WHILE_RESTARTING, MESSAGE_AFTER_GRACEFUL_RESTART):
        wait_for(f"the agent's answer to {message!r}", lambda: agent_answers_to(app, message), app)
    entries = transcript(app)
    for message in (MESSAGE_WHILE_RESTARTING, MESSAGE_AFTER_GRACEFUL_RESTART):
        assert len(agent_answers_to(app, message)) == 1, (message, entries)


def test_demo_agent_does_not_answer_the_transcript_again_after_the_restarts(journey: Journey) -> None:
    entries = transcript(journey.app)
    greetings = [e for e in entries if e.author == AGENT and "I'm Alex" in e.text]
    assert len(greetings) == 1, f"the agent greeted {len(greetings)} times: {entries}"
    for message in (MESSAGE_WHILE_DOWN, MESSAGE_AFTER_RESTART):
        assert len(agent_answers_to(journey.app, message)) == 1, (message, entries)


def test_end_support_asks_for_confirmation_then_shows_support_ended(journey: Journey) -> None:
    app = journey.app
    do_action(one(app, main_window(app), "push button", "End support"), "click")
    dialog = wait_for("the confirmation dialog 'End support?'", lambda: app.window("End support?"), app)
    assert "The agent will be disconnected and the chat will close." in shown_texts(dialog)
    assert has_state(one(app, dialog, "push button", "Cancel"), pyatspi.STATE_FOCUSED), "Cancel is not the default"

    do_action(one(app, dialog, "push button", "End support"), "click")
    wait_for("the confirmation dialog to close", lambda: app.window("End support?") is None, app)
    wait_for("the page saying support ended", lambda: "Support ended" in shown_texts(main_window(app)), app)
    assert "You ended the support session." in shown_texts(main_window(app))
    assert has_been_on_screen(one(app, main_window(app), "push button", "Start a new session"))
