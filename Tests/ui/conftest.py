"""Fixtures of the desktop UI tests: a live assist-server with its demo agent,
the real assist-desktop against it, and the app's accessibility tree.

Run inside a display and a D-Bus session bus, with Debian's Python (it has
pyatspi), e.g. as build.sh does:

    xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' dbus-run-session -- \
        /usr/bin/python3 -m pytest -q -p no:cacheprovider Tests/ui

Environment:
  ASSIST_SERVER_BIN   the server binary (default: .build/debug/assist-server in the repository)
  ASSIST_DESKTOP_BIN  the app binary (default: .build/debug/assist-desktop in the repository)
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from accessible_app import App  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SERVER_BIN = Path(os.environ.get("ASSIST_SERVER_BIN", REPO / ".build" / "debug" / "assist-server"))
DESKTOP_BIN = Path(os.environ.get("ASSIST_DESKTOP_BIN", REPO / ".build" / "debug" / "assist-desktop"))
PRECHAT_FORM = REPO / "data" / "prechat" / "basic-support.json"


class SupportServer:
    """assist-server on a loopback port, with its demo agent unless other
    `arguments` say otherwise, and a database file that outlives the
    process, so it can be killed and started again."""

    def __init__(self, folder: Path, arguments: tuple[str, ...] = ("--demo-agent",)) -> None:
        self.arguments = arguments
        self.database = folder / "assist.sqlite"
        self.log = folder / "server.log"
        self.port = 0
        self.url = ""
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        """Starts the server, on the port it had before if it ran already."""
        arguments = [
            str(SERVER_BIN), "--host", "127.0.0.1", "--port", str(self.port),
            "--database", str(self.database), *self.arguments,
        ]
        with self.log.open("a") as log_file:
            self.process = subprocess.Popen(
                arguments, stdout=subprocess.PIPE, stderr=log_file, text=True, cwd=REPO, start_new_session=True)
        self.url = self._read_url(self.process)
        self.port = int(self.url.rsplit(":", 1)[1].rstrip("/"))

    def log_excerpt(self, limit: int = 4000) -> str:
        """The end of the server's log, for a failure message. When the server
        crashed, what it logged before the crash comes first (the crash report's
        threads and registers would fill the excerpt), then the crash's first lines."""
        text = self.log.read_text()
        before, marker, crash = text.partition("\n*** Signal ")
        if not marker:
            return text[-limit:]
        return before[-(limit // 2):] + marker + crash[:limit // 2]

    def kill_hard(self) -> None:
        """kill -9: no goodbye to anyone, as when the machine dies."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def terminate_gracefully(self, timeout: float = 60) -> int:
        """SIGTERM, as `systemctl restart` sends: the server closes every
        connection with 1001 and exits. Returns its exit status (the server's
        own limit on closing is `--shutdown-timeout`, 10 s by default)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"assist-server did not exit within {timeout} s of SIGTERM; "
                                 f"log:\n{self.log_excerpt()}") from None

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        stop_process(self.process)

    def _read_url(self, process: subprocess.Popen[str]) -> str:
        """The URL of the first stdout line, `listening on URL`; stdout is
        drained afterwards so the server never blocks on it."""
        lines: queue.Queue[str] = queue.Queue()

        def drain() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                lines.put(line)
            lines.put("")

        threading.Thread(target=drain, name="assist-server-stdout", daemon=True).start()
        try:
            first = lines.get(timeout=30)
        except queue.Empty:
            first = ""
        prefix = "listening on "
        if not first.startswith(prefix):
            process.kill()
            raise RuntimeError(f"assist-server did not report its URL (got {first!r}); log:\n{self.log.read_text()}")
        return first[len(prefix):].strip()


@dataclass
class Journey:
    """One person's way through support, shared by the ordered tests of a module."""

    app: App
    server: SupportServer
    desktop: subprocess.Popen[bytes]
    artifacts: Path
    failed_step: str | None = None
    notes: dict[str, str] = field(default_factory=dict)


def stand_in_desktop(folder: Path, downloads: Path, application: str, mime_types: tuple[str, ...],
                     record: Path) -> dict[str, str]:
    """Gives the person of `folder` (its `config` and `data` as the XDG folders)
    a Downloads folder named the XDG way, `downloads`, and a stand-in
    application called `application`, the default for `mime_types`, that
    appends each argument it is started with to `record`; returns the
    environment the app needs to see them."""
    config = folder / "config"
    config.mkdir(exist_ok=True)
    (config / "user-dirs.dirs").write_text(f'XDG_DOWNLOAD_DIR="{downloads}"\n')
    script = folder / f"{application}.sh"
    script.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{record}"\n')
    script.chmod(0o755)
    applications = folder / "data" / "applications"
    applications.mkdir(parents=True, exist_ok=True)
    desktop_file = f"assist-test-{application}.desktop"
    (applications / desktop_file).write_text(
        f"[Desktop Entry]\nType=Application\nName=Test {application}\n"
        f"Exec={script} %u\nMimeType={';'.join(mime_types)};\nNoDisplay=true\n")
    (config / "mimeapps.list").write_text(
        "[Default Applications]\n" + "".join(f"{mime_type}={desktop_file}\n" for mime_type in mime_types))
    return {"XDG_DATA_HOME": str(folder / "data"), "GTK_USE_PORTAL": "0"}


def stop_process(process: subprocess.Popen) -> None:
    """Ends `process` with SIGTERM, or SIGKILL when it has not exited 10 s later."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _require_session() -> None:
    missing = [name for name in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS") if not os.environ.get(name)]
    if missing:
        pytest.fail(
            f"{' and '.join(missing)} not set: run the UI tests under xvfb-run and dbus-run-session "
            "(see Tests/ui/conftest.py)", pytrace=False)
    for binary in (SERVER_BIN, DESKTOP_BIN):
        if not binary.is_file():
            pytest.fail(f"{binary} does not exist: build it, or set ASSIST_SERVER_BIN / ASSIST_DESKTOP_BIN",
                        pytrace=False)


def pytest_configure(config: pytest.Config) -> None:
    # Debian 12's pyatspi calls libatspi functions that newer libatspi marks deprecated.
    config.addinivalue_line("filterwarnings", "ignore::DeprecationWarning:pyatspi")
    config.addinivalue_line("filterwarnings", "ignore:Atspi.*is deprecated:DeprecationWarning")


@pytest.fixture(scope="module")
def journey(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journey]:
    """The server with its demo agent and the app, started once for the module's ordered steps."""
    folder = tmp_path_factory.mktemp("assist-ui")
    with running_journey(folder, SupportServer(folder)) as started:
        yield started


def start_desktop(folder: Path, server_url: str, log: IO[bytes], desktop_arguments: tuple[str, ...] = (),
                  extra_environment: dict[str, str] | None = None, config: Path = PRECHAT_FORM) -> subprocess.Popen[bytes]:
    """Starts the app against `server_url` with the configuration file `config`
    (the basic pre-chat form unless told), its configuration and state folders
    inside `folder` (so nothing of the person's running the tests is read or
    kept), writing its output to `log`; `extra_environment` is added to its
    environment. It offers agents its own window only, unless
    `desktop_arguments` set `screenShareScopes` again: on Xvfb, which has no
    ScreenCast portal, the app would offer the whole X screen."""
    environment = dict(os.environ)
    environment.pop("GTK_A11Y", None)  # other GTK tests turn accessibility off; these need it
    environment["XDG_CONFIG_HOME"] = str(folder / "config")  # no per-user configuration
    environment["XDG_STATE_HOME"] = str(folder / "state")  # the kept session lives here
    environment.update(extra_environment or {})
    return subprocess.Popen(
        [str(DESKTOP_BIN), "--server", server_url, "--config", str(config), "--set", "destination=support",
         "--set", 'screenShareScopes=["window"]', *desktop_arguments],
        stdout=log, stderr=subprocess.STDOUT, env=environment, cwd=REPO, start_new_session=True)


@contextlib.contextmanager
def running_journey(folder: Path, server: SupportServer, desktop_arguments: tuple[str, ...] = (),
                    extra_environment: dict[str, str] | None = None, config: Path = PRECHAT_FORM,
                    chat_template: str | None = None) -> Iterator[Journey]:
    """Starts `server` and the app against it (with `desktop_arguments` after
    the usual ones, `extra_environment` and the configuration file `config`;
    in template mode on the server's `chat_template`, a path with its query,
    when given); stops both afterwards, keeping their logs with the failure
    artifacts when a step failed."""
    _require_session()
    server.start()
    if chat_template is not None:
        desktop_arguments = (*desktop_arguments, "--chat-url", server.url.rstrip("/") + chat_template)
    desktop_log_path = folder / "desktop.log"
    desktop_log = desktop_log_path.open("wb")
    desktop = start_desktop(folder, server.url, desktop_log, desktop_arguments, extra_environment, config)
    artifacts = Path(tempfile.mkdtemp(prefix="assist-ui-failure-"))
    app = App(DESKTOP_BIN.name, process=desktop, log=desktop_log_path)
    started = Journey(app=app, server=server, desktop=desktop, artifacts=artifacts)
    try:
        yield started
    finally:
        stop_process(desktop)
        desktop_log.close()
        server.stop()
        if started.failed_step is None:
            shutil.rmtree(artifacts, ignore_errors=True)
        else:
            for log in (server.log, desktop_log_path):
                shutil.copy(log, artifacts / log.name)


@pytest.fixture(autouse=True)
def _steps_in_order(request: pytest.FixtureRequest) -> None:
    """A step after a failed one cannot start from where the person should be."""
    if "journey" not in request.fixturenames:
        return
    failed = request.getfixturevalue("journey").failed_step
    if failed is not None:
        pytest.skip(f"an earlier step failed: {failed}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    outcome = yield
    report = outcome.get_result()
    journey: Journey | None = getattr(item, "funcargs", {}).get("journey")
    if journey is None or not report.failed or journey.failed_step is not None:
        return
    journey.failed_step = item.name
    saved = _save_failure(journey, item.name)
    report.sections.append(("UI test artifacts", saved))
    print(f"\n{saved}", file=sys.stderr)


def _save_failure(journey: Journey, step: str) -> str:
    """Saves a screenshot and the app's accessibility tree; says where."""
    tree = journey.artifacts / f"{step}.tree.txt"
    tree.write_text(journey.app.dump() + "\n")
    screenshot = journey.artifacts / f"{step}.png"
    lines = [f"accessibility tree: {tree}"]
    if shutil.which("import"):
        taken = subprocess.run(
            ["import", "-window", "root", str(screenshot)], capture_output=True, text=True, timeout=30)
        lines.append(f"screenshot: {screenshot}" if taken.returncode == 0 else f"no screenshot: {taken.stderr.strip()}")
    else:
        lines.append("no screenshot: ImageMagick's `import` is not installed")
    lines.append(f"server and app logs: {journey.artifacts} (after the module ends)")
    return "\n".join(lines)
