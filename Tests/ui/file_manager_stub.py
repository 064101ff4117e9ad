"""A stand-in for the desktop's file manager on the session bus: answers
org.freedesktop.FileManager1.ShowItems as GNOME Files does, and writes each
call's URIs, one per line, to the file named on the command line. Prints
"ready" once it owns its name.

Run with Debian's Python (python3-gi): python3 file_manager_stub.py RECORD
"""

from __future__ import annotations

import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowItems">
      <arg type="as" name="uris" direction="in"/>
      <arg type="s" name="startup_id" direction="in"/>
    </method>
  </interface>
</node>
"""


def main(record: str) -> None:
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)

    def called(_connection, _sender, _path, _interface, method, parameters, invocation) -> None:
        if method == "ShowItems":
            uris, _startup = parameters.unpack()
            with open(record, "a", encoding="utf-8") as out:
                out.writelines(uri + "\n" for uri in uris)
        invocation.return_value(None)

    def acquired(connection, _name) -> None:
        connection.register_object("/org/freedesktop/FileManager1", node.interfaces[0], called, None, None)

    def owned(_connection, _name) -> None:
        print("ready", flush=True)

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.NONE,
                     acquired, owned, lambda *_: sys.exit(1))
    GLib.MainLoop().run()


if __name__ == "__main__":
    main(sys.argv[1])
