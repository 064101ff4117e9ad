#!/usr/bin/python3
"""Drive xdg-desktop-portal-gnome's consent dialogs ("Screen Share", "Remote desktop") through AT-SPI.

Runs inside the session as its user (AT-SPI is reached through the session bus). As a script:

    portal_dialog.py share  [--select NAME] [--timeout S] [--title T] [--no-interaction]
                                                           press Share (after selecting the row
                                                           whose text has NAME; in "Remote desktop"
                                                           after turning "Allow remote
                                                           interaction" on)
    portal_dialog.py cancel [--timeout S] [--title T]      press Cancel
    portal_dialog.py shown  [--title T]                    exit 0 if a dialog is shown now, 1 if not
    portal_dialog.py wait-gone [--timeout S]               exit 0 once no dialog is shown
    portal_dialog.py dump                                  print the portal's accessible tree

--title defaults to any of the portal's dialogs. Exit codes: 0 done, 1 not shown (for
"shown"/"wait-gone"), 2 no dialog within the timeout, 3 the button or row was not found,
4 the action failed. What was found is printed on stdout (one JSON object), problems on stderr.

Importable: dialog_shown(), wait_dialog(), rows(), select_row(), accept(), cancel(), wait_gone().
GTK 4.8 names a mnemonic button by its label and its text, e.g. "_Share Share": a button
matches LABEL when its name is LABEL, "_LABEL", or ends with " LABEL".
"""
import argparse
import json
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

PORTAL_APP = "xdg-desktop-portal-gnome"
TITLES = ("Screen Share", "Remote desktop")   # compared case-insensitively
WINDOW_ROLES = ("frame", "dialog", "window", "alert")


class DialogError(Exception):
    code = 4


class DialogNotFound(DialogError):
    code = 2


class ControlNotFound(DialogError):
    code = 3


def _children(acc):
    try:
        n = acc.get_child_count()
    except Exception:
        return []
    out = []
    for i in range(n):
        try:
            c = acc.get_child_at_index(i)
        except Exception:
            c = None
        if c is not None:
            out.append(c)
    return out


def _info(acc):
    try:
        return acc.get_role_name(), acc.get_name() or ""
    except Exception:
        return None, ""


def _has(acc, iface: str) -> bool:
    """Does the accessible implement this AT-SPI interface ("Action", "Selection", ...)?"""
    try:
        return iface in acc.get_interfaces()
    except Exception:
        return False


def _showing(acc) -> bool:
    try:
        st = acc.get_state_set()
        return st.contains(Atspi.StateType.SHOWING) or st.contains(Atspi.StateType.VISIBLE)
    except Exception:
        return False


def apps():
    """(name, accessible) of every application on the AT-SPI desktop."""
    desktop = Atspi.get_desktop(0)
    return [(_info(a)[1], a) for a in _children(desktop)]


def portal_app():
    for name, a in apps():
        if name == PORTAL_APP:
            return a
    return None


def dialogs(title=None):
    """The portal's shown top-level windows: [(title, accessible)]."""
    app = portal_app()
    if app is None:
        return []
    found = []
    for w in _children(app):
        role, name = _info(w)
        wanted = [t.lower() for t in (TITLES if title is None else (title,))]
        if role in WINDOW_ROLES and _showing(w) and name.lower() in wanted:
            found.append((name, w))
    return found


def dialog_shown(title=None) -> bool:
    """Is a portal consent dialog (of this title: "Screen Share", "Remote desktop") shown now?"""
    return bool(dialogs(title))


def wait_dialog(timeout=10.0, title=None):
    deadline = time.monotonic() + timeout
    while True:
        d = dialogs(title)
        if d:
            return d[0]
        if time.monotonic() > deadline:
            seen = [n for n, _ in apps()]
            app = portal_app()
            wins = [_info(w) for w in _children(app)] if app else []
            raise DialogNotFound("no portal dialog %r within %.0f s; AT-SPI apps: %s; portal windows: %s"
                                 % (title or "/".join(TITLES), timeout, seen, wins))
        time.sleep(0.2)


def _walk(acc, depth=0, limit=40):
    yield depth, acc
    if depth < limit:
        for c in _children(acc):
            yield from _walk(c, depth + 1, limit)


def _text(acc) -> str:
    """The accessible's name and the names of all its descendants (a row's visible text)."""
    parts = []
    for _, a in _walk(acc, limit=8):
        n = _info(a)[1]
        if n and n not in parts:
            parts.append(n)
    return " ".join(parts)


def _button_matches(name: str, label: str) -> bool:
    return name in (label, "_" + label) or name.endswith(" " + label)


def find_button(dialog, label):
    for _, a in _walk(dialog):
        role, name = _info(a)
        if role in ("push button", "button", "toggle button") and _button_matches(name, label):
            return a
    return None


def rows(dialog):
    """[(text, row accessible, list accessible, index)] of the dialog's selectable rows."""
    out = []
    for _, a in _walk(dialog):
        role, _ = _info(a)
        if role in ("list", "list box", "tree", "table"):
            for i, r in enumerate(_children(a)):
                out.append((_text(r), r, a, i))
    return out


def page_tabs(dialog):
    """[(name, tab accessible, tab list accessible)]: "Single Window", "Entire Screen" when the
    request allows both kinds of source."""
    out = []
    for _, a in _walk(dialog):
        role, name = _info(a)
        if role == "page tab":
            out.append((name, a, a.get_parent()))
    return out


def show_tab(dialog, name):
    for tab_name, tab, parent in page_tabs(dialog):
        if tab_name == name:
            ok = _has(parent, "Selection") and Atspi.Selection.select_child(
                parent, tab.get_index_in_parent())
            if not ok and _has(tab, "Action"):
                ok = Atspi.Action.do_action(tab, 0)
            if not ok:
                raise DialogError("could not show the %r tab" % name)
            time.sleep(0.4)
            return
    raise ControlNotFound("no %r tab; tabs: %s" % (name, [t for t, *_ in page_tabs(dialog)]))


def _select_in(dialog, name):
    for text, row, lst, idx in rows(dialog):
        if name.lower() in text.lower():
            ok = _has(lst, "Selection") and Atspi.Selection.select_child(lst, idx)
            if not ok and _has(row, "Action") and Atspi.Action.get_n_actions(row) > 0:
                ok = Atspi.Action.do_action(row, 0)
            if not ok:
                raise DialogError("could not select row %r" % text)
            time.sleep(0.3)
            return text
    return None


def select_row(dialog, name):
    """Select the row whose text contains ``name`` (case-insensitive), e.g. a window's title or
    the monitor ("MetaVendor" for mutter's virtual monitor); returns the row's text.

    GTK exposes only the rows of the tab on show, so the other tabs are tried in turn."""
    text = _select_in(dialog, name)
    seen = [t for t, *_ in rows(dialog)]
    if text is None:
        for tab_name, _, _ in page_tabs(dialog):
            show_tab(dialog, tab_name)
            text = _select_in(dialog, name)
            if text is not None:
                break
            seen += [t for t, *_ in rows(dialog) if t not in seen]
    if text is None:
        raise ControlNotFound("no row with %r; rows: %s" % (name, seen))
    return text


def _ensure_sensitive(dialog, button):
    """Share stays insensitive until a source is chosen (e.g. nothing preselected): pick row 0."""
    if button.get_state_set().contains(Atspi.StateType.SENSITIVE):
        return None
    r = rows(dialog)
    if not r:
        raise DialogError("Share is insensitive and the dialog has no rows")
    text = select_row(dialog, r[0][0]) if r[0][0] else None
    if text is None:
        Atspi.Selection.select_child(r[0][2], r[0][3])
        time.sleep(0.3)
    return text or "(row 0)"


def press(dialog, label):
    btn = find_button(dialog, label)
    if btn is None:
        names = [_info(a)[1] for _, a in _walk(dialog) if _info(a)[0] in ("push button", "button")]
        raise ControlNotFound("no %r button; buttons: %s" % (label, names))
    if not _has(btn, "Action") or not Atspi.Action.do_action(btn, 0):
        raise DialogError("the %r button did not take the action" % label)
    return _info(btn)[1]


INTERACTION_SWITCH = "Allow remote interaction"


def set_switch(dialog, name, on=True):
    """Turn a switch / check box (e.g. "Allow remote interaction") on or off; returns whether it
    had to change."""
    for _, a in _walk(dialog):
        role, n = _info(a)
        if role in ("check box", "switch", "toggle button") and n == name:
            checked = a.get_state_set().contains(Atspi.StateType.CHECKED)
            if checked == on:
                return False
            if not _has(a, "Action") or not Atspi.Action.do_action(a, 0):
                raise DialogError("could not toggle %r" % name)
            deadline = time.monotonic() + 3
            while a.get_state_set().contains(Atspi.StateType.CHECKED) != on:
                if time.monotonic() > deadline:
                    raise DialogError("%r did not turn %s" % (name, "on" if on else "off"))
                time.sleep(0.1)
            return True
    raise ControlNotFound("no switch %r" % name)


def accept(select=None, timeout=10.0, title=None, button="Share", allow_interaction=True):
    """Wait for the dialog, optionally select a row, press Share. Returns what was done.

    In the "Remote desktop" dialog, ``allow_interaction`` sets its "Allow remote interaction"
    switch (off by default: without it the session gets no input devices, ``devices`` = 0)."""
    t, d = wait_dialog(timeout, title)
    done = {"dialog": t, "rows": [r[0] for r in rows(d)]}
    if select:
        done["selected"] = select_row(d, select)
    if allow_interaction is not None and t.lower() == "remote desktop":
        set_switch(d, INTERACTION_SWITCH, allow_interaction)
        done["interaction"] = allow_interaction
    btn = find_button(d, button) or find_button(d, "Share")
    if btn is not None and "selected" not in done:
        auto = _ensure_sensitive(d, btn)
        if auto:
            done["selected"] = auto
    done["pressed"] = press(d, button)
    return done


def cancel(timeout=10.0, title=None):
    t, d = wait_dialog(timeout, title)
    return {"dialog": t, "pressed": press(d, "Cancel")}


def wait_gone(timeout=10.0, title=None) -> bool:
    deadline = time.monotonic() + timeout
    while dialog_shown(title):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def dump(out=sys.stdout):
    for name, a in apps():
        print("app %r" % name, file=out)
        if name != PORTAL_APP:
            continue
        for depth, x in _walk(a):
            role, n = _info(x)
            print("  " * (depth + 1) + "%s: %r%s" % (role, n, "" if _showing(x) else " (hidden)"), file=out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("share", "cancel", "shown", "wait-gone", "dump"))
    ap.add_argument("--select", default=None)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--title", default=None)
    ap.add_argument("--button", default="Share", help="the accept button's label")
    ap.add_argument("--no-interaction", action="store_true",
                    help="Remote desktop dialog: leave 'Allow remote interaction' off")
    a = ap.parse_args()
    try:
        if a.cmd == "share":
            res = accept(a.select, a.timeout, a.title, a.button, not a.no_interaction)
        elif a.cmd == "cancel":
            res = cancel(a.timeout, a.title)
        elif a.cmd == "shown":
            d = dialogs(a.title)
            print(json.dumps({"shown": [t for t, _ in d]}))
            return 0 if d else 1
        elif a.cmd == "wait-gone":
            ok = wait_gone(a.timeout, a.title)
            print(json.dumps({"gone": ok}))
            return 0 if ok else 1
        else:
            dump()
            return 0
    except DialogError as e:
        print("%s: %s" % (type(e).__name__, e), file=sys.stderr)
        return e.code
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
