#!/usr/bin/env bash
# Assist's single entry point. Usage: ./build.sh deps|po|build|run|test|bench|fuzz [SECONDS]|repeat FILTER [N]|install [PREFIX]|package|package-check
#   deps   install the Debian packages the build, the app and the tests need (idempotent, quiet when all is there)
#   build  build every target (debug)
#   run    start a local support server and the desktop app against it
#   cluster  start a throw-away PostgreSQL, two server nodes on it behind nginx, and the desktop app through nginx
#   test   build everything and run all tests (GTK tests under xvfb-run), then fuzz each harness for 20 s
#   bench  build in release mode (and the packages) and write docs/benchmarks.md
#   fuzz   build the libFuzzer harnesses of Tests/fuzz (release, libFuzzer + AddressSanitizer, in .build-fuzz)
#          and run each for SECONDS (default 60) from its seeds; prints executions, exec/s, corpus size, edges
#          covered and crashes per harness, keeps a crash in Tests/fuzz/regressions/<harness>/ and exits non-zero on any
#   repeat FILTER [N]  build the tests and run the Swift tests FILTER matches N times (default 50), one run after
#          another: prints each run's outcome and how many passed, exits non-zero if any failed (docs/reliability.md)
#   po     refresh po/assist.pot from the sentences marked in the sources and merge it into each po/LANG.po
#   install [PREFIX]  release build (Swift's runtime static), installed under PREFIX (default /usr/local; DESTDIR honoured):
#          binaries, share/assist, .desktop file, hicolor icons, metainfo, man pages, translations, the server's systemd unit
#   package        the Debian 12 packages assist and assist-server in .build-package, checked by lintian,
#                  desktop-file-validate and appstreamcli
#   package-check  (root) installs them with apt-get into a fresh debootstrapped Debian 12 root and runs the
#                  server and the app there under Xvfb; screenshot in .build-package-check (docs/operations.md)
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages, one line per need.
DEBIAN_PACKAGES=(
    libgtk-4-dev          # CGtk: GTK 4 headers and pkg-config file
    libsqlite3-dev        # the server's SQLite store (GRDB links the system SQLite)
    postgresql-15         # the store tests' throw-away PostgreSQL server (Tests/AssistServerTests/Support/ThrowawayPostgres.swift)
    xvfb xauth            # a display for GTK tests and screenshots (xvfb-run)
    chromium chromium-driver  # the agent console's browser test (headless, Selenium)
    python3-venv          # .build-venv for the browser test's PyPI packages
    at-spi2-core dbus-daemon  # the desktop UI tests (Tests/ui): the accessibility bus, dbus-run-session
    python3-pyatspi python3-pytest  # ... driven from Debian's Python, which has pyatspi (the venv has not)
    python3-selenium      # ... and the co-browse test that drives the app and the console together
    python3-websocket     # ... and the kept-session test's scripted agent (Tests/ui/scripted_agent.py)
    imagemagick           # ... `import` saves a screenshot when a UI test fails
    desktop-file-utils appstream  # desktop-file-validate and appstreamcli validate on the installed .desktop file and metainfo (Tests/ui/test_installed_app.py, ./build.sh package)
    librsvg2-bin          # rsvg-convert renders the SVG app icon at every hicolor size (./build.sh install, packaging/install.sh)
    lintian systemd       # ./build.sh package checks the .debs with lintian and the server's unit with systemd-analyze verify
    libcurl4-openssl-dev  # ./build.sh install and package link Swift's runtime statically, and its FoundationNetworking links libcurl (-lcurl)
    debootstrap           # ./build.sh package-check installs the .debs into a debootstrapped Debian 12
    poppler-utils         # the printed transcript read back from its PDF (pdftotext, pdfinfo: Tests/AssistGtkTests/Transcript)
    xdotool               # ... and moves the call's video window beside the app's (Xvfb has no window manager)
    nginx-light openssl   # the live tests behind a TLS-terminating proxy (Tests/AssistServerTests/Live/ProxiedServerLiveTests.swift) and the cluster's load balancer
    gettext locales       # xgettext, msgmerge and msgfmt: po/ extracted, checked and compiled (packaging/translations.sh); localedef for de_DE.UTF-8
    curl                  # ./build.sh cluster waits for the balancer's /healthz
    mosquitto             # the bench's external peer: an MQTT broker relaying the chat payload over WebSockets (Sources/AssistBench/MosquittoProbe.swift)
    openbox               # a real X11 window manager for the isAgentWindowOnTop test (Tests/AssistGtkTests/Glue/WindowStackingTests.swift)
    python3-gi gir1.2-gstreamer-1.0 gir1.2-gst-plugins-base-1.0 gir1.2-gst-plugins-bad-1.0 gir1.2-nice-0.1  # the console's call test: its WebRTC peer (Tests/console/webrtc_peer.py) runs in Debian's Python, which has these bindings
    libwebkitgtk-6.0-dev libgl1-mesa-dri  # CWebKit: WebKitGTK 6.0 for AssistWeb's web view; Mesa's software GL driver, without which WebKit aborts ("Could not create surfaceless EGL display")
    libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libgstreamer-plugins-bad1.0-dev libnice-dev  # CGstreamer: the call's media (webrtcbin, SDP, appsink, video, libnice)
    gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-nice  # ... the app's calls at run time, and the console test's peer: webrtcbin, ICE, VP8, Opus and test sources
    libportal-gtk4-dev gstreamer1.0-pipewire  # CPortal: the ScreenCast portal through libportal (AssistScreen); pipewiresrc brings the shared screen's pictures
    mutter gnome-shell pipewire pipewire-bin wireplumber xdg-desktop-portal xdg-desktop-portal-gnome dconf-service  # Tests/screen: a headless GNOME session with the ScreenCast and RemoteDesktop portals (gnome-shell for sharing one window; pw-dump)
    gstreamer1.0-tools gir1.2-gtk-4.0 gir1.2-graphene-1.0 gir1.2-atspi-2.0 gir1.2-gdkpixbuf-2.0 python3-gi libglib2.0-bin  # ... its test window, dialog driver, pictures and gdbus, in Debian's Python
)

# PyPI packages of the agent console's browser test, installed into .build-venv.
PYTHON_PACKAGES=(selenium pytest websocket-client)

log() { printf 'build.sh: %s\n' "$*" >&2; }

# install, package and package-check (docs/operations.md, "Installing and packaging").
# shellcheck source=packaging/install.sh
. packaging/install.sh
# shellcheck source=packaging/package.sh
. packaging/package.sh
# shellcheck source=packaging/package-check.sh
. packaging/package-check.sh
# shellcheck source=packaging/translations.sh
. packaging/translations.sh

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else log "need root to run: $*"; exit 1
    fi
}

wanted_packages() {
    printf '%s\n' "${DEBIAN_PACKAGES[@]}" | sed 's/#.*//' | tr ' ' '\n' | sed '/^$/d'
}

missing_packages() {
    local package
    for package in $(wanted_packages); do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || echo "$package"
    done
}

cmd_deps() {
    local missing
    missing=$(missing_packages | tr '\n' ' ')
    if [ -n "${missing// /}" ]; then
        log "installing: $missing"
        as_root apt-get update -qq
        # shellcheck disable=SC2086
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
    fi
    # The German UI test (Tests/ui/test_german.py) runs the app in de_DE.UTF-8,
    # so that times and numbers follow German conventions as the sentences do.
    if ! locale -a 2>/dev/null | grep -qx 'de_DE.utf8'; then
        log "generating the de_DE.UTF-8 locale"
        as_root localedef -i de_DE -c -f UTF-8 de_DE.UTF-8
    fi
    if ! command -v swift >/dev/null 2>&1; then
        if [ -x /opt/swift/usr/bin/swift ]; then
            export PATH="/opt/swift/usr/bin:$PATH"
        else
            log "Swift 6 is not installed and Debian does not package it: install a Swift 6.x toolchain (swift.org) and put 'swift' on PATH."
            exit 1
        fi
    fi
}

# Creates .build-venv with Debian's Python and installs PYTHON_PACKAGES into it
# when any is missing (quiet when all is there).
ensure_python_venv() {
    local package missing=()
    [ -x .build-venv/bin/python ] || /usr/bin/python3 -m venv .build-venv
    for package in "${PYTHON_PACKAGES[@]}"; do
        .build-venv/bin/python -m pip show -q "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        log "installing into .build-venv: ${missing[*]}"
        .build-venv/bin/python -m pip install -q --disable-pip-version-check "${missing[@]}"
    fi
}

# Runs "$@" for at most $1 (a `timeout` duration): a hang then fails the run
# with its output so far, instead of running into CI's limit with nothing shown.
within() {
    local limit=$1 status=0
    shift
    timeout --kill-after=30 "$limit" "$@" || status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then log "timed out after $limit: $*"; fi
    return "$status"
}

cmd_build() {
    swift build "$@"
    compile_translations .build/locale
}

cmd_run() {
    cmd_deps
    swift build --product assist-server
    swift build --product assist-desktop
    compile_translations .build/locale
    local bin workdir server_log server_pid url token
    bin=$(swift build --show-bin-path)
    workdir=$(mktemp -d -t assist-run.XXXXXX)
    server_log="$workdir/server.log"
    token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    printf '{"agents":[{"id":"you","name":"You (console)","token":"%s","capacity":3,"destinations":["*"]}]}\n' \
        "$token" >"$workdir/agents.json"
    "$bin/assist-server" --host 127.0.0.1 --port 0 --database "$workdir/assist.sqlite" \
        --agents "$workdir/agents.json" --demo-agent >"$workdir/server.url" 2>"$server_log" &
    server_pid=$!
    # shellcheck disable=SC2064  # expand now: the locals are gone when the trap runs
    trap "kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; rm -rf '$workdir'" EXIT
    for _ in $(seq 1 100); do
        url=$(sed -n 's/^listening on //p' "$workdir/server.url" | head -n 1)
        [ -n "$url" ] && break
        kill -0 "$server_pid" 2>/dev/null || { cat "$server_log" >&2; log "the support server did not start"; exit 1; }
        sleep 0.1
    done
    [ -n "$url" ] || { log "the support server did not report its URL"; exit 1; }
    log "support server: $url, with a demo agent (log: $server_log)"
    log "play the agent yourself: open $url/console and sign in with the token $token"
    "$bin/assist-desktop" --server "$url" --config data/prechat/basic-support.json --set destination=support
}

# Waits for the first "listening on URL" line in FILE, from the server PID; prints the URL.
server_url() {
    local file=$1 pid=$2 url=""
    for _ in $(seq 1 300); do
        url=$(sed -n 's/^listening on //p' "$file" | head -n 1)
        [ -n "$url" ] && { echo "$url"; return 0; }
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# A cluster on this machine, as docs/operations.md describes one: a throw-away
# PostgreSQL 15 (Unix socket only), two assist-server nodes on it (one with the
# demo agent), nginx balancing round-robin in front of them, and the desktop
# app through nginx. Everything lives in one temporary folder, removed on exit.
cmd_cluster() {
    cmd_deps
    swift build --product assist-server
    swift build --product assist-desktop
    local bin workdir pgbin=/usr/lib/postgresql/15/bin run_pg=() token db port url1 url2
    # Global, not local: the EXIT trap reads it after the function's locals are gone.
    cluster_pids=()
    bin=$(swift build --show-bin-path)
    workdir=$(mktemp -d -t assist-cluster.XXXXXX)
    chmod 755 "$workdir"
    mkdir -m 700 "$workdir/pg"
    # PostgreSQL refuses to run as root: then its folder belongs to the postgres user.
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$workdir/pg"
        run_pg=(runuser -u postgres --)
    fi
    "${run_pg[@]}" "$pgbin/initdb" -D "$workdir/pg/data" -U postgres -A trust --locale=C -E UTF8 >"$workdir/initdb.log"
    "${run_pg[@]}" "$pgbin/pg_ctl" start -D "$workdir/pg/data" -w -l "$workdir/pg/server.log" \
        -o "-c listen_addresses='' -k $workdir/pg" >/dev/null
    # shellcheck disable=SC2064  # expand now: the locals are gone when the trap runs
    trap "kill \${cluster_pids[*]:-} 2>/dev/null; [ -f '$workdir/nginx.pid' ] && kill \$(cat '$workdir/nginx.pid') 2>/dev/null; \
        ${run_pg[*]} $pgbin/pg_ctl stop -D '$workdir/pg/data' -m fast >/dev/null 2>&1; rm -rf '$workdir'" EXIT
    trap 'exit 130' INT TERM HUP
    "${run_pg[@]}" "$pgbin/createdb" -h "$workdir/pg" -U postgres assist
    db="postgres://postgres@/assist?host=$workdir/pg"
    head -c 32 /dev/urandom >"$workdir/token.key"
    chmod 600 "$workdir/token.key"
    token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    printf '{"agents":[{"id":"you","name":"You (console)","token":"%s","capacity":3,"destinations":["*"]}]}\n' \
        "$token" >"$workdir/agents.json"
    port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    for node in 1 2; do
        local demo=()
        [ "$node" = 1 ] && demo=(--demo-agent)
        "$bin/assist-server" --host 127.0.0.1 --port 0 --database "$db" --token-key-file "$workdir/token.key" \
            --agents "$workdir/agents.json" --allow-origin "http://127.0.0.1:$port" "${demo[@]}" \
            >"$workdir/node$node.url" 2>"$workdir/node$node.log" &
        cluster_pids+=($!)
    done
    url1=$(server_url "$workdir/node1.url" "${cluster_pids[0]}") || { cat "$workdir/node1.log" >&2; log "node 1 did not start"; exit 1; }
    url2=$(server_url "$workdir/node2.url" "${cluster_pids[1]}") || { cat "$workdir/node2.log" >&2; log "node 2 did not start"; exit 1; }
    cat >"$workdir/nginx.conf" <<NGINX
daemon on;
pid $workdir/nginx.pid;
error_log $workdir/nginx.log warn;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path $workdir/nginx-body;
    proxy_temp_path $workdir/nginx-proxy;
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    upstream assist_nodes {
        server ${url1#http://} max_fails=1 fail_timeout=2s;
        server ${url2#http://} max_fails=1 fail_timeout=2s;
    }
    server {
        listen 127.0.0.1:$port;
        location / {
            proxy_pass http://assist_nodes;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_connect_timeout 2s;
            proxy_http_version 1.1;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            proxy_set_header Host \$host;
            proxy_read_timeout 1h;
        }
    }
}
NGINX
    /usr/sbin/nginx -p "$workdir" -c "$workdir/nginx.conf" -e "$workdir/nginx.log"
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
        sleep 0.2
    done
    log "cluster: nodes $url1 and $url2 on PostgreSQL ($db), nginx on http://127.0.0.1:$port (logs in $workdir)"
    log "play the agent yourself: open http://127.0.0.1:$port/console and sign in with the token $token"
    log "try a failover: kill -9 ${cluster_pids[0]} (node 1) or ${cluster_pids[1]} (node 2) while you chat"
    "$bin/assist-desktop" --server "http://127.0.0.1:$port" --config data/prechat/basic-support.json --set destination=support
}

cmd_test() {
    cmd_deps
    swift build --build-tests
    # Every marked sentence in po/assist.pot and translated in each language;
    # the catalogs the UI tests read (Tests/ui/test_german.py).
    check_translations_complete
    compile_translations .build/locale
    # Three runs, one after another. The GTK tests share the main thread, and the core's
    # main-actor tests (the connection delegates) wait on it: run beside the server's live
    # tests on a loaded machine, both missed their hang guards. The call's media tests
    # encode and decode video on both cores: they starved the GTK tests that wait on frames.
    within 15m swift test --skip-build --skip AssistGtkTests --skip AssistCallTests --skip AssistWebTests \
        --skip 'Cluster[A-Za-z]*LiveTests' --skip FaultInjectionLiveTests
    # The cluster's live tests start PostgreSQL, two or three server processes and nginx
    # each. Run beside them, or beside the PostgreSQL rate-limit tests, the fault-injection
    # test's chats stalled past its 60 s limit (an open finding, docs/reliability.md); alone,
    # each passes. Until the cause is found, each runs in a process of its own.
    within 10m swift test --skip-build --filter 'Cluster[A-Za-z]*LiveTests'
    within 5m swift test --skip-build --filter FaultInjectionLiveTests
    # One test at a time: they all take turns on the one main thread, and a wait in
    # ViewHarness.run lasts at least its number of turns, so beside twenty others each
    # turn is twenty turns long (86 tests: 48 s alone, 63 s in parallel on a quiet
    # machine, past the 15 min guard in parallel on a loaded one).
    GTK_A11Y=none within 15m xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' swift test --skip-build \
        --no-parallel --filter AssistGtkTests
    GTK_A11Y=none within 10m xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' swift test --skip-build \
        --filter AssistCallTests
    # The web view's masks and agent input (AssistWeb): WebKit's own processes and two local origins.
    GTK_A11Y=none within 10m xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' swift test --skip-build \
        --filter AssistWebTests
    ensure_python_venv
    local bin
    bin=$(swift build --show-bin-path)
    ASSIST_SERVER_BIN="$bin/assist-server" PYTHONDONTWRITEBYTECODE=1 \
        within 10m .build-venv/bin/python -m pytest -q -p no:cacheprovider Tests/console
    # The wire protocol proved from outside: a raw WebSocket client written
    # from docs/protocol.md against the real server (Tests/conformance/README.md).
    ASSIST_SERVER_BIN="$bin/assist-server" PYTHONDONTWRITEBYTECODE=1 \
        within 10m .build-venv/bin/python -m pytest -q -p no:cacheprovider Tests/conformance
    # The app as installed, for Tests/ui/test_installed_app.py: the debug build
    # just made, installed into a prefix of its own (a release build would take
    # as long again as everything above; the layout and the data lookup are the same).
    local installed=$PWD/.build/test-install
    rm -rf "$installed"
    ASSIST_BUILD_CONFIGURATION=debug within 10m env -u DESTDIR "$0" install "$installed"
    # The desktop app driven through its accessibility tree: GTK's accessibility
    # on (GTK_A11Y unset), a session bus for AT-SPI, Debian's Python for pyatspi.
    # The display search starts at a number of its own so that concurrent runs
    # of xvfb-run do not race for :99.
    within 15m xvfb-run -a -n "$((100 + $$ % 300))" -s '-screen 0 1280x800x24 -nolisten tcp' \
        dbus-run-session -- env -u GTK_A11Y ASSIST_SERVER_BIN="$bin/assist-server" \
        ASSIST_DESKTOP_BIN="$bin/assist-desktop" ASSIST_INSTALLED_PREFIX="$installed" PYTHONDONTWRITEBYTECODE=1 \
        /usr/bin/python3 -m pytest -q -p no:cacheprovider Tests/ui
    # The screen shared through the desktop's portal (Tests/screen): each test starts a
    # headless GNOME session of its own (mutter or gnome-shell, PipeWire, the portals) as
    # the unprivileged user assist-portal, so it runs as root and outside any Xvfb.
    ASSIST_SERVER_BIN="$bin/assist-server" ASSIST_DESKTOP_BIN="$bin/assist-desktop" PYTHONDONTWRITEBYTECODE=1 \
        within 10m /usr/bin/python3 -m pytest -q -p no:cacheprovider Tests/screen
    # Fuzzing (Tests/fuzz): the seeds and regressions through the debug build,
    # then each harness for 20 s under libFuzzer and AddressSanitizer.
    fuzz_replay
    within 30m "$0" fuzz 20
}

# The fuzz harnesses (Tests/fuzz/Harnesses): corpus folder, product, the
# longest input libFuzzer makes (text frames and configuration files are JSON
# of a few KiB; co-browse messages are binary with small tiles).
FUZZ_HARNESSES=(
    "consumer FuzzConsumerDecoder 8192"
    "agent FuzzAgentDecoder 8192"
    "cobrowse FuzzCobrowseFrame 4096"
    "configuration FuzzConfiguration 8192"
)
# libFuzzer and AddressSanitizer on the Swift code only: the C dependencies
# (BoringSSL above all) take no fuzz input and build much faster without.
FUZZ_BUILD=(-c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING)

# Replays every seed and kept regression through the harnesses of the normal
# debug build (no libFuzzer): a quick check that no fixed bug came back.
fuzz_replay() {
    local bin spec name product _ dirs
    bin=$(swift build --show-bin-path)
    for spec in "${FUZZ_HARNESSES[@]}"; do
        read -r name product _ <<<"$spec"
        dirs=("Tests/fuzz/corpus/$name")
        [ -d "Tests/fuzz/regressions/$name" ] && dirs+=("Tests/fuzz/regressions/$name")
        "$bin/$product" "${dirs[@]}"
    done
}

# Builds the harnesses with libFuzzer and AddressSanitizer and runs each for
# $1 seconds. New inputs go to .build-fuzz/corpus/<harness> (kept between
# runs, so later runs start further); the seeds and regressions are read only.
# Runs the Swift tests "$1" matches "$2" times, one run after another, and
# counts the runs that passed: for a test whose failures are rare (a race),
# which one CI run cannot show gone.
cmd_repeat() {
    local filter="$1" runs="${2:-50}" passed=0 run log
    swift build --build-tests
    log="$(mktemp)"
    for run in $(seq 1 "$runs"); do
        if within 5m swift test --skip-build --filter "$filter" >"$log" 2>&1; then
            passed=$((passed + 1))
            log "repeat: run $run of $runs passed"
        else
            log "repeat: run $run of $runs FAILED; its output:"
            grep -E '✘|error|failed' "$log" | head -20 >&2 || true
        fi
    done
    rm -f "$log"
    log "repeat: $filter passed $passed of $runs runs"
    [ "$passed" -eq "$runs" ]
}

cmd_fuzz() {
    local seconds=$1 spec name product max_len bin work crashes log before status failed=0 runs rate edges corpus found
    case "$seconds" in '' | *[!0-9]*) log "fuzz: SECONDS must be a whole number, got '$seconds'"; exit 2 ;; esac
    for spec in "${FUZZ_HARNESSES[@]}"; do
        read -r _ product _ <<<"$spec"
        swift build "${FUZZ_BUILD[@]}" --product "$product"
    done
    bin=$(swift build "${FUZZ_BUILD[@]}" --show-bin-path)
    for spec in "${FUZZ_HARNESSES[@]}"; do
        read -r name product max_len <<<"$spec"
        work=.build-fuzz/corpus/$name
        crashes=Tests/fuzz/regressions/$name
        log=.build-fuzz/logs/$name.log
        mkdir -p "$work" "$crashes" "$(dirname "$log")"
        before=$(find "$crashes" -type f | wc -l)
        status=0
        # The Swift backtracer would hold up every crash; libFuzzer and ASan report it.
        SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$bin/$product" \
            -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1 -artifact_prefix="$crashes/" \
            "$work" "Tests/fuzz/corpus/$name" "$crashes" >"$log" 2>&1 || status=$?
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        # libFuzzer's last line: "#N DONE cov: EDGES ft: F corp: INPUTS/SIZE ...".
        edges=$(sed -n 's/^#[0-9]*[[:space:]]*DONE .*cov: \([0-9]*\) .*/\1/p' "$log")
        corpus=$(sed -n 's/^#[0-9]*[[:space:]]*DONE .*corp: \([0-9]*\)\/\([0-9A-Za-z]*\) .*/\1 (\2)/p' "$log")
        found=$(($(find "$crashes" -type f | wc -l) - before))
        printf 'fuzz %-13s %4s s  %9s executions  %6s exec/s  corpus %-11s  %5s edges  %5s files kept  crashes %s\n' \
            "$name" "$seconds" "${runs:-?}" "${rate:-?}" "${corpus:-?}" "${edges:-?}" \
            "$(find "$work" -type f | wc -l)" "$found"
        if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
            failed=1
            log "fuzz $name failed (exit $status); the input is kept in $crashes/, the log in $log:"
            grep -E -A12 'ERROR: |Fatal error|SUMMARY' "$log" | head -n 40 >&2 || tail -n 40 "$log" >&2
        fi
    done
    return "$failed"
}

cmd_bench() {
    cmd_deps
    local product bin call screen version package_arguments=()
    # The packages are measured when `./build.sh package` made them (their release build
    # links Swift's runtime statically: a second whole release build, so not done here).
    version=$(assist_version)
    if [ -f ".build-package/assist_${version}_amd64.deb" ] && [ -f ".build-package/assist-web_${version}_amd64.deb" ] &&
        [ -f ".build-package/assist-server_${version}_amd64.deb" ]; then
        package_arguments=(--package ".build-package/assist_${version}_amd64.deb"
            --package ".build-package/assist-web_${version}_amd64.deb"
            --package ".build-package/assist-server_${version}_amd64.deb"
            --installed-app .build-package/stage/usr/bin/assist-desktop)
    fi
    for product in assist-server assist-bench assist-desktop assist-desktop-web gtk-minimal-window; do
        swift build -c release --product "$product"
    done
    bin="$(swift build -c release --show-bin-path)"
    call="$(mktemp --suffix=.json)"
    # The call first: the app and the console in Chromium calling each other (Tests/ui/call_benchmark.py).
    xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' dbus-run-session -- \
        env -u GTK_A11Y ASSIST_SERVER_BIN="$bin/assist-server" ASSIST_DESKTOP_BIN="$bin/assist-desktop" \
        ASSIST_BENCH_BIN="$bin/assist-bench" /usr/bin/python3 Tests/ui/call_benchmark.py --output "$call"
    # The screen share: the app sharing the monitor of a headless GNOME session of its own with a scripted
    # agent (Tests/screen/screen_benchmark.py). As root and outside Xvfb: the session brings its compositor
    # and buses and runs as the user assist-bench, apart from the tests' assist-portal sessions.
    screen="$(mktemp --suffix=.json)"
    ASSIST_SERVER_BIN="$bin/assist-server" ASSIST_DESKTOP_BIN="$bin/assist-desktop" \
        /usr/bin/python3 Tests/screen/screen_benchmark.py --output "$screen"
    xvfb-run -a -s '-screen 0 1280x800x24 -nolisten tcp' dbus-run-session -- \
        "$bin/assist-bench" --output docs/benchmarks.md --call-results "$call" --screen-results "$screen" \
        "${package_arguments[@]}"
    rm -f "$call" "$screen"
}

case "${1:-}" in
    deps) cmd_deps ;;
    po) cmd_deps; cmd_po ;;
    build) shift; cmd_deps; cmd_build "$@" ;;
    run) cmd_run ;;
    cluster) cmd_cluster ;;
    test) cmd_test ;;
    bench) cmd_bench ;;
    fuzz) cmd_deps; cmd_fuzz "${2:-60}" ;;
    repeat) [ $# -ge 2 ] || { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }; cmd_deps; cmd_repeat "$2" "${3:-50}" ;;
    install) cmd_deps; cmd_install "${2:-/usr/local}" ;;
    package) cmd_deps; cmd_package ;;
    package-check) cmd_deps; cmd_package_check ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
