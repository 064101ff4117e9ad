"""The app as `./build.sh install PREFIX` leaves it, started from a folder
outside the source tree, read through its accessibility tree and the screen.

ASSIST_INSTALLED_PREFIX names the prefix (build.sh's test run installs into a
temporary one). Checks: the installed .desktop file and metainfo validate,
the man pages were generated from the commands' options; only template
mode's program links WebKitGTK; the installed app finds its data beside its
binary (the start page shows the app's own blue icon, nothing on stderr); a
copy of the binary with no data anywhere still starts, quietly, with an icon
from the icon theme; and one without template mode's program beside it, asked
for a chat template, says on its start page what to install.
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Iterator

import pyatspi
import pytest

from accessible_app import App, find_all, has_been_on_screen, has_state, text_of, wait_for
from conftest import _require_session, stop_process

APP_ID = "dev.assist.Desktop"


@pytest.fixture(scope="module")
def prefix() -> Path:
    named = os.environ.get("ASSIST_INSTALLED_PREFIX")
    if not named:
        pytest.fail("ASSIST_INSTALLED_PREFIX is not set: install with `./build.sh install PREFIX` and name PREFIX "
                    "(./build.sh test does both)", pytrace=False)
    return Path(named)


def run_checked(arguments: list[str]) -> str:
    checked = subprocess.run(arguments, capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, f"{' '.join(arguments)} failed:\n{checked.stdout}{checked.stderr}"
    return checked.stdout + checked.stderr


def test_desktop_file_and_metainfo_validate(prefix: Path) -> None:
    run_checked(["desktop-file-validate", str(prefix / "share/applications" / f"{APP_ID}.desktop")])
    output = run_checked(["appstreamcli", "validate", "--no-net", str(prefix / "share/metainfo" / f"{APP_ID}.metainfo.xml")])
    assert "Validation was successful" in output


def test_translations_are_installed_with_the_menu_entry_and_metainfo_in_german(prefix: Path) -> None:
    assert (prefix / "share/locale/de/LC_MESSAGES/assist.mo").is_file(), "the German catalog is not installed"
    entry = (prefix / "share/applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert "Comment[de]=Mit einem Support-Mitarbeiter chatten und auf Wunsch das Fenster dieser App teilen" in entry
    assert "Keywords[de]=Hilfe;Support;Chat;Mitarbeiter;Co-Browsing;" in entry
    metainfo = (prefix / "share/metainfo" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    assert ('<summary xml:lang="de">Mit einem Support-Mitarbeiter chatten und ihn auf Wunsch diese App sehen lassen'
            '</summary>') in metainfo


def test_icons_are_in_hicolor_at_every_size(prefix: Path) -> None:
    icons = prefix / "share/icons/hicolor"
    assert (icons / "scalable/apps" / f"{APP_ID}.svg").is_file()
    for size in (16, 24, 32, 48, 64, 96, 128, 192, 256, 512):
        picture = icons / f"{size}x{size}/apps/{APP_ID}.png"
        measured = run_checked(["identify", "-format", "%wx%h", str(picture)])
        assert measured == f"{size}x{size}", f"{picture} is {measured}"


def test_man_pages_are_generated_from_the_commands(prefix: Path) -> None:
    desktop = gzip.decompress((prefix / "share/man/man1/assist-desktop.1.gz").read_bytes()).decode()
    server = gzip.decompress((prefix / "share/man/man1/assist-server.1.gz").read_bytes()).decode()
    web = gzip.decompress((prefix / "share/man/man1/assist-desktop-web.1.gz").read_bytes()).decode()
    # mdoc writes an option as `Fl -name`: the flag macro adds the first dash.
    assert ".Dt ASSIST-DESKTOP 1" in desktop and "Fl -server" in desktop and "Fl -set" in desktop
    assert ".Dt ASSIST-SERVER 1" in server and "Fl -grace-period" in server and "Fl -shutdown-timeout" in server
    assert ".Dt ASSIST-DESKTOP-WEB 1" in web and "Fl -chat-url" in web


def test_only_template_modes_program_links_webkit(prefix: Path) -> None:
    def needed(program: str) -> str:
        return run_checked(["readelf", "-d", str(prefix / "bin" / program)])
    assert "libwebkitgtk-6.0" not in needed("assist-desktop")
    assert "libwebkitgtk-6.0" in needed("assist-desktop-web")


def test_server_unit_points_at_the_installed_server(prefix: Path) -> None:
    unit = (prefix / "lib/systemd/system/assist-server.service").read_text()
    assert f"ExecStart={prefix}/bin/assist-server " in unit


# GTK 4.8 says this on stderr each time an AT-SPI client asks a widget for its
# extents in screen coordinates, as these tests do to find the icon on screen:
# the test's doing, not the app's.
_ATSPI_EXTENTS_WARNING = "Screen coordinates not supported, reported positions will be wrong"


def complaints(stderr: Path) -> str:
    """What the app wrote to stderr, but for the warnings the test's own reading causes."""
    lines = [line for line in stderr.read_text().splitlines() if line and _ATSPI_EXTENTS_WARNING not in line]
    return "\n".join(lines)


class StartedApp:
    """The app started with `binary` from `folder`, its stderr kept apart."""

    def __init__(self, binary: Path, folder: Path, arguments: tuple[str, ...] = ()) -> None:
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("GTK_A11Y", "ASSIST_DATA_DIR")}
        environment["XDG_CONFIG_HOME"] = str(folder / "config")
        environment["XDG_STATE_HOME"] = str(folder / "state")
        self.stderr_path = folder / "stderr.log"
        self.stdout_path = folder / "stdout.log"
        with self.stderr_path.open("wb") as stderr, self.stdout_path.open("wb") as stdout:
            self.process = subprocess.Popen([str(binary), "--server", "http://127.0.0.1:9", *arguments], stdout=stdout,
                                            stderr=stderr, env=environment, cwd=folder, start_new_session=True)
        self.app = App(binary.name, process=self.process, log=self.stderr_path)

    def start_page_icon(self):
        """The start page's image once the page is on screen."""
        def probe():
            window = self.app.window("Assist")
            if window is None or not find_all(window, "push button", name="Get help"):
                return None
            images = [image for image in find_all(window, "image") if has_been_on_screen(image)]
            return images[0] if images else None
        return wait_for("the start page with its icon", probe, self.app, timeout=30)

    def stop(self) -> None:
        stop_process(self.process)


@pytest.fixture
def elsewhere(tmp_path: Path) -> Iterator[Path]:
    _require_session()
    folder = tmp_path / "somewhere-else"
    folder.mkdir()
    yield folder


def icon_picture(icon, path: Path) -> Path:
    """Saves what the screen shows where `icon` draws: the image widget spans
    the page's width and draws its square icon in the middle."""
    import pyatspi
    extents = icon.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    side = min(extents.width, extents.height)
    left = extents.x + (extents.width - side) // 2
    top = extents.y + (extents.height - side) // 2
    geometry = f"{side}x{side}+{left}+{top}"
    run_checked(["import", "-window", "root", "-crop", geometry, "+repage", str(path)])
    return path


def share_of_app_blue(picture: Path) -> float:
    """The share of the picture's pixels in the app icon's blue (#3584e4 to #1c57b8)."""
    measured = run_checked(["convert", str(picture), "-fx", "(b > 0.6 && b > r + 0.3 && b > g + 0.1) ? 1 : 0",
                            "-format", "%[fx:mean]", "info:"])
    return float(measured)


def test_installed_app_run_elsewhere_shows_its_icon_and_warns_nothing(prefix: Path, elsewhere: Path) -> None:
    started = StartedApp(prefix / "bin/assist-desktop", elsewhere)
    try:
        icon = started.start_page_icon()
        title = [text_of(label) for label in find_all(started.app.window("Assist"), "label")]
        assert "Get help from a support agent" in title
        # The app's own icon: most of its square is the icon's blue; a broken image has none.
        blue = share_of_app_blue(icon_picture(icon, elsewhere / "icon.png"))
        assert blue > 0.35, f"the start page's icon is not the app's ({blue:.0%} of it in the app's blue)"
        time.sleep(1)  # anything the app would complain about after the first frame
        assert started.process.poll() is None, "the installed app exited"
    finally:
        started.stop()
    assert complaints(started.stderr_path) == "", f"the installed app wrote to stderr:\n{complaints(started.stderr_path)}"


def test_app_without_any_data_starts_quietly_with_a_themed_icon(prefix: Path, elsewhere: Path) -> None:
    lonely = elsewhere / "bin/assist-desktop"
    lonely.parent.mkdir()
    shutil.copy(prefix / "bin/assist-desktop", lonely)
    started = StartedApp(lonely, elsewhere)
    try:
        icon = started.start_page_icon()
        picture = icon_picture(icon, elsewhere / "icon.png")
        # Not the app's icon (it is nowhere), but something drawn: a themed help icon, not an empty square.
        assert share_of_app_blue(picture) < 0.1
        deviation = float(run_checked(["identify", "-format", "%[fx:standard_deviation]", str(picture)]))
        assert deviation > 0.05, "the start page's icon is blank"
        time.sleep(1)
        assert started.process.poll() is None, "the app without data exited"
    finally:
        started.stop()
    assert complaints(started.stderr_path) == "", f"the app without data wrote to stderr:\n{complaints(started.stderr_path)}"


def test_app_asked_for_a_template_without_the_web_program_says_what_to_install(prefix: Path, elsewhere: Path) -> None:
    lonely = elsewhere / "bin/assist-desktop"
    lonely.parent.mkdir()
    shutil.copy(prefix / "bin/assist-desktop", lonely)
    template = "http://127.0.0.1:9/system/templates/chat/assist/index.html?entryPointId=support"
    started = StartedApp(lonely, elsewhere, ("--chat-url", template))
    try:
        started.start_page_icon()
        window = started.app.window("Assist")
        said = [text_of(label) for label in find_all(window, "label")]
        expected = (f"Template mode (chatTemplateURL) needs the program assist-desktop-web, which is not installed in "
                    f"{lonely.parent}. Install the assist-web package, or remove chatTemplateURL from the settings to "
                    "use the app's own chat.")
        assert expected in said, said
        # The app's own chat stays at hand: the server is configured, so Get help works.
        assert has_state(find_all(window, "push button", name="Get help")[0], pyatspi.STATE_SENSITIVE)
    finally:
        started.stop()
    assert complaints(started.stderr_path) == f"assist-desktop: {expected}"
