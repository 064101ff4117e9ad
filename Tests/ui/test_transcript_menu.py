"""Save Transcript… and Print Transcript… in the app's main menu, driven
through the accessibility tree against a live server with the demo agent:
not offered before anything was written, offered once the agent greeted the
person, still offered after the session ended; and Save Transcript… through the
file chooser writes the chat to the file named there.

The steps run in order, as in test_support_journey.py.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Iterator

import pyatspi
import pytest

from accessible_app import App, do_action, find_all, has_been_on_screen, has_state, set_text, text_of, wait_for
from conftest import Journey, SupportServer, running_journey

AGENT = "Alex (demo agent)"
MENU_ITEMS = ("Save Transcript…", "Print Transcript…")
QUESTION = "My printer prints blank pages & <nothing> else."


@pytest.fixture(scope="module")
def journey(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journey]:
    folder = tmp_path_factory.mktemp("assist-ui-transcript")
    with running_journey(folder, SupportServer(folder), desktop_arguments=("--set", "visitorName=Ada Lovelace")) as started:
        yield started


def main_window(app: App):
    window = app.window("Assist")
    assert window is not None, "the main window is gone"
    return window


def button(app: App, name: str):
    found = [b for b in find_all(main_window(app), "push button", name=name) if has_been_on_screen(b)]
    return found[0] if found else None


def shown_texts(app: App) -> list[str]:
    return [text_of(label) for label in find_all(main_window(app), "label") if has_been_on_screen(label)]


def transcript_items(app: App) -> dict:
    """The transcript items of the open menu, by name; empty while it is closed."""
    return {name: node for node in find_all(app.root(), "menu item") for name in MENU_ITEMS
            if node.name == name and has_been_on_screen(node)}


def open_menu(app: App) -> None:
    """Opens the main menu and waits for its transcript items."""
    # GtkMenuButton is a button holding the toggle button that has the action.
    menu_button = wait_for("the 'Main menu' button", lambda: [
        node for node in find_all(main_window(app), "push button", name="Main menu") if node.queryAction().nActions
    ], app)[0]
    do_action(menu_button, "click")
    items = wait_for("the transcript items in the open menu", lambda: transcript_items(app), app)
    assert set(items) == set(MENU_ITEMS), f"the menu shows {sorted(items)}\n{app.dump()}"


def menu_items(app: App) -> dict[str, bool]:
    """Opens the main menu and returns its transcript items, each with whether
    it can be chosen; closes the menu again."""
    open_menu(app)
    states = {name: has_state(node, pyatspi.STATE_SENSITIVE) for name, node in transcript_items(app).items()}
    subprocess.run(["xdotool", "key", "Escape"], check=True)
    return states


def test_before_anything_is_written_the_transcript_items_cannot_be_chosen(journey: Journey) -> None:
    app = journey.app
    wait_for("the 'Get help' button", lambda: app.window("Assist") and button(app, "Get help"), app, timeout=30)
    assert menu_items(app) == {name: False for name in MENU_ITEMS}


def test_once_the_agent_greets_the_transcript_can_be_saved_and_printed(journey: Journey) -> None:
    app = journey.app
    do_action(button(app, "Get help"), "click")
    wait_for("the pre-chat form", lambda: button(app, "Start chat"), app)
    set_text(find_all(main_window(app), "text", name="Name")[0], "Ada Lovelace")
    set_text(find_all(main_window(app), "text", name="Email")[0], "ada@example.org")
    do_action(button(app, "Start chat"), "click")
    wait_for("the agent's greeting", lambda: any("I'm Alex" in text for text in shown_texts(app)), app, timeout=40)
    assert menu_items(app) == {name: True for name in MENU_ITEMS}
    composer = find_all(main_window(app), "text", name="Message")[0]
    set_text(composer, QUESTION)
    do_action(button(app, "Send"), "click")
    wait_for("the question marked Delivered", lambda: "Delivered" in shown_texts(app), app)


def test_after_the_session_ended_the_transcript_can_still_be_saved(journey: Journey) -> None:
    app = journey.app
    do_action(button(app, "End support"), "click")
    dialog = wait_for("the confirmation dialog 'End support?'", lambda: app.window("End support?"), app)
    do_action([b for b in find_all(dialog, "push button", name="End support")][0], "click")
    wait_for("the page saying support ended", lambda: "Support ended" in shown_texts(app), app)
    assert menu_items(app) == {name: True for name in MENU_ITEMS}


def test_save_transcript_writes_the_chat_to_the_file_named_in_the_file_chooser(journey: Journey) -> None:
    app = journey.app
    target = journey.artifacts / "saved" / "chat.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    open_menu(app)
    do_action(transcript_items(app)["Save Transcript…"], "click")
    chooser = wait_for("the file chooser 'Save Transcript'", lambda: app.window("Save Transcript"), app)
    name = wait_for("the file name field", lambda: find_all(chooser, "text", name="Name:"), app)[0]
    set_text(name, str(target))
    # The dialog's buttons keep their mnemonic's underscore in their name: "_Save Save".
    save = [b for b in find_all(chooser, "push button") if b.name.replace("_", "") in ("Save", "Save Save")]
    do_action(save[0], "click")
    wait_for("the file chooser to close", lambda: app.window("Save Transcript") is None, app)
    saved = wait_for(f"{target} to be written", lambda: target.is_file() and target.read_text(encoding="utf-8"), app)
    assert saved.startswith("Support chat transcript\n")
    assert "Person: Ada Lovelace\n" in saved
    assert f"Agent: {AGENT}\n" in saved
    assert f"] You (Delivered)\n    {QUESTION}\n" in saved
    assert f"] {AGENT}\n    Hi Ada Lovelace, I'm Alex" in saved
