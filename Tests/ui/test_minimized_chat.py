"""The chat minimized to a card (allowMinimization, defaultToMinimized), driven
through the app's accessibility tree against a live server with the demo agent.

The app starts with `defaultToMinimized=true`: when the agent joins, the chat
shows as a "Support in progress" card that counts the agent's messages;
"Open chat" shows the whole chat, and "Minimize the chat" makes it small again.
The steps run in order, as in test_support_journey.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest

from accessible_app import App, do_action, find_all, has_been_on_screen, save_window_picture, set_text, text_of, wait_for
from conftest import Journey, SupportServer, running_journey

AGENT = "Alex (demo agent)"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture(scope="module")
def journey(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journey]:
    folder = tmp_path_factory.mktemp("assist-ui-minimized")
    with running_journey(folder, SupportServer(folder), desktop_arguments=("--set", "defaultToMinimized=true")) as started:
        yield started


def main_window(app: App):
    window = app.window("Assist")
    assert window is not None, "the main window is gone"
    return window


def shown_texts(app: App) -> list[str]:
    return [text_of(label) for label in find_all(main_window(app), "label") if has_been_on_screen(label)]


def button(app: App, name: str):
    found = [b for b in find_all(main_window(app), "push button", name=name) if has_been_on_screen(b)]
    return found[0] if found else None


def test_chat_starts_minimized_and_counts_the_agents_messages(journey: Journey) -> None:
    app = journey.app
    get_help = wait_for("the 'Get help' button", lambda: app.window("Assist") and button(app, "Get help"), app, timeout=30)
    do_action(get_help, "click")
    wait_for("the pre-chat form", lambda: button(app, "Start chat"), app)
    set_text(find_all(main_window(app), "text", name="Name")[0], "Ada Lovelace")
    set_text(find_all(main_window(app), "text", name="Email")[0], "ada@example.org")
    do_action(button(app, "Start chat"), "click")

    wait_for("the minimized card", lambda: "Support in progress" in shown_texts(app), app, timeout=40)
    assert f"Chatting with {AGENT}" in shown_texts(app)
    wait_for("the greeting counted as a new message", lambda: "1 new message" in shown_texts(app), app)
    assert button(app, "Open chat") is not None
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        assert save_window_picture(main_window(app), SCREENSHOTS / "app-minimized.png")


def test_open_chat_shows_the_whole_chat_and_minimize_makes_it_small_again(journey: Journey) -> None:
    app = journey.app
    do_action(button(app, "Open chat"), "click")
    wait_for("the chat's messages", lambda: find_all(main_window(app), "list", name="Messages")
             and any("I'm Alex" in text for text in shown_texts(app)), app)
    minimize = wait_for("the 'Minimize the chat' button", lambda: button(app, "Minimize the chat"), app)
    do_action(minimize, "click")
    wait_for("the card again, with nothing new", lambda: "No new messages" in shown_texts(app), app)
