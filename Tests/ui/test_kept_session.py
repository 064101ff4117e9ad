"""A support session that survives the app: the kept session in
$XDG_STATE_HOME/assist (docs/architecture.md, "The kept session").

The app chats with a scripted agent (scripted_agent.py) through a relay the
test can stall and cut (stalling_proxy.py). The steps run in order, as in
test_support_journey.py:

1. a session with the agent, one message each way;
2. the relay stalls, the person sends a message that reaches no one, the app
   is killed with SIGKILL, the relay is cut and restored, and the app started
   again resumes the same session by itself: the chat shows as it was, and
   the message reaches the agent exactly once, with nothing else odd;
3. a kept session the server no longer knows: one sentence, then the
   pre-chat form, and the kept file is gone;
4. ending support deletes the kept file.
"""

from __future__ import annotations

import json
import secrets
import signal
import stat
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterator

import pytest

from accessible_app import App, do_action, find_all, has_been_on_screen, set_text, text_of, wait_for
from conftest import DESKTOP_BIN, Journey, SupportServer, _require_session, start_desktop, stop_process
from scripted_agent import ScriptedAgent
from stalling_proxy import StallingProxy

AGENT = "Sam"
GREETING = "Hello, I'm Sam. How can I help?"
FIRST = "My printer prints only blank pages."
UNSENT = "Typed just before the app died, while the link was stalled."
GONE_TITLE = "Your earlier support session has ended"


@dataclass
class Kept:
    """What the steps share besides the journey: the folder, relay, agent and session."""

    folder: Path
    proxy: StallingProxy
    agent: ScriptedAgent | None = None
    session_id: str = ""
    launches: list[subprocess.Popen[bytes]] = field(default_factory=list)
    log: IO[bytes] | None = None

    @property
    def state_folder(self) -> Path:
        return self.folder / "state" / "assist"

    @property
    def state_file(self) -> Path:
        return self.state_folder / "session.json"

    def record(self) -> dict | None:
        try:
            return json.loads(self.state_file.read_text())
        except FileNotFoundError:
            return None


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kept]:
    folder = tmp_path_factory.mktemp("assist-ui-kept")
    yield Kept(folder=folder, proxy=StallingProxy(upstream_port=0))


@pytest.fixture(scope="module")
def journey(kept: Kept) -> Iterator[Journey]:
    _require_session()
    token = secrets.token_urlsafe(32)
    agents = kept.folder / "agents.json"
    agents.write_text(json.dumps({"agents": [
        {"id": "sam", "name": AGENT, "token": token, "capacity": 2, "destinations": ["support"]}]}))
    server = SupportServer(kept.folder, arguments=("--agents", str(agents)))
    server.start()
    kept.proxy.upstream_port = server.port
    kept.agent = ScriptedAgent(server.url, token)
    log_path = kept.folder / "desktop.log"
    kept.log = log_path.open("wb")
    artifacts = kept.folder / "failure"
    artifacts.mkdir()
    started = Journey(app=App(DESKTOP_BIN.name, log=log_path), server=server, desktop=None, artifacts=artifacts)  # type: ignore[arg-type]
    try:
        yield started
    finally:
        for process in kept.launches:
            if process.poll() is None:
                stop_process(process)
        kept.log.close()
        kept.agent.close()
        kept.proxy.close()
        server.stop()
        if started.failed_step is not None:
            for path in (server.log, log_path):
                (artifacts / path.name).write_bytes(path.read_bytes())
            print(f"\nkept-session logs: {artifacts}")


def launch(journey: Journey, kept: Kept) -> None:
    """Starts the app (again) against the relay, with the module's state folder."""
    assert kept.log is not None
    process = start_desktop(kept.folder, kept.proxy.url, kept.log)
    kept.launches.append(process)
    journey.desktop = process
    journey.app = App(DESKTOP_BIN.name, process=process, log=kept.folder / "desktop.log")


def main_window(app: App):
    window = app.window("Assist")
    assert window is not None, "the main window is gone"
    return window


def on_screen(app: App, role: str, name: str) -> list:
    window = app.window("Assist")
    return [node for node in find_all(window, role, name=name) if has_been_on_screen(node)] if window else []


def shown_texts(app: App) -> list[str]:
    window = app.window("Assist")
    if window is None:
        return []
    return [text_of(node) for wanted in ("label", "alert") for node in find_all(window, wanted)
            if has_been_on_screen(node)]


def transcript(app: App) -> list[tuple[str, str, str | None]]:
    """The chat as listed in "Messages": (author, text, delivery state) per row."""
    messages = find_all(main_window(app), "list", name="Messages")
    assert len(messages) == 1, f"expected one list named 'Messages', found {len(messages)}"
    rows = []
    for row in find_all(messages[0], "list item"):
        texts = [text_of(label) for label in find_all(row, "label")]
        rows.append((texts[0], texts[2], texts[3] if len(texts) > 3 else None))
    return rows


def send(app: App, text: str) -> None:
    composer = find_all(main_window(app), "text", name="Message")[0]
    set_text(composer, text)
    do_action(on_screen(app, "push button", "Send")[0], "click")
    wait_for("the composer to be emptied after Send", lambda: text_of(composer) == "", app)


def fill_form_and_start(app: App) -> None:
    wait_for("the pre-chat form's 'Start chat' button", lambda: on_screen(app, "push button", "Start chat"), app)
    set_text(find_all(main_window(app), "text", name="Name")[0], "Ada Lovelace")
    set_text(find_all(main_window(app), "text", name="Email")[0], "ada@example.org")
    do_action(on_screen(app, "push button", "Start chat")[0], "click")


def person_chats(agent: ScriptedAgent, text: str) -> list[dict]:
    return agent.received("chat", lambda body: body["message"]["author"] == "consumer"
                          and body["message"]["text"] == text)


def test_a_session_with_the_agent_is_kept_in_the_state_folder(journey: Journey, kept: Kept) -> None:
    launch(journey, kept)
    app = journey.app
    get_help = wait_for("the 'Get help' button", lambda: on_screen(app, "push button", "Get help"), app, timeout=30)
    do_action(get_help[0], "click")
    fill_form_and_start(app)
    assert kept.agent is not None
    assignment = kept.agent.accept_next()
    kept.session_id = assignment["sessionId"]
    wait_for(f"'Chatting with {AGENT}'", lambda: f"Chatting with {AGENT}" in shown_texts(app), app, timeout=30)
    kept.agent.chat(kept.session_id, GREETING)
    wait_for("the agent's greeting in the chat", lambda: (AGENT, GREETING, None) in transcript(app), app)
    send(app, FIRST)
    kept.agent.expect("chat", lambda body: body["message"]["text"] == FIRST)
    wait_for("the first message delivered", lambda: (("You", FIRST, "Delivered") in transcript(app)), app)

    record = wait_for("the kept record with the greeting", lambda: (r := kept.record()) and len(r["transcript"]) == 2
                      and r, app)
    assert record["sessionID"] == kept.session_id
    assert stat.S_IMODE(kept.state_folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(kept.state_file.stat().st_mode) == 0o600


def test_killed_with_an_unsent_message_the_app_resumes_the_same_session_and_the_message_goes_once(
        journey: Journey, kept: Kept) -> None:
    app = journey.app
    assert kept.agent is not None
    kept.proxy.stall()
    send(app, UNSENT)
    # Kept before it was sent: what the person typed survives the kill.
    wait_for("the unsent message in the kept record", lambda: (r := kept.record())
             and any(entry["text"] == UNSENT and entry["delivery"] == "sending" for entry in r["transcript"]), app)
    assert ("You", UNSENT, "Sending…") in transcript(app)

    journey.desktop.send_signal(signal.SIGKILL)
    journey.desktop.wait(timeout=10)
    kept.proxy.cut()
    time.sleep(1)  # anything in flight would have arrived by now
    assert not person_chats(kept.agent, UNSENT), "the stalled message reached the agent before the relaunch"
    kept.proxy.restore()

    launch(journey, kept)
    app = journey.app
    wait_for(f"'Chatting with {AGENT}' after the relaunch", lambda: f"Chatting with {AGENT}" in shown_texts(app), app,
             timeout=30)
    assert not on_screen(app, "push button", "Start chat"), "the relaunched app showed the pre-chat form"
    kept.agent.expect("chat", lambda body: body["message"]["text"] == UNSENT, timeout=30)
    wait_for("the resent message delivered", lambda: ("You", UNSENT, "Delivered") in transcript(app), app, timeout=30)
    assert transcript(app) == [(AGENT, GREETING, None), ("You", FIRST, "Delivered"), ("You", UNSENT, "Delivered")]

    time.sleep(3)  # a second copy would come right after the first
    assert len(person_chats(kept.agent, UNSENT)) == 1, "the message reached the agent more than once"
    assert len(person_chats(kept.agent, FIRST)) == 1, "the first message reached the agent again"
    assert {chat["sessionId"] for chat in kept.agent.received("chat")} == {kept.session_id}
    assert not kept.agent.received("sessionEnded"), "the agent was told the session ended"
    assert not kept.agent.received("screenShareEnd")
    assert len(kept.agent.received("sessionAssigned")) == 1, "the agent got a second session"
    record = kept.record()
    assert record is not None and record["sessionID"] == kept.session_id


def test_a_kept_session_the_server_no_longer_knows_shows_one_sentence_and_the_prechat_form(
        journey: Journey, kept: Kept) -> None:
    journey.desktop.send_signal(signal.SIGKILL)
    journey.desktop.wait(timeout=10)
    record = kept.record()
    assert record is not None
    record["resumeToken"] = "a-token-this-server-never-gave"
    kept.state_file.write_text(json.dumps(record))

    launch(journey, kept)
    app = journey.app
    wait_for(f"the notice {GONE_TITLE!r}", lambda: GONE_TITLE in shown_texts(app), app, timeout=30)
    wait_for("the pre-chat form", lambda: on_screen(app, "push button", "Start chat"), app)
    assert not kept.state_file.exists(), "the kept record of a session the server does not know was not deleted"


def test_ending_support_deletes_the_kept_session(journey: Journey, kept: Kept) -> None:
    app = journey.app
    assert kept.agent is not None
    fill_form_and_start(app)
    kept.agent.accept_next()
    wait_for(f"'Chatting with {AGENT}'", lambda: f"Chatting with {AGENT}" in shown_texts(app), app, timeout=30)
    wait_for("the new session kept", lambda: kept.state_file.exists(), app)

    do_action(on_screen(app, "push button", "End support")[0], "click")
    dialog = wait_for("the confirmation dialog 'End support?'", lambda: app.window("End support?"), app)
    do_action([b for b in find_all(dialog, "push button", name="End support")][0], "click")
    wait_for("'Support ended'", lambda: "Support ended" in shown_texts(app), app, timeout=30)
    wait_for("the kept record deleted", lambda: not kept.state_file.exists(), app)
    assert list(kept.state_folder.iterdir()) == [], "files were left in the state folder"
