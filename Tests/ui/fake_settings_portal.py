"""A stand-in for xdg-desktop-portal's Settings interface on the session bus,
holding only `org.freedesktop.appearance` `color-scheme`, for the dark-style
UI test.

Run with Debian's Python (it has GObject introspection). It owns
`org.freedesktop.portal.Desktop`, prints `ready` once it does, and reads
lines from stdin: `color-scheme N` sets the value and emits
`SettingChanged`, as the real portal does when the person switches style.
`Read` answers the way xdg-desktop-portal 1.16 (Debian 12) does: the value
wrapped in a variant inside the reply's variant.
"""

from __future__ import annotations

import sys
import threading

from gi.repository import Gio, GLib

NAMESPACE = "org.freedesktop.appearance"
KEY = "color-scheme"
INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="ReadAll"><arg type="as" name="namespaces" direction="in"/>
      <arg type="a{sa{sv}}" name="value" direction="out"/></method>
    <method name="Read"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/></method>
    <method name="ReadOne"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/></method>
    <signal name="SettingChanged"><arg type="s" name="namespace"/><arg type="s" name="key"/>
      <arg type="v" name="value"/></signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"


class FakePortal:
    def __init__(self, color_scheme: int) -> None:
        self.color_scheme = color_scheme
        self.connection: Gio.DBusConnection | None = None
        self.info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]

    def on_call(self, connection, sender, path, interface, method, parameters, invocation) -> None:
        if method in ("Read", "ReadOne"):
            namespace, key = parameters.unpack()
            if (namespace, key) != (NAMESPACE, KEY):
                invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
                return
            value = GLib.Variant("u", self.color_scheme)
            wrapped = GLib.Variant("v", value) if method == "Read" else value
            invocation.return_value(GLib.Variant("(v)", (wrapped,)))
        elif method == "ReadAll":
            invocation.return_value(GLib.Variant("(a{sa{sv}})", ({NAMESPACE: {KEY: GLib.Variant("u", self.color_scheme)}},)))

    def on_get_property(self, connection, sender, path, interface, name):
        return GLib.Variant("u", 2) if name == "version" else None

    def on_bus(self, connection: Gio.DBusConnection, name: str) -> None:
        self.connection = connection
        connection.register_object(PATH, self.info, self.on_call, self.on_get_property, None)

    def set_color_scheme(self, value: int) -> bool:
        self.color_scheme = value
        assert self.connection is not None
        self.connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                                    GLib.Variant("(ssv)", (NAMESPACE, KEY, GLib.Variant("u", value))))
        print(f"color-scheme {value}", flush=True)
        return False


def main() -> None:
    portal = FakePortal(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    loop = GLib.MainLoop()

    def acquired(connection, name) -> None:
        print("ready", flush=True)

    def lost(connection, name) -> None:
        print(f"could not own {name}", file=sys.stderr, flush=True)
        loop.quit()

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                     portal.on_bus, acquired, lost)

    def read_commands() -> None:
        for line in sys.stdin:
            words = line.split()
            if len(words) == 2 and words[0] == KEY:
                GLib.idle_add(portal.set_color_scheme, int(words[1]))
        GLib.idle_add(loop.quit)

    threading.Thread(target=read_commands, daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
