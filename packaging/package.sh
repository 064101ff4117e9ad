# Sourced by build.sh: `./build.sh package`. Three Debian 12 packages, built
# with dpkg-deb from a release install under /usr (Swift's runtime linked
# statically, so no Swift package is needed on the machine):
#   assist         the desktop app, its data, icons, .desktop file, metainfo, man page
#   assist-web     assist-desktop-web, the app's template mode: the one program
#                  that links WebKitGTK, so that assist alone does not pull it in
#   assist-server  the support server, the agent console, the systemd unit, /etc/assist/agents.json
# Dependencies come from dpkg-shlibdeps, plus what the binaries load at run
# time that no ELF header names. Then lintian, desktop-file-validate and
# appstreamcli validate run on the result; any error fails the command.
# Output: .build-package/assist_VERSION_amd64.deb, assist-web_… and assist-server_….

PACKAGE_MAINTAINER="Assist developers <maintainers@users.noreply.a-seed-4a86e23f.example>"
PACKAGE_HOMEPAGE="https://assist.dev/"

# What the app loads at run time that dpkg-shlibdeps cannot see: GStreamer's
# plugins for calls (webrtcbin, ICE, VP8, Opus, test sources) and the SVG
# loader for symbolic icons.
DESKTOP_RUNTIME_DEPENDS="gstreamer1.0-plugins-base, gstreamer1.0-plugins-good, gstreamer1.0-plugins-bad, gstreamer1.0-nice, librsvg2-common"

# The files of each package, as paths under the install root (/usr, /etc, /lib).
desktop_package_files() {
    cat <<EOF
usr/bin/assist-desktop
usr/share/assist/assist.css
usr/share/assist/assist.json
usr/share/assist/prechat
usr/share/assist/icons
usr/share/applications
usr/share/icons
usr/share/metainfo
usr/share/locale
usr/share/man/man1/assist-desktop.1.gz
EOF
}

web_package_files() {
    cat <<EOF
usr/bin/assist-desktop-web
usr/share/man/man1/assist-desktop-web.1.gz
EOF
}

server_package_files() {
    cat <<EOF
usr/bin/assist-server
usr/share/assist/console
usr/share/assist/templates
usr/share/man/man1/assist-server.1.gz
lib/systemd/system/assist-server.service
etc/assist/agents.json
etc/default/assist-server
EOF
}

# Moves the listed paths from the install root $1 into the package root $2.
split_package_files() {
    local from=$1 to=$2 path
    while read -r path; do
        mkdir -p "$to/$(dirname "$path")"
        cp -a "$from/$path" "$to/$path"
    done
}

# The Depends of the ELF files in package root $1 (dpkg-shlibdeps), with $2 added.
shlib_depends() {
    local package_root=$1 extra=$2 work files depends
    work=$(mktemp -d)
    mkdir -p "$work/debian"
    printf 'Source: assist\n\nPackage: assist\nArchitecture: any\n' >"$work/debian/control"
    mapfile -t files < <(find "$PWD/$package_root/usr/bin" -type f)
    depends=$(cd "$work" && dpkg-shlibdeps -O --warnings=1 "${files[@]}" | sed -n 's/^shlibs:Depends=//p')
    rm -rf "$work"
    printf '%s%s\n' "$depends" "${extra:+, $extra}"
}

# The Debian changelog of a native package, made from the metainfo's releases.
write_changelog() {
    local package=$1 target=$2
    /usr/bin/python3 - "packaging/$APP_ID.metainfo.xml" "$package" "$PACKAGE_MAINTAINER" >"$target" <<'PYTHON'
import sys, textwrap, xml.etree.ElementTree as tree
from email.utils import format_datetime
from datetime import datetime, timezone
metainfo, package, maintainer = sys.argv[1:4]
for release in tree.parse(metainfo).getroot().iter("release"):
    print(f"{package} ({release.get('version')}) unstable; urgency=medium\n")
    for item in release.iter("li"):
        print(textwrap.fill(" ".join(item.text.split()), width=80, initial_indent="  * ", subsequent_indent="    "))
    when = datetime.strptime(release.get("date"), "%Y-%m-%d").replace(tzinfo=timezone.utc)
    print(f"\n -- {maintainer}  {format_datetime(when)}\n")
PYTHON
}

# Writes package $1's lintian overrides into package root $2: the findings
# that are so by design, each with its reason (read from stdin).
write_lintian_overrides() {
    local package=$1 root=$2
    install -d -m 755 "$root/usr/share/lintian/overrides"
    cat >"$root/usr/share/lintian/overrides/$package"
    chmod 644 "$root/usr/share/lintian/overrides/$package"
}

# The machine-readable copyright file of both packages.
write_copyright() {
    cat >"$1" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Assist
Source: $PACKAGE_HOMEPAGE

Files: *
Copyright: 2026 The Assist developers
License: LicenseRef-proprietary
 No licence has been granted for Assist's code; all rights are reserved by
 its developers. Swift's runtime, linked into the programs, is under the
 Apache License 2.0 with the Runtime Library Exception.
EOF
}

# Writes DEBIAN/ and the documentation of package root $1 for package $2
# (Description synopsis $3, long description $4, Section $5, Depends $6), and
# builds the .deb into .build-package.
assemble_package() {
    local root=$1 package=$2 synopsis=$3 description=$4 section=$5 depends=$6 version size
    version=$(assist_version)
    install -d -m 755 "$root/DEBIAN" "$root/usr/share/doc/$package"
    write_copyright "$root/usr/share/doc/$package/copyright"
    write_changelog "$package" "$root/usr/share/doc/$package/changelog"
    gzip -9n "$root/usr/share/doc/$package/changelog"
    find "$root" -type d -exec chmod 755 {} +
    size=$(du -k -s --exclude=DEBIAN "$root" | cut -f1)
    {
        printf 'Package: %s\nVersion: %s\nArchitecture: amd64\nMaintainer: %s\n' "$package" "$version" "$PACKAGE_MAINTAINER"
        printf 'Installed-Size: %s\nDepends: %s\nSection: %s\nPriority: optional\nHomepage: %s\n' \
            "$size" "$depends" "$section" "$PACKAGE_HOMEPAGE"
        printf 'Description: %s\n%s\n' "$synopsis" "$(printf '%s\n' "$description" | fold -s -w 78 | sed 's/ *$//; s/^/ /')"
    } >"$root/DEBIAN/control"
    (cd "$root" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\n' | LC_ALL=C sort |
        xargs md5sum) >"$root/DEBIAN/md5sums"
    if [ -d "$root/etc" ]; then (cd "$root" && find etc -type f -printf '/%p\n' | LC_ALL=C sort) >"$root/DEBIAN/conffiles"; fi
    chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
    [ ! -f "$root/DEBIAN/conffiles" ] || chmod 644 "$root/DEBIAN/conffiles"
    dpkg-deb --root-owner-group -Zxz --build "$root" ".build-package/${package}_${version}_amd64.deb" >/dev/null
}

# The maintainer scripts of assist-server, as dh_installsystemd writes them:
# enable the unit, start it where systemd runs, restart it on upgrade (a
# graceful restart: no session ends), stop it on removal.
write_server_scripts() {
    local debian=$1
    cat >"$debian/postinst" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = configure ] || [ "$1" = abort-upgrade ] || [ "$1" = abort-deconfigure ] || [ "$1" = abort-remove ]; then
    deb-systemd-helper unmask assist-server.service >/dev/null || true
    if deb-systemd-helper --quiet was-enabled assist-server.service; then
        deb-systemd-helper enable assist-server.service >/dev/null || true
    else
        deb-systemd-helper update-state assist-server.service >/dev/null || true
    fi
    if [ -d /run/systemd/system ]; then
        systemctl --system daemon-reload >/dev/null || true
        if [ -n "$2" ]; then
            deb-systemd-invoke restart assist-server.service >/dev/null || true
        else
            deb-systemd-invoke start assist-server.service >/dev/null || true
        fi
    fi
fi
EOF
    cat >"$debian/prerm" <<'EOF'
#!/bin/sh
set -e
if [ -d /run/systemd/system ] && [ "$1" = remove ]; then
    deb-systemd-invoke stop assist-server.service >/dev/null || true
fi
EOF
    cat >"$debian/postrm" <<'EOF'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
fi
if [ "$1" = remove ]; then
    if command -v deb-systemd-helper >/dev/null 2>&1; then
        deb-systemd-helper mask assist-server.service >/dev/null || true
    fi
fi
if [ "$1" = purge ]; then
    if command -v deb-systemd-helper >/dev/null 2>&1; then
        deb-systemd-helper purge assist-server.service >/dev/null || true
        deb-systemd-helper unmask assist-server.service >/dev/null || true
    fi
    rm -rf /var/lib/private/assist-server /var/lib/assist-server
fi
EOF
    chmod 755 "$debian/postinst" "$debian/prerm" "$debian/postrm"
}

# Runs lintian, desktop-file-validate, appstreamcli validate and systemd-analyze
# verify on what was built; fails on any error.
check_packages() {
    local version failed=0 work
    version=$(assist_version)
    lintian --no-tag-display-limit --info ".build-package/assist_${version}_amd64.deb" \
        ".build-package/assist-web_${version}_amd64.deb" ".build-package/assist-server_${version}_amd64.deb" || failed=1
    work=$(mktemp -d)
    dpkg-deb -x ".build-package/assist_${version}_amd64.deb" "$work"
    desktop-file-validate "$work/usr/share/applications/$APP_ID.desktop" || failed=1
    appstreamcli validate --no-net "$work/usr/share/metainfo/$APP_ID.metainfo.xml" || failed=1
    # The unit, as systemd would load it; its ExecStart pointed at the packaged binary (not
    # installed on this machine) and its man page not looked up (not installed either).
    dpkg-deb -x ".build-package/assist-server_${version}_amd64.deb" "$work"
    sed "s|/usr/bin/assist-server|$work/usr/bin/assist-server|" "$work/lib/systemd/system/assist-server.service" \
        >"$work/assist-server.service"
    systemd-analyze verify --man=no "$work/assist-server.service" || failed=1
    systemd-analyze security --offline=yes "$work/assist-server.service" | tail -n 1 >&2
    rm -rf "$work"
    return "$failed"
}

cmd_package() {
    local stage=.build-package/stage desktop_root=.build-package/assist web_root=.build-package/assist-web
    local server_root=.build-package/assist-server
    rm -rf .build-package/stage "$desktop_root" "$web_root" "$server_root" .build-package/*.deb
    mkdir -p .build-package
    ASSIST_BUILD_CONFIGURATION=release DESTDIR="$PWD/$stage" cmd_install /usr
    desktop_package_files | split_package_files "$stage" "$desktop_root"
    web_package_files | split_package_files "$stage" "$web_root"
    server_package_files | split_package_files "$stage" "$server_root"
    chmod 600 "$server_root/etc/assist/agents.json"
    mkdir -p "$server_root/DEBIAN"
    write_server_scripts "$server_root/DEBIAN"
    write_lintian_overrides assist "$desktop_root" <<'EOF'
# zlib compiled in from swift-nio-extras (CNIOExtrasZlib, WebSocket compression
# of hummingbird-websocket); SwiftPM builds it from that package's sources.
assist: embedded-library zlib [usr/bin/assist-desktop]
EOF
    write_lintian_overrides assist-web "$web_root" <<'EOF'
# zlib compiled in from swift-nio-extras (CNIOExtrasZlib, WebSocket compression
# of hummingbird-websocket); SwiftPM builds it from that package's sources.
assist-web: embedded-library zlib [usr/bin/assist-desktop-web]
EOF
    write_lintian_overrides assist-server "$server_root" <<'EOF'
# zlib compiled in from swift-nio-extras (CNIOExtrasZlib, WebSocket compression
# of hummingbird-websocket); SwiftPM builds it from that package's sources.
assist-server: embedded-library zlib [usr/bin/assist-server]
# The agents' tokens: root's alone; systemd hands the service a copy (LoadCredential=).
assist-server: non-standard-file-perm 0600 != 0644 [etc/assist/agents.json]
EOF
    assemble_package "$desktop_root" assist \
        "live support for the desktop: chat with an agent, share this window" \
        "Assist connects a person with a support agent: it shows their place in the queue, chats with the agent (delivery states, links, files, a transcript to save or print), and only if they accept lets the agent see the app's window, with every private field masked before a pixel leaves the computer. Voice and video calls, and sessions that resume by themselves when the network drops." \
        net "$(shlib_depends "$desktop_root" "$DESKTOP_RUNTIME_DEPENDS")"
    assemble_package "$web_root" assist-web \
        "contact centre web chat templates in Assist" \
        "Lets Assist show a contact centre's own web chat template (chatTemplateURL) instead of the app's chat, in a WebKitGTK view: the page talks to the app for the person's details, transcripts and attachments, and co-browse masks the page's private fields as it masks the app's. Kept apart from assist so that the app alone does not need WebKitGTK." \
        net "$(shlib_depends "$web_root" "assist (= $(assist_version)), $DESKTOP_RUNTIME_DEPENDS")"
    assemble_package "$server_root" assist-server \
        "support server for Assist: queues, agents, sessions, agent console" \
        "The Assist support server queues people per destination, hands them to agents, relays chat, co-browse pictures and call signaling over WebSocket, keeps every session in SQLite or PostgreSQL so that restarts and dropped connections end none, and serves the agents' web console. Runs as the systemd service assist-server." \
        net "$(shlib_depends "$server_root" "init-system-helpers (>= 1.54~)")"
    log "built $(ls .build-package/*.deb | tr '\n' ' ')"
    check_packages
}
