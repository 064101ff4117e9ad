# Sourced by build.sh: `./build.sh package-check` (as root: debootstrap, chroot
# and bind mounts need it). What a person would do on a fresh Debian 12:
#   1. a fresh Debian 12 root made with debootstrap, in a throw-away folder
#      (the debootstrapped base and the downloaded .debs are kept in
#      .build-package-check, so a rerun takes a copy instead of a download);
#   2. apt-get install ./assist_VERSION_amd64.deb ./assist-server_VERSION_amd64.deb in it;
#   3. assist-server from the package started there (with its demo agent),
#      and assist-desktop from the package against it, on an Xvfb display of
#      this machine (the chroot sees its socket, as a desktop session's app
#      would) with a session bus of its own;
#   4. the app starts support; the check waits for the server to count an
#      active session, then takes a screenshot into
#      .build-package-check/app-in-debian-12.png and fails on anything the app
#      wrote to stderr;
#   5. WebKitGTK must not be installed yet (assist does not need it); then
#      apt-get install ./assist-web_VERSION_amd64.deb, and assist-desktop with
#      --chat-url (the server's chat template, the customer's data from a
#      configuration file so the page starts the chat) must become
#      assist-desktop-web, reach the demo agent and show the page:
#      .build-package-check/app-template-in-debian-12.png.
# `./build.sh package` runs first when the .debs are missing.

PACKAGE_CHECK_CACHE=.build-package-check
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

# The debootstrapped Debian 12 base, made once (minbase: apt, dpkg, no more).
package_check_base() {
    local base=$PACKAGE_CHECK_CACHE/base
    if [ ! -x "$base/usr/bin/apt-get" ]; then
        rm -rf "$base.tmp"
        log "debootstrap: a Debian 12 base in $base (once; later runs copy it)"
        debootstrap --variant=minbase bookworm "$base.tmp" "$DEBIAN_MIRROR" >"$PACKAGE_CHECK_CACHE/debootstrap.log" 2>&1 ||
            { tail -n 20 "$PACKAGE_CHECK_CACHE/debootstrap.log" >&2; log "debootstrap failed"; return 1; }
        rm -rf "$base"
        mv "$base.tmp" "$base"
    fi
    echo "$base"
}

cmd_package_check() {
    local version root base display_number xvfb_pid bus_pid server_url server_pid desktop_pid status=0 active="" reached
    [ "$(id -u)" -eq 0 ] || { log "package-check needs root (debootstrap, chroot, mount)"; exit 1; }
    version=$(assist_version)
    [ -f ".build-package/assist_${version}_amd64.deb" ] && [ -f ".build-package/assist-web_${version}_amd64.deb" ] &&
        [ -f ".build-package/assist-server_${version}_amd64.deb" ] || cmd_package
    mkdir -p "$PACKAGE_CHECK_CACHE/archives/partial"
    base=$(package_check_base)
    # Global, not local: the EXIT trap reads it after the function's locals are gone.
    package_check_root=$(mktemp -d "$PWD/$PACKAGE_CHECK_CACHE/root.XXXXXX")
    root=$package_check_root
    package_check_pids=()
    trap 'package_check_cleanup' EXIT
    trap 'exit 130' INT TERM HUP
    cp -a "$base/." "$root/"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    # The root a mount point of its own, as / is on a real system: WebKit's sandbox
    # (bwrap, in template mode) makes / a slave mount and fails on a plain folder.
    mount --bind "$root" "$root"
    mount -t proc proc "$root/proc"
    mount --bind /dev "$root/dev"
    mount --bind /sys "$root/sys"
    mount --bind "$PACKAGE_CHECK_CACHE/archives" "$root/var/cache/apt/archives"
    mkdir -p "$root/tmp/.X11-unix" "$root/check"
    mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
    cp ".build-package/assist_${version}_amd64.deb" ".build-package/assist-web_${version}_amd64.deb" \
        ".build-package/assist-server_${version}_amd64.deb" "$root/check/"

    log "apt-get install ./assist_${version}_amd64.deb ./assist-server_${version}_amd64.deb in a fresh Debian 12 root ($root)"
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$root/check/apt.log" 2>&1
    chroot "$root" env DEBIAN_FRONTEND=noninteractive sh -c \
        "cd /check && apt-get install -y -q ./assist_${version}_amd64.deb ./assist-server_${version}_amd64.deb" \
        >>"$root/check/apt.log" 2>&1 || { tail -n 30 "$root/check/apt.log" >&2; log "apt-get install failed"; return 1; }
    log "installed: $(chroot "$root" dpkg-query -W -f='${Package} ${Version}, ' assist assist-server) $(grep -c '^Setting up' "$root/check/apt.log") packages set up"

    display_number=$((400 + $$ % 200))
    Xvfb ":$display_number" -screen 0 1024x768x24 -nolisten tcp >"$root/check/xvfb.log" 2>&1 &
    xvfb_pid=$!
    package_check_pids+=("$xvfb_pid")
    for _ in $(seq 1 50); do [ -S "/tmp/.X11-unix/X$display_number" ] && break; sleep 0.1; done
    dbus-daemon --session --address="unix:path=$root/check/bus" --nofork --print-pid >"$root/check/bus.pid" 2>"$root/check/bus.log" &
    bus_pid=$!
    package_check_pids+=("$bus_pid")
    for _ in $(seq 1 50); do [ -S "$root/check/bus" ] && break; sleep 0.1; done

    chroot "$root" /usr/bin/assist-server --host 127.0.0.1 --port 0 --demo-agent \
        --database /var/lib/assist-server/assist-server.sqlite --agents /etc/assist/agents.json \
        >"$root/check/server.url" 2>"$root/check/server.log" &
    server_pid=$!
    package_check_pids+=("$server_pid")
    server_url=$(server_url "$root/check/server.url" "$server_pid") ||
        { cat "$root/check/server.log" >&2; log "the packaged assist-server did not start"; return 1; }
    log "assist-server from the package: $server_url"

    chroot "$root" env -i HOME=/root PATH=/usr/bin:/bin DISPLAY=":$display_number" GTK_A11Y=none \
        DBUS_SESSION_BUS_ADDRESS=unix:path=/check/bus XDG_RUNTIME_DIR=/tmp LANG=C.UTF-8 \
        /usr/bin/assist-desktop --server "$server_url" --set destination=support --set autoStart=true \
        >"$root/check/desktop.out" 2>"$root/check/desktop.err" &
    desktop_pid=$!
    package_check_pids+=("$desktop_pid")
    for _ in $(seq 1 300); do
        active=$(curl -sf "$server_url/metrics" | sed -n 's/^assist_sessions_active \([0-9]*\).*/\1/p')
        [ "${active:-0}" -ge 1 ] && break
        kill -0 "$desktop_pid" 2>/dev/null || break
        sleep 0.2
    done
    # The demo agent greets within a second of taking the session; give the window that second.
    sleep 2
    import -display ":$display_number" -window root "$PACKAGE_CHECK_CACHE/app-in-debian-12.png"
    if [ "${active:-0}" -lt 1 ]; then
        log "the packaged app did not reach an agent (server log: $root/check/server.log)"; status=1
    fi
    if ! kill -0 "$desktop_pid" 2>/dev/null; then log "the packaged app exited early"; status=1; fi
    if [ -s "$root/check/desktop.err" ]; then
        log "the packaged app wrote to stderr:"; cat "$root/check/desktop.err" >&2; status=1
    fi
    log "screenshot: $PACKAGE_CHECK_CACHE/app-in-debian-12.png"
    package_check_template_mode "$root" "$version" "$display_number" "$server_url" "$desktop_pid" || status=1
    log "package-check $([ "$status" -eq 0 ] && echo passed || echo FAILED)"
    return "$status"
}

# Sessions the server has handed to an agent so far: active ones and ended ones.
sessions_reached() {
    curl -sf "$1/metrics" | awk '/^assist_sessions_(active|ended)(_total)?[ {]/ { sum += $NF } END { print sum + 0 }'
}

# Step 5: root $1, version $2, display $3, server URL $4, the native app's PID $5.
package_check_template_mode() {
    local root=$1 version=$2 display_number=$3 server_url=$4 native_pid=$5 before after="" program="" status=0 template_pid
    local complaints
    if chroot "$root" dpkg-query -W -f='${Status}' libwebkitgtk-6.0-4 2>/dev/null | grep -q installed; then
        log "assist pulled in WebKitGTK (libwebkitgtk-6.0-4), which only assist-web needs"; status=1
    fi
    # One instance per session bus: the native app goes before template mode starts.
    kill "$native_pid" 2>/dev/null; wait "$native_pid" 2>/dev/null
    chroot "$root" env DEBIAN_FRONTEND=noninteractive sh -c "cd /check && apt-get install -y -q ./assist-web_${version}_amd64.deb" \
        >>"$root/check/apt.log" 2>&1 || { tail -n 30 "$root/check/apt.log" >&2; log "apt-get install assist-web failed"; return 1; }
    log "installed: $(chroot "$root" dpkg-query -W -f='${Package} ${Version}' assist-web), with $(chroot "$root" dpkg-query -W -f='${Package} ${Version}' libwebkitgtk-6.0-4)"
    printf '{"customerData": {"visitorName": "Ada", "question": "Where is my order?"}}\n' >"$root/check/template.json"
    # WebKit's sandbox (bwrap) binds the AT-SPI bus's folder, which a desktop session's
    # accessibility bus has made by then; this root has never run one.
    mkdir -p "$root/root/.cache/at-spi"
    before=$(sessions_reached "$server_url")
    chroot "$root" env -i HOME=/root PATH=/usr/bin:/bin DISPLAY=":$display_number" GTK_A11Y=none \
        DBUS_SESSION_BUS_ADDRESS=unix:path=/check/bus XDG_RUNTIME_DIR=/tmp LANG=C.UTF-8 \
        /usr/bin/assist-desktop --server "$server_url" --config /check/template.json \
        --chat-url "$server_url/system/templates/chat/assist/index.html?entryPointId=support&postChatAttributes=true" \
        >"$root/check/template.out" 2>"$root/check/template.err" &
    template_pid=$!
    package_check_pids+=("$template_pid")
    for _ in $(seq 1 300); do
        after=$(sessions_reached "$server_url")
        [ "${after:-0}" -gt "$before" ] && break
        kill -0 "$template_pid" 2>/dev/null || break
        sleep 0.2
    done
    program=$(readlink "/proc/$template_pid/exe" 2>/dev/null || true)
    sleep 2
    import -display ":$display_number" -window root "$PACKAGE_CHECK_CACHE/app-template-in-debian-12.png"
    case "$program" in
    */usr/bin/assist-desktop-web) ;;
    *) log "assist-desktop --chat-url did not become assist-desktop-web (it runs '${program:-nothing}')"; status=1 ;;
    esac
    if [ "${after:-0}" -le "$before" ]; then log "the template mode's chat did not reach an agent"; status=1; fi
    # WebKit's web process (in its sandbox, "process:N") looks for a system bus and an
    # accessibility bus, which a desktop session has and this root has not; all else fails.
    complaints=$(grep -vE '^$|\(process:[0-9]+\): WARNING \*\*: .*(Failed to connect to bus: Could not connect|Can.t connect to a11y bus)' \
        "$root/check/template.err" || true)
    if [ -n "$complaints" ]; then
        log "template mode wrote to stderr:"; printf '%s\n' "$complaints" >&2; status=1
    fi
    log "screenshot: $PACKAGE_CHECK_CACHE/app-template-in-debian-12.png"
    return "$status"
}

# Stops what package-check started, unmounts and removes the throw-away root.
package_check_cleanup() {
    local pid mount_point
    for pid in "${package_check_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${package_check_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    [ -n "${package_check_root:-}" ] && [ -d "$package_check_root" ] || return 0
    for mount_point in tmp/.X11-unix var/cache/apt/archives sys dev proc .; do
        mountpoint -q "$package_check_root/$mount_point" && umount -l "$package_check_root/$mount_point"
    done
    rm -rf --one-file-system "$package_check_root"
}
