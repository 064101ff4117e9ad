#!/usr/bin/python3
"""Drive Assist's own windows through AT-SPI, inside the session as its user.

    app_window.py press LABEL [--timeout S]   press the first shown button named LABEL in any
                                             application but the portal's (GTK 4.8 names a
                                             mnemonic button "_Label Label")
    app_window.py wait-text TEXT [--timeout S]  exit 0 once a shown label or text holds TEXT
    app_window.py check LABEL [--timeout S]     turn on the shown switch or check box named LABEL (left on if it is)
    app_window.py is-checked LABEL [--timeout S]  exit 0 if the shown switch or check box LABEL is on, 1 if not

Exit codes: 0 done, 2 not found within the timeout, 4 the action failed. What was found
is printed on stdout, problems on stderr.
"""
import argparse
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from portal_dialog import PORTAL_APP, _button_matches, _children, _info, _showing, _walk, apps  # noqa: E402


def _candidates():
    for name, app in apps():
        if name == PORTAL_APP:
            continue
        for _, accessible in _walk(app, limit=60):
            yield name, accessible


def find_button(label, roles=("push button", "button")):
    for app, accessible in _candidates():
        role, name = _info(accessible)
        if role in roles and _button_matches(name, label) and _showing(accessible):
            return app, accessible
    return None, None


def is_checked(accessible) -> bool:
    return accessible.get_state_set().contains(Atspi.StateType.CHECKED)


def shown_texts():
    texts = []
    for _, accessible in _candidates():
        role, name = _info(accessible)
        if role in ("label", "text", "heading", "status bar") and _showing(accessible):
            if name:
                texts.append(name)
            try:
                text = accessible.get_text_iface()
                if text is not None:
                    texts.append(text.get_text(0, text.get_character_count()))
            except Exception:
                pass
    return texts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=("press", "wait-text", "check", "is-checked"))
    parser.add_argument("value")
    parser.add_argument("--timeout", type=float, default=20.0)
    arguments = parser.parse_args()
    deadline = time.monotonic() + arguments.timeout
    while True:
        if arguments.command == "press":
            app, button = find_button(arguments.value)
            if button is not None:
                action = button.get_action_iface()
                if action is None or not action.do_action(0):
                    print("the button %r of %s did not act" % (arguments.value, app), file=sys.stderr)
                    return 4
                print("pressed %r in %s" % (arguments.value, app))
                return 0
        elif arguments.command in ("check", "is-checked"):
            app, box = find_button(arguments.value, roles=("check box", "switch", "toggle button"))
            if box is not None:
                if arguments.command == "is-checked":
                    return 0 if is_checked(box) else 1
                if not is_checked(box) and not box.get_action_iface().do_action(0):
                    print("the check box %r of %s did not act" % (arguments.value, app), file=sys.stderr)
                    return 4
                print("ticked %r in %s" % (arguments.value, app))
                return 0
        else:
            found = [text for text in shown_texts() if arguments.value in text]
            if found:
                print(found[0])
                return 0
        if time.monotonic() > deadline:
            print("not found within %.0f s: %r; applications: %s" % (
                arguments.timeout, arguments.value, [name for name, _ in apps()]), file=sys.stderr)
            return 2
        time.sleep(0.2)


if __name__ == "__main__":
    sys.exit(main())
