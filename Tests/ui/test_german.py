"""The app in German: started with LANGUAGE=de in the de_DE.UTF-8 locale, as a
German desktop starts it, against a live assist-server with its demo agent.
Every sentence is read through the accessibility tree, so a sentence that is
not marked for translation, a catalog that is not found or not compiled, or a
translation that went missing fails here (po/de.po, ./build.sh po).

The steps are one support session, in order, as in test_support_journey.py.
With ASSIST_SCREENSHOTS=1 the chat is saved to docs/screenshots/app-german.png.
"""

from __future__ import annotations

import os
import re
from typing import Iterator

import pytest

from accessible_app import App, do_action, find_all, has_been_on_screen, save_window_picture, set_text, text_of, wait_for
from conftest import REPO, Journey, SupportServer, running_journey

AGENT = "Alex (demo agent)"
GERMAN = {"LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"}
SCREENSHOTS = REPO / "docs" / "screenshots"
MESSAGE = "Mein Drucker druckt nur leere Seiten."


@pytest.fixture(scope="module")
def journey(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journey]:
    folder = tmp_path_factory.mktemp("assist-ui-german")
    with running_journey(folder, SupportServer(folder), extra_environment=GERMAN) as started:
        yield started


def main_window(app: App):
    window = app.window("Assist")
    assert window is not None, "the main window is gone"
    return window


def shown_texts(root) -> list[str]:
    return [text_of(node) for wanted in ("label", "alert") for node in find_all(root, wanted)]


def button(app: App, name: str):
    found = [b for b in find_all(main_window(app), "push button", name=name) if has_been_on_screen(b)]
    return found[0] if found else None


def rows(app: App) -> list[list[str]]:
    """Each chat row's labels: author, time, text and, for the person's own, delivery."""
    messages = find_all(main_window(app), "list", name="Nachrichten")
    assert len(messages) == 1, f"expected one list named 'Nachrichten'\n{app.dump()}"
    return [[text_of(label) for label in find_all(row, "label")] for row in find_all(messages[0], "list item")]


def test_start_page_speaks_german(journey: Journey) -> None:
    app = journey.app
    get_help = wait_for("the start page's 'Hilfe holen' button", lambda: app.window("Assist") and button(app, "Hilfe holen"),
                        app, timeout=30)
    assert "Hilfe von einem Support-Mitarbeiter" in shown_texts(main_window(app))
    assert find_all(main_window(app), "toggle button", name="Hauptmenü") or find_all(main_window(app), "push button", name="Hauptmenü"), \
        "the main menu button is not named in German"
    do_action(get_help, "click")


def test_form_refuses_a_malformed_email_in_german(journey: Journey) -> None:
    app = journey.app
    start = wait_for("the form's 'Chat beginnen' button", lambda: button(app, "Chat beginnen"), app)
    texts = shown_texts(main_window(app))
    assert "Bevor Sie chatten" in texts
    assert "Ihre Antworten gehen an den Mitarbeiter, der Ihnen hilft. Mit * markierte Felder sind erforderlich." in texts
    window = main_window(app)
    set_text(find_all(window, "text", name="Name")[0], "Ada Lovelace")
    set_text(find_all(window, "text", name="Email")[0], "ada@")
    do_action(start, "click")
    wait_for("the German summary of the refusal",
             lambda: "Prüfen Sie das Feld „Email“." in shown_texts(main_window(app)), app)
    assert "„Email“ muss eine E-Mail-Adresse sein, z. B. sam@example.com." in shown_texts(main_window(app))


def test_queue_and_agent_in_german(journey: Journey) -> None:
    app = journey.app
    set_text(find_all(main_window(app), "text", name="Email")[0], "ada@example.org")
    do_action(button(app, "Chat beginnen"), "click")
    wait_for("the German queue line", lambda: "Sie sind als Nächstes dran" in shown_texts(main_window(app)), app)
    assert button(app, "Warteschlange verlassen"), "the Leave queue button is not in German"
    wait_for(f"'{AGENT} ist dem Chat beigetreten'",
             lambda: f"{AGENT} ist dem Chat beigetreten" in shown_texts(main_window(app)), app)
    assert f"Chat mit {AGENT}" in shown_texts(main_window(app))


def test_message_row_reads_german_delivery_and_a_24_hour_time(journey: Journey) -> None:
    app = journey.app
    window = main_window(app)
    set_text(find_all(window, "text", name="Nachricht")[0], MESSAGE)
    do_action(button(app, "Senden"), "click")
    mine = wait_for("the message marked 'Zugestellt'",
                    lambda: [row for row in rows(app) if row[0] == "Sie" and row[2] == MESSAGE and row[3:] == ["Zugestellt"]],
                    app)
    assert re.fullmatch(r"\d{2}:\d{2}", mine[0][1]), f"the time {mine[0][1]!r} is not written as German writes it (HH:mm)"


def test_share_prompt_in_german_is_declined(journey: Journey) -> None:
    app = journey.app
    title = f"{AGENT} möchte das Fenster dieser App sehen"
    prompt = wait_for(f"the dialog {title!r}", lambda: app.window(title), app)
    texts = shown_texts(prompt)
    assert any(text.startswith(f"{AGENT} sieht das Fenster dieser App") for text in texts), texts
    assert find_all(prompt, "push button", name="Annehmen")
    do_action(find_all(prompt, "push button", name="Ablehnen")[0], "click")
    wait_for("the prompt to close", lambda: app.window(title) is None, app)
    if os.environ.get("ASSIST_SCREENSHOTS") == "1":
        assert save_window_picture(main_window(app), SCREENSHOTS / "app-german.png")
