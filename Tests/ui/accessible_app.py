"""Reading and driving a running GTK 4 app through its accessibility tree (AT-SPI).

Only what a screen-reader user could do: find widgets by role and name, read
their text, set an entry's text, and run their actions.

GTK 4.8 quirks handled here:
- `Text.getText(0, -1)` returns '' there: the character count is passed instead.
- Every widget of the window is in the tree, including the pages of a GtkStack
  that are not on screen and the child of a closed GtkRevealer; no child has
  the SHOWING state. A widget that has never been on screen has a zero size,
  which `has_been_on_screen` uses.
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, TypeVar

import pyatspi

T = TypeVar("T")

# Subtrees that only hold a widget's internals, never text a person reads.
_SKIPPED_ROLES = {"scroll bar"}


def role(accessible) -> str:
    return accessible.getRoleName()


def text_of(accessible) -> str:
    """The text of a label, entry or text view ('' when it has none)."""
    try:
        text = accessible.queryText()
    except NotImplementedError:
        return ""
    return text.getText(0, text.characterCount)


def is_named(accessible, wanted: str) -> bool:
    """Whether `accessible` is named `wanted`.

    GTK 4.8 joins a widget's own accessible label with the label it is
    related to, so a button made with a mnemonic and labelled "Send" is named
    "Send Send" and an entry labelled "Email" whose caption reads "Email *" is
    named "Email Email *". Both count as `wanted`; nothing else does.
    """
    name = accessible.name or ""
    if name == wanted:
        return True
    prefix = wanted + " "
    return name.startswith(prefix) and name[len(prefix):].rstrip(" *") == wanted


def descendants(root) -> Iterator:
    """`root` and everything below it, depth first; widgets that vanish while
    being read are skipped."""
    stack = [root]
    while stack:
        node = stack.pop()
        try:
            node_role = role(node)
            count = node.childCount
        except Exception:  # noqa: BLE001 - the widget was destroyed meanwhile
            continue
        yield node
        if node_role in _SKIPPED_ROLES:
            continue
        children = []
        for index in range(count):
            try:
                child = node.getChildAtIndex(index)
            except Exception:  # noqa: BLE001
                continue
            if child is not None:
                children.append(child)
        stack.extend(reversed(children))


def find_all(root, wanted_role: str, name: str | None = None, text: str | None = None) -> list:
    found = []
    for node in descendants(root):
        try:
            if role(node) != wanted_role:
                continue
            if name is not None and not is_named(node, name):
                continue
            if text is not None and text_of(node) != text:
                continue
        except Exception:  # noqa: BLE001
            continue
        found.append(node)
    return found


def has_state(accessible, state) -> bool:
    return accessible.getState().contains(state)


def save_window_picture(window, path: Path) -> bool:
    """Saves what `window` shows on the display as a PNG (ImageMagick's
    `import` of the screen, cut to the window's extents); whether it worked."""
    extents = window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    if extents.width <= 0 or extents.height <= 0:
        return False
    geometry = f"{extents.width}x{extents.height}+{extents.x}+{extents.y}"
    taken = subprocess.run(["import", "-window", "root", "-crop", geometry, "+repage", str(path)],
                           capture_output=True, text=True, timeout=30)
    return taken.returncode == 0


def has_been_on_screen(accessible) -> bool:
    """Whether GTK ever gave the widget a size (see the module's doc)."""
    extents = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return extents.width > 0 and extents.height > 0


def do_action(accessible, *names: str) -> None:
    """Runs the first of the accessible's actions called one of `names`."""
    actions = accessible.queryAction()
    available = [actions.getName(index) for index in range(actions.nActions)]
    for wanted in names:
        if wanted in available:
            if not actions.doAction(available.index(wanted)):
                raise AssertionError(f"the action {wanted!r} of {describe(accessible)} was refused")
            return
    raise AssertionError(f"{describe(accessible)} offers none of {names} (it has {available})")


def set_text(accessible, value: str) -> None:
    """Replaces the text of an editable widget, as typing would."""
    editable = accessible.queryEditableText()
    editable.deleteText(0, accessible.queryText().characterCount)
    editable.insertText(0, value, len(value.encode("utf-8")))
    if text_of(accessible) != value:
        raise AssertionError(f"{describe(accessible)} holds {text_of(accessible)!r} after typing {value!r}")


def describe(accessible) -> str:
    try:
        line = f"[{role(accessible)}] {accessible.name!r}"
    except Exception:  # noqa: BLE001
        return "[gone]"
    shown = text_of(accessible)
    if shown and shown != accessible.name:
        line += f" text={shown!r}"
    try:
        if accessible.description:
            line += f" description={accessible.description!r}"
    except Exception:  # noqa: BLE001
        pass
    return line


def dump(root, depth_limit: int = 40) -> str:
    """The tree below `root`, one widget a line, leaving out nameless,
    textless containers (their children are kept, one level up)."""
    lines: list[str] = []

    def walk(node, depth: int, indent: int) -> None:
        if depth > depth_limit:
            return
        try:
            node_role = role(node)
            count = node.childCount
            meaningful = bool(node.name) or bool(text_of(node)) or node_role in {
                "frame", "dialog", "push button", "text", "list item", "alert", "check box", "combo box"}
        except Exception:  # noqa: BLE001
            return
        if meaningful:
            lines.append("  " * indent + describe(node))
        if node_role in _SKIPPED_ROLES:
            return
        for index in range(count):
            try:
                child = node.getChildAtIndex(index)
            except Exception:  # noqa: BLE001
                continue
            if child is not None:
                walk(child, depth + 1, indent + (1 if meaningful else 0))

    walk(root, 0, 0)
    return "\n".join(lines)


@dataclass
class App:
    """A running application as seen through AT-SPI."""

    process_name: str
    process: subprocess.Popen[bytes] | None = None
    log: Path | None = None

    def exit_report(self) -> str | None:
        """Why waiting on the app is pointless: it has exited (with its output)."""
        if self.process is None or self.process.poll() is None:
            return None
        output = self.log.read_text(errors="replace")[-4000:] if self.log and self.log.exists() else ""
        return f"{self.process_name} exited with status {self.process.returncode}; its output:\n{output}"

    def root(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            try:
                application = desktop.getChildAtIndex(index)
                if application is not None and application.name == self.process_name:
                    return application
            except Exception:  # noqa: BLE001
                continue
        return None

    def windows(self) -> list:
        root = self.root()
        if root is None:
            return []
        return [window for window in (root.getChildAtIndex(i) for i in range(root.childCount)) if window is not None]

    def window(self, name_part: str):
        """The top-level window whose title contains `name_part`, or None."""
        for window in self.windows():
            try:
                if name_part in (window.name or ""):
                    return window
            except Exception:  # noqa: BLE001
                continue
        return None

    def dump(self) -> str:
        root = self.root()
        return dump(root) if root is not None else f"(no application named {self.process_name!r} on the AT-SPI bus)"


def wait_for(what: str, probe: Callable[[], T | None], app: App, timeout: float = 20.0, interval: float = 0.2) -> T:
    """Polls `probe` until it returns something truthy and returns that.

    Fails after `timeout` seconds with `what` and the app's tree. A probe that
    raises (a widget destroyed while being read) counts as "not yet".
    """
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while True:
        try:
            result = probe()
            if result:
                return result
        except Exception as error:  # noqa: BLE001
            last_error = error
        exited = app.exit_report()
        if exited:
            raise AssertionError(f"while waiting for: {what}: {exited}")
        if time.monotonic() >= deadline:
            break
        time.sleep(interval)
    detail = f" (last error: {last_error!r})" if last_error else ""
    raise AssertionError(
        f"after {timeout:g} s, still waiting for: {what}{detail}\n--- accessibility tree ---\n{app.dump()}")
